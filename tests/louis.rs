//! Prose in braille through liblouis (`src/braille/louis.rs`): golden cells
//! of real tiflo sentences in every language, checked at test time against
//! liblouis's own command-line translator (`lou_translate`, the oracle, from
//! `scripts/setup.sh --test`); words cut from the sentence; why moves never
//! go through liblouis; the fallback against liblouis's NABCC table.

use std::io::Write;
use std::process::{Command, Stdio};

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};
use tiflo::braille::Dots;
use tiflo::braille::chess::move_cells;
use tiflo::braille::louis::{self, LouisError, fallback, prose, table_for, words};
use tiflo::braille::{Cell, Table, from_unicode, to_unicode};
use tiflo::i18n::Texts;
use tiflo::notation::Lang;

/// The languages with language packs.
const LANGS: [Lang; 7] = [Lang::En, Lang::Es, Lang::Pt, Lang::Fr, Lang::De, Lang::It, Lang::Nl];

/// (language, a sentence tiflo says, its cells as `lou_translate` wrote
/// them with the language's table). The sentences are messages of
/// `voices/<lang>/` (clock-readout, heard-nothing, move-unreadable,
/// game-over, braille-ready, journal-damaged) with their arguments filled
/// in: capitals, numbers, accented letters, quotes, `½`, a file name.
const GOLDEN: &[(Lang, &str, &str)] = &[
    (
        Lang::Es,
        "Blancas: una hora, 2 minutos. Negras: 59 minutos, 3 segundos. 12 jugadas completadas.",
        "⠨⠃⠇⠁⠝⠉⠁⠎⠒⠀⠥⠝⠁⠀⠓⠕⠗⠁⠂⠀⠼⠃⠀⠍⠊⠝⠥⠞⠕⠎⠄⠀⠨⠝⠑⠛⠗⠁⠎⠒⠀⠼⠑⠊⠀⠍⠊⠝⠥⠞⠕⠎⠂⠀⠼⠉⠀⠎⠑⠛⠥⠝⠙⠕⠎⠄⠀⠼⠁⠃⠀⠚⠥⠛⠁⠙⠁⠎⠀⠉⠕⠍⠏⠇⠑⠞⠁⠙⠁⠎⠄",
    ),
    (
        Lang::Es,
        "He oído «caballo efe seis», que no es una jugada legal. No se ha anotado nada; repítela.",
        "⠨⠓⠑⠀⠕⠌⠙⠕⠀⠦⠉⠁⠃⠁⠇⠇⠕⠀⠑⠋⠑⠀⠎⠑⠊⠎⠦⠂⠀⠟⠥⠑⠀⠝⠕⠀⠑⠎⠀⠥⠝⠁⠀⠚⠥⠛⠁⠙⠁⠀⠇⠑⠛⠁⠇⠄⠀⠨⠝⠕⠀⠎⠑⠀⠓⠁⠀⠁⠝⠕⠞⠁⠙⠕⠀⠝⠁⠙⠁⠆⠀⠗⠑⠏⠌⠞⠑⠇⠁⠄",
    ),
    (
        Lang::Es,
        "No entiendo Cf9 como jugada ni como orden. Escribe ayuda para las órdenes.",
        "⠨⠝⠕⠀⠑⠝⠞⠊⠑⠝⠙⠕⠀⠨⠉⠋⠼⠊⠀⠉⠕⠍⠕⠀⠚⠥⠛⠁⠙⠁⠀⠝⠊⠀⠉⠕⠍⠕⠀⠕⠗⠙⠑⠝⠄⠀⠨⠑⠎⠉⠗⠊⠃⠑⠀⠁⠽⠥⠙⠁⠀⠏⠁⠗⠁⠀⠇⠁⠎⠀⠬⠗⠙⠑⠝⠑⠎⠄",
    ),
    (
        Lang::Es,
        "La partida ha terminado, ½-½. No se ha anotado nada.",
        "⠨⠇⠁⠀⠏⠁⠗⠞⠊⠙⠁⠀⠓⠁⠀⠞⠑⠗⠍⠊⠝⠁⠙⠕⠂⠀⠼⠂⠃⠤⠼⠂⠃⠄⠀⠨⠝⠕⠀⠎⠑⠀⠓⠁⠀⠁⠝⠕⠞⠁⠙⠕⠀⠝⠁⠙⠁⠄",
    ),
    (
        Lang::Pt,
        "Brancas: uma hora, 2 minutos. Pretas: 59 minutos, 3 segundos. 12 lances completados.",
        "⠨⠃⠗⠁⠝⠉⠁⠎⠒⠀⠥⠍⠁⠀⠓⠕⠗⠁⠂⠀⠼⠃⠀⠍⠊⠝⠥⠞⠕⠎⠄⠀⠨⠏⠗⠑⠞⠁⠎⠒⠀⠼⠑⠊⠀⠍⠊⠝⠥⠞⠕⠎⠂⠀⠼⠉⠀⠎⠑⠛⠥⠝⠙⠕⠎⠄⠀⠼⠁⠃⠀⠇⠁⠝⠉⠑⠎⠀⠉⠕⠍⠏⠇⠑⠞⠁⠙⠕⠎⠄",
    ),
    (
        Lang::Pt,
        "Ouvi «cavalo efe seis», que não é um lance legal. Nada foi anotado; repete o lance.",
        "⠨⠕⠥⠧⠊⠀⠠⠦⠉⠁⠧⠁⠇⠕⠀⠑⠋⠑⠀⠎⠑⠊⠎⠠⠦⠂⠀⠟⠥⠑⠀⠝⠜⠕⠀⠿⠀⠥⠍⠀⠇⠁⠝⠉⠑⠀⠇⠑⠛⠁⠇⠄⠀⠨⠝⠁⠙⠁⠀⠋⠕⠊⠀⠁⠝⠕⠞⠁⠙⠕⠆⠀⠗⠑⠏⠑⠞⠑⠀⠕⠀⠇⠁⠝⠉⠑⠄",
    ),
    (
        Lang::Pt,
        "Não entendo Cf9 como lance nem como comando. Escreva ajuda para os comandos.",
        "⠨⠝⠜⠕⠀⠑⠝⠞⠑⠝⠙⠕⠀⠨⠉⠋⠼⠊⠀⠉⠕⠍⠕⠀⠇⠁⠝⠉⠑⠀⠝⠑⠍⠀⠉⠕⠍⠕⠀⠉⠕⠍⠁⠝⠙⠕⠄⠀⠨⠑⠎⠉⠗⠑⠧⠁⠀⠁⠚⠥⠙⠁⠀⠏⠁⠗⠁⠀⠕⠎⠀⠉⠕⠍⠁⠝⠙⠕⠎⠄",
    ),
    (
        Lang::Pt,
        "Linha braille PocketVario 24 pronta, com 24 celas.",
        "⠨⠇⠊⠝⠓⠁⠀⠃⠗⠁⠊⠇⠇⠑⠀⠨⠏⠕⠉⠅⠑⠞⠨⠧⠁⠗⠊⠕⠀⠼⠃⠙⠀⠏⠗⠕⠝⠞⠁⠂⠀⠉⠕⠍⠀⠼⠃⠙⠀⠉⠑⠇⠁⠎⠄",
    ),
    (
        Lang::En,
        "White: one hour, 2 minutes. Black: 59 minutes, 3 seconds. 12 moves completed.",
        "⠠⠺⠓⠊⠞⠑⠒⠀⠕⠝⠑⠀⠓⠕⠥⠗⠂⠀⠼⠃⠀⠍⠊⠝⠥⠞⠑⠎⠲⠀⠠⠃⠇⠁⠉⠅⠒⠀⠼⠑⠊⠀⠍⠊⠝⠥⠞⠑⠎⠂⠀⠼⠉⠀⠎⠑⠉⠕⠝⠙⠎⠲⠀⠼⠁⠃⠀⠍⠕⠧⠑⠎⠀⠉⠕⠍⠏⠇⠑⠞⠑⠙⠲",
    ),
    (
        Lang::En,
        "I heard \"knight f six\", which is no legal move. Nothing was recorded; say it again.",
        "⠠⠊⠀⠓⠑⠁⠗⠙⠀⠦⠅⠝⠊⠛⠓⠞⠀⠋⠀⠎⠊⠭⠠⠶⠂⠀⠺⠓⠊⠉⠓⠀⠊⠎⠀⠝⠕⠀⠇⠑⠛⠁⠇⠀⠍⠕⠧⠑⠲⠀⠠⠝⠕⠞⠓⠊⠝⠛⠀⠺⠁⠎⠀⠗⠑⠉⠕⠗⠙⠑⠙⠆⠀⠎⠁⠽⠀⠊⠞⠀⠁⠛⠁⠊⠝⠲",
    ),
    (
        Lang::En,
        "I cannot read Nf9 as a move or a command. Type help for the commands.",
        "⠠⠊⠀⠉⠁⠝⠝⠕⠞⠀⠗⠑⠁⠙⠀⠠⠝⠋⠼⠊⠀⠁⠎⠀⠁⠀⠍⠕⠧⠑⠀⠕⠗⠀⠁⠀⠉⠕⠍⠍⠁⠝⠙⠲⠀⠠⠞⠽⠏⠑⠀⠓⠑⠇⠏⠀⠋⠕⠗⠀⠞⠓⠑⠀⠉⠕⠍⠍⠁⠝⠙⠎⠲",
    ),
    (
        Lang::En,
        "Braille display PocketVario 24 ready, 24 cells.",
        "⠠⠃⠗⠁⠊⠇⠇⠑⠀⠙⠊⠎⠏⠇⠁⠽⠀⠠⠏⠕⠉⠅⠑⠞⠠⠧⠁⠗⠊⠕⠀⠼⠃⠙⠀⠗⠑⠁⠙⠽⠂⠀⠼⠃⠙⠀⠉⠑⠇⠇⠎⠲",
    ),
    (
        Lang::Fr,
        "Blancs : une heure, 2 minutes. Noirs : 59 minutes, 3 secondes. 12 coups joués.",
        "⠨⠃⠇⠁⠝⠉⠎⠀⠒⠀⠥⠝⠑⠀⠓⠑⠥⠗⠑⠂⠀⠠⠣⠀⠍⠊⠝⠥⠞⠑⠎⠲⠀⠨⠝⠕⠊⠗⠎⠀⠒⠀⠠⠱⠪⠀⠍⠊⠝⠥⠞⠑⠎⠂⠀⠠⠩⠀⠎⠑⠉⠕⠝⠙⠑⠎⠲⠀⠠⠡⠣⠀⠉⠕⠥⠏⠎⠀⠚⠕⠥⠿⠎⠲",
    ),
    (
        Lang::Fr,
        "J'ai entendu « cavalier f six », qui n'est pas un coup légal. Rien n'est noté ; répétez le coup.",
        "⠨⠚⠄⠁⠊⠀⠑⠝⠞⠑⠝⠙⠥⠀⠶⠀⠉⠁⠧⠁⠇⠊⠑⠗⠀⠋⠀⠎⠊⠭⠀⠶⠂⠀⠟⠥⠊⠀⠝⠄⠑⠎⠞⠀⠏⠁⠎⠀⠥⠝⠀⠉⠕⠥⠏⠀⠇⠿⠛⠁⠇⠲⠀⠨⠗⠊⠑⠝⠀⠝⠄⠑⠎⠞⠀⠝⠕⠞⠿⠀⠆⠀⠗⠿⠏⠿⠞⠑⠵⠀⠇⠑⠀⠉⠕⠥⠏⠲",
    ),
    (
        Lang::Fr,
        "La partie est terminée, ½-½. Rien n'a été noté.",
        "⠨⠇⠁⠀⠏⠁⠗⠞⠊⠑⠀⠑⠎⠞⠀⠞⠑⠗⠍⠊⠝⠿⠑⠂⠀⠡⠌⠣⠤⠡⠌⠣⠲⠀⠨⠗⠊⠑⠝⠀⠝⠄⠁⠀⠿⠞⠿⠀⠝⠕⠞⠿⠲",
    ),
    (
        Lang::De,
        "Weiß: eine Stunde, 2 Minuten. Schwarz: 59 Minuten, 3 Sekunden. 12 Züge gespielt.",
        "⠺⠑⠊⠮⠒⠀⠑⠊⠝⠑⠀⠎⠞⠥⠝⠙⠑⠂⠀⠼⠃⠀⠍⠊⠝⠥⠞⠑⠝⠄⠀⠎⠉⠓⠺⠁⠗⠵⠒⠀⠼⠑⠊⠀⠍⠊⠝⠥⠞⠑⠝⠂⠀⠼⠉⠀⠎⠑⠅⠥⠝⠙⠑⠝⠄⠀⠼⠁⠃⠀⠵⠳⠛⠑⠀⠛⠑⠎⠏⠊⠑⠇⠞⠄",
    ),
    (
        Lang::De,
        "Ich habe „Springer f sechs“ gehört, das ist kein legaler Zug. Nichts wurde notiert; bitte wiederholen.",
        "⠊⠉⠓⠀⠓⠁⠃⠑⠀⠦⠎⠏⠗⠊⠝⠛⠑⠗⠀⠋⠀⠎⠑⠉⠓⠎⠦⠀⠛⠑⠓⠪⠗⠞⠂⠀⠙⠁⠎⠀⠊⠎⠞⠀⠅⠑⠊⠝⠀⠇⠑⠛⠁⠇⠑⠗⠀⠵⠥⠛⠄⠀⠝⠊⠉⠓⠞⠎⠀⠺⠥⠗⠙⠑⠀⠝⠕⠞⠊⠑⠗⠞⠆⠀⠃⠊⠞⠞⠑⠀⠺⠊⠑⠙⠑⠗⠓⠕⠇⠑⠝⠄",
    ),
    (Lang::De, "Braillezeile PocketVario 24 bereit, 24 Module.", "⠃⠗⠁⠊⠇⠇⠑⠵⠑⠊⠇⠑⠀⠏⠕⠉⠅⠑⠞⠧⠁⠗⠊⠕⠀⠼⠃⠙⠀⠃⠑⠗⠑⠊⠞⠂⠀⠼⠃⠙⠀⠍⠕⠙⠥⠇⠑⠄"),
    (
        Lang::It,
        "Bianco: un'ora, 2 minuti. Nero: 59 minuti, 3 secondi. 12 mosse completate.",
        "⠨⠃⠊⠁⠝⠉⠕⠒⠀⠥⠝⠄⠕⠗⠁⠂⠀⠼⠃⠀⠍⠊⠝⠥⠞⠊⠲⠀⠨⠝⠑⠗⠕⠒⠀⠼⠑⠊⠀⠍⠊⠝⠥⠞⠊⠂⠀⠼⠉⠀⠎⠑⠉⠕⠝⠙⠊⠲⠀⠼⠁⠃⠀⠍⠕⠎⠎⠑⠀⠉⠕⠍⠏⠇⠑⠞⠁⠞⠑⠲",
    ),
    (
        Lang::It,
        "Ho sentito «cavallo f sei», che non è una mossa legale. Non è stato annotato niente; ripeti la mossa.",
        "⠨⠓⠕⠀⠎⠑⠝⠞⠊⠞⠕⠀⠦⠉⠁⠧⠁⠇⠇⠕⠀⠋⠀⠎⠑⠊⠴⠂⠀⠉⠓⠑⠀⠝⠕⠝⠀⠮⠀⠥⠝⠁⠀⠍⠕⠎⠎⠁⠀⠇⠑⠛⠁⠇⠑⠲⠀⠨⠝⠕⠝⠀⠮⠀⠎⠞⠁⠞⠕⠀⠁⠝⠝⠕⠞⠁⠞⠕⠀⠝⠊⠑⠝⠞⠑⠆⠀⠗⠊⠏⠑⠞⠊⠀⠇⠁⠀⠍⠕⠎⠎⠁⠲",
    ),
    (
        Lang::It,
        "Il diario è danneggiato alla riga 7, dopo 6 voci corrette. È conservato intatto come game.journal.1 per l'arbitro, e comincia una nuova partita.",
        "⠨⠊⠇⠀⠙⠊⠁⠗⠊⠕⠀⠮⠀⠙⠁⠝⠝⠑⠛⠛⠊⠁⠞⠕⠀⠁⠇⠇⠁⠀⠗⠊⠛⠁⠀⠼⠛⠂⠀⠙⠕⠏⠕⠀⠼⠋⠀⠧⠕⠉⠊⠀⠉⠕⠗⠗⠑⠞⠞⠑⠲⠀⠨⠮⠀⠉⠕⠝⠎⠑⠗⠧⠁⠞⠕⠀⠊⠝⠞⠁⠞⠞⠕⠀⠉⠕⠍⠑⠀⠛⠁⠍⠑⠲⠚⠕⠥⠗⠝⠁⠇⠲⠼⠁⠀⠏⠑⠗⠀⠇⠄⠁⠗⠃⠊⠞⠗⠕⠂⠀⠑⠀⠉⠕⠍⠊⠝⠉⠊⠁⠀⠥⠝⠁⠀⠝⠥⠕⠧⠁⠀⠏⠁⠗⠞⠊⠞⠁⠲",
    ),
    (
        Lang::It,
        "La partita è finita, ½-½. Non è stato registrato nulla.",
        "⠨⠇⠁⠀⠏⠁⠗⠞⠊⠞⠁⠀⠮⠀⠋⠊⠝⠊⠞⠁⠂⠀⠠⠡⠌⠣⠤⠠⠡⠌⠣⠲⠀⠨⠝⠕⠝⠀⠮⠀⠎⠞⠁⠞⠕⠀⠗⠑⠛⠊⠎⠞⠗⠁⠞⠕⠀⠝⠥⠇⠇⠁⠲",
    ),
    (
        Lang::Nl,
        "Wit: een uur, 2 minuten. Zwart: 59 minuten, 3 seconden. 12 zetten gespeeld.",
        "⠨⠺⠊⠞⠒⠀⠑⠑⠝⠀⠥⠥⠗⠂⠀⠼⠃⠀⠍⠊⠝⠥⠞⠑⠝⠲⠀⠨⠵⠺⠁⠗⠞⠒⠀⠼⠑⠊⠀⠍⠊⠝⠥⠞⠑⠝⠂⠀⠼⠉⠀⠎⠑⠉⠕⠝⠙⠑⠝⠲⠀⠼⠁⠃⠀⠵⠑⠞⠞⠑⠝⠀⠛⠑⠎⠏⠑⠑⠇⠙⠲",
    ),
    (
        Lang::Nl,
        "Ik hoorde \"paard f zes\", dat is geen geldige zet. Er is niets genoteerd; zeg de zet opnieuw.",
        "⠨⠊⠅⠀⠓⠕⠕⠗⠙⠑⠀⠶⠏⠁⠁⠗⠙⠀⠋⠀⠵⠑⠎⠶⠂⠀⠙⠁⠞⠀⠊⠎⠀⠛⠑⠑⠝⠀⠛⠑⠇⠙⠊⠛⠑⠀⠵⠑⠞⠲⠀⠨⠑⠗⠀⠊⠎⠀⠝⠊⠑⠞⠎⠀⠛⠑⠝⠕⠞⠑⠑⠗⠙⠆⠀⠵⠑⠛⠀⠙⠑⠀⠵⠑⠞⠀⠕⠏⠝⠊⠑⠥⠺⠲",
    ),
    (
        Lang::Nl,
        "Brailleleesregel PocketVario 24 klaar, 24 cellen.",
        "⠨⠃⠗⠁⠊⠇⠇⠑⠇⠑⠑⠎⠗⠑⠛⠑⠇⠀⠨⠏⠕⠉⠅⠑⠞⠨⠧⠁⠗⠊⠕⠀⠼⠃⠙⠀⠅⠇⠁⠁⠗⠂⠀⠼⠃⠙⠀⠉⠑⠇⠇⠑⠝⠲",
    ),
];

fn cells(unicode: &str) -> Vec<Cell> {
    from_unicode(unicode).unwrap_or_else(|| panic!("not braille: {unicode:?}"))
}

/// `lou_translate` of `lines` (one per line) with `table` as tiflo uses
/// it: a table to which tiflo adds rules is given as a table file that
/// includes it and adds them.
fn oracle(table: &str, lines: &[&str]) -> Vec<String> {
    if louis::extra_rules(table).is_empty() {
        return lou_translate(table, lines);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("tiflo-{table}"));
    let mut text = format!("include {table}\n");
    for rule in louis::extra_rules(table) {
        text.push_str(rule);
        text.push('\n');
    }
    std::fs::write(&path, text).unwrap();
    lou_translate(&path.display().to_string(), lines)
}

/// `lou_translate` of `lines` (one per line) with the table list `tables`,
/// in Unicode braille.
fn lou_translate(tables: &str, lines: &[&str]) -> Vec<String> {
    let mut child = Command::new("lou_translate")
        .arg(format!("unicode.dis,{tables}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot run lou_translate ({e}): install it with `bash scripts/setup.sh --test` (Debian package liblouis-bin)")
        });
    let mut input = lines.join("\n");
    input.push('\n');
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "lou_translate {tables} failed: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let got: Vec<String> = text.lines().map(str::to_owned).collect();
    assert_eq!(got.len(), lines.len(), "lou_translate {tables} gave {} lines for {}: {text}", got.len(), lines.len());
    got
}

#[test]
fn golden_sentences_in_every_language() {
    for &(lang, text, expected) in GOLDEN {
        let got = prose(lang, text).unwrap();
        assert_eq!(to_unicode(&got), expected, "{lang:?} ({}): {text}", table_for(lang));
    }
    for lang in LANGS {
        assert!(GOLDEN.iter().filter(|(l, _, _)| *l == lang).count() >= 3, "{lang:?} has too few golden sentences");
    }
}

#[test]
fn the_golden_cells_are_what_lou_translate_writes() {
    for lang in LANGS {
        let table = table_for(lang);
        let cases: Vec<&(Lang, &str, &str)> = GOLDEN.iter().filter(|(l, _, _)| *l == lang).collect();
        let texts: Vec<&str> = cases.iter().map(|c| c.1).collect();
        for (case, line) in cases.iter().zip(oracle(table, &texts)) {
            assert_eq!(line, case.2, "lou_translate {table} of {:?} is not the golden text", case.1);
        }
    }
}

#[test]
fn the_tables_of_fr_de_it_nl_are_uncontracted() {
    assert_eq!(table_for(Lang::Fr), "fr-bfu-comp6.utb");
    assert_eq!(table_for(Lang::De), "de-g0.utb");
    assert_eq!(table_for(Lang::It), "it-it-comp6.utb");
    assert_eq!(table_for(Lang::Nl), "nl-NL-g0.utb");
    for lang in LANGS {
        louis::check(lang).unwrap_or_else(|e| panic!("{lang:?}: {e}"));
        let path = format!("/usr/share/liblouis/tables/{}", table_for(lang));
        let head = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        // Metadata of the table itself or of the table Debian names for
        // the language (it.tbl and nl.tbl include these).
        let contracted = head.lines().any(|l| l.starts_with("#+contraction:") && !l.ends_with("no"));
        assert!(!contracted, "{path} is contracted");
    }
    assert_eq!(louis::version().unwrap(), lou_translate_version());
}

fn lou_translate_version() -> String {
    let out = Command::new("lou_translate").arg("--version").output().expect("lou_translate (liblouis-bin) runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace().nth(2).unwrap_or_default().to_owned()
}

#[test]
fn a_move_is_not_prose() {
    // Cf6+ in Spanish on 8 dots: tiflo's chess table writes the capital C
    // as c with dot 7 (computer braille), f and the lowered 6 (no number
    // sign), then its check sign; liblouis es-g1 writes a capital sign, a
    // number sign, the upper-cell 6 (the letter f's cell) and the literary
    // plus, which is the lowered 6.
    let p: Chess =
        "4k3/8/8/8/6N1/8/8/4K3 w - - 0 1".parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
    let m = "g4f6".parse::<UciMove>().unwrap().to_move(&p).unwrap();
    let chess = move_cells(Table::get(Lang::Es).unwrap(), Dots::Eight, &p, m);
    assert_eq!(chess.print, "Cf6+");
    let literary = prose(Lang::Es, "Cf6+").unwrap();
    assert_eq!(to_unicode(&literary), "⠨⠉⠋⠼⠋⠖");
    assert_ne!(literary, chess.cells);
    assert!(!chess.cells.contains(&cells("⠨")[0]) && !chess.cells.contains(&cells("⠼")[0]));
    assert!(to_unicode(&chess.cells).starts_with("⡉⠋⠖"), "{}", to_unicode(&chess.cells));
    // On 6 dots the capital is the literary one (the capital sign), and the
    // rank is still the lowered digit, with no number sign.
    let six = move_cells(Table::get(Lang::Es).unwrap(), Dots::Six, &p, m);
    assert!(to_unicode(&six.cells).starts_with("⠨⠉⠋⠖"), "{}", to_unicode(&six.cells));
    // The British code: knight s, the check after the move (3-4-5, 1-2-3-4);
    // UEB writes a capital N and a number sign.
    let en = move_cells(Table::get(Lang::En).unwrap(), Dots::Eight, &p, m);
    assert_eq!(to_unicode(&prose(Lang::En, "Nf6+").unwrap()), "⠠⠝⠋⠼⠋⠐⠖");
    assert_eq!(to_unicode(&en.cells), "⠎⠋⠖⠜⠏");
}

/// The words' cells joined by one blank cell.
fn joined(ws: &[(Vec<Cell>, String)]) -> Vec<Cell> {
    let mut out = Vec::new();
    for (i, (c, _)) in ws.iter().enumerate() {
        if i > 0 {
            out.push(0);
        }
        out.extend_from_slice(c);
    }
    out
}

#[test]
fn words_are_the_sentence_cut_at_spaces() {
    let ws = words(Lang::Es, "  No entiendo\tCf9 como jugada.\n").unwrap();
    let prints: Vec<&str> = ws.iter().map(|(_, w)| w.as_str()).collect();
    assert_eq!(prints, ["No", "entiendo", "Cf9", "como", "jugada."]);
    assert_eq!(to_unicode(&ws[0].0), "⠨⠝⠕");
    assert_eq!(to_unicode(&ws[2].0), "⠨⠉⠋⠼⠊");
    assert_eq!(to_unicode(&ws[4].0), "⠚⠥⠛⠁⠙⠁⠄");
    // In grade 1 each word carries its own capital and number signs: a
    // word alone is the word in the sentence.
    for &(lang, text, _) in GOLDEN {
        let ws = words(lang, text).unwrap();
        assert_eq!(joined(&ws), prose(lang, text).unwrap(), "{lang:?}: {text}");
        for (c, w) in &ws {
            assert_eq!(c, &prose(lang, w).unwrap(), "{lang:?}: {w:?} alone differs from {w:?} in {text:?}");
        }
    }
    // UEB writes the space between two numbers as dot 5 (numeric space):
    // no blank cell, so the two print words stay one word.
    let ws = words(Lang::En, "e4 3:05 left").unwrap();
    assert_eq!(ws.len(), 2);
    assert_eq!(ws[0].1, "e4 3:05");
    assert_eq!(to_unicode(&ws[0].0), "⠑⠼⠙⠐⠉⠒⠼⠚⠑");
    assert_eq!(joined(&ws), prose(Lang::En, "e4 3:05 left").unwrap());
    // A UEB capitals passage (three words or more in capitals): its
    // indicator stands in the first word, its terminator in the last.
    let ws = words(Lang::En, "THE GAME IS OVER now").unwrap();
    let got: Vec<String> = ws.iter().map(|(c, _)| to_unicode(c)).collect();
    assert_eq!(got, ["⠠⠠⠠⠞⠓⠑", "⠛⠁⠍⠑", "⠊⠎", "⠕⠧⠑⠗⠠⠄", "⠝⠕⠺"]);
    assert_eq!(to_unicode(&prose(Lang::En, "GAME").unwrap()), "⠠⠠⠛⠁⠍⠑");
    assert!(words(Lang::Es, " \n ").unwrap().is_empty());
    assert!(prose(Lang::Es, "").unwrap().is_empty());
}

/// Every message id of a pack, from its Fluent files.
fn message_ids(code: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("voices").join(code);
    let mut ids = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ftl") {
            let text = std::fs::read_to_string(&path).unwrap();
            let res = fluent_syntax::parser::parse(text.as_str()).unwrap_or_else(|(_, e)| panic!("{path:?}: {e:?}"));
            for e in res.body {
                if let fluent_syntax::ast::Entry::Message(m) = e {
                    ids.push(m.id.name.to_owned());
                }
            }
        }
    }
    ids
}

#[test]
fn every_message_of_every_pack_is_written_word_by_word() {
    for lang in LANGS {
        let texts = Texts::new(lang);
        let ids = message_ids(lang.code());
        assert!(ids.len() > 50, "{lang:?}: {} messages", ids.len());
        for id in ids {
            let text = texts.text(&id);
            let ws = words(lang, &text).unwrap_or_else(|e| panic!("{lang:?} {id}: {e}"));
            assert_eq!(joined(&ws), prose(lang, &text).unwrap(), "{lang:?} {id}: {text}");
            let prints: Vec<&str> = ws.iter().map(|(_, w)| w.as_str()).collect();
            assert_eq!(prints.join(" "), text.split_ascii_whitespace().collect::<Vec<_>>().join(" "), "{lang:?} {id}");
            assert!(ws.iter().all(|(c, _)| !c.is_empty()), "{lang:?} {id}: a word with no cells");
        }
    }
}

#[test]
fn every_letter_of_every_pack_is_in_its_table() {
    // liblouis writes a character its table lacks as an escape (`\x00e8`
    // spelt in cells, seven cells or more); every character of the
    // sentences tiflo says must have its own cells in the language's table.
    // (Without arguments Fluent writes `{$name}`: those signs are left out.)
    for lang in LANGS {
        let texts = Texts::new(lang);
        let mut chars: Vec<char> = message_ids(lang.code())
            .iter()
            .flat_map(|id| texts.text(id).chars().collect::<Vec<_>>())
            .filter(|c| !c.is_whitespace() && !"{$}".contains(*c))
            .collect();
        chars.sort_unstable();
        chars.dedup();
        assert!(chars.len() > 40, "{lang:?}: {chars:?}");
        let missing: Vec<String> = chars
            .into_iter()
            .filter_map(|c| {
                let got = prose(lang, &c.to_string()).unwrap();
                (got.is_empty() || got.len() > 5).then(|| format!("{c:?} as {}", to_unicode(&got)))
            })
            .collect();
        assert!(missing.is_empty(), "{lang:?}: not in {}: {missing:?}", table_for(lang));
    }
}

#[test]
fn the_italian_table_gets_its_hyphen() {
    assert_eq!(louis::extra_rules("it-it-comp6.utb"), ["punctuation - 36"]);
    assert!(LANGS.iter().filter(|l| **l != Lang::It).all(|l| louis::extra_rules(table_for(*l)).is_empty()));
    // Debian's table alone writes `-` as the escape `\x002d`.
    let plain = lou_translate("it-it-comp6.utb", &["1-0"]).remove(0);
    assert_eq!(plain, "⠼⠁⠄⠠⠭⠚⠚⠃⠙⠄⠼⠚");
    assert_eq!(to_unicode(&prose(Lang::It, "1-0").unwrap()), "⠼⠁⠤⠼⠚");
}

#[test]
fn a_missing_table_is_an_error_naming_it() {
    let e = louis::prose_in("no-such-table.ctb", "Hola").unwrap_err();
    assert!(matches!(&e, LouisError::Table { table, .. } if table == "no-such-table.ctb"), "{e:?}");
    assert!(e.to_string().contains("no-such-table.ctb"), "{e}");
    // The library goes on working after a failure.
    assert_eq!(to_unicode(&prose(Lang::Es, "No").unwrap()), "⠨⠝⠕");
}

#[test]
fn calls_from_many_threads_agree() {
    let expected: Vec<Vec<Cell>> = GOLDEN.iter().map(|(l, t, _)| prose(*l, t).unwrap()).collect();
    let handles: Vec<_> = (0..4)
        .map(|_| std::thread::spawn(|| GOLDEN.iter().map(|(l, t, _)| prose(*l, t).unwrap()).collect::<Vec<_>>()))
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), expected);
    }
}

#[test]
fn the_fallback_is_liblouis_computer_braille() {
    // ASCII but the space and the backslash (lou_translate reads `\` as an
    // escape), as one word.
    let ascii: String = (0x21u8..=0x7E).filter(|&b| b != b'\\').map(char::from).collect();
    let expected = oracle("en-nabcc.utb", &[&ascii]).remove(0);
    let got = fallback(&ascii);
    assert_eq!(got.len(), 1);
    assert_eq!(to_unicode(&got[0].0), expected);
    assert_eq!(to_unicode(&fallback("\\")[0].0), "⡳");
    // A sentence: one entry per word, never a word without cells.
    let ws = fallback("Blancas: una hora, 2 minutos. ¿Sí?");
    assert_eq!(
        ws.iter().map(|(_, w)| w.as_str()).collect::<Vec<_>>(),
        ["Blancas:", "una", "hora,", "2", "minutos.", "¿Sí?"]
    );
    assert_eq!(to_unicode(&ws[0].0), "⡃⠇⠁⠝⠉⠁⠎⠱");
    assert_eq!(to_unicode(&ws[3].0), "⠆");
    assert_eq!(to_unicode(&ws[5].0), "⠹⡎⠊⠹");
}
