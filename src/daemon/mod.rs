//! The daemon's terminal front end: the thin driver around a [`Session`].
//!
//! It owns the I/O the session never does: the journal file, the wall clock,
//! standard input (one move or command per line) and standard output (every
//! sentence tiflo would speak, as a line starting with `say: `).
//!
//! The loop ([`run_stdio_listening`]) never waits: whatever blocks runs on a
//! thread of its own and sends the loop an input, which one handler per
//! input deals with: [`stdin`] (lines typed), [`voice`] (audio and the
//! recogniser), [`braille`], [`page`], [`dgt`], [`engine`], and the
//! journal's writer ([`journal`]). The voice speaks on its own thread too
//! (`speaking::speech::VoiceThread`): the loop hands each sentence over and
//! goes on; the voice's news (a sentence done, its sound ended, a failure)
//! comes back as an input, and the queue moves on then.
//!
//! Invariants:
//! - an entry is appended to the journal and flushed to disk before any
//!   sentence after it is printed, so a move announced as recorded is on
//!   disk (the writer reports it on disk; what follows waits for that);
//! - an unfinished game in the journal is resumed, never overwritten; a
//!   finished one is moved aside (renamed, never deleted) and a new game
//!   begins;
//! - a damaged journal is never rewritten or misread: it is moved aside,
//!   untouched, the player is told, and a new game begins in a fresh file;
//! - a failed journal write is said at once, urgently.


pub mod config;
mod braille;
mod dgt;
mod engine;
mod journal;
mod page;
mod stdin;
mod voice;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fluent_bundle::FluentArgs;
use shakmaty::Color;

use crate::braille::driver::{Choice as BrailleChoice, Report};
use crate::braille::terminal::Terminal;
use crate::braille::{BoardStyle, Cell};
use crate::daemon::config::{Announce, ClockMode, Config, Confirm, WarnSides};
use crate::daemon::journal::{Job, Writer, Written};
use crate::game::command::Command;
use crate::game::entry::{Entry, Setup};
use crate::game::event::{Event, Output};
use crate::game::journal::{JournalError, JournalFile, Problem};
use crate::game::session::{Session, SessionError};
use crate::hearing::ear::{Ear, ListenChoice};
use crate::i18n::{Reason, Said, Texts};
use crate::notation::Lang;
use crate::speaking::pronounce::speakable;
use crate::speaking::speech::{SpeechChoice, SpeechQueue, Voice, VoiceNews, VoiceSettings, VoiceThread, default_estimate, drive, open_voice};

pub(crate) use braille::BrailleOut;
pub use voice::ListenSetup;

/// How often time is checked for flags and low-time warnings.
const TICK: Duration = Duration::from_millis(100);

/// Why the daemon could not run.
#[derive(Debug, thiserror::Error)]
pub enum DaemonError {
    /// The journal cannot be created, read or written.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The game cannot be set up, or resumed from its journal.
    #[error("cannot set up the game: {0}")]
    Setup(#[from] SessionError),
    /// A journal cannot be moved aside (a finished or damaged one).
    #[error("cannot move {from} aside to {to}: {source}")]
    Rename {
        /// The journal's path.
        from: PathBuf,
        /// Where it was to go.
        to: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// Standard output cannot be written to.
    #[error("cannot write to standard output: {0}")]
    Output(#[from] io::Error),
    /// The event loop cannot be started.
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
pub(crate) fn pgn_date(since_epoch: Duration) -> String {
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
    let lang = config.lang;
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

/// The settings a game's session keeps outside its journal, given again
/// to every session the daemon starts or resumes: how long a spoken answer
/// counts (`answer-seconds`) and whether a move heard for sure is echoed
/// (`confirm = "echo"`; `always` is the set-up's own and is journaled).
pub fn dialogue_settings(session: &mut Session, config: &Config) {
    session.set_answer_window(answer_window(config));
    session.set_echo(config.confirm == Confirm::Echo);
}

/// How long a spoken answer counts after its question (`answer-seconds`;
/// 0: always).
pub(crate) fn answer_window(config: &Config) -> Option<Duration> {
    (config.answer_seconds > 0).then(|| Duration::from_secs(u64::from(config.answer_seconds)))
}

/// The wall clock as the session's time: since the Unix epoch, so that time
/// spent while tiflo was stopped counts.
pub(crate) fn wall_clock() -> Duration {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default()
}

/// A running game with its journal, writing what it says to `out`.
pub struct Daemon<W: Write> {
    session: Session,
    /// The journal's writer thread.
    writer: Writer,
    /// What waits to be said or written, in order: nothing after a journal
    /// job is said before the writer reports it done.
    held: VecDeque<Step>,
    /// The writer has a job and has not reported it done.
    busy: bool,
    /// The player asked to quit: the loop leaves once settled.
    quitting: bool,
    /// The braille front is to show the game once what waits is said
    /// (`true`: a sentence was said, which it shows when the game did not
    /// change).
    braille_due: Option<bool>,
    out: W,
    /// The last sentence said, for `repeat`.
    last_said: String,
    /// Sentences said, for the page's answers ([`Daemon::said_since`]);
    /// `said_base` of them were forgotten before the first kept.
    said_log: Vec<String>,
    said_base: usize,
    /// The last sentence said holds a secret for the player alone (the
    /// page's pairing code): the page never shows it.
    said_private: bool,
    queue: SpeechQueue,
    /// The voice, on its own thread; none while it is being opened:
    /// sentences wait in the queue.
    voice: Option<VoiceThread>,
    lang: Lang,
    /// A failure of the voice was said (once).
    voice_failed: bool,
    /// The braille display's view, when braille is shown.
    braille: Option<braille::BrailleSide>,
    /// The board style of the settings, for the braille front.
    braille_style: BoardStyle,
    /// A draw offered with a move typed on the braille keyboard, made only
    /// once that move is recorded.
    draw_with: Option<DrawWith>,
    /// The settings, for the set-up of a new game asked for with `new`.
    config: Config,
}

/// One thing the daemon has to do, in order.
enum Step {
    /// Said (or repeated) when its turn comes.
    Out(Output),
    /// Handed to the journal's writer; what follows waits for its report.
    Job(Job),
    /// A notice of the daemon's own, said urgently when its turn comes.
    Notice { text: String, news: bool, private: bool },
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

impl<W: Write> Daemon<W> {
    /// Resumes the game in `path`, or begins a new one there with `config`.
    /// Sentences are printed as `say:` lines and queued for the voice given
    /// later with [`Daemon::set_voice`].
    ///
    /// The journal is then written on its own thread, which reports each
    /// entry on disk through `written` (to hand to [`Daemon::written`]).
    pub(crate) fn start(
        config: &Config,
        path: &Path,
        now: Duration,
        out: W,
        written: impl Fn(Written) -> bool + Send + 'static,
    ) -> Result<Daemon<W>, DaemonError> {
        let texts = Texts::new(config.lang);
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
                                let to = journal::aside(path, "damaged", now);
                                journal::rename(path, &to)?;
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
                                let to = journal::aside(path, "finished", now);
                                journal::rename(path, &to)?;
                                let mut args = FluentArgs::new();
                                args.set("file", to.display().to_string());
                                notices.push(texts.get("journal-finished-aside", Some(&args)));
                            }
                            Ok(session) => resumed = Some((file, Some(session))),
                        }
                    }
                }
                Err(JournalError::Damaged { problem, records_before, .. }) => {
                    let to = journal::aside(path, "damaged", now);
                    journal::rename(path, &to)?;
                    let mut args = FluentArgs::new();
                    args.set("file", to.display().to_string());
                    args.set("records", records_before as u64);
                    args.set("line", journal::problem_line(problem));
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
        let mut session = session;
        dialogue_settings(&mut session, config);
        let lang = session.setup().lang;
        let (braille_style, refused) = braille::braille_style(config, lang);
        if let Some(why) = refused {
            let mut args = FluentArgs::new();
            args.set("why", session.texts().say(&why));
            outputs.push(Output::Say { text: session.texts().get("braille-squares-refused", Some(&args)), urgent: true });
        }
        let mut d = Daemon {
            session,
            writer: Writer::start(journal, written),
            held: VecDeque::new(),
            busy: false,
            quitting: false,
            braille_due: None,
            out,
            last_said: String::new(),
            said_log: Vec::new(),
            said_base: 0,
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

    pub(crate) fn session(&self) -> &Session {
        &self.session
    }

    /// Handles one event; `false` when the player asked to quit.
    pub(crate) fn event(&mut self, now: Duration, event: Event) -> Result<bool, DaemonError> {
        let outputs = self.session.handle(now, event);
        self.perform(outputs, now)?;
        if !self.quitting && self.draw_with.is_some() {
            return self.offer_with_move(now);
        }
        Ok(!self.quitting)
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


    /// Carries out the session's outputs in order. A journal entry is
    /// handed to the writer, and what follows it waits until the writer
    /// reports it on disk ([`Daemon::written`]); meanwhile the loop goes on.
    fn perform(&mut self, outputs: Vec<Output>, now: Duration) -> Result<bool, DaemonError> {
        if outputs.is_empty() {
            return Ok(!self.quitting);
        }
        let said = outputs.iter().any(|o| matches!(o, Output::Say { .. } | Output::Repeat));
        // The braille front shows the game once what the outputs say is said.
        self.braille_due = Some(self.braille_due.unwrap_or(false) || said);
        for o in outputs {
            match o {
                Output::Journal(entry) => self.held.push_back(Step::Job(Job::Append(entry))),
                Output::Quit => self.quitting = true,
                Output::NewGame => {
                    // The finished game's journal is kept aside (renamed, as
                    // at start) and a new game begins in its place with the
                    // settings; what followed in these outputs was the old
                    // game's.
                    self.held.push_back(Step::Job(Job::Replace { now }));
                    let (mut session, out) = Session::new(setup_of(&self.config, now), now)?;
                    dialogue_settings(&mut session, &self.config);
                    self.session = session;
                    for o in out {
                        match o {
                            Output::Journal(entry) => self.held.push_back(Step::Job(Job::Append(entry))),
                            Output::Quit => self.quitting = true,
                            Output::NewGame => {}
                            o => self.held.push_back(Step::Out(o)),
                        }
                    }
                    break;
                }
                o => self.held.push_back(Step::Out(o)),
            }
        }
        self.flow(now)?;
        Ok(!self.quitting)
    }

    /// Says what waits, up to the next journal job, which goes to the
    /// writer; once nothing waits, the braille front shows the game.
    fn flow(&mut self, now: Duration) -> Result<(), DaemonError> {
        while !self.busy {
            let Some(step) = self.held.pop_front() else { break };
            match step {
                Step::Job(job) => {
                    if self.writer.send(job) {
                        self.busy = true;
                    } else {
                        // The writer has stopped after losing the journal
                        // (its report says why, and ends the daemon).
                        self.held.clear();
                    }
                }
                Step::Out(Output::Say { text, urgent }) => self.utter(text, urgent, now)?,
                Step::Out(Output::Repeat) => {
                    // The sentence printed is the sentence spoken again.
                    let text = self.last_said.clone();
                    let private = self.said_private;
                    self.say(&text)?;
                    self.said_private = private;
                    let spoken = speakable(self.session.texts(), self.lang, &text);
                    self.queue.push(spoken, false, now);
                }
                Step::Out(_) => {}
                Step::Notice { text, news, private } => self.announce(text, news, private, now)?,
            }
        }
        if !self.busy
            && let Some(said) = self.braille_due.take()
        {
            self.refresh_braille(said, now)?;
        }
        self.out.flush()?;
        Ok(())
    }

    /// The writer's report on the job it was handed: what waited for it is
    /// said. A failed write is said at once, urgently; the game goes on
    /// from what the journal holds, and what followed the lost entry (which
    /// announced it) is not said.
    pub(crate) fn written(&mut self, written: Written, now: Duration) -> Result<(), DaemonError> {
        self.busy = false;
        match written {
            Written::Appended => {}
            // The player asked for the new game and hears it begin; where
            // the finished one is kept is no news at the board.
            Written::Replaced => {}
            Written::Failed { error, records } => {
                let mut args = FluentArgs::new();
                args.set("error", self.session.texts().say(&error.said()));
                let text = self.session.texts().get("journal-write-failed", Some(&args));
                self.utter(text, true, now)?;
                // The journal was reopened (a torn line dropped): the game
                // goes on from the game it holds, so that it never holds a
                // game with a gap.
                if let Some(records) = records
                    && let Ok(mut session) = Session::resume(&records)
                {
                    dialogue_settings(&mut session, &self.config);
                    self.session = session;
                }
                self.held.retain(|s| matches!(s, Step::Notice { .. }));
                self.braille_due = None;
            }
            Written::Lost(e) => return Err(e),
        }
        self.flow(now)
    }

    /// Whether the writer has a job, or sentences wait for one.
    pub(crate) fn settled(&self) -> bool {
        !self.busy && self.held.is_empty()
    }

    /// Whether the player asked to quit (the loop leaves once settled).
    pub(crate) fn quitting(&self) -> bool {
        self.quitting
    }

    /// A sentence printed, queued for the voice and kept for `repeat`.
    fn utter(&mut self, text: String, urgent: bool, now: Duration) -> Result<(), DaemonError> {
        self.say(&text)?;
        let spoken = speakable(self.session.texts(), self.lang, &text);
        self.queue.push(spoken, urgent, now);
        self.last_said = text;
        Ok(())
    }
    /// The voice is open, on its own thread: it says what waits and what
    /// follows. `notice` is why the voice asked for could not be used; it is
    /// said at once.
    pub(crate) fn set_voice(&mut self, voice: VoiceThread, notice: Option<Said>, now: Duration) -> Result<(), DaemonError> {
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

    /// Lets the voice go on with the queue at `now` (call on every tick and
    /// on the voice's news). Never waits: the voice's thread takes the
    /// sentence.
    pub fn speak(&mut self, now: Duration) -> Result<(), DaemonError> {
        let Some(voice) = self.voice.as_mut() else { return Ok(()) };
        match drive(&mut self.queue, voice, now) {
            Err(e) => self.speech_failed(&e.said()),
            Ok(()) => Ok(()),
        }
    }

    /// The voice failed (why): said once, in words; the sentences go on
    /// being printed.
    pub(crate) fn speech_failed(&mut self, error: &Said) -> Result<(), DaemonError> {
        if !self.voice_failed {
            self.voice_failed = true;
            let mut args = FluentArgs::new();
            args.set("error", self.session.texts().say(error));
            let text = self.session.texts().get("speech-failed", Some(&args));
            self.say(&text)?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// The voice's news: the queue goes on, or its failure is said.
    pub(crate) fn voice_news(&mut self, news: VoiceNews, now: Duration) -> Result<(), DaemonError> {
        if let VoiceNews::Failed(e) = news {
            self.speech_failed(&e.said())?;
        }
        self.speak(now)
    }

    /// Before leaving: waits briefly for a voice still opening, then lets
    /// what is queued be said; the voice's thread ends once it has carried
    /// out what it was handed.
    fn leave(&mut self, voices: &mpsc::Receiver<(Box<dyn Voice>, Option<Said>)>) -> Result<(), DaemonError> {
        if self.voice.is_none()
            && let Ok((voice, notice)) = voices.recv_timeout(Duration::from_secs(2)) {
                self.set_voice(VoiceThread::start(voice, |_| {}), notice, wall_clock())?;
            }
        self.finish_speaking();
        self.voice = None;
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
    /// urgently: a device that is missing or failing is never silent. It
    /// comes after what waits for the journal, in order.
    pub(crate) fn notice(&mut self, id: &str, args: Option<&FluentArgs>, now: Duration) -> Result<(), DaemonError> {
        self.notice_as(id, args, now, false, false)
    }

    /// A notice about the braille display itself (ready, back): said, and
    /// shown only briefly, so the view it covers comes back by itself.
    pub(crate) fn braille_news(&mut self, id: &str, args: Option<&FluentArgs>, now: Duration) -> Result<(), DaemonError> {
        self.notice_as(id, args, now, true, false)
    }

    /// A notice for the player alone (it holds the page's pairing code):
    /// said and shown in braille as any other, never on the page.
    pub(crate) fn notice_private(&mut self, id: &str, args: Option<&FluentArgs>, now: Duration) -> Result<(), DaemonError> {
        self.notice_as(id, args, now, false, true)
    }

    fn notice_as(&mut self, id: &str, args: Option<&FluentArgs>, now: Duration, news: bool, private: bool) -> Result<(), DaemonError> {
        let text = self.session.texts().get(id, args);
        self.held.push_back(Step::Notice { text, news, private });
        self.flow(now)
    }

    fn announce(&mut self, text: String, news: bool, private: bool, now: Duration) -> Result<(), DaemonError> {
        self.utter(text, true, now)?;
        match self.braille.as_mut() {
            Some(side) if news => {
                side.front.news(braille::prose_words(self.lang, &self.last_said), now);
                self.push_braille()?;
            }
            _ => self.refresh_braille(true, now)?,
        }
        self.said_private = private;
        self.out.flush()?;
        Ok(())
    }

    /// A notice with the reason (`$why`) of a device's trouble.
    pub(crate) fn notice_why(&mut self, id: &str, why: &Said, now: Duration) -> Result<(), DaemonError> {
        let mut args = FluentArgs::new();
        args.set("why", self.session.texts().say(why));
        self.notice(id, Some(&args), now)
    }

    /// Whether tiflo's voice can be heard: an input that listens must not
    /// hear it. It is the voice's own answer (a voice that only writes files
    /// is never heard, however long it takes to make one); the queue's,
    /// with its estimate, when the voice cannot tell.
    pub fn speaking(&self) -> bool {
        match &self.voice {
            Some(voice) => voice.sounding().unwrap_or_else(|| self.queue.speaking()),
            None => false,
        }
    }

    /// Where the sentences said from now on begin, for [`Daemon::said_since`].
    pub(crate) fn said_mark(&self) -> usize {
        self.said_base + self.said_log.len()
    }

    /// The sentences said since `mark` (at most 64 are kept).
    pub(crate) fn said_since(&self, mark: usize) -> Vec<String> {
        self.said_log[mark.saturating_sub(self.said_base).min(self.said_log.len())..].to_vec()
    }

    /// Forgets the sentences kept for [`Daemon::said_since`].
    pub(crate) fn forget_said(&mut self) {
        self.said_base += self.said_log.len();
        self.said_log.clear();
    }

    /// The last sentence said, as the assistant's page may show it: none
    /// when it was for the player alone.
    pub(crate) fn page_said(&self) -> &str {
        if self.said_private { "" } else { &self.last_said }
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


/// Where the inputs' threads and tasks send to the main loop (sending never
/// blocks; a closed loop makes it fail, which ends the sender).
type Inputs = tokio::sync::mpsc::UnboundedSender<Input>;

/// What the inputs send the main loop.
enum Input {
    Line(String),
    /// Standard input has ended.
    LinesEnd,
    /// The recogniser is open (or why not).
    Ear(Result<Box<Ear>, Said>),
    Audio(Vec<i16>),
    /// The recording has ended.
    AudioEnd,
    /// The audio input failed (what is said: `listen-failed`, or
    /// `listen-mic-failed` for the microphone, and why); listening stops.
    AudioFailed(&'static str, Said),
    /// No microphone could be opened (`--listen auto`): said once; moves
    /// are typed.
    NoMic(String),
    /// What the recogniser's thread heard.
    Heard(voice::Heard),
    /// News from the voice's thread.
    Voice(VoiceNews),
    /// The journal's writer did its job.
    Written(Written),
    /// News from the braille display's thread.
    Braille(Report),
    /// News from the chess engine's thread.
    Engine(crate::assistant::engine::Report),
    /// A change asked on the assistant's page.
    Page(crate::assistant::page::Asked),
    /// News from the DGT board's thread.
    Dgt(crate::assistant::dgt::driver::Report),
    /// Nothing came within a tick.
    Tick,
    /// Every sender has gone.
    Closed,
}

/// The loop's state, which the input handlers share.
struct Loop<'c, W: Write> {
    daemon: Daemon<W>,
    config: &'c Config,
    listen: &'c ListenSetup,
    /// The player's side.
    player: Color,
    /// The recogniser's thread, once it is open.
    ear: Option<voice::EarThread>,
    /// The ear reported events: once they are handled it hears on in the
    /// game they made.
    ear_waits: bool,
    /// A recording, pipe or microphone is still heard.
    audio_open: bool,
    stdin_open: bool,
    /// The braille display's thread.
    display: Option<mpsc::Sender<Vec<Cell>>>,
    opponent: Option<engine::Opponent>,
    eboard: Option<dgt::EBoard>,
    /// The page's pairing, on the hall's network.
    paired: Option<page::PagePairing>,
    /// The page's changes waiting for their answers.
    replies: Vec<(page::PageReply, page::Answer)>,
    /// A change made by a handler rather than through events.
    changed: bool,
}

/// The daemon on standard input and output, hearing spoken moves and
/// commands as `listen` says.
pub fn run_stdio_listening(
    config: &Config,
    journal: &Path,
    speech: &SpeechChoice,
    listen: &ListenSetup,
) -> Result<(), DaemonError> {
    let stdout = io::stdout();
    let lang = config.lang;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Input>();
    // Opening the engine may take seconds (speech-dispatcher starting, or
    // not answering): the game starts at once and speech follows, on the
    // voice's own thread.
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
    let written = tx.clone();
    let mut daemon = Daemon::start(config, journal, wall_clock(), stdout.lock(), move |w| written.send(Input::Written(w)).is_ok())?;
    // The game's opening is written and said before anything else: nothing
    // but the writer sends yet.
    while !daemon.settled() {
        match rx.blocking_recv() {
            Some(Input::Written(w)) => daemon.written(w, wall_clock())?,
            Some(_) => {}
            None => break,
        }
    }
    voice::start_listening(listen, lang, tx.clone());
    let talk_key = (listen.talk == crate::hearing::ear::Talk::Push).then_some(config.talk_key.as_str());
    let display = braille::start_braille(&config.braille, config.braille_port.as_deref(), talk_key, tx.clone());
    let player = Color::from(daemon.session().setup().side);
    let mut lp = Loop {
        daemon,
        config,
        listen,
        player,
        ear: None,
        ear_waits: false,
        // A recording that ends leaves the daemon to the keyboard; the end
        // of standard input ends the game only when nothing else is
        // listening.
        audio_open: listen.input != ListenChoice::None,
        stdin_open: true,
        display,
        opponent: engine::Opponent::start(config, &tx),
        eboard: dgt::EBoard::start(config, &tx),
        paired: None,
        replies: Vec::new(),
        changed: false,
    };
    if config.braille == BrailleChoice::Terminal {
        lp.daemon.show_braille(BrailleOut::Terminal(Terminal::default()), braille::TERMINAL_CELLS, wall_clock())?;
    }
    stdin::start(tx.clone());
    let words = crate::game::command::Words::new(lang);
    let mut last_tick = std::time::Instant::now();
    // The main loop is a task on a single-threaded runtime: it waits for the
    // next input or the next tick, whichever comes first; whatever blocks
    // (standard input, audio, decoding, the journal's fsync,
    // serial ports, the engine) runs on its own thread and sends here.
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(DaemonError::Runtime)?;
    runtime.block_on(async move {
        let (state_tx, state_rx) = tokio::sync::watch::channel(crate::assistant::page::State::default());
        let (pgn_tx, pgn_rx) = tokio::sync::watch::channel(String::new());
        let (ask_tx, mut ask_rx) = tokio::sync::mpsc::unbounded_channel::<crate::assistant::page::Asked>();
        // Kept so that with no page the channel stays open and quiet.
        let _asks = ask_tx.clone();
        lp.paired = page::start_page(&mut lp.daemon, config.page, state_rx, pgn_rx, ask_tx).await?;
        loop {
            let next = tokio::select! {
                input = rx.recv() => input.unwrap_or(Input::Closed),
                Some(asked) = ask_rx.recv() => Input::Page(asked),
                () = tokio::time::sleep(TICK) => Input::Tick,
            };
            lp.changed = false;
            let mut events = dispatch(&mut lp, next, &tx)?;
            if !lp.daemon.quitting() {
                dgt::clock_from_board(&lp, &mut events, &words);
                // Audio arrives every 20 ms, so time is checked here too:
                // flags and warnings never wait for a quiet moment. What
                // follows the game (the engine, the DGT board, the page) is
                // brought up to date after an event and on each tick, not
                // for every 20 ms of audio.
                let mut follow = lp.changed || events.iter().any(|e| *e != Event::Tick);
                if last_tick.elapsed() >= TICK {
                    follow = true;
                    last_tick = std::time::Instant::now();
                    lp.daemon.braille_tick(wall_clock())?;
                    if !events.contains(&Event::Tick) {
                        events.push(Event::Tick);
                    }
                }
                if let Ok((voice, notice)) = vrx.try_recv() {
                    let news = tx.clone();
                    let voice = VoiceThread::start(voice, move |n| {
                        let _ = news.send(Input::Voice(n));
                    });
                    lp.daemon.set_voice(voice, notice, wall_clock())?;
                }
                lp.daemon.speak(wall_clock())?;
                page::pairing_commands(&mut lp, &mut events, &words)?;
                for event in events {
                    let go_on = lp.daemon.event(wall_clock(), event)?;
                    lp.daemon.speak(wall_clock())?;
                    if !go_on {
                        break;
                    }
                }
                voice::heard_handled(&mut lp);
                if follow && !lp.daemon.quitting() {
                    follow_game(&mut lp, &state_tx, &pgn_tx);
                }
                page::answer(&mut lp);
            }
            // End of input: leave as on `quit` (the game stays resumable),
            // once a recording being heard has ended too.
            if !lp.daemon.quitting() && !lp.stdin_open && !lp.audio_open {
                lp.daemon.event(wall_clock(), Event::Line("quit".into()))?;
                lp.daemon.quitting = true;
            }
            if lp.daemon.quitting() {
                // What waits for the journal is written and said first.
                while !lp.daemon.settled() {
                    match rx.recv().await {
                        Some(Input::Written(w)) => lp.daemon.written(w, wall_clock())?,
                        Some(_) => {}
                        None => break,
                    }
                }
                lp.daemon.leave(&vrx)?;
                return Ok(());
            }
        }
    })
}

/// What follows the game is brought up to date: the engine asked, the DGT
/// board told, the page's state published.
fn follow_game<W: Write>(
    lp: &mut Loop<'_, W>,
    state_tx: &tokio::sync::watch::Sender<crate::assistant::page::State>,
    pgn_tx: &tokio::sync::watch::Sender<String>,
) {
    if let Some(o) = lp.opponent.as_mut() {
        o.ask(lp.daemon.session(), wall_clock());
    }
    if let Some(e) = lp.eboard.as_mut() {
        e.follow(lp.daemon.session());
    }
    let state = crate::assistant::page::state_of(lp.daemon.session(), wall_clock(), lp.daemon.page_said());
    if state_tx.send_if_modified(|old| std::mem::replace(old, state.clone()) != state) {
        let pgn = lp.daemon.session().record().to_pgn();
        pgn_tx.send_if_modified(|old| std::mem::replace(old, pgn.clone()) != pgn);
    }
}

/// Hands an input to its handler; the session's events it makes.
fn dispatch<W: Write>(lp: &mut Loop<'_, W>, input: Input, tx: &Inputs) -> Result<Vec<Event>, DaemonError> {
    Ok(match input {
        Input::Line(line) => stdin::on_line(lp, line),
        Input::LinesEnd => stdin::on_end(lp),
        Input::Ear(opened) => voice::on_ear(lp, opened, tx)?,
        Input::Audio(pcm) => voice::on_audio(lp, pcm),
        Input::AudioEnd => voice::on_audio_end(lp)?,
        Input::AudioFailed(id, why) => voice::on_audio_failed(lp, id, why)?,
        Input::NoMic(why) => voice::on_no_mic(lp, why)?,
        Input::Heard(heard) => voice::on_heard(lp, heard)?,
        Input::Voice(news) => {
            lp.daemon.voice_news(news, wall_clock())?;
            Vec::new()
        }
        Input::Written(w) => {
            lp.daemon.written(w, wall_clock())?;
            lp.changed = true;
            vec![Event::Tick]
        }
        Input::Braille(report) => braille::on_report(lp, report)?,
        Input::Engine(report) => engine::on_report(lp, report)?,
        Input::Page(asked) => page::on_asked(lp, asked)?,
        Input::Dgt(report) => dgt::on_report(lp, report)?,
        Input::Tick => vec![Event::Tick],
        Input::Closed => {
            lp.stdin_open = false;
            lp.audio_open = false;
            vec![Event::Tick]
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
        assert_eq!(braille::braille_style(&config, Lang::Es), (shipped, None));
        config.braille_light = Some(0);
        let (style, refused) = braille::braille_style(&config, Lang::Es);
        assert_eq!((style.light, style.dark, refused), (0, shipped.dark, None));
        config.braille_dark = Some(0b10_0100);
        let (style, _) = braille::braille_style(&config, Lang::Es);
        assert_eq!((style.light, style.dark), (0, 0b10_0100));
        // Both squares alike: refused with the reason, the shipped squares.
        config.braille_light = Some(0b10_0100);
        let (style, refused) = braille::braille_style(&config, Lang::Es);
        assert_eq!(style, shipped);
        assert!(refused.is_some_and(|why| why.to_string().contains("same cell")));
        // A square like a Black piece (the plain letter r of the Spanish king).
        config.braille_light = Some(0b1_0111);
        config.braille_dark = None;
        assert_eq!(braille::braille_style(&config, Lang::Es).0, shipped);
    }

    /// The `say:` lines printed so far.
    fn said(d: &Daemon<Vec<u8>>) -> Vec<String> {
        String::from_utf8_lossy(&d.out).lines().filter_map(|l| l.strip_prefix("say: ")).map(str::to_owned).collect()
    }

    #[test]
    fn what_follows_a_journal_entry_is_said_once_the_writer_reports_it_on_disk() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.journal");
        let (report, reports) = mpsc::channel();
        let now = Duration::from_secs(1_800_000_000);
        let mut d = Daemon::start(&Config::default(), &path, now, Vec::new(), move |w| report.send(w).is_ok()).unwrap();
        // The game's set-up is being written: nothing is said yet, and a
        // notice waits its turn behind it.
        assert!(said(&d).is_empty());
        assert!(!d.settled());
        d.notice("listen-ended", None, now).unwrap();
        assert!(said(&d).is_empty());
        while !d.settled() {
            d.written(reports.recv().unwrap(), now).unwrap();
        }
        let opening = said(&d);
        assert!(opening.len() >= 2, "{opening:?}");
        assert_eq!(opening.last().unwrap(), &d.session().texts().text("listen-ended"));
        // A move: the session has it at once, the loop goes on, and its
        // sentence waits for the disk.
        d.event(now + Duration::from_secs(5), Event::Line("e4".into())).unwrap();
        assert_eq!(d.session().record().moves.len(), 1);
        assert_eq!(said(&d), opening);
        assert!(!d.settled());
        let w = reports.recv().unwrap();
        assert!(matches!(w, Written::Appended), "{w:?}");
        // Reported on disk: it is in the file, and now it is said.
        assert!(std::fs::read_to_string(&path).unwrap().contains("e2e4"));
        d.written(w, now + Duration::from_secs(5)).unwrap();
        assert!(said(&d).len() > opening.len(), "{:?}", said(&d));
        assert!(d.settled());
    }

    #[test]
    fn a_lost_journal_is_said_and_what_waited_for_it_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.journal");
        let (report, reports) = mpsc::channel();
        let now = Duration::from_secs(1_800_000_000);
        let mut d = Daemon::start(&Config::default(), &path, now, Vec::new(), move |w| report.send(w).is_ok()).unwrap();
        while !d.settled() {
            d.written(reports.recv().unwrap(), now).unwrap();
        }
        let opening = said(&d);
        d.event(now + Duration::from_secs(5), Event::Line("e4".into())).unwrap();
        // The writer's report of a failed write, as the writer sends it:
        // said at once, urgently; the move's own sentence never is, and the
        // game goes on from what the journal holds.
        let _ = reports.recv().unwrap();
        let records = JournalFile::open::<Entry>(&path).unwrap().1.records;
        let records = records[..records.len() - 1].to_vec();
        let error = JournalError::Poisoned { path: path.clone() };
        let why = d.session().texts().say(&error.said());
        d.written(Written::Failed { error, records: Some(records) }, now + Duration::from_secs(5)).unwrap();
        let now_said = said(&d);
        assert_eq!(now_said.len(), opening.len() + 1, "{now_said:?}");
        assert!(now_said.last().unwrap().contains(&why), "{now_said:?}");
        assert_eq!(d.session().record().moves.len(), 0);
        assert!(d.settled());
    }

    /// A voice whose every sentence takes until the test lets it go, as a
    /// slow synthesis does; it writes files, and so is never heard.
    struct Slow {
        made: mpsc::Sender<String>,
        release: std::sync::Mutex<mpsc::Receiver<()>>,
    }

    impl Voice for Slow {
        fn speak(&mut self, text: &str) -> Result<(), crate::speaking::speech::SpeechError> {
            let _ = self.made.send(text.to_owned());
            let _ = self.release.lock().unwrap().recv();
            Ok(())
        }
        fn describe(&self) -> String {
            "slow".into()
        }
    }

    #[test]
    fn the_game_goes_on_while_the_voice_makes_a_sentence_and_sentences_keep_their_order() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.journal");
        let (report, reports) = mpsc::channel();
        let now = Duration::from_secs(1_800_000_000);
        let mut d = Daemon::start(&Config::default(), &path, now, Vec::new(), move |w| report.send(w).is_ok()).unwrap();
        while !d.settled() {
            d.written(reports.recv().unwrap(), now).unwrap();
        }
        let (made_tx, made) = mpsc::channel();
        let (release, release_rx) = mpsc::channel();
        let (news_tx, news) = mpsc::channel();
        let slow = Slow { made: made_tx, release: std::sync::Mutex::new(release_rx) };
        let voice = VoiceThread::start(Box::new(slow), move |n| {
            let _ = news_tx.send(n);
        });
        d.set_voice(voice, None, now).unwrap();
        // The opening's first sentence is being made, and holds the voice.
        let first = made.recv().unwrap();
        assert!(!d.speaking(), "a voice making a file is not heard");
        // Meanwhile moves are handled, written and printed.
        for (i, mv) in ["e4", "e5"].into_iter().enumerate() {
            let t = now + Duration::from_secs(5 + i as u64);
            d.event(t, Event::Line(mv.into())).unwrap();
            d.written(reports.recv().unwrap(), t).unwrap();
            assert!(d.settled());
        }
        assert_eq!(d.session().record().moves.len(), 2);
        assert!(!d.speaking());
        // The voice is let go sentence by sentence: it says what was printed,
        // in the order printed.
        let printed: Vec<String> = said(&d).iter().map(|t| speakable(d.session().texts(), d.lang, t)).collect();
        let mut spoken = vec![first];
        while spoken.len() < printed.len() {
            release.send(()).unwrap();
            loop {
                match news.recv().unwrap() {
                    VoiceNews::Changed => break,
                    VoiceNews::Failed(e) => panic!("{e}"),
                }
            }
            d.voice_news(VoiceNews::Changed, now).unwrap();
            spoken.push(made.recv().unwrap());
        }
        assert_eq!(spoken, printed);
        release.send(()).unwrap();
        d.voice = None;
    }

    /// A daemon started on `path` with `config` at `now`, its opening
    /// written and said.
    fn started(config: &Config, path: &Path, now: Duration) -> (Daemon<Vec<u8>>, mpsc::Receiver<Written>) {
        let (report, reports) = mpsc::channel();
        let mut d = Daemon::start(config, path, now, Vec::new(), move |w| report.send(w).is_ok()).unwrap();
        settle(&mut d, &reports, now);
        (d, reports)
    }

    /// Waits until everything journaled is on disk and said.
    fn settle(d: &mut Daemon<Vec<u8>>, reports: &mpsc::Receiver<Written>, now: Duration) {
        while !d.settled() {
            let w = reports.recv_timeout(Duration::from_secs(60)).expect("the journal writer reports");
            d.written(w, now).unwrap();
        }
    }

    #[test]
    fn a_no_after_a_crash_and_a_restart_undoes_the_move_echoed_before_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.journal");
        let config = Config { confirm: Confirm::Echo, lang: Lang::En, ..Config::default() };
        let now = Duration::from_secs(1_800_000_000);
        let (mut d, reports) = started(&config, &path, now);
        let nf3 = shakmaty::Position::legal_moves(d.session().position())
            .into_iter()
            .find(|m| m.to() == shakmaty::Square::F3 && m.role() == shakmaty::Role::Knight)
            .expect("Nf3");
        let t = now + Duration::from_secs(1);
        d.event(t, Event::Heard { heard: "knight f three".into(), moves: vec![nf3], sure: true }).unwrap();
        settle(&mut d, &reports, t);
        assert_eq!(said(&d).last().map(String::as_str), Some("knight f3."));
        // The daemon stops without being told (the journal as it is on
        // disk) and is started again two seconds later, within the
        // correction time (ten seconds).
        drop(d);
        let t = t + Duration::from_secs(2);
        let (mut d, reports) = started(&config, &path, t);
        assert_eq!(d.session().record().moves.len(), 1);
        d.event(t, Event::Said { line: "no".into(), command: Command::No }).unwrap();
        settle(&mut d, &reports, t);
        assert!(said(&d).iter().any(|l| l == "knight f3 undone."), "{:?}", said(&d));
        assert!(d.session().record().moves.is_empty());
        let records = JournalFile::open::<Entry>(&path).unwrap().1.records;
        assert!(matches!(records.last(), Some(Entry::Takeback { .. })), "{records:?}");
        assert!(Session::resume(&records).unwrap().record().moves.is_empty());
    }

    #[test]
    fn pgn_dates() {
        assert_eq!(pgn_date(Duration::ZERO), "1970.01.01");
        assert_eq!(pgn_date(Duration::from_secs(951_782_400)), "2000.02.29");
        assert_eq!(pgn_date(Duration::from_secs(1_795_324_989)), "2026.11.22");
    }
}
