#!/usr/bin/env bash
# Packs what the GPU machine runs into build-device/ (ignored by git): the test
# and benchmark executables and the tool from a build folder, stripped of
# symbols, so that they, .device-libs and .device-models fit the device call's
# 64 MiB transfer limit. Then, on the GPU machine:
#   BUILD=build-device scripts/device-check.sh
#   scripts/device-pack.sh [BUILD]   (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
rm -rf build-device
mkdir -p build-device/tests build-device/bench
for f in "$build"/tests/test_* "$build"/bench/bench_*; do
  [ -x "$f" ] && [ -f "$f" ] || continue
  dest=build-device/${f#"$build"/}
  strip --strip-unneeded -o "$dest" "$f"
done
strip --strip-unneeded -o build-device/meshmat "$build/meshmat"
du -sh build-device build-device/tests build-device/bench
