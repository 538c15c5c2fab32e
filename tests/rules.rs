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
use tiflo::session::Event;

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
    st.time_control = "2/60:30".into();
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
    st.time_control = "300+10".into();
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
    st.time_control = "300+10".into();
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
        st.time_control = control.into();
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
