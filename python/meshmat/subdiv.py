"""Uniform subdivision (include/meshmat/subdiv.h): subdivide() refines a mesh
in one call; Subdivision builds the topology of every level once and
refines any vertex data through them (eval), and gives each level's counts,
matrices, edges and sharpness, and in static mode the subdivision matrices."""

import ctypes

import numpy as np

from . import _capi, arrays, errors
from ._callbacks import Callbacks
from ._capi import SubdivCounts, lib
from ._dense import Dense
from ._handle import Handle
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

    def eval(self, x0=None):
        """Vertex data refined through every level: x0 (|V_0|, d) float32 / float64 (other
        reals become float64; default: the mesh's vertices) gives a new (|V_L|, d) array."""
        if x0 is None:
            X0 = self._mesh._vertex_data()
        else:
            X0 = Dense.from_array(self._ctx, arrays.float_array(x0, "x0", 2))
        out = ctypes.c_void_p()
        try:
            self._ctx.check(lib.mm_subdiv_eval(self.ptr, X0.ptr, ctypes.byref(out)))
        finally:
            X0.close()
        with Dense(out.value, self._ctx) as XL:
            result = XL.to_numpy()
        self._callbacks.raise_pending()
        return result

    def eval_limit(self, x0=None):
        """Limit positions and tangents of the last level's vertices for control data x0
        (mm_subdiv_eval_limit; default: the mesh's vertices): (P, T1, T2), each
        (|V_L|, d); in static mode one SpMV each, from the cage to the limit surface.
        Normals: the normalized cross product of T1 and T2."""
        X0 = (self._mesh._vertex_data() if x0 is None
              else Dense.from_array(self._ctx, arrays.float_array(x0, "x0", 2)))
        out = [ctypes.c_void_p() for _ in range(3)]
        try:
            self._ctx.check(lib.mm_subdiv_eval_limit(self.ptr, X0.ptr,
                                                     *[ctypes.byref(o) for o in out]))
        finally:
            if x0 is not None:
                X0.close()
        result = []
        for o in out:
            with Dense(o.value, self._ctx) as D:
                result.append(D.to_numpy())
        return tuple(result)

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


def limit(mesh, scheme="catmark", *, boundary="of_mesh", x=None):
    """Limit positions and tangents (P, T1, T2) of every vertex of mesh taken as a refined
    level with its tags (mm_subdiv_limit; e.g. subdivide's result), for its vertices or
    x (|V|, d), by OpenSubdiv's limit masks: scheme "catmark" or "loop"."""
    opts = lib.mm_subdiv_options_default()
    opts.scheme = _choice(_capi.SCHEMES, scheme, "scheme")
    opts.boundary = _choice(_capi.BOUNDARIES, boundary, "boundary")
    ctx = mesh.ctx
    X = None if x is None else Dense.from_array(ctx, arrays.float_array(x, "x", 2))
    out = [ctypes.c_void_p() for _ in range(3)]
    try:
        ctx.check(lib.mm_subdiv_limit(ctx.ptr, mesh.ptr, ctypes.byref(opts),
                                      None if X is None else X.ptr,
                                      *[ctypes.byref(o) for o in out]))
    finally:
        if X is not None:
            X.close()
    result = []
    for o in out:
        with Dense(o.value, ctx) as D:
            result.append(D.to_numpy())
    return tuple(result)
