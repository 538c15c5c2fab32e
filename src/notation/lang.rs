//! The languages tiflo speaks, and the piece signs a notation is written in.
//!
//! FIDE Appendix C lets every player use the initials of their own language;
//! publications use figurines. A [`Lang`] is a language (its words, its
//! voice, its braille table and its piece letters); [`Pieces`] is how a
//! written move shows its piece: the letters of a language, or figurines,
//! which belong to no language. This module is the single table of those
//! signs: readers ask it which role a sign names, writers ask it how a role
//! is written. Pawns have no letter in algebraic notation; a few languages have
//! a pawn letter that is accepted on input (some players write `Pe4`) and never
//! written.

use std::fmt;
use std::str::FromStr;

use shakmaty::Role;

/// A language tiflo speaks, reads and writes: its words, its voice, its
/// braille table and its piece letters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English: K Q R B N.
    En,
    /// Spanish: R D T A C.
    Es,
    /// Portuguese: R D T B C.
    Pt,
    /// French: R D T F C.
    Fr,
    /// German: K D T L S.
    De,
    /// Italian: R D T A C.
    It,
    /// Dutch: K D T L P.
    Nl,
    /// Brazilian Portuguese: the Portuguese piece letters (R D T B C), its
    /// own words (`voices/pt-BR`). `Pt` is European Portuguese.
    PtBr,
}

/// How a written move shows its piece: the letters of a language, or
/// figurines. The notation readers and writers take this; everything that
/// speaks or shows words takes a [`Lang`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pieces {
    /// The initials of a language (FIDE Appendix C): `Nf3`, `Cf3`, `Sf3`.
    Letters(Lang),
    /// Figurines: ♔♕♖♗♘ (either colour's glyphs are read for either side),
    /// as publications print them; moves are otherwise written as in PGN,
    /// with `0-0` for castling.
    Figurines,
}

/// Letters for pawn, knight, bishop, rook, queen, king (in `Role` order).
struct Table {
    /// Written piece letters; index 0 (pawn) is the accepted pawn letter or 0.
    letters: [u8; 6],
}

const EN: Table = Table { letters: *b"PNBRQK" };
const ES: Table = Table { letters: *b"PCATDR" };
const PT: Table = Table { letters: *b"PCBTDR" };
const FR: Table = Table { letters: *b"PCFTDR" };
const DE: Table = Table { letters: [0, b'S', b'L', b'T', b'D', b'K'] };
const IT: Table = Table { letters: *b"PCATDR" };
const NL: Table = Table { letters: [0, b'P', b'L', b'T', b'D', b'K'] };

const ROLES: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

/// For each language, a map from ASCII letter to role index + 1 (0: none).
static LETTER_ROLES: [[u8; 128]; 7] = {
    let tables = [&EN, &ES, &PT, &FR, &DE, &IT, &NL];
    let mut out = [[0u8; 128]; 7];
    let mut l = 0;
    while l < tables.len() {
        let mut r = 0;
        while r < 6 {
            let c = tables[l].letters[r];
            if c != 0 {
                out[l][c as usize] = r as u8 + 1;
            }
            r += 1;
        }
        l += 1;
    }
    out
};

/// White figurines in role order (pawn, knight, bishop, rook, queen, king).
const WHITE_FIGURINES: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
/// Black figurines in role order.
const BLACK_FIGURINES: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];

impl Lang {
    /// Every language, in the order `--help` lists them.
    pub const ALL: [Lang; 7] = [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::It, Lang::Nl];

    /// The short name used on the command line and in language packs.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Pt => "pt",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::It => "it",
            Lang::Nl => "nl",
            Lang::PtBr => "pt-BR",
        }
    }

    /// The language's own name, for help texts.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "español",
            Lang::Pt => "português",
            Lang::Fr => "français",
            Lang::De => "Deutsch",
            Lang::It => "italiano",
            Lang::Nl => "Nederlands",
            Lang::PtBr => "português do Brasil",
        }
    }

    /// The language whose piece letters, recogniser model and braille
    /// tables this one uses: itself, but Portuguese for Brazilian Portuguese.
    pub fn base(self) -> Lang {
        match self {
            Lang::PtBr => Lang::Pt,
            l => l,
        }
    }

    fn table(self) -> &'static Table {
        match self {
            Lang::En => &EN,
            Lang::Es => &ES,
            Lang::Pt | Lang::PtBr => &PT,
            Lang::Fr => &FR,
            Lang::De => &DE,
            Lang::It => &IT,
            Lang::Nl => &NL,
        }
    }

    /// The role an ASCII piece letter names in this language, if any. The pawn
    /// letter is included where the language has an unambiguous one.
    #[inline(always)]
    pub(crate) fn role_of_letter(self, letter: u8) -> Option<Role> {
        // Index 0 of each row means "no role"; others are role index + 1.
        let i = LETTER_ROLES[self.base() as usize][usize::from(letter & 0x7f)];
        if i == 0 || letter >= 0x80 { None } else { Some(ROLES[usize::from(i - 1)]) }
    }

    /// The letter written for a piece (never called for pawns).
    pub fn letter(self, role: Role) -> char {
        self.table().letters[role as usize - 1] as char
    }

    /// The letters this language uses for pieces, pawn letter included.
    pub(crate) fn alphabet(self) -> impl Iterator<Item = u8> {
        self.table().letters.into_iter().filter(|&b| b != 0)
    }
}

impl Lang {
    /// A language as settings files and the daemon's `--lang` name it: a
    /// language, or `figurine`, which older settings files use for English
    /// speech with figurine piece signs (tiflo speaks English; figurines are
    /// piece signs, chosen where moves are written, not a language).
    pub fn from_setting(s: &str) -> Result<Lang, UnknownPieces> {
        s.parse::<Pieces>().map(Pieces::lang)
    }
}

impl Pieces {
    /// Every choice of piece signs, in the order `--help` lists them.
    pub const ALL: [Pieces; 8] = [
        Pieces::Letters(Lang::En),
        Pieces::Letters(Lang::Es),
        Pieces::Letters(Lang::Pt),
        Pieces::Letters(Lang::Fr),
        Pieces::Letters(Lang::De),
        Pieces::Letters(Lang::It),
        Pieces::Letters(Lang::Nl),
        Pieces::Figurines,
    ];

    /// English letters, as PGN writes them.
    pub const PGN: Pieces = Pieces::Letters(Lang::En);

    /// The name used on the command line: a language's code, or `figurine`.
    pub fn code(self) -> &'static str {
        match self {
            Pieces::Letters(lang) => lang.code(),
            Pieces::Figurines => "figurine",
        }
    }

    /// The name for help texts: the language's own name, or `figurines`.
    pub fn name(self) -> &'static str {
        match self {
            Pieces::Letters(lang) => lang.name(),
            Pieces::Figurines => "figurines",
        }
    }

    /// The language whose letters these are; figurines go with English,
    /// whose notation they otherwise follow.
    pub fn lang(self) -> Lang {
        match self {
            Pieces::Letters(lang) => lang,
            Pieces::Figurines => Lang::En,
        }
    }

    /// The sign written for a piece (never called for pawns): a letter, or
    /// the white figurine.
    pub fn letter(self, role: Role) -> char {
        match self {
            Pieces::Letters(lang) => lang.letter(role),
            Pieces::Figurines => WHITE_FIGURINES[role as usize - 1],
        }
    }

    /// The role an ASCII piece letter names, if any (figurines have no
    /// letters).
    #[inline]
    pub(crate) fn role_of_letter(self, letter: u8) -> Option<Role> {
        match self {
            Pieces::Letters(lang) => lang.role_of_letter(letter),
            Pieces::Figurines => None,
        }
    }
}

impl From<Lang> for Pieces {
    fn from(lang: Lang) -> Pieces {
        Pieces::Letters(lang)
    }
}

/// The role a figurine glyph shows, of either colour.
pub(crate) fn role_of_figurine(c: char) -> Option<Role> {
    WHITE_FIGURINES
        .iter()
        .position(|&f| f == c)
        .or_else(|| BLACK_FIGURINES.iter().position(|&f| f == c))
        .map(|i| ROLES[i])
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Display for Pieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language name that tiflo does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language `{0}` (known: en, es, pt (pt-PT), pt-BR, fr, de, it, nl)")]
pub struct UnknownLang(pub String);

/// A name of piece signs that tiflo does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown piece signs `{0}` (known: en, es, pt, pt-BR, fr, de, it, nl, figurine)")]
pub struct UnknownPieces(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Lang::En,
            "es" | "spanish" | "español" | "espanol" => Lang::Es,
            "pt" | "pt-pt" | "pt_pt" | "portuguese" | "português" | "portugues" => Lang::Pt,
            "pt-br" | "pt_br" | "brazilian" | "brasileiro" | "português do brasil" => Lang::PtBr,
            "fr" | "french" | "français" | "francais" => Lang::Fr,
            "de" | "german" | "deutsch" => Lang::De,
            "it" | "italian" | "italiano" => Lang::It,
            "nl" | "dutch" | "nederlands" => Lang::Nl,
            _ => return Err(UnknownLang(s.to_owned())),
        })
    }
}

impl FromStr for Pieces {
    type Err = UnknownPieces;

    /// A language's name (its letters) or `figurine`.
    fn from_str(s: &str) -> Result<Pieces, UnknownPieces> {
        if matches!(s.to_ascii_lowercase().as_str(), "figurine" | "figurines" | "fig") {
            return Ok(Pieces::Figurines);
        }
        s.parse().map(Pieces::Letters).map_err(|_| UnknownPieces(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_in_every_language() {
        for lang in Lang::ALL {
            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
                let l = lang.letter(role) as u8;
                assert_eq!(lang.role_of_letter(l), Some(role), "{lang} {role:?}");
            }
        }
    }

    #[test]
    fn both_portugueses_write_the_same_letters() {
        assert_eq!("pt-BR".parse::<Lang>().unwrap(), Lang::PtBr);
        assert_eq!("pt-PT".parse::<Lang>().unwrap(), Lang::Pt);
        assert_eq!(Lang::PtBr.code().parse::<Lang>().unwrap(), Lang::PtBr);
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
            assert_eq!(Lang::PtBr.letter(role), Lang::Pt.letter(role));
            assert_eq!(Lang::PtBr.role_of_letter(Lang::Pt.letter(role) as u8), Some(role));
        }
        assert_eq!(Lang::PtBr.role_of_letter(b'N'), None);
    }

    #[test]
    fn german_s_is_a_knight_and_b_is_nothing() {
        assert_eq!(Lang::De.role_of_letter(b'S'), Some(Role::Knight));
        assert_eq!(Lang::De.role_of_letter(b'B'), None);
        assert_eq!(Lang::En.role_of_letter(b'S'), None);
    }

    #[test]
    fn figurines_of_both_colours() {
        assert_eq!(role_of_figurine('♘'), Some(Role::Knight));
        assert_eq!(role_of_figurine('♞'), Some(Role::Knight));
        assert_eq!(role_of_figurine('♚'), Some(Role::King));
        assert_eq!(role_of_figurine('N'), None);
    }

    #[test]
    fn names_parse() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse::<Lang>().unwrap(), lang);
        }
        for pieces in Pieces::ALL {
            assert_eq!(pieces.code().parse::<Pieces>().unwrap(), pieces);
        }
        assert!("xx".parse::<Lang>().is_err());
        assert!("xx".parse::<Pieces>().is_err());
        // Figurines are piece signs, not a language.
        assert!("figurine".parse::<Lang>().is_err());
        assert_eq!(Pieces::Figurines.lang(), Lang::En);
    }
}
