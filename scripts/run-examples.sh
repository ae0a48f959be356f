#!/usr/bin/env bash
# Runs the programs of examples/ from folder DIR on shipped models and checks
# what they print: subdivide (models/cube.obj to level 2: the counts), user_map
# (its maps against the host's formulas) and animate (24 frames of
# models/cube.obj to level 4, the last one bit for bit a direct evaluation).
# scripts/check-install.sh runs it over each build of the installed examples;
# scripts/device-check.sh's examples part over the ones scripts/device-pack.sh
# links against its build, on the CUDA backend.
#   scripts/run-examples.sh DIR [cpu|cuda]   (default: each program's own choice,
#                                            CUDA where a GPU is there)
# Prints a line an example, "ok   ..." or "FAIL ...", and exits with the
# number that failed (their output is kept in DIR/<name>.txt).
set -uo pipefail
[ $# -ge 1 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
dir=$1 backend=${2:-}
src=$(cd "$(dirname "$0")/.." && pwd)
failed=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }
said() { tr '\n' ' ' <"$dir/$1.txt"; } # a program's output on one line
# Whether $1's output says it ran on the backend asked for.
on_backend() {
  case $backend in
    cuda) grep -q "^backend: CUDA" "$1" ;;
    cpu) grep -q "^backend: CPU" "$1" ;;
    *) true ;;
  esac
}

"$dir/subdivide" "$src/models/cube.obj" 2 catmark ${backend:+"$backend"} >"$dir/subdivide.txt" 2>&1
if [ $? -ne 0 ] || ! grep -q "98 vertices, 96 faces" "$dir/subdivide.txt" || ! on_backend "$dir/subdivide.txt"; then
  bad "subdivide: $(said subdivide)"
else
  ok "subdivide models/cube.obj 2: $(grep -h 'bounding box' "$dir/subdivide.txt")"
fi
if "$dir/user_map" ${backend:+"$backend"} >"$dir/user_map.txt" 2>&1 &&
   grep -q "all values match" "$dir/user_map.txt" && on_backend "$dir/user_map.txt"; then
  ok "user_map: $(grep -c . "$dir/user_map.txt") lines, all values match"
else
  bad "user_map: $(said user_map)"
fi
if "$dir/animate" "$src/models/cube.obj" 4 catmark "${backend:-auto}" 24 >"$dir/animate.txt" 2>&1 &&
   grep -q "1538 vertices x 3" "$dir/animate.txt" && grep -q "max difference 0$" "$dir/animate.txt" &&
   on_backend "$dir/animate.txt"; then
  ok "animate models/cube.obj 4: 24 frames, the last one matches a direct evaluation"
else
  bad "animate: $(said animate)"
fi
exit "$failed"
