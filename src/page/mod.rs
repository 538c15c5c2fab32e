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
//! - `POST /api/move` `{"move": "Nf6"}`; `POST /api/transfer` `{"ply": 3}`;
//!   `POST /api/board` `{"fen": "..."}`: what the tournament board shows
//!   (a FEN or its piece placement alone), answered with how to fix it
//!   when it differs, in the player's language (an unreadable board too);
//! - `GET /api/pgn` the game so far as PGN.
//!
//! The pure part is [`State`] and [`state_of`]; the server is a thin driver
//! on the daemon's tokio runtime that hands each change to the daemon as an
//! [`Asked`] and answers with what the session said.
//!
//! Invariants (security):
//! - bound to 127.0.0.1 unless LAN mode is chosen; in LAN mode every request
//!   that changes anything carries the pairing code said and printed at
//!   start (`X-Tiflo-Code`), else 401 and nothing changes; after
//!   [`Lockout::TRIES`] wrong codes every change is refused (429) for a delay
//!   that doubles with each lockout, and the player is told;
//! - every request, reading ones too, must name this server in its `Host`
//!   ([`host_allowed`]: locally a loopback address or `localhost`, on the
//!   LAN any IP address, always this port; never a DNS name, which is what
//!   a DNS rebinding attack needs), else 421;
//! - a change must be JSON (`Content-Type: application/json`, which a form
//!   on another site cannot send without the browser asking first) and, when
//!   the browser names an `Origin`, it must be this server's own, else 403;
//! - bodies over 4 KiB are refused (413, `line-too-long` in the player's
//!   words); bad input is a 4xx with the reason in
//!   words, and the game is unchanged;
//! - the page enters only the sighted opponent's moves: a move sent while
//!   the blind player is to move is refused (409, [`Refusal::PlayersTurn`])
//!   and nothing is recorded (study mode, which has no opponent, excepted).

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State as Shared};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Color, EnPassantMode, Position};
use tokio::sync::{mpsc, oneshot, watch};

use crate::session::Session;
use crate::transfer::To;

const INDEX: &str = include_str!("index.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// The page's words, from `page.ftl` in the player's language pack.
pub const TEXT_IDS: [&str; 51] = [
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
];

/// The page's words in `texts`' language (`lang`, its code, is the page's
/// `lang` for screen readers), each message's arguments left as `{name}`
/// for the page to fill in.
pub fn words(texts: &crate::i18n::Texts, lang: &str) -> std::collections::BTreeMap<String, String> {
    let mut args = fluent_bundle::FluentArgs::new();
    for name in ["side", "result", "move", "status", "seconds", "board", "most"] {
        args.set(name, format!("{{{name}}}"));
    }
    let mut out: std::collections::BTreeMap<String, String> = TEXT_IDS.iter().map(|id| ((*id).to_owned(), texts.get(id, Some(&args)))).collect();
    out.insert("page-lang".to_owned(), lang.to_owned());
    // A body too long to read, refused in these words.
    out.insert("line-too-long".to_owned(), texts.get("line-too-long", Some(&args)));
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The default port.
pub const PORT: u16 = 8787;

/// Where the page is served: `off`, `local[:PORT]` (this computer only) or
/// `lan[:PORT]` (the hall's network, with a pairing code).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Choice {
    #[default]
    Off,
    Local(u16),
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
pub fn host_allowed(host: &str, port: u16, lan: bool) -> bool {
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

/// Wrong pairing codes, pure: after [`Lockout::TRIES`] wrong codes (from any
/// client) every change is refused for a delay, [`Lockout::FIRST`] at first
/// and doubling with each lockout up to [`Lockout::LONGEST`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lockout {
    /// Wrong codes since the last lockout or right code.
    wrong: u32,
    /// Lockouts so far.
    lockouts: u32,
    /// Changes are refused until then.
    until: Option<Duration>,
}

/// What [`Lockout::check`] decided about one code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The right code: the change may go on.
    Right,
    /// A wrong code; `Some` delay when it begins a lockout of that long.
    Wrong(Option<Duration>),
    /// Locked out: refused whatever the code, for this long still.
    Locked(Duration),
}

impl Lockout {
    /// Wrong codes allowed before a lockout.
    pub const TRIES: u32 = 5;
    /// The first lockout's length.
    pub const FIRST: Duration = Duration::from_secs(30);
    /// The longest lockout.
    pub const LONGEST: Duration = Duration::from_secs(3600);

    /// A code given at `now` (any monotonic time), `right` or not.
    pub fn check(&mut self, now: Duration, right: bool) -> Verdict {
        if let Some(until) = self.until {
            if now < until {
                return Verdict::Locked(until - now);
            }
            self.until = None;
        }
        if right {
            self.wrong = 0;
            return Verdict::Right;
        }
        self.wrong += 1;
        if self.wrong < Self::TRIES {
            return Verdict::Wrong(None);
        }
        self.wrong = 0;
        let delay = Self::FIRST.saturating_mul(1u32 << self.lockouts.min(16)).min(Self::LONGEST);
        self.lockouts = self.lockouts.saturating_add(1);
        self.until = Some(now + delay);
        Verdict::Wrong(Some(delay))
    }
}

/// Who may use the page: the port it is served on, whether on the hall's
/// network, and the pairing code every change needs there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub port: u16,
    pub lan: bool,
    pub code: Option<String>,
}

/// One move of the game as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyView {
    /// 0 is the record's first move.
    pub ply: usize,
    /// The full-move number.
    pub number: u32,
    pub side: &'static str,
    /// Standard algebraic notation, with check and mate signs.
    pub san: String,
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
    pub fen: String,
    /// `white` or `black`: whose move it is.
    pub turn: &'static str,
    /// The blind player's colour.
    pub player: &'static str,
    pub moves: Vec<PlyView>,
    /// The transfers still to make (the plies of `moves`).
    pub pending: Vec<usize>,
    pub white_ms: u64,
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

/// The page's view of the game at `now`.
pub fn state_of(session: &Session, now: Duration, said: &str) -> State {
    let record = session.record();
    let transfers = session.transfers();
    let mut pos = record.start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (ply, m) in record.moves.iter().enumerate() {
        let side = pos.turn();
        let number = pos.fullmoves().get();
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m.mv).to_string();
        let t = transfers.iter().find(|(p, _, _)| *p == ply);
        moves.push(PlyView {
            ply,
            number,
            side: color_name(side),
            san,
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

/// A change the page asks of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A move typed in any notation, or two squares (`e2e4`).
    Move(String),
    /// This ply's transfer is done.
    Transfer(usize),
    /// The tournament board shows these pieces.
    Board(shakmaty::Board),
    /// Not a change: wrong pairing codes were tried, and changes are now
    /// refused for this long. The player is told.
    WrongCodes(Duration),
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
    pub request: Request,
    pub reply: oneshot::Sender<Result<String, Refusal>>,
}

/// What the server shares between requests.
#[derive(Clone)]
struct Server {
    /// The page, its words filled in.
    index: std::sync::Arc<String>,
    words: std::sync::Arc<std::collections::BTreeMap<String, String>>,
    access: std::sync::Arc<Access>,
    lockout: std::sync::Arc<std::sync::Mutex<Lockout>>,
    /// When the server started: the lockout's clock.
    started: std::time::Instant,
    state: watch::Receiver<State>,
    pgn: watch::Receiver<String>,
    asks: mpsc::UnboundedSender<Asked>,
}

#[derive(Deserialize)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
}

#[derive(Deserialize)]
struct TransferBody {
    ply: usize,
}

#[derive(Deserialize)]
struct BoardBody {
    fen: String,
}

fn refuse(status: StatusCode, why: &str) -> Response {
    (status, Json(serde_json::json!({ "error": why }))).into_response()
}

impl Server {
    /// A word of the page, its arguments (`{name}`) filled in.
    fn word(&self, id: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.words.get(id).map_or_else(|| id.to_owned(), Clone::clone);
        for (name, value) in args {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    /// Whether a request may change the game; the refusal when not.
    fn admit(&self, headers: &HeaderMap) -> Result<(), Response> {
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json")));
        if !json {
            return Err(refuse(StatusCode::UNSUPPORTED_MEDIA_TYPE, "send JSON (Content-Type: application/json)"));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
            let own = origin.to_str().ok().is_some_and(|o| o.strip_prefix("http://") == Some(host));
            if !own {
                return Err(refuse(StatusCode::FORBIDDEN, "requests from other sites are refused"));
            }
        }
        if let Some(code) = &self.access.code {
            let given = headers.get("x-tiflo-code").and_then(|v| v.to_str().ok()).unwrap_or_default();
            let now = self.started.elapsed();
            let verdict = self.lockout.lock().map_or(Verdict::Locked(Lockout::FIRST), |mut l| l.check(now, given.trim() == code));
            match verdict {
                Verdict::Right => {}
                Verdict::Wrong(locked) => {
                    if let Some(delay) = locked {
                        // The player hears that someone is trying codes.
                        let (reply, _) = oneshot::channel();
                        let _ = self.asks.send(Asked { request: Request::WrongCodes(delay), reply });
                    }
                    return Err(refuse(StatusCode::UNAUTHORIZED, &self.word("page-wrong-code", &[])));
                }
                Verdict::Locked(left) => {
                    let seconds = left.as_secs() + 1;
                    let mut r = refuse(StatusCode::TOO_MANY_REQUESTS, &self.word("page-locked", &[("seconds", &seconds.to_string())]));
                    if let Ok(v) = header::HeaderValue::from_str(&seconds.to_string()) {
                        r.headers_mut().insert(header::RETRY_AFTER, v);
                    }
                    return Err(r);
                }
            }
        }
        Ok(())
    }

    async fn ask(&self, request: Request) -> Response {
        let (reply, answer) = oneshot::channel();
        if self.asks.send(Asked { request, reply }).is_err() {
            return refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has ended");
        }
        match answer.await {
            Ok(Ok(said)) => Json(serde_json::json!({ "said": said })).into_response(),
            Ok(Err(Refusal::Invalid(why))) => refuse(StatusCode::UNPROCESSABLE_ENTITY, &why),
            Ok(Err(Refusal::PlayersTurn(why))) => refuse(StatusCode::CONFLICT, &why),
            Err(_) => refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has ended"),
        }
    }
}

/// Every request, reading ones too (the state tells the game), must name
/// this server in its `Host`.
async fn guard(Shared(s): Shared<Server>, request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).map(str::to_owned);
    let host = host.or_else(|| request.uri().authority().map(|a| a.as_str().to_owned())).unwrap_or_default();
    if !host_allowed(&host, s.access.port, s.access.lan) {
        return refuse(StatusCode::MISDIRECTED_REQUEST, &s.word("page-wrong-host", &[]));
    }
    let response = next.run(request).await;
    // A body over the limit, said in the page's words.
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return refuse(StatusCode::PAYLOAD_TOO_LARGE, &s.word("line-too-long", &[("most", &crate::line::MAX_LINE_CHARS.to_string())]));
    }
    response
}

async fn index(Shared(s): Shared<Server>) -> Html<String> {
    Html(s.index.as_ref().clone())
}

async fn get_words(Shared(s): Shared<Server>) -> Json<std::collections::BTreeMap<String, String>> {
    Json(s.words.as_ref().clone())
}

async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], SCRIPT)
}

async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

async fn get_state(Shared(s): Shared<Server>) -> Json<State> {
    Json(s.state.borrow().clone())
}

async fn get_pgn(Shared(s): Shared<Server>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8"), (header::CONTENT_DISPOSITION, "attachment; filename=\"game.pgn\"")],
        s.pgn.borrow().clone(),
    )
}

async fn events(Shared(s): Shared<Server>) -> Sse<impl futures_util::Stream<Item = Result<SseEvent, std::convert::Infallible>>> {
    let mut rx = s.state.clone();
    rx.mark_changed();
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.changed().await.ok()?;
        let json = serde_json::to_string(&*rx.borrow_and_update()).unwrap_or_default();
        Some((Ok(SseEvent::default().event("state").data(json)), rx))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

async fn enter_move(Shared(s): Shared<Server>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    if let Err(r) = s.admit(&headers) {
        return r;
    }
    match serde_json::from_slice::<MoveBody>(&body) {
        Ok(b) if !b.text.trim().is_empty() => s.ask(Request::Move(b.text.trim().to_owned())).await,
        _ => refuse(StatusCode::BAD_REQUEST, "expected {\"move\": \"...\"}"),
    }
}

async fn transfer(Shared(s): Shared<Server>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    if let Err(r) = s.admit(&headers) {
        return r;
    }
    match serde_json::from_slice::<TransferBody>(&body) {
        Ok(b) => s.ask(Request::Transfer(b.ply)).await,
        Err(_) => refuse(StatusCode::BAD_REQUEST, "expected {\"ply\": N}"),
    }
}

async fn board(Shared(s): Shared<Server>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    if let Err(r) = s.admit(&headers) {
        return r;
    }
    let Ok(b) = serde_json::from_slice::<BoardBody>(&body) else {
        return refuse(StatusCode::BAD_REQUEST, "expected {\"fen\": \"...\"}");
    };
    // The piece placement alone is enough; a whole FEN is accepted too.
    let placement = b.fen.split_whitespace().next().unwrap_or_default();
    match placement.parse::<shakmaty::Board>() {
        Ok(board) => s.ask(Request::Board(board)).await,
        // In the page's words: the assistant reads this on the page.
        Err(_) => refuse(StatusCode::UNPROCESSABLE_ENTITY, &s.word("page-board-unreadable", &[("board", &crate::line::quote(b.fen.trim()))])),
    }
}

/// The page's routes, in the words of `words` (see [`words`]), for the
/// requests `access` lets in.
pub fn router(
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
        lockout: std::sync::Arc::default(),
        started: std::time::Instant::now(),
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
        .route("/api/move", post(enter_move))
        .route("/api/transfer", post(transfer))
        .route("/api/board", post(board))
        .layer(DefaultBodyLimit::max(4096))
        .layer(axum::middleware::from_fn_with_state(server.clone(), guard))
        .with_state(server)
}

/// Six random digits for LAN mode, from the system's random source.
pub fn pairing_code() -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = [0u8; 8];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(format!("{:06}", u64::from_le_bytes(bytes) % 1_000_000))
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

    #[test]
    fn wrong_codes_lock_changes_out_for_a_growing_delay() {
        let s = Duration::from_secs;
        let mut l = Lockout::default();
        for _ in 1..Lockout::TRIES {
            assert_eq!(l.check(s(0), false), Verdict::Wrong(None));
        }
        assert_eq!(l.check(s(1), true), Verdict::Right, "a right code starts the count again");
        for _ in 1..Lockout::TRIES {
            assert_eq!(l.check(s(2), false), Verdict::Wrong(None));
        }
        assert_eq!(l.check(s(2), false), Verdict::Wrong(Some(Lockout::FIRST)));
        // Locked: even the right code is refused until the delay is over.
        assert_eq!(l.check(s(12), true), Verdict::Locked(s(20)));
        assert_eq!(l.check(s(31), false), Verdict::Locked(s(1)));
        assert_eq!(l.check(s(32), true), Verdict::Right);
        // The next lockout is twice as long, and so on up to the longest.
        let mut now = s(40);
        let mut want = Lockout::FIRST * 2;
        for _ in 0..12 {
            let mut got = Verdict::Wrong(None);
            for _ in 0..Lockout::TRIES {
                got = l.check(now, false);
            }
            assert_eq!(got, Verdict::Wrong(Some(want)));
            assert!(matches!(l.check(now + want - s(1), true), Verdict::Locked(_)));
            now += want;
            want = (want * 2).min(Lockout::LONGEST);
        }
    }

    #[test]
    fn pairing_codes_are_six_digits() {
        let c = pairing_code().unwrap();
        assert!(c.len() == 6 && c.chars().all(|d| d.is_ascii_digit()), "{c}");
    }
}
