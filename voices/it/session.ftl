# Quello che tiflo dice durante la partita. Argomenti: $side e $other sono
# side-white / side-black; $move, una mossa nella notazione del giocatore;
# $winner (white, black, none) selects result-words: results are said in words, never as 1-0 or ½-½.
side-white = Bianco
side-black = Nero
list-separator = {", "}

game-new = Nuova partita. Giochi con il { $color ->
        [white] Bianco
       *[black] Nero
    }. Cadenza: { $control }. Scrivi aiuto per i comandi.
game-resumed = Partita ripresa dal registro: { $moves ->
        [1] una mossa recuperata.
       *[other] { $moves } mosse recuperate.
    }
game-resumed-charged = Partita ripresa dal registro: { $moves ->
        [1] una mossa recuperata.
       *[other] { $moves } mosse recuperate.
    } tiflo è rimasto fermo per { $down }; quel tempo è stato scalato dall'orologio del { $side }.
journal-torn = L'ultima voce del registro era incompleta, scritta quando tiflo si è fermato; è stata scartata.
to-move = Mossa { $number }, tocca al { $side }.
control-period = { $moves ->
        [0] { $time }
       *[other] { $moves } mosse in { $time }
    }{ $bonus ->
        [increment] , più { $extra } a mossa
        [delay] , con un ritardo di { $extra }
        [bronstein] , con un ritardo Bronstein di { $extra }
       *[none] {""}
    }
control-then = { $first }; poi { $rest }

move-said = { $number }. { $side }: { $move }
move-confirm = { $side }: { $move }? Sì o no.
move-choose = { $text } può essere: { $choices }. Scrivi il numero o la mossa.
choice-item = { $n }: { $move }
choice-out-of-range = Quel numero non è tra le scelte.
answer-no = Non registrata.
nothing-asked = Non c'è nessuna domanda a cui rispondere.
choice-need-number = Quale? Rispondi con il suo numero.
answer-late = Questa risposta è arrivata troppo tempo dopo la domanda e non vale.
move-unreadable = Non capisco { $text } né come mossa né come comando. Scrivi aiuto per i comandi.
move-illegal = { $text } non è una mossa legale per il { $side }. { $count ->
        [0] {""}
       *[other] Mosse legali simili: { $candidates }.
    }
move-ambiguous = { $text } è ambigua: { $candidates }. Indica la mossa completa.
move-promotion-missing = { $text } promuove un pedone: indica il pezzo, per esempio { $candidates }.
move-not-capture = { $text } è scritta come una presa, ma non prende nulla. { $count ->
        [0] {""}
       *[other] Intendevi { $candidates }?
    }
move-not-en-passant = { $text } è scritta en passant, ma non è una presa en passant.
move-not-promotion = { $text } indica un pezzo di promozione, ma non è una promozione.
move-other-promotion = { $text }: il pedone può essere promosso, ma non a quel pezzo. { $count ->
        [0] {""}
       *[other] Possibili: { $candidates }.
    }
game-over = La partita è finita. { result-words }. Non è stato registrato nulla.

corrected = Corretta: { $old } diventa { $new }.
correct-too-late = Troppo tardi per correggere: l'orologio dell'avversario è partito. Solo l'arbitro può annullare una mossa.
correct-nothing = Non c'è nessuna mossa da correggere.
correct-same = È già la mossa registrata.
correct-confirm = { $side }: correggo l'ultima mossa in { $move }? Sì o no.
correct-choose = Correggo l'ultima mossa in { $choices }? Di' il numero, o no.
takeback-confirm = Arbitro: annullare { $move }? Sì o no.
takeback-nothing = Non c'è nessuna mossa da annullare.
taken-back = { $move } è stata annullata dall'arbitro.
pressed = È partito l'orologio del { $side }.
press-nothing = Nessuna mossa aspetta l'orologio.
clock-started = Orologio avviato. Tocca al { $side }.
clock-already-started = L'orologio è già avviato.

draw-offered = Il { $side } propone patta.
draw-declined = Proposta di patta rifiutata.
draw-lapsed = La proposta di patta è decaduta: al suo posto è stata giocata una mossa.
no-offer = Non c'è nessuna proposta di patta.
claimable-threefold = Questa posizione si è presentata tre volte: il { $side } può reclamare la patta.
claimable-fifty = Cinquanta mosse senza prese né mosse di pedone: il { $side } può reclamare la patta.
claim-invalid = Il reclamo non è valido: né triplice ripetizione né cinquanta mosse. Si aggiungono due minuti all'orologio del { $side }, e la partita continua.
claim-move-stands = La mossa annunciata resta giocata.
resign-confirm = Il { $side } abbandona? Sì o no.
result-confirm = { result-words }: i due giocatori sono d'accordo? Sì o no.
flag-confirm = È caduta la bandierina del { $side } sull'orologio vero? Sì o no.
flag-own-clock = tiflo tiene il tempo: la bandierina del { $side } non è caduta. Scrivi orologio per i tempi.

result-words = { $winner ->
        [white] Vince il Bianco, uno a zero
        [black] Vince il Nero, zero a uno
       *[none] Patta, mezzo punto a testa
    }
end-checkmate = Scacco matto. { result-words }.
end-stalemate = Stallo. { result-words }.
end-insufficient = Nessuna delle due parti può dare matto. { result-words }.
end-fivefold = La stessa posizione per la quinta volta: la partita è patta, mezzo punto a testa.
end-seventy-five = Settantacinque mosse senza prese né mosse di pedone: la partita è patta, mezzo punto a testa.
end-claim-threefold = Patta reclamata per triplice ripetizione: mezzo punto a testa.
end-claim-fifty = Patta reclamata per la regola delle cinquanta mosse: mezzo punto a testa.
end-resigned = Il { $side } abbandona. { result-words }.
end-flag = È caduta la bandierina del { $side }. { result-words }.
end-flag-draw = È caduta la bandierina del { $side }, ma il { $other } non può dare matto. { result-words }.
end-agreed = Patta d'accordo: mezzo punto a testa.
end-declared = Risultato: { result-words }.
flag-estimate = Secondo il conteggio di tiflo il { $side } non ha più tempo. Controlla l'orologio vero; se la bandierina è caduta, scrivi bandierina.
signed = Il { $side } firma il risultato. { result-words }.
sign-already = Il { $side } ha già firmato.
sign-not-over = La partita non è finita; non c'è nessun risultato da firmare.

low-time = { $side }: ancora { $time }.
exempt = Il { $side } ha meno di cinque minuti e nessun incremento di 30 secondi: non è obbligato a trascrivere le mosse (articolo 8.4).
last-move = Ultima mossa: { $move }.
no-moves = Ancora nessuna mossa.
sheet = Formulario: { $moves }.
sheet-white = { $number }. { $move }{ $offer ->
        [yes] , offerta di patta
       *[no] {""}
    }
sheet-black = { $move }{ $offer ->
        [yes] , offerta di patta
       *[no] {""}
    }
sheet-black-first = { $number }... { $move }{ $offer ->
        [yes] , offerta di patta
       *[no] {""}
    }
piece = { $color ->
        [white] { $role ->
            [king] re bianco
            [queen] donna bianca
            [rook] torre bianca
            [bishop] alfiere bianco
            [knight] cavallo bianco
           *[pawn] pedone bianco
        }
       *[black] { $role ->
            [king] re nero
            [queen] donna nera
            [rook] torre nera
            [bishop] alfiere nero
            [knight] cavallo nero
           *[pawn] pedone nero
        }
    }
piece-on = { $piece } in { $square }
board-rank = Traversa { $rank }: { $count ->
        [0] vuota
       *[other] { $pieces }
    }.
board-file = Colonna { $file }: { $count ->
        [0] vuota
       *[other] { $pieces }
    }.
square-piece = { $square }: { $piece }.
square-empty = { $square }: vuota.
pieces-found = { $count ->
        [0] Nessuno.
       *[other] { $pieces }.
    }

last-moves = Le ultime { $count } mosse: { $moves }.
last-moves-all = { $count ->
        [1] Finora una sola mossa
       *[other] Finora solo { $count } mosse
    }: { $moves }.
legal-piece = { $piece }: { $count ->
        [0] nessuna mossa legale
       *[other] { $moves }
    }.
legal-no-piece = Sulla scacchiera non c'è: { $piece }.
legal-other-side = { $square }: { $piece }. Tocca al { $side }.
legal-over = La partita è finita: non ci sono più mosse.

command-need-square = { $command } richiede una casa, per esempio e4.
command-need-piece = { $command } richiede un pezzo o un colore, per esempio cavallo bianco.
command-need-move = { $command } richiede la mossa che intendevi, per esempio Cc3.
command-need-result = { $command } richiede 1-0, 0-1 o 1/2.
command-need-times = { $command } richiede i tempi dell'orologio, prima il Bianco e poi il Nero, per esempio 1:05:00 58:10, oppure un colore e un tempo.
command-need-rank = { $command } richiede una traversa da 1 a 8, per esempio { $command } 4.
command-need-file = { $command } richiede una colonna da a a h, per esempio { $command } e.
command-need-square-or-piece = { $command } richiede una casa o un pezzo, per esempio { $command } e2 o { $command } cavallo.
command-need-count = { $command } richiede un numero di mosse, 1 o più, per esempio { $command } 5.
command-extra = { $command } non accetta queste parole.
help = Scrivi una mossa in qualsiasi notazione, per chi ha il tratto. Comandi: orologio; tempo usato; ultima, o ultime 5 per le ultime cinque mosse; mosse; scacchiera; casa e4; pezzi cavallo bianco, o pezzi miei cavallo; traversa 4; colonna e; legali e2, o legali cavallo, per le mosse legali; patta, oppure una mossa e patta (Cf3 patta); accetto; rifiuto; reclamo, oppure reclamo con una mossa; abbandono; correggo e la mossa che intendevi; annulla, per l'arbitro; risultato 1-0; firmo; avvia; premuto, quando parte l'orologio dell'avversario; imposta e i tempi; bandierina; trasferimenti; fatto, quando una mossa è sull'altra scacchiera; toccato; avanti e indietro, commento e varianti, in uno studio; nuova, per una nuova partita quando questa è finita; ripeti; aiuto; esci. A voce: smetti di ascoltare, e ascolta di nuovo.
quit = Arrivederci. La partita è salvata e riprende quando tiflo si riavvia.

# A move said aloud (src/game/session.rs, Event::Heard).
heard-nothing = Ho sentito «{ $text }», che non è una mossa legale. Non è stato annotato niente; ripeti la mossa.
heard-no-words = Non ho riconosciuto nessuna parola. Non è stato annotato niente; ripeti.
heard-choose = Hai detto { $choices }? Di' il numero, o no.
# confirm = "echo": una mossa sentita con certezza, registrata e ripetuta in
# poche parole; un «no» la annulla finché si può ancora correggere.
move-echo = { $move }.
move-undone = Mossa { $move } annullata.
echo-too-late = Troppo tardi per annullare { $move }: il tempo per correggerla è finito. Solo l'arbitro può annullare una mossa.

# Listening by voice paused and resumed (src/hearing/grammar.rs, Event::Listening);
# $phrase is the first phrase of hear-resume in commands.ftl.
listening-paused = Ascolto in pausa. Di' { $phrase } per riprendere l'ascolto.
listening-resumed = Ascolto di nuovo.
# Hearing always, the listener heard so much talk that it was not spoken to (cut at its longest,
# or too long to be an answer) that answers said aloud are not taken, and later that it is quieter.
hearing-talk-around = Intorno si parla molto: ora non prendo un sì, un no o un numero detti a voce, e una mossa solo se detta in breve. Scrivi la risposta o tieni premuto il tasto per parlare.
hearing-quieter = C'è più silenzio: prendo di nuovo le risposte e le frasi lunghe dette a voce.
# Board transfer (src/game/transfer.rs): moves still to be reproduced on the other
# board, and how to put a tournament board right.
transfer-tournament = { $move }: da fare sulla scacchiera del torneo
transfer-special = { $move }: da mettere sulla tua scacchiera
transfers-pending = Trasferimenti in sospeso: { $list }.
transfers-none = Nessun trasferimento in sospeso.
transfer-reminder = Promemoria. Trasferimenti in sospeso: { $list }.
transfer-done-tournament = Sulla scacchiera del torneo: { $move }.
transfer-done-special = Sulla tua scacchiera: { $move }.
# How to fix a board, as instructions: { $piece } is fix-piece (with its
# article, as the object of the verb), { $role } selects a pronoun.
fix-piece = { $color ->
        [white] { $role ->
             [king] il re bianco
             [queen] la donna bianca
             [rook] la torre bianca
             [bishop] l'alfiere bianco
             [knight] il cavallo bianco
            *[pawn] il pedone bianco
        }
       *[black] { $role ->
             [king] il re nero
             [queen] la donna nera
             [rook] la torre nera
             [bishop] l'alfiere nero
             [knight] il cavallo nero
            *[pawn] il pedone nero
        }
    }
fix-move = togli { $piece } da { $from } e { $role ->
        [queen] mettila
        [rook] mettila
       *[other] mettilo
    } in { $to }
fix-remove = togli { $piece } da { $from }
fix-put = metti { $piece } in { $on }
fix-separator = {"; "}
fix-board = La scacchiera del torneo non corrisponde alla partita. { $steps }.
# A piece an electronic board saw lifted.
touched = Il tuo avversario ha toccato: { $piece } in { $square }.
touched-none = Nessun pezzo è stato toccato dall'ultima mossa.
# Study mode: a game replayed move by move.
study-begin = Studio: { $count } mosse. Avanti e indietro le percorrono; una mossa scritta indovina la successiva.
study-not-this = { $move } non è la mossa della partita. Riprova, o di' avanti.
study-end = Fine della partita.
study-back = Indietro, prima di { $move }.
study-start = All'inizio della partita.
study-only = Avanti e indietro servono a studiare una partita: tiflo daemon --study PARTITA.pgn.

# A command heard by voice that changes the game (a draw offer, accepting
# or declining one, a claim) is read back before it is done.
heard-command-confirm = Ho sentito: { $command }. È corretto? Sì o no.
heard-command-dropped = Non faccio niente.

# A move entered on the assistant's page that is a command or other words.
typed-not-a-move = { $text } non è una mossa.

# The tournament board reported on the assistant's page is right.
board-right = La scacchiera del torneo corrisponde alla partita.

# A typed line (or one sent from the braille keyboard or the page) longer than tiflo reads.
line-too-long = È troppo lungo da leggere: al massimo { $most } caratteri. Non è stato annotato niente.
# Una mossa riletta con la proposta di patta scritta dopo ("Cf3 patta").
move-confirm-offer = { $side }: { $move }, con proposta di patta? Sì o no.
# Una mossa che solo le lettere di un'altra lingua leggono nel testo (una
# lettera inglese scritta in italiano): chiesta, mai annotata senza un sì.
move-foreign-confirm = { $text } non è una mossa legale per il { $side }. Volevi dire { $move }? Sì o no.
move-foreign-confirm-offer = { $text } non è una mossa legale per il { $side }. Volevi dire { $move }, con proposta di patta? Sì o no.
# "toccato" senza scacchiera elettronica che veda i pezzi sollevati: niente può saperlo.
touched-no-sensor = Nessuna scacchiera elettronica è collegata: niente può dire se un pezzo è stato toccato.
# Allenamento: correggere la mossa del motore (solo quelle del giocatore sono lapsus).
correct-engine = Le mosse del motore non si correggono, solo le tue. Scrivi annulla per annullarne una.
# Una partita finita ripresa prima di essere firmata (articolo 8.7).
game-unsigned = Il formulario non è ancora firmato: scrivi firmo per firmarlo, o nuova per una nuova partita.
new-not-over = La partita non è finita: una nuova partita comincia quando questa è terminata.
# Modalità studio: ciò che è proprio di una partita in corso, i commenti e
# le varianti della partita dove si trova lo studio, e la fine con il risultato.
study-not-here = { $command } non ha senso in uno studio: non c'è orologio, né avversario, né arbitro. Avanti e indietro percorrono la partita.
study-comment = Commento: { $text }
study-no-comment = Qui non c'è commento.
study-variations = Invece di { $move }: { $lines }.
study-no-variations = Qui non ci sono varianti.
study-line-separator = {"; "}
study-end-result = Fine della partita. { result-words }.
