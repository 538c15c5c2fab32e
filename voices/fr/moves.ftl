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
