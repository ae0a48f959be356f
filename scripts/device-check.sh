#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, over a build folder made on
# the build machine and carried along (the GPU machine has no Check library):
# every test executable on the CUDA backend and then on the CPU backend, then
# every benchmark. Logs and results go to $OUT (or build/device-check).
#   BUILD=build scripts/device-check.sh
#   BACKENDS=cuda scripts/device-check.sh   (only the CUDA pass; default "cuda cpu")
#   PARTS=tests scripts/device-check.sh     (only the tests, or only "bench"; default
#                                            "tests examples bench",
#                                            so one device call can stay under its time limit)
#   BENCHES="bench_subdiv" scripts/device-check.sh  (those benchmarks only; default all)
#   TESTS="test_mesh_weld test_cli" scripts/device-check.sh  (those tests only; default all)
#   TEST_JOBS=8 scripts/device-check.sh     (runs 8 test executables at a time on the one GPU;
#                                            default 1; the log keeps the list's order; the
#                                            longest start first when the pack carries the
#                                            build machine's test times, device-pack.sh)
#   PARTS="tests examples" scripts/device-check.sh  (the programs of examples/ too, on the
#                                            CUDA backend: scripts/run-examples.sh; in the
#                                            default PARTS)
#   PARTS=sanitize scripts/device-check.sh  (compute-sanitizer over the CUDA suite: below;
#                                            not in the default PARTS, it takes minutes)
#     SANITIZE_TOOLS="memcheck racecheck synccheck initcheck" (default all four)
#     SANITIZE_TESTS="test_subdiv test_subdiv_creases:generated ..." (default every test
#       executable; NAME:CASE runs one Check test case, so a long test can be split over jobs)
#     SANITIZE_JOBS=8 (runs side by side on the one GPU), SANITIZE_TIMEOUT=480 (s per run)
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

parts=${PARTS:-tests examples bench}
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
runs=${TESTS:-$(cd "$build/tests" 2>/dev/null && ls test_* 2>/dev/null)}
[ -z "${TESTS:-}" ] && [ -x "$build/tests/test_subdiv_opensubdiv" ] && runs="$runs test_subdiv_opensubdiv:loop"
# One run of one test executable on one backend (n: its place in the list):
# its result line, printed when it ends and kept as $out/results/<n> with its
# status as <n>.status (read back in order below, so that runs side by side,
# TEST_JOBS at a time, count and log as one after another do); its output is
# appended to all-tests.txt.
run_test() {
  local n=$1 backend=$2 run=$3 t name arg rc result status skips
  t="$build/tests/${run%%:*}"
  arg=${run#"${run%%:*}"}; arg=${arg#:}
  [ -x "$t" ] || return 0
  name=$(basename "$t")${arg:+-$arg}
  if ldd "$t" 2>/dev/null | grep -q "not found"; then
    # An oracle library (e.g. OpenMesh) the GPU machine lacks: not run, so skipped.
    printf '%-28s %-5s skipped  (missing: %s)\n' "$name" "$backend" \
      "$(ldd "$t" | awk '/not found/ {print $1}' | tr '\n' ' ')" | tee "$out/results/$n"
    echo skipped >"$out/results/$n.status"
    return 0
  fi
  MESHMAT_TEST_BACKEND=$backend "$t" ${arg:+"$arg"} >"$out/$name.$backend.txt" 2>&1
  rc=$?
  case $rc in
    0) result=passed status=passed ;;
    77) result=skipped status=skipped ;;
    *) result="FAILED ($rc)" status=failed ;;
  esac
  # The "skipped: ..." lines of tests/common/mmt_models.c (C and C++ tests).
  skips=$(grep -c '^skipped:' "$out/$name.$backend.txt")
  [ "$skips" -gt 0 ] && [ "$rc" -ne 77 ] && result="$result ($skips \"skipped:\" lines)"
  printf '%-28s %-5s %s  %s\n' "$name" "$backend" "$result" \
    "$(grep -h '%: Checks' "$out/$name.$backend.txt" | tail -n 1)" | tee "$out/results/$n"
  echo "$status" >"$out/results/$n.status"
  flock "$out/results/.lock" cat "$out/$name.$backend.txt" >>"$out/all-tests.txt"
  rm -f "$out/$name.$backend.txt"
}
export -f run_test
export build out
rm -rf "$out/results" && mkdir -p "$out/results"
list=() n=0
for backend in $backends; do
  for run in $runs; do
    n=$((n + 1))
    list+=("$n $backend $run")
  done
done
# Longest first where the build machine's times came along (device-pack.sh's
# tests/costs.txt), so that a slow executable does not start last and hold
# the call past its limit; n keeps the log's order. The executables that test
# only the CUDA backend (named *cuda*) skip on the build machine, which has no
# GPU, so their times there say nothing: they start before all others.
longest_first() {
  if [ -f "$build/tests/costs.txt" ]; then
    awk 'NR == FNR { cost[$1] = $2; next }
         { split($3, t, ":")
           print (t[1] ~ /cuda/ ? 1e9 : t[1] in cost ? cost[t[1]] : 0), $0 }' \
      "$build/tests/costs.txt" - | sort -s -g -r -k1,1 | cut -d' ' -f2-
  else
    cat
  fi
}
[ "$n" -eq 0 ] || printf '%s\n' "${list[@]}" | longest_first |
  xargs -P "${TEST_JOBS:-1}" -L 1 bash -c 'run_test "$0" "$1" "$2"'
for ((i = 1; i <= n; ++i)); do
  [ -f "$out/results/$i" ] || continue
  cat "$out/results/$i" >>"$log"
  case $(cat "$out/results/$i.status") in
    passed) passed=$((passed + 1)) ;;
    skipped) skipped=$((skipped + 1)) ;;
    *) failed=$((failed + 1)) ;;
  esac
done
rm -rf "$out/results"

# The examples (scripts/device-pack.sh links them against the build), each a
# run that passes or fails, on the CUDA backend.
case " $parts " in *" examples "*)
  if [ -d "$build/examples" ]; then
    while IFS= read -r line; do
      echo "example: $line" | tee -a "$log"
      case $line in "ok   "*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)) ;; esac
    done < <(scripts/run-examples.sh "$build/examples" cuda)
  else
    echo "example: skipped (no $build/examples: scripts/device-pack.sh makes them)" | tee -a "$log"
    skipped=$((skipped + 1))
  fi ;;
esac

case " $parts " in *" bench "*) benches=${BENCHES:-$(cd "$build/bench" 2>/dev/null && ls bench_* 2>/dev/null)} ;; *) benches= ;; esac
for name in $benches; do
  b="$build/bench/$name"
  [ -x "$b" ] || continue
  echo "== $(basename "$b")" | tee -a "$out/bench.log"
  "$b" "$out" 2>&1 | tee -a "$out/bench.log"
done

# compute-sanitizer: each tool over each test executable on the CUDA backend,
# in one process (CK_FORK=no: the tool follows the process it starts) and
# without the "models" test cases (tagged so; the shared models: the same kernels as the
# generated meshes, at sizes that take the sanitizers tens of minutes). A run
# is clean when the tool reports 0 errors and the tests pass; the log lists
# per run the errors, the seconds and Check's summary.
case " $parts " in *" sanitize "*)
  san="$out/sanitize"
  mkdir -p "$san"
  cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  tests=${SANITIZE_TESTS:-$(cd "$build/tests" && ls test_*)}
  for tool in ${SANITIZE_TOOLS:-memcheck racecheck synccheck initcheck}; do
    for t in $tests; do echo "$tool $t"; done
  done | xargs -P "${SANITIZE_JOBS:-8}" -L 1 bash -c '
    tool=$0 t=${1%%:*} log="'"$san"'/$0.$1.txt"
    case $1 in *:*) export CK_RUN_CASE=${1#*:} ;; esac
    # compute-sanitizer started twice at once on one executable can fail to
    # start it ("Target application does not exist"): starts 2 s apart.
    flock "'"$san"'/.start" sleep 2
    start=$(date +%s)
    CK_FORK=no CK_EXCLUDE_TAGS=models MESHMAT_TEST_BACKEND=cuda timeout -k 10 "'"${SANITIZE_TIMEOUT:-480}"'" \
      "'"$cs"'" --tool "$tool" --error-exitcode 86 --print-limit 20 "'"$build"'/tests/$t" >"$log" 2>&1
    rc=$?
    # racecheck sums up as "RACECHECK SUMMARY: N hazards", the others as "ERROR SUMMARY: N errors".
    errors=$(grep -hoE "(ERROR|RACECHECK) SUMMARY: [0-9]+ (error|hazard)" "$log" | tail -n 1 | grep -oE "[0-9]+")
    case $rc in 0) r=clean ;; 77) r=skipped ;; 86) r="ERRORS" ;; 124) r="TIMEOUT" ;; *) r="FAILED ($rc)" ;; esac
    # A test that never calls CUDA (the CPU-only units): the tool exits 255
    # with this line, whatever the test did; run it again alone for its status.
    if [ "$rc" -eq 255 ] && grep -q "terminated before first instrumented API call" "$log"; then
      CK_FORK=no CK_EXCLUDE_TAGS=models MESHMAT_TEST_BACKEND=cuda "'"$build"'/tests/$t" >>"$log" 2>&1 &&
        r=no-cuda
    fi
    printf "%-10s %-40s %-10s errors %-4s %4ss  %s\n" "$tool" "$1" "$r" "${errors:-?}" \
      "$(( $(date +%s) - start ))" "$(grep -h "%: Checks" "$log" | tail -n 1)"' \
    | tee "$out/sanitize.log"
  bad=$(grep -vc " clean \| skipped \| no-cuda " "$out/sanitize.log")
  echo "sanitize: $(grep -c " clean " "$out/sanitize.log") clean, $bad not clean" | tee -a "$out/sanitize.log"
  tar czf "$out/sanitize-logs.tgz" -C "$out" sanitize
  failed=$((failed + bad)) ;;
esac

echo "device-check: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
