//! `tiflo braille`: the board and move views as a braille display shows
//! them, one line of Unicode braille per pan segment (`braille: ...`), each
//! followed by its print gloss (`print: ...`).

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand, ValueEnum};
use shakmaty::{Chess, Color, Move};

use tiflo::braille::layout::pack;
use tiflo::braille::table::parse_dots;
use tiflo::braille::view::{self, By};
use tiflo::braille::{BoardStyle, Dots, Table, Unit, terminal};
use tiflo::notation::position::read_fen;
use tiflo::notation::{Dialect, Lang, Notation, Notator, Pieces};

#[derive(Subcommand)]
pub enum BrailleCommand {
    /// Print the board view: every pan segment of the display, one line
    /// each. A White piece is its letter with dot 7 (on 6 dots: a Black
    /// piece has dot 6); in the gloss White is upper case, Black lower
    /// case, `.` an empty light square and `:` an empty dark one.
    Board(BoardArgs),
    /// Print the move line: the move with its number (a Black move after
    /// the Black mark), in the language's braille chess signs.
    Line(LineArgs),
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ByArg {
    /// One unit per rank, far rank first.
    Rank,
    /// One unit per file, from the player's left.
    File,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum SideArg {
    White,
    Black,
}

#[derive(Args)]
pub struct BoardArgs {
    /// The position (default: the starting position).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// The display's cells (12 to 80 are the usual sizes).
    #[arg(long, value_name = "N", default_value_t = 40)]
    cells: usize,
    /// Dots per cell: 8, or 6 for the six-dot board.
    #[arg(long, value_name = "8|6", default_value_t = 8, value_parser = clap::value_parser!(u8).range(6..=8))]
    dots: u8,
    /// The language of the piece letters: es, pt, en, fr, de, it, nl.
    #[arg(long, default_value = "en")]
    lang: String,
    /// By rank or by file.
    #[arg(long, value_enum, default_value = "rank")]
    by: ByArg,
    /// The side the player sits at.
    #[arg(long, value_enum, default_value = "white")]
    side: SideArg,
    /// The cell of an empty light square, as dot numbers (default 3).
    #[arg(long, value_name = "DOTS")]
    light: Option<String>,
    /// The cell of an empty dark square, as dot numbers (default 36).
    #[arg(long, value_name = "DOTS")]
    dark: Option<String>,
}

#[derive(Args)]
pub struct LineArgs {
    /// The language of the move and of the braille signs.
    #[arg(long, default_value = "en")]
    lang: String,
    /// The position the move is played in (default: the starting position).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// The move, in the language's short algebraic or in UCI.
    #[arg(long = "move", value_name = "MOVE")]
    mv: String,
    /// The display's cells.
    #[arg(long, value_name = "N", default_value_t = 40)]
    cells: usize,
    /// Dots per cell: 8, or 6 (a piece letter that is also a file letter is
    /// a capital: with dot 7 on 8 dots, after the capital sign on 6).
    #[arg(long, value_name = "8|6", default_value_t = 8, value_parser = clap::value_parser!(u8).range(6..=8))]
    dots: u8,
}

/// The dots of `--dots`.
fn dots(n: u8) -> Result<Dots> {
    match n {
        6 => Ok(Dots::Six),
        8 => Ok(Dots::Eight),
        n => bail!("--dots takes 8 or 6, not {n}"),
    }
}

fn position(fen: Option<&str>) -> Result<Chess> {
    match fen {
        None => Ok(Chess::default()),
        Some(f) => read_fen(f).with_context(|| format!("--fen {f}")),
    }
}

/// The braille table of `--lang` (`figurine`: the English one).
fn table(lang: &str) -> Result<&'static Table> {
    let pieces: Pieces = lang.parse()?;
    Ok(Table::get(pieces.lang())?)
}

fn cell(flag: &str, text: &str) -> Result<u8> {
    match parse_dots(text).as_deref() {
        Some([c]) => Ok(*c),
        _ => bail!("{flag} takes one cell as dot numbers, such as 36, not `{text}`"),
    }
}

fn print_segments(units: &[Unit], cells: usize) -> Result<()> {
    if !(1..=255).contains(&cells) {
        bail!("--cells takes a number of cells from 1 to 255, not {cells}");
    }
    for s in pack(units, cells)? {
        outln!("{}", terminal::line(&s.cells))?;
        outln!("print: {}", s.print)?;
    }
    Ok(())
}

pub fn run(c: BrailleCommand) -> Result<()> {
    match c {
        BrailleCommand::Board(a) => {
            let t = table(&a.lang)?;
            let pos = position(a.fen.as_deref())?;
            let dots = dots(a.dots)?;
            let mut style = BoardStyle::shipped(dots)?;
            if a.light.is_some() || a.dark.is_some() {
                let light = a.light.as_deref().map(|s| cell("--light", s)).transpose()?.unwrap_or(style.light);
                let dark = a.dark.as_deref().map(|s| cell("--dark", s)).transpose()?.unwrap_or(style.dark);
                style = style.with_empty(light, dark);
            }
            style.check(t)?;
            let by = match a.by {
                ByArg::Rank => By::Rank,
                ByArg::File => By::File,
            };
            let side = match a.side {
                SideArg::White => Color::White,
                SideArg::Black => Color::Black,
            };
            print_segments(&view::board(t, &style, &pos, by, side), a.cells)
        }
        BrailleCommand::Line(a) => {
            let pieces: Pieces = a.lang.parse()?;
            let t = Table::get(pieces.lang())?;
            let pos = position(a.fen.as_deref())?;
            let m = read_move(&pos, pieces, &a.mv)?;
            print_segments(&view::move_line(t, dots(a.dots)?, &pos, m), a.cells)
        }
    }
}

/// The move in the language's short algebraic, else in UCI.
fn read_move(pos: &Chess, pieces: Pieces, text: &str) -> Result<Move> {
    let dialect = Dialect::new(Notation::San, pieces)?;
    match Notator::new(dialect, pos).read(pos, text) {
        Ok(m) => Ok(m),
        Err(e) => {
            let uci = Notator::new(Dialect::new(Notation::Uci, Lang::En)?, pos).read(pos, text);
            uci.map_err(|_| anyhow!("--move {text}: {e}"))
        }
    }
}
