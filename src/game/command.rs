//! Commands typed at the keyboard (and later said or keyed on a braille
//! display): the words of each command come from the language pack
//! (`voices/<lang>/commands.ftl`, a comma-separated list per command), and the
//! English short forms always work too.
//!
//! Pure: a line of text in, a [`Parsed`] out. A line whose first word is a
//! command word is a command, and its arguments must be read completely or
//! the line is an error; any other line is handed on as a move. Words are
//! compared without case or accents ("ultima" is "última").

use std::time::Duration;

use shakmaty::{Color, File, Rank, Role, Square};

use crate::i18n::Texts;
use crate::notation::Lang;
use crate::pgn::GameResult;
use crate::game::scoresheet::parse_clock;

/// What a line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Both clocks and the moves completed (Appendix D).
    Clock,
    /// The thinking time each side has used, asked on its own ("clock
    /// used", or the word alone).
    TimeUsed,
    /// The last move.
    Last,
    /// The scoresheet so far.
    Moves,
    /// The whole board, rank by rank.
    Board,
    /// What stands on a square.
    Square(Square),
    /// Where the pieces of a kind are (either colour when none is named).
    Pieces {
        /// Whose pieces; both sides' when none is named.
        color: Option<Whose>,
        /// Which kind; every kind when none is named.
        role: Option<Role>,
    },
    /// What stands on each square of a rank.
    Rank(Rank),
    /// What stands on each square of a file.
    File(File),
    /// The legal moves of the piece on a square, or of every piece of a kind
    /// of the side to move.
    Legal(LegalOf),
    /// One move of the scoresheet, by its ply from the record's first move
    /// (0 is the first move): a braille routing key over it. No word types it.
    Ply(usize),
    /// The transfers still to do between the boards.
    Transfers,
    /// Study mode: the game's next move.
    Next,
    /// Study mode: back one move.
    Back,
    /// A transfer done: of this ply (from the page), or the oldest pending.
    Done(Option<usize>),
    /// `done 2`: the transfer of that number in the pending list, as
    /// `transfers` reads it (from 1).
    DoneNumber(usize),
    /// The piece an electronic board saw the opponent lift.
    Touched,
    /// The last moves (plies), this many (at least 2; one is `Last`), in
    /// scoresheet order.
    LastMoves(usize),
    /// A draw offer, by the named side (default: the side that just moved).
    Draw(Option<Color>),
    /// The draw on offer is accepted.
    Accept,
    /// The draw on offer is declined.
    Decline,
    /// A claim of threefold repetition or fifty moves, optionally with the
    /// move the claimant intends to play.
    Claim(Option<String>),
    /// Resignation (default: the player).
    Resign(Option<Color>),
    /// A slip of the tongue: the last move was this one.
    Correct(String),
    /// The arbiter takes back the last move.
    Takeback,
    /// A result stated by the players or the arbiter.
    Result(GameResult),
    /// The players sign the result (Article 8.7; default: the player).
    Sign(Option<Color>),
    /// Start the clocks.
    Start,
    /// The opponent's clock was started: the last move can no longer be
    /// corrected.
    Press,
    /// Set the clocks to the real clock's reading (mirror mode).
    Set {
        /// White's time left, when given.
        white: Option<Duration>,
        /// Black's time left, when given.
        black: Option<Duration>,
    },
    /// A flag fell on the real clock (default: the side to move).
    Flag(Option<Color>),
    /// Say the last announcement again.
    Repeat,
    /// A new game, once this one is over (its journal is kept aside).
    New,
    /// Study mode: the comments of the game where the study stands.
    Comment,
    /// Study mode: the variations that replace the last move played.
    Variations,
    /// The list of commands.
    Help,
    /// Leave tiflo; the game stays in the journal.
    Quit,
    /// Yes, to the question asked.
    Yes,
    /// No, to the question asked.
    No,
    /// A numbered choice among candidates read back.
    Choice(usize),
    /// The assistant's page: its paired devices.
    Page(PageCommand),
}

/// What `page` asks of the assistant's page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PageCommand {
    /// Which devices are paired (`page`, `page devices`).
    Devices,
    /// Unpair device N, or every device (`page revoke [N]`); a new pairing
    /// code is made.
    Revoke(Option<u32>),
}

/// Whose legal moves `legal` asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LegalOf {
    /// The piece on this square.
    Square(Square),
    /// Every piece of this kind of the side to move.
    Role(Role),
}

/// Why a command line could not be read; each has a message in the pack.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// `square` needs a square such as e4.
    NeedSquare,
    /// `pieces` needs a piece or a colour.
    NeedPiece,
    /// `rank` needs a rank, 1 to 8.
    NeedRank,
    /// `file` needs a file, a to h.
    NeedFile,
    /// `legal` needs a square or a piece.
    NeedSquareOrPiece,
    /// `last` takes a number of moves, 1 or more.
    NeedCount,
    /// `correct` needs the move that was meant.
    NeedMove,
    /// `result` needs 1-0, 0-1 or 1/2.
    NeedResult,
    /// `set` needs times such as 1:05:00.
    NeedTimes,
    /// Words after the command that it does not take.
    Extra,
    /// `page` takes `devices`, or `revoke` and a device's number.
    NeedPageWhat,
}

impl CommandError {
    /// The message id of the explanation.
    pub fn message(self) -> &'static str {
        match self {
            CommandError::NeedSquare => "command-need-square",
            CommandError::NeedPiece => "command-need-piece",
            CommandError::NeedRank => "command-need-rank",
            CommandError::NeedFile => "command-need-file",
            CommandError::NeedSquareOrPiece => "command-need-square-or-piece",
            CommandError::NeedCount => "command-need-count",
            CommandError::NeedMove => "command-need-move",
            CommandError::NeedResult => "command-need-result",
            CommandError::NeedTimes => "command-need-times",
            CommandError::Extra => "command-extra",
            CommandError::NeedPageWhat => "command-need-page",
        }
    }
}

/// A line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// A command, read completely.
    Command(Command),
    /// A command word with arguments it cannot take; `command` is its id.
    Error {
        /// The id of the command word.
        command: &'static str,
        /// What is wrong with its arguments.
        error: CommandError,
    },
    /// Not a command: a move, for the notation readers.
    Move(String),
    /// An empty line, or one of blanks only.
    Empty,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Word {
    Cmd(&'static str),
    Color(Color),
    /// "my" (`true`) or "the opponent's" (`false`).
    Own(bool),
    Role(Role),
    /// What `page` is asked: `true` for revoke, `false` for devices.
    PageWhat(bool),
}

/// Whose pieces a query names: a colour, or the player's own or the
/// opponent's (the session knows which colour the player has).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Whose {
    /// The pieces of this colour.
    Color(Color),
    /// The player's own pieces.
    Mine,
    /// The opponent's pieces.
    Theirs,
}

/// The command ids, in the order `help` lists them.
pub(crate) const COMMANDS: &[&str] = &[
    "clock", "last", "moves", "board", "square", "pieces", "rank", "file", "legal", "draw", "accept", "decline", "claim", "resign", "correct",
    "takeback", "result", "sign", "start", "press", "set", "flag", "transfers", "done", "touched", "next", "back", "repeat", "help", "quit", "yes", "no",
    "new", "comment", "variations", "used",
];

/// The pieces, in the order of `word-*` in `commands.ftl`.
pub(crate) const ROLES: [(&str, Role); 6] = [
    ("king", Role::King),
    ("queen", Role::Queen),
    ("rook", Role::Rook),
    ("bishop", Role::Bishop),
    ("knight", Role::Knight),
    ("pawn", Role::Pawn),
];

/// The command vocabulary of one language, English included.
#[derive(Clone, Debug)]
pub struct Words {
    words: Vec<(String, Word)>,
}

/// Lower case without accents, for comparing words.
pub fn fold(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            other => other,
        })
        .collect()
}

impl Words {
    /// The words of `lang`'s pack and of English.
    pub fn new(lang: Lang) -> Words {
        let mut words = Vec::new();
        let packs = if lang == Lang::En { vec![Texts::new(Lang::En)] } else { vec![Texts::new(lang), Texts::new(Lang::En)] };
        for texts in &packs {
            let mut add = |id: &str, w: Word| {
                for word in texts.text(id).split(',') {
                    let word = fold(word.trim());
                    if !word.is_empty() && !words.iter().any(|(x, _)| *x == word) {
                        words.push((word, w));
                    }
                }
            };
            for &c in COMMANDS {
                add(&format!("cmd-{c}"), Word::Cmd(c));
            }
            add("word-white", Word::Color(Color::White));
            add("word-black", Word::Color(Color::Black));
            add("word-mine", Word::Own(true));
            add("word-theirs", Word::Own(false));
            for (name, role) in ROLES {
                add(&format!("word-{name}"), Word::Role(role));
            }
            // Typed, not said: not in the hearing grammar's commands.
            add("cmd-page", Word::Cmd("page"));
            add("word-devices", Word::PageWhat(false));
            add("word-revoke", Word::PageWhat(true));
        }
        Words { words }
    }

    fn lookup(&self, word: &str) -> Option<Word> {
        let f = fold(word);
        self.words.iter().find(|(w, _)| *w == f).map(|(_, w)| *w)
    }

    fn command(&self, word: &str) -> Option<&'static str> {
        match self.lookup(word) {
            Some(Word::Cmd(c)) => Some(c),
            _ => None,
        }
    }

    /// The id of the command `word` names ("correct" for "corregir").
    pub(crate) fn command_id(&self, word: &str) -> Option<&'static str> {
        self.command(word)
    }

    fn role(&self, word: &str) -> Option<Role> {
        match self.lookup(word) {
            Some(Word::Role(r)) => Some(r),
            _ => None,
        }
    }

    fn color(&self, word: &str) -> Option<Color> {
        match self.lookup(word) {
            Some(Word::Color(c)) => Some(c),
            _ => None,
        }
    }

    /// Reads one line.
    pub fn parse(&self, line: &str) -> Parsed {
        let line = line.trim();
        let mut parts = line.split_whitespace();
        let Some(first) = parts.next() else { return Parsed::Empty };
        if let Ok(n) = first.parse::<usize>()
            && line == first && (1..=9).contains(&n) {
                return Parsed::Command(Command::Choice(n));
            }
        let Some(id) = self.command(first) else { return Parsed::Move(line.to_owned()) };
        let args: Vec<&str> = parts.collect();
        let rest = line[first.len()..].trim();
        match self.arguments(id, &args, rest) {
            Ok(c) => Parsed::Command(c),
            Err(error) => Parsed::Error { command: id, error },
        }
    }

    /// A move written with a draw offer after it (Article 9.1.b; Appendix
    /// C.12 writes the offer `(=)`): "Cf3 tablas", "e4 draw", "Cf3 (=)",
    /// "Cf3(=)". The move's text, or `None` when no offer follows it.
    pub(crate) fn move_with_offer<'a>(&self, text: &'a str) -> Option<&'a str> {
        let text = text.trim();
        let rest = match text.strip_suffix("(=)") {
            Some(rest) => rest,
            None => {
                let (rest, last) = text.rsplit_once(char::is_whitespace)?;
                if self.command(last) != Some("draw") {
                    return None;
                }
                rest
            }
        };
        let rest = rest.trim();
        (!rest.is_empty()).then_some(rest)
    }

    fn optional_color(&self, args: &[&str]) -> Result<Option<Color>, CommandError> {
        match args {
            [] => Ok(None),
            [w] => self.color(w).map(Some).ok_or(CommandError::Extra),
            _ => Err(CommandError::Extra),
        }
    }

    fn arguments(&self, id: &'static str, args: &[&str], rest: &str) -> Result<Command, CommandError> {
        let none = |c: Command| if args.is_empty() { Ok(c) } else { Err(CommandError::Extra) };
        match id {
            "clock" => match args {
                [] => Ok(Command::Clock),
                [w] if self.command(w) == Some("used") => Ok(Command::TimeUsed),
                _ => Err(CommandError::Extra),
            },
            "used" => none(Command::TimeUsed),
            "last" => match args {
                [] => Ok(Command::Last),
                // "last 5", and "last 5 moves" as it is said.
                [n] | [n, _] if args.get(1).is_none_or(|w| self.command(w) == Some("moves")) => {
                    match n.parse::<usize>() {
                        Ok(1) => Ok(Command::Last),
                        Ok(n) if n > 1 => Ok(Command::LastMoves(n)),
                        _ => Err(CommandError::NeedCount),
                    }
                }
                _ => Err(CommandError::NeedCount),
            },
            "moves" => none(Command::Moves),
            "board" => none(Command::Board),
            "accept" => none(Command::Accept),
            "decline" => none(Command::Decline),
            "takeback" => none(Command::Takeback),
            "start" => none(Command::Start),
            "press" => none(Command::Press),
            "help" => none(Command::Help),
            "repeat" => none(Command::Repeat),
            "transfers" => none(Command::Transfers),
            "done" => match args {
                [] => Ok(Command::Done(None)),
                [n] => n.parse::<usize>().ok().filter(|n| *n >= 1).map(Command::DoneNumber).ok_or(CommandError::Extra),
                _ => Err(CommandError::Extra),
            },
            "touched" => none(Command::Touched),
            "next" => none(Command::Next),
            "back" => none(Command::Back),
            "quit" => none(Command::Quit),
            "new" => none(Command::New),
            "comment" => none(Command::Comment),
            "variations" => none(Command::Variations),
            "yes" => none(Command::Yes),
            "no" => none(Command::No),
            "square" => match args {
                [s] => Square::from_ascii(fold(s).as_bytes()).map(Command::Square).map_err(|_| CommandError::NeedSquare),
                _ => Err(CommandError::NeedSquare),
            },
            "rank" => match args {
                [r] => match fold(r).as_bytes() {
                    [c @ b'1'..=b'8'] => Ok(Command::Rank(Rank::new(u32::from(c - b'1')))),
                    _ => Err(CommandError::NeedRank),
                },
                _ => Err(CommandError::NeedRank),
            },
            "file" => match args {
                [f] => match fold(f).as_bytes() {
                    [c @ b'a'..=b'h'] => Ok(Command::File(File::new(u32::from(c - b'a')))),
                    _ => Err(CommandError::NeedFile),
                },
                _ => Err(CommandError::NeedFile),
            },
            "legal" => match args {
                [a] => match Square::from_ascii(fold(a).as_bytes()) {
                    Ok(sq) => Ok(Command::Legal(LegalOf::Square(sq))),
                    Err(_) => self.role(a).map(|r| Command::Legal(LegalOf::Role(r))).ok_or(CommandError::NeedSquareOrPiece),
                },
                _ => Err(CommandError::NeedSquareOrPiece),
            },
            "pieces" => {
                let (mut color, mut role) = (None, None);
                for a in args {
                    match self.lookup(a) {
                        Some(Word::Color(c)) if color.is_none() => color = Some(Whose::Color(c)),
                        Some(Word::Own(mine)) if color.is_none() => color = Some(if mine { Whose::Mine } else { Whose::Theirs }),
                        Some(Word::Role(r)) if role.is_none() => role = Some(r),
                        _ => return Err(CommandError::NeedPiece),
                    }
                }
                if color.is_none() && role.is_none() {
                    return Err(CommandError::NeedPiece);
                }
                Ok(Command::Pieces { color, role })
            }
            "draw" => self.optional_color(args).map(Command::Draw),
            "resign" => self.optional_color(args).map(Command::Resign),
            "sign" => self.optional_color(args).map(Command::Sign),
            "flag" => self.optional_color(args).map(Command::Flag),
            "page" => match args {
                [] => Ok(Command::Page(PageCommand::Devices)),
                [w] => match self.lookup(w) {
                    Some(Word::PageWhat(false)) => Ok(Command::Page(PageCommand::Devices)),
                    Some(Word::PageWhat(true)) => Ok(Command::Page(PageCommand::Revoke(None))),
                    _ => Err(CommandError::NeedPageWhat),
                },
                [w, n] if self.lookup(w) == Some(Word::PageWhat(true)) => {
                    n.parse::<u32>().map(|n| Command::Page(PageCommand::Revoke(Some(n)))).map_err(|_| CommandError::NeedPageWhat)
                }
                _ => Err(CommandError::NeedPageWhat),
            },
            "claim" => Ok(Command::Claim((!rest.is_empty()).then(|| rest.to_owned()))),
            "correct" => {
                if rest.is_empty() {
                    Err(CommandError::NeedMove)
                } else {
                    Ok(Command::Correct(rest.to_owned()))
                }
            }
            "result" => match args {
                [r] => parse_result(r).map(Command::Result).ok_or(CommandError::NeedResult),
                _ => Err(CommandError::NeedResult),
            },
            "set" => {
                let time = |s: &str| parse_clock(s).ok_or(CommandError::NeedTimes);
                match args {
                    [w, b] if self.color(w).is_none() => Ok(Command::Set { white: Some(time(w)?), black: Some(time(b)?) }),
                    [c, t] => match self.color(c) {
                        Some(Color::White) => Ok(Command::Set { white: Some(time(t)?), black: None }),
                        Some(Color::Black) => Ok(Command::Set { white: None, black: Some(time(t)?) }),
                        None => Err(CommandError::NeedTimes),
                    },
                    _ => Err(CommandError::NeedTimes),
                }
            }
            _ => Err(CommandError::Extra),
        }
    }
}

/// `1-0`, `0-1`, `1/2-1/2`, `1/2`, `½-½`, `½`, `=`.
pub(crate) fn parse_result(text: &str) -> Option<GameResult> {
    match text.trim() {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "1/2" | "½-½" | "½" | "=" => Some(GameResult::Draw),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pack_names_every_command_without_clashes() {
        for lang in [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::It, Lang::Nl] {
            let texts = Texts::new(lang);
            let mut seen: Vec<(String, String)> = Vec::new();
            for id in COMMANDS
                .iter()
                .map(|c| format!("cmd-{c}"))
                .chain(["word-white", "word-black", "word-mine", "word-theirs", "cmd-page", "word-devices", "word-revoke"].map(String::from))
                .chain(ROLES.iter().map(|(n, _)| format!("word-{n}")))
            {
                let text = texts.text(&id);
                assert_ne!(text, id, "{lang:?} lacks {id}");
                for w in text.split(',') {
                    let w = fold(w.trim());
                    assert!(!w.is_empty(), "{lang:?} {id} has an empty word");
                    if let Some((_, other)) = seen.iter().find(|(x, _)| *x == w) {
                        panic!("{lang:?}: {w} names both {other} and {id}");
                    }
                    seen.push((w, id.clone()));
                }
            }
        }
    }

    #[test]
    fn page_devices_and_revoke_in_every_pack() {
        let en = Words::new(Lang::En);
        assert_eq!(en.parse("page"), Parsed::Command(Command::Page(PageCommand::Devices)));
        assert_eq!(en.parse("page devices"), Parsed::Command(Command::Page(PageCommand::Devices)));
        assert_eq!(en.parse("page revoke"), Parsed::Command(Command::Page(PageCommand::Revoke(None))));
        assert_eq!(en.parse("page revoke 2"), Parsed::Command(Command::Page(PageCommand::Revoke(Some(2)))));
        for bad in ["page revoke two", "page knight", "page devices 2", "page revoke 2 3"] {
            assert_eq!(en.parse(bad), Parsed::Error { command: "page", error: CommandError::NeedPageWhat }, "{bad}");
        }
        // Each language's own words, written as a player of it would.
        for (lang, devices, revoke) in [
            (Lang::Es, "página dispositivos", "página revocar 1"),
            (Lang::Pt, "página dispositivos", "página revogar 1"),
            (Lang::Fr, "page appareils", "page révoquer 1"),
            (Lang::De, "seite geräte", "seite widerrufen 1"),
            (Lang::It, "pagina dispositivi", "pagina revoca 1"),
            (Lang::Nl, "pagina apparaten", "pagina intrekken 1"),
        ] {
            let w = Words::new(lang);
            assert_eq!(w.parse(devices), Parsed::Command(Command::Page(PageCommand::Devices)), "{lang:?}");
            assert_eq!(w.parse(revoke), Parsed::Command(Command::Page(PageCommand::Revoke(Some(1)))), "{lang:?}");
        }
    }

    #[test]
    fn spanish_words_and_english_short_forms() {
        let w = Words::new(Lang::Es);
        assert_eq!(w.parse("reloj"), Parsed::Command(Command::Clock));
        assert_eq!(w.parse("clock"), Parsed::Command(Command::Clock));
        assert_eq!(w.parse("ÚLTIMA"), Parsed::Command(Command::Last));
        assert_eq!(w.parse("ultima"), Parsed::Command(Command::Last));
        assert_eq!(w.parse("casilla e4"), Parsed::Command(Command::Square(Square::E4)));
        assert_eq!(w.parse("square E4"), Parsed::Command(Command::Square(Square::E4)));
        assert_eq!(
            w.parse("piezas blancas caballo"),
            Parsed::Command(Command::Pieces { color: Some(Whose::Color(Color::White)), role: Some(Role::Knight) })
        );
        assert_eq!(
            w.parse("pieces black knight"),
            Parsed::Command(Command::Pieces { color: Some(Whose::Color(Color::Black)), role: Some(Role::Knight) })
        );
        assert_eq!(w.parse("dónde mis caballos"), Parsed::Command(Command::Pieces { color: Some(Whose::Mine), role: Some(Role::Knight) }));
        assert_eq!(w.parse("piezas rival"), Parsed::Command(Command::Pieces { color: Some(Whose::Theirs), role: None }));
        assert_eq!(w.parse("where my rooks"), Parsed::Command(Command::Pieces { color: Some(Whose::Mine), role: Some(Role::Rook) }));
        assert_eq!(w.parse("corregir Cc3"), Parsed::Command(Command::Correct("Cc3".into())));
        assert_eq!(w.parse("resultado 1-0"), Parsed::Command(Command::Result(GameResult::WhiteWins)));
        assert_eq!(w.parse("result 1/2"), Parsed::Command(Command::Result(GameResult::Draw)));
        assert_eq!(w.parse("sí"), Parsed::Command(Command::Yes));
        assert_eq!(w.parse("2"), Parsed::Command(Command::Choice(2)));
        assert_eq!(w.parse("Cf3"), Parsed::Move("Cf3".into()));
        assert_eq!(w.parse("e2-e4"), Parsed::Move("e2-e4".into()));
        assert_eq!(w.parse("5254"), Parsed::Move("5254".into()));
        assert_eq!(w.parse("  "), Parsed::Empty);
    }

    #[test]
    fn arguments_must_be_complete() {
        let w = Words::new(Lang::En);
        assert_eq!(w.parse("square"), Parsed::Error { command: "square", error: CommandError::NeedSquare });
        assert_eq!(w.parse("square z9"), Parsed::Error { command: "square", error: CommandError::NeedSquare });
        assert_eq!(w.parse("clock now"), Parsed::Error { command: "clock", error: CommandError::Extra });
        assert_eq!(w.parse("result 2-0"), Parsed::Error { command: "result", error: CommandError::NeedResult });
        assert_eq!(w.parse("correct"), Parsed::Error { command: "correct", error: CommandError::NeedMove });
        assert_eq!(w.parse("pieces purple"), Parsed::Error { command: "pieces", error: CommandError::NeedPiece });
        assert_eq!(
            w.parse("set 1:05:00 58:10"),
            Parsed::Command(Command::Set { white: Some(Duration::from_secs(3900)), black: Some(Duration::from_secs(3490)) })
        );
        assert_eq!(w.parse("set black 0:30"), Parsed::Command(Command::Set { white: None, black: Some(Duration::from_secs(30)) }));
        assert_eq!(w.parse("set soon"), Parsed::Error { command: "set", error: CommandError::NeedTimes });
        assert_eq!(w.parse("resign black"), Parsed::Command(Command::Resign(Some(Color::Black))));
        assert_eq!(w.parse("draw"), Parsed::Command(Command::Draw(None)));
        assert_eq!(w.parse("claim Nf3"), Parsed::Command(Command::Claim(Some("Nf3".into()))));
    }

    #[test]
    fn a_move_with_a_draw_offer_after_it() {
        let es = Words::new(Lang::Es);
        for (line, mv) in [("Cf3 tablas", Some("Cf3")), ("Cf3 (=)", Some("Cf3")), ("Cf3(=)", Some("Cf3")), ("e4 draw", Some("e4")), ("e4  Tablas ", Some("e4"))] {
            assert_eq!(es.move_with_offer(line), mv, "{line}");
        }
        for line in ["Cf3", "tablas", "(=)", "Cf3 reloj", "e4 e5"] {
            assert_eq!(es.move_with_offer(line), None, "{line}");
        }
        assert_eq!(Words::new(Lang::De).move_with_offer("Sf3 remis"), Some("Sf3"));
    }

    #[test]
    fn ranks_files_legal_moves_and_the_last_moves() {
        let w = Words::new(Lang::En);
        assert_eq!(w.parse("rank 4"), Parsed::Command(Command::Rank(Rank::Fourth)));
        assert_eq!(w.parse("file E"), Parsed::Command(Command::File(File::E)));
        assert_eq!(w.parse("legal e2"), Parsed::Command(Command::Legal(LegalOf::Square(Square::E2))));
        assert_eq!(w.parse("legal knights"), Parsed::Command(Command::Legal(LegalOf::Role(Role::Knight))));
        // "b" is a bishop, never a file, after "legal".
        assert_eq!(w.parse("legal b"), Parsed::Command(Command::Legal(LegalOf::Role(Role::Bishop))));
        assert_eq!(w.parse("last"), Parsed::Command(Command::Last));
        assert_eq!(w.parse("last 1"), Parsed::Command(Command::Last));
        assert_eq!(w.parse("last 5"), Parsed::Command(Command::LastMoves(5)));
        assert_eq!(w.parse("last 5 moves"), Parsed::Command(Command::LastMoves(5)));
        for (line, command, error) in [
            ("rank 9", "rank", CommandError::NeedRank),
            ("rank", "rank", CommandError::NeedRank),
            ("rank four", "rank", CommandError::NeedRank),
            ("file z", "file", CommandError::NeedFile),
            ("file e4", "file", CommandError::NeedFile),
            ("legal", "legal", CommandError::NeedSquareOrPiece),
            ("legal e9", "legal", CommandError::NeedSquareOrPiece),
            ("legal white knight", "legal", CommandError::NeedSquareOrPiece),
            ("last 0", "last", CommandError::NeedCount),
            ("last move", "last", CommandError::NeedCount),
            ("last 5 knights", "last", CommandError::NeedCount),
            ("last -2", "last", CommandError::NeedCount),
        ] {
            assert_eq!(w.parse(line), Parsed::Error { command, error }, "{line}");
        }
        let es = Words::new(Lang::Es);
        assert_eq!(es.parse("fila 8"), Parsed::Command(Command::Rank(Rank::Eighth)));
        assert_eq!(es.parse("columna a"), Parsed::Command(Command::File(File::A)));
        assert_eq!(es.parse("legales caballo"), Parsed::Command(Command::Legal(LegalOf::Role(Role::Knight))));
        assert_eq!(es.parse("legales g1"), Parsed::Command(Command::Legal(LegalOf::Square(Square::G1))));
        assert_eq!(es.parse("últimas 3 jugadas"), Parsed::Command(Command::LastMoves(3)));
        let de = Words::new(Lang::De);
        assert_eq!(de.parse("Reihe 2"), Parsed::Command(Command::Rank(Rank::Second)));
        assert_eq!(de.parse("Linie h"), Parsed::Command(Command::File(File::H)));
        assert_eq!(de.parse("letzten 4 Züge"), Parsed::Command(Command::LastMoves(4)));
    }
}
