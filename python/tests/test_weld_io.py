"""STL reading (the triangle soup), welding and its report, .glb writing and write
progress. The STL and the expectations are made here (struct, NumPy, by hand);
the .glb is parsed here from the glTF 2.0 binary layout."""

import json
import struct

import numpy as np
import pytest

import meshmat
from conftest import CUBE_FACES, CUBE_VERTICES

# The cube as 12 triangles, each quad (a, b, c, d) fanned into (a, b, c), (a, c, d):
# the soup STL stores, 36 vertex copies of 8 points.
CUBE_TRIANGLES = np.array([[f[0], f[i], f[i + 1]] for f in CUBE_FACES for i in (1, 2)])
CUBE_SOUP = CUBE_VERTICES[CUBE_TRIANGLES].reshape(-1, 3)


def binary_stl(corners):
    """A binary STL of triangles (T, 3, 3): 80-byte header, u32 count, 50-byte records
    (normal, three vertices as float32, u16 attribute)."""
    records = b"".join(struct.pack("<12fH", 0, 0, 0, *t.reshape(-1), 0) for t in corners)
    return b"meshmat test".ljust(80, b" ") + struct.pack("<I", len(corners)) + records


def ascii_stl(corners):
    """An ASCII STL of triangles (T, 3, 3), keywords in mixed case as files have them."""
    lines = ["solid cube"]
    for t in corners:
        lines += ["  facet normal 0 0 0", "    outer loop"]
        lines += [f"      vertex {x:.17g} {y:.17g} {z:.17g}" for x, y, z in t]
        lines += ["    endloop", "  ENDFACET"]
    return ("\n".join(lines + ["endsolid cube"]) + "\n").encode()


def first_occurrence_weld(points):
    """The exact weld by hand: each distinct point once, in the order of its first
    copy, and each copy's new id."""
    _, first, ids = np.unique(points, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(first)  # classes numbered by their first copy
    new_id = np.empty_like(order)
    new_id[order] = np.arange(order.size)
    return points[np.sort(first)], new_id[ids.reshape(-1)]


@pytest.mark.parametrize("make", [binary_stl, ascii_stl])
def test_stl_soup_welds_to_the_cube(ctx, tmp_path, make):
    path = tmp_path / "cube.stl"
    path.write_bytes(make(CUBE_SOUP.reshape(12, 3, 3)))
    with meshmat.read(path, ctx=ctx) as soup:  # format from the extension
        assert (soup.num_vertices, soup.num_faces) == (36, 12)
        assert np.array_equal(soup.vertices, CUBE_SOUP)
        assert np.array_equal(soup.faces, np.arange(36).reshape(12, 3))
        welded, report = meshmat.weld(soup)
    with welded:
        expected_vertices, new_id = first_occurrence_weld(CUBE_SOUP)
        assert expected_vertices.shape == (8, 3)
        assert np.array_equal(welded.vertices, expected_vertices)
        assert np.array_equal(welded.faces, new_id.reshape(12, 3))
        s = welded.stats()  # now connected: a closed surface of 12 triangles
        assert s["edges"] == 18 and s["boundary_edges"] == 0 and s["components"] == 1
    assert report == meshmat.WeldReport(vertices_in=36, vertices_out=8, faces_in=12,
                                        faces_out=12, faces_reduced=0, faces_dropped=0,
                                        creases_dropped=0, corners_dropped=0, holes_dropped=0,
                                        passes=1)


def test_stl_by_format_name_and_from_bytes(ctx, tmp_path):
    data = binary_stl(CUBE_SOUP.reshape(12, 3, 3)[:2])
    (tmp_path / "two.dat").write_bytes(data)
    with meshmat.read(tmp_path / "two.dat", format="stl", ctx=ctx) as m:
        assert (m.num_vertices, m.num_faces) == (6, 2)
    with meshmat.read_bytes(data, "two.stl", ctx=ctx) as m:
        assert np.array_equal(m.vertices, CUBE_SOUP[:6])


# A quad whose last corner lies 1e-4 from the one before it, and a triangle 1e-4
# across, with creases, corners and a hole on them (ids by hand).
NEAR_VERTICES = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1 + 1e-4, 0],
                          [5, 5, 5], [5 + 1e-4, 5, 5], [5, 5 + 1e-4, 5]])
NEAR_FACES = [[0, 1, 2, 3], [4, 5, 6]]


def near_mesh(ctx):
    return meshmat.Mesh.from_arrays(NEAR_FACES, NEAR_VERTICES, ctx=ctx,
                                    creases=([[2, 3], [0, 1]], [1.0, 2.0]),
                                    corners=([2, 3], [1.0, 2.0]), holes=[1])


@pytest.mark.parametrize("tolerance", [0.0, 1e-5])
def test_weld_keeps_points_further_apart_than_the_tolerance(ctx, tolerance):
    with near_mesh(ctx) as m:
        welded, report = meshmat.weld(m, tolerance)
    with welded:
        assert np.array_equal(welded.vertices, NEAR_VERTICES)
        assert [list(f) for f in welded.faces] == NEAR_FACES
    assert (report.vertices_in, report.vertices_out) == (7, 7)
    assert (report.faces_in, report.faces_out) == (2, 2)
    assert report.faces_reduced == report.faces_dropped == report.creases_dropped == 0
    assert report.corners_dropped == report.holes_dropped == 0


def test_weld_within_the_tolerance_and_its_report(ctx):
    with near_mesh(ctx) as m:
        welded, report = meshmat.weld(m, tolerance=1e-3)
    # classes {0}, {1}, {2, 3}, {4, 5, 6}: the quad loses its repeated corner and
    # becomes the triangle (0, 1, 2); the small triangle collapses and is dropped,
    # with its hole; the crease 2-3 has merged ends; corners 2 and 3 are now one,
    # the last (sharpness 2) kept.
    with welded:
        assert np.array_equal(welded.vertices, NEAR_VERTICES[[0, 1, 2, 4]])
        assert welded.faces.tolist() == [[0, 1, 2]]
        pairs, sharpness = welded.creases
        assert pairs.tolist() == [[0, 1]] and sharpness.tolist() == [2.0]
        ids, sharpness = welded.corners
        assert ids.tolist() == [2] and sharpness.tolist() == [2.0]
        assert welded.holes.size == 0
    assert report == meshmat.WeldReport(vertices_in=7, vertices_out=4, faces_in=2, faces_out=1,
                                        faces_reduced=1, faces_dropped=1, creases_dropped=1,
                                        corners_dropped=1, holes_dropped=1,
                                        passes=report.passes)
    assert report.passes >= 1


def test_weld_tolerance_chains(ctx):
    # links join points within t; the chain 0, 0.8, 1.6 is one class though its
    # ends are 1.6 apart; 3.0 is 1.4 from 1.6 and stays apart
    x = np.array([[0.0], [0.8], [1.6], [3.0]]) * np.array([[1.0, 0.0, 0.0]])
    with meshmat.Mesh.from_arrays([], x, ctx=ctx) as points:
        welded, report = meshmat.weld(points, 1.0)
    with welded:
        assert np.array_equal(welded.vertices, x[[0, 3]])
    assert (report.vertices_in, report.vertices_out, report.faces_out) == (4, 2, 0)


@pytest.mark.parametrize("tolerance", [-1e-3, float("nan"), float("inf")])
def test_weld_refuses_bad_tolerances(cube, tolerance):
    with pytest.raises(meshmat.InvalidArgumentError, match="mm_mesh_weld: tolerance"):
        meshmat.weld(cube, tolerance)


def test_weld_refuses_a_tolerance_that_is_not_a_number(cube):
    with pytest.raises(meshmat.InvalidArgumentError, match="tolerance"):
        meshmat.weld(cube, "0.1")


def parse_glb(data):
    """(header version, JSON document, BIN chunk) of a .glb, its framing checked."""
    magic, version, length = struct.unpack_from("<4sII", data, 0)
    assert magic == b"glTF" and length == len(data)
    json_length, json_type = struct.unpack_from("<I4s", data, 12)
    assert json_type == b"JSON" and json_length % 4 == 0
    document = json.loads(data[20:20 + json_length])
    bin_at = 20 + json_length
    bin_length, bin_type = struct.unpack_from("<I4s", data, bin_at)
    assert bin_type == b"BIN\0" and bin_length % 4 == 0
    assert bin_at + 8 + bin_length == length  # nothing after the two chunks
    return version, document, data[bin_at + 8:]


def accessor_array(document, binary, index):
    """The accessor's elements as a NumPy array, read through its buffer view."""
    accessor = document["accessors"][index]
    view = document["bufferViews"][accessor["bufferView"]]
    dtype = {5123: "<u2", 5125: "<u4", 5126: "<f4"}[accessor["componentType"]]
    width = {"SCALAR": 1, "VEC3": 3}[accessor["type"]]
    view_start = view.get("byteOffset", 0)
    start = view_start + accessor.get("byteOffset", 0)
    count = accessor["count"] * width
    assert start + count * np.dtype(dtype).itemsize <= view_start + view["byteLength"]
    assert view_start + view["byteLength"] <= len(binary)
    return np.frombuffer(binary, dtype, count, start).reshape(accessor["count"], width)


def test_glb_of_the_cube(cube, tmp_path):
    meshmat.write(cube, tmp_path / "cube.glb")
    version, document, binary = parse_glb((tmp_path / "cube.glb").read_bytes())
    assert version == 2 and document["asset"]["version"] == "2.0"
    (primitive,) = document["meshes"][0]["primitives"]
    assert primitive.get("mode", 4) == 4  # TRIANGLES
    position, normal, indices = (primitive["attributes"]["POSITION"],
                                 primitive["attributes"]["NORMAL"], primitive["indices"])
    accessors = document["accessors"]
    assert accessors[position]["count"] == accessors[normal]["count"] == 8
    assert accessors[indices]["count"] == 36  # 6 quads, 2 triangles each
    assert accessors[indices]["componentType"] == 5123  # UNSIGNED_SHORT: 8 vertices
    assert accessors[position]["min"] == [-1, -1, -1] and accessors[position]["max"] == [1, 1, 1]
    assert np.array_equal(accessor_array(document, binary, position), CUBE_VERTICES)
    assert np.array_equal(accessor_array(document, binary, indices).reshape(12, 3),
                          CUBE_TRIANGLES)
    # each corner's normal: the sum of its three faces' area vectors, along the corner
    assert np.allclose(accessor_array(document, binary, normal), CUBE_VERTICES / np.sqrt(3),
                       atol=1e-6)


def test_glb_by_format_name_and_refusals(cube, ctx, tmp_path):
    meshmat.write(cube, tmp_path / "cube.bin", format="glb")
    assert (tmp_path / "cube.bin").read_bytes()[:4] == b"glTF"
    with meshmat.Mesh.from_arrays([], np.zeros((3, 3)), ctx=ctx) as points:
        with pytest.raises(meshmat.FormatError):
            meshmat.write(points, tmp_path / "points.glb")
    assert not (tmp_path / "points.glb").exists()
    with pytest.raises(meshmat.FormatError):
        meshmat.read(tmp_path / "cube.bin", format="glb", ctx=ctx)


def test_writing_stl_is_refused(cube, tmp_path):
    with pytest.raises(meshmat.FormatError, match="STL is read only"):
        meshmat.write(cube, tmp_path / "cube.obj", format="stl")
    with pytest.raises(meshmat.FormatError):
        meshmat.write(cube, tmp_path / "cube.stl")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["cube.obj", "cube.off", "cube.ply", "cube.glb"])
def test_write_progress_ends_at_the_total(cube, tmp_path, name):
    seen = []
    meshmat.write(cube, tmp_path / name, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (8 + 6, 8 + 6)  # rows: vertices + faces
    assert all(0 < done <= total == 14 for done, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_write_progress_exception_is_raised(cube, tmp_path):
    class Stop(Exception):
        pass

    calls = []

    def stop(done, total):
        calls.append(done)
        raise Stop(done)

    with pytest.raises(Stop):
        meshmat.write(cube, tmp_path / "cube.ply", progress=stop)
    assert len(calls) == 1  # no further call reached the function
    assert (tmp_path / "cube.ply").exists()  # the write itself ran to its end
    with pytest.raises(meshmat.InvalidArgumentError, match="format"):
        meshmat.write(cube, tmp_path / "cube.ply", format="gltf")
