//! The assistant's and arbiter's page against the real daemon: the JSON API
//! (state, moves, transfers, PGN, server-sent events), its security (other
//! origins, no JSON, LAN pairing code, oversized bodies, bad input changing
//! nothing), and the page itself driven in headless Chromium through
//! ChromeDriver (installed by `scripts/setup.sh --test`).

#[path = "common/game.rs"]
mod game;
#[path = "common/http.rs"]
mod http;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use game::{Game, tiflo};
use serde_json::{Value, json};

/// A daemon with the page on a free port and both transfers kept; returns
/// it and the page's `host:port`.
fn start(dir: &Path, page: &str) -> (Game, String) {
    let settings = dir.join("config").join("tiflo");
    std::fs::create_dir_all(&settings).unwrap();
    std::fs::write(settings.join("config.toml"), "transfers = \"both\"\n").unwrap();
    let mut g = Game::start(dir, &["--lang", "en", "--page", page]);
    let ready = g.wait_for("The assistant's page is at http://");
    let addr = ready.split("http://").nth(1).unwrap().split('/').next().unwrap().to_owned();
    (g, addr)
}

fn state(addr: &str) -> Value {
    let a = http::get(addr, "/api/state");
    assert_eq!(a.status, 200, "{a:?}");
    a.json()
}

fn sans(addr: &str) -> Vec<String> {
    state(addr)["moves"].as_array().unwrap().iter().map(|m| m["san"].as_str().unwrap().to_owned()).collect()
}

#[test]
fn the_api_enters_moves_marks_transfers_and_refuses_what_it_must() {
    let dir = tempfile::tempdir().unwrap();
    let (mut g, addr) = start(dir.path(), "local:0");
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    // The page itself and its parts.
    let page = http::get(&addr, "/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<main>") && page.body.contains("aria-live"), "{}", page.body);
    assert_eq!(http::get(&addr, "/page.js").status, 200);

    g.type_line("e4");
    g.wait_for("1. White: e4");
    let s = state(&addr);
    assert_eq!(s["turn"], "black");
    assert_eq!(s["pending"], json!([0]));
    assert_eq!(s["moves"][0]["transfer"], "tournament");
    assert_eq!(s["moves"][0]["words"], "1. White: e4", "in words, to be said to the assistant");

    // The assistant reproduced e4 on the tournament board.
    let a = http::change(&addr, "/api/transfer", &[], &json!({ "ply": 0 }));
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(state(&addr)["pending"], json!([]));

    // Bad input changes nothing and says why.
    for (body, status) in [
        (json!({ "move": "Cf6" }), 422),
        (json!({ "move": "Nf3" }), 422),
        (json!({ "move": "resign" }), 422),
        (json!({ "move": "" }), 400),
        (json!({ "mv": "d4" }), 400),
    ] {
        let a = http::change(&addr, "/api/move", &[], &body);
        assert_eq!(a.status, status, "{body}: {a:?}");
        assert!(a.json()["error"].as_str().is_some_and(|e| !e.is_empty()), "{a:?}");
    }
    assert_eq!(sans(&addr), ["e4"], "nothing changed");

    // The opponent's move, typed in any notation: recorded and announced.
    let a = http::change(&addr, "/api/move", &[], &json!({ "move": "g8f6" }));
    assert_eq!(a.status, 200, "{a:?}");
    assert!(a.json()["said"].as_str().unwrap().contains("1. Black: knight f6"), "{a:?}");
    g.wait_for("1. Black: knight f6");
    assert_eq!(state(&addr)["pending"], json!([1]), "the player's board still to set");

    // The blind player's own move is the player's to say: the page refuses
    // it, legal or not, and records nothing.
    for text in ["d4", "Nf6"] {
        let a = http::change(&addr, "/api/move", &[], &json!({ "move": text }));
        assert_eq!(a.status, 409, "{a:?}");
        assert_eq!(a.json()["error"], "It is the blind player's move: the player says it. The page enters only the opponent's moves.");
    }
    assert_eq!(sans(&addr), ["e4", "Nf6"], "nothing recorded");
    let a = http::change(&addr, "/api/transfer", &[], &json!({ "ply": 7 }));
    assert_eq!(a.status, 422, "{a:?}");
    // Another site's page, a form (no JSON), a huge body: refused.
    let a = http::change(&addr, "/api/move", &[("Origin", "http://evil.example")], &json!({ "move": "d4" }));
    assert_eq!(a.status, 403, "{a:?}");
    let a = http::request(&addr, "POST", "/api/move", &[("Content-Type", "application/x-www-form-urlencoded")], "move=d4");
    assert_eq!(a.status, 415, "{a:?}");
    let a = http::change(&addr, "/api/move", &[], &json!({ "move": "d4".repeat(3000) }));
    assert_eq!(a.status, 413, "{a:?}");
    assert_eq!(a.json()["error"], "That is too long to read: at most 4096 characters. Nothing was recorded.", "said in words");
    // The page's own origin is welcome.
    let own = format!("http://{addr}");
    let a = http::change(&addr, "/api/move", &[("Origin", own.as_str())], &json!({ "move": "d4" }));
    assert_eq!(a.status, 409, "the request was read, the player's move refused: {a:?}");
    assert_eq!(sans(&addr), ["e4", "Nf6"], "nothing changed");
    // DNS rebinding: a page of another site reaching this server through a
    // name of its own. Its Host names no address of this server: refused,
    // reading too, since the state tells the game.
    let port = addr.rsplit(':').next().unwrap();
    let rebound = format!("rebound.example:{port}");
    for (method, path) in [("GET", "/api/state"), ("GET", "/"), ("GET", "/api/pgn")] {
        let a = http::request(&addr, method, path, &[("Host", rebound.as_str())], "");
        assert_eq!(a.status, 421, "{path}: {a:?}");
        assert!(a.json()["error"].as_str().unwrap().contains("not with a name"), "{a:?}");
    }
    let a = http::change(&addr, "/api/move", &[("Host", rebound.as_str()), ("Origin", &format!("http://{rebound}"))], &json!({ "move": "d4" }));
    assert_eq!(a.status, 421, "{a:?}");
    // Locally, only loopback addresses and localhost, on this port.
    for host in [format!("192.168.1.20:{port}"), "127.0.0.1:1".to_owned()] {
        assert_eq!(http::request(&addr, "GET", "/api/state", &[("Host", host.as_str())], "").status, 421, "{host}");
    }
    for host in [format!("localhost:{port}"), format!("[::1]:{port}")] {
        assert_eq!(http::request(&addr, "GET", "/api/state", &[("Host", host.as_str())], "").status, 200, "{host}");
    }
    assert_eq!(sans(&addr), ["e4", "Nf6"], "nothing changed");

    // The assistant reports what the tournament board shows: right, or
    // how to fix it.
    let right = "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR";
    let a = http::change(&addr, "/api/board", &[], &json!({ "fen": right }));
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.json()["said"], "The tournament board matches the game.");
    // The black knight still on g8.
    let wrong = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    let a = http::change(&addr, "/api/board", &[], &json!({ "fen": wrong }));
    assert_eq!(a.status, 200, "{a:?}");
    let fix = a.json()["said"].as_str().unwrap().to_owned();
    assert_eq!(fix, "The tournament board differs from the game. Take the black knight off g8 and put it on f6.");
    g.wait_for("differs from the game");
    let a = http::change(&addr, "/api/board", &[], &json!({ "fen": "not a board" }));
    assert_eq!(a.status, 422, "{a:?}");
    // A long paste that is no board is quoted by its first 40 characters.
    let paste = "no board here ".repeat(200);
    let a = http::change(&addr, "/api/board", &[], &json!({ "fen": paste }));
    assert_eq!(a.status, 422, "{a:?}");
    let why = a.json()["error"].as_str().unwrap().to_owned();
    assert!(why.contains("no board here no board here no board her…") && why.len() < 400, "{why}");

    // The arbiter's PGN.
    let a = http::get(&addr, "/api/pgn");
    assert_eq!(a.status, 200);
    assert!(a.header("content-disposition").is_some_and(|d| d.contains("attachment")), "{a:?}");
    assert!(a.body.contains("1. e4") && a.body.contains("Nf6"), "{}", a.body);

    // Server-sent events: the state now, then each change.
    let mut events = std::net::TcpStream::connect(&addr).unwrap();
    events.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(events, "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut lines = BufReader::new(events).lines().map_while(Result::ok);
    let mut next_state = || -> Value {
        let data = lines.by_ref().find_map(|l| l.strip_prefix("data: ").map(str::to_owned)).expect("an event");
        serde_json::from_str(&data).unwrap()
    };
    assert_eq!(next_state()["moves"].as_array().unwrap().len(), 2);
    g.type_line("d4");
    g.wait_for("2. White: d4");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let s = next_state();
        if s["moves"].as_array().unwrap().len() == 3 {
            assert_eq!(s["moves"][2]["san"], "d4");
            break;
        }
        assert!(Instant::now() < deadline, "no event with d4");
    }
    g.quit();
}

/// ChromeDriver on a free port, driving headless Chromium.
struct Driver {
    child: Child,
    addr: String,
    session: String,
}

impl Driver {
    fn start() -> Driver {
        for tool in ["/usr/bin/chromedriver", "/usr/bin/chromium"] {
            assert!(Path::new(tool).exists(), "{tool} is missing: run `bash scripts/setup.sh --test` (Debian's chromium and chromium-driver)");
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut child = Command::new("/usr/bin/chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // It says when it listens.
        let out = child.stdout.take().unwrap();
        let mut lines = BufReader::new(out).lines();
        assert!(lines.by_ref().map_while(Result::ok).any(|l| l.contains("started successfully")), "chromedriver did not start");
        std::thread::spawn(move || lines.for_each(drop));
        let addr = format!("127.0.0.1:{port}");
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"]
            }
        }}});
        let a = http::post_json(&addr, "/session", &[], &caps);
        assert_eq!(a.status, 200, "{a:?}");
        let session = a.json()["value"]["sessionId"].as_str().unwrap().to_owned();
        Driver { child, addr, session }
    }

    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let a = if method == "GET" { http::get(&self.addr, &path) } else { http::post_json(&self.addr, &path, &[], &body) };
        assert_eq!(a.status, 200, "{method} {path}: {a:?}");
        a.json()["value"].clone()
    }

    fn open(&self, url: &str) {
        self.call("POST", "/url", json!({ "url": url }));
    }

    /// The first element matching `css`, waiting for it.
    fn find(&self, css: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let path = format!("/session/{}/element", self.session);
            let a = http::post_json(&self.addr, &path, &[], &json!({ "using": "css selector", "value": css }));
            if a.status == 200 {
                let v = a.json()["value"].clone();
                return v.as_object().unwrap().values().next().unwrap().as_str().unwrap().to_owned();
            }
            assert!(Instant::now() < deadline, "no element {css}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// `what` (a path after the element) on the element `css` finds; the
    /// page redraws the board when the game changes, so an element found
    /// just before may be gone: it is found again.
    fn on(&self, css: &str, method: &str, what: &str, body: Value) -> Value {
        for _ in 0..50 {
            let e = self.find(css);
            let path = format!("/session/{}/element/{e}/{what}", self.session);
            let a = if method == "GET" { http::get(&self.addr, &path) } else { http::post_json(&self.addr, &path, &[], &body) };
            if a.status == 200 {
                return a.json()["value"].clone();
            }
            assert!(a.body.contains("stale element"), "{method} {path}: {a:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{css} kept going stale");
    }

    fn click(&self, css: &str) {
        self.on(css, "POST", "click", json!({}));
    }

    fn type_into(&self, css: &str, text: &str) {
        self.on(css, "POST", "value", json!({ "text": text }));
    }

    fn text(&self, css: &str) -> String {
        self.on(css, "GET", "text", json!({})).as_str().unwrap_or_default().to_owned()
    }

    fn attribute(&self, css: &str, name: &str) -> String {
        self.on(css, "GET", &format!("attribute/{name}"), json!({})).as_str().unwrap_or_default().to_owned()
    }

    /// Waits until the text of `css` contains `want`.
    fn wait_text(&self, css: &str, want: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let t = self.text(css);
            if t.contains(want) {
                return;
            }
            assert!(Instant::now() < deadline, "{css} never showed {want:?}; it shows {t:?}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = http::request(&self.addr, "DELETE", &format!("/session/{}", self.session), &[], "");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_page_in_chromium_enters_moves_by_tapping_or_typing_and_marks_transfers_done() {
    let dir = tempfile::tempdir().unwrap();
    let (mut g, addr) = start(dir.path(), "local:0");
    let browser = Driver::start();
    browser.open(&format!("http://{addr}/"));
    // Every square is a labelled button; the board is keyboard-reachable.
    assert_eq!(browser.attribute("#board button[data-square='g8']", "aria-label"), "g8, black knight");
    assert_eq!(browser.attribute("#board button[data-square='e4']", "aria-label"), "e4, empty");
    assert_eq!(browser.attribute("#board button[data-square='a1']", "tabindex"), "0");

    g.type_line("e4");
    g.wait_for("1. White: e4");
    browser.wait_text("#moves", "e4");
    browser.wait_text("#pending", "e4 onto the tournament board");
    // Said aloud on request by the browser's speech synthesis, in the
    // page's language, and shown.
    browser.call(
        "POST",
        "/execute/sync",
        json!({ "script": "window.said = []; window.speechSynthesis.speak = (u) => window.said.push([u.text, u.lang]);", "args": [] }),
    );
    browser.click("#pending button[data-say='0']");
    browser.wait_text("#spoken", "1. White: e4 onto the tournament board");
    let said = browser.call("POST", "/execute/sync", json!({ "script": "return window.said;", "args": [] }));
    assert_eq!(said, json!([["1. White: e4 onto the tournament board", "en"]]));
    // The assistant made e4 on the tournament board: Done.
    browser.click("#pending button[data-ply='0']");
    browser.wait_text("#pending", "None");
    assert!(g.child.try_wait().unwrap().is_none());

    // The opponent's answer, tapped: g8 then f6.
    browser.click("#board button[data-square='g8']");
    assert!(browser.attribute("#board button[data-square='g8']", "aria-label").contains("chosen"));
    browser.click("#board button[data-square='f6']");
    g.wait_for("1. Black: knight f6");
    browser.wait_text("#moves", "Nf6");
    assert_eq!(browser.attribute("#board button[data-square='f6']", "aria-label"), "f6, black knight");

    g.type_line("d4");
    g.wait_for("2. White: d4");
    // A move typed in the field, in any notation; a wrong one is told.
    browser.type_into("#move-text", "Nf3");
    browser.click("#move-form button[type='submit']");
    browser.wait_text("#error", "not a legal move");
    browser.type_into("#move-text", "\u{e003}\u{e003}\u{e003}e6");
    browser.click("#move-form button[type='submit']");
    g.wait_for("2. Black: e6");
    browser.wait_text("#moves", "e6");
    browser.wait_text("#said", "2. Black: e6");
    g.quit();
    let out = tiflo(dir.path()).arg("scoresheet").arg(dir.path().join("game.journal")).output().unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(pgn.contains("1. e4") && pgn.contains("Nf6") && pgn.contains("2. d4") && pgn.contains("e6"), "{pgn}");
}

impl Driver {
    /// The `name` attribute of the element that has the focus.
    fn focused(&self, name: &str) -> String {
        let v = self.call("GET", "/element/active", json!({}));
        let e = v.as_object().unwrap().values().next().unwrap().as_str().unwrap().to_owned();
        self.call("GET", &format!("/element/{e}/attribute/{name}"), json!({})).as_str().unwrap_or_default().to_owned()
    }

    /// Keys typed into the element that has the focus.
    fn keys(&self, text: &str) {
        let v = self.call("GET", "/element/active", json!({}));
        let e = v.as_object().unwrap().values().next().unwrap().as_str().unwrap().to_owned();
        self.call("POST", &format!("/element/{e}/value"), json!({ "text": text }));
    }

    fn shown(&self, css: &str) -> bool {
        self.on(css, "GET", "displayed", json!({})).as_bool().unwrap()
    }
}

#[test]
fn a_pawn_tapped_onto_its_last_rank_asks_which_piece() {
    let dir = tempfile::tempdir().unwrap();
    let (mut g, addr) = start(dir.path(), "local:0");
    // 1. a3 b5 2. a4 bxa4 3. b3 axb3 4. Bb2 bxc2 5. e3: Black's pawn on c2
    // can promote on c1 (or capture on b1 or d1).
    for (white, black) in [("a3", "b5"), ("a4", "bxa4"), ("b3", "axb3"), ("Bb2", "bxc2")] {
        g.type_line(white);
        g.wait_for(&format!("White: {}", if white == "Bb2" { "bishop b2" } else { white }));
        let a = http::change(&addr, "/api/move", &[], &json!({ "move": black }));
        assert_eq!(a.status, 200, "{black}: {a:?}");
    }
    g.type_line("e3");
    g.wait_for("5. White: e3");
    let browser = Driver::start();
    browser.open(&format!("http://{addr}/"));
    browser.wait_text("#moves", "e3");
    assert!(!browser.shown("#promotion"), "no chooser before a promotion");
    // c2 then c1: the chooser, its buttons in the page's language, the focus
    // on it. Escape leaves the move unsent.
    browser.click("#board button[data-square='c2']");
    browser.click("#board button[data-square='c1']");
    assert!(browser.shown("#promotion"));
    assert_eq!(browser.text("#promotion-title"), "Promote to");
    let labels: Vec<String> = ["q", "r", "b", "n"].iter().map(|p| browser.text(&format!("#promotion button[data-piece='{p}']"))).collect();
    assert_eq!(labels, ["Queen", "Rook", "Bishop", "Knight"]);
    assert_eq!(browser.focused("data-piece"), "q", "the focus is on the chooser");
    browser.keys("\u{e00c}");
    assert!(!browser.shown("#promotion"), "Escape closes the chooser");
    assert_eq!(browser.focused("data-square"), "c1", "the focus is back on the board");
    assert_eq!(sans(&addr).len(), 9, "nothing sent");
    // Again, and a knight chosen: the move sent is that under-promotion.
    browser.click("#board button[data-square='c2']");
    browser.click("#board button[data-square='c1']");
    browser.click("#promotion button[data-piece='n']");
    g.wait_for("5. Black:");
    browser.wait_text("#moves", "c1=N");
    assert_eq!(sans(&addr).last().unwrap(), "c1=N");
    assert!(!browser.shown("#promotion"));
    g.quit();
}

#[test]
fn the_page_speaks_the_players_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = Game::start(dir.path(), &["--lang", "es", "--page", "local:0"]);
    let ready = g.wait_for("La página del asistente está en http://");
    let addr = ready.split("http://").nth(1).unwrap().split('/').next().unwrap().to_owned();
    let page = http::get(&addr, "/");
    assert!(page.body.contains("<html lang=\"es\">") && page.body.contains("Planilla") && !page.body.contains("{{"), "{}", page.body);
    let words = http::get(&addr, "/api/words").json();
    assert_eq!(words["page-to-move"], "Juegan {side}");
    assert_eq!(words["page-wn"], "caballo blanco");
    g.quit();
}

impl Driver {
    /// Empties the field `css`.
    fn clear(&self, css: &str) {
        self.on(css, "POST", "clear", json!({}));
    }

    /// The `value` of the field `css`, as the assistant edited it.
    fn value(&self, css: &str) -> String {
        self.on(css, "GET", "property/value", json!({})).as_str().unwrap_or_default().to_owned()
    }
}

#[test]
fn the_page_checks_what_the_tournament_board_shows_and_says_how_to_fix_it() {
    let dir = tempfile::tempdir().unwrap();
    // On the hall's network: the page shows nothing of the game, and checks
    // nothing, until the browser is paired with the code the player heard.
    let (mut g, addr) = start(dir.path(), "lan:0");
    let code = http::code_in(g.heard.last().unwrap());
    let local = format!("127.0.0.1:{}", addr.rsplit(':').next().unwrap());
    let cookie = http::pair(&local, &code);
    let paired = [("Cookie", cookie.as_str())];
    g.wait_for("Phone 1 is now paired with the assistant's page, from 127.0.0.1.");
    // 1. e4, made on the tournament board; 1... Nf6 entered.
    g.type_line("e4");
    g.wait_for("1. White: e4");
    assert_eq!(http::change(&local, "/api/transfer", &paired, &json!({ "ply": 0 })).status, 200);
    assert_eq!(http::change(&local, "/api/move", &paired, &json!({ "move": "Nf6" })).status, 200);
    g.wait_for("1. Black: knight f6");

    let browser = Driver::start();
    browser.open(&format!("http://{local}/"));
    let asked = Instant::now() + Duration::from_secs(20);
    while !browser.shown("#code-box") {
        assert!(Instant::now() < asked, "the page never asked for the code");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(browser.focused("id"), "code", "the focus is on the code's field");
    assert_eq!(browser.text("#moves"), "", "nothing of the game before pairing");
    browser.keys(&format!("{code}\u{E007}"));
    browser.wait_text("#moves", "Nf6");
    assert!(!browser.shown("#code-box"));
    g.wait_for("Phone 2 is now paired");
    // A labelled field under its own heading, and its buttons.
    assert_eq!(browser.text("#tournament-title"), "Tournament board");
    assert!(browser.text("label[for='board-text']").starts_with("What the tournament board shows: its FEN"));
    assert_eq!(browser.text("#board-form button[type='submit']"), "Check the board");
    assert_eq!(browser.text("#board-copy"), "Copy the game's board");

    // The tournament board still shows the black knight on g8, pasted as a
    // whole FEN.
    browser.type_into("#board-text", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    browser.click("#board-form button[type='submit']");
    browser.wait_text("#said", "The tournament board differs from the game. Take the black knight off g8 and put it on f6.");
    assert_eq!(browser.text("#error"), "");
    assert_eq!(browser.attribute("#said", "aria-live"), "polite");
    // The player is told as well.
    g.wait_for("Take the black knight off g8 and put it on f6");

    // Something that is no board: the reason, in the page's words.
    browser.clear("#board-text");
    browser.type_into("#board-text", "knight on f6");
    browser.click("#board-form button[type='submit']");
    browser.wait_text("#error", "“knight on f6” is not a board: write the pieces rank by rank from the 8th");

    // The game's board copied into the field, the focus there to edit it;
    // as the Forsyth placement alone, it matches.
    browser.click("#board-copy");
    assert_eq!(browser.value("#board-text"), "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR");
    assert_eq!(browser.focused("id"), "board-text");
    browser.click("#board-form button[type='submit']");
    browser.wait_text("#said", "The tournament board matches the game.");
    assert_eq!(browser.text("#error"), "");
    // The answer stays while the state's events go on (the clock ticking).
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(browser.text("#said"), "The tournament board matches the game.");
    let moves = http::state_with(&local, &paired)["moves"].as_array().unwrap().iter().map(|m| m["san"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(moves, ["e4", "Nf6"], "a check changes no move");
    g.quit();
}
