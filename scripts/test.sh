#!/usr/bin/env bash
# Build everything and run tiflo's whole test suite (what CI runs).
# Installs the test tools first (scripts/setup.sh --test), so it works on a
# fresh machine.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

say() { echo "tiflo test: $*"; }
die() { echo "tiflo test: ERROR: $*" >&2; exit 1; }

# System libraries, speech tools and the test oracles (pgn-extract,
# stockfish, python-chess).
bash scripts/setup.sh --test || die "setup failed, see the messages above"

# Debian installs stockfish and pgn-extract in /usr/games; the tests run them.
export PATH="/usr/games:$PATH"

# --locked: build exactly the committed dependency versions.
[ -f Cargo.lock ] || die "Cargo.lock is missing; it must be committed for --locked builds"

say "building (release, all targets)"
cargo build --release --all-targets --locked || die "the build failed"

# The telephone-band model tiflo hears a headset in call mode with
# (tests/hall.rs measures it), made from synthesised training voices.
say "making the telephone-band model (scripts/phone-model.sh)"
bash scripts/phone-model.sh || die "the telephone-band model could not be made"
# The hall model tiflo hears 16 kHz speech with (tests/hall.rs measures it
# on held-out voices), made from synthesised training voices.
say "making the hall model (scripts/hall-model.sh)"
bash scripts/hall-model.sh || die "the hall model could not be made"

say "running the tests"
# --no-fail-fast: run every test binary, so one failure does not hide others.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
cargo test --release --locked --no-fail-fast 2>&1 | tee "$log" || status=$?
# One closing line for all test binaries together (the last line printed,
# after the build without the native parts below when this one passes).
summary() {
    awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
         END { printf "tests: %d passed, %d failed\n", p, f }' "$log"
}
if [ "$status" -ne 0 ]; then
    summary
    die "some tests failed"
fi

# The build without the heavy native parts (no vosk, pocketsphinx,
# speech-dispatcher, ALSA, web server or serial ports): it must build, its
# library's tests pass, it converts notations, and its binary links none of
# those libraries. Debug profile, in its own target folder, so the release
# binaries above stay as they are.
say "building without the native parts (--no-default-features)"
minimal="$root/target/minimal"
cargo build --locked --no-default-features --target-dir "$minimal" || die "the build without the native parts failed"
cargo test --locked --no-default-features --target-dir "$minimal" --lib 2>&1 | tee -a "$log" \
    || { summary; die "the library's tests failed without the native parts"; }
bin="$minimal/debug/tiflo"
converted="$(printf '1. e4 e5 2. Nf3 Nc6 *\n' | "$bin" convert --to descriptive -)" \
    || die "tiflo convert failed without the native parts"
case "$converted" in
    *P-K4*) ;;
    *) die "tiflo convert without the native parts wrote: $converted" ;;
esac
# The libraries the native parts link: the full binary has them (so this
# check can fail), the minimal one none.
native='libvosk|libpocketsphinx|libsphinxbase|libspeechd|libasound'
# (ldd's output is kept whole first: `grep -q` on a pipe would stop ldd
# early, which pipefail counts as a failure.)
full_libs="$(ldd target/release/tiflo)" || die "ldd cannot read target/release/tiflo"
grep -Eq "$native" <<<"$full_libs" || die "the full build links none of $native: the check below proves nothing"
minimal_libs="$(ldd "$bin")" || die "ldd cannot read $bin"
if linked="$(grep -E "$native" <<<"$minimal_libs")"; then
    die "the build without the native parts links: $linked"
fi
say "without the native parts: builds, tests pass, converts, links none of them"
summary
