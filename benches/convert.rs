//! Benchmark: read ≥ 20,000 random games (≥ 5 M plies) and write UCI, with
//! `tiflo convert --to uci` and with `pgn-extract -Wuci` on the same file,
//! one core each, best of several runs. Prints a Markdown table for
//! `docs/benchmarks.md`.
//!
//! Run with `cargo bench --bench convert` (pgn-extract from
//! `scripts/setup.sh --test`). Options after `--`: `--games N`, `--runs N`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tiflo::convert::{Target, convert};
use tiflo::notation::Dialect;
use tiflo::pgn::ReadAs;

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn run(cmd: &mut Command) {
    let status = cmd.stdout(Stdio::null()).stderr(Stdio::null()).status().expect("command runs");
    assert!(status.success(), "{cmd:?} failed");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let opt = |name: &str, default: usize| {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
    };
    let games = opt("--games", 20_000);
    let runs = opt("--runs", 3);

    let text = tiflo::corpus::pgn_corpus(20_000, games, 240, 340);
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-corpus.pgn");
    std::fs::write(&path, &text).expect("write corpus");
    let (uci, errors) = convert(&text, ReadAs::Auto, Target::UciLines);
    assert!(errors.is_empty());
    let plies: usize = uci.lines().map(|l| l.split_whitespace().filter(|w| w.len() >= 4 && w.as_bytes()[1].is_ascii_digit()).count()).sum();
    println!("corpus: {games} games, {plies} plies, {:.1} MB", text.len() as f64 / 1e6);

    let tiflo_bin = env!("CARGO_BIN_EXE_tiflo");
    let rate = |d: Duration| plies as f64 / d.as_secs_f64() / 1e6;

    let in_process_auto = best_of(runs, || {
        std::hint::black_box(convert(&text, ReadAs::Auto, Target::UciLines));
    });
    let in_process_pgn = best_of(runs, || {
        std::hint::black_box(convert(&text, ReadAs::Dialect(Dialect::PGN), Target::UciLines));
    });
    let tiflo_cli = best_of(runs, || run(Command::new(tiflo_bin).args(["convert", "--to", "uci"]).arg(&path)));
    let tiflo_cli_pgn = best_of(runs, || run(Command::new(tiflo_bin).args(["convert", "--from", "san", "--from-lang", "en", "--to", "uci"]).arg(&path)));
    let path_env = format!("/usr/games:{}", std::env::var("PATH").unwrap_or_default());
    let extract = best_of(runs, || run(Command::new("pgn-extract").env("PATH", &path_env).args(["-Wuci", "-s", "-o", "/dev/null"]).arg(&path)));

    println!();
    println!("| reader | time (s) | M plies/s | vs pgn-extract |");
    println!("|---|---:|---:|---:|");
    for (name, d) in [
        ("tiflo convert --to uci (auto-detect), process", tiflo_cli),
        ("tiflo convert --from san --from-lang en --to uci, process", tiflo_cli_pgn),
        ("tiflo library, auto-detect, in memory", in_process_auto),
        ("tiflo library, English SAN, in memory", in_process_pgn),
        ("pgn-extract -Wuci, process", extract),
    ] {
        println!("| {name} | {:.3} | {:.2} | {:.1}× |", d.as_secs_f64(), rate(d), extract.as_secs_f64() / d.as_secs_f64());
    }
}
