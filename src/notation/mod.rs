//! Move notations: reading a written move against a position, and writing a
//! move for a position.
//!
//! Invariants of this module:
//! - Reading never guesses. A token yields exactly one legal move of the
//!   given position, or a [`MoveError`] that says why and carries the legal
//!   candidates (ambiguous entries list every match; impossible ones list the
//!   legal moves to the same square, or of the same piece).
//! - A mark written in the token that contradicts the move (a capture sign on
//!   a quiet move, `e.p.` on a move that is not en passant, a promotion piece
//!   on a move that does not promote) is an error, never ignored. Check and
//!   mate signs and annotation glyphs are ignored: they do not change which
//!   move was played.
//! - Writing then reading in the same [`Dialect`] gives back the same move,
//!   for every legal move of every position (property-tested).
//! - No I/O, no allocation on the algebraic fast path.

pub mod algebraic;
pub mod descriptive;
pub mod lang;
pub mod numeric;
pub mod pattern;
pub mod position;

use std::fmt;
use std::str::FromStr;

use shakmaty::{Chess, Move, Position};

pub use lang::{Lang, Pieces};
pub use pattern::{MoveError, MoveErrorKind, Syntax};

/// A family of move notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Notation {
    /// Short algebraic (FIDE Appendix C): `Nf3`, `Cf3`, `exd6 e.p.`, `d8D`.
    San,
    /// Long algebraic: `Ng1-f3`, `e2-e4`, `Nf3xe5`.
    Lan,
    /// UCI coordinates: `g1f3`, `e7e8q`, castling as `e1g1`.
    Uci,
    /// Descriptive, English (`P-K4`, `N-KB3`) or Spanish (`P4R`, `C3AR`).
    Descriptive,
    /// Koch: two digits a square, file then rank, `5254-5755`.
    Koch,
    /// ICCF numeric: `5254`, a fifth digit for promotion (1=Q 2=R 3=B 4=N).
    Iccf,
    /// Gringmuth's telegraph code: a consonant-vowel pair a square, `gego-seso`.
    Gringmuth,
}

impl Notation {
    /// Every notation, in the order `--help` lists them.
    pub const ALL: [Notation; 7] = [
        Notation::San,
        Notation::Lan,
        Notation::Uci,
        Notation::Descriptive,
        Notation::Koch,
        Notation::Iccf,
        Notation::Gringmuth,
    ];

    /// The name used on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Lan => "lan",
            Notation::Uci => "uci",
            Notation::Descriptive => "descriptive",
            Notation::Koch => "koch",
            Notation::Iccf => "iccf",
            Notation::Gringmuth => "gringmuth",
        }
    }

    /// A one-line description for help texts.
    pub fn describe(self) -> &'static str {
        match self {
            Notation::San => "short algebraic (FIDE Appendix C): Nf3, Cf3, Sf3, ♘f3, exd6 e.p., d8D",
            Notation::Lan => "long algebraic: Ng1-f3, Cg1f3, e2-e4, Nf3xe5",
            Notation::Uci => "UCI coordinates: g1f3, e7e8q",
            Notation::Descriptive => "descriptive, English (P-K4, N-KB3) or Spanish (P4R, C3AR)",
            Notation::Koch => "Koch: 5254-5755",
            Notation::Iccf => "ICCF numeric: 5254, 57581 (fifth digit: 1=Q 2=R 3=B 4=N)",
            Notation::Gringmuth => "Gringmuth telegraph code: gego-seso",
        }
    }

    /// Whether the notation writes pieces and so depends on [`Pieces`].
    pub fn uses_lang(self) -> bool {
        matches!(self, Notation::San | Notation::Lan | Notation::Descriptive)
    }

    /// Whether the notation writes a white move and the black reply as one
    /// pair joined by a dash (`5254-5755`, `gego-seso`).
    pub(crate) fn pairs_moves(self) -> bool {
        matches!(self, Notation::Koch | Notation::Gringmuth)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A notation name that tiflo does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation `{0}` (known: san, lan, uci, descriptive, koch, iccf, gringmuth)")]
pub struct UnknownNotation(pub String);

impl FromStr for Notation {
    type Err = UnknownNotation;

    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "san" | "short" | "algebraic" | "short-algebraic" => Notation::San,
            "lan" | "long" | "long-algebraic" => Notation::Lan,
            "uci" => Notation::Uci,
            "descriptive" | "desc" => Notation::Descriptive,
            "koch" => Notation::Koch,
            "iccf" | "numeric" => Notation::Iccf,
            "gringmuth" => Notation::Gringmuth,
            _ => return Err(UnknownNotation(s.to_owned())),
        })
    }
}

/// A notation together with the signs of its pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dialect {
    /// The family of notation.
    pub notation: Notation,
    /// How its pieces are written (English letters for notations without
    /// pieces).
    pub pieces: Pieces,
}

/// A notation and piece signs that do not go together.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{notation} notation is not written in {pieces} (descriptive notation: en or es)")]
pub struct UnsupportedDialect {
    /// The notation asked for.
    pub notation: Notation,
    /// The piece signs it cannot be written in.
    pub pieces: Pieces,
}

impl Dialect {
    /// Makes a dialect from a notation and its piece signs (a [`Lang`] for
    /// its letters, or [`Pieces`]); the signs are normalised away for
    /// notations without pieces.
    pub fn new(notation: Notation, pieces: impl Into<Pieces>) -> Result<Dialect, UnsupportedDialect> {
        let pieces = pieces.into();
        if notation == Notation::Descriptive && !matches!(pieces, Pieces::Letters(Lang::En | Lang::Es)) {
            return Err(UnsupportedDialect { notation, pieces });
        }
        let pieces = if notation.uses_lang() { pieces } else { Pieces::PGN };
        Ok(Dialect { notation, pieces })
    }

    /// Standard PGN movetext: English short algebraic.
    pub const PGN: Dialect = Dialect { notation: Notation::San, pieces: Pieces::PGN };

    /// Every dialect tiflo reads and writes.
    pub fn all() -> Vec<Dialect> {
        let mut v = Vec::new();
        for n in Notation::ALL {
            if n.uses_lang() {
                for p in Pieces::ALL {
                    if let Ok(d) = Dialect::new(n, p) {
                        v.push(d);
                    }
                }
            } else {
                v.push(Dialect { notation: n, pieces: Pieces::PGN });
            }
        }
        v
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = if self.notation == Notation::San { "algebraic" } else { self.notation.code() };
        if self.notation.uses_lang() {
            write!(f, "{name} ({})", self.pieces.name())
        } else {
            write!(f, "{}", self.notation)
        }
    }
}

/// Whether `pos`, whose side to move is in check, is checkmate. A king that
/// can step to a square no enemy piece attacks (with the king gone from
/// its square, so that a slider's line runs on through it) has a legal
/// move, and most checks are left that way: the legal moves are generated
/// only when the king has no such step.
pub(crate) fn is_mate_in_check(pos: &Chess) -> bool {
    let board = pos.board();
    let turn = pos.turn();
    let Some(king) = board.king_of(turn) else { return pos.legal_moves().is_empty() };
    let without_king = board.occupied() ^ shakmaty::Bitboard::from_square(king);
    let steps = shakmaty::attacks::king_attacks(king) & !pos.us();
    if steps.into_iter().any(|sq| board.attacks_to(sq, !turn, without_king).is_empty()) {
        return false;
    }
    pos.legal_moves().is_empty()
}

/// Reads and writes the moves of one game in one dialect, keeping whatever
/// the dialect needs to know about the game so far (descriptive notation names
/// pieces by the wing they started on).
#[derive(Clone, Debug)]
pub struct Notator {
    dialect: Dialect,
    origins: Option<descriptive::Origins>,
}

impl Notator {
    /// Starts a game from `start` in `dialect`.
    pub fn new(dialect: Dialect, start: &Chess) -> Notator {
        let origins = (dialect.notation == Notation::Descriptive).then(|| descriptive::Origins::from_position(start));
        Notator { dialect, origins }
    }

    /// The dialect this notator reads and writes.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Reads one move token (its check, mate, annotation and en passant
    /// marks included) in the position `pos`: exactly one legal move, or
    /// an error that says why (never a guess).
    ///
    /// ```
    /// use shakmaty::Chess;
    /// use tiflo::notation::{Dialect, Lang, Notation, Notator};
    ///
    /// let start = Chess::default();
    /// let german = Notator::new(Dialect::new(Notation::San, Lang::De).unwrap(), &start);
    /// // A German `S` is a knight: `Sf3` is Ng1-f3, never the pawn move f2-f3.
    /// assert_eq!(german.read(&start, "Sf3").unwrap().to_string(), "Ng1-f3");
    /// assert!(german.read(&start, "Sf6").is_err());
    /// ```
    #[inline(always)]
    pub fn read(&self, pos: &Chess, token: &str) -> Result<Move, MoveError> {
        let pieces = self.dialect.pieces;
        match self.dialect.notation {
            Notation::San | Notation::Lan | Notation::Uci => algebraic::read(pos, token, pieces),
            // `Dialect::new` gives descriptive notation English or Spanish letters only.
            Notation::Descriptive => descriptive::read(pos, self.origins(), pieces.lang(), token),
            Notation::Koch | Notation::Iccf | Notation::Gringmuth => numeric::read(pos, token, self.dialect.notation),
        }
    }

    /// Writes `m`, played in `before`, reaching `after`, onto `out`. `m`
    /// must be legal in `before`.
    pub fn write(&self, before: &Chess, m: Move, after: &Chess, out: &mut String) {
        let pieces = self.dialect.pieces;
        match self.dialect.notation {
            Notation::San => algebraic::write_san(before, m, after, pieces, out),
            Notation::Lan => algebraic::write_lan(m, after, pieces, out),
            Notation::Uci => algebraic::write_uci_in(m, before.castles().mode(), out),
            Notation::Descriptive => descriptive::write_into(before, self.origins(), pieces.lang(), m, Some(after), true, out),
            Notation::Koch | Notation::Iccf | Notation::Gringmuth => numeric::write(m, self.dialect.notation, out),
        }
    }

    /// Writes `m` as a new string.
    pub fn to_text(&self, before: &Chess, m: Move) -> String {
        let mut after = before.clone();
        after.play_unchecked(m);
        let mut s = String::new();
        self.write(before, m, &after, &mut s);
        s
    }

    /// Records that `m` was played in `before`.
    pub fn played(&mut self, before: &Chess, m: Move) {
        if let Some(o) = self.origins.as_mut() {
            o.play(before, m);
        }
    }

    fn origins(&self) -> &descriptive::Origins {
        self.origins.as_ref().expect("descriptive notator keeps origins")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::corpus::{Rng, random_game};

    /// The quick mate test says what shakmaty's says, in every position in
    /// check of many random games and in a few mates.
    #[test]
    fn the_quick_mate_test_agrees_with_move_generation() {
        let mut checks = 0;
        let mut rng = Rng::new(7);
        for _ in 0..300 {
            let game = random_game(&mut rng, 300);
            let mut pos = Chess::default();
            for m in &game.moves {
                pos.play_unchecked(*m);
                if pos.is_check() {
                    checks += 1;
                    assert_eq!(is_mate_in_check(&pos), pos.is_checkmate(), "{}", position::write_fen(&pos));
                }
            }
        }
        assert!(checks > 1000, "{checks}");
        for fen in [
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",
            "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
            "3R2k1/5pp1/7p/8/8/8/8/6K1 b - - 0 1",
            "k7/1Q6/2K5/8/8/8/8/8 b - - 0 1",
            "k7/8/1K6/8/8/8/8/R7 b - - 0 1",
        ] {
            let pos: Chess = fen.parse::<shakmaty::fen::Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap();
            assert!(pos.is_check(), "{fen}");
            assert_eq!(is_mate_in_check(&pos), pos.is_checkmate(), "{fen}");
        }
    }
}
