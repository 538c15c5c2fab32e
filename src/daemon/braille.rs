//! Braille: the daemon's side of the braille front (the game, the sentence
//! said and the clocks shown; the display's keys turned into events) and
//! the reports of the display's thread.

use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

use fluent_bundle::FluentArgs;
use shakmaty::Position;

use super::{Daemon, DaemonError, DrawWith, Input, Inputs, Loop, wall_clock};
use crate::i18n::{Reason, Said};
use crate::braille::display::{Action, HoldToTalk};
use crate::braille::keys::TalkEdge;
use crate::braille::driver::{self, Choice as BrailleChoice, Report};
use crate::braille::brlapi::TableChess;
use crate::braille::front::{Front, Request};
use crate::braille::terminal::Terminal;
use crate::braille::{BoardStyle, Cell, Table};
use crate::daemon::config::Config;
use crate::game::command::Command;
use crate::game::event::Event;
use crate::notation::Lang;

/// Where the braille front's cells go.
pub(crate) enum BrailleOut {
    /// Unicode braille lines (`braille: `) among the daemon's output.
    Terminal(Terminal),
    /// A display's thread.
    Device(mpsc::Sender<Vec<Cell>>),
}

pub(super) struct BrailleSide {
    pub(super) front: Front,
    pub(super) out: BrailleOut,
}

impl<W: Write> Daemon<W> {
    /// Braille is shown through `out`, on a display of `width` cells: the
    /// game as it stands is shown at once.
    pub(crate) fn show_braille(&mut self, out: BrailleOut, width: usize, now: Duration) -> Result<(), DaemonError> {
        match self.braille.as_mut() {
            Some(side) => {
                side.out = out;
                side.front.set_width(width);
            }
            None => {
                let Ok(table) = Table::get(self.lang) else { return Ok(()) };
                let front = Front::new(table, self.braille_style, self.session.setup().side.into(), width);
                self.braille = Some(BrailleSide { front, out });
                self.refresh_braille(false, now)?;
            }
        }
        self.push_braille()
    }

    /// The game (or the sentence just said) onto the braille front.
    pub(super) fn refresh_braille(&mut self, said: bool, now: Duration) -> Result<(), DaemonError> {
        let Some(side) = self.braille.as_mut() else { return Ok(()) };
        let changed = side.front.game(self.session.record(), self.session.position().clone());
        if said && !changed && !self.last_said.is_empty() {
            side.front.say(prose_words(self.lang, &self.last_said));
        }
        let clocks = self.session.clocks();
        side.front.clocks(clocks.remaining(shakmaty::Color::White, now), clocks.remaining(shakmaty::Color::Black, now));
        self.push_braille()
    }

    /// Sends the front's cells out (the terminal prints only a change; the
    /// display's thread writes only a change, except after reconnecting).
    pub(super) fn push_braille(&mut self) -> Result<(), DaemonError> {
        let Some(side) = self.braille.as_mut() else { return Ok(()) };
        let cells = side.front.cells();
        match &mut side.out {
            BrailleOut::Terminal(t) => {
                if let Some(line) = t.show(&cells) {
                    writeln!(self.out, "{line}")?;
                    self.out.flush()?;
                }
            }
            BrailleOut::Device(tx) => {
                let _ = tx.send(cells);
            }
        }
        Ok(())
    }

    /// The clocks on the braille display follow time (call on every tick).
    pub(crate) fn braille_tick(&mut self, now: Duration) -> Result<(), DaemonError> {
        let Some(side) = self.braille.as_mut() else { return Ok(()) };
        side.front.tick(now);
        let clocks = self.session.clocks();
        side.front.clocks(clocks.remaining(shakmaty::Color::White, now), clocks.remaining(shakmaty::Color::Black, now));
        self.push_braille()
    }

    /// A key of the braille display; `false` when the player asked to quit.
    pub(crate) fn braille_action(&mut self, action: Action, now: Duration) -> Result<bool, DaemonError> {
        let Some(side) = self.braille.as_mut() else { return Ok(true) };
        let request = side.front.act(action);
        self.push_braille()?;
        match request {
            None => Ok(true),
            Some(Request::Square(sq)) => self.event(now, Event::Command(Command::Square(sq))),
            Some(Request::Clock) => self.event(now, Event::Command(Command::Clock)),
            Some(Request::Ply(ply)) => self.event(now, Event::Command(Command::Ply(ply))),
            Some(Request::Move { uci, draw }) => {
                // The offer goes with the move only once the move is
                // recorded (at once, or after its confirmation): a move
                // refused or not confirmed leaves no offer.
                self.draw_with = draw.then(|| DrawWith {
                    side: self.session.position().turn(),
                    uci: uci.clone(),
                    plies: self.session.record().moves.len(),
                });
                self.event(now, Event::Line(uci))
            }
            Some(Request::Line(text)) => self.event(now, Event::Line(text)),
            Some(Request::Unreadable(_)) => {
                self.notice("braille-unreadable", None, now)?;
                Ok(true)
            }
            Some(Request::Ambiguous(_)) => {
                self.notice("braille-ambiguous", None, now)?;
                Ok(true)
            }
        }
    }

}

impl<W: Write> Daemon<W> {
    /// Says once which letters BRLTTY's text table `table` gives the chess
    /// pieces, and the board's, when the language's board letters can be
    /// BRLTTY's (`braille-board-letters`); nothing when the table's file
    /// cannot be read.
    pub(super) fn brltty_table_chess(&mut self, table: &str, now: Duration) -> Result<(), DaemonError> {
        if !Table::get(self.lang).is_ok_and(|t| t.has_brltty_pieces()) {
            return Ok(());
        }
        let Some(chess) = crate::braille::brlapi::table_chess(table) else { return Ok(()) };
        let mut args = FluentArgs::new();
        args.set("table", table.to_owned());
        let (uses, other) = match chess {
            TableChess::English => ("english", String::new()),
            TableChess::Other(lang) => ("other", lang),
            TableChess::None => ("none", String::new()),
        };
        args.set("uses", uses);
        args.set("other", other);
        args.set("board", self.braille_style.letters.word());
        self.braille_news("braille-table-chess", Some(&args), now)
    }
}

/// The braille board of the settings: `braille-dots`' colour marks and the
/// `braille-light`/`braille-dark` squares when set, unless they make two
/// kinds of square alike with `lang`'s letters: then the shipped squares,
/// and why (in words).
pub(crate) fn braille_style(config: &Config, lang: Lang) -> (BoardStyle, Option<Said>) {
    let shipped = BoardStyle::shipped(config.braille_dots)
        .unwrap_or_else(|_| {
            BoardStyle::shipped(crate::braille::Dots::Eight).expect("the shipped 8-dot board style loads")
        })
        .with_letters(config.braille_board_letters);
    if config.braille_light.is_none() && config.braille_dark.is_none() {
        return (shipped, None);
    }
    let style = shipped
        .with_empty(config.braille_light.unwrap_or(shipped.light), config.braille_dark.unwrap_or(shipped.dark));
    match Table::get(lang).map(|t| style.check(t)) {
        Ok(Err(e)) => (shipped, Some(e.said())),
        _ => (style, None),
    }
}

/// A sentence in braille, word by word: through liblouis in the player's
/// language, or letter by letter when liblouis cannot (never a blank
/// display).
pub(super) fn prose_words(lang: Lang, text: &str) -> Vec<(Vec<Cell>, String)> {
    crate::braille::louis::words(lang, text).unwrap_or_else(|_| crate::braille::louis::fallback(text))
}

/// The width of the terminal's braille line.
pub(super) const TERMINAL_CELLS: usize = 40;

/// The BrlAPI server BrlAPI clients use when none is named: `BRLAPI_HOST`
/// (as BRLTTY writes an address), else the local default.
fn brlapi_host() -> Option<String> {
    std::env::var("BRLAPI_HOST").ok().filter(|h| !h.trim().is_empty())
}

/// Starts braille as the settings say; the display's thread reports on `tx`.
/// `talk_key` names the key a serial display's player holds down to talk
/// (push to talk), when talking is push to talk.
pub(super) fn start_braille(choice: &BrailleChoice, port: Option<&str>, talk_key: Option<&str>, tx: Inputs) -> Option<mpsc::Sender<Vec<Cell>>> {
    let talk_key = talk_key.map(str::to_owned);
    let (openers, fallback) = match choice {
        BrailleChoice::None | BrailleChoice::Terminal => return None,
        BrailleChoice::Auto => {
            // BrlAPI first: a port BRLTTY holds is never opened.
            let mut openers = vec![driver::brlapi_opener(brlapi_host())];
            if let Some(Ok(BrailleChoice::Serial { port, protocol })) = port.map(driver::serial_port) {
                openers.push(driver::serial_opener(port, protocol, talk_key));
            }
            (openers, true)
        }
        BrailleChoice::Brlapi(addr) => (vec![driver::brlapi_opener(addr.clone().or_else(brlapi_host))], false),
        BrailleChoice::Serial { port, protocol } => (vec![driver::serial_opener(port.clone(), *protocol, talk_key)], false),
    };
    Some(driver::start(openers, fallback, move |r| tx.send(Input::Braille(r)).is_ok()))
}

/// A report of the display's thread.
pub(super) fn on_report<W: Write>(lp: &mut Loop<'_, W>, report: Report) -> Result<Vec<Event>, DaemonError> {
    let now = wall_clock();
    let daemon = &mut lp.daemon;
    match report {
        Report::Ready { name, cells, again, text_table, hold } => {
            if let Some(tx) = &lp.display {
                daemon.show_braille(BrailleOut::Device(tx.clone()), cells, now)?;
            }
            let mut args = FluentArgs::new();
            args.set("name", name.clone());
            args.set("cells", cells as u64);
            daemon.braille_news(if again { "braille-back" } else { "braille-ready" }, Some(&args), now)?;
            if !again && let Some(table) = text_table {
                daemon.brltty_table_chess(&table, now)?;
            }
            // Push to talk on a display whose talk key cannot be held: said
            // once; a press of dot 8 alone hears one utterance.
            if !again && lp.listen.talk == crate::hearing::ear::Talk::Push {
                let mut args = FluentArgs::new();
                args.set("name", name);
                match hold {
                    HoldToTalk::NoReleases => daemon.braille_news("braille-talk-no-release", Some(&args), now)?,
                    HoldToTalk::NoKey(key) => {
                        args.set("key", key);
                        daemon.braille_news("braille-talk-no-key", Some(&args), now)?;
                    }
                    HoldToTalk::Yes | HoldToTalk::Off => {}
                }
            }
        }
        Report::Actions(actions) => {
            // The talk key's own action after its release, dropped when the
            // press was taken for talking.
            let mut skip = false;
            for a in actions {
                if std::mem::take(&mut skip) {
                    continue;
                }
                if let Action::Talk(edge) = a {
                    let moment = || daemon.session().moment(wall_clock());
                    match (edge, lp.ear.as_mut()) {
                        // Dot 8 with cells typed enters them: not talking.
                        (TalkEdge::Down, Some(e)) if !daemon.braille.as_ref().is_some_and(|b| b.front.typing()) => {
                            e.talk(true, moment());
                        }
                        (TalkEdge::Up { then }, Some(e)) if e.talk_held() => {
                            e.talk(false, moment());
                            skip = then;
                        }
                        (TalkEdge::Chord, Some(e)) => e.talk_cancelled(),
                        _ => {}
                    }
                    continue;
                }
                // Push to talk: dot 8 alone (enter) with nothing typed opens
                // the ear for one utterance, as Enter on the keyboard does.
                let typing = daemon.braille.as_ref().is_some_and(|b| b.front.typing());
                if a == Action::Enter
                    && !typing
                    && let Some(e) = lp.ear.as_ref()
                    && e.talk_mode() == crate::hearing::ear::Talk::Push
                {
                    e.listen_once();
                    continue;
                }
                if !daemon.braille_action(a, wall_clock())? {
                    break;
                }
            }
        }
        Report::Gone(name) => {
            let mut args = FluentArgs::new();
            args.set("name", name);
            daemon.notice("braille-gone", Some(&args), now)?;
        }
        Report::Missing(why) => {
            let mut args = FluentArgs::new();
            args.set("why", daemon.session().texts().say(&why));
            daemon.notice("braille-missing", Some(&args), now)?;
        }
        Report::UseTerminal { why, held } => {
            daemon.show_braille(BrailleOut::Terminal(Terminal::default()), TERMINAL_CELLS, now)?;
            if held {
                daemon.notice_why("braille-held", &why, now)?;
            }
        }
    }
    Ok(vec![Event::Tick])
}
