//! Sound files and raw PCM, the file drivers of hearing: read whole and
//! converted to what the recognisers take (16 kHz mono 16-bit).

use std::io::Read;
use std::path::Path;

use thiserror::Error;

use crate::hearing::audio::{Resampler, to_float};
use crate::hearing::recognizer::SAMPLE_RATE;

/// Why audio could not be read.
#[derive(Debug, Error)]
pub enum AudioError {
    #[error("cannot read the sound file {path}: {reason}")]
    Wav { path: String, reason: String },
    #[error("cannot read audio from standard input: {0}")]
    Stdin(#[from] std::io::Error),
    #[error("cannot use the microphone: {reason}")]
    Mic { reason: String },
    /// The microphone is left out of this build (the `mic` feature).
    #[error("{0}")]
    NotBuiltIn(#[from] crate::NotBuiltIn),
}

/// Reads a WAV file (any rate, channels, 8–32-bit integer or float) as
/// 16 kHz mono.
pub fn read_wav(path: &Path) -> Result<Vec<i16>, AudioError> {
    let err = |reason: String| AudioError::Wav { path: path.display().to_string(), reason };
    let mut reader = hound::WavReader::open(path).map_err(|e| err(e.to_string()))?;
    let spec = reader.spec();
    let samples: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => {
            reader.samples::<f32>().collect::<Result<_, _>>().map_err(|e| err(e.to_string()))?
        }
        hound::SampleFormat::Int => {
            let scale = 2f32.powi(i32::from(spec.bits_per_sample.clamp(1, 32)) - 1);
            reader
                .samples::<i32>()
                .map(|s| s.map(|v| v as f32 / scale))
                .collect::<Result<_, _>>()
                .map_err(|e| err(e.to_string()))?
        }
    };
    if spec.sample_rate == SAMPLE_RATE && spec.channels == 1 && spec.bits_per_sample == 16 {
        return Ok(samples.iter().map(|v| (v * 32768.0).round().clamp(-32768.0, 32767.0) as i16).collect());
    }
    Ok(Resampler::new(spec.sample_rate, spec.channels).push(&samples))
}

/// Reads raw 16 kHz mono signed 16-bit little-endian PCM until the end.
pub fn read_raw(mut input: impl Read) -> Result<Vec<i16>, AudioError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    Ok(bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect())
}

/// Converts samples at another rate to what the recognisers take.
pub fn to_16k(pcm: &[i16], rate: u32) -> Vec<i16> {
    if rate == SAMPLE_RATE {
        return pcm.to_vec();
    }
    Resampler::new(rate, 1).push(&to_float(pcm))
}
