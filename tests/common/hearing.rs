//! A synthesised corpus of spoken moves for the hearing tests and the
//! hearing benchmark, for any language pack and recogniser.
//!
//! Positions (openings, the positions of a whole game, ambiguity,
//! promotions, en passant, castling), moves in each said as tiflo would say
//! them (`Announcer`, short or long, with the chosen file words), spoken by
//! three synthesizers (espeak-ng; flite and festival, whose voices are built
//! from human recordings) in several voices and rates, converted to 16 kHz
//! mono by sox, and optionally mixed with noise at a chosen signal-to-noise
//! ratio: pink noise over the speech alone (`noisy`), or a noisy hall
//! (`hall`: pink noise or the babble of other talkers from 1.5 s before the
//! speech to 1.5 s after it, with a door or a clock press in the noise-only
//! part).
//!
//! The corpus is split (`Split`): the training voices and positions, on
//! which the hearing may be tuned, and the held-out voices and positions, on
//! which it is only measured. Every case is decoded through the real pipeline
//! (`listen::hear_samples`: endpointer, recogniser with the position's
//! grammar, `Understander`). Nothing is committed: the sound is made anew
//! in a temporary folder. A missing tool is an error naming what to install.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use tiflo::speaking::announce::{Announcer, Files, Style};
use tiflo::hearing::audio::{EndpointConfig, level_db};
use tiflo::hearing::ear::hear_samples;
use tiflo::hearing::wav::read_wav;
use tiflo::hearing::recognizer::Recognizer;
use tiflo::hearing::confidence::{Features, Rule};
use tiflo::hearing::understand::{Decision, Forms, Understander};

/// Fails with a clear message when espeak-ng or sox cannot run, or
/// espeak-ng has no voice for `lang`.
pub fn check_tools(lang: &str) -> Result<(), String> {
    for (tool, arg) in [("espeak-ng", "--version"), ("sox", "--version")] {
        match Command::new(tool).arg(arg).output() {
            Ok(o) if o.status.success() => {}
            _ => return Err(format!("{tool} is needed to synthesise the test speech: run `bash scripts/setup.sh --test`")),
        }
    }
    let voices = Command::new("espeak-ng").arg(format!("--voices={lang}")).output().map_err(|e| e.to_string())?;
    if !String::from_utf8_lossy(&voices.stdout).lines().skip(1).any(|l| !l.trim().is_empty()) {
        return Err(format!("espeak-ng has no voice for {lang}"));
    }
    Ok(())
}

/// Fails with a clear message when a synthesizer of `voices` cannot run or
/// lacks the voice.
pub fn check_voices(voices: &[Voice]) -> Result<(), String> {
    // A folder of its own for each call: tests call this at once.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let work = work_dir(&format!("check-voices-{}", CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)));
    let mut seen: Vec<String> = Vec::new();
    for v in voices {
        if seen.contains(&v.speaker()) {
            continue;
        }
        seen.push(v.speaker());
        let wav = work.join("probe.wav");
        synthesise("one", v, &wav).map_err(|e| format!("{e}: run `bash scripts/setup.sh --test`"))?;
    }
    let _ = std::fs::remove_dir_all(&work);
    Ok(())
}

fn fen(f: &str) -> Chess {
    f.parse::<Fen>().expect("a FEN").into_position(CastlingMode::Standard).expect("a legal position")
}

fn after(ucis: &[&str]) -> Chess {
    let mut p = Chess::default();
    for u in ucis {
        let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap_or_else(|_| panic!("{u}"));
        p.play_unchecked(m);
    }
    p
}

/// A position and the moves said in it.
#[derive(Clone, Debug)]
pub struct Spot {
    pub name: String,
    pub pos: Chess,
    pub moves: Vec<Move>,
}

/// Picks `n` legal moves of `pos`: `first` (if legal) and then moves spread
/// over the move list, different pieces and squares, the same every run.
fn pick(pos: &Chess, first: Option<&str>, n: usize) -> Vec<Move> {
    let legal = pos.legal_moves();
    let mut out: Vec<Move> = Vec::new();
    if let Some(m) = first.and_then(|u| u.parse::<UciMove>().ok()).and_then(|u| u.to_move(pos).ok()) {
        out.push(m);
    }
    // A fixed permutation of the move list (7919 is prime, so every move
    // comes once), spreading the picks over pieces and squares.
    for k in 0..legal.len() {
        if out.len() >= n {
            break;
        }
        let m = legal[(k * 7919 + 3) % legal.len()];
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// The spots: the special positions with their moves, and the position
/// before each move of a whole game (the training game) with that move and
/// others.
pub fn spots(per_position: usize) -> Vec<Spot> {
    let mut out = special_spots();
    out.extend(game_spots(&OPERA, per_position, &[]));
    out
}

/// The special positions (castling, promotions, en passant, ambiguity,
/// captures) with their moves.
pub fn special_spots() -> Vec<Spot> {
    let mut out = Vec::new();
    let named: Vec<(&str, Chess, Vec<&str>)> = vec![
        ("start", Chess::default(), vec!["e2e4", "d2d4", "g1f3", "b1c3", "c2c4", "g2g3", "f2f4", "b2b3"]),
        ("1.e4 d5: a capture", after(&["e2e4", "d7d5"]), vec!["e4d5", "e4e5", "b1c3", "f1b5"]),
        (
            "both castlings",
            fen("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"),
            vec!["e1g1", "e1c1", "h2h3", "f3g5", "e3c5", "a1d1"],
        ),
        (
            "black castles",
            fen("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/2KR3R b kq - 0 1"),
            vec!["e8g8", "e8c8", "h7h6", "f6g4"],
        ),
        ("promotions", fen("3r4/4P1k1/8/8/8/8/5K2/8 w - - 0 1"), vec!["e7e8q", "e7e8n", "e7d8q", "e7d8r", "f2e3"]),
        ("en passant", fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), vec!["e5d6", "e5e6", "e1d2"]),
        ("two knights reach d2", fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"), vec!["b1d2", "f3d2", "f3e5", "b1c3"]),
        ("two rooks on the first rank", fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1"), vec!["a1d1", "h1d1", "a1a7", "h1h8"]),
        (
            "middlegame captures",
            fen("r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 0 1"),
            vec!["g5f7", "c4f7", "d2d4", "e1g1"],
        ),
    ];
    for (name, pos, ucis) in named {
        let moves = ucis.iter().map(|u| u.parse::<UciMove>().unwrap().to_move(&pos).unwrap()).collect();
        out.push(Spot { name: name.to_owned(), pos, moves });
    }
    out
}

/// A whole game: its name and its moves.
pub struct Game {
    pub name: &'static str,
    pub ucis: &'static [&'static str],
}

/// The training game: the "Opera game" (Morphy against the Duke of
/// Brunswick and Count Isouard, Paris 1858).
pub const OPERA: Game = Game {
    name: "game",
    ucis: &[
        "e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3", "d6e5", "f1c4", "g8f6", "f3b3",
        "d8e7", "b1c3", "c7c6", "c1g5", "b7b5", "c3b5", "c6b5", "c4b5", "b8d7", "e1c1", "a8d8", "d1d7", "d8d7",
        "h1d1", "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8",
    ],
};

/// The held-out game: the "Immortal game" (Anderssen against Kieseritzky,
/// London 1851), checks, sacrifices and a mate.
pub const IMMORTAL: Game = Game {
    name: "held-out game",
    ucis: &[
        "e2e4", "e7e5", "f2f4", "e5f4", "f1c4", "d8h4", "e1f1", "b7b5", "c4b5", "g8f6", "g1f3", "h4h6", "d2d3",
        "f6h5", "f3h4", "h6g5", "h4f5", "c7c6", "g2g4", "h5f6", "h1g1", "c6b5", "h2h4", "g5g6", "h4h5", "g6g5",
        "d1f3", "f6g8", "c1f4", "g5f6", "b1c3", "f8c5", "c3d5", "f6b2", "f4d6", "c5g1", "e4e5", "b2a1", "f1e2",
        "b8a6", "f5g7", "e8d8", "f3f6", "g8f6", "d6e7",
    ],
};

/// The third game, for the fresh part (`Split::Fresh`): the "Evergreen
/// game" (Anderssen against Dufresne, Berlin 1852), castling, a queen
/// sacrifice and a mate by a bishop.
pub const EVERGREEN: Game = Game {
    name: "fresh game",
    ucis: &[
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "b2b4", "c5b4", "c2c3", "b4a5", "d2d4", "e5d4", "e1g1",
        "d4d3", "d1b3", "d8f6", "e4e5", "f6g6", "f1e1", "g8e7", "c1a3", "b7b5", "b3b5", "a8b8", "b5a4", "a5b6",
        "b1d2", "c8b7", "d2e4", "g6f5", "c4d3", "f5h5", "e4f6", "g7f6", "e5f6", "h8g8", "a1d1", "h5f3", "e1e7",
        "c6e7", "a4d7", "e8d7", "d3f5", "d7e8", "f5d7", "e8f8", "a3e7",
    ],
};

/// The second fresh part's game (`Split::Fresh2`): the "Game of the
/// Century" (Donald Byrne against Fischer, New York 1956), a queen
/// sacrifice, a long king hunt and a mate by a rook.
pub const CENTURY: Game = Game {
    name: "second fresh game",
    ucis: &[
        "g1f3", "g8f6", "c2c4", "g7g6", "b1c3", "f8g7", "d2d4", "e8g8", "c1f4", "d7d5", "d1b3", "d5c4", "b3c4",
        "c7c6", "e2e4", "b8d7", "a1d1", "d7b6", "c4c5", "c8g4", "f4g5", "b6a4", "c5a3", "a4c3", "b2c3", "f6e4",
        "g5e7", "d8b6", "f1c4", "e4c3", "e7c5", "f8e8", "e1f1", "g4e6", "c5b6", "e6c4", "f1g1", "c3e2", "g1f1",
        "e2d4", "f1g1", "d4e2", "g1f1", "e2c3", "f1g1", "a7b6", "a3b4", "a8a4", "b4b6", "c3d1", "h2h3", "a4a2",
        "g1h2", "d1f2", "h1e1", "e8e1", "b6d8", "g7f8", "f3e1", "c4d5", "e1f3", "f2e4", "d8b8", "b7b5", "h3h4",
        "h7h5", "f3e5", "g8g7", "h2g1", "f8c5", "g1f1", "e4g3", "f1e1", "c5b4", "e1d1", "d5b3", "d1c1", "g3e2",
        "c1b1", "e2c3", "b1c1", "a2c2",
    ],
};

/// The games of the parts, in the order the parts were made: training,
/// held out, fresh, second fresh.
const GAMES: [&Game; 4] = [&OPERA, &IMMORTAL, &EVERGREEN, &CENTURY];

/// The positions of `game` from its second move on, each with the move
/// played and others (`per_position` in all), leaving out positions in
/// `skip` (positions of another game).
pub fn game_spots(game: &Game, per_position: usize, skip: &[Chess]) -> Vec<Spot> {
    let mut out = Vec::new();
    let mut pos = Chess::default();
    for (i, u) in game.ucis.iter().enumerate() {
        let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let shared = skip.iter().any(|p| p.board() == pos.board() && p.turn() == pos.turn());
        if i > 0 && !shared {
            out.push(Spot { name: format!("{}, ply {}", game.name, i + 1), pos: pos.clone(), moves: pick(&pos, Some(u), per_position) });
        }
        pos.play_unchecked(m);
    }
    out
}

/// Every position of `game`, the start included.
fn positions_of(game: &Game) -> Vec<Chess> {
    let mut pos = Chess::default();
    let mut out = vec![pos.clone()];
    for u in game.ucis {
        let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
        out.push(pos.clone());
    }
    out
}

// --- The split ----------------------------------------------------------------

/// Which part of the corpus: the training part, on which the hearing may
/// be tuned, or the held-out part, on which it is only measured.
///
/// The split is fixed here and nowhere else (docs/testing.md):
/// - training: the four espeak-ng voices the hearing was developed with,
///   flite's `kal` and festival's `kal_diphone`; the special positions and
///   the Opera game;
/// - held out: five other espeak-ng voices and variants at rates from slow
///   to fast, flite's other English voices (`kal16`, `awb`, `rms`, `slt`) and
///   festival's (`ked_diphone`, `cmu_us_slt_arctic_hts`) at other rates; the
///   special positions and the Immortal game (a position it shares with the
///   Opera game is left out).
///
/// Nobody tunes on held-out cases: a change is developed on the training
/// part and its effect then read on the held-out part.
///
/// A third part, fresh (2026-12-07), was made after every threshold of
/// the hearing had been chosen, to read a choice that had already looked
/// at the held-out part on speech nobody had heard: eight espeak-ng
/// voice variants in no other part of the corpus and in none of its
/// noises (their accents, the voices before `+`, are other parts'; no
/// fresh English voice of flite or festival is packaged), the
/// special positions and the Evergreen game (positions it shares with the
/// other two games left out). It is heard once a choice is made, never
/// to make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Split {
    Train,
    HeldOut,
    Fresh,
    /// A second fresh part, made after the first had been heard: eight
    /// more espeak-ng voice variants heard nowhere else, the special
    /// positions and the Game of the Century.
    Fresh2,
}

impl Split {
    pub fn name(self) -> &'static str {
        match self {
            Split::Train => "train",
            Split::HeldOut => "held out",
            Split::Fresh => "fresh",
            Split::Fresh2 => "fresh 2",
        }
    }

    /// The voices of this part.
    pub fn voices(self) -> Vec<Voice> {
        match self {
            Split::Train => {
                let mut v: Vec<Voice> = TRAIN_ESPEAK.iter().map(|a| Voice::new(a)).collect();
                v.push(Voice::flite("kal", 1.0));
                v.push(Voice::festival("kal_diphone", 1.0));
                v
            }
            Split::HeldOut => vec![
                Voice::new("-v en-gb-x-rp+m2 -s 125"),
                Voice::flite("kal16", 1.25),
                Voice::festival("ked_diphone", 1.0),
                Voice::new("-v en-us+f4 -s 215"),
                Voice::flite("awb", 1.0),
                Voice::new("-v en-gb-scotland+m5 -s 165"),
                Voice::festival("cmu_us_slt_arctic_hts", 1.2),
                Voice::flite("rms", 0.85),
                Voice::new("-v en-029+f1 -s 145"),
                Voice::flite("slt", 1.1),
                Voice::new("-v en-us+m6 -s 235"),
                Voice::festival("ked_diphone", 0.8),
            ],
            Split::Fresh => FRESH_ESPEAK.iter().map(|a| Voice::new(a)).collect(),
            Split::Fresh2 => FRESH2_ESPEAK.iter().map(|a| Voice::new(a)).collect(),
        }
    }

    /// The voices of this part heard through a headset in call mode: the
    /// part's voices and festival's diphone voice of the part's speaker
    /// recorded at 8 kHz (`kal_diphone` in training, whose speaker is
    /// flite's `kal` and festival's 16 kHz `kal_diphone` there;
    /// `ked_diphone` held out, as its 16 kHz recording is).
    pub fn phone_voices(self) -> Vec<Voice> {
        let mut v = self.voices();
        v.push(match self {
            Split::Train => Voice::festival_8k("kal_diphone", 1.0),
            Split::HeldOut => Voice::festival_8k("ked_diphone", 1.0),
            Split::Fresh | Split::Fresh2 => return v,
        });
        v
    }

    /// The English cases of this part said through a headset in call mode
    /// (8 kHz, the telephone band: `phone_band`), clean, by the part's
    /// `phone_voices`.
    pub fn phone_cases(self, per_position: usize) -> Vec<Case> {
        cases_spread("en", &self.spots(per_position), &self.phone_voices()).into_iter().map(|c| Case { phone: true, ..c }).collect()
    }

    /// The positions of this part, `per_position` moves in each position
    /// of its game.
    pub fn spots(self, per_position: usize) -> Vec<Spot> {
        let mut out = special_spots();
        out.extend(self.game_spots(per_position));
        out
    }

    /// The positions of this part's game from its second move on,
    /// `per_position` moves in each, leaving out the positions of the
    /// games of the parts made before it (each part's game is the next
    /// of `GAMES`).
    pub fn game_spots(self, per_position: usize) -> Vec<Spot> {
        let k = match self {
            Split::Train => 0,
            Split::HeldOut => 1,
            Split::Fresh => 2,
            Split::Fresh2 => 3,
        };
        let earlier: Vec<Chess> = GAMES[..k].iter().flat_map(|g| positions_of(g)).collect();
        game_spots(GAMES[k], per_position, &earlier)
    }

    /// The English cases of this part, clean: short and long phrasings,
    /// letters and NATO file words, every voice saying each (`cases_spread`).
    pub fn cases(self, per_position: usize) -> Vec<Case> {
        cases_spread("en", &self.spots(per_position), &self.voices())
    }
}

/// The fresh part's voices (`Split::Fresh`): espeak-ng variants no other
/// part, no babble and no setup model uses (their accents, before `+`,
/// are used elsewhere), at rates from slow to fast; `+klatt` is
/// espeak-ng's other synthesis method.
pub const FRESH_ESPEAK: [&str; 8] = [
    "-v en-us-nyc+Andy -s 160",
    "-v en-gb-x-rp+Annie -s 180",
    "-v en-us+Edward -s 130",
    "-v en-gb+Steph -s 205",
    "-v en-gb-x-gbclan+Michael -s 150",
    "-v en-029+Linda -s 190",
    "-v en-us+klatt -s 170",
    "-v en-gb-scotland+Lee -s 145",
];

/// The second fresh part's voices (`Split::Fresh2`), heard nowhere else
/// either; `+klatt4` is espeak-ng's other synthesis method.
pub const FRESH2_ESPEAK: [&str; 8] = [
    "-v en-us+Mike -s 175",
    "-v en-gb+Paul -s 140",
    "-v en-029+Caleb -s 165",
    "-v en-gb-x-gbcwmd+Alicia -s 155",
    "-v en-us-nyc+Belinda -s 185",
    "-v en-gb-scotland+Benjamin -s 135",
    "-v en-gb-x-rp+David -s 200",
    "-v en-us+klatt4 -s 160",
];

/// The espeak-ng voices the hearing was developed with (training).
pub const TRAIN_ESPEAK: [&str; 4] = ["-v en-us", "-v en-gb -s 150", "-v en-us+m3 -s 140", "-v en-us+f2 -s 185"];

/// A speech synthesizer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Synth {
    /// espeak-ng: formant synthesis
    Espeak,
    /// flite (Debian `flite`): voices built from human recordings
    Flite,
    /// festival's `text2wave` with festvox voices (Debian `festival`,
    /// `festvox-*`)
    Festival,
}

impl Synth {
    pub fn name(self) -> &'static str {
        match self {
            Synth::Espeak => "espeak-ng",
            Synth::Flite => "flite",
            Synth::Festival => "festival",
        }
    }
}

/// How the speech is made: a synthesizer and its settings (espeak-ng's
/// arguments; flite's or festival's voice and duration stretch, 1 being
/// the voice's own rate, more being slower).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    pub name: String,
    pub synth: Synth,
    pub args: Vec<String>,
}

impl Voice {
    /// espeak-ng with these arguments ("-v en-us+m3 -s 140").
    pub fn new(args: &str) -> Voice {
        Voice { name: format!("espeak-ng {args}"), synth: Synth::Espeak, args: args.split_whitespace().map(str::to_owned).collect() }
    }

    /// flite's built-in `voice` (`flite -lv`), durations stretched by
    /// `stretch`.
    pub fn flite(voice: &str, stretch: f32) -> Voice {
        Voice { name: format!("flite {voice} x{stretch}"), synth: Synth::Flite, args: vec![voice.to_owned(), format!("{stretch}")] }
    }

    /// festival's `voice` (`voice_kal_diphone` is `kal_diphone`), durations
    /// stretched by `stretch`.
    pub fn festival(voice: &str, stretch: f32) -> Voice {
        Voice { name: format!("festival {voice} x{stretch}"), synth: Synth::Festival, args: vec![voice.to_owned(), format!("{stretch}")] }
    }

    /// festival's diphone voice `voice` (`kal_diphone`, `ked_diphone`) as
    /// recorded at 8 kHz (Debian's `festvox-kallpc8k`, `festvox-kdlpc8k`,
    /// unpacked beside the 16 kHz ones by `scripts/setup.sh --test`:
    /// [`festival_8k_dir`]), durations stretched by `stretch`.
    pub fn festival_8k(voice: &str, stretch: f32) -> Voice {
        Voice {
            name: format!("festival {voice} 8 kHz x{stretch}"),
            synth: Synth::Festival,
            args: vec![voice.to_owned(), format!("{stretch}"), "8k".to_owned()],
        }
    }

    /// Who speaks, whatever the rate: the synthesizer and its voice.
    pub fn speaker(&self) -> String {
        match self.synth {
            Synth::Espeak => {
                let v = self.args.iter().position(|a| a == "-v").and_then(|i| self.args.get(i + 1)).map_or("en", String::as_str);
                format!("espeak-ng {v}")
            }
            _ => format!("{} {}", self.synth.name(), self.args[0]),
        }
    }
}

/// One spoken move.
#[derive(Clone, Debug)]
pub struct Case {
    pub position: String,
    pub pos: Chess,
    pub mv: Move,
    pub phrase: String,
    pub style: Style,
    pub files: Files,
    pub voice: Voice,
    /// the signal-to-noise ratio of pink noise mixed over the speech alone
    /// (dB), or none
    pub snr: Option<f32>,
    /// the noisy hall it is said in, or none
    pub hall: Option<Hall>,
    /// said through a headset in call mode: 8 kHz, the telephone band
    /// (`phone_band`), read by tiflo as an 8 kHz recording
    pub phone: bool,
}

impl Case {
    /// The condition it is heard in: "clean", "pink 20 dB", "babble 10 dB".
    pub fn condition(&self) -> String {
        let heard = match (&self.hall, self.snr) {
            (Some(h), _) => format!("{} {} dB", h.noise.name(), h.snr),
            (None, Some(snr)) => format!("pink over the speech {snr} dB"),
            (None, None) => "clean".to_owned(),
        };
        if self.phone { format!("8 kHz {heard}") } else { heard }
    }
}

/// The noise that fills a hall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Noise {
    /// pink noise made by sox
    Pink,
    /// other talkers at a distance: conversation and other players' moves
    Babble,
}

impl Noise {
    pub fn name(self) -> &'static str {
        match self {
            Noise::Pink => "pink",
            Noise::Babble => "babble",
        }
    }
}

/// A short sound in the noise-only part of a hall case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Knock {
    /// a door: a low thud
    Door,
    /// a chess clock pressed: a click
    Clock,
}

/// A case said in a noisy hall: `noise` from 1.5 s before the speech to
/// 1.5 s after it, `snr` dB below the speech (measured over its voiced
/// frames), and a `knock` in the noise-only lead (`in_lead`) or tail.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hall {
    pub noise: Noise,
    pub snr: f32,
    pub knock: Knock,
    pub in_lead: bool,
}

/// The same cases in a hall with `noise` at `snr` dB, the door and the
/// clock press taken in turn, in the lead and in the tail.
pub fn hall(cases: &[Case], noise: Noise, snr: f32) -> Vec<Case> {
    cases
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let (knock, in_lead) = [(Knock::Door, true), (Knock::Clock, false), (Knock::Clock, true), (Knock::Door, false)][k % 4];
            Case { hall: Some(Hall { noise, snr, knock, in_lead }), snr: None, ..c.clone() }
        })
        .collect()
}

/// The noisy conditions of the hall benchmark and tests.
pub const HALL_CONDITIONS: [(Noise, f32); 4] = [(Noise::Pink, 20.0), (Noise::Pink, 10.0), (Noise::Babble, 20.0), (Noise::Babble, 10.0)];

/// The cases: every move of every spot said once, the voice, the style and
/// the file words taken in turn, so every combination is heard.
pub fn cases(pack: &str, spots: &[Spot], voices: &[Voice], styles: &[Style], files: &[Files]) -> Vec<Case> {
    let mut out = Vec::new();
    let mut k = 0usize;
    for s in spots {
        for m in &s.moves {
            let style = styles[k % styles.len()];
            let file = files[(k / styles.len()) % files.len()];
            let voice = voices[k % voices.len()].clone();
            k += 1;
            let a = Announcer::new(pack, style, file).expect("the language pack");
            let mut after = s.pos.clone();
            after.play_unchecked(*m);
            let phrase = a.phrase(&s.pos, *m, &after);
            out.push(Case { position: s.name.clone(), pos: s.pos.clone(), mv: *m, phrase, style, files: file, voice, snr: None, hall: None, phone: false });
        }
    }
    out
}

/// The cases: every move of every spot said once, the voices taken in
/// turn, and with each round of voices the next of the four combinations
/// of style (short, long) and file words (letters, NATO), so every voice
/// says every combination whatever the number of voices.
pub fn cases_spread(pack: &str, spots: &[Spot], voices: &[Voice]) -> Vec<Case> {
    let mut out = Vec::new();
    let mut k = 0usize;
    for s in spots {
        for m in &s.moves {
            let combo = (k / voices.len()) % 4;
            let style = [Style::Short, Style::Long][combo % 2];
            let file = [Files::Letters, Files::Nato][combo / 2];
            let voice = voices[k % voices.len()].clone();
            k += 1;
            let a = Announcer::new(pack, style, file).expect("the language pack");
            let mut after = s.pos.clone();
            after.play_unchecked(*m);
            let phrase = a.phrase(&s.pos, *m, &after);
            out.push(Case { position: s.name.clone(), pos: s.pos.clone(), mv: *m, phrase, style, files: file, voice, snr: None, hall: None, phone: false });
        }
    }
    out
}

/// The same cases with noise at `snr` dB.
pub fn noisy(cases: &[Case], snr: f32) -> Vec<Case> {
    cases.iter().cloned().map(|c| Case { snr: Some(snr), ..c }).collect()
}

fn run_tool(cmd: &mut Command, what: &str) -> Result<(), String> {
    let st = cmd.status().map_err(|e| format!("{what}: {e}"))?;
    if st.success() { Ok(()) } else { Err(format!("{what} failed")) }
}

/// Speaks `text` into `wav` (16 kHz mono 16-bit, half a second of silence
/// around it, as a microphone gives with pauses). sox's dither is made
/// repeatable (`-R`), so the same phrase is the same sound in every run.
pub fn synthesise(text: &str, voice: &Voice, wav: &Path) -> Result<(), String> {
    synthesise_with(text, voice, wav, &["pad", "0.5", "0.5"])
}

/// Speaks `text` into `wav` (16 kHz mono 16-bit), sox's `effects` applied.
pub fn synthesise_with(text: &str, voice: &Voice, wav: &Path, effects: &[&str]) -> Result<(), String> {
    let raw = wav.with_extension("raw.wav");
    match voice.synth {
        Synth::Espeak => run_tool(Command::new("espeak-ng").args(&voice.args).arg("-w").arg(&raw).arg(text), "espeak-ng")?,
        Synth::Flite => run_tool(
            Command::new("flite")
                .args(["-voice", &voice.args[0], "--setf"])
                .arg(format!("duration_stretch={}", voice.args[1]))
                .arg("-t")
                .arg(text)
                .arg("-o")
                .arg(&raw),
            "flite",
        )?,
        Synth::Festival => {
            // text2wave reads the text on its standard input; it exits 0
            // even when the voice is missing, saying so on its error output.
            use std::io::Write;
            let mut text2wave = Command::new("text2wave");
            if voice.args.get(2).is_some_and(|a| a == "8k") {
                // The 8 kHz diphones, loaded from their own folder over the
                // 16 kHz voice of the same name.
                let short = voice.args[0].trim_end_matches("_diphone");
                let dir = festival_8k_dir().join(&voice.args[0]);
                let group = dir.join(format!("group/{short}lpc8k.group"));
                if !group.is_file() {
                    return Err(format!("festival's 8 kHz voice {} is missing: {}", voice.args[0], group.display()));
                }
                text2wave
                    .arg("-eval")
                    .arg(format!("(set! {}_dir \"{}/\")", voice.args[0], dir.display()))
                    .arg("-eval")
                    .arg(format!("(set! {short}_index_file \"{}\")", group.display()))
                    .arg("-eval")
                    .arg(format!("(load \"{}\")", dir.join(format!("festvox/{}.scm", voice.args[0])).display()));
            }
            let mut child = text2wave
                .arg("-eval")
                .arg(format!("(voice_{})", voice.args[0]))
                .arg("-eval")
                .arg(format!("(Parameter.set 'Duration_Stretch {})", voice.args[1]))
                .arg("-o")
                .arg(&raw)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .map_err(|e| format!("festival (text2wave): {e}"))?;
            child.stdin.take().expect("a pipe").write_all(text.as_bytes()).map_err(|e| format!("festival (text2wave): {e}"))?;
            let out = child.wait_with_output().map_err(|e| format!("festival (text2wave): {e}"))?;
            let err = String::from_utf8_lossy(&out.stderr);
            if !out.status.success() || err.contains("ERROR") || !raw.exists() {
                return Err(format!("festival (text2wave) failed with voice {}: {}", voice.args[0], err.trim()));
            }
        }
    }
    run_tool(Command::new("sox").arg("-R").arg(&raw).args(["-r", "16000", "-c", "1", "-b", "16"]).arg(wav).args(effects), "sox")?;
    let _ = std::fs::remove_file(raw);
    Ok(())
}

/// Where `scripts/setup.sh --test` unpacks festival's 8 kHz diphone voices
/// (`TIFLO_FESTIVAL_8K` if set): a folder per voice, as Debian lays them out
/// (`kal_diphone/festvox`, `kal_diphone/group`). Debian's 8 kHz and 16 kHz
/// packages of a voice conflict, so the 8 kHz ones are unpacked, not
/// installed.
pub fn festival_8k_dir() -> PathBuf {
    std::env::var_os("TIFLO_FESTIVAL_8K").map_or_else(|| PathBuf::from("/usr/local/share/tiflo/festival-8k"), PathBuf::from)
}

/// Speech with pink noise made by sox mixed in at `snr` dB below the
/// level of the speech (measured over its voiced 10 ms frames).
pub fn with_noise(speech: &[i16], snr: f32, work: &Path, seed: usize) -> Result<Vec<i16>, String> {
    let noise_wav = work.join(format!("noise-{seed}.wav"));
    let secs = format!("{:.3}", speech.len() as f64 / 16_000.0 + 0.1);
    run_tool(
        Command::new("sox")
            .args(["-R", "-n", "-r", "16000", "-c", "1", "-b", "16"])
            .arg(&noise_wav)
            .args(["synth", &secs, "pinknoise", "vol", "0.3"]),
        "sox (noise)",
    )?;
    let noise = read_wav(&noise_wav).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&noise_wav);
    let loud: Vec<f32> = speech
        .chunks(160)
        .map(level_db)
        .filter(|db| *db > -40.0)
        .collect();
    let speech_db = if loud.is_empty() { -20.0 } else { 10.0 * (loud.iter().map(|d| 10f32.powf(d / 10.0)).sum::<f32>() / loud.len() as f32).log10() };
    let noise_db = level_db(&noise);
    let gain = 10f32.powf((speech_db - snr - noise_db) / 20.0);
    Ok(speech
        .iter()
        .zip(noise.iter().cycle())
        .map(|(s, n)| (f32::from(*s) + f32::from(*n) * gain).round().clamp(-32768.0, 32767.0) as i16)
        .collect())
}

// --- The noisy hall --------------------------------------------------------------

/// The babble's talkers: espeak-ng voices and variants no case is said in,
/// with what each says (conversation, and other players announcing their
/// own moves), in English and, for two of them, German and Spanish.
const BABBLE: [(&str, &[&str]); 11] = [
    ("-v en-us+m2 -s 170", &["did you see what happened on board twelve", "knight takes e five", "we should have lunch after the third round"]),
    ("-v en-gb+f1 -s 160", &["I think he is going to offer a draw soon", "bishop b five check", "the pairings for tomorrow are on the wall"]),
    ("-v en-us+m4 -s 190", &["the coffee is downstairs next to the entrance", "castles", "he forgot to press his clock twice"]),
    ("-v en-gb-x-gbclan+f5 -s 150", &["my opponent has been thinking for twenty minutes", "queen h five", "excuse me, is this seat taken"]),
    ("-v en-gb-x-gbcwmd+m7 -s 175", &["she played the Sicilian again and won in thirty moves", "rook d one", "I was winning until I lost my queen"]),
    ("-v en-gb-scotland+f2 -s 185", &["the arbiter said the flag fell first", "pawn to d four", "are you playing in the blitz tonight"]),
    ("-v en-029+m3 -s 160", &["e takes d five", "that endgame was a clear draw", "bishop takes f seven check", "would you like a drink"]),
    ("-v en-us+m1 -s 200", &["knight foxtrot three", "check", "I resign", "the last round starts at ten"]),
    ("-v en-gb+m6 -s 165", &["yes, I think so", "no, not yet", "yes", "what time is it"]),
    ("-v de+m3 -s 160", &["ich glaube, das ist remis", "Springer f drei", "wann beginnt die nächste Runde"]),
    ("-v es+f3 -s 170", &["el alfil come en f siete", "¿quieres tomar un café?", "jaque"]),
];

/// Who talks in the hall's babble (`BABBLE`), as `Voice::speaker` names them.
pub fn babble_speakers() -> Vec<String> {
    BABBLE.iter().map(|(a, _)| Voice::new(a).speaker()).collect()
}

/// Sounds made once for the whole run.
struct HallSounds {
    /// 30 s of pink noise
    pink: Vec<i16>,
    door: Vec<i16>,
    clock: Vec<i16>,
    /// the babble's utterances: who, what, the sound (heard at a distance:
    /// high frequencies lost, a room's reverberation)
    babble: Vec<(String, String, Vec<i16>)>,
}

static HALL_SOUNDS: std::sync::OnceLock<Result<HallSounds, String>> = std::sync::OnceLock::new();

fn hall_sounds() -> Result<&'static HallSounds, String> {
    HALL_SOUNDS.get_or_init(make_hall_sounds).as_ref().map_err(Clone::clone)
}

fn make_hall_sounds() -> Result<HallSounds, String> {
    let work = work_dir("hall-sounds");
    let sox_make = |name: &str, synth: &[&str]| -> Result<Vec<i16>, String> {
        let wav = work.join(name);
        run_tool(Command::new("sox").args(["-R", "-n", "-r", "16000", "-c", "1", "-b", "16"]).arg(&wav).args(synth), "sox (noise)")?;
        read_wav(&wav).map_err(|e| e.to_string())
    };
    let pink = sox_make("pink.wav", &["synth", "30", "pinknoise", "vol", "0.3"])?;
    // A door: a low thud, a quarter of a second fading away.
    let door = sox_make("door.wav", &["synth", "0.4", "brownnoise", "lowpass", "200", "fade", "q", "0.003", "0.4", "0.37", "vol", "0.8"])?;
    // A clock press: two clicks (the button down and the lever), 60 ms apart.
    let click = sox_make("click.wav", &["synth", "0.012", "whitenoise", "highpass", "1500", "fade", "q", "0.0005", "0.012", "0.011"])?;
    let mut clock = click.clone();
    clock.extend(std::iter::repeat_n(0, 16 * 48));
    clock.extend(click.iter().map(|x| x / 2));
    let mut babble = Vec::new();
    for (k, (args, texts)) in BABBLE.iter().enumerate() {
        let voice = Voice::new(args);
        for (j, text) in texts.iter().enumerate() {
            let wav = work.join(format!("babble-{k}-{j}.wav"));
            synthesise_with(text, &voice, &wav, &["gain", "-4", "lowpass", "3000", "reverb", "40", "pad", "0", "0.3"])?;
            babble.push((voice.speaker(), (*text).to_owned(), read_wav(&wav).map_err(|e| e.to_string())?));
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    Ok(HallSounds { pink, door, clock, babble })
}

/// The level of `pcm` over its voiced 10 ms frames (those above -40 dB),
/// as `with_noise` measures speech.
fn voiced_db(pcm: &[i16]) -> f32 {
    let loud: Vec<f32> = pcm.chunks(160).map(level_db).filter(|db| *db > -40.0).collect();
    if loud.is_empty() { -20.0 } else { 10.0 * (loud.iter().map(|d| 10f32.powf(d / 10.0)).sum::<f32>() / loud.len() as f32).log10() }
}

/// Where the speech of a clean clip is: from its first to its last 10 ms
/// frame within 35 dB of its loudest, in samples.
fn speech_span(pcm: &[i16]) -> (usize, usize) {
    let levels: Vec<f32> = pcm.chunks(160).map(level_db).collect();
    let top = levels.iter().copied().fold(f32::MIN, f32::max);
    let first = levels.iter().position(|l| *l > top - 35.0).unwrap_or(0);
    let last = levels.iter().rposition(|l| *l > top - 35.0).unwrap_or(levels.len().saturating_sub(1));
    (first * 160, ((last + 1) * 160).min(pcm.len()))
}

/// The noise-only time before and after the clean clip (whose own half
/// second of silence makes it 1.5 s before and after the speech).
const HALL_PAD: usize = 16_000;

/// `speech` (a clean clip) said in `hall`: the noise from 1.5 s before the
/// speech to 1.5 s after it, and the knock; returns the sound and where the
/// speech is in it (samples). `seed` varies the noise from case to case;
/// `speaker` and `phrase` are kept out of the babble.
fn in_hall(speech: &[i16], hall: &Hall, seed: u64, speaker: &str, phrase: &str) -> Result<(Vec<i16>, (usize, usize)), String> {
    let sounds = hall_sounds()?;
    let len = speech.len() + 2 * HALL_PAD;
    let noise: Vec<f32> = match hall.noise {
        Noise::Pink => {
            let start = (seed as usize) % sounds.pink.len();
            (0..len).map(|i| f32::from(sounds.pink[(start + i) % sounds.pink.len()])).collect()
        }
        Noise::Babble => {
            // At least six other talkers, never the case's own voice or
            // phrase, each looping its utterance from its own offset.
            let others: Vec<&(String, String, Vec<i16>)> =
                sounds.babble.iter().filter(|(who, what, _)| who != speaker && what != phrase).collect();
            let first = (seed as usize) % others.len();
            let mut track = vec![0f32; len];
            let mut talkers: Vec<&str> = Vec::new();
            let mut k = 0;
            while talkers.len() < 7 && k < others.len() * 3 {
                let (who, _, pcm) = others[(first + k * 5) % others.len()];
                k += 1;
                if talkers.contains(&who.as_str()) {
                    continue;
                }
                talkers.push(who);
                let gap = 4_000 + ((seed >> (k % 60)) as usize % 8) * 1_600;
                let cycle = pcm.len() + gap;
                let offset = (seed as usize).wrapping_mul(k * 7919 + 1) % cycle;
                for (i, x) in track.iter_mut().enumerate() {
                    let j = (i + offset) % cycle;
                    if j < pcm.len() {
                        *x += f32::from(pcm[j]);
                    }
                }
            }
            if talkers.len() < 6 {
                return Err(format!("only {} babble talkers other than {speaker}", talkers.len()));
            }
            track
        }
    };
    let speech_db = voiced_db(speech);
    let noise_i16: Vec<i16> = noise.iter().map(|x| x.round().clamp(-32768.0, 32767.0) as i16).collect();
    let noise_db = level_db(&noise_i16);
    let gain = 10f32.powf((speech_db - hall.snr - noise_db) / 20.0);
    let mut mix: Vec<f32> = noise.iter().map(|n| n * gain).collect();
    for (i, s) in speech.iter().enumerate() {
        mix[HALL_PAD + i] += f32::from(*s);
    }
    let (s0, s1) = speech_span(speech);
    let (s0, s1) = (s0 + HALL_PAD, s1 + HALL_PAD);
    // The door as loud as the speech, the clock press 3 dB under it; in the
    // lead 0.3 s from the start, in the tail 0.7 s after the speech.
    let (knock, level) = match hall.knock {
        Knock::Door => (&sounds.door, speech_db),
        Knock::Clock => (&sounds.clock, speech_db - 3.0),
    };
    let knock_gain = 10f32.powf((level - voiced_db(knock)) / 20.0);
    let at = if hall.in_lead { 4_800 } else { s1 + 11_200 };
    for (i, k) in knock.iter().enumerate() {
        if let Some(x) = mix.get_mut(at + i) {
            *x += f32::from(*k) * knock_gain;
        }
    }
    Ok((mix.into_iter().map(|x| x.round().clamp(-32768.0, 32767.0) as i16).collect(), (s0, s1)))
}

/// The sound of case `c` (its clean clip made once in `work` and reused by
/// its noisy twins) and where its speech is (samples).
pub fn sound(c: &Case, work: &Path) -> Result<(Vec<i16>, (usize, usize)), String> {
    let key = format!("{}|{}", c.voice.name, c.phrase);
    let wav = work.join(format!("{:016x}.wav", fxhash(&key)));
    if !wav.exists() {
        synthesise(&c.phrase, &c.voice, &wav)?;
    }
    let pcm = read_wav(&wav).map_err(|e| e.to_string())?;
    let (pcm, span) = if let Some(h) = &c.hall {
        in_hall(&pcm, h, fxhash(&format!("{key}|{h:?}")), &c.voice.speaker(), &c.phrase)?
    } else {
        let span = (0, pcm.len());
        match c.snr {
            Some(snr) => (with_noise(&pcm, snr, work, fxhash(&key) as usize)?, span),
            None => (pcm, span),
        }
    };
    if !c.phone {
        return Ok((pcm, span));
    }
    // The noise is in the room: the headset sends speech and noise alike.
    let wide = work.join(format!("{:016x}-wide.wav", fxhash(&format!("{key}|{:?}|{:?}", c.hall, c.snr))));
    let narrow = wide.with_extension("8k.wav");
    write_wav(&wide, &pcm)?;
    phone_band(&wide, &narrow)?;
    let heard = read_wav(&narrow).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&wide);
    let _ = std::fs::remove_file(&narrow);
    let span = (span.0.min(heard.len()), span.1.min(heard.len()));
    Ok((heard, span))
}

/// The sample rate a headset in call mode sends (Bluetooth's hands-free
/// profile with its CVSD codec): 8 kHz.
pub const PHONE_RATE: u32 = 8_000;

/// The telephone band (Hz): ITU-T G.712's pass band.
pub const PHONE_BAND: (u32, u32) = (300, 3_400);

/// `wav` as a headset in call mode sends it, written to `out`: the
/// telephone band (300 to 3,400 Hz, ITU-T G.712's pass band, by sox's
/// windowed-sinc filter) at 8 kHz mono 16-bit, with repeatable dither.
pub fn phone_band(wav: &Path, out: &Path) -> Result<(), String> {
    run_tool(
        Command::new("sox").arg("-R").arg(wav).args(["-r", &PHONE_RATE.to_string(), "-c", "1", "-b", "16"]).arg(out).args(["sinc", &format!("{}-{}", PHONE_BAND.0, PHONE_BAND.1)]),
        "sox (telephone band)",
    )
}

/// Writes 16 kHz mono 16-bit samples to `path`.
pub fn write_wav(path: &Path, pcm: &[i16]) -> Result<(), String> {
    let spec = hound::WavSpec { channels: 1, sample_rate: 16_000, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let mut w = hound::WavWriter::create(path, spec).map_err(|e| format!("{}: {e}", path.display()))?;
    for s in pcm {
        w.write_sample(*s).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    w.finalize().map_err(|e| format!("{}: {e}", path.display()))
}

/// A stretch of babble `secs` long, as a hall sounds with nobody speaking
/// to tiflo: `talkers` of the babble's voices at once, each saying its
/// utterances with pauses of 1 to 5 s, at a distance, the whole at
/// `babble_db` (over its voiced frames, dB of full scale); a clock pressed
/// every 7 s and a door every 97 s, `knock_db` over the babble.
pub fn babble_stretch(secs: f64, talkers: usize, babble_db: f32, knock_db: f32, seed: u64) -> Result<Vec<i16>, String> {
    let sounds = hall_sounds()?;
    let len = (secs * 16_000.0) as usize;
    let mut track = vec![0f32; len];
    let speakers = babble_speakers();
    for t in 0..talkers.min(speakers.len()) {
        let who = &speakers[(t + seed as usize) % speakers.len()];
        let lines: Vec<&Vec<i16>> = sounds.babble.iter().filter(|(w, _, _)| w == who).map(|(_, _, p)| p).collect();
        // Each talker: an utterance, a pause of 1 to 6 s, the next one.
        let mut at = (seed as usize * 7919 + t * 12_345) % 48_000;
        let mut k = t;
        while at < len {
            let pcm = lines[k % lines.len()];
            for (i, x) in pcm.iter().enumerate() {
                if let Some(y) = track.get_mut(at + i) {
                    *y += f32::from(*x);
                }
            }
            k += 1;
            at += pcm.len() + 16_000 + ((k * 7919 + t * 104_729 + seed as usize) % 5) * 16_000;
        }
    }
    let as_i16 = |v: &[f32]| v.iter().map(|x| x.round().clamp(-32768.0, 32767.0) as i16).collect::<Vec<i16>>();
    let g = 10f32.powf((babble_db - voiced_db(&as_i16(&track))) / 20.0);
    track.iter_mut().for_each(|x| *x *= g);
    let mut place = |knock: &Vec<i16>, every: usize, first: usize| {
        let g = 10f32.powf((babble_db + knock_db - voiced_db(knock)) / 20.0);
        let mut at = first;
        while at < len {
            for (i, k) in knock.iter().enumerate() {
                if let Some(y) = track.get_mut(at + i) {
                    *y += f32::from(*k) * g;
                }
            }
            at += every;
        }
    };
    place(&sounds.clock, 16_000 * 7, 16_000 * 3);
    place(&sounds.door, 16_000 * 97, 16_000 * 41);
    Ok(as_i16(&track))
}

/// What became of one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// the right move accepted
    Accept,
    /// asked, the right move offered first
    AskFirst,
    /// asked, the right move offered but not first
    AskLater,
    /// asked without the right move
    AskWrong,
    /// another move accepted
    WrongAccept,
    /// nothing read as a move
    Reject,
}

/// One case decoded.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub case: Case,
    pub heard: Vec<Vec<String>>,
    pub outcome: Outcome,
    /// audio length
    pub audio: Duration,
    /// recogniser and understander time for the utterance
    pub compute: Duration,
    /// from the end of the utterance to the decision
    pub latency: Duration,
    /// utterances the endpointer found over the speech (1 expected)
    pub utterances: usize,
    /// no utterance over the speech, or an empty reading
    pub nothing: bool,
    /// utterances found in the noise-only parts of a hall case
    pub extras: usize,
    /// of those, the ones read as a move (asked or accepted)
    pub phantoms: usize,
    /// of those, the ones accepted (a move recorded with no question)
    pub phantom_accepts: usize,
    /// what the extra utterances were heard as
    pub extra_heard: Vec<String>,
    /// what the confidence was computed from, for the utterance over the
    /// speech (`tiflo::hearing::confidence`)
    pub features: Option<Features>,
    /// the same for each extra utterance (in the noise alone)
    pub extra_features: Vec<Option<Features>>,
    /// how far the utterance over the speech stood out of the noise floor
    /// (dB), if there was one
    pub stand_out_db: Option<f32>,
    /// the same for each extra utterance
    pub extra_stand_outs: Vec<f32>,
    /// how long the utterance over the speech was, as the endpointer cut
    /// it (ms), if there was one
    pub length_ms: Option<u64>,
    /// the same for each extra utterance, with whether it was read as a
    /// move (asked or accepted)
    pub extra_lengths: Vec<(u64, bool)>,
    /// how many moves the question offered (0 when none was asked)
    pub offered: usize,
}

/// Synthesises and decodes `cases` with one recogniser; `work` holds the
/// sound files (a clean case's speech is reused by its noisy twin).
pub fn run(cases: &[Case], pack: &str, rec: &mut dyn Recognizer, work: &Path) -> Result<Vec<Decoded>, String> {
    let understander = Understander::new(pack).ok_or_else(|| format!("no language pack {pack}"))?;
    run_with(cases, rec, work, |_| &understander)
}

/// As `run`, with each case's grammar offering only the file words of the
/// style it is said in (the `hear-files` setting).
pub fn run_own_files(cases: &[Case], pack: &str, rec: &mut dyn Recognizer, work: &Path) -> Result<Vec<Decoded>, String> {
    let styles = [Files::Letters, Files::Fide, Files::Nato, Files::Phonetic];
    let understanders = styles
        .iter()
        .map(|f| Understander::new(pack).map(|u| u.with_files(*f)).ok_or_else(|| format!("no language pack {pack}")))
        .collect::<Result<Vec<_>, String>>()?;
    run_with(cases, rec, work, |c| &understanders[styles.iter().position(|f| *f == c.files).unwrap_or(0)])
}

fn run_with<'u>(
    cases: &[Case],
    rec: &mut dyn Recognizer,
    work: &Path,
    understander_of: impl Fn(&Case) -> &'u Understander,
) -> Result<Vec<Decoded>, String> {
    let mut out = Vec::new();
    for c in cases {
        let understander = understander_of(c);
        let (pcm, (s0, s1)) = sound(c, work)?;
        let audio = Duration::from_secs_f64(pcm.len() as f64 / 16_000.0);
        // The confidence's evidence is measured whatever the rule in use,
        // but for a decoder whose rule asks no free transcript (Moonshine):
        // made, it would lengthen every decoding measured.
        if rec.measure() == tiflo::hearing::recognizer::Measure::Lattice || tiflo::hearing::confidence::rule(rec.measure()).needs_free_reading() {
            let _ = rec.set_free_grammar(&understander.open_grammar());
        }
        let utts = hear_samples(rec, understander, &c.pos, &pcm, &EndpointConfig::default()).map_err(|e| e.to_string())?;
        let compute = utts.iter().map(|u| u.compute).sum();
        // A hall case is scored by the utterance over the speech (the one
        // overlapping it most); the others, in the noise alone, are extras.
        // Otherwise the decision on the whole phrase is the last
        // utterance's when the endpointer cut it (a failure below unless
        // right).
        let (s0, s1) = ((s0 * 1000 / 16_000) as u64, (s1 * 1000 / 16_000) as u64);
        let overlap = |u: &tiflo::hearing::ear::Utterance| u.end_ms.min(s1).saturating_sub(u.start_ms.max(s0));
        let over = |u: &tiflo::hearing::ear::Utterance| u.end_ms > s0 && u.start_ms < s1;
        let (scored, over_speech, extras): (Option<&tiflo::hearing::ear::Utterance>, usize, Vec<&tiflo::hearing::ear::Utterance>) =
            if c.hall.is_some() {
                let on: Vec<&tiflo::hearing::ear::Utterance> = utts.iter().filter(|u| over(u)).collect();
                let best = on.iter().copied().max_by_key(|u| overlap(u));
                (best, on.len(), utts.iter().filter(|u| !over(u)).collect())
            } else {
                (utts.last(), utts.len(), Vec::new())
            };
        let (heard, decision, latency, features, stand_out_db) = match scored {
            Some(u) => (u.heard.clone(), u.decision.clone(), u.latency, u.features.clone(), Some(u.stand_out_db)),
            None => (Vec::new(), Decision::Reject, Duration::ZERO, None, None),
        };
        let nothing = heard.first().is_none_or(|h| h.is_empty());
        let outcome = match &decision {
            Decision::Accept(m) if *m == c.mv => Outcome::Accept,
            Decision::Accept(_) => Outcome::WrongAccept,
            Decision::Ask(ms) if ms.first() == Some(&c.mv) => Outcome::AskFirst,
            Decision::Ask(ms) if ms.contains(&c.mv) => Outcome::AskLater,
            Decision::Ask(_) => Outcome::AskWrong,
            Decision::Reject => Outcome::Reject,
        };
        let offered = match &decision {
            Decision::Ask(ms) => ms.len(),
            _ => 0,
        };
        let phantom = |u: &&&tiflo::hearing::ear::Utterance| matches!(&u.decision, Decision::Accept(_)) || matches!(&u.decision, Decision::Ask(ms) if !ms.is_empty());
        let extra_heard = extras
            .iter()
            .map(|u| format!("{}-{} ms {:?}: {:?}", u.start_ms, u.end_ms, u.heard.first().map(|h| h.join(" ")).unwrap_or_default(), u.decision))
            .collect();
        out.push(Decoded {
            case: c.clone(),
            heard,
            outcome,
            offered,
            audio,
            compute,
            latency,
            utterances: over_speech,
            nothing,
            extras: extras.len(),
            phantoms: extras.iter().filter(phantom).count(),
            phantom_accepts: extras.iter().filter(|u| matches!(u.decision, Decision::Accept(_))).count(),
            extra_heard,
            features,
            extra_features: extras.iter().map(|u| u.features.clone()).collect(),
            stand_out_db,
            extra_stand_outs: extras.iter().map(|u| u.stand_out_db).collect(),
            length_ms: scored.map(|u| u.end_ms - u.start_ms),
            extra_lengths: extras.iter().map(|u| (u.end_ms - u.start_ms, phantom(&u))).collect(),
        });
    }
    Ok(out)
}

/// Runs `cases` on `threads` threads, each with its own recogniser.
pub fn run_parallel<R, F>(cases: &[Case], pack: &str, open: F, work: &Path, threads: usize) -> Result<Vec<Decoded>, String>
where
    R: Recognizer,
    F: Fn() -> Result<R, String> + Sync,
{
    run_parallel_with_forms(cases, pack, Forms::DEFAULT, open, work, threads)
}

/// As `run_parallel`, with grammars that hold `forms` besides the moves
/// (`Forms::WITH_TO`: the `hear-to` setting).
pub fn run_parallel_with_forms<R, F>(cases: &[Case], pack: &str, forms: Forms, open: F, work: &Path, threads: usize) -> Result<Vec<Decoded>, String>
where
    R: Recognizer,
    F: Fn() -> Result<R, String> + Sync,
{
    let understander = Understander::new(pack).ok_or_else(|| format!("no language pack {pack}"))?.with_forms(forms);
    in_parallel(cases, work, threads, |part, work| {
        let mut rec = open()?;
        run_with(part, &mut rec, work, |_| &understander)
    })
}

/// `each` over `cases` cut into `threads` parts, each on its own thread
/// with its own folder under `work`; the results in the cases' order.
pub fn in_parallel<T, F>(cases: &[Case], work: &Path, threads: usize, each: F) -> Result<Vec<T>, String>
where
    T: Send,
    F: Fn(&[Case], &Path) -> Result<Vec<T>, String> + Sync,
{
    let threads = threads.max(1);
    let chunk = cases.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .enumerate()
            .map(|(i, part)| {
                let each = &each;
                // Each thread its own folder: no file is written by one
                // while another reads it.
                let work = work.join(format!("thread-{i}"));
                s.spawn(move || -> Result<Vec<T>, String> {
                    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
                    each(part, &work)
                })
            })
            .collect();
        let mut out = Vec::new();
        for h in handles {
            out.extend(h.join().map_err(|_| "a thread of the corpus panicked".to_owned())??);
        }
        Ok(out)
    })
}

/// The voice a player adapts the recogniser with: the same espeak-ng voice
/// 20 words a minute slower (espeak-ng's rate is 175 when not given), so
/// that no adaptation recording is the same sound as a phrase heard later.
pub fn enrolment_voice(v: &Voice) -> Voice {
    if v.synth != Synth::Espeak {
        // flite and festival: durations stretched 12 % more (slower).
        let stretch: f32 = v.args[1].parse().unwrap_or(1.0);
        let stretch = (stretch * 1.12 * 100.0).round() / 100.0;
        // A voice recorded at 8 kHz stays so.
        return match v.synth {
            Synth::Flite => Voice::flite(&v.args[0], stretch),
            _ if v.args.get(2).is_some_and(|a| a == "8k") => Voice::festival_8k(&v.args[0], stretch),
            _ => Voice::festival(&v.args[0], stretch),
        };
    }
    let mut args = v.args.clone();
    match args.iter().position(|a| a == "-s") {
        Some(i) if i + 1 < args.len() => {
            let rate: u32 = args[i + 1].parse().unwrap_or(175);
            args[i + 1] = (rate - 20).to_string();
        }
        _ => args.extend(["-s".to_owned(), "155".to_owned()]),
    }
    Voice { name: format!("espeak-ng {}", args.join(" ")), synth: Synth::Espeak, args }
}

/// Adapts pocketsphinx to `voice` as `tiflo adapt --wavs` does: the
/// adaptation phrases (`tiflo::hearing::adapt::prompts`) said by
/// `enrolment_voice(voice)`, adapted into a folder under `work`, returned.
pub fn adapt_to(voice: &Voice, work: &Path) -> Result<PathBuf, String> {
    let enrol = enrolment_voice(voice);
    let dir = work.join(format!("enrol-{:016x}", fxhash(&enrol.name)));
    let wavs = dir.join("wavs");
    std::fs::create_dir_all(&wavs).map_err(|e| e.to_string())?;
    let mut takes = Vec::new();
    for (i, p) in tiflo::hearing::adapt::prompts().iter().enumerate() {
        let wav = wavs.join(tiflo::hearing::adapt::take_name(i + 1));
        synthesise(p, &enrol, &wav)?;
        takes.push(tiflo::hearing::adapt::Take { wav, words: p.clone() });
    }
    let out = dir.join(tiflo::hearing::adapt::FOLDER);
    tiflo::hearing::adapt::adapt(Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), &takes, &out).map_err(|e| e.to_string())?;
    Ok(out)
}

/// The recordings of a telephone-band adaptation: the adaptation phrases
/// (`tiflo::hearing::adapt::prompts`) said by every training voice heard
/// through a headset in call mode (`Split::phone_voices`, each as its
/// `enrolment_voice`), sent through `phone_band`, in folders under `work`;
/// with `recipe`, its speakers left out and each recording also said at
/// each of its speeds.
pub fn phone_takes_with(work: &Path, recipe: &Recipe) -> Result<Vec<tiflo::hearing::adapt::Take>, String> {
    let mut takes = Vec::new();
    for v in recipe.voices(Split::Train.phone_voices()) {
        let enrol = enrolment_voice(&v);
        let dir = work.join(format!("phone-{:016x}", fxhash(&enrol.name)));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        for (i, p) in tiflo::hearing::adapt::prompts().iter().enumerate() {
            let wide = dir.join(format!("wide-{}", tiflo::hearing::adapt::take_name(i + 1)));
            let wav = dir.join(tiflo::hearing::adapt::take_name(i + 1));
            let fast: Vec<PathBuf> = recipe.speeds.iter().map(|f| dir.join(format!("speed{f}-{}", tiflo::hearing::adapt::take_name(i + 1)))).collect();
            if !wav.exists() || fast.iter().any(|f| !f.exists()) {
                synthesise(p, &enrol, &wide)?;
                phone_band(&wide, &wav)?;
                for (f, out) in recipe.speeds.iter().zip(&fast) {
                    let sped = dir.join("sped.wav");
                    at_speed(&wide, *f, &sped)?;
                    phone_band(&sped, out)?;
                    let _ = std::fs::remove_file(&sped);
                }
                let _ = std::fs::remove_file(&wide);
            }
            takes.push(tiflo::hearing::adapt::Take { wav, words: p.clone() });
            for out in fast {
                takes.push(tiflo::hearing::adapt::Take { wav: out, words: p.clone() });
            }
        }
    }
    Ok(takes)
}

/// How the setup models' recordings are made beyond the training voices'
/// own: speeds each recording is also played at (`at_speed`: a voice's
/// pitch, formants and tempo moved together, as if said by another
/// speaker), and speakers left out (to measure on a training speaker the
/// model has not heard, when choosing a recipe).
#[derive(Clone, Debug, Default)]
pub struct Recipe {
    pub speeds: Vec<f32>,
    /// the training part's voices whose `speaker()` holds this text are
    /// left out (never the `extra` ones)
    pub leave_out: Option<String>,
    /// voices said by besides the training part's (`EXTRA_ESPEAK`)
    pub extra: Vec<Voice>,
}

impl Recipe {
    /// The voices of `part` (the training part's own) this recipe keeps,
    /// then its extra ones.
    pub fn voices(&self, part: Vec<Voice>) -> Vec<Voice> {
        let keeps = |v: &Voice| self.leave_out.as_deref().is_none_or(|who| !v.speaker().contains(who));
        part.into_iter().filter(keeps).chain(self.extra.iter().cloned()).collect()
    }
}

/// espeak-ng voices that say no case of the corpus (neither a training
/// nor a held-out voice's variant and dialect together; `-v en-us+m1` is a
/// talker of the hall's babble at another rate), with which `hearing_bench
/// --extra` makes a setup model from more speakers than the training part
/// gives (tried, not taken: docs/benchmarks.md).
pub const EXTRA_ESPEAK: [&str; 6] = [
    "-v en-us+m1 -s 160",
    "-v en-gb+m4 -s 180",
    "-v en-us+f3 -s 150",
    "-v en-gb+f5 -s 200",
    "-v en-gb-x-gbclan+m7 -s 140",
    "-v en-gb-x-gbcwmd+m8 -s 170",
];

/// `wav` played `factor` times as fast (pitch and formants moved with
/// it: sox's `speed`), resampled to 16 kHz, into `out`; repeatable.
pub fn at_speed(wav: &Path, factor: f32, out: &Path) -> Result<(), String> {
    run_tool(Command::new("sox").arg("-R").arg(wav).args(["-r", "16000"]).arg(out).args(["speed", &factor.to_string()]), "sox (speed)")
}

/// Runs `run` on `cases` voice by voice, each with pocketsphinx adapted to
/// that voice (`adapt_to`); `run` gets the voice's cases, a recogniser
/// opener and a scratch folder of its own.
fn by_adapted_voice<C: Clone, D>(
    cases: &[C],
    voice_of: impl Fn(&C) -> &Voice,
    work: &Path,
    run: impl Fn(&[C], &(dyn Fn() -> Result<tiflo::hearing::sphinx::Sphinx, String> + Sync), &Path) -> Result<Vec<D>, String>,
) -> Result<Vec<D>, String> {
    let mut voices: Vec<&Voice> = Vec::new();
    for c in cases {
        if !voices.contains(&voice_of(c)) {
            voices.push(voice_of(c));
        }
    }
    let mut out = Vec::new();
    for v in voices {
        let adapted = adapt_to(v, work)?;
        let mine: Vec<C> = cases.iter().filter(|c| voice_of(c) == v).cloned().collect();
        let open = || {
            tiflo::hearing::sphinx::Sphinx::open_adapted(Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), Some(&adapted)).map_err(|e| e.to_string())
        };
        out.extend(run(&mine, &open, &work.join(format!("decode-{:016x}", fxhash(&v.name))))?);
    }
    Ok(out)
}

/// Runs `cases` voice by voice, each with pocketsphinx adapted to that
/// voice (`adapt_to`), on `threads` threads.
pub fn run_adapted(cases: &[Case], pack: &str, work: &Path, threads: usize) -> Result<Vec<Decoded>, String> {
    by_adapted_voice(cases, |c| &c.voice, work, |mine, open, dir| run_parallel(mine, pack, open, dir, threads))
}

/// The spoken commands, voice by voice, each with pocketsphinx adapted to
/// that voice.
pub fn run_commands_adapted(cases: &[CommandCase], work: &Path, threads: usize) -> Result<Vec<CommandDecoded>, String> {
    by_adapted_voice(cases, |c| &c.voice, work, |mine, open, dir| {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        run_commands(mine, open, dir, threads)
    })
}

fn fxhash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// A scratch folder for the sound files.
pub fn work_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tiflo-hearing-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("a scratch folder");
    d
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Counts of one group of results.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub utterances: usize,
    pub accept: usize,
    pub ask_first: usize,
    pub ask_later: usize,
    pub ask_wrong: usize,
    /// questions offering more than one move (a numbered choice)
    pub numbered: usize,
    pub wrong_accept: usize,
    pub reject: usize,
    pub rtf: f64,
    pub median: Duration,
    pub p95: Duration,
    /// heard as nothing (no utterance over the speech, or an empty reading)
    pub nothing: usize,
    /// cut: more than one utterance over the speech
    pub cut: usize,
    /// utterances in the noise alone, those read as a move, those accepted
    pub extras: usize,
    pub phantoms: usize,
    pub phantom_accepts: usize,
}

impl Summary {
    pub fn of(results: &[&Decoded]) -> Summary {
        let mut s = Summary { utterances: results.len(), ..Summary::default() };
        for r in results {
            match r.outcome {
                Outcome::Accept => s.accept += 1,
                Outcome::AskFirst => s.ask_first += 1,
                Outcome::AskLater => s.ask_later += 1,
                Outcome::AskWrong => s.ask_wrong += 1,
                Outcome::WrongAccept => s.wrong_accept += 1,
                Outcome::Reject => s.reject += 1,
            }
            s.numbered += usize::from(r.offered > 1);
            s.nothing += usize::from(r.nothing);
            s.cut += usize::from(r.utterances > 1);
            s.extras += r.extras;
            s.phantoms += r.phantoms;
            s.phantom_accepts += r.phantom_accepts;
        }
        let audio: f64 = results.iter().map(|r| r.audio.as_secs_f64()).sum();
        let compute: f64 = results.iter().map(|r| r.compute.as_secs_f64()).sum();
        s.rtf = if audio > 0.0 { compute / audio } else { 0.0 };
        let mut lat: Vec<Duration> = results.iter().map(|r| r.latency).collect();
        lat.sort();
        s.median = percentile(&lat, 0.5);
        s.p95 = percentile(&lat, 0.95);
        s
    }

    /// The right move accepted or offered first, as a fraction.
    pub fn right_first(&self) -> f64 {
        if self.utterances == 0 { 0.0 } else { (self.accept + self.ask_first) as f64 / self.utterances as f64 }
    }
}

/// A markdown table with one row per group (`group` names a result's row)
/// and the total.
pub fn table(results: &[Decoded], group: impl Fn(&Decoded) -> String) -> String {
    let mut out = String::from(
        "| speech | utterances | correct accepts | correct asks (right move first) | right move offered later | asks without it | wrong accepts | rejects | right first | real-time factor | latency median (ms) | latency p95 (ms) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut names: Vec<String> = results.iter().map(&group).collect();
    names.sort();
    names.dedup();
    names.push("all".to_owned());
    for name in names {
        let rows: Vec<&Decoded> = results.iter().filter(|r| name == "all" || group(r) == name).collect();
        let s = Summary::of(&rows);
        out.push_str(&format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {:.1} % | {:.3} | {:.1} | {:.1} |\n",
            s.utterances,
            s.accept,
            s.ask_first,
            s.ask_later,
            s.ask_wrong,
            s.wrong_accept,
            s.reject,
            100.0 * s.right_first(),
            s.rtf,
            s.median.as_secs_f64() * 1000.0,
            s.p95.as_secs_f64() * 1000.0,
        ));
    }
    out
}

/// A markdown table of hall results, one row per group (`group` names a
/// result's row) and the total: the right move first, what the rest became,
/// the utterances heard in the noise alone and what they were read as.
pub fn hall_table(results: &[Decoded], group: impl Fn(&Decoded) -> String) -> String {
    let mut out = String::from(
        "| speech | utterances | right first | right later | asked without it | numbered choices | rejected | heard as nothing | wrong accepts | cut in two | extra utterances in the noise | phantoms (a move asked) | phantoms accepted | latency median (ms) | latency p95 (ms) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut names: Vec<String> = results.iter().map(&group).collect();
    names.sort();
    names.dedup();
    if names.len() > 1 {
        names.push("all".to_owned());
    }
    for name in names {
        let rows: Vec<&Decoded> = results.iter().filter(|r| name == "all" || group(r) == name).collect();
        let s = Summary::of(&rows);
        out.push_str(&format!(
            "| {name} | {} | {:.1} % | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} | {:.1} |\n",
            s.utterances,
            100.0 * s.right_first(),
            s.ask_later,
            s.ask_wrong,
            s.numbered,
            s.reject,
            s.nothing,
            s.wrong_accept,
            s.cut,
            s.extras,
            s.phantoms,
            s.phantom_accepts,
            s.median.as_secs_f64() * 1000.0,
            s.p95.as_secs_f64() * 1000.0,
        ));
    }
    out
}

/// The source of a result's voice: espeak-ng, flite or festival.
pub fn source(r: &Decoded) -> &'static str {
    r.case.voice.synth.name()
}

/// The file words of a result: letters or NATO.
pub fn file_words(r: &Decoded) -> &'static str {
    match r.case.files {
        Files::Nato => "NATO",
        Files::Letters => "letters",
        Files::Fide => "FIDE",
        Files::Phonetic => "phonetic",
    }
}

/// The cases that did not end with the right move accepted, one a line.
pub fn misses(results: &[Decoded]) -> String {
    let mut out = String::new();
    for r in results.iter().filter(|r| r.outcome != Outcome::Accept || r.extras > 0) {
        let uci = r.case.mv.to_uci(CastlingMode::Standard);
        out.push_str(&format!(
            "{:?}\t{}\t{}\t{}\t{}\t{:?}\theard {:?}\tutterances {}\n",
            r.outcome, r.case.voice.name, r.case.condition(), r.case.position, uci, r.case.phrase, r.heard, r.utterances
        ));
        for e in &r.extra_heard {
            out.push_str(&format!("\tin the noise alone: {e}\n"));
        }
    }
    out
}

// --- Spoken commands ---------------------------------------------------------

/// One spoken command in a position.
#[derive(Clone, Debug)]
pub struct CommandCase {
    pub position: String,
    pub pos: Chess,
    pub phrase: String,
    pub voice: Voice,
    pub snr: Option<f32>,
}

const NATO: [&str; 8] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
const LETTERS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
const RANKS: [&str; 8] = ["one", "two", "three", "four", "five", "six", "seven", "eight"];

/// English command phrases for `pos`, the `k`-th onwards in a fixed
/// rotation: every kind of command (a word alone, a square, pieces of a
/// colour, a rank, a file, legal moves of a piece or from a square, the
/// last moves), squares and pieces taken from the position, files said as
/// NATO words or letters in turn.
fn command_phrases(pos: &Chess, k: usize, n: usize) -> Vec<String> {
    let words = [
        "clock", "repeat", "board", "moves", "last", "help", "draw", "accept", "decline", "claim", "resign", "transfers",
        "done", "touched", "time", "scoresheet", "again", "where", "takeback",
    ];
    let board = pos.board();
    let occupied: Vec<shakmaty::Square> = board.occupied().into_iter().collect();
    let own: Vec<shakmaty::Square> = board.by_color(pos.turn()).into_iter().collect();
    let roles = ["king", "queen", "rook", "bishop", "knight", "pawn"];
    let mut out = Vec::new();
    for j in k..k + n {
        let file = |f: shakmaty::File| if j % 2 == 0 { NATO[usize::from(f)] } else { LETTERS[usize::from(f)] };
        let sq = occupied[(j * 7) % occupied.len()];
        let mine = own[(j * 5) % own.len()];
        let role = roles[j % roles.len()];
        let colour = if j % 3 == 0 { "white " } else if j % 3 == 1 { "black " } else { "" };
        let phrase = match j % 9 {
            0 | 5 => words[(j / 9 + j) % words.len()].to_owned(),
            1 => format!("square {} {}", file(sq.file()), RANKS[usize::from(sq.rank())]),
            2 => format!("pieces {colour}{role}"),
            3 => format!("rank {}", RANKS[(j / 9) % 8]),
            4 => format!("file {}", NATO[(j / 9) % 8]),
            6 => format!("legal {role}"),
            // "legal echo two": the file said as a word (the grammar has no
            // letters there).
            7 => format!("legal {} {}", NATO[usize::from(mine.file())], RANKS[usize::from(mine.rank())]),
            _ => format!("last {} moves", RANKS[1 + (j / 9) % 7]),
        };
        // "where" alone asks nothing: it takes a piece.
        out.push(if phrase == "where" { format!("where {colour}{role}") } else { phrase });
    }
    out
}

/// `per_spot` commands in each spot, the voices taken in turn.
pub fn command_cases(spots: &[Spot], voices: &[Voice], per_spot: usize) -> Vec<CommandCase> {
    let mut out = Vec::new();
    let mut k = 0usize;
    for s in spots {
        for phrase in command_phrases(&s.pos, k, per_spot) {
            let voice = voices[k % voices.len()].clone();
            k += 1;
            out.push(CommandCase { position: s.name.clone(), pos: s.pos.clone(), phrase, voice, snr: None });
        }
    }
    out
}

/// What became of one spoken command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CommandOutcome {
    /// understood as said
    Right,
    /// taken for another command
    Wrong,
    /// taken for a move: read back as a question, nothing done
    AsMove,
    /// not understood: said so, nothing done
    Reject,
}

/// One command decoded.
#[derive(Clone, Debug)]
pub struct CommandDecoded {
    pub case: CommandCase,
    pub want: String,
    pub got: String,
    pub outcome: CommandOutcome,
}

/// Decodes `cases` through the daemon's own listener (`Ear`: the
/// endpointer, the recogniser with the grammar of moves and commands,
/// `Hearing::interpret`), one recogniser per thread. The expected event is
/// what the phrase's own words mean.
pub fn run_commands<R, F>(cases: &[CommandCase], open: F, work: &Path, threads: usize) -> Result<Vec<CommandDecoded>, String>
where
    R: Recognizer + Send + 'static,
    F: Fn() -> Result<R, String> + Sync,
{
    use tiflo::hearing::grammar::Hearing;
    use tiflo::hearing::ear::Ear;
    use tiflo::notation::Lang;
    use tiflo::game::event::Event;
    let threads = threads.max(1);
    let chunk = cases.len().div_ceil(threads).max(1);
    let name = |e: &Option<Event>| match e {
        None => "nothing".to_owned(),
        Some(Event::Heard { moves, .. }) if moves.is_empty() => "not understood".to_owned(),
        Some(Event::Heard { moves, .. }) => format!("moves {:?}", moves.iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect::<Vec<_>>()),
        Some(other) => format!("{other:?}"),
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .enumerate()
            .map(|(i, part)| {
                let open = &open;
                let work = work.join(format!("commands-{i}"));
                s.spawn(move || -> Result<Vec<CommandDecoded>, String> {
                    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
                    let hearing = Hearing::new(Lang::En).ok_or("no English words")?;
                    let oracle = Hearing::new(Lang::En).ok_or("no English words")?;
                    let mut ear = Ear::new(Box::new(open()?), hearing, EndpointConfig::default());
                    let mut out = Vec::new();
                    for c in part {
                        let key = format!("{}|{}", c.voice.name, c.phrase);
                        let wav = work.join(format!("{:016x}.wav", fxhash(&key)));
                        if !wav.exists() {
                            synthesise(&c.phrase, &c.voice, &wav)?;
                        }
                        let mut pcm = read_wav(&wav).map_err(|e| e.to_string())?;
                        if let Some(snr) = c.snr {
                            pcm = with_noise(&pcm, snr, &work, fxhash(&key) as usize)?;
                        }
                        let words: Vec<String> = c.phrase.split_whitespace().map(str::to_owned).collect();
                        let moment = tiflo::game::event::Moment::at(c.pos.clone());
                        let want = oracle.interpret(&moment, &[words], None);
                        let mut events = ear.hear(&pcm, false, &moment).map_err(|e| e.to_string())?;
                        events.extend(ear.flush(&moment).map_err(|e| e.to_string())?);
                        let got = events.pop();
                        // Lines are compared as the commands they type
                        // ("rank 3" and "row 3" are one command).
                        let command = |e: &Option<Event>| match e {
                            Some(Event::Said { command, .. }) => Some(command.clone()),
                            _ => None,
                        };
                        let outcome = match &got {
                            g if *g == want => CommandOutcome::Right,
                            g if command(g).is_some() && command(g) == command(&want) => CommandOutcome::Right,
                            Some(Event::Heard { moves, .. }) if !moves.is_empty() => CommandOutcome::AsMove,
                            None | Some(Event::Heard { .. }) => CommandOutcome::Reject,
                            Some(_) => CommandOutcome::Wrong,
                        };
                        out.push(CommandDecoded { case: c.clone(), want: name(&want), got: name(&got), outcome });
                    }
                    Ok(out)
                })
            })
            .collect();
        let mut out = Vec::new();
        for h in handles {
            out.extend(h.join().map_err(|_| "a decoding thread panicked".to_owned())??);
        }
        Ok(out)
    })
}

/// The same command cases with noise at `snr` dB.
pub fn noisy_commands(cases: &[CommandCase], snr: f32) -> Vec<CommandCase> {
    cases.iter().cloned().map(|c| CommandCase { snr: Some(snr), ..c }).collect()
}

/// A markdown table of spoken commands, one row per group and the total.
pub fn command_table(results: &[CommandDecoded], group: impl Fn(&CommandDecoded) -> String) -> String {
    let mut out = String::from(
        "| speech | commands | understood | taken for another command | taken for a move (asked) | not understood | understood % |\n|---|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut names: Vec<String> = results.iter().map(&group).collect();
    names.sort();
    names.dedup();
    names.push("all".to_owned());
    for name in names {
        let rows: Vec<&CommandDecoded> = results.iter().filter(|r| name == "all" || group(r) == name).collect();
        let count = |o: CommandOutcome| rows.iter().filter(|r| r.outcome == o).count();
        let right = count(CommandOutcome::Right);
        out.push_str(&format!(
            "| {name} | {} | {right} | {} | {} | {} | {:.1} % |\n",
            rows.len(),
            count(CommandOutcome::Wrong),
            count(CommandOutcome::AsMove),
            count(CommandOutcome::Reject),
            100.0 * right as f64 / rows.len().max(1) as f64
        ));
    }
    out
}

/// The commands not understood as said, one a line.
pub fn command_misses(results: &[CommandDecoded]) -> String {
    let mut out = String::new();
    for r in results.iter().filter(|r| r.outcome != CommandOutcome::Right) {
        out.push_str(&format!(
            "{:?}\t{}\t{:?}\t{}\t{:?}\twant {}\tgot {}\n",
            r.outcome, r.case.voice.name, r.case.snr, r.case.position, r.case.phrase, r.want, r.got
        ));
    }
    out
}

// --- Phrases said live --------------------------------------------------------

/// `text` spoken by espeak-ng (US English), 16 kHz mono, with half a second
/// of silence before it and `after` seconds after it.
pub fn spoken(dir: &std::path::Path, text: &str, after: f64) -> Vec<i16> {
    let raw = dir.join(format!("{}.raw.wav", text.replace(' ', "-")));
    let wav = dir.join(format!("{}.wav", text.replace(' ', "-")));
    assert!(Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&raw).arg(text).status().unwrap().success());
    assert!(Command::new("sox").arg(&raw).args(["-r", "16000", "-c", "1", "-b", "16"]).arg(&wav).status().unwrap().success());
    let mut pcm = room(8000);
    pcm.extend(tiflo::hearing::wav::read_wav(&wav).unwrap());
    pcm.extend(room((after * 16_000.0) as usize));
    pcm
}

/// `n` samples of the faint noise of a quiet room, never digital silence,
/// which no microphone gives and which upsets the recogniser's running
/// normalisation from one utterance to the next.
pub fn room(n: usize) -> Vec<i16> {
    let mut x: u32 = 0x2545_f491;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 9) as i16 - 4
        })
        .collect()
}

/// How a reading checked against the open grammar fared: the utterances a
/// sure understanding would accept, those whose open-grammar reading agreed
/// (accepted), and of those the wrong ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    pub clear: usize,
    pub agreed: usize,
    pub agreed_wrong: usize,
    pub clear_wrong: usize,
}

/// Decodes each case whose reading a sure understanding would accept again
/// with the open grammar (`Understander::open_grammar`), and counts how
/// often the two readings agree and, when they do, how often the move is
/// wrong.
pub fn agreement(results: &[Decoded], pack: &str, rec: &mut dyn Recognizer, work: &Path) -> Result<Agreement, String> {
    let understander = Understander::new(pack).ok_or_else(|| format!("no language pack {pack}"))?;
    let open = understander.open_grammar();
    let mut out = Agreement::default();
    for r in results {
        let Decision::Accept(m) = understander.understand(&r.case.pos, &r.heard) else { continue };
        out.clear += 1;
        let right = m == r.case.mv;
        if !right {
            out.clear_wrong += 1;
        }
        let (pcm, _) = sound(&r.case, work)?;
        rec.set_grammar(&open).map_err(|e| e.to_string())?;
        rec.start().map_err(|e| e.to_string())?;
        rec.feed(&pcm).map_err(|e| e.to_string())?;
        let heard = rec.finish().map_err(|e| e.to_string())?;
        let same = heard.first().zip(r.heard.first()).is_some_and(|(a, b)| a == b);
        if same {
            out.agreed += 1;
            if !right {
                out.agreed_wrong += 1;
            }
        }
    }
    Ok(out)
}

/// The phrases Lichess asked its voice users to say (`../shared/data/crowdv`,
/// see its README), as they were asked (the `exact` variant), in the
/// position each names one legal move in: up to `per_kind` phrases of each
/// kind (the two squares alone, a piece and its square, a capture by its
/// pieces, a promotion, a castling), the phrases of one parity of their
/// number for each part of the corpus (even ones for training), said by
/// that part's voices in turn. A case's `position` names its kind.
pub fn phrasing_cases(split: Split, per_kind: usize) -> Result<Vec<Case>, String> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/crowdv/cases.jsonl.gz");
    let out = Command::new("gzip").arg("-dc").arg(&file).output().map_err(|e| format!("gzip: {e}"))?;
    if !out.status.success() {
        return Err(format!("the Lichess voice phrases are missing: {} (see ../shared/data/README.md)", file.display()));
    }
    let parity = usize::from(split != Split::Train);
    let voices = split.voices();
    let mut taken: Vec<u64> = Vec::new();
    let mut per: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let mut cases = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let (Some(kind), Some(no), Some(exact), Some(f), Some(uci)) =
            (v["kind"].as_str(), v["phrase_no"].as_u64(), v["exact"].as_str(), v["fen"].as_str(), v["uci"].as_str())
        else {
            continue;
        };
        if v["variant"] != "exact" || kind == "command" || no as usize % 2 != parity || taken.contains(&no) {
            continue;
        }
        let n = per.entry(kind.to_owned()).or_default();
        if *n >= per_kind {
            continue;
        }
        *n += 1;
        taken.push(no);
        let pos = fen(f);
        let mv = uci.parse::<UciMove>().map_err(|e| e.to_string())?.to_move(&pos).map_err(|e| format!("{uci}: {e}"))?;
        let voice = voices[cases.len() % voices.len()].clone();
        cases.push(Case { position: kind.to_owned(), pos, mv, phrase: exact.to_owned(), style: Style::Short, files: Files::Letters, voice, snr: None, hall: None, phone: false });
    }
    Ok(cases)
}

/// Moves said as players often say them, with a word before the
/// destination: "pawn to e four", "knight to f three", and a check after
/// it, "queen to e two check". Written for this corpus, not taken from
/// another: in each position of the part's game (the Opera game for
/// training, the Immortal game held out; the special positions are left
/// out, both parts share them), the first move of each kind in a fixed
/// order of the move list, up to `per_kind` of each kind, said by the
/// part's voices in turn. A case's `position` names its kind: "pawn to",
/// "piece to" (a piece's move no other piece of its kind can make),
/// "to, check" (either of those giving check), and "takes on" (a capture
/// no other piece of its kind can make: "knight takes on e five").
pub fn natural_cases(split: Split, per_kind: usize) -> Vec<Case> {
    const KINDS: [&str; 4] = ["pawn to", "piece to", "to, check", "takes on"];
    let spots = split.game_spots(1);
    let voices = split.voices();
    let mut per = [0usize; 4];
    let mut cases = Vec::new();
    // The voices of the first three kinds go round as they did before the
    // captures were added; the captures' go round on their own.
    let mut plain = 0;
    for spot in &spots {
        let legal = spot.pos.legal_moves();
        let mut taken = [false; 4];
        for m in pick(&spot.pos, None, legal.len()) {
            if m.is_promotion() || m.is_en_passant() || m.castling_side().is_some() {
                continue;
            }
            let twin = legal.iter().any(|o| o.role() == m.role() && o.to() == m.to() && o.from() != m.from());
            if twin {
                continue;
            }
            let mut after = spot.pos.clone();
            after.play_unchecked(m);
            // A capture is said "knight takes on e five" (no check said).
            let kind = if m.is_capture() {
                3
            } else if after.is_check() {
                2
            } else if m.role() == shakmaty::Role::Pawn {
                0
            } else {
                1
            };
            if taken[kind] || per[kind] >= per_kind {
                continue;
            }
            taken[kind] = true;
            per[kind] += 1;
            let piece = match m.role() {
                shakmaty::Role::Pawn => "pawn",
                shakmaty::Role::Knight => "knight",
                shakmaty::Role::Bishop => "bishop",
                shakmaty::Role::Rook => "rook",
                shakmaty::Role::Queen => "queen",
                shakmaty::Role::King => "king",
            };
            const RANKS: [&str; 8] = ["one", "two", "three", "four", "five", "six", "seven", "eight"];
            let to = m.to();
            let word = if kind == 3 { "takes on" } else { "to" };
            let mut phrase = format!("{piece} {word} {} {}", to.file().char(), RANKS[usize::from(to.rank())]);
            if kind == 2 {
                phrase.push_str(" check");
            }
            let turn = if kind == 3 {
                per[3] - 1
            } else {
                plain += 1;
                plain - 1
            };
            let voice = voices[turn % voices.len()].clone();
            cases.push(Case {
                position: KINDS[kind].to_owned(),
                pos: spot.pos.clone(),
                mv: m,
                phrase,
                style: Style::Short,
                files: Files::Letters,
                voice,
                snr: None,
                hall: None,
                phone: false,
            });
        }
    }
    cases
}

// --- Confidence -----------------------------------------------------------------

/// What a confidence rule makes of results: the utterances over the speech,
/// those decided without a question (sure of the move said), the wrong
/// records (sure of another move), and the utterances in the noise alone
/// it is sure of (each a wrong record too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Decided {
    pub utterances: usize,
    pub decided: usize,
    pub wrong: usize,
    pub phantoms: usize,
}

impl Decided {
    /// `rule` applied to the features of `results`.
    pub fn of(results: &[&Decoded], rule: &Rule) -> Decided {
        let mut d = Decided { utterances: results.len(), ..Decided::default() };
        for r in results {
            match r.features.as_ref().and_then(|f| rule.sure(f)) {
                Some(m) if m == r.case.mv => d.decided += 1,
                Some(_) => d.wrong += 1,
                None => {}
            }
            d.phantoms += r.extra_features.iter().flatten().filter(|f| rule.sure(f).is_some()).count();
        }
        d
    }

    /// Wrong records over the speech and in the noise alone.
    pub fn wrong_records(&self) -> usize {
        self.wrong + self.phantoms
    }

    /// The share decided without a question.
    pub fn share(&self) -> f64 {
        if self.utterances == 0 { 0.0 } else { self.decided as f64 / self.utterances as f64 }
    }
}

/// The rules of the curve: `tiflo::hearing::confidence::TRAINED` (the
/// rule chosen on the training part) with its posterior thresholds moved
/// from lenient to strict, and without the free grammar's agreement.
pub fn curve_rules() -> Vec<(String, Rule)> {
    let base = tiflo::hearing::confidence::TRAINED;
    let mut out = vec![("the rule chosen on training".to_owned(), base), ("no file letters (`WORDS`)".to_owned(), tiflo::hearing::confidence::WORDS)];
    for p in [-3.0f32, -1.0, -0.5, -0.2, -0.1, -0.05, -0.02, -0.01, -0.005] {
        out.push((format!("posteriors >= {p}"), Rule { posterior: p, word_posterior: p, ..base }));
    }
    for m in [0.0f32, 1.0, 2.0, 4.0, 8.0] {
        out.push((format!("margin >= {m}"), Rule { margin: m, ..base }));
    }
    out.push(("no agreement asked".to_owned(), Rule { agreement: false, ..base }));
    out.push(("agreement only".to_owned(), Rule { posterior: f32::NEG_INFINITY, word_posterior: f32::NEG_INFINITY, margin: 0.0, agreement: true, letters: true, stand_out_db: f32::NEG_INFINITY }));
    out.push(("understanding only".to_owned(), Rule { posterior: f32::NEG_INFINITY, word_posterior: f32::NEG_INFINITY, margin: 0.0, agreement: false, letters: true, stand_out_db: f32::NEG_INFINITY }));
    // A decoder's token scores (Moonshine): its rule and its neighbours.
    let tokens = tiflo::hearing::confidence::TOKENS;
    out.push(("Moonshine's rule (`TOKENS`)".to_owned(), tokens));
    for m in [0.5f32, 0.75, 1.5, 2.0] {
        out.push((format!("Moonshine's rule, margin >= {m}"), Rule { margin: m, ..tokens }));
    }
    out.push(("Moonshine's rule, letters too".to_owned(), Rule { letters: true, ..tokens }));
    out.push(("Moonshine's rule, at any stand-out".to_owned(), Rule { stand_out_db: f32::NEG_INFINITY, ..tokens }));
    out
}

/// A markdown table of the curve: for each rule and group, the share
/// decided without a question and the wrong records.
pub fn curve_table(results: &[Decoded], group: impl Fn(&Decoded) -> String) -> String {
    let mut names: Vec<String> = results.iter().map(&group).collect();
    names.sort();
    names.dedup();
    if names.len() > 1 {
        names.push("all".to_owned());
    }
    let mut out = String::from("| rule | speech | utterances | decided without a question | wrong records over the speech | wrong records in the noise alone |\n|---|---|---:|---:|---:|---:|\n");
    for (label, rule) in curve_rules() {
        for name in &names {
            let rows: Vec<&Decoded> = results.iter().filter(|r| name == "all" || group(r) == *name).collect();
            let d = Decided::of(&rows, &rule);
            out.push_str(&format!(
                "| {label} | {name} | {} | {} ({:.1} %) | {} | {} |\n",
                d.utterances,
                d.decided,
                100.0 * d.share(),
                d.wrong,
                d.phantoms
            ));
        }
    }
    out
}

/// One line per utterance (over the speech, then in the noise alone) with
/// its features, tab-separated, for choosing a rule.
pub fn feature_lines(results: &[Decoded], split: impl Fn(&Decoded) -> String) -> String {
    let mut out = String::from("split\tcondition\tvoice\twhere\tsaid\taccepted\tposterior\tword_posterior\tmargin\tagrees\tletters\tstand_out_db\theard\n");
    let uci = |m: &Move| m.to_uci(CastlingMode::Standard).to_string();
    for r in results {
        let mut line = |place: &str, f: &Option<Features>, heard: &str| {
            let Some(f) = f else { return };
            out.push_str(&format!(
                "{}\t{}\t{}\t{place}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{heard}\n",
                split(r),
                r.case.condition(),
                r.case.voice.name,
                uci(&r.case.mv),
                f.accepted.as_ref().map(uci).unwrap_or_default(),
                f.posterior,
                f.word_posterior,
                f.margin,
                f.agrees,
                f.letters,
                f.stand_out_db
            ));
        };
        line("speech", &r.features, &r.heard.first().map(|h| h.join(" ")).unwrap_or_default());
        for (f, h) in r.extra_features.iter().zip(&r.extra_heard) {
            line("noise", f, h);
        }
    }
    out
}

// --- The hall model: the training voices' adaptation ------------------------------

/// What the training babble's talkers say: conversation of their own, none
/// of it a sentence of the hall's babble (`BABBLE`), so the babble a model
/// is adapted in is never the babble it is measured in.
const TRAIN_BABBLE_LINES: [&str; 9] = [
    "the tournament director is looking for you",
    "I played the French defence and it went badly",
    "is there a train back to the city tonight",
    "he offered a draw on move twenty and I refused",
    "they moved the top boards to the other room",
    "my phone is switched off do not worry",
    "we analysed the rook ending for an hour",
    "the prize giving is at six in the main hall",
    "I think I saw a better move in the end",
];

/// How the training babble's talkers are heard, one way a talker in turn:
/// near with a room's reverberation, further with the high frequencies
/// lost, far in a more reverberant room. None is the hall's own way
/// (`make_hall_sounds`), so a model is not adapted to the channel it is
/// measured in.
const TRAIN_BABBLE_ROOMS: [&[&str]; 3] = [
    &["gain", "-4", "reverb", "60", "pad", "0", "0.3"],
    &["gain", "-4", "lowpass", "2500", "reverb", "20", "pad", "0", "0.3"],
    &["gain", "-4", "lowpass", "3500", "reverb", "80", "pad", "0", "0.3"],
];

/// The training babble: each training voice saying the lines above, turn by
/// turn, heard at a distance (`TRAIN_BABBLE_ROOMS`). Who, and the sound.
fn train_babble(work: &Path) -> Result<Vec<(String, Vec<i16>)>, String> {
    let mut out = Vec::new();
    for (k, v) in Split::Train.voices().iter().enumerate() {
        for j in 0..3 {
            let line = TRAIN_BABBLE_LINES[(k * 3 + j) % TRAIN_BABBLE_LINES.len()];
            let wav = work.join(format!("train-babble-{k}-{j}.wav"));
            if !wav.exists() {
                synthesise_with(line, v, &wav, TRAIN_BABBLE_ROOMS[(k + j) % TRAIN_BABBLE_ROOMS.len()])?;
            }
            out.push((v.speaker(), read_wav(&wav).map_err(|e| e.to_string())?));
        }
    }
    Ok(out)
}

/// `speech` with the training babble of talkers other than `speaker` mixed
/// in at `snr` dB under it (speech over its voiced frames, babble over the
/// whole track), each talker looping from an offset `seed` picks.
fn in_train_babble(speech: &[i16], babble: &[(String, Vec<i16>)], speaker: &str, snr: f32, seed: u64) -> Vec<i16> {
    let others: Vec<&(String, Vec<i16>)> = babble.iter().filter(|(who, _)| who != speaker).collect();
    let mut track = vec![0f32; speech.len()];
    let mut talkers: Vec<&str> = Vec::new();
    for k in 0..others.len() {
        let (who, pcm) = others[(seed as usize + k * 4) % others.len()];
        if talkers.contains(&who.as_str()) || pcm.is_empty() {
            continue;
        }
        talkers.push(who);
        let cycle = pcm.len() + 4_000 + (k % 5) * 1_600;
        let offset = (seed as usize).wrapping_mul(k * 7919 + 1) % cycle;
        for (i, x) in track.iter_mut().enumerate() {
            let j = (i + offset) % cycle;
            if j < pcm.len() {
                *x += f32::from(pcm[j]);
            }
        }
    }
    mixed(speech, &track, snr)
}

/// `speech` with `noise` (as long) mixed in at `snr` dB under it: speech
/// over its voiced frames, noise over the whole track.
fn mixed(speech: &[i16], noise: &[f32], snr: f32) -> Vec<i16> {
    let noise_i16: Vec<i16> = noise.iter().map(|x| x.round().clamp(-32768.0, 32767.0) as i16).collect();
    let gain = 10f32.powf((voiced_db(speech) - snr - level_db(&noise_i16)) / 20.0);
    speech.iter().zip(noise).map(|(s, n)| (f32::from(*s) + n * gain).round().clamp(-32768.0, 32767.0) as i16).collect()
}

/// Pink noise of its own (white noise from a fixed generator through Paul
/// Kellet's economy filter), not the hall's (sox's), `n` samples.
fn own_pink(n: usize, seed: u64) -> Vec<f32> {
    let mut state = seed | 1;
    let (mut b0, mut b1, mut b2) = (0f32, 0f32, 0f32);
    (0..n)
        .map(|_| {
            // xorshift64*
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let white = ((state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0;
            b0 = 0.99765 * b0 + white * 0.099_046;
            b1 = 0.963 * b1 + white * 0.296_516_4;
            b2 = 0.57 * b2 + white * 1.052_691_3;
            (b0 + b1 + b2 + white * 0.1848) * 3000.0
        })
        .collect()
}

/// `speech` with `own_pink` noise mixed in at `snr` dB under it.
pub fn in_own_pink(speech: &[i16], snr: f32, seed: u64) -> Vec<i16> {
    mixed(speech, &own_pink(speech.len(), seed), snr)
}

/// The babble levels (dB SNR) the hall model's training recordings are
/// also heard at (`examples/hall_model.rs`).
/// Chosen on the training part of the hall corpus (docs/benchmarks.md,
/// "The hall model"): clean alone, babble at 20 dB, at 20 and 10 dB, and
/// these with pink noise at 15 dB were tried; the last was the best there.
pub const HALL_BABBLE_SNRS: [f32; 2] = [20.0, 10.0];
/// The pink noise levels (dB SNR) they are also heard at.
pub const HALL_PINK_SNRS: [f32; 1] = [15.0];

/// The recordings the hall model is adapted with: the adaptation phrases
/// (`tiflo::hearing::adapt::prompts`) said by every training voice (each as
/// its `enrolment_voice`, never a held-out one), clean, once more in the
/// training babble at each of `babble_snrs` dB, and once more in pink noise
/// of its own at each of `pink_snrs` dB, in folders under `work`; with
/// `recipe`, its speakers left out, its extra voices added, and each clean
/// recording also said at each of its speeds (and heard in the same
/// noises).
pub fn hall_takes_with(work: &Path, babble_snrs: &[f32], pink_snrs: &[f32], recipe: &Recipe) -> Result<Vec<tiflo::hearing::adapt::Take>, String> {
    std::fs::create_dir_all(work).map_err(|e| e.to_string())?;
    let babble = if babble_snrs.is_empty() { Vec::new() } else { train_babble(work)? };
    let mut takes = Vec::new();
    // The recording as said, then at each of the recipe's speeds.
    let speeds: Vec<Option<f32>> = std::iter::once(None).chain(recipe.speeds.iter().copied().map(Some)).collect();
    for v in recipe.voices(Split::Train.voices()) {
        let enrol = enrolment_voice(&v);
        let dir = work.join(format!("hall-{:016x}", fxhash(&enrol.name)));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        for (i, p) in tiflo::hearing::adapt::prompts().iter().enumerate() {
            let plain = dir.join(tiflo::hearing::adapt::take_name(i + 1));
            if !plain.exists() {
                synthesise(p, &enrol, &plain)?;
            }
            for &speed in &speeds {
                let name = match speed {
                    None => tiflo::hearing::adapt::take_name(i + 1),
                    Some(f) => format!("speed{f}-{}", tiflo::hearing::adapt::take_name(i + 1)),
                };
                let wav = dir.join(&name);
                if let Some(f) = speed.filter(|_| !wav.exists()) {
                    at_speed(&plain, f, &wav)?;
                }
                let key = match speed {
                    None => enrol.name.clone(),
                    Some(f) => format!("{} at {f}", enrol.name),
                };
                takes.push(tiflo::hearing::adapt::Take { wav: wav.clone(), words: p.clone() });
                for snr in babble_snrs {
                    let noisy = dir.join(format!("babble{snr}-{name}"));
                    if !noisy.exists() {
                        let pcm = read_wav(&wav).map_err(|e| e.to_string())?;
                        let seed = fxhash(&format!("{key}|{p}|{snr}"));
                        write_wav(&noisy, &in_train_babble(&pcm, &babble, &v.speaker(), *snr, seed))?;
                    }
                    takes.push(tiflo::hearing::adapt::Take { wav: noisy, words: p.clone() });
                }
                for snr in pink_snrs {
                    let noisy = dir.join(format!("pink{snr}-{name}"));
                    if !noisy.exists() {
                        let pcm = read_wav(&wav).map_err(|e| e.to_string())?;
                        let seed = fxhash(&format!("{key}|{p}|pink {snr}"));
                        write_wav(&noisy, &in_own_pink(&pcm, *snr, seed))?;
                    }
                    takes.push(tiflo::hearing::adapt::Take { wav: noisy, words: p.clone() });
                }
            }
        }
    }
    Ok(takes)
}

/// How far utterances stood out of the noise floor, by group: the speech's
/// own (the utterance over it) and those found in the noise alone, as
/// percentiles, and how many of each stand out less than each of `gates`.
pub fn stand_out_table(results: &[Decoded], group: impl Fn(&Decoded) -> String, gates: &[f32]) -> String {
    let mut names: Vec<String> = results.iter().map(&group).collect();
    names.sort();
    names.dedup();
    let q = |v: &mut Vec<f32>, p: usize| {
        if v.is_empty() {
            return f32::NAN;
        }
        v.sort_by(f32::total_cmp);
        v[(v.len() * p / 100).min(v.len() - 1)]
    };
    let mut out = table_header(
        &["speech", "utterances", "p5", "p25", "median", "noise-alone utterances", "p50", "p95", "max"],
        gates.iter().map(|g| [format!("speech under {g} dB"), format!("noise alone under {g} dB")]),
    );
    for name in names {
        let rows: Vec<&Decoded> = results.iter().filter(|r| group(r) == name).collect();
        let mut speech: Vec<f32> = rows.iter().filter_map(|r| r.stand_out_db).collect();
        let mut noise: Vec<f32> = rows.iter().flat_map(|r| r.extra_stand_outs.iter().copied()).collect();
        out.push_str(&format!(
            "| {name} | {} | {:.1} | {:.1} | {:.1} | {} | {:.1} | {:.1} | {:.1} |",
            speech.len(),
            q(&mut speech, 5),
            q(&mut speech, 25),
            q(&mut speech, 50),
            noise.len(),
            q(&mut noise, 50),
            q(&mut noise, 95),
            noise.iter().copied().fold(f32::NAN, f32::max)
        ));
        for g in gates {
            out.push_str(&format!(" {} | {} |", speech.iter().filter(|x| **x < *g).count(), noise.iter().filter(|x| **x < *g).count()));
        }
        out.push('\n');
    }
    out
}

/// A markdown table's header and alignment lines: the `fixed` columns
/// (the first left-aligned, the others numbers), then a pair of number
/// columns for each of `pairs`.
fn table_header(fixed: &[&str], pairs: impl Iterator<Item = [String; 2]>) -> String {
    let pairs: Vec<[String; 2]> = pairs.collect();
    let names: Vec<&str> = fixed.iter().copied().chain(pairs.iter().flatten().map(String::as_str)).collect();
    let mut out = format!("| {} |\n|---|", names.join(" | "));
    out.push_str(&"---:|".repeat(names.len() - 1));
    out.push('\n');
    out
}

/// How long utterances were (ms, as the endpointer cut them), by group:
/// the moves said (all, and those offered first), and what the noise alone
/// was cut into that was read as a move (a question the session would ask),
/// with how many of each are longer than each of `limits`.
pub fn length_table(results: &[Decoded], group: impl Fn(&Decoded) -> String, limits: &[u64]) -> String {
    let mut names: Vec<String> = results.iter().map(&group).collect();
    names.sort();
    names.dedup();
    let q = |v: &mut Vec<u64>, p: usize| {
        if v.is_empty() {
            return "-".to_owned();
        }
        v.sort_unstable();
        v[(v.len() * p / 100).min(v.len() - 1)].to_string()
    };
    let mut out = table_header(
        &["speech", "moves said", "offered first", "p50", "p95", "max", "noise alone read as a move", "p5", "p50"],
        limits.iter().map(|l| [format!("offered first over {l} ms"), format!("noise-alone moves over {l} ms")]),
    );
    for name in names {
        let rows: Vec<&Decoded> = results.iter().filter(|r| group(r) == name).collect();
        let first = |r: &&Decoded| matches!(r.outcome, Outcome::Accept | Outcome::AskFirst);
        let mut right: Vec<u64> = rows.iter().copied().filter(first).filter_map(|r| r.length_ms).collect();
        let mut phantom: Vec<u64> = rows
            .iter()
            .flat_map(|r| r.extra_lengths.iter().filter(|(_, read)| *read).map(|(l, _)| *l))
            .collect();
        out.push_str(&format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {} |",
            rows.len(),
            right.len(),
            q(&mut right, 50),
            q(&mut right, 95),
            right.iter().max().map_or("-".to_owned(), u64::to_string),
            phantom.len(),
            q(&mut phantom, 5),
            q(&mut phantom, 50),
        ));
        for l in limits {
            out.push_str(&format!(" {} | {} |", right.iter().filter(|x| **x > *l).count(), phantom.iter().filter(|x| **x > *l).count()));
        }
        out.push('\n');
    }
    out
}

/// Makes a model adapted at set-up (`examples/phone_model.rs`,
/// `examples/hall_model.rs`) in `out`, unless one is there already made
/// from `made_from` (a text kept beside it naming the voices, noise and
/// phrases): `voices` are checked, `takes` synthesises the recordings in a
/// scratch folder named `work`, and the model is adapted from them. `name`
/// prefixes every line said. The process's exit code.
pub fn make_setup_model(
    name: &str,
    out: &Path,
    made_from: &str,
    voices: &[Voice],
    work: &str,
    takes: impl FnOnce(&Path) -> Result<Vec<tiflo::hearing::adapt::Take>, String>,
) -> std::process::ExitCode {
    const MADE_FROM: &str = "made-from.txt";
    let whole = out.join("means").is_file() && out.join("variances").is_file();
    if whole && std::fs::read_to_string(out.join(MADE_FROM)).is_ok_and(|m| m == made_from) {
        println!("{name}: {} is up to date", out.display());
        return std::process::ExitCode::SUCCESS;
    }
    let run = || -> Result<(), String> {
        check_tools("en")?;
        check_voices(voices)?;
        let work = work_dir(work);
        let takes = takes(&work)?;
        eprintln!("{name}: adapting to {} recordings", takes.len());
        tiflo::hearing::adapt::adapt(Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), &takes, out).map_err(|e| e.to_string())?;
        // The recordings are not needed to hear with it.
        let _ = std::fs::remove_dir_all(out.join("takes"));
        std::fs::write(out.join(MADE_FROM), made_from).map_err(|e| format!("{}: {e}", out.display()))?;
        let _ = std::fs::remove_dir_all(&work);
        Ok(())
    };
    match run() {
        Ok(()) => {
            println!("{name}: made {}", out.display());
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

// --- Answers heard always: the check of their length -----------------------------

/// The answers a question takes, as said, and the command each is.
pub const ANSWERS: [(&str, tiflo::game::command::Command); 6] = [
    ("yes", tiflo::game::command::Command::Yes),
    ("no", tiflo::game::command::Command::No),
    ("one", tiflo::game::command::Command::Choice(1)),
    ("two", tiflo::game::command::Command::Choice(2)),
    ("three", tiflo::game::command::Command::Choice(3)),
    ("four", tiflo::game::command::Command::Choice(4)),
];

/// How answers fared through the daemon's listener (`Ear`, hearing
/// always): taken as said, taken as another answer, dropped by the check,
/// or turned into something else (nothing, a move, a pause).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnswerCounts {
    pub said: usize,
    pub taken: usize,
    pub wrong: usize,
    pub dropped: usize,
    pub other: usize,
    /// the shortest and longest utterance an answer was taken from (ms)
    pub lengths: (u64, u64),
    /// each answer taken as another: the voice, the word said, the first
    /// answer taken
    pub confusions: Vec<(String, &'static str, String)>,
}

/// What the hall's talk alone made of a question standing: the answers it
/// gave, the pauses and resumes of listening, and the readings the check
/// dropped, over `secs` seconds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PhantomCounts {
    pub secs: f64,
    /// the moves read and asked about (each a question the session would
    /// ask): how long their utterances were (ms), and how far into the
    /// babble they ended (s)
    pub moves: Vec<(u64, f64)>,
    pub answers: usize,
    pub listening: usize,
    pub dropped: usize,
    /// when answers said aloud stopped being taken (s into the babble)
    pub talk_around_at: Option<f64>,
    /// the shortest utterance an answer or listening phrase was read in
    /// (ms), taken or dropped
    pub shortest: Option<u64>,
}

/// A question as the session stands while it waits for `word`: a yes or
/// no, or a choice of four moves of the starting position.
fn asking(word: &str) -> tiflo::game::event::Moment {
    let pos = Chess::default();
    let awaiting = if matches!(word, "yes" | "no") {
        tiflo::game::event::Awaiting::YesNo
    } else {
        tiflo::game::event::Awaiting::Choice(pos.legal_moves().into_iter().take(4).collect())
    };
    tiflo::game::event::Moment { awaiting: Some(awaiting), ..tiflo::game::event::Moment::at(pos) }
}

fn ear(check: bool) -> Result<tiflo::hearing::ear::Ear, String> {
    let rec = tiflo::hearing::sphinx::Sphinx::open_default().map_err(|e| e.to_string())?;
    let hearing = tiflo::hearing::grammar::Hearing::new(tiflo::notation::Lang::En).ok_or("no English hearing")?;
    let mut ear = tiflo::hearing::ear::Ear::new(Box::new(rec), hearing, EndpointConfig::default());
    ear.set_checked(check);
    Ok(ear)
}

/// An event that came out of an `Ear`: the event, the length of the
/// utterance it came from (ms) and where in the sound it came (samples).
type Heard = (tiflo::game::event::Event, u64, usize);

/// Feeds `pcm` to `ear` as a sound card would, the question `moment`
/// standing: the events that came out, and the lengths of the utterances
/// the check dropped.
fn through(ear: &mut tiflo::hearing::ear::Ear, pcm: &[i16], moment: &tiflo::game::event::Moment) -> Result<(Vec<Heard>, Vec<u64>), String> {
    let mut events = Vec::new();
    let mut dropped = Vec::new();
    let mut was = ear.dropped();
    let mut at = 0;
    let mut took = |ear: &tiflo::hearing::ear::Ear, got: Vec<tiflo::game::event::Event>, at: usize| {
        let ms = ear.last_utterance_ms();
        if ear.dropped() > was {
            dropped.push(ms);
            was = ear.dropped();
        }
        events.extend(got.into_iter().map(|e| (e, ms, at)));
    };
    for piece in pcm.chunks(320) {
        at += piece.len();
        let got = ear.hear(piece, false, moment).map_err(|e| e.to_string())?;
        took(ear, got, at);
    }
    let got = ear.flush(moment).map_err(|e| e.to_string())?;
    took(ear, got, at);
    Ok((events, dropped))
}

/// Each answer of `ANSWERS` said by each voice of `split` (as its
/// `enrolment_voice` would not be: at the voice's own rate), with half a
/// second of a quiet room before and a second after, clean (`snr` None)
/// or in babble at `snr` dB (the training babble for the training voices,
/// whose talkers they are; the hall's for the held-out ones), heard by an
/// `Ear` with the check of an answer's length on or off while the question
/// it answers stands.
pub fn answers_heard(split: Split, snr: Option<f32>, check: bool, work: &Path) -> Result<AnswerCounts, String> {
    std::fs::create_dir_all(work).map_err(|e| e.to_string())?;
    // The training voices in the training babble; the held-out voices in
    // the hall's babble, which nothing is chosen on.
    let babble = match (snr, split) {
        (None, _) => Vec::new(),
        (Some(_), Split::Train) => train_babble(work)?,
        (Some(_), Split::HeldOut | Split::Fresh | Split::Fresh2) => hall_sounds()?.babble.iter().map(|(who, _, pcm)| (who.clone(), pcm.clone())).collect(),
    };
    let mut counts = AnswerCounts::default();
    for v in &split.voices() {
        let mut ear = ear(check)?;
        for (word, command) in ANSWERS {
            let wav = work.join(format!("answer-{:016x}-{word}.wav", fxhash(&v.name)));
            if !wav.exists() {
                synthesise(word, v, &wav)?;
            }
            let mut pcm = room(8_000);
            pcm.extend(read_wav(&wav).map_err(|e| e.to_string())?);
            pcm.extend(room(16_000));
            if let Some(snr) = snr {
                pcm = in_train_babble(&pcm, &babble, &v.speaker(), snr, fxhash(&format!("{}|{word}|{snr}", v.name)));
            }
            let before = ear.dropped();
            let (events, _) = through(&mut ear, &pcm, &asking(word))?;
            counts.said += 1;
            let answers: Vec<(&tiflo::game::command::Command, u64)> = events
                .iter()
                .filter_map(|(e, ms, _)| match e {
                    tiflo::game::event::Event::Command(c) => Some((c, *ms)),
                    _ => None,
                })
                .collect();
            if let Some((_, ms)) = answers.iter().find(|(c, _)| **c == command) {
                counts.taken += 1;
                counts.lengths = if counts.taken == 1 { (*ms, *ms) } else { (counts.lengths.0.min(*ms), counts.lengths.1.max(*ms)) };
            } else if let Some((c, _)) = answers.first() {
                counts.wrong += 1;
                counts.confusions.push((v.name.clone(), word, format!("{c:?}")));
            } else if ear.dropped() > before {
                counts.dropped += 1;
            } else {
                counts.other += 1;
            }
        }
    }
    Ok(counts)
}

/// `secs` seconds of the training babble alone (three talkers at once,
/// at -33 dB of full scale over its voiced frames), heard by an `Ear` with
/// the check on or off while a yes-or-no question stands, again while a
/// choice stands, and again with no question.
pub fn babble_answers(secs: f64, check: bool, work: &Path) -> Result<[PhantomCounts; 3], String> {
    std::fs::create_dir_all(work).map_err(|e| e.to_string())?;
    let babble = train_babble(work)?;
    let n = (secs * 16_000.0) as usize;
    let mut track = vec![0f32; n];
    let talkers: Vec<&(String, Vec<i16>)> = babble.iter().collect();
    for t in 0..3 {
        // Each talker says the lines of one training voice in turn, with
        // pauses of one to four seconds.
        let mut at = t * 9_000;
        let mut k = t * 5;
        while at < n {
            let (_, pcm) = talkers[k % talkers.len()];
            for (i, s) in pcm.iter().enumerate() {
                if let Some(x) = track.get_mut(at + i) {
                    *x += f32::from(*s);
                }
            }
            at += pcm.len() + 16_000 + (k * 7_919) % 48_000;
            k += 7;
        }
    }
    let track_i16: Vec<i16> = track.iter().map(|x| x.round().clamp(-32768.0, 32767.0) as i16).collect();
    let gain = 10f32.powf((-33.0 - voiced_db(&track_i16)) / 20.0);
    let room = room(n);
    let pcm: Vec<i16> = track.iter().zip(&room).map(|(x, r)| (x * gain + f32::from(*r)).round().clamp(-32768.0, 32767.0) as i16).collect();
    let mut out: [PhantomCounts; 3] = Default::default();
    for (i, word) in ["yes", "one", ""].iter().enumerate() {
        let mut ear = ear(check)?;
        let moment = if word.is_empty() { tiflo::game::event::Moment::at(Chess::default()) } else { asking(word) };
        let (events, dropped) = through(&mut ear, &pcm, &moment)?;
        let read: Vec<u64> = events
            .iter()
            .filter(|(e, _, _)| matches!(e, tiflo::game::event::Event::Command(_) | tiflo::game::event::Event::Listening(_)))
            .map(|(_, ms, _)| *ms)
            .chain(dropped)
            .collect();
        out[i] = PhantomCounts {
            secs,
            moves: events
                .iter()
                .filter(|(e, _, _)| matches!(e, tiflo::game::event::Event::Heard { moves, .. } if !moves.is_empty()))
                .map(|(_, ms, at)| (*ms, *at as f64 / 16_000.0))
                .collect(),
            answers: events.iter().filter(|(e, _, _)| matches!(e, tiflo::game::event::Event::Command(_))).count(),
            listening: events.iter().filter(|(e, _, _)| matches!(e, tiflo::game::event::Event::Listening(_))).count(),
            dropped: ear.dropped(),
            talk_around_at: events
                .iter()
                .find(|(e, _, _)| *e == tiflo::game::event::Event::TalkAround(true))
                .map(|(_, _, at)| *at as f64 / 16_000.0),
            shortest: read.into_iter().min(),
        };
    }
    Ok(out)
}
