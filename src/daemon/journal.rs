//! The journal's writer: appends and fsyncs on a thread of its own, so the
//! loop goes on serving the page, braille and the clocks while the disk
//! works; what it did comes back to the loop as an input ([`Written`]).
//!
//! The loop hands it one job at a time and holds every sentence that
//! follows a journal entry until the writer reports that entry on disk
//! (`Daemon::written`): a move announced as recorded is on disk.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use crate::game::entry::Entry;
use crate::game::journal::{JournalError, JournalFile, Problem};

/// What the writer is asked to do.
pub(crate) enum Job {
    /// Append the entry and return once it is on disk.
    Append(Entry),
    /// Keep the finished game's journal aside (renamed, never deleted) and
    /// begin an empty journal in its place, `now` naming the one kept.
    Replace { now: Duration },
}

/// What the writer did, sent back to the loop.
#[derive(Debug)]
pub(crate) enum Written {
    /// The entry is on disk.
    Appended,
    /// The finished game is kept aside; the new journal is on disk.
    Replaced,
    /// The entry could not be written: why, and the game the journal holds
    /// once reopened (its torn end dropped), when it could be read back.
    Failed { error: JournalError, records: Option<Vec<Entry>> },
    /// The finished game could not be kept aside or the new journal begun:
    /// there is no journal left to write to.
    Lost(super::DaemonError),
}

/// The writer's thread, seen from the loop.
pub(crate) struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    /// Moves `file` onto the writer's thread; `report` hears of each job
    /// done (`false` when the loop has gone, which ends the thread).
    pub(crate) fn start(file: JournalFile, report: impl Fn(Written) -> bool + Send + 'static) -> Writer {
        let (jobs, rx) = mpsc::channel::<Job>();
        std::thread::spawn(move || {
            let mut file = file;
            for job in rx {
                let written = match job {
                    Job::Append(entry) => match file.append(&entry) {
                        Ok(()) => Written::Appended,
                        Err(error) => {
                            // The journal's end is unknown: reopening it drops
                            // a torn line, and the game it holds goes on.
                            let records = match JournalFile::open::<Entry>(file.path()) {
                                Ok((reopened, decoded)) => {
                                    file = reopened;
                                    Some(decoded.records)
                                }
                                Err(_) => None,
                            };
                            Written::Failed { error, records }
                        }
                    },
                    Job::Replace { now } => {
                        let path = file.path().to_owned();
                        let to = aside(&path, "finished", now);
                        match rename(&path, &to).and_then(|()| Ok(JournalFile::create(&path)?)) {
                            Ok(new) => {
                                file = new;
                                Written::Replaced
                            }
                            Err(e) => {
                                let _ = report(Written::Lost(e));
                                return;
                            }
                        }
                    }
                };
                if !report(written) {
                    return;
                }
            }
        });
        Writer { jobs }
    }

    /// Hands a job over; `false` when the writer has stopped.
    pub(crate) fn send(&self, job: Job) -> bool {
        self.jobs.send(job).is_ok()
    }
}

/// A name beside `path` to keep it aside under, never one already taken
/// (two games set aside within a second keep both).
pub(crate) fn aside(path: &Path, what: &str, now: Duration) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "game.journal".into());
    let mut to = path.with_file_name(format!("{name}.{what}-{}", now.as_secs()));
    let mut n = 1;
    while to.exists() {
        n += 1;
        to = path.with_file_name(format!("{name}.{what}-{}-{n}", now.as_secs()));
    }
    to
}

pub(crate) fn rename(from: &Path, to: &Path) -> Result<(), super::DaemonError> {
    std::fs::rename(from, to).map_err(|source: io::Error| super::DaemonError::Rename { from: from.to_owned(), to: to.to_owned(), source })
}

/// The line of the journal a problem is on, as the player is told.
pub(crate) fn problem_line(p: Problem) -> u64 {
    match p {
        Problem::TornTail { line } | Problem::Corrupt { line } | Problem::Unreadable { line } => line as u64,
        Problem::BadHeader => 1,
    }
}
