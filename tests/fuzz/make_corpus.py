#!/usr/bin/env python3
"""make_corpus.py OUT: writes the seed corpus of the fuzz harnesses
(tests/fuzz/README.md) into OUT/<harness>/: small meshes made here, written in
many of the forms each reader accepts (index forms, tags, line ends, headers,
PLY types) and in nearly valid forms (truncated, an index out of range, a
face too short, a count that lies), plus the project's own models/*.obj that
fit the harnesses' input limit. fuzz_round_trip's seeds are OBJ, OFF and PLY
seeds behind its two option bytes (STL has a harness of its own). Deterministic: the same files every run."""

import os
import struct
import sys

MAX_LEN = 16384  # scripts/fuzz.sh's -max_len
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Mesh:
    def __init__(self, verts, faces, creases=(), corners=(), holes=()):
        self.verts, self.faces = verts, faces
        self.creases, self.corners, self.holes = creases, corners, holes


def grid(n, m, tris=False):
    verts = [(i / n, j / m, 0.25 * ((i + j) % 2)) for j in range(m + 1) for i in range(n + 1)]
    faces = []
    for j in range(m):
        for i in range(n):
            a, b = j * (n + 1) + i, j * (n + 1) + i + 1
            c, d = b + n + 1, a + n + 1
            faces += [(a, b, c), (a, c, d)] if tris else [(a, b, c, d)]
    return Mesh(verts, faces)


CUBE = Mesh([(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)],
            [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)])
TETRA = Mesh([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
             [(0, 2, 1), (0, 1, 3), (1, 2, 3), (0, 3, 2)])
MESHES = {
    "cube": CUBE,
    "tetra": TETRA,
    "grid": grid(3, 2),
    "trigrid": grid(3, 3, tris=True),
    # an octagon and a triangle fan around it: mixed orders, a boundary
    "polygons": Mesh([(0, 0, 0)] + [(c, s, 0) for c, s in
                                     ((1, 0), (.7, .7), (0, 1), (-.7, .7), (-1, 0), (-.7, -.7),
                                      (0, -1), (.7, -.7))] + [(2, 2, 1)],
                     [tuple(range(1, 9)), (1, 9, 2), (2, 9, 3)]),
    "points": Mesh([(1, 2, 3), (4.5, -5e-3, 6e10)], []),
    "empty": Mesh([], []),
    # two triangles meeting at one vertex; three faces on one edge; a flipped face
    "bowtie": Mesh([(0, 0, 0), (1, 0, 0), (0, 1, 0), (-1, 0, 0), (0, -1, 0)],
                   [(0, 1, 2), (0, 3, 4)]),
    "fin": Mesh([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1)],
                [(0, 1, 2), (1, 0, 3), (0, 1, 4)]),
    "flipped": Mesh([(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0)], [(0, 1, 2), (0, 2, 3)[::-1]]),
    "unreferenced": Mesh([(0, 0, 0), (1, 0, 0), (0, 1, 0), (5, 5, 5)], [(0, 1, 2)]),
    # a face repeating a vertex: refused unless keep_repeated
    "repeated": Mesh([(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0)], [(0, 1, 2, 1), (0, 2, 3)]),
    "creased": Mesh(CUBE.verts, CUBE.faces, creases=[((0, 1, 3, 2), (2.5,)), ((4, 5), (10,))],
                    corners=[((7,), (3,)), ((0, 6), (1, 0.5))], holes=[(2,)]),
}


def num(x):
    return repr(float(x)) if x != int(x) else str(int(x))


def obj(mesh, eol="\n", style="plain"):
    """OBJ in one of several styles: plain, slashes (v/vt/vn and v//vn),
    negative (relative indices), continued (backslash continuation), osd
    (tags in '# osd-tag:' comments), junk (other statements, w columns), uv
    (a UV channel with a seam: the second half of the faces names a second
    set of values, so the channel's face-varying rules run)."""
    out = ["# made by make_corpus.py"]
    if style == "junk":
        out += ["mtllib x.mtl", "o thing", "g a b", "s 1", "usemtl m", "vt 0 0", "vn 0 0 1"]
    if style == "uv":
        n = len(mesh.verts)
        out += [f"vt {num(v[0] * 0.25 + s)} {num(v[1] * 0.25)}" for s in (0, 0.5) for v in mesh.verts]
    for i, v in enumerate(mesh.verts):
        extra = " 1.0" if style == "junk" else ""
        out.append("v " + " ".join(num(c) for c in v) + extra)
        if style == "negative" and i == len(mesh.verts) // 2:
            out.append("f -1 -2 -3")  # relative to the vertices read so far
    for j, f in enumerate(mesh.faces):
        if style == "slashes":
            ids = [f"{i + 1}/{i + 1}/1" if k % 2 else f"{i + 1}//1" for k, i in enumerate(f)]
        elif style == "negative":
            ids = [str(i - len(mesh.verts)) for i in f]
        elif style == "uv":
            seam = n if j >= len(mesh.faces) // 2 else 0
            ids = [f"{i + 1}/{i + 1 + seam}" for i in f]
        else:
            ids = [str(i + 1) for i in f]
        if style == "continued" and len(ids) > 2:
            out.append("f " + " ".join(ids[:2]) + " \\")
            out.append("  " + " ".join(ids[2:]))
        else:
            out.append("f " + " ".join(ids))
    prefix = "# osd-tag: " if style == "osd" else ""
    for ids, sharp in mesh.creases:
        out.append(f"{prefix}t crease {len(ids)}/{len(sharp)}/0 "
                   + " ".join(map(str, ids)) + " " + " ".join(map(num, sharp)))
    for ids, sharp in mesh.corners:
        out.append(f"{prefix}t corner {len(ids)}/{len(sharp)}/0 "
                   + " ".join(map(str, ids)) + " " + " ".join(map(num, sharp)))
    for ids in mesh.holes:
        out.append(f"{prefix}t hole {len(ids)}/0/0 " + " ".join(map(str, ids)))
    if style == "junk":
        out += ["t interpolateboundary 1/0/0 1", "l 1 2"]
    return (eol.join(out) + eol).encode()


def off(mesh, eol="\n", header="OFF"):
    """OFF with a header word (OFF, COFF, NOFF, none), comments and colours."""
    extra = {"COFF": " 1 0 0 1", "NOFF": " 0 0 1", "CNOFF": " 1 0 0 1 0 0 1"}.get(header, "")
    out = ["# made by make_corpus.py"] + ([header] if header else [])
    out += [f"{len(mesh.verts)} {len(mesh.faces)} 0", ""]
    out += [" ".join(num(c) for c in v) + extra for v in mesh.verts]
    out += [f"{len(f)} " + " ".join(map(str, f)) + (" 255 0 0" if k == 0 else "")
            for k, f in enumerate(mesh.faces)]
    return (eol.join(out) + eol).encode()


PLY_FORMATS = {"f": "float", "d": "double", "B": "uchar", "h": "short", "i": "int",
               "I": "uint", "H": "ushort", "b": "char"}


def ply(mesh, binary, coord="f", count="B", index="i", extras=False, eol="\n",
        index_name="vertex_indices"):
    """PLY, ASCII or binary little-endian, with the given struct types for the
    coordinates, the list count and the indices; extras adds a normal, a
    colour, an element before the faces and a list property to skip."""
    head = ["ply", "format " + ("binary_little_endian" if binary else "ascii") + " 1.0",
            "comment made by make_corpus.py", f"element vertex {len(mesh.verts)}"]
    head += [f"property {PLY_FORMATS[coord]} {a}" for a in "xyz"]
    if extras:
        head += ["property float nx", "property uchar red", "element edge 1",
                 "property int vertex1", "property int vertex2"]
    head += [f"element face {len(mesh.faces)}",
             f"property list {PLY_FORMATS[count]} {PLY_FORMATS[index]} {index_name}"]
    if extras:
        head += ["property list uchar float texcoord"]
    head += ["end_header"]
    data = bytearray((eol.join(head) + eol).encode())
    edge = [(0, 1)] if extras else []
    if binary:
        vfmt = "<" + 3 * coord + ("fB" if extras else "")
        for v in mesh.verts:
            data += struct.pack(vfmt, *v, *((0.5, 7) if extras else ()))
        for e in edge:
            data += struct.pack("<ii", *e)
        for f in mesh.faces:
            data += struct.pack(f"<{count}{len(f)}{index}", len(f), *f)
            if extras:
                data += struct.pack("<Bff", 2, 0.25, 0.75)
    else:
        for v in mesh.verts:
            data += (" ".join(num(c) for c in v) + (" 0.5 7" if extras else "") + eol).encode()
        for e in edge:
            data += f"{e[0]} {e[1]}{eol}".encode()
        for f in mesh.faces:
            line = f"{len(f)} " + " ".join(map(str, f)) + (" 2 0.25 0.75" if extras else "")
            data += (line + eol).encode()
    return bytes(data)


def triangles(mesh):
    """The mesh's faces as triangles (fans), as STL stores them."""
    return [(f[0], f[k], f[k + 1]) for f in mesh.faces for k in range(1, len(f) - 1)]


def stl(mesh, binary, eol="\n", style="plain"):
    """STL: binary (80-byte header, count, 50-byte records), or ASCII in a
    style: plain (a line per keyword), oneline (a facet per line), upper
    (keywords in capitals), two (two solids one after the other)."""
    tris = triangles(mesh)
    if binary:
        data = bytearray(b"solid binary header".ljust(80, b" "))
        data += struct.pack("<I", len(tris))
        for t in tris:
            data += struct.pack("<3f", 0, 0, 1)
            for i in t:
                data += struct.pack("<3f", *mesh.verts[i])
            data += struct.pack("<H", 0)
        return bytes(data)
    def solid(name, facets):
        out = [f"solid {name}"]
        for t in facets:
            lines = ["facet normal 0 0 1", "outer loop"]
            lines += ["vertex " + " ".join(num(c) for c in mesh.verts[i]) for i in t]
            lines += ["endloop", "endfacet"]
            out += [" ".join(lines)] if style == "oneline" else ["  " + x for x in lines]
        return out + [f"endsolid {name}"]
    half = len(tris) // 2 if style == "two" else len(tris)
    out = solid("part", tris[:half]) + (solid("more", tris[half:]) if style == "two" else [])
    text = eol.join(out) + eol
    return (text.upper() if style == "upper" else text).encode()


def integral(mesh):
    """The mesh with its coordinates rounded, for integer PLY coordinates."""
    return Mesh([tuple(int(round(c)) % 100 for c in v) for v in mesh.verts], mesh.faces)


def nearly(name, good, ext):
    """Nearly valid forms of a good file: cut short, and one edit each."""
    out = {f"{name}-cut.{ext}": good[: len(good) * 2 // 3]}
    text = good.decode("latin-1")
    edits = {"obj": [("\nf 1 ", "\nf 99 "), ("\nf 1 ", "\nf 0 "), ("\nv 1 ", "\nv nan "),
                     ("\nf 1 2 ", "\nf 1 "), ("t crease 2/1/0 4 5", "t crease 2/1/0 4 4")],
             "off": [("\n3 ", "\n3 9 "), ("\n4 ", "\n2 "), ("0 0\n", "0\n"),
                     ("OFF\n", "4OFF\n")],
             "stl": [("vertex -1 ", "vertex nan "), ("vertex 0 ", "vertex inf "), ("endloop", "endfacet"), ("outer loop", "outer"),
                     ("solid part", "solidpart"), ("endsolid part", "")],
             "ply": [("element vertex ", "element vertex 9"), ("element face ", "element face 1"),
                     ("format ascii", "format binary_big_endian"), ("uchar int", "uchar float"),
                     ("property float z\n", "")]}[ext]
    for k, (old, new) in enumerate(edits):
        if old in text:
            out[f"{name}-edit{k}.{ext}"] = text.replace(old, new, 1).encode("latin-1")
    return out


def reader_seeds():
    """{harness: {file name: bytes}} for the four reader harnesses."""
    seeds = {"fuzz_read_obj": {}, "fuzz_read_off": {}, "fuzz_read_ply": {}, "fuzz_read_stl": {}}
    objs, offs, plys, stls = (seeds[h] for h in seeds)
    for name, mesh in MESHES.items():
        objs[f"{name}.obj"] = obj(mesh)
        offs[f"{name}.off"] = off(mesh)
        plys[f"{name}-ascii.ply"] = ply(mesh, False)
        plys[f"{name}-binary.ply"] = ply(mesh, True)
    for style in ("slashes", "negative", "continued", "osd", "junk", "uv"):
        objs[f"creased-{style}.obj"] = obj(MESHES["creased"], style=style)
    for name in ("cube", "polygons", "grid", "trigrid", "repeated"):
        objs[f"{name}-uv.obj"] = obj(MESHES[name], style="uv")
    for eol, tag in (("\r\n", "crlf"), ("\r", "cr")):
        objs[f"polygons-{tag}.obj"] = obj(MESHES["polygons"], eol=eol, style="continued")
        offs[f"polygons-{tag}.off"] = off(MESHES["polygons"], eol=eol)
        plys[f"polygons-{tag}.ply"] = ply(MESHES["polygons"], True, extras=True, eol=eol)
    for header in ("COFF", "NOFF", "CNOFF", ""):
        offs[f"grid-{header or 'noheader'}.off"] = off(MESHES["grid"], header=header)
    for coord, count, index in (("d", "B", "I"), ("B", "H", "H"), ("h", "I", "b")):
        mesh = integral(MESHES["trigrid"]) if coord in "Bh" else MESHES["trigrid"]
        for binary in (False, True):
            form = "binary" if binary else "ascii"
            plys[f"trigrid-{coord}{count}{index}-{form}.ply"] = ply(mesh, binary, coord, count,
                                                                      index, extras=True,
                                                                      index_name="vertex_index")
    for name in ("cube", "tetra", "trigrid", "polygons", "empty"):
        stls[f"{name}-ascii.stl"] = stl(MESHES[name], False)
        stls[f"{name}-binary.stl"] = stl(MESHES[name], True)
    for style in ("oneline", "upper", "two"):
        stls[f"cube-{style}.stl"] = stl(MESHES["cube"], False, style=style)
    for eol, tag in (("\r\n", "crlf"), ("\r", "cr")):
        stls[f"polygons-{tag}.stl"] = stl(MESHES["polygons"], False, eol=eol)
    binary = stls["cube-binary.stl"]  # a record cut short, and a count one too many
    stls["cube-binary-cut.stl"] = binary[:-7]
    stls["cube-binary-count.stl"] = binary[:80] + struct.pack("<I", 13) + binary[84:]
    for good, ext in ((objs, "obj"), (offs, "off"), (plys, "ply"), (stls, "stl")):
        for name in ("cube", "polygons") + (("creased",) if ext == "obj" else ()):
            if ext == "stl":
                good.update(nearly(f"{name}-ascii", good[f"{name}-ascii.stl"], ext))
                continue
            for file in (f"{name}.{ext}", f"{name}-ascii.{ext}", f"{name}-binary.{ext}"):
                if file in good:
                    good.update(nearly(file.rsplit(".", 1)[0], good[file], ext))
    models = os.path.join(ROOT, "models")
    for file in sorted(os.listdir(models)):
        path = os.path.join(models, file)
        if file.endswith(".obj") and os.path.getsize(path) <= MAX_LEN:
            with open(path, "rb") as f:
                objs[f"models-{file}"] = f.read()
    return seeds


def round_trip_seeds(readers):
    """fuzz_round_trip's seeds: each reader seed behind option bytes that
    cycle through the read options, both schemes, paths, creasing methods and
    boundary rules (fuzz_round_trip.c gives their meaning)."""
    seeds, k = {}, 0
    for harness, reader in (("fuzz_read_obj", 0), ("fuzz_read_off", 1), ("fuzz_read_ply", 2)):
        for name, data in sorted(readers[harness].items()):
            read = reader | (4 if k % 3 == 1 else 0) | (8 if "repeated" in name else 0)
            subdiv = k % 24 if "tri" not in name and "tetra" not in name else 1 | (k % 12) << 1
            seeds[f"{k:03d}-{name}"] = bytes((read, subdiv)) + data
            k += 1
    return seeds


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_corpus.py OUT")
    corpus = reader_seeds()
    corpus["fuzz_round_trip"] = round_trip_seeds(corpus)
    total = 0
    for harness, files in corpus.items():
        folder = os.path.join(sys.argv[1], harness)
        os.makedirs(folder, exist_ok=True)
        for name, data in files.items():
            with open(os.path.join(folder, "seed-" + name), "wb") as f:
                f.write(data[:MAX_LEN])
        total += len(files)
        print(f"make_corpus: {harness}: {len(files)} seeds")
    print(f"make_corpus: {total} seeds in {sys.argv[1]}")


if __name__ == "__main__":
    main()
