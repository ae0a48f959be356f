#!/usr/bin/env bash
# Copies the oracle libraries the tests link (OpenMesh, OpenSubdiv's osdCPU and
# its OpenMP runtime) into .device-libs/ (ignored by git, carried by the device
# call): the GPU machine has no package registry, and without them the oracle
# tests could only report themselves skipped there. scripts/device-check.sh
# puts the folder on LD_LIBRARY_PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .device-libs
mkdir -p .device-libs
for lib in libOpenMeshCore.so.9.0 libosdCPU.so.3.5.0 libgomp.so.1; do
  path=$(ldconfig -p | awk -v l="$lib" '$1 == l {print $NF; exit}')
  if [ -n "$path" ]; then cp -L "$path" .device-libs/; else echo "device-libs: $lib not installed"; fi
done
du -sh .device-libs
