# Warum etwas gescheitert ist: die Gründe in den Sätzen des Programms
# („Keine Braillezeile: { $why }."). Daten (ein Pfad, ein Anschluss, die
# Worte eines anderen Programms) werden so zitiert, wie sie sind.

why-and = { $first }; { $then }

why-os-not-found = es existiert nicht
why-os-permission = keine Berechtigung
why-os-busy = ein anderes Programm benutzt es
why-os-timed-out = es hat nicht rechtzeitig geantwortet
why-os-refused = die Verbindung wurde abgelehnt
why-os-lost = die Verbindung ist abgebrochen
why-os-full = die Festplatte ist voll
why-os-read-only = es liegt auf einem schreibgeschützten Datenträger
why-os-other = Systemfehler: { $detail }

why-braille-none = es wurde keine Braillezeile gefunden
why-braille-port = der Anschluss { $port }: { $why }
why-braille-failed = die Braillezeile ist ausgefallen: { $why }
why-braille-no-answer = keine { $protocol }-Braillezeile hat innerhalb von { $seconds } Sekunden geantwortet
why-braille-unknown-model = das Modell { $model } der HandyTech-Zeile ist unbekannt
why-braille-no-key-table = die Braillezeile { $name } hat keine Tastentabelle
why-braille-baum-modular = die Braillezeile ist eine modulare Baum Vario Pro ({ $cells } Module), die der eigene Treiber von tiflo nicht bedient: Teilen Sie sie über BRLTTY (braille = brlapi)
why-braille-unknown-protocol = das Braille-Protokoll { $name } ist unbekannt (bekannt: baum, handytech)

why-brlapi-address = die BrlAPI-Adresse { $address } ist nicht verwendbar
why-brlapi-unreachable = unter { $address } antwortet kein BRLTTY
why-brlapi-forbidden = der Socket { $path } von BRLTTY ist da, aber tiflo darf sich nicht verbinden
why-brlapi-timeout = BRLTTY unter { $address } hat nicht rechtzeitig geantwortet
why-brlapi-closed = BRLTTY hat die Verbindung geschlossen
why-brlapi-version = BRLTTY spricht BrlAPI-Version { $version }; tiflo braucht Version 8 oder neuer
why-brlapi-key-empty = BRLTTY verlangt seinen Schlüssel, und die Schlüsseldatei { $path } ist leer
why-brlapi-key-permission = BRLTTY verlangt seinen Schlüssel, und tiflo darf die Schlüsseldatei { $path } nicht lesen: Ist dieser Benutzer in der Gruppe der Datei (brlapi unter Debian)?
why-brlapi-key-file = BRLTTY verlangt seinen Schlüssel, und die Schlüsseldatei { $path } ist nicht lesbar: { $why }
why-brlapi-authentication = BRLTTY hat den Schlüssel von tiflo abgelehnt
why-brlapi-no-auth-method = BRLTTY verlangt eine Anmeldung, die tiflo nicht kennt
why-brlapi-no-display = BRLTTY hat keine Braillezeile
why-brlapi-refused = BRLTTY hat eine Anfrage abgelehnt (Fehler { $code })
why-brlapi-ended = BRLTTY hat die Verbindung beendet (Fehler { $code })
why-brlapi-protocol = die Antwort von BRLTTY ist unverständlich
why-brlapi-not-ready = die Verbindung zu BRLTTY ist nicht bereit
why-brlapi-io = die Verbindung zu BRLTTY ist gescheitert: { $why }

why-board-same-cell = mit diesen Buchstaben hätten zwei Arten von Feldern dasselbe Zeichen; wählen Sie andere leere Felder
why-board-broken = die Brailletabellen dieser Version sind beschädigt

why-dgt-port = der Anschluss { $port }: { $why }
why-dgt-silent = an { $port } antwortet kein DGT-Brett
why-dgt-lost = die Verbindung zum Brett ist abgebrochen: { $why }
why-dgt-stopped = das Brett antwortet nicht mehr
why-dgt-closed = der Anschluss wurde geschlossen

why-engine-start = die Engine { $command } kann nicht starten: { $why }
why-engine-stopped = die Engine hat aufgehört
why-engine-silent = die Engine hat nicht innerhalb von { $seconds } Sekunden geantwortet
why-engine-no-move = die Engine hat { $answer } geantwortet, das ist kein Zug

why-no-random = die Zufallsquelle des Systems ist ausgefallen

why-speech-bad-choice = die Sprachausgabe { $choice } ist unbekannt (tts, wav:ORDNER oder text)
why-speech-no-voice-for = die Sprachausgabe hat keine Stimme für die Sprache { $lang }
why-speech-no-voice-named = die Sprachausgabe hat keine Stimme namens { $name }
why-speech-bad-setting = die Einstellung { $setting } muss eine Zahl von 0 bis 1 sein, nicht { $value }
why-speech-no-answer = speech-dispatcher hat nicht innerhalb von { $seconds } Sekunden geantwortet
why-speech-silent = speech-dispatcher hat einen Satz angenommen, ihn aber nicht innerhalb von { $seconds } Sekunden beendet (keine Tonausgabe?)
why-speech-crashed = speech-dispatcher hat beim Starten aufgehört
why-speech-stopped = die Stimme hat aufgehört
why-speech-dispatcher = speech-dispatcher ist nicht erreichbar: { $why }
why-speech-dispatcher-refused = speech-dispatcher hat die Anfrage abgelehnt
why-speech-folder = der Ordner { $path } kann nicht angelegt werden: { $why }
why-speech-espeak-missing = espeak-ng kann nicht gestartet werden: { $why }
why-speech-espeak-failed = espeak-ng ist gescheitert ({ $status })

why-hear-unavailable = die Erkennung { $engine } ist nicht verwendbar: { $why }
why-hear-empty-grammar = die Erkennung { $engine } kennt keines der Wörter, die sie hören soll
why-hear-failed = die Erkennung { $engine } funktioniert nicht mehr
why-hear-missing-package = { $path } fehlt (installieren Sie das Paket { $package })
why-hear-adapted-missing = { $path } fehlt (führen Sie tiflo adapt erneut aus)
why-hear-missing-script = { $path } fehlt (führen Sie { $script } aus)
why-hear-config-refused = ihre Einstellungen wurden abgelehnt
why-hear-english-only = sie hört nur Englisch, und die Sprache ist { $lang }
why-hear-no-words = es gibt keine Wörter, die auf { $lang } zu hören sind
why-model-not-a-folder = { $dir } ist kein Ordner
why-model-lacks = { $dir } ist kein vosk-Modellordner (es fehlt { $files })
why-model-compiled = das vosk-Modell { $dir } hat einen kompilierten Graphen ({ $file }), der keine gewählten Wörter hört; nehmen Sie ein kleines Modell
why-model-not-loaded = das Modell in { $dir } konnte nicht geladen werden
why-model-path-not-utf8 = der Pfad des Modells { $dir } ist nicht verwendbar (kein UTF-8)
why-mic-none = es ist kein Mikrofon angeschlossen
why-mic-no-input-named = kein Eingang heißt { $name }; die Eingänge sind: { $inputs }
why-mic-format = das Abtastformat { $format } des Mikrofons wird nicht unterstützt
why-mic-unplugged = das Mikrofon wurde abgezogen
why-mic-system = das Tonsystem meldet: { $detail }
why-wav-read = die Tondatei { $path } ist nicht lesbar: { $why }
why-wav-format = { $path } ist keine WAV-Datei, die tiflo lesen kann
why-stdin-audio = der Ton von der Standardeingabe ist nicht lesbar: { $why }
why-audio-file = der Toneingang { $path } ist nicht lesbar: { $why }

why-journal-create-dir = der Ordner { $path } für das Journal kann nicht angelegt werden: { $why }
why-journal-create = das Journal { $path } kann nicht angelegt werden: { $why }
why-journal-open = das Journal { $path } kann nicht geöffnet werden: { $why }
why-journal-read = das Journal { $path } kann nicht gelesen werden: { $why }
why-journal-write = in das Journal { $path } kann nicht geschrieben werden: { $why }
why-journal-sync = das Journal { $path } kann nicht auf dem Datenträger gesichert werden: { $why }
why-journal-encode = der Eintrag kann nicht ins Journal geschrieben werden
why-journal-poisoned = ein früheres Schreiben in das Journal { $path } ist gescheitert; es muss neu geöffnet werden
why-journal-damaged = das Journal { $path } ist in Zeile { $line } beschädigt, nach { $records } guten Einträgen

# Die Spracherkennung an die Stimme des Spielers anpassen (tiflo adapt).
why-tool-exit = es endete mit dem Code { $code }
why-tool-killed = es wurde vor dem Ende angehalten
why-tool-said = es meldete: { $log }
why-take-too-short = sie enthält weniger als eine Zehntelsekunde Ton
why-take-silent = es war nichts zu hören
why-model-file = seine Datei { $file } kann nicht gelesen werden: { $why }
why-weights-short = seine Datei { $file } endet zu früh
why-weights-header = seine Datei { $file } hat einen Kopf, den tiflo nicht lesen kann
why-weights-clustered = seine Datei { $file } enthält gruppierte Gewichte, die tiflo nicht lesen kann
why-weights-size = seine Datei { $file } enthält { $found } Bytes Gewichte statt der erwarteten { $expected }
why-mic-stopped = das Mikrofon sendet keinen Ton mehr

## Eine Partie lesen (tiflo convert): wo, dann warum.
why-read-game = Partie { $game }, Zug { $move } ({ $side }), Zeile { $line }:{ $column }: { $why }; Stellung: { $fen }
why-read-game-candidates = Partie { $game }, Zug { $move } ({ $side }), Zeile { $line }:{ $column }: { $why }; Stellung: { $fen }; Kandidaten: { $candidates }
why-read-white = Weiß
why-read-black = Schwarz
why-read-move = `{ $token }` lässt sich nicht als { $dialect } lesen: { $why }
why-read-move-number = Zugnummer `{ $token }` ({ $found }), wo Zug { $expected } erwartet war
why-read-mark = das Zeichen `{ $token }` folgt auf keinen Zug
why-read-unopened-variation = `)` schließt keine Variante
why-read-bad-variation = eine Variante, die nie geschlossen wird oder keinen Zug zu ersetzen hat
why-read-unclosed-comment = ein Kommentar `{"{"}`, der nie geschlossen wird
why-read-bad-tag = `{ $token }` ist kein Tag: ein Tag wird in seiner eigenen Zeile geschlossen, vor den Zügen
why-read-bad-fen = das FEN-Tag ist keine legale Stellung: { $detail }
why-read-variant = die Partie ist { $variant }, kein normales Schach
why-read-incomplete-announced = die Partie ist unvollständig: ihre Züge enden nach `{ $token }`, vor dem Ergebnis { $announced }, das ihr Result-Tag ankündigt
why-read-incomplete = die Partie ist unvollständig: der Text endet nach `{ $token }`, ohne Ergebnis, in einer Stellung, die die Partie nicht beendet
why-read-null-move = der Nullzug `{ $token }` kann hier nicht gespielt werden (im Schach, oder in einer Ausgabe ohne Nullzüge)
why-read-ambiguous-notation = die Notation ist mehrdeutig; der Text lässt sich ganz lesen als { $readings }
why-read-reading = { $dialect } (erster Unterschied: { $first })
why-read-reading-more = { $first } und als { $then }
why-move-syntax = kein Zug: { $detail }
why-move-no-legal = kein legaler Zug passt
why-move-ambiguous = mehr als ein legaler Zug passt
why-move-promotion-missing = der Bauer wird umgewandelt, aber keine Figur ist genannt
why-move-capture-mark = er ist als Schlagzug markiert, schlägt aber nichts
why-move-en-passant-mark = er ist als en passant markiert, ist aber kein Schlagen en passant
why-move-promotion-mark = er nennt eine Umwandlungsfigur, wandelt aber nicht um
why-move-other-promotion = der Bauer kann umgewandelt werden, aber nicht in die genannte Figur
