//! The DGT board's serial driver, on its own thread: opens the port (9600
//! baud 8N1), asks for the version, the board, the clock, and every field
//! change and clock change, reads the whole board when the [`Watcher`] says
//! it has settled, and reports what it shows (turned round when it stands
//! so) and the clock's believed times ([`ClockWatch`]). A board that goes
//! away (unplugged) is said and looked for again every [`RETRY`].

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};

use shakmaty::Chess;

#[cfg(feature = "serial")]
use crate::braille::serial::port_reason;
use crate::i18n::{Reason, Said};

use super::{ClockNews, ClockTimes, ClockWatch, Decoder, Message, Orientation, Seen, Watcher, command};

/// How often a board that went away is looked for again.
pub const RETRY: Duration = Duration::from_millis(500);
/// How long a board may take to answer when its port is opened.
pub(crate) const IDENTIFY: Duration = Duration::from_secs(2);

/// What the driver's thread reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The board answers (again: `again`), its firmware version.
    Ready {
        /// The firmware version ("1.7"), or "?" when the board sent a
        /// board before its version.
        version: String,
        /// Whether the board had answered before, since the driver began.
        again: bool,
    },
    /// What the settled board shows.
    Seen(Seen),
    /// The board as it stands, with what it shows (every report of `Seen`
    /// comes with it first).
    Board(shakmaty::Board),
    /// The clock's times, believed.
    Clock(ClockTimes),
    /// The clock that gave times is gone: its readings are invalid (no
    /// clock connected, or switched off).
    ClockGone,
    /// The clock gives times again.
    ClockBack,
    /// The board was found turned round (the connector on White's right),
    /// and is read so from now on.
    Turned,
    /// The board went away (why).
    Gone(Said),
    /// The board cannot be opened or does not answer (why); it is looked
    /// for again.
    Missing(Said),
}

/// What the daemon tells the driver.
#[derive(Clone, Debug)]
pub enum Control {
    /// What the board should show now, and the position before the last
    /// move.
    Position {
        /// The game's position now.
        current: Chess,
        /// The position before the last move, if there was one.
        previous: Option<Chess>,
    },
}

/// Starts the driver for the board on `port`, standing as `orientation`
/// says.
pub fn start(port: String, orientation: Orientation, report: impl Fn(Report) -> bool + Send + 'static) -> Sender<Control> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || run(&port, orientation, &rx, &report));
    tx
}

fn run(port: &str, orientation: Orientation, control: &Receiver<Control>, report: &dyn Fn(Report) -> bool) {
    let mut watcher = Watcher::turned_as(Chess::default(), orientation);
    let mut clock = ClockWatch::default();
    let mut answered_once = false;
    let mut missing_said = false;
    let started = Instant::now();
    loop {
        let opened = open(port);
        let mut serial = match opened {
            Ok(s) => s,
            Err(e) => {
                if !missing_said {
                    missing_said = true;
                    if !report(Report::Missing(Said::new("why-dgt-port").data("port", port).with("why", e))) {
                        return;
                    }
                }
                if !wait(control, &mut watcher, RETRY) {
                    return;
                }
                continue;
            }
        };
        match follow(serial.as_mut(), control, &mut watcher, &mut clock, started, answered_once, report) {
            Ended::Quit => return,
            Ended::Silent => {
                if !missing_said {
                    missing_said = true;
                    if !report(Report::Missing(Said::new("why-dgt-silent").data("port", port))) {
                        return;
                    }
                }
            }
            Ended::Gone(why) => {
                answered_once = true;
                missing_said = true;
                if !report(Report::Gone(why)) {
                    return;
                }
            }
        }
        drop(serial);
        if !wait(control, &mut watcher, RETRY) {
            return;
        }
    }
}

/// The board's serial port, as the driver reads and writes it.
trait Port: std::io::Read + std::io::Write {}

impl<T: std::io::Read + std::io::Write + ?Sized> Port for T {}

/// Opens the board's port (9600 baud 8N1); why not, in the player's words.
#[cfg(feature = "serial")]
fn open(port: &str) -> Result<Box<dyn Port>, Said> {
    let serial = serialport::new(port, 9600).timeout(Duration::from_millis(20)).open().map_err(|e| port_reason(&e).said())?;
    Ok(Box::new(serial))
}

/// Without the `serial` feature: says the board's port cannot be opened in
/// this build (reported once, as a board that is not plugged in).
#[cfg(not(feature = "serial"))]
fn open(_port: &str) -> Result<Box<dyn Port>, Said> {
    Err(crate::NotBuiltIn::new("serial").said())
}

/// Waits `time`, keeping up with the daemon's positions; false when the
/// daemon has gone.
fn wait(control: &Receiver<Control>, watcher: &mut Watcher, time: Duration) -> bool {
    let until = Instant::now() + time;
    loop {
        match control.recv_timeout(until.saturating_duration_since(Instant::now())) {
            Ok(Control::Position { current, previous }) => watcher.set_position(current, previous),
            Err(mpsc::RecvTimeoutError::Timeout) => return true,
            Err(mpsc::RecvTimeoutError::Disconnected) => return false,
        }
    }
}

enum Ended {
    Quit,
    /// Never answered.
    Silent,
    Gone(Said),
}

fn follow(
    serial: &mut dyn Port,
    control: &Receiver<Control>,
    watcher: &mut Watcher,
    clock: &mut ClockWatch,
    started: Instant,
    again: bool,
    report: &dyn Fn(Report) -> bool,
) -> Ended {
    let send = |serial: &mut dyn Port, bytes: &[u8]| serial.write_all(bytes).and_then(|_| serial.flush());
    let hello = [command::SEND_VERSION, command::SEND_BOARD, command::SEND_CLOCK, command::SEND_UPDATE_NICE];
    if let Err(e) = send(serial, &hello) {
        return Ended::Gone(Said::new("why-dgt-lost").with("why", e.said()));
    }
    watcher.forget();
    let opened = Instant::now();
    let mut decoder = Decoder::new();
    let mut ready = false;
    let mut buf = [0u8; 256];
    loop {
        let now = started.elapsed();
        loop {
            match control.try_recv() {
                Ok(Control::Position { current, previous }) => {
                    watcher.set_position(current, previous);
                    if ready && send(serial, &[command::SEND_BOARD]).is_err() {
                        return Ended::Gone(Said::new("why-dgt-stopped"));
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Ended::Quit,
            }
        }
        if watcher.due(now) && send(serial, &[command::SEND_BOARD]).is_err() {
            return Ended::Gone(Said::new("why-dgt-stopped"));
        }
        match serial.read(&mut buf) {
            // A quiet board times out; the end of the input is a port gone.
            Ok(0) => return if ready { Ended::Gone(Said::new("why-dgt-closed")) } else { Ended::Silent },
            Ok(n) => {
                for m in decoder.feed(&buf[..n]) {
                    let now = started.elapsed();
                    let out = match m {
                        Message::Version(major, minor) if !ready => {
                            ready = true;
                            vec![Report::Ready { version: format!("{major}.{minor}"), again }]
                        }
                        Message::Board(board) => {
                            let mut out = Vec::new();
                            if !ready {
                                ready = true;
                                out.push(Report::Ready { version: "?".into(), again });
                            }
                            if let Some((board, seen)) = watcher.board(now, &board) {
                                if watcher.take_turned() {
                                    out.push(Report::Turned);
                                }
                                out.push(Report::Board(board));
                                out.push(Report::Seen(seen));
                            }
                            out
                        }
                        Message::Field { .. } => {
                            watcher.changed(now);
                            Vec::new()
                        }
                        Message::Clock(t) => clock.reading(Some(t)).into_iter().map(news).collect(),
                        Message::NoClock => clock.reading(None).into_iter().map(news).collect(),
                        _ => Vec::new(),
                    };
                    for r in out {
                        if !report(r) {
                            return Ended::Quit;
                        }
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => return if ready { Ended::Gone(Said::new("why-dgt-lost").with("why", e.said())) } else { Ended::Silent },
        }
        if !ready && opened.elapsed() > IDENTIFY {
            return Ended::Silent;
        }
    }
}

fn news(n: ClockNews) -> Report {
    match n {
        ClockNews::Times(t) => Report::Clock(t),
        ClockNews::Gone => Report::ClockGone,
        ClockNews::Back => Report::ClockBack,
    }
}
