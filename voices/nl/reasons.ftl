# Waarom iets mislukt is: de redenen in de zinnen van het programma
# ("Geen brailleleesregel: { $why }."). Gegevens (een pad, een poort, de
# woorden van een ander programma) worden geciteerd zoals ze zijn.

why-and = { $first }; { $then }

why-os-not-found = het bestaat niet
why-os-permission = geen toestemming
why-os-busy = een ander programma gebruikt het
why-os-timed-out = het antwoordde niet op tijd
why-os-refused = de verbinding werd geweigerd
why-os-lost = de verbinding is verbroken
why-os-full = de schijf is vol
why-os-read-only = het staat op een alleen-lezen schijf
why-os-other = systeemfout: { $detail }

why-braille-none = er is geen brailleleesregel gevonden
why-braille-port = de poort { $port }: { $why }
why-braille-failed = de brailleleesregel is uitgevallen: { $why }
why-braille-no-answer = geen { $protocol }-brailleleesregel antwoordde binnen { $seconds } seconden
why-braille-unknown-model = het model { $model } van de HandyTech-leesregel is onbekend
why-braille-no-key-table = de brailleleesregel { $name } heeft geen toetsentabel
why-braille-baum-modular = de brailleleesregel is een modulaire Baum Vario Pro ({ $cells } cellen), die het eigen stuurprogramma van tiflo niet bedient: deel hem via BRLTTY (braille = brlapi)
why-braille-unknown-protocol = het brailleprotocol { $name } is onbekend (bekend: baum, handytech)

why-brlapi-address = het BrlAPI-adres { $address } is onbruikbaar
why-brlapi-unreachable = geen BRLTTY antwoordt op { $address }
why-brlapi-forbidden = de socket { $path } van BRLTTY is er, maar tiflo mag er geen verbinding mee maken
why-brlapi-timeout = BRLTTY op { $address } antwoordde niet op tijd
why-brlapi-closed = BRLTTY heeft de verbinding gesloten
why-brlapi-version = BRLTTY spreekt BrlAPI-versie { $version }; tiflo heeft versie 8 of nieuwer nodig
why-brlapi-key-empty = BRLTTY vraagt om zijn sleutel, en het sleutelbestand { $path } is leeg
why-brlapi-key-permission = BRLTTY vraagt om zijn sleutel, en tiflo mag het sleutelbestand { $path } niet lezen: zit deze gebruiker in de groep van het bestand (brlapi op Debian)?
why-brlapi-key-file = BRLTTY vraagt om zijn sleutel, en het sleutelbestand { $path } is onleesbaar: { $why }
why-brlapi-authentication = BRLTTY heeft de sleutel van tiflo geweigerd
why-brlapi-no-auth-method = BRLTTY vraagt een soort aanmelding die tiflo niet kent
why-brlapi-no-display = BRLTTY heeft geen brailleleesregel
why-brlapi-refused = BRLTTY heeft een verzoek geweigerd (fout { $code })
why-brlapi-ended = BRLTTY heeft de verbinding beëindigd (fout { $code })
why-brlapi-protocol = het antwoord van BRLTTY is onbegrijpelijk
why-brlapi-not-ready = de verbinding met BRLTTY is niet klaar
why-brlapi-io = de verbinding met BRLTTY is mislukt: { $why }

why-board-same-cell = met deze letters zouden twee soorten velden dezelfde cel krijgen; kies andere lege velden
why-board-broken = de brailletabellen van deze versie zijn beschadigd

why-dgt-port = de poort { $port }: { $why }
why-dgt-silent = geen DGT-bord antwoordt op { $port }
why-dgt-lost = de verbinding met het bord is verbroken: { $why }
why-dgt-stopped = het bord antwoordt niet meer
why-dgt-closed = de poort is gesloten

why-engine-start = de engine { $command } kan niet starten: { $why }
why-engine-stopped = de engine is gestopt
why-engine-silent = de engine antwoordde niet binnen { $seconds } seconden
why-engine-no-move = de engine antwoordde { $answer }, en dat is geen zet

why-no-random = de toevalsbron van het systeem is uitgevallen

why-speech-bad-choice = de spraakuitvoer { $choice } is onbekend (tts, wav:MAP of text)
why-speech-no-voice-for = de spraaksynthese heeft geen stem voor de taal { $lang }
why-speech-no-voice-named = de spraaksynthese heeft geen stem met de naam { $name }
why-speech-bad-setting = de instelling { $setting } moet een getal van 0 tot 1 zijn, niet { $value }
why-speech-no-answer = speech-dispatcher antwoordde niet binnen { $seconds } seconden
why-speech-silent = speech-dispatcher nam een zin aan maar maakte hem niet af binnen { $seconds } seconden (geen geluidsuitvoer?)
why-speech-crashed = speech-dispatcher stopte tijdens het starten
why-speech-stopped = de stem is gestopt
why-speech-dispatcher = speech-dispatcher is onbereikbaar: { $why }
why-speech-dispatcher-refused = speech-dispatcher heeft het verzoek geweigerd
why-speech-folder = de map { $path } kan niet worden gemaakt: { $why }
why-speech-espeak-missing = espeak-ng kan niet worden gestart: { $why }
why-speech-espeak-failed = espeak-ng is mislukt ({ $status })

why-hear-unavailable = de herkenner { $engine } is onbruikbaar: { $why }
why-hear-empty-grammar = de herkenner { $engine } kent geen van de woorden die hij moet horen
why-hear-failed = de herkenner { $engine } werkt niet meer
why-hear-missing-package = { $path } ontbreekt (installeer het pakket { $package })
why-hear-adapted-missing = { $path } ontbreekt (voer tiflo adapt opnieuw uit)
why-hear-missing-script = { $path } ontbreekt (voer { $script } uit)
why-hear-config-refused = zijn instellingen werden geweigerd
why-hear-english-only = hij hoort alleen Engels, en de taal is { $lang }
why-hear-no-words = er zijn geen woorden te horen in { $lang }
why-model-not-a-folder = { $dir } is geen map
why-model-lacks = { $dir } is geen vosk-modelmap (hij heeft geen { $files })
why-model-compiled = het vosk-model { $dir } heeft een gecompileerde graaf ({ $file }), die geen gekozen woorden hoort; gebruik een klein model
why-model-not-loaded = het model in { $dir } kon niet worden geladen
why-model-path-not-utf8 = het pad van het model { $dir } is onbruikbaar (geen UTF-8)
why-mic-none = er is geen microfoon aangesloten
why-mic-no-input-named = geen ingang heet { $name }; de ingangen zijn: { $inputs }
why-mic-format = het sampleformaat { $format } van de microfoon wordt niet ondersteund
why-mic-unplugged = de microfoon is losgekoppeld
why-mic-system = het geluidssysteem meldt: { $detail }
why-wav-read = het geluidsbestand { $path } is onleesbaar: { $why }
why-wav-format = { $path } is geen WAV-bestand dat tiflo kan lezen
why-stdin-audio = het geluid van de standaardinvoer is onleesbaar: { $why }
why-audio-file = de geluidsinvoer { $path } is onleesbaar: { $why }

why-journal-create-dir = de map { $path } voor het logboek kan niet worden gemaakt: { $why }
why-journal-create = het logboek { $path } kan niet worden gemaakt: { $why }
why-journal-open = het logboek { $path } kan niet worden geopend: { $why }
why-journal-read = het logboek { $path } kan niet worden gelezen: { $why }
why-journal-write = er kan niet in het logboek { $path } worden geschreven: { $why }
why-journal-sync = het logboek { $path } kan niet op de schijf worden bewaard: { $why }
why-journal-encode = de regel kan niet in het logboek worden geschreven
why-journal-poisoned = een eerdere schrijfactie in het logboek { $path } is mislukt; het moet opnieuw worden geopend
why-journal-damaged = het logboek { $path } is beschadigd op regel { $line }, na { $records } goede regels

# De spraakherkenning aanpassen aan de stem van de speler (tiflo adapt).
why-tool-exit = het eindigde met code { $code }
why-tool-killed = het werd gestopt voordat het klaar was
why-tool-said = het meldde: { $log }
why-take-too-short = ze bevat minder dan een tiende seconde geluid
why-take-silent = er was niets te horen
why-model-file = het bestand { $file } kan niet gelezen worden: { $why }
why-weights-short = het bestand { $file } houdt te vroeg op
why-weights-header = het bestand { $file } heeft een kop die tiflo niet kan lezen
why-weights-clustered = het bestand { $file } bevat gegroepeerde gewichten, die tiflo niet kan lezen
why-weights-size = het bestand { $file } bevat { $found } bytes aan gewichten in plaats van de verwachte { $expected }
why-mic-stopped = de microfoon stuurt geen geluid meer

## Een partij lezen (tiflo convert): waar, dan waarom.
why-read-game = partij { $game }, zet { $move } ({ $side }), regel { $line }:{ $column }: { $why }; stelling: { $fen }
why-read-game-candidates = partij { $game }, zet { $move } ({ $side }), regel { $line }:{ $column }: { $why }; stelling: { $fen }; kandidaten: { $candidates }
why-read-white = wit
why-read-black = zwart
why-read-move = `{ $token }` is niet te lezen als { $dialect }: { $why }
why-read-move-number = zetnummer `{ $token }` ({ $found }) waar zet { $expected } verwacht werd
why-read-mark = het teken `{ $token }` volgt op geen enkele zet
why-read-unopened-variation = `)` sluit geen variant
why-read-bad-variation = een variant die nooit gesloten wordt, of die geen zet te vervangen heeft
why-read-unclosed-comment = een commentaar `{"{"}` dat nooit gesloten wordt
why-read-bad-tag = `{ $token }` is geen tag: een tag wordt op zijn eigen regel gesloten, vóór de zetten
why-read-bad-fen = de FEN-tag is geen legale stelling: { $detail }
why-read-variant = de partij is { $variant }, geen gewoon schaak
why-read-incomplete-announced = de partij is onvolledig: de zetten stoppen na `{ $token }`, vóór de uitslag { $announced } die de Result-tag aankondigt
why-read-incomplete = de partij is onvolledig: de tekst eindigt na `{ $token }`, zonder uitslag, in een stelling die de partij niet beëindigt
why-read-null-move = de nulzet `{ $token }` kan hier niet gespeeld worden (in schaak, of in een uitvoer zonder nulzetten)
why-read-ambiguous-notation = de notatie is dubbelzinnig; de tekst leest volledig als { $readings }
why-read-reading = { $dialect } (eerste verschil: { $first })
why-read-reading-more = { $first } en als { $then }
why-move-syntax = geen zet: { $detail }
why-move-no-legal = geen legale zet past
why-move-ambiguous = meer dan één legale zet past
why-move-promotion-missing = de pion promoveert maar er wordt geen stuk genoemd
why-move-capture-mark = hij is gemarkeerd als slagzet maar slaat niets
why-move-en-passant-mark = hij is gemarkeerd en passant maar is geen slagzet en passant
why-move-promotion-mark = hij noemt een promotiestuk maar promoveert niet
why-move-other-promotion = de pion kan promoveren, maar niet tot het genoemde stuk
