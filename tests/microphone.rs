//! The daemon's microphone path for real, with no sound card: cpal opens an
//! ALSA input like any microphone (`--listen mic:NAME` or the default one),
//! captures it at its own rate and channels, the `Resampler` makes 16 kHz
//! mono of it, the endpointer cuts it and pocketsphinx hears it.
//!
//! The input is ALSA's `file` plugin over the `null` device, defined in
//! `$XDG_CONFIG_HOME/alsa/asoundrc` (which alsa-lib reads): it reads what it
//! captures from a named pipe the test writes espeak-ng's speech into, as a
//! microphone in a quiet room would hear it. It offers every rate, channel
//! count and sample format, as a desktop's PulseAudio or PipeWire input
//! does, so cpal takes what it prefers: stereo 32-bit float at 44.1 kHz,
//! which the test writes and checks (the daemon says on standard error what
//! it opened).
//!
//! The `null` device has no clock: the plugin delivers as fast as it is
//! read, and at the end of its input it goes on returning its last piece,
//! forever. The daemon holds such a device to the pace of the clock
//! (`listen::Pace`); the test checks that once the pipe is closed the
//! daemon neither spins nor says anything, and still answers the keyboard.
//!
//! A missing tool fails with what to install (`scripts/setup.sh --test`);
//! alsa-lib itself comes with the build's libasound2-dev.

#[path = "common/hearing.rs"]
mod hearing;

use std::fs::File;
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The test microphone's name, and how cpal captures it.
const NAME: &str = "tiflotest";
const RATE: usize = 44_100;
const CHANNELS: usize = 2;
const FORMAT: &str = "44100 Hz, 2 channels, f32";

/// How long to wait for the daemon's next line before giving up: only a
/// guard against a test that would hang, never a measure.
const PATIENCE: Duration = Duration::from_secs(120);

/// The room the microphone is in: an ALSA configuration whose input
/// `NAME` (and, with `default`, the default input) captures what the test
/// writes into a named pipe.
struct Room {
    dir: tempfile::TempDir,
    pipe: Option<File>,
}

impl Room {
    fn new(default: bool) -> Room {
        Room::recording_to(default, "/dev/null")
    }

    /// A room whose plugin writes what it captures to `file` (as the
    /// `file` plugin does, here into nowhere): `/dev/full` makes every
    /// read fail.
    fn recording_to(default: bool, file: &str) -> Room {
        hearing::check_tools("en").unwrap();
        assert!(
            Path::new("/usr/share/alsa/alsa.conf").exists(),
            "alsa-lib's configuration is missing: install libasound2 (`bash scripts/setup.sh`)"
        );
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("mic.f32");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        // Read and write: opening does not wait for the daemon, and the
        // daemon's opening does not wait for the test.
        let pipe = std::fs::OpenOptions::new().read(true).write(true).open(&fifo).unwrap();
        // A pipe of 1 MiB (three seconds of sound): each write of a phrase's
        // first second or more lands whole before the daemon reads it, so
        // the plugin never reads half of what it asks for (it would fill the
        // rest with its previous piece).
        use std::os::fd::AsRawFd;
        // SAFETY: a valid open descriptor.
        let size = unsafe { libc::fcntl(pipe.as_raw_fd(), libc::F_SETPIPE_SZ, 1 << 20) };
        assert!(size >= 1 << 20, "a 1 MiB pipe is refused (see /proc/sys/fs/pipe-max-size): {size}");
        let alsa = dir.path().join("alsa");
        std::fs::create_dir(&alsa).unwrap();
        let input = format!(
            "{{\n    type file\n    slave.pcm \"null\"\n    file \"{file}\"\n    infile \"{}\"\n    format \"raw\"\n    hint {{\n        show on\n        description \"tiflo's test microphone\"\n    }}\n}}\n",
            fifo.display()
        );
        let mut conf = format!("pcm.{NAME} {input}");
        if default {
            conf.push_str(&format!("pcm.!default {input}"));
        }
        std::fs::write(alsa.join("asoundrc"), conf).unwrap();
        Room { dir, pipe: Some(pipe) }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Says `text` into the microphone: espeak-ng's US English voice as
    /// the device captures it, half a second of the room before it and
    /// `after` seconds after.
    fn say(&mut self, text: &str, after: f64) {
        let bytes = captured(self.path(), text, after);
        let pipe = self.pipe.as_mut().expect("the microphone is plugged in");
        // A whole piece at a time, each no bigger than the pipe.
        for piece in bytes.chunks(1 << 20) {
            pipe.write_all(piece).unwrap();
        }
    }

    /// Closes the pipe: the plugin's input ends.
    fn unplug(&mut self) {
        self.pipe = None;
    }
}

/// `text` spoken by espeak-ng, as the test microphone gives it: stereo
/// 32-bit little-endian float at 44.1 kHz, each channel with its own faint
/// noise of a quiet room (never digital silence, which no microphone gives),
/// half a second of room before and `after` seconds after.
fn captured(dir: &Path, text: &str, after: f64) -> Vec<u8> {
    let name = text.replace(' ', "-");
    let wav = dir.join(format!("{name}.wav"));
    let raw = dir.join(format!("{name}.f32"));
    assert!(Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&wav).arg(text).status().unwrap().success());
    assert!(
        Command::new("sox")
            .arg(&wav)
            .args(["-t", "raw", "-r", &RATE.to_string(), "-c", &CHANNELS.to_string(), "-e", "floating-point", "-b", "32", "-L"])
            .arg(&raw)
            .status()
            .unwrap()
            .success()
    );
    let speech: Vec<f32> =
        std::fs::read(&raw).unwrap().chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    let mut samples = vec![0.0; RATE / 2 * CHANNELS];
    samples.extend(speech);
    samples.extend(std::iter::repeat_n(0.0, (after * RATE as f64) as usize * CHANNELS));
    // Up to four steps of 16 bits either way, as `hearing::room` makes.
    let mut x: u32 = 0x2545_f491;
    for s in &mut samples {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *s += (f64::from(x % 9) - 4.0) as f32 / 32768.0;
    }
    samples.into_iter().flat_map(f32::to_le_bytes).collect()
}

/// The daemon hearing `listen` in `room` (pocketsphinx, text speech, no
/// braille), and its `say:` lines as they come.
struct Daemon {
    child: Child,
    lines: Receiver<String>,
    stderr: std::thread::JoinHandle<String>,
    said: Vec<String>,
}

impl Daemon {
    fn start(room: &Room, listen: &str) -> Daemon {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tiflo"))
            .args(["daemon", "--lang", "en", "--speech", "text", "--braille", "none", "--engine", "pocketsphinx"])
            .arg(format!("--listen={listen}"))
            .arg("--journal")
            .arg(room.path().join("game.journal"))
            .env("XDG_CONFIG_HOME", room.path())
            .env("XDG_STATE_HOME", room.path())
            .env("XDG_DATA_HOME", room.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, lines) = channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut err = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = err.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        });
        Daemon { child, lines, stderr, said: Vec::new() }
    }

    /// Everything said so far, for a failure's message.
    fn transcript(&self) -> String {
        self.said.join("\n")
    }

    /// Stops the daemon and fails with `why` and what it said.
    fn fail(mut self, why: &str) -> ! {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let said = self.transcript();
        let err = self.stderr.join().unwrap_or_default();
        panic!("{why}\n--- said:\n{said}\n--- standard error:\n{err}");
    }

    /// The next line said.
    fn next(mut self) -> (Daemon, String) {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => {
                self.said.push(line.clone());
                (self, line)
            }
            Err(RecvTimeoutError::Timeout) => self.fail("the daemon said nothing more"),
            Err(RecvTimeoutError::Disconnected) => self.fail("the daemon ended"),
        }
    }

    /// Waits for a line containing `want`.
    fn until(mut self, want: &str) -> Daemon {
        loop {
            let (d, line) = self.next();
            self = d;
            if line.contains(want) {
                return self;
            }
        }
    }

    /// The next line, which must be `want`.
    fn expect(self, want: &str) -> Daemon {
        let (d, line) = self.next();
        if line != want {
            d.fail(&format!("said {line:?} where {want:?} was awaited"));
        }
        d
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.child.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    /// Quits by the keyboard; what it wrote on standard error.
    fn quit(mut self) -> String {
        self.type_line("quit");
        let mut d = self.until("say: Goodbye.");
        let status = d.child.wait().unwrap();
        if !status.success() {
            d.fail(&format!("the daemon ended with {status}"));
        }
        d.stderr.join().unwrap()
    }

    /// The CPU time the daemon has used, all its threads together.
    fn cpu(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        // The fields after the command's name in parentheses: utime and
        // stime are the 12th and 13th of them, in clock ticks.
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
        let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
        // SAFETY: sysconf has no preconditions.
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
        Duration::from_millis(ticks * 1000 / hz)
    }
}

fn scoresheet(journal: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tiflo")).arg("scoresheet").arg(journal).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Checks that the daemon said on standard error that it opened `name` as
/// the test writes it.
fn opened(stderr: &str, name: &str) {
    let want = format!("tiflo: microphone {name}: {FORMAT}");
    assert!(stderr.lines().any(|l| l == want), "the daemon did not open {name} as {FORMAT}, what the test writes:\n{stderr}");
}

#[test]
fn the_daemon_hears_a_move_and_its_confirmation_through_an_alsa_microphone() {
    let mut room = Room::new(false);
    let journal: PathBuf = room.path().join("game.journal");
    let d = Daemon::start(&room, &format!("mic:{NAME}")).until("say: Listening with pocketsphinx.");
    room.say("knight foxtrot three", 1.0);
    // pocketsphinx's readings are always read back: the move alone, or
    // offered by number with others it may have been (pocketsphinx may miss
    // "knight" in espeak-ng's voice); either way it is answered by voice.
    let (mut d, asked) = d.next();
    if asked == "say: White: knight f3? Yes or no." {
        room.say("yes", 1.0);
    } else {
        match (1..=4).find(|n| asked.starts_with("say: Did you say ") && asked.contains(&format!(" {n}: knight f3"))) {
            Some(n) => room.say(["one", "two", "three", "four"][n - 1], 1.0),
            None => d.fail(&format!("knight f3 is not read back: {asked:?}")),
        }
    }
    d = d.expect("say: 1. White: knight f3");
    // The microphone's input ends: the plugin goes on giving its last piece
    // (the quiet room) for ever. Held to the clock, the daemon hears a quiet
    // room: it says nothing and keeps no core busy.
    room.unplug();
    let (cpu, start) = (d.cpu(), Instant::now());
    std::thread::sleep(Duration::from_secs(4));
    let (used, passed) = (d.cpu() - cpu, start.elapsed());
    if let Ok(line) = d.lines.try_recv() {
        d.said.push(line.clone());
        d.fail(&format!("said {line:?} in a quiet room"));
    }
    if used * 4 > passed {
        d.fail(&format!("the daemon used {used:?} of CPU in {passed:?} of a quiet room: it spins"));
    }
    // The keyboard is still heard.
    d.type_line("clock");
    d = d.until("say: White: ");
    let stderr = d.quit();
    opened(&stderr, NAME);
    assert!(scoresheet(&journal).contains("1. Nf3"), "{}", scoresheet(&journal));
}

#[test]
fn listening_by_default_hears_the_systems_default_input() {
    let mut room = Room::new(true);
    let journal: PathBuf = room.path().join("game.journal");
    // `auto`, what a fresh install does: the default input opens, so no
    // "no microphone" and a recogniser is loaded.
    let mut d = Daemon::start(&room, "auto").until("say: Listening with pocketsphinx.");
    room.say("echo four", 1.0);
    d = d.expect("say: White: e4? Yes or no.");
    room.say("yes", 1.0);
    d = d.expect("say: 1. White: e4");
    let stderr = d.quit();
    opened(&stderr, "default");
    assert!(scoresheet(&journal).contains("1. e4"), "{}", scoresheet(&journal));
}

#[test]
fn a_microphone_that_fails_is_said_once_and_the_keyboard_goes_on() {
    // Every read fails (the plugin cannot write what it captured), as an
    // unplugged device's do, again and again.
    let mut room = Room::recording_to(false, "/dev/full");
    let d = Daemon::start(&room, &format!("mic:{NAME}")).until("say: Listening with pocketsphinx.");
    room.say("echo four", 1.0);
    let (mut d, line) = d.next();
    if !line.starts_with("say: The microphone failed: ") || !line.ends_with("Listening stops; type your moves.") {
        d.fail(&format!("said {line:?} where the microphone's failure was awaited"));
    }
    // Said once: the next thing said answers the keyboard.
    d.type_line("e4");
    d = d.expect("say: 1. White: e4");
    let stderr = d.quit();
    opened(&stderr, NAME);
}
