//! The braille front end of a game: which view the display shows, where
//! it is panned, what the braille keyboard has typed, and what the
//! display's keys ask of the session.
//!
//! Pure: the daemon gives it the game ([`Front::game`]), the clocks, the
//! sentences tiflo says (already in cells, [`Front::say`]) and the player's
//! key actions ([`Front::act`]); it answers with the cells to show
//! ([`Front::cells`]) and with [`Request`]s for the session.
//!
//! Invariants:
//! - a move recorded is shown at once (the last move pair), whatever view
//!   was on, except while the player is typing on the braille keyboard;
//! - a sentence said while no move was recorded is shown as the message; a
//!   routing key over the message goes back to the view it covered (so a
//!   square asked for from the board view is read, then the board is back
//!   where it was). As in BRLTTY, a message stays until a key is pressed;
//!   a message that covers the move view begins with the last move pair,
//!   then the sentence, so a move followed at once by sentences (the
//!   display shows only the newest cells) is still the first thing the
//!   player's fingers find on the line; news about the display itself ([`Front::news`]: it is
//!   ready, it is back) is shown for [`NEWS`] only, then the view it covered
//!   comes back by itself on a tick, unless the player pressed a key
//!   meanwhile;
//! - the last [`HISTORY`] messages are kept: in the message view, panning
//!   back past a message's start goes to the message before it (line up and
//!   down go a whole message back and forward), so the player can read
//!   again what was said;
//! - typed cells become a move only when they write exactly one legal move
//!   of the position, sign for sign as tiflo writes it (the check, mate,
//!   capture and en passant signs may be left out where they stand, never
//!   added or moved; a draw-offer sign after it offers a draw with the
//!   move). Cells that write one move in full and another with signs left
//!   out are ambiguous, and nothing is chosen. The move then goes to the
//!   session as a line, through the same validation and confirmation as a
//!   typed or spoken move;
//! - a command that takes a move (`correct`, `claim`) is its word in
//!   letters, then the move in the chess signs, read the same way (for
//!   `correct`, in the position before the last move) and sent on in UCI;
//!   a move after it in literary letters is unreadable;
//! - typed cells that are not a move are read letter by letter in the
//!   language's literary braille (`[letters]` of the table, lowered digits,
//!   blanks as spaces) and become a line for the session only when the
//!   line is a command ("clock", "square e4", "yes"); anything else is
//!   [`Request::Unreadable`], never a guess: letters that happen to spell a
//!   move in print are not read as one.

use std::time::Duration;

use shakmaty::{Chess, Color, Position, Square};

use super::chess::{BoardStyle, Dots, move_readings};
use super::display::Action;
use super::keys::Typed;
use super::layout::{Pager, Target, Unit, pack};
use super::view::{self, By};
use super::{Cell, DOT7, DOT8, Table};
use crate::game::command::{Parsed, Words};
use crate::game::scoresheet::GameRecord;

/// The views, in the order the view keys go through them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum View {
    /// The last move pair (the board before the first move).
    Move,
    /// The board, rank by rank, from the player's side.
    Board,
    /// The board, file by file, from the player's left.
    Files,
    /// The whole scoresheet.
    Scoresheet,
    /// Both clocks.
    Clocks,
    /// The sentences said, the last one first; panning goes back to the
    /// earlier ones.
    Message,
    /// What the braille keyboard has typed, with a cursor.
    Typing,
}

const CYCLE: [View; 6] = [View::Move, View::Board, View::Files, View::Scoresheet, View::Clocks, View::Message];

/// What the display's keys ask of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Say what stands on this square (a routing key over it).
    Square(Square),
    /// Say the clocks (a routing key over a clock).
    Clock,
    /// Say this move of the scoresheet (a routing key over it; plies
    /// counted from 0, the first move of the record).
    Ply(usize),
    /// A move typed on the braille keyboard, in UCI, to be validated and
    /// confirmed like any other input; `draw` when the draw-offer sign
    /// followed it (the player offers a draw with this move).
    Move {
        /// The move, in UCI.
        uci: String,
        /// Whether a draw is offered with it.
        draw: bool,
    },
    /// A command typed on the braille keyboard, as text ("clock", "square
    /// e4"), for the session to read as a typed line.
    Line(String),
    /// Typed cells that write neither a legal move nor a command (as
    /// Unicode braille).
    Unreadable(String),
    /// Typed cells that write more than one legal move (as Unicode
    /// braille): nothing is chosen among them.
    Ambiguous(String),
}

/// How many messages are kept for the player to read again.
pub const HISTORY: usize = 8;

/// How long news ([`Front::news`]) stays before the view it covered is back.
pub const NEWS: Duration = Duration::from_secs(4);

/// The cursor shown after typed cells: dots 7 and 8.
pub(crate) const CURSOR: Cell = DOT7 | DOT8;

/// The display's state during a game.
#[derive(Clone, Debug)]
pub(crate) struct Front {
    table: &'static Table,
    style: BoardStyle,
    side: Color,
    width: usize,
    view: View,
    /// The view to go back to after typing.
    before_typing: View,
    /// The view (and pan position) a message replaced, for a routing key
    /// over the message to go back to.
    before_message: (View, usize),
    pager: Pager,
    record: GameRecord,
    position: Chess,
    clocks: (Duration, Duration),
    /// The last messages, word by word in cells, the newest first.
    messages: std::collections::VecDeque<Vec<(Vec<Cell>, String)>>,
    /// Which of them the message view shows (0: the newest).
    shown: usize,
    typed: Vec<Cell>,
    /// The command words of the table's language, for typed commands.
    words: Words,
    /// When the news shown gives way to the view it covered.
    news_until: Option<Duration>,
}

impl Front {
    /// A front for the player at `side`, writing with `table` and `style`,
    /// on a display of `width` cells (at least 1).
    pub fn new(table: &'static Table, style: BoardStyle, side: Color, width: usize) -> Front {
        let mut f = Front {
            table,
            style,
            side,
            width: width.max(1),
            view: View::Move,
            before_typing: View::Move,
            before_message: (View::Move, 0),
            pager: Pager::new(Vec::new()),
            record: GameRecord::default(),
            position: Chess::default(),
            clocks: (Duration::ZERO, Duration::ZERO),
            messages: std::collections::VecDeque::new(),
            shown: 0,
            typed: Vec::new(),
            words: Words::new(table.lang),
            news_until: None,
        };
        f.repaginate(Keep::Start);
        f
    }

    #[cfg(test)]
    pub fn view(&self) -> View {
        self.view
    }

    /// Whether the player is typing on the braille keyboard.
    pub(crate) fn typing(&self) -> bool {
        self.view == View::Typing
    }

    /// The display's width changed (another display was plugged in).
    pub(crate) fn set_width(&mut self, width: usize) {
        self.width = width.max(1);
        self.repaginate(Keep::Same);
    }

    /// The game as it stands; true when its moves changed (the view then
    /// turns to the last move).
    pub fn game(&mut self, record: GameRecord, position: Chess) -> bool {
        let changed = record.moves.len() != self.record.moves.len()
            || record.moves.last().map(|m| m.mv) != self.record.moves.last().map(|m| m.mv)
            || record.start != self.record.start;
        self.record = record;
        self.position = position;
        if changed {
            self.news_until = None;
        }
        if changed && self.view != View::Typing {
            self.view = View::Move;
            self.repaginate(Keep::End);
        } else {
            self.repaginate(Keep::Same);
        }
        changed
    }

    /// The clocks' readings; shown when the clocks view is on.
    pub fn clocks(&mut self, white: Duration, black: Duration) {
        // The display shows whole seconds: nothing changes in between.
        let secs = |d: Duration| Duration::from_secs(d.as_secs());
        let now = (secs(white), secs(black));
        if now != self.clocks {
            self.clocks = now;
            if self.view == View::Clocks {
                self.repaginate(Keep::Same);
            }
        }
    }

    /// A sentence tiflo said, word by word in cells: shown as the message
    /// (unless the player is typing).
    pub fn say(&mut self, words: Vec<(Vec<Cell>, String)>) {
        self.news_until = None;
        // A sentence said again (repeat) is not kept twice.
        if self.messages.front() != Some(&words) {
            self.messages.push_front(words);
            self.messages.truncate(HISTORY);
        }
        self.shown = 0;
        if self.view != View::Typing {
            if self.view != View::Message {
                self.before_message = (self.view, self.pager.index());
            }
            self.view = View::Message;
            self.repaginate(Keep::Start);
        }
    }

    /// News about the display (it is ready, it is back), said at `now`:
    /// shown as the message for [`NEWS`], after which [`Front::tick`] brings
    /// back the view it covered.
    ///
    /// Over messages, the news gives way to the view the messages covered:
    /// news comes when a display has just been opened, so the messages said
    /// while it was away were heard, not read; they stay in the history.
    pub fn news(&mut self, words: Vec<(Vec<Cell>, String)>, now: Duration) {
        self.say(words);
        if self.view == View::Message {
            self.news_until = Some(now + NEWS);
        }
    }

    /// Time passes (call on every tick): news that has been shown long
    /// enough gives way to the view it covered; true when the view changed.
    pub fn tick(&mut self, now: Duration) -> bool {
        match self.news_until {
            Some(until) if now >= until => {
                self.news_until = None;
                if self.view == View::Message {
                    self.back_from_message();
                    return true;
                }
                false
            }
            _ => false,
        }
    }

    /// Shows message `i` (0: the newest), if there is one.
    fn show_message(&mut self, i: usize, keep: Keep) {
        if i < self.messages.len() {
            self.shown = i;
            self.repaginate(keep);
        }
    }

    /// Back to the view (and pan position) the message covered.
    fn back_from_message(&mut self) {
        let (view, index) = self.before_message;
        self.view = view;
        self.repaginate(Keep::Start);
        for _ in 0..index {
            self.pager.forward();
        }
    }

    /// The cells the display shows now, padded to its width.
    pub fn cells(&self) -> Vec<Cell> {
        self.pager.current().padded(self.width)
    }

    #[cfg(test)]
    /// The print text of what is shown (for logs and tests).
    pub fn gloss(&self) -> &str {
        &self.pager.current().print
    }

    /// Acts on a key; what the session must do, if anything.
    pub(crate) fn act(&mut self, action: Action) -> Option<Request> {
        // A key pressed: the player reads what is shown, which stays.
        self.news_until = None;
        match action {
            // In the message view, past a message's ends are the messages
            // before and after it.
            Action::PanBack | Action::LineUp if self.view == View::Message => {
                let whole = action == Action::LineUp;
                if whole || !self.pager.back() {
                    self.show_message(self.shown + 1, if whole { Keep::Start } else { Keep::End });
                }
            }
            Action::PanForward | Action::LineDown if self.view == View::Message => {
                let whole = action == Action::LineDown;
                if (whole || !self.pager.forward()) && self.shown > 0 {
                    self.show_message(self.shown - 1, Keep::Start);
                }
            }
            Action::PanBack | Action::LineUp => {
                self.pager.back();
            }
            Action::PanForward | Action::LineDown => {
                self.pager.forward();
            }
            Action::Top => self.pager.first(),
            Action::Bottom => self.pager.last(),
            Action::NextView | Action::PreviousView => {
                let at = CYCLE.iter().position(|&v| v == self.view).unwrap_or(0);
                let step = if action == Action::NextView { 1 } else { CYCLE.len() - 1 };
                self.typed.clear();
                let from = (self.view, self.pager.index());
                self.view = CYCLE[(at + step) % CYCLE.len()];
                self.shown = 0;
                if self.view == View::Message {
                    // A routing key over a message goes back to where the
                    // player came from.
                    self.before_message = from;
                }
                let keep = if matches!(self.view, View::Move | View::Scoresheet) { Keep::End } else { Keep::Start };
                self.repaginate(keep);
            }
            Action::Route(n) => {
                match self.view {
                    View::Typing => return None,
                    View::Message => {
                        // Read: back to what the message covered.
                        self.back_from_message();
                        return None;
                    }
                    _ => {}
                }
                return match self.pager.current().target(usize::from(n)) {
                    Target::Square(sq) => Some(Request::Square(sq)),
                    Target::Clock(_) => Some(Request::Clock),
                    Target::Ply(ply) => Some(Request::Ply(ply)),
                    Target::None => None,
                };
            }
            Action::Typed(t) => {
                let cell = match t {
                    Typed::Cell(c) => c,
                    Typed::Space => 0,
                };
                if self.view != View::Typing {
                    if cell == 0 {
                        return None;
                    }
                    self.before_typing = self.view;
                    self.view = View::Typing;
                }
                self.typed.push(cell);
                self.repaginate(Keep::End);
            }
            Action::Erase => {
                if self.view == View::Typing {
                    self.typed.pop();
                    if self.typed.iter().all(|&c| c == 0) {
                        self.stop_typing();
                    } else {
                        self.repaginate(Keep::End);
                    }
                }
            }
            Action::Enter => {
                if self.view != View::Typing {
                    return None;
                }
                let typed = std::mem::take(&mut self.typed);
                self.stop_typing();
                return Some(read_typed(self.table, self.style.dots, &self.words, &self.record, &self.position, &typed));
            }
            // The talk key is the ear's (the daemon takes it first).
            Action::Talk(_) => {}
        }
        None
    }

    fn stop_typing(&mut self) {
        self.typed.clear();
        self.view = self.before_typing;
        self.repaginate(Keep::End);
    }

    fn units(&self) -> Vec<Unit> {
        match self.view {
            View::Move if !self.record.moves.is_empty() => view::last_pair(self.table, self.style.dots, &self.record),
            View::Move | View::Board => view::board(self.table, &self.style, &self.position, By::Rank, self.side),
            View::Files => view::board(self.table, &self.style, &self.position, By::File, self.side),
            View::Scoresheet => view::scoresheet(self.table, self.style.dots, &self.record),
            View::Clocks => view::clocks(self.table, self.clocks.0, self.clocks.1),
            View::Message => {
                // The newest message over the move view carries the move at
                // its start: the move is never covered before it is read.
                let mut units = if self.shown == 0 && self.before_message.0 == View::Move {
                    view::last_pair(self.table, self.style.dots, &self.record)
                } else {
                    Vec::new()
                };
                units.extend(view::message(self.messages.get(self.shown).cloned().unwrap_or_default()));
                units
            }
            View::Typing => {
                let mut cells: Vec<Cell> = self.typed.clone();
                cells.push(CURSOR);
                vec![Unit::new(cells, super::to_unicode(&self.typed), Target::None)]
            }
        }
    }

    fn repaginate(&mut self, keep: Keep) {
        let index = self.pager.index();
        let segments = pack(&self.units(), self.width).unwrap_or_default();
        self.pager = Pager::new(segments);
        match keep {
            Keep::Start => {}
            Keep::End => self.pager.last(),
            Keep::Same => {
                for _ in 0..index {
                    if !self.pager.forward() {
                        break;
                    }
                }
            }
        }
    }
}

/// Where the display stays when a view is laid out again.
#[derive(Copy, Clone)]
enum Keep {
    Start,
    End,
    Same,
}

/// The commands whose argument is a move: on the braille keyboard that
/// move is written in the chess signs, like any typed move.
const MOVE_COMMANDS: [&str; 2] = ["correct", "claim"];

/// What cells typed on the braille keyboard ask, in the game `record` whose
/// position is `pos`: the one legal move they write (see [`read_move`]),
/// with a draw offer when the table's draw-offer sign ends them; else a
/// command taking a move (`correct`, `claim`): its word in letters, then
/// the move in the chess signs (for `correct`, a move of the position
/// before the last move), sent on with the move in UCI; else the command
/// they spell (see [`back_translate`]), read by `words` as a typed line
/// would be; else nothing readable. Cells that write more than one legal
/// move are [`Request::Ambiguous`].
pub fn read_typed(table: &Table, dots: Dots, words: &Words, record: &GameRecord, pos: &Chess, typed: &[Cell]) -> Request {
    let unicode = || super::to_unicode(typed);
    let uci = |m: shakmaty::Move| m.to_uci(shakmaty::CastlingMode::Standard).to_string();
    let cells = trim(typed);
    let whole = read_move(table, dots, pos, &cells);
    let offered = match cells.strip_suffix(table.draw_offer()) {
        Some(before) => read_move(table, dots, pos, before),
        None => Reading::Nothing,
    };
    match (whole, offered) {
        (Reading::Nothing, Reading::Nothing) => {}
        (Reading::One(m), Reading::Nothing) => return Request::Move { uci: uci(m), draw: false },
        (Reading::Nothing, Reading::One(m)) => return Request::Move { uci: uci(m), draw: true },
        _ => return Request::Ambiguous(unicode()),
    }
    if let Some(gap) = cells.iter().position(|&c| c == 0)
        && let Some(word) = back_translate(table, &cells[..gap])
        && let Some(id) = words.command_id(&word)
        && MOVE_COMMANDS.contains(&id)
    {
        let from = if id == "correct" {
            record.moves.len().checked_sub(1).map(|n| record.position_after(n))
        } else {
            Some(pos.clone())
        };
        return match from.map(|p| read_move(table, dots, &p, &cells[gap..])) {
            Some(Reading::One(m)) => Request::Line(format!("{word} {}", uci(m))),
            Some(Reading::Several(_)) => Request::Ambiguous(unicode()),
            _ => Request::Unreadable(unicode()),
        };
    }
    if let Some(text) = back_translate(table, &cells)
        && matches!(words.parse(&text), Parsed::Command(_) | Parsed::Error { .. })
    {
        return Request::Line(text);
    }
    Request::Unreadable(unicode())
}

/// Cells as text, letter by letter in the table's literary letters, its
/// lowered digits, and blanks as spaces (runs of blanks as one); `None`
/// when a cell is none of these.
pub(crate) fn back_translate(table: &Table, cells: &[Cell]) -> Option<String> {
    let mut text = String::new();
    for &c in cells {
        if c == 0 {
            if !text.is_empty() && !text.ends_with(' ') {
                text.push(' ');
            }
        } else if let Some(d) = table.digit_of(c) {
            text.push(char::from(b'0' + d));
        } else {
            text.push(table.letter(c)?);
        }
    }
    let text = text.trim_end().to_owned();
    (!text.is_empty()).then_some(text)
}

/// What typed cells write as a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// No legal move.
    Nothing,
    /// Exactly this legal move.
    One(shakmaty::Move),
    /// Each of these legal moves (the cells are one move written in full
    /// and another with signs left out, or both with signs left out).
    Several(Vec<shakmaty::Move>),
}

/// The legal moves of `pos` that `typed` writes: a move is read when the
/// cells (blanks around them aside) are the move as tiflo writes it, or
/// that with some of its optional signs (check, mate, capture, en passant)
/// left out where they stand ([`move_readings`]). A sign written where the
/// move has none (a check sign on a move that gives no check, a capture
/// sign on a quiet move) is no reading of it. Exact and shortened readings
/// count alike: the cells are a move only when they read as exactly one.
pub fn read_move(table: &Table, dots: Dots, pos: &Chess, typed: &[Cell]) -> Reading {
    let typed: Vec<Cell> = trim(typed);
    if typed.is_empty() {
        return Reading::Nothing;
    }
    let found: Vec<shakmaty::Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| move_readings(table, dots, pos, *m).contains(&typed))
        .collect();
    match found.as_slice() {
        [] => Reading::Nothing,
        [m] => Reading::One(*m),
        _ => Reading::Several(found),
    }
}

/// The cells without leading and trailing blanks.
fn trim(cells: &[Cell]) -> Vec<Cell> {
    let start = cells.iter().position(|&c| c != 0).unwrap_or(cells.len());
    let end = cells.iter().rposition(|&c| c != 0).map_or(start, |i| i + 1);
    cells[start..end].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::Dots;
    use crate::braille::chess::move_cells;
    use crate::notation::Lang;
    use crate::game::scoresheet::RecordedMove;
    use shakmaty::uci::UciMove;

    fn front(lang: Lang, width: usize) -> Front {
        let t = Table::get(lang).unwrap();
        Front::new(t, BoardStyle::shipped(Dots::Eight).unwrap(), Color::White, width)
    }

    fn play(record: &mut GameRecord, pos: &mut Chess, uci: &str) {
        let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
        record.moves.push(RecordedMove::new(m));
        pos.play_unchecked(m);
    }

    fn typed(f: &mut Front, cells: &[Cell]) -> Option<Request> {
        for &c in cells {
            f.act(Action::Typed(if c == 0 { Typed::Space } else { Typed::Cell(c) }));
        }
        f.act(Action::Enter)
    }

    #[test]
    fn a_recorded_move_is_shown_and_a_sentence_after_it_is_the_message() {
        let mut f = front(Lang::Es, 40);
        assert_eq!(f.view(), View::Move);
        assert!(f.gloss().starts_with("8 "), "the board before the first move: {}", f.gloss());
        let (mut record, mut pos) = (GameRecord::default(), Chess::default());
        play(&mut record, &mut pos, "g1f3");
        assert!(f.game(record.clone(), pos.clone()));
        assert_eq!(f.gloss(), "1 Cf3");
        assert_eq!(f.cells().len(), 40);
        assert!(!f.game(record.clone(), pos.clone()), "the same game is no change");
        let pair = f.cells();
        let pair = &pair[..pair.iter().rposition(|&c| c != 0).unwrap() + 1];
        f.say(vec![(vec![1, 2], "ab".into()), (vec![3], "c".into())]);
        // The sentence that covers the move begins with the move: written
        // at once after it, the move is still on the line.
        assert_eq!((f.view(), f.gloss()), (View::Message, "1 Cf3 ab c"));
        assert_eq!(&f.cells()[..pair.len() + 4], [pair, &[0, 1, 2, 0]].concat().as_slice());
        f.say(vec![(vec![4], "d".into())]);
        assert_eq!(f.gloss(), "1 Cf3 d", "every sentence while the move view is covered");
        // The sentence before it, read again, is the sentence alone.
        f.act(Action::LineUp);
        assert_eq!(f.gloss(), "ab c");
        f.act(Action::LineDown);
        assert_eq!(f.gloss(), "1 Cf3 d");
        // A routing key over a message goes back to the view it covered.
        assert_eq!(f.act(Action::Route(0)), None);
        assert_eq!((f.view(), f.gloss()), (View::Move, "1 Cf3"));
        f.say(vec![(vec![1, 2], "ab".into())]);
        play(&mut record, &mut pos, "d7d5");
        f.game(record, pos);
        assert_eq!((f.view(), f.gloss()), (View::Move, "1 Cf3 d5"));
    }

    #[test]
    fn view_keys_cycle_and_routing_keys_ask() {
        let mut f = front(Lang::Es, 40);
        f.act(Action::NextView);
        assert_eq!(f.view(), View::Board);
        // "8 " then the eight squares: cell 2 is a8.
        assert_eq!(f.act(Action::Route(2)), Some(Request::Square(Square::A8)));
        assert_eq!(f.act(Action::Route(1)), None);
        f.act(Action::PanForward);
        assert!(f.gloss().starts_with("5 "), "{}", f.gloss());
        // The answer is read, and the board is back where it was.
        f.say(vec![(vec![1], "a".into())]);
        assert_eq!(f.view(), View::Message);
        f.act(Action::Route(0));
        assert!(f.view() == View::Board && f.gloss().starts_with("5 "), "{}", f.gloss());
        f.act(Action::Top);
        assert!(f.gloss().starts_with("8 "));
        // The board by file: "a " then a1 to a8 from the player's side.
        f.act(Action::NextView);
        assert_eq!(f.view(), View::Files);
        assert!(f.gloss().starts_with("a "), "{}", f.gloss());
        assert_eq!(f.act(Action::Route(2)), Some(Request::Square(Square::A1)));
        assert_eq!(f.act(Action::Route(9)), Some(Request::Square(Square::A8)));
        f.act(Action::NextView);
        f.act(Action::NextView);
        assert_eq!(f.view(), View::Clocks);
        f.clocks(Duration::from_secs(300), Duration::from_millis(7_200_500));
        assert_eq!(f.gloss(), "b 5:00 n 2:00:00");
        assert_eq!(f.act(Action::Route(0)), Some(Request::Clock));
        f.act(Action::PreviousView);
        assert_eq!(f.view(), View::Scoresheet);
        for _ in 0..3 {
            f.act(Action::NextView);
        }
        assert_eq!(f.view(), View::Move);
    }

    #[test]
    fn a_routing_key_over_a_move_of_the_scoresheet_asks_for_that_move() {
        let mut f = front(Lang::Es, 40);
        let (mut record, mut pos) = (GameRecord::default(), Chess::default());
        for uci in ["e2e4", "e7e5", "g1f3"] {
            play(&mut record, &mut pos, uci);
        }
        f.game(record, pos);
        f.act(Action::NextView);
        f.act(Action::NextView);
        f.act(Action::NextView);
        assert_eq!((f.view(), f.gloss()), (View::Scoresheet, "1 e4 e5 2 Cf3"));
        // "1 e4 e5 2 Cf3": the number goes with its move.
        assert_eq!(f.act(Action::Route(0)), Some(Request::Ply(0)));
        assert_eq!(f.act(Action::Route(2)), Some(Request::Ply(0)));
        assert_eq!(f.act(Action::Route(5)), Some(Request::Ply(1)));
        assert_eq!(f.act(Action::Route(10)), Some(Request::Ply(2)));
        assert_eq!(f.act(Action::Route(30)), None, "past the end");
    }

    fn fen(fen: &str) -> Chess {
        fen.parse::<shakmaty::fen::Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap()
    }

    fn mv(pos: &Chess, uci: &str) -> shakmaty::Move {
        uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }

    /// The cells without the `sign` wherever it stands.
    fn without(cells: &[Cell], sign: &[Cell]) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < cells.len() {
            if !sign.is_empty() && cells[i..].starts_with(sign) {
                i += sign.len();
            } else {
                out.push(cells[i]);
                i += 1;
            }
        }
        out
    }

    #[test]
    fn typed_cells_become_exactly_one_legal_move() {
        let t = Table::get(Lang::Es).unwrap();
        let mut f = front(Lang::Es, 20);
        let (mut record, mut pos) = (GameRecord::default(), Chess::default());
        for m in ["e2e4", "d7d5"] {
            play(&mut record, &mut pos, m);
        }
        f.game(record.clone(), pos.clone());
        // exd5 as tiflo writes it, then without the capture sign.
        let exd5 = mv(&pos, "e4d5");
        let cells = move_cells(t, Dots::Eight, &pos, exd5).cells;
        assert_eq!(typed(&mut f, &cells), Some(Request::Move { uci: "e4d5".into(), draw: false }));
        assert_eq!(f.view(), View::Move, "back to the view before typing");
        let bare = without(&cells, t.capture());
        assert_ne!(bare, cells);
        assert_eq!(read_move(t, Dots::Eight, &pos, &bare), Reading::One(exd5));
        // A knight move to a square no knight reaches is unreadable.
        let mut nf5 = move_cells(t, Dots::Eight, &pos, mv(&pos, "g1f3")).cells;
        *nf5.last_mut().unwrap() = t.digit(5);
        match typed(&mut f, &nf5) {
            Some(Request::Unreadable(u)) => assert_eq!(u, crate::braille::to_unicode(&nf5)),
            other => panic!("{other:?}"),
        }
        assert_eq!(read_move(t, Dots::Eight, &pos, &[]), Reading::Nothing);
    }

    #[test]
    fn optional_signs_are_left_out_in_place_never_added() {
        let t = Table::get(Lang::Es).unwrap();
        let pos = Chess::default();
        let nf3 = move_cells(t, Dots::Eight, &pos, mv(&pos, "g1f3")).cells;
        // A check sign on a move that gives no check: not that move (the
        // player believes it checks; what they meant is not guessed).
        let mut checked = nf3.clone();
        checked.extend_from_slice(t.check());
        assert_eq!(read_move(t, Dots::Eight, &pos, &checked), Reading::Nothing);
        // A capture sign on a quiet move, where a capture sign would stand.
        let mut taking = nf3.clone();
        taking.splice(1..1, t.capture().iter().copied());
        assert_eq!(read_move(t, Dots::Eight, &pos, &taking), Reading::Nothing);
        // A sign out of its place: Rxf8+ typed with the check sign first.
        let p = fen("5r1k/8/8/8/8/8/8/4KR2 w - - 0 1");
        let rxf8 = mv(&p, "f1f8");
        let w = move_cells(t, Dots::Eight, &p, rxf8).cells;
        assert!(w.ends_with(t.mate()) || w.ends_with(t.check()), "{w:?}");
        let mut moved = without(&without(&w, t.check()), t.mate());
        assert_eq!(read_move(t, Dots::Eight, &p, &moved), Reading::One(rxf8), "signs left out");
        moved.splice(1..1, t.check().iter().copied());
        assert_eq!(read_move(t, Dots::Eight, &p, &moved), Reading::Nothing, "a sign moved elsewhere");
        // Both knights reach d2: without saying which, no move is read.
        let p = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        let nbd2 = move_cells(t, Dots::Eight, &p, mv(&p, "b1d2")).cells;
        assert_eq!(nbd2.len(), 4, "C b d 2");
        let nd2 = [nbd2[0], nbd2[2], nbd2[3]];
        assert_eq!(read_move(t, Dots::Eight, &p, &nd2), Reading::Nothing);
        let mut f = front(Lang::Es, 20);
        f.game(GameRecord { start: p.clone(), ..GameRecord::default() }, p.clone());
        assert!(matches!(typed(&mut f, &nd2), Some(Request::Unreadable(_))));
        assert_eq!(typed(&mut f, &nbd2), Some(Request::Move { uci: "b1d2".into(), draw: false }));
    }

    #[test]
    fn a_piece_letter_that_is_a_file_letter_is_a_capital_and_reads_apart() {
        // In Spanish the queen's D is the cell of file d: written plainly,
        // De6 (the queen's quiet move) would be dxe6 e.p. with its capture
        // and en passant signs left out. The queen's D is a capital (dot 7
        // on 8 dots, the capital sign before it on 6), so each reads as
        // one move, typed in either form on either display.
        let t = Table::get(Lang::Es).unwrap();
        let p = fen("k7/8/8/3Pp3/8/7Q/8/4K3 w - e6 0 1");
        let qe6 = mv(&p, "h3e6");
        let de6 = mv(&p, "d5e6");
        assert_eq!(move_cells(t, Dots::Eight, &p, qe6).print, "De6");
        let pawn = without(&without(&move_cells(t, Dots::Eight, &p, de6).cells, t.capture()), t.en_passant());
        for on in [Dots::Eight, Dots::Six] {
            let queen = move_cells(t, on, &p, qe6).cells;
            assert_ne!(queen, pawn, "{on:?}");
            for typed_on in [Dots::Eight, Dots::Six] {
                let written = move_cells(t, typed_on, &p, qe6).cells;
                assert_eq!(read_move(t, on, &p, &written), Reading::One(qe6), "{on:?} display, {typed_on:?} form");
            }
            assert_eq!(read_move(t, on, &p, &pawn), Reading::One(de6), "{on:?}");
        }
        let mut f = front(Lang::Es, 20);
        f.game(GameRecord { start: p.clone(), ..GameRecord::default() }, p.clone());
        assert_eq!(typed(&mut f, &pawn), Some(Request::Move { uci: "d5e6".into(), draw: false }));
        let queen = move_cells(t, Dots::Eight, &p, qe6).cells;
        assert_eq!(typed(&mut f, &queen), Some(Request::Move { uci: "h3e6".into(), draw: false }));
    }

    /// After 1.e4 b5 2.a4 Bb7, the bishop's Axb5 and the pawn's axb5 are
    /// each typed and read as themselves, on either display.
    #[test]
    fn the_bishops_axb5_and_the_pawns_axb5_are_typed_apart() {
        let t = Table::get(Lang::Es).unwrap();
        let mut record = GameRecord::default();
        let mut p = Chess::default();
        for uci in ["e2e4", "b7b5", "a2a4", "c8b7"] {
            let m = mv(&p, uci);
            record.moves.push(RecordedMove::new(m));
            p.play_unchecked(m);
        }
        let (bishop, pawn) = (mv(&p, "f1b5"), mv(&p, "a4b5"));
        for on in [Dots::Eight, Dots::Six] {
            let mut f = Front::new(t, BoardStyle::shipped(on).unwrap(), Color::White, 20);
            f.game(record.clone(), p.clone());
            let b = move_cells(t, on, &p, bishop);
            assert_eq!(b.print, "Axb5");
            assert_eq!(typed(&mut f, &b.cells), Some(Request::Move { uci: "f1b5".into(), draw: false }), "{on:?}");
            let a = move_cells(t, on, &p, pawn);
            assert_eq!(a.print, "axb5");
            assert_eq!(typed(&mut f, &a.cells), Some(Request::Move { uci: "a4b5".into(), draw: false }), "{on:?}");
        }
    }

    #[test]
    fn a_full_move_and_a_shortened_one_written_alike_are_refused() {
        // A table whose queen is written as the file letter d (as tiflo's
        // Spanish table was before capitals): De6 is also dxe6 e.p. with its
        // capture and en passant signs left out, and nothing is chosen.
        let text = include_str!("../../braille/es.toml").replace("pieces = [\"queen\", \"bishop\", \"knight\"]", "pieces = [\"bishop\", \"knight\"]");
        assert!(Table::parse("es.toml", &text).is_err(), "a plain D is refused at load");
        let p = fen("k7/8/8/3Pp3/8/7Q/8/4K3 w - e6 0 1");
        let (qe6, de6) = (mv(&p, "h3e6"), mv(&p, "d5e6"));
        let t = Table::get(Lang::Es).unwrap();
        // The plain cells of De6: d, e, 6.
        let plain = [t.piece(shakmaty::Role::Queen), t.file(shakmaty::File::E), t.digit(6)];
        assert_eq!(read_move(t, Dots::Eight, &p, &plain), Reading::One(de6));
        assert!(!move_readings(t, Dots::Eight, &p, qe6).contains(&plain.to_vec()));
    }

    #[test]
    fn a_correction_or_a_claim_is_typed_with_the_move_in_chess_signs() {
        let t = Table::get(Lang::Es).unwrap();
        let mut f = front(Lang::Es, 30);
        let (mut record, mut pos) = (GameRecord::default(), Chess::default());
        // No move yet: nothing to correct, no move read.
        let before = pos.clone();
        let mut line = spelt(t, "corregir ");
        line.extend(move_cells(t, Dots::Eight, &before, mv(&before, "e2e3")).cells);
        f.game(record.clone(), pos.clone());
        assert!(matches!(typed(&mut f, &line), Some(Request::Unreadable(_))));
        play(&mut record, &mut pos, "e2e4");
        f.game(record.clone(), pos.clone());
        // e3 meant: a move of the position before the last move, sent on in UCI.
        assert_eq!(typed(&mut f, &line), Some(Request::Line("corregir e2e3".into())));
        // A move legal only after the last move is no correction.
        let mut after = spelt(t, "corregir ");
        after.extend(move_cells(t, Dots::Eight, &pos, mv(&pos, "e7e5")).cells);
        assert!(matches!(typed(&mut f, &after), Some(Request::Unreadable(_))));
        // The move in literary letters is refused, never read in print.
        for text in ["corregir nf3", "reclamar nf6"] {
            let cells = spelt(t, text);
            assert_eq!(typed(&mut f, &cells), Some(Request::Unreadable(crate::braille::to_unicode(&cells))), "{text}");
        }
        // A claim names the move to be played, in the position now.
        let mut claim = spelt(t, "reclamar ");
        claim.extend(move_cells(t, Dots::Eight, &pos, mv(&pos, "g8f6")).cells);
        assert_eq!(typed(&mut f, &claim), Some(Request::Line("reclamar g8f6".into())));
        // The English word works too; the command alone is the session's.
        let mut claim = spelt(t, "claim  ");
        claim.extend(move_cells(t, Dots::Eight, &pos, mv(&pos, "g8f6")).cells);
        assert_eq!(typed(&mut f, &claim), Some(Request::Line("claim g8f6".into())));
        assert_eq!(typed(&mut f, &spelt(t, "reclamar")), Some(Request::Line("reclamar".into())));
        assert_eq!(typed(&mut f, &spelt(t, "corregir")), Some(Request::Line("corregir".into())));
    }

    /// The cells of `text` in the table's letters and lowered digits.
    fn spelt(t: &Table, text: &str) -> Vec<Cell> {
        text.chars()
            .map(|c| match c {
                ' ' => 0,
                '0'..='9' => t.digit(c as u8 - b'0'),
                _ => (0..=255u8).find(|&cell| cell & DOT7 == 0 && t.letter(cell) == Some(c)).unwrap(),
            })
            .collect()
    }

    #[test]
    fn typed_words_are_commands_and_nothing_else_is_read() {
        let t = Table::get(Lang::Es).unwrap();
        let mut f = front(Lang::Es, 20);
        assert_eq!(typed(&mut f, &spelt(t, "reloj")), Some(Request::Line("reloj".into())));
        assert_eq!(f.view(), View::Move, "back to the view before typing");
        // Lowered digits, blanks as spaces; accented letters; dot 7 (a
        // computer-braille capital) is ignored.
        assert_eq!(typed(&mut f, &spelt(t, "casilla  e4")), Some(Request::Line("casilla e4".into())));
        assert_eq!(typed(&mut f, &spelt(t, "última")), Some(Request::Line("última".into())));
        let mut capital = spelt(t, "tablero");
        capital[0] |= DOT7;
        assert_eq!(typed(&mut f, &capital), Some(Request::Line("tablero".into())));
        // English words always work; a command with a bad argument is still
        // the session's to explain.
        assert_eq!(typed(&mut f, &spelt(t, "clock")), Some(Request::Line("clock".into())));
        assert_eq!(typed(&mut f, &spelt(t, "casilla z9")), Some(Request::Line("casilla z9".into())));
        // A numbered choice.
        assert_eq!(typed(&mut f, &spelt(t, "2")), Some(Request::Line("2".into())));
        // Words that are no command, and letters that spell a move in print
        // but not in the chess signs, are not read.
        for text in ["hola", "nf3", "e9"] {
            let cells = spelt(t, text);
            assert_eq!(typed(&mut f, &cells), Some(Request::Unreadable(crate::braille::to_unicode(&cells))), "{text}");
        }
        // A cell that is no letter (dots 1-2-3-4-5-6 is é only in French).
        assert!(matches!(typed(&mut f, &[0b11_1111]), Some(Request::Unreadable(_))));
        let en = Table::get(Lang::En).unwrap();
        let mut f = front(Lang::En, 20);
        assert_eq!(typed(&mut f, &spelt(en, "square e4")), Some(Request::Line("square e4".into())));
        assert_eq!(back_translate(en, &[0b11_1111]), None);
        assert_eq!(back_translate(en, &[0, 0]), None);
    }

    #[test]
    fn a_move_with_the_draw_offer_sign_offers_a_draw() {
        for lang in [Lang::Es, Lang::En] {
            let t = Table::get(lang).unwrap();
            let mut f = front(lang, 20);
            let pos = Chess::default();
            let nf3 = "g1f3".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            let mut cells = move_cells(t, Dots::Eight, &pos, nf3).cells;
            cells.push(0);
            cells.extend_from_slice(t.draw_offer());
            assert_eq!(typed(&mut f, &cells), Some(Request::Move { uci: "g1f3".into(), draw: true }), "{lang}");
            // The sign alone is nothing.
            assert!(matches!(typed(&mut f, t.draw_offer()), Some(Request::Unreadable(_))), "{lang}");
        }
    }

    #[test]
    fn typing_shows_a_cursor_and_erase_goes_back() {
        let mut f = front(Lang::En, 12);
        f.act(Action::NextView);
        f.act(Action::Typed(Typed::Space));
        assert_eq!(f.view(), View::Board, "a space alone starts nothing");
        f.act(Action::Typed(Typed::Cell(0b11)));
        assert_eq!(f.view(), View::Typing);
        assert_eq!(&f.cells()[..2], &[0b11, CURSOR]);
        // A move recorded meanwhile does not take the typing away.
        let (mut record, mut pos) = (GameRecord::default(), Chess::default());
        play(&mut record, &mut pos, "e2e4");
        f.game(record, pos);
        assert_eq!(f.view(), View::Typing);
        f.act(Action::Erase);
        assert_eq!(f.view(), View::Board);
        assert_eq!(f.act(Action::Enter), None);
    }

    #[test]
    fn news_gives_way_to_the_view_it_covered() {
        let s = Duration::from_secs;
        let mut f = front(Lang::Es, 40);
        f.act(Action::NextView);
        f.act(Action::PanForward);
        let board = f.gloss().to_owned();
        assert!(board.starts_with("5 "), "{board}");
        f.news(vec![(vec![1], "a".into())], s(100));
        assert_eq!((f.view(), f.gloss()), (View::Message, "a"));
        assert!(!f.tick(s(100) + NEWS - Duration::from_millis(1)), "still the news");
        assert_eq!(f.view(), View::Message);
        assert!(f.tick(s(100) + NEWS));
        assert_eq!((f.view(), f.gloss()), (View::Board, board.as_str()), "the board, panned where it was");
        assert!(!f.tick(s(200)), "nothing more to restore");

        // A key pressed while the news shows: the player reads it, it stays.
        f.news(vec![(vec![1], "a".into())], s(300));
        f.act(Action::PanForward);
        assert!(!f.tick(s(400)));
        assert_eq!(f.view(), View::Message);
        // A sentence said after the news stays too.
        f.act(Action::Route(0));
        f.news(vec![(vec![1], "a".into())], s(500));
        f.say(vec![(vec![2], "b".into())]);
        assert!(!f.tick(s(600)));
        assert_eq!((f.view(), f.gloss()), (View::Message, "b"));
        // News while typing leaves the typing alone.
        f.act(Action::Route(0));
        f.act(Action::Typed(Typed::Cell(1)));
        f.news(vec![(vec![1], "a".into())], s(700));
        assert!(!f.tick(s(800)));
        assert_eq!(f.view(), View::Typing);
    }

    /// A message of one word per letter of `text` (cell = the letter's
    /// position in the alphabet, for tests).
    fn words(text: &str) -> Vec<(Vec<Cell>, String)> {
        text.split(' ').map(|w| (w.bytes().map(|b| b - b'a' + 1).collect(), w.to_owned())).collect()
    }

    #[test]
    fn the_player_pans_back_through_the_last_messages() {
        let mut f = front(Lang::Es, 12);
        for n in 0..HISTORY + 2 {
            f.say(words(&format!("m{} aaaaaaaaaa bbbbbbbbbb", char::from(b'a' + n as u8))));
        }
        // The newest, from its start; the player pans through its words.
        assert_eq!((f.view(), f.gloss()), (View::Message, "mj"));
        f.act(Action::PanForward);
        f.act(Action::PanForward);
        assert_eq!(f.gloss(), "bbbbbbbbbb");
        f.act(Action::PanForward);
        assert_eq!(f.gloss(), "bbbbbbbbbb", "nothing newer");
        // Panning back past its start: the end of the message before.
        for _ in 0..3 {
            f.act(Action::PanBack);
        }
        assert_eq!(f.gloss(), "bbbbbbbbbb");
        f.act(Action::PanBack);
        f.act(Action::PanBack);
        assert_eq!(f.gloss(), "mi");
        // Line up and down: a whole message back and forward.
        f.act(Action::LineUp);
        assert_eq!(f.gloss(), "mh");
        f.act(Action::LineDown);
        f.act(Action::LineDown);
        assert_eq!(f.gloss(), "mj");
        // Only the last HISTORY are kept.
        for _ in 0..HISTORY + 3 {
            f.act(Action::LineUp);
        }
        assert_eq!(f.gloss(), format!("m{}", char::from(b'a' + 2)));
        // A new sentence shows at once; a repeated one is not kept twice.
        f.say(words("new"));
        assert_eq!(f.gloss(), "new");
        f.say(words("new"));
        f.act(Action::LineUp);
        assert_eq!(f.gloss(), "mj");
        // The view keys come back to the newest.
        f.act(Action::NextView);
        f.act(Action::PreviousView);
        assert_eq!((f.view(), f.gloss()), (View::Message, "new"));
        // A routing key still goes back to the view the player came from.
        f.act(Action::Route(0));
        assert_eq!(f.view(), View::Move);
        f.act(Action::PreviousView);
        f.act(Action::PreviousView);
        assert_eq!(f.view(), View::Clocks);
        f.act(Action::NextView);
        f.act(Action::Route(0));
        assert_eq!(f.view(), View::Clocks);
    }

    #[test]
    fn news_over_messages_gives_way_to_the_view_they_covered() {
        let s = Duration::from_secs;
        let mut f = front(Lang::Es, 12);
        f.act(Action::NextView);
        // Said while the display was away: the board is covered.
        f.say(words("gone"));
        f.say(words("clock aaaaaaaaaa"));
        f.news(words("back"), s(10));
        assert_eq!(f.gloss(), "back");
        assert!(f.tick(s(10) + NEWS));
        assert_eq!(f.view(), View::Board);
        // The messages are all there to read again.
        f.act(Action::PreviousView);
        f.act(Action::PreviousView);
        assert_eq!((f.view(), f.gloss()), (View::Message, "back"));
        f.act(Action::PanBack);
        assert_eq!(f.gloss(), "aaaaaaaaaa");
        f.act(Action::LineUp);
        assert_eq!(f.gloss(), "gone");
    }

    #[test]
    fn a_narrower_display_repaginates() {
        let mut f = front(Lang::Es, 40);
        f.act(Action::NextView);
        let wide = f.gloss().to_owned();
        f.set_width(12);
        assert!(f.gloss().len() < wide.len());
        assert!(f.cells().len() == 12);
    }
}
