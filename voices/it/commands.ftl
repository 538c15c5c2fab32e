# Le parole dei comandi, scritte alla tastiera (più avanti anche dette o
# digitate in braille). Ogni messaggio dà le parole di un comando, separate
# da virgole; maiuscole e accenti non contano. Le parole inglesi funzionano
# sempre, quindi nessuna parola qui può indicare altro.
cmd-clock = orologio, tempo
cmd-last = ultima, ultimo, ultime, ultimi
cmd-moves = mosse, formulario
cmd-board = scacchiera
cmd-square = casa, casella
cmd-pieces = pezzi, dove
cmd-rank = traversa
cmd-file = colonna
cmd-legal = legali, possibili
cmd-draw = patta, propongo
cmd-accept = accetto, accettare
cmd-decline = rifiuto, rifiutare
cmd-claim = reclamo, reclamare
cmd-resign = abbandono, abbandonare
cmd-correct = correggo, correggere
cmd-takeback = annulla, annullare
cmd-result = risultato
cmd-sign = firmo, firmare
cmd-start = avvia, inizia
cmd-press = premuto, premere
cmd-set = imposta, regola
cmd-flag = bandierina, bandiera
cmd-transfers = trasferimenti
cmd-done = fatto, fatta
cmd-touched = toccato, toccata
cmd-next = avanti, successiva
cmd-back = indietro, precedente
cmd-repeat = ripeti, ripetere
cmd-help = aiuto
cmd-quit = esci, uscire
cmd-yes = sì, s
cmd-no = no
# Parole degli argomenti di "pezzi", "patta", "abbandono", "imposta",
# "bandierina" e "firmo".
word-white = bianco, bianchi, bianca, bianche
word-black = nero, neri, nera, nere
word-mine = miei, mie, mio, mia
word-theirs = avversario, avversari, avversarie, avversaria
word-king = re
word-queen = donna, donne, regina, regine
word-rook = torre, torri
word-bishop = alfiere, alfieri
word-knight = cavallo, cavalli
word-pawn = pedone, pedoni
# Dette, non scritte (src/hearing/grammar.rs): le frasi che sospendono e riprendono
# l'ascolto (in pausa conta solo una frase di ripresa), e i numeri dal nove in
# poi per "ultime dieci mosse" (da uno a otto sono le parole delle traverse
# di moves.ftl).
hear-pause = smetti di ascoltare, microfono spento
hear-resume = ascolta di nuovo, microfono acceso
hear-numbers = nove, dieci, undici, dodici, tredici, quattordici, quindici, sedici
# Una nuova partita, finita questa.
cmd-new = nuova, nuovo
# Modalità studio: i commenti della partita, e le sue varianti.
cmd-comment = commento, commenti
cmd-variations = varianti, variante
# The thinking time each side has used, asked on its own ("usato" alone, or after the clock word).
cmd-used = usato, impiegato
