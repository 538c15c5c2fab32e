//! The costs of the understanding's weighted edit distance
//! (`understand.rs`): what hearing one word for another, hearing a word that
//! was not said, and not hearing a word that was said cost, in hundredths
//! of a wrong word.
//!
//! Pure: a table is read from text (a pack's `voices/<lang>/confusions.tsv`,
//! compiled in and handed over by the pack loader, `crate::i18n`, or a file
//! a measurement reads itself) and learnt from what a recogniser heard
//! against what was said (`Costs::learn`). docs/hearing-costs.md describes
//! the format, how the English table is learnt and why the bands below.
//!
//! The table format, one entry a line, tab-separated, `#` starts a comment:
//!
//! ```text
//! default	substitute	100        any substitution not listed
//! default	insert	100            a heard word no part of the move, not listed
//! default	leave-out	25         the first required word not heard, not listed
//! default	delete	100            each further required word not heard
//! sub	<heard>	<said>	<cost>	[evidence]
//! ins	<heard>	<cost>	[evidence]
//! del	<said>	<cost>	[evidence]
//! ```
//!
//! Words are written as the pack writes them (folded when read). A listed
//! substitution is directed: `sub a e 9` is "a" heard for a said "e".
//!
//! The bands keep the understanding's promise (never a wrong move): a
//! learnt substitution costs at most `SUB_CEILING`, a learnt deletion or
//! insertion between `GAP_FLOOR` and `GAP_CEILING`, so that any one listed
//! confusion, any two listed substitutions, and a listed substitution with
//! one left-out or listed inserted word all cost less than the
//! understanding's `MARGIN`: what they turn into another legal move is
//! asked, never accepted. A left-out word costs more than `ACCEPT_MAX`, so
//! a move said incompletely is never accepted either.

use std::collections::BTreeMap;

use crate::game::command::fold;

/// The cheapest a learnt substitution is: even the commonest confusion is
/// not the word itself.
pub const SUB_FLOOR: u32 = 4;
/// The dearest a learnt substitution is (a confusion seen once): with a
/// left-out word or a learnt insertion (`GAP_CEILING`) still under the
/// understanding's `MARGIN`.
pub const SUB_CEILING: u32 = 16;
/// The cheapest a learnt deletion or insertion is: above the
/// understanding's `ACCEPT_MAX`, so a reading that needs one is asked.
pub const GAP_FLOOR: u32 = 21;
/// The dearest a learnt deletion or insertion is; also the default cost of
/// leaving out a required word never seen left out.
pub const GAP_CEILING: u32 = 25;
/// Hundredths per nat of the log-likelihood ratio between hearing a word
/// right and hearing it as another (or not at all).
pub const SCALE: f64 = 3.0;
/// Additive smoothing of the counts (each outcome of a said word, each
/// heard word's being inserted or not, gets this much more).
pub const SMOOTHING: f64 = 0.5;

/// A table of costs, in hundredths of a wrong word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costs {
    /// any substitution not listed
    pub substitute: u32,
    /// a heard word no part of the move, not listed (fillers and check
    /// words cost nothing whatever this says)
    pub insert: u32,
    /// the first required word not heard, when the word is not listed
    pub leave_out: u32,
    /// each further required word not heard
    pub delete: u32,
    /// (heard, said, cost), folded
    subs: Vec<(String, String, u32)>,
    /// (heard, cost), folded
    ins: Vec<(String, u32)>,
    /// (said, cost), folded
    dels: Vec<(String, u32)>,
}

/// What is wrong with a table, and on which line (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct CostsError {
    /// the line, from 1
    pub line: usize,
    /// what is wrong with it
    pub problem: Problem,
}

/// What is wrong with a line of a table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// an entry that is none of default, sub, ins, del
    #[error("unknown entry {0:?} (default, sub, ins or del)")]
    Kind(String),
    /// an entry with too few fields: its kind, the fields it takes
    #[error("{0} takes {1} fields")]
    Fields(String, usize),
    /// a cost that is no whole number of hundredths up to 10000
    #[error("{0:?} is no cost (a whole number of hundredths)")]
    Cost(String),
    /// a default that is none of substitute, insert, leave-out, delete
    #[error("unknown default {0:?} (substitute, insert, leave-out or delete)")]
    Default(String),
}

impl Default for Costs {
    /// No confusion listed: every word heard for another costs a wrong
    /// word.
    fn default() -> Costs {
        Costs { substitute: 100, insert: 100, leave_out: GAP_CEILING, delete: 100, subs: Vec::new(), ins: Vec::new(), dels: Vec::new() }
    }
}

impl Costs {
    /// Reads a table (the format above).
    pub fn parse(text: &str) -> Result<Costs, CostsError> {
        let mut out = Costs::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("");
            let fields: Vec<&str> = content.split('\t').map(str::trim).collect();
            if fields.iter().all(|f| f.is_empty()) {
                continue;
            }
            let kind = fields[0];
            let need = |want: usize| -> Result<(), CostsError> {
                if fields.len() < want || fields[..want].iter().any(|f| f.is_empty()) {
                    Err(CostsError { line, problem: Problem::Fields(kind.to_owned(), want) })
                } else {
                    Ok(())
                }
            };
            let cost = |s: &str| s.parse::<u32>().ok().filter(|c| *c <= 10_000).ok_or_else(|| CostsError { line, problem: Problem::Cost(s.to_owned()) });
            match kind {
                "default" => {
                    need(3)?;
                    let c = cost(fields[2])?;
                    match fields[1] {
                        "substitute" => out.substitute = c,
                        "insert" => out.insert = c,
                        "leave-out" => out.leave_out = c,
                        "delete" => out.delete = c,
                        other => return Err(CostsError { line, problem: Problem::Default(other.to_owned()) }),
                    }
                }
                "sub" => {
                    need(4)?;
                    out.subs.push((fold(fields[1]), fold(fields[2]), cost(fields[3])?));
                }
                "ins" => {
                    need(3)?;
                    out.ins.push((fold(fields[1]), cost(fields[2])?));
                }
                "del" => {
                    need(3)?;
                    out.dels.push((fold(fields[1]), cost(fields[2])?));
                }
                other => return Err(CostsError { line, problem: Problem::Kind(other.to_owned()) }),
            }
        }
        Ok(out)
    }

    /// The listed substitutions: (heard, said, cost), folded.
    pub fn substitutions(&self) -> &[(String, String, u32)] {
        &self.subs
    }

    /// The listed insertions: (heard, cost), folded.
    pub fn insertions(&self) -> &[(String, u32)] {
        &self.ins
    }

    /// The listed deletions: (said, cost), folded.
    pub fn deletions(&self) -> &[(String, u32)] {
        &self.dels
    }

    /// The same table with one more substitution (a later entry wins).
    pub fn with_substitution(mut self, heard: &str, said: &str, cost: u32) -> Costs {
        self.subs.push((fold(heard), fold(said), cost));
        self
    }

    /// The same table with one more deletion (a later entry wins).
    pub fn with_deletion(mut self, said: &str, cost: u32) -> Costs {
        self.dels.push((fold(said), cost));
        self
    }

    /// The table as text, `header` (lines without their `#`) first.
    pub fn to_tsv(&self, header: &str, evidence: &BTreeMap<String, String>) -> String {
        let mut out = String::new();
        for l in header.lines() {
            out.push_str(&format!("# {l}\n").replace("# \n", "#\n"));
        }
        out.push_str(&format!(
            "default\tsubstitute\t{}\ndefault\tinsert\t{}\ndefault\tleave-out\t{}\ndefault\tdelete\t{}\n",
            self.substitute, self.insert, self.leave_out, self.delete
        ));
        let note = |key: String| evidence.get(&key).map(|e| format!("\t{e}")).unwrap_or_default();
        for (h, s, c) in &self.subs {
            out.push_str(&format!("sub\t{h}\t{s}\t{c}{}\n", note(format!("sub {h} {s}"))));
        }
        for (h, c) in &self.ins {
            out.push_str(&format!("ins\t{h}\t{c}{}\n", note(format!("ins {h}"))));
        }
        for (s, c) in &self.dels {
            out.push_str(&format!("del\t{s}\t{c}{}\n", note(format!("del {s}"))));
        }
        out
    }

    /// Learns a table from `pairs` of what was said and what a recogniser
    /// heard for it (word lists, aligned with the plain edit distance), and
    /// from published confusions taken as facts (`facts`). `skip` are heard
    /// words never listed (words the understanding drops at no cost: a
    /// stray one must not read as a word of the move). Returns the table
    /// and, for each entry ("sub HEARD SAID", "ins HEARD", "del SAID"), the
    /// evidence it rests on.
    ///
    /// For a said word `w` heard `k` times as `h` and `r` times right, a
    /// substitution costs `SUB_FLOOR + SCALE * ln((r + s) / (k + s))`
    /// (`s` = `SMOOTHING`), held within `SUB_FLOOR..=SUB_CEILING`; a
    /// deletion the same from `GAP_FLOOR`, within `..=GAP_CEILING`; a heard
    /// word inserted `k` times of `n` heard, from `GAP_FLOOR` by the ratio
    /// of its `n - k` other hearings to `k`. A published confusion not
    /// seen costs its published cost placed in the band (0.4 at
    /// `SUB_FLOOR + 4`, 0.9 at `SUB_CEILING`); seen, the cheaper of the
    /// two.
    pub fn learn(pairs: &[(Vec<String>, Vec<String>)], facts: &[Fact], skip: &[String]) -> (Costs, BTreeMap<String, String>) {
        let skip: Vec<String> = skip.iter().map(|w| fold(w)).collect();
        // said word → outcome (Some(heard) or None for not heard) → count
        let mut said: BTreeMap<String, BTreeMap<Option<String>, usize>> = BTreeMap::new();
        // heard word → (times heard, times inserted)
        let mut heard_n: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for (s, h) in pairs {
            let s: Vec<String> = s.iter().map(|w| fold(w)).collect();
            let h: Vec<String> = h.iter().map(|w| fold(w)).collect();
            for w in &h {
                heard_n.entry(w.clone()).or_default().0 += 1;
            }
            for step in align(&s, &h) {
                match step {
                    Step::Same(i, _) | Step::Sub(i, _) | Step::Del(i) => {
                        let outcome = match step {
                            Step::Same(_, j) | Step::Sub(_, j) => Some(h[j].clone()),
                            _ => None,
                        };
                        *said.entry(s[i].clone()).or_default().entry(outcome).or_default() += 1;
                    }
                    Step::Ins(j) => heard_n.entry(h[j].clone()).or_default().1 += 1,
                }
            }
        }
        let mut out = Costs::default();
        let mut evidence = BTreeMap::new();
        let clamp = |x: f64, lo: u32, hi: u32| (x.round().max(0.0) as u32).clamp(lo, hi);
        let mut subs: BTreeMap<(String, String), (u32, String)> = BTreeMap::new();
        let mut dels: BTreeMap<String, (u32, String)> = BTreeMap::new();
        for (w, outcomes) in &said {
            let n: usize = outcomes.values().sum();
            let right = outcomes.get(&Some(w.clone())).copied().unwrap_or(0) as f64 + SMOOTHING;
            for (o, k) in outcomes {
                let llr = (right / (*k as f64 + SMOOTHING)).ln().max(0.0);
                match o {
                    Some(h) if h == w => {}
                    Some(h) => {
                        if skip.contains(h) {
                            continue;
                        }
                        let c = clamp(f64::from(SUB_FLOOR) + SCALE * llr, SUB_FLOOR, SUB_CEILING);
                        subs.insert((h.clone(), w.clone()), (c, format!("heard {k} of {n}")));
                    }
                    None => {
                        let c = clamp(f64::from(GAP_FLOOR) + SCALE * llr, GAP_FLOOR, GAP_CEILING);
                        dels.insert(w.clone(), (c, format!("left out {k} of {n}")));
                    }
                }
            }
        }
        let mut ins: BTreeMap<String, (u32, String)> = BTreeMap::new();
        for (w, (n, k)) in &heard_n {
            if *k == 0 || skip.contains(w) {
                continue;
            }
            // Heard as a word of the move against heard where none was said.
            let llr = ((*n - *k) as f64 + SMOOTHING).ln() - (*k as f64 + SMOOTHING).ln();
            let c = clamp(f64::from(GAP_FLOOR) + SCALE * llr.max(0.0), GAP_FLOOR, GAP_CEILING);
            ins.insert(w.clone(), (c, format!("inserted {k} of {n}")));
        }
        for f in facts {
            let (h, s) = (fold(&f.heard), f.said.as_deref().map(fold));
            if skip.contains(&h) {
                continue;
            }
            // The published cost (0.4 to 0.9 of a word, lower for a
            // commoner confusion) placed in the band.
            let share = ((f.cost - 0.4) / 0.5).clamp(0.0, 1.0);
            match s {
                Some(s) if s != h => {
                    let c = clamp(f64::from(SUB_FLOOR + 4) + share * f64::from(SUB_CEILING - SUB_FLOOR - 4), SUB_FLOOR, SUB_CEILING);
                    let e = subs.entry((h, s)).or_insert((c, String::new()));
                    e.0 = e.0.min(c);
                    e.1 = [e.1.as_str(), &format!("{} {:.2}", f.source, f.cost)].iter().filter(|x| !x.is_empty()).copied().collect::<Vec<_>>().join("; ");
                }
                Some(_) => {}
                None => {
                    let Some(w) = &f.left_out else { continue };
                    let w = fold(w);
                    let c = clamp(f64::from(GAP_FLOOR) + share * f64::from(GAP_CEILING - GAP_FLOOR), GAP_FLOOR, GAP_CEILING);
                    let e = dels.entry(w).or_insert((c, String::new()));
                    e.0 = e.0.min(c);
                    e.1 = [e.1.as_str(), &format!("{} {:.2} (\"{}\")", f.source, f.cost, f.heard)].iter().filter(|x| !x.is_empty()).copied().collect::<Vec<_>>().join("; ");
                }
            }
        }
        for ((h, s), (c, e)) in subs {
            evidence.insert(format!("sub {h} {s}"), e);
            out.subs.push((h, s, c));
        }
        for (w, (c, e)) in ins {
            evidence.insert(format!("ins {w}"), e);
            out.ins.push((w, c));
        }
        for (w, (c, e)) in dels {
            evidence.insert(format!("del {w}"), e);
            out.dels.push((w, c));
        }
        (out, evidence)
    }
}

/// A published confusion: `heard` stood for `said`, or for `said` with
/// the word `left_out` not heard (`said` is then `None`), at a published
/// cost (`cost`, in words) from `source`.
#[derive(Clone, Debug, PartialEq)]
pub struct Fact {
    /// the word heard
    pub heard: String,
    /// the word it stood for, or none when it stood for itself with
    /// `left_out` not heard
    pub said: Option<String>,
    /// the word said but not heard
    pub left_out: Option<String>,
    /// the published cost, in words (lower for a commoner confusion)
    pub cost: f64,
    /// where it is published
    pub source: String,
}

/// One step of an alignment: indices into the said and the heard words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Same(usize, usize),
    Sub(usize, usize),
    Del(usize),
    Ins(usize),
}

/// The plain edit-distance alignment of `said` and `heard` (ties: a
/// substitution before a deletion before an insertion).
fn align(said: &[String], heard: &[String]) -> Vec<Step> {
    let (n, m) = (said.len(), heard.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for j in 0..=m {
        d[0][j] = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let sub = d[i - 1][j - 1] + usize::from(said[i - 1] != heard[j - 1]);
            d[i][j] = sub.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
        }
    }
    let mut out = Vec::new();
    let (mut i, mut j) = (n, m);
    while i > 0 || j > 0 {
        if i > 0 && j > 0 && d[i][j] == d[i - 1][j - 1] + usize::from(said[i - 1] != heard[j - 1]) {
            out.push(if said[i - 1] == heard[j - 1] { Step::Same(i - 1, j - 1) } else { Step::Sub(i - 1, j - 1) });
            i -= 1;
            j -= 1;
        } else if i > 0 && d[i][j] == d[i - 1][j] + 1 {
            out.push(Step::Del(i - 1));
            i -= 1;
        } else {
            out.push(Step::Ins(j - 1));
            j -= 1;
        }
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn a_table_reads_back_what_it_wrote() {
        let text = "# a table\ndefault\tsubstitute\t90\ndefault\tleave-out\t22\nsub\tA\tÉ\t9\tseen\nins\tthe\t23\ndel\tpawn\t24 # note\n";
        let c = Costs::parse(text).unwrap();
        assert_eq!((c.substitute, c.insert, c.leave_out, c.delete), (90, 100, 22, 100));
        assert_eq!(c.substitutions(), &[("a".to_owned(), "e".to_owned(), 9)]);
        assert_eq!(c.insertions(), &[("the".to_owned(), 23)]);
        assert_eq!(c.deletions(), &[("pawn".to_owned(), 24)]);
        assert_eq!(Costs::parse(&c.to_tsv("again", &BTreeMap::new())).unwrap(), c);
    }

    #[test]
    fn a_broken_table_is_an_error_with_its_line() {
        assert!(matches!(Costs::parse("sub\ta\tb\n"), Err(CostsError { line: 1, problem: Problem::Fields(..) })));
        assert!(matches!(Costs::parse("\nsub\ta\tb\tlots\n"), Err(CostsError { line: 2, problem: Problem::Cost(..) })));
        assert!(matches!(Costs::parse("swap\ta\tb\t1\n"), Err(CostsError { line: 1, problem: Problem::Kind(..) })));
        assert!(matches!(Costs::parse("default\tmargin\t1\n"), Err(CostsError { line: 1, problem: Problem::Default(..) })));
    }

    #[test]
    fn alignment_finds_substitutions_deletions_and_insertions() {
        let steps = align(&w("knight f three"), &w("night f the three"));
        assert_eq!(steps, vec![Step::Sub(0, 0), Step::Same(1, 1), Step::Ins(2), Step::Same(2, 3)]);
        assert_eq!(align(&w("pawn e four"), &w("e four")), vec![Step::Del(0), Step::Same(1, 0), Step::Same(2, 1)]);
    }

    #[test]
    fn commoner_confusions_cost_less_and_every_cost_stays_in_its_band() {
        let mut pairs = Vec::new();
        for _ in 0..20 {
            pairs.push((w("e four"), w("e four")));
        }
        for _ in 0..5 {
            pairs.push((w("e four"), w("b four")));
        }
        pairs.push((w("e four"), w("d four")));
        pairs.push((w("e four"), w("four")));
        pairs.push((w("e four"), w("e four mate")));
        pairs.push((w("e four"), w("e four the")));
        let facts = [Fact { heard: "a".into(), said: Some("e".into()), left_out: None, cost: 0.48, source: "lichess".into() }];
        let (c, ev) = Costs::learn(&pairs, &facts, &["mate".to_owned()]);
        let sub = |h: &str, s: &str| c.substitutions().iter().find(|x| x.0 == h && x.1 == s).map(|x| x.2);
        assert!(sub("b", "e").unwrap() < sub("d", "e").unwrap(), "{c:?}");
        assert!(sub("a", "e").is_some() && ev["sub a e"].contains("lichess"));
        assert!(c.insertions().iter().all(|x| x.0 != "mate"), "{c:?}");
        assert!(c.insertions().iter().any(|x| x.0 == "the"));
        assert!(c.deletions().iter().any(|x| x.0 == "e"));
        assert!(c.substitutions().iter().all(|x| (SUB_FLOOR..=SUB_CEILING).contains(&x.2)));
        assert!(c.insertions().iter().chain(c.deletions()).all(|x| (GAP_FLOOR..=GAP_CEILING).contains(&x.1)));
    }
}
