//! The fuzz targets' checks (see `fuzz/`), run on stable Rust with random
//! and mutated inputs: no reader panics, and what is read writes back and
//! reads again to the same moves.

use proptest::prelude::*;
use tiflo::testkit::fuzzing;

/// Pieces of real notation, so that random strings often come close to moves.
const ATOMS: &[&str] = &[
    "e", "d", "x", ":", "-", "=", "+", "#", "!", "?", "(", ")", "/", "|", "{", "}", ";", "$1", " ", "\n", "0", "O", "o", "1", "2", "4", "5",
    "7", "8", "N", "B", "R", "Q", "K", "P", "C", "A", "T", "D", "S", "L", "F", "♘", "♞", "♕", "e.p.", "a.p.", "ch", "mate", "Kt", "KB",
    "QN", "3AR", "P-K4", "P4R", "e4", "Nf3", "exd6", "e8=Q", "O-O-O", "1.", "1...", "(=)", "1-0", "½-½", "[FEN \"", "\"]", "gego", "5254",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ATOMS), 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn readers_never_panic_on_notation_soup(s in soup()) {
        fuzzing::algebraic(s.as_bytes());
        fuzzing::descriptive(s.as_bytes());
        fuzzing::numeric(s.as_bytes());
        fuzzing::position(s.as_bytes());
        fuzzing::games(s.as_bytes());
        tiflo::pgn::stream::check_blocks(s.as_bytes());
        fuzzing::journal(s.as_bytes());
    }

    #[test]
    fn readers_never_panic_on_bytes(b in prop::collection::vec(any::<u8>(), 0..64)) {
        fuzzing::algebraic(&b);
        fuzzing::descriptive(&b);
        fuzzing::numeric(&b);
        fuzzing::position(&b);
        fuzzing::games(&b);
        fuzzing::journal(&b);
        fuzzing::session(&b);
        fuzzing::dgt(&b);
    }

    #[test]
    fn the_dgt_decoder_never_panics_on_messages_and_noise(b in prop::collection::vec(
        prop_oneof![Just(0x86u8), Just(0x8e), Just(0x8d), Just(0x93), Just(0x00), Just(0x05), Just(0x43), any::<u8>()], 0..200)) {
        fuzzing::dgt(&b);
    }
}

#[test]
fn crashes_found_by_fuzzing_stay_fixed() {
    fuzzing::algebraic(b"ed");
    fuzzing::algebraic(b"exd6 e.p.");
    fuzzing::games(b"; 1}-  d\n*");
    fuzzing::games(b"[\0\0\0\"\\");
    fuzzing::games(b"1.1.N1.N");
    tiflo::pgn::stream::check_blocks(b"1.1.N1.N");
    fuzzing::games(b"N1.1.e1.N");
}

/// Lines a player might type: moves, commands, answers, nonsense.
const LINES: &[&str] = &[
    "e4", "e5", "Nf3", "Cf3", "Nc6", "Cc6", "d4", "exd4", "Bb5", "Ab5", "a6", "O-O", "0-0", "Qh5", "Dh5", "Nxe5", "f6", "Ke2", "Rf7",
    "g4", "Qh4", "e2e4", "5254", "P4R", "draw", "tablas", "accept", "decline", "claim", "claim Nf3", "resign", "resign black", "yes",
    "no", "sí", "1", "2", "correct Nc3", "corrijo Cc3", "takeback", "press", "result 1-0", "result 1/2", "sign", "sign black", "flag",
    "set 0:00:05 0:00:30", "set white 0:01", "start", "clock", "last", "moves", "board", "square e4", "pieces white knight", "help",
    "", "   ", "xyz", "e9", "Nd2", "Qxf7#", "quit",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Any sequence of typed lines drives a game without a panic, and its
    /// journal resumes to the same scoresheet.
    #[test]
    fn sessions_take_any_typed_lines(lines in prop::collection::vec(prop::sample::select(LINES), 0..60)) {
        fuzzing::session(lines.join("\n").as_bytes());
    }
}

#[test]
fn sessions_take_lines_past_the_bound_and_any_line_ends() {
    // Lines around the bound (4,096 characters) in bytes and characters,
    // carriage returns, bytes that are not UTF-8, no final newline.
    let mut data = Vec::new();
    for line in [
        "e4".to_owned(),
        "x".repeat(4096),
        "e5".repeat(2049),
        "é".repeat(4097),
        "\r".repeat(20_000),
        format!("Nf3{}", " ".repeat(4093)),
    ] {
        data.extend_from_slice(line.as_bytes());
        data.extend_from_slice(b"\r\n");
    }
    data.extend_from_slice(&[0xff; 70_000]);
    data.extend_from_slice(b"\nNc6");
    fuzzing::session(&data);
}
