//! Prose in braille: tiflo's sentences ("Blancas: una hora, 2 minutos",
//! "No entiendo Cf9 como jugada") through liblouis, in the player's
//! language; and a plain fallback for when liblouis cannot.
//!
//! Moves and boards never come here: they are written sign by sign from
//! tiflo's chess tables ([`super::chess`]). A literary translator writes
//! "Cf6+" as a capital sign, `c`, `f`, a number sign, `6` in the upper
//! digits and the literary plus, which is not how any chess code writes a
//! move (tested).
//!
//! # The tables
//!
//! Grade 1 (uncontracted) literary tables of Debian's `liblouis-data`, so
//! that every print letter has its cell and the player reads the words as
//! they are spelt:
//!
//! | language | table | what it is |
//! |---|---|---|
//! | es | `es-g1.ctb` | Spanish, uncontracted |
//! | pt | `pt-pt-g1.utb` | Portuguese, uncontracted |
//! | en | `en-ueb-g1.ctb` | Unified English Braille, grade 1 |
//! | fr | `fr-bfu-comp6.utb` | French, uncontracted (braille français unifié, intégral) |
//! | de | `de-g0.utb` | German Basisschrift, uncontracted (no capital signs, as the Basisschrift writes) |
//! | it | `it-it-comp6.utb` | Italian 6-dot literary braille (the table `it.tbl` names) |
//! | nl | `nl-NL-g0.utb` | Dutch, uncontracted (the table `nl.tbl` names) |
//!
//! Debian's `it-it-comp6.utb` (liblouis 3.24) defines the soft hyphen
//! U+00AD where its comment says hyphen-minus, so `-` (in "½-½", "1-0")
//! would come out as an escape; tiflo adds the rule `punctuation - 36` to
//! that table when it loads it ([`extra_rules`], `lou_compileString`).
//!
//! # The library
//!
//! liblouis is loaded when first needed (Debian's `liblouis.so.20`,
//! through `libloading`), not linked: tiflo starts and plays without it, and a
//! missing library, or a missing table, is a [`LouisError`] after which the
//! caller shows [`fallback`] cells, never a blank display. The width of
//! liblouis's `widechar` (2 or 4 bytes, fixed when liblouis is built) is
//! asked with `lou_charSize` and the text is given as UTF-16 or UTF-32
//! accordingly. liblouis keeps global state (compiled tables, the log) and
//! is not thread-safe, so every call holds one lock. Its log goes to a
//! callback that keeps the messages of the call in progress for the error.
//!
//! # Words
//!
//! [`words`] cuts the translation of the whole sentence at the blank cells
//! that stand for spaces, so the words' cells joined by blanks are exactly
//! [`prose`] (tested on every message of every pack). A word's cells are
//! therefore what the word gets inside the sentence. Two exceptions of the
//! translator show this: where the sentence writes a space as something
//! other than a blank cell (UEB's numeric space, dot 5, between two numbers
//! such as "e4 3:05"), the two print words stay one word; and where an
//! indicator covers several words (a UEB capitals passage over three or more
//! words in capitals), it stands in the first word only and its terminator
//! in the last, as in the sentence (tested).

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::Cell;
use crate::notation::Lang;

/// Why liblouis could not write a text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LouisError {
    /// The library is not installed or is not one tiflo can use.
    #[error("liblouis is not available: {reason}")]
    Unavailable {
        /// Why, in the loader's words.
        reason: String,
    },
    /// The table is missing or does not compile.
    #[error("liblouis cannot load the braille table {table}: {reason}")]
    Table {
        /// The table's file name.
        table: String,
        /// liblouis's reason.
        reason: String,
    },
    /// The translation itself failed.
    #[error("liblouis could not translate with the braille table {table}: {reason}")]
    Translate {
        /// The table's file name.
        table: String,
        /// liblouis's reason.
        reason: String,
    },
}

/// The liblouis table of prose in `lang` (see the module documentation).
pub fn table_for(lang: Lang) -> &'static str {
    match lang {
        Lang::Es => "es-g1.ctb",
        // liblouis has no Brazilian table; the grade 1 signs are shared.
        Lang::Pt | Lang::PtBr => "pt-pt-g1.utb",
        Lang::En => "en-ueb-g1.ctb",
        Lang::Fr => "fr-bfu-comp6.utb",
        Lang::De => "de-g0.utb",
        Lang::It => "it-it-comp6.utb",
        Lang::Nl => "nl-NL-g0.utb",
    }
}

/// The rules tiflo adds to `table` when liblouis loads it: what Debian's
/// table lacks for tiflo's sentences (see the module documentation).
pub fn extra_rules(table: &str) -> &'static [&'static str] {
    match table {
        "it-it-comp6.utb" => &["punctuation - 36"],
        _ => &[],
    }
}

/// Loads liblouis and compiles the table of `lang`: what [`prose`] would
/// fail with, asked once (for instance when the display is opened).
pub fn check(lang: Lang) -> Result<(), LouisError> {
    lock().table(table_for(lang)).map(|_| ())
}

/// liblouis's version ("3.24.0").
pub fn version() -> Result<String, LouisError> {
    let mut state = lock();
    let lib = state.library()?;
    // SAFETY: lou_version returns a static NUL-terminated string.
    let v = unsafe { (lib.version)() };
    if v.is_null() {
        return Ok(String::new());
    }
    Ok(unsafe { CStr::from_ptr(v) }.to_string_lossy().into_owned())
}

/// `text` in braille in `lang`'s prose table, as cells. Runs of spaces,
/// tabs and line breaks count as one space; leading and trailing ones are
/// dropped. Characters the table does not know are written as liblouis
/// writes them (its `\x....` escape), never dropped.
pub fn prose(lang: Lang, text: &str) -> Result<Vec<Cell>, LouisError> {
    prose_in(table_for(lang), text)
}

/// [`prose`] with any liblouis table list (`"es-g1.ctb"`, or several
/// separated by commas).
pub fn prose_in(table: &str, text: &str) -> Result<Vec<Cell>, LouisError> {
    let text = normalise(text);
    Ok(translate(table, &text)?.cells)
}

/// [`prose`], one entry per print word: the word's cells (as they stand in
/// the whole sentence) and the word. Joined with one blank cell between
/// them, the cells are [`prose`] of the same text.
pub fn words(lang: Lang, text: &str) -> Result<Vec<(Vec<Cell>, String)>, LouisError> {
    let text = normalise(text);
    let t = translate(table_for(lang), &text)?;
    Ok(cut_words(&text, &t.cells, &t.from))
}

/// The words of `text` when liblouis cannot write them: letters, digits and
/// ASCII signs in North American Braille Computer Code (as liblouis
/// `en-nabcc.utb` writes them, tested: a capital is its letter plus dot 7, digits are the lowered digits, dot 2 for 1 ... dots 3-5-6
/// for 0); an accented Latin letter as its plain letter (`ñ` as `n`,
/// `É` as `E`), Spanish and typographic marks as their ASCII kin (`¿` as
/// `?`, `«` as `"`, `½` as `1/2`), and any other character as a full
/// cell (dots 1-8).
pub fn fallback(text: &str) -> Vec<(Vec<Cell>, String)> {
    text.split_whitespace()
        .map(|w| {
            let mut cells = Vec::with_capacity(w.len());
            for c in w.chars() {
                if c.is_ascii() {
                    cells.push(nabcc(c));
                } else if let Some(plain) = fold(c) {
                    cells.extend(plain.chars().map(nabcc));
                } else {
                    cells.push(0xFF);
                }
            }
            (cells, w.to_owned())
        })
        .collect()
}

/// NABCC cells of ASCII 0x20..=0x7E, in order, as Unicode patterns.
const NABCC: &str = "⠀⠮⠐⠼⠫⠩⠯⠄⠷⠾⠡⠬⠠⠤⠨⠌⠴⠂⠆⠒⠲⠢⠖⠶⠦⠔⠱⠰⠣⠿⠜⠹\
                     ⡈⡁⡃⡉⡙⡑⡋⡛⡓⡊⡚⡅⡇⡍⡝⡕⡏⡟⡗⡎⡞⡥⡧⡺⡭⡽⡵⡪⡳⡻⡘⠸\
                     ⠈⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵⠪⠳⠻⠘";

/// The NABCC cell of an ASCII character (controls as a full cell).
fn nabcc(c: char) -> Cell {
    let i = u32::from(c);
    if !(0x20..=0x7E).contains(&i) {
        return 0xFF;
    }
    NABCC.chars().nth((i - 0x20) as usize).map(|p| (u32::from(p) - 0x2800) as Cell).unwrap_or(0xFF)
}

/// The ASCII a non-ASCII character of tiflo's languages falls back to.
fn fold(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => "a",
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => "A",
        'ç' => "c",
        'Ç' => "C",
        'è' | 'é' | 'ê' | 'ë' => "e",
        'È' | 'É' | 'Ê' | 'Ë' => "E",
        'ì' | 'í' | 'î' | 'ï' => "i",
        'Ì' | 'Í' | 'Î' | 'Ï' => "I",
        'ñ' => "n",
        'Ñ' => "N",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => "o",
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' => "O",
        'ù' | 'ú' | 'û' | 'ü' => "u",
        'Ù' | 'Ú' | 'Û' | 'Ü' => "U",
        'ý' | 'ÿ' => "y",
        'ß' => "ss",
        '¿' => "?",
        '¡' => "!",
        '«' | '»' | '„' | '“' | '”' => "\"",
        '‘' | '’' => "'",
        '–' | '—' => "-",
        '½' => "1/2",
        _ => return None,
    })
}

/// One space between words, none at the ends (ASCII white space only: a
/// no-break space is the table's business).
fn normalise(text: &str) -> String {
    text.split_ascii_whitespace().collect::<Vec<_>>().join(" ")
}

/// A translation: the cells and, for each, the byte offset in the text of
/// the character it came from.
struct Translation {
    cells: Vec<Cell>,
    from: Vec<usize>,
}

/// Cuts a sentence's cells at the blank cells that a space of `text` became.
fn cut_words(text: &str, cells: &[Cell], from: &[usize]) -> Vec<(Vec<Cell>, String)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut word = Vec::new();
    for (&cell, &at) in cells.iter().zip(from) {
        if cell == 0 && at >= start && text.as_bytes().get(at) == Some(&b' ') {
            if !word.is_empty() {
                out.push((std::mem::take(&mut word), text[start..at].to_owned()));
            }
            start = at + 1;
        } else {
            word.push(cell);
        }
    }
    if !word.is_empty() {
        out.push((word, text[start.min(text.len())..].to_owned()));
    }
    out
}

// --- the library --------------------------------------------------------

/// Debian's liblouis, by its run-time name first.
const LIBRARY_NAMES: [&str; 2] = ["liblouis.so.20", "liblouis.so"];
/// Translation modes (liblouis.h): cells as dot patterns, in Unicode.
const DOTS_IO: c_int = 4;
const UC_BRL: c_int = 64;
/// Log levels (liblouis.h).
const LOG_WARN: c_int = 30000;
/// A dot pattern liblouis writes without `ucBrl` (LOU_DOTS).
const LOU_DOTS: u32 = 0x8000;

type LogCallback = extern "C" fn(c_int, *const c_char);
// The liblouis functions tiflo calls, as liblouis.h declares them.
type CharSizeFn = unsafe extern "C" fn() -> c_int;
type SetLogLevelFn = unsafe extern "C" fn(c_int);
type RegisterLogFn = unsafe extern "C" fn(Option<LogCallback>);
type VersionFn = unsafe extern "C" fn() -> *const c_char;
type GetTableFn = unsafe extern "C" fn(*const c_char) -> *const c_void;
type CompileStringFn = unsafe extern "C" fn(*const c_char, *const c_char) -> c_int;
type TranslateFn = unsafe extern "C" fn(
    *const c_char, // tableList
    *const c_void, // inbuf
    *mut c_int,    // inlen
    *mut c_void,   // outbuf
    *mut c_int,    // outlen
    *mut u16,      // typeform
    *mut c_char,   // spacing
    *mut c_int,    // outputPos
    *mut c_int,    // inputPos
    *mut c_int,    // cursorPos
    c_int,         // mode
) -> c_int;

/// The liblouis calls tiflo makes, and the library they are in (kept
/// loaded while they may be called: for the whole run).
struct Library {
    _loaded: libloading::Library,
    /// Bytes of a `widechar`: 2 or 4.
    char_size: usize,
    version: VersionFn,
    get_table: GetTableFn,
    compile_string: CompileStringFn,
    translate: TranslateFn,
}

/// The library, loaded at the first call (or why it could not be), and
/// the tables it has loaded with tiflo's extra rules.
struct State {
    library: Option<Result<Library, String>>,
    tables: Vec<String>,
}

impl State {
    fn library(&mut self) -> Result<&Library, LouisError> {
        let lib = self.library.get_or_insert_with(open_library);
        lib.as_ref().map_err(|reason| LouisError::Unavailable { reason: reason.clone() })
    }

    /// Loads `table` (liblouis compiles it once and keeps it) with its
    /// extra rules; its name as a C string for the calls.
    fn table(&mut self, table: &str) -> Result<(&Library, CString), LouisError> {
        let fail = |reason: String| LouisError::Table { table: table.to_owned(), reason };
        let name = CString::new(table).map_err(|_| fail("the name holds a NUL byte".to_owned()))?;
        let known = self.tables.iter().any(|t| t == table);
        let lib = match self.library.get_or_insert_with(open_library) {
            Ok(lib) => lib,
            Err(reason) => return Err(LouisError::Unavailable { reason: reason.clone() }),
        };
        log_lines().clear();
        if !known {
            // The rules go in before the first translation, which finalises
            // the table (liblouis refuses rules after that).
            for rule in extra_rules(table) {
                let r = CString::new(*rule).map_err(|_| fail("a rule holds a NUL byte".to_owned()))?;
                // SAFETY: valid C strings; liblouis loads the table and adds
                // the rule to its copy.
                if unsafe { (lib.compile_string)(name.as_ptr(), r.as_ptr()) } == 0 {
                    return Err(fail(take_log(&format!("the rule {rule:?} does not compile"))));
                }
            }
        }
        // SAFETY: a valid C string; liblouis owns the table it returns.
        if unsafe { (lib.get_table)(name.as_ptr()) }.is_null() {
            return Err(fail(take_log("not found or does not compile")));
        }
        if !known {
            self.tables.push(table.to_owned());
        }
        log_lines().clear();
        Ok((lib, name))
    }
}

/// Every liblouis call holds this lock.
static STATE: Mutex<State> = Mutex::new(State { library: None, tables: Vec::new() });
/// What liblouis logged during the call in progress.
static LOG: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn lock() -> MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

fn log_lines() -> MutexGuard<'static, Vec<String>> {
    LOG.lock().unwrap_or_else(PoisonError::into_inner)
}

extern "C" fn keep_log(_level: c_int, message: *const c_char) {
    if message.is_null() {
        return;
    }
    // SAFETY: liblouis passes a NUL-terminated message valid during the call.
    let text = unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned();
    let mut log = log_lines();
    if log.len() < 20 {
        log.push(text);
    }
}

/// What liblouis logged since the last call, in one line.
fn take_log(otherwise: &str) -> String {
    let lines = std::mem::take(&mut *log_lines());
    if lines.is_empty() { otherwise.to_owned() } else { lines.join("; ") }
}

fn open_library() -> Result<Library, String> {
    open_from(&LIBRARY_NAMES)
}

/// Opens the first of `names` that loads.
fn open_from(names: &[&str]) -> Result<Library, String> {
    let mut why = String::new();
    let mut loaded = None;
    for &name in names {
        // SAFETY: liblouis's initialisers (it has none that tiflo relies
        // on) run with no precondition; the library stays loaded with the
        // functions taken from it.
        match unsafe { libloading::Library::new(name) } {
            Ok(library) => {
                loaded = Some(library);
                break;
            }
            // The loader's own words ("liblouis.so.20: cannot open shared
            // object file: ..."), under libloading's "dlopen failed".
            Err(e) if why.is_empty() => why = std::error::Error::source(&e).map_or_else(|| e.to_string(), ToString::to_string),
            Err(_) => {}
        }
    }
    let Some(loaded) = loaded else { return Err(why) };
    /// The function `name` of the library, as type `T`.
    ///
    /// SAFETY: `T` must be the type liblouis.h declares for `name`.
    unsafe fn function<T: Copy>(library: &libloading::Library, name: &str) -> Result<T, String> {
        // SAFETY: as the caller promises; the pointer is used only while
        // the library is loaded (it is kept in `Library`).
        unsafe { library.get::<T>(name.as_bytes()) }.map(|f| *f).map_err(|_| format!("the library has no {name}"))
    }
    // SAFETY: each symbol is the liblouis function of the type declared in
    // liblouis.h, which the types above copy.
    unsafe {
        let char_size = function::<CharSizeFn>(&loaded, "lou_charSize")?;
        let set_log_level = function::<SetLogLevelFn>(&loaded, "lou_setLogLevel")?;
        let register_log = function::<RegisterLogFn>(&loaded, "lou_registerLogCallback")?;
        let version = function::<VersionFn>(&loaded, "lou_version")?;
        let get_table = function::<GetTableFn>(&loaded, "lou_getTable")?;
        let compile_string = function::<CompileStringFn>(&loaded, "lou_compileString")?;
        let translate = function::<TranslateFn>(&loaded, "lou_translate")?;
        register_log(Some(keep_log));
        set_log_level(LOG_WARN);
        let size = char_size();
        if size != 2 && size != 4 {
            return Err(format!("its wide characters have {size} bytes (2 or 4 expected)"));
        }
        Ok(Library { _loaded: loaded, char_size: size as usize, version, get_table, compile_string, translate })
    }
}

/// A liblouis wide character.
trait Wide: Copy + Default + Into<u32> {}
impl Wide for u16 {}
impl Wide for u32 {}

fn translate(table: &str, text: &str) -> Result<Translation, LouisError> {
    if text.is_empty() {
        return Ok(Translation { cells: Vec::new(), from: Vec::new() });
    }
    let mut state = lock();
    let (lib, name) = state.table(table)?;
    // The text as wide characters, and the byte offset of each.
    let mut at = Vec::with_capacity(text.len());
    let out = if lib.char_size == 2 {
        let mut input = Vec::with_capacity(text.len());
        for (i, c) in text.char_indices() {
            let mut buf = [0u16; 2];
            for &u in c.encode_utf16(&mut buf).iter() {
                input.push(u);
                at.push(i);
            }
        }
        run::<u16>(lib, &name, &input)
    } else {
        let input: Vec<u32> = text
            .char_indices()
            .map(|(i, c)| {
                at.push(i);
                u32::from(c)
            })
            .collect();
        run::<u32>(lib, &name, &input)
    };
    let fail = |reason: String| LouisError::Translate { table: table.to_owned(), reason };
    let (wide, positions) = out.map_err(fail)?;
    let mut cells = Vec::with_capacity(wide.len());
    let mut from = Vec::with_capacity(wide.len());
    for (w, p) in wide.into_iter().zip(positions) {
        let cell = if w & !0xFF == 0x2800 || w & !0xFF == LOU_DOTS {
            (w & 0xFF) as Cell
        } else {
            return Err(fail(format!("it wrote U+{w:04X}, which is not a braille pattern")));
        };
        cells.push(cell);
        from.push(usize::try_from(p).ok().and_then(|p| at.get(p).copied()).unwrap_or(usize::MAX));
    }
    Ok(Translation { cells, from })
}

/// One `lou_translate` call, with an output buffer grown until the whole
/// input fits: the output and, for each output character, the index of the
/// input character it came from.
fn run<W: Wide>(lib: &Library, table: &CStr, input: &[W]) -> Result<(Vec<u32>, Vec<c_int>), String> {
    let len = c_int::try_from(input.len()).map_err(|_| "the text is too long".to_owned())?;
    // An unknown character becomes an escape of up to a dozen cells.
    let mut capacity = input.len() * 4 + 16;
    for _ in 0..4 {
        let cap = c_int::try_from(capacity).map_err(|_| "the text is too long".to_owned())?;
        let mut output = vec![W::default(); capacity];
        let mut output_pos = vec![0 as c_int; input.len()];
        let mut input_pos = vec![0 as c_int; capacity];
        let mut cursor: c_int = -1;
        let mut inlen = len;
        let mut outlen = cap;
        log_lines().clear();
        // SAFETY: the buffers have the lengths passed; liblouis writes at
        // most `outlen` output characters and positions, and `inlen`
        // output positions.
        let ok = unsafe {
            (lib.translate)(
                table.as_ptr(),
                input.as_ptr().cast(),
                &mut inlen,
                output.as_mut_ptr().cast(),
                &mut outlen,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                output_pos.as_mut_ptr(),
                input_pos.as_mut_ptr(),
                &mut cursor,
                DOTS_IO | UC_BRL,
            )
        };
        if ok == 0 {
            return Err(take_log("lou_translate failed"));
        }
        let written = usize::try_from(outlen).unwrap_or(0).min(capacity);
        if inlen >= len {
            output.truncate(written);
            input_pos.truncate(written);
            return Ok((output.into_iter().map(Into::into).collect(), input_pos));
        }
        if written < capacity {
            return Err(format!("it stopped at character {inlen} of {len}"));
        }
        capacity *= 4;
    }
    Err("the braille is too long".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::{DOT7, from_unicode, to_unicode};

    #[test]
    fn the_computer_braille_table_has_every_ascii_sign_once() {
        assert_eq!(NABCC.chars().count(), 95);
        let mut cells: Vec<Cell> = (0x20u8..=0x7E).map(|b| nabcc(char::from(b))).collect();
        assert!(from_unicode(NABCC).is_some());
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), 95, "two ASCII signs share a cell");
        assert_eq!(nabcc('a'), 0b1);
        assert_eq!(nabcc('A'), 0b1 | DOT7);
        assert_eq!(nabcc('1'), 0b10);
        assert_eq!(nabcc('0'), 0b11_0100);
        assert_eq!(nabcc(' '), 0);
        assert_eq!(nabcc('\n'), 0xFF);
    }

    #[test]
    fn the_fallback_writes_every_word_and_never_nothing() {
        let w = fallback("  Reloj:\tBlancas 1:02:03,  ¿Sí?  ");
        let prints: Vec<&str> = w.iter().map(|(_, p)| p.as_str()).collect();
        assert_eq!(prints, ["Reloj:", "Blancas", "1:02:03,", "¿Sí?"]);
        assert_eq!(to_unicode(&w[0].0), "⡗⠑⠇⠕⠚⠱");
        assert_eq!(to_unicode(&w[2].0), "⠂⠱⠴⠆⠱⠴⠒⠠");
        assert_eq!(to_unicode(&w[3].0), "⠹⡎⠊⠹");
        assert_eq!(fallback("Straße ½ 王").iter().map(|(c, _)| c.len()).collect::<Vec<_>>(), [7, 3, 1]);
        assert_eq!(fallback("王")[0].0, [0xFF]);
        assert!(fallback(" \n ").is_empty());
        assert!(fallback("No entiendo").iter().all(|(c, _)| !c.is_empty()));
    }

    #[test]
    fn white_space_is_one_space() {
        assert_eq!(normalise("  a \t b\n\nc  "), "a b c");
        assert_eq!(normalise("a\u{a0}:"), "a\u{a0}:");
        assert_eq!(normalise(" \n"), "");
    }

    #[test]
    fn words_are_cut_at_the_blanks_of_spaces() {
        // "ab cd": a b blank c d, the blank from the space at byte 2.
        let w = cut_words("ab cd", &[1, 3, 0, 9, 25], &[0, 1, 2, 3, 4]);
        assert_eq!(w, [(vec![1, 3], "ab".to_owned()), (vec![9, 25], "cd".to_owned())]);
        // A space written as a non-blank cell (a numeric space) keeps the
        // two words together; a blank from a letter is not a cut.
        let w = cut_words("4 3", &[60, 8, 16, 9], &[0, 0, 1, 2]);
        assert_eq!(w, [(vec![60, 8, 16, 9], "4 3".to_owned())]);
        let w = cut_words("a-b", &[1, 0, 3], &[0, 1, 2]);
        assert_eq!(w, [(vec![1, 0, 3], "a-b".to_owned())]);
        assert!(cut_words("", &[], &[]).is_empty());
    }

    #[test]
    fn a_missing_library_is_said_not_fatal() {
        // Opening liblouis sets its log: hold the lock as every call does.
        let _state = lock();
        let e = open_from(&["libtiflo-no-such-louis.so.1"]).err().expect("no such library");
        assert!(e.contains("libtiflo-no-such-louis.so.1"), "{e}");
        // A library without liblouis's functions.
        let e = open_from(&["libc.so.6"]).err().expect("libc is not liblouis");
        assert_eq!(e, "the library has no lou_charSize");
        assert!(open_from(&["libtiflo-no-such-louis.so.1", "liblouis.so.20"]).is_ok());
    }

    #[test]
    fn every_language_has_a_grade_one_table() {
        for lang in Lang::ALL {
            let t = table_for(lang);
            assert!(t.ends_with(".ctb") || t.ends_with(".utb"), "{t}");
        }
        assert_eq!(table_for(Lang::Es), "es-g1.ctb");
        assert_eq!(table_for(Lang::Pt), "pt-pt-g1.utb");
        assert_eq!(table_for(Lang::En), "en-ueb-g1.ctb");
    }
}
