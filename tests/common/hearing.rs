//! A synthesised corpus of spoken moves for the hearing tests and the
//! hearing benchmark, for any language pack and recogniser.
//!
//! Positions (openings, the positions of a whole game, ambiguity,
//! promotions, en passant, castling), moves in each said as tiflo would say
//! them (`Announcer`, short or long, with the chosen file words), spoken by
//! espeak-ng in several voices and rates, converted to 16 kHz mono by sox,
//! and optionally mixed with pink noise made by sox at a chosen
//! signal-to-noise ratio. Every case is decoded through the real pipeline
//! (`listen::hear_samples`: endpointer, recogniser with the position's
//! grammar, `Understander`). Nothing is committed: the sound is made anew
//! in a temporary folder. A missing tool is an error naming what to install.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use tiflo::speaking::announce::{Announcer, Files, Style};
use tiflo::hearing::audio::{EndpointConfig, level_db};
use tiflo::hearing::ear::hear_samples;
use tiflo::hearing::wav::read_wav;
use tiflo::hearing::recognizer::Recognizer;
use tiflo::hearing::understand::{Decision, Understander};

/// Fails with a clear message when espeak-ng or sox cannot run, or
/// espeak-ng has no voice for `lang`.
pub fn check_tools(lang: &str) -> Result<(), String> {
    for (tool, arg) in [("espeak-ng", "--version"), ("sox", "--version")] {
        match Command::new(tool).arg(arg).output() {
            Ok(o) if o.status.success() => {}
            _ => return Err(format!("{tool} is needed to synthesise the test speech: run `bash scripts/setup.sh --test`")),
        }
    }
    let voices = Command::new("espeak-ng").arg(format!("--voices={lang}")).output().map_err(|e| e.to_string())?;
    if !String::from_utf8_lossy(&voices.stdout).lines().skip(1).any(|l| !l.trim().is_empty()) {
        return Err(format!("espeak-ng has no voice for {lang}"));
    }
    Ok(())
}

fn fen(f: &str) -> Chess {
    f.parse::<Fen>().expect("a FEN").into_position(CastlingMode::Standard).expect("a legal position")
}

fn after(ucis: &[&str]) -> Chess {
    let mut p = Chess::default();
    for u in ucis {
        let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap_or_else(|_| panic!("{u}"));
        p.play_unchecked(m);
    }
    p
}

/// A position and the moves said in it.
#[derive(Clone, Debug)]
pub struct Spot {
    pub name: String,
    pub pos: Chess,
    pub moves: Vec<Move>,
}

/// Picks `n` legal moves of `pos`: `first` (if legal) and then moves spread
/// over the move list, different pieces and squares, the same every run.
fn pick(pos: &Chess, first: Option<&str>, n: usize) -> Vec<Move> {
    let legal = pos.legal_moves();
    let mut out: Vec<Move> = Vec::new();
    if let Some(m) = first.and_then(|u| u.parse::<UciMove>().ok()).and_then(|u| u.to_move(pos).ok()) {
        out.push(m);
    }
    // A fixed permutation of the move list (7919 is prime, so every move
    // comes once), spreading the picks over pieces and squares.
    for k in 0..legal.len() {
        if out.len() >= n {
            break;
        }
        let m = legal[(k * 7919 + 3) % legal.len()];
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// The spots: the special positions with their moves, and the position
/// before each move of a whole game with that move and others.
pub fn spots(per_position: usize) -> Vec<Spot> {
    let mut out = Vec::new();
    let named: Vec<(&str, Chess, Vec<&str>)> = vec![
        ("start", Chess::default(), vec!["e2e4", "d2d4", "g1f3", "b1c3", "c2c4", "g2g3", "f2f4", "b2b3"]),
        ("1.e4 d5: a capture", after(&["e2e4", "d7d5"]), vec!["e4d5", "e4e5", "b1c3", "f1b5"]),
        (
            "both castlings",
            fen("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"),
            vec!["e1g1", "e1c1", "h2h3", "f3g5", "e3c5", "a1d1"],
        ),
        (
            "black castles",
            fen("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/2KR3R b kq - 0 1"),
            vec!["e8g8", "e8c8", "h7h6", "f6g4"],
        ),
        ("promotions", fen("3r4/4P1k1/8/8/8/8/5K2/8 w - - 0 1"), vec!["e7e8q", "e7e8n", "e7d8q", "e7d8r", "f2e3"]),
        ("en passant", fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), vec!["e5d6", "e5e6", "e1d2"]),
        ("two knights reach d2", fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"), vec!["b1d2", "f3d2", "f3e5", "b1c3"]),
        ("two rooks on the first rank", fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1"), vec!["a1d1", "h1d1", "a1a7", "h1h8"]),
        (
            "middlegame captures",
            fen("r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 0 1"),
            vec!["g5f7", "c4f7", "d2d4", "e1g1"],
        ),
    ];
    for (name, pos, ucis) in named {
        let moves = ucis.iter().map(|u| u.parse::<UciMove>().unwrap().to_move(&pos).unwrap()).collect();
        out.push(Spot { name: name.to_owned(), pos, moves });
    }
    // A whole game (the "Opera game", Paris 1858): the position before each
    // move, with that move and others.
    let game = [
        "e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3", "d6e5", "f1c4", "g8f6", "f3b3",
        "d8e7", "b1c3", "c7c6", "c1g5", "b7b5", "c3b5", "c6b5", "c4b5", "b8d7", "e1c1", "a8d8", "d1d7", "d8d7",
        "h1d1", "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8",
    ];
    let mut pos = Chess::default();
    for (i, u) in game.iter().enumerate() {
        let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        if i > 0 {
            out.push(Spot { name: format!("game, ply {}", i + 1), pos: pos.clone(), moves: pick(&pos, Some(u), per_position) });
        }
        pos.play_unchecked(m);
    }
    out
}

/// How the speech is made: espeak-ng arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    pub name: String,
    pub args: Vec<String>,
}

impl Voice {
    pub fn new(args: &str) -> Voice {
        Voice { name: format!("espeak-ng {args}"), args: args.split_whitespace().map(str::to_owned).collect() }
    }
}

/// One spoken move.
#[derive(Clone, Debug)]
pub struct Case {
    pub position: String,
    pub pos: Chess,
    pub mv: Move,
    pub phrase: String,
    pub style: Style,
    pub files: Files,
    pub voice: Voice,
    /// the signal-to-noise ratio of mixed-in noise (dB), or clean
    pub snr: Option<f32>,
}

/// The cases: every move of every spot said once, the voice, the style and
/// the file words taken in turn, so every combination is heard.
pub fn cases(pack: &str, spots: &[Spot], voices: &[Voice], styles: &[Style], files: &[Files]) -> Vec<Case> {
    let mut out = Vec::new();
    let mut k = 0usize;
    for s in spots {
        for m in &s.moves {
            let style = styles[k % styles.len()];
            let file = files[(k / styles.len()) % files.len()];
            let voice = voices[k % voices.len()].clone();
            k += 1;
            let a = Announcer::new(pack, style, file).expect("the language pack");
            let mut after = s.pos.clone();
            after.play_unchecked(*m);
            let phrase = a.phrase(&s.pos, *m, &after);
            out.push(Case { position: s.name.clone(), pos: s.pos.clone(), mv: *m, phrase, style, files: file, voice, snr: None });
        }
    }
    out
}

/// The same cases with noise at `snr` dB.
pub fn noisy(cases: &[Case], snr: f32) -> Vec<Case> {
    cases.iter().cloned().map(|c| Case { snr: Some(snr), ..c }).collect()
}

fn run_tool(cmd: &mut Command, what: &str) -> Result<(), String> {
    let st = cmd.status().map_err(|e| format!("{what}: {e}"))?;
    if st.success() { Ok(()) } else { Err(format!("{what} failed")) }
}

/// Speaks `text` into `wav` (16 kHz mono 16-bit, half a second of silence
/// around it, as a microphone gives with pauses). sox's dither is made
/// repeatable (`-R`), so the same phrase is the same sound in every run.
pub fn synthesise(text: &str, voice: &Voice, wav: &Path) -> Result<(), String> {
    let raw = wav.with_extension("raw.wav");
    run_tool(Command::new("espeak-ng").args(&voice.args).arg("-w").arg(&raw).arg(text), "espeak-ng")?;
    run_tool(
        Command::new("sox").arg("-R").arg(&raw).args(["-r", "16000", "-c", "1", "-b", "16"]).arg(wav).args(["pad", "0.5", "0.5"]),
        "sox",
    )?;
    let _ = std::fs::remove_file(raw);
    Ok(())
}

/// Speech with pink noise made by sox mixed in at `snr` dB below the
/// level of the speech (measured over its voiced 10 ms frames).
pub fn with_noise(speech: &[i16], snr: f32, work: &Path, seed: usize) -> Result<Vec<i16>, String> {
    let noise_wav = work.join(format!("noise-{seed}.wav"));
    let secs = format!("{:.3}", speech.len() as f64 / 16_000.0 + 0.1);
    run_tool(
        Command::new("sox")
            .args(["-R", "-n", "-r", "16000", "-c", "1", "-b", "16"])
            .arg(&noise_wav)
            .args(["synth", &secs, "pinknoise", "vol", "0.3"]),
        "sox (noise)",
    )?;
    let noise = read_wav(&noise_wav).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&noise_wav);
    let loud: Vec<f32> = speech
        .chunks(160)
        .map(level_db)
        .filter(|db| *db > -40.0)
        .collect();
    let speech_db = if loud.is_empty() { -20.0 } else { 10.0 * (loud.iter().map(|d| 10f32.powf(d / 10.0)).sum::<f32>() / loud.len() as f32).log10() };
    let noise_db = level_db(&noise);
    let gain = 10f32.powf((speech_db - snr - noise_db) / 20.0);
    Ok(speech
        .iter()
        .zip(noise.iter().cycle())
        .map(|(s, n)| (f32::from(*s) + f32::from(*n) * gain).round().clamp(-32768.0, 32767.0) as i16)
        .collect())
}

/// What became of one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// the right move accepted
    Accept,
    /// asked, the right move offered first
    AskFirst,
    /// asked, the right move offered but not first
    AskLater,
    /// asked without the right move
    AskWrong,
    /// another move accepted
    WrongAccept,
    /// nothing read as a move
    Reject,
}

/// One case decoded.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub case: Case,
    pub heard: Vec<Vec<String>>,
    pub outcome: Outcome,
    /// audio length
    pub audio: Duration,
    /// recogniser and understander time for the utterance
    pub compute: Duration,
    /// from the end of the utterance to the decision
    pub latency: Duration,
    /// utterances the endpointer found (1 expected)
    pub utterances: usize,
}

/// Synthesises and decodes `cases` with one recogniser; `work` holds the
/// sound files (a clean case's speech is reused by its noisy twin).
pub fn run(cases: &[Case], pack: &str, rec: &mut dyn Recognizer, work: &Path) -> Result<Vec<Decoded>, String> {
    let understander = Understander::new(pack).ok_or_else(|| format!("no language pack {pack}"))?;
    run_with(cases, rec, work, |_| &understander)
}

/// As `run`, with each case's grammar offering only the file words of the
/// style it is said in (the `hear-files` setting).
pub fn run_own_files(cases: &[Case], pack: &str, rec: &mut dyn Recognizer, work: &Path) -> Result<Vec<Decoded>, String> {
    let styles = [Files::Letters, Files::Fide, Files::Nato, Files::Phonetic];
    let understanders = styles
        .iter()
        .map(|f| Understander::new(pack).map(|u| u.with_files(*f)).ok_or_else(|| format!("no language pack {pack}")))
        .collect::<Result<Vec<_>, String>>()?;
    run_with(cases, rec, work, |c| &understanders[styles.iter().position(|f| *f == c.files).unwrap_or(0)])
}

fn run_with<'u>(
    cases: &[Case],
    rec: &mut dyn Recognizer,
    work: &Path,
    understander_of: impl Fn(&Case) -> &'u Understander,
) -> Result<Vec<Decoded>, String> {
    let mut out = Vec::new();
    for c in cases {
        let understander = understander_of(c);
        let key = format!("{}|{}", c.voice.name, c.phrase);
        let wav = work.join(format!("{:016x}.wav", fxhash(&key)));
        if !wav.exists() {
            synthesise(&c.phrase, &c.voice, &wav)?;
        }
        let mut pcm = read_wav(&wav).map_err(|e| e.to_string())?;
        if let Some(snr) = c.snr {
            pcm = with_noise(&pcm, snr, work, fxhash(&key) as usize)?;
        }
        let audio = Duration::from_secs_f64(pcm.len() as f64 / 16_000.0);
        let utts = hear_samples(rec, understander, &c.pos, &pcm, &EndpointConfig::default()).map_err(|e| e.to_string())?;
        // The decision on the whole phrase: the last utterance's when the
        // endpointer cut it (a failure below unless right).
        let (heard, decision, latency) = match utts.last() {
            Some(u) => (u.heard.clone(), u.decision.clone(), u.latency),
            None => (Vec::new(), Decision::Reject, Duration::ZERO),
        };
        let compute = utts.iter().map(|u| u.compute).sum();
        let outcome = match &decision {
            Decision::Accept(m) if *m == c.mv => Outcome::Accept,
            Decision::Accept(_) => Outcome::WrongAccept,
            Decision::Ask(ms) if ms.first() == Some(&c.mv) => Outcome::AskFirst,
            Decision::Ask(ms) if ms.contains(&c.mv) => Outcome::AskLater,
            Decision::Ask(_) => Outcome::AskWrong,
            Decision::Reject => Outcome::Reject,
        };
        out.push(Decoded { case: c.clone(), heard, outcome, audio, compute, latency, utterances: utts.len() });
    }
    Ok(out)
}

/// Runs `cases` on `threads` threads, each with its own recogniser.
pub fn run_parallel<R, F>(cases: &[Case], pack: &str, open: F, work: &Path, threads: usize) -> Result<Vec<Decoded>, String>
where
    R: Recognizer,
    F: Fn() -> Result<R, String> + Sync,
{
    let threads = threads.max(1);
    let chunk = cases.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .enumerate()
            .map(|(i, part)| {
                let open = &open;
                // Each thread its own folder: no file is written by one
                // while another reads it.
                let work = work.join(format!("thread-{i}"));
                s.spawn(move || -> Result<Vec<Decoded>, String> {
                    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
                    let mut rec = open()?;
                    run(part, pack, &mut rec, &work)
                })
            })
            .collect();
        let mut out = Vec::new();
        for h in handles {
            out.extend(h.join().map_err(|_| "a decoding thread panicked".to_owned())??);
        }
        Ok(out)
    })
}

/// The voice a player adapts the recogniser with: the same espeak-ng voice
/// 20 words a minute slower (espeak-ng's rate is 175 when not given), so
/// that no adaptation recording is the same sound as a phrase heard later.
pub fn enrolment_voice(v: &Voice) -> Voice {
    let mut args = v.args.clone();
    match args.iter().position(|a| a == "-s") {
        Some(i) if i + 1 < args.len() => {
            let rate: u32 = args[i + 1].parse().unwrap_or(175);
            args[i + 1] = (rate - 20).to_string();
        }
        _ => args.extend(["-s".to_owned(), "155".to_owned()]),
    }
    Voice { name: format!("espeak-ng {}", args.join(" ")), args }
}

/// Adapts pocketsphinx to `voice` as `tiflo adapt --wavs` does: the
/// adaptation phrases (`tiflo::hearing::adapt::prompts`) said by
/// `enrolment_voice(voice)`, adapted into a folder under `work`, returned.
pub fn adapt_to(voice: &Voice, work: &Path) -> Result<PathBuf, String> {
    let enrol = enrolment_voice(voice);
    let dir = work.join(format!("enrol-{:016x}", fxhash(&enrol.name)));
    let wavs = dir.join("wavs");
    std::fs::create_dir_all(&wavs).map_err(|e| e.to_string())?;
    let mut takes = Vec::new();
    for (i, p) in tiflo::hearing::adapt::prompts().iter().enumerate() {
        let wav = wavs.join(tiflo::hearing::adapt::take_name(i + 1));
        synthesise(p, &enrol, &wav)?;
        takes.push(tiflo::hearing::adapt::Take { wav, words: p.clone() });
    }
    let out = dir.join(tiflo::hearing::adapt::FOLDER);
    tiflo::hearing::adapt::adapt(Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), &takes, &out).map_err(|e| e.to_string())?;
    Ok(out)
}

/// Runs `run` on `cases` voice by voice, each with pocketsphinx adapted to
/// that voice (`adapt_to`); `run` gets the voice's cases, a recogniser
/// opener and a scratch folder of its own.
fn by_adapted_voice<C: Clone, D>(
    cases: &[C],
    voice_of: impl Fn(&C) -> &Voice,
    work: &Path,
    run: impl Fn(&[C], &(dyn Fn() -> Result<tiflo::hearing::sphinx::Sphinx, String> + Sync), &Path) -> Result<Vec<D>, String>,
) -> Result<Vec<D>, String> {
    let mut voices: Vec<&Voice> = Vec::new();
    for c in cases {
        if !voices.contains(&voice_of(c)) {
            voices.push(voice_of(c));
        }
    }
    let mut out = Vec::new();
    for v in voices {
        let adapted = adapt_to(v, work)?;
        let mine: Vec<C> = cases.iter().filter(|c| voice_of(c) == v).cloned().collect();
        let open = || {
            tiflo::hearing::sphinx::Sphinx::open_adapted(Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), Some(&adapted)).map_err(|e| e.to_string())
        };
        out.extend(run(&mine, &open, &work.join(format!("decode-{:016x}", fxhash(&v.name))))?);
    }
    Ok(out)
}

/// Runs `cases` voice by voice, each with pocketsphinx adapted to that
/// voice (`adapt_to`), on `threads` threads.
pub fn run_adapted(cases: &[Case], pack: &str, work: &Path, threads: usize) -> Result<Vec<Decoded>, String> {
    by_adapted_voice(cases, |c| &c.voice, work, |mine, open, dir| run_parallel(mine, pack, open, dir, threads))
}

/// The spoken commands, voice by voice, each with pocketsphinx adapted to
/// that voice.
pub fn run_commands_adapted(cases: &[CommandCase], work: &Path, threads: usize) -> Result<Vec<CommandDecoded>, String> {
    by_adapted_voice(cases, |c| &c.voice, work, |mine, open, dir| {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        run_commands(mine, open, dir, threads)
    })
}

fn fxhash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// A scratch folder for the sound files.
pub fn work_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tiflo-hearing-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("a scratch folder");
    d
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Counts of one group of results.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub utterances: usize,
    pub accept: usize,
    pub ask_first: usize,
    pub ask_later: usize,
    pub ask_wrong: usize,
    pub wrong_accept: usize,
    pub reject: usize,
    pub rtf: f64,
    pub median: Duration,
    pub p95: Duration,
}

impl Summary {
    pub fn of(results: &[&Decoded]) -> Summary {
        let mut s = Summary { utterances: results.len(), ..Summary::default() };
        for r in results {
            match r.outcome {
                Outcome::Accept => s.accept += 1,
                Outcome::AskFirst => s.ask_first += 1,
                Outcome::AskLater => s.ask_later += 1,
                Outcome::AskWrong => s.ask_wrong += 1,
                Outcome::WrongAccept => s.wrong_accept += 1,
                Outcome::Reject => s.reject += 1,
            }
        }
        let audio: f64 = results.iter().map(|r| r.audio.as_secs_f64()).sum();
        let compute: f64 = results.iter().map(|r| r.compute.as_secs_f64()).sum();
        s.rtf = if audio > 0.0 { compute / audio } else { 0.0 };
        let mut lat: Vec<Duration> = results.iter().map(|r| r.latency).collect();
        lat.sort();
        s.median = percentile(&lat, 0.5);
        s.p95 = percentile(&lat, 0.95);
        s
    }

    /// The right move accepted or offered first, as a fraction.
    pub fn right_first(&self) -> f64 {
        if self.utterances == 0 { 0.0 } else { (self.accept + self.ask_first) as f64 / self.utterances as f64 }
    }
}

/// A markdown table with one row per group (`group` names a result's row)
/// and the total.
pub fn table(results: &[Decoded], group: impl Fn(&Decoded) -> String) -> String {
    let mut out = String::from(
        "| speech | utterances | correct accepts | correct asks (right move first) | right move offered later | asks without it | wrong accepts | rejects | right first | real-time factor | latency median (ms) | latency p95 (ms) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut names: Vec<String> = results.iter().map(&group).collect();
    names.sort();
    names.dedup();
    names.push("all".to_owned());
    for name in names {
        let rows: Vec<&Decoded> = results.iter().filter(|r| name == "all" || group(r) == name).collect();
        let s = Summary::of(&rows);
        out.push_str(&format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {:.1} % | {:.3} | {:.1} | {:.1} |\n",
            s.utterances,
            s.accept,
            s.ask_first,
            s.ask_later,
            s.ask_wrong,
            s.wrong_accept,
            s.reject,
            100.0 * s.right_first(),
            s.rtf,
            s.median.as_secs_f64() * 1000.0,
            s.p95.as_secs_f64() * 1000.0,
        ));
    }
    out
}

/// The cases that did not end with the right move accepted, one a line.
pub fn misses(results: &[Decoded]) -> String {
    let mut out = String::new();
    for r in results.iter().filter(|r| r.outcome != Outcome::Accept) {
        let uci = r.case.mv.to_uci(CastlingMode::Standard);
        out.push_str(&format!(
            "{:?}\t{}\t{:?}\t{}\t{}\t{:?}\theard {:?}\tutterances {}\n",
            r.outcome, r.case.voice.name, r.case.snr, r.case.position, uci, r.case.phrase, r.heard, r.utterances
        ));
    }
    out
}

// --- Spoken commands ---------------------------------------------------------

/// One spoken command in a position.
#[derive(Clone, Debug)]
pub struct CommandCase {
    pub position: String,
    pub pos: Chess,
    pub phrase: String,
    pub voice: Voice,
    pub snr: Option<f32>,
}

const NATO: [&str; 8] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
const LETTERS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
const RANKS: [&str; 8] = ["one", "two", "three", "four", "five", "six", "seven", "eight"];

/// English command phrases for `pos`, the `k`-th onwards in a fixed
/// rotation: every kind of command (a word alone, a square, pieces of a
/// colour, a rank, a file, legal moves of a piece or from a square, the
/// last moves), squares and pieces taken from the position, files said as
/// NATO words or letters in turn.
fn command_phrases(pos: &Chess, k: usize, n: usize) -> Vec<String> {
    let words = [
        "clock", "repeat", "board", "moves", "last", "help", "draw", "accept", "decline", "claim", "resign", "transfers",
        "done", "touched", "time", "scoresheet", "again", "where", "takeback",
    ];
    let board = pos.board();
    let occupied: Vec<shakmaty::Square> = board.occupied().into_iter().collect();
    let own: Vec<shakmaty::Square> = board.by_color(pos.turn()).into_iter().collect();
    let roles = ["king", "queen", "rook", "bishop", "knight", "pawn"];
    let mut out = Vec::new();
    for j in k..k + n {
        let file = |f: shakmaty::File| if j % 2 == 0 { NATO[usize::from(f)] } else { LETTERS[usize::from(f)] };
        let sq = occupied[(j * 7) % occupied.len()];
        let mine = own[(j * 5) % own.len()];
        let role = roles[j % roles.len()];
        let colour = if j % 3 == 0 { "white " } else if j % 3 == 1 { "black " } else { "" };
        let phrase = match j % 9 {
            0 | 5 => words[(j / 9 + j) % words.len()].to_owned(),
            1 => format!("square {} {}", file(sq.file()), RANKS[usize::from(sq.rank())]),
            2 => format!("pieces {colour}{role}"),
            3 => format!("rank {}", RANKS[(j / 9) % 8]),
            4 => format!("file {}", NATO[(j / 9) % 8]),
            6 => format!("legal {role}"),
            // "legal echo two": the file said as a word (the grammar has no
            // letters there).
            7 => format!("legal {} {}", NATO[usize::from(mine.file())], RANKS[usize::from(mine.rank())]),
            _ => format!("last {} moves", RANKS[1 + (j / 9) % 7]),
        };
        // "where" alone asks nothing: it takes a piece.
        out.push(if phrase == "where" { format!("where {colour}{role}") } else { phrase });
    }
    out
}

/// `per_spot` commands in each spot, the voices taken in turn.
pub fn command_cases(spots: &[Spot], voices: &[Voice], per_spot: usize) -> Vec<CommandCase> {
    let mut out = Vec::new();
    let mut k = 0usize;
    for s in spots {
        for phrase in command_phrases(&s.pos, k, per_spot) {
            let voice = voices[k % voices.len()].clone();
            k += 1;
            out.push(CommandCase { position: s.name.clone(), pos: s.pos.clone(), phrase, voice, snr: None });
        }
    }
    out
}

/// What became of one spoken command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CommandOutcome {
    /// understood as said
    Right,
    /// taken for another command
    Wrong,
    /// taken for a move: read back as a question, nothing done
    AsMove,
    /// not understood: said so, nothing done
    Reject,
}

/// One command decoded.
#[derive(Clone, Debug)]
pub struct CommandDecoded {
    pub case: CommandCase,
    pub want: String,
    pub got: String,
    pub outcome: CommandOutcome,
}

/// Decodes `cases` through the daemon's own listener (`Ear`: the
/// endpointer, the recogniser with the grammar of moves and commands,
/// `Hearing::interpret`), one recogniser per thread. The expected event is
/// what the phrase's own words mean.
pub fn run_commands<R, F>(cases: &[CommandCase], open: F, work: &Path, threads: usize) -> Result<Vec<CommandDecoded>, String>
where
    R: Recognizer + Send + 'static,
    F: Fn() -> Result<R, String> + Sync,
{
    use tiflo::hearing::grammar::Hearing;
    use tiflo::hearing::ear::Ear;
    use tiflo::notation::Lang;
    use tiflo::game::event::Event;
    let threads = threads.max(1);
    let chunk = cases.len().div_ceil(threads).max(1);
    let name = |e: &Option<Event>| match e {
        None => "nothing".to_owned(),
        Some(Event::Heard { moves, .. }) if moves.is_empty() => "not understood".to_owned(),
        Some(Event::Heard { moves, .. }) => format!("moves {:?}", moves.iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect::<Vec<_>>()),
        Some(other) => format!("{other:?}"),
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .enumerate()
            .map(|(i, part)| {
                let open = &open;
                let work = work.join(format!("commands-{i}"));
                s.spawn(move || -> Result<Vec<CommandDecoded>, String> {
                    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
                    let hearing = Hearing::new(Lang::En).ok_or("no English words")?;
                    let oracle = Hearing::new(Lang::En).ok_or("no English words")?;
                    let mut ear = Ear::new(Box::new(open()?), hearing, EndpointConfig::default());
                    let mut out = Vec::new();
                    for c in part {
                        let key = format!("{}|{}", c.voice.name, c.phrase);
                        let wav = work.join(format!("{:016x}.wav", fxhash(&key)));
                        if !wav.exists() {
                            synthesise(&c.phrase, &c.voice, &wav)?;
                        }
                        let mut pcm = read_wav(&wav).map_err(|e| e.to_string())?;
                        if let Some(snr) = c.snr {
                            pcm = with_noise(&pcm, snr, &work, fxhash(&key) as usize)?;
                        }
                        let words: Vec<String> = c.phrase.split_whitespace().map(str::to_owned).collect();
                        let moment = tiflo::game::event::Moment::at(c.pos.clone());
                        let want = oracle.interpret(&moment, &[words], false);
                        let mut events = ear.hear(&pcm, false, &moment).map_err(|e| e.to_string())?;
                        events.extend(ear.flush(&moment).map_err(|e| e.to_string())?);
                        let got = events.pop();
                        // Lines are compared as the commands they type
                        // ("rank 3" and "row 3" are one command).
                        let command = |e: &Option<Event>| match e {
                            Some(Event::Said { command, .. }) => Some(command.clone()),
                            _ => None,
                        };
                        let outcome = match &got {
                            g if *g == want => CommandOutcome::Right,
                            g if command(g).is_some() && command(g) == command(&want) => CommandOutcome::Right,
                            Some(Event::Heard { moves, .. }) if !moves.is_empty() => CommandOutcome::AsMove,
                            None | Some(Event::Heard { .. }) => CommandOutcome::Reject,
                            Some(_) => CommandOutcome::Wrong,
                        };
                        out.push(CommandDecoded { case: c.clone(), want: name(&want), got: name(&got), outcome });
                    }
                    Ok(out)
                })
            })
            .collect();
        let mut out = Vec::new();
        for h in handles {
            out.extend(h.join().map_err(|_| "a decoding thread panicked".to_owned())??);
        }
        Ok(out)
    })
}

/// The same command cases with noise at `snr` dB.
pub fn noisy_commands(cases: &[CommandCase], snr: f32) -> Vec<CommandCase> {
    cases.iter().cloned().map(|c| CommandCase { snr: Some(snr), ..c }).collect()
}

/// A markdown table of spoken commands, one row per group and the total.
pub fn command_table(results: &[CommandDecoded], group: impl Fn(&CommandDecoded) -> String) -> String {
    let mut out = String::from(
        "| speech | commands | understood | taken for another command | taken for a move (asked) | not understood | understood % |\n|---|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut names: Vec<String> = results.iter().map(&group).collect();
    names.sort();
    names.dedup();
    names.push("all".to_owned());
    for name in names {
        let rows: Vec<&CommandDecoded> = results.iter().filter(|r| name == "all" || group(r) == name).collect();
        let count = |o: CommandOutcome| rows.iter().filter(|r| r.outcome == o).count();
        let right = count(CommandOutcome::Right);
        out.push_str(&format!(
            "| {name} | {} | {right} | {} | {} | {} | {:.1} % |\n",
            rows.len(),
            count(CommandOutcome::Wrong),
            count(CommandOutcome::AsMove),
            count(CommandOutcome::Reject),
            100.0 * right as f64 / rows.len().max(1) as f64
        ));
    }
    out
}

/// The commands not understood as said, one a line.
pub fn command_misses(results: &[CommandDecoded]) -> String {
    let mut out = String::new();
    for r in results.iter().filter(|r| r.outcome != CommandOutcome::Right) {
        out.push_str(&format!(
            "{:?}\t{}\t{:?}\t{}\t{:?}\twant {}\tgot {}\n",
            r.outcome, r.case.voice.name, r.case.snr, r.case.position, r.case.phrase, r.want, r.got
        ));
    }
    out
}

// --- Phrases said live --------------------------------------------------------

/// `text` spoken by espeak-ng (US English), 16 kHz mono, with half a second
/// of silence before it and `after` seconds after it.
pub fn spoken(dir: &std::path::Path, text: &str, after: f64) -> Vec<i16> {
    let raw = dir.join(format!("{}.raw.wav", text.replace(' ', "-")));
    let wav = dir.join(format!("{}.wav", text.replace(' ', "-")));
    assert!(Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&raw).arg(text).status().unwrap().success());
    assert!(Command::new("sox").arg(&raw).args(["-r", "16000", "-c", "1", "-b", "16"]).arg(&wav).status().unwrap().success());
    let mut pcm = room(8000);
    pcm.extend(tiflo::hearing::wav::read_wav(&wav).unwrap());
    pcm.extend(room((after * 16_000.0) as usize));
    pcm
}

/// `n` samples of the faint noise of a quiet room, never digital silence,
/// which no microphone gives and which upsets the recogniser's running
/// normalisation from one utterance to the next.
pub fn room(n: usize) -> Vec<i16> {
    let mut x: u32 = 0x2545_f491;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 9) as i16 - 4
        })
        .collect()
}

/// How a reading checked against the open grammar fared: the utterances a
/// sure understanding would accept, those whose open-grammar reading agreed
/// (accepted), and of those the wrong ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    pub clear: usize,
    pub agreed: usize,
    pub agreed_wrong: usize,
    pub clear_wrong: usize,
}

/// Decodes each case whose reading a sure understanding would accept again
/// with the open grammar (`Understander::open_grammar`), and counts how
/// often the two readings agree and, when they do, how often the move is
/// wrong.
pub fn agreement(results: &[Decoded], pack: &str, rec: &mut dyn Recognizer, work: &Path) -> Result<Agreement, String> {
    let understander = Understander::new(pack).ok_or_else(|| format!("no language pack {pack}"))?;
    let open = understander.open_grammar();
    let mut out = Agreement::default();
    for r in results {
        let Decision::Accept(m) = understander.understand(&r.case.pos, &r.heard) else { continue };
        out.clear += 1;
        let right = m == r.case.mv;
        if !right {
            out.clear_wrong += 1;
        }
        let key = format!("{}|{}", r.case.voice.name, r.case.phrase);
        let wav = work.join(format!("{:016x}.wav", fxhash(&key)));
        if !wav.exists() {
            synthesise(&r.case.phrase, &r.case.voice, &wav)?;
        }
        let mut pcm = read_wav(&wav).map_err(|e| e.to_string())?;
        if let Some(snr) = r.case.snr {
            pcm = with_noise(&pcm, snr, work, fxhash(&key) as usize)?;
        }
        rec.set_grammar(&open).map_err(|e| e.to_string())?;
        rec.start().map_err(|e| e.to_string())?;
        rec.feed(&pcm).map_err(|e| e.to_string())?;
        let heard = rec.finish().map_err(|e| e.to_string())?;
        let same = heard.first().zip(r.heard.first()).is_some_and(|(a, b)| a == b);
        if same {
            out.agreed += 1;
            if !right {
                out.agreed_wrong += 1;
            }
        }
    }
    Ok(out)
}
