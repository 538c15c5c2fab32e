//! The terminal display: cells as Unicode braille on a line starting with
//! `braille: `, for a player without a display and for tests. A line is
//! printed only when the cells change.

use super::{Cell, to_unicode};

/// The prefix of every line.
pub const PREFIX: &str = "braille: ";

/// The line for `cells` (trailing blank cells left out).
pub fn line(cells: &[Cell]) -> String {
    let end = cells.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
    format!("{PREFIX}{}", to_unicode(&cells[..end]))
}

/// A display that renders lines, remembering the last one shown.
#[derive(Clone, Debug, Default)]
pub(crate) struct Terminal {
    last: Option<String>,
}

impl Terminal {
    /// The line to print for `cells`, or `None` if it is already shown.
    pub fn show(&mut self, cells: &[Cell]) -> Option<String> {
        let l = line(cells);
        if self.last.as_deref() == Some(l.as_str()) {
            return None;
        }
        self.last = Some(l.clone());
        Some(l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_unicode_braille_after_the_prefix() {
        assert_eq!(line(&[0b10111, 0, 0b110, 0, 0]), "braille: ⠗⠀⠆");
        assert_eq!(line(&[]), "braille: ");
        let mut t = Terminal::default();
        assert!(t.show(&[1]).is_some());
        assert!(t.show(&[1, 0]).is_none());
        assert!(t.show(&[2]).is_some());
    }
}
