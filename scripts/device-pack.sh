#!/usr/bin/env bash
# Packs what the GPU machine runs into build-device/ (ignored by git): the test
# and benchmark executables and the tool from a build folder, stripped of
# symbols, with the tests' times on the build machine (tests/costs.txt); then
# build-device, .device-models and .device-libs (when present) into one xz
# archive, .device/pack.tar.xz (about 9 MiB: the stripped folder
# alone passed the device call's 64 MiB transfer limit once each test linked
# the CUDA runtime statically). xz -9: its 64 MiB dictionary finds what the
# executables share (the CUDA runtime, the library's code) from one to the
# next, 20.4 → 8.7 MiB against -6 in blocks (-T0), in about a minute on two
# cores. Carry .device; then, on the GPU machine:
#   tar xJf .device/pack.tar.xz && BUILD=build-device scripts/device-check.sh
#   scripts/device-pack.sh [BUILD]   (default build)
# PACK_TESTS="test_a test_b" packs those test executables alone (a call that
# runs a few, with device-check.sh's TESTS, beside kept benchmarks).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
rm -rf build-device
mkdir -p build-device/tests build-device/bench
packed() { # whether test executable $1 is packed
  [ -z "${PACK_TESTS:-}" ] && return 0
  local t
  for t in $PACK_TESTS; do [ "$t" = "$1" ] && return 0; done
  return 1
}
for f in "$build"/tests/test_* "$build"/bench/bench_*; do
  [ -x "$f" ] && [ -f "$f" ] || continue
  case $f in "$build"/tests/*) packed "${f##*/}" || continue ;; esac
  dest=build-device/${f#"$build"/}
  strip --strip-unneeded -o "$dest" "$f"
done
strip --strip-unneeded -o build-device/meshmat "$build/meshmat"
# The shared library, for test_shared_library (its run path is $ORIGIN/..).
for f in "$build"/libmeshmat.so*; do
  if [ -L "$f" ]; then cp -P "$f" build-device/; else strip --strip-unneeded -o "build-device/${f##*/}" "$f"; fi
done
# The examples, linked against this build's libmeshmat.so (beside them, found
# through their run path), for device-check.sh's examples part.
mkdir -p build-device/examples
for e in subdivide user_map animate; do
  cc -std=c11 -O2 -Iinclude "examples/$e.c" -o "build-device/examples/$e" -L"$build" -lmeshmat -lm \
    -Wl,-rpath,'$ORIGIN/..'
done
# Each test executable's time on the build machine's last CTest run (its
# <name>_models registration added in), for device-check.sh to start the
# longest first.
costs="$build/Testing/Temporary/CTestCostData.txt"
if [ -f "$costs" ]; then
  awk '$0 == "---" { exit } { sub(/_models$/, "", $1); t[$1] += $3 }
       END { for (k in t) printf "%s %.2f\n", k, t[k] }' "$costs" | sort >build-device/tests/costs.txt
fi
du -sh build-device build-device/tests build-device/bench
mkdir -p .device
parts=(build-device)
for d in .device-models .device-libs; do [ -d "$d" ] && parts+=("$d"); done
tar cf - "${parts[@]}" | xz -T0 -9 >.device/pack.tar.xz
du -sh .device/pack.tar.xz
scripts/device-carry.sh || true
