//! The serial driver: a Baum or HandyTech display on a serial port (or a
//! USB or Bluetooth serial device), over the `serialport` crate. The only
//! part of the braille module that touches a device; the protocols are the
//! sans-I/O codecs of [`baum`] and [`handytech`].
//!
//! Opening sets the protocol's line settings (Baum 19200 8N1, HandyTech
//! 19200 8O1) and identifies the display: the Baum probe until the cell
//! count (or an identity naming it) comes back, the HandyTech reset until
//! the model answers. Writes are padded or cut to the display's cells; a
//! HandyTech write waits for the previous one's answer and only the newest
//! cells follow. Keys come back from [`SerialDisplay::poll`].
//!
//! When BRLTTY holds the display this driver must not be used: two writers
//! on one port corrupt each other (BRLTTY does not lock the port).
//!
//! Without the `serial` feature there is no serial port crate:
//! [`SerialDisplay::open`] says serial displays are not built in
//! ([`crate::NotBuiltIn`]), which the display thread says once, as for a
//! display that is not plugged in.

#[cfg(feature = "serial")]
use std::io::Write;
use std::time::Duration;
#[cfg(feature = "serial")]
use std::time::Instant;

#[cfg(feature = "serial")]
use serialport::{DataBits, Parity, SerialPort, StopBits};

use super::Cell;
use super::display::{Action, Display, DisplayError};
#[cfg(feature = "serial")]
use super::display::HoldToTalk;
#[cfg(feature = "serial")]
use super::keys::{Key, KeyEvent, TalkEdge, TalkKey, TalkStep};
#[cfg(feature = "serial")]
use super::keytable::{KeyTable, Keymap};
#[cfg(feature = "serial")]
use super::{baum, handytech};
use crate::i18n::{Reason, Said};
#[cfg(feature = "serial")]
use crate::i18n::OsReason;

/// Which protocol a display speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The Baum protocol (ESC-framed packets).
    Baum,
    /// The HandyTech protocol.
    HandyTech,
}

impl std::str::FromStr for Protocol {
    type Err = SerialError;
    fn from_str(s: &str) -> Result<Protocol, SerialError> {
        match s.to_ascii_lowercase().as_str() {
            "baum" => Ok(Protocol::Baum),
            "handytech" | "ht" => Ok(Protocol::HandyTech),
            _ => Err(SerialError::UnknownProtocol(s.to_owned())),
        }
    }
}

/// What went wrong with a serial display.
#[derive(Debug, thiserror::Error)]
pub enum SerialError {
    #[cfg(feature = "serial")]
    /// The serial port could not be opened.
    #[error("braille display on {port}: {source}")]
    Open {
        /// The serial port's device path.
        port: String,
        /// What the serial port's library said.
        source: serialport::Error,
    },
    /// Reading from or writing to the display failed.
    #[error("braille display: {0}")]
    Io(#[from] std::io::Error),
    /// The serial port's library failed (setting up or using the port).
    #[cfg(feature = "serial")]
    #[error("braille display: {0}")]
    Port(#[from] serialport::Error),
    /// Serial displays are left out of this build (the `serial` feature).
    #[error("{0}")]
    NotBuiltIn(#[from] crate::NotBuiltIn),
    /// No display answered the identification request in time.
    #[error("no {protocol:?} braille display answered within {waited:?}")]
    NoAnswer {
        /// The protocol that was tried.
        protocol: Protocol,
        /// How long tiflo waited.
        waited: Duration,
    },
    /// A HandyTech display identified itself with a model number tiflo does not know.
    #[error("the HandyTech display's model {0:#04x} is unknown")]
    UnknownModel(u8),
    /// No key table is shipped for the named display.
    #[error("the {0} braille display has no key table")]
    NoKeyTable(String),
    /// A modular Baum Vario Pro (its cells), which only BRLTTY drives.
    #[error(
        "the braille display is a modular Baum Vario Pro ({0} cells), which tiflo's own driver does not drive: share it through BRLTTY (--braille brlapi)"
    )]
    BaumModular(u8),
    /// A protocol name that is not baum or handytech.
    #[error("unknown braille protocol `{0}` (known: baum, handytech)")]
    UnknownProtocol(String),
}

/// What the serial port's library said went wrong, as the system's kinds.
#[cfg(feature = "serial")]
pub(crate) fn port_reason(e: &serialport::Error) -> OsReason {
    match e.kind() {
        serialport::ErrorKind::NoDevice => OsReason::NotFound,
        serialport::ErrorKind::Io(kind) => OsReason::of_kind(kind, &e.description),
        _ => OsReason::Other(e.description.clone()),
    }
}

impl Reason for SerialError {
    fn said(&self) -> Said {
        match self {
            #[cfg(feature = "serial")]
            SerialError::Open { port, source } => {
                Said::new("why-braille-port").data("port", port.clone()).with("why", port_reason(source).said())
            }
            SerialError::Io(e) => Said::new("why-braille-failed").with("why", e.said()),
            #[cfg(feature = "serial")]
            SerialError::Port(e) => Said::new("why-braille-failed").with("why", port_reason(e).said()),
            SerialError::NoAnswer { protocol, waited } => Said::new("why-braille-no-answer")
                .data("protocol", protocol.name())
                .number("seconds", waited.as_secs_f64().ceil() as i64),
            SerialError::UnknownModel(model) => Said::new("why-braille-unknown-model").data("model", format!("{model:#04x}")),
            SerialError::NoKeyTable(name) => Said::new("why-braille-no-key-table").data("name", name.clone()),
            SerialError::BaumModular(cells) => Said::new("why-braille-baum-modular").number("cells", i64::from(*cells)),
            SerialError::NotBuiltIn(e) => e.said(),
            SerialError::UnknownProtocol(name) => Said::new("why-braille-unknown-protocol").data("name", name.clone()),
        }
    }
}

impl Protocol {
    /// The protocol's maker's name.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Baum => "Baum",
            Protocol::HandyTech => "HandyTech",
        }
    }
}

#[cfg(feature = "serial")]
enum Codec {
    Baum(baum::Decoder),
    HandyTech(handytech::Link),
}

#[cfg(feature = "serial")]
/// A braille display on a serial port, identified.
pub struct SerialDisplay {
    port: Box<dyn SerialPort>,
    codec: Codec,
    /// Text cells.
    cells: u8,
    /// Status cells, written after the text cells (Baum) or before them
    /// (HandyTech), left blank.
    status: u8,
    name: String,
    table: &'static KeyTable,
    start: Instant,
    keys: Vec<KeyEvent>,
}

#[cfg(feature = "serial")]
impl std::fmt::Debug for SerialDisplay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SerialDisplay")
            .field("name", &self.name)
            .field("cells", &self.cells)
            .field("status", &self.status)
            .field("keys", &self.table.file)
            .finish()
    }
}

#[cfg(feature = "serial")]
/// The serial line a protocol speaks on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineSettings {
    pub baud: u32,
    pub data_bits: DataBits,
    pub parity: Parity,
    pub stop_bits: StopBits,
}

#[cfg(feature = "serial")]
/// The line settings of `protocol`: Baum 19200 8N1, HandyTech 19200 8O1
/// (odd parity, as HandyTech displays and BRLTTY's driver use).
pub(crate) fn line_settings(protocol: Protocol) -> LineSettings {
    LineSettings {
        baud: 19200,
        data_bits: DataBits::Eight,
        parity: match protocol {
            Protocol::Baum => Parity::None,
            Protocol::HandyTech => Parity::Odd,
        },
        stop_bits: StopBits::One,
    }
}

#[cfg(feature = "serial")]
/// Sets the line settings of `protocol` ([`line_settings`]).
pub fn configure(port: &mut dyn SerialPort, protocol: Protocol) -> Result<(), SerialError> {
    let line = line_settings(protocol);
    port.set_baud_rate(line.baud)?;
    port.set_data_bits(line.data_bits)?;
    port.set_stop_bits(line.stop_bits)?;
    port.set_parity(line.parity)?;
    Ok(())
}

#[cfg(feature = "serial")]
impl SerialDisplay {
    /// Opens the port at `path` and identifies the display, waiting at most
    /// `wait` for it to answer.
    pub fn open(path: &str, protocol: Protocol, wait: Duration) -> Result<SerialDisplay, SerialError> {
        let port = serialport::new(path, 19200)
            .timeout(Duration::from_millis(50))
            .open()
            .map_err(|source| SerialError::Open { port: path.to_owned(), source })?;
        SerialDisplay::identify(port, protocol, wait)
    }

    /// Identifies the display on an open port (a pty in tests).
    pub fn identify(
        mut port: Box<dyn SerialPort>,
        protocol: Protocol,
        wait: Duration,
    ) -> Result<SerialDisplay, SerialError> {
        configure(port.as_mut(), protocol)?;
        port.set_timeout(Duration::from_millis(20))?;
        let start = Instant::now();
        let mut buf = [0u8; 256];
        let mut keys = Vec::new();
        match protocol {
            Protocol::Baum => {
                let mut dec = baum::Decoder::new();
                let mut identity = String::new();
                let mut last_probe: Option<Instant> = None;
                loop {
                    if last_probe.is_none_or(|t| t.elapsed() >= Duration::from_millis(500)) {
                        port.write_all(&baum::probe())?;
                        port.flush()?;
                        last_probe = Some(Instant::now());
                    }
                    let n = read_some(port.as_mut(), &mut buf)?;
                    for e in dec.feed(&buf[..n]) {
                        match e {
                            baum::Event::Identity(id) => identity = id,
                            baum::Event::Key(k) => keys.push(k),
                            // A display module of a Vario Pro: BRLTTY drives
                            // it through data registers, tiflo does not.
                            baum::Event::Other { code: baum::code::MODULE_REGISTRATION, data } => {
                                if let Some((_, cells)) = baum::display_module(&data) {
                                    return Err(SerialError::BaumModular(cells));
                                }
                            }
                            _ => {}
                        }
                    }
                    let waited = start.elapsed();
                    // The cell count is the answer; an identity naming a
                    // count stands in for it on older models (and one
                    // naming 80 cells is a Vario 80, as BRLTTY reads it).
                    let counted = dec.cells().filter(|&c| c > 0);
                    let named = (counted.is_none() && waited >= wait / 2)
                        .then(|| baum::identity_cells(&identity))
                        .flatten();
                    if let Some(total) = counted.or(named) {
                        dec.set_cells(total);
                        let device = match baum::Device::of_identity(&identity) {
                            baum::Device::Default if named == Some(84) => baum::Device::Vario80,
                            d => d,
                        };
                        let name = if identity.is_empty() { "Baum".to_owned() } else { identity };
                        let table = KeyTable::baum(device).ok_or_else(|| SerialError::NoKeyTable(name.clone()))?;
                        let cells = baum::text_cells(total);
                        return Ok(SerialDisplay {
                            port,
                            codec: Codec::Baum(dec),
                            cells,
                            status: total - cells,
                            name,
                            table,
                            start,
                            keys,
                        });
                    }
                    if waited >= wait {
                        return Err(SerialError::NoAnswer { protocol, waited });
                    }
                }
            }
            Protocol::HandyTech => {
                let mut link = handytech::Link::new();
                loop {
                    let now = start.elapsed();
                    if let Some(bytes) = link.poll_transmit(now) {
                        port.write_all(&bytes)?;
                        port.flush()?;
                    }
                    let n = read_some(port.as_mut(), &mut buf)?;
                    for e in link.feed(&buf[..n]) {
                        match e {
                            handytech::Event::Identified(m) => {
                                let table =
                                    KeyTable::handytech(m.id).ok_or_else(|| SerialError::NoKeyTable(m.name.into()))?;
                                return Ok(SerialDisplay {
                                    port,
                                    codec: Codec::HandyTech(link),
                                    cells: m.text_cells,
                                    status: m.status_cells,
                                    name: m.name.to_owned(),
                                    table,
                                    start,
                                    keys,
                                });
                            }
                            handytech::Event::UnknownModel(id) => return Err(SerialError::UnknownModel(id)),
                            handytech::Event::Key(k) => keys.push(k),
                            _ => {}
                        }
                    }
                    let waited = start.elapsed();
                    if waited >= wait {
                        return Err(SerialError::NoAnswer { protocol, waited });
                    }
                }
            }
        }
    }

    /// The display's text cells.
    pub fn cells(&self) -> u8 {
        self.cells
    }

    /// The display's status cells (left blank).
    pub fn status_cells(&self) -> u8 {
        self.status
    }

    /// The key table of the display's family.
    pub fn key_table(&self) -> &'static KeyTable {
        self.table
    }

    /// The display's name ("PocketVario 24", "Braille Star 40").
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Shows `cells` on the text cells (padded with blank cells or cut to
    /// them); the status cells stay blank.
    pub fn write(&mut self, cells: &[Cell]) -> Result<(), SerialError> {
        let mut line = cells[..cells.len().min(usize::from(self.cells))].to_vec();
        line.resize(usize::from(self.cells), 0);
        match &mut self.codec {
            Codec::Baum(_) => {
                // The status cells follow the text cells on the line.
                line.resize(usize::from(self.cells) + usize::from(self.status), 0);
                self.port.write_all(&baum::write_cells(&line))?;
                self.port.flush()?;
            }
            Codec::HandyTech(link) => {
                link.show(&line);
                self.pump()?;
            }
        }
        Ok(())
    }

    /// Sends what the HandyTech link has to send now.
    fn pump(&mut self) -> Result<(), SerialError> {
        if let Codec::HandyTech(link) = &mut self.codec
            && let Some(bytes) = link.poll_transmit(self.start.elapsed())
        {
            self.port.write_all(&bytes)?;
            self.port.flush()?;
        }
        Ok(())
    }

    /// Whether a HandyTech write still waits for its answer.
    pub fn busy(&self) -> bool {
        matches!(&self.codec, Codec::HandyTech(link) if link.write_in_flight())
    }

    /// Reads what the display sent within `wait` (at least one read) and
    /// returns its key events; answers and late writes are handled.
    pub fn poll(&mut self, wait: Duration) -> Result<Vec<KeyEvent>, SerialError> {
        let until = Instant::now() + wait;
        let mut buf = [0u8; 256];
        let mut keys = std::mem::take(&mut self.keys);
        loop {
            let n = read_some(self.port.as_mut(), &mut buf)?;
            match &mut self.codec {
                Codec::Baum(dec) => {
                    keys.extend(dec.feed(&buf[..n]).into_iter().filter_map(|e| match e {
                        baum::Event::Key(k) => Some(k),
                        _ => None,
                    }));
                }
                Codec::HandyTech(link) => {
                    keys.extend(link.feed(&buf[..n]).into_iter().filter_map(|e| match e {
                        handytech::Event::Key(k) => Some(k),
                        _ => None,
                    }));
                }
            }
            self.pump()?;
            // Routing keys over the status cells route nowhere.
            let text = self.cells;
            keys.retain(|k| !matches!(k.key, Key::Routing(n) if n >= text));
            if !keys.is_empty() || Instant::now() >= until {
                return Ok(keys);
            }
        }
    }
}

#[cfg(feature = "serial")]
/// One read; a timeout reads nothing.
fn read_some(port: &mut dyn SerialPort, buf: &mut [u8]) -> Result<usize, SerialError> {
    match port.read(buf) {
        Ok(n) => Ok(n),
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
            ) =>
        {
            Ok(0)
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(feature = "serial")]
/// A serial display as the daemon uses it: keys become actions through the
/// key table of its family ([`Keymap`]), as BRLTTY binds them; a port that
/// fails (unplugged) is [`DisplayError::Gone`]. With a talk key
/// ([`SerialBraille::with_talk_key`]) that key's press and release come
/// as [`Action::Talk`] (the wire reports both), for push to talk.
pub struct SerialBraille {
    display: SerialDisplay,
    keymap: Keymap,
    talk: Option<TalkKey>,
    hold: HoldToTalk,
}

#[cfg(feature = "serial")]
impl SerialBraille {
    /// Drives an opened display, with the key table its model uses.
    pub fn new(display: SerialDisplay) -> SerialBraille {
        let keymap = Keymap::new(display.key_table());
        SerialBraille { display, keymap, talk: None, hold: HoldToTalk::Off }
    }

    /// Holds the key the `talk-key` setting `name` names
    /// ([`KeyTable::talk_key`]) as the talk key; a display without such a
    /// key keeps its keys as they are and says so ([`Display::hold_to_talk`]).
    pub fn with_talk_key(mut self, name: &str) -> SerialBraille {
        match self.display.key_table().talk_key(name) {
            Some(key) => {
                self.talk = Some(TalkKey::new(key));
                self.hold = HoldToTalk::Yes;
            }
            None => self.hold = HoldToTalk::NoKey(name.trim().to_owned()),
        }
        self
    }

    /// The actions of one key event, the talk key picked out first.
    fn actions(&mut self, k: KeyEvent, out: &mut Vec<Action>) {
        let Some(talk) = self.talk.as_mut() else {
            out.extend(self.keymap.feed(k));
            return;
        };
        let key = talk.key();
        for step in talk.feed(k) {
            match step {
                TalkStep::Key(e) => out.extend(self.keymap.feed(e)),
                TalkStep::Down => out.push(Action::Talk(TalkEdge::Down)),
                TalkStep::Chord => out.push(Action::Talk(TalkEdge::Chord)),
                TalkStep::Up => {
                    let own = self.keymap.alone(key);
                    out.push(Action::Talk(TalkEdge::Up { then: own.is_some() }));
                    out.extend(own);
                }
            }
        }
    }
}

#[cfg(feature = "serial")]
fn gone(name: &str, e: SerialError) -> DisplayError {
    match e {
        SerialError::Io(_) | SerialError::Port(_) => DisplayError::Gone(name.to_owned()),
        other => DisplayError::Failed(other.to_string()),
    }
}

#[cfg(feature = "serial")]
impl Display for SerialBraille {
    fn name(&self) -> String {
        self.display.name().to_owned()
    }
    fn cells(&self) -> usize {
        usize::from(self.display.cells())
    }
    fn show(&mut self, cells: &[Cell]) -> Result<(), DisplayError> {
        let name = self.name();
        self.display.write(cells).map_err(|e| gone(&name, e))
    }
    fn hold_to_talk(&self) -> HoldToTalk {
        self.hold.clone()
    }
    fn poll(&mut self, wait: Duration) -> Result<Vec<Action>, DisplayError> {
        let name = self.name();
        let keys = self.display.poll(wait).map_err(|e| gone(&name, e))?;
        let mut out = Vec::new();
        for k in keys {
            self.actions(k, &mut out);
        }
        Ok(out)
    }
}

/// Without the `serial` feature: a display that cannot be opened (the type
/// has no value, so none of its methods can be reached).
#[cfg(not(feature = "serial"))]
#[derive(Debug)]
pub struct SerialDisplay {
    never: std::convert::Infallible,
}

#[cfg(not(feature = "serial"))]
impl SerialDisplay {
    /// Says that serial displays are not built in.
    pub fn open(_path: &str, _protocol: Protocol, _wait: Duration) -> Result<SerialDisplay, SerialError> {
        Err(crate::NotBuiltIn::new("serial").into())
    }

    /// Never called without the feature: no value of the type exists.
    pub fn cells(&self) -> u8 {
        match self.never {}
    }

    /// Never called without the feature: no value of the type exists.
    pub fn name(&self) -> &str {
        match self.never {}
    }
}

/// Without the `serial` feature: never made (see [`SerialDisplay`]).
#[cfg(not(feature = "serial"))]
pub struct SerialBraille {
    never: std::convert::Infallible,
}

#[cfg(not(feature = "serial"))]
impl SerialBraille {
    /// Drives an opened display, with the key table its model uses.
    pub fn new(display: SerialDisplay) -> SerialBraille {
        match display.never {}
    }

    /// Never called without the feature: no value of the type exists.
    pub fn with_talk_key(self, _name: &str) -> SerialBraille {
        match self.never {}
    }
}

#[cfg(not(feature = "serial"))]
impl Display for SerialBraille {
    fn name(&self) -> String {
        match self.never {}
    }
    fn cells(&self) -> usize {
        match self.never {}
    }
    fn show(&mut self, _cells: &[Cell]) -> Result<(), DisplayError> {
        match self.never {}
    }
    fn poll(&mut self, _wait: Duration) -> Result<Vec<Action>, DisplayError> {
        match self.never {}
    }
}

#[cfg(all(test, not(feature = "serial")))]
mod absent {
    use super::*;

    #[test]
    fn without_the_feature_a_serial_display_says_it_is_not_built_in() {
        match SerialDisplay::open("/dev/ttyUSB0", Protocol::Baum, Duration::ZERO) {
            Err(SerialError::NotBuiltIn(n)) => assert_eq!(n.feature, "serial"),
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("a serial display opened without the feature"),
        }
    }
}

#[cfg(all(test, feature = "serial"))]
mod tests {
    use super::*;

    #[test]
    fn handytech_speaks_odd_parity_and_baum_none() {
        let ht = line_settings(Protocol::HandyTech);
        assert_eq!((ht.baud, ht.data_bits, ht.parity, ht.stop_bits), (19200, DataBits::Eight, Parity::Odd, StopBits::One));
        let baum = line_settings(Protocol::Baum);
        assert_eq!((baum.baud, baum.data_bits, baum.parity, baum.stop_bits), (19200, DataBits::Eight, Parity::None, StopBits::One));
        // configure sets exactly these on the port.
        for protocol in [Protocol::HandyTech, Protocol::Baum] {
            let mut port = Line::default();
            configure(&mut port, protocol).expect("the line is set");
            assert_eq!(port.set, Some(line_settings(protocol)), "{protocol:?}");
        }
    }

    /// A port that keeps the line settings it is given (a pty cannot: Linux
    /// forces 8 bits without parity on pseudo-terminals).
    #[derive(Default)]
    struct Line {
        set: Option<LineSettings>,
    }

    impl Line {
        fn line(&mut self) -> &mut LineSettings {
            self.set.get_or_insert(LineSettings {
                baud: 0,
                data_bits: DataBits::Five,
                parity: Parity::Even,
                stop_bits: StopBits::Two,
            })
        }
    }

    impl std::io::Read for Line {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Ok(0)
        }
    }

    impl std::io::Write for Line {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    type R<T> = serialport::Result<T>;

    impl SerialPort for Line {
        fn name(&self) -> Option<String> {
            None
        }
        fn baud_rate(&self) -> R<u32> {
            Ok(self.set.map_or(0, |l| l.baud))
        }
        fn data_bits(&self) -> R<DataBits> {
            Ok(DataBits::Eight)
        }
        fn flow_control(&self) -> R<serialport::FlowControl> {
            Ok(serialport::FlowControl::None)
        }
        fn parity(&self) -> R<Parity> {
            Ok(Parity::None)
        }
        fn stop_bits(&self) -> R<StopBits> {
            Ok(StopBits::One)
        }
        fn timeout(&self) -> Duration {
            Duration::ZERO
        }
        fn set_baud_rate(&mut self, baud: u32) -> R<()> {
            self.line().baud = baud;
            Ok(())
        }
        fn set_data_bits(&mut self, bits: DataBits) -> R<()> {
            self.line().data_bits = bits;
            Ok(())
        }
        fn set_flow_control(&mut self, _: serialport::FlowControl) -> R<()> {
            Ok(())
        }
        fn set_parity(&mut self, parity: Parity) -> R<()> {
            self.line().parity = parity;
            Ok(())
        }
        fn set_stop_bits(&mut self, bits: StopBits) -> R<()> {
            self.line().stop_bits = bits;
            Ok(())
        }
        fn set_timeout(&mut self, _: Duration) -> R<()> {
            Ok(())
        }
        fn write_request_to_send(&mut self, _: bool) -> R<()> {
            Ok(())
        }
        fn write_data_terminal_ready(&mut self, _: bool) -> R<()> {
            Ok(())
        }
        fn read_clear_to_send(&mut self) -> R<bool> {
            Ok(false)
        }
        fn read_data_set_ready(&mut self) -> R<bool> {
            Ok(false)
        }
        fn read_ring_indicator(&mut self) -> R<bool> {
            Ok(false)
        }
        fn read_carrier_detect(&mut self) -> R<bool> {
            Ok(false)
        }
        fn bytes_to_read(&self) -> R<u32> {
            Ok(0)
        }
        fn bytes_to_write(&self) -> R<u32> {
            Ok(0)
        }
        fn clear(&self, _: serialport::ClearBuffer) -> R<()> {
            Ok(())
        }
        fn try_clone(&self) -> R<Box<dyn SerialPort>> {
            Err(serialport::Error::new(serialport::ErrorKind::Unknown, "not cloned"))
        }
        fn set_break(&self) -> R<()> {
            Ok(())
        }
        fn clear_break(&self) -> R<()> {
            Ok(())
        }
    }
}
