#!/usr/bin/env bash
# The Debian packages a script needs: installs the missing ones with apt-get
# when run as root, else names them and exits 1.
#   scripts/need-packages.sh cmake gcc ...
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "missing packages: ${missing[*]} (install them, or run as root)" >&2
  exit 1
fi
