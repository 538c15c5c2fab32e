//! The fuzz targets' checks (see `fuzz/`), run on stable Rust with random
//! and mutated inputs: no reader panics, and what is read writes back and
//! reads again to the same moves.

use proptest::prelude::*;
use tiflo::fuzzing;

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
    }

    #[test]
    fn readers_never_panic_on_bytes(b in prop::collection::vec(any::<u8>(), 0..64)) {
        fuzzing::algebraic(&b);
        fuzzing::descriptive(&b);
        fuzzing::numeric(&b);
        fuzzing::position(&b);
        fuzzing::games(&b);
    }
}

#[test]
fn crashes_found_by_fuzzing_stay_fixed() {
    fuzzing::algebraic(b"ed");
    fuzzing::algebraic(b"exd6 e.p.");
    fuzzing::games(b"; 1}-  d\n*");
    fuzzing::games(b"[\0\0\0\"\\");
}
