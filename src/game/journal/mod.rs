//! The crash-safe, append-only journal of a game session: a file of records,
//! one a line, that survives a crash at any moment and never misreads one.
//!
//! The framing is generic over the record type; the session's records are
//! [`Entry`](crate::game::entry::Entry)s, written on disk in the versioned
//! form of [`record`] (so the domain type can change without changing the
//! files). Decoding ([`decode`]) and encoding ([`encode`]) are pure;
//! [`JournalFile`] is a thin driver and, with the binary, one of the few
//! places that touch files.
//!
//! # Format
//!
//! UTF-8 text, lines ended by `\n`. Line 1 is the header:
//!
//! ```text
//! tiflo-journal 1
//! ```
//!
//! Every further line is one record:
//!
//! ```text
//! CCCCCCCC JSON
//! ```
//!
//! `JSON` is the record written by `serde_json` on one line (a newline in a
//! string is escaped), and `CCCCCCCC` is the CRC-32 of the JSON's bytes in
//! eight lowercase hexadecimal digits, followed by one space. Lines are
//! counted from 1, the header being line 1.
//!
//! # Invariants
//!
//! - A record counts as written only once [`JournalFile::append`] has
//!   returned, which is after the line is on disk (`fsync`). Only one line is
//!   in flight at a time, so a crash can damage only the last line.
//! - A torn last line (no final newline, or a final line that fails its
//!   check) is the trace of a write cut short by a crash: it is dropped with
//!   a warning ([`Problem::TornTail`]) and never misread. Opening the file
//!   cuts it off, so later records never follow a torn line.
//! - A line before the last one that fails its check is damage, not a crash:
//!   reading stops there with [`Problem::Corrupt`] and never skips over it.
//!   A last line that holds a whole checked record followed by more bytes
//!   (a lost newline between the last two lines) is damage too.
//! - A line whose checksum holds but whose record cannot be read
//!   ([`Problem::Unreadable`], likely written by another version) also stops
//!   reading, even on the last line.
//! - A file with damage is never modified by [`JournalFile::open`]; the
//!   caller decides what to do with it.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::i18n::{Reason, Said};
use serde::de::{DeserializeOwned, IgnoredAny};

pub mod record;

/// The first line of every journal.
pub const HEADER: &str = "tiflo-journal 1\n";

/// Length of `CCCCCCCC ` before the JSON of a record line.
const PREFIX: usize = 9;

/// Why reading a journal stopped before the end of its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// The last line was cut short by a crash (no final newline, or its
    /// check fails); it is dropped. Line 1 for a header cut short.
    TornTail {
        /// The line's number (1 is the header).
        line: usize,
    },
    /// A line before the last fails its check; reading stopped there.
    Corrupt {
        /// The line's number (1 is the header).
        line: usize,
    },
    /// A line is intact but its record is not one this version reads;
    /// reading stopped there.
    Unreadable {
        /// The line's number (1 is the header).
        line: usize,
    },
    /// The file does not start with the journal header; nothing was read.
    BadHeader,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::TornTail { line: 1 } => {
                f.write_str("the journal header was cut short by a crash; the journal is empty")
            }
            Problem::TornTail { line } => {
                write!(f, "line {line} of the journal was cut short by a crash and was dropped")
            }
            Problem::Corrupt { line } => {
                write!(f, "line {line} of the journal is damaged; reading stopped before it")
            }
            Problem::Unreadable { line } => write!(
                f,
                "line {line} of the journal holds a record this version cannot read; reading stopped before it"
            ),
            Problem::BadHeader => {
                write!(f, "the file does not start with the journal header `{}`", HEADER.trim_end())
            }
        }
    }
}

/// The records read from a journal, and why reading stopped early, if it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded<T> {
    /// The records of the good lines, in order.
    pub records: Vec<T>,
    /// Why reading stopped before the end, if it did.
    pub problem: Option<Problem>,
}

/// What [`scan`] found: the decoded records and the length of the good
/// bytes (header and whole good lines), 0 if the header is not whole.
struct Scan<T> {
    decoded: Decoded<T>,
    good_len: usize,
}

/// One record as a full journal line, `\n` included.
///
/// # Panics
///
/// If `record`'s `Serialize` implementation fails (for instance a map with
/// keys that are not strings). [`JournalFile::append`] returns an error
/// instead.
pub fn encode<T: Serialize>(record: &T) -> String {
    match try_encode(record) {
        Ok(line) => line,
        Err(e) => panic!("journal record cannot be serialized: {e}"),
    }
}

fn try_encode<T: Serialize>(record: &T) -> Result<String, serde_json::Error> {
    let json = serde_json::to_string(record)?;
    Ok(format!("{:08x} {json}\n", crc32fast::hash(json.as_bytes())))
}

/// Reads the records of a journal's bytes, stopping at the first line that
/// is not a good record. Never fails and never panics: what could not be
/// read is told by `problem`.
pub fn decode<T: DeserializeOwned>(text: &[u8]) -> Decoded<T> {
    scan(text).decoded
}

fn scan<T: DeserializeOwned>(text: &[u8]) -> Scan<T> {
    let stop = |records, problem, good_len| Scan { decoded: Decoded { records, problem }, good_len };
    if text.is_empty() {
        return stop(Vec::new(), None, 0);
    }
    let Some(end) = newline(text) else {
        let problem = if HEADER.as_bytes().starts_with(text) {
            Problem::TornTail { line: 1 }
        } else {
            Problem::BadHeader
        };
        return stop(Vec::new(), Some(problem), 0);
    };
    if &text[..=end] != HEADER.as_bytes() {
        return stop(Vec::new(), Some(Problem::BadHeader), 0);
    }
    let mut records = Vec::new();
    let mut pos = end + 1;
    let mut line = 1;
    while pos < text.len() {
        line += 1;
        let rest = &text[pos..];
        let Some(end) = newline(rest) else {
            return stop(records, Some(Problem::TornTail { line }), pos);
        };
        let content = &rest[..end];
        let Some(json) = checked_json(content) else {
            let last = pos + end + 1 == text.len();
            let problem = if last && !holds_whole_record(content) {
                Problem::TornTail { line }
            } else {
                Problem::Corrupt { line }
            };
            return stop(records, Some(problem), pos);
        };
        match serde_json::from_slice(json) {
            Ok(record) => records.push(record),
            Err(_) => return stop(records, Some(Problem::Unreadable { line }), pos),
        }
        pos += end + 1;
    }
    stop(records, None, pos)
}

fn newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// The JSON of a record line (without its `\n`) if the line is well formed
/// UTF-8 and its checksum holds.
fn checked_json(line: &[u8]) -> Option<&[u8]> {
    let crc = parse_crc(line)?;
    let json = &line[PREFIX..];
    (std::str::from_utf8(json).is_ok() && crc32fast::hash(json) == crc).then_some(json)
}

/// The checksum of `CCCCCCCC ` at the start of a line: exactly eight
/// lowercase hexadecimal digits and a space.
fn parse_crc(line: &[u8]) -> Option<u32> {
    let (digits, rest) = line.split_first_chunk::<8>()?;
    if rest.first() != Some(&b' ') {
        return None;
    }
    digits.iter().try_fold(0u32, |crc, &d| {
        let v = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            _ => return None,
        };
        Some((crc << 4) | u32::from(v))
    })
}

/// Whether a failed line starts with a whole checked record followed by
/// more bytes. A crash tears a line after its intact part, so such a line
/// is two lines whose newline was lost, not a torn write.
fn holds_whole_record(line: &[u8]) -> bool {
    let Some(crc) = parse_crc(line) else {
        return false;
    };
    let json = &line[PREFIX..];
    let mut values = serde_json::Deserializer::from_slice(json).into_iter::<IgnoredAny>();
    match values.next() {
        Some(Ok(_)) => {
            let end = values.byte_offset();
            end < json.len() && crc32fast::hash(&json[..end]) == crc
        }
        _ => false,
    }
}

impl Reason for JournalError {
    fn said(&self) -> Said {
        let shown = |p: &Path| p.display().to_string();
        let os = |id: &'static str, path: &Path, e: &io::Error| Said::new(id).data("path", shown(path)).with("why", e.said());
        match self {
            JournalError::CreateDir { path, source } => os("why-journal-create-dir", path, source),
            JournalError::Create { path, source } => os("why-journal-create", path, source),
            JournalError::Open { path, source } => os("why-journal-open", path, source),
            JournalError::Read { path, source } => os("why-journal-read", path, source),
            JournalError::Write { path, source } => os("why-journal-write", path, source),
            JournalError::Sync { path, source } => os("why-journal-sync", path, source),
            JournalError::Encode(_) => Said::new("why-journal-encode"),
            JournalError::Poisoned { path } => Said::new("why-journal-poisoned").data("path", shown(path)),
            JournalError::Damaged { path, problem, records_before } => Said::new("why-journal-damaged")
                .data("path", shown(path))
                .number("records", *records_before as i64)
                .number("line", match problem {
                    Problem::TornTail { line } | Problem::Corrupt { line } | Problem::Unreadable { line } => *line as i64,
                    Problem::BadHeader => 1,
                }),
            JournalError::NotAFile { path, kind } => Said::new("journal-not-a-file").data("file", shown(path)).data("kind", kind.code()),
        }
    }
}

/// A failure to create, read or write a journal file.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// The journal's folder cannot be created.
    #[error("cannot create the folder {path} for the journal: {source}")]
    CreateDir {
        /// The folder's path.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The journal file cannot be created.
    #[error("cannot create the journal {path}: {source}")]
    Create {
        /// The journal's path.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The journal file cannot be opened (or its kind read).
    #[error("cannot open the journal {path}: {source}")]
    Open {
        /// The journal's path.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The journal file cannot be read.
    #[error("cannot read the journal {path}: {source}")]
    Read {
        /// The journal's path.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A record cannot be written to the journal file.
    #[error("cannot write to the journal {path}: {source}")]
    Write {
        /// The journal's path.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The data may not be on disk.
    #[error("cannot flush {path} to disk: {source}")]
    Sync {
        /// The journal's path.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A record cannot be turned into JSON.
    #[error("a journal record cannot be serialized: {0}")]
    Encode(#[from] serde_json::Error),
    /// An earlier append failed, so the end of the file is unknown; the
    /// journal must be opened again before more is written.
    #[error("an earlier write to the journal {path} failed; it must be opened again")]
    Poisoned {
        /// The journal's path.
        path: PathBuf,
    },
    /// The journal has damage that is not the trace of a crash; the file was
    /// left as it is.
    #[error("the journal {path} is damaged after {records_before} good records: {problem}")]
    Damaged {
        /// The journal's path.
        path: PathBuf,
        /// What is wrong.
        problem: Problem,
        /// How many good records come before the damage.
        records_before: usize,
    },
    /// The path names something that is not a regular file (a folder, a
    /// device such as `/dev/zero`, a named pipe): reading it might never end.
    #[error("the journal {path} is {kind}, not a file")]
    NotAFile {
        /// The journal's path.
        path: PathBuf,
        /// What the path names instead.
        kind: NotAFile,
    },
}

impl JournalError {
    /// The error in the player's words where the pack has them (a journal
    /// that is not a file); `None` for the others.
    pub fn in_words(&self, texts: &crate::i18n::Texts) -> Option<String> {
        match self {
            JournalError::NotAFile { path, kind } => {
                let mut args = fluent_bundle::FluentArgs::new();
                args.set("file", path.display().to_string());
                args.set("kind", kind.code());
                Some(texts.get("journal-not-a-file", Some(&args)))
            }
            _ => None,
        }
    }
}

/// What a path names when it is not a regular file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAFile {
    /// A folder.
    Folder,
    /// A block or character device (`/dev/zero`).
    Device,
    /// A named pipe.
    Pipe,
    /// A socket.
    Socket,
    /// Anything else that is not a regular file.
    Other,
}

impl NotAFile {
    /// A short code for the pack's messages: `folder`, `device`, `pipe`,
    /// `socket` or `other`.
    pub fn code(self) -> &'static str {
        match self {
            NotAFile::Folder => "folder",
            NotAFile::Device => "device",
            NotAFile::Pipe => "pipe",
            NotAFile::Socket => "socket",
            NotAFile::Other => "other",
        }
    }
}

impl fmt::Display for NotAFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotAFile::Folder => "a folder",
            NotAFile::Device => "a device",
            NotAFile::Pipe => "a named pipe",
            NotAFile::Socket => "a socket",
            NotAFile::Other => "not a regular file",
        })
    }
}

/// Checks, without opening it, that an existing `path` names a regular file
/// (or a link to one): a folder, a device or a named pipe is refused, since
/// reading one may block or never end.
pub(crate) fn check_file(path: &Path) -> Result<(), JournalError> {
    let meta = std::fs::metadata(path).map_err(|source| JournalError::Open { path: path.to_owned(), source })?;
    let t = meta.file_type();
    if t.is_file() {
        return Ok(());
    }
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt;
    #[cfg(unix)]
    let kind = if t.is_dir() {
        NotAFile::Folder
    } else if t.is_block_device() || t.is_char_device() {
        NotAFile::Device
    } else if t.is_fifo() {
        NotAFile::Pipe
    } else if t.is_socket() {
        NotAFile::Socket
    } else {
        NotAFile::Other
    };
    #[cfg(not(unix))]
    let kind = if t.is_dir() { NotAFile::Folder } else { NotAFile::Other };
    Err(JournalError::NotAFile { path: path.to_owned(), kind })
}

/// The bytes of the journal file `path`, which must be a regular file
/// ([`check_file`]).
pub fn read(path: &Path) -> Result<Vec<u8>, JournalError> {
    check_file(path)?;
    std::fs::read(path).map_err(|source| JournalError::Read { path: path.to_owned(), source })
}

/// An open journal file, ready to append records.
#[derive(Debug)]
pub(crate) struct JournalFile {
    file: File,
    path: PathBuf,
    /// An append failed: the file may end in a partial line.
    poisoned: bool,
}

impl JournalFile {
    /// Creates a new journal with its header, and the folders it is in.
    /// Fails if the file exists. On return the file and its name are on
    /// disk.
    pub fn create(path: &Path) -> Result<JournalFile, JournalError> {
        let dir = parent(path);
        // Folders about to be created: their names must be made durable too.
        let mut missing = Vec::new();
        let mut d = dir;
        while !d.exists() {
            missing.push(d);
            match d.parent() {
                Some(p) if !p.as_os_str().is_empty() => d = p,
                _ => break,
            }
        }
        if !missing.is_empty() {
            std::fs::create_dir_all(dir)
                .map_err(|source| JournalError::CreateDir { path: dir.to_owned(), source })?;
        }
        let file = OpenOptions::new()
            .append(true)
            .create_new(true)
            .open(path)
            .map_err(|source| JournalError::Create { path: path.to_owned(), source })?;
        let mut journal = JournalFile { file, path: path.to_owned(), poisoned: false };
        journal.write(HEADER.as_bytes())?;
        journal.sync_all()?;
        sync_dir(dir)?;
        for d in missing {
            sync_dir(parent(d))?;
        }
        Ok(journal)
    }

    /// Opens an existing journal and reads its records.
    ///
    /// A torn last line (or a torn header) is reported in the result and cut
    /// off the file, and an empty file gets its header, so that appends
    /// always follow a whole line. Any other problem is
    /// [`JournalError::Damaged`], and the file is left untouched. A path that
    /// is not a regular file is [`JournalError::NotAFile`], and is not opened.
    pub fn open<T: DeserializeOwned>(path: &Path) -> Result<(JournalFile, Decoded<T>), JournalError> {
        check_file(path)?;
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|source| JournalError::Open { path: path.to_owned(), source })?;
        let mut text = Vec::new();
        file.read_to_end(&mut text)
            .map_err(|source| JournalError::Read { path: path.to_owned(), source })?;
        let Scan { decoded, good_len } = scan::<T>(&text);
        match decoded.problem {
            None | Some(Problem::TornTail { .. }) => {}
            Some(problem) => {
                return Err(JournalError::Damaged {
                    path: path.to_owned(),
                    problem,
                    records_before: decoded.records.len(),
                });
            }
        }
        let mut journal = JournalFile { file, path: path.to_owned(), poisoned: false };
        if good_len == 0 {
            journal.truncate(0)?;
            journal.write(HEADER.as_bytes())?;
            journal.sync_all()?;
        } else if good_len < text.len() {
            journal.truncate(good_len)?;
            journal.sync_all()?;
        }
        Ok((journal, decoded))
    }

    /// Appends one record and returns once it is on disk. After an error the
    /// record may or may not be in the file; further appends are refused
    /// until the journal is opened again.
    pub fn append<T: Serialize>(&mut self, record: &T) -> Result<(), JournalError> {
        if self.poisoned {
            return Err(JournalError::Poisoned { path: self.path.clone() });
        }
        let line = try_encode(record)?;
        self.poisoned = true;
        self.write(line.as_bytes())?;
        self.file
            .sync_data()
            .map_err(|source| JournalError::Sync { path: self.path.clone(), source })?;
        self.poisoned = false;
        Ok(())
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), JournalError> {
        self.file
            .write_all(bytes)
            .map_err(|source| JournalError::Write { path: self.path.clone(), source })
    }

    fn truncate(&mut self, len: usize) -> Result<(), JournalError> {
        // A usize always fits in a u64 on supported targets.
        let len = u64::try_from(len).unwrap_or(u64::MAX);
        self.file
            .set_len(len)
            .map_err(|source| JournalError::Write { path: self.path.clone(), source })
    }

    fn sync_all(&mut self) -> Result<(), JournalError> {
        self.file
            .sync_all()
            .map_err(|source| JournalError::Sync { path: self.path.clone(), source })
    }
}

/// The folder a path is in (`.` for a bare file name).
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Makes the names in a folder durable.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> Result<(), JournalError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|source| JournalError::Sync { path: dir.to_owned(), source })
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> Result<(), JournalError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Deserialize;

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    enum R {
        Move { t: u64, uci: String },
        Note(String),
    }

    fn mv(t: u64, uci: &str) -> R {
        R::Move { t, uci: uci.to_owned() }
    }

    fn note(s: &str) -> R {
        R::Note(s.to_owned())
    }

    /// A whole journal's bytes, and the end of each record line.
    fn journal(records: &[R]) -> (Vec<u8>, Vec<usize>) {
        let mut text = HEADER.as_bytes().to_vec();
        let mut ends = Vec::new();
        for r in records {
            text.extend_from_slice(encode(r).as_bytes());
            ends.push(text.len());
        }
        (text, ends)
    }

    fn sample() -> Vec<R> {
        vec![
            mv(0, "e2e4"),
            note("dijo \"tablas\"\ny luego\tnada \\ fin"),
            note("ñandú, café, ♘f3, 🕰"),
            mv(u64::MAX, "e7e8q"),
            note(""),
        ]
    }

    #[test]
    fn line_format() {
        let line = encode(&note("a"));
        assert_eq!(line, format!("{:08x} {{\"Note\":\"a\"}}\n", crc32fast::hash(b"{\"Note\":\"a\"}")));
        for r in sample() {
            let line = encode(&r);
            assert_eq!(line.matches('\n').count(), 1);
            assert!(line.ends_with('\n'));
            assert!(line[..8].bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
            assert_eq!(&line[8..9], " ");
        }
    }

    #[test]
    fn round_trip() {
        let records = sample();
        let (text, _) = journal(&records);
        assert_eq!(decode::<R>(&text), Decoded { records, problem: None });
    }

    #[test]
    fn empty_and_header() {
        assert_eq!(decode::<R>(b""), Decoded { records: vec![], problem: None });
        assert_eq!(decode::<R>(HEADER.as_bytes()), Decoded { records: vec![], problem: None });
        for partial in ["t", "tiflo-jo", "tiflo-journal 1"] {
            assert_eq!(decode::<R>(partial.as_bytes()).problem, Some(Problem::TornTail { line: 1 }));
        }
        for bad in ["x", "tiflo-journal 2\n", "tiflo-journal 1 \n", "TIFLO-JOURNAL 1\n", "\n", "\u{0}\u{0}"] {
            assert_eq!(decode::<R>(bad.as_bytes()), Decoded { records: vec![], problem: Some(Problem::BadHeader) });
        }
        let (mut text, _) = journal(&sample());
        text[0] = b'T';
        assert_eq!(decode::<R>(&text), Decoded { records: vec![], problem: Some(Problem::BadHeader) });
    }

    /// `text` with line `n` (1-based) replaced.
    fn with_line(records: &[R], n: usize, line: &[u8]) -> Vec<u8> {
        let (text, _) = journal(records);
        let mut lines: Vec<&[u8]> = text.split_inclusive(|&b| b == b'\n').collect();
        lines[n - 1] = line;
        lines.concat()
    }

    #[test]
    fn failed_lines() {
        let records = sample();
        let json = br#"{"Note":"x"}"#;
        let upper = format!("{:08X} ", crc32fast::hash(json)).into_bytes();
        let cases: Vec<Vec<u8>> = vec![
            b"\n".to_vec(),
            b"00000000 {\"Note\":\"x\"}\n".to_vec(),
            [&upper[..], json, b"\n"].concat(),
            format!("{:08x}{}\n", crc32fast::hash(json), "{\"Note\":\"x\"}").into_bytes(),
            [format!("{:08x} ", crc32fast::hash(b"\"\xff\"")).as_bytes(), b"\"\xff\"\n"].concat(),
        ];
        let last = records.len() + 1;
        for bad in &cases {
            let middle = with_line(&records, 3, bad);
            assert_eq!(
                decode::<R>(&middle),
                Decoded { records: records[..1].to_vec(), problem: Some(Problem::Corrupt { line: 3 }) }
            );
            let end = with_line(&records, last, bad);
            assert_eq!(
                decode::<R>(&end),
                Decoded { records: records[..last - 2].to_vec(), problem: Some(Problem::TornTail { line: last }) }
            );
        }
    }

    #[test]
    fn torn_last_line() {
        let records = sample();
        let (text, ends) = journal(&records);
        // The last line without its newline is dropped, though it checks.
        let cut = &text[..text.len() - 1];
        assert_eq!(
            decode::<R>(cut),
            Decoded { records: records[..records.len() - 1].to_vec(), problem: Some(Problem::TornTail { line: records.len() + 1 }) }
        );
        // A write torn in the middle, its later part zeroed, its newline on disk.
        let mut zeroed = text.clone();
        let start = ends[ends.len() - 2];
        zeroed[start + 12..text.len() - 1].fill(0);
        assert_eq!(decode::<R>(&zeroed).problem, Some(Problem::TornTail { line: records.len() + 1 }));
    }

    #[test]
    fn lost_newline_before_last_line_is_corrupt() {
        let records = sample();
        let (mut text, ends) = journal(&records);
        let n = records.len();
        text[ends[n - 2] - 1] = b' ';
        assert_eq!(
            decode::<R>(&text),
            Decoded { records: records[..n - 2].to_vec(), problem: Some(Problem::Corrupt { line: n }) }
        );
    }

    #[test]
    fn unreadable_records() {
        let records = sample();
        let other = br#"{"Resign":{"side":"white"}}"#;
        let line = [format!("{:08x} ", crc32fast::hash(other)).as_bytes(), other, b"\n"].concat();
        for n in [2, 4, records.len() + 1] {
            assert_eq!(
                decode::<R>(&with_line(&records, n, &line)),
                Decoded { records: records[..n - 2].to_vec(), problem: Some(Problem::Unreadable { line: n }) }
            );
        }
    }

    #[test]
    fn problems_read_in_english() {
        for p in [
            Problem::TornTail { line: 1 },
            Problem::TornTail { line: 7 },
            Problem::Corrupt { line: 7 },
            Problem::Unreadable { line: 7 },
            Problem::BadHeader,
        ] {
            let s = p.to_string();
            assert!(s.contains("journal"), "{s}");
            if let Problem::TornTail { line: 7 } | Problem::Corrupt { line: 7 } | Problem::Unreadable { line: 7 } = p {
                assert!(s.contains("line 7"), "{s}");
            }
        }
    }

    fn text_strategy() -> impl Strategy<Value = String> {
        let ch = prop_oneof![
            any::<char>(),
            Just('"'),
            Just('\\'),
            Just('\n'),
            Just('ñ'),
            Just('é'),
            Just('♘'),
            proptest::char::range('a', 'z'),
        ];
        proptest::collection::vec(ch, 0..12).prop_map(String::from_iter)
    }

    fn record_strategy() -> impl Strategy<Value = R> {
        prop_oneof![
            (any::<u64>(), "[a-h][1-8][a-h][1-8][qrbn]?").prop_map(|(t, uci)| R::Move { t, uci }),
            text_strategy().prop_map(R::Note),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// A journal cut at any byte reads as the records of its whole lines,
        /// with a problem exactly when the cut is inside a line, and never as
        /// damage.
        #[test]
        fn truncation_gives_a_prefix(records in proptest::collection::vec(record_strategy(), 1..20)) {
            let (text, ends) = journal(&records);
            let header = HEADER.len();
            for cut in 0..=text.len() {
                let d = decode::<R>(&text[..cut]);
                let whole = ends.iter().filter(|&&e| e <= cut).count();
                prop_assert_eq!(&d.records[..], &records[..whole]);
                let boundary = cut == 0 || cut == header || ends.contains(&cut);
                if boundary {
                    prop_assert_eq!(d.problem, None);
                } else {
                    let line = if cut < header { 1 } else { whole + 2 };
                    prop_assert_eq!(d.problem, Some(Problem::TornTail { line }));
                }
            }
        }

        /// Any change of one byte in a record line before the last one stops
        /// reading at that line, with the records before it unchanged.
        #[test]
        fn damage_stops_reading(
            records in proptest::collection::vec(record_strategy(), 2..20),
            which in any::<prop::sample::Index>(),
            // `None`: the line's newline, the byte whose loss merges two lines.
            at in proptest::option::of(any::<prop::sample::Index>()),
            flip in 1u8..=255,
        ) {
            let (mut text, ends) = journal(&records);
            let i = which.index(records.len() - 1);
            let start = if i == 0 { HEADER.len() } else { ends[i - 1] };
            let byte = at.map_or(ends[i] - 1, |at| start + at.index(ends[i] - start));
            text[byte] ^= flip;
            let d = decode::<R>(&text);
            let line = i + 2;
            prop_assert!(
                matches!(d.problem, Some(Problem::Corrupt { line: l } | Problem::Unreadable { line: l }) if l == line),
                "{:?}", d.problem
            );
            prop_assert_eq!(&d.records[..], &records[..i]);
        }

        #[test]
        fn decode_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let d = decode::<R>(&bytes);
            if d.problem.is_none() && !bytes.is_empty() {
                prop_assert!(bytes.starts_with(HEADER.as_bytes()));
            }
        }

        #[test]
        fn bytes_after_a_good_journal(
            records in proptest::collection::vec(record_strategy(), 0..8),
            tail in proptest::collection::vec(any::<u8>(), 0..200),
        ) {
            let (mut text, _) = journal(&records);
            text.extend_from_slice(&tail);
            let d = decode::<R>(&text);
            prop_assert!(d.records.len() >= records.len());
            prop_assert_eq!(&d.records[..records.len()], &records[..]);
        }
    }

    // File driver.

    fn open(path: &Path) -> (JournalFile, Decoded<R>) {
        match JournalFile::open::<R>(path) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    fn append_raw(path: &Path, bytes: &[u8]) {
        let mut f = OpenOptions::new().append(true).open(path).unwrap();
        f.write_all(bytes).unwrap();
    }

    #[test]
    fn create_append_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games").join("2025").join("session.journal");
        let records = sample();
        let mut j = JournalFile::create(&path).unwrap();
        assert_eq!(j.path(), path);
        for r in &records[..3] {
            j.append(r).unwrap();
        }
        drop(j);
        let (_, d) = open(&path);
        assert_eq!(d, Decoded { records: records[..3].to_vec(), problem: None });
        assert_eq!(std::fs::read(&path).unwrap(), journal(&records[..3]).0);
    }

    #[test]
    fn create_refuses_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j");
        JournalFile::create(&path).unwrap().append(&note("keep")).unwrap();
        assert!(matches!(JournalFile::create(&path), Err(JournalError::Create { .. })));
        assert_eq!(open(&path).1.records, vec![note("keep")]);
    }

    #[test]
    fn open_cuts_a_torn_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j");
        let records = sample();
        let mut j = JournalFile::create(&path).unwrap();
        for r in &records[..3] {
            j.append(r).unwrap();
        }
        drop(j);
        let good = std::fs::read(&path).unwrap();
        let line = encode(&records[3]);
        append_raw(&path, &line.as_bytes()[..line.len() / 2]);

        let (mut j, d) = open(&path);
        assert_eq!(d, Decoded { records: records[..3].to_vec(), problem: Some(Problem::TornTail { line: 5 }) });
        assert_eq!(std::fs::read(&path).unwrap(), good);
        j.append(&records[3]).unwrap();
        drop(j);
        assert_eq!(open(&path).1, Decoded { records: records[..4].to_vec(), problem: None });
    }

    #[test]
    fn open_repairs_a_torn_or_missing_header() {
        let dir = tempfile::tempdir().unwrap();
        for (name, start) in [("torn", &b"tiflo-jo"[..]), ("empty", &b""[..])] {
            let path = dir.path().join(name);
            std::fs::write(&path, start).unwrap();
            let (mut j, d) = open(&path);
            assert_eq!(d.records, vec![]);
            assert_eq!(d.problem.is_some(), !start.is_empty());
            assert_eq!(std::fs::read(&path).unwrap(), HEADER.as_bytes());
            j.append(&note("after")).unwrap();
            drop(j);
            assert_eq!(open(&path).1, Decoded { records: vec![note("after")], problem: None });
        }
    }

    #[test]
    fn open_leaves_damage_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let records = sample();
        let (mut text, ends) = journal(&records);
        text[ends[0] + 12] ^= 0x20;
        let cases = [("middle", text, Problem::Corrupt { line: 3 }, 1), ("header", b"hello\n".to_vec(), Problem::BadHeader, 0)];
        for (name, bytes, expected, before) in cases {
            let path = dir.path().join(name);
            std::fs::write(&path, &bytes).unwrap();
            match JournalFile::open::<R>(&path) {
                Err(JournalError::Damaged { path: p, problem, records_before }) => {
                    assert_eq!((p, problem, records_before), (path.clone(), expected, before));
                }
                other => panic!("{:?}", other.map(|(_, d)| d)),
            }
            assert_eq!(std::fs::read(&path).unwrap(), bytes);
        }
    }

    #[test]
    fn open_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(JournalFile::open::<R>(&dir.path().join("none")), Err(JournalError::Open { .. })));
    }
}
