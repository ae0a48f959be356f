/* mesh_weld_tags.c: a mesh's creases, corners and holes on its welded mesh
 * (mesh_weld.h), on the host: tags are few, so the new ids come back from the
 * device (mmi_mesh_weld, once for the tags and the channels) only for a mesh
 * that has some. Creases whose ends merged are dropped; the rest go through
 * mmi_mesh_tags_unique, which keeps the last of the creases now on one edge
 * and of the corners now on one vertex, as mm_mesh_new does. */
#include "../core/error.h"
#include "../core/memory.h"
#include "mesh_impl.h"
#include "mesh_tags.h"
#include "mesh_weld.h"

/* The input's tags and the maps, on the host (new_id the caller's); the
 * re-mapped tags in d. */
typedef struct host_tags {
    int64_t nf, nc, nk, nh;
    const uint32_t *new_id;
    uint32_t *face_scan, *creases, *corners, *holes;
    float *crease_sharpness, *corner_sharpness;
} host_tags;

static void host_tags_free(mm_context ctx, host_tags *h)
{
    mmi_free(ctx, MM_MEMORY_HOST, h->face_scan, h->nf * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, h->creases, 2 * h->nc * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, h->crease_sharpness, h->nc * (int64_t)sizeof(float));
    mmi_free(ctx, MM_MEMORY_HOST, h->corners, h->nk * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, h->corner_sharpness, h->nk * (int64_t)sizeof(float));
    mmi_free(ctx, MM_MEMORY_HOST, h->holes, h->nh * (int64_t)sizeof(uint32_t));
}

static mm_status fetch(mm_context ctx, mm_mesh in, const uint32_t *new_id,
                       const uint32_t *face_scan, host_tags *h)
{
    mm_status st = MM_OK;
    h->new_id = new_id;
    h->nf = in->num_holes > 0 ? in->M->ncols : 0;
    h->nc = in->num_creases;
    h->nk = in->num_corners;
    h->nh = in->num_holes;
    MM_TRY(mmi_to_host(ctx, face_scan, h->nf, sizeof(uint32_t), (void **)&h->face_scan));
    MM_TRY(mmi_to_host(ctx, in->crease_vertices, 2 * h->nc, sizeof(uint32_t),
                       (void **)&h->creases));
    MM_TRY(mmi_to_host(ctx, in->crease_sharpness, h->nc, sizeof(float),
                       (void **)&h->crease_sharpness));
    MM_TRY(mmi_to_host(ctx, in->corner_vertices, h->nk, sizeof(uint32_t), (void **)&h->corners));
    MM_TRY(mmi_to_host(ctx, in->corner_sharpness, h->nk, sizeof(float),
                       (void **)&h->corner_sharpness));
    MM_TRY(mmi_to_host(ctx, in->hole_faces, h->nh, sizeof(uint32_t), (void **)&h->holes));
done:
    return st;
}

/* Re-maps the tags in place (compacting creases and holes) into d. */
static void remap(host_tags *h, mm_mesh_desc *d)
{
    int64_t nc = 0, nh = 0;
    for (int64_t i = 0; i < h->nc; ++i) {
        uint32_t a = h->new_id[h->creases[2 * i]], b = h->new_id[h->creases[2 * i + 1]];
        if (a == b) continue;
        h->creases[2 * nc] = a;
        h->creases[2 * nc + 1] = b;
        h->crease_sharpness[nc++] = h->crease_sharpness[i];
    }
    for (int64_t i = 0; i < h->nk; ++i) h->corners[i] = h->new_id[h->corners[i]];
    for (int64_t i = 0; i < h->nh; ++i) {
        uint32_t f = h->holes[i], before = f > 0 ? h->face_scan[f - 1] : 0;
        if (h->face_scan[f] != before) h->holes[nh++] = before;
    }
    d->num_creases = nc;
    d->crease_vertices = h->creases;
    d->crease_sharpness = h->crease_sharpness;
    d->num_corners = h->nk;
    d->corner_vertices = h->corners;
    d->corner_sharpness = h->corner_sharpness;
    d->num_holes = nh;
    d->hole_faces = h->holes;
}

mm_status mmi_weld_tags(mm_context ctx, mm_mesh in, const uint32_t *new_id,
                        const uint32_t *face_scan, mm_mesh out, mm_weld_report *r)
{
    mm_status st = MM_OK;
    host_tags h = {0};
    mmi_mesh_tags t = {0};
    mm_mesh_desc d = {0};
    if (in->num_creases + in->num_corners + in->num_holes == 0) return MM_OK;
    MM_TRY(fetch(ctx, in, new_id, face_scan, &h));
    remap(&h, &d);
    MM_TRY(mmi_mesh_tags_unique(ctx, &d, &t));
    r->creases_dropped = h.nc - t.num_creases;
    r->corners_dropped = h.nk - t.num_corners;
    r->holes_dropped = h.nh - t.num_holes;
    out->num_creases = t.num_creases;
    MM_TRY(mmi_to_backend(ctx, t.crease_vertices, 2 * t.num_creases, sizeof(uint32_t),
                          (void **)&out->crease_vertices));
    MM_TRY(mmi_to_backend(ctx, t.crease_sharpness, t.num_creases, sizeof(float),
                          (void **)&out->crease_sharpness));
    out->num_corners = t.num_corners;
    MM_TRY(mmi_to_backend(ctx, t.corner_vertices, t.num_corners, sizeof(uint32_t),
                          (void **)&out->corner_vertices));
    MM_TRY(mmi_to_backend(ctx, t.corner_sharpness, t.num_corners, sizeof(float),
                          (void **)&out->corner_sharpness));
    out->num_holes = t.num_holes;
    MM_TRY(mmi_to_backend(ctx, t.hole_faces, t.num_holes, sizeof(uint32_t),
                          (void **)&out->hole_faces));
done:
    mmi_mesh_tags_free(ctx, &t);
    host_tags_free(ctx, &h);
    return st;
}
