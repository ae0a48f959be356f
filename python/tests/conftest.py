"""Shared fixtures: a CPU context, a CUDA one (for the tests that skip without a
device), the unit cube as arrays, mesh files written into pytest's temporary
folder (the tests need no file of the repository), and DLPack's tensor layout."""

import ctypes

import numpy as np
import pytest

import meshmat

# The cube [-1, 1]^3, faces counter-clockwise seen from outside.
CUBE_VERTICES = np.array([[x, y, z] for z in (-1, 1) for y in (-1, 1) for x in (-1, 1)], float)
CUBE_FACES = np.array([[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2],
                       [1, 3, 7, 5]])
TETRA_VERTICES = np.array([[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]], float)
TETRA_FACES = np.array([[0, 1, 2], [0, 2, 3], [0, 3, 1], [1, 3, 2]])


class DLTensor(ctypes.Structure):  # dlpack.h's DLManagedTensor, written out for the test
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32),
                ("device_id", ctypes.c_int32), ("ndim", ctypes.c_int32),
                ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64),
                ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


@pytest.fixture
def ctx():
    with meshmat.Context("cpu") as c:
        yield c


@pytest.fixture
def gpu():
    with meshmat.Context("cuda") as c:
        yield c


@pytest.fixture
def cube(ctx):
    with meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=ctx) as m:
        yield m


@pytest.fixture
def tetra(ctx):
    with meshmat.Mesh.from_arrays(TETRA_FACES, TETRA_VERTICES, ctx=ctx) as m:
        yield m


def outward(vertices, faces):
    """True when every face's normal (Newell's) points away from the centroid."""
    centre = vertices.mean(axis=0)
    for f in faces:
        p = vertices[f]
        normal = np.cross(p - p.mean(axis=0), np.roll(p, -1, axis=0) - p.mean(axis=0)).sum(0)
        if normal @ (p.mean(axis=0) - centre) <= 0:
            return False
    return True
