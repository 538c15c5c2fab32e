//! Splits game text (PGN, or bare movetext as printed in a book or written
//! on a scoresheet) into tokens with their byte offsets.
//!
//! The lexer knows nothing of chess: a word that is not a tag, comment, move
//! number, result or annotation is a [`TokKind::Word`], which the reader then
//! reads as a move. Nothing is dropped: every byte of the input that is not
//! white space belongs to some token.
//!
//! Most tokens are a few bytes long, and on them a general string search
//! costs more to start than it saves: the common shapes (a move, a move
//! number with or without its move glued on, a tag) are told with plain
//! loops and byte tables first; every other word is classified the general
//! way, which the quick paths are tested against.

/// What a token is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokKind {
    /// `[Name "Value"]`: `start..end` covers the whole tag; see [`Lexer::tag`].
    Tag,
    /// A `{...}` or `;...` comment; the span is its text without the braces.
    Comment,
    /// `$n`.
    Nag(u16),
    /// `(` opening a variation.
    VariationStart,
    /// `)` closing a variation.
    VariationEnd,
    /// `(=)`: the draw-offer sign of Article 8.1 and Appendix C.
    DrawOffer,
    /// A game result.
    Result(GameResult),
    /// A move number, with its dots or without (`9 Cbd2`).
    MoveNumber(u32),
    /// `...` or `…` standing alone.
    Ellipsis,
    /// A mark that only qualifies the move before it: check, mate, en passant,
    /// annotation glyphs, evaluation signs.
    Mark(Mark),
    /// Anything else: a move, or something that will be reported as unreadable.
    Word,
    /// `{` without its `}`.
    UnclosedComment,
    /// A comma or glued semicolon between moves, as web pages write them
    /// (`1. e4 e5, 2. f4`, `e5;  2.Nf3`): it separates, and says nothing.
    Separator,
    /// A resignation written out (`Resigns.`, `Il bianco abbandona.`,
    /// `Las negras abandonan`): the game ends, lost by the side named (or,
    /// for `Resigns` alone, by the side to move).
    Resign(Resigner),
    /// A `[` that does not make a tag: unclosed, or not at the start of a line.
    BadTag,
}

/// Marks that may follow a move as a separate word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `e.p.`, `ep`, `a.p.`: the move must be an en passant capture.
    EnPassant,
    /// Check, mate, stalemate words and annotation glyphs: they do not change
    /// which move was played.
    Other,
}

/// Who resigns, in a resignation sentence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Resigner {
    White,
    Black,
    /// `Resigns` alone, as books print it in the column of the side that gave up.
    SideToMove,
}

/// The result written at the end of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// The PGN form.
    pub fn as_pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The form written on scoresheets (Appendix C): `½-½` for a draw.
    pub(crate) fn as_scoresheet(self) -> &'static str {
        match self {
            GameResult::Draw => "½-½",
            other => other.as_pgn(),
        }
    }

    pub(crate) fn from_text(s: &str) -> Option<GameResult> {
        Some(match s {
            // En and em dashes as web pages print them; `+--` and `--+` are
            // the forfeit results of tournament files.
            "1-0" | "1:0" | "1–0" | "1—0" | "+--" | "+:-" => GameResult::WhiteWins,
            "0-1" | "0:1" | "0–1" | "0—1" | "--+" | "-:+" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" | "½:½" | "0,5-0,5" | "0.5-0.5" | "1/2" | "½" | "½–½" | "1/2–1/2" | "½—½" | "=:=" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }
}

/// A token: its kind and where it is in the input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tok {
    pub kind: TokKind,
    pub start: u32,
    pub end: u32,
}

/// The lexer over one input text.
pub(crate) struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    /// Words split off the end of the previous word (`Kb1(=)`, `e4)`).
    pending: Vec<Tok>,
    /// The last token was a tag (another may follow on the same line).
    after_tag: bool,
    /// The last move number read, for splitting moves glued to the next
    /// number (`1.e4e52.Sf3`).
    last_number: u32,
    /// Lines of the input before this text, when it is one block of a larger
    /// input; error positions count from there.
    pub(crate) line_base: usize,
    /// The last offset whose line was counted, and the line breaks before
    /// it: the next count starts there, so errors far into a block cost
    /// the text between them, not the block each.
    line_mark: std::cell::Cell<(usize, usize)>,
}

/// Byte classes for the hot loops: inside a word, white space, a byte that
/// ends a word (`{`, `;`), and parentheses.
const WORD: u8 = 0;
const SPACE: u8 = 1;
const STOP: u8 = 2;
const OPEN: u8 = 3;
const CLOSE: u8 = 4;

static CLASS: [u8; 256] = {
    let mut t = [WORD; 256];
    t[b' ' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[b'\n' as usize] = SPACE;
    t[b'\r' as usize] = SPACE;
    t[0x0c] = SPACE;
    t[0x0b] = SPACE;
    // NUL bytes padding a file after its last game, and the old DOS end of
    // file, separate like white space.
    t[0x00] = SPACE;
    t[0x1a] = SPACE;
    t[b'{' as usize] = STOP;
    t[b';' as usize] = STOP;
    t[b'(' as usize] = OPEN;
    t[b')' as usize] = CLOSE;
    t
};

/// The bytes of a move after its first letter that [`Lexer::quick_word`]
/// reads: ASCII letters and digits, and the signs `+#=-!?`.
static QUICK_MOVE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'+' | b'#' | b'=' | b'-' | b'!' | b'?');
        c += 1;
    }
    t
};

/// The bytes that stop the scan of a tag: outside its quoted value (`"`,
/// `]`, a line break) and inside it (a backslash, `"`, a line break).
static TAG_STOPS: [[bool; 256]; 2] = {
    let mut t = [[false; 256]; 2];
    t[0][b'"' as usize] = true;
    t[0][b']' as usize] = true;
    t[0][b'\n' as usize] = true;
    t[1][b'\\' as usize] = true;
    t[1][b'"' as usize] = true;
    t[1][b'\n' as usize] = true;
    t
};

fn is_space(b: u8) -> bool {
    CLASS[usize::from(b)] == SPACE
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        // A byte-order mark at the start is not part of the game.
        let pos = if src.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        Lexer { src, pos, pending: Vec::new(), after_tag: false, last_number: 0, line_base: 0, line_mark: std::cell::Cell::new((0, 0)) }
    }

    pub fn src(&self) -> &'a str {
        self.src
    }

    /// How many line breaks the text holds before byte `offset`.
    pub(crate) fn breaks_before(&self, offset: usize) -> usize {
        let offset = offset.min(self.src.len());
        let (mark, breaks) = self.line_mark.get();
        let b = self.src.as_bytes();
        let n = if offset >= mark {
            breaks + newlines(&b[mark..offset])
        } else {
            breaks - newlines(&b[offset..mark])
        };
        self.line_mark.set((offset, n));
        n
    }

    /// The text of a token.
    #[inline]
    pub fn text(&self, t: &Tok) -> &'a str {
        &self.src[t.start as usize..t.end as usize]
    }

    /// The name and unescaped value of a tag token.
    /// A value without a backslash is borrowed from the text.
    pub fn tag(&self, t: &Tok) -> (&'a str, std::borrow::Cow<'a, str>) {
        if let Some((name, value)) = plain_tag(self.text(t)) {
            return (name, std::borrow::Cow::Borrowed(value));
        }
        let inner = self.text(t).trim_start_matches('[').trim_end_matches(']').trim();
        let (name, rest) = inner.split_once(|c: char| c.is_whitespace() || c == '"').unwrap_or((inner, ""));
        let rest = rest.trim();
        let value = rest.strip_prefix('"').unwrap_or(rest);
        let value = value.strip_suffix('"').unwrap_or(value);
        if memchr(b'\\', value.as_bytes()).is_none() {
            return (name, std::borrow::Cow::Borrowed(value));
        }
        let mut out = String::with_capacity(value.len());
        let mut chars = value.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else {
                out.push(c);
            }
        }
        (name, std::borrow::Cow::Owned(out))
    }

    fn tok(kind: TokKind, start: usize, end: usize) -> Tok {
        Tok { kind, start: start as u32, end: end as u32 }
    }

    /// The next token, or `None` at the end of the input.
    #[inline(always)]
    pub(crate) fn next_tok(&mut self) -> Option<Tok> {
        let t = self.scan::<true>();
        // A tag may follow a tag, or a result, on its line (`0-1  [Event "Vienna"]`).
        self.after_tag = t.is_some_and(|t| matches!(t.kind, TokKind::Tag | TokKind::Result(_)));
        t
    }

    /// The next token; with `QUICK`, the common words are told by
    /// [`Lexer::quick_word`] first (without, only the general way, which
    /// the tests compare it with).
    #[inline(always)]
    fn scan<const QUICK: bool>(&mut self) -> Option<Tok> {
        if let Some(t) = self.pending.pop() {
            return Some(t);
        }
        let b = self.src.as_bytes();
        loop {
            while self.pos < b.len() && is_space(b[self.pos]) {
                self.pos += 1;
            }
            if self.pos >= b.len() {
                return None;
            }
            // `%` in the first column escapes the whole line (PGN 6).
            if b[self.pos] == b'%' && (self.pos == 0 || b[self.pos - 1] == b'\n') {
                while self.pos < b.len() && b[self.pos] != b'\n' {
                    self.pos += 1;
                }
                continue;
            }
            break;
        }
        let start = self.pos;
        match b[start] {
            b'[' => {
                // A tag runs to the closing bracket outside its quoted value,
                // and never past the end of its line; in the value, a
                // backslash escapes the next byte but a line break. Only
                // the bytes that matter in the current state stop the scan.
                let mut i = start + 1;
                let mut quoted = false;
                loop {
                    let stops = &TAG_STOPS[usize::from(quoted)];
                    while i < b.len() && !stops[usize::from(b[i])] {
                        i += 1;
                    }
                    if i >= b.len() {
                        break;
                    }
                    match b[i] {
                        b'\\' => i += if b.get(i + 1).is_some_and(|c| *c != b'\n') { 2 } else { 1 },
                        b'"' => {
                            quoted = !quoted;
                            i += 1;
                        }
                        _ => break,
                    }
                }
                let i = i.min(b.len());
                let closed = i < b.len() && b[i] == b']';
                let end = if closed { i + 1 } else { i };
                self.pos = end;
                // A tag starts its line or follows another tag; `[` elsewhere
                // (a diagram mark in a book) is a tag-like word inside the moves.
                let line_start = starts_line(&self.src[..start]);
                let kind = if closed && (line_start || self.after_tag) { TokKind::Tag } else { TokKind::BadTag };
                Some(Self::tok(kind, start, end))
            }
            b'{' => match memchr(b'}', &b[start + 1..]) {
                Some(off) => {
                    self.pos = start + 1 + off + 1;
                    Some(Self::tok(TokKind::Comment, start + 1, start + 1 + off))
                }
                None => {
                    self.pos = b.len();
                    Some(Self::tok(TokKind::UnclosedComment, start, b.len()))
                }
            },
            b';' => {
                let end = memchr(b'\n', &b[start..]).map_or(b.len(), |o| start + o);
                self.pos = end;
                Some(Self::tok(TokKind::Comment, start + 1, end))
            }
            b'(' if b[start..].starts_with(b"(=)") => {
                self.pos = start + 3;
                Some(Self::tok(TokKind::DrawOffer, start, start + 3))
            }
            b'(' if let Some(mark) = PAREN_MARKS.iter().find(|m| ends_word(&b[start..], m)) => {
                self.pos = start + mark.len();
                let kind = if mark.contains("p") { Mark::EnPassant } else { Mark::Other };
                Some(Self::tok(TokKind::Mark(kind), start, start + mark.len()))
            }
            b'(' => {
                self.pos = start + 1;
                Some(Self::tok(TokKind::VariationStart, start, start + 1))
            }
            b')' => {
                self.pos = start + 1;
                Some(Self::tok(TokKind::VariationEnd, start, start + 1))
            }
            b'$' => {
                let mut i = start + 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                self.pos = i;
                let n = self.src[start + 1..i].parse().unwrap_or(u16::MAX);
                if i == start + 1 { Some(Self::tok(TokKind::Word, start, i)) } else { Some(Self::tok(TokKind::Nag(n), start, i)) }
            }
            _ if QUICK && let Some(t) = self.quick_word(start) => Some(t),
            _ => Some(self.word(start)),
        }
    }

    /// The words most text is made of, told at once when they are ended by
    /// white space or the end of the text: a move (a letter, then letters,
    /// digits and the signs `+#=-!?`, with a digit after the letter, or
    /// castling written `O-O` or `O-O-O`, see [`is_castling_word`]), a
    /// move number with its full stops (`12.`, `12...`), and a number glued
    /// to such a move (`12.Nf3`). [`Lexer::word`] reads each of them so (no
    /// parenthesis, comma, semicolon or glued number can be in them, and
    /// [`Lexer::classify`] takes a letter with a digit after it for a word);
    /// any other word is left to it (`None`, nothing changed).
    #[inline(always)]
    fn quick_word(&mut self, start: usize) -> Option<Tok> {
        let b = self.src.as_bytes();
        let ends = |i: usize| b.get(i).is_none_or(|c| is_space(*c));
        let mut i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let number = i > start;
        if number {
            let digits = i;
            while i < b.len() && b[i] == b'.' {
                i += 1;
            }
            if i == digits {
                return None;
            }
            if ends(i) {
                let n = self::number(&b[start..digits]);
                self.last_number = n;
                self.pos = i;
                return Some(Self::tok(TokKind::MoveNumber(n), start, i));
            }
        }
        let word = i;
        if !b.get(word).is_some_and(u8::is_ascii_alphabetic) {
            return None;
        }
        let mut end = word + 1;
        let mut digit = false;
        while end < b.len() && QUICK_MOVE[usize::from(b[end])] {
            digit |= b[end].is_ascii_digit();
            end += 1;
        }
        if !(digit || is_castling_word(&b[word..end])) || !ends(end) {
            return None;
        }
        self.pos = end;
        if number {
            let digits = b[start..word].iter().take_while(|c| c.is_ascii_digit()).count();
            let n = self::number(&b[start..start + digits]);
            self.last_number = n;
            self.pending.push(Self::tok(TokKind::Word, word, end));
            return Some(Self::tok(TokKind::MoveNumber(n), start, word));
        }
        Some(Self::tok(TokKind::Word, start, end))
    }

    /// A word runs to white space, a comment, or a `)` that closes a variation.
    fn word(&mut self, start: usize) -> Tok {
        let b = self.src.as_bytes();
        // Most words hold no parenthesis: their end is the first byte that
        // is not a word's; from a parenthesis on, they are counted.
        let mut i = start;
        while i < b.len() && CLASS[usize::from(b[i])] == WORD {
            i += 1;
        }
        let mut depth = 0u32;
        while i < b.len() {
            match CLASS[usize::from(b[i])] {
                WORD => {}
                OPEN => depth += 1,
                CLOSE if depth > 0 => depth -= 1,
                _ => break,
            }
            i += 1;
        }
        self.pos = i;
        let mut end = i;
        // A semicolon glued to a word and followed by white space separates
        // moves, as some web pages write them (`e5;  2.Nf3`); a comment is
        // written after a space.
        if i < b.len() && b[i] == b';' && b.get(i + 1).is_none_or(|c| is_space(*c)) {
            self.pos = i + 1;
            self.pending.push(Self::tok(TokKind::Separator, i, i + 1));
        }
        // Commas after a word (`e5,`, `...,`) separate it from the next.
        let commas = if b[end - 1] == b',' { b[start..end].iter().rev().take_while(|c| **c == b',').count() } else { 0 };
        if commas > 0 && commas < end - start && !b[start..end].starts_with(b"0,5") {
            self.pending.push(Self::tok(TokKind::Separator, end - commas, end));
            end -= commas;
        } else if commas == end - start {
            return Self::tok(TokKind::Separator, start, end);
        }
        // A draw offer glued to the move: `Kb1(=)`.
        if end - start > 3 && b[start..end].ends_with(b"(=)") {
            self.pending.push(Self::tok(TokKind::DrawOffer, end - 3, end));
            end -= 3;
        }
        // Moves glued to the next move number, as some web pages print
        // them (`1.e4e52.Sf3Sc63.Sc3`): cut at the number that follows.
        if end - start > 4 && may_have_glued_number(&b[start..end]) && has_glued_number(&b[start..end]) {
            return self.glued(start, end);
        }
        self.classify(start, end)
    }

    /// Splits a word in which move numbers are glued to moves. The pieces
    /// are queued in order; the first is returned.
    fn glued(&mut self, start: usize, end: usize) -> Tok {
        let b = self.src.as_bytes();
        let mut parts: Vec<Tok> = Vec::new();
        let mut at = start;
        // A leading move number (`1.e4e5…`).
        let digits = b[at..end].iter().take_while(|c| c.is_ascii_digit()).count();
        let dots = dots_at(&b[at + digits..end]);
        if digits > 0 && dots > 0 {
            let n = number(&b[at..at + digits]);
            parts.push(Self::tok(TokKind::MoveNumber(n), at, at + digits + dots));
            self.last_number = n;
            at += digits + dots;
        }
        while at < end {
            // The next glued number: this move's number again (`Df125…Lxf1`,
            // the black move after a white one) or the next one.
            let mut cut = None;
            for n in [self.last_number.saturating_add(1), self.last_number] {
                let digits = n.to_string();
                let mut from = at + 1;
                while let Some(off) = find(&b[from..end], digits.as_bytes()) {
                    let j = from + off;
                    let d = dots_at(&b[j + digits.len()..end]);
                    if d > 0 && j + digits.len() + d < end && cut.is_none_or(|(c, _, _)| j < c) {
                        cut = Some((j, n, digits.len() + d));
                        break;
                    }
                    from = j + 1;
                }
            }
            let piece_end = cut.map_or(end, |(j, _, _)| j);
            self.glued_moves(at, piece_end, &mut parts);
            match cut {
                Some((j, n, len)) => {
                    parts.push(Self::tok(TokKind::MoveNumber(n), j, j + len));
                    self.last_number = n;
                    at = j + len;
                }
                None => at = end,
            }
        }
        let first = parts.remove(0);
        self.pending.extend(parts.into_iter().rev());
        first
    }

    /// The moves between two glued numbers: one move, two glued together
    /// (`e4e5`, `O-OO-O`), and perhaps the result (`Le30–1`).
    fn glued_moves(&mut self, start: usize, end: usize, parts: &mut Vec<Tok>) {
        if start >= end {
            return;
        }
        let text = &self.src[start..end];
        let mut core_end = end;
        let mut result = None;
        for r in ["1/2-1/2", "1-0", "0-1", "1–0", "0–1", "½-½", "½–½", "1:0", "0:1"] {
            if text.len() > r.len() && text.ends_with(r) && is_move_shape(&text[..text.len() - r.len()]).is_some() {
                core_end = end - r.len();
                result = Some(Self::tok(TokKind::Result(GameResult::from_text(r).expect("a result")), core_end, end));
                break;
            }
        }
        let core = &self.src[start..core_end];
        match is_move_shape(core) {
            Some(Some(k)) => {
                parts.push(Self::tok(TokKind::Word, start, start + k));
                parts.push(Self::tok(TokKind::Word, start + k, core_end));
            }
            _ => parts.push(self.classify(start, core_end)),
        }
        parts.extend(result);
    }

    #[inline]
    fn classify(&mut self, start: usize, end: usize) -> Tok {
        let b = &self.src.as_bytes()[start..end];
        // Fast path for the common move: a letter first and a digit inside.
        // No result, move number or mark has that shape.
        if b[0].is_ascii_alphabetic() && b[1..].iter().any(u8::is_ascii_digit) {
            return Self::tok(TokKind::Word, start, end);
        }
        // Fast paths for the other common words, read as the general way
        // in `classify_other` reads them: `12.` and `12...`, digits and full
        // stops only, which no result, ellipsis or mark is; and `12.Nf3`, a
        // number glued to its move, digits, full stops and a letter (no
        // result has a letter).
        let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0 {
            let dots = b[digits..].iter().take_while(|c| **c == b'.').count();
            if dots > 0 && digits + dots == b.len() {
                let n = number(&b[..digits]);
                self.last_number = n;
                return Self::tok(TokKind::MoveNumber(n), start, end);
            }
            if dots > 0 && b.get(digits + dots).is_some_and(u8::is_ascii_alphabetic) {
                let n = number(&b[..digits]);
                self.last_number = n;
                let t = self.classify_glued(start + digits + dots, end);
                self.pending.push(t);
                return Self::tok(TokKind::MoveNumber(n), start, start + digits + dots);
            }
        }
        self.classify_other(start, end)
    }

    /// [`Lexer::classify`] for the move glued to a number, out of line so
    /// that `classify` itself is not recursive (and can be inlined).
    #[inline(never)]
    fn classify_glued(&mut self, start: usize, end: usize) -> Tok {
        self.classify(start, end)
    }

    /// The words [`Lexer::classify`] has no fast path for, read the
    /// general way.
    #[inline(never)]
    fn classify_other(&mut self, start: usize, end: usize) -> Tok {
        let text = &self.src[start..end];
        let b = text.as_bytes();
        if let Some(r) = GameResult::from_text(text) {
            return Self::tok(TokKind::Result(r), start, end);
        }
        // A result with a full stop, ending a sentence (`1-0.`).
        if let Some(r) = text.strip_suffix('.').and_then(GameResult::from_text)
            && text.len() > 2 {
                return Self::tok(TokKind::Result(r), start, end);
            }
        // Dots holding the place of a missing half-move: `...`, `…`, and
        // the rows of dots of two-column book layouts (`........`).
        if text == "…" || (b.len() >= 2 && b.iter().all(|c| *c == b'.')) {
            return Self::tok(TokKind::Ellipsis, start, end);
        }
        // Move numbers: `12`, `12.`, `12...`, `12…`, and glued `12.Nf3`;
        // with dots, of any length (`1000.`); without, of at most three
        // digits, since four digits are an ICCF move (`5254`).
        let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
        let rest = &text[digits..];
        let dots = rest.len() - rest.trim_start_matches(['.', '…']).len();
        if digits > 0 && (digits <= 3 || dots > 0) {
            let n = number(&b[..digits]);
            if rest.is_empty() {
                self.last_number = n;
                return Self::tok(TokKind::MoveNumber(n), start, end);
            }
            if dots > 0 {
                self.last_number = n;
                let word_start = start + digits + dots;
                if word_start < end {
                    let t = self.classify(word_start, end);
                    self.pending.push(t);
                }
                return Self::tok(TokKind::MoveNumber(n), start, start + digits + dots);
            }
        }
        if is_mark(text) {
            let mark = if matches!(text, "e.p." | "e.p" | "ep" | "a.p." | "a.p") { Mark::EnPassant } else { Mark::Other };
            return Self::tok(TokKind::Mark(mark), start, end);
        }
        // A resignation or a draw written out, alone or as a sentence. Only
        // a whole word can begin one (not a piece split off a glued word).
        if self.pos == end && self.pending.is_empty() && b[0].is_ascii_alphabetic()
            && let Some((kind, len)) = sentence(&self.src[start..]) {
                self.pos = start + len;
                return Self::tok(kind, start, start + len);
            }
        Self::tok(TokKind::Word, start, end)
    }
}

/// The resignations and draws written out in the languages tiflo speaks,
/// lower case, each with who resigns (`None` for a draw).
const SENTENCES: &[(&str, Option<Resigner>)] = &[
    ("white resigns", Some(Resigner::White)),
    ("black resigns", Some(Resigner::Black)),
    ("resigns", Some(Resigner::SideToMove)),
    ("resigned", Some(Resigner::SideToMove)),
    ("drawn", None),
    ("draw", None),
    ("las blancas abandonan", Some(Resigner::White)),
    ("las negras abandonan", Some(Resigner::Black)),
    ("blancas abandonan", Some(Resigner::White)),
    ("negras abandonan", Some(Resigner::Black)),
    ("abandonan", Some(Resigner::SideToMove)),
    ("tablas", None),
    ("as brancas abandonam", Some(Resigner::White)),
    ("as pretas abandonam", Some(Resigner::Black)),
    ("brancas abandonam", Some(Resigner::White)),
    ("pretas abandonam", Some(Resigner::Black)),
    ("abandonam", Some(Resigner::SideToMove)),
    ("empate", None),
    ("il bianco abbandona", Some(Resigner::White)),
    ("il nero abbandona", Some(Resigner::Black)),
    ("bianco abbandona", Some(Resigner::White)),
    ("nero abbandona", Some(Resigner::Black)),
    ("abbandona", Some(Resigner::SideToMove)),
    ("patta", None),
    ("weiß gibt auf", Some(Resigner::White)),
    ("schwarz gibt auf", Some(Resigner::Black)),
    ("gibt auf", Some(Resigner::SideToMove)),
    ("aufgegeben", Some(Resigner::SideToMove)),
    ("remis", None),
    ("les blancs abandonnent", Some(Resigner::White)),
    ("les noirs abandonnent", Some(Resigner::Black)),
    ("blancs abandonnent", Some(Resigner::White)),
    ("noirs abandonnent", Some(Resigner::Black)),
    ("abandonne", Some(Resigner::SideToMove)),
    ("abandonnent", Some(Resigner::SideToMove)),
    ("nulle", None),
    ("wit geeft op", Some(Resigner::White)),
    ("zwart geeft op", Some(Resigner::Black)),
    ("geeft op", Some(Resigner::SideToMove)),
    ("remise", None),
];

/// The resignation or draw sentence `text` starts with, and its length
/// (with a full stop or `!` after it), if it is one and ends there.
fn sentence(text: &str) -> Option<(TokKind, usize)> {
    // Most words are moves: a word whose first two letters (ASCII, in lower
    // case) begin no phrase is none.
    if let [a, b, ..] = *text.as_bytes()
        && a.is_ascii()
        && b.is_ascii()
    {
        let two = [a.to_ascii_lowercase(), b.to_ascii_lowercase()];
        if !SENTENCES.iter().any(|(phrase, _)| phrase.as_bytes().starts_with(&two)) {
            return None;
        }
    }
    // Only the first few words matter; compare them in lower case.
    let head: String = text.chars().take(32).flat_map(char::to_lowercase).collect();
    for &(phrase, who) in SENTENCES {
        if !head.starts_with(phrase) {
            continue;
        }
        // The lower-case form has the same length as the text for these
        // phrases' letters (ASCII and `ß`).
        let mut len = phrase.len();
        if !text.is_char_boundary(len) || !text[..len].to_lowercase().eq(phrase) {
            continue;
        }
        let rest = &text.as_bytes()[len..];
        let stop = rest.iter().take_while(|c| matches!(c, b'.' | b'!')).count();
        if rest.get(stop).is_some_and(|c| !is_space(*c) && *c != b',' && *c != b';') {
            continue;
        }
        len += stop;
        let kind = match who {
            Some(r) => TokKind::Resign(r),
            None => TokKind::Result(GameResult::Draw),
        };
        return Some((kind, len));
    }
    None
}

/// Whether the text before a `[` ends with a line of nothing but white
/// space (and a byte-order mark), or is such a line: whether the `[` starts
/// its line. Most tags follow a line break at once, or ASCII blanks.
fn starts_line(before: &str) -> bool {
    if before.is_empty() || before.ends_with('\n') {
        return true;
    }
    let line_from = memchr::memrchr(b'\n', before.as_bytes()).map_or(0, |i| i + 1);
    let line = &before[line_from..];
    if line.bytes().all(|c| matches!(c, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)) {
        return true;
    }
    line.trim_start_matches('\u{feff}').trim().is_empty()
}

/// Castling written with the letter O, with a check or mate sign or
/// neither: a word [`Lexer::classify`] reads as a word (no result, mark or
/// sentence is written so).
#[inline]
fn is_castling_word(w: &[u8]) -> bool {
    matches!(w, b"O-O" | b"O-O-O" | b"O-O+" | b"O-O-O+" | b"O-O#" | b"O-O-O#")
}

/// Whether a word has a full stop or the first byte of `…`, without which
/// [`has_glued_number`] finds no dots, so no number glued to a move.
#[inline]
fn may_have_glued_number(b: &[u8]) -> bool {
    b.iter().any(|&c| c == b'.' || c == 0xE2)
}

/// Whether a word holds a move number glued between moves: a digit, then
/// dots, then more of the word, after some other character (`e52.Sf3`).
fn has_glued_number(b: &[u8]) -> bool {
    let mut seen_other = false;
    for i in 0..b.len() {
        if !b[i].is_ascii_digit() && b[i] != b'.' {
            seen_other = true;
        }
        if seen_other && b[i].is_ascii_digit() {
            let d = dots_at(&b[i + 1..]);
            if d > 0 && i + 1 + d < b.len() && b[i + 1 + d] != b'.' {
                return true;
            }
        }
    }
    false
}

/// The length of the dots (`.`, `…`) at the start of `b`.
fn dots_at(b: &[u8]) -> usize {
    let mut i = 0;
    loop {
        if b.get(i) == Some(&b'.') {
            i += 1;
        } else if b[i..].starts_with("…".as_bytes()) {
            i += "…".len();
        } else {
            return i;
        }
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Whether `text` looks like one algebraic move in any language
/// (`Some(None)`), or two glued together (`Some(Some(k))`, cut at byte `k`).
fn is_move_shape(text: &str) -> Option<Option<usize>> {
    // Between two glued numbers stand a white and a black move: two moves
    // are preferred to one fully qualified move (`Lc4b5` is `Lc4 b5`).
    let b = text.as_bytes();
    if let Some(k) = (2..b.len().saturating_sub(1)).find(|&k| one_move_shape(&b[..k]) && one_move_shape(&b[k..])) {
        return Some(Some(k));
    }
    one_move_shape(b).then_some(None)
}

fn one_move_shape(b: &[u8]) -> bool {
    let mut core = b;
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = core {
        core = rest;
    }
    if matches!(core, b"O-O" | b"O-O-O" | b"0-0" | b"0-0-0") || core == "0–0".as_bytes() || core == "0–0–0".as_bytes() {
        return true;
    }
    // An optional piece letter, origin file and rank, capture, the square,
    // and a promotion.
    let piece = core.first().is_some_and(u8::is_ascii_uppercase);
    let rest = if piece { &core[1..] } else { core };
    let sq = match rest {
        [r @ .., b'=', p] if p.is_ascii_uppercase() => r,
        [r @ .., p] if p.is_ascii_uppercase() && r.last().is_some_and(|c| *c == b'8' || *c == b'1') => r,
        _ => rest,
    };
    match sq {
        [prefix @ .., f, r] if matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8') => {
            let (origin, capture) = match prefix {
                [o @ .., b'x' | b':'] => (o, true),
                o => (o, false),
            };
            if piece {
                origin.len() <= 2 && origin.iter().all(|c| matches!(c, b'a'..=b'h' | b'1'..=b'8'))
            } else {
                // A pawn names only its file, when it captures.
                origin.is_empty() || (capture && matches!(origin, [b'a'..=b'h']))
            }
        }
        _ => false,
    }
}

/// The number ASCII `digits` write; one too large for a move number is
/// `u32::MAX`, which matches no position.
fn number(digits: &[u8]) -> u32 {
    digits.iter().try_fold(0u32, |n, d| n.checked_mul(10)?.checked_add(u32::from(d - b'0'))).unwrap_or(u32::MAX)
}

/// Marks written in parentheses, which would otherwise open a variation.
const PAREN_MARKS: [&str; 6] = ["(ep)", "(e.p.)", "(!)", "(?)", "(!?)", "(?!)"];

/// Whether `b` starts with `word` followed by white space or the end.
fn ends_word(b: &[u8], word: &str) -> bool {
    b.starts_with(word.as_bytes()) && b.get(word.len()).is_none_or(|c| is_space(*c))
}

/// Words that only qualify the move before them.
fn is_mark(text: &str) -> bool {
    matches!(
        text,
        "e.p." | "e.p" | "ep" | "a.p." | "a.p"
            | "+" | "++" | "#" | "†" | "‡" | "ch" | "ch." | "check" | "dis" | "dis." | "disc" | "dbl" | "dbl." | "double"
            | "mate" | "mate." | "checkmate" | "mat" | "mate!" | "jaque" | "mate!!"
            | "matt" | "matt." | "Matt" | "Matt." | "matt!" | "Mate" | "Mate." | "schachmatt" | "Schachmatt" | "Schach"
            | "xeque" | "xeque-mate" | "xeque-mate." | "Xeque-mate" | "jaque-mate" | "Jaque" | "jaquemate"
            | "scacco" | "matto" | "scacco-matto" | "échec" | "schaakmat" | "schaak"
            | "ahogado" | "afogado" | "stalemate" | "pat"
            | "!" | "?" | "!!" | "??" | "!?" | "?!"
            | "=" | "+=" | "=+" | "+/=" | "=/+" | "+-" | "-+" | "+/-" | "-/+" | "±" | "∓" | "⩲" | "⩱" | "∞" | "□" | "N"
    )
}

/// The bytes of a plain tag's name: visible ASCII but quotes and brackets.
static PLAIN_NAME: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_graphic() && !matches!(b, b'"' | b'[' | b']');
        c += 1;
    }
    t
};

/// The name and value of a tag written the plain way, `[Name "value"]`
/// (one space, no quote or backslash in the value), as the general reading
/// in [`Lexer::tag`] gives them; `None` for any other shape.
fn plain_tag(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix('[')?.strip_suffix("\"]")?;
    // The name is short: a plain loop finds its end sooner than memchr.
    let space = inner.bytes().position(|c| c == b' ')?;
    let (name, value) = (&inner[..space], inner[space + 1..].strip_prefix('"')?);
    let name_ok = !name.is_empty() && name.bytes().all(|c| PLAIN_NAME[usize::from(c)]);
    let value_ok = memchr::memchr2(b'"', b'\\', value.as_bytes()).is_none();
    (name_ok && value_ok).then_some((name, value))
}

/// `s` without the white space at its ends, as [`str::trim`] gives it; a
/// text that begins and ends with a visible ASCII character (most
/// comments) is returned at once.
#[inline]
pub(crate) fn trim(s: &str) -> &str {
    let visible = |c: &u8| (0x21..0x7f).contains(c);
    match s.as_bytes() {
        [first, .., last] if visible(first) && visible(last) => s,
        [only] if visible(only) => s,
        _ => s.trim(),
    }
}

/// How many `\n` bytes `b` holds.
pub(crate) fn newlines(b: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', b).count()
}

fn memchr(needle: u8, hay: &[u8]) -> Option<usize> {
    memchr::memchr(needle, hay)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens of `src` and the last move number after each, read with
    /// the quick words (`QUICK`) or only the general way.
    fn scanned<const QUICK: bool>(src: &str) -> Vec<(Tok, u32)> {
        let mut l = Lexer::new(src);
        let mut v = Vec::new();
        while let Some(t) = l.scan::<QUICK>() {
            v.push((t, l.last_number));
        }
        v
    }

    proptest::proptest! {
        /// The quick words are read as the general way reads them.
        #[test]
        fn quick_words_are_read_as_the_general_way(
            words in proptest::collection::vec("[0-9]{0,3}\\.{0,3}[a-hA-Z0-9xO+#=!?.,;()\\-]{0,6}|[0-9]{0,2}\\.{0,3}O-O(-O)?[+#!,;)]?|0-0|1-0|1/2-1/2|\\{x\\}|e4\\(=\\)|12\\.Nf3e52\\.Sf3|…|e8=Q,", 0..12),
            gaps in proptest::collection::vec(" |\n|\r\n|\t|", 12),
        ) {
            let src: String = words.iter().zip(&gaps).flat_map(|(w, g)| [w.as_str(), g.as_str()]).collect();
            proptest::prop_assert_eq!(scanned::<true>(&src), scanned::<false>(&src), "{:?}", src);
        }

        /// A word that `has_glued_number` finds a number in passes the
        /// quick test before it.
        #[test]
        fn glued_numbers_have_dots(w in "[0-9a-hNBRQKx+#.…]{0,10}") {
            if has_glued_number(w.as_bytes()) {
                proptest::prop_assert!(may_have_glued_number(w.as_bytes()), "{}", w);
            }
        }
    }

    fn kinds(src: &str) -> Vec<(TokKind, String)> {
        let mut l = Lexer::new(src);
        let mut v = Vec::new();
        while let Some(t) = l.next_tok() {
            v.push((t.kind, l.text(&t).to_owned()));
        }
        v
    }

    #[test]
    fn numbers_moves_marks_and_results() {
        let v = kinds("1.e4 e5 2. Nf3 {a comment} 2... Nc6 $1 9 Cbd2 exd6 e.p. 11. Kb1 (=) Qh4++ 1-0");
        let k: Vec<TokKind> = v.iter().map(|x| x.0).collect();
        assert_eq!(
            k,
            vec![
                TokKind::MoveNumber(1),
                TokKind::Word,
                TokKind::Word,
                TokKind::MoveNumber(2),
                TokKind::Word,
                TokKind::Comment,
                TokKind::MoveNumber(2),
                TokKind::Word,
                TokKind::Nag(1),
                TokKind::MoveNumber(9),
                TokKind::Word,
                TokKind::Word,
                TokKind::Mark(Mark::EnPassant),
                TokKind::MoveNumber(11),
                TokKind::Word,
                TokKind::DrawOffer,
                TokKind::Word,
                TokKind::Result(GameResult::WhiteWins),
            ]
        );
        assert_eq!(v[5].1, "a comment");
    }

    #[test]
    fn glued_draw_offer_and_variation_end() {
        let v = kinds("11. Kb1(=) (11. Kd2) C(2D)3C d8(D)");
        let k: Vec<TokKind> = v.iter().map(|x| x.0).collect();
        assert_eq!(
            k,
            vec![
                TokKind::MoveNumber(11),
                TokKind::Word,
                TokKind::DrawOffer,
                TokKind::VariationStart,
                TokKind::MoveNumber(11),
                TokKind::Word,
                TokKind::VariationEnd,
                TokKind::Word,
                TokKind::Word,
            ]
        );
        assert_eq!(v[1].1, "Kb1");
        assert_eq!(v[7].1, "C(2D)3C");
    }

    #[test]
    fn move_numbers_of_any_length_with_dots() {
        let v = kinds("1000. Kd2 1000... Kd7 1001.Ke3 12345… Ke6 99999999999. 1000 5254");
        let k: Vec<TokKind> = v.iter().map(|x| x.0).collect();
        assert_eq!(
            k,
            vec![
                TokKind::MoveNumber(1000),
                TokKind::Word,
                TokKind::MoveNumber(1000),
                TokKind::Word,
                TokKind::MoveNumber(1001),
                TokKind::Word,
                TokKind::MoveNumber(12345),
                TokKind::Word,
                TokKind::MoveNumber(u32::MAX),
                // Four digits without a dot: an ICCF move.
                TokKind::Word,
                TokKind::Word,
            ]
        );
        assert_eq!(v[4].1, "1001.");
        assert_eq!(v[5].1, "Ke3");
    }

    #[test]
    fn a_misprinted_number_glued_without_a_dot_is_a_word() {
        let v = kinds("1. 2e2e4 e7e5");
        assert_eq!(v[1], (TokKind::Word, "2e2e4".to_owned()));
    }

    #[test]
    fn castling_is_not_a_result() {
        let v = kinds("0-0 0-1");
        assert_eq!(v[0].0, TokKind::Word);
        assert_eq!(v[1].0, TokKind::Result(GameResult::BlackWins));
    }

    /// The end of a tag as a plain byte loop over every byte finds it: the
    /// reference for the scan that stops only at the bytes that matter.
    fn tag_end_by_bytes(b: &[u8], start: usize) -> usize {
        let mut i = start + 1;
        let mut quoted = false;
        while i < b.len() {
            match b[i] {
                b'\\' if quoted && b.get(i + 1).is_some_and(|c| *c != b'\n') => i += 1,
                b'"' => quoted = !quoted,
                b']' if !quoted => break,
                b'\n' => break,
                _ => {}
            }
            i += 1;
        }
        let i = i.min(b.len());
        if i < b.len() && b[i] == b']' { i + 1 } else { i }
    }

    proptest::proptest! {
        /// The quick trim gives what `str::trim` gives.
        #[test]
        fn trim_is_str_trim(s in "[ \\t\\r\\n\\x0b\\x0c\\u{a0}\\u{3000}a}(=)\\[%é-]{0,12}") {
            proptest::prop_assert_eq!(trim(&s), s.trim());
        }

        /// Whether a `[` starts its line, as the search for the last line
        /// break tells it and as splitting off the last line and trimming
        /// it did.
        #[test]
        fn a_tag_starts_its_line_as_the_trimmed_line_says(before in "[ \\t\\r\\n\\x0b\\u{feff}\\u{a0}a1.]{0,10}") {
            let slow = before.rsplit('\n').next().is_none_or(|l| l.trim_start_matches('\u{feff}').trim().is_empty());
            proptest::prop_assert_eq!(starts_line(&before), slow);
        }

        /// A tag's end found by the scan is where the plain byte loop finds
        /// it, escapes, quotes and line breaks included.
        #[test]
        fn a_tag_ends_where_the_byte_loop_ends_it(text in "\\[[A-Za-z \"\\\\\\]\\n]{0,16}") {
            let mut l = Lexer::new(&text);
            let t = l.next_tok().expect("a token");
            proptest::prop_assert!(matches!(t.kind, TokKind::Tag | TokKind::BadTag));
            proptest::prop_assert_eq!(t.end as usize, tag_end_by_bytes(text.as_bytes(), 0));
        }

        /// A word of digits and full stops is read by the quick path as the
        /// general one reads it.
        #[test]
        fn numbers_with_dots_read_as_the_general_way_reads_them(digits in "[0-9]{1,12}", dots in 1usize..5) {
            let word = format!("{digits}{}", ".".repeat(dots));
            let mut quick = Lexer::new(&word);
            let mut general = Lexer::new(&word);
            let fast = quick.classify(0, word.len());
            let slow = general.classify_other(0, word.len());
            proptest::prop_assert_eq!(fast, slow);
            proptest::prop_assert_eq!(quick.last_number, general.last_number);
            proptest::prop_assert!(quick.pending.is_empty() && general.pending.is_empty());
        }

        /// A number glued to its move (`12.Nf3`, `3...exd5+`) is read by the
        /// quick path as the general one reads it: the number, then the move
        /// queued.
        #[test]
        fn numbers_glued_to_moves_read_as_the_general_way_reads_them(digits in "[0-9]{1,6}", dots in 1usize..4, word in "[A-Za-z][a-z0-9+#=]{0,5}") {
            let text = format!("{digits}{}{word}", ".".repeat(dots));
            let mut quick = Lexer::new(&text);
            let mut general = Lexer::new(&text);
            let fast = quick.classify(0, text.len());
            let slow = general.classify_other(0, text.len());
            proptest::prop_assert_eq!(fast, slow);
            proptest::prop_assert_eq!(quick.last_number, general.last_number);
            proptest::prop_assert_eq!(&quick.pending, &general.pending);
        }
    }

    #[test]
    fn the_plain_name_table_agrees_with_its_test() {
        for c in 0..=255u8 {
            assert_eq!(PLAIN_NAME[usize::from(c)], c.is_ascii_graphic() && !matches!(c, b'"' | b'[' | b']'), "{c}");
        }
    }

    #[test]
    fn tags_and_unclosed_comment() {
        let src = "[White \"Alekhine, \\\"A\\\"\"]\n1. e4 {never closed";
        let mut l = Lexer::new(src);
        let t = l.next_tok().unwrap();
        assert_eq!(t.kind, TokKind::Tag);
        let (name, value) = l.tag(&t);
        assert_eq!((name, value.as_ref()), ("White", "Alekhine, \"A\""));
        let rest: Vec<TokKind> = std::iter::from_fn(|| l.next_tok()).map(|t| t.kind).collect();
        assert_eq!(rest, vec![TokKind::MoveNumber(1), TokKind::Word, TokKind::UnclosedComment]);
    }
}
