//! The spoken copy of tiflo's sentences (`pronounce::speakable`): each fix in
//! Spanish, Portuguese and English, whole sentences as tiflo says them, the
//! words of every pack, no panic on any input, idempotence, and espeak-ng
//! (installed by `scripts/setup.sh`) saying the letters as letters.

use std::process::Command;

use fluent_bundle::FluentArgs;
use proptest::prelude::*;
use tiflo::i18n::Texts;
use tiflo::notation::Lang;
use tiflo::speaking::pronounce::speakable;

fn say(lang: Lang, text: &str) -> String {
    speakable(&Texts::new(lang), lang, text)
}

fn check(lang: Lang, cases: &[(&str, &str)]) {
    for (text, spoken) in cases {
        assert_eq!(say(lang, text), *spoken, "{lang}: {text}");
    }
}

#[test]
fn squares() {
    check(Lang::Es, &[("e4", "eh cuatro"), ("f3", "efe tres"), ("a4", "ah cuatro"), ("h8.", "hache ocho."), ("(d5)", "(de cinco)")]);
    check(Lang::Pt, &[("e4", "é quatro"), ("f3", "efe três"), ("a4", "á quatro"), ("g1,", "gê um,")]);
    check(Lang::En, &[("e4", "ee four"), ("f3", "ef three"), ("a4", "eh four"), ("c6?", "cee six?")]);
}

#[test]
fn lone_letters() {
    check(
        Lang::Es,
        &[
            ("e toma peón en d5", "eh toma peón en de cinco"),
            ("a toma caballo en b5", "ah toma caballo en be cinco"),
            ("torre a e1", "torre ah eh uno"),
            ("caballo b d2", "caballo be de dos"),
            // "a" the preposition stays.
            ("Corregida: e4 pasa a ser d4.", "Corregida: eh cuatro pasa a ser de cuatro."),
            ("Ganan las blancas, uno a cero", "Ganan las blancas, uno a cero"),
        ],
    );
    check(
        Lang::Pt,
        &[
            ("e toma peão em d5", "é toma peão em dê cinco"),
            ("a toma cavalo em b5", "á toma cavalo em bê cinco"),
            ("h toma torre em g4", "agá toma torre em gê quatro"),
            // "a" the article and "e" the conjunction stay.
            ("a partida terminou: brancas e pretas assinam", "a partida terminou: brancas e pretas assinam"),
        ],
    );
    check(
        Lang::En,
        &[
            ("e takes pawn on d5", "ee takes pawn on dee five"),
            ("a takes knight on b5", "eh takes knight on bee five"),
            ("rook a e1", "rook eh ee one"),
            ("a", "eh"),
            ("file a.", "file eh."),
            // "a" the article stays.
            ("White offers a draw.", "White offers a draw."),
            ("Draw, half a point each", "Draw, half a point each"),
        ],
    );
    // Letters inside words are not files.
    check(Lang::Fr, &[("d'abord", "d'abord"), ("e-mail", "e-mail"), ("e.p.", "e.p.")]);
}

#[test]
fn clock_times() {
    check(
        Lang::Es,
        &[("05:00", "5 minutos"), ("1:12:00", "una hora y 12 minutos"), ("0:30", "30 segundos"), ("58:10", "58 minutos y 10 segundos"), ("1:00:01", "una hora y un segundo")],
    );
    check(Lang::Pt, &[("05:00", "5 minutos"), ("1:12:00", "uma hora, 12 minutos"), ("0:30", "30 segundos"), ("2:01:00", "2 horas, um minuto")]);
    check(
        Lang::En,
        &[("05:00", "5 minutes"), ("1:12:00", "one hour, 12 minutes"), ("0:30", "30 seconds"), ("1:05:00 58:10", "one hour, 5 minutes 58 minutes, 10 seconds")],
    );
    // Not times: a field of 60, a field of one digit, four fields.
    check(Lang::En, &[("1:60", "1:60"), ("1:5", "1:5"), ("1:00:00:00", "1:00:00:00")]);
}

#[test]
fn move_strings() {
    check(
        Lang::Es,
        &[
            ("1E5", "uno eh cinco"),
            ("Te8", "torre eh ocho"),
            ("Cf3", "caballo efe tres"),
            ("exd5", "eh toma de cinco"),
            ("e:d5", "eh toma de cinco"),
            ("O-O", "enroque corto"),
            ("0-0-0", "enroque largo"),
            ("O-O+", "enroque corto jaque"),
            ("e8=Q", "eh ocho cu"),
            ("e8=D", "eh ocho dama"),
            ("e8D", "eh ocho dama"),
            ("Dh5??", "dama hache cinco"),
            ("Dxf7#", "dama toma efe siete jaque mate"),
            ("e2-e4", "eh dos eh cuatro"),
            ("Cbd2", "caballo be de dos"),
            ("Pe4", "peón eh cuatro"),
            ("1.e4", "1. eh cuatro"),
            ("12...Cf6", "12... caballo efe seis"),
            ("Nf3", "ene efe tres"),
        ],
    );
    check(
        Lang::Pt,
        &[
            ("1E5", "um é cinco"),
            ("Te8", "torre é oito"),
            ("Cf3", "cavalo efe três"),
            ("exd5", "é toma dê cinco"),
            ("O-O", "roque pequeno"),
            ("O-O-O#", "roque grande xeque-mate"),
            ("e8=Q", "é oito quê"),
            ("e8=D", "é oito dama"),
            ("Dh5??", "dama agá cinco"),
            ("Bb5+", "bispo bê cinco xeque"),
        ],
    );
    check(
        Lang::En,
        &[
            ("1E5", "one ee five"),
            ("Re8", "rook ee eight"),
            ("Te8", "tee ee eight"),
            ("Nf3", "knight ef three"),
            ("exd5", "ee takes dee five"),
            ("O-O", "castles short"),
            ("0-0", "castles short"),
            ("e8=Q", "ee eight queen"),
            ("Qh5??", "queen aitch five"),
            ("Qh5?!", "queen aitch five"),
            ("Qh5!", "queen aitch five!"),
            ("Qxf7++", "queen takes ef seven checkmate"),
            ("e7e8q", "ee seven ee eight queen"),
            ("♘f3", "knight ef three"),
            ("g1-f3", "gee one ef three"),
            ("P-K4", "pawn king four"),
        ],
    );
}

#[test]
fn results() {
    check(Lang::Es, &[("1-0", "uno a cero"), ("0-1", "cero a uno"), ("½-½", "tablas"), ("1/2", "tablas")]);
    check(Lang::En, &[("1-0", "one to zero"), ("1/2-1/2", "draw")]);
}

#[test]
fn words_and_numbers_stay() {
    for lang in Lang::ALL {
        for text in ["30", "2.", "8.4", "1st", "2e", "1er", "mp3", "UTF8", "H2O", "Blancas:", "—", "", "   ", "½", "(=)", "5400+30"] {
            let expected = match text {
                "½" => say(lang, "1/2"),
                _ => text.to_owned(),
            };
            assert_eq!(say(lang, text), expected, "{lang}: {text}");
        }
    }
}

#[test]
fn tiflo_sentences_in_full() {
    check(
        Lang::Es,
        &[
            (
                "Te8 no es una jugada legal de Negras. Jugadas legales parecidas: torre g8.",
                "torre eh ocho no es una jugada legal de Negras. Jugadas legales parecidas: torre ge ocho.",
            ),
            ("2. Blancas: caballo f3", "2. Blancas: caballo efe tres"),
            ("e toma peón en d5", "eh toma peón en de cinco"),
            ("Blancas: quedan 05:00", "Blancas: quedan 5 minutos"),
            ("Blancas: ¿Cf3? Sí o no.", "Blancas: ¿caballo efe tres? Sí o no."),
            ("Resultado 1-0: ¿están de acuerdo los dos jugadores? Sí o no.", "Resultado uno a cero: ¿están de acuerdo los dos jugadores? Sí o no."),
            ("No entiendo 1E5 como jugada ni como orden.", "No entiendo uno eh cinco como jugada ni como orden."),
        ],
    );
    check(
        Lang::Pt,
        &[
            ("Te8 não é um lance legal das Pretas.", "torre é oito não é um lance legal das Pretas."),
            ("3. Pretas: e toma peão em d5", "3. Pretas: é toma peão em dê cinco"),
            ("Brancas: restam 0:30", "Brancas: restam 30 segundos"),
        ],
    );
    check(
        Lang::En,
        &[
            ("Re8 is not a legal move for Black. Similar legal moves: rook g8.", "rook ee eight is not a legal move for Black. Similar legal moves: rook gee eight."),
            ("2. White: knight f3", "2. White: knight ef three"),
            ("White: 1:12:00 left.", "White: one hour, 12 minutes left."),
        ],
    );
}

/// Sentences built from the packs themselves, as the session builds them.
#[test]
fn pack_sentences() {
    let t = Texts::new(Lang::Es);
    let mut args = FluentArgs::new();
    args.set("text", "Te8");
    args.set("side", t.text("side-black"));
    args.set("count", 1);
    args.set("candidates", "torre g8");
    let sentence = t.get("move-illegal", Some(&args));
    assert_eq!(speakable(&t, Lang::Es, &sentence), "torre eh ocho no es una jugada legal de las negras. Jugadas legales parecidas: torre ge ocho.");

    // Help texts name squares, moves, results and times; none is left as symbols.
    for lang in [Lang::Es, Lang::Pt, Lang::En] {
        let t = Texts::new(lang);
        let mut args = FluentArgs::new();
        args.set("command", "set");
        for id in ["help", "command-need-times", "command-need-square", "command-need-result"] {
            let spoken = speakable(&t, lang, &t.get(id, Some(&args)));
            assert!(!spoken.contains("1:05:00") && !spoken.contains("e4") && !spoken.contains("1-0"), "{lang} {id}: {spoken}");
        }
    }
}

/// The speech words agree with the move phrases of `moves.ftl`, and every
/// letter name is left alone by a second pass.
#[test]
fn speech_words_of_every_pack() {
    for lang in Lang::ALL {
        let t = Texts::new(lang);
        let phrase = |castle: &str, capture: &str, check: &str| {
            let mut a = FluentArgs::new();
            for (k, v) in [("files", "letters"), ("squares", "letters"), ("piece", ""), ("from", "e"), ("to", "d5"), ("captured", "X"), ("ep", "no"), ("promotion", "none")] {
                a.set(k, v);
            }
            a.set("castle", castle);
            a.set("capture", capture);
            a.set("check", check);
            t.get("move-phrase", Some(&a)).split_whitespace().collect::<Vec<_>>().join(" ")
        };
        assert_eq!(phrase("short", "no", "none"), t.text("castle-short"), "{lang}");
        assert_eq!(phrase("long", "no", "none"), t.text("castle-long"), "{lang}");
        assert!(phrase("none", "yes", "none").starts_with(&format!("e {} X ", t.text("capture-word"))), "{lang}: {}", phrase("none", "yes", "none"));
        assert!(phrase("none", "no", "check").ends_with(&format!(" {}", t.text("check-word"))), "{lang}");
        assert!(phrase("none", "no", "mate").ends_with(&format!(" {}", t.text("mate-word"))), "{lang}");

        let mut names = Vec::new();
        for l in 'a'..='z' {
            let mut a = FluentArgs::new();
            a.set("letter", l.to_string());
            let name = t.get("letter-name", Some(&a));
            assert!(!name.is_empty() && !name.contains(|c: char| c.is_ascii_digit()), "{lang} {l}");
            assert_eq!(say(lang, &name), name, "{lang}: the name of {l} is rewritten");
            names.push(name);
        }
        let mut files = names[..8].to_vec();
        files.sort();
        files.dedup();
        assert_eq!(files.len(), 8, "{lang}: two files share a name");
        for n in 0..10u64 {
            let mut a = FluentArgs::new();
            a.set("n", n);
            let word = t.get("number-word", Some(&a));
            assert!(!word.contains(|c: char| c.is_ascii_digit()), "{lang} {n}");
            assert_eq!(say(lang, &word), word, "{lang} {n}");
        }
        for id in ["capture-word", "check-word", "mate-word", "castle-short", "castle-long", "result-white", "result-black", "result-draw"] {
            let w = t.text(id);
            assert_eq!(say(lang, &w), w, "{lang} {id}");
        }
    }
}

/// Tokens of tiflo's sentences: words of the packs, lone letters, squares,
/// moves, times, results, numbers and punctuation.
fn tiflo_token() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "Blancas", "Negras", "toma", "takes", "peón", "pawn", "en", "on", "a", "e", "de", "quedan", "offers", "draw", "partida", "brancas",
            "pretas", "torre", "rook", "caballo", "knight", "jugada", "no", "es", "Sí", "o", "uno", "cero", "eh", "ah", "é", "á", "d'abord",
            "e.p.", "e-mail", "1st", "2e", "mp3",
        ])
        .prop_map(str::to_owned),
        "[a-h]",
        "[a-h][1-8]",
        "[KQRBNCDTAPSL]?[a-h]?[1-8]?[x:]?[a-h][1-8](=[QRBNDTCAS])?[+#]?(\\?\\?|\\?!|!|\\?)?",
        "[0-9]{1,2}\\.{1,3}[a-h][1-8]",
        "[0O]-[0O](-[0O])?[+#]?",
        "[0-9]{1,3}:[0-5][0-9](:[0-5][0-9])?",
        prop::sample::select(vec!["1-0", "0-1", "½-½", "1/2-1/2", "1/2", "30", "2.", "8.4", "1E5", "e2-e4", "(=)"]).prop_map(str::to_owned),
    ]
}

fn tiflo_sentence() -> impl Strategy<Value = String> {
    prop::collection::vec((tiflo_token(), prop::sample::select(vec![" ", " ", " ", ", ", ". ", ": ", "; ", " ¿", "? ", "\n", "("])), 0..14)
        .prop_map(|v| v.into_iter().map(|(t, sep)| t + sep).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn never_panics(text in any::<String>(), lang in prop::sample::select(Lang::ALL.to_vec())) {
        let _ = say(lang, &text);
    }

    #[test]
    fn never_panics_on_move_like_text(text in "[a-hA-Z0-9x:=+#?!/.'’½♘♞ ,-]{0,30}", lang in prop::sample::select(Lang::ALL.to_vec())) {
        let _ = say(lang, &text);
    }

    #[test]
    fn twice_is_once_on_move_like_text(text in "[a-hA-Z0-9x:=+#?!/.'’½♘ ,;¿()-]{0,24}", lang in prop::sample::select(Lang::ALL.to_vec())) {
        let once = say(lang, &text);
        prop_assert_eq!(say(lang, &once), once.clone(), "{}: {:?}", lang, text);
    }

    #[test]
    fn twice_is_once(text in tiflo_sentence(), lang in prop::sample::select(Lang::ALL.to_vec())) {
        let once = say(lang, &text);
        prop_assert_eq!(say(lang, &once), once.clone(), "{}: {:?}", lang, text);
    }
}

/// espeak-ng's phonemes of `text` in `voice` (no audio).
fn phonemes(voice: &str, text: &str) -> String {
    let out = Command::new("espeak-ng")
        .args(["-q", "-x", "-v", voice, text])
        .output()
        .expect("espeak-ng is installed by scripts/setup.sh");
    assert!(out.status.success(), "espeak-ng failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn espeak_says_files_as_letters() {
    for (lang, voice) in [(Lang::Es, "es"), (Lang::En, "en")] {
        // The fixed "a4" is said differently from the raw one.
        let fixed = say(lang, "a4");
        assert_ne!(phonemes(voice, &fixed), phonemes(voice, "a4"), "{voice}: {fixed}");
        // Every file's name is said as espeak-ng says the letter itself.
        // Spanish has one e: espeak-ng writes the open allophone `E` for the
        // letter f ("F." 'Efe) and the closed `e` for "efe"; the same sound.
        let norm = |p: String| if voice == "es" { p.replace('E', "e") } else { p };
        for l in 'a'..='h' {
            let letter = norm(phonemes(voice, &format!("{}.", l.to_ascii_uppercase())));
            let name = say(lang, &l.to_string());
            assert_eq!(norm(phonemes(voice, &name)), letter, "{voice}: {l} spoken as {name}");
        }
    }
    // The lone English "a" is the letter, not the article.
    let letter = phonemes("en", "A.");
    let fixed = phonemes("en", &say(Lang::En, "a takes pawn on b5"));
    assert!(fixed.starts_with(&letter), "{fixed} does not start with {letter}");
    assert!(!phonemes("en", "a takes pawn on b5").starts_with(&letter));
}
