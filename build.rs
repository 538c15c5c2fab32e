//! Where the linker and the loader find libvosk, when the `vosk` feature is
//! on (without it nothing links libvosk and this does nothing).
//!
//! libvosk is not a Debian package: `scripts/setup.sh` installs the library
//! of the `vosk` PyPI wheel as /usr/local/lib/libvosk.so. The `vosk` crate
//! asks for `-lvosk` without a folder, so the folder is named here, and also
//! written into the binaries' run path, so they load the library without
//! `LD_LIBRARY_PATH` even where /usr/local/lib is not on the loader's path.
//! `TIFLO_LIBVOSK_DIR` names another folder.
//!
//! pocketsphinx and sphinxbase are Debian's, on the linker's own path; they
//! are linked by the `#[link]` of `src/hearing/sphinx.rs`, which exists only
//! with the `pocketsphinx` feature.

fn main() {
    println!("cargo:rerun-if-env-changed=TIFLO_LIBVOSK_DIR");
    if std::env::var_os("CARGO_FEATURE_VOSK").is_none() {
        return;
    }
    let dir = std::env::var("TIFLO_LIBVOSK_DIR").unwrap_or_else(|_| "/usr/local/lib".to_owned());
    println!("cargo:rustc-link-search=native={dir}");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
