//! Random legal games, for the tests, the oracle comparisons and the
//! benchmark. Deterministic for a seed, so a failing case can be replayed.
//!
//! Moves are drawn uniformly, except that promotions (every piece), en
//! passant captures and castling are preferred when they are legal, so that
//! every corpus exercises the rare forms of every notation.

use shakmaty::{Chess, Move, MoveList, Position};

use crate::notation::{Dialect, Notator};
use crate::pgn::GameResult;

/// A small, fast, deterministic random number generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`: the same seed gives the same numbers.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A random game: its moves and how it ended.
#[derive(Clone, Debug)]
pub struct RandomGame {
    /// The moves from the initial position.
    pub moves: Vec<Move>,
    /// How it ended (`Unknown` when it was stopped at its length).
    pub result: GameResult,
}

fn special(m: &Move) -> bool {
    m.is_promotion() || m.is_en_passant() || m.is_castle()
}

/// Plays a random game of at most `max_plies` plies.
pub fn random_game(rng: &mut Rng, max_plies: usize) -> RandomGame {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    let mut result = GameResult::Unknown;
    let mut specials = MoveList::new();
    for ply in 0..=max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            result = if pos.is_check() {
                if pos.turn() == shakmaty::Color::White { GameResult::BlackWins } else { GameResult::WhiteWins }
            } else {
                GameResult::Draw
            };
            break;
        }
        if pos.is_insufficient_material() {
            result = GameResult::Draw;
            break;
        }
        if ply == max_plies {
            break;
        }
        specials.clear();
        specials.extend(legal.iter().copied().filter(special));
        let m = if !specials.is_empty() && rng.below(4) != 0 { specials[rng.below(specials.len())] } else { legal[rng.below(legal.len())] };
        pos.play_unchecked(m);
        moves.push(m);
    }
    RandomGame { moves, result }
}

/// Writes `count` random games from `seed` as PGN (English short algebraic),
/// each with between `min_plies` and `max_plies` plies unless it ends sooner.
pub fn pgn_corpus(seed: u64, count: usize, min_plies: usize, max_plies: usize) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    for i in 0..count {
        let limit = min_plies + rng.below(max_plies - min_plies + 1);
        let game = random_game(&mut rng, limit);
        write_pgn_game(&mut out, i + 1, &game);
    }
    out
}

/// Appends one game as PGN.
pub fn write_pgn_game(out: &mut String, round: usize, game: &RandomGame) {
    use std::fmt::Write as _;
    let r = game.result.as_pgn();
    let _ = write!(
        out,
        "[Event \"tiflo random game\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"{round}\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"{r}\"]\n\n"
    );
    let mut pos = Chess::default();
    let notator = Notator::new(Dialect::PGN, &pos);
    let mut line = 0usize;
    let mut word = String::new();
    for (ply, m) in game.moves.iter().enumerate() {
        word.clear();
        if ply % 2 == 0 {
            let _ = write!(word, "{}. ", ply / 2 + 1);
        }
        let before = pos.clone();
        pos.play_unchecked(*m);
        notator.write(&before, *m, &pos, &mut word);
        if line + word.len() + 1 > 79 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(&word);
        line += word.len();
    }
    if line + r.len() + 1 > 79 {
        out.push('\n');
    } else if line > 0 {
        out.push(' ');
    }
    out.push_str(r);
    out.push_str("\n\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpora_contain_every_rare_move() {
        let mut rng = Rng::new(7);
        let (mut promo, mut under, mut ep, mut short, mut long) = (0, 0, 0, 0, 0);
        for _ in 0..100 {
            let g = random_game(&mut rng, 300);
            for m in &g.moves {
                match m.promotion() {
                    Some(shakmaty::Role::Queen) => promo += 1,
                    Some(_) => under += 1,
                    None => {}
                }
                ep += usize::from(m.is_en_passant());
                match m.castling_side() {
                    Some(shakmaty::CastlingSide::KingSide) => short += 1,
                    Some(shakmaty::CastlingSide::QueenSide) => long += 1,
                    None => {}
                }
            }
        }
        assert!(promo > 0 && under > 0 && ep > 0 && short > 0 && long > 0, "{promo} {under} {ep} {short} {long}");
    }

    #[test]
    fn the_same_seed_gives_the_same_corpus() {
        assert_eq!(pgn_corpus(3, 5, 10, 60), pgn_corpus(3, 5, 10, 60));
        assert_ne!(pgn_corpus(3, 5, 10, 60), pgn_corpus(4, 5, 10, 60));
    }
}
