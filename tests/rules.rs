//! FIDE rules an examiner found tiflo getting wrong, playing as a blind
//! player and as an arbiter; each test cites the article it checks and its
//! expected values come from the rule's text, not from tiflo.
//!
//! Sources: the FIDE Laws of Chess (Article 6 on the clock, 8 on the
//! scoresheet, 9 on the drawn game, 11 on conduct, Appendix C on algebraic
//! notation) and the rules for blind players (Supplement 3, Appendix D), as
//! summarised in the project's reference notes.

#[path = "common/play.rs"]
mod play;

use std::time::Duration;

use play::{Game, joined, s, setup};
use proptest::prelude::*;
use shakmaty::{Color, Move, Position};
use tiflo::game::event::Event;

// ---------------------------------------------------------------------------
// 1. An arbiter's take-back takes back what the move did to the clocks.
// ---------------------------------------------------------------------------

/// Article 6.2 (the clock) and 6.3 (the time controls): a period's time is
/// added when its last move is completed. A move the arbiter takes back was
/// never completed, so the time it earned goes with it; replaying it earns
/// it once.
#[test]
fn a_take_back_takes_back_the_time_a_move_earned_by_reaching_the_control() {
    let mut st = setup("es");
    st.time_control = "2/60:30".parse().unwrap();
    let mut g = Game::new(st);
    g.line(1, "e4"); // White's clock starts with the first move: 0 s used.
    g.line(2, "e5"); // Black: 2 s.
    g.line(3, "Cf3"); // White: 3 s; two moves made: +30 s.
    g.line(4, "Cc6"); // Black: 4 s; two moves made: +30 s.
    let said = g.line(5, "anular");
    assert!(joined(&said).contains("caballo c6"), "{said:?}");
    g.line(1, "sí"); // White's clock ran 6 s before the take-back.
    assert_eq!(g.ucis(), ["e2e4", "e7e5", "g1f3"]);
    // Black's second move is not made: no control reached, no 30 s.
    assert_eq!(g.session.clocks().remaining(Color::Black, g.now), s(60 - 2 - 4));
    g.line(7, "Cc6"); // Black: 7 s more; the control is reached once.
    assert_eq!(g.session.clocks().remaining(Color::Black, g.now), s(60 + 30 - 2 - 4 - 7));
    assert_eq!(g.session.clocks().remaining(Color::White, g.now), s(60 + 30 - 3 - 6));
    let resumed = g.resumed();
    assert_eq!(resumed.clocks().remaining(Color::Black, g.now), s(77), "the journal gives the same clocks");
}

/// Article 6.2.1 and the increment ("Fischer") mode: the increment is added
/// for a move made. A taken-back move keeps no increment.
#[test]
fn a_take_back_takes_back_the_increment_of_the_move() {
    let mut st = setup("en");
    st.time_control = "300+10".parse().unwrap();
    let mut g = Game::new(st);
    g.moves("e4 e5 Nf3"); // one second each; White's clock starts at e4.
    g.line(1, "takeback");
    g.line(1, "yes");
    // White: 300 + 10 (e4) - 1 (Nf3); Black: 300 + 10 (e5) - 1 - 2.
    assert_eq!(g.session.clocks().remaining(Color::White, g.now), s(309));
    assert_eq!(g.session.clocks().remaining(Color::Black, g.now), s(307));
    g.moves("Nf3");
    assert_eq!(g.session.clocks().remaining(Color::White, g.now), s(309 - 1 + 10));
    // Taking back both sides' moves, one after the other.
    let mut st = setup("en");
    st.time_control = "300+10".parse().unwrap();
    let mut g = Game::new(st);
    g.moves("d4 d5");
    for _ in 0..2 {
        g.line(1, "takeback");
        g.line(1, "yes");
    }
    assert!(g.ucis().is_empty());
    // Black: 300 - 1 (d5) - 2 (its clock ran from the first take-back to the
    // second); White: 300 - 2 (its clock ran from d5 to the first take-back).
    assert_eq!(g.session.clocks().remaining(Color::Black, g.now), s(297));
    assert_eq!(g.session.clocks().remaining(Color::White, g.now), s(300 - 2));
}

/// The model of a time control, straight from its definition: the first
/// period's time, plus for each move made its period's increment, plus the
/// next period's time after the last move of a counted period (the last
/// counted period repeats).
fn earned(control: &str, moves: u32) -> Duration {
    let periods: Vec<(Option<u32>, u64, u64)> = control
        .split(':')
        .map(|p| {
            let (count, rest) = match p.split_once('/') {
                Some((c, r)) => (Some(c.parse().unwrap()), r),
                None => (None, p),
            };
            let (time, inc) = match rest.split_once('+') {
                Some((t, i)) => (t.parse().unwrap(), i.parse().unwrap()),
                None => (rest.parse().unwrap(), 0),
            };
            (count, time, inc)
        })
        .collect();
    let (mut total, mut period, mut in_period) = (periods[0].1, 0, 0);
    for _ in 0..moves {
        let (count, _, inc) = periods[period];
        total += inc;
        in_period += 1;
        if count == Some(in_period) {
            in_period = 0;
            if period + 1 < periods.len() {
                period += 1;
            }
            total += periods[period].1;
        }
    }
    s(total)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// Any moves and take-backs leave the clocks as if the taken-back moves
    /// had never been made: each side has what its moves still on the
    /// scoresheet earned, less the time its clock really ran.
    #[test]
    fn take_backs_leave_the_clocks_as_if_the_moves_were_never_made(
        control in proptest::sample::select(vec!["600", "600+10", "3/600:300+5", "2/300:1/60", "40/5400+30:1800+30"]),
        ops in proptest::collection::vec((0u8..10, 0u64..15_000, any::<u16>()), 1..40),
    ) {
        let mut st = setup("en");
        st.time_control = control.parse().unwrap();
        let mut g = Game::new(st);
        let mut used = [Duration::ZERO; 2];
        let mut started = false;
        let index = |c: Color| usize::from(c == Color::Black);
        for (op, wait, pick) in ops {
            if g.session.ending().is_some() {
                break;
            }
            let turn = g.session.position().turn();
            let wait = Duration::from_millis(wait);
            if started {
                used[index(turn)] += wait;
            }
            g.now += wait;
            let plies = g.session.record().moves.len();
            if op < 3 && plies > 0 {
                // The arbiter's take-back, confirmed at once.
                let out = g.session.handle(g.now, Event::Line("takeback".into()));
                g.take(out);
                let out = g.session.handle(g.now, Event::Line("yes".into()));
                g.take(out);
                prop_assert_eq!(g.session.record().moves.len(), plies - 1);
            } else {
                let legal = g.session.position().legal_moves();
                let m: Move = legal[usize::from(pick) % legal.len()];
                let out = g.session.handle(g.now, Event::Played(m));
                g.take(out);
                prop_assert_eq!(g.session.record().moves.len(), plies + 1);
                started = true;
            }
        }
        let record = g.session.record();
        for side in [Color::White, Color::Black] {
            let made = record.moves.iter().enumerate().filter(|(ply, _)| record.move_number(*ply).1 == side).count() as u32;
            let expected = earned(control, made).saturating_sub(used[index(side)]);
            prop_assert_eq!(g.session.clocks().remaining(side, g.now), expected, "{:?} after {} moves", side, made);
        }
    }
}

// ---------------------------------------------------------------------------
// 2. A draw offer is the offerer's, and is marked beside the offerer's move.
// ---------------------------------------------------------------------------

/// Article 9.1.b: a draw offered on one's own turn, before moving, is valid
/// and stands until the opponent answers. Article 8.1.d and Appendix C.12:
/// the offer is written `(=)`, after the move of the player who made it
/// ("tras el movimiento realizado por el jugador que la hace"), so an offer
/// made before moving goes beside that player's next move.
#[test]
fn a_draw_offered_on_ones_own_turn_is_ones_own() {
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5");
    let said = g.line(1, "tablas");
    assert!(joined(&said).contains("Las blancas ofrecen tablas"), "{said:?}");
    assert!(!joined(&said).contains("Negras ofrecen"), "{said:?}");
    assert!(!g.session.record().moves[1].draw_offer, "not on Black's e5");
    assert_eq!(g.session.draw_offer(), Some(Color::White));
    // White moves: the offer stands, and is marked beside White's move.
    g.moves("Cf3");
    assert!(g.session.record().moves[2].draw_offer);
    assert_eq!(g.session.draw_offer(), Some(Color::White), "the offer stands until Black answers");
    let said = g.line(1, "acepto");
    assert!(joined(&said).contains("Tablas"), "{said:?}");
    let pgn = g.session.record().to_pgn();
    assert!(pgn.contains("2. Nf3 {[%clk 0:05:02] (=)}") && pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(pgn.contains("1... e5 {[%clk 0:05:01]}"), "{pgn}");
    assert_eq!(g.resumed().record(), g.session.record());

    // Declined before the move: the offer was made all the same, and both
    // scoresheets record it (Article 8.1.d).
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    g.line(1, "draw");
    let said = g.line(1, "decline");
    assert!(joined(&said).contains("declined"), "{said:?}");
    g.moves("Nf3");
    assert!(g.session.record().moves[2].draw_offer);
    assert_eq!(g.session.draw_offer(), None);
}

/// Article 9.1.b: "a player wishing to offer a draw shall do so after having
/// made a move on the chessboard and before pressing the clock": a move and
/// an offer written on one line are that, whoever's move it is.
#[test]
fn a_move_and_a_draw_offer_on_one_line_offer_with_the_move() {
    for (lang, lines, offered) in [
        ("es", &["e4", "e5", "Cf3 tablas"][..], "Las blancas ofrecen tablas"),
        ("es", &["e4", "e5", "Cf3 (=)"][..], "Las blancas ofrecen tablas"),
        ("es", &["e4", "e5", "Cf3(=)"][..], "Las blancas ofrecen tablas"),
        ("es", &["e4", "e5 tablas", "Cf3"][..], "Las negras ofrecen tablas"),
        ("en", &["e4 draw", "e5", "Nf3"][..], "White offers a draw"),
        ("de", &["e4", "e5", "Sf3 Remis"][..], "Weiß bietet Remis an"),
    ] {
        let mut g = Game::new(setup(lang));
        let mut said = Vec::new();
        for l in lines {
            said.extend(g.line(1, l));
        }
        assert_eq!(g.session.record().moves.len(), 3, "{lang} {lines:?}: {said:?}");
        assert!(joined(&said).contains(offered), "{lang} {lines:?}: {said:?}");
        let marked: Vec<usize> = g.session.record().moves.iter().enumerate().filter(|(_, m)| m.draw_offer).map(|(i, _)| i).collect();
        let with = lines.iter().position(|l| l.contains(' ') || l.contains("(=)")).unwrap();
        assert_eq!(marked, vec![with], "{lang} {lines:?}: (=) beside the move it was written with");
        assert_eq!(g.resumed().record(), g.session.record());
    }
    // Read back for a yes: the offer is part of what is confirmed.
    let mut st = setup("es");
    st.confirm_always = true;
    let mut g = Game::new(st);
    let said = g.line(1, "Cf3 tablas");
    assert!(joined(&said).contains("caballo f3") && joined(&said).contains("tablas"), "{said:?}");
    assert!(g.session.record().moves.is_empty());
    let said = g.line(1, "sí");
    assert!(joined(&said).contains("Las blancas ofrecen tablas"), "{said:?}");
    assert!(g.session.record().moves[0].draw_offer);
    // Not confirmed: neither the move nor the offer.
    let said = g.line(1, "Cf6 tablas");
    g.line(1, "no");
    assert_eq!(g.session.record().moves.len(), 1, "{said:?}");
    assert_eq!(g.session.draw_offer(), Some(Color::White));
}

// ---------------------------------------------------------------------------
// 3. Another language's piece letters are never guessed.
// ---------------------------------------------------------------------------

/// Appendix C.2 and C.3: each player writes the initials of the piece names
/// of their own language (Spanish R = rey, the king; German S = Springer;
/// French F = fou; Dutch P = paard). A move that is illegal in those letters
/// but legal in another language's is not what the player wrote: it is
/// asked, and recorded only on a yes, whatever the confirm mode.
#[test]
fn letters_of_another_language_are_asked_never_guessed() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const OPEN: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    for (lang, fen, text, asked, uci, yes, no) in [
        ("es", "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1", "Rb3", "Rb3 no es una jugada legal de las blancas. ¿Quisiste decir torre b3? Sí o no.", "b1b3", "sí", "no"),
        ("es", "7k/8/8/8/8/8/8/R5K1 w - - 0 1", "Re1", "¿Quisiste decir torre e1?", "a1e1", "sí", "no"),
        ("it", "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1", "Rb3", "Volevi dire torre b3?", "b1b3", "sì", "no"),
        ("pt", "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1", "Rb3", "Querias dizer torre b3?", "b1b3", "sim", "não"),
        ("pt", START, "Nf3", "Querias dizer cavalo f3?", "g1f3", "sim", "não"),
        ("de", START, "Nf3", "Meinten Sie Springer f3?", "g1f3", "ja", "nein"),
        ("nl", START, "Nf3", "Bedoelde je paard f3?", "g1f3", "ja", "nee"),
        ("fr", OPEN, "Bc4", "Voulais-tu dire fou c4 ?", "f1c4", "oui", "non"),
        ("fr", OPEN, "Nf3", "Voulais-tu dire cavalier f3 ?", "g1f3", "oui", "non"),
    ] {
        for confirm_always in [false, true] {
            let mut st = setup(lang);
            st.fen = (fen != START).then(|| fen.parse().unwrap());
            st.confirm_always = confirm_always;
            let mut g = Game::new(st);
            let said = g.line(1, text);
            assert!(joined(&said).contains(asked), "{lang} {text}: {said:?}");
            assert!(g.ucis().is_empty(), "{lang} {text}: recorded without a yes");
            assert_eq!(g.session.awaiting(), Some(tiflo::game::event::Awaiting::YesNo));
            g.line(1, no);
            assert!(g.ucis().is_empty(), "{lang} {text}: recorded after a no");
            g.line(1, text);
            let said = g.line(1, yes);
            assert_eq!(g.ucis(), [uci], "{lang} {text} confirm_always={confirm_always}: {said:?}");
            assert_eq!(g.resumed().record(), g.session.record());
        }
    }
    // UCI is every language's: its promotion letter is no English letter.
    let mut st = setup("es");
    st.fen = Some("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    g.moves("c7c8b");
    assert_eq!(g.ucis(), ["c7c8b"]);
    // The player's own letters still decide at once: Spanish Rf1 is the king.
    let mut st = setup("es");
    st.fen = Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap());
    let mut g = Game::new(st);
    g.moves("Rf1");
    assert_eq!(g.ucis(), ["e1f1"]);
    // A slip of the tongue corrected in another language's letters is asked too.
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5 Cf3");
    let said = g.line(1, "corregir Nc3");
    assert!(joined(&said).contains("¿Quisiste decir caballo c3?"), "{said:?}");
    assert_eq!(g.ucis().last().unwrap(), "g1f3");
    g.line(1, "sí");
    assert_eq!(g.ucis().last().unwrap(), "b1c3");
}

// ---------------------------------------------------------------------------
// 4. Touch-move: no false reassurance without a sensor.
// ---------------------------------------------------------------------------

/// Article 4 (touch-move) is the arbiter's to rule on, and the assistant
/// tells the arbiter when the sighted player touched a piece (Supplement 3,
/// section 4): without an electronic board nothing sees a piece touched, so
/// tiflo must not say that none was.
#[test]
fn touched_without_an_electronic_board_says_that_nothing_can_tell() {
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5");
    let said = g.line(1, "tocada");
    assert_eq!(said, ["No hay tablero electrónico conectado: nada puede decir si se ha tocado una pieza."]);
    let mut g = Game::new(setup("en"));
    g.moves("e4");
    let said = g.line(1, "touched");
    assert!(joined(&said).contains("nothing can tell") && !joined(&said).contains("No piece has been touched"), "{said:?}");
    // A board that sees pieces lifted can tell, until it goes.
    g.event(0, Event::Sensor(true));
    assert_eq!(g.line(1, "touched"), ["No piece has been touched since the last move."]);
    g.event(0, Event::Touched(Some((shakmaty::Square::G8, shakmaty::Piece { color: Color::Black, role: shakmaty::Role::Knight }))));
    assert_eq!(g.line(1, "touched"), ["Your opponent touched the black knight on g8."]);
    g.moves("Nf6");
    g.event(0, Event::Sensor(false));
    assert!(joined(&g.line(1, "touched")).contains("nothing can tell"));
}

// ---------------------------------------------------------------------------
// 5. Practice: a correction corrects the player's move; the engine waits.
// ---------------------------------------------------------------------------

/// Supplement 3, 3.b: a slip of the tongue in announcing a move is
/// corrected, before the opponent's clock is started. Against an engine
/// the slips are the player's: the engine waits for the correction time to
/// pass, or for the clock press, before answering, and its own moves are
/// no slips to correct.
#[test]
fn in_practice_the_engine_waits_for_the_correction_time_and_its_moves_are_not_corrected() {
    let mut st = setup("en");
    st.engine = true;
    let mut g = Game::new(st);
    assert!(g.session.settled(g.now), "nothing to wait for at the start");
    g.moves("e4");
    assert!(!g.session.settled(g.now + s(5)), "the player may still correct e4");
    assert!(g.session.settled(g.now + s(11)), "correction-ms (10 s) passed");
    g.line(2, "correct d4");
    assert_eq!(g.ucis(), ["d2d4"]);
    g.line(1, "press");
    assert!(g.session.settled(g.now), "the clock press ends the correction time");
    // The engine's reply: never corrected, whatever the time.
    let nf6 = shakmaty::uci::UciMove::from_ascii(b"g8f6").unwrap().to_move(g.session.position()).unwrap();
    g.event(1, Event::Played(nf6));
    let said = g.line(1, "correct Nc6");
    assert!(joined(&said).contains("The engine's moves are not corrected"), "{said:?}");
    assert_eq!(g.ucis(), ["d2d4", "g8f6"]);
    // The arbiter takes back the engine's move: the engine waits as after a
    // move, so that the player can take back their own move too.
    g.line(1, "takeback");
    g.line(1, "yes");
    assert!(!g.session.settled(g.now + s(5)));
    g.line(1, "takeback");
    let said = g.line(1, "yes");
    assert_eq!(g.ucis(), Vec::<String>::new(), "{said:?}");
    g.moves("c4");
    assert!(!g.session.settled(g.now));
    // Without an engine, Black's moves are corrected as White's are.
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    g.line(1, "correct c5");
    assert_eq!(g.ucis(), ["e2e4", "c7c5"]);
}

// ---------------------------------------------------------------------------
// 6. A journal is ruled again, never trusted.
// ---------------------------------------------------------------------------

/// A journal written by hand, or by another program, is ruled again entry
/// by entry on resume: a claim must hold (Article 9.2: the same position
/// three times; 9.3: fifty moves), a result, a resignation or a move comes
/// before the end of the game, a flag on tiflo's own clock falls at zero
/// (Article 6.9), a signature comes after the end (8.7), times go forward.
/// An entry that does not hold is an error: the journal is damaged.
#[test]
fn a_journal_is_ruled_again_on_resume() {
    use tiflo::game::entry::{ClaimKind, Entry, Side};
    use tiflo::game::session::Session;
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    let good = g.journal.clone();
    assert!(Session::resume(&good).is_ok());
    let t = g.now.as_millis() as u64 + 1000;
    let bad: Vec<(&str, Vec<Entry>)> = vec![
        ("a threefold claim at move 1", vec![Entry::Claim { t, claim: ClaimKind::Threefold, uci: None, written: String::new() }]),
        ("a fifty-move claim at move 1", vec![Entry::Claim { t, claim: ClaimKind::FiftyMoves, uci: Some("g1f3".parse().unwrap()), written: "Nf3".into() }]),
        ("a move after a resignation", vec![Entry::Resign { t, side: Side::Black }, Entry::Move { t, uci: "g1f3".parse().unwrap(), written: "Nf3".into(), echoed: false }]),
        ("a result after a result", vec![Entry::Result { t, result: tiflo::pgn::GameResult::WhiteWins }, Entry::Result { t, result: tiflo::pgn::GameResult::BlackWins }]),
        ("a flag with time left", vec![Entry::Flag { t, side: Side::White }]),
        ("a signature before the end", vec![Entry::Sign { t, side: Side::White }]),
        ("a decline with no offer", vec![Entry::Decline { t }]),
        ("a time going back", vec![Entry::Move { t: 1000, uci: "g1f3".parse().unwrap(), written: "Nf3".into(), echoed: false }]),
        ("a correction after the clock press", vec![Entry::Press { t }, Entry::Correct { t, uci: "c7c5".parse().unwrap(), written: "c5".into() }]),
    ];
    for (what, extra) in bad {
        let mut j = good.clone();
        j.extend(extra);
        assert!(Session::resume(&j).is_err(), "{what} was trusted");
    }
    // The same entries where they hold are taken.
    let mut g = Game::new(setup("en"));
    g.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    g.line(1, "claim");
    g.line(1, "sign");
    let resumed = g.resumed();
    assert_eq!(resumed.ending(), Some(tiflo::game::session::Ending::Claimed(ClaimKind::Threefold)));
    assert_eq!(resumed.record(), g.session.record());
}

/// The daemon sets a journal that does not hold aside, untouched, and
/// begins a new game: never a result the rules do not give.
#[test]
fn the_daemon_sets_aside_a_journal_whose_claim_does_not_hold() {
    use std::io::Write;
    use tiflo::game::entry::{ClaimKind, Entry};
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.journal");
    let mut g = Game::new(setup("en"));
    g.moves("e4");
    let mut text = String::new();
    for e in &g.journal {
        text.push_str(&tiflo::game::journal::encode(e));
    }
    text.push_str(&tiflo::game::journal::encode(&Entry::Claim { t: 1_002_000, claim: ClaimKind::Threefold, uci: None, written: String::new() }));
    std::fs::write(&journal, &text).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tiflo"))
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("XDG_STATE_HOME", dir.path().join("state"))
        .args(["daemon", "--speech", "text", "--braille", "none", "--listen", "none", "--lang", "en", "--journal"])
        .arg(&journal)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "moves").unwrap();
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("The journal is damaged") && said.contains("New game") && !said.contains("1/2-1/2") && !said.contains("½"), "{said}");
    let kept: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).filter(|p| p.to_string_lossy().contains(".damaged-")).collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), text, "kept untouched");
}

// ---------------------------------------------------------------------------
// 7. A finished game can still be signed after a crash.
// ---------------------------------------------------------------------------

/// Article 8.7: at the end both players sign both scoresheets, showing the
/// result. A game that ended but is not signed is kept when tiflo starts
/// again (a crash, a power cut): it is resumed, the missing signature is
/// said, and it is set aside only once signed or when a new game is asked
/// for.
#[test]
fn a_finished_game_is_signed_off_only_by_its_signatures() {
    let mut g = Game::new(setup("en"));
    g.moves("e4 e5");
    g.line(1, "result 1/2");
    g.line(1, "yes");
    assert!(!g.session.signed_off());
    let mut back = g.resumed();
    let said: Vec<String> = back.resumed(g.now + s(60)).into_iter().filter_map(|o| if let tiflo::game::event::Output::Say { text, .. } = o { Some(text) } else { None }).collect();
    assert!(joined(&said).contains("not signed yet"), "{said:?}");
    g.line(1, "sign");
    assert!(!g.session.signed_off(), "the opponent has not signed");
    let said = g.line(1, "new");
    assert_eq!(said, ["<NewGame>"], "a new game may be asked for all the same");
    g.line(1, "sign black");
    assert!(g.session.signed_off());
    // Against an engine, the player's signature is the scoresheet's.
    let mut st = setup("en");
    st.engine = true;
    let mut g = Game::new(st);
    g.moves("e4");
    g.line(1, "resign");
    g.line(1, "yes");
    g.line(1, "sign");
    assert!(g.session.signed_off());
    // A game going on is no new game.
    let mut g = Game::new(setup("es"));
    g.moves("e4");
    assert!(joined(&g.line(1, "nueva")).contains("no ha terminado"));
}

fn daemon_run(dir: &std::path::Path, journal: &std::path::Path, lines: &[&str]) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tiflo"))
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .args(["daemon", "--speech", "text", "--braille", "none", "--listen", "none", "--lang", "en", "--journal"])
        .arg(journal)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn kept(dir: &std::path::Path, what: &str) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.to_string_lossy().contains(what)).collect()
}

#[test]
fn the_daemon_keeps_a_finished_unsigned_game_to_be_signed() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.journal");
    // The game ends; tiflo stops before anyone signs.
    daemon_run(dir.path(), &journal, &["e4", "e5", "result 1-0", "yes"]);
    let said = daemon_run(dir.path(), &journal, &["sign"]);
    assert!(said.contains("White wins") && said.contains("not signed yet"), "{said}");
    assert!(said.contains("White signs the result. White wins, one to zero."), "{said}");
    assert!(kept(dir.path(), ".finished-").is_empty(), "kept to be signed");
    let said = daemon_run(dir.path(), &journal, &["sign black"]);
    assert!(said.contains("Black signs the result. White wins, one to zero."), "{said}");
    // Signed by both: set aside as before, and a new game begins.
    let said = daemon_run(dir.path(), &journal, &["moves"]);
    assert!(said.contains("The game in the journal was finished") && said.contains("No moves yet"), "{said}");
    assert_eq!(kept(dir.path(), ".finished-").len(), 1);
    // Or a new game is asked for without the signatures.
    daemon_run(dir.path(), &journal, &["d4", "resign", "yes"]);
    let said = daemon_run(dir.path(), &journal, &["new", "e4"]);
    assert!(said.contains("not signed yet") && said.contains("New game. You play White") && said.contains("1. White: e4"), "{said}");
    assert_eq!(kept(dir.path(), ".finished-").len(), 2);
}

// ---------------------------------------------------------------------------
// 8. A study is a study.
// ---------------------------------------------------------------------------

/// A study replays a recorded game: it has no clock (Article 6), no
/// opponent to offer a draw to or claim against (Article 9), and no arbiter
/// to take back a move or sign a result (Article 8.7). What belongs to a game
/// being played says so; the game's own comments and variations are read on
/// request, and its end says its result.
#[test]
fn a_study_is_a_study() {
    use tiflo::game::study::Note;
    let mut st = setup("es");
    st.study = Some(["e2e4", "e7e5", "g1f3", "b8c6"].map(String::from).to_vec());
    st.tags.push(("Result".into(), "1-0".into()));
    st.study_notes = vec![
        Note { after: 0, comments: vec!["Una partida clásica.".into()], variations: vec![] },
        Note { after: 2, comments: vec!["La respuesta simétrica.".into()], variations: vec![vec!["c7c5".into(), "g1f3".into()], vec!["e7e6".into()]] },
    ];
    let mut g = Game::new(st);
    assert_eq!(g.line(1, "comentario"), ["Comentario: Una partida clásica."]);
    assert_eq!(g.line(1, "variantes"), ["Aquí no hay variantes."]);
    g.line(1, "siguiente");
    assert_eq!(g.line(1, "comentario"), ["Aquí no hay comentario."]);
    g.line(1, "e5");
    assert_eq!(g.line(1, "comentarios"), ["Comentario: La respuesta simétrica."]);
    assert_eq!(g.line(1, "variantes"), ["En lugar de e5: 1... c5, 2. caballo f3; 1... e6."]);
    let journal = g.journal.len();
    for line in ["reloj", "tablas", "acepto", "rechazo", "reclamo", "abandono", "anular", "corregir Cc3", "resultado 1-0", "firmo", "empezar", "pulsado", "bandera", "ajustar 1:00:00 1:00:00"] {
        let said = g.line(1, line);
        assert!(joined(&said).contains("no tiene sentido en un estudio"), "{line}: {said:?}");
    }
    assert_eq!(g.journal.len(), journal, "nothing recorded");
    assert_eq!(g.ucis(), ["e2e4", "e7e5"]);
    g.line(1, "siguiente");
    let said = g.line(1, "siguiente");
    assert!(joined(&said).contains("Fin de la partida. Ganan las blancas"), "the last move says the end and the result: {said:?}");
    let said = g.line(1, "siguiente");
    assert!(joined(&said).contains("Fin de la partida. Ganan las blancas"), "{said:?}");
    // Every pack has the words and the sentences.
    for lang in ["en", "es", "pt", "fr", "de", "it", "nl"] {
        let texts = tiflo::i18n::Texts::new(lang.parse().unwrap());
        let mut st = setup(lang);
        st.study = Some(vec!["e2e4".into()]);
        st.study_notes = vec![Note { after: 1, comments: vec!["!".into()], variations: vec![vec!["d2d4".into()]] }];
        let mut g = Game::new(st);
        let word = |id: &str| texts.text(id).split(',').next().unwrap().trim().to_owned();
        g.line(1, &word("cmd-next"));
        assert!(joined(&g.line(1, &word("cmd-comment"))).contains('!'), "{lang}");
        let said = g.line(1, &word("cmd-variations"));
        assert!(joined(&said).contains("d4") && !joined(&said).contains("cmd-"), "{lang}: {said:?}");
        let said = g.line(1, &word("cmd-clock"));
        assert!(said.len() == 1 && said[0].contains(&word("cmd-clock")), "{lang}: {said:?}");
    }
}

/// The daemon reads a study's comments and variations from its PGN file,
/// and its result.
#[test]
fn the_daemon_reads_a_studys_comments_variations_and_result() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("study.pgn");
    std::fs::write(&pgn, "[Event \"Study\"]\n\n1. e4 {The king's pawn.} e5 (1... c5 2. Nf3) 2. Nf3 0-1\n").unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tiflo"))
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("XDG_STATE_HOME", dir.path().join("state"))
        .args(["daemon", "--speech", "text", "--braille", "none", "--listen", "none", "--lang", "en", "--study"])
        .arg(&pgn)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        for l in ["next", "comment", "next", "variations", "clock", "next"] {
            writeln!(stdin, "{l}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8(out.stdout).unwrap();
    for expected in ["Comment: The king's pawn.", "Instead of e5: 1... c5, 2. knight f3.", "clock has no place in a study", "End of the game. Black wins"] {
        assert!(said.contains(expected), "{expected}: {said}");
    }
}

// ---------------------------------------------------------------------------
// 9. No unsolicited help at a tournament.
// ---------------------------------------------------------------------------

/// Article 11.3: a player may not use sources of advice during play; the
/// assistant of a blind player tells the clock times only when asked
/// (Supplement 3, 4.c). So with the tournament settings tiflo never tells
/// that a draw may be claimed: the claim is ruled when the player makes it.
/// At home the hint stays (`claim-hints`).
#[test]
fn a_claimable_draw_is_not_hinted_at_a_tournament_and_a_claim_is_still_ruled() {
    const REPEAT: &str = "Cf3 Cf6 Cg1 Cg8 Cf3 Cf6 Cg1 Cg8";
    let mut st = setup("es");
    st.claim_hints = false;
    let mut g = Game::new(st);
    g.moves(REPEAT);
    assert!(!g.said.iter().any(|s| s.contains("reclamar")), "{:?}", g.said);
    let said = g.line(1, "reclamo");
    assert!(joined(&said).contains("triple repetición"), "{said:?}");
    assert_eq!(g.session.record().result, Some(tiflo::pgn::GameResult::Draw));
    // At home, said.
    let mut g = Game::new(setup("es"));
    g.moves(REPEAT);
    assert!(g.said.iter().any(|s| s.contains("pueden reclamar tablas")), "{:?}", g.said);
}

/// The tournament profile: no claim hint, no low-time warning.
#[test]
fn the_tournament_profile_gives_no_unsolicited_help() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tiflo"))
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("XDG_STATE_HOME", dir.path().join("state"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["daemon", "--config", "config/tournament.toml", "--speech", "text", "--braille", "none", "--listen", "none", "--page", "off", "--journal"])
        .arg(dir.path().join("game.journal"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        for m in ["Cf3", "Cf6", "Cg1", "Cg8", "Cf3", "Cf6", "Cg1", "Cg8"] {
            writeln!(stdin, "{m}").unwrap();
            writeln!(stdin, "sí").unwrap();
        }
        writeln!(stdin, "reclamo").unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("4. Negras: caballo g8"), "{said}");
    assert!(!said.contains("pueden reclamar"), "unsolicited help: {said}");
    assert!(said.contains("Tablas reclamadas por triple repetición"), "{said}");
}

/// The tournament profile's game: the clock runs low with no warning said
/// (the assistant tells the times when asked, Supplement 3, 4.c).
#[test]
fn the_tournament_profile_says_no_low_time_warning() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config/tournament.toml");
    let config = tiflo::daemon::config::load(Some(&path), None, &tiflo::daemon::config::PartialConfig::default()).expect("the profile loads");
    let mut g = Game::new(tiflo::daemon::setup_of(&config, s(1000)));
    for m in ["Cf3", "Cf6"] {
        g.line(1, m);
        g.line(0, "sí");
    }
    assert_eq!(g.session.record().moves.len(), 2);
    // White thinks until 4 minutes, then 20 seconds, are left.
    let left = g.session.clocks().remaining(Color::White, g.now).as_secs();
    // (Reminders of the transfers still to make are the assistant's duty,
    // not advice.)
    let said = g.event(left - 240, Event::Tick);
    assert!(!joined(&said).contains("quedan"), "{said:?}");
    let said = g.event(220, Event::Tick);
    assert!(!joined(&said).contains("quedan"), "{said:?}");
    assert_eq!(g.session.clocks().remaining(Color::White, g.now), s(20));
    // Asked, the times are told.
    assert!(joined(&g.line(0, "reloj")).contains("20 segundos"));
}

/// Article 9.5.2: a wrong claim adds two minutes to the opponent's clock;
/// Article 8.1.b: the scoresheet records what relates to a claim. The
/// rejected claim is on the PGN and on the printed scoresheet, with its
/// penalty, beside the claimant's move.
#[test]
fn a_rejected_claim_is_on_the_scoresheets_with_its_penalty() {
    use tiflo::notation::{Dialect, Lang, Notation};
    let mut g = Game::new(setup("es"));
    g.moves("e4 e5");
    let said = g.line(1, "reclamo Cf3");
    assert!(joined(&said).contains("Se añaden dos minutos al reloj de las negras"), "{said:?}");
    g.moves("Cc6 Ac4");
    // Black claims with no move; Black's next move carries it.
    g.line(1, "reclamo");
    g.moves("Cf6");
    let record = g.session.record();
    assert_eq!(record.moves[2].rejected_claim, Some(Color::White));
    assert_eq!(record.moves[5].rejected_claim, Some(Color::Black));
    let pgn = record.to_pgn();
    // White: 300 s + 2 (e4) - 1 + 2 (Nf3); Black got its two minutes.
    assert!(pgn.replace('\n', " ").contains("2. Nf3 {[%clk 0:05:03] claim by White rejected: +2 min to Black} 2... Nc6 {[%clk 0:07:02]}"), "{pgn}");
    assert!(pgn.contains("claim by Black rejected: +2 min to White}"), "{pgn}");
    let sheet = record.to_scoresheet(Dialect::new(Notation::San, Lang::Es).unwrap(), &tiflo::i18n::Texts::new(Lang::Es));
    assert!(sheet.contains("Cf3 [0:05:03] (reclamación de las blancas rechazada: +2 min para las negras)"), "{sheet}");
    assert!(sheet.contains("(reclamación de las negras rechazada: +2 min para las blancas)"), "{sheet}");
    // Read back from the PGN: the same record.
    let back = tiflo::game::scoresheet::read_records(&pgn, tiflo::pgn::ReadAs::Auto).remove(0).record;
    assert_eq!(back.moves[2].rejected_claim, Some(Color::White));
    assert_eq!(back.moves[5].rejected_claim, Some(Color::Black));
    assert_eq!(g.resumed().record(), record);
}
