//! Speech output: the announcement queue and the voices that speak it.
//!
//! Two parts:
//!
//! - [`SpeechQueue`], pure and sans-I/O: it decides what is said and when,
//!   from the messages pushed and the caller's timestamps. It never reads a
//!   clock, starts a thread or touches a device; [`SpeechQueue::poll`] returns
//!   the [`Action`]s the driver must carry out.
//! - [`Voice`], the thin drivers that carry them out: [`TtsVoice`]
//!   (speech-dispatcher through the `tts` crate), [`WavVoice`] (one WAV file
//!   per utterance, made by `espeak-ng`) and [`TextVoice`] (nothing: the
//!   daemon already prints every sentence). [`open_voice`] opens the one the
//!   player chose and falls back to text, with the reason, when it cannot.
//!   [`drive`] connects a queue to a voice. Without the `tts` feature
//!   nothing links libspeechd: [`TtsVoice::new`] says speech-dispatcher is
//!   not built in ([`crate::NotBuiltIn`]), and the daemon speaks through the
//!   text voice, as it does where speech-dispatcher is missing.
//!
//! # The queue's rules
//!
//! 1. Messages wait in two lines, urgent (flag fall, illegal move, low time)
//!    and routine; each line keeps the order in which messages were pushed.
//! 2. When nothing is being spoken, the next utterance is the oldest urgent
//!    message, or, when none waits, the oldest routine one.
//! 3. An urgent message interrupts a routine utterance being spoken: the next
//!    poll stops it and starts the urgent message. An urgent message never
//!    interrupts another urgent one; it waits for it to end (rule 1).
//! 4. An interrupted routine utterance is not spoken again: it is dropped,
//!    and the player can ask for it with [`SpeechQueue::repeat`] while it is
//!    still the last announcement.
//! 5. Every push is one utterance: a message identical to one waiting or
//!    being spoken is spoken again, never swallowed or merged.
//! 6. An utterance ends when the driver calls [`SpeechQueue::finished`], when
//!    it is stopped (rule 3), or, if the queue has an estimate function, when
//!    `now` reaches its estimated end, so that a voice that cannot report the
//!    end of an utterance still moves on.
//!
//! So every pushed message is started exactly once (one [`Action::Speak`]),
//! none is lost while waiting, and a routine message is never started while
//! an urgent one waits; only a routine utterance can be cut short, and only
//! by an urgent message (property-tested).
//!
//! Timestamps are the caller's; a `now` earlier than one already seen counts
//! as the latest seen, so time never goes backwards inside the queue.

use std::collections::VecDeque;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;
#[cfg(feature = "tts")]
use std::time::Instant;

use crate::i18n::{Reason, Said};

/// What the driver must do, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Stop the utterance being spoken (an urgent message interrupts it).
    Stop,
    /// Start speaking this text.
    Speak(String),
}

/// The fallback estimate of how long an utterance takes: 70 ms a character
/// plus 300 ms, about a screen reader's default rate with a margin.
pub fn default_estimate(text: &str) -> Duration {
    Duration::from_millis(70 * text.chars().count() as u64 + 300)
}

#[derive(Clone, Debug)]
struct Utterance {
    urgent: bool,
    /// Estimated end, when the queue has an estimate function.
    until: Option<Duration>,
}

/// The announcement queue (see the module's rules).
#[derive(Clone, Debug, Default)]
pub struct SpeechQueue {
    urgent: VecDeque<String>,
    routine: VecDeque<String>,
    current: Option<Utterance>,
    last: Option<String>,
    estimate: Option<fn(&str) -> Duration>,
    now: Duration,
    silent_since: Duration,
}

impl SpeechQueue {
    /// A queue whose utterances end only when the driver says so
    /// ([`finished`](Self::finished)) or when they are interrupted.
    pub fn new() -> SpeechQueue {
        SpeechQueue::default()
    }

    /// A queue that also counts an utterance as finished once `now` passes
    /// its start plus `estimate(text)` (for instance [`default_estimate`]).
    /// With a voice that reports the end of utterances, a generous estimate
    /// only guards against a lost report; with one that cannot report, it is
    /// what moves the queue on.
    pub fn with_estimate(estimate: fn(&str) -> Duration) -> SpeechQueue {
        SpeechQueue { estimate: Some(estimate), ..SpeechQueue::default() }
    }

    /// Queues a message; an urgent one interrupts a routine utterance at the
    /// next [`poll`](Self::poll) and goes before the routine messages waiting.
    pub fn push(&mut self, text: String, urgent: bool, now: Duration) {
        self.advance(now);
        if urgent {
            self.urgent.push_back(text);
        } else {
            self.routine.push_back(text);
        }
    }

    /// Says the last announcement again (the last one started, whether it
    /// ended, was interrupted or is still being spoken), as a routine
    /// message. `false` when nothing has been said yet.
    pub fn repeat(&mut self, now: Duration) -> bool {
        match self.last.clone() {
            Some(text) => {
                self.push(text, false, now);
                true
            }
            None => false,
        }
    }

    /// What the driver must do now: stop a routine utterance that an urgent
    /// message interrupts, and start the next utterance when nothing is being
    /// spoken. Empty when there is nothing to do.
    pub fn poll(&mut self, now: Duration) -> Vec<Action> {
        self.advance(now);
        let mut actions = Vec::new();
        if self.current.as_ref().is_some_and(|u| !u.urgent) && !self.urgent.is_empty() {
            self.current = None;
            self.silent_since = self.now;
            actions.push(Action::Stop);
        }
        if self.current.is_none() {
            let next = match self.urgent.pop_front() {
                Some(text) => Some((text, true)),
                None => self.routine.pop_front().map(|text| (text, false)),
            };
            if let Some((text, urgent)) = next {
                let until = self.estimate.map(|estimate| self.now + estimate(&text));
                self.current = Some(Utterance { urgent, until });
                self.last = Some(text.clone());
                actions.push(Action::Speak(text));
            }
        }
        actions
    }

    /// The driver's report that the utterance it started last has ended.
    /// The next one starts at the next [`poll`](Self::poll). A report when
    /// nothing is being spoken is ignored; a driver must not report the end
    /// of an utterance it stopped, which the queue already counts as ended.
    pub fn finished(&mut self, now: Duration) {
        self.advance(now);
        if self.current.take().is_some() {
            self.silent_since = self.now;
        }
    }

    /// True from the [`Action::Speak`] that starts an utterance until it
    /// ends (rule 6), as of the last call that took a `now`. A speech
    /// recogniser mutes itself while this is true, so that it does not hear
    /// tiflo's own voice; since the next utterance starts at the next poll,
    /// the flag stays true across a run of messages polled in time.
    pub fn speaking(&self) -> bool {
        self.current.is_some()
    }

    #[cfg(test)]
    /// When the queue is expected to fall silent: the estimated end of the
    /// utterance being spoken plus the estimates of every message waiting
    /// after it, assuming none is interrupted. `None` when nothing is being
    /// spoken or the queue has no estimate function. A recogniser can keep
    /// itself muted until then instead of polling [`speaking`](Self::speaking).
    pub(crate) fn speaking_until(&self) -> Option<Duration> {
        let estimate = self.estimate?;
        let until = self.current.as_ref()?.until?;
        Some(self.urgent.iter().chain(&self.routine).fold(until, |t, text| t + estimate(text)))
    }

    #[cfg(test)]
    /// When the last utterance ended (its estimated end, if that is what
    /// ended it); `None` while one is being spoken, `Some(ZERO)` before
    /// anything was said. A recogniser may wait a moment after this for the
    /// room's echo to die down.
    pub(crate) fn silent_since(&self) -> Option<Duration> {
        if self.current.is_some() { None } else { Some(self.silent_since) }
    }

    /// How many messages wait to be started.
    pub fn waiting(&self) -> usize {
        self.urgent.len() + self.routine.len()
    }

    /// The last announcement started, if any (what [`repeat`](Self::repeat)
    /// says again).
    pub fn last(&self) -> Option<&str> {
        self.last.as_deref()
    }

    /// Moves the queue's time to `now` and ends an utterance whose estimated
    /// end has passed.
    fn advance(&mut self, now: Duration) {
        self.now = self.now.max(now);
        if let Some(until) = self.current.as_ref().and_then(|u| u.until)
            && until <= self.now
        {
            self.current = None;
            self.silent_since = until;
        }
    }
}

/// Why speech could not be set up or an utterance could not be spoken.
#[derive(Debug, thiserror::Error)]
pub enum SpeechError {
    /// A speech output that is not tts, wav:DIR or text.
    #[error("unknown speech output `{0}`; expected tts, wav:DIR or text")]
    BadChoice(String),
    /// espeak-ng has no voice tiflo knows for the language (WAV output).
    #[error("no voice for language `{0}`")]
    UnknownLanguage(String),
    /// speech-dispatcher lists no voice of the language.
    #[error("the speech engine has no voice for language `{0}`")]
    NoVoice(String),
    /// speech-dispatcher lists no voice of the name asked for.
    #[error("the speech engine has no voice named `{0}`")]
    VoiceNotFound(String),
    /// A voice setting outside 0..1.
    #[error("{what} must be a number from 0 to 1, not {value}")]
    BadSetting {
        /// Which setting (rate, pitch or volume).
        what: &'static str,
        /// The value given.
        value: f32,
    },
    /// speech-dispatcher did not answer in time (how long was waited).
    #[error("speech-dispatcher did not answer within {} s", .0.as_secs())]
    NoAnswer(Duration),
    /// speech-dispatcher did not finish an utterance in time (how long was waited).
    #[error("speech-dispatcher took an utterance but did not finish it within {} s (no sound output?)", .0.as_secs())]
    Silent(Duration),
    /// speech-dispatcher stopped while starting.
    #[error("speech-dispatcher stopped while starting")]
    Crashed,
    /// What the `tts` crate reported.
    #[cfg(feature = "tts")]
    #[error("speech-dispatcher: {0}")]
    Tts(#[from] tts::Error),
    /// speech-dispatcher is left out of this build (the `tts` feature).
    #[error("{0}")]
    NotBuiltIn(#[from] crate::NotBuiltIn),
    /// The folder for WAV files cannot be created.
    #[error("cannot create {path}: {source}")]
    Dir {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// espeak-ng cannot be started.
    #[error("cannot run espeak-ng: {0}")]
    Spawn(std::io::Error),
    /// espeak-ng ran and failed.
    #[error("espeak-ng failed ({status}): {stderr}")]
    Espeak {
        /// How it ended (its exit status).
        status: String,
        /// What it wrote on its standard error.
        stderr: String,
    },
    /// The thread that drives the voice has stopped.
    #[error("the voice's thread has stopped")]
    Stopped,
}

impl Reason for SpeechError {
    fn said(&self) -> Said {
        let seconds = |d: &Duration| d.as_secs_f64().ceil() as i64;
        match self {
            SpeechError::BadChoice(choice) => Said::new("why-speech-bad-choice").data("choice", choice.clone()),
            SpeechError::UnknownLanguage(lang) | SpeechError::NoVoice(lang) => {
                Said::new("why-speech-no-voice-for").data("lang", lang.clone())
            }
            SpeechError::VoiceNotFound(name) => Said::new("why-speech-no-voice-named").data("name", name.clone()),
            SpeechError::BadSetting { what, value } => {
                Said::new("why-speech-bad-setting").data("setting", *what).data("value", value.to_string())
            }
            SpeechError::NoAnswer(d) => Said::new("why-speech-no-answer").number("seconds", seconds(d)),
            SpeechError::Silent(d) => Said::new("why-speech-silent").number("seconds", seconds(d)),
            SpeechError::Crashed => Said::new("why-speech-crashed"),
            SpeechError::Stopped => Said::new("why-speech-stopped"),
            SpeechError::NotBuiltIn(e) => e.said(),
            #[cfg(feature = "tts")]
            SpeechError::Tts(tts::Error::Io(e)) => Said::new("why-speech-dispatcher").with("why", e.said()),
            #[cfg(feature = "tts")]
            SpeechError::Tts(_) => Said::new("why-speech-dispatcher-refused"),
            SpeechError::Dir { path, source } => {
                Said::new("why-speech-folder").data("path", path.display().to_string()).with("why", source.said())
            }
            SpeechError::Spawn(e) => Said::new("why-speech-espeak-missing").with("why", e.said()),
            SpeechError::Espeak { status, .. } => Said::new("why-speech-espeak-failed").data("status", status.clone()),
        }
    }
}

/// A speech engine, driven by the queue's [`Action`]s.
pub trait Voice: Send {
    /// Starts speaking `text`. A voice that speaks synchronously returns when
    /// it is done.
    fn speak(&mut self, text: &str) -> Result<(), SpeechError>;
    /// Stops the utterance being spoken (and any the engine holds). A voice
    /// that speaks synchronously has nothing to stop.
    fn stop(&mut self) -> Result<(), SpeechError> {
        Ok(())
    }
    /// Whether the last utterance started is still being spoken; `None` when
    /// the engine cannot tell, and the queue's estimate decides. A voice that
    /// speaks synchronously is done when `speak` returns.
    fn is_speaking(&mut self) -> Option<bool> {
        Some(false)
    }
    /// What speaks, for the player and the logs: "speech-dispatcher, voice
    /// Spanish (Spain)".
    fn describe(&self) -> String;
}

/// Carries out what `queue` asks of `voice` at `now`: reports the end of the
/// utterance when the voice says it has ended, then performs the actions of
/// [`SpeechQueue::poll`]. Call it on every tick and after every push. An
/// utterance the voice refuses counts as ended, so the queue goes on; the
/// first error is returned after all actions were tried.
pub fn drive(queue: &mut SpeechQueue, voice: &mut dyn Voice, now: Duration) -> Result<(), SpeechError> {
    if queue.speaking() && voice.is_speaking() == Some(false) {
        queue.finished(now);
    }
    let mut first_error = None;
    for action in queue.poll(now) {
        let result = match action {
            Action::Stop => voice.stop(),
            Action::Speak(text) => voice.speak(&text).inspect_err(|_| queue.finished(now)),
        };
        if let Err(e) = result {
            first_error.get_or_insert(e);
        }
    }
    first_error.map_or(Ok(()), Err)
}

/// A voice that speaks on a thread of its own, so that a synthesis that
/// takes time (espeak-ng writing a file, speech-dispatcher accepting a
/// message) never holds up its caller: [`Voice::speak`] and [`Voice::stop`]
/// hand the action over and return at once, in order.
///
/// It answers two questions, which differ while a sentence is being made:
///
/// - [`Voice::is_speaking`], for the queue: `true` until the thread has
///   carried out every action handed over and the voice itself has fallen
///   silent, so the queue starts one utterance after the other, in order,
///   and interrupts only one that is really under way;
/// - [`VoiceThread::sounding`], for whoever must not hear tiflo's voice (the
///   microphone): the wrapped voice's own answer, whether its sound is
///   playing. A voice whose `speak` only makes a file (the WAV voice) is
///   never heard, however long its synthesis takes.
///
/// Each change comes back through `report`, from that thread, as it
/// happens: an action carried out, the voice fallen silent, or an error of
/// the voice (which counts as carried out); the caller drives its queue on
/// when it hears of one, never waiting or polling for it.
pub struct VoiceThread {
    actions: Option<mpsc::Sender<Action>>,
    status: Arc<Mutex<ThreadStatus>>,
    description: String,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What a [`VoiceThread`] tells its caller.
#[derive(Debug)]
pub enum VoiceNews {
    /// An action was carried out, or the voice fell silent: the queue may
    /// go on.
    Changed,
    /// The voice failed to carry out an action (the utterance counts as
    /// ended).
    Failed(SpeechError),
}

/// What the voice's thread has done, as its caller sees it.
#[derive(Default)]
struct ThreadStatus {
    /// Actions handed over and not carried out yet.
    pending: usize,
    /// The voice's own answer, after the last action carried out or the
    /// last time it was asked.
    speaking: Option<bool>,
}

fn held(status: &Mutex<ThreadStatus>) -> std::sync::MutexGuard<'_, ThreadStatus> {
    status.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl VoiceThread {
    /// Moves `voice` onto its own thread; `report` hears of every change
    /// (see [`VoiceNews`]).
    pub fn start(mut voice: Box<dyn Voice>, report: impl Fn(VoiceNews) + Send + 'static) -> VoiceThread {
        let description = voice.describe();
        let status = Arc::new(Mutex::new(ThreadStatus { pending: 0, speaking: Some(false) }));
        let (tx, rx) = mpsc::channel::<Action>();
        let shared = Arc::clone(&status);
        let thread = std::thread::spawn(move || {
            loop {
                // While an utterance goes on, the voice is asked now and
                // then whether it has ended; otherwise the thread sleeps.
                let speaking = held(&shared).speaking;
                let next = if speaking == Some(true) {
                    match rx.recv_timeout(Duration::from_millis(20)) {
                        Ok(a) => Some(a),
                        Err(mpsc::RecvTimeoutError::Timeout) => None,
                        Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    }
                } else {
                    match rx.recv() {
                        Ok(a) => Some(a),
                        Err(_) => break,
                    }
                };
                let Some(action) = next else {
                    let now = voice.is_speaking();
                    let changed = {
                        let mut s = held(&shared);
                        std::mem::replace(&mut s.speaking, now) != now
                    };
                    if changed {
                        report(VoiceNews::Changed);
                    }
                    continue;
                };
                let result = match &action {
                    Action::Stop => voice.stop(),
                    Action::Speak(text) => voice.speak(text),
                };
                let now = if result.is_err() { Some(false) } else { voice.is_speaking() };
                {
                    let mut s = held(&shared);
                    s.pending = s.pending.saturating_sub(1);
                    s.speaking = now;
                }
                report(match result {
                    Ok(()) => VoiceNews::Changed,
                    Err(e) => VoiceNews::Failed(e),
                });
            }
        });
        VoiceThread { actions: Some(tx), status, description, thread: Some(thread) }
    }

    /// Whether the wrapped voice's sound is playing, as it last said; `None`
    /// when it cannot tell. `false` while a voice that only writes files is
    /// making one.
    pub fn sounding(&self) -> Option<bool> {
        held(&self.status).speaking
    }

    fn hand_over(&mut self, action: Action) -> Result<(), SpeechError> {
        held(&self.status).pending += 1;
        let sent = self.actions.as_ref().is_some_and(|tx| tx.send(action).is_ok());
        if !sent {
            let mut s = held(&self.status);
            s.pending = s.pending.saturating_sub(1);
            s.speaking = Some(false);
            return Err(SpeechError::Stopped);
        }
        Ok(())
    }
}

impl Voice for VoiceThread {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        self.hand_over(Action::Speak(text.to_owned()))
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.hand_over(Action::Stop)
    }

    fn is_speaking(&mut self) -> Option<bool> {
        let s = held(&self.status);
        if s.pending > 0 { Some(true) } else { s.speaking }
    }

    fn describe(&self) -> String {
        self.description.clone()
    }
}

impl Drop for VoiceThread {
    /// The thread carries out what it was handed, lets its voice go (a
    /// voice's own clean-up runs there) and ends.
    fn drop(&mut self) {
        self.actions = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// How long speech-dispatcher may take to accept the connection (spawning
/// itself if it is not running) before it counts as not answering.
pub const TTS_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long speech-dispatcher may then take to list its voices (some
/// thousands with espeak-ng: seconds on a small computer), take the settings
/// and finish the silent test utterance.
pub const TTS_SETUP_TIMEOUT: Duration = Duration::from_secs(30);

/// How long, within [`TTS_SETUP_TIMEOUT`], the silent test utterance may
/// take to finish before the engine counts as having no sound output.
#[cfg_attr(not(feature = "tts"), allow(dead_code))]
pub(crate) const TTS_PROBE_TIMEOUT: Duration = Duration::from_secs(4);

#[cfg(feature = "tts")]
/// What the thread that opens speech-dispatcher reports.
enum Opening {
    Connected,
    Done(Result<TtsVoice, SpeechError>),
}

/// Maps a normalised setting (0 = the backend's minimum, 1 = its maximum) onto
/// the backend's range `min..=max`; values outside 0..1 are clamped, NaN is an
/// error.
#[cfg_attr(not(feature = "tts"), allow(dead_code))]
pub(crate) fn scale_setting(what: &'static str, value: f32, min: f32, max: f32) -> Result<f32, SpeechError> {
    if value.is_nan() {
        return Err(SpeechError::BadSetting { what, value });
    }
    Ok(min + value.clamp(0.0, 1.0) * (max - min))
}

/// The language tags a voice for `lang` is preferred with, best first; a
/// voice of the same primary language is taken when none has these.
#[cfg_attr(not(feature = "tts"), allow(dead_code))]
fn preferred_tags(lang: &str) -> &'static [&'static str] {
    match lang {
        "es" => &["es", "es-ES"],
        "pt" => &["pt", "pt-PT"],
        "pt-BR" => &["pt-BR", "pt-br"],
        "en" => &["en-GB", "en"],
        "de" => &["de", "de-DE"],
        "fr" => &["fr-FR", "fr"],
        "it" => &["it", "it-IT"],
        "nl" => &["nl", "nl-NL"],
        _ => &[],
    }
}

/// Chooses among voices given as (name, language tag): the one named
/// `wanted` (case-insensitive), or the best for `lang` — a preferred tag
/// first, then the same primary language; a base voice ("Spanish (Spain)")
/// before its variants ("Spanish (Spain)+Alex"); then the engine's order.
#[cfg_attr(not(feature = "tts"), allow(dead_code))]
pub(crate) fn pick_voice(voices: &[(String, String)], lang: &str, wanted: Option<&str>) -> Result<usize, SpeechError> {
    if let Some(wanted) = wanted {
        return voices
            .iter()
            .position(|(name, _)| name.eq_ignore_ascii_case(wanted))
            .ok_or_else(|| SpeechError::VoiceNotFound(wanted.to_owned()));
    }
    let preferred = preferred_tags(lang);
    let primary_lang = lang.split(['-', '_']).next().unwrap_or(lang);
    voices
        .iter()
        .enumerate()
        .filter(|(_, (_, tag))| tag.split(['-', '_']).next().is_some_and(|primary| primary.eq_ignore_ascii_case(primary_lang)))
        .min_by_key(|(i, (name, tag))| {
            let rank = preferred.iter().position(|p| p.eq_ignore_ascii_case(tag)).unwrap_or(preferred.len());
            (rank, name.contains('+'), *i)
        })
        .map(|(i, _)| i)
        .ok_or_else(|| SpeechError::NoVoice(lang.to_owned()))
}

#[cfg(feature = "tts")]
/// Which utterance the engine is speaking, kept up to date by its callbacks.
#[derive(Debug, Default)]
struct Tracking {
    /// The utterance started last, by the Debug text of its id (the `tts`
    /// crate's id type is comparable only on some platforms); `None` when
    /// nothing was started or it was stopped.
    current: Option<String>,
    /// Whether the engine returned an id for the last utterance.
    tracked: bool,
    /// The ids the engine reported ended or cancelled, newest last (a few;
    /// the report may come before `speak` returns).
    ended: VecDeque<String>,
}

#[cfg(feature = "tts")]
impl Tracking {
    fn ended(&mut self, id: String) {
        if self.ended.len() == 32 {
            self.ended.pop_front();
        }
        self.ended.push_back(id);
    }

    fn speaking(&self) -> bool {
        self.current.as_ref().is_some_and(|c| !self.ended.contains(c))
    }
}

#[cfg(feature = "tts")]
fn lock(t: &Mutex<Tracking>) -> std::sync::MutexGuard<'_, Tracking> {
    t.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(feature = "tts")]
/// Speech through the `tts` crate: speech-dispatcher on Linux.
pub(crate) struct TtsVoice {
    tts: tts::Tts,
    /// Whether the engine reports the end of utterances to `tracking`.
    callbacks: bool,
    tracking: Arc<Mutex<Tracking>>,
    description: String,
}

#[cfg(feature = "tts")]
impl TtsVoice {
    /// Connects to the speech engine and sets it up for `lang` (a language
    /// pack code: es, pt, en, de, fr, it, nl).
    ///
    /// - Voice: the one named `voice_name`, else the best voice for `lang`
    ///   ([`pick_voice`]: en prefers British English, fr the French of
    ///   France); an engine that lists no voices keeps its default one. An
    ///   engine that lists voices but none for `lang` is an error, rather
    ///   than moves read in the wrong language.
    /// - `rate`, `pitch`, `volume`: normalised, 0 = the engine's minimum,
    ///   1 = its maximum, mapped linearly ([`scale_setting`]); `None` leaves
    ///   the engine's setting. For speech-dispatcher (-100..100 for each)
    ///   0.5 is the normal rate and pitch and 1.0 the normal volume.
    ///
    /// It then speaks a silent utterance (two spaces) and waits for its end,
    /// so that an engine that takes utterances but has no sound output (and
    /// so never finishes one) is an error here rather than silence later.
    ///
    /// Never hangs: speech-dispatcher is opened (and spawned, if it is not
    /// running) on a separate thread, and [`SpeechError::NoAnswer`] is
    /// returned when it does not connect within [`TTS_CONNECT_TIMEOUT`] or is
    /// not set up within [`TTS_SETUP_TIMEOUT`] after that (a daemon that
    /// hangs, as one stuck while shutting down does, accepts the connection
    /// and never answers). The thread stuck in it is left behind, blocked,
    /// and ends with the process.
    pub fn new(
        lang_code: &str,
        rate: Option<f32>,
        pitch: Option<f32>,
        volume: Option<f32>,
        voice_name: Option<&str>,
    ) -> Result<TtsVoice, SpeechError> {
        let lang = lang_code.to_owned();
        let voice_name = voice_name.map(str::to_owned);
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("tiflo-tts-open".into())
            .spawn(move || {
                let opened = TtsVoice::open(&lang, rate, pitch, volume, voice_name.as_deref(), &tx);
                // The caller may have stopped waiting; then the voice is
                // dropped here.
                let _ = tx.send(Opening::Done(opened));
            })
            .map_err(SpeechError::Spawn)?;
        let mut limit = TTS_CONNECT_TIMEOUT;
        loop {
            match rx.recv_timeout(limit) {
                Ok(Opening::Connected) => limit = TTS_SETUP_TIMEOUT,
                Ok(Opening::Done(opened)) => return opened,
                Err(mpsc::RecvTimeoutError::Timeout) => return Err(SpeechError::NoAnswer(limit)),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(SpeechError::Crashed),
            }
        }
    }

    fn open(
        lang: &str,
        rate: Option<f32>,
        pitch: Option<f32>,
        volume: Option<f32>,
        voice_name: Option<&str>,
        progress: &mpsc::Sender<Opening>,
    ) -> Result<TtsVoice, SpeechError> {
        let mut tts = tts::Tts::default()?;
        let _ = progress.send(Opening::Connected);
        let features = tts.supported_features();
        let mut description = String::from("speech-dispatcher");
        let voices = if features.voice { tts.voices()? } else { Vec::new() };
        if !voices.is_empty() || voice_name.is_some() {
            let listed: Vec<(String, String)> = voices.iter().map(|v| (v.name(), v.language().to_string())).collect();
            let chosen = &voices[pick_voice(&listed, lang, voice_name)?];
            tts.set_voice(chosen)?;
            description = format!("speech-dispatcher, voice {} ({})", chosen.name(), chosen.language());
        }
        if let Some(rate) = rate.filter(|_| features.rate) {
            tts.set_rate(scale_setting("rate", rate, tts.min_rate(), tts.max_rate())?)?;
        }
        if let Some(pitch) = pitch.filter(|_| features.pitch) {
            tts.set_pitch(scale_setting("pitch", pitch, tts.min_pitch(), tts.max_pitch())?)?;
        }
        if let Some(volume) = volume.filter(|_| features.volume) {
            tts.set_volume(scale_setting("volume", volume, tts.min_volume(), tts.max_volume())?)?;
        }
        let tracking = Arc::new(Mutex::new(Tracking::default()));
        if features.utterance_callbacks {
            let on_end = Arc::clone(&tracking);
            tts.on_utterance_end(Some(Box::new(move |id| lock(&on_end).ended(format!("{id:?}")))))?;
            let on_stop = Arc::clone(&tracking);
            tts.on_utterance_stop(Some(Box::new(move |id| lock(&on_stop).ended(format!("{id:?}")))))?;
        }
        let mut voice = TtsVoice { tts, callbacks: features.utterance_callbacks, tracking, description };
        if features.utterance_callbacks {
            voice.speak("  ")?;
            let deadline = Instant::now() + TTS_PROBE_TIMEOUT;
            while voice.is_speaking() == Some(true) {
                if Instant::now() >= deadline {
                    return Err(SpeechError::Silent(TTS_PROBE_TIMEOUT));
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        Ok(voice)
    }
}

#[cfg(feature = "tts")]
impl Voice for TtsVoice {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        // The engine takes C strings: a NUL would end the text (or panic).
        let text = text.replace('\0', " ");
        let id = self.tts.speak(text, false)?;
        let mut tracking = lock(&self.tracking);
        tracking.tracked = id.is_some();
        tracking.current = id.map(|id| format!("{id:?}"));
        Ok(())
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.tts.stop()?;
        lock(&self.tracking).current = None;
        Ok(())
    }

    fn is_speaking(&mut self) -> Option<bool> {
        if !self.callbacks {
            return self.tts.is_speaking().ok();
        }
        let tracking = lock(&self.tracking);
        tracking.tracked.then(|| tracking.speaking())
    }

    fn describe(&self) -> String {
        self.description.clone()
    }
}

#[cfg(feature = "tts")]
impl Drop for TtsVoice {
    fn drop(&mut self) {
        // The `tts` crate forgets its callbacks when dropped while the engine
        // may still report an utterance's end; stop it and give the report a
        // moment to arrive first.
        let speaking = lock(&self.tracking).speaking();
        if speaking {
            let id = lock(&self.tracking).current.clone();
            let _ = self.tts.stop();
            let deadline = Instant::now() + Duration::from_millis(300);
            while Instant::now() < deadline && id.as_ref().is_some_and(|id| !lock(&self.tracking).ended.contains(id)) {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

/// Without the `tts` feature: a voice that cannot be opened (the type has
/// no value, so none of its methods can be reached).
#[cfg(not(feature = "tts"))]
pub(crate) struct TtsVoice {
    never: std::convert::Infallible,
}

#[cfg(not(feature = "tts"))]
impl TtsVoice {
    /// Says that speech-dispatcher is not built in.
    pub fn new(
        _lang_code: &str,
        _rate: Option<f32>,
        _pitch: Option<f32>,
        _volume: Option<f32>,
        _voice_name: Option<&str>,
    ) -> Result<TtsVoice, SpeechError> {
        Err(crate::NotBuiltIn::new("tts").into())
    }
}

#[cfg(not(feature = "tts"))]
impl Voice for TtsVoice {
    fn speak(&mut self, _text: &str) -> Result<(), SpeechError> {
        match self.never {}
    }

    fn describe(&self) -> String {
        match self.never {}
    }
}

/// The espeak-ng voice for a language pack code: es → `es` (Spain), pt → `pt`
/// (Portugal), pt-BR → `pt-br`, en → `en-gb`, de → `de`, fr → `fr` (France), it → `it`,
/// nl → `nl`. `None` for any other code.
pub(crate) fn espeak_voice(lang: &str) -> Option<&'static str> {
    Some(match lang {
        "es" => "es",
        "pt" => "pt",
        "pt-BR" => "pt-br",
        "en" => "en-gb",
        "de" => "de",
        "fr" => "fr",
        "it" => "it",
        "nl" => "nl",
        _ => return None,
    })
}

/// Writes each utterance to `DIR/NNNN.wav` (0001, 0002, …, continuing after
/// the highest number already in the folder, so no file is overwritten) with
/// `espeak-ng`, synchronously: `speak` returns when the file is written.
#[derive(Debug)]
pub struct WavVoice {
    dir: PathBuf,
    voice: &'static str,
    next: u64,
    last: Option<PathBuf>,
}

impl WavVoice {
    /// Creates `dir` if needed and checks that `espeak-ng` runs.
    pub fn new(dir: impl Into<PathBuf>, lang_code: &str) -> Result<WavVoice, SpeechError> {
        let dir = dir.into();
        let voice = espeak_voice(lang_code).ok_or_else(|| SpeechError::UnknownLanguage(lang_code.to_owned()))?;
        std::fs::create_dir_all(&dir).map_err(|source| SpeechError::Dir { path: dir.clone(), source })?;
        let version = Command::new("espeak-ng")
            .arg("--version")
            .stdin(Stdio::null())
            .output()
            .map_err(SpeechError::Spawn)?;
        if !version.status.success() {
            return Err(SpeechError::Espeak {
                status: version.status.to_string(),
                stderr: String::from_utf8_lossy(&version.stderr).trim().to_owned(),
            });
        }
        let highest = std::fs::read_dir(&dir)
            .map_err(|source| SpeechError::Dir { path: dir.clone(), source })?
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_str()?.strip_suffix(".wav")?.parse::<u64>().ok())
            .max()
            .unwrap_or(0);
        Ok(WavVoice { dir, voice, next: highest + 1, last: None })
    }

    /// The file written by the last utterance.
    pub fn last_file(&self) -> Option<&Path> {
        self.last.as_deref()
    }

    /// The espeak-ng voice used.
    pub fn voice(&self) -> &str {
        self.voice
    }
}

impl Voice for WavVoice {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        let path = self.dir.join(format!("{:04}.wav", self.next));
        self.next += 1;
        let mut child = Command::new("espeak-ng")
            .args(["-b", "1", "-v", self.voice, "-w"])
            .arg(&path)
            .arg("--stdin")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(SpeechError::Spawn)?;
        // Text on standard input: a phrase starting with `-` is never read as
        // an option.
        let written = child.stdin.take().map_or(Ok(()), |mut stdin| stdin.write_all(text.as_bytes()));
        let out = child.wait_with_output().map_err(SpeechError::Spawn)?;
        if !out.status.success() {
            return Err(SpeechError::Espeak {
                status: out.status.to_string(),
                stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            });
        }
        written.map_err(SpeechError::Spawn)?;
        self.last = Some(path);
        Ok(())
    }

    fn describe(&self) -> String {
        format!("WAV files in {} (espeak-ng voice {})", self.dir.display(), self.voice)
    }
}

/// No speech: the daemon already prints every sentence as a `say: ` line.
/// Utterances end at once.
#[derive(Clone, Debug, Default)]
pub(crate) struct TextVoice;

impl Voice for TextVoice {
    fn speak(&mut self, _text: &str) -> Result<(), SpeechError> {
        Ok(())
    }

    fn describe(&self) -> String {
        "text".to_owned()
    }
}

/// The speech output the player chose: `tts`, `wav:DIR` or `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpeechChoice {
    /// The system's speech engine, through speech-dispatcher.
    Tts,
    /// One WAV file per utterance in this folder, made by espeak-ng.
    Wav(PathBuf),
    /// No sound: the sentences are only printed.
    Text,
}

impl FromStr for SpeechChoice {
    type Err = SpeechError;

    fn from_str(s: &str) -> Result<SpeechChoice, SpeechError> {
        match s.trim() {
            "tts" => Ok(SpeechChoice::Tts),
            "text" => Ok(SpeechChoice::Text),
            other => match other.strip_prefix("wav:") {
                Some(dir) if !dir.is_empty() => Ok(SpeechChoice::Wav(PathBuf::from(dir))),
                _ => Err(SpeechError::BadChoice(s.to_owned())),
            },
        }
    }
}

impl fmt::Display for SpeechChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpeechChoice::Tts => f.write_str("tts"),
            SpeechChoice::Wav(dir) => write!(f, "wav:{}", dir.display()),
            SpeechChoice::Text => f.write_str("text"),
        }
    }
}

/// The system engine's settings from the profile: each normalised 0..1 (see
/// [`TtsVoice::new`]); `None` keeps the engine's own.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VoiceSettings {
    /// The speaking rate.
    pub rate: Option<f32>,
    /// The pitch.
    pub pitch: Option<f32>,
    /// The volume.
    pub volume: Option<f32>,
    /// A voice name as the engine lists it.
    pub name: Option<String>,
}

/// Opens the chosen voice for language `lang`. When it cannot be opened
/// (speech-dispatcher absent, not answering, without sound or without a
/// voice for `lang`; espeak-ng missing; a folder that cannot be made), the
/// text voice is returned with the reason, for the daemon to say
/// once ("no speech engine: REASON; showing text"). Never hangs (see
/// [`TtsVoice::new`]).
pub fn open_voice(choice: &SpeechChoice, lang: &str, settings: &VoiceSettings) -> (Box<dyn Voice>, Option<Said>) {
    let opened: Result<Box<dyn Voice>, SpeechError> = match choice {
        SpeechChoice::Text => return (Box::new(TextVoice), None),
        SpeechChoice::Tts => TtsVoice::new(lang, settings.rate, settings.pitch, settings.volume, settings.name.as_deref())
            .map(|v| Box::new(v) as Box<dyn Voice>),
        SpeechChoice::Wav(dir) => WavVoice::new(dir, lang).map(|v| Box::new(v) as Box<dyn Voice>),
    };
    match opened {
        Ok(voice) => (voice, None),
        Err(e) => (Box::new(TextVoice), Some(e.said())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn speak(text: &str) -> Action {
        Action::Speak(text.to_owned())
    }

    #[test]
    fn routine_messages_in_order() {
        let mut q = SpeechQueue::new();
        q.push("one".into(), false, ms(0));
        q.push("two".into(), false, ms(0));
        q.push("three".into(), false, ms(0));
        assert_eq!(q.poll(ms(0)), vec![speak("one")]);
        assert_eq!(q.poll(ms(10)), vec![], "nothing until the first ends");
        q.finished(ms(500));
        assert_eq!(q.poll(ms(500)), vec![speak("two")]);
        q.finished(ms(900));
        assert_eq!(q.poll(ms(900)), vec![speak("three")]);
        q.finished(ms(1200));
        assert_eq!(q.poll(ms(1200)), vec![]);
        assert!(!q.speaking());
        assert_eq!(q.waiting(), 0);
    }

    #[test]
    fn urgent_interrupts_routine_and_goes_first() {
        let mut q = SpeechQueue::new();
        q.push("e4".into(), false, ms(0));
        q.push("your clock".into(), false, ms(0));
        assert_eq!(q.poll(ms(0)), vec![speak("e4")]);
        q.push("illegal move".into(), true, ms(100));
        q.push("flag fell".into(), true, ms(110));
        assert_eq!(q.poll(ms(120)), vec![Action::Stop, speak("illegal move")]);
        // An urgent message does not interrupt another urgent one.
        assert_eq!(q.poll(ms(130)), vec![]);
        q.finished(ms(800));
        assert_eq!(q.poll(ms(800)), vec![speak("flag fell")]);
        q.finished(ms(1500));
        // The interrupted "e4" is not said again; the routine line goes on.
        assert_eq!(q.poll(ms(1500)), vec![speak("your clock")]);
        q.finished(ms(2000));
        assert_eq!(q.poll(ms(2000)), vec![]);
    }

    #[test]
    fn urgent_waiting_when_silent_needs_no_stop() {
        let mut q = SpeechQueue::new();
        q.push("routine".into(), false, ms(0));
        q.push("urgent".into(), true, ms(0));
        assert_eq!(q.poll(ms(0)), vec![speak("urgent")]);
        q.finished(ms(10));
        assert_eq!(q.poll(ms(10)), vec![speak("routine")]);
        // Ended before the poll: no stop.
        q.push("low time".into(), true, ms(20));
        q.finished(ms(30));
        assert_eq!(q.poll(ms(40)), vec![speak("low time")]);
    }

    #[test]
    fn duplicates_are_spoken_twice() {
        let mut q = SpeechQueue::new();
        q.push("check".into(), false, ms(0));
        q.push("check".into(), false, ms(0));
        q.push("ten seconds".into(), true, ms(0));
        q.push("ten seconds".into(), true, ms(0));
        let mut said = Vec::new();
        for t in 0..10 {
            for a in q.poll(ms(t * 100)) {
                said.push(a);
            }
            q.finished(ms(t * 100 + 50));
        }
        assert_eq!(said, vec![speak("ten seconds"), speak("ten seconds"), speak("check"), speak("check")]);
    }

    #[test]
    fn repeat_says_the_last_again() {
        let mut q = SpeechQueue::new();
        assert!(!q.repeat(ms(0)), "nothing to repeat yet");
        assert_eq!(q.poll(ms(0)), vec![]);
        q.push("knight f3".into(), false, ms(0));
        assert_eq!(q.poll(ms(0)), vec![speak("knight f3")]);
        // While it is being spoken: queued after it.
        assert!(q.repeat(ms(10)));
        assert_eq!(q.poll(ms(10)), vec![]);
        q.finished(ms(500));
        assert_eq!(q.poll(ms(500)), vec![speak("knight f3")]);
        q.finished(ms(900));
        assert!(q.repeat(ms(1000)));
        assert_eq!(q.poll(ms(1000)), vec![speak("knight f3")]);
        // A repeat is routine: an urgent message interrupts it.
        q.push("flag".into(), true, ms(1100));
        assert_eq!(q.poll(ms(1100)), vec![Action::Stop, speak("flag")]);
        q.finished(ms(1400));
        assert!(q.repeat(ms(1500)));
        assert_eq!(q.poll(ms(1500)), vec![speak("flag")], "the last started, now as routine");
        q.push("urgent".into(), true, ms(1600));
        assert_eq!(q.poll(ms(1600)), vec![Action::Stop, speak("urgent")]);
    }

    #[test]
    fn an_interrupted_message_can_be_repeated() {
        let mut q = SpeechQueue::new();
        q.push("bishop takes e5".into(), false, ms(0));
        q.poll(ms(0));
        q.push("illegal".into(), true, ms(10));
        q.poll(ms(10));
        assert_eq!(q.last(), Some("illegal"));
        q.finished(ms(100));
        assert!(q.repeat(ms(100)));
        assert_eq!(q.poll(ms(100)), vec![speak("illegal")]);
    }

    fn fixed(_: &str) -> Duration {
        ms(1000)
    }

    #[test]
    fn estimate_advances_without_reports() {
        let mut q = SpeechQueue::with_estimate(fixed);
        q.push("a".into(), false, ms(0));
        q.push("b".into(), false, ms(0));
        q.push("c".into(), true, ms(0));
        assert_eq!(q.poll(ms(0)), vec![speak("c")]);
        assert_eq!(q.speaking_until(), Some(ms(3000)), "c, then a and b");
        assert_eq!(q.poll(ms(999)), vec![]);
        assert!(q.speaking());
        assert_eq!(q.poll(ms(1000)), vec![speak("a")]);
        assert_eq!(q.speaking_until(), Some(ms(3000)));
        // A report before the estimate ends it earlier.
        q.finished(ms(1200));
        assert_eq!(q.silent_since(), Some(ms(1200)));
        assert_eq!(q.poll(ms(1300)), vec![speak("b")]);
        assert_eq!(q.speaking_until(), Some(ms(2300)));
        // Polled late: the utterance ended at its estimate, not at the poll.
        assert_eq!(q.poll(ms(5000)), vec![]);
        assert!(!q.speaking());
        assert_eq!(q.silent_since(), Some(ms(2300)));
        assert_eq!(q.speaking_until(), None);
    }

    #[test]
    fn default_estimate_grows_with_the_text() {
        assert_eq!(default_estimate(""), ms(300));
        assert_eq!(default_estimate("caballo f tres"), ms(14 * 70 + 300));
        assert_eq!(default_estimate("três"), ms(4 * 70 + 300), "characters, not bytes");
    }

    #[test]
    fn no_estimate_waits_for_the_report() {
        let mut q = SpeechQueue::new();
        q.push("a".into(), false, ms(0));
        q.push("b".into(), false, ms(0));
        q.poll(ms(0));
        assert_eq!(q.poll(ms(3_600_000)), vec![]);
        assert!(q.speaking());
        assert_eq!(q.speaking_until(), None);
    }

    #[test]
    fn time_never_goes_backwards() {
        let mut q = SpeechQueue::with_estimate(fixed);
        q.push("a".into(), false, ms(5000));
        assert_eq!(q.poll(ms(100)), vec![speak("a")]);
        assert_eq!(q.speaking_until(), Some(ms(6000)));
    }

    #[test]
    fn speaking_flag_transitions() {
        let mut q = SpeechQueue::with_estimate(fixed);
        assert!(!q.speaking());
        assert_eq!(q.silent_since(), Some(Duration::ZERO));
        q.push("a".into(), false, ms(0));
        assert!(!q.speaking(), "pushed, not started");
        q.poll(ms(0));
        assert!(q.speaking());
        assert_eq!(q.silent_since(), None);
        q.push("u".into(), true, ms(100));
        assert!(q.speaking());
        q.poll(ms(100)); // stop a, speak u
        assert!(q.speaking());
        q.finished(ms(300));
        assert!(!q.speaking());
        assert_eq!(q.silent_since(), Some(ms(300)));
        q.finished(ms(400)); // a stray report changes nothing
        assert_eq!(q.silent_since(), Some(ms(300)));
        q.push("b".into(), false, ms(500));
        q.poll(ms(500));
        assert!(q.speaking());
        q.push("c".into(), false, ms(600));
        // The estimate of b passes at 1500: pushing then ends it.
        q.push("d".into(), false, ms(1600));
        assert!(!q.speaking());
        assert_eq!(q.poll(ms(1600)), vec![speak("c")]);
        assert!(q.speaking());
    }

    #[test]
    fn settings_scale_onto_the_backend_range() {
        assert_eq!(scale_setting("rate", 0.5, -100.0, 100.0).unwrap(), 0.0);
        assert_eq!(scale_setting("rate", 0.0, -100.0, 100.0).unwrap(), -100.0);
        assert_eq!(scale_setting("volume", 1.0, -100.0, 100.0).unwrap(), 100.0);
        assert_eq!(scale_setting("pitch", 7.0, 0.0, 2.0).unwrap(), 2.0, "clamped");
        assert_eq!(scale_setting("pitch", -1.0, 0.5, 2.0).unwrap(), 0.5, "clamped");
        assert!(matches!(scale_setting("rate", f32::NAN, 0.0, 1.0), Err(SpeechError::BadSetting { what: "rate", .. })));
    }

    fn voices() -> Vec<(String, String)> {
        [
            ("English (America)", "en-US"),
            ("English (Great Britain)+Alex", "en-GB"),
            ("English (Great Britain)", "en-GB"),
            ("Spanish (Latin America)", "es-419"),
            ("Spanish (Spain)+Andrea", "es"),
            ("Spanish (Spain)", "es"),
            ("French (Belgium)", "fr-BE"),
            ("French (France)", "fr-FR"),
            ("Portuguese (Brazil)", "pt-BR"),
            ("Portuguese (Portugal)", "pt"),
            ("German", "de"),
            ("Estonian", "et"),
        ]
        .into_iter()
        .map(|(n, t)| (n.to_owned(), t.to_owned()))
        .collect()
    }

    #[test]
    fn voices_are_picked_by_language() {
        let v = voices();
        let name = |lang: &str| v[pick_voice(&v, lang, None).unwrap()].0.clone();
        assert_eq!(name("en"), "English (Great Britain)");
        assert_eq!(name("es"), "Spanish (Spain)");
        assert_eq!(name("fr"), "French (France)");
        assert_eq!(name("pt"), "Portuguese (Portugal)");
        assert_eq!(name("pt-BR"), "Portuguese (Brazil)");
        assert_eq!(name("de"), "German");
        assert!(matches!(pick_voice(&v, "nl", None), Err(SpeechError::NoVoice(l)) if l == "nl"));
        assert!(matches!(pick_voice(&v, "e", None), Err(SpeechError::NoVoice(_))), "a prefix of `es` or `et` is no match");
        let only_brazil = vec![("Portuguese (Brazil)".to_owned(), "pt-BR".to_owned())];
        assert_eq!(pick_voice(&only_brazil, "pt", None).unwrap(), 0, "same primary language");
        assert_eq!(v[pick_voice(&v, "es", Some("spanish (spain)+andrea")).unwrap()].0, "Spanish (Spain)+Andrea");
        assert!(matches!(pick_voice(&v, "es", Some("Nobody")), Err(SpeechError::VoiceNotFound(_))));
    }

    #[test]
    fn choices_parse_and_print() {
        assert_eq!("tts".parse::<SpeechChoice>().unwrap(), SpeechChoice::Tts);
        assert_eq!("text".parse::<SpeechChoice>().unwrap(), SpeechChoice::Text);
        assert_eq!("wav:/tmp/out".parse::<SpeechChoice>().unwrap(), SpeechChoice::Wav("/tmp/out".into()));
        for bad in ["", "wav:", "wav", "speech", "TTS:x"] {
            assert!(matches!(bad.parse::<SpeechChoice>(), Err(SpeechError::BadChoice(_))), "{bad:?}");
        }
        for s in ["tts", "text", "wav:out/dir"] {
            assert_eq!(s.parse::<SpeechChoice>().unwrap().to_string(), s);
        }
    }

    #[test]
    fn espeak_voices_for_every_pack() {
        for (lang, voice) in [("es", "es"), ("pt", "pt"), ("en", "en-gb"), ("de", "de"), ("fr", "fr"), ("it", "it"), ("nl", "nl")] {
            assert_eq!(espeak_voice(lang), Some(voice));
        }
        assert_eq!(espeak_voice("figurine"), None);
    }

    /// A voice that records what it is asked and says it is speaking until
    /// told otherwise.
    #[derive(Default)]
    struct Fake {
        log: Vec<String>,
        speaking: bool,
        refuse: bool,
    }

    impl Voice for Fake {
        fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
            if self.refuse {
                return Err(SpeechError::Crashed);
            }
            self.log.push(format!("speak {text}"));
            self.speaking = true;
            Ok(())
        }
        fn stop(&mut self) -> Result<(), SpeechError> {
            self.log.push("stop".into());
            self.speaking = false;
            Ok(())
        }
        fn is_speaking(&mut self) -> Option<bool> {
            Some(self.speaking)
        }
        fn describe(&self) -> String {
            "fake".into()
        }
    }

    #[test]
    fn drive_follows_the_voice() {
        let mut q = SpeechQueue::new();
        let mut v = Fake::default();
        q.push("a".into(), false, ms(0));
        q.push("b".into(), false, ms(0));
        drive(&mut q, &mut v, ms(0)).unwrap();
        drive(&mut q, &mut v, ms(200)).unwrap();
        assert_eq!(v.log, ["speak a"]);
        v.speaking = false; // the engine finished a
        drive(&mut q, &mut v, ms(400)).unwrap();
        assert_eq!(v.log, ["speak a", "speak b"]);
        q.push("u".into(), true, ms(500));
        drive(&mut q, &mut v, ms(500)).unwrap();
        assert_eq!(v.log, ["speak a", "speak b", "stop", "speak u"]);
        // A refused utterance counts as ended and the error is returned.
        v.speaking = false;
        v.refuse = true;
        q.push("c".into(), false, ms(600));
        assert!(drive(&mut q, &mut v, ms(600)).is_err());
        assert!(!q.speaking());
        v.refuse = false;
        q.push("d".into(), false, ms(700));
        drive(&mut q, &mut v, ms(700)).unwrap();
        assert_eq!(v.log.last().map(String::as_str), Some("speak d"));
    }

    #[test]
    fn text_voice_never_speaks() {
        let (mut voice, notice) = open_voice(&SpeechChoice::Text, "es", &VoiceSettings::default());
        assert_eq!(notice, None);
        assert_eq!(voice.describe(), "text");
        voice.speak("caballo f tres").unwrap();
        assert_eq!(voice.is_speaking(), Some(false));
        voice.stop().unwrap();
    }

    #[test]
    #[cfg(not(feature = "tts"))]
    fn without_the_feature_the_text_voice_speaks_and_says_why() {
        let (voice, notice) = open_voice(&SpeechChoice::Tts, "es", &VoiceSettings::default());
        assert_eq!(voice.describe(), "text");
        let notice = notice.expect("the reason is given");
        assert!(notice.contains("speech-dispatcher"), "{notice}");
    }

    #[test]
    #[cfg(feature = "tts")]
    fn tracking_ignores_stale_reports() {
        let mut t = Tracking { tracked: true, ..Tracking::default() };
        t.current = Some("2".into());
        t.ended("1".into());
        assert!(t.speaking());
        t.ended("2".into());
        assert!(!t.speaking());
        // The end reported before `speak` returned its id.
        t.ended("3".into());
        t.current = Some("3".into());
        assert!(!t.speaking());
        for i in 0..100 {
            t.ended(i.to_string());
        }
        assert!(t.ended.len() <= 32);
    }

    #[derive(Clone, Debug)]
    enum Op {
        Push(bool),
        Repeat,
        Poll,
        Finished,
        Wait(u64),
    }

    fn op() -> impl proptest::strategy::Strategy<Value = Op> {
        use proptest::prelude::*;
        prop_oneof![
            3 => any::<bool>().prop_map(Op::Push),
            1 => Just(Op::Repeat),
            3 => Just(Op::Poll),
            2 => Just(Op::Finished),
            1 => (0u64..3000).prop_map(Op::Wait),
        ]
    }

    /// One message as the test sees it: its text, whether it was pushed
    /// urgent, and whether it has been started.
    struct Pushed {
        text: String,
        urgent: bool,
        started: bool,
    }

    fn with_estimate(text: &str) -> Duration {
        ms(500 + 10 * text.len() as u64)
    }

    proptest::proptest! {
        /// For any sequence of pushes, repeats, polls, reports and waits,
        /// then polls and reports until the queue is empty: every pushed
        /// message is started exactly once (the interrupted ones included,
        /// never again), each line in the order pushed; a routine message is
        /// never started while an urgent one waits; a stop only cuts a
        /// routine utterance, and only for an urgent message; after a poll no
        /// urgent message waits behind a routine utterance.
        #[test]
        fn every_message_once_and_urgent_first(
            ops in proptest::collection::vec(op(), 0..80),
            estimate in proptest::bool::ANY,
        ) {
            use proptest::prop_assert;
            let mut q = if estimate { SpeechQueue::with_estimate(with_estimate) } else { SpeechQueue::new() };
            let mut now = Duration::ZERO;
            let mut pushed: Vec<Pushed> = Vec::new();
            // The test's view of the utterance being spoken: index into
            // `pushed` and when it started.
            let mut current: Option<(usize, Duration)> = None;
            let mut n = 0;
            let ops = ops.into_iter().chain(std::iter::repeat_n(Op::Poll, 1));
            let check_poll = |q: &mut SpeechQueue, now: Duration, pushed: &mut Vec<Pushed>, current: &mut Option<(usize, Duration)>| -> Result<(), proptest::test_runner::TestCaseError> {
                if estimate && current.is_some_and(|(i, start)| start + with_estimate(&pushed[i].text) <= now) {
                    *current = None;
                }
                let actions = q.poll(now);
                for (k, a) in actions.iter().enumerate() {
                    match a {
                        Action::Stop => {
                            let cur = current.take();
                            prop_assert!(cur.is_some_and(|(i, _)| !pushed[i].urgent), "a stop cuts a routine utterance");
                            prop_assert!(pushed.iter().any(|p| p.urgent && !p.started), "for an urgent message");
                            prop_assert!(matches!(actions.get(k + 1), Some(Action::Speak(_))), "which starts at once");
                        }
                        Action::Speak(text) => {
                            prop_assert!(current.is_none(), "nothing is cut without a stop");
                            let i = pushed.iter().position(|p| !p.started && &p.text == text);
                            prop_assert!(i.is_some(), "spoken once per push: {}", text);
                            let i = i.unwrap();
                            let urgent_waiting = pushed.iter().any(|p| p.urgent && !p.started);
                            prop_assert!(pushed[i].urgent || !urgent_waiting, "no routine message before an urgent one");
                            let line_order = pushed[..i].iter().all(|p| p.urgent != pushed[i].urgent || p.started);
                            prop_assert!(line_order, "each line in order");
                            pushed[i].started = true;
                            *current = Some((i, now));
                        }
                    }
                }
                prop_assert!(actions.iter().filter(|a| **a == Action::Stop).count() <= 1);
                prop_assert!(q.speaking() == current.is_some());
                if pushed.iter().any(|p| p.urgent && !p.started) {
                    prop_assert!(current.is_some_and(|(i, _)| pushed[i].urgent), "no urgent message waits behind a routine one");
                }
                Ok(())
            };
            for op in ops {
                match op {
                    Op::Push(urgent) => {
                        let text = format!("{}{n}", if urgent { 'U' } else { 'R' });
                        n += 1;
                        q.push(text.clone(), urgent, now);
                        pushed.push(Pushed { text, urgent, started: false });
                    }
                    Op::Repeat => {
                        let last = q.last().map(str::to_owned);
                        prop_assert!(q.repeat(now) == last.is_some());
                        if let Some(text) = last {
                            pushed.push(Pushed { text, urgent: false, started: false });
                        }
                    }
                    Op::Poll => check_poll(&mut q, now, &mut pushed, &mut current)?,
                    Op::Finished => {
                        q.finished(now);
                        current = None;
                        prop_assert!(!q.speaking());
                    }
                    Op::Wait(t) => now += ms(t),
                }
            }
            // Drain: report every utterance's end until nothing waits.
            for _ in 0..=pushed.len() {
                q.finished(now);
                current = None;
                check_poll(&mut q, now, &mut pushed, &mut current)?;
            }
            prop_assert!(q.waiting() == 0);
            prop_assert!(pushed.iter().all(|p| p.started), "every message was started");
        }
    }
}

#[cfg(test)]
mod thread_tests {
    use super::*;

    /// A voice whose synthesis blocks until the test lets it go, and that
    /// says when it has begun. With `audible`, its sound then plays until
    /// the test ends it (as speech-dispatcher's does); without, it only
    /// makes a file (as the WAV voice does) and is never heard.
    struct Slow {
        began: mpsc::Sender<String>,
        release: Mutex<mpsc::Receiver<Result<(), SpeechError>>>,
        audible: Option<Arc<Mutex<bool>>>,
    }

    impl Voice for Slow {
        fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
            let _ = self.began.send(text.to_owned());
            let result = self.release.lock().unwrap().recv().unwrap_or(Ok(()));
            if let Some(playing) = &self.audible
                && result.is_ok()
            {
                *playing.lock().unwrap() = true;
            }
            result
        }
        fn is_speaking(&mut self) -> Option<bool> {
            Some(self.audible.as_ref().is_some_and(|p| *p.lock().unwrap()))
        }
        fn describe(&self) -> String {
            "slow".into()
        }
    }

    struct Harness {
        voice: VoiceThread,
        began: mpsc::Receiver<String>,
        release: mpsc::Sender<Result<(), SpeechError>>,
        news: mpsc::Receiver<VoiceNews>,
    }

    fn harness(audible: Option<Arc<Mutex<bool>>>) -> Harness {
        let (began_tx, began) = mpsc::channel();
        let (release, release_rx) = mpsc::channel();
        let (news_tx, news) = mpsc::channel();
        let slow = Slow { began: began_tx, release: Mutex::new(release_rx), audible };
        let voice = VoiceThread::start(Box::new(slow), move |n| {
            let _ = news_tx.send(n);
        });
        Harness { voice, began, release, news }
    }

    #[test]
    fn a_voice_on_its_thread_never_holds_up_the_queue_and_reports_its_errors() {
        let Harness { mut voice, began, release, news } = harness(None);
        assert_eq!(voice.describe(), "slow");
        let mut queue = SpeechQueue::new();
        queue.push("e4".into(), false, Duration::ZERO);
        queue.push("e5".into(), false, Duration::ZERO);
        // The first sentence is handed over; driving returns while it is
        // still being made.
        drive(&mut queue, &mut voice, Duration::ZERO).unwrap();
        assert_eq!(began.recv().unwrap(), "e4");
        assert!(queue.speaking());
        drive(&mut queue, &mut voice, Duration::from_millis(10)).unwrap();
        assert_eq!(queue.waiting(), 1, "the second waits for the first");
        // It fails: the error comes back, and the queue goes on.
        release.send(Err(SpeechError::Crashed)).unwrap();
        assert!(matches!(news.recv().unwrap(), VoiceNews::Failed(SpeechError::Crashed)));
        drive(&mut queue, &mut voice, Duration::from_millis(20)).unwrap();
        assert_eq!(began.recv().unwrap(), "e5");
        release.send(Ok(())).unwrap();
        assert!(matches!(news.recv().unwrap(), VoiceNews::Changed));
        drop(voice);
        assert!(news.try_recv().is_err());
    }

    #[test]
    fn a_voice_that_makes_files_is_never_heard_while_it_works() {
        let Harness { mut voice, began, release, news } = harness(None);
        let mut queue = SpeechQueue::new();
        for text in ["one", "two", "three"] {
            queue.push(text.into(), false, Duration::ZERO);
        }
        let mut made = Vec::new();
        for _ in 0..3 {
            drive(&mut queue, &mut voice, Duration::ZERO).unwrap();
            made.push(began.recv().unwrap());
            // Being made: the queue waits for it, and nothing is heard.
            assert_eq!(voice.is_speaking(), Some(true));
            assert_eq!(voice.sounding(), Some(false));
            release.send(Ok(())).unwrap();
            assert!(matches!(news.recv().unwrap(), VoiceNews::Changed));
            assert_eq!(voice.is_speaking(), Some(false));
        }
        assert_eq!(made, ["one", "two", "three"], "in the order pushed");
        drive(&mut queue, &mut voice, Duration::ZERO).unwrap();
        assert!(!queue.speaking());
    }

    #[test]
    fn a_voice_that_plays_is_heard_from_its_start_to_its_end() {
        let playing = Arc::new(Mutex::new(false));
        let Harness { mut voice, began, release, news } = harness(Some(Arc::clone(&playing)));
        let mut queue = SpeechQueue::new();
        queue.push("check".into(), false, Duration::ZERO);
        drive(&mut queue, &mut voice, Duration::ZERO).unwrap();
        assert_eq!(began.recv().unwrap(), "check");
        assert_eq!(voice.sounding(), Some(false), "handed over, not playing yet");
        release.send(Ok(())).unwrap();
        assert!(matches!(news.recv().unwrap(), VoiceNews::Changed));
        assert_eq!(voice.sounding(), Some(true), "playing");
        drive(&mut queue, &mut voice, Duration::ZERO).unwrap();
        assert!(queue.speaking(), "the queue waits for its end");
        // The sound ends: the thread notices and says so.
        *playing.lock().unwrap() = false;
        assert!(matches!(news.recv().unwrap(), VoiceNews::Changed));
        assert_eq!(voice.sounding(), Some(false));
        drive(&mut queue, &mut voice, Duration::ZERO).unwrap();
        assert!(!queue.speaking());
    }
}
