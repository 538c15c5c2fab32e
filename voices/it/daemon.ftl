# Ciò che il demone dice del suo file di diario.
journal-finished-aside = La partita nel diario era finita; è conservata come { $file }. Comincia una nuova partita.
journal-damaged = Il diario è danneggiato alla riga { $line }, dopo { $records } voci corrette. È conservato intatto come { $file } per l'arbitro, e comincia una nuova partita.
journal-write-failed = Attenzione: l'ultima voce non è stata salvata nel diario: { $error }. Non è registrato: dallo di nuovo.
speech-unavailable = Nessun motore vocale: { $why }. Le frasi sono mostrate come testo.
speech-failed = Il motore vocale si è guastato: { $error }. Le frasi sono mostrate come testo.

# Modelli del riconoscitore vocale (tiflo models, src/hearing/models.rs).
model-language = { $lang ->
        [es] spagnolo
        [pt] portoghese
        [en] inglese
        [de] tedesco
        [fr] francese
        [it] italiano
        [nl] olandese
        [ko] coreano
       *[other] { $lang }
    }
models-no-connection = Impossibile scaricare il modello { $language }: nessuna connessione con { $host }. Copia invece una cartella di modello vosk in { $dir }.
models-download-failed = Impossibile scaricare il modello { $language } da { $host }: { $error }. Copia invece una cartella di modello vosk in { $dir }.
models-unpack-failed = Il modello { $language } è stato scaricato ma non è stato possibile estrarlo in { $dir }: { $error }.
models-checksum-mismatch = Il modello { $language } scaricato da { $host } non è l'archivio che tiflo si aspetta (il suo SHA-256 è { $got }, non { $expected }), quindi non è stato installato. Copia invece una cartella di modello vosk in { $dir }.
models-checksum-unknown = tiflo non conosce alcun codice di controllo per verificare il modello { $language }, quindi non l'ha scaricato. Il comando tiflo models fetch { $lang } --unverified lo installa senza verifica; oppure copia una cartella di modello vosk in { $dir }.
models-unverified = Il modello { $language } è stato installato senza un codice di controllo per verificarlo; lo SHA-256 del suo archivio è { $sha256 }.
models-no-download = tiflo non ha un modello { $language } da scaricare; copia una cartella di modello vosk in { $dir }. Si possono scaricare modelli per { $langs }.
models-not-installed = Nessun modello vocale { $language } è installato in { $dir }. Il comando tiflo models fetch { $lang } ne scarica uno.
models-folder-failed = La cartella dei modelli { $dir } non si può usare: { $error }.
not-built-in = Questo tiflo è stato compilato senza { $feature ->
        [vosk] il riconoscitore vosk
        [pocketsphinx] il riconoscitore pocketsphinx
        [tts] la voce di speech-dispatcher
        [mic] il microfono
        [page] la pagina dell'assistente
        [serial] i display braille e le scacchiere DGT su porta seriale
       *[other] questa parte
    } (l'opzione di compilazione { $feature })
models-installed = Il modello { $language } è installato in { $dir }.
models-none = Nessun modello vocale è installato in { $dir }.

# Hearing spoken moves (src/daemon/mod.rs, --listen).
listen-ready = Ascolto con { $engine }. Di' le tue mosse.
listen-ready-adapted = Ascolto con { $engine }, adattato alla tua voce. Di' le tue mosse.
listen-narrowband-plain = Il suono arriva come da cuffie in modalità chiamata e il modello fatto per esso non è installato: le tue mosse saranno sentite peggio. Chi ha installato questo computer può installarlo.
listen-unavailable = Non posso ascoltare: { $why }. Scrivi le tue mosse.
listen-no-microphone = Non è stato possibile aprire nessun microfono. Scrivi le tue mosse.
listen-failed = Il riconoscitore si è guastato: { $error }. Smetto di ascoltare; scrivi le tue mosse.
listen-mic-failed = Il microfono si è guastato: { $error }. Smetto di ascoltare; scrivi le tue mosse.
listen-ended = La registrazione è finita. Scrivi le tue mosse.

# Il display braille (src/daemon/mod.rs, --braille).
braille-ready = Display braille { $name } pronto, { $cells } celle.
braille-back = Il display braille { $name } è tornato.
braille-gone = Il display braille { $name } è scollegato. Lo userò di nuovo appena torna.
braille-missing = Nessun display braille: { $why }. Continuo a cercarlo.
braille-unreadable = Quello che hai scritto in braille non è né una mossa legale né un comando. Scrivilo di nuovo; una mossa, anche dopo correggere o reclamare, si scrive con i segni degli scacchi.
braille-ambiguous = Quello che hai scritto in braille può essere più di una mossa legale; non è stato annotato nulla. Scrivilo di nuovo con tutti i segni, come li scrive il display.
braille-held = BRLTTY tiene il display braille, ma non posso condividerlo: { $why }. Lascio la sua porta seriale a BRLTTY; il braille appare sullo schermo.
braille-talk-no-release = Tramite BRLTTY non so quando un tasto di { $name } viene rilasciato, quindi non puoi tenere premuto un tasto per parlare. Premi il punto 8 da solo, poi parla: ascolto una frase.
braille-talk-no-key = { $name } non ha nessun tasto chiamato { $key } da tenere premuto mentre parli. Premi Invio sulla tastiera, poi parla: ascolto una frase.
braille-squares-refused = Non posso usare le case vuote delle impostazioni braille-light e braille-dark: { $why }. La scacchiera mostra quelle solite.
braille-table-chess = { $uses ->
        [english] La tabella di testo di BRLTTY, { $table }, scrive l'alfiere e il cavallo come b e n
        [other] La tabella di testo di BRLTTY, { $table }, scrive i pezzi con le lettere di { $other }
       *[none] La tabella di testo di BRLTTY, { $table }, non ha pezzi degli scacchi
    }. { $board ->
        [brltty] La scacchiera scrive l'alfiere e il cavallo come b e n, come la tabella degli scacchi di BRLTTY.
       *[code] La scacchiera scrive l'alfiere e il cavallo come l e s, secondo il codice braille degli scacchi; con l'impostazione braille-board-letters a brltty li scrive come b e n.
    }

# Practice against a chess engine.
engine-ready = Giochi contro { $name }, forza { $strength }. Risponde alle tue mosse quando non si possono più correggere; scrivi premuto perché risponda subito.
engine-failed = Il motore non può giocare: { $why }. Scrivi le mosse dell'avversario.

# The assistant's and arbiter's page.
page-ready = La pagina dell'assistente è su { $address }.
page-ready-lan = La pagina dell'assistente è su { $address }. Codice di abbinamento: { $code }.
page-failed = La pagina dell'assistente non può partire: { $why }.

# The DGT electronic board.
dgt-ready = Scacchiera DGT pronta.
dgt-back = La scacchiera DGT è tornata.
dgt-gone = La scacchiera DGT si è scollegata: { $why }. Continuo a cercarla.
dgt-missing = Nessuna scacchiera DGT: { $why }. Continuo a cercarla.

# Adattare il riconoscitore inglese alla voce del giocatore (tiflo adapt).
adapt-start = Dirò { $count } brevi frasi in inglese, una alla volta. Dopo ognuna, ripetila con chiarezza, come annunci le tue mosse.
adapt-say = Frase { $n } di { $count }. Di': { $prompt }
adapt-say-again = Non ho sentito nulla. Di nuovo la frase { $n } di { $count }. Di': { $prompt }
hear-nothing = Nessun parlato sentito in { $file }: nessuna mossa, nessuna parola.
adapt-working = Sto adattando il riconoscitore alla tua voce con { $count } registrazioni. Ci vuole qualche secondo.
adapt-done = Fatto. Il riconoscitore inglese ora usa la tua voce, conservata in { $dir }.
adapt-no-voice = Nessun motore vocale ({ $error }); le frasi sono mostrate come testo.
adapt-tool-missing = L'adattamento ha bisogno del programma { $tool }, che non è installato. Si trova nel pacchetto Debian { $package }; bash scripts/setup.sh lo installa. Il riconoscitore mantiene la voce che aveva.
adapt-tool-failed = L'adattamento non è riuscito in { $tool }: { $error }. Il riconoscitore mantiene la voce che aveva.
adapt-take-failed = La registrazione { $file } della frase "{ $prompt }" non si può usare: { $error }. Il riconoscitore mantiene la voce che aveva.
adapt-model-failed = Il modello del riconoscitore in { $dir } non si può adattare: { $error }. Il riconoscitore mantiene la voce che aveva.
adapt-folder-failed = Non si può scrivere in { $dir }: { $error }. Il riconoscitore mantiene la voce che aveva.
adapt-mic-failed = Il microfono non funziona: { $error }. Il riconoscitore mantiene la voce che aveva.
dgt-clock-gone = L'orologio DGT non dà tempi: è scollegato o spento. Finché non torna, i tempi sono il conteggio di tiflo.
dgt-clock-back = L'orologio DGT dà di nuovo i tempi.
dgt-turned = La scacchiera DGT è girata, con il connettore alla destra del Bianco; la leggo così.

# The journal named is a folder, a device or a pipe: refused at start.
journal-not-a-file = Il diario { $file } è { $kind ->
        [folder] una cartella
        [device] un dispositivo
        [pipe] una pipe con nome
        [socket] un socket
       *[other] un'altra cosa
    }, non un file: una partita si può conservare solo in un file.
