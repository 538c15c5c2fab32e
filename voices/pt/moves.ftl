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

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons; case and accents do not matter.
# Words dropped at no cost when heard.
hear-fillers = a, em, o, de, para, na, no
# Words heard for one another at no cost (same sound, or a synonym): in each
# group every word stands for the first.
hear-same = toma, come, captura, x, por; dama, rainha; promove, coroa, promovido; b, be; c, ce; d, de; f, efe; g, ge; h, aga
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = para, em
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = xeque, mate, xeque-mate
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = roque
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = sim, não
# Other ways to say the castlings (besides the move phrase).
hear-castle-short = roque pequeno, roque curto, pequeno roque, o o
hear-castle-long = roque grande, roque longo, grande roque, o o o
