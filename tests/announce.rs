//! Golden phrase tables: every kind of move said in each language pack and
//! in the FIDE announcement words.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use tiflo::speaking::announce::{Announcer, Files, Style};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// (what, FEN, UCI move)
const CASES: &[(&str, &str, &str)] = &[
    ("quiet piece", START, "g1f3"),
    ("pawn push", START, "e2e4"),
    ("pawn capture", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5"),
    ("piece takes piece", "4k3/8/8/8/4b3/2N5/8/4K3 w - - 0 1", "c3e4"),
    ("castles short", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
    ("castles long", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
    ("en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"),
    ("promotion to queen", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q"),
    ("promotion to rook", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8r"),
    ("promotion to bishop", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8b"),
    ("promotion to knight", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8n"),
    ("capture promoting with check", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q"),
    ("check", "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "d1h5"),
    ("checkmate", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"),
    ("discovered check", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c5"),
    ("two knights, by file", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"),
    ("two rooks, by rank", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"),
    ("three queens, by square", "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a3b2"),
];

fn phrases(code: &str, style: Style, files: Files) -> Vec<String> {
    let a = Announcer::new(code, style, files).expect("shipped pack");
    CASES
        .iter()
        .map(|(_, fen, uci)| {
            let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            let mut after = pos.clone();
            after.play_unchecked(m);
            a.phrase(&pos, m, &after)
        })
        .collect()
}

fn check(code: &str, style: Style, files: Files, expected: &[&str]) {
    let got = phrases(code, style, files);
    assert_eq!(got.len(), expected.len());
    let mut wrong = Vec::new();
    for ((what, _, _), (g, e)) in CASES.iter().zip(got.iter().zip(expected)) {
        if g != e {
            wrong.push(format!("{what}: got {g:?}, expected {e:?}"));
        }
    }
    assert!(wrong.is_empty(), "{code} {style} {files}:\n{}", wrong.join("\n"));
}

#[test]
fn english() {
    check("en", Style::Short, Files::Letters, &[
        "knight f3",
        "e4",
        "e takes pawn on d5",
        "knight takes bishop on e4",
        "castles short",
        "castles long",
        "e takes pawn on d6 en passant",
        "c8 promotes to queen",
        "c8 promotes to rook",
        "c8 promotes to bishop",
        "c8 promotes to knight",
        "c takes rook on d8 promotes to queen check",
        "queen h5 check",
        "queen h4 checkmate",
        "knight c5 check",
        "knight b d2",
        "rook 1 a3",
        "queen a3 b2",
    ]);
}

#[test]
fn spanish() {
    check("es", Style::Short, Files::Letters, &[
        "caballo f3",
        "e4",
        // A pawn's capture as Spanish players read dxc4: "d por c4".
        "e por d5",
        "caballo toma alfil en e4",
        "enroque corto",
        "enroque largo",
        "e por d6 al paso",
        "c8 corona dama",
        "c8 corona torre",
        "c8 corona alfil",
        "c8 corona caballo",
        "c por d8 corona dama jaque",
        "dama h5 jaque",
        "dama h4 jaque mate",
        "caballo c5 jaque",
        "caballo b d2",
        "torre 1 a3",
        "dama a3 b2",
    ]);
}

#[test]
fn portuguese() {
    check("pt", Style::Short, Files::Letters, &[
        "cavalo f3",
        "e4",
        "e toma peão em d5",
        "cavalo toma bispo em e4",
        "roque pequeno",
        "roque grande",
        "e toma peão em d6 en passant",
        "c8 promove a dama",
        "c8 promove a torre",
        "c8 promove a bispo",
        "c8 promove a cavalo",
        "c toma torre em d8 promove a dama xeque",
        "dama h5 xeque",
        "dama h4 xeque-mate",
        "cavalo c5 xeque",
        "cavalo b d2",
        "torre 1 a3",
        "dama a3 b2",
    ]);
}

#[test]
fn fide_announcement_words() {
    check("fide", Style::Short, Files::Fide, &[
        "Springer Felix drei",
        "Eva vier",
        "Eva schlägt Bauer David fünf",
        "Springer schlägt Läufer Eva vier",
        "Kurze Rochade",
        "Lange Rochade",
        "Eva schlägt Bauer David sechs en passant",
        "Cesar acht Dame",
        "Cesar acht Turm",
        "Cesar acht Läufer",
        "Cesar acht Springer",
        "Cesar schlägt Turm David acht Dame Schach",
        "Dame Hector fünf Schach",
        "Dame Hector vier Schachmatt",
        "Springer Cesar fünf Schach",
        "Springer Bella David zwei",
        "Turm eins Anna drei",
        "Dame Anna drei Bella zwei",
    ]);
}

#[test]
fn long_style_names_the_piece_and_its_origin() {
    let got = phrases("es", Style::Long, Files::Letters);
    assert_eq!(got[0], "caballo g1 f3");
    assert_eq!(got[1], "peón e2 e4");
    assert_eq!(got[2], "peón e4 toma peón en d5");
    assert_eq!(got[4], "enroque corto");
    assert_eq!(got[7], "peón c7 c8 corona dama");
    assert_eq!(got[15], "caballo b1 d2");
    let got = phrases("en", Style::Long, Files::Nato);
    assert_eq!(got[0], "knight golf one foxtrot three");
    assert_eq!(got[6], "pawn echo five takes pawn on delta six en passant");
}

#[test]
fn file_words_in_the_players_language() {
    let got = phrases("es", Style::Short, Files::Fide);
    assert_eq!(got[0], "caballo Félix tres");
    assert_eq!(got[15], "caballo Bella David dos");
    let got = phrases("pt", Style::Short, Files::Nato);
    assert_eq!(got[2], "eco toma peão em delta cinco");
    let got = phrases("es", Style::Short, Files::Phonetic);
    assert_eq!(got[1], "Enrique cuatro");
}

#[test]
fn every_pack_says_every_move_kind() {
    for code in ["en", "es", "pt", "fr", "de", "it", "nl", "fide"] {
        for style in [Style::Short, Style::Long] {
            for files in [Files::Letters, Files::Fide, Files::Nato, Files::Phonetic] {
                for p in phrases(code, style, files) {
                    assert!(!p.is_empty() && !p.contains('{') && !p.contains("  "), "{code}: {p:?}");
                }
            }
        }
    }
}

/// Every phrase of a whole game synthesised with espeak-ng: each WAV file
/// holds speech (not silence) of a plausible length for a spoken move.
#[test]
fn a_whole_game_synthesised_with_espeak_ng() {
    for lang in ["es", "pt", "en", "fide"] {
        let dir = tempfile::tempdir().unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tiflo"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["announce", "--lang", lang, "--wav"])
            .arg(dir.path())
            .arg("tests/data/appendix-c-sample.pgn")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let lines: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(str::to_owned).collect();
        let mut files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        assert_eq!(files.len(), lines.len(), "{lang}: one file per move");
        assert!(lines.len() > 20, "{lang}: {lines:?}");
        for (f, line) in files.iter().zip(&lines) {
            let mut r = hound::WavReader::open(f).unwrap();
            let rate = f64::from(r.spec().sample_rate);
            let samples: Vec<f64> = r.samples::<i16>().map(|s| f64::from(s.unwrap())).collect();
            let secs = samples.len() as f64 / rate;
            let rms = (samples.iter().map(|s| s * s).sum::<f64>() / samples.len().max(1) as f64).sqrt();
            let words = line.split(": ").nth(1).unwrap_or("").split_whitespace().count() as f64;
            assert!(rms > 300.0, "{lang} {line}: silent (rms {rms})");
            assert!(secs > 0.25 && secs < 1.5 + 1.2 * words, "{lang} {line}: {secs:.2} s for {words} words");
        }
    }
}
