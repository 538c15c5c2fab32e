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
use tiflo::braille::keytable::{Context, KeyTable, Keymap, ROUTING_KEY, Typing};

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

/// The combinations a live run presses in context `ctx`: every key alone,
/// every combination tiflo binds, a few chords of the keyboard, less those
/// BRLTTY binds to a command of its own (its menu, help, learn mode... would
/// change what BRLTTY does with the keys after them); the combinations that
/// switch contexts are pressed where the run needs them. (BRLTTY reads about
/// a hundred key events a second: every pair, as the test above tries, would
/// take minutes.)
fn live_combinations(table: &Table, ctx: &str, family: &'static KeyTable) -> Vec<Vec<String>> {
    let mut all: BTreeSet<Vec<String>> = family.names.keys().map(|k| vec![k.clone()]).collect();
    let tiflo_ctx = if ctx == "braille" { Context::Braille } else { Context::Default };
    let name = |n: &u8| family.names.iter().find(|(_, v)| *v == n).map(|(k, _)| k.clone()).unwrap();
    for c in [Context::Default, tiflo_ctx] {
        for combination in family.context(c).map(|b| b.bind.keys().collect::<Vec<_>>()).unwrap_or_default() {
            if !combination.routing {
                all.insert(set(&combination.keys.iter().map(name).collect::<Vec<_>>()));
            }
        }
    }
    if let Some(b) = family.context(tiflo_ctx) {
        let dots: Vec<String> = b.keyboard.iter().filter(|(_, t)| matches!(t, Typing::Dot(_))).map(|(n, _)| name(n)).collect();
        let others: Vec<String> = b.keyboard.iter().filter(|(_, t)| !matches!(t, Typing::Dot(_))).map(|(n, _)| name(n)).collect();
        // Dots 1-2-5 and all the dots, with and without each other key.
        for chord in [dots.iter().take(3).cloned().collect::<Vec<_>>(), dots.clone()] {
            all.insert(set(&chord));
            for o in &others {
                let mut with = chord.clone();
                with.push(o.clone());
                all.insert(set(&with));
            }
        }
    }
    let bound_anywhere = |keys: &[String]| {
        let wanted = set(keys);
        table.contexts.values().any(|c| c.bindings.iter().any(|b| set(&b.keys) == wanted))
    };
    all.into_iter()
        .filter(|c| match brltty_does(table, ctx, c) {
            Does::Act(_) => true,
            Does::Switch(_) => false,
            Does::Nothing => !bound_anywhere(c) || keyboard(table, ctx, c).is_some(),
        })
        .collect()
}

/// The keys of a combination on the fake display.
fn keys_of(family: &KeyTable, names: &[String]) -> Vec<Key> {
    names.iter().map(|n| if n == ROUTING_KEY { Key::Routing(ROUTING_CELLS[0]) } else { Key::Nav(family.number(n).unwrap()) }).collect()
}

/// The actions a display reports for `count` combinations, each followed
/// by the fence (the routing key over cell 0): the actions between fences.
fn actions_between_fences(
    display: &mut dyn tiflo::braille::display::Display,
    count: usize,
    nudge: &dyn Fn(),
) -> Vec<Vec<Action>> {
    let start = std::time::Instant::now();
    let mut out = vec![Vec::new()];
    while out.len() <= count && start.elapsed() < std::time::Duration::from_secs(120) {
        nudge();
        for a in display.poll(std::time::Duration::from_millis(50)).expect("the display answers") {
            if a == Action::Route(0) {
                out.push(Vec::new());
            } else {
                out.last_mut().unwrap().push(a);
            }
        }
    }
    out.truncate(count);
    out
}

/// A fake display of either protocol, pressed by key.
enum Fake {
    Ht(common::displays::FakeHandyTech),
    Bm(common::displays::FakeBaum),
}

impl Fake {
    fn path(&self) -> String {
        match self {
            Fake::Ht(f) => f.path(),
            Fake::Bm(f) => f.path(),
        }
    }

    fn press(&self, keys: &[Key]) {
        match self {
            Fake::Ht(f) => {
                let codes: Vec<u8> = keys
                    .iter()
                    .map(|k| match *k {
                        Key::Nav(n) => n,
                        Key::Routing(c) => tiflo::braille::handytech::KEY_ROUTING + c,
                    })
                    .collect();
                f.press_codes(&codes);
            }
            Fake::Bm(f) => f.press_keys(keys),
        }
    }

    /// Lets BRLTTY's HandyTech driver read the key events it has waiting
    /// (a Baum display needs nothing: BRLTTY's Baum driver reads all).
    fn nudge(&self) {
        if let Fake::Ht(f) = self {
            f.nudge();
        }
    }
}

/// Each family's keys pressed on a fake display of one of its models, once
/// through a real BRLTTY (tiflo reading them through BrlAPI) and once on
/// tiflo's own serial driver: the same actions, combination by combination,
/// in both contexts. This checks the key numbers of tiflo's tables (which
/// the installed tables cannot: they name keys) against BRLTTY's drivers.
#[test]
fn keys_do_the_same_through_brltty_and_on_tiflos_serial_driver() {
    use common::brltty::{Brltty, free_server_number};
    use common::displays::{FakeBaum, FakeHandyTech};
    use tiflo::braille::display::Display;
    use tiflo::braille::serial::{Protocol, SerialBraille, SerialDisplay};

    // (the fake, BRLTTY's driver, the family's BRLTTY table for it)
    type StartFake = Box<dyn Fn() -> Fake>;
    let cases: Vec<(StartFake, &str, &str)> = vec![
        (Box::new(|| Fake::Ht(FakeHandyTech::start(0x74))), "ht", "ht/bs40.ktb"),
        (Box::new(|| Fake::Ht(FakeHandyTech::start(0x94))), "ht", "ht/bbp.ktb"),
        (Box::new(|| Fake::Ht(FakeHandyTech::start(0x61))), "ht", "ht/alo.ktb"),
        (Box::new(|| Fake::Ht(FakeHandyTech::start(0x36))), "ht", "ht/me64.ktb"),
        (Box::new(|| Fake::Ht(FakeHandyTech::start(0x89))), "ht", "ht/mdlr.ktb"),
        (Box::new(|| Fake::Ht(FakeHandyTech::start(0x05))), "ht", "ht/wave.ktb"),
        (Box::new(|| Fake::Ht(FakeHandyTech::start(0x44))), "ht", "ht/easy.ktb"),
        (Box::new(|| Fake::Ht(FakeHandyTech::start(0x84))), "ht", "ht/bb.ktb"),
        (Box::new(|| Fake::Bm(FakeBaum::start(24, "PocketVario 24"))), "bm", "bm/pv.ktb"),
        (Box::new(|| Fake::Bm(FakeBaum::start(12, "Conny 12"))), "bm", "bm/conny.ktb"),
        (Box::new(|| Fake::Bm(FakeBaum::start(40, "SuperVario 40"))), "bm", "bm/sv.ktb"),
        // (A Vario 80 that gives no cell count is identified by its
        // identity alone, and then uses v80.ktb; BRLTTY 6.5's probe gives up
        // on such a fake display, so that table is checked above only.)
        (Box::new(|| Fake::Bm(FakeBaum::start(18, "Refreshabraille 18"))), "bm", "bm/rb.ktb"),
        (Box::new(|| Fake::Bm(FakeBaum::start(40, "Conny (NBP B2G)"))), "bm", "bm/b2g.ktb"),
        (Box::new(|| Fake::Bm(FakeBaum::start(20, "NLS eReader Zoomax"))), "bm", "bm/NLS_Zoomax.ktb"),
    ];
    let wait = std::time::Duration::from_secs(10);
    let mut differ = Vec::new();
    let mut pressed = 0;
    for (start_fake, driver, path) in cases {
        let family = KeyTable::all().iter().find(|t| t.brltty.iter().any(|p| p == path)).unwrap();
        let stem = path.split_once('/').unwrap().1.trim_end_matches(".ktb");
        let driver_names = ktb::driver_key_names(driver, stem);
        let table = ktb::read(path, &|k| driver_names.contains(k));
        // The script: the default context's combinations; then, where
        // there is one, into braille input, its combinations, and back.
        let mut script: Vec<Vec<String>> = live_combinations(&table, "default", family);
        let switch = |to: &str| {
            table.context(if to == "braille" { "default" } else { "braille" }).and_then(|c| {
                c.bindings.iter().find(|b| b.command == format!("CONTEXT+{to}")).map(|b| b.keys.clone())
            })
        };
        if let (Some(on), Some(off)) = (switch("braille"), switch("default")) {
            script.push(on);
            script.extend(live_combinations(&table, "braille", family));
            script.push(off);
            script.extend(live_combinations(&table, "default", family).into_iter().take(5));
        }
        eprintln!("{path}: {} combinations", script.len());
        let fake = start_fake();
        let play = |display: &mut dyn Display| -> Vec<Vec<Action>> {
            for combination in &script {
                fake.press(&keys_of(family, combination));
                fake.press(&[Key::Routing(0)]);
            }
            actions_between_fences(display, script.len(), &|| fake.nudge())
        };
        let brltty = Brltty::start_driver(&fake.path(), driver, None, free_server_number());
        let mut shared = brltty.connect(None);
        let through_brltty = play(&mut shared);
        let log = brltty.log();
        drop(shared);
        drop(brltty);
        let protocol = if driver == "ht" { Protocol::HandyTech } else { Protocol::Baum };
        let serial = SerialDisplay::open(&fake.path(), protocol, wait).expect("the fake display opens");
        assert_eq!(serial.key_table().file, family.file, "{path}: the family tiflo picks");
        let mut serial = SerialBraille::new(serial);
        let on_serial = play(&mut serial);
        if through_brltty.len() != script.len() {
            for ((c, b), s) in script.iter().zip(&through_brltty).zip(&on_serial) {
                eprintln!("{c:?}: {b:?} / {s:?}");
            }
        }
        assert_eq!(through_brltty.len(), script.len(), "{path}: every combination came through BRLTTY\n{log}");
        assert_eq!(on_serial.len(), script.len(), "{path}: every combination came through the serial driver");
        for ((combination, b), s) in script.iter().zip(&through_brltty).zip(&on_serial) {
            if b != s {
                differ.push(format!("{path}: {combination:?}: through BRLTTY {b:?}, on tiflo's serial driver {s:?}"));
            }
        }
        assert!(through_brltty.iter().any(|a| !a.is_empty()), "{path}: no key did anything through BRLTTY");
        pressed += script.len();
    }
    assert!(differ.is_empty(), "{} combinations differ:\n{}", differ.len(), differ.join("\n"));
    println!("{pressed} key combinations pressed through BRLTTY and on the serial driver");
}

