//! Key tables: what each key of a braille display does in tiflo, per
//! display family, as data (`braille/keys/*.toml`, compiled in; the format
//! is in `braille/README.md`).
//!
//! A player who uses BRLTTY knows the display's keys as BRLTTY's key table
//! for that display binds them (`/etc/brltty/Input/ht/bs40.ktb` for a
//! HandyTech Braille Star, `bm/pv.ktb` for a Baum PocketVario...). Through
//! BrlAPI tiflo receives BRLTTY's commands for those keys; on its own serial
//! driver it reads the keys itself. So that a key does the same thing both
//! ways, each family's file binds the same key combinations as BRLTTY's
//! table, to the action tiflo takes for BRLTTY's command
//! ([`super::brlapi::action_of_key`]): `FWINLT` (pan back) is `pan-back`,
//! `LNUP` is `line-up`, a key bound to a command tiflo does not take is not
//! bound (or bound to `none`, where the keyboard would otherwise type it).
//! The test `tests/braille_keys.rs` checks every file against the installed
//! BRLTTY's own tables, and against BRLTTY itself on a fake display.
//!
//! [`Keymap`] plays a table as BRLTTY plays its own (its manual, "The Bind
//! Directive" and "The Context Directive"): the keys may be pressed in any
//! order, and the command of the keys held is done when the first of them
//! is released; a combination not bound in the braille input context is
//! looked up in the default context; in a context with a keyboard, keys
//! that all type dots type their cell (with the space bar alone, a space;
//! dots and the space bar together type nothing unless bound).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::display::Action;
use super::keys::{Key, KeyEvent, Typed};
use super::{Cell, DOT7, DOT8, baum};

/// What a key combination does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Pan to the previous part of the view (`pan-back`).
    PanBack,
    /// Pan to the next part of the view (`pan-forward`).
    PanForward,
    /// The previous line of the view (`line-up`).
    LineUp,
    /// The next line of the view (`line-down`).
    LineDown,
    /// The start of the view (`top`).
    Top,
    /// The end of the view (`bottom`).
    Bottom,
    /// The previous view (`previous-view`).
    PreviousView,
    /// The next view (`next-view`).
    NextView,
    /// The routing key of the combination.
    Route,
    /// A space, as the braille keyboard's space bar types it.
    Space,
    /// Enter what was typed (`enter`).
    Enter,
    /// Erase the last typed cell (`erase`).
    Erase,
    /// Switches to the braille input context.
    BrailleInput,
    /// Switches back to the default context.
    DefaultInput,
    /// Nothing (BRLTTY does something of its own with these keys).
    None,
}

impl Command {
    fn parse(text: &str) -> Option<Command> {
        Some(match text {
            "pan-back" => Command::PanBack,
            "pan-forward" => Command::PanForward,
            "line-up" => Command::LineUp,
            "line-down" => Command::LineDown,
            "top" => Command::Top,
            "bottom" => Command::Bottom,
            "previous-view" => Command::PreviousView,
            "next-view" => Command::NextView,
            "route" => Command::Route,
            "space" => Command::Space,
            "enter" => Command::Enter,
            "erase" => Command::Erase,
            "braille-input" => Command::BrailleInput,
            "default-input" => Command::DefaultInput,
            "none" => Command::None,
            _ => return None,
        })
    }

    /// The action, with the routing key's cell for [`Command::Route`];
    /// `None` for the commands that are no action.
    pub fn action(self, routing: Option<u8>) -> Option<Action> {
        Some(match self {
            Command::PanBack => Action::PanBack,
            Command::PanForward => Action::PanForward,
            Command::LineUp => Action::LineUp,
            Command::LineDown => Action::LineDown,
            Command::Top => Action::Top,
            Command::Bottom => Action::Bottom,
            Command::PreviousView => Action::PreviousView,
            Command::NextView => Action::NextView,
            Command::Route => Action::Route(routing?),
            Command::Space => Action::Typed(Typed::Space),
            Command::Enter => Action::Enter,
            Command::Erase => Action::Erase,
            Command::BrailleInput | Command::DefaultInput | Command::None => return None,
        })
    }
}

/// What a key of the braille keyboard types.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typing {
    /// A dot, 1-8.
    Dot(u8),
    /// The space bar.
    Space,
    /// A modifier (BRLTTY's control, meta...): with dots, the dots are
    /// typed; alone, nothing.
    Modifier,
}

/// A key context: the default one, or the braille input mode some tables
/// switch to (BRLTTY's "Braille Input Mode").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Context {
    /// The default context.
    Default,
    /// The braille input context.
    Braille,
}

/// A key combination: the keys other than routing keys (sorted numbers),
/// and whether a routing key is one of them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Combination {
    /// The numbers of the keys other than routing keys, sorted.
    pub keys: Vec<u8>,
    /// Whether a routing key is one of the keys.
    pub routing: bool,
}

/// The bindings and the keyboard of one context.
#[derive(Clone, Debug, Default)]
pub struct Bindings {
    /// What each bound key combination does.
    pub bind: BTreeMap<Combination, Command>,
    /// What each key of the braille keyboard types, by key number.
    pub keyboard: BTreeMap<u8, Typing>,
}

/// The key table of a family of displays.
#[derive(Clone, Debug)]
pub struct KeyTable {
    /// The file's name without `.toml` ("handytech-star").
    pub file: String,
    /// The family, in words ("HandyTech Braille Star").
    pub name: String,
    /// The HandyTech models (ids) that use it.
    pub models: Vec<u8>,
    /// The Baum devices that use it.
    pub devices: Vec<baum::Device>,
    /// The BRLTTY key tables it follows, relative to BRLTTY's `Input`
    /// folder ("ht/bs40.ktb"), as the installed BRLTTY has them.
    pub brltty: Vec<String>,
    /// The citation for what it follows.
    pub source: String,
    /// The keys' names as BRLTTY's tables write them, and their numbers.
    pub names: BTreeMap<String, u8>,
    /// The default context.
    pub default: Bindings,
    /// The braille input context, when the table has one.
    pub braille: Option<Bindings>,
}

/// A key table that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum KeyTableError {
    /// The file is not TOML of the key table's form.
    #[error("key table {file}: {source}")]
    Toml {
        /// The file's name.
        file: String,
        /// What the TOML reader said.
        source: toml::de::Error,
    },
    /// The file reads but says something that cannot be used.
    #[error("key table {file}: {problem}")]
    Bad {
        /// The file's name.
        file: String,
        /// What is wrong, in words.
        problem: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    name: String,
    #[serde(default)]
    models: Vec<u8>,
    #[serde(default)]
    devices: Vec<String>,
    brltty: Vec<String>,
    source: String,
    keys: BTreeMap<String, toml::Value>,
    default: RawContext,
    braille: Option<RawContext>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawContext {
    #[serde(default)]
    keyboard: BTreeMap<String, String>,
    #[serde(default)]
    bind: BTreeMap<String, String>,
}

/// The `talk-key` setting's name for the key that types dot 8.
pub const TALK_DOT8: &str = "dot8";

/// The name routing keys have in a combination.
pub const ROUTING_KEY: &str = "RoutingKey";

/// The files of `braille/keys/`.
const FILES: &[(&str, &str)] = &[
    ("handytech-star", include_str!("../../braille/keys/handytech-star.toml")),
    ("handytech-joystick", include_str!("../../braille/keys/handytech-joystick.toml")),
    ("handytech-evolution", include_str!("../../braille/keys/handytech-evolution.toml")),
    ("handytech-modular", include_str!("../../braille/keys/handytech-modular.toml")),
    ("handytech-wave", include_str!("../../braille/keys/handytech-wave.toml")),
    ("handytech-easy", include_str!("../../braille/keys/handytech-easy.toml")),
    ("handytech-basic", include_str!("../../braille/keys/handytech-basic.toml")),
    ("handytech-activator-pro", include_str!("../../braille/keys/handytech-activator-pro.toml")),
    ("baum-default", include_str!("../../braille/keys/baum-default.toml")),
    ("baum-conny", include_str!("../../braille/keys/baum-conny.toml")),
    ("baum-supervario", include_str!("../../braille/keys/baum-supervario.toml")),
    ("baum-vario80", include_str!("../../braille/keys/baum-vario80.toml")),
    ("baum-refreshabraille", include_str!("../../braille/keys/baum-refreshabraille.toml")),
    ("baum-orbit", include_str!("../../braille/keys/baum-orbit.toml")),
    ("baum-b2g", include_str!("../../braille/keys/baum-b2g.toml")),
    ("baum-zoomax", include_str!("../../braille/keys/baum-zoomax.toml")),
];

impl KeyTable {
    /// Reads one table from its TOML text.
    pub fn parse(file: &str, text: &str) -> Result<KeyTable, KeyTableError> {
        let raw: RawTable = toml::from_str(text).map_err(|source| KeyTableError::Toml { file: file.into(), source })?;
        let bad = |problem: String| KeyTableError::Bad { file: file.into(), problem };
        let mut names = BTreeMap::new();
        for (name, value) in &raw.keys {
            let number = match value {
                toml::Value::Integer(n) => u8::try_from(*n).ok().filter(|_| !raw.models.is_empty()),
                toml::Value::String(s) => baum_number(s).filter(|_| raw.models.is_empty()),
                _ => None,
            };
            let number = number.ok_or_else(|| {
                bad(format!("key `{name}`: `{value}` is no key (a HandyTech key byte, or a Baum group and bit: \"entry 9\")"))
            })?;
            if name == ROUTING_KEY || names.values().any(|&n| n == number) {
                return Err(bad(format!("key `{name}`: its name or number is taken")));
            }
            names.insert(name.clone(), number);
        }
        let mut devices = Vec::new();
        for d in &raw.devices {
            devices.push(baum::Device::parse(d).ok_or_else(|| bad(format!("`{d}` is no Baum device")))?);
        }
        if raw.models.is_empty() == raw.devices.is_empty() {
            return Err(bad("a table names HandyTech models or Baum devices".into()));
        }
        let context = |raw: &RawContext, which: &str| -> Result<Bindings, KeyTableError> {
            let mut b = Bindings::default();
            for (keys, command) in &raw.bind {
                let combination = combination(&names, keys)
                    .ok_or_else(|| bad(format!("[{which}.bind] `{keys}` names a key the table does not name")))?;
                let command = Command::parse(command)
                    .ok_or_else(|| bad(format!("[{which}.bind] `{keys}`: `{command}` is no command")))?;
                if (command == Command::Route) != combination.routing {
                    return Err(bad(format!("[{which}.bind] `{keys}`: route goes with a routing key, and only route")));
                }
                if b.bind.insert(combination, command).is_some() {
                    return Err(bad(format!("[{which}.bind] `{keys}` is bound twice")));
                }
            }
            for (key, typing) in &raw.keyboard {
                let number =
                    *names.get(key).ok_or_else(|| bad(format!("[{which}.keyboard] `{key}` is not named in [keys]")))?;
                let typing = match typing.as_str() {
                    "space" => Typing::Space,
                    "modifier" => Typing::Modifier,
                    dot => match dot.strip_prefix("dot").and_then(|d| d.parse::<u8>().ok()) {
                        Some(d @ 1..=8) => Typing::Dot(d),
                        _ => return Err(bad(format!("[{which}.keyboard] `{key}`: `{typing}` is no dot"))),
                    },
                };
                b.keyboard.insert(number, typing);
            }
            Ok(b)
        };
        let default = context(&raw.default, "default")?;
        let braille = raw.braille.as_ref().map(|c| context(c, "braille")).transpose()?;
        Ok(KeyTable {
            file: file.into(),
            name: raw.name,
            models: raw.models,
            devices,
            brltty: raw.brltty,
            source: raw.source,
            names,
            default,
            braille,
        })
    }

    /// Every table of `braille/keys/`.
    pub fn all() -> &'static [KeyTable] {
        static ALL: OnceLock<Vec<KeyTable>> = OnceLock::new();
        ALL.get_or_init(|| {
            FILES
                .iter()
                .map(|(file, text)| {
                    // The files are compiled in and checked by the tests.
                    KeyTable::parse(file, text).unwrap_or_else(|e| panic!("{e}"))
                })
                .collect()
        })
    }

    /// The table of the HandyTech model `id`.
    pub fn handytech(id: u8) -> Option<&'static KeyTable> {
        KeyTable::all().iter().find(|t| t.models.contains(&id))
    }

    /// The table of the Baum device `device`.
    pub fn baum(device: baum::Device) -> Option<&'static KeyTable> {
        KeyTable::all().iter().find(|t| t.devices.contains(&device))
    }

    /// A key's number by its name.
    pub fn number(&self, name: &str) -> Option<u8> {
        self.names.get(name).copied()
    }

    /// The bindings of a context (the braille context's are empty when the
    /// table has none).
    pub fn context(&self, context: Context) -> Option<&Bindings> {
        match context {
            Context::Default => Some(&self.default),
            Context::Braille => self.braille.as_ref(),
        }
    }

    /// The key a `talk-key` setting names on this table's displays:
    /// `dot8` is the key the braille keyboard types dot 8 with (in the
    /// default context's keyboard, else the braille context's); any other
    /// name is a key's name as the table (and BRLTTY) writes it, in any
    /// case ("B8", "Press", "LeftRockerTop").
    pub fn talk_key(&self, name: &str) -> Option<Key> {
        let name = name.trim();
        if name.eq_ignore_ascii_case(TALK_DOT8) {
            let dot8 = |b: &Bindings| b.keyboard.iter().find(|(_, t)| **t == Typing::Dot(8)).map(|(n, _)| *n);
            if let Some(n) = dot8(&self.default).or_else(|| self.braille.as_ref().and_then(dot8)) {
                return Some(Key::Nav(n));
            }
        }
        self.names.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, n)| Key::Nav(*n))
    }

    /// A combination written as the table writes it ("B1+B8+SpaceRight").
    pub fn combination(&self, text: &str) -> Option<Combination> {
        combination(&self.names, text)
    }
}

/// A Baum key's number from its group and its 1-based bit ("entry 9").
fn baum_number(text: &str) -> Option<u8> {
    let (group, bit) = text.split_once(' ')?;
    let (first, size) = baum::number::group(group)?;
    let bit: u8 = bit.parse().ok()?;
    (1..=size).contains(&bit).then(|| first + bit - 1)
}

fn combination(names: &BTreeMap<String, u8>, text: &str) -> Option<Combination> {
    let mut keys = Vec::new();
    let mut routing = false;
    for name in text.split('+') {
        if name == ROUTING_KEY && !routing {
            routing = true;
        } else {
            let n = *names.get(name)?;
            if keys.contains(&n) {
                return None;
            }
            keys.push(n);
        }
    }
    keys.sort_unstable();
    Some(Combination { keys, routing })
}

/// The keys held down on a display, read through a key table as BRLTTY
/// reads its own.
#[derive(Clone, Debug)]
pub struct Keymap {
    table: &'static KeyTable,
    held: Vec<Key>,
    /// The context of the keys held now.
    context: Context,
    /// The context the next press starts in (a switch takes effect then).
    next: Context,
    /// What the keys held do when the first of them is released.
    pending: Option<Action>,
    switch: Option<Context>,
}

impl Keymap {
    /// Plays `table`, starting in the default context with no key held.
    pub fn new(table: &'static KeyTable) -> Keymap {
        Keymap {
            table,
            held: Vec::new(),
            context: Context::Default,
            next: Context::Default,
            pending: None,
            switch: None,
        }
    }

    /// The key table played.
    pub fn table(&self) -> &'static KeyTable {
        self.table
    }

    /// The context the next keys are read in.
    pub fn context(&self) -> Context {
        if self.held.is_empty() { self.next } else { self.context }
    }

    /// The action of one key event, if it completes one: the command of
    /// the keys held is done when the first of them is released.
    pub fn feed(&mut self, e: KeyEvent) -> Option<Action> {
        if e.pressed {
            if self.held.contains(&e.key) {
                return None;
            }
            if self.held.is_empty() {
                self.context = self.next;
            }
            self.held.push(e.key);
            (self.pending, self.switch) = self.resolve();
            return None;
        }
        let before = self.held.len();
        self.held.retain(|&k| k != e.key);
        if self.held.len() == before {
            return None;
        }
        if let Some(c) = self.switch.take() {
            self.next = c;
        }
        self.pending.take()
    }

    /// What `key` pressed and released on its own does now (in the context
    /// the next keys are read in), whatever keys are held.
    pub fn alone(&self, key: Key) -> Option<Action> {
        let context = self.context();
        let mut k = Keymap { table: self.table, held: Vec::new(), context, next: context, pending: None, switch: None };
        k.feed(KeyEvent { key, pressed: true });
        k.feed(KeyEvent { key, pressed: false })
    }

    /// What the keys held do: the binding of the current context, else
    /// what its keyboard types, else (from the braille context) the
    /// default context's binding.
    fn resolve(&self) -> (Option<Action>, Option<Context>) {
        let mut keys: Vec<u8> = Vec::new();
        let mut routing = Vec::new();
        for k in &self.held {
            match *k {
                Key::Routing(n) => routing.push(n),
                Key::Nav(n) => keys.push(n),
            }
        }
        keys.sort_unstable();
        let combination = Combination { keys, routing: !routing.is_empty() };
        let routing = (routing.len() == 1).then(|| routing[0]);
        let command = |b: &Bindings| -> Option<Command> {
            if routing.is_none() && combination.routing {
                return None;
            }
            b.bind.get(&combination).copied()
        };
        let outcome = |c: Command| match c {
            Command::BrailleInput => (None, Some(Context::Braille)),
            Command::DefaultInput => (None, Some(Context::Default)),
            c => (c.action(routing), None),
        };
        let Some(bindings) = self.table.context(self.context) else { return (None, None) };
        if let Some(c) = command(bindings) {
            return outcome(c);
        }
        if let Some(typed) = typing(bindings, &combination) {
            return (Some(typed), None);
        }
        if self.context != Context::Default
            && let Some(c) = command(&self.table.default)
        {
            return outcome(c);
        }
        (None, None)
    }
}

/// What the keyboard of `b` types for `combination`: every key must be a
/// keyboard key; dots (with modifiers) type their cell, the space bar alone
/// a space; dots with the space bar, or modifiers alone, type nothing. A
/// cell of dot 7 alone erases and of dot 8 alone enters, as tiflo reads
/// BRLTTY's cells ([`super::brlapi::action_of_key`]).
fn typing(b: &Bindings, combination: &Combination) -> Option<Action> {
    if combination.routing || b.keyboard.is_empty() {
        return None;
    }
    let mut dots: Cell = 0;
    let mut space = false;
    for k in &combination.keys {
        match b.keyboard.get(k)? {
            Typing::Dot(d) => dots |= 1 << (d - 1),
            Typing::Space => space = true,
            Typing::Modifier => {}
        }
    }
    match (dots, space) {
        (0, true) => Some(Action::Typed(Typed::Space)),
        (0, false) | (_, true) => None,
        (DOT7, false) => Some(Action::Erase),
        (DOT8, false) => Some(Action::Enter),
        (d, false) => Some(Action::Typed(Typed::Cell(d))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_loads_and_every_model_has_one() {
        let tables = KeyTable::all();
        assert_eq!(tables.len(), FILES.len());
        for m in super::super::handytech::MODELS {
            assert!(KeyTable::handytech(m.id).is_some(), "HandyTech {} has no key table", m.name);
        }
        for d in baum::Device::ALL {
            assert!(KeyTable::baum(*d).is_some(), "Baum {d:?} has no key table");
        }
        // A model or device is in one table only.
        for (i, t) in tables.iter().enumerate() {
            for u in &tables[i + 1..] {
                assert!(t.models.iter().all(|m| !u.models.contains(m)), "{} and {}", t.file, u.file);
                assert!(t.devices.iter().all(|d| !u.devices.contains(d)), "{} and {}", t.file, u.file);
            }
        }
    }

    #[test]
    fn broken_tables_are_refused_with_the_reason() {
        let head = "name = \"x\"\nmodels = [1]\nbrltty = []\nsource = \"s\"\n";
        let cases = [
            ("[keys]\nB1 = \"entry 1\"\n[default]\n", "no key"),
            ("[keys]\nB1 = 3\nB2 = 3\n[default]\n", "taken"),
            ("[keys]\nB1 = 3\n[default.bind]\nB2 = \"top\"\n", "does not name"),
            ("[keys]\nB1 = 3\n[default.bind]\nB1 = \"fly\"\n", "no command"),
            ("[keys]\nB1 = 3\n[default.bind]\nB1 = \"route\"\n", "routing"),
            ("[keys]\nB1 = 3\n[default.keyboard]\nB1 = \"dot9\"\n", "no dot"),
            ("[keys]\nB1 = 3\n[default]\nfly = 1\n", "unknown field"),
        ];
        for (body, why) in cases {
            let e = KeyTable::parse("t", &format!("{head}{body}")).unwrap_err().to_string();
            assert!(e.contains(why), "{body}: {e}");
        }
    }

    #[test]
    fn the_talk_key_is_the_key_that_types_dot_8_or_a_key_by_name() {
        let baum = KeyTable::baum(baum::Device::VarioUltra).unwrap();
        assert_eq!(baum.talk_key("dot8"), Some(Key::Nav(baum.number("Dot8").unwrap())));
        assert_eq!(baum.talk_key("b9"), Some(Key::Nav(baum.number("B9").unwrap())));
        assert_eq!(baum.talk_key("Press"), Some(Key::Nav(baum.number("Press").unwrap())));
        assert_eq!(baum.talk_key("pedal"), None);
        // A Braille Star types dots only in its braille input context: B8.
        let star = KeyTable::handytech(0x74).unwrap();
        assert_eq!(star.talk_key("dot8"), Some(Key::Nav(0x1F)));
        assert_eq!(star.talk_key("LeftRockerTop"), Some(Key::Nav(0x0C)));
        // Dot 8 alone enters; with the Braille Star in its default context,
        // B8 alone does nothing.
        assert_eq!(Keymap::new(baum).alone(Key::Nav(baum.number("Dot8").unwrap())), Some(Action::Enter));
        assert_eq!(Keymap::new(star).alone(Key::Nav(0x1F)), None);
    }

    fn press(k: &mut Keymap, keys: &[Key]) -> Vec<Action> {
        let mut out = Vec::new();
        for &key in keys {
            out.extend(k.feed(KeyEvent { key, pressed: true }));
        }
        for &key in keys {
            out.extend(k.feed(KeyEvent { key, pressed: false }));
        }
        out
    }

    /// The reading rules on a made-up table.
    #[test]
    fn the_first_release_does_what_the_keys_held_do() {
        let text = r#"
            name = "test"
            models = [1]
            brltty = []
            source = "s"
            [keys]
            A = 1
            B = 2
            S = 3
            D1 = 4
            D2 = 5
            M = 6
            [default.bind]
            A = "pan-back"
            "A+B" = "top"
            RoutingKey = "route"
            "S+D1+D2" = "braille-input"
            [braille.keyboard]
            D1 = "dot1"
            D2 = "dot7"
            S = "space"
            M = "modifier"
            [braille.bind]
            "S+D1+D2" = "default-input"
            "S+D2" = "erase"
        "#;
        let table: &'static KeyTable = Box::leak(Box::new(KeyTable::parse("test", text).unwrap()));
        let mut k = Keymap::new(table);
        let n = Key::Nav;
        assert_eq!(press(&mut k, &[n(1)]), vec![Action::PanBack]);
        // In any order; the second key makes it another combination.
        assert_eq!(press(&mut k, &[n(2), n(1)]), vec![Action::Top]);
        // Unbound: nothing.
        assert_eq!(press(&mut k, &[n(2)]), vec![]);
        assert_eq!(press(&mut k, &[n(4)]), vec![], "no keyboard in the default context");
        assert_eq!(press(&mut k, &[Key::Routing(7)]), vec![Action::Route(7)]);
        assert_eq!(press(&mut k, &[Key::Routing(7), n(1)]), vec![]);
        assert_eq!(press(&mut k, &[Key::Routing(7), Key::Routing(8)]), vec![]);
        // Done on the first release: a key pressed after it starts anew.
        assert_eq!(k.feed(KeyEvent { key: n(1), pressed: true }), None);
        assert_eq!(k.feed(KeyEvent { key: n(1), pressed: false }), Some(Action::PanBack));
        // Into the braille context.
        assert_eq!(press(&mut k, &[n(3), n(4), n(5)]), vec![]);
        assert_eq!(k.context(), Context::Braille);
        assert_eq!(press(&mut k, &[n(4)]), vec![Action::Typed(Typed::Cell(1))]);
        assert_eq!(press(&mut k, &[n(4), n(6)]), vec![Action::Typed(Typed::Cell(1))], "a modifier");
        assert_eq!(press(&mut k, &[n(6)]), vec![], "a modifier alone");
        assert_eq!(press(&mut k, &[n(5)]), vec![Action::Erase], "dot 7 alone");
        assert_eq!(press(&mut k, &[n(3)]), vec![Action::Typed(Typed::Space)]);
        assert_eq!(press(&mut k, &[n(3), n(4)]), vec![], "space and dots");
        assert_eq!(press(&mut k, &[n(3), n(5)]), vec![Action::Erase], "bound");
        // Not bound here, not typed: the default context's binding.
        assert_eq!(press(&mut k, &[n(1)]), vec![Action::PanBack]);
        assert_eq!(press(&mut k, &[Key::Routing(2)]), vec![Action::Route(2)]);
        assert_eq!(press(&mut k, &[n(3), n(4), n(5)]), vec![]);
        assert_eq!(k.context(), Context::Default);
        assert_eq!(press(&mut k, &[n(4)]), vec![]);
        // An unknown key is held like any other.
        assert_eq!(press(&mut k, &[n(1), n(99)]), vec![]);
        // A release without a press does nothing.
        assert_eq!(k.feed(KeyEvent { key: n(1), pressed: false }), None);
    }
}
