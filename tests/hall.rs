//! Hearing in a noisy hall, measured on what the hearing was never tuned
//! on: the held-out part of the corpus (`Split::HeldOut` in
//! `common/hearing.rs`: espeak-ng, flite and festival voices and a game
//! kept out of tuning), clean and in a hall (pink noise or the babble of
//! other talkers from 1.5 s before the speech to 1.5 s after it, a door or a
//! clock press in the noise alone), decoded by pocketsphinx with the hall
//! model (`scripts/hall-model.sh`, made from training voices and noise of
//! its own only; what `tiflo hear` and the daemon with push to talk hear
//! 16 kHz speech with) through the endpointer, the position's grammar and
//! the understander; then ten minutes
//! of babble with nobody speaking to tiflo, heard by the daemon from a
//! recording. Nothing is mocked: the speech is synthesised and decoded by
//! the real tools (`scripts/setup.sh --test`).
//!
//! A move is recorded without a question only when the confidence in use
//! is sure of it (`tiflo::hearing::confidence::RULE`): no such record may be
//! wrong, over the speech or in the noise alone. The rule chosen on the
//! training part (`TRAINED`) is measured here too: its wrong records may not
//! exceed what it does now (one), and at least a floor of the utterances
//! must be decided without a question.
//!
//! The floors are a few points under what the hearing does now (measured
//! on the same cases, written beside each); they are to be raised as the
//! endpointer improves, never lowered to let a change pass.

#[path = "common/hearing.rs"]
mod hearing;
#[path = "common/listening.rs"]
mod listening;

use std::process::Command;

use hearing::{Decided, Decoded, Noise, Outcome, Split, Summary};
use tiflo::hearing::sphinx::Sphinx;

/// Moves in each position of the held-out game (the tests' share of the
/// benchmark's corpus, which takes 4).
const PER_POSITION: usize = 2;

#[test]
fn the_split_keeps_voices_and_the_game_apart() {
    let train = Split::Train.voices();
    let held = Split::HeldOut.voices();
    for v in &held {
        assert!(!train.iter().any(|t| t.speaker() == v.speaker()), "{} is in both parts", v.speaker());
    }
    for synth in [hearing::Synth::Espeak, hearing::Synth::Flite, hearing::Synth::Festival] {
        assert!(train.iter().any(|v| v.synth == synth), "no {synth:?} voice to train on");
        let speakers: std::collections::HashSet<String> = held.iter().filter(|v| v.synth == synth).map(|v| v.speaker()).collect();
        assert!(speakers.len() >= 2, "{synth:?}: held-out speakers {speakers:?}");
    }
    // Heard through a headset in call mode: the same speakers apart.
    for v in Split::HeldOut.phone_voices() {
        assert!(!Split::Train.phone_voices().iter().any(|t| t.speaker() == v.speaker()), "{} is in both parts at 8 kHz", v.speaker());
    }
    let espeak: std::collections::HashSet<String> = held.iter().filter(|v| v.synth == hearing::Synth::Espeak).map(|v| v.speaker()).collect();
    assert!(espeak.len() >= 4, "{espeak:?}");
    // No held-out position is a position of the training game.
    let trained: Vec<shakmaty::Chess> = Split::Train.spots(4).into_iter().map(|s| s.pos).collect();
    let special: Vec<String> = hearing::special_spots().into_iter().map(|s| s.name).collect();
    let held_spots = Split::HeldOut.spots(4);
    assert!(held_spots.len() >= 40, "{} held-out positions", held_spots.len());
    for s in held_spots.iter().filter(|s| !special.contains(&s.name)) {
        use shakmaty::Position;
        assert!(!trained.iter().any(|p| p.board() == s.pos.board() && p.turn() == s.pos.turn()), "{} is a training position", s.name);
    }
    // The fresh part: speakers and game positions in neither other part,
    // nor among the babble's talkers or the setup models' extra voices.
    let fresh: Vec<hearing::Voice> = Split::Fresh.voices().into_iter().chain(Split::Fresh2.voices()).collect();
    assert!(fresh.len() >= 16, "{} fresh voices", fresh.len());
    let distinct: std::collections::HashSet<String> = fresh.iter().map(|v| v.speaker()).collect();
    assert_eq!(distinct.len(), fresh.len(), "a fresh speaker in both fresh parts");
    let babble = hearing::babble_speakers();
    let extra: Vec<String> = hearing::EXTRA_ESPEAK.iter().map(|a| hearing::Voice::new(a).speaker()).collect();
    for v in &fresh {
        let who = v.speaker();
        assert!(!train.iter().chain(&held).any(|t| t.speaker() == who), "{who} is in another part");
        assert!(!babble.contains(&who) && !extra.contains(&who), "{who} is heard elsewhere in the corpus");
    }
    let held_positions: Vec<shakmaty::Chess> = held_spots.iter().map(|s| s.pos.clone()).collect();
    let fresh_spots = Split::Fresh.spots(4);
    assert!(fresh_spots.len() >= 40, "{} fresh positions", fresh_spots.len());
    let fresh_positions: Vec<shakmaty::Chess> = fresh_spots.iter().map(|s| s.pos.clone()).collect();
    for s in fresh_spots.iter().filter(|s| !special.contains(&s.name)) {
        use shakmaty::Position;
        assert!(
            !trained.iter().chain(&held_positions).any(|p| p.board() == s.pos.board() && p.turn() == s.pos.turn()),
            "{} is a position of another part",
            s.name
        );
    }
    let fresh2_spots = Split::Fresh2.spots(4);
    assert!(fresh2_spots.len() >= 60, "{} second fresh positions", fresh2_spots.len());
    for s in fresh2_spots.iter().filter(|s| !special.contains(&s.name)) {
        use shakmaty::Position;
        assert!(
            !trained.iter().chain(&held_positions).chain(&fresh_positions).any(|p| p.board() == s.pos.board() && p.turn() == s.pos.turn()),
            "{} is a position of another part",
            s.name
        );
    }
    // Every held-out voice says letters and NATO words, short and long.
    let cases = Split::HeldOut.cases(PER_POSITION);
    for v in &held {
        let mine: Vec<&hearing::Case> = cases.iter().filter(|c| c.voice == *v).collect();
        for files in [tiflo::speaking::announce::Files::Letters, tiflo::speaking::announce::Files::Nato] {
            assert!(mine.iter().any(|c| c.files == files), "{} never says {files:?}", v.name);
        }
    }
}

#[test]
fn the_hall_noise_is_there_from_the_first_frame_to_the_last() {
    hearing::check_tools("en").unwrap();
    let clean = Split::HeldOut.cases(PER_POSITION);
    hearing::check_voices(&Split::HeldOut.voices()).unwrap();
    let work = hearing::work_dir("hall-sound");
    for noise in [Noise::Pink, Noise::Babble] {
        for c in hearing::hall(&clean[..8], noise, 10.0) {
            let (pcm, (s0, s1)) = hearing::sound(&c, &work).unwrap();
            // The speech starts at least 1.5 s in and ends 1.5 s before
            // the end; noise is in every 100 ms before and after it.
            assert!(s0 >= 24_000 && pcm.len() - s1 >= 24_000, "{}: speech at {s0}..{s1} of {}", c.phrase, pcm.len());
            for (at, piece) in pcm[..s0].chunks(1600).chain(pcm[s1..].chunks(1600)).enumerate() {
                if piece.len() == 1600 {
                    let db = tiflo::hearing::audio::level_db(piece);
                    assert!(db > -60.0, "{noise:?}, {}: silence ({db:.0} dB) in the noise-only part, piece {at}", c.phrase);
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// The model tiflo hears 16 kHz speech with when the player has not
/// adapted it (`tiflo hear`, and the daemon with push to talk:
/// `adapt::for_rate`, `adapt::for_listening`): the hall model, made by
/// `scripts/hall-model.sh` from training voices only. The daemon hearing
/// always leaves it out (see the ten minutes of babble below).
fn hall_model() -> std::path::PathBuf {
    let dirs = tiflo::hearing::models::search_dirs(std::path::Path::new(tiflo::hearing::models::SYSTEM_DIRS[0]));
    let hall = tiflo::hearing::adapt::find_hall(&dirs).expect("the hall model: run `bash scripts/hall-model.sh`");
    assert_eq!(tiflo::hearing::adapt::for_rate(16_000, &dirs).as_deref(), Some(hall.as_path()), "the hall model is not the one chosen at 16 kHz");
    assert_eq!(tiflo::hearing::adapt::for_listening(16_000, &dirs, true).as_deref(), Some(hall.as_path()), "push to talk does not hear with the hall model");
    hall
}

/// Clean, and the hall conditions, on the held-out part, heard with the
/// model tiflo chooses (`hall_model`).
fn held_out_results() -> Vec<Decoded> {
    hearing::check_tools("en").unwrap();
    hearing::check_voices(&Split::HeldOut.voices()).unwrap();
    let hall = hall_model();
    let clean = Split::HeldOut.cases(PER_POSITION);
    let mut cases = clean.clone();
    for (noise, snr) in hearing::HALL_CONDITIONS {
        cases.extend(hearing::hall(&clean, noise, snr));
    }
    let work = hearing::work_dir("hall");
    let model = std::path::Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL);
    let results = hearing::run_parallel(&cases, "en", || Sphinx::open_adapted(model, Some(&hall)).map_err(|e| e.to_string()), &work, 2).unwrap();
    let _ = std::fs::remove_dir_all(&work);
    assert_eq!(results.len(), cases.len());
    results
}

fn of<'a>(results: &'a [Decoded], condition: &str) -> Vec<&'a Decoded> {
    results.iter().filter(|r| r.case.condition() == condition).collect()
}

/// The right move first: floors a few points under what the hearing does
/// now on these cases (125 a condition), heard with the hall model
/// (measured once on this part, 2026-12-02, after the endpointer's pitch
/// test was band-passed and its threshold lowered to 8 dB, in the comment;
/// in brackets, the model as installed, which tiflo heard 16 kHz speech
/// with before, on the same cases, 2026-11-27). Raise them as the hearing
/// improves; the targets of issue 18 are 95 % clean and 90 % in babble at
/// 20 dB.
const FLOORS: [(&str, f64); 5] = [
    ("clean", 0.90),        // 92.8 % (82.4 %)
    ("pink 20 dB", 0.84),   // 88.0 % (87.2 %)
    ("pink 10 dB", 0.51),   // 55.2 % (58.4 %)
    ("babble 20 dB", 0.68), // 71.2 % (60.0 %)
    ("babble 10 dB", 0.52), // 56.8 % (41.6 %)
];

/// Held-out moves in pink noise at 10 dB heard as nothing: 3 now
/// (2026-12-03, since a search that ends in no reading of the grammar
/// gives its partial reading, `Sphinx::set_partial_readings`; 5 before it,
/// 14 before the endpointer's pitch test was band-passed and its threshold
/// lowered, 2026-12-02); the target is none.
const PINK_10_NOTHING_CEILING: usize = 5;

/// The share of utterances the rule chosen on training would decide
/// without a question (sure of the move said), over all five conditions
/// and in clean speech: floors a few points under what was measured (in
/// the comment, 2026-12-01, with the hall model).
const DECIDED_FLOORS: [(&str, f64); 2] = [
    ("all", 0.07),   // 64 of 625, 10.2 % (2026-12-02; 58 on 2026-12-01)
    ("clean", 0.17), // 30 of 125, 24.0 % (26)
];

/// Wrong records of the rule chosen on training on these cases: none now
/// (the rule at -0.5 with the grammar before had one, "hotel three" heard
/// as "able to a three"); the target is none.
const TRAINED_WRONG_CEILING: usize = 0;

/// Clean held-out moves heard as nothing at all: none with the hall model
/// (5 of the 125 with the model as installed, espeak-ng voices whose words
/// its grammar search found no path for), which is the target.
const CLEAN_NOTHING_CEILING: usize = 0;

/// Utterances found in the noise alone and read as a move (asked, never
/// accepted): 63 now, all in babble (38 at 20 dB, 25 at 10 dB;
/// 2026-12-03, the partial readings of searches that end in none among
/// them; 61 before them, 56 before
/// the endpointer's threshold was lowered to 8 dB; the same 56
/// with the model as installed, 55 before the players' forms in the
/// grammar; the
/// endpointer found 27 before, when it merged the noise with the speech
/// into one utterance instead); a ceiling over it.
const PHANTOMS_CEILING: usize = 65;

#[test]
fn held_out_voices_in_a_noisy_hall_never_record_a_wrong_move() {
    let results = held_out_results();
    println!("{}", hearing::hall_table(&results, |r| r.case.condition()));
    println!("{}", hearing::hall_table(&results, |r| format!("{}, {}", hearing::source(r), r.case.condition())));
    let misses = || hearing::misses(&results);
    // No wrong record: no move accepted without a question unless it is
    // the move said, over the speech or in the noise alone.
    let wrong: Vec<&Decoded> = results.iter().filter(|r| r.outcome == Outcome::WrongAccept || r.phantom_accepts > 0).collect();
    assert!(wrong.is_empty(), "wrong records:\n{}", hearing::misses(&wrong.into_iter().cloned().collect::<Vec<_>>()));
    for (condition, floor) in FLOORS {
        let rows = of(&results, condition);
        assert!(rows.len() >= 100, "{condition}: {} utterances", rows.len());
        let s = Summary::of(&rows);
        assert!(
            s.right_first() >= floor,
            "{condition}: the right move first in {:.1} % < {:.0} %\n{}",
            100.0 * s.right_first(),
            100.0 * floor,
            misses()
        );
    }
    println!("{}", hearing::curve_table(&results, |r| r.case.condition()));
    // The rule chosen on training: decided without a question, over all
    // conditions and in clean speech, and its wrong records.
    let trained = tiflo::hearing::confidence::TRAINED;
    for (condition, floor) in DECIDED_FLOORS {
        let rows: Vec<&Decoded> = if condition == "all" { results.iter().collect() } else { of(&results, condition) };
        let d = Decided::of(&rows, &trained);
        println!("{condition}: {} of {} decided without a question ({:.1} %), {} wrong records", d.decided, d.utterances, 100.0 * d.share(), d.wrong_records());
        assert!(d.share() >= floor, "{condition}: {:.1} % decided without a question < {:.0} %", 100.0 * d.share(), 100.0 * floor);
    }
    let all: Vec<&Decoded> = results.iter().collect();
    let d = Decided::of(&all, &trained);
    assert!(d.wrong_records() <= TRAINED_WRONG_CEILING, "the rule chosen on training is sure of {} wrong moves", d.wrong_records());
    let phantoms: usize = results.iter().map(|r| r.phantoms).sum();
    assert!(phantoms <= PHANTOMS_CEILING, "{phantoms} moves read in the noise alone (at most {PHANTOMS_CEILING}):\n{}", misses());
    // Clean speech of a complete move is heard as something, and so, but
    // for a few, is a move said 10 dB over pink noise.
    for (condition, ceiling) in [("clean", CLEAN_NOTHING_CEILING), ("pink 10 dB", PINK_10_NOTHING_CEILING)] {
        let nothing: Vec<Decoded> = of(&results, condition).into_iter().filter(|r| r.nothing).cloned().collect();
        assert!(
            nothing.len() <= ceiling,
            "{condition}: {} moves heard as nothing (at most {ceiling}):\n{}",
            nothing.len(),
            hearing::misses(&nothing)
        );
    }
}

/// The same held-out moves, clean and in babble at 20 dB, heard with the
/// model as installed (what tiflo heard 16 kHz speech with before the hall
/// model): it stays under the hall model's floors (82.4 % and 60.0 % on
/// 2026-11-27), so the floors measure the model tiflo chooses and fail
/// without it. No move is recorded wrongly with it either.
#[test]
fn the_model_as_installed_stays_under_the_hall_model_s_floors() {
    hearing::check_tools("en").unwrap();
    hearing::check_voices(&Split::HeldOut.voices()).unwrap();
    let clean = Split::HeldOut.cases(PER_POSITION);
    let mut cases = clean.clone();
    cases.extend(hearing::hall(&clean, Noise::Babble, 20.0));
    let work = hearing::work_dir("hall-installed");
    let results = hearing::run_parallel(&cases, "en", || Sphinx::open_default().map_err(|e| e.to_string()), &work, 2).unwrap();
    let _ = std::fs::remove_dir_all(&work);
    println!("{}", hearing::hall_table(&results, |r| format!("model as installed, {}", r.case.condition())));
    let wrong: Vec<Decoded> = results.iter().filter(|r| r.outcome == Outcome::WrongAccept || r.phantom_accepts > 0).cloned().collect();
    assert!(wrong.is_empty(), "wrong records:\n{}", hearing::misses(&wrong));
    for condition in ["clean", "babble 20 dB"] {
        let floor = FLOORS.iter().find(|(c, _)| *c == condition).map(|(_, f)| *f).unwrap();
        let rows = of(&results, condition);
        assert!(rows.len() >= 100, "{condition}: {} utterances", rows.len());
        let right = Summary::of(&rows).right_first();
        assert!(right < floor, "{condition}: the model as installed reaches the hall model's floor ({:.1} % >= {:.0} %)", 100.0 * right, 100.0 * floor);
    }
}

/// The right move first for held-out moves said through a headset in call
/// mode (8 kHz, the telephone band; `PER_POSITION` moves a position),
/// clean, heard with the telephone-band model tiflo chooses at 8 kHz
/// (`adapt::for_rate`, made by `scripts/phone-model.sh` from training
/// voices only): a floor a few points under what it does (measured
/// 2026-12-04, in the comment); the model as installed, which tiflo used at
/// 8 kHz before, stays under it (in brackets). The target is 90 %
/// (on the 4 moves a position of docs/benchmarks.md).
const PHONE_FLOOR: f64 = 0.89; // 92.8 % (66.4 %)

#[test]
fn a_headset_in_call_mode_is_heard_with_the_telephone_band_model() {
    hearing::check_tools("en").unwrap();
    let voices = Split::HeldOut.phone_voices();
    hearing::check_voices(&voices).unwrap();
    // What tiflo chooses for sound at 8 kHz (the daemon and `tiflo hear`
    // alike), from the folders it looks in.
    let dirs = tiflo::hearing::models::search_dirs(std::path::Path::new(tiflo::hearing::models::SYSTEM_DIRS[0]));
    let phone = tiflo::hearing::adapt::find_phone(&dirs).expect("the telephone-band model: run `bash scripts/phone-model.sh`");
    assert_eq!(tiflo::hearing::adapt::for_rate(hearing::PHONE_RATE, &dirs).as_deref(), Some(phone.as_path()));
    assert_ne!(tiflo::hearing::adapt::for_rate(16_000, &dirs).as_deref(), Some(phone.as_path()), "the telephone band's model chosen for 16 kHz");
    let cases = Split::HeldOut.phone_cases(PER_POSITION);
    assert!(cases.len() >= 100, "{} cases", cases.len());
    for v in &voices {
        assert!(cases.iter().any(|c| c.voice == *v), "{} says nothing", v.name);
    }
    let model = std::path::Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL);
    let work = hearing::work_dir("phone");
    let chosen = hearing::run_parallel(&cases, "en", || Sphinx::open_adapted(model, Some(&phone)).map_err(|e| e.to_string()), &work, 2).unwrap();
    let before = hearing::run_parallel(&cases, "en", || Sphinx::open_default().map_err(|e| e.to_string()), &work, 2).unwrap();
    let _ = std::fs::remove_dir_all(&work);
    println!("{}", hearing::hall_table(&chosen, |r| format!("telephone-band model, {}, {}", hearing::source(r), hearing::file_words(r))));
    println!("{}", hearing::hall_table(&before, |r| format!("model as installed, {}, {}", hearing::source(r), hearing::file_words(r))));
    for (what, results) in [("the telephone-band model", &chosen), ("the model as installed", &before)] {
        let wrong: Vec<Decoded> = results.iter().filter(|r| r.outcome == Outcome::WrongAccept).cloned().collect();
        assert!(wrong.is_empty(), "{what}: wrong records:\n{}", hearing::misses(&wrong));
    }
    let right = |results: &[Decoded]| Summary::of(&results.iter().collect::<Vec<_>>()).right_first();
    assert!(
        right(&chosen) >= PHONE_FLOOR,
        "8 kHz: the right move first in {:.1} % < {:.0} %\n{}",
        100.0 * right(&chosen),
        100.0 * PHONE_FLOOR,
        hearing::misses(&chosen)
    );
    // The test can fail: the model as installed does not reach the floor.
    assert!(right(&before) < PHONE_FLOOR, "8 kHz without the telephone band's model: {:.1} %", 100.0 * right(&before));
}

/// The choice is made by the sound's own rate, in `tiflo hear` and in the
/// daemon: a training voice's "knight f three", then "yes", through the
/// telephone band at 8 kHz, is heard and recorded as Nf3; the very same
/// samples in a 16 kHz file, heard with the model as installed, are taken
/// for another move.
#[test]
fn an_8_khz_recording_is_heard_with_the_telephone_band_model_by_tiflo_hear_and_the_daemon() {
    hearing::check_tools("en").unwrap();
    let dirs = tiflo::hearing::models::search_dirs(std::path::Path::new(tiflo::hearing::models::SYSTEM_DIRS[0]));
    assert!(tiflo::hearing::adapt::find_phone(&dirs).is_some(), "the telephone-band model: run `bash scripts/phone-model.sh`");
    let dir = tempfile::tempdir().unwrap();
    let voice = hearing::Voice::new(hearing::TRAIN_ESPEAK[2]);
    let (mv, yes, both) = (dir.path().join("move.wav"), dir.path().join("yes.wav"), dir.path().join("both.wav"));
    hearing::synthesise("knight f three", &voice, &mv).unwrap();
    // Heard exactly, the move is read back alone (a yes or a no, never a
    // numbered choice): "yes" records it.
    hearing::synthesise_with("yes", &voice, &yes, &["pad", "1.5", "0.5"]).unwrap();
    assert!(Command::new("sox").arg(&mv).arg(&yes).arg(&both).status().unwrap().success());
    let (move_8k, both_8k) = (dir.path().join("move-8k.wav"), dir.path().join("both-8k.wav"));
    hearing::phone_band(&mv, &move_8k).unwrap();
    hearing::phone_band(&both, &both_8k).unwrap();
    // The same samples told to be 16 kHz.
    let move_16k = dir.path().join("move-16k.wav");
    hearing::write_wav(&move_16k, &tiflo::hearing::wav::read_wav(&move_8k).unwrap()).unwrap();
    let candidates = |wav: &std::path::Path, extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tiflo"))
            .arg("hear")
            .arg(wav)
            .args(extra)
            .env("XDG_DATA_HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let line: serde_json::Value = serde_json::from_slice(out.stdout.split(|b| *b == b'\n').next().unwrap()).unwrap();
        line["candidates"].clone()
    };
    // Offered first, and heard exactly, so asked alone: the "yes" below
    // answers it.
    let at_8k = candidates(&move_8k, &[]);
    assert_eq!(at_8k[0], "g1f3", "{at_8k}");
    assert_eq!(at_8k, serde_json::json!(["g1f3"]));
    // (At 16 kHz tiflo would choose the hall model: the model as installed
    // is asked for by name.)
    assert_ne!(candidates(&move_16k, &["--no-adapted"])[0], "g1f3", "the model as installed heard the telephone band right: this test proves nothing");
    let mut child = listening::daemon(dir.path(), "en", &format!("wav:{}", both_8k.display()), &[]);
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{said}\n{}", String::from_utf8_lossy(&out.stderr));
    // Neither adapted to the player's voice nor said to be.
    assert!(said.contains("Listening with pocketsphinx. Say your moves."), "{said}");
    assert!(said.contains("1. White: knight f3"), "not recorded:\n{said}");
    let sheet = Command::new(env!("CARGO_BIN_EXE_tiflo")).arg("scoresheet").arg(dir.path().join("game.journal")).output().unwrap();
    assert!(String::from_utf8_lossy(&sheet.stdout).contains("1. Nf3"), "{}", String::from_utf8_lossy(&sheet.stdout));
}

/// Questions the daemon may ask in ten minutes of babble: the target is
/// none or a rare one. 1 is asked now (2026-12-02): a numbered question
/// read in the talk before the listener had heard enough of it; while it
/// stands only its numbers, yes and no are listened for, taken aloud only
/// from short utterances and not at all amid much talk. 3 were asked with
/// a choice's candidates in its grammar, 6 before the rule amid much talk
/// (`ear::AMID_TALK_MAX_MS`), 9 before the answers' checks. A ceiling a
/// little over the count.
const BABBLE_QUESTIONS_CEILING: usize = 3;

/// Everything the daemon may say in ten minutes of babble: 3 sentences now
/// (the question, the talk said once, a "legal" command heard in the
/// talk), 51 before the answers' checks, 82 before a resume phrase heard
/// while listening was left unanswered. In a hall, push to talk (`talk =
/// "push"`) hears nothing the player did not open the ear for.
const BABBLE_SAID_CEILING: usize = 6;

/// Ten and a half minutes of a hall with nobody speaking to tiflo (heard
/// always, so with the model as installed: with the hall model a
/// neighbour's "yes" confirmed a move read in the talk, 1. a4): six
/// talkers at a distance (conversation, "yes" and "no" among it, and
/// other players announcing their moves), a clock pressed every 7 s and a
/// door now and then, heard by the real daemon from raw samples read as
/// fast as it takes them (`--listen pcm:FILE`; a WAV file would play at its
/// pace and make the test last ten minutes; the faster pace only brings a
/// late "yes" closer to a question it could answer). Nothing may be
/// recorded; the questions asked are counted.
#[test]
fn ten_minutes_of_hall_babble_through_the_daemon_record_no_move() {
    hearing::check_tools("en").unwrap();
    let pcm = hearing::babble_stretch(630.0, 6, -33.0, 8.0, 1858).unwrap();
    let h = listening::heard_through_daemon(&pcm, "pocketsphinx", &[]);
    println!("{} questions, {} sentences said in {:.0} s of babble, in turn:", h.questions.len(), h.spoken.len(), pcm.len() as f64 / 16_000.0);
    for l in &h.spoken {
        println!("  {l}");
    }
    let all = &h.all;
    assert_eq!(h.moves, ["*"], "a move recorded from babble:\n{all}");
    assert!(h.spoken.len() <= BABBLE_SAID_CEILING, "{} sentences said in ten minutes of babble (at most {BABBLE_SAID_CEILING}):\n{all}", h.spoken.len());
    assert!(
        h.questions.len() <= BABBLE_QUESTIONS_CEILING,
        "{} questions in ten minutes of babble (at most {BABBLE_QUESTIONS_CEILING}):\n{all}",
        h.questions.len()
    );
}

/// The answers a question takes ("yes", "no", "one" to "four"), said by the
/// held-out voices, clean and in the hall's babble at 20 and 10 dB, heard
/// by the daemon's listener hearing always with its checks on: a "no" is
/// never taken for a "yes" (that would record a move the player refused),
/// and clean answers are taken (64 of 72 when first measured, 2026-12-02;
/// the others taken as "no" or as another number, which is read back).
#[test]
fn held_out_answers_never_take_a_no_for_a_yes() {
    let work = hearing::work_dir("hall-answers");
    for snr in [None, Some(20.0), Some(10.0)] {
        let c = hearing::answers_heard(Split::HeldOut, snr, true, &work).unwrap();
        assert_eq!(c.said, 72);
        let yes_for_no: Vec<_> = c.confusions.iter().filter(|(_, said, taken)| *said == "no" && taken == "Yes").collect();
        assert!(yes_for_no.is_empty(), "{snr:?} dB: a no taken for a yes: {yes_for_no:?}");
        if snr.is_none() {
            assert!(c.taken >= 60, "clean: {} of 72 answers taken", c.taken);
        }
    }
    let _ = std::fs::remove_dir_all(&work);
}
