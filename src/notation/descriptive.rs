//! Descriptive notation, English (`P-K4`, `N-KB3`, `QN-Q2`) and Spanish
//! (`P4R`, `C3AR`, `CD2D`).
//!
//! (Being written; the interface is fixed: [`Origins`], [`read`], [`write`].)

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::Lang;
use super::pattern::MoveError;

/// The wing a piece started on, which descriptive notation names it by
/// (the queen's knight, the king's rook).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    Queen,
    King,
}

/// For every square, the starting wing of the rook, knight or bishop standing
/// there, when it is known (pieces that stood on their original squares when
/// the game was set up; promoted pieces have none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origins {
    wings: [Option<Wing>; 64],
}

impl Origins {
    /// Names the pieces standing on their original squares in `pos`.
    pub fn from_position(pos: &Chess) -> Origins {
        let mut wings = [None; 64];
        for color in Color::ALL {
            let back = color.backrank();
            for (file, role, wing) in [
                (0u32, Role::Rook, Wing::Queen),
                (1, Role::Knight, Wing::Queen),
                (2, Role::Bishop, Wing::Queen),
                (5, Role::Bishop, Wing::King),
                (6, Role::Knight, Wing::King),
                (7, Role::Rook, Wing::King),
            ] {
                let sq = Square::from_coords(shakmaty::File::new(file), back);
                if pos.board().piece_at(sq) == Some(role.of(color)) {
                    wings[usize::from(sq)] = Some(wing);
                }
            }
        }
        Origins { wings }
    }

    /// The starting wing of the piece on `sq`, if known.
    pub fn wing(&self, sq: Square) -> Option<Wing> {
        self.wings[usize::from(sq)]
    }

    /// Follows move `m`, played in `before`.
    pub fn play(&mut self, before: &Chess, m: Move) {
        let _ = before;
        match m {
            Move::Castle { king, rook } => {
                let side = shakmaty::CastlingSide::from_king_side(king < rook);
                let wing = self.wings[usize::from(rook)].take();
                let rook_to = Square::from_coords(side.rook_to_file(), rook.rank());
                self.wings[usize::from(king)] = None;
                self.wings[usize::from(rook_to)] = wing;
            }
            Move::Normal { from, to, promotion, .. } => {
                let wing = self.wings[usize::from(from)].take();
                self.wings[usize::from(to)] = if promotion.is_some() { None } else { wing };
            }
            Move::EnPassant { from, to } => {
                self.wings[usize::from(from)] = None;
                self.wings[usize::from(to)] = None;
            }
            Move::Put { to, .. } => self.wings[usize::from(to)] = None,
        }
    }
}

/// Reads a descriptive move.
pub fn read(pos: &Chess, origins: &Origins, lang: Lang, token: &str) -> Result<Move, MoveError> {
    let _ = (pos, origins, lang, token);
    Err(MoveError::syntax("descriptive notation is not readable yet"))
}

/// Writes `m` in descriptive notation with the least qualification needed.
pub fn write(pos: &Chess, origins: &Origins, lang: Lang, m: Move) -> String {
    let _ = (pos, origins, lang);
    shakmaty::uci::UciMove::from_standard(m).to_string()
}
