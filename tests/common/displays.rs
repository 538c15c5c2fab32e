//! Fake braille displays for integration tests: a thread speaking the
//! display side of the Baum or HandyTech protocol on the master end of a
//! pseudo-terminal, so that another process (the daemon, BRLTTY) or the
//! serial driver can open the slave end as if a display were plugged in.
//!
//! The fake reports every line the host writes and presses keys when the
//! test asks. It outlives the host: while nobody has the slave open (not
//! yet, or between two openings) reads fail, and the fake waits and tries
//! again. Dropping it (or [`FakeBaum::unplug`]) closes the master, which the
//! host sees as the display going away.
//!
//! Use from a test file with `mod common;` and `use common::displays::...`.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serialport::{SerialPort, TTYPort};
use tiflo::braille::baum::{self, display as fake_baum};
use tiflo::braille::handytech::{self, display as fake_ht};
use tiflo::braille::keys::Key;

/// How long one read of the master waits before the fake looks at its
/// key queue and stop flag again.
const TICK: Duration = Duration::from_millis(10);

/// Bytes for the host: sent at once, or paced (one such chunk per turn of
/// the fake's loop, so that the host reads each one on its own).
enum Chunk {
    Now(Vec<u8>),
    Paced(Vec<u8>),
}

/// What both fakes share: the thread, its stop flag, the lines written to
/// the display and the key packets waiting to be sent.
pub struct Fake {
    pub path: String,
    stop: Arc<AtomicBool>,
    lines: Mutex<Receiver<Vec<u8>>>,
    keys: Sender<Chunk>,
    thread: Option<JoinHandle<()>>,
}

/// The display-side protocol a fake speaks: bytes from the host in, the
/// replies and the lines written out.
pub trait Side: Send + 'static {
    /// Feeds bytes from the host; returns the replies to send and pushes
    /// each line written onto `lines`.
    fn feed(&mut self, bytes: &[u8], lines: &mut Vec<Vec<u8>>) -> Vec<u8>;
    /// The host went away: forget any half-read packet.
    fn reset(&mut self);
}

impl Fake {
    pub fn start(side: impl Side) -> Fake {
        let (mut master, slave) = TTYPort::pair().expect("a pseudo-terminal pair");
        let path = slave.name().expect("the slave's path");
        // The host opens the slave by its path; this process keeps no end
        // of it open.
        drop(slave);
        master.set_timeout(TICK).expect("a timeout on the master");
        // Processes started later (the daemon, BRLTTY) must not inherit the
        // master: a copy there would keep the display "plugged in" after
        // the fake closes its end.
        // SAFETY: fcntl on a descriptor this TTYPort owns, with a flag value.
        let set = unsafe { libc::fcntl(std::os::fd::AsRawFd::as_raw_fd(&master), libc::F_SETFD, libc::FD_CLOEXEC) };
        assert_eq!(set, 0, "the master is closed on exec");
        let stop = Arc::new(AtomicBool::new(false));
        let (lines_tx, lines_rx) = channel();
        let (keys_tx, keys_rx) = channel::<Chunk>();
        let flag = stop.clone();
        let thread = std::thread::spawn(move || run(master, side, &flag, &keys_rx, &lines_tx));
        Fake { path, stop, lines: Mutex::new(lines_rx), keys: keys_tx, thread: Some(thread) }
    }

    fn next_line(&self, wait: Duration) -> Option<Vec<u8>> {
        let lines = self.lines.lock().ok()?;
        lines.recv_timeout(wait).ok()
    }

    fn wait_for_line(&self, wait: Duration, pred: impl Fn(&[u8]) -> bool) -> Option<Vec<u8>> {
        let lines = self.lines.lock().ok()?;
        let end = Instant::now() + wait;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(line) if pred(&line) => return Some(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    pub fn send(&self, bytes: Vec<u8>) {
        // The thread only ends when the fake is dropped.
        let _ = self.keys.send(Chunk::Now(bytes));
    }

    /// Sends each chunk on its own turn of the fake's loop (a few
    /// milliseconds apart): BRLTTY's HandyTech driver reads one key event
    /// each time input arrives, and leaves the rest of what it read for the
    /// next arrival.
    pub fn send_each(&self, chunks: Vec<Vec<u8>>) {
        for c in chunks {
            let _ = self.keys.send(Chunk::Paced(c));
        }
    }

    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Fake {
    fn drop(&mut self) {
        self.stop();
    }
}

fn run(mut master: TTYPort, mut side: impl Side, stop: &AtomicBool, keys: &Receiver<Chunk>, lines: &Sender<Vec<u8>>) {
    let mut buf = [0u8; 1024];
    let mut written = Vec::new();
    // Bytes for the host not yet taken by the pty: keys and replies are
    // written as the host reads them, never dropped half-way when it is
    // slow, and the fake keeps reading what the host writes meanwhile.
    let mut out: Vec<u8> = Vec::new();
    let mut paced: std::collections::VecDeque<Vec<u8>> = std::collections::VecDeque::new();
    while !stop.load(Ordering::SeqCst) {
        while let Ok(chunk) = keys.try_recv() {
            match chunk {
                Chunk::Now(bytes) => out.extend(bytes),
                Chunk::Paced(bytes) => paced.push_back(bytes),
            }
        }
        if out.is_empty()
            && let Some(next) = paced.pop_front()
        {
            out = next;
        }
        if !out.is_empty() {
            match master.write(&out) {
                Ok(n) => {
                    out.drain(..n);
                }
                Err(e) if matches!(e.kind(), std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock) => {}
                // Keys pressed while nobody listens are lost, as on a
                // display no host has opened.
                Err(_) => {
                    out.clear();
                    paced.clear();
                }
            }
        }
        match master.read(&mut buf) {
            Ok(0) => std::thread::sleep(TICK),
            Ok(n) => {
                let reply = side.feed(&buf[..n], &mut written);
                for line in written.drain(..) {
                    // The test may have stopped listening; keep answering.
                    let _ = lines.send(line);
                }
                out.extend(reply);
            }
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => {
                // Nobody has the slave open (yet, or any more).
                side.reset();
                out.clear();
                paced.clear();
                std::thread::sleep(TICK);
            }
        }
    }
}

/// A fake Baum display (PocketVario, SuperVario, Vario ...): answers the
/// identity, serial number and cell count probes, reports every line.
pub struct FakeBaum {
    fake: Fake,
    cells: u8,
    held: Mutex<Held>,
}

/// The keys a fake Baum display holds down, group by group.
#[derive(Default)]
struct Held {
    routing: Vec<u8>,
    /// Bit n is the key numbered n (`baum::number`).
    nav: u128,
}

impl Held {
    /// The packet that reports key `k` pressed or released: its group's
    /// new state.
    fn change(&mut self, k: Key, pressed: bool, cells: u8) -> Vec<u8> {
        use baum::number::*;
        match k {
            Key::Routing(cell) => {
                self.routing.retain(|&c| c != cell);
                if pressed {
                    self.routing.push(cell);
                }
                fake_baum::routing_keys(cells, &self.routing)
            }
            Key::Nav(n) => {
                if pressed {
                    self.nav |= 1 << n;
                } else {
                    self.nav &= !(1 << n);
                }
                let bits = |first: u8, count: u8| -> u16 { ((self.nav >> first) & ((1 << count) - 1)) as u16 };
                let (code, data) = match n {
                    n if n < COMMAND => (baum::code::DISPLAY_KEYS, vec![bits(DISPLAY, 8) as u8]),
                    n if n < FRONT => (baum::code::COMMAND_KEYS, vec![bits(COMMAND, 7) as u8]),
                    n if n < BACK => {
                        let b = bits(FRONT, 10);
                        (baum::code::FRONT10, vec![(b >> 8) as u8, b as u8])
                    }
                    n if n < ENTRY => {
                        let b = bits(BACK, 10);
                        (baum::code::BACK10, vec![(b >> 8) as u8, b as u8])
                    }
                    n if n < JOYSTICK => {
                        let b = bits(ENTRY, 16);
                        (baum::code::ENTRY_KEYS, vec![b as u8, (b >> 8) as u8])
                    }
                    n if n < WHEEL_UP => (baum::code::JOYSTICK, vec![bits(JOYSTICK, 5) as u8]),
                    n => panic!("the fake Baum display has no key {n}"),
                };
                baum::packet(code, &data)
            }
        }
    }
}

struct BaumSide {
    cells: u8,
    name: String,
    reader: fake_baum::HostReader,
    /// Whether it answers the cell count request (older models do not).
    counts: bool,
    /// The display module it registers when asked, as a modular display
    /// (Vario Pro) does: the module's identifier.
    module: Option<u16>,
}

impl Side for BaumSide {
    fn feed(&mut self, bytes: &[u8], lines: &mut Vec<Vec<u8>>) -> Vec<u8> {
        let mut reply = Vec::new();
        for p in self.reader.feed(bytes) {
            match (p.code, p.data.as_slice()) {
                (baum::code::SERIAL_NUMBER, []) => reply.extend(fake_baum::serial_number("T1234567")),
                (baum::code::DEVICE_IDENTITY, []) if !self.name.is_empty() => {
                    reply.extend(fake_baum::identity(&self.name))
                }
                (baum::code::MODULE_REGISTRATION, [5, 0, 0, 0, 0, baum::MODULE_QUERY]) => {
                    if let Some(id) = self.module {
                        // Its identifier and a serial number, little-endian,
                        // hardware and firmware versions, "added".
                        let [lo, hi] = id.to_le_bytes();
                        let data = [9, lo, hi, 0x34, 0x12, 1, 0, 2, 0, baum::MODULE_ADDED];
                        reply.extend(baum::packet(baum::code::MODULE_REGISTRATION, &data));
                    }
                }
                (baum::code::DISPLAY_DATA, [0]) if self.counts => reply.extend(fake_baum::cell_count(self.cells)),
                (baum::code::DISPLAY_DATA, [0]) => {}
                (baum::code::DISPLAY_DATA, line) => lines.push(line.to_vec()),
                _ => {}
            }
        }
        reply
    }

    fn reset(&mut self) {
        self.reader = fake_baum::HostReader::new(self.cells);
    }
}

impl FakeBaum {
    /// A Baum display of `cells` cells identifying itself as `name`
    /// ("PocketVario 24").
    pub fn start(cells: u8, name: &str) -> FakeBaum {
        let side = BaumSide { cells, name: name.to_owned(), reader: fake_baum::HostReader::new(cells), counts: true, module: None };
        FakeBaum { fake: Fake::start(side), cells, held: Mutex::new(Held::default()) }
    }

    /// An older Baum display, which gives its identity but does not answer
    /// the cell count request.
    pub fn start_without_cell_count(cells: u8, name: &str) -> FakeBaum {
        let side = BaumSide { cells, name: name.to_owned(), reader: fake_baum::HostReader::new(cells), counts: false, module: None };
        FakeBaum { fake: Fake::start(side), cells, held: Mutex::new(Held::default()) }
    }

    /// A modular Baum display (Vario Pro) with the display module `module`
    /// (0x4180: 80 cells): it gives neither an identity nor a cell count,
    /// and registers its module when asked.
    pub fn start_modular(module: u16, cells: u8) -> FakeBaum {
        let side = BaumSide {
            cells,
            name: String::new(),
            reader: fake_baum::HostReader::new(cells),
            counts: false,
            module: Some(module),
        };
        FakeBaum { fake: Fake::start(side), cells, held: Mutex::new(Held::default()) }
    }

    /// Presses `keys` one after the other, then releases them in the same
    /// order, each change sent as the new state of the key's group (keys
    /// numbered as `tiflo::braille::baum::number` says, routing keys by
    /// cell).
    pub fn press_keys(&self, keys: &[Key]) {
        let mut held = self.held.lock().unwrap();
        let mut bytes = Vec::new();
        for pressed in [true, false] {
            for &k in keys {
                bytes.extend(held.change(k, pressed, self.cells));
            }
        }
        self.fake.send(bytes);
    }

    /// The slave end's path (`/dev/pts/N`), for the host to open.
    pub fn path(&self) -> String {
        self.fake.path.clone()
    }

    /// The display's cell count.
    pub fn cells(&self) -> u8 {
        self.cells
    }

    /// The next line the host wrote (the cells of an ESC 0x01 packet).
    pub fn next_line(&self, wait: Duration) -> Option<Vec<u8>> {
        self.fake.next_line(wait)
    }

    /// Skips lines until one satisfies `pred`.
    pub fn wait_for_line(&self, wait: Duration, pred: impl Fn(&[u8]) -> bool) -> Option<Vec<u8>> {
        self.fake.wait_for_line(wait, pred)
    }

    /// Presses and releases the routing key above `cell` (0 is the leftmost).
    pub fn press_routing(&self, cell: u8) {
        let mut bytes = fake_baum::routing_keys(self.cells, &[cell]);
        bytes.extend(fake_baum::routing_keys(self.cells, &[]));
        self.fake.send(bytes);
    }

    /// Presses the braille keyboard's dot keys `dots` (1-8) together and
    /// releases them.
    pub fn type_dots(&self, dots: &[u8]) {
        let mut bytes = fake_baum::entry_dots(dots);
        bytes.extend(fake_baum::entry_dots(&[]));
        self.fake.send(bytes);
    }

    /// Presses the braille keyboard's dot keys `dots` (1-8) and keeps them
    /// down (the talk key held while the player speaks).
    pub fn hold_dots(&self, dots: &[u8]) {
        self.fake.send(fake_baum::entry_dots(dots));
    }

    /// Lets go of every dot key held.
    pub fn release_dots(&self) {
        self.fake.send(fake_baum::entry_dots(&[]));
    }

    /// Presses and releases display key `key` (1-8).
    pub fn press_display_key(&self, key: u8) {
        self.press_display_keys(&[key]);
    }

    /// Presses display keys `keys` (1-8) together and releases them.
    pub fn press_display_keys(&self, keys: &[u8]) {
        let mut bytes = fake_baum::display_keys(keys);
        bytes.extend(fake_baum::display_keys(&[]));
        self.fake.send(bytes);
    }

    /// Presses the entry keys given as the two bytes of their bitmap (B9,
    /// B10, B11, B12, F1-F4 in the first; dots 1-8 in the second) together
    /// and releases them: `press_entry_keys(0x01, 0)` is B9 alone, which
    /// BRLTTY reads as the space bar of a PocketVario.
    pub fn press_entry_keys(&self, first: u8, dots: u8) {
        let mut bytes = baum::packet(baum::code::ENTRY_KEYS, &[first, dots]);
        bytes.extend(baum::packet(baum::code::ENTRY_KEYS, &[0, 0]));
        self.fake.send(bytes);
    }

    /// Unplugs the display: the master is closed when this returns.
    pub fn unplug(mut self) {
        self.fake.stop();
    }
}

/// A fake HandyTech display: answers the reset with its model,
/// acknowledges each write and reports its text cells.
pub struct FakeHandyTech {
    fake: Fake,
    model: &'static handytech::Model,
}

struct HandyTechSide {
    model: &'static handytech::Model,
    buf: Vec<u8>,
}

impl Side for HandyTechSide {
    fn feed(&mut self, bytes: &[u8], lines: &mut Vec<Vec<u8>>) -> Vec<u8> {
        self.buf.extend_from_slice(bytes);
        let m = self.model;
        let len = if m.extended {
            usize::from(m.text_cells) + 5
        } else {
            1 + usize::from(m.status_cells) + usize::from(m.text_cells)
        };
        let mut reply = Vec::new();
        loop {
            match self.buf.first() {
                Some(&handytech::RESET) => {
                    self.buf.remove(0);
                    reply.extend(fake_ht::identify(m));
                }
                Some(_) if self.buf.len() >= len => match fake_ht::cells_of_write(m, &self.buf[..len]) {
                    Some(cells) => {
                        self.buf.drain(..len);
                        lines.push(cells);
                        if m.extended {
                            reply.extend(fake_ht::confirmation(m, handytech::ACK));
                        } else {
                            reply.push(handytech::ACK);
                        }
                    }
                    None => {
                        // Not a write packet: skip a byte and look again.
                        self.buf.remove(0);
                    }
                },
                _ => break,
            }
        }
        reply
    }

    fn reset(&mut self) {
        self.buf.clear();
    }
}

/// The HandyTech key codes of the braille keyboard's dots 1-8 and of the
/// space bar in BRLTTY's braille input mode (`ht/input.kti`: B4 B3 B2 are
/// dots 1 2 3, B5 B6 B7 dots 4 5 6, B1 dot 7, B8 dot 8; the left space bar
/// is the space), with the bytes of `brldefs-ht.h`.
const HT_DOTS: [u8; 8] = [0x0F, 0x0B, 0x07, 0x13, 0x17, 0x1B, 0x03, 0x1F];
const HT_SPACE: u8 = 0x10;

impl FakeHandyTech {
    /// A HandyTech display of the model with id `model_id` (see
    /// `handytech::MODELS`). Panics on an unknown id.
    pub fn start(model_id: u8) -> FakeHandyTech {
        let model = handytech::model(model_id).unwrap_or_else(|| panic!("no HandyTech model {model_id:#04x}"));
        FakeHandyTech { fake: Fake::start(HandyTechSide { model, buf: Vec::new() }), model }
    }

    /// The slave end's path (`/dev/pts/N`), for the host to open.
    pub fn path(&self) -> String {
        self.fake.path.clone()
    }

    /// The model this display answers with.
    pub fn model(&self) -> &'static handytech::Model {
        self.model
    }

    /// The text cells of the next write.
    pub fn next_line(&self, wait: Duration) -> Option<Vec<u8>> {
        self.fake.next_line(wait)
    }

    /// Skips lines until one satisfies `pred`.
    pub fn wait_for_line(&self, wait: Duration, pred: impl Fn(&[u8]) -> bool) -> Option<Vec<u8>> {
        self.fake.wait_for_line(wait, pred)
    }

    /// Presses the keys of HandyTech codes `codes` one after the other
    /// (0x0F is B4; a routing key is 0x20 plus its cell), then releases
    /// them in the same order, each key event sent on its own (see
    /// [`Fake::send_each`]).
    pub fn press_codes(&self, codes: &[u8]) {
        let mut events = Vec::new();
        for pressed in [true, false] {
            for &code in codes {
                events.push(if self.model.extended {
                    fake_ht::extended_key(self.model, code, pressed)
                } else {
                    vec![fake_ht::key(code, pressed)]
                });
            }
        }
        self.fake.send_each(events);
    }

    /// Announces itself as after a reset (its model's identity), unasked,
    /// as a display switched off and on again does.
    pub fn announce(&self) {
        self.fake.send(fake_ht::identify(self.model));
    }

    /// Sends an acknowledgement nobody asked for, on its own: the host
    /// ignores it, and BRLTTY reads the input it left waiting.
    pub fn nudge(&self) {
        self.fake.send_each(vec![vec![handytech::ACK]]);
    }

    fn keys(&self, codes: &[u8]) {
        self.press_codes(codes);
    }

    /// Switches to BRLTTY's braille input mode, where the B keys type
    /// (B1+B8+SpaceRight on a Braille Star, `ht/bs.kti`).
    pub fn enter_braille_input(&self) {
        self.keys(&[0x03, 0x1F, 0x18]);
    }

    /// Presses and releases the routing key above `cell`.
    pub fn press_routing(&self, cell: u8) {
        self.keys(&[handytech::KEY_ROUTING + cell]);
    }

    /// Presses the B keys of dots `dots` (1-8) together and releases them;
    /// dot 0 stands for the space bar. They type only in braille input
    /// mode ([`FakeHandyTech::enter_braille_input`]).
    pub fn type_dots(&self, dots: &[u8]) {
        let codes: Vec<u8> = dots
            .iter()
            .filter_map(|&d| match d {
                0 => Some(HT_SPACE),
                1..=8 => Some(HT_DOTS[usize::from(d - 1)]),
                _ => None,
            })
            .collect();
        self.keys(&codes);
    }

    /// Presses and releases the key with HandyTech code `key` (0x0C is the
    /// left rocker's top ...).
    pub fn press_display_key(&self, key: u8) {
        self.keys(&[key]);
    }

    /// Unplugs the display: the master is closed when this returns.
    pub fn unplug(mut self) {
        self.fake.stop();
    }
}

/// The record and position after `moves` (UCI) from the start.
pub fn position(moves: &[&str]) -> (tiflo::game::scoresheet::GameRecord, shakmaty::Chess) {
    use shakmaty::Position;
    let mut record = tiflo::game::scoresheet::GameRecord::default();
    let mut pos = shakmaty::Chess::default();
    for m in moves {
        let mv = m.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).unwrap();
        record.moves.push(tiflo::game::scoresheet::RecordedMove::new(mv));
        pos.play_unchecked(mv);
    }
    (record, pos)
}

/// The last move pair after `moves`, as the first segment on `width` cells:
/// what a display shows in the move view (8 dots, the daemon's default).
pub fn last_pair(lang: tiflo::notation::Lang, moves: &[&str], width: usize) -> Vec<tiflo::braille::Cell> {
    let (record, _) = position(moves);
    let table = tiflo::braille::Table::get(lang).unwrap();
    let units = tiflo::braille::view::last_pair(table, tiflo::braille::Dots::Eight, &record);
    tiflo::braille::layout::pack(&units, width).unwrap()[0].padded(width)
}
