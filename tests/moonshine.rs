//! The Moonshine recogniser (`--engine moonshine`) on real sound: the
//! held-out part of the hall corpus (`Split::HeldOut` in
//! `common/hearing.rs`: voices of espeak-ng, flite and festival and a game
//! kept out of tuning), clean and in the hall's babble at 20 and 10 dB SNR,
//! through the endpointer, the position's grammar and the understander, as
//! the daemon hears; ten minutes of the hall's babble with nobody speaking
//! to tiflo, through the daemon; and `tiflo hear` with it. Nothing is mocked: the
//! speech is synthesised by the real tools and decoded by the real model
//! (`scripts/setup.sh` installs it, `scripts/setup.sh --test` the speech
//! tools).
//!
//! Its thresholds (`REJECT`, `CLOSE`) and its confidence rule
//! (`confidence::TOKENS`) were chosen on the training part only. The floors are a few points under what it does now on these
//! cases (in the comments); raise them as the hearing improves, never lower
//! them to let a change pass.

#[path = "common/hearing.rs"]
mod hearing;
#[path = "common/listening.rs"]
mod listening;

use std::process::Command;

use hearing::{Decoded, Noise, Outcome, Split, Summary};
use tiflo::hearing::moonshine::Moonshine;

/// Moves in each position of the held-out game (the benchmark takes 2).
const PER_POSITION: usize = 1;

/// The right move first, floors a few points under what Moonshine does now
/// on these cases (84 a condition; measured 2026-12-07 with the guess at
/// the pause, in the comments; 98.8 %, 97.6 % and 76.2 % without it).
/// Issue 18's targets are 95 % clean and 90 % in babble at 20 dB; on the
/// benchmark's 125 a condition it gets 94.4 % and 94.4 %
/// (docs/benchmarks.md).
const FLOORS: [(&str, f64); 3] = [
    ("clean", 0.95),        // 97.6 %
    ("babble 20 dB", 0.93), // 95.2 %
    ("babble 10 dB", 0.70), // 73.8 %
];

/// Moves taken without a question (Moonshine's confidence rule,
/// `confidence::TOKENS`, chosen on the training part), floors a few points
/// under what it decides now on these cases (measured 2026-12-07, in the
/// comments). None of them may be a wrong move. In babble at 10 dB the
/// rule asks (speech stands out of the floor less than it asks): 1 of 84
/// now, printed, with no floor.
const DECIDED_FLOORS: [(&str, f64); 2] = [
    ("clean", 0.38),        // 44.0 %
    ("babble 20 dB", 0.35), // 42.9 %
];

/// Utterances found in the babble alone and read as a move (asked, never
/// recorded unasked): 7 of 47 now (6 without the guess at the pause); a
/// ceiling over it.
const PHANTOMS_CEILING: usize = 8;

fn model() -> std::path::PathBuf {
    let dirs = tiflo::hearing::models::search_dirs(std::path::Path::new(tiflo::hearing::models::SYSTEM_DIRS[0]));
    tiflo::hearing::moonshine::find_in(&dirs).expect("the Moonshine model: run `bash scripts/moonshine-model.sh`")
}

fn of<'a>(results: &'a [Decoded], condition: &str) -> Vec<&'a Decoded> {
    results.iter().filter(|r| r.case.condition() == condition).collect()
}

#[test]
fn held_out_voices_in_the_hall_s_babble_are_heard_by_moonshine() {
    hearing::check_tools("en").unwrap();
    hearing::check_voices(&Split::HeldOut.voices()).unwrap();
    let dir = model();
    let clean = Split::HeldOut.cases(PER_POSITION);
    let mut cases = clean.clone();
    for snr in [20.0, 10.0] {
        cases.extend(hearing::hall(&clean, Noise::Babble, snr));
    }
    let work = hearing::work_dir("moonshine");
    // One recogniser at a time: ONNX Runtime takes both cores.
    let results = hearing::run_parallel(&cases, "en", || Moonshine::open(&dir).map_err(|e| e.to_string()), &work, 1).unwrap();
    let _ = std::fs::remove_dir_all(&work);
    assert_eq!(results.len(), cases.len());
    println!("{}", hearing::hall_table(&results, |r| r.case.condition()));
    let misses = || hearing::misses(&results);
    // No wrong record: a move taken unasked is the move said, and nothing
    // is taken from the babble alone.
    let wrong: Vec<&Decoded> = results.iter().filter(|r| matches!(r.outcome, Outcome::WrongAccept) || r.phantom_accepts > 0).collect();
    assert!(wrong.is_empty(), "wrong moves taken without a question:\n{}", hearing::misses(&wrong.into_iter().cloned().collect::<Vec<_>>()));
    for (condition, floor) in FLOORS {
        let rows = of(&results, condition);
        assert!(rows.len() >= 50, "{condition}: {} utterances", rows.len());
        let s = Summary::of(&rows);
        assert!(s.right_first() >= floor, "{condition}: the right move first in {:.1} % < {:.0} %\n{}", 100.0 * s.right_first(), 100.0 * floor, misses());
    }
    let taken = |condition: &str| {
        let rows = of(&results, condition);
        let taken = rows.iter().filter(|r| matches!(r.outcome, Outcome::Accept)).count();
        println!("{condition}: {taken} of {} taken without a question", rows.len());
        taken as f64 / rows.len() as f64
    };
    for (condition, floor) in DECIDED_FLOORS {
        let share = taken(condition);
        assert!(share >= floor, "{condition}: {:.1} % taken without a question < {:.0} %", 100.0 * share, 100.0 * floor);
    }
    taken("babble 10 dB");
    let phantoms: usize = results.iter().map(|r| r.phantoms).sum();
    assert!(phantoms <= PHANTOMS_CEILING, "{phantoms} moves read in the babble alone (at most {PHANTOMS_CEILING}):\n{}", misses());
}

#[test]
fn tiflo_hear_hears_a_move_with_moonshine() {
    model();
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("nf3.wav");
    // A held-out voice (espeak-ng's en-gb-x-rp with a variant).
    let said = Command::new("espeak-ng").args(["-v", "en-gb-x-rp+m2", "-s", "150", "-w"]).arg(&wav).arg("knight f three").output().expect("espeak-ng");
    assert!(said.status.success());
    let out = Command::new(env!("CARGO_BIN_EXE_tiflo")).args(["hear", "--lang", "en", "--engine", "moonshine"]).arg(&wav).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let line: serde_json::Value = serde_json::from_str(stdout.lines().next().expect("a line")).expect("JSON");
    assert_eq!(line["candidates"][0], "g1f3", "{line}");
    // A file said by its letter: read back, never taken unasked.
    assert_eq!(line["decision"], "ask", "{line}");
    // Said with the NATO word, clearly: taken.
    let said = Command::new("espeak-ng").args(["-v", "en-gb-x-rp+m2", "-s", "150", "-w"]).arg(&wav).arg("knight foxtrot three").output().expect("espeak-ng");
    assert!(said.status.success());
    let out = Command::new(env!("CARGO_BIN_EXE_tiflo")).args(["hear", "--lang", "en", "--engine", "moonshine"]).arg(&wav).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line: serde_json::Value = serde_json::from_str(stdout.lines().next().expect("a line")).expect("JSON");
    assert_eq!((&line["decision"], &line["move"]), (&serde_json::json!("accept"), &serde_json::json!("g1f3")), "{line}");
    // Another language is refused in words.
    let out = Command::new(env!("CARGO_BIN_EXE_tiflo")).args(["hear", "--lang", "es", "--engine", "moonshine"]).arg(&wav).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("moonshine"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_missing_model_is_said_with_what_to_run() {
    let dir = tempfile::tempdir().unwrap();
    let Err(e) = Moonshine::open(dir.path()) else { panic!("an empty folder opened") };
    let said = tiflo::i18n::Texts::new(tiflo::notation::Lang::En).say(&tiflo::i18n::Reason::said(&e));
    assert!(said.contains("scripts/moonshine-model.sh"), "{said}");
}

/// Questions the daemon hearing with Moonshine may ask in ten and a half
/// minutes of the hall's babble with nobody speaking to it (the stretch
/// tests/hall.rs gives pocketsphinx): none now (2026-12-07); the target is
/// none or a rare one. A ceiling a little over it.
const BABBLE_QUESTIONS_CEILING: usize = 1;

/// Everything it may say in that babble: 6 sentences now (5 times "I did
/// not catch any words", for talk under the rejection, and once that there
/// is talk all around); never silent about sound it took for a player's,
/// but rarely. A ceiling a little over it.
const BABBLE_SAID_CEILING: usize = 8;

#[test]
fn ten_minutes_of_hall_babble_through_the_daemon_with_moonshine_record_no_move() {
    hearing::check_tools("en").unwrap();
    model();
    let pcm = hearing::babble_stretch(630.0, 6, -33.0, 8.0, 1858).unwrap();
    let h = listening::heard_through_daemon(&pcm, "moonshine", &["--engine", "moonshine"]);
    println!("{} questions, {} sentences said in {:.0} s of babble:", h.questions.len(), h.spoken.len(), pcm.len() as f64 / 16_000.0);
    for l in &h.spoken {
        println!("  {l}");
    }
    let all = &h.all;
    assert_eq!(h.moves, ["*"], "a move recorded from babble:\n{all}");
    assert!(h.questions.len() <= BABBLE_QUESTIONS_CEILING, "{} questions in the babble (at most {BABBLE_QUESTIONS_CEILING}):\n{all}", h.questions.len());
    assert!(h.spoken.len() <= BABBLE_SAID_CEILING, "{} sentences said in the babble (at most {BABBLE_SAID_CEILING}):\n{all}", h.spoken.len());
}
