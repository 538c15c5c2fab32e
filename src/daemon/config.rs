//! The daemon's settings, read from TOML in layers.
//!
//! A setting comes from the last layer that sets it:
//!
//! 1. the defaults of [`Config::default`];
//! 2. a profile (`config/home.toml`, `config/tournament.toml` or any file
//!    named on the command line);
//! 3. the user's file, `$XDG_CONFIG_HOME/tiflo/config.toml` (see
//!    [`user_config_path`]), when it exists;
//! 4. the command-line flags, which the binary gathers in a [`PartialConfig`].
//!
//! Every layer is a [`PartialConfig`]: the same kebab-case keys in profiles and
//! in the user's file, every key optional. An unknown key or a value that does
//! not fit is an error naming the file, the line, the key and what was
//! expected; nothing is silently ignored.
//!
//! [`PartialConfig::from_toml_str`] and [`Config::apply`] are pure; [`load`]
//! is the one function here that reads files. Paths that depend on the
//! environment ([`user_config_path`], [`journal_path`]) take the variable
//! lookup as an argument, so the caller decides where variables come from.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Deserializer};
use shakmaty::Color;

use crate::braille::{BoardLetters, Cell, Dots};
use crate::assistant::dgt::{ClockWhite as DgtClockWhite, Orientation as DgtOrientation};
use crate::game::transfer::Mode as TransferMode;
use crate::braille::driver::Choice as BrailleChoice;
use crate::speaking::announce::{Files, Style};
use crate::game::clock::TimeControl;
use crate::notation::Lang;

/// Who keeps the game's time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum ClockMode {
    /// tiflo is the game's clock.
    #[default]
    Own,
    /// A physical clock rules; tiflo's clocks follow the moves and are set
    /// from the real clock by a command.
    Mirror,
}

/// When a move is read back for a yes or no before it is recorded.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Confirm {
    /// Every move.
    Always,
    /// Only moves whose input was unsure; a sure one is recorded and
    /// announced as any move.
    #[default]
    Unsure,
    /// As `Unsure`, and a move heard for sure is recorded at once and
    /// echoed in a few words ("caballo f3"): `no`, or a correction, undoes
    /// or replaces it while a slip of the tongue may still be corrected.
    Echo,
}

/// Whose clock the low-time warnings watch.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum WarnSides {
    /// The blind player's clock only.
    #[default]
    Player,
    /// Both clocks.
    Both,
}

/// Whose words moves are announced in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Announce {
    /// The player's language.
    #[default]
    Language,
    /// The international words of the FIDE rules for blind players.
    Fide,
}

/// The file words the recogniser listens for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum HearFiles {
    /// Every style: letters, FIDE names, NATO and the spelling alphabet.
    #[default]
    Any,
    /// Letters only: "f3".
    Letters,
    /// The FIDE names only: Anna, Bella, ...
    Fide,
    /// The NATO alphabet only: alpha .. hotel.
    Nato,
    /// The language's own spelling alphabet only.
    Phonetic,
}

/// A word that is not one of a setting's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not one of {expected}")]
pub struct BadWord {
    /// The word as written.
    pub text: String,
    /// The accepted words, for the message.
    pub expected: &'static str,
}

/// `FromStr` (ASCII case-insensitive), `Display`, the accepted words and
/// `Deserialize` from a TOML string for a keyword setting.
macro_rules! keyword_enum {
    ($ty:ident { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $ty {
            /// The accepted words, for messages and help texts.
            pub const WORDS: &'static str = concat!($("`", $word, "` "),+);

            /// The word that names this value in TOML and on the command line.
            pub fn word(self) -> &'static str {
                match self {
                    $($ty::$variant => $word),+
                }
            }
        }

        impl FromStr for $ty {
            type Err = BadWord;

            fn from_str(s: &str) -> Result<$ty, BadWord> {
                $(
                    if s.eq_ignore_ascii_case($word) {
                        return Ok($ty::$variant);
                    }
                )+
                Err(BadWord { text: s.to_owned(), expected: $ty::WORDS.trim_end() })
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.word())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

keyword_enum!(ClockMode { Own => "own", Mirror => "mirror" });
keyword_enum!(HearFiles { Any => "any", Letters => "letters", Fide => "fide", Nato => "nato", Phonetic => "phonetic" });

impl HearFiles {
    /// The one style of file words a recogniser's grammar offers; `None`:
    /// every style.
    pub fn style(self) -> Option<Files> {
        match self {
            HearFiles::Any => None,
            HearFiles::Letters => Some(Files::Letters),
            HearFiles::Fide => Some(Files::Fide),
            HearFiles::Nato => Some(Files::Nato),
            HearFiles::Phonetic => Some(Files::Phonetic),
        }
    }
}
keyword_enum!(Confirm { Always => "always", Unsure => "unsure", Echo => "echo" });
keyword_enum!(WarnSides { Player => "player", Both => "both" });
keyword_enum!(Announce { Language => "language", Fide => "fide" });
keyword_enum!(BoardLetters { Code => "code", Brltty => "brltty" });
keyword_enum!(DgtOrientation { Auto => "auto", Normal => "normal", Turned => "turned" });
keyword_enum!(DgtClockWhite { Auto => "auto", Left => "left", Right => "right" });

/// The settings, each written once: its documentation, its type in
/// [`Config`] and its default, and, when they differ from the plain case,
/// how a file writes it (`file TYPE`, the type of the [`PartialConfig`]
/// field's `Some`), the function that reads it from TOML (`read "fn"`) and
/// the one that turns a layer's value into the setting (`merge fn`; by
/// default the value itself). The macro makes [`Config`], its `Default`,
/// [`PartialConfig`] and [`Config::apply`] from that one list.
macro_rules! settings {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty = $default:expr
            $(, file $file:ty)?
            $(, read $read:literal)?
            $(, merge $merge:path)?
        ;
    )*) => {
        /// The daemon's settings, every layer applied.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Config {
            $(
                $(#[doc = $doc])*
                pub $name: $ty,
            )*
            /// Study mode: a game to replay (`tiflo daemon --study`); not a
            /// setting of the files.
            pub study: Option<Study>,
        }

        impl Default for Config {
            fn default() -> Config {
                Config { $($name: $default,)* study: None }
            }
        }

        /// One layer of settings: a profile, the user's file or the command
        /// line. A `None` field leaves the setting to the layers below.
        #[derive(Debug, Clone, Default, PartialEq, Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        pub struct PartialConfig {
            $(
                $(#[doc = $doc])*
                #[serde(default $(, deserialize_with = $read)?)]
                pub $name: Option<settings!(@file $ty $(, $file)?)>,
            )*
        }

        /// The settings' field names, in the order of the list.
        #[cfg(test)]
        const FIELDS: &[&str] = &[$(stringify!($name)),*];

        impl Config {
            /// Applies a layer: every setting it has replaces this one's.
            pub fn apply(&mut self, layer: &PartialConfig) {
                $(
                    if let Some(v) = &layer.$name {
                        self.$name = settings!(@merge v $(, $merge)?);
                    }
                )*
            }
        }
    };
    (@file $ty:ty) => { $ty };
    (@file $ty:ty, $file:ty) => { $file };
    (@merge $v:ident) => { $v.clone() };
    (@merge $v:ident, $merge:path) => { $merge($v) };
}

settings! {
    /// The language tiflo speaks and reads piece letters in (`"figurine"`,
    /// from older settings files, is read as English: see
    /// [`Lang::from_setting`]).
    lang: Lang = Lang::Es, read "lang_setting";
    /// The blind player's colour.
    side: Color = Color::White, read "side";
    /// The game's time control.
    time_control: TimeControl = TimeControl {
        periods: vec![crate::game::clock::Period {
            moves: None,
            time: Duration::from_secs(5400),
            bonus: crate::game::clock::Bonus::Increment(Duration::from_secs(30)),
        }],
    }, read "parsed";
    /// Whether tiflo is the clock or follows a physical one.
    clock: ClockMode = ClockMode::Own;
    /// When a move is read back for confirmation before it is recorded.
    confirm: Confirm = Confirm::Unsure;
    /// How long after a move a slip of the tongue can still be corrected,
    /// unless the opponent's clock start is reported earlier.
    correction_seconds: u32 = 10;
    /// How long after a question was last said a spoken yes, no or number
    /// still answers it (0: always); typed answers never expire.
    answer_seconds: u32 = crate::game::event::SPOKEN_ANSWER_WINDOW.as_secs() as u32;
    /// Remaining times at which a low-time warning is spoken, longest first,
    /// each once, none zero (a file may write them in any order, with
    /// duplicates).
    low_time_warnings: Vec<Duration> = [300, 60, 10].map(Duration::from_secs).to_vec(),
        read "warnings", merge normalize_warnings;
    /// Whose clock the warnings watch.
    low_time_sides: WarnSides = WarnSides::Player;
    /// Say when a draw may be claimed (threefold repetition, fifty moves).
    /// Off at a tournament, where an assistant gives no advice (Article
    /// 11.3); a claim is ruled when it is made either way.
    claim_hints: bool = true;
    /// Whose words moves are announced in: the player's language, or the
    /// international FIDE words (Anna..Hector, eins..acht).
    announce: Announce = Announce::Language;
    /// Short ("caballo f3") or long ("caballo g1 f3") announcements.
    announce_style: Style = Style::Short, read "parsed";
    /// How files are said: letters, the FIDE names, NATO, or the language's
    /// own spelling alphabet.
    file_words: Files = Files::Letters, read "parsed";
    /// Where speech goes: the system's engine, WAV files, or text only.
    speech: crate::speaking::speech::SpeechChoice = crate::speaking::speech::SpeechChoice::Tts, read "parsed";
    /// Where spoken moves come from: the microphone when one works (`auto`),
    /// the microphone, a recording, raw PCM, or nothing.
    listen: crate::hearing::ear::ListenChoice = crate::hearing::ear::ListenChoice::Auto, read "parsed";
    /// Heard always, or one utterance after each Enter (push to talk).
    talk: crate::hearing::ear::Talk = crate::hearing::ear::Talk::Always, read "parsed";
    /// With push to talk, the key of a braille display on tiflo's serial
    /// driver held down to talk: `dot8`, the key that types dot 8, or a
    /// key's name as BRLTTY's key table for the display writes it.
    talk_key: String = crate::braille::keytable::TALK_DOT8.to_owned();
    /// The file words the recogniser listens for: any style, or only the
    /// player's.
    hear_files: HearFiles = HearFiles::Any;
    /// Whether the recogniser listens for "to" after a piece's name
    /// ("knight to f three", "pawn to e four"): heard better when said so,
    /// at a cost in a noisy hall; understood either way.
    hear_to: bool = false;
    /// The system speech engine's voice name ("" for the language's voice).
    speech_voice: String = String::new();
    /// Speech rate, 0 to 1 (0.5 normal); `None` keeps the engine's.
    speech_rate: Option<f32> = None, file f32, read "unit", merge some;
    /// Speech pitch, 0 to 1 (0.5 normal); `None` keeps the engine's.
    speech_pitch: Option<f32> = None, file f32, read "unit", merge some;
    /// Speech volume, 0 to 1 (1 full volume); `None` keeps the engine's.
    speech_volume: Option<f32> = None, file f32, read "unit", merge some;
    /// Where the game journal is written; `None`: [`journal_path`]'s default
    /// (an empty path in a file sets it back).
    journal: Option<PathBuf> = None, file PathBuf, merge path_or_default;
    /// Where speech recogniser models are kept; `None`: [`models_dir`]'s
    /// default (an empty path in a file sets it back).
    models_dir: Option<PathBuf> = None, file PathBuf, merge path_or_default;
    /// Where braille goes (the `--braille` syntax).
    braille: BrailleChoice = BrailleChoice::Auto, read "parsed";
    /// Dots per cell of the braille display's board: 8, or 6.
    braille_dots: Dots = Dots::Eight, read "dots";
    /// The cell of the board's empty light squares; `None`:
    /// `braille/board.toml`'s (`""` in a file).
    braille_light: Option<Cell> = None, read "square_cell";
    /// The cell of the board's empty dark squares; `None`:
    /// `braille/board.toml`'s (`""` in a file).
    braille_dark: Option<Cell> = None, read "square_cell";
    /// The board's piece letters: the language's chess code's, or where
    /// they differ BRLTTY's and liblouis's chess tables' (English b and n).
    braille_board_letters: BoardLetters = BoardLetters::Code;
    /// The serial display `auto` tries after BrlAPI (`PORT[,protocol=...]`);
    /// `""` in a file: none.
    braille_port: Option<String> = None, read "port";
    /// Which moves are mirrored between the special and the tournament board.
    transfers: TransferMode = TransferMode::Off, read "parsed";
    /// Remind of a transfer pending this long, in seconds (0: never).
    transfer_reminder_seconds: u32 = 0;
    /// Where the assistant's and arbiter's page is served.
    page: crate::assistant::page::Choice = crate::assistant::page::Choice::Off, read "parsed";
    /// The serial port of a DGT electronic board on the opponent's side;
    /// `""` in a file: none.
    dgt: Option<String> = None, read "none_if_empty";
    /// Which way the DGT board stands: learnt, or set.
    dgt_orientation: DgtOrientation = DgtOrientation::Auto;
    /// Which DGT clock display is White's: learnt, or set.
    dgt_clock_white: DgtClockWhite = DgtClockWhite::Auto;
    /// Practice: the chess engine (a UCI command) that plays the opponent's
    /// side; `None` (`""` in a file): every move comes from the inputs.
    opponent: Option<String> = None, read "none_if_empty";
    /// The engine's strength: 1 to 20 (its skill level) or an Elo rating
    /// from 1320 (see [`crate::assistant::engine`]).
    opponent_strength: u32 = 5, read "strength";
    /// PGN `White` tag.
    white: String = String::new();
    /// PGN `Black` tag.
    black: String = String::new();
    /// PGN `Event` tag.
    event: String = String::new();
    /// PGN `Site` tag.
    site: String = String::new();
}

/// A setting that may be unset, set by a layer.
fn some<T: Clone>(v: &T) -> Option<T> {
    Some(v.clone())
}

/// A path setting: empty sets the default location back.
fn path_or_default(p: &PathBuf) -> Option<PathBuf> {
    (!p.as_os_str().is_empty()).then(|| p.clone())
}

/// A game to study: its moves in UCI from its start position (a FEN when
/// not the standard one), its PGN tags (with its result) and its notes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Study {
    /// The main line's moves, in UCI.
    pub moves: Vec<String>,
    /// The start position, when not the standard one.
    pub fen: Option<shakmaty::fen::Fen>,
    /// The game's PGN tags, its result among them.
    pub tags: Vec<(String, String)>,
    /// Its comments and variations, by the point of the main line they
    /// belong to.
    pub notes: Vec<crate::game::study::Note>,
}

/// Every key of a settings file, with what its value must be.
pub(crate) const KEYS: [(&str, &str); 43] = [
    ("lang", "a language code: \"es\", \"pt\" (or \"pt-PT\"), \"pt-BR\", \"en\", \"fr\", \"de\", \"it\", \"nl\" or \"figurine\" (English speech, as older settings files say it)"),
    ("side", "\"white\" or \"black\""),
    ("time-control", TIME_CONTROL_EXPECTED),
    ("clock", "\"own\" or \"mirror\""),
    ("confirm", "\"always\", \"unsure\" or \"echo\""),
    ("correction-seconds", "a whole number of seconds, such as 10"),
    ("answer-seconds", "a whole number of seconds, such as 20, or 0 for no limit"),
    ("low-time-warnings", "a list of whole numbers of seconds above zero, such as [300, 60, 10]"),
    ("low-time-sides", "\"player\" or \"both\""),
    ("claim-hints", "true or false"),
    ("announce", "\"language\" or \"fide\""),
    ("announce-style", "\"short\" or \"long\""),
    ("speech", "\"tts\", \"wav:FOLDER\" or \"text\""),
    ("listen", "\"auto\", \"mic\", \"mic:NAME\", \"wav:FILE\", \"pcm:FILE\" or \"none\""),
    ("talk", "\"always\" or \"push\""),
    ("talk-key", "\"dot8\" (the key that types dot 8) or a braille display key's name as BRLTTY's key table writes it, in quotes, such as \"B9\""),
    ("hear-files", "\"any\", \"letters\", \"fide\", \"nato\" or \"phonetic\""),
    ("hear-to", "true or false"),
    ("speech-voice", "a voice name in quotes as the speech engine lists it, or \"\" for the language's voice"),
    ("speech-rate", "a number from 0 to 1 (0.5 is the normal rate)"),
    ("speech-pitch", "a number from 0 to 1 (0.5 is the normal pitch)"),
    ("speech-volume", "a number from 0 to 1 (1 is full volume)"),
    ("file-words", "\"letters\", \"fide\", \"nato\" or \"phonetic\""),
    ("journal", "a file path in quotes, or \"\" for the default location"),
    ("models-dir", "a folder path in quotes, or \"\" for the default location"),
    (
        "braille",
        "\"auto\", \"brlapi\", \"brlapi:ADDRESS\", \"serial:PORT\" (optionally \",protocol=baum\" or \",protocol=handytech\"), \"terminal\" or \"none\"",
    ),
    ("braille-dots", "8 or 6"),
    ("braille-light", SQUARE_EXPECTED),
    ("braille-dark", SQUARE_EXPECTED),
    ("braille-board-letters", "\"code\" or \"brltty\""),
    (
        "braille-port",
        "a serial port in quotes (optionally with \",protocol=baum\" or \",protocol=handytech\"), or \"\" for none",
    ),
    ("transfers", "\"off\", \"opponent\" or \"both\""),
    ("transfer-reminder-seconds", "a whole number of seconds, such as 30, or 0 for no reminders"),
    ("page", "\"off\", \"local\", \"local:PORT\", \"lan\" or \"lan:PORT\""),
    ("dgt", "a serial port in quotes, such as \"/dev/ttyACM0\", or \"\" for none"),
    ("dgt-orientation", "\"auto\", \"normal\" or \"turned\""),
    ("dgt-clock-white", "\"auto\", \"left\" or \"right\""),
    ("opponent", "a chess engine's command in quotes, such as \"stockfish\", or \"\" for none"),
    ("opponent-strength", STRENGTH_EXPECTED),
    ("white", "the White player's name in quotes"),
    ("black", "the Black player's name in quotes"),
    ("event", "the event's name in quotes"),
    ("site", "the site's name in quotes"),
];

const TIME_CONTROL_EXPECTED: &str = "a time control in quotes: periods [MOVES/]SECONDS[+INCREMENT|dDELAY|bDELAY] \
     joined by `:`, such as \"5400\", \"5400+30\", \"40/5400+30:1800+30\", \"300d5\" or \"300b5\"";

/// A language, from a TOML string ([`Lang::from_setting`]).
fn lang_setting<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Lang>, D::Error> {
    let s = String::deserialize(d)?;
    Lang::from_setting(&s).map(Some).map_err(serde::de::Error::custom)
}

/// A value of a type with `FromStr`, from a TOML string.
fn parsed<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    let s = String::deserialize(d)?;
    s.parse().map(Some).map_err(serde::de::Error::custom)
}

/// Dots per braille cell: 8 or 6.
fn dots<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Dots>, D::Error> {
    match i64::deserialize(d)? {
        8 => Ok(Some(Dots::Eight)),
        6 => Ok(Some(Dots::Six)),
        n => Err(serde::de::Error::custom(format!("{n} dots"))),
    }
}

const SQUARE_EXPECTED: &str =
    "one braille cell as dot numbers in quotes, such as \"3\" or \"36\" (\"0\" a blank cell), or \"\" for braille/board.toml's";

/// An empty square's braille cell, as dot numbers (one cell), or `""`.
fn square_cell<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<Cell>>, D::Error> {
    let s = String::deserialize(d)?;
    if s.trim().is_empty() {
        return Ok(Some(None));
    }
    match crate::braille::table::parse_dots(&s).as_deref() {
        Some([c]) => Ok(Some(Some(*c))),
        _ => Err(serde::de::Error::custom(format!("`{s}` is not one cell of dot numbers"))),
    }
}

/// A braille display's serial port, `PORT[,protocol=...]`, or empty for
/// none.
fn port<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    let s = String::deserialize(d)?;
    if !s.trim().is_empty() {
        crate::braille::driver::serial_port(&s).map_err(serde::de::Error::custom)?;
    }
    Ok(Some(nonempty(&s)))
}

/// A string setting whose empty value means none.
fn none_if_empty<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Ok(Some(nonempty(&String::deserialize(d)?)))
}

/// `text` trimmed, `None` when nothing is left.
pub fn nonempty(text: &str) -> Option<String> {
    Some(text.trim()).filter(|t| !t.is_empty()).map(str::to_owned)
}

const STRENGTH_EXPECTED: &str = "a skill level from 1 to 20, or an Elo rating from 1320 to 3200";

/// An engine's strength: a skill level (1 to 20) or an Elo rating.
pub fn parse_strength(n: i64) -> Result<u32, String> {
    match n {
        1..=20 | 1320..=3200 => Ok(n as u32),
        _ => Err(format!("{n} is not {STRENGTH_EXPECTED}")),
    }
}

fn strength<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    parse_strength(i64::deserialize(d)?).map(Some).map_err(serde::de::Error::custom)
}

/// A number from 0 to 1.
fn unit<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f32>, D::Error> {
    let v = f64::deserialize(d)?;
    if (0.0..=1.0).contains(&v) {
        Ok(Some(v as f32))
    } else {
        Err(serde::de::Error::custom(format!("{v} is not between 0 and 1")))
    }
}

/// A colour from "white" or "black" (any case).
fn side<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
    let s = String::deserialize(d)?;
    parse_side(&s).map(Some).ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not \"white\" or \"black\"")))
}

/// A colour from "white" or "black" (any case), for the command line too.
pub fn parse_side(s: &str) -> Option<Color> {
    if s.eq_ignore_ascii_case("white") {
        Some(Color::White)
    } else if s.eq_ignore_ascii_case("black") {
        Some(Color::Black)
    } else {
        None
    }
}

/// Warning times from a list of whole seconds, none zero.
fn warnings<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Duration>>, D::Error> {
    let secs = Vec::<u64>::deserialize(d)?;
    if secs.contains(&0) {
        return Err(serde::de::Error::custom("a warning at zero seconds"));
    }
    Ok(Some(secs.into_iter().map(Duration::from_secs).collect()))
}

impl PartialConfig {
    /// The settings of one TOML file; `origin` names it in errors.
    pub(crate) fn from_toml_str(text: &str, origin: &Path) -> Result<PartialConfig, ConfigError> {
        toml::from_str(text).map_err(|e| explain(text, origin, &e))
    }
}

/// The error for a file that does not deserialize: a syntax error where the
/// parser stopped, else the first key (in file order) that is unknown or whose
/// value does not fit.
fn explain(text: &str, origin: &Path, err: &toml::de::Error) -> ConfigError {
    let entries: BTreeMap<toml::Spanned<String>, toml::Value> = match toml::from_str(text) {
        Ok(entries) => entries,
        Err(syntax) => return syntax_error(text, origin, &syntax),
    };
    let mut entries: Vec<_> = entries.into_iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    for (key, value) in entries {
        let line = line_column(text, key.span().start).0;
        let path = origin.to_owned();
        let key = key.into_inner();
        let Some(&(_, expected)) = KEYS.iter().find(|(k, _)| *k == key) else {
            return ConfigError::UnknownKey { path, line, key };
        };
        let mut single = toml::Table::new();
        single.insert(key.clone(), value.clone());
        if PartialConfig::deserialize(single).is_err() {
            let mut expected = expected.to_owned();
            // Say which part of a time control is wrong.
            if key == "time-control"
                && let Some(Err(e)) = value.as_str().map(str::parse::<TimeControl>)
            {
                expected = format!("{expected}; here {}", e.why);
            }
            return ConfigError::BadValue { path, line, key, value: value.to_string(), expected };
        }
    }
    // Every key fits alone: report the deserializer's own words.
    syntax_error(text, origin, err)
}

fn syntax_error(text: &str, origin: &Path, err: &toml::de::Error) -> ConfigError {
    let (line, column) = err.span().map_or((1, 1), |s| line_column(text, s.start));
    ConfigError::Syntax { path: origin.to_owned(), line, column, message: err.message().trim().to_owned() }
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// A settings file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The settings file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The file is not valid TOML.
    #[error("{}, line {line}, column {column}: {message}", path.display())]
    Syntax {
        /// The settings file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// The column (from 1, in characters).
        column: usize,
        /// The TOML reader's message.
        message: String,
    },
    /// A key that is no setting.
    #[error("{}, line {line}: unknown key `{key}`; the keys are {}", path.display(), key_list())]
    UnknownKey {
        /// The settings file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// The key.
        key: String,
    },
    /// A setting's value that does not fit it.
    #[error("{}, line {line}: `{key} = {value}` does not fit; expected {expected}", path.display())]
    BadValue {
        /// The settings file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// The key.
        key: String,
        /// The value, as TOML writes it.
        value: String,
        /// What the value must be.
        expected: String,
    },
}

fn key_list() -> String {
    KEYS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
}

/// Warning times longest first, each once, without zero (the flag itself).
fn normalize_warnings(w: &[Duration]) -> Vec<Duration> {
    let mut w: Vec<Duration> = w.iter().copied().filter(|d| !d.is_zero()).collect();
    w.sort_unstable_by(|a, b| b.cmp(a));
    w.dedup();
    w
}

/// The settings: defaults, then the profile, then the user's file if it
/// exists, then `overrides` (the command line). A profile that cannot be read
/// is an error; a user file that does not exist is skipped.
pub fn load(profile: Option<&Path>, user_file: Option<&Path>, overrides: &PartialConfig) -> Result<Config, ConfigError> {
    let mut config = Config::default();
    if let Some(path) = profile {
        let text = fs::read_to_string(path).map_err(|source| ConfigError::Io { path: path.to_owned(), source })?;
        config.apply(&PartialConfig::from_toml_str(&text, path)?);
    }
    if let Some(path) = user_file {
        match fs::read_to_string(path) {
            Ok(text) => config.apply(&PartialConfig::from_toml_str(&text, path)?),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(source) => return Err(ConfigError::Io { path: path.to_owned(), source }),
        }
    }
    config.apply(overrides);
    Ok(config)
}

/// A variable's value if set, not empty and an absolute path (the XDG base
/// directory rule: relative values are ignored).
fn absolute_var(env: &dyn Fn(&str) -> Option<String>, name: &str) -> Option<PathBuf> {
    env(name).map(PathBuf::from).filter(|p| p.is_absolute())
}

/// `$HOME` if set and not empty.
fn home(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    env("HOME").filter(|h| !h.is_empty()).map(PathBuf::from)
}

/// The user's settings file: `$XDG_CONFIG_HOME/tiflo/config.toml`, else
/// `$HOME/.config/tiflo/config.toml`; `None` without either variable.
pub fn user_config_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    absolute_var(env, "XDG_CONFIG_HOME")
        .or_else(|| home(env).map(|h| h.join(".config")))
        .map(|dir| dir.join("tiflo").join("config.toml"))
}

/// Where the game journal is written: the configured path (a leading `~/`
/// is the home directory), else `$XDG_STATE_HOME/tiflo/game.journal`, else
/// `$HOME/.local/state/tiflo/game.journal`, else `./tiflo-game.journal`.
pub fn journal_path(config: &Config, env: &dyn Fn(&str) -> Option<String>) -> PathBuf {
    if let Some(j) = &config.journal {
        if let (Ok(rest), Some(h)) = (j.strip_prefix("~"), home(env)) {
            return h.join(rest);
        }
        return j.clone();
    }
    absolute_var(env, "XDG_STATE_HOME")
        .or_else(|| home(env).map(|h| h.join(".local").join("state")))
        .map_or_else(|| PathBuf::from("./tiflo-game.journal"), |dir| dir.join("tiflo").join("game.journal"))
}

/// Where speech recogniser models are kept (`tiflo models`): the configured
/// folder (a leading `~/` is the home directory), else
/// `$XDG_DATA_HOME/tiflo/models`, else `$HOME/.local/share/tiflo/models`,
/// else `./tiflo-models`.
pub fn models_dir(config: &Config, env: &dyn Fn(&str) -> Option<String>) -> PathBuf {
    if let Some(d) = &config.models_dir {
        if let (Ok(rest), Some(h)) = (d.strip_prefix("~"), home(env)) {
            return h.join(rest);
        }
        return d.clone();
    }
    absolute_var(env, "XDG_DATA_HOME")
        .or_else(|| home(env).map(|h| h.join(".local").join("share")))
        .map_or_else(|| PathBuf::from("./tiflo-models"), |dir| dir.join("tiflo").join("models"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::clock::{Bonus, Period};
    use proptest::prelude::*;

    const HOME_TOML: &str = include_str!("../../config/home.toml");
    const TOURNAMENT_TOML: &str = include_str!("../../config/tournament.toml");
    const README: &str = include_str!("../../config/README.md");

    fn secs(list: &[u64]) -> Vec<Duration> {
        list.iter().copied().map(Duration::from_secs).collect()
    }

    fn tc(s: &str) -> TimeControl {
        s.parse().expect("a valid time control")
    }

    fn profile_path(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("config").join(name)
    }

    fn parse(text: &str) -> Result<PartialConfig, ConfigError> {
        PartialConfig::from_toml_str(text, Path::new("test.toml"))
    }

    fn fake_env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn defaults() {
        let c = Config::default();
        assert_eq!(c.lang, Lang::Es);
        assert_eq!(c.side, Color::White);
        assert_eq!(c.time_control, tc("5400+30"));
        assert_eq!(c.clock, ClockMode::Own);
        assert_eq!(c.confirm, Confirm::Unsure);
        assert_eq!(c.correction_seconds, 10);
        assert_eq!(c.low_time_warnings, secs(&[300, 60, 10]));
        assert_eq!(c.low_time_sides, WarnSides::Player);
        assert_eq!(c.journal, None);
        assert!(c.white.is_empty() && c.black.is_empty() && c.event.is_empty() && c.site.is_empty());
        assert_eq!(parse("").expect("an empty file is valid"), PartialConfig::default());
        assert_eq!(load(None, None, &PartialConfig::default()).expect("defaults load"), c);
    }

    fn check_home(c: &Config) {
        assert_eq!(c.clock, ClockMode::Own);
        assert_eq!(c.time_control, tc("900+10"));
        // At home a move heard for sure is recorded and echoed, undone by
        // a `no` while it may be corrected.
        assert_eq!(c.confirm, Confirm::Echo);
        assert_eq!(c.low_time_warnings, secs(&[60, 30, 10]));
        assert_eq!(c.low_time_sides, WarnSides::Player);
        assert!(c.claim_hints);
        assert_eq!(c.lang, Lang::Es);
        assert_eq!(c.side, Color::White);
        assert_eq!(c.journal, None);
    }

    fn check_tournament(c: &Config) {
        assert_eq!(c.clock, ClockMode::Mirror);
        assert_eq!(c.time_control, tc("40/5400+30:1800+30"));
        assert_eq!(
            c.time_control.periods,
            vec![
                Period { moves: Some(40), time: Duration::from_secs(5400), bonus: Bonus::Increment(Duration::from_secs(30)) },
                Period { moves: None, time: Duration::from_secs(1800), bonus: Bonus::Increment(Duration::from_secs(30)) },
            ]
        );
        // At a tournament every move is read back: nothing heard is
        // recorded before the player's yes.
        assert_eq!(c.confirm, Confirm::Always);
        assert_eq!(c.correction_seconds, 10);
        // No unsolicited help at a tournament (Article 11.3): no low-time
        // warnings and no hint that a draw may be claimed.
        assert_eq!(c.low_time_warnings, secs(&[]));
        assert!(!c.claim_hints);
        assert_eq!(c.low_time_sides, WarnSides::Player);
        assert_eq!(c.lang, Lang::Es);
        assert_eq!(c.journal, None);
        assert_eq!((c.event.as_str(), c.site.as_str(), c.white.as_str(), c.black.as_str()), ("", "", "", ""));
    }

    #[test]
    fn home_profile() {
        let mut c = Config::default();
        c.apply(&PartialConfig::from_toml_str(HOME_TOML, Path::new("home.toml")).expect("home.toml is valid"));
        check_home(&c);
        let loaded = load(Some(&profile_path("home.toml")), None, &PartialConfig::default()).expect("home.toml loads");
        assert_eq!(loaded, c);
    }

    #[test]
    fn tournament_profile() {
        let mut c = Config::default();
        c.apply(&PartialConfig::from_toml_str(TOURNAMENT_TOML, Path::new("tournament.toml")).expect("tournament.toml is valid"));
        check_tournament(&c);
        let loaded =
            load(Some(&profile_path("tournament.toml")), None, &PartialConfig::default()).expect("tournament.toml loads");
        assert_eq!(loaded, c);
    }

    #[test]
    fn profiles_have_every_key_and_the_readme_names_them() {
        for (name, text) in [("home.toml", HOME_TOML), ("tournament.toml", TOURNAMENT_TOML)] {
            let table: toml::Table = text.parse().expect("valid TOML");
            for (key, _) in KEYS {
                assert!(table.contains_key(key), "{name} lacks `{key}`");
                assert!(README.contains(&format!("`{key}`")), "README lacks `{key}`");
            }
            assert_eq!(table.len(), KEYS.len(), "{name}");
        }
    }

    #[test]
    fn every_setting_has_a_key_and_every_key_a_setting() {
        let mut fields: Vec<String> = FIELDS.iter().map(|f| f.replace('_', "-")).collect();
        let mut keys: Vec<String> = KEYS.iter().map(|(k, _)| (*k).to_owned()).collect();
        fields.sort();
        keys.sort();
        assert_eq!(fields, keys);
    }

    #[test]
    fn answer_seconds_sets_how_long_a_spoken_answer_counts() {
        let mut c = Config::default();
        assert_eq!(crate::daemon::answer_window(&c), Some(crate::game::event::SPOKEN_ANSWER_WINDOW));
        c.apply(&parse("answer-seconds = 5").expect("valid"));
        assert_eq!(crate::daemon::answer_window(&c), Some(Duration::from_secs(5)));
        c.apply(&parse("answer-seconds = 0").expect("valid"));
        assert_eq!(crate::daemon::answer_window(&c), None);
        assert!(parse("answer-seconds = -1").is_err());
    }

    #[test]
    fn an_empty_port_or_engine_is_none() {
        let mut c = Config::default();
        assert_eq!((&c.dgt, &c.opponent, &c.braille_port), (&None, &None, &None));
        c.apply(&parse("dgt = \"/dev/ttyACM0\"\nopponent = \" stockfish \"\nbraille-port = \"/dev/ttyUSB0\"").expect("valid"));
        assert_eq!(c.dgt.as_deref(), Some("/dev/ttyACM0"));
        assert_eq!(c.opponent.as_deref(), Some("stockfish"));
        assert_eq!(c.braille_port.as_deref(), Some("/dev/ttyUSB0"));
        c.apply(&parse("opponent = \"\"").expect("valid"));
        assert_eq!((c.opponent.as_deref(), c.dgt.as_deref()), (None, Some("/dev/ttyACM0")), "only the key set changes");
        c.apply(&parse("dgt = \"  \"\nbraille-port = \"\"").expect("valid"));
        assert_eq!((&c.dgt, &c.braille_port), (&None, &None));
    }

    #[test]
    fn braille_empty_squares_are_one_cell_each() {
        let p = parse("braille-light = \"3\"\nbraille-dark = \"0\"\n").expect("valid squares");
        assert_eq!((p.braille_light, p.braille_dark), (Some(Some(0b100)), Some(Some(0))));
        let mut c = Config::default();
        assert_eq!((c.braille_light, c.braille_dark), (None, None));
        c.apply(&p);
        assert_eq!((c.braille_light, c.braille_dark), (Some(0b100), Some(0)));
        // "" gives braille/board.toml's square back; a layer without the key
        // keeps the one set.
        c.apply(&parse("braille-light = \"\"").unwrap());
        assert_eq!((c.braille_light, c.braille_dark), (None, Some(0)));
        c.apply(&parse("braille-dark = \"356\"").unwrap());
        assert_eq!(c.braille_dark, Some(0b11_0100));
        for bad in ["\"3 6\"", "\"9\"", "36", "\"x\"", "\"33\""] {
            match parse(&format!("\nbraille-dark = {bad}")) {
                Err(ConfigError::BadValue { key, line: 2, expected, .. }) => {
                    assert_eq!(key, "braille-dark", "{bad}");
                    assert!(expected.contains("dot numbers"), "{expected}");
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn later_layers_override_only_what_they_set() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let profile = dir.path().join("profile.toml");
        let user = dir.path().join("user.toml");
        fs::write(&profile, "lang = \"pt\"\nclock = \"mirror\"\nevent = \"Open\"\n").expect("write");
        fs::write(&user, "lang = \"en\"\nconfirm = \"always\"\nsite = \"Madrid\"\n").expect("write");
        let overrides = PartialConfig { lang: Some(Lang::De), side: Some(Color::Black), ..PartialConfig::default() };

        let c = load(Some(&profile), Some(&user), &overrides).expect("loads");
        assert_eq!(c.lang, Lang::De, "set in all three: the command line wins");
        assert_eq!(c.clock, ClockMode::Mirror, "profile only");
        assert_eq!(c.event, "Open", "profile only");
        assert_eq!(c.confirm, Confirm::Always, "user only");
        assert_eq!(c.site, "Madrid", "user only");
        assert_eq!(c.side, Color::Black, "command line only");
        assert_eq!(c.time_control, tc("5400+30"), "set nowhere: default");

        let c = load(Some(&profile), Some(&user), &PartialConfig::default()).expect("loads");
        assert_eq!(c.lang, Lang::En, "the user file beats the profile");
        let c = load(Some(&profile), None, &PartialConfig::default()).expect("loads");
        assert_eq!(c.lang, Lang::Pt);
    }

    #[test]
    fn an_empty_journal_sets_the_default_back() {
        let mut c = Config::default();
        c.apply(&parse("journal = \"/games/a.journal\"").expect("valid"));
        assert_eq!(c.journal, Some(PathBuf::from("/games/a.journal")));
        c.apply(&parse("white = \"Ana\"").expect("valid"));
        assert_eq!(c.journal, Some(PathBuf::from("/games/a.journal")), "not set: kept");
        c.apply(&parse("journal = \"\"").expect("valid"));
        assert_eq!(c.journal, None);
    }

    #[test]
    fn unknown_key_names_the_key_the_file_and_the_line() {
        let err = PartialConfig::from_toml_str("lang = \"es\"\ntime_control = \"300\"\n", Path::new("/x/home.toml"))
            .expect_err("unknown key");
        match &err {
            ConfigError::UnknownKey { path, line, key } => {
                assert_eq!(path, Path::new("/x/home.toml"));
                assert_eq!(*line, 2);
                assert_eq!(key, "time_control");
            }
            other => panic!("{other:?}"),
        }
        let msg = err.to_string();
        assert!(msg.contains("/x/home.toml") && msg.contains("`time_control`") && msg.contains("time-control"), "{msg}");
        assert!(matches!(parse("[clock]\nmode = \"own\"\n"), Err(ConfigError::BadValue { .. })));
        assert!(matches!(parse("[extra]\nmode = \"own\"\n"), Err(ConfigError::UnknownKey { .. })));
    }

    fn bad_value(text: &str) -> (String, usize, String, String, String) {
        match parse(text) {
            Err(e @ ConfigError::BadValue { .. }) => {
                let msg = e.to_string();
                let ConfigError::BadValue { path, line, key, value, expected } = e else { unreachable!() };
                assert_eq!(path, Path::new("test.toml"));
                assert!(msg.contains("test.toml") && msg.contains(&key), "{msg}");
                (key, line, value, expected, msg)
            }
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn bad_values_name_the_key_and_what_is_expected() {
        let (key, line, value, expected, _) = bad_value("lang = \"es\"\n\ntime-control = \"40/5400:abc\"\n");
        assert_eq!((key.as_str(), line, value.as_str()), ("time-control", 3, "\"40/5400:abc\""));
        assert!(expected.contains("5400+30") && expected.contains("not a number of seconds"), "{expected}");

        let (key, _, value, expected, _) = bad_value("side = \"red\"");
        assert_eq!((key.as_str(), value.as_str()), ("side", "\"red\""));
        assert_eq!(expected, "\"white\" or \"black\"");

        let (key, _, _, expected, _) = bad_value("lang = \"klingon\"");
        assert_eq!(key, "lang");
        assert!(expected.contains("\"es\"") && !expected.contains("here"), "{expected}");

        for (text, key) in [
            ("time-control = 5400", "time-control"),
            ("time-control = \"-\"", "time-control"),
            ("clock = \"sandglass\"", "clock"),
            ("confirm = \"never\"", "confirm"),
            ("low-time-sides = \"opponent\"", "low-time-sides"),
            ("correction-seconds = -1", "correction-seconds"),
            ("correction-seconds = \"ten\"", "correction-seconds"),
            ("low-time-warnings = [60, 0]", "low-time-warnings"),
            ("low-time-warnings = [60, 1.5]", "low-time-warnings"),
            ("low-time-warnings = 60", "low-time-warnings"),
            ("white = 3", "white"),
            ("journal = 3", "journal"),
        ] {
            assert_eq!(bad_value(text).0, key, "{text}");
        }
        // The first bad key in file order is reported, not the first in
        // alphabetical order.
        assert_eq!(bad_value("side = \"red\"\nclock = \"x\"\n").0, "side");
    }

    #[test]
    fn values_parse_in_any_case_and_languages_by_name() {
        let p = parse("side = \"Black\"\nclock = \"MIRROR\"\nlang = \"pt\"").expect("valid");
        assert_eq!((p.side, p.clock, p.lang), (Some(Color::Black), Some(ClockMode::Mirror), Some(Lang::Pt)));
        assert_eq!(parse("lang = \"english\"").expect("valid").lang, Some(Lang::En));
        // Older settings files name figurines as a language: English speech.
        assert_eq!(parse("lang = \"figurine\"").expect("valid").lang, Some(Lang::En));
        assert!(parse("lang = \"klingon\"").is_err());
        for m in [ClockMode::Own, ClockMode::Mirror] {
            assert_eq!(m.word().parse::<ClockMode>(), Ok(m));
        }
        assert_eq!("both".parse::<WarnSides>(), Ok(WarnSides::Both));
        assert!("x".parse::<Confirm>().expect_err("bad word").to_string().contains("`always` `unsure` `echo`"));
        assert_eq!(parse("confirm = \"Echo\"").expect("valid").confirm, Some(Confirm::Echo));
        let p = parse("dgt-orientation = \"Turned\"\ndgt-clock-white = \"RIGHT\"").expect("valid");
        assert_eq!((p.dgt_orientation, p.dgt_clock_white), (Some(DgtOrientation::Turned), Some(DgtClockWhite::Right)));
        let (key, _, _, expected, _) = bad_value("dgt-clock-white = \"white\"");
        assert_eq!((key.as_str(), expected.as_str()), ("dgt-clock-white", "\"auto\", \"left\" or \"right\""));
    }

    #[test]
    fn syntax_errors_give_the_line() {
        match parse("lang = \"es\"\nside = white\n") {
            Err(ConfigError::Syntax { path, line, .. }) => {
                assert_eq!(path, Path::new("test.toml"));
                assert_eq!(line, 2);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse("lang = \"es\"\nlang = \"pt\"\n"), Err(ConfigError::Syntax { line: 2, .. })));
    }

    #[test]
    fn missing_user_file_is_fine_missing_profile_is_not() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let absent = dir.path().join("absent.toml");
        let c = load(None, Some(&absent), &PartialConfig::default()).expect("a missing user file is skipped");
        assert_eq!(c, Config::default());
        match load(Some(&absent), None, &PartialConfig::default()) {
            Err(ConfigError::Io { path, source }) => {
                assert_eq!(path, absent);
                assert_eq!(source.kind(), io::ErrorKind::NotFound);
            }
            other => panic!("{other:?}"),
        }
        // A user file that exists but is wrong is an error.
        let user = dir.path().join("user.toml");
        fs::write(&user, "colour = \"white\"\n").expect("write");
        let err = load(None, Some(&user), &PartialConfig::default()).expect_err("unknown key");
        assert!(matches!(&err, ConfigError::UnknownKey { path, key, .. } if path == &user && key == "colour"), "{err:?}");
    }

    #[test]
    fn xdg_paths() {
        let env = fake_env(&[("XDG_CONFIG_HOME", "/cfg"), ("XDG_STATE_HOME", "/state"), ("HOME", "/home/ana")]);
        assert_eq!(user_config_path(&env), Some(PathBuf::from("/cfg/tiflo/config.toml")));
        assert_eq!(journal_path(&Config::default(), &env), PathBuf::from("/state/tiflo/game.journal"));

        let env = fake_env(&[("HOME", "/home/ana")]);
        assert_eq!(user_config_path(&env), Some(PathBuf::from("/home/ana/.config/tiflo/config.toml")));
        assert_eq!(journal_path(&Config::default(), &env), PathBuf::from("/home/ana/.local/state/tiflo/game.journal"));

        // Empty and relative XDG values are ignored.
        let env = fake_env(&[("XDG_CONFIG_HOME", ""), ("XDG_STATE_HOME", "state"), ("HOME", "/home/ana")]);
        assert_eq!(user_config_path(&env), Some(PathBuf::from("/home/ana/.config/tiflo/config.toml")));
        assert_eq!(journal_path(&Config::default(), &env), PathBuf::from("/home/ana/.local/state/tiflo/game.journal"));

        let env = fake_env(&[]);
        assert_eq!(user_config_path(&env), None);
        assert_eq!(journal_path(&Config::default(), &env), PathBuf::from("./tiflo-game.journal"));

        let env = fake_env(&[("XDG_STATE_HOME", "/state"), ("HOME", "/home/ana")]);
        let mut c = Config { journal: Some(PathBuf::from("/games/x.journal")), ..Config::default() };
        assert_eq!(journal_path(&c, &env), PathBuf::from("/games/x.journal"));
        c.journal = Some(PathBuf::from("~/games/x.journal"));
        assert_eq!(journal_path(&c, &env), PathBuf::from("/home/ana/games/x.journal"));
        assert_eq!(journal_path(&c, &fake_env(&[])), PathBuf::from("~/games/x.journal"));
    }

    #[test]
    fn speech_and_listening_settings() {
        use crate::hearing::ear::ListenChoice;
        use crate::hearing::ear::Talk;
        use crate::speaking::speech::SpeechChoice;
        let mut c = Config::default();
        assert_eq!((c.speech.clone(), c.listen.clone(), c.talk), (SpeechChoice::Tts, ListenChoice::Auto, Talk::Always));
        c.apply(&parse("speech = \"wav:/tmp/said\"\nlisten = \"none\"\ntalk = \"push\"").expect("valid"));
        assert_eq!(c.speech, SpeechChoice::Wav(PathBuf::from("/tmp/said")));
        assert_eq!(c.listen, ListenChoice::None);
        assert_eq!(c.talk, Talk::Push);
        c.apply(&parse("listen = \"pcm:/run/mic\"\nspeech = \"text\"").expect("valid"));
        assert_eq!(c.listen, ListenChoice::Pcm(PathBuf::from("/run/mic")));
        assert_eq!(c.speech, SpeechChoice::Text);
        assert_eq!(bad_value("speech = \"loud\"").0, "speech");
        assert_eq!(bad_value("listen = \"ears\"").0, "listen");
        assert_eq!(bad_value("talk = \"sometimes\"").0, "talk");
        assert_eq!(c.hear_files.style(), None);
        c.apply(&parse("hear-files = \"nato\"").expect("valid"));
        assert_eq!(c.hear_files.style(), Some(Files::Nato));
        assert_eq!(bad_value("hear-files = \"runes\"").0, "hear-files");
        assert!(!c.hear_to);
        c.apply(&parse("hear-to = true").expect("valid"));
        assert!(c.hear_to);
        assert_eq!(bad_value("hear-to = \"yes\"").0, "hear-to");
    }

    #[test]
    fn models_dir_paths() {
        let env = fake_env(&[("XDG_DATA_HOME", "/data"), ("HOME", "/home/ana")]);
        assert_eq!(models_dir(&Config::default(), &env), PathBuf::from("/data/tiflo/models"));
        let env = fake_env(&[("XDG_DATA_HOME", "data"), ("HOME", "/home/ana")]);
        assert_eq!(models_dir(&Config::default(), &env), PathBuf::from("/home/ana/.local/share/tiflo/models"));
        assert_eq!(models_dir(&Config::default(), &fake_env(&[])), PathBuf::from("./tiflo-models"));
        let mut c = Config::default();
        c.apply(&parse("models-dir = \"~/voz\"").expect("valid"));
        assert_eq!(models_dir(&c, &env), PathBuf::from("/home/ana/voz"));
        c.apply(&parse("models-dir = \"/srv/models\"").expect("valid"));
        assert_eq!(models_dir(&c, &env), PathBuf::from("/srv/models"));
        c.apply(&parse("models-dir = \"\"").expect("valid"));
        assert_eq!(c.models_dir, None);
        assert_eq!(bad_value("models-dir = 3").0, "models-dir");
    }

    #[test]
    fn warnings_sorted_and_deduplicated() {
        let mut c = Config::default();
        c.apply(&parse("low-time-warnings = [10, 60, 10, 300, 60]").expect("valid"));
        assert_eq!(c.low_time_warnings, secs(&[300, 60, 10]));
        c.apply(&PartialConfig { low_time_warnings: Some(secs(&[5, 0, 30, 5])), ..PartialConfig::default() });
        assert_eq!(c.low_time_warnings, secs(&[30, 5]), "command-line values too; zero dropped");
        c.apply(&parse("low-time-warnings = []").expect("valid"));
        assert!(c.low_time_warnings.is_empty(), "no warnings");
    }

    proptest! {
        #[test]
        fn warnings_are_strictly_descending(list in proptest::collection::vec(0u64..1000, 0..12)) {
            let mut c = Config::default();
            c.apply(&PartialConfig { low_time_warnings: Some(secs(&list)), ..PartialConfig::default() });
            prop_assert!(c.low_time_warnings.windows(2).all(|w| w[0] > w[1]));
            for s in list.iter().filter(|&&s| s > 0) {
                prop_assert!(c.low_time_warnings.contains(&Duration::from_secs(*s)));
            }
        }
    }
}
