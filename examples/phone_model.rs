//! Makes pocketsphinx's model adapted to the telephone band (a headset in
//! call mode, 8 kHz), `tiflo::hearing::adapt::PHONE_FOLDER`, in a models
//! folder: the adaptation phrases said by the corpus's training voices only
//! (`hearing::phone_takes` in `tests/common/hearing.rs`: espeak-ng, flite's
//! `kal`, festival's `kal_diphone` at 16 and 8 kHz, never a held-out
//! voice), sent through the telephone band at 8 kHz by sox, read back by
//! tiflo as an 8 kHz recording is, and adapted by `tiflo::hearing::adapt`
//! (MAP, as `tiflo adapt` does). The speech is synthesised with repeatable
//! dither, so the same tools make the same model. A model already made from
//! the same phrases and voices is kept.
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

/// What the model is made from, kept beside it: the same text, the same model.
const MADE_FROM: &str = "made-from.txt";

fn main() -> ExitCode {
    let dir = std::env::args().nth(1).map_or_else(|| PathBuf::from(tiflo::hearing::models::SYSTEM_DIRS[0]), PathBuf::from);
    let out = dir.join(tiflo::hearing::adapt::PHONE_FOLDER);
    let voices: Vec<String> = hearing::Split::Train.phone_voices().iter().map(|v| hearing::enrolment_voice(v).name).collect();
    let made_from = format!(
        "telephone band {}-{} Hz at {} Hz\nvoices: {}\nphrases: {}\n",
        hearing::PHONE_BAND.0,
        hearing::PHONE_BAND.1,
        hearing::PHONE_RATE,
        voices.join("; "),
        tiflo::hearing::adapt::prompts().join("; ")
    );
    if std::fs::read_to_string(out.join(MADE_FROM)).is_ok_and(|m| m == made_from) && tiflo::hearing::adapt::find_phone(std::slice::from_ref(&dir)).is_some() {
        println!("phone_model: {} is up to date", out.display());
        return ExitCode::SUCCESS;
    }
    let run = || -> Result<(), String> {
        hearing::check_tools("en")?;
        hearing::check_voices(&hearing::Split::Train.phone_voices())?;
        let work = hearing::work_dir("phone-model");
        let takes = hearing::phone_takes(&work)?;
        eprintln!("phone_model: adapting to {} recordings", takes.len());
        tiflo::hearing::adapt::adapt(std::path::Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), &takes, &out).map_err(|e| e.to_string())?;
        // The recordings are not needed to hear with it.
        let _ = std::fs::remove_dir_all(out.join("takes"));
        std::fs::write(out.join(MADE_FROM), &made_from).map_err(|e| format!("{}: {e}", out.display()))?;
        let _ = std::fs::remove_dir_all(&work);
        Ok(())
    };
    match run() {
        Ok(()) => {
            println!("phone_model: made {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("phone_model: {e}");
            ExitCode::from(2)
        }
    }
}
