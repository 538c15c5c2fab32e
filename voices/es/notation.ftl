# Notaciones: por qué no se puede leer una jugada escrita (el detalle de
# why-move-syntax), los nombres de las notaciones y los avisos de
# `tiflo convert` sobre el texto que lee.

why-syntax-empty = está vacía
why-syntax-empty-move = la jugada está vacía
why-syntax-only-marks = solo hay signos, ninguna jugada
why-syntax-unknown-promotion = pieza de coronación desconocida
why-syntax-promotes-to-king = un peón no puede coronar en rey ni en peón
why-syntax-pawn-capture-file = una captura de peón cambia de columna
why-syntax-no-destination = falta la casilla de destino
why-syntax-unreadable-before = hay caracteres ilegibles antes del destino
why-syntax-dash-without-origin = un guion necesita delante la casilla de origen
why-syntax-pawn-starts-with-rank = una jugada de peón no puede empezar por una fila
why-syntax-too-long = es demasiado larga para ser una jugada
why-syntax-space-inside = hay un espacio o un carácter de control dentro de la jugada
why-syntax-stray-character = hay un carácter que no forma parte de ninguna jugada
why-syntax-castling-mark = está marcada como enroque pero es otra jugada
why-syntax-fifth-digit = la quinta cifra no nombra ninguna pieza (1=D 2=T 3=A 4=C)
why-syntax-numeric-length = una jugada numérica tiene cuatro cifras, o cinco si corona
why-syntax-numeric-origin = el origen no es una casilla (cifras del 1 al 8)
why-syntax-numeric-destination = el destino no es una casilla (cifras del 1 al 8)
why-syntax-gringmuth-syllables = una jugada Gringmuth tiene dos sílabas
why-syntax-gringmuth-first = la primera sílaba no es una casilla Gringmuth
why-syntax-gringmuth-second = la segunda sílaba no es una casilla Gringmuth
why-syntax-gringmuth-letter = hay una letra desconocida después de las dos sílabas
why-syntax-descriptive-language = la notación descriptiva solo se lee en inglés o en español
why-syntax-descriptive-too-long = es más larga que cualquier jugada descriptiva
why-syntax-descriptive-stray-any = hay un carácter que no forma parte de ninguna jugada descriptiva
why-syntax-descriptive-stray = hay un carácter que no forma parte de una jugada descriptiva
why-syntax-castling-form = el enroque se escribe O-O u O-O-O
why-syntax-castling-side = enroque hacia un lado desconocido
why-syntax-descriptive-start-en = una jugada descriptiva inglesa empieza por una pieza (K Q R B N P) o una columna (QN, KB...)
why-syntax-descriptive-start-es = una jugada descriptiva empieza por una pieza (R D T A C P)
why-syntax-nested-parentheses = hay paréntesis dentro de paréntesis
why-syntax-empty-parentheses = los paréntesis están vacíos
why-syntax-unopened-parenthesis = se cierra un paréntesis que no se ha abierto
why-syntax-unclosed-parenthesis = queda un paréntesis abierto
why-syntax-equals-without-piece = tras «=» tiene que venir la pieza de coronación
why-syntax-rank-out-of-range = las filas se numeran del 1 al 8
why-syntax-no-destination-no-capture = no hay casilla de destino ni captura
why-syntax-letter-en = no es una letra de pieza inglesa (K Q R B N)
why-syntax-letter-es = no es una letra de pieza española (R D T A C)
why-syntax-letter-pt = no es una letra de pieza portuguesa (R D T B C)
why-syntax-letter-fr = no es una letra de pieza francesa (R D T F C)
why-syntax-letter-de = no es una letra de pieza alemana (K D T L S)
why-syntax-letter-it = no es una letra de pieza italiana (R D T A C)
why-syntax-letter-nl = no es una letra de pieza neerlandesa (K D T L P)
why-syntax-figurine-expected = hay una letra donde se esperaba una figura

# Las notaciones, tal como se nombran en los errores de lectura.
dialect-san = algebraica ({ $pieces })
dialect-lan = algebraica larga ({ $pieces })
dialect-descriptive = descriptiva ({ $pieces })
dialect-uci = coordenadas UCI
dialect-koch = notación Koch
dialect-iccf = notación numérica ICCF
dialect-gringmuth = código Gringmuth
pieces-en = inglés
pieces-es = español
pieces-pt = portugués
pieces-pt-br = portugués de Brasil
pieces-fr = francés
pieces-de = alemán
pieces-it = italiano
pieces-nl = neerlandés
pieces-figurines = figuras

# Líneas de la entrada que no son UTF-8.
convert-latin1 = { $file }: { $lines ->
    [1] una línea no es UTF-8; se lee
   *[other] { $lines } líneas no son UTF-8; se leen
} como Latin-1
convert-latin1-first = { $file }: { $lines ->
    [1] una línea no es UTF-8 (la { $first }); se lee
   *[other] { $lines } líneas no son UTF-8 (la primera: la { $first }); se leen
} como Latin-1

convert-note = partida { $game }: { $note }
read-note-move-number = número de jugada «{ $written }» leído como { $expected }: una errata; sin él, el resto de la partida se lee hasta el final y cada número de jugada posterior coincide
convert-cannot-read = no se puede leer { $file }: { $why }
convert-cannot-read-stdin = no se puede leer la entrada estándar: { $why }
convert-stopped = la conversión se detuvo: { $why }
