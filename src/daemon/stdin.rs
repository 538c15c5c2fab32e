//! Standard input: one move or command per line, read on a thread of its
//! own; an empty line opens the ear for one utterance when talking is push
//! to talk.

use std::io::{self, Write};

use super::{Input, Inputs, Loop};
use crate::game::event::Event;
use crate::hearing::ear::Talk;

/// Reads standard input on its own thread, a line at a time, until its end
/// (`Input::LinesEnd`) or the loop has gone.
pub(super) fn start(tx: Inputs) {
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            // A line that is not UTF-8 (a Latin-1 terminal) is read, not
            // taken for the end of the input. A line too long to read is
            // kept only in part (the session refuses it), never whole.
            match crate::line::read(&mut input, crate::line::MAX_LINE_BYTES, &mut bytes) {
                Ok(None) | Err(_) => {
                    let _ = tx.send(Input::LinesEnd);
                    break;
                }
                Ok(Some(_)) => {
                    let line = crate::line::text(&bytes);
                    if tx.send(Input::Line(line)).is_err() {
                        break;
                    }
                }
            }
        }
    });
}

/// A line typed.
pub(super) fn on_line<W: Write>(lp: &mut Loop<'_, W>, line: String) -> Vec<Event> {
    match lp.ear.as_ref() {
        // Push to talk: Enter opens the ear for one utterance.
        Some(e) if e.talk_mode() == Talk::Push && line.trim().is_empty() => {
            e.listen_once();
            vec![Event::Tick]
        }
        _ => vec![Event::Line(line)],
    }
}

/// Standard input has ended: the game ends with it once nothing else is
/// listening.
pub(super) fn on_end<W: Write>(lp: &mut Loop<'_, W>) -> Vec<Event> {
    lp.stdin_open = false;
    vec![Event::Tick]
}
