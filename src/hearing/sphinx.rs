//! The pocketsphinx recogniser: US English with no download (Debian's
//! `libpocketsphinx3` and `pocketsphinx-en-us`), the recogniser that works
//! on a fresh machine.
//!
//! A thin driver over the C library: each grammar is compiled from JSGF
//! (`Grammar::jsgf`) into a named search, kept for reuse (the same position
//! or question again costs nothing), and the decoder searches while audio is
//! fed, so at the end of an utterance only the final best path and its
//! n-best list remain. Words the dictionary lacks are left out of the
//! grammar. The decoder's log is off unless `TIFLO_DEBUG_ASR` is set. With
//! a voice adaptation (`crate::hearing::adapt`) the model's means and variances are
//! replaced by the adapted ones.

use std::collections::{HashMap, VecDeque};
use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::path::{Path, PathBuf};
use std::ptr;

use crate::hearing::recognizer::{Grammar, HearError, Recognizer};
use crate::i18n::Said;

const ENGINE: &str = "pocketsphinx";
/// Where Debian's `pocketsphinx-en-us` puts the acoustic model and dictionary.
pub const DEFAULT_MODEL: &str = "/usr/share/pocketsphinx/model/en-us";
/// How many compiled grammars are kept.
const KEEP: usize = 12;
/// How many alternatives are returned.
const NBEST: usize = 5;

#[link(name = "pocketsphinx")]
#[link(name = "sphinxbase")]
unsafe extern "C" {
    fn ps_args() -> *const c_void;
    fn cmd_ln_parse_r(
        inout: *mut c_void,
        defn: *const c_void,
        argc: c_int,
        argv: *const *const c_char,
        strict: c_int,
    ) -> *mut c_void;
    fn cmd_ln_free_r(cmdln: *mut c_void) -> c_int;
    fn ps_init(config: *mut c_void) -> *mut c_void;
    fn err_set_logfp(stream: *mut c_void);
    fn ps_free(ps: *mut c_void) -> c_int;
    fn ps_lookup_word(ps: *mut c_void, word: *const c_char) -> *mut c_char;
    fn ckd_free(p: *mut c_void);
    fn ps_set_jsgf_string(ps: *mut c_void, name: *const c_char, jsgf: *const c_char) -> c_int;
    fn ps_set_search(ps: *mut c_void, name: *const c_char) -> c_int;
    fn ps_unset_search(ps: *mut c_void, name: *const c_char) -> c_int;
    fn ps_start_utt(ps: *mut c_void) -> c_int;
    fn ps_process_raw(ps: *mut c_void, data: *const i16, n: usize, no_search: c_int, full_utt: c_int) -> c_int;
    fn ps_end_utt(ps: *mut c_void) -> c_int;
    fn ps_get_hyp(ps: *mut c_void, score: *mut i32) -> *const c_char;
    fn ps_nbest(ps: *mut c_void) -> *mut c_void;
    fn ps_nbest_next(nbest: *mut c_void) -> *mut c_void;
    fn ps_nbest_hyp(nbest: *mut c_void, score: *mut i32) -> *const c_char;
    fn ps_nbest_free(nbest: *mut c_void);
}

/// A pocketsphinx decoder with its compiled grammars.
pub struct Sphinx {
    ps: *mut c_void,
    config: *mut c_void,
    /// JSGF text → search name
    searches: HashMap<String, CString>,
    /// search names, oldest first
    order: VecDeque<String>,
    next_name: u64,
    /// word → its pronunciation in the dictionary, or None
    known: HashMap<String, Option<String>>,
    in_utterance: bool,
    model: PathBuf,
    /// the folder of means and variances adapted to the player, if used
    adapted: Option<PathBuf>,
    /// how many alternatives `finish` gives (the n-best search is skipped
    /// for one)
    alternatives: usize,
}

// The decoder is used by one thread at a time; it holds no thread-local state.
unsafe impl Send for Sphinx {}

/// sphinxbase logs through one process-wide `FILE`. The `-logfn` setting
/// would open a new one and close the old at every decoder opened, while
/// another thread's decoder may be writing to it (a crash, or a hang on the
/// closed stream's lock, seen with decoders opened on several threads), so
/// the log is switched off once, for every decoder, unless
/// `TIFLO_DEBUG_ASR` asks for it (then it stays on standard error).
fn quiet_log() {
    static QUIET: std::sync::Once = std::sync::Once::new();
    QUIET.call_once(|| {
        if std::env::var_os("TIFLO_DEBUG_ASR").is_none() {
            // SAFETY: a null stream switches logging off; called once,
            // before any decoder exists.
            unsafe { err_set_logfp(ptr::null_mut()) };
        }
    });
}

/// Opening a decoder reads and sets up shared model state; one at a time.
static OPENING: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn failed(reason: impl Into<String>) -> HearError {
    HearError::Failed { engine: ENGINE, reason: reason.into() }
}

fn cstring(s: &str) -> Result<CString, HearError> {
    CString::new(s).map_err(|_| failed("a grammar word holds a NUL byte"))
}

impl Sphinx {
    /// Opens the decoder with the acoustic model folder `model` (holding
    /// `en-us/` and `cmudict-en-us.dict`, as Debian installs them).
    pub fn open(model: &Path) -> Result<Sphinx, HearError> {
        Sphinx::open_adapted(model, None)
    }

    /// Opens the decoder with the model in `model` and, when `adapted` is
    /// given, the means and variances adapted to the player's voice in that
    /// folder (`crate::hearing::adapt`).
    pub fn open_adapted(model: &Path, adapted: Option<&Path>) -> Result<Sphinx, HearError> {
        let hmm = model.join("en-us");
        let dict = model.join("cmudict-en-us.dict");
        for p in [&hmm, &dict] {
            if !p.exists() {
                return Err(HearError::Unavailable {
                    engine: ENGINE,
                    reason: Said::new("why-hear-missing-package").data("path", p.display().to_string()).data("package", "pocketsphinx-en-us"),
                });
            }
        }
        quiet_log();
        let mut args: Vec<String> = vec!["tiflo".into()];
        let mut arg = |k: &str, v: String| {
            args.push(k.to_owned());
            args.push(v);
        };
        arg("-hmm", hmm.to_string_lossy().into_owned());
        arg("-dict", dict.to_string_lossy().into_owned());
        arg("-bestpath", "yes".to_owned());
        if let Some(dir) = adapted {
            for (flag, file) in [("-mean", "means"), ("-var", "variances")] {
                let p = dir.join(file);
                if !p.is_file() {
                    return Err(HearError::Unavailable {
                        engine: ENGINE,
                        reason: Said::new("why-hear-adapted-missing").data("path", p.display().to_string()),
                    });
                }
                arg(flag, p.to_string_lossy().into_owned());
            }
        }
        let owned = args.iter().map(|a| cstring(a)).collect::<Result<Vec<CString>, HearError>>()?;
        let argv: Vec<*const c_char> = owned.iter().map(|c| c.as_ptr()).collect();
        let argc = c_int::try_from(argv.len()).map_err(|_| failed("too many settings"))?;
        // SAFETY: argv holds argc NUL-terminated strings that outlive the
        // call (the first is the program's name, skipped); a null `inout`
        // makes a new configuration.
        let config = unsafe { cmd_ln_parse_r(ptr::null_mut(), ps_args(), argc, argv.as_ptr(), 1) };
        if config.is_null() {
            return Err(HearError::Unavailable { engine: ENGINE, reason: Said::new("why-hear-config-refused") });
        }
        let opening = OPENING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // SAFETY: config is a valid configuration; ps_init takes its own reference.
        let ps = unsafe { ps_init(config) };
        drop(opening);
        if ps.is_null() {
            // SAFETY: config came from cmd_ln_parse_r and is freed once.
            unsafe { cmd_ln_free_r(config) };
            return Err(HearError::Unavailable {
                engine: ENGINE,
                reason: Said::new("why-model-not-loaded").data("dir", model.display().to_string()),
            });
        }
        Ok(Sphinx {
            alternatives: NBEST,
            ps,
            config,
            searches: HashMap::new(),
            order: VecDeque::new(),
            next_name: 0,
            known: HashMap::new(),
            in_utterance: false,
            model: model.to_owned(),
            adapted: adapted.map(Path::to_owned),
        })
    }

    /// Opens the decoder with Debian's US English model.
    pub fn open_default() -> Result<Sphinx, HearError> {
        Sphinx::open(Path::new(DEFAULT_MODEL))
    }

    /// The model folder.
    pub fn model(&self) -> &Path {
        &self.model
    }

    /// The folder of the voice adaptation in use, if any.
    pub fn adapted(&self) -> Option<&Path> {
        self.adapted.as_deref()
    }

    /// Whether the dictionary has `word`.
    pub fn knows(&mut self, word: &str) -> bool {
        self.pronunciation(word).is_some()
    }

    /// The phones of `word` in the dictionary.
    fn pronunciation(&mut self, word: &str) -> Option<String> {
        if let Some(k) = self.known.get(word) {
            return k.clone();
        }
        let k = CString::new(word).ok().and_then(|c| {
            // SAFETY: ps is valid; the returned string is ours to free.
            let p = unsafe { ps_lookup_word(self.ps, c.as_ptr()) };
            if p.is_null() {
                return None;
            }
            // SAFETY: a NUL-terminated string allocated by sphinxbase, freed once.
            let phones = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
            unsafe { ckd_free(p.cast()) };
            Some(phones)
        });
        self.known.insert(word.to_owned(), k.clone());
        k
    }

    /// The grammar with the words the dictionary lacks left out, and of
    /// the words of a slot that sound the same ("two", "to", "too") only
    /// the first kept: the same sound twice only splits the search.
    fn prepared(&mut self, grammar: &Grammar) -> Grammar {
        for w in grammar.words() {
            self.pronunciation(&w);
        }
        let known = &self.known;
        let mut g = grammar.restricted(|w| known.get(w).is_some_and(Option::is_some));
        for phrase in &mut g.phrases {
            for slot in phrase.iter_mut() {
                let mut sounds = std::collections::HashSet::new();
                slot.words.retain(|entry| {
                    let phones: Vec<&str> =
                        entry.split_whitespace().filter_map(|w| known.get(w).and_then(|p| p.as_deref())).collect();
                    sounds.insert(phones.join(" | "))
                });
            }
        }
        g
    }

    fn end_utterance(&mut self) {
        if self.in_utterance {
            // SAFETY: ps is valid and an utterance is open.
            unsafe { ps_end_utt(self.ps) };
            self.in_utterance = false;
        }
    }
}

fn hyp_words(p: *const c_char) -> Vec<String> {
    if p.is_null() {
        return Vec::new();
    }
    // SAFETY: pocketsphinx returns NUL-terminated strings valid until the
    // next call on the decoder; they are copied at once.
    let s = unsafe { CStr::from_ptr(p) }.to_string_lossy();
    s.split_whitespace()
        .filter(|w| !w.starts_with('<') && !w.starts_with('[') && *w != "<sil>")
        // Alternate pronunciations are written "word(2)".
        .map(|w| w.split('(').next().unwrap_or(w).to_lowercase())
        .collect()
}

impl Recognizer for Sphinx {
    fn engine(&self) -> &'static str {
        ENGINE
    }

    /// A JSGF search always ends in some phrase of the grammar and its
    /// n-best list agrees with itself even when the speech was something
    /// else ("knight f three" heard as "a two a three", measured on
    /// espeak-ng speech); its readings are therefore always confirmed.
    fn trusted(&self) -> bool {
        false
    }

    fn adapted(&self) -> bool {
        self.adapted.is_some()
    }

    fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearError> {
        self.end_utterance();
        let g = self.prepared(grammar);
        if g.phrases.is_empty() {
            return Err(HearError::EmptyGrammar { engine: ENGINE });
        }
        let jsgf = g.jsgf();
        let name = match self.searches.get(&jsgf) {
            Some(n) => n.clone(),
            None => {
                let name = cstring(&format!("g{}", self.next_name))?;
                self.next_name += 1;
                let text = cstring(&jsgf)?;
                // SAFETY: ps is valid; both strings are NUL-terminated.
                if unsafe { ps_set_jsgf_string(self.ps, name.as_ptr(), text.as_ptr()) } != 0 {
                    return Err(failed("the grammar was refused"));
                }
                self.searches.insert(jsgf.clone(), name.clone());
                self.order.push_back(jsgf.clone());
                if self.order.len() > KEEP
                    && let Some(old) = self.order.pop_front()
                    && let Some(old_name) = self.searches.remove(&old)
                {
                    // SAFETY: the search exists and is not the active one (set below).
                    unsafe { ps_set_search(self.ps, name.as_ptr()) };
                    unsafe { ps_unset_search(self.ps, old_name.as_ptr()) };
                }
                name
            }
        };
        // SAFETY: the named search was added above or earlier.
        if unsafe { ps_set_search(self.ps, name.as_ptr()) } != 0 {
            return Err(failed("the grammar could not be selected"));
        }
        Ok(())
    }

    fn start(&mut self) -> Result<(), HearError> {
        self.end_utterance();
        // SAFETY: ps is valid.
        if unsafe { ps_start_utt(self.ps) } < 0 {
            return Err(failed("the utterance could not start (no grammar set?)"));
        }
        self.in_utterance = true;
        Ok(())
    }

    fn feed(&mut self, pcm: &[i16]) -> Result<(), HearError> {
        if !self.in_utterance {
            self.start()?;
        }
        // SAFETY: the slice is valid for its length.
        if unsafe { ps_process_raw(self.ps, pcm.as_ptr(), pcm.len(), 0, 0) } < 0 {
            return Err(failed("the audio could not be decoded"));
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
        if !self.in_utterance {
            return Ok(Vec::new());
        }
        self.end_utterance();
        let mut out: Vec<Vec<String>> = Vec::new();
        let mut score = 0i32;
        // SAFETY: ps is valid; the utterance has ended.
        let best = hyp_words(unsafe { ps_get_hyp(self.ps, &mut score) });
        if best.is_empty() {
            return Ok(out);
        }
        out.push(best);
        if self.alternatives < 2 {
            return Ok(out);
        }
        // SAFETY: the iterator is advanced until it returns null (which
        // frees it) or freed explicitly.
        unsafe {
            let mut it = ps_nbest(self.ps);
            let mut seen = 0;
            while !it.is_null() && out.len() < self.alternatives && seen < 50 {
                let words = hyp_words(ps_nbest_hyp(it, &mut score));
                if !words.is_empty() && !out.contains(&words) {
                    out.push(words);
                }
                seen += 1;
                it = ps_nbest_next(it);
            }
            if !it.is_null() {
                ps_nbest_free(it);
            }
        }
        Ok(out)
    }
}

impl Sphinx {
    /// Gives at most `n` alternatives (at least one); with one, only the
    /// best reading, without the n-best search.
    pub fn set_alternatives(&mut self, n: usize) {
        self.alternatives = n.max(1);
    }
}

impl Drop for Sphinx {
    fn drop(&mut self) {
        self.end_utterance();
        // SAFETY: both were created in `open` and are freed once.
        unsafe {
            ps_free(self.ps);
            cmd_ln_free_r(self.config);
        }
    }
}
