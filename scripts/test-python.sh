#!/usr/bin/env bash
# The Python package (python/): builds its wheel offline with the package's own
# PEP 517 backend (no PyPI: pyproject.toml requires nothing), installs it into a
# temporary venv that sees Debian's NumPy and pytest (--system-site-packages),
# and runs python/tests with pytest from outside the source tree, so the
# installed package is what is tested.
#   scripts/test-python.sh                    CPU backend (MESHMAT_CUDA=OFF), as CI runs it
#   MESHMAT_CUDA=ON scripts/test-python.sh    the CUDA backend too when nvcc is found
#                                             (about 25 minutes of compiling on 2 cores)
#   MESHMAT_BUILD_DIR=build-py scripts/test-python.sh   keep the CMake build there (incremental)
# Installs what it needs with apt-get when it runs as root and something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(python3 python3-pip python3-numpy python3-pytest cmake gcc g++ make)
scripts/need-packages.sh "${packages[@]}"

python=${PYTHON:-/usr/bin/python3} # Debian's, beside the packages above
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1 MESHMAT_CUDA=${MESHMAT_CUDA:-OFF}
# --without-pip: the venv runs Debian's pip (seen through the system site), so
# python3-venv is not needed; inside a venv pip installs despite PEP 668.
"$python" -m venv --system-site-packages --without-pip "$work/venv"
"$work/venv/bin/python" -m pip wheel --no-index --no-deps -w "$work/dist" "$repo/python"
"$work/venv/bin/python" -m pip install --no-index "$work"/dist/meshmat-*.whl
cd "$work"
"$work/venv/bin/python" -c 'import meshmat; print("testing", meshmat.__file__)'
"$work/venv/bin/python" -m pytest -q -rs -p no:cacheprovider "$repo/python/tests"
