//! Braille: golden cells of moves and boards per language, written from the
//! tables in `braille/` (dot numbers, one group per cell, 0 a blank cell),
//! the property that no view ever splits a move across a pan boundary, and
//! the `tiflo braille` command.

use std::process::Command;

use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};
use tiflo::braille::chess::move_cells;
use tiflo::braille::layout::{Target, pack};
use tiflo::braille::table::parse_dots;
use tiflo::braille::view::{self, By};
use tiflo::braille::{BoardStyle, Dots, Table, from_unicode};
use tiflo::testkit::corpus::{Rng, random_game};
use tiflo::notation::Lang;
use tiflo::game::scoresheet::{GameRecord, RecordedMove};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const WIDTHS: [usize; 9] = [12, 14, 18, 20, 24, 32, 40, 70, 80];

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn dots(text: &str) -> Vec<u8> {
    parse_dots(text).unwrap_or_else(|| panic!("bad dots {text:?}"))
}

/// (what, FEN, UCI move)
const CASES: &[(&str, &str, &str)] = &[
    ("quiet piece", START, "g1f3"),
    ("pawn push", START, "e2e4"),
    ("pawn capture", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5"),
    ("piece takes piece", "4k3/8/8/8/4b3/2N5/8/4K3 w - - 0 1", "c3e4"),
    ("castles short", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
    ("castles long", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
    ("en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"),
    ("promotion to queen", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q"),
    ("promotion to knight", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8n"),
    ("capture promoting with check", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q"),
    ("check", "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "d1h5"),
    ("checkmate", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"),
    ("two knights, by file", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"),
    ("two rooks, by rank", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"),
    ("three queens, by square", "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a3b2"),
];

/// The move lines of CASES in a language: the move number in lowered
/// digits, a blank cell, the Black mark (dots 3-6) before a Black move,
/// then the move.
fn move_lines(lang: Lang, on: Dots) -> Vec<(String, Vec<u8>)> {
    let t = Table::get(lang).unwrap();
    CASES
        .iter()
        .map(|(_, fen, uci)| {
            let p = pos(fen);
            let m = uci.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            let units = view::move_line(t, on, &p, m);
            let seg = pack(&units, 40).unwrap();
            assert_eq!(seg.len(), 1);
            (seg[0].print.clone(), seg[0].cells.clone())
        })
        .collect()
}

fn check_lines(lang: Lang, on: Dots, expected: &[(&str, &str)]) {
    let got = move_lines(lang, on);
    assert_eq!(got.len(), expected.len());
    for ((print, cells), (case, (want_print, want_dots))) in got.iter().zip(CASES.iter().zip(expected)) {
        assert_eq!(print, want_print, "{lang} {}", case.0);
        assert_eq!(cells, &dots(want_dots), "{lang} {on:?} {} ({print})", case.0);
    }
}

#[test]
fn spanish_moves() {
    // Piece letters r d t a c, files a-h, ranks as lowered digits (B 8
    // examples); x 1346, + 5/235, ++ twice that, = 5/2356, ap after a blank.
    // D, A and C are also file letters: print's capitals, with dot 7 on 8
    // dots (BRLTTY's es.ttb), after the capital sign 4-6 on 6 (liblouis
    // es-g1); R and T are not. After the promotion sign, where only a piece
    // stands, the letter is plain.
    check_lines(
        Lang::Es,
        Dots::Eight,
        &[
            ("1 Cf3", "2 0 147 124 25"),
            ("1 e4", "2 0 15 256"),
            ("2 exd5", "23 0 15 1346 145 26"),
            ("1 Cxe4", "2 0 147 1346 15 256"),
            ("1 0-0", "2 0 356 36 356"),
            ("1 ...0-0-0", "2 0 36 356 36 356 36 356"),
            ("2 exd6 ap", "23 0 15 1346 145 235 0 1 1234"),
            ("1 c8=D", "2 0 14 236 5 2356 145"),
            ("1 c8=C", "2 0 14 236 5 2356 14"),
            ("1 cxd8=D+", "2 0 14 1346 145 236 5 2356 145 5 235"),
            ("2 Dh5+", "23 0 1457 125 26 5 235"),
            ("2 ...Dh4++", "23 0 36 1457 125 256 5 235 5 235"),
            ("1 Cbd2", "2 0 147 12 145 23"),
            ("1 T1a3", "2 0 2345 2 1 25"),
            ("1 Da3b2", "2 0 1457 1 25 12 23"),
        ],
    );
    check_lines(
        Lang::Es,
        Dots::Six,
        &[
            ("1 Cf3", "2 0 46 14 124 25"),
            ("1 e4", "2 0 15 256"),
            ("2 exd5", "23 0 15 1346 145 26"),
            ("1 Cxe4", "2 0 46 14 1346 15 256"),
            ("1 0-0", "2 0 356 36 356"),
            ("1 ...0-0-0", "2 0 36 356 36 356 36 356"),
            ("2 exd6 ap", "23 0 15 1346 145 235 0 1 1234"),
            ("1 c8=D", "2 0 14 236 5 2356 145"),
            ("1 c8=C", "2 0 14 236 5 2356 14"),
            ("1 cxd8=D+", "2 0 14 1346 145 236 5 2356 145 5 235"),
            ("2 Dh5+", "23 0 46 145 125 26 5 235"),
            ("2 ...Dh4++", "23 0 36 46 145 125 256 5 235 5 235"),
            ("1 Cbd2", "2 0 46 14 12 145 23"),
            ("1 T1a3", "2 0 2345 2 1 25"),
            ("1 Da3b2", "2 0 46 145 1 25 12 23"),
        ],
    );
}

#[test]
fn english_moves_follow_the_british_code() {
    // Knight s, bishop l, queen q (none a file letter); capture 56 before
    // the destination; check 345/1234 after the move, as the code's own
    // example writes 6. e4+ (section 1.4); mate 345/134 after it.
    for on in [Dots::Eight, Dots::Six] {
        check_lines(
            Lang::En,
            on,
            &[
                ("1 Nf3", "2 0 234 124 25"),
                ("1 e4", "2 0 15 256"),
                ("2 exd5", "23 0 15 56 145 26"),
                ("1 Nxe4", "2 0 234 56 15 256"),
                ("1 0-0", "2 0 356 36 356"),
                ("1 ...0-0-0", "2 0 36 356 36 356 36 356"),
                ("2 exd6 ep", "23 0 15 56 145 235 0 15 1234"),
                ("1 c8=Q", "2 0 14 236 5 2356 12345"),
                ("1 c8=N", "2 0 14 236 5 2356 234"),
                ("1 cxd8=Q+", "2 0 14 56 145 236 5 2356 12345 345 1234"),
                ("2 Qh5+", "23 0 12345 125 26 345 1234"),
                ("2 ...Qh4#", "23 0 36 12345 125 256 345 134"),
                ("1 Nbd2", "2 0 234 12 145 23"),
                ("1 R1a3", "2 0 1235 2 1 25"),
                ("1 Qa3b2", "2 0 12345 1 25 12 23"),
            ],
        );
    }
}

#[test]
fn the_other_languages_use_their_print_letters() {
    // (lang, knight move, queen promotion, check, two rooks by rank), on 8
    // dots: the letters that are also file letters (C, D; B and F below)
    // with dot 7.
    let cases = [
        (Lang::Pt, ("1 Cf3", "2 0 147 124 25"), ("1 c8=D", "2 0 14 236 5 2356 145"), ("1 T1a3", "2 0 2345 2 1 25")),
        (Lang::Fr, ("1 Cf3", "2 0 147 124 25"), ("1 c8=D", "2 0 14 236 5 2356 145"), ("1 T1a3", "2 0 2345 2 1 25")),
        (Lang::De, ("1 Sf3", "2 0 234 124 25"), ("1 c8=D", "2 0 14 236 5 2356 145"), ("1 T1a3", "2 0 2345 2 1 25")),
        (Lang::It, ("1 Cf3", "2 0 147 124 25"), ("1 c8=D", "2 0 14 236 5 2356 145"), ("1 T1a3", "2 0 2345 2 1 25")),
        // Dutch: BRLTTY's Dutch text tables have no capital letters, so the
        // capital sign, on 8 dots too.
        (Lang::Nl, ("1 Pf3", "2 0 1234 124 25"), ("1 c8=D", "2 0 14 236 5 2356 145"), ("1 T1a3", "2 0 2345 2 1 25")),
    ];
    for (lang, knight, promotion, rooks) in cases {
        let got = move_lines(lang, Dots::Eight);
        for (i, (print, d)) in [(0, knight), (7, promotion), (13, rooks)] {
            assert_eq!(got[i].0, print, "{lang}");
            assert_eq!(got[i].1, dots(d), "{lang} {print}");
        }
        // The rest are the Spanish signs for the same print.
        assert_eq!(got[6].1, dots("23 0 15 1346 145 235 0 15 1234"), "{lang} e.p.");
    }
    // Portuguese, French and Italian bishops are file letters: Bb5, Fb5,
    // Ab5; the German one is not: Lb5.
    for (lang, eight, six, print) in [
        (Lang::Pt, "127", "46 12", "Bb5"),
        (Lang::Fr, "1247", "46 124", "Fb5"),
        (Lang::It, "17", "46 1", "Ab5"),
        (Lang::De, "123", "123", "Lb5"),
    ] {
        let p = pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
        let m = "f1b5".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        for (on, bishop) in [(Dots::Eight, eight), (Dots::Six, six)] {
            let w = move_cells(Table::get(lang).unwrap(), on, &p, m);
            assert_eq!(w.print, format!("{print}+"), "{lang}");
            assert_eq!(w.cells, dots(&format!("{bishop} 12 26 5 235")), "{lang} {on:?}");
        }
    }
}

#[test]
fn start_position_boards() {
    let start = Chess::default();
    let style8 = BoardStyle::shipped(Dots::Eight).unwrap();
    let style6 = BoardStyle::shipped(Dots::Six).unwrap();
    // Spanish, 8 dots: Black plain letters, White with dot 7, empty squares
    // dot 3 (light) and dots 3-6 (dark).
    let es = view::board(Table::get(Lang::Es).unwrap(), &style8, &start, By::Rank, Color::White);
    assert_eq!(es[0].cells, dots("236 0 2345 14 1 145 1235 1 14 2345"));
    assert_eq!(es[1].cells, dots("2356 0 1234 1234 1234 1234 1234 1234 1234 1234"));
    assert_eq!(es[4].cells, dots("256 0 3 36 3 36 3 36 3 36"));
    assert_eq!(es[7].cells, dots("2 0 23457 147 17 1457 12357 17 147 23457"));
    assert_eq!(es[8].cells, dots("0 0 1 12 14 145 15 124 1245 125"));
    // English, 6 dots: White plain, Black with dot 6 (the British diagram
    // signs r s l q k).
    let en = view::board(Table::get(Lang::En).unwrap(), &style6, &start, By::Rank, Color::White);
    assert_eq!(en[0].cells, dots("236 0 12356 2346 1236 123456 136 1236 2346 12356"));
    assert_eq!(en[7].cells, dots("2 0 1235 234 123 12345 13 123 234 1235"));
    assert_eq!(en[6].cells, dots("23 0 1234 1234 1234 1234 1234 1234 1234 1234"));
    // German, 8 dots: K D T L S B.
    let de = view::board(Table::get(Lang::De).unwrap(), &style8, &start, By::Rank, Color::White);
    assert_eq!(de[7].cells, dots("2 0 23457 2347 1237 1457 137 1237 2347 23457"));
    assert_eq!(de[6].cells, dots("23 0 127 127 127 127 127 127 127 127"));
    // By file from Black's seat: h first, rank 8 (near) to rank 1.
    let by_file = view::board(Table::get(Lang::Es).unwrap(), &style8, &start, By::File, Color::Black);
    assert_eq!(by_file[0].cells, dots("125 0 2345 1234 36 3 36 3 12347 23457"));
    assert_eq!(by_file[8].cells, dots("0 0 236 2356 235 26 256 25 23 2"));
}

#[test]
fn boards_fill_each_display_by_whole_ranks() {
    let t = Table::get(Lang::Es).unwrap();
    let style = BoardStyle::shipped(Dots::Eight).unwrap();
    let units = view::board(t, &style, &Chess::default(), By::Rank, Color::White);
    let counts: Vec<usize> = WIDTHS.iter().map(|&w| pack(&units, w).unwrap().len()).collect();
    // 10 cells a rank: one per segment up to 20 cells, two on 24, three on
    // 32 and 40, six on 70, seven on 80 (the coordinates unit counted).
    assert_eq!(counts, vec![9, 9, 9, 9, 5, 3, 3, 2, 2]);
}

#[test]
fn clocks_and_scoresheet() {
    let t = Table::get(Lang::Es).unwrap();
    let units = view::clocks(t, std::time::Duration::from_secs(3600 + 4 * 60 + 5), std::time::Duration::from_secs(59));
    let segs = pack(&units, 40).unwrap();
    assert_eq!(segs.len(), 1);
    // b 1:04:05  n 0:59 (separator dots 4-5-6).
    assert_eq!(segs[0].cells, dots("12 0 2 456 356 256 456 356 26 0 1345 0 356 456 26 35"));
    assert_eq!(segs[0].print, "b 1:04:05 n 0:59");
    assert_eq!(segs[0].target(0), Target::Clock(Color::White));

    // 1. e4 e5 2. Cf3 (=): the draw offer stays with its move.
    let mut record = GameRecord::default();
    let mut p = Chess::default();
    for uci in ["e2e4", "e7e5", "g1f3"] {
        let m = uci.parse::<UciMove>().unwrap().to_move(&p).unwrap();
        record.moves.push(RecordedMove::new(m));
        p.play_unchecked(m);
    }
    record.moves[2].draw_offer = true;
    let units = view::scoresheet(t, Dots::Eight, &record);
    let s = pack(&units, 80).unwrap();
    assert_eq!(s[0].print, "1 e4 e5 2 Cf3 (=)");
    let pair = view::last_pair(t, Dots::Eight, &record);
    assert_eq!(pack(&pair, 40).unwrap()[0].print, "2 Cf3 (=)");
    record.moves.pop();
    let pair = view::last_pair(t, Dots::Eight, &record);
    assert_eq!(pack(&pair, 40).unwrap()[0].print, "1 e4 e5");
    // On 12 cells the pair and the next move do not fit together.
    let mut record2 = record.clone();
    let p = record.position_after(2);
    let m = "g1f3".parse::<UciMove>().unwrap().to_move(&p).unwrap();
    let mut rm = RecordedMove::new(m);
    rm.draw_offer = true;
    record2.moves.push(rm);
    let segs = pack(&view::scoresheet(t, Dots::Six, &record2), 12).unwrap();
    let prints: Vec<&str> = segs.iter().map(|s| s.print.as_str()).collect();
    assert_eq!(prints, vec!["1 e4 e5", "2 Cf3 (=)"]);
    // With a longer number the offer no longer fits and goes on alone,
    // while the number stays with its move.
    let mut late = record2.clone();
    late.start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000");
    let prints: Vec<String> = pack(&view::scoresheet(t, Dots::Six, &late), 12).unwrap().into_iter().map(|s| s.print).collect();
    assert_eq!(prints, vec!["1000 e4 e5", "1001 Cf3", "(=)"]);
}

/// The longest moves a table can write: each fits a 12-cell display.
#[test]
fn the_longest_moves_fit_twelve_cells() {
    let long = [
        ("3r3k/2P3pp/8/8/8/8/8/4K3 w - - 0 1", "c7d8q"), // capture, promotion, mate
        ("8/8/8/2k5/3pP3/8/8/4K3 b - e3 0 1", "d4e3"),   // en passant
        ("4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a3b2"),   // origin square
        ("r3k2r/8/8/8/8/8/8/R2K2R1 b kq - 0 1", "e8c8"), // long castling, check
    ];
    for l in Table::languages() {
        let t = Table::get(l).unwrap();
        for (fen, uci) in long {
            let p = pos(fen);
            let m = uci.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            for on in [Dots::Eight, Dots::Six] {
                let w = move_cells(t, on, &p, m);
                assert!(w.cells.len() + t.black_move().len() <= 12, "{l} {on:?}: {} is {} cells", w.print, w.cells.len());
            }
        }
    }
}

fn game_record(seed: u64, plies: usize) -> GameRecord {
    let mut rng = Rng::new(seed);
    let game = random_game(&mut rng, plies);
    let mut record = GameRecord::default();
    for (i, m) in game.moves.into_iter().enumerate() {
        let mut rm = RecordedMove::new(m);
        rm.draw_offer = (seed >> (i % 64)) & 1 == 1 && i % 7 == 3;
        record.moves.push(rm);
    }
    record
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Over random games, every width and every language: segments fit the
    /// display, every unit lies whole in one segment (so a move is never
    /// split across a pan boundary), the units come in order, a move number
    /// shares its move's segment, and every move fits 12 cells.
    #[test]
    fn no_view_splits_a_move(seed in any::<u64>(), plies in 1usize..160, w in 0usize..WIDTHS.len(), l in 0usize..7) {
        let width = WIDTHS[w];
        let lang = Lang::ALL[l];
        let t = Table::get(lang).unwrap();
        let record = game_record(seed, plies);
        let on = if seed % 2 == 0 { Dots::Eight } else { Dots::Six };
        let style = BoardStyle::shipped(on).unwrap();
        let end = record.position_after(record.moves.len());
        let views = [
            view::scoresheet(t, on, &record),
            view::last_pair(t, on, &record),
            view::board(t, &style, &end, By::Rank, Color::White),
            view::board(t, &style, &end, By::File, Color::Black),
        ];
        for units in views {
            let segs = pack(&units, width).unwrap();
            let mut order: Vec<usize> = Vec::new();
            for s in &segs {
                prop_assert!(s.cells.len() <= width);
                let mut joined = Vec::new();
                for (k, &u) in s.units.iter().enumerate() {
                    if k > 0 { joined.push(0); }
                    joined.extend(&units[u].cells);
                }
                prop_assert_eq!(&joined, &s.cells, "a unit was cut");
                order.extend(&s.units);
            }
            prop_assert_eq!(order, (0..units.len()).collect::<Vec<_>>());
            for (i, u) in units.iter().enumerate() {
                prop_assert!(u.cells.len() <= 12, "{} is {} cells", u.print, u.cells.len());
                let number = u.keep_with_next && u.print.chars().all(|c| c.is_ascii_digit());
                if number && u.cells.len() + 1 + units[i + 1].cells.len() <= width {
                    let seg = segs.iter().position(|s| s.units.contains(&i));
                    prop_assert_eq!(seg, segs.iter().position(|s| s.units.contains(&(i + 1))));
                }
            }
        }
    }
}

fn tiflo(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_tiflo")).args(args).output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap(), out.status.code().unwrap_or(-1))
}

fn braille_lines(stdout: &str) -> Vec<Vec<u8>> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("braille: "))
        .map(|l| from_unicode(l).expect("Unicode braille"))
        .collect()
}

#[test]
fn the_command_prints_every_segment() {
    let (out, err, code) = tiflo(&["braille", "board", "--fen", START, "--lang", "es", "--cells", "24"]);
    assert_eq!(code, 0, "{err}");
    let lines = braille_lines(&out);
    assert_eq!(lines.len(), 5);
    let first = dots("236 0 2345 14 1 145 1235 1 14 2345 0 2356 0 1234 1234 1234 1234 1234 1234 1234 1234");
    assert_eq!(lines[0], first);
    assert!(out.contains("print: 8 tcadract 7 pppppppp"));
    // Six dots, by file.
    let (out, _, _) = tiflo(&["braille", "board", "--lang", "en", "--dots", "6", "--by", "file", "--cells", "12"]);
    let lines = braille_lines(&out);
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0], dots("1 0 1235 1234 36 3 36 3 12346 12356"));
    // Empty squares chosen on the command line.
    let (out, _, code) = tiflo(&["braille", "board", "--lang", "es", "--cells", "12", "--light", "0", "--dark", "78"]);
    assert_eq!(code, 0);
    assert_eq!(braille_lines(&out)[4], dots("256 0 0 78 0 78 0 78 0 78"));
    let (_, err, code) = tiflo(&["braille", "board", "--lang", "es", "--light", "3", "--dark", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("same cell"), "{err}");
}

#[test]
fn the_command_prints_the_move_line() {
    let (out, err, code) = tiflo(&["braille", "line", "--lang", "es", "--fen", START, "--move", "Cf3"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(braille_lines(&out), vec![dots("2 0 147 124 25")]);
    let (out, _, _) = tiflo(&["braille", "line", "--lang", "es", "--dots", "6", "--fen", START, "--move", "Cf3"]);
    assert_eq!(braille_lines(&out), vec![dots("2 0 46 14 124 25")]);
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    let (out, _, _) = tiflo(&["braille", "line", "--lang", "en", "--fen", fen, "--move", "Qh4"]);
    assert_eq!(braille_lines(&out), vec![dots("23 0 36 12345 125 256 345 134")]);
    assert!(out.contains("print: 2 ...Qh4#"));
    // After 1.e4 b5 2.a4 Bb7, the bishop's Axb5 and the pawn's axb5: the
    // bishop's A is a capital (dot 7 on 8 dots, the capital sign on 6).
    let fen = "rn1qkbnr/pbpppppp/8/1p6/P3P3/8/1PPP1PPP/RNBQKBNR w KQkq - 1 3";
    for (dots_flag, bishop) in [("8", "25 0 17 1346 12 26"), ("6", "25 0 46 1 1346 12 26")] {
        let (out, _, _) = tiflo(&["braille", "line", "--lang", "es", "--dots", dots_flag, "--fen", fen, "--move", "Axb5"]);
        assert_eq!(braille_lines(&out), vec![dots(bishop)], "{dots_flag} dots");
        let (out, _, _) = tiflo(&["braille", "line", "--lang", "es", "--dots", dots_flag, "--fen", fen, "--move", "axb5"]);
        assert_eq!(braille_lines(&out), vec![dots("25 0 1 1346 12 26")], "{dots_flag} dots");
    }
    // UCI works too; a move that is not legal is refused.
    let (out, _, _) = tiflo(&["braille", "line", "--lang", "pt", "--move", "g1f3"]);
    assert!(out.contains("print: 1 Cf3"));
    let (_, err, code) = tiflo(&["braille", "line", "--lang", "es", "--move", "Cf6"]);
    assert_eq!(code, 2);
    assert!(err.contains("Cf6"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any bytes, cut anywhere: the decoders never panic and read the same
    /// events whatever the cuts.
    #[test]
    fn decoders_take_any_bytes_in_any_pieces(bytes in proptest::collection::vec(any::<u8>(), 0..300), cuts in proptest::collection::vec(any::<usize>(), 0..8), cells in proptest::option::of(1u8..=84)) {
        use tiflo::braille::{baum, handytech};
        let mut cut_points: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
        cut_points.sort_unstable();
        let mut whole = baum::Decoder::new();
        let mut pieces = baum::Decoder::new();
        if let Some(c) = cells { whole.set_cells(c); pieces.set_cells(c); }
        let a = whole.feed(&bytes);
        let mut b = Vec::new();
        let mut ht_whole = handytech::Link::new();
        let mut ht_pieces = handytech::Link::new();
        let c = ht_whole.feed(&bytes);
        let mut d = Vec::new();
        let mut start = 0;
        for &p in cut_points.iter().chain(std::iter::once(&bytes.len())) {
            b.extend(pieces.feed(&bytes[start..p]));
            d.extend(ht_pieces.feed(&bytes[start..p]));
            start = p;
        }
        prop_assert_eq!(a, b);
        prop_assert_eq!(c, d);
        prop_assert_eq!(whole.skipped(), pieces.skipped());
    }
}

/// Fake displays on a pty pair: a test thread speaks the display's side of
/// the protocol on the master end, the driver under test opens the other.
mod serial {
    use std::io::{Read, Write as _};
    use std::sync::mpsc::{Sender, channel};
    use std::thread;
    use std::time::{Duration, Instant};

    use serialport::{SerialPort, TTYPort};
    use tiflo::braille::baum::{self, display as fake_baum};
    use tiflo::braille::handytech::{self, display as fake_ht};
    use tiflo::braille::display::Action;
    use tiflo::braille::keys::{Key, KeyEvent, Typed};
    use tiflo::braille::keytable::Keymap;
    use tiflo::braille::serial::{Protocol, SerialDisplay};

    const WAIT: Duration = Duration::from_secs(5);

    /// One read: `None` once the driver's end is closed.
    fn read(port: &mut TTYPort, buf: &mut [u8]) -> Option<usize> {
        match port.read(buf) {
            Ok(n) => Some(n),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => Some(0),
            Err(_) => None,
        }
    }

    /// A Baum display of `cells` cells: answers the probe, reports every
    /// line written, and after the first one presses and releases the
    /// routing key above cell `key`, then types dots 1-2-5 (a braille `h`).
    fn baum_display(mut port: TTYPort, cells: u8, name: &'static str, key: u8, written: Sender<Vec<u8>>) {
        port.set_timeout(Duration::from_millis(20)).unwrap();
        let mut reader = fake_baum::HostReader::new(cells);
        let mut buf = [0u8; 512];
        let mut pressed = false;
        let start = Instant::now();
        while start.elapsed() < WAIT {
            let Some(n) = read(&mut port, &mut buf) else { return };
            for p in reader.feed(&buf[..n]) {
                let reply = match (p.code, p.data.as_slice()) {
                    (baum::code::SERIAL_NUMBER, []) => fake_baum::serial_number("T1234567"),
                    (baum::code::DEVICE_IDENTITY, []) => fake_baum::identity(name),
                    (baum::code::DISPLAY_DATA, [0]) => fake_baum::cell_count(cells),
                    (baum::code::DISPLAY_DATA, line) => {
                        if written.send(line.to_vec()).is_err() {
                            return;
                        }
                        if pressed {
                            continue;
                        }
                        pressed = true;
                        let mut keys = fake_baum::routing_keys(cells, &[key]);
                        keys.extend(fake_baum::routing_keys(cells, &[]));
                        keys.extend(fake_baum::entry_dots(&[1]));
                        keys.extend(fake_baum::entry_dots(&[1, 2, 5]));
                        keys.extend(fake_baum::entry_dots(&[]));
                        keys
                    }
                    _ => continue,
                };
                port.write_all(&reply).unwrap();
            }
        }
    }

    fn events_until(display: &mut SerialDisplay, count: usize) -> Vec<KeyEvent> {
        let start = Instant::now();
        let mut events = Vec::new();
        while events.len() < count && start.elapsed() < WAIT {
            events.extend(display.poll(Duration::from_millis(100)).unwrap());
        }
        events
    }

    /// Displays of 44, 68 and 84 cells have 4 status cells after the text
    /// cells, as BRLTTY's Baum driver divides them (`logCellCount`): tiflo
    /// writes the text on the text cells and leaves the status cells blank.
    /// The dots typed on the braille keyboard are a cell only where BRLTTY's
    /// key table for the device has a keyboard: `pv.ktb` and `connect.ktb`
    /// include one, `v40.ktb` has none; a "Vario 80" that gives its cell
    /// count is no device BRLTTY names, so `default.ktb` (with a keyboard).
    #[test]
    fn a_fake_baum_display_is_identified_written_and_read() {
        let h = vec![Action::Typed(Typed::Cell(0b10011))];
        for (total, name, text, typed) in [
            (24u8, "PocketVario 24", 24u8, h.clone()),
            (44, "Vario 40", 40, vec![]),
            (84, "Vario 80", 80, h.clone()),
            (12, "VarioConnect 12", 12, h.clone()),
        ] {
            let (master, slave) = TTYPort::pair().unwrap();
            let (tx, rx) = channel();
            let key = text - 3;
            let fake = thread::spawn(move || baum_display(master, total, name, key, tx));
            let mut d = SerialDisplay::identify(Box::new(slave), Protocol::Baum, WAIT).unwrap();
            assert_eq!((d.cells(), d.status_cells()), (text, total - text), "{name}");
            assert_eq!(d.name(), name);
            // A board rank with an ESC-valued cell (dots 1-2-4-5 = 0x1B).
            let line = vec![0b110, 0, 0x1B, 0x0E, 0x47];
            d.write(&line).unwrap();
            let got = rx.recv_timeout(WAIT).unwrap();
            let mut want = line.clone();
            want.resize(usize::from(total), 0);
            assert_eq!(got, want, "{name}: the text, then blank status cells");
            // A line longer than the text cells is cut at them.
            d.write(&[0xFF; 100]).unwrap();
            let got = rx.recv_timeout(WAIT).unwrap();
            assert_eq!(got.iter().filter(|&&c| c == 0xFF).count(), usize::from(text), "{name}");
            let events = events_until(&mut d, 8);
            // Dots 1, 2 and 5 are entry keys 9, 10 and 13: BRLTTY's numbers
            // 43, 44 and 47 (brldefs-bm.h).
            let ev = |key, pressed| KeyEvent { key, pressed };
            assert_eq!(
                events,
                vec![
                    ev(Key::Routing(key), true),
                    ev(Key::Routing(key), false),
                    ev(Key::Nav(43), true),
                    ev(Key::Nav(44), true),
                    ev(Key::Nav(47), true),
                    ev(Key::Nav(43), false),
                    ev(Key::Nav(44), false),
                    ev(Key::Nav(47), false),
                ],
                "{name}"
            );
            let mut keys = Keymap::new(d.key_table());
            let actions: Vec<Action> = events.into_iter().filter_map(|e| keys.feed(e)).collect();
            let mut want = vec![Action::Route(key)];
            want.extend(typed);
            assert_eq!(actions, want, "{name}");
            drop(d);
            drop(rx);
            fake.join().unwrap();
        }
    }

    /// A HandyTech display: answers the reset with its model, acknowledges
    /// each write, reports it, and after the first one presses and releases
    /// the routing key above cell 5.
    fn handytech_display(mut port: TTYPort, model: &'static handytech::Model, written: Sender<Vec<u8>>) {
        port.set_timeout(Duration::from_millis(20)).unwrap();
        let mut buf = Vec::new();
        let mut chunk = [0u8; 512];
        let mut pressed = false;
        let start = Instant::now();
        let len = if model.extended {
            usize::from(model.text_cells) + 5
        } else {
            1 + usize::from(model.status_cells + model.text_cells)
        };
        while start.elapsed() < WAIT {
            let Some(n) = read(&mut port, &mut chunk) else { return };
            buf.extend_from_slice(&chunk[..n]);
            loop {
                match buf.first() {
                    Some(&handytech::RESET) => {
                        buf.remove(0);
                        port.write_all(&fake_ht::identify(model)).unwrap();
                    }
                    Some(_) if buf.len() >= len => {
                        let packet: Vec<u8> = buf.drain(..len).collect();
                        let cells = fake_ht::cells_of_write(model, &packet).expect("a write packet");
                        if written.send(cells).is_err() {
                            return;
                        }
                        let mut reply = if model.extended {
                            fake_ht::confirmation(model, handytech::ACK)
                        } else {
                            vec![handytech::ACK]
                        };
                        if !pressed {
                            pressed = true;
                            let code = handytech::KEY_ROUTING + 5;
                            reply.extend([fake_ht::key(code, true), fake_ht::key(code, false)]);
                        }
                        port.write_all(&reply).unwrap();
                    }
                    _ => break,
                }
            }
        }
    }

    #[test]
    fn a_fake_handytech_display_is_identified_written_and_read() {
        for id in [0x74u8, 0x54, 0x80] {
            let model = handytech::model(id).unwrap();
            let (master, slave) = TTYPort::pair().unwrap();
            let (tx, rx) = channel();
            let fake = thread::spawn(move || handytech_display(master, model, tx));
            let mut d = SerialDisplay::identify(Box::new(slave), Protocol::HandyTech, WAIT).unwrap();
            assert_eq!(d.cells(), model.text_cells);
            assert_eq!(d.name(), model.name);
            d.write(&[1, 2, 3]).unwrap();
            // A second line before the first is acknowledged waits for it.
            d.write(&[4, 5, 6]).unwrap();
            let events = events_until(&mut d, 2);
            assert_eq!(
                events,
                vec![
                    KeyEvent { key: Key::Routing(5), pressed: true },
                    KeyEvent { key: Key::Routing(5), pressed: false }
                ],
                "{}",
                model.name
            );
            let first = rx.recv_timeout(WAIT).unwrap();
            assert_eq!(&first[..4], &[1, 2, 3, 0]);
            // The newest line follows the acknowledgement.
            let start = Instant::now();
            while d.busy() && start.elapsed() < WAIT {
                d.poll(Duration::from_millis(50)).unwrap();
            }
            let second = rx.recv_timeout(WAIT).unwrap();
            assert_eq!(&second[..4], &[4, 5, 6, 0]);
            assert_eq!(second.len(), usize::from(model.text_cells));
            drop(d);
            drop(rx);
            fake.join().unwrap();
        }
    }

    /// Bytes per update of a 40-cell line and their time on a 19200-baud
    /// wire (Baum 8N1: 10 bits a byte; HandyTech 8O1: 11), and the software
    /// time of one update through the driver to a fake display on a pty (no
    /// baud rate), measured; printed for docs/benchmarks.md.
    #[test]
    fn bytes_and_time_per_update() {
        use tiflo::braille::layout::pack;
        use tiflo::braille::view::{self, By};
        use tiflo::braille::{BoardStyle, Dots, Table};
        use tiflo::notation::Lang;
        let t = Table::get(Lang::Es).unwrap();
        let style = BoardStyle::shipped(Dots::Eight).unwrap();
        let units = view::board(t, &style, &shakmaty::Chess::default(), By::Rank, shakmaty::Color::White);
        let mut line = pack(&units, 40).unwrap()[0].cells.clone();
        line.resize(40, 0);
        let wire = |bytes: usize, bits: usize| bytes as f64 * bits as f64 / 19200.0 * 1000.0;
        let baum = baum::write_cells(&line).len();
        let baum_worst = baum::write_cells(&[0x1B; 40]).len();
        let star = handytech::write_packet(handytech::model(0x74).unwrap(), &line).len();
        let active = handytech::write_packet(handytech::model(0x54).unwrap(), &line).len();
        assert_eq!((baum, baum_worst, star, active), (42, 82, 41, 45));
        println!(
            "baum 40 cells: {baum} bytes, {:.1} ms on the wire (all cells ESC: {baum_worst} bytes, {:.1} ms)",
            wire(baum, 10),
            wire(baum_worst, 10)
        );
        println!("handytech Braille Star 40: {star} bytes + 1 ACK, {:.1} ms", wire(star + 1, 11));
        println!("handytech Active Braille: {active} bytes + 6 confirmation, {:.1} ms", wire(active + 6, 11));

        let (master, slave) = TTYPort::pair().unwrap();
        let (tx, rx) = channel();
        let fake = thread::spawn(move || baum_display(master, 40, "SuperVario 40", 0, tx));
        let mut d = SerialDisplay::identify(Box::new(slave), Protocol::Baum, WAIT).unwrap();
        let rounds = 200;
        let start = Instant::now();
        for i in 0..rounds {
            line[39] = i as u8;
            d.write(&line).unwrap();
            assert_eq!(rx.recv_timeout(WAIT).unwrap()[39], i as u8);
        }
        let each = start.elapsed() / rounds;
        // A measurement (docs/benchmarks.md), printed, never asserted.
        println!("baum driver to fake display on a pty: {each:?} per 40-cell update (software only)");
        drop(d);
        drop(rx);
        fake.join().unwrap();
    }

    #[test]
    fn line_settings_follow_the_protocol() {
        use tiflo::braille::serial::configure;
        let (_master, mut slave) = TTYPort::pair().unwrap();
        // A pty accepts the settings but keeps no parity (Linux clears
        // PARENB on ptys), so only the other settings can be read back.
        configure(&mut slave, Protocol::HandyTech).unwrap();
        assert_eq!(slave.data_bits().unwrap(), serialport::DataBits::Eight);
        assert_eq!(slave.stop_bits().unwrap(), serialport::StopBits::One);
        configure(&mut slave, Protocol::Baum).unwrap();
        assert_eq!(slave.parity().unwrap(), serialport::Parity::None);
        assert_eq!("handytech".parse::<Protocol>().unwrap(), Protocol::HandyTech);
        assert!("focus".parse::<Protocol>().is_err());
    }

    #[test]
    fn nobody_answering_is_an_error_not_a_hang() {
        let (_master, slave) = TTYPort::pair().unwrap();
        let start = Instant::now();
        let e = SerialDisplay::identify(Box::new(slave), Protocol::Baum, Duration::from_millis(300)).unwrap_err();
        assert!(e.to_string().contains("answered"), "{e}");
        assert!(start.elapsed() < Duration::from_secs(2));
    }
}

/// The capital a language writes before a letter on 6 dots, as its literary
/// liblouis table writes "Da" against "da" (German: the detailed table, which
/// marks capitals; its plain one does not), and on 8 dots, as BRLTTY's
/// text table for it writes "D" against "d" (dots added; nothing when the
/// table has no capitals, as BRLTTY's Dutch one).
fn capitals_of_the_language(lang: Lang) -> (Vec<u8>, Option<u8>) {
    let louis = match lang {
        Lang::De => "de-g0-detailed.utb",
        l => tiflo::braille::louis::table_for(l),
    };
    let run = |program: &str, args: &[&str], text: &str| -> Vec<u8> {
        use std::io::Write;
        let mut child = Command::new(program)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{program} (liblouis-bin, brltty): {e}"));
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        from_unicode(String::from_utf8(out.stdout).unwrap().trim_end()).expect("Unicode braille")
    };
    let table = format!("unicode.dis,{louis}");
    // A capital followed by a small letter, as a piece letter before a file.
    let upper = run("lou_translate", &["--forward", &table], "Da\n");
    let lower = run("lou_translate", &["--forward", &table], "da\n");
    let prefix = upper.strip_suffix(lower.as_slice()).expect("a capital is a sign before the letter").to_vec();
    let ttb = format!("/etc/brltty/Text/{}.ttb", lang.code());
    let (upper, lower) = (run("brltty-trtxt", &["-i", &ttb, "-o", "unicode"], "D"), run("brltty-trtxt", &["-i", &ttb, "-o", "unicode"], "d"));
    let added = (upper != lower).then(|| upper[0] & !lower[0]);
    (prefix, added)
}

/// Every piece letter that is also a file letter is a capital in moves,
/// written as the language writes a capital letter: after its literary
/// capital sign on 6 dots (liblouis), with the dots its computer braille
/// adds on 8 (BRLTTY's text tables); where those have no capitals (Dutch),
/// the capital sign on 8 dots too. No other piece letter is marked; English
/// (the British code's own letters k q r l s) has none to mark.
#[test]
fn a_piece_letter_that_is_a_file_letter_is_the_languages_capital() {
    use shakmaty::{File, Role};
    use tiflo::braille::table::Mark;
    for lang in Table::languages() {
        let t = Table::get(lang).unwrap();
        let clashing: Vec<Role> = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .into_iter()
            .filter(|&r| File::ALL.iter().any(|&f| t.file(f) == t.piece(r)))
            .collect();
        let Some(capital) = t.capital() else {
            assert!(clashing.is_empty(), "{lang}: {clashing:?} are file letters, unmarked");
            continue;
        };
        let mut marked = capital.pieces.clone();
        marked.sort_by_key(|r| *r as u8);
        let mut clashing = clashing;
        clashing.sort_by_key(|r| *r as u8);
        assert_eq!(marked, clashing, "{lang}: the marked pieces");
        let (prefix, added) = capitals_of_the_language(lang);
        assert_eq!(capital.six, Mark::Prefix(prefix.clone()), "{lang}: the literary capital sign");
        match added {
            Some(dots) => assert_eq!(capital.eight, Mark::Added(dots), "{lang}: the computer-braille capital"),
            None => assert_eq!(capital.eight, Mark::Prefix(prefix), "{lang}: no computer-braille capital"),
        }
    }
    let (prefix, added) = capitals_of_the_language(Lang::Es);
    assert_eq!((prefix, added), (dots("46"), Some(dots("7")[0])), "Spanish capitals, as read");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Over random games, in every position, every legal move as tiflo
    /// writes it on 8 dots and on 6 dots reads back as that move and no
    /// other, in every language, on either display (the capital piece
    /// letters typed in either display's form); so do the moves with
    /// their optional signs left out.
    #[test]
    fn every_legal_move_reads_back_as_itself(seed in any::<u64>()) {
        use std::collections::HashMap;
        use tiflo::braille::chess::move_readings;
        use tiflo::braille::front::{Reading, read_move};
        let mut rng = Rng::new(seed);
        let game = random_game(&mut rng, 80);
        for lang in Lang::ALL {
            let t = Table::get(lang).unwrap();
            let mut pos = Chess::default();
            for (ply, &played) in game.moves.iter().enumerate() {
                let legal = pos.legal_moves();
                for on in [Dots::Eight, Dots::Six] {
                    // Every cells any legal move may be typed as, and the moves
                    // they are readings of.
                    let mut readers: HashMap<Vec<u8>, Vec<shakmaty::Move>> = HashMap::new();
                    for &m in &legal {
                        for r in move_readings(t, on, &pos, m) {
                            readers.entry(r).or_default().push(m);
                        }
                    }
                    for &m in &legal {
                        for form in [Dots::Eight, Dots::Six] {
                            let written = move_cells(t, form, &pos, m);
                            prop_assert_eq!(
                                readers.get(&written.cells).cloned().unwrap_or_default(),
                                vec![m],
                                "{} ply {} {:?} display: {} written for {:?}", lang, ply, on, written.print, form
                            );
                        }
                    }
                    for (cells, moves) in &readers {
                        prop_assert_eq!(moves.len(), 1, "{} ply {}: {:?} reads as {:?}", lang, ply, cells, moves);
                    }
                    let written = move_cells(t, on, &pos, played).cells;
                    prop_assert_eq!(read_move(t, on, &pos, &written), Reading::One(played));
                }
                pos.play_unchecked(played);
            }
        }
    }
}

/// The cells of a liblouis table's `punctuation \xNNNN DOTS` line for the
/// figurine `figurine` (read from the installed file).
fn louis_figurine(table: &str, figurine: char) -> Vec<u8> {
    let path = format!("/usr/share/liblouis/tables/{table}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path} (liblouis-data): {e}"));
    let code = format!("\\x{:04x}", u32::from(figurine));
    let line = text
        .lines()
        .find(|l| l.split_whitespace().nth(1).is_some_and(|c| c.eq_ignore_ascii_case(&code)))
        .unwrap_or_else(|| panic!("{figurine} in {path}"));
    dots(line.split_whitespace().nth(2).unwrap())
}

/// The letter BRLTTY's text subtable `en-chess.tti` gives a figurine
/// (`alias \u2657 B`), read from the installed file.
fn brltty_figurine(figurine: char) -> char {
    let path = "/etc/brltty/Text/en-chess.tti";
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path} (brltty): {e}"));
    let code = format!("\\u{:04X}", u32::from(figurine));
    let line = text
        .lines()
        .find(|l| l.split_whitespace().nth(1).is_some_and(|c| c.eq_ignore_ascii_case(&code)))
        .unwrap_or_else(|| panic!("{figurine} in {path}"));
    line.split_whitespace().nth(2).unwrap().chars().next().unwrap()
}

#[test]
fn the_english_board_with_brlttys_letters_is_brlttys_and_liblouiss_chess_table() {
    use shakmaty::{Piece, Role, Square};
    use tiflo::braille::BoardLetters;
    let t = Table::get(Lang::En).unwrap();
    let eight = BoardStyle::shipped(Dots::Eight).unwrap();
    let figurines = [
        (Role::King, '♔', '♚'),
        (Role::Queen, '♕', '♛'),
        (Role::Rook, '♖', '♜'),
        (Role::Bishop, '♗', '♝'),
        (Role::Knight, '♘', '♞'),
        (Role::Pawn, '♙', '♟'),
    ];
    for (role, white, black) in figurines {
        let cell = |letters, color| eight.with_letters(letters).square(t, Square::A1, Some(Piece { color, role }));
        // With BRLTTY's letters every piece is liblouis en-chess.ctb's
        // figurine, White with dot 7, Black without.
        assert_eq!(vec![cell(BoardLetters::Brltty, Color::White)], louis_figurine("en-chess.ctb", white), "{role:?}");
        assert_eq!(vec![cell(BoardLetters::Brltty, Color::Black)], louis_figurine("en-chess.ctb", black), "{role:?}");
        // BRLTTY's en-chess.tti names the same letters (in capitals for
        // White: the computer-braille capital is dot 7).
        let letter = t.letter(cell(BoardLetters::Brltty, Color::Black)).unwrap();
        assert_eq!(letter, brltty_figurine(black), "{role:?}");
        assert_eq!(letter.to_ascii_uppercase(), brltty_figurine(white), "{role:?}");
        // The chess code's letters (the default) differ only for the
        // bishop (l) and the knight (s).
        let code = t.letter(cell(BoardLetters::Code, Color::Black)).unwrap();
        match role {
            Role::Bishop => assert_eq!(code, 'l'),
            Role::Knight => assert_eq!(code, 's'),
            _ => assert_eq!(code, letter, "{role:?}"),
        }
    }
    assert_eq!(BoardStyle::shipped(Dots::Eight).unwrap().letters, BoardLetters::Code, "the code's letters by default");
    // Both styles keep every square apart, on 6 and on 8 dots.
    for d in [Dots::Six, Dots::Eight] {
        for l in [BoardLetters::Code, BoardLetters::Brltty] {
            BoardStyle::shipped(d).unwrap().with_letters(l).check(t).unwrap();
        }
    }
    // Languages without BRLTTY letters of their own are unchanged.
    let es = Table::get(Lang::Es).unwrap();
    assert!(!es.has_brltty_pieces());
}
