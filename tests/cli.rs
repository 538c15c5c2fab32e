//! The `tiflo` binary on the seed games: the same game in short, long and
//! descriptive notation gives the same moves, the misprints of the printed
//! sources are reported (never read as moves), and `compare` finds the first
//! difference between two scoresheets.

use std::process::{Command, Output};

fn tiflo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tiflo")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().unwrap()
}

fn uci(file: &str) -> String {
    let out = tiflo(&["convert", "--to", "uci", &format!("tests/data/{file}")]);
    assert!(out.status.success(), "{file}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().split_whitespace().filter(|w| !matches!(*w, "1-0" | "*")).collect::<Vec<_>>().join(" ")
}

fn error_of(file: &str) -> String {
    let out = tiflo(&["convert", "--to", "uci", &format!("tests/data/{file}")]);
    assert_eq!(out.status.code(), Some(1), "{file} must fail");
    assert!(out.stdout.is_empty(), "{file}: a game with an unreadable move is not written");
    String::from_utf8(out.stderr).unwrap()
}

const APPENDIX_C: &str = "e2e4 e7e5 g1f3 g8f6 d2d4 e5d4 e4e5 f6e4 d1d4 d7d5 e5d6 e4d6 c1g5 b8c6 d4e3 f8e7 b1d2 e8g8 e1c1 f8e8 c1b1";
const ALEKHINE_FORRESTER: &str = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 b1c3 f8c5 f3e5 c6e5 d2d4 c5b4 d4e5 f6e4 d1d4 e4c3 b2c3 b4a5 c1a3 b7b6 e5e6 d8f6 a4d7 e8d8 d7c6 f6d4 e6e7";

#[test]
fn appendix_c_sample_game_in_every_form() {
    for f in ["appendix-c-sample.pgn", "appendix-c-long.txt", "appendix-c-spanish.txt", "appendix-c-descriptive-en.txt", "appendix-c-descriptive-es.txt"] {
        assert_eq!(uci(f), APPENDIX_C, "{f}");
    }
}

#[test]
fn alekhine_forrester_in_every_form() {
    for f in ["alekhine-forrester-short.txt", "alekhine-forrester-long.txt", "alekhine-forrester-descriptive.txt", "alekhine-forrester-descriptive-en.txt"] {
        assert_eq!(uci(f), ALEKHINE_FORRESTER, "{f}");
    }
}

#[test]
fn misprints_in_the_printed_sources_are_errors() {
    let e = error_of("appendix-c-long-as-printed.txt");
    assert!(e.contains("game 1, move 1 (White), line 1:4: cannot read `2e2e4`"), "{e}");
    assert!(e.contains("position: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "{e}");

    let e = error_of("alekhine-forrester-long-as-printed.txt");
    assert!(e.contains("cannot read `e2e5`") && e.contains("no legal move fits it"), "{e}");
    assert!(e.contains("candidates: e3, e4") || e.contains("candidates: e2-e3, e2-e4"), "{e}");

    let e = error_of("alekhine-forrester-descriptive-as-printed.txt");
    assert!(e.contains("move 5 (White)") && e.contains("cannot read `C2A`"), "{e}");
}

#[test]
fn german_knight_letter_is_never_a_pawn_move() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let path = format!("{dir}/german.txt");
    std::fs::write(&path, "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *").unwrap();
    let out = tiflo(&["convert", "--to", "uci", &path]);
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
    // Forced to read English, `Sf3` is an error, not f2-f3.
    let out = tiflo(&["convert", "--from", "san", "--from-lang", "en", "--to", "uci", &path]);
    assert_eq!(out.status.code(), Some(1));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("cannot read `Sf3`") && e.contains("not an English piece letter"), "{e}");
    assert!(e.contains("move 2 (White), line 1:13"), "{e}");
}

#[test]
fn an_unreadable_game_does_not_stop_the_others() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let path = format!("{dir}/three.pgn");
    std::fs::write(&path, "1. e4 e5 1-0\n\n1. e4 Ke7?? 2. Qh4 0-1\n\n1. d4 d5 1/2-1/2\n").unwrap();
    let out = tiflo(&["convert", "--to", "uci", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "e2e4 e7e5 1-0\nd2d4 d7d5 1/2-1/2\n");
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("game 2, move 1 (Black), line 3:7: cannot read `Ke7??`"), "{e}");
}

#[test]
fn compare_finds_the_first_difference() {
    let out = tiflo(&["compare", "tests/data/appendix-c-spanish.txt", "tests/data/appendix-c-long-qd4d3.txt"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("first difference at move 8 (White): De3+ vs Qd4d3\n"), "{text}");
    assert!(text.contains("position before it: r1bqkb1r/ppp2ppp/2nn4/6B1/3Q4/5N2/PPP2PPP/RN2KB1R w KQkq - 2 8"), "{text}");

    let out = tiflo(&["compare", "tests/data/appendix-c-spanish.txt", "tests/data/appendix-c-long.txt"]);
    assert_eq!(out.status.code(), Some(0));

    let out = tiflo(&["compare", "tests/data/appendix-c-spanish.txt", "tests/data/appendix-c-long-as-printed.txt"]);
    assert_eq!(out.status.code(), Some(2));

    let out = tiflo(&["compare", "tests/data/appendix-c-spanish.txt", "tests/data/no-such-file.pgn"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_lists_every_notation_and_language() {
    let out = tiflo(&["convert", "--help"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for name in ["san", "lan", "uci", "descriptive", "koch", "iccf", "gringmuth", "auto", "en", "es", "pt", "fr", "de", "it", "nl", "figurine"] {
        assert!(text.contains(&format!("  {name} ")), "--help lacks {name}:\n{text}");
    }
}

#[test]
fn fen_and_forsyth() {
    let out = tiflo(&["fen", "--from-lang", "es", "t1a1r2t|8|8|8|8|3c1C2|8|4R3"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "r1b1k2r/8/8/8/8/3n1N2/8/4K3 w kq - 0 1\n");
    let out = tiflo(&["fen", "--lang", "de", "--rows", "bar", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "tsldklst|bbbbbbbb|8|8|8|8|BBBBBBBB|TSLDKLST\n");
    let out = tiflo(&["fen", "--turn", "black", "--castling", "-", "rnbqkbnr\npppppppp\n8\n8\n4P3\n8\nPPPP1PPP\nRNBQKBNR"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1\n");
    let out = tiflo(&["fen", "8/8/8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("3 rows instead of 8"));
}

#[test]
fn spanish_scoresheet_of_the_sample_game() {
    let out = tiflo(&["convert", "--to", "san", "--lang", "es", "--format", "scoresheet", "tests/data/appendix-c-sample.pgn"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Planilla\nTorneo: FIDE Laws of Chess, Appendix C, sample game\n"), "{text}");
    assert!(text.contains("11. Rb1 (=)\n"), "{text}");
}

#[test]
fn figurines_are_piece_signs_with_any_language_s_words() {
    let sheet = |args: &[&str]| {
        let mut all = vec!["convert", "--to", "san", "--format", "scoresheet"];
        all.extend_from_slice(args);
        all.push("tests/data/appendix-c-sample.pgn");
        let out = tiflo(&all);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    // Spanish words, figurines for the pieces.
    let text = sheet(&["--lang", "es", "--figurines"]);
    assert!(text.starts_with("Planilla\n") && text.contains("11. ♔b1 (=)\n"), "{text}");
    // `--lang figurine`, as before: figurines with English words.
    let text = sheet(&["--lang", "figurine"]);
    assert!(!text.starts_with("Planilla") && text.contains("11. ♔b1 (=)\n"), "{text}");
    assert_eq!(text, sheet(&["--lang", "en", "--figurines"]));
    // Forsyth with figurines, read back.
    let out = tiflo(&["fen", "--figurines", "--rows", "bar", "8/8/8/8/8/8/8/4K2k w - - 0 1"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "8|8|8|8|8|8|8|4♔2♚\n");
    let out = tiflo(&["fen", "--from-lang", "figurine", "8|8|8|8|8|8|8|4♔2♚"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "8/8/8/8/8/8/8/4K2k w - - 0 1\n");
}

#[test]
fn telegraph_and_numeric_codes_are_detected() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    for (name, text) in [
        ("koch.txt", "1. 5254 – 5755 2. 7163-2836 *"),
        ("iccf.txt", "1. 5254 5755 2. 7163 2836 *"),
        ("gringmuth.txt", "1. gego-seso 2. kahi-napi *"),
    ] {
        let path = format!("{dir}/{name}");
        std::fs::write(&path, text).unwrap();
        let out = tiflo(&["convert", "--to", "uci", &path]);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "e2e4 e7e5 g1f3 b8c6", "{name}");
    }
}

#[test]
fn a_comment_before_the_tags_does_not_hide_the_start_position() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let path = format!("{dir}/fen-after-comment.pgn");
    std::fs::write(&path, "; a game from a position\n[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n").unwrap();
    let out = tiflo(&["convert", "--to", "uci", &path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "e2e4 e8d7\n");
}

/// Inputs found by review where a word could have been lost or misread; each
/// must now be read right or reported.
#[test]
fn review_findings_stay_fixed() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let cases: &[(&str, &str, Option<&str>, Option<&str>)] = &[
        // An unclosed tag reports its game and does not swallow the next one.
        ("tag.pgn", "[White \"Kasparov, G.]\n\n1. e4 e5 1-0\n\n[White \"Karpov\"]\n\n1. d4 d5 0-1\n", Some("d2d4 d7d5 0-1\n"), Some("is not a tag")),
        // An e.p. mark away from its move is still checked.
        ("ep.pgn", "1. e4 f5 2. exf5 $1 e.p. *\n", Some(""), Some("marked en passant but is not an en passant capture")),
        // A `[` inside the moves does not start a new game.
        ("diagram.pgn", "1. e4 e5 [diagram] Nf3 Nc6\n", Some(""), Some("`[diagram]` is not a tag")),
        // Readings that differ only in a variation are ambiguous.
        ("variation.pgn", "[FEN \"4k3/4p3/8/8/8/8/4P3/R3K3 w - - 0 1\"]\n\n1. e3 (1. Rd1) e6 *\n", Some(""), Some("ambiguous")),
        // A result closing a variation is not the game's result.
        ("result.pgn", "1. e4 (1. d4 1-0) e5 2. Nf3\n", Some("e2e4 e7e5 g1f3\n"), None),
        // A byte-order mark, and tags on one line.
        ("bom.pgn", "\u{feff}[Event \"x\"][Site \"y\"] 1. e4 e5 *\n", Some("e2e4 e7e5\n"), None),
        // Marks in parentheses.
        ("paren.pgn", "1. e4 d5 2. e5 f5 3. exf6 (e.p.) (3. d4) e6 (!) *\n", Some("e2e4 d7d5 e4e5 f7f5 e5f6 e7e6\n"), None),
        // An unclosed variation is reported where it opens.
        ("open.pgn", "1. e4 (1. d4 d5 2. c4\n", Some(""), Some("line 1:7: a variation that is never closed")),
    ];
    for (name, text, stdout, stderr) in cases {
        let path = format!("{dir}/{name}");
        std::fs::write(&path, text).unwrap();
        let out = tiflo(&["convert", "--to", "uci", &path]);
        let (o, e) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
        if let Some(want) = stdout {
            assert_eq!(&o, want, "{name}: {e}");
        }
        match stderr {
            Some(want) => {
                assert!(e.contains(want), "{name}: {e}");
                assert_eq!(out.status.code(), Some(1), "{name}");
            }
            None => assert!(out.status.success(), "{name}: {e}"),
        }
    }
}

#[test]
fn compare_reports_an_unreadable_start_as_an_error() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let good = format!("{dir}/good-fen.pgn");
    let bad = format!("{dir}/bad-fen.pgn");
    std::fs::write(&good, "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n").unwrap();
    std::fs::write(&bad, "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 x\"]\n\n1. e4 *\n").unwrap();
    let out = tiflo(&["compare", &good, &bad]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stdout));
}

/// Runs tiflo with its standard output a pipe whose reading end is already
/// closed (as `tiflo ... | head` once head has read enough).
fn into_closed_pipe(dir: &std::path::Path, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_tiflo"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(writer)
        .output()
        .unwrap()
}

#[test]
fn every_command_ends_quietly_when_its_output_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let journal = d.join("game.journal");
    // A journal to print: a daemon's game.
    let out = Command::new(env!("CARGO_BIN_EXE_tiflo"))
        .env("HOME", d)
        .env("XDG_CONFIG_HOME", d.join("config"))
        .args(["daemon", "--lang", "en", "--speech", "text", "--listen", "none", "--braille", "none", "--journal"])
        .arg(&journal)
        .stdin(std::fs::File::open("/dev/null").unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let journal = journal.to_str().unwrap();
    let pgn = "tests/data/appendix-c-sample.pgn";
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let models = d.join("models");
    std::fs::create_dir_all(&models).unwrap();
    // A move said, for `hear` to print (espeak-ng: scripts/setup.sh --test).
    let wav = d.join("e4.wav");
    let said = Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&wav).arg("e four").output().expect("espeak-ng");
    assert!(said.status.success());
    let wav = wav.to_str().unwrap();
    let commands: &[&[&str]] = &[
        &["convert", "--to", "san", "--lang", "es", pgn],
        &["convert", "--to", "san", "--format", "scoresheet", pgn],
        &["fen", fen],
        &["compare", pgn, "tests/data/appendix-c-long.txt"],
        &["compare", pgn, "tests/data/alekhine-forrester-short.txt"],
        &["scoresheet", journal],
        &["scoresheet", "--format", "text", journal],
        &["announce", "--lang", "es", pgn],
        &["braille", "board", "--lang", "es", "--cells", "12"],
        &["braille", "line", "--lang", "es", "--move", "Cf3"],
        &["adapt", "--prompts"],
        &["hear", "--engine", "pocketsphinx", wav],
        &["models", "list", "--dir", models.to_str().unwrap()],
        &["daemon", "--lang", "en", "--speech", "text", "--listen", "none", "--braille", "none", "--journal", journal],
        &["daemon", "--lang", "en", "--speech", "text", "--listen", "none", "--braille", "terminal", "--journal", journal],
        &["--help"],
        &["braille", "--help"],
        &["--version"],
    ];
    for args in commands {
        let out = into_closed_pipe(d, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
        assert_eq!(stderr, "", "{args:?} ends without a message");
        assert!(out.status.success(), "{args:?}: {:?}", out.status);
    }
}

#[test]
fn move_numbers_of_four_digits_and_more_are_read() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let games = [
        // PGN from a position at move 999, across move 1000.
        "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 999\"]\n[SetUp \"1\"]\n\n999. Kd2 Kd7 1000. Ke3 1000... Ke6 1001.Kf4 Kf6 *\n",
        // Bare movetext with the position in the FEN tag, Black first.
        "[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 12345\"]\n\n12345... Kd7 12346. Kd2 Ke6 *\n",
    ];
    let expected = ["e1d2 e8d7 d2e3 d7e6 e3f4 e6f6", "e8d7 e1d2 d7e6"];
    for (i, (game, want)) in games.iter().zip(expected).enumerate() {
        let path = format!("{dir}/long-numbers-{i}.pgn");
        std::fs::write(&path, game).unwrap();
        let out = tiflo(&["convert", "--to", "uci", &path]);
        assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let got = String::from_utf8(out.stdout).unwrap();
        assert_eq!(got.split_whitespace().filter(|w| *w != "*").collect::<Vec<_>>().join(" "), want, "{game}");
        // And what tiflo writes of it reads back the same.
        let out = tiflo(&["convert", "--to", "san", &path]);
        assert!(out.status.success());
        let again = format!("{dir}/long-numbers-{i}-again.pgn");
        std::fs::write(&again, &out.stdout).unwrap();
        let out = tiflo(&["convert", "--to", "uci", &again]);
        assert!(out.status.success(), "{}: {}", String::from_utf8_lossy(&std::fs::read(&again).unwrap()), String::from_utf8_lossy(&out.stderr));
    }
    // A wrong number of that length is still an error.
    let path = format!("{dir}/long-numbers-wrong.pgn");
    std::fs::write(&path, "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 999\"]\n[SetUp \"1\"]\n\n1999. Kd2 *\n").unwrap();
    let out = tiflo(&["convert", "--to", "uci", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move number `1999.` (1999) where move 999 was expected"));
}

#[test]
fn an_unreadable_word_is_quoted_by_its_beginning_only() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let path = format!("{dir}/long-word.pgn");
    let word = "Q".repeat(300);
    std::fs::write(&path, format!("1. e4 {word} *\n")).unwrap();
    let e = error_of_path(&path);
    assert!(e.contains(&format!("cannot read `{}…`", "Q".repeat(40))) && !e.contains(&"Q".repeat(41)), "{e}");
}

fn error_of_path(path: &str) -> String {
    let out = tiflo(&["convert", "--to", "uci", path]);
    assert_eq!(out.status.code(), Some(1), "{path} must fail");
    String::from_utf8(out.stderr).unwrap()
}

/// The JSON lines `tiflo hear` printed, with the time each took (which
/// differs from run to run) left out.
fn heard_lines(out: &Output) -> Vec<serde_json::Value> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("latency_ms");
            v
        })
        .collect()
}

/// pocketsphinx hears US English only: Spanish speech with no Spanish
/// model installed is said to need one (and how to get it), and
/// pocketsphinx asked for by name is said to hear English only, never the
/// recogniser's "knows none of the words of this grammar".
#[test]
fn hear_in_another_language_without_its_model_says_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("cf3.wav");
    let said = Command::new("espeak-ng").args(["-v", "es", "-w"]).arg(&wav).arg("caballo f tres").output().expect("espeak-ng");
    assert!(said.status.success());
    let hear = |engine: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tiflo"))
            .args(["hear", "--lang", "es"])
            .args(engine)
            .arg(&wav)
            .env("XDG_DATA_HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{engine:?}: {out:?}");
        assert!(out.stdout.is_empty(), "{engine:?}: {out:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    // In the player's language: Spanish, the settings' default, then
    // English.
    let auto = hear(&[]);
    assert!(auto.contains("tiflo models fetch es") && !auto.contains("grammar"), "{auto}");
    let sphinx = hear(&["--engine", "pocketsphinx"]);
    assert!(sphinx.contains("pocketsphinx: solo oye inglés"), "{sphinx}");
    std::fs::create_dir_all(dir.path().join("tiflo")).unwrap();
    std::fs::write(dir.path().join("tiflo/config.toml"), "lang = \"en\"\n").unwrap();
    let auto = hear(&[]);
    assert!(auto.contains("tiflo models fetch es") && !auto.contains("grammar"), "{auto}");
    let sphinx = hear(&["--engine", "pocketsphinx"]);
    assert!(sphinx.contains("pocketsphinx recogniser cannot be used: it hears English only"), "{sphinx}");
}

#[test]
fn hear_takes_the_file_before_or_after_the_moves() {
    let dir = tempfile::tempdir().unwrap();
    // A move legal only once the moves are played (espeak-ng:
    // scripts/setup.sh --test).
    let wav = dir.path().join("qh5.wav");
    let said = Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&wav).arg("queen h five").output().expect("espeak-ng");
    assert!(said.status.success());
    let wav = wav.to_str().unwrap();
    // The model as installed (Debian's, the same on every machine), not
    // the hall model made at set-up: this is about where the file goes.
    let hear = |args: &[&str]| heard_lines(&tiflo(&[&["hear", "--lang", "en", "--engine", "pocketsphinx", "--no-adapted"], args].concat()));
    let after = hear(&[wav, "--moves", "e2e4", "e7e5"]);
    let before = hear(&["--moves", "e2e4", "e7e5", wav]);
    assert_eq!(after, before);
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(after[0]["candidates"][0], "d1h5", "{after:?}");
    // Without the moves there is no queen move to hear.
    assert_ne!(hear(&[wav])[0]["candidates"].get(0), Some(&serde_json::json!("d1h5")));
    // A move that is not legal is still an error, wherever the file is.
    for args in [&[wav, "--moves", "e2e4", "e2e4"][..], &["--moves", "e2e4", "e2e4", wav]] {
        let out = tiflo(&[&["hear", "--engine", "pocketsphinx"], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("move 2 (e2e4) is not a legal move"), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let out = tiflo(&["hear", "--moves", "e2e4", "e7e5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no sound file given"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn hear_text_runs_the_understanding_alone() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let lines = heard_lines(&tiflo(&["hear", "--text", "knight to f three", "--fen", START, "--lang", "en"]));
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    // The keys of an utterance heard in a sound file, nothing timed.
    let mut keys: Vec<&str> = line.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["alternatives", "candidates", "decision", "end_ms", "heard", "move", "start_ms"]);
    assert_eq!(line["heard"], "knight to f three");
    assert_eq!(line["candidates"][0], "g1f3", "{line}");
    assert_ne!(line["decision"], "reject", "{line}");
    assert!(line["start_ms"].is_null() && line["end_ms"].is_null(), "{line}");
    // Several phrasings, one line each, in the position after --moves, in
    // the pack of --lang.
    let lines = heard_lines(&tiflo(&["hear", "--moves", "e2e4", "e7e5", "--text", "queen h five", "--text", "bishop c four"]));
    let firsts: Vec<&serde_json::Value> = lines.iter().map(|l| &l["candidates"][0]).collect();
    assert_eq!(firsts, ["d1h5", "f1c4"], "{lines:?}");
    let lines = heard_lines(&tiflo(&["hear", "--lang", "es", "--text", "caballo f tres"]));
    assert_eq!(lines[0]["candidates"][0], "g1f3", "{lines:?}");
    // Words that read as no legal move are rejected.
    let lines = heard_lines(&tiflo(&["hear", "--text", "queen h five", "--fen", START]));
    assert_eq!((&lines[0]["decision"], &lines[0]["move"]), (&serde_json::json!("reject"), &serde_json::Value::Null), "{lines:?}");
    // No sound is heard with --text.
    let out = tiflo(&["hear", "--text", "e four", "some.wav"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Issue 19 §3: a move heard exactly is asked with a yes or a no, never
/// offered in a numbered choice with the moves its letters might have been
/// ("e two e four" at the start is not e4, a4, b4 or c4); a reading no
/// legal move fits exactly is still a choice between the close ones.
#[test]
fn an_exactly_heard_move_is_asked_alone() {
    for (text, uci) in [("e two e four", "e2e4"), ("e four", "e2e4"), ("knight f three", "g1f3"), ("g one f three", "g1f3"), ("pawn d four", "d2d4")] {
        let lines = heard_lines(&tiflo(&["hear", "--text", text]));
        assert_eq!((&lines[0]["decision"], &lines[0]["candidates"]), (&serde_json::json!("ask"), &serde_json::json!([uci])), "{text}: {lines:?}");
    }
    // No knight reaches e3: "e" stands for another letter, each asked.
    let lines = heard_lines(&tiflo(&["hear", "--text", "knight e three"]));
    let offered = lines[0]["candidates"].as_array().unwrap();
    assert!(offered.contains(&serde_json::json!("b1c3")) && offered.len() > 1, "{lines:?}");
}
