//! The dialogue at the board, in the pack languages: a question asked
//! stands until it is answered or replaced, long candidate lists are
//! counted and read on request, transfers are marked by number, a
//! promotion names the queen first, and a resumed game says where it
//! stands.

use proptest::prelude::*;
use shakmaty::Move;
use tiflo::game::command::Command;
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

fn said(command: Command) -> Event {
    let line = match &command {
        Command::Yes => "yes".to_owned(),
        Command::No => "no".to_owned(),
        Command::Choice(n) => n.to_string(),
        _ => String::new(),
    };
    Event::Said { line, command }
}

#[test]
fn yes_to_a_numbered_question_asks_for_the_number_and_keeps_the_question() {
    for (lang, yes, number) in [("en", "yes", "Which one? Answer with its number."), ("es", "sí", "¿Cuál de ellas? Responde con su número."), ("pt-BR", "sim", "Qual deles? Responda com o número.")] {
        let mut g = Game::new(setup(lang));
        let asked = g.event(1, Event::Heard { heard: "something".into(), moves: five_moves(&g)[..2].to_vec(), sure: false });
        let question = last(&asked).to_owned();
        let awaiting = g.session.awaiting();
        assert!(matches!(&awaiting, Some(Awaiting::Choice(c)) if c.len() == 2), "{lang}: {asked:?}");
        // Typed, then spoken: the number is asked for, and the question stands.
        for event in [Event::Line(yes.into()), said(Command::Yes)] {
            let reply = g.event(1, event.clone());
            assert_eq!(reply, [number.to_owned(), question.clone()], "{lang}: {event:?}");
            assert_eq!(g.session.awaiting(), awaiting, "{lang}: {event:?}");
        }
        // The number that follows is the answer: the move it picks is read
        // back for a yes.
        let picked = g.event(1, said(Command::Choice(2)));
        assert!(g.session.record().moves.is_empty(), "{lang}: {picked:?}");
        assert_eq!(g.session.awaiting(), Some(Awaiting::YesNo), "{lang}: {picked:?}");
        g.event(1, said(Command::Yes));
        assert_eq!(g.session.record().moves.len(), 1, "{lang}");
        assert_eq!(g.session.record().moves[0].mv, five_moves(&Game::new(setup(lang)))[1], "{lang}");
        assert_eq!(g.session.awaiting(), None, "{lang}");
    }
}

const LATE: &str = "That answer came too long after the question and does not count.";

/// Each question tiflo asks, made at the game's time now: its name, the
/// game asking it, and the spoken answer that takes it.
fn every_question() -> Vec<(&'static str, Game, Command)> {
    use shakmaty::Position;
    let mut out = Vec::new();
    let mut g = confirming("en");
    g.line(1, "Nf3");
    out.push(("a move read back", g, Command::Yes));
    let mut g = Game::new(setup("en"));
    let moves = five_moves(&g)[..3].to_vec();
    g.event(1, Event::Heard { heard: "something".into(), moves, sure: false });
    out.push(("a numbered choice", g, Command::Choice(1)));
    let mut st = setup("en");
    st.fen = Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1".parse().expect("a position"));
    let mut g = Game::new(st);
    // "e eight" heard: the four promotions, the queen first.
    let promotions: Vec<_> = g.session.position().legal_moves().into_iter().filter(|m| m.is_promotion()).collect();
    assert_eq!(promotions.len(), 4);
    g.event(1, Event::Heard { heard: "e eight".into(), moves: promotions, sure: false });
    out.push(("a promotion", g, Command::Choice(1)));
    let mut g = Game::new(setup("en"));
    g.moves("e4");
    let before = shakmaty::Chess::default();
    let d4 = before.legal_moves().into_iter().find(|m| m.to() == shakmaty::Square::D4).expect("d4");
    g.event(1, Event::HeardCorrection { heard: "correct d four".into(), moves: vec![d4] });
    out.push(("a correction", g, Command::Yes));
    for (name, line, command) in [
        ("a draw offer heard", "draw", Command::Draw(None)),
        ("a claim heard", "claim", Command::Claim(None)),
    ] {
        let mut g = Game::new(setup("en"));
        g.moves("e4");
        g.event(1, Event::Said { line: line.into(), command });
        out.push((name, g, Command::Yes));
    }
    // An opponent's offer, accepted by voice.
    let mut g = Game::new(setup("en"));
    g.moves("e4");
    g.line(1, "draw black");
    g.event(1, Event::Said { line: "accept".into(), command: Command::Accept });
    out.push(("accepting a draw heard", g, Command::Yes));
    for (name, line) in [("a resignation", "resign"), ("a take-back", "takeback"), ("a result", "result 1-0")] {
        let mut g = Game::new(setup("en"));
        g.moves("e4");
        g.line(1, line);
        out.push((name, g, Command::Yes));
    }
    let mut st = setup("en");
    st.mirror = true;
    let mut g = Game::new(st);
    g.moves("e4");
    g.line(1, "flag");
    out.push(("a flag", g, Command::Yes));
    out
}

#[test]
fn a_spoken_answer_long_after_its_question_is_no_answer_and_a_typed_one_always_is() {
    for (name, mut g, answer) in every_question() {
        let asked = g.said.last().cloned().unwrap_or_default();
        let awaiting = g.session.awaiting();
        assert!(awaiting.is_some(), "{name}: nothing asked: {:?}", g.said);
        let entries = g.journal.len();
        // Twenty-one seconds later: said to be late, the question again,
        // nothing recorded.
        let reply = g.event(21, said(answer.clone()));
        assert_eq!(reply, [LATE.to_owned(), asked.clone()], "{name}");
        assert_eq!((g.journal.len(), g.session.awaiting()), (entries, awaiting.clone()), "{name}");
        // The question was said again: an answer soon after it counts (a
        // number said picks a move, read back for a yes).
        let mut reply = g.event(19, said(answer.clone()));
        if matches!(answer, Command::Choice(_)) {
            assert_eq!(g.session.awaiting(), Some(Awaiting::YesNo), "{name}: {reply:?}");
            reply = g.event(20, said(Command::Yes));
        }
        assert!(g.journal.len() > entries, "{name}: {reply:?}");
        assert_eq!(g.session.awaiting(), None, "{name}");
    }
    // Typed, the answer counts however late.
    let mut g = confirming("en");
    g.line(1, "Nf3");
    g.line(600, "yes");
    assert_eq!(g.ucis(), ["g1f3"]);
}

#[test]
fn a_late_spoken_no_or_number_changes_nothing_either() {
    let mut g = confirming("es");
    let question = last(&g.line(1, "Cf3")).to_owned();
    let reply = g.event(30, said(Command::No));
    assert_eq!(reply, ["Esa respuesta llegó demasiado tiempo después de la pregunta y no cuenta.".to_owned(), question], "{reply:?}");
    assert_eq!(g.session.awaiting(), Some(Awaiting::YesNo));
    g.event(1, said(Command::No));
    assert_eq!(g.session.awaiting(), None);
    assert!(g.ucis().is_empty());
}

#[test]
fn the_answer_window_counts_from_when_the_question_was_last_said() {
    let mut g = confirming("en");
    let question = last(&g.line(1, "Nf3")).to_owned();
    // A query 15 s on: answered, and the question said again.
    assert_eq!(last(&g.line(15, "clock")), question);
    // 15 s after that, 30 s after the question was first asked: in time.
    g.event(15, said(Command::Yes));
    assert_eq!(g.ucis(), ["g1f3"]);
    // `repeat` says the question again too.
    let mut g = confirming("en");
    g.line(1, "Nf3");
    assert_eq!(g.line(15, "repeat"), ["<Repeat>"]);
    g.event(15, said(Command::Yes));
    assert_eq!(g.ucis(), ["g1f3"]);
    // Exactly at the window's end still counts; a moment later does not.
    let mut g = confirming("en");
    g.line(1, "Nf3");
    g.now += std::time::Duration::from_millis(20_001);
    let out = g.session.handle(g.now, said(Command::Yes));
    assert_eq!(g.take(out)[0], LATE);
    g.now += std::time::Duration::from_secs(20);
    let out = g.session.handle(g.now, said(Command::Yes));
    g.take(out);
    assert_eq!(g.ucis(), ["g1f3"]);
}

#[test]
fn the_answer_window_is_set_by_the_caller_or_lifted() {
    let mut g = confirming("en");
    g.session.set_answer_window(Some(std::time::Duration::from_secs(5)));
    g.line(1, "Nf3");
    assert_eq!(g.event(6, said(Command::Yes))[0], LATE);
    g.event(5, said(Command::Yes));
    assert_eq!(g.ucis(), ["g1f3"]);
    let mut g = confirming("en");
    g.session.set_answer_window(None);
    g.line(1, "Nf3");
    g.event(3600, said(Command::Yes));
    assert_eq!(g.ucis(), ["g1f3"]);
}

/// What the ear makes of `words` said now, in the game as it stands, as
/// the daemon hands it to the session (an answer marked as spoken).
fn heard(g: &Game, hearing: &tiflo::hearing::grammar::Hearing, words: &str) -> Event {
    let said: Vec<String> = words.split_whitespace().map(str::to_owned).collect();
    match hearing.interpret(&g.session.moment(g.now), &[said], None) {
        Some(Event::Command(command)) => Event::Said { line: words.to_owned(), command },
        Some(e) => e,
        None => panic!("{words}: heard as nothing"),
    }
}

#[test]
fn a_spoken_yes_then_the_number_answers_a_numbered_question() {
    let hearing = tiflo::hearing::grammar::Hearing::new("en".parse().expect("a language")).expect("English words");
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 d5 d4 e6 Nc3 a6 Nb1 a5");
    // "knight d two": either knight, asked by number.
    let event = heard(&g, &hearing, "knight d two");
    let asked = g.event(1, event);
    let Some(Awaiting::Choice(choices)) = g.session.awaiting() else { panic!("not asked by number: {asked:?}") };
    let n = 1 + choices.iter().position(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string() == "f3d2").expect("f3d2 offered");
    let event = heard(&g, &hearing, "yes");
    assert_eq!(g.event(2, event)[0], "Which one? Answer with its number.");
    let number = ["one", "two", "three", "four"][n - 1];
    let event = heard(&g, &hearing, number);
    assert_eq!(event, Event::Said { line: number.into(), command: Command::Choice(n) });
    // The number said picks the move, read back for a yes before it is
    // recorded (a number misheard in noise would pick another).
    assert_eq!(g.event(2, event), ["White: knight f d2? Yes or no."]);
    assert_eq!(g.ucis().last().map(String::as_str), Some("a6a5"));
    let event = heard(&g, &hearing, "yes");
    g.event(3, event);
    assert_eq!(g.ucis().last().map(String::as_str), Some("f3d2"));
}

#[test]
fn a_number_typed_is_taken_at_once_a_number_said_is_read_back() {
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 d5 d4 e6 Nc3 a6 Nb1 a5");
    let asked = g.event(1, Event::Heard { heard: "knight d two".into(), moves: vec![legal(&g, "f3d2"), legal(&g, "b1d2")], sure: false });
    assert!(asked.last().is_some_and(|s| s.ends_with("Say the number, or no.")), "{asked:?}");
    // Said: the second candidate read back; "no" drops it, nothing recorded.
    assert_eq!(g.event(2, Event::Said { line: "two".into(), command: Command::Choice(2) }), ["White: knight b d2? Yes or no."]);
    g.event(3, Event::Said { line: "no".into(), command: Command::No });
    assert_eq!(g.ucis().len(), 8);
    // Typed: recorded at once.
    g.event(4, Event::Heard { heard: "knight d two".into(), moves: vec![legal(&g, "f3d2"), legal(&g, "b1d2")], sure: false });
    g.event(5, Event::Command(Command::Choice(2)));
    assert_eq!(g.ucis().last().map(String::as_str), Some("b1d2"));
}

/// A game under `confirm = "echo"`.
fn echoing(lang: &str) -> Game {
    let mut g = Game::new(setup(lang));
    g.session.set_echo(true);
    g
}

/// The legal move `uci` of the game now.
fn legal(g: &Game, uci: &str) -> Move {
    shakmaty::uci::UciMove::from_ascii(uci.as_bytes()).expect("UCI").to_move(g.session.position()).expect("legal")
}

/// `words` heard as the move `uci` alone, for sure or not.
fn heard_as(g: &Game, words: &str, uci: &str, sure: bool) -> Event {
    Event::Heard { heard: words.into(), moves: vec![legal(g, uci)], sure }
}

fn moves_journaled(g: &Game) -> Vec<String> {
    g.journal
        .iter()
        .filter_map(|e| match e {
            tiflo::game::entry::Entry::Move { uci, .. } => Some(uci.to_string()),
            tiflo::game::entry::Entry::Takeback { .. } => Some("takeback".to_owned()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_move_heard_for_sure_under_echo_is_recorded_at_once_and_echoed_in_a_few_words() {
    for (lang, words, echo) in [("en", "knight f three", "knight f3."), ("es", "caballo efe tres", "caballo f3.")] {
        let mut g = echoing(lang);
        let event = heard_as(&g, words, "g1f3", true);
        let said = g.event(1, event);
        assert_eq!(g.ucis(), ["g1f3"], "{lang}: {said:?}");
        assert_eq!(moves_journaled(&g), ["g1f3"], "{lang}");
        // The move in a few words, not as the scoresheet reads it.
        assert_eq!(said, [echo.to_owned()], "{lang}");
        assert_eq!(g.session.awaiting(), None, "{lang}");
        assert!(g.session.moment(g.now).echoed, "{lang}: a no may be said now");
        // The opponent's move, typed, is announced as ever, and a "no"
        // no longer concerns the echoed move.
        let said = g.line(1, "e5");
        assert!(said[0].starts_with("1. "), "{lang}: {said:?}");
        assert!(!g.session.moment(g.now).echoed, "{lang}");
    }
}

#[test]
fn no_within_the_correction_window_undoes_the_echoed_move_in_the_record_and_the_journal() {
    for no in [said(Command::No), Event::Line("no".into())] {
        let mut g = echoing("en");
        let event = heard_as(&g, "e four", "e2e4", true);
        g.event(1, event);
        assert_eq!(g.ucis(), ["e2e4"]);
        // Two seconds on (the correction time is ten): undone.
        g.now += s(2);
        let out = g.session.handle(g.now, no.clone());
        // The take-back is journaled before it is said.
        assert!(matches!(out.first(), Some(Output::Journal(tiflo::game::entry::Entry::Takeback { .. }))), "{out:?}");
        let reply = g.take(out);
        assert_eq!(reply, ["e4 undone.", "Move 1, White to move."], "{no:?}");
        assert!(g.ucis().is_empty(), "{no:?}");
        assert_eq!(*g.session.position(), shakmaty::Chess::default());
        assert!(!g.session.record().to_pgn().contains("e4"), "{}", g.session.record().to_pgn());
        assert!(!g.session.moment(g.now).echoed);
        // The journal, read back from its lines, is the same game: no move.
        assert_eq!(moves_journaled(&g), ["e2e4", "takeback"]);
        let text: String = std::iter::once(tiflo::game::journal::HEADER.to_owned())
            .chain(g.journal.iter().map(tiflo::game::journal::encode))
            .collect();
        let decoded = tiflo::game::journal::decode::<tiflo::game::entry::Entry>(text.as_bytes());
        assert_eq!(decoded.problem, None);
        let resumed = tiflo::game::session::Session::resume(&decoded.records).expect("resumes");
        assert_eq!(resumed.record(), g.session.record());
        assert!(resumed.record().moves.is_empty());
        // A second no has nothing left to undo.
        assert_eq!(g.event(1, no.clone()), ["There is no question to answer."]);
        // The move meant, heard next, is recorded as White's first.
        let event = heard_as(&g, "d four", "d2d4", true);
        assert_eq!(g.event(1, event), ["d4."]);
        assert_eq!(g.ucis(), ["d2d4"]);
        assert_eq!(g.resumed().record(), g.session.record());
    }
}

#[test]
fn no_after_the_clock_press_or_the_correction_time_is_too_late_and_said_so() {
    const LATE_EN: &str = "Too late to undo knight f3: the time to correct it is over. Only the arbiter can take back a move.";
    // The opponent's clock started.
    let mut g = echoing("en");
    let event = heard_as(&g, "knight f three", "g1f3", true);
    g.event(1, event);
    g.line(1, "press");
    let entries = g.journal.len();
    assert_eq!(g.event(1, said(Command::No)), [LATE_EN]);
    assert_eq!((g.ucis(), g.journal.len()), (vec!["g1f3".to_owned()], entries));
    // The correction time over (ten seconds), in Spanish.
    let mut g = echoing("es");
    let event = heard_as(&g, "caballo efe tres", "g1f3", true);
    g.event(1, event);
    assert_eq!(
        g.event(11, said(Command::No)),
        ["Ya no se puede anular caballo f3: pasó el tiempo para corregirla. Solo el árbitro puede anular una jugada."]
    );
    assert_eq!(g.ucis(), ["g1f3"]);
    // Still in time a moment before.
    let mut g = echoing("en");
    let event = heard_as(&g, "knight f three", "g1f3", true);
    g.event(1, event);
    assert_eq!(g.event(10, said(Command::No))[0], "knight f3 undone.");
    assert!(g.ucis().is_empty());
}

/// `g` after a crash: its journal written out as lines and read back, the
/// game resumed from it `secs` seconds after its last event, as the daemon
/// does (the echo setting given again).
fn crashed_and_resumed(g: &Game, secs: u64) -> Game {
    let text: String = std::iter::once(tiflo::game::journal::HEADER.to_owned()).chain(g.journal.iter().map(tiflo::game::journal::encode)).collect();
    let decoded = tiflo::game::journal::decode::<tiflo::game::entry::Entry>(text.as_bytes());
    assert_eq!(decoded.problem, None);
    let mut session = tiflo::game::session::Session::resume(&decoded.records).expect("resumes");
    session.set_echo(true);
    let mut back = Game { session, journal: decoded.records, said: Vec::new(), now: g.now + s(secs) };
    let out = back.session.resumed(back.now);
    back.take(out);
    back
}

#[test]
fn a_no_after_a_crash_and_resume_still_undoes_the_echoed_move_while_it_may() {
    let mut g = echoing("en");
    let event = heard_as(&g, "knight f three", "g1f3", true);
    g.event(1, event);
    assert_eq!(g.ucis(), ["g1f3"]);
    // The daemon stops two seconds on and is started again at once: the
    // correction time (ten seconds) is not over, and the no undoes the move.
    let mut back = crashed_and_resumed(&g, 2);
    assert!(back.session.moment(back.now).echoed, "the echo is journaled");
    assert_eq!(back.event(1, said(Command::No))[0], "knight f3 undone.");
    assert!(back.ucis().is_empty());
    assert_eq!(moves_journaled(&back), ["g1f3", "takeback"]);
    assert_eq!(back.resumed().record(), back.session.record());
    assert!(!back.resumed().moment(back.now).echoed, "an undone move is no longer echoed");
    // Resumed after the correction time: too late, and said so.
    let mut back = crashed_and_resumed(&g, 12);
    assert_eq!(
        back.event(1, said(Command::No)),
        ["Too late to undo knight f3: the time to correct it is over. Only the arbiter can take back a move."]
    );
    assert_eq!(back.ucis(), ["g1f3"]);
    // A move typed, then a crash: nothing echoed, a no answers nothing.
    let mut g = echoing("en");
    g.line(1, "Nf3");
    let mut back = crashed_and_resumed(&g, 2);
    assert!(!back.session.moment(back.now).echoed);
    assert_eq!(back.event(1, said(Command::No)), ["There is no question to answer."]);
    assert_eq!(back.ucis(), ["g1f3"]);
    // The opponent's move after the echoed one, then a crash: the no no
    // longer concerns the echoed move.
    let mut g = echoing("en");
    let event = heard_as(&g, "e four", "e2e4", true);
    g.event(1, event);
    g.line(1, "e5");
    let back = crashed_and_resumed(&g, 1);
    assert!(!back.session.moment(back.now).echoed);
}

#[test]
fn a_correction_replaces_the_echoed_move_while_it_may() {
    // Typed, or said and confirmed: the echoed move is replaced.
    let mut g = echoing("en");
    let event = heard_as(&g, "knight f three", "g1f3", true);
    assert_eq!(g.event(1, event), ["knight f3."]);
    let said_back = g.line(2, "correct Nc3");
    assert!(joined(&said_back).contains("Corrected: knight f3 becomes knight c3"), "{said_back:?}");
    assert_eq!(g.ucis(), ["b1c3"]);
    // The corrected move was the player's own: a no is no undoing now.
    assert_eq!(g.event(1, said(Command::No)), ["There is no question to answer."]);
    assert_eq!(g.resumed().record(), g.session.record());
    let mut g = echoing("en");
    let event = heard_as(&g, "knight f three", "g1f3", true);
    g.event(1, event);
    let nc3 = shakmaty::Position::legal_moves(&shakmaty::Chess::default()).into_iter().find(|m| m.to() == shakmaty::Square::C3 && m.role() == shakmaty::Role::Knight).expect("Nc3");
    g.event(1, Event::HeardCorrection { heard: "correct knight c three".into(), moves: vec![nc3] });
    assert_eq!(g.session.awaiting(), Some(Awaiting::YesNo));
    g.event(1, said(Command::Yes));
    assert_eq!(g.ucis(), ["b1c3"]);
}

#[test]
fn an_unsure_reading_under_echo_is_asked_and_several_close_ones_are_numbered() {
    let mut g = echoing("en");
    let event = heard_as(&g, "knight f three", "g1f3", false);
    let asked = g.event(1, event);
    assert_eq!(asked, ["White: knight f3? Yes or no."]);
    assert_eq!(g.session.awaiting(), Some(Awaiting::YesNo));
    assert!(g.ucis().is_empty());
    // This no answers the question: nothing was recorded, nothing undone.
    assert_eq!(g.event(1, said(Command::No)), ["Not recorded."]);
    assert!(g.ucis().is_empty() && g.journal.len() == 1, "{:?}", g.journal);
    let moves = vec![legal(&g, "g1f3"), legal(&g, "g1h3")];
    g.event(1, Event::Heard { heard: "knight three".into(), moves, sure: false });
    assert!(matches!(g.session.awaiting(), Some(Awaiting::Choice(c)) if c.len() == 2));
    // A move chosen by its number is read back, and the yes to it was the
    // player's answer: no echo.
    assert_eq!(g.event(1, said(Command::Choice(1))), ["White: knight f3? Yes or no."]);
    assert!(g.ucis().is_empty());
    g.event(1, said(Command::Yes));
    assert_eq!(g.ucis(), ["g1f3"]);
    assert!(!g.session.moment(g.now).echoed);
    assert_eq!(g.event(1, said(Command::No)), ["There is no question to answer."]);
    assert_eq!(g.ucis(), ["g1f3"]);
}

/// Under `unsure` (the default) a spoken move is read back even when the
/// hearing is sure of it: a neighbour's move heard clearly is as sure as
/// the player's, and only the echo lets a "no" undo it; "no" leaves
/// nothing recorded.
#[test]
fn under_unsure_a_sure_reading_is_read_back_and_no_records_nothing() {
    let mut g = Game::new(setup("en"));
    let event = heard_as(&g, "knight f three", "g1f3", true);
    let said_back = g.event(1, event);
    assert_eq!(said_back, ["White: knight f3? Yes or no."]);
    assert!(g.ucis().is_empty());
    g.event(1, said(Command::No));
    assert!(g.ucis().is_empty());
    assert!(!g.session.moment(g.now).echoed);
    // A typed move is still recorded at once.
    g.moves("Nf3");
    assert_eq!(g.ucis(), ["g1f3"]);
}

#[test]
fn an_echoed_mate_undone_in_time_lets_the_game_go_on() {
    let mut g = echoing("en");
    g.moves("f3 e5 g4");
    let event = heard_as(&g, "queen h four", "d8h4", true);
    let said_back = g.event(1, event);
    assert_eq!(g.session.ending(), Some(tiflo::game::session::Ending::Checkmate), "{said_back:?}");
    assert!(said_back[0].starts_with("queen h4"), "{said_back:?}");
    let said_back = g.event(1, said(Command::No));
    assert_eq!(g.session.ending(), None, "{said_back:?}");
    assert_eq!(g.ucis(), ["f2f3", "e7e5", "g2g4"]);
    assert_eq!(g.resumed().record(), g.session.record());
    // Black moves on.
    g.moves("Nc6");
    assert_eq!(g.ucis().len(), 4);
}
