//! tiflo: a blind chess player's companion at the board.
//!
//! This crate is the sans-I/O core: notations, the game reader and the
//! scoresheet. See `ARCHITECTURE.md` for the map of modules and their rules.

pub mod notation;
pub mod pgn;
pub mod i18n;
pub mod scoresheet;
pub mod convert;
pub mod corpus;
pub mod fuzzing;
pub mod clock;
pub mod readout;
pub mod config;
pub mod journal;
pub mod command;
pub mod session;
pub mod study;
pub mod daemon;
pub mod announce;
pub mod braille;
pub mod pronounce;
pub mod speech;
pub mod understand;
pub mod recognize;
pub mod audio;
pub mod listen;
pub mod hearing;
pub mod sphinx;
pub mod adapt;
pub mod vosk;
pub mod models;
pub mod transfer;
pub mod engine;
pub mod page;
pub mod dgt;
pub(crate) mod line;
