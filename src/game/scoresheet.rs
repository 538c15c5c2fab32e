//! The scoresheet: the record of one game, as Article 8 asks for it (moves,
//! clock times, draw offers, claims, result), imported from game text in any
//! notation and exported as standard PGN or as a printed scoresheet in any
//! language and notation, as text or as an HTML page to print
//! ([`PrintedSheet`]: the players with their colours, the event and round,
//! the moves with their `(=)` marks, clock times, claims and rejected
//! claims, the result, how the game ended and both signatures, Article
//! 8.7). tiflo's PGN keeps how the game ended in an `Ending` tag
//! ([`ENDINGS`]) and each signature in `WhiteSigned`/`BlackSigned`.
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
    /// The same position for the third time (Article 9.2).
    Threefold,
    /// Fifty moves by each side without a capture or a pawn move (Article
    /// 9.3).
    FiftyMoves,
}

/// One move on the scoresheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The move.
    pub mv: Move,
    /// The move as it was written in the source, when read from text.
    pub written: String,
    /// Time left on the mover's clock after the move.
    pub clock: Option<Duration>,
    /// A draw was offered with this move: `(=)`.
    pub draw_offer: bool,
    /// A draw claim written with this move, if any.
    pub claim: Option<Claim>,
    /// A wrong claim this side made before this move: two minutes were
    /// added to the opponent's clock (Article 9.5.2).
    pub rejected_claim: Option<Color>,
    /// Other comments, kept for export.
    pub comments: Vec<String>,
}

impl RecordedMove {
    /// The move with nothing written and no marks.
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
    /// The position the game starts from.
    pub start: Chess,
    /// The moves, in the order played.
    pub moves: Vec<RecordedMove>,
    /// The result, once there is one.
    pub result: Option<GameResult>,
}


/// A game as read from text: the record so far, and the error that stopped
/// reading, if any.
#[derive(Clone, Debug)]
pub struct ReadGame {
    /// The record, as far as it was read.
    pub record: GameRecord,
    /// The notation the moves were read in, once reading reached them.
    pub dialect: Option<Dialect>,
    /// What stopped reading, if anything did.
    pub error: Option<ReadError>,
    /// How the reader settled what the text left open (never silently).
    pub notes: Vec<crate::pgn::Note>,
}

impl GameRecord {
    /// The value of the tag `name` (any case), if the record has it.
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

    /// The printed scoresheet in `dialect`'s notation and `texts`' words,
    /// laid out as [`PrintedSheet`].
    pub fn printed(&self, dialect: Dialect, texts: &Texts) -> PrintedSheet {
        let mut header = Vec::new();
        // The players with their colours, the event and the round are
        // always printed (blank to be filled in when unknown); the site and
        // the date when known.
        for (id, tag, always) in [
            ("event", "Event", true),
            ("site", "Site", false),
            ("date", "Date", false),
            ("round", "Round", true),
            ("white", "White", true),
            ("black", "Black", true),
        ] {
            let value = self.tag(tag).filter(|v| !v.is_empty() && *v != "?" && !v.contains("??")).map(str::to_owned);
            if always || value.is_some() {
                header.push((texts.text(id), value.unwrap_or_default()));
            }
        }
        let mut notator = Notator::new(dialect, &self.start);
        let mut pos = self.start.clone();
        let mut rows: Vec<(u32, Option<String>, Option<String>)> = Vec::new();
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
            match (side, rows.last_mut()) {
                (Color::Black, Some(row)) if row.0 == n && row.2.is_none() => row.2 = Some(s),
                (Color::Black, _) => rows.push((n, None, Some(s))),
                (Color::White, _) => rows.push((n, Some(s), None)),
            }
        }
        let known = self.result.filter(|r| *r != GameResult::Unknown);
        let result = known.map_or_else(|| texts.text("result-unknown"), |r| r.as_scoresheet().to_owned());
        let ending = self.tag(ENDING_TAG).and_then(|tag| ending_sentence(tag, known?, texts));
        let signatures = [(Color::White, "WhiteSigned"), (Color::Black, "BlackSigned")]
            .into_iter()
            .map(|(c, tag)| {
                let who = texts.text(if c == Color::White { "white" } else { "black" });
                let state = match self.tag(tag) {
                    Some(r) => {
                        let mut args = FluentArgs::new();
                        args.set("result", r.to_owned());
                        texts.get("sheet-signed", Some(&args))
                    }
                    None => texts.text("sheet-unsigned"),
                };
                (who, state)
            })
            .collect();
        let mut legends = Vec::new();
        if any_offer {
            legends.push(texts.text("draw-offer-legend"));
        }
        if any_clock {
            legends.push(texts.text("clock-legend"));
        }
        PrintedSheet {
            lang: texts.locale(),
            title: texts.text("scoresheet-title"),
            header,
            columns: [texts.text("sheet-move-number"), texts.text("white"), texts.text("black")],
            rows,
            result: (texts.text("result"), result),
            ending: ending.map(|e| (texts.text("sheet-ending"), e)),
            signatures: (texts.text("sheet-signatures"), signatures),
            legends,
        }
    }

    /// Writes the printed scoresheet in `dialect` as text (see
    /// [`GameRecord::printed`]).
    pub fn to_scoresheet(&self, dialect: Dialect, texts: &Texts) -> String {
        self.printed(dialect, texts).to_text()
    }
}

/// The tag of tiflo's PGN that says how the game ended, in English words
/// ([`ENDINGS`]); the standard `Termination` tag only tells a time forfeit
/// from a normal end.
pub const ENDING_TAG: &str = "Ending";

/// The values of the [`ENDING_TAG`], each with the sentence that says it
/// (the one said at the board) and the side that sentence names.
pub const ENDINGS: [(&str, &str, Option<Color>); 15] = [
    ("checkmate", "end-checkmate", None),
    ("stalemate", "end-stalemate", None),
    ("insufficient material", "end-insufficient", None),
    ("fivefold repetition", "end-fivefold", None),
    ("seventy-five moves", "end-seventy-five", None),
    ("threefold repetition claimed", "end-claim-threefold", None),
    ("fifty moves claimed", "end-claim-fifty", None),
    ("White resigned", "end-resigned", Some(Color::White)),
    ("Black resigned", "end-resigned", Some(Color::Black)),
    ("White's flag fell", "end-flag", Some(Color::White)),
    ("Black's flag fell", "end-flag", Some(Color::Black)),
    ("White's flag fell, Black cannot checkmate", "end-flag-draw", Some(Color::White)),
    ("Black's flag fell, White cannot checkmate", "end-flag-draw", Some(Color::Black)),
    ("draw agreed", "end-agreed", None),
    ("result declared", "end-declared", None),
];

/// How the game ended, in `texts`' words, from the [`ENDING_TAG`]'s value.
fn ending_sentence(tag: &str, result: GameResult, texts: &Texts) -> Option<String> {
    let (_, id, side) = ENDINGS.iter().find(|(v, _, _)| v.eq_ignore_ascii_case(tag.trim()))?;
    let mut args = FluentArgs::new();
    if let Some(c) = side {
        let word = |c: Color| texts.text(if c == Color::White { "side-white" } else { "side-black" });
        args.set("side", word(*c));
        args.set("other", word(c.other()));
    }
    args.set("result", result.as_scoresheet());
    args.set(
        "winner",
        match result {
            GameResult::WhiteWins => "white",
            GameResult::BlackWins => "black",
            _ => "none",
        },
    );
    Some(texts.get(id, Some(&args)))
}

/// A printed scoresheet (Article 8, Appendix C), in the words of one
/// language: what an arbiter checks and the players sign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintedSheet {
    /// The language's code (`es`), for the HTML page.
    pub lang: String,
    /// The sheet's heading.
    pub title: String,
    /// The players with their colours, the event, the round (empty when
    /// unknown: a line to fill in), and the site and date when known.
    pub header: Vec<(String, String)>,
    /// The table's column heads: the move number, White, Black.
    pub columns: [String; 3],
    /// Each move pair: its number, White's and Black's move with their
    /// marks (`(=)`, the clock, a claim, a rejected claim).
    pub rows: Vec<(u32, Option<String>, Option<String>)>,
    /// "Result" and the result.
    pub result: (String, String),
    /// How the game ended, when it did.
    pub ending: Option<(String, String)>,
    /// "Signatures" and each side's: signed with the result, or not.
    pub signatures: (String, Vec<(String, String)>),
    /// What the marks mean, for the marks used.
    pub legends: Vec<String>,
}

impl PrintedSheet {
    /// As text: the header, the moves in two columns, the result, the
    /// end, the signatures and the legends.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.title);
        for (label, value) in &self.header {
            let value = if value.is_empty() { "________________" } else { value.as_str() };
            let _ = writeln!(out, "{label}: {value}");
        }
        out.push('\n');
        let width = self.rows.iter().filter_map(|r| r.1.as_ref()).map(|w| w.chars().count()).max().unwrap_or(0).max(8);
        let numw = self.rows.last().map_or(1, |r| r.0.to_string().len());
        for (n, white, black) in &self.rows {
            let white = white.as_deref().unwrap_or("...");
            match black {
                Some(b) => {
                    let _ = writeln!(out, "{n:>numw$}. {white:<width$}  {b}");
                }
                None => {
                    let _ = writeln!(out, "{n:>numw$}. {white}");
                }
            }
        }
        out.push('\n');
        let _ = writeln!(out, "{}: {}", self.result.0, self.result.1);
        if let Some((label, text)) = &self.ending {
            let _ = writeln!(out, "{label}: {text}");
        }
        let _ = writeln!(out, "{}:", self.signatures.0);
        for (who, state) in &self.signatures.1 {
            let _ = writeln!(out, "  {who}: {state}");
        }
        for l in &self.legends {
            let _ = writeln!(out, "{l}");
        }
        out
    }

    /// As an HTML page to print: the same parts, the moves in a table with
    /// its column heads, a line for each signature.
    pub fn to_html(&self) -> String {
        let e = html_escape;
        let mut out = String::new();
        let _ = writeln!(out, "<!DOCTYPE html>");
        let _ = writeln!(out, "<html lang=\"{}\">", e(&self.lang));
        let _ = writeln!(out, "<head>\n<meta charset=\"utf-8\">\n<title>{}</title>", e(&self.title));
        out.push_str(
            "<style>\nbody { font-family: serif; max-width: 42em; margin: 1em auto; color: #000; background: #fff; }\n\
             table { border-collapse: collapse; width: 100%; }\n\
             th, td { border: 1px solid #000; padding: 0.2em 0.5em; text-align: left; }\n\
             dt { font-weight: bold; } dd { margin: 0 0 0.3em 0; min-height: 1.2em; border-bottom: 1px solid #000; }\n\
             .signature { min-height: 2.5em; border-bottom: 1px solid #000; }\n\
             @media print { body { margin: 0; } }\n</style>\n</head>\n<body>\n<main>\n",
        );
        let _ = writeln!(out, "<h1>{}</h1>", e(&self.title));
        out.push_str("<dl>\n");
        for (label, value) in &self.header {
            let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", e(label), e(value));
        }
        out.push_str("</dl>\n<table>\n<thead><tr>");
        for c in &self.columns {
            let _ = write!(out, "<th scope=\"col\">{}</th>", e(c));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for (n, white, black) in &self.rows {
            let cell = |m: &Option<String>| m.as_deref().map_or_else(|| "...".to_owned(), e);
            let _ = writeln!(out, "<tr><th scope=\"row\">{n}</th><td>{}</td><td>{}</td></tr>", cell(white), cell(black));
        }
        out.push_str("</tbody>\n</table>\n");
        let _ = writeln!(out, "<p><strong>{}:</strong> {}</p>", e(&self.result.0), e(&self.result.1));
        if let Some((label, text)) = &self.ending {
            let _ = writeln!(out, "<p><strong>{}:</strong> {}</p>", e(label), e(text));
        }
        let _ = writeln!(out, "<h2>{}</h2>", e(&self.signatures.0));
        for (who, state) in &self.signatures.1 {
            let _ = writeln!(out, "<p class=\"signature\"><strong>{}:</strong> {}</p>", e(who), e(state));
        }
        for l in &self.legends {
            let _ = writeln!(out, "<p>{}</p>", e(l));
        }
        out.push_str("</main>\n</body>\n</html>\n");
        out
    }
}

/// Text as HTML text or attribute value.
fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
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
    notes: Vec<crate::pgn::Note>,
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
    fn note(&mut self, note: &crate::pgn::Note) {
        self.notes.push(note.clone());
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
        self.games.push(ReadGame {
            record: std::mem::take(&mut self.current),
            dialect: self.dialect,
            error: error.cloned(),
            notes: std::mem::take(&mut self.notes),
        });
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
    /// Same start and same moves throughout.
    Identical,
    /// The start positions differ.
    DifferentStart,
    /// The first differing ply (0-based), with each sheet's move as written
    /// (`None` where that sheet has no move there).
    Differ {
        /// The first ply where they disagree (0 is the first move).
        ply: usize,
        /// The first sheet's move there, as written.
        a: Option<String>,
        /// The second sheet's move there, as written.
        b: Option<String>,
    },
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
    fn the_printed_sheet_has_what_article_8_asks_and_the_pgn_keeps_it() {
        let mut rec = read_records(SAMPLE, ReadAs::Auto).remove(0).record;
        rec.tags.retain(|(n, _)| !["Event", "Round", "White", "Black"].contains(&n.as_str()));
        rec.tags.extend([
            ("Event".to_owned(), "Open <Madrid> & \"B\"".to_owned()),
            ("White".to_owned(), "Ana".to_owned()),
            ("Black".to_owned(), "Luis".to_owned()),
            (ENDING_TAG.to_owned(), "Black resigned".to_owned()),
            ("WhiteSigned".to_owned(), "1-0".to_owned()),
        ]);
        rec.result = Some(GameResult::WhiteWins);
        rec.moves[1].clock = Some(Duration::from_secs(5390));
        rec.moves[6].rejected_claim = Some(Color::White);
        // PGN out and in again: the same tags, and the same PGN.
        let pgn = rec.to_pgn();
        let back = read_records(&pgn, ReadAs::Dialect(Dialect::PGN)).remove(0).record;
        for tag in ["Event", "White", "Black", ENDING_TAG, "WhiteSigned"] {
            assert_eq!(back.tag(tag), rec.tag(tag), "{tag}");
        }
        assert_eq!(back.to_pgn(), pgn);
        // The printed sheet, in English and in Spanish.
        let en = rec.to_scoresheet(Dialect::new(Notation::San, Lang::En).unwrap(), &Texts::new(Lang::En));
        for want in [
            "White: Ana\n",
            "Black: Luis\n",
            "Event: Open <Madrid> & \"B\"\n",
            "Round: ________________\n",
            "(claim by White rejected: +2 min to Black)",
            "Result: 1-0\n",
            "How the game ended: Black resigns. White wins, one to zero.\n",
            "Signatures:\n  White: signed, result 1-0\n  Black: not signed\n",
        ] {
            assert!(en.contains(want), "{want:?} not in\n{en}");
        }
        assert!(en.lines().any(|l| l.starts_with(" 1. e4 ") && l.ends_with("  e5 [1:29:50]")), "{en}");
        let es = rec.printed(Dialect::new(Notation::San, Lang::Es).unwrap(), &Texts::new(Lang::Es));
        assert_eq!(es.ending.as_ref().map(|e| e.1.as_str()), Some("Las negras abandonan. Ganan las blancas, uno a cero."));
        let html = es.to_html();
        for want in [
            "<html lang=\"es\">",
            "<th scope=\"col\">Blancas</th>",
            "<dd>Open &lt;Madrid&gt; &amp; &quot;B&quot;</dd>",
            "<tr><th scope=\"row\">1</th><td>e4</td><td>e5 [1:29:50]</td></tr>",
            "<p class=\"signature\"><strong>Negras:</strong> sin firmar</p>",
        ] {
            assert!(html.contains(want), "{want:?} not in\n{html}");
        }
        // Every ending the tag can hold is a sentence in every pack.
        for lang in [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::It, Lang::Nl] {
            let texts = Texts::new(lang);
            for (tag, id, _) in ENDINGS {
                let said = ending_sentence(tag, GameResult::Draw, &texts).unwrap();
                assert!(!said.contains(id) && !said.contains('{'), "{lang:?} {tag}: {said}");
            }
        }
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
