//! Moves and board squares as braille cells, from a language's [`Table`].
//!
//! A move is written part by part, as short algebraic names them: the piece
//! letter (none for a pawn), the part of the origin that short algebraic
//! would write, the capture sign, the destination, the promotion, the en
//! passant mark, check or mate; castling is its own sign. Where a table
//! puts the check before the destination, capture and check go there, in
//! one sign when the table has one. A piece letter that is also a file
//! letter is print's capital, as the table writes it on the display's dots
//! (a prefix sign on 6 dots, dot 7 on 8), so that a piece move and a pawn
//! move never have the same cells; after the promotion sign it is plain.
//!
//! A board square is the piece letter with the colour mark of the display's
//! dots (`braille/board.toml`: on 8 dots a White piece has dot 7; on 6 dots
//! a Black piece has dot 6), or the empty light or dark square's cell.

use serde::Deserialize;
use shakmaty::san::San;
use shakmaty::{CastlingSide, Chess, Color, Move, Piece, Position, Square};

use super::Cell;
pub use super::table::BoardLetters;
use super::table::{CheckPosition, Status, Table, TableError, parse_dots};

/// Cells with the print text they stand for (for glosses and tests).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The braille cells.
    pub cells: Vec<Cell>,
    /// The print text the cells stand for.
    pub print: String,
}

impl Written {
    fn push(&mut self, cells: &[Cell], print: &str) {
        self.cells.extend_from_slice(cells);
        self.print.push_str(print);
    }
}

fn digit_char(d: u8) -> char {
    char::from(b'0' + d % 10)
}

/// A number in the table's digits ("12" as two lowered digits).
pub fn number(table: &Table, n: u32) -> Written {
    Written { cells: table.number(n), print: n.to_string() }
}

/// A square: its file letter and its rank digit.
pub fn square(table: &Table, sq: Square) -> Written {
    let mut w = Written::default();
    push_square(table, sq, &mut w);
    w
}

fn push_square(table: &Table, sq: Square, w: &mut Written) {
    w.push(&[table.file(sq.file())], &sq.file().char().to_string());
    let r = u8::from(sq.rank()) + 1;
    w.push(&[table.digit(r)], &digit_char(r).to_string());
}

/// The move `m`, legal in `before`, in the table's signs, as a display of
/// `dots` shows it (a piece letter that is also a file letter is a capital,
/// written as the table says for 6 or 8 dots).
pub fn move_cells(table: &Table, dots: Dots, before: &Chess, m: Move) -> Written {
    let mut w = Written::default();
    for part in move_parts(table, dots, before, m) {
        w.push(part.cells(), &part.print);
    }
    w
}

/// The ways the player may type the move `m`, legal in `before`, on a
/// display of `dots`: as [`move_cells`] writes it, and with any of its
/// optional signs (capture, check, capture-and-check, en passant, mate)
/// left out, each a whole sign taken out where it stands; its capital
/// piece letters may be typed as either display writes them (after the
/// capital sign, or with dot 7). Nothing else: a sign written where the
/// move has none, or somewhere else, is not the move.
pub fn move_readings(table: &Table, dots: Dots, before: &Chess, m: Move) -> Vec<Vec<Cell>> {
    let parts = move_parts(table, dots, before, m);
    let optional: Vec<usize> = (0..parts.len()).filter(|&i| parts[i].optional).collect();
    // Every choice of form for the parts that have several (a move has at
    // most one piece letter), with every set of optional signs left out.
    let mut choices: Vec<Vec<usize>> = vec![Vec::new()];
    for p in &parts {
        choices = choices.into_iter().flat_map(|c| (0..p.forms.len()).map(move |f| [c.clone(), vec![f]].concat())).collect();
    }
    let mut readings: Vec<Vec<Cell>> = Vec::new();
    for choice in &choices {
        for mask in 0u32..(1 << optional.len()) {
            let left_out = |i: usize| optional.iter().position(|&o| o == i).is_some_and(|bit| mask & (1 << bit) != 0);
            let cells: Vec<Cell> = parts
                .iter()
                .enumerate()
                .filter(|(i, _)| !left_out(*i))
                .flat_map(|(i, p)| p.forms[choice[i]].iter().copied())
                .collect();
            if !readings.contains(&cells) {
                readings.push(cells);
            }
        }
    }
    readings
}

/// One sign of a move: the forms it may be typed in (the first is the one
/// written: a capital piece letter may also be typed as the other display
/// writes it), and whether the player may leave it out.
struct Part {
    forms: Vec<Vec<Cell>>,
    print: String,
    optional: bool,
}

impl Part {
    fn cells(&self) -> &[Cell] {
        &self.forms[0]
    }
}

/// The move `m`, legal in `before`, sign by sign.
fn move_parts(table: &Table, dots: Dots, before: &Chess, m: Move) -> Vec<Part> {
    let mut after = before.clone();
    after.play_unchecked(m);
    let mate = after.is_checkmate();
    let check = !mate && after.is_check();
    let before_destination = table.check_position == CheckPosition::BeforeDestination;
    let sign = |name: &str| table.print(name).to_owned();
    let other_dots = match dots {
        Dots::Six => Dots::Eight,
        Dots::Eight => Dots::Six,
    };
    let mut parts: Vec<Part> = Vec::new();
    let push = |parts: &mut Vec<Part>, cells: &[Cell], print: String, optional: bool| {
        parts.push(Part { forms: vec![cells.to_vec()], print, optional });
    };
    // A piece letter: as a capital where the table has it one (typed in
    // either display's form); after the promotion sign, where only a piece
    // can stand, plain (which keeps every move within 12 cells), though
    // the capitals are read too.
    let piece = |parts: &mut Vec<Part>, role: shakmaty::Role, promoted: bool| {
        let mut forms = vec![table.piece_cells(role, dots), table.piece_cells(role, other_dots)];
        if promoted {
            forms.insert(0, vec![table.piece(role)]);
        }
        let mut unique: Vec<Vec<Cell>> = Vec::new();
        for f in forms {
            if !unique.contains(&f) {
                unique.push(f);
            }
        }
        let forms = unique;
        let print = table.piece_print(role).to_owned();
        parts.push(Part { forms, print, optional: false });
    };
    let p = &mut parts;
    match San::from_move(before, m) {
        San::Castle(side) => {
            let short = side == CastlingSide::KingSide;
            push(p, table.castle(short), sign(if short { "castle-short" } else { "castle-long" }), false);
            if check {
                push(p, table.check(), sign("check"), true);
            }
        }
        San::Normal { role, file, rank, capture, to, promotion } => {
            if role != shakmaty::Role::Pawn {
                piece(p, role, false);
            }
            if let Some(f) = file {
                push(p, &[table.file(f)], f.char().to_string(), false);
            }
            if let Some(r) = rank {
                let d = u8::from(r) + 1;
                push(p, &[table.digit(d)], digit_char(d).to_string(), false);
            }
            match (capture, check && before_destination) {
                (true, true) => match table.capture_check() {
                    Some(both) => push(p, both, sign("capture-check"), true),
                    None => {
                        push(p, table.capture(), sign("capture"), true);
                        push(p, table.check(), sign("check"), true);
                    }
                },
                (true, false) => push(p, table.capture(), sign("capture"), true),
                (false, true) => push(p, table.check(), sign("check"), true),
                (false, false) => {}
            }
            push(p, &[table.file(to.file())], to.file().char().to_string(), false);
            let r = u8::from(to.rank()) + 1;
            push(p, &[table.digit(r)], digit_char(r).to_string(), false);
            if let Some(promoted) = promotion {
                push(p, table.promotion(), sign("promotion"), false);
                piece(p, promoted, true);
            }
            if m.is_en_passant() {
                push(p, table.en_passant(), sign("en-passant"), true);
            }
            if check && !before_destination {
                push(p, table.check(), sign("check"), true);
            }
        }
        // Drops and null moves do not occur in standard chess.
        San::Put { .. } | San::Null => {}
    }
    if mate {
        push(p, table.mate(), sign("mate"), true);
    }
    parts
}

/// The draw offer mark written after a move, `(=)`.
pub fn draw_offer(table: &Table) -> Written {
    Written { cells: table.draw_offer().to_vec(), print: table.print("draw-offer").to_owned() }
}

/// The mark before a Black move shown without its White move.
pub(crate) fn black_mark(table: &Table) -> Written {
    Written { cells: table.black_move().to_vec(), print: table.print("black-move").to_owned() }
}

/// How many dots a display shows per cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Dots {
    /// Eight-dot cells (computer braille): colours may use dots 7 and 8.
    #[default]
    Eight,
    /// Six-dot cells: dots 7 and 8 are not shown.
    Six,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMark {
    dots: String,
    status: Status,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawColours {
    white: RawMark,
    black: RawMark,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEmpty {
    light: RawMark,
    dark: RawMark,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    sources: std::collections::BTreeMap<String, String>,
    eight: RawColours,
    six: RawColours,
    empty: RawEmpty,
}

const BOARD_FILE: &str = include_str!("../../braille/board.toml");

/// How board squares are drawn: the colour marks added to piece letters
/// and the cells of empty squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardStyle {
    /// How many dots a cell has on the display drawn for.
    pub dots: Dots,
    /// The pieces' letters.
    pub letters: BoardLetters,
    /// Dots added to a White piece's letter.
    pub white: Cell,
    /// Dots added to a Black piece's letter.
    pub black: Cell,
    /// An empty light square.
    pub light: Cell,
    /// An empty dark square.
    pub dark: Cell,
}

impl crate::i18n::Reason for BoardError {
    fn said(&self) -> crate::i18n::Said {
        use crate::i18n::Said;
        match self {
            BoardError::SameCell { .. } => Said::new("why-board-same-cell"),
            // The shipped files are tested: only a broken build gets here.
            BoardError::Table(_) | BoardError::Style(_) => Said::new("why-board-broken"),
        }
    }
}

/// A board style whose squares cannot all be told apart.
#[derive(Debug, thiserror::Error)]
pub enum BoardError {
    /// The language's chess signs could not be read.
    #[error("{0}")]
    Table(#[from] TableError),
    /// The board styles file (`braille/board.toml`) could not be read.
    #[error("braille board: {0}")]
    Style(String),
    /// Two kinds of square would be drawn with the same cell.
    #[error("with the {lang} letters, two kinds of square would have the same cell; choose other empty squares")]
    SameCell {
        /// The language whose piece letters collide.
        lang: String,
    },
}

fn mark(name: &str, raw: &RawMark, sources: &std::collections::BTreeMap<String, String>) -> Result<Cell, BoardError> {
    let bad = |why: &str| BoardError::Style(format!("board.toml: `{name}` {why}"));
    if !sources.contains_key(&raw.source) {
        return Err(bad("names an unknown source"));
    }
    let _ = raw.status;
    match parse_dots(&raw.dots).as_deref() {
        Some([c]) => Ok(*c),
        _ => Err(bad("must be one cell of dot numbers")),
    }
}

impl BoardStyle {
    /// The shipped style for `dots` (`braille/board.toml`).
    pub fn shipped(dots: Dots) -> Result<BoardStyle, BoardError> {
        let raw: RawBoard = toml::from_str(BOARD_FILE).map_err(|e| BoardError::Style(format!("board.toml: {e}")))?;
        let colours = match dots {
            Dots::Eight => &raw.eight,
            Dots::Six => &raw.six,
        };
        let style = BoardStyle {
            dots,
            letters: BoardLetters::Code,
            white: mark("white", &colours.white, &raw.sources)?,
            black: mark("black", &colours.black, &raw.sources)?,
            light: mark("light", &raw.empty.light, &raw.sources)?,
            dark: mark("dark", &raw.empty.dark, &raw.sources)?,
        };
        Ok(style)
    }

    /// The same style with other empty squares.
    pub fn with_empty(self, light: Cell, dark: Cell) -> BoardStyle {
        BoardStyle { light, dark, ..self }
    }

    /// The same style with the pieces' `letters`.
    pub fn with_letters(self, letters: BoardLetters) -> BoardStyle {
        BoardStyle { letters, ..self }
    }

    /// The cell of a square holding `piece` (or empty).
    pub fn square(&self, table: &Table, sq: Square, piece: Option<Piece>) -> Cell {
        let cell = match piece {
            Some(p) => {
                let letter = table.board_piece(p.role, self.letters);
                letter | if p.color == Color::White { self.white } else { self.black }
            }
            None => {
                if sq.is_light() {
                    self.light
                } else {
                    self.dark
                }
            }
        };
        match self.dots {
            Dots::Eight => cell,
            Dots::Six => cell & 0x3F,
        }
    }

    /// Checks that the twelve pieces and the two empty squares give
    /// fourteen different cells with `table`'s letters.
    pub fn check(&self, table: &Table) -> Result<(), BoardError> {
        let mut cells = Vec::with_capacity(14);
        for color in [Color::White, Color::Black] {
            for role in shakmaty::Role::ALL {
                cells.push(self.square(table, Square::A1, Some(Piece { color, role })));
            }
        }
        cells.push(self.square(table, Square::B1, None));
        cells.push(self.square(table, Square::A1, None));
        let distinct = cells.iter().enumerate().all(|(i, c)| !cells[..i].contains(c));
        if distinct {
            Ok(())
        } else {
            Err(BoardError::SameCell { lang: table.lang.code().to_owned() })
        }
    }

    /// The print gloss of a square: the piece's print letter (upper case
    /// for White, lower case for Black), `.` light, `:` dark.
    pub fn gloss(table: &Table, sq: Square, piece: Option<Piece>) -> char {
        match piece {
            Some(p) => {
                let c = table.piece_print(p.role).chars().next().unwrap_or('?');
                if p.color == Color::White { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }
            }
            None => {
                if sq.is_light() {
                    '.'
                } else {
                    ':'
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Lang;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Role};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    fn cells(lang: Lang, fen: &str, uci: &str) -> Written {
        let p = pos(fen);
        let m = uci.parse::<UciMove>().unwrap().to_move(&p).unwrap();
        move_cells(Table::get(lang).unwrap(), Dots::Eight, &p, m)
    }

    /// The British code's own example puts the check after the move ("6.
    /// e4+." in its section 1.4, the check as 3-4-5, 1-2-3-4).
    #[test]
    fn british_check_goes_after_the_move() {
        // Rxf4+: r, capture (5-6), f, lower 4, check.
        let w = cells(Lang::En, "5k2/8/8/8/5b2/8/8/4KR2 w - - 0 1", "f1f4");
        assert_eq!(w.print, "Rxf4+");
        assert_eq!(w.cells, vec![0b10111, 0b110000, 0b1011, 0b110010, 0b11100, 0b1111], "{}", w.print);
        let w = cells(Lang::En, "4k3/8/8/8/8/8/8/4KR2 w - - 0 1", "f1f8");
        assert_eq!(w.cells, vec![0b10111, 0b1011, 0b100110, 0b11100, 0b1111]);
    }

    #[test]
    fn spanish_check_goes_after_the_move() {
        let w = cells(Lang::Es, "4k3/8/8/8/8/8/8/4KR2 w - - 0 1", "f1f8");
        assert_eq!(w.print, "Tf8+");
        assert_eq!(w.cells, vec![0b11110, 0b1011, 0b100110, 0b10000, 0b10110]);
    }

    #[test]
    fn every_board_style_tells_every_square_apart() {
        for l in Table::languages() {
            let t = Table::get(l).unwrap();
            for d in [Dots::Eight, Dots::Six] {
                let s = BoardStyle::shipped(d).unwrap();
                s.check(t).unwrap_or_else(|e| panic!("{l} {d:?}: {e}"));
            }
        }
        let t = Table::get(Lang::Es).unwrap();
        let s = BoardStyle::shipped(Dots::Eight).unwrap();
        let white_king = Piece { color: Color::White, role: Role::King };
        assert_eq!(s.square(t, Square::E1, Some(white_king)), 0b10111 | 0x40);
        assert!(s.with_empty(0b100, 0b100).check(t).is_err());
    }
}
