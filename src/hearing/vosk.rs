//! The vosk recogniser: offline models per language (`tiflo models`), the
//! main engine where a model is installed.
//!
//! A thin driver over libvosk (the `vosk` crate). A grammar is given to vosk
//! as a list of whole phrases (`Grammar::phrases`), from which vosk builds a
//! bigram language model on the model's lexicon: the phrases' word pairs are
//! likely, any other sequence of the grammar's words is possible but unlikely
//! (tested in `tests/vosk.rs`). So the phrases, not just the words, are what
//! keep the recogniser on the moves. Only models with a dynamic graph
//! (`graph/HCLr.fst` and `graph/Gr.fst`, as the small models have) take a
//! grammar; a model with a compiled `HCLG.fst` is refused.
//!
//! Words the model's vocabulary lacks are left out of the grammar (a phrase
//! that needs one is dropped); a word known only in capitals (the Korean
//! model writes Latin letters as "A") is given in capitals. One vosk
//! recogniser is kept per grammar, the most recent `KEEP`, so the same
//! position or question again costs nothing. Results are the alternatives,
//! best first, in lowercase, without vosk's "[unk]" / "<UNK>".
//!
//! vosk's log (Kaldi's) is silenced unless `TIFLO_DEBUG_ASR` is set.
//!
//! libvosk comes from the `vosk` PyPI wheel (`scripts/setup.sh` installs it
//! in /usr/local/lib); `build.rs` adds that folder to the link and run
//! paths.
//! Without the `vosk` feature the recogniser still exists but cannot be
//! opened: `VoskRecognizer::open` says it is not built in
//! ([`crate::NotBuiltIn`]) and nothing links libvosk.

#[cfg(feature = "vosk")]
use std::collections::{HashMap, VecDeque};
use std::path::Path;
#[cfg(feature = "vosk")]
use std::path::PathBuf;
#[cfg(feature = "vosk")]
use std::sync::Once;

#[cfg(feature = "vosk")]
use crate::hearing::models::check_model_dir;
#[cfg(feature = "vosk")]
use crate::i18n::Said;
use crate::hearing::recognizer::{Grammar, HearError, Recognizer};
#[cfg(feature = "vosk")]
use crate::hearing::recognizer::SAMPLE_RATE;

const ENGINE: &str = "vosk";
#[cfg(feature = "vosk")]
/// How many recognisers (one per grammar) are kept.
const KEEP: usize = 12;
#[cfg(feature = "vosk")]
/// How many alternatives are asked of vosk.
const NBEST: u16 = 5;
/// The most phrases a grammar is written out as.
#[cfg_attr(not(feature = "vosk"), allow(dead_code))]
pub(crate) const PHRASE_LIMIT: usize = 20_000;

#[cfg(feature = "vosk")]
/// A vosk model with its recognisers.
pub struct VoskRecognizer {
    model: vosk::Model,
    path: PathBuf,
    /// phrases (the grammar as vosk takes it) → recogniser
    recognizers: HashMap<Vec<String>, vosk::Recognizer>,
    /// the keys of `recognizers`, oldest first
    order: VecDeque<Vec<String>>,
    /// the phrases of the grammar set now
    current: Option<Vec<String>>,
    /// word → its form in the model's vocabulary, or None
    known: HashMap<String, Option<String>>,
    in_utterance: bool,
    /// the best words of the parts of this utterance that vosk already
    /// ended at a pause of its own
    earlier: Vec<String>,
}

#[cfg(feature = "vosk")]
fn failed(reason: impl Into<String>) -> HearError {
    HearError::Failed { engine: ENGINE, reason: reason.into() }
}

#[cfg(feature = "vosk")]
fn unavailable(reason: Said) -> HearError {
    HearError::Unavailable { engine: ENGINE, reason }
}

#[cfg(feature = "vosk")]
/// Sets vosk's log level once: errors only, everything with `TIFLO_DEBUG_ASR`.
fn quiet() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        if std::env::var_os("TIFLO_DEBUG_ASR").is_some() {
            vosk::set_log_level(vosk::LogLevel::Info);
        } else {
            // Kaldi's errors are reported through our own errors; its
            // warnings (words missing in the vocabulary) are expected.
            vosk::set_log_level(vosk::LogLevel::Error);
        }
    });
}

#[cfg(feature = "vosk")]
impl VoskRecognizer {
    /// Opens the vosk model in folder `model_dir` (with `am/`, `conf/`,
    /// `graph/` and usually `ivector/`); `HearError::Unavailable` when it is
    /// not a vosk model that takes grammars or vosk cannot load it.
    pub fn open(model_dir: &Path) -> Result<VoskRecognizer, HearError> {
        check_model_dir(model_dir).map_err(unavailable)?;
        let text = model_dir
            .to_str()
            .ok_or_else(|| unavailable(Said::new("why-model-path-not-utf8").data("dir", model_dir.display().to_string())))?;
        quiet();
        let model = vosk::Model::new(text)
            .ok_or_else(|| unavailable(Said::new("why-model-not-loaded").data("dir", model_dir.display().to_string())))?;
        Ok(VoskRecognizer {
            model,
            path: model_dir.to_owned(),
            recognizers: HashMap::new(),
            order: VecDeque::new(),
            current: None,
            known: HashMap::new(),
            in_utterance: false,
            earlier: Vec::new(),
        })
    }

    /// The model's folder.
    pub fn model_dir(&self) -> &Path {
        &self.path
    }

    /// The form of `word` in the model's vocabulary: as it is, else in
    /// capitals; `None` when the model does not know it.
    pub fn vocabulary_form(&mut self, word: &str) -> Option<String> {
        if let Some(k) = self.known.get(word) {
            return k.clone();
        }
        let upper = word.to_uppercase();
        let form = if self.model.find_word(word).is_some() {
            Some(word.to_owned())
        } else if upper != word && self.model.find_word(&upper).is_some() {
            Some(upper)
        } else {
            None
        };
        self.known.insert(word.to_owned(), form.clone());
        form
    }

    /// The phrases vosk is given for `grammar`: its words in the model's
    /// vocabulary forms, phrases needing an unknown word left out, sorted.
    pub fn phrases(&mut self, grammar: &Grammar) -> Vec<String> {
        for w in grammar.words() {
            self.vocabulary_form(&w);
        }
        let known = &self.known;
        let restricted = grammar.restricted(|w| known.get(w).is_some_and(Option::is_some));
        let mut out: Vec<String> = restricted
            .phrases(PHRASE_LIMIT)
            .iter()
            .map(|p| {
                p.split_whitespace()
                    .map(|w| known.get(w).cloned().flatten().unwrap_or_else(|| w.to_owned()))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn recognizer(&mut self) -> Result<&mut vosk::Recognizer, HearError> {
        let key = self.current.as_ref().ok_or_else(|| failed("no grammar was set"))?;
        self.recognizers.get_mut(key).ok_or_else(|| failed("the grammar's recogniser is gone"))
    }
}

#[cfg(feature = "vosk")]
impl Recognizer for VoskRecognizer {
    fn engine(&self) -> &'static str {
        ENGINE
    }

    /// No evidence (`Recognizer::evidence`), so nothing vosk hears is sure:
    /// on espeak-ng Korean speech with the test model, 4 of 472 clear,
    /// single readings were another legal move (two words misheard in one
    /// phrase, a piece word lost), so every reading is read back until a
    /// confidence is measured for a vosk model (docs/benchmarks.md).
    fn evidence(&self) -> Option<crate::hearing::recognizer::Evidence> {
        None
    }

    fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearError> {
        if self.in_utterance {
            return Err(failed("the grammar cannot change during an utterance"));
        }
        let phrases = self.phrases(grammar);
        if phrases.is_empty() {
            return Err(HearError::EmptyGrammar { engine: ENGINE });
        }
        if self.recognizers.contains_key(&phrases) {
            // Most recently used last.
            self.order.retain(|k| *k != phrases);
        } else {
            // Phrases are letters and spaces; vosk's crate writes them into
            // a JSON list without escaping, so quotes and backslashes are
            // refused here.
            if phrases.iter().any(|p| p.contains(['"', '\\']) || p.chars().any(char::is_control)) {
                return Err(failed("a grammar phrase holds a quote, a backslash or a control character"));
            }
            let mut rec = vosk::Recognizer::new_with_grammar(&self.model, SAMPLE_RATE as f32, &phrases)
                .ok_or_else(|| failed("vosk could not make a recogniser for the grammar"))?;
            rec.set_max_alternatives(NBEST);
            rec.set_words(false);
            while self.order.len() >= KEEP {
                if let Some(old) = self.order.pop_front() {
                    self.recognizers.remove(&old);
                }
            }
            self.recognizers.insert(phrases.clone(), rec);
        }
        self.order.push_back(phrases.clone());
        self.current = Some(phrases);
        Ok(())
    }

    fn start(&mut self) -> Result<(), HearError> {
        let rec = self.recognizer()?;
        // A recogniser is left clean by `finish` (vosk resets after its
        // final result); a reset here also drops an abandoned utterance.
        rec.reset();
        self.in_utterance = true;
        self.earlier.clear();
        Ok(())
    }

    fn feed(&mut self, pcm: &[i16]) -> Result<(), HearError> {
        if !self.in_utterance {
            return Err(failed("audio fed outside an utterance"));
        }
        let rec = self.recognizer()?;
        let mut ended = Vec::new();
        // vosk takes at most i32::MAX samples a call.
        for chunk in pcm.chunks(1 << 20) {
            match rec.accept_waveform(chunk) {
                Ok(vosk::DecodingState::Failed) => return Err(failed("vosk could not decode the audio")),
                // vosk heard a pause long enough to end an utterance of its
                // own; the caller's utterance goes on, so keep what was said.
                Ok(vosk::DecodingState::Finalized) => ended.extend(texts(rec.result()).into_iter().next().unwrap_or_default()),
                Ok(vosk::DecodingState::Running) => {}
                Err(e) => return Err(failed(e.to_string())),
            }
        }
        self.earlier.extend(ended);
        Ok(())
    }

    fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
        if !self.in_utterance {
            return Err(failed("no utterance was started"));
        }
        self.in_utterance = false;
        let rec = self.recognizer()?;
        let last = texts(rec.final_result());
        let earlier = std::mem::take(&mut self.earlier);
        let mut out: Vec<Vec<String>> = Vec::new();
        for words in last {
            let words: Vec<String> = earlier.iter().cloned().chain(words).collect();
            if !out.contains(&words) {
                out.push(words);
            }
        }
        if out.is_empty() && !earlier.is_empty() {
            out.push(earlier);
        }
        Ok(out)
    }
}

#[cfg(feature = "vosk")]
/// The alternatives of a vosk result, best first: lowercase words without
/// "[unk]" or "<unk>", empty ones and repeats left out.
fn texts(result: vosk::CompleteResult<'_>) -> Vec<Vec<String>> {
    let texts: Vec<&str> = match &result {
        vosk::CompleteResult::Multiple(m) => m.alternatives.iter().map(|a| a.text).collect(),
        vosk::CompleteResult::Single(s) => vec![s.text],
    };
    let mut out: Vec<Vec<String>> = Vec::new();
    for t in texts {
        let words: Vec<String> = t
            .split_whitespace()
            .filter(|w| !w.eq_ignore_ascii_case("[unk]") && !w.eq_ignore_ascii_case("<unk>"))
            .map(str::to_lowercase)
            .collect();
        if !words.is_empty() && !out.contains(&words) {
            out.push(words);
        }
    }
    out
}

#[cfg(all(test, feature = "vosk"))]
mod tests {
    use super::*;

    #[test]
    fn a_folder_that_is_not_a_model_is_unavailable() {
        let dir = tempfile::tempdir().unwrap();
        match VoskRecognizer::open(dir.path()) {
            Err(HearError::Unavailable { engine: "vosk", reason }) => assert!(reason.to_string().contains("am/final.mdl"), "{reason}"),
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("an empty folder opened as a model"),
        }
        match VoskRecognizer::open(&dir.path().join("absent")) {
            Err(HearError::Unavailable { reason, .. }) => assert!(reason.to_string().contains("not a folder"), "{reason}"),
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("a missing folder opened as a model"),
        }
        std::fs::create_dir_all(dir.path().join("am")).unwrap();
        std::fs::create_dir_all(dir.path().join("graph")).unwrap();
        std::fs::write(dir.path().join("am/final.mdl"), b"").unwrap();
        std::fs::write(dir.path().join("graph/HCLG.fst"), b"").unwrap();
        let e = check_model_dir(dir.path()).unwrap_err().to_string();
        assert!(e.contains("HCLG.fst") && e.contains("small model"), "{e}");
    }
}

/// Without the `vosk` feature: a recogniser that cannot be opened (the
/// type has no value, so none of its methods can be reached).
#[cfg(not(feature = "vosk"))]
pub struct VoskRecognizer {
    never: std::convert::Infallible,
}

#[cfg(not(feature = "vosk"))]
impl VoskRecognizer {
    /// Says that vosk is not built in.
    pub fn open(_model_dir: &Path) -> Result<VoskRecognizer, HearError> {
        Err(crate::NotBuiltIn::new("vosk").into())
    }

    /// Never called without the feature: no value of the type exists.
    pub fn model_dir(&self) -> &Path {
        match self.never {}
    }

    /// Never called without the feature: no value of the type exists.
    pub fn vocabulary_form(&mut self, _word: &str) -> Option<String> {
        match self.never {}
    }

    /// Never called without the feature: no value of the type exists.
    pub fn phrases(&mut self, _grammar: &Grammar) -> Vec<String> {
        match self.never {}
    }
}

#[cfg(not(feature = "vosk"))]
impl Recognizer for VoskRecognizer {
    fn engine(&self) -> &'static str {
        ENGINE
    }

    fn set_grammar(&mut self, _grammar: &Grammar) -> Result<(), HearError> {
        match self.never {}
    }

    fn start(&mut self) -> Result<(), HearError> {
        match self.never {}
    }

    fn feed(&mut self, _pcm: &[i16]) -> Result<(), HearError> {
        match self.never {}
    }

    fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
        match self.never {}
    }
}

#[cfg(all(test, not(feature = "vosk")))]
mod absent {
    use super::*;

    #[test]
    fn without_the_feature_vosk_says_it_is_not_built_in() {
        let dir = tempfile::tempdir().unwrap();
        match VoskRecognizer::open(dir.path()) {
            Err(HearError::NotBuiltIn(n)) => assert_eq!(n.feature, "vosk"),
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("vosk opened without the feature"),
        }
        let said = crate::NotBuiltIn::new("vosk").say(&crate::i18n::Texts::pack("es").unwrap());
        assert!(said.contains("vosk") && said.contains("sin"), "{said}");
    }
}
