//! Audio in, the pure part: conversion to what the recognisers take (16 kHz
//! mono 16-bit) and endpointing (where an utterance starts and ends).
//!
//! Sans-I/O: samples in, events out. The microphone and file drivers
//! (`crate::hearing::ear`) only read samples and hand them here.
//!
//! The endpointer works on 10 ms frames. It learns the noise floor from the
//! first frame on and never stops following it: the floor is a percentile
//! of the levels of the last few seconds, so noise that is there from the start and never stops (a
//! hall's talk, a fan) becomes the floor within a second or two instead of
//! being taken for speech. The percentile is the median of the last five
//! seconds: a hall's babble rises and falls, and a floor at its quietest
//! moments (a low percentile, or the minimum) would take its every rise for
//! a voice; the player's own speech does not pull the median up, since
//! frames of an open utterance are not learnt. A frame is loud when it is `threshold_db` above
//! that floor and above an absolute minimum. Loud frames in a row
//! (`start_frames`) open a candidate; the candidate becomes an utterance
//! only once `voiced_frames` of its frames are periodic as a voice is
//! (a clear pitch between 80 and 400 Hz), so a clock press, a door or a
//! cough is dropped without reaching the recogniser. The utterance starts
//! with `preroll_ms` of audio before the candidate (the first consonant is
//! not cut), goes on while frames stay `keep_db` above the floor, and ends
//! after `hangover_ms` without one, or at `max_ms`. While an utterance is
//! open only frames near the floor update it, so a long utterance does not
//! raise the floor to the speaker's own level. While muted (tiflo is
//! speaking) frames are dropped and an open utterance is abandoned, so
//! tiflo never hears itself.

use std::collections::VecDeque;

use crate::hearing::recognizer::SAMPLE_RATE;

/// Samples in one 10 ms frame at `SAMPLE_RATE`.
pub(crate) const FRAME: usize = (SAMPLE_RATE / 100) as usize;

/// How the endpointer decides.
#[derive(Clone, Debug, PartialEq)]
pub struct EndpointConfig {
    /// a frame opens speech this far above the noise floor (dB)
    pub(crate) threshold_db: f32,
    /// and keeps an open utterance going this far above it (dB)
    pub(crate) keep_db: f32,
    /// and above this absolute level (dB relative to full scale)
    pub(crate) min_level_db: f32,
    /// loud frames in a row that open a candidate
    pub(crate) start_frames: usize,
    /// periodic (voiced) frames a candidate needs to be an utterance
    pub(crate) voiced_frames: usize,
    /// how long the noise floor remembers (ms)
    pub(crate) floor_ms: u32,
    /// the percentile of the remembered levels that is the floor
    pub(crate) floor_percentile: usize,
    /// audio kept from before the start (ms)
    pub(crate) preroll_ms: u32,
    /// silence that ends an utterance (ms)
    pub hangover_ms: u32,
    /// longest utterance (ms); a longer one is ended there
    pub(crate) max_ms: u32,
    /// silence after which an open utterance may have ended (ms): a
    /// `Vad::Pause`; 0 for none, and none at `hangover_ms` or more (the end
    /// comes first). Under it, a recogniser has the difference to decode
    /// before the end is sure.
    pub guess_ms: u32,
}

impl Default for EndpointConfig {
    fn default() -> Self {
        EndpointConfig {
            // 8 dB, not 10: a voice 5 dB over pink noise or babble opened
            // no utterance at 10 in 41 and 29 of 105 training phrases, at 8
            // in 1 and 2, with as many utterances in the babble alone.
            threshold_db: 8.0,
            keep_db: 6.0,
            min_level_db: -55.0,
            start_frames: 4,
            voiced_frames: 8,
            floor_ms: 5000,
            floor_percentile: 50,
            preroll_ms: 250,
            hangover_ms: 450,
            max_ms: 8000,
            // Moonshine decodes in 130 ms (median), 200 to 225 ms at p95
            // (docs/benchmarks.md): guessed after 250 ms of silence, its
            // reading is mostly ready before the 450 ms that end the
            // utterance. Chosen on the training part: after 150 ms it heard
            // the speech's weak ends less well (right first in babble at
            // 20 dB 96.2 % against 99.0 % without a guess), after 250 ms
            // as well as without (97.1 %, 90.5 % at 10 dB against 89.5 %).
            guess_ms: 250,
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
    /// The open utterance has been silent for `guess_ms`: it may have
    /// ended. A recogniser that can decodes what it was fed so far, and
    /// the silence that follows is held back from it (`Recognizer::guess`),
    /// so that the decision is ready when `End` comes.
    Pause,
    /// Speech again after a `Pause`, before the utterance ended: the audio
    /// held back goes to the recogniser, the guess is void. Comes before
    /// the audio of the frame that resumed.
    Resume,
}

/// Where the endpointer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Between utterances.
    Idle,
    /// Loud frames, not yet shown to be a voice: held back.
    Candidate,
    /// An utterance, handed out as it comes.
    Open,
}

/// Finds utterances in a stream of 16 kHz mono samples.
#[derive(Debug)]
pub struct Endpointer {
    cfg: EndpointConfig,
    /// samples not yet making a whole frame
    partial: Vec<i16>,
    /// recent frames kept for the preroll (and the frames of a candidate)
    recent: VecDeque<Vec<i16>>,
    /// the levels of the last `floor_ms`, oldest first
    levels: VecDeque<f32>,
    floor_db: f32,
    /// the last samples, for the pitch of the next frame
    tail: Vec<i16>,
    state: State,
    loud_run: usize,
    voiced: usize,
    silent_ms: u32,
    /// a `Vad::Pause` was given in the open utterance's present silence
    paused: bool,
    open_ms: u32,
    muted: bool,
    /// samples consumed so far
    at: u64,
    /// the floor when the candidate being heard began, and its frames'
    /// levels
    utt_floor: f32,
    utt_levels: Vec<f32>,
    /// how far the last utterance ended stood out of the floor
    stand_out_db: f32,
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

/// Frames the floor must rest on before it is trusted (1 s).
const WARM_UP: usize = 100;
/// Frames heard before anything can open (300 ms): the first floor.
const LISTEN_AFTER: usize = 30;
/// How much more a frame must stand out above a floor not yet trusted (dB).
const WARM_UP_DB: f32 = 6.0;

/// Samples the pitch is looked for in (25 ms: two periods of an 80 Hz voice).
const PITCH_WINDOW: usize = 400;
/// Lags of a voice's period: 400 Hz down to 80 Hz.
const PITCH_LAGS: std::ops::RangeInclusive<usize> = 40..=200;
/// A window is periodic when its normalised autocorrelation at some lag
/// reaches this.
const PERIODIC: f64 = 0.5;
/// How far apart the samples are that `periodic` takes the difference of.
const SMOOTH: usize = 4;

/// Whether `w` repeats itself at a voice's period: the largest normalised
/// autocorrelation over the lags of 80–400 Hz reaches `PERIODIC`. The
/// window is band-passed first to where a voice's first harmonics are
/// (about 100 Hz to 2 kHz): each sample less the one `SMOOTH` before it,
/// which is the window differenced and then summed over `SMOOTH` samples.
/// Differenced (a high-pass): a rumble, a door's thud or brown noise
/// changes slowly and so resembles itself at every short lag, while a
/// voice's harmonics keep its period. Summed (a low-pass, nothing left at
/// 4 kHz): differencing lifts a hiss's highs, and pink noise 10 dB under a
/// voice, differenced alone, drowned the voice's period (chosen on the
/// training part, docs/benchmarks.md, "The endpointer in pink noise").
pub(crate) fn periodic(w: &[i16]) -> bool {
    let x: Vec<f64> = w.windows(SMOOTH + 1).map(|p| f64::from(p[SMOOTH]) - f64::from(p[0])).collect();
    for lag in PITCH_LAGS {
        if lag * 2 > x.len() {
            break;
        }
        let (a, b) = (&x[..x.len() - lag], &x[lag..]);
        let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
        for (p, q) in a.iter().zip(b) {
            ab += p * q;
            aa += p * p;
            bb += q * q;
        }
        if aa > 0.0 && bb > 0.0 && ab / (aa * bb).sqrt() >= PERIODIC {
            return true;
        }
    }
    false
}

impl Endpointer {
    /// An endpointer with the thresholds of `cfg`.
    pub fn new(cfg: EndpointConfig) -> Endpointer {
        Endpointer {
            cfg,
            partial: Vec::with_capacity(FRAME),
            recent: VecDeque::new(),
            levels: VecDeque::new(),
            floor_db: -100.0,
            tail: Vec::with_capacity(PITCH_WINDOW),
            state: State::Idle,
            loud_run: 0,
            voiced: 0,
            silent_ms: 0,
            paused: false,
            open_ms: 0,
            muted: false,
            at: 0,
            utt_floor: -100.0,
            utt_levels: Vec::new(),
            stand_out_db: 0.0,
        }
    }

    /// How far the last utterance that ended stood out of the noise floor
    /// (dB): the 90th percentile of its frames' levels over the floor when
    /// it began. A voice at the microphone stands out of a steady noise by
    /// about its signal-to-noise ratio. It is measured, not used to decide:
    /// over a hall's talk, whose floor is the median of its rises and
    /// pauses, a talker across the room stands out as much as the player
    /// (docs/benchmarks.md, "How far utterances stand out of the floor").
    pub fn stand_out_db(&self) -> f32 {
        self.stand_out_db
    }

    fn ended(&mut self) {
        if self.utt_levels.is_empty() {
            self.stand_out_db = 0.0;
            return;
        }
        let k = self.utt_levels.len() * 9 / 10;
        let k = k.min(self.utt_levels.len() - 1);
        let (_, nth, _) = self.utt_levels.select_nth_unstable_by(k, f32::total_cmp);
        self.stand_out_db = *nth - self.utt_floor;
        self.utt_levels.clear();
    }

    /// Whether an utterance is open.
    pub fn in_utterance(&self) -> bool {
        self.state == State::Open
    }

    /// The noise floor now (dB relative to full scale).
    pub fn floor_db(&self) -> f32 {
        self.floor_db
    }

    /// Mutes (tiflo is speaking) or unmutes. Muting abandons an open
    /// utterance without an `End`; the caller drops what it fed. The noise
    /// floor is kept.
    pub(crate) fn set_muted(&mut self, muted: bool) {
        if muted && !self.muted {
            self.state = State::Idle;
            self.paused = false;
            self.loud_run = 0;
            self.voiced = 0;
            self.recent.clear();
            self.partial.clear();
            self.tail.clear();
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

    /// The end of the stream: an open utterance ends here (a candidate not
    /// shown to be a voice is dropped).
    pub fn flush(&mut self) -> Vec<Vad> {
        let mut out = Vec::new();
        if self.state == State::Open {
            if !self.partial.is_empty() {
                out.push(Vad::Audio(std::mem::take(&mut self.partial)));
            }
            self.ended();
            out.push(Vad::End { at: self.at });
        }
        self.utt_levels.clear();
        self.state = State::Idle;
        self.paused = false;
        self.recent.clear();
        self.loud_run = 0;
        self.voiced = 0;
        out
    }

    /// Learns a frame's level into the floor: the `floor_percentile` of
    /// the levels remembered.
    fn learn(&mut self, db: f32) {
        let keep = (self.cfg.floor_ms / 10).max(1) as usize;
        self.levels.push_back(db);
        while self.levels.len() > keep {
            self.levels.pop_front();
        }
        let mut sorted: Vec<f32> = self.levels.iter().copied().collect();
        let k = (sorted.len() * self.cfg.floor_percentile / 100).min(sorted.len() - 1);
        let (_, nth, _) = sorted.select_nth_unstable_by(k, f32::total_cmp);
        self.floor_db = *nth;
    }

    fn frame(&mut self, frame: Vec<i16>, out: &mut Vec<Vad>) {
        let start_of_frame = self.at;
        self.at += frame.len() as u64;
        let db = level_db(&frame);
        self.tail.extend_from_slice(&frame);
        if self.tail.len() > PITCH_WINDOW {
            self.tail.drain(..self.tail.len() - PITCH_WINDOW);
        }
        if self.levels.is_empty() {
            self.floor_db = db;
        }
        // While the floor rests on less than a second, it is unsure: a voice
        // must stand out more.
        // Nothing opens before the floor rests on `LISTEN_AFTER` frames.
        let unsure = if self.levels.len() < WARM_UP { WARM_UP_DB } else { 0.0 };
        let loud = db > self.floor_db + self.cfg.threshold_db + unsure && db > self.cfg.min_level_db && self.levels.len() >= LISTEN_AFTER;
        let kept = db > self.floor_db + self.cfg.keep_db && db > self.cfg.min_level_db;
        // The floor learns every frame outside an utterance, and inside one
        // only the frames near it (the pauses between words).
        if self.state != State::Open || !kept {
            self.learn(db);
        }
        let voiced = kept && self.tail.len() == PITCH_WINDOW && periodic(&self.tail);
        if self.state != State::Idle {
            self.utt_levels.push(db);
        }
        match self.state {
            State::Open => {
                self.open_ms += 10;
                if kept && self.paused {
                    self.paused = false;
                    out.push(Vad::Resume);
                }
                out.push(Vad::Audio(frame));
                if kept {
                    self.silent_ms = 0;
                } else {
                    self.silent_ms += 10;
                }
                if self.silent_ms >= self.cfg.hangover_ms || self.open_ms >= self.cfg.max_ms {
                    self.state = State::Idle;
                    self.loud_run = 0;
                    self.voiced = 0;
                    self.paused = false;
                    self.ended();
                    out.push(Vad::End { at: self.at });
                } else if !kept && !self.paused && self.cfg.guess_ms > 0 && self.silent_ms >= self.cfg.guess_ms {
                    self.paused = true;
                    out.push(Vad::Pause);
                }
            }
            State::Candidate => {
                self.recent.push_back(frame);
                self.open_ms += 10;
                self.voiced += usize::from(voiced);
                if kept {
                    self.silent_ms = 0;
                } else {
                    self.silent_ms += 10;
                }
                if self.voiced >= self.cfg.voiced_frames {
                    self.state = State::Open;
                    let kept: Vec<i16> = self.recent.drain(..).flatten().collect();
                    let begin = start_of_frame + FRAME as u64 - kept.len() as u64;
                    out.push(Vad::Start { at: begin });
                    out.push(Vad::Audio(kept));
                } else if self.silent_ms >= self.cfg.hangover_ms || self.open_ms >= self.cfg.max_ms {
                    // Loud but never a voice (a click, a door): dropped.
                    self.state = State::Idle;
                    self.loud_run = 0;
                    self.voiced = 0;
                    self.trim();
                }
            }
            State::Idle => {
                self.recent.push_back(frame);
                self.trim();
                self.loud_run = if loud { self.loud_run + 1 } else { 0 };
                self.voiced = if loud { self.voiced + usize::from(voiced) } else { 0 };
                if self.loud_run >= self.cfg.start_frames {
                    self.state = State::Candidate;
                    self.silent_ms = 0;
                    self.open_ms = (self.recent.len() * 10) as u32;
                    self.utt_floor = self.floor_db;
                    self.utt_levels.clear();
                    self.utt_levels.push(db);
                }
            }
        }
    }

    /// Keeps only the preroll and the frames of a pending start.
    fn trim(&mut self) {
        let keep = (self.cfg.preroll_ms / 10) as usize + self.cfg.start_frames;
        while self.recent.len() > keep {
            self.recent.pop_front();
        }
    }
}

/// How much of a quiet room [`with_lead_in`] puts before a recording (ms).
pub const LEAD_IN_MS: u64 = 500;

/// A recording with half a second of a quiet room before it (faint noise,
/// never digital silence, which upsets a recogniser's running
/// normalisation). Live, the endpointer learns the room before anyone
/// speaks; a recording cut close to its first word would make it learn the
/// word as the floor, and nothing would be heard.
pub fn with_lead_in(pcm: &[i16]) -> Vec<i16> {
    let n = (u64::from(SAMPLE_RATE) * LEAD_IN_MS / 1000) as usize;
    let mut x: u32 = 0x2545_f491;
    let mut out: Vec<i16> = (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 9) as i16 - 4
        })
        .collect();
    out.extend_from_slice(pcm);
    out
}

/// The highest sample rate (Hz) heard as narrowband: a headset in call
/// mode (Bluetooth's hands-free profile with its CVSD codec) sends 8 kHz,
/// the telephone band and no more. Its wideband codec (mSBC) sends 16 kHz.
pub const NARROWBAND_MAX_RATE: u32 = 8_000;

/// Whether sound recorded at `rate` Hz holds only the telephone band, to
/// be heard with the model adapted to it (`crate::hearing::adapt::for_rate`).
pub fn narrowband(rate: u32) -> bool {
    rate <= NARROWBAND_MAX_RATE
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
                Vad::Audio(_) | Vad::Pause | Vad::Resume => None,
            })
            .collect()
    }

    /// A steady hum (a sine of amplitude `hum`) for `before` ms, then a
    /// voice (a sine of another pitch) over it for 700 ms, its sum `over`
    /// dB above the hum, then the hum for 1.5 s.
    fn voice_over_hum(hum: f32, before: u32, over: f32) -> Vec<i16> {
        let n = |ms: u32| (SAMPLE_RATE / 1000 * ms) as usize;
        let voice = hum * (10f32.powf(over / 10.0) - 1.0).sqrt();
        (0..n(before) + n(700) + n(1500))
            .map(|i| {
                let t = i as f32;
                let v = if (n(before)..n(before) + n(700)).contains(&i) { (t * 0.13).sin() * voice } else { 0.0 };
                (((t * 0.06).sin() * hum + v) * 32767.0) as i16
            })
            .collect()
    }

    #[test]
    fn an_utterance_stands_out_of_the_floor_by_its_level_over_it() {
        for over in [11.0, 20.0, 30.0] {
            let pcm = voice_over_hum(0.01, 2000, over);
            let mut e = Endpointer::new(EndpointConfig::default());
            let found = starts_and_ends(&run(&mut e, &pcm));
            assert_eq!(found.len(), 2, "{over} dB: {found:?}");
            let got = e.stand_out_db();
            assert!((got - over).abs() < 1.0, "{over} dB over the floor stands out {got:.1} dB");
        }
    }

    #[test]
    fn a_pause_is_told_before_the_end_and_speech_after_it_resumes() {
        let mut seed = 7;
        let mut pcm = noise(500, 0.003, &mut seed);
        pcm.extend(tone(600, 0.3));
        // A pause longer than `guess_ms`, shorter than the hangover.
        pcm.extend(noise(300, 0.003, &mut seed));
        pcm.extend(tone(400, 0.3));
        pcm.extend(noise(900, 0.003, &mut seed));
        let cfg = EndpointConfig::default();
        let mut e = Endpointer::new(cfg.clone());
        let events = run(&mut e, &pcm);
        let marks: Vec<&str> = events
            .iter()
            .filter_map(|v| match v {
                Vad::Start { .. } => Some("start"),
                Vad::Pause => Some("pause"),
                Vad::Resume => Some("resume"),
                Vad::End { .. } => Some("end"),
                Vad::Audio(_) => None,
            })
            .collect();
        assert_eq!(marks, ["start", "pause", "resume", "pause", "end"]);
        // The second pause comes `guess_ms` into the last silence: the
        // audio between it and the end is the rest of the hangover.
        let at = events.iter().rposition(|v| *v == Vad::Pause).unwrap();
        let after: usize = events[at..].iter().map(|v| if let Vad::Audio(a) = v { a.len() } else { 0 }).sum();
        let ms = (after as u32) * 1000 / SAMPLE_RATE;
        assert!((cfg.hangover_ms - cfg.guess_ms).abs_diff(ms) <= 20, "{ms} ms after the pause");
        // The audio right after a resume is the tone again, not silence.
        let at = events.iter().position(|v| *v == Vad::Resume).unwrap();
        match &events[at + 1] {
            Vad::Audio(a) => assert!(level_db(a) > -20.0, "{:.1} dB", level_db(a)),
            other => panic!("{other:?} after the resume"),
        }
        // None without a guess time.
        let mut e = Endpointer::new(EndpointConfig { guess_ms: 0, ..cfg });
        assert!(!run(&mut e, &pcm).iter().any(|v| matches!(v, Vad::Pause | Vad::Resume)));
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
        let mut seed = 3;
        assert!(e.push(&noise(300, 0.003, &mut seed)).is_empty());
        e.set_muted(true);
        assert!(run(&mut e, &tone(1000, 0.5)).is_empty());
        e.set_muted(false);
        // The floor learnt before tiflo spoke is kept: speech right after is heard.
        assert_eq!(starts_and_ends(&run(&mut e, &tone(1000, 0.5))).len(), 2);
    }

    #[test]
    fn muting_abandons_an_open_utterance() {
        let mut e = Endpointer::new(EndpointConfig::default());
        let mut seed = 3;
        assert!(e.push(&noise(300, 0.003, &mut seed)).is_empty());
        let v = e.push(&tone(300, 0.5));
        assert!(matches!(v[0], Vad::Start { .. }), "{v:?}");
        e.set_muted(true);
        assert!(e.flush().is_empty());
    }

    #[test]
    fn a_long_utterance_is_cut_at_the_maximum() {
        let mut e = Endpointer::new(EndpointConfig { max_ms: 1000, ..EndpointConfig::default() });
        let mut pcm = vec![0i16; 4800];
        pcm.extend(tone(3500, 0.3));
        let se = starts_and_ends(&run(&mut e, &pcm));
        assert!(se.len() >= 4, "{se:?}");
        assert!(se.windows(2).all(|w| w[1].1 - w[0].1 <= u64::from(SAMPLE_RATE)), "{se:?}");
    }

    /// Noise that is there from the first frame and never stops becomes the
    /// floor: it is not an utterance, and a voice in it is one utterance
    /// that ends soon after the voice does.
    #[test]
    fn noise_from_the_first_frame_is_learnt_as_the_floor() {
        let mut seed = 11;
        let mut pcm = noise(1500, 0.05, &mut seed);
        let voice_at = pcm.len() as u64;
        pcm.extend(tone(700, 0.4).iter().zip(noise(700, 0.05, &mut seed)).map(|(a, b)| a.saturating_add(b)));
        let voice_end = pcm.len() as u64;
        pcm.extend(noise(4000, 0.05, &mut seed));
        let mut e = Endpointer::new(EndpointConfig::default());
        let found = starts_and_ends(&run(&mut e, &pcm));
        assert_eq!(found.len(), 2, "{found:?}");
        let ms = |s: u64| s * 1000 / u64::from(SAMPLE_RATE);
        assert!(found[0].1 <= voice_at + 1600 && found[0].1 + 8000 >= voice_at, "{found:?}");
        assert!(ms(found[1].1) <= ms(voice_end) + 600, "{found:?} ends {}", ms(voice_end));
        assert!((-34.0..-29.0).contains(&e.floor_db()), "{}", e.floor_db());
    }

    /// Pink noise (power falling 3 dB an octave): white noise through
    /// three one-pole low-passes summed (Paul Kellet's economy filter).
    fn pink(ms: u32, seed: &mut u32) -> Vec<f32> {
        let (mut b0, mut b1, mut b2) = (0f32, 0f32, 0f32);
        (0..(SAMPLE_RATE / 1000 * ms))
            .map(|_| {
                *seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let w = (f64::from(*seed >> 16) / 32768.0 - 1.0) as f32;
                b0 = 0.99765 * b0 + w * 0.099_046;
                b1 = 0.963 * b1 + w * 0.296_516_4;
                b2 = 0.57 * b2 + w * 1.052_691_3;
                b0 + b1 + b2 + w * 0.1848
            })
            .collect()
    }

    fn rms(x: &[f32]) -> f32 {
        (x.iter().map(|v| v * v).sum::<f32>() / x.len() as f32).sqrt()
    }

    /// A vowel (a 125 Hz voice: its harmonics up to 2.5 kHz, each weaker
    /// by its number, as a voice's source falls) 9 dB over pink noise that
    /// is there from the first frame: one utterance, over the vowel. With
    /// the window only differenced (`SMOOTH` 1) its period drowned in the
    /// noise's lifted highs up to 10 dB, and with 10 dB asked over the
    /// floor it never opened: both fail this test.
    #[test]
    fn a_vowel_9_db_over_pink_noise_is_an_utterance() {
        let mut seed = 3;
        let n = |ms: u32| (SAMPLE_RATE / 1000 * ms) as usize;
        let noise = pink(5000, &mut seed);
        let vowel: Vec<f32> = (0..n(600))
            .map(|i| {
                let t = i as f32 / SAMPLE_RATE as f32;
                (1..=20).map(|k| (std::f32::consts::TAU * 125.0 * k as f32 * t).sin() / k as f32).sum()
            })
            .collect();
        let gain = 0.02 / rms(&noise);
        let vgain = 0.02 * 10f32.powf(9.0 / 20.0) / rms(&vowel);
        let at = n(3000);
        let pcm: Vec<i16> = noise
            .iter()
            .enumerate()
            .map(|(i, x)| {
                let v = if (at..at + vowel.len()).contains(&i) { vowel[i - at] * vgain } else { 0.0 };
                ((x * gain + v) * 32767.0) as i16
            })
            .collect();
        let mut e = Endpointer::new(EndpointConfig::default());
        let found = starts_and_ends(&run(&mut e, &pcm));
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].0 && found[0].1 + 8000 >= at as u64 && found[0].1 < (at + vowel.len()) as u64, "{found:?}");
    }

    /// Noise that begins loud after a quiet start is learnt within the
    /// floor's memory, and an utterance it opens ends by the maximum.
    #[test]
    fn a_noise_that_starts_later_becomes_the_floor() {
        let mut seed = 5;
        let mut pcm = noise(1000, 0.002, &mut seed);
        pcm.extend(noise(12000, 0.05, &mut seed));
        let mut e = Endpointer::new(EndpointConfig::default());
        let v = run(&mut e, &pcm);
        assert!(starts_and_ends(&v).is_empty(), "{:?}", starts_and_ends(&v));
        assert!((-34.0..-29.0).contains(&e.floor_db()), "{}", e.floor_db());
    }

    /// Several voices far away, each starting and stopping (a hall's talk):
    /// `talkers` tones of their own pitch, each on or off for 200–600 ms.
    fn hall(ms: u32, talkers: usize, amp: f32, seed: &mut u32) -> Vec<i16> {
        let n = (SAMPLE_RATE / 1000 * ms) as usize;
        let mut out = vec![0f32; n];
        for t in 0..talkers {
            let step = 0.06 + 0.017 * t as f32;
            let mut i = 0;
            let mut on = t % 2 == 0;
            while i < n {
                *seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let len = 3200 + (*seed >> 16) as usize % 6400;
                for j in i..(i + len).min(n) {
                    if on {
                        out[j] += (j as f32 * step).sin() * amp;
                    }
                }
                on = !on;
                i += len;
            }
        }
        out.iter().map(|v| (v * 32767.0).clamp(-32768.0, 32767.0) as i16).collect()
    }

    /// A hall's talk rises and falls: the floor is its middle, not its
    /// quietest moments, so its rises are not utterances; a voice well
    /// above it is one.
    #[test]
    fn a_halls_talk_is_not_an_utterance_and_a_voice_above_it_is() {
        let mut seed = 21;
        let talk = hall(12000, 6, 0.01, &mut seed);
        let mut e = Endpointer::new(EndpointConfig::default());
        let found = starts_and_ends(&run(&mut e, &talk));
        assert!(found.is_empty(), "{found:?}");
        let mut pcm = talk.clone();
        let at = 6 * SAMPLE_RATE as usize;
        for (k, v) in tone(600, 0.25).iter().enumerate() {
            pcm[at + k] = pcm[at + k].saturating_add(*v);
        }
        let mut e = Endpointer::new(EndpointConfig::default());
        let found = starts_and_ends(&run(&mut e, &pcm));
        assert_eq!(found.len(), 2, "{found:?}");
        let ms = |s: u64| s * 1000 / u64::from(SAMPLE_RATE);
        assert!((5700..=6100).contains(&ms(found[0].1)) && (6600..=7200).contains(&ms(found[1].1)), "{found:?}");
    }

    /// Loud sounds that are not a voice (a click, a door's thud of noise)
    /// are dropped; the same length of a voice is an utterance.
    #[test]
    fn clicks_and_a_door_are_not_utterances() {
        let mut seed = 9;
        let mut pcm = noise(800, 0.003, &mut seed);
        for _ in 0..5 {
            pcm.extend(noise(30, 0.8, &mut seed));
            pcm.extend(noise(700, 0.003, &mut seed));
        }
        pcm.extend(noise(300, 0.5, &mut seed).iter().enumerate().map(|(i, s)| (f32::from(*s) * (-(i as f32) / 1600.0).exp()) as i16));
        pcm.extend(noise(1000, 0.003, &mut seed));
        let mut e = Endpointer::new(EndpointConfig::default());
        assert!(starts_and_ends(&run(&mut e, &pcm)).is_empty());
        pcm.extend(tone(300, 0.3));
        pcm.extend(noise(1000, 0.003, &mut seed));
        let mut e = Endpointer::new(EndpointConfig::default());
        assert_eq!(starts_and_ends(&run(&mut e, &pcm)).len(), 2);
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
