//! The other side of the board: the assistant's and arbiter's page
//! ([`page`]), a DGT electronic board on the opponent's side ([`dgt`]), and
//! a chess engine as the opponent when practising at home ([`engine`]).
//!
//! Each keeps a sans-I/O part (the page's pairing and state, the DGT
//! protocol's codec, the UCI lines) apart from its thin driver (the server,
//! the serial port, the engine's process).

// The public items of the modules marked `allow(missing_docs)` below are
// not all documented yet; the mark goes when a module's are.
#[allow(missing_docs)]
pub mod dgt;
#[allow(missing_docs)]
pub mod engine;
#[allow(missing_docs)]
pub mod page;
