//! Board transfer: the assistant's duty, in the rules for blind players, of
//! mirroring every move between the blind player's special board and the
//! tournament board.
//!
//! Pure. The session keeps, for every ply, whether its transfer was done
//! (a journal entry), and asks this module which board a move must be
//! reproduced on, which transfers are still pending, when to remind, and
//! how to fix a board that differs from the game.
//!
//! - The blind player's move is reproduced on the **tournament board** (by
//!   the assistant, seen on the page or on an electronic board).
//! - The opponent's move is reproduced on the player's **special board**
//!   (by the player, who confirms it).
//!
//! Invariants: a ply has at most one transfer; with [`Mode::Off`] nothing
//! is ever pending; a reminder for a transfer comes only after it has been
//! pending for the reminder interval, and again only after another
//! interval; [`fixes`] turns the seen board into the wanted one exactly
//! (property-tested).

use std::time::Duration;

use shakmaty::{Board, Color, Piece, Square};

/// Which transfers tiflo keeps.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// None (a game on one board).
    #[default]
    Off,
    /// Only the opponent's moves, to the player's board (practice at home:
    /// the engine's moves go on the player's board).
    Opponent,
    /// Both directions (a tournament game with two boards).
    Both,
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s {
            "off" => Ok(Mode::Off),
            "opponent" => Ok(Mode::Opponent),
            "both" => Ok(Mode::Both),
            _ => Err(format!("`{s}` is not \"off\", \"opponent\" or \"both\"")),
        }
    }
}

/// The board a move must be reproduced on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum To {
    /// The blind player's move, onto the tournament board.
    TournamentBoard,
    /// The opponent's move, onto the player's special board.
    SpecialBoard,
}

/// The board a move by `mover` must be reproduced on, when `player` is the
/// blind player; `None` when this mode keeps no such transfer.
pub(crate) fn direction(mode: Mode, player: Color, mover: Color) -> Option<To> {
    match (mode, mover == player) {
        (Mode::Off, _) => None,
        (Mode::Opponent, true) => None,
        (_, false) => Some(To::SpecialBoard),
        (Mode::Both, true) => Some(To::TournamentBoard),
    }
}

/// A transfer still to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The ply (0 is the record's first move).
    pub ply: usize,
    /// The board the move must be reproduced on.
    pub to: To,
    /// When the move was recorded.
    pub since: Duration,
}

/// When to remind of pending transfers: after `every` of waiting, then
/// every `every` again. A zero interval never reminds.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reminder {
    every: Duration,
    /// When the last reminder was given.
    last: Option<Duration>,
}

impl Reminder {
    pub fn new(every: Duration) -> Reminder {
        Reminder { every, last: None }
    }

    /// The pending transfers to remind of at `now` (those waiting at least
    /// one interval), or nothing when the last reminder is too recent.
    pub(crate) fn due(&mut self, now: Duration, pending: &[Pending]) -> Vec<Pending> {
        if self.every.is_zero() {
            return Vec::new();
        }
        if self.last.is_some_and(|l| now.saturating_sub(l) < self.every) {
            return Vec::new();
        }
        let due: Vec<Pending> = pending.iter().copied().filter(|p| now.saturating_sub(p.since) >= self.every).collect();
        if !due.is_empty() {
            self.last = Some(now);
        }
        due
    }

    /// A transfer was done or a move made: the next reminder waits a whole
    /// interval again.
    pub fn reset(&mut self) {
        self.last = None;
    }
}

/// One step of putting a board right, as a person does it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fix {
    /// Take `piece` off `from` and put it on `to`.
    Move {
        /// The piece to move.
        piece: Piece,
        /// The square it stands on wrongly.
        from: Square,
        /// The square it belongs on.
        to: Square,
    },
    /// Take `piece` off `from`.
    Remove {
        /// The piece that should not be on the board there.
        piece: Piece,
        /// The square to empty.
        from: Square,
    },
    /// Put `piece` on `on`.
    Put {
        /// The piece that is missing.
        piece: Piece,
        /// The square to put it on.
        on: Square,
    },
}

/// The steps that turn the `seen` board into the `wanted` one: a piece
/// missing on one square and standing where it should not be on another is
/// one move; the rest are removals and placements. Steps are ordered so
/// that a square is emptied before something is put on it (removals first,
/// then moves onto free squares, then placements).
pub fn fixes(seen: &Board, wanted: &Board) -> Vec<Fix> {
    let mut extra: Vec<(Square, Piece)> = Vec::new();
    let mut missing: Vec<(Square, Piece)> = Vec::new();
    for sq in Square::ALL {
        let (s, w) = (seen.piece_at(sq), wanted.piece_at(sq));
        if s != w {
            if let Some(p) = s {
                extra.push((sq, p));
            }
            if let Some(p) = w {
                missing.push((sq, p));
            }
        }
    }
    let mut moves = Vec::new();
    let mut puts = Vec::new();
    for (on, piece) in missing {
        // The nearest stray piece of the same kind goes there.
        let nearest = extra
            .iter()
            .enumerate()
            .filter(|(_, (_, p))| *p == piece)
            .min_by_key(|(_, (from, _))| from.distance(on))
            .map(|(i, _)| i);
        match nearest {
            Some(i) => {
                let (from, _) = extra.remove(i);
                moves.push(Fix::Move { piece, from, to: on });
            }
            None => puts.push(Fix::Put { piece, on }),
        }
    }
    let mut out: Vec<Fix> = extra.into_iter().map(|(from, piece)| Fix::Remove { piece, from }).collect();
    // Moves in an order where each goes to a square already free.
    let mut board = seen.clone();
    for f in &out {
        if let Fix::Remove { from, .. } = f {
            board.discard_piece_at(*from);
        }
    }
    while !moves.is_empty() {
        let free = moves.iter().position(|f| matches!(f, Fix::Move { to, .. } if board.piece_at(*to).is_none()));
        let f = moves.remove(free.unwrap_or(0));
        let Fix::Move { piece, from, to } = f else { continue };
        board.discard_piece_at(from);
        if free.is_some() {
            board.set_piece_at(to, piece);
            out.push(f);
        } else {
            // Pieces waiting for each other's squares: this one is taken
            // off and put on its square at the end.
            out.push(Fix::Remove { piece, from });
            puts.push(Fix::Put { piece, on: to });
        }
    }
    out.extend(puts);
    out
}

/// The board after the `fixes` are done to `board`, in order.
pub fn apply(board: &Board, fixes: &[Fix]) -> Board {
    let mut b = board.clone();
    for f in fixes {
        match *f {
            Fix::Move { piece, from, to } => {
                b.discard_piece_at(from);
                b.set_piece_at(to, piece);
            }
            Fix::Remove { from, .. } => {
                b.discard_piece_at(from);
            }
            Fix::Put { piece, on } => b.set_piece_at(on, piece),
        }
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use shakmaty::Role;

    fn board(fen: &str) -> Board {
        fen.split(' ').next().unwrap().parse::<Board>().unwrap()
    }

    #[test]
    fn directions() {
        use Color::*;
        assert_eq!(direction(Mode::Both, White, White), Some(To::TournamentBoard));
        assert_eq!(direction(Mode::Both, White, Black), Some(To::SpecialBoard));
        assert_eq!(direction(Mode::Opponent, Black, Black), None);
        assert_eq!(direction(Mode::Opponent, Black, White), Some(To::SpecialBoard));
        assert_eq!(direction(Mode::Off, White, Black), None);
        assert_eq!("both".parse::<Mode>(), Ok(Mode::Both));
        assert!("two".parse::<Mode>().is_err());
    }

    #[test]
    fn reminders_wait_an_interval_and_then_another() {
        let mut r = Reminder::new(Duration::from_secs(30));
        let p = [Pending { ply: 0, to: To::SpecialBoard, since: Duration::from_secs(100) }];
        assert!(r.due(Duration::from_secs(120), &p).is_empty());
        assert_eq!(r.due(Duration::from_secs(130), &p), p.to_vec());
        assert!(r.due(Duration::from_secs(140), &p).is_empty(), "not again so soon");
        assert_eq!(r.due(Duration::from_secs(160), &p), p.to_vec());
        assert!(Reminder::new(Duration::ZERO).due(Duration::from_secs(999), &p).is_empty());
        r.reset();
        assert_eq!(r.due(Duration::from_secs(161), &p), p.to_vec());
    }

    #[test]
    fn a_knight_on_the_wrong_square_is_one_move() {
        let wanted = Board::default();
        let seen = board("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
        let white_knight = Piece { color: Color::White, role: Role::Knight };
        assert_eq!(fixes(&seen, &wanted), vec![Fix::Move { piece: white_knight, from: Square::F3, to: Square::G1 }]);
    }

    #[test]
    fn a_captured_piece_left_on_the_board_is_removed_first() {
        // 1. e4 d5 2. exd5 with the captured pawn still on d5 and the
        // white pawn still on e4.
        let wanted = board("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
        let seen = board("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
        let f = fixes(&seen, &wanted);
        assert_eq!(
            f,
            vec![
                Fix::Remove { piece: Piece { color: Color::Black, role: Role::Pawn }, from: Square::D5 },
                Fix::Move { piece: Piece { color: Color::White, role: Role::Pawn }, from: Square::E4, to: Square::D5 },
            ]
        );
        assert_eq!(apply(&seen, &f), wanted);
    }

    #[test]
    fn pieces_waiting_for_each_others_squares() {
        let wanted = Board::default();
        // The white knight and bishop swapped on b1 and c1.
        let seen = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKBNR w KQkq - 0 1");
        let f = fixes(&seen, &wanted);
        assert_eq!(f.len(), 3, "{f:?}");
        assert_eq!(apply(&seen, &f), wanted);
    }

    #[test]
    fn a_missing_piece_is_put() {
        let wanted = Board::default();
        let seen = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
        assert_eq!(fixes(&seen, &wanted), vec![Fix::Put { piece: Piece { color: Color::White, role: Role::Rook }, on: Square::H1 }]);
        assert!(fixes(&wanted, &wanted).is_empty());
    }

    fn any_board() -> impl Strategy<Value = Board> {
        proptest::collection::vec(proptest::option::weighted(0.4, 0usize..12), 64).prop_map(|cells| {
            let mut b = Board::empty();
            for (i, c) in cells.into_iter().enumerate() {
                if let Some(k) = c {
                    let piece = Piece { color: if k < 6 { Color::White } else { Color::Black }, role: Role::ALL[k % 6] };
                    b.set_piece_at(Square::new(i as u32), piece);
                }
            }
            b
        })
    }

    proptest! {
        #[test]
        fn fixes_make_the_wanted_board_and_each_move_goes_to_a_free_square(seen in any_board(), wanted in any_board()) {
            let f = fixes(&seen, &wanted);
            prop_assert_eq!(apply(&seen, &f), wanted.clone());
            let mut b = seen.clone();
            for step in &f {
                match *step {
                    Fix::Put { on, .. } => prop_assert!(b.piece_at(on).is_none()),
                    Fix::Remove { piece, from } => prop_assert_eq!(b.piece_at(from), Some(piece)),
                    Fix::Move { piece, from, to } => {
                        prop_assert_eq!(b.piece_at(from), Some(piece));
                        prop_assert!(b.piece_at(to).is_none(), "a move onto an occupied square");
                    }
                }
                b = apply(&b, std::slice::from_ref(step));
            }
        }
    }
}
