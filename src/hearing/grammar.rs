//! What the player may say now, and what was meant: the bridge between a
//! recogniser and the session.
//!
//! Pure. `Hearing::grammar` gives the recogniser the words of this moment:
//! while the session waits for an answer, a small grammar (yes, no, the
//! numbers of the choices, the moves offered); otherwise every legal move
//! and the spoken commands (clock, repeat, square e four, pieces white
//! knight, rank four, file echo, legal knight, legal echo two, last five
//! moves, draw, resign, ...). The phrases that pause and resume listening
//! ("stop listening", "start listening": `hear-pause` and `hear-resume` in
//! `commands.ftl`) are in every grammar. `Hearing::interpret` turns the
//! recogniser's alternatives into the same session events the keyboard
//! produces: a command becomes the line a player would type ("square e4",
//! "rank 4", "legal knight", "last 5 moves"), an answer a `Command`, a move
//! an `Event::Heard` with the moves it may be, a pause or resume phrase an
//! `Event::Listening`. Nothing heard is ever dropped silently: speech that
//! reads as nothing becomes an `Event::Heard` with no moves, which the
//! session answers.
//!
//! While listening is paused (the listener, `ear::Ear`, keeps that
//! state), `Hearing::grammar_paused` and `Hearing::interpret_paused` take
//! over: only a resume phrase is acted on, and everything else is dropped
//! without a word, since the player is talking to someone else. The paused
//! grammar still holds the usual phrases besides the resume phrases: a
//! grammar of one phrase makes a grammar-bound recogniser (pocketsphinx)
//! hear that phrase in any speech, which would resume listening whenever
//! anyone spoke; with the usual phrases there, other speech is heard as
//! something else and ignored.

use shakmaty::{Chess, Move, Position, Role};

use crate::game::command::{COMMANDS, Command, Parsed, ROLES, Words, fold};
use crate::i18n::Texts;
use crate::notation::Lang;
use crate::hearing::recognizer::{Grammar, Slot};
use crate::game::event::{Awaiting, Event, Moment};
use crate::hearing::understand::{Decision, Forms, Understander};

/// Commands that are said as one word, with no argument, at any moment.
/// The time used is said after the clock word only ("clock used"): alone,
/// its word turned "last three moves" into a knight's move.
const SIMPLE: &[&str] = &[
    "clock", "last", "moves", "board", "draw", "accept", "decline", "claim", "resign", "takeback", "transfers", "done", "touched", "repeat",
    "help",
];

/// Commands said as one word only when they apply (`Moment`): the clocks'
/// start before they run, the opponent's clock start while the last move
/// may be corrected, a flag fall on a physical clock, the signatures and a
/// new game once the game is over, and the study's steps.
const WHEN_THEY_APPLY: &[&str] = &["start", "press", "flag", "sign", "new", "next", "back", "comment", "variations"];

/// The commands of [`COMMANDS`] never said, and why: typed (or keyed) only.
/// The grammar leaves them out and [`Hearing::interpret`] does not act on
/// them. Every other command is in the grammar whenever it applies
/// (tested from `COMMANDS` itself).
pub(crate) const TYPED_ONLY: &[(&str, &str)] = &[
    ("result", "its result (1-0, 0-1, 1/2) is written"),
    ("set", "its times (1:05:00) are written"),
    ("quit", "a mishearing would end the listening itself"),
];


/// The largest number said in "last N moves" (one to eight are the rank
/// words, nine on `hear-numbers`).
const MAX_COUNT: usize = 16;

/// The words of one language for hearing.
pub struct Hearing {
    lang: Lang,
    understander: Understander,
    words: Words,
    /// per command id, its spoken words (the pack's)
    commands: Vec<(&'static str, Vec<String>)>,
    /// white, black, mine, the opponent's
    colors: [Vec<String>; 4],
    /// the phrases that pause and resume listening, each as its words
    pause: Vec<Vec<String>>,
    resume: Vec<Vec<String>>,
    /// the words of the numbers from nine on
    numbers: Vec<Vec<String>>,
    /// per piece, the word a player types for it (the pack's first)
    role_words: Vec<(Role, String)>,
    /// the words that ask for the candidates too many to read out
    /// (`answer-list`)
    list_words: Vec<String>,
}

impl std::fmt::Debug for Hearing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hearing").finish_non_exhaustive()
    }
}

/// The spoken words of a comma-separated list message. Words of one
/// letter are for typing only ("y", "s", "j" for yes): said, they are
/// letters, and a recogniser would hear them in any short noise.
fn list(texts: &Texts, id: &str) -> Vec<String> {
    texts
        .text(id)
        .split(',')
        .map(|w| w.trim().to_lowercase())
        .filter(|w| w.chars().count() > 1 && w.chars().all(char::is_alphabetic))
        .collect()
}

/// The phrases of a comma-separated list message, each as its lowercase
/// words.
fn phrases(texts: &Texts, id: &str) -> Vec<Vec<String>> {
    texts
        .text(id)
        .split(',')
        .map(|p| p.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>())
        .filter(|p| !p.is_empty() && p.iter().all(|w| w.chars().all(char::is_alphabetic)))
        .collect()
}

fn same_words(a: &[String], b: &[String]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| fold(x) == fold(y))
}

impl Hearing {
    /// The hearing of `lang` (its moves pack and command words).
    pub fn new(lang: Lang) -> Option<Hearing> {
        let understander = Understander::new(lang.code())?;
        let texts = Texts::new(lang);
        let commands = COMMANDS.iter().map(|c| (*c, list(&texts, &format!("cmd-{c}")))).collect();
        let colors = [list(&texts, "word-white"), list(&texts, "word-black"), list(&texts, "word-mine"), list(&texts, "word-theirs")];
        let numbers = list(&texts, "hear-numbers").into_iter().map(|w| vec![w]).collect();
        let role_words = ROLES
            .iter()
            .filter_map(|(name, role)| list(&texts, &format!("word-{name}")).into_iter().next().map(|w| (*role, w)))
            .collect();
        Some(Hearing {
            lang,
            understander,
            words: Words::new(lang),
            commands,
            colors,
            pause: phrases(&texts, "hear-pause"),
            resume: phrases(&texts, "hear-resume"),
            numbers,
            role_words,
            list_words: list(&texts, "answer-list"),
        })
    }

    /// Grammars that offer the files only in the words of `style` (the
    /// `hear-files` setting), `None` for every style.
    pub fn with_files(mut self, style: Option<crate::speaking::announce::Files>) -> Hearing {
        if let Some(style) = style {
            self.understander = self.understander.with_files(style);
        }
        self
    }

    /// Grammars that hold "to" after a piece's name ("knight to f three",
    /// "pawn to e four") when `to` (the `hear-to` setting): the forms
    /// [`Forms::WITH_TO`] rather than [`Forms::DEFAULT`].
    pub fn with_to(mut self, to: bool) -> Hearing {
        if to {
            self.understander = self.understander.with_forms(Forms::WITH_TO);
        }
        self
    }

    /// What turns the words heard into a decision.
    pub fn understander(&self) -> &Understander {
        &self.understander
    }

    fn command_words(&self, id: &str) -> Vec<String> {
        self.commands.iter().find(|(c, _)| *c == id).map(|(_, w)| w.clone()).unwrap_or_default()
    }

    /// The words of number `n` (1 to `MAX_COUNT`).
    fn number_words(&self, n: usize) -> Vec<String> {
        match n {
            1..=8 => self.understander.rank_words(n - 1),
            _ => self.numbers.get(n.wrapping_sub(9)).cloned().unwrap_or_default(),
        }
    }

    /// The number a heard word names (1 to `MAX_COUNT`).
    fn number_of(&self, word: &str) -> Option<usize> {
        if let Some(r) = self.understander.rank_of(word) {
            return Some(r + 1);
        }
        self.numbers.iter().position(|ws| ws.iter().any(|w| fold(w) == fold(word))).map(|i| i + 9)
    }

    /// The piece a heard word names.
    fn role_of(&self, word: &str) -> Option<Role> {
        ROLES.iter().map(|(_, r)| *r).find(|r| self.understander.piece_words(*r).iter().any(|w| fold(w) == fold(word)))
    }

    /// The phrases that pause and resume listening, as a grammar.
    fn listening_grammar(&self) -> Grammar {
        let mut g = Grammar::default();
        for p in self.pause.iter().chain(&self.resume) {
            g.phrases.push(p.iter().map(|w| Slot { words: vec![w.clone()], optional: false }).collect());
        }
        g
    }

    /// Whether an event from what was heard is one the hall's talk, heard
    /// always, can make out of a word or two and that changes the dialogue
    /// at once: an answer (yes, no, the number of a choice) or a pause or
    /// resume of listening. The listener takes these only from short
    /// utterances (`ear::ANSWER_MAX_MS`).
    pub(crate) fn checked(event: &Event) -> bool {
        matches!(event, Event::Command(Command::Yes | Command::No | Command::Choice(_)) | Event::Listening(_))
    }

    /// What may be said while listening is paused: the resume phrases, and
    /// (so that other speech is heard as something else, never as a resume
    /// phrase) what may be said otherwise.
    pub(crate) fn grammar_paused(&self, moment: &Moment) -> Grammar {
        let mut g = self.listening_grammar();
        g.extend(self.grammar(moment));
        g
    }

    /// What the alternatives mean while listening is paused: a resume
    /// phrase resumes; anything else is not acted on.
    pub(crate) fn interpret_paused(&self, heard: &[Vec<String>]) -> Option<Event> {
        let best = heard.first()?;
        self.resume.iter().any(|p| same_words(p, best)).then_some(Event::Listening(true))
    }

    /// What may be said now: the answers when the session waits for one,
    /// else every legal move and the spoken commands.
    pub fn grammar(&self, moment: &Moment) -> Grammar {
        let pos = &moment.pos;
        let one = |words: Vec<String>| vec![Slot { words, optional: false }];
        let mut g = Grammar::default();
        let mut yes_no = Grammar::default();
        for id in ["yes", "no"] {
            let w = self.command_words(id);
            if !w.is_empty() {
                yes_no.phrases.push(one(w));
            }
        }
        // Listening can be paused, or said to go on, at any moment.
        yes_no.extend(self.listening_grammar());
        // The candidates too many to read out, asked for while they stand.
        if moment.listing && !self.list_words.is_empty() {
            yes_no.phrases.push(one(self.list_words.clone()));
            if moment.awaiting.is_none() {
                g.phrases.push(one(self.list_words.clone()));
            }
        }
        match &moment.awaiting {
            Some(Awaiting::YesNo) => return yes_no,
            // The numbers, yes and no, as the question asks ("Say the
            // number, or no."); another move is said after a "no". With the
            // moves beside them, a number said in the hall's noise was read
            // as a move whose rank words are numbers ("two" as "a two a
            // three"). The move a number picks is read back for a yes.
            Some(Awaiting::Choice(moves)) => {
                g.extend(yes_no);
                for n in 1..=moves.len().min(8) {
                    g.phrases.push(one(self.number_words(n)));
                }
                return g;
            }
            None => {}
        }
        // A move just recorded and echoed (`confirm = "echo"`) is undone
        // by a "no" while it may be corrected.
        if moment.echoed {
            let w = self.command_words("no");
            if !w.is_empty() {
                g.phrases.push(one(w));
            }
        }
        g.extend(self.understander.grammar(pos));
        g.extend(self.listening_grammar());
        let applies = |id: &str| match id {
            "start" => moment.startable,
            "press" => moment.correctable.is_some(),
            "flag" => moment.mirror && !moment.over,
            "sign" | "new" => moment.over,
            "next" | "back" | "comment" | "variations" => moment.study,
            _ => true,
        };
        for id in SIMPLE.iter().chain(WHEN_THEY_APPLY).filter(|id| applies(id)) {
            let w = self.command_words(id);
            if !w.is_empty() {
                g.phrases.push(one(w));
            }
        }
        let files: Vec<String> = (0..8).flat_map(|i| self.understander.grammar_file_words(i)).collect();
        let ranks: Vec<String> = (0..8).flat_map(|i| self.understander.rank_words(i)).collect();
        let roles: Vec<String> = ROLES.iter().flat_map(|(_, r)| self.understander.piece_words(*r)).collect();
        let counts: Vec<String> = (2..=MAX_COUNT).flat_map(|n| self.number_words(n)).collect();
        let slot = |words: &Vec<String>| Slot { words: words.clone(), optional: false };
        let mut command = |id: &str, rest: Vec<Slot>| {
            let words = self.command_words(id);
            if !words.is_empty() {
                g.phrases.push(std::iter::once(Slot { words, optional: false }).chain(rest).collect());
            }
        };
        command("square", vec![slot(&files), slot(&ranks)]);
        command("pieces", vec![Slot { words: self.colors.concat(), optional: true }, slot(&roles)]);
        command("rank", vec![slot(&ranks)]);
        command("file", vec![slot(&files)]);
        command("legal", vec![slot(&roles)]);
        // "legal echo two": only the squares of the pieces of the side to
        // move (the only pieces with legal moves), and the file said as a
        // word, not a letter. A phrase for every square, or with the
        // letters, is a trap for other speech: pocketsphinx heard espeak-ng's
        // "legal knight" as "legal a eight" and "legal ay two".
        let board = pos.board();
        for sq in board.by_color(pos.turn()) {
            let file = self.understander.file_names(usize::from(sq.file()));
            let rank = self.understander.rank_words(usize::from(sq.rank()));
            command("legal", vec![slot(&file), slot(&rank)]);
        }
        // "last five moves", "last five"
        command("last", vec![slot(&counts), Slot { words: self.command_words("moves"), optional: true }]);
        // "clock used": the time used, asked after the clock word.
        command("clock", vec![slot(&self.command_words("used"))]);
        // "done two": a transfer by its number in the pending list, while
        // there are several.
        if moment.pending >= 2 {
            let numbers: Vec<String> = (1..=moment.pending.min(MAX_COUNT)).flat_map(|n| self.number_words(n)).collect();
            command("done", vec![slot(&numbers)]);
        }
        // "claim knight f three": a claim with the move that makes it hold
        // (Article 9.2), only where a claim can hold: a repetition needs
        // at least eight reversible plies, fifty moves a hundred.
        if pos.halfmoves() >= 7 {
            g.extend(self.command_and_move("claim", pos));
        }
        // "correct knight f three": a move of the position before the last
        // move, only while that move may be corrected.
        if let Some(before) = &moment.correctable {
            g.extend(self.command_and_move("correct", before));
        }
        g
    }

    /// What the recogniser's alternatives (best first) mean now. `sure` is
    /// the move the measured confidence is sure of (`confidence::Features::sure`),
    /// taken without asking when the best reading is a move; `None` when
    /// nothing was heard at all.
    pub fn interpret(&self, moment: &Moment, heard: &[Vec<String>], sure: Option<shakmaty::Move>) -> Option<Event> {
        let (pos, awaiting) = (&moment.pos, moment.awaiting.as_ref());
        let best = heard.first().filter(|w| !w.is_empty())?;
        let text = best.join(" ");
        if self.pause.iter().any(|p| same_words(p, best)) {
            return Some(Event::Listening(false));
        }
        if self.resume.iter().any(|p| same_words(p, best)) {
            return Some(Event::Listening(true));
        }
        // The candidates too many to read out, asked for (while a question
        // stands too): the line a player types.
        if best.len() == 1 && self.list_words.iter().any(|w| fold(w) == fold(&best[0])) {
            return Some(Event::Line(best[0].clone()));
        }
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
        // A correction of the last move: always read back, whatever the
        // recogniser; the session says when it is too late.
        if let Some(rest) = self.after_command("correct", heard) {
            let moves = match &moment.correctable {
                Some(before) => match self.understander.understand_correction(before, &rest, corrected(before, &moment.pos)) {
                    Decision::Accept(m) => vec![m],
                    Decision::Ask(ms) => ms,
                    Decision::Reject => Vec::new(),
                },
                None => Vec::new(),
            };
            return Some(Event::HeardCorrection { heard: text, moves });
        }
        // A claim with the move that makes it hold: the line a player would
        // type, with the move as the player's algebraic writes it; read back
        // by the session like every claim heard.
        if let Some(rest) = self.after_command("claim", heard) {
            let m = match self.understander.understand_unsure(pos, &rest) {
                Decision::Accept(m) => m,
                Decision::Ask(ms) if !ms.is_empty() => ms[0],
                _ => return Some(Event::Heard { heard: text, moves: Vec::new(), sure: false }),
            };
            let mut after = pos.clone();
            after.play_unchecked(m);
            let mut san = String::new();
            crate::notation::algebraic::write_san(pos, m, &after, self.lang.into(), &mut san);
            return Some(Event::heard_line(&self.words, format!("{} {san}", best[0])));
        }
        let decision = || match sure {
            Some(m) => Decision::Accept(m),
            None => self.understander.understand_unsure(pos, heard),
        };
        let event = |decision: Decision| match decision {
            Decision::Accept(m) => Event::Heard { heard: text.clone(), moves: vec![m], sure: true },
            Decision::Ask(ms) => Event::Heard { heard: text.clone(), moves: ms, sure: false },
            Decision::Reject => Event::Heard { heard: text.clone(), moves: Vec::new(), sure: false },
        };
        // A yes or a no said before a move ("yes, knight f three") is the
        // move: the understanding drops the answer (`hear-lead`).
        if best.len() > 1 && matches!(self.words.parse(&best[0]), Parsed::Command(Command::Yes | Command::No)) {
            let d = decision();
            if d != Decision::Reject {
                return Some(event(d));
            }
        }
        // A command never said (typed only) is no command when heard: what
        // was heard is said to be no move.
        if self.words.command_id(&best[0]).is_some_and(|id| TYPED_ONLY.iter().any(|(t, _)| *t == id)) {
            return Some(Event::Heard { heard: text, moves: Vec::new(), sure: false });
        }
        // A command: the line a player would type, marked as heard (the
        // session reads back those that change the game).
        if !matches!(self.words.parse(&best[0]), Parsed::Move(_) | Parsed::Empty) {
            return Some(Event::heard_line(&self.words, self.typed(best)));
        }
        Some(event(decision()))
    }

    /// The phrases of command `id` followed by a move of `pos`.
    fn command_and_move(&self, id: &str, pos: &Chess) -> Grammar {
        let words = self.command_words(id);
        let mut g = Grammar::default();
        if !words.is_empty() {
            for phrase in self.understander.grammar_after_command(pos).phrases {
                g.phrases.push(std::iter::once(Slot { words: words.clone(), optional: false }).chain(phrase).collect());
            }
        }
        g
    }

    /// When the best alternative is command `id` followed by more words:
    /// the words after the command in every alternative that starts with
    /// it (best first).
    fn after_command(&self, id: &str, heard: &[Vec<String>]) -> Option<Vec<Vec<String>>> {
        let words = self.command_words(id);
        let is_it = |h: &Vec<String>| h.len() > 1 && words.iter().any(|c| fold(c) == fold(&h[0]));
        heard.first().filter(|b| is_it(b))?;
        Some(heard.iter().filter(|h| is_it(h)).map(|h| h[1..].to_vec()).collect())
    }

    /// Spoken command words as typed: after the command word, a file word
    /// and a rank word become a square ("e four" → "e4"), a piece the word
    /// typed for it, a number its digits ("five" → "5"), a file word alone
    /// its letter ("echo" → "e").
    fn typed(&self, words: &[String]) -> String {
        let mut out: Vec<String> = words.iter().take(1).cloned().collect();
        let mut i = 1;
        while i < words.len() {
            let w = &words[i];
            let file = self.understander.file_of(w);
            let letter = |f: usize| char::from(b'a' + f as u8);
            if let (Some(f), Some(r)) = (file, words.get(i + 1).and_then(|w| self.understander.rank_of(w))) {
                out.push(format!("{}{}", letter(f), r + 1));
                i += 2;
                continue;
            }
            if let Some(role) = self.role_of(w)
                && let Some((_, typed)) = self.role_words.iter().find(|(r, _)| *r == role)
            {
                out.push(typed.clone());
            } else if let Some(n) = self.number_of(w) {
                out.push(n.to_string());
            } else if let Some(f) = file {
                out.push(letter(f).to_string());
            } else {
                out.push(w.clone());
            }
            i += 1;
        }
        out.join(" ")
    }
}

/// The move that led from `before` to `after`, if one legal move did.
fn corrected(before: &Chess, after: &Chess) -> Option<Move> {
    before.legal_moves().into_iter().find(|m| {
        let mut p = before.clone();
        p.play_unchecked(*m);
        p.board() == after.board() && p.turn() == after.turn()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;
    use crate::hearing::recognizer::WordAutomaton;

    fn asked(p: &Chess, awaiting: Awaiting) -> Moment {
        Moment { awaiting: Some(awaiting), ..Moment::at(p.clone()) }
    }

    fn w(s: &str) -> Vec<Vec<String>> {
        vec![s.split_whitespace().map(str::to_owned).collect()]
    }

    #[test]
    fn commands_become_typed_lines() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        assert_eq!(h.interpret(&Moment::at(p.clone()), &w("square e four"), None), Some(Event::heard_line(&h.words, "square e4".into())));
        assert_eq!(h.interpret(&Moment::at(p.clone()), &w("clock"), None), Some(Event::heard_line(&h.words, "clock".into())));
        assert_eq!(h.interpret(&Moment::at(p.clone()), &w("pieces black knight"), None), Some(Event::heard_line(&h.words, "pieces black knight".into())));
        let es = Hearing::new(Lang::Es).unwrap();
        assert_eq!(es.interpret(&Moment::at(p.clone()), &w("casilla e cuatro"), None), Some(Event::heard_line(&es.words, "casilla e4".into())));
        for (said, typed) in [
            ("rank four", "rank 4"),
            ("file echo", "file e"),
            ("file e", "file e"),
            ("legal knight", "legal knight"),
            ("legal echo two", "legal e2"),
            ("legal e two", "legal e2"),
            ("last five moves", "last 5 moves"),
            ("last twelve", "last 12"),
        ] {
            assert_eq!(h.interpret(&Moment::at(p.clone()), &w(said), None), Some(Event::heard_line(&h.words, typed.into())), "{said}");
        }
        for (said, typed) in
            [("fila cuatro", "fila 4"), ("columna eco", "columna e"), ("legales caballo", "legales caballo"), ("últimas cinco jugadas", "últimas 5 jugadas")]
        {
            assert_eq!(es.interpret(&Moment::at(p.clone()), &w(said), None), Some(Event::heard_line(&es.words, typed.into())), "{said}");
        }
    }

    #[test]
    fn every_language_says_the_new_commands_as_the_keyboard_types_them() {
        use crate::game::command::LegalOf;
        use shakmaty::{File, Rank, Square};
        let p = Chess::default();
        for lang in [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::It, Lang::Nl] {
            let h = Hearing::new(lang).unwrap();
            let command = |words: Vec<String>| match h.interpret(&Moment::at(p.clone()), &[words.clone()], None) {
                Some(Event::Said { command, .. }) => Parsed::Command(command),
                other => panic!("{lang:?}: {words:?} gave {other:?}"),
            };
            let first = |id: &str| h.command_words(id).into_iter().next().unwrap_or_else(|| panic!("{lang:?} {id}"));
            for i in 0..8 {
                for rank in h.understander.rank_words(i) {
                    assert_eq!(command(vec![first("rank"), rank.clone()]), Parsed::Command(Command::Rank(Rank::new(i as u32))), "{lang:?} {rank}");
                }
                for file in h.understander.file_words(i) {
                    assert_eq!(command(vec![first("file"), file.clone()]), Parsed::Command(Command::File(File::new(i as u32))), "{lang:?} {file}");
                    let rank = h.understander.rank_words(1)[0].clone();
                    assert_eq!(
                        command(vec![first("legal"), file.clone(), rank]),
                        Parsed::Command(Command::Legal(LegalOf::Square(Square::from_coords(File::new(i as u32), Rank::Second)))),
                        "{lang:?} {file}"
                    );
                }
            }
            for (_, role) in ROLES {
                for piece in h.understander.piece_words(role) {
                    assert_eq!(command(vec![first("legal"), piece.clone()]), Parsed::Command(Command::Legal(LegalOf::Role(role))), "{lang:?} {piece}");
                }
            }
            for n in 2..=MAX_COUNT {
                let words = h.number_words(n);
                assert!(!words.is_empty(), "{lang:?} has no words for {n}");
                for number in words {
                    assert_eq!(command(vec![first("last"), number.clone()]), Parsed::Command(Command::LastMoves(n)), "{lang:?} {number}");
                    assert_eq!(
                        command(vec![first("last"), number.clone(), first("moves")]),
                        Parsed::Command(Command::LastMoves(n)),
                        "{lang:?} {number}"
                    );
                }
            }
            assert!(!h.pause.is_empty() && !h.resume.is_empty(), "{lang:?}");
            for p_words in &h.pause {
                assert_eq!(h.interpret(&Moment::at(p.clone()), &[p_words.clone()], None), Some(Event::Listening(false)), "{lang:?}");
                assert_eq!(h.interpret_paused(&[p_words.clone()]), None, "{lang:?}");
            }
            for r_words in &h.resume {
                assert_eq!(h.interpret_paused(&[r_words.clone()]), Some(Event::Listening(true)), "{lang:?}");
                assert_eq!(h.interpret(&asked(&p, Awaiting::YesNo), &[r_words.clone()], None), Some(Event::Listening(true)), "{lang:?}");
            }
            let g = h.grammar(&Moment::at(p.clone())).words();
            let yn = h.grammar(&asked(&p, Awaiting::YesNo)).words();
            for word in h.pause.iter().chain(&h.resume).flatten().chain([&first("rank"), &first("file"), &first("legal")]) {
                assert!(g.contains(word), "{lang:?}: {word} not in the grammar");
            }
            for word in h.pause.iter().chain(&h.resume).flatten() {
                assert!(yn.contains(word), "{lang:?}: {word} not in the yes/no grammar");
            }
        }
    }

    #[test]
    fn while_paused_only_a_resume_phrase_is_acted_on() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        for said in ["echo four", "clock", "stop listening", "resign", "yes", "start"] {
            assert_eq!(h.interpret_paused(&w(said)), None, "{said}");
        }
        assert_eq!(h.interpret_paused(&w("start listening")), Some(Event::Listening(true)));
        assert_eq!(h.interpret_paused(&w("resume listening")), Some(Event::Listening(true)));
        assert_eq!(h.interpret_paused(&[]), None);
        let g = h.grammar_paused(&Moment::at(p.clone())).words();
        for word in ["start", "listening", "resume", "echo", "knight"] {
            assert!(g.contains(word), "{word}");
        }
    }

    #[test]
    fn hear_to_puts_to_after_a_pieces_name_in_the_daemons_grammar() {
        let p = Chess::default();
        let accepts = |h: &Hearing, said: &str| WordAutomaton::of(&h.grammar(&Moment::at(p.clone()))).accepts(&said.split(' ').collect::<Vec<_>>());
        let plain = Hearing::new(Lang::En).unwrap();
        let with_to = Hearing::new(Lang::En).unwrap().with_to(true);
        let without = Hearing::new(Lang::En).unwrap().with_to(false);
        assert!(with_to.grammar(&Moment::at(p.clone())).words().contains("to"));
        for said in ["knight to f three", "pawn to e four", "knight on f three"] {
            assert!(accepts(&with_to, said), "{said}");
            assert!(!accepts(&plain, said) && !accepts(&without, said), "{said}");
        }
        for said in ["knight f three", "e four", "to e four"] {
            assert_eq!(accepts(&with_to, said), said != "to e four", "{said}");
        }
        // Spanish: "caballo hacia f tres".
        let words = |to: bool| Hearing::new(Lang::Es).unwrap().with_to(to).grammar(&Moment::at(p.clone())).words();
        assert!(words(true).contains("hacia") && !words(false).contains("hacia"));
    }

    #[test]
    fn a_choice_is_heard_as_its_numbers_and_answers_only() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        let d4 = "d2d4".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        let g = WordAutomaton::of(&h.grammar(&asked(&p, Awaiting::Choice(vec![e4, d4]))));
        for said in ["one", "two", "yes", "no", "stop listening"] {
            assert!(g.accepts(&said.split(' ').collect::<Vec<_>>()), "{said}");
        }
        for said in ["three", "e four", "pawn d four", "a four", "a two a four", "knight f three", "clock"] {
            assert!(!g.accepts(&said.split(' ').collect::<Vec<_>>()), "{said}");
        }
        // With no question, every legal move.
        assert!(WordAutomaton::of(&h.grammar(&Moment::at(p.clone()))).accepts(&["a", "four"]));
    }

    #[test]
    fn answers_and_moves() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        let d4 = "d2d4".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        assert_eq!(h.interpret(&asked(&p, Awaiting::YesNo), &w("yes"), None), Some(Event::Command(Command::Yes)));
        assert_eq!(h.interpret(&asked(&p, Awaiting::Choice(vec![e4, d4])), &w("two"), None), Some(Event::Command(Command::Choice(2))));
        assert_eq!(
            h.interpret(&Moment::at(p.clone()), &w("echo four"), Some(e4)),
            Some(Event::Heard { heard: "echo four".into(), moves: vec![e4], sure: true })
        );
        match h.interpret(&Moment::at(p.clone()), &w("echo four"), None) {
            Some(Event::Heard { moves, sure: false, .. }) => assert_eq!(moves[0], e4),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            h.interpret(&Moment::at(p.clone()), &w("queen h eight"), None),
            Some(Event::Heard { heard: "queen h eight".into(), moves: vec![], sure: false })
        );
        assert_eq!(h.interpret(&Moment::at(p.clone()), &[], None), None);
    }

    #[test]
    fn claims_with_a_move_and_whose_pieces() {
        let h = Hearing::new(Lang::En).unwrap();
        let es = Hearing::new(Lang::Es).unwrap();
        // Knights out and back twice: the next knight move repeats.
        let mut p = Chess::default();
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            let m = uci.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            p.play_unchecked(m);
        }
        let at = Moment::at(p.clone());
        let claims = |h: &Hearing, m: &Moment| h.grammar(m).phrases.iter().filter(|ph| ph.len() > 1 && ph[0].words == h.command_words("claim")).count();
        assert!(claims(&h, &at) > 0);
        assert_eq!(claims(&h, &Moment::at(Chess::default())), 0, "no claim with a move where none can hold");
        assert_eq!(h.interpret(&at, &w("claim knight golf eight"), None), Some(Event::heard_line(&h.words, "claim Ng8".into())));
        assert_eq!(es.interpret(&at, &w("reclamo caballo g ocho"), None), Some(Event::heard_line(&es.words, "reclamo Cg8".into())));
        assert_eq!(h.interpret(&at, &w("claim"), None), Some(Event::heard_line(&h.words, "claim".into())));
        let start = Moment::at(Chess::default());
        assert_eq!(h.interpret(&start, &w("where my knights"), None), Some(Event::heard_line(&h.words, "where my knight".into())));
        let g = h.grammar(&start).words();
        for word in ["my", "opponent"] {
            assert!(g.contains(word), "{word}");
        }
        match h.words.parse("where my knight") {
            Parsed::Command(Command::Pieces { color: Some(crate::game::command::Whose::Mine), role: Some(Role::Knight) }) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn no_answer_is_a_single_letter_when_spoken() {
        for lang in [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::It, Lang::Nl] {
            let h = Hearing::new(lang).unwrap();
            let p = Chess::default();
            let yes = h.command_words("yes");
            assert!(!yes.is_empty(), "{lang:?}");
            // Phrases of one word are the answers (the others pause or
            // resume listening).
            for phrase in h.grammar(&asked(&p, Awaiting::YesNo)).phrases.iter().filter(|p| p.len() == 1) {
                for word in &phrase[0].words {
                    assert!(word.chars().count() > 1, "{lang:?}: {word:?} is an answer in the yes/no grammar");
                }
            }
        }
    }

    #[test]
    fn a_correction_is_heard_only_while_the_last_move_may_be_corrected() {
        let h = Hearing::new(Lang::En).unwrap();
        let before = Chess::default();
        let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&before).unwrap();
        let d4 = "d2d4".parse::<UciMove>().unwrap().to_move(&before).unwrap();
        let mut after = before.clone();
        after.play_unchecked(e4);
        let now = Moment { correctable: Some(before.clone()), ..Moment::at(after.clone()) };
        let has_correct = |m: &Moment| h.grammar(m).phrases.iter().any(|p| p[0].words.contains(&"correct".to_owned()));
        assert!(has_correct(&now));
        assert!(!has_correct(&Moment::at(after.clone())), "no correction phrases with nothing to correct");
        assert!(!has_correct(&Moment { awaiting: Some(Awaiting::YesNo), ..now.clone() }));
        // A move of the position before the last one, always asked.
        match h.interpret(&now, &w("correct delta four"), None) {
            Some(Event::HeardCorrection { heard, moves }) => {
                assert_eq!(heard, "correct delta four");
                assert_eq!(moves.first(), Some(&d4));
            }
            other => panic!("{other:?}"),
        }
        // Nothing legal before the last move.
        match h.interpret(&now, &w("correct queen h eight"), None) {
            Some(Event::HeardCorrection { moves, .. }) => assert!(moves.is_empty(), "{moves:?}"),
            other => panic!("{other:?}"),
        }
        // With nothing to correct the session is told, and says why.
        assert_eq!(
            h.interpret(&Moment::at(after), &w("correct delta four"), None),
            Some(Event::HeardCorrection { heard: "correct delta four".into(), moves: vec![] })
        );
        // The recorded move heard exactly again ("correct echo four" after
        // e4): the player said it was wrong, so the moves its letters may
        // have been are offered, never the move recorded...
        match h.interpret(&now, &w("correct e four"), None) {
            Some(Event::HeardCorrection { moves, .. }) => assert!(moves.len() > 1 && !moves.contains(&e4) && moves.contains(&d4), "{moves:?}"),
            other => panic!("{other:?}"),
        }
        // ... and another move heard exactly is asked alone.
        match h.interpret(&now, &w("correct knight f three"), None) {
            Some(Event::HeardCorrection { moves, .. }) => assert_eq!(moves, ["g1f3".parse::<UciMove>().unwrap().to_move(&before).unwrap()]),
            other => panic!("{other:?}"),
        }
        // Only the recorded move reads so: it is offered alone, for the
        // session to say it is the move recorded.
        let lone: Chess = "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let e4 = "e3e4".parse::<UciMove>().unwrap().to_move(&lone).unwrap();
        let mut lone_after = lone.clone();
        lone_after.play_unchecked(e4);
        let lone_now = Moment { correctable: Some(lone.clone()), ..Moment::at(lone_after) };
        match h.interpret(&lone_now, &w("correct pawn e three e four"), None) {
            Some(Event::HeardCorrection { moves, .. }) => assert_eq!(moves, [e4]),
            other => panic!("{other:?}"),
        }
        // Spanish: "corrijo caballo f tres".
        let es = Hearing::new(Lang::Es).unwrap();
        let nf3 = "g1f3".parse::<UciMove>().unwrap().to_move(&before).unwrap();
        match es.interpret(&now, &w("corrijo caballo f tres"), None) {
            Some(Event::HeardCorrection { moves, .. }) => assert_eq!(moves.first(), Some(&nf3)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_yes_or_no_before_a_move_is_the_move() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        let nf3 = "g1f3".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        let moves = |e: Option<Event>| match e {
            Some(Event::Heard { moves, .. }) => moves,
            other => panic!("{other:?}"),
        };
        for said in ["yes knight foxtrot three", "no knight foxtrot three"] {
            assert_eq!(moves(h.interpret(&Moment::at(p.clone()), &w(said), None)), vec![nf3], "{said}");
            assert_eq!(moves(h.interpret(&asked(&p, Awaiting::Choice(vec![nf3])), &w(said), None)), vec![nf3], "{said}");
        }
        // Alone, an answer is an answer; with no move after it, a command.
        assert_eq!(h.interpret(&asked(&p, Awaiting::YesNo), &w("yes"), None), Some(Event::Command(Command::Yes)));
        let es = Hearing::new(Lang::Es).unwrap();
        assert_eq!(moves(es.interpret(&Moment::at(p.clone()), &w("sí caballo efe tres"), None)), vec![nf3]);
    }

    #[test]
    fn a_no_is_listened_for_only_while_it_may_undo_an_echoed_move() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        let says_no = |m: &Moment| h.grammar(m).phrases.iter().any(|ph| ph.len() == 1 && ph[0].words.contains(&"no".to_owned()));
        let mut m = Moment::at(p.clone());
        assert!(!says_no(&m));
        m.echoed = true;
        assert!(says_no(&m));
        assert!(matches!(h.interpret(&m, &w("no"), None), Some(Event::Said { command: Command::No, .. })));
    }

    /// A moment where every command applies: a move to correct and just
    /// echoed, candidates to list, three transfers pending, a study, a game
    /// over, clocks to start, a physical clock.
    fn everything_applies(p: &Chess) -> Moment {
        Moment {
            correctable: Some(Chess::default()),
            echoed: true,
            listing: true,
            pending: 3,
            study: true,
            over: true,
            startable: true,
            mirror: true,
            ..Moment::at(p.clone())
        }
    }

    /// Whether `word` is said alone in a phrase of `g`.
    fn alone(g: &Grammar, word: &str) -> bool {
        g.phrases.iter().any(|ph| ph.len() == 1 && ph[0].words.iter().any(|w| w == word))
    }

    #[test]
    fn every_command_the_understanding_acts_on_is_in_the_grammar_when_it_applies() {
        for lang in [Lang::En, Lang::Es, Lang::Pt, Lang::PtBr, Lang::Fr, Lang::De, Lang::It, Lang::Nl] {
            let h = Hearing::new(lang).unwrap();
            let p = Chess::default();
            let all = h.grammar(&everything_applies(&p));
            // A flag fall is said only while the game goes on.
            let playing = h.grammar(&Moment { over: false, ..everything_applies(&p) });
            let words: std::collections::BTreeSet<String> = all.words().into_iter().chain(playing.words()).collect();
            let yn = h.grammar(&asked(&p, Awaiting::YesNo)).words();
            let nothing = h.grammar(&Moment::at(p.clone()));
            // Every command of the understanding's own table.
            for id in COMMANDS {
                let typed_only = TYPED_ONLY.iter().any(|(t, _)| t == id);
                let said = h.command_words(id);
                assert!(typed_only || !said.is_empty(), "{lang:?}: {id} has no word to say");
                for word in &said {
                    let heard = h.interpret(&everything_applies(&p), &[vec![word.clone()]], None);
                    if typed_only {
                        assert!(!words.contains(word), "{lang:?}: {id} ({word}) is typed only but in the grammar");
                        assert!(matches!(&heard, Some(Event::Heard { moves, .. }) if moves.is_empty()), "{lang:?}: {word} gave {heard:?}");
                    } else {
                        let grammar = if *id == "yes" { &yn } else { &words };
                        assert!(grammar.contains(word), "{lang:?}: {id} ({word}) is not in the grammar");
                    }
                }
            }
            // Said alone only when they apply.
            for id in WHEN_THEY_APPLY {
                for word in h.command_words(id) {
                    assert!(alone(&all, &word) || alone(&playing, &word), "{lang:?}: {id} ({word})");
                    assert!(!alone(&nothing, &word), "{lang:?}: {id} ({word}) in the grammar when it does not apply");
                }
            }
            // The candidates' list, while it stands, a question asked or not.
            assert!(!h.list_words.is_empty(), "{lang:?}");
            for word in &h.list_words {
                assert!(alone(&all, word), "{lang:?}: {word}");
                assert!(alone(&h.grammar(&Moment { listing: true, ..asked(&p, Awaiting::YesNo) }), word), "{lang:?}: {word}");
                assert!(!alone(&nothing, word), "{lang:?}: {word} with no list standing");
                assert_eq!(h.interpret(&asked(&p, Awaiting::YesNo), &[vec![word.clone()]], None), Some(Event::Line(word.clone())), "{lang:?}");
            }
            // "done two" while several transfers are pending; the time used
            // alone or after the clock word.
            let two = h.number_words(2)[0].clone();
            let done_n = |m: &Moment| h.grammar(m).phrases.iter().any(|ph| ph.len() == 2 && ph[0].words == h.command_words("done") && ph[1].words.contains(&two));
            assert!(done_n(&everything_applies(&p)), "{lang:?}");
            assert!(!done_n(&Moment { pending: 1, ..Moment::at(p.clone()) }), "{lang:?}");
            let first = |id: &str| h.command_words(id)[0].clone();
            let command = |words: Vec<String>| match h.interpret(&everything_applies(&p), &[words.clone()], None) {
                Some(Event::Said { command, .. }) => command,
                other => panic!("{lang:?}: {words:?} gave {other:?}"),
            };
            assert_eq!(command(vec![first("done"), two.clone()]), Command::DoneNumber(2), "{lang:?}");
            assert_eq!(command(vec![first("used")]), Command::TimeUsed, "{lang:?}");
            assert_eq!(command(vec![first("clock"), first("used")]), Command::TimeUsed, "{lang:?}");
            assert!(all.phrases.iter().any(|ph| ph.len() == 2 && ph[0].words == h.command_words("clock") && ph[1].words == h.command_words("used")));
        }
    }

    #[test]
    fn grammars_hold_what_may_be_said() {
        let h = Hearing::new(Lang::En).unwrap();
        let p = Chess::default();
        let all = h.grammar(&Moment::at(p.clone())).words();
        for word in ["knight", "clock", "square", "pieces", "repeat", "echo", "four"] {
            assert!(all.contains(word), "{word}");
        }
        let yn = h.grammar(&asked(&p, Awaiting::YesNo)).words();
        assert!(yn.contains("yes") && yn.contains("no") && !yn.contains("knight"), "{yn:?}");
    }
}
