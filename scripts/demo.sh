#!/usr/bin/env bash
# The main job: build meshmat (if needed) and run it on a mesh shipped in
# models/, printing what it computes and how long each part took, on the GPU
# when one is present, else on the CPU: Catmull-Clark to 4 levels by default.
#   scripts/demo.sh [MODEL [LEVELS [OUT]]]
# The refined mesh is kept (binary PLY; default build/demo/<model>-L<levels>.ply)
# and its path printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
if [ ! -x build/meshmat ]; then
  # The first build compiles the CUDA kernels for several GPU generations
  # (docs/install.md): minutes on a small machine; CMake shows its progress.
  cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
  cmake --build build -j"$(nproc)" --target meshmat
fi
model=${1:-models/torus_quads.obj}
levels=${2:-4}
name=$(basename "$model")
out=${3:-build/demo/${name%.*}-L$levels.ply}
mkdir -p "$(dirname "$out")"
build/meshmat info "$model"
build/meshmat subdiv --levels "$levels" "$model" -o "$out"
build/meshmat info "$out"
case "$out" in /*) ;; *) out=$PWD/$out ;; esac
echo "demo: the refined mesh is in $out"
