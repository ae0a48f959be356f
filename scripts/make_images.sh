#!/usr/bin/env bash
# Regenerates the README's before/after pictures in docs/images/: for each
# scheme a control mesh and its subdivision, drawn by `meshmat render`
# (480x360, the polygons' edges on top).
#   Catmull-Clark: models/cube.obj, 3 levels
#   Loop and sqrt3: a coarse triangulated torus (8 x 4 quads, each split in
#   two; models/ has no triangle mesh, so it is written here), 3 levels
# Usage: scripts/make_images.sh [BUILD_DIR]   (default build/; the tool is built there)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
meshmat="$build/meshmat"
[ -x "$meshmat" ] || { echo "no $meshmat: build first (cmake --build $build)" >&2; exit 1; }
out=docs/images
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The torus: ring radius 1, tube radius 0.45, 8 segments around, 4 around the tube.
awk 'BEGIN {
  pi = atan2(0, -1); nu = 8; nv = 4
  for (i = 0; i < nu; ++i) for (j = 0; j < nv; ++j) {
    a = 2 * pi * i / nu; b = 2 * pi * j / nv + pi / 4
    printf "v %.6f %.6f %.6f\n", (1 + 0.45 * cos(b)) * cos(a), 0.45 * sin(b), (1 + 0.45 * cos(b)) * sin(a)
  }
  for (i = 0; i < nu; ++i) for (j = 0; j < nv; ++j) {
    p = i * nv + j + 1; q = ((i + 1) % nu) * nv + j + 1
    pj = i * nv + (j + 1) % nv + 1; qj = ((i + 1) % nu) * nv + (j + 1) % nv + 1
    printf "f %d %d %d\nf %d %d %d\n", p, pj, qj, p, qj, q
  }
}' > "$tmp/torus_tri.obj"

render() { "$meshmat" render "$1" -o "$2" --size 480x360 --wireframe >/dev/null; echo "$2"; }
refine() { "$meshmat" subdiv --levels 3 --scheme "$1" "$2" -o "$3" >/dev/null 2>&1; }

render models/cube.obj "$out/catmull_clark_before.png"
refine catmull-clark models/cube.obj "$tmp/cube3.obj"
render "$tmp/cube3.obj" "$out/catmull_clark_after.png"
render "$tmp/torus_tri.obj" "$out/loop_before.png"
refine loop "$tmp/torus_tri.obj" "$tmp/loop3.obj"
render "$tmp/loop3.obj" "$out/loop_after.png"
refine sqrt3 "$tmp/torus_tri.obj" "$tmp/sqrt3.obj"
render "$tmp/sqrt3.obj" "$out/sqrt3_after.png"
