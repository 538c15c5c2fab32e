#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what the Moonshine recogniser (`engine = "moonshine"`,
# src/hearing/moonshine.rs) hears English with, into
# /usr/local/share/tiflo/models/moonshine-tiny-en (or the folder given):
#
#   encoder_model.onnx, decoder_model_merged.onnx
#       Moonshine tiny English (Useful Sensors, MIT), 8-bit, from the
#       @moonshine-ai/moonshine-js package of the npm registry, its
#       tarball checked against the registry's published sha512;
#   tokenizer.json
#       Moonshine's tokenizer, from the useful-moonshine-onnx wheel (PyPI);
#   libonnxruntime.so
#       ONNX Runtime, from the onnxruntime wheel (PyPI), loaded by tiflo at
#       run time (nothing links it).
#
# Only the package registries are used; idempotent (a complete folder is
# left as it is). Called by scripts/setup.sh.
set -euo pipefail

dir="${1:-/usr/local/share/tiflo/models/moonshine-tiny-en}"
PYTHON="${PYTHON:-python3}"
JS_VERSION="0.1.29"
JS_INTEGRITY="sha512-Gx1B3mJcbM68ihSy/LyJEuEkGq7sYMqTb04zNdcIeidU0URVlSmXP0GyiQOTTAqDZQXlIC7k+bky+FdXk0UPlg=="
TOKENIZER_VERSION="20251121"
ORT_VERSION="1.32.0"

say() { echo "tiflo setup: $*"; }
die() { echo "tiflo setup: ERROR: $*" >&2; exit 1; }

complete() {
    [ -s "$dir/encoder_model.onnx" ] && [ -s "$dir/decoder_model_merged.onnx" ] \
        && [ -s "$dir/tokenizer.json" ] && [ -s "$dir/libonnxruntime.so" ] \
        && [ "$(cat "$dir/VERSION" 2>/dev/null)" = "moonshine-js $JS_VERSION onnxruntime $ORT_VERSION" ]
}
if complete; then
    say "the Moonshine model is already present ($dir)"
    exit 0
fi

say "installing the Moonshine tiny English model and ONNX Runtime $ORT_VERSION into $dir"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The model: the npm registry's tarball, checked against its integrity.
"$PYTHON" - "$JS_VERSION" "$JS_INTEGRITY" "$tmp/js.tgz" <<'EOF' || die "could not download @moonshine-ai/moonshine-js from the npm registry"
import base64, hashlib, sys, urllib.request
version, integrity, out = sys.argv[1:4]
url = f"https://registry.npmjs.org/@moonshine-ai/moonshine-js/-/moonshine-js-{version}.tgz"
data = urllib.request.urlopen(url, timeout=120).read()
got = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
if got != integrity:
    sys.exit(f"{url}: checksum {got} is not the registry's {integrity}")
open(out, "wb").write(data)
EOF
tar -xzf "$tmp/js.tgz" -C "$tmp" \
    package/dist/model/tiny/quantized/encoder_model.onnx \
    package/dist/model/tiny/quantized/decoder_model_merged.onnx \
    package/LICENSE \
    || die "the moonshine-js package has no tiny model"

# The tokenizer and ONNX Runtime: two wheels from PyPI.
PIP_DISABLE_PIP_VERSION_CHECK=1 "$PYTHON" -m pip download --quiet --no-deps --only-binary=:all: \
    "useful-moonshine-onnx==$TOKENIZER_VERSION" "onnxruntime==$ORT_VERSION" -d "$tmp" \
    || die "could not download the useful-moonshine-onnx and onnxruntime wheels from PyPI with pip"
"$PYTHON" - "$tmp" <<'EOF' || die "the wheels do not hold tokenizer.json and libonnxruntime.so"
import glob, sys, zipfile
tmp = sys.argv[1]
def take(pattern, member_end, out):
    whl = glob.glob(f"{tmp}/{pattern}")[0]
    with zipfile.ZipFile(whl) as z:
        name = next(n for n in z.namelist() if n.endswith(member_end))
        open(f"{tmp}/{out}", "wb").write(z.read(name))
take("useful_moonshine_onnx-*.whl", "assets/tokenizer.json", "tokenizer.json")
take("onnxruntime-*.whl", "capi/libonnxruntime.so." + glob.glob(f"{tmp}/onnxruntime-*.whl")[0].split("-")[1], "libonnxruntime.so")
EOF

model="$tmp/package/dist/model/tiny/quantized"
mkdir -p "$tmp/out"
cp "$model/encoder_model.onnx" "$model/decoder_model_merged.onnx" "$tmp/tokenizer.json" "$tmp/libonnxruntime.so" "$tmp/out/"
cp "$tmp/package/LICENSE" "$tmp/out/LICENSE"
echo "moonshine-js $JS_VERSION onnxruntime $ORT_VERSION" >"$tmp/out/VERSION"
mkdir -p "$(dirname "$dir")" || die "could not make $(dirname "$dir") (not root?)"
rm -rf "$dir.new"
cp -r "$tmp/out" "$dir.new" && rm -rf "$dir" && mv "$dir.new" "$dir" \
    || die "could not install the Moonshine model into $dir (not root?)"
complete || die "the Moonshine model in $dir is incomplete after install"
say "the Moonshine model is in $dir"
