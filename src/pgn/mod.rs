//! Reading games: PGN files or bare movetext, in any notation tiflo knows.
//!
//! [`read_games`] walks the text game by game and reports what it finds to a
//! [`Visitor`]: tags, each move (already checked legal), comments, draw
//! offers, the result, and for each game either success or a [`ReadError`].
//!
//! Invariants:
//! - Every word of the movetext is accounted for: it is a move read in the
//!   game's dialect, a mark on the move before it, a move number that matches
//!   the position, or an error. Nothing is skipped.
//! - An error ends its game (the position after an unreadable move is
//!   unknown); the reader goes on with the next game.
//! - With [`ReadAs::Auto`], a game is read in every dialect its words fit; it is
//!   accepted only if all complete readings agree move for move.

pub mod convert;
pub mod detect;
pub mod lexer;
pub mod stream;

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Setup};

use crate::notation::{Dialect, Lang, MoveError, MoveErrorKind, Notation, Notator, Pieces};
pub use lexer::GameResult;
use lexer::{Lexer, Mark, Resigner, Tok, TokKind};

/// Which dialect to read games in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReadAs {
    /// Detect it per game from the text.
    Auto,
    /// Read in this dialect.
    Dialect(Dialect),
    /// Read in this notation; the language is detected.
    Notation(Notation),
}

/// Receives what the reader finds. Every method has a default that ignores it.
pub trait Visitor {
    /// A game begins; `index` counts from 1.
    fn begin_game(&mut self, _index: usize) {}
    /// A tag pair, `[name "value"]`.
    fn tag(&mut self, _name: &str, _value: &str) {}
    /// Whether this visitor wants the tags (reading them costs a little).
    fn takes_tags(&self) -> bool {
        true
    }
    /// The movetext starts from `start`, read in `dialect`.
    fn begin_moves(&mut self, _start: &Chess, _dialect: Dialect) {}
    /// A move of the main line (or of a variation, see `begin_variation`),
    /// as written in the source.
    fn on_move(&mut self, _before: &Chess, _m: Move, _after: &Chess, _written: &str) {}
    /// A null move (`--`, `Z0`): the side to move passes. Only visitors that
    /// say they can hold one get it; for the others it is an error.
    fn null_move(&mut self, _before: &Chess, _after: &Chess) {}
    /// Whether this visitor can hold null moves.
    fn takes_null_moves(&self) -> bool {
        false
    }
    /// A draw offer `(=)` on the move just reported.
    fn draw_offer(&mut self) {}
    /// A note on the move just reported: how the reader settled it.
    fn note(&mut self, _note: &Note) {}
    /// A comment, `{...}` or `;...`, without its marks.
    fn comment(&mut self, _text: &str) {}
    /// An annotation glyph, as its PGN number (`!` is 1).
    fn nag(&mut self, _nag: u16) {}
    /// A variation opens: the moves until `end_variation` are
    /// alternatives to the last move reported.
    fn begin_variation(&mut self) {}
    /// The variation closes.
    fn end_variation(&mut self) {}
    /// The result written after the moves.
    fn result(&mut self, _result: GameResult) {}
    /// The game ended; `error` is set when it could not be read to the end.
    fn end_game(&mut self, _error: Option<&ReadError>) {}
}

/// How the reader settled something the text leaves open, because only one
/// reading lets the rest of the game be read to its end (as a reader of an
/// old book settles it). Reported on the move, never silently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The word as written: the move, or the move number.
    pub written: String,
    /// What was settled.
    pub kind: NoteKind,
    /// The full-move number of the move (in the position, not as written).
    pub move_number: u32,
    /// The side that played it.
    pub side: Color,
}

/// What a [`Note`] settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// The move fits several legal moves; only `chosen` lets the game go on.
    Settled {
        /// The move taken, in the dialect read.
        chosen: String,
        /// The candidates not taken, in the dialect read.
        others: Vec<String>,
    },
    /// A move number that does not match the position, read as a misprint:
    /// with it passed over, the rest of the game reads to its end and every
    /// later move number (there is at least one) matches its position.
    MoveNumber {
        /// The number printed.
        found: u32,
        /// The number of the move in the position.
        expected: u32,
    },
}

impl crate::i18n::Reason for Note {
    fn said(&self) -> crate::i18n::Said {
        use crate::i18n::Said;
        match &self.kind {
            NoteKind::Settled { chosen, others } => {
                Said::new("read-note-settled").data("written", self.written.clone()).data("chosen", chosen.clone()).data("others", others.join(", "))
            }
            NoteKind::MoveNumber { found, expected } => Said::new("read-note-move-number")
                .data("written", self.written.clone())
                .number("found", i64::from(*found))
                .number("expected", i64::from(*expected)),
        }
    }
}

/// Why a game could not be read to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadErrorKind {
    /// A word is not exactly one legal move.
    Move(MoveErrorKind),
    /// A move number that does not match the position.
    MoveNumber {
        /// The number written.
        found: u32,
        /// The number of the move in the position.
        expected: u32,
    },
    /// A mark (`+`, `e.p.`, `!`) with no move before it.
    MarkWithoutMove,
    /// `)` without `(`.
    UnopenedVariation,
    /// `(` never closed, or opened before any move.
    BadVariation,
    /// `{` never closed.
    UnclosedComment,
    /// `[` that is not a tag: not closed on its line, or inside the moves.
    BadTag,
    /// The FEN tag is not a legal position.
    BadFen(String),
    /// The `Variant` tag names a variant other than standard chess.
    Variant(String),
    /// The text reads completely in more than one dialect, with different moves.
    AmbiguousNotation(Vec<(Dialect, String)>),
    /// The movetext stops with no result: before the decided result its
    /// Result tag announces, or where the input ends (a game with tags, or
    /// one without that the input ends inside a line of), in a position
    /// that does not end the game. The file was cut. The token is the last
    /// move read.
    Incomplete {
        /// The result the Result tag announces: `*` under `[Result "*"]`,
        /// `None` with no Result tag.
        announced: Option<String>,
    },
    /// A null move where it cannot be: in check, or in an output that has none.
    NullMove,
}

/// An unreadable word: what, where, in which position, and the legal moves
/// the writer may have meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// 1-based index of the game in the input.
    pub game: usize,
    /// Full-move number of the move where reading stopped.
    pub move_number: u32,
    /// The side whose move it was.
    pub side: Color,
    /// 1-based line and column (in characters) of the word.
    pub line: usize,
    /// The column of the word.
    pub column: usize,
    /// The word.
    pub token: String,
    /// The dialect it was read in.
    pub dialect: Dialect,
    /// What is wrong.
    pub kind: ReadErrorKind,
    /// The position the word was read in, as FEN.
    pub fen: String,
    /// The candidate moves, written in the dialect being read.
    pub candidates: Vec<String>,
}

impl std::error::Error for ReadError {}

/// In English (for logs and the library's users); [`Reason::said`] gives
/// the same in the user's language.
///
/// [`Reason::said`]: crate::i18n::Reason::said
impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::i18n::Reason;
        write!(f, "{}", self.said())
    }
}

/// A dialect's name, as a message of the packs (`dialect-*` in
/// `voices/*/notation.ftl`, the piece signs `pieces-*`); in English the same
/// words as its `Display`. (Here rather than in `notation`, which `i18n`
/// imports.)
pub(crate) fn dialect_said(dialect: Dialect) -> crate::i18n::Said {
    use crate::i18n::Said;
    let id = match dialect.notation {
        Notation::San => "dialect-san",
        Notation::Lan => "dialect-lan",
        Notation::Uci => "dialect-uci",
        Notation::Descriptive => "dialect-descriptive",
        Notation::Koch => "dialect-koch",
        Notation::Iccf => "dialect-iccf",
        Notation::Gringmuth => "dialect-gringmuth",
    };
    if !dialect.notation.uses_lang() {
        return Said::new(id);
    }
    let pieces = match dialect.pieces {
        Pieces::Letters(Lang::En) => "pieces-en",
        Pieces::Letters(Lang::Es) => "pieces-es",
        Pieces::Letters(Lang::Pt) => "pieces-pt",
        Pieces::Letters(Lang::PtBr) => "pieces-pt-br",
        Pieces::Letters(Lang::Fr) => "pieces-fr",
        Pieces::Letters(Lang::De) => "pieces-de",
        Pieces::Letters(Lang::It) => "pieces-it",
        Pieces::Letters(Lang::Nl) => "pieces-nl",
        Pieces::Figurines => "pieces-figurines",
    };
    Said::new(id).with("pieces", Said::new(pieces))
}

impl crate::i18n::Reason for ReadError {
    fn said(&self) -> crate::i18n::Said {
        use crate::i18n::Said;
        // A word of the input is quoted by its beginning only.
        let token = crate::line::quote(&self.token);
        let why = match &self.kind {
            ReadErrorKind::Move(k) => {
                Said::new("why-read-move").data("token", token).with("dialect", dialect_said(self.dialect)).with("why", k.said())
            }
            ReadErrorKind::MoveNumber { found, expected } => Said::new("why-read-move-number")
                .data("token", token)
                .number("found", i64::from(*found))
                .number("expected", i64::from(*expected)),
            ReadErrorKind::MarkWithoutMove => Said::new("why-read-mark").data("token", token),
            ReadErrorKind::UnopenedVariation => Said::new("why-read-unopened-variation"),
            ReadErrorKind::BadVariation => Said::new("why-read-bad-variation"),
            ReadErrorKind::UnclosedComment => Said::new("why-read-unclosed-comment"),
            ReadErrorKind::BadTag => Said::new("why-read-bad-tag").data("token", token),
            ReadErrorKind::BadFen(e) => Said::new("why-read-bad-fen").data("detail", e.clone()),
            ReadErrorKind::Variant(v) => Said::new("why-read-variant").data("variant", crate::line::quote(v)),
            ReadErrorKind::Incomplete { announced: Some(announced) } => {
                Said::new("why-read-incomplete-announced").data("token", token).data("announced", crate::line::quote(announced))
            }
            ReadErrorKind::Incomplete { announced: None } => Said::new("why-read-incomplete").data("token", token),
            ReadErrorKind::NullMove => Said::new("why-read-null-move").data("token", token),
            ReadErrorKind::AmbiguousNotation(readings) => {
                let reading = |(d, first): &(Dialect, String)| Said::new("why-read-reading").with("dialect", dialect_said(*d)).data("first", first.clone());
                let mut all = readings.iter().map(reading);
                let first = all.next().unwrap_or_else(|| Said::new("why-read-reading").data("dialect", "").data("first", ""));
                let readings = all.fold(first, |acc, next| Said::new("why-read-reading-more").with("first", acc).with("then", next));
                Said::new("why-read-ambiguous-notation").with("readings", readings)
            }
        };
        let side = Said::new(if self.side == Color::White { "why-read-white" } else { "why-read-black" });
        let said = Said::new(if self.candidates.is_empty() { "why-read-game" } else { "why-read-game-candidates" })
            .number("game", i64::try_from(self.game).unwrap_or(i64::MAX))
            .number("move", i64::from(self.move_number))
            .with("side", side)
            .number("line", i64::try_from(self.line).unwrap_or(i64::MAX))
            .number("column", i64::try_from(self.column).unwrap_or(i64::MAX))
            .with("why", why)
            .data("fen", self.fen.clone());
        if self.candidates.is_empty() { said } else { said.data("candidates", self.candidates.join(", ")) }
    }
}

/// Reads every game of `src`, reporting to `visitor`. Returns the number of
/// games and the number that could not be read to the end.
pub fn read_games(src: &str, from: ReadAs, visitor: &mut impl Visitor) -> (usize, usize) {
    read_games_from(src, from, 0, 0, TextEnd::Text, visitor)
}

/// What follows the text given to [`read_games_from`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TextEnd {
    /// More of the input: a game the text ends inside goes on there.
    Block,
    /// Nothing: the text is all of a file or stream, which a game without
    /// its result may have been cut from.
    Input,
    /// Nothing: the text is given whole (a string, not a file), so only a
    /// game with tags, which always ends with its result, is known cut.
    Text,
}

/// Reads every game of `src`, one block of a larger input after `games_before`
/// games and `line_base` lines: game indices and error lines count on from
/// there. `end`: what follows `src`, which tells whether a game that `src`
/// ends inside, with no result, was cut.
pub(crate) fn read_games_from(
    src: &str,
    from: ReadAs,
    games_before: usize,
    line_base: usize,
    end: TextEnd,
    visitor: &mut impl Visitor,
) -> (usize, usize) {
    let mut lexer = Lexer::new(src);
    lexer.line_base = line_base;
    let games_before_block = games_before;
    let mut games = 0;
    let mut failed = 0;
    let mut carry: Option<Tok> = None;
    let mut game = Gathered::default();
    while gather(&mut lexer, &mut carry, from, &mut game) {
        games += 1;
        // Neither a result nor the next game's tags ended it but the end of
        // the input: a PGN record (it has tags) always ends with a result,
        // and a record without tags (a book's, a web page's) ends its last
        // line; a file cut at a random byte ends inside a line.
        // Every tag gathered has its name noted.
        let has_tags = !game.names.is_empty();
        let ends_inside_a_line = !src.trim_end_matches([' ', '\t']).ends_with('\n');
        let cut_there = match end {
            TextEnd::Block => false,
            TextEnd::Input => has_tags || ends_inside_a_line,
            TextEnd::Text => has_tags,
        };
        game.cut_by_end = cut_there && !game.has_result && carry.is_none();
        if !read_game(&lexer, &game, games_before_block + games, from, visitor) {
            failed += 1;
        }
    }
    (games, failed)
}

/// One game's tokens, as gathered from the text.
#[derive(Default)]
pub(crate) struct Gathered {
    pub(crate) toks: Vec<Tok>,
    /// The spans of the names of the tags in `toks`, in their order (kept
    /// to spare an allocation a game).
    names: Vec<(usize, usize)>,
    pub(crate) features: detect::Features,
    /// The indices in `toks` where a spaced descriptive move or a castling
    /// word with its wing may begin (see [`join_start`]), found as the
    /// tokens were gathered, in increasing order; kept to spare an
    /// allocation a game.
    join_at: Vec<u32>,
    /// A result (or resignation) ended the movetext, outside variations.
    pub(crate) has_result: bool,
    /// The end of the input, not a result or the next game, ended it.
    pub(crate) cut_by_end: bool,
}

/// Gathers the next game: its tags, then movetext up to a result, the next
/// tag section, or the end of the input. Returns false when there is none.
///
/// The tokens are walked once here: each is classified as it is pushed, its
/// word observed for notation detection and its index noted if a spaced
/// descriptive move may begin there, so that joining walks only those.
pub(crate) fn gather(lexer: &mut Lexer<'_>, carry: &mut Option<Tok>, from: ReadAs, game: &mut Gathered) -> bool {
    // Taken out of `game` while gathering (and put back at the end), so
    // that pushing to them keeps their lengths in registers.
    let mut toks = std::mem::take(&mut game.toks);
    let mut join_at = std::mem::take(&mut game.join_at);
    let mut features = detect::Features::default();
    toks.clear();
    join_at.clear();
    game.has_result = false;
    let detecting = !matches!(from, ReadAs::Dialect(_));
    let mut in_moves = false;
    let mut depth = 0i32;
    // Whether anything but comments was seen: text after the last game that
    // is only comments (`1/2-1/2 ; { Game Nr. 32 }`) is not a game.
    let mut substance = false;
    // The names of the game's tags so far, as spans of the text.
    game.names.clear();
    let src = lexer.src();
    let name_of = |t: &Tok| {
        let r = tag_name(&src[t.start as usize..t.end as usize]);
        (t.start as usize + r.start, t.start as usize + r.end)
    };
    // A bit per name length and first letter (in either case) seen: a name
    // whose bit is clear is none of the names before it.
    let sign = |(a, b): (usize, usize)| 1u64 << ((b - a + 7 * usize::from(src.as_bytes().get(a).map_or(0, u8::to_ascii_lowercase))) % 64);
    let mut signs = 0u64;
    if let Some(t) = carry.take() {
        if t.kind == TokKind::Tag {
            let name = name_of(&t);
            signs |= sign(name);
            game.names.push(name);
        }
        take(src, detecting, &mut toks, &mut features, &mut join_at, t);
        substance = true;
    }
    while let Some(t) = lexer.next_tok() {
        // Whether the token ends the game; a token that begins the next
        // game is carried instead.
        let mut last = false;
        match t.kind {
            TokKind::Tag if in_moves => {
                *carry = Some(t);
                break;
            }
            TokKind::Tag => {
                // A tag that this game already has starts the next game: the
                // game before it has tags and no moves.
                let (a, b) = name_of(&t);
                let name = &src.as_bytes()[a..b];
                let names = &game.names;
                let repeated = signs & sign((a, b)) != 0 && names.iter().any(|&(x, y)| src.as_bytes()[x..y].eq_ignore_ascii_case(name));
                if repeated {
                    *carry = Some(t);
                    break;
                }
                signs |= sign((a, b));
                game.names.push((a, b));
                substance = true;
            }
            TokKind::Result(_) | TokKind::Resign(_) if depth <= 0 => {
                game.has_result = true;
                substance = true;
                last = true;
            }
            TokKind::VariationStart => {
                depth += 1;
                in_moves = true;
                substance = true;
            }
            TokKind::VariationEnd => depth -= 1,
            TokKind::Comment if !in_moves => {}
            _ => {
                in_moves = true;
                substance = true;
            }
        }
        take(src, detecting, &mut toks, &mut features, &mut join_at, t);
        if last {
            break;
        }
    }
    // Detection observed the words as they came; words joined change them,
    // so then it observes the joined ones instead.
    if substance && join_spaced_descriptive(src, &mut toks, &join_at) && detecting {
        features = detect::Features::default();
        for t in toks.iter() {
            if t.kind == TokKind::Word {
                features.observe(lexer.text(t));
            }
        }
    }
    game.toks = toks;
    game.join_at = join_at;
    game.features = features;
    substance
}

/// Pushes a token of the game being gathered: its word observed for
/// detection, and its index noted if a join may begin there (see
/// [`join_start`]; most tokens are told by their first byte).
#[inline(always)]
fn take(src: &str, detecting: bool, toks: &mut Vec<Tok>, features: &mut detect::Features, join_at: &mut Vec<u32>, t: Tok) {
    let bytes = src.as_bytes().get(t.start as usize..t.end as usize).unwrap_or_default();
    if t.kind == TokKind::Word && detecting && !features.observe_plain(bytes) {
        features.observe(&src[t.start as usize..t.end as usize]);
    }
    if JOIN_LEAD[usize::from(bytes.first().copied().unwrap_or(0))] && join_start(&t, bytes) {
        join_at.push(toks.len() as u32);
    }
    toks.push(t);
}

/// The bytes of a tag name written the usual way: ASCII letters, digits
/// and `_`.
static NAME_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    t
};

/// Where the name of a tag is in its text.
fn tag_name(text: &str) -> std::ops::Range<usize> {
    // The usual `[Name "…"]`: an ASCII name right after the bracket, ended
    // by an ASCII byte.
    let b = text.as_bytes();
    if b.len() > 1 && b[0] == b'[' && b[1].is_ascii_alphanumeric() {
        let end = b[1..].iter().position(|&c| !NAME_BYTE[usize::from(c)]).map_or(b.len(), |i| i + 1);
        if b.get(end).is_some_and(|c| matches!(c, b' ' | b'\t' | b'"' | b']')) {
            return 1..end;
        }
    }
    let inner = text.trim_start_matches('[').trim_start();
    let name = inner.split(|c: char| c.is_whitespace() || c == '"' || c == ']').next().unwrap_or("");
    let start = text.len() - inner.len();
    start..start + name.len()
}

/// Joins descriptive moves printed with spaces inside (`P - Q 4`,
/// `Kt -Q B 3`, `K P × P`, `QR-Q sq`, `B-K6 ch`) into single words, as old
/// books print them. Only words that are all descriptive pieces (capitals,
/// signs, ranks) are joined, one space apart on a line: columns of a
/// two-column layout are further apart, and algebraic moves (with their
/// lower-case files) are never pieces.
///
/// A join begins only at a token that [`join_start`] accepts; `starts`
/// holds their indices in `toks`, in increasing order, and the tokens
/// between them are passed over (and copied as they are, once something was
/// joined). Returns whether anything was joined.
fn join_spaced_descriptive(src: &str, toks: &mut Vec<Tok>, starts: &[u32]) -> bool {
    let b = src.as_bytes();
    // A rank printed apart (`P - Q 4`) is lexed as a move number without dots.
    let joinable = |t: &Tok| {
        matches!(t.kind, TokKind::Word | TokKind::Mark(Mark::Other))
            || matches!(t.kind, TokKind::MoveNumber(1..=8)) && t.end - t.start == 1
    };
    let mut i = 0;
    let mut out: Option<Vec<Tok>> = None;
    for &start in starts {
        let start = start as usize;
        // A start inside what was joined before it begins nothing.
        if start < i || start >= toks.len() {
            continue;
        }
        if let Some(v) = out.as_mut() {
            v.extend_from_slice(&toks[i..start]);
        }
        i = start;
        let t = toks[i];
        let mut merged = t;
        let first = &src[t.start as usize..t.end as usize];
        if is_castles_word(first) && i + 1 < toks.len() {
            // `Castles KR`, `Castles QR`, `Castles (QR)`.
            let n = toks[i + 1];
            let next = &src[n.start as usize..n.end as usize];
            let gap = b.get(t.end as usize..n.start as usize);
            if gap.is_some_and(|g| g.len() <= 1) && matches!(next, "KR" | "QR" | "K" | "Q" | "(KR)" | "(QR)") {
                let v = out.get_or_insert_with(|| toks[..i].to_vec());
                v.push(Tok { kind: TokKind::Word, start: t.start, end: n.end });
                i += 2;
                continue;
            }
        }
        if joinable(&t) && !matches!(t.kind, TokKind::MoveNumber(_)) && is_desc_piece(first) {
            let mut compact: String = src[t.start as usize..t.end as usize].to_owned();
            let mut j = i + 1;
            // Tokens merged so far may reach past the next one's start
            // (`1.1.N1.N`): that is no gap, and nothing to join.
            let near = |from: u32, to: u32| {
                b.get(from as usize..to as usize)
                    .is_some_and(|gap| gap.len() <= 1 && gap.iter().all(|c| *c == b' ' || *c == b'\t'))
            };
            while j < toks.len() {
                let n = toks[j];
                if !near(merged.end, n.start) {
                    break;
                }
                // An origin in parentheses, spaced: `R (Q 2) - K 2`, `Kt × P (K 3)`.
                if n.kind == TokKind::VariationStart && compact.len() <= 8 {
                    let close = (j + 1..toks.len().min(j + 5)).find(|&k| toks[k].kind == TokKind::VariationEnd);
                    let Some(k) = close else { break };
                    let inner_ok = (j + 1..k).all(|x| joinable(&toks[x]) && near(toks[x - 1].end, toks[x].start))
                        && near(toks[k - 1].end, toks[k].start)
                        && (j + 1..k).all(|x| {
                            let w = &src[toks[x].start as usize..toks[x].end as usize];
                            is_desc_piece(w) || w.bytes().all(|c| matches!(c, b'1'..=b'8'))
                        });
                    if !inner_ok || k == j + 1 {
                        break;
                    }
                    for x in j..=k {
                        compact.push_str(&src[toks[x].start as usize..toks[x].end as usize]);
                    }
                    merged.end = toks[k].end;
                    j = k + 1;
                    continue;
                }
                if !joinable(&n) {
                    break;
                }
                let next = &src[n.start as usize..n.end as usize];
                if !joins(&compact, next) {
                    break;
                }
                compact.push_str(next);
                merged.end = n.end;
                j += 1;
            }
            if j > i + 1 {
                merged.kind = TokKind::Word;
                let v = out.get_or_insert_with(|| toks[..i].to_vec());
                v.push(merged);
                i = j;
                continue;
            }
        }
        if let Some(v) = out.as_mut() {
            v.push(t);
        }
        i += 1;
    }
    match out {
        Some(mut v) => {
            v.extend_from_slice(&toks[i.min(toks.len())..]);
            *toks = v;
            true
        }
        None => false,
    }
}

/// The castling words a wing may follow (`Castles KR`).
fn is_castles_word(w: &str) -> bool {
    is_castles_bytes(w.as_bytes())
}

fn is_castles_bytes(w: &[u8]) -> bool {
    matches!(w, b"Castles" | b"castles" | b"Castle" | b"CASTLES")
}

/// Whether [`join_spaced_descriptive`] may join anything from the token
/// `t` (of text `text`) on: a castling word, or a word or mark that is a
/// descriptive piece. At any other token it joins nothing.
#[inline]
fn join_start(t: &Tok, text: &[u8]) -> bool {
    // Most tokens (pawn moves, numbers, comments, tags) begin with a byte
    // that begins neither a castling word nor a descriptive piece.
    let lead = text.first().copied().unwrap_or(0);
    if matches!(lead, b'C' | b'c') {
        return is_castles_bytes(text);
    }
    matches!(t.kind, TokKind::Word | TokKind::Mark(Mark::Other)) && DESC_LEAD[usize::from(lead)] && is_desc_piece_bytes(text)
}

/// The first bytes of the tokens [`join_start`] may accept: those of
/// castling words and of descriptive pieces.
static JOIN_LEAD: [bool; 256] = {
    let mut t = DESC_LEAD;
    t[b'C' as usize] = true;
    t[b'c' as usize] = true;
    t
};

/// The bytes a word that [`is_desc_piece`] accepts can begin with.
static DESC_LEAD: [bool; 256] = {
    let mut t = [false; 256];
    let lead = b"12345678KQRBNPtO-xX()/\xC3";
    let mut i = 0;
    while i < lead.len() {
        t[lead[i] as usize] = true;
        i += 1;
    }
    t
};

/// A piece of a descriptive move as books space them: piece names, wings,
/// signs, ranks, `sq`.
fn is_desc_piece(w: &str) -> bool {
    is_desc_piece_bytes(w.as_bytes())
}

/// [`is_desc_piece`] on the bytes of the word.
#[inline]
fn is_desc_piece_bytes(b: &[u8]) -> bool {
    // Byte by byte (`×` is 0xC3 0x97): piece letters, `Kt`, signs, ranks,
    // with `sq` at the end; at least one that is not a rank; not only
    // parentheses.
    // An algebraic piece move (`Nf3`, `Be2`) has a file letter second,
    // and a capture (`Nxe5`) third, which no piece of a descriptive move
    // has anywhere.
    let file = |i: usize| b.get(i).is_some_and(|c| matches!(c, b'a'..=b'h'));
    !file(1) && !file(2) && desc_piece_bytes(b)
}

/// [`is_desc_piece`] byte by byte, without its quick rejection.
fn desc_piece_bytes(b: &[u8]) -> bool {
    let core = b.strip_suffix(b"sq").unwrap_or(b);
    if b.is_empty() || (b != b"sq" && core.is_empty()) {
        return false;
    }
    let mut i = 0;
    let mut not_rank = false;
    while i < core.len() {
        match core[i] {
            b'1'..=b'8' => {}
            b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b't' | b'O' | b'-' | b'x' | b'X' | b'(' | b')' | b'/' => not_rank = true,
            0xC3 if core.get(i + 1) == Some(&0x97) => {
                not_rank = true;
                i += 1;
            }
            _ => return false,
        }
        i += 1;
    }
    not_rank && b.iter().any(|&c| c != b'(' && c != b')')
}

/// Whether `next` continues the descriptive move `sofar` (both compact).
fn joins(sofar: &str, next: &str) -> bool {
    let is_sign = |c: char| matches!(c, '-' | 'x' | 'X' | '×');
    // Check and mate written apart (`B-K6 ch`) belong to a move with a sign.
    if matches!(next, "ch" | "ch." | "dis" | "dis." | "dbl" | "dbl." | "mate" | "mate.") {
        return sofar.contains(is_sign);
    }
    let rank = !next.is_empty() && next.bytes().all(|c| matches!(c, b'1'..=b'8')) || next == "sq";
    if !is_desc_piece(next) && !rank {
        return false;
    }
    // Castling is complete (`O-O` then the next move), unless it goes on
    // to the queen's side (`O - O - O`).
    if matches!(sofar, "O-O" | "0-0") {
        return next.starts_with('-');
    }
    if matches!(sofar, "O-O-O" | "0-0-0") {
        return false;
    }
    let Some(sign) = sofar.find(is_sign) else {
        // Still naming the piece: `Q R`, `K P`, `Kt`, then the sign. A
        // word with a rank and no sign is a whole move (Spanish `P4R`).
        // Digits of an origin in parentheses (`R (K 1) - K 3`) are no rank.
        let bare = sofar.split('(').next().unwrap_or(sofar);
        let next_bare = next.split('(').next().unwrap_or(next);
        return !bare.contains(|c: char| c.is_ascii_digit()) && (!next_bare.contains(|c: char| c.is_ascii_digit()) || next.contains(is_sign));
    };
    if sofar.ends_with(is_sign) || next.starts_with(is_sign) || next.starts_with('(') || next.starts_with('/') {
        return true;
    }
    let after = &sofar[sign..];
    if after.starts_with('-') {
        // A destination is complete with its rank.
        !(after.ends_with(|c: char| c.is_ascii_digit()) || after.ends_with("sq") || after.ends_with(')'))
    } else {
        // A capture goes on while pieces qualify it: `P × Q P`, `R × K Kt P`.
        !next.contains(is_sign) && !next.contains(|c: char| c.is_ascii_digit())
    }
}

/// Reads one game's tokens. Returns whether it was read to the end.
pub(crate) fn read_game(lexer: &Lexer<'_>, game: &Gathered, index: usize, from: ReadAs, visitor: &mut impl Visitor) -> bool {
    let toks = &game.toks[..];
    let features = &game.features;
    // Tags first: they may set up the start position.
    let mut start = Chess::default();
    let mut setup_error = None;
    // The tags are read here for the set-up, and again for the visitor
    // if it takes them (a plain tag is read without a copy).
    let tags = || toks.iter().filter(|t| t.kind == TokKind::Tag).map(|t| {
        let (name, value) = lexer.tag(t);
        (t, name, value)
    });
    // Chess960 (Fischer random): named by the Variant tag, or shown by
    // castling rights written with files (`HDhd`, as chess.com does).
    let mut mode = CastlingMode::Standard;
    let mut announced: Option<&'static str> = None;
    let mut has_fen = false;
    // Only these tags matter here; a tag whose name (found when the game
    // was gathered) is none of them is not read further.
    let src = lexer.src().as_bytes();
    let wanted = toks.iter().filter(|t| t.kind == TokKind::Tag).zip(&game.names).filter(|(_, (a, b))| {
        let name = &src[*a..*b];
        [&b"Variant"[..], b"FEN", b"Result"].iter().any(|w| name.eq_ignore_ascii_case(w))
    });
    for (t, name, value) in wanted.map(|(t, _)| {
        let (name, value) = lexer.tag(t);
        (t, name, value)
    }) {
        if name.eq_ignore_ascii_case("Variant") {
            let v = value.to_ascii_lowercase();
            if is_chess960(&v) {
                mode = CastlingMode::Chess960;
            } else if !matches!(v.as_str(), "" | "standard" | "chess" | "normal") {
                setup_error = Some((ReadErrorKind::Variant(value.to_string()), *t));
            }
        }
        if name.eq_ignore_ascii_case("FEN") {
            has_fen = true;
            if value.split_whitespace().nth(2).is_some_and(|c| c.chars().any(|c| matches!(c, 'A'..='H' | 'a'..='h'))) {
                mode = CastlingMode::Chess960;
            }
        }
        if name.eq_ignore_ascii_case("Result") {
            let r = ["1-0", "0-1", "1/2-1/2", "*"].into_iter().find(|r| *r == value.trim());
            if r.is_some() {
                announced = r;
            }
        }
    }
    if mode == CastlingMode::Chess960 {
        start = Chess::from_setup(Setup::default(), mode).expect("the standard start is a legal Chess960 position");
    }
    if has_fen {
        for (t, name, value) in tags() {
            if name.eq_ignore_ascii_case("FEN") {
                match value.parse::<Fen>().map_err(|e| e.to_string()).and_then(|f| f.into_position(mode).map_err(|e| e.to_string())) {
                    Ok(p) => start = p,
                    Err(e) => setup_error = Some((ReadErrorKind::BadFen(e), *t)),
                }
            }
        }
    }

    let dialects: Vec<Dialect> = match from {
        ReadAs::Dialect(d) => vec![d],
        ReadAs::Auto => features.candidates(),
        ReadAs::Notation(n) => {
            // San, Lan and Uci are read by one algebraic reader.
            let algebraic = matches!(n, Notation::San | Notation::Lan | Notation::Uci);
            let fits = |d: &Dialect| if algebraic { d.notation == Notation::San } else { d.notation == n };
            let mut c: Vec<Dialect> = features.candidates().into_iter().filter(fits).collect();
            if c.is_empty() {
                c = match n {
                    _ if algebraic => vec![Dialect::PGN],
                    Notation::Descriptive => vec![
                        Dialect { notation: n, pieces: crate::notation::Pieces::Letters(crate::notation::Lang::En) },
                        Dialect { notation: n, pieces: crate::notation::Pieces::Letters(crate::notation::Lang::Es) },
                    ],
                    _ => vec![Dialect { notation: n, pieces: crate::notation::Pieces::Letters(crate::notation::Lang::En) }],
                };
            }
            c
        }
    };

    visitor.begin_game(index);
    if visitor.takes_tags() {
        for (_, name, value) in tags() {
            visitor.tag(name, &value);
        }
    }
    if let Some((kind, t)) = setup_error {
        let err = error_at(lexer, &t, index, &start, dialects[0], kind, Vec::new());
        visitor.end_game(Some(&err));
        return false;
    }

    let dialect = if dialects.len() == 1 {
        dialects[0]
    } else {
        match choose(lexer, toks, index, &start, &dialects) {
            Ok(d) => d,
            Err(e) => {
                let e = blame(lexer, game, index, &start, from, e);
                visitor.end_game(Some(&e));
                return false;
            }
        }
    };
    let played = play(lexer, toks, index, &start, dialect, visitor);
    let played = match played {
        Err(e) if !matches!(from, ReadAs::Dialect(_)) => Err(blame(lexer, game, index, &start, from, e)),
        other => other,
    };
    match played {
        // Moves, and no result although the Result tag announces a decided
        // one; or, under `[Result "*"]` or no Result tag, the input ends
        // inside the game in a position that does not end it: the text was
        // cut (a truncated file). Reported, never taken as `*`. (A game
        // under `*` followed by the next game is read, as python-chess
        // does: sloppy, not cut.)
        Ok(end)
            if !game.has_result
                && end.last_word.is_some()
                && (announced.is_some_and(|r| r != "*") || (game.cut_by_end && !end.pos.is_game_over())) =>
        {
            let t = end.last_word.expect("checked");
            let kind = ReadErrorKind::Incomplete { announced: announced.map(str::to_owned) };
            let e = error_at(lexer, &t, index, &end.pos, dialect, kind, Vec::new());
            visitor.end_game(Some(&e));
            false
        }
        Ok(_) => {
            visitor.end_game(None);
            true
        }
        Err(e) => {
            visitor.end_game(Some(&e));
            false
        }
    }
}

/// When no reading completes, the error to report: the one of the dialect
/// that reads furthest, counting the languages that every piece letter but a
/// few fits (so a typo blames the move where it is, not the first move the
/// wrong language cannot read).
fn blame(lexer: &Lexer<'_>, game: &Gathered, index: usize, start: &Chess, from: ReadAs, e: ReadError) -> ReadError {
    // Readings that complete and disagree are the error, not a typo.
    if matches!(e.kind, ReadErrorKind::AmbiguousNotation(_)) {
        return e;
    }
    let progress = |e: &ReadError| e.move_number as u64 * 2 + u64::from(e.side == Color::Black);
    let mut best = e;
    for d in game.features.near_fits() {
        if matches!(from, ReadAs::Notation(n) if n != Notation::San && n != Notation::Lan && n != Notation::Uci) {
            break;
        }
        if let Err(other) = play(lexer, &game.toks, index, start, d, &mut MainLine::default())
            && progress(&other) > progress(&best) {
                best = other;
            }
    }
    best
}

/// Collects the moves of a reading, for comparing dialects: the main line,
/// and every move with the variation boundaries.
#[derive(Default)]
struct MainLine {
    depth: usize,
    moves: Vec<Move>,
    all: Vec<Option<Move>>,
}

impl Visitor for MainLine {
    fn on_move(&mut self, _: &Chess, m: Move, _: &Chess, _: &str) {
        if self.depth == 0 {
            self.moves.push(m);
        }
        self.all.push(Some(m));
    }
    fn null_move(&mut self, _: &Chess, _: &Chess) {
        self.all.push(None);
    }
    fn takes_null_moves(&self) -> bool {
        true
    }
    fn begin_variation(&mut self) {
        self.depth += 1;
        self.all.push(None);
    }
    fn end_variation(&mut self) {
        self.depth -= 1;
        self.all.push(None);
    }
}

/// Picks the dialect among several candidates: the complete readings must agree.
fn choose(lexer: &Lexer<'_>, toks: &[Tok], index: usize, start: &Chess, dialects: &[Dialect]) -> Result<Dialect, ReadError> {
    let mut complete: Vec<(Dialect, Vec<Move>, Vec<Option<Move>>)> = Vec::new();
    let mut best_error: Option<ReadError> = None;
    let mut best_progress = 0;
    for &d in dialects {
        let mut line = MainLine::default();
        match play(lexer, toks, index, start, d, &mut line) {
            Ok(_) => {
                if !complete.iter().any(|(_, _, all)| *all == line.all) {
                    complete.push((d, line.moves, line.all));
                }
            }
            Err(e) => {
                if best_error.is_none() || line.moves.len() > best_progress {
                    best_progress = line.moves.len();
                    best_error = Some(e);
                }
            }
        }
    }
    match complete.len() {
        0 => Err(best_error.expect("at least one candidate")),
        1 => Ok(complete[0].0),
        _ => {
            // Name the first ply where the readings part.
            let (d0, m0, _) = &complete[0];
            let mut readings = Vec::new();
            let mut pos = start.clone();
            let (d1, m1, _) = &complete[1];
            let ply = m0.iter().zip(m1.iter()).position(|(a, b)| a != b).unwrap_or(m0.len().min(m1.len()));
            for m in &m0[..ply] {
                pos.play_unchecked(*m);
            }
            for (d, ms) in [(d0, m0), (d1, m1)] {
                let shown = match ms.get(ply) {
                    Some(m) => Notator::new(Dialect::PGN, &pos).to_text(&pos, *m),
                    None if m0 == m1 => "a move in a variation".to_owned(),
                    None => "(end of game)".to_owned(),
                };
                readings.push((*d, shown));
            }
            let first_tok = toks.iter().find(|t| t.kind == TokKind::Word).copied().unwrap_or(toks[0]);
            Err(error_at(lexer, &first_tok, index, start, *d0, ReadErrorKind::AmbiguousNotation(readings), Vec::new()))
        }
    }
}

/// One line of play (the main line or a variation) being read.
#[derive(Clone)]
struct Line {
    pos: Chess,
    notator: Notator,
    /// The position and notator before the last move, kept when a
    /// variation follows it.
    prev: Option<(Chess, Notator)>,
    /// The last move played in this line (marks need one before them).
    last: Option<Move>,
}

/// Where the main line ended: its last move word and position.
struct PlayEnd {
    last_word: Option<Tok>,
    pos: Chess,
}

fn is_chess960(variant: &str) -> bool {
    matches!(variant, "chess960" | "chess 960" | "960" | "fischerandom" | "fischer random" | "fischer-random" | "fischerrandom" | "frc" | "freestyle")
}

/// Plays the movetext in `dialect`, reporting to `visitor`.
fn play(lexer: &Lexer<'_>, toks: &[Tok], index: usize, start: &Chess, dialect: Dialect, visitor: &mut impl Visitor) -> Result<PlayEnd, ReadError> {
    visitor.begin_moves(start, dialect);
    let line = Line { pos: start.clone(), notator: Notator::new(dialect, start), prev: None, last: None };
    let state = State { line, stack: Vec::new(), i: 0, last_word: None };
    let mut look = Look { tries: LOOK_AHEAD_TRIES, exhausted: false };
    run(lexer, toks, index, dialect, state, visitor, &mut look)
}

/// Where a reading stands: the line being read, the lines it branched from,
/// the next token, the last main-line move word.
#[derive(Clone)]
struct State {
    line: Line,
    stack: Vec<(Line, Tok)>,
    i: usize,
    last_word: Option<Tok>,
}

/// How many readings of the rest of a game may be tried to settle its
/// ambiguous moves. When they run out, an ambiguity stays an error.
const LOOK_AHEAD_TRIES: u32 = 48;

struct Look {
    tries: u32,
    /// A try ran out of tries: its outcome is unknown.
    exhausted: bool,
}

/// A visitor that keeps nothing, for trying readings.
struct Silent;

impl Visitor for Silent {
    fn takes_null_moves(&self) -> bool {
        true
    }
}

/// Whether the rest of the game, from `state`, reads to its end: `Some(true)`,
/// `Some(false)`, or `None` when the tries ran out before it was known.
fn reads_to_end(lexer: &Lexer<'_>, toks: &[Tok], index: usize, dialect: Dialect, state: State, look: &mut Look) -> Option<bool> {
    let before = look.exhausted;
    look.exhausted = false;
    let ok = run(lexer, toks, index, dialect, state, &mut Silent, look).is_ok();
    let unknown = look.exhausted && !ok;
    look.exhausted |= before;
    if unknown { None } else { Some(ok) }
}

/// Reads from `state` to the end of the tokens.
fn run(lexer: &Lexer<'_>, toks: &[Tok], index: usize, dialect: Dialect, state: State, visitor: &mut impl Visitor, look: &mut Look) -> Result<PlayEnd, ReadError> {
    let State { mut line, mut stack, mut i, mut last_word } = state;
    let mut joined = String::new();
    let pairs = dialect.notation.pairs_moves();
    let err = |t: &Tok, pos: &Chess, kind: ReadErrorKind, candidates: Vec<String>| error_at(lexer, t, index, pos, dialect, kind, candidates);
    while i < toks.len() {
        let t = &toks[i];
        i += 1;
        match t.kind {
            TokKind::Tag => {}
            TokKind::Comment => visitor.comment(lexer::trim(lexer.text(t))),
            TokKind::UnclosedComment => return Err(err(t, &line.pos, ReadErrorKind::UnclosedComment, Vec::new())),
            TokKind::BadTag => return Err(err(t, &line.pos, ReadErrorKind::BadTag, Vec::new())),
            TokKind::Nag(n) => visitor.nag(n),
            TokKind::DrawOffer => {
                if line.last.is_none() {
                    return Err(err(t, &line.pos, ReadErrorKind::MarkWithoutMove, Vec::new()));
                }
                visitor.draw_offer();
            }
            // A result closing a variation is not the game's result.
            TokKind::Result(r) => {
                if stack.is_empty() {
                    visitor.result(r);
                }
            }
            // The side named resigns; `Resigns` alone is said by the side to move.
            TokKind::Resign(who) => {
                if stack.is_empty() {
                    let loser = match who {
                        Resigner::White => Color::White,
                        Resigner::Black => Color::Black,
                        Resigner::SideToMove => line.pos.turn(),
                    };
                    visitor.result(if loser == Color::White { GameResult::BlackWins } else { GameResult::WhiteWins });
                }
            }
            TokKind::Ellipsis | TokKind::Separator => {}
            TokKind::MoveNumber(n) => {
                let expected = line.pos.fullmoves().get();
                if n != expected {
                    let e = err(t, &line.pos, ReadErrorKind::MoveNumber { found: n, expected }, Vec::new());
                    // A misprinted number (`22. ...` after `21. K-R1`), if
                    // with it passed over the rest of the game reads to its
                    // end and a later number of this line confirms the count
                    // of moves; a number out by dropped moves shifts every
                    // later one, and stays an error.
                    if !later_move_number(&toks[i..]) {
                        return Err(e);
                    }
                    if look.tries == 0 {
                        look.exhausted = true;
                        return Err(e);
                    }
                    look.tries -= 1;
                    let rest = State { line: line.clone(), stack: stack.clone(), i, last_word };
                    if reads_to_end(lexer, toks, index, dialect, rest, look) != Some(true) {
                        return Err(e);
                    }
                    visitor.note(&Note {
                        written: lexer.text(t).to_owned(),
                        kind: NoteKind::MoveNumber { found: n, expected },
                        move_number: expected,
                        side: line.pos.turn(),
                    });
                }
            }
            TokKind::Mark(mark) => {
                let Some(last) = line.last else {
                    return Err(err(t, &line.pos, ReadErrorKind::MarkWithoutMove, Vec::new()));
                };
                // An en passant mark not right after its move (`exd6 + e.p.`)
                // is checked here; right after it, it is read with the move.
                if mark == Mark::EnPassant && !last.is_en_passant() {
                    return Err(err(t, &line.pos, ReadErrorKind::Move(MoveErrorKind::EnPassantMarkOnOtherMove), Vec::new()));
                }
            }
            TokKind::VariationStart => {
                let Some((before, notator)) = line.prev.clone() else {
                    return Err(err(t, &line.pos, ReadErrorKind::BadVariation, Vec::new()));
                };
                let outer = std::mem::replace(&mut line, Line { pos: before, notator, prev: None, last: None });
                stack.push((outer, *t));
                visitor.begin_variation();
            }
            TokKind::VariationEnd => {
                let Some((outer, _)) = stack.pop() else {
                    return Err(err(t, &line.pos, ReadErrorKind::UnopenedVariation, Vec::new()));
                };
                line = outer;
                visitor.end_variation();
            }
            TokKind::Word => {
                let text = lexer.text(t);
                // An en passant mark written as the next word belongs to the move.
                let word: &str = if matches!(toks.get(i).map(|n| n.kind), Some(TokKind::Mark(Mark::EnPassant))) {
                    joined.clear();
                    joined.push_str(text);
                    // Whatever its spelling (`e.p.`, `a.p.`, `(ep)`), the mark
                    // is read as one the move readers know.
                    joined.push_str(" e.p.");
                    i += 1;
                    &joined
                } else {
                    text
                };
                // The position before this move is needed only if a variation
                // replaces it.
                let keep = toks[i..]
                    .iter()
                    .find(|n| !matches!(n.kind, TokKind::Comment | TokKind::Nag(_) | TokKind::Mark(_) | TokKind::DrawOffer))
                    .is_some_and(|n| n.kind == TokKind::VariationStart);
                if pairs {
                    for (part_start, part) in split_pair(word) {
                        if part.is_empty() {
                            continue;
                        }
                        let sub = Tok { kind: TokKind::Word, start: t.start + part_start as u32, end: t.start + (part_start + part.len()) as u32 };
                        play_word(&mut line, part, &sub, keep, visitor, &err)?;
                    }
                } else {
                    match play_word(&mut line, word, t, keep, visitor, &err) {
                        Ok(()) => {}
                        Err(e) if e.kind == ReadErrorKind::Move(MoveErrorKind::Ambiguous) => {
                            // Settled by the rest of the game, if exactly one
                            // candidate lets it be read to its end.
                            let Err(MoveError { candidates, .. }) = line.notator.read(&line.pos, word) else { return Err(e) };
                            let mut fitting = Vec::new();
                            for &m in &candidates {
                                if look.tries == 0 {
                                    look.exhausted = true;
                                    return Err(e);
                                }
                                look.tries -= 1;
                                let mut trial = line.clone();
                                apply(&mut trial, m, word, false, &mut Silent);
                                let rest = State { line: trial, stack: stack.clone(), i, last_word: Some(*t) };
                                match reads_to_end(lexer, toks, index, dialect, rest, look) {
                                    Some(true) => fitting.push(m),
                                    Some(false) => {}
                                    None => return Err(e),
                                }
                            }
                            let [m] = fitting[..] else { return Err(e) };
                            let note = Note {
                                written: word.to_owned(),
                                kind: NoteKind::Settled {
                                    chosen: line.notator.to_text(&line.pos, m),
                                    others: candidates.iter().filter(|c| **c != m).map(|c| line.notator.to_text(&line.pos, *c)).collect(),
                                },
                                move_number: line.pos.fullmoves().get(),
                                side: line.pos.turn(),
                            };
                            apply(&mut line, m, word, keep, visitor);
                            visitor.note(&note);
                        }
                        Err(e) => return Err(e),
                    }
                }
                if stack.is_empty() {
                    last_word = Some(*t);
                }
            }
        }
    }
    if let Some((outer, open)) = stack.first() {
        return Err(err(open, &outer.pos, ReadErrorKind::BadVariation, Vec::new()));
    }
    Ok(PlayEnd { last_word, pos: line.pos })
}

/// Whether a move number follows in the line these tokens continue (not in
/// a variation opened after it, nor after the line closes).
fn later_move_number(toks: &[Tok]) -> bool {
    let mut depth = 0usize;
    for t in toks {
        match t.kind {
            TokKind::VariationStart => depth += 1,
            TokKind::VariationEnd if depth == 0 => return false,
            TokKind::VariationEnd => depth -= 1,
            TokKind::MoveNumber(_) if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// The position after the side to move passes (a null move), or `None` in check.
fn pass(pos: &Chess) -> Option<Chess> {
    if pos.is_check() {
        return None;
    }
    let mode = pos.castles().mode();
    let mut setup: Setup = pos.clone().to_setup(EnPassantMode::Legal);
    setup.swap_turn();
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if pos.turn() == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    Chess::from_setup(setup, mode).ok()
}

/// Whether a word is a null move: `--` (PGN exports), `Z0` (ChessBase), `0000` (UCI).
fn is_null_move(word: &str) -> bool {
    matches!(word, "--" | "Z0" | "0000" | "@@@@")
}

fn split_pair(word: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    word.split(['-', '–']).map(move |p| {
        let at = offset;
        offset += p.len() + if word[at + p.len()..].starts_with('–') { '–'.len_utf8() } else { 1 };
        (at, p)
    })
}

/// Reads and plays one word on `line`. The common case (a move read) is
/// inlined into the reader's loop; null moves and errors are not.
#[inline(always)]
fn play_word(
    line: &mut Line,
    word: &str,
    t: &Tok,
    keep: bool,
    visitor: &mut impl Visitor,
    err: &impl Fn(&Tok, &Chess, ReadErrorKind, Vec<String>) -> ReadError,
) -> Result<(), ReadError> {
    if is_null_move(word) {
        return play_null_move(line, t, keep, visitor, err);
    }
    match line.notator.read(&line.pos, word) {
        Ok(m) => {
            apply(line, m, word, keep, visitor);
            Ok(())
        }
        Err(e) => Err(move_error(line, t, e, err)),
    }
}

/// The error of a word that reads as no move: its candidates written in
/// the dialect read.
#[cold]
#[inline(never)]
fn move_error(line: &Line, t: &Tok, e: MoveError, err: &impl Fn(&Tok, &Chess, ReadErrorKind, Vec<String>) -> ReadError) -> ReadError {
    let MoveError { kind, candidates } = e;
    let shown = candidates.iter().map(|m| line.notator.to_text(&line.pos, *m)).collect();
    err(t, &line.pos, ReadErrorKind::Move(kind), shown)
}

/// Plays a null move on `line`, if the position and the visitor allow one.
#[cold]
#[inline(never)]
fn play_null_move(
    line: &mut Line,
    t: &Tok,
    keep: bool,
    visitor: &mut impl Visitor,
    err: &impl Fn(&Tok, &Chess, ReadErrorKind, Vec<String>) -> ReadError,
) -> Result<(), ReadError> {
    let after = match pass(&line.pos) {
        Some(p) if visitor.takes_null_moves() => p,
        _ => return Err(err(t, &line.pos, ReadErrorKind::NullMove, Vec::new())),
    };
    let before = std::mem::replace(&mut line.pos, after);
    let notator_before = keep.then(|| line.notator.clone());
    visitor.null_move(&before, &line.pos);
    line.prev = notator_before.map(|n| (before, n));
    // Marks after a null move have nothing to qualify.
    line.last = None;
    Ok(())
}

/// Plays `m`, read from `word`, on `line`.
#[inline(always)]
fn apply(line: &mut Line, m: Move, word: &str, keep: bool, visitor: &mut impl Visitor) {
    let before = line.pos.clone();
    line.pos.play_unchecked(m);
    // The position and notator are moved into the line only when they are
    // kept; otherwise only the line's slot is emptied, not rewritten whole.
    if keep {
        let notator_before = line.notator.clone();
        line.notator.played(&before, m);
        visitor.on_move(&before, m, &line.pos, word);
        line.prev = Some((before, notator_before));
    } else {
        line.notator.played(&before, m);
        visitor.on_move(&before, m, &line.pos, word);
        if line.prev.is_some() {
            line.prev = None;
        }
    }
    line.last = Some(m);
}

fn error_at(lexer: &Lexer<'_>, t: &Tok, index: usize, pos: &Chess, dialect: Dialect, kind: ReadErrorKind, candidates: Vec<String>) -> ReadError {
    let src = lexer.src();
    let start = (t.start as usize).min(src.len());
    let before = &src[..start];
    let line = lexer.line_base + lexer.breaks_before(start) + 1;
    let line_start = memchr::memrchr(b'\n', before.as_bytes()).map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    ReadError {
        game: index,
        move_number: pos.fullmoves().get(),
        side: pos.turn(),
        line,
        column,
        token: lexer.text(t).to_owned(),
        dialect,
        kind,
        fen: crate::notation::position::write_fen(pos),
        candidates,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables of the quick paths say what the functions they stand for say.
    #[test]
    fn the_byte_tables_agree_with_their_tests() {
        for c in 0..=255u8 {
            assert_eq!(NAME_BYTE[usize::from(c)], c.is_ascii_alphanumeric() || c == b'_', "{c}");
        }
    }

    proptest::proptest! {
        /// The quick rejection changes no answer.
        #[test]
        fn descriptive_pieces_are_told_as_byte_by_byte(w in "[1-9KQRBNPtO\\-xX()/×sqa-hCc]{0,6}") {
            proptest::prop_assert_eq!(is_desc_piece(&w), desc_piece_bytes(w.as_bytes()), "{}", w);
        }

        /// Joining from the tokens noted while gathering gives what
        /// trying every token gives, and detection, observing the words as
        /// they come, what observing the joined words gives.
        #[test]
        fn joins_begin_only_where_gathering_noted(
            parts in proptest::collection::vec("K|Q|R|B|N|P|Kt|QR|KR|QB|[1-8]|-|x|×|sq|ch|mate|\\(|\\)|\\(Q 2\\)|Castles|castles|O-O|O|e4|Nf3|exd5|P-K4|12\\.|3\\.|ep|e\\.p\\.|!|\\+|\\{c\\}|Cf3|C", 0..24),
            gaps in proptest::collection::vec(" |  |\n|\t", 24),
        ) {
            let text: String = parts.iter().zip(&gaps).flat_map(|(p, g)| [p.as_str(), g.as_str()]).collect();
            let mut lexer = Lexer::new(&text);
            let mut game = Gathered::default();
            if !gather(&mut lexer, &mut None, ReadAs::Auto, &mut game) {
                return Ok(());
            }
            let mut again = Lexer::new(&text);
            let mut all = Vec::new();
            while let Some(t) = again.next_tok() {
                all.push(t);
            }
            let every: Vec<u32> = (0..all.len() as u32).collect();
            join_spaced_descriptive(&text, &mut all, &every);
            proptest::prop_assert_eq!(&all, &game.toks, "{:?}", text);
            let mut features = detect::Features::default();
            for t in all.iter().filter(|t| t.kind == TokKind::Word) {
                features.observe(again.text(t));
            }
            proptest::prop_assert_eq!(features, game.features, "{:?}", text);
        }

        /// A token that a join may begin at begins with a byte of
        /// `JOIN_LEAD`, so the tokens passed over by it are none.
        #[test]
        fn join_starts_begin_with_a_leading_byte(w in "[1-9KQRBNPtO\\-xX()/×sqa-hCcastle]{1,8}", mark in proptest::bool::ANY) {
            let t = Tok { kind: if mark { TokKind::Mark(Mark::Other) } else { TokKind::Word }, start: 0, end: w.len() as u32 };
            if join_start(&t, w.as_bytes()) {
                proptest::prop_assert!(JOIN_LEAD[usize::from(w.as_bytes()[0])], "{}", w);
            }
        }

        /// A word that can be a spaced descriptive piece begins with a byte
        /// of `DESC_LEAD`, so the words skipped by it are none.
        #[test]
        fn descriptive_pieces_begin_with_a_leading_byte(w in "[1-9KQRBNPtO\\-xX()/×sqa-hCc]{1,6}") {
            if is_desc_piece(&w) {
                proptest::prop_assert!(DESC_LEAD[usize::from(w.as_bytes()[0])], "{}", w);
            }
        }
    }
}
