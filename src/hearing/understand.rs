//! From what a speech recogniser heard to a legal move: "caballo toma en e
//! cinco", "knight bee three", "Kurze Rochade".
//!
//! Pure: a position and the recogniser's alternatives (lists of words, best
//! first) in, a `Decision` out: accept one legal move, ask between a few, or
//! reject. It never guesses: a move is accepted only when it is the single
//! best reading under `ACCEPT_MAX` with a margin of `MARGIN` to the next.
//!
//! Every legal move is described as a sequence of slots, each slot a set of
//! words that may fill it, built from the pack's `moves.ftl`: the piece word
//! (optional for pawns), the origin file and rank (each optional, so short
//! and long forms and any disambiguation match), the destination file and
//! rank (required), the captured piece (optional), the promotion piece
//! (required), and the connecting words of `move-phrase` ("takes", "on",
//! "en passant", "promotes to"; optional). A piece's move is also its two
//! squares alone ("g one f three"), and a capture its two pieces alone
//! ("knight takes bishop"; asked when several captures fit). Castlings are
//! the phrases of `move-phrase`, `hear-castle-short` / `hear-castle-long`
//! and `hear-castle` (no side: asked when both are legal), or the king's
//! move to its square. A file is its letter, the FIDE name, the NATO word or
//! the pack's spelling alphabet; a rank is its digit or its word.
//!
//! A hypothesis is matched against every move with a weighted edit distance
//! (costs in hundredths of a wrong word): a word of the same group of
//! `hear-same` costs nothing (a group's entry of several words, "x ray",
//! stands for its first word); every other cost comes from the pack's table
//! of confusions (`voices/<lang>/confusions.tsv`, `crate::hearing::costs`,
//! handed over by the pack loader, or any table by `with_costs`; a table
//! can be learnt from a recogniser's confusions, `Costs::learn`): a listed
//! substitution costs what the table says, any other its
//! default; dropping a heard filler (`hear-fillers`, `hear-to`), a check or
//! mate word (`hear-check`) or an answer before the move (`hear-lead`:
//! "yes, knight f three") costs nothing (but a `hear-to` word that starts
//! the move, which stands for a misheard word, costs the table's
//! `leave-out`), dropping any other heard word the table's insertion cost;
//! leaving out the first required word costs the table's deletion cost of
//! its word (`leave-out` when not listed), each further one `delete`.
//! A filler that is also a file word ("a" in Spanish, "à" in French) is
//! both: "torre a d1" is the rook to d1 or the a-rook, "peón a cuatro" the
//! pawn to a4 or a pawn to another file's fourth rank whose file word was
//! lost; such moves are asked.
//!
//! Any one listed confusion, two listed substitutions, or a listed
//! substitution with one required word left out cost less than `MARGIN`
//! (the bands of `crate::hearing::costs`), so a reading that such
//! confusions turn into another legal move is asked, never accepted. What
//! is asked is a yes or a no about the best reading when it was heard
//! exactly (cost 0) and no other of the recogniser's first two readings
//! names a move exactly; a numbered choice only when readings are close.

use std::collections::{BTreeSet, HashMap, HashSet};

use fluent_bundle::FluentArgs;
use shakmaty::{CastlingSide, Chess, Move, Position, Role};

use crate::speaking::announce::role_name;
use crate::game::command::fold;
use crate::i18n::Texts;
use crate::hearing::costs::Costs;
use crate::hearing::recognizer::{Grammar, Slot as GrammarSlot};

/// Added to the cost of the n-th alternative of the recogniser (0-based).
pub(crate) const ALTERNATIVE: u32 = 10;
/// A move is accepted only at this cost or below (one listed
/// substitution, `costs::SUB_CEILING`; never a left-out word,
/// `costs::GAP_FLOOR`)...
pub const ACCEPT_MAX: u32 = 20;
/// ... and only when the next move costs at least this much more: more
/// than any two listed confusions of the bands of `crate::hearing::costs`
/// together, so that a recogniser's two confusions never make another
/// legal move accepted.
pub const MARGIN: u32 = 42;
/// When asking, the moves within this much of the best are offered (but
/// see `EXACT_WINDOW`).
pub const ASK_WINDOW: u32 = 60;
/// When the best reading was heard exactly (cost 0), only the moves within
/// this much of it are offered: those the recogniser's next reading names
/// exactly (`ALTERNATIVE`), not the letters it might have confused, so an
/// exactly heard move is a yes or a no.
pub const EXACT_WINDOW: u32 = ALTERNATIVE;
/// Above this cost a move is not offered at all; nothing under it: reject.
pub const REJECT_CEILING: u32 = 120;
/// At most this many moves are offered in a question.
pub const ASK_MAX: usize = 4;

/// What to do with what was heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// One legal move, clearly the best reading.
    Accept(Move),
    /// Read back these moves (1 to `ASK_MAX`, best first) and let the player
    /// choose; one move alone means "did you say ...?".
    Ask(Vec<Move>),
    /// Nothing heard reads as a legal move.
    Reject,
}

/// The words of what was said or written, folded (lowercase, no accents),
/// split at every character that is not a letter or a digit and where
/// letters meet digits: "Cf3+" gives `cf`, `3`; "xeque-mate" gives `xeque`,
/// `mate`.
pub fn words(text: &str) -> Vec<String> {
    surface_words(text).iter().map(|w| fold(w)).collect()
}

/// As `words`, lowercase but with accents kept.
fn surface_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut digit = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            let d = c.is_ascii_digit();
            if !cur.is_empty() && d != digit {
                out.push(std::mem::take(&mut cur));
            }
            digit = d;
            cur.push(c);
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The words of a pack, each folded word mapped to the id of its group.
#[derive(Default)]
struct Lexicon {
    /// folded word → folded first word of its `hear-same` group
    canon: HashMap<String, String>,
    /// folded canonical word → id
    ids: HashMap<String, u16>,
    /// id → the surface forms (lowercase, accents kept) that stand for it
    spoken: Vec<Vec<String>>,
    /// the entries of `hear-same` of several words ("x ray"), folded, each
    /// with the folded word it stands for
    phrases: Vec<(Vec<String>, String)>,
}

impl Lexicon {
    fn id(&mut self, surface: &str) -> u16 {
        let key = fold(surface);
        let canonical = self.canon.get(&key).cloned().unwrap_or(key);
        let next = u16::try_from(self.ids.len()).expect("a pack has fewer than 65536 words");
        let id = *self.ids.entry(canonical).or_insert(next);
        if usize::from(id) == self.spoken.len() {
            self.spoken.push(Vec::new());
        }
        let forms = &mut self.spoken[usize::from(id)];
        if !forms.iter().any(|f| f == surface) {
            forms.push(surface.to_owned());
        }
        id
    }

    /// Folded heard words with every phrase of `phrases` replaced by the
    /// word it stands for ("x ray" becomes "takes").
    fn collapse(&self, folded: Vec<String>) -> Vec<String> {
        if self.phrases.is_empty() {
            return folded;
        }
        let mut out = Vec::with_capacity(folded.len());
        let mut i = 0;
        while i < folded.len() {
            match self.phrases.iter().find(|(p, _)| folded[i..].starts_with(p)) {
                Some((p, word)) => {
                    out.push(word.clone());
                    i += p.len();
                }
                None => {
                    out.push(folded[i].clone());
                    i += 1;
                }
            }
        }
        out
    }

    /// The id of a folded word, made when the pack does not know it (a
    /// word only a table of confusions names): no new spoken form of a
    /// known word.
    fn id_of_folded(&mut self, folded: &str) -> u16 {
        match self.lookup(folded) {
            Some(id) => id,
            None => self.id(folded),
        }
    }

    /// The id of a folded heard word, if the pack knows it.
    fn lookup(&self, folded: &str) -> Option<u16> {
        let canonical = self.canon.get(folded).map(String::as_str).unwrap_or(folded);
        self.ids.get(canonical).copied()
    }
}

/// A part of `move-phrase`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    Piece,
    From,
    To,
    Captured,
    Promotion,
    Word(u16),
}

/// A place in a move's words: any of `words`, or nothing when optional;
/// left out when required, it costs `leave`.
#[derive(Clone, Debug)]
struct Slot {
    words: Vec<u16>,
    optional: bool,
    leave: u32,
}

/// Far more than any reading costs (and safe to add to).
const NEVER: u32 = u32::MAX / 4;

/// A heard word, looked up.
#[derive(Clone, Debug)]
struct Heard {
    /// the cost of hearing this word for each word of the lexicon, by id
    costs: Vec<u32>,
    /// the cost of dropping it: nothing for a filler or a check word
    ins: u32,
}

/// Turns heard words into moves with one pack's words.
pub struct Understander {
    lexicon: Lexicon,
    pieces: [u16; 6],
    files: [Vec<u16>; 8],
    /// per file, the word of each style (letters, fide, nato, phonetic)
    file_styles: [[Option<u16>; 4]; 8],
    /// the file words a grammar offers: all of `files`, or one style's
    /// (`with_files`)
    grammar_files: [Vec<u16>; 8],
    ranks: [Vec<u16>; 8],
    /// `move-phrase` parts, by capture, en passant, promotion
    templates: [Vec<Item>; 8],
    castle_short: Vec<Vec<u16>>,
    castle_long: Vec<Vec<u16>>,
    /// a castling said without its side (`hear-castle`)
    castle_any: Vec<Vec<u16>>,
    /// the words before a destination (`hear-to`), as spoken
    to_words: Vec<String>,
    /// the same, folded
    to_folded: HashSet<String>,
    /// the check and mate words (`hear-check`), as spoken
    check_words: Vec<String>,
    /// the answers a move may start with (`hear-lead`)
    lead: HashSet<u16>,
    /// the same, as spoken
    lead_words: Vec<String>,
    /// the words of a capture before the captured piece ("takes")
    capture_verbs: Vec<u16>,
    fillers: HashSet<String>,
    ignored: HashSet<u16>,
    /// the table's defaults
    costs: Costs,
    /// heard id → the said ids it is listed as heard for, with the cost
    subs: Vec<Vec<(u16, u32)>>,
    /// heard id → its cost when no part of the move
    ins: Vec<u32>,
    /// said id → its cost when left out (the first required word)
    dels: Vec<u32>,
    /// the players' forms the recogniser's grammar holds besides the moves
    /// as tiflo says them
    grammar_forms: Forms,
}

/// The players' forms a recogniser's grammar may hold besides the moves as
/// tiflo says them. Each is understood whatever this says (typed, or heard
/// by a recogniser with no grammar); in a grammar, each optional word adds
/// paths the recogniser may take in noise, so each form is offered only
/// where measured not to cost hearing (docs/benchmarks.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forms {
    /// an answer before the move ("yes knight f three"), `hear-lead`
    pub lead: bool,
    /// a word before a destination ("pawn to e four", "g one to f
    /// three", "to e four"), `hear-to`
    pub to: bool,
    /// a word before a destination only after a piece's name said
    /// ("pawn to e four", "knight to f three"; not "to e four" nor "g
    /// one to f three"), the words of `hear-to`; the daemon's `hear-to`
    /// setting
    pub piece_to: bool,
    /// check or mate after the move, `hear-check`
    pub check: bool,
    /// a piece's move as its two squares alone ("g one f three")
    pub coordinates: bool,
    /// a capture as its two pieces ("knight takes bishop")
    pub by_pieces: bool,
    /// a castling without its side ("castles"), `hear-castle`
    pub castle_any: bool,
}

impl Forms {
    /// Every form.
    pub const ALL: Forms = Forms { lead: true, to: true, piece_to: true, check: true, coordinates: true, by_pieces: true, castle_any: true };
    /// The forms a grammar holds unless told otherwise: those that cost
    /// no more than a point or two of right-first on the training part of
    /// the noisy-hall corpus and gain on the players' phrasings
    /// (docs/benchmarks.md, "Players' phrasings"). A word before the
    /// destination ("to", which sounds as "two") anywhere cost 7 points in
    /// babble and an answer before the move 1, for no gain there: they are
    /// understood, not listened for. "to" after a piece's name said
    /// ("pawn to e four", "knight to f three") more than doubles what is
    /// heard of moves said so, but costs 4 to 5 points in the hall's babble:
    /// it is listened for only where the `hear-to` setting asks, as the
    /// home profile does (docs/benchmarks.md, "\"to\" after a piece's
    /// name").
    pub const DEFAULT: Forms = Forms { lead: false, to: false, piece_to: false, check: true, coordinates: true, by_pieces: true, castle_any: true };
    /// [`Forms::DEFAULT`] with "to" after a piece's name (`hear-to = true`).
    pub const WITH_TO: Forms = Forms { piece_to: true, ..Forms::DEFAULT };
}

impl std::fmt::Debug for Understander {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Understander").field("words", &self.lexicon.ids.len()).finish()
    }
}

/// The styles of file words, in the order of `Understander::file_styles`.
const FILE_STYLES: [&str; 4] = ["letters", "fide", "nato", "phonetic"];

const ROLES: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

fn role_index(r: Role) -> usize {
    ROLES.iter().position(|x| *x == r).expect("every role is listed")
}

/// The items of a comma-separated list message.
fn list(texts: &Texts, id: &str) -> Vec<String> {
    texts.text(id).split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect()
}

/// The groups of a message of comma-separated groups separated by semicolons.
fn groups(texts: &Texts, id: &str) -> Vec<Vec<String>> {
    texts
        .text(id)
        .split(';')
        .map(|g| g.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect::<Vec<_>>())
        .filter(|g| !g.is_empty())
        .collect()
}

impl Understander {
    /// The understander of pack `code` (es, pt, en, fr, de, it, nl, fide or ko).
    pub fn new(code: &str) -> Option<Understander> {
        let texts = Texts::pack(code)?;
        let mut lex = Lexicon::default();
        let same = groups(&texts, "hear-same");
        for g in &same {
            let first = fold(&g[0]);
            for w in g {
                lex.canon.entry(fold(w)).or_insert_with(|| first.clone());
            }
        }
        for g in &same {
            for w in g {
                let folded = words(w);
                if folded.len() > 1 {
                    lex.phrases.push((folded, fold(&g[0])));
                }
                lex.id(&w.to_lowercase());
            }
        }

        // A single word of the pack (the first word if a text has several).
        let one = |lex: &mut Lexicon, text: &str| -> Option<u16> {
            surface_words(text).first().map(|w| lex.id(w))
        };
        let base = |files: &str, squares: &str| {
            let mut a = FluentArgs::new();
            a.set("files", files.to_owned());
            a.set("squares", squares.to_owned());
            a
        };

        let mut pieces = [0u16; 6];
        for (i, r) in ROLES.iter().enumerate() {
            let mut a = base("letters", "letters");
            a.set("role", role_name(*r));
            pieces[i] = one(&mut lex, &texts.get("piece-word", Some(&a))).unwrap_or_else(|| lex.id(role_name(*r)));
        }
        let mut files: [Vec<u16>; 8] = Default::default();
        let mut file_styles = [[None; 4]; 8];
        for (i, alts) in files.iter_mut().enumerate() {
            let letter = char::from(b'a' + i as u8).to_string();
            alts.push(lex.id(&letter));
            for (k, style) in FILE_STYLES.iter().enumerate() {
                let mut a = base(style, "words");
                a.set("file", letter.clone());
                if let Some(id) = one(&mut lex, &texts.get("file-word", Some(&a))) {
                    file_styles[i][k] = Some(id);
                    if !alts.contains(&id) {
                        alts.push(id);
                    }
                }
            }
        }
        let mut ranks: [Vec<u16>; 8] = Default::default();
        for (i, alts) in ranks.iter_mut().enumerate() {
            alts.push(lex.id(&(i + 1).to_string()));
            for squares in ["letters", "words"] {
                let mut a = base("letters", squares);
                a.set("rank", i as u64 + 1);
                if let Some(id) = one(&mut lex, &texts.get("rank-word", Some(&a)))
                    && !alts.contains(&id)
                {
                    alts.push(id);
                }
            }
        }

        let phrase = |castle: &str, check: &str, capture: bool, ep: bool, promotion: bool| {
            let mut a = base("letters", "letters");
            a.set("castle", castle.to_owned());
            a.set("check", check.to_owned());
            a.set("piece", "qqpiece");
            a.set("from", "qqfrom");
            a.set("to", "qqto");
            a.set("captured", "qqcaptured");
            a.set("capture", if capture { "yes" } else { "no" });
            a.set("ep", if ep { "yes" } else { "no" });
            a.set("promotion", if promotion { "qqpromotion" } else { "none" });
            texts.get("move-phrase", Some(&a))
        };
        let templates: [Vec<Item>; 8] = std::array::from_fn(|k| {
            surface_words(&phrase("none", "none", k & 4 != 0, k & 2 != 0, k & 1 != 0))
                .iter()
                .map(|w| match w.as_str() {
                    "qqpiece" => Item::Piece,
                    "qqfrom" => Item::From,
                    "qqto" => Item::To,
                    "qqcaptured" => Item::Captured,
                    "qqpromotion" => Item::Promotion,
                    other => Item::Word(lex.id(other)),
                })
                .collect()
        });

        // Check and mate words: what the castling phrase gains with them.
        let plain: HashSet<String> = words(&phrase("short", "none", false, false, false)).into_iter().collect();
        let mut ignored = HashSet::new();
        for check in ["check", "mate"] {
            for w in surface_words(&phrase("short", check, false, false, false)) {
                if !plain.contains(&fold(&w)) {
                    ignored.insert(lex.id(&w));
                }
            }
        }

        let mut castles = |side: &str, id: &str| {
            let mut out: Vec<Vec<u16>> = Vec::new();
            let texts_phrase = phrase(side, "none", false, false, false);
            for p in std::iter::once(texts_phrase).chain(list(&texts, id)) {
                let ids: Vec<u16> = surface_words(&p).iter().map(|w| lex.id(w)).collect();
                if !ids.is_empty() && !out.contains(&ids) {
                    out.push(ids);
                }
            }
            out
        };
        let castle_short = castles("short", "hear-castle-short");
        let castle_long = castles("long", "hear-castle-long");
        let castle_any: Vec<Vec<u16>> = list(&texts, "hear-castle")
            .iter()
            .map(|p| surface_words(p).iter().map(|w| lex.id(w)).collect::<Vec<u16>>())
            .filter(|p| !p.is_empty())
            .collect();

        // Check and mate words said at the end: free wherever heard.
        let check_words: Vec<String> = list(&texts, "hear-check").iter().map(|w| surface_words(w).join(" ")).filter(|w| !w.is_empty()).collect();
        for w in check_words.iter().flat_map(|p| p.split(' ')) {
            ignored.insert(lex.id(w));
        }
        let lead_words: Vec<String> = list(&texts, "hear-lead").iter().map(|w| w.to_lowercase()).collect();
        let lead: HashSet<u16> = lead_words.iter().flat_map(|w| surface_words(w)).map(|w| lex.id(&w)).collect();
        let to_words: Vec<String> = list(&texts, "hear-to").iter().map(|w| w.to_lowercase()).collect();

        let mut fillers: HashSet<String> = list(&texts, "hear-fillers").iter().map(|w| fold(w)).collect();
        for f in list(&texts, "hear-fillers").iter().chain(&to_words) {
            lex.id(&f.to_lowercase());
        }
        fillers.extend(to_words.iter().map(|w| fold(w)));
        let capture_ids: HashSet<u16> = templates[4]
            .iter()
            .filter(|i| !templates[0].contains(i))
            .filter_map(|i| if let Item::Word(w) = i { Some(*w) } else { None })
            .collect();
        // The words of a capture before the captured piece ("takes").
        let mut capture_verbs = Vec::new();
        for item in templates[4].iter().take_while(|i| **i != Item::Captured) {
            if let Item::Word(w) = item
                && capture_ids.contains(w)
            {
                capture_verbs.push(*w);
            }
        }
        let costs = crate::i18n::confusions(code).and_then(|t| Costs::parse(t).ok()).unwrap_or_default();
        let u = Understander {
            lexicon: lex,
            pieces,
            grammar_files: files.clone(),
            files,
            file_styles,
            ranks,
            templates,
            castle_short,
            castle_long,
            castle_any,
            to_folded: to_words.iter().map(|w| fold(w)).collect(),
            to_words,
            check_words,
            lead,
            lead_words,
            capture_verbs,
            grammar_forms: Forms::DEFAULT,
            fillers,
            ignored,
            costs: Costs::default(),
            subs: Vec::new(),
            ins: Vec::new(),
            dels: Vec::new(),
        };
        Some(u.with_costs(&costs))
    }

    /// The same understanding with the costs of `table` instead of the
    /// pack's (a table learnt anew, or one under test).
    pub fn with_costs(mut self, table: &Costs) -> Understander {
        let mut subs = Vec::new();
        for (heard, said, c) in table.substitutions() {
            let (h, s) = (self.lexicon.id_of_folded(heard), self.lexicon.id_of_folded(said));
            subs.push((h, s, *c));
        }
        let ins: Vec<(u16, u32)> = table.insertions().iter().map(|(w, c)| (self.lexicon.id_of_folded(w), *c)).collect();
        let dels: Vec<(u16, u32)> = table.deletions().iter().map(|(w, c)| (self.lexicon.id_of_folded(w), *c)).collect();
        let n = self.lexicon.spoken.len();
        self.subs = vec![Vec::new(); n];
        for (h, s, c) in subs {
            let list = &mut self.subs[usize::from(h)];
            match list.iter_mut().find(|(x, _)| *x == s) {
                Some(e) => e.1 = c,
                None => list.push((s, c)),
            }
        }
        self.ins = vec![table.insert; n];
        for (w, c) in ins {
            self.ins[usize::from(w)] = c;
        }
        self.dels = vec![table.leave_out; n];
        for (w, c) in dels {
            self.dels[usize::from(w)] = c;
        }
        self.costs = table.clone();
        self
    }

    /// A place in a move's words: any of `words`.
    fn slot(&self, words: &[u16], optional: bool) -> Slot {
        let leave = words.iter().map(|w| self.dels.get(usize::from(*w)).copied().unwrap_or(self.costs.leave_out)).min().unwrap_or(self.costs.leave_out);
        Slot { words: words.to_vec(), optional, leave }
    }

    fn piece(&self, r: Role) -> u16 {
        self.pieces[role_index(r)]
    }

    /// Every way of saying `m`, as slot sequences: as the pack's move
    /// phrase (the piece, optional for a pawn; the origin's file and rank,
    /// each optional); as its two squares alone ("g one f three"); a capture
    /// as the two pieces alone ("knight takes bishop"); a castling as its
    /// phrases, the king's move, or the castling said without its side.
    fn forms(&self, m: Move) -> Vec<Vec<Slot>> {
        let mut out = Vec::new();
        let from = m.from().expect("chess moves have an origin");
        if let Some(side) = m.castling_side() {
            let phrases = if side == CastlingSide::KingSide { &self.castle_short } else { &self.castle_long };
            for p in phrases.iter().chain(&self.castle_any) {
                out.push(p.iter().map(|w| self.slot(&[*w], false)).collect());
            }
            // The king's move to its castled square: "king g1".
            let to = shakmaty::Square::from_coords(side.king_to_file(), from.rank());
            out.push(vec![
                self.slot(&[self.piece(Role::King)], false),
                self.slot(&self.files[usize::from(from.file())], true),
                self.slot(&self.ranks[usize::from(from.rank())], true),
                self.slot(&self.files[usize::from(to.file())], false),
                self.slot(&self.ranks[usize::from(to.rank())], false),
            ]);
            return out;
        }
        out.push(self.phrase_form(m, false));
        if m.role() != Role::Pawn {
            // Coordinates: the origin square, said whole, stands for the piece.
            out.push(self.phrase_form(m, true));
        }
        if let Some(captured) = m.capture()
            && !self.capture_verbs.is_empty()
        {
            // "knight takes bishop": the pieces, no square.
            let mut form = vec![self.slot(&[self.piece(m.role())], false), self.slot(&self.capture_verbs, false), self.slot(&[self.piece(captured)], false)];
            if let Some(r) = m.promotion() {
                form.push(self.slot(&[self.piece(r)], false));
            }
            out.push(form);
        }
        out
    }

    /// The move phrase of `m`: with `coordinates`, no piece word and the
    /// origin square required.
    fn phrase_form(&self, m: Move, coordinates: bool) -> Vec<Slot> {
        let from = m.from().expect("chess moves have an origin");
        let k = usize::from(m.is_capture()) * 4 + usize::from(m.is_en_passant()) * 2 + usize::from(m.is_promotion());
        let mut form = Vec::with_capacity(12);
        for item in &self.templates[k] {
            match *item {
                Item::Piece => {
                    if !coordinates {
                        form.push(self.slot(&[self.piece(m.role())], m.role() == Role::Pawn));
                    }
                }
                Item::From => {
                    form.push(self.slot(&self.files[usize::from(from.file())], !coordinates));
                    form.push(self.slot(&self.ranks[usize::from(from.rank())], !coordinates));
                }
                Item::To => {
                    form.push(self.slot(&self.files[usize::from(m.to().file())], false));
                    form.push(self.slot(&self.ranks[usize::from(m.to().rank())], false));
                }
                Item::Captured => {
                    if let Some(r) = m.capture() {
                        form.push(self.slot(&[self.piece(r)], true));
                    }
                }
                Item::Promotion => {
                    if let Some(r) = m.promotion() {
                        form.push(self.slot(&[self.piece(r)], false));
                    }
                }
                Item::Word(w) => form.push(self.slot(&[w], true)),
            }
        }
        form
    }

    /// The heard words, looked up.
    fn hear(&self, heard: &[String]) -> Vec<Heard> {
        let folded = self.lexicon.collapse(heard.iter().flat_map(|w| words(w)).collect());
        let ids: Vec<Option<u16>> = folded.iter().map(|w| self.lexicon.lookup(w)).collect();
        // The answers said before the move ("yes, knight f three").
        let leading = ids.iter().take_while(|id| id.is_some_and(|x| self.lead.contains(&x))).count();
        (0..folded.len())
            .map(|i| {
                let id = ids[i];
                let ignored = id.is_some_and(|x| self.ignored.contains(&x)) || i < leading;
                // A filler that is also a file word ("a" in Spanish) is
                // both: the file of the square it may name, or dropped. A
                // word before a destination ("to") that starts the move
                // follows nothing: unless it is also a file word, it stands
                // for a word the recogniser misheard ("knight foxtrot
                // three" heard as "to foxtrot three"), and dropping it costs
                // the table's `leave-out`.
                let misheard = i == leading
                    && self.to_folded.contains(&folded[i])
                    && !id.is_some_and(|x| self.files.iter().any(|f| f.contains(&x)));
                let filler = self.fillers.contains(&folded[i]) && !misheard;
                let n = self.lexicon.spoken.len();
                if misheard {
                    // Read as no word of its own, and as a lost word's place.
                    return Heard { costs: vec![self.costs.substitute; n], ins: self.costs.leave_out };
                }
                let mut costs = vec![self.costs.substitute; n];
                if let Some(x) = id {
                    for (y, c) in self.subs.get(usize::from(x)).into_iter().flatten() {
                        costs[usize::from(*y)] = costs[usize::from(*y)].min(*c);
                    }
                    costs[usize::from(x)] = 0;
                }
                let ins = if ignored || filler { 0 } else { id.and_then(|x| self.ins.get(usize::from(x)).copied()).unwrap_or(self.costs.insert) };
                Heard { costs, ins }
            })
            .collect()
    }

    /// The weighted edit distance between heard words and a form. Two rows
    /// per heard word: readings that left out no required word (`a`), and
    /// readings that left out one or more (`b`): the first costs its
    /// slot's `leave`, each further one the table's `delete`.
    fn distance(&self, heard: &[Heard], form: &[Slot], rows: &mut Vec<u32>) -> u32 {
        let n = form.len() + 1;
        let delete = self.costs.delete;
        rows.clear();
        rows.resize(2 * n, NEVER);
        let (a, b) = rows.split_at_mut(n);
        a[0] = 0;
        for (j, s) in form.iter().enumerate() {
            if s.optional {
                a[j + 1] = a[j];
                b[j + 1] = b[j];
            } else {
                b[j + 1] = (a[j] + s.leave).min(b[j] + delete).min(NEVER);
            }
        }
        for h in heard {
            let ins = h.ins;
            let (mut da, mut db) = (a[0], b[0]);
            a[0] = (a[0] + ins).min(NEVER);
            b[0] = (b[0] + ins).min(NEVER);
            for (j, s) in form.iter().enumerate() {
                let sub = s.words.iter().map(|w| h.costs[usize::from(*w)]).min().unwrap_or(self.costs.substitute);
                let (na, nb) = if s.optional {
                    ((da + sub).min(a[j + 1] + ins).min(a[j]), (db + sub).min(b[j + 1] + ins).min(b[j]))
                } else {
                    ((da + sub).min(a[j + 1] + ins), (db + sub).min(b[j + 1] + ins).min(b[j] + delete).min(a[j] + s.leave))
                };
                da = a[j + 1];
                db = b[j + 1];
                a[j + 1] = na.min(NEVER);
                b[j + 1] = nb.min(NEVER);
            }
        }
        a[n - 1].min(b[n - 1])
    }

    /// Every legal move with its cost in hundredths, cheapest first (among
    /// equals, promotion to a queen first, then move generation order).
    fn scored(&self, pos: &Chess, heard: &[Vec<String>]) -> Vec<(Move, u32)> {
        let hyps: Vec<Vec<Heard>> = heard.iter().map(|h| self.hear(h)).collect();
        let mut row = Vec::new();
        let mut out: Vec<(Move, u32)> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let forms = self.forms(*m);
                let cost = hyps
                    .iter()
                    .enumerate()
                    .flat_map(|(i, h)| forms.iter().map(move |f| (i, h, f)))
                    .map(|(i, h, f)| self.distance(h, f, &mut row) + ALTERNATIVE * i as u32)
                    .min()
                    .unwrap_or(u32::MAX);
                (*m, cost)
            })
            .collect();
        out.sort_by_key(|(m, c)| (*c, m.promotion().is_some_and(|r| r != Role::Queen)));
        out
    }

    /// Every legal move with its cost (1.0 is one wrong word), cheapest
    /// first; for debugging and measurements.
    pub fn candidates(&self, pos: &Chess, heard: &[Vec<String>]) -> Vec<(Move, f32)> {
        self.scored(pos, heard).into_iter().map(|(m, c)| (m, c as f32 / 100.0)).collect()
    }

    /// What to do with the recogniser's alternatives `heard` (best first):
    /// accept the single best move when it costs at most `ACCEPT_MAX` and the
    /// next costs `MARGIN` more; reject when no move costs `REJECT_CEILING`
    /// or less; otherwise ask between the moves within `ASK_WINDOW` of the
    /// best (at most `ASK_MAX`), or, when the best was heard exactly, within
    /// `EXACT_WINDOW`: only the moves the recogniser's first two readings
    /// name exactly.
    pub fn understand(&self, pos: &Chess, heard: &[Vec<String>]) -> Decision {
        decide(&self.scored(pos, heard), true)
    }

    /// Like `understand`, but never accepts: what a recogniser heard is
    /// always read back (for engines that cannot tell when their grammar
    /// forced unclear speech into a move).
    pub(crate) fn understand_unsure(&self, pos: &Chess, heard: &[Vec<String>]) -> Decision {
        decide(&self.scored(pos, heard), false)
    }

    /// Like `understand_unsure`, for a correction of the move `old` made in
    /// `pos`: the player said it was wrong, so the question is chosen among
    /// the other moves (a letter confused into the recorded move again
    /// offers the moves it might have been). Only when no other move is a
    /// reading is `old` itself offered, so that the session can say it is
    /// the move recorded.
    pub(crate) fn understand_correction(&self, pos: &Chess, heard: &[Vec<String>], old: Option<Move>) -> Decision {
        let mut scored = self.scored(pos, heard);
        let Some(old) = old else { return decide(&scored, false) };
        let recorded_best = scored.first().is_some_and(|&(m, c)| m == old && c <= REJECT_CEILING);
        scored.retain(|(m, _)| *m != old);
        match decide(&scored, false) {
            Decision::Reject if recorded_best => Decision::Ask(vec![old]),
            d => d,
        }
    }

    /// What a recogniser may hear in `pos`: every legal move as it is said,
    /// as phrases of slots of spoken words (digits left out: a recogniser
    /// writes words). Tighter than what `understand` accepts, so that the
    /// recogniser is not tempted by word salads: the origin is said as a
    /// whole square ("knight g one f three", or "g one f three" without the
    /// piece), or by its file or rank alone only where that is how the move
    /// is told apart (a pawn's capture, two knights that reach one square);
    /// a capture also as its two pieces ("knight takes bishop"). Optional
    /// slots, not more phrases, hold the rest: an answer before the move
    /// (`hear-lead`), the word before a destination (`hear-to`), and check
    /// or mate after it (`hear-check`).
    pub fn grammar(&self, pos: &Chess) -> Grammar {
        self.moves_grammar(pos, true)
    }

    /// As `grammar`, without the answers before a move: the moves said
    /// after a command word ("correct knight f three").
    pub(crate) fn grammar_after_command(&self, pos: &Chess) -> Grammar {
        self.moves_grammar(pos, false)
    }

    fn moves_grammar(&self, pos: &Chess, lead: bool) -> Grammar {
        let legal = pos.legal_moves();
        let spoken = |ids: &[u16]| self.spoken_words(ids);
        let square = |sq: shakmaty::Square| -> Vec<String> {
            let ranks = spoken(&self.ranks[usize::from(sq.rank())]);
            spoken(&self.grammar_files[usize::from(sq.file())])
                .iter()
                .flat_map(|f| ranks.iter().map(move |r| format!("{f} {r}")))
                .collect()
        };
        let optional = |words: &[String]| GrammarSlot { words: words.to_vec(), optional: true };
        let forms = self.grammar_forms;
        let before = (forms.lead && lead && !self.lead_words.is_empty()).then(|| optional(&self.lead_words));
        let after = (forms.check && !self.check_words.is_empty()).then(|| optional(&self.check_words));
        let to_slot = (forms.to && !self.to_words.is_empty()).then(|| optional(&self.to_words));
        // The words before the destination after a piece's name (`piece_to`).
        let to_slot_words = (forms.piece_to && !forms.to && !self.to_words.is_empty()).then(|| self.to_words.clone());
        let mut out = Grammar::default();
        let mut push = |core: Vec<GrammarSlot>| {
            if core.is_empty() {
                return;
            }
            let phrase: Vec<GrammarSlot> = before.iter().cloned().chain(core).chain(after.iter().cloned()).collect();
            if !out.phrases.contains(&phrase) {
                out.phrases.push(phrase);
            }
        };
        let mut castled = false;
        for m in &legal {
            let from = m.from().expect("chess moves have an origin");
            if let Some(side) = m.castling_side() {
                let phrases = if side == CastlingSide::KingSide { &self.castle_short } else { &self.castle_long };
                for p in phrases {
                    push(p.iter().map(|w| GrammarSlot { words: spoken(&[*w]), optional: false }).collect());
                }
                if forms.castle_any && !castled {
                    castled = true;
                    for p in &self.castle_any {
                        push(p.iter().map(|w| GrammarSlot { words: spoken(&[*w]), optional: false }).collect());
                    }
                }
                let to = shakmaty::Square::from_coords(side.king_to_file(), from.rank());
                push(vec![
                    GrammarSlot { words: spoken(&[self.piece(Role::King)]), optional: false },
                    GrammarSlot { words: square(from), optional: true },
                    GrammarSlot { words: square(to), optional: false },
                ]);
                continue;
            }
            // How SAN tells this move from its twins.
            let twins: Vec<&Move> = legal
                .iter()
                .filter(|o| o.role() == m.role() && o.to() == m.to() && o.from() != m.from() && o.promotion() == m.promotion())
                .collect();
            let by_file = (m.role() == Role::Pawn && m.is_capture())
                || (!twins.is_empty() && twins.iter().all(|o| o.from().map(|f| f.file()) != Some(from.file())));
            let by_rank = !twins.is_empty() && !by_file && twins.iter().all(|o| o.from().map(|f| f.rank()) != Some(from.rank()));
            let mut origin = square(from);
            if by_file {
                origin.extend(spoken(&self.grammar_files[usize::from(from.file())]));
            }
            if by_rank {
                origin.extend(spoken(&self.ranks[usize::from(from.rank())]));
            }
            let k = usize::from(m.is_capture()) * 4 + usize::from(m.is_en_passant()) * 2 + usize::from(m.is_promotion());
            // The move phrase; for a piece, also its two squares alone.
            // (coordinates, a word before the destination after the piece's
            // name): a piece's name is said with its move, so the word is
            // optional there; a pawn's is not, so a pawn's move with the
            // word is a phrase of its own that names the pawn.
            let piece_to = !m.is_capture() && to_slot_words.is_some();
            let mut shapes: Vec<(bool, bool)> = vec![(false, piece_to && m.role() != Role::Pawn)];
            if piece_to && m.role() == Role::Pawn {
                shapes.push((false, true));
            }
            if m.role() != Role::Pawn && forms.coordinates {
                shapes.push((true, false));
            }
            for &(coordinates, with_to) in &shapes {
                let mut phrase = Vec::new();
                for item in &self.templates[k] {
                    match *item {
                        Item::Piece => {
                            if !coordinates {
                                let optional = m.role() == Role::Pawn && !with_to;
                                phrase.push(GrammarSlot { words: spoken(&[self.piece(m.role())]), optional });
                            }
                        }
                        Item::From => {
                            if coordinates {
                                phrase.push(GrammarSlot { words: square(from), optional: false });
                            } else {
                                phrase.push(GrammarSlot { words: origin.clone(), optional: true });
                            }
                        }
                        Item::To => {
                            if !m.is_capture()
                                && let Some(s) = &to_slot
                            {
                                phrase.push(s.clone());
                            }
                            if with_to && let Some(words) = &to_slot_words {
                                phrase.push(GrammarSlot { words: words.clone(), optional: m.role() != Role::Pawn });
                            }
                            phrase.push(GrammarSlot { words: square(m.to()), optional: false });
                        }
                        Item::Captured => {
                            if let Some(r) = m.capture() {
                                phrase.push(GrammarSlot { words: spoken(&[self.piece(r)]), optional: true });
                            }
                        }
                        Item::Promotion => {
                            if let Some(r) = m.promotion() {
                                phrase.push(GrammarSlot { words: spoken(&[self.piece(r)]), optional: false });
                            }
                        }
                        Item::Word(w) => {
                            let words = spoken(&[w]);
                            if !words.is_empty() {
                                phrase.push(GrammarSlot { words, optional: true });
                            }
                        }
                    }
                }
                phrase.retain(|s| !s.words.is_empty() || s.optional);
                push(phrase);
            }
            // A capture as its two pieces: "knight takes bishop".
            if let Some(captured) = m.capture()
                && forms.by_pieces
                && !self.capture_verbs.is_empty()
            {
                let mut phrase = vec![
                    GrammarSlot { words: spoken(&[self.piece(m.role())]), optional: false },
                    GrammarSlot { words: spoken(&self.capture_verbs), optional: false },
                    GrammarSlot { words: spoken(&[self.piece(captured)]), optional: false },
                ];
                if let Some(r) = m.promotion() {
                    phrase.push(GrammarSlot { words: spoken(&[self.piece(r)]), optional: false });
                }
                push(phrase);
            }
        }
        out
    }

    /// Every phrase shaped like a move, legal in `pos` or not: a piece, an
    /// origin square, the words a capture or a move adds, a destination and
    /// a promotion piece in the order the pack says them, and the castling
    /// phrases. What a recogniser hears with it is not pulled towards the
    /// legal moves, so a reading it agrees with was not forced by the
    /// position's grammar.
    pub fn open_grammar(&self) -> Grammar {
        let spoken = |ids: &[u16]| self.spoken_words(ids);
        let files: Vec<u16> = self.grammar_files.iter().flatten().copied().collect();
        let ranks: Vec<u16> = self.ranks.iter().flatten().copied().collect();
        let pieces: Vec<u16> = self.pieces.to_vec();
        let mut out = Grammar::default();
        for p in self.castle_short.iter().chain(&self.castle_long) {
            let phrase: Vec<GrammarSlot> = p.iter().map(|w| GrammarSlot { words: spoken(&[*w]), optional: false }).collect();
            if !phrase.is_empty() && !out.phrases.contains(&phrase) {
                out.phrases.push(phrase);
            }
        }
        for template in &self.templates {
            let mut phrase = Vec::new();
            for item in template {
                match *item {
                    Item::Piece | Item::Captured => phrase.push(GrammarSlot { words: spoken(&pieces), optional: true }),
                    Item::Promotion => phrase.push(GrammarSlot { words: spoken(&pieces), optional: false }),
                    Item::From => {
                        phrase.push(GrammarSlot { words: spoken(&files), optional: true });
                        phrase.push(GrammarSlot { words: spoken(&ranks), optional: true });
                    }
                    Item::To => {
                        phrase.push(GrammarSlot { words: spoken(&files), optional: false });
                        phrase.push(GrammarSlot { words: spoken(&ranks), optional: false });
                    }
                    Item::Word(w) => {
                        let words = spoken(&[w]);
                        if !words.is_empty() {
                            phrase.push(GrammarSlot { words, optional: true });
                        }
                    }
                }
            }
            phrase.retain(|s| !s.words.is_empty() || s.optional);
            if !phrase.is_empty() && !out.phrases.contains(&phrase) {
                out.phrases.push(phrase);
            }
        }
        out
    }

    fn spoken_words(&self, ids: &[u16]) -> Vec<String> {
        ids.iter()
            .flat_map(|id| self.lexicon.spoken[usize::from(*id)].iter())
            .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
            .cloned()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    }

    /// The words of `text` as the understanding compares them: folded,
    /// each word of a `hear-same` group as the group's first, a rank's
    /// digit as the rank's word ("3" as "three"). For learning costs from
    /// what was said and heard (`crate::hearing::costs`).
    pub fn canonical_words(&self, text: &str) -> Vec<String> {
        let canon = |w: String| self.lexicon.canon.get(&w).cloned().unwrap_or(w);
        self.lexicon
            .collapse(words(text))
            .into_iter()
            .map(|w| {
                if w.chars().all(|c| c.is_ascii_digit())
                    && let Some(word) = self.rank_of(&w).and_then(|r| self.rank_words(r).into_iter().next())
                {
                    return canon(fold(&word));
                }
                canon(w)
            })
            .collect()
    }

    /// Whether `words` (a reading, as heard) name a file by any word but
    /// its NATO name (a letter, a word of the language's spelling
    /// alphabet, a FIDE name): the letters are the words a recogniser
    /// confuses most, and only the NATO words were measured
    /// (`confidence::Features::letters`). A pack whose NATO word for a
    /// file is its letter names every file by a letter.
    pub fn names_a_file_by_letter(&self, words: &[String]) -> bool {
        let folded = self.lexicon.collapse(words.iter().map(|w| fold(w)).collect());
        folded.iter().filter_map(|w| self.lexicon.lookup(w)).any(|id| {
            self.files.iter().zip(&self.file_styles).any(|(file, styles)| {
                let letter = file[0] == id || styles[0] == Some(id);
                file.contains(&id) && (letter || styles[2] != Some(id))
            })
        })
    }

    /// The spoken words of file `i` (0 = a) and of rank `i` (0 = the first).
    pub fn file_words(&self, i: usize) -> Vec<String> {
        self.files.get(i).map(|ids| self.spoken_words(ids)).unwrap_or_default()
    }

    /// The words of file `i` a grammar offers (one style's with
    /// `with_files`).
    pub(crate) fn grammar_file_words(&self, i: usize) -> Vec<String> {
        self.grammar_files.get(i).map(|ids| self.spoken_words(ids)).unwrap_or_default()
    }

    /// Grammars that hold `forms` besides the moves as tiflo says them
    /// (what is heard is understood in every form whatever this says).
    pub fn with_forms(mut self, forms: Forms) -> Understander {
        self.grammar_forms = forms;
        self
    }

    /// Grammars that offer the files only in the words of `style` (the
    /// letters, with their spellings; or the FIDE names, NATO or the
    /// language's spelling alphabet): fewer words for the recogniser to
    /// confuse. What is heard is still understood in any style. A style
    /// the pack lacks for a file keeps that file's letter.
    pub fn with_files(mut self, style: crate::speaking::announce::Files) -> Understander {
        let k = match style {
            crate::speaking::announce::Files::Letters => 0,
            crate::speaking::announce::Files::Fide => 1,
            crate::speaking::announce::Files::Nato => 2,
            crate::speaking::announce::Files::Phonetic => 3,
        };
        for (i, ids) in self.grammar_files.iter_mut().enumerate() {
            let letter = self.files[i][0];
            *ids = match self.file_styles[i][k] {
                Some(id) if k == 0 && id != letter => vec![letter, id],
                Some(id) => vec![id],
                None => vec![letter],
            };
        }
        self
    }

    /// The file words of file `i` that are words of their own (FIDE, NATO),
    /// not the letter or its spellings ("a", "ay"): short sounds that other
    /// speech is easily heard as.
    pub(crate) fn file_names(&self, i: usize) -> Vec<String> {
        let letter = char::from(b'a' + i as u8).to_string();
        let bare = self.lexicon.lookup(&letter);
        self.files
            .get(i)
            .map(|ids| {
                let named: Vec<u16> = ids.iter().copied().filter(|id| Some(*id) != bare).collect();
                self.spoken_words(&named)
            })
            .unwrap_or_default()
    }

    pub(crate) fn rank_words(&self, i: usize) -> Vec<String> {
        self.ranks.get(i).map(|ids| self.spoken_words(ids)).unwrap_or_default()
    }

    /// The spoken words of a piece.
    pub(crate) fn piece_words(&self, r: Role) -> Vec<String> {
        self.spoken_words(&[self.piece(r)])
    }

    /// The file (0 = a) a heard word names.
    pub(crate) fn file_of(&self, word: &str) -> Option<usize> {
        let id = self.lexicon.lookup(&fold(word))?;
        self.files.iter().position(|ids| ids.contains(&id))
    }

    /// The rank (0 = the first) a heard word names ("three", "3").
    pub(crate) fn rank_of(&self, word: &str) -> Option<usize> {
        let id = self.lexicon.lookup(&fold(word))?;
        self.ranks.iter().position(|ids| ids.contains(&id))
    }

    /// Every word the legal moves of `pos` can be said with (and the fillers
    /// and check words), lowercase with accents, sorted: the vocabulary of a
    /// recogniser grammar. Digits are left out (a recogniser writes words).
    pub fn vocabulary(&self, pos: &Chess) -> Vec<String> {
        let mut ids: HashSet<u16> = self.ignored.clone();
        for f in &self.fillers {
            if let Some(id) = self.lexicon.lookup(f) {
                ids.insert(id);
            }
        }
        for m in pos.legal_moves() {
            for form in self.forms(m) {
                for s in form {
                    ids.extend(s.words);
                }
            }
        }
        let mut out: Vec<String> = ids
            .iter()
            .flat_map(|id| self.lexicon.spoken[usize::from(*id)].iter())
            .flat_map(|w| w.split_whitespace().map(str::to_owned))
            .chain(self.lead_words.iter().cloned())
            .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// What to do with `scored` (every candidate move with its cost, cheapest
/// first): see `Understander::understand`; `may_accept` false never
/// accepts.
fn decide(scored: &[(Move, u32)], may_accept: bool) -> Decision {
    let Some(&(first, best)) = scored.first() else { return Decision::Reject };
    if best > REJECT_CEILING {
        return Decision::Reject;
    }
    let next = scored.get(1).map_or(u32::MAX, |x| x.1);
    if may_accept && best <= ACCEPT_MAX && next.saturating_sub(best) >= MARGIN {
        return Decision::Accept(first);
    }
    // A move heard exactly is asked alone (a yes or a no), or with the
    // moves the recogniser's own next readings name exactly: the letters
    // it might have confused are no reason for a numbered choice.
    let window = if best == 0 { EXACT_WINDOW } else { ASK_WINDOW };
    let limit = (best + window).min(REJECT_CEILING);
    Decision::Ask(scored.iter().take_while(|x| x.1 <= limit).take(ASK_MAX).map(|x| x.0).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::CastlingMode;

    const PACKS: [&str; 9] = ["en", "es", "pt", "fr", "de", "it", "nl", "fide", "ko"];

    #[test]
    fn a_grammar_with_one_style_of_file_words_still_understands_every_style() {
        use crate::speaking::announce::Files;
        let pos = Chess::default();
        let all = Understander::new("en").unwrap();
        let nato = Understander::new("en").unwrap().with_files(Files::Nato);
        let letters = Understander::new("en").unwrap().with_files(Files::Letters);
        let words = |u: &Understander| u.grammar(&pos).words();
        assert!(words(&all).contains("echo") && words(&all).contains("e"));
        assert!(words(&nato).contains("echo") && !words(&nato).contains("e"), "{:?}", words(&nato));
        assert!(words(&letters).contains("e") && !words(&letters).contains("echo"));
        assert!(!words(&nato).contains("eva"), "no FIDE names with NATO");
        assert_eq!(nato.grammar_file_words(4), vec!["echo".to_owned()]);
        let heard = |s: &str| vec![s.split_whitespace().map(str::to_owned).collect::<Vec<_>>()];
        let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        for u in [&nato, &letters] {
            for said in ["echo four", "e four"] {
                // (A letter of the e-set is asked: d4 is legal too.)
                let first = match u.understand(&pos, &heard(said)) {
                    Decision::Accept(m) => Some(m),
                    Decision::Ask(ms) => ms.first().copied(),
                    Decision::Reject => None,
                };
                assert_eq!(first, Some(e4), "{said}");
            }
        }
        // Every pack and style: eight distinct files in the grammar.
        for code in PACKS {
            for style in [Files::Letters, Files::Fide, Files::Nato, Files::Phonetic] {
                let u = Understander::new(code).unwrap().with_files(style);
                for i in 0..8 {
                    assert!(!u.grammar_file_words(i).is_empty(), "{code} {style:?} file {i}");
                }
            }
        }
    }

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    fn mv(p: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    fn heard(text: &str) -> Vec<Vec<String>> {
        vec![text.split_whitespace().map(str::to_owned).collect()]
    }

    #[test]
    fn words_split_letters_from_digits_and_fold() {
        assert_eq!(words("Cf3+"), ["cf", "3"]);
        assert_eq!(words("e2e4"), ["e", "2", "e", "4"]);
        assert_eq!(words("xeque-mate"), ["xeque", "mate"]);
        assert_eq!(words("Peón TRÊS, Läufer"), ["peon", "tres", "laufer"]);
        assert!(words("  ").is_empty());
    }

    #[test]
    fn every_pack_has_one_word_per_piece_file_and_rank_and_all_parts() {
        for code in PACKS {
            let u = Understander::new(code).unwrap();
            let distinct: HashSet<u16> = u.pieces.iter().copied().collect();
            assert_eq!(distinct.len(), 6, "{code}: piece words");
            for (i, f) in u.files.iter().enumerate() {
                for g in &u.files[i + 1..] {
                    assert!(f.iter().all(|x| !g.contains(x)), "{code}: two files share a word");
                }
            }
            for (i, r) in u.ranks.iter().enumerate() {
                for g in &u.ranks[i + 1..] {
                    assert!(r.iter().all(|x| !g.contains(x)), "{code}: two ranks share a word");
                }
            }
            for t in &u.templates {
                for item in [Item::Piece, Item::From, Item::To] {
                    assert!(t.contains(&item), "{code}: move-phrase lacks {item:?}");
                }
            }
            assert!(u.templates[5].contains(&Item::Captured) && u.templates[1].contains(&Item::Promotion));
            assert!(!u.castle_short.is_empty() && !u.castle_long.is_empty());
            assert!(!u.ignored.is_empty(), "{code}: no check words");
        }
    }

    #[test]
    fn a_legal_e_set_confusion_is_asked_not_accepted() {
        let u = Understander::new("en").unwrap();
        let p = Chess::default();
        match u.understand(&p, &heard("e four")) {
            // Heard exactly: asked alone, a yes or a no, not a numbered
            // choice among the letters it might have been.
            Decision::Ask(m) => assert_eq!(m, vec![mv(&p, "e2e4")]),
            other => panic!("{other:?}"),
        }
        // With NATO words nothing is confusable.
        assert_eq!(u.understand(&p, &heard("echo four")), Decision::Accept(mv(&p, "e2e4")));
        // Where no confusable move is legal, the reading is accepted.
        let q = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(u.understand(&q, &heard("e four")), Decision::Accept(mv(&q, "e2e4")));
        // A listed confusion costs what the pack's table says, less than a
        // wrong word and than the margin.
        let c = u.candidates(&p, &heard("e four"));
        assert_eq!(c[0].1, 0.0);
        let d4 = c.iter().find(|(m, _)| *m == mv(&p, "d2d4")).expect("d4 is a candidate").1;
        assert!(d4 > 0.0 && d4 <= ACCEPT_MAX as f32 / 100.0, "{d4}");
        assert!(c[1].1 <= d4);
    }

    #[test]
    fn a_filler_letter_before_a_rank_may_name_a_square_or_be_dropped() {
        let u = Understander::new("es").unwrap();
        let p = pos("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        // "a" names the square a1, or is "to" before a1's rank with the
        // h-rook's file lost: asked, the square first.
        match u.understand(&p, &heard("torre a1 f1")) {
            Decision::Ask(m) => assert_eq!(m[..2], [mv(&p, "a1f1"), mv(&p, "h1f1")]),
            other => panic!("{other:?}"),
        }
        assert_eq!(u.understand(&p, &heard("torre h1 f1")), Decision::Accept(mv(&p, "h1f1")));
        // "a" before a file is also "to": both rooks.
        match u.understand(&p, &heard("torre a f1")) {
            Decision::Ask(m) => assert!(m.contains(&mv(&p, "a1f1")) && m.contains(&mv(&p, "h1f1"))),
            other => panic!("{other:?}"),
        }
    }

    /// Whether the slots can say `words`.
    fn says(slots: &[GrammarSlot], words: &[&str]) -> bool {
        let Some((s, rest)) = slots.split_first() else { return words.is_empty() };
        (s.optional && says(rest, words))
            || s.words.iter().any(|w| {
                let ws: Vec<&str> = w.split_whitespace().collect();
                words.starts_with(&ws) && says(rest, &words[ws.len()..])
            })
    }

    #[test]
    fn the_default_grammar_leaves_out_the_forms_measured_to_cost_hearing() {
        let u = Understander::new("en").unwrap();
        let has = |p: &Chess, phrase: &str| {
            let words: Vec<&str> = phrase.split_whitespace().collect();
            u.grammar(p).phrases.iter().any(|slots| says(slots, &words))
        };
        let knight = pos("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
        for phrase in ["knight f three", "g one f three", "knight f three check", "knight g one f three mate"] {
            assert!(has(&knight, phrase), "{phrase}");
        }
        for phrase in ["yes knight f three", "g one to f three", "knight to f three", "knight on f three check"] {
            assert!(!has(&knight, phrase), "{phrase}");
        }
        let start = Chess::default();
        assert!(!has(&start, "pawn to e four"));
        // With `hear-to`: "to" after a piece's or a pawn's name said, never
        // without it ("to" sounds as "two" and would open a path through
        // every pawn's move), nor between two squares.
        let with_to = Understander::new("en").unwrap().with_forms(Forms::WITH_TO);
        let has_to = |p: &Chess, phrase: &str| {
            let words: Vec<&str> = phrase.split_whitespace().collect();
            with_to.grammar(p).phrases.iter().any(|slots| says(slots, &words))
        };
        for phrase in ["knight to f three", "knight on f three check", "knight f three", "g one f three"] {
            assert!(has_to(&knight, phrase), "{phrase}");
        }
        assert!(!has_to(&knight, "g one to f three"));
        for phrase in ["pawn to e four", "e four", "pawn e four", "pawn e two to e four"] {
            assert!(has_to(&start, phrase), "{phrase}");
        }
        for phrase in ["to e four", "e two to e four"] {
            assert!(!has_to(&start, phrase), "{phrase}");
        }
        let capture = pos("4k3/8/8/4b3/8/5N2/8/4K3 w - - 0 1");
        assert!(has(&capture, "knight takes bishop"));
        let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(has(&castle, "castles") && has(&castle, "castles long"));
        // Understood all the same.
        let g1f3 = "g1f3".parse::<UciMove>().unwrap().to_move(&knight).unwrap();
        for said in ["knight to f three", "yes knight f three"] {
            let heard = vec![said.split(' ').map(str::to_owned).collect::<Vec<_>>()];
            assert!(matches!(u.understand_unsure(&knight, &heard), Decision::Ask(ms) if ms.first() == Some(&g1f3)), "{said}");
        }
    }

    #[test]
    fn the_grammar_holds_the_forms_players_use_in_optional_slots() {
        let u = Understander::new("en").unwrap().with_forms(Forms::ALL);
        let has = |p: &Chess, phrase: &str| {
            let words: Vec<&str> = phrase.split_whitespace().collect();
            u.grammar(p).phrases.iter().any(|slots| says(slots, &words))
        };
        let knight = pos("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
        for phrase in [
            "knight f three",
            "knight to f three",
            "g one f three",
            "g one on f three",
            "knight f three check",
            "knight f three mate",
            "yes knight f three",
            "no g one to f three check",
        ] {
            assert!(has(&knight, phrase), "{phrase}");
        }
        // Not a word salad: no piece word before a bare square's origin
        // twice, no check word before the move.
        assert!(!has(&knight, "check knight f three") && !has(&knight, "f three"));
        let capture = pos("4k3/8/8/4b3/8/5N2/8/4K3 w - - 0 1");
        assert!(has(&capture, "knight takes bishop") && has(&capture, "knight takes bishop check") && has(&capture, "f three x e five"));
        let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for phrase in ["castles", "king side castle", "castle queen side", "castles short check", "yes castles long"] {
            assert!(has(&castle, phrase), "{phrase}");
        }
        // One more optional slot per phrase, not more phrases: the grammar of
        // the start position has two phrases per piece move (the move phrase
        // and the two squares) and one per pawn move.
        let start = Chess::default();
        assert_eq!(u.grammar(&start).phrases.len(), 16 + 2 * 4, "{:?}", u.grammar(&start).phrases.len());
        // After a command word, no answer slot.
        assert!(u.grammar_after_command(&knight).phrases.iter().all(|p| !p[0].words.contains(&"yes".to_owned())));
    }

    #[test]
    fn empty_and_no_alternatives_are_rejected() {
        let u = Understander::new("en").unwrap();
        let p = Chess::default();
        assert_eq!(u.understand(&p, &[]), Decision::Reject);
        assert_eq!(u.understand(&p, &[vec![]]), Decision::Reject);
    }

    #[test]
    fn unknown_packs_have_no_understander() {
        assert!(Understander::new("xx").is_none());
    }
}
