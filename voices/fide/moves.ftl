# The international announcement words of the FIDE rules for blind players
# (Laws of Chess, Appendix D): files Anna to Hector, ranks eins to acht,
# pieces Koenig, Dame, Turm, Laeufer, Springer, Bauer, "Kurze Rochade" and
# "Lange Rochade"; the player announces the piece chosen on promotion.
# Written as the speech engine should say them (German spelling), with the
# files always as the FIDE names.
piece-word = { $role ->
        [king] König
        [queen] Dame
        [rook] Turm
        [bishop] Läufer
        [knight] Springer
       *[pawn] Bauer
    }
file-word = { $file ->
        [a] Anna
        [b] Bella
        [c] Cesar
        [d] David
        [e] Eva
        [f] Felix
        [g] Gustav
       *[h] Hector
    }
rank-word = { $rank ->
        [1] eins
        [2] zwei
        [3] drei
        [4] vier
        [5] fünf
        [6] sechs
        [7] sieben
       *[8] acht
    }
square = { file-word } { rank-word }
move-phrase = { $castle ->
        [short] Kurze Rochade
        [long] Lange Rochade
       *[none] { $piece } { $from } { $capture ->
            [yes] schlägt { $captured } { $to }
           *[no] { $to }
        } { $ep ->
            [yes] en passant
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] { $promotion }
        }
    } { $check ->
        [check] Schach
        [mate] Schachmatt
       *[none] {""}
    }
