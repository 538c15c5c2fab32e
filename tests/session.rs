//! The game session driven with fake time: every rule event, corrections,
//! take-backs, clocks, and resuming from the journal entries.


use proptest::prelude::*;
use shakmaty::{Color, Position};
use tiflo::testkit::corpus::{Rng, random_game};
use tiflo::notation::{Dialect, Lang, Notation, Notator};
use tiflo::pgn::GameResult;
use tiflo::game::entry::{ClaimKind, Entry, Side};
use tiflo::game::session::{Ending, Session};
use tiflo::game::event::{Event, Output};

#[path = "common/play.rs"]
mod play;

use play::{Game, joined, s, setup};

#[test]
fn a_game_to_checkmate_in_every_language() {
    for (lang, mate, queen) in [("en", "Checkmate", "Qh4"), ("es", "Jaque mate", "Dh4"), ("pt", "Xeque-mate", "Dh4")] {
        let mut g = Game::new(setup(lang));
        assert!(matches!(g.journal[0], Entry::Begin { .. }));
        g.moves("f3 e5 g4");
        let said = g.line(2, queen);
        assert!(joined(&said).contains(mate), "{lang}: {said:?}");
        assert_eq!(g.session.ending(), Some(Ending::Checkmate));
        assert_eq!(g.session.record().result, Some(GameResult::BlackWins));
        let said = g.line(1, "a3");
        assert_eq!(g.session.record().moves.len(), 4, "{said:?}");
        assert_eq!(g.resumed().record(), g.session.record());
    }
}

#[test]
fn moves_in_any_notation_and_language() {
    let mut g = Game::new(setup("es"));
    g.moves("e4 e7e5 Cf3");
    // English letters in a Spanish game are read, and asked (tests/rules.rs).
    let said = g.line(1, "Nc6");
    assert!(joined(&said).contains("¿Quisiste decir caballo c6?"), "{said:?}");
    g.line(1, "sí");
    g.moves("Ac4 4746 d2-d3 ♞f6 0-0");
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "d7d6", "d2d3", "g8f6", "e1g1"]);
    let said = g.line(1, "5. Ab5");
    assert!(joined(&said).contains("las negras") || g.session.record().moves.len() == 10, "{said:?}");
}

#[test]
fn the_players_own_letters_decide_before_english() {
    let mut st = setup("es");
    st.fen = Some("4k3/8/8/8/8/8/8/R5K1 w - - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    // Spanish R is the king, English R the rook: Spanish decides.
    g.moves("Rg2");
    assert_eq!(g.ucis(), ["g1g2"]);
    // B is no Spanish letter: read as English (the bishop), if legal.
    let said = g.line(1, "Bd7");
    assert!(joined(&said).contains("no es una jugada legal"), "{said:?}");
    // An English letter that reads a legal move is asked, never guessed
    // (tests/rules.rs).
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5");
    let said = g.line(1, "Bc4");
    assert!(joined(&said).contains("¿Quisiste decir alfil c4?"), "{said:?}");
    g.line(1, "sí");
    assert_eq!(g.ucis().last().unwrap(), "f1c4");
}

#[test]
fn illegal_and_unreadable_input_records_nothing_and_says_why() {
    let mut g = Game::new(setup("en"));
    let n = g.journal.len();
    let said = g.line(1, "e5");
    assert!(joined(&said).contains("not a legal move"), "{said:?}");
    let said = g.line(1, "Nd2");
    assert!(joined(&said).contains("not a legal move"), "{said:?}");
    let said = g.line(1, "hello there");
    assert!(joined(&said).contains("cannot read"), "{said:?}");
    let said = g.line(1, "exd5");
    assert!(joined(&said).contains("exd5"), "{said:?}");
    assert_eq!(g.journal.len(), n);
    g.moves("e4 d5");
    let said = g.line(1, "Qxd5");
    assert!(joined(&said).contains("captures nothing") || joined(&said).contains("not a legal"), "{said:?}");
    assert_eq!(g.session.record().moves.len(), 2);
}

#[test]
fn ambiguous_input_is_asked_and_answered_by_number() {
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 d5 d4 e6");
    // Both knights can reach d2.
    g.moves("Nc3 a6 Nb1 a5");
    let said = g.line(1, "Nd2");
    assert!(joined(&said).contains("1: knight b d2") && joined(&said).contains("2: knight f d2"), "{said:?}");
    assert_eq!(g.session.record().moves.len(), 8);
    assert!(matches!(g.session.awaiting(), Some(tiflo::game::event::Awaiting::Choice(c)) if c.len() == 2));
    let said = g.line(1, "2");
    assert_eq!(g.ucis().last().unwrap(), "f3d2", "{said:?}");
    assert_eq!(g.session.awaiting(), None);
}

#[test]
fn confirm_always_reads_back_and_waits() {
    let mut st = setup("es");
    st.confirm_always = true;
    let mut g = Game::new(st);
    let said = g.line(1, "Cf3");
    assert!(joined(&said).contains("¿caballo f3?"), "{said:?}");
    assert_eq!(g.session.awaiting(), Some(tiflo::game::event::Awaiting::YesNo));
    assert!(g.session.record().moves.is_empty());
    let said = g.line(1, "no");
    assert!(joined(&said).contains("No anotada"), "{said:?}");
    g.line(1, "Cf3");
    let said = g.line(1, "sí");
    assert_eq!(g.ucis(), ["g1f3"], "{said:?}");
    // A yes with no question is answered, not recorded.
    let said = g.line(1, "si");
    assert!(joined(&said).contains("No hay ninguna pregunta"), "{said:?}");
}

#[test]
fn slip_of_the_tongue_corrected_before_the_opponents_clock_starts() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5 Nf3");
    let said = g.line(2, "correct Nc3");
    assert!(joined(&said).contains("Corrected: knight f3 becomes knight c3"), "{said:?}");
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "b1c3"]);
    // The journal keeps both the move and its correction.
    assert!(g.journal.iter().any(|e| matches!(e, Entry::Move { uci, .. } if uci.to_string() == "g1f3")));
    assert!(g.journal.iter().any(|e| matches!(e, Entry::Correct { uci, .. } if uci.to_string() == "b1c3")));
    assert_eq!(g.resumed().record(), g.session.record());
    // Once the opponent's clock is reported started, only the arbiter.
    g.line(1, "press");
    let said = g.line(1, "correct Nf3");
    assert!(joined(&said).contains("Too late"), "{said:?}");
    // After the correction window.
    g.moves("Nc6");
    let said = g.line(11, "correct Nf6");
    assert!(joined(&said).contains("Too late"), "{said:?}");
    // A correction must be legal in the position before the move.
    g.moves("Nf3");
    let said = g.line(1, "correct Ke3");
    assert!(joined(&said).contains("not a legal move"), "{said:?}");
    assert_eq!(g.ucis().last().unwrap(), "g1f3");
}

#[test]
fn a_number_said_for_a_correction_is_read_back_before_the_correction() {
    use shakmaty::uci::UciMove;
    use tiflo::game::command::Command;
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5 Nf3");
    let before = g.session.correctable(g.now + s(1)).expect("the last move may be corrected");
    let mv = |uci: &str| uci.parse::<UciMove>().unwrap().to_move(&before).unwrap();
    g.now += s(1);
    let out = g.session.handle(g.now, Event::HeardCorrection { heard: "correct knight three".into(), moves: vec![mv("b1c3"), mv("b1a3")] });
    let said = g.take(out);
    assert!(joined(&said).contains("2: knight a3"), "{said:?}");
    // Said aloud, the number picks the correction, read back for a yes.
    let out = g.session.handle(g.now, Event::Said { line: "two".into(), command: Command::Choice(2) });
    let said = g.take(out);
    assert!(joined(&said).contains("White: correct the last move to knight a3? Yes or no."), "{said:?}");
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "g1f3"]);
    let out = g.session.handle(g.now, Event::Said { line: "yes".into(), command: Command::Yes });
    let said = g.take(out);
    assert!(joined(&said).contains("Corrected: knight f3 becomes knight a3"), "{said:?}");
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "b1a3"]);
}

#[test]
fn a_spoken_correction_is_read_back_or_offered_and_recorded_only_on_an_answer() {
    use shakmaty::uci::UciMove;
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5 Nf3");
    let before = g.session.correctable(g.now + s(1)).expect("the last move may be corrected");
    let mv = |uci: &str| uci.parse::<UciMove>().unwrap().to_move(&before).unwrap();
    let heard = |g: &mut Game, secs: u64, moves: Vec<shakmaty::Move>| {
        g.now += s(secs);
        let out = g.session.handle(g.now, Event::HeardCorrection { heard: "correct knight c three".into(), moves });
        g.take(out)
    };
    // One reading: read back, and "no" records nothing.
    let said = heard(&mut g, 1, vec![mv("b1c3")]);
    assert!(joined(&said).contains("White: correct the last move to knight c3? Yes or no."), "{said:?}");
    assert_eq!(g.session.awaiting(), Some(tiflo::game::event::Awaiting::YesNo));
    g.line(1, "no");
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "g1f3"]);
    // Several readings: offered by number; the number records the one chosen.
    let said = heard(&mut g, 1, vec![mv("b1c3"), mv("b1a3")]);
    assert!(joined(&said).contains("1: knight c3"), "{said:?}");
    let said = g.line(1, "1");
    assert!(joined(&said).contains("Corrected: knight f3 becomes knight c3"), "{said:?}");
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "b1c3"]);
    assert!(g.journal.iter().any(|e| matches!(e, Entry::Correct { uci, written, .. } if uci.to_string() == "b1c3" && written == "correct knight c three")));
    assert_eq!(g.resumed().record(), g.session.record());
    // The move already recorded alone is said to be it; moves illegal
    // before it are no correction.
    let said = heard(&mut g, 1, vec![mv("b1c3")]);
    assert!(joined(&said).contains("That is the move already recorded."), "{said:?}");
    let said = heard(&mut g, 1, vec![]);
    assert!(joined(&said).contains("no legal move"), "{said:?}");
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "b1c3"]);
    // Another reading is read back; once the opponent's clock is reported
    // started, it is too late.
    let said = heard(&mut g, 1, vec![mv("g1f3")]);
    assert!(joined(&said).contains("knight f3? Yes or no."), "{said:?}");
    g.line(0, "no");
    g.line(1, "press");
    assert_eq!(g.session.correctable(g.now), None);
    let said = heard(&mut g, 1, vec![mv("g1f3")]);
    assert!(joined(&said).contains("Too late"), "{said:?}");
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "b1c3"]);
    // After the correction time, nothing to correct by voice either.
    g.moves("Nc6");
    assert!(g.session.correctable(g.now + s(5)).is_some());
    assert_eq!(g.session.correctable(g.now + s(11)), None);
    let said = heard(&mut g, 11, vec![]);
    assert!(joined(&said).contains("Too late"), "{said:?}");
}

#[test]
fn an_engine_is_given_the_moves_since_the_last_irreversible_one() {
    let mut g = Game::new(setup("en"));
    let (from, moves) = g.session.since_irreversible();
    assert_eq!((from, moves.len()), (shakmaty::Chess::default(), 0));
    g.moves("e4 e5 Nf3 Nc6 Ng1 Nb8");
    let (from, moves) = g.session.since_irreversible();
    let ucis: Vec<String> = moves.iter().map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()).collect();
    assert_eq!(ucis, ["g1f3", "b8c6", "f3g1", "c6b8"]);
    assert_eq!(from.board().piece_at(shakmaty::Square::E5).map(|p| p.role), Some(shakmaty::Role::Pawn));
    g.moves("d4");
    assert!(g.session.since_irreversible().1.is_empty());
}

#[test]
fn arbiter_takeback_is_confirmed_and_journaled() {
    let mut g = Game::new(setup("en"));
    g.moves("d4 d5 c4");
    let said = g.line(30, "takeback");
    assert!(joined(&said).contains("take back c4?"), "{said:?}");
    assert_eq!(g.session.record().moves.len(), 3);
    g.line(1, "yes");
    assert_eq!(g.ucis(), ["d2d4", "d7d5"]);
    assert_eq!(g.session.position().turn(), Color::White);
    assert_eq!(g.session.clocks().running(), Some(Color::White));
    assert_eq!(g.session.clocks().moves(Color::White), 1);
    g.moves("Nf3");
    assert_eq!(g.resumed().record(), g.session.record());
    let said = g.line(1, "takeback");
    g.line(1, "no");
    assert_eq!(g.session.record().moves.len(), 3, "{said:?}");
}

#[test]
fn draw_offers_accepted_declined_and_lapsed() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    // The opponent's offer is told with its side; a bare "draw" is the
    // player's (tests/rules.rs).
    let said = g.line(1, "draw black");
    assert!(joined(&said).contains("Black offers a draw"), "{said:?}");
    assert!(g.session.record().moves[1].draw_offer);
    let said = g.line(1, "decline");
    assert!(joined(&said).contains("declined"), "{said:?}");
    g.moves("Nf3");
    g.line(1, "draw");
    let said = g.line(1, "Nc6");
    assert!(joined(&said).contains("lapsed"), "{said:?}");
    g.moves("Bb5");
    g.line(1, "draw");
    let said = g.line(1, "accept");
    assert!(joined(&said).contains("Draw agreed"), "{said:?}");
    assert_eq!(g.session.ending(), Some(Ending::Agreed));
    let pgn = g.session.record().to_pgn();
    assert!(pgn.contains("3. Bb5 {[%clk 0:05:02] (=)} 1/2-1/2"), "{pgn}");
    assert!(pgn.contains("2. Nf3 {[%clk 0:05:01] (=)}"), "{pgn}");
    assert!(pgn.contains("2... Nc6 {[%clk 0:05:01]}"), "{pgn}");
    assert_eq!(g.resumed().record(), g.session.record());
}

#[test]
fn offer_before_moving_is_marked_on_the_next_move() {
    let mut g = Game::new(setup("en"));
    g.moves("e4");
    g.line(1, "draw white");
    // The offer came after White's move: marked there.
    assert!(g.session.record().moves[0].draw_offer);
    let mut g = Game::new(setup("en"));
    g.moves("e4");
    g.line(1, "draw black");
    assert!(!g.session.record().moves[0].draw_offer);
    g.moves("e5");
    assert!(g.session.record().moves[1].draw_offer);
}

#[test]
fn threefold_is_announced_claimable_then_claimed() {
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let said = g.line(1, "Ng8");
    assert!(joined(&said).contains("three times"), "{said:?}");
    let said = g.line(1, "claim");
    assert!(joined(&said).contains("threefold"), "{said:?}");
    assert_eq!(g.session.ending(), Some(Ending::Claimed(ClaimKind::Threefold)));
    assert_eq!(g.session.record().result, Some(GameResult::Draw));
    assert!(g.session.record().moves.last().unwrap().claim.is_some());
    assert_eq!(g.resumed().record(), g.session.record());
}

#[test]
fn claims_with_the_intended_move_and_wrong_claims() {
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let before = g.session.clocks().remaining(Color::White, g.now);
    let said = g.line(1, "claim");
    assert!(joined(&said).contains("not valid") && joined(&said).contains("Two minutes are added to White's clock"), "{said:?}");
    assert!(g.session.ending().is_none());
    // Article 9.5.2: two minutes for the opponent of a wrong claim.
    assert_eq!(g.session.clocks().remaining(Color::White, g.now), before + s(120));
    // Black writes Ng8, which repeats the position a third time, and claims.
    let said = g.line(1, "claim Ng8");
    assert!(joined(&said).contains("threefold"), "{said:?}");
    assert_eq!(g.ucis().last().unwrap(), "f6g8");
    assert_eq!(g.resumed().record(), g.session.record());

    // A wrong claim with a move: the move must be played.
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    let said = g.line(1, "claim Nf3");
    assert!(joined(&said).contains("move stands"), "{said:?}");
    assert_eq!(g.ucis().last().unwrap(), "g1f3");
    assert!(g.session.ending().is_none());
}

#[test]
fn fivefold_and_seventy_five_moves_end_the_game_by_themselves() {
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let said = g.line(1, "Ng8");
    assert!(joined(&said).contains("fifth time"), "{said:?}");
    assert_eq!(g.session.ending(), Some(Ending::Fivefold));

    let mut st = setup("en");
    st.fen = Some("8/8/4k3/8/8/3K4/8/R7 w - - 99 80".parse().unwrap());
    let mut g = Game::new(st);
    let said = g.line(1, "Ra2");
    assert!(joined(&said).contains("may claim"), "{said:?}");
    assert!(g.session.ending().is_none());
    let said = g.line(1, "claim");
    assert_eq!(g.session.ending(), Some(Ending::Claimed(ClaimKind::FiftyMoves)), "{said:?}");

    let mut st = setup("en");
    st.fen = Some("8/8/4k3/8/8/3K4/8/R7 w - - 149 80".parse().unwrap());
    let mut g = Game::new(st);
    let said = g.line(1, "Ra2");
    assert!(joined(&said).contains("Seventy-five"), "{said:?}");
    assert_eq!(g.session.ending(), Some(Ending::SeventyFiveMoves));
}

#[test]
fn stalemate_and_insufficient_material() {
    let mut st = setup("en");
    st.fen = Some("k7/8/1Q6/8/8/8/8/7K w - - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    g.line(1, "Qb5");
    assert!(g.session.ending().is_none());
    let mut st = setup("en");
    st.fen = Some("k7/8/3Q4/8/8/8/8/7K w - - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    let said = g.line(1, "Qc7");
    assert!(joined(&said).contains("Stalemate"), "{said:?}");
    assert_eq!(g.session.record().result, Some(GameResult::Draw));

    let mut st = setup("es");
    st.fen = Some("8/8/8/8/8/2k5/1r6/K1B5 w - - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    let said = g.line(1, "Axb2");
    assert!(joined(&said).contains("Ningún bando puede dar mate"), "{said:?}");
    assert_eq!(g.session.ending(), Some(Ending::InsufficientMaterial));
}

#[test]
fn resignation_is_confirmed() {
    let mut g = Game::new(setup("pt"));
    g.moves("e4 e5");
    let said = g.line(1, "abandono");
    assert!(g.session.ending().is_none(), "{said:?}");
    g.line(1, "não");
    assert!(g.session.ending().is_none());
    g.line(1, "abandono pretas");
    g.line(1, "sim");
    assert_eq!(g.session.ending(), Some(Ending::Resigned(Color::Black)));
    assert_eq!(g.session.record().result, Some(GameResult::WhiteWins));
    let said = g.line(1, "Cf3");
    assert!(joined(&said).contains("Ganham as brancas, um a zero"), "{said:?}");
}

#[test]
fn flag_fall_on_tiflos_clock_and_the_lone_king_rule() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    // White thinks for the whole 300 s (+2 s increment after move 1).
    let said = g.tick(301);
    assert!(g.session.ending().is_none(), "{said:?}");
    let said = g.tick(2);
    assert!(joined(&said).contains("White's flag has fallen"), "{said:?}");
    assert_eq!(g.session.ending(), Some(Ending::Flag(Color::White)));
    assert!(g.journal.iter().any(|e| matches!(e, Entry::Flag { side: Side::White, .. })));
    assert_eq!(g.resumed().record(), g.session.record());

    // Black has a lone king: White's flag falling is a draw.
    let mut st = setup("en");
    st.fen = Some("7k/8/8/8/8/8/6P1/K7 w - - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    g.moves("g3 Kg8");
    let said = g.tick(400);
    assert!(joined(&said).contains("cannot checkmate"), "{said:?}");
    assert_eq!(g.session.record().result, Some(GameResult::Draw));
}

#[test]
fn mirror_mode_follows_and_is_set_from_the_real_clock() {
    let mut st = setup("es");
    st.mirror = true;
    let mut g = Game::new(st);
    g.moves("e4 e5");
    let said = g.line(1, "ajustar 0:04:00 0:04:30");
    assert!(joined(&said).contains("Blancas: 4 minutos"), "{said:?}");
    let said = g.tick(300);
    assert!(joined(&said).contains("Comprueba el reloj real"), "{said:?}");
    assert!(g.session.ending().is_none());
    // Said once only.
    assert!(g.tick(1).is_empty());
    let said = g.line(1, "bandera");
    assert!(joined(&said).contains("¿Ha caído la bandera de las blancas en el reloj real?"), "{said:?}");
    let said = g.line(1, "sí");
    assert!(joined(&said).contains("Ha caído la bandera de las blancas"), "{said:?}");
    assert_eq!(g.session.record().result, Some(GameResult::BlackWins));
    assert_eq!(g.resumed().record(), g.session.record());
}

#[test]
fn mirror_clocks_take_a_clock_devices_times_silently_when_they_are_off() {
    use tiflo::game::event::CLOCK_SHOWN_TOLERANCE;
    let mut st = setup("en");
    st.mirror = true;
    let mut g = Game::new(st.clone());
    g.moves("e4 e5");
    let white = |g: &Game| g.session.clocks().remaining(Color::White, g.now);
    let black = |g: &Game| g.session.clocks().remaining(Color::Black, g.now);
    // Within the tolerance: nothing changes, nothing is written.
    let journaled = g.journal.len();
    let (w, b) = (white(&g), black(&g));
    let out = g.session.handle(g.now, Event::ClockShows { white: w + CLOCK_SHOWN_TOLERANCE, black: b - s(1) });
    assert!(g.take(out).is_empty());
    assert_eq!((g.journal.len(), white(&g), black(&g)), (journaled, w, b));
    // Off: set, journaled, nothing said.
    g.now += s(2);
    let out = g.session.handle(g.now, Event::ClockShows { white: s(250), black: s(280) });
    assert!(g.take(out).is_empty(), "nothing is said");
    assert_eq!((white(&g), black(&g)), (s(250), s(280)));
    assert_eq!(g.journal.len(), journaled + 2);
    assert!(matches!(g.journal.last(), Some(Entry::SetClock { ms: 280_000, .. })));
    let resumed = g.resumed();
    assert_eq!(resumed.clocks().remaining(Color::Black, g.now), s(280), "resumed alike");
    // With tiflo's own clock the game's clock rules: ignored.
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    let journaled = g.journal.len();
    let out = g.session.handle(g.now, Event::ClockShows { white: s(10), black: s(10) });
    assert!(g.take(out).is_empty());
    assert_eq!(g.journal.len(), journaled);
    assert!(white(&g) > s(250));
}

#[test]
fn low_time_warnings_once_per_threshold_for_the_player() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    let said = g.tick(200);
    assert!(said.is_empty(), "{said:?}");
    let said = g.tick(50);
    assert!(joined(&said).contains("White: one minute left"), "{said:?}");
    assert!(g.tick(5).is_empty());
    let said = g.tick(40);
    assert!(joined(&said).contains("White: 10 seconds left"), "{said:?}");
    // Black's clock is not the player's.
    g.moves("Nf3");
    assert!(g.tick(290).is_empty());
}

#[test]
fn clock_readout_on_request_with_the_article_8_4_exemption() {
    // The times and the moves completed only: the exemption is said when it
    // begins (`tests/words.rs`), the time used on its own request.
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5");
    let said = g.line(10, "reloj");
    let text = joined(&said);
    assert!(text.contains("Blancas: 4 minutos y 52 segundos"), "{text}");
    assert!(text.contains("Una jugada completada"), "{text}");
    assert!(!text.contains("no están obligadas a anotar"), "{text}");
    assert!(!text.contains("Tiempo usado"), "{text}");
    let mut st = setup("en");
    st.time_control = "5400+30".parse().unwrap();
    let mut g = Game::new(st);
    let said = g.line(1, "clock");
    assert!(!joined(&said).contains("Article 8.4"), "{said:?}");
}

#[test]
fn queries_board_square_pieces_last_moves() {
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5 Cf3");
    assert!(joined(&g.line(1, "casilla f3")).contains("f3: caballo blanco"));
    assert!(joined(&g.line(1, "square e3")).contains("e3: vacía"));
    let said = g.line(1, "piezas caballo negro");
    assert!(joined(&said).contains("caballo negro en b8, caballo negro en g8"), "{said:?}");
    // The player (White here) asks for their own pieces or the opponent's.
    let said = g.line(1, "dónde mis caballos");
    assert!(joined(&said).contains("caballo blanco en b1, caballo blanco en f3"), "{said:?}");
    let said = g.line(1, "piezas rival caballo");
    assert!(joined(&said).contains("caballo negro en b8, caballo negro en g8"), "{said:?}");
    let said = g.line(1, "última");
    assert!(joined(&said).contains("Última jugada: 2. Blancas: caballo f3"), "{said:?}");
    let said = g.line(1, "jugadas");
    assert!(joined(&said).contains("Planilla: 1. e4, e5, 2. caballo f3"), "{said:?}");
    let said = g.line(1, "tablero");
    assert_eq!(said.len(), 9, "{said:?}");
    assert!(said[0].starts_with("Fila 8: torre negra en a8"), "{said:?}");
    assert!(said[3].contains("Fila 5: peón negro en e5"), "{said:?}");
    assert!(said[8].contains("juegan las negras"), "{said:?}");
    assert!(joined(&g.line(1, "casilla")).contains("necesita una casilla"));
    assert!(joined(&g.line(1, "ayuda")).contains("Órdenes"));
    // A move of the scoresheet by its ply (a braille routing key over it).
    let mut ply = |n: usize| {
        g.now += s(1);
        let out = g.session.handle(g.now, Event::Command(tiflo::game::command::Command::Ply(n)));
        joined(&g.take(out))
    };
    assert_eq!(ply(1), "1. Negras: e5");
    assert_eq!(ply(2), "2. Blancas: caballo f3");
    assert!(ply(9).contains("Última jugada: 2. Blancas: caballo f3"), "past the end: the last move");
}

#[test]
fn result_and_both_signatures_are_recorded() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    let said = g.line(1, "sign");
    assert!(joined(&said).contains("not over"), "{said:?}");
    let said = g.line(1, "result 1/2");
    assert!(joined(&said).contains("Draw, half a point each: do both players agree? Yes or no."), "{said:?}");
    g.line(1, "yes");
    assert_eq!(g.session.record().result, Some(GameResult::Draw));
    g.line(1, "sign");
    g.line(1, "sign black");
    let said = g.line(1, "sign black");
    assert!(joined(&said).contains("already signed"), "{said:?}");
    let rec = g.session.record();
    assert_eq!(rec.tag("WhiteSigned"), Some("1/2-1/2"));
    assert_eq!(rec.tag("BlackSigned"), Some("1/2-1/2"));
    assert_eq!(g.resumed().record(), rec);
}

#[test]
fn resuming_charges_the_downtime_to_the_side_to_move_and_says_so() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5 Nf3");
    let mut back = g.resumed();
    let before = back.clocks().remaining(Color::Black, g.now);
    let out = back.resumed(g.now + s(90));
    let said: Vec<String> =
        out.iter().filter_map(|o| if let Output::Say { text, .. } = o { Some(text.clone()) } else { None }).collect();
    assert!(joined(&said).contains("3 moves recovered"), "{said:?}");
    assert!(joined(&said).contains("stopped for one minute, 30 seconds"), "{said:?}");
    assert!(joined(&said).contains("Black's clock"), "{said:?}");
    assert_eq!(back.clocks().remaining(Color::Black, g.now + s(90)), before - s(90));
    assert!(matches!(out[0], Output::Journal(Entry::Resume { .. })));
}

#[test]
fn a_journal_that_does_not_apply_is_an_error_never_a_guess() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    let mut j = g.journal.clone();
    j.push(Entry::Move { t: 9999, uci: "e1e8".parse().unwrap(), written: "Ke8".into(), echoed: false });
    assert!(Session::resume(&j).is_err());
    assert!(Session::resume(&j[1..]).is_err());
}

fn dialects() -> Vec<Dialect> {
    let mut v = vec![
        Dialect::new(Notation::San, Lang::Es).unwrap(),
        Dialect::new(Notation::San, Lang::En).unwrap(),
        Dialect::new(Notation::Lan, Lang::Es).unwrap(),
        Dialect::new(Notation::Uci, Lang::En).unwrap(),
        Dialect::new(Notation::Koch, Lang::En).unwrap(),
        Dialect::new(Notation::San, tiflo::notation::Pieces::Figurines).unwrap(),
    ];
    v.push(Dialect::new(Notation::Descriptive, Lang::Es).unwrap());
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Any legal game typed in a mix of notations is recorded move for move,
    /// and the journal gives back the same game.
    #[test]
    fn random_games_typed_in_mixed_notations(seed in any::<u64>(), choice in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let game = random_game(&mut rng, 120);
        let (start, moves) = (shakmaty::Chess::default(), game.moves);
        let mut g = Game::new(setup("es"));
        let ds = dialects();
        let mut notators: Vec<Notator> = ds.iter().map(|d| Notator::new(*d, &start)).collect();
        let mut pos = start.clone();
        let mut c = choice;
        for m in &moves {
            if g.session.ending().is_some() {
                break;
            }
            let i = (c % ds.len() as u64) as usize;
            c = c.rotate_left(7) ^ 0x9e37_79b9;
            let mut text = notators[i].to_text(&pos, *m);
            // The player's own notation decides: an English `Rg3` that reads
            // as a legal Spanish king move is the king's move, so a Spanish
            // player types the rook's move in Spanish.
            if notators[0].read(&pos, &text).is_ok_and(|own| own != *m) {
                text = notators[0].to_text(&pos, *m);
            }
            let mut said = g.line(1, &text);
            // Another language's letters are asked: the move meant is named.
            if said.iter().any(|s| s.contains("¿Quisiste decir")) {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                let words = tiflo::speaking::announce::Announcer::new("es", Default::default(), Default::default()).unwrap();
                prop_assert!(said.iter().any(|s| s.contains(&format!("¿Quisiste decir {}?", words.phrase(&pos, *m, &after)))), "{text}: {said:?}");
                said = g.line(1, "sí");
            }
            // Readings that disagree between notations are asked, never guessed.
            if g.session.record().moves.len() < g.ucis().len().max(1) || said.iter().any(|s| s.contains("puede ser")) {
                let choices: Vec<&String> = said.iter().filter(|s| s.contains("puede ser")).collect();
                prop_assert!(!choices.is_empty(), "{text}: {said:?}");
                let n = g.session.position().legal_moves().len();
                prop_assert!(n > 1);
                let mut answered = false;
                for k in 1..=9 {
                    let mut after = pos.clone();
                    after.play_unchecked(*m);
                    let words = tiflo::speaking::announce::Announcer::new("es", Default::default(), Default::default()).unwrap();
                    let t = format!("{k}: {}", words.phrase(&pos, *m, &after));
                    if choices[0].contains(&t) {
                        g.line(1, &k.to_string());
                        answered = true;
                        break;
                    }
                }
                prop_assert!(answered, "{text}: {said:?}");
            }
            prop_assert_eq!(g.session.record().moves.last().map(|r| r.mv), Some(*m), "{}: {:?}", text, said);
            for n in &mut notators {
                n.played(&pos, *m);
            }
            pos.play_unchecked(*m);
        }
        prop_assert_eq!(g.resumed().record(), g.session.record());
    }
}

#[test]
fn mirror_clocks_keep_following_after_tiflos_count_reaches_zero() {
    let mut st = setup("en");
    st.mirror = true;
    let mut g = Game::new(st);
    g.moves("e4 e5");
    g.tick(310);
    g.moves("Nf3");
    assert_eq!(g.session.clocks().running(), Some(Color::Black));
    g.line(1, "set 0:01:00 0:04:00");
    g.moves("Nc6");
    assert_eq!(g.session.clocks().running(), Some(Color::White));
    let left = g.session.clocks().remaining(Color::White, g.now);
    g.tick(10);
    assert_eq!(g.session.clocks().remaining(Color::White, g.now), left - s(10));
    assert_eq!(g.resumed().record(), g.session.record());
}

#[test]
fn a_claim_that_holds_is_granted_whatever_move_is_named() {
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    let said = g.line(1, "claim e4");
    assert_eq!(g.session.ending(), Some(Ending::Claimed(ClaimKind::Threefold)), "{said:?}");
    assert_eq!(g.session.record().moves.len(), 8);
}

#[test]
fn a_decided_game_cannot_be_taken_back_but_a_mate_can_be_corrected() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5 Nf3");
    g.line(1, "resign black");
    g.line(1, "yes");
    let said = g.line(1, "takeback");
    assert!(joined(&said).contains("The game is over"), "{said:?}");
    assert_eq!(g.session.record().moves.len(), 3);

    // A slip of the tongue on a mating move: the game goes on, clocks running.
    let mut g = Game::new(setup("en"));
    g.moves("f3 e5 g4 Qh4");
    g.line(0, "sign");
    let said = g.line(1, "correct Qg5");
    assert!(joined(&said).contains("Corrected"), "{said:?}");
    assert_eq!(g.session.ending(), None);
    assert_eq!(g.session.clocks().running(), Some(Color::White));
    assert_eq!(g.session.record().tag("WhiteSigned"), None);
    assert_eq!(g.resumed().record(), g.session.record());
    // A mate can also be taken back by the arbiter.
    let mut g = Game::new(setup("en"));
    g.moves("f3 e5 g4 Qh4");
    g.line(20, "takeback");
    g.line(1, "yes");
    assert_eq!(g.session.ending(), None);
    assert_eq!(g.session.clocks().running(), Some(Color::Black));
}

#[test]
fn descriptive_notation_still_reads_after_a_correction() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5 Nf3");
    g.line(1, "correct Nc3");
    g.moves("Nc6 KN-K2");
    assert_eq!(g.ucis().last().unwrap(), "g1e2");
}

#[test]
fn a_flag_on_tiflos_own_clock_is_not_declared_by_hand() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    let said = g.line(1, "flag");
    assert!(joined(&said).contains("has not fallen"), "{said:?}");
    assert!(g.session.ending().is_none());
}

#[test]
fn huge_move_numbers_and_finished_start_positions() {
    let mut st = setup("en");
    st.fen = Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 4294967295".parse().unwrap());
    let mut g = Game::new(st);
    g.moves("e4 Kd7 e5");
    assert!(!g.session.record().to_pgn().is_empty());
    let mut st = setup("en");
    st.fen = Some("k7/8/1Q6/8/8/8/8/7K b - - 0 1".parse().unwrap());
    assert!(Session::new(st, s(1)).is_err(), "stalemate at the start");
}

#[test]
fn errors_and_flags_are_urgent_moves_are_routine() {
    let mut g = Game::new(setup("en"));
    let urgent = |out: &[Output]| out.iter().filter_map(|o| if let Output::Say { urgent, .. } = o { Some(*urgent) } else { None }).collect::<Vec<_>>();
    let out = g.session.handle(s(1001), Event::Line("e4".into()));
    assert_eq!(urgent(&out), [false]);
    let out = g.session.handle(s(1002), Event::Line("e4".into()));
    assert_eq!(urgent(&out), [true]);
    let out = g.session.handle(s(2000), Event::Tick);
    assert!(urgent(&out).iter().all(|u| *u) && !out.is_empty(), "{out:?}");
    assert!(matches!(g.session.ending(), Some(Ending::Flag(Color::Black))));
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn ranks_files_legal_moves_and_the_last_moves_in_english() {
    let mut g = Game::new(setup("en"));
    assert_eq!(g.line(1, "last 3"), strings(&["No moves yet."]));
    assert_eq!(g.line(1, "legal e5"), strings(&["e5: empty."]));
    g.moves("e4 e5 Nf3");
    assert_eq!(g.line(1, "rank 4"), strings(&["Rank 4: white pawn e4."]));
    assert_eq!(g.line(1, "rank 6"), strings(&["Rank 6: empty."]));
    assert_eq!(g.line(1, "file E"), strings(&["File e: white king e1, white pawn e4, black pawn e5, black king e8."]));
    assert_eq!(g.line(1, "file g"), strings(&["File g: white pawn g2, black pawn g7, black knight g8."]));
    // Black is to move: the legal moves are Black's.
    assert_eq!(
        g.line(1, "legal knight"),
        strings(&["black knight b8: knight a6, knight c6.", "black knight g8: knight f6, knight h6, knight e7."])
    );
    assert_eq!(g.line(1, "legal d8"), strings(&["black queen d8: queen h4, queen g5, queen f6, queen e7."]));
    assert_eq!(g.line(1, "legal e5"), strings(&["black pawn e5: no legal moves."]));
    assert_eq!(g.line(1, "legal e4"), strings(&["e4: white pawn. Black is to move."]));
    assert_eq!(g.line(1, "legal e2"), strings(&["e2: empty."]));
    assert_eq!(g.line(1, "last"), strings(&["Last move: 2. White: knight f3."]));
    assert_eq!(g.line(1, "last 1"), strings(&["Last move: 2. White: knight f3."]));
    assert_eq!(g.line(1, "last 2"), strings(&["The last 2 moves: 1... e5, 2. knight f3."]));
    assert_eq!(g.line(1, "last 3 moves"), strings(&["The last 3 moves: 1. e4, e5, 2. knight f3."]));
    assert_eq!(g.line(1, "last 5"), strings(&["Only 3 moves so far: 1. e4, e5, 2. knight f3."]));
    assert_eq!(g.line(1, "last 0"), strings(&["last takes a number of moves, 1 or more, for example last 5."]));
    assert_eq!(g.line(1, "rank 9"), strings(&["rank needs a rank from 1 to 8, for example rank 4."]));
    assert_eq!(g.line(1, "file z"), strings(&["file needs a file from a to h, for example file e."]));
    assert_eq!(g.line(1, "legal"), strings(&["legal needs a square or a piece, for example legal e2 or legal knight."]));
    // Nothing of this is journaled.
    assert_eq!(g.journal.len(), 4, "{:?}", g.journal);
    g.moves("Nc6");
    let mut st = setup("en");
    st.fen = Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    assert_eq!(g.line(1, "legal knight"), strings(&["No white knight on the board."]));
    assert_eq!(
        g.line(1, "legal king"),
        strings(&["white king e1: king d1, king f1, castles short, king d2, king e2, king f2."])
    );
    assert_eq!(g.line(1, "last 1"), strings(&["No moves yet."]));
    let mut g = Game::new(setup("en"));
    g.moves("f3 e5 g4 Qh4");
    assert_eq!(g.line(1, "legal king"), strings(&["The game is over: there are no more moves."]));
    assert_eq!(g.line(1, "last 2"), strings(&["The last 2 moves: 2. g4, queen h4 checkmate."]));
}

#[test]
fn ranks_files_legal_moves_and_the_last_moves_in_spanish() {
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5 Cf3");
    assert_eq!(g.line(1, "fila 4"), strings(&["Fila 4: peón blanco en e4."]));
    assert_eq!(g.line(1, "columna e"), strings(&["Columna e: rey blanco en e1, peón blanco en e4, peón negro en e5, rey negro en e8."]));
    assert_eq!(g.line(1, "columna d"), strings(&["Columna d: dama blanca en d1, peón blanco en d2, peón negro en d7, dama negra en d8."]));
    assert_eq!(
        g.line(1, "legales caballo"),
        strings(&["caballo negro en b8: caballo a6, caballo c6.", "caballo negro en g8: caballo f6, caballo h6, caballo e7."])
    );
    assert_eq!(g.line(1, "legales e5"), strings(&["peón negro en e5: ninguna jugada legal."]));
    assert_eq!(g.line(1, "legales e4"), strings(&["e4: peón blanco. Juegan las negras."]));
    assert_eq!(g.line(1, "legales e3"), strings(&["e3: vacía."]));
    assert_eq!(g.line(1, "legal g8"), strings(&["caballo negro en g8: caballo f6, caballo h6, caballo e7."]));
    assert_eq!(g.line(1, "últimas 2 jugadas"), strings(&["Las últimas 2 jugadas: 1... e5, 2. caballo f3."]));
    assert_eq!(g.line(1, "ultimas 9"), strings(&["Solo hay 3 jugadas: 1. e4, e5, 2. caballo f3."]));
    assert_eq!(g.line(1, "última"), strings(&["Última jugada: 2. Blancas: caballo f3."]));
    assert_eq!(g.line(1, "últimas 0"), strings(&["última lleva un número de jugadas, 1 o más, por ejemplo última 5."]));
    assert_eq!(g.line(1, "fila 9"), strings(&["fila necesita una fila del 1 al 8, por ejemplo fila 4."]));
    assert_eq!(g.line(1, "columna z"), strings(&["columna necesita una columna de la a a la h, por ejemplo columna e."]));
    assert_eq!(
        g.line(1, "legales"),
        strings(&["legales necesita una casilla o una pieza, por ejemplo legales e2 o legales caballo."])
    );
    g.moves("Cc6");
    let mut st = setup("es");
    st.fen = Some("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    assert_eq!(g.line(1, "legales alfil"), strings(&["No hay alfil blanco en el tablero."]));
}

#[test]
fn help_lists_the_new_commands_in_every_language() {
    for lang in ["en", "es", "pt", "fr", "de", "it", "nl"] {
        let texts = tiflo::i18n::Texts::new(lang.parse().unwrap());
        let mut g = Game::new(setup(lang));
        let help = joined(&g.line(1, &texts.text("cmd-help").split(',').next().unwrap().trim().to_lowercase()));
        for id in ["cmd-rank", "cmd-file", "cmd-legal", "hear-pause", "hear-resume"] {
            let word = texts.text(id).split(',').next().unwrap().trim().to_owned();
            assert!(help.contains(&word), "{lang}: help lacks {word} ({id}): {help}");
        }
        assert!(help.contains(" 5"), "{lang}: help lacks the last moves: {help}");
    }
}

#[test]
fn pausing_and_resuming_listening_is_said_and_changes_nothing() {
    for (lang, paused, resumed) in [
        ("en", "Listening paused. Say start listening to listen again.", "Listening again."),
        ("es", "Escucha en pausa. Di vuelve a escuchar para que vuelva a escuchar.", "Vuelvo a escuchar."),
    ] {
        let mut g = Game::new(setup(lang));
        g.moves("e4");
        let before = g.journal.len();
        let out = g.session.handle(g.now, Event::Listening(false));
        assert_eq!(g.take(out), strings(&[paused]));
        let out = g.session.handle(g.now, Event::Listening(true));
        assert_eq!(g.take(out), strings(&[resumed]));
        assert_eq!(g.journal.len(), before);
    }
}

#[test]
fn a_wrong_board_is_fixed_by_instructions_in_every_language() {
    use shakmaty::{Board, Square};
    let cases = [
        ("en", "The tournament board differs from the game. ", "Take the black knight off a3; put the white rook on h1.", "Take the white queen off h5 and put it on d1."),
        ("es", "El tablero de torneo no coincide con la partida. ", "Quita el caballo negro de a3; pon la torre blanca en h1.", "Quita la dama blanca de h5 y ponla en d1."),
        ("pt", "O tabuleiro do torneio não coincide com a partida. ", "Tira o cavalo preto de a3; põe a torre branca em h1.", "Tira a dama branca de h5 e põe-na em d1."),
        ("fr", "L'échiquier du tournoi ne correspond pas à la partie. ", "Retirez le cavalier noir de a3 ; posez la tour blanche en h1.", "Retirez la dame blanche de h5 et posez-la en d1."),
        ("de", "Das Turnierbrett stimmt nicht mit der Partie überein. ", "Nehmen Sie den schwarzen Springer von a3 weg; stellen Sie den weißen Turm auf h1.", "Nehmen Sie die weiße Dame von h5 und stellen Sie sie auf d1."),
        ("it", "La scacchiera del torneo non corrisponde alla partita. ", "Togli il cavallo nero da a3; metti la torre bianca in h1.", "Togli la donna bianca da h5 e mettila in d1."),
        ("nl", "Het toernooibord klopt niet met de partij. ", "Haal het zwarte paard van a3 weg; zet de witte toren op h1.", "Haal de witte dame van h5 en zet hem op d1."),
    ];
    for (lang, differs, two_steps, one_move) in cases {
        let mut setup = setup(lang);
        setup.transfers = tiflo::game::transfer::Mode::Both;
        let mut g = Game::new(setup);
        g.moves("e4");
        // e4 still to make there; a black knight too many on a3, White's
        // rook missing from h1.
        let mut seen = Board::default();
        seen.discard_piece_at(Square::H1);
        seen.set_piece_at(Square::A3, shakmaty::Piece { color: Color::Black, role: shakmaty::Role::Knight });
        let out = g.session.handle(g.now, Event::BoardSeen(seen));
        assert_eq!(joined(&g.take(out)), format!("{differs}{two_steps}"), "{lang}");
        // The white queen on h5 instead of d1.
        let mut seen = Board::default();
        seen.discard_piece_at(Square::D1);
        seen.set_piece_at(Square::H5, shakmaty::Piece { color: Color::White, role: shakmaty::Role::Queen });
        let out = g.session.handle(g.now, Event::BoardSeen(seen));
        assert_eq!(joined(&g.take(out)), format!("{differs}{one_move}"), "{lang}");
    }
}

#[test]
fn board_transfers_pending_reminded_done_and_a_wrong_board_fixed_in_words() {
    use shakmaty::{Board, Piece, Role, Square};
    let mut setup = setup("es");
    setup.transfers = tiflo::game::transfer::Mode::Both;
    setup.transfer_reminder_ms = 30_000;
    let mut g = Game::new(setup);
    let event = |g: &mut Game, secs: u64, e: Event| {
        g.now += s(secs);
        let out = g.session.handle(g.now, e);
        joined(&g.take(out))
    };
    g.moves("e4");
    assert_eq!(joined(&g.line(1, "traslados")), "Traslados pendientes: 1. Blancas: e4: falta hacerla en el tablero de torneo.");
    assert!(g.tick(20).is_empty(), "not yet");
    assert!(joined(&g.tick(10)).starts_with("Recuerda. Traslados pendientes: 1. Blancas: e4"));
    assert!(g.tick(5).is_empty(), "not reminded again so soon");
    // The electronic tournament board, still before e4: nothing to say.
    let start = Board::default();
    assert_eq!(event(&mut g, 1, Event::BoardSeen(start.clone())), "");
    // The assistant made e4 there: the transfer is done (journaled).
    let after_e4: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR".parse().unwrap();
    assert_eq!(event(&mut g, 1, Event::BoardSeen(after_e4)), "En el tablero de torneo: 1. Blancas: e4.");
    assert!(g.journal.iter().any(|e| matches!(e, tiflo::game::entry::Entry::Transferred { ply: 0, .. })));
    g.moves("e5");
    // A piece the opponent lifts, reported on request until the next move.
    let knight = Piece { color: shakmaty::Color::White, role: Role::Knight };
    event(&mut g, 1, Event::Touched(Some((Square::G1, knight))));
    assert_eq!(joined(&g.line(1, "tocada")), "Tu rival ha tocado: caballo blanco en g1.");
    // The player puts the opponent's move on the special board.
    assert_eq!(joined(&g.line(1, "hecho")), "En tu tablero: 1. Negras: e5.");
    assert_eq!(joined(&g.line(1, "hecho")), "No hay traslados pendientes.");
    g.moves("Cf3");
    assert_eq!(joined(&g.line(1, "tocada")), "Nadie ha tocado ninguna pieza desde la última jugada.");
    // The assistant put the knight on h3 instead of f3.
    let wrong: Board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/7N/PPPP1PPP/RNBQKB1R".parse().unwrap();
    assert_eq!(
        event(&mut g, 1, Event::BoardSeen(wrong)),
        "El tablero de torneo no coincide con la partida. Quita el caballo blanco de h3 y ponlo en f3."
    );
    // A captured piece left on the board and a pawn not moved.
    g.moves("Cc6");
    assert_eq!(joined(&g.line(1, "hecho")), "En tu tablero: 2. Negras: caballo c6.");
    assert!(g.session.pending_transfers().is_empty(), "2. Cf3 was answered, so it is on the tournament board");
    let left: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R".parse().unwrap();
    assert_eq!(event(&mut g, 1, Event::BoardSeen(left.clone())), "", "2. Cf3 made, Cc6 as well: the board is right");
    let mut missing = left.clone();
    missing.discard_piece_at(Square::H1);
    assert_eq!(
        event(&mut g, 1, Event::BoardSeen(missing)),
        "El tablero de torneo no coincide con la partida. Pon la torre blanca en h1."
    );
    // Resuming gives the same transfers.
    let resumed = g.resumed();
    assert_eq!(resumed.transfers(), g.session.transfers());
    assert_eq!(resumed.pending_transfers(), g.session.pending_transfers());
}

#[test]
fn study_mode_goes_through_a_game_and_takes_guesses() {
    let mut study = setup("es");
    study.study = Some(["e2e4", "e7e5", "g1f3", "b8c6"].map(String::from).to_vec());
    let (session, out) = Session::new(study, s(1000)).unwrap();
    let mut g = Game { session, journal: Vec::new(), said: Vec::new(), now: s(1000) };
    assert!(joined(&g.take(out)).contains("Estudio: 2 jugadas"));
    assert_eq!(joined(&g.line(1, "atrás")), "Al principio de la partida.");
    assert_eq!(joined(&g.line(1, "siguiente")), "1. Blancas: e4");
    // A guess: the wrong move is not played, the right one is.
    assert_eq!(joined(&g.line(1, "d5")), "d5 no es la jugada de la partida. Prueba otra vez, o di siguiente.");
    assert_eq!(g.ucis(), vec!["e2e4"]);
    g.line(1, "e5");
    assert_eq!(g.ucis(), vec!["e2e4", "e7e5"]);
    assert!(joined(&g.line(1, "atrás")).contains("e5"), "back one move");
    assert_eq!(g.ucis(), vec!["e2e4"]);
    for _ in 0..3 {
        g.line(1, "siguiente");
    }
    assert_eq!(g.ucis(), vec!["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(joined(&g.line(1, "siguiente")), "Fin de la partida.");
    // The study resumes where it was.
    assert_eq!(g.resumed().record().moves.len(), 4);
    // Outside a study, next and back say what they are for.
    let mut plain = Game::new(setup("es"));
    assert!(joined(&plain.line(1, "siguiente")).contains("tiflo daemon --study"));
}

#[test]
fn a_move_played_by_an_engine_or_an_eboard_is_never_read_back_and_an_illegal_one_is_said() {
    let mut st = setup("en");
    st.confirm_always = true;
    let mut g = Game::new(st);
    let e4 = shakmaty::uci::UciMove::from_ascii(b"e2e4").unwrap().to_move(g.session.position()).unwrap();
    g.now += s(1);
    let out = g.session.handle(g.now, Event::Played(e4));
    let said = g.take(out);
    assert_eq!(g.ucis(), ["e2e4"], "{said:?}");
    assert!(g.session.awaiting().is_none(), "no read-back: {said:?}");
    // The same move again is White's, not Black's: said, nothing recorded.
    let out = g.session.handle(g.now, Event::Played(e4));
    let said = g.take(out);
    assert!(joined(&said).contains("e2e4 is not a legal move for Black"), "{said:?}");
    assert_eq!(g.ucis(), ["e2e4"]);
}

#[test]
fn a_draw_offer_or_claim_heard_by_voice_is_read_back_and_other_commands_act_at_once() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    let said = |g: &mut Game, line: &str| {
        g.now += s(1);
        let out = g.session.handle(g.now, Event::heard_line(&tiflo::game::command::Words::new(Lang::En), line.into()));
        g.take(out)
    };
    // A query acts at once, as typed.
    assert_eq!(joined(&said(&mut g, "square e4")), joined(&g.line(0, "square e4")));
    // A draw offer is asked first; no: nothing done.
    assert_eq!(joined(&said(&mut g, "draw")), "I heard: draw. Is that right? Yes or no.");
    assert_eq!(g.session.awaiting(), Some(tiflo::game::event::Awaiting::YesNo));
    assert_eq!(joined(&g.line(1, "no")), "Nothing done.");
    let journal = g.journal.len();
    // Yes: offered, as if typed.
    said(&mut g, "draw");
    let yes = g.line(1, "yes");
    assert!(g.journal.len() > journal, "the offer is journaled: {yes:?}");
    let mut typed = Game::new(setup("en"));
    typed.moves("e4 e5");
    assert_eq!(yes, typed.line(1, "draw"));
}

#[test]
fn a_line_past_the_bound_is_refused_in_words_and_input_is_quoted_short() {
    for (lang, refusal) in [
        ("en", "That is too long to read: at most 4096 characters. Nothing was recorded."),
        ("es", "Es demasiado largo para leerlo: como mucho 4096 caracteres. No se ha anotado nada."),
        ("de", "Das ist zu lang zum Lesen: höchstens 4096 Zeichen. Nichts wurde notiert."),
    ] {
        let mut g = Game::new(setup(lang));
        let journal = g.journal.len();
        // 4,097 characters, a game pasted whole: refused unread, never
        // echoed; the same typed, said or sent from the page.
        let pasted = format!("1.e4 {}", "e5 ".repeat(1364));
        assert_eq!(pasted.chars().count(), 4097);
        assert_eq!(g.line(1, &pasted), [refusal]);
        g.now += s(1);
        let out = g.session.handle(g.now, Event::Said { line: pasted.clone(), command: tiflo::game::command::Command::Moves });
        assert_eq!(g.take(out), [refusal]);
        assert_eq!(g.session.read_typed(&pasted), Err(refusal.to_owned()));
        // Accented letters count as one character each, not as their bytes.
        let said = g.line(1, &format!("e4{}", "é".repeat(4094)));
        assert!(said.iter().all(|l| l != refusal), "{said:?}");
        assert_eq!(g.journal.len(), journal, "nothing recorded");
        // Up to the bound a line is read: 4,096 characters that are a move.
        let said = g.line(1, &format!("e4{}", " ".repeat(4094)));
        assert_eq!(g.ucis(), ["e2e4"], "{said:?}");
    }
    // What a sentence quotes of the input is its first 40 characters: an
    // unreadable word of 300, a pasted line of 2,600.
    let mut g = Game::new(setup("en"));
    let word = "q".repeat(300);
    let said = joined(&g.line(1, &word));
    assert!(said.contains(&format!("I cannot read {}… as a move", "q".repeat(40))), "{said}");
    let pasted: String = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ".chars().cycle().take(2600).collect();
    let said = joined(&g.line(1, &pasted));
    assert!(!said.contains(&pasted[..41]) && said.contains(&pasted[..40].trim_end().to_string()), "{said}");
    assert!(said.chars().count() < 300, "{said}");
    let said = g.session.read_typed(&word).unwrap_err();
    assert!(said.chars().count() < 200 && !said.contains(&word[..41]), "{said}");
}

/// A journal written before the journal's records were apart from
/// [`Entry`] (by the encoder of that time, kept in `tests/data/journal`).
fn old_journal(name: &str) -> (String, Vec<Entry>) {
    let path = format!("{}/tests/data/journal/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the fixture");
    let decoded = tiflo::game::journal::decode::<Entry>(text.as_bytes());
    assert_eq!(decoded.problem, None, "{name}");
    (text, decoded.records)
}

#[test]
fn a_game_journaled_by_an_earlier_version_resumes_as_it_was() {
    let (text, entries) = old_journal("v1-game.journal");
    assert_eq!(entries.len(), text.lines().count() - 1);
    let game = Session::resume(&entries).expect("the old journal resumes");
    assert_eq!(game.setup().lang, Lang::Es);
    assert_eq!(game.setup().time_control.to_string(), "300+2");
    let ucis: Vec<String> = game.record().moves.iter().map(|m| m.mv.to_uci(shakmaty::CastlingMode::Standard).to_string()).collect();
    assert_eq!(ucis, ["e2e4", "e7e5", "b1c3", "g8f6", "f1c4", "f8c5"]);
    assert_eq!(game.ending(), Some(Ending::Resigned(Color::Black)));
    assert_eq!(game.clocks().remaining(Color::White, s(0)), s(238));
    assert_eq!(game.clocks().remaining(Color::Black, s(0)), s(270));
    // Written again, the records are the same bytes.
    let again: String = std::iter::once(tiflo::game::journal::HEADER.to_owned())
        .chain(entries.iter().map(tiflo::game::journal::encode))
        .collect();
    assert_eq!(again, text);
}

#[test]
fn every_record_kind_of_an_earlier_version_reads_typed_and_writes_back_the_same() {
    let (text, entries) = old_journal("v1-every-record.journal");
    assert_eq!(entries.len(), 22);
    let Entry::Begin { setup, .. } = &entries[0] else { panic!("{:?}", entries[0]) };
    assert_eq!(setup.lang, Lang::Pt);
    assert_eq!(setup.time_control.periods.len(), 2);
    assert_eq!(setup.fen.as_ref().map(ToString::to_string).as_deref(), Some("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"));
    assert!(!setup.claim_hints && setup.engine && setup.mirror);
    assert!(matches!(&entries[10], Entry::Claim { claim: ClaimKind::FiftyMoves, uci: Some(u), .. } if u.to_string() == "e7e8q"));
    let results: Vec<GameResult> =
        entries.iter().filter_map(|e| if let Entry::Result { result, .. } = e { Some(*result) } else { None }).collect();
    assert_eq!(results, [GameResult::Draw, GameResult::WhiteWins, GameResult::BlackWins]);
    let again: String = std::iter::once(tiflo::game::journal::HEADER.to_owned())
        .chain(entries.iter().map(tiflo::game::journal::encode))
        .collect();
    assert_eq!(again, text);
}

/// A game begun with a profile of `config/` as the daemon begins it: its
/// set-up, and the settings the session keeps outside the journal.
fn with_profile(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config").join(name);
    let config = tiflo::daemon::config::load(Some(&path), None, &Default::default()).expect("the profile loads");
    let mut g = Game::new(tiflo::daemon::setup_of(&config, s(1000)));
    tiflo::daemon::dialogue_settings(&mut g.session, &config);
    g
}

#[test]
fn the_tournament_profile_never_records_an_unconfirmed_spoken_move_and_home_echoes_a_sure_one() {
    let mut g = with_profile("tournament.toml");
    let nf3 = |g: &Game| shakmaty::uci::UciMove::from_ascii(b"g1f3").unwrap().to_move(g.session.position()).unwrap();
    // Heard for sure, heard unsure: both read back, neither recorded.
    for sure in [true, false] {
        let m = nf3(&g);
        let said = g.event(1, Event::Heard { heard: "caballo efe tres".into(), moves: vec![m], sure });
        assert_eq!(said, ["Blancas: ¿caballo f3? Sí o no."], "sure {sure}");
        assert!(g.session.record().moves.is_empty() && g.journal.len() == 1, "sure {sure}: {:?}", g.journal);
        assert!(!g.session.moment(g.now).echoed);
        g.line(1, "no");
        assert!(g.session.record().moves.is_empty());
    }
    // Only the player's yes records it.
    let m = nf3(&g);
    g.event(1, Event::Heard { heard: "caballo efe tres".into(), moves: vec![m], sure: true });
    g.event(1, Event::Said { line: "sí".into(), command: tiflo::game::command::Command::Yes });
    assert_eq!(g.ucis(), ["g1f3"]);
    // At home the same sure reading is recorded at once, echoed, and a no
    // in time undoes it.
    let mut g = with_profile("home.toml");
    let m = nf3(&g);
    let said = g.event(1, Event::Heard { heard: "caballo efe tres".into(), moves: vec![m], sure: true });
    assert_eq!((said, g.ucis()), (vec!["caballo f3.".to_owned()], vec!["g1f3".to_owned()]));
    let said = g.event(1, Event::Said { line: "no".into(), command: tiflo::game::command::Command::No });
    assert_eq!(said[0], "Anulada la jugada caballo f3.");
    assert!(g.session.record().moves.is_empty());
}
