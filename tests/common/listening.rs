//! The daemon started to hear a test's sound: its launcher, a named pipe
//! for `--listen pcm:` and the bytes written to it. Only for integration
//! tests (the binary's path is known to them alone).

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Stdio};

/// The daemon in `dir` (its journal `dir/game.journal`, its settings and
/// state there too), text speech, pocketsphinx (unless `extra` gives
/// `--engine`), hearing `listen`, with
/// `extra` arguments (`--talk push`, `--braille ...`).
pub fn daemon(dir: &Path, lang: &str, listen: &str, extra: &[&str]) -> std::process::Child {
    // pocketsphinx unless `extra` names the recogniser.
    let engine: &[&str] = if extra.contains(&"--engine") { &[] } else { &["--engine", "pocketsphinx"] };
    Command::new(env!("CARGO_BIN_EXE_tiflo"))
        .args(["daemon", "--lang", lang, "--speech", "text"])
        .args(engine)
        .arg(format!("--listen={listen}"))
        .args(extra)
        .arg("--journal")
        .arg(dir.join("game.journal"))
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_STATE_HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// A named pipe at `path`, for the daemon's `--listen pcm:` to hear from.
pub fn fifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// Samples as the raw little-endian bytes `--listen pcm:` reads.
pub fn pcm_bytes(pcm: &[i16]) -> Vec<u8> {
    pcm.iter().flat_map(|x| x.to_le_bytes()).collect()
}
