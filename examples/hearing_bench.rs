//! Measures hearing with pocketsphinx end to end on English moves spoken by
//! espeak-ng (`tests/common/hearing.rs`), clean and with pink noise at
//! 20 dB SNR: correct accepts, correct asks, wrong accepts, rejects, the
//! real-time factor and the latency from the end of an utterance to the
//! decision, as markdown tables for `docs/benchmarks.md`.
//!
//! ```sh
//! bash scripts/setup.sh --test
//! taskset -c 0 cargo run --release --example hearing_bench [-- --misses]
//! ```

#[path = "../tests/common/hearing.rs"]
mod hearing;

use std::process::ExitCode;

use tiflo::speaking::announce::{Files, Style};
use tiflo::hearing::sphinx::Sphinx;

/// The English corpus of the tests and this benchmark.
pub fn english() -> Vec<hearing::Case> {
    let voices = ["-v en-us", "-v en-gb -s 150", "-v en-us+m3 -s 140", "-v en-us+f2 -s 185"].map(hearing::Voice::new);
    hearing::cases("en", &hearing::spots(9), &voices, &[Style::Short, Style::Long], &[Files::Letters, Files::Nato])
}

/// The English spoken commands of the tests and this benchmark.
pub fn commands() -> Vec<hearing::CommandCase> {
    let voices = ["-v en-us", "-v en-gb -s 150", "-v en-us+m3 -s 140", "-v en-us+f2 -s 185"].map(hearing::Voice::new);
    hearing::command_cases(&hearing::spots(9), &voices, 8)
}

fn main() -> ExitCode {
    let show_misses = std::env::args().any(|a| a == "--misses");
    let run = || -> Result<(), String> {
        hearing::check_tools("en")?;
        let work = hearing::work_dir("bench");
        let clean = english();
        let mut cases = clean.clone();
        cases.extend(hearing::noisy(&clean, 20.0));
        let mut rec = Sphinx::open_default().map_err(|e| e.to_string())?;
        let results = hearing::run(&cases, "en", &mut rec, &work)?;
        let mut checker = Sphinx::open_default().map_err(|e| e.to_string())?;
        checker.set_alternatives(1);
        let t = std::time::Instant::now();
        let agreement = hearing::agreement(&results, "en", &mut checker, &work)?;
        println!("agreement checks took {:?}", t.elapsed());
        println!("Readings a sure understanding would accept: {} ({} of them wrong); the open grammar agreed on {} ({} of them wrong).\n", agreement.clear, agreement.clear_wrong, agreement.agreed, agreement.agreed_wrong);
        let _ = std::fs::remove_dir_all(&work);
        let by_condition = |r: &hearing::Decoded| match r.case.snr {
            Some(snr) => format!("pocketsphinx, noise {snr} dB SNR"),
            None => "pocketsphinx, clean".to_owned(),
        };
        let by_words = |r: &hearing::Decoded| {
            format!("{}, {:?} files, {}", by_condition(r), r.case.files, if r.case.snr.is_some() { "noisy" } else { "clean" })
        };
        println!("{}", hearing::table(&results, by_condition));
        println!("{}", hearing::table(&results, by_words));
        println!("{}", hearing::table(&results, |r| format!("{}, {}", by_condition(r), r.case.voice.name)));
        if show_misses {
            print!("{}", hearing::misses(&results));
        }
        // The same utterances with pocketsphinx adapted to each voice
        // (`tiflo adapt`).
        let work = hearing::work_dir("bench-adapted");
        let adapted = hearing::run_adapted(&cases, "en", &work, 1)?;
        let _ = std::fs::remove_dir_all(&work);
        println!("Adapted to each voice (tiflo adapt):\n");
        println!("{}", hearing::table(&adapted, by_words));
        println!("{}", hearing::table(&adapted, |r| format!("{}, {}", by_condition(r), r.case.voice.name)));
        if show_misses {
            print!("{}", hearing::misses(&adapted));
        }
        // The same utterances with the grammar offering only the file words
        // each is said in (`hear-files`).
        let work = hearing::work_dir("bench-own-files");
        let results = hearing::run_own_files(&cases, "en", &mut rec, &work)?;
        let _ = std::fs::remove_dir_all(&work);
        println!("Grammar with the speaker's file words only (hear-files):\n");
        println!("{}", hearing::table(&results, by_words));
        if show_misses {
            print!("{}", hearing::misses(&results));
        }
        // Spoken commands through the daemon's listener.
        let clean = commands();
        let mut cases = clean.clone();
        cases.extend(hearing::noisy_commands(&clean, 20.0));
        let work = hearing::work_dir("bench-commands");
        let results = hearing::run_commands(&cases, || Sphinx::open_default().map_err(|e| e.to_string()), &work, 1)?;
        let _ = std::fs::remove_dir_all(&work);
        let condition = |snr: Option<f32>| match snr {
            Some(snr) => format!("pocketsphinx, noise {snr} dB SNR"),
            None => "pocketsphinx, clean".to_owned(),
        };
        println!("{}", hearing::command_table(&results, |r| condition(r.case.snr)));
        println!("{}", hearing::command_table(&results, |r| format!("{}, {}", condition(r.case.snr), r.case.voice.name)));
        if show_misses {
            print!("{}", hearing::command_misses(&results));
        }
        // The same commands with pocketsphinx adapted to each voice.
        let work = hearing::work_dir("bench-commands-adapted");
        let results = hearing::run_commands_adapted(&cases, &work, 1)?;
        let _ = std::fs::remove_dir_all(&work);
        println!("Commands, adapted to each voice (tiflo adapt):\n");
        println!("{}", hearing::command_table(&results, |r| condition(r.case.snr)));
        if show_misses {
            print!("{}", hearing::command_misses(&results));
        }
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hearing_bench: {e}");
            ExitCode::from(2)
        }
    }
}
