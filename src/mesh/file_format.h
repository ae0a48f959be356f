/* file_format.h: the mesh file format a path's extension names (.obj, .off,
 * .ply, any case), shared by mm_mesh_read and mm_mesh_write. */
#ifndef MESHMAT_MESH_FILE_FORMAT_H
#define MESHMAT_MESH_FILE_FORMAT_H

#include <string.h>

#include "meshmat/io.h"

static inline int mmi_ends_with_nocase(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    if (n < k) return 0;
    for (size_t i = 0; i < k; ++i) {
        char c = s[n - k + i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != suffix[i]) return 0;
    }
    return 1;
}

/* MM_FILE_OBJ, MM_FILE_OFF, MM_FILE_PLY_BINARY (for any .ply), MM_FILE_GLB
 * (written only), or MM_FILE_AUTO when the extension is none of these. */
static inline mm_file_format mmi_file_format_of(const char *path)
{
    if (mmi_ends_with_nocase(path, ".obj")) return MM_FILE_OBJ;
    if (mmi_ends_with_nocase(path, ".off")) return MM_FILE_OFF;
    if (mmi_ends_with_nocase(path, ".ply")) return MM_FILE_PLY_BINARY;
    if (mmi_ends_with_nocase(path, ".glb")) return MM_FILE_GLB;
    return MM_FILE_AUTO;
}

/* The format mm_mesh_read takes from a path: mmi_file_format_of's, and
 * MM_FILE_STL for .stl, which is read only (so the writers never see it). */
static inline mm_file_format mmi_read_format_of(const char *path)
{
    if (mmi_ends_with_nocase(path, ".stl")) return MM_FILE_STL;
    return mmi_file_format_of(path);
}

#endif
