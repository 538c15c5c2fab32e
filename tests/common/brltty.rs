//! A real BRLTTY (the Debian package) for tests: in the foreground, all its
//! state in a temporary folder, its BrlAPI server on a loopback TCP port,
//! driving a fake display on a pseudo-terminal.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tiflo::braille::brlapi::{BrlapiDisplay, BrlapiError};

const WAIT: Duration = Duration::from_secs(10);

/// The brltty program: on the PATH, or where Debian puts it (/usr/sbin is
/// not on an ordinary user's PATH).
pub fn brltty_program() -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join("brltty")).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .into_iter()
        .chain([PathBuf::from("/usr/sbin/brltty"), PathBuf::from("/usr/bin/brltty")])
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("brltty is not installed: run scripts/setup.sh --test (Debian package brltty)"))
}

/// A BrlAPI server number whose TCP port (4101 + number) is free now.
pub fn free_server_number() -> u16 {
    loop {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        if port > 4101 {
            return port - 4101;
        }
    }
}

/// Whether this test runs as root (then BRLTTY runs as `nobody`).
pub fn running_as_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().next().map(|uid| uid == "0"))
        .unwrap_or(false)
}

/// The unprivileged user BRLTTY runs as when the tests run as root.
const NOBODY: u32 = 65534;

/// A BRLTTY process with all its state in a temporary folder, running as
/// this user (as `nobody` if that is root), killed when dropped (also when
/// a test fails).
pub struct Brltty {
    child: Child,
    dir: tempfile::TempDir,
    /// The BrlAPI address tiflo connects to ("127.0.0.1:N": port 4101+N).
    pub address: String,
    /// The BrlAPI server number.
    pub number: u16,
}

impl Brltty {
    /// BRLTTY in the foreground driving a Baum display on `device`, its
    /// BrlAPI server on the loopback, without authentication or (with
    /// `key`) asking for that key file; no screen, no speech, messages held
    /// half a second (else the start-up message holds the display).
    pub fn start(device: &str, key: Option<&[u8]>) -> Brltty {
        Brltty::start_as(device, key, free_server_number())
    }

    /// [`Brltty::start`] as BrlAPI server `number` (BRLTTY started again
    /// where tiflo looks for it).
    pub fn start_as(device: &str, key: Option<&[u8]>, number: u16) -> Brltty {
        Brltty::start_driver(device, "bm", key, number)
    }

    /// BRLTTY with the braille driver `driver` (`bm`: Baum, `ht`:
    /// HandyTech) on `device`, as [`Brltty::start_as`] does. Autorepeat is
    /// off in its preferences, so that keys held a moment on a loaded
    /// machine are not repeated.
    pub fn start_driver(device: &str, driver: &str, key: Option<&[u8]>, number: u16) -> Brltty {
        Brltty::start_with(device, driver, key, number, &[])
    }

    /// [`Brltty::start`] with the text table `table` (`-t`).
    #[allow(dead_code)]
    pub fn start_table(device: &str, table: &str) -> Brltty {
        Brltty::start_with(device, "bm", None, free_server_number(), &["-t", table])
    }

    fn start_with(device: &str, driver: &str, key: Option<&[u8]>, number: u16, extra: &[&str]) -> Brltty {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("prefs"), "autorepeat 0\n").unwrap();
        let auth = match key {
            Some(bytes) => {
                let path = d.join("brlapi.key");
                std::fs::write(&path, bytes).unwrap();
                format!("keyfile:{}", path.display())
            }
            None => "none".to_owned(),
        };
        let log = std::fs::File::create(d.join("brltty.log")).unwrap();
        let mut command = if running_as_root() {
            // BRLTTY as root would load kernel modules and keep every
            // privilege: run it as nobody, with the display's device and
            // its folder handed over.
            std::os::unix::fs::chown(d, Some(NOBODY), Some(NOBODY)).unwrap();
            std::os::unix::fs::chown(d.join("prefs"), Some(NOBODY), Some(NOBODY)).unwrap();
            if key.is_some() {
                std::os::unix::fs::chown(d.join("brlapi.key"), Some(NOBODY), Some(NOBODY)).unwrap();
            }
            std::os::unix::fs::chown(device, Some(NOBODY), None).unwrap();
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"]).arg(brltty_program());
            c
        } else {
            Command::new(brltty_program())
        };
        command
            .args(["-n", "-e", "-q", "-M", "50", "-x", "no", "-s", "no", "-f", "/dev/null"])
            .arg("-F")
            .arg(d.join("prefs"))
            .arg("-W")
            .arg(d)
            .arg("-U")
            .arg(d)
            .arg("-P")
            .arg(d.join("pid"))
            .arg("-A")
            .arg(format!("host=127.0.0.1:{number},auth={auth}"))
            .args(["-b", driver, "-d", &format!("serial:{device}"), "-l", &std::env::var("TIFLO_BRLTTY_LOG").unwrap_or_else(|_| "info".into())])
            .args(extra)
            .current_dir(d)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log);
        let child =
            command.spawn().unwrap_or_else(|e| panic!("cannot run {:?} (for brltty): {e}", command.get_program()));
        Brltty { child, dir, address: format!("127.0.0.1:{number}"), number }
    }

    /// BRLTTY's log so far, for failure messages.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("brltty.log")).unwrap_or_default()
    }

    /// Connects tiflo once BRLTTY listens and has identified the display,
    /// taking the root tty (BRLTTY without a screen driver focuses tty 0,
    /// so the root is what shows whatever tty this test runs on).
    pub fn connect(&self, key_file: Option<&Path>) -> BrlapiDisplay {
        let start = Instant::now();
        loop {
            match BrlapiDisplay::connect_tty(&self.address, key_file, WAIT, Vec::new()) {
                Ok(d) => return d,
                // Not listening yet, or the display not identified yet.
                Err(BrlapiError::Unreachable(_) | BrlapiError::Closed | BrlapiError::NoDisplay)
                    if start.elapsed() < 2 * WAIT =>
                {
                    std::thread::sleep(Duration::from_millis(100));
                }
                Err(e) => {
                    panic!("tiflo cannot connect to BRLTTY at {}: {e}\nBRLTTY's log:\n{}", self.address, self.log())
                }
            }
        }
    }
}

impl Drop for Brltty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

