"""The test shapes themselves are what the tests assume: closed, outward-facing."""

from conftest import CUBE_FACES, CUBE_VERTICES, TETRA_FACES, TETRA_VERTICES, outward


def test_shapes_face_outwards():
    assert outward(CUBE_VERTICES, CUBE_FACES)
    assert outward(TETRA_VERTICES, TETRA_FACES)


def test_shapes_are_closed():
    for faces in (CUBE_FACES, TETRA_FACES):
        sides = {(int(a), int(b)) for f in faces for a, b in zip(f, list(f[1:]) + [f[0]])}
        assert all((b, a) in sides for a, b in sides)
