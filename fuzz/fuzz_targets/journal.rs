//! A journal file of any bytes: decoded or refused, never misread, never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::testkit::fuzzing::journal(data));
