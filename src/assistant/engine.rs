//! Practice against a chess engine: the UCI protocol.
//!
//! The sans-I/O part writes the commands a game needs ([`Uci`]) and reads
//! the engine's lines ([`Line::parse`]); [`Engine`] is the thin driver that
//! runs the engine as a child process, and [`start`] puts it on its own
//! thread for the daemon.
//!
//! Strength: `1` to `20` is the engine's `Skill Level` (0 to 19; 20 is full
//! strength), a number from 1320 up is an Elo rating (`UCI_LimitStrength`
//! and `UCI_Elo`, clamped to what the engine offers; an engine with only a
//! skill level gets the level spread over 1320 to 2850). Options the engine
//! does not have are left out.
//!
//! Invariants: a move from the engine is only ever a proposal — the daemon
//! gives it to the session, which records it only if it is legal; an engine
//! that does not start, dies or stays silent past its deadline is an error
//! in words, never a hang.
//!
//! The engine is given the position after the game's last irreversible move
//! and the moves since (`position fen ... moves ...`), so it sees
//! repetitions; it thinks a fortieth of its clock, within bounds
//! ([`Think::on_clock`]). A bare command name is looked for on `PATH`, then in
//! `/usr/games`, where Debian puts stockfish. Each answer carries the position
//! it answers, so the daemon drops one that comes after the game has moved
//! on. A draw offered to the engine is accepted only when its evaluation is no
//! better than [`DRAW_MARGIN_CP`] for it ([`accepts_draw`]).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use crate::i18n::{OsReason, Reason, Said};

/// Why the engine could not play.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The engine's program could not be started.
    #[error("the engine `{command}` cannot be started: {why}")]
    Start {
        /// The command that was run.
        command: String,
        /// Why the system refused it.
        why: OsReason,
    },
    /// The engine can no longer be written to or read from: its process
    /// ended.
    #[error("the engine stopped")]
    Stopped,
    /// The engine gave no answer within this time.
    #[error("the engine did not answer within {0:?}")]
    Silent(Duration),
    /// The engine answered `bestmove` with no move (`(none)` or `0000`).
    #[error("the engine answered `{0}`, which is not a move")]
    NoMove(String),
}

impl Reason for EngineError {
    fn said(&self) -> Said {
        match self {
            EngineError::Start { command, why } => {
                Said::new("why-engine-start").data("command", command.clone()).with("why", why.said())
            }
            EngineError::Stopped => Said::new("why-engine-stopped"),
            EngineError::Silent(waited) => Said::new("why-engine-silent").number("seconds", waited.as_secs_f64().ceil() as i64),
            EngineError::NoMove(answer) => Said::new("why-engine-no-move").data("answer", answer.clone()),
        }
    }
}

/// What the engine offers of the strength options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The engine's name, from its `id name` line.
    pub name: String,
    /// `Skill Level` (min, max).
    pub skill: Option<(i64, i64)>,
    /// `UCI_Elo` (min, max), with `UCI_LimitStrength`.
    pub(crate) elo: Option<(i64, i64)>,
}

/// An engine's evaluation of the position it searched, from the side to
/// move's point of view (the UCI `score`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns: above zero the side to move is better.
    Cp(i32),
    /// Mate in this many moves: above zero the side to move mates, below
    /// zero it is mated.
    Mate(i32),
}

/// How far above an even position the engine's side may stand and still
/// take a draw offered to it, in centipawns.
pub const DRAW_MARGIN_CP: i32 = 30;

/// Whether an engine that evaluates its position as `score` accepts a draw
/// offered to it (Article 9.1.b: the opponent may accept or decline): only
/// when it stands no better than about even, within [`DRAW_MARGIN_CP`], or
/// worse. Without an evaluation it declines.
pub fn accepts_draw(score: Option<Score>) -> bool {
    match score {
        Some(Score::Cp(cp)) => cp <= DRAW_MARGIN_CP,
        Some(Score::Mate(n)) => n <= 0,
        None => false,
    }
}

/// One line from the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// `uciok`: the handshake is done.
    UciOk,
    /// `readyok`: the engine answers `isready`.
    ReadyOk,
    /// `id name NAME`: the engine's name.
    Name(String),
    /// `option name NAME type spin ... min A max B` (A, B when given).
    Spin {
        /// The option's name.
        name: String,
        /// Its least value, when given.
        min: Option<i64>,
        /// Its greatest value, when given.
        max: Option<i64>,
    },
    /// `bestmove MOVE` (`(none)` or `0000` when there is no move).
    BestMove(String),
    /// `info ... score cp N` or `score mate N` (a bound, `lowerbound` or
    /// `upperbound`, is not an evaluation and is left out).
    Info(Score),
    /// Any other line, which tiflo does not use.
    Other,
}

impl Line {
    /// Reads one line the engine wrote.
    pub fn parse(text: &str) -> Line {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["uciok", ..] => Line::UciOk,
            ["readyok", ..] => Line::ReadyOk,
            ["id", "name", rest @ ..] => Line::Name(rest.join(" ")),
            ["bestmove", mv, ..] => Line::BestMove((*mv).to_owned()),
            ["info", rest @ ..] => {
                let Some(i) = rest.iter().position(|w| *w == "score") else { return Line::Other };
                if rest.iter().any(|w| *w == "lowerbound" || *w == "upperbound") {
                    return Line::Other;
                }
                match (rest.get(i + 1), rest.get(i + 2).and_then(|v| v.parse::<i32>().ok())) {
                    (Some(&"cp"), Some(v)) => Line::Info(Score::Cp(v)),
                    (Some(&"mate"), Some(v)) => Line::Info(Score::Mate(v)),
                    _ => Line::Other,
                }
            }
            ["option", "name", rest @ ..] => {
                let Some(t) = rest.iter().position(|w| *w == "type") else { return Line::Other };
                if rest.get(t + 1) != Some(&"spin") {
                    return Line::Other;
                }
                let after = |key: &str| rest.iter().position(|w| *w == key).and_then(|i| rest.get(i + 1)).and_then(|v| v.parse().ok());
                Line::Spin { name: rest[..t].join(" "), min: after("min"), max: after("max") }
            }
            _ => Line::Other,
        }
    }
}

/// The commands of a game, as text lines (each without its newline).
pub struct Uci;

impl Uci {
    /// The options that set `strength` (see the module's help), for an
    /// engine offering `options`.
    pub fn strength(strength: u32, options: &Options) -> Vec<String> {
        let mut out = Vec::new();
        if strength >= 1320 {
            if let Some((min, max)) = options.elo {
                out.push("setoption name UCI_LimitStrength value true".to_owned());
                out.push(format!("setoption name UCI_Elo value {}", i64::from(strength).clamp(min, max)));
                return out;
            }
        }
        if let Some((min, max)) = options.skill {
            let level = match strength {
                // An Elo the engine cannot set: the skill level spread over
                // 1320 (level 0) to 2850 (level 20).
                1320.. => (i64::from(strength).min(2850) - 1320) * 20 / 1530,
                20.. => 20,
                s => i64::from(s.max(1)) - 1,
            };
            out.push(format!("setoption name Skill Level value {}", level.clamp(min, max)));
        }
        out
    }

    /// `position fen FROM moves ...`: the position the game was in after
    /// its last irreversible move, and the moves since, so that the engine
    /// sees the repetitions it could make or avoid.
    pub fn position(from: &Chess, moves: &[Move]) -> String {
        let mut line = format!("position fen {}", Fen::from_position(from, EnPassantMode::Legal));
        if !moves.is_empty() {
            line.push_str(" moves");
            for m in moves {
                line.push(' ');
                line.push_str(&m.to_uci(shakmaty::CastlingMode::Standard).to_string());
            }
        }
        line
    }

    /// `go` with both clocks (milliseconds) and their increments, or a
    /// fixed time when the clocks have no meaning.
    pub fn go(white_ms: u64, black_ms: u64, inc_ms: u64, movetime: Option<u64>) -> String {
        match movetime {
            Some(ms) => format!("go movetime {ms}"),
            None => format!("go wtime {white_ms} btime {black_ms} winc {inc_ms} binc {inc_ms}"),
        }
    }
}

/// A running engine: a child process speaking UCI.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The name and strength options the engine offered in its handshake.
    pub options: Options,
}

/// How long an engine may take to start and say `uciok`.
pub(crate) const HANDSHAKE: Duration = Duration::from_secs(10);

impl Engine {
    /// Starts `command` (a path or a name on `PATH`, with arguments split
    /// on spaces) and does the UCI handshake at `strength`.
    pub fn start(command: &str, strength: u32) -> Result<Engine, EngineError> {
        let mut parts = command.split_whitespace();
        let program = parts.next().unwrap_or_default();
        let start_error = |why: OsReason| EngineError::Start { command: command.to_owned(), why };
        let mut child = Command::new(find_program(program))
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| start_error(OsReason::from(&e)))?;
        let stdin = child.stdin.take().ok_or_else(|| start_error(OsReason::Lost))?;
        let stdout = child.stdout.take().ok_or_else(|| start_error(OsReason::Lost))?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine { child, stdin, lines, options: Options::default() };
        engine.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            match Line::parse(&engine.next_line(deadline)?) {
                Line::UciOk => break,
                Line::Name(n) => engine.options.name = n,
                Line::Spin { name, min, max } => {
                    let range = (min.unwrap_or(i64::MIN), max.unwrap_or(i64::MAX));
                    match name.as_str() {
                        "Skill Level" => engine.options.skill = Some(range),
                        "UCI_Elo" => engine.options.elo = Some(range),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        for line in Uci::strength(strength, &engine.options) {
            engine.send(&line)?;
        }
        engine.send("ucinewgame")?;
        engine.send("isready")?;
        while Line::parse(&engine.next_line(deadline)?) != Line::ReadyOk {}
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()).map_err(|_| EngineError::Stopped)
    }

    fn next_line(&mut self, deadline: Instant) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Silent(HANDSHAKE)),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Stopped),
        }
    }

    /// The engine's move in `pos`, in UCI, given `go` (see [`Uci::go`]);
    /// past `deadline` the engine is told to stop and given two seconds
    /// more.
    pub fn best_move(&mut self, from: &Chess, moves: &[Move], go: &str, deadline: Duration) -> Result<String, EngineError> {
        self.best_move_scored(from, moves, go, deadline).map(|(mv, _)| mv)
    }

    /// As [`Engine::best_move`], with the engine's last evaluation of the
    /// position (from the side to move's point of view), when it gave one.
    pub fn best_move_scored(&mut self, from: &Chess, moves: &[Move], go: &str, deadline: Duration) -> Result<(String, Option<Score>), EngineError> {
        self.send(&Uci::position(from, moves))?;
        self.send(go)?;
        let mut score = None;
        let mv = match self.wait_best(deadline, &mut score) {
            Err(EngineError::Silent(_)) => {
                self.send("stop")?;
                self.wait_best(Duration::from_secs(2), &mut score).map_err(|e| match e {
                    EngineError::Silent(_) => EngineError::Silent(deadline),
                    other => other,
                })
            }
            other => other,
        }?;
        Ok((mv, score))
    }

    fn wait_best(&mut self, wait: Duration, score: &mut Option<Score>) -> Result<String, EngineError> {
        let until = Instant::now() + wait;
        loop {
            match self.lines.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Ok(l) => match Line::parse(&l) {
                    Line::Info(s) => *score = Some(s),
                    Line::BestMove(mv) => {
                        return match mv.as_str() {
                            "(none)" | "0000" => Err(EngineError::NoMove(mv)),
                            _ => Ok(mv),
                        };
                    }
                    _ => {}
                },
                Err(RecvTimeoutError::Timeout) => return Err(EngineError::Silent(wait)),
                Err(RecvTimeoutError::Disconnected) => return Err(EngineError::Stopped),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `name` as given when it is a path or found on `PATH`; else Debian's
/// games folder's program of that name (where `stockfish` is installed),
/// when there is one.
fn find_program(name: &str) -> std::path::PathBuf {
    let on_path = |dir: &Path| dir.join(name).is_file();
    if name.contains('/') || std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| on_path(&d))) {
        return name.into();
    }
    let games = Path::new("/usr/games").join(name);
    if games.is_file() { games } else { name.into() }
}

/// A request to the engine's thread: think in this position.
#[derive(Clone, Debug)]
pub struct Think {
    /// The position to move in.
    pub position: Chess,
    /// The position after the game's last irreversible move, and the moves
    /// from it to `position`.
    pub from: Chess,
    /// The moves from `from` to `position`.
    pub moves: Vec<Move>,
    /// The `go` line.
    pub go: String,
    /// Give up after this long.
    pub deadline: Duration,
}

impl Think {
    /// Thinking in `position` with `remaining` on the engine's clock: a
    /// fortieth of it, at most three seconds (practice is not a wait) and
    /// at least a tenth of a second; stopped if it has not answered a
    /// second after that.
    /// The moves are played from `from` to find the position.
    pub fn on_clock(from: Chess, moves: Vec<Move>, remaining: Duration) -> Think {
        let ms = (remaining.as_millis() / 40).clamp(100, 3000) as u64;
        let mut position = from.clone();
        for m in &moves {
            position.play_unchecked(*m);
        }
        Think { position, from, moves, go: Uci::go(0, 0, 0, Some(ms)), deadline: Duration::from_millis(ms + 1000) }
    }
}

/// What the engine's thread reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The engine is ready: its name.
    Ready(String),
    /// The engine's move for the position asked about (its FEN, so that an
    /// answer to a position no longer on the board can be told apart), and
    /// its evaluation of that position, when it gave one.
    Move {
        /// The FEN of the position the move is for.
        fen: String,
        /// The move, in UCI notation.
        uci: String,
        /// The engine's evaluation of that position, when it gave one.
        score: Option<Score>,
    },
    /// The engine failed (why); it is not asked again.
    Failed(Said),
}

/// Runs the engine on its own thread: starting may take a while and
/// thinking takes seconds, and the game goes on meanwhile. Positions sent on
/// the returned channel are answered through `report` (false ends the
/// thread).
pub fn start(command: String, strength: u32, report: impl Fn(Report) -> bool + Send + 'static) -> Sender<Think> {
    let (tx, rx) = mpsc::channel::<Think>();
    std::thread::spawn(move || {
        let mut engine = match Engine::start(&command, strength) {
            Ok(e) => e,
            Err(e) => {
                report(Report::Failed(e.said()));
                return;
            }
        };
        if !report(Report::Ready(engine.options.name.clone())) {
            return;
        }
        for think in rx {
            let fen = Fen::from_position(&think.position, EnPassantMode::Legal).to_string();
            let answer = match engine.best_move_scored(&think.from, &think.moves, &think.go, think.deadline) {
                Ok((uci, score)) => Report::Move { fen, uci, score },
                Err(e) => Report::Failed(e.said()),
            };
            let failed = matches!(answer, Report::Failed(_));
            if !report(answer) || failed {
                return;
            }
        }
    });
    tx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(Line::parse("uciok"), Line::UciOk);
        assert_eq!(Line::parse("id name Stockfish 15.1"), Line::Name("Stockfish 15.1".into()));
        assert_eq!(
            Line::parse("option name Skill Level type spin default 20 min 0 max 20"),
            Line::Spin { name: "Skill Level".into(), min: Some(0), max: Some(20) }
        );
        assert_eq!(Line::parse("option name Ponder type check default false"), Line::Other);
        assert_eq!(Line::parse("bestmove e2e4 ponder e7e5"), Line::BestMove("e2e4".into()));
        assert_eq!(Line::parse("bestmove (none)"), Line::BestMove("(none)".into()));
        assert_eq!(Line::parse(""), Line::Other);
        assert_eq!(Line::parse("option name"), Line::Other);
        assert_eq!(Line::parse("info depth 12 seldepth 15 multipv 1 score cp -34 nodes 9000 pv e7e5"), Line::Info(Score::Cp(-34)));
        assert_eq!(Line::parse("info depth 20 score mate -3 pv e1e2"), Line::Info(Score::Mate(-3)));
        assert_eq!(Line::parse("info depth 9 score cp 40 lowerbound nodes 1"), Line::Other);
        assert_eq!(Line::parse("info string NNUE enabled"), Line::Other);
    }

    #[test]
    fn a_draw_is_taken_only_when_the_engine_stands_no_better_than_even() {
        for (score, takes) in [
            (Some(Score::Cp(0)), true),
            (Some(Score::Cp(DRAW_MARGIN_CP)), true),
            (Some(Score::Cp(-250)), true),
            (Some(Score::Cp(DRAW_MARGIN_CP + 1)), false),
            (Some(Score::Cp(900)), false),
            (Some(Score::Mate(2)), false),
            (Some(Score::Mate(-2)), true),
            (None, false),
        ] {
            assert_eq!(accepts_draw(score), takes, "{score:?}");
        }
    }

    #[test]
    fn strength_options() {
        let both = Options { name: "x".into(), skill: Some((0, 20)), elo: Some((1350, 2850)) };
        assert_eq!(Uci::strength(5, &both), vec!["setoption name Skill Level value 4"]);
        assert_eq!(Uci::strength(20, &both), vec!["setoption name Skill Level value 20"]);
        assert_eq!(Uci::strength(1, &both), vec!["setoption name Skill Level value 0"]);
        assert_eq!(
            Uci::strength(1500, &both),
            vec!["setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1500"]
        );
        assert_eq!(Uci::strength(1320, &both)[1], "setoption name UCI_Elo value 1350", "clamped");
        let skill_only = Options { skill: Some((0, 20)), ..Options::default() };
        assert_eq!(Uci::strength(1500, &skill_only), vec!["setoption name Skill Level value 2"]);
        assert!(Uci::strength(5, &Options::default()).is_empty());
    }

    #[test]
    fn position_and_go() {
        assert_eq!(Uci::position(&Chess::default(), &[]), "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let start = Chess::default();
        let nf3 = shakmaty::uci::UciMove::from_ascii(b"g1f3").unwrap().to_move(&start).unwrap();
        let mut after = start.clone();
        after.play_unchecked(nf3);
        let nf6 = shakmaty::uci::UciMove::from_ascii(b"g8f6").unwrap().to_move(&after).unwrap();
        assert_eq!(
            Uci::position(&start, &[nf3, nf6]),
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves g1f3 g8f6"
        );
        let t = Think::on_clock(start.clone(), vec![nf3, nf6], Duration::from_secs(60));
        assert_eq!(t.position.turn(), shakmaty::Color::White);
        assert_eq!(t.position.board().piece_at(shakmaty::Square::F6).map(|p| p.role), Some(shakmaty::Role::Knight));
        assert_eq!(Uci::go(60_000, 50_000, 2_000, None), "go wtime 60000 btime 50000 winc 2000 binc 2000");
        assert_eq!(Uci::go(0, 0, 0, Some(500)), "go movetime 500");
        let t = Think::on_clock(Chess::default(), vec![], Duration::from_secs(60));
        assert_eq!((t.go.as_str(), t.deadline), ("go movetime 1500", Duration::from_millis(2500)));
        assert_eq!(Think::on_clock(Chess::default(), vec![], Duration::from_secs(3600)).go, "go movetime 3000");
        assert_eq!(Think::on_clock(Chess::default(), vec![], Duration::ZERO).go, "go movetime 100");
    }

    #[test]
    fn programs_are_found_in_the_games_folder() {
        assert_eq!(find_program("/bin/sh"), Path::new("/bin/sh"));
        assert_eq!(find_program("sh"), Path::new("sh"), "on PATH");
        assert_eq!(find_program("no-such-engine-here"), Path::new("no-such-engine-here"));
    }
}
