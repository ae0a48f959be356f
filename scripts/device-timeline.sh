#!/usr/bin/env bash
# Per-kernel GPU time of the last call a benchmark method makes, on the GPU
# machine (ncu; DESIGN §5: where a step's time goes before changing it).
# After scripts/device-pack.sh on the build machine, carry .device and run:
#   scripts/device-timeline.sh METHOD [N]
# It runs build-device/bench/bench_subdiv (BENCH to choose another binary) for
# one case (CASE, default spot_control; VARIANT its variant, default plain:
# MESHMAT_BENCH_VARIANTS, bench/README.md) up to MAX_FACES (default 48000000),
# one run a level, under ncu with each kernel's duration, grid and block size,
# and prints the last N launches (default 9: one evaluation of spot's cage to
# level 9 on Catmull-Clark's path) and their sum. The whole CSV goes to
# $OUT/timeline.csv (or build/device-timeline/). Kernels run one at a time
# under ncu, so the sum leaves out launch gaps; compare it with the method's
# time in the bench's own output ($OUT/timeline-bench/subdiv.md). METHOD is
# one that calls a few times a level (specialized-eval-d3 for evaluation's
# kernels): specialized-eval-loop's 2000 calls a level would take ncu far
# past a device call's ten minutes, so it is refused.
set -uo pipefail
cd "$(dirname "$0")/.." || exit
[ $# -ge 1 ] || { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ "$1" != specialized-eval-loop ] || { echo "specialized-eval-loop: too many calls for ncu; use specialized-eval-d3" >&2; exit 2; }
out=${OUT:-build/device-timeline}
mkdir -p "$out/timeline-bench"
[ -d .device-libs ] || tar xJf .device/pack.tar.xz
export LD_LIBRARY_PATH=$PWD/.device-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export MESHMAT_SOURCE_DIR=$PWD MESHMAT_SHARED_MODELS=$PWD/.device-models
export MESHMAT_BENCH_CASES=${CASE:-spot_control} MESHMAT_BENCH_METHODS=$1
export MESHMAT_BENCH_VARIANTS=${VARIANT:-plain}
ncu=$(command -v ncu || true)
for f in /opt/nvidia/nsight-compute/*/ncu; do [ -n "$ncu" ] || [ ! -x "$f" ] || ncu=$f; done
[ -n "$ncu" ] || { echo "no ncu on this machine" >&2; exit 1; }
"$ncu" --clock-control none --csv \
  --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size \
  "${BENCH:-build-device/bench/bench_subdiv}" "$out/timeline-bench" "${MAX_FACES:-48000000}" 1 \
  >"$out/timeline.csv" 2>"$out/timeline.err" || { tail -n 5 "$out/timeline.err" >&2; exit 1; }
python3 - "$out/timeline.csv" "${2:-9}" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 8]
head = rows[0]
at = {k: head.index(k) for k in ("ID", "Kernel Name", "Metric Name", "Metric Unit", "Metric Value")}
launches = {}
for r in rows[1:]:
    k = launches.setdefault(int(r[at["ID"]]), {"name": r[at["Kernel Name"]]})
    k[r[at["Metric Name"]]] = (r[at["Metric Value"]].replace(",", ""), r[at["Metric Unit"]])
ids = sorted(launches)[-int(sys.argv[2]):]
total = 0.0
print("%6s %10s %6s %12s  %s" % ("launch", "grid", "block", "time", "kernel"))
for i in ids:
    k = launches[i]
    value, unit = k.get("gpu__time_duration.sum", ("0", "ns"))
    us = float(value) * {"nsecond": 1e-3, "usecond": 1.0, "msecond": 1e3}.get(unit, 1e-3)
    total += us
    print("%6d %10s %6s %9.1f us  %s" % (i, k.get("launch__grid_size", ("?",))[0],
                                       k.get("launch__block_size", ("?",))[0], us, k["name"][:90]))
print("sum of the %d launches: %.1f us" % (len(ids), total))
PY
