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

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons; case and accents do not matter.
# Words dropped at no cost when heard.
hear-fillers = auf, nach, äh, ähm, und
# Words heard for one another at no cost (same sound, or a synonym): in each
# group every word stands for the first.
hear-same = schlägt, schlaegt, nimmt, x; läufer, laeufer; könig, koenig; fünf, fuenf
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = {""}
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = Schach, matt, Schachmatt
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = Rochade
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = {""}
# Other ways to say the castlings (besides the move phrase).
hear-castle-short = Kurze Rochade, kleine Rochade, o o
hear-castle-long = Lange Rochade, große Rochade, grosse Rochade, o o o
