//! Positions: FEN, and the older Forsyth form (the board alone, rows from the
//! eighth rank down, on separate lines or separated by `/` or `|`, with the
//! piece letters of the writer's language; upper case White, lower case Black).
//!
//! Forsyth has no side to move, castling rights or en passant square: the
//! caller supplies them ([`Extras`]). Castling rights default to "every king
//! and rook still on its original square", the assumption of problem
//! composers.

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Piece, Role, Setup, Square};

use super::{Lang, Pieces};

/// How the rows of a Forsyth diagram are separated when written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RowSeparator {
    /// `rnbqkbnr/pppppppp/...`, as FEN writes them.
    Slash,
    /// `rnbqkbnr|pppppppp|...`.
    Bar,
    /// One row a line.
    Newline,
}

/// Castling rights supplied with a Forsyth board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Castling {
    /// Rights for every king and rook on its original square.
    Auto,
    /// Rights as in FEN (`KQkq`, `-`).
    Fen(String),
}

/// What a Forsyth board does not say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extras {
    /// The side to move.
    pub turn: Color,
    /// The castling rights.
    pub castling: Castling,
    /// The square a pawn may be taken on en passant, if any.
    pub en_passant: Option<Square>,
}

impl Default for Extras {
    fn default() -> Extras {
        Extras { turn: Color::White, castling: Castling::Auto, en_passant: None }
    }
}

/// A position that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text is not FEN (the parser's reason).
    #[error("not a FEN: {0}")]
    Fen(String),
    #[error("row {row} (counting from the eighth rank) has {squares} squares instead of 8")]
    /// A row does not cover eight squares.
    RowLength {
        /// The row, counting from the eighth rank (1-based).
        row: usize,
        /// The squares it covers.
        squares: usize,
    },
    #[error("{0} rows instead of 8")]
    /// Not eight rows.
    RowCount(usize),
    #[error("`{ch}` in row {row} is not a piece in {lang} Forsyth")]
    /// A sign that is no piece in the piece signs read.
    Piece {
        /// The sign.
        ch: char,
        /// Its row, counting from the eighth rank (1-based).
        row: usize,
        /// The name of the piece signs read.
        lang: &'static str,
    },
    #[error("{0} has no pawn letter distinct from its piece letters, so it has no Forsyth form")]
    /// The language has no pawn letter of its own (Dutch).
    NoPawnLetter(&'static str),
    #[error("castling rights `{0}` are not FEN castling rights")]
    /// Castling rights that FEN does not write so.
    Castling(String),
    #[error("not a legal position: {0}")]
    /// The board and extras make no legal position (the reason).
    Illegal(String),
}

/// The pawn letter used in Forsyth diagrams, where the language has one that
/// no piece uses.
fn pawn_letter(pieces: Pieces) -> Option<char> {
    match pieces {
        Pieces::Letters(Lang::En | Lang::Es | Lang::Pt | Lang::PtBr | Lang::Fr | Lang::It) => Some('P'),
        Pieces::Letters(Lang::De) => Some('B'),
        Pieces::Letters(Lang::Nl) | Pieces::Figurines => None,
    }
}

const FIGURINES: [[char; 6]; 2] = [['♙', '♘', '♗', '♖', '♕', '♔'], ['♟', '♞', '♝', '♜', '♛', '♚']];

fn piece_char(piece: Piece, lang: Pieces) -> char {
    if lang == Pieces::Figurines {
        return FIGURINES[usize::from(piece.color == Color::Black)][piece.role as usize - 1];
    }
    let upper = if piece.role == Role::Pawn { pawn_letter(lang).expect("checked") } else { lang.letter(piece.role) };
    if piece.color == Color::White { upper } else { upper.to_ascii_lowercase() }
}

fn char_piece(c: char, lang: Pieces) -> Option<Piece> {
    if lang == Pieces::Figurines {
        for (ci, glyphs) in FIGURINES.iter().enumerate() {
            if let Some(i) = glyphs.iter().position(|&g| g == c) {
                let color = if ci == 0 { Color::White } else { Color::Black };
                return Some(Role::ALL[i].of(color));
            }
        }
        return None;
    }
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    let upper = c.to_ascii_uppercase();
    if Some(upper) == pawn_letter(lang) {
        return Some(Role::Pawn.of(color));
    }
    lang.role_of_letter(upper as u8).filter(|r| *r != Role::Pawn).map(|r| r.of(color))
}

/// Reads a Forsyth board written with the piece signs `pieces` (a
/// [`Lang`]'s letters, or [`Pieces`]).
pub fn read_forsyth(text: &str, pieces: impl Into<Pieces>) -> Result<Board, PositionError> {
    let lang = pieces.into();
    if lang != Pieces::Figurines && pawn_letter(lang).is_none() {
        return Err(PositionError::NoPawnLetter(lang.name()));
    }
    let rows: Vec<&str> = text.split(['/', '|', '\n']).map(str::trim).filter(|r| !r.is_empty()).collect();
    let rows: Vec<&str> = if rows.len() == 1 { rows[0].split_whitespace().collect() } else { rows };
    if rows.len() != 8 {
        return Err(PositionError::RowCount(rows.len()));
    }
    let mut board = Board::empty();
    for (i, row) in rows.iter().enumerate() {
        let rank = shakmaty::Rank::new(7 - i as u32);
        let mut file = 0u32;
        for c in row.chars().filter(|c| !c.is_whitespace()) {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d;
            } else {
                let piece = char_piece(c, lang).ok_or(PositionError::Piece { ch: c, row: i + 1, lang: lang.name() })?;
                if file < 8 {
                    board.set_piece_at(Square::from_coords(shakmaty::File::new(file), rank), piece);
                }
                file += 1;
            }
        }
        if file != 8 {
            return Err(PositionError::RowLength { row: i + 1, squares: file as usize });
        }
    }
    Ok(board)
}

/// Writes a board in Forsyth form, with the piece signs `pieces`.
pub fn write_forsyth(board: &Board, pieces: impl Into<Pieces>, sep: RowSeparator) -> Result<String, PositionError> {
    let lang = pieces.into();
    if lang != Pieces::Figurines && pawn_letter(lang).is_none() {
        return Err(PositionError::NoPawnLetter(lang.name()));
    }
    let mut rows = Vec::with_capacity(8);
    for r in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..8 {
            let sq = Square::from_coords(shakmaty::File::new(f), shakmaty::Rank::new(r));
            match board.piece_at(sq) {
                Some(p) => {
                    if empty > 0 {
                        row.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    row.push(piece_char(p, lang));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push(char::from(b'0' + empty));
        }
        rows.push(row);
    }
    Ok(rows.join(match sep {
        RowSeparator::Slash => "/",
        RowSeparator::Bar => "|",
        RowSeparator::Newline => "\n",
    }))
}

/// Makes a position from a board and the facts Forsyth leaves out.
pub fn position_from_board(board: Board, extras: &Extras) -> Result<Chess, PositionError> {
    let castling_rights = match &extras.castling {
        Castling::Auto => {
            let mut rights = Bitboard::EMPTY;
            for color in Color::ALL {
                let back = color.backrank();
                let king_home = board.piece_at(Square::from_coords(shakmaty::File::E, back)) == Some(Role::King.of(color));
                if king_home {
                    for f in [shakmaty::File::A, shakmaty::File::H] {
                        let sq = Square::from_coords(f, back);
                        if board.piece_at(sq) == Some(Role::Rook.of(color)) {
                            rights.add(sq);
                        }
                    }
                }
            }
            rights
        }
        Castling::Fen(s) => {
            let fen = format!("8/8/8/8/8/8/8/8 w {s} - 0 1");
            let f: Fen = fen.parse().map_err(|_| PositionError::Castling(s.clone()))?;
            f.as_setup().castling_rights
        }
    };
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: extras.turn,
        castling_rights,
        ep_square: extras.en_passant,
        remaining_checks: None,
        halfmoves: 0,
        fullmoves: std::num::NonZeroU32::MIN,
    };
    Chess::from_setup(setup, CastlingMode::Standard).map_err(|e| PositionError::Illegal(e.to_string()))
}

/// Reads a full FEN.
pub fn read_fen(text: &str) -> Result<Chess, PositionError> {
    let fen: Fen = text.trim().parse().map_err(|e: shakmaty::fen::ParseFenError| PositionError::Fen(e.to_string()))?;
    fen.into_position(CastlingMode::Standard).map_err(|e| PositionError::Illegal(e.to_string()))
}

/// Writes a position as FEN.
pub fn write_fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Whether `text` looks like a full FEN (a board and at least a side to move).
pub fn looks_like_fen(text: &str) -> bool {
    let mut fields = text.split_whitespace();
    let board = fields.next().unwrap_or("");
    board.matches('/').count() == 7 && matches!(fields.next(), Some("w" | "b"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    #[test]
    fn forsyth_round_trips_in_every_language_and_separator() {
        let board = Chess::default().board().clone();
        for lang in [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::It].map(Pieces::from).into_iter().chain([Pieces::Figurines]) {
            for sep in [RowSeparator::Slash, RowSeparator::Bar, RowSeparator::Newline] {
                let text = write_forsyth(&board, lang, sep).unwrap();
                assert_eq!(read_forsyth(&text, lang).unwrap(), board, "{lang} {text}");
            }
        }
        assert_eq!(write_forsyth(&board, Lang::En, RowSeparator::Slash).unwrap(), START);
        assert_eq!(write_forsyth(&board, Lang::Es, RowSeparator::Slash).unwrap(), "tcadract/pppppppp/8/8/8/8/PPPPPPPP/TCADRACT");
    }

    #[test]
    fn spanish_rows_from_the_essay() {
        // Rows as an essay on notation writes them: `t1a1r2t`, `3c1C2`, `8`.
        let text = "t1a1r2t|8|8|8|8|3c1C2|8|4R3";
        let board = read_forsyth(text, Lang::Es).unwrap();
        assert_eq!(board.piece_at(Square::A8), Some(Role::Rook.of(Color::Black)));
        assert_eq!(board.piece_at(Square::C8), Some(Role::Bishop.of(Color::Black)));
        assert_eq!(board.piece_at(Square::E8), Some(Role::King.of(Color::Black)));
        assert_eq!(board.piece_at(Square::D3), Some(Role::Knight.of(Color::Black)));
        assert_eq!(board.piece_at(Square::F3), Some(Role::Knight.of(Color::White)));
        assert_eq!(board.piece_at(Square::E1), Some(Role::King.of(Color::White)));
    }

    #[test]
    fn forsyth_errors() {
        assert_eq!(read_forsyth("8/8/8", Lang::En), Err(PositionError::RowCount(3)));
        assert!(matches!(read_forsyth("9/8/8/8/8/8/8/8", Lang::En), Err(PositionError::Piece { .. })));
        assert!(matches!(read_forsyth("7/8/8/8/8/8/8/8", Lang::En), Err(PositionError::RowLength { row: 1, squares: 7 })));
        assert!(matches!(read_forsyth("rnbqkbnrr/8/8/8/8/8/8/8", Lang::En), Err(PositionError::RowLength { .. })));
        assert!(matches!(read_forsyth(START, Lang::Es), Err(PositionError::Piece { .. })), "n is no Spanish piece");
        assert!(matches!(read_forsyth(START, Lang::Nl), Err(PositionError::NoPawnLetter(_))));
    }

    #[test]
    fn extras_make_a_position() {
        let board = read_forsyth(START, Lang::En).unwrap();
        let pos = position_from_board(board.clone(), &Extras::default()).unwrap();
        assert_eq!(write_fen(&pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let extras = Extras { turn: Color::Black, castling: Castling::Fen("-".into()), en_passant: None };
        let pos = position_from_board(board, &extras).unwrap();
        assert_eq!(write_fen(&pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1");
        let no_kings = read_forsyth("8/8/8/8/8/8/8/8", Lang::En).unwrap();
        assert!(matches!(position_from_board(no_kings, &Extras::default()), Err(PositionError::Illegal(_))));
    }

    #[test]
    fn fen_detection() {
        assert!(looks_like_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assert!(!looks_like_fen(START));
        assert!(read_fen("not a fen").is_err());
    }
}
