/* mesh_reorder.c: mm_mesh_reorder (meshmat/reorder.h), a mesh's faces by the
 * Morton code of their centroids and its vertices by first use, on the
 * host: the faces and vertex data come to the host (mmi_host_faces_get,
 * mmi_dense_export), the new mesh goes through mmi_mesh_build with the tags
 * re-mapped, and each channel follows its faces. */
#include <stdlib.h>
#include <string.h>

#include "meshmat/reorder.h"
#include "../core/error.h"
#include "../core/handle.h"
#include "../core/timer.h"
#include "host_array.h"
#include "mesh_build.h"
#include "mesh_impl.h"

/* A face's place in the new order: its Morton code, then its index. */
typedef struct face_key {
    uint64_t code;
    uint32_t face;
} face_key;

static int compare_keys(const void *a, const void *b)
{
    const face_key *x = a, *y = b;
    if (x->code != y->code) return x->code < y->code ? -1 : 1;
    return x->face < y->face ? -1 : x->face > y->face;
}

/* The 21 low bits of q, two zero bits after each (bit i to bit 3i). */
static uint64_t spread3(uint64_t q)
{
    q &= 0x1fffff;
    q = (q | q << 32) & 0x1f00000000ffffull;
    q = (q | q << 16) & 0x1f0000ff0000ffull;
    q = (q | q << 8) & 0x100f00f00f00f00full;
    q = (q | q << 4) & 0x10c30c30c30c30c3ull;
    return (q | q << 2) & 0x1249249249249249ull;
}

static double value_at(const void *x, int f64, int64_t i)
{
    return f64 ? ((const double *)x)[i] : (double)((const float *)x)[i];
}

/* keys[f]: face f's centroid over the first min(d, 3) columns of x (the sum
 * of its corners' values each divided by the order, so that no sum passes
 * the largest double), its Morton code over the centroids' box, each axis
 * quantized from halves (hi/2 − lo/2 is finite for any finite hi and lo; an
 * axis of no extent quantizes to 0). */
static void face_keys(const mmi_host_faces *hf, const void *x, int64_t d, int f64, face_key *keys,
                      double *centroid)
{
    const int dims = d < 3 ? (int)d : 3;
    double lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        double *c = centroid + 3 * f;
        int64_t k0 = hf->ptr[f], k1 = hf->ptr[f + 1];
        double n = (double)(k1 - k0);
        for (int a = 0; a < dims; ++a) {
            double s = 0.0;
            for (int64_t k = k0; k < k1; ++k)
                s += value_at(x, f64, (int64_t)hf->rows[k] * d + a) / n;
            c[a] = s;
            if (f == 0 || s < lo[a]) lo[a] = s;
            if (f == 0 || s > hi[a]) hi[a] = s;
        }
    }
    const double top = (double)0x1fffff;
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        uint64_t code = 0;
        for (int a = 0; a < dims; ++a) {
            double extent = hi[a] / 2 - lo[a] / 2;
            double q = extent > 0.0 ? (centroid[3 * f + a] / 2 - lo[a] / 2) / extent * top : 0.0;
            code |= spread3(q > 0.0 ? (q < top ? (uint64_t)q : 0x1fffff) : 0) << a;
        }
        keys[f].code = code;
        keys[f].face = (uint32_t)f;
    }
}

/* The new numbering: face_from (new → old) from the sorted keys, face_to
 * its inverse; vertex_to (old → new) by first use, vertex_from its inverse. */
typedef struct order {
    int64_t nf, nv;
    uint32_t *face_from, *face_to, *vertex_from, *vertex_to;
} order;

static void number_vertices(const mmi_host_faces *hf, order *o)
{
    uint32_t next = 0;
    for (int64_t v = 0; v < o->nv; ++v) o->vertex_to[v] = UINT32_MAX;
    for (int64_t i = 0; i < o->nf; ++i) {
        uint32_t f = o->face_from[i];
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k)
            if (o->vertex_to[hf->rows[k]] == UINT32_MAX) o->vertex_to[hf->rows[k]] = next++;
    }
    for (int64_t v = 0; v < o->nv; ++v)
        if (o->vertex_to[v] == UINT32_MAX) o->vertex_to[v] = next++;
    for (int64_t v = 0; v < o->nv; ++v) o->vertex_from[o->vertex_to[v]] = (uint32_t)v;
}

static mm_status find_order(mm_context ctx, const mmi_host_faces *hf, const void *x, int64_t d,
                            int f64, order *o)
{
    mm_status st = MM_OK;
    face_key *keys = NULL;
    double *centroid = NULL;
    MM_TRY(mmi_host_array(ctx, o->nf, sizeof *keys, (void **)&keys));
    MM_TRY(mmi_host_array(ctx, o->nf, 3 * sizeof *centroid, (void **)&centroid));
    face_keys(hf, x, d, f64, keys, centroid);
    if (o->nf > 1) qsort(keys, (size_t)o->nf, sizeof *keys, compare_keys);
    for (int64_t i = 0; i < o->nf; ++i) {
        o->face_from[i] = keys[i].face;
        o->face_to[keys[i].face] = (uint32_t)i;
    }
    number_vertices(hf, o);
done:
    mmi_host_array_free(ctx, centroid, o->nf, 3 * sizeof *centroid);
    mmi_host_array_free(ctx, keys, o->nf, sizeof *keys);
    return st;
}

/* The new faces' offsets: face i has old face face_from[i]'s order. */
static void reorder_offsets(const mmi_host_faces *hf, const order *o, int64_t *ptr)
{
    ptr[0] = 0;
    for (int64_t i = 0; i < o->nf; ++i) {
        uint32_t f = o->face_from[i];
        ptr[i + 1] = ptr[i] + hf->ptr[f + 1] - hf->ptr[f];
    }
}

/* The new faces' corners at the new offsets ptr: old face face_from[i]'s,
 * re-mapped through corner_id (NULL: as they are). */
static void reorder_corners(const mmi_host_faces *hf, const order *o, const uint32_t *corner_id,
                            const int64_t *ptr, uint32_t *rows)
{
    for (int64_t i = 0; i < o->nf; ++i) {
        uint32_t f = o->face_from[i];
        int64_t at = ptr[i];
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k)
            rows[at++] = corner_id ? corner_id[hf->rows[k]] : hf->rows[k];
    }
}

/* The host arrays of the new mesh's desc. */
typedef struct reordered {
    int64_t row_bytes;
    unsigned char *x, *x_new;
    int64_t *ptr;
    uint32_t *rows, *creases, *corners, *holes;
    float *crease_sharpness, *corner_sharpness;
} reordered;

static void reordered_free(mm_context ctx, mm_mesh in, reordered *r)
{
    int64_t nv = in->M->nrows, nf = in->M->ncols;
    mmi_host_array_free(ctx, r->x, nv, (size_t)r->row_bytes);
    mmi_host_array_free(ctx, r->x_new, nv, (size_t)r->row_bytes);
    mmi_host_array_free(ctx, r->ptr, nf + 1, sizeof *r->ptr);
    mmi_host_array_free(ctx, r->rows, in->M->nnz, sizeof *r->rows);
    mmi_host_array_free(ctx, r->creases, 2 * in->num_creases, sizeof *r->creases);
    mmi_host_array_free(ctx, r->crease_sharpness, in->num_creases, sizeof *r->crease_sharpness);
    mmi_host_array_free(ctx, r->corners, in->num_corners, sizeof *r->corners);
    mmi_host_array_free(ctx, r->corner_sharpness, in->num_corners, sizeof *r->corner_sharpness);
    mmi_host_array_free(ctx, r->holes, in->num_holes, sizeof *r->holes);
}

static mm_status alloc_reordered(mm_context ctx, mm_mesh in, reordered *r)
{
    mm_status st = MM_OK;
    int64_t nv = in->M->nrows, nf = in->M->ncols;
    MM_TRY(mmi_host_array(ctx, nv, (size_t)r->row_bytes, (void **)&r->x));
    MM_TRY(mmi_host_array(ctx, nv, (size_t)r->row_bytes, (void **)&r->x_new));
    MM_TRY(mmi_host_array(ctx, nf + 1, sizeof *r->ptr, (void **)&r->ptr));
    MM_TRY(mmi_host_array(ctx, in->M->nnz, sizeof *r->rows, (void **)&r->rows));
    MM_TRY(mmi_host_array(ctx, 2 * in->num_creases, sizeof *r->creases, (void **)&r->creases));
    MM_TRY(mmi_host_array(ctx, in->num_creases, sizeof *r->crease_sharpness,
                          (void **)&r->crease_sharpness));
    MM_TRY(mmi_host_array(ctx, in->num_corners, sizeof *r->corners, (void **)&r->corners));
    MM_TRY(mmi_host_array(ctx, in->num_corners, sizeof *r->corner_sharpness,
                          (void **)&r->corner_sharpness));
    MM_TRY(mmi_host_array(ctx, in->num_holes, sizeof *r->holes, (void **)&r->holes));
done:
    return st;
}

/* The reordered mesh of in (its host faces hf) into *out. */
static mm_status build_reordered(mm_context ctx, mm_mesh in, const mmi_host_faces *hf,
                                 const order *o, reordered *r, mm_mesh *out)
{
    mm_status st = MM_OK;
    mm_mesh_arrays a = {0}; /* the tags (the vertex data is in r->x) */
    a.crease_vertices = r->creases;
    a.crease_sharpness = r->crease_sharpness;
    a.corner_vertices = r->corners;
    a.corner_sharpness = r->corner_sharpness;
    a.hole_faces = r->holes;
    MM_TRY(mmi_mesh_export(in, &a));
    for (int64_t j = 0; j < o->nv; ++j)
        memcpy(r->x_new + j * r->row_bytes, r->x + (int64_t)o->vertex_from[j] * r->row_bytes,
               (size_t)r->row_bytes);
    reorder_offsets(hf, o, r->ptr);
    reorder_corners(hf, o, o->vertex_to, r->ptr, r->rows);
    for (int64_t i = 0; i < 2 * in->num_creases; ++i) r->creases[i] = o->vertex_to[r->creases[i]];
    for (int64_t i = 0; i < in->num_corners; ++i) r->corners[i] = o->vertex_to[r->corners[i]];
    for (int64_t i = 0; i < in->num_holes; ++i) r->holes[i] = o->face_to[r->holes[i]];
    mm_mesh_desc d = {0};
    d.num_vertices = o->nv;
    d.dim = in->X->d;
    d.vertex_type = in->X->type;
    d.vertices = r->x_new;
    d.num_faces = o->nf;
    d.face_offsets = r->ptr;
    d.face_vertices = r->rows;
    d.num_creases = in->num_creases;
    d.crease_vertices = r->creases;
    d.crease_sharpness = r->crease_sharpness;
    d.num_corners = in->num_corners;
    d.corner_vertices = r->corners;
    d.corner_sharpness = r->corner_sharpness;
    d.precision = in->X->type;
    d.keep_repeated = 1; /* the input's faces were validated; a repeat it kept stays */
    d.num_holes = in->num_holes;
    d.hole_faces = r->holes;
    d.boundary = in->boundary;
    MM_TRY(mmi_mesh_build(ctx, out, &d));
    MM_TRY(mmi_mesh_copy_vertex_properties(ctx, in, *out));
done:
    return st;
}

/* Channel c of in onto out (ho: out's host faces, the new offsets): each
 * new face names the values its old face named. */
static mm_status carry_channel(mm_context ctx, const mmi_fvar_channel *c, const order *o,
                               const mmi_host_faces *ho, mm_mesh out)
{
    mm_status st = MM_OK;
    mmi_host_faces hv = {0};
    uint32_t *corners = NULL;
    MM_TRY(mmi_host_faces_get(ctx, c->values, &hv));
    MM_TRY(mmi_host_array(ctx, hv.nnz, sizeof *corners, (void **)&corners));
    reorder_corners(&hv, o, NULL, ho->ptr, corners);
    MM_TRY(mmi_mesh_carry_fvar(ctx, out, ho, c, corners));
done:
    mmi_host_array_free(ctx, corners, hv.nnz, sizeof *corners);
    mmi_host_faces_release(ctx, &hv);
    return st;
}

static mm_status carry_channels(mm_context ctx, mm_mesh in, const order *o, mm_mesh out)
{
    mm_status st = MM_OK;
    mmi_host_faces ho = {0};
    if (in->num_fvar == 0) return MM_OK;
    MM_TRY(mmi_host_faces_get(ctx, out, &ho));
    for (int k = 0; k < in->num_fvar; ++k) MM_TRY(carry_channel(ctx, &in->fvar[k], o, &ho, out));
done:
    mmi_host_faces_release(ctx, &ho);
    return st;
}

static mm_status reorder(mm_context ctx, mm_mesh mesh, mm_mesh *out, uint32_t *face_from,
                         uint32_t *vertex_from)
{
    mm_status st = MM_OK;
    mmi_host_faces hf = {0};
    order o = {mesh->M->ncols, mesh->M->nrows, NULL, NULL, NULL, NULL};
    reordered r = {0};
    r.row_bytes = mesh->X->d * (int64_t)mm_type_size(mesh->X->type);
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    MM_TRY(mmi_host_array(ctx, o.nf, sizeof(uint32_t), (void **)&o.face_from));
    MM_TRY(mmi_host_array(ctx, o.nf, sizeof(uint32_t), (void **)&o.face_to));
    MM_TRY(mmi_host_array(ctx, o.nv, sizeof(uint32_t), (void **)&o.vertex_from));
    MM_TRY(mmi_host_array(ctx, o.nv, sizeof(uint32_t), (void **)&o.vertex_to));
    MM_TRY(alloc_reordered(ctx, mesh, &r));
    MM_TRY(mmi_dense_export(mesh->X, r.x));
    MM_TRY(find_order(ctx, &hf, r.x, mesh->X->d, mesh->X->type == MM_TYPE_FLOAT64, &o));
    MM_TRY(build_reordered(ctx, mesh, &hf, &o, &r, out));
    MM_TRY(carry_channels(ctx, mesh, &o, *out));
    if (face_from && o.nf > 0) memcpy(face_from, o.face_from, (size_t)o.nf * sizeof *face_from);
    if (vertex_from && o.nv > 0)
        memcpy(vertex_from, o.vertex_from, (size_t)o.nv * sizeof *vertex_from);
done:
    reordered_free(ctx, mesh, &r);
    mmi_host_array_free(ctx, o.vertex_to, o.nv, sizeof(uint32_t));
    mmi_host_array_free(ctx, o.vertex_from, o.nv, sizeof(uint32_t));
    mmi_host_array_free(ctx, o.face_to, o.nf, sizeof(uint32_t));
    mmi_host_array_free(ctx, o.face_from, o.nf, sizeof(uint32_t));
    mmi_host_faces_release(ctx, &hf);
    if (st != MM_OK) mm_mesh_free(out);
    return st;
}

mm_status mm_mesh_reorder(mm_context ctx, mm_mesh mesh, mm_mesh *out, uint32_t *face_from,
                          uint32_t *vertex_from)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (out == NULL) return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "out is NULL");
    *out = NULL;
    if (mesh == NULL) return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "mesh is NULL");
    mm_status st = MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh");
    if (st != MM_OK) return st;
    int timer = mmi_stage_begin(ctx, "reorder");
    st = reorder(ctx, mesh, out, face_from, vertex_from);
    if (timer >= 0) mmi_stage_end(ctx, timer);
    return st;
}
