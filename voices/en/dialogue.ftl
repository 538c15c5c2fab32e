# The dialogue's questions and short answers (src/game/session/dialogue.rs).

# Instead of a list of more than four candidate moves, inside a question or
# an error: how many there are, and how to hear them.
choices-many = { $count } moves; type list to hear them
# The words that ask for that list (typed), separated by commas.
answer-list = list
choices-listed = The moves: { $choices }.
choices-no-list = There is no list of moves to read.
# One pending transfer, numbered (for "done 2") when several are pending.
transfer-numbered = number { $n }, { $item }
transfer-no-number = There is no pending transfer number { $n }.
# On resuming a game: the last move of each side, and a draw offer that
# still awaits its answer.
resume-last-moves = Last moves: { $moves }.
resume-offer = { $side } offered a draw, still unanswered.
