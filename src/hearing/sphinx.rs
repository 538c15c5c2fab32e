//! The pocketsphinx recogniser: US English with no download (Debian's
//! `libpocketsphinx3` and `pocketsphinx-en-us`), the recogniser that works
//! on a fresh machine.
//!
//! A thin driver over the C library: each grammar is read as a
//! finite-state grammar (`Grammar::fsg`, the smallest automaton over its
//! words) into a named search, kept for reuse (the same position
//! or question again costs nothing), and the decoder searches while audio is
//! fed, so at the end of an utterance only the final best path and its
//! n-best list remain. Words the dictionary lacks are left out of the
//! grammar. The decoder's log is off unless `TIFLO_DEBUG_ASR` is set. With
//! a voice adaptation (`crate::hearing::adapt`) the model's means and variances are
//! replaced by the adapted ones.
//!
//! The C library's objects are owned by typed handles ([`ffi`]): the
//! configuration, the decoder and the n-best iterator each free themselves
//! once when dropped, and every call into the library is a safe method of
//! the handle it acts on. Without the `pocketsphinx` feature nothing links
//! the library and `Sphinx::open` says it is not built in
//! ([`crate::NotBuiltIn`]).

use crate::hearing::recognizer::{Grammar, HearError, Recognizer};

pub(crate) const ENGINE: &str = "pocketsphinx";
/// Where Debian's `pocketsphinx-en-us` puts the acoustic model and dictionary.
pub const DEFAULT_MODEL: &str = "/usr/share/pocketsphinx/model/en-us";

#[cfg(feature = "pocketsphinx")]
pub use decoder::Sphinx;
#[cfg(not(feature = "pocketsphinx"))]
pub use absent::Sphinx;

/// The C library's objects as owned, typed handles: each is created by one
/// function, freed by its `Drop`, and used only through its methods, so no
/// raw pointer leaves this module.
#[cfg(feature = "pocketsphinx")]
mod ffi {
    use std::ffi::{CStr, CString, c_char, c_int};
    use std::marker::PhantomData;
    use std::ptr::{self, NonNull};

    /// sphinxbase's `cmd_ln_t`.
    #[repr(C)]
    pub(crate) struct CmdLn {
        _opaque: [u8; 0],
    }
    /// pocketsphinx's `ps_decoder_t`.
    #[repr(C)]
    pub(crate) struct Ps {
        _opaque: [u8; 0],
    }
    /// pocketsphinx's `ps_nbest_t`.
    #[repr(C)]
    pub(crate) struct PsNbest {
        _opaque: [u8; 0],
    }
    /// sphinxbase's `arg_t` (the table of settings).
    #[repr(C)]
    pub(crate) struct Arg {
        _opaque: [u8; 0],
    }

    #[link(name = "pocketsphinx")]
    #[link(name = "sphinxbase")]
    unsafe extern "C" {
        fn ps_args() -> *const Arg;
        fn cmd_ln_parse_r(
            inout: *mut CmdLn,
            defn: *const Arg,
            argc: c_int,
            argv: *const *const c_char,
            strict: c_int,
        ) -> *mut CmdLn;
        fn cmd_ln_free_r(cmdln: *mut CmdLn) -> c_int;
        fn ps_init(config: *mut CmdLn) -> *mut Ps;
        fn err_set_logfp(stream: *mut std::ffi::c_void);
        fn ps_free(ps: *mut Ps) -> c_int;
        fn ps_lookup_word(ps: *mut Ps, word: *const c_char) -> *mut c_char;
        fn ckd_free(p: *mut std::ffi::c_void);
        fn ps_get_logmath(ps: *mut Ps) -> *mut LogMath;
        fn cmd_ln_float_r(cmdln: *mut CmdLn, name: *const c_char) -> f64;
        fn fsg_model_read(fp: *mut File, lmath: *mut LogMath, lw: f32) -> *mut FsgModel;
        fn fsg_model_free(fsg: *mut FsgModel) -> c_int;
        fn ps_set_fsg(ps: *mut Ps, name: *const c_char, fsg: *mut FsgModel) -> c_int;
        fn fmemopen(buf: *mut std::ffi::c_void, size: usize, mode: *const c_char) -> *mut File;
        fn fclose(fp: *mut File) -> c_int;
        fn ps_set_search(ps: *mut Ps, name: *const c_char) -> c_int;
        fn ps_unset_search(ps: *mut Ps, name: *const c_char) -> c_int;
        fn ps_start_utt(ps: *mut Ps) -> c_int;
        fn ps_process_raw(ps: *mut Ps, data: *const i16, n: usize, no_search: c_int, full_utt: c_int) -> c_int;
        fn ps_end_utt(ps: *mut Ps) -> c_int;
        fn ps_get_hyp(ps: *mut Ps, score: *mut i32) -> *const c_char;
        fn ps_nbest(ps: *mut Ps) -> *mut PsNbest;
        fn ps_nbest_next(nbest: *mut PsNbest) -> *mut PsNbest;
        fn ps_nbest_hyp(nbest: *mut PsNbest, score: *mut i32) -> *const c_char;
        fn ps_nbest_free(nbest: *mut PsNbest);
        fn ps_get_lattice(ps: *mut Ps) -> *mut Lattice;
        fn ps_lattice_bestpath(dag: *mut Lattice, lmset: *mut std::ffi::c_void, lwf: f32, ascale: f32) -> *mut Link;
        fn ps_lattice_posterior(dag: *mut Lattice, lmset: *mut std::ffi::c_void, ascale: f32) -> i32;
        fn ps_latlink_pred(link: *mut Link) -> *mut Link;
        fn ps_latlink_prob(dag: *mut Lattice, link: *mut Link, ascr: *mut i32) -> i32;
        fn ps_latlink_word(dag: *mut Lattice, link: *mut Link) -> *const c_char;
    }

    /// sphinxbase's `logmath_t` (the decoder's log scale).
    #[repr(C)]
    pub(crate) struct LogMath {
        _opaque: [u8; 0],
    }
    /// sphinxbase's `fsg_model_t` (a finite-state grammar).
    #[repr(C)]
    pub(crate) struct FsgModel {
        _opaque: [u8; 0],
    }
    /// The C library's `FILE`.
    #[repr(C)]
    pub(crate) struct File {
        _opaque: [u8; 0],
    }

    /// pocketsphinx's `ps_lattice_t` (the word lattice of an utterance,
    /// owned by the search).
    #[repr(C)]
    pub(crate) struct Lattice {
        _opaque: [u8; 0],
    }
    /// pocketsphinx's `ps_latlink_t` (a word in the lattice).
    #[repr(C)]
    pub(crate) struct Link {
        _opaque: [u8; 0],
    }

    /// The acoustic scale of posteriors: one over the library's `-ascale`
    /// (20 unless set, and tiflo does not set it).
    const ASCALE: f32 = 1.0 / 20.0;

    /// One unit of the library's log scale in natural log (`-logbase`
    /// 1.0001, its default: ln 1.0001), for posteriors.
    pub(crate) const LN_PER_LOG: f32 = 0.000_099_995;
    /// One unit of the library's path scores in natural log: they are in its
    /// log scale shifted right by 10 bits (`SENSCR_SHIFT`).
    pub(crate) const LN_PER_SCORE: f32 = LN_PER_LOG * 1024.0;

    /// Switches sphinxbase's process-wide log off.
    pub(crate) fn log_off() {
        // SAFETY: a null stream switches logging off.
        unsafe { err_set_logfp(ptr::null_mut()) };
    }

    /// A copy of a NUL-terminated string the library returned, or `None`
    /// for a null pointer.
    ///
    /// SAFETY: `p` is null or a NUL-terminated string valid for the call.
    unsafe fn copied(p: *const c_char) -> Option<String> {
        // SAFETY: as the caller promises.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    }

    /// A decoder's configuration (`cmd_ln_t`), freed when dropped.
    pub struct Config(NonNull<CmdLn>);

    impl Config {
        /// The configuration of `args` (the first is the program's name);
        /// `None` when the library refuses them.
        pub fn parse(args: &[CString]) -> Option<Config> {
            let argv: Vec<*const c_char> = args.iter().map(|c| c.as_ptr()).collect();
            let argc = c_int::try_from(argv.len()).ok()?;
            // SAFETY: argv holds argc NUL-terminated strings that outlive
            // the call; a null `inout` makes a new configuration.
            let p = unsafe { cmd_ln_parse_r(ptr::null_mut(), ps_args(), argc, argv.as_ptr(), 1) };
            NonNull::new(p).map(Config)
        }
    }

    impl Drop for Config {
        fn drop(&mut self) {
            // SAFETY: made by cmd_ln_parse_r, freed once; a decoder made
            // from it holds its own reference.
            unsafe { cmd_ln_free_r(self.0.as_ptr()) };
        }
    }

    /// A decoder (`ps_decoder_t`), freed when dropped.
    pub struct Decoder(NonNull<Ps>);

    // The decoder is used by one thread at a time; it holds no thread-local
    // state.
    unsafe impl Send for Decoder {}
    // The configuration is only freed (reference counted) off its thread.
    unsafe impl Send for Config {}

    impl Decoder {
        /// A decoder set up by `config` (which it keeps a reference to);
        /// `None` when the model cannot be loaded.
        pub fn new(config: &Config) -> Option<Decoder> {
            // SAFETY: config is a valid configuration; ps_init takes its
            // own reference.
            NonNull::new(unsafe { ps_init(config.0.as_ptr()) }).map(Decoder)
        }

        fn ps(&self) -> *mut Ps {
            self.0.as_ptr()
        }

        /// The phones of `word` in the dictionary.
        pub(crate) fn lookup_word(&self, word: &CStr) -> Option<String> {
            // SAFETY: the decoder is valid; the returned string is ours to
            // free, copied and freed once here.
            unsafe {
                let p = ps_lookup_word(self.ps(), word.as_ptr());
                let phones = copied(p);
                if !p.is_null() {
                    ckd_free(p.cast());
                }
                phones
            }
        }

        /// Reads the finite-state grammar `fsg` (the library's FSG text) into
        /// the search `name`, its transitions weighed as the library weighs a
        /// JSGF grammar's (by the configuration's language weight).
        pub(crate) fn set_fsg_string(&mut self, config: &Config, name: &CStr, fsg: &str) -> bool {
            let text = fsg.as_bytes();
            // SAFETY: the decoder and configuration are valid; the text is
            // read through a stream over its bytes, opened read-only and
            // closed before the text is dropped; the model read is handed to
            // the decoder, which keeps its own reference, and ours is freed.
            unsafe {
                let lw = cmd_ln_float_r(config.0.as_ptr(), c"-lw".as_ptr()) as f32;
                let fp = fmemopen(text.as_ptr() as *mut std::ffi::c_void, text.len(), c"r".as_ptr());
                if fp.is_null() {
                    return false;
                }
                let model = fsg_model_read(fp, ps_get_logmath(self.ps()), lw);
                fclose(fp);
                if model.is_null() {
                    return false;
                }
                let set = ps_set_fsg(self.ps(), name.as_ptr(), model) >= 0;
                fsg_model_free(model);
                set
            }
        }

        /// Makes the search `name` the active one.
        pub(crate) fn set_search(&mut self, name: &CStr) -> bool {
            // SAFETY: the decoder is valid; an unknown name is refused.
            unsafe { ps_set_search(self.ps(), name.as_ptr()) == 0 }
        }

        /// Drops the search `name` (which must not be the active one).
        pub(crate) fn unset_search(&mut self, name: &CStr) -> bool {
            // SAFETY: the decoder is valid; an unknown name is refused.
            unsafe { ps_unset_search(self.ps(), name.as_ptr()) == 0 }
        }

        pub(crate) fn start_utt(&mut self) -> bool {
            // SAFETY: the decoder is valid.
            unsafe { ps_start_utt(self.ps()) >= 0 }
        }

        pub(crate) fn process_raw(&mut self, pcm: &[i16]) -> bool {
            // SAFETY: the decoder is valid; the slice is valid for its length.
            unsafe { ps_process_raw(self.ps(), pcm.as_ptr(), pcm.len(), 0, 0) >= 0 }
        }

        pub(crate) fn end_utt(&mut self) {
            // SAFETY: the decoder is valid; ending with no utterance open
            // is refused by the library, not undefined.
            unsafe { ps_end_utt(self.ps()) };
        }

        /// The best hypothesis of the utterance that ended.
        pub(crate) fn hyp(&mut self) -> Option<String> {
            let mut score = 0i32;
            // SAFETY: the decoder is valid; the string lives until the next
            // call on the decoder and is copied at once.
            unsafe { copied(ps_get_hyp(self.ps(), &mut score)) }
        }

        /// The posteriors over the word lattice of the utterance that
        /// ended (the library's log scale): of its best path, and of each
        /// word on that path, last first. The grammar search of this
        /// library does not compute them itself (`ps_get_prob` gives 0), so
        /// they are computed here on its lattice: the best path, then the
        /// forward-backward pass. `None` without a lattice.
        pub(crate) fn posteriors(&mut self) -> Option<(i32, Vec<(String, i32)>)> {
            // SAFETY: the decoder is valid and its utterance ended; the
            // lattice belongs to the search and lives until the next
            // utterance (it is not freed here); the links walked are the
            // lattice's, and each word is copied at once.
            unsafe {
                let dag = ps_get_lattice(self.ps());
                if dag.is_null() {
                    return None;
                }
                let best = ps_lattice_bestpath(dag, ptr::null_mut(), 1.0, ASCALE);
                if best.is_null() {
                    return None;
                }
                let post = ps_lattice_posterior(dag, ptr::null_mut(), ASCALE);
                let mut words = Vec::new();
                let mut link = best;
                while !link.is_null() && words.len() < 256 {
                    let mut ascr = 0i32;
                    let prob = ps_latlink_prob(dag, link, &mut ascr);
                    if let Some(w) = copied(ps_latlink_word(dag, link)) {
                        words.push((w, prob));
                    }
                    link = ps_latlink_pred(link);
                }
                Some((post, words))
            }
        }

        /// The n-best hypotheses of the utterance that ended; it borrows
        /// the decoder, so nothing else runs on it meanwhile.
        pub(crate) fn nbest(&mut self) -> Nbest<'_> {
            // SAFETY: the decoder is valid; a null iterator means none.
            Nbest { it: NonNull::new(unsafe { ps_nbest(self.ps()) }), decoder: PhantomData }
        }
    }

    impl Drop for Decoder {
        fn drop(&mut self) {
            // SAFETY: made by ps_init, freed once.
            unsafe { ps_free(self.ps()) };
        }
    }

    /// The n-best iterator (`ps_nbest_t`), freed when dropped or when the
    /// library ends it.
    pub(crate) struct Nbest<'a> {
        it: Option<NonNull<PsNbest>>,
        decoder: PhantomData<&'a mut Decoder>,
    }

    impl Iterator for Nbest<'_> {
        type Item = (String, i32);

        /// The next hypothesis (empty where the library gives none) and its
        /// path score.
        fn next(&mut self) -> Option<(String, i32)> {
            let it = self.it?;
            let mut score = 0i32;
            // SAFETY: the iterator is valid; the string is copied before
            // the iterator moves on. ps_nbest_next frees the iterator when
            // it returns null, so it is then forgotten, never freed again.
            unsafe {
                let hyp = copied(ps_nbest_hyp(it.as_ptr(), &mut score)).unwrap_or_default();
                self.it = NonNull::new(ps_nbest_next(it.as_ptr()));
                Some((hyp, score))
            }
        }
    }

    impl Drop for Nbest<'_> {
        fn drop(&mut self) {
            if let Some(it) = self.it.take() {
                // SAFETY: a live iterator, freed once.
                unsafe { ps_nbest_free(it.as_ptr()) };
            }
        }
    }
}

#[cfg(feature = "pocketsphinx")]
mod decoder {
    use std::collections::{HashMap, VecDeque};
    use std::ffi::CString;
    use std::path::{Path, PathBuf};

    use super::ffi::{self, Config, Decoder, LN_PER_LOG, LN_PER_SCORE};
    use super::{DEFAULT_MODEL, ENGINE, Grammar, HearError, Recognizer};
    use crate::hearing::recognizer::Evidence;
    use crate::i18n::Said;

    /// How many compiled grammars are kept.
    const KEEP: usize = 12;
    /// How many alternatives are returned.
    const NBEST: usize = 5;
    /// How many distinct alternatives the evidence keeps, with their scores.
    const EVIDENCE_NBEST: usize = 12;

    /// The second decoder, which hears the same audio with the free grammar
    /// (`Recognizer::set_free_grammar`).
    struct Free {
        ps: Decoder,
        /// the FSG text of the free grammar set
        fsg: String,
        in_utterance: bool,
    }

    /// A pocketsphinx decoder with its compiled grammars.
    pub struct Sphinx {
        /// Dropped before the configuration it was made from.
        ps: Decoder,
        /// The decoder of the free grammar, if set; dropped before the
        /// configuration too.
        free: Option<Free>,
        config: Config,
        /// FSG text → search name
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
        /// what was measured of the last utterance
        evidence: Option<Evidence>,
        /// whether the partial reading is given when the grammar's search
        /// ends in no reading (`set_partial_readings`)
        partial: bool,
    }

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
                // Called once, before any decoder exists.
                ffi::log_off();
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
            let config = Config::parse(&owned)
                .ok_or_else(|| HearError::Unavailable { engine: ENGINE, reason: Said::new("why-hear-config-refused") })?;
            let opening = OPENING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let ps = Decoder::new(&config);
            drop(opening);
            let ps = ps.ok_or_else(|| HearError::Unavailable {
                engine: ENGINE,
                reason: Said::new("why-model-not-loaded").data("dir", model.display().to_string()),
            })?;
            Ok(Sphinx {
                free: None,
                partial: true,
                evidence: None,
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
            let k = CString::new(word).ok().and_then(|c| self.ps.lookup_word(&c));
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
                self.ps.end_utt();
                self.in_utterance = false;
            }
            if let Some(f) = &mut self.free
                && f.in_utterance
            {
                f.ps.end_utt();
                f.in_utterance = false;
            }
        }

        /// What the decoders measured of the utterance that just ended, its
        /// best reading `best` (with its path score) included.
        fn measure(&mut self, best: &[String]) -> Evidence {
            // Without a lattice nothing is known: as unsure as can be.
            let (post, words) = self.ps.posteriors().unwrap_or((i32::MIN / 2, Vec::new()));
            let posterior = post as f32 * LN_PER_LOG;
            let word_posterior = words
                .iter()
                .filter(|(w, _)| !hyp_words(w).is_empty())
                .map(|(_, p)| *p as f32 * LN_PER_LOG)
                .fold(if words.is_empty() { posterior } else { 0.0 }, f32::min);
            // The n-best search gives no usable score for its first
            // hypothesis (the best), so the scores are taken from the first
            // one with a score (a path score is at most 0), which is the
            // best or lies under it: a margin measured from it is never
            // larger than the true one.
            let mut alternatives: Vec<(Vec<String>, f32)> = vec![(best.to_vec(), 0.0)];
            let mut top: Option<i32> = None;
            for (hyp, score) in self.ps.nbest().take(100) {
                if alternatives.len() >= EVIDENCE_NBEST {
                    break;
                }
                if score > 0 {
                    continue;
                }
                let top = *top.get_or_insert(score);
                let words = hyp_words(&hyp);
                if !words.is_empty() && !alternatives.iter().any(|(w, _)| *w == words) {
                    alternatives.push((words, top.saturating_sub(score) as f32 * LN_PER_SCORE));
                }
            }
            let free = self.free.as_mut().map(|f| hyp_words(&f.ps.hyp().unwrap_or_default()));
            Evidence { posterior, word_posterior, alternatives, free, measure: crate::hearing::recognizer::Measure::Lattice }
        }
    }

    /// The words of a hypothesis, without fillers and silences.
    fn hyp_words(s: &str) -> Vec<String> {
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
        /// espeak-ng speech), so the words alone never make a reading sure:
        /// the evidence adds the lattice posteriors, the alternatives' scores
        /// and the free grammar's reading (`crate::hearing::confidence`).
        /// Measured only with more than one alternative (the n-best search).
        fn evidence(&self) -> Option<Evidence> {
            self.evidence.clone()
        }

        fn set_free_grammar(&mut self, grammar: &Grammar) -> Result<(), HearError> {
            self.end_utterance();
            let g = self.prepared(grammar);
            if g.phrases.is_empty() {
                return Err(HearError::EmptyGrammar { engine: ENGINE });
            }
            let fsg = g.fsg();
            if self.free.as_ref().is_some_and(|f| f.fsg == fsg) {
                return Ok(());
            }
            let mut ps = match self.free.take() {
                Some(f) => f.ps,
                None => {
                    let opening = OPENING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    let ps = Decoder::new(&self.config);
                    drop(opening);
                    ps.ok_or_else(|| failed("a second decoder could not be opened"))?
                }
            };
            let name = cstring("free")?;
            if !ps.set_fsg_string(&self.config, &name, &fsg) || !ps.set_search(&name) {
                return Err(failed("the free grammar was refused"));
            }
            self.free = Some(Free { ps, fsg, in_utterance: false });
            Ok(())
        }

        fn adapted(&self) -> bool {
            // The telephone band's and the hall's models are no player's voice.
            self.adapted.as_deref().is_some_and(|d| !crate::hearing::adapt::made_at_setup(d))
        }

        fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearError> {
            self.end_utterance();
            let g = self.prepared(grammar);
            if g.phrases.is_empty() {
                return Err(HearError::EmptyGrammar { engine: ENGINE });
            }
            let fsg = g.fsg();
            let name = match self.searches.get(&fsg) {
                Some(n) => n.clone(),
                None => {
                    let name = cstring(&format!("g{}", self.next_name))?;
                    self.next_name += 1;
                    if !self.ps.set_fsg_string(&self.config, &name, &fsg) {
                        return Err(failed("the grammar was refused"));
                    }
                    self.searches.insert(fsg.clone(), name.clone());
                    self.order.push_back(fsg.clone());
                    if self.order.len() > KEEP
                        && let Some(old) = self.order.pop_front()
                        && let Some(old_name) = self.searches.remove(&old)
                    {
                        // The new search is made active first, so the old one
                        // is not the active one when it is dropped.
                        self.ps.set_search(&name);
                        self.ps.unset_search(&old_name);
                    }
                    name
                }
            };
            if !self.ps.set_search(&name) {
                return Err(failed("the grammar could not be selected"));
            }
            Ok(())
        }

        fn start(&mut self) -> Result<(), HearError> {
            self.end_utterance();
            if !self.ps.start_utt() {
                return Err(failed("the utterance could not start (no grammar set?)"));
            }
            self.in_utterance = true;
            self.evidence = None;
            if let Some(f) = &mut self.free {
                f.in_utterance = f.ps.start_utt();
            }
            Ok(())
        }

        fn feed(&mut self, pcm: &[i16]) -> Result<(), HearError> {
            if !self.in_utterance {
                self.start()?;
            }
            if !self.ps.process_raw(pcm) {
                return Err(failed("the audio could not be decoded"));
            }
            if let Some(f) = &mut self.free
                && f.in_utterance
                && !f.ps.process_raw(pcm)
            {
                return Err(failed("the audio could not be decoded with the free grammar"));
            }
            Ok(())
        }

        fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
            if !self.in_utterance {
                return Ok(Vec::new());
            }
            // The best reading up to the last frame, whether or not it ends
            // where the grammar ends: asked before the utterance is ended,
            // the search gives it without looking for the final state.
            let partial = if self.partial { hyp_words(&self.ps.hyp().unwrap_or_default()) } else { Vec::new() };
            self.end_utterance();
            let mut out: Vec<Vec<String>> = Vec::new();
            let best = hyp_words(&self.ps.hyp().unwrap_or_default());
            if best.is_empty() {
                // No word ended in the grammar's final state in the last
                // frame a word ended in, so the library gives no reading:
                // a move said whole is then often heard as nothing. The
                // partial reading is given instead, alone and without
                // evidence, so never sure: a move it names is asked, and
                // anything else is said to be no move.
                if !partial.is_empty() {
                    out.push(partial);
                }
                return Ok(out);
            }
            if self.alternatives >= 2 {
                self.evidence = Some(self.measure(&best));
            }
            out.push(best);
            if self.alternatives < 2 {
                return Ok(out);
            }
            for (hyp, _) in self.ps.nbest().take(50) {
                if out.len() >= self.alternatives {
                    break;
                }
                let words = hyp_words(&hyp);
                if !words.is_empty() && !out.contains(&words) {
                    out.push(words);
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

        /// Whether an utterance whose search ends in no reading of the
        /// grammar is given its partial reading (the best words up to the
        /// last frame, never sure) rather than nothing; on unless turned
        /// off, which only a measurement of it does.
        pub fn set_partial_readings(&mut self, on: bool) {
            self.partial = on;
        }
    }

    impl Drop for Sphinx {
        fn drop(&mut self) {
            // The decoder and then its configuration free themselves.
            self.end_utterance();
        }
    }
}

/// Without the `pocketsphinx` feature: a decoder that cannot be opened (the
/// type has no value, so none of its methods can be reached).
#[cfg(not(feature = "pocketsphinx"))]
mod absent {
    use std::path::Path;

    use super::{ENGINE, Grammar, HearError, Recognizer};

    /// A pocketsphinx decoder; without the feature, none can be opened.
    pub struct Sphinx {
        never: std::convert::Infallible,
    }

    impl Sphinx {
        /// Says that pocketsphinx is not built in.
        pub fn open(_model: &Path) -> Result<Sphinx, HearError> {
            Err(crate::NotBuiltIn::new("pocketsphinx").into())
        }

        /// Says that pocketsphinx is not built in.
        pub fn open_adapted(_model: &Path, _adapted: Option<&Path>) -> Result<Sphinx, HearError> {
            Err(crate::NotBuiltIn::new("pocketsphinx").into())
        }

        /// Says that pocketsphinx is not built in.
        pub fn open_default() -> Result<Sphinx, HearError> {
            Sphinx::open(Path::new(super::DEFAULT_MODEL))
        }

        /// Never called without the feature: no value of the type exists.
        pub fn model(&self) -> &Path {
            match self.never {}
        }

        /// Never called without the feature: no value of the type exists.
        pub fn adapted(&self) -> Option<&Path> {
            match self.never {}
        }

        /// Never called without the feature: no value of the type exists.
        pub fn knows(&mut self, _word: &str) -> bool {
            match self.never {}
        }

        /// Never called without the feature: no value of the type exists.
        pub fn set_alternatives(&mut self, _n: usize) {
            match self.never {}
        }

        /// Never called without the feature: no value of the type exists.
        pub fn set_partial_readings(&mut self, _on: bool) {
            match self.never {}
        }
    }

    impl Recognizer for Sphinx {
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

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn without_the_feature_pocketsphinx_says_it_is_not_built_in() {
            match Sphinx::open_default() {
                Err(HearError::NotBuiltIn(n)) => assert_eq!(n.feature, "pocketsphinx"),
                Err(e) => panic!("{e}"),
                Ok(_) => panic!("pocketsphinx opened without the feature"),
            }
        }
    }
}
