"""Mesh: the mesh matrix M (|V| × |F|) with its vertex data, creases, corners
and holes (include/meshmat/mesh.h), and reading and writing mesh files
(include/meshmat/io.h). Arrays go in and come out as copies."""

import ctypes
import os

import numpy as np

from . import _capi, arrays, errors
from ._callbacks import Callbacks
from ._capi import (BOUNDARIES, FILE_FORMATS, TYPES, FvarDesc, MeshArrays, MeshDesc, MeshInfo,
                    MeshStats, lib)
from ._dense import Dense
from ._handle import Handle
from .context import _choice, resolve
from .device import DeviceArray
from .matrix import Matrix


def _faces(faces):
    """(face_order, offsets or None, flat vertex ids) from an (F, k) integer array or a
    sequence of faces of any orders."""
    if isinstance(faces, (list, tuple)) or getattr(faces, "dtype", None) == object:
        rows = [arrays.index_array(f, f"face {i}") for i, f in enumerate(faces)]
        offsets = np.zeros(len(rows) + 1, np.int64)
        np.cumsum([r.size for r in rows], out=offsets[1:])
        flat = np.concatenate(rows) if rows else np.zeros(0, np.uint32)
        return 0, offsets, flat
    a = arrays.index_array(faces, "faces", ndim=2)
    return a.shape[1], None, a.reshape(-1)


def _tags(tags, what, width):
    """(ids, sharpness) of creases (width 2: vertex pairs) or corners (width 1)."""
    if tags is None:
        return None, None
    try:
        ids, sharpness = tags
    except (TypeError, ValueError):
        raise errors.invalid(f"{what} must be a pair (ids, sharpness)") from None
    ids = arrays.index_array(np.reshape(arrays.host_array(ids), (-1, width)), what, ndim=2)
    sharpness = arrays.float_array(sharpness, f"{what} sharpness", 1, np.float32)
    if sharpness.size != ids.shape[0]:
        raise errors.invalid(f"{what}: {ids.shape[0]} entries but {sharpness.size} sharpness "
                             "values")
    return ids.reshape(-1), sharpness


class Mesh(Handle):
    """A validated mesh on a context. Make one with Mesh.from_arrays or read();
    its arrays come back as NumPy copies (vertices, faces, creases, ...)."""

    _free = lib.mm_mesh_free
    _what = "mesh"

    @classmethod
    def from_arrays(cls, faces, vertices, *, creases=None, corners=None, holes=None,
                    boundary="edge_only", precision=None, keep_repeated=False, ctx=None):
        """faces: an (F, k) integer array, or a sequence of faces of any orders ≥ 3,
        0-based vertex ids counter-clockwise. vertices: (n, d) float32 / float64 (other
        reals become float64). creases: (pairs (C, 2), sharpness (C,)); corners: (ids,
        sharpness); holes: face ids; boundary: "edge_only", "edge_and_corner" or "none";
        precision: "float32" / "float64" to store the vertices in (default: their type).
        Refused with InvalidMeshError naming the face or vertex at fault."""
        order, offsets, flat = _faces(faces)
        xyz = arrays.float_array(vertices, "vertices", 2)
        crease_ids, crease_s = _tags(creases, "creases", 2)
        corner_ids, corner_s = _tags(corners, "corners", 1)
        hole_ids = None if holes is None else arrays.index_array(holes, "holes")
        num_faces = (offsets.size - 1) if offsets is not None else (flat.size // order if order
                                                                    else 0)
        d = MeshDesc()
        d.num_vertices, d.dim = xyz.shape
        d.vertex_type = arrays.type_of(xyz.dtype)
        d.vertices = arrays.address(xyz)
        d.num_faces = num_faces
        d.face_offsets = arrays.pointer(offsets, ctypes.c_int64)
        d.face_order = order
        d.face_vertices = arrays.pointer(flat, ctypes.c_uint32)
        d.num_creases = 0 if crease_s is None else crease_s.size
        d.crease_vertices = arrays.pointer(crease_ids, ctypes.c_uint32)
        d.crease_sharpness = arrays.pointer(crease_s, ctypes.c_float)
        d.num_corners = 0 if corner_s is None else corner_s.size
        d.corner_vertices = arrays.pointer(corner_ids, ctypes.c_uint32)
        d.corner_sharpness = arrays.pointer(corner_s, ctypes.c_float)
        d.precision = 0 if precision is None else _choice(_PRECISIONS, precision, "precision")
        d.keep_repeated = 1 if keep_repeated else 0
        d.num_holes = 0 if hole_ids is None else hole_ids.size
        d.hole_faces = arrays.pointer(hole_ids, ctypes.c_uint32)
        d.boundary = _choice(_MESH_BOUNDARIES, boundary, "boundary")
        ctx = resolve(ctx)
        out = ctypes.c_void_p()
        ctx.check(lib.mm_mesh_new(ctx.ptr, ctypes.byref(out), ctypes.byref(d)))
        return cls(out.value, ctx)

    @property
    def info(self):
        """The sizes (mm_mesh_info) as a dict: num_vertices, num_faces, nnz, dim,
        uniform_order (0: mixed orders), precision, num_creases, num_corners, num_holes,
        boundary."""
        i = MeshInfo()
        self._ctx.check(lib.mm_mesh_info_get(self.ptr, ctypes.byref(i)))
        out = {name: getattr(i, name) for name, _ in MeshInfo._fields_}
        out["precision"] = _name(TYPES, i.precision)
        out["boundary"] = _name(BOUNDARIES, i.boundary)
        return out

    @property
    def num_vertices(self):
        return self.info["num_vertices"]

    @property
    def num_faces(self):
        return self.info["num_faces"]

    def _export(self, **parts):
        """The named mm_mesh_arrays parts, allocated from the mesh's sizes and filled."""
        i = self.info
        sizes = {"vertices": ((i["num_vertices"], i["dim"]), np.dtype(i["precision"])),
                 "face_offsets": (i["num_faces"] + 1, np.int64),
                 "face_vertices": (i["nnz"], np.uint32),
                 "crease_vertices": ((i["num_creases"], 2), np.uint32),
                 "crease_sharpness": (i["num_creases"], np.float32),
                 "corner_vertices": (i["num_corners"], np.uint32),
                 "corner_sharpness": (i["num_corners"], np.float32),
                 "hole_faces": (i["num_holes"], np.uint32)}
        out = {name: np.empty(*sizes[name]) for name in parts}
        h, field_types = MeshArrays(), dict(MeshArrays._fields_)
        for name, a in out.items():
            setattr(h, name, ctypes.cast(arrays.address(a), field_types[name]))
        self._ctx.check(lib.mm_mesh_export(self.ptr, ctypes.byref(h)))
        return out

    @property
    def vertices(self):
        """A copy of the vertex data, (|V|, d) in the mesh's precision."""
        return self._export(vertices=True)["vertices"]

    def _face_arrays(self):
        # mm_mesh_export fills the offsets and the ids together
        parts = self._export(face_offsets=True, face_vertices=True)
        return parts["face_offsets"], parts["face_vertices"]

    @property
    def face_offsets(self):
        """|F| + 1 offsets into face_vertices (int64)."""
        return self._face_arrays()[0]

    @property
    def face_vertices(self):
        """Every face's vertex ids, face after face (uint32)."""
        return self._face_arrays()[1]

    @property
    def faces(self):
        """The faces: an (|F|, k) uint32 array when every face has k vertices, else a list
        of one array per face."""
        offsets, flat = self._face_arrays()
        order = self.info["uniform_order"]
        if order:
            return flat.reshape(-1, order)
        return [flat[offsets[f]:offsets[f + 1]] for f in range(offsets.size - 1)]

    @property
    def creases(self):
        """(pairs (C, 2) uint32, sharpness (C,) float32)."""
        p = self._export(crease_vertices=True, crease_sharpness=True)
        return p["crease_vertices"], p["crease_sharpness"]

    @property
    def corners(self):
        """(vertex ids (K,) uint32, sharpness (K,) float32)."""
        p = self._export(corner_vertices=True, corner_sharpness=True)
        return p["corner_vertices"], p["corner_sharpness"]

    @property
    def holes(self):
        return self._export(hole_faces=True)["hole_faces"]

    @property
    def matrix(self):
        """The mesh matrix M (|V| × |F| PATTERN CSC), borrowed: valid while the mesh is open."""
        return Matrix(lib.mm_mesh_matrix(self.ptr), self._ctx, needs=(self,), borrowed=True)

    def stats(self):
        """The statistics of mm_mesh_stats_get as a dict (edges, boundary_edges,
        boundary_loops, nonmanifold_edges, components, ...)."""
        s = MeshStats()
        self._ctx.check(lib.mm_mesh_stats_get(self._ctx.ptr, self.ptr, ctypes.byref(s)))
        return {name: getattr(s, name) for name in _capi.STATS_FIELDS}

    def order_histogram(self, max_order=None):
        """counts[k] = the number of faces with k vertices, k in [0, max_order] (default:
        the largest order)."""
        if max_order is None:
            max_order = self.stats()["max_order"]
        counts = np.zeros(int(max_order) + 1, np.int64)
        self._ctx.check(lib.mm_mesh_order_histogram(self._ctx.ptr, self.ptr, int(max_order),
                                                    arrays.pointer(counts, ctypes.c_int64)))
        return counts

    def add_channel(self, name, values, corners):
        """Adds a face-varying channel (mm_mesh_add_fvar; docs/face-varying.md): values
        (n, d) float32 / float64, corners the value id of every face corner (nnz ids: face
        0's corners, then face 1's, ..., in the order of each face's vertices). mm_subdivide
        refines every channel (subdivide's fvar_interp). Refused with InvalidMeshError
        naming the face and corner of an id out of range."""
        v = arrays.float_array(values, "values", 2)
        ids = arrays.index_array(corners, "corners")
        if ids.size != self.info["nnz"]:
            raise errors.invalid(f"corners has {ids.size} ids, but the mesh has "
                                 f"{self.info['nnz']} face corners")
        d = FvarDesc()
        d.name = None if name is None else str(name).encode()
        d.num_values, d.dim = v.shape
        d.value_type = arrays.type_of(v.dtype)
        d.values = arrays.address(v)
        d.corner_values = arrays.pointer(ids, ctypes.c_uint32)
        self._ctx.check(lib.mm_mesh_add_fvar(self._ctx.ptr, self.ptr, ctypes.byref(d)))

    @property
    def channels(self):
        """The face-varying channels as {name: (values (n, d), corner ids (nnz,))}, copies;
        the corner ids follow face_vertices."""
        out = {}
        for k in range(lib.mm_mesh_num_fvar(self.ptr)):
            name = lib.mm_mesh_fvar_name(self.ptr, k).decode()
            channel = Mesh(lib.mm_mesh_fvar(self.ptr, k), self._ctx, needs=(self,), borrowed=True)
            parts = channel._export(vertices=1, face_offsets=1, face_vertices=1)
            out[name] = (parts["vertices"], parts["face_vertices"])
        return out

    @property
    def vertex_properties(self):
        """The named vertex data columns past x, y, z (a PLY file's further vertex
        properties: colours, normals, ...) as {column: (name, PLY type)}; the values are
        those columns of vertices."""
        out = {}
        for c in range(3, self.info["dim"]):
            name = lib.mm_mesh_vertex_property_name(self.ptr, c)
            if name is not None:
                out[c] = (name.decode(), lib.mm_mesh_vertex_property_type(self.ptr, c).decode())
        return out

    def set_vertex_property(self, column, name, type="float"):
        """Names vertex data column `column` (3 ≤ column < d) for the PLY writer, with its
        PLY type ("char", "uchar", "short", "ushort", "int", "uint", "float", "double")."""
        self._ctx.check(lib.mm_mesh_set_vertex_property(self._ctx.ptr, self.ptr, int(column),
                                                        str(name).encode(), str(type).encode()))

    def vertex_view(self):
        """The vertex data in place, no copy: a read-only (|V|, d) DeviceArray over the
        mesh's own array (mm_mesh_vertices; device memory on CUDA), keeping the mesh
        alive. Use it as Subdivision.eval's x0, or read it with CuPy / PyTorch."""
        return DeviceArray(lib.mm_mesh_vertices(self.ptr), self._ctx, needs=(self,),
                           borrowed=True, readonly=True)

    def face_view(self):
        """The faces in place, no copy: an (F, k) uint32 ArrayView of vertex ids (the
        mesh matrix's row indices, mm_matrix_data; device memory on CUDA), for a mesh
        whose faces all have k vertices (subdivide's results do); read-only, keeping
        the mesh alive. Other meshes: m.matrix.views() gives the CSC arrays."""
        info = self.info
        order, faces = info["uniform_order"], info["num_faces"]
        if not order:
            raise errors.invalid("the mesh's faces have different orders: "
                                 "m.matrix.views() gives its CSC arrays")
        return self.matrix.views()[1].reshape((faces, order))

    def _vertex_data(self):
        """The vertex data as a borrowed dense handle (Subdivision.eval's default input)."""
        return Dense(lib.mm_mesh_vertices(self.ptr), self._ctx, needs=(self,), borrowed=True)

    def __repr__(self):
        if self.closed:
            return "<meshmat.Mesh closed>"
        i = self.info
        return f"<meshmat.Mesh |V|={i['num_vertices']} |F|={i['num_faces']} d={i['dim']}>"


_PRECISIONS = {"float32": TYPES["float32"], "float64": TYPES["float64"]}
_MESH_BOUNDARIES = {k: v for k, v in BOUNDARIES.items() if k != "of_mesh"}


def _name(table, code):
    return next(k for k, v in table.items() if v == code)


def _read_options(format, precision, keep_repeated):
    opts = lib.mm_read_options_default()
    opts.format = _choice(FILE_FORMATS, format, "format")
    opts.precision = _choice(_PRECISIONS, precision, "precision")
    opts.keep_repeated = 1 if keep_repeated else 0
    return opts


def read(path, *, format="auto", precision="float64", keep_repeated=False, ctx=None):
    """Read an OBJ, OFF, PLY or STL file (mm_mesh_read) into a new Mesh. format "auto"
    (from the extension: .obj, .off, .ply, .stl), "obj", "off", "ply", "stl". STL (binary
    or ASCII) gives the triangle soup: triangle t is vertices 3t, 3t+1, 3t+2, nothing
    merged (weld() merges them). Errors name the file and line: ParseError,
    InvalidMeshError, FileIOError, FormatError."""
    ctx = resolve(ctx)
    opts = _read_options(format, precision, keep_repeated)
    out = ctypes.c_void_p()
    ctx.check(lib.mm_mesh_read(ctx.ptr, ctypes.byref(out), os.fsencode(path),
                               ctypes.byref(opts)))
    return Mesh(out.value, ctx)


def read_bytes(data, name, *, format="auto", precision="float64", keep_repeated=False,
               ctx=None):
    """The same from bytes in memory (mm_mesh_read_memory); name is used in messages and,
    with format "auto", for the extension."""
    ctx = resolve(ctx)
    data = bytes(data)
    opts = _read_options(format, precision, keep_repeated)
    out = ctypes.c_void_p()
    ctx.check(lib.mm_mesh_read_memory(ctx.ptr, ctypes.byref(out), data, len(data),
                                      os.fsencode(name), ctypes.byref(opts)))
    return Mesh(out.value, ctx)


def write(mesh, path, *, format="auto", progress=None):
    """Write the mesh (mm_mesh_write_opts): format "auto" (from the extension: .obj, .off,
    .ply is binary, .glb), "obj", "off", "ply_ascii", "ply_binary", "glb" (glTF 2.0 binary,
    written only; refused with FormatError for a mesh without faces); "stl" is read only
    (FormatError). progress(done, total), when given, is called after each block of rows
    (vertices + faces) with done == total at the end; an exception it raises stops further
    calls and is raised when the write returns (the file is written all the same). Atomic:
    on failure the file is untouched."""
    ctx = mesh.ctx
    callbacks = Callbacks()
    opts = lib.mm_write_options_default()
    opts.format = _choice(FILE_FORMATS, format, "format")
    if progress is not None:
        opts.progress = callbacks.wrap(_capi.IoProgressFn,
                                       lambda user, done, total: progress(done, total))
    status = lib.mm_mesh_write_opts(ctx.ptr, mesh.ptr, os.fsencode(path), ctypes.byref(opts))
    callbacks.raise_pending()
    ctx.check(status)
