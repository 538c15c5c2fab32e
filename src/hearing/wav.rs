//! Sound files and raw PCM, the file drivers of hearing: read whole and
//! converted to what the recognisers take (16 kHz mono 16-bit).

use std::io::Read;
use std::path::Path;

use thiserror::Error;

use crate::hearing::audio::Resampler;
use crate::hearing::recognizer::SAMPLE_RATE;
use crate::i18n::{OsReason, Reason, Said};

/// Why audio could not be read.
#[derive(Debug, Error)]
pub enum AudioError {
    /// `why`: none when the file is not a sound file tiflo reads.
    #[error("cannot read the sound file {path}: {}", why.as_ref().map_or("it is not a WAV file tiflo can read".to_owned(), |w| w.to_string()))]
    Wav {
        /// The file's path.
        path: String,
        /// What the system said went wrong.
        why: Option<OsReason>,
    },
    /// Standard input could not be read.
    #[error("cannot read audio from standard input: {0}")]
    Stdin(#[from] std::io::Error),
    /// The microphone could not be used.
    #[error("cannot use the microphone: {reason}")]
    Mic {
        /// What went wrong with it.
        reason: MicTrouble,
    },
    /// The microphone is left out of this build (the `mic` feature).
    #[error("{0}")]
    NotBuiltIn(#[from] crate::NotBuiltIn),
}

/// What went wrong with the microphone.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MicTrouble {
    /// The sound system has no default input device.
    #[error("no microphone is connected")]
    NoMicrophone,
    /// No input has the name asked for.
    #[error("no input is named {name:?}; the inputs are: {inputs}")]
    NoInputNamed {
        /// The name asked for.
        name: String,
        /// The names of the inputs there are, listed.
        inputs: String,
    },
    /// The microphone gives samples in a format tiflo does not convert.
    #[error("the microphone's sample format {0} is not supported")]
    Format(String),
    /// The microphone is not available any more (unplugged).
    #[error("the microphone was unplugged")]
    Unplugged,
    /// The sound system's own words, quoted.
    #[error("{0}")]
    System(String),
}

impl Reason for MicTrouble {
    fn said(&self) -> Said {
        match self {
            MicTrouble::NoMicrophone => Said::new("why-mic-none"),
            MicTrouble::NoInputNamed { name, inputs } => {
                Said::new("why-mic-no-input-named").data("name", name.clone()).data("inputs", inputs.clone())
            }
            MicTrouble::Format(format) => Said::new("why-mic-format").data("format", format.clone()),
            MicTrouble::Unplugged => Said::new("why-mic-unplugged"),
            MicTrouble::System(text) => Said::new("why-mic-system").data("detail", text.clone()),
        }
    }
}

impl Reason for AudioError {
    fn said(&self) -> Said {
        match self {
            AudioError::Wav { path, why: Some(why) } => Said::new("why-wav-read").data("path", path.clone()).with("why", why.said()),
            AudioError::Wav { path, why: None } => Said::new("why-wav-format").data("path", path.clone()),
            AudioError::Stdin(e) => Said::new("why-stdin-audio").with("why", e.said()),
            AudioError::Mic { reason } => reason.said(),
            AudioError::NotBuiltIn(e) => e.said(),
        }
    }
}

/// Reads a WAV file (any rate, channels, 8–32-bit integer or float) as
/// 16 kHz mono.
pub fn read_wav(path: &Path) -> Result<Vec<i16>, AudioError> {
    read_wav_rated(path).map(|(pcm, _)| pcm)
}

/// Reads a WAV file as [`read_wav`] does, with the sample rate (Hz) it was
/// recorded at, from its header: 8 kHz from a headset in call mode.
pub fn read_wav_rated(path: &Path) -> Result<(Vec<i16>, u32), AudioError> {
    let err = |e: hound::Error| AudioError::Wav {
        path: path.display().to_string(),
        why: match e {
            hound::Error::IoError(e) => Some(OsReason::from(&e)),
            _ => None,
        },
    };
    let mut reader = hound::WavReader::open(path).map_err(err)?;
    let spec = reader.spec();
    let samples: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => {
            reader.samples::<f32>().collect::<Result<_, _>>().map_err(err)?
        }
        hound::SampleFormat::Int => {
            let scale = 2f32.powi(i32::from(spec.bits_per_sample.clamp(1, 32)) - 1);
            reader
                .samples::<i32>()
                .map(|s| s.map(|v| v as f32 / scale))
                .collect::<Result<_, _>>()
                .map_err(err)?
        }
    };
    if spec.sample_rate == SAMPLE_RATE && spec.channels == 1 && spec.bits_per_sample == 16 {
        return Ok((samples.iter().map(|v| (v * 32768.0).round().clamp(-32768.0, 32767.0) as i16).collect(), spec.sample_rate));
    }
    Ok((Resampler::new(spec.sample_rate, spec.channels).push(&samples), spec.sample_rate))
}

/// Reads raw 16 kHz mono signed 16-bit little-endian PCM until the end.
pub fn read_raw(mut input: impl Read) -> Result<Vec<i16>, AudioError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    Ok(bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect())
}

