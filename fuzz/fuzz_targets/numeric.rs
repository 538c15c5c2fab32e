//! The Koch, ICCF and Gringmuth readers never panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::testkit::fuzzing::numeric(data));
