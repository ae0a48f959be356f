"""What meshmat accepts as an array, and the checked conversions to the C
types (float32 / float64 data, uint32 ids, int64 offsets).

Inputs: NumPy arrays (used in place when they already have the C type and
layout), anything np.asarray takes (lists, scipy's arrays), CPU DLPack
tensors (np.from_dlpack), meshmat's own DeviceArray / ArrayView, and device
arrays, __cuda_array_interface__ (CuPy, PyTorch CUDA tensors, Numba) or CUDA
DLPack. host_array gives host data, COPYING device arrays to the host
(_device_copy): it serves the C functions that import from host memory
(mm_mesh_new, mm_matrix_import, ...) and CPU contexts. Dense data for a
computation on a CUDA context does not come through here: meshmat.device
uses device arrays in place (mm_dense_wrap)."""

import ctypes

import numpy as np

from . import _capi, _device_copy, errors

_DTYPE_OF_TYPE = {_capi.TYPE_INT32: np.int32, _capi.TYPE_FLOAT32: np.float32,
                  _capi.TYPE_FLOAT64: np.float64}


def host_array(obj):
    """obj as a NumPy array (a device array through a host copy; see the module's text)."""
    if isinstance(obj, np.ndarray):
        return obj
    from .device import _Exposed  # (meshmat.device imports this module)
    if isinstance(obj, _Exposed):  # a DeviceArray / ArrayView: a view on the CPU, else a copy
        return np.asarray(obj)
    if hasattr(obj, "__cuda_array_interface__"):
        return _device_copy.from_cuda_array_interface(obj)
    if hasattr(obj, "__dlpack_device__"):
        kind = obj.__dlpack_device__()[0]
        if kind in (_device_copy.KDL_CUDA, _device_copy.KDL_CUDA_HOST,
                    _device_copy.KDL_CUDA_MANAGED):
            return _device_copy.from_dlpack_device(obj)
        if kind == _device_copy.KDL_CPU:
            return np.from_dlpack(obj)
    return np.asarray(obj)


def type_of(dtype):
    """The mm_type of a NumPy float dtype."""
    return _capi.TYPE_FLOAT32 if np.dtype(dtype) == np.float32 else _capi.TYPE_FLOAT64


def dtype_of(mm_type):
    """The NumPy dtype of an mm_type (None for PATTERN)."""
    return _DTYPE_OF_TYPE.get(mm_type)


def float_array(obj, what, ndim=None, dtype=None):
    """A C-contiguous float32 or float64 array: float32 stays float32, every other real
    type becomes float64 (unless dtype says which); ndim, when given, is checked."""
    a = host_array(obj)
    if a.dtype.kind not in "biuf":
        raise errors.invalid(f"{what} must hold real numbers, not {a.dtype}")
    if ndim is not None and a.ndim != ndim:
        raise errors.invalid(f"{what} must have {ndim} dimension(s), not shape {a.shape}")
    if dtype is None:
        dtype = np.float32 if a.dtype == np.float32 else np.float64
    return np.ascontiguousarray(a, dtype=dtype)


def index_array(obj, what, ndim=1):
    """A C-contiguous uint32 array of ids, refusing non-integers and ids outside
    [0, 2^32) instead of letting them wrap (the C side checks them against the sizes)."""
    a = host_array(obj)
    if a.size == 0:
        return np.zeros(a.shape if a.ndim == ndim else (0,) * ndim, np.uint32)
    if a.dtype.kind not in "iu":
        raise errors.invalid(f"{what} must hold integers, not {a.dtype}")
    if a.ndim != ndim:
        raise errors.invalid(f"{what} must have {ndim} dimension(s), not shape {a.shape}")
    low, high = int(a.min()), int(a.max())
    if low < 0 or high > 0xFFFFFFFF:
        bad = low if low < 0 else high
        raise errors.invalid(f"{what} holds {bad}: ids must lie in [0, 2^32 - 1]")
    return np.ascontiguousarray(a, dtype=np.uint32)


def offset_array(obj, what):
    """A C-contiguous int64 array of offsets (column or face pointers)."""
    a = host_array(obj)
    if a.size and a.dtype.kind not in "iu":
        raise errors.invalid(f"{what} must hold integers, not {a.dtype}")
    if a.ndim != 1:
        raise errors.invalid(f"{what} must have 1 dimension, not shape {a.shape}")
    if a.dtype == np.uint64 and a.size and int(a.max()) > np.iinfo(np.int64).max:
        raise errors.invalid(f"{what} holds {int(a.max())}, past 2^63 - 1")
    return np.ascontiguousarray(a, dtype=np.int64)


def pointer(a, ctype):
    """a's data as a ctypes pointer to ctype (None stays NULL)."""
    return None if a is None else a.ctypes.data_as(ctypes.POINTER(ctype))


def address(a):
    """a's data as a void * (None stays NULL)."""
    return None if a is None else a.ctypes.data_as(ctypes.c_void_p)
