//! The assistant's page: served on the loop's runtime; the changes asked
//! there (a move, the board, a transfer, pairing news) turned into the
//! session's events, each answered once what it made tiflo say is said
//! (after the journal has the move).

use std::io::{self, Write};
use std::time::Duration;

use fluent_bundle::FluentArgs;
use shakmaty::Position;

use super::{Daemon, DaemonError, Loop, wall_clock};
use crate::i18n::Reason;
use crate::assistant::page;
use crate::game::command::{Command, Parsed, Words};
use crate::game::event::Event;

/// The page's pairing as the daemon holds it: to list and revoke devices.
pub(super) struct PagePairing {
    pairing: page::Pairing,
    /// When the server started: the pairing's clock.
    started: std::time::Instant,
}

/// Where the answer to a change of the page goes.
pub(super) type PageReply = tokio::sync::oneshot::Sender<Result<String, page::Refusal>>;

/// A pairing code as it is said: digit by digit.
fn spaced(code: &str) -> String {
    code.chars().map(String::from).collect::<Vec<_>>().join(" ")
}

/// Serves the assistant's page as `choice` says, on the running runtime,
/// and says where (or why not); on the hall's network, the pairing.
pub(super) async fn start_page<W: Write>(
    daemon: &mut Daemon<W>,
    choice: page::Choice,
    state: tokio::sync::watch::Receiver<page::State>,
    pgn: tokio::sync::watch::Receiver<String>,
    asks: tokio::sync::mpsc::UnboundedSender<page::Asked>,
) -> Result<Option<PagePairing>, DaemonError> {
    let Some(address) = choice.address() else { return Ok(None) };
    let lan = matches!(choice, page::Choice::Lan(_));
    let started = async {
        let pairing = if lan { Some(page::Pairing::new().map_err(io::Error::other)?) } else { None };
        let texts = daemon.session().texts();
        let mut words = page::words(texts, daemon.session().setup().lang.code());
        words.extend(page::server_words(texts));
        let port = page::start(address, pairing.clone(), words, state, pgn, asks).await?;
        Ok::<_, page::StartError>((port, pairing))
    };
    let mut args = FluentArgs::new();
    match started.await {
        Ok((port, pairing)) => {
            let host = if lan { lan_address().unwrap_or_else(|| "0.0.0.0".to_owned()) } else { "127.0.0.1".to_owned() };
            args.set("address", format!("http://{host}:{port}/"));
            if let Some(pairing) = pairing {
                args.set("code", spaced(&pairing.code()));
                daemon.notice_private("page-ready-lan", Some(&args), wall_clock())?;
                Ok(Some(PagePairing { pairing, started: std::time::Instant::now() }))
            } else {
                daemon.notice("page-ready", Some(&args), wall_clock())?;
                Ok(None)
            }
        }
        Err(e) => {
            args.set("why", daemon.session().texts().say(&e.said()));
            daemon.notice("page-failed", Some(&args), wall_clock())?;
            Ok(None)
        }
    }
}

/// `page devices` and `page revoke`, answered from the page's pairing.
pub(super) fn page_command<W: Write>(daemon: &mut Daemon<W>, page: &PagePairing, c: crate::game::command::PageCommand, now: Duration) -> Result<(), DaemonError> {
    use crate::game::command::PageCommand;
    match c {
        PageCommand::Devices => {
            let devices = page.pairing.devices(page.started.elapsed());
            if devices.is_empty() {
                return daemon.notice("page-devices-none", None, now);
            }
            for d in devices {
                let mut args = FluentArgs::new();
                args.set("number", d.number);
                args.set("address", d.address.to_string());
                args.set("minutes", d.ago.as_secs() / 60);
                daemon.notice("page-device", Some(&args), now)?;
            }
            Ok(())
        }
        PageCommand::Revoke(number) => {
            let mut args = FluentArgs::new();
            if let Some(n) = number {
                args.set("number", n);
            }
            match page.pairing.revoke(number) {
                Ok(0) if number.is_some() => daemon.notice("page-revoke-unknown", Some(&args), now),
                Ok(_) => {
                    args.set("code", spaced(&page.pairing.code()));
                    daemon.notice_private(if number.is_some() { "page-revoked-one" } else { "page-revoked-all" }, Some(&args), now)
                }
                Err(e) => daemon.notice_why("page-failed", &e.said(), now),
            }
        }
    }
}

/// What the player hears of the page's pairing.
fn page_news<W: Write>(daemon: &mut Daemon<W>, news: page::News, now: Duration) -> Result<(), DaemonError> {
    let mut args = FluentArgs::new();
    let id = match news {
        page::News::Paired { number, address } => {
            args.set("number", number);
            args.set("address", address.to_string());
            "page-paired"
        }
        page::News::LockedOut { address, delay } => {
            args.set("address", address.to_string());
            args.set("seconds", delay.as_secs());
            "page-locked-out"
        }
        page::News::Paused(left) => {
            args.set("seconds", left.as_secs() + 1);
            "page-pairing-paused"
        }
    };
    daemon.notice(id, Some(&args), now)
}

/// This computer's address on its network, as others reach it (no packet is
/// sent: a UDP socket is only pointed at a documentation address).
fn lan_address() -> Option<String> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then(|| ip.to_string())
}

/// An answer to the page, sent once it can be given.
pub(super) enum Answer {
    /// Given already (a refusal, or news that needs no answer).
    Now(Result<String, page::Refusal>),
    /// What was said from `from` on (`Daemon::said_mark`), once the journal
    /// has what was asked: on a board read, nothing said means it is right.
    Said { from: usize, board: bool },
}

/// A change asked on the page.
pub(super) fn on_asked<W: Write>(lp: &mut Loop<'_, W>, asked: page::Asked) -> Result<Vec<Event>, DaemonError> {
    let now = wall_clock();
    let player = lp.player;
    let daemon = &mut lp.daemon;
    let answer = match asked.request {
        // The page enters the sighted opponent's moves only: the blind
        // player's own move is the player's to say.
        page::Request::Move(_) if daemon.session().setup().study.is_none() && daemon.session().position().turn() == player => {
            Answer::Now(Err(page::Refusal::PlayersTurn(daemon.session().texts().text("page-players-turn"))))
        }
        page::Request::Move(text) => match page::read_move(daemon.session(), &text) {
            Ok(m) => {
                let from = daemon.said_mark();
                daemon.event(now, Event::Played(m))?;
                Answer::Said { from, board: false }
            }
            Err(why) => Answer::Now(Err(page::Refusal::Invalid(why))),
        },
        page::Request::Board(board) => {
            let from = daemon.said_mark();
            daemon.event(now, Event::BoardSeen(board))?;
            Answer::Said { from, board: true }
        }
        page::Request::Transfer(ply) => {
            if daemon.session().pending_transfers().iter().any(|p| p.ply == ply) {
                let from = daemon.said_mark();
                daemon.event(now, Event::Command(Command::Done(Some(ply))))?;
                Answer::Said { from, board: false }
            } else {
                Answer::Now(Err(page::Refusal::Invalid(daemon.session().texts().text("transfers-none"))))
            }
        }
        page::Request::Tell(news) => {
            page_news(daemon, news, now)?;
            Answer::Now(Ok(String::new()))
        }
    };
    lp.replies.push((asked.reply, answer));
    lp.changed = true;
    Ok(vec![Event::Tick])
}

/// Sends the answers that can be given: those waiting for what is said
/// once nothing waits for the journal any more. Call after the page's
/// state shows the change (the version the page names next is the new
/// state's).
pub(super) fn answer<W: Write>(lp: &mut Loop<'_, W>) {
    let settled = lp.daemon.settled();
    let mut waiting = Vec::new();
    for (reply, answer) in std::mem::take(&mut lp.replies) {
        let answer = match answer {
            Answer::Now(a) => a,
            Answer::Said { from, board } if settled => {
                let said = lp.daemon.said_since(from);
                // Nothing said: the board is right.
                Ok(if board && said.is_empty() { lp.daemon.session().texts().text("board-right") } else { said.join(" ") })
            }
            a @ Answer::Said { .. } => {
                waiting.push((reply, a));
                continue;
            }
        };
        let _ = reply.send(answer);
    }
    lp.replies = waiting;
    if lp.replies.is_empty() {
        lp.daemon.forget_said();
    }
}

/// `page devices` and `page revoke`, typed or said: the page's pairing is
/// the daemon's, not the session's, so they are taken out of `events` and
/// answered here.
pub(super) fn pairing_commands<W: Write>(lp: &mut Loop<'_, W>, events: &mut Vec<Event>, words: &Words) -> Result<(), DaemonError> {
    let Some(p) = &lp.paired else { return Ok(()) };
    let mut kept = Vec::with_capacity(events.len());
    for event in events.drain(..) {
        match &event {
            Event::Said { command: Command::Page(c), .. } => page_command(&mut lp.daemon, p, *c, wall_clock())?,
            Event::Line(l) => match words.parse(l) {
                Parsed::Command(Command::Page(c)) => page_command(&mut lp.daemon, p, c, wall_clock())?,
                _ => kept.push(event),
            },
            _ => kept.push(event),
        }
    }
    *events = kept;
    Ok(())
}
