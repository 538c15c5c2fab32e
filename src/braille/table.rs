//! The chess signs of each language, read from the data files of `braille/`
//! (`es.toml`, `en.toml`, ...; compiled into the binary). The format is
//! described in `braille/README.md`: every sign is written as dot numbers,
//! with its print equivalent, its source and whether it is confirmed.
//!
//! Loading checks what the layout relies on: every sign is present and
//! non-blank, move signs use dots 1-6 only, piece letters, files and digits
//! are each distinct, no digit is also a file letter, and every source named
//! exists.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use shakmaty::{File, Role};

use super::Cell;
use crate::notation::Lang;

/// How sure a sign is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Read in the source itself.
    Confirmed,
    /// Read in a third party's transcription of the source.
    Secondary,
    /// tiflo's provisional choice.
    Unconfirmed,
}

/// Where the check sign goes in a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum CheckPosition {
    /// After the move, as print writes `+`.
    End,
    /// Before the destination square, with the capture sign (as a third
    /// party's transcription of the British code has it; no shipped table).
    BeforeDestination,
}

/// One sign of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sign {
    /// Its name in the table (`capture`, `king`, `files`...).
    pub name: String,
    /// Its cells.
    pub cells: Vec<Cell>,
    /// What print writes for it (`x`, `R`...).
    pub print: String,
    /// How sure it is.
    pub status: Status,
    /// The key of its source in the table's `[sources]`.
    pub source: String,
}

/// A table that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file is not TOML of the table's form.
    #[error("braille table {file}: {source}")]
    Toml {
        /// The table's file name.
        file: String,
        /// What the TOML reader said.
        source: toml::de::Error,
    },
    /// A sign's dots are not dot numbers.
    #[error(
        "braille table {file}: sign `{sign}`: `{dots}` is not dot numbers (cells of digits 1-8 separated by spaces, 0 for a blank cell)"
    )]
    BadDots {
        /// The table's file name.
        file: String,
        /// The sign's name.
        sign: String,
        /// The text written for its dots.
        dots: String,
    },
    /// A sign that cannot be used as written.
    #[error("braille table {file}: sign `{sign}` {problem}")]
    BadSign {
        /// The table's file name.
        file: String,
        /// The sign's name.
        sign: String,
        /// What is wrong, in words.
        problem: String,
    },
    /// A sign names a source the table's `[sources]` lacks.
    #[error("braille table {file}: sign `{sign}` names the unknown source `{key}`")]
    UnknownSource {
        /// The table's file name.
        file: String,
        /// The sign's name.
        sign: String,
        /// The source key it names.
        key: String,
    },
    /// Signs that must differ from each other do not.
    #[error("braille table {file}: {what} are not all different")]
    NotDistinct {
        /// The table's file name.
        file: String,
        /// Which signs ("piece letters", "files", "digits"...).
        what: &'static str,
    },
    /// No table is shipped for the language.
    #[error("no braille table for the language `{0}`")]
    NoTable(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSign {
    dots: String,
    #[serde(default)]
    print: String,
    status: Status,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeries {
    dots: String,
    status: Status,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLetters {
    dots: String,
    #[serde(default)]
    accented: BTreeMap<String, String>,
    status: Status,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPieces {
    king: RawSign,
    queen: RawSign,
    rook: RawSign,
    bishop: RawSign,
    knight: RawSign,
    pawn: RawSign,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawSigns {
    capture: RawSign,
    check: RawSign,
    #[serde(default)]
    capture_check: Option<RawSign>,
    mate: RawSign,
    castle_short: RawSign,
    castle_long: RawSign,
    en_passant: RawSign,
    promotion: RawSign,
    draw_offer: RawSign,
    black_move: RawSign,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClock {
    white: RawSign,
    black: RawSign,
    separator: RawSign,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMark {
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    added: Option<String>,
    status: Status,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCapital {
    pieces: Vec<String>,
    six: RawMark,
    eight: RawMark,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawTable {
    lang: String,
    /// The code the table follows, in words: required in every table, for
    /// its readers; tiflo itself does not use it.
    #[allow(dead_code)]
    convention: String,
    check_position: CheckPosition,
    sources: BTreeMap<String, String>,
    pieces: RawPieces,
    #[serde(default)]
    capital: Option<RawCapital>,
    #[serde(default)]
    brltty_pieces: BTreeMap<String, RawSign>,
    files: RawSeries,
    digits: RawSeries,
    signs: RawSigns,
    clock: RawClock,
    letters: RawLetters,
}

/// How a piece letter that is also a file letter is written in moves: as
/// print's capital letter, in the language's braille.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Cells before the letter (the literary capital sign).
    Prefix(Vec<Cell>),
    /// Dots added to the letter (dot 7: the computer-braille capital).
    Added(Cell),
}

/// The capital letters of a table: which pieces, and their mark on 6 and
/// on 8 dots.
#[derive(Clone, Debug)]
pub struct Capital {
    /// The pieces whose letters are marked.
    pub pieces: Vec<Role>,
    /// The mark on a six-dot display.
    pub six: Mark,
    /// The mark on an eight-dot display.
    pub eight: Mark,
    /// The marks as signs, for listings and sources.
    signs: [Sign; 2],
}

/// The shipped tables: file name and text.
const FILES: &[(&str, &str)] = &[
    ("en.toml", include_str!("../../braille/en.toml")),
    ("es.toml", include_str!("../../braille/es.toml")),
    ("pt.toml", include_str!("../../braille/pt.toml")),
    ("fr.toml", include_str!("../../braille/fr.toml")),
    ("de.toml", include_str!("../../braille/de.toml")),
    ("it.toml", include_str!("../../braille/it.toml")),
    ("nl.toml", include_str!("../../braille/nl.toml")),
];

/// Which letters the board's pieces are written with (the
/// `braille-board-letters` setting).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum BoardLetters {
    /// The language's braille chess code (for English the BCA's: the
    /// bishop l, the knight s).
    #[default]
    Code,
    /// The letters of BRLTTY's and liblouis's chess tables where they
    /// differ (for English the bishop b, the knight n).
    Brltty,
}

/// The chess signs of one language.
#[derive(Clone, Debug)]
pub struct Table {
    /// The language the signs are of.
    pub lang: Lang,
    pub(crate) check_position: CheckPosition,
    /// Source key to citation.
    pub sources: BTreeMap<String, String>,
    /// King, queen, rook, bishop, knight, pawn.
    pieces: [Sign; 6],
    /// The pieces written as capital letters in moves, where the table
    /// has some.
    capital: Option<Capital>,
    /// The board's letters that BRLTTY's and liblouis's chess tables write
    /// otherwise (`[brltty-pieces]`).
    brltty_pieces: Vec<(Role, Sign)>,
    files: [Cell; 8],
    digits: [Cell; 10],
    capture: Sign,
    check: Sign,
    capture_check: Option<Sign>,
    mate: Sign,
    castle_short: Sign,
    castle_long: Sign,
    en_passant: Sign,
    promotion: Sign,
    draw_offer: Sign,
    black_move: Sign,
    clock_white: Sign,
    clock_black: Sign,
    clock_separator: Sign,
    /// The letters a-z of the language's literary braille.
    letters: [Cell; 26],
    /// Its accented letters of one cell.
    accented: Vec<(char, Cell)>,
    /// The files, digits and letters series as signs, for listings.
    series: [Sign; 3],
}

/// Reads dot numbers: cells separated by spaces, each the digits of its
/// dots, `0` for a blank cell.
pub fn parse_dots(text: &str) -> Option<Vec<Cell>> {
    let cells: Option<Vec<Cell>> = text
        .split_whitespace()
        .map(|group| {
            if group == "0" {
                return Some(0);
            }
            let mut cell = 0u8;
            for c in group.chars() {
                let d = c.to_digit(10).filter(|d| (1..=8).contains(d))?;
                let bit = 1u8 << (d - 1);
                if cell & bit != 0 {
                    return None;
                }
                cell |= bit;
            }
            Some(cell)
        })
        .collect();
    cells.filter(|c| !c.is_empty())
}

struct Loader<'a> {
    file: &'a str,
    sources: &'a BTreeMap<String, String>,
}

impl Loader<'_> {
    fn sign(&self, name: &str, raw: &RawSign, six_dot: bool) -> Result<Sign, TableError> {
        let cells = parse_dots(&raw.dots).ok_or_else(|| TableError::BadDots {
            file: self.file.to_owned(),
            sign: name.to_owned(),
            dots: raw.dots.clone(),
        })?;
        if cells.iter().all(|&c| c == 0) {
            return Err(self.bad(name, "is blank"));
        }
        if six_dot && cells.iter().any(|&c| c & 0xC0 != 0) {
            return Err(self.bad(name, "uses dot 7 or 8; move signs are 6-dot"));
        }
        self.source(name, &raw.source)?;
        Ok(Sign {
            name: name.to_owned(),
            cells,
            print: raw.print.clone(),
            status: raw.status,
            source: raw.source.clone(),
        })
    }

    fn single(&self, name: &str, raw: &RawSign) -> Result<(Sign, Cell), TableError> {
        let s = self.sign(name, raw, true)?;
        match s.cells.as_slice() {
            [c] => {
                let c = *c;
                Ok((s, c))
            }
            _ => Err(self.bad(name, "must be one cell")),
        }
    }

    fn series<const N: usize>(&self, name: &str, raw: &RawSeries) -> Result<(Sign, [Cell; N]), TableError> {
        let sign = self.sign(
            name,
            &RawSign { dots: raw.dots.clone(), print: String::new(), status: raw.status, source: raw.source.clone() },
            true,
        )?;
        let cells: [Cell; N] =
            sign.cells.clone().try_into().map_err(|_| self.bad(name, &format!("must have exactly {N} cells")))?;
        if cells.contains(&0) {
            return Err(self.bad(name, "has a blank cell"));
        }
        Ok((sign, cells))
    }

    fn mark(&self, name: &str, raw: &RawMark) -> Result<(Mark, Sign), TableError> {
        let (dots, prefix) = match (&raw.prefix, &raw.added) {
            (Some(p), None) => (p, true),
            (None, Some(a)) => (a, false),
            _ => return Err(self.bad(name, "is either a prefix or dots added")),
        };
        let raw_sign = RawSign { dots: dots.clone(), print: String::new(), status: raw.status, source: raw.source.clone() };
        let sign = self.sign(name, &raw_sign, prefix)?;
        let mark = if prefix {
            Mark::Prefix(sign.cells.clone())
        } else {
            match sign.cells.as_slice() {
                [c] if c & 0x3F == 0 => Mark::Added(*c),
                _ => return Err(self.bad(name, "adds dots 7 and 8 only, in one cell")),
            }
        };
        Ok((mark, sign))
    }

    fn capital(
        &self,
        raw: &RawCapital,
        pieces: &[Sign; 6],
        files: &[Cell; 8],
        digits: &[Cell; 10],
    ) -> Result<Capital, TableError> {
        let mut roles = Vec::new();
        for name in &raw.pieces {
            let role = match role_named(name) {
                Some(role) if role != Role::Pawn => role,
                _ => return Err(self.bad("capital", &format!("`{name}` is no piece of a move"))),
            };
            roles.push(role);
        }
        let (six, six_sign) = self.mark("capital six", &raw.six)?;
        let (eight, eight_sign) = self.mark("capital eight", &raw.eight)?;
        // The marks must not read as a file, a digit or a piece letter.
        let plain: Vec<Cell> = files.iter().chain(digits).copied().chain(pieces.iter().map(|p| p.cells[0])).collect();
        for (name, mark) in [("capital six", &six), ("capital eight", &eight)] {
            if let Mark::Prefix(p) = mark
                && plain.contains(&p[0])
            {
                return Err(self.bad(name, "begins with a file, digit or piece letter"));
            }
        }
        Ok(Capital { pieces: roles, six, eight, signs: [six_sign, eight_sign] })
    }

    fn source(&self, name: &str, key: &str) -> Result<(), TableError> {
        if self.sources.contains_key(key) {
            Ok(())
        } else {
            Err(TableError::UnknownSource { file: self.file.to_owned(), sign: name.to_owned(), key: key.to_owned() })
        }
    }

    fn bad(&self, name: &str, problem: &str) -> TableError {
        TableError::BadSign { file: self.file.to_owned(), sign: name.to_owned(), problem: problem.to_owned() }
    }
}

fn distinct(cells: &[Cell]) -> bool {
    cells.iter().enumerate().all(|(i, c)| !cells[..i].contains(c))
}

impl Table {
    /// Reads a table from the text of its file (`file` names it in errors).
    pub fn parse(file: &str, text: &str) -> Result<Table, TableError> {
        let raw: RawTable =
            toml::from_str(text).map_err(|source| TableError::Toml { file: file.to_owned(), source })?;
        let lang: Lang = raw.lang.parse().map_err(|_| TableError::NoTable(raw.lang.clone()))?;
        let l = Loader { file, sources: &raw.sources };
        let p = &raw.pieces;
        let pieces = [
            l.single("king", &p.king)?.0,
            l.single("queen", &p.queen)?.0,
            l.single("rook", &p.rook)?.0,
            l.single("bishop", &p.bishop)?.0,
            l.single("knight", &p.knight)?.0,
            l.single("pawn", &p.pawn)?.0,
        ];
        let (files_sign, files) = l.series::<8>("files", &raw.files)?;
        let (digits_sign, digits) = l.series::<10>("digits", &raw.digits)?;
        let piece_cells: Vec<Cell> = pieces.iter().map(|s| s.cells[0]).collect();
        if !distinct(&piece_cells) {
            return Err(TableError::NotDistinct { file: file.to_owned(), what: "piece letters" });
        }
        if !distinct(&files) {
            return Err(TableError::NotDistinct { file: file.to_owned(), what: "files" });
        }
        if !distinct(&digits) {
            return Err(TableError::NotDistinct { file: file.to_owned(), what: "digits" });
        }
        if digits.iter().any(|d| files.contains(d)) {
            return Err(TableError::NotDistinct { file: file.to_owned(), what: "files and digits" });
        }
        let raw_letters = RawSeries {
            dots: raw.letters.dots.clone(),
            status: raw.letters.status,
            source: raw.letters.source.clone(),
        };
        let (letters_sign, letters) = l.series::<26>("letters", &raw_letters)?;
        let mut accented = Vec::new();
        for (letter, dots) in &raw.letters.accented {
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(l.bad(&format!("letters {letter}"), "must name one letter"));
            };
            let raw = RawSign {
                dots: dots.clone(),
                print: letter.clone(),
                status: raw.letters.status,
                source: raw.letters.source.clone(),
            };
            accented.push((c, l.single(&format!("letters {letter}"), &raw)?.1));
        }
        let all_letters: Vec<Cell> = letters.iter().copied().chain(accented.iter().map(|(_, c)| *c)).collect();
        if !distinct(&all_letters) {
            return Err(TableError::NotDistinct { file: file.to_owned(), what: "letters" });
        }
        if digits.iter().any(|d| all_letters.contains(d)) {
            return Err(TableError::NotDistinct { file: file.to_owned(), what: "letters and digits" });
        }
        let capital = raw.capital.as_ref().map(|c| l.capital(c, &pieces, &files, &digits)).transpose()?;
        // A piece letter that is also a file letter must be a capital in
        // moves, or Bxb5 and bxb5 would be the same cells.
        for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            let marked = capital.as_ref().is_some_and(|c| c.pieces.contains(&role));
            if files.contains(&pieces[piece_index(role)].cells[0]) && !marked {
                return Err(l.bad(
                    &pieces[piece_index(role)].name,
                    "is also a file letter: list it in [capital] pieces, so that moves read back",
                ));
            }
        }
        let mut brltty_pieces = Vec::new();
        for (name, sign) in &raw.brltty_pieces {
            let Some(role) = role_named(name) else {
                return Err(l.bad("brltty-pieces", &format!("`{name}` is no piece")));
            };
            let (mut sign, _) = l.single(&format!("brltty {name}"), sign)?;
            sign.name = format!("brltty-{name}");
            brltty_pieces.push((role, sign));
        }
        let board: Vec<Cell> = Role::ALL
            .iter()
            .map(|r| brltty_pieces.iter().find(|(x, _)| x == r).map_or(pieces[piece_index(*r)].cells[0], |(_, s)| s.cells[0]))
            .collect();
        if !distinct(&board) {
            return Err(TableError::NotDistinct { file: file.to_owned(), what: "BRLTTY's piece letters" });
        }
        let s = &raw.signs;
        let c = &raw.clock;
        Ok(Table {
            brltty_pieces,
            lang,
            check_position: raw.check_position,
            pieces,
            capital,
            files,
            digits,
            capture: l.sign("capture", &s.capture, true)?,
            check: l.sign("check", &s.check, true)?,
            capture_check: s.capture_check.as_ref().map(|r| l.sign("capture-check", r, true)).transpose()?,
            mate: l.sign("mate", &s.mate, true)?,
            castle_short: l.sign("castle-short", &s.castle_short, true)?,
            castle_long: l.sign("castle-long", &s.castle_long, true)?,
            en_passant: l.sign("en-passant", &s.en_passant, true)?,
            promotion: l.sign("promotion", &s.promotion, true)?,
            draw_offer: l.sign("draw-offer", &s.draw_offer, true)?,
            black_move: l.sign("black-move", &s.black_move, true)?,
            clock_white: l.sign("clock white", &c.white, true)?,
            clock_black: l.sign("clock black", &c.black, true)?,
            clock_separator: l.sign("clock separator", &c.separator, true)?,
            letters,
            accented,
            series: [files_sign, digits_sign, letters_sign],
            sources: raw.sources,
        })
    }

    /// The shipped table of `lang`.
    pub fn get(lang: Lang) -> Result<&'static Table, TableError> {
        static TABLES: OnceLock<Vec<Result<Table, String>>> = OnceLock::new();
        let tables = TABLES.get_or_init(|| {
            FILES.iter().map(|(file, text)| Table::parse(file, text).map_err(|e| e.to_string())).collect()
        });
        let lang = lang.base();
        let index = FILES
            .iter()
            .position(|(file, _)| file.strip_suffix(".toml") == Some(lang.code()))
            .ok_or_else(|| TableError::NoTable(lang.code().to_owned()))?;
        match &tables[index] {
            Ok(t) => Ok(t),
            // A shipped table that does not load is reported with its reason
            // (the tests load every one).
            Err(e) => {
                Err(TableError::BadSign { file: FILES[index].0.to_owned(), sign: String::new(), problem: e.clone() })
            }
        }
    }

    /// The languages that have a table.
    pub fn languages() -> impl Iterator<Item = Lang> {
        FILES.iter().filter_map(|(file, _)| file.strip_suffix(".toml")?.parse().ok())
    }

    /// The letter of a piece (one cell).
    pub fn piece(&self, role: Role) -> Cell {
        self.pieces[piece_index(role)].cells[0]
    }

    /// A piece's letter as a move writes it on `dots`: a piece whose letter
    /// is also a file letter is print's capital letter (see [`Capital`]).
    pub(crate) fn piece_cells(&self, role: Role, dots: super::Dots) -> Vec<Cell> {
        let letter = self.piece(role);
        match self.capital.as_ref().filter(|c| c.pieces.contains(&role)) {
            None => vec![letter],
            Some(c) => mark(
                match dots {
                    super::Dots::Six => &c.six,
                    super::Dots::Eight => &c.eight,
                },
                letter,
            ),
        }
    }

    /// The letter of a piece on the board's squares: the table's, or with
    /// [`BoardLetters::Brltty`] the letter BRLTTY's and liblouis's chess
    /// tables give it where the table lists one (`[brltty-pieces]`).
    pub fn board_piece(&self, role: Role, letters: BoardLetters) -> Cell {
        let brltty = match letters {
            BoardLetters::Code => None,
            BoardLetters::Brltty => self.brltty_pieces.iter().find(|(r, _)| *r == role),
        };
        brltty.map_or_else(|| self.piece(role), |(_, s)| s.cells[0])
    }

    /// Whether the board's letters differ with [`BoardLetters::Brltty`].
    pub fn has_brltty_pieces(&self) -> bool {
        !self.brltty_pieces.is_empty()
    }

    /// The pieces written as capital letters, and how.
    pub fn capital(&self) -> Option<&Capital> {
        self.capital.as_ref()
    }

    /// The print letter of a piece.
    pub(crate) fn piece_print(&self, role: Role) -> &str {
        &self.pieces[piece_index(role)].print
    }

    /// The cell of file `f`.
    pub fn file(&self, f: File) -> Cell {
        self.files[usize::from(f)]
    }

    /// Digit `d` (0-9).
    pub fn digit(&self, d: u8) -> Cell {
        self.digits[usize::from(d % 10)]
    }

    /// A number in digits, without number sign.
    pub fn number(&self, n: u32) -> Vec<Cell> {
        n.to_string().bytes().map(|b| self.digit(b - b'0')).collect()
    }

    /// The capture sign.
    pub fn capture(&self) -> &[Cell] {
        &self.capture.cells
    }
    /// The check sign.
    pub fn check(&self) -> &[Cell] {
        &self.check.cells
    }
    /// Capture and check in one sign, where the code has one.
    pub(crate) fn capture_check(&self) -> Option<&[Cell]> {
        self.capture_check.as_ref().map(|s| s.cells.as_slice())
    }
    /// The checkmate sign.
    pub fn mate(&self) -> &[Cell] {
        &self.mate.cells
    }
    /// Castling short (king side) or long (queen side).
    pub fn castle(&self, short: bool) -> &[Cell] {
        if short { &self.castle_short.cells } else { &self.castle_long.cells }
    }
    /// The en passant sign.
    pub fn en_passant(&self) -> &[Cell] {
        &self.en_passant.cells
    }
    /// The promotion sign, before the piece promoted to.
    pub fn promotion(&self) -> &[Cell] {
        &self.promotion.cells
    }
    /// The draw offer sign.
    pub fn draw_offer(&self) -> &[Cell] {
        &self.draw_offer.cells
    }
    /// The mark before a Black move written without its White move.
    pub fn black_move(&self) -> &[Cell] {
        &self.black_move.cells
    }
    /// The clock label of a side.
    pub(crate) fn clock_label(&self, white: bool) -> &[Cell] {
        if white { &self.clock_white.cells } else { &self.clock_black.cells }
    }
    pub(crate) fn clock_separator(&self) -> &[Cell] {
        &self.clock_separator.cells
    }

    /// The letter a cell writes in the language's literary braille (a-z
    /// and its accented letters; dot 7, a computer-braille capital, is
    /// ignored), or `None`.
    pub fn letter(&self, cell: Cell) -> Option<char> {
        let cell = cell & !super::DOT7;
        if let Some(i) = self.letters.iter().position(|&c| c == cell) {
            return Some(char::from(b'a' + i as u8));
        }
        self.accented.iter().find(|(_, c)| *c == cell).map(|(l, _)| *l)
    }

    /// The digit (0-9) a cell writes, or `None`.
    pub(crate) fn digit_of(&self, cell: Cell) -> Option<u8> {
        self.digits.iter().position(|&c| c == cell).map(|i| i as u8)
    }

    /// What print writes for the sign named `name` (`capture` is `x`), or
    /// nothing for an unknown name.
    pub fn print(&self, name: &str) -> &str {
        self.signs().into_iter().find(|s| s.name == name).map_or("", |s| s.print.as_str())
    }

    /// Every sign of the table, for listings and documentation.
    pub fn signs(&self) -> Vec<&Sign> {
        let mut v: Vec<&Sign> = self.pieces.iter().chain(self.series.iter()).collect();
        v.extend(self.capital.iter().flat_map(|c| c.signs.iter()));
        v.extend(self.brltty_pieces.iter().map(|(_, s)| s));
        v.extend([&self.capture, &self.check]);
        v.extend(self.capture_check.as_ref());
        v.extend([
            &self.mate,
            &self.castle_short,
            &self.castle_long,
            &self.en_passant,
            &self.promotion,
            &self.draw_offer,
            &self.black_move,
            &self.clock_white,
            &self.clock_black,
            &self.clock_separator,
        ]);
        v
    }
}

/// A letter with a capital mark.
fn mark(mark: &Mark, letter: Cell) -> Vec<Cell> {
    match mark {
        Mark::Prefix(p) => p.iter().copied().chain([letter]).collect(),
        Mark::Added(d) => vec![letter | d],
    }
}

/// King first, pawn last: the order of `[pieces]`.
fn piece_index(role: Role) -> usize {
    match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    }
}


/// The piece a table names in English (`king` … `pawn`).
fn role_named(name: &str) -> Option<Role> {
    Some(match name {
        "king" => Role::King,
        "queen" => Role::Queen,
        "rook" => Role::Rook,
        "bishop" => Role::Bishop,
        "knight" => Role::Knight,
        "pawn" => Role::Pawn,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_table_loads() {
        let mut langs = Vec::new();
        for (file, text) in FILES {
            let t = Table::parse(file, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(format!("{}.toml", t.lang.code()), *file);
            langs.push(t.lang);
        }
        for l in Lang::ALL {
            assert!(langs.contains(&l), "no table for {l}");
            assert!(Table::get(l).is_ok());
        }
    }

    #[test]
    fn dots_are_read_cell_by_cell() {
        assert_eq!(parse_dots("1235"), Some(vec![0b10111]));
        assert_eq!(parse_dots("0 15 1234"), Some(vec![0, 0b10001, 0b1111]));
        assert_eq!(parse_dots("78"), Some(vec![0xC0]));
        for bad in ["", "9", "11", "1a", "  "] {
            assert_eq!(parse_dots(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn spanish_letters_are_the_print_letters() {
        let t = Table::get(Lang::Es).unwrap();
        assert_eq!(t.piece(Role::King), 0b10111); // r
        assert_eq!(t.piece(Role::Knight), 0b1001); // c
        assert_eq!(t.file(File::E), 0b10001); // e
        assert_eq!(t.number(1), vec![0b10]); // lowered 1
        assert_eq!(t.number(18), vec![0b10, 0b100110]);
        assert_eq!(t.piece_print(Role::Queen), "D");
    }

    #[test]
    fn letters_read_back_as_the_language_writes_them() {
        for l in Table::languages() {
            let t = Table::get(l).unwrap();
            assert_eq!(t.letter(0b1), Some('a'), "{l}");
            assert_eq!(t.letter(0b11_0101), Some('z'), "{l}");
            assert_eq!(t.letter(0b11_0101 | crate::braille::DOT7), Some('z'), "{l}: dot 7 is a capital");
            assert_eq!(t.letter(t.digit(4)), None, "{l}: a digit is no letter");
            assert_eq!(t.digit_of(t.digit(4)), Some(4), "{l}");
            assert_eq!(t.letter(0), None);
        }
        let es = Table::get(Lang::Es).unwrap();
        assert_eq!(es.letter(0b11_0111), Some('á'));
        assert_eq!(es.letter(0b11_1011), Some('ñ'));
        assert_eq!(Table::get(Lang::De).unwrap().letter(0b1_1100), Some('ä'));
        assert_eq!(Table::get(Lang::En).unwrap().letter(0b11_0111), None);
    }

    #[test]
    fn a_bad_table_is_refused_with_its_sign() {
        let text = FILES[1].1;
        let broken = text.replacen("dots = \"1346\"", "dots = \"13x6\"", 1);
        let e = Table::parse("es.toml", &broken).unwrap_err().to_string();
        assert!(e.contains("capture") && e.contains("13x6"), "{e}");
        let eight = text.replacen("dots = \"1346\"", "dots = \"13467\"", 1);
        assert!(Table::parse("es.toml", &eight).unwrap_err().to_string().contains("dot 7"));
        let unknown = text.replacen("source = \"tiflo\"", "source = \"nowhere\"", 1);
        assert!(Table::parse("es.toml", &unknown).unwrap_err().to_string().contains("nowhere"));
        let same = text.replacen("queen  = { dots = \"145\"", "queen  = { dots = \"1235\"", 1);
        assert!(Table::parse("es.toml", &same).unwrap_err().to_string().contains("piece letters"));
        let twice = text.replacen("\"á\" = \"12356\"", "\"á\" = \"1\"", 1);
        assert!(Table::parse("es.toml", &twice).unwrap_err().to_string().contains("letters"));
        let digit = text.replacen("\"á\" = \"12356\"", "\"á\" = \"2\"", 1);
        assert!(Table::parse("es.toml", &digit).unwrap_err().to_string().contains("letters and digits"));
        let word = text.replacen("\"á\" = \"12356\"", "\"áá\" = \"12356\"", 1);
        assert!(Table::parse("es.toml", &word).unwrap_err().to_string().contains("one letter"));
        let extra = format!("{text}\nsurprise = 1\n");
        assert!(Table::parse("es.toml", &extra).is_err());
    }

    #[test]
    fn every_sign_has_a_cited_source() {
        for l in Table::languages() {
            let t = Table::get(l).unwrap();
            for s in t.signs() {
                assert!(t.sources.contains_key(&s.source), "{l} {}", s.name);
                assert!(!t.sources[&s.source].trim().is_empty());
            }
        }
    }
}
