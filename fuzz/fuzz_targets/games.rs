//! The game reader (PGN and bare movetext, with notation detection) never
//! panics, and whatever it reads converts and reads back to the same moves.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::testkit::fuzzing::games(data));
