"""The C library's dense n × d arrays (mm_dense), used inside the package to
carry vertex data in and out of the products and subdivision: made from a
NumPy array, read back into a new one."""

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

    def to_numpy(self):
        """A new (n, d) NumPy array holding the values."""
        n, d, t = ctypes.c_int64(), ctypes.c_int64(), ctypes.c_int()
        self._ctx.check(lib.mm_dense_shape(self.ptr, ctypes.byref(n), ctypes.byref(d),
                                           ctypes.byref(t)))
        out = np.empty((n.value, d.value), arrays.dtype_of(t.value))
        self._ctx.check(lib.mm_dense_export(self.ptr, arrays.address(out)))
        return out
