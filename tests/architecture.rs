//! The sans-I/O core, enforced: the pure modules (rules, clocks, dialogue,
//! understanding, braille layout, device codecs, notation) name no file,
//! device, socket, process, thread or clock; every module of `src/` is
//! either one of them or one of the thin drivers listed here, so a new
//! module must say which it is (and ARCHITECTURE.md with it).

use std::path::{Path, PathBuf};

/// Modules that read no file, device, socket or clock: they take text,
/// bytes, events and timestamps, and return values.
const PURE: &[&str] = &[
    "assistant/dgt.rs",
    "assistant/mod.rs",
    "assistant/page/pairing.rs",
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
    "cli/mod.rs",
    "game/clock.rs",
    "game/command.rs",
    "game/entry.rs",
    "game/event.rs",
    "game/journal/record.rs",
    "game/mod.rs",
    "game/scoresheet.rs",
    "game/session.rs",
    "game/session/dialogue.rs",
    "game/session/narrate.rs",
    "game/session/rules.rs",
    "game/study.rs",
    "game/transfer.rs",
    "hearing/audio.rs",
    "hearing/confidence.rs",
    "hearing/costs.rs",
    "hearing/grammar.rs",
    "hearing/moonshine/search.rs",
    "hearing/mod.rs",
    "hearing/recognizer.rs",
    "hearing/understand.rs",
    "i18n.rs",
    "notation/algebraic.rs",
    "notation/descriptive.rs",
    "notation/lang.rs",
    "notation/mod.rs",
    "notation/numeric.rs",
    "notation/pattern.rs",
    "notation/position.rs",
    "pgn/convert.rs",
    "pgn/detect.rs",
    "pgn/lexer.rs",
    "pgn/mod.rs",
    "speaking/announce.rs",
    "speaking/mod.rs",
    "speaking/pronounce.rs",
    "speaking/readout.rs",
    "testkit/mod.rs",
];

/// The thin drivers around them, and the binary and test helpers: the only
/// modules that may do I/O.
const DRIVERS: &[&str] = &[
    "assistant/dgt/driver.rs",
    "assistant/engine.rs",
    "assistant/page/mod.rs",
    "assistant/page/serve.rs",
    "pgn/stream.rs",
    "braille/brlapi.rs",
    "braille/driver.rs",
    "braille/louis.rs",
    "braille/serial.rs",
    "cli/braille.rs",
    "daemon/braille.rs",
    "daemon/config.rs",
    "daemon/dgt.rs",
    "daemon/engine.rs",
    "daemon/journal.rs",
    "daemon/mod.rs",
    "daemon/page.rs",
    "daemon/stdin.rs",
    "daemon/voice.rs",
    "game/journal/mod.rs",
    "hearing/adapt.rs",
    "hearing/ear.rs",
    "hearing/mic.rs",
    "hearing/models.rs",
    "hearing/moonshine/mod.rs",
    "hearing/sphinx.rs",
    "hearing/vosk.rs",
    "hearing/wav.rs",
    "lib.rs",
    "line.rs",
    "main.rs",
    "speaking/speech.rs",
    "testkit/corpus.rs",
    "testkit/fuzzing.rs",
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

/// The module files a file's code names through `crate::…` (and `super::…`),
/// its `#[cfg(test)]` part left out: one edge per module file named.
fn imports(src: &Path, file: &Path) -> Vec<PathBuf> {
    let text = std::fs::read_to_string(file).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    let code = code_of(text);
    let here = file.strip_prefix(src).unwrap();
    // The module path of this file, for `super::`.
    let mut own: Vec<String> = here.with_extension("").iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if own.last().is_some_and(|l| l == "mod" || l == "lib" || l == "main") {
        own.pop();
    }
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for (start, root) in code.match_indices("crate::").map(|(i, _)| (i, "crate")).chain(code.match_indices("super::").map(|(i, _)| (i, "super"))) {
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_' || bytes[start - 1] == b':') {
            continue;
        }
        // The words of the path (the last may be a name cut short by
        // punctuation): the longest prefix that is a module file is the one
        // imported.
        let rest = &code[start + root.len() + 2..];
        let words: Vec<&str> = rest.split("::").map(|s| s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("")).collect();
        let mut base: Vec<String> = if root == "super" { own[..own.len().saturating_sub(1)].to_vec() } else { Vec::new() };
        let mut found = None;
        for w in words.iter().take_while(|w| !w.is_empty()) {
            base.push((*w).to_owned());
            let joined = base.join("/");
            for cand in [format!("{joined}.rs"), format!("{joined}/mod.rs")] {
                if src.join(&cand).exists() {
                    found = Some(src.join(cand));
                }
            }
        }
        let target = found.unwrap_or_else(|| src.join("lib.rs"));
        if target != file && !out.contains(&target) {
            out.push(target);
        }
    }
    out
}

/// Files that import each other in a loop, found by a depth-first search.
fn cycles(graph: &[(PathBuf, Vec<PathBuf>)]) -> Vec<Vec<PathBuf>> {
    fn visit(n: &PathBuf, graph: &[(PathBuf, Vec<PathBuf>)], stack: &mut Vec<PathBuf>, done: &mut Vec<PathBuf>, out: &mut Vec<Vec<PathBuf>>) {
        if let Some(i) = stack.iter().position(|s| s == n) {
            out.push(stack[i..].to_vec());
            return;
        }
        if done.contains(n) {
            return;
        }
        stack.push(n.clone());
        for (_, next) in graph.iter().filter(|(f, _)| f == n) {
            for m in next {
                visit(m, graph, stack, done, out);
            }
        }
        stack.pop();
        done.push(n.clone());
    }
    let mut out = Vec::new();
    let mut done = Vec::new();
    for (f, _) in graph {
        visit(f, graph, &mut Vec::new(), &mut done, &mut out);
    }
    out
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    // lib.rs and main.rs only declare and start; every module names the
    // crate's root by path, which is no import of what lib.rs declares.
    let graph: Vec<(PathBuf, Vec<PathBuf>)> = files
        .iter()
        .filter(|f| !f.ends_with("lib.rs") && !f.ends_with("main.rs"))
        .map(|f| (f.clone(), imports(&src, f).into_iter().filter(|t| !t.ends_with("lib.rs")).collect()))
        .collect();
    let found = cycles(&graph);
    let shown: Vec<String> = found
        .iter()
        .map(|c| c.iter().map(|f| f.strip_prefix(&src).unwrap().display().to_string()).collect::<Vec<_>>().join(" -> "))
        .collect();
    assert!(found.is_empty(), "import cycles:\n{}", shown.join("\n"));
}

#[test]
fn the_cycle_check_finds_a_loop() {
    let (a, b, c) = (PathBuf::from("a.rs"), PathBuf::from("b.rs"), PathBuf::from("c.rs"));
    let graph = vec![(a.clone(), vec![b.clone()]), (b.clone(), vec![c.clone()]), (c.clone(), vec![a.clone()])];
    assert_eq!(cycles(&graph), vec![vec![a.clone(), b.clone(), c.clone()]]);
    let open = vec![(a.clone(), vec![b.clone()]), (b, vec![c.clone()]), (c, vec![])];
    assert!(cycles(&open).is_empty());
}
