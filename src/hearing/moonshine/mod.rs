//! The Moonshine recogniser: a neural encoder-decoder (Moonshine tiny
//! English, Useful Sensors, MIT) that only chooses among the phrases of the
//! grammar, for English in a noisy hall.
//!
//! How it hears: the utterance is encoded once; the decoder then scores the
//! grammar's phrases, each written as Moonshine writes ("knight g one f
//! three" is `Knight G1 F3.`, [`written`]) and cut into the model's tokens
//! ([`Tokenizer`]), by a beam search over the token trie of all of them
//! ([`Trie`], [`search`]): the phrases that share a beginning share its
//! scoring, and only the best `BEAM` beginnings of each length go on. A
//! phrase's score is the mean log-probability of its tokens and of the end;
//! the alternatives are the best phrase and those within [`CLOSE`] of it,
//! in the grammar's own words, for the understanding to read as any
//! recogniser's. Nothing is free-decoded:
//! the list of phrases is what makes it hear in babble.
//!
//! What it measures ([`Recognizer::evidence`], `Measure::Tokens`): the
//! best phrase's mean token log-probability and its lowest one, the phrases
//! under it with how far (for the margin to another move), and, when asked
//! (`Recognizer::set_free_grammar`), the decoder's own transcript bound to
//! no phrase ([`greedy`]). `confidence::TOKENS` decides from them whether a
//! move is taken without a question. An utterance whose best phrase scores
//! under [`REJECT`] (talk that is no phrase of the grammar) is heard as
//! nothing.
//!
//! Pure: the tokenizer, the written form, the trie, the search and the
//! free transcript ([`search`], tested there with a made-up decoder). The driver, here,
//! with the `moonshine` feature:
//! ONNX Runtime, loaded at run time from the model's folder (`FOLDER`,
//! installed by `scripts/moonshine-model.sh` from the package registries),
//! runs the model; without the feature, opening says it is not built in.

#[cfg(feature = "moonshine")]
use std::collections::{HashMap, VecDeque};
use std::path::Path;
#[cfg(feature = "moonshine")]
use std::sync::Arc;

use crate::hearing::recognizer::{Evidence, Grammar, HearError, Measure, Recognizer};
#[cfg(feature = "moonshine")]
use search::{Feed, Logits, Scored, Spelling, Tokenizer, Trie, greedy, search, written};

pub(crate) mod search;

/// The engine's name.
pub const ENGINE: &str = "moonshine";
/// The folder, in a models folder, with the model, its tokenizer and ONNX
/// Runtime.
pub const FOLDER: &str = "moonshine-tiny-en";
/// How many beginnings of phrases of each length the search keeps. Set
/// before measuring; on the training part, 8 lost 5 points clean and 10 in
/// babble at 10 dB, and 32 gained 0 to 5 for half as long again
/// (docs/benchmarks.md).
#[cfg_attr(not(feature = "moonshine"), allow(dead_code))]
pub(crate) const BEAM: usize = 16;
/// The lowest mean log-probability of a best phrase still heard: under it,
/// the utterance is taken for talk that is no phrase of the grammar.
/// Chosen on the hall corpus's training part (docs/benchmarks.md): it
/// drops 3 of its 307 utterances over speech and keeps 7 of the 68 in the
/// babble alone.
pub const REJECT: f32 = -4.0;
/// How far under the best phrase's score another phrase is still given as
/// an alternative (a numbered question when it is another move). Chosen
/// on the training part: within it, a second phrase in 25 % of the
/// utterances over speech (57 % within 1.0).
pub const CLOSE: f32 = 0.5;
/// How many alternatives the evidence keeps (for the margin to another
/// move).
#[cfg_attr(not(feature = "moonshine"), allow(dead_code))]
const EVIDENCE_ALTERNATIVES: usize = 40;
/// How many alternatives `finish` gives.
#[cfg_attr(not(feature = "moonshine"), allow(dead_code))]
const ALTERNATIVES: usize = 5;

/// The files of a [`FOLDER`]: the model, its tokenizer and ONNX Runtime.
const FILES: [&str; 4] = ["encoder_model.onnx", "decoder_model_merged.onnx", "tokenizer.json", "libonnxruntime.so"];

/// Whether the Moonshine model is installed in `dir` (a [`FOLDER`]).
pub fn installed(dir: &Path) -> bool {
    FILES.iter().all(|f| dir.join(f).is_file())
}

/// The model's folder in the first of `dirs` that has it installed.
pub fn find_in(dirs: &[std::path::PathBuf]) -> Option<std::path::PathBuf> {
    dirs.iter().map(|d| d.join(FOLDER)).find(|d| installed(d))
}

/// The folder to hear with: `given` by hand, else the installed one in
/// `dirs`, else where it would be in the last of them (opening it then
/// says what is missing and the script that installs it).
pub fn folder(given: Option<&Path>, dirs: &[std::path::PathBuf]) -> std::path::PathBuf {
    given
        .map(Path::to_path_buf)
        .or_else(|| find_in(dirs))
        .unwrap_or_else(|| dirs.last().cloned().unwrap_or_default().join(FOLDER))
}

/// A grammar made ready: its phrases in words and their trie.
#[cfg(feature = "moonshine")]
struct Prepared {
    phrases: Vec<Vec<String>>,
    trie: Trie,
}

/// The Moonshine recogniser (see the module's documentation).
#[cfg(feature = "moonshine")]
pub struct Moonshine {
    encoder: ort::session::Session,
    decoder: ort::session::Session,
    tokenizer: Tokenizer,
    /// the English words as the understanding compares them
    understander: crate::hearing::understand::Understander,
    dims: Dims,
    /// the grammars made ready, the most recent last
    grammars: VecDeque<(Grammar, Arc<Prepared>)>,
    current: Option<Arc<Prepared>>,
    audio: Vec<f32>,
    /// whether the decoder's own transcript is made beside the phrases'
    /// scores (`Recognizer::set_free_grammar`), for the confidence
    free: bool,
    /// what was measured of the last utterance
    evidence: Option<Evidence>,
    /// the reading guessed at a pause, while nothing more is fed
    guessed: Option<driver::Guessed>,
}

/// The sizes of the model, read from its inputs.
#[cfg(feature = "moonshine")]
#[derive(Clone, Copy, Debug)]
struct Dims {
    layers: usize,
    heads: usize,
    head: usize,
    hidden: usize,
}

/// The recogniser when this build has no Moonshine (the feature is off).
#[cfg(not(feature = "moonshine"))]
pub struct Moonshine(());

#[cfg(not(feature = "moonshine"))]
impl Moonshine {
    /// Says that this build has no Moonshine recogniser.
    pub fn open(_dir: &Path) -> Result<Moonshine, HearError> {
        Err(HearError::NotBuiltIn(crate::NotBuiltIn::new("moonshine")))
    }
}

#[cfg(not(feature = "moonshine"))]
impl Recognizer for Moonshine {
    fn engine(&self) -> &'static str {
        ENGINE
    }
    fn set_grammar(&mut self, _grammar: &Grammar) -> Result<(), HearError> {
        Ok(())
    }
    fn start(&mut self) -> Result<(), HearError> {
        Ok(())
    }
    fn feed(&mut self, _pcm: &[i16]) -> Result<(), HearError> {
        Ok(())
    }
    fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
        Ok(Vec::new())
    }
}

#[cfg(feature = "moonshine")]
mod driver {
    use std::path::Path;
    use std::sync::{Arc, OnceLock};

    use ort::session::Session;
    use ort::value::{DynValue, Tensor};

    use super::*;
    use crate::i18n::Said;
    use crate::hearing::recognizer::Slot;

    /// How many recent grammars are kept ready.
    const KEEP: usize = 12;
    /// The most nodes a grammar's trie gets.
    const NODE_LIMIT: usize = 2_000_000;

    /// A trie being built.
    struct Build {
        trie: Trie,
        phrases: Vec<Vec<String>>,
        /// (written word, with the full stop) → its tokens
        tokens: HashMap<(String, bool), Vec<u32>>,
        /// the spoken words of the phrase so far
        said: Vec<String>,
    }

    impl Build {
        fn tokens_of(&mut self, tokenizer: &Tokenizer, word: &str, last: bool) -> &[u32] {
            self.tokens
                .entry((word.to_owned(), last))
                .or_insert_with(|| tokenizer.encode(&if last { format!("{word}.") } else { word.to_owned() }))
        }
    }

    fn failed(e: impl std::fmt::Display) -> HearError {
        HearError::Failed { engine: ENGINE, reason: e.to_string() }
    }

    /// ONNX Runtime, loaded once a process from the first folder asked.
    fn environment(lib: &Path) -> Result<ort::environment::Environment, HearError> {
        static ENV: OnceLock<Result<ort::environment::Environment, String>> = OnceLock::new();
        ENV.get_or_init(|| {
            let env = ort::init_from(lib).map_err(|e| e.to_string())?.build().map_err(|e| e.to_string())?;
            // Its warnings are for developers, not the player.
            env.set_log_level(ort::logging::LogLevel::Error);
            Ok(env)
        })
        .clone()
        .map_err(|e| HearError::Unavailable {
            engine: ENGINE,
            reason: Said::new("why-model-not-loaded").data("dir", format!("{} ({e})", lib.display())),
        })
    }

    fn session(env: &ort::environment::Environment, file: &Path) -> Result<Session, HearError> {
        let refused = |e: String| HearError::Unavailable {
            engine: ENGINE,
            reason: Said::new("why-model-not-loaded").data("dir", format!("{} ({e})", file.display())),
        };
        let open = || -> Result<Session, String> {
            Session::builder(env)
                .map_err(|e| e.to_string())?
                // One thread: as fast as two for these small steps (measured
                // on two cores), and the other core stays the daemon's.
                .with_intra_threads(1)
                .map_err(|e| e.to_string())?
                // The 8-bit weights are made floating point once, at
                // loading, not at every step.
                .with_quant_qdq(false)
                .map_err(|e| e.to_string())?
                .commit_from_file(file)
                .map_err(|e| e.to_string())
        };
        open().map_err(refused)
    }

    fn tensor<T: ort::value::PrimitiveTensorElementType + std::fmt::Debug + Clone + 'static>(
        shape: &[usize],
        data: Vec<T>,
    ) -> Result<DynValue, HearError> {
        Tensor::from_array((shape.to_vec(), data)).map(|t| t.into_dyn()).map_err(failed)
    }

    impl Moonshine {
        /// Opens the model in `dir` (a [`FOLDER`]).
        pub fn open(dir: &Path) -> Result<Moonshine, HearError> {
            for f in FILES {
                let p = dir.join(f);
                if !p.is_file() {
                    return Err(HearError::Unavailable {
                        engine: ENGINE,
                        reason: Said::new("why-hear-missing-script")
                            .data("path", p.display().to_string())
                            .data("script", "scripts/moonshine-model.sh"),
                    });
                }
            }
            let env = environment(&dir.join("libonnxruntime.so"))?;
            let encoder = session(&env, &dir.join("encoder_model.onnx"))?;
            let decoder = session(&env, &dir.join("decoder_model_merged.onnx"))?;
            let text = std::fs::read_to_string(dir.join("tokenizer.json")).map_err(|e| HearError::Unavailable {
                engine: ENGINE,
                reason: Said::new("why-model-not-loaded").data("dir", format!("{} ({e})", dir.display())),
            })?;
            let tokenizer = Tokenizer::from_json(&text).map_err(|e| HearError::Unavailable {
                engine: ENGINE,
                reason: Said::new("why-model-not-loaded").data("dir", format!("{} ({e})", dir.display())),
            })?;
            let dims = dims(&encoder, &decoder)?;
            let understander = crate::hearing::understand::Understander::new("en").ok_or(HearError::Unavailable {
                engine: ENGINE,
                reason: Said::new("why-hear-no-words").data("lang", "en"),
            })?;
            Ok(Moonshine { encoder, decoder, tokenizer, understander, dims, grammars: VecDeque::new(), current: None, audio: Vec::new(), free: false, evidence: None, guessed: None })
        }

        fn prepare(&self, grammar: &Grammar) -> Prepared {
            let mut build = Build { trie: Trie::default(), phrases: Vec::new(), tokens: HashMap::new(), said: Vec::new() };
            for phrase in &grammar.phrases {
                // Entries of a slot the understanding reads alike are one
                // for Moonshine, written as the understanding's own word
                // ("by", "captures", "x" as "takes"; "night" as "knight"),
                // but for those with a rank's word, whose written form
                // decides ("be for" and "b four" are `B4`; "to" stays "to").
                // Of entries written alike, the phrase keeps the first,
                // which the understanding then reads: the understanding's
                // own words go first ("four" before "for", "f" before
                // "ef"), so that a phrase is read as plainly as it is
                // written.
                let slots: Vec<Slot> = phrase
                    .iter()
                    .map(|slot| {
                        let mut seen = std::collections::HashSet::new();
                        let mut entries: Vec<String> = slot.words.iter().map(|w| self.canonical_entry(w)).collect();
                        entries.sort_by_key(|e| self.plainness(e));
                        let words = entries
                            .into_iter()
                            .filter(|w| seen.insert(self.written(&w.split_whitespace().map(str::to_owned).collect::<Vec<_>>())))
                            .collect();
                        Slot { words, optional: slot.optional }
                    })
                    .collect();
                self.walk(&slots, 0, &mut build);
                if build.trie.len() > NODE_LIMIT {
                    break;
                }
            }
            Prepared { trie: build.trie, phrases: build.phrases }
        }

        /// Adds to `build` every phrase `slots` can be, after the node
        /// `at` and the words `build.said` (written word by word, as
        /// Moonshine's tokens never join two words; the full stop with
        /// the last one).
        fn walk(&self, slots: &[Slot], at: usize, build: &mut Build) {
            let Some((slot, rest)) = slots.split_first() else { return };
            if slot.optional {
                // (a phrase ending before this slot was added with the
                // slot before it)
                self.walk(rest, at, build);
            }
            let last_possible = rest.iter().all(|s| s.optional);
            for entry in &slot.words {
                let spoken: Vec<&str> = entry.split_whitespace().collect();
                if spoken.is_empty() {
                    continue;
                }
                let first = build.said.is_empty();
                let written = self.written_words(&spoken, first);
                let depth = build.said.len();
                build.said.extend(spoken.iter().map(|w| (*w).to_owned()));
                // As a middle part of the phrase.
                if !rest.is_empty() {
                    let mut node = at;
                    for w in &written {
                        for t in build.tokens_of(&self.tokenizer, w, false).to_vec() {
                            node = build.trie.child(node, t);
                        }
                    }
                    self.walk(rest, node, build);
                }
                // As its end.
                if last_possible {
                    let mut node = at;
                    let n = written.len();
                    for (i, w) in written.iter().enumerate() {
                        for t in build.tokens_of(&self.tokenizer, w, i + 1 == n).to_vec() {
                            node = build.trie.child(node, t);
                        }
                    }
                    if build.trie.end(node, build.phrases.len()) {
                        build.phrases.push(build.said.clone());
                    }
                }
                build.said.truncate(depth);
            }
        }

        /// A slot entry's words as Moonshine writes them, the first of the
        /// phrase with a capital.
        fn written_words(&self, spoken: &[&str], first: bool) -> Vec<String> {
            let mut text = self.written(&spoken.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>());
            text.pop(); // the full stop
            if !first {
                // `written` gives the phrase's first letter a capital; a
                // square keeps its own.
                let keep = spoken.first().is_some_and(|w| self.understander.file_of(w).is_some() && self.understander.canonical_words(w).first().is_some_and(|c| c.len() == 1));
                if !keep {
                    text = text.chars().take(1).flat_map(char::to_lowercase).chain(text.chars().skip(1)).collect();
                }
            }
            text.split(' ').map(str::to_owned).collect()
        }

        /// How far an entry is from the understanding's plainest words: how
        /// many of its words are another's sound-alike, or a rank's word
        /// other than its first ("for" for "four", "to" for "two").
        fn plainness(&self, entry: &str) -> usize {
            let u = &self.understander;
            entry
                .split_whitespace()
                .filter(|w| {
                    let rank_word = u.rank_of(w).map(|r| u.rank_words(r).first().is_some_and(|f| f == w));
                    rank_word == Some(false) || u.canonical_words(w).first().is_some_and(|c| c != w)
                })
                .count()
        }

        /// A slot's entry in the understanding's own words ("captures" as
        /// "takes", "e for" as "e four"), but for a rank's word that is not
        /// a square's ("to" stays "to": it is written so, where "two" is
        /// `2`).
        fn canonical_entry(&self, entry: &str) -> String {
            let u = &self.understander;
            let words: Vec<&str> = entry.split_whitespace().collect();
            if words.iter().all(|w| u.rank_of(w).is_none()) {
                let canonical = u.canonical_words(entry);
                return if canonical.is_empty() { entry.to_owned() } else { canonical.join(" ") };
            }
            let mut out: Vec<String> = Vec::with_capacity(words.len());
            for (i, w) in words.iter().enumerate() {
                let square = i > 0 && u.file_of(words[i - 1]).is_some();
                let canonical = u.canonical_words(w);
                if (u.rank_of(w).is_some() && !square) || canonical.len() != 1 {
                    out.push((*w).to_owned());
                } else {
                    out.extend(canonical);
                }
            }
            out.join(" ")
        }

        /// A phrase in the pack's words as Moonshine writes it.
        fn written(&self, words: &[String]) -> String {
            let u = &self.understander;
            let letter = |w: &str| {
                let c = u.canonical_words(w).into_iter().next().unwrap_or_default();
                (c.len() == 1 && u.file_of(&c).is_some()).then(|| c.chars().next()).flatten()
            };
            let file = |w: &str| u.file_of(w).is_some();
            let rank = |w: &str| u.rank_of(w);
            written(&words.iter().map(String::as_str).collect::<Vec<_>>(), &Spelling { letter: &letter, file: &file, rank: &rank })
        }

        /// The encoder's output for the utterance: (frames, values).
        fn encode(&mut self) -> Result<(usize, Vec<f32>), HearError> {
            let audio = self.audio.clone();
            let n = audio.len();
            let out = self.encoder.run(vec![("input_values".to_owned(), tensor(&[1, n], audio)?)]).map_err(failed)?;
            let (shape, values) = out["last_hidden_state"].try_extract_tensor::<f32>().map_err(failed)?;
            Ok((shape.get(1).copied().unwrap_or(0).max(0) as usize, values.to_vec()))
        }

        /// Scores the phrases of `prepared` on the encoded utterance; with
        /// `free`, also the decoder's own transcript of it (its tokens).
        fn score(&mut self, prepared: &Prepared, frames: usize, hidden: Vec<f32>, free: bool) -> Result<(Vec<Scored>, Option<Vec<u32>>), HearError> {
            let dims = self.dims;
            let decoder = &mut self.decoder;
            let mut state = Decoding::default();
            let mut first = Some(hidden);
            // The state and logits after the start token, which the free
            // transcript goes on from.
            let mut start: Option<(Vec<Vec<f32>>, Logits)> = None;
            let scored = search(&prepared.trie, BEAM, |feeds: &[Feed]| -> Result<Logits, HearError> {
                let logits = state.step(decoder, dims, feeds, first.take().map(|h| (frames, h)))?;
                if free && start.is_none() {
                    start = Some((state.own.clone(), Logits { values: logits.values.clone(), width: logits.width }));
                }
                Ok(logits)
            })?;
            let transcript = match start {
                Some((own, logits)) => {
                    let mut alone = Decoding { cross: std::mem::take(&mut state.cross), own, length: 1 };
                    Some(greedy(logits, FREE_TOKENS, |t| alone.step(decoder, dims, &[Feed { from: 0, token: t }], None))?)
                }
                None => None,
            };
            Ok((scored, transcript))
        }
    }

    /// The most tokens of a free transcript: more than the longest move.
    const FREE_TOKENS: usize = 24;

    /// A decoding under way: the encoder's keys and values (from the first
    /// step) and the decoder's own, a row per beginning of phrase.
    #[derive(Default)]
    struct Decoding {
        cross: Vec<Vec<f32>>,
        own: Vec<Vec<f32>>,
        length: usize,
    }

    impl Decoding {
        /// One decoder step over the rows `feeds` (the first step: one
        /// row, with the encoder's output `first`, frames and values).
        fn step(&mut self, decoder: &mut Session, dims: Dims, feeds: &[Feed], first: Option<(usize, Vec<f32>)>) -> Result<Logits, HearError> {
            let Dims { layers, heads, head, hidden: width } = dims;
            let b = feeds.len();
            let ids: Vec<i64> = feeds.iter().map(|f| i64::from(f.token)).collect();
            let mut inputs: Vec<(String, DynValue)> = vec![("input_ids".to_owned(), tensor(&[b, 1], ids)?)];
            if let Some((frames, h)) = first {
                inputs.push(("encoder_hidden_states".to_owned(), tensor(&[1, frames, width], h)?));
                inputs.push(("use_cache_branch".to_owned(), tensor(&[1], vec![false])?));
                for l in 0..layers {
                    for part in ["decoder", "encoder"] {
                        for kv in ["key", "value"] {
                            inputs.push((format!("past_key_values.{l}.{part}.{kv}"), tensor(&[0, heads, 1, head], Vec::<f32>::new())?));
                        }
                    }
                }
            } else {
                inputs.push(("encoder_hidden_states".to_owned(), tensor(&[1, 1, width], vec![0.0f32; width])?));
                inputs.push(("use_cache_branch".to_owned(), tensor(&[1], vec![true])?));
                let per = heads * self.length * head;
                let frames = self.cross.first().map_or(0, |c| c.len() / (heads * head).max(1));
                for l in 0..layers {
                    for (k, kv) in ["key", "value"].iter().enumerate() {
                        let from = &self.own[l * 2 + k];
                        let mut rows = Vec::with_capacity(b * per);
                        for f in feeds {
                            rows.extend_from_slice(&from[f.from * per..(f.from + 1) * per]);
                        }
                        inputs.push((format!("past_key_values.{l}.decoder.{kv}"), tensor(&[b, heads, self.length, head], rows)?));
                    }
                    for (k, kv) in ["key", "value"].iter().enumerate() {
                        // One copy for every row: the batch is broadcast.
                        inputs.push((format!("past_key_values.{l}.encoder.{kv}"), tensor(&[1, heads, frames, head], self.cross[l * 2 + k].clone())?));
                    }
                }
            }
            let out = decoder.run(inputs).map_err(failed)?;
            let firsts = self.cross.is_empty();
            self.own.clear();
            for l in 0..layers {
                for kv in ["key", "value"] {
                    self.own.push(out[format!("present.{l}.decoder.{kv}").as_str()].try_extract_tensor::<f32>().map_err(failed)?.1.to_vec());
                    if firsts {
                        self.cross.push(out[format!("present.{l}.encoder.{kv}").as_str()].try_extract_tensor::<f32>().map_err(failed)?.1.to_vec());
                    }
                }
            }
            self.length += 1;
            let (shape, values) = out["logits"].try_extract_tensor::<f32>().map_err(failed)?;
            let width = shape.last().copied().unwrap_or(0).max(0) as usize;
            Ok(Logits { values: values.to_vec(), width })
        }
    }

    /// The model's sizes, from the decoder's inputs and the encoder's
    /// output.
    fn dims(encoder: &Session, decoder: &Session) -> Result<Dims, HearError> {
        let bad = || HearError::Unavailable { engine: ENGINE, reason: Said::new("why-hear-config-refused") };
        let layers = decoder.inputs().iter().filter(|i| i.name().ends_with(".decoder.key")).count();
        let kv = decoder
            .inputs()
            .iter()
            .find(|i| i.name() == "past_key_values.0.decoder.key")
            .and_then(|i| i.dtype().tensor_shape().map(|s| s.to_vec()))
            .ok_or_else(bad)?;
        let hidden = encoder.outputs().first().and_then(|o| o.dtype().tensor_shape().map(|s| s.to_vec())).ok_or_else(bad)?;
        let positive = |v: Option<&i64>| v.copied().filter(|&x| x > 0).map(|x| x as usize).ok_or_else(bad);
        Ok(Dims { layers, heads: positive(kv.get(1))?, head: positive(kv.get(3))?, hidden: positive(hidden.get(2))? })
    }

    impl Recognizer for Moonshine {
        fn engine(&self) -> &'static str {
            ENGINE
        }

        fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearError> {
            if let Some(i) = self.grammars.iter().position(|(g, _)| g == grammar) {
                let kept = self.grammars.remove(i).expect("the position is in the list");
                self.current = Some(kept.1.clone());
                self.grammars.push_back(kept);
                return Ok(());
            }
            let prepared = Arc::new(self.prepare(grammar));
            if prepared.phrases.is_empty() {
                return Err(HearError::EmptyGrammar { engine: ENGINE });
            }
            if self.grammars.len() >= KEEP {
                self.grammars.pop_front();
            }
            self.grammars.push_back((grammar.clone(), prepared.clone()));
            self.current = Some(prepared);
            Ok(())
        }

        fn start(&mut self) -> Result<(), HearError> {
            self.audio.clear();
            self.evidence = None;
            self.guessed = None;
            Ok(())
        }

        fn evidence(&self) -> Option<Evidence> {
            self.evidence.clone()
        }

        fn measure(&self) -> Measure {
            Measure::Tokens
        }

        /// Turns on the free transcript: the decoder's own, bound to no
        /// grammar (so `grammar` itself is not used).
        fn set_free_grammar(&mut self, _grammar: &Grammar) -> Result<(), HearError> {
            self.free = true;
            Ok(())
        }

        fn feed(&mut self, pcm: &[i16]) -> Result<(), HearError> {
            if !pcm.is_empty() {
                self.guessed = None;
            }
            self.audio.extend(pcm.iter().map(|&s| f32::from(s) / 32768.0));
            Ok(())
        }

        fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
            self.evidence = None;
            // Guessed at a pause, and nothing fed since: that reading.
            if let Some(guessed) = self.guessed.take() {
                self.audio.clear();
                self.evidence = guessed.evidence;
                return Ok(guessed.heard);
            }
            let (heard, evidence) = self.decode()?;
            self.audio.clear();
            self.evidence = evidence;
            Ok(heard)
        }

        fn guess(&mut self) -> Result<bool, HearError> {
            let (heard, evidence) = self.decode()?;
            self.guessed = Some(Guessed { heard, evidence });
            Ok(true)
        }
    }

    /// A reading guessed at a pause (`Recognizer::guess`).
    pub(super) struct Guessed {
        heard: Vec<Vec<String>>,
        evidence: Option<Evidence>,
    }

    impl Moonshine {
        /// The reading of the audio fed so far, and what was measured of it.
        fn decode(&mut self) -> Result<(Vec<Vec<String>>, Option<Evidence>), HearError> {
            let Some(prepared) = self.current.clone() else {
                return Err(HearError::EmptyGrammar { engine: ENGINE });
            };
            // Under a tenth of a second is no phrase (and too short for the
            // encoder).
            if self.audio.len() < crate::hearing::recognizer::SAMPLE_RATE as usize / 10 {
                return Ok((Vec::new(), None));
            }
            let (frames, hidden) = self.encode()?;
            if frames == 0 {
                return Ok((Vec::new(), None));
            }
            let (scored, transcript) = self.score(&prepared, frames, hidden, self.free)?;
            // As the understanding reads typed text: `Knight G1 F3.` is
            // "knight g 1 f 3", its digits ranks.
            let free = transcript.map(|t| crate::hearing::understand::words(&self.tokenizer.decode(&t)));
            if std::env::var_os("TIFLO_DEBUG_ASR").is_some() {
                for s in scored.iter().take(8) {
                    eprintln!("moonshine: {:.3} (lowest {:.3}) {}", s.mean, s.lowest, prepared.phrases[s.phrase].join(" "));
                }
                eprintln!("moonshine: {} phrases, {} nodes; free: {free:?}", prepared.phrases.len(), prepared.trie.len());
            }
            let Some(&best) = scored.first().filter(|s| s.mean >= REJECT) else {
                return Ok((Vec::new(), None));
            };
            let mut out: Vec<Vec<String>> = Vec::new();
            for s in scored.iter().take_while(|s| s.mean >= best.mean - CLOSE) {
                let words = &prepared.phrases[s.phrase];
                if !out.contains(words) {
                    out.push(words.clone());
                }
                if out.len() == ALTERNATIVES {
                    break;
                }
            }
            let mut alternatives: Vec<(Vec<String>, f32)> = Vec::new();
            for s in &scored {
                let words = &prepared.phrases[s.phrase];
                if !alternatives.iter().any(|(w, _)| w == words) {
                    alternatives.push((words.clone(), best.mean - s.mean));
                }
                if alternatives.len() == EVIDENCE_ALTERNATIVES {
                    break;
                }
            }
            Ok((out, Some(Evidence { posterior: best.mean, word_posterior: best.lowest, alternatives, free, measure: Measure::Tokens })))
        }
    }
}


#[cfg(all(test, feature = "moonshine"))]
mod tests {
    use super::*;
    use search::Tokenizer;

    /// tiflo's encoder against the reference's tokens
    /// (`tests/data/moonshine-tokens.tsv`, written by Hugging Face's
    /// tokenizers: `scripts/moonshine-tokens.py`), on Moonshine's installed
    /// tokenizer.json; and word by word, as the trie is built.
    #[cfg(feature = "moonshine")]
    #[test]
    fn the_encoder_gives_the_reference_tokens() {
        let dirs = [std::path::PathBuf::from("/usr/local/share/tiflo/models")];
        let dir = find_in(&dirs).expect("the Moonshine model is installed (scripts/moonshine-model.sh)");
        let t = Tokenizer::from_json(&std::fs::read_to_string(dir.join("tokenizer.json")).expect("readable")).expect("a tokenizer");
        let mut checked = 0;
        for line in include_str!("../../../tests/data/moonshine-tokens.tsv").lines().filter(|l| !l.starts_with('#')) {
            let (text, ids) = line.split_once('\t').expect("text and tokens");
            let want: Vec<u32> = ids.split(' ').map(|i| i.parse().expect("a token")).collect();
            assert_eq!(t.encode(text), want, "{text:?}");
            let by_word: Vec<u32> = text.split(' ').flat_map(|w| t.encode(w)).collect();
            assert_eq!(by_word, want, "{text:?} word by word");
            checked += 1;
        }
        assert!(checked > 1000, "{checked} texts");
    }

}
