#!/usr/bin/env bash
# Makes pocketsphinx's hall model, with which tiflo hears English at 16 kHz
# when the player has not adapted it to their own voice, in a models folder
# (default: /usr/local/share/tiflo/models, where tiflo always looks). It is
# adapted from synthesised speech of the hearing corpus's training voices,
# clean and in noise of its own (examples/hall_model.rs), never from a
# voice or a noise the hearing is measured on; the same tools make the same
# model, and a model already made is kept. Needs the speech tools of
# `bash scripts/setup.sh --test` (espeak-ng, flite, festival, sox,
# sphinxtrain).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo run --release --locked --example hall_model -- "$@"
