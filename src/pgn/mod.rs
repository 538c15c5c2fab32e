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

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::notation::{Dialect, MoveError, MoveErrorKind, Notation, Notator};
pub use lexer::GameResult;
use lexer::{Lexer, Mark, Tok, TokKind};

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
    fn begin_game(&mut self, _index: usize) {}
    fn tag(&mut self, _name: &str, _value: &str) {}
    /// The movetext starts from `start`, read in `dialect`.
    fn begin_moves(&mut self, _start: &Chess, _dialect: Dialect) {}
    /// A move of the main line (or of a variation, see `begin_variation`),
    /// as written in the source.
    fn on_move(&mut self, _before: &Chess, _m: Move, _after: &Chess, _written: &str) {}
    fn draw_offer(&mut self) {}
    fn comment(&mut self, _text: &str) {}
    fn nag(&mut self, _nag: u16) {}
    fn begin_variation(&mut self) {}
    fn end_variation(&mut self) {}
    fn result(&mut self, _result: GameResult) {}
    /// The game ended; `error` is set when it could not be read to the end.
    fn end_game(&mut self, _error: Option<&ReadError>) {}
}

/// Why a game could not be read to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadErrorKind {
    /// A word is not exactly one legal move.
    Move(MoveErrorKind),
    /// A move number that does not match the position.
    MoveNumber { found: u32, expected: u32 },
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
}

/// An unreadable word: what, where, in which position, and the legal moves
/// the writer may have meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// 1-based index of the game in the input.
    pub game: usize,
    /// Full-move number of the move where reading stopped.
    pub move_number: u32,
    pub side: Color,
    /// 1-based line and column (in characters) of the word.
    pub line: usize,
    pub column: usize,
    pub token: String,
    pub dialect: Dialect,
    pub kind: ReadErrorKind,
    pub fen: String,
    /// The candidate moves, written in the dialect being read.
    pub candidates: Vec<String>,
}

impl std::error::Error for ReadError {}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.side == Color::White { "White" } else { "Black" };
        write!(f, "game {}, move {} ({side}), line {}:{}: ", self.game, self.move_number, self.line, self.column)?;
        // A word of the input is quoted by its beginning only.
        let token = crate::line::quote(&self.token);
        match &self.kind {
            ReadErrorKind::Move(k) => write!(f, "cannot read `{}` as {}: {k}", token, self.dialect)?,
            ReadErrorKind::MoveNumber { found, expected } => {
                write!(f, "move number `{}` ({found}) where move {expected} was expected", token)?
            }
            ReadErrorKind::MarkWithoutMove => write!(f, "the mark `{}` follows no move", token)?,
            ReadErrorKind::UnopenedVariation => f.write_str("`)` closes no variation")?,
            ReadErrorKind::BadVariation => f.write_str("a variation that is never closed, or that has no move to replace")?,
            ReadErrorKind::UnclosedComment => f.write_str("a comment `{` that is never closed")?,
            ReadErrorKind::BadTag => write!(f, "`{}` is not a tag: a tag is closed on its own line, before the moves", token)?,
            ReadErrorKind::BadFen(e) => write!(f, "the FEN tag is not a legal position: {e}")?,
            ReadErrorKind::Variant(v) => write!(f, "the game is {}, not standard chess", crate::line::quote(v))?,
            ReadErrorKind::AmbiguousNotation(readings) => {
                f.write_str("the notation is ambiguous; the text reads completely as")?;
                for (i, (d, first)) in readings.iter().enumerate() {
                    write!(f, "{} {d} (first difference: {first})", if i == 0 { "" } else { " and as" })?;
                }
            }
        }
        write!(f, "; position: {}", self.fen)?;
        if !self.candidates.is_empty() {
            write!(f, "; candidates: {}", self.candidates.join(", "))?;
        }
        Ok(())
    }
}

/// Reads every game of `src`, reporting to `visitor`. Returns the number of
/// games and the number that could not be read to the end.
pub fn read_games(src: &str, from: ReadAs, visitor: &mut impl Visitor) -> (usize, usize) {
    let mut lexer = Lexer::new(src);
    let mut toks: Vec<Tok> = Vec::new();
    let mut games = 0;
    let mut failed = 0;
    let mut carry: Option<Tok> = None;
    loop {
        // Gather one game: its tags, then movetext up to a result, the next
        // tag section, or the end of the input.
        toks.clear();
        let mut features = detect::Features::default();
        let detecting = !matches!(from, ReadAs::Dialect(_));
        let mut in_moves = false;
        let mut depth = 0i32;
        if let Some(t) = carry.take() {
            toks.push(t);
        }
        while let Some(t) = lexer.next_tok() {
            match t.kind {
                TokKind::Tag if in_moves => {
                    carry = Some(t);
                    break;
                }
                TokKind::Tag => toks.push(t),
                TokKind::Result(_) if depth <= 0 => {
                    toks.push(t);
                    break;
                }
                TokKind::VariationStart => {
                    depth += 1;
                    in_moves = true;
                    toks.push(t);
                }
                TokKind::VariationEnd => {
                    depth -= 1;
                    toks.push(t);
                }
                TokKind::Comment if !in_moves => toks.push(t),
                TokKind::Word => {
                    in_moves = true;
                    if detecting {
                        features.observe(lexer.text(&t));
                    }
                    toks.push(t);
                }
                _ => {
                    in_moves = true;
                    toks.push(t);
                }
            }
        }
        if toks.is_empty() {
            break;
        }
        games += 1;
        if !read_game(&lexer, &toks, &features, games, from, visitor) {
            failed += 1;
        }
    }
    (games, failed)
}

/// Reads one game's tokens. Returns whether it was read to the end.
fn read_game(lexer: &Lexer<'_>, toks: &[Tok], features: &detect::Features, index: usize, from: ReadAs, visitor: &mut impl Visitor) -> bool {
    // Tags first: they may set up the start position.
    let mut start = Chess::default();
    let mut setup_error = None;
    // Each tag is unescaped once, for the set-up here and for the visitor.
    let tags: Vec<(&Tok, &str, String)> = toks.iter().filter(|t| t.kind == TokKind::Tag).map(|t| {
        let (name, value) = lexer.tag(t);
        (t, name, value)
    }).collect();
    for &(t, name, ref value) in &tags {
        if name.eq_ignore_ascii_case("FEN") {
            match value.parse::<Fen>().map_err(|e| e.to_string()).and_then(|f| f.into_position(CastlingMode::Standard).map_err(|e| e.to_string())) {
                Ok(p) => start = p,
                Err(e) => setup_error = Some((ReadErrorKind::BadFen(e), *t)),
            }
        }
        if name.eq_ignore_ascii_case("Variant") {
            let v = value.to_ascii_lowercase();
            if !matches!(v.as_str(), "" | "standard" | "chess" | "normal") {
                setup_error = Some((ReadErrorKind::Variant(value.clone()), *t));
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
                        Dialect { notation: n, lang: crate::notation::Lang::En },
                        Dialect { notation: n, lang: crate::notation::Lang::Es },
                    ],
                    _ => vec![Dialect { notation: n, lang: crate::notation::Lang::En }],
                };
            }
            c
        }
    };

    visitor.begin_game(index);
    for (_, name, value) in &tags {
        visitor.tag(name, value);
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
                visitor.end_game(Some(&e));
                return false;
            }
        }
    };
    match play(lexer, toks, index, &start, dialect, visitor) {
        Ok(()) => {
            visitor.end_game(None);
            true
        }
        Err(e) => {
            visitor.end_game(Some(&e));
            false
        }
    }
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
            Ok(()) => {
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
struct Line {
    pos: Chess,
    notator: Notator,
    /// The position and notator before the last move, kept when a
    /// variation follows it.
    prev: Option<(Chess, Notator)>,
    /// The last move played in this line (marks need one before them).
    last: Option<Move>,
}

/// Plays the movetext in `dialect`, reporting to `visitor`.
fn play(lexer: &Lexer<'_>, toks: &[Tok], index: usize, start: &Chess, dialect: Dialect, visitor: &mut impl Visitor) -> Result<(), ReadError> {
    visitor.begin_moves(start, dialect);
    let mut line = Line { pos: start.clone(), notator: Notator::new(dialect, start), prev: None, last: None };
    let mut stack: Vec<(Line, Tok)> = Vec::new();
    let mut joined = String::new();
    let pairs = dialect.notation.pairs_moves();
    let mut i = 0;
    let err = |t: &Tok, pos: &Chess, kind: ReadErrorKind, candidates: Vec<String>| error_at(lexer, t, index, pos, dialect, kind, candidates);
    while i < toks.len() {
        let t = &toks[i];
        i += 1;
        match t.kind {
            TokKind::Tag => {}
            TokKind::Comment => visitor.comment(lexer.text(t).trim()),
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
            TokKind::Ellipsis => {}
            TokKind::MoveNumber(n) => {
                let expected = line.pos.fullmoves().get();
                if n != expected {
                    return Err(err(t, &line.pos, ReadErrorKind::MoveNumber { found: n, expected }, Vec::new()));
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
                    play_word(&mut line, word, t, keep, visitor, &err)?;
                }
            }
        }
    }
    if let Some((outer, open)) = stack.first() {
        return Err(err(open, &outer.pos, ReadErrorKind::BadVariation, Vec::new()));
    }
    Ok(())
}

fn split_pair(word: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    word.split(['-', '–']).map(move |p| {
        let at = offset;
        offset += p.len() + if word[at + p.len()..].starts_with('–') { '–'.len_utf8() } else { 1 };
        (at, p)
    })
}

fn play_word(
    line: &mut Line,
    word: &str,
    t: &Tok,
    keep: bool,
    visitor: &mut impl Visitor,
    err: &impl Fn(&Tok, &Chess, ReadErrorKind, Vec<String>) -> ReadError,
) -> Result<(), ReadError> {
    match line.notator.read(&line.pos, word) {
        Ok(m) => {
            let before = line.pos.clone();
            line.pos.play_unchecked(m);
            let notator_before = keep.then(|| line.notator.clone());
            line.notator.played(&before, m);
            visitor.on_move(&before, m, &line.pos, word);
            line.prev = notator_before.map(|n| (before, n));
            line.last = Some(m);
            Ok(())
        }
        Err(MoveError { kind, candidates }) => {
            let shown = candidates.iter().map(|m| line.notator.to_text(&line.pos, *m)).collect();
            Err(err(t, &line.pos, ReadErrorKind::Move(kind), shown))
        }
    }
}

fn error_at(lexer: &Lexer<'_>, t: &Tok, index: usize, pos: &Chess, dialect: Dialect, kind: ReadErrorKind, candidates: Vec<String>) -> ReadError {
    let src = lexer.src();
    let start = (t.start as usize).min(src.len());
    let before = &src[..start];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
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
