# The printed scoresheet (FIDE Article 8, Appendix C).
scoresheet-title = Scoresheet
white = White
black = Black
event = Event
site = Site
date = Date
round = Round
result = Result
result-unknown = game not finished
draw-offer-legend = (=) draw offered with this move
clock-legend = clock times in brackets: time left after the move
claim = claim: { $what }
claim-threefold = threefold repetition
claim-fifty-moves = fifty moves
# A wrong claim on the printed scoresheet, with its penalty (Article 9.5.2).
claim-rejected = claim by { $side } rejected: +2 min to { $other }
# A note on a move of a converted record: the written move fitted several legal moves, and only one let the rest of the game be read.
read-note-settled = { $written } read as { $chosen }: the only reading with which the rest of the game reads to its end (not { $others })
# The printed scoresheet's table head, the end of the game and the signatures (Article 8.7).
sheet-move-number = No.
sheet-ending = How the game ended
sheet-signatures = Signatures
sheet-signed = signed, result { $result }
sheet-unsigned = not signed
