"""Arrays where the context computes, used in place: no copy in, no copy out.

DeviceArray is an n × d (or length-n) float32 / float64 array in a context's
memory (device memory on CUDA, host memory on the CPU): a C mm_dense that
meshmat made (a result of Subdivision.eval, spmv, ...; DeviceArray.zeros,
DeviceArray.from_host) or one over memory of the caller's (DeviceArray.wrap:
mm_dense_wrap). On a CUDA context it exposes __cuda_array_interface__
(version 3), so cupy.asarray(a) and torch.as_tensor(a, device="cuda") view it
with no copy; on a CPU context __array_interface__, so np.asarray(a) does.
numpy() (to_host()) copies it to the host.

ArrayView is a read-only view of an array a meshmat object owns (a matrix's
indices, a refined level's faces: mm_matrix_data), keeping its owner alive.

Inputs: wherever the package takes dense data for a computation (Subdivision
eval / eval_limit, limit, spmv), a DeviceArray of the context, and on a CUDA
context any CUDA array (__cuda_array_interface__ or CUDA DLPack: CuPy, PyTorch,
Numba), is used in place (mm_dense_wrap); such arrays must be float32 / float64
and C-contiguous, else InvalidArgumentError (a ValueError) says so: nothing is
converted or copied behind the caller's back. Other inputs (NumPy arrays, lists,
device arrays on a CPU context) are copied in, as before."""

import ctypes
from typing import NamedTuple

import numpy as np

from . import _device_copy, _interop, arrays, errors
from ._capi import lib
from ._dense import Dense
from .context import resolve

# NumPy refuses a NULL data address even for an empty array: empty host arrays point here.
_EMPTY = ctypes.create_string_buffer(8)


class _Exposed:
    """The array protocols over memory in place. A subclass sets _ctx, _cuda, _shape,
    _dtype, _what and gives _exposed(): (address, readonly), raising when closed."""

    @property
    def __cuda_array_interface__(self):
        if not self._cuda:
            raise AttributeError(f"a {self._what} of a CPU context is host memory: it has "
                                 f"__array_interface__, not __cuda_array_interface__")
        address, readonly = self._exposed()
        return {"shape": self._shape, "typestr": self._dtype.str, "data": (address, readonly),
                "strides": None, "version": 3, "stream": self._ctx._stream_token()}

    @property
    def __array_interface__(self):
        if self._cuda:
            raise AttributeError(f"a {self._what} of a CUDA context is device memory: it has "
                                 f"__cuda_array_interface__, not __array_interface__")
        address, readonly = self._exposed()
        return {"shape": self._shape, "typestr": self._dtype.str,
                "data": (address or ctypes.addressof(_EMPTY), readonly), "strides": None,
                "version": 3}

    def __array__(self, dtype=None, copy=None):
        # NumPy gets here only without __array_interface__, i.e. on a CUDA context.
        if copy is False:
            raise ValueError(f"a {self._what} in device memory cannot become a NumPy array "
                             f"without a copy")
        a = self.numpy()
        return a if dtype is None else a.astype(dtype, copy=False)

    @property
    def ctx(self):
        return self._ctx

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def size(self):
        return int(np.prod(self._shape, dtype=np.int64))

    @property
    def nbytes(self):
        return self.size * self._dtype.itemsize

    @property
    def where(self):
        """"device" (CUDA context) or "host" (CPU context)."""
        return "device" if self._cuda else "host"

    @property
    def data_ptr(self):
        """The address of the first value where it lives (0 for an empty array)."""
        return self._exposed()[0]

    @property
    def readonly(self):
        return self._exposed()[1]

    def to_host(self):
        """A host copy: a new NumPy array (the same as numpy())."""
        return self.numpy()

    def __len__(self):
        return self._shape[0]


class DeviceArray(_Exposed, Dense):
    """An n × d (or length-n) float32 / float64 array in a context's memory: see the
    module's text. Make one with DeviceArray.zeros(shape, dtype, ctx=),
    DeviceArray.from_host(a, ctx=) (a copy of host data) or DeviceArray.wrap(obj, ctx=)
    (no copy); get one from eval, eval_limit, limit, spmv (device=True, or a device
    array in). close() frees it (the memory too unless wrapped); so does collection."""

    _what = "device array"

    def __init__(self, ptr, ctx, needs=(), borrowed=False, *, shape=None, keep=None,
                 readonly=False, wrapped=False):
        self._keep, self._readonly, self._wrapped = keep, readonly, wrapped
        super().__init__(ptr, ctx, needs, borrowed)
        self._cuda = ctx.backend == "cuda"
        n, d, t = self.shape_type()
        self._dtype = np.dtype(arrays.dtype_of(t))
        self._shape = (n, d) if shape is None else tuple(int(k) for k in shape)

    @classmethod
    def zeros(cls, shape, dtype=np.float64, *, ctx=None):
        """A new array of zeros (mm_dense_new): shape (n,) or (n, d), dtype float32 /
        float64, on ctx (default: default_context())."""
        ctx = resolve(ctx)
        shape, n, d = _shape_nd(shape)
        dtype = np.dtype(dtype)
        if dtype not in (np.float32, np.float64):
            raise errors.invalid(f"a DeviceArray holds float32 or float64, not {dtype}")
        ptr = ctypes.c_void_p()
        ctx.check(lib.mm_dense_new(ctx.ptr, ctypes.byref(ptr), n, d, arrays.type_of(dtype)))
        return cls(ptr.value, ctx, shape=shape)

    @classmethod
    def from_host(cls, a, dtype=None, *, ctx=None):
        """A copy of host data (mm_dense_import): anything np.asarray takes, 1 or 2
        dimensions; float32 stays float32, other reals become float64 (or dtype)."""
        ctx = resolve(ctx)
        a = arrays.float_array(a, "a", dtype=dtype)
        if a.ndim not in (1, 2):
            raise errors.invalid(f"a DeviceArray has 1 or 2 dimensions, not shape {a.shape}")
        n, d = a.shape[0], (a.shape[1] if a.ndim == 2 else 1)
        ptr = ctypes.c_void_p()
        ctx.check(lib.mm_dense_import(ctx.ptr, ctypes.byref(ptr), n, d, arrays.type_of(a.dtype),
                                      arrays.address(a)))
        return cls(ptr.value, ctx, shape=a.shape)

    @classmethod
    def wrap(cls, obj, *, ctx=None):
        """obj's memory as a DeviceArray, no copy (mm_dense_wrap): on a CUDA context a
        CUDA array (__cuda_array_interface__ or CUDA DLPack: CuPy, PyTorch, Numba, another
        DeviceArray), on a CPU context a NumPy array (or CPU DLPack, __array_interface__);
        float32 / float64, C-contiguous, 1 or 2 dimensions. obj is kept alive with it;
        closing it leaves obj's memory alone. The context's stream waits for the stream
        obj's __cuda_array_interface__ names (once, now); later work on obj's memory is
        the caller's to order with the context's stream (use one stream)."""
        ctx = resolve(ctx)
        view = _view_in_place(ctx, obj, "the array")
        n, d = _interop.dense_shape(view, "the array", (1, 2))
        if _takes_cuda_arrays(ctx) and view.stream is not None:
            _device_copy.order_streams(ctx.device, ctx.stream, view.stream)
        return cls.over_memory(ctx, n, d, arrays.type_of(view.dtype), view.address,
                               shape=view.shape, keep=view.keep, readonly=view.readonly,
                               wrapped=True)

    @property
    def wrapped(self):
        """True when the memory is the caller's (DeviceArray.wrap), freed by the caller."""
        return self._wrapped

    def _exposed(self):
        return self.data_address(), self._readonly

    def numpy(self):
        """A host copy: a new NumPy array of the array's shape (mm_dense_export, after
        the work queued on the context's stream)."""
        return self.to_numpy().reshape(self._shape)

    def close(self):
        super().close()
        self._keep = None

    def __repr__(self):
        if self.closed:
            return "<meshmat.DeviceArray closed>"
        return (f"<meshmat.DeviceArray shape={self._shape} {self._dtype} {self.where}"
                f"{' wrapped' if self._wrapped else ''}>")


class ArrayView(_Exposed):
    """A read-only view, in place, of an array that a meshmat object owns (Matrix.views,
    Mesh.face_view, Subdivision.face_view): __cuda_array_interface__ on a CUDA context,
    __array_interface__ on a CPU one; numpy() copies it to the host. It keeps its owner
    alive; once the owner is closed explicitly, it refuses to be read."""

    _what = "array view"

    def __init__(self, owner, address, shape, dtype, host):
        self._owner, self._address, self._host = owner, int(address or 0), host
        self._shape, self._dtype = tuple(int(n) for n in shape), np.dtype(dtype)
        self._ctx = owner.ctx
        self._cuda = self._ctx.backend == "cuda"

    def _exposed(self):
        self._owner.ptr  # raises when the owner (or its context) is closed
        return self._address, True

    def numpy(self):
        """A host copy (through the owner's export, e.g. mm_matrix_export)."""
        self._owner.ptr
        return np.ascontiguousarray(self._host()).reshape(self._shape)

    def reshape(self, shape):
        """The same memory seen with another shape of as many values (C order)."""
        shape = tuple(int(n) for n in shape)
        if int(np.prod(shape, dtype=np.int64)) != self.size:
            raise errors.invalid(f"cannot view {self._shape} as {shape}")
        host = self._host
        return ArrayView(self._owner, self._address, shape, self._dtype, host)

    @property
    def owner(self):
        return self._owner

    def __repr__(self):
        return f"<meshmat.ArrayView shape={self._shape} {self._dtype} {self.where}>"


def _takes_cuda_arrays(ctx):
    """True when ctx uses CUDA arrays in place: a CUDA context. (The tests point this at
    host memory to run the CUDA-array path on the CPU backend.)"""
    return ctx.backend == "cuda"


def _shape_nd(shape):
    """((n,) or (n, d), n, d) from a shape argument."""
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    try:
        shape = tuple(int(k) for k in shape)
    except (TypeError, ValueError):
        raise errors.invalid(f"shape must be (n,) or (n, d), not {shape!r}") from None
    if len(shape) not in (1, 2) or min(shape) < 0:
        raise errors.invalid(f"shape must be (n,) or (n, d) of sizes >= 0, not {shape}")
    return shape, shape[0], (shape[1] if len(shape) == 2 else 1)


def _view_in_place(ctx, obj, what):
    """The View of obj's memory for mm_dense_wrap on ctx, or InvalidArgumentError."""
    if _takes_cuda_arrays(ctx):
        if _interop.is_cuda_array(obj):
            return _interop.cuda_view(obj, ctx._stream_token())
        raise errors.invalid(
            f"{what}: on a CUDA context an array used in place is a CUDA array "
            f"(__cuda_array_interface__ or CUDA DLPack), not {type(obj).__name__}; "
            f"DeviceArray.from_host copies host data in")
    if _interop.is_cuda_array(obj):
        raise errors.invalid(f"{what}: a CUDA array cannot be used in place on a CPU context "
                             f"(DeviceArray.from_host copies it through the host)")
    a = _interop.host_view(obj)
    if a is None:
        raise errors.invalid(f"{what}: {type(obj).__name__} is no array in memory to use in "
                             f"place (DeviceArray.from_host copies it)")
    if not a.flags.aligned:
        raise errors.invalid(f"{what}: the array is not aligned")
    return _interop.host_dense_view(a)


class _Target(NamedTuple):
    """An output argument resolved once: kind "meshmat" (obj a DeviceArray of the
    context), "view" (obj a View to wrap) or "host" (obj a NumPy array written back)."""
    kind: str
    obj: object
    shape: tuple
    dtype: np.dtype


class Operands:
    """The dense arguments of one C call on ctx: inputs and outputs used in place where
    they can be, copies otherwise. Leaving the block frees the temporaries and handles,
    writes host outputs back (on success) and orders the streams of wrapped
    __cuda_array_interface__ arrays after the context's (so their producers' later work
    neither overwrites an input meshmat still reads nor reads an output early)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.in_place = False  # an input was used in place: results default to DeviceArray
        self._cuda = _takes_cuda_arrays(ctx)
        self._close, self._keep, self._streams, self._writebacks = [], [], [], []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        try:
            for stream in self._streams:
                _device_copy.order_streams(self.ctx.device, stream, self.ctx.stream)
            if exc_type is None:
                for temp, out in self._writebacks:
                    out[...] = temp.to_numpy().reshape(out.shape)
        finally:
            for h in reversed(self._close):
                h.close()
            self._keep.clear()
        return False

    def _wrap(self, view, n, d, what, writable):
        if writable and view.readonly:
            raise errors.invalid(f"{what} is read-only")
        if self._cuda and view.stream is not None \
                and not _device_copy.same_stream(view.stream, self.ctx.stream):
            _device_copy.order_streams(self.ctx.device, self.ctx.stream, view.stream)
            self._streams.append(view.stream)
        X = Dense.over_memory(self.ctx, n, d, arrays.type_of(view.dtype), view.address)
        self._close.append(X)
        self._keep.append(view.keep)
        return X

    def input(self, obj, what, ndims=(2,), dtype=None):
        """(an mm_dense holder with .ptr, obj's shape) for an input: in place for a
        DeviceArray of this context and, on a CUDA context, a CUDA array; else a copy of
        obj's host data (float32 stays float32, other reals become float64, or dtype)."""
        dims = " or ".join(str(n) for n in ndims)
        if isinstance(obj, DeviceArray) and obj.ctx is self.ctx:
            if len(obj.shape) not in ndims:
                raise errors.invalid(f"{what} must have {dims} dimension(s), not shape "
                                     f"{obj.shape}")
            _same_type(obj.dtype, dtype, what)
            obj.ptr  # raises when closed
            self.in_place = True
            return obj, obj.shape
        if self._cuda and not isinstance(obj, np.ndarray) and _interop.is_cuda_array(obj):
            view = _interop.cuda_view(obj, self.ctx._stream_token())
            n, d = _interop.dense_shape(view, what, ndims)
            _same_type(view.dtype, dtype, what)
            self.in_place = True
            return self._wrap(view, n, d, what, False), view.shape
        a = arrays.float_array(obj, what, dtype=dtype)
        if a.ndim not in ndims:
            raise errors.invalid(f"{what} must have {dims} dimension(s), not shape {a.shape}")
        X = Dense.from_array(self.ctx, a.reshape(a.shape[0], 1) if a.ndim == 1 else a)
        self._close.append(X)
        return X, a.shape

    def target(self, out, what="out"):
        """Resolve an output argument (its shape and dtype are checked by output())."""
        if isinstance(out, DeviceArray) and out.ctx is self.ctx:
            return _Target("meshmat", out, out.shape, out.dtype)
        if self._cuda and not isinstance(out, np.ndarray) and _interop.is_cuda_array(out):
            view = _interop.cuda_view(out, self.ctx._stream_token())
            return _Target("view", view, view.shape, view.dtype)
        a = None if _interop.is_cuda_array(out) else _interop.host_view(out)
        if a is None:
            raise errors.invalid(
                f"{what} must be a NumPy array, a meshmat.DeviceArray of this context or, on "
                f"a CUDA context, a CUDA array (__cuda_array_interface__ / DLPack), not "
                f"{type(out).__name__}")
        if a.dtype not in (np.float32, np.float64):
            raise errors.invalid(f"{what} must hold float32 or float64, not {a.dtype}")
        if not self._cuda and a.flags.c_contiguous and a.flags.aligned and a.dtype.isnative:
            return _Target("view", _interop.host_dense_view(a), a.shape, a.dtype)
        return _Target("host", a, a.shape, a.dtype)

    def output(self, target, shape, dtype, what="out", accumulate=False):
        """The mm_dense holder the C call writes for target, whose shape and dtype must be
        the result's (accumulate: its values are read too)."""
        shape, dtype = tuple(shape), np.dtype(dtype)
        if tuple(target.shape) != shape or target.dtype != dtype:
            raise errors.invalid(f"{what} has shape {tuple(target.shape)} {target.dtype}; "
                                 f"the result is {shape} {dtype}")
        n, d = shape[0], (shape[1] if len(shape) == 2 else 1)
        if target.kind == "meshmat":
            if target.obj.readonly:
                raise errors.invalid(f"{what} is read-only")
            return target.obj
        if target.kind == "view":
            _interop.dense_shape(target.obj, what, (len(shape),))
            return self._wrap(target.obj, n, d, what, True)
        out = target.obj
        if not out.flags.writeable:
            raise errors.invalid(f"{what} is read-only")
        temp = (Dense.from_array(self.ctx, np.ascontiguousarray(out).reshape(n, d))
                if accumulate else Dense.zeros(self.ctx, n, d, dtype))
        self._close.append(temp)
        self._writebacks.append((temp, out))
        return temp


def _same_type(got, wanted, what):
    if wanted is not None and np.dtype(got) != np.dtype(wanted):
        raise errors.invalid(f"{what} is {np.dtype(got)}, used in place; {np.dtype(wanted)} "
                             f"is needed (out's type)")


def result(ctx, ptr, device, shape=None):
    """A new mm_dense handle made by a C call as the caller asked: a DeviceArray
    (device true) or a NumPy copy (the handle freed)."""
    if device:
        return DeviceArray(ptr, ctx, shape=shape)
    with Dense(ptr, ctx) as X:
        a = X.to_numpy()
    return a if shape is None else a.reshape(shape)
