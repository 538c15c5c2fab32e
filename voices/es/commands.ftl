# Palabras de las órdenes, escritas en el teclado (más adelante también dichas
# o tecleadas en braille). Cada mensaje da las palabras de una orden,
# separadas por comas; no importan mayúsculas ni tildes. Las palabras inglesas
# funcionan siempre, así que aquí ninguna palabra puede nombrar otra cosa.
cmd-clock = reloj, tiempo
cmd-last = última, último, últimas, últimos
cmd-moves = jugadas, planilla
cmd-board = tablero
cmd-square = casilla
cmd-pieces = piezas, dónde
cmd-rank = fila
cmd-file = columna
cmd-legal = legales, posibles
cmd-draw = tablas, ofrezco
cmd-accept = acepto, aceptar
cmd-decline = rechazo, rechazar
cmd-claim = reclamo, reclamar
cmd-resign = abandono, abandonar
cmd-correct = corrijo, corregir
cmd-takeback = anular, deshacer
cmd-result = resultado
cmd-sign = firmo, firmar
cmd-start = empezar, comenzar
cmd-press = pulsado, pulsar
cmd-set = ajustar, poner
cmd-flag = bandera
cmd-transfers = traslados, pendientes
cmd-done = hecho, listo
cmd-touched = tocada, tocado
cmd-next = siguiente, adelante
cmd-back = atrás, anterior
cmd-repeat = repite, repetir
cmd-help = ayuda
cmd-quit = salir, terminar
cmd-yes = sí, s
cmd-no = no
# Palabras de los argumentos de "piezas", "tablas", "abandono", "ajustar",
# "bandera" y "firmo".
word-white = blancas, blanca, blanco, blancos
word-black = negras, negra, negro, negros
word-mine = mis, mías, míos, mía, mío
word-theirs = rival, rivales, contrarias, contrarios
word-king = rey, reyes
word-queen = dama, damas, reina
word-rook = torre, torres
word-bishop = alfil, alfiles
word-knight = caballo, caballos
word-pawn = peón, peones
# Dichas, no tecleadas (src/hearing/grammar.rs): frases que detienen y reanudan la
# escucha (en pausa solo se atiende una frase de reanudar), y los números
# desde el nueve para "últimas diez jugadas" (del uno al ocho son las
# palabras de las filas de moves.ftl).
hear-pause = deja de escuchar, no escuches
hear-resume = vuelve a escuchar, sigue escuchando
hear-numbers = nueve, diez, once, doce, trece, catorce, quince, dieciséis
# Una partida nueva, una vez terminada esta.
cmd-new = nueva, nuevo
# Modo estudio: los comentarios de la partida, y sus variantes.
cmd-comment = comentario, comentarios
cmd-variations = variantes, variante
# The thinking time each side has used, asked on its own ("usado" alone, or after the clock word).
cmd-used = usado, consumido
