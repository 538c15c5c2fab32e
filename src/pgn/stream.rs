//! Reading a large input a piece at a time (a driver: it reads the input
//! and runs the conversion on threads): whole games in blocks of about
//! a megabyte, so memory is bounded by the largest game, not by the file.
//!
//! Bytes are decoded line by line: a line that is valid UTF-8 is kept as it
//! is, any other line is read as Latin-1 (old PGN files mix them: one
//! Latin-1 name does not garble the UTF-8 of the rest).

use std::borrow::Cow;
use std::io::{self, Read};

use crate::pgn::convert::{Converter, Target};
use crate::pgn::lexer::newlines;
use crate::pgn::{Note, ReadAs, ReadError};

/// About how much text a block holds before it is cut at a game boundary.
const BLOCK: usize = 1 << 20;

/// A piece of the input holding whole games.
#[derive(Debug, Default)]
pub struct Block {
    /// The games' text.
    pub text: String,
    /// Lines of the input before this block, for error positions.
    pub(crate) line_base: usize,
    /// The input ends where this block does.
    pub(crate) last: bool,
}

/// Splits an input into [`Block`]s of whole games.
pub(crate) struct Blocks<R> {
    input: R,
    /// Bytes read and not yet decoded (a line not yet complete).
    raw: Vec<u8>,
    /// Decoded text not yet handed out.
    pending: String,
    eof: bool,
    lines_out: usize,
    /// Lines decoded so far, and the first line read as Latin-1.
    lines_in: usize,
    pub first_latin1_line: Option<usize>,
    pub latin1_lines: usize,
}

impl<R: Read> Blocks<R> {
    pub fn new(input: R) -> Blocks<R> {
        Blocks { input, raw: Vec::new(), pending: String::new(), eof: false, lines_out: 0, lines_in: 0, first_latin1_line: None, latin1_lines: 0 }
    }

    /// The next block, or `None` at the end of the input.
    pub(crate) fn next_block(&mut self) -> io::Result<Option<Block>> {
        loop {
            if let Some(cut) = self.cut() {
                let rest = self.pending.split_off(cut);
                let text = std::mem::replace(&mut self.pending, rest);
                let line_base = self.lines_out;
                self.lines_out += newlines(text.as_bytes());
                return Ok(Some(Block { text, line_base, last: false }));
            }
            if self.eof {
                if self.pending.trim().is_empty() {
                    return Ok(None);
                }
                let text = std::mem::take(&mut self.pending);
                let line_base = self.lines_out;
                self.lines_out += newlines(text.as_bytes());
                return Ok(Some(Block { text, line_base, last: true }));
            }
            self.fill()?;
        }
    }

    /// Reads more input and decodes its complete lines.
    fn fill(&mut self) -> io::Result<()> {
        let old = self.raw.len();
        // Up to a block more, read into the buffer's spare room (not
        // zeroed first); `read_to_end` retries interrupted reads.
        let n = match (&mut self.input).take(BLOCK as u64).read_to_end(&mut self.raw) {
            Ok(n) => n,
            Err(e) => {
                self.raw.truncate(old);
                return Err(e);
            }
        };
        if n == 0 {
            self.eof = true;
        }
        let upto = if self.eof { self.raw.len() } else { memrchr(b'\n', &self.raw).map_or(0, |i| i + 1) };
        if upto > 0 {
            let bytes = &self.raw[..upto];
            // Checked whole first: most inputs are all UTF-8, and then no
            // line needs a look of its own.
            if let Ok(s) = std::str::from_utf8(bytes) {
                self.pending.push_str(s);
                self.lines_in += count_lines(bytes);
            } else {
                let mut latin1 = 0;
                let mut first = None;
                let start_line = self.lines_in;
                for (k, line) in bytes.split_inclusive(|&c| c == b'\n').enumerate() {
                    match decode_line(line) {
                        Cow::Borrowed(s) => self.pending.push_str(s),
                        Cow::Owned(s) => {
                            latin1 += 1;
                            first.get_or_insert(start_line + k + 1);
                            self.pending.push_str(&s);
                        }
                    }
                    self.lines_in += 1;
                }
                if let Some(f) = first {
                    self.first_latin1_line.get_or_insert(f);
                }
                self.latin1_lines += latin1;
            }
            self.raw.drain(..upto);
        }
        Ok(())
    }

    /// Where to cut the decoded text: before the last tag section that
    /// follows a blank line, once there is a block's worth of text. Without
    /// tags, at the last blank line once the text is large.
    fn cut(&self) -> Option<usize> {
        if self.pending.len() < BLOCK {
            return None;
        }
        let b = self.pending.as_bytes();
        let mut end = b.len();
        while let Some(i) = b[..end].iter().rposition(|&c| c == b'[') {
            if i > 0 && ends_blank_line(&b[..i]) {
                return Some(i);
            }
            end = i;
        }
        if self.pending.len() >= 8 * BLOCK {
            // No tags: games are separated by blank lines.
            let mut end = b.len();
            while let Some(i) = b[..end].iter().rposition(|&c| c == b'\n') {
                if ends_blank_line(&b[..i]) && i + 1 < b.len() {
                    return Some(i + 1);
                }
                end = i;
            }
        }
        None
    }
}

/// How many lines `b` holds: its line breaks, and a last line without one.
fn count_lines(b: &[u8]) -> usize {
    newlines(b) + usize::from(b.last().is_some_and(|&c| c != b'\n'))
}

/// The position of the last `needle` in `hay`.
fn memrchr(needle: u8, hay: &[u8]) -> Option<usize> {
    memchr::memrchr(needle, hay)
}

/// Whether `b` ends with a line break, a blank line, and spaces.
fn ends_blank_line(b: &[u8]) -> bool {
    let t = b.iter().rposition(|c| !matches!(c, b' ' | b'\t' | b'\r')).map_or(0, |i| i + 1);
    let b = &b[..t];
    let Some(rest) = b.strip_suffix(b"\n") else { return false };
    let t = rest.iter().rposition(|c| !matches!(c, b' ' | b'\t' | b'\r')).map_or(0, |i| i + 1);
    rest[..t].ends_with(b"\n") || t == 0
}

/// A line as text: UTF-8 when it is, Latin-1 otherwise.
pub(crate) fn decode_line(line: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(line) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(line.iter().map(|&b| char::from(b)).collect()),
    }
}

/// A whole text decoded line by line; also returns how many lines were read
/// as Latin-1.
pub fn decode(bytes: Vec<u8>) -> (String, usize) {
    match String::from_utf8(bytes) {
        Ok(s) => (s, 0),
        Err(e) => {
            let bytes = e.into_bytes();
            let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
            let mut latin1 = 0;
            for line in bytes.split_inclusive(|&c| c == b'\n') {
                let d = decode_line(line);
                latin1 += usize::from(matches!(d, Cow::Owned(_)));
                out.push_str(&d);
            }
            (out, latin1)
        }
    }
}

/// What a converted block of games gave.
struct Converted {
    out: String,
    errors: Vec<ReadError>,
    notes: Vec<(usize, Note)>,
    games: usize,
}

fn convert_block(block: &Block, from: ReadAs, target: Target) -> Converted {
    let mut c = Converter::new(target);
    let (games, _) = crate::pgn::read_games_from(&block.text, from, 0, block.line_base, if block.last { crate::pgn::TextEnd::Input } else { crate::pgn::TextEnd::Block }, &mut c);
    Converted { out: c.out, errors: c.errors, notes: c.notes, games }
}

/// What a streamed conversion read.
#[derive(Debug, Default)]
pub struct Streamed {
    /// Games read.
    pub games: usize,
    /// Games that could not be read to their end.
    pub failed: usize,
    /// Lines that were not UTF-8 and were read as Latin-1.
    pub latin1_lines: usize,
    /// The first such line (1-based).
    pub first_latin1_line: Option<usize>,
}

/// Converted blocks that came back out of order, held until every block
/// before them is written.
struct InOrder {
    waiting: std::collections::BTreeMap<usize, Converted>,
    /// The sequence number of the next block to write.
    next: usize,
}

impl InOrder {
    /// Files block `seq`, and returns every block now due, in order.
    fn file(&mut self, seq: usize, c: Converted) -> Vec<Converted> {
        self.waiting.insert(seq, c);
        let mut due = Vec::new();
        while let Some(c) = self.waiting.remove(&self.next) {
            due.push(c);
            self.next += 1;
        }
        due
    }
}

/// Converts every game of `input` onto `out`, reading it a block of games at
/// a time (memory is bounded by the largest game, not the input). With
/// `jobs` above 1, blocks are converted on that many threads and written in
/// the input's order. Errors and notes (those the output cannot hold as
/// comments: UCI lines) go to `on_error` and `on_note`, with the game's
/// index in the input, in the input's order too.
pub fn convert_stream(
    input: impl std::io::Read,
    from: ReadAs,
    target: Target,
    jobs: usize,
    out: &mut dyn std::io::Write,
    on_error: &mut dyn FnMut(&ReadError),
    on_note: &mut dyn FnMut(usize, &Note),
) -> std::io::Result<Streamed> {
    let mut blocks = Blocks::new(input);
    let mut done = Streamed::default();
    let mut emit = |c: Converted, done: &mut Streamed| -> std::io::Result<()> {
        out.write_all(c.out.as_bytes())?;
        for mut e in c.errors {
            e.game += done.games;
            on_error(&e);
            done.failed += 1;
        }
        for (g, n) in c.notes {
            on_note(g + done.games, &n);
        }
        done.games += c.games;
        Ok(())
    };
    if jobs <= 1 {
        while let Some(block) = blocks.next_block()? {
            emit(convert_block(&block, from, target), &mut done)?;
        }
    } else {
        use std::collections::BTreeMap;
        use std::sync::{Mutex, mpsc};
        let (task_tx, task_rx) = mpsc::sync_channel::<(usize, Block)>(jobs);
        let task_rx = Mutex::new(task_rx);
        let (done_tx, done_rx) = mpsc::channel::<(usize, Converted)>();
        let result = std::thread::scope(|scope| -> std::io::Result<()> {
            for _ in 0..jobs {
                let done_tx = done_tx.clone();
                let task_rx = &task_rx;
                scope.spawn(move || {
                    loop {
                        let task = task_rx.lock().map(|rx| rx.recv());
                        let Ok(Ok((seq, block))) = task else { break };
                        if done_tx.send((seq, convert_block(&block, from, target))).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(done_tx);
            let mut order = InOrder { waiting: BTreeMap::new(), next: 0 };
            let mut sent = 0;
            let mut outcome = Ok(());
            // Reads blocks and hands them out, writing finished ones in order;
            // at most a few blocks per thread are in flight.
            loop {
                let block = if outcome.is_ok() { blocks.next_block() } else { Ok(None) };
                let block = match block {
                    Ok(b) => b,
                    Err(e) => {
                        outcome = Err(e);
                        None
                    }
                };
                let Some(block) = block else { break };
                while sent - order.next >= 2 * jobs {
                    let Ok((seq, c)) = done_rx.recv() else { break };
                    for c in order.file(seq, c) {
                        if outcome.is_ok() {
                            outcome = emit(c, &mut done);
                        }
                    }
                }
                if task_tx.send((sent, block)).is_err() {
                    break;
                }
                sent += 1;
            }
            drop(task_tx);
            while order.next < sent {
                let Ok((seq, c)) = done_rx.recv() else { break };
                for c in order.file(seq, c) {
                    if outcome.is_ok() {
                        outcome = emit(c, &mut done);
                    }
                }
            }
            outcome
        });
        result?;
    }
    done.latin1_lines = blocks.latin1_lines;
    done.first_latin1_line = blocks.first_latin1_line;
    out.flush()?;
    Ok(done)
}

/// The streaming check of the fuzz target `stream` and its property test:
/// for any bytes, the blocks put back together are the whole input decoded,
/// and converting block by block (on one thread or several) gives what
/// converting the whole text gives.
#[doc(hidden)]
pub fn check_blocks(data: &[u8]) {
    let (whole, _) = decode(data.to_vec());
    let mut blocks = Blocks::new(data);
    let mut joined = String::new();
    while let Some(b) = blocks.next_block().expect("reading memory") {
        assert_eq!(b.line_base, joined.matches('\n').count());
        joined.push_str(&b.text);
    }
    assert_eq!(joined.trim_end(), whole.trim_end());
    // The whole text read as an input (which a game may be cut from).
    let mut c = crate::pgn::convert::Converter::new(Target::UciLines);
    crate::pgn::read_games_from(&whole, ReadAs::Auto, 0, 0, crate::pgn::TextEnd::Input, &mut c);
    let (expected, errors) = (c.out, c.errors);
    for jobs in [1, 3] {
        let mut out = Vec::new();
        let mut seen = Vec::new();
        convert_stream(data, ReadAs::Auto, Target::UciLines, jobs, &mut out, &mut |e| seen.push(e.clone()), &mut |_, _| {}).expect("memory");
        assert_eq!(String::from_utf8(out).expect("UTF-8 output"), expected);
        assert_eq!(seen, errors);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_lines_keep_the_utf8_ones() {
        let (s, n) = decode(b"[White \"M\xc3\xbcller\"]\n[Black \"M\xfcller\"]\n".to_vec());
        assert_eq!(s, "[White \"Müller\"]\n[Black \"Müller\"]\n");
        assert_eq!(n, 1);
    }

    #[test]
    fn blocks_cut_between_games_and_lose_nothing() {
        let game = "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {a comment} 1-0\n\n";
        let text = game.repeat(60_000);
        let mut blocks = Blocks::new(text.as_bytes());
        let mut joined = String::new();
        let mut count = 0;
        let mut lines = 0;
        while let Some(b) = blocks.next_block().unwrap() {
            assert!(b.text.starts_with("[Event") || b.text.starts_with('\n'), "{}", &b.text[..20]);
            assert_eq!(b.line_base, lines);
            lines += b.text.matches('\n').count();
            joined.push_str(&b.text);
            count += 1;
        }
        assert!(count > 1);
        assert_eq!(joined, text);
    }
}
