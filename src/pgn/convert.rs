//! Rewriting games in another notation: a [`Visitor`] that writes what the
//! game reader finds, move by move, in the target dialect.
//!
//! Tags, comments, NAGs, variations, draw offers and the result are kept. A
//! game that cannot be read to its end is not written at all (a partial game
//! would look complete); its error goes to the caller.

use shakmaty::{Chess, Color, Move};

use crate::notation::{Dialect, Notation, Notator, algebraic};
use crate::pgn::{GameResult, Note, ReadAs, ReadError, Visitor, read_games};

/// What the converter writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// One line per game: the main line's UCI moves, then the result when known.
    UciLines,
    /// PGN-shaped text (tags, then movetext) in a dialect.
    Movetext(Dialect),
}

/// Writes converted games into a string, one game at a time.
pub struct Converter {
    target: Target,
    game: String,
    /// The UCI line of the current game, for [`Target::UciLines`] (its
    /// moves are ASCII words, each followed by a space).
    uci: Vec<u8>,
    /// Length of the current movetext line, for wrapping.
    column: usize,
    need_number: bool,
    /// The last word was a White move that a pair notation may join to.
    pair_open: bool,
    depth: usize,
    result: Option<GameResult>,
    notator: Option<Notator>,
    prev: Option<Notator>,
    stack: Vec<(Notator, Option<Notator>)>,
    had_tags: bool,
    /// Finished games' text (drained into `sink` as it grows, if there is one).
    pub out: String,
    sink: Option<Box<dyn std::io::Write>>,
    /// The first error writing to the sink.
    pub(crate) write_error: Option<std::io::Error>,
    /// Errors of the games that could not be read.
    pub errors: Vec<ReadError>,
    /// Notes on moves that UCI lines cannot hold (they have no comments),
    /// with the index of their game, for the caller to word.
    pub notes: Vec<(usize, Note)>,
    texts: Option<crate::i18n::Texts>,
    index: usize,
    /// The move being written (kept to spare an allocation per move).
    text: String,
}

const WIDTH: usize = 79;

/// The characters of `w`: its bytes, when all are ASCII (checked a word
/// of memory at a time), else those that begin a character.
fn chars(w: &str) -> usize {
    if w.is_ascii() { w.len() } else { w.bytes().filter(|&c| (c as i8) >= -0x40).count() }
}

impl Converter {
    /// A converter writing `target`.
    pub fn new(target: Target) -> Converter {
        Converter {
            target,
            game: String::new(),
            uci: Vec::new(),
            column: 0,
            need_number: true,
            pair_open: false,
            depth: 0,
            result: None,
            notator: None,
            prev: None,
            stack: Vec::new(),
            had_tags: false,
            out: String::new(),
            sink: None,
            write_error: None,
            errors: Vec::new(),
            notes: Vec::new(),
            texts: None,
            index: 0,
            text: String::new(),
        }
    }

    fn drain(&mut self, threshold: usize) {
        if self.out.len() >= threshold
            && let Some(sink) = self.sink.as_mut() {
                if let Err(e) = sink.write_all(self.out.as_bytes()) {
                    self.write_error.get_or_insert(e);
                }
                self.out.clear();
            }
    }

    /// Writes what is left to the sink and flushes it.
    pub fn finish(&mut self) -> std::io::Result<()> {
        self.drain(0);
        if let Some(e) = self.write_error.take() {
            return Err(e);
        }
        self.sink.as_mut().map_or(Ok(()), |s| s.flush())
    }

    fn word(&mut self, w: &str) {
        self.space_for(chars(w));
        self.game.push_str(w);
    }

    /// A word written as `open`, `text` and `close` (a comment and its
    /// braces, a NAG's `$` and number).
    fn word_of(&mut self, open: &str, text: &str, close: &str) {
        self.space_for(chars(open) + chars(text) + chars(close));
        self.game.reserve(open.len() + text.len() + close.len());
        self.game.push_str(open);
        self.game.push_str(text);
        self.game.push_str(close);
    }

    /// The line break or space before a word of `len` characters, which
    /// the caller writes next.
    fn space_for(&mut self, len: usize) {
        if self.column > 0 && self.column + 1 + len > WIDTH {
            self.game.push('\n');
            self.column = 0;
        } else if self.column > 0 {
            self.game.push(' ');
            self.column += 1;
        }
        self.column += len;
        self.pair_open = false;
    }

    /// The move number `n.` before White's move, `n...` before Black's.
    fn number(&mut self, n: u32, white: bool) {
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(n);
        let dots = if white { 1 } else { 3 };
        self.space_for(digits.len() + dots);
        self.game.reserve(digits.len() + dots);
        self.game.push_str(digits);
        for _ in 0..dots {
            self.game.push('.');
        }
    }

    /// Writes a move of the movetext in `dialect`.
    #[inline(never)]
    fn write_move(&mut self, dialect: Dialect, before: &Chess, m: Move, after: &Chess) {
        let notator = self.notator.as_mut().expect("begin_moves sets the notator");
        let mut text = std::mem::take(&mut self.text);
        text.clear();
        notator.write(before, m, after, &mut text);
        let prev = notator.clone();
        notator.played(before, m);
        self.prev = Some(prev);
        let n = shakmaty::Position::fullmoves(before).get();
        let white = shakmaty::Position::turn(before) == Color::White;
        if !white && self.pair_open && dialect.notation.pairs_moves() {
            self.game.push('-');
            self.game.push_str(&text);
            self.column += 1 + chars(&text);
            self.pair_open = false;
            self.text = text;
            return;
        }
        if white || self.need_number {
            self.number(n, white);
        }
        self.word(&text);
        self.text = text;
        self.pair_open = white;
        self.need_number = false;
    }

    fn dialect(&self) -> Option<Dialect> {
        match self.target {
            Target::Movetext(d) => Some(d),
            Target::UciLines => None,
        }
    }
}

impl Visitor for Converter {
    fn begin_game(&mut self, index: usize) {
        self.index = index;
        self.game.clear();
        self.uci.clear();
        self.column = 0;
        self.need_number = true;
        self.pair_open = false;
        self.depth = 0;
        self.result = None;
        self.had_tags = false;
        self.stack.clear();
        self.prev = None;
    }

    fn tag(&mut self, name: &str, value: &str) {
        if self.target == Target::UciLines {
            return;
        }
        self.had_tags = true;
        self.game.push('[');
        self.game.push_str(name);
        self.game.push_str(" \"");
        if memchr::memchr2(b'\\', b'"', value.as_bytes()).is_some() {
            self.game.push_str(&value.replace('\\', "\\\\").replace('"', "\\\""));
        } else {
            self.game.push_str(value);
        }
        self.game.push_str("\"]\n");
    }

    fn takes_tags(&self) -> bool {
        self.target != Target::UciLines
    }

    fn begin_moves(&mut self, start: &Chess, _dialect: Dialect) {
        if self.had_tags {
            self.game.push('\n');
        }
        self.notator = self.dialect().map(|d| Notator::new(d, start));
    }

    fn takes_null_moves(&self) -> bool {
        true
    }

    /// A null move is written `--` (as PGN exports write it), or `0000` in UCI.
    fn null_move(&mut self, before: &Chess, _after: &Chess) {
        let Target::Movetext(_) = self.target else {
            if self.depth == 0 {
                self.uci.extend_from_slice(b"0000 ");
            }
            return;
        };
        let prev = self.notator.clone();
        self.prev = prev;
        let n = shakmaty::Position::fullmoves(before).get();
        let white = shakmaty::Position::turn(before) == Color::White;
        if white || self.need_number {
            self.number(n, white);
        }
        self.word("--");
        self.pair_open = false;
        self.need_number = false;
    }

    /// A UCI word is written here, inlined into the reader; movetext by
    /// [`Converter::write_move`].
    #[inline(always)]
    fn on_move(&mut self, before: &Chess, m: Move, after: &Chess, _written: &str) {
        let Target::Movetext(dialect) = self.target else {
            if self.depth == 0 {
                algebraic::push_uci_word(m, shakmaty::Position::castles(before).mode(), &mut self.uci);
            }
            return;
        };
        self.write_move(dialect, before, m, after);
    }

    /// A note is written as a comment where it was made, in the output's
    /// language; UCI lines, which have no comments, keep it aside for the
    /// caller to word.
    fn note(&mut self, note: &Note) {
        let Target::Movetext(dialect) = self.target else {
            self.notes.push((self.index, note.clone()));
            return;
        };
        let texts = self.texts.get_or_insert_with(|| crate::i18n::Texts::new(dialect.pieces.lang()));
        let text = texts.say(&crate::i18n::Reason::said(note));
        self.comment(&text);
    }

    fn draw_offer(&mut self) {
        if self.target == Target::UciLines {
            return;
        }
        if self.dialect() == Some(Dialect::PGN) {
            self.word("{(=)}");
            self.need_number = true;
        } else {
            self.word("(=)");
        }
    }

    fn comment(&mut self, text: &str) {
        // PGN writes a draw offer as the comment `{(=)}`: it stays one.
        if crate::pgn::lexer::trim(text) == "(=)" {
            self.draw_offer();
            return;
        }
        if self.target != Target::UciLines {
            if memchr::memchr(b'}', text.as_bytes()).is_some() {
                // A `;` comment holding a `}` stays a `;` comment, to the end
                // of its line, word for word.
                self.word(&format!("; {}", text.replace(['\n', '\r'], " ")));
                self.game.push('\n');
                self.column = 0;
            } else {
                self.word_of("{", text, "}");
            }
            self.need_number = true;
        }
    }

    fn nag(&mut self, nag: u16) {
        if self.target != Target::UciLines {
            let mut digits = itoa::Buffer::new();
            let digits = digits.format(nag);
            self.word_of("$", digits, "");
        }
    }

    fn begin_variation(&mut self) {
        self.depth += 1;
        if self.target == Target::UciLines {
            return;
        }
        let current = self.notator.clone().expect("notator");
        let before_last = self.prev.clone().unwrap_or_else(|| current.clone());
        self.stack.push((current, self.prev.take()));
        self.notator = Some(before_last);
        self.word("(");
        self.need_number = true;
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.target == Target::UciLines {
            return;
        }
        if let Some((n, p)) = self.stack.pop() {
            self.notator = Some(n);
            self.prev = p;
        }
        self.word(")");
        self.need_number = true;
    }

    fn result(&mut self, result: GameResult) {
        self.result = Some(result);
    }

    fn end_game(&mut self, error: Option<&ReadError>) {
        if let Some(e) = error {
            self.errors.push(e.clone());
            return;
        }
        match self.target {
            Target::UciLines => {
                match self.result {
                    Some(r) if r != GameResult::Unknown => self.uci.extend_from_slice(r.as_pgn().as_bytes()),
                    _ => {
                        self.uci.pop();
                    }
                }
                // Only whole ASCII words and results were pushed: the line
                // is borrowed as it is.
                self.out.push_str(&String::from_utf8_lossy(&self.uci));
                self.out.push('\n');
                self.drain(1 << 16);
            }
            Target::Movetext(_) => {
                let r = self.result.unwrap_or(GameResult::Unknown).as_pgn();
                self.word(r);
                self.out.push_str(&self.game);
                self.out.push_str("\n\n");
                self.drain(1 << 16);
            }
        }
    }
}

/// Converts every game of `text`; returns the output and the errors.
pub fn convert(text: &str, from: ReadAs, target: Target) -> (String, Vec<ReadError>) {
    let mut c = Converter::new(target);
    read_games(text, from, &mut c);
    (c.out, c.errors)
}

/// What `convert` writes for a dialect: UCI lines, or movetext.
pub fn target_for(dialect: Dialect) -> Target {
    if dialect.notation == Notation::Uci { Target::UciLines } else { Target::Movetext(dialect) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Lang, Pieces};

    const SAMPLE: &str = "[Event \"Appendix C\"]\n\n1.e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 e.p. Nxd6 7. Bg5 Nc6 8. Qe3+ Be7 9. Nbd2 0-0 10. 0-0-0 Re8 11. Kb1 (=) *";

    #[test]
    fn characters_are_counted_as_bytes_that_begin_one() {
        for w in ["", "Nf3", "{[%clk 0:10:00]}", "½-½", "Müller", "♘f3", "日本"] {
            assert_eq!(chars(w), w.chars().count(), "{w}");
        }
    }

    #[test]
    fn uci_lines() {
        let (out, errors) = convert("1. e4 e5 2. Nf3 1-0\n1. d4 *", ReadAs::Auto, Target::UciLines);
        assert!(errors.is_empty());
        assert_eq!(out, "e2e4 e7e5 g1f3 1-0\nd2d4\n");
    }

    #[test]
    fn every_dialect_round_trips_the_sample() {
        let (reference, _) = convert(SAMPLE, ReadAs::Auto, Target::UciLines);
        for d in Dialect::all() {
            if d.notation == Notation::Descriptive {
                continue;
            }
            let (text, errors) = convert(SAMPLE, ReadAs::Auto, Target::Movetext(d));
            assert!(errors.is_empty(), "{d}: {errors:?}");
            let (back, errors) = convert(&text, ReadAs::Dialect(d), Target::UciLines);
            assert!(errors.is_empty(), "{d}: {}\n{text}", errors[0]);
            assert_eq!(back, reference, "{d}\n{text}");
            let (auto, errors) = convert(&text, ReadAs::Auto, Target::UciLines);
            assert!(errors.is_empty(), "{d} auto: {}\n{text}", errors[0]);
            assert_eq!(auto, reference, "{d} auto\n{text}");
        }
    }

    #[test]
    fn koch_pairs_and_spanish_text() {
        let (text, _) = convert("1. e4 e5 2. Nf3 *", ReadAs::Auto, Target::Movetext(Dialect { notation: Notation::Koch, pieces: Pieces::Letters(Lang::En) }));
        assert_eq!(text, "1. 5254-5755 2. 7163 *\n\n");
        let (text, _) = convert(SAMPLE, ReadAs::Auto, Target::Movetext(Dialect::new(Notation::San, Lang::Es).unwrap()));
        assert!(text.contains("6. exd6 a.p. Cxd6"), "{text}");
        assert!(text.contains("11. Rb1 (=) *"), "{text}");
        // Through standard PGN and back, the draw offer stays a draw offer.
        let (pgn, _) = convert(SAMPLE, ReadAs::Auto, Target::Movetext(Dialect::PGN));
        assert!(pgn.contains("11. Kb1 {(=)} *"), "{pgn}");
        let (text, _) = convert(&pgn, ReadAs::Auto, Target::Movetext(Dialect::new(Notation::San, Lang::Pt).unwrap()));
        assert!(text.contains("11. Rb1 (=) *"), "{text}");
    }

    #[test]
    fn variations_and_comments_are_kept() {
        let src = "1. e4 e5 (1... c5 2. Nf3 {Sicilian}) 2. Nf3 $1 *";
        let (text, errors) = convert(src, ReadAs::Auto, Target::Movetext(Dialect::new(Notation::San, Lang::De).unwrap()));
        assert!(errors.is_empty());
        assert_eq!(text, "1. e4 e5 ( 1... c5 2. Sf3 {Sicilian} ) 2. Sf3 $1 *\n\n");
    }
}
