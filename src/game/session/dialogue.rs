//! The dialogue with the players: moves and commands as they arrive (typed,
//! heard, played by an engine or seen on a board), the questions the
//! session asks (read a move back, choose among candidates, confirm a
//! resignation, a take-back, a result...) and how each answer is handled.

use super::*;

/// What the dialogue keeps: how typed lines are read, the question asked,
/// transfer reminders, and what an electronic board saw touched.
pub(super) struct Dialogue {
    /// The command words of the player's language.
    pub(super) words: Words,
    /// Readers of typed moves, most likely first.
    pub(super) readers: Vec<Notator>,
    pub(super) question: Option<Question>,
    /// The sentence that asked the question, said again after a line that
    /// does not answer it.
    pub(super) asked: String,
    /// The candidates too many to read out at once, in their position,
    /// read on `list`.
    pub(super) listing: Option<(Chess, Vec<Move>)>,
    /// When to remind of pending transfers.
    pub(super) reminder: Reminder,
    /// The last piece an electronic board saw lifted since the last move.
    pub(super) touched: Option<(Square, Piece)>,
    /// An electronic board that sees pieces lifted is connected.
    pub(super) sensor: bool,
    /// When the question standing was last said (asked, asked again or
    /// repeated).
    pub(super) asked_at: Duration,
    /// How long after that a spoken answer still counts (`None`: always).
    pub(super) answer_window: Option<Duration>,
    /// `confirm = "echo"`: a move heard for sure is recorded at once and
    /// echoed, and `no` undoes it while it may still be corrected.
    pub(super) echo: bool,
    /// The ply of the last move recorded on an echo, while it is the last
    /// move: what a `no` with no question standing undoes.
    pub(super) echoed: Option<usize>,
}

impl Session {
    /// Follows what an entry did: a move played or replaced changes how
    /// typed moves are read, and nothing asked before it stands; the end
    /// of the game drops any question.
    pub(super) fn follow(&mut self, facts: &[Fact]) {
        let replaced = facts.iter().any(|f| matches!(f, Fact::Corrected { .. } | Fact::TakenBack { .. }));
        // A list of candidates is of the position it was made in, and an
        // echoed move is no longer the one a `no` undoes once another move
        // is played, or it is replaced or taken back.
        if replaced || facts.iter().any(|f| matches!(f, Fact::Played { .. })) {
            self.dialogue.listing = None;
            self.dialogue.echoed = None;
        }
        for fact in facts {
            match fact {
                Fact::Played { ply, before } => {
                    if !replaced {
                        let m = self.rules.plies[*ply].record.mv;
                        for r in &mut self.dialogue.readers {
                            r.played(before, m);
                        }
                    }
                    self.dialogue.reminder.reset();
                    self.dialogue.touched = None;
                }
                Fact::Transferred { .. } => self.dialogue.reminder.reset(),
                Fact::Ended(_) => self.dialogue.question = None,
                _ => {}
            }
        }
        if replaced {
            self.rebuild_readers();
        }
    }

    pub(super) fn rebuild_readers(&mut self) {
        for r in &mut self.dialogue.readers {
            let mut fresh = Notator::new(r.dialect(), &self.rules.start);
            let mut pos = self.rules.start.clone();
            for p in &self.rules.plies {
                fresh.played(&pos, p.record.mv);
                pos.play_unchecked(p.record.mv);
            }
            *r = fresh;
        }
    }

    /// Asks `q` with the sentence `text`: it stands until it is answered,
    /// or a move, another question or a change of the game replaces it.
    pub(super) fn ask(&mut self, q: Question, text: String) -> Vec<Output> {
        self.dialogue.question = Some(q);
        self.dialogue.asked = text.clone();
        vec![self.say(text)]
    }

    /// Notes when the question standing was said: `out`, said at `now`,
    /// asks it, asks it again, or repeats the last sentence (which, while a
    /// question stands, is the question).
    pub(super) fn note_asked(&mut self, now: Duration, out: &[Output]) {
        if self.dialogue.question.is_none() {
            return;
        }
        let said = out.iter().any(|o| match o {
            Output::Say { text, .. } => *text == self.dialogue.asked,
            Output::Repeat => true,
            _ => false,
        });
        if said {
            self.dialogue.asked_at = now;
        }
    }

    /// Whether an answer spoken at `now` comes too long after the question
    /// standing was last said to answer it (a "yes" from a conversation
    /// nearby must not confirm a move).
    fn answer_late(&self, now: Duration) -> bool {
        self.dialogue.question.is_some() && self.dialogue.answer_window.is_some_and(|w| now > self.dialogue.asked_at + w)
    }

    /// The question standing, asked again after a line that did not
    /// answer it.
    fn ask_again(&self) -> Option<Output> {
        self.dialogue.question.as_ref().map(|_| self.say(self.dialogue.asked.clone()))
    }

    /// `candidates` (in `pos`) with their numbers when they are few enough
    /// to be read out; else how many there are, kept for `list`.
    pub(super) fn choices(&mut self, pos: &Chess, candidates: &[Move]) -> String {
        if candidates.len() <= MOST_READ_OUT {
            self.dialogue.listing = None;
            return self.numbered_in(pos, candidates);
        }
        self.dialogue.listing = Some((pos.clone(), candidates.to_vec()));
        let mut args = FluentArgs::new();
        args.set("count", candidates.len() as u64);
        self.narrator.texts.get("choices-many", Some(&args))
    }

    /// `list`: the candidates too many to read out unasked, with their
    /// numbers, and the question again.
    fn list_answer(&mut self) -> Vec<Output> {
        let mut out = match &self.dialogue.listing {
            Some((pos, moves)) => {
                let mut args = FluentArgs::new();
                args.set("choices", self.numbered_in(pos, moves));
                vec![self.say(self.narrator.texts.get("choices-listed", Some(&args)))]
            }
            None => vec![self.msg("choices-no-list")],
        };
        out.extend(self.ask_again());
        out
    }

    /// Whether `text` is one of the pack's words for `list`.
    fn is_list_word(&self, text: &str) -> bool {
        let words = self.narrator.texts.text("answer-list");
        let text = crate::game::command::fold(text.trim());
        words.split(',').any(|w| crate::game::command::fold(w.trim()) == text)
    }

    /// Reads typed text as a move of the side to move. The player's own
    /// algebraic notation decides when it reads the text as a legal move
    /// (a Spanish `Rg1` is the king's move, not an English rook's); else
    /// every other notation tiflo reads is tried, and readings that
    /// disagree are returned as candidates to choose from. A move only the
    /// letters of another language make of the text is a guess: it is no
    /// reading here, only a candidate of the error (see [`Session::read_any`]
    /// for asking about it).
    pub(super) fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        match self.read_any(text)? {
            Reading { mv, foreign: false } => Ok(mv),
            Reading { mv, foreign: true } => Err(MoveError::new(MoveErrorKind::NoLegalMove, vec![mv])),
        }
    }

    /// As [`Session::read_move`], with a move that only another language's
    /// piece letters read (an English `Rb3`, the rook, typed by a Spanish
    /// player whose `R` is the king) returned as `foreign`, to be asked
    /// about, never recorded without a yes (Appendix C.3: each player
    /// writes the letters of their own language).
    pub(super) fn read_any(&self, text: &str) -> Result<Reading, MoveError> {
        let text = strip_move_number(text);
        let own = self.dialogue.readers[0].dialect().pieces;
        let mut found: Vec<Reading> = Vec::new();
        let mut first_error = match self.dialogue.readers[0].read(&self.rules.pos, text) {
            Ok(mv) => return Ok(Reading { mv, foreign: false }),
            Err(e) => Some(e),
        };
        for r in &self.dialogue.readers[1..] {
            match r.read(&self.rules.pos, text) {
                Ok(mv) => {
                    let d = r.dialect();
                    // UCI (`c7c8b`) is every language's: its letters are no
                    // piece letters of English.
                    let uci = UciMove::from_str(text).ok().and_then(|u| u.to_move(&self.rules.pos).ok()) == Some(mv);
                    let foreign = d.notation.uses_lang() && d.pieces != own && !uci;
                    match found.iter_mut().find(|f| f.mv == mv) {
                        // Read alike by a notation of the player's own
                        // language: no guess.
                        Some(f) => f.foreign &= foreign,
                        None => found.push(Reading { mv, foreign }),
                    }
                }
                Err(e) => {
                    // The player's own notation explains best, unless it
                    // could not even read the text and another one could.
                    let better = first_error.as_ref().is_none_or(|f: &MoveError| {
                        matches!(f.kind, MoveErrorKind::Syntax(_)) && !matches!(e.kind, MoveErrorKind::Syntax(_))
                    });
                    if better {
                        first_error = Some(e);
                    }
                }
            }
        }
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(first_error.unwrap_or_else(|| MoveError::syntax(crate::notation::Syntax::Empty))),
            _ => Err(MoveError::new(MoveErrorKind::Ambiguous, found.iter().map(|f| f.mv).collect())),
        }
    }

    /// A move typed on another input (the assistant's page), read as a
    /// typed line is but without a word said: the move, or the sentence
    /// saying why it is not one.
    pub fn read_typed(&self, text: &str) -> Result<Move, String> {
        let text_of = |o: Output| match o {
            Output::Say { text, .. } => text,
            _ => String::new(),
        };
        if let Some(o) = self.over() {
            return Err(text_of(o));
        }
        if crate::line::too_long(text) {
            return Err(text_of(self.too_long()));
        }
        match self.dialogue.words.parse(text) {
            Parsed::Move(t) => self.read_move(&t).map_err(|e| text_of(self.move_error(&t, &e))),
            _ => {
                let mut args = FluentArgs::new();
                args.set("text", crate::line::quote(text));
                Err(self.narrator.texts.get("typed-not-a-move", Some(&args)))
            }
        }
    }

    /// A move typed: a candidate of the question asked, or a new move
    /// (which replaces the question); text that is no move is said so, and
    /// the question stands.
    pub(super) fn on_move_text(&mut self, now: Duration, text: &str, draw: bool) -> Vec<Output> {
        if let Some(Question::Choose { candidates, written, draw: offered }) = self.dialogue.question.clone()
            && let Ok(m) = self.read_move(text)
            && candidates.contains(&m)
        {
            self.dialogue.question = None;
            return self.propose(now, m, written, false, offered || draw);
        }
        if let Some(o) = self.over() {
            return vec![o];
        }
        match self.read_any(text) {
            Ok(Reading { mv, foreign: false }) => {
                self.dialogue.question = None;
                self.propose(now, mv, text.to_owned(), false, draw)
            }
            // Another language's letters: asked, in every confirm mode.
            Ok(Reading { mv, foreign: true }) => {
                let mut args = FluentArgs::new();
                args.set("text", text.to_owned());
                args.set("side", self.side_word(self.rules.pos.turn()));
                args.set("move", self.move_text(&self.rules.pos, mv));
                self.ask(Question::ConfirmMove { mv, written: text.to_owned(), draw }, self.narrator.texts.get(if draw { "move-foreign-confirm-offer" } else { "move-foreign-confirm" }, Some(&args)))
            }
            Err(e) if e.kind == MoveErrorKind::Ambiguous && !e.candidates.is_empty() => {
                let mut args = FluentArgs::new();
                args.set("text", crate::line::quote(text));
                let pos = self.rules.pos.clone();
                args.set("choices", self.choices(&pos, &e.candidates));
                self.ask(Question::Choose { candidates: e.candidates.clone(), written: text.to_owned(), draw }, self.narrator.texts.get("move-choose", Some(&args)))
            }
            Err(e) => {
                let mut out = vec![self.move_error(text, &e)];
                if e.candidates.len() > MOST_READ_OUT {
                    self.dialogue.listing = Some((self.rules.pos.clone(), e.candidates.clone()));
                }
                out.extend(self.ask_again());
                out
            }
        }
    }

    pub(super) fn on_heard(&mut self, now: Duration, heard: String, moves: Vec<Move>, sure: bool) -> Vec<Output> {
        if let Some(o) = self.over() {
            return vec![o];
        }
        let legal = self.rules.pos.legal_moves();
        let moves: Vec<Move> = moves.into_iter().filter(|m| legal.contains(m)).collect();
        let mut args = FluentArgs::new();
        args.set("text", crate::line::quote(&heard));
        args.set("side", self.side_word(self.rules.pos.turn()));
        match moves.as_slice() {
            // Heard as no move: said, and the question asked stands.
            [] => {
                let id = if heard.trim().is_empty() { "heard-no-words" } else { "heard-nothing" };
                let mut out = vec![self.urgent(self.narrator.texts.get(id, Some(&args)))];
                out.extend(self.ask_again());
                out
            }
            // Heard for sure, under `confirm = "echo"`: recorded at once
            // and echoed, so that a "no" undoes it (a neighbour's move
            // heard clearly is still no move of the player's). Under
            // `unsure` a spoken move is read back, sure or not, as under
            // `always`.
            [m] if sure && self.dialogue.echo => {
                self.dialogue.question = None;
                self.propose_as(now, *m, heard, false, false, true)
            }
            [m] => self.confirm_move(*m, heard, false),
            several => {
                let pos = self.rules.pos.clone();
                args.set("choices", self.choices(&pos, several));
                self.ask(Question::Choose { candidates: several.to_vec(), written: heard, draw: false }, self.narrator.texts.get("heard-choose", Some(&args)))
            }
        }
    }

    pub(super) fn on_played(&mut self, now: Duration, m: Move) -> Vec<Output> {
        if let Some(o) = self.over() {
            return vec![o];
        }
        let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        if !self.rules.pos.is_legal(m) {
            let mut args = FluentArgs::new();
            args.set("text", uci);
            args.set("side", self.side_word(self.rules.pos.turn()));
            args.set("count", 0u64);
            args.set("candidates", String::new());
            return vec![self.urgent(self.narrator.texts.get("move-illegal", Some(&args)))];
        }
        self.propose(now, m, uci, true, false)
    }

    /// Reads `m` back for a yes before it is recorded; `draw`: its mover
    /// offers a draw with it.
    fn confirm_move(&mut self, m: Move, written: String, draw: bool) -> Vec<Output> {
        let mut args = FluentArgs::new();
        args.set("side", self.side_word(self.rules.pos.turn()));
        args.set("move", self.move_text(&self.rules.pos, m));
        self.ask(Question::ConfirmMove { mv: m, written, draw }, self.narrator.texts.get(if draw { "move-confirm-offer" } else { "move-confirm" }, Some(&args)))
    }

    /// Reads back the correction of the last move to `m`, a move of
    /// `before` (the position before the last move), for a yes.
    fn confirm_correction(&mut self, before: &Chess, m: Move, written: String) -> Vec<Output> {
        let mut args = FluentArgs::new();
        args.set("side", self.side_word(before.turn()));
        args.set("move", self.move_text(before, m));
        self.ask(Question::ConfirmCorrection { mv: m, written }, self.narrator.texts.get("correct-confirm", Some(&args)))
    }

    /// A move read with certainty (`confirmed` when the player already said
    /// yes to it); `draw`: its mover offers a draw with it, once it is
    /// recorded.
    pub(super) fn propose(&mut self, now: Duration, m: Move, written: String, confirmed: bool, draw: bool) -> Vec<Output> {
        self.propose_as(now, m, written, confirmed, draw, false)
    }

    /// As [`Session::propose`]; with `echo` (a move heard for sure under
    /// `confirm = "echo"`), a move recorded at once is echoed in a few
    /// words, and a `no` undoes it while it may still be corrected.
    fn propose_as(&mut self, now: Duration, m: Move, written: String, confirmed: bool, draw: bool, echo: bool) -> Vec<Output> {
        if let Some(study) = &self.setup.study {
            let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            if study.get(self.rules.plies.len()) != Some(&uci) {
                let mut args = FluentArgs::new();
                args.set("move", self.move_text(&self.rules.pos, m));
                return vec![self.say(self.narrator.texts.get("study-not-this", Some(&args)))];
            }
        }
        if self.setup.confirm_always && !confirmed {
            return self.confirm_move(m, written, draw);
        }
        let mover = self.rules.pos.turn();
        let mut out = self.commit_as(Entry::Move { t: ms(now), uci: uci_of(m), written, echoed: echo }, echo);
        out.extend(self.study_ended());
        if draw && self.rules.ending.is_none() && self.rules.plies.last().is_some_and(|p| p.record.mv == m) {
            out.extend(self.commit(Entry::Offer { t: ms(now), by: mover.into() }));
        }
        out
    }

    /// A command, typed, heard or from another input: the answer to the
    /// question asked, if it is one; else the command itself.
    pub(super) fn on_command(&mut self, now: Duration, c: Command) -> Vec<Output> {
        let mut pending = None;
        if let Some(q) = self.dialogue.question.take() {
            let kept = q.clone();
            if let Some(out) = self.answer(now, q, &c) {
                return out;
            }
            // A query, or an answer that does not fit: answered, and the
            // question stands and is asked again.
            if keeps_question(&c) {
                self.dialogue.question = Some(kept);
                let mut out = match c {
                    // Every yes/no question takes a yes: this one wants the
                    // number of a choice.
                    Command::Yes => vec![self.msg("choice-need-number")],
                    Command::No | Command::Choice(_) => Vec::new(),
                    c => self.on_question_of_fact(now, c),
                };
                // `repeat` says the question itself again.
                if !matches!(out.last(), Some(Output::Repeat | Output::Quit | Output::NewGame)) {
                    out.extend(self.ask_again());
                }
                return out;
            }
            pending = Some(kept);
        }
        let mut out = self.on_command_itself(now, c);
        // A command that changed nothing (refused, or not for now) leaves
        // the question standing: only a move, a new question, a change to
        // the game or `no` replaces it.
        if let Some(kept) = pending
            && self.dialogue.question.is_none()
            && !out.iter().any(|o| matches!(o, Output::Journal(_) | Output::Repeat | Output::Quit | Output::NewGame))
        {
            self.dialogue.question = Some(kept);
            out.extend(self.ask_again());
        }
        out
    }

    /// A command with no question asked (or one it does not answer).
    fn on_command_itself(&mut self, now: Duration, c: Command) -> Vec<Output> {
        if let Some(refused) = self.refused_in_study(&c) {
            return vec![refused];
        }
        match c {
            Command::No if self.dialogue.echoed.is_some() => self.undo_echoed(now),
            Command::Next | Command::Comment | Command::Variations | Command::Back => self.on_study_command(now, c),
            Command::Start | Command::Press | Command::Set { .. } => self.on_clock_command(now, c),
            Command::Draw(_)
            | Command::Accept
            | Command::Decline
            | Command::Claim(_)
            | Command::Resign(_)
            | Command::Correct(_)
            | Command::Takeback
            | Command::Result(_)
            | Command::Flag(_)
            | Command::Sign(_) => self.on_game_command(now, c),
            c => self.on_question_of_fact(now, c),
        }
    }

    /// `c` as the answer to the question `q` (taken from the session);
    /// `None` when it answers nothing and the question is dropped.
    fn answer(&mut self, now: Duration, q: Question, c: &Command) -> Option<Vec<Output>> {
        let t = ms(now);
        Some(match (&q, c) {
            (Question::ConfirmMove { mv, written, draw }, Command::Yes) => self.propose(now, *mv, written.clone(), true, *draw),
            (Question::Choose { candidates, written, draw }, Command::Choice(n)) if (1..=candidates.len()).contains(n) => {
                self.propose(now, candidates[n - 1], written.clone(), false, *draw)
            }
            (Question::ConfirmCorrection { mv, written }, Command::Yes) => self.correct_to(now, *mv, written.clone()),
            (Question::ChooseCorrection { candidates, written }, Command::Choice(n)) if (1..=candidates.len()).contains(n) => {
                self.correct_to(now, candidates[n - 1], written.clone())
            }
            (Question::ConfirmCommand(c), Command::Yes) => self.on_command(now, c.clone()),
            (Question::ConfirmCommand(_), Command::No) => vec![self.msg("heard-command-dropped")],
            (Question::Resign(side), Command::Yes) => self.commit(Entry::Resign { t, side: (*side).into() }),
            (Question::Takeback, Command::Yes) => self.commit(Entry::Takeback { t }),
            (Question::Flag(side), Command::Yes) => self.commit(Entry::Flag { t, side: (*side).into() }),
            (Question::Result(r), Command::Yes) => self.commit(Entry::Result { t, result: *r }),
            (_, Command::No) => vec![self.msg("answer-no")],
            (Question::Choose { .. } | Question::ChooseCorrection { .. }, Command::Choice(_)) => {
                self.dialogue.question = Some(q);
                let mut out = vec![self.msg("choice-out-of-range")];
                out.extend(self.ask_again());
                out
            }
            _ => return None,
        })
    }

    /// What a study has no place for (a clock, an opponent, an arbiter),
    /// said so; `None` for what it has.
    fn refused_in_study(&self, c: &Command) -> Option<Output> {
        self.setup.study.as_ref()?;
        let id = match c {
            Command::Clock => Some("clock"),
            Command::TimeUsed => Some("used"),
            Command::Start => Some("start"),
            Command::Press => Some("press"),
            Command::Set { .. } => Some("set"),
            Command::Flag(_) => Some("flag"),
            Command::Takeback => Some("takeback"),
            Command::Correct(_) => Some("correct"),
            Command::Draw(_) => Some("draw"),
            Command::Accept => Some("accept"),
            Command::Decline => Some("decline"),
            Command::Claim(_) => Some("claim"),
            Command::Resign(_) => Some("resign"),
            Command::Result(_) => Some("result"),
            Command::Sign(_) => Some("sign"),
            _ => None,
        }?;
        let mut args = FluentArgs::new();
        args.set("command", self.narrator.texts.text(&format!("cmd-{id}")).split(',').next().unwrap_or(id).trim().to_owned());
        Some(self.say(self.narrator.texts.get("study-not-here", Some(&args))))
    }

    /// Questions about the game (the clocks, the moves, the board, the
    /// transfers...) and the session's own commands: nothing changes.
    fn on_question_of_fact(&mut self, now: Duration, c: Command) -> Vec<Output> {
        let t = ms(now);
        match c {
            Command::Yes | Command::No | Command::Choice(_) => vec![self.msg("nothing-asked")],
            Command::Help => vec![self.msg("help")],
            Command::Repeat => vec![Output::Repeat],
            // The daemon answers these when the page is on the hall's network.
            Command::Page(_) => vec![self.msg("page-off")],
            Command::Quit => vec![self.msg("quit"), Output::Quit],
            Command::New => match self.rules.ending {
                None => vec![self.msg("new-not-over")],
                Some(_) => vec![Output::NewGame],
            },
            // The two times and the moves completed, nothing more: the
            // Art. 8.4 exemption is said once when it starts to apply
            // (`check_time`), the time used on its own request.
            Command::Clock => vec![self.say(clock_readout(&self.narrator.texts, &self.rules.clocks, now))],
            Command::TimeUsed => vec![self.say(used_readout(&self.narrator.texts, &self.rules.clocks, now))],
            Command::Last => vec![self.last_sentence()],
            Command::Moves => vec![self.moves_sentence()],
            Command::Board => self.board_sentences(),
            Command::Square(sq) => vec![self.square_sentence(sq)],
            Command::Pieces { color, role } => {
                let color = color.map(|w| match w {
                    crate::game::command::Whose::Color(c) => c,
                    crate::game::command::Whose::Mine => self.side,
                    crate::game::command::Whose::Theirs => !self.side,
                });
                vec![self.pieces_sentence(color, role)]
            }
            Command::Rank(rank) => {
                let squares = Square::ALL.into_iter().filter(|sq| sq.rank() == rank);
                vec![self.line_sentence("board-rank", "rank", rank.char().to_string(), squares)]
            }
            Command::File(file) => {
                let squares = Square::ALL.into_iter().filter(|sq| sq.file() == file);
                vec![self.line_sentence("board-file", "file", file.char().to_string(), squares)]
            }
            Command::Legal(of) => self.legal_sentences(of),
            Command::LastMoves(n) => vec![self.last_moves_sentence(n)],
            Command::Transfers => vec![self.transfers_sentence(false)],
            Command::Done(ply) => self.done(t, ply),
            Command::DoneNumber(n) => match self.pending_transfers().get(n - 1) {
                Some(p) => {
                    let ply = p.ply;
                    self.done(t, Some(ply))
                }
                None => {
                    let mut args = FluentArgs::new();
                    args.set("n", n as u64);
                    vec![self.say(self.narrator.texts.get("transfer-no-number", Some(&args))), self.transfers_sentence(false)]
                }
            },
            Command::Touched => vec![match self.dialogue.touched {
                Some((sq, piece)) => {
                    let mut args = FluentArgs::new();
                    args.set("piece", self.piece_words(piece));
                    args.set("square", sq.to_string());
                    self.say(self.narrator.texts.get("touched", Some(&args)))
                }
                None if self.dialogue.sensor => self.msg("touched-none"),
                None => self.msg("touched-no-sensor"),
            }],
            Command::Ply(ply) => vec![self.one_ply_sentence(ply)],
            _ => Vec::new(),
        }
    }

    /// Going through a studied game: the next move, back, its comments and
    /// variations.
    fn on_study_command(&mut self, now: Duration, c: Command) -> Vec<Output> {
        let t = ms(now);
        match c {
            Command::Next => match &self.setup.study {
                None => vec![self.msg("study-only")],
                Some(study) => match study.get(self.rules.plies.len()) {
                    None => vec![self.study_end()],
                    Some(uci) => {
                        let written = uci.clone();
                        let Ok(uci) = UciMove::from_str(uci) else { return vec![self.urgent(format!("{written}: not a move in UCI"))] };
                        let mut out = self.commit(Entry::Move { t, written, uci, echoed: false });
                        out.extend(self.study_ended());
                        out
                    }
                },
            },
            Command::Comment | Command::Variations if self.setup.study.is_none() => vec![self.msg("study-only")],
            Command::Comment => {
                let comments: Vec<String> = self.study_note().map(|n| n.comments.clone()).unwrap_or_default();
                if comments.is_empty() {
                    vec![self.msg("study-no-comment")]
                } else {
                    let mut args = FluentArgs::new();
                    args.set("text", comments.join(" "));
                    vec![self.say(self.narrator.texts.get("study-comment", Some(&args)))]
                }
            }
            Command::Variations => vec![self.variations_sentence()],
            Command::Back => match (&self.setup.study, self.rules.plies.is_empty()) {
                (None, _) => vec![self.msg("study-only")],
                (Some(_), true) => vec![self.msg("study-start")],
                (Some(_), false) => self.commit(Entry::Takeback { t }),
            },
            _ => Vec::new(),
        }
    }

    /// Starting, pressing and setting the clocks.
    fn on_clock_command(&mut self, now: Duration, c: Command) -> Vec<Output> {
        let t = ms(now);
        match c {
            Command::Start => {
                if self.rules.started {
                    vec![self.msg("clock-already-started")]
                } else if let Some(o) = self.over() {
                    vec![o]
                } else {
                    self.commit(Entry::Start { t })
                }
            }
            Command::Press => {
                if (self.rules.plies.is_empty() && self.rules.taken_back_at.is_none()) || self.rules.pressed {
                    vec![self.msg("press-nothing")]
                } else {
                    self.commit(Entry::Press { t })
                }
            }
            Command::Set { white, black } => {
                let mut out = Vec::new();
                for (side, time) in [(Side::White, white), (Side::Black, black)] {
                    if let Some(d) = time {
                        let entry = Entry::SetClock { t, side, ms: ms(d) };
                        if let Ok(facts) = self.apply(&entry) {
                            self.last = now;
                            self.follow(&facts);
                            out.push(Output::Journal(entry));
                            out.extend(self.narrate(&facts));
                        }
                    }
                }
                out.push(self.say(clock_readout(&self.narrator.texts, &self.rules.clocks, now)));
                out
            }
            _ => Vec::new(),
        }
    }

    /// What changes the game's outcome or its moves: draw offers, claims,
    /// resignation, corrections, take-backs, results, flags, signatures.
    fn on_game_command(&mut self, now: Duration, c: Command) -> Vec<Output> {
        let t = ms(now);
        match c {
            // After the end only the signatures, and undoing a move that
            // ended the game by itself (mate, stalemate...), remain.
            _ if self.rules.ending.is_some_and(|e| !e.automatic() || !matches!(c, Command::Takeback | Command::Correct(_)))
                && !matches!(c, Command::Sign(_)) =>
            {
                self.over().into_iter().collect()
            }
            // A draw offered with no side named is the player's: the
            // player is who speaks and types to tiflo (an opponent's offer
            // is told with its side, "draw black").
            Command::Draw(by) => {
                let by = by.unwrap_or(self.side);
                self.commit(Entry::Offer { t, by: by.into() })
            }
            Command::Accept => match self.rules.offer {
                Some(_) => self.commit(Entry::Accept { t }),
                None => vec![self.msg("no-offer")],
            },
            Command::Decline => match self.rules.offer {
                Some(_) => self.commit(Entry::Decline { t }),
                None => vec![self.msg("no-offer")],
            },
            Command::Claim(text) => self.on_claim(now, text),
            Command::Resign(side) => {
                let side = side.unwrap_or(self.side);
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(side));
                self.ask(Question::Resign(side), self.narrator.texts.get("resign-confirm", Some(&args)))
            }
            Command::Correct(text) => self.on_correct(now, &text),
            Command::Takeback => match self.rules.plies.last() {
                None => vec![self.msg("takeback-nothing")],
                Some(p) => {
                    let before = self.position_before_last();
                    let mut args = FluentArgs::new();
                    args.set("move", self.move_text(&before, p.record.mv));
                    self.ask(Question::Takeback, self.narrator.texts.get("takeback-confirm", Some(&args)))
                }
            },
            Command::Result(r) => {
                if r == GameResult::Unknown {
                    vec![self.msg("command-need-result")]
                } else {
                    let mut args = FluentArgs::new();
                    args.set("winner", super::narrate::winner(r));
                    self.ask(Question::Result(r), self.narrator.texts.get("result-confirm", Some(&args)))
                }
            }
            Command::Flag(side) => {
                let side = side.unwrap_or(self.rules.pos.turn());
                let mut args = FluentArgs::new();
                args.set("side", self.side_word(side));
                if !self.setup.mirror && !self.rules.clocks.remaining(side, now).is_zero() {
                    // tiflo is the clock: its flags fall by themselves.
                    vec![self.say(self.narrator.texts.get("flag-own-clock", Some(&args)))]
                } else {
                    self.ask(Question::Flag(side), self.narrator.texts.get("flag-confirm", Some(&args)))
                }
            }
            Command::Sign(side) => {
                let side = side.unwrap_or(self.side);
                if self.rules.ending.is_none() {
                    vec![self.msg("sign-not-over")]
                } else if self.rules.signed[side] {
                    let mut args = FluentArgs::new();
                    args.set("side", self.side_word(side));
                    vec![self.say(self.narrator.texts.get("sign-already", Some(&args)))]
                } else {
                    self.commit(Entry::Sign { t, side: side.into() })
                }
            }
            _ => Vec::new(),
        }
    }

    pub(super) fn on_claim(&mut self, now: Duration, text: Option<String>) -> Vec<Output> {
        let t = ms(now);
        let valid = |pos: &Chess, reps: usize| {
            if reps >= 3 {
                Some(ClaimKind::Threefold)
            } else if pos.halfmoves() >= 100 {
                Some(ClaimKind::FiftyMoves)
            } else {
                None
            }
        };
        // A claim that already holds holds whatever move is named with it.
        if let Some(claim) = valid(&self.rules.pos, self.repetitions()) {
            return self.commit(Entry::Claim { t, claim, uci: None, written: String::new() });
        }
        let by = self.rules.pos.turn();
        match text {
            None => self.commit(Entry::ClaimRejected { t, by: by.into() }),
            Some(text) => {
                let m = match self.read_move(&text) {
                    Ok(m) => m,
                    Err(e) => return vec![self.move_error(&text, &e)],
                };
                let mut after = self.rules.pos.clone();
                after.play_unchecked(m);
                let h = hash(&after);
                let window = after.halfmoves() as usize;
                let reps = 1 + self.rules.hashes.iter().rev().take(window).filter(|x| **x == h).count();
                let uci = uci_of(m);
                match valid(&after, reps) {
                    Some(claim) => self.commit(Entry::Claim { t, claim, uci: Some(uci), written: text }),
                    None => {
                        // Article 9.5: the opponent gets two minutes and the
                        // intended move of a wrong claim must be played.
                        let mut out = self.commit(Entry::ClaimRejected { t, by: by.into() });
                        out.push(self.msg("claim-move-stands"));
                        out.extend(self.commit(Entry::Move { t, uci, written: text, echoed: false }));
                        out
                    }
                }
            }
        }
    }

    /// The position before the last move if it may be corrected now, or
    /// what to say instead. `in_time`: the correction time counts (a read
    /// back asked in time may be answered after it).
    pub(super) fn correction_window(&self, now: Duration, in_time: bool) -> Result<Chess, Vec<Output>> {
        if self.rules.plies.is_empty() {
            return Err(vec![self.msg("correct-nothing")]);
        }
        if self.rules.ending.is_some_and(|e| !e.automatic()) {
            return Err(self.over().into_iter().collect());
        }
        // An engine's move is no slip of the tongue: only the player's own
        // announced moves are corrected (Supplement 3, 3.b).
        if self.setup.engine && self.mover(self.rules.plies.len() - 1) != self.side {
            return Err(vec![self.msg("correct-engine")]);
        }
        if self.correction_over(now, in_time) {
            return Err(vec![self.msg("correct-too-late")]);
        }
        Ok(self.position_before_last())
    }

    /// Whether the last move may no longer be corrected at `now`: the
    /// opponent's clock start was reported, or (`in_time`) the correction
    /// time has passed.
    fn correction_over(&self, now: Duration, in_time: bool) -> bool {
        let Some(last) = self.rules.plies.last() else { return true };
        let deadline = last.at + Duration::from_millis(self.setup.correction_ms);
        self.rules.pressed || (in_time && now > deadline)
    }

    /// `no` with no question standing, under `confirm = "echo"`: the move
    /// just echoed is taken back while it may still be corrected (a slip
    /// of the tongue, or a mishearing); after that it stands, and that is
    /// said. With no move echoed there is nothing to answer.
    fn undo_echoed(&mut self, now: Duration) -> Vec<Output> {
        let Some(ply) = self.dialogue.echoed.filter(|p| p + 1 == self.rules.plies.len()) else {
            self.dialogue.echoed = None;
            return vec![self.msg("nothing-asked")];
        };
        match self.correction_window(now, true) {
            Ok(_) => self.commit_as(Entry::Takeback { t: ms(now) }, true),
            Err(_) if self.correction_over(now, true) => {
                let before = self.position_before_last();
                let mut args = FluentArgs::new();
                args.set("move", self.move_text(&before, self.rules.plies[ply].record.mv));
                vec![self.say(self.narrator.texts.get("echo-too-late", Some(&args)))]
            }
            Err(out) => out,
        }
    }

    pub(super) fn on_correct(&mut self, now: Duration, text: &str) -> Vec<Output> {
        let before = match self.correction_window(now, true) {
            Ok(before) => before,
            Err(out) => return out,
        };
        let saved = std::mem::replace(&mut self.rules.pos, before);
        let read = self.read_any(text);
        let out = match &read {
            Err(e) => Some(self.move_error(text, e)),
            // Another language's letters: asked before it is recorded.
            Ok(Reading { mv, foreign: true }) => {
                let mut args = FluentArgs::new();
                args.set("text", text.to_owned());
                args.set("side", self.side_word(self.rules.pos.turn()));
                args.set("move", self.move_text(&self.rules.pos, *mv));
                Some(self.say(self.narrator.texts.get("move-foreign-confirm", Some(&args))))
            }
            Ok(_) => None,
        };
        self.rules.pos = saved;
        match (read, out) {
            (Ok(Reading { mv, foreign: false }), _) => self.correct_to(now, mv, text.to_owned()),
            (Ok(Reading { mv, foreign: true }), Some(Output::Say { text: asked, .. })) => {
                self.ask(Question::ConfirmCorrection { mv, written: text.to_owned() }, asked)
            }
            (_, out) => out.into_iter().collect(),
        }
    }

    /// Records the correction of the last move to `m` (legal before it),
    /// unless the time for it has passed or it is the move recorded.
    pub(super) fn correct_to(&mut self, now: Duration, m: Move, written: String) -> Vec<Output> {
        if let Err(out) = self.correction_window(now, false) {
            return out;
        }
        if self.rules.plies.last().is_some_and(|p| p.record.mv == m) {
            return vec![self.msg("correct-same")];
        }
        self.commit(Entry::Correct { t: ms(now), uci: uci_of(m), written })
    }

    /// A correction heard by voice: read back (one move) or offered by
    /// number (several), never recorded without the player's answer.
    pub(super) fn on_heard_correction(&mut self, now: Duration, heard: String, moves: Vec<Move>) -> Vec<Output> {
        self.dialogue.question = None;
        let before = match self.correction_window(now, true) {
            Ok(before) => before,
            Err(out) => return out,
        };
        let old = self.rules.plies.last().map(|p| p.record.mv);
        let legal = before.legal_moves();
        // Heard as the move recorded and nothing else: said so.
        let same = matches!((old, moves.as_slice()), (Some(o), [m]) if *m == o);
        let moves: Vec<Move> = moves.into_iter().filter(|m| legal.contains(m) && Some(*m) != old).collect();
        let mut args = FluentArgs::new();
        args.set("text", crate::line::quote(&heard));
        args.set("side", self.side_word(before.turn()));
        match moves.as_slice() {
            [] if same => vec![self.msg("correct-same")],
            [] => vec![self.urgent(self.narrator.texts.get("heard-nothing", Some(&args)))],
            [m] => self.confirm_correction(&before, *m, heard),
            several => {
                args.set("choices", self.choices(&before, several));
                self.ask(Question::ChooseCorrection { candidates: several.to_vec(), written: heard }, self.narrator.texts.get("correct-choose", Some(&args)))
            }
        }
    }

    /// A reminder of the pending transfers, when one is due.
    pub(super) fn remind(&mut self, now: Duration) -> Vec<Output> {
        let pending = self.pending_transfers();
        if pending.is_empty() || self.dialogue.reminder.due(now, &pending).is_empty() {
            return Vec::new();
        }
        vec![self.transfers_sentence(true)]
    }

    /// A transfer done: of `ply`, or the oldest pending to the player's
    /// board, or else the oldest pending.
    pub(super) fn done(&mut self, t: u64, ply: Option<usize>) -> Vec<Output> {
        let pending = self.pending_transfers();
        let found = match ply {
            Some(n) => pending.iter().find(|p| p.ply == n),
            // The player's own board first: that is what the player did.
            None => pending.iter().find(|p| p.to == To::SpecialBoard).or(pending.first()),
        };
        match found {
            Some(p) => self.commit(Entry::Transferred { t, ply: p.ply }),
            None => vec![self.msg("transfers-none")],
        }
    }

    /// An electronic tournament board settled showing `board`.
    pub(super) fn board_seen(&mut self, now: Duration, board: &Board) -> Vec<Output> {
        let tournament = self.tournament_position();
        if board == tournament.board() {
            return Vec::new();
        }
        if let Some(ply) = self.last_pending_on_tournament_board() {
            if board == self.rules.pos.board() {
                // The player's move made there: that transfer is done.
                return self.commit(Entry::Transferred { t: ms(now), ply });
            }
        }
        // With the player's move pending there, the assistant may be making
        // it: the fewer steps, to the game or to the board before the move.
        let mut fixes = transfer::fixes(board, tournament.board());
        if self.last_pending_on_tournament_board().is_some() {
            let to_game = transfer::fixes(board, self.rules.pos.board());
            if to_game.len() <= fixes.len() {
                fixes = to_game;
            }
        }
        let steps: Vec<String> = fixes.iter().map(|f| self.fix_words(f)).collect();
        // The steps are one sentence of instructions: it begins with a
        // capital letter.
        let steps = capitalised(&steps.join(&self.narrator.texts.text("fix-separator")));
        let mut args = FluentArgs::new();
        args.set("steps", steps);
        vec![self.say(self.narrator.texts.get("fix-board", Some(&args)))]
    }

    /// A command heard by voice: an answer (yes, no, a number) counts only
    /// within the answer window after the question was last said; one that
    /// changes the game (a draw offer, accepting or declining one, a claim,
    /// the clocks' start, the opponent's clock start, a signature, a new
    /// game) is read back for a yes first; any other acts as if typed.
    pub(super) fn on_said(&mut self, now: Duration, line: String, command: Command) -> Vec<Output> {
        match command {
            // An answer heard long after the question is no answer to it:
            // dropped, said so, and the question asked again.
            Command::Yes | Command::No | Command::Choice(_) if self.answer_late(now) => {
                let mut out = vec![self.msg("answer-late")];
                out.extend(self.ask_again());
                out
            }
            // A number said aloud picks a candidate, which is read back for
            // a yes before it is recorded: in a hall's noise a number is
            // misheard as another (docs/benchmarks.md, "A choice heard as
            // its numbers"), and would record another candidate. A number
            // typed is taken at once.
            Command::Choice(n) => match self.dialogue.question.clone() {
                Some(Question::Choose { candidates, written, draw }) if (1..=candidates.len()).contains(&n) => {
                    self.confirm_move(candidates[n - 1], written, draw)
                }
                Some(Question::ChooseCorrection { candidates, written }) if (1..=candidates.len()).contains(&n) => {
                    let before = self.position_before_last();
                    self.confirm_correction(&before, candidates[n - 1], written)
                }
                _ => self.on_command(now, command),
            },
            c @ (Command::Draw(_)
            | Command::Accept
            | Command::Decline
            | Command::Claim(_)
            | Command::Start
            | Command::Press
            | Command::Sign(_)
            | Command::New) => {
                if let Some(o) = self.over() {
                    return vec![o];
                }
                let mut args = FluentArgs::new();
                args.set("command", crate::line::quote(&line));
                self.ask(Question::ConfirmCommand(c), self.narrator.texts.get("heard-command-confirm", Some(&args)))
            }
            c => self.on_command(now, c),
        }
    }

    /// A line typed (or recognised): a command, or a move in any notation.
    pub(super) fn on_line(&mut self, now: Duration, line: &str) -> Vec<Output> {
        match self.dialogue.words.parse(line) {
            Parsed::Empty => Vec::new(),
            Parsed::Command(c) => self.on_command(now, c),
            Parsed::Error { command, error } => {
                let mut args = FluentArgs::new();
                args.set("command", self.narrator.texts.text(&format!("cmd-{command}")).split(',').next().unwrap_or(command).trim().to_owned());
                let mut out = vec![self.say(self.narrator.texts.get(error.message(), Some(&args)))];
                out.extend(self.ask_again());
                out
            }
            Parsed::Move(text) if self.is_list_word(&text) => self.list_answer(),
            // "Cf3 tablas", "e4 (=)": the move, and a draw offered with it
            // (Article 9.1.b).
            Parsed::Move(text) => match self.dialogue.words.move_with_offer(&text) {
                Some(mv) => self.on_move_text(now, mv, true),
                None => self.on_move_text(now, &text, false),
            },
        }
    }
}

/// The most candidates read out unasked; more are counted, and read on
/// `list`.
pub(super) const MOST_READ_OUT: usize = 4;

/// Whether a command leaves the question asked standing: the queries
/// (nothing in the game changes), and the answers that do not fit it.
fn keeps_question(c: &Command) -> bool {
    matches!(
        c,
        Command::Yes
            | Command::No
            | Command::Choice(_)
            | Command::Help
            | Command::Repeat
            | Command::Page(_)
            | Command::Clock
            | Command::TimeUsed
            | Command::Last
            | Command::Moves
            | Command::Board
            | Command::Square(_)
            | Command::Pieces { .. }
            | Command::Rank(_)
            | Command::File(_)
            | Command::Legal(_)
            | Command::LastMoves(_)
            | Command::Transfers
            | Command::Done(_)
            | Command::DoneNumber(_)
            | Command::Touched
            | Command::Ply(_)
            | Command::Quit
    )
}
