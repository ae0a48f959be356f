#!/usr/bin/env bash
# Old build against new build in one device call (DESIGN §5: a decision
# between two versions is timed side by side, processes alternating).
#
# On the build machine, keep each version's bench_subdiv under a name (keep
# first brings build/ up to date with the tree, so a kept binary is always
# the tree's, and records the tree's revision beside it, NAME.rev):
#   scripts/device-compare.sh keep old          # build/bench/bench_subdiv → .device/compare/old
#   (change, rebuild)
#   scripts/device-compare.sh keep new
#   scripts/device-compare.sh pack              # .device/compare.tar.xz (xz -9: about 3 MiB for the
#                                               # first build, a few hundred KiB for each other)
# then carry .device (with scripts/device-models.sh's and device-libs.sh's
# folders packed by scripts/device-pack.sh) and, on the GPU machine:
#   scripts/device-compare.sh run 3 old new     # 3 rounds: old new old new old new
# Each run writes $OUT/compare/<i>-<name>/subdiv.{json,md}, log.txt and rev.txt (tarred
# into $OUT/compare.tgz at the end) and prints one line: the ms of each
# (mesh, level, method) of the levels in LEVELS. Back on the build machine:
#   scripts/device-compare.sh table DIR old new [L5,L6]   # the Markdown table of a results
#                                               # page (scripts/compare_table.py: DIR is
#                                               # compare.tgz unpacked, or a page's JSONs)
#   CASES   MESHMAT_BENCH_CASES (default spot_control,corner_poly)
#   METHODS MESHMAT_BENCH_METHODS (default specialized-eval-d3,specialized-eval-d12,specialized-dynamic)
#   LEVELS  the levels printed (default "L9 L11"), RUNS (20), MAX_FACES (64000000)
set -uo pipefail
cd "$(dirname "$0")/.." || exit
case ${1:-} in
keep)
  [ $# -eq 2 ] || { echo "usage: $0 keep NAME" >&2; exit 2; }
  mkdir -p .device/compare
  cmake --build build --target bench_subdiv -j2 >/dev/null || { echo "keep: the build failed" >&2; exit 1; }
  rev="$(git describe --always --dirty) $(git diff --shortstat HEAD)"
  cp build/bench/bench_subdiv ".device/compare/$2" && echo "$rev" >".device/compare/$2.rev" &&
    echo "kept build/bench/bench_subdiv as $2 ($rev)" ;;
pack)
  tar cf - -C .device compare | xz -T0 -9 >.device/compare.tar.xz && du -sh .device/compare.tar.xz &&
    { scripts/device-carry.sh || true; } ;;
table)
  shift; exec python3 scripts/compare_table.py "$@" ;;
run)
  [ $# -ge 3 ] || { echo "usage: $0 run ROUNDS NAME..." >&2; exit 2; }
  rounds=$2; shift 2
  [ -d .device-libs ] || tar xJf .device/pack.tar.xz .device-libs .device-models
  bins=$(mktemp -d) && tar xJf .device/compare.tar.xz -C "$bins" || exit
  export LD_LIBRARY_PATH=$PWD/.device-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export MESHMAT_SOURCE_DIR=$PWD MESHMAT_SHARED_MODELS=$PWD/.device-models
  export MESHMAT_BENCH_CASES=${CASES:-spot_control,corner_poly}
  export MESHMAT_BENCH_METHODS=${METHODS:-specialized-eval-d3,specialized-eval-d12,specialized-dynamic}
  out=${OUT:-build/device-compare}/compare i=0
  for _ in $(seq "$rounds"); do
    for name in "$@"; do
      i=$((i + 1)) d=$out/$i-$name
      mkdir -p "$d"
      [ -f "$bins/compare/$name.rev" ] && cp "$bins/compare/$name.rev" "$d/rev.txt"
      "$bins/compare/$name" "$d" "${MAX_FACES:-64000000}" "${RUNS:-20}" >"$d/log.txt" 2>&1
      # bench_subdiv's lines: mesh scheme level faces "faces" method ms "ms" ...
      printf '%-10s' "$name"
      awk -v L="${LEVELS:-L9 L11}" 'BEGIN { n = split(L, ls, " ") }
        $8 == "ms" { for (k = 1; k <= n; ++k) if ($3 == ls[k])
          printf " %s/%s/%s=%s", substr($1, 1, 8), $3, $6, $7 }' "$d/log.txt"
      echo
    done
  done
  tar czf "$out.tgz" -C "$(dirname "$out")" compare && rm -rf "$out" "$bins" ;;
*)
  sed -n '2,/^set /{/^set /!p}' "$0" | sed 's/^# \{0,1\}//'
  exit 2 ;;
esac
