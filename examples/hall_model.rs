//! Makes pocketsphinx's hall model (`tiflo::hearing::adapt::HALL_FOLDER`)
//! in a models folder: the adaptation phrases said by the hearing corpus's
//! training voices only (`hearing::hall_takes_with` in `tests/common/hearing.rs`:
//! espeak-ng, flite's `kal`, festival's `kal_diphone`, each at its
//! enrolment rate, never a held-out voice), clean and in a babble of the
//! training voices that is never the babble the hall is measured in, adapted
//! by `tiflo::hearing::adapt` (MAP, as `tiflo adapt` does). The speech is
//! synthesised with repeatable dither, so the same tools make the same
//! model. A model already made from the same phrases, voices and noise is
//! kept.
//!
//! ```sh
//! bash scripts/hall-model.sh [MODELS_DIR]   # builds and runs this
//! cargo run --release --example hall_model -- [MODELS_DIR] [--babble SNR]...
//! ```
//!
//! `MODELS_DIR` is `/usr/local/share/tiflo/models` unless given (a folder
//! tiflo always looks in: `tiflo::hearing::models::SYSTEM_DIRS`). Without
//! `--babble`, the levels of `hearing::HALL_BABBLE_SNRS` and
//! `hearing::HALL_PINK_SNRS`.

#[path = "../tests/common/hearing.rs"]
mod hearing;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut dir = None;
    let (mut snrs, mut pinks) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--babble" || args[i] == "--pink" {
            match args.get(i + 1).and_then(|s| s.parse::<f32>().ok()) {
                Some(snr) if args[i] == "--babble" => snrs.push(snr),
                Some(snr) => pinks.push(snr),
                None => {
                    eprintln!("hall_model: {} takes a signal-to-noise ratio in dB", args[i]);
                    return ExitCode::from(2);
                }
            }
            i += 2;
        } else {
            dir = Some(PathBuf::from(&args[i]));
            i += 1;
        }
    }
    if !args.iter().any(|a| a == "--babble" || a == "--pink") {
        snrs = hearing::HALL_BABBLE_SNRS.to_vec();
        pinks = hearing::HALL_PINK_SNRS.to_vec();
    }
    let dir = dir.unwrap_or_else(|| PathBuf::from(tiflo::hearing::models::SYSTEM_DIRS[0]));
    let out = dir.join(tiflo::hearing::adapt::HALL_FOLDER);
    let voices: Vec<String> = hearing::Split::Train.voices().iter().map(|v| hearing::enrolment_voice(v).name).collect();
    let made_from = format!(
        "voices: {}\nbabble: {}\npink noise: {}\nphrases: {}\n",
        voices.join("; "),
        snrs.iter().map(|s| format!("{s} dB")).collect::<Vec<_>>().join(", "),
        pinks.iter().map(|s| format!("{s} dB")).collect::<Vec<_>>().join(", "),
        tiflo::hearing::adapt::prompts().join("; ")
    );
    hearing::make_setup_model("hall_model", &out, &made_from, &hearing::Split::Train.voices(), "hall-model", |work| hearing::hall_takes_with(work, &snrs, &pinks, &hearing::Recipe::default()))
}
