"""Subdivision against hand-derived results: Catmull-Clark's level 1 of the cube
(counts from V' = V + E + F, positions from the rules), Loop's and √3's counts,
the build / eval split and static mode's matrices against NumPy products."""

import numpy as np
import pytest

import meshmat
from conftest import CUBE_FACES, TETRA_FACES, outward


def _edges(faces):
    return {tuple(sorted((int(a), int(b)))) for f in faces for a, b in zip(f, np.roll(f, -1))}


def test_cube_catmull_clark_level_one(cube):
    with meshmat.subdivide(cube, 1) as fine:
        v, e, f = 8, len(_edges(CUBE_FACES)), 6
        assert fine.num_vertices == v + e + f and fine.num_faces == 4 * f
        assert fine.info["uniform_order"] == 4
        # The rules on the cube [-1, 1]^3: a corner (valence 3) goes to
        # (Q + 2R + (n - 3) P) / n = ((1/3) + 2 (2/3)) / 3 = 5/9 per coordinate; a face
        # point is the face's centre (1, 0, 0); an edge point averages the edge's ends
        # and its faces' points: ((1,1,1) + (1,1,-1) + (1,0,0) + (0,1,0)) / 4 = (3/4, 3/4, 0).
        expected = {tuple(5 / 9 * (2 * b - 1) for b in bits) for bits in np.ndindex(2, 2, 2)}
        for axis in range(3):
            for s in (-1, 1):
                p = [0.0, 0.0, 0.0]
                p[axis] = s
                expected.add(tuple(p))
                for t in (-1, 1):
                    q = [0.75 * s, 0.75 * t, 0.0]
                    expected.add(tuple(np.roll(q, axis)))
        got = fine.vertices
        assert len(expected) == 26
        for p in expected:
            assert np.isclose(got, p, atol=1e-15).all(axis=1).sum() == 1
        assert outward(got, fine.faces)
        assert fine.stats()["vertices"] - fine.stats()["edges"] + fine.num_faces == 2


def _sorted_rows(a):
    return a[np.lexsort(a.T[::-1])]


def test_two_levels_equal_one_twice(cube):
    # The same surface (the numbering differs: level 1's edges are renumbered)
    with meshmat.subdivide(cube, 2) as twice, meshmat.subdivide(cube, 1) as once, \
            meshmat.subdivide(once, 1) as again:
        assert twice.num_vertices == 26 + 48 + 24 and twice.num_faces == 96
        for m in (twice, again):
            assert outward(m.vertices, m.faces)
        a, b = twice.vertices, again.vertices
        assert np.allclose(_sorted_rows(a), _sorted_rows(b), atol=1e-15)
        centres = [_sorted_rows(m.vertices[m.faces].mean(axis=1)) for m in (twice, again)]
        assert np.allclose(*centres, atol=1e-15)


@pytest.mark.parametrize("path", ["generic", "specialized"])
def test_paths_agree(cube, path):
    with meshmat.subdivide(cube, 2, path=path) as a, meshmat.subdivide(cube, 2) as b:
        assert np.allclose(a.vertices, b.vertices, atol=1e-12)


@pytest.mark.parametrize("scheme, faces_per_face, new_vertices", [
    ("loop", 4, lambda v, e, f: v + e),      # a point per edge
    ("sqrt3", 3, lambda v, e, f: v + f),     # a point per face, then edges flipped
])
def test_triangle_schemes_counts(tetra, scheme, faces_per_face, new_vertices):
    with meshmat.subdivide(tetra, 1, scheme) as fine:
        assert fine.num_faces == faces_per_face * 4
        assert fine.num_vertices == new_vertices(4, len(_edges(TETRA_FACES)), 4)
        assert outward(fine.vertices, fine.faces)


def test_build_eval_and_static_matrices(cube):
    with meshmat.Subdivision(cube, 2, mode="static") as s:
        assert s.levels == 2
        assert [s.counts(level)["vertices"] for level in range(3)] == [8, 26, 98]
        assert s.edges(1).shape == (48, 2)
        positions = s.eval()
        with meshmat.subdivide(cube, 2) as direct:
            assert np.allclose(positions, direct.vertices, atol=1e-12)
        # Any vertex data refines through the same (linear) rules: R x0.
        data = np.random.default_rng(1).normal(size=(8, 5))
        indptr, cols, values = s.matrix(0, 2).arrays()
        R = np.zeros((98, 8))
        for i in range(98):
            R[i, cols[indptr[i]:indptr[i + 1]]] = values[indptr[i]:indptr[i + 1]]
        assert np.allclose(R.sum(axis=1), 1)
        assert np.allclose(s.eval(data), R @ data, atol=1e-12)
        assert s.level_matrix(1).shape == (26, 24)
        edge_sharpness, vertex_sharpness = s.sharpness(1)
        assert not edge_sharpness.any() and not vertex_sharpness.any()


def test_progress_is_called(cube):
    seen = []
    with meshmat.subdivide(cube, 2, progress=lambda *a: seen.append(a)):
        pass
    assert ("eval", 2, 2) in seen


def test_progress_exception_is_raised(cube):
    def stop(phase, level, levels):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        meshmat.subdivide(cube, 2, progress=stop)
    with pytest.raises(KeyboardInterrupt):
        meshmat.Subdivision(cube, 2, progress=stop)


def test_subdivision_errors(cube, tetra):
    with pytest.raises(meshmat.InvalidArgumentError, match="levels"):
        meshmat.subdivide(cube, -1)
    with pytest.raises(meshmat.InvalidArgumentError, match="scheme"):
        meshmat.subdivide(cube, 1, "butterfly")
    with pytest.raises(meshmat.InvalidArgumentError, match="levels"):
        meshmat.subdivide(cube, 1.5)
    with pytest.raises(meshmat.InvalidMeshError, match="triangle"):
        meshmat.subdivide(cube, 1, "loop")
    with pytest.raises(meshmat.InvalidArgumentError):
        meshmat.subdivide(tetra, 1, "sqrt3", boundary="edge_and_corner")
    with meshmat.Subdivision(cube, 1) as s:
        with pytest.raises(meshmat.InvalidArgumentError, match="rows|vertices"):
            s.eval(np.zeros((7, 3)))
        with pytest.raises(meshmat.InvalidArgumentError, match="static"):
            s.matrix(0, 1)
        with pytest.raises(meshmat.InvalidArgumentError, match="level"):
            s.counts(2)
