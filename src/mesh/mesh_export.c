/* mesh_export.c: copying a mesh back into caller-owned host arrays (the second
 * phase after mm_mesh_info_get), and the host view of M's structure that
 * host-side analyses (statistics) read. */
#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "mesh_impl.h"

static mm_status download(mm_mesh mesh, void *h, const void *src, int64_t bytes)
{
    if (h == NULL) return MM_OK;
    return mmi_copy(mesh->ctx, h, MM_MEMORY_HOST, src, mmi_backend_memory(mesh->ctx), bytes);
}

mm_status mmi_mesh_export(mm_mesh mesh, const mm_mesh_arrays *h)
{
    mm_status st = MM_OK;
    if (mesh == NULL || h == NULL) return MM_ERR_INVALID_ARGUMENT;
    mm_context ctx = mesh->ctx;
    if ((h->face_offsets == NULL) != (h->face_vertices == NULL))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "face_offsets and face_vertices go together");
    if (h->face_offsets != NULL) {
        mm_matrix_arrays a = {h->face_offsets, h->face_vertices, NULL, NULL};
        MM_TRY(mmi_matrix_export(mesh->M, &a));
    }
    if (h->vertices) MM_TRY(mmi_dense_export(mesh->X, h->vertices));
    MM_TRY(download(mesh, h->crease_vertices, mesh->crease_vertices,
                    2 * mesh->num_creases * (int64_t)sizeof(uint32_t)));
    MM_TRY(download(mesh, h->crease_sharpness, mesh->crease_sharpness,
                    mesh->num_creases * (int64_t)sizeof(float)));
    MM_TRY(download(mesh, h->corner_vertices, mesh->corner_vertices,
                    mesh->num_corners * (int64_t)sizeof(uint32_t)));
    MM_TRY(download(mesh, h->corner_sharpness, mesh->corner_sharpness,
                    mesh->num_corners * (int64_t)sizeof(float)));
    MM_TRY(download(mesh, h->hole_faces, mesh->hole_faces,
                    mesh->num_holes * (int64_t)sizeof(uint32_t)));
done:
    return st;
}

mm_status mm_mesh_export(mm_mesh mesh, const mm_mesh_arrays *h)
{
    if (mesh == NULL || MMI_CHECK(NULL, mesh, MMI_MAGIC_MESH, "mesh") != MM_OK)
        return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(mesh->ctx);
    return mmi_mesh_export(mesh, h);
}
