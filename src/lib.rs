//! tiflo: a blind chess player's companion at the board.
//!
//! The crate is a sans-I/O core (notations, the game and its rules, the
//! dialogue, understanding what was heard, braille layout, device codecs)
//! with thin drivers around it (microphone, voices, serial ports, BrlAPI,
//! the page's server, the engine's process, the journal's file). Each room
//! below is one capability; `ARCHITECTURE.md` is the map.
//!
//! The notation tools are the library's documented API. A game in Spanish
//! algebraic, rewritten in UCI:
//!
//! ```
//! use tiflo::notation::{Dialect, Lang, Notation};
//! use tiflo::pgn::ReadAs;
//! use tiflo::pgn::convert::{Target, convert};
//!
//! let spanish = Dialect::new(Notation::San, Lang::Es).unwrap();
//! let (uci, errors) = convert("1. e4 e5 2. Cf3 Cc6 3. Ab5 *", ReadAs::Dialect(spanish), Target::UciLines);
//! assert!(errors.is_empty());
//! assert_eq!(uci.trim(), "e2e4 e7e5 g1f3 b8c6 f1b5");
//! ```

#![warn(missing_docs)]

pub mod i18n;
pub(crate) mod line;
pub mod notation;
pub mod pgn;
pub mod game;
pub mod speaking;
pub mod hearing;
pub mod braille;
pub mod assistant;
pub mod daemon;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;

/// A part of tiflo this build leaves out: a heavy native driver whose Cargo
/// feature was off (`vosk`, `pocketsphinx`, `tts`, `mic`, `page`, `serial`).
/// Each driver's entry point exists in every build and returns this when its
/// part is missing, so the daemon says so once, in words, and goes on
/// without it, as it does for a device that is not plugged in. `say` gives
/// the words in the player's language; `Display` gives them in English.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub struct NotBuiltIn {
    /// The feature that was off.
    pub(crate) feature: &'static str,
}

impl NotBuiltIn {
    /// The part named by Cargo feature `feature`.
    pub const fn new(feature: &'static str) -> NotBuiltIn {
        NotBuiltIn { feature }
    }

    /// The sentence for the player, in the pack's language.
    pub fn say(&self, texts: &i18n::Texts) -> String {
        let mut args = fluent_bundle::FluentArgs::new();
        args.set("feature", self.feature);
        texts.get("not-built-in", Some(&args))
    }
}

impl i18n::Reason for NotBuiltIn {
    fn said(&self) -> i18n::Said {
        i18n::Said::new("not-built-in").data("feature", self.feature)
    }
}

impl std::fmt::Display for NotBuiltIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match i18n::Texts::pack("en") {
            Some(en) => f.write_str(&self.say(&en)),
            None => write!(f, "not built in: {}", self.feature),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pack_says_which_part_is_not_built_in() {
        for lang in ["en", "es", "pt", "de", "fr", "it", "nl"] {
            let texts = i18n::Texts::pack(lang).unwrap();
            let mut said = std::collections::BTreeSet::new();
            for feature in ["vosk", "pocketsphinx", "tts", "mic", "page", "serial"] {
                let text = NotBuiltIn::new(feature).say(&texts);
                assert!(text != "not-built-in" && text.contains(feature) && !text.ends_with('.'), "{lang}: {text}");
                said.insert(text);
            }
            // Each part in its own words.
            assert_eq!(said.len(), 6, "{lang}");
        }
        let en = NotBuiltIn::new("mic").to_string();
        assert_eq!(en, "This tiflo was built without the microphone (the build feature mic)");
    }
}
