//! The keys of every braille display family do in tiflo what BRLTTY's own
//! key tables make them do: tiflo's tables (`braille/keys/*.toml`) against
//! the installed BRLTTY's (`/etc/brltty/Input/ht/*.ktb`, `bm/*.ktb`, read by
//! `common/ktb.rs`), and tiflo's serial driver against a real BRLTTY driving
//! the same fake display.
//!
//! What a key combination does under BRLTTY is worked out from BRLTTY's
//! manual ("The Bind Directive", "The Context Directive") and its table: the
//! binding of the current context; else, in a context with a keyboard map,
//! the dots typed (BRLTTY's `PASSDOTS`: with the space bar alone a space, dots
//! and the space bar together nothing); else, outside the default context,
//! the default context's binding. tiflo receives BRLTTY's command through
//! BrlAPI and acts on it as `brlapi::action_of_key` says; a command tiflo
//! does not take does nothing in tiflo. So the expected action of every
//! combination is `action_of_key` of BRLTTY's command, and the serial
//! driver's key table must give the same.

mod common;

use std::collections::BTreeSet;

use common::ktb::{self, Table};
use tiflo::braille::brlapi::{action_of_key, key};
use tiflo::braille::display::Action;
use tiflo::braille::keys::{Key, KeyEvent};
use tiflo::braille::keytable::{Context, KeyTable, Keymap, ROUTING_KEY};

/// What a key combination does, as tiflo sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Does {
    Act(Action),
    Switch(Context),
    Nothing,
}

/// The routing keys pressed in a combination: the first over cell 3, a
/// second over cell 5.
const ROUTING_CELLS: [u8; 2] = [3, 5];

/// A BRLTTY command (as a key table writes it) as the BrlAPI key code tiflo
/// would receive, for the commands tiflo accepts (`brlapi::accepted_keys`);
/// `None` for every other command (BRLTTY keeps it).
fn brlapi_code(command: &str, routing: Option<u8>) -> Option<u64> {
    let mut parts = command.split(['+', ':']);
    let name = parts.next()?;
    let basic = |c| Some(key::cmd(c));
    match name {
        "LNUP" => basic(key::LNUP),
        "LNDN" => basic(key::LNDN),
        "PRDIFLN" => basic(key::PRDIFLN),
        "NXDIFLN" => basic(key::NXDIFLN),
        "TOP" => basic(key::TOP),
        "BOT" => basic(key::BOT),
        "TOP_LEFT" => basic(key::TOP_LEFT),
        "BOT_LEFT" => basic(key::BOT_LEFT),
        "PRPGRPH" => basic(key::PRPGRPH),
        "NXPGRPH" => basic(key::NXPGRPH),
        "FWINLT" => basic(key::FWINLT),
        "FWINRT" => basic(key::FWINRT),
        "ROUTE" => Some(key::block(key::BLK_ROUTE, u64::from(routing?))),
        "PASSDOTS" => {
            // PASSDOTS+dot7: the dots named after it.
            let dots = parts.filter_map(|m| m.strip_prefix("dot")?.parse::<u32>().ok()).fold(0u64, |d, n| d | 1 << (n - 1));
            Some(key::block(key::BLK_PASSDOTS, dots))
        }
        "KEY_BACKSPACE" => Some(key::TYPE_SYM | key::SYM_BACKSPACE),
        "KEY_ENTER" => Some(key::TYPE_SYM | key::SYM_LINEFEED),
        _ => None,
    }
}

fn does_command(command: &str, routing: Option<u8>) -> Does {
    if let Some(ctx) = command.strip_prefix("CONTEXT+") {
        return match ctx {
            "braille" => Does::Switch(Context::Braille),
            "default" => Does::Switch(Context::Default),
            other => panic!("a context tiflo does not know: {other}"),
        };
    }
    match brlapi_code(command, routing).and_then(action_of_key) {
        Some(a) => Does::Act(a),
        None => Does::Nothing,
    }
}

/// The keys as a sorted list (RoutingKey may repeat).
fn set(keys: &[String]) -> Vec<String> {
    let mut k = keys.to_vec();
    k.sort();
    k
}

/// What BRLTTY does with `keys` held in context `ctx` of `table`.
fn brltty_does(table: &Table, ctx: &str, keys: &[String]) -> Does {
    let routing = keys.iter().filter(|k| *k == ROUTING_KEY).count();
    let cell = (routing == 1).then_some(ROUTING_CELLS[0]);
    let wanted = set(keys);
    let bound = |c: &str| -> Option<String> {
        let bindings = &table.context(c)?.bindings;
        let found: Vec<&String> = bindings.iter().filter(|b| set(&b.keys) == wanted).map(|b| &b.command).collect();
        // BRLTTY's tables bind a combination once per context.
        assert!(found.len() <= 1, "{keys:?} is bound {} times in {c}: {found:?}", found.len());
        found.first().map(|c| c.to_string())
    };
    if let Some(c) = bound(ctx) {
        return does_command(&c, cell);
    }
    if let Some(d) = keyboard(table, ctx, keys) {
        return d;
    }
    if ctx != "default"
        && let Some(c) = bound("default")
    {
        // Dots from the default context are refused in another context.
        if c.starts_with("PASSDOTS") {
            return Does::Nothing;
        }
        return does_command(&c, cell);
    }
    Does::Nothing
}

/// What the keyboard map of `ctx` types for `keys` (BRLTTY's PASSDOTS), if
/// every key is mapped; dots and the space bar together, or neither (only
/// modifiers), type nothing.
fn keyboard(table: &Table, ctx: &str, keys: &[String]) -> Option<Does> {
    let map = &table.context(ctx)?.map;
    if map.is_empty() {
        return None;
    }
    let mut dots = 0u64;
    let mut space = false;
    for k in keys {
        let function = map.get(k)?;
        match function.as_str() {
            "SPACE" => space = true,
            f => {
                if let Some(n) = f.strip_prefix("DOT").and_then(|n| n.parse::<u32>().ok()) {
                    dots |= 1 << (n - 1);
                }
            }
        }
    }
    if space == (dots != 0) {
        return Some(Does::Nothing);
    }
    Some(match action_of_key(key::block(key::BLK_PASSDOTS, dots)) {
        Some(a) => Does::Act(a),
        None => Does::Nothing,
    })
}

/// What tiflo's key table does with `keys` pressed in order and released,
/// starting in `ctx` (entered with `enter`, the keys BRLTTY's table binds to
/// switch to it); `None` when tiflo's table does not name a key.
fn tiflo_does(table: &'static KeyTable, enter: Option<&[String]>, keys: &[String]) -> Option<Does> {
    let mut k = Keymap::new(table);
    let to_keys = |names: &[String]| -> Option<Vec<Key>> {
        let mut routing = ROUTING_CELLS.iter();
        names
            .iter()
            .map(|n| if n == ROUTING_KEY { routing.next().map(|&c| Key::Routing(c)) } else { table.number(n).map(Key::Nav) })
            .collect()
    };
    let play = |k: &mut Keymap, keys: &[Key]| -> Vec<Action> {
        let mut out = Vec::new();
        for &key in keys {
            out.extend(k.feed(KeyEvent { key, pressed: true }));
        }
        for &key in keys {
            out.extend(k.feed(KeyEvent { key, pressed: false }));
        }
        out
    };
    if let Some(enter) = enter {
        let keys = to_keys(enter).expect("tiflo names the keys that enter braille input");
        assert_eq!(play(&mut k, &keys), vec![], "{}: entering braille input does nothing else", table.file);
        assert_eq!(k.context(), Context::Braille, "{}: {enter:?} enters braille input", table.file);
    }
    let before = k.context();
    let actions = play(&mut k, &to_keys(keys)?);
    Some(match actions.as_slice() {
        [] if k.context() != before => Does::Switch(k.context()),
        [] => Does::Nothing,
        [a] => Does::Act(*a),
        more => panic!("{}: {keys:?} did {more:?}", table.file),
    })
}

/// The key combinations worth trying in a context: every key alone and
/// every pair, every combination either context binds, tiflo's bindings,
/// and every chord of the keyboard (dots alone, with each space key, with
/// each modifier).
fn combinations(table: &Table, ctx: &str, names: &BTreeSet<String>, tiflo: &KeyTable) -> BTreeSet<Vec<String>> {
    let mut all: BTreeSet<Vec<String>> = BTreeSet::new();
    let names: Vec<&String> = names.iter().collect();
    for (i, a) in names.iter().enumerate() {
        all.insert(vec![a.to_string()]);
        for b in &names[i + 1..] {
            all.insert(set(&[a.to_string(), b.to_string()]));
        }
    }
    all.insert(vec![ROUTING_KEY.into(), ROUTING_KEY.into()]);
    for c in ["default", ctx] {
        for b in table.context(c).map(|c| c.bindings.clone()).unwrap_or_default() {
            all.insert(set(&b.keys));
        }
    }
    let tiflo_ctx = if ctx == "braille" { Context::Braille } else { Context::Default };
    for c in [Context::Default, tiflo_ctx] {
        if let Some(b) = tiflo.context(c) {
            for combination in b.bind.keys() {
                let mut keys: Vec<String> = combination
                    .keys
                    .iter()
                    .map(|n| tiflo.names.iter().find(|(_, v)| *v == n).map(|(k, _)| k.clone()).unwrap())
                    .collect();
                if combination.routing {
                    keys.push(ROUTING_KEY.into());
                }
                all.insert(set(&keys));
            }
        }
    }
    if let Some(map) = table.context(ctx).map(|c| &c.map) {
        let dots: Vec<&String> = map.iter().filter(|(_, f)| f.starts_with("DOT")).map(|(k, _)| k).collect();
        let others: Vec<&String> = map.iter().filter(|(_, f)| !f.starts_with("DOT")).map(|(k, _)| k).collect();
        for bits in 1u32..(1 << dots.len()) {
            let chord: Vec<String> =
                dots.iter().enumerate().filter(|(i, _)| bits & (1 << i) != 0).map(|(_, k)| k.to_string()).collect();
            all.insert(set(&chord));
            for o in &others {
                let mut with = chord.clone();
                with.push(o.to_string());
                all.insert(set(&with));
            }
        }
        for o in &others {
            all.insert(vec![o.to_string()]);
        }
    }
    all
}

/// Every family's table against each BRLTTY table it follows, in each of
/// BRLTTY's contexts tiflo has (default, braille input): every combination
/// does the same in tiflo as through BRLTTY.
#[test]
fn every_key_combination_does_what_brltty_makes_it_do() {
    let mut checked = 0;
    let mut tables = 0;
    let mut wrong = Vec::new();
    for family in KeyTable::all() {
        for path in &family.brltty {
            tables += 1;
            let (driver, file) = path.split_once('/').unwrap();
            let stem = file.trim_end_matches(".ktb");
            let driver_names = ktb::driver_key_names(driver, stem);
            // Every key tiflo names is a key of BRLTTY's driver for it.
            for name in family.names.keys() {
                assert!(driver_names.contains(name), "{}: BRLTTY's {path} has no key {name}", family.file);
            }
            let table = ktb::read(path, &|k| driver_names.contains(k));
            let mut keys = driver_names.clone();
            keys.remove(ROUTING_KEY);
            let routing = driver_names.contains(ROUTING_KEY);
            let mut names = keys.clone();
            if routing {
                names.insert(ROUTING_KEY.into());
            }
            // Braille input: the keys BRLTTY's default context binds to it.
            let enter: Option<Vec<String>> = table.context("default").and_then(|c| {
                c.bindings.iter().find(|b| b.command == "CONTEXT+braille").map(|b| b.keys.clone())
            });
            assert_eq!(
                enter.is_some(),
                family.braille.is_some(),
                "{}: BRLTTY's {path} has{} a braille input context",
                family.file,
                if enter.is_some() { "" } else { " no" }
            );
            for ctx in ["default", "braille"] {
                let enter_keys = match ctx {
                    "default" => None,
                    _ => match &enter {
                        Some(e) => Some(e.as_slice()),
                        None => continue,
                    },
                };
                // The keyboard maps agree key for key.
                let theirs = table.context(ctx).map(|c| c.map.clone()).unwrap_or_default();
                let ours = family.context(if ctx == "braille" { Context::Braille } else { Context::Default });
                let mut ours_kb: Vec<(String, String)> = ours
                    .map(|b| {
                        b.keyboard
                            .iter()
                            .map(|(n, t)| {
                                let name = family.names.iter().find(|(_, v)| *v == n).unwrap().0.clone();
                                (name, format!("{t:?}"))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let theirs_kb: Vec<(String, String)> = theirs
                    .iter()
                    .map(|(k, f)| {
                        let t = match f.as_str() {
                            "SPACE" => "Space".to_owned(),
                            f if f.starts_with("DOT") => format!("Dot({})", &f[3..]),
                            _ => "Modifier".to_owned(),
                        };
                        (k.clone(), t)
                    })
                    .collect();
                ours_kb.sort();
                assert_eq!(ours_kb, theirs_kb, "{}: the keyboard of {ctx} against {path}", family.file);

                for combination in combinations(&table, ctx, &names, family) {
                    if combination.iter().any(|k| k != ROUTING_KEY && !keys.contains(k)) {
                        continue;
                    }
                    if combination.iter().filter(|k| *k == ROUTING_KEY).count() > usize::from(routing) * 2 {
                        continue;
                    }
                    let here = if ctx == "braille" { Context::Braille } else { Context::Default };
                    let want = match brltty_does(&table, ctx, &combination) {
                        // Switching to the context one is in changes nothing.
                        Does::Switch(c) if c == here => Does::Nothing,
                        d => d,
                    };
                    match tiflo_does(family, enter_keys, &combination) {
                        Some(got) => {
                            if got != want {
                                wrong.push(format!(
                                    "{}: {combination:?} in {ctx}: tiflo {got:?}, BRLTTY's {path} {want:?}",
                                    family.file
                                ));
                            }
                            checked += 1;
                        }
                        None if want != Does::Nothing => wrong.push(format!(
                            "{}: tiflo does not name a key of {combination:?}, which BRLTTY's {path} binds to {want:?}",
                            family.file
                        )),
                        None => {}
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{} combinations differ:\n{}", wrong.len(), wrong.join("\n"));
    println!("{checked} key combinations in {tables} BRLTTY tables");
    assert!(tables >= 20 && checked > 10_000, "{tables} tables, {checked} combinations");
}
