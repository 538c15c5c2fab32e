//! Reading an input block by block (any bytes, UTF-8 or not) loses nothing
//! and converts as the whole text does, on one thread or several.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tiflo::pgn::stream::check_blocks(data));
