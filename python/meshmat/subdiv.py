"""Uniform subdivision (include/meshmat/subdiv.h): subdivide() refines a mesh
in one call; Subdivision builds the topology of every level once and
refines any vertex data through them (eval), and gives each level's counts,
matrices, edges and sharpness, and in static mode the subdivision matrices."""

import ctypes

import numpy as np

from . import _capi, arrays, errors
from ._callbacks import Callbacks
from ._capi import SubdivCounts, lib
from ._handle import Handle
from .device import Operands
from .device import result as device_result
from .context import _choice
from .matrix import Matrix
from .mesh import Mesh


def _options(levels, scheme, boundary, path, creasing, mode, static_eval, progress,
             callbacks, fvar_interp="boundaries"):
    """mm_subdiv_options from names; callbacks holds the progress function's wrapper."""
    opts = lib.mm_subdiv_options_default()
    if not isinstance(levels, (int, np.integer)) or isinstance(levels, bool):
        raise errors.invalid(f"levels must be an int, not {levels!r}")
    opts.levels = int(levels)
    opts.scheme = _choice(_capi.SCHEMES, scheme, "scheme")
    opts.boundary = _choice(_capi.BOUNDARIES, boundary, "boundary")
    opts.path = _choice(_capi.PATHS, path, "path")
    opts.creasing = _choice(_capi.CREASINGS, creasing, "creasing")
    opts.mode = _choice(_capi.MODES, mode, "mode")
    opts.static_eval = _choice(_capi.STATIC_EVALS, static_eval, "static_eval")
    opts.fvar_interp = _choice(_capi.FVAR_INTERPS, fvar_interp, "fvar_interp")
    if progress is not None:
        # progress(phase, level, levels): phase "build" or "eval"
        opts.progress = callbacks.wrap(_capi.ProgressFn, lambda user, phase, level, total:
                                       progress(phase.decode(), level, total))
    return opts


def subdivide(mesh, levels=1, scheme="catmark", *, boundary="of_mesh", path="auto",
              creasing="uniform", mode="dynamic", static_eval="auto", progress=None,
              fvar_interp="boundaries"):
    """A new Mesh: mesh refined `levels` times (mm_subdivide) with scheme "catmark"
    (Catmull-Clark, any faces in, quads out), "loop" or "sqrt3" (triangles). boundary:
    "of_mesh" (the mesh's rule), "edge_only", "edge_and_corner", "none"; path "auto",
    "specialized", "generic"; creasing "uniform" or "chaikin"; progress(phase, level,
    levels) is called after each level. The mesh's face-varying channels are refined
    too, by fvar_interp: "none", "corners_only", "corners_plus1", "corners_plus2",
    "boundaries" or "all" (OpenSubdiv's FVarLinearInterpolation)."""
    callbacks = Callbacks()
    opts = _options(levels, scheme, boundary, path, creasing, mode, static_eval, progress,
                    callbacks, fvar_interp)
    ctx = mesh.ctx
    out = ctypes.c_void_p()
    status = lib.mm_subdivide(ctx.ptr, mesh.ptr, ctypes.byref(opts), ctypes.byref(out))
    ctx.check(status)
    fine = Mesh(out.value, ctx)
    callbacks.raise_pending()
    return fine


class Subdivision(Handle):
    """Subdivision(mesh, levels, scheme, ...): the topology of every level, built once
    (mm_subdiv_build; the options as subdivide's, mode "static" also builds the
    subdivision matrices). eval(x0) refines vertex data through all levels."""

    _free = lib.mm_subdiv_free
    _what = "subdivision"

    def __init__(self, mesh, levels=1, scheme="catmark", *, boundary="of_mesh", path="auto",
                 creasing="uniform", mode="dynamic", static_eval="auto", progress=None):
        self._callbacks = Callbacks()  # the progress function, called by build and eval
        opts = _options(levels, scheme, boundary, path, creasing, mode, static_eval, progress,
                        self._callbacks)
        ctx = mesh.ctx
        out = ctypes.c_void_p()
        ctx.check(lib.mm_subdiv_build(ctx.ptr, mesh.ptr, ctypes.byref(opts), ctypes.byref(out)))
        super().__init__(out.value, ctx, needs=(mesh,))  # the C handle reads the mesh
        self._mesh = mesh
        self._callbacks.raise_pending()

    @property
    def levels(self):
        return lib.mm_subdiv_levels(self.ptr)

    def _control(self, ops, x0):
        """The control data as an mm_dense holder: the mesh's vertices (x0 None), x0 in
        place (a DeviceArray of this context; on CUDA, a CUDA array), or a copy of x0."""
        if x0 is None:
            X0 = self._mesh._vertex_data()
            ops._close.append(X0)  # borrowed: closing it frees nothing
            return X0
        return ops.input(x0, "x0")[0]

    def eval(self, x0=None, *, out=None, device=None):
        """Vertex data refined through every level: x0 (|V_0|, d) float32 / float64 (other
        reals become float64; default: the mesh's vertices) gives (|V_L|, d) of its type.

        x0 may be a meshmat.DeviceArray of this context or, on a CUDA context, a CUDA
        array (CuPy, PyTorch, Numba: __cuda_array_interface__ or DLPack), read in place
        with no copy (float32 / float64, C-contiguous; anything else is refused with
        InvalidArgumentError). out, when given, receives the result in place
        (mm_subdiv_eval_into) and is returned: a DeviceArray of this context, a CUDA
        array on a CUDA context, or a NumPy array (written in place on a CPU context
        when C-contiguous, else through a copy). Without out the result is a new
        DeviceArray when device is True, or device is None and x0 was used in place;
        else a NumPy array."""
        with Operands(self._ctx) as ops:
            X0 = self._control(ops, x0)
            if out is None:
                XL = ctypes.c_void_p()
                self._ctx.check(lib.mm_subdiv_eval(self.ptr, X0.ptr, ctypes.byref(XL)))
                result = device_result(self._ctx, XL.value, _wants_device(device, ops))
            else:
                _, d, t = X0.shape_type()
                target = ops.target(out)
                shape = (self.counts(self.levels)["vertices"], d)
                XL = ops.output(target, shape, arrays.dtype_of(t))
                self._ctx.check(lib.mm_subdiv_eval_into(self.ptr, X0.ptr, XL.ptr))
                result = out
        self._callbacks.raise_pending()
        return result

    def eval_limit(self, x0=None, *, device=None):
        """Limit positions and tangents of the last level's vertices for control data x0
        (mm_subdiv_eval_limit; default: the mesh's vertices): (P, T1, T2), each
        (|V_L|, d); in static mode one SpMV each, from the cage to the limit surface.
        Normals: the normalized cross product of T1 and T2. x0 and device as eval's."""
        with Operands(self._ctx) as ops:
            X0 = self._control(ops, x0)
            out = [ctypes.c_void_p() for _ in range(3)]
            status = lib.mm_subdiv_eval_limit(self.ptr, X0.ptr, *[ctypes.byref(o) for o in out])
            # own whatever was made before anything can raise
            made = [device_result(self._ctx, o.value, True) if o.value else None for o in out]
            self._ctx.check(status)
        if _wants_device(device, ops):
            return tuple(made)
        result = []
        for D in made:
            with D:
                result.append(D.numpy())
        return tuple(result)

    def face_view(self, level=None):
        """The faces of a level (default: the last) in place, no copy: an (F, k) uint32
        ArrayView of vertex ids (device memory on CUDA; CuPy and PyTorch read it through
        __cuda_array_interface__), from the level's mesh matrix (mm_matrix_data). Levels
        >= 1 have one face order (quads, or triangles for Loop and sqrt3); level 0 needs
        a mesh whose faces all have k vertices. Read-only; it keeps the subdivision
        alive."""
        level = self.levels if level is None else self._level(level)
        M = self.level_matrix(level)
        nnz, faces = M.nnz, M.shape[1]
        order = M.uniform_order
        if not order:
            order = (self._mesh.info["uniform_order"] if level == 0
                     else (nnz // faces if faces else 0))
        if not order or order * faces != nnz:
            raise errors.invalid(f"level {level}'s faces have different orders: "
                                 f"level_matrix({level}).views() gives its CSC arrays")
        return M.views()[1].reshape((faces, order))

    def _level(self, level):
        if not isinstance(level, (int, np.integer)) or not 0 <= level <= self.levels:
            raise errors.invalid(f"level must be an int in [0, {self.levels}], not {level!r}")
        return int(level)

    def counts(self, level):
        """The counts of a level: dict of vertices, faces, edges, nnz."""
        c = SubdivCounts()
        self._ctx.check(lib.mm_subdiv_level_counts(self.ptr, self._level(level), ctypes.byref(c)))
        return {name: getattr(c, name) for name, _ in SubdivCounts._fields_}

    def level_matrix(self, level):
        """The mesh matrix of a level (borrowed Matrix, PATTERN CSC)."""
        ptr = lib.mm_subdiv_level_matrix(self.ptr, self._level(level))
        return Matrix(ptr, self._ctx, needs=(self,), borrowed=True)

    def edges(self, level):
        """The edges of a level, (|E|, 2) uint32 vertex ids in edge order."""
        level = self._level(level)
        ends = np.empty((self.counts(level)["edges"], 2), np.uint32)
        self._ctx.check(lib.mm_subdiv_level_edges(self.ptr, level,
                                                  arrays.pointer(ends, ctypes.c_uint32)))
        return ends

    def sharpness(self, level):
        """(edge sharpness (|E|,), vertex sharpness (|V|,)) of a level, float32."""
        level = self._level(level)
        c = self.counts(level)
        e, v = np.empty(c["edges"], np.float32), np.empty(c["vertices"], np.float32)
        self._ctx.check(lib.mm_subdiv_level_sharpness(self.ptr, level,
                                                      arrays.pointer(e, ctypes.c_float),
                                                      arrays.pointer(v, ctypes.c_float)))
        return e, v

    def matrix(self, from_level, to_level):
        """Static mode: R_l for (l, l + 1), the composite R for (0, levels): a borrowed
        FLOAT64 CSR Matrix. Refused for a dynamic-mode subdivision or other pairs."""
        ptr = lib.mm_subdiv_matrix(self.ptr, int(from_level), int(to_level))
        if not ptr:
            raise errors.invalid(f"no subdivision matrix ({from_level}, {to_level}): it needs "
                                 f"mode='static' and (l, l + 1) or (0, {self.levels})")
        return Matrix(ptr, self._ctx, needs=(self,), borrowed=True)


def limit(mesh, scheme="catmark", *, boundary="of_mesh", x=None, device=None, tangents=True):
    """Limit positions and tangents (P, T1, T2) of every vertex of mesh taken as a refined
    level with its tags (mm_subdiv_limit; e.g. subdivide's result), for its vertices or
    x (|V|, d), by OpenSubdiv's limit masks: scheme "catmark" or "loop". x and device
    as Subdivision.eval's x0 and device. tangents=False: P alone, which is defined also
    at vertices that are not 2-manifold ones (where the tangents are refused)."""
    opts = lib.mm_subdiv_options_default()
    opts.scheme = _choice(_capi.SCHEMES, scheme, "scheme")
    opts.boundary = _choice(_capi.BOUNDARIES, boundary, "boundary")
    ctx = mesh.ctx
    with Operands(ctx) as ops:
        X = None if x is None else ops.input(x, "x")[0]
        out = [ctypes.c_void_p() for _ in range(3 if tangents else 1)]
        refs = [ctypes.byref(o) for o in out] + [None] * (3 - len(out))
        status = lib.mm_subdiv_limit(ctx.ptr, mesh.ptr, ctypes.byref(opts),
                                     None if X is None else X.ptr, *refs)
        made = [device_result(ctx, o.value, True) if o.value else None for o in out]
        ctx.check(status)
    if _wants_device(device, ops):
        return tuple(made) if tangents else made[0]
    result = []
    for D in made:
        with D:
            result.append(D.numpy())
    return tuple(result) if tangents else result[0]


def _wants_device(device, ops):
    """Results as DeviceArray: device=True, or device=None with an input used in place."""
    return ops.in_place if device is None else bool(device)
