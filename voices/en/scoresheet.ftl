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
