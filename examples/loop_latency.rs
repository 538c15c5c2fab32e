//! Measures how soon the daemon answers what the player says while its page
//! is under load: the time from the end of an utterance (the moment the
//! endpointer's closing silence has been delivered) to the daemon's echo or
//! question (its next `say:` line), median and 95th percentile.
//!
//! The daemon (`target/release/tiflo`) runs as in play: pocketsphinx (or
//! the recogniser `--engine` names: `--engine moonshine`), text
//! speech, its journal in a fresh folder, the page on 127.0.0.1, hearing a
//! named pipe fed in real time with English phrases spoken by espeak-ng
//! (moves and their confirmations, the opponent's moves typed, commands).
//! Meanwhile `--clients` threads (2 by default) read the page's state over
//! loopback, one request after another each, as fast as it answers.
//!
//! ```sh
//! bash scripts/setup.sh --test
//! cargo build --release && cargo run --release --example loop_latency [-- --rounds 6 --clients 2 --engine moonshine]
//! ```

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// The endpointer's closing silence (`EndpointConfig::default().hangover_ms`).
const HANGOVER: Duration = Duration::from_millis(450);
/// 20 ms of 16 kHz audio, as a sound card delivers it.
const PIECE: usize = 320;

/// One step of the script: a phrase said, or a line typed.
enum Step {
    Say(&'static str),
    Type(&'static str),
}

fn script() -> Vec<Step> {
    use Step::{Say, Type};
    vec![
        Say("echo four"),
        Say("yes"),
        Type("e5"),
        Say("knight foxtrot three"),
        Say("yes"),
        Type("Nc6"),
        Say("clock"),
        Say("square echo four"),
        Say("bishop bravo five"),
        Say("yes"),
        Type("a6"),
        Say("clock"),
        Say("square foxtrot three"),
    ]
}

/// The recogniser the daemon hears with (`--engine`, pocketsphinx unless
/// given).
fn engine() -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == "--engine").and_then(|i| args.get(i + 1)).cloned().unwrap_or_else(|| "pocketsphinx".to_owned())
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// `text` spoken by espeak-ng as 16 kHz mono samples.
fn speak(text: &str, dir: &Path) -> Result<Vec<i16>, String> {
    let wav = dir.join("phrase.wav");
    let raw = dir.join("phrase.raw");
    let ok = Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&wav).arg(text).status().map_err(|e| format!("espeak-ng: {e}"))?;
    if !ok.success() {
        return Err("espeak-ng failed".into());
    }
    let ok = Command::new("sox")
        .arg(&wav)
        .args(["-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer", "-t", "raw"])
        .arg(&raw)
        .status()
        .map_err(|e| format!("sox: {e}"))?;
    if !ok.success() {
        return Err("sox failed".into());
    }
    let bytes = std::fs::read(&raw).map_err(|e| e.to_string())?;
    let pcm: Vec<i16> = bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
    // Its own trailing silence cut off: the utterance ends at its last sound.
    let end = pcm.iter().rposition(|x| x.unsigned_abs() > 300).map_or(pcm.len(), |i| i + 1);
    Ok(pcm[..end].to_vec())
}

/// Writes `pcm` to the pipe at the pace of a sound card, from `start`.
fn paced(pipe: &mut impl Write, pcm: &[i16], clock: &mut Instant) -> std::io::Result<()> {
    for piece in pcm.chunks(PIECE) {
        let bytes: Vec<u8> = piece.iter().flat_map(|x| x.to_le_bytes()).collect();
        pipe.write_all(&bytes)?;
        *clock += Duration::from_micros(piece.len() as u64 * 1_000_000 / 16_000);
        if let Some(wait) = clock.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
    }
    pipe.flush()
}

/// Reads the page's state, one request after another, until `stop`.
fn load(port: u16, stop: Arc<AtomicBool>, count: Arc<AtomicU64>) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) else { continue };
        let _ = write!(s, "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
        let mut body = Vec::new();
        if s.read_to_end(&mut body).is_ok() && body.starts_with(b"HTTP/1.1 200") {
            count.fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() -> Result<(), String> {
    let rounds = arg("--rounds", 6);
    let engine = engine();
    let clients = arg("--clients", 2);
    let bin = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/release/tiflo");
    if !bin.exists() {
        return Err(format!("{} is missing: cargo build --release first", bin.display()));
    }
    let dir = std::env::temp_dir().join(format!("tiflo-loop-latency-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut phrases = std::collections::HashMap::new();
    for step in script() {
        if let Step::Say(p) = step {
            phrases.insert(p, speak(p, &dir)?);
        }
    }
    let mut latencies = Vec::new();
    // Each phrase's latencies, for the slowest.
    let mut by_phrase: std::collections::BTreeMap<String, Vec<f64>> = std::collections::BTreeMap::new();
    let mut requests = 0;
    let started = Instant::now();
    for round in 0..rounds {
        let fifo = dir.join(format!("talk-{round}.pcm"));
        let journal = dir.join(format!("game-{round}.journal"));
        let ok = Command::new("mkfifo").arg(&fifo).status().map_err(|e| e.to_string())?;
        if !ok.success() {
            return Err("mkfifo failed".into());
        }
        let mut child = Command::new(&bin)
            .args(["daemon", "--lang", "en", "--speech", "text", "--engine", &engine, "--braille", "none", "--page", "local:0"])
            .arg(format!("--listen=pcm:{}", fifo.display()))
            .arg("--journal")
            .arg(&journal)
            .env("XDG_CONFIG_HOME", &dir)
            .env("XDG_STATE_HOME", &dir)
            .env("XDG_DATA_HOME", &dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        let mut stdin = child.stdin.take().unwrap();
        let (lines_tx, lines) = mpsc::channel::<(Instant, String)>();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if lines_tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        // The pipe is opened once the recogniser is ready; the page says
        // its address.
        let mut port = None;
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut pipe = None;
        let fifo_path = fifo.clone();
        let opener = std::thread::spawn(move || std::fs::OpenOptions::new().write(true).open(fifo_path));
        while port.is_none() {
            let (_, line) = lines.recv_timeout(deadline.saturating_duration_since(Instant::now())).map_err(|_| "the daemon never said its page")?;
            if let Some(rest) = line.split("http://127.0.0.1:").nth(1) {
                port = rest.split('/').next().and_then(|p| p.parse::<u16>().ok());
            }
        }
        let port = port.unwrap();
        if let Ok(p) = opener.join().unwrap() {
            pipe = Some(p);
        }
        let mut pipe = pipe.ok_or("cannot open the pipe")?;
        let stop = Arc::new(AtomicBool::new(false));
        let count = Arc::new(AtomicU64::new(0));
        let loaders: Vec<_> = (0..clients)
            .map(|_| {
                let (stop, count) = (stop.clone(), count.clone());
                std::thread::spawn(move || load(port, stop, count))
            })
            .collect();
        let mut clock = Instant::now();
        // A second of quiet for the endpointer's noise floor.
        paced(&mut pipe, &vec![0i16; 16_000], &mut clock).map_err(|e| e.to_string())?;
        while lines.try_recv().is_ok() {}
        for step in script() {
            match step {
                Step::Type(line) => {
                    writeln!(stdin, "{line}").map_err(|e| e.to_string())?;
                    paced(&mut pipe, &vec![0i16; 16_000], &mut clock).map_err(|e| e.to_string())?;
                    while lines.try_recv().is_ok() {}
                }
                Step::Say(phrase) => {
                    paced(&mut pipe, &phrases[phrase], &mut clock).map_err(|e| e.to_string())?;
                    // The closing silence: the utterance has ended once it
                    // is delivered.
                    paced(&mut pipe, &vec![0i16; (HANGOVER.as_millis() as usize) * 16], &mut clock).map_err(|e| e.to_string())?;
                    let ended = Instant::now();
                    // Silence goes on while the answer is awaited.
                    let mut answered = None;
                    for _ in 0..150 {
                        paced(&mut pipe, &[0i16; PIECE], &mut clock).map_err(|e| e.to_string())?;
                        if let Ok((at, line)) = lines.try_recv()
                            && line.starts_with("say: ")
                        {
                            answered = Some(at);
                            break;
                        }
                    }
                    match answered {
                        Some(at) => {
                            let ms = at.saturating_duration_since(ended).as_secs_f64() * 1000.0;
                            latencies.push(ms);
                            by_phrase.entry(phrase.to_string()).or_insert_with(Vec::new).push(ms);
                        }
                        None => eprintln!("round {round}: no answer to {phrase:?}"),
                    }
                    paced(&mut pipe, &vec![0i16; 8_000], &mut clock).map_err(|e| e.to_string())?;
                    while lines.try_recv().is_ok() {}
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        for l in loaders {
            let _ = l.join();
        }
        requests += count.load(Ordering::Relaxed);
        drop(pipe);
        drop(stdin);
        let _ = child.wait();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&dir);
    if latencies.is_empty() {
        return Err("nothing was answered".into());
    }
    let mut sorted = latencies.clone();
    sorted.sort_by(f64::total_cmp);
    println!("| utterances answered | median (ms) | p95 (ms) | max (ms) | page requests served | page load |");
    println!("|---:|---:|---:|---:|---:|---|");
    println!(
        "| {} | {:.0} | {:.0} | {:.0} | {} ({:.0}/s) | {} loopback clients, one request after another |",
        sorted.len(),
        percentile(&sorted, 0.5),
        percentile(&sorted, 0.95),
        sorted[sorted.len() - 1],
        requests,
        requests as f64 / elapsed,
        clients
    );
    println!("\n| phrase | answered | median (ms) | max (ms) |\n|---|---:|---:|---:|");
    for (phrase, mut ms) in by_phrase {
        ms.sort_by(f64::total_cmp);
        println!("| {phrase} | {} | {:.0} | {:.0} |", ms.len(), percentile(&ms, 0.5), ms[ms.len() - 1]);
    }
    Ok(())
}
