//! The daemon through the real binary: scripted games over a pipe in each
//! language, the journal's scoresheet checked by pgn-extract, resuming, and
//! SIGKILL at hundreds of random points without losing, duplicating or
//! changing a confirmed move.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use shakmaty::{Chess, Position};
use tiflo::testkit::corpus::{Rng, random_game};
use tiflo::game::journal;
use tiflo::notation::{Dialect, Lang, Notation, Notator};
use tiflo::game::entry::Entry;
use tiflo::game::event::Event;
use tiflo::game::session::Session;

fn tiflo(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tiflo"));
    // Keep the user's own settings out of the tests.
    c.env("HOME", dir).env("XDG_CONFIG_HOME", dir.join("config")).env("XDG_STATE_HOME", dir.join("state"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn daemon(dir: &Path, journal: &Path, args: &[&str]) -> Child {
    tiflo(dir)
        .arg("daemon")
        .arg("--journal")
        .arg(journal)
        .args(["--speech", "text"])
        .args(quiet_devices(args))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tiflo binary runs")
}

/// No microphone and no display unless a test names them or starts from a
/// profile (whose settings are what it tries): a device's news (a missing
/// microphone, said whenever its thread finds out) could otherwise come
/// between the sentences a test reads in order.
fn quiet_devices(args: &[&str]) -> Vec<&'static str> {
    let mut quiet = Vec::new();
    if args.contains(&"--config") {
        return quiet;
    }
    if !args.contains(&"--listen") {
        quiet.extend(["--listen", "none"]);
    }
    if !args.contains(&"--braille") {
        quiet.extend(["--braille", "none"]);
    }
    quiet
}

/// Feeds `lines` to a daemon, closes its input and returns its `say:` lines.
fn play(dir: &Path, journal: &Path, args: &[&str], lines: &[&str]) -> Vec<String> {
    let mut child = daemon(dir, journal, args);
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "daemon failed: {stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    for l in stdout.lines() {
        assert!(
            l.starts_with("say: ") || l.starts_with("braille: "),
            "every output line is a say: or braille: line, not {l:?}"
        );
    }
    stdout.lines().filter_map(|l| l.strip_prefix("say: ")).map(str::to_owned).collect()
}

/// Checks that each expected text is said, in this order.
fn said_in_order(said: &[String], expected: &[&str]) {
    let mut i = 0;
    for e in expected {
        match said[i..].iter().position(|s| s.contains(e)) {
            Some(k) => i += k,
            None => panic!("expected {e:?} after line {i} in:\n{}", said.join("\n")),
        }
    }
}

fn scoresheet(dir: &Path, journal: &Path, args: &[&str]) -> String {
    let out = tiflo(dir).arg("scoresheet").args(args).arg(journal).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The moves of a PGN game as python-chess reads them, in UCI.
fn python_chess_uci(dir: &Path, pgn: &str) -> String {
    let file = dir.join("game-python.pgn");
    std::fs::write(&file, pgn).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracles/python_chess_uci.py");
    let out = Command::new("python3").arg(script).arg(&file).output().expect("python3 (scripts/setup.sh --test)");
    assert!(out.status.success(), "python-chess: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.starts_with("ERROR"), "python-chess could not read the exported PGN: {text}");
    text.trim().to_owned()
}

/// The moves of a PGN game as pgn-extract reads them, in UCI.
fn pgn_extract_uci(dir: &Path, pgn: &str) -> String {
    let file = dir.join("game.pgn");
    std::fs::write(&file, pgn).unwrap();
    let out = Command::new("pgn-extract")
        .env("PATH", format!("/usr/games:{}", std::env::var("PATH").unwrap_or_default()))
        .args(["-Wuci", "--noresults", "-C", "-N", "-V", "-s"])
        .arg(&file)
        .output()
        .expect("pgn-extract is installed by scripts/setup.sh --test");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("Failed to make move"), "{stderr}");
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().filter(|l| !l.starts_with('[') && !l.trim().is_empty()).collect::<Vec<_>>().join(" ").to_lowercase()
}

struct Script {
    lang: &'static str,
    lines: &'static [&'static str],
    said: &'static [&'static str],
    uci: &'static str,
    sheet: &'static [&'static str],
}

const SCRIPTS: &[Script] = &[
    Script {
        lang: "es",
        lines: &[
            "e4", "e5", "Cf3", "reloj", "Cc6", "corrijo Cf6", "Ab5", "tablas", "rechazo", "Te8", "a6", "casilla b5",
            "Aa4", "última", "Rb1", "Cc6", "jugadas", "abandono negras", "no", "Ab3", "d6", "Dh5??", "Cc3", "Ae6",
            "Axe6", "fxe6", "abandono negras", "sí", "firmo", "firmo negras",
        ],
        said: &[
            "Partida nueva. Juegas con blancas. Ritmo de juego: 10 minutos, más 5 segundos por jugada.",
            "1. Blancas: e4",
            "2. Blancas: caballo f3",
            "Una jugada completada.",
            "2. Negras: caballo c6",
            "Corregida: caballo c6 pasa a ser caballo f6.",
            "3. Blancas: alfil b5",
            "Las blancas ofrecen tablas.",
            "Oferta de tablas rechazada.",
            "Te8 no es una jugada legal de las negras. Jugadas legales parecidas: torre g8.",
            "b5: alfil blanco.",
            "Última jugada: 4. Blancas: alfil a4.",
            "Rb1 no es una jugada legal de las negras.",
            "Planilla: 1. e4, e5, 2. caballo f3, caballo f6, 3. alfil b5, ofrece tablas, a6, 4. alfil a4, caballo c6.",
            "¿Abandonan las negras? Sí o no.",
            "No anotada.",
            "Dh5?? no es una jugada legal",
            "Las negras abandonan. Ganan las blancas, uno a cero.",
            "Las blancas firman el resultado. Ganan las blancas, uno a cero.",
            "Las negras firman el resultado. Ganan las blancas, uno a cero.",
        ],
        uci: "e2e4 e7e5 g1f3 g8f6 f1b5 a7a6 b5a4 b8c6 a4b3 d7d6 b1c3 c8e6 b3e6 f7e6",
        sheet: &[
            "1. e4",
            "2. Cf3",
            "Cf6",
            "3. Ab5 (=)",
            "7. Axe6",
            "Resultado: 1-0",
            "Cómo terminó la partida: Las negras abandonan. Ganan las blancas, uno a cero.",
            "Firmas:\n  Blancas: firmada, resultado 1-0\n  Negras: firmada, resultado 1-0",
        ],
    },
    Script {
        lang: "pt",
        lines: &[
            "e4", "e5", "Cf3", "relógio", "Cc6", "corrijo Cf6", "Bb5", "empate", "recuso", "Te8", "a6", "casa b5",
            "Ba4", "último", "Rb1", "Cc6", "lances", "abandono pretas", "não", "Bb3", "d6", "Cc3", "Be6", "Bxe6",
            "fxe6", "abandono pretas", "sim", "assino", "assino pretas",
        ],
        said: &[
            "Partida nova. Jogas com as brancas. Ritmo de jogo: 10 minutos, mais 5 segundos por lance.",
            "1. Brancas: e4",
            "Um lance completado.",
            "Corrigido: cavalo c6 passa a ser cavalo f6.",
            "As Brancas propõem empate.",
            "Proposta de empate recusada.",
            "Te8 não é um lance legal das Pretas.",
            "b5: bispo branco.",
            "Último lance: 4. Brancas: bispo a4.",
            "Folha de registo: 1. e4, e5, 2. cavalo f3, cavalo f6, 3. bispo b5, propõe empate, a6, 4. bispo a4, cavalo c6.",
            "As Pretas abandonam? Sim ou não.",
            "Não anotado.",
            "As Pretas abandonam. Ganham as brancas, um a zero.",
            "As Brancas assinam o resultado. Ganham as brancas, um a zero.",
            "As Pretas assinam o resultado. Ganham as brancas, um a zero.",
        ],
        uci: "e2e4 e7e5 g1f3 g8f6 f1b5 a7a6 b5a4 b8c6 a4b3 d7d6 b1c3 c8e6 b3e6 f7e6",
        sheet: &["1. e4", "3. Bb5 (=)", "7. Bxe6", "Resultado: 1-0"],
    },
    Script {
        lang: "pt-BR",
        lines: &[
            "e4", "e5", "Cf3", "relógio", "Cc6", "corrijo Cf6", "Bb5", "empate", "recuso", "Te8", "a6", "casa b5",
            "Ba4", "último", "Rb1", "Cc6", "lances", "abandono pretas", "não", "Bb3", "d6", "Cc3", "Be6", "Bxe6",
            "fxe6", "abandono pretas", "sim", "assino", "assino pretas",
        ],
        said: &[
            "Partida nova. Você joga com as brancas. Ritmo de jogo: 10 minutos, mais 5 segundos por lance.",
            "1. Brancas: e4",
            "Um lance completado.",
            "Corrigido: cavalo c6 passa a ser cavalo f6.",
            "As Brancas propõem empate.",
            "Proposta de empate recusada.",
            "Te8 não é um lance legal das Pretas.",
            "b5: bispo branco.",
            "Último lance: 4. Brancas: bispo a4.",
            "Planilha: 1. e4, e5, 2. cavalo f3, cavalo f6, 3. bispo b5, propõe empate, a6, 4. bispo a4, cavalo c6.",
            "As Pretas abandonam? Sim ou não.",
            "Não anotado.",
            "As Pretas abandonam. Ganham as brancas, um a zero.",
            "As Brancas assinam o resultado. Ganham as brancas, um a zero.",
            "As Pretas assinam o resultado. Ganham as brancas, um a zero.",
        ],
        uci: "e2e4 e7e5 g1f3 g8f6 f1b5 a7a6 b5a4 b8c6 a4b3 d7d6 b1c3 c8e6 b3e6 f7e6",
        sheet: &[
            "1. e4",
            "3. Bb5 (=)",
            "7. Bxe6",
            "Resultado: 1-0",
            "Como terminou a partida: As Pretas abandonam. Ganham as brancas, um a zero.",
            "Assinaturas:\n  Brancas: assinada, resultado 1-0\n  Pretas: assinada, resultado 1-0",
        ],
    },
    Script {
        lang: "en",
        lines: &[
            "e4", "e5", "Nf3", "clock", "Nc6", "correct Nf6", "Bb5", "draw", "decline", "Re8", "a6", "square b5", "Ba4",
            "last", "Kb1", "Nc6", "moves", "resign black", "no", "Bb3", "d6", "Nc3", "Be6", "Bxe6", "fxe6", "resign black",
            "yes", "sign", "sign black",
        ],
        said: &[
            "New game. You play White. Time control: 10 minutes, plus 5 seconds a move.",
            "1. White: e4",
            "One move completed.",
            "Corrected: knight c6 becomes knight f6.",
            "White offers a draw.",
            "Draw offer declined.",
            "Re8 is not a legal move for Black.",
            "b5: white bishop.",
            "Last move: 4. White: bishop a4.",
            "Scoresheet: 1. e4, e5, 2. knight f3, knight f6, 3. bishop b5, draw offered, a6, 4. bishop a4, knight c6.",
            "Does Black resign? Yes or no.",
            "Not recorded.",
            "Black resigns. White wins, one to zero.",
            "White signs the result. White wins, one to zero.",
            "Black signs the result. White wins, one to zero.",
        ],
        uci: "e2e4 e7e5 g1f3 g8f6 f1b5 a7a6 b5a4 b8c6 a4b3 d7d6 b1c3 c8e6 b3e6 f7e6",
        sheet: &[
            "1. e4",
            "3. Bb5 (=)",
            "7. Bxe6",
            "Result: 1-0",
            "How the game ended: Black resigns. White wins, one to zero.",
            "Signatures:\n  White: signed, result 1-0\n  Black: signed, result 1-0",
        ],
    },
];

#[test]
fn scripted_games_over_a_pipe_in_each_language() {
    for s in SCRIPTS {
        let dir = tempfile::tempdir().unwrap();
        let journal = dir.path().join("game.journal");
        let said = play(dir.path(), &journal, &["--lang", s.lang, "--time-control", "600+5", "--side", "white"], s.lines);
        said_in_order(&said, s.said);
        let pgn = scoresheet(dir.path(), &journal, &["--format", "pgn"]);
        assert!(pgn.contains("[Result \"1-0\"]") && pgn.contains("[WhiteSigned \"1-0\"]"), "{pgn}");
        assert!(pgn.contains("[TimeControl \"600+5\"]"), "{pgn}");
        assert!(!pgn.contains("[Date \"????"), "the game is dated: {pgn}");
        assert!(pgn.contains("[Ending \"Black resigned\"]"), "{pgn}");
        assert_eq!(pgn_extract_uci(dir.path(), &pgn), s.uci, "{}", s.lang);
        assert_eq!(python_chess_uci(dir.path(), &pgn), s.uci, "{}", s.lang);
        let text = scoresheet(dir.path(), &journal, &["--format", "text"]);
        for e in s.sheet {
            assert!(text.contains(e), "{}: {e:?} not in\n{text}", s.lang);
        }
        // The same sheet as a page to print.
        let html = scoresheet(dir.path(), &journal, &["--html"]);
        // `pt` is European Portuguese: the page says so.
        let tag = if s.lang == "pt" { "pt-PT" } else { s.lang };
        assert!(html.starts_with("<!DOCTYPE html>") && html.contains(&format!("<html lang=\"{tag}\">")), "{html}");
        for e in s.sheet.iter().filter(|e| !e.contains('\n')) {
            // A move is a cell of the table; a line "label: text" a
            // paragraph.
            let want = match (e.split_once(": "), e.split_once(". ")) {
                (Some((_, text)), _) => text.to_owned(),
                (None, Some((n, mv))) if n.parse::<u32>().is_ok() => format!("<td>{mv}"),
                _ => format!("<td>{e}"),
            };
            assert!(html.contains(&want), "{}: {want:?} not in\n{html}", s.lang);
        }
        // The journal holds both the slip of the tongue and its correction.
        let raw = std::fs::read_to_string(&journal).unwrap();
        assert!(raw.contains("\"uci\":\"b8c6\"") && raw.contains("\"e\":\"correct\""), "{raw}");
    }
}

#[test]
fn an_unfinished_game_resumes_and_a_finished_one_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.journal");
    play(dir.path(), &journal, &["--lang", "en"], &["e4", "e5", "Nf3"]);
    let said = play(dir.path(), &journal, &["--lang", "en"], &["Nc6", "moves"]);
    said_in_order(&said, &["3 moves recovered", "Black's clock", "Move 2, Black to move", "2. Black: knight c6", "Scoresheet: 1. e4, e5, 2. knight f3, knight c6."]);
    // Finished and signed by both players (Article 8.7; an unsigned game is
    // kept until it is signed, tests/rules.rs).
    play(dir.path(), &journal, &[], &["result 1/2", "yes", "sign", "sign black"]);
    let said = play(dir.path(), &journal, &["--lang", "en"], &["moves"]);
    said_in_order(&said, &["The game in the journal was finished", "New game", "No moves yet"]);
    let kept: Vec<PathBuf> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).filter(|p| p.to_string_lossy().contains(".finished-")).collect();
    assert_eq!(kept.len(), 1);
    let pgn = scoresheet(dir.path(), &kept[0], &[]);
    assert!(pgn.contains("2. Nf3") && pgn.contains("1/2-1/2"), "{pgn}");
}

#[test]
fn a_torn_last_record_is_dropped_with_a_warning_and_damage_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.journal");
    play(dir.path(), &journal, &["--lang", "es"], &["e4", "e5"]);
    // A crash in the middle of writing the next record.
    let mut f = std::fs::OpenOptions::new().append(true).open(&journal).unwrap();
    f.write_all(b"1234abcd {\"e\":\"move\",\"t\":17953").unwrap();
    drop(f);
    let said = play(dir.path(), &journal, &[], &["jugadas"]);
    said_in_order(&said, &["El último registro del diario estaba incompleto", "2 jugadas recuperadas", "Planilla: 1. e4, e5."]);

    // Damage before the last record is not a crash: nothing is misread.
    let text = std::fs::read_to_string(&journal).unwrap();
    let damaged = text.replacen("e2e4", "e2e5", 1);
    std::fs::write(&journal, &damaged).unwrap();
    let said = play(dir.path(), &journal, &[], &["jugadas"]);
    said_in_order(&said, &["El diario está dañado en la línea 3, después de 1 registros correctos", "Partida nueva", "Todavía no hay jugadas"]);
    let kept: Vec<PathBuf> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).filter(|p| p.to_string_lossy().contains(".damaged-")).collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), damaged, "the damaged journal is kept untouched");
}

#[test]
fn bad_settings_are_reported_with_their_source() {
    let dir = tempfile::tempdir().unwrap();
    let out = tiflo(dir.path()).args(["daemon", "--time-control", "fast"]).stdin(Stdio::null()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--time-control fast"));
    let out = tiflo(dir.path()).args(["daemon", "--config", "config/nowhere.toml"]).stdin(Stdio::null()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nowhere.toml"));
    // The shipped profiles start a game.
    for profile in ["config/home.toml", "config/tournament.toml"] {
        let journal = dir.path().join(format!("{}.journal", profile.len()));
        let said = play(dir.path(), &journal, &["--config", profile], &["e4", "sí"]);
        said_in_order(&said, &["Partida nueva", "1. Blancas: e4"]);
    }
}

/// The moves (UCI) a journal holds, read as the daemon would resume it.
fn journaled_moves(path: &Path) -> Vec<String> {
    let Ok(bytes) = std::fs::read(path) else { return Vec::new() };
    let decoded = journal::decode::<Entry>(&bytes);
    assert!(
        matches!(decoded.problem, None | Some(journal::Problem::TornTail { .. })),
        "a kill leaves at most a torn last record: {:?}",
        decoded.problem
    );
    if decoded.records.is_empty() {
        return Vec::new();
    }
    let s = Session::resume(&decoded.records).expect("a killed daemon's journal resumes");
    s.record().moves.iter().map(|m| m.mv.to_uci(shakmaty::CastlingMode::Standard).to_string()).collect()
}

/// A long game for the kill test: moves written in Spanish short algebraic
/// (some in UCI), with draw offers and clock readouts between them, cut
/// where the game ends by itself.
fn kill_script(seed: u64) -> (Vec<String>, Vec<String>, Vec<String>) {
    let mut rng = Rng::new(seed);
    let game = random_game(&mut rng, 160);
    let es = Notator::new(Dialect::new(Notation::San, Lang::Es).unwrap(), &Chess::default());
    let words = tiflo::speaking::announce::Announcer::new("es", Default::default(), Default::default()).unwrap();
    let mut pos = Chess::default();
    let (mut lines, mut sans, mut ucis) = (Vec::new(), Vec::new(), Vec::new());
    let setup = tiflo::daemon::setup_of(&tiflo::daemon::config::Config::default(), Duration::ZERO);
    let (mut check, _) = Session::new(setup, Duration::ZERO).unwrap();
    for (i, m) in game.moves.iter().enumerate() {
        let san = es.to_text(&pos, *m);
        let mut after = pos.clone();
        after.play_unchecked(*m);
        let said = words.phrase(&pos, *m, &after);
        let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        lines.push(if i % 7 == 3 { uci.clone() } else { san.clone() });
        if i % 11 == 5 {
            lines.push("tablas".into());
            lines.push("reloj".into());
        }
        check.handle(Duration::from_secs(i as u64 + 1), Event::Line(uci.clone()));
        sans.push(said);
        ucis.push(uci);
        pos.play_unchecked(*m);
        if check.ending().is_some() {
            break;
        }
    }
    (lines, sans, ucis)
}

/// Which moves a daemon announced as recorded: (ply, text) from its say
/// lines ("12. Negras: Cf6").
fn announced(stdout: &str) -> Vec<(usize, String)> {
    let mut v = Vec::new();
    for l in stdout.lines() {
        let Some(rest) = l.strip_prefix("say: ") else { continue };
        let Some((num, rest)) = rest.split_once(". ") else { continue };
        let Ok(n) = num.parse::<usize>() else { continue };
        let (side, mv) = match rest.split_once(": ") {
            Some(("Blancas", mv)) => (0, mv),
            Some(("Negras", mv)) => (1, mv),
            _ => continue,
        };
        v.push(((n - 1) * 2 + side, mv.to_owned()));
    }
    v
}

#[test]
fn sigkill_at_random_points_never_loses_duplicates_or_changes_a_confirmed_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng::new(0x0074_6966_6c6f);
    let mut kills = 0;
    let mut games = 0;
    let mut torn_seen = 0;
    while kills < 220 {
        games += 1;
        let (lines, sans, ucis) = kill_script(games);
        let journal = dir.path().join(format!("kill-{games}.journal"));
        let mut announced_max: Option<usize> = None;
        loop {
            let recorded = journaled_moves(&journal);
            // Never changed, never duplicated: the journal is a prefix of the game.
            assert!(recorded.len() <= ucis.len() && recorded[..] == ucis[..recorded.len()], "game {games}: {recorded:?}");
            // Never lost: every move announced as recorded is in the journal.
            if let Some(max) = announced_max {
                assert!(max < recorded.len(), "game {games}: move {max} was announced but the journal has {}", recorded.len());
            }
            if recorded.len() == ucis.len() {
                break;
            }
            // Resume where the journal ends: the lines after the last recorded move.
            let mut moves_seen = 0;
            let start = lines
                .iter()
                .position(|l| {
                    if moves_seen == recorded.len() {
                        return true;
                    }
                    if l != "tablas" && l != "reloj" {
                        moves_seen += 1;
                    }
                    false
                })
                .unwrap_or(lines.len());
            let mut child = daemon(dir.path(), &journal, &["--lang", "es", "--time-control", "5400+30"]);
            let mut stdin = child.stdin.take().unwrap();
            let todo: Vec<String> = lines[start..].to_vec();
            let pace = rng.below(3) as u64;
            let writer = std::thread::spawn(move || {
                for l in todo {
                    if writeln!(stdin, "{l}").is_err() {
                        return;
                    }
                    if pace > 0 {
                        std::thread::sleep(Duration::from_micros(pace * 300));
                    }
                }
                // Keep the input open: the daemon is killed, never told to quit.
                std::thread::sleep(Duration::from_secs(5));
            });
            let stdout = child.stdout.take().unwrap();
            let reader = std::thread::spawn(move || {
                let mut text = String::new();
                for l in BufReader::new(stdout).lines() {
                    let Ok(l) = l else { break };
                    text.push_str(&l);
                    text.push('\n');
                }
                text
            });
            std::thread::sleep(Duration::from_micros(rng.below(40_000) as u64));
            child.kill().expect("SIGKILL");
            child.wait().unwrap();
            kills += 1;
            let text = reader.join().unwrap();
            drop(writer);
            for (ply, mv) in announced(&text) {
                assert_eq!(mv, sans[ply], "game {games}: ply {ply} announced as {mv}");
                announced_max = announced_max.max(Some(ply));
            }
            if std::fs::read(&journal).is_ok_and(|b| !b.ends_with(b"\n")) {
                torn_seen += 1;
            }
        }
    }
    eprintln!("{kills} kills over {games} games; {torn_seen} left a torn last record");
}

#[test]
fn a_journal_whose_entries_do_not_make_a_game_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.journal");
    play(dir.path(), &journal, &["--lang", "en"], &["e4", "e5"]);
    // A well-framed entry that does not apply: an acceptance with no offer.
    let mut text = std::fs::read_to_string(&journal).unwrap();
    text.push_str(&journal::encode(&Entry::Accept { t: u64::MAX / 2 }));
    std::fs::write(&journal, &text).unwrap();
    let said = play(dir.path(), &journal, &["--lang", "en"], &["moves"]);
    said_in_order(&said, &["The journal is damaged at line 5, after 3 good entries", "New game", "No moves yet"]);
    let kept: Vec<PathBuf> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).filter(|p| p.to_string_lossy().contains(".damaged-")).collect();
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), text);
}

#[test]
fn every_sentence_is_spoken_into_a_wav_file_with_pronunciation_fixes() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.journal");
    let wav = dir.path().join("wav");
    let arg = format!("wav:{}", wav.display());
    // The last --speech given wins: this one replaces the text default.
    let said = play(dir.path(), &journal, &["--lang", "es", "--speech", &arg], &["e4", "Te8", "reloj"]);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&wav).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), said.len(), "one WAV per sentence: {said:?}");
    for f in &files {
        let mut r = hound::WavReader::open(f).unwrap();
        let spec = r.spec();
        let samples: Vec<i64> = r.samples::<i16>().map(|s| i64::from(s.unwrap())).collect();
        let secs = samples.len() as f64 / f64::from(spec.sample_rate);
        let rms = (samples.iter().map(|s| s * s).sum::<i64>() as f64 / samples.len().max(1) as f64).sqrt();
        assert!(secs > 0.3 && secs < 30.0 && rms > 100.0, "{}: {secs} s, rms {rms}", f.display());
    }
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.journal");
    let mut child = daemon(dir.path(), &journal, &["--lang", "es"]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"e4\ns\xed\ne5\nrepite\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let said: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(|l| l.trim_start_matches("say: ").to_owned()).collect();
    said_in_order(&said, &["1. Blancas: e4", "No entiendo", "1. Negras: e5", "1. Negras: e5", "Hasta luego"]);
}

#[test]
fn a_game_studied_move_by_move_with_guesses_announced_and_brailled_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let study = |lines: &[&str]| {
        let mut child = tiflo(dir.path())
            .args(["daemon", "--speech", "text", "--lang", "en", "--braille", "terminal", "--study", "tests/data/appendix-c-sample.pgn"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        for l in lines {
            writeln!(stdin, "{l}").unwrap();
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let out = study(&["next", "next", "d4", "Nf3", "back", "Nf3"]);
    let said: Vec<String> = out.lines().filter_map(|l| l.strip_prefix("say: ")).map(str::to_owned).collect();
    said_in_order(
        &said,
        &[
            "Study: 11 moves",
            "1. White: e4",
            "1. Black: e5",
            "d4 is not the game's move",
            "2. White: knight f3",
            "Back before knight f3",
            "2. White: knight f3",
        ],
    );
    assert!(out.lines().any(|l| l.starts_with("braille: ")), "shown in braille too:\n{out}");
    // The study's own journal, beside the game's; studying again resumes it.
    let state = dir.path().join("state").join("tiflo");
    let names: Vec<String> = std::fs::read_dir(&state).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().any(|n| n.starts_with("study-") && n.ends_with(".journal")), "{names:?}");
    assert!(!names.iter().any(|n| n == "game.journal"), "the game's journal is not touched: {names:?}");
    let out = study(&["next"]);
    assert!(out.contains("3 moves recovered") && out.contains("2. Black: knight f6"), "{out}");
    // A game that is not in the file is an error in words.
    let out = tiflo(dir.path()).args(["daemon", "--study", "tests/data/appendix-c-sample.pgn", "--game", "3"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("has 1 game(s), not a game 3"));
}

/// Limits the address space of a child about to run: a daemon that holds a
/// whole endless input fails to allocate instead of filling the machine.
fn limit_memory(c: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between
    // fork and exec.
    unsafe {
        c.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// The peak of resident memory of a running process (`VmHWM`), in bytes.
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM in /proc/PID/status");
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 1024
}

#[test]
fn a_line_past_the_bound_is_refused_in_words_and_never_held_whole() {
    const LINE: usize = 48 << 20;
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.journal");
    let mut c = tiflo(dir.path());
    c.arg("daemon").arg("--journal").arg(&journal).args(["--speech", "text", "--listen", "none", "--braille", "none", "--lang", "es"]);
    c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
    limit_memory(&mut c, 1 << 30);
    let mut child = c.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // A 48 MB line (a file pasted by mistake), then a move.
    let writer = std::thread::spawn(move || {
        let block = vec![b'x'; 1 << 20];
        for _ in 0..LINE >> 20 {
            stdin.write_all(&block).unwrap();
        }
        stdin.write_all(b"\ne4\n").unwrap();
        stdin
    });
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut said = Vec::new();
    for l in lines.by_ref() {
        let l = l.unwrap();
        said.push(l.clone());
        if l.contains("Blancas: e4") {
            break;
        }
    }
    // Read while the daemon still runs: it never held the line whole.
    let peak = peak_memory(child.id());
    drop(writer.join().unwrap());
    said.extend(lines.map(Result::unwrap));
    assert!(child.wait().unwrap().success(), "{}", said.join("\n"));
    assert!(
        said.contains(&"say: Es demasiado largo para leerlo: como mucho 4096 caracteres. No se ha anotado nada.".to_owned()),
        "{}",
        said.iter().map(|l| &l[..l.len().min(200)]).collect::<Vec<_>>().join("\n")
    );
    assert!(said.iter().all(|l| l.len() < 500), "no sentence reads the line out");
    assert!(said.iter().any(|l| l == "say: 1. Blancas: e4"), "{}", said.join("\n"));
    assert!(peak < LINE as u64, "the daemon held {peak} bytes for a line of {LINE}");
}

/// Waits for `child`, killing it after a minute: a daemon that hangs fails
/// the test instead of hanging it.
fn wait_or_kill(child: &mut Child) -> std::process::ExitStatus {
    for _ in 0..1200 {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("the daemon did not end: it hangs");
}

#[test]
fn a_journal_that_is_not_a_file_is_refused_at_start_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    let cases: [(&Path, &str, &str); 5] = [
        (Path::new("/dev/zero"), "en", "The journal /dev/zero is a device, not a file: a game can only be kept in a file."),
        (Path::new("/dev/full"), "es", "El diario /dev/full es un dispositivo, no un archivo: una partida solo se puede guardar en un archivo."),
        (&folder, "fr", "est un dossier, pas un fichier : une partie ne peut être conservée que dans un fichier."),
        (&fifo, "de", "ist eine benannte Pipe, keine Datei: eine Partie kann nur in einer Datei aufbewahrt werden."),
        (&fifo, "en", "is a named pipe, not a file"),
    ];
    for (journal, lang, words) in cases {
        let mut c = tiflo(dir.path());
        c.arg("daemon").arg("--journal").arg(journal).args(["--speech", "text", "--listen", "none", "--braille", "none", "--lang", lang]);
        c.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        limit_memory(&mut c, 1 << 30);
        let mut child = c.spawn().unwrap();
        let status = wait_or_kill(&mut child);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(status.code(), Some(2), "{journal:?}: {stderr}");
        assert!(stderr.starts_with("tiflo: ") && stderr.contains(words) && stderr.lines().count() == 1, "{journal:?}: {stderr}");
        assert!(out.stdout.is_empty(), "no game begins: {}", String::from_utf8_lossy(&out.stdout));
    }
    // The scoresheet of such a journal is refused the same way.
    let mut c = tiflo(dir.path());
    c.args(["scoresheet", "--lang", "en"]).arg(&fifo).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    assert_eq!(wait_or_kill(&mut child).code(), Some(2));
    let out = child.wait_with_output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a named pipe, not a file"), "{}", String::from_utf8_lossy(&out.stderr));
    // A journal that does not exist yet, in a folder that does not either,
    // is made.
    let new = dir.path().join("new").join("game.journal");
    let said = play(dir.path(), &new, &["--lang", "en", "--listen", "none", "--braille", "none"], &["e4"]);
    assert!(said.iter().any(|l| l == "1. White: e4"), "{said:?}");
    assert!(new.is_file());
}
