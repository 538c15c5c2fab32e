//! Keys of braille displays as press and release events.
//!
//! Displays report keys either as state bitmaps (Baum: the state of a whole
//! group after every change; events come from comparing it with the previous
//! state) or as one byte per event (HandyTech). Both become [`KeyEvent`]s
//! naming a key as BRLTTY's driver for the display numbers it, so that the
//! key tables of `braille/keys/` (see [`super::keytable`]) can name it as
//! BRLTTY's key tables do.

use super::Cell;

/// A key of a braille display.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    /// The routing key above cell `n` (0 is the leftmost cell).
    Routing(u8),
    /// Any other key, by its number in BRLTTY's driver: a HandyTech key is
    /// the byte the display sends for it (B1 is 0x03); a Baum key is its
    /// group's first number plus its bit (see `baum::number`).
    Nav(u8),
}

/// A key pressed or released.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeyEvent {
    /// The key.
    pub key: Key,
    /// Pressed (`true`) or released.
    pub pressed: bool,
}

/// The events between two states of a key group bitmap (bit `n % 8` of
/// byte `n / 8` is key `n`): releases first, then presses, each in key
/// order. `old` becomes `new` (both are `count` keys long; missing bytes
/// are released keys).
pub(crate) fn diff_bitmap(old: &mut [u8], new: &[u8], count: usize, key: impl Fn(usize) -> Key, out: &mut Vec<KeyEvent>) {
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

/// What the braille keyboard typed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The dots pressed together.
    Cell(Cell),
    /// The space bar alone.
    Space,
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
}
