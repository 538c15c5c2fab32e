//! Memory is bounded by the largest game, not by the input: about 1.5 GB of
//! generated games (each with a long engine-style comment) go through a
//! pipe to `tiflo convert`, and the child's peak resident memory (VmHWM in
//! /proc/<pid>/status) must stay under 64 MB. No timing is asserted.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn vm_hwm_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

#[test]
fn a_large_piped_input_is_converted_in_bounded_memory() {
    let comment = "x".repeat(60_000);
    let game = format!(
        "[Event \"stream\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {{{comment}}} 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0\n\n"
    );
    let games = 1_500_000_000 / game.len();
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tiflo"))
            .args(["convert", "--to", "uci", "--jobs", jobs, "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            // Counts the output lines, keeping none.
            let mut buf = vec![0u8; 1 << 16];
            let mut lines = 0usize;
            let mut last = Vec::new();
            loop {
                let n = stdout.read(&mut buf).unwrap();
                if n == 0 {
                    break;
                }
                lines += buf[..n].iter().filter(|&&c| c == b'\n').count();
                last = buf[..n].to_vec();
            }
            (lines, last)
        });
        let mut stdin = child.stdin.take().unwrap();
        let mut peak = 0;
        for i in 0..games {
            stdin.write_all(game.as_bytes()).unwrap();
            if i % 1000 == 0 {
                peak = peak.max(vm_hwm_kb(pid).unwrap_or(0));
            }
        }
        drop(stdin);
        // VmHWM only grows: the last reading before the child exits is its peak.
        while let Some(kb) = vm_hwm_kb(pid) {
            peak = peak.max(kb);
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let status = child.wait().unwrap();
        let (lines, last) = reader.join().unwrap();
        assert!(status.success());
        assert_eq!(lines, games, "jobs {jobs}: every game converted");
        assert!(String::from_utf8_lossy(&last).ends_with("e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 1-0\n"));
        assert!(peak > 0, "the child's status was read");
        assert!(peak < 64 * 1024, "jobs {jobs}: peak resident memory {peak} kB for a {} MB input", games * game.len() >> 20);
    }
}
