//! tiflo: a blind chess player's companion at the board.
//!
//! The crate is a sans-I/O core (notations, the game and its rules, the
//! dialogue, understanding what was heard, braille layout, device codecs)
//! with thin drivers around it (microphone, voices, serial ports, BrlAPI,
//! the page's server, the engine's process, the journal's file). Each room
//! below is one capability; `ARCHITECTURE.md` is the map.

pub mod i18n;
pub(crate) mod line;
pub mod notation;
pub mod pgn;
pub mod game;
pub mod speaking;
pub mod hearing;
pub mod braille;
pub mod assistant;
pub mod daemon;
pub mod testkit;
