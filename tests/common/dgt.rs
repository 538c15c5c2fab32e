//! A simulated DGT electronic board on a pseudo-terminal: a thread speaking
//! the board's side of the protocol on the master end, so that the daemon
//! (or the driver) opens the slave end as if the board were plugged in.
//!
//! It holds a board; answers the version and board-dump requests; sends a
//! field update for every square the test changes, as the real board does
//! when a piece is lifted or put down (a move is a lift and a place, a
//! capture a lift of the captured piece first, castling the king then the
//! rook, with pauses like a hand's); and sends clock times on request.

#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use shakmaty::{Board, Chess, Color, Move, Piece, Position, Square};
use tiflo::dgt::{ClockTimes, code_of, command, dump_of, frame, index_of, reply};

use super::displays::{Fake, Side};

/// A pause between two touches of a hand: longer than a scan of the board.
pub const HAND: Duration = Duration::from_millis(120);

struct DgtSide {
    board: Arc<Mutex<Board>>,
    /// Commands received, for the test to look at.
    commands: Arc<Mutex<Vec<u8>>>,
}

impl Side for DgtSide {
    fn feed(&mut self, bytes: &[u8], _lines: &mut Vec<Vec<u8>>) -> Vec<u8> {
        let mut reply = Vec::new();
        for &b in bytes {
            self.commands.lock().unwrap().push(b);
            match b {
                command::SEND_VERSION => reply.extend(frame(reply::VERSION, &[1, 7])),
                command::SEND_BOARD => reply.extend(frame(reply::BOARD_DUMP, &dump_of(&self.board.lock().unwrap()))),
                _ => {}
            }
        }
        reply
    }

    fn reset(&mut self) {}
}

/// The simulated board.
pub struct FakeDgt {
    fake: Fake,
    board: Arc<Mutex<Board>>,
    commands: Arc<Mutex<Vec<u8>>>,
}

impl FakeDgt {
    /// A board with the pieces of `pos`.
    pub fn start(pos: &Chess) -> FakeDgt {
        let board = Arc::new(Mutex::new(pos.board().clone()));
        let commands = Arc::new(Mutex::new(Vec::new()));
        let side = DgtSide { board: board.clone(), commands: commands.clone() };
        FakeDgt { fake: Fake::start(side), board, commands }
    }

    /// The slave end's path, for the host to open.
    pub fn path(&self) -> String {
        self.fake.path.clone()
    }

    /// What stands on the board now.
    pub fn board(&self) -> Board {
        self.board.lock().unwrap().clone()
    }

    /// The commands the host has sent.
    pub fn commands(&self) -> Vec<u8> {
        self.commands.lock().unwrap().clone()
    }

    fn set(&self, sq: Square, piece: Option<Piece>) {
        {
            let mut b = self.board.lock().unwrap();
            match piece {
                Some(p) => b.set_piece_at(sq, p),
                None => {
                    b.discard_piece_at(sq);
                }
            }
        }
        self.fake.send(frame(reply::FIELD_UPDATE, &[index_of(sq), code_of(piece)]));
        std::thread::sleep(HAND);
    }

    /// A piece lifted off its square.
    pub fn lift(&self, sq: Square) {
        self.set(sq, None);
    }

    /// A piece put on a square.
    pub fn place(&self, sq: Square, piece: Piece) {
        self.set(sq, Some(piece));
    }

    /// A move made by hand in `pos`: a captured piece taken off first, the
    /// piece lifted and put down (a promoted pawn replaced by its piece),
    /// castling's king then rook, en passant's pawn removed last.
    pub fn play(&self, pos: &Chess, m: Move) {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let before = pos.board();
        let now = after.board();
        // Taken off: squares emptied by the move, the captured first.
        let mut off: Vec<Square> = before.occupied().into_iter().filter(|sq| now.piece_at(*sq) != before.piece_at(*sq)).collect();
        off.sort_by_key(|sq| before.piece_at(*sq).map(|p| p.color) == Some(pos.turn()));
        for sq in off {
            self.lift(sq);
        }
        for sq in now.occupied() {
            if before.piece_at(sq) != now.piece_at(sq) {
                self.place(sq, now.piece_at(sq).unwrap());
            }
        }
    }

    /// A piece slid from `from` to `to` over the squares between: each
    /// square it crosses sees it come and go, in a burst.
    pub fn slide(&self, from: Square, over: &[Square], to: Square) {
        let piece = self.board().piece_at(from).expect("a piece to slide");
        {
            let mut b = self.board.lock().unwrap();
            b.discard_piece_at(from);
        }
        let mut burst = frame(reply::FIELD_UPDATE, &[index_of(from), 0]);
        for sq in over {
            burst.extend(frame(reply::FIELD_UPDATE, &[index_of(*sq), code_of(Some(piece))]));
            burst.extend(frame(reply::FIELD_UPDATE, &[index_of(*sq), 0]));
        }
        self.board.lock().unwrap().set_piece_at(to, piece);
        burst.extend(frame(reply::FIELD_UPDATE, &[index_of(to), code_of(Some(piece))]));
        self.fake.send(burst);
    }

    /// The clock's displays.
    pub fn clock(&self, t: ClockTimes) {
        let bcd = |n: u64| ((n / 10) << 4 | (n % 10)) as u8;
        let hms = |d: Duration| {
            let s = d.as_secs();
            [(s / 3600) as u8, bcd(s / 60 % 60), bcd(s % 60)]
        };
        let mut data = Vec::new();
        data.extend(hms(t.right));
        data.extend(hms(t.left));
        data.push(u8::from(t.running) | (u8::from(t.lever_right) << 1));
        self.fake.send(frame(reply::TIME, &data));
    }

    /// The board unplugged: the host sees its port go away.
    pub fn unplug(mut self) {
        self.fake.stop();
    }
}

/// A piece.
pub fn piece(color: Color, role: shakmaty::Role) -> Piece {
    Piece { color, role }
}
