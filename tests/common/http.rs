//! A small HTTP/1.1 client for the tests of the assistant's page and of
//! ChromeDriver: one request per connection, the whole answer read.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer: status, headers (names in lower case) and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Sends `method path` to `addr` (`host:port`) with `headers` and `body`.
pub fn request(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    request_from(None, addr, method, path, headers, body)
}

/// A connection to `addr` from the local address `from` (such as
/// `127.0.0.2`: another device on the hall's network, as the page counts
/// clients), or from wherever the system chooses.
pub fn connect_from(from: Option<&str>, addr: &str) -> std::io::Result<TcpStream> {
    let Some(from) = from else { return TcpStream::connect(addr) };
    let to: std::net::SocketAddr = addr.parse().map_err(std::io::Error::other)?;
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    let local: std::net::SocketAddr = format!("{from}:0").parse().map_err(std::io::Error::other)?;
    socket.bind(&local.into())?;
    socket.connect(&to.into())?;
    Ok(socket.into())
}

/// As [`request`], from the local address `from`.
pub fn request_from(from: Option<&str>, addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    let mut s = connect_from(from, addr).unwrap_or_else(|e| panic!("connect {addr}: {e}"));
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    // A `Host` among `headers` replaces the address.
    let host = headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("host")).map_or(addr, |(_, v)| *v);
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (k, v) in headers.iter().filter(|(k, _)| !k.eq_ignore_ascii_case("host")) {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut r = BufReader::new(s);
    let mut status_line = String::new();
    r.read_line(&mut status_line).unwrap();
    let status = status_line.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()));
        }
    }
    let mut bytes = Vec::new();
    let chunked = headers.iter().any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        loop {
            let mut size = String::new();
            r.read_line(&mut size).unwrap();
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            let mut chunk = vec![0u8; n + 2];
            r.read_exact(&mut chunk).unwrap();
            bytes.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = headers.iter().find(|(k, _)| k == "content-length").and_then(|(_, v)| v.parse::<usize>().ok()) {
        // Some servers keep the connection open after the answer.
        bytes.resize(n, 0);
        r.read_exact(&mut bytes).unwrap();
    } else {
        r.read_to_end(&mut bytes).unwrap();
    }
    Answer { status, headers, body: String::from_utf8_lossy(&bytes).into_owned() }
}

pub fn get(addr: &str, path: &str) -> Answer {
    request(addr, "GET", path, &[], "")
}

/// POSTs JSON with `extra` headers.
pub fn post_json(addr: &str, path: &str, extra: &[(&str, &str)], body: &serde_json::Value) -> Answer {
    let mut headers = vec![("Content-Type", "application/json")];
    headers.extend_from_slice(extra);
    request(addr, "POST", path, &headers, &body.to_string())
}

/// The state of the page at `addr`, read with `extra` headers (a paired
/// browser's cookie on the hall's network).
pub fn state_with(addr: &str, extra: &[(&str, &str)]) -> serde_json::Value {
    let a = request(addr, "GET", "/api/state", extra, "");
    assert_eq!(a.status, 200, "{a:?}");
    a.json()
}

/// POSTs a change as the page does: naming the version of the state as it
/// is now (read with the cookie among `extra`, the only header of `extra`
/// sent with it).
pub fn change(addr: &str, path: &str, extra: &[(&str, &str)], body: &serde_json::Value) -> Answer {
    let mut body = body.clone();
    let cookie: Vec<(&str, &str)> = extra.iter().filter(|(k, _)| k.eq_ignore_ascii_case("cookie")).copied().collect();
    body["version"] = state_with(addr, &cookie)["version"].clone();
    post_json(addr, path, extra, &body)
}

/// Pairs with `code` as a browser would: the `Cookie` value of the token
/// the page gives.
pub fn pair(addr: &str, code: &str) -> String {
    let a = post_json(addr, "/api/pair", &[], &serde_json::json!({ "code": code }));
    assert_eq!(a.status, 200, "{a:?}");
    let set = a.header("set-cookie").expect("pairing sets a cookie");
    for part in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    set.split(';').next().unwrap().to_owned()
}

/// The pairing code in the sentence that tells the player (digits said one
/// by one).
pub fn code_in(said: &str) -> String {
    let code: String = said.split(':').next_back().unwrap_or_default().chars().filter(char::is_ascii_digit).collect();
    assert_eq!(code.len(), 6, "{said}");
    code
}
