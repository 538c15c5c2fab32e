//! What a written move says about the move, and how it is matched against
//! the legal moves of a position.
//!
//! Every reader turns its text into a [`Pattern`]; [`Pattern::find`] is the
//! one place where a pattern becomes a move, so the "exactly one legal move,
//! or an error with the candidates" rule is kept in one place.

use std::fmt;

use shakmaty::{Bitboard, CastlingSide, Chess, File, Move, MoveList, Position, Rank, Role, Square, attacks};

/// Where a written move goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A destination square.
    Square(Square),
    /// Only the destination file of a pawn capture, as in the short `ed`.
    File(File),
    /// A castling move.
    Castle(CastlingSide),
}

/// The facts a written move states. Unstated facts are `None`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The moving piece; `None` when the text gives only coordinates.
    pub role: Option<Role>,
    pub(crate) from_file: Option<File>,
    pub(crate) from_rank: Option<Rank>,
    /// Where the move goes: a square, or a castling side.
    pub target: Target,
    /// `Some(true)` when a capture sign was written.
    pub capture: Option<bool>,
    /// The promotion piece, when one was written.
    pub promotion: Option<Role>,
    /// An en passant mark was written.
    pub en_passant: bool,
}

impl Pattern {
    /// A pattern for a move from one square to another (UCI, Koch, ICCF,
    /// Gringmuth, long algebraic without a piece letter).
    pub(crate) fn from_to(from: Square, to: Square, promotion: Option<Role>) -> Pattern {
        Pattern {
            role: None,
            from_file: Some(from.file()),
            from_rank: Some(from.rank()),
            target: Target::Square(to),
            capture: None,
            promotion,
            en_passant: false,
        }
    }

    /// Castling on `side`, however it was written.
    pub fn castle(side: CastlingSide) -> Pattern {
        Pattern {
            role: Some(Role::King),
            from_file: None,
            from_rank: None,
            target: Target::Castle(side),
            capture: None,
            promotion: None,
            en_passant: false,
        }
    }

    fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }

    /// Whether `m` goes where the pattern says, ignoring the marks that can
    /// only contradict (capture, promotion, en passant).
    fn places(&self, m: &Move, turn: shakmaty::Color) -> bool {
        if let Some(role) = self.role
            && m.role() != role {
                return false;
            }
        let from = m.from().expect("no drops in standard chess");
        if self.from_file.is_some_and(|f| f != from.file()) || self.from_rank.is_some_and(|r| r != from.rank()) {
            return false;
        }
        match (self.target, m) {
            (Target::Castle(side), Move::Castle { .. }) => m.castling_side() == Some(side),
            (Target::Castle(_), _) => false,
            (Target::File(f), _) => m.role() == Role::Pawn && m.is_capture() && m.to().file() == f,
            (Target::Square(to), Move::Castle { king, rook }) => {
                // Written as a king move (`Ke1g1`, `e1g1`, ICCF `5171`) or as
                // king takes own rook (`e1h1`); never without the origin.
                let side = CastlingSide::from_king_side(king < rook);
                self.from_square() == Some(*king) && (to == side.king_to(turn) || to == *rook)
            }
            (Target::Square(to), _) => m.to() == to,
        }
    }

    /// The contradiction between the written marks and `m`, if any.
    fn contradiction(&self, m: &Move) -> Option<MoveErrorKind> {
        if self.capture == Some(true) && !m.is_capture() {
            return Some(MoveErrorKind::CaptureMarkOnQuietMove);
        }
        if self.en_passant && !m.is_en_passant() {
            return Some(MoveErrorKind::EnPassantMarkOnOtherMove);
        }
        match (self.promotion, m.promotion()) {
            (Some(_), None) => Some(MoveErrorKind::PromotionMarkOnOtherMove),
            (Some(a), Some(b)) if a != b => Some(MoveErrorKind::OtherPromotion),
            _ => None,
        }
    }

    /// Finds the one legal move the pattern describes in `pos`.
    pub fn find(&self, pos: &Chess) -> Result<Move, MoveError> {
        if let Some(m) = self.shortcut(pos) {
            return Ok(m);
        }
        self.find_by_generation(pos)
    }

    /// The general way: generate the candidate moves and filter them.
    fn find_by_generation(&self, pos: &Chess) -> Result<Move, MoveError> {
        let turn = pos.turn();
        let mut moves = self.generate(pos);
        // `san_candidates` already gives only this piece's moves to this
        // square; only origins, castling and file targets need filtering.
        let exact = matches!(self.target, Target::Square(_))
            && self.from_file.is_none()
            && self.from_rank.is_none()
            && self.role.is_some_and(|r| r != Role::King);
        if !exact {
            moves.retain(|m| self.places(m, turn));
        }
        // Count the moves whose marks fit without copying the list (a move
        // list is a large array): promotion moves come in fours, the written
        // piece picks one, and without one the choice is ambiguous.
        let mut fitting = moves.iter().filter(|m| self.contradiction(m).is_none());
        if let Some(&first) = fitting.next() {
            if fitting.next().is_none() {
                return Ok(first);
            }
            let found: Vec<Move> = moves.iter().copied().filter(|m| self.contradiction(m).is_none()).collect();
            let all_promotions = found.iter().all(|m| m.promotion().is_some()) && same_squares(&found);
            let kind = if self.promotion.is_none() && all_promotions { MoveErrorKind::PromotionPieceMissing } else { MoveErrorKind::Ambiguous };
            return Err(MoveError::new(kind, found));
        }
        if let Some(m) = moves.first() {
            let kind = self.contradiction(m).expect("no move fits, so this one contradicts");
            return Err(MoveError::new(kind, moves.to_vec()));
        }
        Err(MoveError::new(MoveErrorKind::NoLegalMove, self.near_misses(pos)))
    }

    /// The common cases without generating a move list: a piece move where
    /// only one piece of that kind reaches the square, a king step, a pawn
    /// push, a pawn capture with its file named. The move found is legal
    /// exactly when the king is not attacked afterwards, and then it is the
    /// only legal move the pattern can describe. `None` means "decide the
    /// general way" (castling, en passant, promotion, ambiguity, any doubt),
    /// never "no move".
    #[inline]
    fn shortcut(&self, pos: &Chess) -> Option<Move> {
        let role = self.role?;
        let Target::Square(to) = self.target else { return None };
        if pos.us().contains(to) {
            return None;
        }
        let board = pos.board();
        let occupied = board.occupied();
        let turn = pos.turn();
        let king = board.king_of(turn)?;
        let from = match role {
            Role::Knight => (attacks::knight_attacks(to) & pos.our(role)).single_square()?,
            Role::Bishop => (attacks::bishop_attacks(to, occupied) & pos.our(role)).single_square()?,
            Role::Rook => (attacks::rook_attacks(to, occupied) & pos.our(role)).single_square()?,
            Role::Queen => (attacks::queen_attacks(to, occupied) & pos.our(role)).single_square()?,
            Role::King => attacks::king_attacks(to).contains(king).then_some(king)?,
            Role::Pawn => self.pawn_origin(pos, to)?,
        };
        if self.from_file.is_some_and(|f| f != from.file()) || self.from_rank.is_some_and(|r| r != from.rank()) {
            return None;
        }
        let m = Move::Normal { role, from, capture: board.role_at(to), to, promotion: None };
        if self.contradiction(&m).is_some() {
            return None;
        }
        let to_bb = Bitboard::from_square(to);
        let after = (occupied ^ Bitboard::from_square(from)) | to_bb;
        let king_after = if role == Role::King { to } else { king };
        let checkers = board.attacks_to(king_after, turn.other(), after) & !to_bb;
        checkers.is_empty().then_some(m)
    }

    /// The square a pawn comes from to reach `to` without promotion or en
    /// passant, when only one pawn can.
    #[inline]
    fn pawn_origin(&self, pos: &Chess, to: Square) -> Option<Square> {
        let white = pos.turn() == shakmaty::Color::White;
        let rank = u32::from(to.rank());
        if rank == 0 || rank == 7 || pos.maybe_ep_square() == Some(to) {
            return None;
        }
        let back = |sq: Square| sq.offset(if white { -8 } else { 8 });
        let our_pawn = |sq: Square| pos.our(Role::Pawn).contains(sq);
        if pos.them().contains(to) {
            // A capture: the file must be written, since two pawns may reach.
            let file = self.from_file?;
            if (i32::from(file) - i32::from(to.file())).abs() != 1 {
                return None;
            }
            let from = Square::from_coords(file, back(to)?.rank());
            our_pawn(from).then_some(from)
        } else {
            let one = back(to)?;
            if our_pawn(one) {
                return Some(one);
            }
            let double_rank = if white { 3 } else { 4 };
            if rank != double_rank || pos.board().occupied().contains(one) {
                return None;
            }
            let two = back(one)?;
            our_pawn(two).then_some(two)
        }
    }

    #[inline(always)]
    fn generate(&self, pos: &Chess) -> MoveList {
        match (self.target, self.role) {
            (Target::Castle(side), _) => pos.castling_moves(side),
            (Target::Square(to), Some(role)) if role != Role::King || self.from_square().is_none() => {
                pos.san_candidates(role, to)
            }
            _ => pos.legal_moves(),
        }
    }

    /// Legal moves a reader of the error may have meant: those to the same
    /// square, else those of the same piece, else those from the same square.
    fn near_misses(&self, pos: &Chess) -> Vec<Move> {
        let legal = pos.legal_moves();
        let pick = |f: &dyn Fn(&Move) -> bool| -> Vec<Move> { legal.iter().copied().filter(|m| f(m)).collect() };
        let to = match self.target {
            Target::Square(sq) => Some(sq),
            _ => None,
        };
        let from = self.from_square();
        let mut v = Vec::new();
        if let Some(from) = from {
            v = pick(&|m| m.from() == Some(from));
        }
        if v.is_empty()
            && let Some(to) = to {
                v = pick(&|m| m.to() == to && !m.is_castle());
            }
        if v.is_empty()
            && let Some(role) = self.role {
                v = pick(&|m| m.role() == role);
            }
        v
    }
}

fn same_squares(moves: &[Move]) -> bool {
    moves.iter().all(|m| m.from() == moves[0].from() && m.to() == moves[0].to())
}

/// What part of a written move could not be read: the detail of a
/// [`MoveErrorKind::Syntax`], worded in every pack (`voices/*/notation.ftl`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// empty
    Empty,
    /// empty move
    EmptyMove,
    /// only marks, no move
    OnlyMarks,
    /// unknown promotion piece
    UnknownPromotion,
    /// a pawn cannot promote to a king or a pawn
    PromotesToKingOrPawn,
    /// a pawn capture changes file
    PawnCaptureChangesFile,
    /// no destination square
    NoDestination,
    /// unreadable characters before the destination
    UnreadableBeforeDestination,
    /// a dash needs the origin square before it
    DashWithoutOrigin,
    /// a pawn move cannot start with a rank
    PawnStartsWithRank,
    /// too long for a move
    TooLong,
    /// space or control character inside the move
    SpaceInside,
    /// a character that is not part of any move
    StrayCharacter,
    /// marked as castling but is another move
    CastlingMarkOnOtherMove,
    /// the fifth digit names no piece (1=Q 2=R 3=B 4=N)
    FifthDigit,
    /// a numeric move has four digits, or five with promotion
    NumericLength,
    /// the origin is not a square (digits 1-8)
    NumericOrigin,
    /// the destination is not a square (digits 1-8)
    NumericDestination,
    /// a Gringmuth move has two syllables
    GringmuthSyllables,
    /// the first syllable is not a Gringmuth square
    GringmuthFirst,
    /// the second syllable is not a Gringmuth square
    GringmuthSecond,
    /// an unknown letter after the two syllables
    GringmuthLetter,
    /// descriptive notation is read in English or Spanish only
    DescriptiveLanguage,
    /// longer than any descriptive move
    DescriptiveTooLong,
    /// a character that is not part of any descriptive move
    DescriptiveStrayAny,
    /// a character that is not part of a descriptive move
    DescriptiveStray,
    /// castling is O-O or O-O-O
    CastlingForm,
    /// castling to an unknown side
    CastlingSide,
    /// a descriptive move starts with a piece (K Q R B N P) or a file (QN, KB...)
    DescriptiveStartEn,
    /// a descriptive move starts with a piece (R D T A C P)
    DescriptiveStartEs,
    /// parentheses inside parentheses
    NestedParentheses,
    /// empty parentheses
    EmptyParentheses,
    /// a closing parenthesis without an opening one
    UnopenedParenthesis,
    /// a parenthesis left open
    UnclosedParenthesis,
    /// `=` must be followed by the promotion piece
    EqualsWithoutPiece,
    /// ranks are numbered 1 to 8
    RankOutOfRange,
    /// no destination square and no capture
    NoDestinationNoCapture,
    /// not an English piece letter (K Q R B N)
    NotEnglishLetter,
    /// not a Spanish piece letter (R D T A C)
    NotSpanishLetter,
    /// not a Portuguese piece letter (R D T B C)
    NotPortugueseLetter,
    /// not a French piece letter (R D T F C)
    NotFrenchLetter,
    /// not a German piece letter (K D T L S)
    NotGermanLetter,
    /// not an Italian piece letter (R D T A C)
    NotItalianLetter,
    /// not a Dutch piece letter (K D T L P)
    NotDutchLetter,
    /// a letter where a figurine was expected
    FigurineExpected,
}

impl Syntax {
    /// Every problem, for tests that walk them through the packs.
    pub const ALL: [Syntax; 45] = [Syntax::Empty, Syntax::EmptyMove, Syntax::OnlyMarks, Syntax::UnknownPromotion, Syntax::PromotesToKingOrPawn, Syntax::PawnCaptureChangesFile, Syntax::NoDestination, Syntax::UnreadableBeforeDestination, Syntax::DashWithoutOrigin, Syntax::PawnStartsWithRank, Syntax::TooLong, Syntax::SpaceInside, Syntax::StrayCharacter, Syntax::CastlingMarkOnOtherMove, Syntax::FifthDigit, Syntax::NumericLength, Syntax::NumericOrigin, Syntax::NumericDestination, Syntax::GringmuthSyllables, Syntax::GringmuthFirst, Syntax::GringmuthSecond, Syntax::GringmuthLetter, Syntax::DescriptiveLanguage, Syntax::DescriptiveTooLong, Syntax::DescriptiveStrayAny, Syntax::DescriptiveStray, Syntax::CastlingForm, Syntax::CastlingSide, Syntax::DescriptiveStartEn, Syntax::DescriptiveStartEs, Syntax::NestedParentheses, Syntax::EmptyParentheses, Syntax::UnopenedParenthesis, Syntax::UnclosedParenthesis, Syntax::EqualsWithoutPiece, Syntax::RankOutOfRange, Syntax::NoDestinationNoCapture, Syntax::NotEnglishLetter, Syntax::NotSpanishLetter, Syntax::NotPortugueseLetter, Syntax::NotFrenchLetter, Syntax::NotGermanLetter, Syntax::NotItalianLetter, Syntax::NotDutchLetter, Syntax::FigurineExpected];

    /// Its message in the packs.
    pub fn id(self) -> &'static str {
        match self {
            Syntax::Empty => "why-syntax-empty",
            Syntax::EmptyMove => "why-syntax-empty-move",
            Syntax::OnlyMarks => "why-syntax-only-marks",
            Syntax::UnknownPromotion => "why-syntax-unknown-promotion",
            Syntax::PromotesToKingOrPawn => "why-syntax-promotes-to-king",
            Syntax::PawnCaptureChangesFile => "why-syntax-pawn-capture-file",
            Syntax::NoDestination => "why-syntax-no-destination",
            Syntax::UnreadableBeforeDestination => "why-syntax-unreadable-before",
            Syntax::DashWithoutOrigin => "why-syntax-dash-without-origin",
            Syntax::PawnStartsWithRank => "why-syntax-pawn-starts-with-rank",
            Syntax::TooLong => "why-syntax-too-long",
            Syntax::SpaceInside => "why-syntax-space-inside",
            Syntax::StrayCharacter => "why-syntax-stray-character",
            Syntax::CastlingMarkOnOtherMove => "why-syntax-castling-mark",
            Syntax::FifthDigit => "why-syntax-fifth-digit",
            Syntax::NumericLength => "why-syntax-numeric-length",
            Syntax::NumericOrigin => "why-syntax-numeric-origin",
            Syntax::NumericDestination => "why-syntax-numeric-destination",
            Syntax::GringmuthSyllables => "why-syntax-gringmuth-syllables",
            Syntax::GringmuthFirst => "why-syntax-gringmuth-first",
            Syntax::GringmuthSecond => "why-syntax-gringmuth-second",
            Syntax::GringmuthLetter => "why-syntax-gringmuth-letter",
            Syntax::DescriptiveLanguage => "why-syntax-descriptive-language",
            Syntax::DescriptiveTooLong => "why-syntax-descriptive-too-long",
            Syntax::DescriptiveStrayAny => "why-syntax-descriptive-stray-any",
            Syntax::DescriptiveStray => "why-syntax-descriptive-stray",
            Syntax::CastlingForm => "why-syntax-castling-form",
            Syntax::CastlingSide => "why-syntax-castling-side",
            Syntax::DescriptiveStartEn => "why-syntax-descriptive-start-en",
            Syntax::DescriptiveStartEs => "why-syntax-descriptive-start-es",
            Syntax::NestedParentheses => "why-syntax-nested-parentheses",
            Syntax::EmptyParentheses => "why-syntax-empty-parentheses",
            Syntax::UnopenedParenthesis => "why-syntax-unopened-parenthesis",
            Syntax::UnclosedParenthesis => "why-syntax-unclosed-parenthesis",
            Syntax::EqualsWithoutPiece => "why-syntax-equals-without-piece",
            Syntax::RankOutOfRange => "why-syntax-rank-out-of-range",
            Syntax::NoDestinationNoCapture => "why-syntax-no-destination-no-capture",
            Syntax::NotEnglishLetter => "why-syntax-letter-en",
            Syntax::NotSpanishLetter => "why-syntax-letter-es",
            Syntax::NotPortugueseLetter => "why-syntax-letter-pt",
            Syntax::NotFrenchLetter => "why-syntax-letter-fr",
            Syntax::NotGermanLetter => "why-syntax-letter-de",
            Syntax::NotItalianLetter => "why-syntax-letter-it",
            Syntax::NotDutchLetter => "why-syntax-letter-nl",
            Syntax::FigurineExpected => "why-syntax-figurine-expected",
        }
    }

    /// Its English words (the library's `Display`).
    fn english(self) -> &'static str {
        match self {
            Syntax::Empty => "empty",
            Syntax::EmptyMove => "empty move",
            Syntax::OnlyMarks => "only marks, no move",
            Syntax::UnknownPromotion => "unknown promotion piece",
            Syntax::PromotesToKingOrPawn => "a pawn cannot promote to a king or a pawn",
            Syntax::PawnCaptureChangesFile => "a pawn capture changes file",
            Syntax::NoDestination => "no destination square",
            Syntax::UnreadableBeforeDestination => "unreadable characters before the destination",
            Syntax::DashWithoutOrigin => "a dash needs the origin square before it",
            Syntax::PawnStartsWithRank => "a pawn move cannot start with a rank",
            Syntax::TooLong => "too long for a move",
            Syntax::SpaceInside => "space or control character inside the move",
            Syntax::StrayCharacter => "a character that is not part of any move",
            Syntax::CastlingMarkOnOtherMove => "marked as castling but is another move",
            Syntax::FifthDigit => "the fifth digit names no piece (1=Q 2=R 3=B 4=N)",
            Syntax::NumericLength => "a numeric move has four digits, or five with promotion",
            Syntax::NumericOrigin => "the origin is not a square (digits 1-8)",
            Syntax::NumericDestination => "the destination is not a square (digits 1-8)",
            Syntax::GringmuthSyllables => "a Gringmuth move has two syllables",
            Syntax::GringmuthFirst => "the first syllable is not a Gringmuth square",
            Syntax::GringmuthSecond => "the second syllable is not a Gringmuth square",
            Syntax::GringmuthLetter => "an unknown letter after the two syllables",
            Syntax::DescriptiveLanguage => "descriptive notation is read in English or Spanish only",
            Syntax::DescriptiveTooLong => "longer than any descriptive move",
            Syntax::DescriptiveStrayAny => "a character that is not part of any descriptive move",
            Syntax::DescriptiveStray => "a character that is not part of a descriptive move",
            Syntax::CastlingForm => "castling is O-O or O-O-O",
            Syntax::CastlingSide => "castling to an unknown side",
            Syntax::DescriptiveStartEn => "a descriptive move starts with a piece (K Q R B N P) or a file (QN, KB...)",
            Syntax::DescriptiveStartEs => "a descriptive move starts with a piece (R D T A C P)",
            Syntax::NestedParentheses => "parentheses inside parentheses",
            Syntax::EmptyParentheses => "empty parentheses",
            Syntax::UnopenedParenthesis => "a closing parenthesis without an opening one",
            Syntax::UnclosedParenthesis => "a parenthesis left open",
            Syntax::EqualsWithoutPiece => "`=` must be followed by the promotion piece",
            Syntax::RankOutOfRange => "ranks are numbered 1 to 8",
            Syntax::NoDestinationNoCapture => "no destination square and no capture",
            Syntax::NotEnglishLetter => "not an English piece letter (K Q R B N)",
            Syntax::NotSpanishLetter => "not a Spanish piece letter (R D T A C)",
            Syntax::NotPortugueseLetter => "not a Portuguese piece letter (R D T B C)",
            Syntax::NotFrenchLetter => "not a French piece letter (R D T F C)",
            Syntax::NotGermanLetter => "not a German piece letter (K D T L S)",
            Syntax::NotItalianLetter => "not an Italian piece letter (R D T A C)",
            Syntax::NotDutchLetter => "not a Dutch piece letter (K D T L P)",
            Syntax::FigurineExpected => "a letter where a figurine was expected",
        }
    }

    /// The problem, as a message of the packs.
    pub fn said(self) -> crate::i18n::Said {
        crate::i18n::Said::new(self.id())
    }
}

impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// Why a written move is not exactly one legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// The text is not a move in the notation being read; the reason says
    /// which part could not be read.
    Syntax(Syntax),
    /// No legal move goes where the text says.
    NoLegalMove,
    /// More than one legal move fits the text.
    Ambiguous,
    /// A pawn reaches the last rank but the text names no piece.
    PromotionPieceMissing,
    /// A capture sign on a move that captures nothing.
    CaptureMarkOnQuietMove,
    /// An en passant mark on a move that is not an en passant capture.
    EnPassantMarkOnOtherMove,
    /// A promotion piece on a move that does not promote.
    PromotionMarkOnOtherMove,
    /// The move promotes, but to another piece than the one written.
    OtherPromotion,
}

impl fmt::Display for MoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveErrorKind::Syntax(why) => write!(f, "not a move: {why}"),
            MoveErrorKind::NoLegalMove => f.write_str("no legal move fits it"),
            MoveErrorKind::Ambiguous => f.write_str("more than one legal move fits it"),
            MoveErrorKind::PromotionPieceMissing => f.write_str("the pawn promotes but no piece is named"),
            MoveErrorKind::CaptureMarkOnQuietMove => f.write_str("it is marked as a capture but captures nothing"),
            MoveErrorKind::EnPassantMarkOnOtherMove => f.write_str("it is marked en passant but is not an en passant capture"),
            MoveErrorKind::PromotionMarkOnOtherMove => f.write_str("it names a promotion piece but does not promote"),
            MoveErrorKind::OtherPromotion => f.write_str("the pawn can promote, but not to the piece named"),
        }
    }
}

impl MoveErrorKind {
    /// Why, as a message of the packs, the detail of a syntax error
    /// included.
    pub fn said(&self) -> crate::i18n::Said {
        use crate::i18n::Said;
        match self {
            MoveErrorKind::Syntax(why) => Said::new("why-move-syntax").with("detail", why.said()),
            MoveErrorKind::NoLegalMove => Said::new("why-move-no-legal"),
            MoveErrorKind::Ambiguous => Said::new("why-move-ambiguous"),
            MoveErrorKind::PromotionPieceMissing => Said::new("why-move-promotion-missing"),
            MoveErrorKind::CaptureMarkOnQuietMove => Said::new("why-move-capture-mark"),
            MoveErrorKind::EnPassantMarkOnOtherMove => Said::new("why-move-en-passant-mark"),
            MoveErrorKind::PromotionMarkOnOtherMove => Said::new("why-move-promotion-mark"),
            MoveErrorKind::OtherPromotion => Said::new("why-move-other-promotion"),
        }
    }
}

/// A move token that is not exactly one legal move, with the legal moves
/// the writer may have meant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct MoveError {
    /// What is wrong.
    pub kind: MoveErrorKind,
    /// The legal moves the writer may have meant (every match when
    /// ambiguous; the moves to the same square, or of the same piece, when
    /// impossible).
    pub candidates: Vec<Move>,
}

impl MoveError {
    /// An error of `kind` with its candidate moves.
    pub fn new(kind: MoveErrorKind, candidates: Vec<Move>) -> MoveError {
        MoveError { kind, candidates }
    }

    pub(crate) fn syntax(why: Syntax) -> MoveError {
        MoveError::new(MoveErrorKind::Syntax(why), Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::corpus::{Rng, random_game};
    use shakmaty::File;

    /// The shortcut never finds a move the general way would not find: for
    /// every piece kind, destination and written file, in every position of
    /// many random games (pins, checks, double pushes, captures included).
    #[test]
    fn the_shortcut_agrees_with_move_generation() {
        let mut rng = Rng::new(99);
        let mut shortcuts = 0;
        for _ in 0..60 {
            let game = random_game(&mut rng, 200);
            let mut pos = Chess::default();
            for m in &game.moves {
                for to in Square::ALL {
                    for role in Role::ALL {
                        for from_file in std::iter::once(None).chain(File::ALL.into_iter().map(Some)) {
                            for capture in [None, Some(true)] {
                                let p = Pattern {
                                    role: Some(role),
                                    from_file,
                                    from_rank: None,
                                    target: Target::Square(to),
                                    capture,
                                    promotion: None,
                                    en_passant: false,
                                };
                                if let Some(fast) = p.shortcut(&pos) {
                                    shortcuts += 1;
                                    assert_eq!(p.find_by_generation(&pos), Ok(fast), "{p:?} in {}", crate::notation::position::write_fen(&pos));
                                }
                            }
                        }
                    }
                }
                pos.play_unchecked(*m);
            }
        }
        assert!(shortcuts > 10_000, "{shortcuts}");
    }
}
