//! One over-the-board game as the rules for blind players describe it: the
//! position, both clocks, the scoresheet, draw offers, claims, corrections and
//! the end of the game.
//!
//! Sans-I/O: [`Session::handle`] takes an event and the time it happened and
//! returns what must happen, in order: [`Output::Journal`] entries to append
//! to the journal (and flush to disk) before anything after them is said, and
//! [`Output::Say`] sentences in the player's language. The session never
//! reads a clock, a device or a file.
//!
//! Every change of the game is an [`Entry`]. Live events build entries and
//! apply them; [`Session::resume`] applies the entries of a journal the same
//! way, so a resumed game is exactly the game that was journaled.
//!
//! Invariants:
//! - a move is recorded only when it is legal and confirmed; input that is not
//!   exactly one legal move records nothing and is answered with the reason
//!   and the candidates;
//! - an entry is returned before the sentences that announce it;
//! - entry times never go backwards;
//! - after the game has ended, no move is recorded.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use fluent_bundle::FluentArgs;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Board, ByColor, Chess, Color, EnPassantMode, Move, Piece, Position, Rank, Role, Square};

use crate::speaking::announce::{Announcer, role_name};
use crate::game::clock::{Clocks, Press};
use crate::game::command::{Command, LegalOf, Parsed, Words};
use crate::game::entry::{ClaimKind, Entry, Setup, Side};
use crate::game::event::{Awaiting, CLOCK_SHOWN_TOLERANCE, Event, Output};
use crate::i18n::Texts;
use crate::notation::position::read_fen;
use crate::notation::{Dialect, Lang, MoveError, MoveErrorKind, Notation, Notator};
use crate::pgn::GameResult;
use crate::speaking::readout::{clock_readout, duration_words, used_readout};
use crate::game::scoresheet::{Claim, GameRecord, RecordedMove, move_number};
use crate::game::transfer::{self, Fix, Pending, Reminder, To};

mod dialogue;
mod narrate;
mod rules;

use rules::Fact;

/// Why a game could not be set up or resumed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SessionError {
    /// No announcement pack has this language code.
    #[error("unknown language {0:?}")]
    Lang(String),
    /// The time control cannot be read (why).
    #[error("bad time control: {0}")]
    TimeControl(String),
    /// The start position cannot be read, or the game is already over in
    /// it (why).
    #[error("bad start position: {0}")]
    Fen(String),
    /// The journal's first entry is not the game's set-up.
    #[error("the journal does not start with the game's set-up")]
    NoBegin,
    /// A journal entry does not fit the game rebuilt so far.
    #[error("journal entry {index} cannot be applied: {why}")]
    Entry {
        /// Its place in the journal (0 is the set-up).
        index: usize,
        /// Why it does not fit.
        why: String,
    },
}

/// How the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side has the material to checkmate.
    InsufficientMaterial,
    /// The same position for the fifth time (Article 9.6.1).
    Fivefold,
    /// Seventy-five moves by each side without a capture or a pawn move
    /// (Article 9.6.2).
    SeventyFiveMoves,
    /// A draw claim that holds (Article 9.2, 9.3).
    Claimed(ClaimKind),
    /// The side resigned.
    Resigned(Color),
    /// The side's flag fell.
    Flag(Color),
    /// The side's flag fell but the opponent cannot mate.
    FlagDraw(Color),
    /// A draw offer was accepted.
    Agreed,
    /// A result stated by the players or the arbiter.
    Declared(GameResult),
}

impl Ending {
    /// The result, given the side to move at the end.
    pub fn result(self, turn: Color) -> GameResult {
        let win = |c: Color| if c == Color::White { GameResult::WhiteWins } else { GameResult::BlackWins };
        match self {
            Ending::Checkmate => win(turn.other()),
            Ending::Resigned(c) | Ending::Flag(c) => win(c.other()),
            Ending::Declared(r) => r,
            _ => GameResult::Draw,
        }
    }

    /// The end happened by itself when the move was played.
    fn automatic(self) -> bool {
        matches!(self, Ending::Checkmate | Ending::Stalemate | Ending::InsufficientMaterial | Ending::Fivefold | Ending::SeventyFiveMoves)
    }

    /// The value of tiflo's `Ending` tag (one of
    /// [`crate::game::scoresheet::ENDINGS`]).
    fn tag(self) -> &'static str {
        let side = |c: Color, white: &'static str, black: &'static str| if c == Color::White { white } else { black };
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::InsufficientMaterial => "insufficient material",
            Ending::Fivefold => "fivefold repetition",
            Ending::SeventyFiveMoves => "seventy-five moves",
            Ending::Claimed(ClaimKind::Threefold) => "threefold repetition claimed",
            Ending::Claimed(ClaimKind::FiftyMoves) => "fifty moves claimed",
            Ending::Resigned(c) => side(c, "White resigned", "Black resigned"),
            Ending::Flag(c) => side(c, "White's flag fell", "Black's flag fell"),
            Ending::FlagDraw(c) => {
                side(c, "White's flag fell, Black cannot checkmate", "Black's flag fell, White cannot checkmate")
            }
            Ending::Agreed => "draw agreed",
            Ending::Declared(_) => "result declared",
        }
    }

    /// PGN `Termination` tag value.
    fn termination(self) -> &'static str {
        match self {
            Ending::Flag(_) | Ending::FlagDraw(_) => "time forfeit",
            _ => "normal",
        }
    }
}

#[derive(Clone, Debug)]
struct Ply {
    record: RecordedMove,
    /// Reproduced on the other board (or no transfer is kept for it).
    transferred: bool,
    /// The clocks as they were when the move began.
    clocks_before: Clocks,
    /// What the move's press added to the mover's clock (increment,
    /// Bronstein time, a new period's time), taken back with the move.
    credit: Duration,
    at: Duration,
}

/// A move read from text; `foreign` when only another language's piece
/// letters read it so.
#[derive(Copy, Clone, Debug)]
struct Reading {
    mv: Move,
    foreign: bool,
}

#[derive(Clone, Debug)]
enum Question {
    /// `draw`: a draw offer was written with the move, made once it is
    /// recorded.
    ConfirmMove { mv: Move, written: String, draw: bool },
    Choose { candidates: Vec<Move>, written: String, draw: bool },
    /// A correction of the last move heard by voice.
    ConfirmCorrection { mv: Move, written: String },
    ChooseCorrection { candidates: Vec<Move>, written: String },
    Resign(Color),
    /// A command heard by voice.
    ConfirmCommand(Command),
    Takeback,
    Flag(Color),
    Result(GameResult),
}

/// The game: the rules' state, the dialogue's and the narrator's, and the
/// set-up they share.
pub struct Session {
    setup: Setup,
    /// The blind player's colour.
    side: Color,
    rules: rules::Rules,
    dialogue: dialogue::Dialogue,
    narrator: narrate::Narrator,
    /// Time of the last entry.
    last: Duration,
    /// Time of the last flag and low-time check.
    checked: Duration,
}

fn ms(d: Duration) -> u64 {
    d.as_millis() as u64
}

fn hash(pos: &Chess) -> u64 {
    let h: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    h.0
}

fn parse_uci(pos: &Chess, uci: &str) -> Result<Move, String> {
    let u = UciMove::from_str(uci).map_err(|e| format!("{uci}: {e}"))?;
    to_move(pos, &u)
}

fn to_move(pos: &Chess, uci: &UciMove) -> Result<Move, String> {
    uci.to_move(pos).map_err(|e| format!("{uci}: {e}"))
}

fn uci_of(m: Move) -> UciMove {
    m.to_uci(shakmaty::CastlingMode::Standard)
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session").field("setup", &self.setup).field("plies", &self.rules.plies.len()).field("ending", &self.rules.ending).finish()
    }
}

impl Session {
    /// A new game at `now`, with the entry that begins its journal.
    pub fn new(setup: Setup, now: Duration) -> Result<(Session, Vec<Output>), SessionError> {
        let now = Duration::from_millis(ms(now));
        let mut s = Session::from_setup(setup.clone(), now)?;
        let entry = Entry::Begin { t: ms(now), setup: Box::new(setup) };
        let mut out = vec![Output::Journal(entry)];
        let mut args = FluentArgs::new();
        args.set("side", s.side_word(s.side));
        args.set("color", if s.side == Color::White { "white" } else { "black" });
        args.set("control", s.control_words());
        match &s.setup.study {
            Some(moves) => {
                // Moves as players count them: White's and Black's are one.
                let count = match moves.len() {
                    0 => 0,
                    n => move_number(&s.rules.start, n - 1).0 - s.rules.start.fullmoves().get() + 1,
                };
                let mut args = FluentArgs::new();
                args.set("count", u64::from(count));
                out.push(s.say(s.narrator.texts.get("study-begin", Some(&args))));
            }
            None => out.push(s.say(s.narrator.texts.get("game-new", Some(&args)))),
        }
        if s.rules.start != Chess::default() {
            out.push(s.say(s.to_move_sentence()));
        }
        s.last = now;
        Ok((s, out))
    }

    fn from_setup(setup: Setup, now: Duration) -> Result<Session, SessionError> {
        let lang = setup.lang;
        let control = setup.time_control.clone();
        let start = match &setup.fen {
            Some(f) => read_fen(&f.to_string()).map_err(|e| SessionError::Fen(e.to_string()))?,
            None => Chess::default(),
        };
        if start.is_game_over() || start.halfmoves() >= 150 {
            return Err(SessionError::Fen("the game is already over in this position".into()));
        }
        let pack = setup.announce.clone().unwrap_or_else(|| lang.code().to_owned());
        let announcer = Announcer::new(&pack, setup.announce_style, setup.file_words).ok_or(SessionError::Lang(pack))?;
        let dialect = Dialect::new(Notation::San, lang).expect("algebraic takes every language");
        let mut readers = vec![Notator::new(dialect, &start)];
        let mut add = |d: Dialect| {
            if !readers.iter().any(|r| r.dialect() == d) {
                readers.push(Notator::new(d, &start));
            }
        };
        add(Dialect::PGN);
        if let Ok(d) = Dialect::new(Notation::Descriptive, lang) {
            add(d);
        }
        for n in [Notation::Koch, Notation::Iccf, Notation::Gringmuth] {
            add(Dialect::new(n, Lang::En).expect("numeric notations take no language"));
        }
        Ok(Session {
            side: setup.side.into(),
            rules: rules::Rules {
                hashes: vec![hash(&start)],
                pos: start.clone(),
                start,
                plies: Vec::new(),
                clocks: if setup.mirror { Clocks::new(control).following() } else { Clocks::new(control) },
                started: false,
                offer: None,
                owed_mark: None,
                rejected_claim: None,
                ending: None,
                signed: ByColor { white: false, black: false },
                pressed: false,
                taken_back_at: None,
            },
            dialogue: dialogue::Dialogue {
                words: Words::new(lang),
                readers,
                question: None,
                asked: String::new(),
                listing: None,
                reminder: Reminder::new(Duration::from_millis(setup.transfer_reminder_ms)),
                touched: None,
                sensor: false,
                asked_at: now,
                answer_window: Some(crate::game::event::SPOKEN_ANSWER_WINDOW),
                echo: false,
                echoed: None,
            },
            narrator: narrate::Narrator { texts: Texts::new(lang), announcer, estimate_said: false, exempt_said: [false; 2] },
            last: now,
            checked: now,
            setup,
        })
    }

    /// Rebuilds a game from its journal entries, saying nothing. The caller
    /// then calls [`Session::resumed`].
    pub fn resume(entries: &[Entry]) -> Result<Session, SessionError> {
        let Some(Entry::Begin { t, setup }) = entries.first() else { return Err(SessionError::NoBegin) };
        let mut s = Session::from_setup(setup.as_ref().clone(), Duration::from_millis(*t))?;
        for (index, e) in entries.iter().enumerate().skip(1) {
            if Duration::from_millis(e.time()) < s.last {
                return Err(SessionError::Entry { index, why: "its time is before the previous entry's".into() });
            }
            s.replay(e).map_err(|why| SessionError::Entry { index, why })?;
            s.last = s.last.max(Duration::from_millis(e.time()));
        }
        s.checked = s.last;
        Ok(s)
    }

    /// The daemon is running again at `now` after a stop: the time the
    /// side to move's clock ran meanwhile is charged to it, and said.
    pub fn resumed(&mut self, now: Duration) -> Vec<Output> {
        let now = self.now(now);
        let entry = Entry::Resume { t: ms(now) };
        let down = now.saturating_sub(self.last);
        let mut out = vec![Output::Journal(entry)];
        let mut args = FluentArgs::new();
        args.set("moves", self.rules.plies.len() as u64);
        args.set("down", duration_words(&self.narrator.texts, down));
        let text = match (self.rules.ending, self.rules.clocks.running()) {
            (None, Some(side)) if !down.is_zero() => {
                args.set("side", self.side_word(side));
                self.narrator.texts.get("game-resumed-charged", Some(&args))
            }
            _ => self.narrator.texts.get("game-resumed", Some(&args)),
        };
        out.push(self.say(text));
        out.extend(self.resume_summary());
        match self.rules.ending {
            Some(e) => {
                out.push(self.say(self.ending_sentence(e)));
                if !self.signed_off() {
                    out.push(self.msg("game-unsigned"));
                }
            }
            None => out.push(self.say(self.to_move_sentence())),
        }
        self.last = now;
        out.extend(self.check_time(now));
        out
    }

    /// The game's set-up, as journaled at its start.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The position now.
    pub fn position(&self) -> &Chess {
        &self.rules.pos
    }

    /// The game's clocks.
    pub fn clocks(&self) -> &Clocks {
        &self.rules.clocks
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.rules.ending
    }

    /// The game is over and its scoresheet signed (Article 8.7): by both
    /// players, or by the player alone against an engine; a study has no
    /// signatures. A finished game is kept until then, so that it can
    /// still be signed after a crash.
    pub fn signed_off(&self) -> bool {
        self.rules.ending.is_some()
            && (self.setup.study.is_some() || (self.rules.signed[self.side] && (self.rules.signed[!self.side] || self.setup.engine)))
    }

    /// The side whose draw offer stands, waiting for an answer.
    pub fn draw_offer(&self) -> Option<Color> {
        self.rules.offer
    }

    /// What answer the session waits for, so that an input (a recogniser's
    /// grammar, the braille keys) can offer just those answers.
    pub fn awaiting(&self) -> Option<Awaiting> {
        match &self.dialogue.question {
            None => None,
            Some(Question::Choose { candidates, .. } | Question::ChooseCorrection { candidates, .. }) => {
                Some(Awaiting::Choice(candidates.clone()))
            }
            Some(_) => Some(Awaiting::YesNo),
        }
    }

    /// The position after the game's last irreversible move (a capture or
    /// a pawn move; the start when there is none) and the moves since: what
    /// an engine needs to see repetitions.
    pub fn since_irreversible(&self) -> (Chess, Vec<Move>) {
        let mut from = self.rules.start.clone();
        let mut pos = self.rules.start.clone();
        let mut moves = Vec::new();
        for p in &self.rules.plies {
            let m = p.record.mv;
            pos.play_unchecked(m);
            if m.is_zeroing() {
                from = pos.clone();
                moves.clear();
            } else {
                moves.push(m);
            }
        }
        (from, moves)
    }

    /// Where the game is for an input that listens: the position, the
    /// answer awaited, what may be corrected at `now`, whether a `no`
    /// answers a move just echoed, and which commands apply now.
    pub fn moment(&self, now: Duration) -> crate::game::event::Moment {
        crate::game::event::Moment {
            pos: self.rules.pos.clone(),
            awaiting: self.awaiting(),
            correctable: self.correctable(now),
            echoed: self.dialogue.echoed.is_some(),
            listing: self.dialogue.listing.is_some(),
            pending: self.pending_transfers().len(),
            study: self.setup.study.is_some(),
            over: self.rules.ending.is_some(),
            startable: !self.rules.started && self.rules.ending.is_none() && self.setup.study.is_none(),
            mirror: self.setup.mirror,
        }
    }

    /// The position before the last move while that move may still be
    /// corrected at `now` (a slip of the tongue: before the opponent's
    /// clock start is reported and within `correction-ms`), so that an
    /// input can offer the corrections (a recogniser's grammar).
    pub fn correctable(&self, now: Duration) -> Option<Chess> {
        self.correction_window(self.now(now), true).ok()
    }

    /// Whether a practice engine may answer at `now`: the last move can no
    /// longer be corrected (its correction time is over, or the clock press
    /// was reported), and likewise after an arbiter's take-back, so that
    /// the player can take back a move of their own, or correct theirs,
    /// before the engine plays.
    pub fn settled(&self, now: Duration) -> bool {
        if self.rules.pressed {
            return true;
        }
        let since = match (self.rules.taken_back_at, self.rules.plies.last()) {
            (Some(t), _) => t,
            (None, Some(p)) => p.at,
            (None, None) => return true,
        };
        self.now(now) > since + Duration::from_millis(self.setup.correction_ms)
    }

    /// How long after a question was last said a spoken answer to it (an
    /// [`Event::Said`] yes, no or number) still counts; `None`: always.
    /// Typed answers are never limited. The default is
    /// [`crate::game::event::SPOKEN_ANSWER_WINDOW`]; it is no part of the
    /// game's journal.
    pub fn set_answer_window(&mut self, window: Option<Duration>) {
        self.dialogue.answer_window = window;
    }

    /// `confirm = "echo"`: a move heard for sure ([`Event::Heard`] with
    /// `sure`) is recorded at once and echoed in a few words ("caballo
    /// f3"), and a `no` with no question standing undoes it (a take-back
    /// in the journal) while a slip of the tongue may still be corrected:
    /// until the opponent's clock start is reported or `correction_ms`
    /// has passed; after that it is said to be too late. Unsure readings
    /// are asked as ever, and [`Setup::confirm_always`] still reads every
    /// move back. Off by default; like the answer window the setting is
    /// no part of the game's journal (the daemon sets it from its settings
    /// whenever it starts or resumes a game), but a move recorded on an
    /// echo is journaled as such (`Entry::Move`'s `echoed`), so that a
    /// `no` said after a crash and resume, while the move may still be
    /// corrected, still undoes it.
    pub fn set_echo(&mut self, echo: bool) {
        self.dialogue.echo = echo;
    }

    /// The messages of the player's language.
    pub fn texts(&self) -> &Texts {
        &self.narrator.texts
    }

    /// The scoresheet so far.
    pub fn record(&self) -> GameRecord {
        let mut tags = self.setup.tags.clone();
        if let Some(e) = self.rules.ending {
            tags.push(("Termination".into(), e.termination().into()));
            tags.push((crate::game::scoresheet::ENDING_TAG.into(), e.tag().into()));
            let result = e.result(self.rules.pos.turn()).as_pgn().to_owned();
            for (side, name) in [(Color::White, "WhiteSigned"), (Color::Black, "BlackSigned")] {
                if self.rules.signed[side] {
                    tags.push((name.into(), result.clone()));
                }
            }
        }
        tags.push(("TimeControl".into(), self.setup.time_control.to_string()));
        GameRecord {
            tags,
            start: self.rules.start.clone(),
            moves: self.rules.plies.iter().map(|p| p.record.clone()).collect(),
            result: Some(self.rules.ending.map_or(GameResult::Unknown, |e| e.result(self.rules.pos.turn()))),
        }
    }

    fn now(&self, now: Duration) -> Duration {
        Duration::from_millis(ms(now)).max(self.last)
    }

    /// Handles one event at `now`: time is checked first (flags and
    /// warnings), then the event goes to the part that answers it.
    pub fn handle(&mut self, now: Duration, event: Event) -> Vec<Output> {
        let now = self.now(now);
        let mut out = self.check_time(now);
        out.extend(match event {
            Event::Tick => self.remind(now),
            Event::BoardSeen(board) => self.board_seen(now, &board),
            Event::Touched(t) => {
                // Only a board that sees pieces lifted reports them.
                self.dialogue.touched = t;
                self.dialogue.sensor = true;
                Vec::new()
            }
            Event::Sensor(on) => {
                self.dialogue.sensor = on;
                Vec::new()
            }
            Event::ClockShows { white, black } => self.on_clock_shows(now, white, black),
            Event::Command(c) => self.on_command(now, c),
            Event::Played(m) => self.on_played(now, m),
            Event::Heard { heard, moves, sure } => self.on_heard(now, heard, moves, sure),
            Event::HeardCorrection { heard, moves } => self.on_heard_correction(now, heard, moves),
            Event::Listening(on) => vec![self.listening_sentence(on)],
            Event::TalkAround(on) => vec![self.say(self.narrator.texts.text(if on { "hearing-talk-around" } else { "hearing-quieter" }))],
            // A line longer than tiflo reads is refused whole, unread.
            Event::Said { line, .. } | Event::Line(line) if crate::line::too_long(&line) => vec![self.too_long()],
            Event::Said { line, command } => self.on_said(now, line, command),
            Event::Line(line) => self.on_line(now, &line),
        });
        self.note_asked(now, &out);
        out
    }

    /// Journals and applies an entry built from a live event: the entry,
    /// then the words for what it did.
    fn commit(&mut self, entry: Entry) -> Vec<Output> {
        self.commit_as(entry, false)
    }

    /// As [`Session::commit`]; with `echo`, what it does is echoed in a
    /// few words (a move, or its undoing) instead of announced as the
    /// scoresheet reads it. A move entry marked `echoed` is the one a `no`
    /// may undo.
    fn commit_as(&mut self, entry: Entry, echo: bool) -> Vec<Output> {
        let t = Duration::from_millis(entry.time());
        match self.apply(&entry) {
            Ok(facts) => {
                self.last = self.last.max(t);
                self.follow(&facts);
                self.note_echoed(&entry, &facts);
                let mut out = vec![Output::Journal(entry)];
                if echo {
                    out.extend(self.narrate_echoed(&facts));
                } else {
                    out.extend(self.narrate(&facts));
                }
                out
            }
            // Live entries are built from checked moves; this would be a
            // defect, and it is said rather than hidden.
            Err(why) => vec![self.urgent(why)],
        }
    }

    /// Applies a journaled entry again, saying nothing.
    fn replay(&mut self, entry: &Entry) -> Result<(), String> {
        let facts = self.apply(entry)?;
        self.follow(&facts);
        self.note_echoed(entry, &facts);
        Ok(())
    }

    /// A move recorded at once on an echo is the one a `no` undoes, live
    /// and once the game is resumed from its journal alike.
    fn note_echoed(&mut self, entry: &Entry, facts: &[Fact]) {
        if let Entry::Move { echoed: true, .. } = entry {
            self.dialogue.echoed = facts.iter().find_map(|f| match f {
                Fact::Played { ply, .. } => Some(*ply),
                _ => None,
            });
        }
    }

    /// Flags and low-time warnings between the last check and `now`.
    fn check_time(&mut self, now: Duration) -> Vec<Output> {
        let from = self.checked;
        self.checked = now;
        let mut out = Vec::new();
        for fact in self.time_passed(from, now) {
            match fact {
                Fact::FlagDown(side) => out.extend(self.commit(Entry::Flag { t: ms(now), side: side.into() })),
                // The estimate running out is said once, until a clock is set.
                Fact::EstimateOut(_) if self.narrator.estimate_said => {}
                Fact::EstimateOut(_) => {
                    self.narrator.estimate_said = true;
                    out.extend(self.narrate(&[fact]));
                }
                // The exemption is said once when it begins to apply, and
                // again only after a new period.
                Fact::Exemption { side, applies } => {
                    let said = &mut self.narrator.exempt_said[usize::from(side == Color::Black)];
                    if !applies {
                        *said = false;
                    } else if !*said {
                        *said = true;
                        out.extend(self.narrate(&[fact]));
                    }
                }
                fact => out.extend(self.narrate(&[fact])),
            }
        }
        out
    }

    /// In mirror mode, a clock more than [`CLOCK_SHOWN_TOLERANCE`] away from
    /// what the physical clock shows is set to it, silently.
    fn on_clock_shows(&mut self, now: Duration, white: Duration, black: Duration) -> Vec<Output> {
        let mut out = Vec::new();
        if self.setup.mirror && self.rules.ending.is_none() {
            for (side, shown) in [(Side::White, white), (Side::Black, black)] {
                if self.rules.clocks.remaining(side.into(), now).abs_diff(shown) > CLOCK_SHOWN_TOLERANCE {
                    let entry = Entry::SetClock { t: ms(now), side, ms: ms(shown) };
                    if let Ok(facts) = self.apply(&entry) {
                        self.last = now;
                        self.follow(&facts);
                        out.push(Output::Journal(entry));
                        out.extend(self.narrate(&facts));
                    }
                }
            }
        }
        out
    }

}

/// An entry's name, as the journal writes it, for the reason an entry does
/// not apply.
fn entry_name(e: &Entry) -> String {
    serde_json::to_value(e).ok().and_then(|v| v.get("e").and_then(|n| n.as_str().map(str::to_owned))).unwrap_or_default()
}

/// "12. Nf3" and "12... Nf6" are read as the move alone; the number is not
/// checked here (the move must be legal for the side to move anyway).
fn strip_move_number(text: &str) -> &str {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && t[digits..].starts_with('.') {
        t[digits..].trim_start_matches('.').trim_start()
    } else {
        t
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
