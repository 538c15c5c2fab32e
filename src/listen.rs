//! Audio in, the drivers: WAV files, raw PCM, and the pipeline from samples
//! through the endpointer and a recogniser to a decision.
//!
//! `hear_samples` is the one path every input takes (a file, standard
//! input, the microphone): samples are cut into utterances by
//! `audio::Endpointer`, each utterance is fed to the recogniser while it
//! lasts, and at its end the alternatives are turned into a `Decision` by
//! `Understander`. The time from the end of an utterance to the decision is
//! measured and returned.

use std::io::Read;
use std::path::Path;
use std::time::{Duration, Instant};

use shakmaty::Chess;
use thiserror::Error;

use crate::audio::{EndpointConfig, Endpointer, Resampler, Vad, to_float};
use crate::recognize::{HearError, Recognizer, SAMPLE_RATE};
use crate::hearing::Moment;
use crate::understand::{Decision, Understander};

/// Why audio could not be read.
#[derive(Debug, Error)]
pub enum AudioError {
    #[error("cannot read the sound file {path}: {reason}")]
    Wav { path: String, reason: String },
    #[error("cannot read audio from standard input: {0}")]
    Stdin(#[from] std::io::Error),
    #[error("cannot use the microphone: {reason}")]
    Mic { reason: String },
}

/// One utterance found and decided.
#[derive(Clone, Debug)]
pub struct Utterance {
    /// where it starts and ends in the input (ms)
    pub start_ms: u64,
    pub end_ms: u64,
    /// the recogniser's alternatives, best first
    pub heard: Vec<Vec<String>>,
    pub decision: Decision,
    /// from the end of the utterance to the decision
    pub latency: Duration,
    /// recogniser time spent on this utterance, feeding included
    pub compute: Duration,
}

/// Reads a WAV file (any rate, channels, 8–32-bit integer or float) as
/// 16 kHz mono.
pub fn read_wav(path: &Path) -> Result<Vec<i16>, AudioError> {
    let err = |reason: String| AudioError::Wav { path: path.display().to_string(), reason };
    let mut reader = hound::WavReader::open(path).map_err(|e| err(e.to_string()))?;
    let spec = reader.spec();
    let samples: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => {
            reader.samples::<f32>().collect::<Result<_, _>>().map_err(|e| err(e.to_string()))?
        }
        hound::SampleFormat::Int => {
            let scale = 2f32.powi(i32::from(spec.bits_per_sample.clamp(1, 32)) - 1);
            reader
                .samples::<i32>()
                .map(|s| s.map(|v| v as f32 / scale))
                .collect::<Result<_, _>>()
                .map_err(|e| err(e.to_string()))?
        }
    };
    if spec.sample_rate == SAMPLE_RATE && spec.channels == 1 && spec.bits_per_sample == 16 {
        return Ok(samples.iter().map(|v| (v * 32768.0).round().clamp(-32768.0, 32767.0) as i16).collect());
    }
    Ok(Resampler::new(spec.sample_rate, spec.channels).push(&samples))
}

/// Reads raw 16 kHz mono signed 16-bit little-endian PCM until the end.
pub fn read_raw(mut input: impl Read) -> Result<Vec<i16>, AudioError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    Ok(bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect())
}

/// Converts samples at another rate to what the recognisers take.
pub fn to_16k(pcm: &[i16], rate: u32) -> Vec<i16> {
    if rate == SAMPLE_RATE {
        return pcm.to_vec();
    }
    Resampler::new(rate, 1).push(&to_float(pcm))
}

fn ms(samples: u64) -> u64 {
    samples * 1000 / u64::from(SAMPLE_RATE)
}

/// Decodes every utterance of `pcm` (16 kHz mono) in position `pos`,
/// restricting the recogniser to the position's moves.
pub fn hear_samples(
    rec: &mut dyn Recognizer,
    understander: &Understander,
    pos: &Chess,
    pcm: &[i16],
    cfg: &EndpointConfig,
) -> Result<Vec<Utterance>, HearError> {
    rec.set_grammar(&understander.grammar(pos))?;
    let mut ep = Endpointer::new(cfg.clone());
    let mut out = Vec::new();
    let mut start = 0;
    let mut compute = Duration::ZERO;
    let mut events = Vec::new();
    for piece in pcm.chunks(FRAME_PIECE) {
        events.extend(ep.push(piece));
        handle(rec, understander, pos, &mut events, &mut start, &mut compute, &mut out)?;
    }
    events.extend(ep.flush());
    handle(rec, understander, pos, &mut events, &mut start, &mut compute, &mut out)?;
    Ok(out)
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
    out: &mut Vec<Utterance>,
) -> Result<(), HearError> {
    for ev in events.drain(..) {
        match ev {
            Vad::Start { at } => {
                *start = at;
                *compute = Duration::ZERO;
                let t = Instant::now();
                rec.start()?;
                *compute += t.elapsed();
            }
            Vad::Audio(a) => {
                let t = Instant::now();
                rec.feed(&a)?;
                *compute += t.elapsed();
            }
            Vad::End { at } => {
                let t = Instant::now();
                let heard = rec.finish()?;
                let decision = if rec.trusted() {
                    understander.understand(pos, &heard)
                } else {
                    understander.understand_unsure(pos, &heard)
                };
                let latency = t.elapsed();
                *compute += latency;
                out.push(Utterance {
                    start_ms: ms(*start),
                    end_ms: ms(at),
                    heard,
                    decision,
                    latency,
                    compute: *compute,
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
    Vosk,
    Pocketsphinx,
}

impl std::str::FromStr for EngineChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(EngineChoice::Auto),
            "vosk" => Ok(EngineChoice::Vosk),
            "pocketsphinx" => Ok(EngineChoice::Pocketsphinx),
            other => Err(format!("unknown recogniser {other:?} (auto, vosk or pocketsphinx)")),
        }
    }
}

/// Opens the recogniser for pack `lang`: `model` is a model folder given
/// by hand, `models_dirs` where installed vosk models are looked for.
pub fn open_recognizer(
    choice: EngineChoice,
    lang: &str,
    model: Option<&Path>,
    models_dirs: &[std::path::PathBuf],
) -> Result<Box<dyn Recognizer + Send>, HearError> {
    let sphinx = || -> Result<Box<dyn Recognizer + Send>, HearError> {
        if lang != "en" {
            return Err(HearError::Unavailable {
                engine: "pocketsphinx",
                reason: format!("it hears English only, and the language is {lang}"),
            });
        }
        Ok(Box::new(match model {
            Some(m) => crate::sphinx::Sphinx::open(m)?,
            // The player's voice adaptation, made for the default model.
            None => crate::sphinx::Sphinx::open_adapted(
                Path::new(crate::sphinx::DEFAULT_MODEL),
                crate::adapt::find(models_dirs).as_deref(),
            )?,
        }))
    };
    let vosk = || -> Result<Box<dyn Recognizer + Send>, HearError> {
        let dir = match model {
            Some(m) => m.to_owned(),
            None => crate::models::find_in(lang, models_dirs)
                .map_err(HearError::NoModel)?
                .path,
        };
        Ok(Box::new(crate::vosk::VoskRecognizer::open(&dir)?))
    };
    match choice {
        EngineChoice::Vosk => vosk(),
        EngineChoice::Pocketsphinx => sphinx(),
        EngineChoice::Auto => vosk().or_else(|v| sphinx().map_err(|_| v)),
    }
}

/// When the player is heard: always (the endpointer finds each utterance),
/// or only while a talk key is held (push to talk).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Talk {
    #[default]
    Always,
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
/// it decides at once, without waiting for the endpointer's silence.
pub struct Ear {
    endpointer: Endpointer,
    rec: Box<dyn Recognizer + Send>,
    hearing: crate::hearing::Hearing,
    /// an utterance is being fed to the recogniser
    open: bool,
    paused: bool,
    talk: Talk,
    gate: Gate,
    /// samples fed in the open utterance, and the most it may take
    fed: usize,
    max_samples: usize,
}

impl Ear {
    pub fn new(rec: Box<dyn Recognizer + Send>, hearing: crate::hearing::Hearing, cfg: EndpointConfig) -> Ear {
        let max_samples = cfg.max_ms as usize * SAMPLE_RATE as usize / 1000;
        Ear {
            endpointer: Endpointer::new(cfg),
            rec,
            hearing,
            open: false,
            paused: false,
            talk: Talk::Always,
            gate: Gate::Closed,
            fed: 0,
            max_samples,
        }
    }

    /// The recogniser's name.
    pub fn engine(&self) -> &'static str {
        self.rec.engine()
    }

    /// Whether the recogniser was adapted to the player's voice.
    pub fn adapted(&self) -> bool {
        self.rec.adapted()
    }

    /// Whether listening was paused by voice; only the resume phrase is
    /// heard then.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// How the player is heard.
    pub fn talk_mode(&self) -> Talk {
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
    /// are returned. Nothing happens when hearing always.
    pub fn talk(
        &mut self,
        held: bool,
        moment: &Moment,
    ) -> Result<Vec<crate::session::Event>, HearError> {
        let mut out = Vec::new();
        if self.talk != Talk::Push {
            return Ok(out);
        }
        if held {
            if self.gate != Gate::Held {
                self.abandon();
                self.gate = Gate::Held;
            }
            return Ok(out);
        }
        if self.gate == Gate::Closed {
            return Ok(out);
        }
        for ev in self.endpointer.flush() {
            if let Vad::Audio(a) = ev
                && self.open
            {
                self.rec.feed(&a)?;
            }
        }
        if self.open {
            self.decide(moment, &mut out)?;
        }
        self.gate = Gate::Closed;
        self.abandon();
        Ok(out)
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
    }

    /// Feeds samples heard while `muted` (tiflo speaking) or not; returns
    /// the events of the utterances that ended.
    pub fn hear(
        &mut self,
        pcm: &[i16],
        muted: bool,
        moment: &Moment,
    ) -> Result<Vec<crate::session::Event>, HearError> {
        self.endpointer.set_muted(muted);
        if muted {
            self.open = false;
        }
        let mut out = Vec::new();
        // With the gate closed the endpointer still follows the noise floor;
        // what it finds is dropped, and opening the gate starts it afresh.
        let events = self.endpointer.push(pcm);
        if !self.listening() {
            return Ok(out);
        }
        for ev in events {
            self.step(ev, moment, &mut out)?;
        }
        Ok(out)
    }

    /// The end of the audio: an open utterance is decided.
    pub fn flush(&mut self, moment: &Moment) -> Result<Vec<crate::session::Event>, HearError> {
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
        out: &mut Vec<crate::session::Event>,
    ) -> Result<(), HearError> {
        match ev {
            // While the key is held, a pause the endpointer ends an
            // utterance at only joins the next piece of speech to it.
            Vad::Start { .. } if self.open => {}
            Vad::Start { .. } => {
                let grammar = if self.paused {
                    self.hearing.grammar_paused(moment)
                } else {
                    self.hearing.grammar(moment)
                };
                self.rec.set_grammar(&grammar)?;
                self.rec.start()?;
                self.open = true;
                self.fed = 0;
            }
            Vad::Audio(a) if self.open => {
                self.rec.feed(&a)?;
                self.fed += a.len();
                if self.gate == Gate::Held && self.fed >= self.max_samples {
                    // A key held down too long: decided as the endpointer
                    // would decide its longest utterance.
                    self.decide(moment, out)?;
                }
            }
            Vad::Audio(_) => {}
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
        out: &mut Vec<crate::session::Event>,
    ) -> Result<(), HearError> {
        use crate::session::Event;
        self.open = false;
        let heard = self.rec.finish()?;
        if self.paused {
            // Nothing but the resume phrase is acted on, and nothing else is
            // said: the player is talking to someone else.
            if let Some(e) = self.hearing.interpret_paused(&heard) {
                self.paused = false;
                out.push(e);
            }
            return Ok(());
        }
        let sure = self.rec.trusted();
        match self.hearing.interpret(moment, &heard, sure) {
            Some(e) => {
                if e == Event::Listening(false) {
                    self.paused = true;
                }
                out.push(e);
            }
            // Sound, but no words: said, never dropped silently.
            None => out.push(Event::Heard { heard: String::new(), moves: Vec::new(), sure: false }),
        }
        Ok(())
    }
}

/// The microphone, opened and not yet heard: the system's default input
/// device, captured by cpal at its own rate and converted to 16 kHz mono.
/// Opening it tells whether there is one that works, before a recogniser
/// is loaded for it.
pub struct Mic {
    stream: cpal::Stream,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    about: String,
    /// the stream's first error
    failure: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

/// How far audio may arrive ahead of the clock before its device is held
/// back: more than any real device's buffer (cpal asks ALSA for 100 ms).
const LEAD: Duration = Duration::from_millis(500);

/// Holds a capture device to the pace of the clock. A real microphone
/// cannot deliver sound before it is made; a device with no clock can:
/// ALSA's `file` plugin reading a file or a named pipe (a "virtual
/// microphone") over the `null` device delivers as fast as it is read, and
/// at the end of its file goes on returning its last piece, forever. Unheld,
/// such a device keeps a core busy and floods the daemon. Audio that comes
/// more than [`LEAD`] ahead of the time that has passed is waited for;
/// what a device gains by running up to 1 % fast is forgiven, so a real
/// device whose crystal is a little quick is never held back.
#[derive(Clone, Debug)]
struct Pace {
    /// frames a second
    rate: f64,
    /// when the last piece arrived
    last: Option<Instant>,
    /// how far the audio delivered is ahead of the clock
    ahead: Duration,
}

impl Pace {
    fn new(rate: u32) -> Pace {
        Pace { rate: f64::from(rate.max(1)), last: None, ahead: Duration::ZERO }
    }

    /// `frames` frames arrived at `now`: how long to wait before taking
    /// more.
    fn wait(&mut self, frames: usize, now: Instant) -> Duration {
        let passed = self.last.map_or(Duration::ZERO, |l| now.saturating_duration_since(l));
        self.last = Some(now);
        let got = Duration::from_secs_f64(frames as f64 / self.rate);
        self.ahead = (self.ahead + got).saturating_sub(passed.mul_f64(1.01));
        self.ahead.saturating_sub(LEAD)
    }
}

/// Silences, on this thread, the lines ALSA's library prints on standard
/// error (with no sound card, eight lines of "cannot find card"): what
/// failed reaches the player in words, as the microphone's error.
fn quiet_alsa() {
    unsafe extern "C" fn silent(
        _file: *const std::os::raw::c_char,
        _line: std::os::raw::c_int,
        _function: *const std::os::raw::c_char,
        _err: std::os::raw::c_int,
        _fmt: *const std::os::raw::c_char,
        _args: *mut alsa_sys::__va_list_tag,
    ) {
    }
    // SAFETY: the handler has the type alsa-lib calls it with, reads none of
    // its arguments, and lives as long as the program.
    unsafe {
        alsa_sys::snd_lib_error_set_local(Some(silent));
    }
}

/// Opens the microphone (the default input, or the input named `name`:
/// exactly, else the only one whose name contains it, case aside):
/// `deliver` gets each piece and returns false to stop. cpal's ALSA host
/// captures as soon as the stream is built, so pieces may come before
/// `Mic::run` (the daemon drops those that come before its recogniser is
/// ready); the stream lives on the thread that opened it.
pub fn open_mic(
    name: Option<&str>,
    mut deliver: impl FnMut(Vec<i16>) -> bool + Send + 'static,
) -> Result<Mic, AudioError> {
    use cpal::traits::{DeviceTrait, HostTrait};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let mic = |reason: String| AudioError::Mic { reason };
    quiet_alsa();
    let host = cpal::default_host();
    let device = match name {
        None => host.default_input_device().ok_or_else(|| mic("no microphone is connected".into()))?,
        Some(want) => {
            let devices: Vec<cpal::Device> = host.input_devices().map_err(|e| mic(e.to_string()))?.collect();
            let names: Vec<String> = devices.iter().map(|d| d.name().unwrap_or_default()).collect();
            match pick_device(&names, want) {
                Some(i) => devices.into_iter().nth(i).expect("the index is of the list"),
                None => {
                    let list = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
                    return Err(mic(format!("no input is named {want:?}; the inputs are: {list}")));
                }
            }
        }
    };
    let config = device.default_input_config().map_err(|e| mic(e.to_string()))?;
    let rate = config.sample_rate().0;
    let channels = config.channels();
    let about = format!(
        "{}: {rate} Hz, {channels} channel{}, {}",
        device.name().unwrap_or_default(),
        if channels == 1 { "" } else { "s" },
        config.sample_format()
    );
    let stop = Arc::new(AtomicBool::new(false));
    let stop_cb = stop.clone();
    let failure: Arc<std::sync::Mutex<Option<String>>> = Arc::default();
    let mut resampler = Resampler::new(rate, channels);
    let mut pace = Pace::new(rate);
    let take = move |samples: &[f32]| {
        if stop_cb.load(Ordering::Relaxed) {
            return;
        }
        if !deliver(resampler.push(samples)) {
            stop_cb.store(true, Ordering::Relaxed);
            return;
        }
        // A device with no clock is read no faster than a microphone.
        let wait = pace.wait(samples.len() / usize::from(channels.max(1)), Instant::now());
        if !wait.is_zero() {
            std::thread::sleep(wait);
        }
    };
    // A device that fails usually fails again at once, on every read (one
    // unplugged, or one whose reads fail): the first error stops the
    // microphone and is what `Mic::run` returns, said once.
    let (stop_err, failure_cb) = (stop.clone(), failure.clone());
    let on_error = move |e: cpal::StreamError| {
        let mut first = failure_cb.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if first.is_none() {
            *first = Some(e.to_string());
        }
        stop_err.store(true, Ordering::Relaxed);
    };
    let stream_config: cpal::StreamConfig = config.clone().into();
    // Any sample format a device offers (an I2S microphone gives 32-bit
    // integers, a USB one 16-bit, a desktop's sound server floats).
    fn build<T: cpal::SizedSample + Send + 'static>(
        device: &cpal::Device,
        config: &cpal::StreamConfig,
        mut take: impl FnMut(&[f32]) + Send + 'static,
        on_error: impl FnMut(cpal::StreamError) + Send + 'static,
    ) -> Result<cpal::Stream, cpal::BuildStreamError>
    where
        f32: cpal::FromSample<T>,
    {
        use cpal::traits::DeviceTrait;
        device.build_input_stream(config, move |d: &[T], _: &_| take(&to_unit(d)), on_error, None)
    }
    let stream = match config.sample_format() {
        cpal::SampleFormat::F32 => build::<f32>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::F64 => build::<f64>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::I8 => build::<i8>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::I16 => build::<i16>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::I32 => build::<i32>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::I64 => build::<i64>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::U8 => build::<u8>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::U16 => build::<u16>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::U32 => build::<u32>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::U64 => build::<u64>(&device, &stream_config, take, on_error),
        other => return Err(mic(format!("the microphone's sample format {other} is not supported"))),
    }
    .map_err(|e| mic(e.to_string()))?;
    Ok(Mic { stream, stop, about, failure })
}

/// Samples of any format on the ±1.0 scale `Resampler` takes (unsigned
/// ones centred on zero).
fn to_unit<T: cpal::Sample>(d: &[T]) -> Vec<f32>
where
    f32: cpal::FromSample<T>,
{
    d.iter().map(|s| <f32 as cpal::FromSample<T>>::from_sample_(*s)).collect()
}

/// Which of `names` a device asked for as `want` is: the one named exactly
/// so, else the only one whose name contains it (case aside); `None` when
/// none or several do.
pub fn pick_device(names: &[String], want: &str) -> Option<usize> {
    if let Some(i) = names.iter().position(|n| n == want) {
        return Some(i);
    }
    let want = want.to_lowercase();
    let like: Vec<usize> = (0..names.len()).filter(|i| names[*i].to_lowercase().contains(&want)).collect();
    match like.as_slice() {
        [i] => Some(*i),
        _ => None,
    }
}

impl Mic {
    /// The input opened and how it is captured, for whoever sets the
    /// machine up: "hw:CARD=Headset,DEV=0: 48000 Hz, 1 channel, i16".
    pub fn about(&self) -> &str {
        &self.about
    }

    /// Hears until `deliver` says stop (`Ok`) or the device fails (its
    /// first error). The device is let go when the `Mic` is dropped, which
    /// waits for cpal's thread: a failure can be told before that.
    pub fn run(&self) -> Result<(), AudioError> {
        use cpal::traits::StreamTrait;
        use std::sync::atomic::Ordering;
        self.stream.play().map_err(|e| AudioError::Mic { reason: e.to_string() })?;
        while !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(100));
        }
        match self.failure.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
            Some(reason) => Err(AudioError::Mic { reason }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_format_comes_on_one_scale() {
        let near = |got: Vec<f32>, want: &[f32]| {
            assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(want) {
                assert!((g - w).abs() < 1e-3, "{got:?} != {want:?}");
            }
        };
        near(to_unit(&[0i32, i32::MAX, i32::MIN, i32::MAX / 2]), &[0.0, 1.0, -1.0, 0.5]);
        near(to_unit(&[0i16, i16::MAX, i16::MIN]), &[0.0, 1.0, -1.0]);
        near(to_unit(&[128u8, 255, 0]), &[0.0, 127.0 / 128.0, -1.0]);
        near(to_unit(&[32768u16, 0]), &[0.0, -1.0]);
        near(to_unit(&[0.25f64, -0.5]), &[0.25, -0.5]);
        near(to_unit(&[i64::MAX / 4]), &[0.25]);
    }

    #[test]
    fn a_device_is_picked_by_its_name_or_a_part_only_it_has() {
        let names: Vec<String> =
            ["default", "sysdefault:CARD=Headset", "front:CARD=PCH,DEV=0", "hw:CARD=Headset,DEV=0"].map(String::from).to_vec();
        assert_eq!(pick_device(&names, "default"), Some(0));
        assert_eq!(pick_device(&names, "hw:CARD=Headset,DEV=0"), Some(3));
        assert_eq!(pick_device(&names, "pch"), Some(2));
        assert_eq!(pick_device(&names, "headset"), None, "two inputs have it: never a guess");
        assert_eq!(pick_device(&names, "usb"), None);
    }

    /// Feeds `pace` pieces of `frames` frames, `gap` apart on a clock that
    /// also moves by every wait it asks for; returns the waits.
    fn paced(pace: &mut Pace, pieces: usize, frames: usize, gap: Duration) -> Vec<Duration> {
        let mut now = Instant::now();
        let mut waits = Vec::new();
        for _ in 0..pieces {
            let w = pace.wait(frames, now);
            waits.push(w);
            now += w + gap;
        }
        waits
    }

    #[test]
    fn a_real_microphone_is_never_held_back_even_with_a_quick_crystal() {
        // 25 ms pieces at 48 kHz, every 25 ms: ten hours, exactly on time.
        let mut p = Pace::new(48_000);
        assert!(paced(&mut p, 1_440_000, 1200, Duration::from_millis(25)).iter().all(Duration::is_zero));
        // A crystal 0.5 % quick, the first piece late with a whole buffer.
        let mut p = Pace::new(48_000);
        assert!(p.wait(4800, Instant::now()).is_zero());
        assert!(paced(&mut p, 1_440_000, 1206, Duration::from_millis(25)).iter().all(Duration::is_zero));
    }

    #[test]
    fn a_device_with_no_clock_is_held_to_the_pace_of_the_clock() {
        // 100 ms pieces at 44.1 kHz, as fast as they are read.
        let mut p = Pace::new(44_100);
        let waits = paced(&mut p, 600, 4410, Duration::ZERO);
        // The first half second comes at once, then each piece waits about
        // its own length: a minute of sound takes a minute (at most 1 %
        // less: what is forgiven), less the lead.
        assert!(waits[..5].iter().all(Duration::is_zero), "{:?}", &waits[..8]);
        assert!(!waits[5].is_zero());
        let total: Duration = waits.iter().sum();
        let sound = Duration::from_secs(60);
        assert!(total <= sound && total + LEAD + Duration::from_millis(100) >= sound.div_f64(1.01), "{total:?}");
    }

    #[test]
    fn after_a_pause_a_device_with_no_clock_gets_only_the_lead_again() {
        let mut p = Pace::new(16_000);
        let start = Instant::now();
        for i in 0..10 {
            p.wait(1600, start + Duration::from_millis(100 * i));
        }
        // Nothing for ten seconds (an empty pipe), then a burst: its first
        // piece may have been made in the pause, then the lead.
        let later = start + Duration::from_secs(11);
        let waits: Vec<Duration> = (0..8).map(|_| p.wait(1600, later)).collect();
        assert!(waits[..6].iter().all(Duration::is_zero) && !waits[6].is_zero(), "{waits:?}");
    }
}
