//! Benchmark: read ≥ 20,000 random games (≥ 5 M plies) and write UCI, with
//! `tiflo convert --to uci` and with `pgn-extract -Wuci` on the same file,
//! one core each, in interleaved rounds. Prints a Markdown table for
//! `docs/benchmarks.md`.
//!
//! Run with `cargo bench --bench convert` (pgn-extract from
//! `scripts/setup.sh --test`). Options after `--`: `--games N`, `--runs N`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tiflo::pgn::convert::{Target, convert};
use tiflo::notation::Dialect;
use tiflo::pgn::ReadAs;

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

    let text = tiflo::testkit::corpus::pgn_corpus(20_000, games, 240, 340);
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-corpus.pgn");
    std::fs::write(&path, &text).expect("write corpus");
    let (uci, errors) = convert(&text, ReadAs::Auto, Target::UciLines);
    assert!(errors.is_empty());
    let plies: usize = uci.lines().map(|l| l.split_whitespace().filter(|w| w.len() >= 4 && w.as_bytes()[1].is_ascii_digit()).count()).sum();
    println!("corpus: {games} games, {plies} plies, {:.1} MB", text.len() as f64 / 1e6);

    let tiflo_bin = env!("CARGO_BIN_EXE_tiflo");
    let path_env = format!("/usr/games:{}", std::env::var("PATH").unwrap_or_default());
    let rate = |d: Duration| plies as f64 / d.as_secs_f64() / 1e6;
    let time = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        f();
        t.elapsed()
    };

    // Readers are timed in rounds, each round running every reader once, so
    // that a slow spell of the machine affects all of them alike.
    let names = [
        "tiflo convert --to uci (auto-detect), process",
        "tiflo convert --from san --from-lang en --to uci, process",
        "tiflo library, auto-detect, in memory",
        "tiflo library, English SAN, in memory",
        "pgn-extract -Wuci, process",
    ];
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); names.len()];
    for _ in 0..runs {
        times[0].push(time(&mut || run(Command::new(tiflo_bin).args(["convert", "--to", "uci"]).arg(&path))));
        times[1].push(time(&mut || {
            run(Command::new(tiflo_bin).args(["convert", "--from", "san", "--from-lang", "en", "--to", "uci"]).arg(&path))
        }));
        times[2].push(time(&mut || {
            std::hint::black_box(convert(&text, ReadAs::Auto, Target::UciLines));
        }));
        times[3].push(time(&mut || {
            std::hint::black_box(convert(&text, ReadAs::Dialect(Dialect::PGN), Target::UciLines));
        }));
        times[4].push(time(&mut || run(Command::new("pgn-extract").env("PATH", &path_env).args(["-Wuci", "-s", "-o", "/dev/null"]).arg(&path))));
    }

    println!();
    println!("{runs} rounds. Ratios: pgn-extract's best time over the reader's best time, and the median over the rounds of pgn-extract's time over the reader's time in the same round.");
    println!();
    println!("| reader | best time (s) | M plies/s | vs pgn-extract (best times) | vs pgn-extract (median of rounds) |");
    println!("|---|---:|---:|---:|---:|");
    let extract_best = *times[4].iter().min().expect("runs > 0");
    for (i, name) in names.iter().enumerate() {
        let best = *times[i].iter().min().expect("runs > 0");
        let mut ratios: Vec<f64> = times[i].iter().zip(&times[4]).map(|(t, e)| e.as_secs_f64() / t.as_secs_f64()).collect();
        ratios.sort_by(f64::total_cmp);
        let median = ratios[ratios.len() / 2];
        let by_best = extract_best.as_secs_f64() / best.as_secs_f64();
        println!("| {name} | {:.3} | {:.2} | {by_best:.1}× | {median:.1}× |", best.as_secs_f64(), rate(best));
    }
}
