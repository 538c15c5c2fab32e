//! The DGT electronic board on the sighted opponent's side: its serial
//! protocol, and what the board shows once it has settled.
//!
//! The sans-I/O part is the [`Decoder`] (the board's messages from bytes,
//! resynchronising on any byte with the top bit set, as every message
//! header has it and no data byte does) and the [`Watcher`] (after the last
//! field change, wait for the board to settle, read the whole board, and
//! compare it with the position after each legal move, with the position
//! itself, and with the previous position). [`driver`] is the thin serial
//! driver on its own thread.
//!
//! Protocol facts: 9600 baud 8N1; one-byte commands; replies are a header
//! byte (the message id with the top bit set), the length in two 7-bit
//! bytes (header included), then data bytes below 0x80. The board dump
//! lists a8, b8, ... h1 (index 0 is a8, 63 is h1) whichever way the board
//! is turned. Piece codes: 0 empty; 1 P, 2 R, 3 N, 4 B, 5 K, 6 Q; 7 p,
//! 8 r, 9 n, 10 b, 11 k, 12 q.
//!
//! Invariants: a move is reported only when the settled board equals the
//! board after exactly one legal move; each settled board is reported once;
//! a board that matches nothing (a piece held in the air during a capture)
//! is reported only after it has stayed still for [`STILL`], so a move in
//! progress is never read as a wrong board; clock times outside what a
//! clock can show are dropped.

use std::time::Duration;

use shakmaty::{Board, Chess, Color, Move, Piece, Position, Role, Square};

/// Commands to the board.
pub mod command {
    pub const RESET: u8 = 0x40;
    pub const SEND_CLOCK: u8 = 0x41;
    pub const SEND_BOARD: u8 = 0x42;
    pub const SEND_UPDATE: u8 = 0x43;
    pub const SEND_UPDATE_BOARD: u8 = 0x44;
    pub const RETURN_SERIAL: u8 = 0x45;
    pub const SEND_TRADEMARK: u8 = 0x47;
    /// Field changes, and the clock only when it changes.
    pub const SEND_UPDATE_NICE: u8 = 0x4B;
    pub const SEND_VERSION: u8 = 0x4D;
}

/// Message ids (headers) from the board.
pub mod reply {
    pub const BOARD_DUMP: u8 = 0x86;
    pub const TIME: u8 = 0x8D;
    pub const FIELD_UPDATE: u8 = 0x8E;
    pub const SERIAL: u8 = 0x91;
    pub const TRADEMARK: u8 = 0x92;
    pub const VERSION: u8 = 0x93;
}

/// The clock's two displays (left and right as the clock stands, not White
/// and Black).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClockTimes {
    pub left: Duration,
    pub right: Duration,
    /// The clock is running.
    pub running: bool,
    /// The lever is down on the right (the right player's clock stopped).
    pub lever_right: bool,
}

impl ClockTimes {
    /// The running display's time: the left one when the lever is down on
    /// the right.
    pub fn running_time(&self) -> Option<Duration> {
        self.running.then_some(if self.lever_right { self.left } else { self.right })
    }
}

/// Clock readings checked one after another: a reading whose running
/// display shows more time than the reading before, while the same display
/// runs, is a glitch (a clock only counts down while it runs), and is
/// dropped. Pure.
#[derive(Clone, Debug, Default)]
pub struct ClockCheck {
    last: Option<ClockTimes>,
}

impl ClockCheck {
    /// Whether to believe `t`. It is compared with the reading just before
    /// it, believed or not, so a time set higher for good (by an arbiter)
    /// is believed from its second reading on.
    pub fn accept(&mut self, t: ClockTimes) -> bool {
        let Some(before) = self.last.replace(t) else { return true };
        match (t.running_time(), before.running_time()) {
            (Some(now), Some(was)) if t.lever_right == before.lever_right => now <= was,
            _ => true,
        }
    }
}

/// A message from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The whole board.
    Board(Board),
    /// One square changed: what stands there now.
    Field { square: Square, piece: Option<Piece> },
    Clock(ClockTimes),
    /// The board's firmware version, major and minor.
    Version(u8, u8),
    /// A message tiflo does not use (its id).
    Other(u8),
}

/// The piece of a DGT code; `None` for an empty square (or a code that is
/// no piece).
pub fn piece_of(code: u8) -> Option<Piece> {
    let (color, role) = match code {
        1 => (Color::White, Role::Pawn),
        2 => (Color::White, Role::Rook),
        3 => (Color::White, Role::Knight),
        4 => (Color::White, Role::Bishop),
        5 => (Color::White, Role::King),
        6 => (Color::White, Role::Queen),
        7 => (Color::Black, Role::Pawn),
        8 => (Color::Black, Role::Rook),
        9 => (Color::Black, Role::Knight),
        10 => (Color::Black, Role::Bishop),
        11 => (Color::Black, Role::King),
        12 => (Color::Black, Role::Queen),
        _ => return None,
    };
    Some(Piece { color, role })
}

/// The DGT code of a square's content.
pub fn code_of(piece: Option<Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let base = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    if p.color == Color::White { base } else { base + 6 }
}

/// The square of a board index (0 is a8, 63 is h1).
pub fn square_of(index: u8) -> Option<Square> {
    (index < 64).then(|| Square::from_coords(shakmaty::File::new(u32::from(index % 8)), shakmaty::Rank::new(u32::from(7 - index / 8))))
}

/// The board index of a square.
pub fn index_of(sq: Square) -> u8 {
    (7 - u8::from(sq.rank())) * 8 + u8::from(sq.file())
}

/// A board as the board dump's 64 codes.
pub fn dump_of(board: &Board) -> [u8; 64] {
    let mut out = [0u8; 64];
    for sq in Square::ALL {
        out[usize::from(index_of(sq))] = code_of(board.piece_at(sq));
    }
    out
}

/// A whole message with its header, as the board sends it.
pub fn frame(id: u8, data: &[u8]) -> Vec<u8> {
    let len = data.len() + 3;
    let mut out = vec![id, ((len >> 7) & 0x7f) as u8, (len & 0x7f) as u8];
    out.extend_from_slice(data);
    out
}

fn bcd(b: u8) -> Option<u64> {
    let (hi, lo) = (b >> 4, b & 0x0f);
    (hi <= 5 && lo <= 9).then(|| u64::from(hi * 10 + lo))
}

/// One clock display: hours in the low nibble, minutes and seconds in BCD.
fn display(h: u8, m: u8, s: u8) -> Option<Duration> {
    let hours = u64::from(h & 0x0f);
    if hours > 9 {
        return None;
    }
    Some(Duration::from_secs(hours * 3600 + bcd(m)? * 60 + bcd(s)?))
}

fn parse(id: u8, data: &[u8]) -> Option<Message> {
    match id {
        reply::BOARD_DUMP if data.len() == 64 => {
            let mut board = Board::empty();
            for (i, code) in data.iter().enumerate() {
                if let (Some(sq), Some(p)) = (square_of(i as u8), piece_of(*code)) {
                    board.set_piece_at(sq, p);
                }
            }
            Some(Message::Board(board))
        }
        reply::FIELD_UPDATE if data.len() == 2 => {
            Some(Message::Field { square: square_of(data[0])?, piece: piece_of(data[1]) })
        }
        reply::TIME if data.len() == 7 => {
            // A low nibble of 0x0A in the first byte is an acknowledgement
            // of a clock command, not a time.
            if data[0] & 0x0f == 0x0a {
                return Some(Message::Other(id));
            }
            let right = display(data[0], data[1], data[2])?;
            let left = display(data[3], data[4], data[5])?;
            let status = data[6];
            Some(Message::Clock(ClockTimes { left, right, running: status & 0x01 != 0, lever_right: status & 0x02 != 0 }))
        }
        reply::VERSION if data.len() == 2 => Some(Message::Version(data[0], data[1])),
        _ => Some(Message::Other(id)),
    }
}

/// Messages from the board's bytes, however they are split.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
}

/// The longest message tiflo accepts (a board dump is 67 bytes).
const LONGEST: usize = 256;

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Feeds bytes; returns the messages they complete.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Message> {
        let mut out = Vec::new();
        for &b in bytes {
            if b & 0x80 != 0 {
                // A header: whatever was being read is dropped.
                self.buf.clear();
                self.buf.push(b);
                continue;
            }
            if self.buf.is_empty() {
                // Data with no header: skipped until the next header.
                continue;
            }
            self.buf.push(b);
            if self.buf.len() < 3 {
                continue;
            }
            let len = (usize::from(self.buf[1]) << 7) | usize::from(self.buf[2]);
            if !(3..=LONGEST).contains(&len) {
                self.buf.clear();
                continue;
            }
            if self.buf.len() == len {
                if let Some(m) = parse(self.buf[0], &self.buf[3..]) {
                    out.push(m);
                }
                self.buf.clear();
            }
        }
        out
    }
}

/// How long the board must be quiet after a change before it is read: a
/// scan of the board takes 200 to 250 ms, so a sliding piece sends a burst.
pub const SETTLE: Duration = Duration::from_millis(300);

/// How long a board that matches nothing must stay still before it is
/// reported: a capture is made in steps (the captured piece off, the
/// capturing piece lifted and put down), each a board matching nothing.
pub const STILL: Duration = Duration::from_secs(3);

/// What a settled board shows, compared with the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The position after this legal move.
    Move(Move),
    /// The position itself: nothing moved, or a lifted piece was put back.
    InPlace,
    /// The previous position: the last move was taken back.
    TakeBack,
    /// The position with one piece lifted off its square.
    Lifted(Square, Piece),
    /// Anything else.
    Mismatch(Board),
}

/// What the board shows, pure: `current` is the position the board should
/// show, `previous` the one before the last move.
pub fn classify(current: &Chess, previous: Option<&Chess>, board: &Board) -> Seen {
    if board == current.board() {
        return Seen::InPlace;
    }
    let mut found = None;
    for m in current.legal_moves() {
        let mut after = current.clone();
        after.play_unchecked(m);
        if after.board() == board {
            if found.is_some() {
                // Two moves to one board: none is sure.
                return Seen::Mismatch(board.clone());
            }
            found = Some(m);
        }
    }
    if let Some(m) = found {
        return Seen::Move(m);
    }
    if previous.is_some_and(|p| p.board() == board) {
        return Seen::TakeBack;
    }
    // One piece missing and nothing else changed.
    let want = current.board();
    let missing: Vec<Square> = want.occupied().into_iter().filter(|sq| board.piece_at(*sq).is_none()).collect();
    let extra = board.occupied().into_iter().any(|sq| board.piece_at(sq) != want.piece_at(sq) && board.piece_at(sq).is_some());
    if let ([sq], false) = (missing.as_slice(), extra)
        && let Some(p) = want.piece_at(*sq)
    {
        return Seen::Lifted(*sq, p);
    }
    Seen::Mismatch(board.clone())
}

/// Follows the board: when to read it, and what a settled board means.
#[derive(Clone, Debug)]
pub struct Watcher {
    current: Chess,
    previous: Option<Chess>,
    /// The last field change not yet followed by a board read.
    changed: Option<Duration>,
    /// A board matching nothing, waiting to stay still (since when).
    unsure: Option<Duration>,
    /// The last board reported.
    reported: Option<Board>,
}

impl Watcher {
    pub fn new(current: Chess) -> Watcher {
        Watcher { current, previous: None, changed: None, unsure: None, reported: None }
    }

    /// What the board should show now (after a move of the game, a
    /// take-back, a transfer): the board is to be read again.
    pub fn set_position(&mut self, current: Chess, previous: Option<Chess>) {
        if current.board() != self.current.board() || previous.as_ref().map(Chess::board) != self.previous.as_ref().map(Chess::board) {
            self.reported = None;
            self.unsure = None;
        }
        self.current = current;
        self.previous = previous;
    }

    /// The board was away: whatever it shows next is news.
    pub fn forget(&mut self) {
        self.reported = None;
        self.unsure = None;
        self.changed = None;
    }

    /// A square changed at `now`.
    pub fn changed(&mut self, now: Duration) {
        self.changed = Some(now);
        self.unsure = None;
    }

    /// Whether to read the whole board now: the board has settled after a
    /// change, or a board matching nothing has stayed still long enough.
    pub fn due(&mut self, now: Duration) -> bool {
        if let Some(t) = self.changed
            && now.saturating_sub(t) >= SETTLE
        {
            self.changed = None;
            return true;
        }
        if let Some(t) = self.unsure
            && now.saturating_sub(t) >= STILL
        {
            return true;
        }
        false
    }

    /// The whole board, read at `now`: what it shows, when that is news.
    pub fn board(&mut self, now: Duration, board: &Board) -> Option<Seen> {
        if self.changed.is_some() {
            // Still changing: this read is stale.
            return None;
        }
        let seen = classify(&self.current, self.previous.as_ref(), board);
        if matches!(seen, Seen::Mismatch(_)) {
            match self.unsure {
                None => {
                    self.unsure = Some(now);
                    return None;
                }
                Some(t) if now.saturating_sub(t) < STILL => return None,
                Some(_) => self.unsure = None,
            }
        } else {
            self.unsure = None;
        }
        if self.reported.as_ref() == Some(board) {
            return None;
        }
        self.reported = Some(board.clone());
        Some(seen)
    }
}

pub mod driver;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use shakmaty::uci::UciMove;

    fn after(ucis: &[&str]) -> Chess {
        let mut pos = Chess::default();
        for u in ucis {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
        }
        pos
    }

    fn mv(pos: &Chess, u: &str) -> Move {
        u.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn squares_and_codes() {
        assert_eq!(square_of(0), Some(Square::A8));
        assert_eq!(square_of(7), Some(Square::H8));
        assert_eq!(square_of(63), Some(Square::H1));
        assert_eq!(square_of(64), None);
        for sq in Square::ALL {
            assert_eq!(square_of(index_of(sq)), Some(sq));
        }
        for code in 0..=12 {
            assert_eq!(code_of(piece_of(code)), code);
        }
        assert_eq!(piece_of(13), None);
    }

    #[test]
    fn every_message_and_resync() {
        let mut d = Decoder::new();
        let board = Chess::default().board().clone();
        let dump = frame(reply::BOARD_DUMP, &dump_of(&board));
        assert_eq!(dump.len(), 67);
        assert_eq!(d.feed(&dump), vec![Message::Board(board.clone())]);
        // Split anywhere.
        for cut in 0..dump.len() {
            let mut d = Decoder::new();
            let mut got = d.feed(&dump[..cut]);
            got.extend(d.feed(&dump[cut..]));
            assert_eq!(got, vec![Message::Board(board.clone())], "cut at {cut}");
        }
        let field = frame(reply::FIELD_UPDATE, &[index_of(Square::E2), 0]);
        assert_eq!(d.feed(&field), vec![Message::Field { square: Square::E2, piece: None }]);
        let placed = frame(reply::FIELD_UPDATE, &[index_of(Square::E4), 1]);
        assert_eq!(d.feed(&placed), vec![Message::Field { square: Square::E4, piece: Some(Piece { color: Color::White, role: Role::Pawn }) }]);
        // Right 1:30:05, left 0:59:59, running, lever right.
        let time = frame(reply::TIME, &[0x01, 0x30, 0x05, 0x00, 0x59, 0x59, 0x03]);
        assert_eq!(
            d.feed(&time),
            vec![Message::Clock(ClockTimes { left: Duration::from_secs(3599), right: Duration::from_secs(5405), running: true, lever_right: true })]
        );
        // A clock acknowledgement and impossible times are not times.
        assert_eq!(d.feed(&frame(reply::TIME, &[0x0a, 0, 0, 0, 0, 0, 0])), vec![Message::Other(reply::TIME)]);
        assert_eq!(d.feed(&frame(reply::TIME, &[0x00, 0x60, 0x00, 0, 0, 0, 0])), vec![]);
        assert_eq!(d.feed(&frame(reply::TIME, &[0x00, 0x00, 0x0a, 0, 0, 0, 0])), vec![]);
        assert_eq!(d.feed(&frame(reply::VERSION, &[1, 7])), vec![Message::Version(1, 7)]);
        assert_eq!(d.feed(&frame(reply::SERIAL, &[0x31; 5])), vec![Message::Other(reply::SERIAL)]);
        // A message cut short by the next header is dropped; the next one reads.
        let mut torn = dump[..30].to_vec();
        torn.extend(&field);
        assert_eq!(d.feed(&torn), vec![Message::Field { square: Square::E2, piece: None }]);
        // Stray data bytes before a header are skipped.
        let mut noise = vec![0x12, 0x34, 0x05];
        noise.extend(&field);
        assert_eq!(d.feed(&noise), vec![Message::Field { square: Square::E2, piece: None }]);
        // A wrong length for its kind is not a message.
        assert_eq!(d.feed(&frame(reply::FIELD_UPDATE, &[1, 2, 3])), vec![Message::Other(reply::FIELD_UPDATE)]);
        assert_eq!(d.feed(&[reply::BOARD_DUMP, 0x7f, 0x7f]), vec![]);
    }

    #[test]
    fn boards_read_as_moves_take_backs_lifts_and_mismatches() {
        let pos = after(&["e2e4", "e7e5"]);
        let prev = after(&["e2e4"]);
        assert_eq!(classify(&pos, Some(&prev), pos.board()), Seen::InPlace);
        let nf3 = mv(&pos, "g1f3");
        let mut a = pos.clone();
        a.play_unchecked(nf3);
        assert_eq!(classify(&pos, Some(&prev), a.board()), Seen::Move(nf3));
        assert_eq!(classify(&pos, Some(&prev), prev.board()), Seen::TakeBack);
        let mut lifted = pos.board().clone();
        lifted.discard_piece_at(Square::G1);
        assert_eq!(classify(&pos, Some(&prev), &lifted), Seen::Lifted(Square::G1, Piece { color: Color::White, role: Role::Knight }));
        let mut two = lifted.clone();
        two.discard_piece_at(Square::B1);
        assert!(matches!(classify(&pos, Some(&prev), &two), Seen::Mismatch(_)));
        // Castling, en passant and promotion are whole-board matches.
        let castle = after(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]);
        let oo = mv(&castle, "e1g1");
        let mut a = castle.clone();
        a.play_unchecked(oo);
        assert_eq!(classify(&castle, None, a.board()), Seen::Move(oo));
        // The king moved two squares without the rook: not castling yet.
        let mut half = castle.board().clone();
        half.discard_piece_at(Square::E1);
        half.set_piece_at(Square::G1, Piece { color: Color::White, role: Role::King });
        assert!(matches!(classify(&castle, None, &half), Seen::Mismatch(_)));
        let ep = after(&["e2e4", "a7a6", "e4e5", "d7d5"]);
        let exd6 = mv(&ep, "e5d6");
        let mut a = ep.clone();
        a.play_unchecked(exd6);
        assert_eq!(classify(&ep, None, a.board()), Seen::Move(exd6));
        let promo: Chess = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse::<shakmaty::fen::Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap();
        for u in ["b7b8q", "b7b8n"] {
            let m = mv(&promo, u);
            let mut a = promo.clone();
            a.play_unchecked(m);
            assert_eq!(classify(&promo, None, a.board()), Seen::Move(m), "{u}");
        }
    }

    #[test]
    fn the_watcher_waits_for_the_board_to_settle_and_reports_each_board_once() {
        let ms = Duration::from_millis;
        let pos = Chess::default();
        let mut w = Watcher::new(pos.clone());
        let e4 = mv(&pos, "e2e4");
        let mut a = pos.clone();
        a.play_unchecked(e4);
        // A lift, then a place: read only once quiet.
        w.changed(ms(0));
        assert!(!w.due(ms(100)));
        w.changed(ms(400));
        assert!(!w.due(ms(600)));
        // A read while it still changes is stale.
        assert_eq!(w.board(ms(650), a.board()), None);
        assert!(w.due(ms(700)));
        assert_eq!(w.board(ms(710), a.board()), Some(Seen::Move(e4)));
        // The same board again is no news.
        w.changed(ms(800));
        assert!(w.due(ms(1200)));
        assert_eq!(w.board(ms(1210), a.board()), None);
        // The game moves on: the board is news again.
        w.set_position(a.clone(), Some(pos.clone()));
        assert_eq!(w.board(ms(1300), a.board()), Some(Seen::InPlace));
        // A board matching nothing waits to stay still.
        let mut odd = a.board().clone();
        odd.discard_piece_at(Square::A1);
        odd.discard_piece_at(Square::H1);
        w.changed(ms(2000));
        assert!(w.due(ms(2400)));
        assert_eq!(w.board(ms(2400), &odd), None);
        assert!(!w.due(ms(4000)));
        assert!(w.due(ms(5400)));
        assert_eq!(w.board(ms(5400), &odd), Some(Seen::Mismatch(odd.clone())));
        // A change while unsure starts again.
        w.changed(ms(6000));
        assert!(w.due(ms(6300)));
        assert_eq!(w.board(ms(6300), a.board()), Some(Seen::InPlace));
    }

    proptest! {
        /// In random games the board after each move reads as exactly that
        /// move, however the pieces got there.
        #[test]
        fn every_move_of_a_random_game_is_seen(seed in any::<u64>()) {
            let mut rng = crate::corpus::Rng::new(seed);
            let game = crate::corpus::random_game(&mut rng, 60);
            let mut pos = Chess::default();
            let mut prev: Option<Chess> = None;
            for m in game.moves {
                let mut after = pos.clone();
                after.play_unchecked(m);
                prop_assert_eq!(classify(&pos, prev.as_ref(), after.board()), Seen::Move(m));
                prev = Some(pos);
                pos = after;
            }
        }
    }

    #[test]
    fn a_running_time_that_goes_up_is_dropped() {
        let t = |left: u64, right: u64, running: bool, lever_right: bool| ClockTimes {
            left: Duration::from_secs(left),
            right: Duration::from_secs(right),
            running,
            lever_right,
        };
        let mut c = ClockCheck::default();
        assert!(c.accept(t(100, 200, true, false)));
        // The right display runs: it goes down, never up.
        assert!(c.accept(t(100, 199, true, false)));
        assert!(!c.accept(t(100, 230, true, false)), "up while running");
        assert!(c.accept(t(100, 198, true, false)), "the glitch is gone");
        // The left display may go up meanwhile (it does not run) and the
        // right one may after a press (an increment) or while stopped.
        assert!(c.accept(t(130, 198, true, true)));
        assert!(c.accept(t(129, 228, true, true)));
        assert!(c.accept(t(129, 300, false, true)));
        assert!(c.accept(t(129, 400, false, true)));
        // A time set higher for good is believed from its second reading.
        assert!(c.accept(t(128, 400, true, true)));
        assert!(!c.accept(t(600, 400, true, true)));
        assert!(c.accept(t(600, 400, true, true)));
    }
}
