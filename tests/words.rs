//! What the player hears, in every pack: numbers said right with Fluent's
//! plural rules (CLDR), results said in words, the clock readouts of the
//! rules for blind players (the times and the moves completed on request,
//! the time used on its own request, the Art. 8.4 exemption said once), and
//! both Portuguese packs each in its own variant.
//!
//! The expected words are written here by hand from each language, not
//! taken from tiflo's packs.

#[path = "common/play.rs"]
mod play;

use std::path::PathBuf;

use fluent_bundle::FluentArgs;
use fluent_syntax::ast;
use play::{Game, joined, setup};
use tiflo::i18n::Texts;

/// The packs a player can choose (`fide` and `ko` hold only move words).
const PACKS: [&str; 8] = ["en", "es", "pt", "pt-BR", "fr", "de", "it", "nl"];

/// The numbers every message that takes one is tried with.
const NUMBERS: [i64; 6] = [0, 1, 2, 5, 21, 100];

/// Words that say "one" (as a number or as the singular's article).
fn one_words(pack: &str) -> &'static [&'static str] {
    match pack {
        "en" => &["one"],
        "es" => &["un", "una", "uno"],
        "pt" | "pt-BR" => &["um", "uma"],
        "fr" => &["un", "une"],
        "de" => &["ein", "eine", "einer", "einen", "eins"],
        "it" => &["un", "una", "uno"],
        "nl" => &["een", "één", "eén"],
        _ => unreachable!(),
    }
}

/// Words that say "none", or "just now" for no minutes.
fn zero_words(pack: &str) -> &'static [&'static str] {
    match pack {
        "en" => &["no", "zero", "none", "now"],
        "es" => &["ninguna", "ningún", "ninguno", "cero", "ahora"],
        "pt" | "pt-BR" => &["nenhum", "nenhuma", "zero", "agora"],
        "fr" => &["aucun", "aucune", "zéro", "instant"],
        "de" => &["kein", "keine", "null", "gerade"],
        "it" => &["nessuna", "nessun", "nessuno", "zero", "adesso"],
        "nl" => &["geen", "nul", "zojuist", "net"],
        _ => unreachable!(),
    }
}

fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

fn count_of(text: &str, words: &[&str]) -> usize {
    tokens(text).iter().filter(|t| words.contains(&t.as_str())).count()
}

fn voices() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("voices")
}

/// A message of a pack: its file, its id, the variables it selects a
/// plural form on, and every variable it names.
struct Message {
    file: String,
    id: String,
    numeric: Vec<String>,
    vars: Vec<String>,
    /// Whether a plural selector has a variant of its own for 0 (a count
    /// of none that means something else, "the whole game", "just now").
    zero_variant: bool,
}

fn walk_pattern(p: &ast::Pattern<String>, numeric: &mut Vec<String>, vars: &mut Vec<String>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            walk_expression(expression, numeric, vars);
        }
    }
}

fn walk_inline(e: &ast::InlineExpression<String>, numeric: &mut Vec<String>, vars: &mut Vec<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            if !vars.contains(&id.name) {
                vars.push(id.name.clone());
            }
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, numeric, vars),
        ast::InlineExpression::TermReference { arguments: Some(args), .. }
        | ast::InlineExpression::FunctionReference { arguments: args, .. } => {
            for a in &args.positional {
                walk_inline(a, numeric, vars);
            }
            for a in &args.named {
                walk_inline(&a.value, numeric, vars);
            }
        }
        _ => {}
    }
}

fn walk_expression(e: &ast::Expression<String>, numeric: &mut Vec<String>, vars: &mut Vec<String>) {
    match e {
        ast::Expression::Inline(i) => walk_inline(i, numeric, vars),
        ast::Expression::Select { selector, variants } => {
            walk_inline(selector, numeric, vars);
            let plural = variants.iter().any(|v| match &v.key {
                ast::VariantKey::NumberLiteral { .. } => true,
                ast::VariantKey::Identifier { name } => ["zero", "one", "two", "few", "many"].contains(&name.as_str()),
            });
            if let (true, ast::InlineExpression::VariableReference { id }) = (plural, selector)
                && !numeric.contains(&id.name)
            {
                numeric.push(id.name.clone());
            }
            for v in variants {
                walk_pattern(&v.value, numeric, vars);
            }
        }
    }
}

fn messages(pack: &str) -> Vec<Message> {
    let dir = voices().join(pack);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).expect("pack folder").map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut out = Vec::new();
    for f in files.into_iter().filter(|f| f.extension().is_some_and(|e| e == "ftl")) {
        let text = std::fs::read_to_string(&f).unwrap();
        let res = fluent_syntax::parser::parse(text).expect("the pack parses");
        for e in res.body {
            if let ast::Entry::Message(m) = e
                && let Some(value) = &m.value
            {
                let (mut numeric, mut vars) = (Vec::new(), Vec::new());
                walk_pattern(value, &mut numeric, &mut vars);
                let file = f.file_name().unwrap().to_string_lossy().into_owned();
                let zero_variant = fluent_syntax::serializer::serialize(&ast::Resource { body: vec![ast::Entry::Message(m.clone())] }).contains("[0]");
                out.push(Message { file, id: m.id.name.clone(), numeric, vars, zero_variant });
            }
        }
    }
    out
}

/// Every message with `numeric` set to `n` and every other variable to a
/// placeholder.
fn format(texts: &Texts, m: &Message, n: i64) -> String {
    let mut args = FluentArgs::new();
    for v in &m.vars {
        if m.numeric.contains(v) {
            args.set(v.clone(), n);
        } else {
            args.set(v.clone(), "Xx");
        }
    }
    texts.get(&m.id, Some(&args))
}

/// §3: every number said right in every pack. A message that says its
/// number says this number (in figures, or the language's word for one; a
/// variant of its own for 0 says what none means there), and no count other
/// than one is said with the word for one ("Um lance completado" for none
/// was said before).
#[test]
fn every_number_is_said_right_in_every_pack() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for pack in PACKS {
        let texts = Texts::pack(pack).expect("a shipped pack");
        for m in messages(pack).iter().filter(|m| !m.numeric.is_empty()) {
            let five = format(&texts, m, 5);
            let says_number = tokens(&five).contains(&"5".to_owned());
            let ones_in_five = count_of(&five, one_words(pack));
            for n in NUMBERS {
                let text = format(&texts, m, n);
                checked += 1;
                if says_number && !(n == 0 && m.zero_variant) {
                    let said = tokens(&text).contains(&n.to_string())
                        || (n == 0 && count_of(&text, zero_words(pack)) > 0)
                        || (n == 1 && count_of(&text, one_words(pack)) > ones_in_five);
                    if !said {
                        wrong.push(format!("{pack} {} {}: {n} said as {text:?}", m.file, m.id));
                    }
                }
                if n != 1 && count_of(&text, one_words(pack)) > ones_in_five {
                    wrong.push(format!("{pack} {} {}: {n} said with the word for one: {text:?}", m.file, m.id));
                }
            }
        }
    }
    assert!(checked > 8 * 6 * 5, "the messages that take a number were found ({checked})");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The Portuguese zero of the issue, as a player hears it at the start of
/// a game: no move completed and no time used.
#[test]
fn portuguese_says_zero_moves_and_zero_seconds() {
    for lang in ["pt", "pt-BR"] {
        let mut g = Game::new(setup(lang));
        let said = joined(&g.line(0, "relógio"));
        assert!(said.contains("Nenhum lance completado"), "{lang}: {said}");
        let said = joined(&g.line(0, "tempo gasto"));
        assert_eq!(said, "Tempo usado: Brancas 0 segundos, Pretas 0 segundos.", "{lang}");
    }
}

/// Results said as words: no symbol a speech engine reads as arithmetic
/// ("um menos zero") or garbles (½), in any sentence of any pack the player
/// hears. Two messages quote what the player types (`resultado 1-0`) and
/// are excepted; the assistant's page and the printed sheet show results
/// as written.
#[test]
fn no_sentence_of_any_pack_says_a_result_as_symbols() {
    const SHOWN: [&str; 2] = ["page.ftl", "scoresheet.ftl"];
    const TYPED: [&str; 2] = ["help", "command-need-result"];
    let mut wrong = Vec::new();
    for pack in PACKS {
        let texts = Texts::pack(pack).unwrap();
        for m in messages(pack).iter().filter(|m| !SHOWN.contains(&m.file.as_str()) && !TYPED.contains(&m.id.as_str())) {
            for winner in ["white", "black", "none"] {
                let mut args = FluentArgs::new();
                for v in &m.vars {
                    if v == "winner" {
                        args.set(v.clone(), winner);
                    } else if m.numeric.contains(v) {
                        args.set(v.clone(), 2);
                    } else {
                        args.set(v.clone(), "Xx");
                    }
                }
                let text = texts.get(&m.id, Some(&args));
                if ["½", "1-0", "0-1", "1/2"].iter().any(|s| text.contains(s)) {
                    wrong.push(format!("{pack} {}: {text}", m.id));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn symbols(said: &[String]) -> Vec<&String> {
    said.iter().filter(|s| ["½", "1-0", "0-1", "1/2"].iter().any(|x| s.contains(x))).collect()
}

/// The same, in games played to each kind of end in every pack: what the
/// session says, arguments filled in by the code, holds no result symbol.
#[test]
fn games_ended_every_way_say_results_in_words() {
    // (moves, what ends the game, in each pack's words)
    let words = |pack: &str| -> (&str, &str, &str, &str, &str) {
        // draw, accept, resign, result, sign
        match pack {
            "en" => ("draw", "accept", "resign", "result 1-0", "sign"),
            "es" => ("tablas", "acepto", "abandono", "resultado 1-0", "firmo"),
            "pt" | "pt-BR" => ("empate", "aceito", "abandono", "resultado 1-0", "assino"),
            "fr" => ("nulle", "accepte", "abandonne", "résultat 1-0", "signe"),
            "de" => ("remis", "annehmen", "aufgeben", "ergebnis 1-0", "unterschreiben"),
            "it" => ("patta", "accetto", "abbandono", "risultato 1-0", "firmo"),
            "nl" => ("remise", "accepteer", "opgeven", "uitslag 1-0", "teken"),
            _ => unreachable!(),
        }
    };
    for pack in PACKS {
        let (draw, accept, resign, result, sign) = words(pack);
        let yes = Texts::pack(pack).unwrap().text("cmd-yes").split(',').next().unwrap().trim().to_owned();
        // Fool's mate, in UCI (every pack reads it).
        let mut g = Game::new(setup(pack));
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.line(1, m);
        }
        g.line(1, "e2e4");
        g.line(1, sign);
        // A draw by agreement, a resignation, a declared result.
        let mut d = Game::new(setup(pack));
        d.line(1, "e2e4");
        d.line(1, draw);
        d.line(1, accept);
        let mut r = Game::new(setup(pack));
        r.line(1, "e2e4");
        r.line(1, resign);
        r.line(1, &yes);
        let mut x = Game::new(setup(pack));
        x.line(1, "e2e4");
        x.line(1, result);
        x.line(1, &yes);
        for game in [&g, &d, &r, &x] {
            assert!(game.session.record().moves.len() >= 1, "{pack}: {:?}", game.said);
            assert!(symbols(&game.said).is_empty(), "{pack}: {:?}", symbols(&game.said));
        }
        assert!(g.said.len() > 5 && d.said.iter().chain(&r.said).chain(&x.said).count() > 6, "{pack}: {:?}", g.said);
    }
}

/// Supplement 3 and Appendix D: `clock` gives the two times and the moves
/// completed, and nothing else; the time used only on its own request.
#[test]
fn clock_gives_the_two_times_and_the_moves_completed_only() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5 Nf3");
    let said = g.line(1, "clock");
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("White: ") && said[0].contains(". Black: "), "{said:?}");
    assert!(said[0].ends_with("One move completed."), "{said:?}");
    assert!(!said[0].contains("used"), "{said:?}");
    for asked in ["used", "time used", "clock used"] {
        let said = g.line(1, asked);
        assert_eq!(said.len(), 1, "{asked}: {said:?}");
        assert!(said[0].starts_with("Time used: White "), "{asked}: {said:?}");
    }
    let mut es = Game::new(setup("es"));
    es.moves("e4 e5 Cf3 Cc6 Ab5");
    let said = es.line(1, "tiempo usado");
    assert!(said[0].starts_with("Tiempo usado: Blancas "), "{said:?}");
    let said = es.line(1, "reloj");
    assert!(said[0].ends_with("2 jugadas completadas."), "{said:?}");
}

/// Art. 8.4: a player under five minutes without an increment of 30 s or
/// more need not record; that is said once when it starts to apply, not
/// with every clock readout nor every move after.
#[test]
fn the_article_8_4_exemption_is_said_once_when_it_starts() {
    let mut st = setup("en");
    st.time_control = "330".parse().unwrap(); // 5 min 30 s, no increment
    st.low_time_warnings = Vec::new();
    let mut g = Game::new(st);
    g.moves("e4 e5");
    let exempt = |said: &[String]| said.iter().filter(|s| s.contains("8.4")).count();
    // White thinks 20 s at a time: under five minutes after the second move.
    let mut times = 0;
    for (w, b) in [("Nf3", "Nc6"), ("Bb5", "a6"), ("Ba4", "Nf6"), ("O-O", "Be7")] {
        for _ in 0..2 {
            times += exempt(&g.tick(10));
        }
        times += exempt(&g.line(0, w));
        times += exempt(&g.line(1, b));
        let clock = g.line(1, "clock");
        assert_eq!(exempt(&clock), 0, "the readout gives the times only: {clock:?}");
        times += exempt(&g.tick(1));
    }
    assert_eq!(times, 1, "{:?}", g.said);
    let said = g.said.iter().find(|s| s.contains("8.4")).unwrap();
    assert!(said.starts_with("White "), "the player's own exemption: {said}");
}

/// Spanish as a Spanish player says it: the side with its article, a
/// duration joined with "y", a draw not said twice.
#[test]
fn spanish_sentences_are_natural() {
    let mut g = Game::new(setup("es"));
    g.moves("e4");
    let said = joined(&g.line(1, "tablas"));
    assert!(said.contains("Las blancas ofrecen tablas."), "{said}");
    let said = joined(&g.line(1, "acepto"));
    assert!(said.contains("Tablas de mutuo acuerdo: medio punto para cada uno."), "{said}");
    assert_eq!(said.matches("ablas").count(), 1, "the draw is said once: {said}");
    let mut st = setup("es");
    st.time_control = "101".parse().unwrap();
    let mut g = Game::new(st);
    let said = joined(&g.line(0, "reloj"));
    assert!(said.contains("Blancas: un minuto y 41 segundos."), "{said}");
}

/// European and Brazilian Portuguese, each consistent: "tu" and "você" are
/// never mixed in one pack, and each uses its own words.
#[test]
fn each_portuguese_pack_keeps_to_its_variant() {
    // Forms of one variant that the other never uses (whole words).
    // ("escreve" and "diz" are also the third person in both.)
    let european = ["teu", "tua", "teus", "tuas", "querias", "disseste", "põe", "tira", "ecrã", "telemóvel", "ficheiro", "registo"];
    let brazilian = ["você", "escreva", "diga", "coloque", "tire", "repita", "tela", "celular", "arquivo", "registro", "ouvindo", "baixar"];
    let check = |pack: &str, foreign: &[&str]| {
        let texts = Texts::pack(pack).unwrap();
        let mut wrong = Vec::new();
        for m in messages(pack) {
            // Command words accept both variants' words on purpose.
            if m.file == "commands.ftl" || m.id.starts_with("cmd-") || m.id.starts_with("word-") || m.id.starts_with("hear-") {
                continue;
            }
            let text = format(&texts, &m, 2);
            for w in tokens(&text) {
                if foreign.contains(&w.as_str()) {
                    wrong.push(format!("{pack} {}: {w:?} in {text:?}", m.id));
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    };
    check("pt", &brazilian);
    check("pt-BR", &european);
    let pt = Texts::pack("pt").unwrap();
    let br = Texts::pack("pt-BR").unwrap();
    assert!(pt.text("help").contains("peças meus cavalos"), "{}", pt.text("help"));
    assert!(br.text("help").contains("peças meus cavalos"), "{}", br.text("help"));
    // The variant is chosen with --lang or the `lang` setting.
    let mut g = Game::new(setup("pt-BR"));
    let said = joined(&g.said.clone());
    assert!(said.contains("Você joga com as brancas"), "{said}");
    g.moves("e4 e5");
    let mut p = Game::new(setup("pt-PT"));
    assert!(joined(&p.said.clone()).contains("Jogas com as brancas"), "{:?}", p.said);
    p.moves("e4 e5");
    // Both read the same piece letters.
    g.moves("Cf3");
    p.moves("Cf3");
}
