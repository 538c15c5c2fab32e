//! Whether a spoken move is sure: heard clearly enough to be taken without
//! reading it back. A measured rule, not a belief in the recogniser.
//!
//! Pure. A grammar-bound recogniser (pocketsphinx with the position's
//! JSGF) always ends in some legal phrase, even for speech that was
//! another move or no move at all, so the words alone never make a reading
//! sure. The features ([`Features`]) come from the recogniser itself
//! ([`Evidence`]) and from the understanding:
//!
//! - the understanding accepts one move: the single best reading with its
//!   margin (`Understander::understand`, not an `Ask`);
//! - the posterior of the best reading over the word lattice, and the lowest
//!   posterior of one of its words;
//! - the margin: how far under the best the first n-best alternative lies
//!   that names another legal move (or none);
//! - agreement: a second decoding of the same audio with the free grammar
//!   (`Understander::open_grammar`: every phrase shaped like a move, legal
//!   or not) is understood as the same move.
//!
//! The rule ([`TRAINED`]) asks the understanding's acceptance, the
//! agreement and both posteriors; its thresholds were chosen on the
//! training part of the test corpus only and its curve (utterances decided
//! without a question against wrong records) measured on the held-out part
//! (docs/benchmarks.md, "Confidence: questions against wrong records").
//! The rule in use ([`RULE`], [`WORDS`]) is that rule sure only of a
//! reading whose files are all named by NATO words; it recorded no wrong
//! move on a fresh part of the corpus heard once to decide it.

use shakmaty::{Chess, Move};

use crate::hearing::recognizer::Evidence;
use crate::hearing::understand::{Decision, Understander};

/// What is known of one reading.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// The move the understanding accepts, if it accepts one.
    pub accepted: Option<Move>,
    /// The lattice posterior of the best reading (natural log, 0 certain).
    pub posterior: f32,
    /// The lowest posterior of a word of the best reading (natural log).
    pub word_posterior: f32,
    /// How far (natural log of the score) under the best reading the first
    /// alternative lies that is not understood as the accepted move;
    /// infinite when none is.
    pub margin: f32,
    /// Whether the free grammar's reading is understood as the accepted
    /// move.
    pub agrees: bool,
    /// Whether the best reading or the free one names a file by any word
    /// but its NATO name: a letter or a word of the language's old spelling
    /// alphabet, the words a recogniser confuses most ("b", "d", "e", "g";
    /// "a", "able", "easy"), or a FIDE name, which no measurement holds
    /// (`Understander::names_a_file_by_letter`).
    pub letters: bool,
}

/// The thresholds a reading must reach to be sure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    /// The lowest lattice posterior (natural log).
    pub posterior: f32,
    /// The lowest word posterior (natural log).
    pub word_posterior: f32,
    /// The smallest margin to another move (natural log of the score).
    pub margin: f32,
    /// Whether the free reading must agree.
    pub agreement: bool,
    /// Whether a reading that names a file by a letter (`Features::letters`)
    /// may be sure.
    pub letters: bool,
}

/// The rule chosen on the training part of the corpus
/// (`examples/hearing_bench.rs --curve --split train`): agreement, and both
/// posteriors at least -1 (a probability of 0.37).
///
/// First chosen at -0.5 with the grammar of the moves as tiflo says them
/// (370 utterances: agreement alone let one wrong move through, a
/// promotion to a knight heard for one to a queen at posterior -1.2). With
/// the players' forms in the grammar (two squares alone, captures by
/// pieces) the best path shares its lattice with its twins ("knight g one f
/// three" and "g one f three") and its posterior fell: -0.5 decided 9 of
/// 835 training utterances. -1 decides 103 of them with no wrong record
/// (agreement alone, 147, also none). The n-best margin separated nothing.
///
/// The held-out part's curve had been printed by the hall test before -1
/// was chosen, so its held-out figure (9.6 % decided, no wrong record) is
/// not a clean measurement; -0.5 had let one wrong move through there
/// ("hotel three" heard as "able to a three"). The rule is therefore not
/// in use: see [`RULE`] and docs/benchmarks.md.
pub const TRAINED: Rule = Rule { posterior: -1.0, word_posterior: -1.0, margin: 0.0, agreement: true, letters: true };

/// [`TRAINED`], sure only of a reading whose files are named by their NATO
/// words (in the best reading and the free one), never by a letter or an
/// old spelling-alphabet word (nor by a FIDE name, which the corpus never
/// says, so no measurement holds it): the
/// wrong readings the rules let through, on the training part before the
/// players' forms (a promotion aside) and on the fresh part, were all of
/// letters or such words ("able to a three" for "hotel three", "king easy
/// ate" for "king c six"), and docs/benchmarks.md shows the NATO words
/// heard better on every part. Chosen on that reasoning, before the
/// second fresh part was heard (docs/benchmarks.md, "The confidence rule
/// read on fresh speech").
pub const WORDS: Rule = Rule { letters: false, ..TRAINED };

/// The rule in use: [`WORDS`]. [`TRAINED`] was read once on a fresh part
/// of the corpus heard by nobody before, with the decision written
/// beforehand, and recorded one wrong move there with the model as
/// installed ("king c six" heard as "king easy ate"); [`WORDS`], chosen
/// then by reasoning, was read once on a second fresh part with the same
/// decision and recorded none with either model (docs/benchmarks.md, "The
/// confidence rule read on fresh speech"). A spoken move it is sure of is
/// recorded without a question only under `confirm = "echo"`, which echoes
/// it so that a "no" undoes it; otherwise it is read back as any other.
pub const RULE: Rule = WORDS;

impl Rule {
    /// A rule that is sure of nothing: posteriors are never above 0.
    pub const NEVER: Rule = Rule { posterior: f32::INFINITY, word_posterior: f32::INFINITY, margin: f32::INFINITY, agreement: true, letters: false };

    /// Whether the rule can ever be sure (a finite posterior threshold):
    /// the daemon decodes beside the free grammar only for such a rule.
    pub fn can_be_sure(&self) -> bool {
        self.posterior.is_finite() && self.word_posterior.is_finite()
    }

    /// The move a reading is sure of, if any.
    pub fn sure(&self, f: &Features) -> Option<Move> {
        let m = f.accepted?;
        (f.posterior >= self.posterior
            && f.word_posterior >= self.word_posterior
            && f.margin >= self.margin
            && (f.agrees || !self.agreement)
            && (!f.letters || self.letters))
            .then_some(m)
    }
}

/// The move a single reading is understood as, when it is accepted.
fn accepted_move(u: &Understander, pos: &Chess, heard: &[Vec<String>]) -> Option<Move> {
    match u.understand(pos, heard) {
        Decision::Accept(m) => Some(m),
        _ => None,
    }
}

/// The features of a reading: `heard` the recogniser's alternatives (best
/// first, as `Hearing::interpret` gets them), `evidence` what it measured.
pub fn features(u: &Understander, pos: &Chess, heard: &[Vec<String>], evidence: &Evidence) -> Features {
    let accepted = accepted_move(u, pos, heard);
    let margin = match accepted {
        None => 0.0,
        Some(m) => evidence
            .alternatives
            .iter()
            .skip(1)
            .find(|(words, _)| accepted_move(u, pos, std::slice::from_ref(words)) != Some(m))
            .map_or(f32::INFINITY, |(_, below)| *below),
    };
    // The free reading agrees when the understanding accepts it as the
    // same move. (Taking the move it reads best, even where the
    // understanding would ask, decided more on the training part but let
    // five wrong moves through, one at a posterior of -0.02.)
    let agrees = match (accepted, &evidence.free) {
        (Some(m), Some(free)) if !free.is_empty() => accepted_move(u, pos, std::slice::from_ref(free)) == Some(m),
        _ => false,
    };
    // The free reading too: "king echo eight" read by the grammar and
    // "king easy ate" by the free one agree on the move, and the letter
    // of the one is as unsure as the other's.
    let letters = heard.first().is_some_and(|best| u.names_a_file_by_letter(best))
        || evidence.free.as_ref().is_some_and(|free| u.names_a_file_by_letter(free));
    Features { accepted, posterior: evidence.posterior, word_posterior: evidence.word_posterior, margin, agrees, letters }
}

/// The move `heard` is sure of under the rule in use ([`RULE`]), if any.
pub fn sure(u: &Understander, pos: &Chess, heard: &[Vec<String>], evidence: &Evidence) -> Option<Move> {
    RULE.sure(&features(u, pos, heard, evidence))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;
    use shakmaty::uci::UciMove;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    fn clear(best: &str, free: &str) -> (Vec<Vec<String>>, Evidence) {
        let heard = vec![words(best)];
        let evidence = Evidence {
            posterior: -0.001,
            word_posterior: -0.002,
            alternatives: vec![(words(best), 0.0), (words(&format!("pawn {best}")), 0.5), (words("delta four"), 9.0)],
            free: Some(words(free)),
        };
        (heard, evidence)
    }

    #[test]
    fn only_a_rule_with_thresholds_can_be_sure() {
        assert!(!Rule::NEVER.can_be_sure());
        assert!(TRAINED.can_be_sure());
    }

    #[test]
    fn a_clear_reading_the_free_grammar_agrees_with_is_sure() {
        let u = Understander::new("en").unwrap();
        let p = Chess::default();
        let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        let (heard, ev) = clear("echo four", "pawn echo four");
        let f = features(&u, &p, &heard, &ev);
        assert_eq!(f.accepted, Some(e4));
        assert!(f.agrees);
        // "pawn echo four" is the same move: the margin is to "delta four".
        assert_eq!(f.margin, 9.0);
        assert_eq!(TRAINED.sure(&features(&u, &p, &heard, &ev)), Some(e4));
    }

    #[test]
    fn each_feature_alone_makes_a_reading_unsure() {
        let u = Understander::new("en").unwrap();
        let p = Chess::default();
        let (heard, ev) = clear("echo four", "echo four");
        assert!(TRAINED.sure(&features(&u, &p, &heard, &ev)).is_some());
        // The free grammar heard another move, or nothing, or was not run.
        for free in [Some(words("knight echo four")), Some(words("bravo four")), Some(Vec::new()), None] {
            let ev = Evidence { free: free.clone(), ..ev.clone() };
            assert_eq!(TRAINED.sure(&features(&u, &p, &heard, &ev)), None, "{free:?}");
        }
        // A low posterior, of the reading or of one of its words.
        assert_eq!(TRAINED.sure(&features(&u, &p, &heard, &Evidence { posterior: TRAINED.posterior * 2.0, ..ev.clone() })), None);
        assert_eq!(TRAINED.sure(&features(&u, &p, &heard, &Evidence { word_posterior: TRAINED.word_posterior * 2.0, ..ev.clone() })), None);
        // Another move close under the best, under a rule that asks a margin.
        let strict = Rule { margin: 2.0, ..TRAINED };
        let close = Evidence { alternatives: vec![(words("echo four"), 0.0), (words("echo three"), 1.0)], ..ev.clone() };
        assert_eq!(features(&u, &p, &heard, &close).margin, 1.0);
        assert_eq!(strict.sure(&features(&u, &p, &heard, &close)), None);
        assert!(strict.sure(&features(&u, &p, &heard, &ev)).is_some());
        // The only alternative is the best: no other move at all.
        let alone = Evidence { alternatives: vec![(words("echo four"), 0.0)], ..ev.clone() };
        assert!(features(&u, &p, &heard, &alone).margin.is_infinite());
        assert!(TRAINED.sure(&features(&u, &p, &heard, &alone)).is_some());
        // What the understanding asks about is never sure, whatever the scores.
        let (heard, ev) = clear("queen h eight", "queen h eight");
        assert_eq!(features(&u, &p, &heard, &ev).accepted, None);
        assert_eq!(TRAINED.sure(&features(&u, &p, &heard, &ev)), None);
    }

    #[test]
    fn a_file_named_by_its_letter_or_an_old_spelling_word_is_told() {
        let u = Understander::new("en").unwrap();
        let p = Chess::default();
        for (said, letters) in [
            ("echo four", false),
            ("pawn echo two echo four", false),
            ("knight golf one foxtrot three", false),
            ("e four", true),
            ("ay three", true),
            ("knight f three", true),
            ("able three", true),
            ("knight golf one f three", true),
            ("eva four", true),
            ("castles", false),
        ] {
            let (heard, ev) = clear(said, said);
            assert_eq!(features(&u, &p, &heard, &ev).letters, letters, "{said}");
        }
        // An old spelling-alphabet word in the free reading alone counts
        // too ("easy four", as the fresh part's "king easy ate", is
        // understood as the same move, so the readings agree).
        let (heard, ev) = clear("echo four", "easy four");
        let f = features(&u, &p, &heard, &ev);
        assert!(f.agrees && f.letters);
        assert_eq!(WORDS.sure(&f), None);
        assert!(TRAINED.sure(&f).is_some());
    }

    #[test]
    fn the_rule_compares_at_its_thresholds() {
        let f = Features {
            accepted: Some(Chess::default().legal_moves()[0]),
            posterior: TRAINED.posterior,
            word_posterior: TRAINED.word_posterior,
            margin: TRAINED.margin,
            agrees: true,
            letters: false,
        };
        assert!(TRAINED.sure(&f).is_some());
        let strict = Rule { margin: 2.0, ..TRAINED };
        assert!(strict.sure(&Features { margin: 2.0, ..f.clone() }).is_some());
        assert!(strict.sure(&Features { margin: 1.99, ..f.clone() }).is_none());
        assert!(TRAINED.sure(&Features { posterior: TRAINED.posterior - 0.01, ..f.clone() }).is_none());
        assert!(TRAINED.sure(&Features { word_posterior: TRAINED.word_posterior - 0.01, ..f.clone() }).is_none());
        assert!(TRAINED.sure(&Features { agrees: false, ..f.clone() }).is_none());
        assert!(Rule { agreement: false, ..TRAINED }.sure(&Features { agrees: false, ..f.clone() }).is_some());
        assert!(TRAINED.sure(&Features { accepted: None, ..f.clone() }).is_none());
        // A file said by its letter: sure under the trained rule, not under WORDS.
        assert!(TRAINED.sure(&Features { letters: true, ..f.clone() }).is_some());
        assert!(WORDS.sure(&Features { letters: true, ..f.clone() }).is_none());
        assert!(WORDS.sure(&f).is_some());
        // A rule that is sure of nothing, however clear the reading.
        assert!(Rule::NEVER.sure(&Features { posterior: 0.0, word_posterior: 0.0, margin: f32::INFINITY, ..f }).is_none());
        let u = Understander::new("en").unwrap();
        let (heard, ev) = clear("echo four", "echo four");
        assert_eq!(sure(&u, &Chess::default(), &heard, &ev), RULE.sure(&features(&u, &Chess::default(), &heard, &ev)));
    }
}
