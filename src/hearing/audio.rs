//! Audio in, the pure part: conversion to what the recognisers take (16 kHz
//! mono 16-bit) and endpointing (where an utterance starts and ends).
//!
//! Sans-I/O: samples in, events out. The microphone and file drivers
//! (`crate::hearing::ear`) only read samples and hand them here.
//!
//! The endpointer works on 10 ms frames. It tracks the noise floor (the
//! energy of the quietest recent frames, rising slowly, falling at once)
//! and calls a frame voiced when it is `threshold_db` above that floor and
//! above an absolute minimum. An utterance starts after `start_frames`
//! voiced frames in a row (with `preroll_ms` of audio before them, so the
//! first consonant is not cut), and ends after `hangover_ms` without a
//! voiced frame, or at `max_ms`. While muted (tiflo is speaking) frames are
//! dropped and an open utterance is abandoned, so tiflo never hears itself.

use std::collections::VecDeque;

use crate::hearing::recognizer::SAMPLE_RATE;

/// Samples in one 10 ms frame at `SAMPLE_RATE`.
pub(crate) const FRAME: usize = (SAMPLE_RATE / 100) as usize;

/// How the endpointer decides.
#[derive(Clone, Debug, PartialEq)]
pub struct EndpointConfig {
    /// a frame is voiced this far above the noise floor (dB)
    pub(crate) threshold_db: f32,
    /// and above this absolute level (dB relative to full scale)
    pub(crate) min_level_db: f32,
    /// voiced frames in a row that start an utterance
    pub(crate) start_frames: usize,
    /// audio kept from before the start (ms)
    pub(crate) preroll_ms: u32,
    /// silence that ends an utterance (ms)
    pub hangover_ms: u32,
    /// longest utterance (ms); a longer one is ended there
    pub(crate) max_ms: u32,
}

impl Default for EndpointConfig {
    fn default() -> Self {
        EndpointConfig {
            threshold_db: 10.0,
            min_level_db: -55.0,
            start_frames: 4,
            preroll_ms: 250,
            hangover_ms: 450,
            max_ms: 8000,
        }
    }
}

/// What the endpointer found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Vad {
    /// An utterance starts at this sample (counted from the first fed).
    Start {
        /// The sample.
        at: u64,
    },
    /// Audio of the open utterance (the preroll first).
    Audio(Vec<i16>),
    /// The utterance ended at this sample: now is the time to decide.
    End {
        /// The sample.
        at: u64,
    },
}

/// Finds utterances in a stream of 16 kHz mono samples.
#[derive(Debug)]
pub struct Endpointer {
    cfg: EndpointConfig,
    /// samples not yet making a whole frame
    partial: Vec<i16>,
    /// recent frames kept for the preroll (and the frames of a pending start)
    recent: VecDeque<Vec<i16>>,
    floor_db: f32,
    voiced_run: usize,
    silent_ms: u32,
    open_ms: u32,
    open: bool,
    muted: bool,
    /// samples consumed so far
    at: u64,
}

/// The level of a frame in dB relative to full scale.
pub fn level_db(frame: &[i16]) -> f32 {
    if frame.is_empty() {
        return -100.0;
    }
    let e: f64 = frame.iter().map(|s| f64::from(*s) * f64::from(*s)).sum::<f64>() / frame.len() as f64;
    let rms = e.sqrt() / 32768.0;
    (20.0 * rms.max(1e-5).log10()) as f32
}

impl Endpointer {
    /// An endpointer with the thresholds of `cfg`.
    pub fn new(cfg: EndpointConfig) -> Endpointer {
        Endpointer {
            cfg,
            partial: Vec::with_capacity(FRAME),
            recent: VecDeque::new(),
            floor_db: -60.0,
            voiced_run: 0,
            silent_ms: 0,
            open_ms: 0,
            open: false,
            muted: false,
            at: 0,
        }
    }

    /// Whether an utterance is open.
    pub fn in_utterance(&self) -> bool {
        self.open
    }

    /// Mutes (tiflo is speaking) or unmutes. Muting abandons an open
    /// utterance without an `End`; the caller drops what it fed.
    pub(crate) fn set_muted(&mut self, muted: bool) {
        if muted && !self.muted {
            self.open = false;
            self.voiced_run = 0;
            self.recent.clear();
            self.partial.clear();
        }
        self.muted = muted;
    }

    /// Whether input is muted.
    pub(crate) fn muted(&self) -> bool {
        self.muted
    }

    /// Feeds samples; returns what was found, in order.
    pub fn push(&mut self, pcm: &[i16]) -> Vec<Vad> {
        let mut out = Vec::new();
        if self.muted {
            self.at += pcm.len() as u64;
            return out;
        }
        for s in pcm {
            self.partial.push(*s);
            if self.partial.len() == FRAME {
                let frame = std::mem::replace(&mut self.partial, Vec::with_capacity(FRAME));
                self.frame(frame, &mut out);
            }
        }
        out
    }

    /// The end of the stream: an open utterance ends here.
    pub fn flush(&mut self) -> Vec<Vad> {
        let mut out = Vec::new();
        if self.open {
            if !self.partial.is_empty() {
                out.push(Vad::Audio(std::mem::take(&mut self.partial)));
            }
            self.open = false;
            out.push(Vad::End { at: self.at });
        }
        out
    }

    fn frame(&mut self, frame: Vec<i16>, out: &mut Vec<Vad>) {
        let start_of_frame = self.at;
        self.at += frame.len() as u64;
        let db = level_db(&frame);
        let voiced = db > self.floor_db + self.cfg.threshold_db && db > self.cfg.min_level_db;
        // The floor follows quiet frames at once and loud ones slowly, and
        // only outside speech.
        if !voiced {
            if db < self.floor_db {
                self.floor_db = db;
            } else {
                self.floor_db += (db - self.floor_db) * 0.05;
            }
        } else if !self.open {
            self.floor_db += 0.02;
        }
        if self.open {
            self.open_ms += 10;
            out.push(Vad::Audio(frame));
            if voiced {
                self.silent_ms = 0;
            } else {
                self.silent_ms += 10;
            }
            if self.silent_ms >= self.cfg.hangover_ms || self.open_ms >= self.cfg.max_ms {
                self.open = false;
                self.voiced_run = 0;
                out.push(Vad::End { at: self.at });
            }
            return;
        }
        self.recent.push_back(frame);
        let keep = (self.cfg.preroll_ms / 10) as usize + self.cfg.start_frames;
        while self.recent.len() > keep {
            self.recent.pop_front();
        }
        self.voiced_run = if voiced { self.voiced_run + 1 } else { 0 };
        if self.voiced_run >= self.cfg.start_frames {
            self.open = true;
            self.silent_ms = 0;
            let kept: Vec<i16> = self.recent.drain(..).flatten().collect();
            self.open_ms = (kept.len() / FRAME) as u32 * 10;
            let begin = start_of_frame + FRAME as u64 - kept.len() as u64;
            out.push(Vad::Start { at: begin });
            out.push(Vad::Audio(kept));
        }
    }
}

/// Converts interleaved samples of any rate and channel count to 16 kHz
/// mono, a piece at a time: the channels averaged, then, from a higher
/// rate, a low-pass filter (a Blackman-windowed sinc cutting at 7 kHz, about
/// 2 ms long) so that what a microphone hears above 8 kHz (hiss, clicks,
/// the sibilants' upper part) does not fold down into the speech band, then
/// linear interpolation.
#[derive(Clone, Debug)]
pub struct Resampler {
    rate: u32,
    channels: usize,
    /// position of the next output sample in input samples (fractional)
    pos: f64,
    /// the last mono input sample of the previous piece
    last: f32,
    /// mono input samples consumed before the current piece
    consumed: u64,
    /// the low-pass filter's taps (none at 16 kHz and below)
    taps: Vec<f32>,
    /// the last `taps.len() - 1` mono input samples, oldest first
    history: Vec<f32>,
}

/// Where the low-pass filter cuts, in Hz: under the 8 kHz the output can
/// hold, with room for the filter's transition band.
const CUTOFF: f64 = 7_000.0;

/// A Blackman-windowed sinc low-pass filter for `rate`, cutting at
/// `CUTOFF`, its gain at 0 Hz exactly 1; none when `rate` is at most
/// 16 kHz (nothing above 8 kHz to fold).
fn low_pass(rate: u32) -> Vec<f32> {
    if rate <= SAMPLE_RATE {
        return Vec::new();
    }
    // About 2 ms of taps, an odd count so the filter is centred.
    let half = (f64::from(rate) * 0.001).round().max(8.0) as usize;
    let n = 2 * half + 1;
    let fc = CUTOFF / f64::from(rate);
    let mut taps: Vec<f64> = (0..n)
        .map(|i| {
            let x = i as f64 - half as f64;
            let sinc = if x == 0.0 { 2.0 * fc } else { (2.0 * std::f64::consts::PI * fc * x).sin() / (std::f64::consts::PI * x) };
            let t = std::f64::consts::TAU * i as f64 / (n - 1) as f64;
            sinc * (0.42 - 0.5 * t.cos() + 0.08 * (2.0 * t).cos())
        })
        .collect();
    let sum: f64 = taps.iter().sum();
    for t in &mut taps {
        *t /= sum;
    }
    taps.into_iter().map(|t| t as f32).collect()
}

impl Resampler {
    /// A resampler from `channels` channels at `rate` Hz.
    pub fn new(rate: u32, channels: u16) -> Resampler {
        let rate = rate.max(1);
        let taps = low_pass(rate);
        let history = vec![0.0; taps.len().saturating_sub(1)];
        Resampler { rate, channels: usize::from(channels.max(1)), pos: 0.0, last: 0.0, consumed: 0, taps, history }
    }

    /// The piece's mono samples through the low-pass filter, the filter's
    /// memory carried from piece to piece.
    fn filtered(&mut self, mono: Vec<f32>) -> Vec<f32> {
        if self.taps.is_empty() {
            return mono;
        }
        let keep = self.history.len();
        let mut buf = std::mem::take(&mut self.history);
        buf.extend_from_slice(&mono);
        let out = buf.windows(self.taps.len()).map(|w| w.iter().zip(&self.taps).map(|(x, t)| x * t).sum()).collect();
        self.history = buf.split_off(buf.len() - keep);
        out
    }

    /// Converts a piece of interleaved samples (scaled to ±1.0).
    pub fn push(&mut self, interleaved: &[f32]) -> Vec<i16> {
        let mono: Vec<f32> = interleaved
            .chunks(self.channels)
            .map(|c| c.iter().sum::<f32>() / c.len() as f32)
            .collect();
        let mono = self.filtered(mono);
        let step = f64::from(self.rate) / f64::from(SAMPLE_RATE);
        // The previous piece's last sample joins this one, so output between
        // the two pieces is interpolated too.
        let mut buf = Vec::with_capacity(mono.len() + 1);
        let origin = if self.consumed > 0 {
            buf.push(self.last);
            self.consumed as f64 - 1.0
        } else {
            0.0
        };
        buf.extend_from_slice(&mono);
        let mut out = Vec::with_capacity((mono.len() as f64 / step) as usize + 1);
        while !buf.is_empty() {
            let x = self.pos - origin;
            if x > (buf.len() - 1) as f64 {
                break;
            }
            let i = x.floor() as usize;
            let frac = (x - i as f64) as f32;
            let a = buf[i];
            let b = buf.get(i + 1).copied().unwrap_or(a);
            let v = a + (b - a) * frac;
            out.push((v.clamp(-1.0, 1.0) * 32767.0).round() as i16);
            self.pos += step;
        }
        if let Some(l) = mono.last() {
            self.last = *l;
        }
        self.consumed += mono.len() as u64;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(ms: u32, amp: f32) -> Vec<i16> {
        (0..(SAMPLE_RATE / 1000 * ms))
            .map(|i| ((i as f32 * 0.13).sin() * amp * 32767.0) as i16)
            .collect()
    }

    fn noise(ms: u32, amp: f32, seed: &mut u32) -> Vec<i16> {
        (0..(SAMPLE_RATE / 1000 * ms))
            .map(|_| {
                *seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                ((f64::from(*seed >> 16) / 32768.0 - 1.0) as f32 * amp * 32767.0) as i16
            })
            .collect()
    }

    fn run(e: &mut Endpointer, pcm: &[i16]) -> Vec<Vad> {
        let mut out = Vec::new();
        for piece in pcm.chunks(777) {
            out.extend(e.push(piece));
        }
        out.extend(e.flush());
        out
    }

    fn starts_and_ends(v: &[Vad]) -> Vec<(bool, u64)> {
        v.iter()
            .filter_map(|x| match x {
                Vad::Start { at } => Some((true, *at)),
                Vad::End { at } => Some((false, *at)),
                Vad::Audio(_) => None,
            })
            .collect()
    }

    #[test]
    fn two_words_in_noise_are_two_utterances() {
        let mut seed = 7;
        let mut pcm = noise(500, 0.003, &mut seed);
        pcm.extend(tone(600, 0.3));
        pcm.extend(noise(900, 0.003, &mut seed));
        pcm.extend(tone(400, 0.3));
        pcm.extend(noise(900, 0.003, &mut seed));
        let mut e = Endpointer::new(EndpointConfig::default());
        let found = starts_and_ends(&run(&mut e, &pcm));
        assert_eq!(found.len(), 4, "{found:?}");
        let ms = |s: u64| s * 1000 / u64::from(SAMPLE_RATE);
        // The first starts with its preroll, before the tone at 500 ms.
        assert!((200..=500).contains(&ms(found[0].1)), "{found:?}");
        // It ends after the hangover past the tone's end at 1100 ms.
        assert!((1100..=1700).contains(&ms(found[1].1)), "{found:?}");
        assert!(found[2].0 && !found[3].0);
    }

    #[test]
    fn audio_between_start_and_end_is_the_utterance() {
        let mut pcm = vec![0i16; 8000];
        pcm.extend(tone(500, 0.2));
        pcm.extend(vec![0i16; 16000]);
        let mut e = Endpointer::new(EndpointConfig::default());
        let v = run(&mut e, &pcm);
        let audio: usize = v.iter().map(|x| if let Vad::Audio(a) = x { a.len() } else { 0 }).sum();
        let se = starts_and_ends(&v);
        assert_eq!(audio as u64, se[1].1 - se[0].1);
    }

    #[test]
    fn silence_and_muted_speech_are_nothing() {
        let mut e = Endpointer::new(EndpointConfig::default());
        assert!(run(&mut e, &vec![0i16; 32000]).is_empty());
        let mut e = Endpointer::new(EndpointConfig::default());
        e.set_muted(true);
        assert!(run(&mut e, &tone(1000, 0.5)).is_empty());
        e.set_muted(false);
        assert_eq!(starts_and_ends(&run(&mut e, &tone(1000, 0.5))).len(), 2);
    }

    #[test]
    fn muting_abandons_an_open_utterance() {
        let mut e = Endpointer::new(EndpointConfig::default());
        let v = e.push(&tone(300, 0.5));
        assert!(matches!(v[0], Vad::Start { .. }));
        e.set_muted(true);
        assert!(e.flush().is_empty());
    }

    #[test]
    fn a_long_utterance_is_cut_at_the_maximum() {
        let mut e = Endpointer::new(EndpointConfig { max_ms: 1000, ..EndpointConfig::default() });
        let se = starts_and_ends(&run(&mut e, &tone(3500, 0.3)));
        assert!(se.len() >= 4, "{se:?}");
    }

    /// The output's level (RMS) for one second of a tone at `f` Hz,
    /// amplitude 0.5, given at `rate` in pieces.
    fn resampled_level(rate: u32, f: f32) -> f32 {
        let input: Vec<f32> = (0..rate as usize).map(|i| (i as f32 / rate as f32 * f * std::f32::consts::TAU).sin() * 0.5).collect();
        let mut r = Resampler::new(rate, 1);
        let out: Vec<i16> = input.chunks(777).flat_map(|p| r.push(p)).collect();
        // The filter's first milliseconds start from silence.
        let tail = &out[800..];
        (tail.iter().map(|s| (f32::from(*s) / 32768.0).powi(2)).sum::<f32>() / tail.len() as f32).sqrt()
    }

    #[test]
    fn sound_above_what_16_khz_holds_does_not_fold_into_speech() {
        let input = 0.5 / 2f32.sqrt();
        for rate in [44_100, 48_000, 32_000] {
            // 12 kHz would fold to 4 kHz, in the middle of speech.
            let folded = resampled_level(rate, 12_000.0);
            assert!(folded < input * 0.01, "{rate} Hz: 12 kHz comes through at {folded} of {input}");
            let speech = resampled_level(rate, 1_000.0);
            assert!((speech / input - 1.0).abs() < 0.02, "{rate} Hz: 1 kHz at {speech} of {input}");
            let high_speech = resampled_level(rate, 4_000.0);
            assert!((high_speech / input - 1.0).abs() < 0.05, "{rate} Hz: 4 kHz at {high_speech} of {input}");
        }
    }

    #[test]
    fn resampling_keeps_duration_and_pitch() {
        for (rate, ch) in [(44_100u32, 2u16), (48_000, 1), (22_050, 1), (16_000, 1), (8_000, 1)] {
            let n = rate as usize; // one second
            let f = 440.0f32;
            let interleaved: Vec<f32> = (0..n)
                .flat_map(|i| {
                    let v = (i as f32 / rate as f32 * f * std::f32::consts::TAU).sin() * 0.5;
                    std::iter::repeat_n(v, usize::from(ch))
                })
                .collect();
            let mut r = Resampler::new(rate, ch);
            let mut out = Vec::new();
            for piece in interleaved.chunks(1001 * usize::from(ch)) {
                out.extend(r.push(piece));
            }
            assert!((out.len() as i64 - 16_000).abs() <= 2, "{rate}: {}", out.len());
            // zero crossings of a 440 Hz tone in one second: 880, less the
            // 2.5 ms skipped (the low-pass filter starts from silence)
            let crossings = out[40..].windows(2).filter(|w| (w[0] < 0) != (w[1] < 0)).count();
            assert!((868..=888).contains(&crossings), "{rate}: {crossings}");
        }
    }
}
