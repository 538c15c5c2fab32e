//! The views a player reads on the display, as [`Unit`]s for
//! [`layout::pack`](super::layout::pack): the last move pair, the
//! scoresheet, the board by rank or by file, the clocks and messages.
//!
//! Pure: a game record, a position or durations in, units out. Move numbers
//! and ranks are written in the table's digits (lowered, without number
//! sign); a Black move shown without its White move carries the table's
//! Black mark; a draw offer follows its move and is kept with it.

use std::time::Duration;

use shakmaty::{Chess, Color, File, Move, Position, Rank, Square};

use super::chess::{self, BoardStyle, Dots, Written};
use super::layout::{Target, Unit};
use super::{Cell, Table};
use crate::game::scoresheet::{GameRecord, move_number};

/// The units of the plies `plies` of `record` (the scoresheet's order): a
/// move number before each White move and before a first Black move, kept
/// with its move.
fn plies_units(table: &Table, dots: Dots, record: &GameRecord, plies: std::ops::Range<usize>) -> Vec<Unit> {
    let mut units = Vec::new();
    let mut pos = record.position_after(plies.start);
    let first = plies.start;
    for ply in plies {
        let Some(rm) = record.moves.get(ply) else { break };
        let (n, side) = move_number(&record.start, ply);
        let mut written = Written::default();
        if side == Color::White || ply == first {
            let num = chess::number(table, n);
            units.push(Unit::new(num.cells, num.print, Target::Ply(ply)).kept_with_next());
        }
        if side == Color::Black && ply == first {
            let mark = chess::black_mark(table);
            written.cells.extend(mark.cells);
            written.print.push_str(&mark.print);
        }
        let mv = chess::move_cells(table, dots, &pos, rm.mv);
        written.cells.extend(mv.cells);
        written.print.push_str(&mv.print);
        let mut unit = Unit::new(written.cells, written.print, Target::Ply(ply));
        if rm.draw_offer {
            unit = unit.kept_with_next();
            units.push(unit);
            let offer = chess::draw_offer(table);
            units.push(Unit::new(offer.cells, offer.print, Target::Ply(ply)));
        } else {
            units.push(unit);
        }
        pos.play_unchecked(rm.mv);
    }
    units
}

/// The whole scoresheet, move by move, on a display of `dots`.
pub fn scoresheet(table: &Table, dots: Dots, record: &GameRecord) -> Vec<Unit> {
    plies_units(table, dots, record, 0..record.moves.len())
}

/// The last move pair: the last move with the White move before it when
/// the last move is Black's (nothing before the first move), on a display
/// of `dots`.
pub fn last_pair(table: &Table, dots: Dots, record: &GameRecord) -> Vec<Unit> {
    let Some(last) = record.moves.len().checked_sub(1) else { return Vec::new() };
    let (_, side) = move_number(&record.start, last);
    let first = if side == Color::Black && last > 0 { last - 1 } else { last };
    plies_units(table, dots, record, first..last + 1)
}

/// One move played in `before`, with its number (the move line of
/// `tiflo braille line`), on a display of `dots`.
pub fn move_line(table: &Table, dots: Dots, before: &Chess, m: Move) -> Vec<Unit> {
    let record = GameRecord {
        start: before.clone(),
        moves: vec![crate::game::scoresheet::RecordedMove::new(m)],
        ..GameRecord::default()
    };
    scoresheet(table, dots, &record)
}

/// The lines of the board view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum By {
    /// One unit per rank, from the far rank to the near one.
    #[default]
    Rank,
    /// One unit per file, from the left file to the right one.
    File,
}

/// The board as the player sitting at `side` sees it: one unit per rank
/// (or file), each with its coordinate, a blank cell and its eight squares
/// from left to right (from near to far by file), then the other
/// coordinates (the files of a rank view, the ranks of a file view).
pub fn board(table: &Table, style: &BoardStyle, pos: &Chess, by: By, side: Color) -> Vec<Unit> {
    let board = pos.board();
    let white = side == Color::White;
    let mut files: Vec<File> = File::ALL.to_vec();
    let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
    if white {
        ranks.reverse(); // far rank first, files left to right
    } else {
        files.reverse();
    }
    let line = |label: Cell, label_print: char, squares: Vec<Square>| {
        let mut u = Unit { cells: vec![label, 0], targets: vec![Target::None, Target::None], ..Unit::default() };
        u.print.push(label_print);
        u.print.push(' ');
        for sq in squares {
            let piece = board.piece_at(sq);
            u.cells.push(style.square(table, sq, piece));
            u.targets.push(Target::Square(sq));
            u.print.push(BoardStyle::gloss(table, sq, piece));
        }
        u
    };
    let mut units = Vec::with_capacity(9);
    match by {
        By::Rank => {
            for &r in &ranks {
                let d = u8::from(r) + 1;
                let squares = files.iter().map(|&f| Square::from_coords(f, r)).collect();
                units.push(line(table.digit(d), char::from(b'0' + d), squares));
            }
            let mut header =
                Unit { cells: vec![0, 0], targets: vec![Target::None; 2], print: "  ".into(), keep_with_next: false };
            for &f in &files {
                header.cells.push(table.file(f));
                header.targets.push(Target::None);
                header.print.push(f.char());
            }
            units.push(header);
        }
        By::File => {
            // Along a file, from the player's own side to the far side.
            let mut near_to_far = Rank::ALL.to_vec();
            if !white {
                near_to_far.reverse();
            }
            let mut order = File::ALL.to_vec();
            if !white {
                order.reverse();
            }
            for &f in &order {
                let squares = near_to_far.iter().map(|&r| Square::from_coords(f, r)).collect();
                units.push(line(table.file(f), f.char(), squares));
            }
            let mut header =
                Unit { cells: vec![0, 0], targets: vec![Target::None; 2], print: "  ".into(), keep_with_next: false };
            for &r in &near_to_far {
                let d = u8::from(r) + 1;
                header.cells.push(table.digit(d));
                header.targets.push(Target::None);
                header.print.push(char::from(b'0' + d));
            }
            units.push(header);
        }
    }
    units
}

/// A time in the table's digits: `h:mm:ss` from an hour, else `m:ss`
/// (whole seconds, rounded down; never below zero).
pub fn time(table: &Table, d: Duration) -> Written {
    let secs = d.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let sep = table.clock_separator();
    let mut w = Written::default();
    let push_num = |w: &mut Written, n: u64, two: bool| {
        let text = if two { format!("{n:02}") } else { n.to_string() };
        for b in text.bytes() {
            w.cells.push(table.digit(b - b'0'));
        }
        w.print.push_str(&text);
    };
    if h > 0 {
        push_num(&mut w, h, false);
        w.cells.extend_from_slice(sep);
        w.print.push(':');
        push_num(&mut w, m, true);
    } else {
        push_num(&mut w, m, false);
    }
    w.cells.extend_from_slice(sep);
    w.print.push(':');
    push_num(&mut w, s, true);
    w
}

/// Both clocks: each side's label, a blank cell and its time.
pub fn clocks(table: &Table, white: Duration, black: Duration) -> Vec<Unit> {
    [(Color::White, white), (Color::Black, black)]
        .into_iter()
        .map(|(side, d)| {
            let t = time(table, d);
            let label = table.clock_label(side == Color::White);
            let label_print = table.print(if side == Color::White { "clock white" } else { "clock black" });
            let mut cells = label.to_vec();
            cells.push(0);
            cells.extend(t.cells);
            Unit::new(cells, format!("{label_print} {}", t.print), Target::Clock(side))
        })
        .collect()
}

/// A message already in cells, word by word (prose is translated by the
/// caller; a word wider than the display is the only thing ever cut).
pub fn message(words: Vec<(Vec<Cell>, String)>) -> Vec<Unit> {
    words.into_iter().map(|(cells, print)| Unit::new(cells, print, Target::None)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::Dots;
    use crate::braille::layout::pack;
    use crate::notation::Lang;

    #[test]
    fn clock_times_use_the_lowered_digits() {
        let t = Table::get(Lang::Es).unwrap();
        let w = time(t, Duration::from_secs(3600 + 5 * 60 + 9));
        assert_eq!(w.print, "1:05:09");
        assert_eq!(w.cells.len(), 7);
        assert_eq!(time(t, Duration::from_millis(59_999)).print, "0:59");
        let units = clocks(t, Duration::from_secs(300), Duration::from_secs(7200));
        assert_eq!(units[0].print, "b 5:00");
        assert_eq!(units[1].print, "n 2:00:00");
        assert_eq!(units[1].targets[0], Target::Clock(Color::Black));
    }

    #[test]
    fn the_start_position_by_rank_fits_three_ranks_on_forty_cells() {
        let t = Table::get(Lang::Es).unwrap();
        let style = BoardStyle::shipped(Dots::Eight).unwrap();
        let units = board(t, &style, &Chess::default(), By::Rank, Color::White);
        assert_eq!(units.len(), 9);
        assert_eq!(units[0].print, "8 tcadract");
        assert_eq!(units[4].print, "4 .:.:.:.:");
        assert_eq!(units[7].print, "1 TCADRACT");
        let segs = pack(&units, 40).unwrap();
        assert_eq!(segs.len(), 3);
        assert_eq!(segs[0].cells.len(), 32);
        let black = board(t, &style, &Chess::default(), By::Rank, Color::Black);
        assert_eq!(black[0].print, "1 TCARDACT");
        let files = board(t, &style, &Chess::default(), By::File, Color::White);
        assert_eq!(files[0].print, "a TP:.:.pt");
    }
}
