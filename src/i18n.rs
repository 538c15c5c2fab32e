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
            ],
        )
    };
}

/// The packs shipped with tiflo: language code and the text of each file.
/// `fide` holds only the international announcement words of moves, and
/// `ko` only the Korean words of moves (for hearing moves with the Korean
/// recogniser model; its other messages are English).
const PACKS: &[(&str, &[&str])] = &[
    pack!("en"),
    pack!("es"),
    pack!("pt"),
    pack!("fr"),
    pack!("de"),
    pack!("it"),
    pack!("nl"),
    ("fide", &[include_str!("../voices/fide/moves.ftl")]),
    ("ko", &[include_str!("../voices/ko/moves.ftl")]),
];

/// The messages of one language, with English behind them.
pub struct Texts {
    bundle: FluentBundle<FluentResource>,
    english: Option<FluentBundle<FluentResource>>,
}

fn bundle(code: &str) -> Option<FluentBundle<FluentResource>> {
    let (_, files) = PACKS.iter().find(|(c, _)| *c == code)?;
    // The FIDE words are German words, with German plural rules.
    let id: LanguageIdentifier = if code == "fide" { "de".parse().ok()? } else { code.parse().ok()? };
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
