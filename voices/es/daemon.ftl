# Lo que el daemon dice de su archivo de diario.
journal-finished-aside = La partida del diario había terminado; se guarda como { $file }. Empieza una partida nueva.
journal-damaged = El diario está dañado en la línea { $line }, después de { $records } registros correctos. Se guarda intacto como { $file } para el árbitro, y empieza una partida nueva.
journal-write-failed = Atención: el último registro no se ha podido guardar en el diario: { $error }. No ha quedado anotado: vuelve a darlo.
speech-unavailable = No hay motor de voz: { $why }. Las frases se muestran como texto.
speech-failed = El motor de voz ha fallado: { $error }. Las frases se muestran como texto.

# Modelos del reconocedor de voz (tiflo models, src/hearing/models.rs).
model-language = { $lang ->
        [es] español
        [pt] portugués
        [en] inglés
        [de] alemán
        [fr] francés
        [it] italiano
        [nl] neerlandés
        [ko] coreano
       *[other] { $lang }
    }
models-no-connection = No se puede descargar el modelo de { $language }: no hay conexión con { $host }. Copia en su lugar una carpeta de modelo de vosk en { $dir }.
models-download-failed = No se puede descargar el modelo de { $language } de { $host }: { $error }. Copia en su lugar una carpeta de modelo de vosk en { $dir }.
models-unpack-failed = El modelo de { $language } se ha descargado, pero no se ha podido desempaquetar en { $dir }: { $error }.
models-checksum-mismatch = El modelo de { $language } descargado de { $host } no es el archivo que tiflo espera (su SHA-256 es { $got }, no { $expected }), así que no se ha instalado. Copia en su lugar una carpeta de modelo de vosk en { $dir }.
models-checksum-unknown = tiflo no conoce ninguna suma de comprobación para verificar el modelo de { $language }, así que no lo ha descargado. La orden tiflo models fetch { $lang } --unverified lo instala sin verificar; o copia una carpeta de modelo de vosk en { $dir }.
models-unverified = El modelo de { $language } se ha instalado sin suma de comprobación con que verificarlo; el SHA-256 de su archivo es { $sha256 }.
models-no-download = tiflo no tiene modelo de { $language } para descargar; copia una carpeta de modelo de vosk en { $dir }. Se pueden descargar modelos de { $langs }.
models-not-installed = No hay ningún modelo de voz de { $language } instalado en { $dir }. La orden tiflo models fetch { $lang } descarga uno.
models-folder-failed = No se puede usar la carpeta de modelos { $dir }: { $error }.
not-built-in = Este tiflo se compiló sin { $feature ->
        [vosk] el reconocedor vosk
        [pocketsphinx] el reconocedor pocketsphinx
        [tts] la voz de speech-dispatcher
        [mic] el micrófono
        [page] la página del asistente
        [serial] las líneas braille y los tableros DGT por puerto serie
       *[other] esa parte
    } (la opción de compilación { $feature })
models-installed = El modelo de { $language } está instalado en { $dir }.
models-none = No hay modelos de voz instalados en { $dir }.

# Hearing spoken moves (src/daemon/mod.rs, --listen).
listen-ready = Escuchando con { $engine }. Di tus jugadas.
listen-ready-adapted = Escuchando con { $engine }, adaptado a tu voz. Di tus jugadas.
listen-narrowband-plain = El sonido llega como de unos auriculares en modo llamada y no está instalado el modelo hecho para él: tus jugadas se oirán peor. Quien instaló este equipo puede instalarlo.
listen-unavailable = No puedo escuchar: { $why }. Escribe tus jugadas.
listen-no-microphone = No se ha podido abrir ningún micrófono. Escribe tus jugadas.
listen-failed = El reconocedor ha fallado: { $error }. Dejo de escuchar; escribe tus jugadas.
listen-mic-failed = El micrófono ha fallado: { $error }. Dejo de escuchar; escribe tus jugadas.
listen-ended = La grabación ha terminado. Escribe tus jugadas.

# La línea braille (src/daemon/mod.rs, --braille).
braille-ready = Línea braille { $name } lista, de { $cells } celdas.
braille-back = La línea braille { $name } ha vuelto.
braille-gone = Se ha desconectado la línea braille { $name }. La volveré a usar en cuanto vuelva.
braille-missing = No hay línea braille: { $why }. Sigo buscándola.
braille-unreadable = Lo que has escrito en braille no es una jugada legal ni una orden. Escríbelo otra vez; una jugada, también después de corregir o reclamar, se escribe con los signos de ajedrez.
braille-ambiguous = Lo que has escrito en braille puede ser más de una jugada legal; no se ha anotado nada. Escríbelo otra vez con todos los signos, como los escribe la línea braille.
braille-held = BRLTTY tiene la línea braille, pero no puedo compartirla: { $why }. Dejo su puerto serie a BRLTTY; el braille se muestra en la pantalla.
braille-talk-no-release = A través de BRLTTY no sé cuándo se suelta una tecla de { $name }, así que no puedes mantener pulsada una tecla para hablar. Pulsa el punto 8 solo y luego habla: oigo una frase.
braille-talk-no-key = { $name } no tiene ninguna tecla llamada { $key } para mantenerla pulsada mientras hablas. Pulsa Intro en el teclado y luego habla: oigo una frase.
braille-squares-refused = No puedo usar las casillas vacías de los ajustes braille-light y braille-dark: { $why }. El tablero muestra las de siempre.
braille-table-chess = { $uses ->
        [english] La tabla de texto de BRLTTY, { $table }, escribe el alfil y el caballo como b y n
        [other] La tabla de texto de BRLTTY, { $table }, escribe las piezas con las letras de { $other }
       *[none] La tabla de texto de BRLTTY, { $table }, no tiene piezas de ajedrez
    }. { $board ->
        [brltty] El tablero escribe el alfil y el caballo como b y n, igual que la tabla de ajedrez de BRLTTY.
       *[code] El tablero escribe el alfil y el caballo como l y s, según el código braille de ajedrez; con el ajuste braille-board-letters en brltty los escribe como b y n.
    }

# Practice against a chess engine.
engine-ready = Juegas contra { $name }, fuerza { $strength }. Responde a tus jugadas cuando ya no se pueden corregir; escribe pulsado para que responda enseguida.
engine-failed = El motor no puede jugar: { $why }. Escribe las jugadas del rival.

# The assistant's and arbiter's page.
page-ready = La página del asistente está en { $address }.
page-ready-lan = La página del asistente está en { $address }. Código de emparejamiento: { $code }.
page-failed = La página del asistente no puede arrancar: { $why }.

# The DGT electronic board.
dgt-ready = Tablero DGT listo.
dgt-back = El tablero DGT ha vuelto.
dgt-gone = El tablero DGT se ha desconectado: { $why }. Sigo buscándolo.
dgt-missing = No hay tablero DGT: { $why }. Sigo buscándolo.

# Adaptar el reconocedor inglés a la voz del jugador (tiflo adapt).
adapt-start = Voy a decir { $count } frases cortas en inglés, una a una. Después de cada una, repítela con claridad, como dices tus jugadas.
adapt-say = Frase { $n } de { $count }. Di: { $prompt }
adapt-say-again = No he oído nada. Otra vez la frase { $n } de { $count }. Di: { $prompt }
hear-nothing = No se ha oído habla en { $file }: ninguna jugada, ninguna palabra.
adapt-working = Adaptando el reconocedor a tu voz con { $count } grabaciones. Tarda unos segundos.
adapt-done = Hecho. El reconocedor inglés usa ahora tu voz, guardada en { $dir }.
adapt-no-voice = No hay motor de voz ({ $error }); las frases se muestran como texto.
adapt-tool-missing = La adaptación necesita el programa { $tool }, que no está instalado. Está en el paquete de Debian { $package }; bash scripts/setup.sh lo instala. El reconocedor sigue con la voz que tenía.
adapt-tool-failed = La adaptación ha fallado en { $tool }: { $error }. El reconocedor sigue con la voz que tenía.
adapt-take-failed = La grabación { $file } de la frase «{ $prompt }» no sirve: { $error }. El reconocedor sigue con la voz que tenía.
adapt-model-failed = El modelo del reconocedor en { $dir } no se puede adaptar: { $error }. El reconocedor sigue con la voz que tenía.
adapt-folder-failed = No se puede escribir en { $dir }: { $error }. El reconocedor sigue con la voz que tenía.
adapt-mic-failed = El micrófono no funciona: { $error }. El reconocedor sigue con la voz que tenía.
dgt-clock-gone = El reloj DGT no da tiempos: está desconectado o apagado. Hasta que vuelva, los tiempos son la cuenta de tiflo.
dgt-clock-back = El reloj DGT vuelve a dar tiempos.
dgt-turned = El tablero DGT está girado, con el conector a la derecha de las blancas; lo leo así.

# The journal named is a folder, a device or a pipe: refused at start.
journal-not-a-file = El diario { $file } es { $kind ->
        [folder] una carpeta
        [device] un dispositivo
        [pipe] una tubería con nombre
        [socket] un socket
       *[other] otra cosa
    }, no un archivo: una partida solo se puede guardar en un archivo.
