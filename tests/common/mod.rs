//! Helpers shared by integration tests that declare `mod common;`.
//! (`hearing.rs`, `listening.rs` and `korean.rs` are included by path where they are used.)

pub mod brltty;
pub mod dgt;
pub mod displays;
pub mod ktb;
