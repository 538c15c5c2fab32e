# Uitgesproken zetten. De zin van een zet bestaat uit deze delen; de code
# geeft $files (letters, fide, nato of phonetic), $squares (letters: „f3”;
# words: „Felix drie”) en de delen al in woorden.
piece-word = { $role ->
        [king] koning
        [queen] dame
        [rook] toren
        [bishop] loper
        [knight] paard
       *[pawn] pion
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
            [e] echo
            [f] foxtrot
            [g] golf
           *[h] hotel
        }
        [phonetic] { $file ->
            [a] Anton
            [b] Bernard
            [c] Cornelis
            [d] Dirk
            [e] Eduard
            [f] Ferdinand
            [g] Gerard
           *[h] Hendrik
        }
       *[letters] { $file }
    }
rank-word = { $squares ->
        [letters] { $rank }
       *[words] { $rank ->
            [1] een
            [2] twee
            [3] drie
            [4] vier
            [5] vijf
            [6] zes
            [7] zeven
           *[8] acht
        }
    }
square = { $squares ->
        [letters] { $file }{ $rank }
       *[words] { file-word } { rank-word }
    }
move-phrase = { $castle ->
        [short] korte rokade
        [long] lange rokade
       *[none] { $piece } { $from } { $capture ->
            [yes] slaat { $captured } op { $to }
           *[no] { $to }
        } { $ep ->
            [yes] en passant
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] promoveert tot { $promotion }
        }
    } { $check ->
        [check] schaak
        [mate] schaakmat
       *[none] {""}
    }

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons; case and accents do not matter.
# Words dropped at no cost when heard.
hear-fillers = naar, op, de, het, eh, uh
# Words heard for one another at no cost (same sound, or a synonym): in each
# group every word stands for the first.
hear-same = slaat, neemt, x; b, bee; c, cee, see; d, dee; e, ee; f, ef; g, gee; h, ha; a, aa
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = naar, op
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = schaak, mat, schaakmat
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = rokade
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = ja, nee
# Other ways to say the castlings (besides the move phrase).
hear-castle-short = korte rokade, kleine rokade, o o
hear-castle-long = lange rokade, grote rokade, o o o
