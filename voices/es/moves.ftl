# Jugadas dichas. La frase de una jugada se forma con estas partes. El
# código pasa $files (letters, fide, nato o phonetic: cómo se dicen las
# columnas), $squares (letters: "f3"; words: "Felix tres") y las partes ya en
# palabras; $pawn es yes en la captura de un peón dicha corta ("d por c4").
# Los espacios de las partes vacías se juntan.
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
            [yes] { $pawn ->
                [yes] por { $to }
               *[no] toma { $captured } en { $to }
            }
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

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons; case and accents do not matter.
# Words dropped at no cost when heard.
hear-fillers = a, en, el, la, de, eh, y
# Words heard for one another at no cost (same sound, or a synonym): in each
# group every word stands for the first.
hear-same = toma, come, captura, x, por; dama, reina; corona, promociona, promueve; enroque, enroco, enroca; b, be; c, ce; d, de; e; f, efe; g, ge; h, hache, ache
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = a, hacia
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = jaque, mate, jaque mate
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = enroque, enroco
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = sí, no
# Other ways to say the castlings (besides the move phrase).
hear-castle-short = enroque corto, enroque en corto, enroque del lado del rey, o o
hear-castle-long = enroque largo, enroque en largo, enroque del lado de la dama, o o o
