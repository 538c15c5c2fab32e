//! Keys of braille displays as press and release events, and the braille
//! keyboard's chords as typed cells.
//!
//! Displays report keys either as state bitmaps (Baum: the state of a whole
//! group after every change; events come from comparing it with the previous
//! state) or as one byte per event (HandyTech). Both become [`KeyEvent`]s.

use super::Cell;

/// A joystick direction or its press.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stick {
    Up,
    Left,
    Down,
    Right,
    Press,
}

/// A key of a braille display.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// The routing key above cell `n` (0 is the leftmost cell).
    Routing(u8),
    /// Baum display (panning) key 1-8.
    Display(u8),
    /// Baum command key 1-7.
    Command(u8),
    /// Baum thumb key B9-B12.
    Thumb(u8),
    /// Baum function key F1-F4.
    Function(u8),
    /// A braille keyboard dot key, 1-8.
    Dot(u8),
    /// The braille keyboard's space bar.
    Space,
    Joystick(Stick),
    /// Another HandyTech key, by its code (B1 is 0x03 ...).
    HandyTech(u8),
}

/// A key pressed or released.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeyEvent {
    pub key: Key,
    pub pressed: bool,
}

/// The events between two states of a key group bitmap (bit `n % 8` of
/// byte `n / 8` is key `n`): releases first, then presses, each in key
/// order. `old` becomes `new` (both are `count` keys long; missing bytes
/// are released keys).
pub fn diff_bitmap(old: &mut [u8], new: &[u8], count: usize, key: impl Fn(usize) -> Key, out: &mut Vec<KeyEvent>) {
    let bit = |bytes: &[u8], n: usize| bytes.get(n / 8).is_some_and(|b| b & (1 << (n % 8)) != 0);
    let mut presses = Vec::new();
    for n in 0..count {
        let (was, is) = (bit(old, n), bit(new, n));
        if was != is {
            if is {
                presses.push(KeyEvent { key: key(n), pressed: true });
            } else {
                out.push(KeyEvent { key: key(n), pressed: false });
            }
            if let Some(b) = old.get_mut(n / 8) {
                *b ^= 1 << (n % 8);
            }
        }
    }
    out.extend(presses);
}

/// What a chord on the braille keyboard typed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The dots pressed together (with the space bar: still the cell).
    Cell(Cell),
    /// The space bar alone.
    Space,
}

/// Gathers the dot keys and the space bar held together; the chord is
/// typed when the last of them is released.
#[derive(Clone, Debug, Default)]
pub struct Chords {
    dots: Cell,
    space: bool,
    held: u8,
}

impl Chords {
    /// Feeds an event; returns what was typed when a chord ends. Other keys
    /// are ignored.
    pub fn feed(&mut self, e: KeyEvent) -> Option<Typed> {
        let dot = match e.key {
            Key::Dot(d @ 1..=8) => Some(d),
            Key::Space => None,
            _ => return None,
        };
        if e.pressed {
            self.held = self.held.saturating_add(1);
            match dot {
                Some(d) => self.dots |= 1 << (d - 1),
                None => self.space = true,
            }
            return None;
        }
        self.held = self.held.saturating_sub(1);
        if self.held > 0 {
            return None;
        }
        let typed = if self.dots != 0 {
            Some(Typed::Cell(self.dots))
        } else if self.space {
            Some(Typed::Space)
        } else {
            None
        };
        *self = Chords::default();
        typed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitmaps_give_releases_then_presses() {
        let mut old = vec![0b0000_0101, 0];
        let mut out = Vec::new();
        diff_bitmap(&mut old, &[0b0000_0110, 0b1], 12, |n| Key::Routing(n as u8), &mut out);
        assert_eq!(
            out,
            vec![
                KeyEvent { key: Key::Routing(0), pressed: false },
                KeyEvent { key: Key::Routing(1), pressed: true },
                KeyEvent { key: Key::Routing(8), pressed: true },
            ]
        );
        assert_eq!(old, vec![0b0000_0110, 0b1]);
        out.clear();
        diff_bitmap(&mut old, &[0b0000_0110, 0b1], 12, |n| Key::Routing(n as u8), &mut out);
        assert!(out.is_empty());
        // A short bitmap releases the keys it leaves out.
        diff_bitmap(&mut old, &[], 12, |n| Key::Routing(n as u8), &mut out);
        assert_eq!(out.len(), 3);
        assert!(out.iter().all(|e| !e.pressed));
    }

    #[test]
    fn a_chord_is_typed_when_its_last_key_is_released() {
        let mut c = Chords::default();
        let ev = |key, pressed| KeyEvent { key, pressed };
        assert_eq!(c.feed(ev(Key::Dot(1), true)), None);
        assert_eq!(c.feed(ev(Key::Dot(5), true)), None);
        assert_eq!(c.feed(ev(Key::Dot(1), false)), None);
        assert_eq!(c.feed(ev(Key::Routing(3), true)), None);
        assert_eq!(c.feed(ev(Key::Dot(5), false)), Some(Typed::Cell(0b10001)));
        assert_eq!(c.feed(ev(Key::Space, true)), None);
        assert_eq!(c.feed(ev(Key::Space, false)), Some(Typed::Space));
        // A release without a press types nothing.
        assert_eq!(c.feed(ev(Key::Dot(2), false)), None);
    }
}
