//! The HandyTech protocol (Braille Star, Active Braille, Basic Braille,
//! Braille Wave, Modular...), sans-I/O. 19200 baud, 8 data bits, odd parity,
//! 1 stop bit is the serial port's business.
//!
//! The host resets the display with 0xFF; the display answers 0xFE and its
//! model id, which gives the cell count ([`MODELS`]). Older models take a
//! write as 0x01, the status cells, the text cells; newer ones as an
//! extended packet 0x79, model, length, 0x01, cells, 0x16 (SYN). The display
//! answers each write with 0x7E (ACK) or 0x7D (NAK), plainly or inside an
//! extended confirmation packet: [`Link`] keeps one write in flight, sends
//! only the newest cells after an ACK, repeats a write after a NAK or when
//! no answer came in time. Keys arrive one byte per event, +0x80 on release;
//! routing keys are 0x20 + cell; newer models wrap key bytes in an extended
//! key packet.
//!
//! Facts from BRLTTY's HandyTech driver (Drivers/Braille/HandyTech), read,
//! not copied.

// Without the serial driver, the codec is built and tested but nothing opens a port.
#![cfg_attr(not(feature = "serial"), allow(dead_code))]

use std::time::Duration;

use super::Cell;
use super::keys::{Key, KeyEvent};

/// The host's reset request, which the display answers with its model.
pub const RESET: u8 = 0xFF;
/// The display's answer to a reset, followed by its model id.
pub const OK: u8 = 0xFE;
pub(crate) const BRAILLE: u8 = 0x01;
pub(crate) const EXTENDED: u8 = 0x79;
/// The display refused a write.
pub const NAK: u8 = 0x7D;
/// The display took a write.
pub const ACK: u8 = 0x7E;
/// The last byte of an extended packet.
pub const SYN: u8 = 0x16;
pub(crate) const KEY_RELEASE: u8 = 0x80;
/// The key byte of the first routing key (0x20 + cell).
pub const KEY_ROUTING: u8 = 0x20;

/// Extended packet types.
pub mod ext {
    /// A write of cells.
    pub const BRAILLE: u8 = 0x01;
    /// A key byte.
    pub const KEY: u8 = 0x04;
    /// An ACK or NAK of a write.
    pub const CONFIRMATION: u8 = 0x07;
    /// The protocol properties of newer models (the cell count among them).
    pub const PROTOCOL_PROPERTIES: u8 = 0xC1;
}

/// A HandyTech model.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// The model id the display answers a reset with.
    pub id: u8,
    /// The model's name.
    pub name: &'static str,
    /// How many text cells it has.
    pub text_cells: u8,
    /// How many status cells it has.
    pub status_cells: u8,
    /// Writes go in extended packets.
    pub extended: bool,
}

const fn m(id: u8, name: &'static str, text_cells: u8, status_cells: u8, extended: bool) -> Model {
    Model { id, name, text_cells, status_cells, extended }
}

/// The models and their cells (the Bookworm, with its own key scheme, is
/// left out).
pub const MODELS: &[Model] = &[
    m(0x80, "Modular 20+4", 20, 4, false),
    m(0x89, "Modular 40+4", 40, 4, false),
    m(0x88, "Modular 80+4", 80, 4, false),
    m(0x36, "Modular Evolution 64", 64, 0, true),
    m(0x38, "Modular Evolution 88", 88, 0, true),
    m(0x05, "Braille Wave", 40, 0, false),
    m(0x72, "Braillino", 20, 0, false),
    m(0x74, "Braille Star 40", 40, 0, false),
    m(0x78, "Braille Star 80", 80, 0, false),
    m(0x44, "Easy Braille", 40, 0, true),
    m(0x54, "Active Braille", 40, 0, true),
    m(0x81, "Basic Braille 16", 16, 0, true),
    m(0x82, "Basic Braille 20", 20, 0, true),
    m(0x83, "Basic Braille 32", 32, 0, true),
    m(0x84, "Basic Braille 40", 40, 0, true),
    m(0x8A, "Basic Braille 48", 48, 0, true),
    m(0x86, "Basic Braille 64", 64, 0, true),
    m(0x87, "Basic Braille 80", 80, 0, true),
    m(0x8B, "Basic Braille 160", 160, 0, true),
    m(0x92, "Basic Braille Plus 20", 20, 0, true),
    m(0x93, "Basic Braille Plus 32", 32, 0, true),
    m(0x94, "Basic Braille Plus 40", 40, 0, true),
    m(0x9A, "Basic Braille Plus 48", 48, 0, true),
    m(0x96, "Basic Braille Plus 64", 64, 0, true),
    m(0x97, "Basic Braille Plus 80", 80, 0, true),
    m(0x9C, "Basic Braille Plus 84", 84, 0, true),
    m(0x61, "Actilino", 16, 0, true),
    m(0xA4, "Activator", 40, 0, true),
    m(0xA6, "Activator Pro 64", 64, 0, true),
    m(0xA8, "Activator Pro 80", 80, 0, true),
    m(0x64, "Active Star 40", 40, 0, true),
    m(0x3A, "Modular Connect 88", 88, 0, true),
    m(0x55, "Connect Braille 40", 40, 0, true),
];

/// The model with id `id`.
pub fn model(id: u8) -> Option<&'static Model> {
    MODELS.iter().find(|m| m.id == id)
}

/// The bytes of a write of `cells` (padded or cut to the text cells; the
/// status cells are left blank).
pub fn write_packet(model: &Model, cells: &[Cell]) -> Vec<u8> {
    let n = usize::from(model.text_cells);
    let mut text = cells[..cells.len().min(n)].to_vec();
    text.resize(n, 0);
    if model.extended {
        let mut p = vec![EXTENDED, model.id, model.text_cells.wrapping_add(1), ext::BRAILLE];
        p.extend(text);
        p.push(SYN);
        p
    } else {
        let mut p = vec![BRAILLE];
        p.extend(std::iter::repeat_n(0, usize::from(model.status_cells)));
        p.extend(text);
        p
    }
}

/// The key a key byte (release bit cleared) names: a routing key when the
/// byte is within the routing keys of a display of `routing_cells` cells,
/// else the key whose number is the byte (as BRLTTY's HandyTech driver
/// numbers them; the key tables of `braille/keys/` name them per model).
fn key_of_code(code: u8, routing_cells: u8) -> Key {
    match code.checked_sub(KEY_ROUTING) {
        Some(cell) if cell < routing_cells => Key::Routing(cell),
        _ => Key::Nav(code),
    }
}

/// What a HandyTech display said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The answer to a reset: the model.
    Identified(&'static Model),
    /// The answer to a reset from a model tiflo does not know.
    UnknownModel(u8),
    /// The display took the last write.
    Ack,
    /// The display refused the last write.
    Nak,
    /// The cell count in the protocol properties of newer models.
    CellCount(u8),
    /// A key pressed or released.
    Key(KeyEvent),
    /// An extended packet tiflo does not use.
    Other(Vec<u8>),
}

/// A write waiting for its answer.
#[derive(Clone, Debug)]
struct InFlight {
    packet: Vec<u8>,
    sent: Duration,
}

/// The host side of one HandyTech display: decoding, and the pacing of
/// writes (one in flight).
#[derive(Clone, Debug)]
pub struct Link {
    model: Option<&'static Model>,
    buf: Vec<u8>,
    reset_sent: Option<Duration>,
    in_flight: Option<InFlight>,
    /// The newest cells not yet sent.
    pending: Option<Vec<Cell>>,
    /// The cells of the last write, to send again after a NAK or when the
    /// display announces itself again.
    last: Vec<Cell>,
    /// The keys held down, released when the display announces itself again.
    held: Vec<Key>,
    skipped: usize,
    /// How long to wait for an answer before writing again.
    pub(crate) ack_timeout: Duration,
    /// How long to wait for the answer to a reset before resetting again.
    pub(crate) reset_timeout: Duration,
}

impl Default for Link {
    fn default() -> Link {
        Link::new()
    }
}

impl Link {
    /// A link that has not reset the display yet.
    pub fn new() -> Link {
        Link {
            model: None,
            buf: Vec::new(),
            reset_sent: None,
            in_flight: None,
            pending: None,
            last: Vec::new(),
            held: Vec::new(),
            skipped: 0,
            ack_timeout: Duration::from_millis(1000),
            reset_timeout: Duration::from_millis(1000),
        }
    }

    /// The model, once identified.
    pub fn model(&self) -> Option<&'static Model> {
        self.model
    }

    /// Bytes of unknown meaning skipped so far.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// Whether a write waits for its answer.
    pub(crate) fn write_in_flight(&self) -> bool {
        self.in_flight.is_some()
    }

    /// Asks to show `cells`; a write not yet sent is replaced.
    pub fn show(&mut self, cells: &[Cell]) {
        self.pending = Some(cells.to_vec());
    }

    /// The bytes to send now, if any: the reset until the display answers,
    /// then the newest cells when no write is in flight, or the write again
    /// when its answer is late.
    pub(crate) fn poll_transmit(&mut self, now: Duration) -> Option<Vec<u8>> {
        let Some(model) = self.model else {
            let due = self.reset_sent.is_none_or(|t| now.saturating_sub(t) >= self.reset_timeout);
            if due {
                self.reset_sent = Some(now);
                return Some(vec![RESET]);
            }
            return None;
        };
        if let Some(f) = &mut self.in_flight {
            if now.saturating_sub(f.sent) >= self.ack_timeout {
                f.sent = now;
                return Some(f.packet.clone());
            }
            return None;
        }
        let cells = self.pending.take()?;
        let packet = write_packet(model, &cells);
        self.last = cells;
        self.in_flight = Some(InFlight { packet: packet.clone(), sent: now });
        Some(packet)
    }

    #[cfg(test)]
    /// When to call [`Link::poll_transmit`] again at the latest.
    pub(crate) fn poll_timeout(&self) -> Option<Duration> {
        match (self.model, &self.in_flight) {
            (None, _) => Some(self.reset_sent.map_or(Duration::ZERO, |t| t + self.reset_timeout)),
            (Some(_), Some(f)) => Some(f.sent + self.ack_timeout),
            (Some(_), None) => None,
        }
    }

    /// Feeds bytes read from the display; returns its events.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(&first) = self.buf.first() {
            let need = match first {
                OK => 2,
                EXTENDED => match self.buf.get(2) {
                    Some(&len) => 4 + usize::from(len),
                    None => break,
                },
                _ => 1,
            };
            if self.buf.len() < need {
                break;
            }
            let p: Vec<u8> = self.buf.drain(..need).collect();
            match first {
                OK => {
                    self.in_flight = None;
                    match model(p[1]) {
                        Some(m) => {
                            // A display that announces itself again (it was
                            // switched off and on, or reset itself) has lost
                            // its cells and its keys: they are released and
                            // the cells written again at once, as BRLTTY's
                            // driver does on an unsolicited identity.
                            if self.model.is_some() {
                                out.extend(self.held.drain(..).map(|key| Event::Key(KeyEvent { key, pressed: false })));
                                if self.pending.is_none() {
                                    self.pending = Some(self.last.clone());
                                }
                            }
                            self.model = Some(m);
                            out.push(Event::Identified(m));
                        }
                        None => out.push(Event::UnknownModel(p[1])),
                    }
                }
                EXTENDED => {
                    if p[need - 1] != SYN || p[2] == 0 {
                        // Not a packet: drop its first byte and look again.
                        self.skipped += 1;
                        let rest: Vec<u8> = p[1..].to_vec();
                        self.buf.splice(..0, rest);
                        continue;
                    }
                    let kind = p[3];
                    let data = &p[4..need - 1];
                    match (kind, data.first()) {
                        (ext::CONFIRMATION, Some(&ACK)) => out.push(self.acked()),
                        (ext::CONFIRMATION, Some(&NAK)) => out.push(self.nacked()),
                        (ext::KEY, Some(&b)) => out.push(self.key(b)),
                        (ext::PROTOCOL_PROPERTIES, _) if data.len() >= 3 => out.push(Event::CellCount(data[2])),
                        _ => out.push(Event::Other(p.clone())),
                    }
                }
                ACK => out.push(self.acked()),
                NAK => out.push(self.nacked()),
                b => out.push(self.key(b)),
            }
        }
        out
    }

    fn acked(&mut self) -> Event {
        self.in_flight = None;
        Event::Ack
    }

    fn nacked(&mut self) -> Event {
        // Write again: the newest cells if any, else the refused ones.
        self.in_flight = None;
        if self.pending.is_none() {
            self.pending = Some(std::mem::take(&mut self.last));
        }
        Event::Nak
    }

    fn key(&mut self, byte: u8) -> Event {
        let pressed = byte & KEY_RELEASE == 0;
        let code = byte & !KEY_RELEASE;
        let cells = self.model.map_or(u8::MAX - KEY_ROUTING, |m| m.text_cells);
        let key = key_of_code(code, cells);
        self.held.retain(|&k| k != key);
        if pressed {
            self.held.push(key);
        }
        Event::Key(KeyEvent { key, pressed })
    }
}

#[cfg(any(test, feature = "testkit"))]
/// The display side, for fake displays in tests.
pub mod display {
    use super::*;

    /// The answer to a reset.
    pub fn identify(model: &Model) -> Vec<u8> {
        vec![OK, model.id]
    }

    /// A key byte: pressed, or released (+0x80).
    pub fn key(code: u8, pressed: bool) -> u8 {
        if pressed { code } else { code | KEY_RELEASE }
    }

    /// An extended key packet.
    pub fn extended_key(model: &Model, code: u8, pressed: bool) -> Vec<u8> {
        vec![EXTENDED, model.id, 2, ext::KEY, key(code, pressed), SYN]
    }

    /// An extended confirmation (ACK or NAK).
    pub fn confirmation(model: &Model, answer: u8) -> Vec<u8> {
        vec![EXTENDED, model.id, 2, ext::CONFIRMATION, answer, SYN]
    }

    /// The text cells of a write packet, if `bytes` is one for `model`.
    pub fn cells_of_write(model: &Model, bytes: &[u8]) -> Option<Vec<Cell>> {
        let n = usize::from(model.text_cells);
        if model.extended {
            let ok = bytes.len() == n + 5
                && bytes[..4] == [EXTENDED, model.id, model.text_cells.wrapping_add(1), ext::BRAILLE]
                && bytes[n + 4] == SYN;
            ok.then(|| bytes[4..4 + n].to_vec())
        } else {
            let s = usize::from(model.status_cells);
            (bytes.len() == 1 + s + n && bytes[0] == BRAILLE).then(|| bytes[1 + s..].to_vec())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::display::*;
    use super::*;

    const T0: Duration = Duration::ZERO;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn identified(id: u8) -> Link {
        let mut l = Link::new();
        assert_eq!(l.poll_transmit(T0), Some(vec![RESET]));
        let m = model(id).unwrap();
        assert_eq!(l.feed(&identify(m)), vec![Event::Identified(m)]);
        l
    }

    #[test]
    fn reset_until_the_model_answers() {
        let mut l = Link::new();
        l.show(&[1, 2, 3]);
        assert_eq!(l.poll_transmit(T0), Some(vec![RESET]));
        assert_eq!(l.poll_transmit(ms(500)), None);
        assert_eq!(l.poll_timeout(), Some(ms(1000)));
        assert_eq!(l.poll_transmit(ms(1000)), Some(vec![RESET]));
        assert_eq!(l.feed(&[OK, 0x99]), vec![Event::UnknownModel(0x99)]);
        assert_eq!(l.feed(&[OK, 0x74]), vec![Event::Identified(model(0x74).unwrap())]);
        // The cells asked for before identification are written now.
        let p = l.poll_transmit(ms(1001)).unwrap();
        assert_eq!(p.len(), 41);
        assert_eq!(&p[..4], &[BRAILLE, 1, 2, 3]);
    }

    #[test]
    fn every_model_gives_its_cell_count_and_write_packet() {
        for m in MODELS {
            let l = identified(m.id);
            assert_eq!(l.model().unwrap().text_cells, m.text_cells);
            let cells: Vec<u8> = (0..m.text_cells).collect();
            let p = write_packet(m, &cells);
            assert_eq!(cells_of_write(m, &p), Some(cells.clone()), "{}", m.name);
            if m.extended {
                assert_eq!(p.len(), usize::from(m.text_cells) + 5);
                assert_eq!(*p.last().unwrap(), SYN);
            } else {
                assert_eq!(p.len(), 1 + usize::from(m.status_cells) + usize::from(m.text_cells));
            }
        }
        let ids: Vec<u8> = MODELS.iter().map(|m| m.id).collect();
        assert!(ids.iter().enumerate().all(|(i, id)| !ids[..i].contains(id)));
    }

    #[test]
    fn one_write_in_flight_and_only_the_newest_cells_follow() {
        let mut l = identified(0x74);
        l.show(&[1]);
        let first = l.poll_transmit(ms(10)).unwrap();
        assert_eq!(first[1], 1);
        l.show(&[2]);
        l.show(&[3]);
        assert_eq!(l.poll_transmit(ms(20)), None, "a write is in flight");
        assert!(l.write_in_flight());
        assert_eq!(l.feed(&[ACK]), vec![Event::Ack]);
        let next = l.poll_transmit(ms(30)).unwrap();
        assert_eq!(next[1], 3, "only the newest cells");
        assert_eq!(l.feed(&[ACK]), vec![Event::Ack]);
        assert_eq!(l.poll_transmit(ms(40)), None);
        assert_eq!(l.poll_timeout(), None);
    }

    #[test]
    fn a_nak_or_a_lost_answer_writes_again() {
        let mut l = identified(0x74);
        l.show(&[5]);
        let p = l.poll_transmit(ms(0)).unwrap();
        assert_eq!(l.feed(&[NAK]), vec![Event::Nak]);
        assert_eq!(l.poll_transmit(ms(1)).unwrap(), p);
        // No answer: the same write after the timeout.
        assert_eq!(l.poll_transmit(ms(500)), None);
        assert_eq!(l.poll_timeout(), Some(ms(1001)));
        assert_eq!(l.poll_transmit(ms(1001)).unwrap(), p);
        // A NAK with newer cells waiting sends the newer cells.
        l.show(&[6]);
        l.feed(&[NAK]);
        assert_eq!(l.poll_transmit(ms(1002)).unwrap()[1], 6);
    }

    #[test]
    fn extended_models_answer_in_extended_packets() {
        let mut l = identified(0x54);
        let m = l.model().unwrap();
        l.show(&[7; 40]);
        let p = l.poll_transmit(ms(0)).unwrap();
        assert_eq!(&p[..4], &[EXTENDED, 0x54, 41, ext::BRAILLE]);
        assert_eq!(l.feed(&confirmation(m, ACK)), vec![Event::Ack]);
        assert!(!l.write_in_flight());
        let ev = l.feed(&extended_key(m, KEY_ROUTING + 39, true));
        assert_eq!(ev, vec![Event::Key(KeyEvent { key: Key::Routing(39), pressed: true })]);
        let props = [EXTENDED, 0x54, 4, ext::PROTOCOL_PROPERTIES, 1, 0, 40, SYN];
        assert_eq!(l.feed(&props), vec![Event::CellCount(40)]);
    }

    #[test]
    fn key_bytes_with_release_bit() {
        let mut l = identified(0x84);
        let ev = l.feed(&[
            key(KEY_ROUTING, true),
            key(KEY_ROUTING, false),
            key(KEY_ROUTING + 39, true),
            key(0x0F, true),
            key(0x10, false),
            key(0x04, true),
        ]);
        let keys: Vec<(Key, bool)> = ev
            .into_iter()
            .map(|e| match e {
                Event::Key(k) => (k.key, k.pressed),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            keys,
            vec![
                (Key::Routing(0), true),
                (Key::Routing(0), false),
                (Key::Routing(39), true),
                (Key::Nav(0x0F), true),
                (Key::Nav(0x10), false),
                (Key::Nav(0x04), true),
            ]
        );
        // Routing codes beyond the display are other keys (0x20 + 40).
        assert_eq!(l.feed(&[0x48]), vec![Event::Key(KeyEvent { key: Key::Nav(0x48), pressed: true })]);
    }

    /// BRLTTY's driver writes the cells again when the display sends its
    /// identity unasked (`HT_PKT_OK` in `brl_readCommand`), and releases
    /// the keys held: so does the link, without waiting for new cells.
    #[test]
    fn a_display_that_announces_itself_again_is_redrawn_at_once() {
        for id in [0x74u8, 0x54] {
            let mut l = identified(id);
            let m = l.model().unwrap();
            l.show(&[1, 2, 3]);
            let first = l.poll_transmit(ms(0)).unwrap();
            let ack = if m.extended { confirmation(m, ACK) } else { vec![ACK] };
            assert_eq!(l.feed(&ack), vec![Event::Ack]);
            assert_eq!(l.poll_transmit(ms(1)), None, "nothing new to write");
            // B4 held down when the display resets itself.
            l.feed(&[key(0x0F, true)]);
            let events = l.feed(&identify(m));
            assert_eq!(
                events,
                vec![Event::Key(KeyEvent { key: Key::Nav(0x0F), pressed: false }), Event::Identified(m)],
                "{}",
                m.name
            );
            assert_eq!(l.poll_transmit(ms(2)), Some(first.clone()), "{}: the same cells again", m.name);
            // A write in flight when it announces itself is written again too.
            l.feed(&identify(m));
            assert_eq!(l.poll_transmit(ms(3)), Some(first), "{}", m.name);
        }
    }

    #[test]
    fn split_and_broken_input() {
        let mut l = identified(0x54);
        let m = l.model().unwrap();
        let bytes = extended_key(m, 0x20, true);
        for b in &bytes[..bytes.len() - 1] {
            assert!(l.feed(&[*b]).is_empty());
        }
        assert_eq!(l.feed(&bytes[bytes.len() - 1..]).len(), 1);
        // A 0x79 that does not end in SYN is not a packet: its bytes are read again.
        let ev = l.feed(&[EXTENDED, 0x54, 1, 0x20, 0x21]);
        assert_eq!(l.skipped(), 1);
        assert_eq!(ev.len(), 4);
    }
}
