//! The sans-I/O core, enforced: the pure modules (rules, clocks, dialogue,
//! understanding, braille layout, device codecs, notation) name no file,
//! device, socket, process, thread or clock; every module of `src/` is
//! either one of them or one of the thin drivers listed here, so a new
//! module must say which it is (and ARCHITECTURE.md with it).

use std::path::{Path, PathBuf};

/// Modules that read no file, device, socket or clock: they take text,
/// bytes, events and timestamps, and return values.
const PURE: &[&str] = &[
    "announce.rs",
    "audio.rs",
    "braille/baum.rs",
    "braille/chess.rs",
    "braille/display.rs",
    "braille/front.rs",
    "braille/handytech.rs",
    "braille/keys.rs",
    "braille/keytable.rs",
    "braille/layout.rs",
    "braille/mod.rs",
    "braille/table.rs",
    "braille/terminal.rs",
    "braille/view.rs",
    "clock.rs",
    "command.rs",
    "convert.rs",
    "dgt.rs",
    "hearing.rs",
    "i18n.rs",
    "notation/algebraic.rs",
    "notation/descriptive.rs",
    "notation/lang.rs",
    "notation/mod.rs",
    "notation/numeric.rs",
    "notation/pattern.rs",
    "notation/position.rs",
    "page/pairing.rs",
    "pgn/detect.rs",
    "pgn/lexer.rs",
    "pgn/mod.rs",
    "pronounce.rs",
    "readout.rs",
    "recognize.rs",
    "scoresheet.rs",
    "session.rs",
    "study.rs",
    "transfer.rs",
    "understand.rs",
];

/// The thin drivers around them, and the binary and test helpers: the only
/// modules that may do I/O.
const DRIVERS: &[&str] = &[
    "pgn/stream.rs",
    "adapt.rs",
    "braille/brlapi.rs",
    "braille/driver.rs",
    "braille/louis.rs",
    "braille/serial.rs",
    "braille_cli.rs",
    "config.rs",
    "corpus.rs",
    "daemon.rs",
    "dgt/driver.rs",
    "engine.rs",
    "fuzzing.rs",
    "journal.rs",
    "lib.rs",
    "line.rs",
    "listen.rs",
    "main.rs",
    "models.rs",
    "page/mod.rs",
    "page/serve.rs",
    "speech.rs",
    "sphinx.rs",
    "vosk.rs",
];

/// What a pure module must not name: files, processes, threads, sockets,
/// the environment, the wall or monotonic clock, and the crates that reach
/// devices, the network or native libraries.
const FORBIDDEN: &[&str] = &[
    "std::fs",
    "File::open",
    "File::create",
    "std::process",
    "Command::new",
    "std::thread",
    "std::env",
    "std::net::Tcp",
    "std::net::Udp",
    "TcpStream",
    "TcpListener",
    "UdpSocket",
    "stdin()",
    "stdout()",
    "Instant::now",
    "SystemTime",
    "tokio",
    "cpal",
    "serialport",
    "axum",
    "hyper",
    "libc",
    "libloading",
    "vosk::",
    "tts::",
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A module's code without its comments (a comment may name anything).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_module_is_pure_or_a_named_driver() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut unnamed = Vec::new();
    for f in &files {
        let name = f.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        if !PURE.contains(&name.as_str()) && !DRIVERS.contains(&name.as_str()) {
            unnamed.push(name);
        }
    }
    assert!(unnamed.is_empty(), "modules neither pure nor named drivers (add them to tests/architecture.rs and ARCHITECTURE.md): {unnamed:?}");
    for name in PURE.iter().chain(DRIVERS) {
        assert!(src.join(name).exists(), "{name} is listed but gone");
    }
}

#[test]
fn the_pure_modules_do_no_io_and_read_no_clock() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for name in PURE {
        let code = code_of(&std::fs::read_to_string(src.join(name)).unwrap());
        for (n, line) in code.lines().enumerate() {
            for bad in FORBIDDEN {
                if line.contains(bad) {
                    found.push(format!("src/{name}:{}: {bad}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "pure modules doing I/O:\n{}", found.join("\n"));
}

#[test]
fn the_check_finds_what_it_looks_for() {
    // The same scan on a made-up module that opens a file and reads the
    // clock, behind a comment that names both: found in the code only.
    let code = code_of("// std::fs and Instant::now are named here only\nlet f = std::fs::read(p);\nlet t = std::time::Instant::now();\n");
    let hits: Vec<&str> = FORBIDDEN.iter().copied().filter(|bad| code.contains(bad)).collect();
    assert_eq!(hits, ["std::fs", "Instant::now"]);
}
