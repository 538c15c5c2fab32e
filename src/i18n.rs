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

/// The packs shipped with tiflo: language code and the text of each file.
const PACKS: &[(&str, &[&str])] = &[
    (
        "en",
        &[
            include_str!("../voices/en/scoresheet.ftl"),
            include_str!("../voices/en/clock.ftl"),
            include_str!("../voices/en/session.ftl"),
            include_str!("../voices/en/commands.ftl"),
            include_str!("../voices/en/daemon.ftl"),
        ],
    ),
    (
        "es",
        &[
            include_str!("../voices/es/scoresheet.ftl"),
            include_str!("../voices/es/clock.ftl"),
            include_str!("../voices/es/session.ftl"),
            include_str!("../voices/es/commands.ftl"),
            include_str!("../voices/es/daemon.ftl"),
        ],
    ),
    (
        "pt",
        &[
            include_str!("../voices/pt/scoresheet.ftl"),
            include_str!("../voices/pt/clock.ftl"),
            include_str!("../voices/pt/session.ftl"),
            include_str!("../voices/pt/commands.ftl"),
            include_str!("../voices/pt/daemon.ftl"),
        ],
    ),
    (
        "fr",
        &[
            include_str!("../voices/fr/scoresheet.ftl"),
            include_str!("../voices/fr/clock.ftl"),
            include_str!("../voices/fr/session.ftl"),
            include_str!("../voices/fr/commands.ftl"),
            include_str!("../voices/fr/daemon.ftl"),
        ],
    ),
    (
        "de",
        &[
            include_str!("../voices/de/scoresheet.ftl"),
            include_str!("../voices/de/clock.ftl"),
            include_str!("../voices/de/session.ftl"),
            include_str!("../voices/de/commands.ftl"),
            include_str!("../voices/de/daemon.ftl"),
        ],
    ),
    (
        "it",
        &[
            include_str!("../voices/it/scoresheet.ftl"),
            include_str!("../voices/it/clock.ftl"),
            include_str!("../voices/it/session.ftl"),
            include_str!("../voices/it/commands.ftl"),
            include_str!("../voices/it/daemon.ftl"),
        ],
    ),
    (
        "nl",
        &[
            include_str!("../voices/nl/scoresheet.ftl"),
            include_str!("../voices/nl/clock.ftl"),
            include_str!("../voices/nl/session.ftl"),
            include_str!("../voices/nl/commands.ftl"),
            include_str!("../voices/nl/daemon.ftl"),
        ],
    ),
];

/// The messages of one language, with English behind them.
pub struct Texts {
    bundle: FluentBundle<FluentResource>,
    english: Option<FluentBundle<FluentResource>>,
}

fn bundle(code: &str) -> Option<FluentBundle<FluentResource>> {
    let (_, files) = PACKS.iter().find(|(c, _)| *c == code)?;
    let id: LanguageIdentifier = code.parse().ok()?;
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
    /// The texts of `lang`; figurines use English words.
    pub fn new(lang: Lang) -> Texts {
        let code = if lang == Lang::Figurine { "en" } else { lang.code() };
        let bundle = bundle(code).unwrap_or_else(|| bundle("en").expect("English pack"));
        let english = (code != "en").then(bundle_en);
        Texts { bundle, english }
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
}

fn bundle_en() -> FluentBundle<FluentResource> {
    bundle("en").expect("English pack")
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for (code, _) in PACKS {
            let b = bundle(code).unwrap();
            for id in &ids {
                assert!(b.has_message(id), "{code} lacks {id}");
                assert!(en.has_message(id));
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
