//! tiflo's reader against two independent PGN readers: pgn-extract (Debian)
//! and python-chess (PyPI), both installed by `scripts/setup.sh --test`.
//! A generated corpus of 2,000 random games (promotions, under-promotions,
//! en passant and both castlings included) must give the same UCI moves,
//! game by game and move by move, from all three.

use std::path::PathBuf;
use std::process::Command;

fn tiflo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tiflo"))
}

fn corpus_file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Each game's moves, without the result.
fn tiflo_games(path: &PathBuf) -> Vec<Vec<String>> {
    let out = tiflo().args(["convert", "--to", "uci"]).arg(path).output().unwrap();
    assert!(out.status.success(), "tiflo failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().filter(|w| !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*")).map(str::to_owned).collect())
        .collect()
}

fn with_games_path() -> String {
    format!("/usr/games:{}", std::env::var("PATH").unwrap_or_default())
}

fn pgn_extract_games(path: &PathBuf) -> Vec<Vec<String>> {
    let out = Command::new("pgn-extract")
        .env("PATH", with_games_path())
        .args(["-Wuci", "-s", "--nocomments", "--novars"])
        .arg(path)
        .output()
        .expect("pgn-extract is installed by scripts/setup.sh --test");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("Failed to make move"), "pgn-extract could not read the corpus: {stderr}");
    let text = String::from_utf8(out.stdout).unwrap();
    // Tags, a blank line, the moves on one line ending with the result.
    text.lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .filter(|w| !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*"))
                .map(str::to_ascii_lowercase)
                .collect()
        })
        .collect()
}

fn python_chess_games(path: &PathBuf) -> Vec<Vec<String>> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracles/python_chess_uci.py");
    let out = Command::new("python3").arg(script).arg(path).output().expect("python3");
    assert!(out.status.success(), "python-chess oracle failed: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("ERROR"), "python-chess could not read the corpus: {text}");
    text.lines().map(|l| l.split_whitespace().map(str::to_owned).collect()).collect()
}

fn agree(name: &str, ours: &[Vec<String>], theirs: &[Vec<String>]) {
    assert_eq!(ours.len(), theirs.len(), "{name}: number of games");
    for (i, (a, b)) in ours.iter().zip(theirs).enumerate() {
        if a != b {
            let ply = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
            panic!("{name}: game {} differs at ply {ply}: tiflo {:?} vs {:?}", i + 1, a.get(ply), b.get(ply));
        }
    }
}

#[test]
fn two_thousand_random_games_agree_with_pgn_extract_and_python_chess() {
    let text = tiflo::testkit::corpus::pgn_corpus(2026, 2000, 20, 300);
    let path = corpus_file("oracle-corpus.pgn", &text);
    let ours = tiflo_games(&path);
    assert_eq!(ours.len(), 2000);
    let total: usize = ours.iter().map(Vec::len).sum();
    assert!(total > 200_000, "the corpus has {total} plies");
    agree("pgn-extract", &ours, &pgn_extract_games(&path));
    agree("python-chess", &ours, &python_chess_games(&path));
}

#[test]
fn the_same_games_in_other_languages_read_back_to_the_oracles_moves() {
    // tiflo writes the corpus in Spanish, German and figurines; reading those
    // back must give what python-chess read from the English original.
    let text = tiflo::testkit::corpus::pgn_corpus(77, 200, 20, 300);
    let path = corpus_file("oracle-corpus-small.pgn", &text);
    let reference = python_chess_games(&path);
    for lang in ["es", "de", "figurine", "nl"] {
        let out = tiflo().args(["convert", "--to", "san", "--lang", lang]).arg(&path).output().unwrap();
        assert!(out.status.success());
        let translated = corpus_file(&format!("oracle-corpus-{lang}.pgn"), &String::from_utf8(out.stdout).unwrap());
        agree(lang, &tiflo_games(&translated), &reference);
    }
}

/// A game played through the daemon with the player's names and event from
/// the settings, exported as PGN by `tiflo scoresheet`.
fn game_with_tags(dir: &std::path::Path, settings: &str) -> String {
    let config = dir.join("profile.toml");
    std::fs::write(&config, settings).unwrap();
    let journal = dir.join("game.journal");
    let mut child = tiflo()
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .arg("daemon")
        .arg("--config")
        .arg(&config)
        .args(["--lang", "en", "--speech", "text", "--listen", "none", "--braille", "none", "--journal"])
        .arg(&journal)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"e4\ne5\nNf3\n").unwrap();
    drop(child.stdin.take());
    assert!(child.wait().unwrap().success());
    let out = tiflo().arg("scoresheet").arg(&journal).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn tags_with_quotes_backslashes_and_newlines_are_read_back_by_pgn_extract_and_python_chess() {
    let dir = tempfile::tempdir().unwrap();
    // TOML strings: \" a quote, \\ a backslash, \n a newline, \t a tab,
    // \u0007 a bell.
    let settings = concat!(
        "event = \"Open \\\"Grand\\\" Prix\\n[Black \\\"Mallory\\\"]\\n[Result \\\"0-1\\\"]\"\n",
        "site = \"C:\\\\Clubs\\\\\"\n",
        "white = \"Ana\\t\\u0007\\\"The Rook\\\" Ruiz ] [\\\\\"\n",
        "black = \"Bea \\u2028 Brito; {not a comment} %\"\n",
    );
    let pgn = game_with_tags(dir.path(), settings);
    let path = corpus_file("nasty-tags.pgn", &pgn);
    let expected: Vec<(String, String)> = [
        ("Event", "Open \"Grand\" Prix[Black \"Mallory\"][Result \"0-1\"]"),
        ("Site", "C:\\Clubs\\"),
        ("White", "Ana\"The Rook\" Ruiz ] [\\"),
        ("Black", "Bea \u{2028} Brito; {not a comment} %"),
        ("Result", "*"),
    ]
    .iter()
    .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
    .collect();
    let named = |tags: &[(String, String)], name: &str| -> Vec<String> {
        tags.iter().filter(|(n, _)| n == name).map(|(_, v)| v.clone()).collect()
    };
    let check = |who: &str, tags: Vec<(String, String)>| {
        let names: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
        for (name, value) in &expected {
            assert_eq!(named(&tags, name), std::slice::from_ref(value), "{who}: one {name} tag, its value; the tags: {names:?}\n{pgn}");
        }
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{who}: no tag twice: {names:?}\n{pgn}");
    };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracles/pgn_tags.py");
    let pairs = |v: &serde_json::Value| -> Vec<(String, String)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_str().unwrap().to_owned(), p[1].as_str().unwrap().to_owned()))
            .collect()
    };

    // python-chess: the tags, the moves, no error.
    let out = Command::new("python3").arg(script).arg(&path).output().expect("python3");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(games.as_array().unwrap().len(), 1, "one game:\n{pgn}");
    assert_eq!(games[0]["errors"], serde_json::json!([]), "{pgn}");
    assert_eq!(games[0]["moves"], serde_json::json!(["e2e4", "e7e5", "g1f3"]), "{pgn}");
    check("python-chess", pairs(&games[0]["tags"]));

    // pgn-extract, its JSON output.
    let out = Command::new("pgn-extract")
        .env("PATH", with_games_path())
        .args(["--json", "-s"])
        .arg(&path)
        .output()
        .expect("pgn-extract is installed by scripts/setup.sh --test");
    assert!(out.status.success() && out.stderr.is_empty(), "pgn-extract: {}", String::from_utf8_lossy(&out.stderr));
    let json = corpus_file("nasty-tags.json", &String::from_utf8(out.stdout).unwrap());
    let out = Command::new("python3").arg(script).arg("--json").arg(&json).output().expect("python3");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(games.as_array().unwrap().len(), 1, "one game:\n{pgn}");
    check("pgn-extract", pairs(&games[0]));
}
