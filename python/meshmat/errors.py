"""meshmat's exceptions: one class per C status (include/meshmat/context.h),
each carrying the library's message (mm_last_error) and the status code."""

from . import _capi


class Error(Exception):
    """A meshmat call failed. str(e) is mm_last_error's line, e.g.
    "mm_mesh_read: bunny.obj:1042: face 517 uses vertex 36001 ..."; e.status is
    the C status (a negative int) and e.status_name its name."""

    status = None

    def __init__(self, message, status=None):
        super().__init__(message)
        if status is not None:
            self.status = status

    @property
    def status_name(self):
        """"MM_ERR_PARSE" and so on (None for an Error made without a status)."""
        if self.status is None:
            return None
        return _capi.lib.mm_status_string(self.status).decode().split(":")[0]


class InvalidArgumentError(Error, ValueError):
    status = -1


class OutOfMemoryError(Error, MemoryError):
    status = -2


class CountOverflowError(Error, OverflowError):
    status = -3


class FileIOError(Error, OSError):
    status = -4


class ParseError(Error):
    status = -5


class InvalidMeshError(Error):
    status = -6


class InvalidMatrixError(Error):
    status = -7


class NoDeviceError(Error):
    status = -8


class CudaError(Error):
    status = -9


class FormatError(Error):
    status = -10


class JitError(Error):
    status = -11


_BY_STATUS = {cls.status: cls for cls in (
    InvalidArgumentError, OutOfMemoryError, CountOverflowError, FileIOError, ParseError,
    InvalidMeshError, InvalidMatrixError, NoDeviceError, CudaError, FormatError, JitError)}


def error_for(status, message):
    """The exception for a non-OK status (Error itself for a code this module does not know)."""
    cls = _BY_STATUS.get(status, Error)
    return cls(message, status)


def check(status, ctx_ptr):
    """Raise the status's exception with mm_last_error(ctx)'s text unless status is MM_OK."""
    if status != _capi.OK:
        raise error_for(status, _capi.lib.mm_last_error(ctx_ptr).decode(errors="replace"))


def invalid(message):
    """An argument refused on the Python side (before the C call): the same class as the
    library's MM_ERR_INVALID_ARGUMENT."""
    return InvalidArgumentError(message, -1)
