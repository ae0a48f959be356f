#!/usr/bin/env bash
# Installs meshmat into a temporary prefix and builds and runs examples/ against
# it as an outside project would, four ways: find_package(meshmat) and
# pkg-config, each with the shared (meshmat::meshmat, -lmeshmat) and the static
# library (meshmat::meshmat_static, pkg-config --static). Also runs the installed
# tool, and configures a parent project that add_subdirectory()s meshmat to see
# that it gets no tests or benchmarks.
#   scripts/check-install.sh            configure and build meshmat (library and tool
#                                       only) in a temporary folder first
#   scripts/check-install.sh BUILD      install from an existing build folder (CI: build/,
#                                       left by scripts/test.sh), building what is missing
#   KEEP=1 scripts/check-install.sh     keep the temporary folders (their path is printed)
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
export PATH="$PATH:/usr/local/cuda/bin"
jobs=$(nproc)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/meshmat-install.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
  echo "check-install: temporary folders kept in $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi
prefix=$tmp/prefix
passed=0
failed=0
ok() { echo "check-install: ok   $*"; passed=$((passed + 1)); }
bad() { echo "check-install: FAIL $*" >&2; failed=$((failed + 1)); }

# 1. Build (or reuse) and install.
if [ $# -ge 1 ]; then
  build=$1
  [ -f "$build/CMakeCache.txt" ] || { echo "check-install: $build is no build folder" >&2; exit 2; }
  cmake --build "$build" -j"$jobs" --target meshmat_shared meshmat_static meshmat
else
  build=$tmp/build
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMESHMAT_TESTS=OFF -DMESHMAT_BENCH=OFF
  cmake --build "$build" -j"$jobs"
fi
cmake --install "$build" --prefix "$prefix"
echo "check-install: installed tree"
(cd "$prefix" && find . \( -type f -o -type l \) | sort | sed 's/^/  /')

libdir=$(dirname "$(find "$prefix" -name meshmat.pc -path '*/pkgconfig/*' | head -n 1)")
libdir=${libdir%/pkgconfig}
for f in include/meshmat.h include/meshmat/ops.h "${libdir#"$prefix"/}/libmeshmat.a" \
  "${libdir#"$prefix"/}/libmeshmat.so" "${libdir#"$prefix"/}/cmake/meshmat/meshmatConfig.cmake" \
  "${libdir#"$prefix"/}/cmake/meshmat/meshmatConfigVersion.cmake" bin/meshmat; do
  if [ -e "$prefix/$f" ]; then ok "installed $f"; else bad "missing $f"; fi
done
runpath=$(readelf -d "$libdir/libmeshmat.so" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p')
echo "check-install: libmeshmat.so's RUNPATH: ${runpath:-(none)}"

# The programs run with no LD_LIBRARY_PATH: they find libmeshmat.so through
# their rpath, and libmeshmat.so finds libnvrtc through its own.
run() { env -u LD_LIBRARY_PATH "$@"; }

if run "$prefix/bin/meshmat" info models/cube.obj >"$tmp/tool.txt" 2>&1; then
  ok "installed tool: bin/meshmat info models/cube.obj"
else
  bad "installed tool: $(cat "$tmp/tool.txt")"
fi

# Runs one build of the examples in folder $2 (label $1) and checks their output.
check_examples() {
  local label=$1 dir=$2 link=$3
  local line
  while IFS= read -r line; do
    case $line in "ok   "*) ok "$label: ${line#ok   }" ;; *) bad "$label: ${line#FAIL }" ;; esac
  done < <(run scripts/run-examples.sh "$dir")
  # The shared builds load the installed libmeshmat.so; the static ones none.
  local so
  so=$(run ldd "$dir/subdivide" | awk '/libmeshmat/ {print $3}')
  [ -z "$so" ] || so=$(realpath "$so")
  if [ "$link" = shared ] && [ "$so" != "$(realpath "$libdir/libmeshmat.so.0")" ]; then
    bad "$label: subdivide loads '${so:-no libmeshmat}', not $libdir/libmeshmat.so.0"
  elif [ "$link" = static ] && [ -n "$so" ]; then
    bad "$label: subdivide loads $so, though linked statically"
  else
    ok "$label: links ${so:-libmeshmat.a statically}"
  fi
}

# 2. find_package(meshmat), shared and static.
for link in shared static; do
  dir=$tmp/examples-cmake-$link
  static=OFF
  [ "$link" = static ] && static=ON
  if cmake -S examples -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DMESHMAT_EXAMPLES_STATIC=$static \
       >"$tmp/cmake-$link.log" 2>&1 && cmake --build "$dir" >>"$tmp/cmake-$link.log" 2>&1; then
    check_examples "find_package, $link" "$dir" "$link"
  else
    cat "$tmp/cmake-$link.log" >&2
    bad "find_package, $link: the examples did not build"
  fi
done

# 3. pkg-config, shared and static (examples/Makefile).
for link in shared static; do
  dir=$tmp/examples-pc-$link
  if PKG_CONFIG_PATH="$libdir/pkgconfig" make -C examples O="$dir" LINK=$link \
       >"$tmp/make-$link.log" 2>&1; then
    check_examples "pkg-config, $link" "$dir" "$link"
  else
    cat "$tmp/make-$link.log" >&2
    bad "pkg-config, $link: the examples did not build"
  fi
done

# 4. A parent project's add_subdirectory(meshmat): the library and its alias
# targets, no tests (no Check), no benchmarks. Configured only (CPU backend).
parent=$tmp/parent
mkdir -p "$parent"
cat >"$parent/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.22)
project(parent LANGUAGES C)
add_subdirectory("$src" meshmat)
add_executable(app "$src/examples/user_map.c")
target_link_libraries(app PRIVATE meshmat::meshmat_static m)
EOF
if cmake -S "$parent" -B "$parent/build" -DMESHMAT_CUDA=OFF >"$parent/cmake.log" 2>&1; then
  targets=$(cmake --build "$parent/build" --target help)
  if grep -qE 'test_|bench_|meshmat_test_common' <<<"$targets"; then
    bad "add_subdirectory: the parent gets tests or benchmarks"
  elif ! grep -q "meshmat_static" <<<"$targets"; then
    bad "add_subdirectory: no meshmat_static target"
  else
    ok "add_subdirectory: library and tool only, no tests or benchmarks"
  fi
else
  cat "$parent/cmake.log" >&2
  bad "add_subdirectory: the parent did not configure"
fi

echo "check-install: $passed passed, $failed failed"
[ "$failed" = 0 ]
