//! A daemon run by a test: its `say:` lines on a channel as they come, lines
//! typed on its standard input, the user's settings kept out.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// A daemon playing in `dir`, its `say:` lines on a channel as they come.
pub struct Game {
    pub child: Child,
    pub stdin: ChildStdin,
    said: Receiver<String>,
    pub heard: Vec<String>,
}

pub fn tiflo(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tiflo"));
    c.env("HOME", dir).env("XDG_CONFIG_HOME", dir.join("config")).env("XDG_STATE_HOME", dir.join("state"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

impl Game {
    pub fn start(dir: &Path, args: &[&str]) -> Game {
        let mut child = tiflo(dir)
            .args(["daemon", "--speech", "text", "--journal"])
            .arg(dir.join("game.journal"))
            // No microphone and no display unless a test names them: a
            // device's news (a missing microphone, said whenever its thread
            // finds out) could come between the sentences a test reads in
            // order.
            .args(if args.contains(&"--listen") { &[][..] } else { &["--listen", "none"][..] })
            .args(if args.contains(&"--braille") { &[][..] } else { &["--braille", "none"][..] })
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, said) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(s) = line.strip_prefix("say: ")
                    && tx.send(s.to_owned()).is_err()
                {
                    break;
                }
            }
        });
        Game { child, stdin, said, heard: Vec::new() }
    }

    /// Waits for a sentence containing `text`; returns it.
    pub fn wait_for(&mut self, text: &str) -> String {
        loop {
            match self.said.recv_timeout(Duration::from_secs(30)) {
                Ok(s) => {
                    self.heard.push(s.clone());
                    if s.contains(text) {
                        return s;
                    }
                }
                Err(_) => panic!("never said {text:?}; said: {:#?}", self.heard),
            }
        }
    }

    /// Waits until every text has been said (in any order, since the
    /// start).
    pub fn wait_all(&mut self, texts: &[&str]) {
        for t in texts {
            if !self.heard.iter().any(|h| h.contains(t)) {
                self.wait_for(t);
            }
        }
    }

    /// The next sentence said.
    pub fn next(&mut self) -> String {
        match self.said.recv_timeout(Duration::from_secs(60)) {
            Ok(s) => {
                self.heard.push(s.clone());
                s
            }
            Err(_) => panic!("nothing more was said; said: {:#?}", self.heard),
        }
    }

    /// The next sentence said within `wait`, or `None` when nothing was.
    pub fn next_within(&mut self, wait: Duration) -> Option<String> {
        let s = self.said.recv_timeout(wait).ok()?;
        self.heard.push(s.clone());
        Some(s)
    }

    pub fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }

    pub fn quit(mut self) {
        self.type_line("quit");
        drop(self.stdin);
        assert!(self.child.wait().unwrap().success());
    }
}

