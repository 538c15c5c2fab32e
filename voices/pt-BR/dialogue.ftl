# The dialogue's questions and short answers (src/game/session/dialogue.rs).

# Instead of a list of more than four candidate moves, inside a question or
# an error: how many there are, and how to hear them.
choices-many = { $count } lances; escreva lista para ouvi-los
# The words that ask for that list (typed), separated by commas.
answer-list = lista
choices-listed = Os lances: { $choices }.
choices-no-list = Não há nenhuma lista de lances para ler.
# One pending transfer, numbered (for "done 2") when several are pending.
transfer-numbered = número { $n }, { $item }
transfer-no-number = Não há nenhuma transferência pendente com o número { $n }.
# On resuming a game: the last move of each side, and a draw offer that
# still awaits its answer.
resume-last-moves = Últimos lances: { $moves }.
resume-offer = As { $side } propuseram empate, ainda sem resposta.
