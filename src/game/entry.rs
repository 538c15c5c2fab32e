//! The session's records: the set-up of a game and each change of it, as
//! the journal keeps them. On disk they are written in the versioned form
//! of [`crate::game::journal::record`]; their serde implementations convert
//! to and from it.

use serde::{Deserialize, Serialize};
use shakmaty::Color;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;

use crate::game::clock::TimeControl;
use crate::game::transfer::Mode as TransferMode;
use crate::notation::Lang;
use crate::pgn::GameResult;
use crate::speaking::announce::{Files, Style};

/// A colour, as journals and profiles write it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// Everything fixed at the start of a game; the journal's first entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The player's language.
    pub lang: Lang,
    /// The blind player's colour.
    pub side: Side,
    /// The time control the clocks follow.
    pub time_control: TimeControl,
    /// A physical clock rules; tiflo's clocks follow the moves.
    pub mirror: bool,
    /// Read every move back and wait for yes or no before recording it.
    pub confirm_always: bool,
    /// How long after a move a slip of the tongue can be corrected, unless
    /// the opponent's clock start is reported earlier.
    pub correction_ms: u64,
    /// Low-time warnings, in seconds left.
    pub low_time_warnings: Vec<u64>,
    /// Warn for both clocks, not only the player's.
    pub warn_both: bool,
    /// The start position, when not the standard one.
    pub fen: Option<Fen>,
    /// PGN tags (Event, Site, White, Black...).
    pub tags: Vec<(String, String)>,
    /// The pack moves are announced in (`fide`, or a language code); none:
    /// the player's language.
    pub announce: Option<String>,
    /// How much an announced move says.
    pub announce_style: Style,
    /// How files are said in announced moves.
    pub file_words: Files,
    /// Which moves must be mirrored between the special and the
    /// tournament board (`transfer`).
    pub transfers: TransferMode,
    /// Remind of a transfer pending this long (and again after as long);
    /// 0: never.
    pub transfer_reminder_ms: u64,
    /// Study mode: the moves of a game to replay (UCI, from the start
    /// position), gone through with `next` and `back`; a move typed is a
    /// guess, played only when it is the game's next move.
    pub study: Option<Vec<String>>,
    /// Study mode: the game's comments and variations (`comment`,
    /// `variations`).
    pub study_notes: Vec<crate::game::study::Note>,
    /// Practice: a chess engine plays the opponent's side. Its moves are
    /// no slips of the tongue (only the player's are corrected), and
    /// [`Session::settled`] tells when it may answer.
    pub engine: bool,
    /// Tell the players when a draw may be claimed (threefold repetition,
    /// fifty moves). Off at a tournament: an assistant gives no advice
    /// (Article 11.3, Supplement 3); the claim is ruled when it is made.
    pub claim_hints: bool,
}

/// What a valid claim was about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClaimKind {
    /// The same position for the third time (Article 9.2).
    Threefold,
    /// Fifty moves by each side without a capture or a pawn move (Article
    /// 9.3).
    FiftyMoves,
}

/// One change of the game, as journaled. `t` is milliseconds on the
/// daemon's clock (the Unix epoch in the daemon). Serialized as a journal
/// [`Record`](crate::game::journal::record::Record), by the implementations
/// in that module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The game begins: everything fixed at its start.
    Begin {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The game's set-up.
        setup: Box<Setup>,
    },
    /// The clocks were started.
    Start {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
    },
    /// A confirmed move, with the text it was given as.
    Move {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The move.
        uci: UciMove,
        /// The text it was given as.
        written: String,
        /// Recorded at once on an echo (`confirm = "echo"`): while it is
        /// the last move and may still be corrected, the player's `no`
        /// undoes it, after a resume too.
        echoed: bool,
    },
    /// A slip of the tongue: the last move is replaced.
    Correct {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The move that replaces the last one.
        uci: UciMove,
        /// The text it was given as.
        written: String,
    },
    /// The last move was taken back: by the arbiter, or undone by the
    /// player's `no` to its echo (`confirm = "echo"`) while it could still
    /// be corrected.
    Takeback {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
    },
    /// The opponent's clock was started: no more corrections of the last move.
    Press {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
    },
    /// A draw offer.
    Offer {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The side that offers the draw.
        by: Side,
    },
    /// The draw on offer was accepted.
    Accept {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
    },
    /// The draw on offer was declined.
    Decline {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
    },
    /// A valid claim; with `uci`, the move the claimant intended, played,
    /// and the text it was given as.
    Claim {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// What the claim was about.
        claim: ClaimKind,
        /// The move the claimant intended, when one was given.
        uci: Option<UciMove>,
        /// The text that move was given as (empty without one).
        written: String,
    },
    /// A wrong claim by `by`: two minutes are added to the opponent's clock
    /// (Article 9.5.2) and the game goes on.
    ClaimRejected {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The side whose claim was wrong.
        by: Side,
    },
    /// A side resigned.
    Resign {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The side that resigned.
        side: Side,
    },
    /// A flag fell (tiflo's clock, or the real clock when mirroring).
    Flag {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The side whose flag fell.
        side: Side,
    },
    /// A result stated by the players or the arbiter.
    Result {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The result stated.
        result: GameResult,
    },
    /// A player signed the result (Article 8.7).
    Sign {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The side that signed.
        side: Side,
    },
    /// A clock was set to a physical clock's reading.
    SetClock {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The side whose clock is set.
        side: Side,
        /// The time left on that side's clock, in milliseconds.
        ms: u64,
    },
    /// The daemon started again after a stop.
    Resume {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
    },
    /// The move at `ply` was reproduced on the other board (by the
    /// assistant, the player or as an electronic board saw it).
    Transferred {
        /// When, in milliseconds on the daemon's clock.
        t: u64,
        /// The move's ply (0 is the record's first move).
        ply: usize,
    },
}

impl Entry {
    /// When the change happened, in milliseconds on the daemon's clock.
    pub fn time(&self) -> u64 {
        match self {
            Entry::Begin { t, .. }
            | Entry::Start { t }
            | Entry::Move { t, .. }
            | Entry::Correct { t, .. }
            | Entry::Takeback { t }
            | Entry::Press { t }
            | Entry::Offer { t, .. }
            | Entry::Accept { t }
            | Entry::Decline { t }
            | Entry::Claim { t, .. }
            | Entry::ClaimRejected { t, .. }
            | Entry::Resign { t, .. }
            | Entry::Flag { t, .. }
            | Entry::Result { t, .. }
            | Entry::Sign { t, .. }
            | Entry::SetClock { t, .. }
            | Entry::Resume { t }
            | Entry::Transferred { t, .. } => *t,
        }
    }
}
