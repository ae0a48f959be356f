"""A mesh numbered in a local order (include/meshmat/reorder.h): reorder() sorts
the faces by the Morton code of their centroids and numbers the vertices by first
use, so that a subdivision of it, numbered after it, evaluates faster on the GPU."""

import ctypes

import numpy as np

from ._capi import lib
from .mesh import Mesh


def reorder(mesh):
    """(Mesh, face_from, vertex_from): the same mesh, on mesh's context, its faces and
    vertices renumbered (mm_mesh_reorder). face_from[i] is the face of mesh that is the
    new face i, vertex_from[j] the vertex that is the new vertex j (uint32 arrays), so
    that per-vertex data of the old numbering moves over as data[vertex_from]. Tags,
    face-varying channels and named columns follow; the surface is the same."""
    ctx = mesh.ctx
    face_from = np.empty(mesh.num_faces, np.uint32)
    vertex_from = np.empty(mesh.num_vertices, np.uint32)
    out = ctypes.c_void_p()
    ids = ctypes.POINTER(ctypes.c_uint32)
    ctx.check(lib.mm_mesh_reorder(ctx.ptr, mesh.ptr, ctypes.byref(out),
                                  face_from.ctypes.data_as(ids), vertex_from.ctypes.data_as(ids)))
    return Mesh(out.value, ctx), face_from, vertex_from
