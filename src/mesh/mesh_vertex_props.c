/* mesh_vertex_props.c: the names and PLY types of a mesh's vertex data
 * columns past x, y, z (meshmat/mesh.h): set by the PLY reader and
 * mm_mesh_set_vertex_property, carried by mm_subdivide and mm_mesh_weld,
 * written back by the PLY writer. Held on the host beside X (a few names,
 * whatever the backend). */
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/handle.h"
#include "mesh_impl.h"

/* Longest name kept: the PLY header reader keeps tokens of up to 1024 bytes. */
#define MAX_NAME 1024

/* mesh->vprops with an entry for every column past x, y, z (unnamed ones
 * NULL); 0, or 1 when out of memory. */
static int make_room(mm_mesh mesh)
{
    int64_t n = mesh->X->d - 3;
    if (mesh->vprops != NULL || n <= 0) return 0;
    mesh->vprops = calloc((size_t)n, sizeof *mesh->vprops);
    if (mesh->vprops == NULL) return 1;
    mesh->num_vprops = n;
    return 0;
}

mm_status mmi_mesh_name_column(mm_context ctx, mm_mesh mesh, int64_t column, const char *name,
                               size_t len, ply_type type)
{
    char *copy = NULL;
    if (name != NULL && (copy = malloc(len + 1)) == NULL)
        return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a vertex property's name");
    if (make_room(mesh)) {
        free(copy);
        return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for vertex property names");
    }
    if (copy != NULL) {
        memcpy(copy, name, len);
        copy[len] = '\0';
    }
    mmi_vertex_property *p = &mesh->vprops[column - 3];
    free(p->name);
    p->name = copy;
    p->type = copy != NULL ? type : PLY_NONE;
    return MM_OK;
}

mm_status mmi_mesh_copy_vertex_properties(mm_context ctx, mm_mesh from, mm_mesh to)
{
    mm_status st = MM_OK;
    mmi_mesh_free_vertex_properties(to);
    for (int64_t i = 0; i < from->num_vprops && i + 3 < to->X->d && st == MM_OK; ++i) {
        const mmi_vertex_property *p = &from->vprops[i];
        if (p->name != NULL)
            st = mmi_mesh_name_column(ctx, to, i + 3, p->name, strlen(p->name), p->type);
    }
    return st;
}

void mmi_mesh_free_vertex_properties(mm_mesh mesh)
{
    for (int64_t i = 0; i < mesh->num_vprops; ++i) free(mesh->vprops[i].name);
    free(mesh->vprops);
    mesh->vprops = NULL;
    mesh->num_vprops = 0;
}

/* The named column's entry, or NULL (columns 0-2, unnamed, out of range). */
static const mmi_vertex_property *named_column(mm_mesh mesh, int column)
{
    if (mesh == NULL || MMI_CHECK(NULL, mesh, MMI_MAGIC_MESH, "mesh") != MM_OK) return NULL;
    if (column < 3 || column - 3 >= mesh->num_vprops) return NULL;
    const mmi_vertex_property *p = &mesh->vprops[column - 3];
    return p->name != NULL ? p : NULL;
}

const char *mm_mesh_vertex_property_name(mm_mesh mesh, int column)
{
    const mmi_vertex_property *p = named_column(mesh, column);
    return p != NULL ? p->name : NULL;
}

const char *mm_mesh_vertex_property_type(mm_mesh mesh, int column)
{
    const mmi_vertex_property *p = named_column(mesh, column);
    return p != NULL ? mmi_ply_type_name(p->type) : NULL;
}

/* Whether name can stand in a PLY header as a vertex property other than a
 * position: one token (no blank or control character), not x, y or z. */
static int valid_name(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || len > MAX_NAME) return 0;
    for (size_t i = 0; i < len; ++i)
        if (!mmi_ply_name_byte(name[i])) return 0;
    return strcmp(name, "x") != 0 && strcmp(name, "y") != 0 && strcmp(name, "z") != 0;
}

mm_status mm_mesh_set_vertex_property(mm_context ctx, mm_mesh mesh, int column, const char *name,
                                      const char *type)
{
    mm_status st = MM_OK;
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (mesh == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh must not be NULL");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    if (mesh->ctx != ctx)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "the mesh belongs to another context");
    if (column < 3 || column >= mesh->X->d)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "column %d: the named columns are 3 to %lld "
                "(x, y, z are 0 to 2; the vertex data has %lld)", column,
                (long long)mesh->X->d - 1, (long long)mesh->X->d);
    if (name != NULL && !valid_name(name))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "column %d: '%.64s' cannot name a PLY vertex "
                "property (1 to %d bytes, no blank or control character, not x, y or z)",
                column, name, MAX_NAME);
    ply_type t = mesh->X->type == MM_TYPE_FLOAT32 ? PLY_F32 : PLY_F64;
    if (type != NULL && (t = mmi_ply_type_parse(type, strlen(type))) == PLY_NONE)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "column %d: '%.64s' is not a PLY type (char, "
                "uchar, short, ushort, int, uint, float, double, int8, …, float64)", column,
                type);
    MM_TRY(mmi_mesh_name_column(ctx, mesh, column, name, name ? strlen(name) : 0, t));
done:
    return st;
}
