//! Chess clocks as a pure state machine: time controls, flag fall, periods,
//! increments and delays, driven by the caller's timestamps.
//!
//! Nothing here reads the wall clock. Every call takes `now`, the time since
//! an arbitrary origin (a monotonic clock in the daemon, fake time in tests).
//!
//! # Time-control syntax
//!
//! PGN's `TimeControl` tag, extended for delays. A control is one or more
//! periods separated by `:`; each period is
//!
//! ```text
//! [MOVES/]SECONDS[+INCREMENT | dDELAY | bDELAY]
//! ```
//!
//! - `5400`: sudden death, 90 minutes.
//! - `5400+30`: 90 minutes, 30 seconds added after each move (Fischer).
//! - `40/5400+30:1800+30`: 90 minutes for 40 moves, then 30 minutes for the
//!   rest, 30 seconds a move throughout. The time of a new period is added to
//!   what is left when the period's last move is completed.
//! - `300d5`: 5 minutes with a simple (US) delay of 5 seconds: each move's
//!   first 5 seconds are not charged.
//! - `300b5`: 5 minutes with a Bronstein delay of 5 seconds: after each move
//!   the time it took is given back, up to 5 seconds.
//!
//! The last period repeats when it has a move count (`40/7200:20/3600` plays
//! 20-move periods of an hour after the first 40 moves). PGN's `?`, `-` and
//! sandglass `*` controls are not clocks and are refused.
//!
//! Invariants: a side's remaining time never goes below zero; a flagged side
//! stays flagged; time is charged only to the side whose clock runs.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use shakmaty::{ByColor, Color};

/// How a period rewards each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bonus {
    None,
    /// Added after each move.
    Increment(Duration),
    /// The first part of each move is not charged.
    SimpleDelay(Duration),
    /// The time a move took is given back after it, up to this much.
    Bronstein(Duration),
}

/// One period of a time control.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// Moves to make in the period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// The time the period gives.
    pub time: Duration,
    pub(crate) bonus: Bonus,
}

/// A time control: its periods in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The periods, the first first.
    pub periods: Vec<Period>,
}

/// A time control that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a time control ({why}); examples: 5400, 5400+30, 40/5400+30:1800+30, 300d5, 300b5")]
pub struct BadTimeControl {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

fn seconds(s: &str, text: &str, why: &'static str) -> Result<Duration, BadTimeControl> {
    let v: f64 = s.parse().map_err(|_| BadTimeControl { text: text.to_owned(), why })?;
    if !(0.0..=1e7).contains(&v) {
        return Err(BadTimeControl { text: text.to_owned(), why });
    }
    Ok(Duration::from_millis((v * 1000.0).round() as u64))
}

impl FromStr for TimeControl {
    type Err = BadTimeControl;

    fn from_str(text: &str) -> Result<TimeControl, BadTimeControl> {
        let bad = |why| BadTimeControl { text: text.to_owned(), why };
        let t = text.trim();
        if t.is_empty() || t == "?" || t == "-" || t.starts_with('*') {
            return Err(bad("no clock"));
        }
        let mut periods = Vec::new();
        for p in t.split(':') {
            let (moves, rest) = match p.split_once('/') {
                Some((m, r)) => (Some(m.parse::<u32>().ok().filter(|m| *m > 0).ok_or(bad("the move count is not a whole number"))?), r),
                None => (None, p),
            };
            let (base, bonus) = if let Some((b, i)) = rest.split_once('+') {
                (b, Bonus::Increment(seconds(i, text, "the increment is not a number of seconds")?))
            } else if let Some((b, d)) = rest.split_once('d') {
                (b, Bonus::SimpleDelay(seconds(d, text, "the delay is not a number of seconds")?))
            } else if let Some((b, d)) = rest.split_once('b') {
                (b, Bonus::Bronstein(seconds(d, text, "the delay is not a number of seconds")?))
            } else {
                (rest, Bonus::None)
            };
            let time = seconds(base, text, "the period's time is not a number of seconds")?;
            periods.push(Period { moves, time, bonus });
        }
        if periods[..periods.len() - 1].iter().any(|p| p.moves.is_none()) {
            return Err(bad("only the last period may be without a move count"));
        }
        if periods[0].time.is_zero() {
            return Err(bad("the first period has no time"));
        }
        Ok(TimeControl { periods })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            if let Some(m) = p.moves {
                write!(f, "{m}/")?;
            }
            let secs = |d: Duration| {
                let s = d.as_secs_f64();
                if s.fract() == 0.0 { format!("{}", s as u64) } else { format!("{s}") }
            };
            f.write_str(&secs(p.time))?;
            match p.bonus {
                Bonus::None => {}
                Bonus::Increment(d) => write!(f, "+{}", secs(d))?,
                Bonus::SimpleDelay(d) => write!(f, "d{}", secs(d))?,
                Bonus::Bronstein(d) => write!(f, "b{}", secs(d))?,
            }
        }
        Ok(())
    }
}

impl TimeControl {
    /// The period a side is in after completing `moves` moves.
    pub(crate) fn period_after(&self, moves: u32) -> usize {
        let mut done = 0u32;
        for (i, p) in self.periods.iter().enumerate() {
            match p.moves {
                Some(m) if moves >= done + m => done += m,
                _ => return i,
            }
        }
        // Past the last counted period, it repeats.
        self.periods.len() - 1
    }

    /// Moves after which a new period's time is added: the end of every
    /// counted period (the last counted period repeats).
    fn period_ends_at(&self, moves: u32) -> Option<usize> {
        let mut done = 0u32;
        for (i, p) in self.periods.iter().enumerate() {
            let m = p.moves?;
            done += m;
            if moves == done {
                return Some((i + 1).min(self.periods.len() - 1));
            }
            if moves < done {
                return None;
            }
        }
        let last = self.periods.last().expect("at least one period");
        let m = last.moves?;
        (moves - done).is_multiple_of(m).then_some(self.periods.len() - 1)
    }
}

/// Both clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    remaining: ByColor<Duration>,
    /// Thinking time spent so far (before delays and bonuses).
    used: ByColor<Duration>,
    moves: ByColor<u32>,
    /// The side whose clock runs, and since when.
    running: Option<(Color, Duration)>,
    flagged: Option<Color>,
    /// Following a physical clock (mirror mode): tiflo's count only
    /// estimates it, so reaching zero never stops the clocks or flags.
    following: bool,
}

/// What happened when a clock was pressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// The move was completed in time; the other clock runs.
    Done,
    /// The side's time ran out before the press: its flag has fallen.
    Flag(Color),
}

impl Clocks {
    /// Clocks at the start of a game, stopped.
    pub fn new(control: TimeControl) -> Clocks {
        let t = control.periods[0].time;
        Clocks {
            control,
            remaining: ByColor { white: t, black: t },
            used: ByColor { white: Duration::ZERO, black: Duration::ZERO },
            moves: ByColor { white: 0, black: 0 },
            running: None,
            flagged: None,
            following: false,
        }
    }

    /// These clocks follow a physical clock: a count that reaches zero
    /// keeps running the game (the real clock rules; see [`Clocks::set`]).
    pub fn following(mut self) -> Clocks {
        self.following = true;
        self
    }

    /// The time control the clocks keep.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Starts `side`'s clock at `now` (the game starts, or resumes).
    pub fn start(&mut self, side: Color, now: Duration) {
        if self.flagged.is_none() {
            self.running = Some((side, now));
        }
    }

    /// Stops the clocks at `now`, charging the running side.
    pub fn stop(&mut self, now: Duration) {
        if let Some((side, since)) = self.running.take() {
            self.used[side] += now.saturating_sub(since);
            let charge = self.charge(side, now.saturating_sub(since));
            self.remaining[side] = self.remaining[side].saturating_sub(charge);
            if self.remaining[side].is_zero() && !self.following {
                self.flagged = Some(side);
            }
        }
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// The time charged for `elapsed` of thinking, after any simple delay.
    fn charge(&self, side: Color, elapsed: Duration) -> Duration {
        match self.control.periods[self.control.period_after(self.moves[side])].bonus {
            Bonus::SimpleDelay(d) => elapsed.saturating_sub(d),
            _ => elapsed,
        }
    }

    /// The running side completes a move at `now` and starts the other clock.
    pub fn press(&mut self, now: Duration) -> Press {
        let Some((side, since)) = self.running else { return Press::Done };
        let elapsed = now.saturating_sub(since);
        self.used[side] += elapsed;
        let charge = self.charge(side, elapsed);
        if !self.following && (charge >= self.remaining[side] || self.flagged == Some(side)) {
            self.remaining[side] = Duration::ZERO;
            self.flagged = Some(side);
            self.running = None;
            return Press::Flag(side);
        }
        let period = self.control.period_after(self.moves[side]);
        self.remaining[side] = self.remaining[side].saturating_sub(charge);
        match self.control.periods[period].bonus {
            Bonus::Increment(i) => self.remaining[side] += i,
            Bonus::Bronstein(d) => self.remaining[side] += elapsed.min(d),
            Bonus::None | Bonus::SimpleDelay(_) => {}
        }
        self.moves[side] += 1;
        if let Some(next) = self.control.period_ends_at(self.moves[side]) {
            self.remaining[side] += self.control.periods[next].time;
        }
        self.running = Some((side.other(), now));
        Press::Done
    }

    /// Time left on `side`'s clock at `now`.
    pub fn remaining(&self, side: Color, now: Duration) -> Duration {
        match self.running {
            Some((s, since)) if s == side => self.remaining[side].saturating_sub(self.charge(side, now.saturating_sub(since))),
            _ => self.remaining[side],
        }
    }

    /// Thinking time `side` has spent by `now`.
    pub fn used(&self, side: Color, now: Duration) -> Duration {
        match self.running {
            Some((s, since)) if s == side => self.used[side] + now.saturating_sub(since),
            _ => self.used[side],
        }
    }

    /// The most urgent low-time threshold that `side`'s clock went below
    /// between `from` and `to`, for a warning said once per threshold.
    pub(crate) fn crossed(&self, side: Color, from: Duration, to: Duration, thresholds: &[Duration]) -> Option<Duration> {
        let (before, after) = (self.remaining(side, from), self.remaining(side, to));
        thresholds.iter().copied().filter(|t| before > *t && after <= *t).min()
    }

    /// The side whose flag has fallen by `now`, if any.
    pub fn flag(&self, now: Duration) -> Option<Color> {
        self.flagged.or_else(|| self.running().filter(|s| self.remaining(*s, now).is_zero()))
    }

    /// Moves `side` has completed.
    pub fn moves(&self, side: Color) -> u32 {
        self.moves[side]
    }

    /// Sets `side`'s clock to a reading of the real clock (mirror mode).
    pub fn set(&mut self, side: Color, remaining: Duration, now: Duration) {
        self.remaining[side] = remaining;
        if let Some((s, _)) = self.running
            && s == side {
                self.running = Some((s, now));
            }
        if self.flagged == Some(side) && !remaining.is_zero() {
            self.flagged = None;
        }
    }

    /// The arbiter takes back the last move at `now`. `before` is the
    /// clocks as they were when that move began, and `credit` what its
    /// press added to the mover's clock (its increment or Bronstein time,
    /// and a new period's time when the move reached a time control): the
    /// credit is taken back with the move, the move counts (and so the
    /// periods) go back to `before`, the time that really ran on each clock
    /// stays charged, and the mover's clock runs again.
    pub(crate) fn take_back(&mut self, before: &Clocks, credit: Duration, now: Duration) {
        self.stop(now);
        if let Some((mover, _)) = before.running {
            self.remaining[mover] = self.remaining[mover].saturating_sub(credit);
        }
        self.moves = before.moves;
        if self.flagged.is_none() {
            self.running = before.running.map(|(side, _)| (side, now));
        }
    }

    /// Whether `side`'s present period gives it more than five minutes, so
    /// that the Article 8.4 exemption begins during play (a game of five
    /// minutes or less is exempt from its start, and no one is told).
    pub(crate) fn exemption_begins_in_play(&self, side: Color) -> bool {
        self.control.periods[self.control.period_after(self.moves[side])].time > Duration::from_secs(300)
    }

    /// Article 8.4: `side` has under five minutes in this period and no
    /// increment of 30 seconds or more, so need not record its moves.
    pub(crate) fn scoresheet_exempt(&self, side: Color, now: Duration) -> bool {
        let period = &self.control.periods[self.control.period_after(self.moves[side])];
        let big_increment = matches!(period.bonus, Bonus::Increment(i) if i >= Duration::from_secs(30));
        !big_increment && self.remaining(side, now) < Duration::from_secs(300)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    fn tc(t: &str) -> TimeControl {
        t.parse().unwrap()
    }

    #[test]
    fn syntax_round_trips_and_errors() {
        for t in ["5400", "5400+30", "40/5400+30:1800+30", "300d5", "300b5", "40/7200:20/3600:1800", "180+2", "60+0.5"] {
            assert_eq!(tc(t).to_string(), t);
        }
        for t in ["", "?", "-", "*180", "abc", "40/", "0", "40/5400:1800:900+x", "5400:40/1800", "x/5400", "-5"] {
            assert!(t.parse::<TimeControl>().is_err(), "{t}");
        }
        let e = "90m".parse::<TimeControl>().unwrap_err();
        assert!(e.to_string().contains("5400+30"));
    }

    #[test]
    fn sudden_death_flag_falls_at_the_exact_boundary() {
        let mut c = Clocks::new(tc("60"));
        c.start(Color::White, s(0));
        assert_eq!(c.flag(s(59)), None);
        assert_eq!(c.remaining(Color::White, Duration::from_millis(59_999)), Duration::from_millis(1));
        assert_eq!(c.flag(s(60)), Some(Color::White));
        assert_eq!(c.press(s(60)), Press::Flag(Color::White));
        assert_eq!(c.remaining(Color::White, s(61)), Duration::ZERO);
        assert_eq!(c.flag(s(1000)), Some(Color::White));
    }

    #[test]
    fn a_press_just_before_the_flag_is_in_time() {
        let mut c = Clocks::new(tc("60"));
        c.start(Color::White, s(0));
        assert_eq!(c.press(Duration::from_millis(59_999)), Press::Done);
        assert_eq!(c.remaining(Color::White, s(100)), Duration::from_millis(1));
        assert_eq!(c.running(), Some(Color::Black));
    }

    #[test]
    fn increments_are_added_after_each_move() {
        let mut c = Clocks::new(tc("300+2"));
        c.start(Color::White, s(0));
        c.press(s(10));
        assert_eq!(c.remaining(Color::White, s(10)), s(292));
        assert_eq!(c.remaining(Color::Black, s(15)), s(295));
        c.press(s(15));
        assert_eq!(c.remaining(Color::Black, s(15)), s(297));
    }

    #[test]
    fn simple_delay_and_bronstein() {
        let mut c = Clocks::new(tc("300d5"));
        c.start(Color::White, s(0));
        assert_eq!(c.remaining(Color::White, s(4)), s(300));
        assert_eq!(c.remaining(Color::White, s(8)), s(297));
        c.press(s(3));
        assert_eq!(c.remaining(Color::White, s(3)), s(300));

        let mut c = Clocks::new(tc("300b5"));
        c.start(Color::White, s(0));
        assert_eq!(c.remaining(Color::White, s(4)), s(296));
        c.press(s(3));
        assert_eq!(c.remaining(Color::White, s(3)), s(300));
        c.press(s(13));
        assert_eq!(c.remaining(Color::Black, s(13)), s(295));
    }

    #[test]
    fn periods_add_their_time_after_the_last_move_of_the_period() {
        // White takes 10 s a move, Black 1 s.
        let white_left = |control: &str| {
            let mut c = Clocks::new(tc(control));
            let mut now = s(0);
            c.start(Color::White, now);
            let mut left = Vec::new();
            for _ in 0..4 {
                now += s(10);
                c.press(now);
                left.push(c.remaining(Color::White, now));
                now += s(1);
                c.press(now);
            }
            left
        };
        // The last counted period repeats: +50 after moves 2, 3 and 4.
        assert_eq!(white_left("2/100:1/50"), vec![s(90), s(130), s(170), s(210)]);
        // A last period without a count is the rest of the game.
        assert_eq!(white_left("2/100:1/50:30"), vec![s(90), s(130), s(150), s(140)]);
        let c = Clocks::new(tc("2/100:1/50:30"));
        assert_eq!(c.control().period_after(0), 0);
        assert_eq!(c.control().period_after(2), 1);
        assert_eq!(c.control().period_after(9), 2);
    }

    #[test]
    fn fide_classical_control() {
        let mut c = Clocks::new(tc("40/5400+30:1800+30"));
        let mut now = s(0);
        c.start(Color::White, now);
        for _ in 0..40 {
            now += s(60);
            c.press(now);
            now += s(60);
            c.press(now);
        }
        // 5400 - 40*60 + 40*30 + 1800 = 6000
        assert_eq!(c.remaining(Color::White, now), s(6000));
        assert_eq!(c.remaining(Color::Black, now), s(6000) - s(0));
    }

    #[test]
    fn stop_start_and_mirror_setting() {
        let mut c = Clocks::new(tc("600"));
        c.start(Color::White, s(0));
        c.stop(s(100));
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining(Color::White, s(500)), s(500));
        c.start(Color::White, s(500));
        c.set(Color::White, s(42), s(510));
        assert_eq!(c.remaining(Color::White, s(512)), s(40));
    }

    #[test]
    fn time_used_and_low_time_thresholds() {
        let mut c = Clocks::new(tc("300d5"));
        c.start(Color::White, s(0));
        c.press(s(20));
        assert_eq!(c.used(Color::White, s(30)), s(20));
        assert_eq!(c.remaining(Color::White, s(30)), s(285));
        assert_eq!(c.used(Color::Black, s(30)), s(10));
        let warn = [s(60), s(10)];
        // Black had 300 s; 5 s of delay then 1 s a second.
        assert_eq!(c.crossed(Color::Black, s(20), s(264), &warn), None);
        assert_eq!(c.crossed(Color::Black, s(264), s(265), &warn), Some(s(60)));
        assert_eq!(c.crossed(Color::Black, s(265), s(400), &warn), Some(s(10)));
        assert_eq!(c.crossed(Color::Black, s(20), s(400), &warn), Some(s(10)));
    }

    #[test]
    fn article_8_4_exemption() {
        let mut c = Clocks::new(tc("600+5"));
        c.start(Color::White, s(0));
        assert!(!c.scoresheet_exempt(Color::White, s(299)));
        assert!(c.scoresheet_exempt(Color::White, s(301)));
        let mut c = Clocks::new(tc("600+30"));
        c.start(Color::White, s(0));
        assert!(!c.scoresheet_exempt(Color::White, s(590)));
    }

    proptest::proptest! {
        /// Whatever the control and the thinking times: time is charged only
        /// to the running side, a flag never rises again, and the clock of a
        /// side that moved in time never shows less than zero.
        #[test]
        fn clock_invariants(
            control in proptest::sample::select(vec!["60", "300+2", "300d5", "300b5", "2/100:1/50", "40/5400+30:1800+30", "3/20:10"]),
            thinking in proptest::collection::vec(0u64..40_000, 1..60),
        ) {
            let mut c = Clocks::new(tc(control));
            let mut now = Duration::ZERO;
            c.start(Color::White, now);
            let mut flagged = None;
            for ms in thinking {
                let side = c.running().unwrap_or(Color::White);
                let other = side.other();
                let other_before = c.remaining(other, now);
                now += Duration::from_millis(ms);
                proptest::prop_assert_eq!(c.remaining(other, now), other_before);
                match c.press(now) {
                    Press::Flag(s) => {
                        proptest::prop_assert_eq!(s, side);
                        flagged = Some(s);
                        break;
                    }
                    Press::Done => proptest::prop_assert!(c.flag(now).is_none()),
                }
            }
            if let Some(s) = flagged {
                proptest::prop_assert_eq!(c.flag(now + Duration::from_secs(1000)), Some(s));
                c.start(s.other(), now);
                proptest::prop_assert_eq!(c.running(), None);
            }
        }
    }
}
