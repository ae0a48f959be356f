#!/usr/bin/env bash
# What a device call would carry, against its 64 MiB transfer limit: the
# working tree (tracked files and untracked ones git does not ignore: the
# device tool copies both) plus the carried files named here (default: the
# packs in .device). A call past the limit is refused at once, so the packing
# scripts print this after each pack. bench/results grows with every
# comparison's records: its pages keep them xz-compressed (bench/README.md),
# and a page's plain JSON is named here.
#   scripts/device-carry.sh [FILE...]
set -uo pipefail
cd "$(dirname "$0")/.." || exit
limit=$((64 * 1048576))
# The files the device tool copies under paths "$@" (all by default), NUL-separated:
# tracked (less those deleted in the tree) and untracked, not ignored.
listed() {
  { git ls-files -z "$@"; git ls-files -z --others --exclude-standard "$@"; } |
    while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done
}
tree=$(listed | xargs -0 stat -c %s 2>/dev/null | awk '{ s += $1 } END { print s + 0 }')
results=$(listed bench/results | xargs -0 stat -c %s 2>/dev/null | awk '{ s += $1 } END { print s + 0 }')
[ $# -gt 0 ] || set -- .device/*.tar.xz
carried=0
for f in "$@"; do [ -f "$f" ] && carried=$((carried + $(stat -c %s "$f"))); done
total=$((tree + carried))
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
listed bench/results | tr '\0' '\n' | grep -E '^bench/results/[^/]+/.*\.json$' |
  sed 's/^/device carry: not compressed (xz -9 it): /' >&2
echo "device carry: tree $(mib "$tree") (bench/results $(mib "$results")) + $# carried $(mib "$carried") = $(mib "$total") of 64 MiB"
if [ "$total" -gt "$limit" ]; then
  echo "device carry: over the limit; carry fewer packs (PACK_TESTS, a bench-only pack)" >&2
  exit 1
elif [ "$total" -gt $((limit * 7 / 8)) ]; then
  echo "device carry: within 8 MiB of the limit" >&2
fi
