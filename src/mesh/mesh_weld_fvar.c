/* mesh_weld_fvar.c: a mesh's face-varying channels on its welded mesh
 * (mesh_weld.h), on the host. A channel names a value at each face corner,
 * so it follows the corners the weld keeps: the weld's own rules
 * (weld_face_kept, weld_corner of weld_rules.h), run over host copies of the
 * faces and the new vertex ids, say which; each kept face keeps the values
 * of its kept corners, in order. The values are unchanged: those that only
 * dropped corners named stay, unreferenced. */
#include "../core/error.h"
#include "../core/memory.h"
#include "host_array.h"
#include "mesh_impl.h"
#include "mesh_weld.h"
#include "weld_rules.h"

/* kept[k] for every corner k of hf: whether the welded mesh keeps it (its
 * face is kept and it differs from the corner before it). */
static void kept_corners(const mmi_host_faces *hf, const uint32_t *new_id, uint8_t *kept)
{
    mmi_weld_args a = {0};
    a.nf = hf->num_faces;
    a.ptr = hf->ptr;
    a.rows = hf->rows;
    a.face_new_id = new_id;
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        int64_t b = hf->ptr[f], e = hf->ptr[f + 1];
        int face = weld_face_kept(&a, f) > 0;
        for (int64_t k = b; k < e; ++k) {
            int corner;
            weld_corner(&a, b, e, k, &corner);
            kept[k] = (uint8_t)(face && corner);
        }
    }
}

/* Channel c of in onto out (faces ho), its corners kept where kept says. */
static mm_status carry(mm_context ctx, const mmi_fvar_channel *c, const uint8_t *kept,
                       const mmi_host_faces *ho, mm_mesh out)
{
    mm_status st = MM_OK;
    mmi_host_faces hv = {0};
    uint32_t *corners = NULL;
    int64_t n = 0;
    MM_TRY(mmi_host_faces_get(ctx, c->values, &hv));
    MM_TRY(mmi_host_array(ctx, ho->nnz, sizeof *corners, (void **)&corners));
    for (int64_t k = 0; k < hv.nnz; ++k)
        if (kept[k]) corners[n++] = hv.rows[k];
    if (n != ho->nnz)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH, "channel '%s': %lld corners kept, the welded mesh has "
                "%lld (a bug: please report it)", c->name, (long long)n, (long long)ho->nnz);
    MM_TRY(mmi_mesh_carry_fvar(ctx, out, ho, c, corners));
done:
    mmi_host_array_free(ctx, corners, ho->nnz, sizeof *corners);
    mmi_host_faces_release(ctx, &hv);
    return st;
}

mm_status mmi_weld_fvar(mm_context ctx, mm_mesh in, const uint32_t *new_id, mm_mesh out)
{
    mm_status st = MM_OK;
    mmi_host_faces hf = {0}, ho = {0};
    uint8_t *kept = NULL;
    if (in->num_fvar == 0) return MM_OK;
    MM_TRY(mmi_host_faces_get(ctx, in, &hf));
    MM_TRY(mmi_host_faces_get(ctx, out, &ho));
    MM_TRY(mmi_host_array(ctx, hf.nnz, sizeof *kept, (void **)&kept));
    kept_corners(&hf, new_id, kept);
    for (int k = 0; k < in->num_fvar; ++k) MM_TRY(carry(ctx, &in->fvar[k], kept, &ho, out));
done:
    mmi_host_array_free(ctx, kept, hf.nnz, sizeof *kept);
    mmi_host_faces_release(ctx, &ho);
    mmi_host_faces_release(ctx, &hf);
    return st;
}
