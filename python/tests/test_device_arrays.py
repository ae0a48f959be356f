"""Arrays that are not NumPy arrays: CPU DLPack tensors, and device arrays
(__cuda_array_interface__, CUDA DLPack) where they are copied through the host:
on a CPU context, and for the C functions that import host data (mesh and
matrix construction). Device arrays used in place on a CUDA context are
test_zero_copy.py's. The device part skips without a CUDA driver and device."""

import ctypes

import numpy as np
import pytest

import meshmat
from conftest import DLTensor, CUBE_FACES, CUBE_VERTICES


class CpuDLPack:
    """Only the DLPack protocol of a NumPy array (as a CPU tensor of another library)."""

    def __init__(self, a):
        self._a = a

    def __dlpack__(self, stream=None):
        return self._a.__dlpack__()

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()


def test_cpu_dlpack_inputs(ctx):
    with meshmat.Mesh.from_arrays(CpuDLPack(CUBE_FACES), CpuDLPack(CUBE_VERTICES), ctx=ctx) as m:
        assert np.array_equal(m.vertices, CUBE_VERTICES)
        assert np.array_equal(m.faces, CUBE_FACES)


class HostCAI:
    """__cuda_array_interface__ over a NumPy array's own memory (any strides): with the
    device copy pointed at host memory, it checks the shape, stride and offset handling
    of the copy path on any machine."""

    def __init__(self, a):
        self._a = a
        self.__cuda_array_interface__ = {"shape": a.shape, "typestr": a.dtype.str,
                                         "data": (a.ctypes.data, True), "strides": a.strides,
                                         "version": 3}


def test_copy_path_layouts_on_host_memory(ctx, monkeypatch):
    from meshmat import _device_copy
    monkeypatch.setattr(_device_copy, "_copy_span",
                        lambda device, address, n: bytearray(ctypes.string_at(address, n)))
    base = np.arange(24.0).reshape(4, 6)
    views = [base, base.T, base[::-1], base[:, ::-2], base[1:3, 2:5].T, base.astype(np.float32),
             base[:0]]
    with meshmat.Matrix.csc(np.arange(7), np.arange(6), shape=(6, 6), ctx=ctx) as eye:
        for view in views[:-1]:
            if view.shape[0] == 6:
                for x in (HostCAI(view), CudaDLPack(HostCAI(view))):
                    y = meshmat.spmv(eye, x, "one")
                    assert y.dtype == view.dtype and np.array_equal(y, view)
    for view in views:
        got = meshmat.arrays.host_array(HostCAI(view))
        assert got.flags.c_contiguous and np.array_equal(got, view)
        got = meshmat.arrays.host_array(CudaDLPack(HostCAI(view)))
        assert np.array_equal(got, view)


def _driver():
    """libcuda with a device, or None."""
    try:
        drv = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return None
    count = ctypes.c_int()
    if drv.cuInit(0) != 0 or drv.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value < 1:
        return None
    return drv


DRIVER = _driver()
needs_device = pytest.mark.skipif(DRIVER is None, reason="no CUDA driver or device")


class DeviceArray:
    """A device copy of a NumPy array made with the driver API, exposing
    __cuda_array_interface__ (optionally with strides, as a transposed view)."""

    def __init__(self, a, transpose=False):
        drv = DRIVER
        dev, self._ctx = ctypes.c_int(), ctypes.c_void_p()
        assert drv.cuDeviceGet(ctypes.byref(dev), 0) == 0
        assert drv.cuDevicePrimaryCtxRetain(ctypes.byref(self._ctx), dev) == 0
        assert drv.cuCtxPushCurrent_v2(self._ctx) == 0
        self.ptr = ctypes.c_uint64()
        a = np.ascontiguousarray(a)
        assert drv.cuMemAlloc_v2(ctypes.byref(self.ptr), ctypes.c_size_t(max(a.nbytes, 1))) == 0
        assert drv.cuMemcpyHtoD_v2(self.ptr, a.ctypes.data_as(ctypes.c_void_p),
                                   ctypes.c_size_t(a.nbytes)) == 0
        shape, strides = a.shape, None
        if transpose:
            shape, strides = a.shape[::-1], a.strides[::-1]
        self.__cuda_array_interface__ = {"shape": shape, "typestr": a.dtype.str,
                                         "data": (self.ptr.value, False), "strides": strides,
                                         "version": 3, "stream": None}

    def free(self):
        DRIVER.cuMemFree_v2(self.ptr)


class CudaDLPack:
    """Only the DLPack protocol, over a DeviceArray (strides in elements, as DLPack has them)."""

    def __init__(self, device_array):
        cai = device_array.__cuda_array_interface__
        dtype = np.dtype(cai["typestr"])
        self._shape = (ctypes.c_int64 * len(cai["shape"]))(*cai["shape"])
        strides = cai["strides"] or np.empty(cai["shape"], dtype).strides
        self._strides = (ctypes.c_int64 * len(strides))(*(s // dtype.itemsize for s in strides))
        self._t = DLTensor(cai["data"][0], 2, 0, len(cai["shape"]), {"f": 2, "i": 0}[dtype.kind],
                            dtype.itemsize * 8, 1, self._shape, self._strides, 0, None, None)

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p,
                                                       ctypes.c_void_p]
        return new(ctypes.addressof(self._t), b"dltensor", None)


@needs_device
def test_cuda_array_interface_inputs(ctx):
    xyz, faces = DeviceArray(CUBE_VERTICES), DeviceArray(CUBE_FACES.astype(np.int32))
    xt = DeviceArray(np.arange(12.0).reshape(3, 4), transpose=True)  # a 4 × 3 strided view
    try:
        with meshmat.Mesh.from_arrays(faces, xyz, ctx=ctx) as m:
            assert np.array_equal(m.vertices, CUBE_VERTICES)
            assert np.array_equal(m.faces, CUBE_FACES)
        with meshmat.Matrix.csc([0, 1, 2, 3, 4], [0, 1, 2, 3], shape=(4, 4), ctx=ctx) as A:
            for x in (xt, CudaDLPack(xt)):
                assert np.array_equal(meshmat.spmv(A, x, "one"), np.arange(12.0).reshape(3, 4).T)
        with meshmat.Mesh.from_arrays(CudaDLPack(faces), CudaDLPack(xyz), ctx=ctx) as m:
            assert np.array_equal(m.vertices, CUBE_VERTICES)
    finally:
        for a in (xyz, faces, xt):
            a.free()


@needs_device
def test_cupy_and_torch_inputs(ctx):
    inputs = []
    try:
        import cupy
        inputs.append(cupy.asarray(CUBE_VERTICES))
    except ImportError:
        pass
    try:
        import torch
        if torch.cuda.is_available():
            inputs.append(torch.tensor(CUBE_VERTICES, device="cuda"))
    except ImportError:
        pass
    if not inputs:
        pytest.skip("neither CuPy nor PyTorch with CUDA is installed")
    for xyz in inputs:
        with meshmat.Mesh.from_arrays(CUBE_FACES, xyz, ctx=ctx) as m:
            assert np.array_equal(m.vertices, CUBE_VERTICES)
