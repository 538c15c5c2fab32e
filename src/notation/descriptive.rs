//! Descriptive notation, English (`P-K4`, `N-KB3`, `QN-Q2`) and Spanish
//! (`P4R`, `C3AR`, `CD2D`).
//!
//! # The notation
//!
//! Ranks are counted from the mover's side: White's e4 and Black's e5 are
//! both the king's fourth. Files are named after the piece that starts on
//! them: English `QR QN QB Q K KB KN KR`, Spanish `TD CD AD D R AR CR TR`
//! (a to h). The wing may be left out when it is clear (`N-B3`, `C3A`).
//! English writes a square file first (`KB3`), Spanish rank first (`3AR`).
//! Pieces are English `K Q R B N P` (`Kt` for the knight is read too) and
//! Spanish `R D T A C P`. A capture names the captured piece, not its square.
//!
//! # What is read
//!
//! A move is: the moving piece, an optional origin, then the destination
//! (English after `-`) or `x` and the captured piece, then an optional
//! promotion. Each part may be qualified just enough to tell one move from
//! another:
//!
//! - the moving piece by the wing it started on (`QN-Q2`, `KR-K1`, `CD2D`,
//!   `TR1D`; see [`Origins`]), a pawn by the file it stands on (`KP`, `QBP`,
//!   `BP`, `PR`, `PAR`, `PA`);
//! - an origin square in parentheses or after a slash: `N(KB3)-Q4`,
//!   `N/KB3-Q4`, `N(B3)-Q4`, `R(1)-K1`, `R/1-K1`, Spanish `C(2D)3C`, `C(5R)xA`;
//! - the destination with or without its wing (`N-B3`, `N-KB3`);
//! - the captured piece like the moving one (`PxKP`, `BxQN`, `PxBP`), and by
//!   its square (`BxN/QB6`, `BxN(QB6)`, `RxR/7`, `QxP/KR7`);
//! - promotion `P-B8=Q`, `P-B8(Q)`, `P-B8/Q`, `P-B8Q`, `PxN=Q`, `P8A=D`;
//! - castling `O-O`, `0-0`, `O-O-O`, `0-0-0`; English `Castles`,
//!   `Castles KR`, `Castles QR`; Spanish `enroque corto`, `enroque largo`.
//!
//! Ignored at the end of the token, in any order and case: check
//! (`ch`, `+`, `dis ch`, `dbl ch`, `jaque`), mate (`mate`, `++`, `#`) and the
//! annotation glyphs `! ? !! ?? !? ?!`. An en passant mark (`e.p.`, `ep`,
//! `(ep)`, `a.p.`, `ap`) is stripped too, but it must then mark an en passant
//! capture. Spaces inside the token are ignored (`N - KB3`); Spanish dashes
//! (`P-4R`) and the English missing dash (`PK4`) are tolerated.
//!
//! Not read: a capture written with the destination square instead of the
//! captured piece (`BxQB6`), a quiet move with the capture sign or a capture
//! with the dash (both name no rendering, so `NoLegalMove`), an origin given
//! by its file alone (`R(QR)-Q1`; the wing prefix `QR-Q1` or the square
//! `R(QR1)-Q1` say it), castling as a king move (`K-KN1`).
//!
//! # How
//!
//! Reading does not parse the token into facts. It normalises the token to a
//! canonical spelling (upper case, no spaces, `Kt` as `N`, qualifiers in
//! parentheses, promotion as `=Q`, castling as `O-O`), generates for every
//! legal move the set of all its renderings at every level of qualification,
//! and returns the moves whose set contains the token: exactly one is the
//! move; none or several is an error. A move's rendering set is kept as the
//! product of six short lists (piece, origin, sign, destination or captured
//! piece, its square, promotion; see `Renderings`), a few hundred strings at
//! most, and membership in the product is tested part by part. Moves that
//! cannot share a rendering with the token (a capture with a quiet move,
//! castling with a piece move, pieces whose names begin with another letter)
//! are left out before their renderings are generated.
//!
//! Writing generates the renderings of the move, shortest first (and among
//! equals: plain, then wing on the destination, then the piece's wing, then
//! an origin), and keeps the first one that only this move renders as. The
//! fullest rendering (origin square and full destination, or captured piece
//! and its full square) is unique, so there is always one.
//!
//! Only moves of the same kind by a piece of the same kind (to a square of
//! the same short name, for a move that is not a capture) can share a
//! rendering, so only those are compared. Most moves have none: counted
//! from the attack tables, ignoring pins, without generating moves, such a
//! move is written in its plainest rendering at once. A legal move's
//! plainest rendering is then tried against the moves those pieces could
//! make were nothing pinned (a superset of the legal ones); only when one of
//! them renders alike are the legal rivals generated. The ways of writing
//! each part come from tables made once per language and side.
//!
//! Invariants: read never guesses (one matching legal move, or an error with
//! the candidates); the output of [`write()`] always reads back to the same
//! move; no input makes [`read()`] panic.

use shakmaty::{CastlingSide, Chess, Color, File, Move, Position, Role, Square};

use super::Lang;
use super::pattern::{MoveError, MoveErrorKind, Syntax};

/// The longest token read, in bytes.
const MAX_LEN: usize = 64;

/// The wing a piece started on, which descriptive notation names it by
/// (the queen's knight, the king's rook).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Wing {
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
                let sq = Square::from_coords(File::new(file), back);
                if pos.board().piece_at(sq) == Some(role.of(color)) {
                    wings[usize::from(sq)] = Some(wing);
                }
            }
        }
        Origins { wings }
    }

    /// The starting wing of the piece on `sq`, if known.
    pub(crate) fn wing(&self, sq: Square) -> Option<Wing> {
        self.wings[usize::from(sq)]
    }

    /// Follows move `m`, played in `before`.
    pub fn play(&mut self, before: &Chess, m: Move) {
        let _ = before;
        match m {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
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

/// Reads a descriptive move in English or Spanish.
///
/// Exactly one legal move must render as `token`; otherwise the error says
/// why (`Ambiguous` lists every match, `NoLegalMove` the legal moves of the
/// piece named) and nothing is guessed.
pub fn read(pos: &Chess, origins: &Origins, lang: Lang, token: &str) -> Result<Move, MoveError> {
    let t = Tongue::of(lang).ok_or(MoveError::syntax(Syntax::DescriptiveLanguage))?;
    let token = normalise(token, t)?;
    let table = table(pos, origins, t, token.kind, token.text.get(..1).unwrap_or_default());
    let text = token.text.as_slice();
    let mut found = matching(&table, text, false);
    if token.en_passant && !found.is_empty() {
        if !found.iter().any(|m| m.is_en_passant()) {
            return Err(MoveError::new(MoveErrorKind::EnPassantMarkOnOtherMove, found));
        }
        found.retain(|m| m.is_en_passant());
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(no_match(pos, &table, text, t)),
        _ => {
            // Books print every check: the printed `ch` (or its absence)
            // settles what the letters leave open.
            let gives_check = |m: &Move| {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                after.is_check()
            };
            let settled: Vec<Move> = found.iter().copied().filter(|m| gives_check(m) == token.check).collect();
            if settled.len() == 1 { Ok(settled[0]) } else { Err(MoveError::new(MoveErrorKind::Ambiguous, found)) }
        }
    }
}

/// Writes `m`, legal in `pos`, in descriptive notation with the least
/// qualification that names it alone, followed by its check, mate and en
/// passant marks: English `N-KB3`, `Q-N8ch`, `PxP e.p.`, `R-Q8 mate`, `O-O`;
/// Spanish `C3AR`, `A6A+`, `PxP a.p.`, `P7R++`, `0-0`. Languages other than
/// Spanish are written in English.
pub fn write(pos: &Chess, origins: &Origins, lang: Lang, m: Move) -> String {
    let mut out = String::new();
    write_into(pos, origins, lang, m, None, false, &mut out);
    out
}

/// [`write()`] onto `out`, given the position after the move when the
/// caller has it; `known_legal` when the caller knows `m` is legal in `pos`
/// (a move read and played), which spares a legality test.
pub(crate) fn write_into(
    pos: &Chess,
    origins: &Origins,
    lang: Lang,
    m: Move,
    after: Option<&Chess>,
    known_legal: bool,
    out: &mut String,
) {
    let t = Tongue::of(lang).unwrap_or(Tongue::En);
    let legal = match m {
        Move::Castle { .. } => {
            let o = if t == Tongue::En { "O-O" } else { "0-0" };
            out.push_str(o);
            if m.castling_side() == Some(CastlingSide::QueenSide) {
                out.push_str(&o[1..]);
            }
            pos.is_legal(m)
        }
        // Most moves have no rival: their plainest rendering names them.
        _ if alone(pos, m) && (known_legal || pos.is_legal(m)) => {
            plainest(pos, t, m, out);
            true
        }
        _ => match least_qualified(pos, origins, t, m, known_legal, out) {
            Some(legal) => legal,
            None => {
                out.push_str(&shakmaty::uci::UciMove::from_standard(m).to_string());
                return;
            }
        },
    };
    if !legal {
        return;
    }
    let played;
    let after = match after {
        Some(a) => a,
        None => {
            let mut a = pos.clone();
            a.play_unchecked(m);
            played = a;
            &played
        }
    };
    let check = after.is_check();
    let mate = check && super::is_mate_in_check(after);
    match t {
        Tongue::En => {
            if check && !mate {
                out.push_str("ch");
            }
            if m.is_en_passant() {
                out.push_str(" e.p.");
            }
            if mate {
                out.push_str(" mate");
            }
        }
        Tongue::Es => {
            if mate {
                out.push_str("++");
            } else if check {
                out.push('+');
            }
            if m.is_en_passant() {
                out.push_str(" a.p.");
            }
        }
    }
}

/// Whether no other move could share a rendering with `m` (a move that is
/// not castling), even ignoring pins: no other move of its kind by a piece
/// of its kind (see [`rivals`]; for a capture, of a piece of the kind it
/// takes), and not a promotion (whose four pieces are four moves). Then the
/// rivals of a legal `m` are `m` alone. Counted from the attack tables and
/// the pawns' pushes, without generating moves.
fn alone(pos: &Chess, m: Move) -> bool {
    let (Some(_), to, role) = (m.from(), m.to(), m.role()) else {
        return false;
    };
    if m.is_castle() || m.is_promotion() {
        return false;
    }
    let us = pos.turn();
    let occupied = pos.board().occupied();
    let piece = shakmaty::Piece { color: us, role };
    let last = |sq: Square| us.relative_rank(sq.rank()) == shakmaty::Rank::Eighth;
    let mut count = 0u32;
    if m.is_capture() {
        // Only a capture of a piece of the kind `m` takes can share its
        // rendering: the taken piece's name is in every one.
        let taken = pos.board().role_at(taken_square(m)).unwrap_or(Role::Pawn);
        let targets = pos.them() & pos.board().by_role(taken);
        for from in pos.our(role) {
            for target in shakmaty::attacks::attacks(from, piece, occupied) & targets {
                // A pawn taking on the last rank makes four moves.
                count += if role == Role::Pawn && last(target) { 4 } else { 1 };
            }
        }
        if role == Role::Pawn
            && taken == Role::Pawn
            && let Some(ep) = pos.maybe_ep_square()
        {
            count += (shakmaty::attacks::pawn_attacks(!us, ep) & pos.our(Role::Pawn)).count() as u32;
        }
    } else {
        // The queen's and king's files have no wing to leave out: a move
        // there shares its short name with no square of the other wing.
        let alike = same_short_name(to);
        count += quiet_reach(pos, role, to);
        if alike != to {
            count += quiet_reach(pos, role, alike);
        }
    }
    count == 1
}

/// How many quiet moves (promotions counted one by one) pieces of `role`
/// of the side to move have to `sq`, ignoring pins: an upper bound of the
/// legal ones, from the attack tables and the pawns' pushes.
fn quiet_reach(pos: &Chess, role: Role, sq: Square) -> u32 {
    let us = pos.turn();
    let occupied = pos.board().occupied();
    if occupied.contains(sq) {
        return 0;
    }
    if role == Role::Pawn {
        let per = if us.relative_rank(sq.rank()) == shakmaty::Rank::Eighth { 4 } else { 1 };
        let back = if us == Color::White { -8 } else { 8 };
        let Some(behind) = sq.offset(back) else { return 0 };
        if pos.our(Role::Pawn).contains(behind) {
            per
        } else if !occupied.contains(behind)
            && us.relative_rank(sq.rank()) == shakmaty::Rank::Fourth
            && behind.offset(back).is_some_and(|b| pos.our(Role::Pawn).contains(b))
        {
            1
        } else {
            0
        }
    } else {
        (shakmaty::attacks::attacks(sq, shakmaty::Piece { color: us, role }, occupied) & pos.our(role)).count() as u32
    }
}

/// Writes the plainest rendering of `m` (not castling, not a drop): the
/// first written way of each of its parts, as [`Namer::renderings`] gives
/// them, with the capture sign in lower case.
fn plainest(pos: &Chess, t: Tongue, m: Move, out: &mut String) {
    if m.is_castle() || m.from().is_none() {
        return;
    }
    let to = m.to();
    // Every part is ASCII and at most six bytes (`P-R8=Q`): put together
    // here and pushed at once.
    let mut text = [0u8; 6];
    text[0] = t.letter(m.role());
    let len = if let Some(taken) = m.capture() {
        text[1] = b'x';
        text[2] = t.letter(taken);
        3
    } else {
        let file = t.file(to.file(), false).as_bytes()[0];
        let rank = rank_digit(to, pos.turn());
        match t {
            Tongue::En => text[1..4].copy_from_slice(&[b'-', file, rank]),
            Tongue::Es => text[1..3].copy_from_slice(&[rank, file]),
        }
        if t == Tongue::En { 4 } else { 3 }
    };
    let len = match m.promotion() {
        Some(p) => {
            text[len] = b'=';
            text[len + 1] = t.letter(p);
            len + 2
        }
        None => len,
    };
    out.push_str(std::str::from_utf8(&text[..len]).unwrap_or_default());
}

// ---------------------------------------------------------------------------
// Spelling of the two languages.

/// The languages descriptive notation is read and written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tongue {
    En,
    Es,
}

const EN_FILES: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];
const EN_SHORT_FILES: [&str; 8] = ["R", "N", "B", "Q", "K", "B", "N", "R"];
const ES_FILES: [&str; 8] = ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR"];
const ES_SHORT_FILES: [&str; 8] = ["T", "C", "A", "D", "R", "A", "C", "T"];

impl Tongue {
    fn of(lang: Lang) -> Option<Tongue> {
        match lang {
            Lang::En => Some(Tongue::En),
            Lang::Es => Some(Tongue::Es),
            _ => None,
        }
    }

    /// Piece letters, pawn, knight, bishop, rook, queen, king.
    fn letters(self) -> &'static [u8; 6] {
        match self {
            Tongue::En => b"PNBRQK",
            Tongue::Es => b"PCATDR",
        }
    }

    fn letter(self, role: Role) -> u8 {
        self.letters()[role as usize - 1]
    }

    fn role(self, letter: u8) -> Option<Role> {
        const ROLES: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        self.letters().iter().position(|&l| l == letter).map(|i| ROLES[i])
    }

    /// The name of a file, with its wing (`full`) or without.
    fn file(self, f: File, full: bool) -> &'static str {
        let names = match (self, full) {
            (Tongue::En, true) => &EN_FILES,
            (Tongue::En, false) => &EN_SHORT_FILES,
            (Tongue::Es, true) => &ES_FILES,
            (Tongue::Es, false) => &ES_SHORT_FILES,
        };
        names[usize::from(f)]
    }

    fn wing(self, w: Wing) -> u8 {
        match (self, w) {
            (Tongue::En, Wing::Queen) => b'Q',
            (Tongue::En, Wing::King) => b'K',
            (Tongue::Es, Wing::Queen) => b'D',
            (Tongue::Es, Wing::King) => b'R',
        }
    }

    /// A piece named by its wing: English `QN`, Spanish `CD`.
    fn piece_of_wing(self, role: Role, w: Wing) -> Frag {
        match self {
            Tongue::En => Frag::of(&[&[self.wing(w), self.letter(role)]]),
            Tongue::Es => Frag::of(&[&[self.letter(role), self.wing(w)]]),
        }
    }

    /// A pawn named by its file: English `KBP`, Spanish `PAR`.
    fn pawn_of_file(self, file: &str) -> Frag {
        match self {
            Tongue::En => Frag::of(&[file.as_bytes(), b"P"]),
            Tongue::Es => Frag::of(&[b"P", file.as_bytes()]),
        }
    }

    /// A square: English `KB3`, Spanish `3AR`.
    fn square(self, file: &str, rank: u8) -> Frag {
        match self {
            Tongue::En => Frag::of(&[file.as_bytes(), &[rank]]),
            Tongue::Es => Frag::of(&[&[rank], file.as_bytes()]),
        }
    }
}

// ---------------------------------------------------------------------------
// Renderings.

/// Room for the longest part of a rendering (`ENROQUECORTO`).
const FRAG_CAP: usize = 12;

/// A short piece of text, kept inline.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Frag {
    len: u8,
    buf: [u8; FRAG_CAP],
}

impl Frag {
    const EMPTY: Frag = Frag { len: 0, buf: [0; FRAG_CAP] };

    /// The concatenation of `parts` (cut at `FRAG_CAP`, which no part of a
    /// rendering reaches).
    fn of(parts: &[&[u8]]) -> Frag {
        let mut f = Frag::EMPTY;
        for &b in parts.iter().flat_map(|p| p.iter()) {
            debug_assert!(usize::from(f.len) < FRAG_CAP, "rendering part too long");
            if let Some(slot) = f.buf.get_mut(usize::from(f.len)) {
                *slot = b;
                f.len += 1;
            }
        }
        f
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..usize::from(self.len)]
    }
}

/// Room for a whole rendering: each of its parts is a fragment.
const TEXT_CAP: usize = PARTS * FRAG_CAP;

/// A rendering's text as it is put together, kept inline (a move's
/// rendering is built for every move that has rivals).
struct Text {
    len: usize,
    buf: [u8; TEXT_CAP],
}

impl Default for Text {
    fn default() -> Text {
        Text { len: 0, buf: [0; TEXT_CAP] }
    }
}

impl Text {
    fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends `bytes` (cut at `TEXT_CAP`, which no rendering reaches).
    fn extend_from_slice(&mut self, bytes: &[u8]) {
        let n = bytes.len().min(TEXT_CAP - self.len);
        debug_assert_eq!(n, bytes.len(), "rendering too long");
        self.buf[self.len..self.len + n].copy_from_slice(&bytes[..n]);
        self.len += n;
    }
}

impl std::ops::Deref for Text {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// One way of writing one part of a move.
#[derive(Copy, Clone)]
struct Opt {
    text: Frag,
    /// Qualification: 0 is the plainest; the writer prefers low ranks.
    rank: u8,
}

/// Room for the ways of writing one part: at most 4 (the qualifiers of a
/// square: none, rank, short square, full square).
const OPTS_CAP: usize = 4;

/// The ways of writing one part of a move, kept inline: those the writer
/// may use first (the first `written` of them), then those only read
/// (some forms are read, never written).
#[derive(Copy, Clone)]
struct Opts {
    len: u8,
    written: u8,
    items: [Opt; OPTS_CAP],
}

impl Opts {
    const NONE: Opts = Opts { len: 0, written: 0, items: [Opt { text: Frag::EMPTY, rank: 0 }; OPTS_CAP] };

    /// Only the given text.
    fn one(text: &[u8]) -> Opts {
        let mut o = Opts::NONE;
        o.add(Frag::of(&[text]), 0, true);
        o
    }

    /// Adds a way of writing; the same text twice keeps the lower rank.
    /// The ways the writer may use are added before those only read.
    fn add(&mut self, text: Frag, rank: u8, write: bool) {
        let len = usize::from(self.len);
        if let Some(i) = self.items[..len].iter().position(|o| o.text == text) {
            self.items[i].rank = self.items[i].rank.min(rank);
            debug_assert!(i < usize::from(self.written) || !write, "a read-only way of writing made writable");
        } else if len < OPTS_CAP {
            debug_assert!(!write || self.written == self.len, "a way of writing added after one only read");
            self.items[len] = Opt { text, rank };
            self.len += 1;
            self.written += u8::from(write);
        } else {
            debug_assert!(false, "more ways of writing a part than OPTS_CAP");
        }
    }

    fn all(&self) -> &[Opt] {
        &self.items[..usize::from(self.len)]
    }

    /// The ways the writer may use.
    fn written(&self) -> &[Opt] {
        &self.items[..usize::from(self.written)]
    }
}

/// The parts of a rendering, in writing order.
const PIECE: usize = 0;
const ORIGIN: usize = 1;
const SIGN: usize = 2;
const DESTINATION: usize = 3;
const DESTINATION_QUALIFIER: usize = 4;
const PROMOTION: usize = 5;
const PARTS: usize = 6;

/// Every rendering of one legal move: the product of the ways of writing each
/// part, in this order:
///
/// - the piece: its letter; its wing (`QN`, `CD`) or, for a pawn, its file
///   (`KBP`, `BP`, `PAR`, `PA`);
/// - its origin: nothing, or its rank, short or full square in parentheses;
/// - the sign: English `-` (or nothing, read only) before a square, `X` before
///   a captured piece; Spanish nothing or `X`;
/// - the destination square, short or full; or the captured piece, named like
///   the moving one;
/// - the captured piece's square, like the origin (nothing for other moves);
/// - the promotion: nothing, or `=Q` (and, read only, `Q` glued).
///
/// Castling has its words as the piece and nothing else.
#[derive(Copy, Clone)]
struct Renderings {
    m: Move,
    parts: [&'static Opts; PARTS],
}

impl Renderings {
    /// Whether `s` is one of the renderings. With `promotion_optional`, a
    /// promotion may also be written without its piece (to diagnose it).
    fn contains(&self, s: &[u8], promotion_optional: bool) -> bool {
        fn rest_matches(parts: &[&Opts], s: &[u8]) -> bool {
            match parts.split_first() {
                None => s.is_empty(),
                Some((first, rest)) => first.all().iter().any(|o| {
                    let text = o.text.bytes();
                    // A byte loop: the texts are a few bytes long.
                    s.len() >= text.len()
                        && s.iter().zip(text).all(|(a, b)| a == b)
                        && rest_matches(rest, &s[text.len()..])
                }),
            }
        }
        if promotion_optional && self.m.is_promotion() {
            let mut promotion = *self.parts[PROMOTION];
            promotion.add(Frag::EMPTY, 0, false);
            let mut parts = self.parts;
            parts[PROMOTION] = &promotion;
            rest_matches(&parts, s)
        } else {
            rest_matches(&self.parts, s)
        }
    }
}

/// The rank digit of `sq`, counted from `turn`'s side.
fn rank_digit(sq: Square, turn: Color) -> u8 {
    b'1' + u8::try_from(usize::from(turn.relative_rank(sq.rank()))).unwrap_or(0)
}

/// The qualifiers and destination names of every square, which depend only
/// on the language and the side to move: computed once.
struct SquareNames {
    qualifiers: [Opts; 64],
    destinations: [Opts; 64],
}

impl SquareNames {
    fn of(t: Tongue, turn: Color) -> SquareNames {
        let mut n = SquareNames { qualifiers: [Opts::NONE; 64], destinations: [Opts::NONE; 64] };
        for sq in Square::ALL {
            let r = rank_digit(sq, turn);
            let mut qualifiers = Opts::one(b"");
            qualifiers.add(Frag::of(&[b"(", &[r], b")"]), 1, true);
            for (rank, full) in [(2, false), (3, true)] {
                qualifiers.add(Frag::of(&[b"(", t.square(t.file(sq.file(), full), r).bytes(), b")"]), rank, true);
            }
            let mut names = Opts::NONE;
            names.add(t.square(t.file(sq.file(), false), r), 0, true);
            names.add(t.square(t.file(sq.file(), true), r), 1, true);
            n.qualifiers[usize::from(sq)] = qualifiers;
            n.destinations[usize::from(sq)] = names;
        }
        n
    }

    /// The table for `t` and `turn`.
    fn get(t: Tongue, turn: Color) -> &'static SquareNames {
        static TABLES: std::sync::OnceLock<[SquareNames; 4]> = std::sync::OnceLock::new();
        let all = TABLES.get_or_init(|| {
            [
                SquareNames::of(Tongue::En, Color::White),
                SquareNames::of(Tongue::En, Color::Black),
                SquareNames::of(Tongue::Es, Color::White),
                SquareNames::of(Tongue::Es, Color::Black),
            ]
        });
        &all[usize::from(t == Tongue::Es) * 2 + usize::from(turn == Color::Black)]
    }
}

/// The names of pieces and the signs of a language, which depend on
/// nothing else: computed once.
struct Spelling {
    /// A piece by its role (indexed by `Role as usize`) and its starting
    /// wing (none, queen's, king's): its letter, and its wing (`QN`, `CD`).
    pieces: [[Opts; 3]; 7],
    /// A pawn by its file: its letter, its file (`KBP`, `BP`, `PAR`, `PA`).
    pawns: [Opts; 8],
    /// The promotion to a role: `=Q` (and, read only, `Q` glued).
    promotions: [Opts; 7],
    /// Castling's words, king's side and queen's side.
    castlings: [Opts; 2],
    /// The empty part, and the signs before a destination and a capture.
    blank: Opts,
    dash: Opts,
    cross: Opts,
}

impl Spelling {
    fn of(t: Tongue) -> Spelling {
        const ROLES: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        let mut pieces = [[Opts::NONE; 3]; 7];
        let mut promotions = [Opts::NONE; 7];
        for role in ROLES {
            for (i, wing) in [None, Some(Wing::Queen), Some(Wing::King)].into_iter().enumerate() {
                let mut names = Opts::one(&[t.letter(role)]);
                if let Some(w) = wing.filter(|_| matches!(role, Role::Rook | Role::Knight | Role::Bishop)) {
                    names.add(t.piece_of_wing(role, w), 2, true);
                }
                pieces[role as usize][i] = names;
            }
            let mut promotion = Opts::one(&[b'=', t.letter(role)]);
            // `P-B8Q`, `P8AD`: glued, read only.
            promotion.add(Frag::of(&[&[t.letter(role)]]), 0, false);
            promotions[role as usize] = promotion;
        }
        let mut pawns = [Opts::NONE; 8];
        for (i, names) in pawns.iter_mut().enumerate() {
            let file = File::new(i as u32);
            *names = Opts::one(&[t.letter(Role::Pawn)]);
            names.add(t.pawn_of_file(t.file(file, false)), 1, true);
            names.add(t.pawn_of_file(t.file(file, true)), 2, true);
        }
        let mut castlings = [Opts::NONE; 2];
        for (i, side) in [CastlingSide::KingSide, CastlingSide::QueenSide].into_iter().enumerate() {
            let words: [&[u8]; 3] = match (t, side) {
                (Tongue::En, CastlingSide::KingSide) => [b"O-O", b"CASTLES", b"CASTLESKR"],
                (Tongue::En, CastlingSide::QueenSide) => [b"O-O-O", b"CASTLES", b"CASTLESQR"],
                (Tongue::Es, CastlingSide::KingSide) => [b"O-O", b"ENROQUE", b"ENROQUECORTO"],
                (Tongue::Es, CastlingSide::QueenSide) => [b"O-O-O", b"ENROQUE", b"ENROQUELARGO"],
            };
            for (j, w) in words.into_iter().enumerate() {
                castlings[i].add(Frag::of(&[w]), 0, j == 0);
            }
        }
        let dash = if t == Tongue::En {
            let mut dash = Opts::one(b"-");
            // `PK4`: the dash left out is read, never written.
            dash.add(Frag::EMPTY, 0, false);
            dash
        } else {
            Opts::one(b"")
        };
        Spelling { pieces, pawns, promotions, castlings, blank: Opts::one(b""), dash, cross: Opts::one(b"X") }
    }

    /// The spelling of `t`.
    fn get(t: Tongue) -> &'static Spelling {
        static TABLES: std::sync::OnceLock<[Spelling; 2]> = std::sync::OnceLock::new();
        let all = TABLES.get_or_init(|| [Spelling::of(Tongue::En), Spelling::of(Tongue::Es)]);
        &all[usize::from(t == Tongue::Es)]
    }
}

/// Names squares and the pieces on them for the side to move in one
/// position, from the tables of its language.
struct Namer<'a> {
    pos: &'a Chess,
    origins: &'a Origins,
    spelling: &'static Spelling,
    squares: &'static SquareNames,
}

impl<'a> Namer<'a> {
    fn new(pos: &'a Chess, origins: &'a Origins, t: Tongue) -> Namer<'a> {
        Namer { pos, origins, spelling: Spelling::get(t), squares: SquareNames::get(t, pos.turn()) }
    }

    /// The names of the piece on `sq`: its letter, and its wing (`QN`, `CD`)
    /// or, for a pawn, its file (`KBP`, `BP`, `PAR`, `PA`).
    fn names(&self, sq: Square) -> &'static Opts {
        let role = self.pos.board().role_at(sq).unwrap_or(Role::Pawn);
        if role == Role::Pawn {
            return &self.spelling.pawns[usize::from(sq.file())];
        }
        let wing = match self.origins.wing(sq) {
            None => 0,
            Some(Wing::Queen) => 1,
            Some(Wing::King) => 2,
        };
        &self.spelling.pieces[role as usize][wing]
    }

    /// The qualifiers of `sq`: nothing, or its rank, short or full square in
    /// parentheses.
    fn qualifiers(&self, sq: Square) -> &'static Opts {
        &self.squares.qualifiers[usize::from(sq)]
    }

    /// The names of `sq` as a destination: short, full.
    fn destination(&self, sq: Square) -> &'static Opts {
        &self.squares.destinations[usize::from(sq)]
    }

    /// Every rendering of `m`; `None` for drops.
    fn renderings(&self, m: Move) -> Option<Renderings> {
        let sp = self.spelling;
        let mut parts = [&sp.blank; PARTS];
        if let Some(side) = m.castling_side() {
            parts[PIECE] = &sp.castlings[usize::from(side == CastlingSide::QueenSide)];
            return Some(Renderings { m, parts });
        }

        let (from, to) = (m.from()?, m.to());
        (parts[PIECE], parts[ORIGIN]) = (self.names(from), self.qualifiers(from));
        if m.is_capture() {
            // The captured piece stands on the destination, but for en passant.
            let at = if m.is_en_passant() { Square::from_coords(to.file(), from.rank()) } else { to };
            parts[SIGN] = &sp.cross;
            (parts[DESTINATION], parts[DESTINATION_QUALIFIER]) = (self.names(at), self.qualifiers(at));
        } else {
            parts[SIGN] = &sp.dash;
            parts[DESTINATION] = self.destination(to);
        }
        if let Some(p) = m.promotion() {
            parts[PROMOTION] = &sp.promotions[p as usize];
        }
        Some(Renderings { m, parts })
    }
}

/// Moves whose renderings cannot meet: castling is rendered only by its
/// words, a capture always with the sign `X`, any other move never.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Castle,
    Capture,
    Quiet,
}

impl Kind {
    fn of(m: Move) -> Kind {
        if m.is_castle() {
            Kind::Castle
        } else if m.is_capture() {
            Kind::Capture
        } else {
            Kind::Quiet
        }
    }
}

/// The renderings of the legal moves of `pos` that may render as a text of
/// `kind` beginning with one of the bytes `starts`. The other moves cannot:
/// their kind differs, or the name of their piece, which every rendering but
/// castling's begins with, begins otherwise.
fn table(pos: &Chess, origins: &Origins, t: Tongue, kind: Kind, starts: &[u8]) -> Vec<Renderings> {
    let namer = Namer::new(pos, origins, t);
    let mut table = Vec::new();
    for m in pos.legal_moves() {
        if Kind::of(m) != kind {
            continue;
        }
        if let (None, Some(from)) = (m.castling_side(), m.from())
            && !namer.names(from).all().iter().any(|n| n.text.bytes().first().is_some_and(|b| starts.contains(b)))
        {
            continue;
        }
        table.extend(namer.renderings(m));
    }
    table
}

/// The legal moves that render as `s`.
fn matching(table: &[Renderings], s: &[u8], promotion_optional: bool) -> Vec<Move> {
    table.iter().filter(|r| r.contains(s, promotion_optional)).map(|r| r.m).collect()
}

/// The legal moves that may share a rendering with `m`: those of the same
/// kind made by a piece of the same kind and, for a move that is not a
/// capture, to a square of the same short name (its own, or the one on the
/// other wing of the same rank, [`same_short_name`]). No other move can: the name of the moving
/// piece is where every rendering begins, and it ends before the first
/// parenthesis, sign or rank digit (English wings and pawn files come before
/// the letter, Spanish after it, and no square name or sign begins with a
/// piece letter where the piece's name could continue), so the letter it
/// names is the moving piece's; a quiet move's destination follows, a file
/// name and a rank digit, which only these two squares are called.
fn rivals(pos: &Chess, m: Move) -> shakmaty::MoveList {
    let (role, kind) = (m.role(), Kind::of(m));
    if m.is_castle() || m.from().is_none() {
        return shakmaty::MoveList::new();
    }
    // Filtered in place: a move list is large to copy.
    if kind == Kind::Quiet {
        let to = m.to();
        let mirror = same_short_name(to);
        let mut moves = pos.san_candidates(role, to);
        moves.retain(|c| Kind::of(*c) == kind);
        if mirror != to {
            let mut more = pos.san_candidates(role, mirror);
            more.retain(|c| Kind::of(*c) == kind);
            moves.extend(more);
        }
        moves
    } else {
        // Captures by a piece of this kind: on the squares of the opponent's
        // pieces that such a piece of ours attacks (ignoring pins, which
        // `san_candidates` checks), and en passant.
        let us = pos.turn();
        let board = pos.board();
        let mut targets = shakmaty::Bitboard::EMPTY;
        for from in pos.our(role) {
            targets |= shakmaty::attacks::attacks(from, shakmaty::Piece { color: us, role }, board.occupied());
        }
        targets &= pos.them();
        if role == Role::Pawn
            && let Some(ep) = pos.ep_square(shakmaty::EnPassantMode::Legal)
        {
            targets.add(ep);
        }
        let mut moves = shakmaty::MoveList::new();
        for to in targets {
            let mut found = pos.san_candidates(role, to);
            found.retain(|c| c.is_capture() && !c.is_castle());
            moves.extend(found);
        }
        moves
    }
}

/// Room for the combinations of the written options of a move's parts, on
/// the stack: at most 3 piece names × 4 origins × 3 captured pieces' names ×
/// 4 of their squares (144); more would go on the heap.
const COMBOS_CAP: usize = 160;

/// Writes the shortest, least qualified rendering of `m` that no other legal
/// move has onto `out`, and says whether `m` is legal (found among the legal
/// moves); `None` (and nothing written) only for drops.
///
/// With `known_legal` (the caller knows `m` is legal), the plainest
/// rendering is first tried against the moves that could be rivals if no
/// piece were pinned, which takes no move generation.
///
/// The rendering is chosen from the moves, as [`by_matching`] would choose
/// it by matching texts: a legal move renders as a combination of the
/// written options of `m`'s parts exactly when each of its own parts has
/// that part's text among its options. The parts cannot be cut otherwise:
/// the piece's name ends at an origin's parenthesis, a sign or a rank digit;
/// an origin and a captured piece's square are in parentheses; a quiet
/// move's destination ends with its rank digit (English) or with a file
/// name no read-only glued promotion letter continues, since only a move to
/// the last rank promotes and `m`'s promotion is written with `=`. The one
/// exception is a pawn's capture without promotion beside a promoting
/// capture, whose glued promotion letter may end the captured piece's name
/// (`PxQN` read as `PxQ`, promoting to a knight; `PxCD` as `PxC`, to a
/// queen): when a pawn of the side to move could take on the last rank, a
/// pawn's capture is written by matching. So only moves whose parts all
/// share a text with `m`'s can take a combination from it: those of its
/// plainest rendering ([`plainest_alike`]), which are all generated; each
/// of them rules out the combinations its parts' texts cover, and the least
/// combination (in the order of [`Combos`]) that none rules out is written.
fn least_qualified(
    pos: &Chess,
    origins: &Origins,
    t: Tongue,
    m: Move,
    known_legal: bool,
    out: &mut String,
) -> Option<bool> {
    let namer = Namer::new(pos, origins, t);
    let own = namer.renderings(m)?;
    // Most moves need no qualification: the first option of every part is
    // its shortest and plainest, so their combination comes first in the
    // order of `Combos`.
    let mut s = Text::default();
    for part in &own.parts {
        s.extend_from_slice(part.written().first()?.text.bytes());
    }
    // The legal rivals are among those: if none of them renders as it, no
    // legal rival does.
    if known_legal && !any_pseudo_rival(pos, m) {
        return Some(written(&s, out, true));
    }
    if promoting_capture_may_glue(pos, m) {
        return by_matching(&namer, pos, m, &own, s, out);
    }
    let Some(alike) = alike_rivals(pos, m) else {
        return by_matching(&namer, pos, m, &own, s, out);
    };
    let combos = Combos::of(&own);
    // For each legal rival, which written options of each of `m`'s parts
    // are among the options of its own part, one bit each.
    let mut covers = [[0u8; PARTS]; ALIKE_CAP];
    let mut rivals = 0;
    let mut legal = false;
    for &c in alike.moves() {
        if c == m {
            legal = true;
            continue;
        }
        let Some(theirs) = namer.renderings(c) else { continue };
        covers[rivals] = combos.covered(&own, &theirs);
        rivals += 1;
    }
    let covers = &covers[..rivals];
    let taken = |idx: &[usize; PARTS]| covers.iter().any(|c| Combos::covers(c, idx));
    if legal {
        if !taken(&[0; PARTS]) {
            return Some(written(&s, out, true));
        }
        let least = match covers {
            [only] => combos.least_escaping(only),
            _ => combos.least(|idx| !taken(idx)),
        };
        if let Some(key) = least {
            combos.text(&Combos::unpack(key), &mut s);
            return Some(written(&s, out, true));
        }
    }
    // The fullest rendering is unique for a legal move: only an illegal one
    // gets here, and is written in full anyway.
    combos.text(&Combos::unpack(combos.fullest()?), &mut s);
    Some(written(&s, out, false))
}

/// Room for the legal moves that render alike with a move's plainest
/// rendering; more are written by matching.
const ALIKE_CAP: usize = 32;

/// A few moves, kept inline.
struct Alike {
    len: usize,
    moves: [Move; ALIKE_CAP],
}

impl Alike {
    fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// The legal moves of `pos` that render as the plainest rendering of `m`
/// (not castling), as [`plainest_alike`] tells: `m` among them if it is
/// legal. `None` when there are more than [`ALIKE_CAP`].
fn alike_rivals(pos: &Chess, m: Move) -> Option<Alike> {
    let (Some(_), role) = (m.from(), m.role()) else { return None };
    let mut alike = Alike { len: 0, moves: [m; ALIKE_CAP] };
    let pins = Pins::of(pos);
    let mut add = |sq: Square| -> Option<()> {
        let mut room = true;
        pins.each_move(pos, role, sq, |c| {
            if plainest_alike(pos, m, c) {
                match alike.moves.get_mut(alike.len) {
                    Some(slot) => {
                        *slot = c;
                        alike.len += 1;
                    }
                    None => room = false,
                }
            }
        });
        room.then_some(())
    };
    if m.is_capture() {
        // The squares of the opponent's pieces of the kind `m` takes that
        // such a piece of ours attacks (ignoring pins, which
        // `san_candidates` checks), and en passant.
        let us = pos.turn();
        let board = pos.board();
        let taken = board.role_at(taken_square(m)).unwrap_or(Role::Pawn);
        let mut targets = shakmaty::Bitboard::EMPTY;
        for from in pos.our(role) {
            targets |= shakmaty::attacks::attacks(from, shakmaty::Piece { color: us, role }, board.occupied());
        }
        targets &= pos.them() & board.by_role(taken);
        if role == Role::Pawn {
            let last = shakmaty::Bitboard::from_rank(us.relative_rank(shakmaty::Rank::Eighth));
            targets &= if m.is_promotion() { last } else { !last };
            if taken == Role::Pawn
                && !m.is_promotion()
                && let Some(ep) = pos.maybe_ep_square()
            {
                targets.add(ep);
            }
        }
        for to in targets {
            add(to)?;
        }
    } else {
        let to = m.to();
        add(to)?;
        let other = same_short_name(to);
        if other != to {
            add(other)?;
        }
    }
    Some(alike)
}

/// What makes a move of the side to move illegal when it is not in check:
/// its king's square and the pieces that stand alone between it and an
/// opponent's slider (a piece of ours there is pinned).
struct Pins {
    king: Square,
    blockers: shakmaty::Bitboard,
    /// Whether the side to move has a king and is not in check: only then
    /// are the moves told from the attack tables and the pins.
    simple: bool,
}

impl Pins {
    fn of(pos: &Chess) -> Pins {
        let board = pos.board();
        let Some(king) = board.king_of(pos.turn()) else {
            return Pins { king: Square::A1, blockers: shakmaty::Bitboard::EMPTY, simple: false };
        };
        let snipers = (shakmaty::attacks::rook_attacks(king, shakmaty::Bitboard::EMPTY) & board.rooks_and_queens())
            | (shakmaty::attacks::bishop_attacks(king, shakmaty::Bitboard::EMPTY) & board.bishops_and_queens());
        let mut blockers = shakmaty::Bitboard::EMPTY;
        for sniper in snipers & pos.them() {
            let between = shakmaty::attacks::between(king, sniper) & board.occupied();
            if !between.more_than_one() {
                blockers |= between;
            }
        }
        Pins { king, blockers, simple: pos.checkers().is_empty() }
    }

    /// Calls `f` with each legal move of a piece of `role` of the side to
    /// move to `to` (not castling): the moves `san_candidates` gives, in
    /// any order. From the attack tables and the pins; in check, for the
    /// king, and for a pawn's move to the en-passant square, from
    /// `san_candidates` itself.
    fn each_move(&self, pos: &Chess, role: Role, to: Square, mut f: impl FnMut(Move)) {
        if !self.simple || role == Role::King || (role == Role::Pawn && pos.maybe_ep_square() == Some(to)) {
            pos.san_candidates(role, to).into_iter().for_each(f);
            return;
        }
        if pos.us().contains(to) {
            return;
        }
        let us = pos.turn();
        let board = pos.board();
        let capture = board.role_at(to);
        // A pinned piece moves only along the line through its king.
        let safe = |from: Square| !self.blockers.contains(from) || shakmaty::attacks::aligned(from, to, self.king);
        if role == Role::Pawn {
            let promotes = shakmaty::Bitboard::BACKRANKS.contains(to);
            let mut pawn = |from: Square| {
                if !safe(from) {
                    return;
                }
                if promotes {
                    for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        f(Move::Normal { role, from, capture, to, promotion: Some(p) });
                    }
                } else {
                    f(Move::Normal { role, from, capture, to, promotion: None });
                }
            };
            if capture.is_some() {
                for from in shakmaty::attacks::pawn_attacks(!us, to) & pos.our(Role::Pawn) {
                    pawn(from);
                }
            } else {
                let back = if us == Color::White { -8 } else { 8 };
                let Some(behind) = to.offset(back) else { return };
                if pos.our(Role::Pawn).contains(behind) {
                    pawn(behind);
                } else if !board.occupied().contains(behind)
                    && us.relative_rank(to.rank()) == shakmaty::Rank::Fourth
                    && let Some(start) = behind.offset(back)
                    && pos.our(Role::Pawn).contains(start)
                {
                    pawn(start);
                }
            }
        } else {
            let piece = shakmaty::Piece { color: us, role };
            for from in shakmaty::attacks::attacks(to, piece, board.occupied()) & pos.our(role) {
                if safe(from) {
                    f(Move::Normal { role, from, capture, to, promotion: None });
                }
            }
        }
    }
}

/// Whether `m` is a pawn's capture without promotion while a pawn of the
/// side to move could take on the last rank, ignoring pins: then a glued
/// promotion letter may end a rival's rendering where `m`'s names the wing
/// of the piece it takes (see [`least_qualified`]).
fn promoting_capture_may_glue(pos: &Chess, m: Move) -> bool {
    if m.role() != Role::Pawn || !m.is_capture() || m.is_promotion() {
        return false;
    }
    let us = pos.turn();
    let seventh = shakmaty::Bitboard::from_rank(us.relative_rank(shakmaty::Rank::Seventh));
    (pos.our(Role::Pawn) & seventh).into_iter().any(|from| (shakmaty::attacks::pawn_attacks(us, from) & pos.them()).any())
}

/// Every combination of the written options of a move's parts, as indices
/// into `parts`, ordered by length, then by the qualification of the
/// origin, the piece, the captured piece's square and the destination, then
/// by the indices: each keyed by one number that orders them so, the length
/// highest, then the ranks (4 bits each), then the indices (2 bits each, the
/// first part highest).
struct Combos {
    /// Each part's ways of writing; a combination takes one of the written
    /// ones (those a writer may write, not only read) of each.
    parts: [&'static Opts; PARTS],
    /// How many written options each part has.
    lens: [u8; PARTS],
    /// What each written option of each part adds to the key.
    share: [[u64; OPTS_CAP]; PARTS],
}

impl Combos {
    fn of(own: &Renderings) -> Combos {
        // Each field of the key comes from one part, and the lengths add up
        // far below their field's width: a key is the sum of what each
        // part's chosen option gives it. Part `k`'s rank field is
        // `RANK_SHIFT[k]` bits up, in the order origin, piece, the captured
        // piece's square, destination, sign, promotion.
        const RANK_SHIFT: [u32; PARTS] = {
            const ORDER: [usize; PARTS] = [ORIGIN, PIECE, DESTINATION_QUALIFIER, DESTINATION, SIGN, PROMOTION];
            let mut shift = [0u32; PARTS];
            let mut order = 0;
            while order < PARTS {
                shift[ORDER[order]] = 12 + 4 * (PARTS - 1 - order) as u32;
                order += 1;
            }
            shift
        };
        let mut share = [[0u64; OPTS_CAP]; PARTS];
        let mut lens = [0u8; PARTS];
        for (k, part) in own.parts.iter().enumerate() {
            lens[k] = part.written;
            for (i, opt) in part.written().iter().enumerate() {
                let len = u64::from(opt.text.len);
                let rank = u64::from(opt.rank.min(15));
                share[k][i] = (len << 36) | (rank << RANK_SHIFT[k]) | ((i as u64) << (2 * (PARTS - 1 - k)));
            }
        }
        Combos { parts: own.parts, lens, share }
    }

    /// The indices a key was made from.
    fn unpack(key: u64) -> [usize; PARTS] {
        let mut idx = [0; PARTS];
        for (k, slot) in idx.iter_mut().enumerate() {
            *slot = ((key >> (2 * (PARTS - 1 - k))) & 3) as usize;
        }
        idx
    }

    /// Calls `f` with every combination and its key, the last part turning
    /// fastest.
    fn each(&self, mut f: impl FnMut([usize; PARTS], u64)) {
        let mut idx = [0; PARTS];
        'all: loop {
            f(idx, (0..PARTS).map(|k| self.share[k][idx[k]]).sum::<u64>());
            for k in (0..PARTS).rev() {
                idx[k] += 1;
                if idx[k] < usize::from(self.lens[k]) {
                    continue 'all;
                }
                idx[k] = 0;
            }
            break;
        }
    }

    /// The least key of a combination `free` accepts. Combinations whose
    /// key cannot be less than the least found so far are not offered:
    /// each part's first option adds the least to every field of the key.
    fn least(&self, mut free: impl FnMut(&[usize; PARTS]) -> bool) -> Option<u64> {
        // The least the parts from the `k`th on add.
        let mut floor = [0u64; PARTS + 1];
        for k in (0..PARTS).rev() {
            floor[k] = floor[k + 1] + self.share[k][0];
        }
        let mut best: Option<u64> = None;
        let mut idx = [0usize; PARTS];
        // What the parts before the `k`th add.
        let mut sums = [0u64; PARTS + 1];
        let mut k = 0;
        loop {
            if idx[k] < usize::from(self.lens[k]) {
                let sum = sums[k] + self.share[k][idx[k]];
                if best.is_some_and(|b| sum + floor[k + 1] >= b) {
                    idx[k] += 1;
                } else if k + 1 == PARTS {
                    if free(&idx) {
                        best = Some(sum);
                    }
                    idx[k] += 1;
                } else {
                    sums[k + 1] = sum;
                    k += 1;
                    idx[k] = 0;
                }
            } else if k == 0 {
                return best;
            } else {
                k -= 1;
                idx[k] += 1;
            }
        }
    }

    /// The least key of a combination that `covered` (one rival's, from
    /// [`Combos::covered`]) does not have, as [`Combos::least`] finds it
    /// for one rival: such a combination has a part whose option the rival
    /// lacks, and with every other part at its first option (which adds the
    /// least to the key) it is still one and its key no greater; so the
    /// least is the plainest combination with one part changed.
    fn least_escaping(&self, covered: &[u8; PARTS]) -> Option<u64> {
        let plainest: u64 = (0..PARTS).map(|k| self.share[k][0]).sum();
        let mut best: Option<u64> = None;
        for k in 0..PARTS {
            for i in 0..usize::from(self.lens[k]) {
                if covered[k] >> i & 1 == 0 {
                    let key = plainest - self.share[k][0] + self.share[k][i];
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
        }
        best
    }

    /// The key of the fullest combination: the most qualified, then the
    /// longest (then the last in the order).
    fn fullest(&self) -> Option<u64> {
        let fullest = |k: u64| ((k >> 12) & 0xFF_FFFF, k >> 36, k);
        let mut last = None;
        self.each(|_, key| {
            if last.is_none_or(|l| fullest(key) >= fullest(l)) {
                last = Some(key);
            }
        });
        last
    }

    /// For each part, which of its written options (one bit each) are among
    /// the options of the same part of `theirs`; `own` is the renderings the
    /// combinations were made of.
    fn covered(&self, own: &Renderings, theirs: &Renderings) -> [u8; PARTS] {
        let mut covered = [0u8; PARTS];
        for (k, bits) in covered.iter_mut().enumerate() {
            if std::ptr::eq(theirs.parts[k], own.parts[k]) {
                *bits = (1 << self.lens[k]) - 1;
                continue;
            }
            let options = theirs.parts[k].all();
            for (i, o) in self.parts[k].written().iter().enumerate() {
                if options.iter().any(|x| x.text == o.text) {
                    *bits |= 1 << i;
                }
            }
        }
        covered
    }

    /// Whether `covered` (from [`Combos::covered`]) has every part of the
    /// combination `idx`.
    fn covers(covered: &[u8; PARTS], idx: &[usize; PARTS]) -> bool {
        covered.iter().zip(idx).all(|(bits, &i)| bits >> i & 1 != 0)
    }

    /// The text of a combination.
    fn text(&self, idx: &[usize; PARTS], s: &mut Text) {
        s.clear();
        for k in 0..PARTS {
            s.extend_from_slice(self.parts[k].items[idx[k]].text.bytes());
        }
    }
}

/// Writes the least qualified rendering of `m` that no other legal move
/// has, as [`least_qualified`] does, by building the renderings of `m`'s
/// rivals and matching the texts of its combinations against them, shortest
/// first; `s` is its plainest rendering. The general way, for the few moves
/// the shortcut leaves (and the shortcut's reference in the tests).
fn by_matching(
    namer: &Namer<'_>,
    pos: &Chess,
    m: Move,
    own: &Renderings,
    mut s: Text,
    out: &mut String,
) -> Option<bool> {
    let rivals = rivals(pos, m);
    // A move with no rival but itself is named alone by any rendering.
    if rivals.len() == 1 && rivals[0] == m {
        return Some(written(&s, out, true));
    }
    // `m` renders as every text made of its own parts: such a text is
    // unique when `m` is legal (among its own rivals) and no other rival
    // renders as it.
    let legal = rivals.contains(&m);
    let unique = |s: &[u8]| -> bool {
        legal && !rivals.iter().filter(|c| **c != m).filter_map(|c| namer.renderings(*c)).any(|r| r.contains(s, false))
    };
    if unique(&s) {
        return Some(written(&s, out, true));
    }
    // Every combination's key (`Combos`), in the order they come.
    let combos = Combos::of(own);
    let mut on_stack = [0u64; COMBOS_CAP];
    let mut on_heap = Vec::new();
    let mut count = 0;
    combos.each(|_, key| {
        if count < COMBOS_CAP {
            on_stack[count] = key;
        } else {
            if on_heap.is_empty() {
                on_heap.extend_from_slice(&on_stack);
            }
            on_heap.push(key);
        }
        count += 1;
    });
    let keys: &mut [u64] = if on_heap.is_empty() { &mut on_stack[..count] } else { &mut on_heap };
    // Tried in increasing order: the first few picked one by one (one of
    // them is usually the answer), the rest sorted when they are needed.
    const PICKED: usize = 6;
    const PLAINEST: [usize; PARTS] = [0; PARTS];
    for i in 0..keys.len() {
        if i < PICKED {
            let least = (i..keys.len()).min_by_key(|&j| keys[j]).unwrap_or(i);
            keys.swap(i, least);
        } else if i == PICKED {
            keys[i..].sort_unstable();
        }
        let idx = Combos::unpack(keys[i]);
        if idx == PLAINEST {
            continue;
        }
        combos.text(&idx, &mut s);
        if unique(&s) {
            return Some(written(&s, out, true));
        }
    }
    // The fullest rendering is unique for a legal move: only an illegal one
    // gets here, and is written in full anyway.
    combos.text(&Combos::unpack(combos.fullest()?), &mut s);
    Some(written(&s, out, false))
}

/// The square whose piece a capture `m` takes (beside its destination for
/// en passant).
fn taken_square(m: Move) -> Square {
    let to = m.to();
    match m.from() {
        Some(from) if m.is_en_passant() => Square::from_coords(to.file(), from.rank()),
        _ => to,
    }
}

/// The square of the same rank on the other wing, which a file name without
/// its wing also names; `sq` itself on the queen's and king's files, whose
/// names have no wing to leave out.
fn same_short_name(sq: Square) -> Square {
    match sq.file() {
        File::D | File::E => sq,
        f => Square::from_coords(f.flip_horizontal(), sq.rank()),
    }
}

/// Whether `c` renders as the plainest rendering of `m` (see [`plainest`]),
/// both moves of `pos` other than castling and drops (legal or not). Told
/// from the moves: the plainest rendering is the moving piece's letter, the
/// sign of the kind, then for a capture the captured piece's letter (a
/// pawn's is `P`, whatever its file), for another move the destination's
/// short name (its rank digit and its file without the wing), and the
/// promotion; only the same piece letter, kind, captured piece, short name
/// and promotion write alike. The texts of the parts never run into one
/// another here: the piece letter is one byte, the sign or the rank digit
/// ends it, and a promotion is written `=` and a letter.
fn plainest_alike(pos: &Chess, m: Move, c: Move) -> bool {
    let (Some(m_from), Some(c_from)) = (m.from(), c.from()) else { return false };
    if m.is_castle() || c.is_castle() || Kind::of(m) != Kind::of(c) || m.promotion() != c.promotion() {
        return false;
    }
    let board = pos.board();
    if board.role_at(m_from).unwrap_or(Role::Pawn) != board.role_at(c_from).unwrap_or(Role::Pawn) {
        return false;
    }
    if m.is_capture() {
        let taken = |m: Move| board.role_at(taken_square(m)).unwrap_or(Role::Pawn);
        taken(m) == taken(c)
    } else {
        c.to() == m.to() || c.to() == same_short_name(m.to())
    }
}

/// Whether a move other than `m` (legal in `pos`, not castling) renders as
/// its plainest rendering, among the moves pieces of its kind could make if
/// none were pinned and their king not in check: a superset of the legal
/// ones, from the attack tables and the pawns' pushes. The moves counted are
/// those [`plainest_alike`] tells: of `m`'s kind, taking a piece of the kind
/// `m` takes (on the last rank for a pawn that promotes, elsewhere for one
/// that does not), or going to a square of the same short name; a pawn
/// reaching the last rank may promote to any piece, `m`'s among them.
fn any_pseudo_rival(pos: &Chess, m: Move) -> bool {
    let (Some(m_from), m_to, role) = (m.from(), m.to(), m.role()) else { return false };
    let us = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    let piece = shakmaty::Piece { color: us, role };
    let ours = pos.our(role);
    // The squares pieces of `role` could go to from `from`, `m`'s own move
    // left out.
    let others = |from: Square, to: shakmaty::Bitboard| if from == m_from { to.without(m_to) } else { to };
    if m.is_capture() {
        let taken = board.role_at(taken_square(m)).unwrap_or(Role::Pawn);
        let mut targets = pos.them() & board.by_role(taken);
        if role == Role::Pawn {
            let last = shakmaty::Bitboard::from_rank(us.relative_rank(shakmaty::Rank::Eighth));
            targets &= if m.is_promotion() { last } else { !last };
        }
        for from in ours {
            if others(from, shakmaty::attacks::attacks(from, piece, occupied) & targets).any() {
                return true;
            }
        }
        if role == Role::Pawn
            && taken == Role::Pawn
            && !m.is_promotion()
            && let Some(ep) = pos.maybe_ep_square()
        {
            for from in shakmaty::attacks::pawn_attacks(!us, ep) & ours {
                if others(from, shakmaty::Bitboard::from_square(ep)).any() {
                    return true;
                }
            }
        }
        false
    } else {
        let alike = same_short_name(m_to);
        let squares = if alike == m_to { [Some(m_to), None] } else { [Some(m_to), Some(alike)] };
        for sq in squares.into_iter().flatten() {
            if occupied.contains(sq) {
                continue;
            }
            if role == Role::Pawn {
                let back = if us == Color::White { -8 } else { 8 };
                let Some(behind) = sq.offset(back) else { continue };
                let from = if ours.contains(behind) {
                    Some(behind)
                } else if !occupied.contains(behind) && us.relative_rank(sq.rank()) == shakmaty::Rank::Fourth {
                    behind.offset(back).filter(|b| ours.contains(*b))
                } else {
                    None
                };
                if from.is_some_and(|from| others(from, shakmaty::Bitboard::from_square(sq)).any()) {
                    return true;
                }
            } else {
                for from in shakmaty::attacks::attacks(sq, piece, occupied) & ours {
                    if others(from, shakmaty::Bitboard::from_square(sq)).any() {
                        return true;
                    }
                }
            }
        }
        false
    }
}

#[cfg(test)]
/// Whether a move other than `m`, of its kind by a piece of its kind (and,
/// for a move that is not a capture, to a square of the same short name),
/// renders as `s`, among the moves such pieces could make if none were
/// pinned and their king not in check: a superset of [`rivals`], from the
/// attack tables and the pawns' pushes.
fn pseudo_rival_renders(namer: &Namer<'_>, pos: &Chess, m: Move, s: &[u8]) -> bool {
    let (role, us) = (m.role(), pos.turn());
    let board = pos.board();
    let occupied = board.occupied();
    let piece = shakmaty::Piece { color: us, role };
    let renders = |c: Move| c != m && namer.renderings(c).is_some_and(|r| r.contains(s, false));
    let normal = |from: Square, to: Square| {
        let capture = board.role_at(to);
        if role == Role::Pawn && us.relative_rank(to.rank()) == shakmaty::Rank::Eighth {
            [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                .into_iter()
                .any(|p| renders(Move::Normal { role, from, capture, to, promotion: Some(p) }))
        } else {
            renders(Move::Normal { role, from, capture, to, promotion: None })
        }
    };
    if m.is_capture() {
        let them = pos.them();
        for from in pos.our(role) {
            for to in shakmaty::attacks::attacks(from, piece, occupied) & them {
                if normal(from, to) {
                    return true;
                }
            }
        }
        if role == Role::Pawn
            && let Some(ep) = pos.maybe_ep_square()
        {
            for from in shakmaty::attacks::pawn_attacks(!us, ep) & pos.our(Role::Pawn) {
                if renders(Move::EnPassant { from, to: ep }) {
                    return true;
                }
            }
        }
        false
    } else {
        let to = m.to();
        let mirror = Square::from_coords(to.file().flip_horizontal(), to.rank());
        let squares = if mirror == to { [Some(to), None] } else { [Some(to), Some(mirror)] };
        for sq in squares.into_iter().flatten() {
            if occupied.contains(sq) {
                continue;
            }
            if role == Role::Pawn {
                let back = if us == Color::White { -8 } else { 8 };
                let Some(behind) = sq.offset(back) else { continue };
                let from = if pos.our(Role::Pawn).contains(behind) {
                    Some(behind)
                } else if !occupied.contains(behind) && us.relative_rank(sq.rank()) == shakmaty::Rank::Fourth {
                    behind.offset(back).filter(|b| pos.our(Role::Pawn).contains(*b))
                } else {
                    None
                };
                if from.is_some_and(|from| normal(from, sq)) {
                    return true;
                }
            } else {
                for from in shakmaty::attacks::attacks(sq, piece, occupied) & pos.our(role) {
                    if normal(from, sq) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Writes the written form of a canonical rendering onto `out`: the capture
/// sign in lower case (`PxP`, `CxP`), the rest as it is; gives back `legal`.
fn written(s: &[u8], out: &mut String, legal: bool) -> bool {
    out.extend(s.iter().map(|&b| if b == b'X' { 'x' } else { char::from(b) }));
    legal
}

// ---------------------------------------------------------------------------
// Normalising the token.

struct Normalised {
    text: Vec<u8>,
    en_passant: bool,
    kind: Kind,
    /// A check or mate mark was written (`ch`, `+`, `mate`, `dis. ch.`).
    check: bool,
}

/// Check, mate and annotation marks (after upper-casing, spaces removed).
const MARKS: [&[u8]; 19] = [
    b"CHECKMATE",
    b"JAQUEMATE",
    b"MATE",
    b"DOUBLECHECK",
    b"DISCOVEREDCHECK",
    b"CHECK",
    b"JAQUE",
    b"CH.",
    b"CH",
    b"DIS.",
    b"DIS",
    b"DBL.",
    b"DBL",
    b"DOUBLE",
    b"++",
    b"+",
    b"#",
    b"!",
    b"?",
];

/// En passant marks, English and Spanish (`al paso`).
const EN_PASSANT_MARKS: [&[u8]; 10] =
    [b"(E.P.)", b"(EP)", b"(A.P.)", b"(AP)", b"E.P.", b"E.P", b"A.P.", b"A.P", b"EP", b"AP"];

/// Turns a token into the canonical spelling the renderings use.
fn normalise(token: &str, t: Tongue) -> Result<Normalised, MoveError> {
    if token.len() > MAX_LEN {
        return Err(MoveError::syntax(Syntax::DescriptiveTooLong));
    }
    let mut s = Vec::with_capacity(token.len());
    for ch in token.chars() {
        s.push(match ch {
            c if c.is_whitespace() => continue,
            c if c.is_ascii_graphic() => c.to_ascii_uppercase() as u8,
            '×' => b'X',
            '–' | '—' | '‐' | '‑' | '−' => b'-',
            '†' => b'+',
            '‡' => b'#',
            _ => return Err(MoveError::syntax(Syntax::DescriptiveStrayAny)),
        });
    }

    // Marks after the move, in any order.
    let mut en_passant = false;
    let mut check = false;
    'strip: loop {
        for mark in MARKS {
            if s.len() > mark.len() && s.ends_with(mark) {
                s.truncate(s.len() - mark.len());
                check |= !matches!(mark, b"!" | b"?");
                continue 'strip;
            }
        }
        for mark in EN_PASSANT_MARKS {
            if s.len() > mark.len() && s.ends_with(mark) {
                s.truncate(s.len() - mark.len());
                en_passant = true;
                continue 'strip;
            }
        }
        break;
    }
    // `sq` names the first rank, as old books print it (`QR-Q sq`).
    if t == Tongue::En && s.len() > 3 && s.ends_with(b"SQ") && !s.ends_with(b"-SQ") && s.contains(&b'-') && !s.starts_with(b"CASTLE") {
        let n = s.len();
        s.truncate(n - 2);
        s.push(b'1');
    }
    if s.is_empty() {
        return Err(MoveError::syntax(Syntax::EmptyMove));
    }
    if s.iter().all(|c| matches!(c, b'!' | b'?' | b'+' | b'#')) || MARKS.contains(&s.as_slice()) {
        return Err(MoveError::syntax(Syntax::OnlyMarks));
    }

    if let Some(castle) = castling(&s, t)? {
        return Ok(Normalised { text: castle, en_passant, kind: Kind::Castle, check });
    }

    if t == Tongue::En {
        // `Kt` is the knight: `QKt`, `KKtP`, `Kt-B3`.
        let mut out = Vec::with_capacity(s.len());
        let mut i = 0;
        while i < s.len() {
            if s[i..].starts_with(b"KT") {
                out.push(b'N');
                i += 2;
            } else {
                out.push(s[i]);
                i += 1;
            }
        }
        s = out;
    } else {
        // Spanish has no dash between piece and square: `P-4R` is `P4R`.
        s.retain(|&c| c != b'-');
    }
    for c in s.iter_mut() {
        if *c == b':' {
            *c = b'X';
        }
    }

    // Promotion at the end: `(Q)`, `/Q` are written `=Q`.
    let is_letter = |c: u8| t.role(c).is_some();
    match s.as_slice() {
        [.., b'(', l, b')'] if is_letter(*l) => {
            let l = *l;
            s.truncate(s.len() - 3);
            s.extend_from_slice(&[b'=', l]);
        }
        [.., b'/', l] if is_letter(*l) => {
            let l = *l;
            s.truncate(s.len() - 2);
            s.extend_from_slice(&[b'=', l]);
        }
        _ => {}
    }

    let s = slashes_to_parentheses(&s, t);
    validate(&s, t)?;
    let kind = if s.contains(&b'X') { Kind::Capture } else { Kind::Quiet };
    Ok(Normalised { text: s, en_passant, kind, check })
}

/// Castling, in the canonical spelling of its renderings.
fn castling(s: &[u8], t: Tongue) -> Result<Option<Vec<u8>>, MoveError> {
    if s.iter().all(|c| matches!(c, b'O' | b'0' | b'-')) {
        return match s.iter().filter(|&&c| c != b'-').count() {
            2 => Ok(Some(b"O-O".to_vec())),
            3 => Ok(Some(b"O-O-O".to_vec())),
            _ => Err(MoveError::syntax(Syntax::CastlingForm)),
        };
    }
    // English `Castles`, `Castles KR`, `Castle(QR)`; Spanish `enroque largo`.
    let (word, canonical): (&[u8], &[u8]) = match t {
        Tongue::En => (b"CASTLE", b"CASTLES"),
        Tongue::Es => (b"ENROQUE", b"ENROQUE"),
    };
    let Some(rest) = s.strip_prefix(word) else { return Ok(None) };
    let rest = if t == Tongue::En { rest.strip_prefix(b"S").unwrap_or(rest) } else { rest };
    let rest: Vec<u8> = rest.iter().copied().filter(|c| !matches!(c, b'(' | b')')).collect();
    let side: &[u8] = match (t, rest.as_slice()) {
        (_, []) => b"",
        (Tongue::En, b"KR" | b"K") => b"KR",
        (Tongue::En, b"QR" | b"Q") => b"QR",
        (Tongue::Es, b"CORTO") => b"CORTO",
        (Tongue::Es, b"LARGO") => b"LARGO",
        _ => return Err(MoveError::syntax(Syntax::CastlingSide)),
    };
    Ok(Some([canonical, side].concat()))
}

/// Rewrites `/KB3`, `/7`, `/2D` as `(KB3)`, `(7)`, `(2D)`.
fn slashes_to_parentheses(s: &[u8], t: Tongue) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    let mut i = 0;
    let is_file_letter = |c: u8| match t {
        Tongue::En => matches!(c, b'Q' | b'K' | b'R' | b'N' | b'B'),
        Tongue::Es => matches!(c, b'D' | b'R' | b'T' | b'C' | b'A'),
    };
    while i < s.len() {
        if s[i] != b'/' {
            out.push(s[i]);
            i += 1;
            continue;
        }
        i += 1;
        out.push(b'(');
        // English: file letters then a rank; Spanish: a rank then file letters.
        let take_digit = |i: &mut usize, out: &mut Vec<u8>| {
            if let Some(&d @ b'0'..=b'9') = s.get(*i) {
                out.push(d);
                *i += 1;
            }
        };
        let take_letters = |i: &mut usize, out: &mut Vec<u8>| {
            while let Some(&c) = s.get(*i).filter(|&&c| is_file_letter(c)) {
                out.push(c);
                *i += 1;
            }
        };
        match t {
            Tongue::En => {
                take_letters(&mut i, &mut out);
                take_digit(&mut i, &mut out);
            }
            Tongue::Es => {
                take_digit(&mut i, &mut out);
                take_letters(&mut i, &mut out);
            }
        }
        out.push(b')');
    }
    out
}

/// Rejects what cannot be a descriptive move at all.
fn validate(s: &[u8], t: Tongue) -> Result<(), MoveError> {
    let first = s.first().ok_or(MoveError::syntax(Syntax::EmptyMove))?;
    if t.role(*first).is_none() {
        return Err(MoveError::syntax(match t {
            Tongue::En => Syntax::DescriptiveStartEn,
            Tongue::Es => Syntax::DescriptiveStartEs,
        }));
    }
    let mut open = None;
    for (i, &c) in s.iter().enumerate() {
        match c {
            b'1'..=b'8' | b'X' => {}
            b'-' if t == Tongue::En => {}
            b'(' if open.is_none() => open = Some(i),
            b'(' => return Err(MoveError::syntax(Syntax::NestedParentheses)),
            b')' => match open.take() {
                Some(o) if o + 1 < i => {}
                Some(_) => return Err(MoveError::syntax(Syntax::EmptyParentheses)),
                None => return Err(MoveError::syntax(Syntax::UnopenedParenthesis)),
            },
            b'=' => match s.get(i + 1..) {
                Some([l]) if matches!(t.role(*l), Some(Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => {}
                Some([l]) if t.role(*l).is_some() => {
                    return Err(MoveError::syntax(Syntax::PromotesToKingOrPawn));
                }
                _ => return Err(MoveError::syntax(Syntax::EqualsWithoutPiece)),
            },
            b'0' | b'9' => return Err(MoveError::syntax(Syntax::RankOutOfRange)),
            c if t.role(c).is_some() => {}
            _ => return Err(MoveError::syntax(Syntax::DescriptiveStray)),
        }
    }
    if open.is_some() {
        return Err(MoveError::syntax(Syntax::UnclosedParenthesis));
    }
    if !s.iter().any(|&c| c.is_ascii_digit() || c == b'X') {
        return Err(MoveError::syntax(Syntax::NoDestinationNoCapture));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Errors.

/// The error for a token that no legal move renders as.
fn no_match(pos: &Chess, table: &[Renderings], s: &[u8], t: Tongue) -> MoveError {
    if let [stem @ .., b'=', _] = s {
        let found = matching(table, stem, false);
        if !found.is_empty() {
            return MoveError::new(MoveErrorKind::PromotionMarkOnOtherMove, found);
        }
    } else {
        let found = matching(table, s, true);
        if !found.is_empty() {
            let same = found.iter().all(|m| m.from() == found[0].from() && m.to() == found[0].to());
            let kind = if same { MoveErrorKind::PromotionPieceMissing } else { MoveErrorKind::Ambiguous };
            return MoveError::new(kind, found);
        }
    }
    let candidates = match token_role(s, t) {
        Some(role) => pos.legal_moves().iter().copied().filter(|m| m.role() == role).collect(),
        None => Vec::new(),
    };
    MoveError::new(MoveErrorKind::NoLegalMove, candidates)
}

/// The kind of piece a normalised token moves, as far as it says.
fn token_role(s: &[u8], t: Tongue) -> Option<Role> {
    if s.starts_with(b"O-O") || s.starts_with(b"CASTLE") || s.starts_with(b"ENROQUE") {
        return Some(Role::King);
    }
    match t {
        Tongue::Es => t.role(*s.first()?),
        Tongue::En => {
            let end = s.iter().position(|c| matches!(c, b'-' | b'X' | b'(' | b'=') || c.is_ascii_digit());
            let name = &s[..end.unwrap_or(s.len())];
            match name {
                [.., b'P'] => Some(Role::Pawn),
                [b'Q' | b'K', r @ (b'R' | b'N' | b'B')] => t.role(*r),
                [c, ..] => t.role(*c),
                [] => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    /// `rivals` finds, without generating every legal move, exactly the
    /// moves the full generation gives for its rule: same kind, same piece
    /// and, for a quiet move, a destination of the same short name.
    #[test]
    fn rivals_are_those_of_full_move_generation() {
        use crate::testkit::corpus::{Rng, random_game};
        let mut rng = Rng::new(7);
        let mut captures = 0;
        for _ in 0..80 {
            let game = random_game(&mut rng, 200);
            let mut pos = Chess::default();
            for m in &game.moves {
                for own in pos.legal_moves() {
                    if own.is_castle() {
                        continue;
                    }
                    // The queen's and king's files are named alike on no
                    // other square; every other file, on the other wing's.
                    let mirror = |sq: Square| match sq.file() {
                        File::D | File::E => sq,
                        f => Square::from_coords(File::new(7 - u32::from(f)), sq.rank()),
                    };
                    let mut expected: Vec<Move> = pos
                        .legal_moves()
                        .into_iter()
                        .filter(|c| Kind::of(*c) == Kind::of(own) && c.role() == own.role())
                        .filter(|c| Kind::of(own) != Kind::Quiet || c.to() == own.to() || c.to() == mirror(own.to()))
                        .collect();
                    let mut found: Vec<Move> = rivals(&pos, own).into_iter().collect();
                    let key = |m: &Move| (m.from(), m.to(), m.promotion());
                    expected.sort_by_key(key);
                    found.sort_by_key(key);
                    assert_eq!(found, expected, "{own:?} in {}", crate::notation::position::write_fen(&pos));
                    captures += usize::from(own.is_capture());
                }
                pos.play_unchecked(*m);
            }
        }
        assert!(captures > 1000, "{captures}");
    }
    /// The moves told from the attack tables and the pins are those of
    /// `san_candidates`, for every piece and square of random games (pins,
    /// promotions, en passant and checks among them); and the shortcut is
    /// taken in most positions, a pinned piece left out in many.
    #[test]
    fn moves_from_the_pins_are_the_legal_ones() {
        use crate::testkit::corpus::{Rng, random_game};
        let mut rng = Rng::new(5);
        let (mut simple, mut pinned_out) = (0, 0);
        let key = |m: &Move| (m.from(), m.to(), m.promotion());
        for _ in 0..60 {
            let game = random_game(&mut rng, 200);
            let mut pos = Chess::default();
            for m in &game.moves {
                let pins = Pins::of(&pos);
                simple += usize::from(pins.simple);
                for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
                    for to in Square::ALL {
                        let mut expected: Vec<Move> = pos.san_candidates(role, to).into_iter().collect();
                        let mut found = Vec::new();
                        pins.each_move(&pos, role, to, |c| found.push(c));
                        expected.sort_by_key(key);
                        found.sort_by_key(key);
                        assert_eq!(found, expected, "{role:?} to {to} in {}", crate::notation::position::write_fen(&pos));
                        if pins.simple && role != Role::King {
                            let pseudo = (shakmaty::attacks::attacks(to, shakmaty::Piece { color: pos.turn(), role }, pos.board().occupied())
                                & pos.our(role))
                            .count();
                            pinned_out += usize::from(role != Role::Pawn && !pos.us().contains(to) && pseudo > found.len());
                        }
                    }
                }
                pos.play_unchecked(*m);
            }
        }
        assert!(simple > 5000, "{simple}");
        assert!(pinned_out > 100, "{pinned_out}");
    }

    /// A move found `alone` has no rival but itself, and its plainest
    /// rendering is what the full search writes; and the test is not
    /// vacuous: most moves are alone, many are not.
    #[test]
    fn a_move_alone_is_written_as_the_full_search_writes_it() {
        use crate::testkit::corpus::{Rng, random_game};
        let mut rng = Rng::new(11);
        let (mut alone_moves, mut others) = (0, 0);
        for _ in 0..60 {
            let game = random_game(&mut rng, 200);
            let mut pos = Chess::default();
            let mut origins = Origins::from_position(&pos);
            for m in &game.moves {
                for own in pos.legal_moves() {
                    if own.is_castle() || !alone(&pos, own) {
                        others += 1;
                        continue;
                    }
                    alone_moves += 1;
                    let fen = || crate::notation::position::write_fen(&pos);
                    // Of the moves of its kind, only a capture of a piece
                    // of the kind it takes can render alike.
                    let taken = |c: &Move| pos.board().role_at(taken_square(*c)).unwrap_or(Role::Pawn);
                    let same: Vec<Move> =
                        rivals(&pos, own).into_iter().filter(|c| !own.is_capture() || taken(c) == taken(&own)).collect();
                    assert_eq!(same, [own], "{own:?} in {}", fen());
                    for t in [Tongue::En, Tongue::Es] {
                        let mut fast = String::new();
                        plainest(&pos, t, own, &mut fast);
                        let mut full = String::new();
                        assert_eq!(least_qualified(&pos, &origins, t, own, false, &mut full), Some(true));
                        assert_eq!(fast, full, "{own:?} in {}", fen());
                    }
                }
                origins.play(&pos, *m);
                pos.play_unchecked(*m);
            }
        }
        assert!(alone_moves > others && others > 10_000, "{alone_moves} alone, {others} not");
    }

    /// The shortcut of a known legal move (its plainest rendering tried
    /// against the moves that could be rivals if nothing were pinned) writes
    /// what the search among the legal rivals writes, for every legal move
    /// of random games, in both languages.
    #[test]
    fn the_shortcut_of_a_legal_move_writes_what_the_full_search_writes() {
        use crate::testkit::corpus::{Rng, random_game};
        let mut rng = Rng::new(13);
        let mut moves = 0;
        for _ in 0..60 {
            let game = random_game(&mut rng, 200);
            let mut pos = Chess::default();
            let mut origins = Origins::from_position(&pos);
            for m in &game.moves {
                for own in pos.legal_moves() {
                    if own.is_castle() {
                        continue;
                    }
                    for t in [Tongue::En, Tongue::Es] {
                        let (mut fast, mut full) = (String::new(), String::new());
                        assert_eq!(least_qualified(&pos, &origins, t, own, true, &mut fast), Some(true));
                        assert_eq!(least_qualified(&pos, &origins, t, own, false, &mut full), Some(true));
                        let fen = || crate::notation::position::write_fen(&pos);
                        assert_eq!(fast, full, "{own:?} in {}", fen());
                    }
                    moves += 1;
                }
                origins.play(&pos, *m);
                pos.play_unchecked(*m);
            }
        }
        assert!(moves > 100_000, "{moves}");
    }

    /// The canonical text of the plainest rendering of `m`: the first
    /// written option of each of its parts.
    fn plainest_text(pos: &Chess, origins: &Origins, t: Tongue, m: Move) -> Text {
        let own = Namer::new(pos, origins, t).renderings(m).unwrap();
        let mut text = Text::default();
        for p in &own.parts {
            text.extend_from_slice(p.written().first().unwrap().text.bytes());
        }
        text
    }

    /// The moves of `pos` its pieces could make if nothing were pinned and
    /// its king not in check, but castling: the legal ones and, for the
    /// side to move, the illegal ones pins and checks forbid.
    fn unpinned_moves(pos: &Chess) -> Vec<Move> {
        let (us, board) = (pos.turn(), pos.board());
        let mut moves = Vec::new();
        for from in pos.us() {
            let Some(piece) = board.piece_at(from) else { continue };
            let role = piece.role;
            let mut targets = shakmaty::attacks::attacks(from, piece, board.occupied()) & pos.them();
            if role == Role::Pawn {
                let forward = if us == Color::White { 8 } else { -8 };
                if let Some(one) = from.offset(forward).filter(|sq| !board.occupied().contains(*sq)) {
                    targets.add(one);
                    if us.relative_rank(from.rank()) == shakmaty::Rank::Second
                        && let Some(two) = one.offset(forward).filter(|sq| !board.occupied().contains(*sq))
                    {
                        targets.add(two);
                    }
                }
            } else {
                targets |= shakmaty::attacks::attacks(from, piece, board.occupied()) & !board.occupied();
            }
            for to in targets {
                let capture = board.role_at(to);
                if role == Role::Pawn && us.relative_rank(to.rank()) == shakmaty::Rank::Eighth {
                    for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        moves.push(Move::Normal { role, from, capture, to, promotion: Some(p) });
                    }
                } else {
                    moves.push(Move::Normal { role, from, capture, to, promotion: None });
                }
            }
        }
        if let Some(ep) = pos.maybe_ep_square() {
            for from in shakmaty::attacks::pawn_attacks(!us, ep) & pos.our(Role::Pawn) {
                moves.push(Move::EnPassant { from, to: ep });
            }
        }
        moves
    }

    proptest::proptest! {
        /// Whether a move renders as another's plainest rendering, told
        /// from the two moves, is what building its renderings and matching
        /// says, for every pair of moves the pieces of random games could
        /// make were nothing pinned, in both languages; and whether a legal
        /// move has such a rival is what matching its plainest rendering
        /// against those moves says.
        #[test]
        fn plainest_alike_is_what_matching_the_renderings_says(seed in proptest::num::u64::ANY) {
            let mut rng = crate::testkit::corpus::Rng::new(seed);
            let game = crate::testkit::corpus::random_game(&mut rng, 160);
            let mut pos = Chess::default();
            let mut origins = Origins::from_position(&pos);
            let (mut alike, mut unlike) = (0, 0);
            for played in &game.moves {
                let moves = unpinned_moves(&pos);
                for t in [Tongue::En, Tongue::Es] {
                    let namer = Namer::new(&pos, &origins, t);
                    for &m in &moves {
                        let s = plainest_text(&pos, &origins, t, m);
                        for &c in &moves {
                            let renders = namer.renderings(c).unwrap().contains(&s, false);
                            let fen = || crate::notation::position::write_fen(&pos);
                            proptest::prop_assert_eq!(plainest_alike(&pos, m, c), renders, "{:?} {:?} in {}", m, c, fen());
                            if c != m {
                                if renders { alike += 1 } else { unlike += 1 }
                            }
                        }
                        if pos.is_legal(m) {
                            let fen = || crate::notation::position::write_fen(&pos);
                            proptest::prop_assert_eq!(any_pseudo_rival(&pos, m), pseudo_rival_renders(&namer, &pos, m, &s), "{:?} in {}", m, fen());
                        }
                    }
                }
                origins.play(&pos, *played);
                pos.play_unchecked(*played);
            }
            proptest::prop_assert!(game.moves.len() < 20 || (alike > 0 && unlike > alike), "{} alike, {} not", alike, unlike);
        }
    }

    /// The general way of [`least_qualified`], without its shortcuts: the
    /// texts of `m`'s combinations matched against the renderings of all
    /// its rivals.
    fn least_qualified_by_matching(pos: &Chess, origins: &Origins, t: Tongue, m: Move, out: &mut String) -> Option<bool> {
        let namer = Namer::new(pos, origins, t);
        let own = namer.renderings(m)?;
        by_matching(&namer, pos, m, &own, plainest_text(pos, origins, t, m), out)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// The least qualified rendering told from the moves is what
        /// matching the texts of every combination against the rivals'
        /// renderings writes, for every move the pieces of random games
        /// could make were nothing pinned (the legal ones, known to be legal
        /// or not, and the illegal ones), in both languages; and a legal
        /// move covers a combination of another's written options exactly
        /// when it renders as its text, but where a glued promotion may
        /// join two parts.
        #[test]
        fn the_qualifier_told_from_the_moves_is_what_matching_writes(seed in proptest::num::u64::ANY) {
            let mut rng = crate::testkit::corpus::Rng::new(seed);
            let game = crate::testkit::corpus::random_game(&mut rng, 160);
            let mut pos = Chess::default();
            let mut origins = Origins::from_position(&pos);
            let (mut qualified, mut illegal, mut covered) = (0, 0, 0);
            for played in &game.moves {
                let moves = unpinned_moves(&pos);
                let legal_moves = pos.legal_moves();
                for t in [Tongue::En, Tongue::Es] {
                    let namer = Namer::new(&pos, &origins, t);
                    for &m in &moves {
                        let fen = || crate::notation::position::write_fen(&pos);
                        let legal = pos.is_legal(m);
                        let mut want = String::new();
                        let matched = least_qualified_by_matching(&pos, &origins, t, m, &mut want);
                        for known_legal in [false, legal] {
                            let mut got = String::new();
                            let told = least_qualified(&pos, &origins, t, m, known_legal, &mut got);
                            proptest::prop_assert_eq!((told, &got), (matched, &want), "{:?} in {}", m, fen());
                        }
                        let mut plain = String::new();
                        plainest(&pos, t, m, &mut plain);
                        qualified += usize::from(legal && want != plain);
                        illegal += usize::from(!legal);
                        if !legal || promoting_capture_may_glue(&pos, m) {
                            continue;
                        }
                        let own = namer.renderings(m).unwrap();
                        let combos = Combos::of(&own);
                        for &c in &legal_moves {
                            if c == m || c.is_castle() || c.role() != m.role() {
                                continue;
                            }
                            let theirs = namer.renderings(c).unwrap();
                            let cover = combos.covered(&own, &theirs);
                            // One rival's least escape, told directly, is the search's.
                            proptest::prop_assert_eq!(combos.least_escaping(&cover), combos.least(|idx| !Combos::covers(&cover, idx)), "{:?} against {:?} in {}", m, c, fen());
                            let alike = plainest_alike(&pos, m, c);
                            let mut wrong = None;
                            let mut text = Text::default();
                            combos.each(|idx, _| {
                                combos.text(&idx, &mut text);
                                let renders = theirs.contains(&text, false);
                                covered += usize::from(renders);
                                if renders != (alike && Combos::covers(&cover, &idx)) {
                                    wrong = Some(String::from_utf8_lossy(&text).into_owned());
                                }
                            });
                            proptest::prop_assert_eq!(wrong, None, "{:?} and {:?} in {}", m, c, fen());
                        }
                    }
                }
                origins.play(&pos, *played);
                pos.play_unchecked(*played);
            }
            proptest::prop_assert!(game.moves.len() < 40 || (qualified > 0 && illegal > 0 && covered > 0), "{} qualified, {} illegal, {} covered", qualified, illegal, covered);
        }
    }

    use shakmaty::fen::Fen;
    use shakmaty::san::San;
    use shakmaty::uci::UciMove;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    fn uci(m: Move) -> String {
        UciMove::from_standard(m).to_string()
    }

    /// Reads `token` in `p` with the origins of a game set up at `p`.
    fn read_at(p: &Chess, lang: Lang, token: &str) -> Result<String, MoveError> {
        read(p, &Origins::from_position(p), lang, token).map(uci)
    }

    fn ok(p: &Chess, lang: Lang, token: &str) -> String {
        match read_at(p, lang, token) {
            Ok(m) => m,
            Err(e) => panic!("{token}: {e} {:?}", e.candidates.iter().map(|&m| uci(m)).collect::<Vec<_>>()),
        }
    }

    fn err(p: &Chess, lang: Lang, token: &str) -> MoveError {
        match read_at(p, lang, token) {
            Ok(m) => panic!("{token} read as {m}"),
            Err(e) => e,
        }
    }

    fn write_at(p: &Chess, lang: Lang, m: &str) -> String {
        let m = m.parse::<UciMove>().unwrap().to_move(p).unwrap();
        write(p, &Origins::from_position(p), lang, m)
    }

    /// Plays a game from descriptive tokens, checking each against the SAN
    /// move it should be, and the writer's round trip on the way.
    fn play_game(lang: Lang, tokens: &[&str], sans: &[&str]) -> Vec<String> {
        assert_eq!(tokens.len(), sans.len());
        let mut p = Chess::default();
        let mut origins = Origins::from_position(&p);
        let mut written = Vec::new();
        for (i, (tok, san)) in tokens.iter().zip(sans).enumerate() {
            let want = san.parse::<San>().unwrap().to_move(&p).unwrap();
            match read(&p, &origins, lang, tok) {
                Ok(m) => assert_eq!(m, want, "ply {} {tok}", i + 1),
                Err(e) => {
                    panic!("ply {} {tok}: {e} {:?}", i + 1, e.candidates.iter().map(|&m| uci(m)).collect::<Vec<_>>())
                }
            }
            let w = write(&p, &origins, lang, want);
            assert_eq!(read(&p, &origins, lang, &w), Ok(want), "ply {} written {w}", i + 1);
            written.push(w);
            origins.play(&p, want);
            p.play_unchecked(want);
        }
        written
    }

    /// Alekhine–Forrester, Montreal 1923.
    const ALEKHINE_SAN: [&str; 29] = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "Nc3", "Bc5", "Nxe5", "Nxe5", "d4", "Bb4", "dxe5", "Nxe4",
        "Qd4", "Nxc3", "bxc3", "Ba5", "Ba3", "b6", "e6", "Qf6", "Bxd7+", "Kd8", "Bc6+", "Qxd4", "e7#",
    ];

    #[test]
    fn alekhine_forrester_in_spanish() {
        let tokens = [
            "P4R", "P4R", "C3AR", "C3AD", "A5C", "P3TD", "A4T", "C3A", "C3A", "A4A", "CxP", "CxC", "P4D!", "A5C",
            "PxC", "CxP", "D4D", "CxC", "PxC", "A4T?", "A3T", "P3CD?!", "P6R!!", "D3A", "AxP+", "R1D", "A6A+", "DxD",
            "P7R++",
        ];
        play_game(Lang::Es, &tokens, &ALEKHINE_SAN);
    }

    #[test]
    fn alekhine_forrester_in_english() {
        let tokens = [
            "P-K4",
            "P-K4",
            "N-KB3",
            "N-QB3",
            "B-N5",
            "P-QR3",
            "B-R4",
            "N-B3",
            "N-B3",
            "B-B4",
            "NxP",
            "NxN",
            "P-Q4",
            "B-N5",
            "PxN",
            "NxP",
            "Q-Q4",
            "NxN",
            "PxN",
            "B-R4",
            "B-R3",
            "P-QN3",
            "P-K6",
            "Q-B3",
            "BxPch",
            "K-Q1",
            "B-B6ch",
            "QxQ",
            "P-K7 mate",
        ];
        play_game(Lang::En, &tokens, &ALEKHINE_SAN);
    }

    #[test]
    fn a_misprint_is_an_error_with_the_pieces_candidates() {
        // Alekhine–Forrester before White's fifth move: `C2A` names no move.
        let mut p = Chess::default();
        for san in &ALEKHINE_SAN[..8] {
            let m = san.parse::<San>().unwrap().to_move(&p).unwrap();
            p.play_unchecked(m);
        }
        let e = err(&p, Lang::Es, "C2A");
        assert_eq!(e.kind, MoveErrorKind::NoLegalMove);
        assert!(!e.candidates.is_empty());
        assert!(e.candidates.iter().all(|m| m.role() == Role::Knight));
        assert_eq!(ok(&p, Lang::Es, "C3A"), "b1c3");
    }

    const FIDE_SAN: [&str; 21] = [
        "e4", "e5", "Nf3", "Nf6", "d4", "exd4", "e5", "Ne4", "Qxd4", "d5", "exd6", "Nxd6", "Bg5", "Nc6", "Qe3+", "Be7",
        "Nbd2", "O-O", "O-O-O", "Re8", "Kb1",
    ];

    #[test]
    fn fide_sample_game_in_english() {
        let tokens = [
            "P-K4", "P-K4", "N-KB3", "N-KB3", "P-Q4", "PxP", "P-K5", "N-K5", "QxP", "P-Q4", "PxP e.p.", "NxQP",
            "B-KN5", "N-B3", "Q-K3ch", "B-K2", "QN-Q2", "O-O", "O-O-O", "R-K1", "K-N1",
        ];
        assert_eq!(play_game(Lang::En, &tokens, &FIDE_SAN), tokens, "the writer's forms");
        // Other spellings of the same moves.
        let tokens = [
            "P - K 4", "p-k4", "Kt-KB3", "KKt-B3", "QP-Q4", "KPxQP", "P-K5!", "N-K5", "Q x P", "P-Q4?", "PxPep",
            "NxP/Q3", "QB-N5", "QN-QB3", "Q-K3 ch", "KB-K2", "N(N1)-Q2", "Castles", "castles", "KR-K1", "K-QN1",
        ];
        play_game(Lang::En, &tokens, &FIDE_SAN);
    }

    #[test]
    fn fide_sample_game_in_spanish() {
        let tokens = [
            "P4R", "P4R", "C3AR", "C3AR", "P4D", "PxP", "P5R", "C5R", "DxP", "P4D", "PxP a.p.", "CxPD", "A5CR", "C3A",
            "D3R+", "A2R", "CD2D", "0-0", "0-0-0", "T1R", "R1C",
        ];
        assert_eq!(play_game(Lang::Es, &tokens, &FIDE_SAN), tokens, "the writer's forms");
        let tokens = [
            "P-4R",
            "p4r",
            "CR3A",
            "CR3AR",
            "PD4D",
            "PRxP",
            "P5R",
            "C5R",
            "DxP(4D)",
            "P4D",
            "PxP(ap)",
            "CxP(3D)",
            "AD5C",
            "CD3AD",
            "D3R+",
            "AR2R",
            "C(1C)2D",
            "enroque corto",
            "enroque",
            "TR1R",
            "R1CD",
        ];
        play_game(Lang::Es, &tokens, &FIDE_SAN);
    }

    #[test]
    fn spanish_examples() {
        // After 1. P4R P4R.
        let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        for (tok, want) in [
            ("A4AD", "f1c4"),
            ("A4A", "f1c4"),
            ("A5C", "f1b5"),
            ("A5CD", "f1b5"),
            ("AR5CD", "f1b5"),
            ("D5T", "d1h5"),
            ("D5TR", "d1h5"),
            ("P3TD", "a2a3"),
            ("PTD3T", "a2a3"),
            ("P4D", "d2d4"),
            ("R2R", "e1e2"),
            ("C3AR", "g1f3"),
            ("C2R", "g1e2"),
            ("CR2R", "g1e2"),
            ("CD3A", "b1c3"),
            ("C(1CD)3A", "b1c3"),
            ("C(1C)3AD", "b1c3"),
        ] {
            assert_eq!(ok(&p, Lang::Es, tok), want, "{tok}");
        }
        assert_eq!(err(&p, Lang::Es, "C3A").kind, MoveErrorKind::Ambiguous);
        assert_eq!(err(&p, Lang::Es, "P3T").kind, MoveErrorKind::Ambiguous);
        // After 1. P4R P4D: the king's pawn takes.
        let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        for tok in ["PRxP", "PxP", "PxPD", "P(4R)xP", "PR x P!"] {
            assert_eq!(ok(&p, Lang::Es, tok), "e4d5", "{tok}");
        }
        assert_eq!(err(&p, Lang::Es, "PxP a.p.").kind, MoveErrorKind::EnPassantMarkOnOtherMove);
    }

    #[test]
    fn the_short_destination_is_ambiguous_at_the_start() {
        let p = Chess::default();
        let e = err(&p, Lang::En, "N-B3");
        assert_eq!(e.kind, MoveErrorKind::Ambiguous);
        assert_eq!(e.candidates.len(), 2);
        assert_eq!(ok(&p, Lang::En, "N-KB3"), "g1f3");
        assert_eq!(ok(&p, Lang::En, "N-QB3"), "b1c3");
        assert_eq!(ok(&p, Lang::En, "KN-B3"), "g1f3");
        assert_eq!(err(&p, Lang::Es, "C3A").kind, MoveErrorKind::Ambiguous);
        assert_eq!(ok(&p, Lang::Es, "C3AR"), "g1f3");
        assert_eq!(ok(&p, Lang::Es, "CD3A"), "b1c3");
        assert_eq!(err(&p, Lang::En, "P-R3").candidates.len(), 2);
        assert_eq!(ok(&p, Lang::En, "P-QR3"), "a2a3");
        assert_eq!(ok(&p, Lang::En, "RP-QR4"), "a2a4");
        assert_eq!(ok(&p, Lang::En, "P - QR 4"), "a2a4");
        // Black's ranks count from Black's side.
        let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(ok(&p, Lang::En, "P-K4"), "e7e5");
        assert_eq!(ok(&p, Lang::Es, "P4R"), "e7e5");
        assert_eq!(ok(&p, Lang::En, "N-KB3"), "g8f6");
        assert_eq!(write_at(&p, Lang::En, "g8f6"), "N-KB3");
        assert_eq!(write_at(&p, Lang::Es, "b8c6"), "C3AD");
        assert_eq!(write_at(&p, Lang::En, "e7e5"), "P-K4");
    }

    #[test]
    fn pieces_are_named_by_the_wing_they_started_on() {
        // 1. N-KB3 P-K3 2. N-Q4 P-Q3 3. N-QB3 P-QN3: the king's knight is on
        // d4, the queen's on c3, and both reach b5 and e2.
        let mut p = Chess::default();
        let mut origins = Origins::from_position(&p);
        for san in ["Nf3", "e6", "Nd4", "d6", "Nc3", "b6"] {
            let m = san.parse::<San>().unwrap().to_move(&p).unwrap();
            origins.play(&p, m);
            p.play_unchecked(m);
        }
        let rd = |tok: &str, lang| read(&p, &origins, lang, tok).map(uci);
        assert_eq!(rd("KN-N5", Lang::En).unwrap(), "d4b5");
        assert_eq!(rd("QN-N5", Lang::En).unwrap(), "c3b5");
        assert_eq!(rd("CR5C", Lang::Es).unwrap(), "d4b5");
        assert_eq!(rd("CD5CD", Lang::Es).unwrap(), "c3b5");
        assert_eq!(rd("N-N5", Lang::En).unwrap_err().kind, MoveErrorKind::Ambiguous);
        assert_eq!(rd("N(Q4)-N5", Lang::En).unwrap(), "d4b5");
        assert_eq!(rd("N/B3-N5", Lang::En).unwrap(), "c3b5");
        let m = "d4b5".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        assert_eq!(write(&p, &origins, Lang::En, m), "KN-N5");
        assert_eq!(write(&p, &origins, Lang::Es, m), "CR5C");
    }

    #[test]
    fn queens_knight_and_kings_knight_to_q2() {
        // 1. P-Q4 P-Q4 2. N-KB3 N-KB3: the knights of b1 and f3 both reach d2.
        let mut p = Chess::default();
        let mut origins = Origins::from_position(&p);
        for san in ["d4", "d5", "Nf3", "Nf6"] {
            let m = san.parse::<San>().unwrap().to_move(&p).unwrap();
            origins.play(&p, m);
            p.play_unchecked(m);
        }
        let rd = |tok: &str, lang| read(&p, &origins, lang, tok).map(uci);
        assert_eq!(rd("QN-Q2", Lang::En).unwrap(), "b1d2");
        assert_eq!(rd("KN-Q2", Lang::En).unwrap(), "f3d2");
        assert_eq!(rd("QKt-Q2", Lang::En).unwrap(), "b1d2");
        assert_eq!(rd("KKt-Q2", Lang::En).unwrap(), "f3d2");
        assert_eq!(rd("CD2D", Lang::Es).unwrap(), "b1d2");
        assert_eq!(rd("CR2D", Lang::Es).unwrap(), "f3d2");
        let e = rd("N-Q2", Lang::En).unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::Ambiguous);
        assert_eq!(e.candidates.len(), 2);
        let m = "f3d2".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        assert_eq!(write(&p, &origins, Lang::En, m), "KN-Q2");
        assert_eq!(write(&p, &origins, Lang::Es, m), "CR2D");
        // A game set up here knows only the pieces on their original squares:
        // the f3 knight has no wing, the origin square names it.
        let set_up = Origins::from_position(&p);
        assert_eq!(read(&p, &set_up, Lang::En, "QN-Q2").map(uci).unwrap(), "b1d2");
        assert_eq!(read(&p, &set_up, Lang::En, "KN-Q2").unwrap_err().kind, MoveErrorKind::NoLegalMove);
        assert_eq!(read(&p, &set_up, Lang::En, "N(KB3)-Q2").map(uci).unwrap(), "f3d2");
        assert_eq!(write(&p, &set_up, Lang::En, m), "N(3)-Q2");
        assert_eq!(write(&p, &set_up, Lang::Es, m), "C(3)2D");
    }

    #[test]
    fn the_knight_spelled_kt() {
        let p = Chess::default();
        for tok in ["Kt-KB3", "KKt-B3", "KKt-KB3", "kt-kb3", "Kt - KB 3"] {
            assert_eq!(ok(&p, Lang::En, tok), "g1f3", "{tok}");
        }
        assert_eq!(ok(&p, Lang::En, "QKt-B3"), "b1c3");
        assert_eq!(ok(&p, Lang::En, "KKtP-Kt3"), "g2g3");
        let p = pos("4k3/8/2n5/8/3N4/8/8/4K3 w - - 0 1");
        assert_eq!(ok(&p, Lang::En, "KtxKt"), "d4c6");
    }

    #[test]
    fn origin_qualifiers() {
        // Rooks on a1 and e3 both reach e1.
        let p = pos("7k/8/8/8/8/4R3/6K1/R7 w - - 0 1");
        for tok in ["R(1)-K1", "R/1-K1", "R(QR1)-K1", "R(R1)-K1", "R/QR1-K1", "QR-K1", "QR - K1"] {
            assert_eq!(ok(&p, Lang::En, tok), "a1e1", "{tok}");
        }
        for tok in ["R(3)-K1", "R/K3-K1", "R(K3)-K1"] {
            assert_eq!(ok(&p, Lang::En, tok), "e3e1", "{tok}");
        }
        assert_eq!(err(&p, Lang::En, "R-K1").kind, MoveErrorKind::Ambiguous);
        assert_eq!(err(&p, Lang::En, "KR-K1").kind, MoveErrorKind::NoLegalMove);
        assert_eq!(write_at(&p, Lang::En, "a1e1"), "QR-K1");
        assert_eq!(ok(&p, Lang::Es, "T(1)1R"), "a1e1");
        assert_eq!(ok(&p, Lang::Es, "T(3R)1R"), "e3e1");
        assert_eq!(ok(&p, Lang::Es, "TD1R"), "a1e1");
        // Rooks on a1 and h1, both reaching e1: the wing or the file tells.
        let p = pos("4k3/8/8/8/8/8/6K1/R6R w - - 0 1");
        assert_eq!(ok(&p, Lang::En, "KR-K1"), "h1e1");
        assert_eq!(ok(&p, Lang::En, "R(KR1)-K1"), "h1e1");
        assert_eq!(err(&p, Lang::En, "R(R1)-K1").kind, MoveErrorKind::Ambiguous);
        assert_eq!(err(&p, Lang::Es, "T1R").kind, MoveErrorKind::Ambiguous);
        assert_eq!(ok(&p, Lang::Es, "TD1R"), "a1e1");
        assert_eq!(ok(&p, Lang::Es, "TR1R"), "h1e1");
        // Knights on f3 and b3 reaching d4, Spanish rank-first squares.
        let p = pos("4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1");
        for tok in ["N(KB3)-Q4", "N/KB3-Q4", "N(B3)-Q4", "N/B3-Q4"] {
            assert_eq!(ok(&p, Lang::En, tok), "f3d4", "{tok}");
        }
        assert_eq!(ok(&p, Lang::En, "N(N3)-Q4"), "b3d4");
        assert_eq!(err(&p, Lang::En, "N(Q3)-Q4").kind, MoveErrorKind::NoLegalMove);
        assert_eq!(err(&p, Lang::En, "N(3)-Q4").kind, MoveErrorKind::Ambiguous);
        assert_eq!(ok(&p, Lang::Es, "C(3AR)4D"), "f3d4");
        assert_eq!(ok(&p, Lang::Es, "C(3C)4D"), "b3d4");
        // `C(2D)3C`: the knight on d2 to b3 (the other knight cannot get there).
        let p = pos("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1");
        assert_eq!(ok(&p, Lang::Es, "C(2D)3C"), "d2b3");
        assert_eq!(ok(&p, Lang::Es, "C(2D)3A"), "d2f3");
        assert_eq!(err(&p, Lang::Es, "C3A").kind, MoveErrorKind::Ambiguous);
        // `C(5R)xA`: knights on e5 and b6 can both take the bishop on d7.
        let p = pos("4k3/3b4/1N6/4N3/8/8/8/4K3 w - - 0 1");
        assert_eq!(err(&p, Lang::Es, "CxA").kind, MoveErrorKind::Ambiguous);
        assert_eq!(ok(&p, Lang::Es, "C(5R)xA"), "e5d7");
        assert_eq!(ok(&p, Lang::En, "N(K5)xB"), "e5d7");
        assert_eq!(ok(&p, Lang::En, "N/6xB"), "b6d7");
    }

    #[test]
    fn capture_qualifiers() {
        // Bishop d5 takes a knight on c6 or on e6.
        let p = pos("7k/8/2n1n3/3B4/8/8/8/4K3 w - - 0 1");
        assert_eq!(err(&p, Lang::En, "BxN").kind, MoveErrorKind::Ambiguous);
        for tok in ["BxN/QB6", "BxN(QB6)", "BxN/B6", "B x N (QB6)"] {
            assert_eq!(ok(&p, Lang::En, tok), "d5c6", "{tok}");
        }
        assert_eq!(ok(&p, Lang::En, "BxN(K6)"), "d5e6");
        assert_eq!(write_at(&p, Lang::En, "d5e6"), "BxN(K6)");
        assert_eq!(write_at(&p, Lang::En, "d5c6"), "BxN(B6)");
        assert_eq!(ok(&p, Lang::Es, "AxC(6R)"), "d5e6");
        assert_eq!(write_at(&p, Lang::Es, "d5c6"), "AxC(6A)");
        // Rook d1 takes a rook on d7 or on h1.
        let p = pos("4k3/3r4/8/8/8/8/K7/3R3r w - - 0 1");
        assert_eq!(err(&p, Lang::En, "RxR").kind, MoveErrorKind::Ambiguous);
        assert_eq!(ok(&p, Lang::En, "RxR/7"), "d1d7");
        assert_eq!(ok(&p, Lang::En, "RxR(1)"), "d1h1");
        assert_eq!(ok(&p, Lang::En, "RxR/KR1"), "d1h1");
        assert_eq!(write_at(&p, Lang::En, "d1d7"), "RxR(7)");
        // Queen h1 takes a pawn on h7 or on b7.
        let p = pos("4k3/1p5p/8/8/8/8/8/4K2Q w - - 0 1");
        assert_eq!(ok(&p, Lang::En, "QxP/KR7"), "h1h7");
        assert_eq!(ok(&p, Lang::En, "QxRP"), "h1h7");
        assert_eq!(ok(&p, Lang::En, "QxNP"), "h1b7");
        assert_eq!(ok(&p, Lang::Es, "DxPC"), "h1b7");
        assert_eq!(write_at(&p, Lang::En, "h1b7"), "QxNP");
        // Pawns c4 and e4; black pawns d5 and f5.
        let p = pos("4k3/8/8/3p1p2/2P1P3/8/8/4K3 w - - 0 1");
        assert_eq!(err(&p, Lang::En, "PxP").candidates.len(), 3);
        assert_eq!(err(&p, Lang::En, "KPxP").kind, MoveErrorKind::Ambiguous);
        assert_eq!(err(&p, Lang::En, "PxQP").kind, MoveErrorKind::Ambiguous);
        assert_eq!(ok(&p, Lang::En, "BPxP"), "c4d5");
        assert_eq!(ok(&p, Lang::En, "QBPxP"), "c4d5");
        assert_eq!(ok(&p, Lang::En, "PxBP"), "e4f5");
        assert_eq!(ok(&p, Lang::En, "PxKBP"), "e4f5");
        assert_eq!(ok(&p, Lang::En, "KPxQP"), "e4d5");
        assert_eq!(ok(&p, Lang::Es, "PAxP"), "c4d5");
        assert_eq!(ok(&p, Lang::Es, "PRxPD"), "e4d5");
        assert_eq!(ok(&p, Lang::Es, "PxPA"), "e4f5");
        assert_eq!(write_at(&p, Lang::En, "e4d5"), "KPxQP");
        assert_eq!(write_at(&p, Lang::Es, "e4f5"), "PxPA");
        assert_eq!(write_at(&p, Lang::En, "c4d5"), "BPxP");
    }

    #[test]
    fn a_glued_promotion_letter_can_end_a_captured_pieces_name() {
        // The king's pawn and the rook's pawn take knights, the queen's on
        // d5 and the king's on b5; the knight's pawn takes on the last rank,
        // a knight or a queen, and promotes: with its promotion letter
        // glued, its `PxC` promoting to a queen reads as `PxCD`, its `PxQ`
        // promoting to a knight as `PxQN`.
        let origins = |p: &Chess| {
            let mut o = Origins::from_position(p);
            o.wings[usize::from(Square::D5)] = Some(Wing::Queen);
            o.wings[usize::from(Square::B5)] = Some(Wing::King);
            o
        };
        let p = pos("7n/6P1/8/1n1n4/P3P3/8/k7/4K3 w - - 0 1");
        let o = origins(&p);
        let exd5 = "e4d5".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        assert_eq!(read(&p, &o, Lang::Es, "PxCD").unwrap_err().kind, MoveErrorKind::Ambiguous);
        assert_eq!(write(&p, &o, Lang::Es, exd5), "PRxC");
        assert_eq!(write(&p, &o, Lang::En, exd5), "PxQN");
        let p = pos("7q/6P1/8/1n1n4/P3P3/8/k7/4K3 w - - 0 1");
        let o = origins(&p);
        assert_eq!(read(&p, &o, Lang::En, "PxQN").unwrap_err().kind, MoveErrorKind::Ambiguous);
        assert_eq!(write(&p, &o, Lang::En, exd5), "KPxN");
        assert_eq!(write(&p, &o, Lang::Es, exd5), "PxCD");
    }

    #[test]
    fn promotions_and_underpromotions() {
        let p = pos("1n6/P1P4k/8/8/8/8/8/4K3 w - - 0 1");
        for (tok, want) in [
            ("P-QB8=Q", "c7c8q"),
            ("P-B8=Q", "c7c8q"),
            ("P-B8(Q)", "c7c8q"),
            ("P-B8/Q", "c7c8q"),
            ("P-B8Q", "c7c8q"),
            ("P-B8=N", "c7c8n"),
            ("P-B8=Kt", "c7c8n"),
            ("P-B8(R)", "c7c8r"),
            ("P-B8/B", "c7c8b"),
            ("RPxN=Q", "a7b8q"),
            ("RPxN(Q)", "a7b8q"),
            ("QRPxN/R", "a7b8r"),
            ("RPxNQ", "a7b8q"),
            ("RPxQN=B ch", "a7b8b"),
            ("BPxN=Q", "c7b8q"),
            ("P(B7)xN=N", "c7b8n"),
            ("P-R8=Q", "a7a8q"),
        ] {
            assert_eq!(ok(&p, Lang::En, tok), want, "{tok}");
        }
        for (tok, want) in [
            ("P8A=D", "c7c8q"),
            ("P8AD=T", "c7c8r"),
            ("P8A(C)", "c7c8n"),
            ("P8A/A", "c7c8b"),
            ("P8AD", "c7c8q"),
            ("PTxC=D", "a7b8q"),
            ("PAxC=C", "c7b8n"),
            ("P8T=D+", "a7a8q"),
        ] {
            assert_eq!(ok(&p, Lang::Es, tok), want, "{tok}");
        }
        let e = err(&p, Lang::En, "PxN=Q");
        assert_eq!(e.kind, MoveErrorKind::Ambiguous);
        assert_eq!(e.candidates.len(), 2);
        let e = err(&p, Lang::En, "P-B8");
        assert_eq!(e.kind, MoveErrorKind::PromotionPieceMissing);
        assert_eq!(e.candidates.len(), 4);
        assert!(matches!(err(&p, Lang::En, "P-B8=K").kind, MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, Lang::Es, "P8A=P").kind, MoveErrorKind::Syntax(_)));
        assert_eq!(err(&p, Lang::En, "K-Q2=Q").kind, MoveErrorKind::PromotionMarkOnOtherMove);
        assert_eq!(write_at(&p, Lang::En, "c7c8q"), "P-B8=Q");
        assert_eq!(write_at(&p, Lang::En, "c7c8n"), "P-B8=N");
        assert_eq!(write_at(&p, Lang::Es, "a7b8q"), "PTxC=D");
        assert_eq!(write_at(&p, Lang::En, "a7b8q"), "RPxN=Q");
        // The king-file promotion, as the brief writes it.
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_eq!(ok(&p, Lang::En, "P-K8=Q"), "e7e8q");
        assert_eq!(ok(&p, Lang::En, "P-K8=R"), "e7e8r");
        assert_eq!(ok(&p, Lang::Es, "P8R=D"), "e7e8q");
        assert_eq!(ok(&p, Lang::Es, "P8R=C"), "e7e8n");
        assert_eq!(ok(&p, Lang::Es, "P8RT"), "e7e8r");
        // Black promotes on its eighth rank, White's first.
        let p = pos("4k3/8/8/8/8/8/3p4/K7 b - - 0 1");
        assert_eq!(ok(&p, Lang::En, "P-Q8=Q"), "d2d1q");
        assert_eq!(ok(&p, Lang::Es, "P8D=T"), "d2d1r");
        assert_eq!(err(&p, Lang::Es, "P1D=D").kind, MoveErrorKind::NoLegalMove);
    }

    #[test]
    fn a_promotion_piece_on_a_quiet_move_is_an_error() {
        let p = Chess::default();
        assert_eq!(err(&p, Lang::En, "P-K4=Q").kind, MoveErrorKind::PromotionMarkOnOtherMove);
        assert_eq!(err(&p, Lang::Es, "P4R=D").kind, MoveErrorKind::PromotionMarkOnOtherMove);
    }

    #[test]
    fn en_passant() {
        // Black's f-pawn has just come to f5, beside White's e5.
        let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        for tok in
            ["PxP e.p.", "PxPep", "PxP(ep)", "PxP (e.p.)", "PxP e.p", "PxP", "KPxP e.p.", "PxKBP e.p.", "PxP/B5 e.p."]
        {
            assert_eq!(ok(&p, Lang::En, tok), "e5f6", "{tok}");
        }
        for tok in ["PxP a.p.", "PxPap", "PxP(a.p.)", "PxP e.p.", "PxPA a.p."] {
            assert_eq!(ok(&p, Lang::Es, tok), "e5f6", "{tok}");
        }
        assert_eq!(write_at(&p, Lang::En, "e5f6"), "PxP e.p.");
        assert_eq!(write_at(&p, Lang::Es, "e5f6"), "PxP a.p.");
        // A mark on an ordinary capture is an error.
        let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        let e = err(&p, Lang::En, "PxP e.p.");
        assert_eq!(e.kind, MoveErrorKind::EnPassantMarkOnOtherMove);
        assert_eq!(e.candidates.len(), 1);
        assert_eq!(err(&p, Lang::Es, "PxPap").kind, MoveErrorKind::EnPassantMarkOnOtherMove);
        assert_eq!(ok(&p, Lang::En, "PxP"), "e4d5");
    }

    #[test]
    fn en_passant_with_check_is_written_and_read() {
        // exf6 e.p. opens the e-file onto the black king.
        let p = pos("4k3/8/8/4Pp2/8/8/8/4RK2 w - f6 0 1");
        let w = write_at(&p, Lang::En, "e5f6");
        assert_eq!(w, "PxPch e.p.");
        assert_eq!(ok(&p, Lang::En, &w), "e5f6");
        assert_eq!(write_at(&p, Lang::Es, "e5f6"), "PxP+ a.p.");
        assert_eq!(ok(&p, Lang::En, "PxP e.p. dis ch"), "e5f6");
    }

    #[test]
    fn castling() {
        let p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
        for tok in ["O-O", "0-0", "o-o", "OO", "O-O ch", "Castles KR", "castles(KR)", "Castles K", "CASTLES KR!"] {
            assert_eq!(ok(&p, Lang::En, tok), "e1g1", "{tok}");
        }
        for tok in ["O-O-O", "0-0-0", "Castles QR", "castles Q"] {
            assert_eq!(ok(&p, Lang::En, tok), "e1c1", "{tok}");
        }
        for tok in ["0-0", "O-O", "enroque corto", "Enroque corto!"] {
            assert_eq!(ok(&p, Lang::Es, tok), "e1g1", "{tok}");
        }
        for tok in ["0-0-0", "enroque largo"] {
            assert_eq!(ok(&p, Lang::Es, tok), "e1c1", "{tok}");
        }
        let e = err(&p, Lang::En, "Castles");
        assert_eq!(e.kind, MoveErrorKind::Ambiguous);
        assert_eq!(e.candidates.len(), 2);
        assert_eq!(err(&p, Lang::Es, "enroque").kind, MoveErrorKind::Ambiguous);
        assert_eq!(write_at(&p, Lang::En, "e1g1"), "O-O");
        assert_eq!(write_at(&p, Lang::En, "e1c1"), "O-O-O");
        assert_eq!(write_at(&p, Lang::Es, "e1g1"), "0-0");
        assert_eq!(write_at(&p, Lang::Es, "e1c1"), "0-0-0");
        assert!(matches!(err(&p, Lang::En, "O-O-O-O").kind, MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, Lang::En, "Castles KB").kind, MoveErrorKind::Syntax(_)));
        // Not legal: an error with the king's moves.
        let p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K1R1 w Qkq - 0 1");
        let e = err(&p, Lang::En, "O-O");
        assert_eq!(e.kind, MoveErrorKind::NoLegalMove);
        assert!(e.candidates.iter().all(|m| m.role() == Role::King));
    }

    #[test]
    fn check_and_mate_marks() {
        // The bishop leaves the e-file: discovered check.
        let p = pos("4k3/8/8/8/4B3/8/8/K3R3 w - - 0 1");
        for tok in ["B-Q5 dis ch", "B-Q5 dis. ch.", "B-Q5disch", "B-Q5 ch", "B-Q5+", "B-Q5!", "B-Q5 dbl ch"] {
            assert_eq!(ok(&p, Lang::En, tok), "e4d5", "{tok}");
        }
        assert_eq!(ok(&p, Lang::Es, "A5D+"), "e4d5");
        // Back-rank mate.
        let p = pos("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
        for tok in ["R-Q8 mate", "R-Q8mate", "R-Q8 MATE", "R-Q8#", "R-Q8++", "R-Q8 mate!", "R-Q8 ch mate"] {
            assert_eq!(ok(&p, Lang::En, tok), "d1d8", "{tok}");
        }
        assert_eq!(write_at(&p, Lang::En, "d1d8"), "R-Q8 mate");
        assert_eq!(write_at(&p, Lang::Es, "d1d8"), "T8D++");
        assert_eq!(ok(&p, Lang::Es, "T8D++"), "d1d8");
        let p = pos("7k/8/8/8/8/8/8/1Q4K1 w - - 0 1");
        assert_eq!(write_at(&p, Lang::En, "b1b8"), "Q-N8ch");
        assert_eq!(write_at(&p, Lang::Es, "b1b8"), "D8C+");
    }

    #[test]
    fn syntax_errors() {
        let p = Chess::default();
        let o = Origins::from_position(&p);
        for tok in [
            "",
            " ",
            "+",
            "!!",
            "ch",
            "mate",
            "Nf3",
            "e4",
            "N-f3",
            "X-K4",
            "P-K9",
            "P-K0",
            "N((KB3))-Q4",
            "N(KB3-Q4",
            "N)KB3(-Q4",
            "N()-Q4",
            "P-K8=",
            "P-K8=K",
            "P",
            "N-KB",
            "é",
            "P-K4\u{0}",
            "O-O-O-O",
        ] {
            let e = read(&p, &o, Lang::En, tok).expect_err(tok);
            assert!(matches!(e.kind, MoveErrorKind::Syntax(_)), "{tok}: {e}");
        }
        assert!(matches!(read(&p, &o, Lang::Es, "N-KB3").unwrap_err().kind, MoveErrorKind::Syntax(_)));
        assert!(matches!(read(&p, &o, Lang::En, "C3AR").unwrap_err().kind, MoveErrorKind::Syntax(_)));
        assert!(matches!(read(&p, &o, Lang::De, "P-K4").unwrap_err().kind, MoveErrorKind::Syntax(_)));
        let long = "P-K4".repeat(17);
        assert!(matches!(read(&p, &o, Lang::En, &long).unwrap_err().kind, MoveErrorKind::Syntax(_)));
        assert_eq!(read(&p, &o, Lang::En, "P-K5").unwrap_err().kind, MoveErrorKind::NoLegalMove);
        assert_eq!(read(&p, &o, Lang::En, "P-K5").unwrap_err().candidates.len(), 16);
        // Other languages are written in English.
        let m = "g1f3".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        assert_eq!(write(&p, &o, Lang::De, m), "N-KB3");
    }

    proptest::proptest! {
        #[test]
        fn reading_never_panics(token in "\\PC{0,80}") {
            let p = pos("r3k2r/1P3pp1/8/3pP3/8/2N2N2/6p1/R3K2R w KQkq d6 0 1");
            let o = Origins::from_position(&p);
            let _ = read(&p, &o, Lang::En, &token);
            let _ = read(&p, &o, Lang::Es, &token);
        }

        #[test]
        fn reading_descriptive_looking_noise_never_panics(token in "[KQRBNPTDACX0-9()/=+#!?. -]{0,24}") {
            let p = pos("r3k2r/1P3pp1/8/3pP3/8/2N2N2/6p1/R3K2R w KQkq d6 0 1");
            let o = Origins::from_position(&p);
            let _ = read(&p, &o, Lang::En, &token);
            let _ = read(&p, &o, Lang::Es, &token);
        }
    }

    /// A tiny deterministic random number generator.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Plays `games` random games of up to 200 plies from `seed`, preferring
    /// promotions, castling and en passant captures when there are any; every
    /// move, written in English and in Spanish, must read back to itself.
    fn round_trip_random_games(seed: u64, games: usize) {
        let mut rng = XorShift(seed);
        let (mut plies, mut promotions, mut castles, mut en_passants) = (0, 0, 0, 0);
        for _ in 0..games {
            let mut p = Chess::default();
            let mut origins = Origins::from_position(&p);
            for _ in 0..200 {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let special: Vec<Move> =
                    legal.iter().copied().filter(|m| m.is_promotion() || m.is_castle() || m.is_en_passant()).collect();
                let m = if !special.is_empty() && rng.below(2) == 0 {
                    special[rng.below(special.len())]
                } else {
                    legal[rng.below(legal.len())]
                };
                for lang in [Lang::En, Lang::Es] {
                    let text = write(&p, &origins, lang, m);
                    let fen = || Fen::from_position(&p, shakmaty::EnPassantMode::Legal);
                    match read(&p, &origins, lang, &text) {
                        Ok(back) => assert_eq!(back, m, "{lang} {text} in {}", fen()),
                        Err(e) => panic!("{lang} {text} in {}: {e}", fen()),
                    }
                }
                plies += 1;
                promotions += usize::from(m.is_promotion());
                castles += usize::from(m.is_castle());
                en_passants += usize::from(m.is_en_passant());
                origins.play(&p, m);
                p.play_unchecked(m);
            }
        }
        assert!(plies > games * 100, "{plies} plies");
        eprintln!("{plies} plies, {promotions} promotions, {castles} castlings, {en_passants} en passant");
        assert!(promotions > games / 2 && castles > games / 4 && en_passants > 0, "too few special moves");
    }

    // 200 games in all, in four tests that can run at the same time.
    #[test]
    fn random_games_round_trip_1() {
        round_trip_random_games(0x9E37_79B9_7F4A_7C15, 50);
    }

    #[test]
    fn random_games_round_trip_2() {
        round_trip_random_games(0xD1B5_4A32_D192_ED03, 50);
    }

    #[test]
    fn random_games_round_trip_3() {
        round_trip_random_games(0x8CB9_2BA7_2F3D_8DD7, 50);
    }

    #[test]
    fn random_games_round_trip_4() {
        round_trip_random_games(0x2545_F491_4F6C_DD1D, 50);
    }
}
