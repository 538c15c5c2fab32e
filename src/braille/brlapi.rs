//! BrlAPI: sharing a braille display with a running BRLTTY.
//!
//! Many blind Linux users run BRLTTY, which owns the braille display (and
//! does not lock its serial port: a second writer would corrupt both). A
//! program that wants the display asks BRLTTY for it through BrlAPI, a small
//! packet protocol over a Unix socket or TCP. This module is a client of
//! that protocol written from BRLTTY's documentation and sources
//! (`Programs/brlapi_protocol.h`, `brlapi_client.c`, `brlapi_server.c`,
//! `brlapi_keycodes.h`, `Headers/brl_cmds.h`), read, not copied.
//!
//! The protocol, sans-I/O ([`Client`], [`PacketReader`], the request
//! encoders and [`action_of_key`]):
//! - a packet is a big-endian `u32` data size, a `u32` type, then the data;
//! - the server sends its version (`v`, 8), the client answers with its
//!   own, the server lists its authentication methods (`a`): `N` (none
//!   needed), `K` (the client sends the bytes of the key file, BRLTTY
//!   acknowledges with `A` or refuses with an error `e`);
//! - tiflo then asks the driver's name (`n`) and the display size (`s`),
//!   sets the retain-dots parameter (so that braille-keyboard chords arrive
//!   as dots, not as characters of BRLTTY's text table), takes a tty (`t`:
//!   a path of tty numbers, no driver name: keys come as BRLTTY commands),
//!   ignores every key (`m`) and accepts only those it uses (`u`), each
//!   step acknowledged;
//! - a line is written (`w`) as `brlapi_writeDots` does: the whole display,
//!   the cells as Unicode braille text in UTF-8, an AND mask of zeros and an
//!   OR mask of the cells, so BRLTTY shows exactly these dots;
//! - keys arrive as 64-bit codes (`k`); an error about the connection
//!   itself arrives as an exception (`E`).
//!
//! Invariants: tiflo never opens the display's port itself; BRLTTY keeps
//! every key tiflo does not use (switching consoles, its preferences), so
//! the player's BRLTTY still works while tiflo runs; a line is always the
//! whole display; no input bytes make the codec panic.
//!
//! The I/O driver, [`BrlapiDisplay`], connects (addresses as BRLTTY writes
//! them, see [`parse_address`]), runs the handshake within a deadline and
//! implements [`Display`].

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::Cell;
use super::display::{Action, Display, DisplayError};
use super::keys::Typed;
use crate::i18n::{OsReason, Reason, Said};

/// The protocol version tiflo speaks (BRLTTY 6.1 and later).
pub(crate) const PROTOCOL_VERSION: u32 = 8;
/// The largest packet data BrlAPI exchanges.
pub const MAX_PACKET: usize = 4096;
/// TCP port of BrlAPI server 0; server N listens on this plus N.
pub(crate) const BASE_PORT: u16 = 4101;
/// Where BRLTTY keeps the BrlAPI key by default.
pub const DEFAULT_KEY_FILE: &str = "/etc/brlapi.key";
/// The folders of BrlAPI's local sockets, newest BRLTTY first (a session
/// server under `$XDG_RUNTIME_DIR/brltty` is tried before these); Debian 12
/// (BRLTTY 6.5) uses `/var/lib/BrlAPI`.
pub(crate) const SOCKET_DIRS: [&str; 2] = ["/run/BrlAPI", "/var/lib/BrlAPI"];

/// Packet types.
pub mod packet {
    /// The protocol version, the server's first packet and the client's answer.
    pub const VERSION: u32 = b'v' as u32;
    /// Authentication: the methods offered, or the one used with its data.
    pub const AUTH: u32 = b'a' as u32;
    /// Asks for the braille driver's name.
    pub const GET_DRIVER_NAME: u32 = b'n' as u32;
    /// Asks for the display's model identifier.
    pub const GET_MODEL_ID: u32 = b'd' as u32;
    /// Asks for the display's size.
    pub const GET_DISPLAY_SIZE: u32 = b's' as u32;
    /// Takes the display for a tty (and the keys).
    pub const ENTER_TTY_MODE: u32 = b't' as u32;
    /// Sets the tty that has the focus.
    pub const SET_FOCUS: u32 = b'F' as u32;
    /// Gives the display back.
    pub const LEAVE_TTY_MODE: u32 = b'L' as u32;
    /// A key code from the server.
    pub const KEY: u32 = b'k' as u32;
    /// Asks not to receive the keys of some ranges.
    pub const IGNORE_KEY_RANGES: u32 = b'm' as u32;
    /// Asks to receive the keys of some ranges.
    pub const ACCEPT_KEY_RANGES: u32 = b'u' as u32;
    /// Writes to the display (fields as [`super::write_flags`] say).
    pub const WRITE: u32 = b'w' as u32;
    /// The server took a request.
    pub const ACK: u32 = b'A' as u32;
    /// The server refused a request (an error code).
    pub const ERROR: u32 = b'e' as u32;
    /// The server ends the connection over a packet (an error code and the packet's type).
    pub const EXCEPTION: u32 = b'E' as u32;
    /// Asks for an acknowledgement once earlier requests are done.
    pub const SYNCHRONIZE: u32 = b'Z' as u32;
    /// A parameter's value.
    pub const PARAM_VALUE: u32 = ((b'P' as u32) << 8) | b'V' as u32;
    /// Asks for a parameter (with request flags).
    pub const PARAM_REQUEST: u32 = ((b'P' as u32) << 8) | b'R' as u32;
    /// A parameter's value changed (when watched).
    pub const PARAM_UPDATE: u32 = ((b'P' as u32) << 8) | b'U' as u32;
}

/// Authentication methods.
pub mod auth {
    /// No authentication needed (or implicit, such as peer credentials).
    pub const NONE: u32 = b'N' as u32;
    /// The key file's bytes.
    pub const KEY: u32 = b'K' as u32;
    /// Explicit socket credentials (not used by clients).
    pub const CREDENTIALS: u32 = b'C' as u32;
}

/// Flags of a write packet: which fields follow, in this order.
pub mod write_flags {
    /// The display number (a virtual console).
    pub const DISPLAY_NUMBER: u32 = 0x01;
    /// The region written: its start and size.
    pub const REGION: u32 = 0x02;
    /// The text.
    pub const TEXT: u32 = 0x04;
    /// Dots to clear (AND mask).
    pub const ATTR_AND: u32 = 0x08;
    /// Dots to set (OR mask).
    pub const ATTR_OR: u32 = 0x10;
    /// The cursor's position.
    pub const CURSOR: u32 = 0x20;
    /// The text's character set.
    pub const CHARSET: u32 = 0x40;
}

/// Parameters tiflo sets or reads (`brlapi_param.h`).
pub mod param {
    /// Braille-keyboard chords as dots rather than characters (boolean).
    pub const RETAIN_DOTS: u32 = 10;
    /// The name of BRLTTY's computer braille (text) table (a string).
    pub const COMPUTER_BRAILLE_TABLE: u32 = 28;
    /// Request flags: the value of the whole server, not this connection's.
    pub const GLOBAL: u32 = 0x01;
    /// Request flags: answer with the value now.
    pub const GET: u32 = 0x100;
}

/// BrlAPI key codes (64 bits): flags in the high half, then a type (3
/// bits: command or keysym), then for commands a block (BRLTTY's
/// `BRL_BLK_*`) and a 16-bit argument; basic commands (`BRL_CMD_*`) are
/// block 0 with the command as the argument.
pub mod key {
    /// The flags (the high half).
    pub const FLAGS_MASK: u64 = 0xFFFF_FFFF_0000_0000;
    /// The type bits.
    pub const TYPE_MASK: u64 = 0x0000_0000_E000_0000;
    /// The type of a BRLTTY command.
    pub const TYPE_CMD: u64 = 0x0000_0000_2000_0000;
    /// The type of a keysym.
    pub const TYPE_SYM: u64 = 0;
    /// The code below the type.
    pub const CODE_MASK: u64 = 0x1FFF_FFFF;
    /// Where a command's block starts.
    pub const BLOCK_SHIFT: u32 = 16;
    /// A command's argument.
    pub const ARG_MASK: u64 = 0xFFFF;

    // Basic commands (block 0).
    /// Up one line.
    pub const LNUP: u64 = 0x01;
    /// Down one line.
    pub const LNDN: u64 = 0x02;
    /// Up to the nearest line that differs.
    pub const PRDIFLN: u64 = 0x05;
    /// Down to the nearest line that differs.
    pub const NXDIFLN: u64 = 0x06;
    /// To the top line.
    pub const TOP: u64 = 0x09;
    /// To the bottom line.
    pub const BOT: u64 = 0x0A;
    /// To the top left corner.
    pub const TOP_LEFT: u64 = 0x0B;
    /// To the bottom left corner.
    pub const BOT_LEFT: u64 = 0x0C;
    /// Up to the previous paragraph.
    pub const PRPGRPH: u64 = 0x0D;
    /// Down to the next paragraph.
    pub const NXPGRPH: u64 = 0x0E;
    /// Pan back (left) one window.
    pub const FWINLT: u64 = 0x17;
    /// Pan forward (right) one window.
    pub const FWINRT: u64 = 0x18;

    // Command blocks.
    /// A routing key; the argument is the cell.
    pub const BLK_ROUTE: u64 = 0x01;
    /// Dots typed on the braille keyboard; the argument is the dots.
    pub const BLK_PASSDOTS: u64 = 0x22;

    /// The chord (space bar) bit in a PASSDOTS argument.
    pub const DOTC: u64 = 0x100;

    // Keysyms (type 0, the X11 values): BRLTTY's keyboard tables send dot 7
    // alone as Backspace and dot 8 alone as Enter (a line feed).
    /// Backspace.
    pub const SYM_BACKSPACE: u64 = 0xFF08;
    /// Enter (BRLTTY's line feed keysym).
    pub const SYM_LINEFEED: u64 = 0xFF0D;

    /// A basic command's key code.
    pub const fn cmd(command: u64) -> u64 {
        TYPE_CMD | command
    }

    /// A block command's key code with its argument.
    pub const fn block(block: u64, arg: u64) -> u64 {
        TYPE_CMD | (block << BLOCK_SHIFT) | (arg & ARG_MASK)
    }
}

/// BrlAPI error codes (`brlapi_error`), in words.
pub(crate) fn error_name(code: u32) -> &'static str {
    match code {
        0 => "success",
        1 => "insufficient memory",
        2 => "tty is busy",
        3 => "device is busy",
        4 => "unknown instruction",
        5 => "illegal instruction",
        6 => "invalid parameter",
        7 => "invalid packet",
        8 => "connection refused",
        9 => "operation not supported",
        10 => "getaddrinfo error",
        11 => "libc error",
        12 => "cannot determine the tty",
        13 => "bad protocol version",
        14 => "unexpected end of file",
        15 => "key file is empty",
        16 => "driver error",
        17 => "authentication failed",
        18 => "parameter cannot be changed",
        _ => "unknown error",
    }
}

/// What went wrong talking to BRLTTY.
#[derive(Debug, thiserror::Error)]
pub enum BrlapiError {
    /// An address that cannot be read (the text, and what is wrong with it).
    #[error("BrlAPI address `{0}`: {1}")]
    Address(String, &'static str),
    /// Nothing answers at the address.
    #[error("no BRLTTY answers at {0}")]
    Unreachable(String),
    /// The socket is there but may not be connected to.
    #[error("BRLTTY's BrlAPI socket {0} is there, but tiflo may not connect to it (permission denied)")]
    Forbidden(String),
    /// The handshake did not finish in time.
    #[error("BRLTTY at {0} did not finish the BrlAPI handshake in time")]
    Timeout(String),
    /// The server closed the connection.
    #[error("BRLTTY closed the BrlAPI connection")]
    Closed,
    /// The server speaks a protocol version older than 8.
    #[error("BRLTTY speaks BrlAPI protocol {0}; tiflo needs version 8 or later")]
    Version(u32),
    /// `why`: none when the file is empty.
    #[error("BRLTTY asks for a BrlAPI key and the key file {} cannot be read: {}", path.display(), key_trouble(why.as_ref()))]
    KeyFile {
        /// The key file.
        path: PathBuf,
        /// What the system said.
        why: Option<OsReason>,
    },
    /// The server refused the key.
    #[error("BRLTTY refused the BrlAPI key (authentication failed)")]
    Authentication,
    /// None of the authentication methods offered is one tiflo knows.
    #[error("BRLTTY offers no BrlAPI authentication tiflo knows (methods {0:?})")]
    NoAuthMethod(Vec<u32>),
    /// The server has no display (its size is 0).
    #[error("BRLTTY has no braille display (its size is 0)")]
    NoDisplay,
    /// The server refused a request.
    #[error("BRLTTY refused {request}: {} (error {code})", error_name(*code))]
    Refused {
        /// The request, in words.
        request: &'static str,
        /// The BrlAPI error code.
        code: u32,
    },
    /// The server ended the connection over a packet.
    #[error("BRLTTY ended the connection after packet type {kind:#x}: {} (error {code})", error_name(*code))]
    Exception {
        /// The BrlAPI error code.
        code: u32,
        /// The type of the packet it ended the connection over.
        kind: u32,
    },
    /// The server sent something the protocol does not allow.
    #[error("BrlAPI protocol: {0}")]
    Protocol(String),
    /// Cells were to be shown before the connection was ready.
    #[error("the BrlAPI connection is not ready")]
    NotReady,
    /// Reading from or writing to the connection failed.
    #[error("BrlAPI: {0}")]
    Io(#[from] std::io::Error),
}

/// Why a key file cannot be used, in English for the log.
fn key_trouble(why: Option<&OsReason>) -> String {
    match why {
        None => "it is empty".into(),
        Some(OsReason::PermissionDenied) => "permission denied (is this user in the group of the key file, brlapi on Debian?)".into(),
        Some(w) => w.to_string(),
    }
}

impl Reason for BrlapiError {
    fn said(&self) -> Said {
        match self {
            BrlapiError::Address(address, _) => Said::new("why-brlapi-address").data("address", address.clone()),
            BrlapiError::Unreachable(places) => Said::new("why-brlapi-unreachable").data("address", places.clone()),
            BrlapiError::Forbidden(path) => Said::new("why-brlapi-forbidden").data("path", path.clone()),
            BrlapiError::Timeout(place) => Said::new("why-brlapi-timeout").data("address", place.clone()),
            BrlapiError::Closed => Said::new("why-brlapi-closed"),
            BrlapiError::Version(v) => Said::new("why-brlapi-version").number("version", i64::from(*v)),
            BrlapiError::KeyFile { path, why } => {
                let path = path.display().to_string();
                match why {
                    None => Said::new("why-brlapi-key-empty").data("path", path),
                    Some(OsReason::PermissionDenied) => Said::new("why-brlapi-key-permission").data("path", path),
                    Some(w) => Said::new("why-brlapi-key-file").data("path", path).with("why", w.said()),
                }
            }
            BrlapiError::Authentication => Said::new("why-brlapi-authentication"),
            BrlapiError::NoAuthMethod(_) => Said::new("why-brlapi-no-auth-method"),
            BrlapiError::NoDisplay => Said::new("why-brlapi-no-display"),
            BrlapiError::Refused { code, .. } => Said::new("why-brlapi-refused").number("code", i64::from(*code)),
            BrlapiError::Exception { code, .. } => Said::new("why-brlapi-ended").number("code", i64::from(*code)),
            BrlapiError::Protocol(_) => Said::new("why-brlapi-protocol"),
            BrlapiError::NotReady => Said::new("why-brlapi-not-ready"),
            BrlapiError::Io(e) => Said::new("why-brlapi-io").with("why", e.said()),
        }
    }
}

impl BrlapiError {
    /// Whether a BRLTTY is there: it answered (even to refuse, to time
    /// out or with no display), or its socket exists but may not be used.
    /// Only a bad address and nobody listening mean no BRLTTY; after any
    /// other error the display is BRLTTY's, and its serial port must not
    /// be opened.
    pub(crate) fn brltty_is_there(&self) -> bool {
        !matches!(self, BrlapiError::Address(..) | BrlapiError::Unreachable(_))
    }
}

// ---------------------------------------------------------------------------
// Addresses

/// Where a BrlAPI server listens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// A local socket of this name (`0`, `1` ...) in BrlAPI's socket folder.
    Local(String),
    /// A TCP address.
    Tcp {
        /// The host name or address.
        host: String,
        /// The port.
        port: u16,
    },
}

impl std::fmt::Display for Address {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Address::Local(name) => write!(f, "local socket {name}"),
            Address::Tcp { host, port } if host.contains(':') => write!(f, "[{host}]:{port}"),
            Address::Tcp { host, port } => write!(f, "{host}:{port}"),
        }
    }
}

/// Reads an address the way BRLTTY does (its `host=` setting and
/// `BRLAPI_HOST`): empty is local socket 0; `:N` is local socket N (and,
/// if that is not there, TCP port 4101+N on the loopback); `HOST:N` is TCP
/// port 4101+N on HOST (so `127.0.0.1:1` is port 4102); `HOST` alone is
/// port 4101. The number after the last colon is always a server number,
/// never a port.
pub(crate) fn parse_address(text: &str) -> Result<Address, BrlapiError> {
    let text = text.trim();
    let bad = |why| BrlapiError::Address(text.to_owned(), why);
    let Some(colon) = text.rfind(':') else {
        if text.is_empty() {
            return Ok(Address::Local("0".to_owned()));
        }
        return Ok(Address::Tcp { host: text.to_owned(), port: BASE_PORT });
    };
    let (host, number) = (&text[..colon], &text[colon + 1..]);
    let server = server_number(number).ok_or_else(|| bad("the server number after the colon is not 0-61434"))?;
    if host.is_empty() {
        return Ok(Address::Local(number.to_owned()));
    }
    let host = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
    Ok(Address::Tcp { host: host.to_owned(), port: BASE_PORT + server })
}

/// A server number: decimal digits, at most 65535 - 4101.
fn server_number(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u32 = text.parse().ok()?;
    u16::try_from(n).ok().filter(|&n| n <= u16::MAX - BASE_PORT)
}

// ---------------------------------------------------------------------------
// Packets

/// One packet: its type and data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Packet {
    pub kind: u32,
    pub data: Vec<u8>,
}

/// The bytes of a packet.
pub fn encode(kind: u32, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + data.len());
    out.extend_from_slice(&u32::try_from(data.len()).unwrap_or(u32::MAX).to_be_bytes());
    out.extend_from_slice(&kind.to_be_bytes());
    out.extend_from_slice(data);
    out
}

/// Cuts the byte stream from the server into packets, however it is split.
#[derive(Clone, Debug, Default)]
pub(crate) struct PacketReader {
    buf: Vec<u8>,
}

impl PacketReader {
    /// Feeds bytes; returns the packets completed. A packet announcing more
    /// than [`MAX_PACKET`] bytes is a protocol error (BRLTTY never sends
    /// one), after which the stream cannot be trusted.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<Vec<Packet>, BrlapiError> {
        self.buf.extend_from_slice(bytes);
        let mut packets = Vec::new();
        let mut at = 0;
        while self.buf.len() - at >= 8 {
            let size = be32(&self.buf[at..]) as usize;
            if size > MAX_PACKET {
                self.buf.clear();
                return Err(BrlapiError::Protocol(format!("a packet of {size} bytes")));
            }
            if self.buf.len() - at < 8 + size {
                break;
            }
            let kind = be32(&self.buf[at + 4..]);
            packets.push(Packet { kind, data: self.buf[at + 8..at + 8 + size].to_vec() });
            at += 8 + size;
        }
        self.buf.drain(..at);
        Ok(packets)
    }
}

fn be32(bytes: &[u8]) -> u32 {
    u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
}

/// The `u32`s of a packet's data (a trailing part shorter than 4 bytes is
/// left out).
fn words(data: &[u8]) -> impl Iterator<Item = u32> + '_ {
    data.chunks_exact(4).map(be32)
}

/// The client's version packet.
pub(crate) fn version_packet() -> Vec<u8> {
    encode(packet::VERSION, &PROTOCOL_VERSION.to_be_bytes())
}

/// Key authentication: the method, then the key file's bytes.
pub(crate) fn auth_key_packet(key: &[u8]) -> Vec<u8> {
    let mut data = auth::KEY.to_be_bytes().to_vec();
    data.extend_from_slice(key);
    encode(packet::AUTH, &data)
}

/// Sets a parameter for this connection only (not globally).
pub(crate) fn set_param_packet(param: u32, value: &[u8]) -> Vec<u8> {
    let mut data = Vec::with_capacity(16 + value.len());
    data.extend_from_slice(&0u32.to_be_bytes()); // flags: local
    data.extend_from_slice(&param.to_be_bytes());
    data.extend_from_slice(&0u32.to_be_bytes()); // subparameter, high half
    data.extend_from_slice(&0u32.to_be_bytes()); // subparameter, low half
    data.extend_from_slice(value);
    encode(packet::PARAM_VALUE, &data)
}

/// Asks for a parameter's value, the server's (not this connection's).
pub(crate) fn get_param_packet(param: u32) -> Vec<u8> {
    let mut data = Vec::with_capacity(16);
    data.extend_from_slice(&(param::GET | param::GLOBAL).to_be_bytes());
    data.extend_from_slice(&param.to_be_bytes());
    data.extend_from_slice(&0u32.to_be_bytes()); // subparameter, high half
    data.extend_from_slice(&0u32.to_be_bytes()); // subparameter, low half
    encode(packet::PARAM_REQUEST, &data)
}

/// Takes the tty at `path` (tty numbers from the root; empty: the root
/// itself); without a driver name keys come as BRLTTY commands.
pub(crate) fn enter_tty_packet(path: &[u32]) -> Vec<u8> {
    let mut data = Vec::with_capacity(5 + 4 * path.len());
    data.extend_from_slice(&u32::try_from(path.len()).unwrap_or(0).to_be_bytes());
    for tty in path {
        data.extend_from_slice(&tty.to_be_bytes());
    }
    data.push(0); // no driver name
    encode(packet::ENTER_TTY_MODE, &data)
}

/// Accepts (`accept`) or ignores key code ranges. BRLTTY reads a range
/// `(first, last)` as the codes whose low half lies between the two low
/// halves and whose flags (high half) hold every flag both have and none
/// that neither has.
pub(crate) fn key_ranges_packet(accept: bool, ranges: &[(u64, u64)]) -> Vec<u8> {
    let mut data = Vec::with_capacity(16 * ranges.len());
    for &(first, last) in ranges {
        data.extend_from_slice(&first.to_be_bytes());
        data.extend_from_slice(&last.to_be_bytes());
    }
    encode(if accept { packet::ACCEPT_KEY_RANGES } else { packet::IGNORE_KEY_RANGES }, &data)
}

/// Writes `cells` as exact dots on a display of `size` cells (padded with
/// blanks or cut): the region from cell 1 filling the display, the cells as
/// U+2800 text in UTF-8, an AND mask of zeros and the cells as the OR mask,
/// no cursor.
pub(crate) fn write_dots_packet(cells: &[Cell], size: usize) -> Vec<u8> {
    let mut line = cells.to_vec();
    line.resize(size, 0);
    let flags = write_flags::REGION
        | write_flags::TEXT
        | write_flags::ATTR_AND
        | write_flags::ATTR_OR
        | write_flags::CURSOR
        | write_flags::CHARSET;
    let text = super::to_unicode(&line);
    let size32 = u32::try_from(size).unwrap_or(u32::MAX);
    let mut data = Vec::with_capacity(32 + 5 * size);
    data.extend_from_slice(&flags.to_be_bytes());
    data.extend_from_slice(&1u32.to_be_bytes()); // region begins at cell 1 ...
    data.extend_from_slice(&size32.wrapping_neg().to_be_bytes()); // ... and fills the display
    data.extend_from_slice(&u32::try_from(text.len()).unwrap_or(0).to_be_bytes());
    data.extend_from_slice(text.as_bytes());
    data.extend(std::iter::repeat_n(0u8, size)); // AND
    data.extend_from_slice(&line); // OR
    data.extend_from_slice(&0u32.to_be_bytes()); // cursor off
    data.push(5);
    data.extend_from_slice(b"utf-8");
    encode(packet::WRITE, &data)
}

/// The key code in a key packet.
pub(crate) fn key_code(data: &[u8]) -> Option<u64> {
    let bytes: [u8; 8] = data.try_into().ok()?;
    Some(u64::from_be_bytes(bytes))
}

/// The key codes tiflo accepts: the commands of [`action_of_key`], each
/// with any flags.
pub fn accepted_keys() -> Vec<(u64, u64)> {
    let mut ranges: Vec<(u64, u64)> =
        [
            key::LNUP,
            key::LNDN,
            key::PRDIFLN,
            key::NXDIFLN,
            key::TOP,
            key::BOT,
            key::TOP_LEFT,
            key::BOT_LEFT,
            key::PRPGRPH,
            key::NXPGRPH,
            key::FWINLT,
            key::FWINRT,
        ]
        .iter()
            .map(|&c| (key::cmd(c), key::cmd(c) | key::FLAGS_MASK))
            .collect();
    for blk in [key::BLK_ROUTE, key::BLK_PASSDOTS] {
        ranges.push((key::block(blk, 0), key::block(blk, key::ARG_MASK) | key::FLAGS_MASK));
    }
    for sym in [key::SYM_BACKSPACE, key::SYM_LINEFEED] {
        ranges.push((key::TYPE_SYM | sym, key::TYPE_SYM | sym | key::FLAGS_MASK));
    }
    ranges
}

/// What a BrlAPI key code asks tiflo to do: panning (FWINLT, FWINRT), lines
/// (LNUP, LNDN), top and bottom, views (PRDIFLN, NXDIFLN, PRPGRPH, NXPGRPH), routing keys, and braille-keyboard chords
/// (PASSDOTS: dots alone or with the space bar are the cell, dot 7 alone
/// erases, dot 8 alone enters, the space bar alone is a space; BRLTTY's own
/// tables turn dot 7 and dot 8 alone into the Backspace and Enter keys,
/// which erase and enter too). Anything else is `None`.
pub fn action_of_key(code: u64) -> Option<Action> {
    if code & key::TYPE_MASK == key::TYPE_SYM {
        return match code & key::CODE_MASK {
            key::SYM_BACKSPACE => Some(Action::Erase),
            key::SYM_LINEFEED => Some(Action::Enter),
            _ => None,
        };
    }
    if code & key::TYPE_MASK != key::TYPE_CMD {
        return None;
    }
    let command = code & key::CODE_MASK;
    let block = command >> key::BLOCK_SHIFT;
    let arg = command & key::ARG_MASK;
    Some(match block {
        0 => match arg {
            key::LNUP => Action::LineUp,
            key::LNDN => Action::LineDown,
            key::TOP | key::TOP_LEFT => Action::Top,
            key::BOT | key::BOT_LEFT => Action::Bottom,
            key::FWINLT => Action::PanBack,
            key::FWINRT => Action::PanForward,
            // "Previous/next different line", "previous/next paragraph":
            // the views are tiflo's lines of a different kind.
            key::PRDIFLN | key::PRPGRPH => Action::PreviousView,
            key::NXDIFLN | key::NXPGRPH => Action::NextView,
            _ => return None,
        },
        key::BLK_ROUTE => Action::Route(u8::try_from(arg).ok()?),
        key::BLK_PASSDOTS => match (arg & 0xFF) as Cell {
            0 => Action::Typed(Typed::Space),
            super::DOT7 => Action::Erase,
            super::DOT8 => Action::Enter,
            dots => Action::Typed(Typed::Cell(dots)),
        },
        _ => return None,
    })
}

// ---------------------------------------------------------------------------
// The client, sans-I/O

/// A setup request waiting for its answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Request {
    DriverName,
    DisplaySize,
    RetainDots,
    EnterTty,
    IgnoreKeys,
    AcceptKeys,
    TextTable,
}

impl Request {
    fn what(self) -> &'static str {
        match self {
            Request::DriverName => "the driver name",
            Request::DisplaySize => "the display size",
            Request::RetainDots => "the retain-dots parameter",
            Request::EnterTty => "the tty",
            Request::IgnoreKeys | Request::AcceptKeys => "the key ranges",
            Request::TextTable => "the text table",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// Waiting for the server's version.
    Version,
    /// Waiting for the authentication methods.
    Auth,
    /// The server wants the key file: [`Client::give_key`].
    NeedKey,
    /// The key is sent; waiting for its acknowledgement.
    KeySent,
    /// A setup request is sent.
    Waiting(Request),
    Ready,
    Failed,
}

/// What BRLTTY said about its display.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// The braille driver's name ("Baum", "HandyTech" ...).
    pub driver: String,
    /// The display's width in cells.
    pub width: u32,
    /// The display's height in lines.
    pub height: u32,
    /// BRLTTY's text table, as it names it ("en-nabcc", "de", or a path),
    /// when the server says.
    pub text_table: Option<String>,
}

impl Info {
    /// The display's cells (all its lines).
    pub fn cells(&self) -> usize {
        usize::try_from(u64::from(self.width) * u64::from(self.height)).unwrap_or(0)
    }
}

/// One BrlAPI connection's protocol, sans-I/O: feed it what the server
/// sends, send what [`Client::poll_transmit`] gives. After the handshake
/// ([`Client::is_ready`]) it writes lines and turns key packets into
/// actions.
#[derive(Clone, Debug)]
pub(crate) struct Client {
    state: State,
    reader: PacketReader,
    out: VecDeque<Vec<u8>>,
    actions: VecDeque<Action>,
    tty: Vec<u32>,
    info: Info,
    retain_dots: bool,
}

impl Client {
    /// A client that will take the tty at `tty` (empty: the root, which
    /// shows tiflo on every console).
    pub fn new(tty: Vec<u32>) -> Client {
        Client {
            state: State::Version,
            reader: PacketReader::default(),
            out: VecDeque::new(),
            actions: VecDeque::new(),
            tty,
            info: Info::default(),
            retain_dots: false,
        }
    }

    /// The handshake is done: lines can be written.
    pub(crate) fn is_ready(&self) -> bool {
        self.state == State::Ready
    }

    /// The server asked for the key file's bytes.
    pub(crate) fn wants_key(&self) -> bool {
        self.state == State::NeedKey
    }

    /// Whether BRLTTY agreed to send braille-keyboard chords as dots.
    pub fn retains_dots(&self) -> bool {
        self.retain_dots
    }

    /// What BRLTTY said about its display (complete once ready).
    pub fn info(&self) -> &Info {
        &self.info
    }

    /// Gives the key file's bytes when [`Client::wants_key`].
    pub(crate) fn give_key(&mut self, key: &[u8]) {
        if self.state == State::NeedKey {
            self.out.push_back(auth_key_packet(key));
            self.state = State::KeySent;
        }
    }

    /// The next bytes to send.
    pub(crate) fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.out.pop_front()
    }

    /// The actions of the keys received so far.
    pub(crate) fn take_actions(&mut self) -> Vec<Action> {
        self.actions.drain(..).collect()
    }

    /// Writes `cells` (padded or cut to the display).
    pub fn show(&mut self, cells: &[Cell]) -> Result<(), BrlapiError> {
        if self.state != State::Ready {
            return Err(BrlapiError::NotReady);
        }
        self.out.push_back(write_dots_packet(cells, self.info.cells()));
        Ok(())
    }

    /// Feeds bytes from the server. An error ends the connection: every
    /// later call fails too.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<(), BrlapiError> {
        if self.state == State::Failed {
            return Err(BrlapiError::Closed);
        }
        let packets = match self.reader.feed(bytes) {
            Ok(p) => p,
            Err(e) => return Err(self.fail(e)),
        };
        for p in packets {
            if let Err(e) = self.packet(p) {
                return Err(self.fail(e));
            }
        }
        Ok(())
    }

    fn fail(&mut self, e: BrlapiError) -> BrlapiError {
        self.state = State::Failed;
        self.out.clear();
        e
    }

    fn packet(&mut self, p: Packet) -> Result<(), BrlapiError> {
        match p.kind {
            packet::KEY => {
                // Keys come only once a tty is taken; some may arrive before
                // the key ranges are acknowledged.
                if let Some(action) = key_code(&p.data).and_then(action_of_key) {
                    self.actions.push_back(action);
                }
                return Ok(());
            }
            packet::PARAM_UPDATE => return Ok(()),
            packet::EXCEPTION => {
                let mut w = words(&p.data);
                let code = w.next().unwrap_or(0);
                let kind = w.next().unwrap_or(0);
                return Err(BrlapiError::Exception { code, kind });
            }
            _ => {}
        }
        let error = (p.kind == packet::ERROR).then(|| words(&p.data).next().unwrap_or(0));
        match (self.state.clone(), p.kind) {
            (State::Version, packet::VERSION) => {
                let v = words(&p.data).next().unwrap_or(0);
                if v < PROTOCOL_VERSION {
                    return Err(BrlapiError::Version(v));
                }
                self.out.push_back(version_packet());
                self.state = State::Auth;
            }
            (State::Version | State::Auth, packet::ERROR) => {
                return Err(BrlapiError::Refused { request: "the connection", code: error.unwrap_or(0) });
            }
            (State::Auth, packet::AUTH) => {
                let methods: Vec<u32> = words(&p.data).collect();
                if methods.contains(&auth::NONE) {
                    self.request(Request::DriverName);
                } else if methods.contains(&auth::KEY) {
                    self.state = State::NeedKey;
                } else {
                    return Err(BrlapiError::NoAuthMethod(methods));
                }
            }
            (State::KeySent, packet::ACK) => self.request(Request::DriverName),
            (State::KeySent, packet::ERROR) => return Err(BrlapiError::Authentication),
            (State::Waiting(Request::DriverName), packet::GET_DRIVER_NAME) => {
                let name = p.data.split(|&b| b == 0).next().unwrap_or(&[]);
                self.info.driver = String::from_utf8_lossy(name).trim().to_owned();
                self.request(Request::DisplaySize);
            }
            (State::Waiting(Request::DisplaySize), packet::GET_DISPLAY_SIZE) => {
                let mut w = words(&p.data);
                let (Some(width), Some(height)) = (w.next(), w.next()) else {
                    return Err(BrlapiError::Protocol("a display size without two numbers".into()));
                };
                self.info.width = width;
                self.info.height = height;
                if self.info.cells() == 0 || self.info.cells() > MAX_PACKET / 2 {
                    return Err(BrlapiError::NoDisplay);
                }
                self.request(Request::RetainDots);
            }
            (State::Waiting(Request::RetainDots), packet::ACK) => {
                self.retain_dots = true;
                self.request(Request::EnterTty);
            }
            // A server without the parameter: chords come as characters,
            // which tiflo leaves to BRLTTY; the rest works.
            (State::Waiting(Request::RetainDots), packet::ERROR) => self.request(Request::EnterTty),
            (State::Waiting(Request::EnterTty), packet::ACK) => self.request(Request::IgnoreKeys),
            (State::Waiting(Request::IgnoreKeys), packet::ACK) => self.request(Request::AcceptKeys),
            (State::Waiting(Request::AcceptKeys), packet::ACK) => self.request(Request::TextTable),
            (State::Waiting(Request::TextTable), packet::PARAM_VALUE) => {
                // Flags, the parameter, the subparameter's two halves, then
                // the value: a string.
                if p.data.len() >= 16 && be32(&p.data[4..8]) == param::COMPUTER_BRAILLE_TABLE {
                    let name = p.data[16..].split(|&b| b == 0).next().unwrap_or(&[]);
                    let name = String::from_utf8_lossy(name).trim().to_owned();
                    self.info.text_table = (!name.is_empty()).then_some(name);
                }
                self.state = State::Ready;
            }
            // A server without the parameter: the table is not known.
            (State::Waiting(Request::TextTable), packet::ERROR) => self.state = State::Ready,
            (State::Waiting(request), packet::ERROR) => {
                return Err(BrlapiError::Refused { request: request.what(), code: error.unwrap_or(0) });
            }
            // Anything else (an error about a write, a late answer) is
            // ignored, as libbrlapi does.
            _ => {}
        }
        Ok(())
    }

    fn request(&mut self, r: Request) {
        let bytes = match r {
            Request::DriverName => encode(packet::GET_DRIVER_NAME, &[]),
            Request::DisplaySize => encode(packet::GET_DISPLAY_SIZE, &[]),
            Request::RetainDots => set_param_packet(param::RETAIN_DOTS, &[1]),
            Request::EnterTty => enter_tty_packet(&self.tty),
            Request::IgnoreKeys => key_ranges_packet(false, &[(0, u64::MAX)]),
            Request::AcceptKeys => key_ranges_packet(true, &accepted_keys()),
            Request::TextTable => get_param_packet(param::COMPUTER_BRAILLE_TABLE),
        };
        self.out.push_back(bytes);
        self.state = State::Waiting(r);
    }
}

// ---------------------------------------------------------------------------
// Which tty

/// The tty path libbrlapi would take for this process, from its
/// environment and `/proc/self/stat`'s contents: the window path
/// (`WINDOWPATH`, or `XDG_VTNR` in a graphical session that sets none),
/// then the controlling tty (`WINDOWID`, `CONTROLVT`, `XDG_VTNR` outside a
/// graphical session, or the virtual console the process runs on). When no
/// tty can be told, the path is what was found (possibly empty: the root,
/// so tiflo shows on every console).
pub(crate) fn tty_path(env: impl Fn(&str) -> Option<String>, proc_stat: Option<&str>) -> Vec<u32> {
    let graphical = env("DISPLAY").is_some() || env("WAYLAND_DISPLAY").is_some();
    let number = |s: &str| s.trim().parse::<u32>().ok();
    let mut path: Vec<u32> = Vec::new();
    let window_path = env("WINDOWPATH").or_else(|| if graphical { env("XDG_VTNR") } else { None });
    if let Some(wp) = window_path {
        let parts: Option<Vec<u32>> = wp.split(|c: char| !c.is_ascii_digit()).map(number).collect();
        path.extend(parts.unwrap_or_default());
    }
    let own = env("WINDOWID")
        .and_then(|s| number(&s))
        .or_else(|| env("CONTROLVT").and_then(|s| number(&s)))
        .or_else(|| if graphical { None } else { env("XDG_VTNR").and_then(|s| number(&s)) })
        .or_else(|| proc_stat.and_then(console_of_stat));
    path.extend(own);
    path
}

/// The virtual console (1-63) in a `/proc/PID/stat` line's `tty_nr` field.
fn console_of_stat(stat: &str) -> Option<u32> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let tty_nr: u32 = rest.split_whitespace().nth(4)?.parse::<i64>().ok()?.try_into().ok()?;
    let major = (tty_nr >> 8) & 0xFFF;
    let minor = (tty_nr & 0xFF) | ((tty_nr >> 12) & 0xF_FF00);
    (major == 4 && (1..=63).contains(&minor)).then_some(minor)
}

// ---------------------------------------------------------------------------
// The I/O driver

enum Stream {
    Unix(UnixStream),
    Tcp(TcpStream),
}

impl Stream {
    fn set_timeouts(&self, read: Duration, write: Duration) -> std::io::Result<()> {
        let read = Some(read.max(Duration::from_millis(1)));
        let write = Some(write.max(Duration::from_millis(1)));
        match self {
            Stream::Unix(s) => {
                s.set_read_timeout(read)?;
                s.set_write_timeout(write)
            }
            Stream::Tcp(s) => {
                s.set_read_timeout(read)?;
                s.set_write_timeout(write)
            }
        }
    }

    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Unix(s) => s.read(buf),
            Stream::Tcp(s) => s.read(buf),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match self {
            Stream::Unix(s) => s.write_all(bytes),
            Stream::Tcp(s) => s.write_all(bytes),
        }
    }
}

/// How long a line may take to be accepted by BRLTTY.
const WRITE_WAIT: Duration = Duration::from_secs(2);

/// A braille display shared through BRLTTY.
pub struct BrlapiDisplay {
    stream: Stream,
    client: Client,
    /// Where it was reached, for messages.
    place: String,
}

impl std::fmt::Debug for BrlapiDisplay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BrlapiDisplay").field("place", &self.place).field("info", self.client.info()).finish()
    }
}

fn timed_out(e: &std::io::Error) -> bool {
    matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut | std::io::ErrorKind::Interrupted)
}

impl BrlapiDisplay {
    /// Connects to BRLTTY at `addr` (see [`parse_address`]; empty: the
    /// local server 0), authenticates (with `key_file`, by default
    /// [`DEFAULT_KEY_FILE`], read only if BRLTTY asks for a key), takes
    /// this process's tty ([`BrlapiDisplay::controlling_tty`]) and the keys
    /// tiflo uses. Fails if that takes longer than `wait`.
    pub fn connect(addr: &str, key_file: Option<&Path>, wait: Duration) -> Result<BrlapiDisplay, BrlapiError> {
        BrlapiDisplay::connect_tty(addr, key_file, wait, BrlapiDisplay::controlling_tty())
    }

    /// [`BrlapiDisplay::connect`] taking the tty at `tty` (empty: the root,
    /// shown on every console unless a client of the current console
    /// writes).
    pub fn connect_tty(
        addr: &str,
        key_file: Option<&Path>,
        wait: Duration,
        tty: Vec<u32>,
    ) -> Result<BrlapiDisplay, BrlapiError> {
        let deadline = Instant::now() + wait;
        let address = parse_address(addr)?;
        let (mut stream, place) = open(&address, deadline)?;
        let mut client = Client::new(tty);
        let mut buf = [0u8; 1024];
        loop {
            while let Some(bytes) = client.poll_transmit() {
                stream.set_timeouts(WRITE_WAIT, WRITE_WAIT)?;
                stream.write_all(&bytes)?;
            }
            if client.is_ready() {
                break;
            }
            if client.wants_key() {
                let path = key_file.map_or_else(|| PathBuf::from(DEFAULT_KEY_FILE), Path::to_path_buf);
                client.give_key(&read_key(&path)?);
                continue;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(BrlapiError::Timeout(place));
            }
            stream.set_timeouts(left, WRITE_WAIT)?;
            match stream.read(&mut buf) {
                Ok(0) => return Err(BrlapiError::Closed),
                Ok(n) => client.feed(&buf[..n])?,
                Err(e) if timed_out(&e) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(BrlapiDisplay { stream, client, place })
    }

    /// The tty path libbrlapi would take for this process ([`tty_path`]).
    pub(crate) fn controlling_tty() -> Vec<u32> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok();
        tty_path(|name| std::env::var(name).ok().filter(|v| !v.is_empty()), stat.as_deref())
    }

    /// What BRLTTY said about its display.
    pub fn info(&self) -> &Info {
        self.client.info()
    }

    /// Where BRLTTY was reached ("127.0.0.1:4102", "/var/lib/BrlAPI/0").
    pub fn place(&self) -> &str {
        &self.place
    }

    /// Whether braille-keyboard chords come as dots.
    pub fn retains_dots(&self) -> bool {
        self.client.retains_dots()
    }

    fn gone(&self) -> DisplayError {
        DisplayError::Gone(self.name())
    }
}

/// The key file an authentication setting names, as libbrlapi reads
/// `BRLAPI_AUTH` (`brlapi_getKeyFile` in BRLTTY's `brlapi_common.h`):
/// `keyfile:PATH`, a list of methods with `+keyfile:PATH` among them, or
/// else the whole setting as the path; the path ends at the next `+`.
pub(crate) fn key_file_of_auth(auth: &str) -> PathBuf {
    let path = match auth.strip_prefix("keyfile:") {
        Some(p) => p,
        None => auth.find("+keyfile:").map_or(auth, |i| &auth[i + "+keyfile:".len()..]),
    };
    PathBuf::from(path.split('+').next().unwrap_or(path))
}

/// The key file's bytes, as libbrlapi sends them (at most a packet).
fn read_key(path: &Path) -> Result<Vec<u8>, BrlapiError> {
    // A key file that may not be read is said with Debian's brlapi group.
    let bad = |why: Option<OsReason>| BrlapiError::KeyFile { path: path.to_path_buf(), why };
    let mut key = std::fs::read(path).map_err(|e| bad(Some(OsReason::from(&e))))?;
    if key.is_empty() {
        return Err(bad(None));
    }
    key.truncate(MAX_PACKET - 8);
    Ok(key)
}

/// The local socket paths of server `name`, in the order tried.
fn local_paths(name: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(run) = std::env::var_os("XDG_RUNTIME_DIR").filter(|d| !d.is_empty()) {
        dirs.push(PathBuf::from(run).join("brltty"));
    }
    dirs.extend(SOCKET_DIRS.iter().map(PathBuf::from));
    dirs.into_iter().map(|d| d.join(name)).collect()
}

/// Opens the connection: a local socket, then (for a numbered local server
/// that is not there) its TCP port on the loopback, as libbrlapi does.
fn open(address: &Address, deadline: Instant) -> Result<(Stream, String), BrlapiError> {
    let mut tried = Vec::new();
    let mut tcp = Vec::new();
    match address {
        Address::Local(name) => {
            for path in local_paths(name) {
                match UnixStream::connect(&path) {
                    Ok(s) => return Ok((Stream::Unix(s), path.display().to_string())),
                    Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                        return Err(BrlapiError::Forbidden(path.display().to_string()));
                    }
                    Err(_) => tried.push(path.display().to_string()),
                }
            }
            if let Some(n) = server_number(name) {
                tcp.push(("127.0.0.1".to_owned(), BASE_PORT + n));
                tcp.push(("::1".to_owned(), BASE_PORT + n));
            }
        }
        Address::Tcp { host, port } => tcp.push((host.clone(), *port)),
    }
    for (host, port) in tcp {
        let shown = Address::Tcp { host: host.clone(), port }.to_string();
        let addrs = match (host.as_str(), port).to_socket_addrs() {
            Ok(a) => a,
            Err(_) => {
                tried.push(shown);
                continue;
            }
        };
        for sa in addrs {
            let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(1));
            match TcpStream::connect_timeout(&sa, left) {
                Ok(s) => {
                    let _ = s.set_nodelay(true);
                    return Ok((Stream::Tcp(s), shown));
                }
                Err(_) => tried.push(sa.to_string()),
            }
        }
    }
    Err(BrlapiError::Unreachable(tried.join(", ")))
}

/// Where BRLTTY keeps its text tables (Debian's, then a build's default).
pub const TEXT_TABLE_DIRS: [&str; 2] = ["/etc/brltty/Text", "/usr/share/brltty/Text"];

/// How a BRLTTY text table writes the chess figurines (♔ to ♟).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableChess {
    /// With the English letters (it includes `en-chess.tti`): the bishop b,
    /// the knight n.
    English,
    /// With another language's letters (it includes `LANG-chess.tti`).
    Other(String),
    /// It has no chess figurines.
    None,
}

/// How the BRLTTY text table `name` (as BRLTTY names it: "de", or a path)
/// writes the chess figurines, from the table's file and the files it
/// includes; `None` when its file is not found.
pub fn table_chess(name: &str) -> Option<TableChess> {
    let file = if name.contains('/') {
        let p = PathBuf::from(name);
        if p.extension().is_some() { p } else { p.with_extension("ttb") }
    } else {
        let base = name.strip_suffix(".ttb").unwrap_or(name);
        TEXT_TABLE_DIRS.iter().map(|d| Path::new(d).join(format!("{base}.ttb"))).find(|p| p.is_file())?
    };
    let text = std::fs::read_to_string(&file).ok()?;
    let mut chess = Vec::new();
    includes(&file, &text, 0, &mut chess);
    Some(match chess.first() {
        None => TableChess::None,
        Some(lang) if lang == "en" => TableChess::English,
        Some(lang) => TableChess::Other(lang.clone()),
    })
}

/// The chess subtables (`LANG-chess.tti`: LANG) that `text`, the file
/// `file`, includes, however deep (BRLTTY's `include` lines, relative to
/// the including file).
fn includes(file: &Path, text: &str, depth: usize, chess: &mut Vec<String>) {
    if depth > 8 {
        return;
    }
    for line in text.lines() {
        let mut words = line.split_whitespace();
        if words.next() != Some("include") {
            continue;
        }
        let Some(name) = words.next() else { continue };
        let included = file.parent().unwrap_or(Path::new("")).join(name);
        let stem = included.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if let Some(lang) = stem.strip_suffix("-chess") {
            chess.push(lang.to_owned());
        } else if let Ok(inner) = std::fs::read_to_string(&included) {
            includes(&included, &inner, depth + 1, chess);
        }
    }
}

impl Display for BrlapiDisplay {
    /// The braille driver's name as BRLTTY gives it ("Baum").
    fn name(&self) -> String {
        self.client.info().driver.clone()
    }

    fn cells(&self) -> usize {
        self.client.info().cells()
    }

    fn text_table(&self) -> Option<String> {
        self.client.info().text_table.clone()
    }

    /// tiflo takes the keys as BRLTTY's commands (a tty entered with no
    /// driver name), so that BRLTTY's own key table binds them: a command
    /// comes once, when BRLTTY does it, and never says when its key was let
    /// go. Only the driver-specific key codes (a tty entered with the
    /// driver's name) report each press and release, and with them BRLTTY
    /// would bind no key for tiflo's tty: the player's key table would no
    /// longer work while tiflo runs. So a talk key cannot be held through
    /// BrlAPI (`brlapi_enterTtyMode(3)`, BRLTTY's BrlAPI reference).
    fn hold_to_talk(&self) -> super::display::HoldToTalk {
        super::display::HoldToTalk::NoReleases
    }

    fn show(&mut self, cells: &[Cell]) -> Result<(), DisplayError> {
        self.client.show(cells).map_err(|e| DisplayError::Failed(e.to_string()))?;
        while let Some(bytes) = self.client.poll_transmit() {
            if self.stream.set_timeouts(WRITE_WAIT, WRITE_WAIT).and_then(|()| self.stream.write_all(&bytes)).is_err() {
                return Err(self.gone());
            }
        }
        Ok(())
    }

    fn poll(&mut self, wait: Duration) -> Result<Vec<Action>, DisplayError> {
        let ready = self.client.take_actions();
        if !ready.is_empty() {
            return Ok(ready);
        }
        let mut buf = [0u8; 1024];
        if self.stream.set_timeouts(wait, WRITE_WAIT).is_err() {
            return Err(self.gone());
        }
        match self.stream.read(&mut buf) {
            Ok(0) => Err(self.gone()),
            Ok(n) => match self.client.feed(&buf[..n]) {
                Ok(()) => Ok(self.client.take_actions()),
                Err(BrlapiError::Closed) => Err(self.gone()),
                Err(e) => Err(DisplayError::Failed(e.to_string())),
            },
            Err(e) if timed_out(&e) => Ok(Vec::new()),
            Err(_) => Err(self.gone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds the client a server packet and returns what it sends back.
    fn server(c: &mut Client, kind: u32, data: &[u8]) -> Vec<Vec<u8>> {
        c.feed(&encode(kind, data)).unwrap();
        std::iter::from_fn(|| c.poll_transmit()).collect()
    }

    fn ready_client() -> Client {
        let mut c = Client::new(vec![]);
        server(&mut c, packet::VERSION, &8u32.to_be_bytes());
        server(&mut c, packet::AUTH, &auth::NONE.to_be_bytes());
        server(&mut c, packet::GET_DRIVER_NAME, b"Baum\0");
        let mut size = 40u32.to_be_bytes().to_vec();
        size.extend(1u32.to_be_bytes());
        server(&mut c, packet::GET_DISPLAY_SIZE, &size);
        for _ in 0..4 {
            server(&mut c, packet::ACK, &[]);
        }
        server(&mut c, packet::PARAM_VALUE, &table_value(b"en-nabcc"));
        assert!(c.is_ready());
        c
    }

    /// The server's answer with its text table's name.
    fn table_value(name: &[u8]) -> Vec<u8> {
        let mut data = param::GLOBAL.to_be_bytes().to_vec();
        data.extend(param::COMPUTER_BRAILLE_TABLE.to_be_bytes());
        data.extend([0; 8]);
        data.extend_from_slice(name);
        data
    }

    #[test]
    fn addresses_read_like_brltty() {
        let tcp = |h: &str, p| Ok(Address::Tcp { host: h.into(), port: p });
        let check = |text: &str, want: Result<Address, ()>| {
            assert_eq!(parse_address(text).map_err(|_| ()), want, "{text:?}");
        };
        check("", Ok(Address::Local("0".into())));
        check(":0", Ok(Address::Local("0".into())));
        check(":3", Ok(Address::Local("3".into())));
        check("localhost", tcp("localhost", 4101));
        check("127.0.0.1:0", tcp("127.0.0.1", 4101));
        check("127.0.0.1:6", tcp("127.0.0.1", 4107));
        check("braille.local:1", tcp("braille.local", 4102));
        // The number is a server number even when it looks like a port.
        check("127.0.0.1:4107", tcp("127.0.0.1", 8208));
        check("[::1]:2", tcp("::1", 4103));
        check("::1:2", tcp("::1", 4103));
        check("host:61434", tcp("host", 65535));
        check("host:61435", Err(()));
        check("host:x", Err(()));
        check(":", Err(()));
        check("host:-1", Err(()));
        assert_eq!(Address::Tcp { host: "::1".into(), port: 4101 }.to_string(), "[::1]:4101");
    }

    #[test]
    fn packets_are_size_type_data_big_endian() {
        assert_eq!(encode(packet::VERSION, &[0, 0, 0, 8]), [0, 0, 0, 4, 0, 0, 0, b'v', 0, 0, 0, 8]);
        assert_eq!(encode(packet::PARAM_VALUE, &[])[4..], [0, 0, b'P', b'V']);
        assert_eq!(version_packet(), encode(packet::VERSION, &[0, 0, 0, 8]));
        assert_eq!(auth_key_packet(b"k\n"), [0, 0, 0, 6, 0, 0, 0, b'a', 0, 0, 0, b'K', b'k', b'\n']);
        assert_eq!(
            enter_tty_packet(&[7, 0x0140_0003]),
            [0, 0, 0, 13, 0, 0, 0, b't', 0, 0, 0, 2, 0, 0, 0, 7, 1, 0x40, 0, 3, 0]
        );
        assert_eq!(enter_tty_packet(&[]), [0, 0, 0, 5, 0, 0, 0, b't', 0, 0, 0, 0, 0]);
        assert_eq!(
            set_param_packet(param::RETAIN_DOTS, &[1]),
            [0, 0, 0, 17, 0, 0, b'P', b'V', 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 1]
        );
        let ranges = key_ranges_packet(true, &[(1, 0x2001_FFFF)]);
        assert_eq!(ranges[..8], [0, 0, 0, 16, 0, 0, 0, b'u']);
        assert_eq!(ranges[8..], [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0x20, 0x01, 0xFF, 0xFF]);
        assert_eq!(key_ranges_packet(false, &[])[4..8], [0, 0, 0, b'm']);
    }

    #[test]
    fn a_write_is_the_whole_display_as_exact_dots() {
        // Dots 1-2 (0x03), dots 7-8 with 1 (0xC1), on a 4-cell display.
        let p = write_dots_packet(&[0x03, 0xC1], 4);
        let mut want = vec![0, 0, 0, 0, 0, 0, 0, b'w'];
        want.extend([0, 0, 0, 0x7E]); // region, text, and, or, cursor, charset
        want.extend([0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFC]); // from cell 1, filling 4
        want.extend([0, 0, 0, 12]);
        want.extend("⠃⣁⠀⠀".as_bytes());
        want.extend([0, 0, 0, 0]); // AND
        want.extend([0x03, 0xC1, 0, 0]); // OR
        want.extend([0, 0, 0, 0]); // no cursor
        want.extend(b"\x05utf-8");
        let size = (want.len() - 8) as u32;
        want[..4].copy_from_slice(&size.to_be_bytes());
        assert_eq!(p, want);
        assert_eq!("⠃⣁⠀⠀".as_bytes()[..6], [0xE2, 0xA0, 0x83, 0xE2, 0xA3, 0x81]);
        // Longer lines are cut to the display.
        assert_eq!(write_dots_packet(&[1; 9], 4), write_dots_packet(&[1; 4], 4));
    }

    #[test]
    fn the_handshake_without_authentication() {
        let mut c = Client::new(vec![]);
        assert!(!c.is_ready());
        assert_eq!(server(&mut c, packet::VERSION, &8u32.to_be_bytes()), vec![version_packet()]);
        assert_eq!(server(&mut c, packet::AUTH, &auth::NONE.to_be_bytes()), vec![encode(packet::GET_DRIVER_NAME, &[])]);
        assert_eq!(server(&mut c, packet::GET_DRIVER_NAME, b"Baum\0"), vec![encode(packet::GET_DISPLAY_SIZE, &[])]);
        let size = [0, 0, 0, 24, 0, 0, 0, 1];
        assert_eq!(server(&mut c, packet::GET_DISPLAY_SIZE, &size), vec![set_param_packet(param::RETAIN_DOTS, &[1])]);
        assert_eq!(server(&mut c, packet::ACK, &[]), vec![enter_tty_packet(&[])]);
        assert_eq!(server(&mut c, packet::ACK, &[]), vec![key_ranges_packet(false, &[(0, u64::MAX)])]);
        assert_eq!(server(&mut c, packet::ACK, &[]), vec![key_ranges_packet(true, &accepted_keys())]);
        assert_eq!(server(&mut c, packet::ACK, &[]), vec![get_param_packet(param::COMPUTER_BRAILLE_TABLE)]);
        assert_eq!(get_param_packet(28)[4..], [0, 0, b'P', b'R', 0, 0, 1, 1, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert!(!c.is_ready());
        assert_eq!(server(&mut c, packet::PARAM_VALUE, &table_value(b"de")), Vec::<Vec<u8>>::new());
        assert!(c.is_ready());
        assert!(c.retains_dots());
        assert_eq!(c.info(), &Info { driver: "Baum".into(), width: 24, height: 1, text_table: Some("de".into()) });
        // A server that does not know the parameter: ready all the same.
        let mut c = Client::new(vec![]);
        server(&mut c, packet::VERSION, &8u32.to_be_bytes());
        server(&mut c, packet::AUTH, &auth::NONE.to_be_bytes());
        server(&mut c, packet::GET_DRIVER_NAME, b"Baum\0");
        server(&mut c, packet::GET_DISPLAY_SIZE, &size);
        for _ in 0..4 {
            server(&mut c, packet::ACK, &[]);
        }
        server(&mut c, packet::ERROR, &6u32.to_be_bytes());
        assert!(c.is_ready());
        assert_eq!(c.info().text_table, None);
        c.show(&[1, 2]).unwrap();
        assert_eq!(c.poll_transmit(), Some(write_dots_packet(&[1, 2], 24)));
    }

    #[test]
    fn key_authentication_and_its_refusal() {
        let mut c = Client::new(vec![3]);
        server(&mut c, packet::VERSION, &8u32.to_be_bytes());
        let mut methods = auth::CREDENTIALS.to_be_bytes().to_vec();
        methods.extend(auth::KEY.to_be_bytes());
        assert!(server(&mut c, packet::AUTH, &methods).is_empty());
        assert!(c.wants_key());
        c.give_key(b"secret");
        assert_eq!(c.poll_transmit(), Some(auth_key_packet(b"secret")));
        assert!(!c.wants_key());
        assert_eq!(server(&mut c, packet::ACK, &[]), vec![encode(packet::GET_DRIVER_NAME, &[])]);

        let mut c = Client::new(vec![]);
        server(&mut c, packet::VERSION, &8u32.to_be_bytes());
        server(&mut c, packet::AUTH, &auth::KEY.to_be_bytes());
        c.give_key(b"wrong");
        c.poll_transmit();
        let e = c.feed(&encode(packet::ERROR, &17u32.to_be_bytes())).unwrap_err();
        assert!(matches!(e, BrlapiError::Authentication), "{e}");
        assert!(matches!(c.feed(&[]), Err(BrlapiError::Closed)), "a failed client stays failed");

        let mut c = Client::new(vec![]);
        server(&mut c, packet::VERSION, &8u32.to_be_bytes());
        let e = c.feed(&encode(packet::AUTH, &auth::CREDENTIALS.to_be_bytes())).unwrap_err();
        assert!(matches!(e, BrlapiError::NoAuthMethod(ref m) if m == &[auth::CREDENTIALS]), "{e}");
        // No method at all: BRLTTY wants a key it has no file for.
        let mut c = Client::new(vec![]);
        server(&mut c, packet::VERSION, &8u32.to_be_bytes());
        assert!(c.feed(&encode(packet::AUTH, &[])).is_err());
    }

    #[test]
    fn old_servers_and_errors_end_the_handshake_with_a_reason() {
        let mut c = Client::new(vec![]);
        let e = c.feed(&encode(packet::VERSION, &7u32.to_be_bytes())).unwrap_err();
        assert!(matches!(e, BrlapiError::Version(7)));

        let mut c = Client::new(vec![]);
        server(&mut c, packet::VERSION, &8u32.to_be_bytes());
        server(&mut c, packet::AUTH, &auth::NONE.to_be_bytes());
        server(&mut c, packet::GET_DRIVER_NAME, b"NoBraille\0");
        let e = c.feed(&encode(packet::GET_DISPLAY_SIZE, &[0; 8])).unwrap_err();
        assert!(matches!(e, BrlapiError::NoDisplay));

        // The retain-dots parameter refused: go on without it.
        let mut c = Client::new(vec![1]);
        server(&mut c, packet::VERSION, &8u32.to_be_bytes());
        server(&mut c, packet::AUTH, &auth::NONE.to_be_bytes());
        server(&mut c, packet::GET_DRIVER_NAME, b"Baum\0");
        server(&mut c, packet::GET_DISPLAY_SIZE, &[0, 0, 0, 40, 0, 0, 0, 1]);
        assert_eq!(server(&mut c, packet::ERROR, &6u32.to_be_bytes()), vec![enter_tty_packet(&[1])]);
        assert!(!c.retains_dots());
        // The tty refused.
        let e = c.feed(&encode(packet::ERROR, &6u32.to_be_bytes())).unwrap_err();
        assert_eq!(e.to_string(), "BRLTTY refused the tty: invalid parameter (error 6)");
    }

    #[test]
    fn an_exception_ends_the_connection() {
        let mut c = ready_client();
        let mut data = 7u32.to_be_bytes().to_vec();
        data.extend(packet::WRITE.to_be_bytes());
        data.extend([0, 0, 0, 0]);
        let e = c.feed(&encode(packet::EXCEPTION, &data)).unwrap_err();
        assert!(matches!(e, BrlapiError::Exception { code: 7, kind: packet::WRITE }), "{e}");
        assert!(c.show(&[1]).is_err());
        // A stray error packet while ready is ignored.
        let mut c = ready_client();
        c.feed(&encode(packet::ERROR, &5u32.to_be_bytes())).unwrap();
        assert!(c.is_ready());
    }

    #[test]
    fn keys_become_actions() {
        let dots = |d: u64| key::block(key::BLK_PASSDOTS, d);
        let cases = [
            (key::cmd(key::FWINLT), Some(Action::PanBack)),
            (key::cmd(key::FWINRT), Some(Action::PanForward)),
            (key::cmd(key::LNUP), Some(Action::LineUp)),
            (key::cmd(key::LNDN), Some(Action::LineDown)),
            (key::cmd(key::TOP), Some(Action::Top)),
            (key::cmd(key::BOT_LEFT), Some(Action::Bottom)),
            (key::cmd(key::NXDIFLN), Some(Action::NextView)),
            (key::cmd(key::PRPGRPH), Some(Action::PreviousView)),
            (0x2001_0000, Some(Action::Route(0))),
            (0x2001_0027, Some(Action::Route(39))),
            (key::block(key::BLK_ROUTE, 300), None),
            (dots(0b1_0011), Some(Action::Typed(Typed::Cell(0b1_0011)))),
            (dots(key::DOTC | 0b1), Some(Action::Typed(Typed::Cell(1)))),
            (dots(0x40), Some(Action::Erase)),
            (dots(0x80), Some(Action::Enter)),
            (dots(0x41), Some(Action::Typed(Typed::Cell(0x41)))),
            (dots(0), Some(Action::Typed(Typed::Space))),
            (dots(key::DOTC), Some(Action::Typed(Typed::Space))),
            // Flags (a shift key held) do not change the action.
            (dots(0b11) | (1u64 << 32), Some(Action::Typed(Typed::Cell(0b11)))),
            (key::cmd(key::FWINRT) | key::FLAGS_MASK, Some(Action::PanForward)),
            // BRLTTY's dot 7 and dot 8 alone: Backspace and Enter.
            (0xFF08, Some(Action::Erase)),
            (0xFF0D, Some(Action::Enter)),
            (0xFF0D | (4u64 << 32), Some(Action::Enter)),
            // Another keysym (the letter a), another command, another block.
            (0x61, None),
            (0xFF09, None),
            (key::cmd(0x30), None),
            (key::block(0x21, 0x61), None),
            (0x4000_0017, None),
        ];
        for (code, want) in cases {
            assert_eq!(action_of_key(code), want, "{code:#x}");
        }
        // The accepted ranges hold the codes with an action, with any flags,
        // and no other command (a range, as BRLTTY reads it, is the low
        // halves between the two codes' and the flags between theirs).
        let ranges = accepted_keys();
        let accepted = |code: u64| {
            let (value, flags) = (code as u32, (code >> 32) as u32);
            ranges.iter().any(|&(a, b)| {
                let (a_value, a_flags, b_value, b_flags) = (a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32);
                (a_value.min(b_value)..=a_value.max(b_value)).contains(&value)
                    && flags & (a_flags & b_flags) == (a_flags & b_flags)
                    && flags & !(a_flags | b_flags) == 0
            })
        };
        for (block, arg) in (0..0x40u64).flat_map(|b| (0..0x200u64).map(move |a| (b, a))) {
            let code = key::block(block, arg);
            // (Routing keys past cell 255 are accepted and ignored.)
            let wanted = action_of_key(code).is_some() || block == key::BLK_ROUTE;
            assert_eq!(accepted(code), wanted, "{code:#x}");
            assert_eq!(accepted(code | (0x21 << 32)), wanted, "{code:#x}");
        }
        for sym in 0..0x1_0000u64 {
            assert_eq!(accepted(sym), action_of_key(sym).is_some(), "{sym:#x}");
        }
    }

    #[test]
    fn key_packets_arrive_in_any_pieces() {
        let mut c = ready_client();
        let mut bytes = encode(packet::KEY, &0x2001_0004u64.to_be_bytes());
        bytes.extend(encode(packet::PARAM_UPDATE, &[0; 20]));
        bytes.extend(encode(packet::KEY, &key::block(key::BLK_PASSDOTS, 0x80).to_be_bytes()));
        bytes.extend(encode(packet::KEY, &[1, 2, 3])); // not a key code: ignored
        bytes.extend(encode(packet::KEY, &key::cmd(key::FWINRT).to_be_bytes()));
        for b in &bytes {
            c.feed(std::slice::from_ref(b)).unwrap();
        }
        assert_eq!(c.take_actions(), vec![Action::Route(4), Action::Enter, Action::PanForward]);
        assert!(c.take_actions().is_empty());
    }

    #[test]
    fn the_packet_reader_waits_for_whole_packets_and_refuses_huge_ones() {
        let mut r = PacketReader::default();
        let bytes = [encode(b'x' as u32, b"abc"), encode(b'y' as u32, &[])].concat();
        let mut got = Vec::new();
        for b in &bytes {
            got.extend(r.feed(std::slice::from_ref(b)).unwrap());
        }
        assert_eq!(
            got,
            vec![Packet { kind: b'x' as u32, data: b"abc".to_vec() }, Packet { kind: b'y' as u32, data: vec![] }]
        );
        assert!(r.feed(&[0, 0, 0x10, 1, 0, 0, 0, b'k']).is_err());
        // Whatever the bytes, the client never panics.
        let mut seed = 0x1234_5678u32;
        for _ in 0..2000 {
            let mut c = Client::new(vec![]);
            let mut junk = Vec::new();
            for _ in 0..64 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                junk.push((seed >> 16) as u8 & if seed & 1 == 0 { 0x07 } else { 0xFF });
            }
            let _ = c.feed(&junk);
        }
    }

    /// `BRLAPI_AUTH` as libbrlapi 0.8 reads it for the key file.
    #[test]
    fn the_key_file_is_the_one_brlapi_auth_names() {
        for (auth, path) in [
            ("keyfile:/home/p/brlapi.key", "/home/p/brlapi.key"),
            ("/home/p/brlapi.key", "/home/p/brlapi.key"),
            ("keyfile:/etc/brlapi.key+polkit", "/etc/brlapi.key"),
            ("polkit+keyfile:/run/k", "/run/k"),
            ("none", "none"),
        ] {
            assert_eq!(key_file_of_auth(auth), PathBuf::from(path), "{auth}");
        }
    }

    #[test]
    fn the_tty_is_the_one_libbrlapi_would_take() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
        };
        // tty_nr of /dev/tty3 is major 4, minor 3.
        let on_tty3 = "1234 (tiflo (x)) S 1 1234 1234 1027 1234 4194560 0";
        let on_pts = "1234 (tiflo) S 1 1234 1234 34816 1234 4194560 0";
        assert_eq!(tty_path(env(&[]), Some(on_tty3)), vec![3]);
        assert_eq!(tty_path(env(&[]), Some(on_pts)), Vec::<u32>::new());
        assert_eq!(tty_path(env(&[]), None), Vec::<u32>::new());
        assert_eq!(tty_path(env(&[("CONTROLVT", "5")]), Some(on_tty3)), vec![5]);
        assert_eq!(tty_path(env(&[("XDG_VTNR", "2")]), Some(on_pts)), vec![2]);
        assert_eq!(tty_path(env(&[("WINDOWPATH", "7"), ("WINDOWID", "41943047")]), None), vec![7, 41_943_047]);
        assert_eq!(tty_path(env(&[("WINDOWPATH", "1:7")]), None), vec![1, 7]);
        assert_eq!(tty_path(env(&[("DISPLAY", ":0"), ("XDG_VTNR", "2")]), Some(on_pts)), vec![2]);
        assert_eq!(tty_path(env(&[("WINDOWPATH", "x")]), None), Vec::<u32>::new());
    }
}
