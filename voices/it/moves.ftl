# Mosse dette a voce. La frase di una mossa è fatta di queste parti; il
# codice passa $files (letters, fide, nato o phonetic), $squares (letters:
# «f3»; words: «Felix tre») e le parti già in parole.
piece-word = { $role ->
        [king] re
        [queen] donna
        [rook] torre
        [bishop] alfiere
        [knight] cavallo
       *[pawn] pedone
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
            [a] alfa
            [b] bravo
            [c] charlie
            [d] delta
            [e] eco
            [f] foxtrot
            [g] golf
           *[h] hotel
        }
        [phonetic] { $file ->
            [a] Ancona
            [b] Bologna
            [c] Como
            [d] Domodossola
            [e] Empoli
            [f] Firenze
            [g] Genova
           *[h] Hotel
        }
       *[letters] { $file }
    }
rank-word = { $squares ->
        [letters] { $rank }
       *[words] { $rank ->
            [1] uno
            [2] due
            [3] tre
            [4] quattro
            [5] cinque
            [6] sei
            [7] sette
           *[8] otto
        }
    }
square = { $squares ->
        [letters] { $file }{ $rank }
       *[words] { file-word } { rank-word }
    }
move-phrase = { $castle ->
        [short] arrocco corto
        [long] arrocco lungo
       *[none] { $piece } { $from } { $capture ->
            [yes] prende { $captured } in { $to }
           *[no] { $to }
        } { $ep ->
            [yes] en passant
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] promuove a { $promotion }
        }
    } { $check ->
        [check] scacco
        [mate] scacco matto
       *[none] {""}
    }

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons; case and accents do not matter.
# Words dropped at no cost when heard.
hear-fillers = a, in, il, la, di, ehm, uhm
# Words heard for one another at no cost (same sound, or a synonym): in each
# group every word stands for the first.
hear-same = prende, mangia, cattura, x; donna, regina; promuove, promozione; b, bi; c, ci; d, di; f, effe; g, gi; h, acca
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = a, in
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = scacco, matto, scacco matto
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = arrocco
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = sì, no
# Other ways to say the castlings (besides the move phrase).
hear-castle-short = arrocco corto, o o
hear-castle-long = arrocco lungo, o o o
