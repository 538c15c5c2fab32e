# The dialogue's questions and short answers (src/game/session/dialogue.rs).

# Instead of a list of more than four candidate moves, inside a question or
# an error: how many there are, and how to hear them.
choices-many = { $count } mosse; scrivi elenco per sentirle
# The words that ask for that list (typed), separated by commas.
answer-list = elenco, lista
choices-listed = Le mosse: { $choices }.
choices-no-list = Non c'è nessun elenco di mosse da leggere.
# One pending transfer, numbered (for "done 2") when several are pending.
transfer-numbered = numero { $n }, { $item }
transfer-no-number = Non c'è nessun trasferimento in sospeso con il numero { $n }.
# On resuming a game: the last move of each side, and a draw offer that
# still awaits its answer.
resume-last-moves = Ultime mosse: { $moves }.
resume-offer = Il { $side } ha proposto patta, ancora senza risposta.
