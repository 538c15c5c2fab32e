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

/// What the talk key of push to talk did ([`TalkKey`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TalkEdge {
    /// It went down with no other key held: listen from now.
    Down,
    /// It came up: what was said while it was down is decided now. With
    /// `then`, the action after this one in the same list is what the key
    /// does on its own (dot 8 alone: enter), to be done only when the press
    /// was not taken for talking.
    Up {
        /// The next action is the key's own.
        then: bool,
    },
    /// Another key went down with it: a chord, not talking (what was heard
    /// since it went down is dropped).
    Chord,
}

/// The talk key of push to talk, picked out of a display's key events
/// before they reach its key table ([`super::keytable::Keymap`]): pressed
/// while no other key is held, it is the talk key, held back from the key
/// table until it is released, and its press and release come out as
/// [`TalkStep`]s. A routing key pressed meanwhile acts on its own (a square
/// can be read while talking); any other key makes a chord: the talk is
/// cancelled and the talk key goes to the key table with the new key, so a
/// cell typed with dot 8 pressed a moment first is still typed. Pressed
/// while other keys are held, it is an ordinary key.
#[derive(Clone, Debug)]
pub struct TalkKey {
    key: Key,
    /// The keys held down now, the talk key among them.
    held: Vec<Key>,
    /// The talk key is down and taken for talking.
    talking: bool,
}

/// What [`TalkKey::feed`] passes on, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TalkStep {
    /// A key event for the key table.
    Key(KeyEvent),
    /// The talk key went down with no other key held.
    Down,
    /// The talk key taken for talking came up.
    Up,
    /// Another key joined the talk key: a chord.
    Chord,
}

impl TalkKey {
    /// Watches for `key` as the talk key.
    pub fn new(key: Key) -> TalkKey {
        TalkKey { key, held: Vec::new(), talking: false }
    }

    /// The talk key.
    pub fn key(&self) -> Key {
        self.key
    }

    /// One key event; what goes on to the key table and the talk edges.
    pub fn feed(&mut self, e: KeyEvent) -> Vec<TalkStep> {
        let was_held = self.held.contains(&e.key);
        if e.pressed && !was_held {
            self.held.push(e.key);
        } else if !e.pressed {
            self.held.retain(|&k| k != e.key);
        }
        if e.key == self.key {
            if e.pressed && was_held && self.talking {
                return Vec::new();
            }
            if e.pressed && !was_held && self.held.len() == 1 {
                self.talking = true;
                return vec![TalkStep::Down];
            }
            if !e.pressed && self.talking {
                self.talking = false;
                return vec![TalkStep::Up];
            }
            return vec![TalkStep::Key(e)];
        }
        if self.talking && e.pressed && !was_held && !matches!(e.key, Key::Routing(_)) {
            self.talking = false;
            return vec![
                TalkStep::Chord,
                TalkStep::Key(KeyEvent { key: self.key, pressed: true }),
                TalkStep::Key(e),
            ];
        }
        vec![TalkStep::Key(e)]
    }
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
    fn ev(key: Key, pressed: bool) -> KeyEvent {
        KeyEvent { key, pressed }
    }

    #[test]
    fn the_talk_key_alone_goes_down_and_up_and_a_dot_with_it_makes_a_chord() {
        let talk = Key::Nav(16);
        let dot1 = Key::Nav(9);
        let mut t = TalkKey::new(talk);
        // Alone: down and up, nothing for the key table.
        assert_eq!(t.feed(ev(talk, true)), vec![TalkStep::Down]);
        assert_eq!(t.feed(ev(talk, true)), vec![], "a repeated press is no second talk");
        assert_eq!(t.feed(ev(talk, false)), vec![TalkStep::Up]);
        // A routing key while talking acts on its own.
        assert_eq!(t.feed(ev(talk, true)), vec![TalkStep::Down]);
        assert_eq!(t.feed(ev(Key::Routing(3), true)), vec![TalkStep::Key(ev(Key::Routing(3), true))]);
        assert_eq!(t.feed(ev(Key::Routing(3), false)), vec![TalkStep::Key(ev(Key::Routing(3), false))]);
        assert_eq!(t.feed(ev(talk, false)), vec![TalkStep::Up]);
        // A dot pressed while it is held: a chord, the talk key handed back
        // to the key table before the dot.
        assert_eq!(t.feed(ev(talk, true)), vec![TalkStep::Down]);
        assert_eq!(
            t.feed(ev(dot1, true)),
            vec![TalkStep::Chord, TalkStep::Key(ev(talk, true)), TalkStep::Key(ev(dot1, true))]
        );
        assert_eq!(t.feed(ev(talk, false)), vec![TalkStep::Key(ev(talk, false))]);
        assert_eq!(t.feed(ev(dot1, false)), vec![TalkStep::Key(ev(dot1, false))]);
        // Pressed after another key: an ordinary key.
        assert_eq!(t.feed(ev(dot1, true)), vec![TalkStep::Key(ev(dot1, true))]);
        assert_eq!(t.feed(ev(talk, true)), vec![TalkStep::Key(ev(talk, true))]);
        assert_eq!(t.feed(ev(talk, false)), vec![TalkStep::Key(ev(talk, false))]);
        assert_eq!(t.feed(ev(dot1, false)), vec![TalkStep::Key(ev(dot1, false))]);
        // A release never pressed passes as it is.
        assert_eq!(t.feed(ev(talk, false)), vec![TalkStep::Key(ev(talk, false))]);
    }
}
