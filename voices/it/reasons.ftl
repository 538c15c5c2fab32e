# Perché qualcosa non è riuscito: i motivi detti nelle frasi del programma
# ("Nessun display braille: { $why }."). I dati (un percorso, una porta, le
# parole di un altro programma) sono citati così come sono.

why-and = { $first }; { $then }

why-os-not-found = non esiste
why-os-permission = permesso negato
why-os-busy = un altro programma lo sta usando
why-os-timed-out = non ha risposto in tempo
why-os-refused = la connessione è stata rifiutata
why-os-lost = la connessione si è interrotta
why-os-full = il disco è pieno
why-os-read-only = si trova su un disco di sola lettura
why-os-other = errore di sistema: { $detail }

why-braille-none = non è stato trovato nessun display braille
why-braille-port = la porta { $port }: { $why }
why-braille-failed = il display braille si è guastato: { $why }
why-braille-no-answer = nessun display braille { $protocol } ha risposto entro { $seconds } secondi
why-braille-unknown-model = il modello { $model } del display HandyTech è sconosciuto
why-braille-no-key-table = il display braille { $name } non ha una tabella dei tasti
why-braille-baum-modular = il display braille è un Baum Vario Pro modulare ({ $cells } celle), che il driver proprio di tiflo non gestisce: condividilo tramite BRLTTY (braille = brlapi)
why-braille-unknown-protocol = il protocollo braille { $name } è sconosciuto (noti: baum, handytech)

why-brlapi-address = l'indirizzo BrlAPI { $address } non si può usare
why-brlapi-unreachable = nessun BRLTTY risponde a { $address }
why-brlapi-forbidden = il socket { $path } di BRLTTY c'è, ma tiflo non ha il permesso di collegarsi
why-brlapi-timeout = BRLTTY a { $address } non ha risposto in tempo
why-brlapi-closed = BRLTTY ha chiuso la connessione
why-brlapi-version = BRLTTY parla la versione { $version } di BrlAPI; tiflo ha bisogno della versione 8 o successiva
why-brlapi-key-empty = BRLTTY chiede la sua chiave, e il file della chiave { $path } è vuoto
why-brlapi-key-permission = BRLTTY chiede la sua chiave, e tiflo non ha il permesso di leggere il file della chiave { $path }: questo utente è nel gruppo del file (brlapi su Debian)?
why-brlapi-key-file = BRLTTY chiede la sua chiave, e il file della chiave { $path } non si può leggere: { $why }
why-brlapi-authentication = BRLTTY ha rifiutato la chiave di tiflo
why-brlapi-no-auth-method = BRLTTY chiede un tipo di autenticazione che tiflo non conosce
why-brlapi-no-display = BRLTTY non ha un display braille
why-brlapi-refused = BRLTTY ha rifiutato una richiesta (errore { $code })
why-brlapi-ended = BRLTTY ha chiuso la connessione (errore { $code })
why-brlapi-protocol = la risposta di BRLTTY non si capisce
why-brlapi-not-ready = la connessione con BRLTTY non è pronta
why-brlapi-io = la connessione con BRLTTY non è riuscita: { $why }

why-board-same-cell = con queste lettere, due tipi di casa avrebbero la stessa cella; scegli altre case vuote
why-board-broken = le tabelle braille di questa versione sono danneggiate

why-dgt-port = la porta { $port }: { $why }
why-dgt-silent = nessuna scacchiera DGT risponde su { $port }
why-dgt-lost = la connessione con la scacchiera si è interrotta: { $why }
why-dgt-stopped = la scacchiera non risponde più
why-dgt-closed = la porta è stata chiusa

why-engine-start = il motore { $command } non si può avviare: { $why }
why-engine-stopped = il motore si è fermato
why-engine-silent = il motore non ha risposto entro { $seconds } secondi
why-engine-no-move = il motore ha risposto { $answer }, che non è una mossa

why-no-random = la fonte di casualità del sistema non funziona

why-speech-bad-choice = l'uscita vocale { $choice } è sconosciuta (tts, wav:CARTELLA o text)
why-speech-no-voice-for = il motore vocale non ha una voce per la lingua { $lang }
why-speech-no-voice-named = il motore vocale non ha nessuna voce chiamata { $name }
why-speech-bad-setting = l'impostazione { $setting } deve essere un numero da 0 a 1, non { $value }
why-speech-no-answer = speech-dispatcher non ha risposto entro { $seconds } secondi
why-speech-silent = speech-dispatcher ha ricevuto una frase ma non l'ha finita entro { $seconds } secondi (manca l'uscita audio?)
why-speech-crashed = speech-dispatcher si è fermato all'avvio
why-speech-stopped = la voce si è fermata
why-speech-dispatcher = speech-dispatcher non è raggiungibile: { $why }
why-speech-dispatcher-refused = speech-dispatcher ha rifiutato la richiesta
why-speech-folder = non si può creare la cartella { $path }: { $why }
why-speech-espeak-missing = non si può avviare espeak-ng: { $why }
why-speech-espeak-failed = espeak-ng non è riuscito ({ $status })

why-hear-unavailable = il riconoscitore { $engine } non si può usare: { $why }
why-hear-empty-grammar = il riconoscitore { $engine } non conosce nessuna delle parole da ascoltare
why-hear-failed = il riconoscitore { $engine } ha smesso di funzionare
why-hear-missing-package = manca { $path } (installa il pacchetto { $package })
why-hear-adapted-missing = manca { $path } (esegui di nuovo tiflo adapt)
why-hear-missing-script = manca { $path } (eseguire { $script })
why-hear-config-refused = le sue impostazioni sono state rifiutate
why-hear-english-only = sente solo l'inglese, e la lingua è { $lang }
why-hear-no-words = non ci sono parole da ascoltare in { $lang }
why-model-not-a-folder = { $dir } non è una cartella
why-model-lacks = { $dir } non è una cartella di modello vosk (non ha { $files })
why-model-compiled = il modello vosk { $dir } ha un grafo compilato ({ $file }), che non sente parole scelte; usa un modello piccolo
why-model-not-loaded = non è stato possibile caricare il modello in { $dir }
why-model-path-not-utf8 = il percorso del modello { $dir } non si può usare (non è UTF-8)
why-mic-none = non è collegato nessun microfono
why-mic-no-input-named = nessun ingresso si chiama { $name }; gli ingressi sono: { $inputs }
why-mic-format = il formato dei campioni { $format } del microfono non è supportato
why-mic-unplugged = il microfono è stato scollegato
why-mic-system = il sistema audio ha detto: { $detail }
why-wav-read = il file audio { $path } non si può leggere: { $why }
why-wav-format = { $path } non è un file WAV che tiflo sappia leggere
why-stdin-audio = l'audio dall'ingresso standard non si può leggere: { $why }
why-audio-file = l'ingresso audio { $path } non si può leggere: { $why }

why-journal-create-dir = non si può creare la cartella { $path } del diario: { $why }
why-journal-create = non si può creare il diario { $path }: { $why }
why-journal-open = non si può aprire il diario { $path }: { $why }
why-journal-read = non si può leggere il diario { $path }: { $why }
why-journal-write = non si può scrivere nel diario { $path }: { $why }
why-journal-sync = non si può salvare sul disco il diario { $path }: { $why }
why-journal-encode = la voce non si può scrivere nel diario
why-journal-poisoned = una scrittura precedente nel diario { $path } non è riuscita; bisogna riaprirlo
why-journal-damaged = il diario { $path } è danneggiato alla riga { $line }, dopo { $records } voci buone

# Adattare il riconoscitore alla voce del giocatore (tiflo adapt).
why-tool-exit = è terminato con il codice { $code }
why-tool-killed = è stato fermato prima della fine
why-tool-said = ha segnalato: { $log }
why-take-too-short = contiene meno di un decimo di secondo di suono
why-take-silent = non si è sentito nulla
why-model-file = il suo file { $file } non si può leggere: { $why }
why-weights-short = il suo file { $file } finisce troppo presto
why-weights-header = il suo file { $file } ha un'intestazione che tiflo non sa leggere
why-weights-clustered = il suo file { $file } contiene pesi raggruppati, che tiflo non sa leggere
why-weights-size = il suo file { $file } contiene { $found } byte di pesi invece dei { $expected } attesi
why-mic-stopped = il microfono ha smesso di inviare suono

## Leggere una partita (tiflo convert): dove, poi perché.
why-read-game = partita { $game }, mossa { $move } ({ $side }), riga { $line }:{ $column }: { $why }; posizione: { $fen }
why-read-game-candidates = partita { $game }, mossa { $move } ({ $side }), riga { $line }:{ $column }: { $why }; posizione: { $fen }; candidate: { $candidates }
why-read-white = il Bianco
why-read-black = il Nero
why-read-move = impossibile leggere `{ $token }` come { $dialect }: { $why }
why-read-move-number = il numero di mossa `{ $token }` ({ $found }) dove era attesa la mossa { $expected }
why-read-mark = il segno `{ $token }` non segue alcuna mossa
why-read-unopened-variation = `)` non chiude alcuna variante
why-read-bad-variation = una variante mai chiusa, o senza una mossa da sostituire
why-read-unclosed-comment = un commento `{"{"}` mai chiuso
why-read-bad-tag = `{ $token }` non è un'etichetta: un'etichetta si chiude sulla sua riga, prima delle mosse
why-read-bad-fen = l'etichetta FEN non è una posizione legale: { $detail }
why-read-variant = la partita è di { $variant }, non di scacchi normali
why-read-incomplete-announced = la partita è incompleta: le sue mosse si fermano dopo `{ $token }`, prima del risultato { $announced } che la sua etichetta Result annuncia
why-read-incomplete = la partita è incompleta: il testo finisce dopo `{ $token }`, senza risultato, in una posizione che non conclude la partita
why-read-null-move = la mossa nulla `{ $token }` non si può giocare qui (sotto scacco, o in un'uscita senza mosse nulle)
why-read-ambiguous-notation = la notazione è ambigua; il testo si legge per intero come { $readings }
why-read-reading = { $dialect } (prima differenza: { $first })
why-read-reading-more = { $first } e come { $then }
why-move-syntax = non è una mossa: { $detail }
why-move-no-legal = nessuna mossa legale corrisponde
why-move-ambiguous = corrisponde più di una mossa legale
why-move-promotion-missing = il pedone promuove ma nessun pezzo è nominato
why-move-capture-mark = è segnata come cattura ma non cattura nulla
why-move-en-passant-mark = è segnata en passant ma non è una cattura en passant
why-move-promotion-mark = nomina un pezzo di promozione ma non promuove
why-move-other-promotion = il pedone può promuovere, ma non nel pezzo nominato
