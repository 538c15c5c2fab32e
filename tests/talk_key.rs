//! The talk key of push to talk on tiflo's own serial driver, against fake
//! Baum and HandyTech displays on pseudo-terminals: the key held down comes
//! as a press and a release (`Action::Talk`), a routing key pressed
//! meanwhile still routes, a dot pressed with it makes a chord that is
//! typed, and a display without the key named keeps its keys as they were.

mod common;

use std::time::{Duration, Instant};

use common::displays::{FakeBaum, FakeHandyTech};
use tiflo::braille::display::{Action, Display, HoldToTalk};
use tiflo::braille::keys::{TalkEdge, Typed};
use tiflo::braille::serial::{Protocol, SerialBraille, SerialDisplay};

const WAIT: Duration = Duration::from_secs(10);

/// Polls until `count` actions came (or the wait is over).
fn actions(display: &mut dyn Display, count: usize) -> Vec<Action> {
    let start = Instant::now();
    let mut out = Vec::new();
    while out.len() < count && start.elapsed() < WAIT {
        out.extend(display.poll(Duration::from_millis(50)).expect("the display answers"));
    }
    out
}

const DOWN: Action = Action::Talk(TalkEdge::Down);
const UP_THEN: Action = Action::Talk(TalkEdge::Up { then: true });

#[test]
fn dot_8_held_down_on_a_baum_display_is_a_press_and_a_release() {
    let fake = FakeBaum::start(40, "VarioUltra 40");
    let d = SerialDisplay::open(&fake.path(), Protocol::Baum, WAIT).expect("the fake answers the probe");
    let mut d = SerialBraille::new(d).with_talk_key("dot8");
    assert_eq!(d.hold_to_talk(), HoldToTalk::Yes);

    // Held, a routing key meanwhile, let go: the release is followed by
    // what dot 8 alone does (enter), for when the press is not taken.
    fake.hold_dots(&[8]);
    assert_eq!(actions(&mut d, 1), vec![DOWN]);
    fake.press_routing(3);
    assert_eq!(actions(&mut d, 1), vec![Action::Route(3)]);
    fake.release_dots();
    assert_eq!(actions(&mut d, 2), vec![UP_THEN, Action::Enter]);

    // Dot 1 joins it: a chord, typed as the cell of both.
    fake.hold_dots(&[8]);
    assert_eq!(actions(&mut d, 1), vec![DOWN]);
    fake.hold_dots(&[1, 8]);
    assert_eq!(actions(&mut d, 1), vec![Action::Talk(TalkEdge::Chord)]);
    fake.release_dots();
    assert_eq!(actions(&mut d, 1), vec![Action::Typed(Typed::Cell(0b1000_0001))]);

    // Typed with the other dots first: an ordinary cell, no talk.
    fake.type_dots(&[1, 2, 8]);
    assert_eq!(actions(&mut d, 1), vec![Action::Typed(Typed::Cell(0b1000_0011))]);

    // The other keys are as they were.
    fake.press_display_key(5);
    assert_eq!(actions(&mut d, 1), vec![Action::PanForward]);
}

#[test]
fn a_key_named_by_its_brltty_name_is_the_talk_key_and_one_the_display_lacks_changes_nothing() {
    let fake = FakeBaum::start(40, "VarioUltra 40");
    let d = SerialDisplay::open(&fake.path(), Protocol::Baum, WAIT).unwrap();
    // B9 is the PocketVario's space bar: held alone it talks; let go, it
    // types the space it types on its own.
    let mut d = SerialBraille::new(d).with_talk_key("b9");
    fake.press_entry_keys(0x01, 0);
    assert_eq!(actions(&mut d, 3), vec![DOWN, UP_THEN, Action::Typed(Typed::Space)]);
    fake.type_dots(&[8]);
    assert_eq!(actions(&mut d, 1), vec![Action::Enter]);
    drop(d);

    let d = SerialDisplay::open(&fake.path(), Protocol::Baum, WAIT).unwrap();
    let mut d = SerialBraille::new(d).with_talk_key("pedal");
    assert_eq!(d.hold_to_talk(), HoldToTalk::NoKey("pedal".into()));
    fake.type_dots(&[8]);
    assert_eq!(actions(&mut d, 1), vec![Action::Enter]);
}

#[test]
fn b8_is_the_talk_key_of_a_handytech_braille_star() {
    let fake = FakeHandyTech::start(0x74);
    let d = SerialDisplay::open(&fake.path(), Protocol::HandyTech, WAIT).expect("the fake answers the reset");
    let mut d = SerialBraille::new(d).with_talk_key("dot8");
    assert_eq!(d.hold_to_talk(), HoldToTalk::Yes);
    // In the default context B8 alone does nothing of its own.
    fake.type_dots(&[8]);
    assert_eq!(actions(&mut d, 2), vec![DOWN, Action::Talk(TalkEdge::Up { then: false })]);
    // With B4, BRLTTY's previous view: a chord.
    fake.press_codes(&[0x1F, 0x0F]);
    assert_eq!(actions(&mut d, 3), vec![DOWN, Action::Talk(TalkEdge::Chord), Action::PreviousView]);
    // In braille input mode B8 alone is dot 8: enter.
    fake.enter_braille_input();
    fake.type_dots(&[8]);
    assert_eq!(actions(&mut d, 2), vec![DOWN, UP_THEN, Action::Enter]);
}
