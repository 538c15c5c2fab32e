//! The `tiflo` command line.
//!
//! Every command is a subcommand of `tiflo` (`tiflo --help` lists them):
//! `convert`, `fen`, `compare` (the notation tools), `daemon` (a game),
//! `scoresheet`, `announce`, `braille`, `hear`, `adapt` and `models`. This
//! file parses the arguments; [`cli`] holds commands in files of their own.
//! Errors get their context here (`anyhow`), the library's being typed.
//!
//! Exit status: 0 when all went well; 1 when what was read is wrong (an
//! unreadable move, two scoresheets that differ, a damaged journal); 2 for a
//! usage or I/O error. Every command writes standard output through [`out`],
//! so that output closed by its reader (`tiflo convert ... | head`) ends the
//! command quietly with 0, as ripgrep does.

/// Prints a line on standard output ([`out`]): an error, such as the
/// output closed by its reader, is returned, never a panic.
macro_rules! outln {
    ($($arg:tt)*) => {
        std::io::Write::write_fmt(&mut crate::out(), format_args!("{}\n", format_args!($($arg)*))).context("writing the output")
    };
}

mod cli;

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};

use tiflo::speaking::announce::{Announcer, Files, Style};
use tiflo::pgn::convert;
use tiflo::speaking::speech;
use tiflo::game::entry::Entry;
use tiflo::game::session::Session;
use tiflo::daemon::{self, config};
use tiflo::game::journal;
use tiflo::i18n::{Reason, Said, Texts};
use tiflo::notation::position::{self, Castling, Extras, RowSeparator};
use tiflo::notation::{Dialect, Lang, Notation, Pieces};
use tiflo::pgn::{ReadAs, ReadError};
use tiflo::game::scoresheet::{self, Comparison};
use shakmaty::{CastlingMode, Chess};

fn help_lists() -> String {
    let mut s = String::from("Notations:\n");
    for n in Notation::ALL {
        s.push_str(&format!("  {:<12} {}\n", n.code(), n.describe()));
    }
    s.push_str("  auto         (reading only) detect the notation and language of each game\n\nPiece signs (--lang, --from-lang):\n");
    for p in Pieces::ALL {
        let letters: String = if p == Pieces::Figurines {
            "♔ ♕ ♖ ♗ ♘ (and ♚ ♛ ♜ ♝ ♞)".to_owned()
        } else {
            [shakmaty::Role::King, shakmaty::Role::Queen, shakmaty::Role::Rook, shakmaty::Role::Bishop, shakmaty::Role::Knight]
                .map(|r| p.letter(r).to_string())
                .join(" ")
        };
        s.push_str(&format!("  {:<12} {:<12} {letters}\n", p.code(), p.name()));
    }
    s.push_str("\nFigurines are piece signs, not a language: `--lang figurine` writes them with English words;\n");
    s.push_str("`--figurines` writes them with the words of --lang.\n");
    s.push_str("\nDescriptive notation is read and written in en and es.\n");
    s
}

/// tiflo keeps a blind chess player's scoresheet: it reads and writes every
/// notation a player, an arbiter or an old book uses, and never records a
/// move it is not sure of.
#[derive(Parser)]
#[command(name = "tiflo", version, after_help = help_lists())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read games (PGN or bare movetext) and write them in another notation.
    ///
    /// Every move must read as exactly one legal move. An unreadable move is
    /// reported on standard error with its game, move number, line and column,
    /// the position and the candidate moves; that game is left out of the
    /// output, the other games are still converted, and the exit status is 1.
    #[command(after_help = help_lists())]
    Convert(ConvertArgs),
    /// Convert a position between FEN and the Forsyth form (the board alone,
    /// rows on separate lines or separated by `/` or `|`).
    #[command(after_help = help_lists())]
    Fen(FenArgs),
    /// Find the first move where two scoresheets of one game differ
    /// (FIDE Appendix D: the game is retraced to the last point where the
    /// scoresheets agree). Exit status: 0 identical, 1 different, 2 error.
    Compare(CompareArgs),
    /// Play a game: read moves (any notation, for the side to move) and
    /// commands from standard input, one per line, and print every sentence
    /// tiflo would speak as a line starting with `say: `. The game is
    /// journaled (flushed to disk before a move is announced) and resumed
    /// from the journal after a crash.
    ///
    /// Settings: the profile named by --config, then the user's file
    /// ($XDG_CONFIG_HOME/tiflo/config.toml), then these flags.
    Daemon(DaemonArgs),
    /// Print every move of the games in a file as tiflo announces it
    /// ("caballo toma alfil en e5"), one line per move: the move number, the
    /// move in short algebraic, and the phrase. With --wav, also synthesise
    /// each phrase with espeak-ng into DIR/NNNN.wav.
    Announce(AnnounceArgs),
    /// Print the record of a game journal as PGN or as a printed scoresheet.
    /// The journal is only read, never changed.
    Scoresheet(ScoresheetArgs),
    /// Show the board or a move as a braille display shows it: one line of
    /// Unicode braille per pan segment, starting with `braille: `, each
    /// followed by its print gloss.
    #[command(subcommand)]
    Braille(cli::braille::BrailleCommand),
    /// Hear the moves said in a sound file: one JSON line per utterance with
    /// what was heard, the decision (accept, ask, reject), the move, the
    /// candidates offered and the time from the end of the utterance to the
    /// decision. With --text, the words given are understood instead, with
    /// no sound.
    Hear(HearArgs),
    /// Adapt the English recogniser (pocketsphinx) to your voice: read 36
    /// short phrases aloud once (every square, the pieces, the file words,
    /// some commands); tiflo says each phrase and records it from the
    /// microphone, or takes the recordings from --wavs. The adapted model goes
    /// into the models folder and is used from then on.
    Adapt(AdaptArgs),
    /// The speech recogniser's models: list the installed ones, or download
    /// the small vosk model of a language (where there is internet).
    #[command(subcommand)]
    Models(ModelsCommand),
}

#[derive(Subcommand)]
enum ModelsCommand {
    /// List the installed models: folder name, language and folder, from
    /// the models folder and the system-wide ones.
    List(ModelsDir),
    /// Download and unpack the small vosk model of LANG (es, pt, en, de, fr
    /// or it) into the models folder, its archive checked against the
    /// SHA-256 pinned in tiflo. Without internet, copy a vosk model folder
    /// into the models folder instead.
    Fetch {
        /// The language code.
        lang: String,
        #[command(flatten)]
        dir: ModelsDir,
        /// Install the archive even when tiflo knows no checksum for it
        /// (its SHA-256 is then shown); one whose checksum differs is
        /// refused all the same.
        #[arg(long)]
        unverified: bool,
    },
}

#[derive(Args)]
struct ModelsDir {
    /// The models folder (default: the `models-dir` setting, else
    /// $XDG_DATA_HOME/tiflo/models or ~/.local/share/tiflo/models). With
    /// --dir, `list` shows that folder only.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Engine {
    /// Offline recogniser with models per language (`tiflo models`).
    Vosk,
    /// US English, installed with Debian's pocketsphinx-en-us.
    Pocketsphinx,
    /// English, a neural model installed by scripts/moonshine-model.sh.
    Moonshine,
}

#[derive(Args)]
struct HearArgs {
    /// The language pack of the words said: es, pt, en, fr, de, it, nl, fide.
    #[arg(long, default_value = "en")]
    lang: String,
    /// The recogniser (default: vosk when a model for the language is
    /// installed, else pocketsphinx).
    #[arg(long, value_enum)]
    engine: Option<Engine>,
    /// The recogniser's model folder.
    #[arg(long, value_name = "DIR")]
    model: Option<PathBuf>,
    /// pocketsphinx: the voice adaptation to use (a folder made by `tiflo
    /// adapt`; default: for a recording at 8 kHz, a headset in call mode,
    /// the telephone-band model made by scripts/phone-model.sh; otherwise
    /// the player's own in the models folder, and failing that, above
    /// 8 kHz, the hall model made by scripts/hall-model.sh, if installed).
    #[arg(long, value_name = "DIR", conflicts_with = "no_adapted")]
    adapted: Option<PathBuf>,
    /// pocketsphinx: hear with the model as installed, without the voice
    /// adaptation, the telephone-band model or the hall model.
    #[arg(long)]
    no_adapted: bool,
    /// The position the moves are said in (default: the starting position).
    #[arg(long, value_name = "FEN", conflicts_with = "moves")]
    fen: Option<String>,
    /// The moves played from the starting position, in UCI (e2e4 e7e5 ...),
    /// before or after the sound file.
    #[arg(long, value_name = "UCI", num_args = 1..)]
    moves: Vec<String>,
    /// Understand these words as if heard (no sound, no recogniser): one
    /// JSON line for each --text, as for an utterance, to check how a
    /// phrasing is read. The decision is the understanding's own; a
    /// recogniser that is not trusted (pocketsphinx) has its readings asked.
    #[arg(long, value_name = "WORDS", conflicts_with_all = ["engine", "model", "adapted", "no_adapted"])]
    text: Vec<String>,
    /// Listen for "to" after a piece's name ("knight to f three", "pawn to
    /// e four"), as the daemon does with `hear-to = true` (the home
    /// profile); what is heard is understood with or without it either way.
    #[arg(long)]
    to: bool,
    /// The sound (WAV, any rate), or `-` for raw 16 kHz mono 16-bit PCM;
    /// none with --text.
    file: Option<PathBuf>,
}

#[derive(Args)]
struct AdaptArgs {
    /// Only print the phrases, numbered, and stop (to record them with
    /// another program as 01.wav, 02.wav ...).
    #[arg(long)]
    prompts: bool,
    /// Take the recordings from this folder (01.wav for the first phrase,
    /// 02.wav for the second ...; any rate) instead of the microphone.
    #[arg(long, value_name = "DIR")]
    wavs: Option<PathBuf>,
    /// The microphone: the default input, or the input with this name.
    #[arg(long, value_name = "NAME")]
    mic: Option<String>,
    /// The language tiflo speaks in while adapting (default: the settings').
    #[arg(long)]
    lang: Option<String>,
    /// Where the adapted model goes (default: the models folder of the
    /// settings).
    #[arg(long, value_name = "DIR")]
    models_dir: Option<PathBuf>,
    /// Print what tiflo says instead of speaking it.
    #[arg(long)]
    text: bool,
}

#[derive(Args)]
struct DaemonArgs {
    /// Profile (TOML), such as config/home.toml or config/tournament.toml.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Study a game: replay it move by move with `next` and `back` (or guess
    /// its moves), announced and shown in braille. The study has its own
    /// journal beside the game's, so it resumes where it was left.
    #[arg(long, value_name = "GAME.pgn")]
    study: Option<PathBuf>,
    /// Which game of the --study file (1 is the first).
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: usize,
    /// Language tiflo speaks and reads piece letters in: es, pt, en, fr, de, it, nl.
    #[arg(long)]
    lang: Option<String>,
    /// The game journal (default: $XDG_STATE_HOME/tiflo/game.journal).
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
    /// Time control, such as 5400+30 or 40/5400+30:1800+30 (see config/README.md).
    #[arg(long, value_name = "TC")]
    time_control: Option<String>,
    /// The blind player's colour: white or black.
    #[arg(long)]
    side: Option<String>,
    /// Who keeps the time: own (tiflo) or mirror (a physical clock).
    #[arg(long)]
    clock: Option<String>,
    /// When moves are read back for a yes or no: always or unsure.
    #[arg(long)]
    confirm: Option<String>,
    /// Speech: tts (the system's engine, speech-dispatcher), wav:DIR (one
    /// WAV file per sentence, espeak-ng) or text (the say: lines only).
    /// With tts, tiflo falls back to text when no engine answers, and says so.
    /// Default: the `speech` setting (tts).
    #[arg(long, value_name = "tts|wav:DIR|text", overrides_with = "speech")]
    speech: Option<String>,
    /// Spoken moves and commands: mic, wav:FILE (a recording played as if
    /// said live), pcm:FILE (raw 16 kHz mono 16-bit little-endian samples
    /// from a file or a named pipe, heard as they arrive) or none (moves are
    /// typed), or auto (the microphone when one works; otherwise that is said
    /// and moves are typed). Default: the `listen` setting (auto).
    #[arg(long, value_name = "auto|mic[:NAME]|wav:FILE|pcm:FILE|none", overrides_with = "listen")]
    listen: Option<String>,
    /// The recogniser: auto (vosk when a model for the language is
    /// installed, else pocketsphinx for English), vosk, pocketsphinx or
    /// moonshine (English).
    #[arg(long, default_value = "auto", value_name = "auto|vosk|pocketsphinx|moonshine")]
    engine: String,
    /// When the player is heard: always (each utterance found by its
    /// pauses), or push (what is said while the braille display's talk key
    /// is held down, or the one utterance after an empty line, Enter).
    /// Default: the `talk` setting (always).
    #[arg(long, value_name = "always|push")]
    talk: Option<String>,
    /// The recogniser's model folder (default: found in the models folder).
    #[arg(long, value_name = "DIR")]
    model: Option<PathBuf>,
    /// Braille: auto (through BRLTTY when it runs, else the display on the
    /// `braille-port` setting, else the terminal); brlapi[:ADDR], a running
    /// BRLTTY, ADDR as BRLTTY writes it (:N, HOST or HOST:N; TCP port
    /// 4101+N); serial:PORT[,protocol=baum|handytech]; terminal (`braille:`
    /// lines of Unicode braille); or none. Default: the profile's `braille`
    /// setting (auto).
    #[arg(long, value_name = "auto|brlapi[:ADDR]|serial:PORT|terminal|none")]
    braille: Option<String>,
    /// The assistant's and arbiter's page: off, local[:PORT] (127.0.0.1
    /// only) or lan[:PORT] (the hall's network, with a pairing code). Port
    /// 0 takes any free port (said at start). Default: the profile's `page`
    /// setting.
    #[arg(long, value_name = "off|local[:PORT]|lan[:PORT]")]
    page: Option<String>,
    /// A DGT electronic board on the opponent's side: its serial port (such
    /// as /dev/ttyACM0), or `none`. Default: the profile's `dgt` setting.
    #[arg(long, value_name = "PORT|none")]
    dgt: Option<String>,
    /// Practice: a chess engine (a UCI command, such as stockfish) plays the
    /// opponent's side; `none` for no engine. Default: the profile's
    /// `opponent` setting.
    #[arg(long, value_name = "COMMAND|none")]
    opponent: Option<String>,
    /// The engine's strength: a skill level from 1 to 20, or an Elo rating
    /// from 1320 to 3200.
    #[arg(long, value_name = "N")]
    opponent_strength: Option<i64>,
}

#[derive(Args)]
struct AnnounceArgs {
    #[command(flatten)]
    read: ReadOpts,
    /// The words: a language code (es, pt, en, fr, de, it, nl) or fide.
    #[arg(long, default_value = "es")]
    lang: String,
    /// short ("caballo f3") or long ("caballo g1 f3").
    #[arg(long, default_value = "short")]
    style: String,
    /// How files are said: letters, fide, nato or phonetic.
    #[arg(long, default_value = "letters")]
    files: String,
    /// Also write each phrase as speech to DIR/NNNN.wav (espeak-ng).
    #[arg(long, value_name = "DIR")]
    wav: Option<PathBuf>,
    /// The games (PGN or bare movetext, any notation), or `-`.
    #[arg(default_value = "-")]
    file: PathBuf,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum SheetFormat {
    /// Standard PGN (English algebraic, clock times, draw offers).
    Pgn,
    /// A printed scoresheet in the language of --lang.
    Text,
    /// The printed scoresheet as an HTML page to print (players, event,
    /// round, moves with their marks and clock times, the end, the result,
    /// both signatures).
    Html,
}

#[derive(Args)]
struct ScoresheetArgs {
    /// Output layout.
    #[arg(long, value_enum, default_value = "pgn")]
    format: SheetFormat,
    /// The printed scoresheet as an HTML page (the same as --format html).
    #[arg(long, conflicts_with = "format")]
    html: bool,
    /// Language of the printed scoresheet (default: the game's); `figurine`
    /// prints figurines with English words.
    #[arg(long)]
    lang: Option<String>,
    /// Print the pieces as figurines (♘f3), with the words of --lang.
    #[arg(long)]
    figurines: bool,
    /// The journal file.
    journal: PathBuf,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    /// PGN-shaped text: tags, then the moves.
    Pgn,
    /// A printed scoresheet in the language of --lang.
    Scoresheet,
}

#[derive(Args)]
struct ReadOpts {
    /// Notation of the input, or `auto` to detect it per game.
    #[arg(long, default_value = "auto")]
    from: String,
    /// Language of the input's piece letters, or `figurine` (default:
    /// detected).
    #[arg(long, value_name = "LANG")]
    from_lang: Option<String>,
}

impl ReadOpts {
    fn read_as(&self) -> Result<ReadAs> {
        let lang = self.from_lang.as_deref().map(str::parse::<Pieces>).transpose()?;
        if self.from == "auto" {
            return Ok(match lang {
                Some(l) => ReadAs::Dialect(Dialect::new(Notation::San, l)?),
                None => ReadAs::Auto,
            });
        }
        let n: Notation = self.from.parse()?;
        Ok(match lang {
            Some(l) => ReadAs::Dialect(Dialect::new(n, l)?),
            None if !n.uses_lang() => ReadAs::Dialect(Dialect::new(n, Lang::En)?),
            None => ReadAs::Notation(n),
        })
    }
}

#[derive(Args)]
struct ConvertArgs {
    #[command(flatten)]
    read: ReadOpts,
    /// Notation to write.
    #[arg(long)]
    to: String,
    /// Language of the output's piece letters and words, and of the errors;
    /// `figurine` writes figurines with English words.
    #[arg(long, default_value = "en")]
    lang: String,
    /// Write the pieces as figurines (♘f3), with the words of --lang.
    #[arg(long)]
    figurines: bool,
    /// Output layout.
    #[arg(long, value_enum, default_value = "pgn")]
    format: Format,
    /// Threads converting games (default: every core); the output keeps the
    /// input's order.
    #[arg(long)]
    jobs: Option<usize>,
    /// Input file, or `-` for standard input.
    #[arg(default_value = "-")]
    file: PathBuf,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum FenForm {
    Fen,
    Forsyth,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Rows {
    Slash,
    Bar,
    Lines,
}

#[derive(Args)]
struct FenArgs {
    /// Form to write (default: FEN for a Forsyth input, Forsyth for a FEN).
    #[arg(long, value_enum)]
    to: Option<FenForm>,
    /// Language of the Forsyth piece letters written, or `figurine`.
    #[arg(long, default_value = "en")]
    lang: String,
    /// Write the pieces as figurines (♔♚), whatever --lang says.
    #[arg(long)]
    figurines: bool,
    /// Language of the Forsyth piece letters read, or `figurine` (default:
    /// --lang).
    #[arg(long)]
    from_lang: Option<String>,
    /// How Forsyth rows are separated when written.
    #[arg(long, value_enum, default_value = "slash")]
    rows: Rows,
    /// Side to move, for a Forsyth input: white or black.
    #[arg(long, default_value = "white")]
    turn: String,
    /// Castling rights for a Forsyth input: `auto` (every king and rook on its
    /// original square), or FEN rights such as `KQkq` or `-`.
    #[arg(long, default_value = "auto")]
    castling: String,
    /// En passant square for a Forsyth input.
    #[arg(long)]
    ep: Option<String>,
    /// The position (FEN, or Forsyth rows); read from standard input if absent.
    position: Vec<String>,
}

#[derive(Args)]
struct CompareArgs {
    #[command(flatten)]
    read: ReadOpts,
    /// The first scoresheet.
    a: PathBuf,
    /// The second scoresheet.
    b: PathBuf,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Convert(a) => run_convert(a),
        Command::Fen(a) => run_fen(a).map(|()| ExitCode::SUCCESS),
        Command::Compare(a) => run_compare(a),
        Command::Daemon(a) => run_daemon(a).map(|()| ExitCode::SUCCESS),
        Command::Scoresheet(a) => run_scoresheet(a),
        Command::Braille(c) => cli::braille::run(c).map(|()| ExitCode::SUCCESS),
        Command::Announce(a) => run_announce(a),
        Command::Hear(a) => run_hear(a).map(|()| ExitCode::SUCCESS),
        Command::Adapt(a) => run_adapt(a).map(|()| ExitCode::SUCCESS),
        Command::Models(c) => run_models(c).map(|()| ExitCode::SUCCESS),
    };
    match outcome {
        Ok(code) => code,
        // Whoever reads the output has read enough (`tiflo ... | head`):
        // the command ends quietly, as ripgrep does.
        Err(e) if output_closed(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tiflo: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Standard output, locked, whose closing by its reader (a broken pipe) is
/// told apart from any other broken pipe (a helper program that died).
pub(crate) struct Out(io::StdoutLock<'static>);

/// Standard output: every command writes through this.
pub(crate) fn out() -> Out {
    Out(io::stdout().lock())
}

/// The mark of a broken pipe on standard output.
#[derive(Debug, thiserror::Error)]
#[error("standard output was closed")]
struct OutputClosed;

fn mark_closed(e: io::Error) -> io::Error {
    if e.kind() == io::ErrorKind::BrokenPipe { io::Error::new(io::ErrorKind::BrokenPipe, OutputClosed) } else { e }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(mark_closed)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(mark_closed)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(mark_closed)
    }
}

/// Whether `e` comes from standard output closed by its reader.
fn output_closed(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        let marked = c
            .downcast_ref::<io::Error>()
            .and_then(io::Error::get_ref)
            .is_some_and(|inner| inner.is::<OutputClosed>());
        // The daemon writes its own standard output.
        let daemon = matches!(c.downcast_ref::<daemon::DaemonError>(),
            Some(daemon::DaemonError::Output(io)) if io.kind() == io::ErrorKind::BrokenPipe);
        marked || daemon
    })
}

/// A file (or standard input, `-`) that cannot be read, said in words.
fn cannot_read(path: &Path, e: &io::Error, words: &Texts) -> anyhow::Error {
    let said = if path.as_os_str() == "-" {
        Said::new("convert-cannot-read-stdin")
    } else {
        Said::new("convert-cannot-read").data("file", path.display().to_string())
    };
    anyhow::anyhow!(words.say(&said.with("why", e.said())))
}

/// Reads a file (or standard input for `-`) as text; a file that is not
/// UTF-8 is read as Latin-1, as old PGN files often are.
fn read_text(path: &Path, words: &Texts) -> Result<String> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        io::stdin().read_to_end(&mut bytes).map_err(|e| cannot_read(path, &e, words))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| cannot_read(path, &e, words))?;
    }
    // Line by line: a line that is not UTF-8 is read as Latin-1, and the
    // UTF-8 of the others is kept.
    let (text, latin1) = tiflo::pgn::stream::decode(bytes);
    if latin1 > 0 {
        let said = Said::new("convert-latin1").data("file", path.display().to_string()).number("lines", i64::try_from(latin1).unwrap_or(i64::MAX));
        eprintln!("tiflo: {}", words.say(&said));
    }
    Ok(text)
}

fn report(errors: &[ReadError], words: &Texts) {
    let stderr = io::stderr();
    let mut err = stderr.lock();
    for e in errors {
        let _ = writeln!(err, "tiflo: {}", words.say(&e.said()));
    }
}

/// A note of the reader on game `game` (counted from 1), as `tiflo
/// convert` says it.
fn note_said(game: usize, note: &tiflo::pgn::Note) -> Said {
    Said::new("convert-note").number("game", i64::try_from(game).unwrap_or(i64::MAX)).with("note", note.said())
}

fn run_convert(a: ConvertArgs) -> Result<ExitCode> {
    let from = a.read.read_as()?;
    let named: Pieces = a.lang.parse()?;
    let lang = named.lang();
    let pieces = if a.figurines { Pieces::Figurines } else { named };
    let to: Notation = a.to.parse()?;
    let dialect = Dialect::new(to, pieces)?;
    // Errors in the language of the output, as its notes.
    let words = Texts::new(lang);
    if a.format == Format::Pgn {
        // Streamed: a block of games at a time, errors as they come.
        let jobs = a.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
        let input: Box<dyn Read> = if a.file.as_os_str() == "-" {
            Box::new(io::stdin().lock())
        } else {
            Box::new(std::fs::File::open(&a.file).map_err(|e| cannot_read(&a.file, &e, &words))?)
        };
        let mut stdout = io::BufWriter::with_capacity(1 << 16, out());
        let stderr = io::stderr();
        let mut on_error = |e: &ReadError| {
            let _ = writeln!(stderr.lock(), "tiflo: {}", words.say(&e.said()));
        };
        let mut on_note = |game: usize, note: &tiflo::pgn::Note| {
            let _ = writeln!(io::stderr().lock(), "tiflo: {}", words.say(&note_said(game, note)));
        };
        let done = tiflo::pgn::stream::convert_stream(input, from, convert::target_for(dialect), jobs, &mut stdout, &mut on_error, &mut on_note)
            .map_err(|e| {
                // Output closed by its reader: the command ends quietly.
                if e.get_ref().is_some_and(|inner| inner.is::<OutputClosed>()) {
                    anyhow::Error::from(e)
                } else {
                    anyhow::anyhow!(words.say(&Said::new("convert-stopped").with("why", e.said())))
                }
            })?;
        if let Some(line) = done.first_latin1_line {
            let said = Said::new("convert-latin1-first")
                .data("file", a.file.display().to_string())
                .number("lines", i64::try_from(done.latin1_lines).unwrap_or(i64::MAX))
                .number("first", i64::try_from(line).unwrap_or(i64::MAX));
            eprintln!("tiflo: {}", words.say(&said));
        }
        return Ok(if done.failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) });
    }
    let text = read_text(&a.file, &words)?;
    let errors = {
        let texts = Texts::new(lang);
        let mut out = String::new();
        let mut errors = Vec::new();
        let mut notes = Vec::new();
        for (i, g) in scoresheet::read_records(&text, from).into_iter().enumerate() {
            for note in &g.notes {
                notes.push(note_said(i + 1, note));
            }
            match g.error {
                Some(e) => errors.push(e),
                None => {
                    out.push_str(&g.record.to_scoresheet(dialect, &texts));
                    out.push('\n');
                }
            }
        }
        self::out().write_all(out.as_bytes()).context("writing the output")?;
        for note in &notes {
            eprintln!("tiflo: {}", words.say(note));
        }
        errors
    };
    report(&errors, &words);
    Ok(if errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn run_fen(a: FenArgs) -> Result<()> {
    let text = if a.position.is_empty() || a.position == ["-"] {
        let mut s = String::new();
        io::stdin().read_to_string(&mut s).context("reading standard input")?;
        s
    } else {
        a.position.join(" ")
    };
    let lang: Pieces = if a.figurines { Pieces::Figurines } else { a.lang.parse()? };
    let from_lang: Pieces = a.from_lang.as_deref().unwrap_or(&a.lang).parse()?;
    let rows = match a.rows {
        Rows::Slash => RowSeparator::Slash,
        Rows::Bar => RowSeparator::Bar,
        Rows::Lines => RowSeparator::Newline,
    };
    let text = text.trim();
    let (pos, was_fen) = if position::looks_like_fen(text) {
        (position::read_fen(text)?, true)
    } else {
        let board = position::read_forsyth(text, from_lang)?;
        let turn = match a.turn.to_ascii_lowercase().as_str() {
            "white" | "w" => shakmaty::Color::White,
            "black" | "b" => shakmaty::Color::Black,
            other => bail!("--turn takes white or black, not `{other}`"),
        };
        let castling = if a.castling == "auto" { Castling::Auto } else { Castling::Fen(a.castling.clone()) };
        let en_passant = a
            .ep
            .as_deref()
            .map(|s| s.parse::<shakmaty::Square>().map_err(|_| anyhow::anyhow!("--ep takes a square such as e3, not `{s}`")))
            .transpose()?;
        (position::position_from_board(board, &Extras { turn, castling, en_passant })?, false)
    };
    let to = a.to.unwrap_or(if was_fen { FenForm::Forsyth } else { FenForm::Fen });
    let out = match to {
        FenForm::Fen => position::write_fen(&pos),
        FenForm::Forsyth => position::write_forsyth(shakmaty::Position::board(&pos), lang, rows)?,
    };
    outln!("{out}")?;
    Ok(())
}

fn run_compare(a: CompareArgs) -> Result<ExitCode> {
    let from = a.read.read_as()?;
    let mut games = Vec::new();
    // Compare has no language option: its notes are English.
    let words = Texts::new(Lang::En);
    for path in [&a.a, &a.b] {
        let text = read_text(path, &words)?;
        let g = scoresheet::read_records(&text, from).into_iter().next().with_context(|| format!("{} holds no game", path.display()))?;
        games.push(g);
    }
    let (ga, gb) = (&games[0], &games[1]);
    let outcome = scoresheet::compare(&ga.record, &gb.record);
    let read_plies = |g: &scoresheet::ReadGame| if g.error.is_some() { g.record.moves.len() } else { usize::MAX };
    let agreed = read_plies(ga).min(read_plies(gb));
    match outcome {
        Comparison::Differ { ply, a: ma, b: mb } if ply < agreed => {
            let (n, side) = ga.record.move_number(ply);
            let side = if side == shakmaty::Color::White { "White" } else { "Black" };
            let none = "(no move)".to_owned();
            outln!("first difference at move {n} ({side}): {} vs {}", ma.unwrap_or(none.clone()), mb.unwrap_or(none))?;
            outln!("position before it: {}", position::write_fen(&ga.record.position_after(ply)))?;
            for g in [ga, gb] {
                if let Some(e) = &g.error {
                    eprintln!("tiflo: also: {e}");
                }
            }
            Ok(ExitCode::from(1))
        }
        Comparison::DifferentStart if ga.error.is_none() && gb.error.is_none() => {
            outln!("the scoresheets start from different positions")?;
            Ok(ExitCode::from(1))
        }
        _ if ga.error.is_some() || gb.error.is_some() => {
            for g in [ga, gb] {
                if let Some(e) = &g.error {
                    eprintln!("tiflo: {e}");
                }
            }
            eprintln!("tiflo: the scoresheets agree up to the unreadable move");
            Ok(ExitCode::from(2))
        }
        _ => {
            outln!("identical: {} moves", ga.record.moves.len())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn run_daemon(a: DaemonArgs) -> Result<()> {
    let env = |k: &str| std::env::var(k).ok();
    let mut flags = config::PartialConfig::default();
    let cli = Path::new("the command line");
    if let Some(l) = &a.lang {
        flags.lang = Some(Lang::from_setting(l).with_context(|| format!("--lang {l}"))?);
    }
    if let Some(t) = &a.time_control {
        flags.time_control = Some(t.parse().with_context(|| format!("--time-control {t}"))?);
    }
    if let Some(s) = &a.side {
        flags.side = Some(config::parse_side(s).with_context(|| format!("--side takes white or black, not `{s}`"))?);
    }
    if let Some(c) = &a.clock {
        flags.clock = Some(c.parse().with_context(|| format!("--clock {c}"))?);
    }
    if let Some(c) = &a.confirm {
        flags.confirm = Some(c.parse().with_context(|| format!("--confirm {c}"))?);
    }
    flags.journal = a.journal.clone();
    if let Some(b) = &a.braille {
        flags.braille = Some(b.parse().with_context(|| format!("--braille {b}"))?);
    }
    if let Some(p) = &a.page {
        flags.page = Some(p.parse().map_err(anyhow::Error::msg).with_context(|| format!("--page {p}"))?);
    }
    if let Some(d) = &a.dgt {
        flags.dgt = Some(if d == "none" { None } else { config::nonempty(d) });
    }
    if let Some(o) = &a.opponent {
        flags.opponent = Some(if o == "none" { None } else { config::nonempty(o) });
    }
    if let Some(v) = &a.speech {
        flags.speech = Some(v.parse().with_context(|| format!("--speech {v}"))?);
    }
    if let Some(v) = &a.listen {
        flags.listen = Some(v.parse().map_err(anyhow::Error::msg).with_context(|| format!("--listen {v}"))?);
    }
    if let Some(v) = &a.talk {
        flags.talk = Some(v.parse().map_err(anyhow::Error::msg).with_context(|| format!("--talk {v}"))?);
    }
    if let Some(n) = a.opponent_strength {
        flags.opponent_strength = Some(config::parse_strength(n).map_err(anyhow::Error::msg).context("--opponent-strength")?);
    }
    let user = config::user_config_path(&env);
    let mut settings = config::load(a.config.as_deref(), user.as_deref(), &flags).with_context(|| format!("reading the settings ({})", cli.display()))?;
    let mut journal = config::journal_path(&settings, &env);
    if let Some(path) = &a.study {
        let (study, key) = read_study(path, a.game, &Texts::new(settings.lang))?;
        settings.study = Some(study);
        if a.journal.is_none() {
            // One journal per studied game, beside the game's.
            journal.set_file_name(format!("study-{key:08x}.journal"));
        }
    }
    let listen = daemon::ListenSetup {
        input: settings.listen.clone(),
        engine: a.engine.parse().map_err(anyhow::Error::msg).with_context(|| format!("--engine {}", a.engine))?,
        model: a.model.clone(),
        models_dirs: tiflo::hearing::models::search_dirs(&config::models_dir(&settings, &env)),
        talk: settings.talk,
        files: settings.hear_files.style(),
        to: settings.hear_to,
    };
    daemon::run_stdio_listening(&settings, &journal, &settings.speech, &listen).map_err(|e| {
        // A journal that is not a file is said in the player's language.
        match e.in_words(&Texts::new(settings.lang)) {
            Some(text) => anyhow::anyhow!(text),
            None => anyhow::Error::new(e).context(format!("running the game in {}", journal.display())),
        }
    })
}

/// Game `n` (from 1) of a PGN file (any notation tiflo reads), as a study,
/// and a key naming it (a checksum of its moves and start).
fn read_study(path: &Path, n: usize, words: &Texts) -> Result<(config::Study, u32)> {
    let text = read_text(path, words)?;
    let games = scoresheet::read_records(&text, ReadAs::Auto);
    let count = games.len();
    let game = n
        .checked_sub(1)
        .and_then(|i| games.into_iter().nth(i))
        .with_context(|| format!("{} has {count} game(s), not a game {n}", path.display()))?;
    if let Some(e) = game.error {
        bail!("{}: game {n} cannot be read to its end: {e}", path.display());
    }
    let record = game.record;
    let moves: Vec<String> = record.moves.iter().map(|m| m.mv.to_uci(CastlingMode::Standard).to_string()).collect();
    let fen = (record.start != Chess::default())
        .then(|| shakmaty::fen::Fen::from_position(&record.start, shakmaty::EnPassantMode::Legal));
    let fen_text = fen.as_ref().map(ToString::to_string);
    let key = crc32fast::hash(format!("{fen_text:?} {}", moves.join(" ")).as_bytes());
    let mut tags = record.tags;
    // The result written after the moves, when no tag gives it: the end of
    // the study says it.
    if let Some(r) = record.result.filter(|r| *r != tiflo::pgn::GameResult::Unknown)
        && !tags.iter().any(|(name, _)| name.eq_ignore_ascii_case("Result"))
    {
        tags.push(("Result".into(), r.as_pgn().to_owned()));
    }
    Ok((config::Study { moves, fen, tags, notes: tiflo::game::study::notes(&text, n) }, key))
}

fn run_scoresheet(a: ScoresheetArgs) -> Result<ExitCode> {
    let bytes = match journal::read(&a.journal) {
        Ok(b) => b,
        Err(e) => {
            // In the words of the printed scoresheet's language, else the user's.
            let lang = a.lang.as_deref().and_then(|l| Lang::from_setting(l).ok()).or_else(|| user_settings().ok().map(|s| s.lang));
            let texts = Texts::new(lang.unwrap_or(Lang::En));
            match e.in_words(&texts) {
                Some(text) => bail!(text),
                None => return Err(anyhow::Error::new(e).context(format!("reading {}", a.journal.display()))),
            }
        }
    };
    let decoded = journal::decode::<Entry>(&bytes);
    let mut code = ExitCode::SUCCESS;
    if let Some(p) = decoded.problem {
        eprintln!("tiflo: {}: {p}", a.journal.display());
        if !matches!(p, journal::Problem::TornTail { .. }) {
            code = ExitCode::from(1);
        }
    }
    let session = Session::resume(&decoded.records).with_context(|| format!("reading the game in {}", a.journal.display()))?;
    let record = session.record();
    let format = if a.html { SheetFormat::Html } else { a.format };
    let out = match format {
        SheetFormat::Pgn => record.to_pgn(),
        SheetFormat::Text | SheetFormat::Html => {
            let named: Pieces = match a.lang.as_deref() {
                Some(l) => l.parse()?,
                None => session.setup().lang.into(),
            };
            let pieces = if a.figurines { Pieces::Figurines } else { named };
            let dialect = Dialect::new(Notation::San, pieces)?;
            let sheet = record.printed(dialect, &Texts::new(named.lang()));
            if format == SheetFormat::Html { sheet.to_html() } else { sheet.to_text() }
        }
    };
    self::out().write_all(out.as_bytes()).context("writing the output")?;
    Ok(code)
}

fn run_announce(a: AnnounceArgs) -> Result<ExitCode> {
    let from = a.read.read_as()?;
    let style: Style = a.style.parse()?;
    let files: Files = a.files.parse()?;
    let words = Announcer::new(&a.lang, style, files)
        .with_context(|| format!("--lang {}: no language pack (es, pt, en, fr, de, it, nl or fide)", a.lang))?;
    // The FIDE words are German words: a German voice says them.
    let voice_lang = if a.lang == "fide" { "de" } else { a.lang.as_str() };
    let mut voice = match &a.wav {
        Some(dir) => Some(speech::WavVoice::new(dir, voice_lang).with_context(|| format!("--wav {}", dir.display()))?),
        None => None,
    };
    // Spelling fixes for the engine, in the language of the voice.
    let spoken_lang: Lang = voice_lang.parse().unwrap_or(Lang::En);
    let spoken_texts = Texts::new(spoken_lang);
    let text = read_text(&a.file, &spoken_texts)?;
    let san = Dialect::new(Notation::San, Lang::En)?;
    let mut out = out();
    let mut errors = Vec::new();
    for g in scoresheet::read_records(&text, from) {
        let rec = &g.record;
        let notator = tiflo::notation::Notator::new(san, &rec.start);
        let mut pos = rec.start.clone();
        for (ply, m) in rec.moves.iter().enumerate() {
            let before = pos.clone();
            shakmaty::Position::play_unchecked(&mut pos, m.mv);
            let (n, side) = rec.move_number(ply);
            let dots = if side == shakmaty::Color::White { "." } else { "..." };
            let phrase = words.phrase(&before, m.mv, &pos);
            writeln!(out, "{n}{dots} {}: {phrase}", notator.to_text(&before, m.mv)).context("writing the output")?;
            if let Some(v) = voice.as_mut() {
                let spoken = tiflo::speaking::pronounce::speakable(&spoken_texts, spoken_lang, &phrase);
                speech::Voice::speak(v, &spoken).context("synthesising with espeak-ng")?;
            }
        }
        if let Some(e) = g.error {
            errors.push(e);
        }
    }
    report(&errors, &spoken_texts);
    Ok(if errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The position given by --fen or --moves.
fn hear_position(fen: Option<&str>, moves: &[String]) -> Result<shakmaty::Chess> {
    use shakmaty::Position;
    let mut pos = match fen {
        Some(f) => f
            .parse::<shakmaty::fen::Fen>()
            .with_context(|| format!("--fen {f}: not a FEN"))?
            .into_position(shakmaty::CastlingMode::Standard)
            .with_context(|| format!("--fen {f}: not a legal position"))?,
        None => shakmaty::Chess::default(),
    };
    for (i, m) in moves.iter().enumerate() {
        let mv = m
            .parse::<shakmaty::uci::UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
            .with_context(|| format!("--moves: move {} ({m}) is not a legal move in UCI", i + 1))?;
        pos.play_unchecked(mv);
    }
    Ok(pos)
}

/// The sound file of `tiflo hear` and its moves, whatever their order:
/// `--moves` takes every word after it, so a file written after the moves
/// arrives as their last word (a word that is no UCI move).
fn hear_file_and_moves(file: Option<PathBuf>, mut moves: Vec<String>, text: bool) -> Result<(Option<PathBuf>, Vec<String>)> {
    let uci = |m: &str| m.parse::<shakmaty::uci::UciMove>().is_ok();
    let file = match file {
        Some(f) => Some(f),
        None if !text && moves.last().is_some_and(|m| !uci(m)) => moves.pop().map(PathBuf::from),
        None => None,
    };
    match (&file, text) {
        (Some(f), true) => anyhow::bail!("{}: with --text nothing is heard from a file", f.display()),
        (None, false) => anyhow::bail!("no sound file given (a WAV file, or - for raw PCM on standard input)"),
        _ => Ok((file, moves)),
    }
}

fn run_hear(a: HearArgs) -> Result<()> {
    use tiflo::hearing::recognizer::Recognizer;
    use tiflo::hearing::understand::{Decision, Understander};
    let (file, moves) = hear_file_and_moves(a.file.clone(), a.moves.clone(), !a.text.is_empty())?;
    let pos = hear_position(a.fen.as_deref(), &moves)?;
    let understander = Understander::new(&a.lang)
        .with_context(|| format!("--lang {}: no language pack (es, pt, en, fr, de, it, nl or fide)", a.lang))?;
    let understander = if a.to { understander.with_forms(tiflo::hearing::understand::Forms::WITH_TO) } else { understander };
    let uci = |m: &shakmaty::Move| m.to_uci(shakmaty::CastlingMode::Standard).to_string();
    let decided = |decision: &Decision| match decision {
        Decision::Accept(m) => ("accept", Some(uci(m)), vec![uci(m)]),
        Decision::Ask(ms) => ("ask", None, ms.iter().map(uci).collect()),
        Decision::Reject => ("reject", None, Vec::new()),
    };
    let Some(file) = file else {
        // The understanding alone: the words as a recogniser would write
        // them, one reading, nothing timed.
        let mut out = out();
        for text in &a.text {
            let heard = tiflo::hearing::understand::words(text);
            let (decision, mv, candidates) = decided(&understander.understand(&pos, std::slice::from_ref(&heard)));
            let line = serde_json::json!({
                "heard": heard.join(" "),
                "alternatives": [heard.join(" ")],
                "decision": decision,
                "move": mv,
                "candidates": candidates,
                "start_ms": null,
                "end_ms": null,
                "latency_ms": null,
            });
            writeln!(out, "{line}").context("writing the output")?;
        }
        return Ok(());
    };
    // The sample rate it was recorded at (raw PCM is 16 kHz).
    let (pcm, rate) = if file == Path::new("-") {
        (tiflo::hearing::wav::read_raw(io::stdin().lock())?, tiflo::hearing::recognizer::SAMPLE_RATE)
    } else {
        tiflo::hearing::wav::read_wav_rated(&file)?
    };
    let vosk_model = || -> Result<PathBuf> {
        if let Some(dir) = &a.model {
            return Ok(dir.clone());
        }
        // The FIDE words are German words.
        let lang = if a.lang == "fide" { "de" } else { a.lang.as_str() };
        let env = |k: &str| std::env::var(k).ok();
        let dirs = tiflo::hearing::models::search_dirs(&config::models_dir(&user_settings()?, &env));
        let texts = Texts::new(user_settings()?.lang);
        Ok(tiflo::hearing::models::find_in(lang, &dirs).map_err(|e| anyhow::anyhow!(e.say(&texts)))?.path)
    };
    // pocketsphinx hears US English only: another language is heard with
    // its vosk model, or said to have none.
    let engine = a.engine.unwrap_or_else(|| if a.lang != "en" || vosk_model().is_ok() { Engine::Vosk } else { Engine::Pocketsphinx });
    if matches!(engine, Engine::Pocketsphinx | Engine::Moonshine) && a.lang != "en" && a.model.is_none() {
        let why = tiflo::hearing::recognizer::HearError::Unavailable {
            engine: if engine == Engine::Moonshine { tiflo::hearing::moonshine::ENGINE } else { "pocketsphinx" },
            reason: Said::new("why-hear-english-only").data("lang", a.lang.clone()),
        };
        bail!(Texts::new(user_settings()?.lang).say(&why.said()));
    }
    let mut rec: Box<dyn Recognizer> = match engine {
        Engine::Pocketsphinx => {
            let env = |k: &str| std::env::var(k).ok();
            let adapted = match (&a.adapted, a.no_adapted || a.model.is_some()) {
                (Some(dir), _) => Some(dir.clone()),
                (None, true) => None,
                // At 8 kHz the telephone-band model; else the player's, or the hall's.
                (None, false) => tiflo::hearing::adapt::for_rate(rate, &tiflo::hearing::models::search_dirs(&config::models_dir(&user_settings()?, &env))),
            };
            let model = a.model.clone().unwrap_or_else(|| PathBuf::from(tiflo::hearing::sphinx::DEFAULT_MODEL));
            Box::new(tiflo::hearing::sphinx::Sphinx::open_adapted(&model, adapted.as_deref())?)
        }
        Engine::Vosk => Box::new(tiflo::hearing::vosk::VoskRecognizer::open(&vosk_model()?)?),
        Engine::Moonshine => {
            let env = |k: &str| std::env::var(k).ok();
            let dirs = tiflo::hearing::models::search_dirs(&config::models_dir(&user_settings()?, &env));
            let dir = tiflo::hearing::moonshine::folder(a.model.as_deref(), &dirs);
            Box::new(tiflo::hearing::moonshine::Moonshine::open(&dir)?)
        }
    };
    // A recording may begin with its first word: heard after a quiet
    // room, as a live microphone would be, and timed from the recording's
    // own start.
    let lead = tiflo::hearing::audio::LEAD_IN_MS;
    let utterances = tiflo::hearing::ear::hear_samples(
        rec.as_mut(),
        &understander,
        &pos,
        &tiflo::hearing::audio::with_lead_in(&pcm),
        &tiflo::hearing::audio::EndpointConfig::default(),
    )?;
    if utterances.is_empty() {
        // Said, never left as an empty output: in the language of the
        // speech asked for when its pack has the words, else the user's.
        let texts = Texts::pack(&a.lang)
            .filter(|t| t.has_own("hear-nothing"))
            .unwrap_or_else(|| user_settings().map_or_else(|_| Texts::new(Lang::En), |s| Texts::new(s.lang)));
        let said = Said::new("hear-nothing").data("file", file.display().to_string());
        eprintln!("tiflo: {}", texts.say(&said));
    }
    let mut out = out();
    for u in utterances {
        let (decision, mv, candidates) = decided(&u.decision);
        let line = serde_json::json!({
            "heard": u.heard.first().map(|w| w.join(" ")).unwrap_or_default(),
            "alternatives": u.heard.iter().map(|w| w.join(" ")).collect::<Vec<_>>(),
            "decision": decision,
            "move": mv,
            "candidates": candidates,
            "start_ms": u.start_ms.saturating_sub(lead),
            "end_ms": u.end_ms.saturating_sub(lead),
            "latency_ms": u.latency.as_secs_f64() * 1000.0,
        });
        writeln!(out, "{line}").context("writing the output")?;
    }
    Ok(())
}

/// The user's settings (their file, if any) for commands without a profile.
fn run_adapt(a: AdaptArgs) -> Result<()> {
    use tiflo::hearing::adapt;
    let prompts = adapt::prompts();
    if a.prompts {
        for (i, p) in prompts.iter().enumerate() {
            outln!("{:02} {p}", i + 1)?;
        }
        return Ok(());
    }
    let settings = user_settings()?;
    let lang = match &a.lang {
        Some(l) => Lang::from_setting(l).with_context(|| format!("--lang {l}"))?,
        None => settings.lang,
    };
    let texts = Texts::new(lang);
    let env = |k: &str| std::env::var(k).ok();
    let dir = a.models_dir.clone().unwrap_or_else(|| config::models_dir(&settings, &env));
    let out = dir.join(adapt::FOLDER);
    let choice = if a.text { tiflo::speaking::speech::SpeechChoice::Text } else { settings.speech.clone() };
    let voice_settings = tiflo::speaking::speech::VoiceSettings {
        rate: settings.speech_rate,
        pitch: settings.speech_pitch,
        volume: settings.speech_volume,
        name: (!settings.speech_voice.is_empty()).then(|| settings.speech_voice.clone()),
    };
    let (mut voice, no_voice) = tiflo::speaking::speech::open_voice(&choice, lang.code(), &voice_settings);
    let mut say = |text: String| {
        // A closed output ends the adaptation quietly, as any command.
        if let Err(e) = outln!("say: {text}")
            && output_closed(&e)
        {
            std::process::exit(0);
        }
        if voice.speak(&text).is_ok() {
            // Wait for the end, so that the microphone does not hear it.
            let start = std::time::Instant::now();
            let most = tiflo::speaking::speech::default_estimate(&text) * 2 + std::time::Duration::from_secs(2);
            while voice.is_speaking().unwrap_or(start.elapsed() < tiflo::speaking::speech::default_estimate(&text))
                && start.elapsed() < most
            {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        }
    };
    if let Some(reason) = no_voice {
        let mut args = fluent_bundle::FluentArgs::new();
        args.set("error", texts.say(&reason));
        say(texts.get("adapt-no-voice", Some(&args)));
    }
    // Where the microphone's recordings wait for the adaptation, which
    // copies them into the adapted folder.
    let recording = a.wavs.is_none().then(|| dir.join(format!(".{}.recording", adapt::FOLDER)));
    let takes: Vec<adapt::Take> = match (&a.wavs, &recording) {
        (Some(wavs), _) => prompts
            .iter()
            .enumerate()
            .map(|(i, p)| adapt::Take { wav: wavs.join(adapt::take_name(i + 1)), words: p.clone() })
            .collect(),
        (None, recording) => {
            let work = recording.as_ref().expect("made when there is no --wavs");
            std::fs::create_dir_all(work).with_context(|| format!("making {}", work.display()))?;
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("count", prompts.len());
            say(texts.get("adapt-start", Some(&args)));
            match adapt::record(a.mic.as_deref(), &prompts, work, &texts, &mut say) {
                Ok(takes) => takes,
                // Said, as every other failure of the adaptation is.
                Err(e) => {
                    let text = e.say(&texts);
                    say(text.clone());
                    return Err(anyhow::anyhow!(text));
                }
            }
        }
    };
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("count", takes.len());
    say(texts.get("adapt-working", Some(&args)));
    match adapt::adapt(std::path::Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), &takes, &out) {
        Ok(()) => {
            // Copied into the adapted folder; after a failure they are
            // kept, to be given again with --wavs.
            if let Some(work) = &recording {
                let _ = std::fs::remove_dir_all(work);
            }
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("dir", out.display().to_string());
            say(texts.get("adapt-done", Some(&args)));
            Ok(())
        }
        Err(e) => {
            let text = e.say(&texts);
            say(text.clone());
            Err(anyhow::anyhow!(text))
        }
    }
}

fn user_settings() -> Result<config::Config> {
    let env = |k: &str| std::env::var(k).ok();
    let user = config::user_config_path(&env);
    config::load(None, user.as_deref(), &config::PartialConfig::default()).context("reading the settings")
}

fn run_models(c: ModelsCommand) -> Result<()> {
    use tiflo::hearing::models;
    let settings = user_settings()?;
    let texts = Texts::new(settings.lang);
    let env = |k: &str| std::env::var(k).ok();
    let configured = config::models_dir(&settings, &env);
    match c {
        ModelsCommand::List(d) => {
            let dirs = match d.dir {
                Some(dir) => vec![dir],
                None => models::search_dirs(&configured),
            };
            let mut any = false;
            for dir in &dirs {
                for m in models::list(dir).map_err(|e| anyhow::anyhow!(e.say(&texts)))? {
                    any = true;
                    let usable = if m.usable { "" } else { "\t(takes no grammar: not usable)" };
                    outln!("{}\t{}\t{}{usable}", m.name, m.lang.as_deref().unwrap_or("?"), m.path.display())?;
                }
                // The pocketsphinx model adapted to the player (`tiflo adapt`).
                if let Some(adapted) = tiflo::hearing::adapt::find(std::slice::from_ref(dir)) {
                    any = true;
                    outln!("{}\ten\t{}", tiflo::hearing::adapt::FOLDER, adapted.display())?;
                }
                // The one adapted to the telephone band (8 kHz).
                if let Some(phone) = tiflo::hearing::adapt::find_phone(std::slice::from_ref(dir)) {
                    any = true;
                    outln!("{}\ten\t{}", tiflo::hearing::adapt::PHONE_FOLDER, phone.display())?;
                }
                // The one adapted to many voices in a hall (16 kHz).
                if let Some(hall) = tiflo::hearing::adapt::find_hall(std::slice::from_ref(dir)) {
                    any = true;
                    outln!("{}\ten\t{}", tiflo::hearing::adapt::HALL_FOLDER, hall.display())?;
                }
            }
            if !any {
                let mut a = fluent_bundle::FluentArgs::new();
                a.set("dir", dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", "));
                outln!("{}", texts.get("models-none", Some(&a)))?;
            }
            Ok(())
        }
        ModelsCommand::Fetch { lang, dir, unverified } => {
            let dir = dir.dir.unwrap_or(configured);
            let trust = if unverified { models::Trust::Unpinned } else { models::Trust::Pinned };
            let fetched = models::fetch(&lang, &dir, trust).map_err(|e| anyhow::anyhow!(e.say(&texts)))?;
            let mut a = fluent_bundle::FluentArgs::new();
            a.set("language", models::language_name(&texts, &lang.to_ascii_lowercase()));
            if let models::Checked::Unpinned { sha256 } = &fetched.checked {
                a.set("sha256", sha256.clone());
                outln!("{}", texts.get("models-unverified", Some(&a)))?;
            }
            a.set("dir", fetched.model.path.display().to_string());
            outln!("{}", texts.get("models-installed", Some(&a)))?;
            Ok(())
        }
    }
}
