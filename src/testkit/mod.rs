//! Helpers for tests, fuzzing and benchmarks: random legal games
//! ([`corpus`]) and the fuzz targets' entry points ([`fuzzing`]).

pub mod corpus;
pub mod fuzzing;
