//! tiflo: a blind chess player's companion at the board.
//!
//! The crate is a sans-I/O core (notations, the game and its rules, the
//! dialogue, understanding what was heard, braille layout, device codecs)
//! with thin drivers around it (microphone, voices, serial ports, BrlAPI,
//! the page's server, the engine's process, the journal's file). Each room
//! below is one capability; `ARCHITECTURE.md` is the map.
//!
//! The notation tools are the library's documented API. A game in Spanish
//! algebraic, rewritten in UCI:
//!
//! ```
//! use tiflo::notation::{Dialect, Lang, Notation};
//! use tiflo::pgn::ReadAs;
//! use tiflo::pgn::convert::{Target, convert};
//!
//! let spanish = Dialect::new(Notation::San, Lang::Es).unwrap();
//! let (uci, errors) = convert("1. e4 e5 2. Cf3 Cc6 3. Ab5 *", ReadAs::Dialect(spanish), Target::UciLines);
//! assert!(errors.is_empty());
//! assert_eq!(uci.trim(), "e2e4 e7e5 g1f3 b8c6 f1b5");
//! ```

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
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
