//! Practice against Debian's stockfish through tiflo's UCI driver: the
//! handshake, strength options, moves that are legal in the position asked
//! about, an engine that is not there, and one that never answers; then
//! practice through the daemon: stockfish answers the player's moves and
//! they make the scoresheet, an engine that cannot start is said and the
//! keyboard goes on.

#[path = "common/game.rs"]
mod game;

use std::process::Stdio;
use std::time::Duration;

use game::{Game, tiflo};

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};
use tiflo::assistant::engine::{Engine, EngineError, Report, Think, start};

const STOCKFISH: &str = "/usr/games/stockfish";

#[test]
fn stockfish_plays_legal_moves_at_a_chosen_strength() {
    let mut e = Engine::start(STOCKFISH, 3).expect("stockfish starts (scripts/setup.sh --test installs it)");
    assert!(e.options.name.to_lowercase().contains("stockfish"), "{:?}", e.options);
    assert!(e.options.skill.is_some(), "stockfish has a skill level");
    let mut pos = Chess::default();
    for _ in 0..12 {
        if pos.is_game_over() {
            break;
        }
        let uci = e.best_move(&pos, &[], "go movetime 50", Duration::from_secs(5)).expect("a move");
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).expect("the engine's move is legal");
        pos.play_unchecked(m);
    }
    // A mated position has no move: an error, not a made-up move.
    let mated: Chess = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    assert!(matches!(e.best_move(&mated, &[], "go movetime 50", Duration::from_secs(5)), Err(EngineError::NoMove(_))));
}

/// The engine's evaluation decides its answer to a draw offer: a side a
/// queen up declines, a side a queen down accepts.
#[test]
fn stockfish_evaluates_the_position_it_would_answer_a_draw_offer_in() {
    use tiflo::assistant::engine::{Score, accepts_draw};
    let mut e = Engine::start(STOCKFISH, 1).expect("stockfish starts");
    let position = |fen: &str| -> Chess { fen.parse::<shakmaty::fen::Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap() };
    // Black to move, a queen up: a win, no draw.
    let (_, score) = e.best_move_scored(&position("4k3/8/8/8/8/8/q7/4K3 b - - 0 1"), &[], "go movetime 300", Duration::from_secs(5)).unwrap();
    assert!(matches!(score, Some(Score::Cp(cp)) if cp > 300) || matches!(score, Some(Score::Mate(n)) if n > 0), "{score:?}");
    assert!(!accepts_draw(score));
    // Black to move, a queen down: a draw is welcome.
    let (_, score) = e.best_move_scored(&position("4k3/8/8/8/8/8/Q7/4K3 b - - 0 1"), &[], "go movetime 300", Duration::from_secs(5)).unwrap();
    assert!(matches!(score, Some(Score::Cp(cp)) if cp < -300) || matches!(score, Some(Score::Mate(n)) if n < 0), "{score:?}");
    assert!(accepts_draw(score));
}

/// Practice (Article 9.1.b): the player's draw offer is the player's, and
/// the engine answers it aloud, accepting or declining.
#[test]
fn the_engine_answers_the_players_draw_offer_aloud() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = Game::start(
        dir.path(),
        &["--lang", "en", "--side", "white", "--time-control", "300", "--confirm", "unsure", "--opponent", "stockfish", "--opponent-strength", "1"],
    );
    g.wait_for("Playing against");
    g.type_line("e4 draw");
    g.wait_for("1. White: e4");
    g.wait_for("White offers a draw");
    g.type_line("press");
    // Declined, or accepted: the ending says the agreement once.
    let answer = g.wait_for("Draw");
    assert!(answer.contains("Draw offer declined") || answer.contains("Draw agreed: half a point each"), "{answer}");
    if answer.contains("declined") {
        g.wait_for("1. Black:");
    }
    g.quit();
    let out = tiflo(dir.path()).arg("scoresheet").arg(dir.path().join("game.journal")).output().unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(pgn.contains("1. e4 {[%clk 0:05:00] (=)}"), "the offer beside White's move: {pgn}");
}

/// Supplement 3, 3.b in practice: the player's slip of the tongue is
/// corrected before the engine answers (it waits for the correction time
/// or the clock press), and after the arbiter takes back the engine's move
/// the engine does not play again at once, so the player's own move can be
/// taken back too.
#[test]
fn the_engine_waits_for_the_players_correction_and_after_a_take_back() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config/tiflo");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "correction-seconds = 600\n").unwrap();
    let mut g = Game::start(
        dir.path(),
        &["--lang", "en", "--side", "white", "--time-control", "60", "--confirm", "unsure", "--opponent", "stockfish", "--opponent-strength", "1"],
    );
    g.wait_for("Playing against");
    g.type_line("e4");
    g.wait_for("1. White: e4");
    // The slip is the player's: the engine has not answered.
    g.type_line("correct d4");
    g.wait_for("Corrected: e4 becomes d4");
    g.type_line("press");
    g.wait_for("1. Black:");
    g.type_line("takeback");
    g.wait_for("Arbiter: take back");
    g.type_line("yes");
    g.wait_for("was taken back by the arbiter");
    // Time enough for the engine to think (a fortieth of a minute), were it
    // to play again at once.
    std::thread::sleep(Duration::from_secs(4));
    g.type_line("takeback");
    let asked = g.wait_for("Arbiter: take back");
    assert_eq!(asked, "Arbiter: take back d4? Yes or no.", "the engine did not replay its move");
    g.type_line("yes");
    g.wait_for("d4 was taken back");
    g.type_line("Nf3");
    g.wait_for("1. White: knight f3");
    g.type_line("press");
    g.wait_for("1. Black:");
    g.quit();
}

#[test]
fn the_engines_thread_reports_ready_then_moves() {
    let (tx, rx) = std::sync::mpsc::channel();
    let think = start(format!("{STOCKFISH}"), 1500, move |r| tx.send(r).is_ok());
    match rx.recv_timeout(Duration::from_secs(15)).unwrap() {
        Report::Ready(name) => assert!(name.to_lowercase().contains("stockfish")),
        other => panic!("{other:?}"),
    }
    think.send(Think { go: "go wtime 60000 btime 60000 winc 0 binc 0".into(), deadline: Duration::from_secs(10) , ..Think::on_clock(Chess::default(), vec![], Duration::ZERO) }).unwrap();
    match rx.recv_timeout(Duration::from_secs(15)).unwrap() {
        Report::Move { fen, uci, .. } => {
            assert!(fen.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
            uci.parse::<UciMove>().unwrap().to_move(&Chess::default()).expect("legal");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_engine_that_is_not_there_or_never_answers_is_an_error_in_words() {
    match Engine::start("/nonexistent/engine", 5) {
        Err(e @ EngineError::Start { .. }) => assert!(e.to_string().contains("cannot be started"), "{e}"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a missing engine started"),
    }
    // `cat` echoes "uci" back and never says uciok: a deadline, not a hang.
    let (tx, rx) = std::sync::mpsc::channel();
    let _think = start("cat".into(), 5, move |r| tx.send(r).is_ok());
    match rx.recv_timeout(Duration::from_secs(20)).unwrap() {
        Report::Failed(why) => assert!(why.to_string().contains("did not answer"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_daemon_plays_the_opponents_side_with_stockfish() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = Game::start(
        dir.path(),
        &["--lang", "en", "--side", "white", "--time-control", "300", "--confirm", "unsure", "--opponent", "stockfish", "--opponent-strength", "1"],
    );
    let ready = g.wait_for("Playing against");
    assert!(ready.contains("Stockfish") && ready.contains("strength 1"), "{ready}");
    g.type_line("e4");
    g.wait_for("1. White: e4");
    // The engine answers once e4 can no longer be corrected: at once when
    // the clock press is reported.
    g.type_line("press");
    g.wait_for("1. Black:");
    // Black's moves are the engine's: a move only Black could make is
    // refused.
    g.type_line("Nf6");
    g.wait_for("not a legal move for White");
    g.type_line("d4");
    g.wait_for("2. White: d4");
    g.type_line("press");
    g.wait_for("2. Black:");
    g.quit();
    let out = tiflo(dir.path()).arg("scoresheet").arg(dir.path().join("game.journal")).output().unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    let moves: Vec<&str> = pgn.split_whitespace().filter(|w| !w.starts_with('[') && !w.ends_with(']') && !w.ends_with('.') && !w.starts_with('{')).collect();
    assert!(pgn.contains("1. e4 ") && pgn.contains("2. d4 "), "{pgn}");
    // The scoresheet's four moves replay legally.
    let mut pos = Chess::default();
    let sans: Vec<&str> = moves.iter().copied().filter(|w| w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())).collect();
    assert!(sans.len() >= 4, "{pgn}");
    for san in &sans[..4] {
        let m = san.parse::<shakmaty::san::San>().unwrap().to_move(&pos).unwrap_or_else(|e| panic!("{san}: {e}\n{pgn}"));
        pos.play_unchecked(m);
    }
}

#[test]
fn an_engine_that_cannot_start_is_said_and_the_keyboard_plays_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = Game::start(dir.path(), &["--lang", "en", "--confirm", "unsure", "--opponent", "no-such-chess-engine"]);
    let failed = g.wait_for("The engine cannot play");
    assert!(failed.contains("no-such-chess-engine") && failed.contains("Type the opponent's moves"), "{failed}");
    g.type_line("e4");
    g.wait_for("1. White: e4");
    g.type_line("e5");
    g.wait_for("1. Black: e5");
    g.quit();
    // A strength out of range is a usage error naming the flag.
    let out = tiflo(dir.path()).args(["daemon", "--opponent-strength", "50"]).stdin(Stdio::null()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--opponent-strength"), "{}", String::from_utf8_lossy(&out.stderr));
}
