//! The words tiflo prints or says, looked up in the language packs of
//! `voices/` (Fluent files). Code names a message by its id and never
//! assembles sentences from words.
//!
//! The packs shipped with tiflo are compiled into the binary, so a missing
//! installation folder never leaves the player without words. A message
//! missing from a pack falls back to English, and a message missing from
//! English is shown as its id (a test checks every pack has every id).

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
use unic_langid::LanguageIdentifier;

use crate::notation::Lang;

/// A language pack's files, compiled in.
macro_rules! pack {
    ($code:literal) => {
        (
            $code,
            &[
                include_str!(concat!("../voices/", $code, "/scoresheet.ftl")),
                include_str!(concat!("../voices/", $code, "/clock.ftl")),
                include_str!(concat!("../voices/", $code, "/session.ftl")),
                include_str!(concat!("../voices/", $code, "/commands.ftl")),
                include_str!(concat!("../voices/", $code, "/daemon.ftl")),
                include_str!(concat!("../voices/", $code, "/moves.ftl")),
                include_str!(concat!("../voices/", $code, "/speech.ftl")),
                include_str!(concat!("../voices/", $code, "/page.ftl")),
                include_str!(concat!("../voices/", $code, "/pairing.ftl")),
                include_str!(concat!("../voices/", $code, "/reasons.ftl")),
                include_str!(concat!("../voices/", $code, "/dialogue.ftl")),
                include_str!(concat!("../voices/", $code, "/notation.ftl")),
            ],
        )
    };
}

/// The packs shipped with tiflo: language code and the text of each file.
/// `pt` is European Portuguese (pt-PT), `pt-BR` Brazilian Portuguese.
/// `fide` holds only the international announcement words of moves, and
/// `ko` only the Korean words of moves (for hearing moves with the Korean
/// recogniser model; its other messages are English).
const PACKS: &[(&str, &[&str])] = &[
    pack!("en"),
    pack!("es"),
    pack!("pt"),
    pack!("pt-BR"),
    pack!("fr"),
    pack!("de"),
    pack!("it"),
    pack!("nl"),
    ("fide", &[include_str!("../voices/fide/moves.ftl")]),
    ("ko", &[include_str!("../voices/ko/moves.ftl")]),
];

/// Each pack's table of confusion costs (`voices/<code>/confusions.tsv`,
/// read by `crate::hearing::costs`), compiled in.
const CONFUSIONS: &[(&str, &str)] = &[
    ("en", include_str!("../voices/en/confusions.tsv")),
    ("es", include_str!("../voices/es/confusions.tsv")),
    ("pt", include_str!("../voices/pt/confusions.tsv")),
    ("pt-BR", include_str!("../voices/pt-BR/confusions.tsv")),
    ("fr", include_str!("../voices/fr/confusions.tsv")),
    ("de", include_str!("../voices/de/confusions.tsv")),
    ("it", include_str!("../voices/it/confusions.tsv")),
    ("nl", include_str!("../voices/nl/confusions.tsv")),
    ("fide", include_str!("../voices/fide/confusions.tsv")),
    ("ko", include_str!("../voices/ko/confusions.tsv")),
];

/// The table of confusion costs of pack `code`, as text.
pub fn confusions(code: &str) -> Option<&'static str> {
    CONFUSIONS.iter().find(|(c, _)| *c == code).map(|(_, t)| *t)
}

/// The messages of one language, with English behind them.
pub struct Texts {
    bundle: FluentBundle<FluentResource>,
    english: Option<FluentBundle<FluentResource>>,
}

fn bundle(code: &str) -> Option<FluentBundle<FluentResource>> {
    let (_, files) = PACKS.iter().find(|(c, _)| *c == code)?;
    // The FIDE words are German words, with German plural rules; `pt` is
    // European Portuguese, whose plural rules (CLDR) differ from Brazilian.
    let id: LanguageIdentifier = match code {
        "fide" => "de".parse().ok()?,
        "pt" => "pt-PT".parse().ok()?,
        _ => code.parse().ok()?,
    };
    let mut b = FluentBundle::new(vec![id]);
    // Isolation marks around arguments confuse braille displays and plain
    // text; tiflo's texts are left-to-right.
    b.set_use_isolating(false);
    for f in *files {
        let res = FluentResource::try_new((*f).to_owned()).expect("shipped Fluent files parse (tested)");
        b.add_resource(res).expect("no duplicate ids in shipped packs (tested)");
    }
    Some(b)
}

impl Texts {
    /// The pack's language tag (`es`, `pt`, …; the FIDE words are `de`), as
    /// an HTML `lang` attribute wants it.
    pub fn locale(&self) -> String {
        self.bundle.locales.first().map_or_else(|| "und".to_owned(), ToString::to_string)
    }

    /// The texts of `lang`.
    pub fn new(lang: Lang) -> Texts {
        let code = lang.code();
        let bundle = bundle(code).unwrap_or_else(|| bundle("en").expect("English pack"));
        let english = (code != "en").then(bundle_en);
        Texts { bundle, english }
    }

    /// The pack with code `code` (a language code, or `fide`), with English
    /// behind it.
    pub fn pack(code: &str) -> Option<Texts> {
        let bundle = bundle(code)?;
        let english = (code != "en").then(bundle_en);
        Some(Texts { bundle, english })
    }

    /// The message `id` with `args`.
    pub fn get(&self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        for b in std::iter::once(&self.bundle).chain(self.english.as_ref()) {
            if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return b.format_pattern(pattern, args, &mut errors).into_owned();
            }
        }
        id.to_owned()
    }

    /// The message `id` without arguments.
    pub fn text(&self, id: &str) -> String {
        self.get(id, None)
    }

    /// A reason (or any [`Said`]) in words, its inner reasons first.
    pub fn say(&self, said: &Said) -> String {
        let mut args = FluentArgs::new();
        for (name, arg) in &said.args {
            match arg {
                Arg::Data(text) => args.set(*name, text.clone()),
                Arg::Number(n) => args.set(*name, *n),
                Arg::Said(inner) => args.set(*name, self.say(inner)),
            }
        }
        self.get(said.id, Some(&args))
    }

    /// Whether this pack itself (not the English behind it) has `id`.
    pub fn has_own(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }
}

/// A message of the packs with its arguments, not yet in words: what a
/// typed error gives ([`Reason::said`]) so that it is said whole in the
/// player's language ([`Texts::say`]). Data (a path, a device's name, a
/// program's own message) is quoted as it is; everything else is words of
/// the pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// An argument of a [`Said`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// Quoted as it is: a path, an address, a name.
    Data(String),
    Number(i64),
    /// Another message, said in the same language.
    Said(Said),
}

impl Said {
    /// The message `id`, without arguments yet.
    pub fn new(id: &'static str) -> Said {
        Said { id, args: Vec::new() }
    }

    /// With `name` set to data quoted as it is.
    pub fn data(mut self, name: &'static str, value: impl Into<String>) -> Said {
        self.args.push((name, Arg::Data(value.into())));
        self
    }

    /// With `name` set to a number.
    pub fn number(mut self, name: &'static str, value: i64) -> Said {
        self.args.push((name, Arg::Number(value)));
        self
    }

    /// With `name` set to another message (an inner reason).
    pub fn with(mut self, name: &'static str, inner: Said) -> Said {
        self.args.push((name, Arg::Said(inner)));
        self
    }

    /// Two reasons, one after the other (`why-and`).
    pub fn and(self, next: Said) -> Said {
        Said::new("why-and").with("first", self).with("then", next)
    }

    /// The message's id.
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// The ids of this message and of every message inside it.
    pub fn ids(&self) -> Vec<&'static str> {
        let mut out = vec![self.id];
        for (_, a) in &self.args {
            if let Arg::Said(inner) = a {
                out.extend(inner.ids());
            }
        }
        out
    }

    /// The data quoted in this message and in every message inside it.
    pub fn data_values(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (_, a) in &self.args {
            match a {
                Arg::Data(d) => out.push(d.clone()),
                Arg::Number(n) => out.push(n.to_string()),
                Arg::Said(inner) => out.extend(inner.data_values()),
            }
        }
        out
    }
}

/// In English, for logs and for whoever sets the machine up.
impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&bundle_en_texts().say(self))
    }
}

fn bundle_en_texts() -> Texts {
    Texts { bundle: bundle_en(), english: None }
}

/// A typed error that can be said whole in the player's language.
pub trait Reason {
    /// What went wrong, as a message of the packs.
    fn said(&self) -> Said;
}

/// What the operating system said went wrong with a file, a device or a
/// connection (its `io::ErrorKind`), in the few kinds a player is told;
/// the system's own text is kept as data only for the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OsReason {
    /// There is no such file, device or address.
    NotFound,
    /// The system does not allow it.
    PermissionDenied,
    /// Another program holds it, or the address is taken.
    Busy,
    /// No answer in time.
    TimedOut,
    /// The other side refused the connection.
    Refused,
    /// The connection or the device went away.
    Lost,
    /// The disk is full.
    Full,
    /// The disk can only be read.
    ReadOnly,
    /// Anything else: the system's text, quoted.
    Other(String),
}

impl From<&std::io::Error> for OsReason {
    fn from(e: &std::io::Error) -> OsReason {
        OsReason::of_kind(e.kind(), e)
    }
}

impl OsReason {
    /// The reason for an error of `kind`, `detail` quoted for the rest.
    pub(crate) fn of_kind(kind: std::io::ErrorKind, detail: impl std::fmt::Display) -> OsReason {
        use std::io::ErrorKind as K;
        match kind {
            K::NotFound => OsReason::NotFound,
            K::PermissionDenied => OsReason::PermissionDenied,
            K::ResourceBusy | K::AddrInUse | K::WouldBlock => OsReason::Busy,
            K::TimedOut => OsReason::TimedOut,
            K::ConnectionRefused => OsReason::Refused,
            K::BrokenPipe | K::ConnectionReset | K::ConnectionAborted | K::NotConnected | K::UnexpectedEof => {
                OsReason::Lost
            }
            K::StorageFull | K::QuotaExceeded => OsReason::Full,
            K::ReadOnlyFilesystem => OsReason::ReadOnly,
            _ => OsReason::Other(detail.to_string()),
        }
    }
}

impl Reason for OsReason {
    fn said(&self) -> Said {
        match self {
            OsReason::NotFound => Said::new("why-os-not-found"),
            OsReason::PermissionDenied => Said::new("why-os-permission"),
            OsReason::Busy => Said::new("why-os-busy"),
            OsReason::TimedOut => Said::new("why-os-timed-out"),
            OsReason::Refused => Said::new("why-os-refused"),
            OsReason::Lost => Said::new("why-os-lost"),
            OsReason::Full => Said::new("why-os-full"),
            OsReason::ReadOnly => Said::new("why-os-read-only"),
            OsReason::Other(detail) => Said::new("why-os-other").data("detail", detail.clone()),
        }
    }
}

/// In English, for logs.
impl std::fmt::Display for OsReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.said().fmt(f)
    }
}

impl Reason for std::io::Error {
    fn said(&self) -> Said {
        OsReason::from(self).said()
    }
}

fn bundle_en() -> FluentBundle<FluentResource> {
    bundle("en").expect("English pack")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packs that hold only `moves.ftl`.
    const MOVES_ONLY: [&str; 2] = ["fide", "ko"];

    #[test]
    fn every_pack_has_every_english_message() {
        let en = bundle_en();
        let ids: Vec<String> = PACKS[0]
            .1
            .iter()
            .flat_map(|f| {
                FluentResource::try_new((*f).to_owned())
                    .unwrap()
                    .entries()
                    .filter_map(|e| match e {
                        fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(!ids.is_empty());
        for (code, _) in PACKS.iter().filter(|(c, _)| !MOVES_ONLY.contains(c)) {
            let b = bundle(code).unwrap();
            for id in &ids {
                assert!(b.has_message(id), "{code} lacks {id}");
                assert!(en.has_message(id));
            }
        }
    }

    #[test]
    fn moves_only_packs_have_every_message_of_english_moves() {
        let moves = FluentResource::try_new(include_str!("../voices/en/moves.ftl").to_owned()).unwrap();
        for code in MOVES_ONLY {
            let b = bundle(code).unwrap();
            for e in moves.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = e {
                    assert!(b.has_message(m.id.name), "{code} lacks {}", m.id.name);
                }
            }
        }
    }

    #[test]
    fn spanish_words() {
        let t = Texts::new(Lang::Es);
        assert_eq!(t.text("white"), "Blancas");
        let mut args = FluentArgs::new();
        args.set("what", t.text("claim-threefold"));
        assert_eq!(t.get("claim", Some(&args)), "reclamación: triple repetición");
    }
}
