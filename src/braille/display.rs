//! What every braille display driver offers the daemon: a line of cells to
//! show and the player's key presses as [`Action`]s.
//!
//! Drivers report keys in their own terms (Baum bitmaps, HandyTech codes,
//! BrlAPI command codes); each maps them onto the same few actions here, so
//! the daemon's braille front end never knows which display is plugged in.
//! The braille keyboard's chords arrive as typed cells; dot 7 alone is
//! erase and dot 8 alone is enter, as on BRLTTY's braille keyboards. A
//! serial display's keys become actions through its family's key table
//! ([`super::keytable`]), which binds them as BRLTTY does.

use std::time::Duration;

use super::Cell;
use super::keys::{TalkEdge, Typed};

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
    /// The talk key of push to talk went down, came up, or joined a chord
    /// ([`super::keys::TalkKey`]). `Up { then: true }` is followed, in the
    /// same list, by what the key does on its own (dot 8 alone:
    /// [`Action::Enter`]): the daemon drops that when it took the press for
    /// talking, and does it otherwise.
    Talk(TalkEdge),
}

/// Whether a talk key can be held down on a display (push to talk, the
/// walkie-talkie way), and if not, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HoldToTalk {
    /// Its key events come with their releases: the talk key is held.
    Yes,
    /// Its keys come as BRLTTY's commands (BrlAPI), which carry no release:
    /// a key can only be pressed for one utterance.
    NoReleases,
    /// Its key table names no such key (the setting's name for it).
    NoKey(String),
    /// Hold to talk was not asked for.
    Off,
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
    /// The text table of the screen reader that shares it (BRLTTY's,
    /// through BrlAPI), when known.
    fn text_table(&self) -> Option<String> {
        None
    }
    /// Whether the talk key can be held down on it.
    fn hold_to_talk(&self) -> HoldToTalk {
        HoldToTalk::NoReleases
    }
    /// Shows `cells` (padded with blanks or cut to the display).
    fn show(&mut self, cells: &[Cell]) -> Result<(), DisplayError>;
    /// Waits at most `wait` for keys and returns what they ask for.
    fn poll(&mut self, wait: Duration) -> Result<Vec<Action>, DisplayError>;
}
