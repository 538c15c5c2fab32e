//! One interface for the speech recognisers (pocketsphinx, vosk) and the
//! grammars that restrict them to what can be said now.
//!
//! A `Grammar` is a list of phrases, each a sequence of slots, each slot a
//! set of words that may fill it, optional or not. It is built from the
//! language pack for the position on the board (`Understander::grammar`) or
//! for a question (yes, no, a number). Engines render it in their own form:
//! pocketsphinx as JSGF (`Grammar::jsgf`), vosk as a list of whole phrases
//! (`Grammar::phrases`).
//!
//! Audio is 16 kHz mono signed 16-bit (`SAMPLE_RATE`), fed in pieces as it
//! arrives (`feed`), so that at the end of an utterance (`finish`) only the
//! last search remains. `finish` returns the alternatives, best first, as
//! lists of lowercase words; an empty list means nothing was recognised.

use std::collections::BTreeSet;
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
    /// What the engine measured of the utterance `finish` ended: its
    /// scores and the free reading (`Evidence`), from which
    /// `crate::hearing::confidence` decides whether a reading is sure.
    /// `None` (the default) when the engine measures nothing: then nothing
    /// it hears is sure, and every move is read back.
    fn evidence(&self) -> Option<Evidence> {
        None
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

    /// The grammar in JSGF, with one public rule `<utterance>`.
    #[cfg_attr(not(feature = "pocketsphinx"), allow(dead_code))]
    pub(crate) fn jsgf(&self) -> String {
        let mut out = String::from("#JSGF V1.0;\ngrammar tiflo;\npublic <utterance> = ");
        let mut first = true;
        for p in &self.phrases {
            if !first {
                out.push_str("\n    | ");
            }
            first = false;
            out.push('(');
            for (i, s) in p.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let alts = s.words.join(" | ");
                if s.optional {
                    let _ = write!(out, "[{alts}]");
                } else if s.words.len() > 1 {
                    let _ = write!(out, "({alts})");
                } else {
                    out.push_str(&alts);
                }
            }
            out.push(')');
        }
        if first {
            out.push_str("<VOID>");
        }
        out.push_str(";\n");
        out
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
    fn jsgf_marks_optional_and_alternative_slots() {
        let j = sample().jsgf();
        assert!(j.contains("(knight (f | foxtrot) three)"), "{j}");
        assert!(j.contains("([pawn] (e | echo) four)"), "{j}");
        assert!(Grammar::default().jsgf().contains("<VOID>"));
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
