# Gesprochene Züge. Ein Zug wird aus diesen Teilen gesagt; der Code gibt
# $files (letters, fide, nato oder phonetic), $squares (letters: „f3“;
# words: „Felix drei“) und die Teile schon in Worten.
piece-word = { $role ->
        [king] König
        [queen] Dame
        [rook] Turm
        [bishop] Läufer
        [knight] Springer
       *[pawn] Bauer
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
            [a] Alfa
            [b] Bravo
            [c] Charlie
            [d] Delta
            [e] Echo
            [f] Foxtrott
            [g] Golf
           *[h] Hotel
        }
        [phonetic] { $file ->
            [a] Anton
            [b] Berta
            [c] Cäsar
            [d] Dora
            [e] Emil
            [f] Friedrich
            [g] Gustav
           *[h] Heinrich
        }
       *[letters] { $file }
    }
rank-word = { $squares ->
        [letters] { $rank }
       *[words] { $rank ->
            [1] eins
            [2] zwei
            [3] drei
            [4] vier
            [5] fünf
            [6] sechs
            [7] sieben
           *[8] acht
        }
    }
square = { $squares ->
        [letters] { $file }{ $rank }
       *[words] { file-word } { rank-word }
    }
move-phrase = { $castle ->
        [short] kurze Rochade
        [long] lange Rochade
       *[none] { $piece } { $from } { $capture ->
            [yes] schlägt { $captured } auf { $to }
           *[no] { $to }
        } { $ep ->
            [yes] en passant
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] wird { $promotion }
        }
    } { $check ->
        [check] Schach
        [mate] Schachmatt
       *[none] {""}
    }

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons; case and accents do not matter.
# Words dropped at no cost when heard.
hear-fillers = auf, nach, äh, ähm, und, der, die, das
# Words heard for one another at no cost (same sound, or a synonym): in each
# group every word stands for the first.
hear-same = schlägt, schlaegt, nimmt, x; läufer, laeufer; könig, koenig; fünf, fuenf; b, be; c, ce, tse; d, de; e, ee; f, ef; g, ge; h, ha; a, aa
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = nach, auf
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = Schach, matt, Schachmatt
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = Rochade
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = ja, nein
# Other ways to say the castlings (besides the move phrase).
hear-castle-short = kurze Rochade, kleine Rochade, o o
hear-castle-long = lange Rochade, große Rochade, grosse Rochade, o o o
