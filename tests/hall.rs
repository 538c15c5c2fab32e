//! Hearing in a noisy hall, measured on what the hearing was never tuned
//! on: the held-out part of the corpus (`Split::HeldOut` in
//! `common/hearing.rs`: espeak-ng, flite and festival voices and a game
//! kept out of tuning), clean and in a hall (pink noise or the babble of
//! other talkers from 1.5 s before the speech to 1.5 s after it, a door or a
//! clock press in the noise alone), decoded by pocketsphinx through the
//! endpointer, the position's grammar and the understander; then ten minutes
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

use std::io::BufRead;
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

/// Clean, and the hall conditions, on the held-out part.
fn held_out_results() -> Vec<Decoded> {
    hearing::check_tools("en").unwrap();
    hearing::check_voices(&Split::HeldOut.voices()).unwrap();
    let clean = Split::HeldOut.cases(PER_POSITION);
    let mut cases = clean.clone();
    for (noise, snr) in hearing::HALL_CONDITIONS {
        cases.extend(hearing::hall(&clean, noise, snr));
    }
    let work = hearing::work_dir("hall");
    let results = hearing::run_parallel(&cases, "en", || Sphinx::open_default().map_err(|e| e.to_string()), &work, 2).unwrap();
    let _ = std::fs::remove_dir_all(&work);
    assert_eq!(results.len(), cases.len());
    results
}

fn of<'a>(results: &'a [Decoded], condition: &str) -> Vec<&'a Decoded> {
    results.iter().filter(|r| r.case.condition() == condition).collect()
}

/// The right move first: floors a few points under what the hearing does
/// now on these cases (125 a condition; measured 2026-11-27, in the
/// comment: with the grammar holding the players' two squares, captures by
/// pieces, check and mate and castles, then with the endpointer's work
/// alone; before both, in brackets). Raise them as the hearing improves;
/// the targets of issue 18 are 95 % clean and 90 % in babble at 20 dB.
const FLOORS: [(&str, f64); 5] = [
    ("clean", 0.78),        // 82.4 %, 82.4 % (83.2 %)
    ("pink 20 dB", 0.82),   // 87.2 %, 86.4 % (80.8 %)
    ("pink 10 dB", 0.54),   // 58.4 %, 60.8 % (63.2 %)
    ("babble 20 dB", 0.56), // 60.0 %, 62.4 % (21.6 %)
    ("babble 10 dB", 0.38), // 41.6 %, 43.2 % (11.2 %)
];

/// The share of utterances the rule chosen on training would decide
/// without a question (sure of the move said), over all five conditions
/// and in clean speech: floors a few points under what was measured (in
/// the comment, 2026-11-27, with the players' forms in the grammar).
const DECIDED_FLOORS: [(&str, f64); 2] = [
    ("all", 0.08),   // 60 of 625, 9.6 %
    ("clean", 0.20), // 30 of 125, 24.0 %
];

/// Wrong records of the rule chosen on training on these cases: none now
/// (the rule at -0.5 with the grammar before had one, "hotel three" heard
/// as "able to a three"); the target is none.
const TRAINED_WRONG_CEILING: usize = 0;

/// Clean held-out moves heard as nothing at all: the target is none; 5 of
/// the 125 are now (espeak-ng voices whose words pocketsphinx's grammar
/// search finds no path for; 3 before the grammar held the players' two
/// squares and captures by pieces).
const CLEAN_NOTHING_CEILING: usize = 5;

/// Utterances found in the noise alone and read as a move (asked, never
/// accepted): 56 now, all in babble (32 at 20 dB, 24 at 10 dB; 55 before
/// the players' forms in the grammar; the
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
    // Clean speech of a complete move is heard as something.
    let nothing: Vec<Decoded> = of(&results, "clean").into_iter().filter(|r| r.nothing).cloned().collect();
    assert!(
        nothing.len() <= CLEAN_NOTHING_CEILING,
        "{} clean moves heard as nothing (at most {CLEAN_NOTHING_CEILING}):\n{}",
        nothing.len(),
        hearing::misses(&nothing)
    );
}

/// Questions the daemon may ask in ten minutes of babble: the target is
/// none or a rare one; 9 are asked now (2026-11-27: pawn and knight moves
/// to the third and fourth ranks, none answered into a record), so a
/// ceiling over that.
const BABBLE_QUESTIONS_CEILING: usize = 15;

/// Everything the daemon may say in ten minutes of babble: 51 sentences
/// now (82 before a resume phrase heard while listening was left
/// unanswered), 18 of them listening paused by a "stop listening" heard in
/// the talk and 17 listening again: in a hall, push to talk (`talk =
/// "push"`) hears nothing the player did not open the ear for.
const BABBLE_SAID_CEILING: usize = 65;

/// Ten and a half minutes of a hall with nobody speaking to tiflo: six
/// talkers at a distance (conversation, "yes" and "no" among it, and
/// other players announcing their moves), a clock pressed every 7 s and a
/// door now and then, heard by the real daemon from a recording (played at
/// the pace it was recorded, so this test takes as long). Nothing may be
/// recorded; the questions asked are counted.
#[test]
fn ten_minutes_of_hall_babble_through_the_daemon_record_no_move() {
    hearing::check_tools("en").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let pcm = hearing::babble_stretch(630.0, 6, -33.0, 8.0, 1858).unwrap();
    let raw = dir.path().join("hall.raw");
    std::fs::write(&raw, listening::pcm_bytes(&pcm)).unwrap();
    let journal = dir.path().join("game.journal");
    let mut child = listening::daemon(dir.path(), "en", &format!("pcm:{}", raw.display()), &[]);
    // Standard input ends at once: the daemon stays to hear the recording,
    // and ends once it has.
    drop(child.stdin.take());
    let mut said = Vec::new();
    for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines().map_while(Result::ok) {
        said.push(line);
    }
    let status = child.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    let all = said.join("\n");
    assert!(status.success(), "{all}\n{err}");
    assert!(all.contains("Listening with pocketsphinx") && all.contains("The recording has ended"), "{all}");
    // What it said (not what it showed in braille) once listening: the
    // questions ("Yes or no." or "Say the number, or no."), and the rest.
    let start = said.iter().position(|l| l.contains("Listening with")).unwrap_or(0);
    let spoken: Vec<&str> = said[start + 1..]
        .iter()
        .filter_map(|l| l.strip_prefix("say: "))
        .filter(|l| !l.starts_with("The recording has ended") && !l.starts_with("Goodbye"))
        .collect();
    let questions: Vec<&&str> = spoken.iter().filter(|l| l.ends_with("or no.")).collect();
    let mut counts: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for l in &spoken {
        *counts.entry(l).or_default() += 1;
    }
    println!("{} questions, {} sentences said in {:.0} s of babble:", questions.len(), spoken.len(), pcm.len() as f64 / 16_000.0);
    for (l, n) in &counts {
        println!("  {n} x {l}");
    }
    let sheet = Command::new(env!("CARGO_BIN_EXE_tiflo")).arg("scoresheet").arg(&journal).output().unwrap();
    assert!(sheet.status.success(), "{}", String::from_utf8_lossy(&sheet.stderr));
    let pgn = String::from_utf8_lossy(&sheet.stdout);
    // The movetext: everything but the tags, which must be the result alone.
    let moves: Vec<&str> = pgn.lines().filter(|l| !l.starts_with('[')).flat_map(str::split_whitespace).collect();
    assert_eq!(moves, ["*"], "a move recorded from babble:\n{pgn}\n{all}");
    assert!(spoken.len() <= BABBLE_SAID_CEILING, "{} sentences said in ten minutes of babble (at most {BABBLE_SAID_CEILING}):\n{all}", spoken.len());
    assert!(
        questions.len() <= BABBLE_QUESTIONS_CEILING,
        "{} questions in ten minutes of babble (at most {BABBLE_QUESTIONS_CEILING}):\n{all}",
        questions.len()
    );
}
