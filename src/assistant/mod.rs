//! The other side of the board: the assistant's and arbiter's page
//! ([`page`]), a DGT electronic board on the opponent's side ([`dgt`]), and
//! a chess engine as the opponent when practising at home ([`engine`]).
//!
//! Each keeps a sans-I/O part (the page's pairing and state, the DGT
//! protocol's codec, the UCI lines) apart from its thin driver (the server,
//! the serial port, the engine's process).

pub mod dgt;
pub mod engine;
pub mod page;
