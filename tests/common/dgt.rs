//! A simulated DGT electronic board (and clock) on a pseudo-terminal: a
//! thread speaking the board's side of the protocol on the master end, so
//! that the daemon (or the driver) opens the slave end as if the board were
//! plugged in.
//!
//! Every byte it sends is written here from DGT's protocol header
//! (`dgtbrd.h`, as read in /work/shared/reference/dgt.md and in the copy
//! picochess ships), never with tiflo's own encoder:
//!
//! - a message is its id with the top bit set, its total length (header
//!   included) in two 7-bit bytes, most significant first, then data bytes
//!   below 0x80;
//! - DGT_MSG_BOARD_DUMP 0x86, 67 bytes: the 64 squares by the board's
//!   numbering, field 0 top left with the connector on the player's left
//!   hand (a8 when White sits there), 63 bottom right; the board never
//!   renumbers when it is turned round;
//! - DGT_MSG_FIELD_UPDATE 0x8E, 5 bytes: field number, piece code (0 when
//!   a piece was lifted);
//! - DGT_MSG_BWTIME 0x8D, 10 bytes: the right display's hours (low nibble),
//!   minutes and seconds (BCD), the left display's, and the status byte:
//!   bit 0 running, bit 1 the lever, bit 5 no clock connected (reading
//!   invalid);
//! - DGT_MSG_VERSION 0x93, 5 bytes: major, minor;
//! - piece codes 0 empty, 1..6 White P R N B K Q, 7..12 Black p r n b k q;
//! - commands: DGT_SEND_CLK 0x41, DGT_SEND_BRD 0x42, DGT_SEND_VERSION 0x4D
//!   are answered (others, such as DGT_SEND_UPDATE_NICE 0x4B, only noted).
//!
//! It holds the game's pieces, standing normally or turned round; sends a
//! field update for every square the test changes, as the real board does
//! when a piece is lifted or put down; and sends clock readings on request
//! and when asked for the clock (with no clock: the invalid reading).

#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use shakmaty::{Board, Chess, Color, Move, Piece, Position, Role, Square};

use super::displays::{Fake, Side};

/// A pause between two touches of a hand: longer than a scan of the board.
pub const HAND: Duration = Duration::from_millis(120);

/// Message ids (dgtbrd.h: the id or'ed with the message bit 0x80).
pub const BOARD_DUMP: u8 = 0x86;
pub const BWTIME: u8 = 0x8d;
pub const FIELD_UPDATE: u8 = 0x8e;
pub const VERSION: u8 = 0x93;

/// The clock message of a board with no clock: status bit 5 set, no times.
pub const NO_CLOCK: [u8; 10] = [BWTIME, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20];

/// A message: id, the total length in two 7-bit bytes, the data.
pub fn message(id: u8, data: &[u8]) -> Vec<u8> {
    let total = 3 + data.len();
    let mut out = vec![id, (total >> 7) as u8 & 0x7f, total as u8 & 0x7f];
    out.extend_from_slice(data);
    out
}

/// dgtbrd.h's piece code.
pub fn code(piece: Option<Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let white = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    match p.color {
        Color::White => white,
        Color::Black => white + 6,
    }
}

/// The board's field number of a square: row by row from the top left as
/// the player with the connector on the left sees it; turned round, that
/// player is Black, so the numbering runs from h1.
pub fn field(sq: Square, turned: bool) -> u8 {
    let file = u8::from(sq.file());
    let rank = u8::from(sq.rank());
    let normal = (7 - rank) * 8 + file;
    if turned { 63 - normal } else { normal }
}

/// Two BCD digits.
pub fn bcd(n: u64) -> u8 {
    assert!(n < 100);
    ((n / 10) << 4 | (n % 10)) as u8
}

/// A clock reading as the board sends it: each display as whole seconds.
pub fn bwtime(left: u64, right: u64, running: bool, lever: bool) -> [u8; 10] {
    let hms = |s: u64| [(s / 3600) as u8, bcd(s / 60 % 60), bcd(s % 60)];
    let [rh, rm, rs] = hms(right);
    let [lh, lm, ls] = hms(left);
    let status = u8::from(running) | (u8::from(lever) << 1);
    [BWTIME, 0x00, 0x0a, rh, rm, rs, lh, lm, ls, status]
}

struct DgtSide {
    board: Arc<Mutex<Board>>,
    turned: bool,
    clock: Arc<Mutex<[u8; 10]>>,
    /// Commands received, for the test to look at.
    commands: Arc<Mutex<Vec<u8>>>,
}

impl Side for DgtSide {
    fn feed(&mut self, bytes: &[u8], _lines: &mut Vec<Vec<u8>>) -> Vec<u8> {
        let mut reply = Vec::new();
        for &b in bytes {
            self.commands.lock().unwrap().push(b);
            match b {
                0x4d => reply.extend(message(VERSION, &[1, 7])),
                0x42 => {
                    let board = self.board.lock().unwrap();
                    let mut fields = [0u8; 64];
                    for sq in Square::ALL {
                        fields[usize::from(field(sq, self.turned))] = code(board.piece_at(sq));
                    }
                    reply.extend(message(BOARD_DUMP, &fields));
                }
                0x41 => reply.extend(*self.clock.lock().unwrap()),
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
    turned: bool,
    clock: Arc<Mutex<[u8; 10]>>,
    commands: Arc<Mutex<Vec<u8>>>,
}

impl FakeDgt {
    /// A board with the pieces of `pos`, its connector on White's left.
    pub fn start(pos: &Chess) -> FakeDgt {
        FakeDgt::standing(pos, false)
    }

    /// A board with the pieces of `pos`, turned round (its connector on
    /// White's right) or not.
    pub fn standing(pos: &Chess, turned: bool) -> FakeDgt {
        let board = Arc::new(Mutex::new(pos.board().clone()));
        let clock = Arc::new(Mutex::new(NO_CLOCK));
        let commands = Arc::new(Mutex::new(Vec::new()));
        let side = DgtSide { board: board.clone(), turned, clock: clock.clone(), commands: commands.clone() };
        FakeDgt { fake: Fake::start(side), board, turned, clock, commands }
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

    /// Bytes as the board sends them.
    pub fn send(&self, bytes: &[u8]) {
        self.fake.send(bytes.to_vec());
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
        self.send(&message(FIELD_UPDATE, &[field(sq, self.turned), code(piece)]));
        std::thread::sleep(HAND);
    }

    /// A piece lifted off its square.
    pub fn lift(&self, sq: Square) {
        self.set(sq, None);
    }

    /// Pieces lifted off their squares together, as both hands do: one
    /// burst of field updates, so no read of the board can fall between
    /// them (with a pause between the lifts, a slow machine could read the
    /// board with only the first lifted).
    pub fn lift_all(&self, squares: &[Square]) {
        let mut burst = Vec::new();
        {
            let mut b = self.board.lock().unwrap();
            for sq in squares {
                b.discard_piece_at(*sq);
                burst.extend(message(FIELD_UPDATE, &[field(*sq, self.turned), 0]));
            }
        }
        self.send(&burst);
        std::thread::sleep(HAND);
    }

    /// A piece put on a square.
    pub fn place(&self, sq: Square, piece: Piece) {
        self.set(sq, Some(piece));
    }

    /// A piece lifted and put down elsewhere.
    pub fn shift(&self, from: Square, to: Square) {
        let p = self.board().piece_at(from).expect("a piece to move");
        self.lift(from);
        self.place(to, p);
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
    /// square it crosses sees it come and go, in one burst (a scan of the
    /// board sees them all).
    pub fn slide(&self, from: Square, over: &[Square], to: Square) {
        let piece = self.board().piece_at(from).expect("a piece to slide");
        let c = code(Some(piece));
        self.board.lock().unwrap().discard_piece_at(from);
        let mut burst = message(FIELD_UPDATE, &[field(from, self.turned), 0]);
        for sq in over {
            burst.extend(message(FIELD_UPDATE, &[field(*sq, self.turned), c]));
            burst.extend(message(FIELD_UPDATE, &[field(*sq, self.turned), 0]));
        }
        self.board.lock().unwrap().set_piece_at(to, piece);
        burst.extend(message(FIELD_UPDATE, &[field(to, self.turned), c]));
        self.send(&burst);
    }

    /// The clock's displays, in whole seconds, as it stands (left, right):
    /// sent now, and kept as the answer to a request for the clock.
    pub fn clock(&self, left: u64, right: u64, running: bool, lever: bool) {
        self.clock_bytes(bwtime(left, right, running, lever));
    }

    /// A clock message written out: sent now and kept as the answer to a
    /// request for the clock.
    pub fn clock_bytes(&self, bytes: [u8; 10]) {
        *self.clock.lock().unwrap() = bytes;
        self.send(&bytes);
    }

    /// The board unplugged: the host sees its port go away.
    pub fn unplug(mut self) {
        self.fake.stop();
    }
}

/// A piece.
pub fn piece(color: Color, role: Role) -> Piece {
    Piece { color, role }
}
