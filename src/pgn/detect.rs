//! Guessing nothing: which notations and languages a game's text could be in.
//!
//! [`candidates`] looks at the move words of one game and lists every dialect
//! the words are compatible with, most likely first. The reader then reads the
//! game in each; a game is accepted only when every dialect that reads it
//! completely gives the same moves. Languages with the same piece letters
//! (Spanish and Italian) read identically and are listed once.

use crate::notation::{Dialect, Lang, Notation, Pieces};

/// The dialects the words could be written in, most likely first.
pub fn candidates<'a>(words: impl Iterator<Item = &'a str>) -> Vec<Dialect> {
    let mut f = Features::default();
    for w in words {
        f.observe(w);
    }
    f.candidates()
}

/// What the words of a game seen so far show about their notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Features {
    numeric: usize,
    grings: usize,
    coords: usize,
    english_desc: usize,
    spanish_desc: usize,
    algebraic: usize,
    figurines: bool,
    dashes: bool,
    /// How many words show each capital as a piece letter.
    letters: [u32; 128],
    total: usize,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            numeric: 0,
            grings: 0,
            coords: 0,
            english_desc: 0,
            spanish_desc: 0,
            algebraic: 0,
            figurines: false,
            dashes: false,
            letters: [0; 128],
            total: 0,
        }
    }
}

impl Features {
    /// [`Features::observe`] for the common word, given as bytes: an ASCII
    /// word without a dash that ends with its destination square (`Nf3`, `exd5+`),
    /// or castling written with the letter O (`O-O`, `O-O-O`, with its
    /// marks), counted as `observe` counts it without making it a
    /// string. Returns false, having changed nothing, for any other word.
    #[inline(always)]
    pub(crate) fn observe_plain(&mut self, b: &[u8]) -> bool {
        let mut core = b;
        while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = core {
            core = rest;
        }
        let square = |f: u8, r: u8| matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8');
        let first = match *core {
            // A pawn's push, `e4` (with its marks): a square and nothing
            // else, no capital, no dash.
            [f, r] if square(f, r) => {
                self.total += 1;
                self.algebraic += 1;
                return true;
            }
            [first, .., f, r] if square(f, r) => first,
            // Castling shows a dash and nothing else.
            [b'O', b'-', b'O'] | [b'O', b'-', b'O', b'-', b'O'] => {
                self.total += 1;
                self.dashes = true;
                return true;
            }
            _ => return false,
        };
        // A dash (`e2-e4`) or a byte of a character that is not ASCII is
        // left to the general way.
        if !b.iter().all(|&c| c.is_ascii() && c != b'-') {
            return false;
        }
        self.total += 1;
        self.algebraic += 1;
        self.coords += usize::from(is_coordinates(b));
        if first.is_ascii_uppercase() && first != b'O' {
            self.letters[usize::from(first)] += 1;
        }
        true
    }

    /// Takes one move word into account.
    #[inline]
    pub(crate) fn observe(&mut self, w: &str) {
        let Features { numeric, grings, coords, english_desc, spanish_desc, algebraic, figurines, dashes, letters, total } = self;
        *total += 1;
        let b = w.as_bytes();
        // Move words are a few bytes long: a plain loop finds a byte sooner
        // than a general search.
        let ascii = w.is_ascii();
        #[allow(clippy::manual_contains)] // `contains` calls a general search, slower on a few bytes.
        let dash = !*dashes && b.iter().any(|&c| c == b'-');
        if dash || !ascii && w.contains('–') {
            *dashes = true;
        }
        if !ascii && w.chars().any(|c| crate::notation::lang::role_of_figurine(c).is_some()) {
            *figurines = true;
        }
        // Most words end with their destination square (`Nf3`, `exd5+`):
        // only the initial capital can be a piece letter.
        let mut core = b;
        while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = core {
            core = rest;
        }
        if let [first, .., f, r] = core
            && matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8') {
                *algebraic += 1;
                *coords += usize::from(is_coordinates(b));
                if first.is_ascii_uppercase() && *first != b'O' {
                    letters[usize::from(*first)] += 1;
                }
                return;
            }
        // Algebraic squares: a file letter followed by a rank digit (also
        // promotions such as `e8=Q`).
        if b.windows(2).any(|p| matches!(p[0], b'a'..=b'h') && matches!(p[1], b'1'..=b'8')) {
            *algebraic += 1;
            *coords += usize::from(is_coordinates(b));
            // Piece letters: an initial capital, and a capital promotion piece.
            if let Some(&c) = b.first()
                && c.is_ascii_uppercase() && c != b'O' {
                    letters[usize::from(c)] += 1;
                }
            if let Some(i) = b.iter().rposition(|c| matches!(c, b'1' | b'8'))
                && let Some(&c) = b[i + 1..].iter().find(|c| **c != b'=' && **c != b'(' && **c != b'/')
                    && c.is_ascii_uppercase() {
                        letters[usize::from(c)] += 1;
                    }
            return;
        }
        let dash_or_digit = |c: u8| c.is_ascii_digit() || c == b'-';
        if (b.iter().all(|&c| dash_or_digit(c)) || !ascii)
            && w.split(['-', '–']).all(|p| p.is_empty() || (matches!(p.len(), 4 | 5) && p.bytes().all(|c| c.is_ascii_digit())))
        {
            *numeric += 1;
            return;
        }
        if !b.iter().any(u8::is_ascii_digit) && w.split(['-', '–']).all(|p| p.is_empty() || is_gringmuth_word(p)) {
            *grings += 1;
        }
        let upper = w.to_ascii_uppercase();
        if upper.contains('-') && upper.chars().any(|c| matches!(c, 'K' | 'Q' | 'R' | 'B' | 'N')) || upper.contains("X") && !upper.starts_with('O') {
            *english_desc += 1;
        }
        if b.iter().any(u8::is_ascii_digit) && b.last().is_some_and(|c| c.is_ascii_uppercase() || *c == b'+' || *c == b'!' || *c == b'?')
            && b.iter().position(u8::is_ascii_digit).is_some_and(|i| b[i + 1..].iter().any(u8::is_ascii_uppercase))
        {
            *spanish_desc += 1;
        }
    }

    /// The dialects the words seen fit, most likely first.
    pub fn candidates(&self) -> Vec<Dialect> {
        let Features { numeric, grings, coords, english_desc, spanish_desc, algebraic, figurines, dashes, ref letters, total } = *self;

        let mut out = Vec::new();
        if total == 0 {
            return vec![Dialect::PGN];
        }
        if numeric == total {
            let koch = dashes;
            out.push(Dialect { notation: if koch { Notation::Koch } else { Notation::Iccf }, pieces: Pieces::Letters(Lang::En) });
            return out;
        }
        if grings == total {
            out.push(Dialect { notation: Notation::Gringmuth, pieces: Pieces::Letters(Lang::En) });
        }
        if algebraic > 0 || coords > 0 || (english_desc == 0 && spanish_desc == 0) {
            if figurines {
                out.push(Dialect { notation: Notation::San, pieces: Pieces::Figurines });
            }
            // The capitals used, as a set of bits (A is bit 0).
            let used = (b'A'..=b'Z').filter(|&c| letters[usize::from(c)] != 0).fold(0u32, |m, c| m | 1 << (c - b'A'));
            for lang in [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::Nl] {
                let fits = used & !capitals(lang) == 0;
                if fits {
                    out.push(Dialect { notation: Notation::San, pieces: lang.into() });
                }
            }
        }
        let desc_en = Dialect { notation: Notation::Descriptive, pieces: Pieces::Letters(Lang::En) };
        let desc_es = Dialect { notation: Notation::Descriptive, pieces: Pieces::Letters(Lang::Es) };
        match (english_desc > 0, spanish_desc > 0) {
            (true, false) => out.push(desc_en),
            (false, true) => out.push(desc_es),
            (true, true) if english_desc >= spanish_desc => out.extend([desc_en, desc_es]),
            (true, true) => out.extend([desc_es, desc_en]),
            (false, false) => {}
        }
        if out.is_empty() {
            out.push(Dialect::PGN);
        }
        out
    }
}

impl Features {
    /// Algebraic dialects that every piece letter fits but a few words'
    /// (a typo such as `Ba3` in a German game): not readings of the game,
    /// but where to look for the move that fails when no reading completes.
    pub(crate) fn near_fits(&self) -> Vec<Dialect> {
        let misfits_allowed = (self.total / 20).max(1) as u32;
        let mut out = Vec::new();
        if self.algebraic == 0 {
            return out;
        }
        for lang in [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::Nl] {
            let alphabet: Vec<u8> = lang.alphabet().collect();
            let misfits: u32 = (b'A'..=b'Z').filter(|c| !alphabet.contains(c)).map(|c| self.letters[usize::from(c)]).sum();
            let fitting: u32 = (b'A'..=b'Z').filter(|c| alphabet.contains(c)).map(|c| self.letters[usize::from(c)]).sum();
            if misfits > 0 && misfits <= misfits_allowed && fitting > misfits {
                out.push(Dialect { notation: Notation::San, pieces: lang.into() });
            }
        }
        out
    }
}

/// The capitals of `lang`'s piece letters, as a set of bits (A is bit 0).
fn capitals(lang: Lang) -> u32 {
    lang.alphabet().filter(u8::is_ascii_uppercase).fold(0u32, |m, c| m | 1 << (c - b'A'))
}

#[inline]
fn is_coordinates(b: &[u8]) -> bool {
    matches!(b, [f1, r1, f2, r2, ..] if (b'a'..=b'h').contains(f1) && (b'1'..=b'8').contains(r1) && (b'a'..=b'h').contains(f2) && (b'1'..=b'8').contains(r2))
}

fn is_gringmuth_word(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() >= 4
        && b.iter().all(u8::is_ascii_alphabetic)
        && b[..4].chunks(2).all(|s| b"bcdfghklmnprstvz".contains(&s[0].to_ascii_lowercase()) && b"aeio".contains(&s[1].to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(words: &[&str]) -> Vec<Dialect> {
        candidates(words.iter().copied())
    }

    #[test]
    fn english_with_queen_or_knight_is_english_only() {
        assert_eq!(first(&["e4", "e5", "Nf3", "Nc6", "Bb5"]), vec![Dialect::PGN]);
    }

    #[test]
    fn german_and_spanish_letters() {
        let d = first(&["e4", "e5", "Sf3", "Sc6", "Lb5"]);
        assert_eq!(d, vec![Dialect { notation: Notation::San, pieces: Pieces::Letters(Lang::De) }]);
        let d = first(&["e4", "e5", "Cf3", "Cc6", "Ab5", "a6"]);
        assert_eq!(d, vec![Dialect { notation: Notation::San, pieces: Pieces::Letters(Lang::Es) }]);
    }

    #[test]
    fn rook_and_bishop_only_is_several_languages() {
        let d = first(&["e4", "e5", "Bc4", "Bc5"]);
        assert!(d.contains(&Dialect::PGN));
        assert!(d.contains(&Dialect { notation: Notation::San, pieces: Pieces::Letters(Lang::Pt) }));
    }

    #[test]
    fn numeric_and_telegraph_codes() {
        assert_eq!(first(&["5254-5755", "7163-2836"])[0].notation, Notation::Koch);
        assert_eq!(first(&["5254", "5755"])[0].notation, Notation::Iccf);
        assert_eq!(first(&["gego-seso"])[0].notation, Notation::Gringmuth);
    }

    proptest::proptest! {
        /// The quick path counts a word as the general one does, or leaves
        /// it to it.
        #[test]
        fn plain_words_are_observed_as_the_general_way(
            words in proptest::collection::vec("[a-hKQRBNOSLDTCAPx1-8=+#!?\\-–♘]{0,7}|O-O(-O)?[+#!?]{0,2}|0-0", 0..12),
            first in proptest::collection::vec("[a-hKQRBNx1-8+#\\-]{0,6}", 0..6),
        ) {
            let mut general = Features::default();
            let mut quick = Features::default();
            for w in first.iter().chain(&words) {
                general.observe(w);
                if !quick.observe_plain(w.as_bytes()) {
                    quick.observe(w);
                }
            }
            proptest::prop_assert_eq!(quick, general);
        }
    }

    #[test]
    fn descriptive_forms() {
        assert!(first(&["P-K4", "P-K4", "N-KB3"]).contains(&Dialect { notation: Notation::Descriptive, pieces: Pieces::Letters(Lang::En) }));
        assert!(first(&["P4R", "P4R", "C3AR"]).contains(&Dialect { notation: Notation::Descriptive, pieces: Pieces::Letters(Lang::Es) }));
    }
}
