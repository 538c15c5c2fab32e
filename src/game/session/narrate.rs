//! The narration: every sentence the session says, built from the player's
//! Fluent pack (moves, the board, the clocks, the scoresheet, transfers,
//! the end of the game). Nothing here changes the game.

use super::*;

/// The narrator: the player's pack and the words moves are announced in.
pub(super) struct Narrator {
    pub(super) texts: Texts,
    pub(super) announcer: Announcer,
    /// The mirror-mode notice of tiflo's estimate running out was said.
    pub(super) estimate_said: bool,
    /// The Art. 8.4 exemption of each side (white, black) was said in its
    /// present stretch under five minutes.
    pub(super) exempt_said: [bool; 2],
}

impl Session {
    /// The words for what an entry did, in order.
    pub(super) fn narrate(&mut self, facts: &[Fact]) -> Vec<Output> {
        let mut out = Vec::new();
        for fact in facts {
            let mut args = FluentArgs::new();
            let side = |s: &Self, args: &mut FluentArgs, c: Color| args.set("side", s.side_word(c));
            match fact {
                Fact::Transferred { ply } => {
                    let before = self.position_before(*ply);
                    args.set("move", self.ply_sentence(*ply, &before));
                    let id = match transfer::direction(self.setup.transfers, self.side, before.turn()) {
                        Some(To::TournamentBoard) => "transfer-done-tournament",
                        _ => "transfer-done-special",
                    };
                    out.push(self.say(self.narrator.texts.get(id, Some(&args))));
                }
                Fact::ClockStarted(c) => {
                    side(self, &mut args, *c);
                    out.push(self.say(self.narrator.texts.get("clock-started", Some(&args))));
                }
                Fact::EstimateOut(c) => {
                    side(self, &mut args, *c);
                    out.push(self.urgent(self.narrator.texts.get("flag-estimate", Some(&args))));
                }
                Fact::LowTime { side: c, left } => {
                    side(self, &mut args, *c);
                    args.set("time", duration_words(&self.narrator.texts, *left));
                    out.push(self.urgent(self.narrator.texts.get("low-time", Some(&args))));
                }
                // Not said: it becomes a flag entry, said as the end.
                Fact::FlagDown(_) => {}
                Fact::OfferLapsed => out.push(self.msg("draw-lapsed")),
                Fact::Played { ply, before } => out.push(self.say(self.ply_sentence(*ply, before))),
                Fact::Claimable { side: c, claim } => {
                    side(self, &mut args, *c);
                    let id = match claim {
                        ClaimKind::Threefold => "claimable-threefold",
                        ClaimKind::FiftyMoves => "claimable-fifty",
                    };
                    out.push(self.say(self.narrator.texts.get(id, Some(&args))));
                }
                Fact::Corrected { before, old, new } => {
                    args.set("old", self.move_text(before, *old));
                    args.set("new", self.move_text(before, *new));
                    out.push(self.say(self.narrator.texts.get("corrected", Some(&args))));
                }
                Fact::TakenBack { before, mv } => {
                    args.set("move", self.move_text(before, *mv));
                    let id = if self.setup.study.is_some() { "study-back" } else { "taken-back" };
                    out.push(self.say(self.narrator.texts.get(id, Some(&args))));
                    out.push(self.say(self.to_move_sentence()));
                }
                Fact::Pressed(c) => {
                    side(self, &mut args, *c);
                    out.push(self.say(self.narrator.texts.get("pressed", Some(&args))));
                }
                Fact::Offered(c) => {
                    side(self, &mut args, *c);
                    out.push(self.say(self.narrator.texts.get("draw-offered", Some(&args))));
                }
                // The ending says it: "Draw agreed: half a point each", once.
                Fact::Accepted => {}
                Fact::Exemption { side: c, applies } => {
                    if *applies {
                        side(self, &mut args, *c);
                        out.push(self.say(self.narrator.texts.get("exempt", Some(&args))));
                    }
                }
                Fact::Declined => out.push(self.msg("draw-declined")),
                Fact::ClaimRejected { credited } => {
                    side(self, &mut args, *credited);
                    out.push(self.say(self.narrator.texts.get("claim-invalid", Some(&args))));
                }
                Fact::Ended(e) => {
                    let text = self.ending_sentence(*e);
                    out.push(if matches!(e, Ending::Flag(_) | Ending::FlagDraw(_)) { self.urgent(text) } else { self.say(text) });
                }
                Fact::Signed(c) => {
                    side(self, &mut args, *c);
                    args.set("winner", winner(self.rules.ending.map_or(GameResult::Unknown, |e| e.result(self.rules.pos.turn()))));
                    out.push(self.say(self.narrator.texts.get("signed", Some(&args))));
                }
                // A clock set from the physical one: said by who set it;
                // tiflo's estimate may run out again, and is said again.
                Fact::ClockSet => self.narrator.estimate_said = false,
            }
        }
        out
    }

    pub(super) fn say(&self, text: String) -> Output {
        Output::Say { text, urgent: false }
    }

    pub(super) fn urgent(&self, text: String) -> Output {
        Output::Say { text, urgent: true }
    }

    pub(super) fn msg(&self, id: &str) -> Output {
        self.say(self.narrator.texts.text(id))
    }

    pub(super) fn side_word(&self, c: Color) -> String {
        self.narrator.texts.text(if c == Color::White { "side-white" } else { "side-black" })
    }

    /// The move in words, as the player announces it.
    pub(super) fn move_text(&self, before: &Chess, m: Move) -> String {
        let mut after = before.clone();
        after.play_unchecked(m);
        self.narrator.announcer.phrase(before, m, &after)
    }

    pub(super) fn list(&self, items: impl IntoIterator<Item = String>) -> String {
        let sep = self.narrator.texts.text("list-separator");
        items.into_iter().collect::<Vec<_>>().join(&sep)
    }

    /// Where a resumed game stands, in few words: the last move of each
    /// side and a draw offer still awaiting its answer.
    pub(super) fn resume_summary(&self) -> Vec<Output> {
        let mut out = Vec::new();
        let len = self.rules.plies.len();
        if len > 0 {
            let mut args = FluentArgs::new();
            let from = len.saturating_sub(2);
            let plies = (from..len).map(|ply| self.ply_sentence(ply, &self.position_before(ply)));
            args.set("moves", self.list(plies));
            out.push(self.say(self.narrator.texts.get("resume-last-moves", Some(&args))));
        }
        if let Some(by) = self.rules.offer.filter(|_| self.rules.ending.is_none()) {
            let mut args = FluentArgs::new();
            args.set("side", self.side_word(by));
            out.push(self.say(self.narrator.texts.get("resume-offer", Some(&args))));
        }
        out
    }

    /// The candidates, moves in `pos`, said with their numbers.
    pub(super) fn numbered_in(&self, pos: &Chess, candidates: &[Move]) -> String {
        self.list(candidates.iter().enumerate().map(|(i, m)| {
            let mut args = FluentArgs::new();
            args.set("n", (i + 1) as u64);
            args.set("move", self.move_text(pos, *m));
            self.narrator.texts.get("choice-item", Some(&args))
        }))
    }

    /// A line longer than tiflo reads: refused in words, nothing done.
    pub(super) fn too_long(&self) -> Output {
        let mut args = FluentArgs::new();
        args.set("most", crate::line::MAX_LINE_CHARS as u64);
        self.urgent(self.narrator.texts.get("line-too-long", Some(&args)))
    }

    pub(super) fn move_error(&self, text: &str, e: &MoveError) -> Output {
        let id = match e.kind {
            MoveErrorKind::Syntax(_) => "move-unreadable",
            MoveErrorKind::NoLegalMove => "move-illegal",
            MoveErrorKind::Ambiguous => "move-ambiguous",
            MoveErrorKind::PromotionPieceMissing => "move-promotion-missing",
            MoveErrorKind::CaptureMarkOnQuietMove => "move-not-capture",
            MoveErrorKind::EnPassantMarkOnOtherMove => "move-not-en-passant",
            MoveErrorKind::PromotionMarkOnOtherMove => "move-not-promotion",
            MoveErrorKind::OtherPromotion => "move-other-promotion",
        };
        let mut args = FluentArgs::new();
        args.set("text", crate::line::quote(text));
        args.set("side", self.side_word(self.rules.pos.turn()));
        args.set("count", e.candidates.len() as u64);
        // The usual promotion first: the queen, then rook, bishop, knight.
        let mut candidates = e.candidates.clone();
        candidates.sort_by_key(|m| match m.promotion() {
            Some(Role::Queen) => 0,
            Some(Role::Rook) => 1,
            Some(Role::Bishop) => 2,
            Some(Role::Knight) => 3,
            _ => 4,
        });
        // Too many to read out: how many, read on `list`.
        let candidates = if candidates.len() > dialogue::MOST_READ_OUT {
            let mut many = FluentArgs::new();
            many.set("count", candidates.len() as u64);
            self.narrator.texts.get("choices-many", Some(&many))
        } else {
            self.list(candidates.iter().map(|m| self.move_text(&self.rules.pos, *m)))
        };
        args.set("candidates", candidates);
        // Urgent: the player must hear at once that nothing was recorded.
        self.urgent(self.narrator.texts.get(id, Some(&args)))
    }

    pub(super) fn over(&self) -> Option<Output> {
        let e = self.rules.ending?;
        let mut args = FluentArgs::new();
        args.set("winner", winner(e.result(self.rules.pos.turn())));
        Some(self.say(self.narrator.texts.get("game-over", Some(&args))))
    }

    /// The variations that replace the last move played, as the
    /// scoresheet reads them ("Instead of 1... e5: 1... c5, 2. Nf3").
    pub(super) fn variations_sentence(&self) -> Output {
        let lines = self.study_note().map(|n| n.variations.clone()).unwrap_or_default();
        let Some(ply) = self.rules.plies.len().checked_sub(1).filter(|_| !lines.is_empty()) else {
            return self.msg("study-no-variations");
        };
        let before = self.position_before(ply);
        let said: Vec<String> = lines
            .iter()
            .map(|line| {
                let mut pos = before.clone();
                let mut items = Vec::new();
                for (i, uci) in line.iter().enumerate() {
                    let Ok(m) = parse_uci(&pos, uci) else { break };
                    let (number, side) = move_number(&self.rules.start, ply + i);
                    let mut args = FluentArgs::new();
                    args.set("number", u64::from(number));
                    args.set("move", self.move_text(&pos, m));
                    args.set("offer", "no");
                    let id = match side {
                        Color::Black if i == 0 => "sheet-black-first",
                        Color::Black => "sheet-black",
                        Color::White => "sheet-white",
                    };
                    items.push(self.narrator.texts.get(id, Some(&args)));
                    pos.play_unchecked(m);
                }
                self.list(items)
            })
            .collect();
        let mut args = FluentArgs::new();
        args.set("move", self.move_text(&before, self.rules.plies[ply].record.mv));
        args.set("lines", said.join(&self.narrator.texts.text("study-line-separator")));
        args.set("count", said.len() as u64);
        self.say(self.narrator.texts.get("study-variations", Some(&args)))
    }

    /// The end of the studied game, with its result when the game gives one.
    pub(super) fn study_end(&self) -> Output {
        let winner = match self.setup.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("Result")).map(|(_, v)| v.as_str()) {
            Some("1-0") => "white",
            Some("0-1") => "black",
            Some("1/2-1/2") => "none",
            _ => return self.msg("study-end"),
        };
        let mut args = FluentArgs::new();
        args.set("winner", winner);
        self.say(self.narrator.texts.get("study-end-result", Some(&args)))
    }

    /// The end of the studied game, said once its last move is played.
    pub(super) fn study_ended(&self) -> Option<Output> {
        let study = self.setup.study.as_ref()?;
        (self.rules.plies.len() == study.len() && !study.is_empty()).then(|| self.study_end())
    }

    pub(super) fn ending_sentence(&self, e: Ending) -> String {
        let (id, side) = match e {
            Ending::Checkmate => ("end-checkmate", None),
            Ending::Stalemate => ("end-stalemate", None),
            Ending::InsufficientMaterial => ("end-insufficient", None),
            Ending::Fivefold => ("end-fivefold", None),
            Ending::SeventyFiveMoves => ("end-seventy-five", None),
            Ending::Claimed(ClaimKind::Threefold) => ("end-claim-threefold", None),
            Ending::Claimed(ClaimKind::FiftyMoves) => ("end-claim-fifty", None),
            Ending::Resigned(c) => ("end-resigned", Some(c)),
            Ending::Flag(c) => ("end-flag", Some(c)),
            Ending::FlagDraw(c) => ("end-flag-draw", Some(c)),
            Ending::Agreed => ("end-agreed", None),
            Ending::Declared(_) => ("end-declared", None),
        };
        let mut args = FluentArgs::new();
        if let Some(c) = side {
            args.set("side", self.side_word(c));
            args.set("other", self.side_word(c.other()));
        }
        args.set("winner", winner(e.result(self.rules.pos.turn())));
        self.narrator.texts.get(id, Some(&args))
    }

    /// The words for what an entry of `confirm = "echo"` did: a move heard
    /// for sure said back in a few words ("caballo f3"), or its undoing and
    /// who is to move; anything else as [`Session::narrate`] says it.
    pub(super) fn narrate_echoed(&mut self, facts: &[Fact]) -> Vec<Output> {
        let mut out = Vec::new();
        for fact in facts {
            let mut args = FluentArgs::new();
            match fact {
                Fact::Played { ply, before } => {
                    args.set("move", self.move_text(before, self.rules.plies[*ply].record.mv));
                    args.set("side", self.side_word(before.turn()));
                    out.push(self.say(self.narrator.texts.get("move-echo", Some(&args))));
                }
                Fact::TakenBack { before, mv } => {
                    args.set("move", self.move_text(before, *mv));
                    out.push(self.say(self.narrator.texts.get("move-undone", Some(&args))));
                    out.push(self.say(self.to_move_sentence()));
                }
                fact => out.extend(self.narrate(std::slice::from_ref(fact))),
            }
        }
        out
    }

    /// "12. White: Nf3+".
    pub(super) fn ply_sentence(&self, ply: usize, before: &Chess) -> String {
        let (n, side) = move_number(&self.rules.start, ply);
        let mut args = FluentArgs::new();
        args.set("number", u64::from(n));
        args.set("side", self.side_word(side));
        args.set("move", self.move_text(before, self.rules.plies[ply].record.mv));
        self.narrator.texts.get("move-said", Some(&args))
    }

    pub(super) fn to_move_sentence(&self) -> String {
        let mut args = FluentArgs::new();
        args.set("side", self.side_word(self.rules.pos.turn()));
        args.set("number", u64::from(self.rules.pos.fullmoves().get()));
        self.narrator.texts.get("to-move", Some(&args))
    }

    pub(super) fn last_sentence(&self) -> Output {
        if self.rules.plies.is_empty() {
            return self.msg("no-moves");
        }
        let before = self.position_before_last();
        let mut args = FluentArgs::new();
        args.set("move", self.ply_sentence(self.rules.plies.len() - 1, &before));
        self.say(self.narrator.texts.get("last-move", Some(&args)))
    }

    pub(super) fn moves_sentence(&self) -> Output {
        if self.rules.plies.is_empty() {
            return self.msg("no-moves");
        }
        let mut args = FluentArgs::new();
        args.set("moves", self.list(self.sheet_items(0)));
        self.say(self.narrator.texts.get("sheet", Some(&args)))
    }

    /// The plies from `from` on as the scoresheet reads them: "12. e4, e5"
    /// ("12... e5" when the first is Black's).
    pub(super) fn sheet_items(&self, from: usize) -> Vec<String> {
        let mut pos = self.rules.start.clone();
        let mut items = Vec::new();
        for (ply, p) in self.rules.plies.iter().enumerate() {
            if ply >= from {
                let (n, side) = move_number(&self.rules.start, ply);
                let mut args = FluentArgs::new();
                args.set("number", u64::from(n));
                args.set("move", self.move_text(&pos, p.record.mv));
                args.set("offer", if p.record.draw_offer { "yes" } else { "no" });
                let id = match side {
                    Color::Black if ply == from => "sheet-black-first",
                    Color::Black => "sheet-black",
                    Color::White => "sheet-white",
                };
                items.push(self.narrator.texts.get(id, Some(&args)));
            }
            pos.play_unchecked(p.record.mv);
        }
        items
    }

    /// The position before `ply` (the game's position past the end).
    /// A ply as tiflo announces it ("1. White: knight f3"), for another
    /// output (the page says it aloud); none past the end.
    pub(crate) fn ply_words(&self, ply: usize) -> Option<String> {
        (ply < self.rules.plies.len()).then(|| self.ply_sentence(ply, &self.position_before(ply)))
    }

    /// "Transfers pending: ..." (or that none is), as a reminder or on
    /// request.
    pub(super) fn transfers_sentence(&self, reminder: bool) -> Output {
        let pending = self.pending_transfers();
        if pending.is_empty() {
            return self.msg("transfers-none");
        }
        let mut items: Vec<String> = pending.iter().map(|p| self.pending_words(p)).collect();
        // Numbered when there are several, for `done 2`.
        if items.len() > 1 {
            items = items
                .into_iter()
                .enumerate()
                .map(|(i, item)| {
                    let mut args = FluentArgs::new();
                    args.set("n", (i + 1) as u64);
                    args.set("item", item);
                    self.narrator.texts.get("transfer-numbered", Some(&args))
                })
                .collect();
        }
        let mut args = FluentArgs::new();
        args.set("list", self.list(items));
        self.say(self.narrator.texts.get(if reminder { "transfer-reminder" } else { "transfers-pending" }, Some(&args)))
    }

    pub(super) fn pending_words(&self, p: &Pending) -> String {
        let mut args = FluentArgs::new();
        args.set("move", self.ply_sentence(p.ply, &self.position_before(p.ply)));
        let id = if p.to == To::TournamentBoard { "transfer-tournament" } else { "transfer-special" };
        self.narrator.texts.get(id, Some(&args))
    }

    /// One step of fixing a board, as an instruction ("quita el caballo
    /// blanco de h3 y ponlo en f3").
    pub(super) fn fix_words(&self, f: &Fix) -> String {
        let (id, piece) = match *f {
            Fix::Move { piece, .. } => ("fix-move", piece),
            Fix::Remove { piece, .. } => ("fix-remove", piece),
            Fix::Put { piece, .. } => ("fix-put", piece),
        };
        let mut args = FluentArgs::new();
        args.set("color", if piece.color == Color::White { "white" } else { "black" });
        args.set("role", role_name(piece.role));
        args.set("piece", self.narrator.texts.get("fix-piece", Some(&args)));
        match *f {
            Fix::Move { from, to, .. } => {
                args.set("from", from.to_string());
                args.set("to", to.to_string());
            }
            Fix::Remove { from, .. } => args.set("from", from.to_string()),
            Fix::Put { on, .. } => args.set("on", on.to_string()),
        }
        self.narrator.texts.get(id, Some(&args))
    }

    /// One ply of the scoresheet, "12. White: Nf3+"; with no such ply, that
    /// there are no moves (or the last one, when past the end).
    pub(super) fn one_ply_sentence(&self, ply: usize) -> Output {
        if ply >= self.rules.plies.len() {
            return self.last_sentence();
        }
        let before = self.position_before(ply);
        self.say(self.ply_sentence(ply, &before))
    }

    /// The last `n` plies in scoresheet order; all of them, said as such,
    /// when the game has fewer.
    pub(super) fn last_moves_sentence(&self, n: usize) -> Output {
        let len = self.rules.plies.len();
        if len == 0 {
            return self.msg("no-moves");
        }
        let mut args = FluentArgs::new();
        args.set("count", n.min(len) as u64);
        args.set("moves", self.list(self.sheet_items(len.saturating_sub(n))));
        self.say(self.narrator.texts.get(if n > len { "last-moves-all" } else { "last-moves" }, Some(&args)))
    }

    pub(super) fn piece_words(&self, p: Piece) -> String {
        let mut args = FluentArgs::new();
        args.set("color", if p.color == Color::White { "white" } else { "black" });
        args.set("role", role_name(p.role));
        self.narrator.texts.get("piece", Some(&args))
    }

    pub(super) fn board_sentences(&self) -> Vec<Output> {
        let mut out: Vec<Output> = Rank::ALL
            .iter()
            .rev()
            .map(|rank| {
                let squares = shakmaty::File::ALL.iter().map(|f| Square::from_coords(*f, *rank));
                self.line_sentence("board-rank", "rank", rank.char().to_string(), squares)
            })
            .collect();
        out.push(self.say(self.to_move_sentence()));
        out
    }

    /// What stands on `squares` (a rank or a file, in order), as message
    /// `id` with the line's name in argument `name` ("Rank 4: ...").
    pub(super) fn line_sentence(&self, id: &str, name: &str, value: String, squares: impl Iterator<Item = Square>) -> Output {
        let board = self.rules.pos.board();
        let items: Vec<String> = squares.filter_map(|sq| board.piece_at(sq).map(|p| self.piece_on(p, sq))).collect();
        let mut args = FluentArgs::new();
        args.set(name, value);
        args.set("count", items.len() as u64);
        args.set("pieces", self.list(items));
        self.say(self.narrator.texts.get(id, Some(&args)))
    }

    /// The legal moves of the piece on a square, or of each piece of a kind
    /// of the side to move: one sentence per piece, each move as the
    /// announcer says it.
    pub(super) fn legal_sentences(&self, of: LegalOf) -> Vec<Output> {
        if self.rules.ending.is_some() {
            return vec![self.msg("legal-over")];
        }
        let board = self.rules.pos.board();
        let turn = self.rules.pos.turn();
        let squares: Vec<Square> = match of {
            LegalOf::Square(sq) => match board.piece_at(sq) {
                None => return vec![self.square_sentence(sq)],
                Some(p) if p.color != turn => {
                    let mut args = FluentArgs::new();
                    args.set("square", sq.to_string());
                    args.set("piece", self.piece_words(p));
                    args.set("side", self.side_word(turn));
                    return vec![self.say(self.narrator.texts.get("legal-other-side", Some(&args)))];
                }
                Some(_) => vec![sq],
            },
            LegalOf::Role(role) => {
                let squares: Vec<Square> = (board.by_color(turn) & board.by_role(role)).into_iter().collect();
                if squares.is_empty() {
                    let mut args = FluentArgs::new();
                    args.set("piece", self.piece_words(Piece { color: turn, role }));
                    return vec![self.say(self.narrator.texts.get("legal-no-piece", Some(&args)))];
                }
                squares
            }
        };
        let legal = self.rules.pos.legal_moves();
        squares
            .into_iter()
            .filter_map(|sq| {
                let piece = board.piece_at(sq)?;
                let mut moves: Vec<&Move> = legal.iter().filter(|m| m.from() == Some(sq)).collect();
                moves.sort_by_key(|m| m.to());
                let mut args = FluentArgs::new();
                args.set("piece", self.piece_on(piece, sq));
                args.set("count", moves.len() as u64);
                args.set("moves", self.list(moves.into_iter().map(|m| self.move_text(&self.rules.pos, *m))));
                Some(self.say(self.narrator.texts.get("legal-piece", Some(&args))))
            })
            .collect()
    }

    pub(super) fn piece_on(&self, p: Piece, sq: Square) -> String {
        let mut args = FluentArgs::new();
        args.set("piece", self.piece_words(p));
        args.set("square", sq.to_string());
        self.narrator.texts.get("piece-on", Some(&args))
    }

    pub(super) fn square_sentence(&self, sq: Square) -> Output {
        let mut args = FluentArgs::new();
        args.set("square", sq.to_string());
        match self.rules.pos.board().piece_at(sq) {
            Some(p) => {
                args.set("piece", self.piece_words(p));
                self.say(self.narrator.texts.get("square-piece", Some(&args)))
            }
            None => self.say(self.narrator.texts.get("square-empty", Some(&args))),
        }
    }

    pub(super) fn pieces_sentence(&self, color: Option<Color>, role: Option<Role>) -> Output {
        let board = self.rules.pos.board();
        let items: Vec<String> = board
            .iter()
            .filter(|(_, p)| color.is_none_or(|c| p.color == c) && role.is_none_or(|r| p.role == r))
            .map(|(sq, p)| self.piece_on(p, sq))
            .collect();
        let mut args = FluentArgs::new();
        args.set("count", items.len() as u64);
        args.set("pieces", self.list(items));
        self.say(self.narrator.texts.get("pieces-found", Some(&args)))
    }

    /// The time control in words: "90 minutes, plus 30 seconds a move".
    pub(super) fn control_words(&self) -> String {
        let periods = &self.rules.clocks.control().periods;
        let mut words: Vec<String> = periods
            .iter()
            .map(|p| {
                let mut args = FluentArgs::new();
                args.set("moves", u64::from(p.moves.unwrap_or(0)));
                args.set("time", duration_words(&self.narrator.texts, p.time));
                let (kind, extra) = match p.bonus {
                    crate::game::clock::Bonus::None => ("none", Duration::ZERO),
                    crate::game::clock::Bonus::Increment(d) => ("increment", d),
                    crate::game::clock::Bonus::SimpleDelay(d) => ("delay", d),
                    crate::game::clock::Bonus::Bronstein(d) => ("bronstein", d),
                };
                args.set("bonus", kind);
                args.set("extra", duration_words(&self.narrator.texts, extra));
                self.narrator.texts.get("control-period", Some(&args))
            })
            .collect();
        let mut text = words.pop().unwrap_or_default();
        while let Some(prev) = words.pop() {
            let mut args = FluentArgs::new();
            args.set("first", prev);
            args.set("rest", text);
            text = self.narrator.texts.get("control-then", Some(&args));
        }
        text
    }

    /// Listening by voice paused or resumed: said, with the phrase that
    /// resumes it.
    pub(super) fn listening_sentence(&self, on: bool) -> Output {
        let text = if on {
            self.narrator.texts.text("listening-resumed")
        } else {
            // The phrase that resumes, as the player must say it.
            let mut args = FluentArgs::new();
            let resume = self.narrator.texts.text("hear-resume");
            args.set("phrase", resume.split(',').next().unwrap_or_default().trim().to_owned());
            self.narrator.texts.get("listening-paused", Some(&args))
        };
        self.say(text)
    }
}

/// A result as the packs' `result-words` select it: said in words ("one
/// to nothing"), never as `1-0` or `½-½`, which speech engines misread.
pub(super) fn winner(result: GameResult) -> &'static str {
    match result {
        GameResult::WhiteWins => "white",
        GameResult::BlackWins => "black",
        _ => "none",
    }
}
