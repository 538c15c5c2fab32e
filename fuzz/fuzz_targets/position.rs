//! The FEN and Forsyth readers never panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::testkit::fuzzing::position(data));
