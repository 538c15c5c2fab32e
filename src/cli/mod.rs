//! The command line's commands, one file each; `main.rs` parses the
//! arguments and hands each command here.

pub(crate) mod braille;
