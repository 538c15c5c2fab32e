//! The daemon's terminal front end: the thin driver around a [`Session`].
//!
//! It owns the I/O the session never does: the journal file, the wall clock,
//! standard input (one move or command per line) and standard output (every
//! sentence tiflo would speak, as a line starting with `say: `).
//!
//! Invariants:
//! - an entry is appended to the journal and flushed to disk before any
//!   sentence after it is printed, so a move announced as recorded is on
//!   disk;
//! - an unfinished game in the journal is resumed, never overwritten; a
//!   finished one is moved aside (renamed, never deleted) and a new game
//!   begins;
//! - a damaged journal is never rewritten or misread: it is moved aside,
//!   untouched, the player is told, and a new game begins in a fresh file;
//! - a failed journal write is said at once, urgently.
//!
//! What each input (keyboard, voice, braille keys, engine, page, DGT board)
//! becomes, and what is said when a device fails: `docs/daemon.md`.


pub mod config;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fluent_bundle::FluentArgs;

use crate::daemon::config::{Announce, ClockMode, Config, Confirm, WarnSides};
use crate::i18n::{Reason, Said, Texts};
use crate::game::journal::{JournalError, JournalFile, Problem};
use crate::notation::Lang;
use crate::speaking::pronounce::speakable;
use crate::speaking::speech::{SpeechChoice, SpeechQueue, Voice, VoiceSettings, default_estimate, drive, open_voice};
use crate::game::entry::{Entry, Setup};
use crate::game::event::{Event, Output};
use crate::game::session::{Session, SessionError};
use crate::hearing::audio::EndpointConfig;
use crate::hearing::grammar::Hearing;
use crate::hearing::ear::{Ear, EngineChoice, ListenChoice, Talk, open_recognizer};
use crate::hearing::mic::open_mic;
use crate::hearing::wav::read_wav;
use crate::braille::display::Action;
use crate::braille::driver::{self, Choice as BrailleChoice, Report};
use crate::braille::front::{Front, Request};
use crate::braille::terminal::Terminal;
use crate::braille::{BoardStyle, Cell, Table};
use crate::game::command::Command;
use crate::assistant::engine;
use crate::assistant::page;
use crate::assistant::dgt;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Color, EnPassantMode, Position};

/// How often time is checked for flags and low-time warnings.
const TICK: Duration = Duration::from_millis(100);

/// Why the daemon could not run.
#[derive(Debug, thiserror::Error)]
pub enum DaemonError {
    #[error(transparent)]
    Journal(#[from] JournalError),
    #[error("cannot set up the game: {0}")]
    Setup(#[from] SessionError),
    #[error("cannot move {from} aside to {to}: {source}")]
    Rename { from: PathBuf, to: PathBuf, source: io::Error },
    #[error("cannot write to standard output: {0}")]
    Output(#[from] io::Error),
    #[error("cannot start the event loop: {0}")]
    Runtime(io::Error),
}

impl DaemonError {
    /// The error in the player's words where the pack has them (a journal
    /// that is not a file); `None` for the others.
    pub fn in_words(&self, texts: &Texts) -> Option<String> {
        match self {
            DaemonError::Journal(e) => e.in_words(texts),
            _ => None,
        }
    }
}

/// The PGN date (`YYYY.MM.DD`, UTC) of a time since the Unix epoch.
pub fn pgn_date(since_epoch: Duration) -> String {
    // Days to the civil calendar (proleptic Gregorian), after H. Hinnant.
    let z = (since_epoch.as_secs() / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The game's set-up from the settings, for a game beginning at `now`.
pub fn setup_of(config: &Config, now: Duration) -> Setup {
    let lang = if config.lang == Lang::Figurine { Lang::En } else { config.lang };
    let mut tags = vec![("Date".to_owned(), pgn_date(now))];
    for (name, value) in [("Event", &config.event), ("Site", &config.site), ("White", &config.white), ("Black", &config.black)] {
        if !value.is_empty() {
            tags.push((name.to_owned(), value.clone()));
        }
    }
    if let Some(study) = &config.study {
        tags = study.tags.clone();
    }
    Setup {
        lang,
        side: config.side.into(),
        time_control: config.time_control.clone(),
        mirror: config.clock == ClockMode::Mirror,
        confirm_always: config.confirm == Confirm::Always,
        correction_ms: u64::from(config.correction_seconds) * 1000,
        low_time_warnings: config.low_time_warnings.iter().map(Duration::as_secs).collect(),
        warn_both: config.low_time_sides == WarnSides::Both,
        fen: config.study.as_ref().and_then(|s| s.fen.clone()),
        tags,
        announce: (config.announce == Announce::Fide).then(|| "fide".to_owned()),
        announce_style: config.announce_style,
        file_words: config.file_words,
        transfers: config.transfers,
        transfer_reminder_ms: u64::from(config.transfer_reminder_seconds) * 1000,
        study: config.study.as_ref().map(|s| s.moves.clone()),
        study_notes: config.study.as_ref().map(|s| s.notes.clone()).unwrap_or_default(),
        engine: config.opponent.is_some() && config.study.is_none(),
        claim_hints: config.claim_hints,
    }
}

/// The wall clock as the session's time: since the Unix epoch, so that time
/// spent while tiflo was stopped counts.
pub fn wall_clock() -> Duration {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default()
}

/// A running game with its journal, writing what it says to `out`.
pub struct Daemon<W: Write> {
    session: Session,
    journal: JournalFile,
    out: W,
    /// The last sentence said, for `repeat`.
    last_said: String,
    /// Every sentence said since [`Daemon::take_said`] last took them.
    said_log: Vec<String>,
    /// The last sentence said holds a secret for the player alone (the
    /// page's pairing code): the page never shows it.
    said_private: bool,
    queue: SpeechQueue,
    /// None while the voice is being opened: sentences wait in the queue.
    voice: Option<Box<dyn Voice>>,
    lang: Lang,
    /// A failure of the voice was said (once).
    voice_failed: bool,
    /// The braille display's view, when braille is shown.
    braille: Option<BrailleSide>,
    /// The board style of the settings, for the braille front.
    braille_style: BoardStyle,
    /// A draw offered with a move typed on the braille keyboard, made only
    /// once that move is recorded.
    draw_with: Option<DrawWith>,
    /// The settings, for the set-up of a new game asked for with `new`.
    config: Config,
}

/// A draw offer typed after a move (the draw-offer sign): nothing is
/// journaled or said until the move is on the record.
struct DrawWith {
    /// The side that typed the move and offers the draw.
    side: shakmaty::Color,
    /// The move, in UCI.
    uci: String,
    /// How many moves the record had when it was typed.
    plies: usize,
}

/// Where the braille front's cells go.
pub enum BrailleOut {
    /// Unicode braille lines (`braille: `) among the daemon's output.
    Terminal(Terminal),
    /// A display's thread.
    Device(mpsc::Sender<Vec<Cell>>),
}

struct BrailleSide {
    front: Front,
    out: BrailleOut,
}

/// A name beside `path` to keep it aside under, never one already taken
/// (two games set aside within a second keep both).
fn aside(path: &Path, what: &str, now: Duration) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "game.journal".into());
    let mut to = path.with_file_name(format!("{name}.{what}-{}", now.as_secs()));
    let mut n = 1;
    while to.exists() {
        n += 1;
        to = path.with_file_name(format!("{name}.{what}-{}-{n}", now.as_secs()));
    }
    to
}

fn rename(from: &Path, to: &Path) -> Result<(), DaemonError> {
    std::fs::rename(from, to).map_err(|source| DaemonError::Rename { from: from.to_owned(), to: to.to_owned(), source })
}

impl<W: Write> Daemon<W> {
    /// Resumes the game in `path`, or begins a new one there with `config`.
    /// Sentences are printed as `say:` lines and queued for the voice given
    /// later with [`Daemon::set_voice`].
    pub fn start(config: &Config, path: &Path, now: Duration, out: W) -> Result<Daemon<W>, DaemonError> {
        let texts = Texts::new(if config.lang == Lang::Figurine { Lang::En } else { config.lang });
        let mut notices = Vec::new();
        let mut resumed = None;
        if path.exists() {
            match JournalFile::open::<Entry>(path) {
                Ok((file, decoded)) => {
                    if let Some(Problem::TornTail { .. }) = decoded.problem {
                        notices.push(texts.text("journal-torn"));
                    }
                    if decoded.records.is_empty() {
                        resumed = Some((file, None));
                    } else {
                        match Session::resume(&decoded.records) {
                            Err(e) => {
                                let index = if let SessionError::Entry { index, .. } = e { index } else { 0 };
                                // Entries that do not make a game (another
                                // version, or a gap): kept for the arbiter.
                                drop(file);
                                let to = aside(path, "damaged", now);
                                rename(path, &to)?;
                                let mut args = FluentArgs::new();
                                args.set("file", to.display().to_string());
                                args.set("records", index as u64);
                                args.set("line", index as u64 + 2);
                                notices.push(texts.get("journal-damaged", Some(&args)));
                            }
                            // A finished game is kept until it is signed
                            // (Article 8.7) or a new one is asked for: after
                            // a crash it can still be signed.
                            Ok(session) if session.signed_off() => {
                                drop(file);
                                let to = aside(path, "finished", now);
                                rename(path, &to)?;
                                let mut args = FluentArgs::new();
                                args.set("file", to.display().to_string());
                                notices.push(texts.get("journal-finished-aside", Some(&args)));
                            }
                            Ok(session) => resumed = Some((file, Some(session))),
                        }
                    }
                }
                Err(JournalError::Damaged { problem, records_before, .. }) => {
                    let to = aside(path, "damaged", now);
                    rename(path, &to)?;
                    let mut args = FluentArgs::new();
                    args.set("file", to.display().to_string());
                    args.set("records", records_before as u64);
                    args.set("line", problem_line(problem));
                    notices.push(texts.get("journal-damaged", Some(&args)));
                }
                Err(e) => return Err(e.into()),
            }
        }
        let mut outputs: Vec<Output> = notices.into_iter().map(|text| Output::Say { text, urgent: true }).collect();
        let (journal, session) = match resumed {
            Some((file, Some(mut session))) => {
                outputs.extend(session.resumed(now));
                (file, session)
            }
            Some((file, None)) => {
                let (session, out) = Session::new(setup_of(config, now), now)?;
                outputs.extend(out);
                (file, session)
            }
            None => {
                let file = JournalFile::create(path)?;
                let (session, out) = Session::new(setup_of(config, now), now)?;
                outputs.extend(out);
                (file, session)
            }
        };
        let lang = session.setup().lang;
        let (braille_style, refused) = braille_style(config, lang);
        if let Some(why) = refused {
            let mut args = FluentArgs::new();
            args.set("why", session.texts().say(&why));
            outputs.push(Output::Say { text: session.texts().get("braille-squares-refused", Some(&args)), urgent: true });
        }
        let mut d = Daemon {
            session,
            journal,
            out,
            last_said: String::new(),
            said_log: Vec::new(),
            said_private: false,
            // An engine that never reports an utterance's end must not
            // silence tiflo: a generous estimate ends it anyway.
            queue: SpeechQueue::with_estimate(|text| default_estimate(text) * 3),
            voice: None,
            lang,
            voice_failed: false,
            braille: None,
            braille_style,
            draw_with: None,
            config: config.clone(),
        };
        d.perform(outputs, now)?;
        Ok(d)
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Handles one event; `false` when the player asked to quit.
    pub fn event(&mut self, now: Duration, event: Event) -> Result<bool, DaemonError> {
        let outputs = self.session.handle(now, event);
        let go_on = self.perform(outputs, now)?;
        if go_on && self.draw_with.is_some() {
            return self.offer_with_move(now);
        }
        Ok(go_on)
    }

    /// A draw offered with a braille-typed move: offered now if the move
    /// has just been recorded (the session marks an offer made right after
    /// one's own move on that move); kept while the move waits for its
    /// confirmation; dropped, never offered, once the move is refused, not
    /// confirmed, or another move is recorded instead.
    fn offer_with_move(&mut self, now: Duration) -> Result<bool, DaemonError> {
        let Some(d) = self.draw_with.take() else { return Ok(true) };
        let moves = self.session.record().moves;
        let uci_of = |m: shakmaty::Move| m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        if moves.len() == d.plies + 1 && uci_of(moves[d.plies].mv) == d.uci {
            if self.session.ending().is_some() {
                // The move ended the game: there is nothing left to offer.
                return Ok(true);
            }
            return self.event(now, Event::Command(Command::Draw(Some(d.side))));
        }
        if moves.len() == d.plies && self.session.awaiting() == Some(crate::game::event::Awaiting::YesNo) {
            self.draw_with = Some(d);
        }
        Ok(true)
    }

    fn perform(&mut self, outputs: Vec<Output>, now: Duration) -> Result<bool, DaemonError> {
        let mut go_on = true;
        let said_any = outputs.iter().any(|o| matches!(o, Output::Say { .. } | Output::Repeat));
        let go_on_braille = !outputs.is_empty();
        for o in outputs {
            match o {
                Output::Journal(entry) => {
                    if let Err(e) = self.journal.append(&entry) {
                        let mut args = FluentArgs::new();
                        args.set("error", self.session.texts().say(&e.said()));
                        let text = self.session.texts().get("journal-write-failed", Some(&args));
                        self.say(&text)?;
                        let spoken = speakable(self.session.texts(), self.lang, &text);
                        self.queue.push(spoken, true, now);
                        self.last_said = text;
                        // The journal's end is unknown: reopen it, which
                        // drops a torn line, and go on from the game it
                        // holds, so that it never holds a game with a gap.
                        if let Ok((file, decoded)) = JournalFile::open::<Entry>(self.journal.path()) {
                            if let Ok(session) = Session::resume(&decoded.records) {
                                self.session = session;
                            }
                            self.journal = file;
                        }
                        // What followed the lost entry announced it: not said.
                        return self.finish(go_on);
                    }
                }
                Output::Say { text, urgent } => {
                    self.say(&text)?;
                    let spoken = speakable(self.session.texts(), self.lang, &text);
                    self.queue.push(spoken, urgent, now);
                    self.last_said = text;
                }
                Output::Repeat => {
                    // The sentence printed is the sentence spoken again.
                    let text = self.last_said.clone();
                    let private = self.said_private;
                    self.say(&text)?;
                    self.said_private = private;
                    let spoken = speakable(self.session.texts(), self.lang, &text);
                    self.queue.push(spoken, false, now);
                }
                Output::Quit => go_on = false,
                Output::NewGame => return self.new_game(now),
            }
        }
        if go_on_braille {
            self.refresh_braille(said_any, now)?;
        }
        self.finish(go_on)
    }

    /// The finished game's journal is kept aside (renamed, as at start) and
    /// a new game begins in its place with the settings.
    fn new_game(&mut self, now: Duration) -> Result<bool, DaemonError> {
        let path = self.journal.path().to_owned();
        let to = aside(&path, "finished", now);
        rename(&path, &to)?;
        self.journal = JournalFile::create(&path)?;
        let mut args = FluentArgs::new();
        args.set("file", to.display().to_string());
        let mut outputs = vec![Output::Say { text: self.session.texts().get("journal-finished-aside", Some(&args)), urgent: false }];
        let (session, out) = Session::new(setup_of(&self.config, now), now)?;
        self.session = session;
        outputs.extend(out);
        self.perform(outputs, now)
    }

    /// Braille is shown through `out`, on a display of `width` cells: the
    /// game as it stands is shown at once.
    pub fn show_braille(&mut self, out: BrailleOut, width: usize, now: Duration) -> Result<(), DaemonError> {
        match self.braille.as_mut() {
            Some(side) => {
                side.out = out;
                side.front.set_width(width);
            }
            None => {
                let Ok(table) = Table::get(self.lang) else { return Ok(()) };
                let front = Front::new(table, self.braille_style, self.session.setup().side.into(), width);
                self.braille = Some(BrailleSide { front, out });
                self.refresh_braille(false, now)?;
            }
        }
        self.push_braille()
    }

    /// The game (or the sentence just said) onto the braille front.
    fn refresh_braille(&mut self, said: bool, now: Duration) -> Result<(), DaemonError> {
        let Some(side) = self.braille.as_mut() else { return Ok(()) };
        let changed = side.front.game(self.session.record(), self.session.position().clone());
        if said && !changed && !self.last_said.is_empty() {
            side.front.say(prose_words(self.lang, &self.last_said));
        }
        let clocks = self.session.clocks();
        side.front.clocks(clocks.remaining(shakmaty::Color::White, now), clocks.remaining(shakmaty::Color::Black, now));
        self.push_braille()
    }

    /// Sends the front's cells out (the terminal prints only a change; the
    /// display's thread writes only a change, except after reconnecting).
    fn push_braille(&mut self) -> Result<(), DaemonError> {
        let Some(side) = self.braille.as_mut() else { return Ok(()) };
        let cells = side.front.cells();
        match &mut side.out {
            BrailleOut::Terminal(t) => {
                if let Some(line) = t.show(&cells) {
                    writeln!(self.out, "{line}")?;
                    self.out.flush()?;
                }
            }
            BrailleOut::Device(tx) => {
                let _ = tx.send(cells);
            }
        }
        Ok(())
    }

    /// The clocks on the braille display follow time (call on every tick).
    pub fn braille_tick(&mut self, now: Duration) -> Result<(), DaemonError> {
        let Some(side) = self.braille.as_mut() else { return Ok(()) };
        side.front.tick(now);
        let clocks = self.session.clocks();
        side.front.clocks(clocks.remaining(shakmaty::Color::White, now), clocks.remaining(shakmaty::Color::Black, now));
        self.push_braille()
    }

    /// A key of the braille display; `false` when the player asked to quit.
    pub fn braille_action(&mut self, action: Action, now: Duration) -> Result<bool, DaemonError> {
        let Some(side) = self.braille.as_mut() else { return Ok(true) };
        let request = side.front.act(action);
        self.push_braille()?;
        match request {
            None => Ok(true),
            Some(Request::Square(sq)) => self.event(now, Event::Command(Command::Square(sq))),
            Some(Request::Clock) => self.event(now, Event::Command(Command::Clock)),
            Some(Request::Ply(ply)) => self.event(now, Event::Command(Command::Ply(ply))),
            Some(Request::Move { uci, draw }) => {
                // The offer goes with the move only once the move is
                // recorded (at once, or after its confirmation): a move
                // refused or not confirmed leaves no offer.
                self.draw_with = draw.then(|| DrawWith {
                    side: self.session.position().turn(),
                    uci: uci.clone(),
                    plies: self.session.record().moves.len(),
                });
                self.event(now, Event::Line(uci))
            }
            Some(Request::Line(text)) => self.event(now, Event::Line(text)),
            Some(Request::Unreadable(_)) => {
                self.notice("braille-unreadable", None, now)?;
                Ok(true)
            }
            Some(Request::Ambiguous(_)) => {
                self.notice("braille-ambiguous", None, now)?;
                Ok(true)
            }
        }
    }

    fn finish(&mut self, go_on: bool) -> Result<bool, DaemonError> {
        self.out.flush()?;
        Ok(go_on)
    }

    /// The voice is open: it says what waits and what follows. `notice` is
    /// why the voice asked for could not be used; it is said at once.
    pub fn set_voice(&mut self, voice: Box<dyn Voice>, notice: Option<Said>, now: Duration) -> Result<(), DaemonError> {
        self.voice = Some(voice);
        if let Some(why) = notice {
            let mut args = FluentArgs::new();
            args.set("why", self.session.texts().say(&why));
            let text = self.session.texts().get("speech-unavailable", Some(&args));
            self.say(&text)?;
            self.out.flush()?;
        }
        self.speak(now)
    }

    /// Lets the voice go on with the queue at `now` (call on every tick).
    pub fn speak(&mut self, now: Duration) -> Result<(), DaemonError> {
        let Some(voice) = self.voice.as_mut() else { return Ok(()) };
        if let Err(e) = drive(&mut self.queue, voice.as_mut(), now)
            && !self.voice_failed {
                self.voice_failed = true;
                let mut args = FluentArgs::new();
                args.set("error", self.session.texts().say(&e.said()));
                let text = self.session.texts().get("speech-failed", Some(&args));
                self.say(&text)?;
                self.out.flush()?;
            }
        Ok(())
    }

    /// Before leaving: waits briefly for a voice still opening, then lets
    /// what is queued be said.
    fn leave(&mut self, voices: &mpsc::Receiver<(Box<dyn Voice>, Option<Said>)>) -> Result<(), DaemonError> {
        if self.voice.is_none()
            && let Ok((voice, notice)) = voices.recv_timeout(Duration::from_secs(2)) {
                self.set_voice(voice, notice, wall_clock())?;
            }
        self.finish_speaking();
        Ok(())
    }

    /// Lets what is queued be said before leaving (at most a few seconds).
    fn finish_speaking(&mut self) {
        let until = wall_clock() + Duration::from_secs(5);
        while self.voice.is_some() && (self.queue.speaking() || self.queue.waiting() > 0) {
            let now = wall_clock();
            if now > until || self.speak(now).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Says a notice of the daemon's own (pack message `id`, with `args`),
    /// urgently: a device that is missing or failing is never silent.
    pub fn notice(&mut self, id: &str, args: Option<&FluentArgs>, now: Duration) -> Result<(), DaemonError> {
        self.notice_as(id, args, now, false)
    }

    /// A notice about the braille display itself (ready, back): said, and
    /// shown only briefly, so the view it covers comes back by itself.
    pub fn braille_news(&mut self, id: &str, args: Option<&FluentArgs>, now: Duration) -> Result<(), DaemonError> {
        self.notice_as(id, args, now, true)
    }

    fn notice_as(&mut self, id: &str, args: Option<&FluentArgs>, now: Duration, news: bool) -> Result<(), DaemonError> {
        let text = self.session.texts().get(id, args);
        self.say(&text)?;
        let spoken = speakable(self.session.texts(), self.lang, &text);
        self.queue.push(spoken, true, now);
        self.last_said = text;
        match self.braille.as_mut() {
            Some(side) if news => {
                side.front.news(prose_words(self.lang, &self.last_said), now);
                self.push_braille()?;
            }
            _ => self.refresh_braille(true, now)?,
        }
        self.out.flush()?;
        Ok(())
    }

    /// A notice with the reason (`$why`) of a device's trouble.
    pub fn notice_why(&mut self, id: &str, why: &Said, now: Duration) -> Result<(), DaemonError> {
        let mut args = FluentArgs::new();
        args.set("why", self.session.texts().say(why));
        self.notice(id, Some(&args), now)
    }

    /// Whether tiflo is speaking: an input that listens must not hear it.
    pub fn speaking(&self) -> bool {
        self.queue.speaking()
    }

    /// The sentences said since this was last called.
    pub fn take_said(&mut self) -> Vec<String> {
        std::mem::take(&mut self.said_log)
    }

    /// The last sentence said.
    pub fn last_said(&self) -> &str {
        &self.last_said
    }

    /// The last sentence said, as the assistant's page may show it: none
    /// when it was for the player alone.
    pub fn page_said(&self) -> &str {
        if self.said_private { "" } else { &self.last_said }
    }

    /// A notice for the player alone (it holds the page's pairing code):
    /// said and shown in braille as any other, never on the page.
    pub fn notice_private(&mut self, id: &str, args: Option<&FluentArgs>, now: Duration) -> Result<(), DaemonError> {
        self.notice(id, args, now)?;
        self.said_private = true;
        Ok(())
    }

    fn say(&mut self, text: &str) -> Result<(), DaemonError> {
        self.said_private = false;
        // One line per sentence, whatever the pack's text holds.
        let line = text.replace(['\n', '\r'], " ");
        if self.said_log.len() < 64 {
            self.said_log.push(line.trim().to_owned());
        }
        writeln!(self.out, "say: {}", line.trim())?;
        Ok(())
    }
}

/// The braille board of the settings: `braille-dots`' colour marks and the
/// `braille-light`/`braille-dark` squares when set, unless they make two
/// kinds of square alike with `lang`'s letters: then the shipped squares,
/// and why (in words).
pub fn braille_style(config: &Config, lang: Lang) -> (BoardStyle, Option<Said>) {
    let shipped = BoardStyle::shipped(config.braille_dots).unwrap_or_else(|_| {
        BoardStyle::shipped(crate::braille::Dots::Eight).expect("the shipped 8-dot board style loads")
    });
    if config.braille_light.is_none() && config.braille_dark.is_none() {
        return (shipped, None);
    }
    let style = shipped
        .with_empty(config.braille_light.unwrap_or(shipped.light), config.braille_dark.unwrap_or(shipped.dark));
    match Table::get(lang).map(|t| style.check(t)) {
        Ok(Err(e)) => (shipped, Some(e.said())),
        _ => (style, None),
    }
}

/// A sentence in braille, word by word: through liblouis in the player's
/// language, or letter by letter when liblouis cannot (never a blank
/// display).
fn prose_words(lang: Lang, text: &str) -> Vec<(Vec<Cell>, String)> {
    crate::braille::louis::words(lang, text).unwrap_or_else(|_| crate::braille::louis::fallback(text))
}

fn problem_line(p: Problem) -> u64 {
    match p {
        Problem::TornTail { line } | Problem::Corrupt { line } | Problem::Unreadable { line } => line as u64,
        Problem::BadHeader => 1,
    }
}


/// How the daemon listens.
#[derive(Clone, Debug)]
pub struct ListenSetup {
    pub input: ListenChoice,
    pub engine: EngineChoice,
    pub model: Option<PathBuf>,
    pub models_dirs: Vec<PathBuf>,
    /// Heard always, or one utterance after each empty line (Enter).
    pub talk: Talk,
    /// The only style of file words the grammar offers (`None`: every one).
    pub files: Option<crate::speaking::announce::Files>,
}

impl Default for ListenSetup {
    fn default() -> Self {
        ListenSetup { input: ListenChoice::None, engine: EngineChoice::Auto, model: None, models_dirs: Vec::new(), talk: Talk::Always, files: None }
    }
}

/// Where the inputs' threads and tasks send to the main loop (sending never
/// blocks; a closed loop makes it fail, which ends the sender).
type Inputs = tokio::sync::mpsc::UnboundedSender<Input>;

/// What the inputs send the main loop.
enum Input {
    Line(String),
    /// The recogniser is open (or why not).
    Ear(Result<Box<Ear>, Said>),
    Audio(Vec<i16>),
    /// The recording has ended.
    AudioEnd,
    /// Standard input has ended.
    LinesEnd,
    /// The audio input failed (what is said: `listen-failed`, or
    /// `listen-mic-failed` for the microphone, and why); listening stops.
    AudioFailed(&'static str, Said),
    /// No microphone could be opened (`--listen auto`): said once; moves
    /// are typed.
    NoMic(String),
    /// News from the braille display's thread.
    Braille(Report),
    /// News from the chess engine's thread.
    Engine(engine::Report),
    /// A change asked on the assistant's page.
    Page(page::Asked),
    /// News from the DGT board's thread.
    Dgt(dgt::driver::Report),
}

/// The DGT board on the opponent's side, seen from the main loop.
struct EBoard {
    control: mpsc::Sender<dgt::driver::Control>,
    /// The position last sent (its FEN), so that each is sent once.
    sent: String,
    /// The board as last read.
    board: Option<shakmaty::Board>,
    /// The DGT clock's latest times, and when they came; `None` while it
    /// is gone.
    clock: Option<(dgt::ClockTimes, std::time::Instant)>,
    /// Which display is White's: set, or learnt from the clock.
    sides: dgt::ClockSides,
}

impl EBoard {
    fn start(config: &Config, tx: &Inputs) -> Option<EBoard> {
        let port = config.dgt.clone()?;
        let tx = tx.clone();
        let control = dgt::driver::start(port, config.dgt_orientation, move |r| tx.send(Input::Dgt(r)).is_ok());
        Some(EBoard { control, sent: String::new(), board: None, clock: None, sides: dgt::ClockSides::new(config.dgt_clock_white) })
    }

    /// Tells the board's thread what the tournament board should show now
    /// (and the position before, for take-backs), when that changed.
    fn follow(&mut self, session: &Session) {
        let current = session.tournament_position();
        let fen = Fen::from_position(&current, EnPassantMode::Legal).to_string();
        if fen == self.sent {
            return;
        }
        self.sent = fen;
        let record = session.record();
        let on_board = if current.board() == session.position().board() { record.moves.len() } else { record.moves.len().saturating_sub(1) };
        let previous = on_board.checked_sub(1).map(|n| record.position_after(n));
        let _ = self.control.send(dgt::driver::Control::Position { current, previous });
    }

    /// New times from the clock, with the side to move now.
    fn clock(&mut self, t: dgt::ClockTimes, turn: Color) {
        self.sides.reading(t, turn);
        self.clock = Some((t, std::time::Instant::now()));
    }

    /// The clock's times, White's then Black's, when they are fresh and it
    /// is known which display is White's.
    fn times(&self) -> Option<(Duration, Duration)> {
        let (t, at) = self.clock?;
        let white = self.sides.white()?;
        if at.elapsed() > Duration::from_secs(10) {
            return None;
        }
        Some((t.shows(white), t.shows(white.other())))
    }

    /// The clock's times as the session's `set` command.
    fn set_clocks(&self) -> Option<Command> {
        let (white, black) = self.times()?;
        Some(Command::Set { white: Some(white), black: Some(black) })
    }

    /// What the settled board means to the session.
    fn event(&self, session: &Session, seen: dgt::Seen, player: Color) -> Option<Event> {
        match seen {
            dgt::Seen::Move(m) => {
                let tournament = session.tournament_position();
                if tournament.board() != session.position().board() {
                    // The player's move pending there: the session marks it
                    // done when this is it, or says how to fix the board.
                    let mut after = tournament;
                    after.play_unchecked(m);
                    Some(Event::BoardSeen(after.board().clone()))
                } else if session.position().turn() != player {
                    Some(Event::Played(m))
                } else {
                    // The player's move, made before the player said it:
                    // the player's word records it.
                    None
                }
            }
            // A piece put back stays touched until the next move (the
            // session forgets it then): the arbiter may still ask.
            dgt::Seen::InPlace => None,
            dgt::Seen::Lifted(sq, piece) => Some(Event::Touched(Some((sq, piece)))),
            dgt::Seen::TakeBack | dgt::Seen::Mismatch(_) => self.board.clone().map(Event::BoardSeen),
        }
    }
}

/// The chess engine playing the opponent's side, seen from the main loop.
struct Opponent {
    /// None once it has failed.
    think: Option<mpsc::Sender<engine::Think>>,
    ready: bool,
    side: Color,
    /// The position (FEN) it was last asked about, until it answers.
    asked: Option<String>,
}

impl Opponent {
    /// Starts the engine of the settings, if any (not in study mode).
    fn start(config: &Config, tx: &Inputs) -> Option<Opponent> {
        let command = config.opponent.clone().filter(|_| config.study.is_none())?;
        let tx = tx.clone();
        let think = engine::start(command, config.opponent_strength, move |r| tx.send(Input::Engine(r)).is_ok());
        Some(Opponent { think: Some(think), ready: false, side: !config.side, asked: None })
    }

    /// Asks for a move when it is the engine's turn in a game going on, once
    /// per position.
    fn ask(&mut self, session: &Session, now: Duration) {
        let Some(think) = &self.think else { return };
        let pos = session.position();
        // It waits while the player's move may still be corrected, and as
        // long after an arbiter's take-back (`Session::settled`).
        if !self.ready || session.ending().is_some() || pos.turn() != self.side || !session.settled(now) {
            return;
        }
        let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        if self.asked.as_ref() == Some(&fen) {
            return;
        }
        let remaining = session.clocks().remaining(self.side, now);
        let (from, moves) = session.since_irreversible();
        if think.send(engine::Think::on_clock(from, moves, remaining)).is_err() {
            self.think = None;
        }
        self.asked = Some(fen);
    }

    /// The engine's answer as the session's events: only for the position
    /// on the board now (a take-back meanwhile makes it stale). With the
    /// player's draw offer standing, the engine answers it first, by its
    /// evaluation (`engine::accepts_draw`): it accepts, or it declines and
    /// plays its move.
    fn answer(&mut self, session: &Session, fen: &str, uci: &str, score: Option<engine::Score>) -> Vec<Event> {
        let pos = session.position();
        if Fen::from_position(pos, EnPassantMode::Legal).to_string() != fen {
            if self.asked.as_deref() == Some(fen) {
                self.asked = None;
            }
            return Vec::new();
        }
        self.asked = None;
        let offered = session.draw_offer() == Some(!self.side);
        if offered && engine::accepts_draw(score) {
            return vec![Event::Command(Command::Accept)];
        }
        let m = uci.parse::<UciMove>().ok().and_then(|m| m.to_move(pos).ok());
        // A move the engine should not have made is said as any illegal one.
        let played = m.map_or_else(|| Event::Line(uci.to_owned()), Event::Played);
        if offered { vec![Event::Command(Command::Decline), played] } else { vec![played] }
    }
}

/// The width of the terminal's braille line.
const TERMINAL_CELLS: usize = 40;

/// The BrlAPI server BrlAPI clients use when none is named: `BRLAPI_HOST`
/// (as BRLTTY writes an address), else the local default.
fn brlapi_host() -> Option<String> {
    std::env::var("BRLAPI_HOST").ok().filter(|h| !h.trim().is_empty())
}

/// Starts braille as the settings say; the display's thread reports on `tx`.
fn start_braille(choice: &BrailleChoice, port: Option<&str>, tx: Inputs) -> Option<mpsc::Sender<Vec<Cell>>> {
    let (openers, fallback) = match choice {
        BrailleChoice::None | BrailleChoice::Terminal => return None,
        BrailleChoice::Auto => {
            // BrlAPI first: a port BRLTTY holds is never opened.
            let mut openers = vec![driver::brlapi_opener(brlapi_host())];
            if let Some(Ok(BrailleChoice::Serial { port, protocol })) = port.map(driver::serial_port) {
                openers.push(driver::serial_opener(port, protocol));
            }
            (openers, true)
        }
        BrailleChoice::Brlapi(addr) => (vec![driver::brlapi_opener(addr.clone().or_else(brlapi_host))], false),
        BrailleChoice::Serial { port, protocol } => (vec![driver::serial_opener(port.clone(), *protocol)], false),
    };
    Some(driver::start(openers, fallback, move |r| tx.send(Input::Braille(r)).is_ok()))
}

/// Opens the recogniser and then streams the audio, on its own thread: a
/// model may take seconds to load, and the game starts at once.
fn start_listening(listen: &ListenSetup, lang: Lang, tx: Inputs) {
    let listen = listen.clone();
    std::thread::spawn(move || {
        let open_ear = || {
            let ear = open_recognizer(listen.engine, lang.code(), listen.model.as_deref(), &listen.models_dirs)
                .map_err(|e| match e {
                    // What to install, in the player's language.
                    e => e.said(),
                })
                .and_then(|rec| {
                    let hearing = Hearing::new(lang).ok_or_else(|| Said::new("why-hear-no-words").data("lang", lang.code()))?.with_files(listen.files);
                    Ok(Box::new(Ear::new(rec, hearing, EndpointConfig::default())))
                });
            // Sent to the main loop; false when it failed (it is said there)
            // or the loop has gone.
            let ok = ear.is_ok();
            tx.send(Input::Ear(ear)).is_ok() && ok
        };
        let path = match &listen.input {
            ListenChoice::None => return,
            ListenChoice::Mic(_) | ListenChoice::Auto => {
                let name = match &listen.input {
                    ListenChoice::Mic(name) => name.clone(),
                    _ => None,
                };
                // The microphone first: with none there is no recogniser
                // to load.
                let audio = tx.clone();
                let mic = match open_mic(name.as_deref(), move |pcm| audio.send(Input::Audio(pcm)).is_ok()) {
                    Ok(mic) => {
                        // For whoever sets the machine up; not said to the
                        // player.
                        eprintln!("tiflo: microphone {}", mic.about());
                        mic
                    }
                    Err(e) if listen.input == ListenChoice::Auto => {
                        let _ = tx.send(Input::NoMic(e.to_string()));
                        return;
                    }
                    Err(e) => {
                        let _ = tx.send(Input::Ear(Err(e.said())));
                        return;
                    }
                };
                if !open_ear() {
                    return;
                }
                // After the recogniser's readiness is said, once, and before
                // the device is let go.
                if let Err(e) = mic.run() {
                    let _ = tx.send(Input::AudioFailed("listen-mic-failed", e.said()));
                }
                drop(mic);
                return;
            }
            ListenChoice::Wav(p) => p.clone(),
            ListenChoice::Pcm(p) => {
                if !open_ear() {
                    return;
                }
                // Opening a named pipe waits for its writer.
                let mut file = match std::fs::File::open(p) {
                    Ok(f) => f,
                    Err(e) => {
                        let _ = tx.send(Input::AudioFailed("listen-failed", Said::new("why-audio-file").data("path", p.display().to_string()).with("why", e.said())));
                        return;
                    }
                };
                let mut bytes = vec![0u8; 640];
                let mut odd: Option<u8> = None;
                loop {
                    use std::io::Read;
                    let n = match file.read(&mut bytes) {
                        Ok(0) => break,
                        Ok(n) => n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => {
                            let _ = tx.send(Input::AudioFailed("listen-failed", Said::new("why-audio-file").data("path", p.display().to_string()).with("why", e.said())));
                            return;
                        }
                    };
                    // A sample split across two reads is joined.
                    let mut data: Vec<u8> = odd.take().into_iter().collect();
                    data.extend_from_slice(&bytes[..n]);
                    if data.len() % 2 == 1 {
                        odd = data.pop();
                    }
                    let pcm = data.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
                    if tx.send(Input::Audio(pcm)).is_err() {
                        return;
                    }
                }
                let _ = tx.send(Input::AudioEnd);
                return;
            }
        };
        let pcm = match read_wav(&path) {
            Ok(p) => p,
            Err(e) => {
                let _ = tx.send(Input::Ear(Err(e.said())));
                return;
            }
        };
        if !open_ear() {
            return;
        }
        // Played at the pace it was recorded, as a sound card delivers it.
        const PIECE: usize = 320;
        let start = std::time::Instant::now();
        for (i, piece) in pcm.chunks(PIECE).enumerate() {
            let due = Duration::from_micros((i * PIECE) as u64 * 1_000_000 / 16_000);
            if let Some(wait) = due.checked_sub(start.elapsed()) {
                std::thread::sleep(wait);
            }
            if tx.send(Input::Audio(piece.to_vec())).is_err() {
                return;
            }
        }
        let _ = tx.send(Input::AudioEnd);
    });
}

/// The page's pairing as the daemon holds it: to list and revoke devices.
struct PagePairing {
    pairing: page::Pairing,
    /// When the server started: the pairing's clock.
    started: std::time::Instant,
}

/// Where the answer to a change of the page goes.
type PageReply = tokio::sync::oneshot::Sender<Result<String, page::Refusal>>;

/// A pairing code as it is said: digit by digit.
fn spaced(code: &str) -> String {
    code.chars().map(String::from).collect::<Vec<_>>().join(" ")
}

/// Serves the assistant's page as `choice` says, on the running runtime,
/// and says where (or why not); on the hall's network, the pairing.
async fn start_page<W: Write>(
    daemon: &mut Daemon<W>,
    choice: page::Choice,
    state: tokio::sync::watch::Receiver<page::State>,
    pgn: tokio::sync::watch::Receiver<String>,
    asks: tokio::sync::mpsc::UnboundedSender<page::Asked>,
) -> Result<Option<PagePairing>, DaemonError> {
    let Some(address) = choice.address() else { return Ok(None) };
    let lan = matches!(choice, page::Choice::Lan(_));
    let started = async {
        let pairing = if lan { Some(page::Pairing::new().map_err(io::Error::other)?) } else { None };
        let texts = daemon.session().texts();
        let mut words = page::words(texts, daemon.session().setup().lang.code());
        words.extend(page::server_words(texts));
        let port = page::start(address, pairing.clone(), words, state, pgn, asks).await?;
        Ok::<_, page::StartError>((port, pairing))
    };
    let mut args = FluentArgs::new();
    match started.await {
        Ok((port, pairing)) => {
            let host = if lan { lan_address().unwrap_or_else(|| "0.0.0.0".to_owned()) } else { "127.0.0.1".to_owned() };
            args.set("address", format!("http://{host}:{port}/"));
            if let Some(pairing) = pairing {
                args.set("code", spaced(&pairing.code()));
                daemon.notice_private("page-ready-lan", Some(&args), wall_clock())?;
                Ok(Some(PagePairing { pairing, started: std::time::Instant::now() }))
            } else {
                daemon.notice("page-ready", Some(&args), wall_clock())?;
                Ok(None)
            }
        }
        Err(e) => {
            args.set("why", daemon.session().texts().say(&e.said()));
            daemon.notice("page-failed", Some(&args), wall_clock())?;
            Ok(None)
        }
    }
}

/// `page devices` and `page revoke`, answered from the page's pairing.
fn page_command<W: Write>(daemon: &mut Daemon<W>, page: &PagePairing, c: crate::game::command::PageCommand, now: Duration) -> Result<(), DaemonError> {
    use crate::game::command::PageCommand;
    match c {
        PageCommand::Devices => {
            let devices = page.pairing.devices(page.started.elapsed());
            if devices.is_empty() {
                return daemon.notice("page-devices-none", None, now);
            }
            for d in devices {
                let mut args = FluentArgs::new();
                args.set("number", d.number);
                args.set("address", d.address.to_string());
                args.set("minutes", d.ago.as_secs() / 60);
                daemon.notice("page-device", Some(&args), now)?;
            }
            Ok(())
        }
        PageCommand::Revoke(number) => {
            let mut args = FluentArgs::new();
            if let Some(n) = number {
                args.set("number", n);
            }
            match page.pairing.revoke(number) {
                Ok(0) if number.is_some() => daemon.notice("page-revoke-unknown", Some(&args), now),
                Ok(_) => {
                    args.set("code", spaced(&page.pairing.code()));
                    daemon.notice_private(if number.is_some() { "page-revoked-one" } else { "page-revoked-all" }, Some(&args), now)
                }
                Err(e) => daemon.notice_why("page-failed", &e.said(), now),
            }
        }
    }
}

/// What the player hears of the page's pairing.
fn page_news<W: Write>(daemon: &mut Daemon<W>, news: page::News, now: Duration) -> Result<(), DaemonError> {
    let mut args = FluentArgs::new();
    let id = match news {
        page::News::Paired { number, address } => {
            args.set("number", number);
            args.set("address", address.to_string());
            "page-paired"
        }
        page::News::LockedOut { address, delay } => {
            args.set("address", address.to_string());
            args.set("seconds", delay.as_secs());
            "page-locked-out"
        }
        page::News::Paused(left) => {
            args.set("seconds", left.as_secs() + 1);
            "page-pairing-paused"
        }
    };
    daemon.notice(id, Some(&args), now)
}

/// This computer's address on its network, as others reach it (no packet is
/// sent: a UDP socket is only pointed at a documentation address).
fn lan_address() -> Option<String> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then(|| ip.to_string())
}

/// Runs the daemon on standard input and output until `quit` or the end of
/// the input.
pub fn run_stdio(config: &Config, journal: &Path, speech: &SpeechChoice) -> Result<(), DaemonError> {
    run_stdio_listening(config, journal, speech, &ListenSetup::default())
}

/// As `run_stdio`, hearing spoken moves and commands as `listen` says.
pub fn run_stdio_listening(
    config: &Config,
    journal: &Path,
    speech: &SpeechChoice,
    listen: &ListenSetup,
) -> Result<(), DaemonError> {
    let stdout = io::stdout();
    let lang = if config.lang == Lang::Figurine { Lang::En } else { config.lang };
    // Opening the engine may take seconds (speech-dispatcher starting, or
    // not answering): the game starts at once and speech follows.
    let (vtx, vrx) = mpsc::channel();
    let choice = speech.clone();
    let settings = VoiceSettings {
        rate: config.speech_rate,
        pitch: config.speech_pitch,
        volume: config.speech_volume,
        name: (!config.speech_voice.is_empty()).then(|| config.speech_voice.clone()),
    };
    std::thread::spawn(move || {
        let _ = vtx.send(open_voice(&choice, lang.code(), &settings));
    });
    let mut daemon = Daemon::start(config, journal, wall_clock(), stdout.lock())?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Input>();
    start_listening(listen, lang, tx.clone());
    let display = start_braille(&config.braille, config.braille_port.as_deref(), tx.clone());
    if config.braille == BrailleChoice::Terminal {
        daemon.show_braille(BrailleOut::Terminal(Terminal::default()), TERMINAL_CELLS, wall_clock())?;
    }
    let mut opponent = Opponent::start(config, &tx);
    let mut eboard = EBoard::start(config, &tx);
    let player = Color::from(daemon.session().setup().side);
    let words = crate::game::command::Words::new(lang);
    let mut ear: Option<Box<Ear>> = None;
    // A recording that ends leaves the daemon to the keyboard; the end of
    // standard input ends the game only when nothing else is listening.
    let mut audio_open = listen.input != ListenChoice::None;
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            // A line that is not UTF-8 (a Latin-1 terminal) is read, not
            // taken for the end of the input. A line too long to read is
            // kept only in part (the session refuses it), never whole.
            match crate::line::read(&mut input, crate::line::MAX_LINE_BYTES, &mut bytes) {
                Ok(None) | Err(_) => {
                    let _ = tx.send(Input::LinesEnd);
                    break;
                }
                Ok(Some(_)) => {
                    let line = crate::line::text(&bytes);
                    if tx.send(Input::Line(line)).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut stdin_open = true;
    let mut last_tick = std::time::Instant::now();
    // The main loop is a task on a single-threaded runtime: it waits for the
    // next input or the next tick, whichever comes first; the inputs that
    // block (standard input, audio, serial ports, the engine) run on their
    // own threads and send here.
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(DaemonError::Runtime)?;
    runtime.block_on(async move {
        let (state_tx, state_rx) = tokio::sync::watch::channel(page::State::default());
        let (pgn_tx, pgn_rx) = tokio::sync::watch::channel(String::new());
        let (ask_tx, mut ask_rx) = tokio::sync::mpsc::unbounded_channel::<page::Asked>();
        // Kept so that with no page the channel stays open and quiet.
        let _asks = ask_tx.clone();
        let paired = start_page(&mut daemon, config.page, state_rx, pgn_rx, ask_tx).await?;
        // The answer to the page's change, sent once the page's state shows
        // it (the version the page names next is the new state's).
        let mut page_reply: Option<(PageReply, Result<String, page::Refusal>)> = None;
        loop {
            let next = tokio::select! {
                input = rx.recv() => input.ok_or(RecvTimeoutError::Disconnected),
                Some(asked) = ask_rx.recv() => Ok(Input::Page(asked)),
                () = tokio::time::sleep(TICK) => Err(RecvTimeoutError::Timeout),
            };
            // A change made here rather than through `events`.
            let mut changed = false;
            let events: Vec<Event> = match next {
                Ok(Input::Line(line)) => match ear.as_mut() {
                    // Push to talk: Enter opens the ear for one utterance.
                    Some(e) if e.talk_mode() == Talk::Push && line.trim().is_empty() => {
                        e.listen_once();
                        vec![Event::Tick]
                    }
                    _ => vec![Event::Line(line)],
                },
                Ok(Input::Ear(Ok(mut e))) => {
                    e.set_talk_mode(listen.talk);
                    let mut args = FluentArgs::new();
                    args.set("engine", e.engine());
                    let id = if e.adapted() { "listen-ready-adapted" } else { "listen-ready" };
                    daemon.notice(id, Some(&args), wall_clock())?;
                    ear = Some(e);
                    vec![Event::Tick]
                }
                Ok(Input::Ear(Err(why))) => {
                    audio_open = false;
                    let mut args = FluentArgs::new();
                    args.set("why", daemon.session().texts().say(&why));
                    daemon.notice("listen-unavailable", Some(&args), wall_clock())?;
                    vec![Event::Tick]
                }
                Ok(Input::Audio(pcm)) => match ear.as_mut() {
                    Some(e) => {
                        let moment = daemon.session().moment(wall_clock());
                        match e.hear(&pcm, daemon.speaking(), &moment) {
                            Ok(evs) => evs,
                            Err(err) => {
                                ear = None;
                                let mut args = FluentArgs::new();
                                args.set("error", daemon.session().texts().say(&err.said()));
                                daemon.notice("listen-failed", Some(&args), wall_clock())?;
                                vec![Event::Tick]
                            }
                        }
                    }
                    None => vec![Event::Tick],
                },
                Ok(Input::AudioEnd) => {
                    audio_open = false;
                    let mut evs = Vec::new();
                    if let Some(e) = ear.as_mut() {
                        evs = e.flush(&daemon.session().moment(wall_clock())).unwrap_or_default();
                    }
                    ear = None;
                    daemon.notice("listen-ended", None, wall_clock())?;
                    evs
                }
                Ok(Input::NoMic(why)) => {
                    audio_open = false;
                    // The reason is the sound system's, in English: for
                    // whoever sets the machine up, not said to the player.
                    eprintln!("tiflo: no microphone: {why}");
                    daemon.notice("listen-no-microphone", None, wall_clock())?;
                    vec![Event::Tick]
                }
                Ok(Input::AudioFailed(id, why)) => {
                    audio_open = false;
                    ear = None;
                    let mut args = FluentArgs::new();
                    args.set("error", daemon.session().texts().say(&why));
                    daemon.notice(id, Some(&args), wall_clock())?;
                    vec![Event::Tick]
                }
                Ok(Input::LinesEnd) => {
                    stdin_open = false;
                    vec![Event::Tick]
                }
                Ok(Input::Braille(report)) => {
                    let now = wall_clock();
                    match report {
                        Report::Ready { name, cells, again } => {
                            if let Some(tx) = &display {
                                daemon.show_braille(BrailleOut::Device(tx.clone()), cells, now)?;
                            }
                            let mut args = FluentArgs::new();
                            args.set("name", name);
                            args.set("cells", cells as u64);
                            daemon.braille_news(if again { "braille-back" } else { "braille-ready" }, Some(&args), now)?;
                        }
                        Report::Actions(actions) => {
                            for a in actions {
                                if !daemon.braille_action(a, wall_clock())? {
                                    daemon.leave(&vrx)?;
                                    return Ok(());
                                }
                            }
                        }
                        Report::Gone(name) => {
                            let mut args = FluentArgs::new();
                            args.set("name", name);
                            daemon.notice("braille-gone", Some(&args), now)?;
                        }
                        Report::Missing(why) => {
                            let mut args = FluentArgs::new();
                            args.set("why", daemon.session().texts().say(&why));
                            daemon.notice("braille-missing", Some(&args), now)?;
                        }
                        Report::UseTerminal { why, held } => {
                            daemon.show_braille(BrailleOut::Terminal(Terminal::default()), TERMINAL_CELLS, now)?;
                            if held {
                                daemon.notice_why("braille-held", &why, now)?;
                            }
                        }
                    }
                    vec![Event::Tick]
                }
                Ok(Input::Engine(report)) => {
                    let now = wall_clock();
                    match (report, opponent.as_mut()) {
                        (engine::Report::Ready(name), Some(o)) => {
                            o.ready = true;
                            let mut args = FluentArgs::new();
                            args.set("name", name);
                            args.set("strength", u64::from(config.opponent_strength));
                            daemon.notice("engine-ready", Some(&args), now)?;
                            vec![Event::Tick]
                        }
                        (engine::Report::Move { fen, uci, score }, Some(o)) => o.answer(daemon.session(), &fen, &uci, score),
                        (engine::Report::Failed(why), _) => {
                            opponent = None;
                            let mut args = FluentArgs::new();
                            args.set("why", daemon.session().texts().say(&why));
                            daemon.notice("engine-failed", Some(&args), now)?;
                            vec![Event::Tick]
                        }
                        (_, None) => vec![Event::Tick],
                    }
                }
                Ok(Input::Page(asked)) => {
                    let now = wall_clock();
                    let answer = match asked.request {
                        // The page enters the sighted opponent's moves only:
                        // the blind player's own move is the player's to say.
                        page::Request::Move(_)
                            if daemon.session().setup().study.is_none() && daemon.session().position().turn() == player =>
                        {
                            Err(page::Refusal::PlayersTurn(daemon.session().texts().text("page-players-turn")))
                        }
                        page::Request::Move(text) => match page::read_move(daemon.session(), &text) {
                            Ok(m) => {
                                daemon.take_said();
                                daemon.event(now, Event::Played(m))?;
                                Ok(daemon.take_said().join(" "))
                            }
                            Err(why) => Err(page::Refusal::Invalid(why)),
                        },
                        page::Request::Board(board) => {
                            daemon.take_said();
                            daemon.event(now, Event::BoardSeen(board))?;
                            let said = daemon.take_said();
                            // Nothing said: the board is right.
                            Ok(if said.is_empty() { daemon.session().texts().text("board-right") } else { said.join(" ") })
                        }
                        page::Request::Transfer(ply) => {
                            if daemon.session().pending_transfers().iter().any(|p| p.ply == ply) {
                                daemon.take_said();
                                daemon.event(now, Event::Command(Command::Done(Some(ply))))?;
                                Ok(daemon.take_said().join(" "))
                            } else {
                                Err(page::Refusal::Invalid(daemon.session().texts().text("transfers-none")))
                            }
                        }
                        page::Request::Tell(news) => {
                            page_news(&mut daemon, news, now)?;
                            Ok(String::new())
                        }
                    };
                    page_reply = Some((asked.reply, answer));
                    changed = true;
                    vec![Event::Tick]
                }
                Ok(Input::Dgt(report)) => {
                    let now = wall_clock();
                    match (report, eboard.as_mut()) {
                        (dgt::driver::Report::Ready { again, .. }, Some(e)) => {
                            // Read the board afresh against the game.
                            e.sent.clear();
                            daemon.notice(if again { "dgt-back" } else { "dgt-ready" }, None, now)?;
                            // It sees pieces lifted: `touched` can tell.
                            vec![Event::Sensor(true)]
                        }
                        (dgt::driver::Report::Board(b), Some(e)) => {
                            e.board = Some(b);
                            vec![Event::Tick]
                        }
                        (dgt::driver::Report::Seen(seen), Some(e)) => e.event(daemon.session(), seen, player).into_iter().collect(),
                        (dgt::driver::Report::Clock(t), Some(e)) => {
                            e.clock(t, daemon.session().position().turn());
                            // Fresh times feed every readout (braille, the
                            // page, warnings); the session sets a clock that
                            // is off.
                            match e.times() {
                                Some((white, black)) => vec![Event::ClockShows { white, black }],
                                None => vec![Event::Tick],
                            }
                        }
                        (dgt::driver::Report::ClockGone, Some(e)) => {
                            // Its last times are not the clock's any more.
                            e.clock = None;
                            daemon.notice("dgt-clock-gone", None, now)?;
                            vec![Event::Tick]
                        }
                        (dgt::driver::Report::ClockBack, Some(_)) => {
                            daemon.notice("dgt-clock-back", None, now)?;
                            vec![Event::Tick]
                        }
                        (dgt::driver::Report::Turned, Some(_)) => {
                            daemon.notice("dgt-turned", None, now)?;
                            vec![Event::Tick]
                        }
                        (dgt::driver::Report::Gone(why), Some(_)) => {
                            daemon.notice_why("dgt-gone", &why, now)?;
                            vec![Event::Sensor(false)]
                        }
                        (dgt::driver::Report::Missing(why), Some(_)) => {
                            daemon.notice_why("dgt-missing", &why, now)?;
                            vec![Event::Tick]
                        }
                        _ => vec![Event::Tick],
                    }
                }
                Err(RecvTimeoutError::Timeout) => vec![Event::Tick],
                Err(RecvTimeoutError::Disconnected) => {
                    stdin_open = false;
                    audio_open = false;
                    vec![Event::Tick]
                }
            };
            let mut events = events;
            // With a DGT clock, a request for the clock in mirror mode is
            // answered from it: its times are set on the game's clocks first.
            if let Some(set) = eboard.as_ref().and_then(EBoard::set_clocks)
                && daemon.session().setup().mirror
            {
                for e in events.iter_mut() {
                    let asks_clock = match e {
                        Event::Command(Command::Clock) => true,
                        Event::Said { command, .. } => *command == Command::Clock,
                        Event::Line(l) => words.parse(l) == crate::game::command::Parsed::Command(Command::Clock),
                        _ => false,
                    };
                    if asks_clock {
                        *e = Event::Command(set.clone());
                    }
                }
            }
            // Audio arrives every 20 ms, so time is checked here too: flags and
            // warnings never wait for a quiet moment.
            // What follows the game (the engine, the DGT board, the page) is
            // brought up to date after an event and on each tick, not for
            // every 20 ms of audio.
            let mut follow = changed || events.iter().any(|e| *e != Event::Tick);
            if last_tick.elapsed() >= TICK {
                follow = true;
                last_tick = std::time::Instant::now();
                daemon.braille_tick(wall_clock())?;
                if !events.contains(&Event::Tick) {
                    events.push(Event::Tick);
                }
            }
            if let Ok((voice, notice)) = vrx.try_recv() {
                daemon.set_voice(voice, notice, wall_clock())?;
            }
            daemon.speak(wall_clock())?;
            // The page's pairing is the daemon's, not the session's.
            if let Some(p) = &paired {
                let mut kept = Vec::with_capacity(events.len());
                for event in events {
                    match &event {
                        Event::Said { command: Command::Page(c), .. } => page_command(&mut daemon, p, *c, wall_clock())?,
                        Event::Line(l) => match words.parse(l) {
                            crate::game::command::Parsed::Command(Command::Page(c)) => page_command(&mut daemon, p, c, wall_clock())?,
                            _ => kept.push(event),
                        },
                        _ => kept.push(event),
                    }
                }
                events = kept;
            }
            for event in events {
                let go_on = daemon.event(wall_clock(), event)?;
                daemon.speak(wall_clock())?;
                if !go_on {
                    daemon.leave(&vrx)?;
                    return Ok(());
                }
            }
            if follow {
                if let Some(o) = opponent.as_mut() {
                    o.ask(daemon.session(), wall_clock());
                }
                if let Some(e) = eboard.as_mut() {
                    e.follow(daemon.session());
                }
                let state = page::state_of(daemon.session(), wall_clock(), daemon.page_said());
                if state_tx.send_if_modified(|old| std::mem::replace(old, state.clone()) != state) {
                    let pgn = daemon.session().record().to_pgn();
                    pgn_tx.send_if_modified(|old| std::mem::replace(old, pgn.clone()) != pgn);
                }
            }
            if let Some((reply, answer)) = page_reply.take() {
                let _ = reply.send(answer);
            }
            // End of input: leave as on `quit` (the game stays resumable), once
            // a recording being heard has ended too.
            if !stdin_open && !audio_open {
                daemon.event(wall_clock(), Event::Line("quit".into()))?;
                daemon.leave(&vrx)?;
                return Ok(());
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_braille_board_takes_the_empty_squares_of_the_settings() {
        let shipped = BoardStyle::shipped(crate::braille::Dots::Eight).unwrap();
        let mut config = Config::default();
        assert_eq!(braille_style(&config, Lang::Es), (shipped, None));
        config.braille_light = Some(0);
        let (style, refused) = braille_style(&config, Lang::Es);
        assert_eq!((style.light, style.dark, refused), (0, shipped.dark, None));
        config.braille_dark = Some(0b10_0100);
        let (style, _) = braille_style(&config, Lang::Es);
        assert_eq!((style.light, style.dark), (0, 0b10_0100));
        // Both squares alike: refused with the reason, the shipped squares.
        config.braille_light = Some(0b10_0100);
        let (style, refused) = braille_style(&config, Lang::Es);
        assert_eq!(style, shipped);
        assert!(refused.is_some_and(|why| why.to_string().contains("same cell")));
        // A square like a Black piece (the plain letter r of the Spanish king).
        config.braille_light = Some(0b1_0111);
        config.braille_dark = None;
        assert_eq!(braille_style(&config, Lang::Es).0, shipped);
    }

    #[test]
    fn pgn_dates() {
        assert_eq!(pgn_date(Duration::ZERO), "1970.01.01");
        assert_eq!(pgn_date(Duration::from_secs(951_782_400)), "2000.02.29");
        assert_eq!(pgn_date(Duration::from_secs(1_795_324_989)), "2026.11.22");
    }
}
