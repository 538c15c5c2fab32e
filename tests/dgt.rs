//! The DGT board driver against a simulated board on a pseudo-terminal
//! (`tests/common/dgt.rs`, whose bytes are written from DGT's protocol
//! header, dgtbrd.h): moves made by hand as a real board reports them
//! (a piece lifted and put back, captures with either piece lifted first,
//! castling king first or rook first, en passant, promotion, a slide), a
//! take-back, a wrong board, a board turned round, the clock (times, a
//! flag at 0:00, acknowledgements, no clock, a clock unplugged),
//! unplugging and plugging in again; then the daemon reading the opponent's
//! moves off the board, marking the player's transfers done, following the
//! clock and saying a clock that goes away.

mod common;

use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use common::dgt::{self as fake, FakeDgt, NO_CLOCK, piece};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position, Role, Square};
use tiflo::assistant::dgt::driver::{Control, Report, start};
use tiflo::assistant::dgt::{ClockTimes, Orientation, Seen};

const WAIT: Duration = Duration::from_secs(15);

struct Host {
    control: std::sync::mpsc::Sender<Control>,
    reports: Receiver<Report>,
}

impl Host {
    fn open(path: &str) -> Host {
        Host::standing(path, Orientation::Auto)
    }

    fn standing(path: &str, orientation: Orientation) -> Host {
        let (tx, reports) = channel();
        let control = start(path.to_owned(), orientation, move |r| tx.send(r).is_ok());
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

    /// The next report that is not a lifted piece (a hand may pause longer
    /// than a scan between lifting and putting down).
    fn move_seen(&self) -> Seen {
        loop {
            match self.seen() {
                Seen::Lifted(..) => {}
                s => return s,
            }
        }
    }

    /// The board at the start position, read in place.
    fn at_start(board: &FakeDgt) -> Host {
        let host = Host::open(&board.path());
        host.ready();
        host.follow(&Chess::default(), None);
        assert_eq!(host.seen(), Seen::InPlace);
        host
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

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// Plays `ucis` from the start position on `host`'s view, returning the
/// position.
fn opening(host: &Host, board: &FakeDgt, ucis: &[&str]) -> Chess {
    opening_from(host, board, Chess::default(), ucis)
}

fn opening_from(host: &Host, board: &FakeDgt, start: Chess, ucis: &[&str]) -> Chess {
    let mut pos = start;
    for u in ucis {
        let (m, after) = play(&pos, u);
        board.play(&pos, m);
        assert_eq!(host.move_seen(), Seen::Move(m), "{u}");
        host.follow(&after, Some(&pos));
        assert_eq!(host.seen(), Seen::InPlace, "after {u}");
        pos = after;
    }
    pos
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
        assert_eq!(host.move_seen(), Seen::Move(m), "{u}");
        host.follow(&after, Some(&pos));
        assert_eq!(host.seen(), Seen::InPlace, "after {u}");
        pos = after;
    }
}

#[test]
fn the_fake_board_speaks_as_dgtbrd_h_says() {
    // The simulated board, read byte by byte, against the header's
    // message layouts: this is what every other test here replays.
    let board = FakeDgt::standing(&Chess::default(), true);
    let mut port = serialport::new(board.path(), 9600).timeout(Duration::from_millis(200)).open().unwrap();
    port.write_all(&[0x4d, 0x42, 0x41]).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 256];
    let deadline = std::time::Instant::now() + WAIT;
    while got.len() < 5 + 67 + 10 && std::time::Instant::now() < deadline {
        if let Ok(n) = port.read(&mut buf) {
            got.extend_from_slice(&buf[..n]);
        }
    }
    // DGT_MSG_VERSION: 0x93, size 0 5, version 1.7.
    assert_eq!(got[..5], [0x93, 0x00, 0x05, 0x01, 0x07]);
    // DGT_MSG_BOARD_DUMP: 0x86, size 0 67 (0x43), then the fields. Turned
    // round, field 0 (top left for the player with the connector on the
    // left hand, here Black) holds White's h1 rook: R N B K Q B N R, eight
    // white pawns (1), 32 empty, eight black pawns (7), r n b k q b n r.
    let mut dump = vec![0x86, 0x00, 0x43, 2, 3, 4, 5, 6, 4, 3, 2];
    dump.extend([1; 8]);
    dump.extend([0; 32]);
    dump.extend([7; 8]);
    dump.extend([8, 9, 10, 11, 12, 10, 9, 8]);
    assert_eq!(got[5..72], dump[..]);
    // DGT_MSG_BWTIME with no clock: 0x8D, size 0 10, status bit 5.
    assert_eq!(got[72..82], [0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0x20]);
    // A clock reading: right 1:02:03, left 0:45:06, running, lever bit.
    assert_eq!(fake::bwtime(45 * 60 + 6, 3723, true, true), [0x8d, 0x00, 0x0a, 0x01, 0x02, 0x03, 0x00, 0x45, 0x06, 0x03]);
    // Field updates: g1 is field 62 standing normally, 1 turned round.
    assert_eq!(fake::message(fake::FIELD_UPDATE, &[fake::field(Square::G1, false), 3]), [0x8e, 0x00, 0x05, 62, 3]);
    assert_eq!(fake::field(Square::G1, true), 1);
    assert_eq!(fake::field(Square::A8, false), 0);
    assert_eq!(fake::field(Square::H1, false), 63);
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
fn a_piece_lifted_and_put_back_is_no_move() {
    let board = FakeDgt::start(&Chess::default());
    let host = Host::at_start(&board);
    // Lifted and put back at once (within one scan's settling): the
    // board's two field updates, written out (g1 is field 62, a knight 3),
    // and nothing to report.
    board.send(&[0x8e, 0x00, 0x05, 62, 0]);
    board.send(&[0x8e, 0x00, 0x05, 62, 3]);
    // Lifted and held: one piece off the game's board.
    board.lift(Square::B1);
    assert_eq!(host.seen(), Seen::Lifted(Square::B1, piece(Color::White, Role::Knight)));
    board.place(Square::B1, piece(Color::White, Role::Knight));
    assert_eq!(host.seen(), Seen::InPlace);
    // The next report is the next move (or a piece of it lifted, when the
    // hand pauses longer than a scan): no wrong board, no take-back.
    let (e4, _) = play(&Chess::default(), "e2e4");
    board.play(&Chess::default(), e4);
    assert_eq!(host.move_seen(), Seen::Move(e4));
}

#[test]
fn a_capture_in_steps_with_either_piece_lifted_first() {
    let board = FakeDgt::start(&Chess::default());
    let host = Host::at_start(&board);
    let pause = || std::thread::sleep(Duration::from_millis(500));
    let pos = opening(&host, &board, &["e2e4", "d7d5"]);
    // exd5, the captured pawn lifted first (told as touched when a scan
    // sees it off alone), then the capturing pawn lifted and put down, a
    // pause between each: one move, no wrong board in between.
    let (exd5, after) = play(&pos, "e4d5");
    board.lift(Square::D5);
    pause();
    board.lift(Square::E4);
    pause();
    board.place(Square::D5, piece(Color::White, Role::Pawn));
    assert_eq!(host.move_seen(), Seen::Move(exd5));
    host.follow(&after, Some(&pos));
    assert_eq!(host.seen(), Seen::InPlace);
    // Qxd5, the capturing queen lifted first.
    let pos = after;
    let (qxd5, after) = play(&pos, "d8d5");
    board.lift(Square::D8);
    pause();
    board.lift(Square::D5);
    pause();
    board.place(Square::D5, piece(Color::Black, Role::Queen));
    assert_eq!(host.move_seen(), Seen::Move(qxd5));
    host.follow(&after, Some(&pos));
    assert_eq!(host.seen(), Seen::InPlace);
    // Nc3, then Qxd2+ with the queen pushing the pawn off its square: the
    // square's piece code changes from pawn to queen at once.
    let pos = opening_from(&host, &board, after, &["b1c3"]);
    let (qxd2, _) = play(&pos, "d5d2");
    board.lift(Square::D5);
    board.place(Square::D2, piece(Color::Black, Role::Queen));
    assert_eq!(host.move_seen(), Seen::Move(qxd2));
}

#[test]
fn castling_king_first_or_rook_first_is_castling() {
    let start = fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    let board = FakeDgt::start(&start);
    let host = Host::open(&board.path());
    host.ready();
    host.follow(&start, None);
    assert_eq!(host.seen(), Seen::InPlace);
    let pause = || std::thread::sleep(Duration::from_secs(1));
    // King first: two squares on (not yet a move), a pause, then the rook.
    let (oo, pos) = play(&start, "e1g1");
    board.shift(Square::E1, Square::G1);
    pause();
    board.shift(Square::H1, Square::F1);
    assert_eq!(host.move_seen(), Seen::Move(oo));
    host.follow(&pos, Some(&start));
    assert_eq!(host.seen(), Seen::InPlace);
    // Rook first: the rook on d8 is a legal rook move by itself, held
    // while the king may follow; the king follows after a pause.
    let (ooo, after) = play(&pos, "e8c8");
    board.shift(Square::A8, Square::D8);
    pause();
    board.shift(Square::E8, Square::C8);
    assert_eq!(host.move_seen(), Seen::Move(ooo));
    host.follow(&after, Some(&pos));
    assert_eq!(host.seen(), Seen::InPlace);
    // The same rook move with no king following: the rook move, once it
    // has stayed still.
    let board = FakeDgt::start(&start);
    let host = Host::open(&board.path());
    host.ready();
    host.follow(&start, None);
    assert_eq!(host.seen(), Seen::InPlace);
    let (rf1, _) = play(&start, "h1f1");
    board.shift(Square::H1, Square::F1);
    assert_eq!(host.move_seen(), Seen::Move(rf1));
}

#[test]
fn a_board_turned_round_is_read_turned() {
    let board = FakeDgt::standing(&Chess::default(), true);
    let host = Host::open(&board.path());
    host.ready();
    // The start position, turned round: said once, then read in place.
    assert_eq!(host.next(), Report::Turned);
    assert_eq!(host.seen(), Seen::InPlace);
    host.follow(&Chess::default(), None);
    // Moves, a capture and a lifted piece, as on a board standing
    // normally.
    let pos = opening(&host, &board, &["e2e4", "d7d5", "e4d5", "g8f6"]);
    board.lift(Square::G1);
    assert_eq!(host.seen(), Seen::Lifted(Square::G1, piece(Color::White, Role::Knight)));
    board.place(Square::G1, piece(Color::White, Role::Knight));
    assert_eq!(host.seen(), Seen::InPlace);
    let (nf3, _) = play(&pos, "g1f3");
    board.play(&pos, nf3);
    assert_eq!(host.move_seen(), Seen::Move(nf3));
    // Set `normal`, the same board is a wrong board, told once it has
    // stayed still.
    let board = FakeDgt::standing(&Chess::default(), true);
    let host = Host::standing(&board.path(), Orientation::Normal);
    host.ready();
    assert!(matches!(host.seen(), Seen::Mismatch(_)));
    // Set `turned`, it is in place and nothing is told.
    let board = FakeDgt::standing(&Chess::default(), true);
    let host = Host::standing(&board.path(), Orientation::Turned);
    host.ready();
    assert_eq!(host.seen(), Seen::InPlace);
    // A board standing normally is not told turned.
    let board = FakeDgt::start(&Chess::default());
    let host = Host::open(&board.path());
    host.ready();
    assert_eq!(host.seen(), Seen::InPlace);
}

#[test]
fn a_slide_a_take_back_a_wrong_board() {
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
    board.shift(Square::H5, Square::D1);
    assert_eq!(host.move_seen(), Seen::TakeBack);
    board.shift(Square::D1, Square::H5);
    assert_eq!(host.move_seen(), Seen::InPlace);
    // Two pieces off: a wrong board, told once it has stayed still.
    board.lift_all(&[Square::A8, Square::H8]);
    match host.seen() {
        Seen::Mismatch(b) => assert_eq!(b, board.board()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_clock_times_a_flag_no_clock_and_a_clock_unplugged() {
    let board = FakeDgt::start(&Chess::default());
    let host = Host::at_start(&board);
    // The host asked for the clock; with none connected the board answers
    // the invalid reading, which is not news.
    assert!(board.commands().contains(&0x41));
    // Right 1:30:00, left 1:29:59, running, lever bit clear.
    board.clock_bytes([0x8d, 0x00, 0x0a, 0x01, 0x30, 0x00, 0x01, 0x29, 0x59, 0x01]);
    let t = ClockTimes { left: secs(5399), right: secs(5400), running: true, lever: false };
    assert_eq!(host.next(), Report::Clock(t));
    // A display going up with nobody pressing is a glitch: dropped.
    board.clock(5399, 5460, true, false);
    board.clock(5398, 5400, true, false);
    assert_eq!(host.next(), Report::Clock(ClockTimes { left: secs(5398), ..t }));
    // A clock acknowledgement (0x0A in an hours byte) is not a time.
    board.send(&[0x8d, 0x00, 0x0a, 0x0a, 0x10, 0x09, 0x00, 0x00, 0x00, 0x00]);
    // The right display at 0:00, its flag fallen (hours byte bits 4 and
    // 6), the left at 0:12:34: a reading like any other.
    board.clock_bytes([0x8d, 0x00, 0x0a, 0x50, 0x00, 0x00, 0x00, 0x12, 0x34, 0x00]);
    assert_eq!(host.next(), Report::Clock(ClockTimes { left: secs(754), right: Duration::ZERO, running: false, lever: false }));
    // Unplugged: status bit 5, however many times, is one piece of news.
    board.clock_bytes(NO_CLOCK);
    assert_eq!(host.next(), Report::ClockGone);
    board.clock_bytes(NO_CLOCK);
    board.clock_bytes([0x8d, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21]);
    // Plugged in again, reset to 0:05:00 each.
    board.clock(300, 300, false, false);
    assert_eq!(host.next(), Report::ClockBack);
    assert_eq!(host.next(), Report::Clock(ClockTimes { left: secs(300), right: secs(300), running: false, lever: false }));
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
    assert!(matches!(nowhere.next(), Report::Missing(why) if why.to_string().contains("/nonexistent/dgt")));
}

#[path = "common/game.rs"]
mod game;
#[path = "common/http.rs"]
mod http;

/// A daemon in mirror mode with the board on `board`, transfers both ways,
/// and `settings` added to the user's file; ready.
fn daemon(dir: &std::path::Path, board: &FakeDgt, settings: &str, page: bool) -> game::Game {
    let conf = dir.join("config").join("tiflo");
    std::fs::create_dir_all(&conf).unwrap();
    std::fs::write(conf.join("config.toml"), format!("transfers = \"both\"\n{settings}")).unwrap();
    let dgt = board.path();
    let mut args = vec!["--lang", "en", "--clock", "mirror", "--dgt", &dgt];
    if page {
        args.extend(["--page", "local:0"]);
    }
    let mut g = game::Game::start(dir, &args);
    g.wait_for("DGT board ready");
    g
}

/// The clock's readout once it says `want`, asked until it does.
fn readout(g: &mut game::Game, want: &str) -> String {
    let mut said = String::new();
    for _ in 0..50 {
        g.type_line("clock");
        said = g.wait_for("White:");
        if said.contains(want) {
            return said;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    panic!("the clock never said {want:?}: {said}");
}

#[test]
fn the_daemon_reads_the_opponents_moves_off_the_board_and_marks_transfers_done() {
    let dir = tempfile::tempdir().unwrap();
    let board = FakeDgt::start(&Chess::default());
    let mut g = daemon(dir.path(), &board, "", true);
    g.wait_all(&["The assistant's page is at http://"]);
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
    board.lift_all(&[Square::A8, Square::H8]);
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
    // The DGT clock, as a real one reports it while Black thinks: White
    // on the left at 1:29:10, Black's display on the right counting down
    // from 1:28:10, a reading a second. Which display is whose is learnt
    // from that, and its times feed the game's clocks at once: the page
    // shows them with nobody asking.
    for s in 0..6 {
        board.clock(5350, 5290 - s, true, false);
    }
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let s = http::get(&addr, "/api/state").json();
        if s["white_ms"] == 5_350_000 {
            let black = s["black_ms"].as_u64().unwrap();
            assert!((5_270_000..=5_290_000).contains(&black), "{s}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the page never showed the DGT clock's times: {s}");
        std::thread::sleep(Duration::from_millis(100));
    }
    // A request for the clock is answered with its times.
    let said = readout(&mut g, "29 minutes");
    assert!(said.starts_with("White: one hour, 29 minutes. Black: one hour, 28 minutes."), "{said}");
    g.quit();
    let out = game::tiflo(dir.path()).arg("scoresheet").arg(dir.path().join("game.journal")).output().unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(pgn.contains("1. e4 ") && pgn.contains("c5 ") && pgn.contains("2. Nf3 "), "{pgn}");
}

#[test]
fn a_dgt_clock_that_goes_away_is_said_once_and_never_read_as_no_time() {
    let dir = tempfile::tempdir().unwrap();
    let board = FakeDgt::start(&Chess::default());
    let mut g = daemon(dir.path(), &board, "", false);
    g.type_line("e4");
    g.wait_for("1. White: e4");
    let (e4, pos) = play(&Chess::default(), "e2e4");
    board.play(&Chess::default(), e4);
    g.wait_for("On the tournament board: 1. White: e4");
    let (c5, _) = play(&pos, "c7c5");
    board.play(&pos, c5);
    g.wait_for("1. Black: c5");
    // White thinks: the left display counts down from 49:50, Black's
    // stands at 40:00.
    for s in 0..6 {
        board.clock(2990 - s, 2400, true, true);
    }
    let said = readout(&mut g, "Black: 40 minutes");
    assert!(said.starts_with("White: 49 minutes"), "{said}");
    // The clock is unplugged from the board (or switched off): the board
    // marks every reading invalid. Said once, in words.
    for _ in 0..3 {
        board.clock_bytes(NO_CLOCK);
    }
    assert_eq!(
        g.wait_for("DGT clock"),
        "The DGT clock gives no times: it is unplugged or switched off. Until it is back, the times are tiflo's own count."
    );
    // The clock goes on by tiflo's count from the clock's last times, not
    // from 0:00.
    let said = readout(&mut g, "Black: 40 minutes");
    assert!(said.starts_with("White: 49 minutes"), "{said}");
    board.clock_bytes(NO_CLOCK);
    // Back.
    board.clock(2980, 2400, true, true);
    g.wait_for("The DGT clock gives times again.");
    g.type_line("clock");
    g.wait_for("White:");
    let heard = g.heard.clone();
    g.quit();
    assert_eq!(heard.iter().filter(|h| h.contains("gives no times")).count(), 1, "{heard:#?}");
    assert!(!heard.iter().any(|h| h.contains("no time left")), "{heard:#?}");
}

#[test]
fn the_daemon_reads_a_board_turned_round_and_a_clock_set_white_right() {
    let dir = tempfile::tempdir().unwrap();
    let board = FakeDgt::standing(&Chess::default(), true);
    let mut g = daemon(dir.path(), &board, "dgt-clock-white = \"right\"\n", false);
    assert_eq!(g.wait_for("turned round"), "The DGT board is turned round, its connector on White's right; I read it that way.");
    g.type_line("e4");
    g.wait_for("1. White: e4");
    let (e4, pos) = play(&Chess::default(), "e2e4");
    board.play(&Chess::default(), e4);
    g.wait_for("On the tournament board: 1. White: e4");
    let (d5, pos2) = play(&pos, "d7d5");
    board.play(&pos, d5);
    g.wait_for("1. Black: d5");
    g.type_line("exd5");
    g.wait_for("2. White: e takes pawn on d5");
    let (exd5, _) = play(&pos2, "e4d5");
    board.play(&pos2, exd5);
    g.wait_for("On the tournament board: 2. White: e takes pawn on d5");
    // White's display set on the right: one reading is enough.
    board.clock(2400, 2990, true, false);
    let said = readout(&mut g, "White: 49 minutes");
    assert!(said.contains("Black: 40 minutes"), "{said}");
    let heard = g.heard.clone();
    g.quit();
    assert!(!heard.iter().any(|h| h.contains("differs from the game")), "{heard:#?}");
}
