# Por qué algo ha fallado: los motivos dichos dentro de las frases del
# programa ("No hay línea braille: { $why }."). Los datos (una ruta, un
# puerto, las palabras de otro programa) se citan tal cual.

why-and = { $first }; { $then }

why-os-not-found = no existe
why-os-permission = no hay permiso para usarlo
why-os-busy = otro programa lo está usando
why-os-timed-out = no ha respondido a tiempo
why-os-refused = se ha rechazado la conexión
why-os-lost = se ha perdido la conexión
why-os-full = el disco está lleno
why-os-read-only = está en un disco de solo lectura
why-os-other = error del sistema: { $detail }

why-braille-none = no se ha encontrado ninguna línea braille
why-braille-port = el puerto { $port }: { $why }
why-braille-failed = la línea braille ha fallado: { $why }
why-braille-no-answer = ninguna línea braille { $protocol } ha respondido en { $seconds } segundos
why-braille-unknown-model = el modelo { $model } de la línea HandyTech es desconocido
why-braille-no-key-table = la línea braille { $name } no tiene tabla de teclas
why-braille-baum-modular = la línea braille es una Baum Vario Pro modular ({ $cells } celdas), que el controlador propio de tiflo no maneja: compártela a través de BRLTTY (braille = brlapi)
why-braille-unknown-protocol = el protocolo braille { $name } es desconocido (se conocen: baum, handytech)

why-brlapi-address = no se puede usar la dirección de BrlAPI { $address }
why-brlapi-unreachable = ningún BRLTTY responde en { $address }
why-brlapi-forbidden = el socket { $path } de BRLTTY existe, pero tiflo no tiene permiso para conectarse
why-brlapi-timeout = BRLTTY en { $address } no ha respondido a tiempo
why-brlapi-closed = BRLTTY ha cerrado la conexión
why-brlapi-version = BRLTTY habla la versión { $version } de BrlAPI; tiflo necesita la versión 8 o posterior
why-brlapi-key-empty = BRLTTY pide su clave, y el archivo de clave { $path } está vacío
why-brlapi-key-permission = BRLTTY pide su clave, y tiflo no tiene permiso para leer el archivo de clave { $path }: ¿está este usuario en el grupo del archivo (brlapi en Debian)?
why-brlapi-key-file = BRLTTY pide su clave, y no se puede leer el archivo de clave { $path }: { $why }
why-brlapi-authentication = BRLTTY ha rechazado la clave de tiflo
why-brlapi-no-auth-method = BRLTTY pide un tipo de autenticación que tiflo no conoce
why-brlapi-no-display = BRLTTY no tiene línea braille
why-brlapi-refused = BRLTTY ha rechazado una petición (error { $code })
why-brlapi-ended = BRLTTY ha terminado la conexión (error { $code })
why-brlapi-protocol = no se ha podido entender la respuesta de BRLTTY
why-brlapi-not-ready = la conexión con BRLTTY no está lista
why-brlapi-io = la conexión con BRLTTY ha fallado: { $why }

why-board-same-cell = con estas letras, dos clases de casilla tendrían la misma celda; elige otras casillas vacías
why-board-broken = las tablas braille de esta versión están dañadas

why-dgt-port = el puerto { $port }: { $why }
why-dgt-silent = ningún tablero DGT responde en { $port }
why-dgt-lost = se ha perdido la conexión con el tablero: { $why }
why-dgt-stopped = el tablero ha dejado de responder
why-dgt-closed = se ha cerrado el puerto

why-engine-start = no se puede arrancar el motor { $command }: { $why }
why-engine-stopped = el motor se ha detenido
why-engine-silent = el motor no ha respondido en { $seconds } segundos
why-engine-no-move = el motor ha respondido { $answer }, que no es una jugada

why-no-random = ha fallado la fuente de azar del sistema

why-speech-bad-choice = la salida de voz { $choice } es desconocida (tts, wav:CARPETA o text)
why-speech-no-voice-for = el motor de voz no tiene voz para el idioma { $lang }
why-speech-no-voice-named = el motor de voz no tiene ninguna voz llamada { $name }
why-speech-bad-setting = el ajuste { $setting } debe ser un número de 0 a 1, no { $value }
why-speech-no-answer = speech-dispatcher no ha respondido en { $seconds } segundos
why-speech-silent = speech-dispatcher ha recibido una frase pero no la ha terminado en { $seconds } segundos (¿no hay salida de sonido?)
why-speech-crashed = speech-dispatcher se ha detenido al arrancar
why-speech-stopped = la voz se ha detenido
why-speech-dispatcher = no se puede contactar con speech-dispatcher: { $why }
why-speech-dispatcher-refused = speech-dispatcher ha rechazado la petición
why-speech-folder = no se puede crear la carpeta { $path }: { $why }
why-speech-espeak-missing = no se puede ejecutar espeak-ng: { $why }
why-speech-espeak-failed = espeak-ng ha fallado ({ $status })

why-hear-unavailable = no se puede usar el reconocedor { $engine }: { $why }
why-hear-empty-grammar = el reconocedor { $engine } no conoce ninguna de las palabras que hay que oír
why-hear-failed = el reconocedor { $engine } ha dejado de funcionar
why-hear-missing-package = falta { $path } (instala el paquete { $package })
why-hear-adapted-missing = falta { $path } (vuelve a ejecutar tiflo adapt)
why-hear-missing-script = falta { $path } (ejecute { $script })
why-hear-config-refused = se han rechazado sus ajustes
why-hear-english-only = solo oye inglés, y el idioma es { $lang }
why-hear-no-words = no hay palabras que oír en { $lang }
why-model-not-a-folder = { $dir } no es una carpeta
why-model-lacks = { $dir } no es una carpeta de modelo de vosk (no tiene { $files })
why-model-compiled = el modelo de vosk { $dir } tiene un grafo compilado ({ $file }), que no oye palabras elegidas; usa un modelo pequeño
why-model-not-loaded = no se ha podido cargar el modelo de { $dir }
why-model-path-not-utf8 = no se puede usar la ruta del modelo { $dir } (no es UTF-8)
why-mic-none = no hay ningún micrófono conectado
why-mic-no-input-named = ninguna entrada se llama { $name }; las entradas son: { $inputs }
why-mic-format = el formato de muestras { $format } del micrófono no es compatible
why-mic-unplugged = se ha desconectado el micrófono
why-mic-system = el sistema de sonido ha dicho: { $detail }
why-wav-read = no se puede leer el archivo de sonido { $path }: { $why }
why-wav-format = { $path } no es un archivo WAV que tiflo sepa leer
why-stdin-audio = no se puede leer el sonido de la entrada estándar: { $why }
why-audio-file = no se puede leer la entrada de sonido { $path }: { $why }

why-journal-create-dir = no se puede crear la carpeta { $path } del diario: { $why }
why-journal-create = no se puede crear el diario { $path }: { $why }
why-journal-open = no se puede abrir el diario { $path }: { $why }
why-journal-read = no se puede leer el diario { $path }: { $why }
why-journal-write = no se puede escribir en el diario { $path }: { $why }
why-journal-sync = no se puede guardar en el disco el diario { $path }: { $why }
why-journal-encode = no se puede escribir el registro en el diario
why-journal-poisoned = ha fallado una escritura anterior en el diario { $path }; hay que volver a abrirlo
why-journal-damaged = el diario { $path } está dañado en la línea { $line }, tras { $records } registros buenos

# Adaptar el reconocedor a la voz del jugador (tiflo adapt).
why-tool-exit = terminó con el código { $code }
why-tool-killed = lo detuvieron antes de terminar
why-tool-said = dijo: { $log }
why-take-too-short = tiene menos de una décima de segundo de sonido
why-take-silent = no se oyó nada
why-model-file = no se puede leer su archivo { $file }: { $why }
why-weights-short = su archivo { $file } se acaba antes de tiempo
why-weights-header = su archivo { $file } tiene una cabecera que tiflo no sabe leer
why-weights-clustered = su archivo { $file } tiene pesos agrupados, que tiflo no sabe leer
why-weights-size = su archivo { $file } tiene { $found } octetos de pesos donde se esperaban { $expected }
why-mic-stopped = el micrófono dejó de enviar sonido

## Leer una partida (tiflo convert): dónde, y por qué.
why-read-game = partida { $game }, jugada { $move } ({ $side }), línea { $line }:{ $column }: { $why }; posición: { $fen }
why-read-game-candidates = partida { $game }, jugada { $move } ({ $side }), línea { $line }:{ $column }: { $why }; posición: { $fen }; candidatas: { $candidates }
why-read-white = blancas
why-read-black = negras
why-read-move = no se puede leer «{ $token }» como { $dialect }: { $why }
why-read-move-number = el número de jugada «{ $token }» ({ $found }) donde se esperaba la jugada { $expected }
why-read-mark = el signo «{ $token }» no sigue a ninguna jugada
why-read-unopened-variation = «)» no cierra ninguna variante
why-read-bad-variation = una variante que nunca se cierra, o que no tiene jugada a la que sustituir
why-read-unclosed-comment = un comentario «{"{"}» que nunca se cierra
why-read-bad-tag = «{ $token }» no es una etiqueta: una etiqueta se cierra en su propia línea, antes de las jugadas
why-read-bad-fen = la etiqueta FEN no es una posición legal: { $detail }
why-read-variant = la partida es de { $variant }, no de ajedrez normal
why-read-incomplete-announced = la partida está incompleta: sus jugadas terminan tras «{ $token }», antes del resultado { $announced } que anuncia su etiqueta Result
why-read-incomplete = la partida está incompleta: el texto termina tras «{ $token }», sin resultado, en una posición que no termina la partida
why-read-null-move = la jugada nula «{ $token }» no puede hacerse aquí (en jaque, o en una salida sin jugadas nulas)
why-read-ambiguous-notation = la notación es ambigua; el texto se lee entero como { $readings }
why-read-reading = { $dialect } (primera diferencia: { $first })
why-read-reading-more = { $first } y como { $then }
why-move-syntax = no es una jugada: { $detail }
why-move-no-legal = ninguna jugada legal encaja
why-move-ambiguous = encaja más de una jugada legal
why-move-promotion-missing = el peón corona pero no se nombra ninguna pieza
why-move-capture-mark = está marcada como captura pero no captura nada
why-move-en-passant-mark = está marcada al paso pero no es una captura al paso
why-move-promotion-mark = nombra una pieza de coronación pero no corona
why-move-other-promotion = el peón puede coronar, pero no en la pieza nombrada
