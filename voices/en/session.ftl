# What tiflo says during a game. Arguments: $side and $other are the words
# of side-white / side-black; $move a move in the player's notation;
# $winner (white, black, none) selects result-words: results are said in words, never as 1-0 or ½-½.
side-white = White
side-black = Black
list-separator = {", "}

game-new = New game. You play { $color ->
        [white] White
       *[black] Black
    }. Time control: { $control }. Type help for the commands.
game-resumed = Game resumed from the journal: { $moves ->
        [1] one move recovered.
       *[other] { $moves } moves recovered.
    }
game-resumed-charged = Game resumed from the journal: { $moves ->
        [1] one move recovered.
       *[other] { $moves } moves recovered.
    } tiflo was stopped for { $down }; that time was charged to { $side }'s clock.
journal-torn = The last entry of the journal was incomplete, written when tiflo stopped; it was dropped.
to-move = Move { $number }, { $side } to move.
control-period = { $moves ->
        [0] { $time }
       *[other] { $moves } moves in { $time }
    }{ $bonus ->
        [increment] , plus { $extra } a move
        [delay] , with a delay of { $extra }
        [bronstein] , with a Bronstein delay of { $extra }
       *[none] {""}
    }
control-then = { $first }; then { $rest }

move-said = { $number }. { $side }: { $move }
move-confirm = { $side }: { $move }? Yes or no.
move-choose = { $text } could be: { $choices }. Type the number or the move.
choice-item = { $n }: { $move }
choice-out-of-range = That number is not one of the choices.
answer-no = Not recorded.
nothing-asked = There is no question to answer.
choice-need-number = Which one? Answer with its number.
answer-late = That answer came too long after the question and does not count.
move-unreadable = I cannot read { $text } as a move or a command. Type help for the commands.
move-illegal = { $text } is not a legal move for { $side }. { $count ->
        [0] {""}
       *[other] Legal moves like it: { $candidates }.
    }
move-ambiguous = { $text } is ambiguous: { $candidates }. Name the move completely.
move-promotion-missing = { $text } promotes a pawn: name the piece, for example { $candidates }.
move-not-capture = { $text } is written as a capture, but it captures nothing. { $count ->
        [0] {""}
       *[other] Did you mean { $candidates }?
    }
move-not-en-passant = { $text } is written en passant, but it is not an en passant capture.
move-not-promotion = { $text } names a promotion piece, but it does not promote.
move-other-promotion = { $text }: the pawn can promote, but not to that piece. { $count ->
        [0] {""}
       *[other] Possible: { $candidates }.
    }
game-over = The game is over. { result-words }. Nothing was recorded.

corrected = Corrected: { $old } becomes { $new }.
correct-too-late = Too late to correct: the opponent's clock has started. Only the arbiter can take back a move.
correct-nothing = There is no move to correct.
correct-same = That is the move already recorded.
correct-confirm = { $side }: correct the last move to { $move }? Yes or no.
correct-choose = Correct the last move to { $choices }? Say the number, or no.
takeback-confirm = Arbiter: take back { $move }? Yes or no.
takeback-nothing = There is no move to take back.
taken-back = { $move } was taken back by the arbiter.
pressed = { $side }'s clock is running.
press-nothing = There is no move waiting for the clock.
clock-started = Clocks started. { $side } to move.
clock-already-started = The clocks are already running.

draw-offered = { $side } offers a draw.
draw-declined = Draw offer declined.
draw-lapsed = The draw offer lapsed: a move was played instead.
no-offer = There is no draw offer.
claimable-threefold = This position has appeared three times: { $side } may claim a draw.
claimable-fifty = Fifty moves without a capture or a pawn move: { $side } may claim a draw.
claim-invalid = The claim is not valid: no threefold repetition and no fifty moves. Two minutes are added to { $side }'s clock, and the game goes on.
claim-move-stands = The intended move stands.
resign-confirm = Does { $side } resign? Yes or no.
result-confirm = { result-words }: do both players agree? Yes or no.
flag-confirm = Has { $side }'s flag fallen on the real clock? Yes or no.
flag-own-clock = tiflo keeps the time: { $side }'s flag has not fallen. Type clock for the times.

result-words = { $winner ->
        [white] White wins, one to zero
        [black] Black wins, zero to one
       *[none] Draw, half a point each
    }
end-checkmate = Checkmate. { result-words }.
end-stalemate = Stalemate. { result-words }.
end-insufficient = Neither side can checkmate. { result-words }.
end-fivefold = The same position for the fifth time: the game is drawn, half a point each.
end-seventy-five = Seventy-five moves without a capture or a pawn move: the game is drawn, half a point each.
end-claim-threefold = Draw claimed by threefold repetition: half a point each.
end-claim-fifty = Draw claimed by the fifty-move rule: half a point each.
end-resigned = { $side } resigns. { result-words }.
end-flag = { $side }'s flag has fallen. { result-words }.
end-flag-draw = { $side }'s flag has fallen, but { $other } cannot checkmate. { result-words }.
end-agreed = Draw agreed: half a point each.
end-declared = Result: { result-words }.
flag-estimate = By tiflo's count { $side } has no time left. Check the real clock; if the flag has fallen, type flag.
signed = { $side } signs the result. { result-words }.
sign-already = { $side } has already signed.
sign-not-over = The game is not over; there is no result to sign.

low-time = { $side }: { $time } left.
exempt = { $side } has less than five minutes and no increment of 30 seconds: no need to record moves (Article 8.4).
last-move = Last move: { $move }.
no-moves = No moves yet.
sheet = Scoresheet: { $moves }.
sheet-white = { $number }. { $move }{ $offer ->
        [yes] , draw offered
       *[no] {""}
    }
sheet-black = { $move }{ $offer ->
        [yes] , draw offered
       *[no] {""}
    }
sheet-black-first = { $number }... { $move }{ $offer ->
        [yes] , draw offered
       *[no] {""}
    }
piece = { $color ->
        [white] { $role ->
            [king] white king
            [queen] white queen
            [rook] white rook
            [bishop] white bishop
            [knight] white knight
           *[pawn] white pawn
        }
       *[black] { $role ->
            [king] black king
            [queen] black queen
            [rook] black rook
            [bishop] black bishop
            [knight] black knight
           *[pawn] black pawn
        }
    }
piece-on = { $piece } { $square }
board-rank = Rank { $rank }: { $count ->
        [0] empty
       *[other] { $pieces }
    }.
board-file = File { $file }: { $count ->
        [0] empty
       *[other] { $pieces }
    }.
square-piece = { $square }: { $piece }.
square-empty = { $square }: empty.
pieces-found = { $count ->
        [0] None.
       *[other] { $pieces }.
    }

last-moves = The last { $count } moves: { $moves }.
last-moves-all = { $count ->
        [1] Only one move so far
       *[other] Only { $count } moves so far
    }: { $moves }.
legal-piece = { $piece }: { $count ->
        [0] no legal moves
       *[other] { $moves }
    }.
legal-no-piece = No { $piece } on the board.
legal-other-side = { $square }: { $piece }. { $side } is to move.
legal-over = The game is over: there are no more moves.

command-need-square = { $command } needs a square, for example e4.
command-need-piece = { $command } needs a piece or a colour, for example white knight.
command-need-move = { $command } needs the move you meant, for example Nc3.
command-need-result = { $command } needs 1-0, 0-1 or 1/2.
command-need-times = { $command } needs the clock times, White then Black, for example 1:05:00 58:10, or a colour and a time.
command-need-rank = { $command } needs a rank from 1 to 8, for example { $command } 4.
command-need-file = { $command } needs a file from a to h, for example { $command } e.
command-need-square-or-piece = { $command } needs a square or a piece, for example { $command } e2 or { $command } knight.
command-need-count = { $command } takes a number of moves, 1 or more, for example { $command } 5.
command-extra = { $command } does not take those words.
help = Type a move in any notation, for the side to move. Commands: clock; time used; last, or last 5 for the last five moves; moves; board; square e4; pieces white knight, or pieces my knight; rank 4; file e; legal e2, or legal knight, for the legal moves; draw, or a move and draw (Nf3 draw); accept; decline; claim, or claim with a move; resign; correct and the move you meant; takeback, for the arbiter; result 1-0; sign; start; press, when the opponent's clock starts; set and the clock times; flag; transfers; done, when a move is on the other board; touched; next and back, comment and variations, in a study; new, for a new game once this one is over; repeat; help; quit. Said aloud: stop listening, and start listening.
quit = Goodbye. The game is saved and resumes when tiflo starts again.

# A move said aloud (src/game/session.rs, Event::Heard).
heard-nothing = I heard "{ $text }", which is no legal move. Nothing was recorded; say it again.
heard-no-words = I did not catch any words. Nothing was recorded; say it again.
heard-choose = Did you say { $choices }? Say the number, or no.
# confirm = "echo": a move heard for sure, recorded and said back in a few
# words; "no" undoes it while it may still be corrected, later it stands.
move-echo = { $move }.
move-undone = { $move } undone.
echo-too-late = Too late to undo { $move }: the time to correct it is over. Only the arbiter can take back a move.

# Listening by voice paused and resumed (src/hearing/grammar.rs, Event::Listening);
# $phrase is the first phrase of hear-resume in commands.ftl.
listening-paused = Listening paused. Say { $phrase } to listen again.
listening-resumed = Listening again.
# Hearing always, the listener heard so much talk that it was not spoken to (cut at its longest,
# or too long to be an answer) that answers said aloud are not taken, and later that it is quieter.
hearing-talk-around = There is talk all around me: I do not take yes, no or a number said aloud now, and a move only when it is said briefly. Type the answer, or hold the talk key while you speak.
hearing-quieter = It is quieter: I take answers and longer phrases said aloud again.
# Board transfer (src/game/transfer.rs): moves still to be reproduced on the other
# board, and how to put a tournament board right.
transfer-tournament = { $move }: to be made on the tournament board
transfer-special = { $move }: to be put on your board
transfers-pending = Transfers pending: { $list }.
transfers-none = No transfers pending.
transfer-reminder = Reminder. Transfers pending: { $list }.
transfer-done-tournament = On the tournament board: { $move }.
transfer-done-special = On your board: { $move }.
# How to fix a board, as instructions: { $piece } is fix-piece (with its
# article, as the object of the verb), { $role } selects a pronoun.
fix-piece = { $color ->
        [white] { $role ->
             [king] the white king
             [queen] the white queen
             [rook] the white rook
             [bishop] the white bishop
             [knight] the white knight
            *[pawn] the white pawn
        }
       *[black] { $role ->
             [king] the black king
             [queen] the black queen
             [rook] the black rook
             [bishop] the black bishop
             [knight] the black knight
            *[pawn] the black pawn
        }
    }
fix-move = take { $piece } off { $from } and put it on { $to }
fix-remove = take { $piece } off { $from }
fix-put = put { $piece } on { $on }
fix-separator = {"; "}
fix-board = The tournament board differs from the game. { $steps }.
# A piece an electronic board saw lifted.
touched = Your opponent touched the { $piece } on { $square }.
touched-none = No piece has been touched since the last move.
# Study mode: a game replayed move by move.
study-begin = Study: { $count } moves. Next and back go through them; a move typed is a guess at the next one.
study-not-this = { $move } is not the game's move. Try again, or say next.
study-end = End of the game.
study-back = Back before { $move }.
study-start = At the start of the game.
study-only = Next and back are for studying a game: tiflo daemon --study GAME.pgn.

# A command heard by voice that changes the game (a draw offer, accepting
# or declining one, a claim) is read back before it is done.
heard-command-confirm = I heard: { $command }. Is that right? Yes or no.
heard-command-dropped = Nothing done.

# A move entered on the assistant's page that is a command or other words.
typed-not-a-move = { $text } is not a move.

# The tournament board reported on the assistant's page is right.
board-right = The tournament board matches the game.

# A typed line (or one sent from the braille keyboard or the page) longer than tiflo reads.
line-too-long = That is too long to read: at most { $most } characters. Nothing was recorded.
# A move read back with the draw offer written after it ("Nf3 draw").
move-confirm-offer = { $side }: { $move }, with a draw offer? Yes or no.
# A move only another language's piece letters make of the text (an
# English letter typed in Spanish): asked, never recorded without a yes.
move-foreign-confirm = { $text } is not a legal move for { $side }. Did you mean { $move }? Yes or no.
move-foreign-confirm-offer = { $text } is not a legal move for { $side }. Did you mean { $move }, with a draw offer? Yes or no.
# "touched" with no electronic board to see pieces lifted: nothing can tell.
touched-no-sensor = No electronic board is connected: nothing can tell whether a piece was touched.
# Practice: a correction of the engine's move (only the player's own are slips of the tongue).
correct-engine = The engine's moves are not corrected, only yours. Type takeback to take one back.
# A finished game resumed before it was signed (Article 8.7).
game-unsigned = The scoresheet is not signed yet: type sign to sign it, or new for a new game.
new-not-over = The game is not over: a new game begins once this one has ended.
# Study mode: what belongs to a game being played, the game's comments and
# variations where the study stands, and its end with the result.
study-not-here = { $command } has no place in a study: it has no clock, no opponent and no arbiter. Next and back go through the game.
study-comment = Comment: { $text }
study-no-comment = No comment here.
study-variations = Instead of { $move }: { $lines }.
study-no-variations = No variations here.
study-line-separator = {"; "}
study-end-result = End of the game. { result-words }.
