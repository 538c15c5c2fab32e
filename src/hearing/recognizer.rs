//! One interface for the speech recognisers (pocketsphinx, vosk) and the
//! grammars that restrict them to what can be said now.
//!
//! A `Grammar` is a list of phrases, each a sequence of slots, each slot a
//! set of words that may fill it, optional or not. It is built from the
//! language pack for the position on the board (`Understander::grammar`) or
//! for a question (yes, no, a number). Engines render it in their own form:
//! pocketsphinx as a finite-state grammar (`Grammar::fsg`), vosk as a list of whole phrases
//! (`Grammar::phrases`).
//!
//! Audio is 16 kHz mono signed 16-bit (`SAMPLE_RATE`), fed in pieces as it
//! arrives (`feed`), so that at the end of an utterance (`finish`) only the
//! last search remains. `finish` returns the alternatives, best first, as
//! lists of lowercase words; an empty list means nothing was recognised.
//! A recogniser whose search ends in no reading of the grammar may give the
//! best words it had up to the end instead (pocketsphinx does), alone and
//! with no `Evidence`, so that they are never taken as sure.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use thiserror::Error;

/// The sample rate every recogniser is fed (Hz).
pub const SAMPLE_RATE: u32 = 16_000;

/// A set of words that may fill one place of a phrase.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    /// the words, lowercase, each one or more spoken words ("o o")
    pub words: Vec<String>,
    /// whether the place may stay empty
    pub optional: bool,
}

/// What a recogniser may hear: phrases of slots.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grammar {
    /// The phrases that may be heard, each a sequence of slots.
    pub phrases: Vec<Vec<Slot>>,
}

/// What a recogniser measured of one utterance besides its words: the
/// features a confidence is computed from (`crate::hearing::confidence`).
/// Scores are natural logarithms.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evidence {
    /// The posterior probability of the best reading among everything the
    /// grammar allows, over the word lattice (0 is certain).
    pub posterior: f32,
    /// The lowest posterior of a word of the best reading.
    pub word_posterior: f32,
    /// The alternatives, best first, each with how far its score lies under
    /// the best one's (0 for the best); more of them than `finish` returns.
    pub alternatives: Vec<(Vec<String>, f32)>,
    /// The best reading with the free grammar (`Recognizer::set_free_grammar`)
    /// on the same audio; `None` without one, empty when it heard nothing.
    pub free: Option<Vec<String>>,
    /// What the scores measure, which decides the rule read on them.
    pub measure: Measure,
}

/// What a recogniser's scores are: each kind has its own confidence rule
/// (`crate::hearing::confidence::rule`), chosen on its own measurements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Measure {
    /// Posteriors over a word lattice (pocketsphinx): the probability of
    /// the best reading among every reading of the grammar, and of its
    /// least sure word.
    #[default]
    Lattice,
    /// A neural decoder's token log-probabilities (Moonshine): the mean
    /// over the best phrase's tokens, and the lowest of them; the free
    /// reading is its own transcript, bound to no phrase.
    Tokens,
}

/// Why a recogniser could not be opened or could not decode.
#[derive(Debug, Error)]
pub enum HearError {
    /// The engine's library or model is not installed.
    #[error("the {engine} recogniser is not available: {reason}")]
    Unavailable {
        /// The engine's name.
        engine: &'static str,
        /// Why it is not available.
        reason: crate::i18n::Said,
    },
    /// The grammar has no word the engine knows.
    #[error("the {engine} recogniser knows none of the words of this grammar")]
    EmptyGrammar {
        /// The engine's name.
        engine: &'static str,
    },
    /// The engine failed while decoding.
    #[error("the {engine} recogniser failed: {reason}")]
    Failed {
        /// The engine's name.
        engine: &'static str,
        /// The engine's own words.
        reason: String,
    },
    /// No model of the language is installed (or the folder is unusable).
    #[error("{0}")]
    NoModel(crate::hearing::models::ModelError),
    /// The engine is left out of this build (its Cargo feature was off).
    #[error("{0}")]
    NotBuiltIn(#[from] crate::NotBuiltIn),
}

impl crate::i18n::Reason for HearError {
    fn said(&self) -> crate::i18n::Said {
        use crate::i18n::Said;
        match self {
            HearError::Unavailable { engine, reason } => Said::new("why-hear-unavailable").data("engine", *engine).with("why", reason.clone()),
            HearError::EmptyGrammar { engine } => Said::new("why-hear-empty-grammar").data("engine", *engine),
            // The engine's own words are for the log; the player hears
            // that it failed.
            HearError::Failed { engine, .. } => Said::new("why-hear-failed").data("engine", *engine),
            HearError::NoModel(m) => m.said(),
            HearError::NotBuiltIn(e) => e.said(),
        }
    }
}

/// A speech recogniser fed 16 kHz mono audio.
pub trait Recognizer {
    /// The engine's name ("pocketsphinx", "vosk").
    fn engine(&self) -> &'static str;
    /// Restricts what is heard from the next utterance on. Engines cache
    /// compiled grammars, so setting the same grammar again is cheap.
    fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearError>;
    /// Starts an utterance.
    fn start(&mut self) -> Result<(), HearError>;
    /// Feeds audio of the current utterance.
    fn feed(&mut self, pcm: &[i16]) -> Result<(), HearError>;
    /// Ends the utterance: the alternatives heard, best first (at most
    /// a handful), each a list of lowercase words.
    fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError>;
    /// The utterance may have ended (the endpointer heard a pause,
    /// `Vad::Pause`): decodes what was fed so far, so that `finish` gives
    /// that at once if nothing more is fed before it (more audio makes the
    /// guess void). Whether it guessed: engines that cannot (the default)
    /// say no, and are fed the silence that follows as before.
    fn guess(&mut self) -> Result<bool, HearError> {
        Ok(false)
    }
    /// What the engine measured of the utterance `finish` ended: its
    /// scores and the free reading (`Evidence`), from which
    /// `crate::hearing::confidence` decides whether a reading is sure.
    /// `None` (the default) when the engine measures nothing: then nothing
    /// it hears is sure, and every move is read back.
    fn evidence(&self) -> Option<Evidence> {
        None
    }
    /// What the engine's evidence measures, which decides the confidence
    /// rule read on it (`crate::hearing::confidence::rule`).
    fn measure(&self) -> Measure {
        Measure::Lattice
    }
    /// Sets the free grammar: what may be said whatever the position (every
    /// phrase shaped like a move, legal or not), decoded beside the
    /// position's grammar on the same audio from the next utterance on, so
    /// that a reading the position's grammar forced onto a legal move is
    /// told apart. Engines that cannot do so ignore it.
    fn set_free_grammar(&mut self, _grammar: &Grammar) -> Result<(), HearError> {
        Ok(())
    }
    /// Whether the model was adapted to the player's voice (`tiflo adapt`).
    fn adapted(&self) -> bool {
        false
    }
}

impl Slot {
    /// A slot of these words (lowercased), optional or not.
    pub fn new<S: AsRef<str>>(words: &[S], optional: bool) -> Slot {
        Slot { words: words.iter().map(|w| w.as_ref().to_lowercase()).collect(), optional }
    }
}

impl Grammar {
    /// A grammar of whole phrases, each said as it is written.
    pub fn of_phrases<S: AsRef<str>>(phrases: &[S]) -> Grammar {
        Grammar {
            phrases: phrases
                .iter()
                .map(|p| p.as_ref().split_whitespace().map(|w| Slot::new(&[w], false)).collect::<Vec<_>>())
                .filter(|p| !p.is_empty())
                .collect(),
        }
    }

    /// Adds the phrases of another grammar.
    pub fn extend(&mut self, other: Grammar) {
        for p in other.phrases {
            if !self.phrases.contains(&p) {
                self.phrases.push(p);
            }
        }
    }

    /// Every single word of the grammar (multi-word slot entries split).
    pub fn words(&self) -> BTreeSet<String> {
        self.phrases
            .iter()
            .flatten()
            .flat_map(|s| s.words.iter())
            .flat_map(|w| w.split_whitespace())
            .map(str::to_owned)
            .collect()
    }

    /// Keeps only the words `known` accepts: a slot entry with an unknown
    /// word is dropped, a required slot left empty drops its phrase.
    pub fn restricted(&self, known: impl Fn(&str) -> bool) -> Grammar {
        let phrases = self
            .phrases
            .iter()
            .filter_map(|p| {
                let mut out = Vec::with_capacity(p.len());
                for s in p {
                    let words: Vec<String> =
                        s.words.iter().filter(|w| w.split_whitespace().all(&known)).cloned().collect();
                    if words.is_empty() {
                        if s.optional {
                            continue;
                        }
                        return None;
                    }
                    out.push(Slot { words, optional: s.optional });
                }
                (!out.is_empty()).then_some(out)
            })
            .collect::<Vec<_>>();
        let mut g = Grammar::default();
        g.extend(Grammar { phrases });
        g
    }

    /// The grammar as pocketsphinx's finite-state grammar (its FSG text):
    /// the smallest automaton over words that accepts exactly the phrases.
    ///
    /// Every transition has the probability 1, as JSGF gives each of its
    /// alternatives, so every phrase scores as it would in JSGF; but each
    /// word the phrases share, at their start (`knight …`) or at their end
    /// (`… [check | mate]`), is one transition, not one a phrase. The
    /// recogniser's history and its word lattice are then smaller, and the
    /// lattice, built at the end of every utterance for the alternatives
    /// and the evidence, takes a time that grows with the square of their
    /// size (`crate::hearing::sphinx`).
    #[cfg_attr(not(feature = "pocketsphinx"), allow(dead_code))]
    pub(crate) fn fsg(&self) -> String {
        WordAutomaton::of(self).fsg()
    }

    /// Every phrase written out whole (each choice of each slot), for
    /// engines that take a list of phrases; stops after `limit` phrases.
    pub fn phrases(&self, limit: usize) -> Vec<String> {
        let mut out = BTreeSet::new();
        for p in &self.phrases {
            let mut partial: Vec<String> = vec![String::new()];
            for s in p {
                let mut next = Vec::new();
                for prefix in &partial {
                    if s.optional {
                        next.push(prefix.clone());
                    }
                    for w in &s.words {
                        next.push(if prefix.is_empty() { w.clone() } else { format!("{prefix} {w}") });
                    }
                }
                partial = next;
                if partial.len() > limit {
                    partial.truncate(limit);
                }
            }
            for q in partial {
                if !q.is_empty() {
                    out.insert(q);
                }
                if out.len() >= limit {
                    return out.into_iter().collect();
                }
            }
        }
        out.into_iter().collect()
    }
}

/// A deterministic automaton over words, as small as can be: no two states
/// accept the same continuations. Built from a grammar's phrases by
/// determinising their word graph and merging, from the ends back, the
/// states whose continuations are the same (the language is finite, so the
/// automaton has no cycle).
#[cfg_attr(not(feature = "pocketsphinx"), allow(dead_code))]
#[derive(Debug)]
pub(crate) struct WordAutomaton {
    /// the words, in the order the phrases first give them
    words: Vec<String>,
    /// each state's transitions (word, state), in the order of `words`;
    /// state 0 is the start
    arcs: Vec<Vec<(usize, usize)>>,
    /// whether a phrase may end in the state
    accepting: Vec<bool>,
}

#[cfg_attr(not(feature = "pocketsphinx"), allow(dead_code))]
impl WordAutomaton {
    pub(crate) fn of(grammar: &Grammar) -> WordAutomaton {
        // The word graph: state 0 starts, state 1 ends every phrase; empty
        // transitions join the slots and skip the optional ones.
        let mut words: Vec<String> = Vec::new();
        let mut ids: HashMap<&str, usize> = HashMap::new();
        let mut empty: Vec<Vec<usize>> = vec![Vec::new(), Vec::new()];
        let mut said: Vec<Vec<(usize, usize)>> = vec![Vec::new(), Vec::new()];
        let new_state = |empty: &mut Vec<Vec<usize>>, said: &mut Vec<Vec<(usize, usize)>>| {
            empty.push(Vec::new());
            said.push(Vec::new());
            empty.len() - 1
        };
        for phrase in &grammar.phrases {
            let mut at = new_state(&mut empty, &mut said);
            empty[0].push(at);
            for slot in phrase {
                let end = new_state(&mut empty, &mut said);
                if slot.optional {
                    empty[at].push(end);
                }
                for entry in &slot.words {
                    let spoken: Vec<&str> = entry.split_whitespace().collect();
                    let Some(last) = spoken.len().checked_sub(1) else {
                        empty[at].push(end);
                        continue;
                    };
                    let mut from = at;
                    for (i, w) in spoken.into_iter().enumerate() {
                        let id = *ids.entry(w).or_insert_with(|| {
                            words.push(w.to_owned());
                            words.len() - 1
                        });
                        let to = if i == last { end } else { new_state(&mut empty, &mut said) };
                        said[from].push((id, to));
                        from = to;
                    }
                }
                at = end;
            }
            empty[at].push(1);
        }
        let closure = |set: &mut Vec<usize>| {
            let mut i = 0;
            while i < set.len() {
                for &n in &empty[set[i]] {
                    if !set.contains(&n) {
                        set.push(n);
                    }
                }
                i += 1;
            }
            set.sort_unstable();
        };
        // Determinised: a state for each set of graph states reached by
        // the same words.
        let mut start = vec![0];
        closure(&mut start);
        let mut found: HashMap<Vec<usize>, usize> = HashMap::from([(start.clone(), 0)]);
        let mut sets = vec![start];
        let mut arcs: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut accepting = Vec::new();
        let mut next = 0;
        while next < sets.len() {
            let mut by_word: std::collections::BTreeMap<usize, Vec<usize>> = std::collections::BTreeMap::new();
            for &s in &sets[next] {
                for &(w, to) in &said[s] {
                    by_word.entry(w).or_default().push(to);
                }
            }
            accepting.push(sets[next].contains(&1));
            let mut out = Vec::with_capacity(by_word.len());
            for (w, mut to) in by_word {
                closure(&mut to);
                to.dedup();
                let id = match found.get(&to) {
                    Some(&id) => id,
                    None => {
                        found.insert(to.clone(), sets.len());
                        sets.push(to);
                        sets.len() - 1
                    }
                };
                out.push((w, id));
            }
            arcs.push(out);
            next += 1;
        }
        // Merged from the ends back: a state's class is known once its
        // successors' are (no cycle), and two states with the same
        // acceptance and the same words to the same classes are one.
        let n = arcs.len();
        let mut class: Vec<Option<usize>> = vec![None; n];
        let mut signatures: HashMap<(bool, Vec<(usize, usize)>), usize> = HashMap::new();
        let mut merged_arcs: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut merged_accepting = Vec::new();
        let mut stack = vec![(0usize, false)];
        while let Some((s, expanded)) = stack.pop() {
            if class[s].is_some() {
                continue;
            }
            if !expanded {
                stack.push((s, true));
                stack.extend(arcs[s].iter().filter(|(_, t)| class[*t].is_none()).map(|&(_, t)| (t, false)));
                continue;
            }
            let key: Vec<(usize, usize)> =
                arcs[s].iter().map(|&(w, t)| (w, class[t].expect("successors are classed first"))).collect();
            let sig = (accepting[s], key);
            let c = match signatures.get(&sig) {
                Some(&c) => c,
                None => {
                    merged_arcs.push(sig.1.clone());
                    merged_accepting.push(sig.0);
                    signatures.insert(sig, merged_arcs.len() - 1);
                    merged_arcs.len() - 1
                }
            };
            class[s] = Some(c);
        }
        // Numbered from the start, breadth first.
        let start = class[0].unwrap_or(0);
        let mut number = vec![usize::MAX; merged_arcs.len()];
        let mut order = vec![start];
        number[start] = 0;
        let mut i = 0;
        while i < order.len() {
            for &(_, t) in &merged_arcs[order[i]] {
                if number[t] == usize::MAX {
                    number[t] = order.len();
                    order.push(t);
                }
            }
            i += 1;
        }
        WordAutomaton {
            words,
            arcs: order.iter().map(|&c| merged_arcs[c].iter().map(|&(w, t)| (w, number[t])).collect()).collect(),
            accepting: order.iter().map(|&c| merged_accepting[c]).collect(),
        }
    }

    /// How many states it has.
    #[cfg(test)]
    pub(crate) fn states(&self) -> usize {
        self.arcs.len()
    }

    /// Whether it accepts these words.
    #[cfg(test)]
    pub(crate) fn accepts(&self, said: &[&str]) -> bool {
        let mut at = 0;
        for w in said {
            match self.arcs[at].iter().find(|(id, _)| self.words[*id] == *w) {
                Some(&(_, to)) => at = to,
                None => return false,
            }
        }
        self.accepting[at]
    }

    /// Every phrase accepted from `state` on, its words joined by spaces.
    #[cfg(test)]
    fn language_from(&self, state: usize) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if self.accepting[state] {
            out.insert(String::new());
        }
        for &(w, to) in &self.arcs[state] {
            for rest in self.language_from(to) {
                out.insert(if rest.is_empty() { self.words[w].clone() } else { format!("{} {rest}", self.words[w]) });
            }
        }
        out
    }

    /// In pocketsphinx's FSG text form. It has one final state: the
    /// state where every phrase may end with nothing after it (there is one,
    /// as no two states accept the same), which the other accepting states
    /// reach by an empty transition.
    pub(crate) fn fsg(&self) -> String {
        let last = self.arcs.iter().zip(&self.accepting).position(|(a, &acc)| acc && a.is_empty());
        let mut out = String::new();
        let states = self.arcs.len();
        let final_state = last.unwrap_or(states);
        let _ = writeln!(out, "FSG_BEGIN tiflo");
        let _ = writeln!(out, "NUM_STATES {}", states + usize::from(last.is_none()));
        let _ = writeln!(out, "START_STATE 0");
        let _ = writeln!(out, "FINAL_STATE {final_state}");
        for (from, arcs) in self.arcs.iter().enumerate() {
            for &(w, to) in arcs {
                let _ = writeln!(out, "TRANSITION {from} {to} 1.0 {}", self.words[w]);
            }
            if self.accepting[from] && from != final_state {
                let _ = writeln!(out, "TRANSITION {from} {final_state} 1.0");
            }
        }
        out.push_str("FSG_END\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Grammar {
        Grammar {
            phrases: vec![
                vec![Slot::new(&["knight"], false), Slot::new(&["f", "foxtrot"], false), Slot::new(&["three"], false)],
                vec![Slot::new(&["pawn"], true), Slot::new(&["e", "echo"], false), Slot::new(&["four"], false)],
            ],
        }
    }

    #[test]
    fn the_automaton_shares_the_words_phrases_share() {
        // knight (f | foxtrot) three | [pawn] (e | echo) four: the start,
        // after "knight", after its file, after "pawn", before "four", and
        // the end; "e four" and "pawn e four" share the state before
        // "four".
        let a = WordAutomaton::of(&sample());
        assert_eq!(a.states(), 6, "{a:?}");
        let fsg = a.fsg();
        assert_eq!(fsg.lines().filter(|l| l.starts_with("TRANSITION")).count(), 10, "{fsg}");
        assert!(fsg.starts_with("FSG_BEGIN tiflo\nNUM_STATES 6\nSTART_STATE 0\n"), "{fsg}");
    }

    #[test]
    fn a_phrase_that_may_go_on_ends_by_an_empty_transition() {
        let g = Grammar {
            phrases: vec![vec![Slot::new(&["e"], false), Slot::new(&["four"], false), Slot::new(&["check"], true)]],
        };
        let a = WordAutomaton::of(&g);
        assert!(a.accepts(&["e", "four"]) && a.accepts(&["e", "four", "check"]) && !a.accepts(&["e"]));
        let fsg = a.fsg();
        // e, four, check, and the empty one from after "four" to the end
        assert!(fsg.contains("TRANSITION 2 3 1.0 check\nTRANSITION 2 3 1.0\n"), "{fsg}");
        assert!(fsg.contains("FINAL_STATE 3\n"), "{fsg}");
    }

    fn slot_strategy() -> impl proptest::strategy::Strategy<Value = Slot> {
        use proptest::prelude::*;
        let entry = prop::sample::select(vec!["a", "b", "c", "a b", "c a", "b b c"]);
        (prop::collection::vec(entry, 1..4), any::<bool>()).prop_map(|(words, optional)| {
            let mut words: Vec<&str> = words;
            words.dedup();
            Slot::new(&words, optional)
        })
    }

    proptest::proptest! {
        /// The automaton accepts exactly the phrases written out whole, and
        /// no two of its states accept the same continuations (it is the
        /// smallest), on grammars whose phrases share words at their
        /// starts, their ends and inside their slots.
        #[test]
        fn the_automaton_accepts_the_phrases_and_nothing_else(
            phrases in proptest::collection::vec(proptest::collection::vec(slot_strategy(), 1..5), 1..7)
        ) {
            let g = Grammar { phrases };
            let a = WordAutomaton::of(&g);
            let expected: BTreeSet<String> = g.phrases(usize::MAX).into_iter().collect();
            let mut heard = a.language_from(0);
            let empty = heard.remove("");
            proptest::prop_assert_eq!(&heard, &expected);
            proptest::prop_assert_eq!(empty, g.phrases.iter().any(|p| p.iter().all(|s| s.optional)));
            let languages: Vec<BTreeSet<String>> = (0..a.states()).map(|s| a.language_from(s)).collect();
            for i in 0..languages.len() {
                for j in i + 1..languages.len() {
                    proptest::prop_assert_ne!(&languages[i], &languages[j], "states {} and {} of {:?}", i, j, a);
                }
            }
        }
    }

    #[test]
    fn phrases_expand_every_choice() {
        let p = sample().phrases(100);
        assert_eq!(p.len(), 6, "{p:?}");
        assert!(p.contains(&"e four".to_owned()) && p.contains(&"pawn echo four".to_owned()));
        assert_eq!(sample().phrases(3).len(), 3);
    }

    #[test]
    fn restricting_drops_unknown_words_and_dead_phrases() {
        let g = sample().restricted(|w| w != "foxtrot" && w != "three");
        assert_eq!(g.phrases.len(), 1);
        let g = sample().restricted(|w| w != "pawn");
        assert_eq!(g.phrases[1].len(), 2);
    }
}
