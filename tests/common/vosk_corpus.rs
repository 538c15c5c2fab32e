//! Korean spoken moves for the vosk tests and benchmark: positions and
//! moves (openings, captures, castlings, promotions, en passant), each
//! announced in the Korean pack's words (`voices/ko/moves.ftl`), spoken by
//! espeak-ng (`-v ko`), converted to 16 kHz mono by sox, and decoded through
//! the real pipeline (`listen::hear_samples`: endpointer, `VoskRecognizer`
//! with the position's grammar, `Understander::new("ko")`).
//!
//! Shared by `tests/vosk.rs` and `examples/vosk_bench.rs` (included with
//! `#[path]`); every missing tool or model is an error naming what to install.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use tiflo::announce::{Announcer, Files, Style};
use tiflo::audio::EndpointConfig;
use tiflo::listen::{hear_samples, read_wav};
use tiflo::understand::{Decision, Understander};
use tiflo::vosk::VoskRecognizer;

/// The Korean model: `$TIFLO_VOSK_KO_MODEL`, else where
/// `scripts/setup.sh --test` installs it.
pub fn model_dir() -> Result<PathBuf, String> {
    if let Some(d) = std::env::var_os("TIFLO_VOSK_KO_MODEL") {
        return Ok(PathBuf::from(d));
    }
    let dirs: Vec<PathBuf> = tiflo::models::SYSTEM_DIRS.iter().map(PathBuf::from).collect();
    tiflo::models::find_in("ko", &dirs).map(|m| m.path).map_err(|e| {
        format!("{e} (the vosk tests need the Korean model: run `bash scripts/setup.sh --test`, or set TIFLO_VOSK_KO_MODEL)")
    })
}

/// Fails with a clear message when espeak-ng or sox cannot run.
pub fn check_tools() -> Result<(), String> {
    for (tool, arg) in [("espeak-ng", "--version"), ("sox", "--version")] {
        match Command::new(tool).arg(arg).output() {
            Ok(o) if o.status.success() => {}
            _ => return Err(format!("{tool} is needed to synthesise the test speech: run `bash scripts/setup.sh --test`")),
        }
    }
    let voices = Command::new("espeak-ng").arg("--voices=ko").output().map_err(|e| e.to_string())?;
    if !String::from_utf8_lossy(&voices.stdout).lines().any(|l| l.split_whitespace().nth(1) == Some("ko")) {
        return Err("espeak-ng has no Korean voice (ko)".to_owned());
    }
    Ok(())
}

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>().expect("a FEN").into_position(CastlingMode::Standard).expect("a legal position")
}

/// The positions and the moves said in each: name, position, UCI moves.
pub fn positions() -> Vec<(&'static str, Chess, Vec<&'static str>)> {
    let after = |ucis: &[&str]| {
        let mut p = Chess::default();
        for u in ucis {
            let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            p.play_unchecked(m);
        }
        p
    };
    vec![
        ("start", Chess::default(), vec!["e2e4", "d2d4", "g1f3", "b1c3", "c2c4", "g2g3", "f2f4", "b2b3"]),
        ("1.e4", after(&["e2e4"]), vec!["e7e5", "c7c5", "e7e6", "c7c6", "g8f6", "d7d5", "b8c6", "g7g6"]),
        ("1.e4 e5", after(&["e2e4", "e7e5"]), vec!["g1f3", "f1c4", "b1c3", "d2d4", "f2f4", "f1b5", "d1h5", "g1e2"]),
        ("1.e4 d5 (captures)", after(&["e2e4", "d7d5"]), vec!["e4d5", "e4e5", "b1c3", "g1f3", "d2d4", "f1b5"]),
        (
            "Scandinavian (captures)",
            after(&["e2e4", "d7d5", "e4d5"]),
            vec!["d8d5", "g8f6", "c7c6", "e7e6"],
        ),
        (
            "both castlings",
            pos("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"),
            vec!["e1g1", "e1c1", "h2h3", "a2a3", "f3g5", "e3c5", "d2e2", "a1d1"],
        ),
        (
            "black castles",
            pos("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/2KR3R b kq - 0 1"),
            vec!["e8g8", "e8c8", "h7h6", "f6g4"],
        ),
        (
            "promotions",
            pos("3r4/4P1k1/8/8/8/8/5K2/8 w - - 0 1"),
            vec!["e7e8q", "e7e8n", "e7d8q", "e7d8r", "f2e3"],
        ),
        ("en passant", pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), vec!["e5d6", "e5e6", "e1d2"]),
        (
            "middlegame captures",
            pos("r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 0 1"),
            vec!["g5f7", "c4f7", "d2d4", "e1g1", "g5h3"],
        ),
    ]
}

/// How the speech is made: espeak-ng arguments.
#[derive(Clone, Copy, Debug)]
pub struct Voice {
    pub name: &'static str,
    pub args: &'static [&'static str],
}

/// How files are said: the letter names (에이, 비, 씨...) and the NATO
/// words (알파, 브라보, 찰리...).
pub const FILES: [Files; 2] = [Files::Letters, Files::Nato];

/// espeak-ng's Korean voice at its own pitch and lower (slower and faster
/// speech, other variants and a higher pitch were measured and heard no
/// better: docs/benchmarks.md).
pub const VOICES: [Voice; 2] = [
    Voice { name: "espeak-ng ko", args: &["-v", "ko"] },
    Voice { name: "espeak-ng ko, -p 30", args: &["-v", "ko", "-p", "30"] },
];

/// One spoken move.
#[derive(Clone, Debug)]
pub struct Case {
    pub position: &'static str,
    pub pos: Chess,
    pub mv: Move,
    pub phrase: String,
    pub style: Style,
    pub files: Files,
    pub voice: Voice,
}

/// The voices of `$TIFLO_VOSK_VOICES` (espeak-ng argument lists separated
/// by `;`, for experiments), else `VOICES`.
pub fn voices() -> Vec<Voice> {
    match std::env::var("TIFLO_VOSK_VOICES") {
        Ok(v) if !v.trim().is_empty() => v
            .split(';')
            .map(|a| {
                let name: &'static str = Box::leak(format!("espeak-ng {}", a.trim()).into_boxed_str());
                let args: Vec<&'static str> = a.split_whitespace().map(|w| &*Box::leak(w.to_owned().into_boxed_str())).collect();
                Voice { name, args: Box::leak(args.into_boxed_slice()) }
            })
            .collect(),
        _ => VOICES.to_vec(),
    }
}

/// Every case: each move in the short and the long style, in every voice.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for voice in voices() {
        for (files, style) in FILES.iter().flat_map(|f| [(*f, Style::Short), (*f, Style::Long)]) {
            let a = Announcer::new("ko", style, files).expect("the Korean pack");
            for (name, p, ucis) in positions() {
                for u in ucis {
                    let mv = u.parse::<UciMove>().unwrap().to_move(&p).unwrap_or_else(|_| panic!("{name}: {u}"));
                    let mut after = p.clone();
                    after.play_unchecked(mv);
                    let phrase = a.phrase(&p, mv, &after);
                    out.push(Case { position: name, pos: p.clone(), mv, phrase, style, files, voice });
                }
            }
        }
    }
    out
}

/// Speaks `text` into `wav` (16 kHz mono 16-bit, half a second of silence
/// around it, as a microphone would give with pauses).
pub fn synthesise(text: &str, voice: &Voice, wav: &Path) -> Result<(), String> {
    let raw = wav.with_extension("raw.wav");
    let st = Command::new("espeak-ng").args(voice.args).arg("-w").arg(&raw).arg(text).status().map_err(|e| format!("espeak-ng: {e}"))?;
    if !st.success() {
        return Err(format!("espeak-ng failed on {text:?}"));
    }
    let st = Command::new("sox")
        .arg(&raw)
        .args(["-r", "16000", "-c", "1", "-b", "16"])
        .arg(wav)
        .args(["pad", "0.5", "0.5"])
        .status()
        .map_err(|e| format!("sox: {e}"))?;
    if !st.success() {
        return Err(format!("sox failed on {}", raw.display()));
    }
    let _ = std::fs::remove_file(raw);
    Ok(())
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
pub struct Result1 {
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

/// Synthesises and decodes every case; `work` holds the sound files.
pub fn run(cases: &[Case], model: &Path, work: &Path) -> Result<Vec<Result1>, String> {
    let understander = Understander::new("ko").ok_or("no Korean pack")?;
    let mut rec = VoskRecognizer::open(model).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let wav = work.join(format!("{i:04}.wav"));
        synthesise(&c.phrase, &c.voice, &wav)?;
        let pcm = read_wav(&wav).map_err(|e| e.to_string())?;
        let audio = Duration::from_secs_f64(pcm.len() as f64 / 16_000.0);
        let utts = hear_samples(&mut rec, &understander, &c.pos, &pcm, &EndpointConfig::default()).map_err(|e| e.to_string())?;
        // The decision on the whole phrase: the last utterance's, when the
        // endpointer cut it (it counts as a failure below unless right).
        let (heard, decision, compute, latency) = match utts.last() {
            Some(u) => (u.heard.clone(), u.decision.clone(), utts.iter().map(|u| u.compute).sum(), u.latency),
            None => (Vec::new(), Decision::Reject, Duration::ZERO, Duration::ZERO),
        };
        let outcome = match &decision {
            Decision::Accept(m) if *m == c.mv => Outcome::Accept,
            Decision::Accept(_) => Outcome::WrongAccept,
            Decision::Ask(ms) if ms.first() == Some(&c.mv) => Outcome::AskFirst,
            Decision::Ask(ms) if ms.contains(&c.mv) => Outcome::AskLater,
            Decision::Ask(_) => Outcome::AskWrong,
            Decision::Reject => Outcome::Reject,
        };
        out.push(Result1 { case: c.clone(), heard, outcome, audio, compute, latency, utterances: utts.len() });
    }
    Ok(out)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
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
    pub fn of(results: &[&Result1]) -> Summary {
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

/// A markdown table: one row per voice and style, and the total.
pub fn table(results: &[Result1]) -> String {
    let mut out = String::from(
        "| speech | files | utterances | correct accepts | correct asks (right move first) | right move offered later | asks without it | wrong accepts | rejects | right first | real-time factor | latency median (ms) | latency p95 (ms) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut row = |speech: &str, files: &str, group: Vec<&Result1>| {
        let s = Summary::of(&group);
        out.push_str(&format!(
            "| {speech} | {files} | {} | {} | {} | {} | {} | {} | {} | {:.1} % | {:.3} | {:.1} | {:.1} |\n",
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
    };
    for v in voices() {
        for files in FILES {
            row(v.name, &files.to_string(), results.iter().filter(|r| r.case.voice.name == v.name && r.case.files == files).collect());
        }
    }
    row("all", "all", results.iter().collect());
    out
}

/// The cases that did not end with the right move accepted, one a line.
pub fn misses(results: &[Result1]) -> String {
    let mut out = String::new();
    for r in results.iter().filter(|r| r.outcome != Outcome::Accept) {
        let uci = r.case.mv.to_uci(CastlingMode::Standard);
        out.push_str(&format!(
            "{:?}\t{}\t{}\t{}\t{}\t{:?}\theard {:?}\tutterances {}\n",
            r.outcome, r.case.voice.name, r.case.files, r.case.position, uci, r.case.phrase, r.heard, r.utterances
        ));
    }
    out
}
