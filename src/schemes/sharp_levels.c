/* sharp_levels.c: the sharp sets of the specialized paths (sharp_levels.h)
 * over the rules of src/kernels/sharp_rules.h. Each step reads back one
 * count (the next list's length); the lists are small beside the levels. */
#include "sharp_levels.h"

#include "../core/error.h"
#include "../core/memory.h"
#include "../core/scan_sort.h"
#include "../mesh/mesh_impl.h"

static mm_status alloc_words(mm_context ctx, int64_t n, void **p)
{
    return mmi_alloc(ctx, mmi_backend_memory(ctx), 4 * n, p);
}

static void free_words(mm_context ctx, int64_t n, void *p)
{
    mmi_free(ctx, mmi_backend_memory(ctx), p, 4 * n);
}

void mmi_sharp_list_free(mm_context ctx, mmi_sharp_list *x)
{
    free_words(ctx, x->n, x->vertex);
    free_words(ctx, x->n, x->other);
    free_words(ctx, x->n, x->edge);
    free_words(ctx, x->n, x->twin);
    free_words(ctx, x->n, x->s);
    free_words(ctx, x->n, x->child);
    *x = (mmi_sharp_list){0};
}

static mm_status list_alloc(mm_context ctx, int64_t n, mmi_sharp_list *x)
{
    mm_status st = MM_OK;
    *x = (mmi_sharp_list){0};
    x->n = n;
    MM_TRY(alloc_words(ctx, n, (void **)&x->vertex));
    MM_TRY(alloc_words(ctx, n, (void **)&x->other));
    MM_TRY(alloc_words(ctx, n, (void **)&x->edge));
    MM_TRY(alloc_words(ctx, n, (void **)&x->twin));
    MM_TRY(alloc_words(ctx, n, (void **)&x->s));
    MM_TRY(alloc_words(ctx, n, (void **)&x->child));
done:
    if (st != MM_OK) mmi_sharp_list_free(ctx, x);
    return st;
}

static mm_status run(mm_context ctx, mmi_sharp_args *g, int rule, int64_t count)
{
    g->rule = rule;
    g->count = count;
    return count > 0 ? mmi_sharp_run(ctx, g) : MM_OK;
}

/* Each crease tag's edge, refusing a pair that is no edge (the tags are few:
 * one copy of their edges). */
static mm_status tag_edges(mm_context ctx, mmi_sharp_args *g)
{
    mm_status st = MM_OK;
    uint32_t *h = NULL;
    int64_t n = g->creases;
    MM_TRY(run(ctx, g, MMI_SHARP_TAG_EDGES, n));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, 4 * n, (void **)&h));
    MM_TRY(mmi_copy(ctx, h, MM_MEMORY_HOST, g->tag_edges, mmi_backend_memory(ctx), 4 * n));
    for (int64_t i = 0; i < n; ++i) {
        if (h[i] != MMI_SK_NONE) continue;
        uint32_t ends[2];
        MM_TRY(mmi_copy(ctx, ends, MM_MEMORY_HOST, g->crease_ends + 2 * i,
                        mmi_backend_memory(ctx), sizeof ends));
        MM_FAIL(ctx, MM_ERR_INVALID_MESH,
                "crease %lld joins vertices %u and %u, which share no edge of the mesh",
                (long long)i, ends[0], ends[1]);
    }
done:
    if (h) mmi_free(ctx, MM_MEMORY_HOST, h, 4 * n);
    return st;
}

mm_status mmi_sharp_level0(mm_context ctx, mm_mesh mesh, const mmi_sk_level *lv0,
                           mmi_sk_vertex_faces vt, const uint32_t *ends, int corners,
                           mmi_sharp_list *out)
{
    mm_status st = MM_OK;
    mmi_sharp_args g = {0};
    int64_t c = mesh->num_corners + 4 * mesh->num_creases;
    uint32_t n = 0;
    *out = (mmi_sharp_list){0};
    g.lv0 = *lv0;
    g.vt = vt;
    g.ends = ends;
    g.corners = corners;
    g.creases = mesh->num_creases;
    g.corner_tags = mesh->num_corners;
    g.crease_ends = mesh->crease_vertices;
    g.crease_values = mesh->crease_sharpness;
    g.corner_ids = mesh->corner_vertices;
    g.corner_values = mesh->corner_sharpness;
    MM_TRY(alloc_words(ctx, g.creases, (void **)&g.tag_edges));
    MM_TRY(tag_edges(ctx, &g));
    MM_TRY(alloc_words(ctx, 2 * c, (void **)&g.keys));
    MM_TRY(alloc_words(ctx, 2 * c, (void **)&g.sorted_keys));
    MM_TRY(alloc_words(ctx, c, (void **)&g.values));
    MM_TRY(alloc_words(ctx, c, (void **)&g.sorted_values));
    MM_TRY(alloc_words(ctx, c, (void **)&g.heads));
    MM_TRY(alloc_words(ctx, c, (void **)&g.slot_of));
    MM_TRY(run(ctx, &g, MMI_SHARP_CANDIDATES, c));
    if (c > 0)
        MM_TRY(mmi_sort_pairs_u64(ctx, c, g.keys, g.values, (uint64_t *)g.sorted_keys,
                                  (uint32_t *)g.sorted_values, 64));
    MM_TRY(run(ctx, &g, MMI_SHARP_LEVEL0_HEADS, c));
    if (c > 0) {
        MM_TRY(mmi_scan_inclusive_u32(ctx, c, g.heads, g.heads));
        MM_TRY(mmi_copy(ctx, &n, MM_MEMORY_HOST, g.heads + c - 1, mmi_backend_memory(ctx), 4));
    }
    MM_TRY(list_alloc(ctx, n, out));
    g.out = *out;
    MM_TRY(run(ctx, &g, MMI_SHARP_LEVEL0_EMIT, c));
    MM_TRY(run(ctx, &g, MMI_SHARP_LEVEL0_TWINS, n));
done:
    free_words(ctx, g.creases, g.tag_edges);
    free_words(ctx, 2 * c, g.keys);
    free_words(ctx, 2 * c, (void *)g.sorted_keys);
    free_words(ctx, c, g.values);
    free_words(ctx, c, (void *)g.sorted_values);
    free_words(ctx, c, g.heads);
    free_words(ctx, c, g.slot_of);
    if (st != MM_OK) mmi_sharp_list_free(ctx, out);
    return st;
}

/* rule's packed counts over x's entries (n + 1 of them) and their exclusive
 * scan into *counts; *total: the last, the two sums. */
static mm_status packed_scan(mm_context ctx, mmi_sharp_args *g, int rule, uint64_t *total)
{
    mm_status st = MM_OK;
    int64_t n = g->in.n + 1;
    MM_TRY(alloc_words(ctx, 2 * n, (void **)&g->counts));
    MM_TRY(run(ctx, g, rule, n));
    MM_TRY(mmi_scan_exclusive_u64(ctx, n, g->counts, g->counts));
    MM_TRY(mmi_copy(ctx, total, MM_MEMORY_HOST, g->counts + n - 1, mmi_backend_memory(ctx), 8));
done:
    return st;
}

mm_status mmi_sharp_refine(mm_context ctx, mmi_sharp_list *x, int chaikin, uint32_t ep_base,
                           mmi_sharp_list *y)
{
    mm_status st = MM_OK;
    mmi_sharp_args g = {0};
    uint64_t total = 0;
    *y = (mmi_sharp_list){0};
    if (x->n == 0) return MM_OK;
    g.in = *x;
    g.chaikin = chaikin;
    g.ep_base = ep_base;
    MM_TRY(run(ctx, &g, MMI_SHARP_CHILD, x->n));
    MM_TRY(packed_scan(ctx, &g, MMI_SHARP_COUNT, &total));
    MM_TRY(list_alloc(ctx, (int64_t)(uint32_t)total + (int64_t)(total >> 32), y));
    g.out = *y;
    MM_TRY(run(ctx, &g, MMI_SHARP_EMIT, x->n));
done:
    free_words(ctx, 2 * (x->n + 1), g.counts);
    return st;
}

mm_status mmi_sharp_correct(mm_context ctx, const mmi_sharp_list *x, uint32_t ep_base,
                            const mmi_sk_data *data, int ring_f64, int64_t ring_stride)
{
    mm_status st = MM_OK;
    mmi_sharp_args g = {0};
    g.in = *x;
    g.ep_base = ep_base;
    g.P = data->P;
    g.Y = data->Y;
    g.d = data->d;
    g.f64 = data->f64;
    g.ring = data->ring_next ? data->ring : NULL;
    g.ring_f64 = ring_f64;
    g.ring_stride = ring_stride;
    /* VERTICES reads the smooth edge points that EDGES then replaces. */
    MM_TRY(run(ctx, &g, MMI_SHARP_VERTICES, x->n));
    MM_TRY(run(ctx, &g, MMI_SHARP_EDGES, x->n));
done:
    return st;
}

mm_status mmi_sharp_carry_tags(mm_context ctx, const mmi_sharp_list *x, mm_mesh out)
{
    mm_status st = MM_OK;
    mmi_sharp_args g = {0};
    uint64_t total = 0;
    if (x->n == 0) return MM_OK;
    g.in = *x;
    MM_TRY(packed_scan(ctx, &g, MMI_SHARP_TAG_COUNT, &total));
    int64_t nc = (uint32_t)total, nk = (int64_t)(total >> 32);
    MM_TRY(alloc_words(ctx, 2 * nc, (void **)&out->crease_vertices));
    MM_TRY(alloc_words(ctx, nc, (void **)&out->crease_sharpness));
    out->num_creases = nc;
    MM_TRY(alloc_words(ctx, nk, (void **)&out->corner_vertices));
    MM_TRY(alloc_words(ctx, nk, (void **)&out->corner_sharpness));
    out->num_corners = nk;
    g.tag_ends = out->crease_vertices;
    g.tag_s = out->crease_sharpness;
    g.tag_corners = out->corner_vertices;
    g.tag_vs = out->corner_sharpness;
    MM_TRY(run(ctx, &g, MMI_SHARP_TAGS, x->n));
done:
    free_words(ctx, 2 * (x->n + 1), g.counts);
    return st;
}

mm_status mmi_sharp_level_sharpness(mm_context ctx, const mmi_sharp_list *x, int64_t edges,
                                    int64_t vertices, float *h_edges, float *h_vertices)
{
    mm_status st = MM_OK;
    uint32_t *v = NULL, *e = NULL;
    float *s = NULL;
    int64_t n = x->n;
    for (int64_t i = 0; h_edges && i < edges; ++i) h_edges[i] = 0.0f;
    for (int64_t i = 0; h_vertices && i < vertices; ++i) h_vertices[i] = 0.0f;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, 4 * n, (void **)&v));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, 4 * n, (void **)&e));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, 4 * n, (void **)&s));
    MM_TRY(mmi_copy(ctx, v, MM_MEMORY_HOST, x->vertex, mmi_backend_memory(ctx), 4 * n));
    MM_TRY(mmi_copy(ctx, e, MM_MEMORY_HOST, x->edge, mmi_backend_memory(ctx), 4 * n));
    MM_TRY(mmi_copy(ctx, s, MM_MEMORY_HOST, x->s, mmi_backend_memory(ctx), 4 * n));
    for (int64_t i = 0; i < n; ++i) {
        if (e[i] == MMI_SHARP_VERTEX && h_vertices) h_vertices[v[i]] = s[i];
        else if (e[i] != MMI_SHARP_VERTEX && (e[i] & 1) == 0 && h_edges) h_edges[e[i] >> 1] = s[i];
    }
done:
    mmi_free(ctx, MM_MEMORY_HOST, v, 4 * n);
    mmi_free(ctx, MM_MEMORY_HOST, e, 4 * n);
    mmi_free(ctx, MM_MEMORY_HOST, s, 4 * n);
    return st;
}
