#!/usr/bin/env bash
# The main job: build meshmat (if needed) and run it on a mesh shipped in
# models/, printing what it computes and how long each part took, on the GPU
# when one is present, else on the CPU: Catmull-Clark to 4 levels by default
# (scripts/demo.sh [MODEL [LEVELS]]).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
if [ ! -x build/meshmat ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build build -j"$(nproc)" --target meshmat >/dev/null
fi
model=${1:-models/torus_quads.obj}
levels=${2:-4}
build/meshmat info "$model"
out="${TMPDIR:-/tmp}/meshmat_demo_$$.ply"
trap 'rm -f "$out"' EXIT
build/meshmat subdiv --levels "$levels" "$model" -o "$out"
build/meshmat info "$out"
