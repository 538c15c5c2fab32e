//! Starting the daemon on a machine with no sound card: the player hears
//! that there is no microphone, in words, and the terminal gets none of the
//! sound library's own error lines.

#[path = "common/game.rs"]
mod game;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

#[test]
fn no_sound_card_is_said_in_words_without_the_sound_librarys_lines() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = game::tiflo(dir.path())
        .args(["daemon", "--lang", "en", "--speech", "text", "--listen", "auto", "--journal"])
        .arg(dir.path().join("game.journal"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines().map_while(Result::ok);
    let mut said = Vec::new();
    for line in lines.by_ref() {
        let done = line.contains("No microphone could be opened") || line.contains("Listening with");
        said.push(line);
        if done {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    said.extend(lines);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(said.iter().any(|l| l.starts_with("say: ")), "{said:?}");
    assert!(!stderr.contains("ALSA lib"), "the sound library's lines reached the terminal:\n{stderr}");
}
