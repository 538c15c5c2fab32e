# The dialogue's questions and short answers (src/game/session/dialogue.rs).

# Instead of a list of more than four candidate moves, inside a question or
# an error: how many there are, and how to hear them.
choices-many = { $count } coups ; tapez liste pour les entendre
# The words that ask for that list (typed), separated by commas.
answer-list = liste
choices-listed = Les coups : { $choices }.
choices-no-list = Il n'y a aucune liste de coups à lire.
# One pending transfer, numbered (for "done 2") when several are pending.
transfer-numbered = numéro { $n }, { $item }
transfer-no-number = Aucun transfert en attente ne porte le numéro { $n }.
# On resuming a game: the last move of each side, and a draw offer that
# still awaits its answer.
resume-last-moves = Derniers coups : { $moves }.
resume-offer = Les { $side } ont proposé nulle, toujours sans réponse.
