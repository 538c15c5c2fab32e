//! Every sentence in the player's language, error reasons included: every
//! variant of every error type the daemon says is walked through every
//! pack, and the sentence must come whole from that pack. A rendered reason
//! fails when a pack lacks one of its messages, or when it holds English
//! words: words of the English rendering of the same reason that the pack
//! itself never uses, leaving out the data quoted (paths, names, numbers)
//! and the names of programs and devices.

use std::collections::HashSet;
use std::io;
use std::path::Path;
use std::time::Duration;

use tiflo::assistant::engine::EngineError;
use tiflo::braille::brlapi::BrlapiError;
use tiflo::braille::chess::BoardError;
use tiflo::braille::serial::{Protocol, SerialError};
use tiflo::braille::table::TableError;
use tiflo::game::journal::{JournalError, NotAFile, Problem};
use tiflo::hearing::adapt::{AdaptError, MicFailure, ModelTrouble, TakeTrouble, ToolTrouble, WeightsTrouble};
use tiflo::hearing::models::ModelError;
use tiflo::hearing::recognizer::HearError;
use tiflo::hearing::wav::{AudioError, MicTrouble};
use tiflo::i18n::{OsReason, Reason, Said, Texts};
use tiflo::notation::{Dialect, Lang, MoveErrorKind, Notation, Pieces, Syntax};
use tiflo::pgn::{ReadError, ReadErrorKind};
use tiflo::speaking::speech::SpeechError;

/// The packs that translate English (English is the reference).
const PACKS: [&str; 6] = ["es", "pt", "fr", "de", "it", "nl"];

/// Names of programs, devices, protocols and settings: the same in every
/// language.
const NAMES: &[&str] = &[
    "brltty", "brlapi", "baum", "vario", "pro", "handytech", "dgt", "vosk", "espeak", "ng", "speech", "dispatcher",
    "tiflo", "utf", "wav", "tts", "text", "debian", "braille", "pocketsphinx", "adapt", "baum", "handytech",
    // Notations and encodings, and the English descriptive files quoted.
    "uci", "koch", "iccf", "gringmuth", "latin", "qn", "kb",
];

/// Words a language shares with English in these sentences: its own words
/// too (checked in a dictionary of the language).
const SHARED: &[(&str, &[&str])] = &[
    ("es", &["modular", "brasil"]),
    ("pt", &["modular", "use", "brasil"]),
    ("pt-BR", &["brasil"]),
    ("fr", &["table", "tables", "version", "source", "format", "standard", "descriptive", "figurine", "figurines"]),
    ("de", &["version", "bytes", "tag"]),
    ("it", &["driver", "standard", "figurine"]),
    ("nl", &["bytes", "tag"]),
];

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2 && !w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_lowercase)
        .collect()
}

/// The words a pack uses in its files other than the reasons, comments
/// left out.
fn pack_words(code: &str) -> HashSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices").join(code);
    let mut out = HashSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|n| n == "reasons.ftl" || n == "notation.ftl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines().filter(|l| !l.trim_start().starts_with('#')) {
            out.extend(words(line));
        }
    }
    out
}

/// English words in `rendered` (the pack `code`'s sentence for something
/// whose English sentence is `english`), `data` left out.
fn english_words(code: &str, rendered: &str, english: &str, data: &[String]) -> Vec<String> {
    let english: HashSet<String> = words(english).into_iter().collect();
    let data: HashSet<String> = data.iter().flat_map(|d| words(d)).collect();
    let mut pack = pack_words(code);
    pack.extend(SHARED.iter().filter(|(c, _)| *c == code).flat_map(|(_, w)| w.iter().map(|w| (*w).to_owned())));
    let mut found: Vec<String> = words(rendered)
        .into_iter()
        .filter(|w| english.contains(w) && !data.contains(w) && !pack.contains(w) && !NAMES.contains(&w.as_str()))
        .collect();
    found.dedup();
    found
}

/// Walks `reasons` through every pack: what is wrong, one line each.
fn faults(reasons: &[Said]) -> Vec<String> {
    faults_in(&PACKS, reasons)
}

/// Walks `reasons` through the packs `codes`.
fn faults_in(codes: &[&str], reasons: &[Said]) -> Vec<String> {
    let en = Texts::pack("en").unwrap();
    let mut out = Vec::new();
    for said in reasons {
        for id in said.ids() {
            if !en.has_own(id) {
                out.push(format!("en lacks {id}"));
            }
        }
        let english = en.say(said);
        for &code in codes {
            let texts = Texts::pack(code).unwrap();
            for id in said.ids() {
                if !texts.has_own(id) {
                    out.push(format!("{code} lacks {id}"));
                }
            }
            let rendered = texts.say(said);
            let found = english_words(code, &rendered, &english, &said.data_values());
            if !found.is_empty() {
                out.push(format!("{code}: English {found:?} in {rendered:?} ({})", said.id()));
            }
        }
    }
    out
}

fn io_error(kind: io::ErrorKind) -> io::Error {
    io::Error::new(kind, "Quelque chose")
}

// Every variant of each error type; a new variant fails to compile here
// until it is added.

fn os_reasons() -> Vec<OsReason> {
    let all = vec![
        OsReason::NotFound,
        OsReason::PermissionDenied,
        OsReason::Busy,
        OsReason::TimedOut,
        OsReason::Refused,
        OsReason::Lost,
        OsReason::Full,
        OsReason::ReadOnly,
        OsReason::Other("EIO 5".into()),
    ];
    for r in &all {
        match r {
            OsReason::NotFound
            | OsReason::PermissionDenied
            | OsReason::Busy
            | OsReason::TimedOut
            | OsReason::Refused
            | OsReason::Lost
            | OsReason::Full
            | OsReason::ReadOnly
            | OsReason::Other(_) => {}
        }
    }
    all
}

fn serial_errors() -> Vec<SerialError> {
    let port = |kind| serialport::Error::new(kind, "Quelque chose");
    let all = vec![
        SerialError::Open { port: "/dev/ttyUSB7".into(), source: port(serialport::ErrorKind::NoDevice) },
        SerialError::Open { port: "/dev/ttyUSB7".into(), source: port(serialport::ErrorKind::Io(io::ErrorKind::PermissionDenied)) },
        SerialError::Io(io_error(io::ErrorKind::BrokenPipe)),
        SerialError::Port(port(serialport::ErrorKind::Unknown)),
        SerialError::NoAnswer { protocol: Protocol::HandyTech, waited: Duration::from_millis(1200) },
        SerialError::UnknownModel(0x99),
        SerialError::NoKeyTable("Modular 40".into()),
        SerialError::BaumModular(40),
        SerialError::UnknownProtocol("focus".into()),
        SerialError::NotBuiltIn(tiflo::NotBuiltIn::new("serial")),
    ];
    for e in &all {
        match e {
            SerialError::Open { .. }
            | SerialError::Io(_)
            | SerialError::Port(_)
            | SerialError::NoAnswer { .. }
            | SerialError::UnknownModel(_)
            | SerialError::NoKeyTable(_)
            | SerialError::BaumModular(_)
            | SerialError::UnknownProtocol(_)
            | SerialError::NotBuiltIn(_) => {}
        }
    }
    all
}

fn brlapi_errors() -> Vec<BrlapiError> {
    let all = vec![
        BrlapiError::Address(":x".into(), "bad"),
        BrlapiError::Unreachable("/var/lib/BrlAPI/0, 127.0.0.1:4101".into()),
        BrlapiError::Forbidden("/var/lib/BrlAPI/0".into()),
        BrlapiError::Timeout("127.0.0.1:4101".into()),
        BrlapiError::Closed,
        BrlapiError::Version(7),
        BrlapiError::KeyFile { path: "/etc/brlapi.key".into(), why: None },
        BrlapiError::KeyFile { path: "/etc/brlapi.key".into(), why: Some(OsReason::PermissionDenied) },
        BrlapiError::KeyFile { path: "/etc/brlapi.key".into(), why: Some(OsReason::NotFound) },
        BrlapiError::Authentication,
        BrlapiError::NoAuthMethod(vec![3]),
        BrlapiError::NoDisplay,
        BrlapiError::Refused { request: "the tty", code: 6 },
        BrlapiError::Exception { code: 6, kind: 0x74 },
        BrlapiError::Protocol("short packet".into()),
        BrlapiError::NotReady,
        BrlapiError::Io(io_error(io::ErrorKind::ConnectionReset)),
    ];
    for e in &all {
        match e {
            BrlapiError::Address(..)
            | BrlapiError::Unreachable(_)
            | BrlapiError::Forbidden(_)
            | BrlapiError::Timeout(_)
            | BrlapiError::Closed
            | BrlapiError::Version(_)
            | BrlapiError::KeyFile { .. }
            | BrlapiError::Authentication
            | BrlapiError::NoAuthMethod(_)
            | BrlapiError::NoDisplay
            | BrlapiError::Refused { .. }
            | BrlapiError::Exception { .. }
            | BrlapiError::Protocol(_)
            | BrlapiError::NotReady
            | BrlapiError::Io(_) => {}
        }
    }
    all
}

fn board_errors() -> Vec<BoardError> {
    let all = vec![
        BoardError::Table(TableError::NoTable("xx".into())),
        BoardError::Style("board.toml: broken".into()),
        BoardError::SameCell { lang: "es".into() },
    ];
    for e in &all {
        match e {
            BoardError::Table(_) | BoardError::Style(_) | BoardError::SameCell { .. } => {}
        }
    }
    all
}

fn engine_errors() -> Vec<EngineError> {
    let all = vec![
        EngineError::Start { command: "stockfish".into(), why: OsReason::NotFound },
        EngineError::Stopped,
        EngineError::Silent(Duration::from_secs(3)),
        EngineError::NoMove("(none)".into()),
    ];
    for e in &all {
        match e {
            EngineError::Start { .. } | EngineError::Stopped | EngineError::Silent(_) | EngineError::NoMove(_) => {}
        }
    }
    all
}

fn speech_errors() -> Vec<SpeechError> {
    let all = vec![
        SpeechError::BadChoice("loud".into()),
        SpeechError::UnknownLanguage("figurine".into()),
        SpeechError::NoVoice("nl".into()),
        SpeechError::VoiceNotFound("Anna".into()),
        SpeechError::BadSetting { what: "speech-rate", value: 2.5 },
        SpeechError::NoAnswer(Duration::from_secs(3)),
        SpeechError::Silent(Duration::from_secs(20)),
        SpeechError::Crashed,
        SpeechError::Tts(tts::Error::OperationFailed),
        SpeechError::Tts(tts::Error::Io(io_error(io::ErrorKind::ConnectionRefused))),
        SpeechError::Dir { path: "/tmp/x".into(), source: io_error(io::ErrorKind::ReadOnlyFilesystem) },
        SpeechError::Spawn(io_error(io::ErrorKind::NotFound)),
        SpeechError::Espeak { status: "exit status: 1".into(), stderr: "Error: no voice".into() },
        SpeechError::NotBuiltIn(tiflo::NotBuiltIn::new("tts")),
        SpeechError::Stopped,
    ];
    for e in &all {
        match e {
            SpeechError::BadChoice(_)
            | SpeechError::UnknownLanguage(_)
            | SpeechError::NoVoice(_)
            | SpeechError::VoiceNotFound(_)
            | SpeechError::BadSetting { .. }
            | SpeechError::NoAnswer(_)
            | SpeechError::Silent(_)
            | SpeechError::Crashed
            | SpeechError::Tts(_)
            | SpeechError::Dir { .. }
            | SpeechError::Spawn(_)
            | SpeechError::Espeak { .. }
            | SpeechError::NotBuiltIn(_)
            | SpeechError::Stopped => {}
        }
    }
    all
}

fn model_errors() -> Vec<ModelError> {
    let dir = || "/home/ana/.local/share/tiflo/models".into();
    let all = vec![
        ModelError::NoConnection { lang: "es".into(), host: "alphacephei.com".into(), dir: dir() },
        ModelError::DownloadFailed { lang: "pt".into(), host: "alphacephei.com".into(), dir: dir(), reason: "curl: (22) 404".into() },
        ModelError::UnpackFailed { lang: "fr".into(), dir: dir(), reason: "unzip: 9".into() },
        ModelError::NoDownload { lang: "nl".into(), dir: dir() },
        ModelError::NotInstalled { lang: "de".into(), dir: dir() },
        ModelError::Folder { dir: dir(), reason: OsReason::PermissionDenied },
        ModelError::ChecksumMismatch { lang: "es".into(), host: "alphacephei.com".into(), dir: dir(), expected: "ab12".into(), got: "cd34".into() },
        ModelError::ChecksumUnknown { lang: "it".into(), dir: dir() },
    ];
    for e in &all {
        match e {
            ModelError::NoConnection { .. }
            | ModelError::DownloadFailed { .. }
            | ModelError::UnpackFailed { .. }
            | ModelError::NoDownload { .. }
            | ModelError::NotInstalled { .. }
            | ModelError::Folder { .. }
            | ModelError::ChecksumMismatch { .. }
            | ModelError::ChecksumUnknown { .. } => {}
        }
    }
    all
}

fn hear_errors() -> Vec<HearError> {
    let mut all = vec![
        HearError::Unavailable { engine: "pocketsphinx", reason: Said::new("why-hear-english-only").data("lang", "es") },
        HearError::EmptyGrammar { engine: "vosk" },
        HearError::Failed { engine: "vosk", reason: "no grammar was set".into() },
        HearError::NotBuiltIn(tiflo::NotBuiltIn::new("vosk")),
    ];
    all.extend(model_errors().into_iter().map(HearError::NoModel));
    for e in &all {
        match e {
            HearError::Unavailable { .. }
            | HearError::EmptyGrammar { .. }
            | HearError::Failed { .. }
            | HearError::NoModel(_)
            | HearError::NotBuiltIn(_) => {}
        }
    }
    all
}

fn mic_troubles() -> Vec<MicTrouble> {
    let all = vec![
        MicTrouble::NoMicrophone,
        MicTrouble::NoInputNamed { name: "USB".into(), inputs: "default, hw:0".into() },
        MicTrouble::Format("u24".into()),
        MicTrouble::Unplugged,
        MicTrouble::System("ALSA function 'snd_pcm_open' failed with error 'EIO'".into()),
    ];
    for t in &all {
        match t {
            MicTrouble::NoMicrophone
            | MicTrouble::NoInputNamed { .. }
            | MicTrouble::Format(_)
            | MicTrouble::Unplugged
            | MicTrouble::System(_) => {}
        }
    }
    all
}

fn audio_errors() -> Vec<AudioError> {
    let mut all = vec![
        AudioError::Wav { path: "moves.wav".into(), why: Some(OsReason::NotFound) },
        AudioError::Wav { path: "moves.wav".into(), why: None },
        AudioError::Stdin(io_error(io::ErrorKind::UnexpectedEof)),
    ];
    all.extend(mic_troubles().into_iter().map(|reason| AudioError::Mic { reason }));
    all.push(AudioError::NotBuiltIn(tiflo::NotBuiltIn::new("mic")));
    for e in &all {
        match e {
            AudioError::Wav { .. } | AudioError::Stdin(_) | AudioError::Mic { .. } | AudioError::NotBuiltIn(_) => {}
        }
    }
    all
}

fn adapt_errors() -> Vec<AdaptError> {
    let take = |why| AdaptError::Take { file: "/home/ana/takes/07.wav".into(), prompt: "b four d four f four h four".into(), why };
    let model = |why| AdaptError::Model { dir: "/usr/share/pocketsphinx/model/en-us/en-us".into(), why };
    let mut all = vec![
        AdaptError::ToolMissing { tool: "map_adapt".into(), package: "sphinxtrain" },
        AdaptError::ToolFailed { tool: "bw".into(), why: ToolTrouble::Start(OsReason::PermissionDenied) },
        AdaptError::ToolFailed { tool: "bw".into(), why: ToolTrouble::Exit(Some(1)) },
        AdaptError::ToolFailed { tool: "bw".into(), why: ToolTrouble::Exit(None) },
        AdaptError::ToolFailed { tool: "bw".into(), why: ToolTrouble::Said("ERROR: \"main.c\", line 98: Failed to open".into()) },
        take(TakeTrouble::TooShort),
        take(TakeTrouble::NothingHeard),
        model(ModelTrouble::Unreadable { file: "feat.params", why: OsReason::NotFound }),
        model(ModelTrouble::Weights(WeightsTrouble::EndsEarly)),
        model(ModelTrouble::Weights(WeightsTrouble::Header)),
        model(ModelTrouble::Weights(WeightsTrouble::Clustered)),
        model(ModelTrouble::Weights(WeightsTrouble::Size { found: 9, expected: 12 })),
        AdaptError::Folder { dir: "/home/ana/.local/share/tiflo/models".into(), why: OsReason::Full },
        AdaptError::Microphone(MicFailure::Thread(OsReason::Other("Ressource temporairement indisponible".into()))),
        AdaptError::Microphone(MicFailure::Stopped),
    ];
    all.extend(audio_errors().into_iter().map(|e| take(TakeTrouble::Unreadable(e))));
    all.extend(audio_errors().into_iter().map(|e| AdaptError::Microphone(MicFailure::Audio(e))));
    for e in &all {
        match e {
            AdaptError::ToolMissing { .. }
            | AdaptError::ToolFailed { why: ToolTrouble::Start(_) | ToolTrouble::Exit(_) | ToolTrouble::Said(_), .. }
            | AdaptError::Take { why: TakeTrouble::Unreadable(_) | TakeTrouble::TooShort | TakeTrouble::NothingHeard, .. }
            | AdaptError::Model { why: ModelTrouble::Unreadable { .. }, .. }
            | AdaptError::Model {
                why: ModelTrouble::Weights(WeightsTrouble::EndsEarly | WeightsTrouble::Header | WeightsTrouble::Clustered | WeightsTrouble::Size { .. }),
                ..
            }
            | AdaptError::Folder { .. }
            | AdaptError::Microphone(MicFailure::Audio(_) | MicFailure::Thread(_) | MicFailure::Stopped) => {}
        }
    }
    all
}

fn journal_errors() -> Vec<JournalError> {
    let path = || "/home/ana/partida.jsonl".into();
    let all = vec![
        JournalError::CreateDir { path: path(), source: io_error(io::ErrorKind::PermissionDenied) },
        JournalError::Create { path: path(), source: io_error(io::ErrorKind::ReadOnlyFilesystem) },
        JournalError::Open { path: path(), source: io_error(io::ErrorKind::NotFound) },
        JournalError::Read { path: path(), source: io_error(io::ErrorKind::InvalidData) },
        JournalError::Write { path: path(), source: io_error(io::ErrorKind::StorageFull) },
        JournalError::Sync { path: path(), source: io_error(io::ErrorKind::Other) },
        JournalError::Encode(serde_json::from_str::<u8>("x").unwrap_err()),
        JournalError::Poisoned { path: path() },
        JournalError::Damaged { path: path(), problem: Problem::Corrupt { line: 7 }, records_before: 6 },
        JournalError::NotAFile { path: path(), kind: NotAFile::Folder },
    ];
    for e in &all {
        match e {
            JournalError::CreateDir { .. }
            | JournalError::Create { .. }
            | JournalError::Open { .. }
            | JournalError::Read { .. }
            | JournalError::Write { .. }
            | JournalError::Sync { .. }
            | JournalError::Encode(_)
            | JournalError::Poisoned { .. }
            | JournalError::Damaged { .. }
            | JournalError::NotAFile { .. } => {}
        }
    }
    all
}

/// Every kind of error reading a game (`tiflo convert`), with and without
/// candidates.
fn read_errors() -> Vec<ReadError> {
    let san = Dialect::new(Notation::San, Lang::De).unwrap();
    let moves = [
        MoveErrorKind::Syntax(Syntax::NoDestination),
        MoveErrorKind::NoLegalMove,
        MoveErrorKind::Ambiguous,
        MoveErrorKind::PromotionPieceMissing,
        MoveErrorKind::CaptureMarkOnQuietMove,
        MoveErrorKind::EnPassantMarkOnOtherMove,
        MoveErrorKind::PromotionMarkOnOtherMove,
        MoveErrorKind::OtherPromotion,
    ];
    let mut kinds: Vec<ReadErrorKind> = moves.into_iter().map(ReadErrorKind::Move).collect();
    kinds.extend([
        ReadErrorKind::MoveNumber { found: 22, expected: 21 },
        ReadErrorKind::MarkWithoutMove,
        ReadErrorKind::UnopenedVariation,
        ReadErrorKind::BadVariation,
        ReadErrorKind::UnclosedComment,
        ReadErrorKind::BadTag,
        ReadErrorKind::BadFen("invalid castling rights".into()),
        ReadErrorKind::Variant("Crazyhouse".into()),
        ReadErrorKind::AmbiguousNotation(vec![(san, "Sf3".into()), (Dialect::PGN, "Nf3".into()), (san, "Lb5".into())]),
        ReadErrorKind::Incomplete { announced: Some("1-0".into()) },
        ReadErrorKind::Incomplete { announced: Some("*".into()) },
        ReadErrorKind::Incomplete { announced: None },
        ReadErrorKind::NullMove,
    ]);
    let mut all = Vec::new();
    for (i, kind) in kinds.into_iter().enumerate() {
        all.push(ReadError {
            game: 3,
            move_number: 17,
            side: if i % 2 == 0 { shakmaty::Color::White } else { shakmaty::Color::Black },
            line: 40,
            column: 12,
            token: "Qxe1".into(),
            dialect: san,
            kind,
            fen: "r2k3r/2pPp3/p4n2/3b2B1/1p5P/2qP4/3RQ1P1/4K2R w - - 2 31".into(),
            candidates: if i % 3 == 0 { vec!["Qd1".into(), "Qf1".into()] } else { Vec::new() },
        });
    }
    all
}

/// The English words of a read error are the library's `Display`, and
/// every pack says it whole.
#[test]
fn read_errors_are_said_in_every_pack() {
    let errors = read_errors();
    for e in &errors {
        assert_eq!(e.to_string(), Texts::new(Lang::En).say(&e.said()));
    }
    let faults = faults(&said(errors));
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

/// The packs of `voices/<lang>/notation.ftl`: Brazilian Portuguese too.
const NOTATION_PACKS: [&str; 7] = ["es", "pt", "pt-BR", "fr", "de", "it", "nl"];

/// Every dialect a game can be read in.
fn dialects() -> Vec<Dialect> {
    let mut all = Vec::new();
    for notation in Notation::ALL {
        for pieces in Pieces::ALL.into_iter().chain([Pieces::Letters(Lang::PtBr)]) {
            if let Ok(d) = Dialect::new(notation, pieces)
                && !all.contains(&d)
            {
                all.push(d);
            }
        }
    }
    all
}

/// The detail of a syntax error and the name of the notation are said in
/// the pack's language too: every problem, read in every dialect, through
/// every pack (Brazilian Portuguese included); in English, the library's
/// `Display` words.
#[test]
fn syntax_errors_and_notation_names_are_said_in_every_pack() {
    let dialects = dialects();
    assert!(dialects.len() > 12, "{}", dialects.len());
    let mut errors = Vec::new();
    for (i, problem) in Syntax::ALL.into_iter().enumerate() {
        for (j, &dialect) in dialects.iter().enumerate() {
            errors.push(ReadError {
                game: 1,
                move_number: 9,
                side: if (i + j) % 2 == 0 { shakmaty::Color::White } else { shakmaty::Color::Black },
                line: 12,
                column: 3,
                token: "Sf3".into(),
                dialect,
                kind: ReadErrorKind::Move(MoveErrorKind::Syntax(problem)),
                fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
                candidates: Vec::new(),
            });
        }
        assert_eq!(Texts::new(Lang::En).say(&problem.said()), problem.to_string());
    }
    for e in &errors {
        assert_eq!(e.to_string(), Texts::new(Lang::En).say(&e.said()));
    }
    // Two readings of one text, as the ambiguity names them.
    let readings = dialects.windows(2).map(|w| {
        ReadErrorKind::AmbiguousNotation(vec![(w[0], "Sf3".into()), (w[1], "Nf3".into())])
    });
    let mut said: Vec<Said> = errors.iter().map(Reason::said).collect();
    for kind in readings {
        let mut e = errors[0].clone();
        e.kind = kind;
        assert_eq!(e.to_string(), Texts::new(Lang::En).say(&e.said()));
        said.push(e.said());
    }
    let faults = faults_in(&NOTATION_PACKS, &said);
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

/// Every message of the English `notation.ftl` is in every pack, its
/// arguments filled with data, and holds no English words there.
#[test]
fn every_notation_message_is_in_every_pack_without_english() {
    let text = include_str!("../voices/en/notation.ftl");
    let mut all = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && l.contains(" = ")) {
        let (id, value) = line.split_once(" = ").unwrap();
        let id: &'static str = Box::leak(id.trim().to_owned().into_boxed_str());
        let mut said = Said::new(id);
        for part in value.split("{ $").skip(1) {
            let name = part.split(' ').next().unwrap();
            said = if name == "lines" || name == "first" {
                said.number(Box::leak(name.to_owned().into_boxed_str()), 3)
            } else {
                said.data(Box::leak(name.to_owned().into_boxed_str()), "games.pgn")
            };
        }
        all.push(said);
    }
    assert!(all.len() > 60, "{}", all.len());
    for code in NOTATION_PACKS {
        let pack = Texts::pack(code).unwrap();
        for said in &all {
            assert!(pack.has_own(said.id()), "{code} lacks {}", said.id());
        }
    }
    let faults = faults_in(&NOTATION_PACKS, &all);
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

fn said<R: Reason>(all: Vec<R>) -> Vec<Said> {
    all.iter().map(Reason::said).collect()
}

#[test]
fn every_error_reason_is_said_whole_in_every_pack() {
    let mut reasons = Vec::new();
    reasons.extend(said(os_reasons()));
    reasons.extend(said(serial_errors()));
    reasons.extend(said(brlapi_errors()));
    reasons.extend(said(board_errors()));
    reasons.extend(said(engine_errors()));
    reasons.extend(said(speech_errors()));
    reasons.extend(said(hear_errors()));
    reasons.extend(said(audio_errors()));
    reasons.extend(said(journal_errors()));
    reasons.extend(said(adapt_errors()));
    reasons.extend(said(vec![io_error(io::ErrorKind::AddrInUse)]));
    // Two openers' reasons joined, as the braille driver says them.
    reasons.push(BrlapiError::Unreachable("/var/lib/BrlAPI/0".into()).said().and(serial_errors().remove(0).said()));
    let faults = faults(&reasons);
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

/// Every reason message of the English pack (also those built where the
/// drivers fail, such as the DGT board's), its arguments filled with data.
#[test]
fn every_reason_message_is_in_every_pack_without_english() {
    let text = include_str!("../voices/en/reasons.ftl");
    let mut reasons = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("why-")) {
        let (id, value) = line.split_once(" = ").unwrap();
        let id: &'static str = Box::leak(id.trim().to_owned().into_boxed_str());
        let mut said = Said::new(id);
        for part in value.split("{ $").skip(1) {
            let name = part.split(' ').next().unwrap();
            said = said.data(Box::leak(name.to_owned().into_boxed_str()), "/dev/ttyACM0");
        }
        reasons.push(said);
    }
    assert!(reasons.len() > 80, "{}", reasons.len());
    let faults = faults(&reasons);
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

/// The check finds what it looks for: the Spanish sentence of issue 21,
/// made as tiflo made it before reasons were typed (the driver's English
/// text inside the Spanish sentence).
#[test]
fn the_check_finds_english_inside_a_localised_sentence() {
    let old = "braille display on /dev/ttyUSB7: No such file or directory";
    let sentence = |code: &str| {
        let mut args = fluent_bundle::FluentArgs::new();
        args.set("why", old);
        Texts::pack(code).unwrap().get("braille-missing", Some(&args))
    };
    let es = sentence("es");
    assert_eq!(es, "No hay línea braille: braille display on /dev/ttyUSB7: No such file or directory. Sigo buscándola.");
    let found = english_words("es", &es, &sentence("en"), &["/dev/ttyUSB7".to_owned()]);
    assert!(found.contains(&"such".to_owned()) && found.contains(&"directory".to_owned()), "{found:?}");
    // The same error, typed, is Spanish throughout.
    let typed = SerialError::Open {
        port: "/dev/ttyUSB7".into(),
        source: serialport::Error::new(serialport::ErrorKind::Io(io::ErrorKind::NotFound), "No such file or directory"),
    }
    .said();
    let mut args = fluent_bundle::FluentArgs::new();
    let texts = Texts::pack("es").unwrap();
    args.set("why", texts.say(&typed));
    assert_eq!(texts.get("braille-missing", Some(&args)), "No hay línea braille: el puerto /dev/ttyUSB7: no existe. Sigo buscándola.");
    // A pack that lacks a reason's message is found too.
    let missing = faults(&[Said::new("why-no-such-message")]);
    assert!(missing.contains(&"en lacks why-no-such-message".to_owned()), "{missing:?}");
    assert!(missing.contains(&"nl lacks why-no-such-message".to_owned()), "{missing:?}");
}
