//! The Korean corpus of the vosk tests and benchmark, on top of
//! `common/hearing.rs` (include both with `#[path]`, `hearing` first):
//! where the Korean model is, the Korean voices, and the positions and
//! moves said (openings, captures, castlings, promotions, en passant), each
//! in every voice, style and file words.

#![allow(dead_code)]

use std::path::PathBuf;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use tiflo::speaking::announce::{Files, Style};

use crate::hearing::{Case, Spot, Voice, cases};

/// The Korean model: `$TIFLO_VOSK_KO_MODEL`, else where
/// `scripts/setup.sh --test` installs it.
pub fn model_dir() -> Result<PathBuf, String> {
    if let Some(d) = std::env::var_os("TIFLO_VOSK_KO_MODEL") {
        return Ok(PathBuf::from(d));
    }
    let dirs: Vec<PathBuf> = tiflo::hearing::models::SYSTEM_DIRS.iter().map(PathBuf::from).collect();
    tiflo::hearing::models::find_in("ko", &dirs).map(|m| m.path).map_err(|e| {
        format!("{e} (the vosk tests need the Korean model: run `bash scripts/setup.sh --test`, or set TIFLO_VOSK_KO_MODEL)")
    })
}

/// espeak-ng's Korean voice at its own pitch and lower (slower and faster
/// speech, other variants and a higher pitch were measured and heard no
/// better: docs/benchmarks.md).
pub const VOICES: [&str; 2] = ["-v ko", "-v ko -p 30"];

/// The voices of `$TIFLO_VOSK_VOICES` (espeak-ng argument lists separated
/// by `;`, for experiments), else `VOICES`.
pub fn voices() -> Vec<Voice> {
    match std::env::var("TIFLO_VOSK_VOICES") {
        Ok(v) if !v.trim().is_empty() => v.split(';').map(|a| Voice::new(a.trim())).collect(),
        _ => VOICES.map(Voice::new).to_vec(),
    }
}

/// The positions and the moves said in each.
pub fn spots() -> Vec<Spot> {
    let fen = |f: &str| -> Chess {
        f.parse::<Fen>().expect("a FEN").into_position(CastlingMode::Standard).expect("a legal position")
    };
    let after = |ucis: &[&str]| {
        let mut p = Chess::default();
        for u in ucis {
            let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            p.play_unchecked(m);
        }
        p
    };
    let named: Vec<(&str, Chess, Vec<&str>)> = vec![
        ("start", Chess::default(), vec!["e2e4", "d2d4", "g1f3", "b1c3", "c2c4", "g2g3", "f2f4", "b2b3"]),
        ("1.e4", after(&["e2e4"]), vec!["e7e5", "c7c5", "e7e6", "c7c6", "g8f6", "d7d5", "b8c6", "g7g6"]),
        ("1.e4 e5", after(&["e2e4", "e7e5"]), vec!["g1f3", "f1c4", "b1c3", "d2d4", "f2f4", "f1b5", "d1h5", "g1e2"]),
        ("1.e4 d5 (captures)", after(&["e2e4", "d7d5"]), vec!["e4d5", "e4e5", "b1c3", "g1f3", "d2d4", "f1b5"]),
        ("Scandinavian (captures)", after(&["e2e4", "d7d5", "e4d5"]), vec!["d8d5", "g8f6", "c7c6", "e7e6"]),
        (
            "both castlings",
            fen("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"),
            vec!["e1g1", "e1c1", "h2h3", "a2a3", "f3g5", "e3c5", "d2e2", "a1d1"],
        ),
        (
            "black castles",
            fen("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/2KR3R b kq - 0 1"),
            vec!["e8g8", "e8c8", "h7h6", "f6g4"],
        ),
        ("promotions", fen("3r4/4P1k1/8/8/8/8/5K2/8 w - - 0 1"), vec!["e7e8q", "e7e8n", "e7d8q", "e7d8r", "f2e3"]),
        ("en passant", fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), vec!["e5d6", "e5e6", "e1d2"]),
        (
            "middlegame captures",
            fen("r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 0 1"),
            vec!["g5f7", "c4f7", "d2d4", "e1g1", "g5h3"],
        ),
    ];
    named
        .into_iter()
        .map(|(name, pos, ucis)| {
            let moves = ucis
                .iter()
                .map(|u| u.parse::<UciMove>().unwrap().to_move(&pos).unwrap_or_else(|_| panic!("{name}: {u}")))
                .collect();
            Spot { name: name.to_owned(), pos, moves }
        })
        .collect()
}

/// How files are said: the letter names (에이, 비, 씨...) and the NATO
/// words (알파, 브라보, 찰리...).
pub const FILES: [Files; 2] = [Files::Letters, Files::Nato];

/// Every case: each move in every voice, with both file words, in the
/// short and the long style.
pub fn corpus() -> Vec<Case> {
    let spots = spots();
    let mut out = Vec::new();
    for voice in voices() {
        for files in FILES {
            for style in [Style::Short, Style::Long] {
                out.extend(cases("ko", &spots, std::slice::from_ref(&voice), &[style], &[files]));
            }
        }
    }
    out
}

/// A result's row in the tables: its voice and file words.
pub fn group(r: &crate::hearing::Decoded) -> String {
    format!("{}, {} files", r.case.voice.name, r.case.files)
}
