"""The ctypes Structures (meshmat/_capi.py) match the C headers: sizes and field
offsets from a program compiled against include/meshmat.h."""

import ctypes
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from meshmat import _capi

STRUCTS = {"mm_context_options": _capi.ContextOptions, "mm_matrix_arrays": _capi.MatrixArrays,
           "mm_matrix_info": _capi.MatrixInfo, "mm_mesh_desc": _capi.MeshDesc,
           "mm_mesh_info": _capi.MeshInfo, "mm_mesh_arrays": _capi.MeshArrays,
           "mm_mesh_stats": _capi.MeshStats, "mm_read_options": _capi.ReadOptions,
           "mm_write_options": _capi.WriteOptions, "mm_weld_options": _capi.WeldOptions,
           "mm_weld_report": _capi.WeldReport,
           "mm_subdiv_options": _capi.SubdivOptions, "mm_subdiv_counts": _capi.SubdivCounts,
           "mm_fvar_desc": _capi.FvarDesc, "mm_map": _capi.Map, "mm_lambda": _capi.Lambda, "mm_spgemm_op": _capi.SpgemmOp}
C_NAMES = {"lambda_": "lambda"}  # fields renamed in Python (a keyword there)


def _include_dir():
    """The headers: MESHMAT_INCLUDE, the repository around python/, or the sdist's csrc/."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (os.environ.get("MESHMAT_INCLUDE"), here.parent / "include",
                      here / "csrc" / "include"):
        if candidate and (Path(candidate) / "meshmat.h").is_file():
            return Path(candidate)
    return None


def test_structs_match_the_headers(tmp_path):
    cc, include = shutil.which("cc") or shutil.which("gcc"), _include_dir()
    if cc is None or include is None:
        pytest.skip("needs a C compiler and meshmat's headers")
    lines = []
    for c_name, struct in STRUCTS.items():
        lines.append(f'printf("{c_name} %zu\\n", sizeof({c_name}));')
        for field, _ in struct._fields_:
            c_field = C_NAMES.get(field, field)
            lines.append(f'printf("{c_name}.{field} %zu\\n", offsetof({c_name}, {c_field}));')
    source = tmp_path / "layout.c"
    source.write_text("#include <meshmat.h>\n#include <stddef.h>\n#include <stdio.h>\n"
                      "int main(void) {\n" + "\n".join(lines) + "\nreturn 0;\n}\n")
    subprocess.run([cc, "-std=c11", f"-I{include}", str(source), "-o", str(tmp_path / "layout")],
                   check=True)
    out = subprocess.run([str(tmp_path / "layout")], check=True, capture_output=True,
                         text=True).stdout
    c_layout = dict(line.rsplit(" ", 1) for line in out.splitlines())
    for c_name, struct in STRUCTS.items():
        assert int(c_layout[c_name]) == ctypes.sizeof(struct), c_name
        for field, _ in struct._fields_:
            assert int(c_layout[f"{c_name}.{field}"]) == getattr(struct, field).offset, \
                f"{c_name}.{field}"
