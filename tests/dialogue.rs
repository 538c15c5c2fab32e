//! The dialogue at the board, in the pack languages: a question asked
//! stands until it is answered or replaced, long candidate lists are
//! counted and read on request, transfers are marked by number, a
//! promotion names the queen first, and a resumed game says where it
//! stands.

use proptest::prelude::*;
use shakmaty::Move;
use tiflo::game::event::{Awaiting, Event, Output};

#[path = "common/play.rs"]
mod play;

use play::{Game, joined, s, setup};

fn confirming(lang: &str) -> Game {
    let mut st = setup(lang);
    st.confirm_always = true;
    Game::new(st)
}

/// The last sentence said by a reply.
fn last(said: &[String]) -> &str {
    said.last().map(String::as_str).unwrap_or_default()
}

#[test]
fn a_yes_no_question_survives_queries_and_typos_in_spanish() {
    let mut g = confirming("es");
    let asked = g.line(1, "Cf3");
    let question = last(&asked).to_owned();
    assert!(question.contains("¿caballo f3?"), "{asked:?}");
    for line in ["reloj", "casilla e4", "tablero", "ayuda", "xyzzy", "casilla z9", "e9", "3", "jugadas"] {
        let said = g.line(1, line);
        assert_eq!(last(&said), question, "{line}: {said:?}");
        // An answer that does not fit is answered by the question alone.
        assert!(said.len() >= 2 || line == "3", "{line} is answered before the question: {said:?}");
        assert_eq!(g.session.awaiting(), Some(Awaiting::YesNo), "{line}");
    }
    // `repite` says the last sentence again: the question.
    assert_eq!(g.line(1, "repite"), ["<Repeat>"]);
    assert_eq!(g.session.awaiting(), Some(Awaiting::YesNo));
    let said = g.line(1, "sí");
    assert_eq!(g.ucis(), ["g1f3"], "{said:?}");
    assert_eq!(g.session.awaiting(), None);
}

#[test]
fn a_yes_no_question_survives_queries_and_typos_in_english() {
    let mut g = confirming("en");
    let asked = g.line(1, "Nf3");
    let question = last(&asked).to_owned();
    assert!(question.contains("knight f3?"), "{asked:?}");
    for line in ["clock", "square e4", "last", "qwzx", "square z9", "2"] {
        let said = g.line(1, line);
        assert_eq!(last(&said), question, "{line}: {said:?}");
        assert_eq!(g.session.awaiting(), Some(Awaiting::YesNo), "{line}");
    }
    g.line(1, "yes");
    assert_eq!(g.ucis(), ["g1f3"]);
}

#[test]
fn only_a_new_move_or_no_replaces_the_question() {
    let mut g = confirming("es");
    g.line(1, "Cf3");
    // A new move: asked about instead.
    let said = g.line(1, "e4");
    assert!(last(&said).contains("¿e4?"), "{said:?}");
    let said = g.line(1, "no");
    assert!(joined(&said).contains("No anotada"), "{said:?}");
    let said = g.line(1, "sí");
    assert!(joined(&said).contains("No hay ninguna pregunta"), "{said:?}");
    assert!(g.ucis().is_empty());
}

#[test]
fn a_numbered_choice_survives_queries_and_answers_that_do_not_fit() {
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 d5 d4 e6 Nc3 a6 Nb1 a5");
    let asked = g.line(1, "Nd2");
    let question = last(&asked).to_owned();
    assert!(question.contains("1: knight b d2"), "{asked:?}");
    for line in ["clock", "board", "yes", "7", "legal e2", "zzz"] {
        let said = g.line(1, line);
        assert_eq!(last(&said), question, "{line}: {said:?}");
        assert!(matches!(g.session.awaiting(), Some(Awaiting::Choice(c)) if c.len() == 2), "{line}");
    }
    g.line(1, "2");
    assert_eq!(g.ucis().last().unwrap(), "f3d2");
}

/// Lines that neither answer nor change the game: queries in Spanish and
/// English, command typos and text that reads as no move.
fn neutral_line() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "reloj", "tiempo", "usado", "reloj usado", "repite", "ayuda", "jugadas", "tablero", "última", "traslados", "tocada", "casilla e4", "casilla h8",
            "fila 4", "columna e", "legales e2", "legales caballo", "piezas blancas", "últimas 3", "casilla", "fila 9", "legales",
            "clock", "used", "clock used", "repeat", "help", "board", "square e4", "last 2", "pieces black knight",
        ])
        .prop_map(str::to_owned),
        // Typos: letters that make no move and no command.
        "[jkwz]{1,8}",
        // Moves that are not legal now.
        prop::sample::select(vec!["e5", "Ce4", "Rb7", "O-O", "a8=D", "h6", "Dxd8"]).prop_map(str::to_owned),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// No line that is not an answer or a move drops a pending question:
    /// the question is asked again after each, and the answer still counts.
    #[test]
    fn no_line_that_is_no_answer_and_no_move_drops_a_question(lines in prop::collection::vec(neutral_line(), 1..8), choose in any::<bool>()) {
        let mut g = if choose { Game::new(setup("es")) } else { confirming("es") };
        if choose {
            g.moves("Cf3 d5 d4 e6 Cc3 a6 Cb1 a5");
        }
        let asked = g.line(1, if choose { "Cd2" } else { "Cf3" });
        let question = last(&asked).to_owned();
        let awaiting = g.session.awaiting();
        prop_assert!(awaiting.is_some(), "{:?}", asked);
        let before = g.ucis().len();
        for line in &lines {
            let said = g.line(1, line);
            prop_assert_eq!(g.session.awaiting(), awaiting.clone(), "{} dropped the question: {:?}", line, said);
            prop_assert!(last(&said) == question || said == ["<Repeat>"], "{}: {:?}", line, said);
        }
        prop_assert_eq!(g.ucis().len(), before);
        g.line(1, if choose { "2" } else { "sí" });
        prop_assert_eq!(g.ucis().len(), before + 1);
    }
}

/// Five legal moves at the start, heard as what the player may have said.
fn five_moves(g: &Game) -> Vec<Move> {
    use shakmaty::Position;
    g.session.position().legal_moves().into_iter().take(5).collect()
}

#[test]
fn more_than_four_candidates_are_counted_and_listed_on_request_in_spanish() {
    let mut g = Game::new(setup("es"));
    let moves = five_moves(&g);
    let said = g.event(1, Event::Heard { heard: "algo".into(), moves: moves.clone(), sure: false });
    assert!(joined(&said).contains("5 jugadas; escribe lista para oírlas"), "{said:?}");
    assert!(!joined(&said).contains("1:"), "no list read out: {said:?}");
    let question = last(&said).to_owned();
    let listed = g.line(1, "lista");
    assert!(listed[0].starts_with("Las jugadas: 1: ") && listed[0].contains("5: "), "{listed:?}");
    assert_eq!(last(&listed), question);
    g.line(1, "5");
    assert_eq!(g.session.record().moves[0].mv, moves[4]);
}

#[test]
fn more_than_four_candidates_are_counted_and_listed_on_request_in_english() {
    let mut g = Game::new(setup("en"));
    let moves = five_moves(&g);
    let said = g.event(1, Event::Heard { heard: "something".into(), moves: moves.clone(), sure: false });
    assert!(joined(&said).contains("5 moves; type list to hear them"), "{said:?}");
    let listed = g.line(1, "list");
    assert!(listed[0].starts_with("The moves: 1: ") && listed[0].contains("5: "), "{listed:?}");
    g.line(1, "1");
    assert_eq!(g.session.record().moves[0].mv, moves[0]);
    // Four or fewer are read out.
    let mut g = Game::new(setup("en"));
    let four = five_moves(&g)[..4].to_vec();
    let said = g.event(1, Event::Heard { heard: "something".into(), moves: four, sure: false });
    assert!(joined(&said).contains("4: "), "{said:?}");
    assert!(joined(&g.line(1, "list")).contains("There is no list"));
}

fn with_two_transfers(lang: &str) -> Game {
    let mut st = setup(lang);
    st.transfers = tiflo::game::transfer::Mode::Both;
    st.side = tiflo::game::entry::Side::Black;
    let mut g = Game::new(st);
    // e4 waits for the player's board, e5 for the tournament board.
    g.moves("e4 e5");
    assert_eq!(g.session.pending_transfers().len(), 2);
    g
}

#[test]
fn done_with_a_number_marks_that_transfer_in_spanish() {
    let mut g = with_two_transfers("es");
    let said = joined(&g.line(1, "traslados"));
    assert!(said.contains("número 1, 1. Blancas: e4") && said.contains("número 2, 1. Negras: e5"), "{said}");
    assert_eq!(
        joined(&g.line(1, "hecho 3")),
        "No hay ningún traslado pendiente con el número 3. | Traslados pendientes: número 1, 1. Blancas: e4: falta ponerla en tu tablero, número 2, 1. Negras: e5: falta hacerla en el tablero de torneo.",
    );
    // The number names the transfer marked: the second, not the player's board.
    assert_eq!(joined(&g.line(1, "hecho 2")), "En el tablero de torneo: 1. Negras: e5.");
    assert_eq!(joined(&g.line(1, "hecho")), "En tu tablero: 1. Blancas: e4.");
    assert!(g.session.pending_transfers().is_empty());
}

#[test]
fn done_with_a_number_marks_that_transfer_in_english() {
    let mut g = with_two_transfers("en");
    assert_eq!(joined(&g.line(1, "done 2")), "On the tournament board: 1. Black: e5.");
    // Without a number: the one left, named.
    assert_eq!(joined(&g.line(1, "done")), "On your board: 1. White: e4.");
    assert_eq!(joined(&g.line(1, "done 1")), "There is no pending transfer number 1. | No transfers pending.");
}

#[test]
fn a_promotion_prompt_names_the_queen_first() {
    for (lang, queen, rook) in [("en", "queen", "rook"), ("es", "dama", "torre")] {
        let mut st = setup(lang);
        st.fen = Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1".parse().expect("a position"));
        let mut g = Game::new(st);
        let said = joined(&g.line(1, "e8"));
        let (q, r) = (said.find(queen), said.find(rook));
        assert!(q.is_some() && r.is_some() && q < r, "{lang}: {said}");
        assert!(g.ucis().is_empty());
    }
}

fn resumed_said(g: &Game) -> String {
    let mut back = g.resumed();
    let out = back.resumed(g.now + s(5));
    let said: Vec<String> = out.into_iter().filter_map(|o| if let Output::Say { text, .. } = o { Some(text) } else { None }).collect();
    joined(&said)
}

#[test]
fn a_resumed_game_says_the_last_move_of_each_side_and_a_standing_offer() {
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5 Cf3");
    g.line(1, "tablas");
    let said = resumed_said(&g);
    assert!(said.contains("Últimas jugadas: 1. Negras: e5, 2. Blancas: caballo f3."), "{said}");
    assert!(said.contains("Las blancas ofrecieron tablas, aún sin respuesta."), "{said}");
    assert!(!said.contains('/') && !said.contains("http"), "no path, no address: {said}");

    let mut g = Game::new(setup("en"));
    g.moves("d4");
    let said = resumed_said(&g);
    assert!(said.contains("Last moves: 1. White: d4."), "{said}");
    assert!(!said.contains("draw"), "{said}");
}

#[test]
fn an_error_with_many_candidates_counts_them_and_lists_them_on_request() {
    for (lang, many, list, listed) in [
        ("en", "Legal moves like it: 16 moves; type list to hear them.", "list", "The moves: 1: "),
        ("es", "Jugadas legales parecidas: 16 jugadas; escribe lista para oírlas.", "lista", "Las jugadas: 1: "),
    ] {
        let mut g = Game::new(setup(lang));
        let said = joined(&g.line(1, "e5"));
        assert!(said.ends_with(many), "{lang}: {said}");
        let said = joined(&g.line(1, list));
        assert!(said.starts_with(listed) && said.contains("16: "), "{lang}: {said}");
        assert!(g.ucis().is_empty());
        // Once a move is played, that list is gone.
        g.moves("e4");
        let said = joined(&g.line(1, list));
        assert!(!said.contains("16: "), "{lang}: {said}");
    }
}
