//! BRLTTY's key tables as the installed BRLTTY has them
//! (`/etc/brltty/Input/*/*.ktb` and the subtables they include), read for
//! tests: the bindings and the keyboard of each context, with the
//! directives resolved as BRLTTY's manual describes them ("Key Tables":
//! include, assign and assignDefault with variables per include level,
//! beginVariables, context, bind, map, ifKey, ifVar, ifNotVar,
//! ifPlatform). Written from the manual, not from tiflo's tables, so that
//! tiflo's `braille/keys/` can be checked against BRLTTY's own.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the installed BRLTTY keeps its key tables.
pub const INPUT: &str = "/etc/brltty/Input";

/// One binding: the keys (a name may repeat, as `RoutingKey+!RoutingKey`;
/// the `!` is dropped) and the command as written (`FWINLT`,
/// `CONTEXT+braille`, `PASSDOTS+dot7`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub keys: Vec<String>,
    pub command: String,
}

/// A context's bindings and keyboard map (key name -> `DOT1`, `SPACE`,
/// `CONTROL`...).
#[derive(Clone, Debug, Default)]
pub struct Context {
    pub title: Option<String>,
    pub bindings: Vec<Binding>,
    pub map: BTreeMap<String, String>,
}

/// A key table, resolved.
#[derive(Clone, Debug, Default)]
pub struct Table {
    pub title: String,
    pub contexts: BTreeMap<String, Context>,
}

impl Table {
    pub fn context(&self, name: &str) -> Option<&Context> {
        self.contexts.get(name)
    }
}

/// The key names BRLTTY's driver `driver` (`ht`, `bm`) gives the keys of
/// the displays that use table `table` (`bs40`), as `brltty-ktb -k` lists
/// them from the installed driver.
pub fn driver_key_names(driver: &str, table: &str) -> BTreeSet<String> {
    let out = Command::new("brltty-ktb")
        .args(["-b", driver, "-k", table])
        .output()
        .unwrap_or_else(|e| panic!("brltty-ktb (Debian package brltty): {e}"));
    assert!(out.status.success(), "brltty-ktb -b {driver} -k {table}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect()
}

/// Reads the table at `path` (relative to [`INPUT`], "ht/bs40.ktb"), where
/// `has_key` says which keys the display has (for `ifKey`).
pub fn read(path: &str, has_key: &dyn Fn(&str) -> bool) -> Table {
    let mut reader = Reader { table: Table::default(), has_key, levels: Vec::new() };
    reader.table.contexts.insert("default".into(), Context::default());
    reader.file(&Path::new(INPUT).join(path), "default");
    reader.table
}

struct Reader<'a> {
    table: Table,
    has_key: &'a dyn Fn(&str) -> bool,
    /// The variables of each include level (and beginVariables block).
    levels: Vec<HashMap<String, String>>,
}

impl Reader<'_> {
    fn variable(&self, name: &str) -> Option<String> {
        self.levels.iter().rev().find_map(|l| l.get(name).cloned())
    }

    /// `\{name}` replaced by the variable's value.
    fn substitute(&self, text: &str, file: &Path) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(i) = rest.find("\\{") {
            out.push_str(&rest[..i]);
            let after = &rest[i + 2..];
            let end = after.find('}').unwrap_or_else(|| panic!("{}: unclosed \\{{ in `{text}`", file.display()));
            let name = &after[..end];
            let value = self.variable(name).unwrap_or_else(|| panic!("{}: no variable `{name}`", file.display()));
            out.push_str(&value);
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        out
    }

    fn file(&mut self, path: &Path, context: &str) {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        self.levels.push(HashMap::new());
        let depth = self.levels.len();
        let mut context = context.to_owned();
        // Conditions of the open if-blocks.
        let mut skip: Vec<bool> = Vec::new();
        for raw in text.lines() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let first = line.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
            let conditional = first.starts_with("if") || first == "endif";
            if skip.iter().any(|&s| s) && !conditional {
                continue;
            }
            let line = self.substitute(line, path);
            self.directive(&line, path, &mut context, &mut skip);
        }
        assert!(skip.is_empty(), "{}: an if-block is not closed", path.display());
        assert_eq!(self.levels.len(), depth, "{}: beginVariables not closed", path.display());
        self.levels.pop();
    }

    fn directive(&mut self, line: &str, path: &Path, context: &mut String, skip: &mut Vec<bool>) {
        let mut words = line.split_whitespace();
        let Some(directive) = words.next() else { return };
        let directive = directive.to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let skipping = skip.iter().any(|&s| s);
        match directive.as_str() {
            "endif" => {
                skip.pop().unwrap_or_else(|| panic!("{}: endIf without if", path.display()));
                return;
            }
            "ifkey" | "ifnotkey" | "ifvar" | "ifnotvar" | "ifplatform" | "ifnotplatform" => {
                let name = rest.first().copied().unwrap_or("");
                let holds = match directive.as_str() {
                    "ifkey" => (self.has_key)(name),
                    "ifnotkey" => !(self.has_key)(name),
                    "ifvar" => self.variable(name).is_some(),
                    "ifnotvar" => self.variable(name).is_none(),
                    "ifplatform" => name == "linux",
                    _ => name != "linux",
                };
                if rest.len() > 1 {
                    // The one-line form: the directive after the condition.
                    if holds && !skipping {
                        self.directive(&rest[1..].join(" "), path, context, skip);
                    }
                } else {
                    skip.push(!holds);
                }
                return;
            }
            _ => {}
        }
        if skipping {
            return;
        }
        match directive.as_str() {
            "title" => self.table.title = rest.join(" "),
            "note" | "hide" | "superimpose" | "hotkey" | "ignore" => {}
            "include" => {
                let dir = path.parent().unwrap_or(Path::new(INPUT));
                let included: PathBuf = dir.join(rest[0]);
                self.file(&included, context);
            }
            "assign" | "assigndefault" => {
                let name = rest[0].to_owned();
                let value = rest.get(1).copied().unwrap_or("").to_owned();
                if directive == "assign" || self.variable(&name).is_none() {
                    self.levels.last_mut().unwrap().insert(name, value);
                }
            }
            "beginvariables" => self.levels.push(HashMap::new()),
            "endvariables" => {
                self.levels.pop();
            }
            "context" => {
                *context = rest[0].to_owned();
                let title = (rest.len() > 1).then(|| rest[1..].join(" "));
                let c = self.table.contexts.entry(context.clone()).or_default();
                if title.is_some() {
                    c.title = title;
                }
            }
            "bind" => {
                let keys = rest[0].split('+').map(|k| k.trim_start_matches('!').to_owned()).collect();
                let command = rest[1].to_owned();
                self.table.contexts.entry(context.clone()).or_default().bindings.push(Binding { keys, command });
            }
            "map" => {
                let c = self.table.contexts.entry(context.clone()).or_default();
                c.map.insert(rest[0].to_owned(), rest[1].to_owned());
            }
            other => panic!("{}: unknown directive `{other}`", path.display()),
        }
    }
}
