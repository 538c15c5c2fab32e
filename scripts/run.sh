#!/usr/bin/env bash
# Build tiflo and run it.
#
#   scripts/run.sh               start the daemon with the home profile
#                                (config/home.toml): type moves and commands,
#                                one per line; it answers with `say:` lines
#   scripts/run.sh ARGS...       run `tiflo ARGS...` instead, e.g.
#                                scripts/run.sh daemon --config config/tournament.toml --side black
#                                scripts/run.sh convert --to koch file.pgn
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
here="$PWD"   # relative paths in ARGS are relative to where we were called

say() { echo "tiflo run: $*" >&2; }
die() { echo "tiflo run: ERROR: $*" >&2; exit 1; }

# System libraries and libvosk (no test tools).
bash "$root/scripts/setup.sh" >&2 || die "setup failed, see the messages above"

# Build the release binary with the committed dependency versions.
say "building tiflo (release)"
(cd "$root" && cargo build --release --locked >&2) || die "the build failed"
bin="${CARGO_TARGET_DIR:-$root/target}/release/tiflo"
case "$bin" in /*) ;; *) bin="$root/$bin" ;; esac
[ -x "$bin" ] || die "build finished but $bin is missing"

cd "$here"

# Arguments given: pass them straight to tiflo.
if [ "$#" -gt 0 ]; then
    exec "$bin" "$@"
fi

# No arguments: the daemon, with the home profile, hearing the microphone
# (when there is none, or no recogniser for the language, it says so and
# moves are typed). It resumes the game in its journal if one is unfinished.
cd "$root"
exec "$bin" daemon --config config/home.toml
