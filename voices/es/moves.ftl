# Jugadas dichas. La frase de una jugada se forma con estas partes. El
# código pasa $files (letters, fide, nato o phonetic: cómo se dicen las
# columnas), $squares (letters: "f3"; words: "Felix tres") y las partes ya en
# palabras. Los espacios de las partes vacías se juntan.
piece-word = { $role ->
        [king] rey
        [queen] dama
        [rook] torre
        [bishop] alfil
        [knight] caballo
       *[pawn] peón
    }
file-word = { $files ->
        [fide] { $file ->
            [a] Anna
            [b] Bella
            [c] César
            [d] David
            [e] Eva
            [f] Félix
            [g] Gustav
           *[h] Héctor
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
            [a] Antonio
            [b] Barcelona
            [c] Carmen
            [d] Dolores
            [e] Enrique
            [f] Francia
            [g] Gerona
           *[h] Historia
        }
       *[letters] { $file }
    }
rank-word = { $squares ->
        [letters] { $rank }
       *[words] { $rank ->
            [1] uno
            [2] dos
            [3] tres
            [4] cuatro
            [5] cinco
            [6] seis
            [7] siete
           *[8] ocho
        }
    }
square = { $squares ->
        [letters] { $file }{ $rank }
       *[words] { file-word } { rank-word }
    }
move-phrase = { $castle ->
        [short] enroque corto
        [long] enroque largo
       *[none] { $piece } { $from } { $capture ->
            [yes] toma { $captured } en { $to }
           *[no] { $to }
        } { $ep ->
            [yes] al paso
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] corona { $promotion }
        }
    } { $check ->
        [check] jaque
        [mate] jaque mate
       *[none] {""}
    }
