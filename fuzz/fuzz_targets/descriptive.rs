//! The descriptive reader (English and Spanish) never panics.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::testkit::fuzzing::descriptive(data));
