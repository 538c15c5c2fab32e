//! The DGT board driver against a simulated board on a pseudo-terminal
//! (`tests/common/dgt.rs`): moves made by hand (captures, en passant,
//! castling, promotion), a slide, a take-back, a lifted piece, a wrong
//! board, the clock, unplugging and plugging in again; then the daemon
//! reading the opponent's moves off the board and marking the player's
//! transfers done.

mod common;

use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use common::dgt::{FakeDgt, piece};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position, Role, Square};
use tiflo::dgt::driver::{Control, Report, start};
use tiflo::dgt::{ClockTimes, Seen};

const WAIT: Duration = Duration::from_secs(15);

struct Host {
    control: std::sync::mpsc::Sender<Control>,
    reports: Receiver<Report>,
}

impl Host {
    fn open(path: &str) -> Host {
        let (tx, reports) = channel();
        let control = start(path.to_owned(), move |r| tx.send(r).is_ok());
        Host { control, reports }
    }

    /// The next report that is not a board read.
    fn next(&self) -> Report {
        loop {
            match self.reports.recv_timeout(WAIT).expect("a report from the board's thread") {
                Report::Board(_) => {}
                r => return r,
            }
        }
    }

    fn ready(&self) {
        match self.next() {
            Report::Ready { version, again: false } => assert_eq!(version, "1.7"),
            other => panic!("{other:?}"),
        }
    }

    fn follow(&self, current: &Chess, previous: Option<&Chess>) {
        self.control.send(Control::Position { current: current.clone(), previous: previous.cloned() }).unwrap();
    }

    fn seen(&self) -> Seen {
        match self.next() {
            Report::Seen(s) => s,
            other => panic!("{other:?}"),
        }
    }
}

fn play(pos: &Chess, uci: &str) -> (shakmaty::Move, Chess) {
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    let mut after = pos.clone();
    after.play_unchecked(m);
    (m, after)
}

fn fen(f: &str) -> Chess {
    f.parse::<shakmaty::fen::Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap()
}

/// Moves made by hand, each read once as exactly that move.
fn moves_are_seen(start: Chess, ucis: &[&str]) {
    let board = FakeDgt::start(&start);
    let host = Host::open(&board.path());
    host.ready();
    host.follow(&start, None);
    assert_eq!(host.seen(), Seen::InPlace);
    let mut pos = start;
    for u in ucis {
        let (m, after) = play(&pos, u);
        board.play(&pos, m);
        assert_eq!(host.seen(), Seen::Move(m), "{u}");
        host.follow(&after, Some(&pos));
        assert_eq!(host.seen(), Seen::InPlace, "after {u}");
        pos = after;
    }
}

#[test]
fn moves_made_by_hand_are_read_once_each() {
    // Captures and en passant.
    moves_are_seen(Chess::default(), &["e2e4", "d7d5", "e4d5", "c7c5", "d5c6", "g8f6"]);
    // Castling both ways and promotions, with and without capture.
    moves_are_seen(fen("r3k2r/6P1/8/8/8/8/1p6/R3K2R w KQkq - 0 1"), &["e1g1", "e8c8", "g7h8q", "b2a1n"]);
    moves_are_seen(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), &["e1c1", "e8g8"]);
}

#[test]
fn a_slide_a_take_back_a_lifted_piece_a_wrong_board_and_the_clock() {
    let (_, start) = play(&Chess::default(), "e2e4");
    let (_, start2) = play(&start, "e7e5");
    let board = FakeDgt::start(&start2);
    let host = Host::open(&board.path());
    host.ready();
    host.follow(&start2, Some(&start));
    assert_eq!(host.seen(), Seen::InPlace);
    // The queen slides d1-h5 over e2, f3, g4: one burst, one move.
    board.slide(Square::D1, &[Square::E2, Square::F3, Square::G4], Square::H5);
    let (qh5, after) = play(&start2, "d1h5");
    assert_eq!(host.seen(), Seen::Move(qh5));
    host.follow(&after, Some(&start2));
    assert_eq!(host.seen(), Seen::InPlace);
    // Taken back by hand: the position before.
    board.lift(Square::H5);
    board.place(Square::D1, piece(Color::White, Role::Queen));
    assert_eq!(host.seen(), Seen::TakeBack);
    board.lift(Square::D1);
    board.place(Square::H5, piece(Color::White, Role::Queen));
    assert_eq!(host.seen(), Seen::InPlace);
    // A piece lifted, and put back.
    board.lift(Square::B8);
    assert_eq!(host.seen(), Seen::Lifted(Square::B8, piece(Color::Black, Role::Knight)));
    board.place(Square::B8, piece(Color::Black, Role::Knight));
    assert_eq!(host.seen(), Seen::InPlace);
    // Two pieces off: a wrong board, told once it has stayed still.
    board.lift(Square::A8);
    board.lift(Square::H8);
    match host.seen() {
        Seen::Mismatch(b) => assert_eq!(b, board.board()),
        other => panic!("{other:?}"),
    }
    // The clock's times, left and right as the clock shows them.
    let t = ClockTimes { left: Duration::from_secs(5400), right: Duration::from_secs(3599), running: true, lever_right: false };
    board.clock(t);
    assert_eq!(host.next(), Report::Clock(t));
    // A running display's time that goes up is a glitch: dropped.
    board.clock(ClockTimes { right: Duration::from_secs(3650), ..t });
    let down = ClockTimes { right: Duration::from_secs(3598), ..t };
    board.clock(down);
    assert_eq!(host.next(), Report::Clock(down));
}

#[test]
fn a_board_unplugged_is_said_and_found_again() {
    let dir = tempfile::tempdir().unwrap();
    // The path stays the same across re-plugging (as /dev/serial/by-id/
    // names do): a link moved from one pseudo-terminal to the next.
    let port = dir.path().join("dgt");
    let first = FakeDgt::start(&Chess::default());
    std::os::unix::fs::symlink(first.path(), &port).unwrap();
    let host = Host::open(port.to_str().unwrap());
    host.ready();
    assert_eq!(host.seen(), Seen::InPlace);
    first.unplug();
    std::fs::remove_file(&port).unwrap();
    assert!(matches!(host.next(), Report::Gone(_)));
    let second = FakeDgt::start(&Chess::default());
    std::os::unix::fs::symlink(second.path(), &port).unwrap();
    assert!(matches!(host.next(), Report::Ready { again: true, .. }));
    host.follow(&Chess::default(), None);
    assert_eq!(host.seen(), Seen::InPlace);
    // No board at all: said, not fatal.
    let nowhere = Host::open("/nonexistent/dgt");
    assert!(matches!(nowhere.next(), Report::Missing(why) if why.contains("/nonexistent/dgt")));
}

#[path = "common/game.rs"]
mod game;
#[path = "common/http.rs"]
mod http;

#[test]
fn the_daemon_reads_the_opponents_moves_off_the_board_and_marks_transfers_done() {
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("config").join("tiflo");
    std::fs::create_dir_all(&settings).unwrap();
    std::fs::write(settings.join("config.toml"), "transfers = \"both\"\n").unwrap();
    let board = FakeDgt::start(&Chess::default());
    let mut g = game::Game::start(dir.path(), &["--lang", "en", "--clock", "mirror", "--dgt", &board.path(), "--page", "local:0"]);
    g.wait_all(&["DGT board ready", "The assistant's page is at http://"]);
    let page = g.heard.iter().find(|h| h.contains("The assistant's page is at http://")).unwrap().clone();
    let addr = page.split("http://").nth(1).unwrap().split('/').next().unwrap().to_owned();
    // The player says e4; the assistant makes it on the DGT board: done.
    g.type_line("e4");
    g.wait_for("1. White: e4");
    let (e4, pos) = play(&Chess::default(), "e2e4");
    board.play(&Chess::default(), e4);
    g.wait_for("On the tournament board: 1. White: e4");
    // The opponent answers on the board: read, recorded, announced.
    let (c5, _) = play(&pos, "c7c5");
    board.play(&pos, c5);
    g.wait_for("1. Black: c5");
    // The opponent touches a knight: told on request.
    board.lift(Square::G8);
    let mut told = String::new();
    for _ in 0..50 {
        g.type_line("touched");
        told = g.wait_for("touched");
        if told.contains("knight") {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(told, "Your opponent touched the black knight on g8.");
    // Put back, and left there long enough for the board to settle and be
    // read in place: still touched until the next move.
    board.place(Square::G8, piece(Color::Black, Role::Knight));
    std::thread::sleep(Duration::from_millis(1500));
    // A wrong board is said, with how to fix it, once it stays still.
    board.lift(Square::A8);
    board.lift(Square::H8);
    let fix = g.wait_for("differs from the game");
    assert_eq!(fix, "The tournament board differs from the game. Put the black rook on a8; put the black rook on h8.");
    // The board reports in order: the knight back on g8 was seen before
    // the wrong board, and it is still the piece touched.
    g.type_line("touched");
    assert_eq!(g.wait_for("touched"), "Your opponent touched the black knight on g8.");
    board.place(Square::A8, piece(Color::Black, Role::Rook));
    board.place(Square::H8, piece(Color::Black, Role::Rook));
    g.type_line("Nf3");
    g.wait_for("2. White: knight f3");
    // A move: forgotten.
    g.type_line("touched");
    assert_eq!(g.wait_for("touched"), "No piece has been touched since the last move.");
    // The DGT clock: White on the left, Black's display running. A request
    // for the clock is answered with its times.
    let t = ClockTimes { left: Duration::from_secs(5350), right: Duration::from_secs(5290), running: true, lever_right: false };
    board.clock(t);
    // Its times feed the game's clocks at once: the page shows them with
    // nobody asking.
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let s = http::get(&addr, "/api/state").json();
        if s["white_ms"] == 5_350_000 {
            let black = s["black_ms"].as_u64().unwrap();
            assert!((5_280_000..=5_290_000).contains(&black), "{s}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the page never showed the DGT clock's times: {s}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let mut readout = String::new();
    for _ in 0..50 {
        g.type_line("clock");
        readout = g.wait_for("White:");
        if readout.contains("29 minutes") {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(readout.starts_with("White: one hour, 29 minutes. Black: one hour, 28 minutes."), "{readout}");
    g.quit();
    let out = game::tiflo(dir.path()).arg("scoresheet").arg(dir.path().join("game.journal")).output().unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(pgn.contains("1. e4 ") && pgn.contains("c5 ") && pgn.contains("2. Nf3 "), "{pgn}");
}
