//! The page's connections: the thin driver between the network and the
//! page's routes, holding what a neighbour's sockets may cost.
//!
//! Invariants:
//! - at most [`Limits::connections`] connections are open at once, and at
//!   most [`Limits::per_client`] from one client (an IPv4 address or an
//!   IPv6 /64, as [`Client`] counts them); a connection beyond a client's
//!   share is closed as soon as it is accepted, so the listening queue never
//!   fills;
//! - when all connections are taken, a new one takes the place of the
//!   oldest connection that has not shown a paired browser's token (on
//!   `--page local`, any request): a neighbour's idle sockets never keep the
//!   paired assistant out, and never close the assistant's own connections;
//! - a connection that does not send a whole request head within
//!   [`Limits::header_timeout`] (at its start, or idle between requests) is
//!   closed;
//! - an accept that fails (no descriptor left) is retried after a pause,
//!   never in a busy loop, and never ends the server.

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;

use super::pairing::Client;

/// The address a request came from, set on every request.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peer(pub(crate) SocketAddr);

/// What the page's connections may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    pub(crate) connections: usize,
    pub(crate) per_client: usize,
    pub(crate) header_timeout: Duration,
}

impl Limits {
    /// Connections per client: a browser opens six or so, and keeps one
    /// more for the page's live events.
    pub(crate) const PER_CLIENT: usize = 12;
    /// Descriptors kept for the rest of tiflo (journal, voice, devices,
    /// recogniser files) whatever the page's connections take.
    pub(crate) const RESERVE: u64 = 256;

    /// The limits under an open-files limit of `files`.
    pub(crate) fn under(files: u64) -> Limits {
        let spare = files.saturating_sub(Self::RESERVE).max(16);
        Limits {
            connections: usize::try_from(spare / 2).unwrap_or(usize::MAX).min(256),
            per_client: Self::PER_CLIENT,
            header_timeout: Duration::from_secs(5),
        }
    }
}

/// Set on a connection once it has shown that a paired browser uses it:
/// such a connection never makes room for another.
#[derive(Clone, Debug, Default)]
pub(crate) struct Trusted(pub(crate) Arc<AtomicBool>);

impl Trusted {
    pub(crate) fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

struct Conn {
    client: Client,
    trusted: Trusted,
    /// Closes it (set once its task runs).
    abort: Option<tokio::task::AbortHandle>,
}

/// The connections open now, oldest first.
#[derive(Default)]
struct Open {
    next: u64,
    conns: BTreeMap<u64, Conn>,
    by_client: HashMap<Client, usize>,
}

impl Open {
    /// Room for a connection of `client`: its number and its trust, or
    /// `None` when its client has its share or no room can be made.
    fn admit(&mut self, client: Client, limits: Limits) -> Option<(u64, Trusted)> {
        if self.by_client.get(&client).copied().unwrap_or(0) >= limits.per_client {
            return None;
        }
        if self.conns.len() >= limits.connections {
            let oldest = self.conns.iter().find(|(_, c)| !c.trusted.0.load(Ordering::Relaxed)).map(|(id, _)| *id)?;
            if let Some(abort) = self.release(oldest) {
                abort.abort();
            }
        }
        let id = self.next;
        self.next += 1;
        let trusted = Trusted::default();
        self.conns.insert(id, Conn { client, trusted: trusted.clone(), abort: None });
        *self.by_client.entry(client).or_default() += 1;
        Some((id, trusted))
    }

    /// Forgets connection `id`; the way to close it, if it is still open.
    fn release(&mut self, id: u64) -> Option<tokio::task::AbortHandle> {
        let conn = self.conns.remove(&id)?;
        if let Some(n) = self.by_client.get_mut(&conn.client) {
            *n -= 1;
            if *n == 0 {
                self.by_client.remove(&conn.client);
            }
        }
        conn.abort
    }
}

/// One connection counted; forgotten when dropped.
struct Held {
    open: Arc<Mutex<Open>>,
    id: u64,
}

impl Drop for Held {
    fn drop(&mut self) {
        if let Ok(mut o) = self.open.lock() {
            o.release(self.id);
        }
    }
}

fn hold(open: &Arc<Mutex<Open>>, client: Client, limits: Limits) -> Option<(Held, Trusted)> {
    let (id, trusted) = open.lock().ok()?.admit(client, limits)?;
    Some((Held { open: Arc::clone(open), id }, trusted))
}

/// Serves `router` on `listener` within `limits`, until the runtime ends.
pub(crate) async fn serve(listener: TcpListener, router: Router, limits: Limits) {
    let open = Arc::new(Mutex::new(Open::default()));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of descriptors, or the connection went away at once.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some((held, trusted)) = hold(&open, Client::of(peer.ip()), limits) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = router.clone().map_request(move |mut request: axum::extract::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(Peer(peer));
            request.extensions_mut().insert(trusted.clone());
            request
        });
        let id = held.id;
        let task = tokio::spawn(async move {
            let _held = held;
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .await;
        });
        if let Ok(mut o) = open.lock()
            && let Some(conn) = o.conns.get_mut(&id)
        {
            conn.abort = Some(task.abort_handle());
        }
    }
}

/// Raises the soft limit of open files to the hard limit, as servers do;
/// the limit in force afterwards.
pub(crate) fn raise_open_files() -> u64 {
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
        limit.rlim_cur
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_held_within_the_limits_and_given_back() {
        let limits = Limits { connections: 3, per_client: 2, header_timeout: Duration::from_secs(5) };
        let open = Arc::new(Mutex::new(Open::default()));
        let client = |ip: &str| Client::of(ip.parse().unwrap());
        let ids = || open.lock().unwrap().conns.keys().copied().collect::<Vec<_>>();
        let (a1, a1_trust) = hold(&open, client("10.0.0.1"), limits).unwrap();
        let (a2, _) = hold(&open, client("10.0.0.1"), limits).unwrap();
        assert!(hold(&open, client("10.0.0.1"), limits).is_none(), "a third from one client");
        let (b1, b1_trust) = hold(&open, client("10.0.0.2"), limits).unwrap();
        assert_eq!(ids(), [a1.id, a2.id, b1.id]);
        // All taken: a newcomer takes the place of the oldest connection no
        // paired browser has used (a2, not the trusted a1).
        a1_trust.set();
        let (c1, _) = hold(&open, client("10.0.0.3"), limits).unwrap();
        assert_eq!(ids(), [a1.id, b1.id, c1.id]);
        assert_eq!(open.lock().unwrap().by_client.get(&client("10.0.0.1")), Some(&1));
        // a2's end, later, forgets nothing else.
        drop(a2);
        assert_eq!(ids(), [a1.id, b1.id, c1.id]);
        b1_trust.set();
        let (d1, d1_trust) = hold(&open, client("10.0.0.4"), limits).unwrap();
        d1_trust.set();
        assert_eq!(ids(), [a1.id, b1.id, d1.id]);
        // Every connection trusted: no room is made.
        assert!(hold(&open, client("10.0.0.5"), limits).is_none());
        drop(b1);
        assert!(hold(&open, client("10.0.0.5"), limits).is_some());
        drop((a1, c1, d1));
    }

    #[test]
    fn the_limits_keep_descriptors_for_the_rest_of_tiflo() {
        assert_eq!(Limits::under(1024).connections, 256);
        assert_eq!(Limits::under(400).connections, 72);
        // Even a tiny limit leaves the page a few connections.
        assert_eq!(Limits::under(10).connections, 8);
        for files in [64, 300, 1024, 4096, 1 << 20] {
            let l = Limits::under(files);
            assert!(l.connections as u64 + Limits::RESERVE <= files.max(Limits::RESERVE + 16), "{files}");
        }
    }
}
