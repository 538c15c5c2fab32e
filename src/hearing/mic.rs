//! The microphone: the system's default input (or one named), captured by
//! cpal at its own rate and handed on as 16 kHz mono pieces.
//!
//! Without the `mic` feature nothing links ALSA: [`open_mic`] says the
//! microphone is not built in ([`crate::NotBuiltIn`]) and the daemon goes on
//! without one, as it does where none is plugged in.

use std::time::{Duration, Instant};

#[cfg(feature = "mic")]
use crate::hearing::audio::Resampler;
use crate::hearing::wav::AudioError;
#[cfg(feature = "mic")]
use crate::hearing::wav::MicTrouble;

#[cfg(feature = "mic")]
/// The microphone, opened and not yet heard: the system's default input
/// device, captured by cpal at its own rate and converted to 16 kHz mono.
/// Opening it tells whether there is one that works, before a recogniser
/// is loaded for it.
pub struct Mic {
    stream: cpal::Stream,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    about: String,
    /// the device's own sample rate (Hz), before resampling
    rate: u32,
    /// the stream's first error
    failure: std::sync::Arc<std::sync::Mutex<Option<MicTrouble>>>,
}

#[cfg_attr(not(feature = "mic"), allow(dead_code))]
/// How far audio may arrive ahead of the clock before its device is held
/// back: more than any real device's buffer (cpal asks ALSA for 100 ms).
const LEAD: Duration = Duration::from_millis(500);

/// Holds a capture device to the pace of the clock. A real microphone
/// cannot deliver sound before it is made; a device with no clock can:
/// ALSA's `file` plugin reading a file or a named pipe (a "virtual
/// microphone") over the `null` device delivers as fast as it is read, and
/// at the end of its file goes on returning its last piece, forever. Unheld,
/// such a device keeps a core busy and floods the daemon. Audio that comes
/// more than [`LEAD`] ahead of the time that has passed is waited for;
/// what a device gains by running up to 1 % fast is forgiven, so a real
/// device whose crystal is a little quick is never held back.
#[derive(Clone, Debug)]
#[cfg_attr(not(feature = "mic"), allow(dead_code))]
struct Pace {
    /// frames a second
    rate: f64,
    /// when the last piece arrived
    last: Option<Instant>,
    /// how far the audio delivered is ahead of the clock
    ahead: Duration,
}

#[cfg_attr(not(feature = "mic"), allow(dead_code))]
impl Pace {
    fn new(rate: u32) -> Pace {
        Pace { rate: f64::from(rate.max(1)), last: None, ahead: Duration::ZERO }
    }

    /// `frames` frames arrived at `now`: how long to wait before taking
    /// more.
    fn wait(&mut self, frames: usize, now: Instant) -> Duration {
        let passed = self.last.map_or(Duration::ZERO, |l| now.saturating_duration_since(l));
        self.last = Some(now);
        let got = Duration::from_secs_f64(frames as f64 / self.rate);
        self.ahead = (self.ahead + got).saturating_sub(passed.mul_f64(1.01));
        self.ahead.saturating_sub(LEAD)
    }
}

#[cfg(feature = "mic")]
/// Silences, on this thread, the lines ALSA's library prints on standard
/// error (with no sound card, eight lines of "cannot find card"): what
/// failed reaches the player in words, as the microphone's error.
fn quiet_alsa() {
    unsafe extern "C" fn silent(
        _file: *const std::os::raw::c_char,
        _line: std::os::raw::c_int,
        _function: *const std::os::raw::c_char,
        _err: std::os::raw::c_int,
        _fmt: *const std::os::raw::c_char,
        _args: *mut alsa_sys::__va_list_tag,
    ) {
    }
    // SAFETY: the handler has the type alsa-lib calls it with, reads none of
    // its arguments, and lives as long as the program.
    unsafe {
        alsa_sys::snd_lib_error_set_local(Some(silent));
    }
}

#[cfg(feature = "mic")]
/// Opens the microphone (the default input, or the input named `name`:
/// exactly, else the only one whose name contains it, case aside):
/// `deliver` gets each piece and returns false to stop. cpal's ALSA host
/// captures as soon as the stream is built, so pieces may come before
/// `Mic::run` (the daemon drops those that come before its recogniser is
/// ready); the stream lives on the thread that opened it.
pub fn open_mic(
    name: Option<&str>,
    mut deliver: impl FnMut(Vec<i16>) -> bool + Send + 'static,
) -> Result<Mic, AudioError> {
    use cpal::traits::{DeviceTrait, HostTrait};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let mic = |reason: MicTrouble| AudioError::Mic { reason };
    let system = |e: &dyn std::fmt::Display| AudioError::Mic { reason: MicTrouble::System(e.to_string()) };
    quiet_alsa();
    let host = cpal::default_host();
    let device = match name {
        None => host.default_input_device().ok_or_else(|| mic(MicTrouble::NoMicrophone))?,
        Some(want) => {
            let devices: Vec<cpal::Device> = host.input_devices().map_err(|e| system(&e))?.collect();
            let names: Vec<String> = devices.iter().map(|d| d.name().unwrap_or_default()).collect();
            match pick_device(&names, want) {
                Some(i) => devices.into_iter().nth(i).expect("the index is of the list"),
                None => {
                    let list = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
                    return Err(mic(MicTrouble::NoInputNamed { name: want.to_owned(), inputs: list }));
                }
            }
        }
    };
    let config = device.default_input_config().map_err(|e| match e {
        cpal::DefaultStreamConfigError::DeviceNotAvailable => mic(MicTrouble::Unplugged),
        e => system(&e),
    })?;
    let rate = config.sample_rate().0;
    let channels = config.channels();
    let about = format!(
        "{}: {rate} Hz, {channels} channel{}, {}",
        device.name().unwrap_or_default(),
        if channels == 1 { "" } else { "s" },
        config.sample_format()
    );
    let stop = Arc::new(AtomicBool::new(false));
    let stop_cb = stop.clone();
    let failure: Arc<std::sync::Mutex<Option<MicTrouble>>> = Arc::default();
    let mut resampler = Resampler::new(rate, channels);
    let mut pace = Pace::new(rate);
    let take = move |samples: &[f32]| {
        if stop_cb.load(Ordering::Relaxed) {
            return;
        }
        if !deliver(resampler.push(samples)) {
            stop_cb.store(true, Ordering::Relaxed);
            return;
        }
        // A device with no clock is read no faster than a microphone.
        let wait = pace.wait(samples.len() / usize::from(channels.max(1)), Instant::now());
        if !wait.is_zero() {
            std::thread::sleep(wait);
        }
    };
    // A device that fails usually fails again at once, on every read (one
    // unplugged, or one whose reads fail): the first error stops the
    // microphone and is what `Mic::run` returns, said once.
    let (stop_err, failure_cb) = (stop.clone(), failure.clone());
    let on_error = move |e: cpal::StreamError| {
        let mut first = failure_cb.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if first.is_none() {
            *first = Some(match e {
                cpal::StreamError::DeviceNotAvailable => MicTrouble::Unplugged,
                e => MicTrouble::System(e.to_string()),
            });
        }
        stop_err.store(true, Ordering::Relaxed);
    };
    let stream_config: cpal::StreamConfig = config.clone().into();
    // Any sample format a device offers (an I2S microphone gives 32-bit
    // integers, a USB one 16-bit, a desktop's sound server floats).
    fn build<T: cpal::SizedSample + Send + 'static>(
        device: &cpal::Device,
        config: &cpal::StreamConfig,
        mut take: impl FnMut(&[f32]) + Send + 'static,
        on_error: impl FnMut(cpal::StreamError) + Send + 'static,
    ) -> Result<cpal::Stream, cpal::BuildStreamError>
    where
        f32: cpal::FromSample<T>,
    {
        use cpal::traits::DeviceTrait;
        device.build_input_stream(config, move |d: &[T], _: &_| take(&to_unit(d)), on_error, None)
    }
    let stream = match config.sample_format() {
        cpal::SampleFormat::F32 => build::<f32>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::F64 => build::<f64>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::I8 => build::<i8>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::I16 => build::<i16>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::I32 => build::<i32>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::I64 => build::<i64>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::U8 => build::<u8>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::U16 => build::<u16>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::U32 => build::<u32>(&device, &stream_config, take, on_error),
        cpal::SampleFormat::U64 => build::<u64>(&device, &stream_config, take, on_error),
        other => return Err(mic(MicTrouble::Format(other.to_string()))),
    }
    .map_err(|e| match e {
        cpal::BuildStreamError::DeviceNotAvailable => mic(MicTrouble::Unplugged),
        e => system(&e),
    })?;
    Ok(Mic { stream, stop, about, rate, failure })
}

#[cfg(feature = "mic")]
/// Samples of any format on the ±1.0 scale `Resampler` takes (unsigned
/// ones centred on zero).
fn to_unit<T: cpal::Sample>(d: &[T]) -> Vec<f32>
where
    f32: cpal::FromSample<T>,
{
    d.iter().map(|s| <f32 as cpal::FromSample<T>>::from_sample_(*s)).collect()
}

/// Which of `names` a device asked for as `want` is: the one named exactly
/// so, else the only one whose name contains it (case aside); `None` when
/// none or several do.
#[cfg_attr(not(feature = "mic"), allow(dead_code))]
pub(crate) fn pick_device(names: &[String], want: &str) -> Option<usize> {
    if let Some(i) = names.iter().position(|n| n == want) {
        return Some(i);
    }
    let want = want.to_lowercase();
    let like: Vec<usize> = (0..names.len()).filter(|i| names[*i].to_lowercase().contains(&want)).collect();
    match like.as_slice() {
        [i] => Some(*i),
        _ => None,
    }
}

#[cfg(feature = "mic")]
impl Mic {
    /// The input opened and how it is captured, for whoever sets the
    /// machine up: "hw:CARD=Headset,DEV=0: 48000 Hz, 1 channel, i16".
    pub fn about(&self) -> &str {
        &self.about
    }

    /// The device's own sample rate (Hz), before it is resampled to
    /// 16 kHz: 8 kHz from a headset in call mode.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// Hears until `deliver` says stop (`Ok`) or the device fails (its
    /// first error). The device is let go when the `Mic` is dropped, which
    /// waits for cpal's thread: a failure can be told before that.
    pub fn run(&self) -> Result<(), AudioError> {
        use cpal::traits::StreamTrait;
        use std::sync::atomic::Ordering;
        self.stream.play().map_err(|e| AudioError::Mic {
            reason: match e {
                cpal::PlayStreamError::DeviceNotAvailable => MicTrouble::Unplugged,
                e => MicTrouble::System(e.to_string()),
            },
        })?;
        while !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(100));
        }
        match self.failure.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
            Some(reason) => Err(AudioError::Mic { reason }),
            None => Ok(()),
        }
    }
}

/// Without the `mic` feature: a microphone that cannot be opened (the
/// type has no value, so none of its methods can be reached).
#[cfg(not(feature = "mic"))]
pub struct Mic {
    never: std::convert::Infallible,
}

/// Says that the microphone is not built in.
#[cfg(not(feature = "mic"))]
pub fn open_mic(_name: Option<&str>, _deliver: impl FnMut(Vec<i16>) -> bool + Send + 'static) -> Result<Mic, AudioError> {
    Err(crate::NotBuiltIn::new("mic").into())
}

#[cfg(not(feature = "mic"))]
impl Mic {
    /// Never called without the feature: no value of the type exists.
    pub fn about(&self) -> &str {
        match self.never {}
    }

    /// Never called without the feature: no value of the type exists.
    pub fn rate(&self) -> u32 {
        match self.never {}
    }

    /// Never called without the feature: no value of the type exists.
    pub fn run(&self) -> Result<(), AudioError> {
        match self.never {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "mic")]
    fn every_sample_format_comes_on_one_scale() {
        let near = |got: Vec<f32>, want: &[f32]| {
            assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(want) {
                assert!((g - w).abs() < 1e-3, "{got:?} != {want:?}");
            }
        };
        near(to_unit(&[0i32, i32::MAX, i32::MIN, i32::MAX / 2]), &[0.0, 1.0, -1.0, 0.5]);
        near(to_unit(&[0i16, i16::MAX, i16::MIN]), &[0.0, 1.0, -1.0]);
        near(to_unit(&[128u8, 255, 0]), &[0.0, 127.0 / 128.0, -1.0]);
        near(to_unit(&[32768u16, 0]), &[0.0, -1.0]);
        near(to_unit(&[0.25f64, -0.5]), &[0.25, -0.5]);
        near(to_unit(&[i64::MAX / 4]), &[0.25]);
    }

    #[test]
    #[cfg(not(feature = "mic"))]
    fn without_the_feature_the_microphone_says_it_is_not_built_in() {
        match open_mic(None, |_| true) {
            Err(AudioError::NotBuiltIn(n)) => assert_eq!(n.feature, "mic"),
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("a microphone opened without the feature"),
        }
    }

    #[test]
    fn a_device_is_picked_by_its_name_or_a_part_only_it_has() {
        let names: Vec<String> =
            ["default", "sysdefault:CARD=Headset", "front:CARD=PCH,DEV=0", "hw:CARD=Headset,DEV=0"].map(String::from).to_vec();
        assert_eq!(pick_device(&names, "default"), Some(0));
        assert_eq!(pick_device(&names, "hw:CARD=Headset,DEV=0"), Some(3));
        assert_eq!(pick_device(&names, "pch"), Some(2));
        assert_eq!(pick_device(&names, "headset"), None, "two inputs have it: never a guess");
        assert_eq!(pick_device(&names, "usb"), None);
    }

    /// Feeds `pace` pieces of `frames` frames, `gap` apart on a clock that
    /// also moves by every wait it asks for; returns the waits.
    fn paced(pace: &mut Pace, pieces: usize, frames: usize, gap: Duration) -> Vec<Duration> {
        let mut now = Instant::now();
        let mut waits = Vec::new();
        for _ in 0..pieces {
            let w = pace.wait(frames, now);
            waits.push(w);
            now += w + gap;
        }
        waits
    }

    #[test]
    fn a_real_microphone_is_never_held_back_even_with_a_quick_crystal() {
        // 25 ms pieces at 48 kHz, every 25 ms: ten hours, exactly on time.
        let mut p = Pace::new(48_000);
        assert!(paced(&mut p, 1_440_000, 1200, Duration::from_millis(25)).iter().all(Duration::is_zero));
        // A crystal 0.5 % quick, the first piece late with a whole buffer.
        let mut p = Pace::new(48_000);
        assert!(p.wait(4800, Instant::now()).is_zero());
        assert!(paced(&mut p, 1_440_000, 1206, Duration::from_millis(25)).iter().all(Duration::is_zero));
    }

    #[test]
    fn a_device_with_no_clock_is_held_to_the_pace_of_the_clock() {
        // 100 ms pieces at 44.1 kHz, as fast as they are read.
        let mut p = Pace::new(44_100);
        let waits = paced(&mut p, 600, 4410, Duration::ZERO);
        // The first half second comes at once, then each piece waits about
        // its own length: a minute of sound takes a minute (at most 1 %
        // less: what is forgiven), less the lead.
        assert!(waits[..5].iter().all(Duration::is_zero), "{:?}", &waits[..8]);
        assert!(!waits[5].is_zero());
        let total: Duration = waits.iter().sum();
        let sound = Duration::from_secs(60);
        assert!(total <= sound && total + LEAD + Duration::from_millis(100) >= sound.div_f64(1.01), "{total:?}");
    }

    #[test]
    fn after_a_pause_a_device_with_no_clock_gets_only_the_lead_again() {
        let mut p = Pace::new(16_000);
        let start = Instant::now();
        for i in 0..10 {
            p.wait(1600, start + Duration::from_millis(100 * i));
        }
        // Nothing for ten seconds (an empty pipe), then a burst: its first
        // piece may have been made in the pause, then the lead.
        let later = start + Duration::from_secs(11);
        let waits: Vec<Duration> = (0..8).map(|_| p.wait(1600, later)).collect();
        assert!(waits[..6].iter().all(Duration::is_zero) && !waits[6].is_zero(), "{waits:?}");
    }
}
