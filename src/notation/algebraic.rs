//! Algebraic notation: short (FIDE Appendix C), long, figurine and UCI.
//!
//! One tolerant reader serves all of them, since every short, long and UCI
//! move is a piece letter (or none), an optional origin, an optional capture
//! sign and a destination. The piece letters come from the language; a letter
//! of another language is an error, never a pawn move (`Sf3` in English names
//! no move; in German it is a knight move).
//!
//! Accepted on input: capture `x`, `X`, `:`, `×` or none; castling with `O`,
//! `0` or `o`, with or without dashes; check `+`, `†`, `ch`; mate `#`, `++`,
//! `‡`; en passant `e.p.`, `e.p`, `ep`, `a.p.`, `a.p`, glued or (through the
//! game reader) as the next word; promotion `d8D`, `d8=D`, `d8(D)`, `d8/D`, and
//! the lower-case letter of UCI; the pawn capture by files `ed`, `exd`; the
//! annotation glyphs `! ? !! ?? !? ?!`.

use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, CastlingSide, Chess, File, Move, Position, Rank, Role, Square, san::San};

use super::{Lang, Pieces};
use super::lang::role_of_figurine;
use super::pattern::{MoveError, Pattern, Syntax, Target};

/// Longest move token read (`Qd1xd4e.p.+!?` is 13 bytes).
const MAX_LEN: usize = 32;

/// Marker bytes for figurines in the normalised token: role index + 1.
const FIGURINE_BASE: u8 = 0x01;

/// Reads an algebraic move (short, long or UCI) with the piece signs
/// `pieces` (a [`Lang`]'s letters, or [`Pieces`]); figurines are read in
/// every dialect.
#[inline(always)]
pub fn read(pos: &Chess, token: &str, pieces: impl Into<Pieces>) -> Result<Move, MoveError> {
    let pieces = pieces.into();
    // Most moves are read straight against the position; the rest, and
    // any doubt, go the general way.
    match read_quick(pos, token.as_bytes(), pieces) {
        Some(m) => Ok(m),
        None => read_general(pos, token, pieces),
    }
}

/// [`read`] without [`read_quick`]: the text parsed into a pattern, which
/// is then found among the legal moves.
#[inline(never)]
fn read_general(pos: &Chess, token: &str, pieces: Pieces) -> Result<Move, MoveError> {
    // The common shapes are parsed as `parse` parses them first, without
    // its result around the pattern.
    match parse_plain(token.as_bytes(), pieces) {
        Some(p) => p.find(pos),
        None => parse(token, pieces)?.find(pos),
    }
}

/// The move that [`read_general`] reads in the token `b`, for the shapes
/// most moves are written in, read straight against the position: a
/// pawn's push (`e4`) or capture (`exd5`) that does not promote, and a
/// piece's move (`Nf3`, `Nxe5`, `Nbd2`, `R1e2`, `Kf1`) that one piece of
/// its kind on the file or rank written makes; each with `+` or `#` or
/// neither. The move is legal when its king is not attacked after it (the
/// test of [`Pattern`]'s shortcut), and then it is the only legal move
/// the text can mean. Castling written `O-O` or `O-O-O` is the side's one
/// castling move. `None` leaves the token to the general way: any
/// other shape, a square already taken by the side to move, a capture
/// sign on a quiet move, en passant, two pieces that fit, a move that
/// leaves its king attacked.
#[inline(always)]
pub(crate) fn read_quick(pos: &Chess, b: &[u8], pieces: Pieces) -> Option<Move> {
    let b = match b {
        [rest @ .., b'+' | b'#'] => rest,
        _ => b,
    };
    // Castling, written with the letter O: the one castling move of that
    // side, if there is one.
    let side = match b {
        b"O-O" => Some(CastlingSide::KingSide),
        b"O-O-O" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = side {
        return match pos.castling_moves(side)[..] {
            [m] => Some(m),
            _ => None,
        };
    }
    let [prefix @ .., f, r] = b else { return None };
    let (f, r) = (*f, *r);
    if !matches!(f, b'a'..=b'h') || !matches!(r, b'1'..=b'8') {
        return None;
    }
    let to = square(f, r);
    let board = pos.board();
    let turn = pos.turn();
    let us = board.by_color(turn);
    if us.contains(to) {
        return None;
    }
    let occupied = board.occupied();
    let captured = board.role_at(to);
    let white = turn == shakmaty::Color::White;
    let last_rank = r == b'1' || r == b'8';
    let (role, from) = match *prefix {
        [] => {
            // A pawn's push onto an empty square.
            if captured.is_some() || last_rank || pos.maybe_ep_square() == Some(to) {
                return None;
            }
            let pawns = board.pawns() & us;
            let back = if white { -8 } else { 8 };
            let one = to.offset(back)?;
            if pawns.contains(one) {
                (Role::Pawn, one)
            } else {
                let double_rank = if white { b'4' } else { b'5' };
                if r != double_rank || occupied.contains(one) {
                    return None;
                }
                let two = one.offset(back)?;
                if !pawns.contains(two) {
                    return None;
                }
                (Role::Pawn, two)
            }
        }
        [pf, b'x'] if matches!(pf, b'a'..=b'h') => {
            // A pawn's capture from the next file.
            if captured.is_none() || last_rank || pf.abs_diff(f) != 1 {
                return None;
            }
            let from = square(pf, if white { r - 1 } else { r + 1 });
            if !(board.pawns() & us).contains(from) {
                return None;
            }
            (Role::Pawn, from)
        }
        [piece, ref tail @ ..] if piece.is_ascii_uppercase() => {
            let role = pieces.role_of_letter(piece).filter(|r| *r != Role::Pawn)?;
            let tail = match tail {
                [t @ .., b'x'] => {
                    if captured.is_none() {
                        return None;
                    }
                    t
                }
                t => t,
            };
            let reach = match role {
                Role::Knight => shakmaty::attacks::knight_attacks(to),
                Role::Bishop => shakmaty::attacks::bishop_attacks(to, occupied),
                Role::Rook => shakmaty::attacks::rook_attacks(to, occupied),
                Role::Queen => shakmaty::attacks::queen_attacks(to, occupied),
                Role::King => shakmaty::attacks::king_attacks(to),
                Role::Pawn => return None,
            };
            let mut origins = reach & board.by_role(role) & us;
            match *tail {
                [] => {}
                [d @ b'a'..=b'h'] => origins &= Bitboard::from_file(File::new(u32::from(d - b'a'))),
                [d @ b'1'..=b'8'] => origins &= Bitboard::from_rank(Rank::new(u32::from(d - b'1'))),
                _ => return None,
            }
            (role, origins.single_square()?)
        }
        _ => return None,
    };
    // Legal when no piece of the other side attacks the king afterwards
    // (the piece taken attacks nothing).
    let king = if role == Role::King { to } else { board.king_of(turn)? };
    let to_bb = Bitboard::from_square(to);
    let after = (occupied ^ Bitboard::from_square(from)) | to_bb;
    let them = board.by_color(!turn) & !to_bb;
    let attackers = (shakmaty::attacks::rook_attacks(king, after) & board.rooks_and_queens())
        | (shakmaty::attacks::bishop_attacks(king, after) & board.bishops_and_queens())
        | (shakmaty::attacks::knight_attacks(king) & board.knights())
        | (shakmaty::attacks::king_attacks(king) & board.kings())
        | (shakmaty::attacks::pawn_attacks(turn, king) & board.pawns());
    if (attackers & them).any() {
        return None;
    }
    Some(Move::Normal { role, from, capture: captured, to, promotion: None })
}

/// Parses an algebraic move into what it states, without a position.
pub fn parse(token: &str, lang: Pieces) -> Result<Pattern, MoveError> {
    if let Some(p) = parse_plain(token.as_bytes(), lang) {
        return Ok(p);
    }
    // `exd6 e.p.`: the en passant mark may stand as a word of its own.
    if let Some(i) = token.bytes().position(|c| c == b' ') {
        let (head, tail) = (&token[..i], token[i..].trim());
        if matches!(tail, "e.p." | "e.p" | "ep" | "a.p." | "a.p") && !head.contains(char::is_whitespace) {
            return parse(&format!("{head}{tail}"), lang);
        }
    }
    let mut buf = [0u8; MAX_LEN];
    let mut b = normalise(token, &mut buf)?;
    let mut en_passant = false;

    // Marks after the move, in any order: annotations, check and mate, e.p.
    loop {
        match b {
            [rest @ .., b'!' | b'?'] | [rest @ .., b'+' | b'#'] => b = rest,
            [rest @ .., b'c', b'h'] if !rest.is_empty() => b = rest,
            [rest @ .., b'e' | b'a', b'.', b'p', b'.'] | [rest @ .., b'e' | b'a', b'.', b'p'] | [rest @ .., b'e', b'p']
                if !rest.is_empty() =>
            {
                en_passant = true;
                b = rest;
            }
            _ => break,
        }
    }
    if b.is_empty() {
        return Err(MoveError::syntax(Syntax::OnlyMarks));
    }

    if let Some(side) = castling(b) {
        let mut p = Pattern::castle(side);
        p.en_passant = en_passant;
        return Ok(p);
    }

    // Promotion piece at the end: `d8D`, `d8=D`, `d8(D)`, `d8/D`, `e7e8q`.
    let mut promotion = None;
    if let [rest @ .., b'(', l, b')'] = b {
        promotion = Some(promotion_role(*l, lang).ok_or(MoveError::syntax(Syntax::UnknownPromotion))?);
        b = rest;
    } else if let [rest @ .., l] = b {
        if let Some(role) = promotion_role(*l, lang) {
            match rest {
                [r @ .., b'=' | b'/'] => {
                    promotion = Some(role);
                    b = r;
                }
                [.., b'1' | b'8'] => {
                    promotion = Some(role);
                    b = rest;
                }
                _ => {}
            }
        } else if let [r @ .., b'=' | b'/'] = rest
            && r.last().is_some_and(u8::is_ascii_digit) {
                return Err(MoveError::syntax(Syntax::UnknownPromotion));
            }
    }
    if promotion == Some(Role::King) || promotion == Some(Role::Pawn) {
        return Err(MoveError::syntax(Syntax::PromotesToKingOrPawn));
    }

    // Destination square, or only a file for the short pawn capture `ed`.
    let (prefix, target) = match b {
        [rest @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] => (rest, Target::Square(square(*f, *r))),
        [from @ b'a'..=b'h', sep @ .., to @ b'a'..=b'h'] if matches!(sep, [] | [b'x' | b'X' | b':']) => {
            let p = Pattern {
                role: Some(Role::Pawn),
                from_file: Some(File::new(u32::from(*from - b'a'))),
                from_rank: None,
                target: Target::File(File::new(u32::from(*to - b'a'))),
                capture: Some(true),
                promotion,
                en_passant,
            };
            if from == to {
                return Err(MoveError::syntax(Syntax::PawnCaptureChangesFile));
            }
            return Ok(p);
        }
        _ => return Err(MoveError::syntax(Syntax::NoDestination)),
    };

    // Before the destination: [piece] [file] [rank] [separator].
    let mut p = prefix;
    let mut capture = None;
    if let [rest @ .., sep] = p {
        match sep {
            b'x' | b'X' | b':' => {
                capture = Some(true);
                p = rest;
            }
            b'-' => p = rest,
            _ => {}
        }
    }
    let mut role = None;
    if let [first, rest @ ..] = p {
        if let Some(r) = piece_role(*first, lang) {
            role = Some(r);
            p = rest;
        } else if first.is_ascii_uppercase() {
            return Err(MoveError::syntax(piece_letter_error(lang)));
        }
    }
    let mut from_file = None;
    let mut from_rank = None;
    if let [f @ b'a'..=b'h', rest @ ..] = p {
        from_file = Some(File::new(u32::from(*f - b'a')));
        p = rest;
    }
    if let [r @ b'1'..=b'8', rest @ ..] = p {
        from_rank = Some(Rank::new(u32::from(*r - b'1')));
        p = rest;
    }
    if !p.is_empty() {
        return Err(MoveError::syntax(Syntax::UnreadableBeforeDestination));
    }
    if prefix.last() == Some(&b'-') && from_file.is_none() && from_rank.is_none() {
        return Err(MoveError::syntax(Syntax::DashWithoutOrigin));
    }
    let role = match role {
        Some(r) => Some(r),
        // Only coordinates (`e2e4`, `g1f3`): any piece on the origin square.
        None if from_file.is_some() && from_rank.is_some() => None,
        None if from_rank.is_some() => return Err(MoveError::syntax(Syntax::PawnStartsWithRank)),
        None => Some(Role::Pawn),
    };
    Ok(Pattern { role, from_file, from_rank, target, capture, promotion, en_passant })
}

/// The shapes most moves are written in (`e4`, `Nf3`, `exd5`, `Nxe5+`,
/// `Rae1`, `N5f3`), read without the general parser. Anything else, or any
/// doubt, returns `None` and goes the general way, which reads these shapes
/// identically (the property tests compare both through every dialect).
#[inline]
fn parse_plain(b: &[u8], lang: Pieces) -> Option<Pattern> {
    let b = match b {
        [rest @ .., b'+' | b'#'] => rest,
        _ => b,
    };
    let is_file = |c: u8| (b'a'..=b'h').contains(&c);
    let is_rank = |c: u8| (b'1'..=b'8').contains(&c);
    let (&r, rest) = b.split_last()?;
    let (&f, prefix) = rest.split_last()?;
    if !is_file(f) || !is_rank(r) {
        return None;
    }
    // A pawn reaching the first or last rank promotes: the general path.
    let pawn = prefix.first().is_none_or(|c| c.is_ascii_lowercase());
    if pawn && (r == b'1' || r == b'8') {
        return None;
    }
    let target = Target::Square(square(f, r));
    let file = |c: u8| File::new(u32::from(c - b'a'));
    let mut p = Pattern { role: Some(Role::Pawn), from_file: None, from_rank: None, target, capture: None, promotion: None, en_passant: false };
    match prefix {
        [] => {}
        [pf, b'x'] if is_file(*pf) && *pf != f => {
            p.from_file = Some(file(*pf));
            p.capture = Some(true);
        }
        [piece, tail @ ..] if piece.is_ascii_uppercase() => {
            let role = lang.role_of_letter(*piece).filter(|r| *r != Role::Pawn)?;
            p.role = Some(role);
            let tail = match tail {
                [t @ .., b'x'] => {
                    p.capture = Some(true);
                    t
                }
                t => t,
            };
            match tail {
                [] => {}
                [d] if is_file(*d) => p.from_file = Some(file(*d)),
                [d] if is_rank(*d) => p.from_rank = Some(Rank::new(u32::from(*d - b'1'))),
                _ => return None,
            }
        }
        _ => return None,
    }
    Some(p)
}

#[inline(always)]
fn square(f: u8, r: u8) -> Square {
    Square::from_coords(File::new(u32::from(f - b'a')), Rank::new(u32::from(r - b'1')))
}

fn castling(b: &[u8]) -> Option<CastlingSide> {
    let is_o = |c: &u8| matches!(c, b'O' | b'0' | b'o');
    if !b.first().is_some_and(is_o) || !b.last().is_some_and(is_o) || b.windows(2).any(|w| w == b"--") {
        return None;
    }
    if !b.iter().all(|c| *c == b'-' || is_o(c)) {
        return None;
    }
    match b.iter().filter(|c| is_o(c)).count() {
        2 => Some(CastlingSide::KingSide),
        3 => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

#[inline]
fn piece_role(c: u8, lang: Pieces) -> Option<Role> {
    if (FIGURINE_BASE..FIGURINE_BASE + 6).contains(&c) {
        return Some(ROLES[usize::from(c - FIGURINE_BASE)]);
    }
    if c.is_ascii_uppercase() { lang.role_of_letter(c) } else { None }
}

fn promotion_role(c: u8, lang: Pieces) -> Option<Role> {
    if let Some(r) = piece_role(c, lang) {
        return Some(r);
    }
    if c.is_ascii_lowercase() {
        // UCI writes the promotion piece in lower case; so do some hands.
        let upper = c.to_ascii_uppercase();
        if let Some(r) = lang.role_of_letter(upper) {
            return Some(r);
        }
        if lang == Pieces::Figurines {
            return Lang::En.role_of_letter(upper);
        }
    }
    None
}

fn piece_letter_error(lang: Pieces) -> Syntax {
    let Pieces::Letters(lang) = lang else { return Syntax::FigurineExpected };
    match lang {
        Lang::En => Syntax::NotEnglishLetter,
        Lang::Es => Syntax::NotSpanishLetter,
        Lang::Pt | Lang::PtBr => Syntax::NotPortugueseLetter,
        Lang::Fr => Syntax::NotFrenchLetter,
        Lang::De => Syntax::NotGermanLetter,
        Lang::It => Syntax::NotItalianLetter,
        Lang::Nl => Syntax::NotDutchLetter,
    }
}

const ROLES: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

/// Copies `token` into `buf` as bytes, mapping figurines to marker bytes and
/// typographic signs to their ASCII forms.
fn normalise<'a>(token: &str, buf: &'a mut [u8; MAX_LEN]) -> Result<&'a [u8], MoveError> {
    let mut n = 0;
    let mut push = |c: u8, n: &mut usize| -> Result<(), MoveError> {
        if *n == MAX_LEN {
            return Err(MoveError::syntax(Syntax::TooLong));
        }
        buf[*n] = c;
        *n += 1;
        Ok(())
    };
    if token.is_ascii() {
        for &c in token.as_bytes() {
            if !c.is_ascii_graphic() {
                return Err(MoveError::syntax(Syntax::SpaceInside));
            }
            push(c, &mut n)?;
        }
    } else {
        for ch in token.chars() {
            let c = match ch {
                c if c.is_ascii_graphic() => c as u8,
                '×' => b'x',
                '–' | '—' | '‐' | '‑' | '−' => b'-',
                '†' => b'+',
                '‡' => b'#',
                c => match role_of_figurine(c) {
                    Some(role) => FIGURINE_BASE + (role as u8 - 1),
                    None => return Err(MoveError::syntax(Syntax::StrayCharacter)),
                },
            };
            push(c, &mut n)?;
        }
    }
    Ok(&buf[..n])
}

/// The written form of a piece in `lang`.
fn push_piece(out: &mut String, role: Role, lang: Pieces) {
    out.push(lang.letter(role));
}

fn push_promotion(out: &mut String, role: Role, lang: Pieces) {
    // PGN (English) and figurine texts write `=Q`; Appendix C writes `d8D`.
    if matches!(lang, Pieces::PGN | Pieces::Figurines) {
        out.push('=');
    }
    push_piece(out, role, lang);
}

fn push_castle(out: &mut String, side: CastlingSide, lang: Pieces) {
    // PGN uses the letter O; Appendix C the digit zero.
    let o = if lang == Pieces::PGN { "O-O" } else { "0-0" };
    out.push_str(o);
    if side == CastlingSide::QueenSide {
        out.push_str(&o[1..]);
    }
}

fn push_suffix(out: &mut String, m: Move, after: &Chess, lang: Pieces) {
    // A check is mate when no legal move is left (one look for checkers).
    if after.is_check() {
        out.push(if super::is_mate_in_check(after) { '#' } else { '+' });
    }
    // Appendix C adds `e.p.` (the Spanish text `a.p.`, "al paso");
    // PGN has no such mark.
    if m.is_en_passant() && !matches!(lang, Pieces::PGN | Pieces::Figurines) {
        out.push_str(if lang == Pieces::Letters(Lang::Es) { " a.p." } else { " e.p." });
    }
}

/// Writes `m` in short algebraic notation.
pub(crate) fn write_san(before: &Chess, m: Move, after: &Chess, lang: Pieces, out: &mut String) {
    // The common moves straight from the move, as `San` writes them: a
    // pawn names its file when it captures; a piece names its origin
    // only when another of its kind reaches the square.
    match m {
        Move::Normal { role: Role::Pawn, from, capture, to, promotion } => {
            if capture.is_some() {
                out.push(from.file().char());
                out.push('x');
            }
            push_square(out, to);
            if let Some(p) = promotion {
                push_promotion(out, p, lang);
            }
        }
        Move::EnPassant { from, to } => {
            out.push(from.file().char());
            out.push('x');
            push_square(out, to);
        }
        Move::Normal { role, from, capture, to, promotion } => {
            push_piece(out, role, lang);
            let piece = shakmaty::Piece { color: before.turn(), role };
            let reach = shakmaty::attacks::attacks(to, piece, before.board().occupied()) & before.our(role);
            let rivals = role != Role::King && reach != shakmaty::Bitboard::from_square(from);
            if rivals && let San::Normal { file, rank, .. } = San::from_move(before, m) {
                if let Some(f) = file {
                    out.push(f.char());
                }
                if let Some(r) = rank {
                    out.push(r.char());
                }
            }
            if capture.is_some() {
                out.push('x');
            }
            push_square(out, to);
            if let Some(p) = promotion {
                push_promotion(out, p, lang);
            }
        }
        _ => write_san_of(before, m, lang, out),
    }
    push_suffix(out, m, after, lang);
}

/// Writes `m` through shakmaty's `San` (castling), without the suffix.
fn write_san_of(before: &Chess, m: Move, lang: Pieces, out: &mut String) {
    match san_of(before, m) {
        San::Normal { role, file, rank, capture, to, promotion } => {
            if role != Role::Pawn {
                push_piece(out, role, lang);
            }
            if let Some(f) = file {
                out.push(f.char());
            }
            if let Some(r) = rank {
                out.push(r.char());
            }
            if capture {
                out.push('x');
            }
            to.append_to_string(out);
            if let Some(p) = promotion {
                push_promotion(out, p, lang);
            }
        }
        San::Castle(side) => push_castle(out, side, lang),
        San::Put { .. } | San::Null => unreachable!("no drops or null moves in a played game"),
    }
}

/// The SAN of `m`, legal in `pos`. A pawn's or a king's move never names
/// its origin but for a pawn's capture, nor does a piece's when no other
/// piece of its kind reaches the square even ignoring pins: then the legal
/// moves are not generated.
fn san_of(pos: &Chess, m: Move) -> San {
    let none = shakmaty::MoveList::new;
    match m {
        Move::Normal { role: Role::Pawn | Role::King, .. } => San::disambiguate(m, &none()),
        Move::Normal { role, from, to, .. } => {
            let piece = shakmaty::Piece { color: pos.turn(), role };
            let reach = shakmaty::attacks::attacks(to, piece, pos.board().occupied()) & pos.our(role);
            if reach == shakmaty::Bitboard::from_square(from) { San::disambiguate(m, &none()) } else { San::from_move(pos, m) }
        }
        _ => San::from_move(pos, m),
    }
}

/// Writes `m` in long algebraic notation: piece, origin, `-` or `x`, destination.
pub(crate) fn write_lan(m: Move, after: &Chess, lang: Pieces, out: &mut String) {
    if let Some(side) = m.castling_side() {
        push_castle(out, side, lang);
    } else {
        if m.role() != Role::Pawn {
            push_piece(out, m.role(), lang);
        }
        m.from().expect("no drops").append_to_string(out);
        out.push(if m.is_capture() { 'x' } else { '-' });
        m.to().append_to_string(out);
        if let Some(p) = m.promotion() {
            push_promotion(out, p, lang);
        }
    }
    push_suffix(out, m, after, lang);
}

/// Writes `m` as a UCI move (castling as the king's two-square move).
#[inline]
pub(crate) fn write_uci(m: Move, out: &mut String) {
    write_uci_in(m, shakmaty::CastlingMode::Standard, out);
}

/// Writes `m` as a UCI move in a game of castling `mode`: in Chess960
/// castling is written as the king taking its own rook (`e1h1`).
#[inline]
pub(crate) fn write_uci_in(m: Move, mode: shakmaty::CastlingMode, out: &mut String) {
    let (from, to, promotion) = match m {
        Move::Normal { from, to, promotion, .. } => (from, to, promotion),
        Move::EnPassant { from, to } => (from, to, None),
        other => {
            UciMove::from_move(other, mode).append_to_string(out);
            return;
        }
    };
    push_square(out, from);
    push_square(out, to);
    if let Some(role) = promotion {
        out.push(role.char());
    }
}

/// Writes `m` as a UCI move followed by a space onto the bytes `out`, as
/// [`write_uci_in`] and a pushed `' '` write it: the squares' names made
/// from their numbers, the word copied at once.
#[inline(always)]
pub(crate) fn push_uci_word(m: Move, mode: shakmaty::CastlingMode, out: &mut Vec<u8>) {
    let (from, to, promotion) = match m {
        Move::Normal { from, to, promotion, .. } => (from, to, promotion),
        Move::EnPassant { from, to } => (from, to, None),
        other => match UciMove::from_move(other, mode) {
            UciMove::Normal { from, to, promotion } => (from, to, promotion),
            uci => {
                let mut s = String::new();
                uci.append_to_string(&mut s);
                out.extend_from_slice(s.as_bytes());
                out.push(b' ');
                return;
            }
        },
    };
    let name = |sq: Square| {
        let i = sq.to_u32() as u8;
        [b'a' + (i & 7), b'1' + (i >> 3)]
    };
    let ([a, b], [c, d]) = (name(from), name(to));
    match promotion {
        None => out.extend_from_slice(&[a, b, c, d, b' ']),
        Some(role) => out.extend_from_slice(&[a, b, c, d, role.char() as u8, b' ']),
    }
}

/// Writes a square's name, `a1` to `h8`: two ASCII bytes pushed one by
/// one (cheaper than copying a two-byte string from a table).
#[inline]
fn push_square(out: &mut String, sq: Square) {
    out.push(sq.file().char());
    out.push(sq.rank().char());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::MoveErrorKind;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, uci::UciMove};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    fn uci(p: &Chess, token: &str, lang: impl Into<Pieces>) -> String {
        match read(p, token, lang) {
            Ok(m) => UciMove::from_standard(m).to_string(),
            Err(e) => panic!("{token}: {e} {:?}", e.candidates),
        }
    }

    fn err(p: &Chess, token: &str, lang: impl Into<Pieces>) -> MoveErrorKind {
        read(p, token, lang).expect_err(token).kind
    }

    #[test]
    fn piece_letters_of_every_language() {
        let p = Chess::default();
        for (lang, tok) in [
            (Pieces::Letters(Lang::En), "Nf3"),
            (Pieces::Letters(Lang::Es), "Cf3"),
            (Pieces::Letters(Lang::Pt), "Cf3"),
            (Pieces::Letters(Lang::Fr), "Cf3"),
            (Pieces::Letters(Lang::De), "Sf3"),
            (Pieces::Letters(Lang::It), "Cf3"),
            (Pieces::Letters(Lang::Nl), "Pf3"),
            (Pieces::Figurines, "♘f3"),
            (Pieces::Figurines, "♞f3"),
            (Pieces::Letters(Lang::En), "♘f3"),
        ] {
            assert_eq!(uci(&p, tok, lang), "g1f3", "{lang} {tok}");
        }
    }

    #[test]
    fn a_foreign_letter_is_never_a_pawn_move() {
        let p = Chess::default();
        assert!(matches!(err(&p, "Sf3", Lang::En), MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, "Nf3", Lang::De), MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, "Cf3", Lang::En), MoveErrorKind::Syntax(_)));
    }

    #[test]
    fn capture_signs_and_none() {
        let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        for tok in ["exd5", "eXd5", "e:d5", "e×d5", "ed5", "ed", "exd", "e:d", "e4xd5", "e4:d5", "e4d5"] {
            assert_eq!(uci(&p, tok, Lang::En), "e4d5", "{tok}");
        }
    }

    #[test]
    fn a_capture_sign_on_a_quiet_move_is_an_error() {
        let p = Chess::default();
        assert_eq!(err(&p, "Nxf3", Lang::En), MoveErrorKind::CaptureMarkOnQuietMove);
    }

    #[test]
    fn castling_spellings() {
        let p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
        for tok in ["O-O", "0-0", "o-o", "OO", "00", "O-O+", "0-0!"] {
            assert_eq!(uci(&p, tok, Lang::En), "e1g1", "{tok}");
        }
        for tok in ["O-O-O", "0-0-0", "o-o-o", "000", "0–0–0"] {
            assert_eq!(uci(&p, tok, Lang::Es), "e1c1", "{tok}");
        }
        assert_eq!(uci(&p, "Ke1g1", Lang::En), "e1g1");
        assert_eq!(uci(&p, "e1g1", Lang::En), "e1g1");
        assert_eq!(uci(&p, "e1h1", Lang::En), "e1g1");
        assert_eq!(uci(&p, "Re1-c1", Lang::Es), "e1c1");
    }

    #[test]
    fn check_and_mate_marks_are_ignored() {
        let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
        for tok in ["Qh4#", "Qh4++", "Qh4+", "Qh4ch", "Qh4‡", "Qh4", "Qd8h4#", "Qd8-h4++", "Qh4#!!"] {
            assert_eq!(uci(&p, tok, Lang::En), "d8h4", "{tok}");
        }
        assert_eq!(uci(&p, "Dh4++", Lang::Es), "d8h4");
    }

    #[test]
    fn en_passant_marks() {
        let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        for tok in ["exd6", "exd6 e.p.", "exd6e.p.", "exd6ep", "exd6e.p", "exd6a.p.", "e5xd6e.p.", "ed6", "ed"] {
            assert_eq!(uci(&p, tok, Lang::Es), "e5d6", "{tok}");
        }
        let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(err(&p, "exd5 e.p.".replace(' ', "").as_str(), Lang::En), MoveErrorKind::EnPassantMarkOnOtherMove);
    }

    #[test]
    fn the_short_pawn_capture_is_refused_when_ambiguous() {
        // Pawns on c4 and e4 can both take on d5: `xd5` must name the file.
        let p = pos("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
        assert_eq!(uci(&p, "cd", Lang::En), "c4d5");
        // Without the file, both captures arrive on d5.
        assert_eq!(err(&p, "d5", Lang::En), MoveErrorKind::Ambiguous);
        // Doubled pawns that can both capture toward the d-file.
        let p = pos("4k3/8/8/3p4/4P3/3p4/4P3/4K3 w - - 0 1");
        let e = read(&p, "ed", Lang::En).unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::Ambiguous);
        assert_eq!(e.candidates.len(), 2);
    }

    #[test]
    fn promotion_spellings() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        for (lang, tok, want) in [
            (Pieces::Letters(Lang::En), "e8=Q", "e7e8q"),
            (Pieces::Letters(Lang::En), "e8Q", "e7e8q"),
            (Pieces::Letters(Lang::En), "e8(Q)", "e7e8q"),
            (Pieces::Letters(Lang::En), "e8/Q", "e7e8q"),
            (Pieces::Letters(Lang::En), "e7e8q", "e7e8q"),
            (Pieces::Letters(Lang::En), "e7e8n", "e7e8n"),
            (Pieces::Letters(Lang::En), "e8=N+", "e7e8n"),
            (Pieces::Letters(Lang::Es), "e8D", "e7e8q"),
            (Pieces::Letters(Lang::Es), "e8=T", "e7e8r"),
            (Pieces::Letters(Lang::Es), "e8(A)", "e7e8b"),
            (Pieces::Letters(Lang::Es), "e8/C", "e7e8n"),
            (Pieces::Letters(Lang::De), "e8S", "e7e8n"),
            (Pieces::Figurines, "e8♕", "e7e8q"),
            (Pieces::Figurines, "e8=♞", "e7e8n"),
        ] {
            assert_eq!(uci(&p, tok, lang), want, "{lang} {tok}");
        }
        let e = read(&p, "e8", Lang::En).unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::PromotionPieceMissing);
        assert_eq!(e.candidates.len(), 4);
        assert!(matches!(err(&p, "e8=K", Lang::En), MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, "e8=X", Lang::En), MoveErrorKind::Syntax(_)));
    }

    #[test]
    fn a_promotion_piece_on_a_quiet_move_is_an_error() {
        let p = Chess::default();
        assert!(read(&p, "e4=Q", Lang::En).is_err());
    }

    #[test]
    fn disambiguation_and_ambiguity() {
        // Knights on b1 and f3 can both reach d2.
        let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        assert_eq!(uci(&p, "Nbd2", Lang::En), "b1d2");
        assert_eq!(uci(&p, "Cfd2", Lang::Es), "f3d2");
        assert_eq!(uci(&p, "N1d2", Lang::En), "b1d2");
        let e = read(&p, "Nd2", Lang::En).unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::Ambiguous);
        assert_eq!(e.candidates.len(), 2);
    }

    #[test]
    fn long_algebraic_forms() {
        let p = Chess::default();
        for tok in ["Cg1-f3", "Cg1f3", "g1f3", "g1-f3"] {
            assert_eq!(uci(&p, tok, Lang::Es), "g1f3", "{tok}");
        }
        for tok in ["e2-e4", "e2e4", "Pe2-e4", "Pe4", "e4"] {
            assert_eq!(uci(&p, tok, Lang::En), "e2e4", "{tok}");
        }
    }

    #[test]
    fn misprints_are_errors_with_candidates() {
        let p = Chess::default();
        let e = read(&p, "e2e5", Lang::Es).unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::NoLegalMove);
        assert_eq!(e.candidates.len(), 2, "the moves from e2");
        assert!(matches!(err(&p, "2e2e4", Lang::Pt), MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, "", Lang::En), MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, "+", Lang::En), MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, "Nf3 ", Lang::En), MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, "-e4", Lang::En), MoveErrorKind::Syntax(_)));
        assert!(matches!(err(&p, "ee", Lang::En), MoveErrorKind::Syntax(_)));
    }

    #[test]
    fn writing_in_each_language() {
        let p = pos("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let text = |m: &str, lang: Lang, long: bool| {
            let lang = Pieces::from(lang);
            let m = m.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            let mut after = p.clone();
            after.play_unchecked(m);
            let mut s = String::new();
            if long { write_lan(m, &after, lang, &mut s) } else { write_san(&p, m, &after, lang, &mut s) }
            s
        };
        let figurine = |m: &str| {
            let m = m.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            let mut after = p.clone();
            after.play_unchecked(m);
            let mut s = String::new();
            write_san(&p, m, &after, Pieces::Figurines, &mut s);
            s
        };
        assert_eq!(text("e5d6", Lang::En, false), "exd6");
        assert_eq!(text("e5d6", Lang::Es, false), "exd6 a.p.");
        assert_eq!(text("b7a8q", Lang::En, false), "bxa8=Q+");
        assert_eq!(text("b7a8q", Lang::Es, false), "bxa8D+");
        assert_eq!(text("b7a8n", Lang::De, false), "bxa8S");
        assert_eq!(figurine("b7a8q"), "bxa8=♕+");
        assert_eq!(figurine("e1g1"), "0-0");
        assert_eq!(text("e1g1", Lang::En, false), "O-O");
        assert_eq!(text("e1c1", Lang::Es, false), "0-0-0");
        assert_eq!(text("a1a8", Lang::Es, true), "Ta1xa8+");
        assert_eq!(text("e1d1", Lang::Nl, true), "Ke1-d1");
        assert_eq!(text("b7b8r", Lang::Fr, true), "b7-b8T+");
    }

    proptest::proptest! {
        /// The UCI word made from the squares' numbers is what
        /// `write_uci_in` writes, then a space: every legal move of the
        /// positions of a random game, castling written both ways.
        #[test]
        fn uci_words_are_written_as_write_uci_in_writes_them(seed in proptest::num::u64::ANY) {
            let mut rng = crate::testkit::corpus::Rng::new(seed);
            let game = crate::testkit::corpus::random_game(&mut rng, 200);
            let mut p = Chess::default();
            for played in &game.moves {
                for m in p.legal_moves() {
                    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                        let mut general = String::new();
                        write_uci_in(m, mode, &mut general);
                        general.push(' ');
                        let mut quick = b"e4 ".to_vec();
                        push_uci_word(m, mode, &mut quick);
                        proptest::prop_assert_eq!(&quick[3..], general.as_bytes(), "{:?}", m);
                    }
                }
                p.play_unchecked(*played);
            }
        }
    }

    /// Tokens around the legal moves of `p`: each move's SAN in `lang`,
    /// with and without its capture sign and check mark, with every
    /// origin file and rank written, and every piece letter and pawn
    /// capture to every square.
    fn tokens_near(p: &Chess, lang: Pieces) -> Vec<String> {
        let mut v = Vec::new();
        for m in p.legal_moves() {
            let mut after = p.clone();
            after.play_unchecked(m);
            let mut san = String::new();
            write_san(p, m, &after, lang, &mut san);
            let bare = san.trim_end_matches(['+', '#']).to_owned();
            let to = m.to().to_string();
            v.push(bare.replace('x', ""));
            if !bare.contains('x') {
                v.push(bare.replacen(&to, &format!("x{to}"), 1));
            }
            if let Some(head) = bare.strip_suffix(&to) {
                for d in "abcdefgh12345678".chars() {
                    v.push(format!("{head}{d}{to}"));
                    v.push(format!("{}{d}x{to}", head.trim_end_matches('x')));
                }
            }
            v.push(format!("{bare}+"));
            v.push(format!("{bare}#"));
            v.push(san);
        }
        for castling in ["O-O", "O-O-O", "O-O+", "O-O-O#", "0-0", "O-O-O-O"] {
            v.push(castling.to_owned());
        }
        for sq in shakmaty::Square::ALL {
            for c in "KQRBNPDTACSL".chars() {
                v.push(format!("{c}{sq}"));
                v.push(format!("{c}x{sq}"));
            }
            v.push(sq.to_string());
            for f in "abcdefgh".chars() {
                v.push(format!("{f}x{sq}"));
            }
        }
        v
    }

    proptest::proptest! {
        /// A move read straight against the position is the move the
        /// general way reads, for the moves of random games and the texts
        /// around them, in several languages.
        #[test]
        fn quick_reads_are_the_general_reads(seed in proptest::num::u64::ANY) {
            let mut rng = crate::testkit::corpus::Rng::new(seed);
            let game = crate::testkit::corpus::random_game(&mut rng, 120);
            let langs = [Pieces::PGN, Pieces::Letters(Lang::Es), Pieces::Letters(Lang::De), Pieces::Letters(Lang::Nl), Pieces::Figurines];
            let mut p = Chess::default();
            let (mut quick, mut tried) = (0, 0);
            for (i, played) in game.moves.iter().enumerate() {
                let lang = langs[i % langs.len()];
                for tok in tokens_near(&p, lang) {
                    tried += 1;
                    if let Some(m) = read_quick(&p, tok.as_bytes(), lang) {
                        quick += 1;
                        proptest::prop_assert_eq!(read_general(&p, &tok, lang), Ok(m), "{} in {}", tok, crate::notation::position::write_fen(&p));
                    }
                }
                p.play_unchecked(*played);
            }
            proptest::prop_assert!(game.moves.is_empty() || quick * 50 > tried, "{} of {}", quick, tried);
        }
    }
}
