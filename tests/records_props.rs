//! Invariants of reading records as printed and at scale.

use proptest::prelude::*;
use tiflo::pgn::convert::{Target, convert};
use tiflo::notation::{Dialect, Lang, Notation};
use tiflo::pgn::ReadAs;

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Descriptive moves printed with spaces inside, as old books print them
    /// (`P - K 4`, `Kt × P`), read as the same moves as without.
    #[test]
    fn spaced_descriptive_reads_as_glued(seed in any::<u64>()) {
        let pgn = tiflo::testkit::corpus::pgn_corpus(seed, 1, 10, 80);
        let (uci, errors) = convert(&pgn, ReadAs::Auto, Target::UciLines);
        prop_assert!(errors.is_empty());
        let desc = Dialect::new(Notation::Descriptive, Lang::En).unwrap();
        let (text, errors) = convert(&pgn, ReadAs::Auto, Target::Movetext(desc));
        prop_assert!(errors.is_empty());
        // Space every move: a space between its letters, signs and ranks,
        // `x` printed `×`, keeping `Kt`-less `N` and marks as written.
        let spaced: String = text
            .lines()
            .map(|l| {
                if l.starts_with('[') {
                    return l.to_owned();
                }
                l.split(' ')
                    .map(|w| {
                        if w.ends_with('.') || w.starts_with('O') || matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*") || w.contains("e.p") || w == "mate" || w.contains('=') || w.contains('(') {
                            w.to_owned()
                        } else {
                            let core = w.strip_suffix("ch").unwrap_or(w);
                            let s: Vec<String> = core.chars().map(|c| if c == 'x' { '×' } else { c }.to_string()).collect();
                            let mut out = s.join(" ");
                            if core.len() < w.len() {
                                out.push_str(" ch");
                            }
                            out
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("    ")
            })
            .collect::<Vec<_>>()
            .join("\n");
        let (back, errors) = convert(&spaced, ReadAs::Dialect(desc), Target::UciLines);
        prop_assert!(errors.is_empty(), "{}\n{}", errors[0], spaced);
        prop_assert_eq!(back, uci);
    }

    /// Block by block, on one thread or three, the conversion is the whole
    /// text's, and the blocks put together are the input.
    #[test]
    fn streaming_converts_as_the_whole_text(seed in any::<u64>(), latin1 in any::<bool>()) {
        let mut bytes = tiflo::testkit::corpus::pgn_corpus(seed, 3000, 1, 30).into_bytes();
        if latin1 {
            bytes.extend_from_slice(b"[White \"Gonz\xe1lez\"]\n\n1. e4 e5 *\n");
        }
        tiflo::pgn::stream::check_blocks(&bytes);
    }
}
