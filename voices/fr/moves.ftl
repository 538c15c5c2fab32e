# Coups dits à voix haute. La phrase d'un coup est faite de ces parties ;
# le code passe $files (letters, fide, nato ou phonetic), $squares (letters :
# « f3 » ; words : « Félix trois ») et les parties déjà en mots.
piece-word = { $role ->
        [king] roi
        [queen] dame
        [rook] tour
        [bishop] fou
        [knight] cavalier
       *[pawn] pion
    }
file-word = { $files ->
        [fide] { $file ->
            [a] Anna
            [b] Bella
            [c] César
            [d] David
            [e] Éva
            [f] Félix
            [g] Gustav
           *[h] Hector
        }
        [nato] { $file ->
            [a] alpha
            [b] bravo
            [c] charlie
            [d] delta
            [e] écho
            [f] foxtrot
            [g] golf
           *[h] hôtel
        }
        [phonetic] { $file ->
            [a] Anatole
            [b] Berthe
            [c] Célestin
            [d] Désiré
            [e] Eugène
            [f] François
            [g] Gaston
           *[h] Henri
        }
       *[letters] { $file }
    }
rank-word = { $squares ->
        [letters] { $rank }
       *[words] { $rank ->
            [1] un
            [2] deux
            [3] trois
            [4] quatre
            [5] cinq
            [6] six
            [7] sept
           *[8] huit
        }
    }
square = { $squares ->
        [letters] { $file }{ $rank }
       *[words] { file-word } { rank-word }
    }
move-phrase = { $castle ->
        [short] petit roque
        [long] grand roque
       *[none] { $piece } { $from } { $capture ->
            [yes] prend { $captured } en { $to }
           *[no] { $to }
        } { $ep ->
            [yes] en passant
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] promu en { $promotion }
        }
    } { $check ->
        [check] échec
        [mate] échec et mat
       *[none] {""}
    }

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons; case and accents do not matter.
# Words dropped at no cost when heard.
hear-fillers = le, la, en, à, euh, sur
# Words heard for one another at no cost (same sound, or a synonym): in each
# group every word stands for the first.
hear-same = prend, prends, mange, x; dame, reine; promu, promotion; alpha, alfa; b, bé; c, cé; d, dé; f, effe; g, gé; h, hache
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = en, à, sur
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = échec, mat, échec et mat
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = roque
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = oui, non
# Other ways to say the castlings (besides the move phrase).
hear-castle-short = petit roque, roque côté roi, o o
hear-castle-long = grand roque, roque côté dame, o o o
