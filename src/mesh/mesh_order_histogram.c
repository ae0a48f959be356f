/* mesh_order_histogram.c: mm_mesh_order_histogram, the face orders c = Mᵀ·1
 * (DESIGN §1) counted per order: from the implicit pointer of a one-order mesh,
 * otherwise from a host view of M's column pointer. */
#include "../core/error.h"
#include "../core/handle.h"
#include "mesh_impl.h"

mm_status mm_mesh_order_histogram(mm_context ctx, mm_mesh mesh, int64_t max_order, int64_t *counts)
{
    mm_status st = MM_OK;
    mmi_host_faces hf = {0};
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (mesh == NULL || counts == NULL || max_order < 0)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "needs a mesh, counts and max_order >= 0");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    for (int64_t c = 0; c <= max_order; ++c) counts[c] = 0;
    if (mesh->M->uniform > 0) {
        if (mesh->M->uniform > max_order)
            MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT,
                    "every face has order %lld, but max_order is %lld (see mm_mesh_stats)",
                    (long long)mesh->M->uniform, (long long)max_order);
        counts[mesh->M->uniform] = mesh->M->ncols;
        goto done;
    }
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    for (int64_t f = 0; f < hf.num_faces; ++f) {
        int64_t c = hf.ptr[f + 1] - hf.ptr[f];
        if (c > max_order)
            MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT,
                    "face %lld has order %lld, but max_order is %lld (see mm_mesh_stats)",
                    (long long)f, (long long)c, (long long)max_order);
        ++counts[c];
    }
done:
    mmi_host_faces_release(ctx, &hf);
    return st;
}
