//! Moves as players say them, through the understanding alone (no audio):
//!
//! - every language pack's phrasings, generated from the pack's own words
//!   (`moves.ftl`) for positions and moves of random games, in every form a
//!   player uses (the announcement, the two squares alone, "to" before the
//!   destination, a capture as its two pieces, check and mate at the end,
//!   castlings with and without their side, promotions, an answer before
//!   the move), each also with a recogniser's confusions (one word heard as
//!   a word the pack's table of confusions lists it as heard as,
//!   `voices/<lang>/confusions.tsv`; one word dropped): the exact phrasing
//!   gives its move (accepted, or asked with it first or tied first), and
//!   no confusion is ever accepted as another move;
//! - the replay of the phrases Lichess asked its voice users to say, heard
//!   exactly and through the confusions Lichess derived from its users'
//!   recogniser output (`../shared/data/crowdv`, see its README), through
//!   the English understanding: no wrong accept, and floors for the exact
//!   phrases (figures in docs/benchmarks.md).

use std::collections::BTreeMap;
use std::path::PathBuf;

use fluent_bundle::FluentArgs;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role, Square};
use tiflo::hearing::costs::Costs;
use tiflo::hearing::understand::{Decision, Understander, words};
use tiflo::i18n::Texts;
use tiflo::speaking::announce::{Announcer, Files, Style};
use tiflo::testkit::corpus::{Rng, random_game};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn fen(p: &Chess) -> String {
    Fen::from_position(p, shakmaty::EnPassantMode::Legal).to_string()
}

/// Positions from random games, and a few with castlings, promotions and
/// captures of every kind.
fn positions() -> Vec<Chess> {
    let mut rng = Rng::new(1919);
    let mut out: Vec<Chess> = (0..24)
        .map(|_| {
            let plies = 10 + rng.below(80);
            let game = random_game(&mut rng, plies);
            let plies = rng.below(game.moves.len() + 1);
            let mut p = Chess::default();
            for m in &game.moves[..plies] {
                p.play_unchecked(*m);
            }
            p
        })
        .collect();
    for f in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1",
        "1r5k/2P1P3/8/8/8/8/8/4K3 w - - 0 1",
        "rn1qk1nr/pppp1ppp/8/4b3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "7k/8/8/8/8/8/2P1Q3/4K3 w - - 0 1",
    ] {
        out.push(pos(f));
    }
    out
}

/// One pack's words, as a player would say them.
struct Pack {
    code: &'static str,
    texts: Texts,
    /// (said, heard): the substitutions of the pack's table of confusions
    alike: Vec<(String, String)>,
    to: Vec<String>,
    check: Vec<String>,
    castle: Vec<String>,
    short: Vec<String>,
    long: Vec<String>,
    lead: Vec<String>,
    /// the words of a capture before the captured piece, and before the
    /// promotion piece
    takes: String,
    promotes: String,
}

fn list(texts: &Texts, id: &str) -> Vec<String> {
    texts.text(id).split(',').map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty()).collect()
}

/// The words of `text` between the markers `a` and `b`.
fn between(text: &str, a: &str, b: &str) -> String {
    let w: Vec<&str> = text.split_whitespace().collect();
    let i = w.iter().position(|x| *x == a).unwrap();
    let j = w.iter().position(|x| *x == b).unwrap();
    w[i + 1..j].join(" ")
}

impl Pack {
    fn new(code: &'static str) -> Pack {
        let texts = Texts::pack(code).unwrap();
        let mut a = FluentArgs::new();
        for (k, v) in [("castle", "none"), ("check", "none"), ("piece", "qqpiece"), ("from", "qqfrom"), ("to", "qqto")] {
            a.set(k, v);
        }
        a.set("captured", "qqcaptured");
        a.set("capture", "yes");
        a.set("ep", "no");
        a.set("promotion", "qqpromotion");
        a.set("files", "letters");
        a.set("squares", "letters");
        let phrase = texts.get("move-phrase", Some(&a));
        let takes = between(&phrase, "qqfrom", "qqcaptured");
        let promotes = between(&format!("{phrase} qqend"), "qqto", "qqpromotion");
        let table = Costs::parse(tiflo::i18n::confusions(code).expect("every pack has a table of confusions")).expect("the pack's table reads");
        let alike = table.substitutions().iter().map(|(heard, said, _)| (said.clone(), heard.clone())).collect();
        Pack {
            code,
            alike,
            to: list(&texts, "hear-to"),
            check: list(&texts, "hear-check"),
            castle: list(&texts, "hear-castle"),
            short: list(&texts, "hear-castle-short"),
            long: list(&texts, "hear-castle-long"),
            lead: list(&texts, "hear-lead"),
            takes,
            promotes,
            texts,
        }
    }

    fn args(&self, files: Files) -> FluentArgs<'static> {
        let mut a = FluentArgs::new();
        a.set("files", files.to_string());
        a.set("squares", "words");
        a
    }

    fn piece(&self, r: Role) -> String {
        let mut a = self.args(Files::Letters);
        a.set(
            "role",
            match r {
                Role::King => "king",
                Role::Queen => "queen",
                Role::Rook => "rook",
                Role::Bishop => "bishop",
                Role::Knight => "knight",
                Role::Pawn => "pawn",
            },
        );
        self.texts.get("piece-word", Some(&a)).to_lowercase()
    }

    fn square(&self, sq: Square, files: Files) -> String {
        let mut a = self.args(files);
        a.set("file", sq.file().char().to_string());
        a.set("rank", u64::from(sq.rank()) + 1);
        self.texts.get("square", Some(&a)).to_lowercase()
    }

    /// Every form a player says `m` with in `p` (the pack's words), each
    /// with the name of its form.
    fn phrasings(&self, p: &Chess, m: Move, rng: &mut Rng) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let pick = |v: &[String], rng: &mut Rng| v.get(rng.below(v.len().max(1))).cloned().unwrap_or_default();
        let mut after = p.clone();
        after.play_unchecked(m);
        if let Some(side) = m.castling_side() {
            let phrases = if side == CastlingSide::KingSide { &self.short } else { &self.long };
            for ph in phrases {
                out.push(("castle", ph.clone()));
            }
            for ph in &self.castle {
                out.push(("castle alone", ph.clone()));
            }
            out.push(("castle lead", format!("{} {}", pick(&self.lead, rng), pick(phrases, rng))));
            out.push(("castle check", format!("{} {}", pick(phrases, rng), pick(&self.check, rng))));
            return out;
        }
        for (style, files) in [(Style::Short, Files::Letters), (Style::Long, Files::Nato), (Style::Short, Files::Fide)] {
            out.push(("announced", Announcer::new(self.code, style, files).unwrap().phrase(p, m, &after)));
        }
        let from = m.from().unwrap();
        let promo = m.promotion().map(|r| format!(" {}", self.piece(r))).unwrap_or_default();
        for files in [Files::Letters, Files::Nato] {
            out.push(("squares", format!("{} {}{promo}", self.square(from, files), self.square(m.to(), files))));
        }
        if !m.is_capture() && !self.to.is_empty() {
            out.push(("to", format!("{} {} {}{promo}", self.piece(m.role()), pick(&self.to, rng), self.square(m.to(), Files::Letters))));
            out.push(("squares to", format!("{} {} {}{promo}", self.square(from, Files::Letters), pick(&self.to, rng), self.square(m.to(), Files::Letters))));
        }
        if let Some(captured) = m.capture() {
            out.push(("pieces", format!("{} {} {}{promo}", self.piece(m.role()), self.takes, self.piece(captured))));
            out.push(("squares takes", format!("{} {} {}{promo}", self.square(from, Files::Letters), self.takes, self.square(m.to(), Files::Letters))));
        }
        if let Some(r) = m.promotion() {
            out.push(("promotion", format!("{} {} {}", self.square(m.to(), Files::Letters), self.promotes, self.piece(r))));
        }
        let announced = Announcer::new(self.code, Style::Short, Files::Letters).unwrap().phrase(p, m, &after);
        if !(after.is_check()) {
            out.push(("check", format!("{announced} {}", pick(&self.check, rng))));
        }
        if !self.lead.is_empty() {
            out.push(("lead", format!("{} {announced}", pick(&self.lead, rng))));
        }
        out
    }

    /// What a recogniser may make of `phrase`: each word heard as a word of
    /// the pack's table lists it as heard as, each word dropped.
    fn confusions(&self, phrase: &str) -> Vec<String> {
        let w: Vec<String> = phrase.split_whitespace().map(str::to_lowercase).collect();
        let mut out = Vec::new();
        for i in 0..w.len() {
            let mut dropped = w.clone();
            dropped.remove(i);
            if !dropped.is_empty() {
                out.push(dropped.join(" "));
            }
            let said = words(&w[i]).join(" ");
            for (_, heard) in self.alike.iter().filter(|(s, _)| *s == said) {
                let mut sub = w.clone();
                sub[i] = heard.clone();
                out.push(sub.join(" "));
            }
        }
        out
    }
}

fn heard(text: &str) -> Vec<Vec<String>> {
    vec![words(text)]
}

/// Whether `d` gives `m`: accepted, asked first, or asked tied with the first.
fn gives(u: &Understander, p: &Chess, text: &str, d: &Decision, m: Move) -> bool {
    match d {
        Decision::Accept(x) => *x == m,
        Decision::Ask(list) if list.first() == Some(&m) => true,
        // A true tie (the castling without its side, a capture by its
        // pieces where several fit): the move said costs no more than the
        // first, even when more tie than a question offers.
        Decision::Ask(list) if list.contains(&m) || list.len() == tiflo::hearing::understand::ASK_MAX => {
            let c = u.candidates(p, &heard(text));
            let mine = c.iter().find(|(x, _)| *x == m).unwrap().1;
            mine <= c[0].1
        }
        _ => false,
    }
}

#[test]
fn every_packs_phrasings_give_their_move_and_confusions_never_another() {
    let positions = positions();
    let mut failures = Vec::new();
    for code in ["en", "es", "pt", "pt-BR", "fr", "de", "it", "nl"] {
        let pack = Pack::new(code);
        assert!(!pack.takes.is_empty() && !pack.check.is_empty() && !pack.castle.is_empty() && !pack.lead.is_empty(), "{code}");
        let u = Understander::new(code).unwrap();
        let mut rng = Rng::new(19);
        let mut forms: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
        let (mut confused, mut confused_asked, mut confused_right) = (0usize, 0usize, 0usize);
        for p in &positions {
            let legal = p.legal_moves();
            // Up to eight moves of each position, castlings, promotions and
            // captures always.
            let mut moves: Vec<Move> = legal.iter().filter(|m| m.is_castle() || m.is_promotion() || m.is_capture()).copied().collect();
            moves.truncate(6);
            while moves.len() < 8.min(legal.len()) {
                let m = legal[rng.below(legal.len())];
                if !moves.contains(&m) {
                    moves.push(m);
                }
            }
            for m in moves {
                for (form, phrase) in pack.phrasings(p, m, &mut rng) {
                    let d = u.understand(p, &heard(&phrase));
                    let e = forms.entry(form).or_default();
                    e.0 += 1;
                    match &d {
                        Decision::Accept(x) if *x == m => e.1 += 1,
                        _ if gives(&u, p, &phrase, &d, m) => e.2 += 1,
                        _ => failures.push(format!("{code} {form} {phrase:?} in {}: {d:?}, said {m:?}", fen(p))),
                    }
                    for c in pack.confusions(&phrase) {
                        confused += 1;
                        match u.understand(p, &heard(&c)) {
                            Decision::Accept(x) if x != m => {
                                failures.push(format!("{code} {form} {phrase:?} heard {c:?} in {}: accepted {x:?}", fen(p)))
                            }
                            Decision::Accept(_) => confused_right += 1,
                            Decision::Ask(_) => confused_asked += 1,
                            Decision::Reject => {}
                        }
                    }
                }
            }
        }
        let table: Vec<String> = forms.iter().map(|(f, (n, a, q))| format!("{f} {n}: {a} accepted, {q} asked")).collect();
        println!("{code}: {}; {confused} confusions: {confused_right} accepted right, {confused_asked} asked", table.join("; "));
    }
    let n = failures.len();
    failures.truncate(40);
    assert!(failures.is_empty(), "{n} failures:\n{}", failures.join("\n"));
}

/// The replay data: `../shared/data/crowdv` beside the repository.
fn crowdv() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/crowdv");
    let file = dir.join("cases.jsonl.gz");
    assert!(
        file.is_file(),
        "the Lichess voice replay is missing: {} (the shared data folder, ../shared/data/crowdv beside the repository, \
         holds cases.jsonl.gz; see ../shared/data/README.md)",
        file.display()
    );
    file
}

#[derive(Default, Clone, Copy)]
struct Count {
    total: usize,
    right: usize,
    asked_first: usize,
    asked_other: usize,
    rejected: usize,
    wrong: usize,
}

impl Count {
    fn pct(&self, n: usize) -> f64 {
        100.0 * n as f64 / self.total.max(1) as f64
    }
}

/// Measured (docs/benchmarks.md) on the exact phrases: the right move
/// accepted or asked first in 99.3 %, accepted outright in 53.5 %. Floors a
/// little under.
const EXACT_RIGHT_FIRST: f64 = 98.5;
const EXACT_ACCEPTED: f64 = 50.0;

#[test]
fn lichess_voice_phrases_are_never_accepted_as_another_move() {
    let file = crowdv();
    let out = std::process::Command::new("gzip").arg("-dc").arg(&file).output().expect("gzip runs");
    assert!(out.status.success(), "gzip -dc {}: {}", file.display(), String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let u = Understander::new("en").unwrap();
    let mut counts: BTreeMap<String, Count> = BTreeMap::new();
    let mut kinds: BTreeMap<String, Count> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut cache: BTreeMap<String, Chess> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let variant = case["variant"].as_str().unwrap().to_owned();
        let kind = case["kind"].as_str().unwrap_or("").to_owned();
        let f = case["fen"].as_str().unwrap();
        let p = cache.entry(f.to_owned()).or_insert_with(|| pos(f)).clone();
        // A command's phrase ("resign", "no") has no move: none may be
        // accepted.
        let uci = case["uci"].as_str().unwrap_or("");
        let want: Option<Move> = (!uci.is_empty()).then(|| uci.parse::<UciMove>().unwrap().to_move(&p).unwrap());
        let alternatives: Vec<Vec<String>> = case["heard"].as_array().unwrap().iter().map(|h| words(h.as_str().unwrap())).collect();
        let d = u.understand(&p, &alternatives);
        for c in [counts.entry(variant.clone()).or_default(), kinds.entry(format!("{variant} {kind}")).or_default()] {
            c.total += 1;
            match &d {
                Decision::Accept(m) if Some(*m) == want => c.right += 1,
                Decision::Accept(_) => c.wrong += 1,
                Decision::Ask(list) if list.first().copied() == want => c.asked_first += 1,
                Decision::Ask(_) => c.asked_other += 1,
                Decision::Reject => c.rejected += 1,
            }
        }
        if let Decision::Accept(m) = d
            && Some(m) != want
        {
            wrong.push(format!("{:?} in {f}: accepted {m:?}, meant {uci:?}", case["heard"]));
        }
    }
    let row = |name: &str, c: &Count| {
        format!(
            "| {name} | {} | {} ({:.1} %) | {} ({:.1} %) | {} ({:.1} %) | {} ({:.1} %) | {} |",
            c.total,
            c.right,
            c.pct(c.right),
            c.asked_first,
            c.pct(c.asked_first),
            c.asked_other,
            c.pct(c.asked_other),
            c.rejected,
            c.pct(c.rejected),
            c.wrong
        )
    };
    println!("| variant | cases | accepted right | asked, right first | asked otherwise | rejected | accepted wrong |");
    println!("|---|---|---|---|---|---|---|");
    for (v, c) in &counts {
        println!("{}", row(v, c));
    }
    println!();
    for (v, c) in &kinds {
        println!("{}", row(v, c));
    }
    let n = wrong.len();
    wrong.truncate(30);
    assert!(wrong.is_empty(), "{n} wrong accepts:\n{}", wrong.join("\n"));
    let exact = counts.get("exact").copied().unwrap_or_default();
    assert!(exact.total > 2000, "{} exact cases", exact.total);
    assert!(exact.pct(exact.right + exact.asked_first) >= EXACT_RIGHT_FIRST, "{}", row("exact", &exact));
    assert!(exact.pct(exact.right) >= EXACT_ACCEPTED, "{}", row("exact", &exact));
}
