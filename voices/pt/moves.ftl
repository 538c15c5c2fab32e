# Lances falados. A frase de um lance forma-se com estas partes. O código
# passa $files (letters, fide, nato ou phonetic: como se dizem as colunas),
# $squares (letters: "f3"; words: "Felix três") e as partes já em palavras.
# Os espaços das partes vazias juntam-se.
piece-word = { $role ->
        [king] rei
        [queen] dama
        [rook] torre
        [bishop] bispo
        [knight] cavalo
       *[pawn] peão
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
            [a] Amor
            [b] Bola
            [c] Casa
            [d] Dado
            [e] Escola
            [f] Faca
            [g] Gato
           *[h] Hotel
        }
       *[letters] { $file }
    }
rank-word = { $squares ->
        [letters] { $rank }
       *[words] { $rank ->
            [1] um
            [2] dois
            [3] três
            [4] quatro
            [5] cinco
            [6] seis
            [7] sete
           *[8] oito
        }
    }
square = { $squares ->
        [letters] { $file }{ $rank }
       *[words] { file-word } { rank-word }
    }
move-phrase = { $castle ->
        [short] roque pequeno
        [long] roque grande
       *[none] { $piece } { $from } { $capture ->
            [yes] toma { $captured } em { $to }
           *[no] { $to }
        } { $ep ->
            [yes] en passant
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] promove a { $promotion }
        }
    } { $check ->
        [check] xeque
        [mate] xeque-mate
       *[none] {""}
    }
