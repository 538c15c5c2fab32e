//! Coordinate codes: Koch, ICCF numeric and Gringmuth's telegraph code.
//!
//! All three name the origin and destination squares; castling is written as
//! the king's move. They differ in how a square is spelled:
//!
//! - **Koch** and **ICCF**: two digits, file (a=1 .. h=8) then rank. ICCF adds a
//!   fifth digit for the promotion piece: 1 queen, 2 rook, 3 bishop, 4 knight.
//!   Koch texts have no promotion sign of their own; tiflo reads and writes
//!   the ICCF digit there too. Koch pairs White's move and Black's reply with a
//!   dash (`5254-5755`); the game reader splits such pairs.
//! - **Gringmuth** (D. A. Gringmuth, used in the London–St Petersburg telegraph
//!   match of 1886; described in W. Steinitz, *The Modern Chess Instructor*,
//!   1889, p. xix): a consonant and a vowel per square. The table adopted here:
//!
//!   ```text
//!        a  b  c  d  e  f  g  h
//!     8  ma na pa ra sa ta va za
//!     7  me ne pe re se te ve ze
//!     6  mi ni pi ri si ti vi zi
//!     5  mo no po ro so to vo zo
//!     4  bo co do fo go ho ko lo
//!     3  bi ci di fi gi hi ki li
//!     2  be ce de fe ge he ke le
//!     1  ba ca da fa ga ha ka la
//!   ```
//!
//!   White's half uses the consonants b c d f g h k l for the files a..h,
//!   Black's half m n p r s t v z; the vowel counts the rank from the nearer
//!   edge (a, e, i, o). The sources at hand confirm the scheme and the squares
//!   of the worked example `gego-seso` (1. e2-e4 e7-e5); the rest of the table
//!   follows the scheme (see `docs/notations.md`). Suffix letters from E. D.
//!   Nores's extension of the code are read: `q r b k` promotion piece (k is
//!   the knight), `p` en passant, `l` castles, `c` check, `m` mate,
//!   `s` stalemate. tiflo writes only the promotion letter.

use shakmaty::{CastlingSide, Chess, File, Move, Rank, Role, Square};

use super::Notation;
use super::pattern::{MoveError, MoveErrorKind, Pattern, Syntax};

const WHITE_CONSONANTS: &[u8; 8] = b"bcdfghkl";
const BLACK_CONSONANTS: &[u8; 8] = b"mnprstvz";
const VOWELS: &[u8; 4] = b"aeio";

/// Reads a Koch, ICCF or Gringmuth move.
pub fn read(pos: &Chess, token: &str, notation: Notation) -> Result<Move, MoveError> {
    let mut b = token.as_bytes();
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = b {
        b = rest;
    }
    let (pattern, castle) = match notation {
        Notation::Gringmuth => gringmuth(b)?,
        _ => (digits(b)?, false),
    };
    let m = pattern.find(pos)?;
    if castle && !m.is_castle() {
        return Err(MoveError::new(MoveErrorKind::Syntax(Syntax::CastlingMarkOnOtherMove), vec![m]));
    }
    Ok(m)
}

fn digit_square(f: u8, r: u8) -> Option<Square> {
    if (b'1'..=b'8').contains(&f) && (b'1'..=b'8').contains(&r) {
        Some(Square::from_coords(File::new(u32::from(f - b'1')), Rank::new(u32::from(r - b'1'))))
    } else {
        None
    }
}

fn digits(b: &[u8]) -> Result<Pattern, MoveError> {
    let (squares, promotion) = match b {
        [a, b, c, d] => ([*a, *b, *c, *d], None),
        [a, b, c, d, p] => {
            let role = match p {
                b'1' => Role::Queen,
                b'2' => Role::Rook,
                b'3' => Role::Bishop,
                b'4' => Role::Knight,
                _ => return Err(MoveError::syntax(Syntax::FifthDigit)),
            };
            ([*a, *b, *c, *d], Some(role))
        }
        _ => return Err(MoveError::syntax(Syntax::NumericLength)),
    };
    let from = digit_square(squares[0], squares[1]).ok_or(MoveError::syntax(Syntax::NumericOrigin))?;
    let to = digit_square(squares[2], squares[3]).ok_or(MoveError::syntax(Syntax::NumericDestination))?;
    Ok(Pattern::from_to(from, to, promotion))
}

fn gringmuth_square(c: u8, v: u8) -> Option<Square> {
    let distance = VOWELS.iter().position(|&x| x == v)? as u32;
    if let Some(f) = WHITE_CONSONANTS.iter().position(|&x| x == c) {
        Some(Square::from_coords(File::new(f as u32), Rank::new(distance)))
    } else {
        let f = BLACK_CONSONANTS.iter().position(|&x| x == c)?;
        Some(Square::from_coords(File::new(f as u32), Rank::new(7 - distance)))
    }
}

fn gringmuth(b: &[u8]) -> Result<(Pattern, bool), MoveError> {
    let lower: Vec<u8> = b.iter().map(u8::to_ascii_lowercase).collect();
    let [a, b2, c, d, suffix @ ..] = lower.as_slice() else {
        return Err(MoveError::syntax(Syntax::GringmuthSyllables));
    };
    let from = gringmuth_square(*a, *b2).ok_or(MoveError::syntax(Syntax::GringmuthFirst))?;
    let to = gringmuth_square(*c, *d).ok_or(MoveError::syntax(Syntax::GringmuthSecond))?;
    let mut pattern = Pattern::from_to(from, to, None);
    let mut castle = false;
    for s in suffix {
        match s {
            b'q' => pattern.promotion = Some(Role::Queen),
            b'r' => pattern.promotion = Some(Role::Rook),
            b'b' => pattern.promotion = Some(Role::Bishop),
            b'k' => pattern.promotion = Some(Role::Knight),
            b'p' => pattern.en_passant = true,
            b'l' => castle = true,
            b'c' | b'm' | b's' => {}
            _ => return Err(MoveError::syntax(Syntax::GringmuthLetter)),
        }
    }
    Ok((pattern, castle))
}

/// The origin and destination a coordinate code writes: castling as the king's move.
fn squares(m: Move) -> (Square, Square) {
    match m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            (king, Square::from_coords(side.king_to_file(), king.rank()))
        }
        _ => (m.from().expect("no drops"), m.to()),
    }
}

/// Writes `m` in a coordinate code.
pub fn write(m: Move, notation: Notation, out: &mut String) {
    let (from, to) = squares(m);
    match notation {
        Notation::Gringmuth => {
            for sq in [from, to] {
                let f = usize::from(sq.file());
                let r = u32::from(sq.rank()) as usize;
                if r < 4 {
                    out.push(WHITE_CONSONANTS[f] as char);
                    out.push(VOWELS[r] as char);
                } else {
                    out.push(BLACK_CONSONANTS[f] as char);
                    out.push(VOWELS[7 - r] as char);
                }
            }
            if let Some(p) = m.promotion() {
                out.push(match p {
                    Role::Queen => 'q',
                    Role::Rook => 'r',
                    Role::Bishop => 'b',
                    _ => 'k',
                });
            }
        }
        _ => {
            for sq in [from, to] {
                out.push(char::from(b'1' + u8::from(sq.file())));
                out.push(char::from(b'1' + u8::from(sq.rank())));
            }
            if let Some(p) = m.promotion() {
                out.push(match p {
                    Role::Queen => '1',
                    Role::Rook => '2',
                    Role::Bishop => '3',
                    _ => '4',
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Position};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    fn uci(p: &Chess, tok: &str, n: Notation) -> String {
        UciMove::from_standard(read(p, tok, n).unwrap_or_else(|e| panic!("{tok}: {e}"))).to_string()
    }

    #[test]
    fn koch_and_iccf_opening() {
        let mut p = Chess::default();
        assert_eq!(uci(&p, "5254", Notation::Koch), "e2e4");
        p.play_unchecked(read(&p, "5254", Notation::Iccf).unwrap());
        assert_eq!(uci(&p, "5755", Notation::Iccf), "e7e5");
    }

    #[test]
    fn gringmuth_worked_example() {
        let mut p = Chess::default();
        assert_eq!(uci(&p, "gego", Notation::Gringmuth), "e2e4");
        p.play_unchecked(read(&p, "gego", Notation::Gringmuth).unwrap());
        assert_eq!(uci(&p, "seso", Notation::Gringmuth), "e7e5");
        assert_eq!(uci(&p, "SESO", Notation::Gringmuth), "e7e5");
    }

    #[test]
    fn gringmuth_table_is_a_bijection() {
        let mut seen = std::collections::HashSet::new();
        for sq in Square::ALL {
            let m = Move::Normal { role: Role::Rook, from: sq, capture: None, to: sq, promotion: None };
            let mut s = String::new();
            write(m, Notation::Gringmuth, &mut s);
            let back = gringmuth_square(s.as_bytes()[0], s.as_bytes()[1]).unwrap();
            assert_eq!(back, sq);
            assert!(seen.insert(s[..2].to_owned()));
        }
        assert_eq!(seen.len(), 64);
    }

    #[test]
    fn promotion_and_castling() {
        let p = pos("r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1");
        assert_eq!(uci(&p, "27181", Notation::Iccf), "b7a8q");
        assert_eq!(uci(&p, "27184", Notation::Iccf), "b7a8n");
        assert_eq!(uci(&p, "5171", Notation::Iccf), "e1g1");
        assert_eq!(uci(&p, "nemak", Notation::Gringmuth), "b7a8n");
        assert_eq!(uci(&p, "gaka", Notation::Gringmuth), "e1g1");
        assert_eq!(uci(&p, "galal", Notation::Gringmuth), "e1g1");
        let mut s = String::new();
        write(read(&p, "27183", Notation::Iccf).unwrap(), Notation::Iccf, &mut s);
        assert_eq!(s, "27183");
        s.clear();
        write(read(&p, "5171", Notation::Iccf).unwrap(), Notation::Gringmuth, &mut s);
        assert_eq!(s, "gaka");
    }

    #[test]
    fn errors() {
        let p = Chess::default();
        for (tok, n) in [
            ("5255", Notation::Iccf),
            ("5294", Notation::Koch),
            ("525", Notation::Iccf),
            ("52545", Notation::Iccf),
            ("gexo", Notation::Gringmuth),
            ("geso", Notation::Gringmuth),
            ("gegox", Notation::Gringmuth),
            ("gogol", Notation::Gringmuth),
        ] {
            assert!(read(&p, tok, n).is_err(), "{tok}");
        }
    }
}
