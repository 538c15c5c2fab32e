//! The algebraic reader (short, long, figurine, UCI) never panics, in any
//! language, on any text, in a few positions with rare moves available.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::testkit::fuzzing::algebraic(data));
