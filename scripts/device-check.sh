#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, over a build folder made on
# the build machine and carried along (the GPU machine has no Check library):
# every test executable on the CUDA backend and then on the CPU backend, then
# every benchmark. Logs and results go to $OUT (or build/device-check).
#   BUILD=build scripts/device-check.sh
#   BACKENDS=cuda scripts/device-check.sh   (only the CUDA pass; default "cuda cpu")
#   PARTS=tests scripts/device-check.sh     (only the tests, or only "bench"; default both,
#                                            so one device call can stay under its time limit)
#   BENCHES="bench_subdiv" scripts/device-check.sh  (those benchmarks only; default all)
# Shared models are read from .device-models/ when that folder was carried
# (scripts/device-models.sh fills it), since ../shared does not travel, and
# oracle libraries from .device-libs/ (scripts/device-libs.sh).
set -uo pipefail
cd "$(dirname "$0")/.." || exit
build=${BUILD:-build}
out=${OUT:-$build/device-check}
mkdir -p "$out"

{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true; } \
  | tee "$out/device.txt"
export MESHMAT_SOURCE_DIR=$PWD MESHMAT_CLI=$PWD/$build/meshmat
if [ -d .device-models ]; then export MESHMAT_SHARED_MODELS=$PWD/.device-models; fi
# Oracle libraries carried from the build machine (scripts/device-libs.sh).
if [ -d .device-libs ]; then export LD_LIBRARY_PATH=$PWD/.device-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}; fi

parts=${PARTS:-tests bench}
passed=0 failed=0 skipped=0
log="$out/tests.log"
: >"$log"
case " $parts " in *" tests "*) backends=${BACKENDS:-cuda cpu} ;; *) backends= ;; esac
# Test runs: every test executable, plus the CTest registrations that run one
# with an argument (tests/CMakeLists.txt, meshmat_oracle_run), as name:argument.
# Each runs once with all its test cases: CTest's <name>_models registrations
# (the "models" test case alone) are part of that run, not run again; checks
# skipped inside a run that still passed show as (N "skipped:" lines) on its
# line, and the run counts as passed.
runs=$(cd "$build/tests" 2>/dev/null && ls test_* 2>/dev/null)
[ -x "$build/tests/test_subdiv_opensubdiv" ] && runs="$runs test_subdiv_opensubdiv:loop"
for backend in $backends; do
  for run in $runs; do
    t="$build/tests/${run%%:*}"
    arg=${run#"${run%%:*}"}; arg=${arg#:}
    [ -x "$t" ] || continue
    name=$(basename "$t")${arg:+-$arg}
    if ldd "$t" 2>/dev/null | grep -q "not found"; then
      # An oracle library (e.g. OpenMesh) the GPU machine lacks: not run, so skipped.
      printf '%-28s %-5s skipped  (missing: %s)\n' "$name" "$backend" \
        "$(ldd "$t" | awk '/not found/ {print $1}' | tr '\n' ' ')" | tee -a "$log"
      skipped=$((skipped + 1))
      continue
    fi
    MESHMAT_TEST_BACKEND=$backend "$t" ${arg:+"$arg"} >"$out/$name.$backend.txt" 2>&1
    rc=$?
    case $rc in
      0) result=passed; passed=$((passed + 1)) ;;
      77) result=skipped; skipped=$((skipped + 1)) ;;
      *) result="FAILED ($rc)"; failed=$((failed + 1)) ;;
    esac
    # The "skipped: ..." lines of tests/common/mmt_models.c (C and C++ tests).
    skips=$(grep -c '^skipped:' "$out/$name.$backend.txt")
    [ "$skips" -gt 0 ] && [ "$rc" -ne 77 ] && result="$result ($skips \"skipped:\" lines)"
    printf '%-28s %-5s %s  %s\n' "$name" "$backend" "$result" \
      "$(grep -h '%: Checks' "$out/$name.$backend.txt" | tail -n 1)" | tee -a "$log"
    cat "$out/$name.$backend.txt" >>"$out/all-tests.txt"
    rm -f "$out/$name.$backend.txt"
  done
done

case " $parts " in *" bench "*) benches=${BENCHES:-$(cd "$build/bench" 2>/dev/null && ls bench_* 2>/dev/null)} ;; *) benches= ;; esac
for name in $benches; do
  b="$build/bench/$name"
  [ -x "$b" ] || continue
  echo "== $(basename "$b")" | tee -a "$out/bench.log"
  "$b" "$out" 2>&1 | tee -a "$out/bench.log"
done

echo "device-check: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
