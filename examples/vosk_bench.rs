//! Measures the vosk recogniser end to end on Korean moves spoken by
//! espeak-ng (`tests/common/korean.rs` on `tests/common/hearing.rs`):
//! correct accepts, correct asks, wrong accepts, rejects, the real-time
//! factor and the latency from the end of an utterance to the decision, as
//! a markdown table for `docs/benchmarks.md`.
//!
//! ```sh
//! bash scripts/setup.sh --test
//! taskset -c 0 cargo run --release --example vosk_bench [-- --misses]
//! ```

#[path = "../tests/common/hearing.rs"]
mod hearing;
#[path = "../tests/common/korean.rs"]
mod korean;

use std::process::ExitCode;

use tiflo::hearing::vosk::VoskRecognizer;

fn main() -> ExitCode {
    let show_misses = std::env::args().any(|a| a == "--misses");
    let run = || -> Result<(), String> {
        hearing::check_tools("ko")?;
        let model = korean::model_dir()?;
        let work = hearing::work_dir("vosk-bench");
        let cases = korean::corpus();
        let mut rec = VoskRecognizer::open(&model).map_err(|e| format!("{e} (model {})", model.display()))?;
        let results = hearing::run(&cases, "ko", &mut rec, &work);
        let _ = std::fs::remove_dir_all(&work);
        let results = results?;
        println!("model: {}\n", model.display());
        print!("{}", hearing::table(&results, korean::group));
        if show_misses {
            println!();
            print!("{}", hearing::misses(&results));
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
