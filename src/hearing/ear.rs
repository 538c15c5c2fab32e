//! Hearing for the daemon: the pipeline from samples
//! through the endpointer and a recogniser to a decision.
//!
//! `hear_samples` is the one path every input takes (a file, standard
//! input, the microphone): samples are cut into utterances by
//! `audio::Endpointer`, each utterance is fed to the recogniser while it
//! lasts, and at its end the alternatives are turned into a `Decision` by
//! `Understander`. The time from the end of an utterance to the decision is
//! measured and returned.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use shakmaty::Chess;

use crate::hearing::audio::{EndpointConfig, Endpointer, Vad};
use crate::hearing::recognizer::{HearError, Recognizer, SAMPLE_RATE};
use crate::game::event::Moment;
use crate::hearing::confidence::{self, Features};
use crate::hearing::understand::{Decision, Understander};

/// Where spoken moves come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListenChoice {
    /// Nothing is heard; moves are typed.
    None,
    /// The microphone when one works; otherwise that is said once and
    /// moves are typed.
    Auto,
    /// The microphone: the system's default input, or the input of this
    /// name (`mic:NAME`: exactly, else the only one whose name contains
    /// it). One that cannot be opened is an error said.
    Mic(Option<String>),
    /// A recording, played as if said live (for trials and tests).
    Wav(PathBuf),
    /// Raw 16 kHz mono 16-bit little-endian PCM from a file or a named
    /// pipe, heard as it arrives (another program's capture, or a test
    /// speaking when it is its turn).
    Pcm(PathBuf),
}

impl std::str::FromStr for ListenChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "none" => Ok(ListenChoice::None),
            "auto" => Ok(ListenChoice::Auto),
            "mic" => Ok(ListenChoice::Mic(None)),
            _ => match (s.strip_prefix("wav:"), s.strip_prefix("pcm:"), s.strip_prefix("mic:")) {
                (Some(f), _, _) if !f.is_empty() => Ok(ListenChoice::Wav(PathBuf::from(f))),
                (_, Some(f), _) if !f.is_empty() => Ok(ListenChoice::Pcm(PathBuf::from(f))),
                (_, _, Some(name)) if !name.trim().is_empty() => Ok(ListenChoice::Mic(Some(name.trim().to_owned()))),
                _ => Err(format!("unknown input {s:?} (auto, mic, mic:NAME, wav:FILE, pcm:FILE or none)")),
            },
        }
    }
}


/// One utterance found and decided.
#[derive(Clone, Debug)]
pub struct Utterance {
    /// Where it starts in the input (ms).
    pub start_ms: u64,
    /// Where it ends in the input (ms).
    pub end_ms: u64,
    /// the recogniser's alternatives, best first
    pub heard: Vec<Vec<String>>,
    /// What was made of what was heard: a move, a command, a question or a rejection.
    pub decision: Decision,
    /// What the confidence was computed from (`crate::hearing::confidence`),
    /// when the recogniser measured it; the decision accepts a move only
    /// when the rule is sure of it.
    pub features: Option<Features>,
    /// from the end of the utterance to the decision
    pub latency: Duration,
    /// recogniser time spent on this utterance, feeding included
    pub compute: Duration,
    /// How far it stood out of the noise floor (dB,
    /// `Endpointer::stand_out_db`).
    pub stand_out_db: f32,
}


fn ms(samples: u64) -> u64 {
    samples * 1000 / u64::from(SAMPLE_RATE)
}

/// Decodes every utterance of `pcm` (16 kHz mono) in position `pos`,
/// restricting the recogniser to the position's moves. A move is accepted
/// only when the confidence is sure of it (`confidence::rule`); otherwise it
/// is asked. The free grammar (`Understander::open_grammar`) the confidence
/// needs is decoded beside them when the rule in use can be sure, or when
/// the caller set it on `rec` to measure the evidence.
pub fn hear_samples(
    rec: &mut dyn Recognizer,
    understander: &Understander,
    pos: &Chess,
    pcm: &[i16],
    cfg: &EndpointConfig,
) -> Result<Vec<Utterance>, HearError> {
    rec.set_grammar(&understander.grammar(pos))?;
    // The free reading, when the rule in use asks it to agree.
    if confidence::rule(rec.measure()).needs_free_reading() {
        let _ = rec.set_free_grammar(&understander.open_grammar());
    }
    let mut ep = Endpointer::new(cfg.clone());
    let mut out = Vec::new();
    let mut start = 0;
    let mut compute = Duration::ZERO;
    let mut events = Vec::new();
    let mut guess = Guess::default();
    for piece in pcm.chunks(FRAME_PIECE) {
        events.extend(ep.push(piece));
        handle(rec, understander, pos, &mut events, &mut start, &mut compute, &mut guess, ep.stand_out_db(), &mut out)?;
    }
    events.extend(ep.flush());
    handle(rec, understander, pos, &mut events, &mut start, &mut compute, &mut guess, ep.stand_out_db(), &mut out)?;
    Ok(out)
}

/// A reading guessed at a pause (`Vad::Pause`, `Recognizer::guess`): the
/// audio held back from the recogniser since, and how long guessing took.
#[derive(Default)]
struct Guess {
    held: Option<Vec<i16>>,
    took: Duration,
}

/// Audio is handed to the endpointer in pieces of this many samples (20 ms),
/// as a sound card would.
const FRAME_PIECE: usize = 320;

fn handle(
    rec: &mut dyn Recognizer,
    understander: &Understander,
    pos: &Chess,
    events: &mut Vec<Vad>,
    start: &mut u64,
    compute: &mut Duration,
    guess: &mut Guess,
    stand_out_db: f32,
    out: &mut Vec<Utterance>,
) -> Result<(), HearError> {
    for ev in events.drain(..) {
        match ev {
            Vad::Start { at } => {
                *start = at;
                *compute = Duration::ZERO;
                *guess = Guess::default();
                let t = Instant::now();
                rec.start()?;
                *compute += t.elapsed();
            }
            Vad::Audio(a) => {
                if let Some(held) = &mut guess.held {
                    held.extend_from_slice(&a);
                    continue;
                }
                let t = Instant::now();
                rec.feed(&a)?;
                *compute += t.elapsed();
            }
            Vad::Pause if guess.held.is_none() => {
                let t = Instant::now();
                let guessed = rec.guess()?;
                guess.took = t.elapsed();
                *compute += guess.took;
                guess.held = guessed.then(Vec::new);
            }
            Vad::Pause => {}
            Vad::Resume => {
                if let Some(held) = guess.held.take() {
                    let t = Instant::now();
                    rec.feed(&held)?;
                    *compute += t.elapsed();
                }
            }
            Vad::End { at } => {
                // With a guess, the decoding ran while the pause went on:
                // as the daemon's ear does it on its own thread, the end
                // waits only for what of it outlasted the held audio.
                let waited = match guess.held.take() {
                    Some(held) => guess.took.saturating_sub(Duration::from_millis(ms(held.len() as u64))),
                    None => Duration::ZERO,
                };
                let t = Instant::now();
                let heard = rec.finish()?;
                let features = rec.evidence().map(|ev| confidence::features(understander, pos, &heard, &ev, stand_out_db));
                let decision = match features.as_ref().and_then(Features::sure) {
                    Some(m) => crate::hearing::understand::Decision::Accept(m),
                    None => understander.understand_unsure(pos, &heard),
                };
                let decided = t.elapsed();
                *compute += decided;
                let latency = waited + decided;
                out.push(Utterance {
                    start_ms: ms(*start),
                    end_ms: ms(at),
                    heard,
                    decision,
                    features,
                    latency,
                    compute: *compute,
                    stand_out_db,
                });
            }
        }
    }
    Ok(())
}

/// Which recogniser to open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineChoice {
    /// vosk when a model for the language is installed, else pocketsphinx
    /// for English.
    Auto,
    /// vosk only.
    Vosk,
    /// pocketsphinx only.
    Pocketsphinx,
    /// Moonshine only (English).
    Moonshine,
}

impl std::str::FromStr for EngineChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(EngineChoice::Auto),
            "vosk" => Ok(EngineChoice::Vosk),
            "pocketsphinx" => Ok(EngineChoice::Pocketsphinx),
            "moonshine" => Ok(EngineChoice::Moonshine),
            other => Err(format!("unknown recogniser {other:?} (auto, vosk, pocketsphinx or moonshine)")),
        }
    }
}

/// Opens the recogniser for pack `lang`: `model` is a model folder given
/// by hand, `models_dirs` where installed vosk models and pocketsphinx's
/// adaptations are looked for, `rate` the sample rate the sound is
/// recorded at (pocketsphinx hears 8 kHz with the telephone-band model:
/// `adapt::for_listening`), `talk` how the player is heard.
pub(crate) fn open_recognizer(
    choice: EngineChoice,
    lang: &str,
    model: Option<&Path>,
    models_dirs: &[std::path::PathBuf],
    rate: u32,
    talk: Talk,
) -> Result<Box<dyn Recognizer + Send>, HearError> {
    let sphinx = || -> Result<Box<dyn Recognizer + Send>, HearError> {
        if lang != "en" {
            return Err(HearError::Unavailable {
                engine: "pocketsphinx",
                reason: crate::i18n::Said::new("why-hear-english-only").data("lang", lang.to_owned()),
            });
        }
        Ok(Box::new(match model {
            Some(m) => crate::hearing::sphinx::Sphinx::open(m)?,
            // The telephone-band model at 8 kHz, the player's voice
            // adaptation, or with push to talk the hall model, all made for
            // the default model.
            None => {
                let adapted = crate::hearing::adapt::for_listening(rate, models_dirs, talk == Talk::Push);
                if phone_model_missing(rate, crate::hearing::sphinx::ENGINE, false, models_dirs) {
                    // For whoever sets the machine up; hearing goes on with
                    // the model as installed.
                    eprintln!(
                        "tiflo: the sound comes at {rate} Hz (a headset in call mode?) and no telephone-band model ({}) is installed: run scripts/phone-model.sh",
                        crate::hearing::adapt::PHONE_FOLDER
                    );
                }
                crate::hearing::sphinx::Sphinx::open_adapted(Path::new(crate::hearing::sphinx::DEFAULT_MODEL), adapted.as_deref())?
            }
        }))
    };
    let vosk = || -> Result<Box<dyn Recognizer + Send>, HearError> {
        let dir = match model {
            Some(m) => m.to_owned(),
            None => crate::hearing::models::find_in(lang, models_dirs)
                .map_err(HearError::NoModel)?
                .path,
        };
        Ok(Box::new(crate::hearing::vosk::VoskRecognizer::open(&dir)?))
    };
    let moonshine = || -> Result<Box<dyn Recognizer + Send>, HearError> {
        let engine = crate::hearing::moonshine::ENGINE;
        if lang != "en" {
            return Err(HearError::Unavailable {
                engine,
                reason: crate::i18n::Said::new("why-hear-english-only").data("lang", lang.to_owned()),
            });
        }
        let dir = crate::hearing::moonshine::folder(model, models_dirs);
        Ok(Box::new(crate::hearing::moonshine::Moonshine::open(&dir)?))
    };
    match choice {
        EngineChoice::Moonshine => moonshine(),
        EngineChoice::Vosk => vosk(),
        EngineChoice::Pocketsphinx => sphinx(),
        EngineChoice::Auto => vosk().or_else(|v| sphinx().map_err(|_| v)),
    }
}

/// Whether sound recorded at `rate` Hz will be heard by `engine` without
/// the telephone-band model it needs: pocketsphinx with no model given by
/// hand, sound at 8 kHz or less, and no such model in `models_dirs`.
pub(crate) fn phone_model_missing(rate: u32, engine: &str, model_given: bool, models_dirs: &[std::path::PathBuf]) -> bool {
    engine == crate::hearing::sphinx::ENGINE
        && !model_given
        && crate::hearing::audio::narrowband(rate)
        && crate::hearing::adapt::find_phone(models_dirs).is_none()
}

/// The longest utterance (ms, as the endpointer cuts it: its lead-in, the
/// speech and its closing silence) an answer (yes, no, the number of a
/// choice) or a phrase that pauses or resumes listening is taken from
/// while hearing always. The hall's talk forced into such a word by the
/// small grammar of a question comes in long stretches (1.8 to 8 s in
/// the training babble); the training voices' answers were cut 0.9 to
/// 1.2 s long (`hearing_bench --answers`, docs/benchmarks.md).
pub const ANSWER_MAX_MS: u64 = 2_000;

/// How many utterances dropped as talk (cut at the endpointer's longest,
/// or an answer too long) within `TALK_WINDOW_MS` make the listener stop
/// taking answers said aloud, until `QUIET_AFTER_MS` pass with none. The
/// training babble gave 3 to 5 such utterances a minute; the training
/// voices' answers, clean or in babble, none (`hearing_bench --answers`).
pub const TALK_DROPS: usize = 3;
/// See `TALK_DROPS`.
pub const TALK_WINDOW_MS: u64 = 60_000;
/// See `TALK_DROPS`.
pub const QUIET_AFTER_MS: u64 = 120_000;
/// The longest utterance (ms, as the endpointer cuts it) anything is taken
/// from while hearing always amid much talk (`TALK_DROPS`): the hall's talk
/// was read as moves in utterances of 3.8 to 6.4 s in five minutes of the
/// training babble; the training voices' moves, offered first, were cut
/// 3.6 s long at most clean and in pink noise, and 5 of 56 in babble at
/// 20 dB were longer than this (`hearing_bench --lengths`,
/// docs/benchmarks.md).
pub const AMID_TALK_MAX_MS: u64 = 3_500;
/// An utterance that begins this soon (ms) after one cut at the
/// endpointer's longest is the same sound going on, and dropped with it.
pub const CONTINUED_MS: u64 = 500;
/// A talk key let go within this long (ms) with no speech found while it
/// was down is a tap: it opens the gate for the next utterance. Held
/// longer with no speech found (a move said under a hall's noise, or
/// nothing said), the player is told nothing was heard.
pub const TAP_MAX_MS: u64 = 600;

/// What is said of sound heard as no words: an empty reading, no move.
fn no_words() -> crate::game::event::Event {
    crate::game::event::Event::Heard { heard: String::new(), moves: Vec::new(), sure: false }
}

fn ms_samples(ms: u64) -> u64 {
    ms * u64::from(SAMPLE_RATE) / 1000
}

/// When the player is heard: always (the endpointer finds each utterance),
/// or only while a talk key is held (push to talk).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Talk {
    /// Always heard: the endpointer finds each utterance.
    #[default]
    Always,
    /// Heard only while the talk key is held, or for one utterance when asked.
    Push,
}

impl std::str::FromStr for Talk {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "always" => Ok(Talk::Always),
            "push" => Ok(Talk::Push),
            _ => Err(format!("`{s}` is not a way of talking: always or push")),
        }
    }
}

/// The push-to-talk gate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Gate {
    /// Audio is dropped.
    Closed,
    /// The talk key is held: everything said until it is released is one
    /// utterance, pauses included.
    Held,
    /// Open for one utterance, ended by the endpointer (`listen_once`).
    Once,
}

/// Live listening: samples in, session events out. The endpointer is muted
/// while tiflo speaks; at the start of each utterance the recogniser gets
/// the grammar of that moment (the position's moves and the commands, or
/// the answers to a question).
///
/// Listening can be paused by voice ("stop listening"): the `Ear` then
/// keeps listening for the resume phrase only (`Hearing::grammar_paused`)
/// and acts on nothing else; both changes come out as
/// `Event::Listening`, which the session says. [`Ear::paused`] tells the
/// daemon, which needs to do nothing about it.
///
/// With [`Talk::Push`] audio is heard only while the talk key is held
/// ([`Ear::talk`]) or for one utterance after [`Ear::listen_once`]; audio
/// outside is dropped, and opening the gate starts the endpointer afresh
/// (its noise floor kept), so no half utterance from before leaks in. A held
/// key makes one utterance of everything said while it is down; releasing
/// it decides at once, without waiting for the endpointer's silence. A key
/// let go within `TAP_MAX_MS` before any speech began (a tap) opens the
/// gate for the next utterance, as [`Ear::listen_once`] does; held longer
/// with no speech found in it, it is answered as speech heard as nothing,
/// never left in silence. A key held longer than the
/// endpointer's longest utterance (`max_ms` of audio since the press) is
/// taken as let go there: what was said is decided and the gate closes
/// until the key is pressed again, so a stuck key never leaves the
/// microphone open.
pub struct Ear {
    endpointer: Endpointer,
    rec: Box<dyn Recognizer + Send>,
    hearing: crate::hearing::grammar::Hearing,
    /// an utterance is being fed to the recogniser
    open: bool,
    paused: bool,
    talk: Talk,
    gate: Gate,
    /// samples heard since the talk key went down, and the most it may
    /// be held for
    held_for: usize,
    /// of those, the ones heard while tiflo was not speaking
    held_unmuted: usize,
    max_samples: usize,
    /// speech began while the talk key was down
    spoke: bool,
    /// the sound comes at 8 kHz or less and no telephone-band model was
    /// found, so it is heard with the model as installed
    narrowband_plain: bool,
    /// answers and listening phrases heard always are taken only from
    /// short utterances (`ANSWER_MAX_MS`), and nothing from an utterance
    /// the endpointer cut at its longest
    check: bool,
    /// how many such readings the check dropped
    dropped: usize,
    /// samples of the open (or last) utterance fed to the recogniser
    fed: usize,
    /// samples heard since the ear was made
    heard: u64,
    /// when (in samples heard) the check dropped an utterance, within the
    /// last `TALK_WINDOW_MS`
    drops: std::collections::VecDeque<u64>,
    /// so much talk was dropped that answers said aloud are not taken
    talk_around: bool,
    /// when (in samples heard) an utterance cut at the endpointer's longest
    /// was dropped, and whether the open utterance began right after it
    cut_at: Option<u64>,
    continues_cut: bool,
    /// audio of the open utterance held back from the recogniser since it
    /// guessed at a pause (`Vad::Pause`)
    held: Option<Vec<i16>>,
}

impl Ear {
    /// Listens with the recogniser `rec` and the endpointer set up by `cfg`,
    /// hearing what `hearing` allows.
    pub fn new(mut rec: Box<dyn Recognizer + Send>, hearing: crate::hearing::grammar::Hearing, cfg: EndpointConfig) -> Ear {
        // Decoded beside every grammar, so that the confidence can tell a
        // reading the position's grammar forced. Only when the rule in use
        // for the recogniser's scores asks the free reading to agree: the
        // second decoding would double the ear's work for nothing.
        if confidence::rule(rec.measure()).needs_free_reading() {
            let _ = rec.set_free_grammar(&hearing.understander().open_grammar());
        }
        let max_samples = cfg.max_ms as usize * SAMPLE_RATE as usize / 1000;
        Ear {
            endpointer: Endpointer::new(cfg),
            rec,
            hearing,
            open: false,
            paused: false,
            talk: Talk::Always,
            gate: Gate::Closed,
            held_for: 0,
            held_unmuted: 0,
            max_samples,
            spoke: false,
            narrowband_plain: false,
            check: true,
            dropped: 0,
            fed: 0,
            heard: 0,
            drops: std::collections::VecDeque::new(),
            talk_around: false,
            cut_at: None,
            continues_cut: false,
            held: None,
        }
    }

    /// Whether answers and listening phrases heard always are taken only
    /// from short utterances (`ANSWER_MAX_MS`) and nothing from an
    /// utterance cut at the endpointer's longest (on unless turned off,
    /// which only a measurement of the check does).
    pub fn set_checked(&mut self, on: bool) {
        self.check = on;
    }

    /// How many utterances the check has dropped as the hall's talk.
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// How long the last utterance decided was (ms, as the endpointer cut
    /// it), for measurements.
    pub fn last_utterance_ms(&self) -> u64 {
        self.fed as u64 * 1000 / u64::from(SAMPLE_RATE)
    }


    /// The recogniser's name.
    pub fn engine(&self) -> &'static str {
        self.rec.engine()
    }

    /// Whether the recogniser was adapted to the player's voice.
    pub fn adapted(&self) -> bool {
        self.rec.adapted()
    }

    /// Whether sound at 8 kHz or less is heard with pocketsphinx's model
    /// as installed, no telephone-band model having been found
    /// ([`phone_model_missing`]).
    pub fn narrowband_plain(&self) -> bool {
        self.narrowband_plain
    }

    /// Marks the ear as hearing narrowband sound with the model as
    /// installed (said once when listening starts).
    pub(crate) fn set_narrowband_plain(&mut self, plain: bool) {
        self.narrowband_plain = plain;
    }

    /// Whether listening was paused by voice; only the resume phrase is
    /// heard then.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// How the player is heard.
    pub(crate) fn talk_mode(&self) -> Talk {
        self.talk
    }

    /// Hears always, or only while the talk key is held. An utterance in
    /// progress is abandoned.
    pub fn set_talk_mode(&mut self, talk: Talk) {
        self.talk = talk;
        self.gate = Gate::Closed;
        self.abandon();
    }

    /// Whether audio is heard now.
    pub fn listening(&self) -> bool {
        self.talk == Talk::Always || self.gate != Gate::Closed
    }

    /// The talk key went down (`held`) or up. Down: what is said from now
    /// is heard. Up: the utterance ends and is decided at once; its events
    /// are returned. Let go within `TAP_MAX_MS` (of time tiflo was not
    /// speaking) before any speech began, the next utterance is heard (a
    /// tap); held longer with nothing decided, it is answered as speech
    /// heard as no words. Nothing happens when hearing always, or on a
    /// release after the key was held too long.
    pub fn talk(
        &mut self,
        held: bool,
        moment: &Moment,
    ) -> Result<Vec<crate::game::event::Event>, HearError> {
        let mut out = Vec::new();
        if self.talk != Talk::Push {
            return Ok(out);
        }
        if held {
            if self.gate != Gate::Held {
                self.abandon();
                self.gate = Gate::Held;
                self.held_for = 0;
                self.held_unmuted = 0;
                self.spoke = false;
            }
            return Ok(out);
        }
        if self.gate != Gate::Held {
            return Ok(out);
        }
        let decided = self.end_held(moment, &mut out)?;
        let tap = !self.spoke && (self.held_unmuted as u64) < ms_samples(TAP_MAX_MS);
        if !decided && !tap {
            // Held to talk, but nothing the endpointer took for speech (or
            // what it took was cut by tiflo's own speech): said, as an
            // utterance heard as no words is.
            out.push(no_words());
        }
        self.gate = Gate::Closed;
        self.abandon();
        if tap {
            self.gate = Gate::Once;
        }
        Ok(out)
    }

    /// The talk key was pressed with another key (a chord, not talking):
    /// what was heard since it went down is dropped and the gate closes.
    pub fn talk_cancelled(&mut self) {
        if self.gate == Gate::Held {
            self.gate = Gate::Closed;
            self.abandon();
        }
    }

    /// Opens the push-to-talk gate for one utterance (a keyboard Enter): it
    /// closes when the endpointer ends that utterance. Nothing happens when
    /// hearing always or while the talk key is held.
    pub fn listen_once(&mut self) {
        if self.talk == Talk::Push && self.gate == Gate::Closed {
            self.abandon();
            self.gate = Gate::Once;
        }
    }

    /// Drops an open utterance and whatever the endpointer holds, keeping
    /// its noise floor (muting and unmuting it does exactly that).
    fn abandon(&mut self) {
        let muted = self.endpointer.muted();
        self.endpointer.set_muted(true);
        self.endpointer.set_muted(muted);
        self.open = false;
        self.held = None;
    }

    /// Ends what the talk key heard (let go, or held too long): what the
    /// endpointer holds goes to the recogniser (and its measure of how far
    /// the utterance stood out is made), then the open utterance is
    /// decided. Whether there was one.
    fn end_held(&mut self, moment: &Moment, out: &mut Vec<crate::game::event::Event>) -> Result<bool, HearError> {
        self.release_held()?;
        for ev in self.endpointer.flush() {
            if let Vad::Audio(a) = ev
                && self.open
            {
                self.rec.feed(&a)?;
            }
        }
        let decided = self.open;
        if decided {
            self.decide(moment, out)?;
        }
        Ok(decided)
    }

    /// Feeds the recogniser the audio held back since a guess (speech went
    /// on after the pause): the guess is void.
    fn release_held(&mut self) -> Result<(), HearError> {
        if let Some(held) = self.held.take()
            && self.open
        {
            self.rec.feed(&held)?;
        }
        Ok(())
    }

    /// Feeds samples heard while `muted` (tiflo speaking) or not; returns
    /// the events of the utterances that ended.
    pub fn hear(
        &mut self,
        pcm: &[i16],
        muted: bool,
        moment: &Moment,
    ) -> Result<Vec<crate::game::event::Event>, HearError> {
        self.endpointer.set_muted(muted);
        if muted {
            self.open = false;
            self.held = None;
        }
        let mut out = Vec::new();
        self.heard += pcm.len() as u64;
        if self.talk_around && self.drops.back().is_none_or(|t| self.heard.saturating_sub(*t) >= ms_samples(QUIET_AFTER_MS)) {
            self.talk_around = false;
            self.drops.clear();
            out.push(crate::game::event::Event::TalkAround(false));
        }
        // With the gate closed the endpointer still follows the noise floor;
        // what it finds is dropped, and opening the gate starts it afresh.
        let events = self.endpointer.push(pcm);
        if !self.listening() {
            return Ok(out);
        }
        for ev in events {
            self.step(ev, moment, &mut out)?;
        }
        if self.gate == Gate::Held {
            self.held_for += pcm.len();
            if !muted {
                self.held_unmuted += pcm.len();
            }
            if self.held_for >= self.max_samples {
                // A key held down too long (stuck, or forgotten): taken as
                // let go, and nothing more is heard until it is pressed
                // again; never in silence.
                if !self.end_held(moment, &mut out)? {
                    out.push(no_words());
                }
                self.gate = Gate::Closed;
                self.abandon();
            }
        }
        Ok(out)
    }

    /// The end of the audio: an open utterance is decided.
    pub fn flush(&mut self, moment: &Moment) -> Result<Vec<crate::game::event::Event>, HearError> {
        let mut out = Vec::new();
        if !self.listening() {
            return Ok(out);
        }
        for ev in self.endpointer.flush() {
            self.step(ev, moment, &mut out)?;
        }
        if self.open {
            // A held key's utterance outlives the endpointer's.
            self.decide(moment, &mut out)?;
        }
        Ok(out)
    }

    fn step(
        &mut self,
        ev: Vad,
        moment: &Moment,
        out: &mut Vec<crate::game::event::Event>,
    ) -> Result<(), HearError> {
        match ev {
            // While the key is held, a pause the endpointer ends an
            // utterance at only joins the next piece of speech to it.
            Vad::Start { .. } if self.open => self.release_held()?,
            Vad::Start { .. } => {
                let grammar = if self.paused {
                    self.hearing.grammar_paused(moment)
                } else {
                    self.hearing.grammar(moment)
                };
                self.rec.set_grammar(&grammar)?;
                self.rec.start()?;
                self.held = None;
                self.fed = 0;
                self.continues_cut = self.cut_at.is_some_and(|t| self.heard.saturating_sub(t) <= ms_samples(CONTINUED_MS));
                self.open = true;
                self.spoke |= self.gate == Gate::Held;
            }
            Vad::Audio(a) if self.open => {
                self.fed += a.len();
                match &mut self.held {
                    Some(held) => held.extend_from_slice(&a),
                    None => self.rec.feed(&a)?,
                }
            }
            Vad::Audio(_) => {}
            // The utterance may have ended: the recogniser guesses now, and
            // the silence after is held back from it, so that its reading
            // is ready when the end is sure. Not while the talk key is held:
            // the utterance ends when it is let go, not at a pause.
            Vad::Pause if self.open && self.held.is_none() && self.gate != Gate::Held => {
                if self.rec.guess()? {
                    self.held = Some(Vec::new());
                }
            }
            Vad::Pause => {}
            Vad::Resume => self.release_held()?,
            Vad::End { .. } if self.open && self.gate != Gate::Held => {
                self.decide(moment, out)?;
                if self.gate == Gate::Once {
                    self.gate = Gate::Closed;
                }
            }
            Vad::End { .. } => {}
        }
        Ok(())
    }

    /// Ends the open utterance and turns what was heard into events.
    fn decide(
        &mut self,
        moment: &Moment,
        out: &mut Vec<crate::game::event::Event>,
    ) -> Result<(), HearError> {
        use crate::game::event::Event;
        self.open = false;
        // The silence held back since a guess is not fed: the guess stands.
        self.held = None;
        let heard = self.rec.finish()?;
        if self.paused {
            // Nothing but the resume phrase is acted on, and nothing else is
            // said: the player is talking to someone else.
            if let Some(e) = self.hearing.interpret_paused(&heard)
                && self.short_enough()
                && !(self.talk_around && self.checking())
            {
                self.paused = false;
                out.push(e);
            }
            return Ok(());
        }
        // Sound that went on for the endpointer's longest utterance while
        // hearing always is talk, not a player saying a move or a command
        // to tiflo: nothing said was seen to end. Dropped, not answered.
        // So is what follows it at once: the same talk going on.
        // Amid much talk, sound longer than a move said briefly is the
        // talk too, whatever it is read as.
        let cut = self.fed >= self.max_samples || self.continues_cut;
        if self.checking() && (cut || (self.talk_around && self.last_utterance_ms() > AMID_TALK_MAX_MS)) {
            self.dropped += 1;
            if cut {
                self.cut_at = Some(self.heard);
            }
            self.talk_dropped(out);
            return Ok(());
        }
        // Sure only when the measured confidence is (`confidence::rule`);
        // the understanding then accepts that same move.
        let sure = self.rec.evidence().and_then(|ev| confidence::sure(self.hearing.understander(), &moment.pos, &heard, &ev, self.endpointer.stand_out_db()));
        match self.hearing.interpret(moment, &heard, sure) {
            // Already listening: a resume phrase changes nothing and is not
            // answered (other talk is often heard as one).
            Some(Event::Listening(true)) => {}
            // An answer or a pause read in a long stretch of sound: the
            // hall's talk, dropped; the question stands.
            Some(e) if crate::hearing::grammar::Hearing::checked(&e) && !self.short_enough() => self.talk_dropped(out),
            // So much talk around that no answer said aloud is taken (the
            // player types it, or holds the talk key).
            Some(e) if crate::hearing::grammar::Hearing::checked(&e) && self.talk_around && self.checking() => {}
            Some(e) => {
                if e == Event::Listening(false) {
                    self.paused = true;
                }
                out.push(e);
            }
            // Sound, but no words: said, never dropped silently.
            None => out.push(no_words()),
        }
        Ok(())
    }
}

impl Ear {
    /// Whether what is heard is checked for the hall's talk: hearing
    /// always with the check on. With push to talk the player holds the
    /// key, pauses included.
    fn checking(&self) -> bool {
        self.talk == Talk::Always && self.check
    }

    /// Notes an utterance the check dropped as talk not spoken to tiflo;
    /// with `TALK_DROPS` of them within `TALK_WINDOW_MS`, answers said
    /// aloud stop being taken, which is said.
    fn talk_dropped(&mut self, out: &mut Vec<crate::game::event::Event>) {
        let now = self.heard;
        self.drops.push_back(now);
        while self.drops.front().is_some_and(|t| now.saturating_sub(*t) > ms_samples(TALK_WINDOW_MS)) {
            self.drops.pop_front();
        }
        if !self.talk_around && self.drops.len() >= TALK_DROPS {
            self.talk_around = true;
            out.push(crate::game::event::Event::TalkAround(true));
        }
    }

    /// Whether the utterance that ended is short enough to be an answer or
    /// a listening phrase (`ANSWER_MAX_MS`); always so when nothing is
    /// checked. An utterance too long is counted.
    fn short_enough(&mut self) -> bool {
        if !self.checking() {
            return true;
        }
        let short = self.last_utterance_ms() <= ANSWER_MAX_MS;
        if !short {
            self.dropped += 1;
        }
        short
    }
}

#[cfg(test)]
mod tests {
    use super::phone_model_missing;
    use super::{Ear, QUIET_AFTER_MS, TALK_DROPS};
    use crate::game::command::Command;
    use crate::game::event::{Awaiting, Event, Moment};
    use crate::hearing::audio::EndpointConfig;
    use crate::hearing::recognizer::{Grammar, HearError, Recognizer};

    /// A recogniser that hears the same words in every utterance.
    struct Hears(&'static str);

    impl Recognizer for Hears {
        fn engine(&self) -> &'static str {
            "fixed"
        }
        fn set_grammar(&mut self, _: &Grammar) -> Result<(), HearError> {
            Ok(())
        }
        fn start(&mut self) -> Result<(), HearError> {
            Ok(())
        }
        fn feed(&mut self, _: &[i16]) -> Result<(), HearError> {
            Ok(())
        }
        fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
            Ok(vec![self.0.split_whitespace().map(str::to_owned).collect()])
        }
    }

    /// What a recogniser was asked.
    #[derive(Default)]
    struct Log {
        /// samples fed in the present utterance
        fed: usize,
        /// samples fed when it last guessed, if it did since the last feed
        guessed_at: Option<usize>,
        guesses: usize,
        /// for each utterance: samples fed, and whether its guess stood
        finished: Vec<(usize, bool)>,
    }

    /// A recogniser that guesses at pauses (as Moonshine does), or not.
    struct Guesses(std::sync::Arc<std::sync::Mutex<Log>>, bool);

    impl Recognizer for Guesses {
        fn engine(&self) -> &'static str {
            "guessing"
        }
        fn set_grammar(&mut self, _: &Grammar) -> Result<(), HearError> {
            Ok(())
        }
        fn start(&mut self) -> Result<(), HearError> {
            let mut log = self.0.lock().unwrap();
            log.fed = 0;
            log.guessed_at = None;
            Ok(())
        }
        fn feed(&mut self, pcm: &[i16]) -> Result<(), HearError> {
            let mut log = self.0.lock().unwrap();
            log.fed += pcm.len();
            if !pcm.is_empty() {
                log.guessed_at = None;
            }
            Ok(())
        }
        fn guess(&mut self) -> Result<bool, HearError> {
            if !self.1 {
                return Ok(false);
            }
            let mut log = self.0.lock().unwrap();
            log.guessed_at = Some(log.fed);
            log.guesses += 1;
            Ok(true)
        }
        fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
            let mut log = self.0.lock().unwrap();
            let stood = log.guessed_at == Some(log.fed);
            let fed = log.fed;
            log.finished.push((fed, stood));
            Ok(vec![vec!["yes".to_owned()]])
        }
    }

    /// A voice-like tone `ms` long.
    fn tone(ms: usize) -> Vec<i16> {
        (0..ms * 16).map(|i| ((i as f32 * 180.0 * std::f32::consts::TAU / 16000.0).sin() * 0.3 * 32767.0) as i16).collect()
    }

    /// A word, a pause of `pause_ms`, a word, a second of quiet.
    fn two_words(pause_ms: usize) -> Vec<i16> {
        let mut seed = 7;
        let mut pcm = quiet(1000, &mut seed);
        pcm.extend(tone(300));
        pcm.extend(quiet(pause_ms, &mut seed));
        pcm.extend(tone(300));
        pcm.extend(quiet(1000, &mut seed));
        pcm
    }

    /// `pcm` heard always by an ear with a recogniser that guesses or not:
    /// its log.
    fn heard_by(pcm: &[i16], guesses: bool) -> Log {
        let log = std::sync::Arc::new(std::sync::Mutex::new(Log::default()));
        let hearing = crate::hearing::grammar::Hearing::new(crate::notation::Lang::En).unwrap();
        let mut ear = Ear::new(Box::new(Guesses(log.clone(), guesses)), hearing, EndpointConfig::default());
        let moment = Moment { awaiting: Some(Awaiting::YesNo), ..Moment::default() };
        assert_eq!(hear(&mut ear, pcm, &moment), [Event::Command(Command::Yes)]);
        std::mem::take(&mut *log.lock().unwrap())
    }

    #[test]
    fn a_guess_at_a_pause_stands_when_the_utterance_ends_there() {
        let cfg = EndpointConfig::default();
        // The middle pause longer than the guess time, by 150 ms.
        let pcm = two_words(cfg.guess_ms as usize + 150);
        let plain = heard_by(&pcm, false);
        assert_eq!((plain.guesses, plain.finished.len()), (0, 1));
        let (all, _) = plain.finished[0];
        let log = heard_by(&pcm, true);
        // Guessed at both pauses; the first guess was void (the audio held
        // back was fed when speech went on), the second stood.
        assert_eq!(log.guesses, 2);
        assert_eq!(log.finished.len(), 1);
        let (fed, stood) = log.finished[0];
        assert!(stood);
        // Fed: everything a recogniser that does not guess is fed, but the
        // rest of the hangover after the last pause (nothing of the middle
        // pause is lost, nothing fed twice).
        let held = (cfg.hangover_ms - cfg.guess_ms) as usize * 16;
        assert!(fed.abs_diff(all - held) <= 160, "fed {fed}, expected {} of {all}", all - held);
    }

    #[test]
    fn decoding_a_recording_guesses_as_the_ear_does() {
        let cfg = EndpointConfig::default();
        let pcm = two_words(cfg.guess_ms as usize + 150);
        let u = crate::hearing::understand::Understander::new("en").unwrap();
        let pos = shakmaty::Chess::default();
        let logged = |guesses: bool| {
            let log = std::sync::Arc::new(std::sync::Mutex::new(Log::default()));
            let mut rec = Guesses(log.clone(), guesses);
            let utts = super::hear_samples(&mut rec, &u, &pos, &pcm, &cfg).unwrap();
            assert_eq!(utts.len(), 1);
            std::mem::take(&mut *log.lock().unwrap())
        };
        let (plain, guessed) = (logged(false), logged(true));
        assert_eq!((plain.guesses, guessed.guesses), (0, 2));
        let held = (cfg.hangover_ms - cfg.guess_ms) as usize * 16;
        assert!(guessed.finished[0].1);
        assert!(guessed.finished[0].0.abs_diff(plain.finished[0].0 - held) <= 160, "{:?} against {:?}", guessed.finished, plain.finished);
        // The same as the daemon's ear feeds.
        assert_eq!(guessed.finished, heard_by(&pcm, true).finished);
    }

    #[test]
    fn with_the_talk_key_held_pauses_are_not_guessed_at() {
        // Held through a pause longer than the endpointer's hangover: both
        // words are the utterance, decided when the key is let go.
        let cfg = EndpointConfig::default();
        let pcm = two_words(cfg.hangover_ms as usize + 300);
        let log = std::sync::Arc::new(std::sync::Mutex::new(Log::default()));
        let hearing = crate::hearing::grammar::Hearing::new(crate::notation::Lang::En).unwrap();
        let mut ear = Ear::new(Box::new(Guesses(log.clone(), true)), hearing, cfg.clone());
        ear.set_talk_mode(super::Talk::Push);
        let moment = Moment { awaiting: Some(Awaiting::YesNo), ..Moment::default() };
        ear.talk(true, &moment).unwrap();
        let mut events = hear(&mut ear, &pcm, &moment);
        events.extend(ear.talk(false, &moment).unwrap());
        assert_eq!(events, [Event::Command(Command::Yes)]);
        let log = log.lock().unwrap();
        assert_eq!(log.guesses, 0);
        assert_eq!(log.finished.len(), 1);
        // Both words and the pause between them were fed.
        let (fed, stood) = log.finished[0];
        assert!(!stood);
        assert!(fed >= (300 + cfg.hangover_ms as usize + 300 + 300) * 16, "fed {} ms", fed / 16);
    }

    /// A room's quiet noise, `ms` long.
    fn quiet(ms: usize, seed: &mut u32) -> Vec<i16> {
        (0..ms * 16)
            .map(|_| {
                *seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                ((f64::from(*seed >> 16) / 32768.0 - 1.0) * 0.003 * 32767.0) as i16
            })
            .collect()
    }

    /// A voice-like tone `ms` long, then a second of quiet.
    fn said(ms: usize, seed: &mut u32) -> Vec<i16> {
        let mut pcm: Vec<i16> = (0..ms * 16).map(|i| ((i as f32 * 180.0 * std::f32::consts::TAU / 16000.0).sin() * 0.3 * 32767.0) as i16).collect();
        pcm.extend(quiet(1000, seed));
        pcm
    }

    fn hear(ear: &mut Ear, pcm: &[i16], moment: &Moment) -> Vec<Event> {
        pcm.chunks(320).flat_map(|p| ear.hear(p, false, moment).unwrap()).collect()
    }

    #[test]
    fn hearing_always_answers_come_only_from_short_utterances_and_not_amid_much_talk() {
        let hearing = crate::hearing::grammar::Hearing::new(crate::notation::Lang::En).unwrap();
        let mut ear = Ear::new(Box::new(Hears("yes")), hearing, EndpointConfig::default());
        let moment = Moment { awaiting: Some(Awaiting::YesNo), ..Moment::default() };
        let mut seed = 7;
        let mut start = quiet(1000, &mut seed);
        start.extend(said(400, &mut seed));
        let yes = Event::Command(Command::Yes);
        assert_eq!(hear(&mut ear, &start, &moment), [yes.clone()], "a short yes is an answer");
        // Too long for an answer: dropped.
        assert_eq!(hear(&mut ear, &said(2_500, &mut seed), &moment), []);
        assert_eq!(ear.dropped(), 1);
        // Sound that goes on past the endpointer's longest utterance: the
        // third utterance of talk within a minute stops answers aloud.
        let mut events = Vec::new();
        for _ in 1..TALK_DROPS {
            events.extend(hear(&mut ear, &said(8_500, &mut seed), &moment));
        }
        assert!(events.contains(&Event::TalkAround(true)), "{events:?}");
        assert!(!events.contains(&yes), "{events:?}");
        assert_eq!(hear(&mut ear, &said(400, &mut seed), &moment), [], "no answer aloud amid the talk");
        // Two quiet minutes: answers aloud are taken again, which is said.
        let after = hear(&mut ear, &quiet(QUIET_AFTER_MS as usize + 1000, &mut seed), &moment);
        assert_eq!(after, [Event::TalkAround(false)]);
        assert_eq!(hear(&mut ear, &said(400, &mut seed), &moment), [yes.clone()]);
        // With the check off (only a measurement of it does so), the long
        // answer is taken.
        ear.set_checked(false);
        assert_eq!(hear(&mut ear, &said(2_500, &mut seed), &moment), [yes]);
    }

    #[test]
    fn amid_much_talk_only_what_is_said_briefly_is_taken() {
        let hearing = crate::hearing::grammar::Hearing::new(crate::notation::Lang::En).unwrap();
        let mut ear = Ear::new(Box::new(Hears("echo four")), hearing, EndpointConfig::default());
        let moment = Moment::at(shakmaty::Chess::default());
        let mut seed = 11;
        let is_move = |events: &[Event]| matches!(events, [Event::Heard { moves, .. }] if moves.len() == 1);
        let mut start = quiet(1000, &mut seed);
        start.extend(said(3_400, &mut seed));
        // In a quiet room a move said slowly is heard.
        assert!(is_move(&hear(&mut ear, &start, &moment)));
        assert_eq!(ear.dropped(), 0);
        let mut events = Vec::new();
        for _ in 0..TALK_DROPS {
            events.extend(hear(&mut ear, &said(8_500, &mut seed), &moment));
        }
        assert!(events.contains(&Event::TalkAround(true)), "{events:?}");
        // Amid the talk, a stretch longer than a move said briefly is talk,
        // dropped and counted, and keeps the talk noted.
        let dropped = ear.dropped();
        assert_eq!(hear(&mut ear, &said(3_400, &mut seed), &moment), []);
        assert_eq!(ear.dropped(), dropped + 1);
        // A move said briefly is heard.
        assert!(is_move(&hear(&mut ear, &said(1_500, &mut seed), &moment)));
        assert_eq!(ear.dropped(), dropped + 1);
        // Two quiet minutes after the last drop, a slow move is heard again.
        assert_eq!(hear(&mut ear, &quiet(QUIET_AFTER_MS as usize + 1000, &mut seed), &moment), [Event::TalkAround(false)]);
        assert!(is_move(&hear(&mut ear, &said(3_400, &mut seed), &moment)));
    }

    #[test]
    fn narrowband_sound_without_the_telephone_band_model_is_flagged_for_pocketsphinx_only() {
        let empty = tempfile::tempdir().unwrap();
        let with = tempfile::tempdir().unwrap();
        let phone = with.path().join(crate::hearing::adapt::PHONE_FOLDER);
        std::fs::create_dir_all(&phone).unwrap();
        for f in ["means", "variances"] {
            std::fs::write(phone.join(f), b"x").unwrap();
        }
        let none = [empty.path().to_owned()];
        let some = [with.path().to_owned()];
        assert!(phone_model_missing(8000, "pocketsphinx", false, &none));
        assert!(!phone_model_missing(8000, "pocketsphinx", false, &some));
        assert!(!phone_model_missing(16000, "pocketsphinx", false, &none));
        assert!(!phone_model_missing(8000, "pocketsphinx", true, &none));
        assert!(!phone_model_missing(8000, "vosk", false, &none));
    }
}
