# Words for the speech engine only. Before a sentence is spoken, tiflo
# rewrites what engines misread: squares and lone files ("a" would be the
# article), typed moves ("Nf3", "O-O"), clock times ("1:12:00" would be a time
# of day) and results. The printed text keeps the symbols. Letters are spelled
# as the engine must say them: "eh" is the letter A (espeak reads "ay" as
# "aye").
letter-name = { $letter ->
        [a] eh
        [b] bee
        [c] cee
        [d] dee
        [e] ee
        [f] ef
        [g] gee
        [h] aitch
        [i] eye
        [j] jay
        [k] kay
        [l] el
        [m] em
        [n] en
        [o] oh
        [p] pee
        [q] cue
        [r] ar
        [s] ess
        [t] tee
        [u] you
        [v] vee
        [w] double-u
        [x] ex
        [y] why
        [z] zed
       *[other] { $letter }
    }
# The letters a to h that are also words of the language: alone, such a
# letter is a file only when a square, a move, the capture word or a
# punctuation mark follows ("a takes", "rook a e1"; not "a draw").
letter-words = a
number-word = { $n ->
        [0] zero
        [1] one
        [2] two
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
       *[other] { $n }
    }
capture-word = takes
check-word = check
mate-word = checkmate
castle-short = castles short
castle-long = castles long
result-white = one to zero
result-black = zero to one
result-draw = draw
