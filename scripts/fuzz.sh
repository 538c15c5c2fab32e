#!/usr/bin/env bash
# Run every cargo-fuzz target under fuzz/ for SECONDS each (default 30).
#
#   scripts/fuzz.sh [SECONDS [TARGET...]]
#
# Only a stable Rust toolchain is available, so cargo-fuzz's nightly-only
# flag (-Zsanitizer=address) is allowed with RUSTC_BOOTSTRAP=1.
# Set TIFLO_FUZZ_SANITIZER=none to fuzz without AddressSanitizer (about twice
# as many runs per second; that mode needs no RUSTC_BOOTSTRAP).
# Crashes are saved under fuzz/artifacts/TARGET/; the script goes on with the
# other targets and exits non-zero if any target failed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

say() { echo "tiflo fuzz: $*"; }
die() { echo "tiflo fuzz: ERROR: $*" >&2; exit 1; }

seconds="${1:-30}"
[ "$#" -gt 0 ] && shift
case "$seconds" in
    ''|*[!0-9]*) die "SECONDS must be a whole number, got '$seconds'" ;;
esac
sanitizer="${TIFLO_FUZZ_SANITIZER:-address}"

[ -d fuzz ] || die "no fuzz/ directory in $root: nothing to fuzz"

# System libraries the crate links against.
bash scripts/setup.sh || die "setup failed, see the messages above"

# cargo-fuzz itself, from crates.io.
if cargo fuzz --version >/dev/null 2>&1; then
    say "cargo-fuzz already present ($(cargo fuzz --version))"
else
    say "installing cargo-fuzz (cargo install cargo-fuzz --locked)"
    cargo install cargo-fuzz --locked || die "could not install cargo-fuzz from crates.io"
fi

# Stable rustc accepts cargo-fuzz's -Z flags only with this.
export RUSTC_BOOTSTRAP=1

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list) || die "cargo fuzz list failed"
fi
[ "${#targets[@]}" -gt 0 ] || die "cargo fuzz list found no fuzz targets"

# Build all targets once up front, so the time limit is spent fuzzing.
say "building ${#targets[@]} fuzz target(s) with sanitizer '$sanitizer'"
cargo fuzz build --sanitizer "$sanitizer" || die "building the fuzz targets failed"

failed=()
for t in "${targets[@]}"; do
    say "running $t for ${seconds}s"
    if ! cargo fuzz run --sanitizer "$sanitizer" "$t" -- -max_total_time="$seconds"; then
        echo "tiflo fuzz: target $t FAILED (input saved under fuzz/artifacts/$t/)" >&2
        failed+=("$t")
    fi
done

if [ "${#failed[@]}" -gt 0 ]; then
    die "${#failed[@]} of ${#targets[@]} fuzz target(s) failed: ${failed[*]}"
fi
say "all ${#targets[@]} fuzz target(s) ran ${seconds}s each without a crash"
