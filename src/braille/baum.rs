//! The Baum escape protocol (Baum Vario, PocketVario, SuperVario; emulated
//! by the APH Refreshabraille, the Orbit Reader, the NLS eReader and
//! others), sans-I/O: bytes out for requests and cell writes, bytes in to
//! events. 19200 baud, 8N1 is the serial port's business.
//!
//! Every packet is ESC (0x1B), a code byte and data; an ESC inside the data
//! is sent twice. The packets have no length field: the length follows from
//! the code (the routing keys' from the cell count, an identity is 16 bytes,
//! 18 for the Refreshabraille and the NLS eReader Zoom, a module packet
//! carries its length). A packet of unknown length ends where the next one
//! starts. Bytes outside packets, and packets cut short by the next one, are
//! skipped and counted.
//!
//! Keys arrive as the state of a whole group (routing keys, display keys,
//! command keys, the braille keyboard's entry keys, the joystick); presses
//! and releases come from comparing it with the group's previous state.
//!
//! Facts from BRLTTY's Baum driver (Drivers/Braille/Baum), read, not copied.

// Without the serial driver, the codec is built and tested but nothing opens a port.
#![cfg_attr(not(feature = "serial"), allow(dead_code))]

use super::Cell;
use super::keys::{Key, KeyEvent, diff_bitmap};

/// The byte that starts every packet (doubled inside data).
pub const ESC: u8 = 0x1B;

/// Request and response codes.
pub mod code {
    /// Host: write cells. Display: the cell count (one byte).
    pub const DISPLAY_DATA: u8 = 0x01;
    /// Display: the cell count (one byte), the same code as [`DISPLAY_DATA`].
    pub const CELL_COUNT: u8 = 0x01;
    /// Display: the firmware version (one byte).
    pub const VERSION: u8 = 0x05;
    /// Host: ask for the state of every key group.
    pub const GET_KEYS: u8 = 0x08;
    /// A mode setting (two bytes).
    pub const MODE_SETTING: u8 = 0x11;
    /// Display: the communication channel (one byte).
    pub const COMMUNICATION_CHANNEL: u8 = 0x16;
    /// Display: it is powering down (one byte).
    pub const POWERDOWN: u8 = 0x17;
    /// Display: the horizontal sensors' state.
    pub const HORIZONTAL_SENSORS: u8 = 0x20;
    /// Display: the vertical sensors' state (eight bytes).
    pub const VERTICAL_SENSORS: u8 = 0x21;
    /// Display: the routing keys' state, a bitmap of one bit per cell.
    pub const ROUTING_KEYS: u8 = 0x22;
    /// Display: the switches' state (one byte).
    pub const SWITCHES: u8 = 0x23;
    /// Display: the display keys' state (one byte).
    pub const DISPLAY_KEYS: u8 = 0x24;
    /// Display: one horizontal sensor (one byte).
    pub const HORIZONTAL_SENSOR: u8 = 0x25;
    /// Display: one vertical sensor.
    pub const VERTICAL_SENSOR: u8 = 0x26;
    /// Display: one routing key (one byte).
    pub const ROUTING_KEY: u8 = 0x27;
    /// Display: the state of six front keys (one byte).
    pub const FRONT6: u8 = 0x28;
    /// Display: the state of six back keys (one byte).
    pub const BACK6: u8 = 0x29;
    /// Display: the command keys' state (one byte).
    pub const COMMAND_KEYS: u8 = 0x2B;
    /// Display: the state of ten front keys (two bytes).
    pub const FRONT10: u8 = 0x2C;
    /// Display: the state of ten back keys (two bytes).
    pub const BACK10: u8 = 0x2D;
    /// Display: the braille keyboard's entry keys' state (two bytes).
    pub const ENTRY_KEYS: u8 = 0x33;
    /// Display: the joystick's state (one byte).
    pub const JOYSTICK: u8 = 0x34;
    /// Display: an error code (one byte).
    pub const ERROR_CODE: u8 = 0x40;
    /// Module registration (modular displays); the first data byte counts the rest.
    pub const MODULE_REGISTRATION: u8 = 0x50;
    /// Data registers; the first data byte counts the rest.
    pub const DATA_REGISTERS: u8 = 0x51;
    /// Service registers; the first data byte counts the rest.
    pub const SERVICE_REGISTERS: u8 = 0x52;
    /// Host: ask for the identity. Display: the identity (16 bytes, 18 for some).
    pub const DEVICE_IDENTITY: u8 = 0x84;
    /// Host: ask for the serial number. Display: the serial number (eight bytes).
    pub const SERIAL_NUMBER: u8 = 0x8A;
    /// Display: the Bluetooth name (14 bytes).
    pub const BLUETOOTH_NAME: u8 = 0x8C;
}

/// The numbers of the keys other than routing keys, as BRLTTY's Baum
/// driver numbers them (`BM_NavigationKey` in `brldefs-bm.h`): each group
/// starts where the one before ends, and a key is its group's first number
/// plus its bit in the group's bitmap. `Key::Nav(ENTRY + 8)` is dot 1.
pub mod number {
    /// Display keys 1-8 (the panning keys at both ends of the cells).
    pub const DISPLAY: u8 = 0;
    /// Command keys 1-7 (Vario 80).
    pub const COMMAND: u8 = DISPLAY + 8;
    /// Front keys 1-10.
    pub const FRONT: u8 = COMMAND + 7;
    /// Back keys 1-10.
    pub const BACK: u8 = FRONT + 10;
    /// Entry keys: B9, B10, B11, B12, F1-F4, then dots 1-8.
    pub const ENTRY: u8 = BACK + 10;
    /// Joystick: up, left, down, right, press.
    pub const JOYSTICK: u8 = ENTRY + 16;
    /// Wheels turned up, down, pressed (modular displays), four each.
    pub const WHEEL_UP: u8 = JOYSTICK + 5;
    /// Wheels turned down.
    pub const WHEEL_DOWN: u8 = WHEEL_UP + 4;
    /// Wheels pressed.
    pub const WHEEL_PRESS: u8 = WHEEL_DOWN + 4;
    /// Status module buttons 1-4 and keys 1-4.
    pub const STATUS: u8 = WHEEL_PRESS + 4;
    /// One past the last key.
    pub const END: u8 = STATUS + 8;

    /// The first number of a group by the name the key tables use for it
    /// (`display`, `command`, `front`, `back`, `entry`, `joystick`,
    /// `wheel-up`, `wheel-down`, `wheel-press`, `status`), and its size.
    pub fn group(name: &str) -> Option<(u8, u8)> {
        Some(match name {
            "display" => (DISPLAY, 8),
            "command" => (COMMAND, 7),
            "front" => (FRONT, 10),
            "back" => (BACK, 10),
            "entry" => (ENTRY, 16),
            "joystick" => (JOYSTICK, 5),
            "wheel-up" => (WHEEL_UP, 4),
            "wheel-down" => (WHEEL_DOWN, 4),
            "wheel-press" => (WHEEL_PRESS, 4),
            "status" => (STATUS, 8),
            _ => return None,
        })
    }
}

/// A packet: ESC, the code, the data with every ESC doubled.
pub fn packet(code: u8, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + data.len() + data.len() / 8);
    out.push(ESC);
    out.push(code);
    for &b in data {
        out.push(b);
        if b == ESC {
            out.push(ESC);
        }
    }
    out
}

/// Writes a whole line of cells.
pub fn write_cells(cells: &[Cell]) -> Vec<u8> {
    packet(code::DISPLAY_DATA, cells)
}

/// The probe a host sends to a display it does not know yet: the serial
/// number, the identity, the cell count (display data with a lone zero, to
/// which newer models answer with their cell count), the keys' state, and
/// the query of the modules of a modular display (Vario Pro), as BRLTTY's
/// driver probes (`probeBaumDevice`).
pub fn probe() -> Vec<u8> {
    let mut out = packet(code::SERIAL_NUMBER, &[]);
    out.extend(packet(code::DEVICE_IDENTITY, &[]));
    out.extend(packet(code::DISPLAY_DATA, &[0]));
    out.extend(packet(code::GET_KEYS, &[]));
    out.extend(module_query());
    out
}

/// The general call asking a modular display which modules it has: a
/// module registration request (5 data bytes) for module 0, serial 0, with
/// the query command (4).
pub(crate) fn module_query() -> Vec<u8> {
    packet(code::MODULE_REGISTRATION, &[5, 0, 0, 0, 0, MODULE_QUERY])
}

/// The module registration commands and events (BRLTTY's
/// `BaumModuleRegistrationCommand`, `BaumModuleRegistrationEvent`).
pub const MODULE_QUERY: u8 = 0x04;
/// The event of a module registration packet that reports a module added.
pub const MODULE_ADDED: u8 = 1;

/// The braille display modules of a modular Baum display (Vario Pro): 80
/// and 64 cells (BRLTTY's `baumModuleDescriptions`).
pub(crate) const DISPLAY_MODULES: [(u16, u8); 2] = [(0x4180, 80), (0x4181, 64)];

/// The display module a module registration reply announces (the reply's
/// data: its length, the module's identifier and serial number, both
/// little-endian, its hardware and firmware versions, the event), with its
/// cells, when the event is the module's addition.
pub(crate) fn display_module(data: &[u8]) -> Option<(u16, u8)> {
    if data.len() < 10 || data[9] != MODULE_ADDED {
        return None;
    }
    let id = u16::from_le_bytes([data[1], data[2]]);
    DISPLAY_MODULES.iter().copied().find(|&(m, _)| m == id)
}

/// How many bytes a routing key bitmap has for `cells` cells: one per
/// eight cells, but 5 where that would be 3 or 4.
pub(crate) fn routing_bytes(cells: u8) -> usize {
    let n = usize::from(cells).div_ceil(8);
    if n == 3 || n == 4 { 5 } else { n }
}

/// The cell count an identity names ("PocketVario 24" has 24 cells), for
/// older models that do not answer the cell count request: the number from
/// the first digit 1-9, if 1-84 (BRLTTY's `getIdentityCellCount`). A
/// Vario 80 has four status cells more (84).
pub(crate) fn identity_cells(identity: &str) -> Option<u8> {
    let start = identity.find(|c: char| ('1'..='9').contains(&c))?;
    let digits: String = identity[start..].chars().take_while(char::is_ascii_digit).collect();
    let n: u16 = digits.parse().ok()?;
    match n {
        80 => Some(84),
        1..=MAX_CELLS_U16 => Some(n as u8),
        _ => None,
    }
}

/// The most cells a Baum display has (BRLTTY's `MAXIMUM_CELL_COUNT`).
pub(crate) const MAX_CELLS: u8 = 84;
const MAX_CELLS_U16: u16 = MAX_CELLS as u16;

/// How many of a Baum display's `total` cells are text cells, as BRLTTY's
/// driver divides them (`logCellCount`): 44, 68 and 84 cells are 40, 64
/// and 80 text cells and 4 status cells after them; 56 are 40 and 16; any
/// other count is text only.
pub fn text_cells(total: u8) -> u8 {
    match total {
        44 | 68 | 84 => total - 4,
        56 => 40,
        n => n,
    }
}

/// The Baum devices (and the displays emulating the protocol) BRLTTY's
/// driver tells apart by their identity, each with its own key table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Device {
    /// Any other identity.
    Default,
    /// The APH Refreshabraille.
    Refreshabraille,
    /// The Orbit Reader.
    Orbit,
    /// The NLS eReader Zoomax.
    NlsZoomax,
    /// The Conny (NBP B2G).
    B2g,
    /// The Conny.
    Conny,
    /// The PocketVario.
    PocketVario,
    /// The Pronto.
    Pronto,
    /// The SuperVario (also the identities `SVario` and `Brailliant`).
    SuperVario,
    /// The VarioConnect (also the identity `BrailleConnect`).
    VarioConnect,
    /// The VarioUltra.
    VarioUltra,
    /// The Vario 40.
    Vario40,
    /// An identity naming 80 cells, when the display does not give its
    /// cell count.
    Vario80,
}

/// The identities as BRLTTY's driver searches them (`baumDeviceIdentityTable`,
/// in its order: the first found anywhere in the identity decides).
const IDENTITIES: [(&str, Device); 14] = [
    ("Refreshabraille", Device::Refreshabraille),
    ("Orbit", Device::Orbit),
    ("NLS eReader Zoomax", Device::NlsZoomax),
    ("Conny (NBP B2G)", Device::B2g),
    ("BrailleConnect", Device::VarioConnect),
    ("Brailliant", Device::SuperVario),
    ("Conny", Device::Conny),
    ("PocketVario", Device::PocketVario),
    ("Pronto", Device::Pronto),
    ("SuperVario", Device::SuperVario),
    ("SVario", Device::SuperVario),
    ("Vario 40", Device::Vario40),
    ("VarioConnect", Device::VarioConnect),
    ("VarioUltra", Device::VarioUltra),
];

impl Device {
    /// Every device, [`Device::Default`] first.
    pub const ALL: &'static [Device] = &[
        Device::Default,
        Device::Refreshabraille,
        Device::Orbit,
        Device::NlsZoomax,
        Device::B2g,
        Device::Conny,
        Device::PocketVario,
        Device::Pronto,
        Device::SuperVario,
        Device::VarioConnect,
        Device::VarioUltra,
        Device::Vario40,
        Device::Vario80,
    ];

    /// The device an identity names.
    pub(crate) fn of_identity(identity: &str) -> Device {
        IDENTITIES.iter().find(|(text, _)| identity.contains(text)).map_or(Device::Default, |&(_, d)| d)
    }

    /// A device by the name the key tables use (its name here: `PocketVario`).
    pub fn parse(name: &str) -> Option<Device> {
        Device::ALL.iter().copied().find(|d| format!("{d:?}") == name)
    }
}

/// What a Baum display said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The cell count the display gave.
    CellCount(u8),
    /// The device identity, trimmed ("PocketVario 24").
    Identity(String),
    /// The serial number, trimmed.
    SerialNumber(String),
    /// A key pressed or released.
    Key(KeyEvent),
    /// A packet tiflo does not use (version, mode, sensors...).
    Other {
        /// The packet's code.
        code: u8,
        /// Its data, ESC undoubled.
        data: Vec<u8>,
    },
}

enum Length {
    Fixed(usize),
    /// The first data byte gives the count of the bytes after it.
    Counted,
    /// Up to the start of the next packet.
    UntilNext,
}

enum Step {
    Need,
    Skip(usize),
    Packet { consumed: usize, code: u8, data: Vec<u8> },
}

/// Decodes what a Baum display sends, keeping the keys' state.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    cells: Option<u8>,
    routing: Vec<u8>,
    display: Vec<u8>,
    command: Vec<u8>,
    entry: Vec<u8>,
    joystick: Vec<u8>,
    front: Vec<u8>,
    back: Vec<u8>,
    skipped: usize,
}

impl Decoder {
    /// A decoder that knows no cell count and no key held yet.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// The cell count, once the display has given it.
    pub fn cells(&self) -> Option<u8> {
        self.cells
    }

    /// Sets the cell count (when taken from the identity).
    pub fn set_cells(&mut self, cells: u8) {
        self.cells = Some(cells);
    }

    /// Bytes skipped so far: outside packets or in packets cut short.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    fn length(&self, code: u8, data: &[u8]) -> Length {
        use code::*;
        match code {
            CELL_COUNT
            | VERSION
            | COMMUNICATION_CHANNEL
            | POWERDOWN
            | SWITCHES
            | DISPLAY_KEYS
            | HORIZONTAL_SENSOR
            | ROUTING_KEY
            | FRONT6
            | BACK6
            | COMMAND_KEYS
            | JOYSTICK
            | ERROR_CODE => Length::Fixed(1),
            MODE_SETTING | FRONT10 | BACK10 | ENTRY_KEYS => Length::Fixed(2),
            VERTICAL_SENSORS | SERIAL_NUMBER => Length::Fixed(8),
            BLUETOOTH_NAME => Length::Fixed(14),
            DEVICE_IDENTITY => {
                let longer = data.len() >= 16
                    && (data.starts_with(b"Refreshabraille ") || data.starts_with(b"NLS eReader Zoom"));
                Length::Fixed(if longer { 18 } else { 16 })
            }
            ROUTING_KEYS => match self.cells {
                Some(c) => Length::Fixed(routing_bytes(c)),
                None => Length::UntilNext,
            },
            MODULE_REGISTRATION | DATA_REGISTERS | SERVICE_REGISTERS => Length::Counted,
            _ => Length::UntilNext,
        }
    }

    fn step(&self) -> Step {
        let buf = &self.buf;
        let Some(&first) = buf.first() else { return Step::Need };
        if first != ESC {
            return Step::Skip(buf.iter().position(|&b| b == ESC).unwrap_or(buf.len()));
        }
        let Some(&code) = buf.get(1) else { return Step::Need };
        if code == ESC {
            // A doubled ESC outside a packet.
            return Step::Skip(2);
        }
        let mut data = Vec::new();
        let mut i = 2;
        loop {
            match self.length(code, &data) {
                Length::Fixed(n) if data.len() >= n => return Step::Packet { consumed: i, code, data },
                Length::Counted if data.first().is_some_and(|&n| data.len() > usize::from(n)) => {
                    return Step::Packet { consumed: i, code, data };
                }
                _ => {}
            }
            let Some(&b) = buf.get(i) else { return Step::Need };
            if b == ESC {
                let Some(&next) = buf.get(i + 1) else { return Step::Need };
                if next == ESC {
                    data.push(ESC);
                    i += 2;
                    continue;
                }
                // A new packet starts here.
                return match self.length(code, &data) {
                    Length::UntilNext => Step::Packet { consumed: i, code, data },
                    _ => Step::Skip(i),
                };
            }
            data.push(b);
            i += 1;
        }
    }

    /// Feeds bytes read from the display; returns the events of the
    /// packets they complete.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        loop {
            match self.step() {
                Step::Need => break,
                Step::Skip(n) => {
                    self.skipped += n;
                    self.buf.drain(..n);
                }
                Step::Packet { consumed, code, data } => {
                    self.buf.drain(..consumed);
                    self.event(code, data, &mut out);
                }
            }
        }
        out
    }

    fn event(&mut self, code: u8, data: Vec<u8>, out: &mut Vec<Event>) {
        let mut keys = Vec::new();
        match code {
            code::CELL_COUNT => {
                self.cells = Some(data[0]);
                out.push(Event::CellCount(data[0]));
            }
            code::DEVICE_IDENTITY => out.push(Event::Identity(text(&data))),
            code::SERIAL_NUMBER => out.push(Event::SerialNumber(text(&data))),
            code::ROUTING_KEYS if self.cells.is_some() => {
                let count = usize::from(self.cells.unwrap_or(0));
                self.routing.resize(count.div_ceil(8), 0);
                diff_bitmap(&mut self.routing, &data, count, |n| Key::Routing(n as u8), &mut keys);
            }
            code::DISPLAY_KEYS => group(&mut self.display, &data, number::DISPLAY, 8, &mut keys),
            code::COMMAND_KEYS => group(&mut self.command, &data, number::COMMAND, 7, &mut keys),
            code::ENTRY_KEYS => group(&mut self.entry, &data, number::ENTRY, 16, &mut keys),
            code::JOYSTICK => group(&mut self.joystick, &data, number::JOYSTICK, 5, &mut keys),
            code::FRONT6 => group(&mut self.front, &data, number::FRONT, 6, &mut keys),
            code::BACK6 => group(&mut self.back, &data, number::BACK, 6, &mut keys),
            // Ten front or back keys come high byte first.
            code::FRONT10 => group(&mut self.front, &[data[1], data[0]], number::FRONT, 10, &mut keys),
            code::BACK10 => group(&mut self.back, &[data[1], data[0]], number::BACK, 10, &mut keys),
            _ => out.push(Event::Other { code, data }),
        }
        out.extend(keys.into_iter().map(Event::Key));
    }
}

/// The key events of a group's new state: key `n` of the group is
/// `Key::Nav(first + n)`.
fn group(state: &mut Vec<u8>, data: &[u8], first: u8, count: usize, keys: &mut Vec<KeyEvent>) {
    state.resize(count.div_ceil(8), 0);
    diff_bitmap(state, data, count, |n| Key::Nav(first + n as u8), keys);
}

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).trim_matches(|c: char| c == '\0' || c.is_whitespace()).to_owned()
}

/// The display side of the protocol, for fake displays in tests: reads the
/// host's packets (a display-data packet ends where the next packet starts
/// or where the input read so far ends) and writes the display's replies.
#[cfg(any(test, feature = "testkit"))]
pub mod display {
    use super::*;

    /// A packet from the host.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct HostPacket {
        /// The packet's code.
        pub code: u8,
        /// Its data, ESC undoubled.
        pub data: Vec<u8>,
    }

    /// Splits what the host sent into packets, undoubling ESC. A packet
    /// ends where the next one starts; the last one read ends with the
    /// input, except a display-data packet shorter than the display (other
    /// than the lone zero of the cell count request), which waits for the
    /// rest of its cells.
    #[derive(Clone, Debug, Default)]
    pub struct HostReader {
        /// The fake display's cell count.
        pub cells: usize,
        buf: Vec<u8>,
    }

    impl HostReader {
        /// A reader for a fake display of `cells` cells.
        pub fn new(cells: u8) -> HostReader {
            HostReader { cells: usize::from(cells), buf: Vec::new() }
        }

        /// Takes bytes from the host and returns the packets read so far, as
        /// [`HostReader`] tells.
        pub fn feed(&mut self, bytes: &[u8]) -> Vec<HostPacket> {
            self.buf.extend_from_slice(bytes);
            let mut packets = Vec::new();
            let mut current: Option<(usize, HostPacket)> = None;
            let mut i = 0;
            while i < self.buf.len() {
                let b = self.buf[i];
                if b == ESC {
                    let Some(&next) = self.buf.get(i + 1) else { break };
                    if next == ESC {
                        if let Some((_, p)) = current.as_mut() {
                            p.data.push(ESC);
                        }
                        i += 2;
                        continue;
                    }
                    packets.extend(current.take().map(|(_, p)| p));
                    current = Some((i, HostPacket { code: next, data: Vec::new() }));
                    i += 2;
                    continue;
                }
                if let Some((_, p)) = current.as_mut() {
                    p.data.push(b);
                }
                i += 1;
            }
            let mut keep_from = i;
            if let Some((start, p)) = current {
                let short = p.code == code::DISPLAY_DATA && p.data.len() < self.cells && p.data != [0];
                if short {
                    keep_from = start;
                } else {
                    packets.push(p);
                }
            }
            self.buf.drain(..keep_from);
            packets
        }
    }

    /// The reply to the cell count request.
    pub fn cell_count(cells: u8) -> Vec<u8> {
        packet(code::CELL_COUNT, &[cells])
    }

    /// The identity reply, padded with spaces to 16 bytes (18 for the
    /// Refreshabraille and NLS eReader Zoom names, whose 16 first bytes are
    /// the names themselves).
    pub fn identity(name: &str) -> Vec<u8> {
        let mut data = name.as_bytes().to_vec();
        let long = data.starts_with(b"Refreshabraille ") || data.starts_with(b"NLS eReader Zoom");
        data.resize(if long { 18 } else { 16 }, b' ');
        packet(code::DEVICE_IDENTITY, &data)
    }

    /// The serial number reply, 8 bytes.
    pub fn serial_number(serial: &str) -> Vec<u8> {
        let mut data = serial.as_bytes().to_vec();
        data.resize(8, b' ');
        packet(code::SERIAL_NUMBER, &data)
    }

    /// The routing keys held down, as the bitmap packet of a `cells` display.
    pub fn routing_keys(cells: u8, held: &[u8]) -> Vec<u8> {
        let mut bitmap = vec![0u8; routing_bytes(cells)];
        for &k in held {
            if k < cells {
                bitmap[usize::from(k / 8)] |= 1 << (k % 8);
            }
        }
        packet(code::ROUTING_KEYS, &bitmap)
    }

    /// The braille keyboard dots held down (1-8).
    pub fn entry_dots(dots: &[u8]) -> Vec<u8> {
        let mut bits = 0u8;
        for &d in dots {
            if (1..=8).contains(&d) {
                bits |= 1 << (d - 1);
            }
        }
        packet(code::ENTRY_KEYS, &[0, bits])
    }

    /// The display keys held down (1-8).
    pub fn display_keys(keys: &[u8]) -> Vec<u8> {
        let mut bits = 0u8;
        for &k in keys {
            if (1..=8).contains(&k) {
                bits |= 1 << (k - 1);
            }
        }
        packet(code::DISPLAY_KEYS, &[bits])
    }
}

#[cfg(test)]
mod tests {
    use super::display::*;
    use super::*;

    /// Every reply code the decoder knows, with the data a display sends:
    /// each packet is decoded whole (its data, and the packet after it, come
    /// out intact with nothing skipped), however the bytes are split.
    #[test]
    fn every_reply_is_decoded_whole_however_it_is_split() {
        use code::*;
        // Data of `n` bytes with an ESC in the middle (doubled on the wire).
        let data_of = |n: usize| -> Vec<u8> { (0..n).map(|i| if i == n / 2 { ESC } else { 0x30 + i as u8 }).collect() };
        // The data lengths of BRLTTY's Baum driver, written out here rather
        // than taken from the decoder.
        let fixed: [(u8, usize); 24] = [
            (CELL_COUNT, 1),
            (VERSION, 1),
            (COMMUNICATION_CHANNEL, 1),
            (POWERDOWN, 1),
            (SWITCHES, 1),
            (DISPLAY_KEYS, 1),
            (HORIZONTAL_SENSOR, 1),
            (VERTICAL_SENSOR, 1),
            (ROUTING_KEY, 1),
            (FRONT6, 1),
            (BACK6, 1),
            (COMMAND_KEYS, 1),
            (JOYSTICK, 1),
            (ERROR_CODE, 1),
            (MODE_SETTING, 2),
            (FRONT10, 2),
            (BACK10, 2),
            (ENTRY_KEYS, 2),
            (VERTICAL_SENSORS, 8),
            (SERIAL_NUMBER, 8),
            (BLUETOOTH_NAME, 14),
            (DEVICE_IDENTITY, 16),
            (MODULE_REGISTRATION, 4),
            (DATA_REGISTERS, 1),
        ];
        // (cells given before, code, data)
        let mut cases: Vec<(Option<u8>, u8, Vec<u8>)> = Vec::new();
        for (c, n) in fixed {
            let data = match c {
                // Counted: the first byte is the count of the bytes after it.
                MODULE_REGISTRATION | DATA_REGISTERS => {
                    let mut d = vec![(n - 1) as u8];
                    d.extend(data_of(n - 1));
                    d
                }
                DEVICE_IDENTITY => b"PocketVario 24  ".to_vec(),
                _ => data_of(n),
            };
            cases.push((None, c, data));
        }
        cases.push((None, SERVICE_REGISTERS, vec![0]));
        cases.push((None, SERVICE_REGISTERS, [vec![5], data_of(5)].concat()));
        cases.push((None, DEVICE_IDENTITY, b"Refreshabraille 18".to_vec()));
        cases.push((None, DEVICE_IDENTITY, b"NLS eReader Zoom20".to_vec()));
        for cells in [12, 20, 24, 32, 40, 70, 80, 84] {
            cases.push((Some(cells), ROUTING_KEYS, data_of(routing_bytes(cells))));
        }
        // Until the next packet: routing keys before the cell count is
        // known, the horizontal sensors, and codes tiflo does not know.
        cases.push((None, ROUTING_KEYS, data_of(3)));
        cases.push((None, HORIZONTAL_SENSORS, data_of(5)));
        cases.push((None, 0x99, data_of(4)));
        assert!(cases.iter().any(|(_, c, _)| *c == VERTICAL_SENSOR));

        let marker = Event::Other { code: VERSION, data: vec![0x42] };
        for (cells, c, data) in cases {
            let mut wire = cells.map(display::cell_count).unwrap_or_default();
            wire.extend(packet(c, &data));
            wire.extend(packet(VERSION, &[0x42]));
            let mut whole = Decoder::new();
            let events = whole.feed(&wire);
            let what = format!("code {c:#04x} with {} data bytes after {cells:?} cells", data.len());
            assert_eq!(whole.skipped(), 0, "{what}: {events:?}");
            assert_eq!(events.last(), Some(&marker), "{what}: {events:?}");
            let expected = match c {
                CELL_COUNT => Some(Event::CellCount(data[0])),
                DEVICE_IDENTITY => Some(Event::Identity(text(&data))),
                SERIAL_NUMBER => Some(Event::SerialNumber(text(&data))),
                ROUTING_KEYS if cells.is_some() => None,
                DISPLAY_KEYS | COMMAND_KEYS | ENTRY_KEYS | JOYSTICK | FRONT6 | BACK6 | FRONT10 | BACK10 => None,
                _ => Some(Event::Other { code: c, data: data.clone() }),
            };
            if let Some(e) = expected {
                assert!(events.contains(&e), "{what}: {events:?}");
            }
            for cut in 0..=wire.len() {
                let mut d = Decoder::new();
                let mut split = d.feed(&wire[..cut]);
                split.extend(d.feed(&wire[cut..]));
                assert_eq!(split, events, "{what}, cut at {cut}");
                assert_eq!(d.skipped(), 0, "{what}, cut at {cut}");
            }
        }
    }

    #[test]
    fn esc_is_doubled_in_data() {
        assert_eq!(write_cells(&[1, ESC, 2]), vec![ESC, 0x01, 1, ESC, ESC, 2]);
        assert_eq!(write_cells(&[ESC, ESC]), vec![ESC, 0x01, ESC, ESC, ESC, ESC]);
        assert_eq!(write_cells(&[]), vec![ESC, 0x01]);
        let p = probe();
        assert!(p.starts_with(&[ESC, 0x8A, ESC, 0x84, ESC, 0x01, 0x00, ESC, 0x08]));
        // BRLTTY's general call for modules: ESC 0x50, 5 bytes, module 0,
        // serial 0, the query command 4.
        assert!(p.ends_with(&[ESC, 0x50, 5, 0, 0, 0, 0, 4]));
        let added = [9, 0x80, 0x41, 0x34, 0x12, 1, 0, 2, 0, 1];
        assert_eq!(display_module(&added), Some((0x4180, 80)));
        assert_eq!(display_module(&[9, 0x90, 0x41, 0x34, 0x12, 1, 0, 2, 0, 1]), None, "the status module");
        assert_eq!(display_module(&[9, 0x81, 0x41, 0x34, 0x12, 1, 0, 2, 0, 2]), None, "a removal");
    }

    #[test]
    fn cell_count_replies_of_every_count() {
        for n in 1..=255u8 {
            let mut d = Decoder::new();
            assert_eq!(d.feed(&cell_count(n)), vec![Event::CellCount(n)], "{n}");
            assert_eq!(d.cells(), Some(n));
        }
        // 27 is ESC: doubled in the reply, read back once.
        assert_eq!(cell_count(27), vec![ESC, 0x01, ESC, ESC]);
    }

    #[test]
    fn identities_of_16_and_18_bytes() {
        let mut d = Decoder::new();
        let mut bytes = identity("PocketVario 24");
        bytes.extend(identity("Refreshabraille 18"));
        bytes.extend(identity("NLS eReader Zoom20"));
        bytes.extend(serial_number("12345678"));
        assert_eq!(
            d.feed(&bytes),
            vec![
                Event::Identity("PocketVario 24".into()),
                Event::Identity("Refreshabraille 18".into()),
                Event::Identity("NLS eReader Zoom20".into()),
                Event::SerialNumber("12345678".into()),
            ]
        );
        assert_eq!(d.skipped(), 0);
        assert_eq!(identity_cells("PocketVario 24"), Some(24));
        assert_eq!(identity_cells("Refreshabraille 18"), Some(18));
        assert_eq!(identity_cells("Vario 80"), Some(84));
        assert_eq!(identity_cells("Orbit Reader"), None);
    }

    #[test]
    fn replies_split_at_every_byte() {
        let mut all = cell_count(40);
        all.extend(identity("SuperVario 40"));
        all.extend(routing_keys(40, &[0, 27, 39]));
        let whole = Decoder::new().feed(&all);
        for cut in 0..all.len() {
            let mut d = Decoder::new();
            let mut events = d.feed(&all[..cut]);
            events.extend(d.feed(&all[cut..]));
            assert_eq!(events, whole, "cut at {cut}");
        }
        // Byte by byte.
        let mut d = Decoder::new();
        let events: Vec<Event> = all.iter().flat_map(|b| d.feed(&[*b])).collect();
        assert_eq!(events, whole);
    }

    #[test]
    fn routing_bitmaps_of_every_display_size() {
        assert_eq!(routing_bytes(12), 2);
        assert_eq!(routing_bytes(24), 5);
        assert_eq!(routing_bytes(32), 5);
        assert_eq!(routing_bytes(40), 5);
        assert_eq!(routing_bytes(80), 10);
        assert_eq!(routing_bytes(84), 11);
        for cells in [12u8, 14, 18, 20, 24, 32, 40, 44, 70, 80, 84] {
            let mut d = Decoder::new();
            d.feed(&cell_count(cells));
            let last = cells - 1;
            let press = d.feed(&routing_keys(cells, &[0, last]));
            assert_eq!(
                press,
                vec![
                    Event::Key(KeyEvent { key: Key::Routing(0), pressed: true }),
                    Event::Key(KeyEvent { key: Key::Routing(last), pressed: true }),
                ],
                "{cells}"
            );
            let release = d.feed(&routing_keys(cells, &[last]));
            assert_eq!(release, vec![Event::Key(KeyEvent { key: Key::Routing(0), pressed: false })]);
            assert_eq!(d.feed(&routing_keys(cells, &[])).len(), 1);
            assert_eq!(d.skipped(), 0, "{cells}");
        }
    }

    /// Keys are numbered as BRLTTY's Baum driver numbers them
    /// (`brldefs-bm.h`: display keys from 0, command keys from 8, front
    /// from 15, back from 25, entry keys from 35 with dot 1 at 43, the
    /// joystick from 51), written out here rather than taken from `number`.
    #[test]
    fn keys_of_every_group() {
        let mut d = Decoder::new();
        let ev = |n, pressed| Event::Key(KeyEvent { key: Key::Nav(n), pressed });
        assert_eq!(d.feed(&display_keys(&[1, 8])), vec![ev(0, true), ev(7, true)]);
        assert_eq!(d.feed(&display_keys(&[8])), vec![ev(0, false)]);
        assert_eq!(d.feed(&entry_dots(&[1, 2, 5])), vec![ev(43, true), ev(44, true), ev(47, true)]);
        // B9 and F1 in the first byte; dots 1 and 5 in the second.
        assert_eq!(d.feed(&packet(code::ENTRY_KEYS, &[0b0001_0001, 0])).len(), 5);
        assert_eq!(d.feed(&packet(code::ENTRY_KEYS, &[0b0001_0001, 0])), vec![]);
        assert_eq!(d.feed(&packet(code::JOYSTICK, &[0b10000])), vec![ev(55, true)]);
        assert_eq!(d.feed(&packet(code::COMMAND_KEYS, &[0b100])), vec![ev(10, true)]);
        // Ten front keys: the second byte holds keys 1-8, the first 9-10.
        assert_eq!(d.feed(&packet(code::FRONT10, &[0b10, 0b1])), vec![ev(15, true), ev(24, true)]);
        assert_eq!(d.feed(&packet(code::BACK10, &[0b1, 0])), vec![ev(33, true)]);
        assert_eq!(d.feed(&packet(code::BACK6, &[0b100])), vec![ev(27, true)]);
        assert_eq!(number::END, 76);
    }

    #[test]
    fn garbage_and_cut_packets_are_skipped() {
        let mut d = Decoder::new();
        let mut bytes = vec![0x00, 0x41, ESC, ESC];
        // An identity cut short by the next packet.
        bytes.extend([ESC, 0x84, b'a', b'b']);
        bytes.extend(cell_count(20));
        assert_eq!(d.feed(&bytes), vec![Event::CellCount(20)]);
        assert_eq!(d.skipped(), 8);
        // A routing bitmap before the cell count is known ends at the next packet.
        let mut d = Decoder::new();
        let mut bytes = packet(code::ROUTING_KEYS, &[1, 2, 3]);
        bytes.extend(cell_count(40));
        assert_eq!(d.feed(&bytes), vec![Event::Other { code: 0x22, data: vec![1, 2, 3] }, Event::CellCount(40)]);
        // A module packet carries its length.
        let mut d = Decoder::new();
        let e = d.feed(&packet(code::MODULE_REGISTRATION, &[4, 1, 2, 3, 4]));
        assert_eq!(e, vec![Event::Other { code: 0x50, data: vec![4, 1, 2, 3, 4] }]);
    }

    #[test]
    fn the_fake_display_reads_host_packets() {
        let mut r = HostReader::new(3);
        let mut bytes = probe();
        bytes.extend(write_cells(&[1, ESC, 3]));
        let packets = r.feed(&bytes);
        let codes: Vec<u8> = packets.iter().map(|p| p.code).collect();
        assert_eq!(codes, vec![0x8A, 0x84, 0x01, 0x08, 0x50, 0x01]);
        assert_eq!(packets[2].data, vec![0]);
        assert_eq!(packets[5].data, vec![1, ESC, 3]);
        // A write split in the middle of its cells (and of a doubled ESC).
        let bytes = write_cells(&[ESC, 2, 3]);
        assert!(r.feed(&bytes[..3]).is_empty());
        let p = r.feed(&bytes[3..]);
        assert_eq!(p, vec![HostPacket { code: 0x01, data: vec![ESC, 2, 3] }]);
    }
}
