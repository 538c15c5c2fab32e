//! The rules of the game at the board: applying each journal entry to the
//! position, the clocks, draw offers, claims and the end of the game
//! (re-checked, never trusted), playing moves, and the board transfers'
//! state. No sentence is made here: applying an entry returns [`Fact`]s,
//! what happened to the game, which the narration words and the dialogue
//! follows. [`Session::commit`] is the one way a change is made: the entry
//! is applied, then journaled before what announces it.

use super::*;

/// The game by the rules: the position, the moves, the clocks, draw offers
/// and the end.
pub(super) struct Rules {
    pub(super) start: Chess,
    pub(super) pos: Chess,
    pub(super) plies: Vec<Ply>,
    pub(super) clocks: Clocks,
    pub(super) started: bool,
    /// Position hashes: the start and after each ply.
    pub(super) hashes: Vec<u64>,
    /// The side whose draw offer stands, until the opponent accepts,
    /// declines or plays on (Article 9.1.b).
    pub(super) offer: Option<Color>,
    /// A side that offered a draw before making its move: its next move is
    /// the one marked `(=)` (Article 8.1.d, Appendix C.12).
    pub(super) owed_mark: Option<Color>,
    /// A side whose claim was rejected: its next move carries the note on
    /// the scoresheet, with the penalty (Article 9.5.2, 8.1.b).
    pub(super) rejected_claim: Option<Color>,
    pub(super) ending: Option<Ending>,
    pub(super) signed: ByColor<bool>,
    /// The opponent's clock start was reported since the last move.
    pub(super) pressed: bool,
    /// When the arbiter last took back a move, until the next move or
    /// clock press: an engine waits as long after it as after a move.
    pub(super) taken_back_at: Option<Duration>,
}

/// What applying an entry did to the game: the rules' outcome, for the
/// narration to word (`narrate.rs`) and the dialogue to follow
/// (`dialogue.rs`). A fact carries what its words need that the game no
/// longer shows once the entry is applied (the move taken back, the
/// position a move was played in).
#[derive(Clone, Debug)]
pub(super) enum Fact {
    /// The move of `ply` was reproduced on the other board.
    Transferred { ply: usize },
    /// The clocks started; `side`'s runs.
    ClockStarted(Color),
    /// In mirror mode, tiflo's estimate of `side`'s clock ran out: the
    /// physical clock rules.
    EstimateOut(Color),
    /// `side`'s clock crossed a low-time warning, with `left` on it.
    LowTime { side: Color, left: Duration },
    /// `side`'s flag fell by tiflo's own clock: a flag entry is due.
    FlagDown(Color),
    /// The opponent of the side that offered a draw played on instead of
    /// answering: the offer lapsed.
    OfferLapsed,
    /// A move put on the record as `ply`, played in `before`.
    Played { ply: usize, before: Chess },
    /// The side to move may claim a draw.
    Claimable { side: Color, claim: ClaimKind },
    /// The last move, `old` in `before`, replaced by `new` (a `Played`
    /// follows for it).
    Corrected { before: Chess, old: Move, new: Move },
    /// The last move, `mv` in `before`, taken back.
    TakenBack { before: Chess, mv: Move },
    /// The opponent's clock was started; `side` is to move.
    Pressed(Color),
    /// `side` offered a draw.
    Offered(Color),
    /// Whether `side` is exempt from keeping score (Art. 8.4) since a
    /// moment of play.
    Exemption { side: Color, applies: bool },
    Accepted,
    Declined,
    /// A claim rejected: `credited` got two minutes more.
    ClaimRejected { credited: Color },
    Ended(Ending),
    /// `side` signed the result.
    Signed(Color),
    /// A clock was set to the time a physical clock shows.
    ClockSet,
}

impl Session {
    /// The low-time warning crossed and the flag fallen between `from` and
    /// `now`, by the clock running.
    pub(super) fn time_passed(&self, from: Duration, now: Duration) -> Vec<Fact> {
        let mut out = Vec::new();
        if self.rules.ending.is_some() || !self.rules.started {
            return out;
        }
        if let Some(side) = self.rules.clocks.running() {
            let thresholds: Vec<Duration> = self.setup.low_time_warnings.iter().map(|s| Duration::from_secs(*s)).collect();
            if (self.setup.warn_both || side == self.side)
                && let Some(left) = self.rules.clocks.crossed(side, from, now, &thresholds)
            {
                out.push(Fact::LowTime { side, left });
            }
        }
        // Art. 8.4: where each side stands, for the narration to say once
        // when the exemption starts to apply in play, and again only after
        // a new period. The player's own, and the opponent's with
        // `warn_both`.
        for side in [Color::White, Color::Black] {
            if !self.rules.clocks.scoresheet_exempt(side, now) {
                out.push(Fact::Exemption { side, applies: false });
            } else if (self.setup.warn_both || side == self.side) && self.rules.clocks.exemption_begins_in_play(side) {
                out.push(Fact::Exemption { side, applies: true });
            }
        }
        if let Some(side) = self.rules.clocks.flag(now) {
            out.push(if self.setup.mirror { Fact::EstimateOut(side) } else { Fact::FlagDown(side) });
        }
        out
    }

    /// The study's note where it stands (after the plies played).
    pub(super) fn study_note(&self) -> Option<&crate::game::study::Note> {
        self.setup.study_notes.iter().find(|n| n.after == self.rules.plies.len())
    }

    pub(super) fn position_before_last(&self) -> Chess {
        self.position_before_last_of(&self.rules.plies[..self.rules.plies.len().saturating_sub(1)])
    }

    pub(super) fn repetitions(&self) -> usize {
        let last = *self.rules.hashes.last().expect("the start position is hashed");
        // Only positions since the last irreversible move can repeat.
        let window = self.rules.pos.halfmoves() as usize + 1;
        self.rules.hashes.iter().rev().take(window).filter(|h| **h == last).count()
    }

    /// Applies one entry to the game and returns what it did. Every
    /// entry is ruled again by the rules, as when it was made live: a
    /// journal is re-checked, never trusted (an entry made by hand that
    /// does not hold is an error, and the journal is damaged).
    pub(super) fn apply(&mut self, entry: &Entry) -> Result<Vec<Fact>, String> {
        let now = Duration::from_millis(entry.time());
        let decided = || "after the end of the game".to_owned();
        match entry {
            Entry::Begin { .. } | Entry::Resume { .. } | Entry::Transferred { .. } | Entry::SetClock { .. } | Entry::Sign { .. } => {}
            Entry::Correct { .. } | Entry::Takeback { .. } => {}
            _ if self.rules.ending.is_some() => return Err(format!("{} {}", entry_name(entry), decided())),
            _ => {}
        }
        match entry {
            Entry::Begin { .. } => Err("a second set-up".into()),
            Entry::Resume { .. } => Ok(Vec::new()),
            Entry::Transferred { ply, .. } => self.apply_transferred(*ply),
            Entry::Start { .. } => self.apply_start(now),
            Entry::Move { uci, written, .. } => self.apply_move(now, uci, written),
            Entry::Claim { claim, uci, written, .. } => self.apply_claim(now, *claim, uci.as_ref(), written),
            Entry::Correct { uci, written, .. } => self.apply_correct(now, uci, written),
            Entry::Takeback { .. } => self.apply_takeback(now),
            Entry::Press { .. } => self.apply_press(),
            Entry::Offer { by, .. } => self.apply_offer(*by),
            Entry::Accept { .. } => self.apply_accept(now),
            Entry::ClaimRejected { by, .. } => self.apply_claim_rejected(now, *by),
            Entry::Decline { .. } => self.apply_decline(),
            Entry::Resign { side, .. } => self.apply_resign(now, *side),
            Entry::Flag { side, .. } => self.apply_flag(now, *side),
            Entry::Result { result, .. } => self.apply_result(now, *result),
            Entry::Sign { side, .. } => self.apply_sign(*side),
            Entry::SetClock { side, ms, .. } => self.apply_set_clock(now, *side, *ms),
        }
    }

    /// A move reproduced on the other board.
    fn apply_transferred(&mut self, ply: usize) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        let Some(p) = self.rules.plies.get_mut(ply) else { return Err(format!("a transfer of ply {ply}, not played")) };
        if p.transferred {
            return Err(format!("ply {ply} transferred twice"));
        }
        p.transferred = true;
        out.push(Fact::Transferred { ply });
        Ok(out)
    }

    /// The clocks started.
    fn apply_start(&mut self, now: Duration) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if self.rules.started {
            return Err("the clocks started twice".into());
        }
        self.rules.clocks.start(self.rules.pos.turn(), now);
        self.rules.started = true;
        out.push(Fact::ClockStarted(self.rules.pos.turn()));
        Ok(out)
    }

    /// A move played (in a study, only the game's next move).
    fn apply_move(&mut self, now: Duration, uci: &UciMove, written: &str) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if let Some(study) = &self.setup.study
            && study.get(self.rules.plies.len()) != Some(&uci.to_string())
        {
            return Err(format!("{uci} is not the studied game's move"));
        }
        let m = to_move(&self.rules.pos, uci)?;
        out.extend(self.play(now, m, written.to_owned()));
        Ok(out)
    }

    /// A valid claim, with the move that makes it hold when there is one
    /// (Articles 9.2 and 9.3).
    fn apply_claim(&mut self, now: Duration, claim: ClaimKind, uci: Option<&UciMove>, written: &str) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if let Some(uci) = uci {
            let m = to_move(&self.rules.pos, uci)?;
            // The claim is ruled at once: no hint that it may be made.
            let played = self.play(now, m, if written.is_empty() { uci.to_string() } else { written.to_owned() });
            out.extend(played.into_iter().filter(|f| !matches!(f, Fact::Claimable { .. })));
        }
        // Article 9.2 and 9.3: the claim must hold in the position.
        let holds = match claim {
            ClaimKind::Threefold => self.repetitions() >= 3,
            ClaimKind::FiftyMoves => self.rules.pos.halfmoves() >= 100,
        };
        if !holds {
            return Err(format!("a {claim:?} claim that does not hold"));
        }
        if let Some(p) = self.rules.plies.last_mut() {
            p.record.claim = Some(match claim {
                ClaimKind::Threefold => Claim::Threefold,
                ClaimKind::FiftyMoves => Claim::FiftyMoves,
            });
        }
        out.extend(self.end(now, Ending::Claimed(claim)));
        Ok(out)
    }

    /// A slip of the tongue: the last move replaced, while it may still be.
    fn apply_correct(&mut self, now: Duration, uci: &UciMove, written: &str) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if self.rules.pressed || self.rules.ending.is_some_and(|e| !e.automatic()) {
            return Err("a correction after the opponent's clock started".into());
        }
        if self.setup.engine && self.rules.plies.len().checked_sub(1).is_some_and(|p| self.mover(p) != self.side) {
            return Err("a correction of the engine's move".into());
        }
        let Some(last) = self.rules.plies.pop() else { return Err("a correction with no move".into()) };
        let before = self.position_before_last_of(&self.rules.plies);
        let m = to_move(&before, uci)?;
        if self.rules.ending.is_some_and(Ending::automatic) {
            // The corrected move had ended the game: it goes on.
            self.rules.ending = None;
            self.rules.signed = ByColor { white: false, black: false };
            self.rules.clocks.start(before.turn().other(), now);
        }
        self.rules.hashes.pop();
        self.rules.pos = before.clone();
        let mut record = RecordedMove::new(m);
        record.written = written.to_owned();
        record.clock = last.record.clock;
        record.draw_offer = last.record.draw_offer;
        out.push(Fact::Corrected { before: before.clone(), old: last.record.mv, new: m });
        out.extend(self.push(record, last.clocks_before, last.credit, last.at));
        Ok(out)
    }

    /// The arbiter took back the last move.
    fn apply_takeback(&mut self, now: Duration) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        let Some(last) = self.rules.plies.pop() else { return Err("a take-back with no move".into()) };
        self.rules.hashes.pop();
        let before = self.position_before_last_of(&self.rules.plies);
        self.rules.pos = before.clone();
        if self.rules.ending.is_some_and(|e| !e.automatic()) {
            return Err("a take-back after the game was decided".into());
        }
        self.rules.clocks.take_back(&last.clocks_before, last.credit, now);
        self.rules.taken_back_at = Some(now);
        self.rules.pressed = false;
        if self.rules.ending.take().is_some() {
            self.rules.signed = ByColor { white: false, black: false };
        }
        // A move taken back takes back the offer made with it.
        let mover = self.rules.pos.turn();
        if last.record.draw_offer && self.rules.offer == Some(mover) {
            self.rules.offer = None;
        }
        out.push(Fact::TakenBack { before, mv: last.record.mv });
        Ok(out)
    }

    /// The opponent's clock was started: no more corrections.
    fn apply_press(&mut self) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if self.rules.pressed || (self.rules.plies.is_empty() && self.rules.taken_back_at.is_none()) {
            return Err("a clock press with no move".into());
        }
        self.rules.pressed = true;
        out.push(Fact::Pressed(self.rules.pos.turn()));
        Ok(out)
    }

    /// A draw offer (Article 9.1.b).
    fn apply_offer(&mut self, by: Side) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        // Article 9.1.b: a draw is offered after making a move (it
        // is marked on that move); an offer made on one's turn,
        // before moving, stands too, and is marked on the offerer's
        // next move, whatever the answer.
        let by = Color::from(by);
        match self.rules.plies.last_mut() {
            Some(p) if self.rules.pos.turn() != by => p.record.draw_offer = true,
            _ => self.rules.owed_mark = Some(by),
        }
        self.rules.offer = Some(by);
        out.push(Fact::Offered(by));
        Ok(out)
    }

    /// A draw offer accepted.
    fn apply_accept(&mut self, now: Duration) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if self.rules.offer.take().is_none() {
            return Err("an acceptance with no offer".into());
        }
        out.push(Fact::Accepted);
        out.extend(self.end(now, Ending::Agreed));
        Ok(out)
    }

    /// A wrong claim: two minutes more for the opponent (Article 9.5.2).
    fn apply_claim_rejected(&mut self, now: Duration, by: Side) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if let Some(holds) = self.claim_holds() {
            return Err(format!("a {holds:?} claim rejected that holds"));
        }
        self.rules.rejected_claim = Some(Color::from(by));
        let other = Color::from(by).other();
        let more = self.rules.clocks.remaining(other, now) + Duration::from_secs(120);
        self.rules.clocks.set(other, more, now);
        out.push(Fact::ClaimRejected { credited: other });
        Ok(out)
    }

    /// A draw offer declined.
    fn apply_decline(&mut self) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if self.rules.offer.take().is_none() {
            return Err("a decline with no offer".into());
        }
        out.push(Fact::Declined);
        Ok(out)
    }

    /// A resignation.
    fn apply_resign(&mut self, now: Duration, side: Side) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        out.extend(self.end(now, Ending::Resigned((side).into())));
        Ok(out)
    }

    /// A flag fell.
    fn apply_flag(&mut self, now: Duration, side: Side) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        let side = Color::from(side);
        // With tiflo's own clock a flag falls only at zero (Article
        // 6.9); a physical clock's flag is the arbiter's to state.
        if !self.setup.mirror && !self.rules.clocks.remaining(side, now).is_zero() {
            return Err(format!("a flag of {side:?} with time left on the clock"));
        }
        let ending = if self.rules.pos.has_insufficient_material(side.other()) { Ending::FlagDraw(side) } else { Ending::Flag(side) };
        out.extend(self.end(now, ending));
        Ok(out)
    }

    /// A result stated by the players or the arbiter.
    fn apply_result(&mut self, now: Duration, result: GameResult) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        if result == GameResult::Unknown {
            return Err("an unknown result".into());
        }
        out.extend(self.end(now, Ending::Declared(result)));
        Ok(out)
    }

    /// A signature of the result (Article 8.7).
    fn apply_sign(&mut self, side: Side) -> Result<Vec<Fact>, String> {
        let mut out = Vec::new();
        let side = Color::from(side);
        if self.rules.ending.is_none() {
            return Err("a signature before the end of the game".into());
        }
        if self.rules.signed[side] {
            return Err(format!("{side:?} signed twice"));
        }
        self.rules.signed[side] = true;
        out.push(Fact::Signed(side));
        Ok(out)
    }

    /// A clock set to the time a physical clock shows.
    fn apply_set_clock(&mut self, now: Duration, side: Side, ms: u64) -> Result<Vec<Fact>, String> {
        self.rules.clocks.set((side).into(), Duration::from_millis(ms), now);
        Ok(vec![Fact::ClockSet])
    }

    /// The draw a claim would obtain now: threefold repetition (Article
    /// 9.2) or fifty moves without a capture or pawn move (9.3).
    pub(super) fn claim_holds(&self) -> Option<ClaimKind> {
        if self.repetitions() >= 3 {
            Some(ClaimKind::Threefold)
        } else if self.rules.pos.halfmoves() >= 100 {
            Some(ClaimKind::FiftyMoves)
        } else {
            None
        }
    }

    pub(super) fn position_before_last_of(&self, plies: &[Ply]) -> Chess {
        let mut pos = self.rules.start.clone();
        for p in plies {
            pos.play_unchecked(p.record.mv);
        }
        pos
    }

    /// Plays a confirmed move at `now`: the clocks, the record, the end of
    /// the game.
    pub(super) fn play(&mut self, now: Duration, m: Move, written: String) -> Vec<Fact> {
        let mover = self.rules.pos.turn();
        if !self.rules.started {
            self.rules.clocks.start(mover, now);
            self.rules.started = true;
        }
        let clocks_before = self.rules.clocks.clone();
        let mut out = Vec::new();
        if let Press::Flag(side) = self.rules.clocks.press(now) {
            // Only in mirror mode: tiflo's estimate ran out, the real clock rules.
            out.push(Fact::EstimateOut(side));
        }
        // What the press added: the mover's clock after it, less what it
        // would show had the move not been completed.
        let credit = self.rules.clocks.remaining(mover, now).saturating_sub(clocks_before.remaining(mover, now));
        let mut record = RecordedMove::new(m);
        record.written = written;
        record.clock = Some(self.rules.clocks.remaining(mover, now));
        if self.rules.owed_mark == Some(mover) {
            record.draw_offer = true;
            self.rules.owed_mark = None;
        }
        if self.rules.rejected_claim == Some(mover) {
            record.rejected_claim = Some(mover);
            self.rules.rejected_claim = None;
        }
        match self.rules.offer {
            Some(by) if by != mover => {
                // Playing on instead of answering declines the offer.
                self.rules.offer = None;
                out.push(Fact::OfferLapsed);
            }
            _ => {}
        }
        out.extend(self.push(record, clocks_before, credit, now));
        out
    }

    /// Puts a move on the record, with what follows from it.
    pub(super) fn push(&mut self, record: RecordedMove, clocks_before: Clocks, credit: Duration, at: Duration) -> Vec<Fact> {
        let before = self.rules.pos.clone();
        let m = record.mv;
        self.rules.pos.play_unchecked(m);
        self.rules.hashes.push(hash(&self.rules.pos));
        let mover = before.turn();
        let transferred = transfer::direction(self.setup.transfers, self.side, mover).is_none();
        self.rules.plies.push(Ply { record, transferred, clocks_before, credit, at });
        self.rules.pressed = false;
        self.rules.taken_back_at = None;
        let mut out = vec![Fact::Played { ply: self.rules.plies.len() - 1, before }];
        let reps = self.repetitions();
        let ending = if self.rules.pos.is_checkmate() {
            Some(Ending::Checkmate)
        } else if self.rules.pos.is_stalemate() {
            Some(Ending::Stalemate)
        } else if self.rules.pos.is_insufficient_material() {
            Some(Ending::InsufficientMaterial)
        } else if reps >= 5 {
            Some(Ending::Fivefold)
        } else if self.rules.pos.halfmoves() >= 150 {
            Some(Ending::SeventyFiveMoves)
        } else {
            None
        };
        if let Some(e) = ending {
            out.extend(self.end(at, e));
        } else if self.setup.claim_hints && (reps >= 3 || self.rules.pos.halfmoves() >= 100) {
            let claim = if reps >= 3 { ClaimKind::Threefold } else { ClaimKind::FiftyMoves };
            out.push(Fact::Claimable { side: self.rules.pos.turn(), claim });
        }
        out
    }

    pub(super) fn end(&mut self, now: Duration, e: Ending) -> Vec<Fact> {
        self.rules.ending = Some(e);
        self.rules.offer = None;
        self.rules.clocks.stop(now);
        vec![Fact::Ended(e)]
    }

    pub(super) fn position_before(&self, ply: usize) -> Chess {
        let mut before = self.rules.start.clone();
        for p in self.rules.plies.iter().take(ply) {
            before.play_unchecked(p.record.mv);
        }
        before
    }

    /// The transfers still to do, oldest first. A move of the player's is
    /// pending on the tournament board only while the opponent has not
    /// answered it (nobody answers a move that is not on the board).
    pub fn pending_transfers(&self) -> Vec<Pending> {
        let mut pos = self.rules.start.clone();
        let mut out = Vec::new();
        for (ply, p) in self.rules.plies.iter().enumerate() {
            if !self.transfer_done(ply) {
                if let Some(to) = transfer::direction(self.setup.transfers, self.side, pos.turn()) {
                    out.push(Pending { ply, to, since: p.at });
                }
            }
            pos.play_unchecked(p.record.mv);
        }
        out
    }

    pub(super) fn transfer_done(&self, ply: usize) -> bool {
        self.rules.plies[ply].transferred
            || (ply + 1 < self.rules.plies.len()
                && transfer::direction(self.setup.transfers, self.side, self.side) == Some(To::TournamentBoard)
                && self.mover(ply) == self.side)
    }

    /// The side that made `ply`.
    pub(super) fn mover(&self, ply: usize) -> Color {
        move_number(&self.rules.start, ply).1
    }

    /// Every ply's transfer: the board it goes to and whether it is done
    /// (plies with no transfer left out).
    pub fn transfers(&self) -> Vec<(usize, To, bool)> {
        let mut pos = self.rules.start.clone();
        let mut out = Vec::new();
        for (ply, p) in self.rules.plies.iter().enumerate() {
            if let Some(to) = transfer::direction(self.setup.transfers, self.side, pos.turn()) {
                out.push((ply, to, self.transfer_done(ply)));
            }
            pos.play_unchecked(p.record.mv);
        }
        out
    }

    /// The position the tournament board should show: the game's, less
    /// the blind player's last move while it is not reproduced there (once
    /// the opponent has answered, the move is on that board whatever was
    /// marked).
    pub(crate) fn tournament_position(&self) -> Chess {
        match self.last_pending_on_tournament_board() {
            Some(ply) => self.position_before(ply),
            None => self.rules.pos.clone(),
        }
    }

    pub(super) fn last_pending_on_tournament_board(&self) -> Option<usize> {
        self.pending_transfers().last().filter(|p| p.to == To::TournamentBoard && p.ply + 1 == self.rules.plies.len()).map(|p| p.ply)
    }
}
