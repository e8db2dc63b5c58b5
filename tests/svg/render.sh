#!/usr/bin/env bash
# Renders podlife's SVG plots to PNG with headless Chromium and checks each picture: the size the
# SVG declares, and not blank. Looks at the committed plots in docs/ and at plots drawn now
# (a single run, a termination, a Monte Carlo histogram, a one-value histogram).
#
#   apt-get install chromium        # Debian's package: /usr/bin/chromium
#   tests/svg/render.sh [OUT_DIR]   # PNGs land in OUT_DIR (default: a temporary directory)
#
# Exit 0 when every picture is right; 1 with the failures listed.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=${1:-$(mktemp -d)}
mkdir -p "$out"
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  echo "error: chromium not found (apt-get install chromium)" >&2
  exit 2
fi
cargo build --release --quiet
podlife=target/release/podlife

drawn="$out/svg"
mkdir -p "$drawn"
cp docs/*.svg "$drawn/"
$podlife simulate src/examples/job.yaml --fail worker=1 --svg "$drawn/job-fail.svg" -q > /dev/null || true
$podlife simulate src/examples/sidecar.yaml --delete-at 2m --svg "$drawn/sidecar-deleted.svg" -q > /dev/null || true
$podlife simulate src/examples/init-containers.yaml --scenario testdata/scenarios/montecarlo.yaml \
  --runs 2000 --svg "$drawn/montecarlo-ready.svg" -q > /dev/null || true
$podlife simulate src/examples/init-containers.yaml --runs 100 --svg "$drawn/montecarlo-one-value.svg" -q > /dev/null || true

failed=0
for svg in "$drawn"/*.svg; do
  png="$out/$(basename "${svg%.svg}").png"
  size=$(python3 - "$svg" <<'PY'
import re, sys
head = open(sys.argv[1]).read(400)
w = re.search(r'width="([0-9.]+)"', head).group(1)
h = re.search(r'height="([0-9.]+)"', head).group(1)
print(f"{round(float(w))},{round(float(h))}")
PY
)
  profile=$(mktemp -d)
  "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --window-size="$size" \
    --screenshot="$png" "file://$(realpath "$svg")" > /dev/null 2>&1 || true
  rm -rf "$profile"
  if ! python3 - "$png" "$size" <<'PY'
import struct, sys, zlib
path, size = sys.argv[1], sys.argv[2]
want = tuple(int(v) for v in size.split(","))
try:
    data = open(path, "rb").read()
except OSError:
    sys.exit(f"{path}: no image")
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"{path}: not a PNG")
width, height = struct.unpack(">II", data[16:24])
if (width, height) != want:
    sys.exit(f"{path}: {width}x{height}, the SVG says {want[0]}x{want[1]}")
chunks, at = [], 8
while at < len(data):
    length, kind = struct.unpack(">I4s", data[at:at + 8])
    if kind == b"IDAT":
        chunks.append(data[at + 8:at + 8 + length])
    at += 12 + length
pixels = zlib.decompress(b"".join(chunks))
# Not blank: more than one byte value outside the filter bytes, and some of it not white.
distinct = set(pixels[i] for i in range(0, len(pixels), 7))
if len(distinct) < 4:
    sys.exit(f"{path}: blank ({len(distinct)} distinct byte values)")
PY
  then
    failed=1
  else
    echo "ok  $png ($size)"
  fi
done
exit $failed
