"""Face-varying channels and limit evaluation from Python: a cube whose faces are
charts of their own (every edge a seam) refines its UVs bilinearly face by face
(hand-derived: corners kept, edge midpoints, face centres), and so does a fin of
three quads on one edge (not a 2-manifold); a channel without
seams holding the positions refines as the positions; Subdivision.eval_limit
equals limit() of subdivide()'s result; bad channels raise."""

import numpy as np
import pytest

import meshmat
from conftest import CUBE_FACES, CUBE_VERTICES


def _charts(faces):
    """Each face its own chart: face f's corner k names value 4 f + k (a square's
    corners in UV space, shifted per face)."""
    square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], float)
    values = np.concatenate([square + [2.0 * f, 0.0] for f in range(len(faces))])
    return values, np.arange(4 * len(faces), dtype=np.uint32)


def _face_by_face(values, faces, corners=True):
    """The values a channel of charts (_charts) takes refined once face by face:
    each chart's centre and edge midpoints, and (corners) its corners."""
    want = set()
    for f in range(faces):
        sq = values[4 * f:4 * f + 4]
        want |= {tuple(np.round(sq.mean(axis=0), 12))}
        want |= {tuple(np.round((sq[k] + sq[(k + 1) % 4]) / 2, 12)) for k in range(4)}
        if corners:
            want |= {tuple(np.round(p, 12)) for p in sq}
    return want


@pytest.mark.parametrize("interp", ["boundaries", "all", "corners_only", "none"])
def test_cube_of_charts_refines_face_by_face(cube, interp):
    values, corners = _charts(CUBE_FACES)
    cube.add_channel("uv", values, corners)
    assert list(cube.channels) == ["uv"]
    with meshmat.subdivide(cube, 1, fvar_interp=interp) as fine:
        uv, ids = fine.channels["uv"]
        assert ids.size == fine.info["nnz"] and uv.shape[1] == 2
        got = {tuple(np.round(uv[i], 12)) for i in ids}
        # Every corner is a chart's corner; with a value in one face, "none" alone
        # lets it move (a smooth boundary), so its corners are not kept there.
        want = _face_by_face(values, 6, corners=interp != "none")
        if interp == "none":
            assert {p for p in got if p in want} == want  # centres and midpoints
        else:
            assert got == want


@pytest.mark.parametrize("interp", ["boundaries", "all"])
def test_fin_of_charts_refines_face_by_face(ctx, interp):
    """Three quads on one edge (not a 2-manifold), each its own chart: every
    value at the fin's vertices is a corner and every edge a seam (Far's rules
    there), so the refined values are the charts' corners, edge midpoints and
    centres, as on the cube."""
    fin = np.array([[0, 1, 2, 3], [1, 0, 4, 5], [0, 1, 6, 7]])
    xyz = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 0.1, 1], [1, 0.1, 1],
                    [1, 0, -1], [0, 0.2, -1]], float)
    values, corners = _charts(fin)
    with meshmat.Mesh.from_arrays(fin, xyz, ctx=ctx) as mesh:
        assert mesh.stats()["nonmanifold_edges"] == 1
        mesh.add_channel("uv", values, corners)
        with meshmat.subdivide(mesh, 1, fvar_interp=interp) as fine:
            uv, ids = fine.channels["uv"]
            assert ids.size == fine.info["nnz"] == 48
            got = {tuple(np.round(uv[i], 12)) for i in ids}
    assert got == _face_by_face(values, 3)


def test_limit_positions_on_a_fin(ctx):
    """Three quads on one edge: the limit positions alone are defined (the fin's
    ends are corners Far keeps in place); its tangents are refused, naming a
    vertex."""
    fin = np.array([[0, 1, 2, 3], [1, 0, 4, 5], [0, 1, 6, 7]])
    xyz = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 0.1, 1], [1, 0.1, 1],
                    [1, 0, -1], [0, 0.2, -1]], float)
    with meshmat.Mesh.from_arrays(fin, xyz, ctx=ctx) as mesh:
        with meshmat.subdivide(mesh, 1) as fine:
            p = meshmat.limit(fine, "catmark", tangents=False)
            assert p.shape == (fine.info["num_vertices"], 3)
            np.testing.assert_allclose(p[:2], xyz[:2], atol=1e-15)
            with pytest.raises(meshmat.InvalidMeshError, match="vertex"):
                meshmat.limit(fine, "catmark")


def test_seamless_channel_follows_the_vertices(cube):
    faces = np.asarray(CUBE_FACES)
    cube.add_channel("xyz", CUBE_VERTICES, faces.reshape(-1))
    with meshmat.subdivide(cube, 2, fvar_interp="none") as fine:
        values, ids = fine.channels["xyz"]
        np.testing.assert_allclose(values[ids], fine.vertices[fine.face_vertices], atol=1e-14)


@pytest.mark.parametrize("mode", ["dynamic", "static"])
def test_eval_limit_equals_limit_of_subdivide(cube, mode):
    with meshmat.subdivide(cube, 2) as fine:
        want = meshmat.limit(fine, "catmark")
    s = meshmat.Subdivision(cube, 2, mode=mode)
    got = s.eval_limit()
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, atol=1e-13)
    # the limit of a closed convex cage lies inside it
    assert np.abs(got[0]).max() < 1.0
    s.close()


def test_bad_channels_raise(cube):
    values, corners = _charts(CUBE_FACES)
    bad = corners.copy()
    bad[5] = 99
    with pytest.raises(meshmat.InvalidMeshError, match="corner 1 of face 1"):
        cube.add_channel("uv", values, bad)
    with pytest.raises(meshmat.InvalidArgumentError):
        cube.add_channel("uv", values, corners[:-1])
    with pytest.raises(meshmat.InvalidArgumentError):
        meshmat.subdivide(cube, 1, fvar_interp="bilinear")
    assert cube.channels == {}


def test_ply_vertex_properties_round_trip(ctx, tmp_path):
    """Extra vertex data columns, named for PLY, are written and read back by name and
    type; an interpolated uchar colour is rounded on writing."""
    faces = np.array([[0, 1, 2, 3]])
    xyz = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], float)
    colour = np.array([[0], [255], [255], [0]], float)
    m = meshmat.Mesh.from_arrays(faces, np.hstack([xyz, colour]), ctx=ctx)
    m.set_vertex_property(3, "red", "uchar")
    assert m.vertex_properties == {3: ("red", "uchar")}
    with meshmat.subdivide(m, 1) as fine:
        assert fine.vertex_properties == {3: ("red", "uchar")}
        path = str(tmp_path / "fine.ply")
        meshmat.write(fine, path)
    back = meshmat.read(path, ctx=ctx)
    assert back.vertex_properties == {3: ("red", "uchar")}
    red = back.vertices[:, 3]
    assert set(np.unique(red)) <= set(range(256)) and red.max() > red.min()
    with pytest.raises(meshmat.InvalidArgumentError):
        m.set_vertex_property(1, "x2", "float")
