//! Records as people really wrote them (issue 22): old books as printed, web
//! pages as published, damaged and unusual PGN files. The data is the
//! project's shared collection of real records (`../shared/data/realpgn/`),
//! used as it is; the moves expected come from independent readings:
//! - books: the `.uci` files beside the tidied levels (`books/levels/`),
//!   the moves of the hand-disambiguated level C;
//! - web games: python-chess on the hand-tidied copies (`web/tidied/`),
//!   their piece letters mapped to English (`tests/oracles/python_chess_tidied_uci.py`);
//! - PGN files: python-chess on the same file (`tests/oracles/python_chess_uci.py`),
//!   or on the undamaged original.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/realpgn");

fn tiflo(args: &[&str], input: Option<&[u8]>) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tiflo"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    if let Some(i) = input {
        stdin.write_all(i).unwrap();
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Each game's UCI moves, without the result.
fn uci_games(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .map(|l| l.split_whitespace().filter(|w| !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*")).collect::<Vec<_>>().join(" "))
        .collect()
}

fn python(script: &str, args: &[&str]) -> Vec<String> {
    let script = format!("{}/tests/oracles/{script}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3").arg(script).args(args).output().expect("python3 (scripts/setup.sh --test)");
    assert!(out.status.success(), "python-chess: {}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    for l in &lines {
        assert!(!l.starts_with("ERROR"), "python-chess could not read the oracle's copy: {l}");
    }
    lines
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    let p = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

// ---- Books as printed ----

#[test]
fn book_games_as_printed_read_as_the_tidied_levels() {
    let levels = format!("{DATA}/books/levels");
    let mut checked = 0;
    for entry in std::fs::read_dir(&levels).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "uci") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let printed = format!("{DATA}/books/games/{name}.txt");
        let out = tiflo(&["convert", "--to", "uci", &printed], None);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let expected = std::fs::read_to_string(&path).unwrap();
        assert_eq!(uci_games(&out), vec![expected.split_whitespace().collect::<Vec<_>>().join(" ")], "{name}");
        checked += 1;
    }
    assert_eq!(checked, 38);
}

#[test]
fn a_book_ambiguity_settled_by_the_rest_of_the_game_is_noted_on_the_move() {
    // Lasker game 10: `Q-B7` fits Q-KB7 and Q-QB7; only Q-KB7 lets the game
    // be read to its end.
    let printed = format!("{DATA}/books/games/lasker_game10.txt");
    let out = tiflo(&["convert", "--to", "san", &printed], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let san = text(&out.stdout);
    assert!(san.contains("{Q-B7 read as Q-KB7"), "{san}");
    assert!(san.contains("(not Q-QB7)}"), "{san}");
    // In UCI lines, which hold no comments, the note goes to standard error,
    // in the language asked for.
    let out = tiflo(&["convert", "--to", "uci", &printed], None);
    assert!(text(&out.stderr).contains("game 1: Q-B7 read as Q-KB7"), "{}", text(&out.stderr));
    let out = tiflo(&["convert", "--to", "uci", "--lang", "es", &printed], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "tiflo: partida 1: Q-B7 leído como Q-KB7: la única lectura con la que el resto de la partida se lee hasta el final (no Q-QB7)\n"
    );
    // A printed scoresheet holds no comments either: the note is said too.
    let out = tiflo(&["convert", "--to", "san", "--format", "scoresheet", "--lang", "es", &printed], None);
    assert!(text(&out.stderr).contains("tiflo: partida 1: Q-B7 leído como Q-KB7"), "{}", text(&out.stderr));
    // The printed `ch` settles Capablanca's game 2, move 28 (`R - B 5 ch`)
    // without a note: R-KB5 is the only candidate giving check.
    let out = tiflo(&["convert", "--to", "san", &format!("{DATA}/books/games/capablanca_game02.txt")], None);
    assert!(text(&out.stdout).contains("28. Rf5+"), "{}", text(&out.stdout));
    assert!(!text(&out.stdout).contains('{'));
}

/// A file of the shared data, or a clear failure naming what is missing.
fn shared(rel: &str) -> String {
    let path = format!("{DATA}/{rel}");
    assert!(
        Path::new(&path).exists(),
        "{path} is missing: the tests read the project's shared records from ../shared/data/realpgn beside the repository"
    );
    path
}

#[test]
fn a_misprinted_move_number_the_rest_of_the_game_settles_is_read_with_a_note() {
    // Lasker game 9 prints Black's 21st move as `22. ...  QxP` between
    // `21. K-R1` and `22. P-KB4`: passed over, the number lets every later
    // move and move number be read. The moves are python-chess's reading
    // of a copy tidied by hand (tests/data/lasker-game09-tidied.pgn).
    let printed = shared("books/games/lasker_game09.txt");
    let tidied = format!("{}/tests/data/lasker-game09-tidied.pgn", env!("CARGO_MANIFEST_DIR"));
    let expected = python("python_chess_uci.py", &[&tidied]);
    let out = tiflo(&["convert", "--to", "uci", &printed], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(uci_games(&out), expected);
    // Never silently: UCI lines hold no comment, so the note goes to
    // standard error, in the language asked for.
    let err = text(&out.stderr);
    assert_eq!(err, "tiflo: game 1: move number `22.` read as 21: a misprint; passed over, it lets the rest of the game read to its end, and every later move number matches\n");
    let out = tiflo(&["convert", "--to", "uci", "--lang", "es", &printed], None);
    assert!(text(&out.stderr).starts_with("tiflo: partida 1: número de jugada «22.» leído como 21: una errata;"), "{}", text(&out.stderr));
    // In movetext the note is a comment where the number was printed, and
    // what tiflo writes reads back the same, without a note.
    let out = tiflo(&["convert", "--to", "san", &printed], None);
    let san = text(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(san.contains("Ka1 {move number `22.` read as 21: a misprint;"), "{san}");
    assert!(san.contains("} 21... Qxb5 22. f4"), "{san}");
    let again = tiflo(&["convert", "--to", "uci"], Some(&out.stdout));
    assert!(again.status.success() && again.stderr.is_empty(), "{}", text(&again.stderr));
    assert_eq!(uci_games(&again), expected);
}

#[test]
fn a_move_number_the_rest_of_the_game_does_not_confirm_stays_an_error() {
    // Numbers shifted from there on (moves dropped), and a wrong number with
    // none after it to confirm the count: errors with the position.
    for (src, number) in [
        ("1. e4 e5 3. Nf3 Nc6 4. Bb5 a6 5. Ba4 *", "`3.` (3) where move 2 was expected"),
        ("1. e4 e5 2. Nf3 Nc6 4. Bb5 *", "`4.` (4) where move 3 was expected"),
        ("1. e4 e5 2. Nf3 3. ... Nc6 *", "`3.` (3) where move 2 was expected"),
    ] {
        let out = tiflo(&["convert", "--to", "uci"], Some(src.as_bytes()));
        assert_eq!(out.status.code(), Some(1), "{src}");
        let err = text(&out.stderr);
        assert!(err.contains(&format!("move number {number}; position: ")), "{src}: {err}");
    }
}

#[test]
fn an_ambiguity_is_settled_only_when_one_candidate_alone_lets_the_game_go_on() {
    // `5. Re3` fits both rooks. Only the a-rook's move lets `6. Rh1` be
    // read: settled, with a note. When both let the game go on, it stays an
    // error with both candidates.
    let settled = "1. a4 a5 2. h4 h5 3. Ra3 Nc6 4. Rhh3 Nf6 5. Re3 Nb4 6. Rh1 *";
    let out = tiflo(&["convert", "--to", "uci"], Some(settled.as_bytes()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "a2a4 a7a5 h2h4 h7h5 a1a3 b8c6 h1h3 g8f6 a3e3 c6b4 h3h1\n");
    assert_eq!(text(&out.stderr), "tiflo: game 1: Re3 read as Rae3: the only reading with which the rest of the game reads to its end (not Rhe3)\n");
    let open = "1. a4 a5 2. h4 h5 3. Ra3 Nc6 4. Rhh3 Nf6 5. Re3 Nb4 *";
    let out = tiflo(&["convert", "--to", "uci"], Some(open.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("move 5 (White)") && err.contains("candidates: Rae3, Rhe3"), "{err}");
}

#[test]
fn a_slip_in_a_book_stays_an_error_with_its_position() {
    // A transcription slip (`KR-KI`) names the candidates.
    let src = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Castles Kt-B3 5. KR-KI";
    let out = tiflo(&["convert", "--to", "uci"], Some(src.as_bytes()));
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("`KR-KI`"), "{}", text(&out.stderr));
}

// ---- Web games as published ----

#[test]
fn web_games_as_published_read_as_their_tidied_copies() {
    let web = format!("{DATA}/web");
    // (as published, its tidied copy, language of its piece letters)
    let pairs = [
        ("de_wikipedia_immortal.txt", "tidied/de_wikipedia_immortal.txt", "de"),
        ("en_ajschess_opera_moves.txt", "tidied/en_ajschess_opera_moves.txt", "en"),
        ("es_ajedrezcooperativo_immortal.txt", "tidied/es_ajedrezcooperativo_immortal.txt", "es"),
        ("es_ajedrezdeataque_immortal.txt", "tidied/es_ajedrezdeataque_immortal.txt", "es"),
        ("es_ajedrezsegovia_immortal_moves.txt", "tidied/es_ajedrezsegovia_immortal_moves.txt", "es"),
        ("it_kultunderground_mayet_anderssen.txt", "tidied/it_kultunderground_mayet_anderssen.txt", "it"),
        // Moves glued to their numbers, against the same game published apart.
        ("de_schachlinz_paulsen_morphy_glued.txt", "as_published/de_herderschach_paulsen_morphy_moves.txt", "de"),
        ("de_herderschach_paulsen_morphy_moves.txt", "as_published/de_herderschach_paulsen_morphy_moves.txt", "de"),
        ("de_github_game2.txt", "as_published/de_github_game2.txt", "de"),
    ];
    for (published, tidied, lang) in pairs {
        let expected = python("python_chess_tidied_uci.py", &[lang, &format!("{web}/{tidied}")]);
        let out = tiflo(&["convert", "--to", "uci", &format!("{web}/as_published/{published}")], None);
        assert!(out.status.success(), "{published}: {}", text(&out.stderr));
        assert_eq!(uci_games(&out), expected, "{published}");
    }
}

#[test]
fn web_results_and_resignations_are_the_result() {
    let web = format!("{DATA}/web/as_published");
    for (file, result) in [
        ("it_kultunderground_mayet_anderssen.txt", "0-1"), // `Il bianco abbandona.`
        ("es_ajedrezdeataque_immortal.txt", "1-0"),       // `1–0`
        ("es_ajedrezsegovia_immortal_moves.txt", "1-0"),  // `1-0.`
        ("de_github_game2.txt", "0-1"),                   // `0:1`
    ] {
        let out = tiflo(&["convert", "--to", "uci", &format!("{web}/{file}")], None);
        assert!(text(&out.stdout).trim_end().ends_with(result), "{file}: {}", text(&out.stdout));
    }
    let out = tiflo(&["convert", "--to", "uci"], Some("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 Las negras abandonan".as_bytes()));
    assert_eq!(text(&out.stdout), "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 1-0\n");
    let out = tiflo(&["convert", "--to", "uci"], Some("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 mate Resigns.".as_bytes()));
    assert_eq!(text(&out.stdout), "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 1-0\n");
}

#[test]
fn a_typo_is_blamed_where_it_is_in_the_language_every_other_move_fits() {
    let out = tiflo(&["convert", "--to", "uci", &format!("{DATA}/web/as_published/de_github_game1.txt")], None);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("move 19 (White)") && err.contains("`Ba3` as algebraic (Deutsch)"), "{err}");
    // The typo fixed, it reads as python-chess reads it.
    let fixed = format!("{DATA}/web/tidied/de_github_game1_typo-fixed.txt");
    let out = tiflo(&["convert", "--to", "uci", &fixed], None);
    assert_eq!(uci_games(&out), python("python_chess_tidied_uci.py", &["de", &fixed]));
}

// ---- Damaged and unusual files ----

fn morphy() -> Vec<u8> {
    std::fs::read(format!("{DATA}/pgn/sample/pgnmentor_Morphy.pgn")).unwrap()
}

#[test]
fn a_truncated_file_reports_its_last_game_incomplete() {
    let full = morphy();
    let text_full = text(&full);
    // Cut in the middle of the movetext of the tenth game, after a move.
    let tenth = text_full.match_indices("[Event ").nth(9).unwrap().0;
    let moves = tenth + text_full[tenth..].find("\r\n\r\n").unwrap() + 4;
    let cut = moves + text_full[moves..].match_indices(' ').nth(13).unwrap().0;
    let cut_text = &text_full[..cut];
    let path = tmp("truncated.pgn", cut_text.as_bytes());
    let out = tiflo(&["convert", "--to", "uci", path.to_str().unwrap()], None);
    assert!(!out.status.success(), "a truncated game is not accepted");
    let err = text(&out.stderr);
    assert!(err.contains("game 10,") && err.contains("the game is incomplete: its moves stop after `"), "{err}");
    // The nine complete games read as python-chess reads them.
    let nine = tmp("nine.pgn", text_full[..tenth].as_bytes());
    assert_eq!(uci_games(&out), python("python_chess_uci.py", &[nine.to_str().unwrap()]));
}

/// pgn-extract's reading of a file: its complaints, and each game it
/// writes as one line of UCI moves (without the result).
fn pgn_extract(path: &Path) -> (String, Vec<String>) {
    let out = Command::new("pgn-extract")
        .env("PATH", format!("/usr/games:{}", std::env::var("PATH").unwrap_or_default()))
        .args(["-Wuci", "--noresults", "-s", "--nocomments", "--novars"])
        .arg(path)
        .output()
        .expect("pgn-extract is installed by scripts/setup.sh --test");
    let games = text(&out.stdout).lines().filter(|l| !l.starts_with('[') && !l.trim().is_empty()).map(|l| l.trim().to_owned()).collect();
    (text(&out.stderr), games)
}

/// The first ten Morphy games with the tenth cut `chars` characters into
/// its movetext, the tags of every game either kept with the Result tag set
/// to `*` or dropped; and the nine games before it.
fn cut_morphy(chars: usize, tags: bool) -> (String, String) {
    let full = text(&morphy()).replace("\r\n", "\n");
    let games: Vec<&str> = full.split("[Event ").skip(1).take(10).collect();
    let game = |g: &str| -> String {
        let g = format!("[Event {g}");
        let (head, moves) = g.split_once("\n\n").unwrap();
        if tags {
            let head: Vec<String> = head.lines().map(|l| if l.starts_with("[Result ") { "[Result \"*\"]".to_owned() } else { l.to_owned() }).collect();
            format!("{}\n\n{}", head.join("\n"), moves.replace("1-0", "*").replace("0-1", "*").replace("1/2-1/2", "*"))
        } else {
            moves.to_owned()
        }
    };
    let nine: String = games[..9].iter().map(|g| game(g) + "\n").collect();
    let tenth = game(games[9]);
    let movetext = if tags { tenth.find("\n\n").unwrap() + 2 } else { 0 };
    (format!("{nine}{}", &tenth[..movetext + chars]), nine)
}

#[test]
fn a_game_cut_under_an_unknown_result_or_without_tags_is_incomplete() {
    // Cut after a move number, after a move and its space, at the end of a
    // move, with the Result tag `*` and with no tags at all; and inside a
    // move (`Bxb4` as `Bxb`, `Bc5` as `Bc`), which is refused too, as a
    // word that is not a move.
    for (chars, tags) in [(40, true), (40, false), (33, true), (47, false), (46, true), (46, false), (37, true), (45, false)] {
        let (cut, nine) = cut_morphy(chars, tags);
        let path = tmp(&format!("cut_{chars}_{tags}.pgn"), cut.as_bytes());
        let nine_path = tmp(&format!("nine_{chars}_{tags}.pgn"), nine.as_bytes());
        let what = format!("cut {chars} characters into the tenth game, tags {tags}: ...{}", &cut[cut.len() - 40..]);
        let out = tiflo(&["convert", "--to", "uci", path.to_str().unwrap()], None);
        assert!(!out.status.success(), "{what}: a cut game is not accepted");
        let err = text(&out.stderr);
        let half = matches!(chars, 37 | 45);
        assert!(err.contains("game 10,") && (half || err.contains("the game is incomplete")), "{what}: {err}");
        assert_eq!(err.lines().count(), 1, "{what}: only the cut game is refused: {err}");
        // The nine whole games read as python-chess and pgn-extract read them.
        let expected = python("python_chess_uci.py", &[nine_path.to_str().unwrap()]);
        assert_eq!(uci_games(&out), expected, "{what}");
        // pgn-extract, too, refuses the cut game ("Missing result") and
        // writes the nine others; python-chess reads a cut game as if it
        // ended there, which is what tiflo must not do.
        let (complaints, games) = pgn_extract(&path);
        assert!(complaints.contains("Missing result"), "{what}: pgn-extract: {complaints}");
        assert_eq!(games, expected, "{what}: pgn-extract");
    }
}

#[test]
fn read_errors_are_worded_in_the_language_asked_for() {
    let (cut, _) = cut_morphy(40, true);
    let path = tmp("cut_es.pgn", cut.as_bytes());
    let out = tiflo(&["convert", "--to", "san", "--lang", "es", path.to_str().unwrap()], None);
    let err = text(&out.stderr);
    assert!(
        err.starts_with("tiflo: partida 10, jugada 5 (blancas), línea ")
            && err.contains("la partida está incompleta: sus jugadas terminan tras «Bxb4», antes del resultado * que anuncia su etiqueta Result; posición: "),
        "{err}"
    );
}

/// A syntax error is said in Spanish throughout: the notation's name, the
/// detail of what cannot be read, and the note on a line that is not UTF-8
/// (no English words inside the Spanish sentences, as there were before).
#[test]
fn a_syntax_error_is_said_wholly_in_spanish() {
    let mut game = b"[White \"P".to_vec();
    game.push(0xE9); // `é` in Latin-1
    game.extend_from_slice(b"rez\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Cc6 *\n");
    let path = tmp("syntax_es.pgn", &game);
    let out = tiflo(&["convert", "--to", "san", "--from-lang", "es", "--lang", "es", path.to_str().unwrap()], None);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("partida 1, jugada 2 (blancas), línea 4:")
            && err.contains(": no se puede leer «Nf3» como algebraica (español): no es una jugada: no es una letra de pieza española (R D T A C); posición: "),
        "{err}"
    );
    assert!(err.contains("una línea no es UTF-8 (la 1); se lee como Latin-1"), "{err}");
    let words: Vec<&str> = err.split(|c: char| !c.is_alphanumeric()).collect();
    for english in ["not", "piece", "letter", "algebraic", "Spanish", "line", "read", "as", "move", "cannot"] {
        assert!(!words.contains(&english), "{english}: {err}");
    }
}

/// A file that cannot be read is said in the language asked for too.
#[test]
fn a_file_that_cannot_be_read_is_said_in_spanish() {
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-such-file.pgn");
    let missing = missing.to_str().unwrap();
    for format in ["pgn", "scoresheet"] {
        let out = tiflo(&["convert", "--to", "san", "--lang", "es", "--format", format, missing], None);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(text(&out.stderr), format!("tiflo: no se puede leer {missing}: no existe\n"), "{format}");
    }
}

#[test]
fn a_game_that_ends_where_the_input_does_in_mate_or_followed_by_the_next_is_read() {
    // No result after a mate: the game ended. A game under `*` with no
    // result token followed by the next game: sloppy, not cut (python-chess
    // reads both).
    let mate = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#";
    let out = tiflo(&["convert", "--to", "uci"], Some(mate.as_bytes()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let sloppy = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";
    let path = tmp("sloppy.pgn", sloppy.as_bytes());
    let out = tiflo(&["convert", "--to", "uci", path.to_str().unwrap()], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(uci_games(&out), python("python_chess_uci.py", &[path.to_str().unwrap()]));
}

#[test]
fn text_after_the_last_result_is_not_a_game_and_keeps_its_braces() {
    let game = "[Event \"e\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2 ; { Game Nr. 32 }\n";
    let out = tiflo(&["convert", "--to", "uci"], Some(game.as_bytes()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "e2e4 e7e5 g1f3 b8c6 1/2-1/2\n");
    // Inside the moves, a `;` comment holding a `}` stays a `;` comment.
    let out = tiflo(&["convert", "--to", "san"], Some("1. e4 ; { Game Nr. 32 }\n1... e5 *".as_bytes()));
    assert_eq!(text(&out.stdout), "1. e4 ; { Game Nr. 32 }\n1... e5 *\n\n");
}

#[test]
fn nul_bytes_after_the_result_pad_the_file() {
    let mut bytes = morphy();
    let expected = python("python_chess_uci.py", &[&format!("{DATA}/pgn/sample/pgnmentor_Morphy.pgn")]);
    bytes.extend_from_slice(&[0; 300]);
    let out = tiflo(&["convert", "--to", "uci", "-"], Some(&bytes));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(uci_games(&out), expected);
}

#[test]
fn null_moves_forfeits_and_en_dash_results() {
    let file = format!("{DATA}/pgn/difficult/pgnextract/test-allownullmoves.pgn");
    let out = tiflo(&["convert", "--to", "uci", &file], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(uci_games(&out), python("python_chess_uci.py", &[&file]));
    let out = tiflo(&["convert", "--to", "san", &file], None);
    assert!(text(&out.stdout).contains("31. Rh3 -- 32. Qxh7+"), "{}", text(&out.stdout));
    let out = tiflo(&["convert", "--to", "uci"], Some("1. e4 Z0 2. d4 +--\n1. d4 --+\n1. c4 ½–½\n1. Nf3 1–0".as_bytes()));
    assert_eq!(text(&out.stdout), "e2e4 0000 d2d4 1-0\nd2d4 0-1\nc2c4 1/2-1/2\ng1f3 1-0\n");
    // A null move in check is not a move.
    let out = tiflo(&["convert", "--to", "uci"], Some("1. e4 f5 2. Qh5+ -- *".as_bytes()));
    assert!(!out.status.success());
}

#[test]
fn chess960_games_read_as_python_chess_reads_them() {
    for file in ["pychess/cutechess-fischerrandom.pgn", "scalachess/fixtures/complete960.pgn"] {
        let file = format!("{DATA}/pgn/difficult/{file}");
        let out = tiflo(&["convert", "--to", "uci", &file], None);
        assert!(out.status.success(), "{file}: {}", text(&out.stderr));
        assert_eq!(uci_games(&out), python("python_chess_uci.py", &[&file]), "{file}");
    }
    // Castling rights written with files (`HDhd`) make a Chess960 game.
    let game = "[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w GDgd - 0 1\"]\n\n1. g3 g6 2. Ne3 Ne6 3. O-O O-O *";
    let out = tiflo(&["convert", "--to", "uci"], Some(game.as_bytes()));
    assert_eq!(text(&out.stdout), "g2g3 g7g6 f1e3 f8e6 e1g1 e8g8\n", "{}", text(&out.stderr));
}

#[test]
fn a_latin1_line_does_not_garble_the_utf8_ones() {
    let mut bytes = b"[White \"M\xc3\xbcller\"]\n[Black \"Gonz\xe1lez\"]\n\n1. e4 *\n".to_vec();
    let out = tiflo(&["convert", "--to", "san", "-"], Some(&bytes));
    assert!(text(&out.stdout).contains("[White \"Müller\"]\n[Black \"González\"]"), "{}", text(&out.stdout));
    bytes.clear();
}

#[test]
fn header_only_games_are_games_without_moves() {
    let src = "[Event \"a\"]\n[White \"x\"]\n\n[Event \"b\"]\n[White \"y\"]\n\n[Event \"c\"]\n\n1. e4 *\n";
    let out = tiflo(&["convert", "--to", "san"], Some(src.as_bytes()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "[Event \"a\"]\n[White \"x\"]\n\n*\n\n[Event \"b\"]\n[White \"y\"]\n\n*\n\n[Event \"c\"]\n\n1. e4 *\n\n");
}

#[test]
fn jobs_keep_the_order_of_the_games() {
    let file = format!("{DATA}/pgn/difficult/chesscom/cancer0707.pgn");
    let one = tiflo(&["convert", "--to", "uci", "--jobs", "1", &file], None);
    let four = tiflo(&["convert", "--to", "uci", "--jobs", "4", &file], None);
    assert!(one.stdout.len() > 100_000);
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(one.stderr, four.stderr);
}
