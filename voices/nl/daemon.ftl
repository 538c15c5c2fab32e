# Wat de achtergronddienst over zijn logboekbestand zegt.
journal-finished-aside = De partij in het logboek was afgelopen; ze wordt bewaard als { $file }. Een nieuwe partij begint.
journal-damaged = Het logboek is beschadigd op regel { $line }, na { $records } goede regels. Het wordt onaangeroerd bewaard als { $file } voor de arbiter, en een nieuwe partij begint.
journal-write-failed = Let op: de laatste regel kon niet in het logboek worden opgeslagen: { $error }. Het is niet vastgelegd: geef het opnieuw.
speech-unavailable = Geen spraakuitvoer: { $why }. De zinnen worden als tekst getoond.
speech-failed = De spraakuitvoer is uitgevallen: { $error }. De zinnen worden als tekst getoond.

# Modellen van de spraakherkenning (tiflo models, src/hearing/models.rs).
model-language = { $lang ->
        [es] Spaans
        [pt] Portugees
        [en] Engels
        [de] Duits
        [fr] Frans
        [it] Italiaans
        [nl] Nederlands
        [ko] Koreaans
       *[other] { $lang }
    }
models-no-connection = Het model voor het { $language } kan niet worden gedownload: geen verbinding met { $host }. Kopieer in plaats daarvan een vosk-modelmap naar { $dir }.
models-download-failed = Het model voor het { $language } kan niet van { $host } worden gedownload: { $error }. Kopieer in plaats daarvan een vosk-modelmap naar { $dir }.
models-unpack-failed = Het model voor het { $language } is gedownload, maar kon niet in { $dir } worden uitgepakt: { $error }.
models-checksum-mismatch = Het van { $host } gedownloade model voor het { $language } is niet het archief dat tiflo verwacht (de SHA-256 is { $got }, niet { $expected }), dus het is niet geïnstalleerd. Kopieer in plaats daarvan een vosk-modelmap naar { $dir }.
models-checksum-unknown = tiflo kent geen controlegetal om het model voor het { $language } mee te controleren, dus het is niet gedownload. De opdracht tiflo models fetch { $lang } --unverified installeert het zonder controle; of kopieer een vosk-modelmap naar { $dir }.
models-unverified = Het model voor het { $language } is geïnstalleerd zonder controlegetal; de SHA-256 van het archief is { $sha256 }.
models-no-download = tiflo heeft geen model voor het { $language } om te downloaden; kopieer een vosk-modelmap naar { $dir }. Er zijn modellen te downloaden voor { $langs }.
models-not-installed = Er is geen spraakmodel voor het { $language } geïnstalleerd in { $dir }. De opdracht tiflo models fetch { $lang } downloadt er een.
models-folder-failed = De modellenmap { $dir } kan niet worden gebruikt: { $error }.
not-built-in = Deze tiflo is gebouwd zonder { $feature ->
        [vosk] de spraakherkenner vosk
        [pocketsphinx] de spraakherkenner pocketsphinx
        [tts] spraak via speech-dispatcher
        [mic] de microfoon
        [page] de pagina voor de assistent
        [serial] brailleleesregels en DGT-borden op een seriële poort
       *[other] dat onderdeel
    } (de bouwoptie { $feature })
models-installed = Het model voor het { $language } is geïnstalleerd in { $dir }.
models-none = Er zijn geen spraakmodellen geïnstalleerd in { $dir }.

# Hearing spoken moves (src/daemon/mod.rs, --listen).
listen-ready = Ik luister met { $engine }. Zeg je zetten.
listen-ready-adapted = Ik luister met { $engine }, aangepast aan je stem. Zeg je zetten.
listen-narrowband-plain = Het geluid komt als van een headset in belmodus, en het model daarvoor is niet geïnstalleerd: je zetten worden slechter verstaan. Wie deze computer heeft ingericht, kan het installeren.
listen-unavailable = Luisteren lukt niet: { $why }. Typ je zetten.
listen-no-microphone = Er kon geen microfoon worden geopend. Typ je zetten.
listen-failed = De spraakherkenning is uitgevallen: { $error }. Ik luister niet meer; typ je zetten.
listen-mic-failed = De microfoon is uitgevallen: { $error }. Ik luister niet meer; typ je zetten.
listen-ended = De opname is afgelopen. Typ je zetten.

# De brailleleesregel (src/daemon/mod.rs, --braille).
braille-ready = Brailleleesregel { $name } klaar, { $cells } cellen.
braille-back = De brailleleesregel { $name } is terug.
braille-gone = De brailleleesregel { $name } is losgekoppeld. Ik gebruik hem weer zodra hij terug is.
braille-missing = Geen brailleleesregel: { $why }. Ik blijf hem zoeken.
braille-unreadable = Wat u in braille typte is geen geldige zet en geen opdracht. Typ het opnieuw; een zet, ook na corrigeer of claim, schrijft u met de schaaktekens.
braille-ambiguous = Wat u in braille typte kan meer dan één geldige zet zijn; er is niets genoteerd. Typ het opnieuw met alle tekens, zoals de brailleleesregel ze schrijft.
braille-held = BRLTTY heeft de brailleleesregel, maar ik kan hem niet delen: { $why }. De seriële poort blijft bij BRLTTY; braille staat op het scherm.
braille-talk-no-release = Via BRLTTY weet ik niet wanneer een toets van { $name } wordt losgelaten, dus kun je geen toets ingedrukt houden om te praten. Druk alleen punt 8 in en spreek dan: ik luister naar één zin.
braille-talk-no-key = { $name } heeft geen toets met de naam { $key } om ingedrukt te houden terwijl je spreekt. Druk op Enter op het toetsenbord en spreek dan: ik luister naar één zin.
braille-squares-refused = De lege velden van de instellingen braille-light en braille-dark zijn niet bruikbaar: { $why }. Het bord toont de gewone.
braille-table-chess = { $uses ->
        [english] De teksttabel van BRLTTY, { $table }, schrijft de loper en het paard als b en n
        [other] De teksttabel van BRLTTY, { $table }, schrijft de stukken met de letters van { $other }
       *[none] De teksttabel van BRLTTY, { $table }, heeft geen schaakstukken
    }. { $board ->
        [brltty] Het bord schrijft de loper en het paard als b en n, zoals de schaaktabel van BRLTTY.
       *[code] Het bord schrijft de loper en het paard als l en s, volgens de brailleschaakcode; met de instelling braille-board-letters op brltty schrijft het ze als b en n.
    }

# Practice against a chess engine.
engine-ready = Je speelt tegen { $name }, sterkte { $strength }. Het antwoordt op je zetten zodra ze niet meer gecorrigeerd kunnen worden; typ ingedrukt om het meteen te laten antwoorden.
engine-failed = De engine kan niet spelen: { $why }. Typ de zetten van de tegenstander.

# The assistant's and arbiter's page.
page-ready = De pagina van de assistent staat op { $address }.
page-ready-lan = De pagina van de assistent staat op { $address }. Koppelcode: { $code }.
page-failed = De pagina van de assistent kan niet starten: { $why }.

# The DGT electronic board.
dgt-ready = DGT-bord klaar.
dgt-back = Het DGT-bord is terug.
dgt-gone = Het DGT-bord is weg: { $why }. Ik blijf het zoeken.
dgt-missing = Geen DGT-bord: { $why }. Ik blijf het zoeken.

# De Engelse spraakherkenning aanpassen aan de stem van de speler (tiflo adapt).
adapt-start = Ik zeg { $count } korte Engelse zinnen, een voor een. Zeg elke zin daarna duidelijk na, zoals u uw zetten aankondigt.
adapt-say = Zin { $n } van { $count }. Zeg: { $prompt }
adapt-say-again = Ik hoorde niets. Nogmaals zin { $n } van { $count }. Zeg: { $prompt }
hear-nothing = Geen spraak gehoord in { $file }: geen zet, geen woord.
adapt-working = De herkenning wordt met { $count } opnamen aan uw stem aangepast. Dat duurt enkele seconden.
adapt-done = Klaar. De Engelse herkenning gebruikt nu uw stem, bewaard in { $dir }.
adapt-no-voice = Geen spraakuitvoer ({ $error }); de zinnen worden als tekst getoond.
adapt-tool-missing = De aanpassing heeft het programma { $tool } nodig, dat niet geïnstalleerd is. Het zit in het Debian-pakket { $package }; bash scripts/setup.sh installeert het. De herkenning houdt de stem die ze had.
adapt-tool-failed = De aanpassing is mislukt in { $tool }: { $error }. De herkenning houdt de stem die ze had.
adapt-take-failed = De opname { $file } van de zin "{ $prompt }" is onbruikbaar: { $error }. De herkenning houdt de stem die ze had.
adapt-model-failed = Het model van de herkenning in { $dir } kan niet worden aangepast: { $error }. De herkenning houdt de stem die ze had.
adapt-folder-failed = In { $dir } kan niet worden geschreven: { $error }. De herkenning houdt de stem die ze had.
adapt-mic-failed = De microfoon werkt niet: { $error }. De herkenning houdt de stem die ze had.
dgt-clock-gone = De DGT-klok geeft geen tijden: hij is losgekoppeld of uitgeschakeld. Tot hij terug is, gelden de tijden volgens de telling van tiflo.
dgt-clock-back = De DGT-klok geeft weer tijden.
dgt-turned = Het DGT-bord is omgedraaid, met de aansluiting rechts van wit; ik lees het zo.

# The journal named is a folder, a device or a pipe: refused at start.
journal-not-a-file = Het logboek { $file } is { $kind ->
        [folder] een map
        [device] een apparaat
        [pipe] een benoemde pipe
        [socket] een socket
       *[other] iets anders
    }, geen bestand: een partij kan alleen in een bestand worden bewaard.
