//! Choosing, opening and keeping a braille display during a game.
//!
//! A display lives on its own thread ([`start`]): it shows the newest cells
//! the daemon sends, reports the player's key actions, and when it goes away
//! (unplugged, BRLTTY stopped) it is reopened every [`RETRY`] until it
//! answers again, so a display plugged back in is used within two seconds.
//! The daemon is told each change as a [`Report`] and says it.
//!
//! Invariants:
//! - a display is never written by two threads: only this thread holds it;
//! - only the newest cells are written; a line already shown is not
//!   written again (except after a reconnection, to restore the view);
//! - with `auto`, BrlAPI comes first: when BRLTTY holds the display, tiflo
//!   shares it and never opens the serial port itself. A BRLTTY that is
//!   there but cannot be shared (its key file unreadable, no display, a
//!   refusal) also ends the search: tiflo says why and uses the terminal,
//!   never the port ([`Failure::held`]); one that did not answer in time
//!   or closed the connection may be busy or starting: that is said once
//!   and it is looked for again ([`Failure::passing`]);
//! - a display that went away is reopened only through the opener that
//!   opened it: with `auto`, once BRLTTY has shared the display, tiflo never
//!   tries the serial port, even while BRLTTY restarts.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use super::Cell;
use super::display::{Action, Display, HoldToTalk};
use super::serial::{Protocol, SerialBraille, SerialDisplay};
use crate::i18n::{Reason, Said};

/// How often a display that went away is looked for again.
pub const RETRY: Duration = Duration::from_millis(500);
/// How long a display may take to answer when it is opened.
pub(crate) const IDENTIFY: Duration = Duration::from_millis(1200);

/// Where braille goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// BrlAPI, then the configured serial port, then the terminal.
    Auto,
    /// Through a running BRLTTY (its BrlAPI address; `None`: the default).
    Brlapi(Option<String>),
    /// A display on a serial port.
    Serial {
        /// The serial port's device path.
        port: String,
        /// The protocol the display speaks.
        protocol: Protocol,
    },
    /// Unicode braille lines on standard output.
    Terminal,
    /// No braille.
    None,
}

/// Why a braille choice could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ChoiceError {
    /// Not one of the known choices.
    #[error("unknown braille output `{0}` (auto, brlapi[:ADDR], serial:PORT[,protocol=baum|handytech], terminal or none)")]
    Unknown(String),
    /// `serial:` without a port.
    #[error("`{0}`: serial needs a port, such as serial:/dev/ttyUSB0")]
    NoPort(String),
    /// An option or protocol after the port that is not known.
    #[error("`{0}`: the protocol is baum or handytech")]
    Protocol(String),
}

impl std::str::FromStr for Choice {
    type Err = ChoiceError;
    fn from_str(s: &str) -> Result<Choice, ChoiceError> {
        match s {
            "auto" => return Ok(Choice::Auto),
            "brlapi" => return Ok(Choice::Brlapi(None)),
            "terminal" => return Ok(Choice::Terminal),
            "none" => return Ok(Choice::None),
            _ => {}
        }
        if let Some(addr) = s.strip_prefix("brlapi:") {
            return Ok(Choice::Brlapi((!addr.is_empty()).then(|| addr.to_owned())));
        }
        if let Some(rest) = s.strip_prefix("serial:") {
            return serial_port(rest).map_err(|e| match e {
                ChoiceError::NoPort(_) => ChoiceError::NoPort(s.to_owned()),
                other => other,
            });
        }
        Err(ChoiceError::Unknown(s.to_owned()))
    }
}

/// `PORT[,protocol=baum|handytech]` (Baum when no protocol is named).
pub(crate) fn serial_port(text: &str) -> Result<Choice, ChoiceError> {
    let mut parts = text.split(',');
    let port = parts.next().unwrap_or("").trim();
    if port.is_empty() {
        return Err(ChoiceError::NoPort(text.to_owned()));
    }
    let mut protocol = Protocol::Baum;
    for option in parts {
        match option.trim().strip_prefix("protocol=") {
            Some(p) => protocol = p.parse().map_err(|_| ChoiceError::Protocol(p.to_owned()))?,
            None => return Err(ChoiceError::Protocol(option.to_owned())),
        }
    }
    Ok(Choice::Serial { port: port.to_owned(), protocol })
}

/// What the display thread tells the daemon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A display is ready (again): its name and cells. The daemon sends
    /// the view, which restores it after a reconnection.
    Ready {
        /// The display's name.
        name: String,
        /// How many text cells it has.
        cells: usize,
        /// Whether it was opened again after it went away.
        again: bool,
        /// The text table of the BRLTTY that shares it, when known.
        text_table: Option<String>,
        /// Whether its talk key can be held down (push to talk).
        hold: HoldToTalk,
    },
    /// The player pressed keys.
    Actions(Vec<Action>),
    /// The display went away; it is looked for every [`RETRY`].
    Gone(String),
    /// The display asked for cannot be opened (why); it is looked for
    /// again.
    Missing(Said),
    /// Nothing to open with `auto`: the daemon shows braille on the
    /// terminal. `held` when a BRLTTY holds the display but could not be
    /// shared: `why` says why, and the daemon says it.
    UseTerminal {
        /// Why no display could be used.
        why: Said,
        /// Whether a BRLTTY holds a display that could not be shared.
        held: bool,
    },
}

/// Why an opener opened no display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Why, to be said in the player's language.
    pub why: Said,
    /// A BRLTTY is there (it answered, even to refuse): the display is
    /// its, so no opener after this one is tried.
    pub held: bool,
    /// It may pass: a BRLTTY that did not answer in time or closed the
    /// connection (busy, or starting as tiflo starts). With `auto` the
    /// display is then looked for again, not given up for the terminal.
    pub passing: bool,
}

impl Failure {
    /// A failure where nothing holds the display.
    pub fn missing(why: Said) -> Failure {
        Failure { why, held: false, passing: false }
    }
}

/// Opens a display: the way to reach one, given to [`start`].
pub(crate) type Opener = Box<dyn Fn() -> Result<Box<dyn Display>, Failure> + Send>;

/// An opener for a serial display; `talk_key` names the key held down to
/// talk (push to talk), when one is.
pub(crate) fn serial_opener(port: String, protocol: Protocol, talk_key: Option<String>) -> Opener {
    Box::new(move || {
        SerialDisplay::open(&port, protocol, IDENTIFY)
            .map(|d| {
                let braille = SerialBraille::new(d);
                let braille = match &talk_key {
                    Some(name) => braille.with_talk_key(name),
                    None => braille,
                };
                Box::new(braille) as Box<dyn Display>
            })
            .map_err(|e| Failure::missing(e.said()))
    })
}

/// An opener for a display shared with BRLTTY through BrlAPI (`None`: the
/// default local server). The key file is the one `BRLAPI_AUTH` names, as
/// for every BrlAPI client (libbrlapi reads it as `BRLAPI_HOST`), else
/// BrlAPI's default.
pub(crate) fn brlapi_opener(addr: Option<String>) -> Opener {
    let key = std::env::var("BRLAPI_AUTH")
        .ok()
        .filter(|a| !a.trim().is_empty())
        .map(|a| super::brlapi::key_file_of_auth(a.trim()));
    Box::new(move || {
        super::brlapi::BrlapiDisplay::connect(addr.as_deref().unwrap_or(""), key.as_deref(), IDENTIFY)
            .map(|d| Box::new(d) as Box<dyn Display>)
            .map_err(|e| Failure {
                why: e.said(),
                held: e.brltty_is_there(),
                passing: matches!(e, super::brlapi::BrlapiError::Timeout(_) | super::brlapi::BrlapiError::Closed),
            })
    })
}

/// Runs a display on its own thread. `openers` are tried in order; with
/// `fallback` set, when none opens at the start the thread reports
/// [`Report::UseTerminal`] and ends (unless the failure may pass,
/// [`Failure::passing`]); otherwise it keeps looking. Cells sent
/// on the returned channel are shown; `report` returning false ends the
/// thread.
pub fn start(openers: Vec<Opener>, fallback: bool, report: impl Fn(Report) -> bool + Send + 'static) -> Sender<Vec<Cell>> {
    let (tx, rx) = mpsc::channel::<Vec<Cell>>();
    std::thread::spawn(move || run(openers, fallback, rx, report));
    tx
}

/// The first display the openers open, in order, with the opener's index.
/// A failure that says a BRLTTY holds the display ends the search there:
/// the openers after it (a serial port) are not tried, and the failure
/// comes with that opener's index.
fn open_any(openers: &[Opener]) -> Result<(usize, Box<dyn Display>), (Option<usize>, Failure)> {
    let mut why: Option<Said> = None;
    for (i, open) in openers.iter().enumerate() {
        match open() {
            Ok(d) => return Ok((i, d)),
            Err(f) if f.held => return Err((Some(i), f)),
            Err(f) => why = Some(match why.take() { Some(w) => w.and(f.why), None => f.why }),
        }
    }
    Err((None, Failure::missing(why.unwrap_or_else(|| Said::new("why-braille-none")))))
}

fn run(openers: Vec<Opener>, fallback: bool, cells: Receiver<Vec<Cell>>, report: impl Fn(Report) -> bool) {
    let mut newest: Option<Vec<Cell>> = None;
    let mut again = false;
    let mut missing_said = false;
    // The opener that opened the display: a display that went away is
    // reopened only through it. With `auto`, once BRLTTY has shared the
    // display, BrlAPI unreachable for a moment (BRLTTY restarting) must not
    // send tiflo to the serial port BRLTTY holds.
    let mut through: Option<usize> = None;
    loop {
        let (first, tried) = match through {
            Some(i) => (i, &openers[i..=i]),
            None => (0, &openers[..]),
        };
        let mut display = match open_any(tried) {
            Ok((i, d)) => {
                through.get_or_insert(first + i);
                d
            }
            Err((at, Failure { why, held, passing })) => {
                // A BRLTTY that may be busy: it alone is looked for from
                // then on (its serial port is its), and tiflo never falls
                // back to the terminal after saying it keeps looking.
                if passing && let Some(i) = at {
                    through.get_or_insert(first + i);
                }
                if fallback && through.is_none() {
                    report(Report::UseTerminal { why, held });
                    return;
                }
                if !missing_said {
                    missing_said = true;
                    if !again && !report(Report::Missing(why)) {
                        return;
                    }
                }
                // Wait, keeping the newest cells for when it comes back.
                match wait_cells(&cells, RETRY, &mut newest) {
                    Ok(()) => continue,
                    Err(()) => return,
                }
            }
        };
        missing_said = false;
        let ready = Report::Ready {
            name: display.name(),
            cells: display.cells(),
            again,
            text_table: display.text_table(),
            hold: display.hold_to_talk(),
        };
        if !report(ready) {
            return;
        }
        let mut shown: Option<Vec<Cell>> = None;
        loop {
            if wait_cells(&cells, Duration::ZERO, &mut newest).is_err() {
                return;
            }
            let gone = match newest.as_ref().filter(|c| shown.as_ref() != Some(*c)) {
                Some(c) => match display.show(c) {
                    Ok(()) => {
                        shown = newest.clone();
                        false
                    }
                    Err(_) => true,
                },
                None => false,
            };
            let gone = gone
                || match display.poll(Duration::from_millis(30)) {
                    Ok(actions) => {
                        if !actions.is_empty() && !report(Report::Actions(actions)) {
                            return;
                        }
                        false
                    }
                    Err(_) => true,
                };
            if gone {
                again = true;
                if !report(Report::Gone(display.name())) {
                    return;
                }
                break;
            }
        }
    }
}

/// Waits `wait` (the daemon sends cells on every tick: they do not cut the
/// wait short), taking the newest cells sent; `Err` when the daemon is gone.
fn wait_cells(rx: &Receiver<Vec<Cell>>, wait: Duration, newest: &mut Option<Vec<Cell>>) -> Result<(), ()> {
    let until = std::time::Instant::now() + wait;
    loop {
        let left = until.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            break;
        }
        match rx.recv_timeout(left) {
            Ok(c) => *newest = Some(c),
            Err(RecvTimeoutError::Timeout) => break,
            Err(RecvTimeoutError::Disconnected) => return Err(()),
        }
    }
    loop {
        match rx.try_recv() {
            Ok(c) => *newest = Some(c),
            Err(mpsc::TryRecvError::Empty) => return Ok(()),
            Err(mpsc::TryRecvError::Disconnected) => return Err(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reason for the tests, quoted as it is.
    fn gone(what: &str) -> Said {
        Said::new("why-os-other").data("detail", what)
    }

    #[test]
    fn choices_read_like_the_command_line() {
        assert_eq!("auto".parse(), Ok(Choice::Auto));
        assert_eq!("brlapi".parse(), Ok(Choice::Brlapi(None)));
        assert_eq!("brlapi:127.0.0.1:4102".parse(), Ok(Choice::Brlapi(Some("127.0.0.1:4102".into()))));
        assert_eq!(
            "serial:/dev/ttyUSB0".parse(),
            Ok(Choice::Serial { port: "/dev/ttyUSB0".into(), protocol: Protocol::Baum })
        );
        assert_eq!(
            "serial:/dev/ttyS1,protocol=handytech".parse(),
            Ok(Choice::Serial { port: "/dev/ttyS1".into(), protocol: Protocol::HandyTech })
        );
        assert_eq!("serial:".parse::<Choice>(), Err(ChoiceError::NoPort("serial:".into())));
        assert!(matches!("serial:/dev/x,protocol=focus".parse::<Choice>(), Err(ChoiceError::Protocol(_))));
        assert!(matches!("usb".parse::<Choice>(), Err(ChoiceError::Unknown(_))));
        assert_eq!("none".parse(), Ok(Choice::None));
        assert_eq!("terminal".parse(), Ok(Choice::Terminal));
    }

    /// A display in memory: shows into a channel, fails when told.
    struct Memory {
        shown: Sender<Vec<Cell>>,
        fail: std::sync::Arc<std::sync::atomic::AtomicBool>,
    }

    impl Display for Memory {
        fn name(&self) -> String {
            "memory".into()
        }
        fn cells(&self) -> usize {
            20
        }
        fn show(&mut self, cells: &[Cell]) -> Result<(), super::super::display::DisplayError> {
            let _ = self.shown.send(cells.to_vec());
            Ok(())
        }
        fn poll(&mut self, wait: Duration) -> Result<Vec<Action>, super::super::display::DisplayError> {
            std::thread::sleep(wait);
            if self.fail.load(std::sync::atomic::Ordering::SeqCst) {
                return Err(super::super::display::DisplayError::Gone("memory".into()));
            }
            Ok(Vec::new())
        }
    }

    #[test]
    fn a_display_that_goes_away_is_reopened_and_shown_the_newest_cells_again() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let (shown_tx, shown) = mpsc::channel();
        let fail = Arc::new(AtomicBool::new(false));
        let opened = Arc::new(AtomicUsize::new(0));
        let (f, o) = (fail.clone(), opened.clone());
        let opener: Opener = Box::new(move || {
            // The second opening fails once: the display is still unplugged.
            let n = o.fetch_add(1, Ordering::SeqCst);
            if n == 1 {
                return Err(Failure::missing(gone("not there")));
            }
            f.store(false, Ordering::SeqCst);
            Ok(Box::new(Memory { shown: shown_tx.clone(), fail: f.clone() }) as Box<dyn Display>)
        });
        let (reports_tx, reports) = mpsc::channel();
        let cells = start(vec![opener], false, move |r| reports_tx.send(r).is_ok());
        let wait = Duration::from_secs(5);
        assert_eq!(reports.recv_timeout(wait).unwrap(), Report::Ready { name: "memory".into(), cells: 20, again: false, text_table: None, hold: HoldToTalk::NoReleases });
        cells.send(vec![1, 2, 3]).unwrap();
        assert_eq!(shown.recv_timeout(wait).unwrap(), vec![1, 2, 3]);
        cells.send(vec![1, 2, 3]).unwrap();
        cells.send(vec![4]).unwrap();
        assert_eq!(shown.recv_timeout(wait).unwrap(), vec![4], "a line already shown is not written again");
        fail.store(true, Ordering::SeqCst);
        assert_eq!(reports.recv_timeout(wait).unwrap(), Report::Gone("memory".into()));
        cells.send(vec![5]).unwrap();
        assert_eq!(reports.recv_timeout(wait).unwrap(), Report::Ready { name: "memory".into(), cells: 20, again: true, text_table: None, hold: HoldToTalk::NoReleases });
        assert_eq!(shown.recv_timeout(wait).unwrap(), vec![5], "the newest cells are shown after reconnecting");
        assert_eq!(opened.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn auto_with_nothing_to_open_falls_back_to_the_terminal() {
        let opener: Opener = Box::new(|| Err(Failure::missing(gone("no BRLTTY"))));
        let (tx, rx) = mpsc::channel();
        let _cells = start(vec![opener], true, move |r| tx.send(r).is_ok());
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(5)).unwrap(),
            Report::UseTerminal { why: gone("no BRLTTY"), held: false }
        );
    }

    /// With `auto`, a BRLTTY that does not answer in time (busy, or
    /// starting as tiflo starts) is said once and looked for again, not
    /// given up for the terminal; when it answers, its display is used.
    #[test]
    fn auto_looks_again_for_a_brltty_that_answered_too_late() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let calls = Arc::new(AtomicUsize::new(0));
        let c = calls.clone();
        let (shown_tx, shown) = mpsc::channel();
        let late = super::super::brlapi::BrlapiError::Timeout("127.0.0.1:4101".into());
        let why = late.said();
        // Too late, then not there at all for a moment (BRLTTY
        // restarting), then there.
        let opener: Opener = Box::new(move || match c.fetch_add(1, Ordering::SeqCst) {
            0 => Err(Failure { why: late.said(), held: true, passing: true }),
            1 => Err(Failure::missing(gone("no BRLTTY answers"))),
            _ => Ok(Box::new(Memory { shown: shown_tx.clone(), fail: Arc::new(std::sync::atomic::AtomicBool::new(false)) })
                as Box<dyn Display>),
        });
        // The serial port BRLTTY holds: never opened.
        let serial = Arc::new(AtomicUsize::new(0));
        let port = failing(Failure::missing(gone("no port")), &serial);
        let (tx, rx) = mpsc::channel();
        let cells = start(vec![opener, port], true, move |r| tx.send(r).is_ok());
        let wait = Duration::from_secs(5);
        assert_eq!(rx.recv_timeout(wait).unwrap(), Report::Missing(why), "said once");
        assert_eq!(
            rx.recv_timeout(wait).unwrap(),
            Report::Ready { name: "memory".into(), cells: 20, again: false, text_table: None, hold: HoldToTalk::NoReleases },
            "looked for again, never given up for the terminal"
        );
        assert_eq!(calls.load(Ordering::SeqCst), 3);
        assert_eq!(serial.load(Ordering::SeqCst), 0, "the serial port is never opened");
        cells.send(vec![7]).unwrap();
        assert_eq!(shown.recv_timeout(wait).unwrap(), vec![7]);
    }

    /// An opener that counts its calls and fails with `failure`.
    fn failing(failure: Failure, calls: &std::sync::Arc<std::sync::atomic::AtomicUsize>) -> Opener {
        let calls = calls.clone();
        Box::new(move || {
            calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Err(failure.clone())
        })
    }

    #[test]
    fn a_brltty_that_answers_ends_the_search_before_the_serial_port() {
        use super::super::brlapi::BrlapiError;
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        // Which BrlAPI errors mean a BRLTTY is there.
        let there = [
            BrlapiError::KeyFile { path: "/etc/brlapi.key".into(), why: Some(crate::i18n::OsReason::PermissionDenied) },
            BrlapiError::Authentication,
            BrlapiError::NoAuthMethod(vec![3]),
            BrlapiError::NoDisplay,
            BrlapiError::Refused { request: "the tty", code: 6 },
            BrlapiError::Exception { code: 6, kind: 0x74 },
            BrlapiError::Version(7),
            BrlapiError::Timeout("127.0.0.1:4101".into()),
            BrlapiError::Closed,
            BrlapiError::Protocol("short packet".into()),
            BrlapiError::Forbidden("/var/lib/BrlAPI/0".into()),
            BrlapiError::Io(std::io::Error::from(std::io::ErrorKind::ConnectionReset)),
        ];
        for e in &there {
            assert!(e.brltty_is_there(), "{e:?}");
        }
        for e in [BrlapiError::Unreachable("/var/lib/BrlAPI/0".into()), BrlapiError::Address(":x".into(), "bad")] {
            assert!(!e.brltty_is_there(), "{e:?}");
        }

        // auto: BrlAPI answers with an unreadable key file; the serial
        // opener is never called, and the terminal is used with the reason.
        let key = BrlapiError::KeyFile { path: "/etc/brlapi.key".into(), why: Some(crate::i18n::OsReason::PermissionDenied) };
        let (brlapi, serial) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let held = Failure { why: key.said(), held: key.brltty_is_there(), passing: false };
        let openers = vec![failing(held, &brlapi), failing(Failure::missing(gone("no port")), &serial)];
        match open_any(&openers) {
            Err((_, f)) => {
                let why = f.why.to_string();
                assert!(f.held && why.contains("key file") && why.contains("/etc/brlapi.key"), "{f:?}");
            }
            Ok(_) => panic!("nothing opens"),
        }
        assert_eq!((brlapi.load(Ordering::SeqCst), serial.load(Ordering::SeqCst)), (1, 0));
        let (tx, rx) = mpsc::channel();
        let _cells = start(openers, true, move |r| tx.send(r).is_ok());
        match rx.recv_timeout(Duration::from_secs(5)).unwrap() {
            Report::UseTerminal { why, held: true } => assert!(why.to_string().contains("key file"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(serial.load(Ordering::SeqCst), 0, "the serial port is never opened");

        // Nobody listens: the serial opener is tried next.
        let (brlapi, serial) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let openers = vec![
            failing(Failure::missing(gone("no BRLTTY answers at /var/lib/BrlAPI/0")), &brlapi),
            failing(Failure::missing(gone("no port")), &serial),
        ];
        let Err((_, f)) = open_any(&openers) else { panic!("nothing opens") };
        assert_eq!(f, Failure::missing(gone("no BRLTTY answers at /var/lib/BrlAPI/0").and(gone("no port"))));
        assert_eq!((brlapi.load(Ordering::SeqCst), serial.load(Ordering::SeqCst)), (1, 1));
    }

    #[test]
    fn a_display_that_goes_away_is_reopened_only_through_the_opener_that_opened_it() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        // auto: BrlAPI opens the display; then BRLTTY restarts, and for
        // three tries nobody listens on its socket. The serial opener
        // (which would open the port BRLTTY holds) is never called.
        let (shown_tx, _shown) = mpsc::channel();
        let fail = Arc::new(AtomicBool::new(false));
        let (brlapi, serial) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (f, b) = (fail.clone(), brlapi.clone());
        let brlapi_opener: Opener = Box::new(move || {
            let n = b.fetch_add(1, Ordering::SeqCst);
            if (1..4).contains(&n) {
                return Err(Failure::missing(gone("no BRLTTY answers at /var/lib/BrlAPI/0")));
            }
            f.store(false, Ordering::SeqCst);
            Ok(Box::new(Memory { shown: shown_tx.clone(), fail: f.clone() }) as Box<dyn Display>)
        });
        let serial_opener = failing(Failure::missing(gone("no port")), &serial);
        let (reports_tx, reports) = mpsc::channel();
        let _cells = start(vec![brlapi_opener, serial_opener], true, move |r| reports_tx.send(r).is_ok());
        let wait = Duration::from_secs(5);
        assert_eq!(reports.recv_timeout(wait).unwrap(), Report::Ready { name: "memory".into(), cells: 20, again: false, text_table: None, hold: HoldToTalk::NoReleases });
        fail.store(true, Ordering::SeqCst);
        assert_eq!(reports.recv_timeout(wait).unwrap(), Report::Gone("memory".into()));
        assert_eq!(reports.recv_timeout(wait).unwrap(), Report::Ready { name: "memory".into(), cells: 20, again: true, text_table: None, hold: HoldToTalk::NoReleases });
        assert_eq!(brlapi.load(Ordering::SeqCst), 5, "opened, three failures, opened again");
        assert_eq!(serial.load(Ordering::SeqCst), 0, "the serial port is never tried");

        // The serial display opened at the start (no BRLTTY then) is
        // reopened through its port only.
        let (shown_tx, _shown) = mpsc::channel();
        let fail = Arc::new(AtomicBool::new(false));
        let (brlapi, serial) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (f, s) = (fail.clone(), serial.clone());
        let serial_opener: Opener = Box::new(move || {
            s.fetch_add(1, Ordering::SeqCst);
            f.store(false, Ordering::SeqCst);
            Ok(Box::new(Memory { shown: shown_tx.clone(), fail: f.clone() }) as Box<dyn Display>)
        });
        let brlapi_opener = failing(Failure::missing(gone("no BRLTTY answers")), &brlapi);
        let (reports_tx, reports) = mpsc::channel();
        let _cells = start(vec![brlapi_opener, serial_opener], true, move |r| reports_tx.send(r).is_ok());
        assert!(matches!(reports.recv_timeout(wait).unwrap(), Report::Ready { again: false, .. }));
        fail.store(true, Ordering::SeqCst);
        assert_eq!(reports.recv_timeout(wait).unwrap(), Report::Gone("memory".into()));
        assert!(matches!(reports.recv_timeout(wait).unwrap(), Report::Ready { again: true, .. }));
        assert_eq!((brlapi.load(Ordering::SeqCst), serial.load(Ordering::SeqCst)), (1, 2));
    }
}
