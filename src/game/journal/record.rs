//! The journal's records as they are written on disk, apart from the
//! session's domain type [`Entry`].
//!
//! A journal line holds a [`Record`] in JSON: moves in UCI, results in PGN,
//! the set-up's language as its code, its start position as FEN and its time
//! control in the syntax of [`TimeControl`]. [`Entry`] is written and read
//! through this type only (its serde implementation converts), so the domain
//! type can change while journals already on disk are still read.
//!
//! # Version 1 (`tiflo-journal 1`)
//!
//! An object with the tag `e` naming the record (`begin`, `start`, `move`,
//! `correct`, `takeback`, `press`, `offer`, `accept`, `decline`, `claim`,
//! `claim-rejected`, `resign`, `flag`, `result`, `sign`, `set-clock`,
//! `resume`, `transferred`), `t` the time in milliseconds, and the record's
//! fields in kebab-case; `begin` holds the set-up. Colours are `white` and
//! `black`. Fields added after the first release have defaults, so older
//! lines read: `move` has `echoed: true` only for a move recorded at once on
//! an echo (`confirm = "echo"`), which a `no` may still undo after a resume.
//!
//! Reading a record checks what the domain type requires: a move that is
//! not UCI, a result that is not one, an unknown language, a time control or
//! FEN that does not read make the record unreadable
//! ([`super::Problem::Unreadable`]), never a guess.

use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;

use crate::game::clock::TimeControl;
use crate::game::entry::{ClaimKind, Entry, Setup, Side};
use crate::game::study::Note;
use crate::game::transfer::Mode as TransferMode;
use crate::notation::Lang;
use crate::pgn::GameResult;
use crate::speaking::announce::{Files, Style};

/// Why a record read from disk is not an [`Entry`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RecordError {
    #[error("{0:?} is not a move in UCI")]
    Uci(String),
    #[error("{0:?} is not a game result")]
    Result(String),
    #[error("{0:?} is not a known language")]
    Lang(String),
    #[error("bad time control {text:?}: {why}")]
    TimeControl { text: String, why: String },
    #[error("bad start position {text:?}: {why}")]
    Fen { text: String, why: String },
}

/// One journal line's record, version 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "kebab-case")]
pub(crate) enum Record {
    Begin { t: u64, setup: Box<SetupRecord> },
    Start { t: u64 },
    Move {
        t: u64,
        uci: String,
        written: String,
        /// Written only when set, so that other moves' lines stay as
        /// they were.
        #[serde(default, skip_serializing_if = "is_false")]
        echoed: bool,
    },
    Correct { t: u64, uci: String, written: String },
    Takeback { t: u64 },
    Press { t: u64 },
    Offer { t: u64, by: SideRecord },
    Accept { t: u64 },
    Decline { t: u64 },
    Claim {
        t: u64,
        claim: ClaimRecord,
        uci: Option<String>,
        #[serde(default)]
        written: String,
    },
    ClaimRejected { t: u64, by: SideRecord },
    Resign { t: u64, side: SideRecord },
    Flag { t: u64, side: SideRecord },
    Result { t: u64, result: String },
    Sign { t: u64, side: SideRecord },
    SetClock { t: u64, side: SideRecord, ms: u64 },
    Resume { t: u64 },
    Transferred { t: u64, ply: usize },
}

/// A colour on disk.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SideRecord {
    White,
    Black,
}

/// A claim's kind on disk.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ClaimRecord {
    Threefold,
    FiftyMoves,
}

/// The set-up on disk. The announcement style, file words, transfer mode
/// and study notes are written by their own serde forms, which the profile
/// files share.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) struct SetupRecord {
    pub lang: String,
    pub side: SideRecord,
    pub time_control: String,
    pub mirror: bool,
    pub confirm_always: bool,
    pub correction_ms: u64,
    pub low_time_warnings: Vec<u64>,
    pub warn_both: bool,
    pub fen: Option<String>,
    pub tags: Vec<(String, String)>,
    #[serde(default)]
    pub announce: Option<String>,
    #[serde(default)]
    pub announce_style: Style,
    #[serde(default)]
    pub file_words: Files,
    #[serde(default)]
    pub transfers: TransferMode,
    #[serde(default)]
    pub transfer_reminder_ms: u64,
    #[serde(default)]
    pub study: Option<Vec<String>>,
    #[serde(default)]
    pub study_notes: Vec<Note>,
    #[serde(default)]
    pub engine: bool,
    #[serde(default = "yes")]
    pub claim_hints: bool,
}

fn yes() -> bool {
    true
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl From<Side> for SideRecord {
    fn from(s: Side) -> SideRecord {
        match s {
            Side::White => SideRecord::White,
            Side::Black => SideRecord::Black,
        }
    }
}

impl From<SideRecord> for Side {
    fn from(s: SideRecord) -> Side {
        match s {
            SideRecord::White => Side::White,
            SideRecord::Black => Side::Black,
        }
    }
}

impl From<ClaimKind> for ClaimRecord {
    fn from(c: ClaimKind) -> ClaimRecord {
        match c {
            ClaimKind::Threefold => ClaimRecord::Threefold,
            ClaimKind::FiftyMoves => ClaimRecord::FiftyMoves,
        }
    }
}

impl From<ClaimRecord> for ClaimKind {
    fn from(c: ClaimRecord) -> ClaimKind {
        match c {
            ClaimRecord::Threefold => ClaimKind::Threefold,
            ClaimRecord::FiftyMoves => ClaimKind::FiftyMoves,
        }
    }
}

fn uci(text: String) -> Result<UciMove, RecordError> {
    UciMove::from_str(&text).map_err(|_| RecordError::Uci(text))
}

fn result(text: String) -> Result<GameResult, RecordError> {
    match text.as_str() {
        "*" => Ok(GameResult::Unknown),
        _ => crate::game::command::parse_result(&text).ok_or(RecordError::Result(text)),
    }
}

impl From<Setup> for SetupRecord {
    fn from(s: Setup) -> SetupRecord {
        SetupRecord {
            lang: s.lang.code().to_owned(),
            side: s.side.into(),
            time_control: s.time_control.to_string(),
            mirror: s.mirror,
            confirm_always: s.confirm_always,
            correction_ms: s.correction_ms,
            low_time_warnings: s.low_time_warnings,
            warn_both: s.warn_both,
            fen: s.fen.map(|f| f.to_string()),
            tags: s.tags,
            announce: s.announce,
            announce_style: s.announce_style,
            file_words: s.file_words,
            transfers: s.transfers,
            transfer_reminder_ms: s.transfer_reminder_ms,
            study: s.study,
            study_notes: s.study_notes,
            engine: s.engine,
            claim_hints: s.claim_hints,
        }
    }
}

impl TryFrom<SetupRecord> for Setup {
    type Error = RecordError;

    fn try_from(s: SetupRecord) -> Result<Setup, RecordError> {
        let lang = Lang::from_str(&s.lang).map_err(|_| RecordError::Lang(s.lang.clone()))?;
        let time_control = TimeControl::from_str(&s.time_control)
            .map_err(|e| RecordError::TimeControl { text: s.time_control.clone(), why: e.to_string() })?;
        let fen = match s.fen {
            Some(text) => Some(
                Fen::from_str(text.trim()).map_err(|e| RecordError::Fen { why: e.to_string(), text })?,
            ),
            None => None,
        };
        Ok(Setup {
            lang,
            side: s.side.into(),
            time_control,
            mirror: s.mirror,
            confirm_always: s.confirm_always,
            correction_ms: s.correction_ms,
            low_time_warnings: s.low_time_warnings,
            warn_both: s.warn_both,
            fen,
            tags: s.tags,
            announce: s.announce,
            announce_style: s.announce_style,
            file_words: s.file_words,
            transfers: s.transfers,
            transfer_reminder_ms: s.transfer_reminder_ms,
            study: s.study,
            study_notes: s.study_notes,
            engine: s.engine,
            claim_hints: s.claim_hints,
        })
    }
}

impl From<Entry> for Record {
    fn from(e: Entry) -> Record {
        match e {
            Entry::Begin { t, setup } => Record::Begin { t, setup: Box::new((*setup).into()) },
            Entry::Start { t } => Record::Start { t },
            Entry::Move { t, uci, written, echoed } => Record::Move { t, uci: uci.to_string(), written, echoed },
            Entry::Correct { t, uci, written } => Record::Correct { t, uci: uci.to_string(), written },
            Entry::Takeback { t } => Record::Takeback { t },
            Entry::Press { t } => Record::Press { t },
            Entry::Offer { t, by } => Record::Offer { t, by: by.into() },
            Entry::Accept { t } => Record::Accept { t },
            Entry::Decline { t } => Record::Decline { t },
            Entry::Claim { t, claim, uci, written } => {
                Record::Claim { t, claim: claim.into(), uci: uci.map(|u| u.to_string()), written }
            }
            Entry::ClaimRejected { t, by } => Record::ClaimRejected { t, by: by.into() },
            Entry::Resign { t, side } => Record::Resign { t, side: side.into() },
            Entry::Flag { t, side } => Record::Flag { t, side: side.into() },
            Entry::Result { t, result } => Record::Result { t, result: result.as_pgn().to_owned() },
            Entry::Sign { t, side } => Record::Sign { t, side: side.into() },
            Entry::SetClock { t, side, ms } => Record::SetClock { t, side: side.into(), ms },
            Entry::Resume { t } => Record::Resume { t },
            Entry::Transferred { t, ply } => Record::Transferred { t, ply },
        }
    }
}

impl TryFrom<Record> for Entry {
    type Error = RecordError;

    fn try_from(r: Record) -> Result<Entry, RecordError> {
        Ok(match r {
            Record::Begin { t, setup } => Entry::Begin { t, setup: Box::new((*setup).try_into()?) },
            Record::Start { t } => Entry::Start { t },
            Record::Move { t, uci: u, written, echoed } => Entry::Move { t, uci: uci(u)?, written, echoed },
            Record::Correct { t, uci: u, written } => Entry::Correct { t, uci: uci(u)?, written },
            Record::Takeback { t } => Entry::Takeback { t },
            Record::Press { t } => Entry::Press { t },
            Record::Offer { t, by } => Entry::Offer { t, by: by.into() },
            Record::Accept { t } => Entry::Accept { t },
            Record::Decline { t } => Entry::Decline { t },
            Record::Claim { t, claim, uci: u, written } => {
                Entry::Claim { t, claim: claim.into(), uci: u.map(uci).transpose()?, written }
            }
            Record::ClaimRejected { t, by } => Entry::ClaimRejected { t, by: by.into() },
            Record::Resign { t, side } => Entry::Resign { t, side: side.into() },
            Record::Flag { t, side } => Entry::Flag { t, side: side.into() },
            Record::Result { t, result: r } => Entry::Result { t, result: result(r)? },
            Record::Sign { t, side } => Entry::Sign { t, side: side.into() },
            Record::SetClock { t, side, ms } => Entry::SetClock { t, side: side.into(), ms },
            Record::Resume { t } => Entry::Resume { t },
            Record::Transferred { t, ply } => Entry::Transferred { t, ply },
        })
    }
}

/// An [`Entry`] is written as its [`Record`].
impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Record::from(self.clone()).serialize(serializer)
    }
}

/// An [`Entry`] is read as a [`Record`], then checked and converted.
impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Entry, D::Error> {
        let record = Record::deserialize(deserializer)?;
        Entry::try_from(record).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(json: &str) -> Result<Entry, String> {
        let r: Record = serde_json::from_str(json).map_err(|e| e.to_string())?;
        Entry::try_from(r).map_err(|e| e.to_string())
    }

    #[test]
    fn a_record_that_does_not_hold_its_type_is_refused() {
        for (json, why) in [
            (r#"{"e":"move","t":1,"uci":"e2e9","written":""}"#, "UCI"),
            (r#"{"e":"correct","t":1,"uci":"","written":""}"#, "UCI"),
            (r#"{"e":"claim","t":1,"claim":"threefold","uci":"hello"}"#, "UCI"),
            (r#"{"e":"result","t":1,"result":"2-0"}"#, "result"),
        ] {
            let e = record(json).expect_err(json);
            assert!(e.contains(why), "{json}: {e}");
        }
        assert_eq!(record(r#"{"e":"result","t":1,"result":"1/2-1/2"}"#), Ok(Entry::Result { t: 1, result: GameResult::Draw }));
        assert_eq!(record(r#"{"e":"result","t":1,"result":"*"}"#), Ok(Entry::Result { t: 1, result: GameResult::Unknown }));
    }

    #[test]
    fn a_move_line_of_before_echoes_reads_and_only_an_echoed_move_says_so() {
        let g1f3: UciMove = "g1f3".parse().unwrap();
        // A line written before moves were marked as echoed.
        let old = r#"{"e":"move","t":7,"uci":"g1f3","written":"Nf3"}"#;
        let plain = Entry::Move { t: 7, uci: g1f3.clone(), written: "Nf3".into(), echoed: false };
        assert_eq!(record(old), Ok(plain.clone()));
        // A move not echoed is written as it always was.
        assert_eq!(serde_json::to_string(&plain).unwrap(), old);
        let echoed = Entry::Move { t: 7, uci: g1f3, written: "Nf3".into(), echoed: true };
        let line = serde_json::to_string(&echoed).unwrap();
        assert_eq!(line, r#"{"e":"move","t":7,"uci":"g1f3","written":"Nf3","echoed":true}"#);
        assert_eq!(record(&line), Ok(echoed));
    }

    #[test]
    fn every_result_is_written_as_it_is_read() {
        for r in [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown] {
            let e = Entry::Result { t: 5, result: r };
            assert_eq!(Entry::try_from(Record::from(e.clone())), Ok(e));
        }
    }
}
