"""meshmat: a sparse-matrix mesh engine (C11 + CUDA), from Python.

A thin layer over the C library libmeshmat.so (ctypes): every call is the C
function of the same name, errors are exceptions carrying mm_last_error's
text. Arrays go in as NumPy arrays (or anything np.asarray takes) and come
out as NumPy arrays; on a CUDA context, CuPy / PyTorch device arrays go into
computations in place and results can stay on the device as DeviceArray,
which CuPy and PyTorch view with no copy (meshmat.device).

    import meshmat
    cube = meshmat.read("models/cube.obj")
    fine = meshmat.subdivide(cube, levels=2)            # Catmull-Clark
    print(fine.num_vertices, fine.vertices[0])          # 98 [-0.509... ...]
    meshmat.write(fine, "/tmp/cube2.obj")
    soup = meshmat.read("part.stl")                     # STL: 3 vertices per triangle
    part, report = meshmat.weld(soup)                   # copies at one position merged
    local, face_from, vertex_from = meshmat.reorder(part)  # numbered in a local order
"""

from importlib import metadata as _metadata

from .context import Context, cuda_available, default_context
from .device import ArrayView, DeviceArray
from .errors import (CountOverflowError, CudaError, Error, FileIOError, FormatError,
                     InvalidArgumentError, InvalidMatrixError, InvalidMeshError, JitError,
                     NoDeviceError, OutOfMemoryError, ParseError)
from .matrix import Matrix
from .mesh import Mesh, read, read_bytes, write
from .ops import Lambda, Map, spgemm, spmv
from .subdiv import Subdivision, limit, subdivide
from .reorder import reorder
from .weld import WeldReport, weld

try:  # the installed distribution's version (CMakeLists.txt's project version)
    __version__ = _metadata.version("meshmat")
except _metadata.PackageNotFoundError:  # imported from the source tree
    __version__ = "unknown"

__all__ = ["Context", "cuda_available", "default_context", "Error", "InvalidArgumentError",
           "OutOfMemoryError", "CountOverflowError", "FileIOError", "ParseError",
           "InvalidMeshError", "InvalidMatrixError", "NoDeviceError", "CudaError",
           "FormatError", "JitError", "Matrix", "Mesh", "read", "read_bytes", "write", "Map",
           "Lambda", "spmv", "spgemm", "Subdivision", "subdivide", "limit", "weld", "WeldReport",
           "reorder",
           "DeviceArray", "ArrayView"]
