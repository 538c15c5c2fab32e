# Command words, typed at the keyboard (later also said or keyed in braille).
# Each message lists the words for one command, separated by commas; case and
# accents do not matter. The English words always work in every language, so
# a word here must not name anything else in this file.
cmd-clock = clock, time
cmd-last = last
cmd-moves = moves, scoresheet
cmd-board = board
cmd-square = square
cmd-pieces = pieces, where
cmd-rank = rank, row
cmd-file = file, column
cmd-legal = legal
cmd-draw = draw, offer
cmd-accept = accept
cmd-decline = decline
cmd-claim = claim
cmd-resign = resign
cmd-correct = correct
cmd-takeback = takeback, undo
cmd-result = result
cmd-sign = sign, agree
cmd-start = start
cmd-press = press, pressed
cmd-set = set
cmd-flag = flag
cmd-transfers = transfers, pending
cmd-done = done, finished, copied
cmd-touched = touched
cmd-next = next, forward
cmd-back = back, previous
cmd-repeat = repeat, again
cmd-help = help, ?
cmd-quit = quit, exit
cmd-yes = yes, y
cmd-no = no
# Words in the arguments of "pieces", "legal", "draw", "resign", "set", "flag",
# "sign".
word-white = white, whites
word-black = black, blacks
word-mine = my, mine
word-theirs = opponent, opponents, theirs
word-king = king, kings, k
word-queen = queen, queens, q
word-rook = rook, rooks, r
word-bishop = bishop, bishops, b
word-knight = knight, knights, n
word-pawn = pawn, pawns, p
# Said, not typed (src/hearing/grammar.rs): phrases that pause and resume listening
# (while paused only a resume phrase is acted on), and the numbers from nine
# on for "last ten moves" (one to eight are the rank words of moves.ftl).
hear-pause = stop listening, pause listening
hear-resume = start listening, resume listening
hear-numbers = nine, ten, eleven, twelve, thirteen, fourteen, fifteen, sixteen
# A new game once this one is over and signed or left unsigned.
cmd-new = new
# Study mode: the game's comments, and its variations.
cmd-comment = comment, comments
cmd-variations = variations, variation
# The thinking time each side has used, asked on its own ("used" alone, or after the clock word).
cmd-used = used, spent
