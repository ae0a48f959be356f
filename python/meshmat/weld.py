"""Welding (include/meshmat/weld.h): weld() merges the vertices of a mesh that
lie at the same position, exactly or within a tolerance, as a triangle soup
read from STL needs before anything can follow its connections."""

import ctypes
import numbers
from typing import NamedTuple

from . import _capi, errors
from ._capi import lib
from .mesh import Mesh


class WeldReport(NamedTuple):
    """What weld() did (mm_weld_report); vertices_in - vertices_out vertices were
    merged into others."""

    vertices_in: int
    vertices_out: int
    faces_in: int
    faces_out: int
    faces_reduced: int    # kept, with repeated consecutive vertices removed
    faces_dropped: int    # fewer than 3 vertices left, or one still repeated
    creases_dropped: int  # ends merged, or now the same edge as a later crease
    corners_dropped: int  # now the same vertex as a later corner
    holes_dropped: int    # the hole's face was dropped
    passes: int           # tolerance > 0: passes of the link rule; exact: 1


def weld(mesh, tolerance=0.0):
    """(welded Mesh, WeldReport): a new mesh, on mesh's context, whose vertices at the
    same position are one (mm_mesh_weld). tolerance 0: equal in every column;
    tolerance t > 0: vertices within distance t are linked, and linked chains merge
    (points at 0, 0.8 t and 1.6 t are one). Each merged vertex keeps the position of
    its smallest original index; a face left with fewer than 3 vertices, or naming one
    twice, is dropped. A negative or non-finite tolerance raises InvalidArgumentError."""
    if isinstance(tolerance, bool) or not isinstance(tolerance, numbers.Real):
        raise errors.invalid(f"tolerance must be a real number, not {tolerance!r}")
    opts = lib.mm_weld_options_default()
    opts.tolerance = float(tolerance)
    ctx = mesh.ctx
    out, report = ctypes.c_void_p(), _capi.WeldReport()
    ctx.check(lib.mm_mesh_weld(ctx.ptr, mesh.ptr, ctypes.byref(opts), ctypes.byref(out),
                               ctypes.byref(report)))
    return Mesh(out.value, ctx), WeldReport(*(getattr(report, n) for n in WeldReport._fields))
