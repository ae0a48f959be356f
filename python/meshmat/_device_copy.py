"""The CUDA driver API (libcuda, which every CUDA driver installs) for what the C
API does not do, with no CuPy or PyTorch import:

- host copies of device arrays (anything with __cuda_array_interface__ or a CUDA
  DLPack capsule) for the places that take host data: a CPU context, and the
  C functions that import from host memory (mm_mesh_new, mm_matrix_import);
  arrays.host_array is their one caller. Device arrays for dense data on a CUDA
  context are not copied: meshmat.device wraps them (mm_dense_wrap);
- stream ordering for those wrapped arrays (order_streams): the context's stream
  waits for the stream a __cuda_array_interface__ names, and that stream for the
  context's after the call."""

import contextlib
import ctypes
from ctypes import POINTER, Structure, c_int, c_int32, c_int64, c_uint8, c_uint16, c_uint64
from ctypes import c_size_t, c_void_p

import numpy as np

from . import errors

_CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9
_driver = None


def _cuda_driver():
    global _driver
    if _driver is None:
        try:
            drv = ctypes.CDLL("libcuda.so.1")
        except OSError:
            raise errors.NoDeviceError("a device array was given, but the CUDA driver "
                                       "(libcuda.so.1) cannot be loaded") from None
        for name, args in {
            "cuInit": [ctypes.c_uint],
            "cuPointerGetAttribute": [c_void_p, c_int, c_uint64],
            "cuDeviceGet": [POINTER(c_int), c_int],
            "cuDevicePrimaryCtxRetain": [POINTER(c_void_p), c_int],
            "cuDevicePrimaryCtxRelease_v2": [c_int],
            "cuCtxPushCurrent_v2": [c_void_p],
            "cuCtxPopCurrent_v2": [POINTER(c_void_p)],
            "cuCtxSynchronize": [],
            "cuMemcpyDtoH_v2": [c_void_p, c_uint64, c_size_t],
            "cuEventCreate": [POINTER(c_void_p), ctypes.c_uint],
            "cuEventRecord": [c_void_p, c_void_p],
            "cuStreamWaitEvent": [c_void_p, c_void_p, ctypes.c_uint],
            "cuEventDestroy_v2": [c_void_p],
        }.items():
            getattr(drv, name).argtypes = args
            getattr(drv, name).restype = c_int
        _cu(drv.cuInit(0), "cuInit")
        _driver = drv
    return _driver


def _cu(result, what, doing="copying a device array to the host"):
    if result != 0:
        raise errors.CudaError(f"{doing}: {what} returned CUresult {result}")


@contextlib.contextmanager
def _primary(device, doing):
    """The device's primary context (the one the CUDA runtime, meshmat, CuPy and
    PyTorch use) made current on this thread for the block."""
    drv = _cuda_driver()
    dev, ctx = c_int(), c_void_p()
    _cu(drv.cuDeviceGet(ctypes.byref(dev), device), "cuDeviceGet", doing)
    _cu(drv.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain", doing)
    try:
        _cu(drv.cuCtxPushCurrent_v2(ctx), "cuCtxPushCurrent", doing)
        try:
            yield drv
        finally:
            drv.cuCtxPopCurrent_v2(ctypes.byref(c_void_p()))
    finally:
        drv.cuDevicePrimaryCtxRelease_v2(dev)


def _copy_span(device, address, nbytes):
    """nbytes from device memory at address into a new host bytearray, after all work
    queued in the device's primary context (the one CuPy and PyTorch use) has finished."""
    drv = _cuda_driver()
    if device is None:
        ordinal = c_int()
        _cu(drv.cuPointerGetAttribute(ctypes.byref(ordinal), _CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                      address), "cuPointerGetAttribute")
        device = ordinal.value
    host = bytearray(nbytes)
    with _primary(device, "copying a device array to the host"):
        # The producer's stream is not ours to order on: wait for all of them.
        _cu(drv.cuCtxSynchronize(), "cuCtxSynchronize")
        buf = (ctypes.c_char * nbytes).from_buffer(host)
        _cu(drv.cuMemcpyDtoH_v2(buf, address, nbytes), "cuMemcpyDtoH")
    return host


_CU_EVENT_DISABLE_TIMING = 0x2


def same_stream(a, b):
    """True when two stream tokens of __cuda_array_interface__ name one stream (None, 0
    and 1 all being the legacy default stream, which the runtime's NULL stream is)."""
    return (a or 1) == (b or 1)


def order_streams(device, waiter, producer):
    """Make waiter's later work wait for the work queued so far on producer, without
    blocking the host: an event recorded on producer that waiter waits for (streams as
    ints, __cuda_array_interface__'s tokens: None or 1 the legacy default stream, 2 the
    per-thread default stream, else a cudaStream_t)."""
    if same_stream(waiter, producer):
        return
    doing = "ordering a device array's stream with the context's"
    with _primary(device, doing) as drv:
        event = c_void_p()
        _cu(drv.cuEventCreate(ctypes.byref(event), _CU_EVENT_DISABLE_TIMING), "cuEventCreate",
            doing)
        try:
            _cu(drv.cuEventRecord(event, c_void_p(producer or 1)), "cuEventRecord", doing)
            _cu(drv.cuStreamWaitEvent(c_void_p(waiter or 1), event, 0), "cuStreamWaitEvent",
                doing)
        finally:
            drv.cuEventDestroy_v2(event)  # released once the event has completed


def _c_strides(shape, itemsize):
    strides, step = [], itemsize
    for n in reversed(shape):
        strides.append(step)
        step *= n
    return tuple(reversed(strides))


def _from_device(device, address, shape, dtype, strides):
    """A C-contiguous NumPy copy of a device array (strides in bytes; None: C order;
    device None: the pointer's own device)."""
    dtype = np.dtype(dtype)
    shape = tuple(int(n) for n in shape)
    strides = _c_strides(shape, dtype.itemsize) if strides is None else tuple(map(int, strides))
    if 0 in shape:
        return np.empty(shape, dtype)
    low = sum(min(0, (n - 1) * s) for n, s in zip(shape, strides))
    high = sum(max(0, (n - 1) * s) for n, s in zip(shape, strides)) + dtype.itemsize
    raw = _copy_span(device, address + low, high - low)
    return np.ascontiguousarray(np.ndarray(shape, dtype, buffer=raw, offset=-low,
                                           strides=strides))


def from_cuda_array_interface(obj):
    """A NumPy copy of an object exposing __cuda_array_interface__ (versions 0-3)."""
    cai = obj.__cuda_array_interface__
    if cai.get("mask") is not None:
        raise errors.invalid("masked __cuda_array_interface__ arrays are not supported")
    address = cai["data"][0] or 0
    return _from_device(None, address, cai["shape"], cai["typestr"], cai.get("strides"))


# DLPack (dlpack.h, ABI version 0.x/1.x share these first fields of DLTensor).
KDL_CPU, KDL_CUDA, KDL_CUDA_HOST, KDL_CUDA_MANAGED = 1, 2, 3, 13


class _DLDevice(Structure):
    _fields_ = [("device_type", c_int32), ("device_id", c_int32)]


class _DLDataType(Structure):
    _fields_ = [("code", c_uint8), ("bits", c_uint8), ("lanes", c_uint16)]


class _DLTensor(Structure):
    _fields_ = [("data", c_void_p), ("device", _DLDevice), ("ndim", c_int32),
                ("dtype", _DLDataType), ("shape", POINTER(c_int64)),
                ("strides", POINTER(c_int64)), ("byte_offset", c_uint64)]


_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def from_dlpack_device(obj):
    """A NumPy copy of a CUDA DLPack tensor (the capsule stays unconsumed, so its
    producer frees it as usual when it is collected)."""
    capsule = obj.__dlpack__()
    # DLManagedTensor starts with its DLTensor.
    t = _DLTensor.from_address(_capsule_pointer(capsule, b"dltensor"))
    kinds = {0: "i", 1: "u", 2: "f"}
    if t.dtype.lanes != 1 or t.dtype.code not in kinds:
        raise errors.invalid(f"DLPack data type (code {t.dtype.code}, {t.dtype.bits} bits, "
                             f"{t.dtype.lanes} lanes) is not an integer or float type")
    dtype = np.dtype(f"{kinds[t.dtype.code]}{t.dtype.bits // 8}")
    shape = [t.shape[i] for i in range(t.ndim)]
    strides = None if not t.strides else [t.strides[i] * dtype.itemsize for i in range(t.ndim)]
    return _from_device(t.device.device_id, (t.data or 0) + t.byte_offset, shape, dtype, strides)
