//! Property: any legal game, written by tiflo in any notation and language,
//! reads back to the same moves — in that dialect, and with detection
//! (`auto`), which either gives the same moves or says the text is ambiguous
//! between languages; it never picks a wrong reading.

use proptest::prelude::*;
use shakmaty::Move;
use tiflo::pgn::convert::{Converter, Target};
use tiflo::testkit::corpus::{RandomGame, Rng, random_game, write_pgn_game};
use tiflo::notation::{Dialect, Notation};
use tiflo::pgn::{ReadAs, ReadErrorKind, read_games};
use tiflo::game::scoresheet::read_records;

fn moves_of(text: &str, from: ReadAs) -> Result<Vec<Move>, tiflo::pgn::ReadError> {
    let mut games = read_records(text, from);
    assert_eq!(games.len(), 1, "one game in:\n{text}");
    let g = games.remove(0);
    match g.error {
        Some(e) => Err(e),
        None => Ok(g.record.moves.iter().map(|m| m.mv).collect()),
    }
}

fn check(game: &RandomGame) {
    let mut pgn = String::new();
    write_pgn_game(&mut pgn, 1, game);
    for d in Dialect::all() {
        let mut c = Converter::new(if d.notation == Notation::Uci { Target::UciLines } else { Target::Movetext(d) });
        read_games(&pgn, ReadAs::Dialect(Dialect::PGN), &mut c);
        assert!(c.errors.is_empty(), "{d}: {}", c.errors[0]);
        let text = c.out;
        let read_as = if d.notation == Notation::Uci { ReadAs::Dialect(Dialect::PGN) } else { ReadAs::Dialect(d) };
        match moves_of(&text, read_as) {
            Ok(m) => assert_eq!(m, game.moves, "{d}:\n{text}"),
            Err(e) => panic!("{d}: {e}\n{text}"),
        }
        match moves_of(&text, ReadAs::Auto) {
            Ok(m) => assert_eq!(m, game.moves, "{d} (auto):\n{text}"),
            Err(e) => assert!(matches!(e.kind, ReadErrorKind::AmbiguousNotation(_)), "{d} (auto): {e}\n{text}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn every_dialect_reads_back_what_it_wrote(seed in any::<u64>(), plies in 1usize..220) {
        let game = random_game(&mut Rng::new(seed), plies);
        check(&game);
    }
}

#[test]
fn long_games_with_every_rare_move() {
    let mut rng = Rng::new(1923);
    for _ in 0..50 {
        check(&random_game(&mut rng, 400));
    }
}

/// Tag values with what breaks a PGN file: quotes, backslashes, brackets,
/// newlines and other control characters, and any other character.
fn tag_value() -> impl Strategy<Value = String> {
    let nasty = prop::sample::select(vec!["\"", "\\", "\n", "\r\n", "\t", "]", "[", "\\\"", "\"]\n[Black \"x\"]", " ", "\u{0}", "\u{85}", "\u{2028}", "}", "{", ";", "%"]);
    prop::collection::vec(prop_oneof![nasty.prop_map(str::to_owned), any::<String>()], 0..8).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// PGN export then import gives every tag back with the same value,
    /// less the control characters a PGN string may not hold, and no other
    /// tag.
    #[test]
    fn tag_values_survive_export_and_import(event in tag_value(), white in tag_value(), annotator in tag_value()) {
        let e4 = shakmaty::Move::Normal {
            role: shakmaty::Role::Pawn, from: shakmaty::Square::E2, capture: None, to: shakmaty::Square::E4, promotion: None,
        };
        let record = tiflo::game::scoresheet::GameRecord {
            tags: vec![("Event".into(), event.clone()), ("White".into(), white.clone()), ("Annotator".into(), annotator.clone())],
            moves: vec![tiflo::game::scoresheet::RecordedMove::new(e4)],
            ..Default::default()
        };
        let pgn = record.to_pgn();
        let mut games = read_records(&pgn, ReadAs::Dialect(Dialect::PGN));
        prop_assert_eq!(games.len(), 1, "{}", pgn);
        let g = games.remove(0);
        prop_assert!(g.error.is_none(), "{:?}\n{}", g.error, pgn);
        let clean = |s: &str| s.chars().filter(|c| !c.is_control()).collect::<String>();
        let expected = [
            ("Event", clean(&event)), ("Site", "?".into()), ("Date", "????.??.??".into()), ("Round", "?".into()),
            ("White", clean(&white)), ("Black", "?".into()), ("Result", "*".into()), ("Annotator", clean(&annotator)),
        ];
        let got: Vec<(&str, String)> = g.record.tags.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
        prop_assert_eq!(got, expected.to_vec(), "{}", pgn);
        prop_assert_eq!(g.record.moves.len(), 1);
    }
}
