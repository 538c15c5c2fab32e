//! A game studied move by move (`tiflo daemon --study`): the comments and
//! variations of its annotations, read from PGN alongside its main line
//! (which `scoresheet::read_records` reads).
//!
//! Pure: text in, notes out. A note belongs to a point of the main line:
//! after its ply `after` (0: before the first move), the comments written
//! after that ply, and the variations that replace it (PGN writes a
//! variation right after the move it replaces).

use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, Move};

use crate::pgn::{ReadAs, ReadError, Visitor, read_games};

/// What an annotated game says at one point of its main line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Note {
    /// The main line's plies played when the note applies.
    pub after: usize,
    /// The comments written there, without PGN's `[%...]` commands.
    #[serde(default)]
    pub comments: Vec<String>,
    /// Lines that replace the main line's ply `after` (the `after`-th
    /// move), each in UCI from the position before it. Variations inside
    /// variations are left out.
    #[serde(default)]
    pub variations: Vec<Vec<String>>,
}

#[derive(Default)]
struct Notes {
    games: Vec<Vec<Note>>,
    current: Vec<Note>,
    plies: usize,
    depth: usize,
    line: Vec<String>,
}

impl Notes {
    fn at(&mut self, after: usize) -> &mut Note {
        match self.current.iter().position(|n| n.after == after) {
            Some(i) => &mut self.current[i],
            None => {
                self.current.push(Note { after, ..Note::default() });
                self.current.last_mut().expect("just pushed")
            }
        }
    }
}

/// A comment without PGN's embedded commands (`[%clk 0:05:00]`).
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("[%") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find(']').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Visitor for Notes {
    fn begin_game(&mut self, _index: usize) {
        self.current.clear();
        self.plies = 0;
        self.depth = 0;
        self.line.clear();
    }
    fn on_move(&mut self, _before: &Chess, m: Move, _after: &Chess, _written: &str) {
        match self.depth {
            0 => self.plies += 1,
            1 => self.line.push(m.to_uci(CastlingMode::Standard).to_string()),
            _ => {}
        }
    }
    fn comment(&mut self, text: &str) {
        let text = plain(text);
        if self.depth == 0 && !text.is_empty() {
            let after = self.plies;
            self.at(after).comments.push(text);
        }
    }
    fn begin_variation(&mut self) {
        self.depth += 1;
        if self.depth == 1 {
            self.line.clear();
        }
    }
    fn end_variation(&mut self) {
        if self.depth == 1 && !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            let after = self.plies;
            self.at(after).variations.push(line);
        }
        self.depth = self.depth.saturating_sub(1);
    }
    fn end_game(&mut self, _error: Option<&ReadError>) {
        let mut notes = std::mem::take(&mut self.current);
        notes.sort_by_key(|n| n.after);
        self.games.push(notes);
    }
}

/// The notes of game `n` (from 1) of `text`, read as
/// `scoresheet::read_records(text, ReadAs::Auto)` reads its games.
pub fn notes(text: &str, n: usize) -> Vec<Note> {
    let mut v = Notes::default();
    read_games(text, ReadAs::Auto, &mut v);
    n.checked_sub(1).and_then(|i| v.games.into_iter().nth(i)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_variations_belong_to_the_move_they_follow() {
        let pgn = "[Event \"x\"]\n\n{A classic.} 1. e4 {[%clk 0:05:00] The king's pawn.} e5 (1... c5 {Sicilian} 2. Nf3 (2. c3) d6) (1... e6) 2. Nf3 Nc6 *\n\n1. d4 {Second game} d5 *";
        let notes = notes(pgn, 1);
        assert_eq!(
            notes,
            vec![
                Note { after: 0, comments: vec!["A classic.".into()], variations: vec![] },
                Note { after: 1, comments: vec!["The king's pawn.".into()], variations: vec![] },
                Note { after: 2, comments: vec![], variations: vec![vec!["c7c5".into(), "g1f3".into(), "d7d6".into()], vec!["e7e6".into()]] },
            ]
        );
        assert_eq!(super::notes(pgn, 2), vec![Note { after: 1, comments: vec!["Second game".into()], variations: vec![] }]);
        assert!(super::notes(pgn, 3).is_empty());
    }
}
