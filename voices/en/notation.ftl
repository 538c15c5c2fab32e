# Notations: why a written move cannot be read (the detail of
# why-move-syntax), the names of the notations, and the notes of
# `tiflo convert` on the text it reads. The English words are also the
# library's own (its error texts): change them together.

why-syntax-empty = empty
why-syntax-empty-move = empty move
why-syntax-only-marks = only marks, no move
why-syntax-unknown-promotion = unknown promotion piece
why-syntax-promotes-to-king = a pawn cannot promote to a king or a pawn
why-syntax-pawn-capture-file = a pawn capture changes file
why-syntax-no-destination = no destination square
why-syntax-unreadable-before = unreadable characters before the destination
why-syntax-dash-without-origin = a dash needs the origin square before it
why-syntax-pawn-starts-with-rank = a pawn move cannot start with a rank
why-syntax-too-long = too long for a move
why-syntax-space-inside = space or control character inside the move
why-syntax-stray-character = a character that is not part of any move
why-syntax-castling-mark = marked as castling but is another move
why-syntax-fifth-digit = the fifth digit names no piece (1=Q 2=R 3=B 4=N)
why-syntax-numeric-length = a numeric move has four digits, or five with promotion
why-syntax-numeric-origin = the origin is not a square (digits 1-8)
why-syntax-numeric-destination = the destination is not a square (digits 1-8)
why-syntax-gringmuth-syllables = a Gringmuth move has two syllables
why-syntax-gringmuth-first = the first syllable is not a Gringmuth square
why-syntax-gringmuth-second = the second syllable is not a Gringmuth square
why-syntax-gringmuth-letter = an unknown letter after the two syllables
why-syntax-descriptive-language = descriptive notation is read in English or Spanish only
why-syntax-descriptive-too-long = longer than any descriptive move
why-syntax-descriptive-stray-any = a character that is not part of any descriptive move
why-syntax-descriptive-stray = a character that is not part of a descriptive move
why-syntax-castling-form = castling is O-O or O-O-O
why-syntax-castling-side = castling to an unknown side
why-syntax-descriptive-start-en = a descriptive move starts with a piece (K Q R B N P) or a file (QN, KB...)
why-syntax-descriptive-start-es = a descriptive move starts with a piece (R D T A C P)
why-syntax-nested-parentheses = parentheses inside parentheses
why-syntax-empty-parentheses = empty parentheses
why-syntax-unopened-parenthesis = a closing parenthesis without an opening one
why-syntax-unclosed-parenthesis = a parenthesis left open
why-syntax-equals-without-piece = `=` must be followed by the promotion piece
why-syntax-rank-out-of-range = ranks are numbered 1 to 8
why-syntax-no-destination-no-capture = no destination square and no capture
why-syntax-letter-en = not an English piece letter (K Q R B N)
why-syntax-letter-es = not a Spanish piece letter (R D T A C)
why-syntax-letter-pt = not a Portuguese piece letter (R D T B C)
why-syntax-letter-fr = not a French piece letter (R D T F C)
why-syntax-letter-de = not a German piece letter (K D T L S)
why-syntax-letter-it = not an Italian piece letter (R D T A C)
why-syntax-letter-nl = not a Dutch piece letter (K D T L P)
why-syntax-figurine-expected = a letter where a figurine was expected

# The notations, as named in the reading errors ("as algebraic (English)").
dialect-san = algebraic ({ $pieces })
dialect-lan = lan ({ $pieces })
dialect-descriptive = descriptive ({ $pieces })
dialect-uci = uci
dialect-koch = koch
dialect-iccf = iccf
dialect-gringmuth = gringmuth
pieces-en = English
pieces-es = español
pieces-pt = português
pieces-pt-br = português do Brasil
pieces-fr = français
pieces-de = Deutsch
pieces-it = italiano
pieces-nl = Nederlands
pieces-figurines = figurines

# Lines of the input that are not UTF-8.
convert-latin1 = { $file }: { $lines } line(s) are not UTF-8; they are read as Latin-1
convert-latin1-first = { $file }: { $lines } line(s) are not UTF-8 (the first: line { $first }); they are read as Latin-1

# A note of the reader on a game (`tiflo convert`, on standard error when
# the output cannot hold it as a comment).
convert-note = game { $game }: { $note }
# A move number that does not match, read as a misprint.
read-note-move-number = move number `{ $written }` read as { $expected }: a misprint; passed over, it lets the rest of the game read to its end, and every later move number matches
# A file or the standard input that cannot be read, and a conversion
# stopped by the system (the reason is a why-os-* message).
convert-cannot-read = { $file } cannot be read: { $why }
convert-cannot-read-stdin = the standard input cannot be read: { $why }
convert-stopped = the conversion stopped: { $why }
