//! The daemon with a braille display: the terminal display, fake Baum and
//! HandyTech displays on pty pairs (test threads speaking the display's
//! side of the protocol), a display that is not there.
//!
//! The daemon is the real binary; the cells it must write are worked out
//! with tiflo's own braille views (their golden cells per language are
//! checked in tests/braille.rs).

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use common::brltty::Brltty;
use common::displays::{FakeBaum, FakeHandyTech, last_pair, position};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Square};
use tiflo::braille::chess::move_cells;
use tiflo::braille::layout::pack;
use tiflo::braille::view::{self, By};
use tiflo::braille::{BoardStyle, Cell, Dots, Table, terminal};
use tiflo::notation::Lang;

/// The longest a test waits for a line on a display or from the daemon:
/// a ceiling, not a timing (a passing wait returns as the line comes), set
/// high enough for a machine whose cores are shared with other builds.
const WAIT: Duration = Duration::from_secs(60);

/// A running daemon: its input, and its output lines as they come.
struct Daemon {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Daemon {
    fn start(dir: &Path, args: &[&str]) -> Daemon {
        Daemon::start_with_env(dir, args, &[])
    }

    fn start_with_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Daemon {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tiflo"))
            .envs(env.iter().copied())
            .env("HOME", dir)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_STATE_HOME", dir.join("state"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .arg("daemon")
            .arg("--journal")
            .arg(dir.join("game.journal"))
            .args(["--speech", "text"])
            // Nothing heard unless a test listens: a missing microphone is
            // said as a message, which on a display driven through BRLTTY
            // (that shows only the newest cells) could cover the move line
            // a test waits for, whenever the two come close together.
            .args(if args.contains(&"--listen") { &[][..] } else { &["--listen", "none"][..] })
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the tiflo binary runs");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Daemon { child, stdin, lines, seen: Vec::new() }
    }

    fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Waits for an output line containing `text`; panics with what was
    /// seen when it does not come.
    fn wait_for(&mut self, text: &str) -> String {
        loop {
            match self.lines.recv_timeout(WAIT) {
                Ok(l) => {
                    self.seen.push(l.clone());
                    if l.contains(text) {
                        return l;
                    }
                }
                Err(_) => panic!("no line with {text:?}; the daemon said:\n{}", self.seen.join("\n")),
            }
        }
    }

    fn quit(mut self) -> Vec<String> {
        self.type_line("quit");
        drop(self.stdin.take());
        let _ = self.child.wait();
        self.seen.extend(self.lines.try_iter());
        std::mem::take(&mut self.seen)
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}


/// The board's first segment after `moves`, seen from White.
fn board(lang: Lang, moves: &[&str], width: usize) -> Vec<Cell> {
    let (_, pos) = position(moves);
    let style = BoardStyle::shipped(Dots::Eight).unwrap();
    let units = view::board(Table::get(lang).unwrap(), &style, &pos, By::Rank, Color::White);
    pack(&units, width).unwrap()[0].padded(width)
}

/// The cells of `uci` played after `moves`, as tiflo writes it.
fn written(lang: Lang, moves: &[&str], uci: &str) -> Vec<Cell> {
    let (_, pos) = position(moves);
    let mv = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    move_cells(Table::get(lang).unwrap(), tiflo::braille::Dots::Eight, &pos, mv).cells
}

fn dots_of(cell: Cell) -> Vec<u8> {
    (0..8).filter(|b| cell & (1 << b) != 0).map(|b| b + 1).collect()
}

#[test]
fn the_terminal_display_shows_each_move_and_the_messages() {
    let dir = tempfile::tempdir().unwrap();
    let mut d = Daemon::start(dir.path(), &["--lang", "es", "--braille", "terminal"]);
    // Before the first move: the board.
    let line = d.wait_for(terminal::PREFIX);
    assert_eq!(line, terminal::line(&board(Lang::Es, &[], 40)));
    d.type_line("e4");
    d.wait_for("Blancas: e4");
    d.wait_for(&terminal::line(&last_pair(Lang::Es, &["e2e4"], 40)));
    d.type_line("e5");
    d.wait_for(&terminal::line(&last_pair(Lang::Es, &["e2e4", "e7e5"], 40)));
    // A sentence that records nothing is shown as prose.
    d.type_line("zz9");
    d.wait_for("zz9");
    let prose = d.wait_for(terminal::PREFIX);
    assert_ne!(prose, terminal::line(&last_pair(Lang::Es, &["e2e4", "e7e5"], 40)));
    let seen = d.quit();
    for l in &seen {
        assert!(l.starts_with("say: ") || l.starts_with(terminal::PREFIX), "{l:?}");
    }
}

#[test]
fn the_board_shows_the_empty_squares_of_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("config").join("tiflo");
    std::fs::create_dir_all(&settings).unwrap();
    std::fs::write(settings.join("config.toml"), "braille-light = \"0\"\nbraille-dark = \"356\"\n").unwrap();
    let mut d = Daemon::start(dir.path(), &["--lang", "es", "--braille", "terminal"]);
    // Before the first move the display shows the board: ranks 8 to 6,
    // whose rank 6 is empty squares only.
    let style = BoardStyle::shipped(Dots::Eight).unwrap().with_empty(0, 0b11_0100);
    let units = view::board(Table::get(Lang::Es).unwrap(), &style, &Chess::default(), By::Rank, Color::White);
    let expected = pack(&units, 40).unwrap()[0].padded(40);
    let line = d.wait_for(terminal::PREFIX);
    assert_eq!(line, terminal::line(&expected));
    assert_ne!(line, terminal::line(&board(Lang::Es, &[], 40)), "not the shipped squares");
    d.quit();

    // Squares that look like a piece are refused in words; the board shows
    // the shipped ones.
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("config").join("tiflo");
    std::fs::create_dir_all(&settings).unwrap();
    // Dots 1-2-3-5: the Spanish king's letter, a Black king on 8 dots.
    std::fs::write(settings.join("config.toml"), "braille-light = \"1235\"\n").unwrap();
    let mut d = Daemon::start(dir.path(), &["--lang", "es", "--braille", "terminal"]);
    d.wait_for("braille-light");
    d.wait_for(&terminal::line(&board(Lang::Es, &[], 40)));
    d.quit();
}

#[test]
fn a_fake_baum_display_shows_the_game_and_its_keys_play() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeBaum::start(40, "VarioUltra 40");
    let braille = format!("serial:{}", fake.path());
    let mut d = Daemon::start(dir.path(), &["--lang", "en", "--braille", &braille]);
    d.wait_for("Braille display VarioUltra 40 ready, 40 cells");

    d.type_line("e4");
    d.wait_for("White: e4");
    let pair = last_pair(Lang::En, &["e2e4"], 40);
    assert!(fake.wait_for_line(WAIT, |l| l == pair.as_slice()).is_some(), "the move line after e4");

    // The view key goes to the board; the routing key over a8 (cell 2:
    // the rank digit, a blank, then a8) asks what stands there.
    fake.press_display_keys(&[5, 6]);
    let b = board(Lang::En, &["e2e4"], 40);
    assert!(fake.wait_for_line(WAIT, |l| l == b.as_slice()).is_some(), "the board view");
    fake.press_routing(2);
    d.wait_for("a8: black rook");
    // The answer is shown; a routing key over it brings the board back.
    assert!(fake.wait_for_line(WAIT, |l| l != b.as_slice()).is_some(), "the answer on the display");
    fake.press_routing(0);
    assert!(fake.wait_for_line(WAIT, |l| l == b.as_slice()).is_some(), "back to the board");

    // Black's e5 typed on the braille keyboard, then dot 8 (enter).
    for cell in written(Lang::En, &["e2e4"], "e7e5") {
        fake.type_dots(&dots_of(cell));
    }
    fake.type_dots(&[8]);
    d.wait_for("Black: e5");
    let pair = last_pair(Lang::En, &["e2e4", "e7e5"], 40);
    assert!(fake.wait_for_line(WAIT, |l| l == pair.as_slice()).is_some(), "the move line after e5");

    // Cells that write no legal move are refused in words (k h 8: no
    // king reaches h8, and "kh8" is no command).
    fake.type_dots(&dots_of(Table::get(Lang::En).unwrap().piece(shakmaty::Role::King)));
    fake.type_dots(&dots_of(Table::get(Lang::En).unwrap().file(shakmaty::File::H)));
    fake.type_dots(&dots_of(Table::get(Lang::En).unwrap().digit(8)));
    fake.type_dots(&[8]);
    d.wait_for("neither a legal move nor a command");

    // A command typed in braille letters is answered as the typed line.
    type_text(&fake, Lang::En, "square e4");
    d.wait_for("e4: white pawn");
    type_text(&fake, Lang::En, "clock");
    d.wait_for(". Black: ");
    // A word that is no command is refused in words.
    type_text(&fake, Lang::En, "hello");
    let refused = d.wait_for("neither a legal move nor a command");
    assert!(refused.starts_with("say: "), "{refused}");

    // The board by file, and the scoresheet under the routing keys.
    let moves = ["e2e4", "e7e5"];
    let (record, pos) = position(&moves);
    let table = Table::get(Lang::En).unwrap();
    let style = BoardStyle::shipped(Dots::Eight).unwrap();
    let files = pack(&view::board(table, &style, &pos, By::File, Color::White), 40).unwrap()[0].padded(40);
    let sheet = pack(&view::scoresheet(table, tiflo::braille::Dots::Eight, &record), 40).unwrap();
    let sheet_line = sheet.last().unwrap().padded(40);
    fake.press_routing(0);
    assert!(next_view_until(&fake, &files), "the board by file");
    fake.press_routing(2);
    d.wait_for("a1: white rook");
    fake.press_routing(0);
    assert!(next_view_until(&fake, &sheet_line), "the scoresheet");
    let over = |ply: usize| {
        (0..40).find(|&i| sheet.last().unwrap().target(i) == tiflo::braille::Target::Ply(ply)).unwrap() as u8
    };
    fake.press_routing(over(1));
    d.wait_for("1. Black: e5");
    // The answer is on the display (the key comes after it, as a player's
    // would), then a routing key over it brings the scoresheet back.
    assert!(fake.wait_for_line(WAIT, |l| l != sheet_line.as_slice()).is_some(), "the answer on the display");
    fake.press_routing(0);
    assert!(fake.wait_for_line(WAIT, |l| l == sheet_line.as_slice()).is_some(), "back to the scoresheet");
    fake.press_routing(over(0));
    d.wait_for("1. White: e4");

    // A move followed by the draw-offer sign offers a draw with it.
    let mut nf3 = written(Lang::En, &moves, "g1f3");
    nf3.push(0);
    nf3.extend_from_slice(table.draw_offer());
    for cell in nf3 {
        if cell == 0 {
            fake.press_entry_keys(0x01, 0);
        } else {
            fake.type_dots(&dots_of(cell));
        }
    }
    fake.type_dots(&[8]);
    // The move is recorded, then the offer is made and marked on it.
    d.wait_for("White: knight f3");
    d.wait_for("White offers a draw");

    let seen = d.quit();
    let journal = std::fs::read_to_string(dir.path().join("game.journal")).unwrap();
    assert!(journal.contains("e7e5"), "the braille move is journaled:\n{journal}\n{}", seen.join("\n"));
    assert!(journal.contains("g1f3") && journal.contains("ffer"), "the offer is journaled:\n{journal}");
}

/// Types `cells` on a Baum display's braille keyboard (a blank as the
/// space bar, B9), then dot 8 (enter).
fn type_cells(fake: &FakeBaum, cells: &[Cell]) {
    for &cell in cells {
        if cell == 0 {
            fake.press_entry_keys(0x01, 0);
        } else {
            fake.type_dots(&dots_of(cell));
        }
    }
    fake.type_dots(&[8]);
}

#[test]
fn a_draw_offered_with_a_move_not_recorded_is_never_made() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeBaum::start(40, "VarioUltra 40");
    let braille = format!("serial:{}", fake.path());
    let mut d = Daemon::start(dir.path(), &["--lang", "en", "--confirm", "always", "--braille", &braille]);
    d.wait_for("Braille display VarioUltra 40 ready, 40 cells");
    let table = Table::get(Lang::En).unwrap();
    let with_offer = |mut cells: Vec<u8>| {
        cells.push(0);
        cells.extend_from_slice(table.draw_offer());
        cells
    };
    let nf3 = with_offer(written(Lang::En, &[], "g1f3"));

    // Read back and not confirmed: no move, and no offer said or journaled.
    type_cells(&fake, &nf3);
    d.wait_for("Yes or no");
    d.type_line("no");
    d.wait_for("Not recorded");
    // Confirmed later, a move typed without the sign offers nothing.
    type_cells(&fake, &written(Lang::En, &[], "e2e4"));
    d.wait_for("Yes or no");
    d.type_line("yes");
    d.wait_for("White: e4");
    d.type_line("clock");
    d.wait_for(". Black: ");
    let journal = std::fs::read_to_string(dir.path().join("game.journal")).unwrap();
    assert!(!journal.contains("ffer"), "no offer journaled:\n{journal}");
    assert!(!d.seen.iter().any(|l| l.contains("offers a draw")), "no offer said:\n{}", d.seen.join("\n"));

    // Confirmed: the move is recorded, then the offer is made on it.
    let nf6 = with_offer(written(Lang::En, &["e2e4"], "g8f6"));
    type_cells(&fake, &nf6);
    d.wait_for("Yes or no");
    d.type_line("yes");
    d.wait_for("Black: knight f6");
    d.wait_for("Black offers a draw");
    let seen = d.quit();
    let journal = std::fs::read_to_string(dir.path().join("game.journal")).unwrap();
    let offer = journal.find("ffer").unwrap_or_else(|| panic!("the offer is journaled:\n{journal}\n{}", seen.join("\n")));
    assert!(journal.find("g8f6").is_some_and(|m| m < offer), "the offer after its move:\n{journal}");
}

/// The cells of `text` in `lang`'s braille letters, lowered digits and
/// blanks, as a player types a command.
fn spell(lang: Lang, text: &str) -> Vec<Cell> {
    let t = Table::get(lang).unwrap();
    text.chars()
        .map(|c| match c {
            ' ' => 0,
            '0'..='9' => t.digit(c as u8 - b'0'),
            _ => (1..=63u8).find(|&cell| t.letter(cell) == Some(c)).unwrap_or_else(|| panic!("no letter {c}")),
        })
        .collect()
}

/// Types `text` on a Baum display's braille keyboard (a blank as the
/// space bar, B9), then dot 8 (enter).
fn type_text(fake: &FakeBaum, lang: Lang, text: &str) {
    for cell in spell(lang, text) {
        if cell == 0 {
            fake.press_entry_keys(0x01, 0);
        } else {
            fake.type_dots(&dots_of(cell));
        }
    }
    fake.type_dots(&[8]);
}

/// Presses the next-view key until the display shows `line` (at most once
/// around the views).
fn next_view_until(fake: &FakeBaum, line: &[Cell]) -> bool {
    (0..7).any(|_| {
        fake.press_display_keys(&[5, 6]);
        fake.wait_for_line(Duration::from_secs(2), |l| l == line).is_some()
    })
}

#[test]
fn a_fake_handytech_display_shows_the_moves() {
    let dir = tempfile::tempdir().unwrap();
    // Braille Star 40.
    let fake = FakeHandyTech::start(0x74);
    let braille = format!("serial:{},protocol=handytech", fake.path());
    let mut d = Daemon::start(dir.path(), &["--lang", "es", "--braille", &braille]);
    d.wait_for("Línea braille Braille Star 40 lista, de 40 celdas");
    d.type_line("Cf3");
    d.wait_for("Blancas: caballo f3");
    let pair = last_pair(Lang::Es, &["g1f3"], 40);
    assert!(fake.wait_for_line(WAIT, |l| l == pair.as_slice()).is_some(), "the move line after Cf3");
    // B1+B5 (BRLTTY's "next paragraph", ht/dots.kti) is the next view:
    // the board; the routing key over a square of it.
    fake.press_codes(&[0x03, 0x13]);
    let b = board(Lang::Es, &["g1f3"], 40);
    assert!(fake.wait_for_line(WAIT, |l| l == b.as_slice()).is_some(), "the board view");
    fake.press_routing(3);
    d.wait_for("b8");
    // Black's d5 typed on the B keys in braille input mode (B1+B8+the
    // right space bar, as in BRLTTY), then dot 8 (enter).
    fake.enter_braille_input();
    for cell in written(Lang::Es, &["g1f3"], "d7d5") {
        fake.type_dots(&dots_of(cell));
    }
    fake.type_dots(&[8]);
    d.wait_for("Negras: d5");
    let pair = last_pair(Lang::Es, &["g1f3", "d7d5"], 40);
    assert!(fake.wait_for_line(WAIT, |l| l == pair.as_slice()).is_some(), "the move line after d5");
    // A command in Spanish braille letters, with the space bar.
    for cell in spell(Lang::Es, "casilla d5") {
        fake.type_dots(&if cell == 0 { vec![0] } else { dots_of(cell) });
    }
    fake.type_dots(&[8]);
    d.wait_for("d5: peón negro");
    d.quit();
    let journal = std::fs::read_to_string(dir.path().join("game.journal")).unwrap();
    assert!(journal.contains("d7d5"), "the braille move is journaled:\n{journal}");
}

#[test]
fn an_unplugged_display_is_said_and_when_plugged_in_again_shows_the_same_view_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    // The daemon opens the display by a path that stays the same across
    // re-plugging, as a udev name (/dev/serial/by-id/...) does; each fake
    // display is a new pty, so the path is a link moved from one to the next.
    let port = dir.path().join("braille-port");
    let first = FakeBaum::start(40, "SuperVario 40");
    std::os::unix::fs::symlink(first.path(), &port).unwrap();
    let braille = format!("serial:{}", port.display());
    let mut d = Daemon::start(dir.path(), &["--lang", "en", "--braille", &braille]);
    d.wait_for("Braille display SuperVario 40 ready, 40 cells");
    // Two moves: the board's first 40 cells (ranks 8 to 6) then differ from
    // the starting board's, so the board seen is the one the key showed.
    d.type_line("e4");
    d.wait_for("White: e4");
    d.type_line("Nf6");
    d.wait_for("Black: knight f6");
    fake_view_to_board(&first);
    let b = board(Lang::En, &["e2e4", "g8f6"], 40);
    assert!(first.wait_for_line(WAIT, |l| l == b.as_slice()).is_some(), "the board view");

    first.unplug();
    std::fs::remove_file(&port).unwrap();
    d.wait_for("The braille display SuperVario 40 is gone");
    // The game goes on without it.
    d.type_line("clock");
    d.wait_for("White");

    let second = FakeBaum::start(40, "SuperVario 40");
    std::os::unix::fs::symlink(second.path(), &port).unwrap();
    let plugged = std::time::Instant::now();
    d.wait_for("The braille display SuperVario 40 is back");
    // A retry every 500 ms, then the display identifies itself: the time
    // is printed, not asserted (a loaded machine may take longer; the test
    // is that it comes back by itself).
    let back = plugged.elapsed();
    eprintln!("the display was back {back:?} after it was plugged in");
    // The display shows that news briefly, then the view the player left
    // comes back by itself, with no key pressed. (The view may be written
    // first and the news over it.)
    let news = second.wait_for_line(WAIT, |l| l != b.as_slice()).expect("the news on the display");
    let shown = std::time::Instant::now();
    assert!(second.wait_for_line(WAIT, |l| l == b.as_slice()).is_some(), "the board view again, with no key pressed");
    // The news stays 4 s, ticks come every 100 ms (printed, not asserted).
    eprintln!("the view came back {:?} after the news was shown", shown.elapsed());
    assert_ne!(news, b);
    d.type_line("d4");
    d.wait_for("White: d4");
    let pair = last_pair(Lang::En, &["e2e4", "g8f6", "d2d4"], 40);
    assert!(second.wait_for_line(WAIT, |l| l == pair.as_slice()).is_some(), "the move line after d4");
    d.quit();
}

#[test]
fn the_chess_letters_of_brlttys_text_table_are_said_once() {
    // BRLTTY 6.5's German text table includes de-chess.tti; the English
    // board keeps the chess code's letters unless the setting asks for
    // BRLTTY's.
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("config").join("tiflo");
    std::fs::create_dir_all(&settings).unwrap();
    std::fs::write(settings.join("config.toml"), "braille-board-letters = \"brltty\"\n").unwrap();
    let fake = FakeBaum::start(40, "SuperVario 40");
    let brltty = Brltty::start_table(&fake.path(), "de");
    let braille = format!("brlapi:{}", brltty.address);
    let mut d = Daemon::start(dir.path(), &["--lang", "en", "--braille", &braille]);
    let said = d.wait_for("BRLTTY's text table de writes the chess pieces with the letters of de.");
    assert!(said.contains("The board writes the bishop and the knight as b and n"), "{said}");
    let seen = d.quit();
    let times = seen.iter().filter(|l| l.starts_with("say: ") && l.contains("BRLTTY's text table")).count();
    assert_eq!(times, 1, "said once: {seen:?}");
}

#[test]
fn through_a_real_brltty_and_when_brltty_stops_and_starts_again() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeBaum::start(40, "SuperVario 40");
    let brltty = Brltty::start(&fake.path(), None);
    let braille = format!("brlapi:{}", brltty.address);
    let mut d = Daemon::start(dir.path(), &["--lang", "en", "--braille", &braille]);
    first_move_through_brltty(&mut d, &fake, &brltty);
    // Keys pressed on the display reach tiflo through BRLTTY.
    // BRLTTY binds Display5+Display6 to "next different line": tiflo's
    // next view.
    fake.press_display_keys(&[5, 6]);
    let b = board(Lang::En, &["e2e4"], 40);
    assert!(fake.wait_for_line(WAIT, |l| l == b.as_slice()).is_some(), "the board view through BRLTTY");
    fake.press_routing(2);
    d.wait_for("a8: black rook");

    // BRLTTY stops (the player quit it, or it is restarted): tiflo says
    // so and looks for it again; it never opens the serial port itself.
    let number = brltty.number;
    drop(brltty);
    d.wait_for("The braille display Baum is gone");
    d.type_line("e5");
    d.wait_for("Black: e5");
    let brltty = Brltty::start_as(&fake.path(), None, number);
    d.wait_for("The braille display Baum is back");
    fake.press_routing(0);
    let pair = last_pair(Lang::En, &["e2e4", "e7e5"], 40);
    assert!(
        fake.wait_for_line(WAIT, |l| l == pair.as_slice()).is_some(),
        "the move line again\nBRLTTY's log:\n{}",
        brltty.log()
    );
    d.quit();
}

#[test]
fn auto_shares_the_display_of_the_brltty_that_brlapi_host_names() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeBaum::start(40, "SuperVario 40");
    let brltty = Brltty::start(&fake.path(), None);
    // `auto` looks once at start: BRLTTY must be driving the display and
    // serving BrlAPI by then (it writes to the display, then listens).
    assert!(fake.wait_for_line(WAIT, |_| true).is_some(), "BRLTTY never wrote to the display\n{}", brltty.log());
    let port = 4101 + brltty.number;
    let start = std::time::Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < WAIT, "BRLTTY's BrlAPI server never listened\n{}", brltty.log());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let mut d = Daemon::start_with_env(dir.path(), &["--lang", "en", "--braille", "auto"], &[("BRLAPI_HOST", &brltty.address)]);
    first_move_through_brltty(&mut d, &fake, &brltty);
    d.quit();
}

/// Push to talk through BRLTTY: its commands carry no key release, so no
/// key can be held down to talk; that is said once, and the display works
/// on (dot 8 alone hears one utterance, as on the keyboard's Enter).
#[test]
fn through_brltty_a_talk_key_cannot_be_held_and_that_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeBaum::start(40, "SuperVario 40");
    let brltty = Brltty::start(&fake.path(), None);
    let braille = format!("brlapi:{}", brltty.address);
    let mut d = Daemon::start(dir.path(), &["--lang", "en", "--listen", "none", "--talk", "push", "--braille", &braille]);
    first_move_through_brltty(&mut d, &fake, &brltty);
    let seen = d.quit();
    let said = seen.iter().filter(|l| l.contains("I cannot tell when a key of Baum is let go")).count();
    assert_eq!(said, 1, "{}", seen.join("\n"));
}

/// On tiflo's own serial driver the talk key is held; a `talk-key` the
/// display has no key of is said once, and one it has is said nothing of.
#[test]
fn a_talk_key_the_serial_display_lacks_is_said_once() {
    for (key, lacks) in [("pedal", true), ("B9", false), ("dot8", false)] {
        let dir = tempfile::tempdir().unwrap();
        let fake = FakeBaum::start(24, "VarioConnect 24");
        let settings = dir.path().join("config").join("tiflo");
        std::fs::create_dir_all(&settings).unwrap();
        std::fs::write(settings.join("config.toml"), format!("talk = \"push\"\ntalk-key = \"{key}\"\n")).unwrap();
        let braille = format!("serial:{}", fake.path());
        let mut d = Daemon::start(dir.path(), &["--lang", "en", "--listen", "none", "--braille", &braille]);
        d.wait_for("Braille display VarioConnect 24 ready, 24 cells");
        d.type_line("e4");
        d.wait_for("White: e4");
        let seen = d.quit();
        let said = seen.iter().filter(|l| l.contains(&format!("VarioConnect 24 has no key called {key} to hold down"))).count();
        assert_eq!(said, usize::from(lacks), "{key}: {}", seen.join("\n"));
        assert!(seen.iter().all(|l| !l.contains("let go")), "{key}: {}", seen.join("\n"));
    }
}

/// `BRLAPI_AUTH` names the BrlAPI key file, as for any BrlAPI client: a
/// BRLTTY asking for a key kept elsewhere than /etc/brlapi.key shares its
/// display with tiflo.
#[test]
fn brlapi_auth_names_the_key_file_as_it_does_for_every_brlapi_client() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeBaum::start(40, "SuperVario 40");
    let key = b"the key of a BRLTTY started by the player\n";
    let brltty = Brltty::start(&fake.path(), Some(key));
    let key_file = dir.path().join("my-brlapi.key");
    std::fs::write(&key_file, key).unwrap();
    let auth = format!("keyfile:{}", key_file.display());
    let env = [("BRLAPI_HOST", brltty.address.as_str()), ("BRLAPI_AUTH", auth.as_str())];
    let mut d = Daemon::start_with_env(dir.path(), &["--lang", "en", "--braille", "brlapi"], &env);
    first_move_through_brltty(&mut d, &fake, &brltty);
    let seen = d.quit();
    assert!(seen.iter().all(|l| !l.contains("BrlAPI key")), "{}", seen.join("\n"));
}

/// The display is ready through BRLTTY, and White's e4 typed in the daemon
/// reaches it as the move line.
fn first_move_through_brltty(d: &mut Daemon, fake: &FakeBaum, brltty: &Brltty) {
    d.wait_for("Braille display Baum ready, 40 cells");
    d.type_line("e4");
    d.wait_for("White: e4");
    let pair = last_pair(Lang::En, &["e2e4"], 40);
    assert!(
        fake.wait_for_line(WAIT, |l| l == pair.as_slice()).is_some(),
        "the move line through BRLTTY\nBRLTTY's log:\n{}",
        brltty.log()
    );
}

/// The Baum view keys that go from the move line to the board: display keys
/// 5 and 6 together, BRLTTY's "next different line" (bm/d6.kti).
fn fake_view_to_board(fake: &FakeBaum) {
    fake.press_display_keys(&[5, 6]);
}

#[test]
fn auto_opens_the_display_on_the_configured_port_when_no_brltty_answers() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeBaum::start(24, "VarioConnect 24");
    let settings = dir.path().join("config").join("tiflo");
    std::fs::create_dir_all(&settings).unwrap();
    std::fs::write(settings.join("config.toml"), format!("braille-port = \"{},protocol=baum\"\n", fake.path())).unwrap();
    // No BRLTTY runs on server 0 here: BrlAPI fails, the port answers.
    let mut d = Daemon::start(dir.path(), &["--lang", "en", "--braille", "auto"]);
    d.wait_for("Braille display VarioConnect 24 ready, 24 cells");
    d.type_line("e4");
    d.wait_for("White: e4");
    let pair = last_pair(Lang::En, &["e2e4"], 24);
    assert!(fake.wait_for_line(WAIT, |l| l == pair.as_slice()).is_some(), "the move line after e4");
    d.quit();
}

#[test]
fn a_display_that_is_not_there_is_said_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-display");
    let braille = format!("serial:{}", missing.display());
    let mut d = Daemon::start(dir.path(), &["--lang", "en", "--braille", &braille]);
    d.wait_for("No braille display");
    d.type_line("e4");
    d.wait_for("White: e4");
    d.quit();
}

#[test]
fn squares_under_routing_keys_are_the_boards_squares() {
    // The test above presses cell 2 for a8: check that against the view.
    let style = BoardStyle::shipped(Dots::Eight).unwrap();
    let units = view::board(Table::get(Lang::En).unwrap(), &style, &Chess::default(), By::Rank, Color::White);
    let seg = &pack(&units, 40).unwrap()[0];
    assert_eq!(seg.target(2), tiflo::braille::Target::Square(Square::A8));
    assert_eq!(seg.target(3), tiflo::braille::Target::Square(Square::B8));
}

#[test]
fn a_line_typed_on_the_braille_keyboard_past_the_bound_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeBaum::start(40, "VarioUltra 40");
    let braille = format!("serial:{}", fake.path());
    let mut d = Daemon::start(dir.path(), &["--lang", "es", "--listen", "none", "--braille", &braille]);
    d.wait_for("VarioUltra 40");
    // "casilla e4 e4 ...": a command, 4,102 characters long.
    let text = format!("casilla{}", " e4".repeat(1365));
    assert_eq!(text.chars().count(), 4102);
    type_text(&fake, Lang::Es, &text);
    d.wait_for("Es demasiado largo para leerlo: como mucho 4096 caracteres. No se ha anotado nada.");
    // The game goes on.
    d.type_line("e4");
    d.wait_for("Blancas: e4");
    let seen = d.quit();
    assert!(seen.iter().all(|l| !l.contains("e4 e4 e4")), "{}", seen.join("\n"));
}
