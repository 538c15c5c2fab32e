//! Lines of text from the player's inputs (standard input, the braille
//! keyboard, the assistant's page), kept within bounds.
//!
//! Invariants:
//! - [`read`] never holds more than its bound of a line in memory, however
//!   long the line is: the rest is read in pieces and dropped;
//! - a line cut by [`read`] at [`MAX_LINE_BYTES`] still has more than
//!   [`MAX_LINE_CHARS`] characters, so [`too_long`] refuses it;
//! - [`quote`] gives at most [`QUOTE_CHARS`] characters of a text (and an
//!   ellipsis), so that no sentence reads out a long input whole.

use std::io::{self, BufRead};

/// The longest line read, in characters (4 KiB of ASCII). Longer lines are
/// refused in words.
pub(crate) const MAX_LINE_CHARS: usize = 4096;

/// How much of a line [`read`] keeps from standard input: enough that a cut
/// line is still longer than [`MAX_LINE_CHARS`] characters, whatever its
/// bytes (a character is at most 4 bytes of UTF-8, and each replacement of
/// bytes that are not UTF-8 stands for at least one byte).
pub(crate) const MAX_LINE_BYTES: usize = 4 * (MAX_LINE_CHARS + 2);

/// The most characters of an input that a sentence quotes.
pub(crate) const QUOTE_CHARS: usize = 40;

/// Reads one line from `r` into `line` (cleared first, without its `\n`),
/// keeping at most `most` bytes of it and reading past the rest in the
/// reader's own pieces. Returns the line's whole length in bytes, or `None`
/// at the end of the input when nothing is left. A last line without `\n`
/// is a line.
pub(crate) fn read<R: BufRead + ?Sized>(r: &mut R, most: usize, line: &mut Vec<u8>) -> io::Result<Option<u64>> {
    line.clear();
    let mut whole: u64 = 0;
    let mut any = false;
    loop {
        let piece = match r.fill_buf() {
            Ok(p) => p,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if piece.is_empty() {
            return Ok(any.then_some(whole));
        }
        any = true;
        let (text, used, ended) = match piece.iter().position(|&b| b == b'\n') {
            Some(i) => (&piece[..i], i + 1, true),
            None => (piece, piece.len(), false),
        };
        let room = most.saturating_sub(line.len());
        line.extend_from_slice(&text[..text.len().min(room)]);
        whole += text.len() as u64;
        r.consume(used);
        if ended {
            return Ok(Some(whole));
        }
    }
}

/// A line read by [`read`] as text: bytes that are not UTF-8 (a Latin-1
/// terminal) replaced, not refused, and a `\r` before the newline dropped.
pub(crate) fn text(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_suffix('\r').unwrap_or(&text).to_owned()
}

/// Whether a line is longer than tiflo reads.
pub(crate) fn too_long(line: &str) -> bool {
    // Counting stops as soon as the bound is passed.
    line.chars().nth(MAX_LINE_CHARS).is_some()
}

/// `text` as a sentence may quote it: whole when short, else its first
/// [`QUOTE_CHARS`] characters and an ellipsis.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", text[..cut].trim_end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &[u8], most: usize, capacity: usize) -> Vec<(Vec<u8>, u64)> {
        let mut r = io::BufReader::with_capacity(capacity, data);
        let mut line = Vec::new();
        let mut out = Vec::new();
        while let Some(len) = read(&mut r, most, &mut line).unwrap() {
            out.push((line.clone(), len));
        }
        out
    }

    #[test]
    fn lines_are_read_whole_up_to_the_bound_and_cut_after_it() {
        let data = b"e4\n\nNf3 Nc6\r\nabcdefghij\nlast";
        for capacity in [1, 3, 8, 64] {
            assert_eq!(
                lines(data, 5, capacity),
                vec![
                    (b"e4".to_vec(), 2),
                    (Vec::new(), 0),
                    (b"Nf3 N".to_vec(), 8),
                    (b"abcde".to_vec(), 10),
                    (b"last".to_vec(), 4),
                ],
                "read {capacity} bytes at a time"
            );
        }
        assert!(lines(b"", 5, 8).is_empty());
    }

    #[test]
    fn a_cut_line_is_too_long_whatever_its_bytes() {
        // Four-byte characters, bytes that are not UTF-8, and ASCII.
        for unit in ["𝄞".as_bytes(), &[0xff], &[0xf0, 0x9d, 0x84], b"a", b"\r"] {
            let data: Vec<u8> = unit.iter().copied().cycle().take(MAX_LINE_BYTES * 3).collect();
            let cut = &lines(&data, MAX_LINE_BYTES, 8192)[0];
            assert_eq!(cut.0.len(), MAX_LINE_BYTES);
            assert_eq!(cut.1, data.len() as u64);
            assert!(too_long(&text(&cut.0)), "{unit:?}");
        }
        assert!(!too_long(&"a".repeat(MAX_LINE_CHARS)));
        assert!(too_long(&"a".repeat(MAX_LINE_CHARS + 1)));
        assert!(!too_long(&"é".repeat(MAX_LINE_CHARS)), "characters are counted, not bytes");
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quote("Nf3"), "Nf3");
        let long = "x".repeat(300);
        assert_eq!(quote(&long), format!("{}…", "x".repeat(QUOTE_CHARS)));
        assert_eq!(quote(&"é".repeat(41)).chars().count(), QUOTE_CHARS + 1);
        assert_eq!(quote(&"é".repeat(40)), "é".repeat(40));
    }
}
