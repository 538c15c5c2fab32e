//! Moves in words, as a player announces them at the board: "caballo toma
//! alfil en e5", "Springer Felix drei", "castles short, check".
//!
//! Pure: a position, a legal move and the position after it in, a phrase
//! out. The words and their order come from the language pack
//! (`voices/<lang>/moves.ftl`, or `voices/fide/` for the international
//! announcement words); the code only decides which parts a move has.
//!
//! Invariants: every phrase names the destination square (or the castling),
//! a capture with the piece captured, en passant, the promotion piece, check
//! and mate; in the short style the origin is named exactly when another
//! piece of the same kind could reach the same square (as short algebraic
//! does), and a pawn capture names the pawn's file; the long style always
//! names the piece and its origin.

use std::fmt;
use std::str::FromStr;

use fluent_bundle::FluentArgs;
use shakmaty::{Chess, File, Move, Position, Rank, Role, Square};

use crate::i18n::Texts;

/// How much a phrase says.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// What short algebraic says: "caballo f3", "e4", "e toma d5".
    #[default]
    Short,
    /// The piece, its origin and its destination: "peón e2 e4".
    Long,
}

/// How files are said.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Files {
    /// Letters, with the square written compactly: "f3".
    #[default]
    Letters,
    /// The FIDE names: Anna, Bella, Cesar, David, Eva, Felix, Gustav, Hector.
    Fide,
    /// The NATO alphabet: alpha .. hotel.
    Nato,
    /// The language's own spelling alphabet.
    Phonetic,
}

/// A word that names no style.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{word}`; expected {expected}")]
pub struct UnknownWord {
    /// What the word was to name (a style, a way to say files).
    pub what: &'static str,
    /// The word given.
    pub word: String,
    /// The words accepted.
    pub expected: &'static str,
}

impl FromStr for Style {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Style, UnknownWord> {
        match s.to_ascii_lowercase().as_str() {
            "short" => Ok(Style::Short),
            "long" => Ok(Style::Long),
            _ => Err(UnknownWord { what: "announcement style", word: s.to_owned(), expected: "short or long" }),
        }
    }
}

impl FromStr for Files {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Files, UnknownWord> {
        match s.to_ascii_lowercase().as_str() {
            "letters" => Ok(Files::Letters),
            "fide" => Ok(Files::Fide),
            "nato" => Ok(Files::Nato),
            "phonetic" => Ok(Files::Phonetic),
            _ => Err(UnknownWord { what: "file words", word: s.to_owned(), expected: "letters, fide, nato or phonetic" }),
        }
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Style::Short => "short",
            Style::Long => "long",
        })
    }
}

impl fmt::Display for Files {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Files::Letters => "letters",
            Files::Fide => "fide",
            Files::Nato => "nato",
            Files::Phonetic => "phonetic",
        })
    }
}

/// Says moves in one pack's words.
pub struct Announcer {
    texts: Texts,
    style: Style,
    files: Files,
}

impl fmt::Debug for Announcer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Announcer").field("style", &self.style).field("files", &self.files).finish()
    }
}

pub(crate) fn role_name(r: Role) -> &'static str {
    match r {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

/// Collapses the runs of spaces that empty parts leave.
fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Announcer {
    /// The announcer of pack `code` (a language code, or `fide`).
    pub fn new(code: &str, style: Style, files: Files) -> Option<Announcer> {
        Some(Announcer { texts: Texts::pack(code)?, style, files })
    }

    /// Short or long announcements.
    pub fn style(&self) -> Style {
        self.style
    }

    fn args(&self) -> FluentArgs<'static> {
        let mut a = FluentArgs::new();
        a.set("files", self.files.to_string());
        a.set("squares", if self.files == Files::Letters { "letters" } else { "words" });
        a
    }

    fn piece(&self, role: Role) -> String {
        let mut a = self.args();
        a.set("role", role_name(role));
        self.texts.get("piece-word", Some(&a))
    }

    fn file(&self, f: File) -> String {
        let mut a = self.args();
        a.set("file", f.char().to_string());
        self.texts.get("file-word", Some(&a))
    }

    fn rank(&self, r: Rank) -> String {
        let mut a = self.args();
        a.set("rank", u64::from(r) + 1);
        self.texts.get("rank-word", Some(&a))
    }

    /// A square in words: "f3", "Felix drei".
    pub fn square(&self, sq: Square) -> String {
        let mut a = self.args();
        a.set("file", sq.file().char().to_string());
        a.set("rank", u64::from(sq.rank()) + 1);
        self.texts.get("square", Some(&a))
    }

    /// The phrase for `m`, played in `before`, reaching `after`.
    pub fn phrase(&self, before: &Chess, m: Move, after: &Chess) -> String {
        let mut a = self.args();
        let check = if after.is_checkmate() {
            "mate"
        } else if after.is_check() {
            "check"
        } else {
            "none"
        };
        a.set("check", check);
        let castle = match m {
            Move::Castle { king, rook } => {
                if rook.file() > king.file() {
                    "short"
                } else {
                    "long"
                }
            }
            _ => "none",
        };
        a.set("castle", castle);
        let role = m.role();
        let from = m.from().expect("chess moves have an origin");
        let long = self.style == Style::Long;
        let piece = if role == Role::Pawn && !long { String::new() } else { self.piece(role) };
        let origin = if long {
            self.square(from)
        } else if role == Role::Pawn {
            if m.is_capture() { self.file(from.file()) } else { String::new() }
        } else {
            self.disambiguation(before, m, from)
        };
        // A pawn's capture said short, where a pack says it its own way
        // (Spanish "d por c4").
        a.set("pawn", if role == Role::Pawn && !long { "yes" } else { "no" });
        a.set("piece", piece);
        a.set("from", origin);
        a.set("to", self.square(m.to()));
        a.set("capture", if m.is_capture() { "yes" } else { "no" });
        a.set("captured", m.capture().map(|r| self.piece(r)).unwrap_or_default());
        a.set("ep", if m.is_en_passant() { "yes" } else { "no" });
        match m.promotion() {
            Some(p) => a.set("promotion", self.piece(p)),
            None => a.set("promotion", "none"),
        }
        tidy(&self.texts.get("move-phrase", Some(&a)))
    }

    /// The part of the origin short algebraic would write: the file, the
    /// rank, or the square, when another piece of the kind could go there.
    fn disambiguation(&self, before: &Chess, m: Move, from: Square) -> String {
        if m.role() == Role::King {
            return String::new();
        }
        let others: Vec<Square> = before
            .legal_moves()
            .iter()
            .filter(|o| o.role() == m.role() && o.to() == m.to() && o.promotion() == m.promotion())
            .filter_map(|o| o.from())
            .filter(|f| *f != from)
            .collect();
        if others.is_empty() {
            String::new()
        } else if others.iter().all(|o| o.file() != from.file()) {
            self.file(from.file())
        } else if others.iter().all(|o| o.rank() != from.rank()) {
            self.rank(from.rank())
        } else {
            self.square(from)
        }
    }
}
