//! What goes in and out of the session: the inputs ([`Event`]), what the
//! caller must do ([`Output`]), the answer the session waits for
//! ([`Awaiting`]) and where the game is when something is heard
//! ([`Moment`]).

use std::time::Duration;

use shakmaty::{Board, Chess, Move, Piece, Square};

use crate::game::command::{Command, Parsed, Words};
use crate::game::entry::Entry;

/// What the caller must do, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Append to the journal and flush it to disk before going on.
    Journal(Entry),
    /// Say (and show) this sentence; urgent ones interrupt.
    Say {
        /// The sentence, in the player's language.
        text: String,
        /// Whether it interrupts what is being said.
        urgent: bool,
    },
    /// Say the last announcement again (the speech output keeps it).
    Repeat,
    /// The player asked to leave; the game stays in the journal.
    Quit,
    /// The game is over and a new one was asked for: the journal is kept
    /// aside and a new game begins.
    NewGame,
}

/// An input to the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A line typed (or recognised): a command or a move in any notation.
    Line(String),
    /// A command from another input (keys, the assistant page).
    Command(Command),
    /// Time passes: flags and low-time warnings.
    Tick,
    /// A move said aloud and recognised: `heard` is what the recogniser
    /// wrote, `moves` the legal moves it may be (best first; none when it
    /// reads as no legal move), `sure` whether the first may be taken
    /// without asking. Unsure or several moves are asked; none is said.
    Heard {
        /// What the recogniser wrote.
        heard: String,
        /// The legal moves it may be, best first.
        moves: Vec<Move>,
        /// Whether the first move may be taken without asking.
        sure: bool,
    },
    /// Listening by voice was paused (`false`) or resumed (`true`) by a
    /// spoken phrase: said, nothing recorded.
    Listening(bool),
    /// Hearing always, the listener heard so much talk not spoken to it
    /// that it stopped taking answers said aloud (`true`), or it is
    /// quieter and takes them again (`false`): said, nothing recorded.
    TalkAround(bool),
    /// An electronic tournament board settled showing this board: when it
    /// shows a pending transfer made, the transfer is done; when it differs
    /// from what it should show, how to fix it is said.
    BoardSeen(Board),
    /// A piece an electronic board sees lifted, for `touched`: remembered
    /// until the next move, even once put back (`None` forgets it).
    Touched(Option<(Square, Piece)>),
    /// An electronic board that sees pieces lifted is connected (`true`)
    /// or gone (`false`). Without one, `touched` says that nothing can tell
    /// (Article 4: a touched piece is the arbiter's to rule on; tiflo never
    /// reassures the player that nothing was touched when it cannot know).
    Sensor(bool),
    /// A command heard by voice, read once by the ear ([`Event::heard_line`]):
    /// `line` is the line a player would type for it, said when it is read
    /// back. One that changes the game (a draw offer, accepting or declining
    /// one, a claim, the clocks' start, the opponent's clock start, a
    /// signature, a new game) is read back for a yes first; an answer (yes, no, a
    /// number) counts only when it comes soon enough after the question was
    /// last said ([`SPOKEN_ANSWER_WINDOW`]), else it is said to be late and
    /// the question is asked again; any other acts as if typed.
    Said {
        /// The line a player would type for the command.
        line: String,
        /// The command read in what was heard.
        command: Command,
    },
    /// A correction of the last move said aloud ("correct knight f three"):
    /// `heard` is what the recogniser wrote, `moves` the moves it may be in
    /// the position before the last move (best first). Always read back
    /// (or offered by number) before the correction is recorded.
    HeardCorrection {
        /// What the recogniser wrote.
        heard: String,
        /// The moves it may be in the position before the last move, best
        /// first.
        moves: Vec<Move>,
    },
    /// A move from an input that does not mishear (a chess engine, an
    /// electronic board): recorded when legal, never read back; an illegal
    /// one is said and nothing is recorded.
    Played(Move),
    /// In mirror mode, the times a physical clock shows, read by a device
    /// (the DGT clock): a clock more than [`CLOCK_SHOWN_TOLERANCE`] away
    /// from it is set to it (journaled as `SetClock`), and nothing is said.
    /// Ignored with tiflo's own clock and after the end.
    ClockShows {
        /// The time the physical clock shows left for White.
        white: Duration,
        /// The time the physical clock shows left for Black.
        black: Duration,
    },
}

impl Event {
    /// The event for a line heard by voice: [`Event::Said`] with its command
    /// when `words` read one in it, else the line as if typed (a move, or a
    /// command with arguments it cannot take, answered as typed).
    pub fn heard_line(words: &Words, line: String) -> Event {
        match words.parse(&line) {
            Parsed::Command(command) => Event::Said { line, command },
            _ => Event::Line(line),
        }
    }
}

/// How far the game's clock may be from what a physical clock shows before
/// [`Event::ClockShows`] sets it: a display shows whole seconds, and its
/// reading takes a moment to arrive.
pub const CLOCK_SHOWN_TOLERANCE: Duration = Duration::from_millis(1500);

/// How long after a question was last said a spoken answer to it (yes, no,
/// a number) still counts, unless set otherwise
/// ([`crate::game::session::Session::set_answer_window`]). A player who
/// heard the question answers it within a few seconds; the question is
/// said within moments of being asked, and the ear is deaf while tiflo
/// speaks. Twenty seconds leave room for a slow speech rate and a moment's
/// thought, while a "yes" from a conversation nearby, minutes after a
/// question about a phantom move, falls outside and confirms nothing (in a
/// tournament hall the neighbours talk). A late answer costs the player
/// only the question said again. Typed answers (and keys, the page) are
/// deliberate and never expire.
pub const SPOKEN_ANSWER_WINDOW: Duration = Duration::from_secs(20);

/// An answer the session is waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Awaiting {
    /// A yes or a no.
    YesNo,
    /// A number, or one of these moves.
    Choice(Vec<Move>),
}


/// Where the game is when something is heard: what a grammar and an
/// interpretation depend on.
#[derive(Clone, Debug, Default)]
pub struct Moment {
    /// The position now.
    pub pos: Chess,
    /// The answer the session waits for (`Session::awaiting`).
    pub awaiting: Option<Awaiting>,
    /// The position before the last move while that move may still be
    /// corrected (`Session::correctable`): "correct" and a move of that
    /// position may then be said.
    pub correctable: Option<Chess>,
    /// The last move was recorded at once on an echo (`confirm = "echo"`,
    /// `Session::set_echo`): a `no` now answers it, undoing the move while
    /// it may still be corrected and saying when it is too late, so "no"
    /// may be said although nothing is asked.
    pub echoed: bool,
    /// A list of candidates too many to read out stands (`Session`'s
    /// listing): the pack's `answer-list` words may be said to hear it.
    pub listing: bool,
    /// How many transfers are pending between the boards: with two or
    /// more, "done" and the number of one may be said ("done two").
    pub pending: usize,
    /// Study mode: next, back, comment and variations may be said.
    pub study: bool,
    /// The game is over: it may be signed, and a new one asked for.
    pub over: bool,
    /// The clocks may be started ("start"): not started yet, the game not
    /// over, no study.
    pub startable: bool,
    /// A physical clock rules (mirror mode): its flag fall may be said.
    pub mirror: bool,
}

impl Moment {
    /// A position with nothing asked and nothing to correct.
    pub fn at(pos: Chess) -> Moment {
        Moment {
            pos,
            awaiting: None,
            correctable: None,
            echoed: false,
            listing: false,
            pending: 0,
            study: false,
            over: false,
            startable: false,
            mirror: false,
        }
    }
}
