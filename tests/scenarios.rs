//! Whole short games typed as a player would, in Spanish, European and
//! Brazilian Portuguese and English, each sentence said checked, in order,
//! against a transcript written by hand: what a player at the board should
//! hear after each line typed. Across the four games every command of `help`
//! is used, with the rules of the board: a draw offer is the offerer's and a
//! move can carry it (Art. 9.1, 8.1), another language's piece letters are
//! asked and never recorded without a yes, touch-move without a sensor cannot
//! be told (Art. 4), a pending yes or no survives a query, a typo and a
//! touch-move question, results are said in words, rejected claims add two
//! minutes to the opponent (Art. 6.9), a valid threefold claim, no claim
//! hint in the tournament profile (Art. 11.3), `done N` for the board
//! transfers, the arbiter's take-back, and the Art. 8.4 exemption said once.
//! The daemon runs over a pipe and is driven line by line: each line is typed
//! only after everything said about the previous one has been read. No
//! timing: a clock readout, whose seconds depend on how fast the lines
//! arrive, is the only place where `{t}` stands for the times said.

#[path = "common/game.rs"]
mod game;

use std::path::Path;

use game::Game;

/// A line typed (`""` for the start) and every sentence said after it.
type Turn = (&'static str, &'static [&'static str]);

/// Whether `said` is `expected`, where each `{t}` in `expected` stands for
/// some non-empty text (the times of a clock readout).
fn matches(said: &str, expected: &str) -> bool {
    let parts: Vec<&str> = expected.split("{t}").collect();
    if parts.len() == 1 {
        return said == expected;
    }
    let Some(mut rest) = said.strip_prefix(parts[0]) else { return false };
    for (i, p) in parts[1..].iter().enumerate() {
        let last = i == parts.len() - 2;
        if last {
            return rest.len() > p.len() && rest.ends_with(p);
        }
        // The text a `{t}` stands for is at least one character long.
        match rest.char_indices().nth(1).and_then(|(k, _)| rest[k..].find(p).map(|f| k + f)) {
            Some(at) => rest = &rest[at + p.len()..],
            None => return false,
        }
    }
    unreachable!()
}

/// Plays `turns` on a daemon started in `dir` with `args`, checking every
/// sentence said after each line; the last line quits.
fn scenario(dir: &Path, args: &[&str], turns: &[Turn]) {
    let mut g = Game::start(dir, &[&["--listen", "none", "--braille", "none"][..], args].concat());
    for (line, expected) in turns {
        if !line.is_empty() {
            g.type_line(line);
        }
        for e in *expected {
            let said = g.next();
            assert!(matches(&said, e), "after {line:?}\n  said: {said:?}\nexpected: {e:?}\nheard so far: {:#?}", g.heard);
        }
    }
    let Game { mut child, stdin, .. } = g;
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

fn scoresheet(dir: &Path) -> String {
    let out = game::tiflo(dir).args(["scoresheet", "--format", "text"]).arg(dir.join("game.journal")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn la_partida_en_castellano() {
    let dir = tempfile::tempdir().unwrap();
    scenario(dir.path(), &["--lang", "es", "--time-control", "600+5", "--side", "white"], &[
        ("", &["Partida nueva. Juegas con blancas. Ritmo de juego: 10 minutos, más 5 segundos por jugada. Escribe ayuda para las órdenes."]),
        ("ayuda", &["Escribe una jugada en cualquier notación, del bando al que le toca. Órdenes: reloj; tiempo usado; última, o últimas 5 para las cinco últimas jugadas; jugadas; tablero; casilla e4; piezas caballo blanco, o dónde mis caballos; fila 4; columna e; legales e2, o legales caballo, para las jugadas legales; tablas, o una jugada y tablas (Cf3 tablas); acepto; rechazo; reclamo, o reclamo con una jugada; abandono; corrijo y la jugada que querías decir; anular, para el árbitro; resultado 1-0; firmo; empezar; pulsado, cuando arranca el reloj del rival; ajustar y los tiempos; bandera; traslados; hecho, cuando una jugada ya está en el otro tablero; tocada; siguiente y atrás, comentario y variantes, en un estudio; nueva, para una partida nueva cuando esta termine; repite; ayuda; salir. De viva voz: deja de escuchar, y vuelve a escuchar."]),
        ("a4", &["1. Blancas: a4"]),
        ("e5", &["1. Negras: e5"]),
        ("reloj", &["Blancas: {t}. Negras: {t}. Una jugada completada."]),
        ("Ta3", &["2. Blancas: torre a3"]),
        ("Cc6", &["2. Negras: caballo c6"]),
        // R is the Spanish king, which cannot go to b3; the English rook can:
        // asked, not recorded.
        ("Rb3", &["Rb3 no es una jugada legal de las blancas. ¿Quisiste decir torre b3? Sí o no."]),
        // A query is answered and the question asked again.
        ("reloj", &["Blancas: {t}. Negras: {t}. 2 jugadas completadas.", "Rb3 no es una jugada legal de las blancas. ¿Quisiste decir torre b3? Sí o no."]),
        ("sí", &["3. Blancas: torre b3"]),
        ("Cd4", &["3. Negras: caballo d4"]),
        ("tocada", &["No hay tablero electrónico conectado: nada puede decir si se ha tocado una pieza."]),
        ("casilla b3", &["b3: torre blanca."]),
        ("piezas torre blanca", &["torre blanca en h1, torre blanca en b3."]),
        ("legales b3", &["torre blanca en b3: torre a3, torre c3, torre d3, torre e3, torre f3, torre g3, torre h3, torre b4, torre b5, torre b6, torre toma peón en b7."]),
        ("columna a", &["Columna a: peón blanco en a4, peón negro en a7, torre negra en a8."]),
        // A move and an offer on one line: the offer is White's, with the move.
        ("Th3 tablas", &["4. Blancas: torre h3", "Las blancas ofrecen tablas."]),
        ("rechazo", &["Oferta de tablas rechazada."]),
        ("tiempo usado", &["Tiempo usado: Blancas {t}, Negras {t}."]),
        ("repite", &["Tiempo usado: Blancas {t}, Negras {t}."]),
        ("d6", &["4. Negras: d6"]),
        ("últimas 2", &["Las últimas 2 jugadas: 4. torre h3, ofrece tablas, d6."]),
        // Typed on White's turn: the offer is White's, and stands until Black
        // answers.
        ("tablas", &["Las blancas ofrecen tablas."]),
        ("acepto", &["Tablas de mutuo acuerdo: medio punto para cada uno."]),
        ("firmo", &["Las blancas firman el resultado. Tablas, medio punto para cada uno."]),
        ("firmo negras", &["Las negras firman el resultado. Tablas, medio punto para cada uno."]),
        ("salir", &["Hasta luego. La partida queda guardada y se reanuda al volver a arrancar tiflo."]),
    ]);
    // (=) is written beside the move of the player who offered (Art. 8.1).
    let sheet = scoresheet(dir.path());
    assert!(sheet.contains("4. Th3 (=)") && !sheet.contains("d6 (=)"), "{sheet}");
    assert!(sheet.contains("3. Tb3"), "{sheet}");
}

#[test]
fn a_partida_em_portugues_europeu() {
    let dir = tempfile::tempdir().unwrap();
    scenario(dir.path(), &["--lang", "pt", "--time-control", "600", "--side", "white", "--confirm", "always"], &[
        ("", &["Partida nova. Jogas com as brancas. Ritmo de jogo: 10 minutos. Escreve ajuda para os comandos."]),
        // Before the first move the clocks have not started: zero is zero.
        ("relógio", &["Brancas: 10 minutos. Pretas: 10 minutos. Nenhum lance completado."]),
        ("tempo gasto", &["Tempo usado: Brancas 0 segundos, Pretas 0 segundos."]),
        ("e4", &["Brancas: e4? Sim ou não."]),
        // Neither a query nor a typo drops the question.
        ("repete", &["Brancas: e4? Sim ou não."]),
        ("xyz", &["Não entendo xyz como lance nem como comando. Escreve ajuda para os comandos.", "Brancas: e4? Sim ou não."]),
        ("sim", &["1. Brancas: e4"]),
        ("e5", &["Pretas: e5? Sim ou não."]),
        ("sim", &["1. Pretas: e5"]),
        ("Cf3", &["Brancas: cavalo f3? Sim ou não."]),
        ("sim", &["2. Brancas: cavalo f3"]),
        ("Cf6", &["Pretas: cavalo f6? Sim ou não."]),
        ("sim", &["2. Pretas: cavalo f6"]),
        ("Cg1", &["Brancas: cavalo g1? Sim ou não."]),
        ("sim", &["3. Brancas: cavalo g1"]),
        ("Cg8", &["Pretas: cavalo g8? Sim ou não."]),
        ("sim", &["3. Pretas: cavalo g8"]),
        ("Cf3", &["Brancas: cavalo f3? Sim ou não."]),
        ("sim", &["4. Brancas: cavalo f3"]),
        ("Cf6", &["Pretas: cavalo f6? Sim ou não."]),
        ("sim", &["4. Pretas: cavalo f6"]),
        ("Cg1", &["Brancas: cavalo g1? Sim ou não."]),
        ("sim", &["5. Brancas: cavalo g1"]),
        ("peças meus cavalos", &["cavalo branco em b1, cavalo branco em g1."]),
        ("fila 4", &["Fila 4: peão branco em e4."]),
        ("legais e2", &["e2: vazia."]),
        ("Cg8", &["Pretas: cavalo g8? Sim ou não."]),
        ("tocada", &["Não há tabuleiro eletrónico ligado: nada pode dizer se uma peça foi tocada.", "Pretas: cavalo g8? Sim ou não."]),
        ("não", &["Não anotado."]),
        ("Cg8", &["Pretas: cavalo g8? Sim ou não."]),
        // At home the hint that a claim is available is on.
        ("sim", &["5. Pretas: cavalo g8", "Esta posição apareceu três vezes: as Brancas podem reclamar o empate."]),
        ("reclamo", &["Empate reclamado por tripla repetição: meio ponto para cada um."]),
        ("assino", &["As Brancas assinam o resultado. Empate, meio ponto para cada um."]),
        ("assino pretas", &["As Pretas assinam o resultado. Empate, meio ponto para cada um."]),
        ("sair", &["Até logo. A partida fica guardada e continua quando o tiflo voltar a arrancar."]),
    ]);
}

#[test]
fn a_partida_em_portugues_do_brasil() {
    let dir = tempfile::tempdir().unwrap();
    scenario(dir.path(), &["--lang", "pt-BR", "--time-control", "600", "--side", "white"], &[
        ("", &["Partida nova. Você joga com as brancas. Ritmo de jogo: 10 minutos. Escreva ajuda para os comandos."]),
        ("relógio", &["Brancas: 10 minutos. Pretas: 10 minutos. Nenhum lance completado."]),
        ("tabuleiro", &[
            "Fileira 8: torre preta em a8, cavalo preto em b8, bispo preto em c8, dama preta em d8, rei preto em e8, bispo preto em f8, cavalo preto em g8, torre preta em h8.",
            "Fileira 7: peão preto em a7, peão preto em b7, peão preto em c7, peão preto em d7, peão preto em e7, peão preto em f7, peão preto em g7, peão preto em h7.",
            "Fileira 6: vazia.",
            "Fileira 5: vazia.",
            "Fileira 4: vazia.",
            "Fileira 3: vazia.",
            "Fileira 2: peão branco em a2, peão branco em b2, peão branco em c2, peão branco em d2, peão branco em e2, peão branco em f2, peão branco em g2, peão branco em h2.",
            "Fileira 1: torre branca em a1, cavalo branco em b1, bispo branco em c1, dama branca em d1, rei branco em e1, bispo branco em f1, cavalo branco em g1, torre branca em h1.",
            "Lance 1, jogam as Brancas.",
        ]),
        ("d4", &["1. Brancas: d4"]),
        ("d5", &["1. Pretas: d5"]),
        ("c4", &["2. Brancas: c4"]),
        ("e6", &["2. Pretas: e6"]),
        ("corrijo e5", &["Corrigido: e6 passa a ser e5.", "2. Pretas: e5"]),
        ("dxe5", &["3. Brancas: d toma peão em e5"]),
        ("d4", &["3. Pretas: d4"]),
        ("anular", &["Árbitro: anular d4? Sim ou não."]),
        ("sim", &["O árbitro anulou d4.", "Lance 3, jogam as Pretas."]),
        ("último", &["Último lance: 3. Brancas: d toma peão em e5."]),
        ("lances", &["Planilha: 1. d4, d5, 2. c4, e5, 3. d toma peão em e5."]),
        // Under five minutes and no increment: the exemption, said once.
        ("acertar 1:00 2:00", &[
            "Brancas: um minuto. Pretas: 2 minutos. 2 lances completados.",
            "As Brancas têm menos de cinco minutos e nenhum incremento de 30 segundos: não são obrigadas a anotar (artigo 8.4).",
        ]),
        ("bandeira", &["O tiflo marca o tempo: a bandeira das Pretas não caiu. Escreva relógio para os tempos."]),
        // The exemption is not said again in a readout.
        ("relógio", &["Brancas: {t}. Pretas: {t}. 2 lances completados."]),
        ("começar", &["Os relógios já estão acionados."]),
        ("acionado", &["Relógio das Pretas acionado."]),
        ("nova", &["A partida não terminou: uma partida nova começa quando esta tiver terminado."]),
        ("resultado 0-1", &["Ganham as pretas, zero a um: os dois jogadores estão de acordo? Sim ou não."]),
        ("sim", &["Resultado: Ganham as pretas, zero a um."]),
        ("assino", &["As Brancas assinam o resultado. Ganham as pretas, zero a um."]),
        ("assino pretas", &["As Pretas assinam o resultado. Ganham as pretas, zero a um."]),
        ("sair", &["Até logo. A partida fica guardada e continua quando o tiflo for iniciado de novo."]),
    ]);
}

#[test]
fn the_game_in_english() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("transfers.toml"), "transfers = \"opponent\"\n").unwrap();
    let config = dir.path().join("transfers.toml");
    scenario(dir.path(), &["--lang", "en", "--time-control", "300", "--side", "white", "--config", config.to_str().unwrap()], &[
        ("", &["New game. You play White. Time control: 5 minutes. Type help for the commands."]),
        ("e4", &["1. White: e4"]),
        ("e5", &["1. Black: e5"]),
        ("transfers", &["Transfers pending: 1. Black: e5: to be put on your board."]),
        ("Nf3", &["2. White: knight f3"]),
        ("Nc6", &["2. Black: knight c6"]),
        ("transfers", &["Transfers pending: number 1, 1. Black: e5: to be put on your board, number 2, 2. Black: knight c6: to be put on your board."]),
        ("done 2", &["On your board: 2. Black: knight c6."]),
        ("done", &["On your board: 1. Black: e5."]),
        ("done", &["No transfers pending."]),
        ("Bb5", &["3. White: bishop b5"]),
        ("a6", &["3. Black: a6"]),
        ("O-O draw", &["4. White: castles short", "White offers a draw."]),
        ("decline", &["Draw offer declined."]),
        // White's capture typed when Black is to move: more than four
        // candidates are counted, and listed on request.
        ("Bxc6", &["Bxc6 is not a legal move for Black. Legal moves like it: 5 moves; type list to hear them."]),
        ("list", &["The moves: 1: bishop a3, 2: bishop b4, 3: bishop c5, 4: bishop d6, 5: bishop e7."]),
        ("Nf6", &["4. Black: knight f6"]),
        ("takeback", &["Arbiter: take back knight f6? Yes or no."]),
        ("yes", &["knight f6 was taken back by the arbiter.", "Move 4, Black to move."]),
        ("clock", &["White: {t}. Black: {t}. 3 moves completed."]),
        ("Nf6", &["4. Black: knight f6"]),
        // Nothing to claim: two minutes for the opponent (Art. 6.9).
        ("claim", &["The claim is not valid: no threefold repetition and no fifty moves. Two minutes are added to Black's clock, and the game goes on."]),
        ("resign", &["Does White resign? Yes or no."]),
        ("yes", &["White resigns. Black wins, zero to one."]),
        ("sign", &["White signs the result. Black wins, zero to one."]),
        ("sign black", &["Black signs the result. Black wins, zero to one."]),
        ("quit", &["Goodbye. The game is saved and resumes when tiflo starts again."]),
    ]);
    let sheet = scoresheet(dir.path());
    assert!(sheet.contains("4. O-O (=)"), "{sheet}");
}

/// The tournament profile: every move read back for a yes, and no word that
/// a draw can be claimed (Art. 11.3, Supplement 3); the claim the player
/// makes is ruled when made.
#[test]
fn el_torneo_en_castellano_sin_ayuda_no_pedida() {
    let dir = tempfile::tempdir().unwrap();
    scenario(dir.path(), &["--config", "config/tournament.toml", "--lang", "es", "--side", "white", "--page", "off"], &[
        ("", &["Partida nueva. Juegas con blancas. Ritmo de juego: 40 jugadas en una hora y 30 minutos, más 30 segundos por jugada; después, 30 minutos, más 30 segundos por jugada. Escribe ayuda para las órdenes."]),
        ("Cf3", &["Blancas: ¿caballo f3? Sí o no."]),
        ("sí", &["1. Blancas: caballo f3"]),
        ("Cf6", &["Negras: ¿caballo f6? Sí o no."]),
        ("sí", &["1. Negras: caballo f6"]),
        ("Cg1", &["Blancas: ¿caballo g1? Sí o no."]),
        ("sí", &["2. Blancas: caballo g1"]),
        ("Cg8", &["Negras: ¿caballo g8? Sí o no."]),
        ("sí", &["2. Negras: caballo g8"]),
        ("Cf3", &["Blancas: ¿caballo f3? Sí o no."]),
        ("sí", &["3. Blancas: caballo f3"]),
        ("Cf6", &["Negras: ¿caballo f6? Sí o no."]),
        ("sí", &["3. Negras: caballo f6"]),
        ("Cg1", &["Blancas: ¿caballo g1? Sí o no."]),
        ("sí", &["4. Blancas: caballo g1"]),
        ("Cg8", &["Negras: ¿caballo g8? Sí o no."]),
        // The position is on the board a third time: nothing is said of it.
        ("sí", &["4. Negras: caballo g8"]),
        ("reloj", &["Blancas: {t}. Negras: {t}. 4 jugadas completadas."]),
        ("reclamo", &["Tablas reclamadas por triple repetición: medio punto para cada uno."]),
        ("firmo", &["Las blancas firman el resultado. Tablas, medio punto para cada uno."]),
        ("firmo negras", &["Las negras firman el resultado. Tablas, medio punto para cada uno."]),
        ("salir", &["Hasta luego. La partida queda guardada y se reanuda al volver a arrancar tiflo."]),
    ]);
}

/// What a player should hear, and tiflo does not say yet: a pending yes or
/// no (here, the result both players are asked to agree on) is dropped by
/// `assino`, which is neither a move nor `não`, so the `sim` that follows
/// answers "no question"; and `nova`, once the game is over and signed, says
/// where the journal was set aside (a file path, and as if the game had been
/// found on starting) before the new game.
#[test]
fn a_pending_result_survives_sign_and_a_new_game_is_said_plainly() {
    let dir = tempfile::tempdir().unwrap();
    scenario(dir.path(), &["--lang", "pt-BR", "--time-control", "600", "--side", "white"], &[
        ("", &["Partida nova. Você joga com as brancas. Ritmo de jogo: 10 minutos. Escreva ajuda para os comandos."]),
        ("d4", &["1. Brancas: d4"]),
        ("d5", &["1. Pretas: d5"]),
        ("resultado 1/2", &["Empate, meio ponto para cada um: os dois jogadores estão de acordo? Sim ou não."]),
        ("assino", &[
            "A partida não terminou; não há resultado para assinar.",
            "Empate, meio ponto para cada um: os dois jogadores estão de acordo? Sim ou não.",
        ]),
        ("sim", &["Resultado: Empate, meio ponto para cada um."]),
        ("assino", &["As Brancas assinam o resultado. Empate, meio ponto para cada um."]),
        ("assino pretas", &["As Pretas assinam o resultado. Empate, meio ponto para cada um."]),
        ("nova", &["Partida nova. Você joga com as brancas. Ritmo de jogo: 10 minutos. Escreva ajuda para os comandos."]),
        ("sair", &["Até logo. A partida fica guardada e continua quando o tiflo for iniciado de novo."]),
    ]);
}

/// A claim with the move that repeats the position a third time (Art.
/// 9.2.1) is ruled at once: the hint that the opponent could now claim, said
/// today between the move and the ruling of the claim it belongs to, is a
/// sentence too many.
#[test]
fn a_claim_with_a_move_is_ruled_without_a_hint_between() {
    let dir = tempfile::tempdir().unwrap();
    scenario(dir.path(), &["--lang", "pt", "--time-control", "600", "--side", "white"], &[
        ("", &["Partida nova. Jogas com as brancas. Ritmo de jogo: 10 minutos. Escreve ajuda para os comandos."]),
        ("Cf3", &["1. Brancas: cavalo f3"]),
        ("Cf6", &["1. Pretas: cavalo f6"]),
        ("Cg1", &["2. Brancas: cavalo g1"]),
        ("Cg8", &["2. Pretas: cavalo g8"]),
        ("Cf3", &["3. Brancas: cavalo f3"]),
        ("Cf6", &["3. Pretas: cavalo f6"]),
        ("Cg1", &["4. Brancas: cavalo g1"]),
        ("reclamo Cg8", &["4. Pretas: cavalo g8", "Empate reclamado por tripla repetição: meio ponto para cada um."]),
        ("sair", &["Até logo. A partida fica guardada e continua quando o tiflo voltar a arrancar."]),
    ]);
}
