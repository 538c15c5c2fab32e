# Lo que tiflo dice durante la partida. Argumentos: $side y $other son
# side-white / side-black; $move, una jugada en la notación del jugador;
# $winner (white, black, none) elige result-words: los resultados se dicen con palabras, nunca 1-0 ni ½-½.
side-white = Blancas
side-black = Negras
# El bando con su artículo ("las blancas ofrecen tablas", "el reloj de las
# negras") se elige sobre el texto de $side (side-white o side-black).
list-separator = {", "}

game-new = Partida nueva. Juegas con { $color ->
        [white] blancas
       *[black] negras
    }. Ritmo de juego: { $control }. Escribe ayuda para las órdenes.
game-resumed = Partida reanudada desde el diario: { $moves ->
        [1] una jugada recuperada.
       *[other] { $moves } jugadas recuperadas.
    }
game-resumed-charged = Partida reanudada desde el diario: { $moves ->
        [1] una jugada recuperada.
       *[other] { $moves } jugadas recuperadas.
    } tiflo estuvo parado { $down }; ese tiempo se ha cargado al reloj de { $side ->
        [Blancas] las blancas
       *[other] las negras
    }.
journal-torn = El último registro del diario estaba incompleto, escrito cuando tiflo se detuvo; se ha descartado.
to-move = Jugada { $number }, juegan { $side ->
        [Blancas] las blancas
       *[other] las negras
    }.
control-period = { $moves ->
        [0] { $time }
       *[other] { $moves } jugadas en { $time }
    }{ $bonus ->
        [increment] , más { $extra } por jugada
        [delay] , con { $extra } de demora
        [bronstein] , con demora Bronstein de { $extra }
       *[none] {""}
    }
control-then = { $first }; después, { $rest }

move-said = { $number }. { $side }: { $move }
move-confirm = { $side }: ¿{ $move }? Sí o no.
move-choose = { $text } puede ser: { $choices }. Escribe el número o la jugada.
choice-item = { $n }: { $move }
choice-out-of-range = Ese número no es ninguna de las opciones.
answer-no = No anotada.
nothing-asked = No hay ninguna pregunta que responder.
choice-need-number = ¿Cuál de ellas? Responde con su número.
answer-late = Esa respuesta llegó demasiado tiempo después de la pregunta y no cuenta.
move-unreadable = No entiendo { $text } como jugada ni como orden. Escribe ayuda para las órdenes.
move-illegal = { $text } no es una jugada legal de { $side ->
        [Blancas] las blancas
       *[other] las negras
    }. { $count ->
        [0] {""}
       *[other] Jugadas legales parecidas: { $candidates }.
    }
move-ambiguous = { $text } es ambigua: { $candidates }. Nombra la jugada completa.
move-promotion-missing = { $text } corona un peón: nombra la pieza, por ejemplo { $candidates }.
move-not-capture = { $text } está escrita como captura, pero no captura nada. { $count ->
        [0] {""}
       *[other] ¿Querías decir { $candidates }?
    }
move-not-en-passant = { $text } está escrita al paso, pero no es una captura al paso.
move-not-promotion = { $text } nombra una pieza de coronación, pero no corona.
move-other-promotion = { $text }: el peón puede coronar, pero no en esa pieza. { $count ->
        [0] {""}
       *[other] Posibles: { $candidates }.
    }
game-over = La partida ha terminado. { result-words }. No se ha anotado nada.

corrected = Corregida: { $old } pasa a ser { $new }.
correct-too-late = Ya no se puede corregir: el reloj del rival está en marcha. Solo el árbitro puede anular una jugada.
correct-nothing = No hay ninguna jugada que corregir.
correct-same = Esa es la jugada ya anotada.
correct-confirm = { $side }: ¿corrijo la última jugada a { $move }? Sí o no.
correct-choose = ¿Corrijo la última jugada a { $choices }? Di el número, o no.
takeback-confirm = Árbitro: ¿anular { $move }? Sí o no.
takeback-nothing = No hay ninguna jugada que anular.
taken-back = El árbitro ha anulado { $move }.
pressed = En marcha el reloj de { $side ->
        [Blancas] las blancas
       *[other] las negras
    }.
press-nothing = No hay ninguna jugada esperando al reloj.
clock-started = Relojes en marcha. Juegan { $side ->
        [Blancas] las blancas
       *[other] las negras
    }.
clock-already-started = Los relojes ya están en marcha.

draw-offered = { $side ->
        [Blancas] Las blancas
       *[other] Las negras
    } ofrecen tablas.
draw-declined = Oferta de tablas rechazada.
draw-lapsed = La oferta de tablas decae: se ha jugado en su lugar.
no-offer = No hay ninguna oferta de tablas.
claimable-threefold = Esta posición ha aparecido tres veces: { $side ->
        [Blancas] las blancas
       *[other] las negras
    } pueden reclamar tablas.
claimable-fifty = Cincuenta jugadas sin captura ni movimiento de peón: { $side ->
        [Blancas] las blancas
       *[other] las negras
    } pueden reclamar tablas.
claim-invalid = La reclamación no es válida: ni triple repetición ni cincuenta jugadas. Se añaden dos minutos al reloj de { $side ->
        [Blancas] las blancas
       *[other] las negras
    }, y la partida sigue.
claim-move-stands = La jugada anunciada queda hecha.
resign-confirm = ¿Abandonan { $side ->
        [Blancas] las blancas
       *[other] las negras
    }? Sí o no.
result-confirm = { result-words }: ¿están de acuerdo los dos jugadores? Sí o no.
flag-confirm = ¿Ha caído la bandera de { $side ->
        [Blancas] las blancas
       *[other] las negras
    } en el reloj real? Sí o no.
flag-own-clock = tiflo lleva el tiempo: la bandera de { $side ->
        [Blancas] las blancas
       *[other] las negras
    } no ha caído. Escribe reloj para los tiempos.

result-words = { $winner ->
        [white] Ganan las blancas, uno a cero
        [black] Ganan las negras, cero a uno
       *[none] Tablas, medio punto para cada uno
    }
end-checkmate = Jaque mate. { result-words }.
end-stalemate = Rey ahogado. { result-words }.
end-insufficient = Ningún bando puede dar mate. { result-words }.
end-fivefold = La misma posición por quinta vez: la partida es tablas, medio punto para cada uno.
end-seventy-five = Setenta y cinco jugadas sin captura ni movimiento de peón: la partida es tablas, medio punto para cada uno.
end-claim-threefold = Tablas reclamadas por triple repetición: medio punto para cada uno.
end-claim-fifty = Tablas reclamadas por la regla de las cincuenta jugadas: medio punto para cada uno.
end-resigned = { $side ->
        [Blancas] Las blancas
       *[other] Las negras
    } abandonan. { result-words }.
end-flag = Ha caído la bandera de { $side ->
        [Blancas] las blancas
       *[other] las negras
    }. { result-words }.
end-flag-draw = Ha caído la bandera de { $side ->
        [Blancas] las blancas
       *[other] las negras
    }, pero { $other ->
        [Blancas] las blancas
       *[other] las negras
    } no pueden dar mate. { result-words }.
end-agreed = Tablas de mutuo acuerdo: medio punto para cada uno.
end-declared = Resultado: { result-words }.
flag-estimate = Según la cuenta de tiflo, a { $side ->
        [Blancas] las blancas
       *[other] las negras
    } no les queda tiempo. Comprueba el reloj real; si ha caído la bandera, escribe bandera.
signed = { $side ->
        [Blancas] Las blancas
       *[other] Las negras
    } firman el resultado. { result-words }.
sign-already = { $side ->
        [Blancas] Las blancas
       *[other] Las negras
    } ya han firmado.
sign-not-over = La partida no ha terminado; no hay resultado que firmar.

low-time = { $side }: quedan { $time }.
exempt = { $side ->
        [Blancas] Las blancas
       *[other] Las negras
    } tienen menos de cinco minutos y ningún incremento de 30 segundos: no están obligadas a anotar (artículo 8.4).
last-move = Última jugada: { $move }.
no-moves = Todavía no hay jugadas.
sheet = Planilla: { $moves }.
sheet-white = { $number }. { $move }{ $offer ->
        [yes] , ofrece tablas
       *[no] {""}
    }
sheet-black = { $move }{ $offer ->
        [yes] , ofrece tablas
       *[no] {""}
    }
sheet-black-first = { $number }... { $move }{ $offer ->
        [yes] , ofrece tablas
       *[no] {""}
    }
piece = { $color ->
        [white] { $role ->
            [king] rey blanco
            [queen] dama blanca
            [rook] torre blanca
            [bishop] alfil blanco
            [knight] caballo blanco
           *[pawn] peón blanco
        }
       *[black] { $role ->
            [king] rey negro
            [queen] dama negra
            [rook] torre negra
            [bishop] alfil negro
            [knight] caballo negro
           *[pawn] peón negro
        }
    }
piece-on = { $piece } en { $square }
board-rank = Fila { $rank }: { $count ->
        [0] vacía
       *[other] { $pieces }
    }.
board-file = Columna { $file }: { $count ->
        [0] vacía
       *[other] { $pieces }
    }.
square-piece = { $square }: { $piece }.
square-empty = { $square }: vacía.
pieces-found = { $count ->
        [0] Ninguna.
       *[other] { $pieces }.
    }

last-moves = Las últimas { $count } jugadas: { $moves }.
last-moves-all = { $count ->
        [1] Solo hay una jugada
       *[other] Solo hay { $count } jugadas
    }: { $moves }.
legal-piece = { $piece }: { $count ->
        [0] ninguna jugada legal
       *[other] { $moves }
    }.
legal-no-piece = No hay { $piece } en el tablero.
legal-other-side = { $square }: { $piece }. Juegan { $side ->
        [Blancas] las blancas
       *[other] las negras
    }.
legal-over = La partida ha terminado: ya no hay jugadas.

command-need-square = { $command } necesita una casilla, por ejemplo e4.
command-need-piece = { $command } necesita una pieza o un color, por ejemplo caballo blanco.
command-need-move = { $command } necesita la jugada que querías decir, por ejemplo Cc3.
command-need-result = { $command } necesita 1-0, 0-1 o 1/2.
command-need-times = { $command } necesita los tiempos, primero blancas y luego negras, por ejemplo 1:05:00 58:10, o un color y un tiempo.
command-need-rank = { $command } necesita una fila del 1 al 8, por ejemplo { $command } 4.
command-need-file = { $command } necesita una columna de la a a la h, por ejemplo { $command } e.
command-need-square-or-piece = { $command } necesita una casilla o una pieza, por ejemplo { $command } e2 o { $command } caballo.
command-need-count = { $command } lleva un número de jugadas, 1 o más, por ejemplo { $command } 5.
command-extra = { $command } no lleva esas palabras.
help = Escribe una jugada en cualquier notación, del bando al que le toca. Órdenes: reloj; tiempo usado; última, o últimas 5 para las cinco últimas jugadas; jugadas; tablero; casilla e4; piezas caballo blanco, o dónde mis caballos; fila 4; columna e; legales e2, o legales caballo, para las jugadas legales; tablas, o una jugada y tablas (Cf3 tablas); acepto; rechazo; reclamo, o reclamo con una jugada; abandono; corrijo y la jugada que querías decir; anular, para el árbitro; resultado 1-0; firmo; empezar; pulsado, cuando arranca el reloj del rival; ajustar y los tiempos; bandera; traslados; hecho, cuando una jugada ya está en el otro tablero; tocada; siguiente y atrás, comentario y variantes, en un estudio; nueva, para una partida nueva cuando esta termine; repite; ayuda; salir. De viva voz: deja de escuchar, y vuelve a escuchar.
quit = Hasta luego. La partida queda guardada y se reanuda al volver a arrancar tiflo.

# A move said aloud (src/game/session.rs, Event::Heard).
heard-nothing = He oído «{ $text }», que no es una jugada legal. No se ha anotado nada; repítela.
heard-no-words = No he entendido ninguna palabra. No se ha anotado nada; repítelo.
heard-choose = ¿Has dicho { $choices }? Di el número, o no.
# confirm = "echo": una jugada oída con seguridad, anotada y repetida en pocas
# palabras; un «no» la anula mientras aún se puede corregir, después queda.
move-echo = { $move }.
move-undone = Anulada la jugada { $move }.
echo-too-late = Ya no se puede anular { $move }: pasó el tiempo para corregirla. Solo el árbitro puede anular una jugada.

# Listening by voice paused and resumed (src/hearing/grammar.rs, Event::Listening);
# $phrase is the first phrase of hear-resume in commands.ftl.
listening-paused = Escucha en pausa. Di { $phrase } para que vuelva a escuchar.
listening-resumed = Vuelvo a escuchar.
# Hearing always, the listener heard so much talk that it was not spoken to (cut at its longest,
# or too long to be an answer) that answers said aloud are not taken, and later that it is quieter.
hearing-talk-around = Hay mucha conversación alrededor: ahora no tomo un sí, un no ni un número dichos en voz alta, y una jugada solo si se dice breve. Escribe la respuesta o mantén pulsada la tecla para hablar.
hearing-quieter = Hay menos ruido: vuelvo a tomar las respuestas y las frases largas dichas en voz alta.
# Board transfer (src/game/transfer.rs): moves still to be reproduced on the other
# board, and how to put a tournament board right.
transfer-tournament = { $move }: falta hacerla en el tablero de torneo
transfer-special = { $move }: falta ponerla en tu tablero
transfers-pending = Traslados pendientes: { $list }.
transfers-none = No hay traslados pendientes.
transfer-reminder = Recuerda. Traslados pendientes: { $list }.
transfer-done-tournament = En el tablero de torneo: { $move }.
transfer-done-special = En tu tablero: { $move }.
# How to fix a board, as instructions: { $piece } is fix-piece (with its
# article, as the object of the verb), { $role } selects a pronoun.
fix-piece = { $color ->
        [white] { $role ->
             [king] el rey blanco
             [queen] la dama blanca
             [rook] la torre blanca
             [bishop] el alfil blanco
             [knight] el caballo blanco
            *[pawn] el peón blanco
        }
       *[black] { $role ->
             [king] el rey negro
             [queen] la dama negra
             [rook] la torre negra
             [bishop] el alfil negro
             [knight] el caballo negro
            *[pawn] el peón negro
        }
    }
fix-move = quita { $piece } de { $from } y { $role ->
        [queen] ponla
        [rook] ponla
       *[other] ponlo
    } en { $to }
fix-remove = quita { $piece } de { $from }
fix-put = pon { $piece } en { $on }
fix-separator = {"; "}
fix-board = El tablero de torneo no coincide con la partida. { $steps }.
# A piece an electronic board saw lifted.
touched = Tu rival ha tocado: { $piece } en { $square }.
touched-none = Nadie ha tocado ninguna pieza desde la última jugada.
# Study mode: a game replayed move by move.
study-begin = Estudio: { $count } jugadas. Siguiente y atrás las recorren; una jugada escrita intenta adivinar la siguiente.
study-not-this = { $move } no es la jugada de la partida. Prueba otra vez, o di siguiente.
study-end = Fin de la partida.
study-back = Atrás, antes de { $move }.
study-start = Al principio de la partida.
study-only = Siguiente y atrás sirven para estudiar una partida: tiflo daemon --study PARTIDA.pgn.

# A command heard by voice that changes the game (a draw offer, accepting
# or declining one, a claim) is read back before it is done.
heard-command-confirm = He oído: { $command }. ¿Es correcto? Sí o no.
heard-command-dropped = No hago nada.

# A move entered on the assistant's page that is a command or other words.
typed-not-a-move = { $text } no es una jugada.

# The tournament board reported on the assistant's page is right.
board-right = El tablero de torneo coincide con la partida.

# A typed line (or one sent from the braille keyboard or the page) longer than tiflo reads.
line-too-long = Es demasiado largo para leerlo: como mucho { $most } caracteres. No se ha anotado nada.
# Una jugada leída de vuelta con la oferta de tablas escrita tras ella ("Cf3 tablas").
move-confirm-offer = { $side }: ¿{ $move }, con oferta de tablas? Sí o no.
# Una jugada que solo las letras de otro idioma leen en el texto (una letra
# inglesa escrita en español): se pregunta, nunca se anota sin un sí.
move-foreign-confirm = { $text } no es una jugada legal de { $side ->
        [Blancas] las blancas
       *[other] las negras
    }. ¿Quisiste decir { $move }? Sí o no.
move-foreign-confirm-offer = { $text } no es una jugada legal de { $side ->
        [Blancas] las blancas
       *[other] las negras
    }. ¿Quisiste decir { $move }, con oferta de tablas? Sí o no.
# "tocada" sin tablero electrónico que vea las piezas levantadas: nada puede saberlo.
touched-no-sensor = No hay tablero electrónico conectado: nada puede decir si se ha tocado una pieza.
# Práctica: corregir la jugada del motor (solo las del jugador son lapsus).
correct-engine = Las jugadas del motor no se corrigen, solo las tuyas. Escribe anular para anular una.
# Una partida terminada que se reanuda antes de firmarla (artículo 8.7).
game-unsigned = La planilla aún no está firmada: escribe firmo para firmarla, o nueva para una partida nueva.
new-not-over = La partida no ha terminado: una partida nueva empieza cuando esta haya terminado.
# Modo estudio: lo que es propio de una partida en juego, los comentarios y
# variantes de la partida donde está el estudio, y su final con el resultado.
study-not-here = { $command } no tiene sentido en un estudio: no hay reloj, ni rival, ni árbitro. Siguiente y atrás recorren la partida.
study-comment = Comentario: { $text }
study-no-comment = Aquí no hay comentario.
study-variations = En lugar de { $move }: { $lines }.
study-no-variations = Aquí no hay variantes.
study-line-separator = {"; "}
study-end-result = Fin de la partida. { result-words }.
