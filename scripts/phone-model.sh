#!/usr/bin/env bash
# Makes pocketsphinx's model adapted to the telephone band, with which tiflo
# hears a headset in call mode (sound at 8 kHz), in a models folder
# (default: /usr/local/share/tiflo/models, where tiflo always looks). It is
# adapted from synthesised speech of the hearing corpus's training voices
# sent through the telephone band (examples/phone_model.rs); the same tools
# make the same model, and a model already made is kept. Needs the speech
# tools of `bash scripts/setup.sh --test` (espeak-ng, flite, festival and
# its 8 kHz voices, sox, sphinxtrain).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo run --release --locked --example phone_model -- "$@"
