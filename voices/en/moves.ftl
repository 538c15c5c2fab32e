# Spoken moves. A move phrase is built from these parts. The code passes
# $files (letters, fide, nato or phonetic: how files are said), $squares
# (letters: "f3"; words: "Felix three") and the parts already in words.
# Spaces around empty parts are collapsed.
piece-word = { $role ->
        [king] king
        [queen] queen
        [rook] rook
        [bishop] bishop
        [knight] knight
       *[pawn] pawn
    }
file-word = { $files ->
        [fide] { $file ->
            [a] Anna
            [b] Bella
            [c] Cesar
            [d] David
            [e] Eva
            [f] Felix
            [g] Gustav
           *[h] Hector
        }
        [nato] { $file ->
            [a] alpha
            [b] bravo
            [c] charlie
            [d] delta
            [e] echo
            [f] foxtrot
            [g] golf
           *[h] hotel
        }
        [phonetic] { $file ->
            [a] able
            [b] baker
            [c] charlie
            [d] dog
            [e] easy
            [f] fox
            [g] george
           *[h] how
        }
       *[letters] { $file }
    }
rank-word = { $squares ->
        [letters] { $rank }
       *[words] { $rank ->
            [1] one
            [2] two
            [3] three
            [4] four
            [5] five
            [6] six
            [7] seven
           *[8] eight
        }
    }
# A square: "f3" with letters, "Felix three" with file words.
square = { $squares ->
        [letters] { $file }{ $rank }
       *[words] { file-word } { rank-word }
    }
move-phrase = { $castle ->
        [short] castles short
        [long] castles long
       *[none] { $piece } { $from } { $capture ->
            [yes] takes { $captured } on { $to }
           *[no] { $to }
        } { $ep ->
            [yes] en passant
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] promotes to { $promotion }
        }
    } { $check ->
        [check] check
        [mate] checkmate
       *[none] {""}
    }

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons; case and accents do not matter.
# Words dropped at no cost when heard.
hear-fillers = the, to, on, and, uh, um, er, ah
# Words heard for one another at no cost (same sound, or a synonym): in each
# group every word stands for the first.
hear-same = knight, night, nite, knights; takes, take, captures, capture, x, x ray, ex, by; a, ay; b, bee, be; c, see, sea, cee; d, dee; e, ee; f, ef, eff; g, gee; h, aitch; p, pee; t, tee; v, vee; two, to, too; four, for, fore; eight, ate; one, won; castles, castle, castling; promotes, promote, becomes, equals, equal, promotion; alpha, alfa
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = to, on
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = check, mate, checkmate
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = castles, castle, castling
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = yes, no
# Other ways to say the castlings (besides the move phrase).
hear-castle-short = castles short, castle kingside, castles kingside, castle king side, short castle, kingside castle, castles on the kingside, king side castle, castles king side, short castles, o o
hear-castle-long = castles long, castle queenside, castles queenside, castle queen side, long castle, queenside castle, castles on the queenside, queen side castle, castles queen side, long castles, o o o
