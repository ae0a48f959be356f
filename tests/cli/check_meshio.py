"""check_meshio.py: the texture coordinates `meshmat subdiv` writes, opened by
independent readers: Debian's python3-meshio, and a reader of the vt / f
lines written here (meshio keeps no face-to-vt relation). Run by CTest
(tests/CMakeLists.txt: check_meshio) as

    python3 check_meshio.py MESHMAT PROJECT_DIR

exit 0 when every check passes, 1 when one fails, 77 (skipped) without meshio.

What meshio 5.0 (Debian 12) reads of an OBJ file: `v` as the points, the
first index of each `f` corner as the cells (grouped by face size), and all
`vt` and `vn` rows as point data "obj:vt" / "obj:vn", matched to the points
by their order: the vt / vn indices of the corners are dropped, and a file
whose vt (or vn) count differs from its v count (any seam) is refused with
ValueError (meshio's Mesh wants point data of one row per point). So:

  * a cage whose UVs have no seam (one vt per v, named by the same index):
    meshio opens the refined file, and its per-point UVs must be the vt each
    corner names (meshmat numbers a seamless channel's refined values as the
    vertices), lie in the input's UV range, and be meshmat's own reader's;
  * the textured cube (tests/cli/textured_cube.obj, a cross-shaped layout
    with seams): meshio opens it (a later meshio) with every vt, or refuses
    it with exactly that ValueError; the second reader checks the vt / f
    relation: every corner names a vt in the input's range, every refined
    face turns counter-clockwise in UV space, their UV areas add up to the
    cross's (--fvar-interp boundaries keeps the seams straight), and
    meshmat's own reader gives each corner the same UV (a convert round trip).
"""
import os
import subprocess
import sys
import tempfile

try:
    import meshio
except ImportError:
    print("skipped: no meshio (Debian python3-meshio)")
    sys.exit(77)

failures = []


def check(ok, what):
    print(("ok      " if ok else "FAILED  ") + what)
    if not ok:
        failures.append(what)


def read_obj(path):
    """The v rows, the vt rows, and each face's corners as (v, vt) pairs
    (0-based; vt None where a corner names none): the second reader."""
    v, vt, faces = [], [], []
    with open(path) as f:
        for line in f:
            t = line.split()
            if not t or t[0].startswith("#"):
                continue
            if t[0] == "v":
                v.append(tuple(float(x) for x in t[1:4]))
            elif t[0] == "vt":
                vt.append(tuple(float(x) for x in t[1:3]))
            elif t[0] == "f":
                corners = []
                for c in t[1:]:
                    parts = c.split("/")
                    iv = int(parts[0])
                    it = int(parts[1]) if len(parts) > 1 and parts[1] else None
                    iv = iv - 1 if iv > 0 else len(v) + iv
                    if it is not None:
                        it = it - 1 if it > 0 else len(vt) + it
                    corners.append((iv, it))
                faces.append(corners)
    return v, vt, faces


def corner_uvs(vt, faces):
    return [[vt[it] for _, it in face] for face in faces]


def uv_area(vt, face):
    a = 0.0
    for k, (_, i) in enumerate(face):
        j = face[(k + 1) % len(face)][1]
        a += vt[i][0] * vt[j][1] - vt[j][0] * vt[i][1]
    return a / 2


def meshmat(tool, *args):
    r = subprocess.run([tool, *args], capture_output=True, text=True)
    if r.returncode != 0:
        print(r.stdout, r.stderr)
    check(r.returncode == 0, "meshmat " + " ".join(args))
    return r


def meshio_point_uvs(path):
    """meshio's reading: (points, cells as vertex lists, obj:vt or None)."""
    m = meshio.read(path, file_format="obj")
    cells = [list(c) for block in m.cells for c in block.data]
    return m.points, cells, m.point_data.get("obj:vt")


def in_range(uvs, lo, hi, eps=1e-12):
    return all(lo[k] - eps <= uv[k] <= hi[k] + eps for uv in uvs for k in range(2))


def seamless_grid(tool, tmp):
    """A 4 x 3 grid of quads, one vt per v: meshio opens the result."""
    nx, ny = 4, 3
    lines = [f"v {i} {j} {0.1 * i * j}" for j in range(ny + 1) for i in range(nx + 1)]
    lines += [f"vt {i / nx} {j / ny}" for j in range(ny + 1) for i in range(nx + 1)]
    for j in range(ny):
        for i in range(nx):
            a = j * (nx + 1) + i + 1
            q = (a, a + 1, a + nx + 2, a + nx + 1)
            lines.append("f " + " ".join(f"{k}/{k}" for k in q))
    cage = os.path.join(tmp, "grid.obj")
    with open(cage, "w") as f:
        f.write("\n".join(lines) + "\n")
    out, back = os.path.join(tmp, "grid2.obj"), os.path.join(tmp, "grid2_again.obj")
    meshmat(tool, "subdiv", "--levels", "2", cage, "-o", out)
    meshmat(tool, "convert", out, back)
    v, vt, faces = read_obj(out)
    points, cells, uv = meshio_point_uvs(out)
    check(uv is not None, "grid: meshio finds the texture coordinates (obj:vt)")
    if uv is None:
        return
    check(len(uv) == len(points) == len(v) == len(vt),
          f"grid: meshio has one UV per point ({len(uv)} UVs, {len(points)} points)")
    check(len(cells) == len(faces) == 4 * 4 * nx * ny, f"grid: {len(cells)} faces")
    check(all(cells[f] == [iv for iv, _ in faces[f]] for f in range(len(faces))),
          "grid: meshio's faces are the file's")
    check(in_range(uv, (0, 0), (1, 1)), "grid: every UV lies in the cage's range [0,1]^2")
    check(all(tuple(uv[iv]) == vt[it] for face in faces for iv, it in face),
          "grid: meshio's UV at each corner's point is the vt the corner names")
    _, vt2, faces2 = read_obj(back)
    check(corner_uvs(vt, faces) == corner_uvs(vt2, faces2),
          "grid: meshmat's own reader gives every corner the same UV")


def seamed_cube(tool, project, tmp):
    """The cross-shaped layout with seams: vt count != v count."""
    cage = os.path.join(project, "tests", "cli", "textured_cube.obj")
    out, back = os.path.join(tmp, "cube2.obj"), os.path.join(tmp, "cube2_again.obj")
    meshmat(tool, "subdiv", "--levels", "2", cage, "-o", out)
    meshmat(tool, "convert", out, back)
    v0, vt0, faces0 = read_obj(cage)
    v, vt, faces = read_obj(out)
    try:
        points, _, uv = meshio_point_uvs(out)
        check(uv is not None and len(uv) == len(vt),
              f"cube: meshio reads all {len(vt)} texture coordinates")
    except ValueError as e:
        known = "len(points)" in str(e) and "obj:vt" in str(e)
        check(known, f"cube: meshio {meshio.__version__} refuses vt != v counts: {e}")
        if known:
            print(f"note    meshio {meshio.__version__} cannot open an OBJ whose vt count "
                  f"({len(vt)}) differs from its v count ({len(v)}): the seams' UVs are "
                  "checked by the second reader only")
    check(len(v) == 98 and len(faces) == 96, f"cube: {len(v)} vertices, {len(faces)} faces")
    check(len(vt) > len(v), f"cube: {len(vt)} texture coordinates (seams split vertices)")
    check(all(it is not None for face in faces for _, it in face), "cube: every corner names a vt")
    lo = tuple(min(t[k] for t in vt0) for k in range(2))
    hi = tuple(max(t[k] for t in vt0) for k in range(2))
    check(in_range(vt, lo, hi), f"cube: every vt lies in the cage's UV range {lo}-{hi}")
    areas = [uv_area(vt, face) for face in faces]
    cage_area = sum(uv_area(vt0, face) for face in faces0)
    check(min(areas) > 0, "cube: every face turns counter-clockwise in UV space")
    check(abs(sum(areas) - cage_area) < 1e-12,
          f"cube: the faces' UV areas add up to the layout's ({sum(areas):.17g} vs {cage_area})")
    _, vt2, faces2 = read_obj(back)
    check(corner_uvs(vt, faces) == corner_uvs(vt2, faces2),
          "cube: meshmat's own reader gives every corner the same UV")


def main():
    tool, project = sys.argv[1], sys.argv[2]
    print(f"meshio {meshio.__version__} ({meshio.__file__})")
    with tempfile.TemporaryDirectory() as tmp:
        seamless_grid(tool, tmp)
        seamed_cube(tool, project, tmp)
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
