"""Mapped sparse products (include/meshmat/ops.h): spmv, y = [y +] op(A)_μ x,
and spgemm, C = A B {μ}[λ] with ⊕ and a mask, with the C library's built-in
maps and lambdas and user ones, as a Python callable (CPU backend, called
through ctypes) and / or C source (CUDA backend, compiled by NVRTC)."""

import ctypes

import numpy as np

from . import _capi, arrays, errors
from ._callbacks import Callbacks
from ._capi import lib
from ._dense import Dense
from .device import DeviceArray, Operands
from .context import _choice
from .matrix import Matrix


def _source(text, callbacks):
    if text is None:
        return None
    encoded = text.encode()
    callbacks.keep.append(encoded)
    return encoded


class Map:
    """An action map μ (mm_map). Built in: Map.value() (μ(a) = a), Map.one(),
    Map.inv_count() (SpMV: 1 / entries in the row), Map.table(values),
    Map.circulant(shifts) (SpGEMM, eq. 4-6), Map.product() (SpGEMM: a · b);
    the strings "value", "one", "inv_count", "product" name those without
    arguments. Map.user(fn, source): fn(a, b, c) -> float for the CPU backend,
    source the body of `double user_map(double a, double b, int64_t c)` for CUDA."""

    _NAMES = {"value": _capi.MAP_VALUE, "one": _capi.MAP_ONE,
              "inv_count": _capi.MAP_INV_COUNT, "product": _capi.MAP_PRODUCT}

    def __init__(self, kind, table=None, shifts=(), fn=None, source=None):
        self.kind, self.fn, self.source = kind, fn, source
        self.table = None if table is None else arrays.float_array(table, "table", 1, np.float64)
        self.shifts = tuple(int(s) for s in shifts)
        if len(self.shifts) > 4:
            raise errors.invalid(f"a circulant map takes up to 4 shifts, not {len(self.shifts)}")

    @classmethod
    def value(cls):
        return cls(_capi.MAP_VALUE)

    @classmethod
    def one(cls):
        return cls(_capi.MAP_ONE)

    @classmethod
    def inv_count(cls):
        return cls(_capi.MAP_INV_COUNT)

    @classmethod
    def table(cls, values):
        return cls(_capi.MAP_TABLE, table=values)

    @classmethod
    def circulant(cls, shifts):
        return cls(_capi.MAP_CIRCULANT, shifts=shifts)

    @classmethod
    def product(cls):
        return cls(_capi.MAP_PRODUCT)

    @classmethod
    def user(cls, fn=None, source=None):
        if fn is None and source is None:
            raise errors.invalid("a user map needs fn (CPU backend) or source (CUDA backend)")
        return cls(_capi.MAP_USER, fn=fn, source=source)

    @classmethod
    def coerce(cls, m):
        if isinstance(m, Map):
            return m
        return cls(_choice(cls._NAMES, m, "map"))

    def to_c(self, callbacks):
        """The mm_map struct (its arrays and callable kept alive by self and callbacks)."""
        callbacks.keep.append(self)
        c = _capi.Map()
        c.kind = self.kind
        if self.table is not None:
            c.table, c.table_len = arrays.pointer(self.table, ctypes.c_double), self.table.size
        c.shifts[:len(self.shifts)] = self.shifts
        c.num_shifts = len(self.shifts)
        if self.fn is not None:
            fn = self.fn  # C's last argument, user_data, is not passed on
            c.user = callbacks.wrap(_capi.MapFn, lambda a, b, n, _: float(fn(a, b, n)), 0.0)
        c.source = _source(self.source, callbacks)
        return c


class Lambda:
    """A collision lambda λ (mm_lambda): "map" (the map's result), "i", "j", "k",
    "count" (1), or Lambda.user(fn, source): fn(m, i, j, k, a, b) -> float (CPU),
    source the body of `double user_lambda(double m, uint32_t i, uint32_t j,
    uint32_t k, double a, double b)` (CUDA)."""

    _NAMES = {"map": _capi.LAMBDA_MAP, "i": _capi.LAMBDA_I, "j": _capi.LAMBDA_J,
              "k": _capi.LAMBDA_K, "count": _capi.LAMBDA_COUNT}

    def __init__(self, kind, fn=None, source=None):
        self.kind, self.fn, self.source = kind, fn, source

    @classmethod
    def user(cls, fn=None, source=None):
        if fn is None and source is None:
            raise errors.invalid("a user lambda needs fn (CPU backend) or source (CUDA backend)")
        return cls(_capi.LAMBDA_USER, fn=fn, source=source)

    @classmethod
    def coerce(cls, lam):
        if isinstance(lam, Lambda):
            return lam
        return cls(_choice(cls._NAMES, lam, "lambda"))

    def to_c(self, callbacks):
        c = _capi.Lambda()
        c.kind = self.kind
        if self.fn is not None:
            fn = self.fn
            c.user = callbacks.wrap(_capi.LambdaFn, lambda m, i, j, k, a, b, _:
                                    float(fn(m, i, j, k, a, b)), 0.0)
        c.source = _source(self.source, callbacks)
        return c


def spmv(A, x, map="value", *, transpose=False, out=None, accumulate=False, device=None):
    """y = op(A)_μ x (out=None, or out overwritten), or out + op(A)_μ x (accumulate=True),
    y(i,:) = Σ_j μ(op(A)(i,j)) x(j,:), op(A) = Aᵀ when transpose (mm_spmv).

    x: cols(op(A)) × d, or a vector (then y is one); float32 stays float32, other
    reals become float64 (out's dtype when out is given). A meshmat.DeviceArray of A's
    context, and on a CUDA context a CUDA array (CuPy, PyTorch, Numba), is read in place
    (float32 / float64, C-contiguous, else InvalidArgumentError). out: a NumPy array of
    the result's shape (C-contiguous or not), or, written in place, a DeviceArray of A's
    context or a CUDA array on a CUDA context; it must not share memory with x. Returns y
    (out itself when given): without out a DeviceArray when device is True, or device
    is None and x was used in place, else a NumPy array."""
    ctx = A.ctx
    if accumulate and out is None:
        raise errors.invalid("accumulate=True adds to out: give out")
    nrows, ncols = A.shape
    m = ncols if transpose else nrows
    callbacks = Callbacks()
    c_map = Map.coerce(map).to_c(callbacks)
    with Operands(ctx) as ops:
        target = None if out is None else ops.target(out)
        X, xshape = ops.input(x, "x", (1, 2), None if target is None else target.dtype)
        vector = len(xshape) == 1
        yshape = (m,) if vector else (m, xshape[1])
        xtype = X.shape_type()[2]
        if target is None:
            Y = Dense.zeros(ctx, m, 1 if vector else xshape[1], arrays.dtype_of(xtype))
            ops._close.append(Y)
        else:
            Y = ops.output(target, yshape, arrays.dtype_of(xtype), accumulate=accumulate)
        status = lib.mm_spmv(ctx.ptr, ctypes.byref(c_map), A.ptr, 1 if transpose else 0,
                             X.ptr, Y.ptr, 1 if accumulate else 0)
        callbacks.raise_pending()
        ctx.check(status)
        if target is not None:
            y = out
        elif ops.in_place if device is None else device:
            ops._close.remove(Y)  # the result: kept, not freed with the temporaries
            y = DeviceArray(Y._take(), ctx, shape=yshape)
        else:
            y = Y.to_numpy().reshape(yshape)
    return y


def spgemm(A, B, map="product", lambda_="map", reduce="sum", *, mask=None,
           out_type="float64"):
    """C = A B {μ}[λ] with ⊕ (mm_spgemm): C(i,j) = ⊕_k λ(μ(A(i,k), B(k,j)), i, j, k, a, b)
    over the collisions whose map result is not 0 and that the mask keeps.

    A (m × n) and B (n × p) are CSC matrices of one context; map a Map or its name
    (default: the plain product a · b), lambda_ a Lambda or its name, reduce "sum",
    "max", "min", "any" or "first", mask None, "lower" (i > j) or "upper" (i < j),
    out_type "pattern", "int32", "float32" or "float64". Returns C, a new m × p CSC
    Matrix with rows sorted in each column."""
    ctx = A.ctx
    callbacks = Callbacks()
    op = _capi.SpgemmOp()
    op.map = Map.coerce(map).to_c(callbacks)
    op.lambda_ = Lambda.coerce(lambda_).to_c(callbacks)
    op.reduce = _choice(_capi.REDUCES, reduce, "reduce")
    op.mask = _choice(_capi.MASKS, mask, "mask")
    op.out_type = _choice(_capi.TYPES, out_type, "out_type")
    out = ctypes.c_void_p()
    status = lib.mm_spgemm(ctx.ptr, ctypes.byref(op), A.ptr, B.ptr, ctypes.byref(out))
    if status == _capi.OK:
        C = Matrix(out.value, ctx)  # owned before anything else can raise
    callbacks.raise_pending()
    ctx.check(status)
    return C
