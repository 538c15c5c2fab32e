//! Cutting a view into segments as wide as the display, and panning through
//! them.
//!
//! A view is a sequence of [`Unit`]s: a move, a move number, a rank of the
//! board, a clock, a word. Units are packed greedily into segments of at
//! most `width` cells, one blank cell between neighbours. A unit is never
//! cut across two segments unless it alone is wider than the display (a
//! move never is: the longest move of every table fits in 12 cells, which
//! the tests check). Units marked `keep_with_next` (a move number and its
//! move, a move and its draw offer) start a new segment together when they
//! fit in one; when a kept group is wider than the display, units are let go
//! from its end first (the draw offer goes on alone, the number stays with
//! its move).
//!
//! Every cell remembers what it shows ([`Target`]), so that a routing key
//! above it can be answered.

use std::ops::Range;

use shakmaty::{Color, Square};

use super::Cell;

/// What a cell of a view shows, for the routing key above it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Target {
    /// Nothing: the key does nothing there.
    #[default]
    None,
    /// A square of the board (or its coordinate).
    Square(Square),
    /// A move of the game, by its index from the start (0 is the first ply).
    Ply(usize),
    /// A side's clock.
    Clock(Color),
}

/// An indivisible piece of a view.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Unit {
    /// Its cells.
    pub cells: Vec<Cell>,
    /// One target per cell.
    pub targets: Vec<Target>,
    /// The print text the unit stands for (the gloss).
    pub print: String,
    /// Start a new segment with the next unit rather than part from it.
    pub keep_with_next: bool,
}

impl Unit {
    /// A unit whose cells all show `target`.
    pub fn new(cells: Vec<Cell>, print: impl Into<String>, target: Target) -> Unit {
        let targets = vec![target; cells.len()];
        Unit { cells, targets, print: print.into(), keep_with_next: false }
    }

    /// The same unit, kept with the next one.
    pub(crate) fn kept_with_next(mut self) -> Unit {
        self.keep_with_next = true;
        self
    }
}

/// What the display shows at one pan position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Segment {
    /// At most the display's width; pad with [`Segment::padded`].
    pub cells: Vec<Cell>,
    /// What each cell shows, for its routing key.
    pub targets: Vec<Target>,
    /// The indices of the units shown, in whole or in part.
    pub units: Vec<usize>,
    /// The gloss: the units' print texts separated by spaces.
    pub print: String,
}

impl Segment {
    /// The cells padded with blank cells to `width`.
    pub fn padded(&self, width: usize) -> Vec<Cell> {
        let mut c = self.cells.clone();
        c.resize(width.max(c.len()), 0);
        c
    }

    /// What the cell under routing key `index` shows.
    pub fn target(&self, index: usize) -> Target {
        self.targets.get(index).copied().unwrap_or_default()
    }

    fn push(&mut self, unit_index: usize, unit: &Unit, range: Range<usize>, print: &str) {
        if !self.cells.is_empty() {
            self.cells.push(0);
            self.targets.push(Target::None);
            self.print.push(' ');
        }
        self.cells.extend_from_slice(&unit.cells[range.clone()]);
        self.targets.extend(range.map(|i| unit.targets.get(i).copied().unwrap_or_default()));
        self.print.push_str(print);
        if self.units.last() != Some(&unit_index) {
            self.units.push(unit_index);
        }
    }
}

/// A display width that cannot hold anything.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a braille display needs at least one cell")]
pub struct ZeroWidth;

/// Packs `units` into segments of at most `width` cells (see the module
/// documentation). An empty view gives one empty segment.
pub fn pack(units: &[Unit], width: usize) -> Result<Vec<Segment>, ZeroWidth> {
    if width == 0 {
        return Err(ZeroWidth);
    }
    let mut segments = vec![Segment::default()];
    let mut i = 0;
    while i < units.len() {
        // The units kept together from i, shortened from the end until
        // they fit the display (a move number stays with its move when a
        // draw offer after the move does not fit with them).
        let mut end = i;
        while end + 1 < units.len() && units[end].keep_with_next {
            end += 1;
        }
        let span = |end: usize| units[i..=end].iter().map(|u| u.cells.len()).sum::<usize>() + (end - i);
        while end > i && span(end) > width {
            end -= 1;
        }
        if end > i {
            let current = segments.last().expect("at least one segment");
            let need = span(end) + usize::from(!current.cells.is_empty());
            if current.cells.len() + need > width {
                segments.push(Segment::default());
            }
            for (k, u) in units[i..=end].iter().enumerate() {
                segments.last_mut().expect("at least one segment").push(i + k, u, 0..u.cells.len(), &u.print);
            }
        } else {
            place(&mut segments, i, &units[i], width);
        }
        i = end + 1;
    }
    Ok(segments)
}

/// Places one unit: after the current segment's units if it fits, else at
/// the start of a new segment, cut into display-wide pieces only when it is
/// wider than the display.
fn place(segments: &mut Vec<Segment>, index: usize, unit: &Unit, width: usize) {
    let len = unit.cells.len();
    let current = segments.last().expect("at least one segment");
    let need = len + usize::from(!current.cells.is_empty());
    if current.cells.len() + need > width && !current.cells.is_empty() {
        segments.push(Segment::default());
    }
    if len <= width {
        segments.last_mut().expect("at least one segment").push(index, unit, 0..len, &unit.print);
        return;
    }
    let mut start = 0;
    while start < len {
        let stop = (start + width).min(len);
        let seg = segments.last_mut().expect("at least one segment");
        if !seg.cells.is_empty() {
            segments.push(Segment::default());
        }
        let print = if start == 0 { unit.print.as_str() } else { "" };
        segments.last_mut().expect("at least one segment").push(index, unit, start..stop, print);
        start = stop;
    }
}

/// The segments of a view and the one shown, moved by the panning keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pager {
    segments: Vec<Segment>,
    index: usize,
}

impl Pager {
    /// Shows the first segment.
    pub fn new(segments: Vec<Segment>) -> Pager {
        let segments = if segments.is_empty() { vec![Segment::default()] } else { segments };
        Pager { segments, index: 0 }
    }

    pub fn current(&self) -> &Segment {
        &self.segments[self.index]
    }

    pub fn index(&self) -> usize {
        self.index
    }

    /// Pans forward; false at the end.
    pub fn forward(&mut self) -> bool {
        if self.index + 1 < self.segments.len() {
            self.index += 1;
            true
        } else {
            false
        }
    }

    /// Pans back; false at the start.
    pub fn back(&mut self) -> bool {
        if self.index > 0 {
            self.index -= 1;
            true
        } else {
            false
        }
    }

    pub fn first(&mut self) {
        self.index = 0;
    }

    pub fn last(&mut self) {
        self.index = self.segments.len() - 1;
    }

    #[cfg(test)]
    /// Shows the segment where unit `unit` starts; false if there is none.
    pub(crate) fn show_unit(&mut self, unit: usize) -> bool {
        match self.segments.iter().position(|s| s.units.contains(&unit)) {
            Some(i) => {
                self.index = i;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(n: usize) -> Unit {
        Unit::new(vec![1; n], "x".repeat(n), Target::None)
    }

    #[test]
    fn units_are_packed_with_one_blank_between() {
        let segs = pack(&[unit(3), unit(3), unit(4)], 8).unwrap();
        assert_eq!(segs.len(), 2);
        assert_eq!(segs[0].cells, vec![1, 1, 1, 0, 1, 1, 1]);
        assert_eq!(segs[1].cells, vec![1, 1, 1, 1]);
        assert_eq!(segs[0].units, vec![0, 1]);
        assert_eq!(segs[0].print, "xxx xxx");
        assert_eq!(segs[1].padded(8).len(), 8);
    }

    #[test]
    fn a_kept_group_moves_whole_to_the_next_segment() {
        let units = [unit(4), unit(1).kept_with_next(), unit(3)];
        let segs = pack(&units, 8).unwrap();
        // 4 + 1 + 1 fits, but the number would leave its move: both move on.
        assert_eq!(segs[0].cells.len(), 4);
        assert_eq!(segs[1].units, vec![1, 2]);
    }

    #[test]
    fn a_group_wider_than_the_display_is_placed_unit_by_unit() {
        let units = [unit(3).kept_with_next(), unit(6)];
        let segs = pack(&units, 8).unwrap();
        assert_eq!(segs.len(), 2);
        assert_eq!(segs[1].cells.len(), 6);
    }

    #[test]
    fn only_a_unit_wider_than_the_display_is_cut() {
        let segs = pack(&[unit(2), unit(20)], 8).unwrap();
        assert_eq!(segs.iter().map(|s| s.cells.len()).collect::<Vec<_>>(), vec![2, 8, 8, 4]);
        assert!(pack(&[], 0).is_err());
        assert_eq!(pack(&[], 5).unwrap(), vec![Segment::default()]);
    }

    #[test]
    fn the_pager_pans_and_finds_units() {
        let mut p = Pager::new(pack(&[unit(5), unit(5), unit(5)], 6).unwrap());
        assert_eq!(p.segments.len(), 3);
        assert!(!p.back());
        assert!(p.forward() && p.forward() && !p.forward());
        p.first();
        assert!(p.show_unit(2));
        assert_eq!(p.index(), 2);
        assert!(!p.show_unit(9));
        p.last();
        assert_eq!(p.index(), 2);
    }
}
