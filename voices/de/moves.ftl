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
