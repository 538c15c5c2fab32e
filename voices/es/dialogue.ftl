# The dialogue's questions and short answers (src/game/session/dialogue.rs).

# Instead of a list of more than four candidate moves, inside a question or
# an error: how many there are, and how to hear them.
choices-many = { $count } jugadas; escribe lista para oírlas
# The words that ask for that list (typed), separated by commas.
answer-list = lista
choices-listed = Las jugadas: { $choices }.
choices-no-list = No hay ninguna lista de jugadas que leer.
# One pending transfer, numbered (for "done 2") when several are pending.
transfer-numbered = número { $n }, { $item }
transfer-no-number = No hay ningún traslado pendiente con el número { $n }.
# On resuming a game: the last move of each side, and a draw offer that
# still awaits its answer.
resume-last-moves = Últimas jugadas: { $moves }.
resume-offer = { $side ->
        [Blancas] Las blancas
       *[other] Las negras
    } ofrecieron tablas, aún sin respuesta.
