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
//! `tiflo adapt --mic` records the player through the same microphone path
//! (`listen::open_mic`, so held to the clock too): the test says each
//! phrase back when asked, leaves one unsaid until it is asked again, and
//! checks what was recorded and adapted.
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

/// How long to wait for tiflo's next line before giving up: only a
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
        let speech = spoken(self.path(), &["-v", "en-us"], text);
        self.hear(in_room(speech, after));
    }

    /// Only the room, for `seconds`: nobody speaks.
    fn quiet(&mut self, seconds: f64) {
        self.hear(in_room(Vec::new(), seconds - 0.5));
    }

    /// Writes what the microphone captures into the pipe.
    fn hear(&mut self, bytes: Vec<u8>) {
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

/// `text` spoken by espeak-ng with `voice` (its options), as the test
/// microphone gives it: stereo 32-bit float at 44.1 kHz, not yet in a room.
fn spoken(dir: &Path, voice: &[&str], text: &str) -> Vec<f32> {
    let name = text.replace(' ', "-");
    let wav = dir.join(format!("{name}.wav"));
    let raw = dir.join(format!("{name}.f32"));
    assert!(Command::new("espeak-ng").args(voice).arg("-w").arg(&wav).arg(text).status().unwrap().success());
    assert!(
        Command::new("sox")
            .arg(&wav)
            .args(["-t", "raw", "-r", &RATE.to_string(), "-c", &CHANNELS.to_string(), "-e", "floating-point", "-b", "32", "-L"])
            .arg(&raw)
            .status()
            .unwrap()
            .success()
    );
    std::fs::read(&raw).unwrap().chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

/// `speech` (from [`spoken`]) as the microphone gives it, little-endian:
/// each channel with its own faint noise of a quiet room (never digital
/// silence, which no microphone gives), half a second of room before and
/// `after` seconds after.
fn in_room(speech: Vec<f32>, after: f64) -> Vec<u8> {
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

/// tiflo running in `room`, and its `say:` lines as they come.
struct Tiflo {
    child: Child,
    lines: Receiver<String>,
    stderr: std::thread::JoinHandle<String>,
    said: Vec<String>,
}

impl Tiflo {
    /// The daemon hearing `listen` (pocketsphinx, text speech, no braille).
    fn daemon(room: &Room, listen: &str) -> Tiflo {
        Tiflo::daemon_with(room, listen, &[])
    }

    /// The same, every move read back (`confirm = "always"`): a spoken
    /// move is then asked whether or not the confidence is sure of it.
    fn daemon_asking(room: &Room, listen: &str) -> Tiflo {
        Tiflo::daemon_with(room, listen, &["--confirm", "always"])
    }

    fn daemon_with(room: &Room, listen: &str, extra: &[&str]) -> Tiflo {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tiflo"));
        cmd.args(["daemon", "--lang", "en", "--speech", "text", "--braille", "none", "--engine", "pocketsphinx"])
            .args(extra)
            .arg(format!("--listen={listen}"))
            .arg("--journal")
            .arg(room.path().join("game.journal"));
        Tiflo::run(room, cmd)
    }

    /// tiflo with `cmd`'s arguments, its settings and state in `room`.
    fn run(room: &Room, mut cmd: Command) -> Tiflo {
        let mut child = cmd
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
        Tiflo { child, lines, stderr, said: Vec::new() }
    }

    /// Everything said so far, for a failure's message.
    fn transcript(&self) -> String {
        self.said.join("\n")
    }

    /// Stops tiflo and fails with `why` and what it said.
    fn fail(mut self, why: &str) -> ! {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let said = self.transcript();
        let err = self.stderr.join().unwrap_or_default();
        panic!("{why}\n--- said:\n{said}\n--- standard error:\n{err}");
    }

    /// The next line said.
    fn next(mut self) -> (Tiflo, String) {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => {
                self.said.push(line.clone());
                (self, line)
            }
            Err(RecvTimeoutError::Timeout) => self.fail("tiflo said nothing more"),
            Err(RecvTimeoutError::Disconnected) => self.fail("tiflo ended"),
        }
    }

    /// Waits for a line containing `want`.
    fn until(mut self, want: &str) -> Tiflo {
        loop {
            let (d, line) = self.next();
            self = d;
            if line.contains(want) {
                return self;
            }
        }
    }

    /// The next line, which must be `want`.
    fn expect(self, want: &str) -> Tiflo {
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

    /// Waits for tiflo to end, which it must do successfully or not as
    /// `success` says, with nothing more said; what it wrote on standard
    /// error.
    fn end(mut self, success: bool) -> String {
        let status = self.child.wait().unwrap();
        let more: Vec<String> = self.lines.iter().collect();
        self.said.extend(more.iter().cloned());
        if status.success() != success {
            self.fail(&format!("tiflo ended with {status}"));
        }
        if !more.is_empty() {
            self.fail(&format!("said {more:?} at its end"));
        }
        self.stderr.join().unwrap()
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

/// Checks that tiflo said on standard error that it opened `name` as the
/// test writes it.
fn opened(stderr: &str, name: &str) {
    let want = format!("tiflo: microphone {name}: {FORMAT}");
    assert!(stderr.lines().any(|l| l == want), "tiflo did not open {name} as {FORMAT}, what the test writes:\n{stderr}");
}

#[test]
fn the_daemon_hears_a_move_and_its_confirmation_through_an_alsa_microphone() {
    let mut room = Room::new(false);
    let journal: PathBuf = room.path().join("game.journal");
    let d = Tiflo::daemon_asking(&room, &format!("mic:{NAME}")).until("say: Listening with pocketsphinx.");
    room.say("knight foxtrot three", 1.0);
    // Every move is read back here: the move alone, or
    // offered by number with others it may have been (pocketsphinx may miss
    // "knight" in espeak-ng's voice); either way it is answered by voice.
    // A number said picks the move, read back in turn for a yes.
    let confirm = "say: White: knight f3? Yes or no.";
    let (mut d, asked) = d.next();
    if asked != confirm {
        match (1..=4).find(|n| asked.starts_with("say: Did you say ") && asked.contains(&format!(" {n}: knight f3"))) {
            Some(n) => room.say(["one", "two", "three", "four"][n - 1], 1.0),
            None => d.fail(&format!("knight f3 is not read back: {asked:?}")),
        }
        d = d.expect(confirm);
    }
    room.say("yes", 1.0);
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
    let mut d = Tiflo::daemon_asking(&room, "auto").until("say: Listening with pocketsphinx.");
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
    let d = Tiflo::daemon(&room, &format!("mic:{NAME}")).until("say: Listening with pocketsphinx.");
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

/// The phrases `tiflo adapt` asks for, in order.
fn adapt_prompts() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_tiflo")).args(["adapt", "--prompts"]).output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().lines().map(|l| l.split_once(' ').unwrap().1.to_owned()).collect()
}

/// `tiflo adapt` with the test microphone, speaking Spanish as text, the
/// adapted model made in `models`.
fn adapt(room: &Room, mic: &str, models: &Path) -> Tiflo {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tiflo"));
    cmd.args(["adapt", "--mic", mic, "--text", "--lang", "es", "--models-dir"]).arg(models);
    Tiflo::run(room, cmd)
}

/// `tiflo adapt` records the player from the microphone as the daemon
/// hears it: each of the 36 phrases is asked for in Spanish and said back
/// in English by espeak-ng into the ALSA microphone; for one of them the
/// room stays quiet until tiflo asks again. The model is adapted from what
/// was recorded, and each recording is the phrase said, whole.
#[test]
fn tiflo_adapt_records_each_phrase_from_an_alsa_microphone() {
    const QUIET: usize = 2;
    let mut room = Room::new(false);
    let models = room.path().join("models");
    let prompts = adapt_prompts();
    assert_eq!(prompts.len(), 36);
    let voice = ["-v", "en-us", "-s", "155"];
    let mut t = adapt(&room, NAME, &models);
    let (d, line) = t.next();
    t = d;
    if !line.starts_with("say: Voy a decir 36 frases cortas en inglés") {
        t.fail(&format!("said {line:?} where the adaptation's start was awaited"));
    }
    // How long each phrase's speech is (seconds).
    let mut spoken_for = Vec::new();
    for (i, prompt) in prompts.iter().enumerate() {
        let n = i + 1;
        let (d, line) = t.next();
        t = d;
        let Some(("", words)) = line.split_once(&format!("say: Frase {n} de 36. Di: ")) else {
            t.fail(&format!("said {line:?} where phrase {n} was awaited"));
        };
        if words != prompt {
            t.fail(&format!("phrase {n} is {words:?}, not {prompt:?}"));
        }
        if n == QUIET {
            // Nobody speaks: asked again once the wait is over.
            room.quiet(15.0);
            t = t.expect(&format!("say: No he oído nada. Otra vez la frase {n} de 36. Di: {prompt}"));
        }
        let speech = spoken(room.path(), &voice, words);
        spoken_for.push(speech.len() as f64 / (RATE * CHANNELS) as f64);
        room.hear(in_room(speech, 0.8));
    }
    t = t.expect("say: Adaptando el reconocedor a tu voz con 36 grabaciones. Tarda unos segundos.");
    let adapted = models.join(tiflo::hearing::adapt::FOLDER);
    t = t.expect(&format!("say: Hecho. El reconocedor inglés usa ahora tu voz, guardada en {}.", adapted.display()));
    let stderr = t.end(true);
    opened(&stderr, NAME);
    for f in ["means", "variances", "takes.txt"] {
        assert!(adapted.join(f).is_file(), "{f} is missing");
    }
    // The recordings are in the adapted folder, and only there.
    let left: Vec<_> = std::fs::read_dir(&models).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, [tiflo::hearing::adapt::FOLDER], "left in the models folder");
    for (i, seconds) in spoken_for.iter().enumerate() {
        let name = tiflo::hearing::adapt::take_name(i + 1);
        let pcm = tiflo::hearing::wav::read_wav(&adapted.join("takes").join(&name)).unwrap_or_else(|e| panic!("{e}"));
        // The phrase said, whole, with the endpointer's margins (some
        // 0.3 s before it, 0.45 s of silence after; espeak-ng's own silence
        // at its ends is partly left out): never a part of it, nor the room
        // with it.
        let took = pcm.len() as f64 / 16_000.0;
        assert!(
            took >= seconds - 0.2 && took <= seconds + 0.8,
            "{name} holds {took:.2} s where the phrase {:?} was said for {seconds:.2} s",
            prompts[i]
        );
        let level = tiflo::hearing::audio::level_db(&pcm);
        assert!(level > -40.0, "{name} is {level:.0} dB: the room, not speech");
    }
}

/// A microphone that cannot be opened is said, before any phrase is asked
/// for, and nothing is adapted.
#[test]
fn tiflo_adapt_says_a_microphone_that_cannot_open_before_asking_anything() {
    let room = Room::new(false);
    let models = room.path().join("models");
    let mut t = adapt(&room, "tiflo-no-such-microphone", &models);
    let (d, line) = t.next();
    t = d;
    if !line.starts_with("say: Voy a decir 36 frases") {
        t.fail(&format!("said {line:?} where the adaptation's start was awaited"));
    }
    let (t, line) = t.next();
    if !line.starts_with("say: El micrófono no funciona: ") || !line.contains("tiflo-no-such-microphone") {
        t.fail(&format!("said {line:?} where the microphone's failure was awaited"));
    }
    t.end(false);
    assert!(!models.join(tiflo::hearing::adapt::FOLDER).exists());
}
