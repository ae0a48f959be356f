#!/usr/bin/env bash
# Builds meshmat and runs the whole Check suite through CTest.
#   scripts/test.sh              release build (CUDA backend too when nvcc is found) in build/
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan/
#   scripts/test.sh --sanitize-clang
#                                the same sanitizers with clang in build-asan-clang/: clang's
#                                UBSan also catches what gcc's misses (NULL + 0, for one)
# Installs what it needs with apt-get when it runs as root and something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-release}
# python3-meshio: the independent OBJ reader of tests/cli/check_meshio.py
packages=(cmake gcc g++ make check pkg-config libopenmesh-dev libosd-dev python3-meshio)
if [ "$mode" = --sanitize-clang ]; then packages+=(clang libomp-dev); fi
scripts/need-packages.sh "${packages[@]}"
# node and npm run the Khronos glTF validator (tests/mesh/validate_glb.js,
# skipped without them): root gets them from apt when the commands are missing
# (NodeSource's nodejs package carries npm), and a failure there only skips
# that test, as the validator's own install below does.
if [ "$(id -u)" = 0 ] && ! { command -v node && command -v npm; } >/dev/null; then
  echo "installing: nodejs npm (for the glTF validator)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null 2>&1 ||
    echo "apt-get install nodejs npm failed; validate_glb will be skipped" >&2
fi
if command -v npm >/dev/null && ! npm ls -g gltf-validator >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing: gltf-validator (npm)"
    npm install -g --silent gltf-validator >/dev/null 2>&1 ||
      echo "npm install -g gltf-validator failed; validate_glb will be skipped" >&2
  else
    echo "missing: gltf-validator (npm install -g gltf-validator); validate_glb will be skipped" >&2
  fi
fi
export PATH="$PATH:/usr/local/cuda/bin"

jobs=$(nproc)
case "$mode" in
  release)
    cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
    cmake --build build -j"$jobs"
    ctest --test-dir build --output-on-failure -j"$jobs"
    ;;
  --sanitize | --sanitize-clang)
    dir=build-asan
    compilers=()
    skip=()
    if [ "$mode" = --sanitize-clang ]; then
      dir=build-asan-clang
      compilers=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++)
      # The shared-model runs and the oracle runs over every regression shape
      # (labels models, oracle: minutes each under the sanitizers) go through
      # the same library code as the unit tests, and the gcc pass runs them:
      # the clang pass leaves them out to keep CI inside its time.
      skip=(-LE "models|oracle")
    fi
    flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
    # Sanitized Debug code runs several times slower: every timeout is tripled,
    # CTest's (MESHMAT_TEST_TIME_SCALE) and Check's (CK_TIMEOUT_MULTIPLIER).
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DMESHMAT_CUDA=OFF -DMESHMAT_BENCH=OFF \
      "${compilers[@]}" -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DMESHMAT_TEST_TIME_SCALE=3
    cmake --build "$dir" -j"$jobs"
    # clang links LLVM's libomp, whose fork handler leaves blocks LeakSanitizer
    # reports in Check's forked children (tests/lsan-libomp.supp says why).
    lsan=
    if [ "$mode" = --sanitize-clang ]; then lsan="suppressions=$PWD/tests/lsan-libomp.supp"; fi
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
      LSAN_OPTIONS="$lsan" CK_TIMEOUT_MULTIPLIER=3 ctest --test-dir "$dir" --output-on-failure -j"$jobs" "${skip[@]}"
    ;;
  *)
    echo "usage: scripts/test.sh [--sanitize | --sanitize-clang]" >&2
    exit 2
    ;;
esac
