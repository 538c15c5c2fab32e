//! The chess engine playing the opponent's side: asked for a move when it
//! is its turn, its answers turned into the session's events.

use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

use fluent_bundle::FluentArgs;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Color, EnPassantMode, Position};

use super::{DaemonError, Input, Inputs, Loop, wall_clock};
use crate::assistant::engine;
use crate::daemon::config::Config;
use crate::game::command::Command;
use crate::game::event::Event;
use crate::game::session::Session;

/// The chess engine playing the opponent's side, seen from the main loop.
pub(super) struct Opponent {
    /// None once it has failed.
    think: Option<mpsc::Sender<engine::Think>>,
    ready: bool,
    side: Color,
    /// The position (FEN) it was last asked about, until it answers.
    asked: Option<String>,
}

impl Opponent {
    /// Starts the engine of the settings, if any (not in study mode).
    pub(super) fn start(config: &Config, tx: &Inputs) -> Option<Opponent> {
        let command = config.opponent.clone().filter(|_| config.study.is_none())?;
        let tx = tx.clone();
        let think = engine::start(command, config.opponent_strength, move |r| tx.send(Input::Engine(r)).is_ok());
        Some(Opponent { think: Some(think), ready: false, side: !config.side, asked: None })
    }

    /// Asks for a move when it is the engine's turn in a game going on, once
    /// per position.
    pub(super) fn ask(&mut self, session: &Session, now: Duration) {
        let Some(think) = &self.think else { return };
        let pos = session.position();
        // It waits while the player's move may still be corrected, and as
        // long after an arbiter's take-back (`Session::settled`).
        if !self.ready || session.ending().is_some() || pos.turn() != self.side || !session.settled(now) {
            return;
        }
        let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        if self.asked.as_ref() == Some(&fen) {
            return;
        }
        let remaining = session.clocks().remaining(self.side, now);
        let (from, moves) = session.since_irreversible();
        if think.send(engine::Think::on_clock(from, moves, remaining)).is_err() {
            self.think = None;
        }
        self.asked = Some(fen);
    }

    /// The engine's answer as the session's events: only for the position
    /// on the board now (a take-back meanwhile makes it stale). With the
    /// player's draw offer standing, the engine answers it first, by its
    /// evaluation (`engine::accepts_draw`): it accepts, or it declines and
    /// plays its move.
    fn answer(&mut self, session: &Session, fen: &str, uci: &str, score: Option<engine::Score>) -> Vec<Event> {
        let pos = session.position();
        if Fen::from_position(pos, EnPassantMode::Legal).to_string() != fen {
            if self.asked.as_deref() == Some(fen) {
                self.asked = None;
            }
            return Vec::new();
        }
        self.asked = None;
        let offered = session.draw_offer() == Some(!self.side);
        if offered && engine::accepts_draw(score) {
            return vec![Event::Command(Command::Accept)];
        }
        let m = uci.parse::<UciMove>().ok().and_then(|m| m.to_move(pos).ok());
        // A move the engine should not have made is said as any illegal one.
        let played = m.map_or_else(|| Event::Line(uci.to_owned()), Event::Played);
        if offered { vec![Event::Command(Command::Decline), played] } else { vec![played] }
    }
}

/// A report of the engine's thread.
pub(super) fn on_report<W: Write>(lp: &mut Loop<'_, W>, report: engine::Report) -> Result<Vec<Event>, DaemonError> {
    let now = wall_clock();
    let daemon = &mut lp.daemon;
    Ok(match (report, lp.opponent.as_mut()) {
        (engine::Report::Ready(name), Some(o)) => {
            o.ready = true;
            let mut args = FluentArgs::new();
            args.set("name", name);
            args.set("strength", u64::from(lp.config.opponent_strength));
            daemon.notice("engine-ready", Some(&args), now)?;
            vec![Event::Tick]
        }
        (engine::Report::Move { fen, uci, score }, Some(o)) => o.answer(daemon.session(), &fen, &uci, score),
        (engine::Report::Failed(why), _) => {
            lp.opponent = None;
            let mut args = FluentArgs::new();
            args.set("why", daemon.session().texts().say(&why));
            daemon.notice("engine-failed", Some(&args), now)?;
            vec![Event::Tick]
        }
        (_, None) => vec![Event::Tick],
    })
}
