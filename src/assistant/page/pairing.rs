//! Who may use the assistant's page on the hall's network: the pairing
//! code the player hears, the tokens it is exchanged for, and the lockouts
//! that keep a neighbour from guessing the code.
//!
//! Pure: the time (any monotonic clock) and the random bytes of a new token
//! are given by the caller, so every rule here is tested with fake time.
//!
//! Invariants:
//! - the code is exchanged for a token of [`TOKEN_BYTES`] random bytes; a
//!   token, never the code, opens the page afterwards, and only while the
//!   daemon runs and the player has not revoked it;
//! - wrong codes are counted per client (an IPv4 address, or an IPv6
//!   address's /64 network, which one device can fill with addresses): after
//!   [`Pairing::TRIES`] wrong codes that client is locked out for
//!   [`Pairing::FIRST`], doubling with each lockout up to
//!   [`Pairing::LONGEST`]; a right code never clears a client's count, so
//!   wrong codes slipped between right ones lock out too;
//! - all clients together may try at most [`Pairing::BUDGET`] wrong codes,
//!   one more every [`Pairing::REFILL`]; beyond that pairing pauses for
//!   everyone (a device paired before is never affected), so no number of
//!   addresses makes guessing faster. With a six-digit code that is at most
//!   263,000 guesses a year: the whole code space takes more than three
//!   years (`docs/page.md` has the arithmetic);
//! - a lockout or a pause is reported once, when it begins, for the player
//!   to hear;
//! - codes and tokens are compared in time independent of where they differ.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

/// The digits of a pairing code.
pub(crate) const CODE_DIGITS: usize = 6;

/// The random bytes of a token (256 bits).
pub(crate) const TOKEN_BYTES: usize = 32;

/// A client as wrong codes are counted: an IPv4 address, or the /64
/// network of an IPv6 address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Client {
    V4([u8; 4]),
    V6([u8; 8]),
}

impl Client {
    pub(crate) fn of(ip: IpAddr) -> Client {
        match ip {
            IpAddr::V4(v4) => Client::V4(v4.octets()),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Client::V4(v4.octets()),
                None => {
                    let mut net = [0; 8];
                    net.copy_from_slice(&v6.octets()[..8]);
                    Client::V6(net)
                }
            },
        }
    }
}

/// A paired browser's secret, written as hexadecimal in its cookie.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Token([u8; TOKEN_BYTES]);

impl Token {
    #[cfg(test)]
    pub(crate) fn from_bytes(bytes: [u8; TOKEN_BYTES]) -> Token {
        Token(bytes)
    }

    /// The cookie's value.
    pub(crate) fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// A cookie's value read back; `None` unless it is exactly a token's
    /// length of hexadecimal digits.
    pub(crate) fn parse(text: &str) -> Option<Token> {
        let text = text.as_bytes();
        if text.len() != TOKEN_BYTES * 2 {
            return None;
        }
        let mut out = [0; TOKEN_BYTES];
        for (i, pair) in text.chunks(2).enumerate() {
            let digit = |c: u8| (c as char).to_digit(16);
            out[i] = (digit(pair[0])? * 16 + digit(pair[1])?) as u8;
        }
        Some(Token(out))
    }

    fn same(&self, other: &Token) -> bool {
        same_bytes(&self.0, &other.0)
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never printed: a token in a log would open the page.
        f.write_str("Token(..)")
    }
}

/// Whether `a` and `b` are equal, comparing every byte whatever differs.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A six-digit code from random bytes (uniform enough: 2^64 mod 10^6 is a
/// bias of under one in 10^13).
pub(crate) fn code_of(random: [u8; 8]) -> String {
    format!("{:0width$}", u64::from_le_bytes(random) % 10u64.pow(CODE_DIGITS as u32), width = CODE_DIGITS)
}

/// A browser paired with the page.
#[derive(Clone, Debug)]
pub struct Device {
    /// The number the player names it by (`page revoke 2`): 1, 2, ... in
    /// pairing order, never reused while the daemon runs.
    pub(crate) number: u32,
    /// Where it paired from.
    pub(crate) address: IpAddr,
    /// When it paired (the caller's clock).
    pub(crate) paired_at: Duration,
    token: Token,
}

/// What became of a pairing code given by a client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pair {
    /// The right code: this token now opens the page for this device.
    Paired { token: Token, number: u32 },
    /// A wrong code; `Some` when it begins a lockout of the client of that
    /// long (the player is told once).
    Wrong { lockout: Option<Duration> },
    /// This client is locked out for this long still; the code was not
    /// looked at.
    Locked(Duration),
    /// Too many wrong codes from all clients together: pairing is paused for
    /// this long still (the code was not looked at); `began` the first time,
    /// for the player to be told once.
    Paused { left: Duration, began: bool },
}

/// Wrong codes of one client.
#[derive(Clone, Debug, Default)]
struct Failures {
    /// Wrong codes since its last lockout.
    wrong: u32,
    lockouts: u32,
    until: Option<Duration>,
}

/// The page's pairing: the code, the paired devices and the lockouts.
#[derive(Clone, Debug)]
pub(crate) struct Pairing {
    code: String,
    devices: Vec<Device>,
    next_number: u32,
    clients: HashMap<Client, Failures>,
    /// Wrong codes counted against the budget of all clients.
    spent: u32,
    /// When the budget last gave one back.
    refilled: Duration,
    /// A pause was reported.
    pause_told: bool,
}

impl Pairing {
    /// Wrong codes a client may give before a lockout.
    pub(crate) const TRIES: u32 = 5;
    /// A client's first lockout.
    pub(crate) const FIRST: Duration = Duration::from_secs(30);
    /// A client's longest lockout.
    pub(crate) const LONGEST: Duration = Duration::from_secs(3600);
    /// Wrong codes all clients together may give at once.
    pub(crate) const BUDGET: u32 = 10;
    /// One more wrong code is allowed after each of these.
    pub(crate) const REFILL: Duration = Duration::from_secs(120);
    /// Clients remembered at most (the oldest clean ones go first).
    const CLIENTS: usize = 4096;

    /// A pairing with `code`, from `now`.
    pub(crate) fn new(code: String, now: Duration) -> Pairing {
        Pairing { code, devices: Vec::new(), next_number: 1, clients: HashMap::new(), spent: 0, refilled: now, pause_told: false }
    }

    /// The code the player hears.
    pub(crate) fn code(&self) -> &str {
        &self.code
    }

    /// The devices paired now, in pairing order.
    pub(crate) fn devices(&self) -> &[Device] {
        &self.devices
    }

    /// The number of the device `token` opens the page for, if any.
    pub(crate) fn holder(&self, token: &Token) -> Option<u32> {
        // Every device is compared, so the time does not tell which.
        let mut found = None;
        for d in &self.devices {
            if d.token.same(token) {
                found = Some(d.number);
            }
        }
        found
    }

    fn refill(&mut self, now: Duration) {
        while self.spent > 0 && now >= self.refilled + Self::REFILL {
            self.spent -= 1;
            self.refilled += Self::REFILL;
        }
        if self.spent == 0 {
            self.refilled = now.max(self.refilled);
        }
        if self.spent < Self::BUDGET {
            self.pause_told = false;
        }
    }

    /// `given`, a code typed on a device at `address`, at `now`; `fresh` are
    /// the random bytes of the token it gets if the code is right.
    pub(crate) fn pair(&mut self, address: IpAddr, given: &str, now: Duration, fresh: [u8; TOKEN_BYTES]) -> Pair {
        let client = Client::of(address);
        if let Some(until) = self.clients.get(&client).and_then(|f| f.until)
            && now < until
        {
            return Pair::Locked(until - now);
        }
        self.refill(now);
        if self.spent >= Self::BUDGET {
            let began = !self.pause_told;
            self.pause_told = true;
            return Pair::Paused { left: (self.refilled + Self::REFILL).saturating_sub(now), began };
        }
        let given = given.trim();
        if same_bytes(given.as_bytes(), self.code.as_bytes()) {
            let number = self.next_number;
            self.next_number += 1;
            let token = Token(fresh);
            self.devices.push(Device { number, address, paired_at: now, token: token.clone() });
            return Pair::Paired { token, number };
        }
        self.spent += 1;
        if self.clients.len() >= Self::CLIENTS && !self.clients.contains_key(&client) {
            // Forget a client that is not locked out now; the budget still
            // bounds what all of them may try.
            let free = self.clients.iter().find(|(_, f)| f.until.is_none_or(|u| u <= now)).map(|(c, _)| *c);
            if let Some(c) = free {
                self.clients.remove(&c);
            }
        }
        let f = self.clients.entry(client).or_default();
        f.until = None;
        f.wrong += 1;
        if f.wrong < Self::TRIES {
            return Pair::Wrong { lockout: None };
        }
        f.wrong = 0;
        let delay = Self::FIRST.saturating_mul(1u32 << f.lockouts.min(16)).min(Self::LONGEST);
        f.lockouts = f.lockouts.saturating_add(1);
        f.until = Some(now + delay);
        Pair::Wrong { lockout: Some(delay) }
    }

    /// Unpairs device `number`, or every device (`None`), and takes `code`
    /// as the new pairing code (whoever heard the old one must not pair
    /// again with it). How many devices were unpaired: 0 when `number` is
    /// not paired, and then the code is kept.
    pub(crate) fn revoke(&mut self, number: Option<u32>, code: String) -> usize {
        let before = self.devices.len();
        self.devices.retain(|d| number.is_some_and(|n| d.number != n));
        let gone = before - self.devices.len();
        if gone > 0 || number.is_none() {
            self.code = code;
        }
        gone
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    const CODE: &str = "493017";

    #[test]
    fn the_right_code_gives_a_token_that_opens_the_page_and_nothing_else_does() {
        let mut p = Pairing::new(CODE.into(), s(0));
        let Pair::Paired { token, number } = p.pair(ip("192.168.1.20"), " 493017 ", s(1), [7; TOKEN_BYTES]) else { panic!() };
        assert_eq!(number, 1);
        assert_eq!(p.holder(&token), Some(1));
        assert_eq!(p.holder(&Token::from_bytes([8; TOKEN_BYTES])), None);
        // The cookie's text is the token.
        assert_eq!(Token::parse(&token.hex()), Some(token.clone()));
        assert_eq!(token.hex().len(), 64);
        for bad in ["", "07", &"g".repeat(64), &"0".repeat(63), &"0".repeat(65)] {
            assert_eq!(Token::parse(bad), None, "{bad}");
        }
        // Its debug form never shows it.
        assert!(!format!("{token:?}").contains("0707"));
        // A second phone gets its own token and number.
        let Pair::Paired { token: second, number } = p.pair(ip("192.168.1.21"), CODE, s(2), [9; TOKEN_BYTES]) else { panic!() };
        assert_eq!((number, p.holder(&second)), (2, Some(2)));
        assert_eq!(p.devices().iter().map(|d| d.address).collect::<Vec<_>>(), [ip("192.168.1.20"), ip("192.168.1.21")]);
    }

    #[test]
    fn wrong_codes_lock_out_their_client_only_and_never_a_paired_device() {
        let mut p = Pairing::new(CODE.into(), s(0));
        let Pair::Paired { token, .. } = p.pair(ip("10.0.0.2"), CODE, s(0), [1; TOKEN_BYTES]) else { panic!() };
        let neighbour = ip("10.0.0.66");
        for _ in 1..Pairing::TRIES {
            assert_eq!(p.pair(neighbour, "000000", s(5), [0; TOKEN_BYTES]), Pair::Wrong { lockout: None });
        }
        assert_eq!(p.pair(neighbour, "000000", s(5), [0; TOKEN_BYTES]), Pair::Wrong { lockout: Some(Pairing::FIRST) });
        // Locked out: even the right code is not looked at.
        assert_eq!(p.pair(neighbour, CODE, s(6), [0; TOKEN_BYTES]), Pair::Locked(s(29)));
        // The paired phone still opens the page, and another phone pairs.
        assert_eq!(p.holder(&token), Some(1));
        assert!(matches!(p.pair(ip("10.0.0.3"), CODE, s(7), [2; TOKEN_BYTES]), Pair::Paired { number: 2, .. }));
        // An IPv6 device cannot escape by changing its address in its /64.
        let mut p = Pairing::new(CODE.into(), s(0));
        for i in 0..Pairing::TRIES {
            let a = ip(&format!("fd00:1:2:3::{:x}", i + 1));
            let got = p.pair(a, "111111", s(0), [0; TOKEN_BYTES]);
            assert_eq!(got == (Pair::Wrong { lockout: Some(Pairing::FIRST) }), i + 1 == Pairing::TRIES, "{got:?}");
        }
        assert!(matches!(p.pair(ip("fd00:1:2:3::99"), CODE, s(1), [0; TOKEN_BYTES]), Pair::Locked(_)));
        // An IPv4 address seen through IPv6 is the same client.
        assert!(matches!(p.pair(ip("::ffff:10.0.0.5"), "1", s(1), [0; TOKEN_BYTES]), Pair::Wrong { .. }));
        assert_eq!(Client::of(ip("::ffff:10.0.0.5")), Client::of(ip("10.0.0.5")));
    }

    #[test]
    fn wrong_codes_between_right_ones_still_lock_out() {
        let mut p = Pairing::new(CODE.into(), s(0));
        let a = ip("10.0.0.9");
        let mut got = Vec::new();
        for i in 0..Pairing::TRIES {
            got.push(p.pair(a, "222222", s(u64::from(i)), [0; TOKEN_BYTES]));
            let right = p.pair(a, CODE, s(u64::from(i)), [3; TOKEN_BYTES]);
            if i + 1 < Pairing::TRIES {
                assert!(matches!(right, Pair::Paired { .. }), "{right:?}");
            } else {
                assert!(matches!(right, Pair::Locked(_)), "{right:?}");
            }
        }
        assert_eq!(got.last(), Some(&Pair::Wrong { lockout: Some(Pairing::FIRST) }));
    }

    #[test]
    fn lockouts_double_up_to_an_hour() {
        let mut p = Pairing::new(CODE.into(), s(0));
        let a = ip("10.0.0.9");
        let mut now = s(0);
        let mut want = Pairing::FIRST;
        for _ in 0..10 {
            let mut last = Pair::Wrong { lockout: None };
            for _ in 0..Pairing::TRIES {
                // Slowly enough that the budget of all clients never runs out.
                now += Pairing::REFILL;
                last = p.pair(a, "333333", now, [0; TOKEN_BYTES]);
            }
            assert_eq!(last, Pair::Wrong { lockout: Some(want) });
            assert!(matches!(p.pair(a, CODE, now + want - s(1), [0; TOKEN_BYTES]), Pair::Locked(_)));
            now += want;
            want = (want * 2).min(Pairing::LONGEST);
        }
        assert_eq!(want, Pairing::LONGEST);
    }

    #[test]
    fn many_addresses_together_pause_pairing_once_and_only_pairing() {
        let mut p = Pairing::new(CODE.into(), s(0));
        let Pair::Paired { token, .. } = p.pair(ip("10.0.0.2"), CODE, s(0), [1; TOKEN_BYTES]) else { panic!() };
        for i in 0..Pairing::BUDGET {
            let got = p.pair(ip(&format!("10.0.1.{i}")), "444444", s(1), [0; TOKEN_BYTES]);
            assert_eq!(got, Pair::Wrong { lockout: None });
        }
        // The budget's clock starts at its first wrong code.
        let left = Pairing::REFILL;
        assert_eq!(p.pair(ip("10.0.2.1"), "444444", s(1), [0; TOKEN_BYTES]), Pair::Paused { left, began: true });
        // Told once; the right code is not looked at either.
        assert_eq!(p.pair(ip("10.0.2.2"), CODE, s(1), [0; TOKEN_BYTES]), Pair::Paused { left, began: false });
        assert_eq!(p.holder(&token), Some(1));
        // One more try comes back after each refill.
        let later = s(1) + Pairing::REFILL;
        assert!(matches!(p.pair(ip("10.0.2.3"), CODE, later - s(1), [4; TOKEN_BYTES]), Pair::Paused { began: false, .. }));
        assert!(matches!(p.pair(ip("10.0.2.3"), CODE, later, [4; TOKEN_BYTES]), Pair::Paired { .. }));
        assert_eq!(p.pair(ip("10.0.2.4"), "5", later, [0; TOKEN_BYTES]), Pair::Wrong { lockout: None });
        assert!(matches!(p.pair(ip("10.0.2.5"), "5", later, [0; TOKEN_BYTES]), Pair::Paused { began: true, .. }));
    }

    proptest! {
        /// Whatever the addresses and the timing, no more wrong codes are
        /// looked at than the budget allows: BUDGET at once, then one per
        /// REFILL.
        #[test]
        fn no_number_of_addresses_guesses_faster_than_the_budget(
            tries in proptest::collection::vec((any::<u32>(), 0u64..400), 1..400)
        ) {
            let mut p = Pairing::new(CODE.into(), s(0));
            let mut now = s(0);
            let mut looked_at = 0u64;
            for (addr, wait) in tries {
                now += s(wait);
                let a = IpAddr::V4(std::net::Ipv4Addr::from(addr));
                if let Pair::Wrong { .. } = p.pair(a, "999999", now, [0; TOKEN_BYTES]) {
                    looked_at += 1;
                }
                let allowed = u64::from(Pairing::BUDGET) + now.as_secs() / Pairing::REFILL.as_secs();
                prop_assert!(looked_at <= allowed, "{looked_at} wrong codes looked at by {now:?}");
            }
        }
    }

    #[test]
    fn revoking_unpairs_and_changes_the_code() {
        let mut p = Pairing::new(CODE.into(), s(0));
        let Pair::Paired { token: one, .. } = p.pair(ip("10.0.0.2"), CODE, s(0), [1; TOKEN_BYTES]) else { panic!() };
        let Pair::Paired { token: two, .. } = p.pair(ip("10.0.0.3"), CODE, s(0), [2; TOKEN_BYTES]) else { panic!() };
        assert_eq!(p.revoke(Some(7), "111111".into()), 0);
        assert_eq!(p.code(), CODE, "nothing unpaired, the code stays");
        assert_eq!(p.revoke(Some(2), "222222".into()), 1);
        assert_eq!((p.holder(&one), p.holder(&two), p.code()), (Some(1), None, "222222"));
        // The old code no longer pairs.
        assert!(matches!(p.pair(ip("10.0.0.3"), CODE, s(1), [5; TOKEN_BYTES]), Pair::Wrong { .. }));
        assert_eq!(p.revoke(None, "333333".into()), 1);
        assert_eq!((p.holder(&one), p.devices().len(), p.code()), (None, 0, "333333"));
        // A new phone pairs with a number never used before.
        assert!(matches!(p.pair(ip("10.0.0.3"), "333333", s(2), [6; TOKEN_BYTES]), Pair::Paired { number: 3, .. }));
    }

    #[test]
    fn codes_have_six_digits() {
        assert_eq!(code_of([0; 8]), "000000");
        assert_eq!(code_of(1_000_042u64.to_le_bytes()), "000042");
        assert_eq!(code_of([255; 8]).len(), CODE_DIGITS);
    }
}
