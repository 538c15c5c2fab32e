//! Heard words to moves: every phrase tiflo says is understood as its move,
//! cheap confusions never silently become another legal move, fillers are
//! dropped, garbage is rejected, and what people really say is understood.

use std::time::Instant;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use tiflo::speaking::announce::{Announcer, Files, Style};
use tiflo::testkit::corpus::{Rng, random_game};
use tiflo::hearing::understand::{Decision, Understander, words};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn mv(p: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
}

fn heard(text: &str) -> Vec<Vec<String>> {
    vec![words(text)]
}

fn alternatives(texts: &[&str]) -> Vec<Vec<String>> {
    texts.iter().map(|t| words(t)).collect()
}

/// 200 positions from random games, each after a random number of plies.
fn positions() -> Vec<Chess> {
    let mut rng = Rng::new(2024);
    (0..200)
        .map(|_| {
            let plies = 20 + rng.below(100);
            let game = random_game(&mut rng, plies);
            let plies = rng.below(game.moves.len() + 1);
            let mut p = Chess::default();
            for m in &game.moves[..plies] {
                p.play_unchecked(*m);
            }
            p
        })
        .collect()
}

#[test]
fn every_phrase_tiflo_says_is_understood_as_its_move() {
    let positions = positions();
    let mut failures = Vec::new();
    for code in ["en", "es", "pt", "fide", "fr", "de", "it", "nl"] {
        let u = Understander::new(code).unwrap();
        let (mut accepted, mut asked, mut total) = (0usize, 0usize, 0usize);
        let mut examples = Vec::new();
        let started = Instant::now();
        for style in [Style::Short, Style::Long] {
            for files in [Files::Letters, Files::Fide, Files::Nato, Files::Phonetic] {
                let a = Announcer::new(code, style, files).unwrap();
                for p in &positions {
                    for m in p.legal_moves() {
                        let mut after = p.clone();
                        after.play_unchecked(m);
                        let phrase = a.phrase(p, m, &after);
                        total += 1;
                        match u.understand(p, &heard(&phrase)) {
                            Decision::Accept(x) if x == m => accepted += 1,
                            Decision::Ask(list) if list.contains(&m) => {
                                // Only a true tie may be asked: no move reads
                                // better than the one said.
                                let c = u.candidates(p, &heard(&phrase));
                                let mine = c.iter().find(|(x, _)| *x == m).unwrap().1;
                                if mine > c[0].1 {
                                    failures.push(format!("{code} {style} {files}: {phrase:?} asked with a better move first"));
                                }
                                asked += 1;
                                if examples.len() < 3 {
                                    examples.push(phrase.clone());
                                }
                            }
                            other => failures.push(format!(
                                "{code} {style} {files}: {phrase:?} in {} gave {other:?}",
                                Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                            )),
                        }
                    }
                }
            }
        }
        let elapsed = started.elapsed();
        println!(
            "{code}: {total} phrases, {accepted} accepted, {asked} asked (e.g. {examples:?}), {:.1} µs per phrase (announce + understand)",
            elapsed.as_secs_f64() * 1e6 / total as f64
        );
    }
    failures.truncate(30);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_cheap_confusion_never_silently_becomes_another_legal_move() {
    let u = Understander::new("en").unwrap();
    // Knight c1 reaches both b3 and d3.
    let both = pos("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1");
    let (nb3, nd3) = (mv(&both, "c1b3"), mv(&both, "c1d3"));
    // The recogniser is unsure between "bee" and "d": ask, with both.
    match u.understand(&both, &alternatives(&["knight bee three", "knight d three"])) {
        Decision::Ask(list) => assert_eq!(list[..2], [nb3, nd3]),
        other => panic!("{other:?}"),
    }
    match u.understand(&both, &alternatives(&["knight d three", "knight bee three"])) {
        Decision::Ask(list) => assert_eq!(list[..2], [nd3, nb3]),
        other => panic!("{other:?}"),
    }
    // Heard plainly, each is offered first, the other with it: a listed
    // confusion between two legal moves is always asked.
    for (text, first, second) in [("knight bee three", nb3, nd3), ("knight d three", nd3, nb3)] {
        match u.understand(&both, &heard(text)) {
            Decision::Ask(list) => assert_eq!(list[..2], [first, second], "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // Only d3 legal (knight f4): the confused letter still finds it.
    let one = pos("4k3/8/8/8/5N2/8/8/4K3 w - - 0 1");
    assert_eq!(u.understand(&one, &heard("knight bee three")), Decision::Accept(mv(&one, "f4d3")));
    assert_eq!(u.understand(&one, &heard("night tee three")), Decision::Accept(mv(&one, "f4d3")));
    // King and knight to e2, with the recogniser unsure: ask.
    let kn = pos("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    match u.understand(&kn, &alternatives(&["king e two", "knight e two"])) {
        Decision::Ask(list) => assert_eq!(list[..2], [mv(&kn, "e1e2"), mv(&kn, "g1e2")]),
        other => panic!("{other:?}"),
    }
    // Number words that sound alike are not cheap: "tree" is one wrong
    // word, so the move is asked, never accepted.
    let start = Chess::default();
    match u.understand(&start, &heard("knight f tree")) {
        Decision::Ask(list) => assert_eq!(list[0], mv(&start, "g1f3")),
        other => panic!("{other:?}"),
    }
    // Spanish "ve" for "be": b3 when only b3 is legal.
    let es = Understander::new("es").unwrap();
    let b3 = pos("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert_eq!(es.understand(&b3, &heard("caballo ve tres")), Decision::Accept(mv(&b3, "a1b3")));
    assert_eq!(es.understand(&b3, &heard("caballo be tres")), Decision::Accept(mv(&b3, "a1b3")));
}

#[test]
fn fillers_are_dropped() {
    let start = Chess::default();
    let nf3 = mv(&start, "g1f3");
    let en = Understander::new("en").unwrap();
    assert_eq!(en.understand(&start, &heard("uh the knight to f three")), Decision::Accept(nf3));
    assert_eq!(en.understand(&start, &heard("um knight f three check")), Decision::Accept(nf3));
    let es = Understander::new("es").unwrap();
    assert_eq!(es.understand(&start, &heard("eh el caballo a efe tres")), Decision::Accept(nf3));
    let pt = Understander::new("pt").unwrap();
    assert_eq!(pt.understand(&start, &heard("o cavalo em f três")), Decision::Accept(nf3));
    // The best alternative is garbage; the second is understood.
    assert_eq!(en.understand(&start, &alternatives(&["hello world", "knight f three"])), Decision::Accept(nf3));
}

#[test]
fn garbage_is_rejected() {
    let start = Chess::default();
    for code in ["en", "es", "pt", "fide"] {
        let u = Understander::new(code).unwrap();
        for text in ["hello world", "", "the the the", "uh um", "one two three four five six"] {
            assert_eq!(u.understand(&start, &heard(text)), Decision::Reject, "{code}: {text:?}");
        }
        assert_eq!(u.understand(&start, &[]), Decision::Reject);
    }
}

#[test]
fn what_people_say() {
    let start = Chess::default();
    let e5 = pos("rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2");
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let promote = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let cases: &[(&str, &Chess, &str, &str)] = &[
        ("en", &start, "e2 e4", "e2e4"),
        ("en", &start, "echo four", "e2e4"),
        ("en", &start, "knight foxtrot three", "g1f3"),
        ("en", &start, "knight fox three", "g1f3"),
        ("en", &start, "knight Felix three", "g1f3"),
        ("en", &e5, "knight takes on e five", "f3e5"),
        ("en", &e5, "knight takes pawn on e five", "f3e5"),
        ("en", &e5, "knight x e5", "f3e5"),
        ("en", &castle, "castle kingside", "e1g1"),
        ("en", &castle, "castles short", "e1g1"),
        ("en", &castle, "o o", "e1g1"),
        ("en", &castle, "O-O-O", "e1c1"),
        ("en", &castle, "castles queenside", "e1c1"),
        ("en", &promote, "e eight queen", "e7e8q"),
        ("en", &promote, "e eight promotes to knight", "e7e8n"),
        ("en", &ep, "e takes d six en passant", "e5d6"),
        ("es", &start, "peón e cuatro", "e2e4"),
        ("es", &start, "peon e 4", "e2e4"),
        ("es", &e5, "caballo toma en e cinco", "f3e5"),
        ("es", &e5, "caballo come peón en e cinco", "f3e5"),
        ("es", &castle, "enroque corto", "e1g1"),
        ("es", &castle, "enroque largo", "e1c1"),
        ("es", &promote, "e ocho corona dama", "e7e8q"),
        ("es", &promote, "peón e8 corona reina", "e7e8q"),
        ("es", &promote, "e ocho corona caballo", "e7e8n"),
        ("pt", &start, "cavalo f três", "g1f3"),
        ("pt", &start, "cavalo f tres", "g1f3"),
        ("pt", &castle, "roque pequeno", "e1g1"),
        ("pt", &castle, "roque grande", "e1c1"),
        ("pt", &e5, "cavalo toma e5", "f3e5"),
        ("fide", &start, "Springer Felix drei", "g1f3"),
        ("fide", &start, "Bauer Eva zwei Eva vier", "e2e4"),
        ("fide", &castle, "Kurze Rochade", "e1g1"),
        ("fide", &castle, "Lange Rochade", "e1c1"),
        ("fide", &promote, "Eva acht Dame", "e7e8q"),
    ];
    let mut wrong = Vec::new();
    for (code, p, text, uci) in cases {
        let u = Understander::new(code).unwrap();
        let got = u.understand(p, &heard(text));
        if got != Decision::Accept(mv(p, uci)) {
            wrong.push(format!("{code} {text:?}: {got:?}, expected {uci}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Letters of the e-set with a confusable legal move: asked, the move
    // said first.
    let en = Understander::new("en").unwrap();
    for (p, text, uci) in [(&start, "e four", "e2e4"), (&start, "pawn to e four", "e2e4"), (&castle, "king g one", "e1g1")] {
        match en.understand(p, &heard(text)) {
            Decision::Ask(list) => assert_eq!(list[0], mv(p, uci), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn promotions_without_the_piece_are_asked_queen_first() {
    let u = Understander::new("en").unwrap();
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    match u.understand(&p, &heard("e eight")) {
        Decision::Ask(list) => {
            assert_eq!(list.len(), 4);
            assert_eq!(list[0], mv(&p, "e7e8q"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_capture_said_of_a_quiet_move_is_asked() {
    let u = Understander::new("en").unwrap();
    let start = Chess::default();
    assert_eq!(u.understand(&start, &heard("knight takes f three")), Decision::Ask(vec![mv(&start, "g1f3")]));
}

#[test]
fn vocabulary_has_the_words_of_the_legal_moves() {
    let start = Chess::default();
    let en = Understander::new("en").unwrap().vocabulary(&start);
    for w in ["knight", "night", "pawn", "e", "four", "three", "foxtrot", "felix", "fox", "the", "check"] {
        assert!(en.contains(&w.to_owned()), "en lacks {w}: {en:?}");
    }
    assert!(!en.iter().any(|w| w.chars().all(|c| c.is_ascii_digit())));
    assert!(!en.contains(&"castles".to_owned()), "no castling in the start position");
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(Understander::new("en").unwrap().vocabulary(&castle).contains(&"castles".to_owned()));
    let fide = Understander::new("fide").unwrap().vocabulary(&start);
    for w in ["springer", "felix", "drei", "bauer"] {
        assert!(fide.contains(&w.to_owned()), "fide lacks {w}: {fide:?}");
    }
    let es = Understander::new("es").unwrap().vocabulary(&start);
    assert!(es.contains(&"peón".to_owned()) && es.contains(&"caballo".to_owned()));
    println!("vocabulary of the start position: en {} words, es {}, fide {}", en.len(), es.len(), fide.len());
}

#[test]
fn speed_of_a_middlegame_position() {
    let p = pos("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 9");
    let n = p.legal_moves().len();
    let started = Instant::now();
    let u = Understander::new("en").unwrap();
    let built = started.elapsed();
    let hyps = alternatives(&["knight takes pawn on d five check", "knight takes on d five", "night d five"]);
    let runs = 2000;
    let started = Instant::now();
    let mut last = Decision::Reject;
    for _ in 0..runs {
        last = u.understand(&p, &hyps);
    }
    let per = started.elapsed().as_secs_f64() * 1e6 / runs as f64;
    let started = Instant::now();
    let vocabulary = u.vocabulary(&p);
    let voc = started.elapsed();
    println!(
        "{n} legal moves: Understander::new {built:?}; understand with 3 alternatives of up to 8 words {per:.1} µs; vocabulary ({} words) {voc:?}; decision {last:?}",
        vocabulary.len()
    );
    assert!(matches!(last, Decision::Accept(_) | Decision::Ask(_)));
}
