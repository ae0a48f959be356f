#!/bin/sh
# check-exports.sh: every function declared MM_API in the public headers is
# exported from the shared library. The library is built with
# -fvisibility=hidden, so a definition whose .c file does not include its
# public header is silently left out. The CTest test check_exports runs it.
#   scripts/check-exports.sh build/libmeshmat.so [include/meshmat]
# NM names the nm to use (default nm); without one the check is skipped (77).
set -eu
lib=$1
headers=${2:-$(dirname "$0")/../include/meshmat}
nm=${NM:-nm}
command -v "$nm" >/dev/null 2>&1 || { echo "skipped: no $nm"; exit 77; }
decl='^MM_API[^(]*[ *](mm_[A-Za-z0-9_]+)[[:space:]]*\(.*'
# A declaration whose name is not on its MM_API line would escape the check.
if unread=$(grep -h '^MM_API' "$headers"/*.h | grep -Ev "$decl"); then
    printf 'MM_API lines without a function name:\n%s\n' "$unread" >&2
    exit 1
fi
declared=$(grep -h '^MM_API' "$headers"/*.h | sed -E "s/$decl/\\1/" | sort -u)
[ -n "$declared" ] || { echo "no MM_API declarations in $headers" >&2; exit 1; }
exported=$("$nm" -D --defined-only "$lib" | awk '{print $NF}')
missing=$(printf '%s\n' "$declared" | grep -Fxv "$exported" || true)
if [ -n "$missing" ]; then
    printf 'declared MM_API but not exported from %s:\n%s\n' "$lib" "$missing" >&2
    exit 1
fi
echo "$(printf '%s\n' "$declared" | wc -l) MM_API functions, all exported from $lib"
