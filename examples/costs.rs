//! The English understanding's costs learnt from the recogniser's own
//! confusions, and measured (docs/hearing-costs.md).
//!
//! `learn` reads what was said and heard on the **training** part of the
//! corpus (`hearing_bench --dump`, held-out lines are refused) and
//! Lichess's published confusions (`../shared/data/crowdv/
//! lichess_move_en.json`, the data file of its English voice grammar, taken
//! as facts), and writes the table `voices/en/confusions.tsv` carries
//! (`tiflo::hearing::costs::Costs::learn`).
//!
//! `rescore` works out again from dumps what the understanding makes of
//! each utterance, with the pack's costs and with each `--table FILE`, and
//! prints, by split and condition, the right move first (accepted or
//! offered first), and the moves that would be accepted, rightly and
//! wrongly, if the recogniser were trusted. No audio is decoded: the recogniser's readings
//! do not depend on the costs.
//!
//! ```sh
//! taskset -c 0,1 cargo run --release --example hearing_bench -- --split train --per-position 4 --threads 2 --dump train-hall.tsv
//! taskset -c 0,1 cargo run --release --example hearing_bench -- --split train --phrasings 40 --threads 2 --dump train-phrasings.tsv
//! cargo run --release --example costs -- learn train-hall.tsv train-phrasings.tsv > voices/en/confusions.tsv
//! cargo run --release --example costs -- rescore train-hall.tsv --table tests/data/confusions-en-hand.tsv
//! ```

use std::collections::BTreeMap;
use std::process::ExitCode;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move};
use tiflo::hearing::costs::{Costs, Fact};
use tiflo::hearing::understand::{Decision, Understander, words};
use tiflo::i18n::Texts;

/// One utterance of a dump.
struct Line {
    split: String,
    condition: String,
    kind: String,
    pos: Chess,
    mv: Move,
    said: String,
    heard: Vec<Vec<String>>,
}

fn read_dump(path: &str) -> Result<Vec<Line>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = l.split('\t').collect();
        if f.len() != 7 {
            return Err(format!("{path}:{}: 7 tab-separated fields expected", i + 1));
        }
        let pos: Chess = f[3]
            .parse::<Fen>()
            .map_err(|e| format!("{path}:{}: {e}", i + 1))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        let mv = f[4].parse::<UciMove>().map_err(|e| e.to_string())?.to_move(&pos).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        let heard = f[6].split(" | ").map(|h| h.split_whitespace().map(str::to_owned).collect::<Vec<_>>()).filter(|h| !h.is_empty()).collect();
        out.push(Line { split: f[0].to_owned(), condition: f[1].to_owned(), kind: f[2].to_owned(), pos, mv, said: f[5].to_owned(), heard });
    }
    Ok(out)
}

/// A word of Lichess's move tokens: files, ranks (as English words) and
/// pieces.
fn token_word(t: char) -> Option<String> {
    const RANKS: [&str; 8] = ["one", "two", "three", "four", "five", "six", "seven", "eight"];
    match t {
        'a'..='h' => Some(t.to_string()),
        '1'..='8' => Some(RANKS[usize::from(t as u8 - b'1')].to_owned()),
        'P' => Some("pawn".into()),
        'N' => Some("knight".into()),
        'B' => Some("bishop".into()),
        'R' => Some("rook".into()),
        'Q' => Some("queen".into()),
        'K' => Some("king".into()),
        _ => None,
    }
}

/// Lichess's published confusions of single heard words: a heard word
/// standing for one move token (a substitution), or for its own token and
/// one more (that one left out).
fn lichess_facts() -> Result<Vec<Fact>, String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/crowdv/lichess_move_en.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let source = "lichess";
    let mut out = Vec::new();
    for e in v["entries"].as_array().into_iter().flatten() {
        let (Some(heard), Some(tok)) = (e["in"].as_str(), e["tok"].as_str()) else { continue };
        if heard.contains(' ') {
            continue;
        }
        for s in e["subs"].as_array().into_iter().flatten() {
            let (Some(to), Some(cost)) = (s["to"].as_str(), s["cost"].as_f64()) else { continue };
            let chars: Vec<char> = to.chars().collect();
            match chars.as_slice() {
                [t] => {
                    if let Some(said) = token_word(*t) {
                        out.push(Fact { heard: heard.to_owned(), said: Some(said), left_out: None, cost, source: source.to_owned() });
                    }
                }
                [x, y] => {
                    let other = if tok == x.to_string() {
                        *y
                    } else if tok == y.to_string() {
                        *x
                    } else {
                        continue;
                    };
                    if let Some(w) = token_word(other) {
                        out.push(Fact { heard: heard.to_owned(), said: None, left_out: Some(w), cost, source: source.to_owned() });
                    }
                }
                _ => {}
            }
        }
    }
    Ok(out)
}

fn learn(dumps: &[String]) -> Result<(), String> {
    let u = Understander::new("en").ok_or("no English pack")?;
    let mut pairs = Vec::new();
    let (mut refused, mut empty) = (0, 0);
    for d in dumps {
        for l in read_dump(d)? {
            if l.split != "train" {
                refused += 1;
                continue;
            }
            let Some(h) = l.heard.first() else {
                empty += 1;
                continue;
            };
            pairs.push((u.canonical_words(&l.said), u.canonical_words(&h.join(" "))));
        }
    }
    if refused > 0 {
        return Err(format!("{refused} utterances of the held-out part: costs are learnt on the training part only"));
    }
    let texts = Texts::pack("en").ok_or("no English pack")?;
    // The words dropped at no cost, as heard; not one that stands for a
    // word of a move too ("to" is "two").
    let skip: Vec<String> = ["hear-fillers", "hear-to", "hear-check", "hear-lead"]
        .iter()
        .flat_map(|id| texts.text(id).split(',').flat_map(words).collect::<Vec<_>>())
        .filter(|w| u.canonical_words(w) == [w.clone()])
        .collect();
    let facts = lichess_facts()?;
    let (table, evidence) = Costs::learn(&pairs, &facts, &skip);
    let header = format!(
        "Confusion costs of the en pack: what hearing one word for another, a word not\n\
         said, or not hearing a word said costs the understanding, in hundredths of a\n\
         wrong word (src/hearing/costs.rs, docs/hearing-costs.md).\n\
         \n\
         Learnt, not written by hand: pocketsphinx's confusions on the training part of\n\
         the English corpus ({} utterances aligned with what was said, {} heard as\n\
         nothing left out; tests/common/hearing.rs, `Split::Train`), and, as facts,\n\
         the confusions Lichess published for its English voice grammar\n\
         (lichess-org/lila ui/voice/grammar/move-en.json, {} single-word entries).\n\
         Made by (see examples/costs.rs):\n\
         \x20 cargo run --release --example costs -- learn train-hall.tsv train-phrasings.tsv\n\
         The last column is the evidence: how often pocketsphinx heard it so, or the\n\
         published cost.",
        pairs.len(),
        empty,
        facts.len()
    );
    print!("{}", table.to_tsv(&header, &evidence));
    Ok(())
}

/// What became of one utterance with one table.
#[derive(Default, Clone, Copy)]
struct Tally {
    utterances: usize,
    right_first: usize,
    right_accepts: usize,
    wrong_accepts: usize,
}

fn rescore(dumps: &[String], tables: &[(String, Costs)], by_kind: bool) -> Result<(), String> {
    let base = Understander::new("en").ok_or("no English pack")?;
    let mut us = vec![("the pack's costs".to_owned(), base)];
    for (name, t) in tables {
        us.push((name.clone(), Understander::new("en").ok_or("no English pack")?.with_costs(t)));
    }
    let mut rows: BTreeMap<String, Vec<Tally>> = BTreeMap::new();
    let mut all = vec![Tally::default(); us.len()];
    for d in dumps {
        for l in read_dump(d)? {
            let key = if by_kind { format!("{}, {}, {}", l.split, l.kind, l.condition) } else { format!("{}, {}", l.split, l.condition) };
            let row = rows.entry(key).or_insert_with(|| vec![Tally::default(); us.len()]);
            for (i, (_, u)) in us.iter().enumerate() {
                let d = u.understand(&l.pos, &l.heard);
                for t in [&mut row[i], &mut all[i]] {
                    t.utterances += 1;
                    match &d {
                        Decision::Accept(m) if *m == l.mv => {
                            t.right_first += 1;
                            t.right_accepts += 1;
                        }
                        Decision::Accept(_) => t.wrong_accepts += 1,
                        Decision::Ask(ms) if ms.first() == Some(&l.mv) => t.right_first += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    let mut head = String::from("| speech | utterances |");
    let mut rule = String::from("|---|---:|");
    for (name, _) in &us {
        head.push_str(&format!(" right first, {name} | accepted right if trusted, {name} | wrong accepts if trusted, {name} |"));
        rule.push_str("---:|---:|---:|");
    }
    println!("{head}\n{rule}");
    for (key, row) in rows.iter().chain(std::iter::once((&"all".to_owned(), &all))) {
        let mut line = format!("| {key} | {} |", row[0].utterances);
        for t in row {
            line.push_str(&format!(" {:.1} % | {} | {} |", 100.0 * t.right_first as f64 / t.utterances.max(1) as f64, t.right_accepts, t.wrong_accepts));
        }
        println!("{line}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = || -> Result<(), String> {
        match args.first().map(String::as_str) {
            Some("learn") => learn(&args[1..]),
            Some("rescore") => {
                let mut dumps = Vec::new();
                let mut tables = Vec::new();
                let mut by_kind = false;
                let mut i = 1;
                while i < args.len() {
                    match args[i].as_str() {
                        "--table" => {
                            let file = args.get(i + 1).ok_or("--table takes a file")?;
                            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
                            tables.push((file.clone(), Costs::parse(&text).map_err(|e| format!("{file}: {e}"))?));
                            i += 2;
                        }
                        "--by-kind" => {
                            by_kind = true;
                            i += 1;
                        }
                        other => {
                            dumps.push(other.to_owned());
                            i += 1;
                        }
                    }
                }
                rescore(&dumps, &tables, by_kind)
            }
            _ => Err("costs learn DUMP... | costs rescore DUMP... [--table FILE]... [--by-kind]".to_owned()),
        }
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("costs: {e}");
            ExitCode::from(2)
        }
    }
}
