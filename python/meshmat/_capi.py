"""ctypes declarations of meshmat's C API (include/meshmat/*.h): the structs,
the enums' values and every function's prototype, loaded from the shared
library that ships inside the package (or the one MESHMAT_LIBRARY names).

Each Structure mirrors its C struct field by field, in order; the test
test_capi_layout.py compiles the headers and compares sizes and offsets."""

import ctypes
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char_p, c_double, c_float, c_int,
                    c_int32, c_int64, c_size_t, c_uint32, c_void_p)

# Enums are C ints (gcc, x86-64 and aarch64).
c_enum = c_int
c_status = c_int

# mm_status
OK = 0

# mm_backend, mm_memory
BACKENDS = {"auto": 0, "cpu": 1, "cuda": 2}
MEMORIES = {"host": 0, "device": 1}

# mm_format, mm_type
FORMATS = {"csc": 0, "csr": 1, "coo": 2}
TYPE_PATTERN, TYPE_INT32, TYPE_FLOAT32, TYPE_FLOAT64 = 0, 1, 2, 3
TYPES = {"pattern": TYPE_PATTERN, "int32": TYPE_INT32, "float32": TYPE_FLOAT32,
         "float64": TYPE_FLOAT64}

# mm_boundary, mm_file_format
BOUNDARIES = {"edge_only": 0, "edge_and_corner": 1, "none": 2, "of_mesh": 3}
FILE_FORMATS = {"auto": 0, "obj": 1, "off": 2, "ply_ascii": 3, "ply_binary": 4, "ply": 4,
                "glb": 5, "stl": 6}

# mm_scheme, mm_creasing, mm_subdiv_path, mm_subdiv_mode, mm_static_eval
SCHEMES = {"catmark": 0, "catmull_clark": 0, "loop": 1, "sqrt3": 2}
CREASINGS = {"uniform": 0, "chaikin": 1}
PATHS = {"generic": 0, "specialized": 1, "auto": 2}
MODES = {"dynamic": 0, "static": 1}
STATIC_EVALS = {"auto": 0, "composite": 1, "levels": 2}
FVAR_INTERPS = {"none": 0, "corners_only": 1, "corners_plus1": 2, "corners_plus2": 3,
                "boundaries": 4, "all": 5}

# mm_map_kind, mm_lambda_kind, mm_reduce, mm_mask
MAP_VALUE, MAP_ONE, MAP_INV_COUNT, MAP_TABLE, MAP_CIRCULANT, MAP_PRODUCT, MAP_USER = range(7)
LAMBDA_MAP, LAMBDA_I, LAMBDA_J, LAMBDA_K, LAMBDA_COUNT, LAMBDA_USER = range(6)
REDUCES = {"sum": 0, "max": 1, "min": 2, "any": 3, "first": 4}
MASKS = {None: 0, "none": 0, "lower": 1, "upper": 2}


class ContextOptions(Structure):
    _fields_ = [("backend", c_enum), ("device", c_int), ("stream", c_void_p),
                ("timing", c_int), ("max_memory", c_int64)]


class MatrixArrays(Structure):
    _fields_ = [("ptr", POINTER(c_int64)), ("rows", POINTER(c_uint32)),
                ("cols", POINTER(c_uint32)), ("values", c_void_p)]


class MatrixInfo(Structure):
    _fields_ = [("format", c_enum), ("type", c_enum), ("nrows", c_int64), ("ncols", c_int64),
                ("nnz", c_int64), ("uniform", c_int64), ("where", c_enum)]


class MeshDesc(Structure):
    _fields_ = [("num_vertices", c_int64), ("dim", c_int64), ("vertex_type", c_enum),
                ("vertices", c_void_p), ("num_faces", c_int64),
                ("face_offsets", POINTER(c_int64)), ("face_order", c_int64),
                ("face_vertices", POINTER(c_uint32)), ("num_creases", c_int64),
                ("crease_vertices", POINTER(c_uint32)), ("crease_sharpness", POINTER(c_float)),
                ("num_corners", c_int64), ("corner_vertices", POINTER(c_uint32)),
                ("corner_sharpness", POINTER(c_float)), ("source", c_char_p),
                ("vertex_lines", POINTER(c_int64)), ("face_lines", POINTER(c_int64)),
                ("precision", c_enum), ("keep_repeated", c_int), ("num_holes", c_int64),
                ("hole_faces", POINTER(c_uint32)), ("boundary", c_enum)]


class MeshInfo(Structure):
    _fields_ = [("num_vertices", c_int64), ("num_faces", c_int64), ("nnz", c_int64),
                ("dim", c_int64), ("uniform_order", c_int64), ("precision", c_enum),
                ("num_creases", c_int64), ("num_corners", c_int64), ("num_holes", c_int64),
                ("boundary", c_enum), ("fvar_dropped", c_int64)]


class MeshArrays(Structure):
    _fields_ = [("vertices", c_void_p), ("face_offsets", POINTER(c_int64)),
                ("face_vertices", POINTER(c_uint32)), ("crease_vertices", POINTER(c_uint32)),
                ("crease_sharpness", POINTER(c_float)), ("corner_vertices", POINTER(c_uint32)),
                ("corner_sharpness", POINTER(c_float)), ("hole_faces", POINTER(c_uint32))]


STATS_FIELDS = ("vertices", "faces", "nnz", "edges", "min_order", "max_order", "boundary_edges",
                "boundary_loops", "nonmanifold_edges", "nonmanifold_vertices", "components",
                "flipped_edges", "unreferenced_vertices", "degenerate_faces")


class MeshStats(Structure):
    _fields_ = [(name, c_int64) for name in STATS_FIELDS]


class ReadOptions(Structure):
    _fields_ = [("format", c_enum), ("precision", c_enum), ("keep_repeated", c_int)]


# mm_io_progress_fn(user, done, total)
IoProgressFn = CFUNCTYPE(None, c_void_p, c_int64, c_int64)


class WriteOptions(Structure):
    _fields_ = [("format", c_enum), ("progress", IoProgressFn), ("progress_user", c_void_p)]


class WeldOptions(Structure):
    _fields_ = [("tolerance", c_double)]


WELD_REPORT_FIELDS = ("vertices_in", "vertices_out", "faces_in", "faces_out", "faces_reduced",
                      "faces_dropped", "creases_dropped", "corners_dropped", "holes_dropped")


class WeldReport(Structure):
    _fields_ = [(name, c_int64) for name in WELD_REPORT_FIELDS] + [("passes", c_int)]


ProgressFn = CFUNCTYPE(None, c_void_p, c_char_p, c_int, c_int)


class SubdivOptions(Structure):
    _fields_ = [("scheme", c_enum), ("levels", c_int), ("boundary", c_enum), ("path", c_enum),
                ("mode", c_enum), ("static_eval", c_enum), ("progress", ProgressFn),
                ("progress_user", c_void_p), ("creasing", c_enum), ("fvar_interp", c_enum)]


class FvarDesc(Structure):
    _fields_ = [("name", c_char_p), ("num_values", c_int64), ("dim", c_int64),
                ("value_type", c_enum), ("values", c_void_p), ("corner_values", POINTER(c_uint32))]


class SubdivCounts(Structure):
    _fields_ = [("vertices", c_int64), ("faces", c_int64), ("edges", c_int64), ("nnz", c_int64)]


MapFn = CFUNCTYPE(c_double, c_double, c_double, c_int64, c_void_p)
LambdaFn = CFUNCTYPE(c_double, c_double, c_uint32, c_uint32, c_uint32, c_double, c_double,
                     c_void_p)


class Map(Structure):
    _fields_ = [("kind", c_enum), ("table", POINTER(c_double)), ("table_len", c_int64),
                ("shifts", c_int32 * 4), ("num_shifts", c_int), ("user", MapFn),
                ("user_data", c_void_p), ("source", c_char_p)]


class Lambda(Structure):
    _fields_ = [("kind", c_enum), ("user", LambdaFn), ("user_data", c_void_p),
                ("source", c_char_p)]


class SpgemmOp(Structure):
    _fields_ = [("map", Map), ("lambda_", Lambda), ("reduce", c_enum), ("mask", c_enum),
                ("out_type", c_enum)]


def _library_path():
    """The library beside this file (the wheel's copy), unless MESHMAT_LIBRARY names one."""
    override = os.environ.get("MESHMAT_LIBRARY")
    if override:
        return override
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "libmeshmat.so")


lib = ctypes.CDLL(_library_path())

_P = c_void_p  # every handle (mm_context, mm_matrix, mm_dense, mm_mesh, mm_subdiv) is a pointer
_PP = POINTER(c_void_p)

# name: (restype, argtypes)
_PROTOTYPES = {
    "mm_status_string": (c_char_p, [c_status]),
    "mm_context_options_default": (ContextOptions, []),
    "mm_context_new": (c_status, [_PP, POINTER(ContextOptions)]),
    "mm_context_free": (None, [_PP]),
    "mm_context_backend": (c_enum, [_P]),
    "mm_context_device_name": (c_char_p, [_P]),
    "mm_cuda_available": (c_int, []),
    "mm_last_error": (c_char_p, [_P]),
    "mm_context_bytes_in_use": (c_int64, [_P, c_enum]),
    "mm_context_peak_bytes": (c_int64, [_P, c_enum]),
    "mm_context_reset_peak": (None, [_P]),
    "mm_context_stage_count": (c_int, [_P]),
    "mm_context_stage": (c_status, [_P, c_int, POINTER(c_char_p), POINTER(c_double)]),
    "mm_context_clear_stages": (None, [_P]),
    "mm_context_synchronize": (c_status, [_P]),
    "mm_context_set_stream": (c_status, [_P, c_void_p]),
    "mm_type_size": (c_size_t, [c_enum]),
    "mm_matrix_import": (c_status, [_P, _PP, c_enum, c_enum, c_int64, c_int64, c_int64,
                                    POINTER(MatrixArrays)]),
    "mm_matrix_import_uniform": (c_status, [_P, _PP, c_enum, c_enum, c_int64, c_int64, c_int64,
                                            POINTER(c_uint32), c_void_p]),
    "mm_matrix_info_get": (c_status, [_P, POINTER(MatrixInfo)]),
    "mm_matrix_export": (c_status, [_P, POINTER(MatrixArrays)]),
    "mm_matrix_data": (c_status, [_P, _PP, _PP, _PP, _PP]),
    "mm_matrix_free": (None, [_PP]),
    "mm_dense_new": (c_status, [_P, _PP, c_int64, c_int64, c_enum]),
    "mm_dense_import": (c_status, [_P, _PP, c_int64, c_int64, c_enum, c_void_p]),
    "mm_dense_wrap": (c_status, [_P, _PP, c_int64, c_int64, c_enum, c_void_p]),
    "mm_dense_data": (c_void_p, [_P]),
    "mm_dense_shape": (c_status, [_P, POINTER(c_int64), POINTER(c_int64), POINTER(c_enum)]),
    "mm_dense_export": (c_status, [_P, c_void_p]),
    "mm_dense_free": (None, [_PP]),
    "mm_mesh_new": (c_status, [_P, _PP, POINTER(MeshDesc)]),
    "mm_mesh_free": (None, [_PP]),
    "mm_mesh_info_get": (c_status, [_P, POINTER(MeshInfo)]),
    "mm_mesh_matrix": (_P, [_P]),
    "mm_mesh_vertices": (_P, [_P]),
    "mm_mesh_export": (c_status, [_P, POINTER(MeshArrays)]),
    "mm_mesh_stats_get": (c_status, [_P, _P, POINTER(MeshStats)]),
    "mm_mesh_order_histogram": (c_status, [_P, _P, c_int64, POINTER(c_int64)]),
    "mm_read_options_default": (ReadOptions, []),
    "mm_mesh_read": (c_status, [_P, _PP, c_char_p, POINTER(ReadOptions)]),
    "mm_mesh_read_memory": (c_status, [_P, _PP, c_char_p, c_size_t, c_char_p,
                                       POINTER(ReadOptions)]),
    "mm_mesh_write": (c_status, [_P, _P, c_char_p, c_enum]),
    "mm_write_options_default": (WriteOptions, []),
    "mm_mesh_write_opts": (c_status, [_P, _P, c_char_p, POINTER(WriteOptions)]),
    "mm_weld_options_default": (WeldOptions, []),
    "mm_mesh_weld": (c_status, [_P, _P, POINTER(WeldOptions), _PP, POINTER(WeldReport)]),
    "mm_mesh_reorder": (c_status, [_P, _P, _PP, POINTER(c_uint32), POINTER(c_uint32)]),
    "mm_spmv": (c_status, [_P, POINTER(Map), _P, c_int, _P, _P, c_int]),
    "mm_spgemm": (c_status, [_P, POINTER(SpgemmOp), _P, _P, _PP]),
    "mm_matrix_transpose": (c_status, [_P, _P, _PP]),
    "mm_subdiv_options_default": (SubdivOptions, []),
    "mm_subdiv_build": (c_status, [_P, _P, POINTER(SubdivOptions), _PP]),
    "mm_subdiv_eval": (c_status, [_P, _P, _PP]),
    "mm_subdiv_eval_into": (c_status, [_P, _P, _P]),
    "mm_subdivide": (c_status, [_P, _P, POINTER(SubdivOptions), _PP]),
    "mm_subdiv_levels": (c_int, [_P]),
    "mm_subdiv_level_counts": (c_status, [_P, c_int, POINTER(SubdivCounts)]),
    "mm_subdiv_level_matrix": (_P, [_P, c_int]),
    "mm_subdiv_level_edges": (c_status, [_P, c_int, POINTER(c_uint32)]),
    "mm_subdiv_level_sharpness": (c_status, [_P, c_int, POINTER(c_float), POINTER(c_float)]),
    "mm_subdiv_matrix": (_P, [_P, c_int, c_int]),
    "mm_subdiv_free": (None, [_PP]),
    "mm_mesh_add_fvar": (c_status, [_P, _P, POINTER(FvarDesc)]),
    "mm_mesh_num_fvar": (c_int, [_P]),
    "mm_mesh_fvar_name": (c_char_p, [_P, c_int]),
    "mm_mesh_fvar": (_P, [_P, c_int]),
    "mm_subdiv_limit": (c_status, [_P, _P, POINTER(SubdivOptions), _P, _PP, _PP, _PP]),
    "mm_mesh_vertex_property_name": (c_char_p, [_P, c_int]),
    "mm_mesh_vertex_property_type": (c_char_p, [_P, c_int]),
    "mm_mesh_set_vertex_property": (c_status, [_P, _P, c_int, c_char_p, c_char_p]),
    "mm_subdiv_eval_limit": (c_status, [_P, _P, _PP, _PP, _PP]),
}

for _name, (_restype, _argtypes) in _PROTOTYPES.items():
    _fn = getattr(lib, _name)
    _fn.restype = _restype
    _fn.argtypes = _argtypes
