"""Matrix: a sparse matrix in CSC, CSR or COO form with pattern, int32,
float32 or float64 values, held where its context computes
(include/meshmat/matrix.h). Made from host arrays (copied in), read back as
NumPy arrays (copied out)."""

import ctypes

import numpy as np

from . import arrays, errors
from ._capi import FORMATS, TYPES, MatrixArrays, MatrixInfo, lib
from ._handle import Handle
from .context import _choice, resolve
from .device import ArrayView


def _values(data, what="data"):
    """(values array or None, mm_type): None is PATTERN; integers become int32
    (refusing what int32 cannot hold), float32 stays, other reals become float64."""
    if data is None:
        return None, TYPES["pattern"]
    a = arrays.host_array(data)
    if a.dtype.kind in "iub":
        if a.size and (int(a.min()) < -2**31 or int(a.max()) > 2**31 - 1):
            raise errors.invalid(f"{what} holds integers past int32's range")
        return np.ascontiguousarray(a, np.int32).reshape(-1), TYPES["int32"]
    a = arrays.float_array(a, what).reshape(-1)
    return a, arrays.type_of(a.dtype)


def _shape(shape):
    try:
        nrows, ncols = (int(n) for n in shape)
    except (TypeError, ValueError):
        raise errors.invalid(f"shape must be (nrows, ncols), not {shape!r}") from None
    return nrows, ncols


class Matrix(Handle):
    """A sparse matrix on a context. Make one with Matrix.csc, .csr, .coo,
    .uniform or .from_scipy; read it back with .arrays() or .to_scipy()."""

    _free = lib.mm_matrix_free
    _what = "matrix"

    @classmethod
    def _import(cls, ctx, fmt, shape, nnz, ptr=None, rows=None, cols=None, data=None):
        nrows, ncols = _shape(shape)
        values, mm_type = _values(data)
        if values is not None and values.size != nnz:
            raise errors.invalid(f"data has {values.size} values for {nnz} entries")
        ctx = resolve(ctx)
        h = MatrixArrays(arrays.pointer(ptr, ctypes.c_int64), arrays.pointer(rows, ctypes.c_uint32),
                         arrays.pointer(cols, ctypes.c_uint32), arrays.address(values))
        out = ctypes.c_void_p()
        ctx.check(lib.mm_matrix_import(ctx.ptr, ctypes.byref(out), FORMATS[fmt], mm_type,
                                       nrows, ncols, nnz, ctypes.byref(h)))
        return cls(out.value, ctx)

    @classmethod
    def csc(cls, indptr, indices, data=None, *, shape, ctx=None):
        """Compressed columns: indptr (ncols + 1), row indices and values (nnz); data None
        makes a PATTERN matrix (the value an action map sees is the entry's 1-based
        position in its column)."""
        ptr, idx = arrays.offset_array(indptr, "indptr"), arrays.index_array(indices, "indices")
        return cls._import(ctx, "csc", shape, idx.size, ptr=ptr, rows=idx, data=data)

    @classmethod
    def csr(cls, indptr, indices, data=None, *, shape, ctx=None):
        """Compressed rows: indptr (nrows + 1), column indices and values (nnz)."""
        ptr, idx = arrays.offset_array(indptr, "indptr"), arrays.index_array(indices, "indices")
        return cls._import(ctx, "csr", shape, idx.size, ptr=ptr, cols=idx, data=data)

    @classmethod
    def coo(cls, rows, cols, data=None, *, shape, ctx=None):
        """Coordinates: rows, cols and values of each entry (duplicates allowed)."""
        r, c = arrays.index_array(rows, "rows"), arrays.index_array(cols, "cols")
        if r.size != c.size:
            raise errors.invalid(f"rows has {r.size} entries, cols {c.size}")
        return cls._import(ctx, "coo", shape, r.size, rows=r, cols=c, data=data)

    @classmethod
    def uniform(cls, format, indices, order, data=None, *, shape, ctx=None):
        """A CSC (CSR) matrix whose every column (row) has `order` entries, stored without
        a pointer (mm_matrix_import_uniform): the layout of all-quad or all-triangle
        mesh matrices. indices: order · ncols (nrows) ids, or an (ncols, order) array."""
        idx = arrays.index_array(np.reshape(arrays.host_array(indices), -1), "indices")
        values, mm_type = _values(data)
        nrows, ncols = _shape(shape)
        ctx = resolve(ctx)
        out = ctypes.c_void_p()
        ctx.check(lib.mm_matrix_import_uniform(
            ctx.ptr, ctypes.byref(out), _choice(FORMATS, format, "format"), mm_type, nrows,
            ncols, int(order), arrays.pointer(idx, ctypes.c_uint32), arrays.address(values)))
        return cls(out.value, ctx)

    @classmethod
    def from_scipy(cls, sp, ctx=None):
        """A copy of a scipy.sparse matrix or array (CSC and CSR kept, other forms as COO)."""
        fmt = sp.format if sp.format in ("csc", "csr") else "coo"
        if fmt == "coo":
            sp = sp.tocoo()
            return cls.coo(sp.row, sp.col, sp.data, shape=sp.shape, ctx=ctx)
        return getattr(cls, fmt)(sp.indptr, sp.indices, sp.data, shape=sp.shape, ctx=ctx)

    def _info(self):
        info = MatrixInfo()
        self._ctx.check(lib.mm_matrix_info_get(self.ptr, ctypes.byref(info)))
        return info

    @property
    def format(self):
        """"csc", "csr" or "coo"."""
        code = self._info().format
        return next(k for k, v in FORMATS.items() if v == code)

    @property
    def value_type(self):
        """"pattern", "int32", "float32" or "float64"."""
        code = self._info().type
        return next(k for k, v in TYPES.items() if v == code)

    @property
    def shape(self):
        info = self._info()
        return info.nrows, info.ncols

    @property
    def nnz(self):
        return self._info().nnz

    @property
    def uniform_order(self):
        """> 0: every column (CSC) or row (CSR) has this many entries (no stored pointer)."""
        return self._info().uniform

    @property
    def where(self):
        """"host" (CPU backend) or "device" (CUDA backend)."""
        return "device" if self._info().where == 1 else "host"

    def arrays(self):
        """Copies of the stored arrays: (indptr, indices, data) for CSC and CSR,
        (rows, cols, data) for COO; data is None for a PATTERN matrix."""
        info = self._info()
        dtype = arrays.dtype_of(info.type)
        values = None if dtype is None else np.empty(info.nnz, dtype)
        fmt = self.format
        lines = info.ncols if fmt == "csc" else info.nrows
        ptr = np.empty(lines + 1, np.int64) if fmt != "coo" else None
        rows = np.empty(info.nnz, np.uint32) if fmt != "csr" else None
        cols = np.empty(info.nnz, np.uint32) if fmt != "csc" else None
        h = MatrixArrays(arrays.pointer(ptr, ctypes.c_int64), arrays.pointer(rows, ctypes.c_uint32),
                         arrays.pointer(cols, ctypes.c_uint32), arrays.address(values))
        self._ctx.check(lib.mm_matrix_export(self.ptr, ctypes.byref(h)))
        if fmt == "coo":
            return rows, cols, values
        return ptr, (rows if fmt == "csc" else cols), values

    def views(self):
        """The stored arrays in place, no copy (mm_matrix_data): read-only ArrayViews in
        the context's memory (device memory on CUDA: CuPy and PyTorch read them through
        __cuda_array_interface__), in arrays()'s order: (indptr, indices, data) for CSC
        and CSR, (rows, cols, data) for COO. data is None for a PATTERN matrix, indptr
        None for a uniform one (uniform_order k > 0: line j is entries [k j, k (j + 1)),
        no pointer is stored). Each keeps the matrix alive."""
        info = self._info()
        fmt = self.format
        ptr, rows, cols, values = (ctypes.c_void_p() for _ in range(4))
        self._ctx.check(lib.mm_matrix_data(self.ptr, ctypes.byref(ptr), ctypes.byref(rows),
                                           ctypes.byref(cols), ctypes.byref(values)))
        lines = info.ncols if fmt == "csc" else info.nrows

        def view(p, n, dtype, index):
            return ArrayView(self, p.value, (n,), dtype, lambda: self.arrays()[index])

        pointer = (view(ptr, lines + 1, np.int64, 0)
                   if fmt != "coo" and not info.uniform else None)
        first = view(rows if fmt != "csr" else cols, info.nnz, np.uint32, 1 if fmt != "coo" else 0)
        second = view(cols, info.nnz, np.uint32, 1) if fmt == "coo" else None
        dtype = arrays.dtype_of(info.type)
        data = None if dtype is None else view(values, info.nnz, dtype, 2)
        return (first, second, data) if fmt == "coo" else (pointer, first, data)

    def to_scipy(self):
        """A scipy.sparse matrix of the same form (needs scipy). A PATTERN CSC / CSR
        matrix gets its implicit values, each entry's 1-based position in its column
        (row); a PATTERN COO matrix ones (what an action map sees, meshmat/ops.h)."""
        import scipy.sparse
        first, second, values = self.arrays()
        if values is None:
            if self.format == "coo":
                values = np.ones(first.size)
            else:
                values = (np.arange(second.size) - np.repeat(first[:-1], np.diff(first)) + 1)
        if self.format == "coo":
            return scipy.sparse.coo_matrix((values, (first, second)), shape=self.shape)
        build = scipy.sparse.csc_matrix if self.format == "csc" else scipy.sparse.csr_matrix
        return build((values, second, first), shape=self.shape)

    def transpose(self):
        """Aᵀ in A's format (mm_matrix_transpose): a PATTERN CSC / CSR matrix becomes
        INT32 with each entry's position as its value."""
        out = ctypes.c_void_p()
        self._ctx.check(lib.mm_matrix_transpose(self._ctx.ptr, self.ptr, ctypes.byref(out)))
        return Matrix(out.value, self._ctx)

    @property
    def T(self):
        return self.transpose()

    def __repr__(self):
        if self.closed:
            return "<meshmat.Matrix closed>"
        return (f"<meshmat.Matrix {self.shape[0]}x{self.shape[1]} {self.format} "
                f"{self.value_type} nnz={self.nnz}>")
