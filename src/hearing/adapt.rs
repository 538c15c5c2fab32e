//! Adapting the English recogniser (pocketsphinx) to one player's voice.
//!
//! pocketsphinx's US English model was trained on many voices; the letters
//! b, c, d, e and g differ only in a short burst and are what it confuses
//! in a voice it has not heard. The player reads the phrases of
//! `voices/en/adapt.ftl` once (every square, the pieces, the file words and
//! the commonest commands); from those recordings the model's Gaussian
//! means and variances are re-estimated by MAP adaptation, the method the
//! CMU Sphinx project gives for adapting its models to a speaker. The
//! adapted means and variances go into the folder [`FOLDER`] in the models
//! folder, with the recordings, and the recogniser loads them from then on
//! (`Sphinx::open_adapted`).
//!
//! The statistics are gathered by Debian's CMU Sphinx tools, each run as a
//! separate program: `sphinx_fe` (sphinxbase-utils) computes the features,
//! `bw` (sphinxtrain) aligns them with the phrases' phones and counts, and
//! `map_adapt` (sphinxtrain) writes the adapted model. Two inputs those tools
//! need are made here: the model's mixture weights, which Debian ships only
//! in pocketsphinx's compressed `sendump` form ([`mixture_weights`], pure),
//! and the model definition as text (`pocketsphinx_mdef_convert`). A failed
//! adaptation leaves the folder as it was: the new files are written beside
//! it and renamed into place.
//!
//! The same adaptation, from synthesised speech sent through the telephone
//! band, makes the model sound at 8 kHz (a headset in call mode) is heard
//! with ([`PHONE_FOLDER`], [`for_rate`]; `scripts/phone-model.sh`,
//! measured in `docs/benchmarks.md`).

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};

use crate::hearing::wav::AudioError;
use crate::i18n::{OsReason, Reason, Said, Texts};

/// The adapted model's folder, inside the models folder.
pub const FOLDER: &str = "pocketsphinx-en-us-adapted";
/// The model adapted to the telephone band (a headset in call mode, 8 kHz),
/// inside a models folder: made at set-up time from synthesised speech by
/// `scripts/phone-model.sh`, and used for sound recorded at 8 kHz
/// ([`for_rate`]).
pub const PHONE_FOLDER: &str = "pocketsphinx-en-us-phone";
/// The model adapted to many voices in a hall, inside a models folder: made
/// at set-up time from synthesised speech of the hearing corpus's training
/// voices, clean and in noise, by `scripts/hall-model.sh`, and used for
/// sound at 16 kHz when the player has no adaptation of their own
/// ([`for_rate`]; in the daemon with push to talk only, [`for_listening`]).
pub const HALL_FOLDER: &str = "pocketsphinx-en-us-hall";
/// The recordings the adapted model was made from, inside [`FOLDER`].
pub(crate) const TAKES: &str = "takes";

/// What went wrong adapting. `say` gives the words for the player in their
/// language, reasons included ([`Reason::said`]); `Display` gives them in
/// English.
#[derive(Debug, thiserror::Error)]
pub enum AdaptError {
    /// A program the adaptation runs is not installed.
    ToolMissing {
        /// The program's name.
        tool: String,
        /// The Debian package that installs it.
        package: &'static str,
    },
    /// A program ran and failed.
    ToolFailed {
        /// The program's name.
        tool: String,
        /// How it failed.
        why: ToolTrouble,
    },
    /// A recording is missing or unreadable.
    Take {
        /// The recording's sound file.
        file: PathBuf,
        /// The words said in it.
        prompt: String,
        /// Why it cannot be used.
        why: TakeTrouble,
    },
    /// The recogniser's model cannot be read or is of a kind not handled.
    Model {
        /// The model's folder.
        dir: PathBuf,
        /// What is wrong with it.
        why: ModelTrouble,
    },
    /// A file or folder could not be read or written.
    Folder {
        /// The file or folder.
        dir: PathBuf,
        /// What the system said.
        why: OsReason,
    },
    /// The microphone could not be opened or stopped working.
    Microphone(MicFailure),
}

/// Why a program of the adaptation failed.
#[derive(Debug)]
pub enum ToolTrouble {
    /// It could not be started.
    Start(OsReason),
    /// It ended with this exit code (none: stopped by a signal), having
    /// written no error line.
    Exit(Option<i32>),
    /// The last error lines of its log: the program's own words, quoted.
    Said(String),
}

/// Why a recording cannot be used.
#[derive(Debug)]
pub enum TakeTrouble {
    /// The sound file cannot be read.
    Unreadable(AudioError),
    /// It holds less than a tenth of a second of sound.
    TooShort,
    /// Nothing was heard, however often the phrase was asked for.
    NothingHeard,
}

/// Why the recogniser's model cannot be adapted.
#[derive(Debug)]
pub enum ModelTrouble {
    /// One of its files (named) cannot be read.
    Unreadable {
        /// The file's name in the model's folder.
        file: &'static str,
        /// What the system said.
        why: OsReason,
    },
    /// Its mixture weights (the file `sendump`) are not in the form read here.
    Weights(WeightsTrouble),
}

/// What is wrong with a `sendump` file ([`mixture_weights`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsTrouble {
    /// The file ends before its header or weights do.
    EndsEarly,
    /// A header length, feature count, shift, density or senone count out
    /// of range: not the little-endian form Debian ships.
    Header,
    /// Clustered weights, a form not read here.
    Clustered,
    /// The weights' size does not match the header.
    Size {
        /// The bytes of weights in the file.
        found: usize,
        /// The bytes the header calls for (features × densities × senones).
        expected: usize,
    },
}

/// Why the microphone cannot be used to record the phrases.
#[derive(Debug)]
pub enum MicFailure {
    /// It could not be opened, or failed.
    Audio(AudioError),
    /// Its thread could not be started.
    Thread(OsReason),
    /// It stopped delivering sound.
    Stopped,
}

impl fmt::Display for AdaptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.said(), f)
    }
}

impl Reason for AdaptError {
    fn said(&self) -> Said {
        match self {
            AdaptError::ToolMissing { tool, package } => Said::new("adapt-tool-missing").data("tool", tool.clone()).data("package", *package),
            AdaptError::ToolFailed { tool, why } => Said::new("adapt-tool-failed").data("tool", tool.clone()).with("error", why.said()),
            AdaptError::Take { file, prompt, why } => Said::new("adapt-take-failed")
                .data("file", file.display().to_string())
                .data("prompt", prompt.clone())
                .with("error", why.said()),
            AdaptError::Model { dir, why } => Said::new("adapt-model-failed").data("dir", dir.display().to_string()).with("error", why.said()),
            AdaptError::Folder { dir, why } => Said::new("adapt-folder-failed").data("dir", dir.display().to_string()).with("error", why.said()),
            AdaptError::Microphone(why) => Said::new("adapt-mic-failed").with("error", why.said()),
        }
    }
}

impl Reason for ToolTrouble {
    fn said(&self) -> Said {
        match self {
            ToolTrouble::Start(why) => why.said(),
            ToolTrouble::Exit(Some(code)) => Said::new("why-tool-exit").number("code", i64::from(*code)),
            ToolTrouble::Exit(None) => Said::new("why-tool-killed"),
            ToolTrouble::Said(log) => Said::new("why-tool-said").data("log", log.clone()),
        }
    }
}

impl Reason for TakeTrouble {
    fn said(&self) -> Said {
        match self {
            TakeTrouble::Unreadable(e) => e.said(),
            TakeTrouble::TooShort => Said::new("why-take-too-short"),
            TakeTrouble::NothingHeard => Said::new("why-take-silent"),
        }
    }
}

impl Reason for ModelTrouble {
    fn said(&self) -> Said {
        match self {
            ModelTrouble::Unreadable { file, why } => Said::new("why-model-file").data("file", *file).with("why", why.said()),
            ModelTrouble::Weights(WeightsTrouble::EndsEarly) => Said::new("why-weights-short").data("file", "sendump"),
            ModelTrouble::Weights(WeightsTrouble::Header) => Said::new("why-weights-header").data("file", "sendump"),
            ModelTrouble::Weights(WeightsTrouble::Clustered) => Said::new("why-weights-clustered").data("file", "sendump"),
            ModelTrouble::Weights(WeightsTrouble::Size { found, expected }) => Said::new("why-weights-size")
                .data("file", "sendump")
                .number("found", i64::try_from(*found).unwrap_or(i64::MAX))
                .number("expected", i64::try_from(*expected).unwrap_or(i64::MAX)),
        }
    }
}

impl Reason for MicFailure {
    fn said(&self) -> Said {
        match self {
            MicFailure::Audio(e) => e.said(),
            MicFailure::Thread(why) => why.said(),
            MicFailure::Stopped => Said::new("why-mic-stopped"),
        }
    }
}

impl AdaptError {
    /// The error as a sentence for the player, in the pack's language.
    pub fn say(&self, texts: &Texts) -> String {
        texts.say(&self.said())
    }
}

/// The phrases the player reads, in order (`voices/en/adapt.ftl`).
pub fn prompts() -> Vec<String> {
    let res = FluentResource::try_new(include_str!("../../voices/en/adapt.ftl").to_owned())
        .expect("the shipped adaptation phrases parse (tested)");
    let mut b = FluentBundle::new(vec!["en".parse().expect("a language tag")]);
    b.add_resource(res).expect("one resource");
    let msg = b.get_message("adapt-prompts").and_then(|m| m.value()).expect("adapt-prompts has a value (tested)");
    let mut errors = Vec::new();
    let text = b.format_pattern(msg, None, &mut errors);
    text.split(';').map(|p| p.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|p| !p.is_empty()).collect()
}

/// The file name of the recording of prompt number `n` (from 1): `01.wav`.
pub fn take_name(n: usize) -> String {
    format!("{n:02}.wav")
}

/// The adapted model in the first of `dirs` that holds one.
pub fn find(dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().map(|d| d.join(FOLDER)).find(|f| f.join("means").is_file() && f.join("variances").is_file())
}

fn read_i32(data: &[u8], at: &mut usize) -> Result<i32, WeightsTrouble> {
    let bytes = data.get(*at..*at + 4).ok_or(WeightsTrouble::EndsEarly)?;
    *at += 4;
    Ok(i32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// The mixture weights of a semi-continuous or phonetically tied model as
/// a Sphinx-3 `mixture_weights` file, from pocketsphinx's `sendump` (the
/// weights as 8-bit negative logarithms in base 1.0001, shifted right by
/// `mixw_shift` bits, stored feature by feature and density by density,
/// one byte per senone). Each senone's weights of each feature stream are
/// made to sum to one again. Only the unclustered little-endian form
/// Debian ships is read; anything else is an error, never a guess.
pub(crate) fn mixture_weights(sendump: &[u8]) -> Result<Vec<u8>, WeightsTrouble> {
    let mut at = 0;
    let mut header = Vec::new();
    loop {
        let n = read_i32(sendump, &mut at)?;
        if n == 0 {
            break;
        }
        let n = usize::try_from(n).ok().filter(|n| *n <= 65_536).ok_or(WeightsTrouble::Header)?;
        let s = sendump.get(at..at + n).ok_or(WeightsTrouble::EndsEarly)?;
        at += n;
        header.push(String::from_utf8_lossy(s).trim_end_matches('\0').to_owned());
    }
    let value = |key: &str| -> Option<usize> {
        header.iter().find_map(|h| h.strip_prefix(key).and_then(|v| v.trim().parse().ok()))
    };
    if value("cluster_count ").unwrap_or(0) != 0 {
        return Err(WeightsTrouble::Clustered);
    }
    let n_feat = value("feature_count ").filter(|n| (1..=8).contains(n)).ok_or(WeightsTrouble::Header)?;
    let shift = value("mixw_shift ").unwrap_or(10);
    if shift > 20 {
        return Err(WeightsTrouble::Header);
    }
    let n_den = usize::try_from(read_i32(sendump, &mut at)?).ok().filter(|n| (1..=4096).contains(n)).ok_or(WeightsTrouble::Header)?;
    let n_sen = usize::try_from(read_i32(sendump, &mut at)?).ok().filter(|n| (1..=1 << 20).contains(n)).ok_or(WeightsTrouble::Header)?;
    let body = sendump.get(at..).unwrap_or_default();
    if body.len() != n_feat * n_den * n_sen {
        return Err(WeightsTrouble::Size { found: body.len(), expected: n_feat * n_den * n_sen });
    }
    // 1.0001^-(v << shift) for each byte value.
    let weight: Vec<f64> = (0..256u32).map(|v| (-(f64::from(v << shift)) * 1.0001f64.ln()).exp()).collect();
    let total = n_sen * n_feat * n_den;
    let mut out = Vec::with_capacity(64 + 4 * total);
    out.extend_from_slice(b"s3\nversion 1.0\nendhdr\n");
    out.extend_from_slice(&0x1122_3344i32.to_le_bytes());
    for n in [n_sen, n_feat, n_den, total] {
        out.extend_from_slice(&(n as u32).to_le_bytes());
    }
    let mut row = vec![0f64; n_den];
    for s in 0..n_sen {
        for f in 0..n_feat {
            for (d, w) in row.iter_mut().enumerate() {
                *w = weight[usize::from(body[(f * n_den + d) * n_sen + s])];
            }
            let sum: f64 = row.iter().sum();
            for w in &row {
                out.extend_from_slice(&((w / sum) as f32).to_le_bytes());
            }
        }
    }
    Ok(out)
}

/// The `-key value` pairs of a model's `feat.params`.
pub(crate) fn feat_params(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            let k = it.next()?.strip_prefix('-')?;
            Some((k.to_owned(), it.next()?.to_owned()))
        })
        .collect()
}

/// Where the programs the adaptation runs are installed.
struct Tools {
    fe: PathBuf,
    bw: PathBuf,
    map: PathBuf,
    mdef: PathBuf,
}

fn tool(name: &str, dirs: &[&str], package: &'static str) -> Result<PathBuf, AdaptError> {
    let path_dirs: Vec<PathBuf> = std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    path_dirs
        .into_iter()
        .chain(dirs.iter().map(PathBuf::from))
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .ok_or(AdaptError::ToolMissing { tool: name.to_owned(), package })
}

fn tools() -> Result<Tools, AdaptError> {
    Ok(Tools {
        fe: tool("sphinx_fe", &["/usr/bin"], "sphinxbase-utils")?,
        bw: tool("bw", &["/usr/lib/sphinxtrain"], "sphinxtrain")?,
        map: tool("map_adapt", &["/usr/lib/sphinxtrain"], "sphinxtrain")?,
        mdef: tool("pocketsphinx_mdef_convert", &["/usr/bin"], "pocketsphinx")?,
    })
}

fn run(program: &Path, args: &[String], log: &Path) -> Result<(), AdaptError> {
    let name = program.file_name().map_or_else(|| program.display().to_string(), |n| n.to_string_lossy().into_owned());
    let folder = |e: io::Error| AdaptError::Folder { dir: log.to_owned(), why: OsReason::from(&e) };
    let out = fs::File::create(log).map_err(folder)?;
    let err = out.try_clone().map_err(folder)?;
    let status = Command::new(program)
        .args(args)
        .stdout(out)
        .stderr(err)
        .status()
        .map_err(|e| AdaptError::ToolFailed { tool: name.clone(), why: ToolTrouble::Start(OsReason::from(&e)) })?;
    if status.success() {
        return Ok(());
    }
    // The last error lines of the program's log say why.
    let text = fs::read_to_string(log).unwrap_or_default();
    let why: Vec<&str> = text.lines().filter(|l| l.starts_with("ERROR") || l.starts_with("FATAL")).collect();
    let reason = why.iter().rev().take(2).rev().copied().collect::<Vec<_>>().join(" ");
    Err(AdaptError::ToolFailed {
        tool: name,
        why: if reason.is_empty() { ToolTrouble::Exit(status.code()) } else { ToolTrouble::Said(reason) },
    })
}

/// How many parts the adaptation's counts are gathered in at once (bw's
/// `-npart`): two, for a two-core machine, and the same on every machine, so
/// that the same recordings make the same model (the parts' sums are added
/// in a fixed order).
const BW_PARTS: usize = 2;

/// How long a phrase is waited for before it is asked again, and how many
/// times it is asked.
const WAIT: Duration = Duration::from_secs(15);
const TRIES: usize = 3;

fn write_wav(path: &Path, pcm: &[i16]) -> Result<(), AdaptError> {
    let spec = hound::WavSpec { channels: 1, sample_rate: 16_000, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let write = || -> Result<(), hound::Error> {
        let mut w = hound::WavWriter::create(path, spec)?;
        for s in pcm {
            w.write_sample(*s)?;
        }
        w.finalize()
    };
    write().map_err(|e| AdaptError::Folder {
        dir: path.to_owned(),
        why: match e {
            hound::Error::IoError(e) => OsReason::from(&e),
            e => OsReason::Other(e.to_string()),
        },
    })
}

/// Records `prompts` from the microphone (the default input, or the one
/// named `mic`) into `dir` as `01.wav`, `02.wav` ...: for each phrase `say`
/// tells the player what to say and returns once it has been said (what the
/// microphone heard until then is dropped, so tiflo's own voice is never
/// recorded), then the next utterance the endpointer finds is kept. A phrase
/// not begun within 15 s is asked again, three times at most.
///
/// The microphone is opened as the daemon opens it (`mic::open_mic`), so
/// a device with no clock is held to the pace of the clock here too, and
/// before the first phrase is asked for: one that cannot open is the error.
/// What was opened is written on standard error, as the daemon does.
pub fn record(
    mic: Option<&str>,
    prompts: &[String],
    dir: &Path,
    texts: &Texts,
    say: &mut dyn FnMut(String),
) -> Result<Vec<Take>, AdaptError> {
    use std::sync::mpsc;
    let (tx, rx) = mpsc::channel::<Piece>();
    let (opened_tx, opened) = mpsc::channel::<Result<(), AudioError>>();
    let name = mic.map(str::to_owned);
    std::thread::Builder::new()
        .name("tiflo-adapt-mic".into())
        .spawn(move || {
            let feed = tx.clone();
            // Each piece with the moment it came: a device delivers as it
            // captures (one with no clock is held to that pace), so that is
            // when it was heard.
            match crate::hearing::mic::open_mic(name.as_deref(), move |pcm| feed.send(Ok((Instant::now(), pcm))).is_ok()) {
                Ok(m) => {
                    // For whoever sets the machine up; not said to the player.
                    eprintln!("tiflo: microphone {}", m.about());
                    let _ = opened_tx.send(Ok(()));
                    // Until a piece finds the recording over (the receiver
                    // gone), or the device fails.
                    if let Err(e) = m.run() {
                        let _ = tx.send(Err(e));
                    }
                }
                Err(e) => {
                    let _ = opened_tx.send(Err(e));
                }
            }
        })
        .map_err(|e| AdaptError::Microphone(MicFailure::Thread(OsReason::from(&e))))?;
    // The microphone open before the first phrase is asked for: one that
    // cannot open is said before the player says anything.
    match opened.recv() {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(AdaptError::Microphone(MicFailure::Audio(e))),
        Err(_) => return Err(AdaptError::Microphone(MicFailure::Stopped)),
    }
    let mut takes = Vec::new();
    for (i, prompt) in prompts.iter().enumerate() {
        let wav = dir.join(take_name(i + 1));
        let mut heard = None;
        for attempt in 0..TRIES {
            let mut a = FluentArgs::new();
            a.set("n", i + 1);
            a.set("count", prompts.len());
            a.set("prompt", prompt.clone());
            say(texts.get(if attempt == 0 { "adapt-say" } else { "adapt-say-again" }, Some(&a)));
            heard = utterance(&rx, Instant::now(), WAIT)?;
            if heard.is_some() {
                break;
            }
        }
        let Some(pcm) = heard else {
            return Err(AdaptError::Take { file: wav, prompt: prompt.clone(), why: TakeTrouble::NothingHeard });
        };
        write_wav(&wav, &pcm)?;
        takes.push(Take { wav, words: prompt.clone() });
    }
    Ok(takes)
}

/// A piece of the microphone's sound (16 kHz mono) and when it came, or
/// the microphone's failure.
type Piece = Result<(Instant, Vec<i16>), AudioError>;

/// How long an utterance under way may go without a piece of sound before
/// the microphone is taken to have stopped delivering and the utterance
/// ends there (a microphone delivers every few tens of milliseconds).
const GAP: Duration = Duration::from_secs(1);

/// The next utterance in the pieces from `rx` that came at `since` or
/// later (those before are tiflo's own voice, dropped), if one begins
/// within `wait` of `since`; one begun by then is heard to its end.
/// `None` when none began.
fn utterance(rx: &Receiver<Piece>, since: Instant, wait: Duration) -> Result<Option<Vec<i16>>, AdaptError> {
    use crate::hearing::audio::{EndpointConfig, Endpointer, Vad};
    let stopped = || AdaptError::Microphone(MicFailure::Stopped);
    let deadline = since + wait;
    let mut ep = Endpointer::new(EndpointConfig::default());
    // The player may answer the moment the prompt ends: the floor starts
    // from a quiet room (adapting is done at home) rather than from the
    // first word.
    let _ = ep.push(&crate::hearing::audio::with_lead_in(&[]));
    let mut pcm: Vec<i16> = Vec::new();
    loop {
        let open = ep.in_utterance();
        let patience = if open { GAP } else { deadline.saturating_duration_since(Instant::now()) };
        let (at, piece) = match rx.recv_timeout(patience) {
            Ok(Ok(p)) => p,
            Ok(Err(e)) => return Err(AdaptError::Microphone(MicFailure::Audio(e))),
            Err(RecvTimeoutError::Timeout) if open => {
                for ev in ep.flush() {
                    if let Vad::Audio(a) = ev {
                        pcm.extend(a);
                    }
                }
                return Ok(Some(pcm));
            }
            Err(RecvTimeoutError::Timeout) => return Ok(None),
            Err(RecvTimeoutError::Disconnected) => return Err(stopped()),
        };
        if at < since {
            continue;
        }
        if at > deadline && !open {
            return Ok(None);
        }
        for ev in ep.push(&piece) {
            match ev {
                Vad::Start { .. } => pcm.clear(),
                Vad::Audio(a) => pcm.extend(a),
                Vad::End { .. } => return Ok(Some(pcm)),
                // A recording is kept whole, pauses included.
                Vad::Pause | Vad::Resume => {}
            }
        }
    }
}

/// One recording: the sound file and the words said in it.
#[derive(Clone, Debug)]
pub struct Take {
    /// The sound file.
    pub wav: PathBuf,
    /// The words said in it.
    pub words: String,
}

/// The telephone-band model ([`PHONE_FOLDER`]) in the first of `dirs` that
/// holds one.
pub fn find_phone(dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().map(|d| d.join(PHONE_FOLDER)).find(|f| f.join("means").is_file() && f.join("variances").is_file())
}

/// The hall model ([`HALL_FOLDER`]) in the first of `dirs` that holds one.
pub fn find_hall(dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().map(|d| d.join(HALL_FOLDER)).find(|f| f.join("means").is_file() && f.join("variances").is_file())
}

/// The adapted means and variances to hear sound recorded at `rate` Hz
/// with, found in `dirs`: at 8 kHz or less (`audio::narrowband`) the
/// telephone-band model, whose recordings went through that band as a
/// headset in call mode sends it; otherwise, or when there is none, the
/// player's own adaptation ([`find`]), if any; failing that, above 8 kHz,
/// the hall model ([`find_hall`]), made from many voices, clean and in
/// noise. At 8 kHz with neither the telephone band's nor the player's, the
/// model as installed (the hall model's recordings had the whole band).
/// `tiflo hear` uses it; the daemon, [`for_listening`].
pub fn for_rate(rate: u32, dirs: &[PathBuf]) -> Option<PathBuf> {
    let narrow = crate::hearing::audio::narrowband(rate);
    if narrow && let Some(phone) = find_phone(dirs) {
        return Some(phone);
    }
    find(dirs).or_else(|| if narrow { None } else { find_hall(dirs) })
}

/// The adapted means and variances the daemon hears with: as
/// [`for_rate`] with push to talk (`push`), where nothing reaches the
/// recogniser that the player did not open the ear for; hearing always,
/// never the hall model. Made to hear speech through noise, it also hears
/// the hall's talk as words more readily: in ten minutes of babble with
/// nobody speaking to tiflo, a neighbour's "yes" confirmed a move it had
/// read in the talk (docs/benchmarks.md, "The hall model"). Hearing
/// always it stays out until an answer from the hall can be told from the
/// player's.
pub fn for_listening(rate: u32, dirs: &[PathBuf], push: bool) -> Option<PathBuf> {
    let chosen = for_rate(rate, dirs);
    if push { chosen } else { chosen.filter(|d| d.file_name().is_none_or(|n| n != HALL_FOLDER)) }
}

/// Whether `adapted` (a folder [`for_rate`] chose) was made for no
/// player's voice: the telephone band's or the hall's, both made from
/// synthesised voices at set-up.
pub fn made_at_setup(adapted: &Path) -> bool {
    adapted.file_name().is_some_and(|n| n == PHONE_FOLDER || n == HALL_FOLDER)
}

/// Adapts the model in `model` (a folder holding `en-us/` and
/// `cmudict-en-us.dict`, as Debian installs them) to the voice of `takes`
/// and puts the result in `out` (replaced only once complete), with the
/// recordings as 16 kHz mono WAV files in `out/takes/`.
pub fn adapt(model: &Path, takes: &[Take], out: &Path) -> Result<(), AdaptError> {
    adapt_in_parts(model, takes, out, BW_PARTS)
}

/// [`adapt`] with the counts gathered in `parts` parts at once.
fn adapt_in_parts(model: &Path, takes: &[Take], out: &Path, parts: usize) -> Result<(), AdaptError> {
    let hmm = model.join("en-us");
    let dict = model.join("cmudict-en-us.dict");
    let bad_model = |why: ModelTrouble| AdaptError::Model { dir: hmm.clone(), why };
    let unreadable = |file: &'static str| move |e: io::Error| bad_model(ModelTrouble::Unreadable { file, why: OsReason::from(&e) });
    let params_text = fs::read_to_string(hmm.join("feat.params")).map_err(unreadable("feat.params"))?;
    let params = feat_params(&params_text);
    let param = |k: &str| params.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
    let ts2cb = match param("model").as_deref() {
        Some("ptm") => ".ptm.",
        Some("semi") => ".semi.",
        _ => ".cont.",
    };
    let tools = tools()?;
    let parent = out.parent().unwrap_or(Path::new("."));
    let folder = |dir: &Path| {
        let dir = dir.to_owned();
        move |e: io::Error| AdaptError::Folder { dir: dir.clone(), why: OsReason::from(&e) }
    };
    fs::create_dir_all(parent).map_err(folder(parent))?;
    let name = out.file_name().map_or_else(|| FOLDER.to_owned(), |n| n.to_string_lossy().into_owned());
    let work = parent.join(format!(".{name}.work"));
    let _ = fs::remove_dir_all(&work);
    let new = work.join("new");
    let new_takes = new.join(TAKES);
    fs::create_dir_all(&new_takes).map_err(folder(&new_takes))?;
    // The recordings, as the 16 kHz mono 16-bit files the tools read.
    let mut fileids = String::new();
    let mut transcription = String::new();
    for (i, t) in takes.iter().enumerate() {
        let take_err = |why: TakeTrouble| AdaptError::Take { file: t.wav.clone(), prompt: t.words.clone(), why };
        let pcm = crate::hearing::wav::read_wav(&t.wav).map_err(|e| take_err(TakeTrouble::Unreadable(e)))?;
        if pcm.len() < 1600 {
            return Err(take_err(TakeTrouble::TooShort));
        }
        let id = format!("{:02}", i + 1);
        let path = new_takes.join(take_name(i + 1));
        write_wav(&path, &pcm)?;
        let words = t.words.to_lowercase().split_whitespace().collect::<Vec<_>>().join(" ");
        fileids.push_str(&format!("{TAKES}/{id}\n"));
        transcription.push_str(&format!("<s> {words} </s> ({id})\n"));
    }
    let write = |name: &str, bytes: &[u8]| fs::write(work.join(name), bytes).map_err(folder(&work.join(name)));
    write("fileids", fileids.as_bytes())?;
    write("transcription", transcription.as_bytes())?;
    fs::write(new.join("takes.txt"), &transcription).map_err(folder(&new))?;
    // The two inputs Debian's model lacks.
    let sendump = fs::read(hmm.join("sendump")).map_err(unreadable("sendump"))?;
    write("mixture_weights", &mixture_weights(&sendump).map_err(|e| bad_model(ModelTrouble::Weights(e)))?)?;
    let s = |p: &Path| p.display().to_string();
    let mdef = work.join("mdef.txt");
    run(&tools.mdef, &["-text".into(), s(&hmm.join("mdef")), s(&mdef)], &work.join("mdef.log"))?;
    // Features.
    let mut fe = vec!["-argfile".into(), s(&hmm.join("feat.params")), "-samprate".into(), "16000".into()];
    fe.extend(["-c".into(), s(&work.join("fileids")), "-di".into(), s(&new), "-do".into(), s(&work)]);
    fe.extend(["-ei", "wav", "-eo", "mfc", "-mswav", "yes"].map(String::from));
    fs::create_dir_all(work.join(TAKES)).map_err(folder(&work))?;
    run(&tools.fe, &fe, &work.join("fe.log"))?;
    // Counts.
    // The model as both tools read it.
    let model_args: Vec<String> = vec![
        "-moddeffn".into(), s(&mdef),
        "-ts2cbfn".into(), ts2cb.into(),
        "-meanfn".into(), s(&hmm.join("means")),
        "-varfn".into(), s(&hmm.join("variances")),
        "-mixwfn".into(), s(&work.join("mixture_weights")),
        "-tmatfn".into(), s(&hmm.join("transition_matrices")),
    ];
    // The counts in `parts` parts of the recordings at once, each in a
    // folder of its own, which map_adapt sums.
    let parts = parts.clamp(1, takes.len().max(1));
    let accum: Vec<PathBuf> = (1..=parts).map(|k| work.join(format!("counts-{k}"))).collect();
    for dir in &accum {
        fs::create_dir_all(dir).map_err(folder(dir))?;
    }
    let mut bw = model_args.clone();
    bw.extend([
        "-dictfn".into(), s(&dict),
        "-fdictfn".into(), s(&hmm.join("noisedict")),
        "-ctlfn".into(), s(&work.join("fileids")),
        "-lsnfn".into(), s(&work.join("transcription")),
        "-cepdir".into(), s(&work),
    ]);
    for k in ["feat", "svspec", "cmn", "agc", "varnorm", "lda", "ldadim", "ceplen"] {
        if let Some(v) = param(k) {
            bw.push(format!("-{k}"));
            bw.push(v);
        }
    }
    std::thread::scope(|scope| {
        let runs: Vec<_> = accum
            .iter()
            .enumerate()
            .map(|(k, dir)| {
                let mut args = bw.clone();
                args.extend(["-npart".into(), parts.to_string(), "-part".into(), (k + 1).to_string(), "-accumdir".into(), s(dir)]);
                let (bw, log) = (&tools.bw, work.join(format!("bw-{}.log", k + 1)));
                scope.spawn(move || run(bw, &args, &log))
            })
            .collect();
        // Every part is waited for; the first failure is the one said.
        let done: Vec<Result<(), AdaptError>> = runs.into_iter().map(|r| r.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect();
        done.into_iter().collect::<Result<(), AdaptError>>()
    })?;
    // The adapted model.
    let mut map = model_args;
    // A list of folders, as the tools' command lines take one: by commas.
    map.push("-accumdir".into());
    map.push(accum.iter().map(|d| s(d)).collect::<Vec<_>>().join(","));
    map.extend([
        "-mapmeanfn".into(), s(&new.join("means")),
        "-mapvarfn".into(), s(&new.join("variances")),
        "-mapmixwfn".into(), s(&work.join("map_mixture_weights")),
        "-maptmatfn".into(), s(&work.join("map_transition_matrices")),
    ]);
    run(&tools.map, &map, &work.join("map.log"))?;
    // Into place: the old folder aside, the new one in, the old one gone.
    let old = work.join("old");
    if out.exists() {
        fs::rename(out, &old).map_err(folder(out))?;
    }
    fs::rename(&new, out).map_err(folder(out))?;
    let _ = fs::remove_dir_all(&work);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hearing::wav::MicTrouble;

    /// The 32-bit words after a model file's header (its dimensions, its
    /// values and its checksum), as floats.
    fn model_words(path: &Path) -> Vec<f32> {
        let bytes = fs::read(path).unwrap();
        let start = bytes.windows(7).position(|w| w == b"endhdr\n").unwrap() + 7;
        bytes[start..].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }

    /// How many of `a`'s words differ from `b`'s by more than a thousandth.
    fn differing(a: &[f32], b: &[f32]) -> usize {
        assert_eq!(a.len(), b.len());
        a.iter().zip(b).filter(|(x, y)| (*x - *y).abs() > 1e-3 * x.abs().max(1e-3)).count()
    }

    /// The counts gathered in two parts make the model sphinxtrain makes
    /// from them in one (up to the order floats are added in), and not the
    /// model one part alone would make.
    #[cfg(feature = "pocketsphinx")]
    #[test]
    fn counts_gathered_in_parts_make_the_model_of_one_part() {
        let scratch = tempfile::tempdir().unwrap();
        let work = scratch.path();
        let takes: Vec<Take> = prompts()
            .iter()
            .take(8)
            .enumerate()
            .map(|(i, words)| {
                let wav = work.join(format!("say-{i}.wav"));
                let said = Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&wav).arg(words).status().expect("espeak-ng (scripts/setup.sh --test installs it)");
                assert!(said.success());
                Take { wav, words: words.clone() }
            })
            .collect();
        let model = Path::new(crate::hearing::sphinx::DEFAULT_MODEL);
        let made = |takes: &[Take], parts: usize, name: &str| {
            let out = work.join(name);
            adapt_in_parts(model, takes, &out, parts).unwrap();
            (model_words(&out.join("means")), model_words(&out.join("variances")))
        };
        let one = made(&takes, 1, "one");
        let two = made(&takes, 2, "two");
        let first_half = made(&takes[..4], 1, "half");
        let installed = model_words(&model.join("en-us/means"));
        let (moved, half, apart) = (differing(&one.0, &installed), differing(&one.0, &first_half.0), differing(&one.0, &two.0));
        let apart_variances = differing(&one.1, &two.1);
        eprintln!("means moved by adapting: {moved}; by half the recordings: {half}; in two parts: {apart} (variances {apart_variances}) of {}", one.0.len());
        // Adapting moves the means, and half the recordings move them otherwise.
        assert!(moved > 1000 && half > 100, "adapting moved {moved} means, half the recordings {half}");
        // In two parts: the same, but for a few values of Gaussians seen
        // a handful of times (a thousandth of them at most, and far fewer
        // than one part alone would change).
        assert!(apart * 1000 <= one.0.len() && apart * 10 <= half, "means: {apart} of {} differ", one.0.len());
        assert!(apart_variances * 1000 <= one.1.len(), "variances: {apart_variances} of {} differ", one.1.len());
    }

    #[test]
    fn the_prompts_cover_every_square_and_piece() {
        let p = prompts();
        assert_eq!(p.len(), 36);
        let words: Vec<&str> = p.iter().flat_map(|l| l.split(' ')).collect();
        for w in ["a", "b", "c", "d", "e", "f", "g", "h", "one", "eight", "knight", "bishop", "rook", "queen", "king", "pawn", "takes", "castles", "promotes"] {
            assert!(words.contains(&w), "{w}");
        }
        for rank in ["one", "two", "three", "four", "five", "six", "seven", "eight"] {
            for file in ["a", "b", "c", "d", "e", "f", "g", "h"] {
                let square = format!("{file} {rank}");
                assert!(p.iter().any(|l| l.contains(&square)), "{square}");
            }
        }
    }

    /// A sendump of 2 features, 3 densities and 2 senones.
    fn small_sendump(bytes: &[u8]) -> Vec<u8> {
        let mut d = Vec::new();
        for s in ["BEGIN FILE FORMAT DESCRIPTION\0", "feature_count 2\0", "cluster_count 0\0"] {
            d.extend_from_slice(&(s.len() as i32).to_le_bytes());
            d.extend_from_slice(s.as_bytes());
        }
        d.extend_from_slice(&0i32.to_le_bytes());
        d.extend_from_slice(&3i32.to_le_bytes());
        d.extend_from_slice(&2i32.to_le_bytes());
        d.extend_from_slice(bytes);
        d
    }

    fn floats(mixw: &[u8]) -> Vec<f32> {
        let body = &mixw[b"s3\nversion 1.0\nendhdr\n".len() + 4 + 16..];
        body.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }

    #[test]
    fn weights_are_unpacked_per_senone_and_sum_to_one() {
        // Feature 0: densities 0..3 of senones 0 and 1; then feature 1.
        // Byte 0 is weight 1, byte 1 is 1.0001^-1024 (about 0.9027).
        let mixw = mixture_weights(&small_sendump(&[0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 0])).unwrap();
        let header = &mixw[b"s3\nversion 1.0\nendhdr\n".len() + 4..][..16];
        let dims: Vec<u32> = header.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        assert_eq!(dims, [2, 2, 3, 12], "senones, features, densities, total");
        let w = floats(&mixw);
        for row in w.chunks(3) {
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{row:?}");
        }
        // Senone 0, feature 0: all three densities weigh 1.
        assert!((w[0] - 1.0 / 3.0).abs() < 1e-6);
        // Senone 1, feature 0: 0.9027 each, so a third each too.
        assert!((w[3] - w[4]).abs() < 1e-6);
        // Senone 1, feature 1: bytes 1, 1, 0: the last density weighs most.
        assert!(w[11] > w[9] && (w[9] - w[10]).abs() < 1e-6);
        let ratio = f64::from(w[9] / w[11]);
        assert!((ratio - (-1024.0 * 1.0001f64.ln()).exp()).abs() < 1e-5);
    }

    #[test]
    fn a_damaged_sendump_is_refused_in_words() {
        let good = small_sendump(&[0; 12]);
        for cut in 0..good.len() {
            assert!(mixture_weights(&good[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = good.clone();
        longer.push(0);
        assert!(mixture_weights(&longer).is_err());
        let clustered = {
            let mut d = Vec::new();
            for s in ["x\0", "feature_count 1\0", "cluster_count 16\0"] {
                d.extend_from_slice(&(s.len() as i32).to_le_bytes());
                d.extend_from_slice(s.as_bytes());
            }
            d.extend_from_slice(&0i32.to_le_bytes());
            d
        };
        assert_eq!(mixture_weights(&clustered).unwrap_err(), WeightsTrouble::Clustered);
        assert!(mixture_weights(&[0xff; 64]).is_err());
    }

    #[test]
    fn debian_s_model_unpacks_where_it_is_installed() {
        let path = Path::new(crate::hearing::sphinx::DEFAULT_MODEL).join("en-us/sendump");
        let Ok(bytes) = fs::read(&path) else {
            panic!("{} is missing: bash scripts/setup.sh installs pocketsphinx-en-us", path.display());
        };
        let mixw = mixture_weights(&bytes).expect("Debian's sendump reads");
        let w = floats(&mixw);
        assert_eq!(w.len(), 5126 * 3 * 128);
        assert!(w.iter().all(|v| v.is_finite() && *v >= 0.0));
    }

    /// A microphone's pieces (10 ms each) from `start`: a quiet room, with
    /// a tone from `from` to `to` seconds.
    fn pieces(start: Instant, seconds: f64, from: f64, to: f64) -> Vec<(Instant, Vec<i16>)> {
        let mut x: u32 = 0x2545_f491;
        (0..(seconds * 100.0) as usize)
            .map(|k| {
                let t = k as f64 / 100.0;
                let piece = (0..160)
                    .map(|i| {
                        x ^= x << 13;
                        x ^= x >> 17;
                        x ^= x << 5;
                        let room = (x % 9) as i16 - 4;
                        let s = t + f64::from(i) / 16_000.0;
                        let tone = if (from..to).contains(&s) { (3000.0 * (s * 440.0 * std::f64::consts::TAU).sin()) as i16 } else { 0 };
                        room + tone
                    })
                    .collect();
                (start + Duration::from_secs_f64(t), piece)
            })
            .collect()
    }

    /// The pieces, all delivered already; the sender is kept, so the
    /// microphone has not stopped.
    fn delivered(pieces: Vec<(Instant, Vec<i16>)>) -> (std::sync::mpsc::Sender<Piece>, Receiver<Piece>) {
        let (tx, rx) = std::sync::mpsc::channel();
        for p in pieces {
            tx.send(Ok(p)).unwrap();
        }
        (tx, rx)
    }

    #[test]
    fn a_take_is_the_utterance_after_the_prompt_whole() {
        // Two seconds of tone before the prompt was said (tiflo's own
        // voice), then the player's 0.6 s from 1.0 s after.
        let now = Instant::now();
        let mut all = pieces(now - Duration::from_secs(3), 3.0, 0.5, 2.5);
        all.extend(pieces(now, 3.0, 1.0, 1.6));
        let (_tx, rx) = delivered(all);
        let pcm = utterance(&rx, now, Duration::from_secs(15)).unwrap().expect("heard");
        // The tone, with the preroll before it and the hangover after;
        // never the earlier tone.
        let secs = pcm.len() as f64 / 16_000.0;
        assert!((0.6..1.5).contains(&secs), "{secs} s");
    }

    #[test]
    fn an_utterance_begun_before_the_wait_ends_is_heard_to_its_end() {
        let now = Instant::now();
        let (_tx, rx) = delivered(pieces(now, 3.0, 0.5, 1.8));
        let pcm = utterance(&rx, now, Duration::from_millis(800)).unwrap().expect("heard");
        assert!(pcm.len() as f64 / 16_000.0 >= 1.3, "cut at the wait's end: {} samples", pcm.len());
    }

    #[test]
    fn nothing_begun_within_the_wait_is_not_heard() {
        let now = Instant::now();
        let (_tx, rx) = delivered(pieces(now, 3.0, 0.9, 1.8));
        assert!(utterance(&rx, now, Duration::from_millis(800)).unwrap().is_none());
        // A microphone that delivers nothing: the wait's end.
        let (_tx, rx) = std::sync::mpsc::channel();
        assert!(utterance(&rx, Instant::now(), Duration::from_millis(100)).unwrap().is_none());
        // One that failed, or stopped: said.
        let (tx, rx) = std::sync::mpsc::channel::<Piece>();
        tx.send(Err(AudioError::Mic { reason: MicTrouble::Unplugged })).unwrap();
        drop(tx);
        assert!(matches!(utterance(&rx, Instant::now(), Duration::from_secs(15)), Err(AdaptError::Microphone(MicFailure::Audio(AudioError::Mic { reason: MicTrouble::Unplugged })))));
        assert!(matches!(utterance(&rx, Instant::now(), Duration::from_secs(15)), Err(AdaptError::Microphone(MicFailure::Stopped))));
    }

    /// An adapted model's folder `folder` in `dir`, its two files made.
    fn model_folder(dir: &Path, folder: &str) -> PathBuf {
        let f = dir.join(folder);
        fs::create_dir_all(&f).unwrap();
        for file in ["means", "variances"] {
            fs::write(f.join(file), b"x").unwrap();
        }
        f
    }

    #[test]
    fn sound_at_8_khz_is_heard_with_the_telephone_band_model() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = vec![dir.path().to_owned()];
        let make = |folder: &str| model_folder(dir.path(), folder);
        // Neither: the model as installed.
        assert_eq!(for_rate(8_000, &dirs), None);
        // The player's adaptation only: used at every rate.
        let player = make(FOLDER);
        assert_eq!(for_rate(8_000, &dirs), Some(player.clone()));
        assert_eq!(for_rate(16_000, &dirs), Some(player.clone()));
        // With the telephone band's: that one at 8 kHz and under, the
        // player's above.
        let phone = make(PHONE_FOLDER);
        assert_eq!(for_rate(8_000, &dirs), Some(phone.clone()));
        assert_eq!(for_rate(6_000, &dirs), Some(phone.clone()));
        assert_eq!(for_rate(11_025, &dirs), Some(player.clone()));
        assert_eq!(for_rate(48_000, &dirs), Some(player.clone()));
        // A folder without its files is no model.
        fs::remove_file(phone.join("means")).unwrap();
        assert_eq!(find_phone(&dirs), None);
    }

    #[test]
    fn sound_at_16_khz_is_heard_with_the_hall_model_unless_the_player_has_their_own() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = vec![dir.path().to_owned()];
        let make = |folder: &str| model_folder(dir.path(), folder);
        let hall = make(HALL_FOLDER);
        assert_eq!(find_hall(&dirs), Some(hall.clone()));
        assert_eq!(for_rate(16_000, &dirs), Some(hall.clone()));
        assert_eq!(for_rate(44_100, &dirs), Some(hall.clone()));
        // Not at 8 kHz: its recordings had the whole band.
        assert_eq!(for_rate(8_000, &dirs), None);
        let phone = make(PHONE_FOLDER);
        assert_eq!(for_rate(8_000, &dirs), Some(phone.clone()));
        assert_eq!(for_rate(16_000, &dirs), Some(hall.clone()));
        // The player's own adaptation comes first at 16 kHz.
        let player = make(FOLDER);
        assert_eq!(for_rate(16_000, &dirs), Some(player.clone()));
        assert_eq!(for_rate(8_000, &dirs), Some(phone.clone()));
        assert!(made_at_setup(&hall) && made_at_setup(&phone) && !made_at_setup(&player));
        // The daemon hearing always leaves the hall model out; the player's
        // and the telephone band's it keeps.
        assert_eq!(for_listening(16_000, &dirs, false), Some(player.clone()));
        assert_eq!(for_listening(8_000, &dirs, false), Some(phone.clone()));
        // A folder without its files is no model.
        fs::remove_file(player.join("variances")).unwrap();
        assert_eq!(for_rate(16_000, &dirs), Some(hall.clone()));
        assert_eq!(for_listening(16_000, &dirs, true), Some(hall.clone()));
        assert_eq!(for_listening(16_000, &dirs, false), None);
        fs::remove_file(hall.join("means")).unwrap();
        assert_eq!(for_rate(16_000, &dirs), None);
    }

    #[test]
    fn feat_params_pairs() {
        let p = feat_params("-lowerf 130\n-feat 1s_c_d_dd\n\n-model ptm\nnoise\n");
        assert_eq!(p, [("lowerf", "130"), ("feat", "1s_c_d_dd"), ("model", "ptm")].map(|(a, b)| (a.to_owned(), b.to_owned())));
    }
}
