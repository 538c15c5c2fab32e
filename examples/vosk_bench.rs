//! Measures the vosk recogniser end to end on Korean moves spoken by
//! espeak-ng (`tests/common/vosk_corpus.rs`): correct accepts, correct asks,
//! wrong accepts, rejects, the real-time factor and the latency from the end
//! of an utterance to the decision, as a markdown table for
//! `docs/benchmarks.md`.
//!
//! ```sh
//! bash scripts/setup.sh --test
//! taskset -c 0 cargo run --release --example vosk_bench [-- --misses]
//! ```

#[path = "../tests/common/vosk_corpus.rs"]
mod vosk_corpus;

use std::process::ExitCode;

fn main() -> ExitCode {
    let show_misses = std::env::args().any(|a| a == "--misses");
    let run = || -> Result<(), String> {
        vosk_corpus::check_tools()?;
        let model = vosk_corpus::model_dir()?;
        let work = tempfile::tempdir().map_err(|e| e.to_string())?;
        let cases = vosk_corpus::cases();
        let results = vosk_corpus::run(&cases, &model, work.path())?;
        println!("model: {}\n", model.display());
        print!("{}", vosk_corpus::table(&results));
        if show_misses {
            println!();
            print!("{}", vosk_corpus::misses(&results));
        }
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("vosk_bench: {e}");
            ExitCode::from(2)
        }
    }
}
