//! The DGT board and clock on the opponent's side: its thread's reports
//! turned into the session's events, and the game sent back to it.

use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position};

use super::{DaemonError, Input, Inputs, Loop, wall_clock};
use crate::assistant::dgt;
use crate::daemon::config::Config;
use crate::game::command::{Command, Parsed, Words};
use crate::game::event::Event;
use crate::game::session::Session;

/// The DGT board on the opponent's side, seen from the main loop.
pub(super) struct EBoard {
    control: mpsc::Sender<dgt::driver::Control>,
    /// The position last sent (its FEN), so that each is sent once.
    sent: String,
    /// The board as last read.
    board: Option<shakmaty::Board>,
    /// The DGT clock's latest times, and when they came; `None` while it
    /// is gone.
    clock: Option<(dgt::ClockTimes, std::time::Instant)>,
    /// Which display is White's: set, or learnt from the clock.
    sides: dgt::ClockSides,
}

impl EBoard {
    pub(super) fn start(config: &Config, tx: &Inputs) -> Option<EBoard> {
        let port = config.dgt.clone()?;
        let tx = tx.clone();
        let control = dgt::driver::start(port, config.dgt_orientation, move |r| tx.send(Input::Dgt(r)).is_ok());
        Some(EBoard { control, sent: String::new(), board: None, clock: None, sides: dgt::ClockSides::new(config.dgt_clock_white) })
    }

    /// Tells the board's thread what the tournament board should show now
    /// (and the position before, for take-backs), when that changed.
    pub(super) fn follow(&mut self, session: &Session) {
        let current = session.tournament_position();
        let fen = Fen::from_position(&current, EnPassantMode::Legal).to_string();
        if fen == self.sent {
            return;
        }
        self.sent = fen;
        let record = session.record();
        let on_board = if current.board() == session.position().board() { record.moves.len() } else { record.moves.len().saturating_sub(1) };
        let previous = on_board.checked_sub(1).map(|n| record.position_after(n));
        let _ = self.control.send(dgt::driver::Control::Position { current, previous });
    }

    /// New times from the clock, with the side to move now.
    fn clock(&mut self, t: dgt::ClockTimes, turn: Color) {
        self.sides.reading(t, turn);
        self.clock = Some((t, std::time::Instant::now()));
    }

    /// The clock's times, White's then Black's, when they are fresh and it
    /// is known which display is White's.
    fn times(&self) -> Option<(Duration, Duration)> {
        let (t, at) = self.clock?;
        let white = self.sides.white()?;
        if at.elapsed() > Duration::from_secs(10) {
            return None;
        }
        Some((t.shows(white), t.shows(white.other())))
    }

    /// The clock's times as the session's `set` command.
    pub(super) fn set_clocks(&self) -> Option<Command> {
        let (white, black) = self.times()?;
        Some(Command::Set { white: Some(white), black: Some(black) })
    }

    /// What the settled board means to the session.
    fn event(&self, session: &Session, seen: dgt::Seen, player: Color) -> Option<Event> {
        match seen {
            dgt::Seen::Move(m) => {
                let tournament = session.tournament_position();
                if tournament.board() != session.position().board() {
                    // The player's move pending there: the session marks it
                    // done when this is it, or says how to fix the board.
                    let mut after = tournament;
                    after.play_unchecked(m);
                    Some(Event::BoardSeen(after.board().clone()))
                } else if session.position().turn() != player {
                    Some(Event::Played(m))
                } else {
                    // The player's move, made before the player said it:
                    // the player's word records it.
                    None
                }
            }
            // A piece put back stays touched until the next move (the
            // session forgets it then): the arbiter may still ask.
            dgt::Seen::InPlace => None,
            dgt::Seen::Lifted(sq, piece) => Some(Event::Touched(Some((sq, piece)))),
            dgt::Seen::TakeBack | dgt::Seen::Mismatch(_) => self.board.clone().map(Event::BoardSeen),
        }
    }
}

/// A report of the board's thread.
pub(super) fn on_report<W: Write>(lp: &mut Loop<'_, W>, report: dgt::driver::Report) -> Result<Vec<Event>, DaemonError> {
    let now = wall_clock();
    let player = lp.player;
    let daemon = &mut lp.daemon;
    Ok(match (report, lp.eboard.as_mut()) {
        (dgt::driver::Report::Ready { again, .. }, Some(e)) => {
            // Read the board afresh against the game.
            e.sent.clear();
            daemon.notice(if again { "dgt-back" } else { "dgt-ready" }, None, now)?;
            // It sees pieces lifted: `touched` can tell.
            vec![Event::Sensor(true)]
        }
        (dgt::driver::Report::Board(b), Some(e)) => {
            e.board = Some(b);
            vec![Event::Tick]
        }
        (dgt::driver::Report::Seen(seen), Some(e)) => e.event(daemon.session(), seen, player).into_iter().collect(),
        (dgt::driver::Report::Clock(t), Some(e)) => {
            e.clock(t, daemon.session().position().turn());
            // Fresh times feed every readout (braille, the page, warnings);
            // the session sets a clock that is off.
            match e.times() {
                Some((white, black)) => vec![Event::ClockShows { white, black }],
                None => vec![Event::Tick],
            }
        }
        (dgt::driver::Report::ClockGone, Some(e)) => {
            // Its last times are not the clock's any more.
            e.clock = None;
            daemon.notice("dgt-clock-gone", None, now)?;
            vec![Event::Tick]
        }
        (dgt::driver::Report::ClockBack, Some(_)) => {
            daemon.notice("dgt-clock-back", None, now)?;
            vec![Event::Tick]
        }
        (dgt::driver::Report::Turned, Some(_)) => {
            daemon.notice("dgt-turned", None, now)?;
            vec![Event::Tick]
        }
        (dgt::driver::Report::Gone(why), Some(_)) => {
            daemon.notice_why("dgt-gone", &why, now)?;
            vec![Event::Sensor(false)]
        }
        (dgt::driver::Report::Missing(why), Some(_)) => {
            daemon.notice_why("dgt-missing", &why, now)?;
            vec![Event::Tick]
        }
        _ => vec![Event::Tick],
    })
}

/// With a DGT clock, a request for the clock in mirror mode is answered
/// from it: its times are set on the game's clocks first.
pub(super) fn clock_from_board<W: Write>(lp: &Loop<'_, W>, events: &mut [Event], words: &Words) {
    let Some(set) = lp.eboard.as_ref().and_then(EBoard::set_clocks) else { return };
    if !lp.daemon.session().setup().mirror {
        return;
    }
    for e in events.iter_mut() {
        let asks_clock = match e {
            Event::Command(Command::Clock) => true,
            Event::Said { command, .. } => *command == Command::Clock,
            Event::Line(l) => words.parse(l) == Parsed::Command(Command::Clock),
            _ => false,
        };
        if asks_clock {
            *e = Event::Command(set.clone());
        }
    }
}
