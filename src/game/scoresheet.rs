//! The scoresheet: the record of one game, as Article 8 asks for it (moves,
//! clock times, draw offers, claims, result), imported from game text in any
//! notation and exported as standard PGN or as a printed scoresheet in any
//! language and notation.
//!
//! Invariants: a [`GameRecord`] holds only legal moves from its start
//! position (it is built by replaying them); exporting never changes a move,
//! and PGN export then import gives the same record (tested).

use std::fmt::Write as _;
use std::time::Duration;

use fluent_bundle::FluentArgs;
use shakmaty::{Chess, Color, Move, Position};

use crate::i18n::Texts;
use crate::notation::{Dialect, Notator, position::write_fen};
use crate::pgn::{GameResult, ReadAs, ReadError, Visitor, read_games};

/// A claim recorded on the scoresheet (Article 9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    Threefold,
    FiftyMoves,
}

/// One move on the scoresheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub mv: Move,
    /// The move as it was written in the source, when read from text.
    pub written: String,
    /// Time left on the mover's clock after the move.
    pub clock: Option<Duration>,
    /// A draw was offered with this move: `(=)`.
    pub draw_offer: bool,
    pub claim: Option<Claim>,
    /// A wrong claim this side made before this move: two minutes were
    /// added to the opponent's clock (Article 9.5.2).
    pub rejected_claim: Option<Color>,
    /// Other comments, kept for export.
    pub comments: Vec<String>,
}

impl RecordedMove {
    pub fn new(mv: Move) -> RecordedMove {
        RecordedMove { mv, written: String::new(), clock: None, draw_offer: false, claim: None, rejected_claim: None, comments: Vec::new() }
    }
}

/// The record of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[derive(Default)]
pub struct GameRecord {
    /// PGN tags in their order (the start position is kept in `start`).
    pub tags: Vec<(String, String)>,
    pub start: Chess,
    pub moves: Vec<RecordedMove>,
    pub result: Option<GameResult>,
}


/// A game as read from text: the record so far, and the error that stopped
/// reading, if any.
#[derive(Clone, Debug)]
pub struct ReadGame {
    pub record: GameRecord,
    pub dialect: Option<Dialect>,
    pub error: Option<ReadError>,
}

impl GameRecord {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The position after the first `plies` moves.
    pub fn position_after(&self, plies: usize) -> Chess {
        let mut pos = self.start.clone();
        for m in &self.moves[..plies.min(self.moves.len())] {
            pos.play_unchecked(m.mv);
        }
        pos
    }

    /// Move number and side of the ply with index `ply` (0-based).
    pub fn move_number(&self, ply: usize) -> (u32, Color) {
        move_number(&self.start, ply)
    }

    /// Exports standard PGN: English short algebraic, the Seven Tag Roster,
    /// clock times as `[%clk h:mm:ss]`, draw offers and claims as comments
    /// beside their move.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let result = self.result.unwrap_or(GameResult::Unknown);
        for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
            let v = self.tag(name).unwrap_or(if name == "Date" { "????.??.??" } else { "?" });
            let _ = writeln!(out, "[{name} \"{}\"]", escape(v));
        }
        let _ = writeln!(out, "[Result \"{}\"]", result.as_pgn());
        let start_fen = write_fen(&self.start);
        if self.start != Chess::default() {
            let _ = writeln!(out, "[SetUp \"1\"]");
            let _ = writeln!(out, "[FEN \"{start_fen}\"]");
        }
        for (name, value) in &self.tags {
            let seven = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN"];
            if !seven.iter().any(|s| s.eq_ignore_ascii_case(name))
                && let Some(name) = tag_name(name)
            {
                let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
            }
        }
        out.push('\n');
        let mut words = Vec::new();
        let notator = Notator::new(Dialect::PGN, &self.start);
        let mut pos = self.start.clone();
        let mut need_number = true;
        for (ply, rm) in self.moves.iter().enumerate() {
            let (n, side) = self.move_number(ply);
            if side == Color::White {
                words.push(format!("{n}."));
            } else if need_number {
                words.push(format!("{n}..."));
            }
            let before = pos.clone();
            pos.play_unchecked(rm.mv);
            let mut s = String::new();
            notator.write(&before, rm.mv, &pos, &mut s);
            words.push(s);
            let mut comment = Vec::new();
            if let Some(c) = rm.clock {
                comment.push(format!("[%clk {}]", clock_text(c)));
            }
            if rm.draw_offer {
                comment.push("(=)".to_owned());
            }
            match rm.claim {
                Some(Claim::Threefold) => comment.push("claim: threefold repetition".to_owned()),
                Some(Claim::FiftyMoves) => comment.push("claim: fifty moves".to_owned()),
                None => {}
            }
            if let Some(by) = rm.rejected_claim {
                comment.push(rejected_claim_text(by).to_owned());
            }
            comment.extend(rm.comments.iter().cloned());
            need_number = !comment.is_empty();
            if !comment.is_empty() {
                words.push(format!("{{{}}}", comment.join(" ").replace('}', ")")));
            }
        }
        words.push(result.as_pgn().to_owned());
        wrap(&words, 79, &mut out);
        out
    }

    /// Writes the printed scoresheet in `lang` and `dialect`: the players and
    /// event, the moves numbered as in Appendix C with `(=)` beside a move
    /// with which a draw was offered, clock times when known, and the result.
    pub fn to_scoresheet(&self, dialect: Dialect, texts: &Texts) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", texts.text("scoresheet-title"));
        for (id, tag) in [("white", "White"), ("black", "Black"), ("event", "Event"), ("site", "Site"), ("date", "Date"), ("round", "Round")] {
            if let Some(v) = self.tag(tag).filter(|v| !v.is_empty() && *v != "?" && !v.contains("??")) {
                let _ = writeln!(out, "{}: {v}", texts.text(id));
            }
        }
        out.push('\n');
        let mut notator = Notator::new(dialect, &self.start);
        let mut pos = self.start.clone();
        let mut cells: Vec<(u32, Color, String)> = Vec::new();
        let mut any_offer = false;
        let mut any_clock = false;
        for (ply, rm) in self.moves.iter().enumerate() {
            let (n, side) = self.move_number(ply);
            let before = pos.clone();
            pos.play_unchecked(rm.mv);
            let mut s = String::new();
            notator.write(&before, rm.mv, &pos, &mut s);
            notator.played(&before, rm.mv);
            if rm.draw_offer {
                s.push_str(" (=)");
                any_offer = true;
            }
            if let Some(c) = rm.clock {
                let _ = write!(s, " [{}]", clock_text(c));
                any_clock = true;
            }
            if let Some(claim) = &rm.claim {
                let mut args = FluentArgs::new();
                let what = match claim {
                    Claim::Threefold => texts.text("claim-threefold"),
                    Claim::FiftyMoves => texts.text("claim-fifty-moves"),
                };
                args.set("what", what);
                let _ = write!(s, " ({})", texts.get("claim", Some(&args)));
            }
            if let Some(by) = rm.rejected_claim {
                let mut args = FluentArgs::new();
                let side = |c: Color| texts.text(if c == Color::White { "white" } else { "black" });
                args.set("side", side(by));
                args.set("other", side(by.other()));
                let _ = write!(s, " ({})", texts.get("claim-rejected", Some(&args)));
            }
            cells.push((n, side, s));
        }
        let width = cells.iter().filter(|c| c.1 == Color::White).map(|c| c.2.chars().count()).max().unwrap_or(0).max(8);
        let numw = cells.last().map_or(1, |c| c.0.to_string().len());
        let mut i = 0;
        while i < cells.len() {
            let (n, side, text) = &cells[i];
            if *side == Color::White {
                let black = cells.get(i + 1).filter(|c| c.1 == Color::Black).map(|c| c.2.as_str());
                match black {
                    Some(b) => {
                        let _ = writeln!(out, "{n:>numw$}. {text:<width$}  {b}");
                        i += 2;
                    }
                    None => {
                        let _ = writeln!(out, "{n:>numw$}. {text}");
                        i += 1;
                    }
                }
            } else {
                let _ = writeln!(out, "{n:>numw$}. {:<width$}  {text}", "...");
                i += 1;
            }
        }
        out.push('\n');
        let result = match self.result {
            Some(r) if r != GameResult::Unknown => r.as_scoresheet().to_owned(),
            _ => texts.text("result-unknown"),
        };
        let _ = writeln!(out, "{}: {result}", texts.text("result"));
        if any_offer {
            let _ = writeln!(out, "{}", texts.text("draw-offer-legend"));
        }
        if any_clock {
            let _ = writeln!(out, "{}", texts.text("clock-legend"));
        }
        out
    }
}

/// A wrong claim as the PGN comment writes it (and reads it back).
fn rejected_claim_text(by: Color) -> &'static str {
    match by {
        Color::White => "claim by White rejected: +2 min to Black",
        Color::Black => "claim by Black rejected: +2 min to White",
    }
}

/// A tag value as a PGN string (PGN standard 8.1.1): a quote and a
/// backslash escaped with a backslash, and control characters (a newline, a
/// tab), which a string may not hold, left out.
fn escape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A tag name as PGN writes it: letters, digits and underscores only
/// (PGN standard 8.1.1); `None` when nothing is left.
fn tag_name(name: &str) -> Option<String> {
    let name: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then_some(name)
}

/// Move number and side of the ply with index `ply` (0-based) of a game
/// that starts at `start`.
pub fn move_number(start: &Chess, ply: usize) -> (u32, Color) {
    let first = start.fullmoves().get();
    let n = ply + usize::from(start.turn() == Color::Black);
    (first.saturating_add((n / 2) as u32), if n.is_multiple_of(2) { Color::White } else { Color::Black })
}

/// `h:mm:ss`, as PGN's `%clk` writes it.
pub(crate) fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Reads `h:mm:ss` (or `mm:ss`) as a duration.
pub(crate) fn parse_clock(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let mut secs = 0f64;
    for p in &parts {
        let v: f64 = p.parse().ok()?;
        if !(v >= 0.0) {
            return None;
        }
        secs = secs * 60.0 + v;
    }
    Some(Duration::from_millis((secs * 1000.0).round() as u64))
}

fn wrap(words: &[String], width: usize, out: &mut String) {
    let mut line = 0;
    for w in words {
        let len = w.chars().count();
        if line > 0 && line + 1 + len > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(w);
        line += len;
    }
    out.push('\n');
}

/// Builds records from what the game reader finds.
#[derive(Default)]
pub(crate) struct RecordBuilder {
    pub games: Vec<ReadGame>,
    current: GameRecord,
    dialect: Option<Dialect>,
    depth: usize,
}

impl RecordBuilder {
    fn last(&mut self) -> Option<&mut RecordedMove> {
        if self.depth == 0 { self.current.moves.last_mut() } else { None }
    }
}

impl Visitor for RecordBuilder {
    fn begin_game(&mut self, _index: usize) {
        self.current = GameRecord::default();
        self.dialect = None;
        self.depth = 0;
    }
    fn tag(&mut self, name: &str, value: &str) {
        if !name.eq_ignore_ascii_case("FEN") && !name.eq_ignore_ascii_case("SetUp") {
            self.current.tags.push((name.to_owned(), value.to_owned()));
        }
    }
    fn begin_moves(&mut self, start: &Chess, dialect: Dialect) {
        self.current.start = start.clone();
        self.dialect = Some(dialect);
    }
    fn on_move(&mut self, _before: &Chess, m: Move, _after: &Chess, written: &str) {
        if self.depth == 0 {
            let mut rm = RecordedMove::new(m);
            rm.written = written.to_owned();
            self.current.moves.push(rm);
        }
    }
    fn draw_offer(&mut self) {
        if let Some(m) = self.last() {
            m.draw_offer = true;
        }
    }
    fn comment(&mut self, text: &str) {
        let Some(m) = self.last() else { return };
        let mut rest = text.to_owned();
        if let Some(i) = rest.find("[%clk")
            && let Some(j) = rest[i..].find(']')
                && let Some(c) = parse_clock(&rest[i + 5..i + j]) {
                    m.clock = Some(c);
                    rest.replace_range(i..i + j + 1, "");
                }
        for (sign, claim) in [("claim: threefold repetition", Some(Claim::Threefold)), ("claim: fifty moves", Some(Claim::FiftyMoves)), ("(=)", None)] {
            if let Some(i) = rest.find(sign) {
                rest.replace_range(i..i + sign.len(), "");
                match claim {
                    Some(c) => m.claim = Some(c),
                    None => m.draw_offer = true,
                }
            }
        }
        for by in [Color::White, Color::Black] {
            let sign = rejected_claim_text(by);
            if let Some(i) = rest.find(sign) {
                rest.replace_range(i..i + sign.len(), "");
                m.rejected_claim = Some(by);
            }
        }
        let rest = rest.trim();
        if !rest.is_empty() {
            m.comments.push(rest.to_owned());
        }
    }
    fn begin_variation(&mut self) {
        self.depth += 1;
    }
    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
    fn result(&mut self, result: GameResult) {
        self.current.result = Some(result);
    }
    fn end_game(&mut self, error: Option<&ReadError>) {
        self.games.push(ReadGame { record: std::mem::take(&mut self.current), dialect: self.dialect, error: error.cloned() });
    }
}

/// Reads every game of `text` into records.
pub fn read_records(text: &str, from: ReadAs) -> Vec<ReadGame> {
    let mut b = RecordBuilder::default();
    read_games(text, from, &mut b);
    b.games
}

/// Where two scoresheets of one game first disagree (Appendix D: the game is
/// retraced to the last point where the scoresheets agree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comparison {
    Identical,
    /// The start positions differ.
    DifferentStart,
    /// The first differing ply (0-based), with each sheet's move as written
    /// (`None` where that sheet has no move there).
    Differ { ply: usize, a: Option<String>, b: Option<String> },
}

/// Compares two records move by move.
pub fn compare(a: &GameRecord, b: &GameRecord) -> Comparison {
    if a.start != b.start {
        return Comparison::DifferentStart;
    }
    let n = a.moves.len().max(b.moves.len());
    for ply in 0..n {
        let (x, y) = (a.moves.get(ply), b.moves.get(ply));
        if x.map(|m| m.mv) != y.map(|m| m.mv) {
            let shown = |r: &GameRecord, m: Option<&RecordedMove>| {
                m.map(|m| if m.written.is_empty() { Notator::new(Dialect::PGN, &r.start).to_text(&r.position_after(ply), m.mv) } else { m.written.clone() })
            };
            return Comparison::Differ { ply, a: shown(a, x), b: shown(b, y) };
        }
    }
    Comparison::Identical
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Lang, Notation};

    const SAMPLE: &str = "1.e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 e.p. Nxd6 7. Bg5 Nc6 8. Qe3+ Be7 9. Nbd2 0-0 10. 0-0-0 Re8 11. Kb1 (=)";

    #[test]
    fn pgn_export_then_import_is_the_same_record() {
        let mut games = read_records(SAMPLE, ReadAs::Auto);
        let g = games.remove(0);
        assert!(g.error.is_none(), "{:?}", g.error);
        let mut rec = g.record;
        assert_eq!(rec.moves.len(), 21);
        assert!(rec.moves[20].draw_offer);
        rec.moves[0].clock = Some(Duration::from_secs(5390));
        rec.moves[3].claim = Some(Claim::Threefold);
        rec.moves[6].rejected_claim = Some(Color::White);
        let pgn = rec.to_pgn();
        assert!(pgn.contains("1. e4 {[%clk 1:29:50]} 1... e5"), "{pgn}");
        assert!(pgn.contains("11. Kb1 {(=)} *"), "{pgn}");
        let back = read_records(&pgn, ReadAs::Dialect(Dialect::PGN)).remove(0);
        assert!(back.error.is_none());
        let mut back = back.record;
        for m in back.moves.iter_mut().chain(rec.moves.iter_mut()) {
            m.written.clear();
        }
        rec.tags = back.tags.clone();
        rec.result = back.result;
        assert_eq!(back, rec);
    }

    #[test]
    fn spanish_scoresheet() {
        let rec = read_records(SAMPLE, ReadAs::Auto).remove(0).record;
        let d = Dialect::new(Notation::San, Lang::Es).unwrap();
        let sheet = rec.to_scoresheet(d, &Texts::new(Lang::Es));
        assert!(sheet.starts_with("Planilla\n"), "{sheet}");
        // The Spanish Appendix C: "En el caso de una captura al paso, se
        // puede añadir la anotación «a.p.». Ejemplo: exd6 a.p."
        assert!(sheet.contains(" 6. exd6 a.p.  Cxd6\n"), "{sheet}");
        assert!(sheet.contains("11. Rb1 (=)\n"), "{sheet}");
        assert!(sheet.contains("Resultado: partida sin terminar"), "{sheet}");
        assert!(sheet.contains("(=) oferta de tablas"), "{sheet}");
    }

    #[test]
    fn clocks() {
        assert_eq!(clock_text(Duration::from_secs(4320)), "1:12:00");
        assert_eq!(parse_clock("1:12:00"), Some(Duration::from_secs(4320)));
        assert_eq!(parse_clock("0:00:09.5"), Some(Duration::from_millis(9500)));
        assert_eq!(parse_clock("x"), None);
        assert_eq!(parse_clock("-1:00"), None);
    }

    #[test]
    fn comparison() {
        let a = read_records("1. e4 e5 2. Nf3 Nc6", ReadAs::Auto).remove(0).record;
        let b = read_records("1. e2-e4 e7-e5 2. Ng1-f3 Ng8-f6", ReadAs::Auto).remove(0).record;
        assert_eq!(compare(&a, &a), Comparison::Identical);
        assert_eq!(compare(&a, &b), Comparison::Differ { ply: 3, a: Some("Nc6".into()), b: Some("Ng8-f6".into()) });
        let c = read_records("1. e4 e5 2. Nf3", ReadAs::Auto).remove(0).record;
        assert_eq!(compare(&a, &c), Comparison::Differ { ply: 3, a: Some("Nc6".into()), b: None });
    }
}
