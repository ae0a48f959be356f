"""Handles: close() and `with` free once, closed objects refuse calls with an
exception, and frees in any order are safe (the C library defers a context's
release until its last object goes)."""

import gc

import numpy as np
import pytest

import meshmat
from conftest import CUBE_FACES, CUBE_VERTICES


def test_closed_objects_refuse_calls(ctx):
    mesh = meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=ctx)
    M = mesh.matrix
    mesh.close()
    mesh.close()  # a second close does nothing
    with pytest.raises(meshmat.InvalidArgumentError, match="mesh is closed"):
        mesh.vertices
    with pytest.raises(meshmat.InvalidArgumentError, match="matrix is closed"):
        M.arrays()  # borrowed from the mesh
    with pytest.raises(meshmat.InvalidArgumentError):
        meshmat.subdivide(mesh, 1)


def test_context_closed_before_its_objects():
    ctx = meshmat.Context("cpu")
    mesh = meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=ctx)
    ctx.close()
    with pytest.raises(meshmat.InvalidArgumentError, match="context is closed"):
        mesh.vertices
    with pytest.raises(meshmat.InvalidArgumentError, match="context is closed"):
        ctx.backend
    mesh.close()  # frees the mesh, and with it the closed context


def test_collection_in_any_order():
    for order in ([0, 1, 2], [2, 1, 0], [1, 0, 2]):
        ctx = meshmat.Context("cpu")
        mesh = meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=ctx)
        sub = meshmat.Subdivision(mesh, 1)
        objects = [ctx, mesh, sub]
        del ctx, mesh, sub
        for i in order:
            objects[i] = None
            gc.collect()


def test_objects_keep_their_context_alive():
    mesh = meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=meshmat.Context("cpu"))
    gc.collect()
    assert np.array_equal(mesh.vertices, CUBE_VERTICES)  # the unnamed context still lives
    assert mesh.ctx.backend == "cpu"


def test_context_properties():
    with meshmat.Context("cpu", timing=True) as ctx:
        assert repr(ctx).startswith("<meshmat.Context cpu")
        assert ctx.device_name and ctx.last_error == ""
        with meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=ctx) as m:
            assert ctx.bytes_in_use() > 0
            ctx.clear_stages()
            with meshmat.subdivide(m, 1):
                pass
            stages = ctx.stages()
            assert stages and all(ms >= 0 for _, ms in stages)
        assert ctx.peak_bytes() >= ctx.bytes_in_use()
        ctx.synchronize()
    with pytest.raises(meshmat.InvalidArgumentError, match="backend"):
        meshmat.Context("tpu")


def test_cuda_refused_without_device():
    if meshmat.cuda_available():
        pytest.skip("a CUDA device is present")
    with pytest.raises(meshmat.NoDeviceError):
        meshmat.Context("cuda")
