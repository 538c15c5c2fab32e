//! Entry points for the fuzz targets in `fuzz/` and for the robustness
//! tests that run the same checks on stable Rust: each reader takes
//! arbitrary bytes and must return a value or an error, never panic.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use crate::pgn::convert::{Target, convert};
use crate::notation::{Dialect, Lang, Notation, Notator, Pieces, position};
use crate::pgn::ReadAs;

/// Positions where every rare move is legal: castling both ways, en passant,
/// promotion with and without capture, doubled pawns.
fn positions() -> Vec<Chess> {
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
        "4k3/8/8/3p4/4P3/3p4/4P3/4K3 w - - 0 1",
    ]
    .iter()
    .map(|f| f.parse::<Fen>().expect("valid FEN").into_position(CastlingMode::Standard).expect("legal"))
    .collect()
}

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Reads `s` as a move in each dialect and position; what is read must be
/// legal, and its written form must read back to it.
fn read_write_read(s: &str, dialects: impl Iterator<Item = Dialect> + Clone) {
    for pos in positions() {
        for d in dialects.clone() {
            let n = Notator::new(d, &pos);
            if let Ok(m) = n.read(&pos, s) {
                assert!(pos.is_legal(m));
                let written = n.to_text(&pos, m);
                assert_eq!(n.read(&pos, &written), Ok(m), "{written}");
            }
        }
    }
}

/// Reads `data` as an algebraic move in every language.
pub fn algebraic(data: &[u8]) {
    let Some(s) = text(data) else { return };
    read_write_read(s, Pieces::ALL.into_iter().map(|l| Dialect::new(Notation::San, l).expect("algebraic in every language")));
}

/// Reads `data` as a descriptive move in English and Spanish.
pub fn descriptive(data: &[u8]) {
    let Some(s) = text(data) else { return };
    read_write_read(s, [Lang::En, Lang::Es].into_iter().map(|l| Dialect::new(Notation::Descriptive, l).expect("descriptive")));
}

/// Reads `data` as a Koch, ICCF and Gringmuth move in a few positions:
/// whatever is read is legal.
pub fn numeric(data: &[u8]) {
    let Some(s) = text(data) else { return };
    for pos in positions() {
        for notation in [Notation::Koch, Notation::Iccf, Notation::Gringmuth] {
            let d = Dialect::new(notation, Lang::En).expect("numeric");
            if let Ok(m) = Notator::new(d, &pos).read(&pos, s) {
                assert!(pos.is_legal(m));
            }
        }
    }
}

/// Reads `data` as FEN and as a Forsyth board with every choice of piece
/// signs: what is read is written and read back the same.
pub fn position(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let _ = position::looks_like_fen(s);
    if let Ok(p) = position::read_fen(s) {
        assert_eq!(position::read_fen(&position::write_fen(&p)).ok(), Some(p));
    }
    for lang in Pieces::ALL {
        if let Ok(board) = position::read_forsyth(s, lang) {
            let again = position::write_forsyth(&board, lang, position::RowSeparator::Slash).expect("written");
            assert_eq!(position::read_forsyth(&again, lang).ok(), Some(board.clone()));
            let _ = position::position_from_board(board, &position::Extras::default());
        }
    }
}

/// Reads `data` as games: their UCI moves equal those of their PGN
/// rewriting, read again.
pub fn games(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let (uci, _) = convert(s, ReadAs::Auto, Target::UciLines);
    let (pgn, _) = convert(s, ReadAs::Auto, Target::Movetext(Dialect::PGN));
    let (again, errors) = convert(&pgn, ReadAs::Dialect(Dialect::PGN), Target::UciLines);
    assert!(errors.is_empty(), "{pgn}");
    assert_eq!(uci, again);
}

/// Decodes `data` as a journal: records come back or a problem is named,
/// never a panic; whatever entries decode either resume a game or are
/// refused with an error.
pub fn journal(data: &[u8]) {
    let decoded = crate::game::journal::decode::<crate::game::entry::Entry>(data);
    let _ = crate::game::session::Session::resume(&decoded.records);
    // A journal that decodes cleanly encodes back to the same bytes.
    if decoded.problem.is_none() && !decoded.records.is_empty() {
        let mut again = String::from(crate::game::journal::HEADER);
        for r in &decoded.records {
            again.push_str(&crate::game::journal::encode(r));
        }
        assert_eq!(crate::game::journal::decode::<crate::game::entry::Entry>(again.as_bytes()).records, decoded.records);
    }
}

/// Feeds `data` to the DGT board's decoder, whole and split at every third
/// byte: never a panic, the same messages either way, and every board
/// message settles into the watcher without a panic.
pub fn dgt(data: &[u8]) {
    let whole = crate::assistant::dgt::Decoder::new().feed(data);
    let mut d = crate::assistant::dgt::Decoder::new();
    let split: Vec<_> = data.chunks(3).flat_map(|c| d.feed(c)).collect();
    assert_eq!(whole, split);
    let mut w = crate::assistant::dgt::Watcher::new(shakmaty::Chess::default());
    for (i, m) in whole.into_iter().enumerate() {
        let now = std::time::Duration::from_millis(i as u64 * 400);
        match m {
            crate::assistant::dgt::Message::Board(b) => {
                let _ = w.board(now, &b);
            }
            crate::assistant::dgt::Message::Field { .. } => w.changed(now),
            _ => {}
        }
        let _ = w.due(now);
    }
}

/// Reads `data` as lines with the daemon's bounded reader, with a small
/// bound and the reader's pieces of 1, 3 and 4096 bytes: the same lines
/// whatever the pieces, never more kept than the bound, a line within the
/// bound kept whole, and every line of `data` read once.
pub fn lines(data: &[u8]) {
    const MOST: usize = 7;
    let mut each = Vec::new();
    for capacity in [1, 3, 4096] {
        let mut r = std::io::BufReader::with_capacity(capacity, data);
        let mut line = Vec::new();
        let mut got = Vec::new();
        while let Some(len) = crate::line::read(&mut r, MOST, &mut line).expect("reading bytes in memory") {
            assert!(line.len() <= MOST);
            got.push((line.clone(), len));
        }
        each.push(got);
    }
    assert!(each.iter().all(|g| *g == each[0]));
    let mut want: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if data.is_empty() || data.ends_with(b"\n") {
        want.pop();
    }
    assert_eq!(each[0].len(), want.len());
    for ((line, len), whole) in each[0].iter().zip(want) {
        assert_eq!(*len, whole.len() as u64);
        assert_eq!(line[..], whole[..whole.len().min(MOST)]);
    }
}

/// Types each line of `data` into a game, one second apart, in each shipped
/// language's words, the lines read as the daemon reads standard input:
/// never a panic, and the journal the session writes resumes to the same
/// scoresheet.
pub fn session(data: &[u8]) {
    use crate::game::event::{Event, Output};
    use crate::game::session::Session;
    use crate::game::entry::{Setup, Side};
    use std::time::Duration;
    lines(data);
    let mut typed = Vec::new();
    let mut rest = data;
    let mut line = Vec::new();
    while let Ok(Some(_)) = crate::line::read(&mut rest, crate::line::MAX_LINE_BYTES, &mut line) {
        typed.push(crate::line::text(&line));
    }
    use crate::game::clock::{Bonus, Period, TimeControl};
    let control = TimeControl { periods: vec![Period { moves: None, time: Duration::from_secs(60), bonus: Bonus::Increment(Duration::from_secs(1)) }] };
    for (lang, mirror) in [(crate::notation::Lang::Es, false), (crate::notation::Lang::En, true)] {
        let setup = Setup {
            lang,
            side: Side::White,
            time_control: control.clone(),
            mirror,
            confirm_always: false,
            correction_ms: 5000,
            low_time_warnings: vec![30, 10],
            warn_both: true,
            fen: None,
            tags: Vec::new(),
            announce: None,
            announce_style: Default::default(),
            file_words: Default::default(),
            transfers: Default::default(),
            transfer_reminder_ms: 0,
            study: None,
            study_notes: Vec::new(),
            engine: false,
            claim_hints: true,
        };
        let Ok((mut game, out)) = Session::new(setup, Duration::ZERO) else { return };
        let mut journal: Vec<_> = out.into_iter().filter_map(|o| if let Output::Journal(e) = o { Some(e) } else { None }).collect();
        for (i, line) in typed.iter().enumerate() {
            let now = Duration::from_secs(i as u64 + 1);
            for o in game.handle(now, Event::Line(line.clone())) {
                if let Output::Journal(e) = o {
                    journal.push(e);
                }
            }
        }
        let back = Session::resume(&journal).expect("a session's own journal resumes");
        assert_eq!(back.record(), game.record());
    }
}
