# The dialogue's questions and short answers (src/game/session/dialogue.rs).

# Instead of a list of more than four candidate moves, inside a question or
# an error: how many there are, and how to hear them.
choices-many = { $count } Züge; geben Sie Liste ein, um sie zu hören
# The words that ask for that list (typed), separated by commas.
answer-list = Liste
choices-listed = Die Züge: { $choices }.
choices-no-list = Es gibt keine Liste von Zügen zum Vorlesen.
# One pending transfer, numbered (for "done 2") when several are pending.
transfer-numbered = Nummer { $n }, { $item }
transfer-no-number = Es gibt keine offene Übertragung mit der Nummer { $n }.
# On resuming a game: the last move of each side, and a draw offer that
# still awaits its answer.
resume-last-moves = Letzte Züge: { $moves }.
resume-offer = { $side } hat Remis angeboten, noch unbeantwortet.
