"""Context: the backend (CPU or CUDA), device and stream every meshmat object
is made on, its memory counters and stage timers (include/meshmat/context.h)."""

import ctypes

from . import _capi, errors
from ._capi import lib


def cuda_available():
    """True when the library was built with the CUDA backend and a device can be used."""
    return bool(lib.mm_cuda_available())


class Context:
    """Context(backend="auto" | "cpu" | "cuda", device=0, stream=None, timing=False,
    max_memory=0).

    stream is a cudaStream_t as an int, or a CuPy / PyTorch stream object
    (its .ptr / .cuda_stream is taken); max_memory (bytes, 0: what the
    machine has) bounds a subdivision's predicted peak. close() (or leaving
    a `with` block) frees it; objects made on it that are still open keep
    working until freed, but every call on them is refused (the C library
    defers the release)."""

    def __init__(self, backend="auto", device=0, stream=None, timing=False, max_memory=0):
        opts = lib.mm_context_options_default()
        opts.backend = _choice(_capi.BACKENDS, backend, "backend")
        opts.device = int(device)
        stream = _stream_handle(stream)
        opts.stream = stream
        opts.timing = 1 if timing else 0
        opts.max_memory = int(max_memory)
        ptr = ctypes.c_void_p()
        status = lib.mm_context_new(ctypes.byref(ptr), ctypes.byref(opts))
        if status != _capi.OK:  # no context to hold a message: the status's text
            raise errors.error_for(status, lib.mm_status_string(status).decode())
        self._ptr = ptr.value
        self._device = opts.device
        self._stream = stream  # the C API has no getter: kept here, set with set_stream

    @property
    def ptr(self):
        if self._ptr is None:
            raise errors.invalid("the context is closed")
        return self._ptr

    @property
    def closed(self):
        return self._ptr is None

    def close(self):
        ptr, self._ptr = self._ptr, None
        if ptr is not None:
            lib.mm_context_free(ctypes.byref(ctypes.c_void_p(ptr)))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    def __repr__(self):
        if self.closed:
            return "<meshmat.Context closed>"
        return f"<meshmat.Context {self.backend} {self.device_name!r}>"

    def check(self, status):
        """Raise the exception for status, with this context's mm_last_error text."""
        errors.check(status, self._ptr)

    @property
    def backend(self):
        """"cpu" or "cuda" (what "auto" resolved to)."""
        code = lib.mm_context_backend(self.ptr)
        return next(name for name, value in _capi.BACKENDS.items() if value == code)

    @property
    def device_name(self):
        return lib.mm_context_device_name(self.ptr).decode()

    @property
    def last_error(self):
        """mm_last_error: the message of the last failed call ("" when none failed)."""
        return lib.mm_last_error(self.ptr).decode(errors="replace")

    def bytes_in_use(self, where="host"):
        return lib.mm_context_bytes_in_use(self.ptr, _choice(_capi.MEMORIES, where, "where"))

    def peak_bytes(self, where="host"):
        return lib.mm_context_peak_bytes(self.ptr, _choice(_capi.MEMORIES, where, "where"))

    def reset_peak(self):
        lib.mm_context_reset_peak(self.ptr)

    def stages(self):
        """The stages recorded since the last clear (timing=True): [(name, ms), ...]."""
        name, ms = ctypes.c_char_p(), ctypes.c_double()
        out = []
        for i in range(lib.mm_context_stage_count(self.ptr)):
            self.check(lib.mm_context_stage(self.ptr, i, ctypes.byref(name), ctypes.byref(ms)))
            out.append((name.value.decode(), ms.value))
        return out

    def clear_stages(self):
        lib.mm_context_clear_stages(self.ptr)

    def synchronize(self):
        self.check(lib.mm_context_synchronize(self.ptr))

    @property
    def device(self):
        """The CUDA device ordinal the context was made for (Context's device=)."""
        return self._device

    @property
    def stream(self):
        """The cudaStream_t the context orders its work on, as an int (None: the
        default stream)."""
        return self._stream

    def set_stream(self, stream):
        """Order all later work on stream (mm_context_set_stream): a cudaStream_t as an
        int, a CuPy / PyTorch stream object, or None for the default stream. Waits for
        the work queued on the previous stream first. The caller keeps the stream alive
        while the context uses it; the CPU backend takes None only."""
        handle = _stream_handle(stream)
        self.check(lib.mm_context_set_stream(self.ptr, handle))
        self._stream = handle

    def _stream_token(self):
        """The stream as __cuda_array_interface__ and __dlpack__ name it: the handle, or
        1 (the legacy default stream, which the C library's NULL stream is)."""
        return self._stream or 1


def _stream_handle(stream):
    """A stream argument as an int handle or None: ints as they are (0 is None), CuPy
    streams by .ptr, PyTorch streams by .cuda_stream."""
    if stream is None:
        return None
    for attr in ("cuda_stream", "ptr"):
        if not isinstance(stream, int) and hasattr(stream, attr):
            stream = getattr(stream, attr)
            break
    if isinstance(stream, bool) or not hasattr(stream, "__index__"):
        raise errors.invalid(f"stream must be a cudaStream_t as an int (or a CuPy / PyTorch "
                             f"stream), not {stream!r}")
    return int(stream) or None


def _choice(table, value, what):
    """The C enum value of a named choice, refusing names the table does not have."""
    try:
        return table[value.lower() if isinstance(value, str) else value]
    except (KeyError, TypeError):
        names = ", ".join(repr(k) for k in table if k is not None)
        raise errors.invalid(f"{what} must be one of {names}, not {value!r}") from None


_default = None


def default_context():
    """The context functions use when given none: made on first use, backend "auto"."""
    global _default
    if _default is None or _default.closed:
        _default = Context()
    return _default


def resolve(ctx):
    return default_context() if ctx is None else ctx
