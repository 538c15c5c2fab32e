//! The game at the board: the position, the clocks, the scoresheet, the
//! commands a player gives, board transfers, a studied game, and the
//! session that ties them together and keeps the crash-safe journal.
//!
//! Pure except [`journal`]'s file driver: the session takes lines, events
//! and timestamps and returns what is to be said and written.
//!
//! What the session does with each move, command and event, rule by rule,
//! is told in `docs/game.md`.

pub mod clock;
pub mod command;
pub mod entry;
pub mod event;
pub mod journal;
pub mod scoresheet;
pub mod session;
pub mod study;
pub mod transfer;
