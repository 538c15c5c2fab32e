//! The DGT electronic board on the sighted opponent's side: its serial
//! protocol, and what the board shows once it has settled.
//!
//! The sans-I/O part is the [`Decoder`] (the board's messages from bytes,
//! resynchronising on any byte with the top bit set, as every message
//! header has it and no data byte does), the [`Watcher`] (after the last
//! field change, wait for the board to settle, read the whole board, turn
//! it round when it stands the other way, and compare it with the position
//! after each legal move, with the position itself, and with the previous
//! position), the [`ClockWatch`] (clock readings believed or dropped, a
//! clock that goes and comes back) and the [`ClockSides`] (which display
//! is White's, from which one counts down while whom is to move).
//! [`driver`] is the thin serial driver on its own thread.
//!
//! Protocol facts (DGT's `dgtbrd.h`, as `docs/devices.md` cites it): 9600
//! baud 8N1; one-byte commands; replies are a
//! header byte (the message id with the top bit set), the length in two
//! 7-bit bytes (header included), then data bytes below 0x80. The board
//! dump lists a8, b8, ... h1 (index 0 is a8, 63 is h1) with the connector
//! on White's left, and the board does not renumber when it is turned
//! round. Piece codes: 0 empty; 1 P, 2 R, 3 N, 4 B, 5 K, 6 Q; 7 p, 8 r,
//! 9 n, 10 b, 11 k, 12 q. The clock message: the right display's hours
//! (low nibble), minutes and seconds (BCD), the left display's, then a
//! status byte (bit 0 running, bit 1 the lever, bit 5 no clock: the
//! reading is invalid).
//!
//! Invariants: a move is reported only when the settled board equals the
//! board after exactly one legal move; each settled board is reported once;
//! a board that matches nothing (a piece held in the air during a capture)
//! the rook's half of castling, or the position before the last move (a
//! move entered elsewhere, not yet made on the board) is reported only
//! after it has stayed still for [`STILL`], so a move in progress is never
//! read as a wrong board, a rook move or a take-back; the last move's
//! piece in the air (a move entered elsewhere being made on the board) is
//! no touch of the piece the position has on its square; clock times outside what a clock can show, and
//! readings the clock marks invalid, are dropped; the lever bit's meaning
//! (disputed between versions of `dgtbrd.h`) is never relied on, only its
//! changes.

use std::cmp::Ordering;
use std::time::Duration;

use shakmaty::{Board, Chess, Color, Move, Piece, Position, Role, Square};

/// Commands to the board.
pub mod command {
    /// Back to idle: the board stops sending updates.
    pub const RESET: u8 = 0x40;
    /// Send the clock's reading once.
    pub const SEND_CLOCK: u8 = 0x41;
    /// Send the whole board once (a board dump).
    pub const SEND_BOARD: u8 = 0x42;
    /// Field changes, and the clock every second.
    pub const SEND_UPDATE: u8 = 0x43;
    /// Field changes only, no clock.
    pub const SEND_UPDATE_BOARD: u8 = 0x44;
    /// Send the board's serial number.
    pub const RETURN_SERIAL: u8 = 0x45;
    /// Send the board's trademark text.
    pub const SEND_TRADEMARK: u8 = 0x47;
    /// Field changes, and the clock only when it changes.
    pub const SEND_UPDATE_NICE: u8 = 0x4B;
    /// Send the board's firmware version.
    pub const SEND_VERSION: u8 = 0x4D;
}

/// Message ids (headers) from the board.
pub mod reply {
    /// The whole board: one byte per square.
    pub const BOARD_DUMP: u8 = 0x86;
    /// A clock reading: both displays and the status byte.
    pub const TIME: u8 = 0x8D;
    /// One square changed: its index and what stands there now.
    pub const FIELD_UPDATE: u8 = 0x8E;
    /// The board's serial number.
    pub const SERIAL: u8 = 0x91;
    /// The board's trademark text.
    pub const TRADEMARK: u8 = 0x92;
    /// The firmware version, major and minor.
    pub const VERSION: u8 = 0x93;
}

/// The bits of the clock message's status byte (`dgtbrd.h`, byte 9).
pub mod status {
    /// The clock runs (not stopped by start/stop).
    pub const RUNNING: u8 = 0x01;
    /// The lever ("tumbler"): which side is up is disputed (see
    /// `docs/devices.md`); tiflo only notices when it changes.
    pub const LEVER: u8 = 0x02;
    /// The clock's battery is low.
    pub const BATTERY_LOW: u8 = 0x04;
    /// No clock connected: the reading is invalid.
    pub const NO_CLOCK: u8 = 0x20;
}

/// Which way the board stands (the `dgt-orientation` setting).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// Learnt from the first board read that matches the game one way and
    /// not the other.
    #[default]
    Auto,
    /// The connector on White's left: index 0 is a8.
    Normal,
    /// Turned round, the connector on White's right: index 0 is h1.
    Turned,
}

/// Which clock display is White's (the `dgt-clock-white` setting).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum ClockWhite {
    /// Learnt from which display counts down while White is to move.
    #[default]
    Auto,
    /// The left display (as the clock stands) is White's.
    Left,
    /// The right display (as the clock stands) is White's.
    Right,
}

/// One of the clock's two displays, as the clock stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Display {
    Left,
    Right,
}

impl Display {
    pub(crate) fn other(self) -> Display {
        match self {
            Display::Left => Display::Right,
            Display::Right => Display::Left,
        }
    }
}

/// The clock's two displays (left and right as the clock stands, not White
/// and Black).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClockTimes {
    /// The time the left display shows.
    pub left: Duration,
    /// The time the right display shows.
    pub right: Duration,
    /// The clock is running.
    pub running: bool,
    /// The status byte's lever bit as sent. Which side it means is
    /// disputed, so only its changes (a press) are used.
    pub lever: bool,
}

impl ClockTimes {
    /// The time a display shows.
    pub(crate) fn shows(&self, d: Display) -> Duration {
        match d {
            Display::Left => self.left,
            Display::Right => self.right,
        }
    }
}

/// Clock readings checked one after another: while the clock runs and
/// nobody presses (the lever stays), neither display may go up (a clock
/// counts down; an increment comes with a press), so a reading where one
/// does is a glitch, and is dropped. Pure.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClockCheck {
    last: Option<ClockTimes>,
}

impl ClockCheck {
    /// Whether to believe `t`. It is compared with the reading just before
    /// it, believed or not, so a time set higher for good (by an arbiter,
    /// or a clock adding its next period) is believed from its second
    /// reading on.
    pub fn accept(&mut self, t: ClockTimes) -> bool {
        let Some(before) = self.last.replace(t) else { return true };
        let pressed = t.lever != before.lever;
        !(t.running && before.running && !pressed && (t.left > before.left || t.right > before.right))
    }
}

/// What a clock reading means, once checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ClockNews {
    /// Times to believe.
    Times(ClockTimes),
    /// The clock that gave times is gone (unplugged, switched off): its
    /// readings are invalid.
    Gone,
    /// It gives times again.
    Back,
}

/// The clock's readings as they come: valid ones checked by
/// [`ClockCheck`], invalid ones (no clock) dropped; a clock that goes away
/// after giving times is news once, and its return once. Pure.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClockWatch {
    check: ClockCheck,
    /// The last reading was valid.
    present: bool,
    /// It went away after giving times, and has not come back.
    gone: bool,
}

impl ClockWatch {
    /// A reading: its times, or `None` for one marked invalid.
    pub(crate) fn reading(&mut self, t: Option<ClockTimes>) -> Vec<ClockNews> {
        let Some(t) = t else {
            // Whatever comes back is compared with nothing before it.
            self.check = ClockCheck::default();
            if std::mem::replace(&mut self.present, false) {
                self.gone = true;
                return vec![ClockNews::Gone];
            }
            return Vec::new();
        };
        if !self.check.accept(t) {
            return Vec::new();
        }
        self.present = true;
        let mut out = Vec::new();
        if std::mem::replace(&mut self.gone, false) {
            out.push(ClockNews::Back);
        }
        out.push(ClockNews::Times(t));
        out
    }
}

/// Readings in a row with the same lever, the clock running and the same
/// side to move before a reading tells whose display runs: a press and a
/// move recorded are not simultaneous, so the readings around them are
/// left out.
const STEADY: u32 = 2;
/// Readings in a row that must agree to learn which display is White's.
const LEARN: u32 = 3;
/// ... and to change it once learnt (a player who pressed the clock but
/// has not yet told tiflo the move gives contrary readings for a while).
const RELEARN: u32 = 20;

/// Which display is White's: the setting's, or learnt from the clock's
/// behaviour, not from the lever bit (its meaning is disputed): the
/// display counting down while the other stands still runs for the side
/// to move. Pure.
#[derive(Clone, Debug)]
pub(crate) struct ClockSides {
    setting: ClockWhite,
    learnt: Option<Display>,
    last: Option<(ClockTimes, Color)>,
    steady: u32,
    streak: Option<(Display, u32)>,
}

impl ClockSides {
    pub(crate) fn new(setting: ClockWhite) -> ClockSides {
        ClockSides { setting, learnt: None, last: None, steady: 0, streak: None }
    }

    /// White's display, when set or learnt.
    pub(crate) fn white(&self) -> Option<Display> {
        match self.setting {
            ClockWhite::Left => Some(Display::Left),
            ClockWhite::Right => Some(Display::Right),
            ClockWhite::Auto => self.learnt,
        }
    }

    /// A believed reading, with the side to move in the game when it came.
    pub(crate) fn reading(&mut self, t: ClockTimes, turn: Color) {
        let Some((before, was)) = self.last.replace((t, turn)) else { return };
        if t.lever != before.lever || turn != was || !t.running || !before.running {
            self.steady = 0;
            return;
        }
        self.steady = self.steady.saturating_add(1);
        if self.steady < STEADY {
            return;
        }
        let running = match (t.left.cmp(&before.left), t.right.cmp(&before.right)) {
            (Ordering::Less, Ordering::Equal) => Display::Left,
            (Ordering::Equal, Ordering::Less) => Display::Right,
            _ => return,
        };
        let white = if turn == Color::White { running } else { running.other() };
        let count = match self.streak {
            Some((d, n)) if d == white => n.saturating_add(1),
            _ => 1,
        };
        self.streak = Some((white, count));
        let need = if self.learnt.is_none() { LEARN } else { RELEARN };
        if count >= need {
            self.learnt = Some(white);
        }
    }
}

/// A message from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The whole board, as numbered (index 0 is a8 with the connector on
    /// White's left).
    Board(Board),
    /// One square changed: what stands there now.
    Field {
        /// The square, as numbered (index 0 is a8 with the connector on
        /// White's left).
        square: Square,
        /// The piece on it now, or `None` when it is empty.
        piece: Option<Piece>,
    },
    /// A valid clock reading.
    Clock(ClockTimes),
    /// A clock reading marked invalid: no clock connected, or it is off.
    NoClock,
    /// The board's firmware version, major and minor.
    Version(u8, u8),
    /// A message tiflo does not use (its id).
    Other(u8),
}

/// The piece of a DGT code; `None` for an empty square (or a code that is
/// no piece).
pub(crate) fn piece_of(code: u8) -> Option<Piece> {
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

/// The square of a board index (0 is a8, 63 is h1), the board standing
/// normally.
pub(crate) fn square_of(index: u8) -> Option<Square> {
    (index < 64).then(|| Square::from_coords(shakmaty::File::new(u32::from(index % 8)), shakmaty::Rank::new(u32::from(7 - index / 8))))
}

#[cfg(test)]
/// The board index of a square.
pub(crate) fn index_of(sq: Square) -> u8 {
    (7 - u8::from(sq.rank())) * 8 + u8::from(sq.file())
}

#[cfg(test)]
/// A board as the board dump's 64 codes.
pub(crate) fn dump_of(board: &Board) -> [u8; 64] {
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
            // A low nibble of 0x0A in either hours byte marks an
            // acknowledgement of a clock command, not a time.
            if data[0] & 0x0f == 0x0a || data[3] & 0x0f == 0x0a {
                return Some(Message::Other(id));
            }
            // All zeros is no reading (a Bluetooth board may send one
            // after a clock command, to be ignored).
            if data.iter().all(|b| *b == 0) {
                return Some(Message::Other(id));
            }
            let flags = data[6];
            if flags & status::NO_CLOCK != 0 {
                return Some(Message::NoClock);
            }
            let right = display(data[0], data[1], data[2])?;
            let left = display(data[3], data[4], data[5])?;
            Some(Message::Clock(ClockTimes { left, right, running: flags & status::RUNNING != 0, lever: flags & status::LEVER != 0 }))
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
    /// A decoder with nothing read yet.
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
pub(crate) const SETTLE: Duration = Duration::from_millis(300);

/// How long a board that matches nothing must stay still before it is
/// reported: a capture is made in steps (the captured piece off, the
/// capturing piece lifted and put down), each a board matching nothing;
/// castling with the rook first passes through a legal rook move.
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
pub(crate) fn classify(current: &Chess, previous: Option<&Chess>, board: &Board) -> Seen {
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
    // One piece missing and nothing else changed: lifted, unless it is the
    // last move's piece in the air, the board before the move with that
    // piece lifted (a move entered on the page or by voice, being made on
    // the board): nobody touched a piece of the position on the square it
    // now stands on, so a board that matches nothing, told only if it
    // stays so.
    if let Some((sq, p)) = one_lifted(current.board(), board)
        && !previous.is_some_and(|prev| one_lifted(prev.board(), board).is_some())
    {
        return Seen::Lifted(sq, p);
    }
    Seen::Mismatch(board.clone())
}

/// The square and piece of `want` missing from `board`, when that one piece
/// is all that differs.
fn one_lifted(want: &Board, board: &Board) -> Option<(Square, Piece)> {
    let mut missing = want.occupied() & !board.occupied();
    let sq = missing.pop_front()?;
    if missing.any() || (board.occupied() & !want.occupied()).any() {
        return None;
    }
    let mut lifted = want.clone();
    lifted.discard_piece_at(sq);
    (&lifted == board).then(|| want.piece_at(sq)).flatten().map(|p| (sq, p))
}

/// A board as read the other way round: a half turn, so the square read
/// as a8 is h1 (the board does not renumber its squares when it is turned
/// round).
pub(crate) fn turned(board: &Board) -> Board {
    let mut b = board.clone();
    b.rotate_180();
    b
}

/// Whether `m`, a legal move in `pos`, is the rook's half of a legal
/// castling: the board after it is the castled board but for the king,
/// still on its square.
pub(crate) fn castling_rook_half(pos: &Chess, m: Move) -> bool {
    if m.role() != Role::Rook || m.is_capture() {
        return false;
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    pos.legal_moves().into_iter().filter(|c| c.is_castle()).any(|c| {
        let mut castled = pos.clone();
        castled.play_unchecked(c);
        let Some(from) = c.from() else { return false };
        let king = Piece { color: pos.turn(), role: Role::King };
        let Some(to) = (castled.board().by_piece(king)).first() else { return false };
        let mut b = after.board().clone();
        b.discard_piece_at(from);
        b.set_piece_at(to, king);
        &b == castled.board()
    })
}

/// How many squares of `board` differ from `want`.
fn differences(board: &Board, want: &Board) -> usize {
    Square::ALL.iter().filter(|sq| board.piece_at(**sq) != want.piece_at(**sq)).count()
}

/// Follows the board: when to read it, which way it stands, and what a
/// settled board means.
#[derive(Clone, Debug)]
pub(crate) struct Watcher {
    current: Chess,
    previous: Option<Chess>,
    orientation: Orientation,
    /// Learnt with [`Orientation::Auto`]: the board stands turned round.
    turned: Option<bool>,
    /// Learnt turned round, not yet told.
    turned_news: bool,
    /// The last field change not yet followed by a board read.
    changed: Option<Duration>,
    /// A board not to report before it has stayed still (since when).
    unsure: Option<Duration>,
    /// The last board reported.
    reported: Option<Board>,
}

impl Watcher {
    /// A watcher that learns how the board stands (tests and fuzzing; the
    /// daemon names the orientation with [`Watcher::turned_as`]).
    #[cfg(any(test, feature = "testkit"))]
    pub fn new(current: Chess) -> Watcher {
        Watcher::turned_as(current, Orientation::Auto)
    }

    /// A watcher for a board that stands as `orientation` says.
    pub(crate) fn turned_as(current: Chess, orientation: Orientation) -> Watcher {
        Watcher {
            current,
            previous: None,
            orientation,
            turned: None,
            turned_news: false,
            changed: None,
            unsure: None,
            reported: None,
        }
    }

    /// What the board should show now (after a move of the game, a
    /// take-back, a transfer): the board is to be read again.
    pub(crate) fn set_position(&mut self, current: Chess, previous: Option<Chess>) {
        if current.board() != self.current.board() || previous.as_ref().map(Chess::board) != self.previous.as_ref().map(Chess::board) {
            self.reported = None;
            self.unsure = None;
        }
        self.current = current;
        self.previous = previous;
    }

    /// The board was away: whatever it shows next is news. Which way it
    /// stands is kept.
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
    /// change, or a board not to report at once has stayed still long
    /// enough.
    pub(crate) fn due(&mut self, now: Duration) -> bool {
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

    /// True once, when the board has been found turned round.
    pub(crate) fn take_turned(&mut self) -> bool {
        std::mem::take(&mut self.turned_news)
    }

    /// The board as it stands, from the board's numbering: turned round
    /// when set so or learnt so; with `Auto` learnt from the first read
    /// that matches the game (or one piece off it, one move on, one move
    /// back) one way and not the other, as the start position does.
    fn orient(&mut self, raw: &Board) -> Board {
        let rotated = turned(raw);
        match (self.orientation, self.turned) {
            (Orientation::Normal, _) | (Orientation::Auto, Some(false)) => return raw.clone(),
            (Orientation::Turned, _) | (Orientation::Auto, Some(true)) => return rotated,
            (Orientation::Auto, None) => {}
        }
        let fits = |b: &Board| !matches!(classify(&self.current, self.previous.as_ref(), b), Seen::Mismatch(_));
        match (fits(raw), fits(&rotated)) {
            (true, false) => {
                self.turned = Some(false);
                raw.clone()
            }
            (false, true) => {
                self.turned = Some(true);
                self.turned_news = true;
                rotated
            }
            // Neither way (pieces still being set up), or both: not
            // learnt yet; a wrong board is told the way it is nearer.
            _ => {
                let want = self.current.board();
                if differences(&rotated, want) < differences(raw, want) { rotated } else { raw.clone() }
            }
        }
    }

    /// The whole board, read at `now` (as the board numbers it): the board
    /// as it stands and what it shows, when that is news.
    pub fn board(&mut self, now: Duration, raw: &Board) -> Option<(Board, Seen)> {
        if self.changed.is_some() {
            // Still changing: this read is stale.
            return None;
        }
        let board = self.orient(raw);
        let seen = classify(&self.current, self.previous.as_ref(), &board);
        let wait = match &seen {
            // A board one move behind is also one where a move entered
            // elsewhere (the page, the player's voice) is still being
            // made: told only once it has stayed so.
            Seen::Mismatch(_) | Seen::TakeBack => true,
            // The king may follow.
            Seen::Move(m) => castling_rook_half(&self.current, *m),
            _ => false,
        };
        if wait {
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
        if self.reported.as_ref() == Some(&board) {
            return None;
        }
        self.reported = Some(board.clone());
        Some((board, seen))
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

    /// What the watcher reports of a board read, without the board.
    fn seen(w: &mut Watcher, now: Duration, raw: &Board) -> Option<Seen> {
        w.board(now, raw).map(|(_, s)| s)
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
        // dgtbrd.h's clock message, written out: 0x8D, length 0 10; right
        // 1:30:05 (hours in the low nibble, BCD minutes and seconds), left
        // 0:59:59, status running (bit 0) with the lever bit (bit 1).
        let time = [0x8d, 0x00, 0x0a, 0x01, 0x30, 0x05, 0x00, 0x59, 0x59, 0x03];
        assert_eq!(
            d.feed(&time),
            vec![Message::Clock(ClockTimes { left: Duration::from_secs(3599), right: Duration::from_secs(5405), running: true, lever: true })]
        );
        // The flag bits of the hours byte (bits 4 and 6) are not hours.
        assert_eq!(
            d.feed(&[0x8d, 0x00, 0x0a, 0x50, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00]),
            vec![Message::Clock(ClockTimes { left: Duration::from_secs(600), right: Duration::ZERO, running: false, lever: false })]
        );
        // Status bit 5: no clock connected, the reading is invalid, whatever
        // times it carries.
        assert_eq!(d.feed(&[0x8d, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20]), vec![Message::NoClock]);
        assert_eq!(d.feed(&[0x8d, 0x00, 0x0a, 0x01, 0x30, 0x05, 0x00, 0x59, 0x59, 0x21]), vec![Message::NoClock]);
        // A clock acknowledgement (0x0A in the low nibble of either hours
        // byte), an all-zero reading and impossible times are not times.
        assert_eq!(d.feed(&[0x8d, 0x00, 0x0a, 0x0a, 0x10, 0x09, 0x00, 0x00, 0x00, 0x00]), vec![Message::Other(reply::TIME)]);
        assert_eq!(d.feed(&[0x8d, 0x00, 0x0a, 0x00, 0x10, 0x08, 0x0a, 0x00, 0x00, 0x00]), vec![Message::Other(reply::TIME)]);
        assert_eq!(d.feed(&[0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0]), vec![Message::Other(reply::TIME)]);
        assert_eq!(d.feed(&[0x8d, 0x00, 0x0a, 0x00, 0x60, 0x00, 0, 0, 0, 1]), vec![]);
        assert_eq!(d.feed(&[0x8d, 0x00, 0x0a, 0x00, 0x00, 0x0a, 0, 0, 0, 1]), vec![]);
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
        assert_eq!(seen(&mut w, ms(650), a.board()), None);
        assert!(w.due(ms(700)));
        assert_eq!(seen(&mut w, ms(710), a.board()), Some(Seen::Move(e4)));
        // The same board again is no news.
        w.changed(ms(800));
        assert!(w.due(ms(1200)));
        assert_eq!(seen(&mut w, ms(1210), a.board()), None);
        // The game moves on: the board is news again.
        w.set_position(a.clone(), Some(pos.clone()));
        assert_eq!(seen(&mut w, ms(1300), a.board()), Some(Seen::InPlace));
        // A board matching nothing waits to stay still.
        let mut odd = a.board().clone();
        odd.discard_piece_at(Square::A1);
        odd.discard_piece_at(Square::H1);
        w.changed(ms(2000));
        assert!(w.due(ms(2400)));
        assert_eq!(seen(&mut w, ms(2400), &odd), None);
        assert!(!w.due(ms(4000)));
        assert!(w.due(ms(5400)));
        assert_eq!(seen(&mut w, ms(5400), &odd), Some(Seen::Mismatch(odd.clone())));
        // A change while unsure starts again.
        w.changed(ms(6000));
        assert!(w.due(ms(6300)));
        assert_eq!(seen(&mut w, ms(6300), a.board()), Some(Seen::InPlace));
    }

    proptest! {
        /// In random games the board after each move reads as exactly that
        /// move, however the pieces got there.
        #[test]
        fn every_move_of_a_random_game_is_seen(seed in any::<u64>()) {
            let mut rng = crate::testkit::corpus::Rng::new(seed);
            let game = crate::testkit::corpus::random_game(&mut rng, 60);
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

    fn t(left: u64, right: u64, running: bool, lever: bool) -> ClockTimes {
        ClockTimes { left: Duration::from_secs(left), right: Duration::from_secs(right), running, lever }
    }

    #[test]
    fn a_time_that_goes_up_without_a_press_is_dropped() {
        let mut c = ClockCheck::default();
        assert!(c.accept(t(100, 200, true, false)));
        // The right display runs: it goes down, never up.
        assert!(c.accept(t(100, 199, true, false)));
        assert!(!c.accept(t(100, 230, true, false)), "up while running");
        assert!(c.accept(t(100, 198, true, false)), "the glitch is gone");
        assert!(!c.accept(t(130, 197, true, false)), "the stopped display up with no press");
        assert!(c.accept(t(100, 196, true, false)));
        // A press (the lever bit changes, whichever side it means) may add
        // an increment to the display that stops.
        assert!(c.accept(t(100, 226, true, true)));
        assert!(c.accept(t(99, 226, true, true)));
        // A stopped clock may be set to anything.
        assert!(c.accept(t(99, 300, false, true)));
        assert!(c.accept(t(99, 400, false, true)));
        // A time set higher for good is believed from its second reading.
        assert!(c.accept(t(98, 400, true, true)));
        assert!(!c.accept(t(600, 400, true, true)));
        assert!(c.accept(t(600, 400, true, true)));
    }

    #[test]
    fn a_clock_that_goes_is_said_once_and_its_return_once() {
        let mut w = ClockWatch::default();
        // No clock from the start: nothing to say.
        assert_eq!(w.reading(None), vec![]);
        let a = t(600, 600, true, false);
        assert_eq!(w.reading(Some(a)), vec![ClockNews::Times(a)]);
        let b = t(600, 599, true, false);
        assert_eq!(w.reading(Some(b)), vec![ClockNews::Times(b)]);
        // Unplugged: said once, however many invalid readings follow.
        assert_eq!(w.reading(None), vec![ClockNews::Gone]);
        assert_eq!(w.reading(None), vec![]);
        assert_eq!(w.reading(None), vec![]);
        // Back, with times higher than before (reset): believed at once.
        let c = t(900, 900, true, false);
        assert_eq!(w.reading(Some(c)), vec![ClockNews::Back, ClockNews::Times(c)]);
        let d = t(900, 899, true, false);
        assert_eq!(w.reading(Some(d)), vec![ClockNews::Times(d)]);
        // A glitch is still dropped.
        assert_eq!(w.reading(Some(t(900, 950, true, false))), vec![]);
    }

    #[test]
    fn whites_display_is_learnt_from_which_display_counts_down() {
        use Color::{Black, White};
        // White to move, the left display counting down: after the
        // readings around a change are left out, three in a row agree.
        let mut s = ClockSides::new(ClockWhite::Auto);
        s.reading(t(600, 600, true, false), White);
        s.reading(t(599, 600, true, false), White);
        assert_eq!(s.white(), None);
        s.reading(t(598, 600, true, false), White);
        s.reading(t(597, 600, true, false), White);
        assert_eq!(s.white(), None);
        s.reading(t(596, 600, true, false), White);
        assert_eq!(s.white(), Some(Display::Left));
        // The same clock with Black to move: the right one runs for Black.
        let mut s = ClockSides::new(ClockWhite::Auto);
        for secs in (590..=600).rev() {
            s.reading(t(300, secs, true, false), Black);
        }
        assert_eq!(s.white(), Some(Display::Left));
        // The lever bit never decides: the same readings with it set.
        let mut s = ClockSides::new(ClockWhite::Auto);
        for secs in (590..=600).rev() {
            s.reading(t(300, secs, true, true), White);
        }
        assert_eq!(s.white(), Some(Display::Right));
        // A press just seen, a turn just changed, a stopped clock or both
        // displays moving say nothing.
        let mut s = ClockSides::new(ClockWhite::Auto);
        for i in 0..10u64 {
            s.reading(t(600 - i, 600, true, i % 2 == 0), White);
        }
        for i in 0..10u64 {
            s.reading(t(500 - i, 600, true, false), if i % 2 == 0 { White } else { Black });
        }
        for i in 0..10u64 {
            s.reading(t(400 - i, 600, false, false), White);
        }
        for i in 0..10u64 {
            s.reading(t(300 - i, 600 - i, true, false), White);
        }
        assert_eq!(s.white(), None);
        // Once learnt, a few contrary readings (a player who pressed but
        // has not yet told tiflo the move) do not change it; a long run
        // does.
        let mut s = ClockSides::new(ClockWhite::Auto);
        for secs in (590..=600).rev() {
            s.reading(t(secs, 600, true, false), White);
        }
        assert_eq!(s.white(), Some(Display::Left));
        s.reading(t(590, 600, true, true), White);
        for secs in (570..600).rev().take(RELEARN as usize) {
            s.reading(t(590, secs, true, true), White);
        }
        assert_eq!(s.white(), Some(Display::Left), "one contrary reading short of {RELEARN}");
        s.reading(t(590, 560, true, true), White);
        s.reading(t(590, 559, true, true), White);
        assert_eq!(s.white(), Some(Display::Right));
        // The setting rules.
        let mut s = ClockSides::new(ClockWhite::Right);
        for secs in (590..=600).rev() {
            s.reading(t(secs, 600, true, false), White);
        }
        assert_eq!(s.white(), Some(Display::Right));
        assert_eq!(ClockSides::new(ClockWhite::Left).white(), Some(Display::Left));
    }

    #[test]
    fn a_board_turned_round_is_learnt_from_the_start_position_or_the_first_read() {
        let start = Chess::default();
        // The start position as a board turned round numbers it: index 0,
        // a8 to the board, holds White's h1 rook.
        let raw = turned(start.board());
        assert_eq!(raw.piece_at(Square::A8), Some(Piece { color: Color::White, role: Role::Rook }));
        assert_eq!(raw.piece_at(Square::E8), Some(Piece { color: Color::White, role: Role::Queen }));
        let mut w = Watcher::new(start.clone());
        assert_eq!(w.board(Duration::ZERO, &raw), Some((start.board().clone(), Seen::InPlace)));
        assert!(w.take_turned());
        assert!(!w.take_turned(), "told once");
        // From then on every read is turned round.
        let e4 = mv(&start, "e2e4");
        let mut a = start.clone();
        a.play_unchecked(e4);
        assert_eq!(seen(&mut w, Duration::from_secs(1), &turned(a.board())), Some(Seen::Move(e4)));
        // Mid-game, the first read decides.
        let pos = after(&["e2e4", "e7e5", "g1f3"]);
        let mut w = Watcher::new(pos.clone());
        assert_eq!(seen(&mut w, Duration::ZERO, &turned(pos.board())), Some(Seen::InPlace));
        assert!(w.take_turned());
        // A board standing normally is learnt so, and nothing is told.
        let mut w = Watcher::new(pos.clone());
        assert_eq!(seen(&mut w, Duration::ZERO, pos.board()), Some(Seen::InPlace));
        assert!(!w.take_turned());
        let mut w2 = w.clone();
        assert_eq!(seen(&mut w2, Duration::from_secs(1), &turned(pos.board())), None, "waits: a wrong board");
        // The setting rules: a turned board set `normal` is a wrong board.
        let mut w = Watcher::turned_as(start.clone(), Orientation::Normal);
        assert_eq!(seen(&mut w, Duration::ZERO, &raw), None);
        assert!(matches!(seen(&mut w, STILL, &raw), Some(Seen::Mismatch(_))));
        let mut w = Watcher::turned_as(start.clone(), Orientation::Turned);
        assert_eq!(seen(&mut w, Duration::ZERO, &raw), Some(Seen::InPlace));
        assert!(!w.take_turned(), "set, not learnt: nothing to tell");
        // Not set up yet: nothing learnt; a wrong board is told the way it
        // is nearer the game.
        let mut w = Watcher::new(start.clone());
        let mut partial = raw.clone();
        for sq in [Square::A8, Square::B8, Square::C8] {
            partial.discard_piece_at(sq);
        }
        assert_eq!(seen(&mut w, Duration::ZERO, &partial), None);
        match seen(&mut w, STILL, &partial) {
            Some(Seen::Mismatch(b)) => assert_eq!(differences(&b, start.board()), 3),
            other => panic!("{other:?}"),
        }
        assert!(!w.take_turned());
        assert_eq!(seen(&mut w, STILL * 2, &raw), Some(Seen::InPlace));
        assert!(w.take_turned());
    }

    /// A move entered on the page or by voice: until it is made on the
    /// board, the board shows the position before it, which is told only
    /// once it has stayed so.
    #[test]
    fn a_board_one_move_behind_waits_for_the_move_to_be_made() {
        let before = after(&["e2e4", "e7e5"]);
        let pos = after(&["e2e4", "e7e5", "g1f3"]);
        let mut w = Watcher::turned_as(before.clone(), Orientation::Normal);
        assert_eq!(seen(&mut w, Duration::ZERO, before.board()), Some(Seen::InPlace));
        w.set_position(pos.clone(), Some(before.clone()));
        let t = Duration::from_secs(10);
        assert_eq!(seen(&mut w, t, before.board()), None, "the move may be being made");
        assert_eq!(seen(&mut w, t + STILL / 2, before.board()), None);
        // Made on the board in time: nothing but the move's position.
        let mut made = w.clone();
        assert_eq!(seen(&mut made, t + STILL / 2, pos.board()), Some(Seen::InPlace));
        // Never made: told once it has stayed.
        assert_eq!(seen(&mut w, t + STILL, before.board()), Some(Seen::TakeBack));
    }

    /// A move entered on the page, then made on the board: the piece in
    /// the air is the move's, lifted from its square before the move; it
    /// is not a touch of the piece the position has on the move's square.
    #[test]
    fn the_piece_of_a_move_entered_elsewhere_in_the_air_is_no_touch() {
        let before = after(&["e2e4", "e7e5"]);
        let pos = after(&["e2e4", "e7e5", "g1f3"]);
        let mut in_air = before.board().clone();
        in_air.discard_piece_at(Square::G1);
        assert!(matches!(classify(&pos, Some(&before), &in_air), Seen::Mismatch(_)));
        let mut w = Watcher::turned_as(pos.clone(), Orientation::Normal);
        w.set_position(pos.clone(), Some(before.clone()));
        assert_eq!(seen(&mut w, Duration::ZERO, &in_air), None, "not told at once");
        assert_eq!(seen(&mut w, STILL / 2, pos.board()), Some(Seen::InPlace), "put down on f3: the move made");
        // Another piece lifted is a touch, as before.
        let mut b8 = pos.board().clone();
        b8.discard_piece_at(Square::B8);
        let knight = Piece { color: Color::Black, role: Role::Knight };
        assert_eq!(classify(&pos, Some(&before), &b8), Seen::Lifted(Square::B8, knight));
    }

    #[test]
    fn the_rook_half_of_castling_waits_for_the_king() {
        let pos = after(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]);
        let rf1 = mv(&pos, "h1f1");
        let rg1 = mv(&pos, "h1g1");
        assert!(castling_rook_half(&pos, rf1));
        assert!(!castling_rook_half(&pos, rg1));
        assert!(!castling_rook_half(&pos, mv(&pos, "e1f1")));
        let long = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(castling_rook_half(&long, mv(&long, "a1d1")));
        assert!(!castling_rook_half(&long, mv(&long, "a1c1")));
        assert!(castling_rook_half(&long, mv(&long, "h1f1")));
        // No right to castle: a rook move like any other.
        let no = fen("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
        assert!(!castling_rook_half(&no, mv(&no, "h1f1")));
        // The watcher holds it until it has stayed still, so the king can
        // follow; then it is the rook move.
        let mut a = pos.clone();
        a.play_unchecked(rf1);
        let mut w = Watcher::new(pos.clone());
        assert_eq!(seen(&mut w, Duration::ZERO, pos.board()), Some(Seen::InPlace));
        assert_eq!(seen(&mut w, Duration::from_secs(1), a.board()), None);
        assert!(!w.due(Duration::from_secs(2)));
        assert!(w.due(Duration::from_secs(4)));
        assert_eq!(seen(&mut w, Duration::from_secs(4), a.board()), Some(Seen::Move(rf1)));
        // The king follows in time: castling.
        let oo = mv(&pos, "e1g1");
        let mut c = pos.clone();
        c.play_unchecked(oo);
        let mut w = Watcher::new(pos.clone());
        assert_eq!(seen(&mut w, Duration::from_secs(1), a.board()), None);
        w.changed(Duration::from_secs(2));
        assert!(w.due(Duration::from_millis(2300)));
        assert_eq!(seen(&mut w, Duration::from_millis(2300), c.board()), Some(Seen::Move(oo)));
    }

    fn fen(f: &str) -> Chess {
        f.parse::<shakmaty::fen::Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap()
    }
}
