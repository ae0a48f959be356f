/* cli_fvar.c: what the subcommands say about a mesh's face-varying channels
 * (texture coordinates, normals per corner: meshmat/mesh.h): the list of
 * them, and the warnings when a step leaves some out (the reader, a weld, a
 * subdivision that cannot refine them, an output format that cannot hold
 * them); and about its named vertex data columns (a PLY file's colours,
 * normals, …) that an output format cannot hold. Warnings go to stderr; the
 * data is dropped, the command goes on. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

const char *cli_fvar_list(mm_mesh mesh, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k < mm_mesh_num_fvar(mesh) && used < len; ++k) {
        mm_mesh_info vi;
        if (mm_mesh_info_get(mm_mesh_fvar(mesh, k), &vi) != MM_OK) continue;
        int n = snprintf(buf + used, len - used, "%s%s (%lld)", k > 0 ? ", " : "",
                         mm_mesh_fvar_name(mesh, k), (long long)vi.dim);
        if (n < 0) break;
        used += (size_t)n;
    }
    return buf;
}

void cli_warn_reader_fvar(const char *path, mm_mesh mesh)
{
    mm_mesh_info mi;
    if (mm_mesh_info_get(mesh, &mi) != MM_OK || mi.fvar_dropped == 0) return;
    fprintf(stderr,
            "meshmat: warning: %s: %lld face corners name a vt or vn where other corners name "
            "none: those texture coordinates or normals are dropped (a channel needs a value at "
            "every corner)\n",
            path, (long long)mi.fvar_dropped);
}

void cli_warn_fvar_lost(const char *what, mm_mesh mesh, const char *why)
{
    char names[1024];
    if (mm_mesh_num_fvar(mesh) == 0) return;
    fprintf(stderr, "meshmat: warning: %s: face-varying channels dropped: %s (%s)\n", what,
            cli_fvar_list(mesh, names, sizeof names), why);
}

mm_status cli_drop_fvar(mm_context ctx, const char *what, mm_mesh mesh, const char *why)
{
    cli_warn_fvar_lost(what, mesh, why);
    mm_status st = MM_OK;
    while (st == MM_OK && mm_mesh_num_fvar(mesh) > 0) st = mm_mesh_remove_fvar(ctx, mesh, 0);
    return st;
}

/* Appends ", name" (name alone first) to names, which holds *used bytes of
 * len; 0, or 1 when it does not fit (the list then stops). */
static int append_name(char *names, size_t len, size_t *used, const char *name)
{
    int n = snprintf(names + *used, len - *used, "%s%s", *used > 0 ? ", " : "", name);
    if (n < 0 || (size_t)n >= len - *used) return 1;
    *used += (size_t)n;
    return 0;
}

void cli_warn_unkept_fvar(mm_mesh mesh, const char *path, mm_file_format format)
{
    char names[1024];
    size_t used = 0;
    names[0] = '\0';
    for (int k = 0; k < mm_mesh_num_fvar(mesh); ++k)
        if (!mm_file_keeps_fvar(mesh, k, path, format) &&
            append_name(names, sizeof names, &used, mm_mesh_fvar_name(mesh, k)))
            break;
    if (used > 0)
        fprintf(stderr,
                "meshmat: warning: %s: face-varying channels not written: %s (only OBJ and "
                "glb hold them: \"uv\" of dim 2 or 3 as vt / TEXCOORD_0, \"normal\" of dim 3 "
                "as vn / NORMAL)\n",
                path, names);
}

void cli_warn_unkept_vertex_properties(mm_mesh mesh, const char *path, mm_file_format format)
{
    char names[1024];
    size_t used = 0;
    mm_mesh_info mi;
    names[0] = '\0';
    if (mm_mesh_info_get(mesh, &mi) != MM_OK) return;
    for (int c = 3; c < mi.dim; ++c) {
        const char *name = mm_mesh_vertex_property_name(mesh, c);
        if (name != NULL && !mm_file_keeps_vertex_property(mesh, c, path, format) &&
            append_name(names, sizeof names, &used, name))
            break;
    }
    if (used > 0)
        fprintf(stderr,
                "meshmat: warning: %s: vertex properties not written: %s (only PLY holds "
                "them)\n",
                path, names);
}
