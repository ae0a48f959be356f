"""Device arrays of other libraries seen in place: an object's
__cuda_array_interface__ (CuPy, PyTorch, Numba, versions 0-3) or CUDA DLPack
capsule (__dlpack__ / __dlpack_device__) read into a View (address, shape,
dtype, byte strides, read-only flag, the producer's stream, and what keeps the
memory alive), and the checks that make a View usable as an mm_dense: float32
or float64, C-contiguous, 1 or 2 dimensions. Nothing is copied here."""

from typing import NamedTuple, Optional

import numpy as np

from . import errors
from ._device_copy import KDL_CPU, KDL_CUDA, KDL_CUDA_MANAGED, _capsule_pointer, _DLTensor

# DLPack device types whose memory mm_dense_wrap takes on a CUDA context (pinned host
# memory, kDLCUDAHost, is host memory: it goes through the host path).
DLPACK_DEVICE_KINDS = (KDL_CUDA, KDL_CUDA_MANAGED)


class View(NamedTuple):
    address: int                  # the first element (0 for an empty array)
    shape: tuple
    dtype: np.dtype
    strides: Optional[tuple]      # bytes; None: C-contiguous
    readonly: bool
    stream: Optional[int]         # the producer's stream (__cuda_array_interface__ v3), or None
    device: Optional[int]         # the device ordinal when the producer says it (DLPack)
    keep: object                  # what keeps the memory alive (the object, a capsule)
    source: str                   # "__cuda_array_interface__" or "DLPack"


def is_cuda_array(obj):
    """True for an object this module can view: __cuda_array_interface__, or DLPack on a
    CUDA (or managed) device."""
    if hasattr(obj, "__cuda_array_interface__"):
        return True
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        return obj.__dlpack_device__()[0] in DLPACK_DEVICE_KINDS
    return False


def cuda_view(obj, stream_token):
    """The View of a CUDA array. stream_token is the consumer's stream, passed to
    __dlpack__ so that the producer orders its work before it (DLPack's contract)."""
    if hasattr(obj, "__cuda_array_interface__"):
        return cai_view(obj, obj.__cuda_array_interface__)
    return dlpack_view(obj, stream_token)


def cai_view(obj, cai):
    """The View of a __cuda_array_interface__ dict (obj is kept alive with it)."""
    what = "__cuda_array_interface__"
    try:
        shape = tuple(int(n) for n in cai["shape"])
        data = cai["data"]
        typestr = cai["typestr"]
    except (KeyError, TypeError, ValueError):
        raise errors.invalid(f"{what} needs shape, typestr and data: {cai!r}") from None
    if cai.get("mask") is not None:
        raise errors.invalid(f"masked {what} arrays are not supported")
    try:
        dtype = np.dtype(typestr)
    except TypeError:
        raise errors.invalid(f"{what} has typestr {typestr!r}, which is no data type") from None
    strides = cai.get("strides")
    if strides is not None:
        strides = tuple(int(s) for s in strides)
        if len(strides) != len(shape):
            raise errors.invalid(f"{what} has {len(strides)} strides for shape {shape}")
    stream = cai.get("stream") if int(cai.get("version", 0)) >= 3 else None
    if stream is not None:
        stream = int(stream)
        if stream == 0:  # the interface forbids it: None, 1 and 2 are the defaults
            raise errors.invalid(f"{what} names stream 0, which the interface does not allow "
                                 f"(None, 1 or 2 name the default streams)")
    return View(int(data[0] or 0), shape, dtype, strides, bool(data[1]), stream, None, obj, what)


_DLPACK_KINDS = {0: "i", 1: "u", 2: "f"}


def dlpack_view(obj, stream_token):
    """The View of a CUDA DLPack tensor. The capsule is not consumed: it is kept with
    the View, and its producer's destructor frees the tensor when it is collected."""
    try:
        capsule = obj.__dlpack__(stream=stream_token)
    except TypeError:  # a producer without the stream argument
        capsule = obj.__dlpack__()
    try:
        t = _DLTensor.from_address(_capsule_pointer(capsule, b"dltensor"))
    except ValueError:
        raise errors.invalid("the DLPack capsule is not an unused 'dltensor' (consumed "
                             "already, or a versioned capsule)") from None
    if t.device.device_type not in DLPACK_DEVICE_KINDS:
        raise errors.invalid(f"the DLPack tensor is on device type {t.device.device_type}, "
                             f"not CUDA ({KDL_CUDA}) or managed ({KDL_CUDA_MANAGED}) memory")
    kind = _DLPACK_KINDS.get(t.dtype.code)
    if t.dtype.lanes != 1 or kind is None:
        raise errors.invalid(f"DLPack data type (code {t.dtype.code}, {t.dtype.bits} bits, "
                             f"{t.dtype.lanes} lanes) is not an integer or float type")
    dtype = np.dtype(f"{kind}{t.dtype.bits // 8}")
    shape = tuple(t.shape[i] for i in range(t.ndim))
    strides = (None if not t.strides
               else tuple(t.strides[i] * dtype.itemsize for i in range(t.ndim)))
    address = ((t.data or 0) + t.byte_offset) if 0 not in shape else 0
    return View(address, shape, dtype, strides, False, None, t.device.device_id,
                (obj, capsule), "DLPack")


def c_contiguous(shape, strides, itemsize):
    """True when byte strides describe a C-contiguous array (None does; a dimension of
    extent 1 may have any stride; an empty array is contiguous)."""
    if strides is None or 0 in shape:
        return True
    step = itemsize
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != step:
            return False
        step *= n
    return True


def dense_shape(view, what, ndims=(2,)):
    """(n, d) of a View usable in place as an mm_dense, or InvalidArgumentError (a
    ValueError) saying why not: float32 / float64, C-contiguous, len(shape) in ndims
    (a vector is n × 1)."""
    if view.dtype not in (np.float32, np.float64) or not view.dtype.isnative:
        raise errors.invalid(
            f"{what}: a device array of {view.dtype} ({view.source}) cannot be used in "
            f"place: meshmat computes on float32 or float64 (convert it on the device "
            f"first, e.g. x.astype(cupy.float64) or x.double())")
    if len(view.shape) not in ndims:
        dims = " or ".join(str(n) for n in ndims)
        raise errors.invalid(f"{what} must have {dims} dimension(s), not shape {view.shape}")
    if not c_contiguous(view.shape, view.strides, view.dtype.itemsize):
        raise errors.invalid(
            f"{what}: the device array is not C-contiguous (shape {view.shape}, byte strides "
            f"{view.strides}); meshmat uses device arrays in place, row-major: make a "
            f"contiguous copy on the device first (cupy.ascontiguousarray(x), x.contiguous())")
    n = view.shape[0]
    d = view.shape[1] if len(view.shape) == 2 else 1
    return n, d


def host_view(obj):
    """A NumPy view (no copy) of host memory: a NumPy array, a CPU DLPack tensor, or an
    object with __array_interface__; None for anything else (a list, say)."""
    if isinstance(obj, np.ndarray):
        return obj
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__") \
            and obj.__dlpack_device__()[0] == KDL_CPU:
        return np.from_dlpack(obj)
    if hasattr(obj, "__array_interface__"):
        return np.asarray(obj)
    return None


def host_dense_view(a):
    """A View of a NumPy array's memory (for mm_dense_wrap on a CPU context)."""
    return View(a.ctypes.data if a.size else 0, a.shape, a.dtype,
                None if a.flags.c_contiguous else a.strides, not a.flags.writeable, None, None,
                a, "NumPy")

