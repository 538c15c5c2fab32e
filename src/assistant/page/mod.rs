//! The assistant's and the arbiter's page: a small web server beside the
//! game, for the sighted people around the blind player.
//!
//! The assistant sees the live board, the moves, both clocks and the
//! transfers still to make; enters the sighted opponent's move (two squares
//! tapped, or typed in any notation) and marks transfers done. The arbiter
//! sees the live scoresheet and downloads the PGN. A JSON API on the same
//! server serves the page and scripts:
//!
//! - `GET /` the page (the player's move still to make on the tournament
//!   board can be said aloud on the assistant's phone, by the browser's
//!   speech synthesis in the page's language, and shown; what the
//!   tournament board shows can be typed or pasted there, or the game's
//!   board copied into the field and edited, and checked against the game
//!   through `POST /api/board`); `GET /api/state` the [`State`]; `GET /api/events`
//!   a new state as a server-sent event after every change;
//! - `POST /api/pair` `{"code": "123456"}`: on the hall's network, the
//!   pairing code the player heard, exchanged for a token in an `HttpOnly`,
//!   `SameSite=Strict` cookie;
//! - `POST /api/move` `{"move": "Nf6", "version": V}`; `POST /api/transfer`
//!   `{"ply": 3, "version": V}`; `POST /api/board` `{"fen": "...", "version":
//!   V}`: what the tournament board shows (a FEN or its piece placement
//!   alone), answered with how to fix it when it differs, in the player's
//!   language (an unreadable board too). `V` is the `version` of the state
//!   the change was made against;
//! - `GET /api/pgn` the game so far as PGN.
//!
//! The pure parts are [`State`], [`state_of`] and the pairing rules
//! ([`pairing`]); the server is a thin driver on the daemon's tokio runtime
//! that hands each change to the daemon as an [`Asked`] and answers with
//! what the session said; [`serve`] holds the connections. [`start`] is
//! the daemon's one way in: it binds the address and serves.
//!
//! Without the `page` feature there is no web server (no axum, hyper or
//! tokio sockets): [`start`] says the page is not built in
//! ([`crate::NotBuiltIn`]), which the daemon says once, as for a port it
//! cannot bind; the page's state and pairing stay, for the daemon to keep.
//!
//! Invariants (security; the threat model is in `docs/page.md`):
//! - bound to 127.0.0.1 unless LAN mode is chosen; in LAN mode nothing but
//!   the page's shell (`/`, its script, style and words) is served without
//!   a paired browser's token: not the state, the events or the PGN, and
//!   no change; the pairing code itself is never in anything the server
//!   sends (a sentence that holds it is blanked);
//! - wrong codes lock out their own client, never a paired browser, within
//!   a budget for all clients together ([`pairing`]), and the player is told
//!   once per lockout;
//! - every change names the version of the state it was made against and
//!   is let through once: a stale or repeated change is refused (409,
//!   `"stale": true`) and changes nothing;
//! - every request, reading ones too, must name this server in its `Host`
//!   ([`host_allowed`]: locally a loopback address or `localhost`, on the
//!   LAN any IP address, always this port; never a DNS name, which is what
//!   a DNS rebinding attack needs), else 421;
//! - a change must be a JSON object of the documented shape
//!   (`Content-Type: application/json`, which a form on another site cannot
//!   send without the browser asking first) and, when the browser names an
//!   `Origin`, it must be this server's own, else 403; every answer forbids
//!   framing (`frame-ancestors 'none'`, `X-Frame-Options: DENY`);
//! - bodies over 4 KiB (413, `line-too-long` in the player's words), or
//!   slower than 10 s, are refused; bad input is a 4xx with the reason in
//!   words, and the game is unchanged;
//! - the page enters only the sighted opponent's moves: a move sent while
//!   the blind player is to move is refused (409, [`Refusal::PlayersTurn`])
//!   and nothing is recorded (study mode, which has no opponent, excepted).

// Without the page, the pairing rules are kept and tested, but only the
// daemon's side of them is used.
#[cfg_attr(not(feature = "page"), allow(dead_code))]
mod pairing;
#[cfg(feature = "page")]
mod serve;

use std::net::SocketAddr;
use std::time::Duration;

#[cfg(feature = "page")]
use axum::extract::{DefaultBodyLimit, State as Shared};
#[cfg(feature = "page")]
use axum::http::{HeaderMap, StatusCode, header};
#[cfg(feature = "page")]
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
#[cfg(feature = "page")]
use axum::response::{Html, IntoResponse, Response};
#[cfg(feature = "page")]
use axum::routing::{get, post};
#[cfg(feature = "page")]
use axum::{Json, Router};
#[cfg(feature = "page")]
use serde::Deserialize;
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position};
use tokio::sync::{mpsc, oneshot, watch};

use crate::notation::Lang;
use crate::notation::algebraic;
use crate::game::session::Session;
use crate::game::transfer::To;

#[cfg_attr(not(feature = "page"), allow(dead_code))]
const INDEX: &str = include_str!("index.html");
#[cfg(feature = "page")]
const SCRIPT: &str = include_str!("page.js");
#[cfg(feature = "page")]
const STYLE: &str = include_str!("page.css");

/// The page's words, from `page.ftl` in the player's language pack.
pub(crate) const TEXT_IDS: [&str; 58] = [
    "page-title",
    "page-board",
    "page-board-label",
    "page-move-label",
    "page-enter",
    "page-promote",
    "page-clocks",
    "page-pending",
    "page-moves",
    "page-download",
    "page-code",
    "page-white",
    "page-black",
    "page-to-move",
    "page-game-over",
    "page-running",
    "page-onto-tournament",
    "page-onto-special",
    "page-done",
    "page-none",
    "page-result",
    "page-refused",
    "page-empty",
    "page-chosen",
    "page-wp",
    "page-wn",
    "page-wb",
    "page-wr",
    "page-wq",
    "page-wk",
    "page-bp",
    "page-bn",
    "page-bb",
    "page-br",
    "page-bq",
    "page-bk",
    "page-queen",
    "page-rook",
    "page-bishop",
    "page-knight",
    "page-cancel",
    "page-say",
    "page-wrong-host",
    "page-locked",
    "page-players-turn",
    "page-tournament",
    "page-board-text-label",
    "page-check-board",
    "page-copy-board",
    "page-board-unreadable",
    "page-wrong-code",
    "page-board-label-black",
    "page-flip",
    "page-pair",
    "page-last-move",
    "page-to-set",
    "page-offline",
    "page-two-readings",
];

/// The page's words in `texts`' language (`lang`, its code, is the page's
/// `lang` for screen readers), each message's arguments left as `{name}`
/// for the page to fill in.
pub fn words(texts: &crate::i18n::Texts, lang: &str) -> std::collections::BTreeMap<String, String> {
    let mut args = fluent_bundle::FluentArgs::new();
    for name in ["side", "result", "move", "status", "seconds", "board", "most", "text", "first", "second", "first-squares", "second-squares"] {
        args.set(name, format!("{{{name}}}"));
    }
    let mut out: std::collections::BTreeMap<String, String> = TEXT_IDS.iter().map(|id| ((*id).to_owned(), texts.get(id, Some(&args)))).collect();
    out.insert("page-lang".to_owned(), lang.to_owned());
    // A body too long to read, refused in these words.
    out.insert("line-too-long".to_owned(), texts.get("line-too-long", Some(&args)));
    out
}

#[cfg_attr(not(feature = "page"), allow(dead_code))]
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The default port.
pub const PORT: u16 = 8787;

/// Where the page is served: `off`, `local[:PORT]` (this computer only) or
/// `lan[:PORT]` (the hall's network, with a pairing code).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Choice {
    /// No page.
    #[default]
    Off,
    /// On this computer only, at this port.
    Local(u16),
    /// On the hall's network, at this port, with a pairing code.
    Lan(u16),
}

impl std::str::FromStr for Choice {
    type Err = String;
    fn from_str(s: &str) -> Result<Choice, String> {
        let s = s.trim().to_ascii_lowercase();
        let (mode, port) = match s.split_once(':') {
            Some((m, p)) => (m.to_owned(), Some(p.parse::<u16>().map_err(|_| format!("`{p}` is not a port number"))?)),
            None => (s.clone(), None),
        };
        match mode.as_str() {
            "off" if port.is_none() => Ok(Choice::Off),
            "local" => Ok(Choice::Local(port.unwrap_or(PORT))),
            "lan" => Ok(Choice::Lan(port.unwrap_or(PORT))),
            _ => Err(format!("`{s}` is not a page setting: off, local, local:PORT, lan or lan:PORT")),
        }
    }
}

impl Choice {
    /// The address to listen on.
    pub fn address(self) -> Option<SocketAddr> {
        match self {
            Choice::Off => None,
            Choice::Local(p) => Some(SocketAddr::from(([127, 0, 0, 1], p))),
            Choice::Lan(p) => Some(SocketAddr::from(([0, 0, 0, 0], p))),
        }
    }
}

/// Whether `host`, a request's `Host` header, names this server listening
/// on `port`: `localhost` or a loopback address, and on the hall's network
/// (`lan`) any IP address. A DNS name is refused: a page from another site
/// can reach this server through a name only by DNS rebinding.
#[cfg_attr(not(feature = "page"), allow(dead_code))]
pub(crate) fn host_allowed(host: &str, port: u16, lan: bool) -> bool {
    let host = host.trim();
    let (name, given_port) = if let Some(rest) = host.strip_prefix('[') {
        let Some((inside, after)) = rest.split_once(']') else { return false };
        match after.strip_prefix(':') {
            Some(p) => (inside, Some(p)),
            None if after.is_empty() => (inside, None),
            None => return false,
        }
    } else {
        match host.rsplit_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (host, None),
        }
    };
    let port_ok = match given_port {
        Some(p) => p.parse::<u16>() == Ok(port),
        None => port == 80,
    };
    if !port_ok {
        return false;
    }
    if name.eq_ignore_ascii_case("localhost") {
        return true;
    }
    let ip = if host.starts_with('[') { name.parse::<std::net::Ipv6Addr>().map(std::net::IpAddr::V6) } else { name.parse::<std::net::Ipv4Addr>().map(std::net::IpAddr::V4) };
    match ip {
        Ok(ip) => lan || ip.is_loopback(),
        Err(_) => false,
    }
}

/// One move of the game as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyView {
    /// 0 is the record's first move.
    pub ply: usize,
    /// The full-move number.
    pub number: u32,
    /// `white` or `black`: who made the move.
    pub side: &'static str,
    /// Short algebraic notation in the player's language (`Cf3` on a
    /// Spanish page), with check and mate signs.
    pub san: String,
    /// The move's two squares (`e2e4`; castling as the king's move,
    /// `e1g1`), for the page to mark them on the board.
    pub uci: String,
    /// Where the move must be reproduced: `tournament` (the blind player's
    /// move, onto the tournament board) or `special` (the opponent's, onto
    /// the player's board); absent when no transfer is kept.
    pub transfer: Option<&'static str>,
    /// Whether that transfer is done.
    pub done: bool,
    /// The move in words as tiflo announces it, for the page to say aloud
    /// to the assistant: only while it is pending on the tournament board.
    pub words: Option<String>,
}

/// What the page shows: everything is read from the session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct State {
    /// The position now, as FEN.
    pub fen: String,
    /// `white` or `black`: whose move it is.
    pub turn: &'static str,
    /// The blind player's colour.
    pub player: &'static str,
    /// The game's moves, from the record's first.
    pub moves: Vec<PlyView>,
    /// The transfers still to make (the plies of `moves`).
    pub pending: Vec<usize>,
    /// White's time left, in milliseconds (whole seconds).
    pub white_ms: u64,
    /// Black's time left, in milliseconds (whole seconds).
    pub black_ms: u64,
    /// Whose clock runs, if any.
    pub running: Option<&'static str>,
    /// The result when the game is over (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<String>,
    /// The PGN tags.
    pub tags: Vec<(String, String)>,
    /// The last sentence tiflo said.
    pub said: String,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The letters of the player's language (English when it has none).
fn player_lang(session: &Session) -> Lang {
    session.setup().lang
}

/// `m`, played in `before`, in short algebraic with `lang`'s letters.
fn san_in(before: &shakmaty::Chess, m: shakmaty::Move, lang: Lang) -> String {
    let mut after = before.clone();
    after.play_unchecked(m);
    let mut out = String::new();
    algebraic::write_san(before, m, &after, lang.into(), &mut out);
    out
}

/// The page's view of the game at `now`: the moves in the player's
/// language's algebraic.
pub(crate) fn state_of(session: &Session, now: Duration, said: &str) -> State {
    let lang = player_lang(session);
    let record = session.record();
    let transfers = session.transfers();
    let mut pos = record.start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (ply, m) in record.moves.iter().enumerate() {
        let side = pos.turn();
        let number = pos.fullmoves().get();
        let san = san_in(&pos, m.mv, lang);
        let mut uci = String::new();
        algebraic::write_uci(m.mv, &mut uci);
        pos.play_unchecked(m.mv);
        let t = transfers.iter().find(|(p, _, _)| *p == ply);
        moves.push(PlyView {
            ply,
            number,
            side: color_name(side),
            san,
            uci,
            transfer: t.map(|(_, to, _)| match to {
                To::TournamentBoard => "tournament",
                To::SpecialBoard => "special",
            }),
            done: t.is_some_and(|(_, _, done)| *done),
            words: None,
        });
    }
    let pending = session.pending_transfers();
    for p in &pending {
        if let Some(m) = moves.get_mut(p.ply).filter(|m| m.transfer == Some("tournament")) {
            m.words = session.ply_words(p.ply);
        }
    }
    let clocks = session.clocks();
    let game = session.position();
    State {
        fen: Fen::from_position(game, EnPassantMode::Legal).to_string(),
        turn: color_name(game.turn()),
        player: color_name(session.setup().side.into()),
        moves,
        pending: pending.iter().map(|p| p.ply).collect(),
        // Whole seconds: the page changes once a second while a clock runs.
        white_ms: clocks.remaining(Color::White, now).as_secs() * 1000,
        black_ms: clocks.remaining(Color::Black, now).as_secs() * 1000,
        running: clocks.running().map(color_name),
        result: record.result.map(|r| r.as_pgn().to_owned()).filter(|r| r != "*"),
        tags: record.tags.clone(),
        said: said.to_owned(),
    }
}

/// A move typed or tapped on the page, in the position now: read in the
/// player's language's algebraic first and, when it cannot be read so, in
/// English algebraic (then in the other notations the keyboard takes, by
/// [`Session::read_typed`], whose refusals are in the player's words). When
/// the player's letters and the English ones read it as two different legal
/// moves (Spanish `Rd2` the king, English `Rd2` the rook), nothing is
/// guessed: it is refused with both (`page-two-readings`).
pub(crate) fn read_move(session: &Session, text: &str) -> Result<shakmaty::Move, String> {
    let lang = player_lang(session);
    if lang != Lang::En {
        let pos = session.position();
        let token = without_number(text);
        match (algebraic::read(pos, token, lang), algebraic::read(pos, token, Lang::En)) {
            (Ok(own), Ok(english)) if own != english => {
                let squares = |m: shakmaty::Move| {
                    let mut out = String::new();
                    algebraic::write_uci(m, &mut out);
                    out
                };
                let mut args = fluent_bundle::FluentArgs::new();
                args.set("text", token.to_owned());
                args.set("first", san_in(pos, own, lang));
                args.set("first-squares", squares(own));
                args.set("second", san_in(pos, english, lang));
                args.set("second-squares", squares(english));
                return Err(session.texts().get("page-two-readings", Some(&args)));
            }
            // English, which the page takes as well, when the piece letter
            // is none of the player's own: a letter of the player's that
            // makes no legal move here is refused with its candidates, never
            // read as another language's piece (Spanish `Rb3` is a king).
            (Err(_), Ok(english)) if token.bytes().next().is_none_or(|c| lang.role_of_letter(c).is_none()) => return Ok(english),
            _ => {}
        }
    }
    session.read_typed(text)
}

/// `text` without a move number before it (`12. Rd2`, `12...Rd2`).
fn without_number(text: &str) -> &str {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    match t[digits..].strip_prefix('.') {
        Some(rest) if digits > 0 => rest.trim_start_matches('.').trim_start(),
        _ => t,
    }
}

/// A change the page asks of the game, or news of the page for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A move typed in any notation, or two squares (`e2e4`).
    Move(String),
    /// This ply's transfer is done.
    Transfer(usize),
    /// The tournament board shows these pieces.
    Board(shakmaty::Board),
    /// Not a change: news the player hears.
    Tell(News),
}

/// What the player hears of the page's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// A device paired: its number and address.
    Paired {
        /// The number the player names it by.
        number: u32,
        /// Where it paired from.
        address: std::net::IpAddr,
    },
    /// A device at this address gave wrong pairing codes and is refused
    /// for this long.
    LockedOut {
        /// The device's address.
        address: std::net::IpAddr,
        /// How long it is refused.
        delay: Duration,
    },
    /// Wrong codes from several devices: pairing waits this long.
    Paused(Duration),
}

/// Why the daemon changed nothing, in the player's language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Input that does not fit the game (a move that is not legal, a
    /// transfer that is not pending): 422.
    #[error("{0}")]
    Invalid(String),
    /// A move entered while the blind player is to move: the player's own
    /// move is the player's to say, never the page's: 409.
    #[error("{0}")]
    PlayersTurn(String),
}

/// A request with the way to answer it: what tiflo said (`Ok`), or why
/// nothing changed (`Err`).
#[derive(Debug)]
pub struct Asked {
    /// What the page asks.
    pub request: Request,
    /// Where the answer goes.
    pub reply: oneshot::Sender<Result<String, Refusal>>,
}

/// The words of the server's own answers, from `pairing.ftl`.
pub(crate) const SERVER_TEXT_IDS: [&str; 7] =
    ["page-need-pairing", "page-stale", "page-paused", "page-bad-body", "page-busy", "page-paired-here", "page-no-pairing"];

#[cfg(feature = "page")]
/// The cookie that holds a paired browser's token.
const COOKIE: &str = "tiflo-token";

#[cfg(feature = "page")]
/// How long a change's body may take to arrive.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);

#[cfg(feature = "page")]
/// Live event streams open at once, all clients together.
const STREAMS: usize = 32;

/// The page's pairing, shared by the server and the daemon (which lists and
/// revokes devices for the player). Absent on `--page local`.
#[derive(Clone, Debug)]
pub struct Pairing(std::sync::Arc<std::sync::Mutex<pairing::Pairing>>);

/// A paired device as the player hears of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    /// The number the player names it by (`page revoke 2`), in pairing
    /// order.
    pub number: u32,
    /// Where it paired from.
    pub address: std::net::IpAddr,
    /// How long ago it paired.
    pub ago: Duration,
}

/// Why the random source failed.
#[derive(Debug, thiserror::Error)]
#[error("the system's random source failed: {0}")]
pub struct NoRandom(getrandom::Error);

impl crate::i18n::Reason for NoRandom {
    fn said(&self) -> crate::i18n::Said {
        crate::i18n::Said::new("why-no-random")
    }
}

fn random<const N: usize>() -> Result<[u8; N], NoRandom> {
    let mut bytes = [0; N];
    getrandom::fill(&mut bytes).map_err(NoRandom)?;
    Ok(bytes)
}

impl Pairing {
    /// A new pairing with a random code, from the server's start.
    pub fn new() -> Result<Pairing, NoRandom> {
        let code = pairing::code_of(random()?);
        Ok(Pairing(std::sync::Arc::new(std::sync::Mutex::new(pairing::Pairing::new(code, Duration::ZERO)))))
    }

    fn with<T>(&self, f: impl FnOnce(&mut pairing::Pairing) -> T) -> T {
        let mut p = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut p)
    }

    /// The code the player hears (never sent by the server).
    pub fn code(&self) -> String {
        self.with(|p| p.code().to_owned())
    }

    /// The devices paired now, at `since_start` from the server's start.
    pub fn devices(&self, since_start: Duration) -> Vec<Device> {
        self.with(|p| {
            p.devices().iter().map(|d| Device { number: d.number, address: d.address, ago: since_start.saturating_sub(d.paired_at) }).collect()
        })
    }

    /// Unpairs device `number` (every device with `None`) and makes a new
    /// code; how many were unpaired (0: no such device, code unchanged).
    pub fn revoke(&self, number: Option<u32>) -> Result<usize, NoRandom> {
        let code = pairing::code_of(random()?);
        Ok(self.with(|p| p.revoke(number, code)))
    }
}

/// Who may use the page: the port it is served on, and on the hall's
/// network the pairing.
#[derive(Clone, Debug)]
#[cfg_attr(not(feature = "page"), allow(dead_code))]
pub(crate) struct Access {
    pub port: u16,
    pub pairing: Option<Pairing>,
}

#[cfg(feature = "page")]
/// What the server shares between requests.
#[derive(Clone)]
struct Server {
    /// The page, its words filled in.
    index: std::sync::Arc<String>,
    words: std::sync::Arc<std::collections::BTreeMap<String, String>>,
    access: std::sync::Arc<Access>,
    /// When the server started: the pairing's clock.
    started: std::time::Instant,
    /// Changes let through so far: part of the version every change names.
    changes: std::sync::Arc<std::sync::Mutex<u64>>,
    /// Live event streams open now.
    streams: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    state: watch::Receiver<State>,
    pgn: watch::Receiver<String>,
    asks: mpsc::UnboundedSender<Asked>,
}

#[cfg(feature = "page")]
/// The game's part of a state, without the clocks and the last sentence:
/// a change made against another game is stale.
fn game_hash(state: &State) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    state.fen.hash(&mut h);
    for m in &state.moves {
        (m.ply, &m.san, m.done).hash(&mut h);
    }
    state.pending.hash(&mut h);
    state.result.hash(&mut h);
    h.finish()
}

#[cfg(feature = "page")]
/// The version a change made against `state` names, after `changes`
/// changes were let through.
fn version_of(state: &State, changes: u64) -> String {
    format!("{:016x}.{changes}", game_hash(state))
}

#[cfg(feature = "page")]
/// A state as served: with its version, and never with the pairing code.
#[derive(Serialize)]
struct Served {
    #[serde(flatten)]
    state: State,
    version: String,
}

#[cfg(feature = "page")]
/// Whether `text` holds `code`'s digits in a row, spaces or not between
/// them.
fn holds_code(text: &str, code: &str) -> bool {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    !code.is_empty() && digits.contains(code)
}

#[cfg(feature = "page")]
fn refuse(status: StatusCode, why: &str) -> Response {
    (status, Json(serde_json::json!({ "error": why }))).into_response()
}

#[cfg(feature = "page")]
/// A change's body: a JSON object with exactly the fields of `T`.
fn body_of<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    match serde_json::from_slice::<serde_json::Value>(bytes) {
        Ok(v @ serde_json::Value::Object(_)) => serde_json::from_value(v).ok(),
        _ => None,
    }
}

#[cfg(feature = "page")]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
    version: String,
}

#[cfg(feature = "page")]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TransferBody {
    ply: usize,
    version: String,
}

#[cfg(feature = "page")]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardBody {
    fen: String,
    version: String,
}

#[cfg(feature = "page")]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairBody {
    code: String,
}

#[cfg(feature = "page")]
// A refusal is an answer sent at once: it is not worth boxing.
#[allow(clippy::result_large_err)]
impl Server {
    /// A word of the page, its arguments (`{name}`) filled in.
    fn word(&self, id: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.words.get(id).map_or_else(|| id.to_owned(), Clone::clone);
        for (name, value) in args {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    fn code(&self) -> Option<String> {
        self.access.pairing.as_ref().map(Pairing::code)
    }

    /// Changes let through so far.
    fn changes(&self) -> u64 {
        *self.changes.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The version of the game as it stands.
    fn version(&self, changes: u64) -> String {
        version_of(&self.state.borrow(), changes)
    }

    /// `text`, or nothing when it holds the pairing code.
    fn without_code(&self, text: String) -> String {
        if self.code().is_some_and(|code| holds_code(&text, &code)) { String::new() } else { text }
    }

    fn served(&self, mut state: State) -> Served {
        state.said = self.without_code(std::mem::take(&mut state.said));
        let version = version_of(&state, self.changes());
        Served { state, version }
    }

    /// The token a request's cookie carries, if any.
    fn token(headers: &HeaderMap) -> Option<pairing::Token> {
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|c| c.trim().strip_prefix(COOKIE)?.strip_prefix('='))
            .find_map(pairing::Token::parse)
    }

    /// Whether `token` opens the page now: a paired browser's, or any on
    /// `--page local`, which needs no pairing.
    fn opens(&self, token: Option<&pairing::Token>) -> bool {
        match &self.access.pairing {
            None => true,
            Some(pairing) => token.is_some_and(|t| pairing.with(|p| p.holder(t)).is_some()),
        }
    }

    /// Whether the request comes from a paired browser, or needs none
    /// (`--page local`); the refusal when not.
    fn reader(&self, headers: &HeaderMap) -> Result<(), Response> {
        if self.opens(Self::token(headers).as_ref()) {
            return Ok(());
        }
        Err((StatusCode::UNAUTHORIZED, Json(serde_json::json!({ "error": self.word("page-need-pairing", &[]), "pair": true }))).into_response())
    }

    /// Whether a request may ask for a change: JSON from this server's own
    /// page; the refusal when not.
    fn json_from_here(&self, headers: &HeaderMap) -> Result<(), Response> {
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json")));
        if !json {
            return Err(refuse(StatusCode::UNSUPPORTED_MEDIA_TYPE, &self.word("page-bad-body", &[])));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
            let own = origin.to_str().ok().is_some_and(|o| o.strip_prefix("http://") == Some(host));
            if !own {
                return Err(refuse(StatusCode::FORBIDDEN, "requests from other sites are refused"));
            }
        }
        Ok(())
    }

    /// Lets a change made against `version` through, once: the count of
    /// changes moves on, so the same request sent again is stale.
    fn fresh(&self, version: &str) -> Result<(), Response> {
        let mut changes = self.changes.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if version != self.version(*changes) {
            return Err((StatusCode::CONFLICT, Json(serde_json::json!({ "error": self.word("page-stale", &[]), "stale": true }))).into_response());
        }
        *changes += 1;
        Ok(())
    }

    fn tell(&self, news: News) {
        let (reply, _) = oneshot::channel();
        let _ = self.asks.send(Asked { request: Request::Tell(news), reply });
    }

    async fn ask(&self, request: Request) -> Response {
        let (reply, answer) = oneshot::channel();
        if self.asks.send(Asked { request, reply }).is_err() {
            return refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has ended");
        }
        // The daemon answers once the page's state shows the change, so the
        // version given back is the one the next change must name.
        let answer = answer.await;
        let version = self.version(self.changes());
        // Refused or not, the change was let through: the answer names the
        // version the next change must name.
        let (status, mut body) = match answer {
            Ok(Ok(said)) => (StatusCode::OK, serde_json::json!({ "said": self.without_code(said) })),
            Ok(Err(Refusal::Invalid(why))) => (StatusCode::UNPROCESSABLE_ENTITY, serde_json::json!({ "error": why })),
            Ok(Err(Refusal::PlayersTurn(why))) => (StatusCode::CONFLICT, serde_json::json!({ "error": why })),
            Err(_) => return refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has ended"),
        };
        body["version"] = serde_json::Value::String(version);
        (status, Json(body)).into_response()
    }

    /// A change's body, read within [`BODY_TIMEOUT`], after the checks
    /// every change passes.
    async fn change_body(&self, headers: &HeaderMap, body: axum::body::Body) -> Result<axum::body::Bytes, Response> {
        self.json_from_here(headers)?;
        self.reader(headers)?;
        match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, 4096)).await {
            Ok(Ok(bytes)) => Ok(bytes),
            // A body over the limit, said in the page's words.
            Ok(Err(_)) => Err(refuse(StatusCode::PAYLOAD_TOO_LARGE, &self.word("line-too-long", &[("most", &crate::line::MAX_LINE_CHARS.to_string())]))),
            Err(_) => Err(refuse(StatusCode::REQUEST_TIMEOUT, &self.word("page-bad-body", &[]))),
        }
    }
}

#[cfg(feature = "page")]
/// Every request, reading ones too (the state tells the game), must name
/// this server in its `Host`; every answer carries the headers that keep
/// other sites from framing or sniffing it.
async fn guard(Shared(s): Shared<Server>, request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).map(str::to_owned);
    let host = host.or_else(|| request.uri().authority().map(|a| a.as_str().to_owned())).unwrap_or_default();
    let mut response = if host_allowed(&host, s.access.port, s.access.pairing.is_some()) {
        // A connection a paired browser uses is never closed to make room.
        if let Some(trusted) = request.extensions().get::<serve::Trusted>()
            && s.opens(Server::token(request.headers()).as_ref())
        {
            trusted.set();
        }
        next.run(request).await
    } else {
        refuse(StatusCode::MISDIRECTED_REQUEST, &s.word("page-wrong-host", &[]))
    };
    let headers = response.headers_mut();
    for (name, value) in [
        ("content-security-policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"),
        ("x-frame-options", "DENY"),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
        ("cache-control", "no-store"),
    ] {
        headers.insert(name, header::HeaderValue::from_static(value));
    }
    response
}

#[cfg(feature = "page")]
async fn index(Shared(s): Shared<Server>) -> Html<String> {
    Html(s.index.as_ref().clone())
}

#[cfg(feature = "page")]
async fn get_words(Shared(s): Shared<Server>) -> Json<std::collections::BTreeMap<String, String>> {
    Json(s.words.as_ref().clone())
}

#[cfg(feature = "page")]
async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], SCRIPT)
}

#[cfg(feature = "page")]
async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

#[cfg(feature = "page")]
async fn get_state(Shared(s): Shared<Server>, headers: HeaderMap) -> Response {
    if let Err(r) = s.reader(&headers) {
        return r;
    }
    let state = s.state.borrow().clone();
    Json(s.served(state)).into_response()
}

#[cfg(feature = "page")]
async fn get_pgn(Shared(s): Shared<Server>, headers: HeaderMap) -> Response {
    if let Err(r) = s.reader(&headers) {
        return r;
    }
    (
        [(header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8"), (header::CONTENT_DISPOSITION, "attachment; filename=\"game.pgn\"")],
        s.pgn.borrow().clone(),
    )
        .into_response()
}

#[cfg(feature = "page")]
/// One live event stream counted; uncounted when the stream ends.
struct Stream(std::sync::Arc<std::sync::atomic::AtomicUsize>);

#[cfg(feature = "page")]
impl Drop for Stream {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

#[cfg(feature = "page")]
async fn events(Shared(s): Shared<Server>, headers: HeaderMap) -> Response {
    if let Err(r) = s.reader(&headers) {
        return r;
    }
    use std::sync::atomic::Ordering;
    if s.streams.fetch_add(1, Ordering::SeqCst) >= STREAMS {
        s.streams.fetch_sub(1, Ordering::SeqCst);
        return refuse(StatusCode::SERVICE_UNAVAILABLE, &s.word("page-busy", &[]));
    }
    let counted = Stream(std::sync::Arc::clone(&s.streams));
    let token = Server::token(&headers);
    let mut rx = s.state.clone();
    rx.mark_changed();
    let stream = futures_util::stream::unfold((rx, s, token, counted), |(mut rx, s, token, counted)| async move {
        rx.changed().await.ok()?;
        // A device unpaired since the stream began hears nothing more.
        if !s.opens(token.as_ref()) {
            return None;
        }
        let state = rx.borrow_and_update().clone();
        let json = serde_json::to_string(&s.served(state)).unwrap_or_default();
        Some((Ok::<_, std::convert::Infallible>(SseEvent::default().event("state").data(json)), (rx, s, token, counted)))
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

#[cfg(feature = "page")]
async fn pair(Shared(s): Shared<Server>, peer: Option<axum::Extension<serve::Peer>>, headers: HeaderMap, body: axum::body::Body) -> Response {
    if let Err(r) = s.json_from_here(&headers) {
        return r;
    }
    let Some(pairing) = s.access.pairing.clone() else {
        return refuse(StatusCode::BAD_REQUEST, &s.word("page-no-pairing", &[]));
    };
    let Ok(Ok(bytes)) = tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, 4096)).await else {
        return refuse(StatusCode::BAD_REQUEST, &s.word("page-bad-body", &[]));
    };
    let Some(b) = body_of::<PairBody>(&bytes) else {
        return refuse(StatusCode::BAD_REQUEST, &s.word("page-bad-body", &[]));
    };
    let address = peer.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |p| p.0.0.ip());
    let Ok(fresh) = random() else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "the system's random source failed");
    };
    let now = s.started.elapsed();
    match pairing.with(|p| p.pair(address, &b.code, now, fresh)) {
        pairing::Pair::Paired { token, number } => {
            s.tell(News::Paired { number, address });
            let cookie = format!("{COOKIE}={}; Path=/; HttpOnly; SameSite=Strict", token.hex());
            let mut r = Json(serde_json::json!({ "paired": true, "said": s.word("page-paired-here", &[("number", &number.to_string())]) })).into_response();
            if let Ok(v) = header::HeaderValue::from_str(&cookie) {
                r.headers_mut().insert(header::SET_COOKIE, v);
            }
            r
        }
        pairing::Pair::Wrong { lockout } => {
            if let Some(delay) = lockout {
                s.tell(News::LockedOut { address, delay });
            }
            refuse(StatusCode::UNAUTHORIZED, &s.word("page-wrong-code", &[]))
        }
        pairing::Pair::Locked(left) => locked(&s.word("page-locked", &[("seconds", &(left.as_secs() + 1).to_string())]), left),
        pairing::Pair::Paused { left, began } => {
            if began {
                s.tell(News::Paused(left));
            }
            locked(&s.word("page-paused", &[("seconds", &(left.as_secs() + 1).to_string())]), left)
        }
    }
}

#[cfg(feature = "page")]
fn locked(why: &str, left: Duration) -> Response {
    let seconds = left.as_secs() + 1;
    let mut r = refuse(StatusCode::TOO_MANY_REQUESTS, why);
    if let Ok(v) = header::HeaderValue::from_str(&seconds.to_string()) {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
    r
}

#[cfg(feature = "page")]
async fn enter_move(Shared(s): Shared<Server>, headers: HeaderMap, body: axum::body::Body) -> Response {
    let bytes = match s.change_body(&headers, body).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    match body_of::<MoveBody>(&bytes) {
        Some(b) if !b.text.trim().is_empty() => match s.fresh(&b.version) {
            Ok(()) => s.ask(Request::Move(b.text.trim().to_owned())).await,
            Err(r) => r,
        },
        _ => refuse(StatusCode::BAD_REQUEST, &s.word("page-bad-body", &[])),
    }
}

#[cfg(feature = "page")]
async fn transfer(Shared(s): Shared<Server>, headers: HeaderMap, body: axum::body::Body) -> Response {
    let bytes = match s.change_body(&headers, body).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    match body_of::<TransferBody>(&bytes) {
        Some(b) => match s.fresh(&b.version) {
            Ok(()) => s.ask(Request::Transfer(b.ply)).await,
            Err(r) => r,
        },
        None => refuse(StatusCode::BAD_REQUEST, &s.word("page-bad-body", &[])),
    }
}

#[cfg(feature = "page")]
async fn board(Shared(s): Shared<Server>, headers: HeaderMap, body: axum::body::Body) -> Response {
    let bytes = match s.change_body(&headers, body).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let Some(b) = body_of::<BoardBody>(&bytes) else {
        return refuse(StatusCode::BAD_REQUEST, &s.word("page-bad-body", &[]));
    };
    // The piece placement alone is enough; a whole FEN is accepted too.
    let placement = b.fen.split_whitespace().next().unwrap_or_default();
    match placement.parse::<shakmaty::Board>() {
        Ok(board) => match s.fresh(&b.version) {
            Ok(()) => s.ask(Request::Board(board)).await,
            Err(r) => r,
        },
        // In the page's words: the assistant reads this on the page.
        Err(_) => refuse(StatusCode::UNPROCESSABLE_ENTITY, &s.word("page-board-unreadable", &[("board", &crate::line::quote(b.fen.trim()))])),
    }
}

#[cfg(feature = "page")]
/// The page's routes, in the words of `words` (see [`words`] and
/// [`server_words`]), for the requests `access` lets in.
pub(crate) fn router(
    words: std::collections::BTreeMap<String, String>,
    access: Access,
    state: watch::Receiver<State>,
    pgn: watch::Receiver<String>,
    asks: mpsc::UnboundedSender<Asked>,
) -> Router {
    let mut page = INDEX.to_owned();
    for (id, text) in &words {
        page = page.replace(&format!("{{{{{id}}}}}"), &escape(text));
    }
    let server = Server {
        index: std::sync::Arc::new(page),
        words: std::sync::Arc::new(words),
        access: std::sync::Arc::new(access),
        started: std::time::Instant::now(),
        changes: std::sync::Arc::default(),
        streams: std::sync::Arc::default(),
        state,
        pgn,
        asks,
    };
    Router::new()
        .route("/", get(index))
        .route("/page.js", get(script))
        .route("/page.css", get(style))
        .route("/api/state", get(get_state))
        .route("/api/words", get(get_words))
        .route("/api/events", get(events))
        .route("/api/pgn", get(get_pgn))
        .route("/api/pair", post(pair))
        .route("/api/move", post(enter_move))
        .route("/api/transfer", post(transfer))
        .route("/api/board", post(board))
        .layer(DefaultBodyLimit::max(4096))
        .layer(axum::middleware::from_fn_with_state(server.clone(), guard))
        .with_state(server)
}

/// The server's own words (its refusals) in `texts`' language.
pub(crate) fn server_words(texts: &crate::i18n::Texts) -> std::collections::BTreeMap<String, String> {
    let mut args = fluent_bundle::FluentArgs::new();
    for name in ["seconds", "number"] {
        args.set(name, format!("{{{name}}}"));
    }
    SERVER_TEXT_IDS.iter().map(|id| ((*id).to_owned(), texts.get(id, Some(&args)))).collect()
}

#[cfg(feature = "page")]
/// Serves the page on `listener` until the runtime ends, within the limits
/// of `open_files` descriptors.
pub async fn serve(listener: tokio::net::TcpListener, router: Router, open_files: u64) {
    serve::serve(listener, router, serve::Limits::under(open_files)).await;
}

#[cfg(feature = "page")]
/// Raises the soft limit of open files to the hard one; the limit now.
pub fn raise_open_files() -> u64 {
    serve::raise_open_files()
}
/// Why the page is not served.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The address cannot be bound (or the pairing code not made).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The page is left out of this build (the `page` feature).
    #[error("{0}")]
    NotBuiltIn(#[from] crate::NotBuiltIn),
}

impl crate::i18n::Reason for StartError {
    fn said(&self) -> crate::i18n::Said {
        match self {
            StartError::Io(e) => crate::i18n::Reason::said(e),
            StartError::NotBuiltIn(e) => crate::i18n::Reason::said(e),
        }
    }
}

/// Binds `address` and serves the page there, on the running runtime, in
/// the words of `words` ([`words`] with [`server_words`]), with `pairing`
/// on the hall's network; the port it listens on. The page's sockets must
/// never take the descriptors the journal, the voice and the devices need:
/// the limit of open files is raised, and the page keeps within it.
#[cfg(feature = "page")]
pub async fn start(
    address: SocketAddr,
    pairing: Option<Pairing>,
    words: std::collections::BTreeMap<String, String>,
    state: watch::Receiver<State>,
    pgn: watch::Receiver<String>,
    asks: mpsc::UnboundedSender<Asked>,
) -> Result<u16, StartError> {
    let open_files = raise_open_files();
    let listener = tokio::net::TcpListener::bind(address).await?;
    let port = listener.local_addr()?.port();
    let access = Access { port, pairing };
    let router = router(words, access, state, pgn, asks);
    tokio::spawn(serve(listener, router, open_files));
    Ok(port)
}

/// Without the `page` feature: says the page is not built in.
#[cfg(not(feature = "page"))]
pub async fn start(
    _address: SocketAddr,
    _pairing: Option<Pairing>,
    _words: std::collections::BTreeMap<String, String>,
    _state: watch::Receiver<State>,
    _pgn: watch::Receiver<String>,
    _asks: mpsc::UnboundedSender<Asked>,
) -> Result<u16, StartError> {
    Err(crate::NotBuiltIn::new("page").into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices() {
        assert_eq!("off".parse(), Ok(Choice::Off));
        assert_eq!("local".parse(), Ok(Choice::Local(PORT)));
        assert_eq!("LAN:9000".parse(), Ok(Choice::Lan(9000)));
        assert_eq!("local:0".parse(), Ok(Choice::Local(0)));
        assert!("wan".parse::<Choice>().is_err());
        assert!("local:x".parse::<Choice>().is_err());
        assert_eq!(Choice::Local(1).address().unwrap().ip().to_string(), "127.0.0.1");
        assert_eq!(Choice::Lan(1).address().unwrap().ip().to_string(), "0.0.0.0");
        assert_eq!(Choice::Off.address(), None);
    }

    #[test]
    fn the_page_has_every_word_in_every_language() {
        for lang in ["en", "es", "pt", "fr", "de", "it", "nl"] {
            let w = words(&crate::i18n::Texts::pack(lang).unwrap(), lang);
            for id in TEXT_IDS {
                assert!(!w[id].is_empty() && w[id] != id, "{lang} {id}");
            }
            assert!(w["page-to-move"].contains("{side}"), "{lang}");
            assert!(w["page-board-unreadable"].contains("{board}"), "{lang}");
        }
        // Every placeholder of the page is a word.
        let mut rest = INDEX;
        while let Some(i) = rest.find("{{") {
            let end = rest[i..].find("}}").unwrap();
            let id = &rest[i + 2..i + end];
            assert!(TEXT_IDS.contains(&id) || id == "page-lang", "{id}");
            rest = &rest[i + end..];
        }
    }

    fn session(lang: &str, fen: Option<&str>) -> Session {
        let setup = crate::game::entry::Setup {
            lang: lang.parse().expect("a language"),
            side: crate::game::entry::Side::White,
            time_control: "5400+30".parse().expect("a time control"),
            mirror: false,
            confirm_always: false,
            correction_ms: 0,
            low_time_warnings: Vec::new(),
            warn_both: false,
            fen: fen.map(|f| f.parse().expect("a FEN")),
            tags: Vec::new(),
            announce: None,
            announce_style: Default::default(),
            file_words: Default::default(),
            transfers: crate::game::transfer::Mode::Both,
            transfer_reminder_ms: 0,
            study: None,
            engine: false,
            claim_hints: false,
            study_notes: Default::default(),
        };
        Session::new(setup, Duration::ZERO).unwrap().0
    }

    fn play(s: &mut Session, san: &str) {
        let m = san.parse::<shakmaty::san::San>().unwrap().to_move(s.position()).unwrap();
        s.handle(Duration::from_secs(1), crate::game::event::Event::Played(m));
    }

    #[test]
    fn the_scoresheet_is_in_the_players_letters() {
        // The example game of FIDE's Laws, Appendix C, in Spanish (C.13):
        // "1. e4 e5 2. Cf3 Cf6 3. d4 exd4 4. e5 Ce4 5. Dxd4 d5 6. exd6 a.p.
        // Cxd6 7. Ag5 Cc6 8. De3+ Ae7 9. Cbd2 0-0 10. 0-0-0 Te8 11. Rb1".
        let mut s = session("es", None);
        let english = "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1";
        for m in english.split(' ') {
            play(&mut s, m);
        }
        let state = state_of(&s, Duration::from_secs(2), "");
        let sans: Vec<&str> = state.moves.iter().map(|m| m.san.as_str()).collect();
        let fide = "e4 e5 Cf3 Cf6 d4 exd4 e5 Ce4 Dxd4 d5 exd6 Cxd6 Ag5 Cc6 De3+ Ae7 Cbd2 0-0 0-0-0 Te8 Rb1";
        let fide: Vec<&str> = fide.split(' ').collect();
        // En passant marked as the Spanish text of Appendix C writes it.
        assert_eq!(sans[10], "exd6 a.p.");
        assert_eq!([&sans[..10], &sans[11..]].concat(), [&fide[..10], &fide[11..]].concat());
        let squares: Vec<&str> = state.moves.iter().map(|m| m.uci.as_str()).take(4).collect();
        assert_eq!(squares, ["e2e4", "e7e5", "g1f3", "g8f6"]);
        assert_eq!(state.moves[17].uci, "e8g8", "castling as the king's move");
        // German: S for the Springer (Appendix C.3).
        let mut s = session("de", None);
        play(&mut s, "Nf3");
        assert_eq!(state_of(&s, Duration::from_secs(2), "").moves[0].san, "Sf3");
    }

    #[test]
    fn a_move_two_notations_read_differently_is_refused_with_both() {
        // White: king e1, rook a2. Spanish Rd2 is the king (rey) to d2,
        // English Rd2 the rook.
        let s = session("es", Some("4k3/8/8/8/8/8/R7/4K3 w - - 0 1"));
        let why = read_move(&s, "Rd2").unwrap_err();
        assert!(why.contains("Rd2 (e1d2)") && why.contains("Td2 (a2d2)"), "{why}");
        let why = read_move(&s, "1. Rd2").unwrap_err();
        assert!(why.starts_with("«Rd2»"), "{why}");
        // Written one way only: the Spanish rook, the English king, squares.
        let squares = |text: &str| read_move(&s, text).map(|m| (m.from().unwrap().to_string(), m.to().to_string()));
        assert_eq!(squares("Td2"), Ok(("a2".into(), "d2".into())));
        assert_eq!(squares("Kd2"), Ok(("e1".into(), "d2".into())), "English, which Spanish cannot read");
        assert_eq!(squares("e1d2"), Ok(("e1".into(), "d2".into())));
        assert_eq!(squares("Rf1"), Ok(("e1".into(), "f1".into())), "the rook cannot reach f1: only the king");
        // Spanish Rb2 cannot be the king's: never read as the English rook.
        assert!(read_move(&s, "Rb2").is_err());
        let why = read_move(&s, "Rb2").unwrap_err();
        assert!(why.contains("Tb2") || why.contains("torre b2"), "the rook named as a candidate: {why}");
        // Dutch P is the knight (paard), English P a pawn.
        let s = session("nl", None);
        let why = read_move(&s, "Pc3").unwrap_err();
        assert!(why.contains("Pc3 (b1c3)") && why.contains("c3 (c2c3)"), "{why}");
        // An English page reads English only: the rook.
        let s = session("en", Some("4k3/8/8/8/8/8/R7/4K3 w - - 0 1"));
        assert_eq!(read_move(&s, "Rd2").map(|m| m.from().unwrap().to_string()), Ok("a2".into()));
        // What neither reads is refused in the player's words.
        let s = session("es", None);
        assert!(read_move(&s, "Xz9").is_err());
    }

    #[test]
    fn only_this_servers_own_addresses_are_hosts() {
        for host in ["127.0.0.1:8787", "localhost:8787", "LOCALHOST:8787", "[::1]:8787", "127.0.0.2:8787"] {
            assert!(host_allowed(host, 8787, false), "{host}");
            assert!(host_allowed(host, 8787, true), "{host}");
        }
        for host in ["192.168.1.20:8787", "10.0.0.5:8787", "[fe80::1]:8787"] {
            assert!(!host_allowed(host, 8787, false), "{host}");
            assert!(host_allowed(host, 8787, true), "{host}");
        }
        for host in ["evil.example:8787", "127.0.0.1.nip.io:8787", "127.0.0.1:8788", "127.0.0.1", "", "[::1]", "[::1:8787", "127.0.0.1:x", "localhost.evil.example:8787", "2130706433:8787"] {
            assert!(!host_allowed(host, 8787, false), "{host}");
            assert!(!host_allowed(host, 8787, true), "{host}");
        }
        assert!(host_allowed("127.0.0.1", 80, false));
    }
}
