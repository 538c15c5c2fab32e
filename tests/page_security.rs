//! The assistant's page on the hall's network, attacked as a neighbour with
//! a phone or a laptop would, through the real daemon and its server on
//! loopback (other devices are other loopback addresses, 127.0.0.x): the
//! pairing code is in nothing the server sends; reading and changing need a
//! paired browser's token; a change is let through once; wrong codes lock
//! out their own device, never the paired assistant; thousands of idle
//! sockets leave the assistant and the player working; every answer forbids
//! framing.

#[path = "common/game.rs"]
mod game;
#[path = "common/http.rs"]
mod http;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use game::Game;
use serde_json::json;

/// A daemon with the page on the hall's network, on a free port; the page's
/// loopback `host:port` and the pairing code the player heard.
fn start(dir: &Path) -> (Game, String, String) {
    let settings = dir.join("config").join("tiflo");
    std::fs::create_dir_all(&settings).unwrap();
    std::fs::write(settings.join("config.toml"), "transfers = \"both\"\n").unwrap();
    let mut g = Game::start(dir, &["--lang", "en", "--listen", "none", "--page", "lan:0"]);
    let ready = g.wait_for("The assistant's page is at http://");
    let port = ready.split("http://").nth(1).unwrap().split('/').next().unwrap().rsplit(':').next().unwrap().to_owned();
    let code = http::code_in(&ready);
    (g, format!("127.0.0.1:{port}"), code)
}

/// Whether `text` holds `code`, its digits in a row or spaced as said.
fn holds(text: &str, code: &str) -> bool {
    let spaced: String = code.chars().map(String::from).collect::<Vec<_>>().join(" ");
    text.contains(code) || text.contains(&spaced)
}

/// The first event of the page's live stream, read with `headers`: the
/// status and the first `data:` line (empty when refused).
fn first_event(addr: &str, headers: &[(&str, &str)]) -> (u16, String) {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut req = format!("GET /api/events HTTP/1.1\r\nHost: {addr}\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).unwrap();
    let mut lines = BufReader::new(s).lines().map_while(Result::ok);
    let status = lines.next().unwrap_or_default().split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    if status != 200 {
        return (status, String::new());
    }
    (status, lines.find_map(|l| l.strip_prefix("data: ").map(str::to_owned)).unwrap_or_default())
}

fn sans(addr: &str, cookie: &str) -> Vec<String> {
    let state = http::state_with(addr, &[("Cookie", cookie)]);
    state["moves"].as_array().unwrap().iter().map(|m| m["san"].as_str().unwrap().to_owned()).collect()
}

#[test]
fn the_pairing_code_is_in_nothing_the_server_sends() {
    let dir = tempfile::tempdir().unwrap();
    let (mut g, addr, code) = start(dir.path());
    // A stranger's view: the shell, and refusals.
    let mut bodies = Vec::new();
    for path in ["/", "/page.js", "/page.css", "/api/words", "/api/state", "/api/pgn", "/nothing"] {
        let a = http::get(&addr, path);
        bodies.push((path.to_owned(), a.status, a.body));
    }
    bodies.push(("events".into(), 0, first_event(&addr, &[]).1));
    // A paired browser's view, while the last sentence said is the one that
    // told the player the code.
    let cookie = http::pair(&addr, &code);
    let paired = [("Cookie", cookie.as_str())];
    for path in ["/", "/api/state", "/api/pgn", "/api/words"] {
        let a = http::request(&addr, "GET", path, &paired, "");
        assert_eq!(a.status, 200, "{path}");
        bodies.push((path.to_owned(), a.status, a.body));
    }
    let (status, event) = first_event(&addr, &paired);
    assert_eq!(status, 200);
    bodies.push(("paired events".into(), status, event));
    // The player asks to hear the code again: still not on the page.
    g.wait_for("Phone 1 is now paired");
    g.type_line("repeat");
    g.wait_for("Phone 1 is now paired");
    // A new code, after revoking every phone.
    g.type_line("page revoke");
    let revoked = g.wait_for("Every phone is unpaired. The new pairing code is");
    let new_code = http::code_in(&revoked);
    assert_ne!(new_code, code);
    let cookie2 = http::pair(&addr, &new_code);
    let state = http::request(&addr, "GET", "/api/state", &[("Cookie", cookie2.as_str())], "");
    bodies.push(("state after revoking".into(), state.status, state.body));
    for (what, status, body) in &bodies {
        for c in [&code, &new_code] {
            assert!(!holds(body, c), "{what} ({status}) holds the code {c}: {body}");
        }
    }
    // What the server said was read at all: shell and refusals.
    assert!(bodies.iter().any(|(p, s, b)| p == "/" && *s == 200 && b.contains("<main>")));
    assert!(bodies.iter().any(|(p, s, _)| p == "/api/state" && *s == 401));
    g.quit();
}

#[test]
fn on_the_halls_network_reading_and_changing_need_a_paired_browser() {
    let dir = tempfile::tempdir().unwrap();
    let (mut g, addr, code) = start(dir.path());
    g.type_line("e4");
    g.wait_for("1. White: e4");
    // A neighbour without a token: the shell only.
    assert_eq!(http::get(&addr, "/").status, 200);
    assert_eq!(http::get(&addr, "/api/words").status, 200);
    let forged = format!("tiflo-token={}", "ab".repeat(32));
    for headers in [vec![], vec![("Cookie", forged.as_str())], vec![("Cookie", "tiflo-token=")]] {
        for path in ["/api/state", "/api/pgn"] {
            let a = http::request(&addr, "GET", path, &headers, "");
            assert_eq!(a.status, 401, "{path} {headers:?}: {a:?}");
            assert_eq!(a.json()["pair"], true);
            assert!(!a.body.contains("e4"), "{a:?}");
        }
        assert_eq!(first_event(&addr, &headers).0, 401);
        for (path, body) in [("/api/move", json!({ "move": "e5", "version": "" })), ("/api/transfer", json!({ "ply": 0, "version": "" }))] {
            let a = http::request(&addr, "POST", path, &[&[("Content-Type", "application/json")], headers.as_slice()].concat(), &body.to_string());
            assert_eq!(a.status, 401, "{path}: {a:?}");
        }
    }
    // The old way, the bare code in a header, opens nothing.
    let a = http::post_json(&addr, "/api/move", &[("X-Tiflo-Code", code.as_str())], &json!({ "move": "e5", "version": "" }));
    assert_eq!(a.status, 401, "{a:?}");
    // Paired: the page reads and changes.
    let cookie = http::pair(&addr, &code);
    g.wait_for("Phone 1 is now paired with the assistant's page, from 127.0.0.1.");
    assert_eq!(sans(&addr, &cookie), ["e4"]);
    let a = http::change(&addr, "/api/move", &[("Cookie", cookie.as_str())], &json!({ "move": "e5" }));
    assert_eq!(a.status, 200, "{a:?}");
    g.wait_for("1. Black: e5");
    // The player lists and revokes it: it reads nothing more.
    g.type_line("page devices");
    let listed = g.wait_for("Phone 1, from 127.0.0.1, paired");
    assert!(listed.ends_with("just now.") || listed.ends_with("one minute ago."), "{listed}");
    g.type_line("page revoke 2");
    g.wait_for("No phone 2 is paired.");
    assert_eq!(sans(&addr, &cookie), ["e4", "e5"], "revoking no one changes nothing");
    g.type_line("page revoke 1");
    g.wait_for("Phone 1 is unpaired. The new pairing code is");
    assert_eq!(http::request(&addr, "GET", "/api/state", &[("Cookie", cookie.as_str())], "").status, 401);
    // The old code no longer pairs.
    let a = http::post_json(&addr, "/api/pair", &[], &json!({ "code": code }));
    assert_eq!(a.status, 401, "{a:?}");
    g.type_line("page devices");
    g.wait_for("No phone is paired with the assistant's page.");
    g.quit();
}

#[test]
fn a_change_is_let_through_once_and_never_against_another_game() {
    let dir = tempfile::tempdir().unwrap();
    let (mut g, addr, code) = start(dir.path());
    let cookie = http::pair(&addr, &code);
    let paired = [("Cookie", cookie.as_str()), ("Content-Type", "application/json")];
    g.type_line("e4");
    g.wait_for("1. White: e4");
    let version = http::state_with(&addr, &paired)["version"].as_str().unwrap().to_owned();
    let transfer = json!({ "ply": 0, "version": version }).to_string();
    let a = http::request(&addr, "POST", "/api/transfer", &paired, &transfer);
    assert_eq!(a.status, 200, "{a:?}");
    let next = a.json()["version"].as_str().unwrap().to_owned();
    assert_ne!(next, version);
    // The same request, captured and sent again: refused, with the reason.
    let a = http::request(&addr, "POST", "/api/transfer", &paired, &transfer);
    assert_eq!(a.status, 409, "{a:?}");
    assert_eq!(a.json()["stale"], true);
    assert!(a.json()["error"].as_str().unwrap().starts_with("The game has changed since this page last showed it"), "{a:?}");
    // A move made against the game before the player's takeback: stale.
    let before = http::state_with(&addr, &paired)["version"].as_str().unwrap().to_owned();
    assert_eq!(before, next, "the version the answer gave is the state's");
    g.type_line("takeback");
    g.wait_for("Yes or no.");
    g.type_line("yes");
    g.wait_for("taken back");
    g.type_line("d4");
    g.wait_for("1. White: d4");
    let a = http::request(&addr, "POST", "/api/move", &paired, &json!({ "move": "d5", "version": before }).to_string());
    assert_eq!(a.status, 409, "{a:?}");
    assert_eq!(sans(&addr, &cookie), ["d4"], "nothing recorded");
    // Bodies of another shape change nothing.
    let now = http::state_with(&addr, &paired)["version"].as_str().unwrap().to_owned();
    for body in [
        json!(["d7d5"]).to_string(),
        json!({ "move": "d5" }).to_string(),
        json!({ "move": "d5", "version": now, "side": "white" }).to_string(),
        json!({ "move": ["d5"], "version": now }).to_string(),
        "\"d5\"".to_owned(),
        "{".to_owned(),
    ] {
        let a = http::request(&addr, "POST", "/api/move", &paired, &body);
        assert_eq!(a.status, 400, "{body}: {a:?}");
    }
    let a = http::request(&addr, "POST", "/api/move", &paired, &json!({ "move": "d5", "version": now }).to_string());
    assert_eq!(a.status, 200, "the right shape, against the game as it is: {a:?}");
    g.wait_for("1. Black: d5");
    g.quit();
}

#[test]
fn wrong_codes_lock_out_the_neighbour_and_never_the_paired_assistant() {
    let dir = tempfile::tempdir().unwrap();
    let (mut g, addr, code) = start(dir.path());
    let cookie = http::pair(&addr, &code);
    g.wait_for("Phone 1 is now paired");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let neighbour = Some("127.0.0.2");
    let try_code = |from: Option<&str>, c: &str| http::request_from(from, &addr, "POST", "/api/pair", &[("Content-Type", "application/json")], &json!({ "code": c }).to_string());
    for _ in 0..4 {
        assert_eq!(try_code(neighbour, wrong).status, 401);
    }
    // The fifth locks the neighbour out, and the player is told, once.
    let a = try_code(neighbour, wrong);
    assert_eq!(a.status, 401, "{a:?}");
    let told = g.wait_for("A device at 127.0.0.2 has typed wrong pairing codes");
    assert!(told.ends_with("it cannot pair for 30 seconds."), "{told}");
    // Even the right code from there waits.
    let a = try_code(neighbour, &code);
    assert_eq!(a.status, 429, "{a:?}");
    assert!(a.header("retry-after").is_some_and(|s| s.parse::<u64>().is_ok_and(|s| (1..=30).contains(&s))), "{a:?}");
    assert!(a.json()["error"].as_str().unwrap().starts_with("Too many wrong pairing codes"), "{a:?}");
    for _ in 0..3 {
        assert_eq!(try_code(neighbour, wrong).status, 429);
    }
    // The assistant's phone goes on as if nothing happened, and another
    // phone of the assistant's pairs.
    g.type_line("e4");
    g.wait_for("1. White: e4");
    let a = http::change(&addr, "/api/move", &[("Cookie", cookie.as_str())], &json!({ "move": "e5" }));
    assert_eq!(a.status, 200, "{a:?}");
    g.wait_for("1. Black: e5");
    assert_eq!(try_code(Some("127.0.0.3"), &code).status, 200);
    // Told once: the refusals during the lockout said nothing more.
    g.type_line("page devices");
    let mut after = Vec::new();
    loop {
        let s = g.next();
        if s.starts_with("Phone 2") {
            break;
        }
        after.push(s);
    }
    assert_eq!(g.heard.iter().filter(|h| h.contains("has typed wrong pairing codes")).count(), 1, "{:#?}", g.heard);
    g.quit();
}

#[test]
fn every_answer_forbids_framing_and_sniffing() {
    let dir = tempfile::tempdir().unwrap();
    let (g, addr, _) = start(dir.path());
    for path in ["/", "/page.js", "/api/state", "/api/words"] {
        let a = http::get(&addr, path);
        let csp = a.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("default-src 'self'"), "{path}: {a:?}");
        assert_eq!(a.header("x-frame-options"), Some("DENY"), "{path}");
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"), "{path}");
        assert_eq!(a.header("referrer-policy"), Some("no-referrer"), "{path}");
    }
    // Refused requests too (a wrong host).
    let a = http::request(&addr, "GET", "/", &[("Host", "evil.example")], "");
    assert_eq!(a.status, 421);
    assert_eq!(a.header("x-frame-options"), Some("DENY"));
    g.quit();
}

/// Raises this process's open-files limit as far as allowed; the limit.
fn raise_open_files() -> u64 {
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        let mut l = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut l), 0);
        l.rlim_cur = l.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &l);
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut l);
        l.rlim_cur
    }
}

#[test]
fn thousands_of_idle_sockets_leave_the_assistant_and_the_player_working() {
    let files = raise_open_files();
    let dir = tempfile::tempdir().unwrap();
    let (mut g, addr, code) = start(dir.path());
    let cookie = http::pair(&addr, &code);
    let paired = [("Cookie", cookie.as_str())];
    // The assistant's live stream is open before the flood.
    let mut events = std::net::TcpStream::connect(&addr).unwrap();
    events.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(events, "GET /api/events HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\n\r\n").unwrap();
    let mut events = BufReader::new(events);
    // A neighbour opens 2,000 sockets (fewer if this machine's limit is
    // lower) from 200 addresses, and sends nothing.
    let wanted = 2000usize.min(usize::try_from(files.saturating_sub(200)).unwrap_or(0));
    assert!(wanted >= 500, "only {files} open files allowed");
    let mut held = Vec::with_capacity(wanted);
    for i in 0..wanted {
        let from = format!("127.0.1.{}", i % 200 + 1);
        if let Ok(s) = http::connect_from(Some(&from), &addr) {
            held.push(s);
        }
    }
    assert!(held.len() >= wanted * 9 / 10, "{} of {wanted} sockets connected", held.len());
    // The paired assistant reads and enters a move; the player types and
    // hears the answer; the assistant's stream goes on.
    g.type_line("e4");
    g.wait_for("1. White: e4");
    assert_eq!(sans(&addr, &cookie), ["e4"]);
    let a = http::change(&addr, "/api/move", &paired, &json!({ "move": "e5" }));
    assert_eq!(a.status, 200, "{a:?}");
    g.wait_for("1. Black: e5");
    g.type_line("clock");
    g.wait_for("White:");
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut line = String::new();
    loop {
        line.clear();
        assert!(events.read_line(&mut line).unwrap() > 0, "the assistant's stream ended");
        if line.starts_with("data: ") && line.contains("\"e5\"") {
            break;
        }
        assert!(Instant::now() < deadline, "no event with e5");
    }
    // The neighbour's sockets were closed by the page, not kept: reading
    // one ends (within the header timeout) without an answer.
    let mut s = held.pop().unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut buf = [0u8; 16];
    assert!(matches!(s.read(&mut buf), Ok(0) | Err(_)), "an idle socket was answered");
    drop(held);
    g.quit();
}
