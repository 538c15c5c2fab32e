//! Braille: chess on a refreshable braille display.
//!
//! Pure, sans-I/O parts: the chess signs of each language
//! ([`table`], loaded from the data files of `braille/`, compiled in), moves
//! and boards as cells ([`chess`]), views cut into display-wide segments that
//! never split a move ([`layout`], [`view`]), the byte protocols of Baum and
//! HandyTech displays ([`baum`], [`handytech`], with the key events of
//! [`keys`]), the key tables that bind a display's keys as BRLTTY does
//! ([`keytable`], from the data files of `braille/keys/`) and the terminal
//! rendering ([`terminal`]). The serial driver
//! ([`serial`]) is the only part that touches a device; [`brlapi`] shares a
//! display BRLTTY holds, through its BrlAPI socket (a sans-I/O client and a
//! thin driver).
//!
//! A cell is a `u8` in ISO 11548-1 order: bit 0 is dot 1 ... bit 7 is dot 8,
//! so U+2800 plus the byte is the same pattern in Unicode.
//!
//! Moves are written sign by sign from the tables, never through a literary
//! braille translator (which would add capital and number signs); tiflo's
//! prose sentences go through liblouis in the player's language ([`louis`]).

pub mod baum;
pub mod brlapi;
pub mod chess;
pub mod display;
pub mod driver;
pub mod front;
pub mod handytech;
pub mod keys;
pub mod keytable;
pub mod layout;
pub mod louis;
pub mod serial;
pub mod table;
pub mod terminal;
pub mod view;

pub use chess::{BoardLetters, BoardStyle, Dots};
pub use layout::{Segment, Target, Unit};
pub use table::{Table, TableError};

/// One braille cell: bit 0 is dot 1 ... bit 7 is dot 8 (ISO 11548-1).
pub type Cell = u8;

/// Dot 7 of a cell.
pub(crate) const DOT7: Cell = 1 << 6;
/// Dot 8 of a cell.
pub(crate) const DOT8: Cell = 1 << 7;

/// The cells as Unicode braille patterns (U+2800 + cell).
pub fn to_unicode(cells: &[Cell]) -> String {
    cells.iter().map(|&c| char::from_u32(0x2800 + u32::from(c)).unwrap_or(' ')).collect()
}

/// Unicode braille patterns back to cells; any other character is `None`.
pub fn from_unicode(text: &str) -> Option<Vec<Cell>> {
    text.chars()
        .map(|c| {
            let v = u32::from(c);
            (0x2800..=0x28FF).contains(&v).then(|| (v - 0x2800) as u8)
        })
        .collect()
}

#[cfg(test)]
/// A cell's dots as digits, "1235" ("0" for a blank cell).
pub(crate) fn dot_numbers(cell: Cell) -> String {
    if cell == 0 {
        return "0".to_owned();
    }
    (0..8).filter(|b| cell & (1 << b) != 0).map(|b| char::from(b'1' + b)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_is_the_iso_order() {
        assert_eq!(to_unicode(&[0x01, 0x3F, 0xFF, 0]), "⠁⠿⣿⠀");
        assert_eq!(from_unicode("⠁⠿⣿⠀"), Some(vec![0x01, 0x3F, 0xFF, 0]));
        assert_eq!(from_unicode("⠁a"), None);
        assert_eq!(dot_numbers(0b0001_0111), "1235");
        assert_eq!(dot_numbers(0), "0");
        assert_eq!(dot_numbers(DOT7 | 1), "17");
    }
}
