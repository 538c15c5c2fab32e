//! A game session driven with fake time by a test: its journal, every
//! sentence said, and lines typed some seconds apart.

#![allow(dead_code)]

use std::time::Duration;

use tiflo::game::entry::{Entry, Setup, Side};

use tiflo::game::event::{Event, Output};

use tiflo::game::session::Session;

pub fn setup(lang: &str) -> Setup {
    Setup {
        lang: lang.parse().expect("a language"),
        side: Side::White,
        time_control: "300+2".parse().expect("a time control"),
        mirror: false,
        confirm_always: false,
        correction_ms: 10_000,
        low_time_warnings: vec![60, 10],
        warn_both: false,
        fen: None,
        tags: vec![("White".into(), "Ana".into()), ("Black".into(), "Bea".into())],
        announce: None,
        announce_style: Default::default(),
        file_words: Default::default(),
        transfers: Default::default(),
        transfer_reminder_ms: 0,
        study: None,
        study_notes: Vec::new(),
        engine: false,
        claim_hints: true,
    }
}

pub const fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

/// A session with its journal and everything said.
pub struct Game {
    pub session: Session,
    pub journal: Vec<Entry>,
    pub said: Vec<String>,
    pub now: Duration,
}

impl Game {
    pub fn new(setup: Setup) -> Game {
        let (session, out) = Session::new(setup, s(1000)).expect("set-up");
        let mut g = Game { session, journal: Vec::new(), said: Vec::new(), now: s(1000) };
        g.take(out);
        g
    }

    pub fn take(&mut self, out: Vec<Output>) -> Vec<String> {
        let mut said = Vec::new();
        for o in out {
            match o {
                Output::Journal(e) => {
                    assert!(self.journal.last().is_none_or(|l| l.time() <= e.time()), "entry times go forward");
                    self.journal.push(e);
                }
                Output::Say { text, .. } => {
                    assert!(!text.contains('{') && !text.trim().is_empty(), "unformatted text {text:?}");
                    said.push(text);
                }
                other => said.push(format!("<{other:?}>")),
            }
        }
        self.said.extend(said.iter().cloned());
        said
    }

    /// Sends `event` `secs` seconds after the previous one.
    pub fn event(&mut self, secs: u64, event: Event) -> Vec<String> {
        self.now += s(secs);
        let out = self.session.handle(self.now, event);
        self.take(out)
    }

    /// Time passing: a tick `secs` seconds after the previous event.
    pub fn tick(&mut self, secs: u64) -> Vec<String> {
        self.event(secs, Event::Tick)
    }

    /// Types `line` `secs` seconds after the previous event.
    pub fn line(&mut self, secs: u64, line: &str) -> Vec<String> {
        self.event(secs, Event::Line(line.into()))
    }

    /// Types each move one second apart; each must be recorded.
    pub fn moves(&mut self, moves: &str) {
        for m in moves.split_whitespace() {
            let before = self.session.record().moves.len();
            let said = self.line(1, m);
            assert_eq!(self.session.record().moves.len(), before + 1, "{m} not recorded: {said:?}");
        }
    }

    pub fn ucis(&self) -> Vec<String> {
        self.session.record().moves.iter().map(|m| m.mv.to_uci(shakmaty::CastlingMode::Standard).to_string()).collect()
    }

    pub fn resumed(&self) -> Session {
        Session::resume(&self.journal).expect("the journal resumes")
    }
}

pub fn joined(said: &[String]) -> String {
    said.join(" | ")
}
