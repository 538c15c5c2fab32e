//! What the player may say now, and what was meant: the bridge between a
//! recogniser and the session.
//!
//! Pure. `Hearing::grammar` gives the recogniser the words of this moment:
//! while the session waits for an answer, a small grammar (yes, no, the
//! numbers of the choices, the moves offered); otherwise every legal move
//! and the spoken commands (clock, repeat, square e four, pieces white
//! knight, draw, resign, ...). `Hearing::interpret` turns the recogniser's
//! alternatives into the same session events the keyboard produces: a
//! command becomes the line a player would type ("square e4"), an answer a
//! `Command`, a move an `Event::Heard` with the moves it may be. Nothing
//! heard is ever dropped silently: speech that reads as nothing becomes an
//! `Event::Heard` with no moves, which the session answers.

use shakmaty::{Chess, Role};

use crate::command::{COMMANDS, Command, Parsed, Words, fold};
use crate::i18n::Texts;
use crate::notation::Lang;
use crate::recognize::{Grammar, Slot};
use crate::session::{Awaiting, Event};
use crate::understand::{Decision, Understander};

/// Commands that are said as one word, with no argument.
const SIMPLE: &[&str] =
    &["clock", "last", "moves", "board", "draw", "accept", "decline", "claim", "resign", "takeback", "repeat", "help"];

/// The words of one language for hearing.
pub struct Hearing {
    understander: Understander,
    words: Words,
    /// per command id, its spoken words (the pack's, then English)
    commands: Vec<(&'static str, Vec<String>)>,
    colors: [Vec<String>; 2],
}

impl std::fmt::Debug for Hearing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hearing").finish_non_exhaustive()
    }
}

fn list(texts: &Texts, id: &str) -> Vec<String> {
    texts
        .text(id)
        .split(',')
        .map(|w| w.trim().to_lowercase())
        .filter(|w| !w.is_empty() && w.chars().all(char::is_alphabetic))
        .collect()
}

impl Hearing {
    /// The hearing of `lang` (its moves pack and command words).
    pub fn new(lang: Lang) -> Option<Hearing> {
        let understander = Understander::new(lang.code())?;
        let texts = Texts::new(lang);
        let commands = COMMANDS.iter().map(|c| (*c, list(&texts, &format!("cmd-{c}")))).collect();
        let colors = [list(&texts, "word-white"), list(&texts, "word-black")];
        Some(Hearing { understander, words: Words::new(lang), commands, colors })
    }

    pub fn understander(&self) -> &Understander {
        &self.understander
    }

    fn command_words(&self, id: &str) -> Vec<String> {
        self.commands.iter().find(|(c, _)| *c == id).map(|(_, w)| w.clone()).unwrap_or_default()
    }

    fn number_words(&self, n: usize) -> Vec<String> {
        self.understander.rank_words(n - 1)
    }

    /// What may be said now: the answers when the session waits for one,
    /// else every legal move and the spoken commands.
    pub fn grammar(&self, pos: &Chess, awaiting: Option<&Awaiting>) -> Grammar {
        let one = |words: Vec<String>| vec![Slot { words, optional: false }];
        let mut g = Grammar::default();
        let mut yes_no = Grammar::default();
        for id in ["yes", "no"] {
            let w = self.command_words(id);
            if !w.is_empty() {
                yes_no.phrases.push(one(w));
            }
        }
        match awaiting {
            Some(Awaiting::YesNo) => return yes_no,
            Some(Awaiting::Choice(moves)) => {
                g.extend(yes_no);
                for n in 1..=moves.len().min(8) {
                    g.phrases.push(one(self.number_words(n)));
                }
                g.extend(self.understander.grammar(pos));
                return g;
            }
            None => {}
        }
        g.extend(self.understander.grammar(pos));
        for id in SIMPLE {
            let w = self.command_words(id);
            if !w.is_empty() {
                g.phrases.push(one(w));
            }
        }
        let files: Vec<String> = (0..8).flat_map(|i| self.understander.file_words(i)).collect();
        let ranks: Vec<String> = (0..8).flat_map(|i| self.understander.rank_words(i)).collect();
        let square = self.command_words("square");
        if !square.is_empty() {
            g.phrases.push(vec![
                Slot { words: square, optional: false },
                Slot { words: files, optional: false },
                Slot { words: ranks, optional: false },
            ]);
        }
        let pieces = self.command_words("pieces");
        if !pieces.is_empty() {
            let roles: Vec<String> = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
                .iter()
                .flat_map(|r| self.understander.piece_words(*r))
                .collect();
            g.phrases.push(vec![
                Slot { words: pieces, optional: false },
                Slot { words: self.colors.concat(), optional: true },
                Slot { words: roles, optional: false },
            ]);
        }
        g
    }

    /// What the recogniser's alternatives (best first) mean now. `sure`
    /// says whether a single clear move may be taken without asking (the
    /// recogniser can be trusted); `None` when nothing was heard at all.
    pub fn interpret(&self, pos: &Chess, awaiting: Option<&Awaiting>, heard: &[Vec<String>], sure: bool) -> Option<Event> {
        let best = heard.first().filter(|w| !w.is_empty())?;
        let text = best.join(" ");
        // An answer: yes, no, or the number of a choice.
        if let Some(a) = awaiting {
            if best.len() == 1 {
                if let Parsed::Command(c @ (Command::Yes | Command::No)) = self.words.parse(&best[0]) {
                    return Some(Event::Command(c));
                }
                if let Awaiting::Choice(moves) = a
                    && let Some(n) = (1..=moves.len()).find(|n| self.number_words(*n).iter().any(|w| fold(w) == fold(&best[0])))
                {
                    return Some(Event::Command(Command::Choice(n)));
                }
            }
            if matches!(a, Awaiting::YesNo) {
                return Some(Event::Heard { heard: text, moves: Vec::new(), sure: false });
            }
        }
        // A command: the line a player would type.
        if !matches!(self.words.parse(&best[0]), Parsed::Move(_) | Parsed::Empty) {
            return Some(Event::Line(self.typed(best)));
        }
        let moves = match if sure { self.understander.understand(pos, heard) } else { self.understander.understand_unsure(pos, heard) } {
            Decision::Accept(m) => return Some(Event::Heard { heard: text, moves: vec![m], sure: true }),
            Decision::Ask(ms) => ms,
            Decision::Reject => Vec::new(),
        };
        Some(Event::Heard { heard: text, moves, sure: false })
    }

    /// Spoken command words as typed: a file word and a rank word become a
    /// square ("e four" → "e4").
    fn typed(&self, words: &[String]) -> String {
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            if let (Some(f), Some(r)) =
                (self.understander.file_of(&words[i]), words.get(i + 1).and_then(|w| self.understander.rank_of(w)))
                && i > 0
            {
                out.push(format!("{}{}", char::from(b'a' + f as u8), r + 1));
                i += 2;
                continue;
            }
            out.push(words[i].clone());
            i += 1;
        }
        out.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;

    fn w(s: &str) -> Vec<Vec<String>> {
        vec![s.split_whitespace().map(str::to_owned).collect()]
    }

    #[test]
    fn commands_become_typed_lines() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        assert_eq!(h.interpret(&p, None, &w("square e four"), true), Some(Event::Line("square e4".into())));
        assert_eq!(h.interpret(&p, None, &w("clock"), true), Some(Event::Line("clock".into())));
        assert_eq!(h.interpret(&p, None, &w("pieces black knight"), true), Some(Event::Line("pieces black knight".into())));
        let es = Hearing::new(Lang::Es).unwrap();
        assert_eq!(es.interpret(&p, None, &w("casilla e cuatro"), true), Some(Event::Line("casilla e4".into())));
    }

    #[test]
    fn answers_and_moves() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        let d4 = "d2d4".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        assert_eq!(h.interpret(&p, Some(&Awaiting::YesNo), &w("yes"), true), Some(Event::Command(Command::Yes)));
        assert_eq!(h.interpret(&p, Some(&Awaiting::Choice(vec![e4, d4])), &w("two"), true), Some(Event::Command(Command::Choice(2))));
        assert_eq!(
            h.interpret(&p, None, &w("echo four"), true),
            Some(Event::Heard { heard: "echo four".into(), moves: vec![e4], sure: true })
        );
        match h.interpret(&p, None, &w("echo four"), false) {
            Some(Event::Heard { moves, sure: false, .. }) => assert_eq!(moves[0], e4),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            h.interpret(&p, None, &w("queen h eight"), true),
            Some(Event::Heard { heard: "queen h eight".into(), moves: vec![], sure: false })
        );
        assert_eq!(h.interpret(&p, None, &[], true), None);
    }

    #[test]
    fn grammars_hold_what_may_be_said() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        let all = h.grammar(&p, None).words();
        for word in ["knight", "clock", "square", "pieces", "repeat", "echo", "four"] {
            assert!(all.contains(word), "{word}");
        }
        let yn = h.grammar(&p, Some(&Awaiting::YesNo)).words();
        assert!(yn.contains("yes") && yn.contains("no") && !yn.contains("knight"), "{yn:?}");
    }
}
