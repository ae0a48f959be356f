/* mesh_nonmanifold.c: mmi_mesh_nonmanifold_tags (mesh_fans.h): OpenSubdiv's
 * rules for topology that is not a 2-manifold, written as sharpness, the way
 * Vtr::Level tags such edges and vertices and Far sharpens them
 * (completeTopologyFromFaceVertices, prepareComponentTagsAndSharpness): the
 * mesh then refines with the crease rules alone (paper §5). Host work over
 * Vtr's edges (mesh_side_edges.h), made once at level 0. */
#include "../core/error.h"
#include "host_array.h"
#include "mesh_build.h"
#include "mesh_fans.h"
#include "mesh_side_edges.h"
#include "mesh_stats.h"

/* Sdc::Crease::SHARPNESS_INFINITE. */
#define INFINITELY_SHARP 10.0f

/* Per vertex: its edges, its faces (corners), its boundary edges and its
 * non-manifold edges. */
typedef struct vertex_counts {
    int64_t *edges, *faces, *boundary, *nonmanifold;
} vertex_counts;

/* A degenerate edge (v, v) counts twice at v, as Vtr lists it twice among
 * v's edges. */
static void count(const mmi_host_faces *hf, const mmi_side_edges *S, vertex_counts *c)
{
    int64_t nv = hf->num_vertices;
    for (int64_t v = 0; v < nv; ++v) c->edges[v] = c->faces[v] = c->boundary[v] = 0;
    for (int64_t v = 0; v < nv; ++v) c->nonmanifold[v] = 0;
    for (int64_t k = 0; k < hf->nnz; ++k) ++c->faces[hf->rows[k]];
    for (int64_t e = 0; e < S->num_edges; ++e) {
        uint32_t a = S->ends[2 * e], b = S->ends[2 * e + 1];
        int boundary = S->faces[e] < 2, nm = S->nonmanifold[e];
        ++c->edges[a], ++c->edges[b];
        c->boundary[a] += boundary, c->boundary[b] += boundary;
        c->nonmanifold[a] += nm, c->nonmanifold[b] += nm;
    }
}

/* Is v a corner of sharpness 10? On a non-manifold edge, in several fans or
 * in no face (Vtr tags a vertex without faces non-manifold too), but for the
 * inside of a fin: exactly two such edges, no boundary edge, more faces than
 * edges (Far leaves that one's sharpness as it was). */
static int sharpened_vertex(const vertex_counts *c, const int64_t *fans, int64_t v)
{
    if (c->nonmanifold[v] == 0 && fans[v] == 1) return 0;
    return !(c->nonmanifold[v] == 2 && c->boundary[v] == 0 && c->faces[v] > c->edges[v]);
}

static mm_status side_edges_sharpened(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                                   const mmi_side_edges *S, uint8_t *sharpened, int64_t *count_out)
{
    mm_status st = MM_OK;
    vertex_counts c = {0};
    int64_t *fans = NULL, nv = hf->num_vertices;
    MM_TRY(mmi_host_array(ctx, nv, sizeof *fans, (void **)&fans));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *c.edges, (void **)&c.edges));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *c.faces, (void **)&c.faces));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *c.boundary, (void **)&c.boundary));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *c.nonmanifold, (void **)&c.nonmanifold));
    MM_TRY(mmi_vertex_fans(ctx, hf, E, fans));
    count(hf, S, &c);
    *count_out = 0;
    for (int64_t v = 0; v < nv; ++v) {
        sharpened[v] = (uint8_t)sharpened_vertex(&c, fans, v);
        *count_out += sharpened[v];
    }
done:
    mmi_host_array_free(ctx, c.nonmanifold, nv, sizeof *c.nonmanifold);
    mmi_host_array_free(ctx, c.boundary, nv, sizeof *c.boundary);
    mmi_host_array_free(ctx, c.faces, nv, sizeof *c.faces);
    mmi_host_array_free(ctx, c.edges, nv, sizeof *c.edges);
    mmi_host_array_free(ctx, fans, nv, sizeof *fans);
    return st;
}

/* The mesh again with `extra` creases (ends in ce) and corners (in cv) after
 * its own tags, all of sharpness 10. */
static mm_status rebuild(mm_context ctx, mm_mesh mesh, const mmi_side_edges *S,
                         int64_t extra_creases, const uint8_t *nm_vertex,
                         int64_t extra_corners, mm_mesh *tagged)
{
    mm_status st = MM_OK;
    int64_t nv = mesh->M->nrows, nf = mesh->M->ncols, nnz = mesh->M->nnz, d = mesh->X->d;
    int64_t nc = mesh->num_creases + extra_creases, nk = mesh->num_corners + extra_corners;
    size_t value = mesh->X->type == MM_TYPE_FLOAT32 ? sizeof(float) : sizeof(double);
    mm_mesh_arrays h = {0};
    MM_TRY(mmi_host_array(ctx, nv * d, value, &h.vertices));
    MM_TRY(mmi_host_array(ctx, nf + 1, sizeof *h.face_offsets, (void **)&h.face_offsets));
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *h.face_vertices, (void **)&h.face_vertices));
    MM_TRY(mmi_host_array(ctx, 2 * nc, sizeof *h.crease_vertices, (void **)&h.crease_vertices));
    MM_TRY(mmi_host_array(ctx, nc, sizeof *h.crease_sharpness, (void **)&h.crease_sharpness));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *h.corner_vertices, (void **)&h.corner_vertices));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *h.corner_sharpness, (void **)&h.corner_sharpness));
    MM_TRY(mmi_host_array(ctx, mesh->num_holes, sizeof *h.hole_faces, (void **)&h.hole_faces));
    MM_TRY(mmi_mesh_export(mesh, &h));
    for (int64_t e = 0, i = mesh->num_creases; e < S->num_edges; ++e)
        if (S->nonmanifold[e]) {
            h.crease_vertices[2 * i] = S->ends[2 * e], h.crease_vertices[2 * i + 1] = S->ends[2 * e + 1];
            h.crease_sharpness[i++] = INFINITELY_SHARP;
        }
    for (int64_t v = 0, i = mesh->num_corners; v < nv; ++v)
        if (nm_vertex[v]) h.corner_vertices[i] = (uint32_t)v, h.corner_sharpness[i++] = INFINITELY_SHARP;
    mm_mesh_desc desc = {0};
    desc.num_vertices = nv;
    desc.dim = d;
    desc.vertex_type = mesh->X->type;
    desc.vertices = h.vertices;
    desc.num_faces = nf;
    desc.face_offsets = h.face_offsets;
    desc.face_vertices = h.face_vertices;
    desc.num_creases = nc;
    desc.crease_vertices = h.crease_vertices;
    desc.crease_sharpness = h.crease_sharpness;
    desc.num_corners = nk;
    desc.corner_vertices = h.corner_vertices;
    desc.corner_sharpness = h.corner_sharpness;
    desc.num_holes = mesh->num_holes;
    desc.hole_faces = h.hole_faces;
    desc.precision = mesh->X->type;
    desc.boundary = mesh->boundary;
    MM_TRY(mmi_mesh_build(ctx, tagged, &desc));
done:
    mmi_host_array_free(ctx, h.vertices, nv * d, value);
    mmi_host_array_free(ctx, h.face_offsets, nf + 1, sizeof *h.face_offsets);
    mmi_host_array_free(ctx, h.face_vertices, nnz, sizeof *h.face_vertices);
    mmi_host_array_free(ctx, h.crease_vertices, 2 * nc, sizeof *h.crease_vertices);
    mmi_host_array_free(ctx, h.crease_sharpness, nc, sizeof *h.crease_sharpness);
    mmi_host_array_free(ctx, h.corner_vertices, nk, sizeof *h.corner_vertices);
    mmi_host_array_free(ctx, h.corner_sharpness, nk, sizeof *h.corner_sharpness);
    mmi_host_array_free(ctx, h.hole_faces, mesh->num_holes, sizeof *h.hole_faces);
    return st;
}

mm_status mmi_mesh_vtr_edges(mm_context ctx, mm_mesh mesh, mmi_side_edges *S, uint8_t *sharpened,
                             int64_t *count)
{
    mm_status st = MM_OK;
    mmi_host_faces hf = {0};
    mmi_edges E = {0};
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    MM_TRY(mmi_mesh_edges_build(ctx, &hf, &E));
    MM_TRY(mmi_side_edges_build(ctx, &hf, &E, S));
    MM_TRY(side_edges_sharpened(ctx, &hf, &E, S, sharpened, count));
done:
    if (st != MM_OK) mmi_side_edges_release(ctx, S);
    mmi_mesh_edges_release(ctx, &E);
    mmi_host_faces_release(ctx, &hf);
    return st;
}

mm_status mmi_mesh_nonmanifold_tags(mm_context ctx, mm_mesh mesh, mm_mesh *tagged)
{
    mm_status st = MM_OK;
    mmi_side_edges S = {0};
    int64_t nv = mesh->M->nrows, nm_edges = 0, nm_vertices = 0;
    uint8_t *nm_vertex = NULL;
    *tagged = NULL;
    MM_TRY(mmi_host_array(ctx, nv, 1, (void **)&nm_vertex));
    MM_TRY(mmi_mesh_vtr_edges(ctx, mesh, &S, nm_vertex, &nm_vertices));
    for (int64_t e = 0; e < S.num_edges; ++e) nm_edges += S.nonmanifold[e];
    if (nm_edges + nm_vertices > 0)
        MM_TRY(rebuild(ctx, mesh, &S, nm_edges, nm_vertex, nm_vertices, tagged));
done:
    mmi_host_array_free(ctx, nm_vertex, nv, 1);
    mmi_side_edges_release(ctx, &S);
    return st;
}
