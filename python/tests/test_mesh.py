"""Mesh construction, its arrays and statistics, and files: round trips and the
errors that name what is wrong (file and line, face or vertex)."""

import numpy as np
import pytest

import meshmat
from conftest import CUBE_FACES, CUBE_VERTICES, TETRA_FACES, TETRA_VERTICES


def test_cube_arrays_round_trip(cube):
    assert cube.info["num_vertices"] == 8 and cube.info["num_faces"] == 6
    assert cube.info["nnz"] == 24 and cube.info["uniform_order"] == 4
    assert np.array_equal(cube.vertices, CUBE_VERTICES)
    assert np.array_equal(cube.faces, CUBE_FACES)
    assert np.array_equal(cube.face_offsets, np.arange(0, 25, 4))


def test_mixed_orders_and_float32(ctx):
    faces = [[0, 1, 2, 3], [1, 4, 2]]
    xyz = np.array([[0, 0], [1, 0], [1, 1], [0, 1], [2, 0.5]], np.float32)
    with meshmat.Mesh.from_arrays(faces, xyz, ctx=ctx) as m:
        assert m.info["uniform_order"] == 0 and m.info["precision"] == "float32"
        assert m.vertices.dtype == np.float32 and np.array_equal(m.vertices, xyz)
        assert [list(f) for f in m.faces] == faces
        assert list(m.face_offsets) == [0, 4, 7]
        assert list(m.order_histogram()) == [0, 0, 0, 1, 1]


def test_empty_mesh_and_ragged_object_array(ctx):
    with meshmat.Mesh.from_arrays([], np.zeros((0, 3)), ctx=ctx) as m:
        assert m.num_vertices == 0 and m.num_faces == 0 and m.faces == []
    ragged = np.empty(2, dtype=object)
    ragged[:] = [[0, 1, 2], [0, 2, 3, 1]]
    with meshmat.Mesh.from_arrays(ragged, np.eye(4, 3), ctx=ctx) as m:
        assert [list(f) for f in m.faces] == [[0, 1, 2], [0, 2, 3, 1]]


def test_tags_round_trip(ctx):
    creases = (np.array([[0, 1], [1, 3]]), np.array([2.0, 10.0]))
    corners = (np.array([7]), np.array([1.5]))
    with meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, creases=creases, corners=corners,
                                  holes=[5], boundary="edge_and_corner", ctx=ctx) as m:
        pairs, sharp = m.creases
        assert np.array_equal(pairs, creases[0]) and np.array_equal(sharp, creases[1])
        ids, sharp = m.corners
        assert list(ids) == [7] and list(sharp) == [1.5]
        assert list(m.holes) == [5] and m.info["boundary"] == "edge_and_corner"


def test_cube_statistics_follow_euler(cube):
    s = cube.stats()
    # A closed genus-0 surface: V - E + F = 2, and every quad side pairs with another.
    assert s["vertices"] - s["edges"] + s["faces"] == 2
    assert s["edges"] == 4 * 6 // 2
    assert s["boundary_edges"] == s["nonmanifold_edges"] == s["flipped_edges"] == 0
    assert s["components"] == 1


def test_open_mesh_statistics(ctx):
    with meshmat.Mesh.from_arrays(CUBE_FACES[:5], CUBE_VERTICES, ctx=ctx) as m:
        s = m.stats()
        assert s["boundary_edges"] == 4 and s["boundary_loops"] == 1


def test_mesh_matrix_is_the_incidence_matrix(cube):
    M = cube.matrix
    assert M.shape == (8, 6) and M.format == "csc" and M.value_type == "pattern"
    indptr, rows, values = M.arrays()
    assert values is None
    assert np.array_equal(indptr, np.arange(0, 25, 4))
    assert np.array_equal(rows.reshape(6, 4), CUBE_FACES)


@pytest.mark.parametrize("name", ["cube.obj", "cube.off", "cube.ply"])
def test_write_read_round_trip(cube, ctx, tmp_path, name):
    xyz = CUBE_VERTICES + np.array([0.1, 1 / 3, 1e-7])  # values with long decimal expansions
    with meshmat.Mesh.from_arrays(CUBE_FACES, xyz, ctx=ctx) as m:
        meshmat.write(m, tmp_path / name)
    with meshmat.read(tmp_path / name, ctx=ctx) as back:
        assert np.array_equal(back.vertices, xyz)  # bit for bit
        assert np.array_equal(back.faces, CUBE_FACES)


def test_ply_ascii_and_tags_through_obj(ctx, tmp_path):
    creases = (np.array([[0, 2]]), np.array([3.0]))
    with meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, creases=creases, ctx=ctx) as m:
        meshmat.write(m, tmp_path / "a.ply", format="ply_ascii")
        meshmat.write(m, tmp_path / "c.obj")
    assert (tmp_path / "a.ply").read_bytes().startswith(b"ply\nformat ascii 1.0")
    with meshmat.read(tmp_path / "c.obj", ctx=ctx) as back:
        pairs, sharp = back.creases
        assert sorted(pairs[0]) == [0, 2] and list(sharp) == [3.0]


def test_read_bytes_and_float32(ctx):
    text = b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"
    with meshmat.read_bytes(text, "tri.obj", precision="float32", ctx=ctx) as m:
        assert m.vertices.dtype == np.float32
        assert m.faces.tolist() == [[0, 1, 2]]


def test_bad_file_names_file_and_line(ctx, tmp_path):
    path = tmp_path / "broken.obj"
    path.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 0 2\n")
    with pytest.raises(meshmat.ParseError) as e:
        meshmat.read(path, ctx=ctx)
    assert "mm_mesh_read" in str(e.value) and "broken.obj:4" in str(e.value)
    assert e.value.status == -5 and e.value.status_name == "MM_ERR_PARSE"
    assert ctx.last_error == str(e.value)


def test_face_out_of_range_names_face_and_line(ctx, tmp_path):
    path = tmp_path / "range.obj"
    path.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 9\n")
    with pytest.raises(meshmat.InvalidMeshError, match="range.obj:5"):
        meshmat.read(path, ctx=ctx)


def test_file_errors(ctx, tmp_path):
    with pytest.raises(meshmat.FileIOError) as e:
        meshmat.read(tmp_path / "missing.obj", ctx=ctx)
    assert isinstance(e.value, OSError) and "missing.obj" in str(e.value)
    (tmp_path / "x.nope").write_text("v 0 0 0\n")
    with pytest.raises(meshmat.FormatError, match="x.nope"):
        meshmat.read(tmp_path / "x.nope", ctx=ctx)


def test_failed_write_leaves_file(cube, tmp_path):
    with pytest.raises(meshmat.FileIOError):
        meshmat.write(cube, tmp_path / "no" / "such" / "folder.obj")
    with pytest.raises(meshmat.FormatError):
        meshmat.write(cube, tmp_path / "cube.nope")
    assert not (tmp_path / "cube.nope").exists()


@pytest.mark.parametrize("faces, vertices, error, text", [
    ([[0, 1, 9]], TETRA_VERTICES, meshmat.InvalidMeshError, "face 0"),
    ([[0, 1]], TETRA_VERTICES, meshmat.InvalidMeshError, "face 0"),
    ([[0, 1, 1]], TETRA_VERTICES, meshmat.InvalidMeshError, "face 0"),
    (TETRA_FACES, np.array([[0, 0, 0], [1, 0, 0], [0, np.nan, 0], [0, 0, 1.0]]),
     meshmat.InvalidMeshError, "vertex 2"),
    ([[0, 1, -2]], TETRA_VERTICES, meshmat.InvalidArgumentError, "-2"),
    (np.array([[0.0, 1.0, 2.0]]), TETRA_VERTICES, meshmat.InvalidArgumentError, "integers"),
    (TETRA_FACES, TETRA_VERTICES.reshape(-1), meshmat.InvalidArgumentError, "dimension"),
    (TETRA_FACES, np.array([["a", "b", "c"]] * 4), meshmat.InvalidArgumentError, "real"),
])
def test_bad_mesh_arrays(ctx, faces, vertices, error, text):
    with pytest.raises(error, match=text):
        meshmat.Mesh.from_arrays(faces, vertices, ctx=ctx)


def test_bad_tags(ctx):
    with pytest.raises(meshmat.InvalidMeshError):
        meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, creases=([[0, 0]], [1.0]), ctx=ctx)
    with pytest.raises(meshmat.InvalidMeshError):
        meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, corners=([3], [-1.0]), ctx=ctx)
    with pytest.raises(meshmat.InvalidArgumentError, match="sharpness"):
        meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, creases=([[0, 1]], [1, 2]), ctx=ctx)
    with pytest.raises(meshmat.InvalidArgumentError, match="pair"):
        meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, corners=[1, 2, 3], ctx=ctx)
    with pytest.raises(meshmat.InvalidArgumentError, match="boundary"):
        meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, boundary="of_mesh", ctx=ctx)


def test_default_context_is_used(tmp_path):
    with meshmat.Mesh.from_arrays(TETRA_FACES, TETRA_VERTICES) as m:
        assert m.ctx is meshmat.default_context()
