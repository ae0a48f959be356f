/* fvar_tags.c: OpenSubdiv's face-varying rules (Vtr::FVarLevel's value tags,
 * Far::PrimvarRefiner's face-varying masks) written as sharpness on a
 * channel's value mesh (fvar.h, docs/face-varying.md).
 *
 * Around a vertex whose values match across all its edges, a value follows
 * the vertex's own rule: the value mesh is the mesh there, and carries the
 * vertex's and its edges' sharpness. Elsewhere (the vertex is "mismatched":
 * several values, a seam ending at it, or a boundary the option linearizes)
 * each value is either a corner (infinitely sharp) or a crease along the two
 * seams or boundary edges bounding its span of faces. The value mesh's seams
 * are boundaries, so a value that is no corner takes the crease rule there
 * unaided (its boundary edges are infinitely sharp); the tags below mark the
 * corners, by FVarLevel's tests in its order. A value's span is the faces
 * around its vertex that name it; it is "disjoint" (Far: a discontinuous edge
 * inside it; always a corner) when those faces are open on more than two
 * sides, a side being open where its edge is a boundary or discontinuous at
 * either end.
 *
 * Where the mesh is not a 2-manifold (a vertex on an edge of more than two
 * faces or of inconsistent orientation, or joining several fans of faces:
 * Vtr's non-manifold vertices), FVarLevel makes every value of a mismatched
 * vertex a corner, and a discontinuous edge's new values midpoints of each
 * face's two values. The value mesh keeps the mesh's topology there (no
 * split: a matched vertex, one value over edges that all match, is the mesh
 * around it and so takes the mesh's own rule, which mm_subdivide's
 * non-manifold tags give the value mesh too), tags those values as corners
 * and every side of such an edge infinitely sharp. */
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/memory.h"
#include "../mesh/host_array.h"
#include "../mesh/mesh_edges.h"
#include "../mesh/mesh_fans.h"
#include "../mesh/mesh_stats.h"
#include "../mesh/mesh_tags.h"
#include "../rules/crease.h"
#include "fvar.h"

/* What the options switch on (FVarLevel::completeTopologyFromFaceValues). */
typedef struct fvar_switches {
    int linear_all, linear_boundaries, dependent, corners_sharp, smooth_corners_sharp,
        both_if_one_corner, darts;
} fvar_switches;

static fvar_switches switches_of(const mm_subdiv_options *o)
{
    fvar_switches s;
    mm_fvar_interp f = o->fvar_interp;
    s.linear_all = f == MM_FVAR_LINEAR_ALL;
    s.linear_boundaries = f == MM_FVAR_LINEAR_ALL || f == MM_FVAR_LINEAR_BOUNDARIES;
    s.dependent = f == MM_FVAR_LINEAR_CORNERS_PLUS1 || f == MM_FVAR_LINEAR_CORNERS_PLUS2;
    s.corners_sharp = f != MM_FVAR_LINEAR_NONE;
    s.smooth_corners_sharp = o->boundary != MM_BOUNDARY_EDGE_AND_CORNER && s.corners_sharp;
    s.both_if_one_corner = f == MM_FVAR_LINEAR_CORNERS_PLUS2;
    s.darts = s.both_if_one_corner || s.linear_boundaries;
    return s;
}

/* The corners at each vertex in OpenSubdiv's order around it (Vtr::Level::
 * orderVertexFacesAndEdges): from the face of the vertex's first corner, or
 * on a boundary from the corner whose leaving side is on the boundary, on to
 * the face across each corner's entering side. first[v] … first[v + 1] - 1
 * index ordered[]. listed[v] set on entry (a vertex on an edge that is not a
 * 2-manifold's, whose corners the walk cannot follow), or set here where the
 * walk ends before it sees them all (its corners make more than one fan; or
 * a face repeats the vertex, which the walk does not follow): v's corners in
 * corner order, Vtr's order at a non-manifold vertex. */
static mm_status corners_around(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                                uint8_t *listed, int64_t *first, uint32_t *ordered)
{
    mm_status st = MM_OK;
    int64_t nv = hf->num_vertices, n = hf->nnz, ne = E->num_edges;
    uint32_t *side = NULL, *across = NULL, *fill = NULL;
    int any = 0;
    MM_TRY(mmi_host_array(ctx, 2 * ne, sizeof *side, (void **)&side));
    MM_TRY(mmi_host_array(ctx, n, sizeof *across, (void **)&across));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *fill, (void **)&fill));
    for (int64_t e = 0; e < 2 * ne; ++e) side[e] = UINT32_MAX;
    for (int64_t v = 0; v <= nv; ++v) first[v] = 0;
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k) {
            uint32_t e = E->corner_edge[k];
            side[2 * e + (side[2 * e] != UINT32_MAX)] = (uint32_t)k;
            ++first[hf->rows[k] + 1];
        }
    for (int64_t v = 0; v < nv; ++v) first[v + 1] += first[v];
    /* the start: the vertex's first corner, or one leaving along a boundary;
     * across[k]: the other side of k's entering side, which runs v → prev(v),
     * so leaves the corner at v that comes next (UINT32_MAX: the boundary) */
    for (int64_t v = 0; v < nv; ++v) fill[v] = UINT32_MAX;
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k) {
            uint32_t v = hf->rows[k], e = E->corner_edge[k];
            uint32_t prev = (uint32_t)(k > hf->ptr[f] ? k - 1 : hf->ptr[f + 1] - 1);
            uint32_t in = E->corner_edge[prev];
            int boundary = side[2 * e + 1] == UINT32_MAX;
            if (fill[v] == UINT32_MAX ||
                (boundary && side[2 * E->corner_edge[fill[v]] + 1] != UINT32_MAX))
                fill[v] = (uint32_t)k;
            across[k] = side[2 * in] == prev ? side[2 * in + 1] : side[2 * in];
        }
    for (int64_t v = 0; v < nv; ++v) {
        uint32_t k = fill[v];
        for (int64_t i = first[v]; i < first[v + 1] && !listed[v]; ++i) {
            ordered[i] = k;
            /* at the boundary or round to the start before the last corner */
            if ((across[k] == UINT32_MAX || across[k] == fill[v]) && i + 1 < first[v + 1])
                listed[v] = 1;
            if (across[k] == UINT32_MAX) break; /* the boundary: every corner seen */
            k = across[k];
        }
        any |= listed[v];
    }
    if (!any) goto done;
    for (int64_t v = 0; v < nv; ++v) fill[v] = (uint32_t)first[v];
    for (int64_t k = 0; k < n; ++k)
        if (listed[hf->rows[k]]) ordered[fill[hf->rows[k]]++] = (uint32_t)k;
done:
    mmi_host_array_free(ctx, fill, nv, sizeof *fill);
    mmi_host_array_free(ctx, across, n, sizeof *across);
    mmi_host_array_free(ctx, side, 2 * ne, sizeof *side);
    return st;
}

/* OpenSubdiv's siblings (FVarLevel::completeTopologyFromFaceValues): the
 * values around a vertex, in its order (first, ordered: corners_around's),
 * numbered as they first appear, but for Far's shortcut with two values so
 * far, which takes a value other than the first for a new one (a value met
 * again after another is then a sibling of its own). Each corner's pair =
 * the vertex's first pair + its sibling. At a non-manifold vertex (nm[v])
 * one pair per value, without the shortcut: its corners are in face order,
 * not a walk, and two of its faces must share a value edge exactly where
 * they name the same values (Far's test of a discontinuous edge there); its
 * values are corners or one value, so which sibling Far numbers a corner
 * does not change the data. */
static mm_status make_pairs(mm_context ctx, const mmi_host_faces *hf, const int64_t *first,
                            const uint32_t *ordered, const uint8_t *nm, const uint32_t *cv,
                            mmi_fvar_topology *t, uint32_t **pair_vertex)
{
    mm_status st = MM_OK;
    int64_t nv = hf->num_vertices, n = hf->nnz, pairs = 0;
    uint32_t *unique = NULL;
    MM_TRY(mmi_host_array(ctx, n, sizeof *unique, (void **)&unique));
    MM_TRY(mmi_host_array(ctx, n, sizeof *t->corner_pair, (void **)&t->corner_pair));
    for (int64_t v = 0; v < nv; ++v) {
        int64_t count = 0;
        for (int64_t i = first[v]; i < first[v + 1]; ++i) {
            uint32_t k = ordered[i], value = cv[k];
            int64_t sibling;
            if (i == first[v]) {
                sibling = 0;
                unique[pairs + count++] = value;
            } else if (value == cv[ordered[i - 1]]) {
                sibling = t->corner_pair[ordered[i - 1]] - pairs;
            } else if (!nm[v] && (count == 1 || (count == 2 && unique[pairs] != value))) {
                sibling = count;
                unique[pairs + count++] = value;
            } else {
                for (sibling = 0; sibling < count && unique[pairs + sibling] != value; ++sibling)
                    continue;
                if (sibling == count) unique[pairs + count++] = value;
            }
            t->corner_pair[k] = (uint32_t)(pairs + sibling);
        }
        pairs += count;
    }
    t->num_pairs = pairs;
    MM_TRY(mmi_host_array(ctx, pairs, sizeof *t->pair_value, (void **)&t->pair_value));
    MM_TRY(mmi_host_array(ctx, pairs, sizeof *t->pair_sharp, (void **)&t->pair_sharp));
    MM_TRY(mmi_host_array(ctx, pairs, sizeof **pair_vertex, (void **)pair_vertex));
    for (int64_t k = 0; k < n; ++k) {
        t->pair_value[t->corner_pair[k]] = cv[k];
        (*pair_vertex)[t->corner_pair[k]] = hf->rows[k];
    }
done:
    mmi_host_array_free(ctx, unique, n, sizeof *unique);
    return st;
}

/* The mesh's edge and vertex sharpness on the host, by edge id of E. */
static mm_status mesh_sharpness(mm_context ctx, mm_mesh mesh, const mmi_edges *E, float *edge,
                                float *vertex)
{
    mm_status st = MM_OK;
    int64_t nc = mesh->num_creases, nk = mesh->num_corners;
    uint32_t *ends = NULL, *ids = NULL;
    float *s = NULL, *ks = NULL;
    mm_memory where = mesh->M->where;
    MM_TRY(mmi_host_array(ctx, 2 * nc, sizeof *ends, (void **)&ends));
    MM_TRY(mmi_host_array(ctx, nc, sizeof *s, (void **)&s));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *ids, (void **)&ids));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *ks, (void **)&ks));
    MM_TRY(mmi_copy(ctx, ends, MM_MEMORY_HOST, mesh->crease_vertices, where, 2 * nc * 4));
    MM_TRY(mmi_copy(ctx, s, MM_MEMORY_HOST, mesh->crease_sharpness, where, nc * 4));
    MM_TRY(mmi_copy(ctx, ids, MM_MEMORY_HOST, mesh->corner_vertices, where, nk * 4));
    MM_TRY(mmi_copy(ctx, ks, MM_MEMORY_HOST, mesh->corner_sharpness, where, nk * 4));
    for (int64_t i = 0; i < nc; ++i) {
        uint32_t e = mmi_edges_id(E->edge_ptr, E->b, ends[2 * i], ends[2 * i + 1]);
        if (e == MMI_NO_EDGE) MM_TRY(mmi_mesh_refuse_crease(ctx, mesh, i));
        edge[e] = s[i];
    }
    for (int64_t i = 0; i < nk; ++i) vertex[ids[i]] = ks[i];
done:
    mmi_host_array_free(ctx, ks, nk, sizeof *ks);
    mmi_host_array_free(ctx, ids, nk, sizeof *ids);
    mmi_host_array_free(ctx, s, nc, sizeof *s);
    mmi_host_array_free(ctx, ends, 2 * nc, sizeof *ends);
    return st;
}

/* A side's kind, per edge: on the boundary (in one face), or discontinuous
 * (its faces name different values at either end). */
enum { EDGE_BOUNDARY = 1, EDGE_DISCTS = 2 };

/* Per edge: its EDGE_BOUNDARY and EDGE_DISCTS bits (ends: scratch, the pairs
 * at ends a and b of its first side, a's in the high half). Edges run a → b
 * with a < b, so a side runs forward when it leaves the lower vertex. */
static void edge_kinds(const mmi_host_faces *hf, const mmi_edges *E, const uint32_t *pair,
                       uint64_t *ends, uint8_t *kind)
{
    for (int64_t e = 0; e < E->num_edges; ++e) {
        ends[e] = UINT64_MAX;
        kind[e] = E->forward[e] + E->backward[e] == 1 ? EDGE_BOUNDARY : 0;
    }
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k) {
            int64_t next = k + 1 < hf->ptr[f + 1] ? k + 1 : hf->ptr[f];
            uint32_t e = E->corner_edge[k];
            int forward = hf->rows[k] < hf->rows[next];
            uint64_t at = forward ? (uint64_t)pair[k] << 32 | pair[next]
                                  : (uint64_t)pair[next] << 32 | pair[k];
            if (ends[e] == UINT64_MAX)
                ends[e] = at;
            else if (ends[e] != at)
                kind[e] |= EDGE_DISCTS;
        }
}

/* What FVarLevel learns of one value's span at its vertex. */
typedef struct span {
    int64_t size;  /* faces naming the value at the vertex        */
    int64_t open;  /* their sides on a boundary or discontinuous  */
    int64_t inf;   /* infinitely sharp edges inside the span       */
    float semi;    /* the sharpest semi-sharp edge inside it (0: none) */
} span;

/* The vertex-level facts of FVarLevel's tests. */
typedef struct vertex_facts {
    int64_t faces;     /* corners at the vertex                */
    uint8_t boundary;  /* on a boundary edge                   */
    uint8_t discts;    /* on a discontinuous edge              */
} vertex_facts;

/* Spans of every pair and facts of every vertex, from each corner's two sides
 * (kind: edge_kinds'). */
static void gather(const mmi_host_faces *hf, const mmi_edges *E, const uint32_t *pair,
                   const uint8_t *kind, const float *edge_sharp, span *sp, vertex_facts *vf)
{
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k) {
            int64_t prev = k > hf->ptr[f] ? k - 1 : hf->ptr[f + 1] - 1;
            uint32_t v = hf->rows[k], p = pair[k];
            uint32_t out = E->corner_edge[k], in = E->corner_edge[prev];
            uint8_t out_kind = kind[out], in_kind = kind[in];
            ++sp[p].size;
            sp[p].open += (out_kind != 0) + (in_kind != 0);
            /* an interior edge is the side leaving one of its faces' corners at v */
            float sharp = out_kind ? 0.0f : edge_sharp[out];
            if (sharp >= MMI_SHARP_INFINITE) ++sp[p].inf;
            if (sharp > sp[p].semi && sharp < MMI_SHARP_INFINITE) sp[p].semi = sharp;
            ++vf[v].faces;
            vf[v].boundary |= (uint8_t)(((out_kind | in_kind) & EDGE_BOUNDARY) != 0);
            vf[v].discts |= (uint8_t)(((out_kind | in_kind) & EDGE_DISCTS) != 0);
        }
}

/* Far's corners among the values of vertex v (pairs [p0, p1); nm: v is not
 * a 2-manifold's), as pair_sharp: infinitely sharp, or the vertex's own
 * sharpness. */
static void classify_vertex(const fvar_switches *sw, mm_boundary boundary, float vsharp, int nm,
                            const vertex_facts *vf, const span *sp, int64_t p0, int64_t p1,
                            float *pair_sharp)
{
    int64_t n = p1 - p0;
    int single_face = vf->boundary && vf->faces == 1;
    /* the vertex's own rule is a corner: tagged so, or sharpened by the boundary rule */
    int vertex_inf = vsharp >= MMI_SHARP_INFINITE ||
                     (single_face && boundary == MM_BOUNDARY_EDGE_AND_CORNER);
    float own = vertex_inf ? MMI_SHARP_INFINITE : vsharp;
    int mismatch = n > 1 || vf->discts ||
                   (vf->boundary && (sw->linear_boundaries ||
                                     (single_face && sw->smooth_corners_sharp)));
    if (sw->linear_all) own = MMI_SHARP_INFINITE;
    if (!mismatch) {
        pair_sharp[p0] = own;
        return;
    }
    int all = sw->linear_boundaries || vertex_inf || nm || (sw->dependent && n > 2) ||
              (sw->darts && n == 1 && !vf->boundary);
    float dependent[2] = {0.0f, 0.0f};
    if (!all && sw->dependent && n == 2) {
        const span *a = &sp[p0], *b = &sp[p0 + 1];
        all = a->inf || b->inf || a->open > 2 || b->open > 2;
        if (sw->both_if_one_corner) all |= a->size == 1 || b->size == 1;
        /* One span semi-sharp, the other not: the other is a corner for as
         * long (Far's "dependent sharpness"): a vertex sharpness that decays
         * with the sharpest of those edges (exact when there is one). */
        if ((a->semi > 0.0f) != (b->semi > 0.0f)) dependent[a->semi > 0.0f] = a->semi + b->semi;
    }
    for (int64_t p = p0; p < p1; ++p) {
        int corner = all || sp[p].open > 2 || sp[p].inf > 0 ||
                     (sp[p].size == 1 && sw->corners_sharp);
        float dep = n == 2 ? dependent[p - p0] : 0.0f;
        pair_sharp[p] = corner ? MMI_SHARP_INFINITE : own > dep ? own : dep;
    }
}

/* The sharpness of the value mesh's side over edge e: infinite where the
 * channel is linear everywhere, or on an edge that is not a 2-manifold's
 * (Far sharpens it: its new values are midpoints whether or not they match
 * across it, and two of its faces that share a value edge would otherwise
 * join smoothly); else the edge's own. */
static float side_sharpness(const mmi_edges *E, const float *edge_sharp, int linear_all,
                            int64_t e)
{
    if (linear_all || mmi_edges_breaks_manifold(E, e))
        return MMI_SHARP_INFINITE;
    return edge_sharp[e];
}

/* The value mesh's sharp edges: every side of a sharp edge, side_sharpness. */
static mm_status value_creases(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                               const float *edge_sharp, int linear_all, mmi_fvar_topology *t)
{
    mm_status st = MM_OK;
    int64_t n = 0;
    for (int64_t k = 0; k < hf->nnz; ++k)
        n += side_sharpness(E, edge_sharp, linear_all, E->corner_edge[k]) > 0.0f;
    t->num_creases = n;
    MM_TRY(mmi_host_array(ctx, 2 * n, sizeof *t->crease_ends, (void **)&t->crease_ends));
    MM_TRY(mmi_host_array(ctx, n, sizeof *t->crease_sharp, (void **)&t->crease_sharp));
    n = 0;
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k) {
            float s = side_sharpness(E, edge_sharp, linear_all, E->corner_edge[k]);
            if (!(s > 0.0f)) continue;
            int64_t next = k + 1 < hf->ptr[f + 1] ? k + 1 : hf->ptr[f];
            t->crease_ends[2 * n] = t->corner_pair[k];
            t->crease_ends[2 * n + 1] = t->corner_pair[next];
            t->crease_sharp[n++] = s;
        }
done:
    return st;
}

/* A value whose faces at its vertex form several fans (spans apart, a
 * "disjoint" value) is a bow-tie of the value mesh. FVarLevel makes it a
 * corner already (its faces are open on more than two sides), so each fan
 * past the first gets a value-mesh vertex of its own, a copy of the value,
 * infinitely sharp: the refined values are the same, and the value mesh
 * stays a 2-manifold, which the specialized path refines (a bow-tie would
 * send the whole channel to the generic path). The copies come after the
 * pairs, numbered as mmi_split_corners numbers them: a pair keeps the fan of
 * its lowest corner, the other fans follow in the order of theirs. */

/* One fan of a value at its vertex: the corners from position start of
 * corners_around's walk round vertex v, lead its lowest corner. */
typedef struct value_fan {
    uint32_t lead, v;
    int64_t start;
} value_fan;

/* Around a vertex (corners_around's walk; the mesh is a 2-manifold, so the
 * corners make one fan) each corner shares the side leaving it with the one
 * before it, the last with the first where the walk closes. The value mesh
 * joins the two there unless that side is open (kind: edge_kinds'), so a
 * value's fans are the runs of corners from one whose leaving side is open
 * to the next such. */
static int opens_fan(const mmi_edges *E, const uint8_t *kind, uint32_t k)
{
    return kind[E->corner_edge[k]] != 0;
}

/* The position after i in the walk round v, back to the first after the last. */
static int64_t next_around(const int64_t *first, uint32_t v, int64_t i)
{
    return i + 1 < first[v + 1] ? i + 1 : first[v];
}

/* The fans of the values at vertices with a disjoint value (a span open on
 * more than two sides: each fan of a value is open on two) into fans[] (NULL:
 * only counted), *count of them. Not at a non-manifold vertex (nm), whose
 * corners the walk does not order and whose topology the value mesh keeps. */
static void disjoint_fans(const mmi_edges *E, const uint8_t *kind, const int64_t *first,
                          const uint32_t *ordered, const uint8_t *nm,
                          const uint32_t *pair_vertex, const span *sp, int64_t pairs,
                          value_fan *fans, int64_t *count)
{
    *count = 0;
    for (int64_t p0 = 0, p1; p0 < pairs; p0 = p1) {
        uint32_t v = pair_vertex[p0];
        int disjoint = 0;
        for (p1 = p0; p1 < pairs && pair_vertex[p1] == v; ++p1) disjoint |= sp[p1].open > 2;
        if (!disjoint || nm[v]) continue;
        for (int64_t i = first[v]; i < first[v + 1]; ++i) {
            if (!opens_fan(E, kind, ordered[i])) continue;
            uint32_t lead = ordered[i];
            for (int64_t j = next_around(first, v, i); !opens_fan(E, kind, ordered[j]);
                 j = next_around(first, v, j))
                lead = ordered[j] < lead ? ordered[j] : lead;
            if (fans) fans[*count] = (value_fan){lead, v, i};
            ++*count;
        }
    }
}

static int by_lead(const void *a, const void *b)
{
    uint32_t x = ((const value_fan *)a)->lead, y = ((const value_fan *)b)->lead;
    return (x > y) - (x < y);
}

/* The value-mesh vertex of each corner into rows (the pairs, but for each
 * value's fans past its first: a copy each, pairs + j, origin[j] its pair),
 * the fans sorted by lead; *copies: how many. */
static void number_fans(const mmi_edges *E, const uint8_t *kind, const int64_t *first,
                        const uint32_t *ordered, const value_fan *fans, int64_t count,
                        int64_t pairs, uint8_t *taken, uint32_t *rows, uint32_t *origin,
                        int64_t *copies)
{
    *copies = 0;
    for (int64_t f = 0; f < count; ++f) taken[rows[ordered[fans[f].start]]] = 0;
    for (int64_t f = 0; f < count; ++f) {
        int64_t i = fans[f].start;
        uint32_t p = rows[ordered[i]], id = (uint32_t)(pairs + *copies);
        if (!taken[p]) {
            taken[p] = 1;
            continue;
        }
        origin[(*copies)++] = p;
        do {
            rows[ordered[i]] = id;
            i = next_around(first, fans[f].v, i);
        } while (!opens_fan(E, kind, ordered[i]));
    }
}

/* The copies of number_fans for a value mesh of t's corner pairs. */
static mm_status split_fans(mm_context ctx, const mmi_edges *E, const uint8_t *kind,
                            const int64_t *first, const uint32_t *ordered, const uint8_t *nm,
                            const uint32_t *pair_vertex, const span *sp, mmi_fvar_topology *t,
                            uint32_t *origin, int64_t *copies)
{
    mm_status st = MM_OK;
    int64_t pairs = t->num_pairs, count = 0;
    uint8_t *taken = NULL;
    value_fan *fans = NULL;
    *copies = 0;
    disjoint_fans(E, kind, first, ordered, nm, pair_vertex, sp, pairs, NULL, &count);
    if (count == 0) return MM_OK;
    MM_TRY(mmi_host_array(ctx, count, sizeof *fans, (void **)&fans));
    MM_TRY(mmi_host_array(ctx, pairs, sizeof *taken, (void **)&taken));
    disjoint_fans(E, kind, first, ordered, nm, pair_vertex, sp, pairs, fans, &count);
    qsort(fans, (size_t)count, sizeof *fans, by_lead);
    number_fans(E, kind, first, ordered, fans, count, pairs, taken, t->corner_pair, origin,
                copies);
done:
    mmi_host_array_free(ctx, taken, pairs, sizeof *taken);
    mmi_host_array_free(ctx, fans, count, sizeof *fans);
    return st;
}

/* The same copies where a face repeats a vertex, which the walk around it
 * does not follow: mmi_split_corners over the value mesh, whose edges are
 * the mesh's cut at its open ones (two faces share a value edge just where
 * they share a mesh edge and name the same values at its ends). */
static mm_status split_joined(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                              const uint8_t *kind, mmi_fvar_topology *t, uint32_t *origin,
                              int64_t *copies)
{
    mm_status st = MM_OK;
    int64_t n = hf->nnz;
    uint32_t *rows = NULL;
    mmi_host_faces vm = {t->num_pairs, hf->num_faces, n, hf->ptr, t->corner_pair, NULL, NULL};
    MM_TRY(mmi_host_array(ctx, n, sizeof *rows, (void **)&rows));
    MM_TRY(mmi_split_corners_across(ctx, &vm, E, kind, rows, origin, copies));
    if (*copies > 0) {
        mmi_host_array_free(ctx, t->corner_pair, n, sizeof *rows);
        t->corner_pair = rows, rows = NULL;
    }
done:
    mmi_host_array_free(ctx, rows, n, sizeof *rows);
    return st;
}

/* Splits the disjoint values of t (its pairs' spans sp, their vertices
 * pair_vertex) into their fans; first, ordered: corners_around's walk; nm:
 * the non-manifold vertices, left whole. */
static mm_status split_disjoint_values(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                                       const mmi_edges *E, const uint8_t *kind,
                                       const int64_t *first, const uint32_t *ordered,
                                       const uint8_t *nm, const uint32_t *pair_vertex,
                                       const span *sp,
                                       mmi_fvar_topology *t)
{
    mm_status st = MM_OK;
    int64_t n = hf->nnz, pairs = t->num_pairs, copies = 0;
    uint32_t *origin = NULL, *value = NULL, *kept = NULL;
    float *sharp = NULL;
    MM_TRY(mmi_host_array(ctx, n, sizeof *origin, (void **)&origin)); /* copies < corners */
    if (mesh->degenerate_faces > 0)
        MM_TRY(split_joined(ctx, hf, E, kind, t, origin, &copies));
    else
        MM_TRY(split_fans(ctx, E, kind, first, ordered, nm, pair_vertex, sp, t, origin, &copies));
    if (copies == 0) goto done;
    MM_TRY(mmi_host_array(ctx, pairs + copies, sizeof *value, (void **)&value));
    MM_TRY(mmi_host_array(ctx, pairs + copies, sizeof *sharp, (void **)&sharp));
    memcpy(value, t->pair_value, (size_t)pairs * sizeof *value);
    memcpy(sharp, t->pair_sharp, (size_t)pairs * sizeof *sharp);
    for (int64_t j = 0; j < copies; ++j) {
        value[pairs + j] = t->pair_value[origin[j]];
        sharp[pairs + j] = sharp[origin[j]] = MMI_SHARP_INFINITE;
    }
    MM_TRY(mmi_host_array(ctx, copies, sizeof *kept, (void **)&kept));
    memcpy(kept, origin, (size_t)copies * sizeof *kept);
    mmi_host_array_free(ctx, t->pair_value, pairs, sizeof *value);
    mmi_host_array_free(ctx, t->pair_sharp, pairs, sizeof *sharp);
    t->pair_value = value, t->pair_sharp = sharp;
    t->num_pairs = pairs + copies;
    t->copies = (mmi_fvar_copies){pairs, copies, kept};
    value = NULL, sharp = NULL;
done:
    mmi_host_array_free(ctx, sharp, pairs + copies, sizeof *sharp);
    mmi_host_array_free(ctx, value, pairs + copies, sizeof *value);
    mmi_host_array_free(ctx, origin, n, sizeof *origin);
    return st;
}

/* Faces that repeat a vertex, on a mesh that is not a 2-manifold: refused
 * (MM_ERR_INVALID_ARGUMENT). The walk around a vertex does not follow such a
 * face, so the value mesh is split over the mesh's edges (split_joined),
 * which would also cut the non-manifold topology the value mesh keeps
 * elsewhere: an edge (check_edges), a vertex joining fans of faces
 * (check_fans), or a side from a vertex to itself (check_sides: Vtr makes it
 * a degenerate edge, which it tags non-manifold, and it is none of E's). */
static mm_status check_edges(mm_context ctx, const mmi_edges *E)
{
    mm_status st = MM_OK;
    for (int64_t e = 0; e < E->num_edges; ++e)
        if (mmi_edges_breaks_manifold(E, e))
            MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "edge %u–%u is not a 2-manifold's; "
                    "face-varying channels on a mesh with faces that repeat a vertex are "
                    "refined on 2-manifolds only", E->a[e], E->b[e]);
done:
    return st;
}

static mm_status check_sides(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E)
{
    mm_status st = MM_OK;
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k)
            if (E->corner_edge[k] == MMI_NO_EDGE)
                MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "face %lld passes from vertex %u to "
                        "itself, an edge that is not a 2-manifold's; face-varying channels on "
                        "a mesh with faces that repeat a vertex are refined on 2-manifolds only",
                        (long long)f, hf->rows[k]);
done:
    return st;
}

static mm_status check_fans(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E)
{
    mm_status st = MM_OK;
    int64_t *fans = NULL, nv = hf->num_vertices;
    MM_TRY(mmi_host_array(ctx, nv, sizeof *fans, (void **)&fans));
    MM_TRY(mmi_vertex_fans(ctx, hf, E, fans));
    for (int64_t v = 0; v < nv; ++v)
        if (fans[v] > 1)
            MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "vertex %lld joins %lld fans of faces; "
                    "face-varying channels on a mesh with faces that repeat a vertex are "
                    "refined on 2-manifolds only", (long long)v, (long long)fans[v]);
done:
    mmi_host_array_free(ctx, fans, nv, sizeof *fans);
    return st;
}

/* Vtr's non-manifold vertices into nm (|V| entries) and the order of the
 * corners around every vertex (corners_around's first, ordered): the ends
 * of the edges that are not a 2-manifold's, and the vertices whose corners
 * make several fans, which the walk finds. Where faces repeat a vertex the
 * walk does not follow them: such a mesh must be a 2-manifold (check_*),
 * and nm stays clear. */
static mm_status nonmanifold_vertices(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                                      const mmi_edges *E, uint8_t *nm, int64_t *first,
                                      uint32_t *ordered)
{
    mm_status st = MM_OK;
    int64_t nv = hf->num_vertices;
    if (mesh->degenerate_faces > 0) {
        MM_TRY(check_edges(ctx, E));
        MM_TRY(check_fans(ctx, hf, E));
        MM_TRY(check_sides(ctx, hf, E));
    }
    if (nv > 0) memset(nm, 0, (size_t)nv);
    for (int64_t e = 0; e < E->num_edges; ++e)
        if (mmi_edges_breaks_manifold(E, e)) nm[E->a[e]] = nm[E->b[e]] = 1;
    MM_TRY(corners_around(ctx, hf, E, nm, first, ordered));
    if (mesh->degenerate_faces > 0 && nv > 0) memset(nm, 0, (size_t)nv);
done:
    return st;
}

/* The channel's value at each corner with alias's copies read as their
 * origins, into *cv: hv's own array, or a new one in *owned. */
static mm_status corner_values(mm_context ctx, const mmi_host_faces *hv,
                               const mmi_fvar_copies *alias, const uint32_t **cv,
                               uint32_t **owned)
{
    mm_status st = MM_OK;
    *cv = hv->rows;
    if (alias == NULL || alias->count == 0) return MM_OK;
    MM_TRY(mmi_host_array(ctx, hv->nnz, sizeof **owned, (void **)owned));
    for (int64_t k = 0; k < hv->nnz; ++k) {
        int64_t j = (int64_t)hv->rows[k] - alias->first;
        (*owned)[k] = j >= 0 && j < alias->count ? alias->origin[j] : hv->rows[k];
    }
    *cv = *owned;
done:
    return st;
}

mm_status mmi_fvar_topology_build(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                                  mm_mesh values, const mmi_fvar_copies *alias,
                                  const mm_subdiv_options *o, mmi_fvar_topology *t)
{
    mm_status st = MM_OK;
    mmi_host_faces hv = {0};
    mmi_edges E = {0};
    uint32_t *pair_vertex = NULL, *aliased = NULL, *ordered = NULL;
    const uint32_t *cv = NULL;
    int64_t *first = NULL;
    float *edge_sharp = NULL, *vsharp = NULL;
    uint64_t *ends = NULL;
    uint8_t *kind = NULL, *nm = NULL;
    span *sp = NULL;
    vertex_facts *vf = NULL;
    int64_t nv = mesh->M->nrows, ne = 0, pairs = 0; /* pairs: before the split */
    fvar_switches sw = switches_of(o);
    *t = (mmi_fvar_topology){0};
    MM_TRY(mmi_host_faces_get(ctx, values, &hv));
    t->num_corners = hf->nnz;
    MM_TRY(mmi_mesh_edges_build(ctx, hf, &E));
    ne = E.num_edges;
    MM_TRY(corner_values(ctx, &hv, alias, &cv, &aliased));
    MM_TRY(mmi_host_array(ctx, nv + 1, sizeof *first, (void **)&first));
    MM_TRY(mmi_host_array(ctx, hf->nnz, sizeof *ordered, (void **)&ordered));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *nm, (void **)&nm));
    MM_TRY(nonmanifold_vertices(ctx, mesh, hf, &E, nm, first, ordered));
    MM_TRY(make_pairs(ctx, hf, first, ordered, nm, cv, t, &pair_vertex));
    pairs = t->num_pairs;
    MM_TRY(mmi_host_array(ctx, ne, sizeof *edge_sharp, (void **)&edge_sharp));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *vsharp, (void **)&vsharp));
    MM_TRY(mmi_host_array(ctx, ne, sizeof *ends, (void **)&ends));
    MM_TRY(mmi_host_array(ctx, ne, sizeof *kind, (void **)&kind));
    MM_TRY(mmi_host_array(ctx, t->num_pairs, sizeof *sp, (void **)&sp));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *vf, (void **)&vf));
    if (ne > 0) memset(edge_sharp, 0, (size_t)ne * sizeof *edge_sharp);
    if (nv > 0) memset(vsharp, 0, (size_t)nv * sizeof *vsharp);
    if (nv > 0) memset(vf, 0, (size_t)nv * sizeof *vf);
    if (t->num_pairs > 0) memset(sp, 0, (size_t)t->num_pairs * sizeof *sp);
    MM_TRY(mesh_sharpness(ctx, mesh, &E, edge_sharp, vsharp));
    edge_kinds(hf, &E, t->corner_pair, ends, kind);
    gather(hf, &E, t->corner_pair, kind, edge_sharp, sp, vf);
    for (int64_t p0 = 0, p1; p0 < t->num_pairs; p0 = p1) {
        uint32_t v = pair_vertex[p0];
        for (p1 = p0 + 1; p1 < t->num_pairs && pair_vertex[p1] == v; ++p1) continue;
        classify_vertex(&sw, o->boundary, vsharp[v], nm[v], &vf[v], sp, p0, p1, t->pair_sharp);
    }
    MM_TRY(split_disjoint_values(ctx, mesh, hf, &E, kind, first, ordered, nm, pair_vertex, sp,
                                 t));
    MM_TRY(value_creases(ctx, hf, &E, edge_sharp, sw.linear_all, t));
done:
    mmi_host_array_free(ctx, vf, nv, sizeof *vf);
    mmi_host_array_free(ctx, sp, pairs, sizeof *sp);
    mmi_host_array_free(ctx, kind, ne, sizeof *kind);
    mmi_host_array_free(ctx, ends, ne, sizeof *ends);
    mmi_host_array_free(ctx, vsharp, nv, sizeof *vsharp);
    mmi_host_array_free(ctx, edge_sharp, ne, sizeof *edge_sharp);
    mmi_host_array_free(ctx, pair_vertex, pairs, sizeof *pair_vertex);
    mmi_host_array_free(ctx, nm, nv, sizeof *nm);
    mmi_host_array_free(ctx, ordered, hf->nnz, sizeof *ordered);
    mmi_host_array_free(ctx, first, nv + 1, sizeof *first);
    mmi_host_array_free(ctx, aliased, hv.nnz, sizeof *aliased);
    mmi_mesh_edges_release(ctx, &E);
    mmi_host_faces_release(ctx, &hv);
    if (st != MM_OK) mmi_fvar_topology_free(ctx, t);
    return st;
}

void mmi_fvar_topology_free(mm_context ctx, mmi_fvar_topology *t)
{
    mmi_host_array_free(ctx, t->corner_pair, t->num_corners, sizeof *t->corner_pair);
    mmi_host_array_free(ctx, t->pair_value, t->num_pairs, sizeof *t->pair_value);
    mmi_host_array_free(ctx, t->pair_sharp, t->num_pairs, sizeof *t->pair_sharp);
    mmi_host_array_free(ctx, t->crease_ends, 2 * t->num_creases, sizeof *t->crease_ends);
    mmi_host_array_free(ctx, t->crease_sharp, t->num_creases, sizeof *t->crease_sharp);
    mmi_fvar_copies_free(ctx, &t->copies);
    *t = (mmi_fvar_topology){0};
}

void mmi_fvar_copies_free(mm_context ctx, mmi_fvar_copies *c)
{
    mmi_host_array_free(ctx, c->origin, c->count, sizeof *c->origin);
    *c = (mmi_fvar_copies){0};
}
