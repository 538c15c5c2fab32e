# The dialogue's questions and short answers (src/game/session/dialogue.rs).

# Instead of a list of more than four candidate moves, inside a question or
# an error: how many there are, and how to hear them.
choices-many = { $count } zetten; typ lijst om ze te horen
# The words that ask for that list (typed), separated by commas.
answer-list = lijst
choices-listed = De zetten: { $choices }.
choices-no-list = Er is geen lijst van zetten om voor te lezen.
# One pending transfer, numbered (for "done 2") when several are pending.
transfer-numbered = nummer { $n }, { $item }
transfer-no-number = Er is geen openstaande overzetting met nummer { $n }.
# On resuming a game: the last move of each side, and a draw offer that
# still awaits its answer.
resume-last-moves = Laatste zetten: { $moves }.
resume-offer = { $side } heeft remise aangeboden, nog onbeantwoord.
