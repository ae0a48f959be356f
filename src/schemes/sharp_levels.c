/* sharp_levels.c: the sharp set of the specialized paths (sharp_levels.h)
 * over the rules of src/kernels/sharp_rules.h. Level 0's groups are the one
 * list made by a sort; every level after it is an array per chain, by
 * formula. Nothing is read back before the route's end: the groups' count
 * stays on the device, their arrays sized by the candidates, and a route's
 * steps correct every chain; the chains are ranked, for the evaluations
 * that follow, at its end. */
#include "sharp_levels.h"

#include "../core/error.h"
#include "../core/memory.h"
#include "../core/scan_sort.h"
#include "../mesh/mesh_impl.h"
#include "../mesh/mesh_tags.h"
#include "../rules/crease.h"

static mm_status alloc_words(mm_context ctx, int64_t n, void **p)
{
    return mmi_alloc(ctx, mmi_backend_memory(ctx), 4 * n, p);
}

static void free_words(mm_context ctx, int64_t n, void *p)
{
    mmi_free(ctx, mmi_backend_memory(ctx), p, 4 * n);
}

/* The set's words, in one allocation: the groups' count and four arrays of
 * cap, seven words per chain, and 2^l values per chain at each level l ≤ L. */
static int64_t set_words(int64_t cap, int64_t chains, int L)
{
    return 1 + 4 * cap + 7 * chains + chains * (((int64_t)2 << L) - 1);
}

void mmi_sharp_set_free(mm_context ctx, mmi_sharp_set *set)
{
    free_words(ctx, set_words(set->cap, set->chains, set->levels), set->size);
    *set = (mmi_sharp_set){0};
}

static mm_status set_alloc(mm_context ctx, int64_t cap, int64_t chains, int L, mmi_sharp_set *x)
{
    mm_status st = MM_OK;
    uint32_t *w = NULL;
    *x = (mmi_sharp_set){0};
    MM_TRY(alloc_words(ctx, set_words(cap, chains, L), (void **)&w));
    x->cap = cap, x->chains = chains, x->levels = L, x->size = w++;
    x->vertex = w, x->code = w + cap, x->kind = w + 2 * cap, x->vs = (float *)(w + 3 * cap);
    w += 4 * cap;
    x->edge0 = w, x->ends = w + chains, x->entry = w + 3 * chains, x->missing = w + 5 * chains;
    x->ranked = w + 6 * chains;
    w += 7 * chains;
    for (int l = 0; l < L; ++l) x->live[l] = chains;
    for (int l = 0; l <= L; ++l) x->sharp[l] = (float *)w, w += chains << l;
done:
    return st;
}

static mm_status run(mm_context ctx, mmi_sharp_args *g, int rule, int64_t count)
{
    g->rule = rule;
    g->count = count;
    return count > 0 ? mmi_sharp_run(ctx, g) : MM_OK;
}

/* Level 0's groups (the chains' sharpness and ends are TAG_EDGES'): the
 * candidates sorted by (vertex, rank), one entry per distinct key. */
static mm_status groups(mm_context ctx, mmi_sharp_args *g, int vbits)
{
    mm_status st = MM_OK;
    int64_t c = g->candidates;
    MM_TRY(alloc_words(ctx, 2 * c, (void **)&g->keys));
    MM_TRY(alloc_words(ctx, 2 * c, (void **)&g->sorted_keys));
    MM_TRY(alloc_words(ctx, c, (void **)&g->values));
    MM_TRY(alloc_words(ctx, c, (void **)&g->sorted_values));
    MM_TRY(alloc_words(ctx, c, (void **)&g->heads));
    MM_TRY(run(ctx, g, MMI_SHARP_CANDIDATES, c));
    /* Keys are vertex << 32 | rank, or all ones: the bits above the vertex
     * ids' are 0 in every key but the invalid ones, which sort last. */
    MM_TRY(mmi_sort_pairs_u64(ctx, c, g->keys, g->values, (uint64_t *)g->sorted_keys,
                              (uint32_t *)g->sorted_values, vbits < 32 ? 33 + vbits : 64));
    MM_TRY(run(ctx, g, MMI_SHARP_HEADS, c));
    MM_TRY(mmi_scan_inclusive_u32(ctx, c, g->heads, g->heads));
    MM_TRY(run(ctx, g, MMI_SHARP_EMIT, c));
done:
    free_words(ctx, 2 * c, g->keys);
    free_words(ctx, 2 * c, (void *)g->sorted_keys);
    free_words(ctx, c, g->values);
    free_words(ctx, c, (void *)g->sorted_values);
    free_words(ctx, c, g->heads);
    return st;
}

mm_status mmi_sharp_build(mm_context ctx, mm_mesh mesh, const mmi_sk_level *lv0,
                          mmi_sk_vertex_faces vt, const uint32_t *ends, int corners, int L,
                          int chaikin, int order, const uint32_t *ep_base, mmi_sharp_set *set)
{
    mm_status st = MM_OK;
    mmi_sharp_args g = {0};
    int64_t nc = mesh->num_creases, c = mesh->num_corners + 4 * nc;
    int vbits = 1;
    while (vbits < 32 && ((int64_t)1 << vbits) < lv0->nv) ++vbits;
    MM_TRY(set_alloc(ctx, c, nc, L, set));
    set->order = order;
    MM_TRY(mmi_zero(ctx, set->size, mmi_backend_memory(ctx), 4));
    g.set = *set;
    g.lv0 = *lv0;
    g.vt = vt;
    g.ends = ends;
    g.corners = corners;
    g.creases = nc;
    g.corner_tags = mesh->num_corners;
    g.candidates = c;
    g.crease_ends = mesh->crease_vertices;
    g.crease_values = mesh->crease_sharpness;
    g.corner_ids = mesh->corner_vertices;
    g.corner_values = mesh->corner_sharpness;
    g.chaikin = chaikin;
    for (int m = 0; m < L; ++m) g.ep_base[m] = ep_base[m];
    MM_TRY(run(ctx, &g, MMI_SHARP_TAG_EDGES, nc));
    if (nc > 0) MM_TRY(mmi_scan_inclusive_u32(ctx, nc, set->missing, set->missing));
    if (c > 0) MM_TRY(groups(ctx, &g, vbits));
    for (g.level = 0; g.level < L; ++g.level)
        MM_TRY(run(ctx, &g, MMI_SHARP_CHILD, nc << g.level));
done:
    if (st != MM_OK) mmi_sharp_set_free(ctx, set);
    return st;
}

mm_status mmi_sharp_check_tags(mm_context ctx, mm_mesh mesh, const mmi_sharp_set *set)
{
    mm_status st = MM_OK;
    uint32_t missing = 0, *h = NULL;
    int64_t n = set->chains;
    mm_memory where = mmi_backend_memory(ctx);
    if (n > 0) MM_TRY(mmi_copy(ctx, &missing, MM_MEMORY_HOST, set->missing + n - 1, where, 4));
    if (missing == 0) return MM_OK;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, 4 * n, (void **)&h));
    MM_TRY(mmi_copy(ctx, h, MM_MEMORY_HOST, set->missing, where, 4 * n));
    for (int64_t i = 0; i < n; ++i) /* the scan: the first tag that names no edge */
        if (h[i] != 0) MM_TRY(mmi_mesh_refuse_crease(ctx, mesh, i));
done:
    if (h) mmi_free(ctx, MM_MEMORY_HOST, h, 4 * n);
    return st;
}

static mmi_sharp_args level_args(const mmi_sharp_set *set, int l, const uint32_t *ep_base)
{
    mmi_sharp_args g = {0};
    g.set = *set;
    g.level = l;
    for (int m = 0; m < set->levels; ++m) g.ep_base[m] = ep_base[m];
    return g;
}

/* Two halves, each for the moves of one level l ≤ L − 2 (the last step
 * leaves none): chains 2^l slots, at most chains 2^(L − 2). */
int64_t mmi_sharp_move_values(const mmi_sharp_set *set, int64_t d)
{
    return set->levels > 1 ? 2 * (set->chains << (set->levels - 2)) * d : 0;
}

mm_status mmi_sharp_correct(mm_context ctx, const mmi_sharp_set *set, int l,
                            const uint32_t *ep_base, const mmi_sk_data *data,
                            int64_t ring_stride, double *moves)
{
    mmi_sharp_args g = level_args(set, l, ep_base);
    g.P = data->P;
    g.Y = data->Y;
    g.d = data->d;
    g.f64 = data->f64;
    g.ring = sk_ring_kept(data);
    g.ring_stride = ring_stride;
    g.final = data->final;
    /* level l − 1's moves and level l's, in turn in the two halves */
    int64_t half = mmi_sharp_move_values(set, g.d) / 2;
    g.moved = l > 0 && half > 0 ? moves + ((l - 1) & 1) * half : NULL;
    g.moves = l + 1 < set->levels && half > 0 ? moves + (l & 1) * half : NULL;
    g.live = set->live[l];
    g.moved_some = l > 0 && set->live[l - 1] < set->chains;
    if (g.live == set->chains) g.set.ranked = NULL;
    return run(ctx, &g, MMI_SHARP_POINTS, (2 * (g.live << l) + set->cap) * g.d);
}

mm_status mmi_sharp_rank(mm_context ctx, mmi_sharp_set *set)
{
    mm_status st = MM_OK;
    mmi_sharp_args g = {0};
    int64_t n = set->chains, count[MMI_SK_MAX_LEVELS + 1] = {0}, at[MMI_SK_MAX_LEVELS + 1];
    int L = set->levels;
    uint32_t *levels = NULL, *ranked = NULL;
    if (n == 0 || L == 0) return MM_OK;
    g.set = *set;
    MM_TRY(alloc_words(ctx, n, (void **)&g.sharp_levels));
    MM_TRY(run(ctx, &g, MMI_SHARP_LEVELS, n));
    MM_TRY(mmi_to_host(ctx, g.sharp_levels, n, sizeof(uint32_t), (void **)&levels));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, 4 * n, (void **)&ranked));
    /* a counting sort, most levels first, in tag order within a count;
       at[m]: the chains of more than m levels */
    for (int64_t i = 0; i < n; ++i) ++count[levels[i]];
    at[L] = 0;
    for (int m = L; m > 0; --m) at[m - 1] = at[m] + count[m];
    for (int64_t i = 0; i < n; ++i) ranked[at[levels[i]]++] = (uint32_t)i;
    MM_TRY(mmi_copy(ctx, set->ranked, mmi_backend_memory(ctx), ranked, MM_MEMORY_HOST, 4 * n));
    /* level l's: the chains of at least max(l, 1) levels, the first in
       ranked; at[m] is now the chains of at least m */
    for (int l = 0; l < L; ++l) set->live[l] = at[l > 1 ? l : 1];
done:
    free_words(ctx, n, g.sharp_levels);
    mmi_free(ctx, MM_MEMORY_HOST, levels, 4 * n);
    mmi_free(ctx, MM_MEMORY_HOST, ranked, 4 * n);
    return st;
}

mm_status mmi_sharp_carry_tags(mm_context ctx, const mmi_sharp_set *set, int l,
                               const uint32_t *ep_base, mm_mesh out)
{
    mm_status st = MM_OK;
    mmi_sharp_args g = level_args(set, l, ep_base);
    uint64_t total = 0;
    int64_t n = (set->chains << l) + set->cap;
    MM_TRY(alloc_words(ctx, 2 * (n + 1), (void **)&g.counts));
    MM_TRY(run(ctx, &g, MMI_SHARP_TAG_COUNT, n + 1));
    MM_TRY(mmi_scan_exclusive_u64(ctx, n + 1, g.counts, g.counts));
    MM_TRY(mmi_copy(ctx, &total, MM_MEMORY_HOST, g.counts + n, mmi_backend_memory(ctx), 8));
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
    MM_TRY(run(ctx, &g, MMI_SHARP_TAGS, n));
done:
    free_words(ctx, 2 * (n + 1), g.counts);
    return st;
}

mm_status mmi_sharp_level_sharpness(mm_context ctx, const mmi_sharp_set *set, int l,
                                    int64_t edges, int64_t vertices, float *h_edges,
                                    float *h_vertices)
{
    mm_status st = MM_OK;
    uint32_t size = 0, *e0 = NULL, *v = NULL, *code = NULL;
    float *s = NULL, *vs = NULL;
    int64_t slots = set->chains << l;
    for (int64_t i = 0; h_edges && i < edges; ++i) h_edges[i] = 0.0f;
    for (int64_t i = 0; h_vertices && i < vertices; ++i) h_vertices[i] = 0.0f;
    if (set->size == NULL) return MM_OK;
    MM_TRY(mmi_copy(ctx, &size, MM_MEMORY_HOST, set->size, mmi_backend_memory(ctx), 4));
    MM_TRY(mmi_to_host(ctx, set->edge0, set->chains, sizeof(uint32_t), (void **)&e0));
    MM_TRY(mmi_to_host(ctx, set->sharp[l], slots, sizeof(uint32_t), (void **)&s));
    MM_TRY(mmi_to_host(ctx, set->vertex, size, sizeof(uint32_t), (void **)&v));
    MM_TRY(mmi_to_host(ctx, set->code, size, sizeof(uint32_t), (void **)&code));
    MM_TRY(mmi_to_host(ctx, set->vs, size, sizeof(uint32_t), (void **)&vs));
    for (int64_t i = 0; h_edges && i < slots; ++i)
        if (e0[i >> l] != MMI_SK_NONE) h_edges[((int64_t)e0[i >> l] << l) + (i & ((1 << l) - 1))] = s[i];
    for (int64_t i = 0; h_vertices && i < size; ++i) {
        if (code[i] != MMI_SHARP_VERTEX) continue;
        h_vertices[v[i]] = mmi_sharpness_after(vs[i], l);
    }
done:
    mmi_free(ctx, MM_MEMORY_HOST, e0, 4 * set->chains);
    mmi_free(ctx, MM_MEMORY_HOST, s, 4 * slots);
    mmi_free(ctx, MM_MEMORY_HOST, v, 4 * (int64_t)size);
    mmi_free(ctx, MM_MEMORY_HOST, code, 4 * (int64_t)size);
    mmi_free(ctx, MM_MEMORY_HOST, vs, 4 * (int64_t)size);
    return st;
}
