"""The CUDA backend from Python: the same results as the CPU backend, user maps
and lambdas as C source (NVRTC), and compile errors as JitError. Skipped unless
meshmat was built with CUDA and a device is present."""

import numpy as np
import pytest

import meshmat
from conftest import CUBE_FACES, CUBE_VERTICES

pytestmark = pytest.mark.skipif(not meshmat.cuda_available(),
                                reason="meshmat built without CUDA, or no CUDA device")


def test_subdivide_matches_cpu(gpu, ctx):
    with meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=gpu) as g, \
            meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=ctx) as c, \
            meshmat.subdivide(g, 3) as gf, meshmat.subdivide(c, 3) as cf:
        assert gpu.backend == "cuda" and gf.matrix.where == "device"
        assert np.array_equal(gf.faces, cf.faces)
        assert np.allclose(gf.vertices, cf.vertices, atol=1e-12)


def test_user_source_maps_match_python_callables(gpu, ctx):
    rng = np.random.default_rng(3)
    dense = np.where(rng.random((20, 15)) < 0.3, rng.normal(size=(20, 15)), 0)
    rows, cols = np.nonzero(dense)
    x = rng.normal(size=(15, 3))
    source_map = meshmat.Map.user(source="return a * 0.5 + (double)c;")
    python_map = meshmat.Map.user(lambda a, b, c: a * 0.5 + c)
    lam_src = meshmat.Lambda.user(source="return m * a + (double)k;")
    lam_py = meshmat.Lambda.user(lambda m, i, j, k, a, b: m * a + k)
    results = []
    for c, mu, lam in ((gpu, source_map, lam_src), (ctx, python_map, lam_py)):
        with meshmat.Matrix.coo(rows, cols, dense[rows, cols], shape=dense.shape, ctx=c) as A, \
                meshmat.Matrix.csc(*_csc(dense), shape=dense.shape, ctx=c) as Ac, \
                meshmat.Matrix.csc(*_csc(dense.T), shape=dense.T.shape, ctx=c) as Bc, \
                meshmat.spgemm(Ac, Bc, mu, lam) as C:
            results.append((meshmat.spmv(A, x, mu), C.arrays()))
    (y_gpu, c_gpu), (y_cpu, c_cpu) = results
    assert np.allclose(y_gpu, y_cpu, rtol=1e-12)
    assert np.array_equal(c_gpu[0], c_cpu[0]) and np.array_equal(c_gpu[1], c_cpu[1])
    assert np.allclose(c_gpu[2], c_cpu[2], rtol=1e-12)


def _csc(dense):
    indptr = np.concatenate([[0], np.cumsum((dense != 0).sum(axis=0))])
    rows = np.concatenate([np.flatnonzero(dense[:, j]) for j in range(dense.shape[1])])
    return indptr, rows, dense.T[dense.T != 0]


def test_bad_source_is_a_jit_error(gpu):
    with meshmat.Matrix.csc([0, 1], [0], [1.0], shape=(1, 1), ctx=gpu) as A:
        with pytest.raises(meshmat.JitError, match="user_map"):
            meshmat.spmv(A, np.ones(1), meshmat.Map.user(source="return a +;"))
        with pytest.raises(meshmat.InvalidArgumentError, match="mm_spmv"):
            meshmat.spmv(A, np.ones(1), meshmat.Map.user(lambda a, b, c: a))  # no source


@pytest.mark.parametrize("tolerance", [0.0, 0.3])
def test_weld_matches_cpu(gpu, ctx, tolerance):
    # the cube's 36 corner copies, some moved by less than the tolerance
    rng = np.random.default_rng(5)
    soup = CUBE_VERTICES[CUBE_FACES[:, [0, 1, 2, 0, 2, 3]].reshape(-1)]
    soup = soup + (tolerance / 4) * rng.uniform(-1, 1, soup.shape)
    triangles = np.arange(36).reshape(12, 3)
    results = []
    for c in (gpu, ctx):
        with meshmat.Mesh.from_arrays(triangles, soup, ctx=c) as m:
            welded, report = meshmat.weld(m, tolerance)
            with welded:
                results.append((welded.vertices, welded.faces, report))
    (v_gpu, f_gpu, r_gpu), (v_cpu, f_cpu, r_cpu) = results
    assert np.array_equal(v_gpu, v_cpu) and np.array_equal(f_gpu, f_cpu) and r_gpu == r_cpu
    assert r_cpu.vertices_out == 8
