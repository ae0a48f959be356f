"""reorder(): the header's example worked by hand (three triangles along x, listed
at x = 0, 10, 5), the maps applied to the arrays (NumPy), creases following the
vertices, and the subdivision of the reordered cube matched point by point to the
original's."""

import numpy as np

import meshmat
from conftest import CUBE_FACES, CUBE_VERTICES

TRIANGLE = np.array([[-1, 0, 0], [1, 0, 0], [0, 1, 0]], float)


def test_the_documented_example(ctx):
    vertices = np.concatenate([TRIANGLE + [x, 0, 0] for x in (0, 10, 5)])
    with meshmat.Mesh.from_arrays(np.arange(9).reshape(3, 3), vertices, ctx=ctx) as m:
        out, face_from, vertex_from = meshmat.reorder(m)
        with out:
            assert face_from.tolist() == [0, 2, 1]
            assert vertex_from.tolist() == [0, 1, 2, 6, 7, 8, 3, 4, 5]
            assert np.array_equal(out.vertices, vertices[vertex_from])
            assert out.faces.tolist() == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]


def test_the_maps_carry_faces_vertices_and_creases(ctx):
    rng = np.random.default_rng(7)
    shuffled = rng.permutation(len(CUBE_FACES))
    creases = (np.array([[0, 1], [1, 3]]), np.array([2.0, 0.5], np.float32))
    with meshmat.Mesh.from_arrays(CUBE_FACES[shuffled], CUBE_VERTICES, creases=creases,
                                  ctx=ctx) as m:
        out, face_from, vertex_from = meshmat.reorder(m)
        with out:
            new_id = np.argsort(vertex_from)
            assert sorted(face_from.tolist()) == list(range(6))
            assert np.array_equal(out.faces, new_id[CUBE_FACES[shuffled][face_from]])
            assert np.array_equal(out.vertices, CUBE_VERTICES[vertex_from])
            pairs, sharpness = out.creases
            assert np.array_equal(pairs, new_id[creases[0]])
            assert np.array_equal(sharpness, creases[1])


def rows(points):
    """The points' rows rounded to 12 digits and sorted: a numbering-free view."""
    r = np.round(points, 12) + 0.0
    return r[np.lexsort(r.T[::-1])]


def test_the_subdivision_is_the_same_surface(ctx):
    with meshmat.Mesh.from_arrays(CUBE_FACES[::-1], CUBE_VERTICES, ctx=ctx) as m:
        out, _, _ = meshmat.reorder(m)
        with out, meshmat.subdivide(m, levels=2) as a, meshmat.subdivide(out, levels=2) as b:
            assert a.num_vertices == b.num_vertices == 98
            assert np.allclose(rows(a.vertices), rows(b.vertices), rtol=0, atol=1e-12)
