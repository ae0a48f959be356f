"""meshmat's PEP 517 build backend: no dependency but Python, CMake and a C
compiler, so `pip install .` works offline (pyproject.toml: requires = []).

build_wheel configures the C library with CMake (MESHMAT_CUDA from the
environment, default ON as in CMakeLists.txt: the CUDA backend when nvcc is
found; tests, benchmarks and install rules off), builds libmeshmat.so alone, and
packs it into meshmat/ beside the Python sources. The CMake build goes to a
temporary folder, or to MESHMAT_BUILD_DIR when set (kept, so rebuilds are
incremental). build_sdist packs the Python sources with the C sources they
build from (csrc/)."""

import io
import os
import re
import subprocess
import sysconfig
import tarfile
import tempfile
from pathlib import Path

from wheel_file import WheelFile

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # python/ (or the sdist's root)
NAME = "meshmat"
SUMMARY = "A sparse-matrix mesh engine (C11 + CUDA): meshes, subdivision, mapped SpMV / SpGEMM"
# What build_sdist copies from the repository: what CMake needs for the library.
C_SOURCES = ("CMakeLists.txt", "cmake", "include", "src")


def _source_root():
    """The folder holding CMakeLists.txt: the sdist's csrc/, else the repository around python/."""
    sdist = PACKAGE_DIR / "csrc"
    return sdist if (sdist / "CMakeLists.txt").is_file() else PACKAGE_DIR.parent


def _version():
    text = (_source_root() / "CMakeLists.txt").read_text()
    return re.search(r"project\(meshmat VERSION ([0-9.]+)", text).group(1)


def _metadata():
    readme = (PACKAGE_DIR / "README.md").read_text()
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\nSummary: {SUMMARY}\n"
            "Requires-Python: >=3.9\nRequires-Dist: numpy\n"
            "Description-Content-Type: text/markdown\n\n" + readme)


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


def _tag():
    """py3-none-<platform>: pure Python code beside a native library (no extension module)."""
    return "py3-none-" + re.sub(r"[-.]", "_", sysconfig.get_platform())


def _wheel_text():
    return (f"Wheel-Version: 1.0\nGenerator: meshmat_build\nRoot-Is-Purelib: false\n"
            f"Tag: {_tag()}\n")


def _build_library(build_dir):
    """Configure and build libmeshmat.so in build_dir; returns the built file's path."""
    cuda = os.environ.get("MESHMAT_CUDA", "ON")
    env = dict(os.environ)
    env["PATH"] = env.get("PATH", "") + os.pathsep + "/usr/local/cuda/bin"  # as scripts/test.sh
    # pip's isolated build environment hides site-packages through these; a cmake that
    # is itself a pip-installed Python script would not find its own module under them.
    for name in ("PYTHONPATH", "PYTHONNOUSERSITE"):
        env.pop(name, None)
    subprocess.run(["cmake", "-S", str(_source_root()), "-B", str(build_dir),
                    "-DCMAKE_BUILD_TYPE=Release", f"-DMESHMAT_CUDA={cuda}",
                    "-DMESHMAT_TESTS=OFF", "-DMESHMAT_BENCH=OFF", "-DMESHMAT_INSTALL=OFF"],
                   check=True, env=env)
    subprocess.run(["cmake", "--build", str(build_dir), "--target", "meshmat_shared",
                    "--parallel", str(os.cpu_count() or 1)], check=True, env=env)
    return (Path(build_dir) / "libmeshmat.so").resolve()  # the versioned file, not the link


def _python_sources():
    """meshmat/'s .py files, as (name in the wheel, path)."""
    for path in sorted((PACKAGE_DIR / NAME).glob("*.py")):
        yield f"{NAME}/{path.name}", path


# The hooks of PEP 517.

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    folder = Path(metadata_directory) / _dist_info()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "METADATA").write_text(_metadata())
    (folder / "WHEEL").write_text(_wheel_text())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = f"{NAME}-{_version()}-{_tag()}.whl"
    kept = os.environ.get("MESHMAT_BUILD_DIR")
    with tempfile.TemporaryDirectory(prefix="meshmat-wheel-") as tmp:
        library = _build_library(kept or tmp)
        wheel = WheelFile(Path(wheel_directory) / name, _dist_info())
        for arcname, path in _python_sources():
            wheel.add(arcname, path.read_bytes())
        wheel.add(f"{NAME}/libmeshmat.so", library.read_bytes(), executable=True)
        wheel.add(f"{_dist_info()}/METADATA", _metadata().encode())
        wheel.add(f"{_dist_info()}/WHEEL", _wheel_text().encode())
        wheel.close()
    return name


def build_sdist(sdist_directory, config_settings=None):
    root = f"{NAME}-{_version()}"
    name = f"{root}.tar.gz"

    def drop_caches(info):
        return None if "__pycache__" in info.name else info

    with tarfile.open(Path(sdist_directory) / name, "w:gz") as tar:
        for item in ("pyproject.toml", "README.md", "build_backend", NAME, "tests"):
            tar.add(PACKAGE_DIR / item, f"{root}/{item}", filter=drop_caches)
        for item in C_SOURCES:
            tar.add(_source_root() / item, f"{root}/csrc/{item}", filter=drop_caches)
        pkg_info = _metadata().encode()
        info = tarfile.TarInfo(f"{root}/PKG-INFO")
        info.size = len(pkg_info)
        tar.addfile(info, io.BytesIO(pkg_info))
    return name
