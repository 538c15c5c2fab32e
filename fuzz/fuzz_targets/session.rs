//! Any typed lines, read as the daemon reads standard input (bounded), drive a game without a panic, and its journal resumes to the same scoresheet.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::testkit::fuzzing::session(data));
