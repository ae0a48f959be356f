#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang in build-fuzz/,
# generates their seed corpus (tests/fuzz/make_corpus.py), replays each
# harness's past findings (tests/fuzz/regressions/<harness>-*) and runs each
# for a bounded time; exits non-zero when a replay fails or a harness finds a
# crash, a leak or a timeout (the input is kept in build-fuzz/artifacts/, each
# run's log in build-fuzz/logs/).
#   FUZZ_SECONDS   seconds per harness (default 60)
#   FUZZ_HARNESSES the harnesses to run (default: all five)
# Skipped (exit 0) when clang or its libFuzzer is missing; installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
read -r -a harnesses <<<"${FUZZ_HARNESSES:-fuzz_read_obj fuzz_read_off fuzz_read_ply fuzz_read_stl fuzz_round_trip}"
dir=build-fuzz

# libFuzzer comes with clang's runtime (Debian: libclang-rt-*-dev or clang itself).
probe=$(mktemp -d)
# fuzz_round_trip writes its files under $TMPDIR: a tmpfs where there is one
# (the writer syncs every file), removed at the end even after a crash.
scratch=$(mktemp -d -p "$([ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")" meshmat-fuzz.XXXXXX)
trap 'rm -rf "$probe" "$scratch"' EXIT
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
  >"$probe/probe.c"
if ! command -v clang >/dev/null || ! command -v clang++ >/dev/null ||
  ! clang -fsanitize=fuzzer,address,undefined "$probe/probe.c" -o "$probe/probe" 2>/dev/null; then
  echo "fuzz: skipped (clang with libFuzzer, -fsanitize=fuzzer, is not available)"
  exit 0
fi

flags="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined"
flags+=" -fno-sanitize-recover=undefined"
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
    -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DMESHMAT_CUDA=OFF -DMESHMAT_OPENMP=OFF -DMESHMAT_BENCH=OFF -DMESHMAT_TESTS=ON \
    -DMESHMAT_INSTALL=OFF -DMESHMAT_FUZZ=ON
fi
cmake --build "$dir" --target fuzz -j"$(nproc)"

python3 tests/fuzz/make_corpus.py "$dir/corpus"
mkdir -p "$dir/artifacts" "$dir/logs"

failed=()
for h in "${harnesses[@]}"; do
  log="$dir/logs/$h.log"
  bin="$dir/tests/fuzz/$h"
  regressions=(tests/fuzz/regressions/"$h"-*)
  if [ -e "${regressions[0]}" ] &&
    ! TMPDIR="$scratch" "$bin" -rss_limit_mb=2048 -timeout=10 "${regressions[@]}" \
      >"$dir/logs/$h-regressions.log" 2>&1; then
    echo "fuzz: $h: FAILED on a regression input of tests/fuzz/regressions/"
    grep -E '^(Running:|==[0-9]+==ERROR|SUMMARY|fuzz: )' "$dir/logs/$h-regressions.log" | tail -5
    echo "  log: $dir/logs/$h-regressions.log"
    failed+=("$h")
    continue
  fi
  # OBJ and ASCII files of a few hundred faces fit in 16 KiB; larger inputs only
  # slow every execution.
  status=0
  TMPDIR="$scratch" "$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=16384 \
    -timeout=10 -print_final_stats=1 -artifact_prefix="$dir/artifacts/$h-" \
    "$dir/corpus/$h" >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  corpus=$(find "$dir/corpus/$h" -type f | wc -l)
  if [ "$status" = 0 ]; then
    echo "fuzz: $h: ${runs:-?} runs in $seconds s (${rate:-?}/s), corpus $corpus files: ok"
  else
    echo "fuzz: $h: FAILED (exit $status) after ${runs:-?} runs; the input is in $dir/artifacts/"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz: )' "$log" | head -5 || true
    echo "  log: $log"
    failed+=("$h")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: ${#failed[@]} harness(es) failed: ${failed[*]}"
  exit 1
fi
echo "fuzz: every harness ran $seconds s without a finding"
