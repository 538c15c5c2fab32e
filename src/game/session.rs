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
use crate::game::clock::{Clocks, Press, TimeControl};
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

/// Why a game could not be set up or resumed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SessionError {
    #[error("unknown language {0:?}")]
    Lang(String),
    #[error("bad time control: {0}")]
    TimeControl(String),
    #[error("bad start position: {0}")]
    Fen(String),
    #[error("the journal does not start with the game's set-up")]
    NoBegin,
    #[error("journal entry {index} cannot be applied: {why}")]
    Entry { index: usize, why: String },
}

/// How the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    Fivefold,
    SeventyFiveMoves,
    Claimed(ClaimKind),
    Resigned(Color),
    /// The side's flag fell.
    Flag(Color),
    /// The side's flag fell but the opponent cannot mate.
    FlagDraw(Color),
    Agreed,
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

/// The game.
pub struct Session {
    setup: Setup,
    side: Color,
    texts: Texts,
    words: Words,
    announcer: Announcer,
    /// Readers of typed moves, most likely first.
    readers: Vec<Notator>,
    start: Chess,
    pos: Chess,
    plies: Vec<Ply>,
    clocks: Clocks,
    started: bool,
    /// Position hashes: the start and after each ply.
    hashes: Vec<u64>,
    /// The side whose draw offer stands, until the opponent accepts,
    /// declines or plays on (Article 9.1.b).
    offer: Option<Color>,
    /// A side that offered a draw before making its move: its next move is
    /// the one marked `(=)` (Article 8.1.d, Appendix C.12).
    owed_mark: Option<Color>,
    /// A side whose claim was rejected: its next move carries the note on
    /// the scoresheet, with the penalty (Article 9.5.2, 8.1.b).
    rejected_claim: Option<Color>,
    ending: Option<Ending>,
    signed: ByColor<bool>,
    question: Option<Question>,
    /// The opponent's clock start was reported since the last move.
    pressed: bool,
    /// When the arbiter last took back a move, until the next move or
    /// clock press: an engine waits as long after it as after a move.
    taken_back_at: Option<Duration>,
    /// Time of the last entry.
    last: Duration,
    /// Time of the last flag and low-time check.
    checked: Duration,
    /// The mirror-mode notice of tiflo's estimate running out was said.
    estimate_said: bool,
    /// When to remind of pending transfers.
    reminder: Reminder,
    /// The last piece an electronic board saw lifted since the last move.
    touched: Option<(Square, Piece)>,
    /// An electronic board that sees pieces lifted is connected.
    sensor: bool,
}

fn ms(d: Duration) -> u64 {
    d.as_millis() as u64
}

fn hash(pos: &Chess) -> u64 {
    let h: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    h.0
}

fn parse_uci(pos: &Chess, uci: &str) -> Result<Move, String> {
    UciMove::from_str(uci)
        .map_err(|e| format!("{uci}: {e}"))?
        .to_move(pos)
        .map_err(|e| format!("{uci}: {e}"))
}

/// Words for the language a pack speaks: figurines have none.
fn pack_lang(code: &str) -> Result<Lang, SessionError> {
    match Lang::from_str(code) {
        Ok(l) if l != Lang::Figurine => Ok(l),
        _ => Err(SessionError::Lang(code.to_owned())),
    }
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session").field("setup", &self.setup).field("plies", &self.plies.len()).field("ending", &self.ending).finish()
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
                    n => move_number(&s.start, n - 1).0 - s.start.fullmoves().get() + 1,
                };
                let mut args = FluentArgs::new();
                args.set("count", u64::from(count));
                out.push(s.say(s.texts.get("study-begin", Some(&args))));
            }
            None => out.push(s.say(s.texts.get("game-new", Some(&args)))),
        }
        if s.start != Chess::default() {
            out.push(s.say(s.to_move_sentence()));
        }
        s.last = now;
        Ok((s, out))
    }

    fn from_setup(setup: Setup, now: Duration) -> Result<Session, SessionError> {
        let lang = pack_lang(&setup.lang)?;
        let control = TimeControl::from_str(&setup.time_control).map_err(|e| SessionError::TimeControl(e.to_string()))?;
        let start = match &setup.fen {
            Some(f) => read_fen(f).map_err(|e| SessionError::Fen(e.to_string()))?,
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
            texts: Texts::new(lang),
            words: Words::new(lang),
            announcer,
            readers,
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
            question: None,
            pressed: false,
            taken_back_at: None,
            last: now,
            checked: now,
            estimate_said: false,
            reminder: Reminder::new(Duration::from_millis(setup.transfer_reminder_ms)),
            touched: None,
            sensor: false,
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
            s.apply(e).map_err(|why| SessionError::Entry { index, why })?;
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
        args.set("moves", self.plies.len() as u64);
        args.set("down", duration_words(&self.texts, down));
        let text = match (self.ending, self.clocks.running()) {
            (None, Some(side)) if !down.is_zero() => {
                args.set("side", self.side_word(side));
                self.texts.get("game-resumed-charged", Some(&args))
            }
            _ => self.texts.get("game-resumed", Some(&args)),
        };
        out.push(self.say(text));
        match self.ending {
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

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn position(&self) -> &Chess {
        &self.pos
    }

    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The game is over and its scoresheet signed (Article 8.7): by both
    /// players, or by the player alone against an engine; a study has no
    /// signatures. A finished game is kept until then, so that it can
    /// still be signed after a crash.
    pub fn signed_off(&self) -> bool {
        self.ending.is_some()
            && (self.setup.study.is_some() || (self.signed[self.side] && (self.signed[!self.side] || self.setup.engine)))
    }

    /// The side whose draw offer stands, waiting for an answer.
    pub fn draw_offer(&self) -> Option<Color> {
        self.offer
    }

    /// What answer the session waits for, so that an input (a recogniser's
    /// grammar, the braille keys) can offer just those answers.
    pub fn awaiting(&self) -> Option<Awaiting> {
        match &self.question {
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
        let mut from = self.start.clone();
        let mut pos = self.start.clone();
        let mut moves = Vec::new();
        for p in &self.plies {
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
    /// answer awaited, and what may be corrected at `now`.
    pub fn moment(&self, now: Duration) -> crate::game::event::Moment {
        crate::game::event::Moment { pos: self.pos.clone(), awaiting: self.awaiting(), correctable: self.correctable(now) }
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
        if self.pressed {
            return true;
        }
        let since = match (self.taken_back_at, self.plies.last()) {
            (Some(t), _) => t,
            (None, Some(p)) => p.at,
            (None, None) => return true,
        };
        self.now(now) > since + Duration::from_millis(self.setup.correction_ms)
    }

    pub fn texts(&self) -> &Texts {
        &self.texts
    }

    /// The scoresheet so far.
    pub fn record(&self) -> GameRecord {
        let mut tags = self.setup.tags.clone();
        if let Some(e) = self.ending {
            tags.push(("Termination".into(), e.termination().into()));
            let result = e.result(self.pos.turn()).as_pgn().to_owned();
            for (side, name) in [(Color::White, "WhiteSigned"), (Color::Black, "BlackSigned")] {
                if self.signed[side] {
                    tags.push((name.into(), result.clone()));
                }
            }
        }
        tags.push(("TimeControl".into(), self.setup.time_control.clone()));
        GameRecord {
            tags,
            start: self.start.clone(),
            moves: self.plies.iter().map(|p| p.record.clone()).collect(),
            result: Some(self.ending.map_or(GameResult::Unknown, |e| e.result(self.pos.turn()))),
        }
    }

    fn now(&self, now: Duration) -> Duration {
        Duration::from_millis(ms(now)).max(self.last)
    }

    fn say(&self, text: String) -> Output {
        Output::Say { text, urgent: false }
    }

    fn urgent(&self, text: String) -> Output {
        Output::Say { text, urgent: true }
    }

    fn msg(&self, id: &str) -> Output {
        self.say(self.texts.text(id))
    }

    fn side_word(&self, c: Color) -> String {
        self.texts.text(if c == Color::White { "side-white" } else { "side-black" })
    }

    /// Handles one event at `now`.
    pub fn handle(&mut self, now: Duration, event: Event) -> Vec<Output> {
        let now = self.now(now);
        let mut out = self.check_time(now);
        let command = match event {
            Event::Tick => {
                out.extend(self.remind(now));
                return out;
            }
            Event::BoardSeen(board) => {
                out.extend(self.board_seen(now, &board));
                return out;
            }
            Event::Touched(t) => {
                // Only a board that sees pieces lifted reports them.
                self.touched = t;
                self.sensor = true;
                return out;
            }
            Event::Sensor(on) => {
                self.sensor = on;
                return out;
            }
            Event::ClockShows { white, black } => {
                if self.setup.mirror && self.ending.is_none() {
                    for (side, shown) in [(Side::White, white), (Side::Black, black)] {
                        if self.clocks.remaining(side.into(), now).abs_diff(shown) > CLOCK_SHOWN_TOLERANCE {
                            let entry = Entry::SetClock { t: ms(now), side, ms: ms(shown) };
                            if let Ok(says) = self.apply(&entry) {
                                self.last = now;
                                out.push(Output::Journal(entry));
                                out.extend(says);
                            }
                        }
                    }
                }
                return out;
            }
            Event::Command(c) => Some(c),
            Event::Played(m) => {
                out.extend(self.on_played(now, m));
                return out;
            }
            Event::Heard { heard, moves, sure } => {
                out.extend(self.on_heard(now, heard, moves, sure));
                return out;
            }
            Event::HeardCorrection { heard, moves } => {
                out.extend(self.on_heard_correction(now, heard, moves));
                return out;
            }
            Event::Listening(on) => {
                let text = if on {
                    self.texts.text("listening-resumed")
                } else {
                    // The phrase that resumes, as the player must say it.
                    let mut args = FluentArgs::new();
                    let resume = self.texts.text("hear-resume");
                    args.set("phrase", resume.split(',').next().unwrap_or_default().trim().to_owned());
                    self.texts.get("listening-paused", Some(&args))
                };
                out.push(self.say(text));
                return out;
            }
            // A line longer than tiflo reads is refused whole, unread.
            Event::Said(line) | Event::Line(line) if crate::line::too_long(&line) => {
                out.push(self.too_long());
                return out;
            }
            Event::Said(line) => match self.words.parse(&line) {
                Parsed::Command(c @ (Command::Draw(_) | Command::Accept | Command::Decline | Command::Claim(_))) => {
                    if let Some(o) = self.over() {
                        out.push(o);
                        return out;
                    }
                    let mut args = FluentArgs::new();
                    args.set("command", crate::line::quote(&line));
                    self.question = Some(Question::ConfirmCommand(c));
                    out.push(self.say(self.texts.get("heard-command-confirm", Some(&args))));
                    return out;
                }
                _ => {
                    out.extend(self.handle(now, Event::Line(line)));
                    return out;
                }
            },
            Event::Line(line) => match self.words.parse(&line) {
                Parsed::Empty => return out,
                Parsed::Command(c) => Some(c),
                Parsed::Error { command, error } => {
                    let mut args = FluentArgs::new();
                    args.set("command", self.texts.text(&format!("cmd-{command}")).split(',').next().unwrap_or(command).trim().to_owned());
                    out.push(self.say(self.texts.get(error.message(), Some(&args))));
                    return out;
                }
                Parsed::Move(text) => {
                    // "Cf3 tablas", "e4 (=)": the move, and a draw offered
                    // with it (Article 9.1.b).
                    match self.words.move_with_offer(&text) {
                        Some(mv) => out.extend(self.on_move_text(now, mv, true)),
                        None => out.extend(self.on_move_text(now, &text, false)),
                    }
                    return out;
                }
            },
        };
        if let Some(c) = command {
            out.extend(self.on_command(now, c));
        }
        out
    }

    /// Journals and applies an entry built from a live event.
    fn commit(&mut self, entry: Entry) -> Vec<Output> {
        let t = Duration::from_millis(entry.time());
        match self.apply(&entry) {
            Ok(says) => {
                self.last = self.last.max(t);
                let mut out = vec![Output::Journal(entry)];
                out.extend(says);
                out
            }
            // Live entries are built from checked moves; this would be a
            // defect, and it is said rather than hidden.
            Err(why) => vec![self.urgent(why)],
        }
    }

    /// Flags and low-time warnings between the last check and `now`.
    fn check_time(&mut self, now: Duration) -> Vec<Output> {
        let mut out = Vec::new();
        let from = self.checked;
        self.checked = now;
        if self.ending.is_some() || !self.started {
            return out;
        }
        if let Some(side) = self.clocks.running() {
            let thresholds: Vec<Duration> = self.setup.low_time_warnings.iter().map(|s| Duration::from_secs(*s)).collect();
            if (self.setup.warn_both || side == self.side)
                && let Some(t) = self.clocks.crossed(side, from, now, &thresholds) {
                    let mut args = FluentArgs::new();
                    args.set("side", self.side_word(side));
                    args.set("time", duration_words(&self.texts, t));
                    out.push(self.urgent(self.texts.get("low-time", Some(&args))));
                }
        }
        if let Some(side) = self.clocks.flag(now) {
            if self.setup.mirror {
                if !self.estimate_said {
                    self.estimate_said = true;
                    let mut args = FluentArgs::new();
                    args.set("side", self.side_word(side));
                    out.push(self.urgent(self.texts.get("flag-estimate", Some(&args))));
                }
            } else {
                out.extend(self.commit(Entry::Flag { t: ms(now), side: side.into() }));
            }
        }
        out
    }

    /// Reads typed text as a move of the side to move. The player's own
    /// algebraic notation decides when it reads the text as a legal move
    /// (a Spanish `Rg1` is the king's move, not an English rook's); else
    /// every other notation tiflo reads is tried, and readings that
    /// disagree are returned as candidates to choose from. A move only the
    /// letters of another language make of the text is a guess: it is no
    /// reading here, only a candidate of the error (see [`Session::read_any`]
    /// for asking about it).
    fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        match self.read_any(text)? {
            Reading { mv, foreign: false } => Ok(mv),
            Reading { mv, foreign: true } => Err(MoveError::new(MoveErrorKind::NoLegalMove, vec![mv])),
        }
    }

    /// As [`Session::read_move`], with a move that only another language's
    /// piece letters read (an English `Rb3`, the rook, typed by a Spanish
    /// player whose `R` is the king) returned as `foreign`, to be asked
    /// about, never recorded without a yes (Appendix C.3: each player
    /// writes the letters of their own language).
    fn read_any(&self, text: &str) -> Result<Reading, MoveError> {
        let text = strip_move_number(text);
        let own = self.readers[0].dialect().lang;
        let mut found: Vec<Reading> = Vec::new();
        let mut first_error = match self.readers[0].read(&self.pos, text) {
            Ok(mv) => return Ok(Reading { mv, foreign: false }),
            Err(e) => Some(e),
        };
        for r in &self.readers[1..] {
            match r.read(&self.pos, text) {
                Ok(mv) => {
                    let d = r.dialect();
                    // UCI (`c7c8b`) is every language's: its letters are no
                    // piece letters of English.
                    let uci = UciMove::from_str(text).ok().and_then(|u| u.to_move(&self.pos).ok()) == Some(mv);
                    let foreign = d.notation.uses_lang() && d.lang != own && !uci;
                    match found.iter_mut().find(|f| f.mv == mv) {
                        // Read alike by a notation of the player's own
                        // language: no guess.
                        Some(f) => f.foreign &= foreign,
                        None => found.push(Reading { mv, foreign }),
                    }
                }
                Err(e) => {
                    // The player's own notation explains best, unless it
                    // could not even read the text and another one could.
                    let better = first_error.as_ref().is_none_or(|f: &MoveError| {
                        matches!(f.kind, MoveErrorKind::Syntax(_)) && !matches!(e.kind, MoveErrorKind::Syntax(_))
                    });
                    if better {
                        first_error = Some(e);
                    }
                }
            }
        }
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(first_error.unwrap_or_else(|| MoveError::syntax("empty"))),
            _ => Err(MoveError::new(MoveErrorKind::Ambiguous, found.iter().map(|f| f.mv).collect())),
        }
    }

    /// The move in words, as the player announces it.
    fn move_text(&self, before: &Chess, m: Move) -> String {
        let mut after = before.clone();
        after.play_unchecked(m);
        self.announcer.phrase(before, m, &after)
    }

    fn list(&self, items: impl IntoIterator<Item = String>) -> String {
        let sep = self.texts.text("list-separator");
        items.into_iter().collect::<Vec<_>>().join(&sep)
    }

    fn numbered(&self, candidates: &[Move]) -> String {
        self.numbered_in(&self.pos, candidates)
    }

    /// The candidates, moves in `pos`, said with their numbers.
    fn numbered_in(&self, pos: &Chess, candidates: &[Move]) -> String {
        self.list(candidates.iter().enumerate().map(|(i, m)| {
            let mut args = FluentArgs::new();
            args.set("n", (i + 1) as u64);
            args.set("move", self.move_text(pos, *m));
            self.texts.get("choice-item", Some(&args))
        }))
    }

    /// A move typed on another input (the assistant's page), read as a
    /// typed line is but without a word said: the move, or the sentence
    /// saying why it is not one.
    pub fn read_typed(&self, text: &str) -> Result<Move, String> {
        let text_of = |o: Output| match o {
            Output::Say { text, .. } => text,
            _ => String::new(),
        };
        if let Some(o) = self.over() {
            return Err(text_of(o));
        }
        if crate::line::too_long(text) {
            return Err(text_of(self.too_long()));
        }
        match self.words.parse(text) {
            Parsed::Move(t) => self.read_move(&t).map_err(|e| text_of(self.move_error(&t, &e))),
            _ => {
                let mut args = FluentArgs::new();
                args.set("text", crate::line::quote(text));
                Err(self.texts.get("typed-not-a-move", Some(&args)))
            }
        }
    }

    /// A line longer than tiflo reads: refused in words, nothing done.
    fn too_long(&self) -> Output {
        let mut args = FluentArgs::new();
        args.set("most", crate::line::MAX_LINE_CHARS as u64);
        self.urgent(self.texts.get("line-too-long", Some(&args)))
    }

    fn move_error(&self, text: &str, e: &MoveError) -> Output {
        let id = match e.kind {
            MoveErrorKind::Syntax(_) => "move-unreadable",
            MoveErrorKind::NoLegalMove => "move-illegal",
            MoveErrorKind::Ambiguous => "move-ambiguous",
            MoveErrorKind::PromotionPieceMissing => "move-promotion-missing",
            MoveErrorKind::CaptureMarkOnQuietMove => "move-not-capture",
            MoveErrorKind::EnPassantMarkOnOtherMove => "move-not-en-passant",
            MoveErrorKind::PromotionMarkOnOtherMove => "move-not-promotion",
            MoveErrorKind::OtherPromotion => "move-other-promotion",
        };
        let mut args = FluentArgs::new();
        args.set("text", crate::line::quote(text));
        args.set("side", self.side_word(self.pos.turn()));
        args.set("count", e.candidates.len() as u64);
        args.set("candidates", self.list(e.candidates.iter().map(|m| self.move_text(&self.pos, *m))));
        // Urgent: the player must hear at once that nothing was recorded.
        self.urgent(self.texts.get(id, Some(&args)))
    }

    fn over(&self) -> Option<Output> {
        let e = self.ending?;
        let mut args = FluentArgs::new();
        args.set("result", e.result(self.pos.turn()).as_scoresheet());
        Some(self.say(self.texts.get("game-over", Some(&args))))
    }

    fn on_move_text(&mut self, now: Duration, text: &str, draw: bool) -> Vec<Output> {
        if let Some(q) = self.question.clone() {
            if let Question::Choose { candidates, written, draw: offered } = q
                && let Ok(m) = self.read_move(text)
                    && candidates.contains(&m) {
                        self.question = None;
                        return self.propose(now, m, written, false, offered || draw);
                    }
            self.question = None;
        }
        if let Some(o) = self.over() {
            return vec![o];
        }
        match self.read_any(text) {
            Ok(Reading { mv, foreign: false }) => self.propose(now, mv, text.to_owned(), false, draw),
            // Another language's letters: asked, in every confirm mode.
            Ok(Reading { mv, foreign: true }) => {
                let mut args = FluentArgs::new();
                args.set("text", text.to_owned());
                args.set("side", self.side_word(self.pos.turn()));
                args.set("move", self.move_text(&self.pos, mv));
                self.question = Some(Question::ConfirmMove { mv, written: text.to_owned(), draw });
                vec![self.say(self.texts.get(if draw { "move-foreign-confirm-offer" } else { "move-foreign-confirm" }, Some(&args)))]
            }
            Err(e) if e.kind == MoveErrorKind::Ambiguous && !e.candidates.is_empty() => {
                self.question = Some(Question::Choose { candidates: e.candidates.clone(), written: text.to_owned(), draw });
                let mut args = FluentArgs::new();
                args.set("text", crate::line::quote(text));
                args.set("choices", self.numbered(&e.candidates));
                vec![self.say(self.texts.get("move-choose", Some(&args)))]
            }
            Err(e) => vec![self.move_error(text, &e)],
        }
    }

    fn on_heard(&mut self, now: Duration, heard: String, moves: Vec<Move>, sure: bool) -> Vec<Output> {
        self.question = None;
        if let Some(o) = self.over() {
            return vec![o];
        }
        let legal = self.pos.legal_moves();
        let moves: Vec<Move> = moves.into_iter().filter(|m| legal.contains(m)).collect();
        let mut args = FluentArgs::new();
        args.set("text", crate::line::quote(&heard));
        args.set("side", self.side_word(self.pos.turn()));
        match moves.as_slice() {
            [] => vec![self.urgent(self.texts.get("heard-nothing", Some(&args)))],
            [m] if sure => self.propose(now, *m, heard, false, false),
            [m] => {
                args.set("move", self.move_text(&self.pos, *m));
                self.question = Some(Question::ConfirmMove { mv: *m, written: heard, draw: false });
                vec![self.say(self.texts.get("move-confirm", Some(&args)))]
            }
            several => {
                args.set("choices", self.numbered(several));
                self.question = Some(Question::Choose { candidates: several.to_vec(), written: heard, draw: false });
                vec![self.say(self.texts.get("heard-choose", Some(&args)))]
            }
        }
    }

    fn on_played(&mut self, now: Duration, m: Move) -> Vec<Output> {
        if let Some(o) = self.over() {
            return vec![o];
        }
        let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        if !self.pos.is_legal(m) {
            let mut args = FluentArgs::new();
            args.set("text", uci);
            args.set("side", self.side_word(self.pos.turn()));
            args.set("count", 0u64);
            args.set("candidates", String::new());
            return vec![self.urgent(self.texts.get("move-illegal", Some(&args)))];
        }
        self.propose(now, m, uci, true, false)
    }

    /// A move read with certainty (`confirmed` when the player already said
    /// yes to it); `draw`: its mover offers a draw with it, once it is
    /// recorded.
    fn propose(&mut self, now: Duration, m: Move, written: String, confirmed: bool, draw: bool) -> Vec<Output> {
        if let Some(study) = &self.setup.study {
            let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            if study.get(self.plies.len()) != Some(&uci) {
                let mut args = FluentArgs::new();
                args.set("move", self.move_text(&self.pos, m));
                return vec![self.say(self.texts.get("study-not-this", Some(&args)))];
            }
        }
        if self.setup.confirm_always && !confirmed {
            let mut args = FluentArgs::new();
            args.set("move", self.move_text(&self.pos, m));
            args.set("side", self.side_word(self.pos.turn()));
            self.question = Some(Question::ConfirmMove { mv: m, written, draw });
            return vec![self.say(self.texts.get(if draw { "move-confirm-offer" } else { "move-confirm" }, Some(&args)))];
        }
        let mover = self.pos.turn();
        let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        let mut out = self.commit(Entry::Move { t: ms(now), uci, written });
        out.extend(self.study_ended());
        if draw && self.ending.is_none() && self.plies.last().is_some_and(|p| p.record.mv == m) {
            out.extend(self.commit(Entry::Offer { t: ms(now), by: mover.into() }));
        }
        out
    }

    fn on_command(&mut self, now: Duration, c: Command) -> Vec<Output> {
        let t = ms(now);
        // Answers to a pending question.
        if let Some(q) = self.question.take() {
            match (&q, &c) {
                (Question::ConfirmMove { mv, written, draw }, Command::Yes) => return self.propose(now, *mv, written.clone(), true, *draw),
                (Question::Choose { candidates, written, draw }, Command::Choice(n)) if (1..=candidates.len()).contains(n) => {
                    return self.propose(now, candidates[n - 1], written.clone(), false, *draw);
                }
                (Question::ConfirmCorrection { mv, written }, Command::Yes) => return self.correct_to(now, *mv, written.clone()),
                (Question::ChooseCorrection { candidates, written }, Command::Choice(n)) if (1..=candidates.len()).contains(n) => {
                    return self.correct_to(now, candidates[n - 1], written.clone());
                }
                (Question::ConfirmCommand(c), Command::Yes) => return self.on_command(now, c.clone()),
                (Question::ConfirmCommand(_), Command::No) => return vec![self.msg("heard-command-dropped")],
                (Question::Resign(side), Command::Yes) => return self.commit(Entry::Resign { t, side: (*side).into() }),
                (Question::Takeback, Command::Yes) => return self.commit(Entry::Takeback { t }),
                (Question::Flag(side), Command::Yes) => return self.commit(Entry::Flag { t, side: (*side).into() }),
                (Question::Result(r), Command::Yes) => return self.commit(Entry::Result { t, result: r.as_pgn().to_owned() }),
                (_, Command::No) => return vec![self.msg("answer-no")],
                (Question::Choose { .. } | Question::ChooseCorrection { .. }, Command::Choice(_)) => {
                    self.question = Some(q);
                    return vec![self.msg("choice-out-of-range")];
                }
                _ => {}
            }
        }
        // A study has no clock, no opponent and no arbiter: what belongs to
        // a game being played is said to have no place in it.
        if self.setup.study.is_some()
            && let Some(id) = match c {
                Command::Clock => Some("clock"),
                Command::Start => Some("start"),
                Command::Press => Some("press"),
                Command::Set { .. } => Some("set"),
                Command::Flag(_) => Some("flag"),
                Command::Takeback => Some("takeback"),
                Command::Correct(_) => Some("correct"),
                Command::Draw(_) => Some("draw"),
                Command::Accept => Some("accept"),
                Command::Decline => Some("decline"),
                Command::Claim(_) => Some("claim"),
                Command::Resign(_) => Some("resign"),
                Command::Result(_) => Some("result"),
                Command::Sign(_) => Some("sign"),
                _ => None,
            }
        {
            let mut args = FluentArgs::new();
            args.set("command", self.texts.text(&format!("cmd-{id}")).split(',').next().unwrap_or(id).trim().to_owned());
            return vec![self.say(self.texts.get("study-not-here", Some(&args)))];
        }
        match c {
            Command::Yes | Command::No | Command::Choice(_) => vec![self.msg("nothing-asked")],
            Command::Help => vec![self.msg("help")],
            Command::Repeat => vec![Output::Repeat],
            // The daemon answers these when the page is on the hall's network.
            Command::Page(_) => vec![self.msg("page-off")],
            Command::Quit => vec![self.msg("quit"), Output::Quit],
            Command::New => match self.ending {
                None => vec![self.msg("new-not-over")],
                Some(_) => vec![Output::NewGame],
            },
            Command::Clock => {
                let mut out = vec![self.say(clock_readout(&self.texts, &self.clocks, now))];
                for side in [Color::White, Color::Black] {
                    if self.clocks.scoresheet_exempt(side, now) {
                        let mut args = FluentArgs::new();
                        args.set("side", self.side_word(side));
                        out.push(self.say(self.texts.get("exempt", Some(&args))));
                    }
                }
                out.push(self.say(used_readout(&self.texts, &self.clocks, now)));
                out
            }
            Command::Last => vec![self.last_sentence()],
            Command::Moves => vec![self.moves_sentence()],
            Command::Board => self.board_sentences(),
            Command::Square(sq) => vec![self.square_sentence(sq)],
            Command::Pieces { color, role } => {
                let color = color.map(|w| match w {
                    crate::game::command::Whose::Color(c) => c,
                    crate::game::command::Whose::Mine => self.side,
                    crate::game::command::Whose::Theirs => !self.side,
                });
                vec![self.pieces_sentence(color, role)]
            }
            Command::Rank(rank) => {
                let squares = Square::ALL.into_iter().filter(|sq| sq.rank() == rank);
                vec![self.line_sentence("board-rank", "rank", rank.char().to_string(), squares)]
            }
            Command::File(file) => {
                let squares = Square::ALL.into_iter().filter(|sq| sq.file() == file);
                vec![self.line_sentence("board-file", "file", file.char().to_string(), squares)]
            }
            Command::Legal(of) => self.legal_sentences(of),
            Command::LastMoves(n) => vec![self.last_moves_sentence(n)],
            Command::Transfers => vec![self.transfers_sentence(false)],
            Command::Next => match &self.setup.study {
                None => vec![self.msg("study-only")],
                Some(study) => match study.get(self.plies.len()) {
                    None => vec![self.study_end()],
                    Some(uci) => {
                        let uci = uci.clone();
                        let mut out = self.commit(Entry::Move { t, written: uci.clone(), uci });
                        out.extend(self.study_ended());
                        out
                    }
                },
            },
            Command::Comment | Command::Variations if self.setup.study.is_none() => vec![self.msg("study-only")],
            Command::Comment => {
                let comments: Vec<String> = self.study_note().map(|n| n.comments.clone()).unwrap_or_default();
                if comments.is_empty() {
                    vec![self.msg("study-no-comment")]
                } else {
                    let mut args = FluentArgs::new();
                    args.set("text", comments.join(" "));
                    vec![self.say(self.texts.get("study-comment", Some(&args)))]
                }
            }
            Command::Variations => vec![self.variations_sentence()],
            Command::Back => match (&self.setup.study, self.plies.is_empty()) {
                (None, _) => vec![self.msg("study-only")],
                (Some(_), true) => vec![self.msg("study-start")],
                (Some(_), false) => self.commit(Entry::Takeback { t }),
            },
            Command::Done(ply) => self.done(t, ply),
            Command::Touched => vec![match self.touched {
                Some((sq, piece)) => {
                    let mut args = FluentArgs::new();
                    args.set("piece", self.piece_words(piece));
                    args.set("square", sq.to_string());
                    self.say(self.texts.get("touched", Some(&args)))
                }
                None if self.sensor => self.msg("touched-none"),
                None => self.msg("touched-no-sensor"),
            }],
            Command::Ply(ply) => vec![self.one_ply_sentence(ply)],
            Command::Start => {
                if self.started {
                    vec![self.msg("clock-already-started")]
                } else if let Some(o) = self.over() {
                    vec![o]
                } else {
                    self.commit(Entry::Start { t })
                }
            }
            Command::Press => {
                if (self.plies.is_empty() && self.taken_back_at.is_none()) || self.pressed {
                    vec![self.msg("press-nothing")]
                } else {
                    self.commit(Entry::Press { t })
                }
            }
            Command::Set { white, black } => {
                let mut out = Vec::new();
                for (side, time) in [(Side::White, white), (Side::Black, black)] {
                    if let Some(d) = time {
                        let entry = Entry::SetClock { t, side, ms: ms(d) };
                        if let Ok(says) = self.apply(&entry) {
                            self.last = now;
                            out.push(Output::Journal(entry));
                            out.extend(says);
                        }
                    }
                }
                out.push(self.say(clock_readout(&self.texts, &self.clocks, now)));
                out
            }
            // After the end only the signatures, and undoing a move that
            // ended the game by itself (mate, stalemate...), remain.
            _ if self.ending.is_some_and(|e| !e.automatic() || !matches!(c, Command::Takeback | Command::Correct(_)))
                && !matches!(c, Command::Sign(_)) =>
            {
                self.over().into_iter().collect()
            }
            // A draw offered with no side named is the player's: the
            // player is who speaks and types to tiflo (an opponent's offer
            // is told with its side, "draw black").
            Command::Draw(by) => {
                let by = by.unwrap_or(self.side);
                self.commit(Entry::Offer { t, by: by.into() })
            }
            Command::Accept => match self.offer {
                Some(_) => self.commit(Entry::Accept { t }),
                None => vec![self.msg("no-offer")],
            },
            Command::Decline => match self.offer {
                Some(_) => self.commit(Entry::Decline { t }),
                None => vec![self.msg("no-offer")],
            },
            Command::Claim(text) => self.on_claim(now, text),
            Command::Resign(side) => {
                let side = side.unwrap_or(self.side);
                self.question = Some(Question::Resign(side));
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(side));
                vec![self.say(self.texts.get("resign-confirm", Some(&args)))]
            }
            Command::Correct(text) => self.on_correct(now, &text),
            Command::Takeback => match self.plies.last() {
                None => vec![self.msg("takeback-nothing")],
                Some(p) => {
                    let before = self.position_before_last();
                    let mut args = FluentArgs::new();
                    args.set("move", self.move_text(&before, p.record.mv));
                    self.question = Some(Question::Takeback);
                    vec![self.say(self.texts.get("takeback-confirm", Some(&args)))]
                }
            },
            Command::Result(r) => {
                if r == GameResult::Unknown {
                    vec![self.msg("command-need-result")]
                } else {
                    self.question = Some(Question::Result(r));
                    let mut args = FluentArgs::new();
                    args.set("result", r.as_scoresheet());
                    vec![self.say(self.texts.get("result-confirm", Some(&args)))]
                }
            }
            Command::Flag(side) => {
                let side = side.unwrap_or(self.pos.turn());
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(side));
                if !self.setup.mirror && !self.clocks.remaining(side, now).is_zero() {
                    // tiflo is the clock: its flags fall by themselves.
                    vec![self.say(self.texts.get("flag-own-clock", Some(&args)))]
                } else {
                    self.question = Some(Question::Flag(side));
                    vec![self.say(self.texts.get("flag-confirm", Some(&args)))]
                }
            }
            Command::Sign(side) => {
                let side = side.unwrap_or(self.side);
                if self.ending.is_none() {
                    vec![self.msg("sign-not-over")]
                } else if self.signed[side] {
                    let mut args = FluentArgs::new();
                    args.set("side", self.side_word(side));
                    vec![self.say(self.texts.get("sign-already", Some(&args)))]
                } else {
                    self.commit(Entry::Sign { t, side: side.into() })
                }
            }
        }
    }

    /// The study's note where it stands (after the plies played).
    fn study_note(&self) -> Option<&crate::game::study::Note> {
        self.setup.study_notes.iter().find(|n| n.after == self.plies.len())
    }

    /// The variations that replace the last move played, as the
    /// scoresheet reads them ("Instead of 1... e5: 1... c5, 2. Nf3").
    fn variations_sentence(&self) -> Output {
        let lines = self.study_note().map(|n| n.variations.clone()).unwrap_or_default();
        let Some(ply) = self.plies.len().checked_sub(1).filter(|_| !lines.is_empty()) else {
            return self.msg("study-no-variations");
        };
        let before = self.position_before(ply);
        let said: Vec<String> = lines
            .iter()
            .map(|line| {
                let mut pos = before.clone();
                let mut items = Vec::new();
                for (i, uci) in line.iter().enumerate() {
                    let Ok(m) = parse_uci(&pos, uci) else { break };
                    let (number, side) = move_number(&self.start, ply + i);
                    let mut args = FluentArgs::new();
                    args.set("number", u64::from(number));
                    args.set("move", self.move_text(&pos, m));
                    args.set("offer", "no");
                    let id = match side {
                        Color::Black if i == 0 => "sheet-black-first",
                        Color::Black => "sheet-black",
                        Color::White => "sheet-white",
                    };
                    items.push(self.texts.get(id, Some(&args)));
                    pos.play_unchecked(m);
                }
                self.list(items)
            })
            .collect();
        let mut args = FluentArgs::new();
        args.set("move", self.move_text(&before, self.plies[ply].record.mv));
        args.set("lines", said.join(&self.texts.text("study-line-separator")));
        args.set("count", said.len() as u64);
        self.say(self.texts.get("study-variations", Some(&args)))
    }

    /// The end of the studied game, with its result when the game gives one.
    fn study_end(&self) -> Output {
        let winner = match self.setup.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("Result")).map(|(_, v)| v.as_str()) {
            Some("1-0") => "white",
            Some("0-1") => "black",
            Some("1/2-1/2") => "none",
            _ => return self.msg("study-end"),
        };
        let mut args = FluentArgs::new();
        args.set("winner", winner);
        self.say(self.texts.get("study-end-result", Some(&args)))
    }

    /// The end of the studied game, said once its last move is played.
    fn study_ended(&self) -> Option<Output> {
        let study = self.setup.study.as_ref()?;
        (self.plies.len() == study.len() && !study.is_empty()).then(|| self.study_end())
    }

    fn position_before_last(&self) -> Chess {
        self.position_before_last_of(&self.plies[..self.plies.len().saturating_sub(1)])
    }

    fn repetitions(&self) -> usize {
        let last = *self.hashes.last().expect("the start position is hashed");
        // Only positions since the last irreversible move can repeat.
        let window = self.pos.halfmoves() as usize + 1;
        self.hashes.iter().rev().take(window).filter(|h| **h == last).count()
    }

    fn on_claim(&mut self, now: Duration, text: Option<String>) -> Vec<Output> {
        let t = ms(now);
        let valid = |pos: &Chess, reps: usize| {
            if reps >= 3 {
                Some(ClaimKind::Threefold)
            } else if pos.halfmoves() >= 100 {
                Some(ClaimKind::FiftyMoves)
            } else {
                None
            }
        };
        // A claim that already holds holds whatever move is named with it.
        if let Some(claim) = valid(&self.pos, self.repetitions()) {
            return self.commit(Entry::Claim { t, claim, uci: None, written: String::new() });
        }
        let by = self.pos.turn();
        match text {
            None => self.commit(Entry::ClaimRejected { t, by: by.into() }),
            Some(text) => {
                let m = match self.read_move(&text) {
                    Ok(m) => m,
                    Err(e) => return vec![self.move_error(&text, &e)],
                };
                let mut after = self.pos.clone();
                after.play_unchecked(m);
                let h = hash(&after);
                let window = after.halfmoves() as usize;
                let reps = 1 + self.hashes.iter().rev().take(window).filter(|x| **x == h).count();
                let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
                match valid(&after, reps) {
                    Some(claim) => self.commit(Entry::Claim { t, claim, uci: Some(uci), written: text }),
                    None => {
                        // Article 9.5: the opponent gets two minutes and the
                        // intended move of a wrong claim must be played.
                        let mut out = self.commit(Entry::ClaimRejected { t, by: by.into() });
                        out.push(self.msg("claim-move-stands"));
                        out.extend(self.commit(Entry::Move { t, uci, written: text }));
                        out
                    }
                }
            }
        }
    }

    /// The position before the last move if it may be corrected now, or
    /// what to say instead. `in_time`: the correction time counts (a read
    /// back asked in time may be answered after it).
    fn correction_window(&self, now: Duration, in_time: bool) -> Result<Chess, Vec<Output>> {
        let Some(last) = self.plies.last() else { return Err(vec![self.msg("correct-nothing")]) };
        if self.ending.is_some_and(|e| !e.automatic()) {
            return Err(self.over().into_iter().collect());
        }
        // An engine's move is no slip of the tongue: only the player's own
        // announced moves are corrected (Supplement 3, 3.b).
        if self.setup.engine && self.mover(self.plies.len() - 1) != self.side {
            return Err(vec![self.msg("correct-engine")]);
        }
        let deadline = last.at + Duration::from_millis(self.setup.correction_ms);
        if self.pressed || (in_time && now > deadline) {
            return Err(vec![self.msg("correct-too-late")]);
        }
        Ok(self.position_before_last())
    }

    fn on_correct(&mut self, now: Duration, text: &str) -> Vec<Output> {
        let before = match self.correction_window(now, true) {
            Ok(before) => before,
            Err(out) => return out,
        };
        let saved = std::mem::replace(&mut self.pos, before);
        let read = self.read_any(text);
        let out = match &read {
            Err(e) => Some(self.move_error(text, e)),
            // Another language's letters: asked before it is recorded.
            Ok(Reading { mv, foreign: true }) => {
                let mut args = FluentArgs::new();
                args.set("text", text.to_owned());
                args.set("side", self.side_word(self.pos.turn()));
                args.set("move", self.move_text(&self.pos, *mv));
                Some(self.say(self.texts.get("move-foreign-confirm", Some(&args))))
            }
            Ok(_) => None,
        };
        self.pos = saved;
        match (read, out) {
            (Ok(Reading { mv, foreign: false }), _) => self.correct_to(now, mv, text.to_owned()),
            (Ok(Reading { mv, foreign: true }), out) => {
                self.question = Some(Question::ConfirmCorrection { mv, written: text.to_owned() });
                out.into_iter().collect()
            }
            (Err(_), out) => out.into_iter().collect(),
        }
    }

    /// Records the correction of the last move to `m` (legal before it),
    /// unless the time for it has passed or it is the move recorded.
    fn correct_to(&mut self, now: Duration, m: Move, written: String) -> Vec<Output> {
        if let Err(out) = self.correction_window(now, false) {
            return out;
        }
        if self.plies.last().is_some_and(|p| p.record.mv == m) {
            return vec![self.msg("correct-same")];
        }
        let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        self.commit(Entry::Correct { t: ms(now), uci, written })
    }

    /// A correction heard by voice: read back (one move) or offered by
    /// number (several), never recorded without the player's answer.
    fn on_heard_correction(&mut self, now: Duration, heard: String, moves: Vec<Move>) -> Vec<Output> {
        self.question = None;
        let before = match self.correction_window(now, true) {
            Ok(before) => before,
            Err(out) => return out,
        };
        let old = self.plies.last().map(|p| p.record.mv);
        let legal = before.legal_moves();
        let moves: Vec<Move> = moves.into_iter().filter(|m| legal.contains(m) && Some(*m) != old).collect();
        let mut args = FluentArgs::new();
        args.set("text", crate::line::quote(&heard));
        args.set("side", self.side_word(before.turn()));
        match moves.as_slice() {
            [] => vec![self.urgent(self.texts.get("heard-nothing", Some(&args)))],
            [m] => {
                args.set("move", self.move_text(&before, *m));
                self.question = Some(Question::ConfirmCorrection { mv: *m, written: heard });
                vec![self.say(self.texts.get("correct-confirm", Some(&args)))]
            }
            several => {
                args.set("choices", self.numbered_in(&before, several));
                self.question = Some(Question::ChooseCorrection { candidates: several.to_vec(), written: heard });
                vec![self.say(self.texts.get("correct-choose", Some(&args)))]
            }
        }
    }

    /// Applies one entry to the game and returns what announces it. Every
    /// entry is ruled again by the rules, as when it was made live: a
    /// journal is re-checked, never trusted (an entry made by hand that
    /// does not hold is an error, and the journal is damaged).
    fn apply(&mut self, entry: &Entry) -> Result<Vec<Output>, String> {
        let now = Duration::from_millis(entry.time());
        let mut out = Vec::new();
        let decided = || "after the end of the game".to_owned();
        match entry {
            Entry::Begin { .. } | Entry::Resume { .. } | Entry::Transferred { .. } | Entry::SetClock { .. } | Entry::Sign { .. } => {}
            Entry::Correct { .. } | Entry::Takeback { .. } => {}
            _ if self.ending.is_some() => return Err(format!("{} {}", entry_name(entry), decided())),
            _ => {}
        }
        match entry {
            Entry::Begin { .. } => return Err("a second set-up".into()),
            Entry::Resume { .. } => {}
            Entry::Transferred { ply, .. } => {
                let Some(p) = self.plies.get_mut(*ply) else { return Err(format!("a transfer of ply {ply}, not played")) };
                if p.transferred {
                    return Err(format!("ply {ply} transferred twice"));
                }
                p.transferred = true;
                self.reminder.reset();
                let before = self.position_before(*ply);
                let mut args = FluentArgs::new();
                args.set("move", self.ply_sentence(*ply, &before));
                let mover = before.turn();
                let id = match transfer::direction(self.setup.transfers, self.side, mover) {
                    Some(To::TournamentBoard) => "transfer-done-tournament",
                    _ => "transfer-done-special",
                };
                out.push(self.say(self.texts.get(id, Some(&args))));
            }
            Entry::Start { .. } => {
                if self.started {
                    return Err("the clocks started twice".into());
                }
                self.clocks.start(self.pos.turn(), now);
                self.started = true;
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(self.pos.turn()));
                out.push(self.say(self.texts.get("clock-started", Some(&args))));
            }
            Entry::Move { uci, written, .. } => {
                if let Some(study) = &self.setup.study
                    && study.get(self.plies.len()) != Some(uci)
                {
                    return Err(format!("{uci} is not the studied game's move"));
                }
                let m = parse_uci(&self.pos, uci)?;
                out.extend(self.play(now, m, written.clone()));
            }
            Entry::Claim { claim, uci, written, .. } => {
                if let Some(uci) = uci {
                    let m = parse_uci(&self.pos, uci)?;
                    out.extend(self.play(now, m, if written.is_empty() { uci.clone() } else { written.clone() }));
                }
                // Article 9.2 and 9.3: the claim must hold in the position.
                let holds = match claim {
                    ClaimKind::Threefold => self.repetitions() >= 3,
                    ClaimKind::FiftyMoves => self.pos.halfmoves() >= 100,
                };
                if !holds {
                    return Err(format!("a {claim:?} claim that does not hold"));
                }
                if let Some(p) = self.plies.last_mut() {
                    p.record.claim = Some(match claim {
                        ClaimKind::Threefold => Claim::Threefold,
                        ClaimKind::FiftyMoves => Claim::FiftyMoves,
                    });
                }
                out.extend(self.end(now, Ending::Claimed(*claim)));
            }
            Entry::Correct { uci, written, .. } => {
                if self.pressed || self.ending.is_some_and(|e| !e.automatic()) {
                    return Err("a correction after the opponent's clock started".into());
                }
                if self.setup.engine && self.plies.len().checked_sub(1).is_some_and(|p| self.mover(p) != self.side) {
                    return Err("a correction of the engine's move".into());
                }
                let Some(last) = self.plies.pop() else { return Err("a correction with no move".into()) };
                let before = self.position_before_last_of(&self.plies);
                let m = parse_uci(&before, uci)?;
                let old_text = self.move_text(&before, last.record.mv);
                if self.ending.is_some_and(Ending::automatic) {
                    // The corrected move had ended the game: it goes on.
                    self.ending = None;
                    self.signed = ByColor { white: false, black: false };
                    self.clocks.start(before.turn().other(), now);
                }
                self.hashes.pop();
                self.pos = before.clone();
                let mut record = RecordedMove::new(m);
                record.written = written.clone();
                record.clock = last.record.clock;
                record.draw_offer = last.record.draw_offer;
                let after = self.push(record, last.clocks_before, last.credit, last.at);
                self.rebuild_readers();
                let mut args = FluentArgs::new();
                args.set("old", old_text);
                args.set("new", self.move_text(&before, m));
                out.push(self.say(self.texts.get("corrected", Some(&args))));
                out.extend(after);
            }
            Entry::Takeback { .. } => {
                let Some(last) = self.plies.pop() else { return Err("a take-back with no move".into()) };
                self.hashes.pop();
                let before = self.position_before_last_of(&self.plies);
                let text = self.move_text(&before, last.record.mv);
                self.pos = before;
                if self.ending.is_some_and(|e| !e.automatic()) {
                    return Err("a take-back after the game was decided".into());
                }
                self.clocks.take_back(&last.clocks_before, last.credit, now);
                self.taken_back_at = Some(now);
                self.pressed = false;
                if self.ending.take().is_some() {
                    self.signed = ByColor { white: false, black: false };
                }
                self.rebuild_readers();
                // A move taken back takes back the offer made with it.
                let mover = self.pos.turn();
                if last.record.draw_offer && self.offer == Some(mover) {
                    self.offer = None;
                }
                let mut args = FluentArgs::new();
                args.set("move", text);
                let id = if self.setup.study.is_some() { "study-back" } else { "taken-back" };
                out.push(self.say(self.texts.get(id, Some(&args))));
                out.push(self.say(self.to_move_sentence()));
            }
            Entry::Press { .. } => {
                if self.pressed || (self.plies.is_empty() && self.taken_back_at.is_none()) {
                    return Err("a clock press with no move".into());
                }
                self.pressed = true;
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(self.pos.turn()));
                out.push(self.say(self.texts.get("pressed", Some(&args))));
            }
            Entry::Offer { by, .. } => {
                // Article 9.1.b: a draw is offered after making a move (it
                // is marked on that move); an offer made on one's turn,
                // before moving, stands too, and is marked on the offerer's
                // next move, whatever the answer.
                let by = Color::from(*by);
                match self.plies.last_mut() {
                    Some(p) if self.pos.turn() != by => p.record.draw_offer = true,
                    _ => self.owed_mark = Some(by),
                }
                self.offer = Some(by);
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(by));
                out.push(self.say(self.texts.get("draw-offered", Some(&args))));
            }
            Entry::Accept { .. } => {
                if self.offer.take().is_none() {
                    return Err("an acceptance with no offer".into());
                }
                out.push(self.msg("draw-accepted"));
                out.extend(self.end(now, Ending::Agreed));
            }
            Entry::ClaimRejected { by, .. } => {
                if let Some(holds) = self.claim_holds() {
                    return Err(format!("a {holds:?} claim rejected that holds"));
                }
                self.rejected_claim = Some(Color::from(*by));
                let other = Color::from(*by).other();
                let more = self.clocks.remaining(other, now) + Duration::from_secs(120);
                self.clocks.set(other, more, now);
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(other));
                out.push(self.say(self.texts.get("claim-invalid", Some(&args))));
            }
            Entry::Decline { .. } => {
                if self.offer.take().is_none() {
                    return Err("a decline with no offer".into());
                }
                out.push(self.msg("draw-declined"));
            }
            Entry::Resign { side, .. } => {
                out.extend(self.end(now, Ending::Resigned((*side).into())));
            }
            Entry::Flag { side, .. } => {
                let side = Color::from(*side);
                // With tiflo's own clock a flag falls only at zero (Article
                // 6.9); a physical clock's flag is the arbiter's to state.
                if !self.setup.mirror && !self.clocks.remaining(side, now).is_zero() {
                    return Err(format!("a flag of {side:?} with time left on the clock"));
                }
                let ending = if self.pos.has_insufficient_material(side.other()) { Ending::FlagDraw(side) } else { Ending::Flag(side) };
                out.extend(self.end(now, ending));
            }
            Entry::Result { result, .. } => {
                let r = crate::game::command::parse_result(result).ok_or_else(|| format!("unknown result {result}"))?;
                out.extend(self.end(now, Ending::Declared(r)));
            }
            Entry::Sign { side, .. } => {
                let side = Color::from(*side);
                if self.ending.is_none() {
                    return Err("a signature before the end of the game".into());
                }
                if self.signed[side] {
                    return Err(format!("{side:?} signed twice"));
                }
                self.signed[side] = true;
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(side));
                args.set("result", self.ending.map_or(GameResult::Unknown, |e| e.result(self.pos.turn())).as_scoresheet());
                out.push(self.say(self.texts.get("signed", Some(&args))));
            }
            Entry::SetClock { side, ms, .. } => {
                self.clocks.set((*side).into(), Duration::from_millis(*ms), now);
                self.estimate_said = false;
            }
        }
        Ok(out)
    }

    /// The draw a claim would obtain now: threefold repetition (Article
    /// 9.2) or fifty moves without a capture or pawn move (9.3).
    fn claim_holds(&self) -> Option<ClaimKind> {
        if self.repetitions() >= 3 {
            Some(ClaimKind::Threefold)
        } else if self.pos.halfmoves() >= 100 {
            Some(ClaimKind::FiftyMoves)
        } else {
            None
        }
    }

    fn position_before_last_of(&self, plies: &[Ply]) -> Chess {
        let mut pos = self.start.clone();
        for p in plies {
            pos.play_unchecked(p.record.mv);
        }
        pos
    }

    fn rebuild_readers(&mut self) {
        for r in &mut self.readers {
            let mut fresh = Notator::new(r.dialect(), &self.start);
            let mut pos = self.start.clone();
            for p in &self.plies {
                fresh.played(&pos, p.record.mv);
                pos.play_unchecked(p.record.mv);
            }
            *r = fresh;
        }
    }

    /// Plays a confirmed move at `now`: the clocks, the record, the end of
    /// the game.
    fn play(&mut self, now: Duration, m: Move, written: String) -> Vec<Output> {
        let mover = self.pos.turn();
        if !self.started {
            self.clocks.start(mover, now);
            self.started = true;
        }
        let clocks_before = self.clocks.clone();
        let mut out = Vec::new();
        if let Press::Flag(side) = self.clocks.press(now) {
            // Only in mirror mode: tiflo's estimate ran out, the real clock rules.
            let mut args = FluentArgs::new();
            args.set("side", self.side_word(side));
            out.push(self.urgent(self.texts.get("flag-estimate", Some(&args))));
        }
        // What the press added: the mover's clock after it, less what it
        // would show had the move not been completed.
        let credit = self.clocks.remaining(mover, now).saturating_sub(clocks_before.remaining(mover, now));
        let mut record = RecordedMove::new(m);
        record.written = written;
        record.clock = Some(self.clocks.remaining(mover, now));
        if self.owed_mark == Some(mover) {
            record.draw_offer = true;
            self.owed_mark = None;
        }
        if self.rejected_claim == Some(mover) {
            record.rejected_claim = Some(mover);
            self.rejected_claim = None;
        }
        match self.offer {
            Some(by) if by != mover => {
                // Playing on instead of answering declines the offer.
                self.offer = None;
                out.push(self.msg("draw-lapsed"));
            }
            _ => {}
        }
        out.extend(self.push(record, clocks_before, credit, now));
        out
    }

    /// Puts a move on the record and announces it with what follows from it.
    fn push(&mut self, record: RecordedMove, clocks_before: Clocks, credit: Duration, at: Duration) -> Vec<Output> {
        let before = self.pos.clone();
        let m = record.mv;
        for r in &mut self.readers {
            r.played(&before, m);
        }
        self.pos.play_unchecked(m);
        self.hashes.push(hash(&self.pos));
        let mover = before.turn();
        let transferred = transfer::direction(self.setup.transfers, self.side, mover).is_none();
        self.plies.push(Ply { record, transferred, clocks_before, credit, at });
        self.reminder.reset();
        self.touched = None;
        self.pressed = false;
        self.taken_back_at = None;
        let mut out = vec![self.say(self.ply_sentence(self.plies.len() - 1, &before))];
        let reps = self.repetitions();
        let ending = if self.pos.is_checkmate() {
            Some(Ending::Checkmate)
        } else if self.pos.is_stalemate() {
            Some(Ending::Stalemate)
        } else if self.pos.is_insufficient_material() {
            Some(Ending::InsufficientMaterial)
        } else if reps >= 5 {
            Some(Ending::Fivefold)
        } else if self.pos.halfmoves() >= 150 {
            Some(Ending::SeventyFiveMoves)
        } else {
            None
        };
        if let Some(e) = ending {
            out.extend(self.end(at, e));
        } else if self.setup.claim_hints && (reps >= 3 || self.pos.halfmoves() >= 100) {
            let mut args = FluentArgs::new();
            args.set("side", self.side_word(self.pos.turn()));
            let id = if reps >= 3 { "claimable-threefold" } else { "claimable-fifty" };
            out.push(self.say(self.texts.get(id, Some(&args))));
        }
        out
    }

    fn end(&mut self, now: Duration, e: Ending) -> Vec<Output> {
        self.ending = Some(e);
        self.offer = None;
        self.question = None;
        self.clocks.stop(now);
        let text = self.ending_sentence(e);
        if matches!(e, Ending::Flag(_) | Ending::FlagDraw(_)) { vec![self.urgent(text)] } else { vec![self.say(text)] }
    }

    fn ending_sentence(&self, e: Ending) -> String {
        let (id, side) = match e {
            Ending::Checkmate => ("end-checkmate", None),
            Ending::Stalemate => ("end-stalemate", None),
            Ending::InsufficientMaterial => ("end-insufficient", None),
            Ending::Fivefold => ("end-fivefold", None),
            Ending::SeventyFiveMoves => ("end-seventy-five", None),
            Ending::Claimed(ClaimKind::Threefold) => ("end-claim-threefold", None),
            Ending::Claimed(ClaimKind::FiftyMoves) => ("end-claim-fifty", None),
            Ending::Resigned(c) => ("end-resigned", Some(c)),
            Ending::Flag(c) => ("end-flag", Some(c)),
            Ending::FlagDraw(c) => ("end-flag-draw", Some(c)),
            Ending::Agreed => ("end-agreed", None),
            Ending::Declared(_) => ("end-declared", None),
        };
        let mut args = FluentArgs::new();
        if let Some(c) = side {
            args.set("side", self.side_word(c));
            args.set("other", self.side_word(c.other()));
        }
        let result = e.result(self.pos.turn());
        args.set("result", result.as_scoresheet());
        args.set(
            "winner",
            match result {
                GameResult::WhiteWins => "white",
                GameResult::BlackWins => "black",
                _ => "none",
            },
        );
        self.texts.get(id, Some(&args))
    }

    /// "12. White: Nf3+".
    fn ply_sentence(&self, ply: usize, before: &Chess) -> String {
        let (n, side) = move_number(&self.start, ply);
        let mut args = FluentArgs::new();
        args.set("number", u64::from(n));
        args.set("side", self.side_word(side));
        args.set("move", self.move_text(before, self.plies[ply].record.mv));
        self.texts.get("move-said", Some(&args))
    }

    fn to_move_sentence(&self) -> String {
        let mut args = FluentArgs::new();
        args.set("side", self.side_word(self.pos.turn()));
        args.set("number", u64::from(self.pos.fullmoves().get()));
        self.texts.get("to-move", Some(&args))
    }

    fn last_sentence(&self) -> Output {
        if self.plies.is_empty() {
            return self.msg("no-moves");
        }
        let before = self.position_before_last();
        let mut args = FluentArgs::new();
        args.set("move", self.ply_sentence(self.plies.len() - 1, &before));
        self.say(self.texts.get("last-move", Some(&args)))
    }

    fn moves_sentence(&self) -> Output {
        if self.plies.is_empty() {
            return self.msg("no-moves");
        }
        let mut args = FluentArgs::new();
        args.set("moves", self.list(self.sheet_items(0)));
        self.say(self.texts.get("sheet", Some(&args)))
    }

    /// The plies from `from` on as the scoresheet reads them: "12. e4, e5"
    /// ("12... e5" when the first is Black's).
    fn sheet_items(&self, from: usize) -> Vec<String> {
        let mut pos = self.start.clone();
        let mut items = Vec::new();
        for (ply, p) in self.plies.iter().enumerate() {
            if ply >= from {
                let (n, side) = move_number(&self.start, ply);
                let mut args = FluentArgs::new();
                args.set("number", u64::from(n));
                args.set("move", self.move_text(&pos, p.record.mv));
                args.set("offer", if p.record.draw_offer { "yes" } else { "no" });
                let id = match side {
                    Color::Black if ply == from => "sheet-black-first",
                    Color::Black => "sheet-black",
                    Color::White => "sheet-white",
                };
                items.push(self.texts.get(id, Some(&args)));
            }
            pos.play_unchecked(p.record.mv);
        }
        items
    }

    /// The position before `ply` (the game's position past the end).
    /// A ply as tiflo announces it ("1. White: knight f3"), for another
    /// output (the page says it aloud); none past the end.
    pub fn ply_words(&self, ply: usize) -> Option<String> {
        (ply < self.plies.len()).then(|| self.ply_sentence(ply, &self.position_before(ply)))
    }

    fn position_before(&self, ply: usize) -> Chess {
        let mut before = self.start.clone();
        for p in self.plies.iter().take(ply) {
            before.play_unchecked(p.record.mv);
        }
        before
    }

    /// The transfers still to do, oldest first. A move of the player's is
    /// pending on the tournament board only while the opponent has not
    /// answered it (nobody answers a move that is not on the board).
    pub fn pending_transfers(&self) -> Vec<Pending> {
        let mut pos = self.start.clone();
        let mut out = Vec::new();
        for (ply, p) in self.plies.iter().enumerate() {
            if !self.transfer_done(ply) {
                if let Some(to) = transfer::direction(self.setup.transfers, self.side, pos.turn()) {
                    out.push(Pending { ply, to, since: p.at });
                }
            }
            pos.play_unchecked(p.record.mv);
        }
        out
    }

    fn transfer_done(&self, ply: usize) -> bool {
        self.plies[ply].transferred
            || (ply + 1 < self.plies.len()
                && transfer::direction(self.setup.transfers, self.side, self.side) == Some(To::TournamentBoard)
                && self.mover(ply) == self.side)
    }

    /// The side that made `ply`.
    fn mover(&self, ply: usize) -> Color {
        move_number(&self.start, ply).1
    }

    /// Every ply's transfer: the board it goes to and whether it is done
    /// (plies with no transfer left out).
    pub fn transfers(&self) -> Vec<(usize, To, bool)> {
        let mut pos = self.start.clone();
        let mut out = Vec::new();
        for (ply, p) in self.plies.iter().enumerate() {
            if let Some(to) = transfer::direction(self.setup.transfers, self.side, pos.turn()) {
                out.push((ply, to, self.transfer_done(ply)));
            }
            pos.play_unchecked(p.record.mv);
        }
        out
    }

    /// The position the tournament board should show: the game's, less
    /// the blind player's last move while it is not reproduced there (once
    /// the opponent has answered, the move is on that board whatever was
    /// marked).
    pub fn tournament_position(&self) -> Chess {
        match self.last_pending_on_tournament_board() {
            Some(ply) => self.position_before(ply),
            None => self.pos.clone(),
        }
    }

    fn last_pending_on_tournament_board(&self) -> Option<usize> {
        self.pending_transfers().last().filter(|p| p.to == To::TournamentBoard && p.ply + 1 == self.plies.len()).map(|p| p.ply)
    }

    /// "Transfers pending: ..." (or that none is), as a reminder or on
    /// request.
    fn transfers_sentence(&self, reminder: bool) -> Output {
        let pending = self.pending_transfers();
        if pending.is_empty() {
            return self.msg("transfers-none");
        }
        let items: Vec<String> = pending.iter().map(|p| self.pending_words(p)).collect();
        let mut args = FluentArgs::new();
        args.set("list", self.list(items));
        self.say(self.texts.get(if reminder { "transfer-reminder" } else { "transfers-pending" }, Some(&args)))
    }

    fn pending_words(&self, p: &Pending) -> String {
        let mut args = FluentArgs::new();
        args.set("move", self.ply_sentence(p.ply, &self.position_before(p.ply)));
        let id = if p.to == To::TournamentBoard { "transfer-tournament" } else { "transfer-special" };
        self.texts.get(id, Some(&args))
    }

    /// A reminder of the pending transfers, when one is due.
    fn remind(&mut self, now: Duration) -> Vec<Output> {
        let pending = self.pending_transfers();
        if pending.is_empty() || self.reminder.due(now, &pending).is_empty() {
            return Vec::new();
        }
        vec![self.transfers_sentence(true)]
    }

    /// A transfer done: of `ply`, or the oldest pending to the player's
    /// board, or else the oldest pending.
    fn done(&mut self, t: u64, ply: Option<usize>) -> Vec<Output> {
        let pending = self.pending_transfers();
        let found = match ply {
            Some(n) => pending.iter().find(|p| p.ply == n),
            // The player's own board first: that is what the player did.
            None => pending.iter().find(|p| p.to == To::SpecialBoard).or(pending.first()),
        };
        match found {
            Some(p) => self.commit(Entry::Transferred { t, ply: p.ply }),
            None => vec![self.msg("transfers-none")],
        }
    }

    /// An electronic tournament board settled showing `board`.
    fn board_seen(&mut self, now: Duration, board: &Board) -> Vec<Output> {
        let tournament = self.tournament_position();
        if board == tournament.board() {
            return Vec::new();
        }
        if let Some(ply) = self.last_pending_on_tournament_board() {
            if board == self.pos.board() {
                // The player's move made there: that transfer is done.
                return self.commit(Entry::Transferred { t: ms(now), ply });
            }
        }
        // With the player's move pending there, the assistant may be making
        // it: the fewer steps, to the game or to the board before the move.
        let mut fixes = transfer::fixes(board, tournament.board());
        if self.last_pending_on_tournament_board().is_some() {
            let to_game = transfer::fixes(board, self.pos.board());
            if to_game.len() <= fixes.len() {
                fixes = to_game;
            }
        }
        let steps: Vec<String> = fixes.iter().map(|f| self.fix_words(f)).collect();
        // The steps are one sentence of instructions: it begins with a
        // capital letter.
        let steps = capitalised(&steps.join(&self.texts.text("fix-separator")));
        let mut args = FluentArgs::new();
        args.set("steps", steps);
        vec![self.say(self.texts.get("fix-board", Some(&args)))]
    }

    /// One step of fixing a board, as an instruction ("quita el caballo
    /// blanco de h3 y ponlo en f3").
    fn fix_words(&self, f: &Fix) -> String {
        let (id, piece) = match *f {
            Fix::Move { piece, .. } => ("fix-move", piece),
            Fix::Remove { piece, .. } => ("fix-remove", piece),
            Fix::Put { piece, .. } => ("fix-put", piece),
        };
        let mut args = FluentArgs::new();
        args.set("color", if piece.color == Color::White { "white" } else { "black" });
        args.set("role", role_name(piece.role));
        args.set("piece", self.texts.get("fix-piece", Some(&args)));
        match *f {
            Fix::Move { from, to, .. } => {
                args.set("from", from.to_string());
                args.set("to", to.to_string());
            }
            Fix::Remove { from, .. } => args.set("from", from.to_string()),
            Fix::Put { on, .. } => args.set("on", on.to_string()),
        }
        self.texts.get(id, Some(&args))
    }

    /// One ply of the scoresheet, "12. White: Nf3+"; with no such ply, that
    /// there are no moves (or the last one, when past the end).
    fn one_ply_sentence(&self, ply: usize) -> Output {
        if ply >= self.plies.len() {
            return self.last_sentence();
        }
        let before = self.position_before(ply);
        self.say(self.ply_sentence(ply, &before))
    }

    /// The last `n` plies in scoresheet order; all of them, said as such,
    /// when the game has fewer.
    fn last_moves_sentence(&self, n: usize) -> Output {
        let len = self.plies.len();
        if len == 0 {
            return self.msg("no-moves");
        }
        let mut args = FluentArgs::new();
        args.set("count", n.min(len) as u64);
        args.set("moves", self.list(self.sheet_items(len.saturating_sub(n))));
        self.say(self.texts.get(if n > len { "last-moves-all" } else { "last-moves" }, Some(&args)))
    }

    fn piece_words(&self, p: Piece) -> String {
        let mut args = FluentArgs::new();
        args.set("color", if p.color == Color::White { "white" } else { "black" });
        args.set("role", role_name(p.role));
        self.texts.get("piece", Some(&args))
    }

    fn board_sentences(&self) -> Vec<Output> {
        let mut out: Vec<Output> = Rank::ALL
            .iter()
            .rev()
            .map(|rank| {
                let squares = shakmaty::File::ALL.iter().map(|f| Square::from_coords(*f, *rank));
                self.line_sentence("board-rank", "rank", rank.char().to_string(), squares)
            })
            .collect();
        out.push(self.say(self.to_move_sentence()));
        out
    }

    /// What stands on `squares` (a rank or a file, in order), as message
    /// `id` with the line's name in argument `name` ("Rank 4: ...").
    fn line_sentence(&self, id: &str, name: &str, value: String, squares: impl Iterator<Item = Square>) -> Output {
        let board = self.pos.board();
        let items: Vec<String> = squares.filter_map(|sq| board.piece_at(sq).map(|p| self.piece_on(p, sq))).collect();
        let mut args = FluentArgs::new();
        args.set(name, value);
        args.set("count", items.len() as u64);
        args.set("pieces", self.list(items));
        self.say(self.texts.get(id, Some(&args)))
    }

    /// The legal moves of the piece on a square, or of each piece of a kind
    /// of the side to move: one sentence per piece, each move as the
    /// announcer says it.
    fn legal_sentences(&self, of: LegalOf) -> Vec<Output> {
        if self.ending.is_some() {
            return vec![self.msg("legal-over")];
        }
        let board = self.pos.board();
        let turn = self.pos.turn();
        let squares: Vec<Square> = match of {
            LegalOf::Square(sq) => match board.piece_at(sq) {
                None => return vec![self.square_sentence(sq)],
                Some(p) if p.color != turn => {
                    let mut args = FluentArgs::new();
                    args.set("square", sq.to_string());
                    args.set("piece", self.piece_words(p));
                    args.set("side", self.side_word(turn));
                    return vec![self.say(self.texts.get("legal-other-side", Some(&args)))];
                }
                Some(_) => vec![sq],
            },
            LegalOf::Role(role) => {
                let squares: Vec<Square> = (board.by_color(turn) & board.by_role(role)).into_iter().collect();
                if squares.is_empty() {
                    let mut args = FluentArgs::new();
                    args.set("piece", self.piece_words(Piece { color: turn, role }));
                    return vec![self.say(self.texts.get("legal-no-piece", Some(&args)))];
                }
                squares
            }
        };
        let legal = self.pos.legal_moves();
        squares
            .into_iter()
            .filter_map(|sq| {
                let piece = board.piece_at(sq)?;
                let mut moves: Vec<&Move> = legal.iter().filter(|m| m.from() == Some(sq)).collect();
                moves.sort_by_key(|m| m.to());
                let mut args = FluentArgs::new();
                args.set("piece", self.piece_on(piece, sq));
                args.set("count", moves.len() as u64);
                args.set("moves", self.list(moves.into_iter().map(|m| self.move_text(&self.pos, *m))));
                Some(self.say(self.texts.get("legal-piece", Some(&args))))
            })
            .collect()
    }

    fn piece_on(&self, p: Piece, sq: Square) -> String {
        let mut args = FluentArgs::new();
        args.set("piece", self.piece_words(p));
        args.set("square", sq.to_string());
        self.texts.get("piece-on", Some(&args))
    }

    fn square_sentence(&self, sq: Square) -> Output {
        let mut args = FluentArgs::new();
        args.set("square", sq.to_string());
        match self.pos.board().piece_at(sq) {
            Some(p) => {
                args.set("piece", self.piece_words(p));
                self.say(self.texts.get("square-piece", Some(&args)))
            }
            None => self.say(self.texts.get("square-empty", Some(&args))),
        }
    }

    fn pieces_sentence(&self, color: Option<Color>, role: Option<Role>) -> Output {
        let board = self.pos.board();
        let items: Vec<String> = board
            .iter()
            .filter(|(_, p)| color.is_none_or(|c| p.color == c) && role.is_none_or(|r| p.role == r))
            .map(|(sq, p)| self.piece_on(p, sq))
            .collect();
        let mut args = FluentArgs::new();
        args.set("count", items.len() as u64);
        args.set("pieces", self.list(items));
        self.say(self.texts.get("pieces-found", Some(&args)))
    }

    /// The time control in words: "90 minutes, plus 30 seconds a move".
    fn control_words(&self) -> String {
        let periods = &self.clocks.control().periods;
        let mut words: Vec<String> = periods
            .iter()
            .map(|p| {
                let mut args = FluentArgs::new();
                args.set("moves", u64::from(p.moves.unwrap_or(0)));
                args.set("time", duration_words(&self.texts, p.time));
                let (kind, extra) = match p.bonus {
                    crate::game::clock::Bonus::None => ("none", Duration::ZERO),
                    crate::game::clock::Bonus::Increment(d) => ("increment", d),
                    crate::game::clock::Bonus::SimpleDelay(d) => ("delay", d),
                    crate::game::clock::Bonus::Bronstein(d) => ("bronstein", d),
                };
                args.set("bonus", kind);
                args.set("extra", duration_words(&self.texts, extra));
                self.texts.get("control-period", Some(&args))
            })
            .collect();
        let mut text = words.pop().unwrap_or_default();
        while let Some(prev) = words.pop() {
            let mut args = FluentArgs::new();
            args.set("first", prev);
            args.set("rest", text);
            text = self.texts.get("control-then", Some(&args));
        }
        text
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
