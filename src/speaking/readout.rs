//! Clock times in words, for speech and braille (FIDE Appendix D: the times
//! and the number of moves completed, given when the player asks).
//!
//! Pure: takes the clocks and `now`, returns the sentence in the player's
//! language from the language pack (`voices/<lang>/clock.ftl`). Times are
//! never written as `1:12:00`, which speech engines misread as an hour of
//! the day. The units said depend on how much time is left: from an hour,
//! hours and minutes; from ten minutes, minutes; from a minute, minutes and
//! seconds; below, seconds. Seconds are whole; a clock with time left never
//! says "no time left".

use std::time::Duration;

use fluent_bundle::FluentArgs;
use shakmaty::Color;

use crate::game::clock::Clocks;
use crate::i18n::Texts;

fn unit(texts: &Texts, id: &str, n: u64) -> String {
    let mut args = FluentArgs::new();
    args.set("n", n);
    texts.get(id, Some(&args))
}

/// A duration in words: "una hora y 12 minutos", "one minute, 5 seconds".
pub(crate) fn duration_words(texts: &Texts, d: Duration) -> String {
    if d.is_zero() {
        return texts.text("no-time");
    }
    let secs = d.as_secs().max(1);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let parts: Vec<String> = if h > 0 {
        let mut v = vec![unit(texts, "hours", h)];
        if m > 0 {
            v.push(unit(texts, "minutes", m));
        }
        v
    } else if secs >= 600 {
        vec![unit(texts, "minutes", m)]
    } else if m > 0 {
        let mut v = vec![unit(texts, "minutes", m)];
        if s > 0 {
            v.push(unit(texts, "seconds", s));
        }
        v
    } else {
        vec![unit(texts, "seconds", s)]
    };
    match parts.as_slice() {
        [one] => one.clone(),
        [first, second] => {
            let mut args = FluentArgs::new();
            args.set("first", first.as_str());
            args.set("second", second.as_str());
            texts.get("duration-two", Some(&args))
        }
        _ => unreachable!("one or two units"),
    }
}

/// Both clocks and the moves completed, as the assistant would say them.
pub(crate) fn clock_readout(texts: &Texts, clocks: &Clocks, now: Duration) -> String {
    let mut args = FluentArgs::new();
    args.set("white", duration_words(texts, clocks.remaining(Color::White, now)));
    args.set("black", duration_words(texts, clocks.remaining(Color::Black, now)));
    // Moves completed: full moves, as on the scoresheet.
    args.set("moves", u64::from(clocks.moves(Color::Black)));
    texts.get("clock-readout", Some(&args))
}

/// The thinking time each side has used.
pub(crate) fn used_readout(texts: &Texts, clocks: &Clocks, now: Duration) -> String {
    let mut args = FluentArgs::new();
    // No time used is "0 seconds", not "no time left".
    let used = |side| match clocks.used(side, now) {
        d if d.is_zero() => unit(texts, "seconds", 0),
        d => duration_words(texts, d),
    };
    args.set("white", used(Color::White));
    args.set("black", used(Color::Black));
    texts.get("clock-used", Some(&args))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Lang;

    fn words(lang: Lang, secs: f64) -> String {
        duration_words(&Texts::new(lang), Duration::from_secs_f64(secs))
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(words(Lang::Es, 4320.0), "una hora y 12 minutos");
        assert_eq!(words(Lang::Es, 3600.0), "una hora");
        assert_eq!(words(Lang::Pt, 7260.0), "2 horas, um minuto");
        assert_eq!(words(Lang::En, 2700.9), "45 minutes");
        assert_eq!(words(Lang::En, 61.0), "one minute, one second");
        assert_eq!(words(Lang::En, 300.0), "5 minutes");
        assert_eq!(words(Lang::Es, 9.0), "9 segundos");
        assert_eq!(words(Lang::Es, 0.3), "un segundo");
        assert_eq!(words(Lang::Es, 0.0), "sin tiempo");
        assert_eq!(words(Lang::De, 3660.0), "eine Stunde, eine Minute");
        for lang in Lang::ALL {
            assert!(!words(lang, 4320.0).contains(':'), "{lang}");
        }
    }

    #[test]
    fn readout_of_both_clocks() {
        let mut c = Clocks::new("5400+30".parse().unwrap());
        c.start(Color::White, Duration::ZERO);
        c.press(Duration::from_secs(60));
        c.press(Duration::from_secs(90));
        let now = Duration::from_secs(90);
        assert_eq!(clock_readout(&Texts::new(Lang::Es), &c, now), "Blancas: una hora y 29 minutos. Negras: una hora y 30 minutos. Una jugada completada.");
        assert_eq!(clock_readout(&Texts::new(Lang::En), &c, now), "White: one hour, 29 minutes. Black: one hour, 30 minutes. One move completed.");
        assert_eq!(used_readout(&Texts::new(Lang::Pt), &c, now), "Tempo usado: Brancas um minuto, Pretas 30 segundos.");
        let fresh = Clocks::new("60".parse().unwrap());
        assert_eq!(used_readout(&Texts::new(Lang::Es), &fresh, now), "Tiempo usado: Blancas 0 segundos, Negras 0 segundos.");
    }
}
