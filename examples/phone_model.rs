//! Makes pocketsphinx's model adapted to the telephone band (a headset in
//! call mode, 8 kHz), `tiflo::hearing::adapt::PHONE_FOLDER`, in a models
//! folder: the adaptation phrases said by the corpus's training voices only
//! (`hearing::phone_takes_with` in `tests/common/hearing.rs`: espeak-ng, flite's
//! `kal`, festival's `kal_diphone` at 16 and 8 kHz, never a held-out
//! voice), sent through the telephone band at 8 kHz by sox, read back by
//! tiflo as an 8 kHz recording is, and adapted by `tiflo::hearing::adapt`
//! (MAP, as `tiflo adapt` does). Each recording is also played at the
//! speeds of `SPEEDS` (sox's `speed`: pitch, formants and tempo moved
//! together, as if another speaker said it). The speech is synthesised with
//! repeatable dither, so the same tools make the same model. A model already
//! made from the same phrases, voices and speeds is kept.
//!
//! ```sh
//! bash scripts/phone-model.sh [MODELS_DIR]   # builds and runs this
//! cargo run --release --example phone_model -- [MODELS_DIR]
//! ```
//!
//! `MODELS_DIR` is `/usr/local/share/tiflo/models` unless given (a folder
//! tiflo always looks in: `tiflo::hearing::models::SYSTEM_DIRS`).

#[path = "../tests/common/hearing.rs"]
mod hearing;

use std::path::PathBuf;
use std::process::ExitCode;

/// The speeds each training recording is also played at. Chosen on the
/// training part alone (docs/benchmarks.md, "Hearing a headset in call
/// mode"): with one training speaker left out of the model and heard, for
/// each of two speakers, none, two, four near and four far speeds and these
/// eight were tried; these were the best on average.
const SPEEDS: [f32; 8] = [0.8, 0.85, 0.9, 0.95, 1.05, 1.1, 1.15, 1.2];

fn main() -> ExitCode {
    let dir = std::env::args().nth(1).map_or_else(|| PathBuf::from(tiflo::hearing::models::SYSTEM_DIRS[0]), PathBuf::from);
    let out = dir.join(tiflo::hearing::adapt::PHONE_FOLDER);
    let voices: Vec<String> = hearing::Split::Train.phone_voices().iter().map(|v| hearing::enrolment_voice(v).name).collect();
    let made_from = format!(
        "telephone band {}-{} Hz at {} Hz\nvoices: {}\nspeeds: {}\nphrases: {}\n",
        hearing::PHONE_BAND.0,
        hearing::PHONE_BAND.1,
        hearing::PHONE_RATE,
        voices.join("; "),
        SPEEDS.map(|f| f.to_string()).join(", "),
        tiflo::hearing::adapt::prompts().join("; ")
    );
    hearing::make_setup_model("phone_model", &out, &made_from, &hearing::Split::Train.phone_voices(), "phone-model", |work| {
        hearing::phone_takes_with(work, &hearing::Recipe { speeds: SPEEDS.to_vec(), ..hearing::Recipe::default() })
    })
}
