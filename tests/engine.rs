//! Practice against Debian's stockfish through tiflo's UCI driver: the
//! handshake, strength options, moves that are legal in the position asked
//! about, an engine that is not there, and one that never answers.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};
use tiflo::engine::{Engine, EngineError, Report, Think, start};

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
        let uci = e.best_move(&pos, "go movetime 50", Duration::from_secs(5)).expect("a move");
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).expect("the engine's move is legal");
        pos.play_unchecked(m);
    }
    // A mated position has no move: an error, not a made-up move.
    let mated: Chess = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    assert!(matches!(e.best_move(&mated, "go movetime 50", Duration::from_secs(5)), Err(EngineError::NoMove(_))));
}

#[test]
fn the_engines_thread_reports_ready_then_moves() {
    let (tx, rx) = std::sync::mpsc::channel();
    let think = start(format!("{STOCKFISH}"), 1500, move |r| tx.send(r).is_ok());
    match rx.recv_timeout(Duration::from_secs(15)).unwrap() {
        Report::Ready(name) => assert!(name.to_lowercase().contains("stockfish")),
        other => panic!("{other:?}"),
    }
    think.send(Think { position: Chess::default(), go: "go wtime 60000 btime 60000 winc 0 binc 0".into(), deadline: Duration::from_secs(10) }).unwrap();
    match rx.recv_timeout(Duration::from_secs(15)).unwrap() {
        Report::Move { fen, uci } => {
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
        Report::Failed(why) => assert!(why.contains("did not answer"), "{why}"),
        other => panic!("{other:?}"),
    }
}
