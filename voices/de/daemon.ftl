# Was der Dienst über seine Journaldatei sagt.
journal-finished-aside = Die Partie im Journal war beendet; sie wird als { $file } aufbewahrt. Eine neue Partie beginnt.
journal-damaged = Das Journal ist in Zeile { $line } beschädigt, nach { $records } gültigen Einträgen. Es wird unverändert als { $file } für den Schiedsrichter aufbewahrt, und eine neue Partie beginnt.
journal-write-failed = Achtung: Der letzte Eintrag konnte nicht im Journal gespeichert werden: { $error }. Es ist nicht erfasst: Bitte erneut eingeben.
speech-unavailable = Keine Sprachausgabe: { $why }. Die Sätze werden als Text gezeigt.
speech-failed = Die Sprachausgabe ist ausgefallen: { $error }. Die Sätze werden als Text gezeigt.

# Modelle der Spracherkennung (tiflo models, src/hearing/models.rs).
model-language = { $lang ->
        [es] Spanisch
        [pt] Portugiesisch
        [en] Englisch
        [de] Deutsch
        [fr] Französisch
        [it] Italienisch
        [nl] Niederländisch
        [ko] Koreanisch
       *[other] { $lang }
    }
models-no-connection = Das Modell für { $language } kann nicht heruntergeladen werden: keine Verbindung zu { $host }. Kopieren Sie stattdessen einen vosk-Modellordner nach { $dir }.
models-download-failed = Das Modell für { $language } kann nicht von { $host } heruntergeladen werden: { $error }. Kopieren Sie stattdessen einen vosk-Modellordner nach { $dir }.
models-unpack-failed = Das Modell für { $language } wurde heruntergeladen, konnte aber nicht nach { $dir } entpackt werden: { $error }.
models-checksum-mismatch = Das von { $host } heruntergeladene Modell für { $language } ist nicht das Archiv, das tiflo erwartet (seine SHA-256-Prüfsumme ist { $got }, nicht { $expected }), und wurde daher nicht installiert. Kopieren Sie stattdessen einen vosk-Modellordner nach { $dir }.
models-checksum-unknown = tiflo kennt keine Prüfsumme, um das Modell für { $language } zu prüfen, und hat es daher nicht heruntergeladen. Der Befehl tiflo models fetch { $lang } --unverified installiert es ungeprüft; oder kopieren Sie einen vosk-Modellordner nach { $dir }.
models-unverified = Das Modell für { $language } wurde ohne Prüfsumme installiert; die SHA-256-Prüfsumme seines Archivs ist { $sha256 }.
models-no-download = tiflo hat kein Modell für { $language } zum Herunterladen; kopieren Sie einen vosk-Modellordner nach { $dir }. Modelle gibt es zum Herunterladen für { $langs }.
models-not-installed = In { $dir } ist kein Sprachmodell für { $language } installiert. Der Befehl tiflo models fetch { $lang } lädt eines herunter.
models-folder-failed = Der Modellordner { $dir } kann nicht benutzt werden: { $error }.
not-built-in = Dieses tiflo wurde ohne { $feature ->
        [vosk] die Spracherkennung vosk
        [pocketsphinx] die Spracherkennung pocketsphinx
        [tts] die Sprachausgabe über speech-dispatcher
        [mic] das Mikrofon
        [page] die Seite für den Assistenten
        [serial] Braillezeilen und DGT-Bretter an seriellen Anschlüssen
       *[other] diesen Teil
    } gebaut (Build-Option { $feature })
models-installed = Das Modell für { $language } ist in { $dir } installiert.
models-none = In { $dir } sind keine Sprachmodelle installiert.

# Hearing spoken moves (src/daemon/mod.rs, --listen).
listen-ready = Ich höre mit { $engine } zu. Sagen Sie Ihre Züge.
listen-ready-adapted = Ich höre mit { $engine } zu, an Ihre Stimme angepasst. Sagen Sie Ihre Züge.
listen-narrowband-plain = Der Ton kommt wie von einem Headset im Anrufmodus, und das Modell dafür ist nicht installiert: Ihre Züge werden schlechter verstanden. Wer diesen Rechner eingerichtet hat, kann es installieren.
listen-unavailable = Zuhören nicht möglich: { $why }. Tippen Sie Ihre Züge.
listen-no-microphone = Kein Mikrofon ließ sich öffnen. Tippen Sie Ihre Züge.
listen-failed = Die Spracherkennung ist ausgefallen: { $error }. Ich höre nicht mehr zu; tippen Sie Ihre Züge.
listen-mic-failed = Das Mikrofon ist ausgefallen: { $error }. Ich höre nicht mehr zu; tippen Sie Ihre Züge.
listen-ended = Die Aufnahme ist zu Ende. Tippen Sie Ihre Züge.

# Die Braillezeile (src/daemon/mod.rs, --braille).
braille-ready = Braillezeile { $name } bereit, { $cells } Module.
braille-back = Die Braillezeile { $name } ist wieder da.
braille-gone = Die Braillezeile { $name } ist getrennt. Ich verwende sie wieder, sobald sie zurück ist.
braille-missing = Keine Braillezeile: { $why }. Ich suche weiter.
braille-unreadable = Was Sie in Braille getippt haben, ist weder ein legaler Zug noch ein Befehl. Tippen Sie es noch einmal; ein Zug, auch nach korrigieren oder reklamieren, wird mit den Schachzeichen geschrieben.
braille-ambiguous = Was Sie in Braille getippt haben, kann mehr als ein legaler Zug sein; nichts wurde notiert. Tippen Sie es noch einmal mit allen Zeichen, wie die Braillezeile sie schreibt.
braille-held = BRLTTY hält die Braillezeile, aber ich kann sie nicht mitbenutzen: { $why }. Ihre serielle Schnittstelle bleibt bei BRLTTY; die Braille-Ausgabe erscheint auf dem Bildschirm.
braille-talk-no-release = Über BRLTTY erfahre ich nicht, wann eine Taste von { $name } losgelassen wird; darum kann keine Taste zum Sprechen gehalten werden. Drücken Sie Punkt 8 allein und sprechen Sie dann: Ich höre einen Satz.
braille-talk-no-key = { $name } hat keine Taste namens { $key }, die Sie beim Sprechen halten können. Drücken Sie die Eingabetaste der Tastatur und sprechen Sie dann: Ich höre einen Satz.
braille-squares-refused = Die leeren Felder der Einstellungen braille-light und braille-dark sind nicht verwendbar: { $why }. Das Brett zeigt die üblichen.
braille-table-chess = { $uses ->
        [english] Die Texttabelle von BRLTTY, { $table }, schreibt Läufer und Springer als b und n
        [other] Die Texttabelle von BRLTTY, { $table }, schreibt die Figuren mit den Buchstaben von { $other }
       *[none] Die Texttabelle von BRLTTY, { $table }, hat keine Schachfiguren
    }. { $board ->
        [brltty] Das Brett schreibt Läufer und Springer als b und n, wie die Schachtabelle von BRLTTY.
       *[code] Das Brett schreibt Läufer und Springer als l und s, nach dem Braille-Schachcode; mit der Einstellung braille-board-letters auf brltty schreibt es sie als b und n.
    }

# Practice against a chess engine.
engine-ready = Sie spielen gegen { $name }, Stärke { $strength }. Es antwortet auf Ihre Züge, sobald sie nicht mehr korrigiert werden können; tippen Sie gedrückt, damit es sofort antwortet.
engine-failed = Die Engine kann nicht spielen: { $why }. Tippen Sie die Züge des Gegners.

# The assistant's and arbiter's page.
page-ready = Die Seite des Assistenten ist unter { $address }.
page-ready-lan = Die Seite des Assistenten ist unter { $address }. Kopplungscode: { $code }.
page-failed = Die Seite des Assistenten kann nicht starten: { $why }.

# The DGT electronic board.
dgt-ready = DGT-Brett bereit.
dgt-back = Das DGT-Brett ist wieder da.
dgt-gone = Das DGT-Brett ist weg: { $why }. Ich suche weiter.
dgt-missing = Kein DGT-Brett: { $why }. Ich suche weiter.

# Die englische Spracherkennung an die Stimme des Spielers anpassen (tiflo adapt).
adapt-start = Ich sage { $count } kurze englische Sätze, einen nach dem anderen. Sprechen Sie jeden danach deutlich nach, so wie Sie Ihre Züge ansagen.
adapt-say = Satz { $n } von { $count }. Sagen Sie: { $prompt }
adapt-say-again = Ich habe nichts gehört. Noch einmal Satz { $n } von { $count }. Sagen Sie: { $prompt }
hear-nothing = In { $file } war keine Sprache zu hören: kein Zug, kein Wort.
adapt-working = Die Erkennung wird mit { $count } Aufnahmen an Ihre Stimme angepasst. Das dauert einige Sekunden.
adapt-done = Fertig. Die englische Erkennung nutzt jetzt Ihre Stimme, gespeichert in { $dir }.
adapt-no-voice = Keine Sprachausgabe ({ $error }); die Sätze werden als Text gezeigt.
adapt-tool-missing = Die Anpassung braucht das Programm { $tool }, das nicht installiert ist. Es ist im Debian-Paket { $package }; bash scripts/setup.sh installiert es. Die Erkennung behält ihre bisherige Stimme.
adapt-tool-failed = Die Anpassung ist in { $tool } gescheitert: { $error }. Die Erkennung behält ihre bisherige Stimme.
adapt-take-failed = Die Aufnahme { $file } des Satzes "{ $prompt }" ist unbrauchbar: { $error }. Die Erkennung behält ihre bisherige Stimme.
adapt-model-failed = Das Modell der Erkennung in { $dir } kann nicht angepasst werden: { $error }. Die Erkennung behält ihre bisherige Stimme.
adapt-folder-failed = In { $dir } kann nicht geschrieben werden: { $error }. Die Erkennung behält ihre bisherige Stimme.
adapt-mic-failed = Das Mikrofon funktioniert nicht: { $error }. Die Erkennung behält ihre bisherige Stimme.
dgt-clock-gone = Die DGT-Uhr liefert keine Zeiten: Sie ist abgesteckt oder ausgeschaltet. Bis sie wieder da ist, gelten die Zeiten nach der Rechnung von tiflo.
dgt-clock-back = Die DGT-Uhr liefert wieder Zeiten.
dgt-turned = Das DGT-Brett ist umgedreht, der Anschluss rechts von Weiß; ich lese es so.

# The journal named is a folder, a device or a pipe: refused at start.
journal-not-a-file = Das Journal { $file } ist { $kind ->
        [folder] ein Ordner
        [device] ein Gerät
        [pipe] eine benannte Pipe
        [socket] ein Socket
       *[other] etwas anderes
    }, keine Datei: eine Partie kann nur in einer Datei aufbewahrt werden.
