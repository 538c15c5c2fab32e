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
