//! What every braille display driver offers the daemon: a line of cells to
//! show and the player's key presses as [`Action`]s.
//!
//! Drivers report keys in their own terms (Baum bitmaps, HandyTech codes,
//! BrlAPI command codes); each maps them onto the same few actions here, so
//! the daemon's braille front end never knows which display is plugged in.
//! The braille keyboard's chords arrive as typed cells; dot 7 alone is
//! erase and dot 8 alone is enter, as on BRLTTY's braille keyboards.

use std::time::Duration;

use super::Cell;
use super::keys::{Chords, Key, KeyEvent, Stick, Typed};

/// What the player asked for with the display's keys.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Pan to the previous part of the view.
    PanBack,
    /// Pan to the next part of the view.
    PanForward,
    /// The previous line of the view (the rank or file before).
    LineUp,
    /// The next line of the view.
    LineDown,
    /// The start of the view.
    Top,
    /// The end of the view.
    Bottom,
    /// The next view (last move, board, scoresheet, clocks, messages).
    NextView,
    /// The previous view.
    PreviousView,
    /// The routing key over cell `n` of the display (0 is the leftmost).
    Route(u8),
    /// A chord typed on the braille keyboard.
    Typed(Typed),
    /// Erase the last typed cell (dot 7 alone).
    Erase,
    /// Enter what was typed (dot 8 alone).
    Enter,
}

/// Why a display stopped working.
#[derive(Debug, thiserror::Error)]
pub enum DisplayError {
    /// The display went away (unplugged, BRLTTY stopped).
    #[error("the braille display {0} is gone")]
    Gone(String),
    /// Any other failure, in words.
    #[error("braille display: {0}")]
    Failed(String),
}

/// A braille display, identified and ready.
pub trait Display: Send {
    /// The display's name as the player knows it ("PocketVario 24").
    fn name(&self) -> String;
    /// How many text cells it has.
    fn cells(&self) -> usize;
    /// Shows `cells` (padded with blanks or cut to the display).
    fn show(&mut self, cells: &[Cell]) -> Result<(), DisplayError>;
    /// Waits at most `wait` for keys and returns what they ask for.
    fn poll(&mut self, wait: Duration) -> Result<Vec<Action>, DisplayError>;
}

/// Turns the key events of a display with a braille keyboard into actions.
///
/// The binding (see ARCHITECTURE.md): display keys 1 and 2 pan back and
/// forward on a display with two, and on a six-key Baum display key 1 pans
/// back, 2 and 3 go up and down a line, 4 pans forward, 5 and 6 change the
/// view; the joystick and the HandyTech keys go the same way. Routing keys
/// route; dot keys type.
#[derive(Clone, Debug, Default)]
pub struct Keymap {
    chords: Chords,
}

impl Keymap {
    /// The action of one key event, if it completes one. Actions happen
    /// when a key is pressed; chords when their last key is released.
    pub fn feed(&mut self, e: KeyEvent) -> Option<Action> {
        // A Baum display's B9 and B10, beside the joystick, are its space
        // bar (as BRLTTY's bm/b9b10.kti maps them).
        let e = match e.key {
            Key::Thumb(9 | 10) => KeyEvent { key: Key::Space, ..e },
            _ => e,
        };
        if matches!(e.key, Key::Dot(_) | Key::Space) {
            return match self.chords.feed(e)? {
                Typed::Cell(c) if c == super::DOT7 => Some(Action::Erase),
                Typed::Cell(c) if c == super::DOT8 => Some(Action::Enter),
                t => Some(Action::Typed(t)),
            };
        }
        if !e.pressed {
            return None;
        }
        Some(match e.key {
            Key::Routing(n) => Action::Route(n),
            Key::Display(1) | Key::Joystick(Stick::Left) | Key::Thumb(1) => Action::PanBack,
            Key::Display(4) | Key::Joystick(Stick::Right) | Key::Thumb(4) => Action::PanForward,
            Key::Display(2) | Key::Joystick(Stick::Up) | Key::Thumb(2) => Action::LineUp,
            Key::Display(3) | Key::Joystick(Stick::Down) | Key::Thumb(3) => Action::LineDown,
            Key::Display(5) | Key::Function(1) => Action::PreviousView,
            Key::Display(6) | Key::Joystick(Stick::Press) | Key::Function(2) => Action::NextView,
            Key::Function(3) => Action::Top,
            Key::Function(4) => Action::Bottom,
            Key::HandyTech(code) => handytech_action(code)?,
            _ => return None,
        })
    }
}

/// HandyTech navigation keys (the codes of BRLTTY's HandyTech driver):
/// the left rocker pans, the right rocker moves by line, the right space
/// bar of a Braille Star changes the view. The B keys are the braille
/// keyboard (see [`super::handytech`]).
fn handytech_action(code: u8) -> Option<Action> {
    Some(match code {
        0x0C => Action::PanBack,    // left rocker, top ("Escape")
        0x14 => Action::PanForward, // left rocker, bottom ("Return")
        0x04 => Action::LineUp,     // right rocker, top
        0x08 => Action::LineDown,   // right rocker, bottom
        0x18 => Action::NextView,   // right space bar
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(key: Key, pressed: bool) -> KeyEvent {
        KeyEvent { key, pressed }
    }

    #[test]
    fn keys_act_on_press_and_chords_on_release() {
        let mut k = Keymap::default();
        assert_eq!(k.feed(ev(Key::Routing(5), true)), Some(Action::Route(5)));
        assert_eq!(k.feed(ev(Key::Routing(5), false)), None);
        assert_eq!(k.feed(ev(Key::Display(4), true)), Some(Action::PanForward));
        assert_eq!(k.feed(ev(Key::Dot(1), true)), None);
        assert_eq!(k.feed(ev(Key::Dot(2), true)), None);
        assert_eq!(k.feed(ev(Key::Dot(2), false)), None);
        assert_eq!(k.feed(ev(Key::Dot(1), false)), Some(Action::Typed(Typed::Cell(0b11))));
        assert_eq!(k.feed(ev(Key::Dot(7), true)), None);
        assert_eq!(k.feed(ev(Key::Dot(7), false)), Some(Action::Erase));
        assert_eq!(k.feed(ev(Key::Dot(8), true)), None);
        assert_eq!(k.feed(ev(Key::Dot(8), false)), Some(Action::Enter));
        assert_eq!(k.feed(ev(Key::Space, true)), None);
        assert_eq!(k.feed(ev(Key::Space, false)), Some(Action::Typed(Typed::Space)));
        // A Baum display's B9 is the space bar.
        assert_eq!(k.feed(ev(Key::Thumb(9), true)), None);
        assert_eq!(k.feed(ev(Key::Thumb(9), false)), Some(Action::Typed(Typed::Space)));
    }
}
