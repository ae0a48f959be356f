"""Zero-copy arrays (meshmat.device): DeviceArray in and out, eval into the
caller's memory (out=, mm_subdiv_eval_into), CUDA arrays used in place through
__cuda_array_interface__ and DLPack (mm_dense_wrap), in-place views of a
matrix's arrays and a level's faces (mm_matrix_data), the context's stream.

The CPU half runs anywhere: DeviceArray on the CPU backend is host memory with
__array_interface__, and the CUDA-array path (parsing, checks, wrapping,
stream ordering) is run on host memory by pointing meshmat.device's backend
test at it. The CUDA half skips unless meshmat was built with CUDA and a device
is present; it uses no CuPy or PyTorch: a plain object exposing
__cuda_array_interface__ over device memory meshmat allocated (a DeviceArray),
and CuPy / PyTorch themselves only where they are installed."""

import ctypes
import gc

import numpy as np
import pytest

import meshmat
from meshmat import _device_copy, _interop, device
from conftest import DLTensor, CUBE_FACES, CUBE_VERTICES, TETRA_FACES, TETRA_VERTICES

CUDA = meshmat.cuda_available()
needs_cuda = pytest.mark.skipif(not CUDA, reason="meshmat built without CUDA, or no CUDA device")


class CAI:
    """Only __cuda_array_interface__: a copy of another object's dict (the object kept
    alive), with fields replaced."""

    def __init__(self, base, **changes):
        self._base = base
        cai = dict(base.__cuda_array_interface__)
        cai.update(changes)
        self.__cuda_array_interface__ = cai


class HostCAI:
    """__cuda_array_interface__ over a NumPy array's memory (host memory: for the CPU
    half, where the CUDA-array path is pointed at host memory, and as the wrong kind of
    memory on a CUDA context)."""

    def __init__(self, a, version=3, **changes):
        self._a = a
        self.__cuda_array_interface__ = {
            "shape": a.shape, "typestr": a.dtype.str, "data": (a.ctypes.data, False),
            "strides": None if a.flags.c_contiguous else a.strides, "version": version}
        self.__cuda_array_interface__.update(changes)


class DLPackOnly:
    """Only the DLPack protocol (device type kDLCUDA), over what a __cuda_array_interface__
    object describes; records the stream the consumer asked for."""

    def __init__(self, cai_object):
        cai = cai_object.__cuda_array_interface__
        self._base = cai_object
        dtype = np.dtype(cai["typestr"])
        shape = cai["shape"]
        self._shape = (ctypes.c_int64 * len(shape))(*shape)
        strides = cai.get("strides") or np.empty(shape, dtype).strides
        self._strides = (ctypes.c_int64 * len(shape))(*(s // dtype.itemsize for s in strides))
        self._t = DLTensor(cai["data"][0], 2, 0, len(shape), {"f": 2, "i": 0}[dtype.kind],
                            dtype.itemsize * 8, 1, self._shape, self._strides, 0, None, None)
        self.streams = []

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        self.streams.append(stream)
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p,
                                                       ctypes.c_void_p]
        return new(ctypes.addressof(self._t), b"dltensor", None)


def _data(a):
    return a.__cuda_array_interface__["data"][0]


# ---------------------------------------------------------------------------------------
# CPU backend: DeviceArray in host memory


def test_device_array_basics(ctx):
    x = meshmat.DeviceArray.from_host(CUBE_VERTICES, ctx=ctx)
    assert x.shape == (8, 3) and x.dtype == np.float64 and x.ndim == 2 and len(x) == 8
    assert x.where == "host" and not x.wrapped and not x.readonly and x.ctx is ctx
    assert x.size == 24 and x.nbytes == 192
    assert np.array_equal(x.numpy(), CUBE_VERTICES) and np.array_equal(x.to_host(), CUBE_VERTICES)
    view = np.asarray(x)  # __array_interface__: the array's own memory
    assert view.ctypes.data == x.data_ptr and np.array_equal(view, CUBE_VERTICES)
    assert not hasattr(x, "__cuda_array_interface__")
    assert meshmat.DeviceArray.from_host(CUBE_VERTICES.astype(np.float32), ctx=ctx).dtype \
        == np.float32
    assert meshmat.DeviceArray.from_host([1, 2, 3], ctx=ctx).dtype == np.float64
    v = meshmat.DeviceArray.from_host(np.arange(4.0), ctx=ctx)
    assert v.shape == (4,) and np.array_equal(np.asarray(v), np.arange(4.0))
    z = meshmat.DeviceArray.zeros((5, 2), np.float32, ctx=ctx)
    assert z.shape == (5, 2) and z.dtype == np.float32 and not np.asarray(z).any()
    e = meshmat.DeviceArray.zeros((0, 3), ctx=ctx)
    assert e.data_ptr == 0 and np.asarray(e).shape == (0, 3)
    assert repr(x).startswith("<meshmat.DeviceArray shape=(8, 3) float64 host")
    with pytest.raises(meshmat.InvalidArgumentError, match="1 or 2 dimensions"):
        meshmat.DeviceArray.from_host(np.zeros((2, 2, 2)), ctx=ctx)
    with pytest.raises(meshmat.InvalidArgumentError, match="float32 or float64"):
        meshmat.DeviceArray.zeros((2, 2), np.int32, ctx=ctx)
    with pytest.raises(meshmat.InvalidArgumentError, match="shape"):
        meshmat.DeviceArray.zeros((2, -1), ctx=ctx)
    x.close()
    with pytest.raises(meshmat.InvalidArgumentError, match="device array is closed"):
        x.numpy()
    assert repr(x) == "<meshmat.DeviceArray closed>"


def test_wrap_host_memory_no_copy(ctx):
    a = np.arange(12.0).reshape(4, 3)
    w = meshmat.DeviceArray.wrap(a, ctx=ctx)
    assert w.wrapped and w.data_ptr == a.ctypes.data and np.shares_memory(np.asarray(w), a)
    del a
    gc.collect()  # the wrap keeps the array alive
    assert np.array_equal(w.numpy(), np.arange(12.0).reshape(4, 3))
    ro = np.arange(3.0)
    ro.flags.writeable = False
    assert meshmat.DeviceArray.wrap(ro, ctx=ctx).readonly
    for bad, match in [(np.arange(12.0).reshape(3, 4).T, "C-contiguous"),
                       (np.arange(4, dtype=np.int32), "float32 or float64"),
                       (np.zeros((2, 2, 2)), "dimension"), ([1.0, 2.0], "no array in memory")]:
        with pytest.raises(meshmat.InvalidArgumentError, match=match):
            meshmat.DeviceArray.wrap(bad, ctx=ctx)
    with pytest.raises(ValueError, match="CPU context"):
        meshmat.DeviceArray.wrap(HostCAI(np.zeros((2, 3))), ctx=ctx)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("mode", ["dynamic", "static"])
def test_eval_device_arrays_and_out(ctx, cube, dtype, mode):
    x0 = (CUBE_VERTICES * 1.5).astype(dtype)
    with meshmat.Subdivision(cube, 2, mode=mode) as s:
        ref = s.eval(x0)  # the host-copy path
        assert isinstance(ref, np.ndarray) and ref.dtype == dtype
        X = meshmat.DeviceArray.from_host(x0, ctx=ctx)
        y = s.eval(X)  # in place in, a DeviceArray out
        assert isinstance(y, meshmat.DeviceArray) and y.dtype == dtype
        assert np.array_equal(y.numpy(), ref)
        assert isinstance(s.eval(X, device=False), np.ndarray)
        assert isinstance(s.eval(x0, device=True), meshmat.DeviceArray)
        # out: the caller's memory, written in place (mm_subdiv_eval_into)
        out = np.full(ref.shape, np.nan, dtype)
        assert s.eval(x0, out=out) is out and np.array_equal(out, ref)
        out2 = meshmat.DeviceArray.zeros(ref.shape, dtype, ctx=ctx)
        before = out2.data_ptr
        assert s.eval(X, out=out2) is out2
        assert out2.data_ptr == before and np.array_equal(np.asarray(out2), ref)
        buf = np.zeros(ref.shape, dtype)
        s.eval(X, out=meshmat.DeviceArray.wrap(buf, ctx=ctx))
        assert np.array_equal(buf, ref)
        strided = np.zeros((ref.shape[1], ref.shape[0]), dtype).T  # written through a copy
        s.eval(x0, out=strided)
        assert np.array_equal(strided, ref)
        # the mesh's own vertices, in place
        assert np.array_equal(s.eval(), s.eval(cube.vertex_view()).numpy())


def test_eval_out_refused(ctx, cube):
    with meshmat.Subdivision(cube, 1) as s:
        n = s.counts(1)["vertices"]
        for out, match in [(np.zeros((n, 2)), "shape"), (np.zeros((n, 3), np.float32), "float64"),
                           (np.zeros((n, 3), np.int64), "float32 or float64"),
                           ([[0.0] * 3] * n, "must be a NumPy array")]:
            with pytest.raises(meshmat.InvalidArgumentError, match=match):
                s.eval(out=out)
        ro = np.zeros((n, 3))
        ro.flags.writeable = False
        with pytest.raises(meshmat.InvalidArgumentError, match="read-only"):
            s.eval(out=ro)
        with pytest.raises(meshmat.InvalidArgumentError, match="read-only"):
            s.eval(out=meshmat.DeviceArray.wrap(ro, ctx=ctx))
        X = meshmat.DeviceArray.from_host(CUBE_VERTICES, ctx=ctx)
        with pytest.raises(meshmat.InvalidArgumentError, match="2 dimension"):
            s.eval(meshmat.DeviceArray.zeros(8, ctx=ctx))
        with pytest.raises(meshmat.InvalidArgumentError, match="mm_subdiv_eval"):
            s.eval(meshmat.DeviceArray.zeros((7, 3), ctx=ctx))  # the C library's check
        with pytest.raises(meshmat.InvalidArgumentError, match="is closed"):
            X.close()
            s.eval(X)


def test_eval_limit_and_limit_device(ctx, cube):
    with meshmat.Subdivision(cube, 1) as s, meshmat.subdivide(cube, 1) as fine:
        X = meshmat.DeviceArray.from_host(CUBE_VERTICES, ctx=ctx)
        for got, ref in [(s.eval_limit(X), s.eval_limit(CUBE_VERTICES)),
                         (meshmat.limit(fine, x=fine.vertex_view()), meshmat.limit(fine))]:
            assert all(isinstance(g, meshmat.DeviceArray) for g in got)
            assert all(np.array_equal(g.numpy(), r) for g, r in zip(got, ref))
        assert all(isinstance(p, np.ndarray) for p in s.eval_limit(X, device=False))


def test_spmv_device_arrays(ctx):
    rng = np.random.default_rng(7)
    dense = np.where(rng.random((6, 5)) < 0.5, rng.normal(size=(6, 5)), 0)
    rows, cols = np.nonzero(dense)
    x = rng.normal(size=(5, 2))
    with meshmat.Matrix.coo(rows, cols, dense[rows, cols], shape=(6, 5), ctx=ctx) as A:
        ref = meshmat.spmv(A, x)
        y = meshmat.spmv(A, meshmat.DeviceArray.from_host(x, ctx=ctx))
        assert isinstance(y, meshmat.DeviceArray) and np.array_equal(y.numpy(), ref)
        v = meshmat.spmv(A, meshmat.DeviceArray.from_host(x[:, 0], ctx=ctx))
        assert v.shape == (6,) and np.array_equal(v.numpy(), ref[:, 0])
        out = meshmat.DeviceArray.zeros((6, 2), ctx=ctx)
        assert meshmat.spmv(A, x, out=out) is out and np.array_equal(out.numpy(), ref)
        meshmat.spmv(A, x, out=out, accumulate=True)
        assert np.array_equal(out.numpy(), ref + ref)
        host = np.zeros((6, 2))
        meshmat.spmv(A, x, out=host)
        meshmat.spmv(A, x, out=host, accumulate=True)
        assert np.array_equal(host, ref + ref)
        with pytest.raises(meshmat.InvalidArgumentError, match="float64 is needed"):
            meshmat.spmv(A, meshmat.DeviceArray.from_host(x, np.float32, ctx=ctx), out=out)


def test_views_in_place(ctx, cube):
    faces = cube.face_view()
    assert faces.shape == (6, 4) and faces.dtype == np.uint32 and faces.readonly
    assert np.array_equal(np.asarray(faces), CUBE_FACES) and np.array_equal(faces.numpy(),
                                                                             CUBE_FACES)
    assert not np.asarray(faces).flags.writeable
    with meshmat.Subdivision(cube, 2) as s, meshmat.subdivide(cube, 2) as fine:
        assert np.array_equal(np.asarray(s.face_view()), fine.faces)
        assert np.array_equal(np.asarray(s.face_view(0)), CUBE_FACES)
        assert np.array_equal(np.asarray(fine.face_view()), fine.faces)
        assert np.array_equal(np.asarray(fine.vertex_view()), fine.vertices)
        for level in (0, 1, 2):
            M = s.level_matrix(level)
            got = [None if v is None else np.asarray(v) for v in M.views()]
            ptr, idx, _ = M.arrays()
            assert np.array_equal(got[1], idx) and got[2] is None
            assert got[0] is None if M.uniform_order else np.array_equal(got[0], ptr)
    rng = np.random.default_rng(1)
    dense = np.where(rng.random((5, 4)) < 0.5, rng.normal(size=(5, 4)), 0)
    r, c = np.nonzero(dense)
    with meshmat.Matrix.coo(r, c, dense[r, c], shape=(5, 4), ctx=ctx) as A:
        for view, ref in zip(A.views(), A.arrays()):
            assert np.array_equal(np.asarray(view), ref) and np.array_equal(view.numpy(), ref)
    with meshmat.Matrix.csr([0, 1, 3], [2, 0, 1], np.array([1, 2, 3], np.int32), shape=(2, 3),
                            ctx=ctx) as B:
        assert [np.asarray(v).tolist() for v in B.views()] == [[0, 1, 3], [2, 0, 1], [1, 2, 3]]
    with meshmat.Mesh.from_arrays([[0, 1, 2], [0, 2, 3, 1]], CUBE_VERTICES[:4], ctx=ctx) as mixed:
        with pytest.raises(meshmat.InvalidArgumentError, match="different orders"):
            mixed.face_view()


def test_views_keep_their_owner(ctx):
    def level_faces():
        mesh = meshmat.Mesh.from_arrays(TETRA_FACES, TETRA_VERTICES, ctx=ctx)
        return meshmat.Subdivision(mesh, 2, "loop").face_view(), meshmat.subdivide(mesh, 2,
                                                                                "loop").faces
    view, ref = level_faces()
    gc.collect()
    assert np.array_equal(np.asarray(view), ref)  # subdivision and mesh still alive
    owner = view.owner
    mesh = meshmat.Mesh.from_arrays(TETRA_FACES, TETRA_VERTICES, ctx=ctx)
    v = mesh.face_view()
    mesh.close()
    with pytest.raises(meshmat.InvalidArgumentError, match="closed"):
        np.asarray(v)
    assert owner is not None


def test_context_stream_on_cpu(ctx):
    assert ctx.stream is None and ctx.device == 0
    ctx.set_stream(None)
    with pytest.raises(meshmat.InvalidArgumentError, match="mm_context_set_stream"):
        ctx.set_stream(0x1234)
    assert ctx.stream is None
    with pytest.raises(meshmat.InvalidArgumentError, match="stream must be"):
        ctx.set_stream("default")

    class TorchLike:
        cuda_stream = 0

    class CupyLike:
        ptr = 0

    ctx.set_stream(TorchLike())
    ctx.set_stream(CupyLike())


# ---------------------------------------------------------------------------------------
# The CUDA-array path on host memory (CPU backend): parsing, checks, wrapping, streams


@pytest.fixture
def host_as_cuda(monkeypatch):
    """meshmat.device takes CUDA arrays in place on the CPU backend (whose memory
    mm_dense_wrap accepts there); stream orderings are recorded, not run."""
    monkeypatch.setattr(device, "_takes_cuda_arrays", lambda ctx: True)
    calls = []
    monkeypatch.setattr(_device_copy, "order_streams",
                        lambda dev, waiter, producer: calls.append((waiter, producer)))
    return calls


def test_cuda_array_path_in_place(ctx, cube, host_as_cuda):
    x0 = CUBE_VERTICES * 0.75
    with meshmat.Subdivision(cube, 2) as s:
        ref = s.eval(x0.copy())
        for make in (HostCAI, lambda a: DLPackOnly(HostCAI(a)), lambda a: HostCAI(a, version=2)):
            y = s.eval(make(x0))
            assert isinstance(y, meshmat.DeviceArray) and np.array_equal(y.numpy(), ref)
            buf = np.zeros_like(ref)
            target = make(buf)
            assert s.eval(make(x0), out=target) is target
            assert np.array_equal(buf, ref)  # the caller's memory was written
        dl = DLPackOnly(HostCAI(x0))
        s.eval(dl)
        assert dl.streams == [1]  # the context's stream (the default one) was named
        w = meshmat.DeviceArray.wrap(HostCAI(x0), ctx=ctx)
        assert w.data_ptr == x0.ctypes.data and w.wrapped  # no copy
    assert host_as_cuda == []  # no stream named: nothing to order
    assert _interop.c_contiguous((5, 4), (32, 8), 8) and _interop.c_contiguous((5, 4), None, 8)
    assert _interop.c_contiguous((1, 4), (999, 8), 8)  # a dimension of 1: any stride
    assert _interop.c_contiguous((0, 4), (8, 8), 8)  # empty
    assert not _interop.c_contiguous((5, 4), (8, 40), 8)
    assert not _interop.c_contiguous((5, 4), (64, 8), 8)  # rows with gaps


def test_cuda_array_path_refusals(ctx, cube, host_as_cuda):
    a = np.arange(24.0).reshape(8, 3)
    with meshmat.Subdivision(cube, 1) as s:
        n = s.counts(1)["vertices"]
        bad = [(HostCAI(a.astype(np.float16)), "float16"), (HostCAI(a.astype(np.int32)), "int32"),
               (HostCAI(np.arange(24.0).reshape(3, 8).T), "C-contiguous"),
               (HostCAI(a[:, :2]), "C-contiguous"), (HostCAI(a.reshape(8, 3, 1)), "dimension"),
               (HostCAI(a, mask=object()), "masked"), (HostCAI(a, typestr="xx"), "typestr"),
               (HostCAI(a, stream=0), "stream 0"), (HostCAI(a, strides=(8,)), "strides"),
               (CAI(HostCAI(a), shape=None), "shape, typestr and data"),
               (DLPackOnly(HostCAI(a.astype(np.int32))), "int32")]
        for x, match in bad:
            with pytest.raises(ValueError, match=match):
                s.eval(x)
        with pytest.raises(ValueError, match="not C-contiguous"):
            meshmat.DeviceArray.wrap(HostCAI(np.arange(24.0).reshape(3, 8).T), ctx=ctx)
        buf = np.zeros((n, 3))
        with pytest.raises(ValueError, match="read-only"):
            s.eval(a, out=HostCAI(buf, data=(buf.ctypes.data, True)))
        with pytest.raises(ValueError, match="float32"):
            s.eval(a, out=HostCAI(buf.astype(np.float32)))
        with pytest.raises(ValueError, match="shape"):
            s.eval(a, out=HostCAI(buf[:-1]))


def test_cuda_array_streams_are_ordered(ctx, cube, host_as_cuda):
    a = np.ascontiguousarray(CUBE_VERTICES)
    with meshmat.Subdivision(cube, 1) as s:
        out = np.zeros((s.counts(1)["vertices"], 3))
        s.eval(HostCAI(a, stream=7), out=HostCAI(out, stream=9))
        # before the call the context's stream (None: the default) waits for 7 and 9,
        # after it 7 and 9 wait for the context's
        assert host_as_cuda == [(None, 7), (None, 9), (7, None), (9, None)]
        host_as_cuda.clear()
        s.eval(HostCAI(a, stream=1))  # the legacy default stream: the context's own
        s.eval(HostCAI(a, stream=None))
        assert host_as_cuda == []
        meshmat.DeviceArray.wrap(HostCAI(a, stream=5), ctx=ctx)
        assert host_as_cuda == [(None, 5)]


# ---------------------------------------------------------------------------------------
# CUDA backend


@pytest.fixture
def gpu_cube(gpu):
    with meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=gpu) as m:
        yield m


class _Driver:
    """The CUDA driver API for the test's own streams (the primary context current)."""

    def __init__(self, device=0):
        self.drv = ctypes.CDLL("libcuda.so.1")
        assert self.drv.cuInit(0) == 0
        dev, self.ctx = ctypes.c_int(), ctypes.c_void_p()
        assert self.drv.cuDeviceGet(ctypes.byref(dev), device) == 0
        assert self.drv.cuDevicePrimaryCtxRetain(ctypes.byref(self.ctx), dev) == 0
        self.dev = dev

    def stream(self):
        assert self.drv.cuCtxPushCurrent_v2(self.ctx) == 0
        s = ctypes.c_void_p()
        assert self.drv.cuStreamCreate(ctypes.byref(s), 1) == 0  # CU_STREAM_NON_BLOCKING
        self.drv.cuCtxPopCurrent_v2(ctypes.byref(ctypes.c_void_p()))
        return s.value

    def destroy(self, stream):
        assert self.drv.cuCtxPushCurrent_v2(self.ctx) == 0
        self.drv.cuStreamDestroy_v2(ctypes.c_void_p(stream))
        self.drv.cuCtxPopCurrent_v2(ctypes.byref(ctypes.c_void_p()))


@needs_cuda
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_gpu_eval_in_place(gpu, gpu_cube, dtype):
    x0 = (CUBE_VERTICES * 2).astype(dtype)
    with meshmat.Subdivision(gpu_cube, 2) as s:
        ref = s.eval(x0)  # the host-copy path, the same device computation
        X = meshmat.DeviceArray.from_host(x0, ctx=gpu)
        assert X.where == "device" and not hasattr(X, "__array_interface__")
        cai = X.__cuda_array_interface__
        assert cai["version"] == 3 and cai["strides"] is None and cai["stream"] == 1
        assert cai["typestr"] == np.dtype(dtype).str and cai["shape"] == (8, 3)
        assert cai["data"] == (X.data_ptr, False) and X.data_ptr != 0
        for x in (X, CAI(X), CAI(X, version=2, stream=None), DLPackOnly(CAI(X))):
            y = s.eval(x)  # in place: no copy of x0
            assert isinstance(y, meshmat.DeviceArray) and y.where == "device"
            assert np.array_equal(y.numpy(), ref) and np.array_equal(np.asarray(y), ref)
        w = meshmat.DeviceArray.wrap(CAI(X), ctx=gpu)
        assert w.data_ptr == X.data_ptr and w.wrapped
        # out: the caller's device memory, written in place (mm_subdiv_eval_into)
        buf = meshmat.DeviceArray.zeros(ref.shape, dtype, ctx=gpu)
        target = CAI(buf)
        assert s.eval(CAI(X), out=target) is target
        assert np.array_equal(buf.numpy(), ref)
        buf2 = meshmat.DeviceArray.zeros(ref.shape, dtype, ctx=gpu)
        s.eval(x0, out=DLPackOnly(CAI(buf2)))
        assert np.array_equal(buf2.numpy(), ref)
        host = np.zeros_like(ref)
        s.eval(X, out=host)  # a NumPy out on CUDA: through a copy
        assert np.array_equal(host, ref)
        P = s.eval_limit(CAI(X))
        assert all(np.array_equal(p.numpy(), r) for p, r in zip(P, s.eval_limit(x0)))


@needs_cuda
def test_gpu_refusals(gpu, gpu_cube):
    X = meshmat.DeviceArray.from_host(CUBE_VERTICES, ctx=gpu)
    with meshmat.Subdivision(gpu_cube, 1) as s:
        n = s.counts(1)["vertices"]
        for x, match in [(CAI(X, typestr="<f2"), "float16"), (CAI(X, typestr="<i8"), "int64"),
                         (CAI(X, shape=(3, 8), strides=(8, 24)), "C-contiguous"),
                         (CAI(X, shape=(8, 3, 1)), "dimension")]:
            with pytest.raises(ValueError, match=match):
                s.eval(x)
        host = np.ascontiguousarray(CUBE_VERTICES)
        with pytest.raises(meshmat.InvalidArgumentError, match="host memory"):
            s.eval(HostCAI(host))  # a host pointer claimed as device memory
        with pytest.raises(meshmat.InvalidArgumentError, match="host memory"):
            s.eval(out=HostCAI(np.zeros((n, 3))))
        out = meshmat.DeviceArray.zeros((n, 3), ctx=gpu)
        with pytest.raises(ValueError, match="read-only"):
            s.eval(out=CAI(out, data=(out.data_ptr, True)))
        with pytest.raises(ValueError, match="on a CUDA context"):
            meshmat.DeviceArray.wrap(host, ctx=gpu)


@needs_cuda
def test_gpu_streams(gpu_cube):
    driver = _Driver()
    stream = driver.stream()
    try:
        with meshmat.Context("cuda", stream=stream) as sctx, \
                meshmat.Mesh.from_arrays(CUBE_FACES, CUBE_VERTICES, ctx=sctx) as m, \
                meshmat.Subdivision(m, 2) as s, meshmat.Subdivision(gpu_cube, 2) as s0:
            assert sctx.stream == stream
            ref = s0.eval()
            y = s.eval(device=True)
            assert y.__cuda_array_interface__["stream"] == stream
            assert np.array_equal(y.numpy(), ref)
            # an input whose producer names another stream (the default one)
            X = meshmat.DeviceArray.from_host(CUBE_VERTICES, ctx=gpu_cube.ctx)
            assert np.array_equal(s.eval(CAI(X)).numpy(), ref)
            sctx.set_stream(None)
            assert sctx.stream is None and y.__cuda_array_interface__["stream"] == 1
            # an input and an output whose producer names the caller's stream
            X1 = meshmat.DeviceArray.from_host(CUBE_VERTICES, ctx=sctx)
            out = meshmat.DeviceArray.zeros(ref.shape, ctx=sctx)
            s.eval(CAI(X1, stream=stream), out=CAI(out, stream=stream))
            sctx.synchronize()
            assert np.array_equal(out.numpy(), ref)
    finally:
        driver.destroy(stream)


@needs_cuda
def test_gpu_views(gpu, gpu_cube):
    with meshmat.Subdivision(gpu_cube, 2) as s, meshmat.subdivide(gpu_cube, 2) as fine:
        faces = s.face_view()
        cai = faces.__cuda_array_interface__
        assert faces.where == "device" and cai["data"][1] is True and cai["data"][0] != 0
        assert cai["typestr"] == "<u4" and cai["shape"] == fine.faces.shape
        assert np.array_equal(faces.numpy(), fine.faces)
        assert np.array_equal(fine.face_view().numpy(), fine.faces)
        v = fine.vertex_view()
        assert v.readonly and np.array_equal(v.numpy(), fine.vertices)
        ptr, idx, data = gpu_cube.matrix.views()
        assert np.array_equal(idx.numpy(), CUBE_FACES.reshape(-1)) and data is None


@needs_cuda
def test_gpu_spmv_in_place(gpu):
    x = np.arange(8.0).reshape(4, 2)
    with meshmat.Matrix.csc([0, 1, 2, 3, 4], [3, 2, 1, 0], [1.0, 2.0, 3.0, 4.0], shape=(4, 4),
                            ctx=gpu) as A:
        ref = meshmat.spmv(A, x)
        X = meshmat.DeviceArray.from_host(x, ctx=gpu)
        y = meshmat.spmv(A, CAI(X))
        assert isinstance(y, meshmat.DeviceArray) and np.array_equal(y.numpy(), ref)
        out = meshmat.DeviceArray.zeros((4, 2), ctx=gpu)
        meshmat.spmv(A, X, out=CAI(out))
        meshmat.spmv(A, X, out=CAI(out), accumulate=True)
        assert np.array_equal(out.numpy(), 2 * ref)


@needs_cuda
def test_gpu_cupy_and_torch(gpu, gpu_cube):
    libraries = []
    try:
        import cupy
        libraries.append("cupy")
    except ImportError:
        pass
    try:
        import torch
        if torch.cuda.is_available():
            libraries.append("torch")
    except ImportError:
        pass
    if not libraries:
        pytest.skip("neither CuPy nor PyTorch with CUDA is installed")
    with meshmat.Subdivision(gpu_cube, 2) as s:
        ref = s.eval()
        n = ref.shape[0]
        if "cupy" in libraries:
            x = cupy.asarray(CUBE_VERTICES)
            y = s.eval(x)  # CuPy in, no copy
            assert isinstance(y, meshmat.DeviceArray) and np.array_equal(y.numpy(), ref)
            c = cupy.asarray(y)  # and out, no copy
            assert c.data.ptr == y.data_ptr and np.array_equal(cupy.asnumpy(c), ref)
            out = cupy.zeros((n, 3))
            s.eval(x, out=out)
            assert np.array_equal(cupy.asnumpy(out), ref)
            with pytest.raises(ValueError, match="C-contiguous"):
                s.eval(cupy.asfortranarray(x))
        if "torch" in libraries:
            t = torch.tensor(CUBE_VERTICES, device="cuda")
            y = s.eval(t)
            assert np.array_equal(y.numpy(), ref)
            v = torch.as_tensor(y, device="cuda")
            assert v.data_ptr() == y.data_ptr and np.array_equal(v.cpu().numpy(), ref)
            out = torch.zeros((n, 3), dtype=torch.float64, device="cuda")
            s.eval(t, out=out)
            assert np.array_equal(out.cpu().numpy(), ref)
            with pytest.raises(ValueError, match="C-contiguous"):
                s.eval(t.t().contiguous().t())
