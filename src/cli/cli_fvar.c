/* cli_fvar.c: what the subcommands say about a mesh's face-varying channels
 * (texture coordinates, normals per corner: meshmat/mesh.h): the list of
 * them, and the warnings when a step leaves some out (the reader, a weld, a
 * subdivision that cannot refine them, an output format that cannot hold
 * them). Warnings go to stderr; the data is dropped, the command goes on. */
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

void cli_warn_unkept_fvar(mm_mesh mesh, const char *path, mm_file_format format)
{
    char names[1024];
    size_t used = 0;
    names[0] = '\0';
    for (int k = 0; k < mm_mesh_num_fvar(mesh); ++k) {
        if (mm_file_keeps_fvar(mesh, k, path, format)) continue;
        int n = snprintf(names + used, sizeof names - used, "%s%s", used > 0 ? ", " : "",
                         mm_mesh_fvar_name(mesh, k));
        if (n < 0 || (size_t)n >= sizeof names - used) break;
        used += (size_t)n;
    }
    if (used > 0)
        fprintf(stderr,
                "meshmat: warning: %s: face-varying channels not written: %s (only OBJ and "
                "glb hold them: \"uv\" of dim 2 or 3 as vt / TEXCOORD_0, \"normal\" of dim 3 "
                "as vn / NORMAL)\n",
                path, names);
}
