"""The life of a C handle in Python: close() (also on leaving a `with` block and
in __del__) frees it once. An object keeps its Context (so the context's
Python object outlives it) and the objects it needs (a borrowed handle's
owner, as a mesh for its matrix; a subdivision's mesh), so those are not
collected under it; when one of them is closed explicitly, it refuses calls."""

import ctypes

from . import errors


class Handle:
    _free = None  # the type's mm_*_free
    _what = "object"

    def __init__(self, ptr, ctx, needs=(), borrowed=False):
        self._ptr = ptr
        self._ctx = ctx
        self._needs = tuple(needs)
        self._borrowed = borrowed  # owned by one of needs: never freed here

    @property
    def ctx(self):
        """The Context this object was made on."""
        return self._ctx

    @property
    def closed(self):
        return self._ptr is None or any(n.closed for n in self._needs)

    @property
    def ptr(self):
        """The C handle; raises when this object, one it needs or its context is closed."""
        if self.closed:
            raise errors.invalid(f"the {self._what} is closed")
        self._ctx.ptr  # raises if the context is closed
        return self._ptr

    def close(self):
        """Free the C object now (later calls on it raise; a second close does nothing)."""
        ptr, self._ptr = self._ptr, None
        if ptr is not None and not self._borrowed:
            type(self)._free(ctypes.byref(ctypes.c_void_p(ptr)))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: the module may already be gone
            pass
