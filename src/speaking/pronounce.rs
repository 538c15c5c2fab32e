//! Sentences made speakable: the last step before a sentence goes to the
//! speech engine (espeak-ng or speech-dispatcher). The printed text keeps its
//! symbols; only the copy that is spoken is rewritten.
//!
//! Engines misread what tiflo's sentences contain: "e4" glued into a word,
//! a lone file "a" read as the article, "1:12:00" read as a time of day,
//! "Nf3" or "O-O" read as words, "1-0" as a subtraction. [`speakable`]
//! rewrites those tokens into words of the language pack: letter names,
//! number words and marks from `voices/<lang>/speech.ftl`, piece words from
//! `moves.ftl` and time units from `clock.ftl`.
//!
//! - A square or a move string as typed or echoed ("e4", "Te8", "exd5",
//!   "e2-e4", "Cbd2", "1E5", "Dh5??", "e8=Q") is said part by part. An
//!   uppercase piece letter of the language is the piece word at the start,
//!   after `=`, `/` or `-` ("P-K4"), or after the last digit ("e8D"); so is a
//!   lowercase `q r b n` after the last digit (a UCI promotion, "e7e8q").
//!   Other letters are said by their names; digits by number words; `x` and
//!   `:` by the capture word; `+`, `++` and `#` by the check and mate words;
//!   `-`, `=` and `/` are silent; annotation marks are dropped, except a
//!   single trailing `?` or `!`, kept as the sentence's punctuation ("¿Cf3?").
//!   A move number glued in front ("1.e4") is kept and followed by a space. A
//!   token is a move string only if it has a digit 1–8 and a letter besides
//!   `x`; holds only digits, move signs and letters that moves use (files a–h
//!   in either case, `x`, the uppercase piece letters of any language, the
//!   lowercase promotion letters `q r b n`), a figurine may lead; has no run
//!   of four letters; and is not an ordinal ("1st", "2e"). So "mp3" or "UTF8"
//!   stay as they are.
//! - Castling (`O-O`, `0-0-0`, with marks) is said with the castling words.
//! - A lone lowercase letter a–h (between spaces or punctuation, not inside a
//!   word such as "e-mail" or "d'abord") is a file and is said by its name
//!   ("e toma peón en d5"). A letter that is also a word of the language
//!   (`letter-words` in the pack: "a" in English, "a" and "e" in Spanish and
//!   Portuguese) is a file only when a square, a move, the capture word, a
//!   punctuation mark or the end follows it ("a takes pawn on b5", but "offers
//!   a draw" is left alone).
//! - Clock times with colons (`05:00`, `58:10`, `1:12:00`; `h:mm:ss` with
//!   three parts, `m:ss` with two) are said in the units of `clock.ftl`, joined
//!   as `readout::duration_words` joins them ("5 minutos", never "las cinco").
//!   Every unit written is said: the printed time is exact, so nothing is
//!   rounded away ("58:10" is "58 minutos y 10 segundos").
//! - Results (`1-0`, `0-1`, `½-½`, `1/2-1/2`, `1/2`) are said in words.
//!
//! Everything else is copied byte for byte. This is meant for tiflo's own
//! sentences and the moves and times they echo, not for free prose, where a
//! lone letter or a token such as "mp3" means something else.
//!
//! Invariants: pure; never panics on any input; idempotent on tiflo's
//! sentences (a second pass leaves the words the first one wrote alone,
//! because no letter name, number word or mark word is itself a token that
//! is rewritten); both property-tested.

use fluent_bundle::FluentArgs;
use shakmaty::Role;

use crate::speaking::announce::role_name;
use crate::i18n::Texts;
use crate::notation::Lang;
use crate::notation::lang::role_of_figurine;

/// Signs that may stand inside a token of moves, times and results; any of
/// them at the start of a token is cut off and copied as it is.
const SIGNS: &str = "-=:+#?!/.'’";
/// Signs cut off the end of a token and copied as they are (`+`, `#`, `?`
/// and `!` stay: they belong to a move).
const TRAILING: &str = ".:-=/'’";
/// The signs a move string may contain besides ASCII letters and digits.
const MOVE_SIGNS: &[u8] = b"-:=+#?!/";

/// `text` as the speech engine should read it, in the words of `texts` (the
/// pack of `lang`; `lang` gives the piece letters). See the module
/// documentation for what is rewritten; the rest is copied unchanged.
pub fn speakable(texts: &Texts, lang: Lang, text: &str) -> String {
    let speaker = Speaker::new(texts, lang);
    let segs = segments(text);
    let mut out = String::with_capacity(text.len() + text.len() / 2);
    for (i, seg) in segs.iter().enumerate() {
        match seg {
            Seg::Gap(g) => out.push_str(g),
            Seg::Chunk(c) => speaker.chunk(&mut out, c, &segs, i),
        }
    }
    out
}

/// A piece of the text: a run of word and move characters, or the spaces and
/// punctuation between them.
#[derive(Debug)]
enum Seg<'t> {
    Gap(&'t str),
    Chunk(&'t str),
}

fn is_glue(c: char) -> bool {
    c.is_alphanumeric() || SIGNS.contains(c) || role_of_figurine(c).is_some()
}

/// Cuts `text` into alternating gaps and chunks.
fn segments(text: &str) -> Vec<Seg<'_>> {
    let mut segs = Vec::new();
    let mut start = 0;
    let mut glue = None;
    for (i, c) in text.char_indices() {
        let g = is_glue(c);
        if glue != Some(g) {
            if i > start {
                segs.push(if glue == Some(true) { Seg::Chunk(&text[start..i]) } else { Seg::Gap(&text[start..i]) });
            }
            start = i;
            glue = Some(g);
        }
    }
    if start < text.len() {
        segs.push(if glue == Some(true) { Seg::Chunk(&text[start..]) } else { Seg::Gap(&text[start..]) });
    }
    segs
}

/// A chunk split into the signs before it, its core and the signs after it.
struct Parts<'t> {
    prefix: &'t str,
    core: &'t str,
    suffix: &'t str,
}

fn parts(chunk: &str) -> Parts<'_> {
    let start = chunk.find(|c: char| !SIGNS.contains(c)).unwrap_or(chunk.len());
    let rest = &chunk[start..];
    let end = rest.trim_end_matches(|c: char| TRAILING.contains(c)).len();
    Parts { prefix: &chunk[..start], core: &rest[..end], suffix: &rest[end..] }
}

/// What a chunk's core is.
enum Kind<'t> {
    /// A clock time: hours, minutes, seconds.
    Time(u64, u64, u64),
    /// A result, by its message id.
    Result(&'static str),
    /// A move or castling, with the move number glued before it ("1.").
    Move { number: &'t str, body: &'t str },
    /// A lone letter a–h.
    Lone(u8),
    /// Anything else: copied.
    Other,
}

/// What follows a lone letter.
#[derive(PartialEq)]
enum Follow {
    /// Punctuation, the end, or a chunk that starts with a sign.
    Punct,
    /// A square, a move, castling or the capture word.
    Chess,
    /// Any other word or number.
    Word,
}

fn classify(core: &str) -> Kind<'_> {
    // Apostrophes belong to words ("d'abord", "'s"), never to moves.
    if core.is_empty() || core.contains(['\'', '’']) {
        return Kind::Other;
    }
    if let Some((h, m, s)) = time(core) {
        return Kind::Time(h, m, s);
    }
    if let Some(id) = result(core) {
        return Kind::Result(id);
    }
    if let [l @ b'a'..=b'h'] = core.as_bytes() {
        return Kind::Lone(*l);
    }
    let (number, body) = split_number(core);
    if castle(body).is_some() || is_move(body) {
        return Kind::Move { number, body };
    }
    Kind::Other
}

/// A clock time `h:mm:ss` or `m:ss`: the first field of one to three digits,
/// the others of two digits below 60.
fn time(core: &str) -> Option<(u64, u64, u64)> {
    let fields: Vec<&str> = core.split(':').collect();
    if !(2..=3).contains(&fields.len()) {
        return None;
    }
    let (first, rest) = fields.split_first()?;
    if first.is_empty() || first.len() > 3 || !first.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut values = vec![first.parse::<u64>().ok()?];
    for f in rest {
        if f.len() != 2 || !f.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let v = f.parse::<u64>().ok()?;
        if v >= 60 {
            return None;
        }
        values.push(v);
    }
    Some(match values.as_slice() {
        [h, m, s] => (*h, *m, *s),
        [m, s] => (0, *m, *s),
        _ => return None,
    })
}

fn result(core: &str) -> Option<&'static str> {
    match core {
        "1-0" => Some("result-white"),
        "0-1" => Some("result-black"),
        "½-½" | "1/2-1/2" | "1/2" | "½" => Some("result-draw"),
        _ => None,
    }
}

/// Splits a move number glued before a move ("1.e4", "12...Cf6").
fn split_number(core: &str) -> (&str, &str) {
    let digits = core.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return ("", core);
    }
    let dots = core[digits..].bytes().take_while(|&b| b == b'.').count();
    if dots == 0 || digits + dots == core.len() {
        return ("", core);
    }
    core.split_at(digits + dots)
}

/// Castling: whether it is long, and the marks after it.
fn castle(body: &str) -> Option<(bool, &str)> {
    let c = *body.as_bytes().first()?;
    if c != b'O' && c != b'0' {
        return None;
    }
    let long = [c, b'-', c, b'-', c];
    let (is_long, tail) = if body.as_bytes().starts_with(&long) {
        (true, &body[5..])
    } else if body.as_bytes().starts_with(&long[..3]) {
        (false, &body[3..])
    } else {
        return None;
    };
    tail.bytes().all(|b| b"+#?!".contains(&b)).then_some((is_long, tail))
}

/// Whether `body` is a move string (see the module documentation).
fn is_move(body: &str) -> bool {
    let Some(first) = body.chars().next() else { return false };
    let figurine = role_of_figurine(first).is_some();
    let rest = if figurine { &body[first.len_utf8()..] } else { body };
    let b = rest.as_bytes();
    if !figurine && !first.is_ascii_alphanumeric() {
        return false;
    }
    if !b.iter().all(|&c| c.is_ascii_digit() || move_letter(c) || MOVE_SIGNS.contains(&c)) {
        return false;
    }
    let rank = b.iter().any(|c| (b'1'..=b'8').contains(c));
    let letter = figurine || b.iter().any(|&c| c.is_ascii_alphabetic() && c != b'x' && c != b'X');
    if !rank || !letter {
        return false;
    }
    // Four letters in a row make a word, not a move ("Cbd2" has three).
    let mut run = 0;
    for &c in b {
        run = if c.is_ascii_alphabetic() && c != b'x' && c != b'X' { run + 1 } else { 0 };
        if run >= 4 {
            return false;
        }
    }
    // Ordinals: digits, then only letters ("1st", "2e", "1er").
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if !figurine && digits > 0 && b[digits..].iter().all(u8::is_ascii_alphabetic) {
        return false;
    }
    true
}

/// Whether a letter may stand in a move: a file (either case), `x`, an
/// uppercase piece letter of any language (a Spanish player may echo "e8=Q")
/// or a lowercase promotion letter of UCI.
fn move_letter(c: u8) -> bool {
    matches!(c, b'a'..=b'h' | b'A'..=b'H' | b'x' | b'X' | b'q' | b'r' | b'n')
        || (c.is_ascii_uppercase() && Lang::ALL.iter().any(|l| l.role_of_letter(c).is_some()))
}

/// The words of one pack, looked up once per sentence.
struct Speaker<'a> {
    texts: &'a Texts,
    lang: Lang,
    capture: String,
    letter_words: Vec<u8>,
}

impl<'a> Speaker<'a> {
    fn new(texts: &'a Texts, lang: Lang) -> Speaker<'a> {
        let letter_words = texts
            .text("letter-words")
            .split_whitespace()
            .filter_map(|w| match w.as_bytes() {
                [l @ b'a'..=b'h'] => Some(*l),
                _ => None,
            })
            .collect();
        Speaker { texts, lang, capture: texts.text("capture-word"), letter_words }
    }

    fn letter(&self, l: u8) -> String {
        let mut args = FluentArgs::new();
        args.set("letter", char::from(l.to_ascii_lowercase()).to_string());
        self.texts.get("letter-name", Some(&args))
    }

    fn number(&self, digits: &str) -> String {
        match digits.parse::<u64>() {
            Ok(n) if digits.len() <= 6 => {
                let mut args = FluentArgs::new();
                args.set("n", n);
                self.texts.get("number-word", Some(&args))
            }
            _ => digits.to_owned(),
        }
    }

    fn piece(&self, role: Role) -> String {
        let mut args = FluentArgs::new();
        args.set("role", role_name(role));
        self.texts.get("piece-word", Some(&args))
    }

    fn unit(&self, id: &str, n: u64) -> String {
        let mut args = FluentArgs::new();
        args.set("n", n);
        self.texts.get(id, Some(&args))
    }

    /// Writes one chunk, rewritten or copied.
    fn chunk(&self, out: &mut String, chunk: &str, segs: &[Seg<'_>], i: usize) {
        let p = parts(chunk);
        let spoken = match classify(p.core) {
            Kind::Other => None,
            Kind::Time(h, m, s) => Some(self.time(h, m, s)),
            Kind::Result(id) => Some(self.texts.text(id)),
            Kind::Lone(l) => {
                let file = !self.letter_words.contains(&l) || self.follow(&p, segs, i) != Follow::Word;
                file.then(|| self.letter(l))
            }
            Kind::Move { number, body } => {
                let words = self.move_words(body);
                Some(if number.is_empty() { words } else { format!("{number} {words}") })
            }
        };
        match spoken {
            Some(words) => {
                out.push_str(p.prefix);
                out.push_str(&words);
                out.push_str(p.suffix);
            }
            None => out.push_str(chunk),
        }
    }

    /// What follows the chunk `segs[i]`, whose parts are `p`.
    fn follow(&self, p: &Parts<'_>, segs: &[Seg<'_>], i: usize) -> Follow {
        if !p.suffix.is_empty() {
            return Follow::Punct;
        }
        match (segs.get(i + 1), segs.get(i + 2)) {
            (None, _) | (Some(Seg::Gap(_)), None) => Follow::Punct,
            (Some(Seg::Gap(g)), Some(Seg::Chunk(next))) if g.chars().all(char::is_whitespace) => {
                let n = parts(next);
                if !n.prefix.is_empty() {
                    Follow::Punct
                } else if matches!(classify(n.core), Kind::Move { .. }) || n.core.to_lowercase() == self.capture.to_lowercase() {
                    Follow::Chess
                } else {
                    Follow::Word
                }
            }
            _ => Follow::Punct,
        }
    }

    /// A clock time in the units of `clock.ftl`, every non-zero unit said.
    fn time(&self, h: u64, m: u64, s: u64) -> String {
        let units: Vec<String> = [("hours", h), ("minutes", m), ("seconds", s)]
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .map(|(id, n)| self.unit(id, n))
            .collect();
        let Some((last, init)) = units.split_last() else { return self.unit("seconds", 0) };
        init.iter().rev().fold(last.clone(), |second, first| {
            let mut args = FluentArgs::new();
            args.set("first", first.as_str());
            args.set("second", second);
            self.texts.get("duration-two", Some(&args))
        })
    }

    /// A move string or castling, part by part.
    fn move_words(&self, body: &str) -> String {
        let mut words: Vec<String> = Vec::new();
        let kept = if let Some((long, tail)) = castle(body) {
            words.push(self.texts.text(if long { "castle-long" } else { "castle-short" }));
            self.marks(&mut words, tail)
        } else {
            let mut rest = body;
            if let Some((first, role)) = body.chars().next().and_then(|c| Some((c, role_of_figurine(c)?))) {
                words.push(self.piece(role));
                rest = &body[first.len_utf8()..];
            }
            let leading = rest.len() == body.len();
            let b = rest.as_bytes();
            let marks_at = b.iter().rposition(|c| !b"+#?!".contains(c)).map_or(0, |p| p + 1);
            let mut i = 0;
            while i < marks_at {
                let c = b[i];
                if c.is_ascii_digit() {
                    let end = b[i..marks_at].iter().position(|c| !c.is_ascii_digit()).map_or(marks_at, |n| i + n);
                    words.push(self.number(&rest[i..end]));
                    i = end;
                    continue;
                }
                match c {
                    b'x' | b'X' | b':' => words.push(self.capture.clone()),
                    b'+' => words.push(self.texts.text("check-word")),
                    b'#' => words.push(self.texts.text("mate-word")),
                    c if c.is_ascii_alphabetic() => {
                        let piece_place = (i == 0 && leading)
                            || (i > 0 && b"=/-".contains(&b[i - 1]))
                            || (i > 0 && b[i - 1].is_ascii_digit() && i + 1 == marks_at);
                        // A lowercase letter after the last digit is a UCI
                        // promotion ("e7e8q"), in English letters.
                        let role = if !piece_place {
                            None
                        } else if c.is_ascii_uppercase() {
                            self.lang.role_of_letter(c)
                        } else if i + 1 == marks_at && b"qrbn".contains(&c) {
                            Lang::En.role_of_letter(c.to_ascii_uppercase())
                        } else {
                            None
                        };
                        match role {
                            Some(role) => words.push(self.piece(role)),
                            None => words.push(self.letter(c)),
                        }
                    }
                    // `-`, `=`, `/` and marks inside the move are silent.
                    _ => {}
                }
                i += 1;
            }
            self.marks(&mut words, &rest[marks_at..])
        };
        let mut s = words.join(" ");
        if let Some(k) = kept {
            s.push(k);
        }
        s
    }

    /// Says the check and mate marks of `tail` into `words`; returns the `?`
    /// or `!` kept as punctuation (a single one at the end).
    fn marks(&self, words: &mut Vec<String>, tail: &str) -> Option<char> {
        let b = tail.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'+' if b.get(i + 1) == Some(&b'+') => {
                    words.push(self.texts.text("mate-word"));
                    i += 1;
                }
                b'+' => words.push(self.texts.text("check-word")),
                b'#' => words.push(self.texts.text("mate-word")),
                _ => {}
            }
            i += 1;
        }
        match b {
            [.., x, last @ (b'?' | b'!')] if !b"?!".contains(x) => Some(char::from(*last)),
            [last @ (b'?' | b'!')] => Some(char::from(*last)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn say(lang: Lang, text: &str) -> String {
        speakable(&Texts::new(lang), lang, text)
    }

    #[test]
    fn segments_cover_the_text() {
        let text = "¿Cf3? Sí o no. 1.e4, d'abord";
        let segs = segments(text);
        let joined: String = segs
            .iter()
            .map(|s| match s {
                Seg::Gap(g) | Seg::Chunk(g) => *g,
            })
            .collect();
        assert_eq!(joined, text);
    }

    #[test]
    fn squares_in_spanish_and_english() {
        assert_eq!(say(Lang::Es, "e4"), "eh cuatro");
        assert_eq!(say(Lang::Es, "f3"), "efe tres");
        assert_eq!(say(Lang::En, "f3"), "ef three");
        assert_eq!(say(Lang::En, "a4"), "eh four");
        assert_eq!(say(Lang::Pt, "a4."), "á quatro.");
    }

    #[test]
    fn lone_letters_are_files_unless_a_word() {
        assert_eq!(say(Lang::Es, "e toma peón en d5"), "eh toma peón en de cinco");
        assert_eq!(say(Lang::Es, "caballo b d2"), "caballo be de dos");
        assert_eq!(say(Lang::Es, "pasa a ser"), "pasa a ser");
        assert_eq!(say(Lang::En, "White offers a draw."), "White offers a draw.");
        assert_eq!(say(Lang::En, "a takes pawn on b5"), "eh takes pawn on bee five");
        assert_eq!(say(Lang::En, "rook a e1"), "rook eh ee one");
        assert_eq!(say(Lang::Pt, "brancas e pretas"), "brancas e pretas");
        assert_eq!(say(Lang::Pt, "e toma peão em d5"), "é toma peão em dê cinco");
        assert_eq!(say(Lang::Es, "columna e."), "columna eh.");
    }

    #[test]
    fn times() {
        assert_eq!(say(Lang::Es, "05:00"), "5 minutos");
        assert_eq!(say(Lang::Es, "1:12:00"), "una hora y 12 minutos");
        assert_eq!(say(Lang::Es, "0:30"), "30 segundos");
        assert_eq!(say(Lang::Es, "58:10"), "58 minutos y 10 segundos");
        assert_eq!(say(Lang::En, "1:00:05"), "one hour, 5 seconds");
        assert_eq!(say(Lang::En, "0:00"), "0 seconds");
        assert_eq!(say(Lang::Es, "1:60"), "1:60");
    }

    #[test]
    fn move_strings() {
        assert_eq!(say(Lang::Es, "1E5"), "uno eh cinco");
        assert_eq!(say(Lang::Es, "Te8"), "torre eh ocho");
        assert_eq!(say(Lang::Es, "exd5"), "eh toma de cinco");
        assert_eq!(say(Lang::Es, "O-O"), "enroque corto");
        assert_eq!(say(Lang::Es, "0-0-0+"), "enroque largo jaque");
        assert_eq!(say(Lang::Es, "Dh5??"), "dama hache cinco");
        assert_eq!(say(Lang::Es, "e8=D"), "eh ocho dama");
        assert_eq!(say(Lang::Es, "e2-e4"), "eh dos eh cuatro");
        assert_eq!(say(Lang::Es, "Cbd2"), "caballo be de dos");
        assert_eq!(say(Lang::En, "Qxf7#"), "queen takes ef seven checkmate");
        assert_eq!(say(Lang::En, "♘f3"), "knight ef three");
        assert_eq!(say(Lang::En, "1.e4"), "1. ee four");
        assert_eq!(say(Lang::En, "e8Q"), "ee eight queen");
    }

    #[test]
    fn words_and_numbers_are_left_alone() {
        for text in ["30", "2.", "artículo 8.4", "1st", "2e", "e.p.", "e-mail", "d'abord", "mp3s", "Blancas:"] {
            assert_eq!(say(Lang::Es, text), text);
        }
    }
}
