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

/// What the daemon said and recorded hearing a recording to its end with
/// nobody typing (`heard_through_daemon`).
pub struct Heard {
    /// every line it wrote
    pub all: String,
    /// what it said once listening, but the end and the goodbye
    pub spoken: Vec<String>,
    /// of those, the questions ("… Yes or no.", "… or no.")
    pub questions: Vec<String>,
    /// the scoresheet's movetext (`["*"]` when nothing was recorded)
    pub moves: Vec<String>,
}

/// The daemon in a fresh folder hearing `pcm` (16 kHz) to its end with
/// `extra` arguments: what it said and what it recorded. Its run and the
/// scoresheet's must succeed, and it must say it listened with `engine`
/// and that the recording ended.
pub fn heard_through_daemon(pcm: &[i16], engine: &str, extra: &[&str]) -> Heard {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let raw = dir.path().join("heard.raw");
    std::fs::write(&raw, pcm_bytes(pcm)).unwrap();
    let mut child = daemon(dir.path(), "en", &format!("pcm:{}", raw.display()), extra);
    // Standard input ends at once: the daemon stays to hear the recording,
    // and ends once it has.
    drop(child.stdin.take());
    let said: Vec<String> = std::io::BufReader::new(child.stdout.take().unwrap()).lines().map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    let all = said.join("\n");
    assert!(status.success(), "{all}\n{err}");
    assert!(all.contains(&format!("Listening with {engine}")) && all.contains("The recording has ended"), "{all}");
    // What it said (not what it showed in braille) once listening.
    let start = said.iter().position(|l| l.contains("Listening with")).unwrap_or(0);
    let spoken: Vec<String> = said[start + 1..]
        .iter()
        .filter_map(|l| l.strip_prefix("say: "))
        .filter(|l| !l.starts_with("The recording has ended") && !l.starts_with("Goodbye"))
        .map(str::to_owned)
        .collect();
    let questions = spoken.iter().filter(|l| l.ends_with("or no.")).cloned().collect();
    let sheet = Command::new(env!("CARGO_BIN_EXE_tiflo")).arg("scoresheet").arg(dir.path().join("game.journal")).output().unwrap();
    assert!(sheet.status.success(), "{}", String::from_utf8_lossy(&sheet.stderr));
    let pgn = String::from_utf8_lossy(&sheet.stdout);
    // The movetext: everything but the tags.
    let moves = pgn.lines().filter(|l| !l.starts_with('[')).flat_map(str::split_whitespace).map(str::to_owned).collect();
    Heard { all, spoken, questions, moves }
}
