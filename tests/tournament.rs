//! A scripted tournament game through the running daemon, every part real:
//! the blind player's moves and answers spoken (espeak-ng) into the
//! recogniser (pocketsphinx, through a named pipe as a microphone would
//! give them), the opponent's moves through the assistant's page and on a
//! simulated DGT board, braille to a simulated Baum display, speech to WAV
//! files. The daemon is killed in the middle and started again. At the end
//! the PGN equals the script, every transfer is done, and the display shows
//! the last moves.

mod common;
#[path = "common/game.rs"]
mod game;
#[path = "common/hearing.rs"]
mod hearing;
#[path = "common/http.rs"]
mod http;

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use common::dgt::FakeDgt;
use common::displays::{FakeBaum, last_pair};
use game::Game;
use serde_json::json;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};
use tiflo::notation::Lang;

/// One ply: UCI, how tiflo writes it in English, how the player says it.
struct Ply {
    uci: &'static str,
    san: &'static str,
    text: &'static str,
    said: &'static str,
}

const SCRIPT: [Ply; 10] = [
    Ply { uci: "e2e4", san: "e4", text: "e4", said: "echo four" },
    Ply { uci: "e7e5", san: "e5", text: "e5", said: "" },
    Ply { uci: "g1f3", san: "Nf3", text: "knight f3", said: "knight foxtrot three" },
    Ply { uci: "b8c6", san: "Nc6", text: "knight c6", said: "" },
    Ply { uci: "f1b5", san: "Bb5", text: "bishop b5", said: "bishop bravo five" },
    Ply { uci: "a7a6", san: "a6", text: "a6", said: "" },
    Ply { uci: "b5a4", san: "Ba4", text: "bishop a4", said: "bishop alpha four" },
    Ply { uci: "g8f6", san: "Nf6", text: "knight f6", said: "" },
    Ply { uci: "e1g1", san: "O-O", text: "castles short", said: "castles short" },
    Ply { uci: "f8e7", san: "Be7", text: "bishop e7", said: "" },
];

const NUMBERS: [&str; 5] = ["one", "two", "three", "four", "five"];

/// The player's microphone: a named pipe the daemon hears as it is written.
struct Mic {
    dir: std::path::PathBuf,
    path: std::path::PathBuf,
    pipe: Option<File>,
}

impl Mic {
    fn new(dir: &Path) -> Mic {
        let path = dir.join("mic.pcm");
        let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        Mic { dir: dir.to_owned(), path, pipe: None }
    }

    /// Opens the writing end (the daemon has opened the reading end, or is
    /// about to).
    fn open(&mut self) {
        self.pipe = Some(std::fs::OpenOptions::new().write(true).open(&self.path).unwrap());
    }

    fn say(&mut self, text: &str) {
        // espeak-ng's US English voice in a quiet room, never digital
        // silence, as a microphone gives.
        let pcm = hearing::spoken(&self.dir, text, 1.0);
        let bytes: Vec<u8> = pcm.into_iter().flat_map(i16::to_le_bytes).collect();
        self.pipe.as_mut().expect("the microphone is open").write_all(&bytes).unwrap();
    }
}

/// The daemon with everything plugged in.
fn start(dir: &Path, mic: &mut Mic, baum: &FakeBaum, board: &FakeDgt) -> (Game, String) {
    let speech = format!("wav:{}", dir.join("speech").display());
    let listen = format!("pcm:{}", mic.path.display());
    let braille = format!("serial:{}", baum.path());
    let dgt = board.path();
    let mut g = Game::start(
        dir,
        &[
            "--config",
            "config/tournament.toml",
            "--lang",
            "en",
            "--side",
            "white",
            "--page",
            "local:0",
            "--speech",
            &speech,
            "--listen",
            &listen,
            "--engine",
            "pocketsphinx",
            "--braille",
            &braille,
            "--dgt",
            &dgt,
        ],
    );
    g.wait_all(&["Listening with pocketsphinx", "The assistant's page is at http://"]);
    mic.open();
    g.wait_all(&["DGT board ready", "Braille display SuperVario 40 ready"]);
    let page = g.heard.iter().find(|h| h.contains("The assistant's page is at http://")).unwrap().clone();
    let addr = page.split("http://").nth(1).unwrap().split('/').next().unwrap().to_owned();
    (g, addr)
}

/// How long the player waits for tiflo's answer before saying it again: an
/// utterance the ear drops (as the hall's talk) is answered by nothing.
const ANSWER_WAIT: Duration = Duration::from_secs(15);

/// Sentences tiflo may say that answer nothing the player said: a
/// transfer reminder, a transfer done on the tournament board, the answer
/// to a "finished" said twice.
fn aside(s: &str) -> bool {
    s.starts_with("Reminder.")
        || s.starts_with("On the tournament board:")
        || s == "No transfers pending."
}

/// The player says a move and answers tiflo's read-back until the move is
/// recorded: yes when tiflo read it right, the number when it offers it
/// among others, no (and the move again) otherwise. Anything else tiflo
/// answers (the move heard as a command, as no move, or as an illegal
/// one), or no answer at all, and the move is said again.
fn say_move(g: &mut Game, mic: &mut Mic, number: usize, ply: &Ply) {
    let recorded = format!("{number}. White: {}", ply.text);
    let question = format!("White: {}? Yes or no.", ply.text);
    mic.say(ply.said);
    for _ in 0..16 {
        let Some(s) = g.next_within(ANSWER_WAIT) else {
            mic.say(ply.said);
            continue;
        };
        if s.contains(&recorded) {
            return;
        }
        if s == question {
            mic.say("yes");
        } else if s.starts_with("Did you say") {
            let n = s.split(", ").chain(s.split(" or ")).find_map(|part| {
                let part = part.trim_start_matches("Did you say ");
                let (n, text) = part.split_once(": ")?;
                text.starts_with(ply.text).then(|| n.trim().parse::<usize>().ok()).flatten()
            });
            match n {
                Some(n) => mic.say(NUMBERS[n - 1]),
                None => {
                    mic.say("no");
                    mic.say(ply.said);
                }
            }
        } else if s.ends_with("Yes or no.") {
            mic.say("no");
            mic.say(ply.said);
        } else if s != "Not recorded." && !aside(&s) {
            // Not the answer to a no (the move follows), nor news.
            mic.say(ply.said);
        }
    }
    panic!("{} was never recorded; said: {:#?}", ply.san, g.heard);
}

/// The player has set the opponent's move on the special board and says so
/// ("finished", one of the words for `done`). A question is answered no;
/// news is let pass; anything else, or no answer, and the word is said
/// again.
fn say_done(g: &mut Game, mic: &mut Mic, number: usize, ply: &Ply) {
    let done = format!("On your board: {number}. Black: {}", ply.text);
    mic.say("finished");
    for _ in 0..8 {
        let Some(s) = g.next_within(ANSWER_WAIT) else {
            mic.say("finished");
            continue;
        };
        if s.contains(&done) {
            return;
        }
        if s.ends_with("Yes or no.") || s.ends_with("Say the number, or no.") {
            mic.say("no");
            mic.say("finished");
        } else if s != "Not recorded." && !aside(&s) {
            mic.say("finished");
        }
    }
    panic!("the transfer of {} was never done; said: {:#?}", ply.san, g.heard);
}

fn mv(pos: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
}

/// Plays plies `from..to` of the script.
fn play(g: &mut Game, addr: &str, mic: &mut Mic, board: &FakeDgt, pos: &mut Chess, from: usize, to: usize) {
    for (i, ply) in SCRIPT.iter().enumerate().take(to).skip(from) {
        let number = i / 2 + 1;
        let m = mv(pos, ply.uci);
        if i % 2 == 0 {
            // The blind player's move, said aloud; the assistant makes it on
            // the tournament (DGT) board, which marks the transfer done.
            say_move(g, mic, number, ply);
            board.play(pos, m);
            g.wait_for(&format!("On the tournament board: {number}. White: {}", ply.text));
        } else {
            if i % 4 == 1 {
                // The assistant enters it on the page (and the opponent
                // has made it on the board).
                let a = http::change(addr, "/api/move", &[], &json!({ "move": ply.san }));
                assert_eq!(a.status, 200, "{a:?}");
                board.play(pos, m);
            } else {
                // Read off the DGT board.
                board.play(pos, m);
            }
            g.wait_for(&format!("{number}. Black: {}", ply.text));
            say_done(g, mic, number, ply);
        }
        pos.play_unchecked(m);
    }
}

#[test]
fn a_tournament_game_through_voice_page_dgt_board_and_braille_survives_a_kill() {
    hearing::check_tools("en").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut mic = Mic::new(dir.path());
    let baum = FakeBaum::start(40, "SuperVario 40");
    let board = FakeDgt::start(&Chess::default());
    let mut pos = Chess::default();

    let (mut g, addr) = start(dir.path(), &mut mic, &baum, &board);
    play(&mut g, &addr, &mut mic, &board, &mut pos, 0, 5);
    assert!(g.heard.iter().all(|h| !h.contains("differs from the game")), "{:#?}", g.heard);
    // The daemon dies in the middle of the game.
    g.child.kill().unwrap();
    g.child.wait().unwrap();
    mic.pipe = None;

    let (mut g, addr) = start(dir.path(), &mut mic, &baum, &board);
    assert!(g.heard.iter().any(|h| h.contains("5 moves recovered")), "{:#?}", g.heard);
    play(&mut g, &addr, &mut mic, &board, &mut pos, 5, SCRIPT.len());

    // The opponent's moves entered on the page were made on the board at
    // once: the board one move behind, or their piece in the air, was never
    // told as a wrong board.
    assert!(g.heard.iter().all(|h| !h.contains("differs from the game")), "{:#?}", g.heard);
    // Every transfer is done.
    let state = http::get(&addr, "/api/state").json();
    assert_eq!(state["pending"], json!([]), "{state}");
    assert!(state["moves"].as_array().unwrap().iter().all(|m| m["done"] == true), "{state}");
    g.type_line("transfers");
    g.wait_for("No transfers pending.");
    // The braille display shows the last move pair, however quickly the
    // sentences followed it: a sentence that covers the move view begins
    // with the move, so the line the player's fingers find after the last
    // sentence starts with the last move pair, and the sentence after it.
    let ucis: Vec<&str> = SCRIPT.iter().map(|p| p.uci).collect();
    let pair = last_pair(Lang::En, &ucis, 40);
    let pair = &pair[..pair.iter().rposition(|&c| c != 0).unwrap() + 1];
    let covered = |l: &[u8]| l.starts_with(pair) && l.get(pair.len()) == Some(&0) && l[pair.len()..].iter().any(|&c| c != 0);
    assert!(baum.wait_for_line(Duration::from_secs(20), covered).is_some(), "the last moves on the display");
    g.quit();

    // The scoresheet is the script.
    let out = game::tiflo(dir.path()).arg("scoresheet").arg(dir.path().join("game.journal")).output().unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    let movetext: String = pgn.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join(" ");
    let mut sans = Vec::new();
    let mut depth = 0;
    for word in movetext.split_whitespace() {
        depth += word.matches('{').count();
        if depth == 0 && !word.ends_with('.') && !word.contains('*') && !word.contains('-') || word == "O-O" {
            sans.push(word.to_owned());
        }
        depth -= word.matches('}').count();
    }
    let want: Vec<&str> = SCRIPT.iter().map(|p| p.san).collect();
    assert_eq!(sans, want, "{pgn}");
    // Every sentence was spoken into a WAV file.
    let wavs: Vec<_> = std::fs::read_dir(dir.path().join("speech")).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(wavs.len() >= 30, "{} sentences spoken", wavs.len());
    for w in &wavs {
        assert!(std::fs::metadata(w).unwrap().len() > 1000, "{} is empty", w.display());
    }
}
