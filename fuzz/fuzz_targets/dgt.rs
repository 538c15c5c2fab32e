//! Bytes from a DGT board: messages decoded the same however they are split, never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::testkit::fuzzing::dgt(data));
