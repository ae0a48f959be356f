/* mesh_weld.c: mm_mesh_weld (meshmat/weld.h) on the context's backend: the
 * vertex classes from a sort of 64-bit keys (exact: one pass over the sorted
 * runs; tolerance: min-label passes until none changes), their new ids by a
 * scan of the representatives, then the faces re-indexed, counted, scanned
 * and filled (weld_rules.h), and the tags re-mapped (mesh_weld_tags.c). The
 * host reads back only counts: classes, changed labels, faces, corners. */
#include <math.h>

#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "../core/scan_sort.h"
#include "../core/timer.h"
#include "mesh_impl.h"
#include "mesh_weld.h"
#include "weld_kernels.h"

mm_weld_options mm_weld_options_default(void)
{
    mm_weld_options o = {0.0};
    return o;
}

/* The workspace: per vertex 2 u64 keys and 6 u32 arrays, per face a u64
 * count (one more: the scan's total) and 2 u32 flags. */
enum { VERTEX_WORDS = 10, FACE_WORDS = 4 };

typedef struct weld_work {
    mm_memory where;
    int64_t vertex_bytes, face_bytes;
    uint32_t *v, *f;
} weld_work;

/* One value from backend memory. */
static mm_status read_back(mm_context ctx, mm_memory where, const void *p, void *h, int64_t size)
{
    return mmi_copy(ctx, h, MM_MEMORY_HOST, p, where, size);
}

/* The last element of a u32 scan of n > 0 values. */
static mm_status scan_total(mm_context ctx, mm_memory where, const uint32_t *scan, int64_t n,
                            uint32_t *total)
{
    return read_back(ctx, where, scan + n - 1, total, sizeof *total);
}

/* Tolerance: labels from the ids (label = own id) to their component's
 * smallest id, in passes of weld_link_step and weld_jump; *rep gets the
 * array holding the final labels. */
static mm_status tolerance_classes(mm_context ctx, mmi_weld_args *g, mm_memory where,
                                   uint32_t *spare, uint32_t **rep, int *passes)
{
    mm_status st = MM_OK;
    uint32_t *cur = g->ids, *other = spare, changed;
    do {
        g->label = cur;
        g->label_out = other;
        MM_TRY(mmi_weld_link_steps(ctx, g, g->nv));
        MM_TRY(mmi_weld_jumps(ctx, g, g->nv));
        MM_TRY(mmi_scan_inclusive_u32(ctx, g->nv, g->changed, g->changed));
        MM_TRY(scan_total(ctx, where, g->changed, g->nv, &changed));
        uint32_t *t = cur;
        cur = other;
        other = t;
        ++*passes;
    } while (changed != 0);
    *rep = cur;
done:
    return st;
}

/* Every vertex's class (g->rep), new id (g->new_id) and the welded vertex
 * data (*X, |V'| rows). */
static mm_status vertex_classes(mm_context ctx, mm_mesh mesh, double tol, weld_work *w,
                                mmi_weld_args *g, mm_dense *X, mm_weld_report *r)
{
    mm_status st = MM_OK;
    int64_t nv = g->nv;
    uint64_t *keys = (uint64_t *)w->v;
    uint32_t *u = w->v + 4 * nv, *a = u + 2 * nv, *b = a + nv, *c = b + nv, *new_id = c + nv;
    uint32_t classes = 0;
    g->keys = keys;
    g->ids = u;
    MM_TRY(mmi_weld_keys(ctx, g, nv));
    MM_TRY(mmi_sort_pairs_u64(ctx, nv, keys, u, keys + nv, u + nv, 64));
    g->skeys = keys + nv;
    g->sids = u + nv;
    r->passes = 1;
    if (tol == 0.0) {
        g->heads = a;
        MM_TRY(mmi_weld_heads(ctx, g, nv));
        MM_TRY(mmi_scan_inclusive_u32(ctx, nv, a, a));
        g->runs = a;
        g->run_start = b;
        MM_TRY(mmi_weld_run_starts(ctx, g, nv));
        g->rep = c;
        MM_TRY(mmi_weld_exact_classes(ctx, g, nv));
    } else {
        r->passes = 0;
        g->next = a;
        g->changed = b;
        MM_TRY(tolerance_classes(ctx, g, w->where, c, &g->rep, &r->passes));
    }
    g->is_rep = a;
    MM_TRY(mmi_weld_is_reps(ctx, g, nv));
    MM_TRY(mmi_scan_inclusive_u32(ctx, nv, a, a));
    MM_TRY(scan_total(ctx, w->where, a, nv, &classes));
    MM_TRY(mmi_dense_alloc(ctx, X, classes, mesh->X->d, mesh->X->type));
    g->rep_scan = a;
    g->new_id = new_id;
    g->x_out = (*X)->data;
    MM_TRY(mmi_weld_renumber(ctx, g, nv));
done:
    return st;
}

/* Makes a kept-face matrix with an explicit pointer uniform when every face
 * has the first one's order (as mm_mesh_new stores such meshes). */
static mm_status make_uniform_if_one_order(mm_context ctx, mmi_weld_args *g, uint32_t *flags,
                                           mm_matrix M)
{
    mm_status st = MM_OK;
    int64_t nf = M->ncols, second = 0;
    uint32_t differ = 0;
    if (nf == 0) return MM_OK;
    MM_TRY(read_back(ctx, M->where, M->ptr + 1, &second, sizeof second));
    g->ptr_out = M->ptr;
    g->first_order = second;
    g->order_differs = flags;
    MM_TRY(mmi_weld_order_checks(ctx, g, nf));
    MM_TRY(mmi_scan_inclusive_u32(ctx, nf, flags, flags));
    MM_TRY(scan_total(ctx, M->where, flags, nf, &differ));
    if (differ != 0) return MM_OK;
    mmi_free(ctx, M->where, M->ptr, (nf + 1) * (int64_t)sizeof(int64_t));
    M->ptr = NULL;
    M->uniform = second;
done:
    return st;
}

/* The welded faces (*M) from g->new_id; g->face_scan is left in the
 * workspace for the tags. */
static mm_status weld_faces(mm_context ctx, mm_mesh mesh, weld_work *w, mmi_weld_args *g,
                            int64_t nv_out, mm_matrix *M, mm_weld_report *r)
{
    mm_status st = MM_OK;
    const struct mm_matrix_s *in = mesh->M;
    int64_t nf = in->ncols, nnz = 0;
    uint32_t kept = 0, reduced = 0;
    uint64_t *counts = (uint64_t *)w->f;
    uint32_t *keep = w->f + 2 * (nf + 1), *red = keep + nf;
    g->nf = nf;
    g->uniform = in->uniform;
    g->ptr = in->ptr;
    g->rows = in->rows;
    g->face_new_id = g->new_id;
    g->face_nnz = counts;
    g->face_keep = keep;
    g->face_reduced = red;
    MM_TRY(mmi_zero(ctx, counts + nf, w->where, sizeof *counts));
    MM_TRY(mmi_weld_face_counts(ctx, g, nf));
    MM_TRY(mmi_scan_exclusive_u64(ctx, nf + 1, counts, counts));
    MM_TRY(read_back(ctx, w->where, counts + nf, &nnz, sizeof nnz));
    if (nf > 0) {
        MM_TRY(mmi_scan_inclusive_u32(ctx, nf, keep, keep));
        MM_TRY(mmi_scan_inclusive_u32(ctx, nf, red, red));
        MM_TRY(scan_total(ctx, w->where, keep, nf, &kept));
        MM_TRY(scan_total(ctx, w->where, red, nf, &reduced));
    }
    int one_order = in->uniform > 0 && reduced == 0 && kept > 0;
    MM_TRY(mmi_matrix_alloc(ctx, M, MM_FORMAT_CSC, MM_TYPE_PATTERN, nv_out, kept, nnz,
                            one_order ? in->uniform : 0));
    g->face_at = counts;
    g->face_scan = keep;
    g->ptr_out = (*M)->ptr;
    g->rows_out = (*M)->rows;
    MM_TRY(mmi_weld_face_fills(ctx, g, nf + 1));
    if (!one_order) MM_TRY(make_uniform_if_one_order(ctx, g, red, *M));
    r->faces_out = kept;
    r->faces_reduced = reduced;
    r->faces_dropped = nf - kept;
done:
    return st;
}

static mm_status check_options(mm_context ctx, mm_mesh mesh, const mm_weld_options *opts,
                               mm_mesh *out, double *tol)
{
    if (out == NULL) return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "out is NULL");
    *out = NULL;
    if (mesh == NULL) return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "mesh is NULL");
    mm_status st = MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh");
    if (st != MM_OK) return st;
    *tol = opts ? opts->tolerance : 0.0;
    if (!(*tol >= 0.0) || !isfinite(*tol) || !isfinite(2.0 * *tol))
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "tolerance is %g; expected 0 (exact) or a finite value > 0", *tol);
    return MM_OK;
}

mm_status mmi_mesh_weld(mm_context ctx, mm_mesh mesh, const mm_weld_options *opts, mm_mesh *out,
                        mm_weld_report *report)
{
    mm_status st = MM_OK;
    mm_weld_report r = {0};
    double tol = 0.0;
    weld_work w = {mmi_backend_memory(ctx), 0, 0, NULL, NULL};
    uint32_t *ids = NULL; /* the new ids on the host, for the tags and channels */
    int64_t nids = 0;
    int timer = -1;
    MM_TRY(check_options(ctx, mesh, opts, out, &tol));
    if (mesh->num_creases + mesh->num_corners + mesh->num_fvar > 0) nids = mesh->M->nrows;
    timer = mmi_stage_begin(ctx, "weld");
    int64_t nv = mesh->M->nrows, nf = mesh->M->ncols;
    mmi_weld_args g = {0};
    g.nv = nv;
    g.d = mesh->X->d;
    g.f64 = mesh->X->type == MM_TYPE_FLOAT64;
    g.x = mesh->X->data;
    g.cell = 2.0 * tol;
    g.tol2 = tol * tol;
    g.grid_dims = g.d < 3 ? (int)g.d : 3;
    r.vertices_in = nv;
    r.faces_in = nf;
    w.vertex_bytes = VERTEX_WORDS * (int64_t)sizeof(uint32_t) * nv;
    w.face_bytes = FACE_WORDS * (int64_t)sizeof(uint32_t) * nf + (int64_t)sizeof(uint64_t);
    MM_TRY(mmi_alloc(ctx, w.where, w.vertex_bytes, (void **)&w.v));
    MM_TRY(mmi_alloc(ctx, w.where, w.face_bytes, (void **)&w.f));
    struct mm_mesh_s *m = mmi_handle_new(ctx, sizeof *m, MMI_MAGIC_MESH);
    if (m == NULL) MM_FAIL(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a mesh handle");
    m->ctx = ctx;
    m->boundary = mesh->boundary;
    *out = m;
    if (nv > 0) {
        MM_TRY(vertex_classes(ctx, mesh, tol, &w, &g, &m->X, &r));
    } else {
        r.passes = tol == 0.0 ? 1 : 0;
        MM_TRY(mmi_dense_alloc(ctx, &m->X, 0, mesh->X->d, mesh->X->type));
    }
    r.vertices_out = m->X->n;
    MM_TRY(weld_faces(ctx, mesh, &w, &g, r.vertices_out, &m->M, &r));
    MM_TRY(mmi_to_host(ctx, g.new_id, nids, sizeof *ids, (void **)&ids));
    MM_TRY(mmi_weld_tags(ctx, mesh, ids, g.face_scan, m, &r));
    MM_TRY(mmi_weld_fvar(ctx, mesh, ids, m));
    MM_TRY(mmi_mesh_copy_vertex_properties(ctx, mesh, m));
    if (report != NULL) *report = r;
done:
    mmi_free(ctx, MM_MEMORY_HOST, ids, nids * (int64_t)sizeof *ids);
    mmi_free(ctx, w.where, w.v, w.vertex_bytes);
    mmi_free(ctx, w.where, w.f, w.face_bytes);
    if (timer >= 0) mmi_stage_end(ctx, timer);
    if (st != MM_OK && out != NULL) mm_mesh_free(out);
    return st;
}

mm_status mm_mesh_weld(mm_context ctx, mm_mesh mesh, const mm_weld_options *opts, mm_mesh *out,
                       mm_weld_report *report)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_mesh_weld(ctx, mesh, opts, out, report);
}
