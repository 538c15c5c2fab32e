//! BrlAPI against a real BRLTTY: BRLTTY (the Debian package) runs in the
//! foreground as this user against a fake Baum display on a pseudo-terminal,
//! with its BrlAPI server on a loopback TCP port, and tiflo's
//! `BrlapiDisplay` shares the display through it: cells tiflo shows arrive
//! at the display as the Baum line, keys pressed on the display reach tiflo
//! as actions, and the key-file authentication works. Also the fake
//! displays of `common/displays.rs` on their own, and the errors of
//! connecting where no BRLTTY listens.

mod common;

use std::net::TcpListener;
use std::time::{Duration, Instant};

use common::brltty::{Brltty, free_server_number};
use common::displays::{FakeBaum, FakeHandyTech};
use tiflo::braille::brlapi::{BrlapiDisplay, BrlapiError};
use tiflo::braille::display::{Action, Display};
use tiflo::braille::keys::Typed;
use tiflo::braille::serial::{Protocol, SerialBraille, SerialDisplay};

const WAIT: Duration = Duration::from_secs(10);

/// Polls `display` until it reports `count` actions or `WAIT` passes.
fn actions(display: &mut dyn Display, count: usize) -> Vec<Action> {
    let start = Instant::now();
    let mut out = Vec::new();
    while out.len() < count && start.elapsed() < WAIT {
        out.extend(display.poll(Duration::from_millis(50)).expect("the display answers"));
    }
    out
}

/// Polls until `want` comes (skipping other actions); what came before it.
fn wait_for_action(display: &mut dyn Display, want: Action) -> Result<(), Vec<Action>> {
    let start = Instant::now();
    let mut seen = Vec::new();
    while start.elapsed() < WAIT {
        for a in display.poll(Duration::from_millis(50)).expect("BRLTTY answers") {
            if a == want {
                return Ok(());
            }
            seen.push(a);
        }
    }
    Err(seen)
}

/// The Baum line a display of `cells` cells shows for `line`.
fn padded(line: &[u8], cells: usize) -> Vec<u8> {
    let mut l = line.to_vec();
    l.resize(cells, 0);
    l
}

#[test]
fn tiflo_shares_a_display_with_a_real_brltty() {
    let fake = FakeBaum::start(24, "PocketVario 24");
    let brltty = Brltty::start(&fake.path(), None);
    let mut d = brltty.connect(None);
    assert_eq!((d.name(), d.cells()), ("Baum".to_owned(), 24), "BRLTTY's driver and display size");
    assert!(d.retains_dots(), "BRLTTY 6.5 takes the retain-dots parameter");

    // (a) What tiflo shows is what the display gets, dot for dot: a board
    // rank with an ESC-valued cell (0x1B), every dot (0xFF), dots 7 and 8.
    let line = [0x1B, 0xFF, 0x40, 0x80, 0, 0b10011, 0x3F];
    d.show(&line).unwrap();
    let want = padded(&line, 24);
    let got = fake.wait_for_line(WAIT, |l| l == want.as_slice());
    assert!(got.is_some(), "the line tiflo wrote never reached the display\nBRLTTY's log:\n{}", brltty.log());
    let second: Vec<u8> = (0..24).collect();
    d.show(&second).unwrap();
    assert!(fake.wait_for_line(WAIT, |l| l == second.as_slice()).is_some(), "a second line");

    // (b) Routing keys reach tiflo as the cell they are over.
    for cell in [5u8, 0, 23] {
        fake.press_routing(cell);
        assert_eq!(wait_for_action(&mut d, Action::Route(cell)), Ok(()), "routing key {cell}");
    }

    // The PocketVario's display keys, as BRLTTY binds them: 2 and 5 pan,
    // 4 and 6 go up and down a line, 1+4 top, 3+6 bottom. Display key 1
    // alone (cursor tracking) stays with BRLTTY: the next action after it
    // is display key 2's.
    fake.press_display_key(1);
    fake.press_display_key(2);
    assert_eq!(actions(&mut d, 1), vec![Action::PanBack], "display key 1 is BRLTTY's, 2 pans back");
    for (keys, want) in [
        (&[5][..], Action::PanForward),
        (&[4][..], Action::LineUp),
        (&[6][..], Action::LineDown),
        (&[1, 4][..], Action::Top),
        (&[3, 6][..], Action::Bottom),
    ] {
        fake.press_display_keys(keys);
        assert_eq!(actions(&mut d, 1), vec![want], "display keys {keys:?}");
    }

    // (c) The braille keyboard: chords arrive as dots, dot 7 alone erases,
    // dot 8 alone enters, the space bar (B9 on a PocketVario) is a space.
    fake.type_dots(&[1, 2, 5]);
    assert_eq!(actions(&mut d, 1), vec![Action::Typed(Typed::Cell(0b10011))], "dots 1-2-5");
    fake.type_dots(&[1, 2, 4, 5, 6, 7]);
    assert_eq!(actions(&mut d, 1), vec![Action::Typed(Typed::Cell(0b111_1011))], "dots 1-2-4-5-6-7");
    fake.type_dots(&[7]);
    assert_eq!(actions(&mut d, 1), vec![Action::Erase], "dot 7");
    fake.type_dots(&[8]);
    assert_eq!(actions(&mut d, 1), vec![Action::Enter], "dot 8");
    fake.press_entry_keys(0x01, 0);
    assert_eq!(actions(&mut d, 1), vec![Action::Typed(Typed::Space)], "the space bar");

    // A second client with the address BRLTTY would use and this
    // process's own tty gets the same display.
    let other = BrlapiDisplay::connect(&brltty.address, None, WAIT).expect("a second connection");
    assert_eq!((other.name(), other.cells()), ("Baum".to_owned(), 24));
    drop(other);

    // BRLTTY stops: the display is gone.
    drop(brltty);
    let start = Instant::now();
    let gone = loop {
        match d.poll(Duration::from_millis(50)) {
            Err(e) => break Some(e),
            Ok(_) if start.elapsed() > WAIT => break None,
            Ok(_) => {}
        }
    };
    assert!(matches!(gone, Some(tiflo::braille::display::DisplayError::Gone(ref name)) if name == "Baum"), "{gone:?}");
    assert!(d.show(&line).is_err() || d.poll(Duration::from_millis(50)).is_err());
}

#[test]
fn the_brlapi_key_file_is_checked_by_a_real_brltty() {
    let fake = FakeBaum::start(40, "SuperVario 40");
    // BRLTTY reads its own copy of the key; tiflo reads another.
    let key = b"a BrlAPI key for tiflo's tests\n";
    let brltty = Brltty::start(&fake.path(), Some(key));
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.key");
    std::fs::write(&good, key).unwrap();
    let mut d = brltty.connect(Some(&good));
    assert_eq!(d.cells(), 40);
    d.show(&[0b1111]).unwrap();
    assert!(fake.wait_for_line(WAIT, |l| l.first() == Some(&0b1111)).is_some(), "shown after key authentication");

    let wrong = dir.path().join("wrong.key");
    std::fs::write(&wrong, b"not the key\n").unwrap();
    match BrlapiDisplay::connect_tty(&brltty.address, Some(&wrong), WAIT, Vec::new()) {
        Err(BrlapiError::Authentication) => {}
        other => panic!("a wrong key must be refused: {other:?}"),
    }
    let missing = dir.path().join("missing.key");
    match BrlapiDisplay::connect_tty(&brltty.address, Some(&missing), WAIT, Vec::new()) {
        Err(e @ BrlapiError::KeyFile { .. }) => {
            assert!(e.to_string().contains("missing.key"), "{e}");
        }
        other => panic!("a missing key file must be named: {other:?}"),
    }
}

#[test]
fn connecting_where_no_brltty_listens_is_a_clear_error() {
    // A TCP port nobody listens on.
    let number = free_server_number();
    let address = format!("127.0.0.1:{number}");
    let e = BrlapiDisplay::connect(&address, None, WAIT).unwrap_err();
    let port = (4101 + u32::from(number)).to_string();
    assert!(matches!(e, BrlapiError::Unreachable(_)), "{e:?}");
    assert!(e.to_string().contains(&format!("127.0.0.1:{port}")), "{e}");

    // A local server that is not there: its sockets, then its TCP port.
    let e = BrlapiDisplay::connect(&format!(":{number}"), None, WAIT).unwrap_err();
    let text = e.to_string();
    assert!(text.contains(&format!("/var/lib/BrlAPI/{number}")) && text.contains(&port), "{text}");

    // Something that accepts and never answers: a timeout, not a hang.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let silent_number = silent.local_addr().unwrap().port() - 4101;
    let held = std::thread::spawn(move || silent.accept().map(|(s, _)| s));
    let e =
        BrlapiDisplay::connect(&format!("127.0.0.1:{silent_number}"), None, Duration::from_millis(300)).unwrap_err();
    assert!(matches!(e, BrlapiError::Timeout(_)), "{e:?}");
    drop(held.join());

    // Something that closes at once.
    let closing = TcpListener::bind("127.0.0.1:0").unwrap();
    let closing_number = closing.local_addr().unwrap().port() - 4101;
    let closer = std::thread::spawn(move || drop(closing.accept()));
    let e = BrlapiDisplay::connect(&format!("127.0.0.1:{closing_number}"), None, WAIT).unwrap_err();
    assert!(matches!(e, BrlapiError::Closed | BrlapiError::Io(_)), "{e:?}");
    closer.join().unwrap();

    // Addresses BRLTTY would not read.
    let e = BrlapiDisplay::connect("127.0.0.1:http", None, WAIT).unwrap_err();
    assert!(matches!(e, BrlapiError::Address(..)), "{e:?}");
}

/// The fake displays on their own, through tiflo's serial driver.
#[test]
fn the_fake_baum_display_outlives_its_host_and_can_be_unplugged() {
    let fake = FakeBaum::start(40, "VarioUltra 40");
    for round in 0..2u8 {
        let d = SerialDisplay::open(&fake.path(), Protocol::Baum, WAIT).expect("the fake answers the probe");
        let mut d = SerialBraille::new(d);
        assert_eq!((d.name(), d.cells()), ("VarioUltra 40".to_owned(), 40), "opening {round}");
        d.show(&[1, 2, round]).unwrap();
        let line = fake.wait_for_line(WAIT, |l| l.starts_with(&[1, 2, round])).expect("the line written");
        assert_eq!(line.len(), 40);
        fake.press_routing(7);
        fake.type_dots(&[1, 2, 5]);
        fake.press_display_key(5);
        assert_eq!(actions(&mut d, 3), vec![Action::Route(7), Action::Typed(Typed::Cell(0b10011)), Action::PanForward]);
        // The host closes the port; the fake waits for the next one.
    }
    let d = SerialDisplay::open(&fake.path(), Protocol::Baum, WAIT).unwrap();
    let mut d = SerialBraille::new(d);
    fake.unplug();
    let start = Instant::now();
    let gone = loop {
        match d.show(&[3]).and_then(|()| d.poll(Duration::from_millis(50))) {
            Err(e) => break Some(e),
            Ok(_) if start.elapsed() > WAIT => break None,
            Ok(_) => {}
        }
    };
    assert!(gone.is_some(), "an unplugged display is noticed");
}

#[test]
fn the_fake_handytech_display_acknowledges_and_types() {
    // Braille Star 40 and Active Braille (extended packets).
    for id in [0x74u8, 0x54] {
        let fake = FakeHandyTech::start(id);
        let d = SerialDisplay::open(&fake.path(), Protocol::HandyTech, WAIT).expect("the fake answers the reset");
        let mut d = SerialBraille::new(d);
        assert_eq!(d.name(), fake.model().name);
        d.show(&[9, 8, 7]).unwrap();
        assert!(fake.wait_for_line(WAIT, |l| l.starts_with(&[9, 8, 7])).is_some());
        fake.press_routing(3);
        fake.enter_braille_input();
        fake.type_dots(&[1, 4]);
        fake.type_dots(&[8]);
        assert_eq!(actions(&mut d, 3), vec![Action::Route(3), Action::Typed(Typed::Cell(0b1001)), Action::Enter]);
    }
}

/// A HandyTech display that announces itself again (switched off and on,
/// or reset) has lost its cells: BRLTTY's driver writes them again at once
/// (`HT_PKT_OK` in `brl_readCommand`), and so does tiflo's serial driver,
/// with no new cells to show.
#[test]
fn a_handytech_that_announces_itself_again_is_redrawn_at_once_as_brltty_does() {
    let line: Vec<u8> = (1..=40).collect();
    let fake = FakeHandyTech::start(0x74);
    let brltty = Brltty::start_driver(&fake.path(), "ht", None, free_server_number());
    let mut shared = brltty.connect(None);
    shared.show(&line).unwrap();
    assert!(fake.wait_for_line(WAIT, |l| l == line.as_slice()).is_some(), "shown through BRLTTY\n{}", brltty.log());
    fake.announce();
    assert!(
        fake.wait_for_line(WAIT, |l| l == line.as_slice()).is_some(),
        "BRLTTY writes the cells again after the display announces itself\n{}",
        brltty.log()
    );
    drop(shared);
    drop(brltty);

    let d = SerialDisplay::open(&fake.path(), Protocol::HandyTech, WAIT).unwrap();
    let mut d = SerialBraille::new(d);
    d.show(&line).unwrap();
    assert!(fake.wait_for_line(WAIT, |l| l == line.as_slice()).is_some(), "shown by tiflo");
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(300) {
        d.poll(Duration::from_millis(50)).unwrap();
    }
    fake.announce();
    let start = Instant::now();
    let mut again = None;
    while again.is_none() && start.elapsed() < WAIT {
        d.poll(Duration::from_millis(50)).unwrap();
        again = fake.wait_for_line(Duration::from_millis(10), |l| l == line.as_slice());
    }
    assert!(again.is_some(), "tiflo writes the cells again after the display announces itself");
}

/// A Baum display's status cells are not text: BRLTTY gives BrlAPI
/// clients the text cells only (`logCellCount`: 44, 68 and 84 cells have 4
/// status cells, 56 have 16), and tiflo's serial driver shows text on the
/// same cells, leaving the status cells blank.
#[test]
fn a_baum_display_has_as_many_text_cells_on_tiflos_driver_as_through_brltty() {
    for total in [40u8, 44, 56, 68, 80, 84] {
        let fake = FakeBaum::start(total, "VarioUltra");
        let brltty = Brltty::start(&fake.path(), None);
        let shared = brltty.connect(None);
        let through_brltty = shared.cells();
        drop(shared);
        drop(brltty);
        let d = SerialDisplay::open(&fake.path(), Protocol::Baum, WAIT).unwrap();
        assert_eq!(usize::from(d.cells()), through_brltty, "{total} cells");
        assert_eq!(d.cells() + d.status_cells(), total);
        let mut d = SerialBraille::new(d);
        let text = vec![0xFF; 100];
        d.show(&text).unwrap();
        let line = fake.wait_for_line(WAIT, |l| l.first() == Some(&0xFF)).expect("the line");
        assert_eq!(line.len(), usize::from(total));
        assert!(line[..through_brltty].iter().all(|&c| c == 0xFF), "{total}: text on every text cell");
        assert!(line[through_brltty..].iter().all(|&c| c == 0), "{total}: the status cells blank");
    }
}

/// A modular Baum display (Vario Pro) answers the probe with its display
/// module, not with a cell count: BRLTTY drives it (through its data
/// registers, with `bm/pro.ktb`); tiflo's serial driver refuses it by name
/// rather than taking it for another display.
#[test]
fn a_modular_vario_pro_is_known_as_brltty_knows_it_and_refused_by_name() {
    let fake = FakeBaum::start_modular(0x4180, 80);
    let brltty = Brltty::start(&fake.path(), None);
    let shared = brltty.connect(None);
    assert_eq!(shared.cells(), 80, "BRLTTY drives the 80-cell module\n{}", brltty.log());
    drop(shared);
    drop(brltty);
    match SerialDisplay::open(&fake.path(), Protocol::Baum, WAIT) {
        Err(e) => {
            let text = e.to_string();
            assert!(text.contains("Vario Pro") && text.contains("80") && text.contains("brlapi"), "{text}");
        }
        Ok(d) => panic!("a modular display taken for {d:?}"),
    }
}

/// The text table BRLTTY uses reaches tiflo through BrlAPI, and the chess
/// letters it gives the figurines are read from the installed table files:
/// BRLTTY 6.5's German table includes `de-chess.tti`, its English tables
/// no chess subtable.
#[test]
fn brlttys_text_table_and_its_chess_letters_are_learnt() {
    use tiflo::braille::brlapi::{TableChess, table_chess};
    let fake = FakeBaum::start(24, "PocketVario 24");
    let brltty = Brltty::start_table(&fake.path(), "de");
    let d = brltty.connect(None);
    assert_eq!(d.text_table().as_deref(), Some("de"), "BRLTTY's text table\n{}", brltty.log());
    drop(d);
    drop(brltty);
    let includes = |name: &str, sub: &str| {
        std::fs::read_to_string(format!("/etc/brltty/Text/{name}.ttb"))
            .unwrap()
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["include", sub])
    };
    assert!(includes("de", "de-chess.tti"), "the installed de.ttb");
    assert_eq!(table_chess("de"), Some(TableChess::Other("de".into())));
    assert_eq!(table_chess("/etc/brltty/Text/de.ttb"), Some(TableChess::Other("de".into())));
    for en in ["en_US", "en-nabcc"] {
        let text = std::fs::read_to_string(format!("/etc/brltty/Text/{en}.ttb")).unwrap();
        let want = if text.contains("en-chess.tti") { TableChess::English } else { TableChess::None };
        assert_eq!(table_chess(en), Some(want), "{en}");
    }
    assert_eq!(table_chess("no-such-table"), None);
}
