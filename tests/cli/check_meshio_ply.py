"""check_meshio_ply.py: a PLY file's vertex properties through `meshmat
subdiv`, opened by an independent reader, Debian's python3-meshio (which
reads a PLY vertex element's properties other than x, y, z as point data
under their names, with their types). Run by CTest (tests/CMakeLists.txt:
check_meshio_ply) as

    python3 check_meshio_ply.py MESHMAT

exit 0 when every check passes, 1 when one fails, 77 (skipped) without meshio.

A cube with per-vertex uchar colours, a float "quality" and an int "id" goes
through `subdiv --levels 1` (Catmull-Clark) to binary and ASCII PLY; meshio
must find red, green, blue (uint8), quality (float32) and id (int32) on every
point, and the values worked out here: the cage's vertices keep their ids,
and a face point (vertex 8 + f) is its face's mean, rounded to the nearest
integer (halves away from zero) for the integer properties.

meshio 5.0 (Debian 12) reads a binary file's `uchar` as int8 (its binary
type table maps "uchar" to "i1"; ASCII is read as uint8): the colours of the
binary file are then taken as the bytes they are (viewed as uint8), with a
note.
"""
import math
import os
import subprocess
import sys
import tempfile

try:
    import meshio
    import numpy as np
except ImportError:
    print("skipped: no meshio (Debian python3-meshio)")
    sys.exit(77)

failures = []


def check(ok, what):
    print(("ok      " if ok else "FAILED  ") + what)
    if not ok:
        failures.append(what)


CORNERS = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]
RGB = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (255, 0, 255), (0, 255, 255),
       (255, 255, 255), (0, 0, 0)]
QUADS = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]


def write_cage(path):
    with open(path, "w") as f:
        f.write("ply\nformat ascii 1.0\nelement vertex 8\nproperty float x\nproperty float y\n"
                "property float z\nproperty uchar red\nproperty uchar green\n"
                "property uchar blue\nproperty float quality\nproperty int id\n"
                "element face 6\nproperty list uchar int vertex_indices\nend_header\n")
        for v, (p, c) in enumerate(zip(CORNERS, RGB)):
            f.write(f"{p[0]} {p[1]} {p[2]} {c[0]} {c[1]} {c[2]} {v * 0.25} {v * 10 - 35}\n")
        for q in QUADS:
            f.write("4 " + " ".join(map(str, q)) + "\n")


def round_half_away(x):
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


def check_file(path, what):
    m = meshio.read(path)
    pd = m.point_data
    for name in ("red", "green", "blue"):
        if what == "binary" and name in pd and pd[name].dtype == np.int8:
            print(f"note    meshio {meshio.__version__} reads binary uchar '{name}' as int8: "
                  "compared as the bytes (uint8)")
            pd[name] = pd[name].view(np.uint8)
    check(len(m.points) == 26, f"{what}: meshio reads 26 points ({len(m.points)})")
    for name, dtype in (("red", np.uint8), ("green", np.uint8), ("blue", np.uint8),
                        ("quality", np.float32), ("id", np.int32)):
        ok = name in pd and pd[name].dtype == dtype and len(pd[name]) == len(m.points)
        check(ok, f"{what}: point data '{name}' of type {np.dtype(dtype).name} "
                  f"({pd[name].dtype if name in pd else 'missing'})")
    if failures:
        return
    for f, q in enumerate(QUADS):
        fp = 8 + f
        for k, name in enumerate(("red", "green", "blue")):
            want = round_half_away(sum(RGB[v][k] for v in q) / 4)
            check(int(pd[name][fp]) == want,
                  f"{what}: face point {fp} {name} {int(pd[name][fp])} == {want}")
        want_id = round_half_away(sum(v * 10 - 35 for v in q) / 4)
        check(int(pd["id"][fp]) == want_id, f"{what}: face point {fp} id {int(pd['id'][fp])} "
                                            f"== {want_id}")
        want_q = np.float32(sum(v * 0.25 for v in q) / 4)
        check(pd["quality"][fp] == want_q, f"{what}: face point {fp} quality")
        centre = [sum(CORNERS[v][k] for v in q) / 4 for k in range(3)]
        check(all(abs(m.points[fp][k] - centre[k]) < 1e-12 for k in range(3)),
              f"{what}: face point {fp} at its face's centre")


def main():
    tool = sys.argv[1]
    print(f"meshio {meshio.__version__} ({meshio.__file__})")
    with tempfile.TemporaryDirectory() as tmp:
        cage = os.path.join(tmp, "cube.ply")
        write_cage(cage)
        binary = os.path.join(tmp, "cube1.ply")
        ascii_ = os.path.join(tmp, "cube1_ascii.ply")
        for cmd in ([tool, "subdiv", cage, "-o", binary, "--levels", "1"],
                    [tool, "convert", binary, ascii_, "--format", "ply-ascii"]):
            r = subprocess.run(cmd, capture_output=True, text=True)
            check(r.returncode == 0 and "warning" not in r.stderr,
                  " ".join(cmd[1:2]) + f" (exit {r.returncode}) {r.stderr.strip()}")
        if not failures:
            check_file(binary, "binary")
            check_file(ascii_, "ascii")
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
