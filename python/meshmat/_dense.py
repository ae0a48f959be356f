"""The C library's dense n × d arrays (mm_dense), used inside the package to
carry vertex data in and out of the products and subdivision: made from a
NumPy array (a copy), over memory in place (mm_dense_wrap), read back into a
new NumPy array. meshmat.DeviceArray is the public subclass."""

import ctypes

import numpy as np

from . import arrays
from ._capi import lib
from ._handle import Handle


class Dense(Handle):
    _free = lib.mm_dense_free
    _what = "dense array"

    @classmethod
    def from_array(cls, ctx, a):
        """A copy of a 2-D C-contiguous float32 / float64 NumPy array in ctx's memory."""
        ptr = ctypes.c_void_p()
        ctx.check(lib.mm_dense_import(ctx.ptr, ctypes.byref(ptr), a.shape[0], a.shape[1],
                                      arrays.type_of(a.dtype), arrays.address(a)))
        return cls(ptr.value, ctx)

    @classmethod
    def zeros(cls, ctx, n, d, dtype):
        ptr = ctypes.c_void_p()
        ctx.check(lib.mm_dense_new(ctx.ptr, ctypes.byref(ptr), n, d, arrays.type_of(dtype)))
        return cls(ptr.value, ctx)

    @classmethod
    def over_memory(cls, ctx, n, d, mm_type, address, **kwargs):
        """An n × d array over memory at address (the caller's, not copied, not freed:
        mm_dense_wrap; device memory on a CUDA context, host memory on the CPU)."""
        ptr = ctypes.c_void_p()
        ctx.check(lib.mm_dense_wrap(ctx.ptr, ctypes.byref(ptr), n, d, mm_type, address or None))
        return cls(ptr.value, ctx, **kwargs)

    def shape_type(self):
        """(n, d, mm_type)."""
        n, d, t = ctypes.c_int64(), ctypes.c_int64(), ctypes.c_int()
        self._ctx.check(lib.mm_dense_shape(self.ptr, ctypes.byref(n), ctypes.byref(d),
                                           ctypes.byref(t)))
        return n.value, d.value, t.value

    def data_address(self):
        """The values' address where they live (mm_dense_data; 0 for an empty array)."""
        return lib.mm_dense_data(self.ptr) or 0

    def _take(self):
        """The C handle, no longer this object's (it will not free it)."""
        ptr, self._ptr = self._ptr, None
        return ptr

    def to_numpy(self):
        """A new (n, d) NumPy array holding the values."""
        n, d, t = self.shape_type()
        out = np.empty((n, d), arrays.dtype_of(t))
        self._ctx.check(lib.mm_dense_export(self.ptr, arrays.address(out)))
        return out
