/* fvar_refine.c: mm_subdivide's refinement of a mesh's face-varying channels
 * (fvar.h): each channel's value mesh, built with Far's rules as its tags,
 * refined as the mesh was, and handed to the result without those tags. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/error.h"
#include "../core/memory.h"
#include "../mesh/host_array.h"
#include "../mesh/mesh_build.h"
#include "../mesh/mesh_tags.h"
#include "../spla/matrix_impl.h"
#include "fvar.h"

/* The value mesh's corner tags (its vertices with sharpness) into ids / sharp. */
static int64_t corner_tags(const mmi_fvar_topology *t, uint32_t *ids, float *sharp)
{
    int64_t n = 0;
    for (int64_t p = 0; p < t->num_pairs; ++p)
        if (t->pair_sharp[p] > 0.0f) {
            if (ids) ids[n] = (uint32_t)p, sharp[n] = t->pair_sharp[p];
            ++n;
        }
    return n;
}

/* Component k of the values at `at` (float32 or float64). */
static double value_at(const char *at, mm_type type, int64_t k)
{
    return type == MM_TYPE_FLOAT32 ? ((const float *)at)[k] : ((const double *)at)[k];
}

/* A channel's values X at the value mesh's vertices into *out (host, n rows
 * of X's): row p is X's row pair_value[p]. A value the mesh reaches that is
 * not finite is refused (MM_ERR_INVALID_MESH, naming it; mmi_subdiv_fvar
 * names the channel), as mm_mesh_add_fvar refuses it: the caller may have
 * written it in place since. */
static mm_status gather_values(mm_context ctx, mm_dense X, const uint32_t *pair_value, int64_t n,
                               char **out)
{
    mm_status st = MM_OK;
    size_t row = (size_t)X->d * mm_type_size(X->type);
    char *values = NULL;
    MM_TRY(mmi_host_array(ctx, X->n, row, (void **)&values));
    MM_TRY(mmi_host_array(ctx, n, row, (void **)out));
    MM_TRY(mmi_dense_export(X, values));
    for (int64_t p = 0; p < n; ++p) {
        const char *at = values + (size_t)pair_value[p] * row;
        for (int64_t k = 0; k < X->d; ++k)
            if (!isfinite(value_at(at, X->type, k)))
                MM_FAIL(ctx, MM_ERR_INVALID_MESH, "value %u has a non-finite component %lld "
                        "(%g)", pair_value[p], (long long)k, value_at(at, X->type, k));
        memcpy(*out + (size_t)p * row, at, row);
    }
done:
    mmi_host_array_free(ctx, values, X->n, row);
    if (st != MM_OK) mmi_host_array_free(ctx, *out, n, row), *out = NULL;
    return st;
}

/* The value mesh of a channel (name, values X): one vertex per pair, taking
 * its value, over mesh's faces (hf) and holes. */
static mm_status value_mesh(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                            const char *name, mm_dense X, const mmi_fvar_topology *t, mm_mesh *vm)
{
    mm_status st = MM_OK;
    size_t row = (size_t)X->d * mm_type_size(X->type);
    char *gathered = NULL;
    uint32_t *holes = NULL, *ids = NULL;
    float *sharp = NULL;
    int64_t nh = mesh->num_holes, nk = corner_tags(t, NULL, NULL);
    mm_mesh_desc d = {0};
    MM_TRY(gather_values(ctx, X, t->pair_value, t->num_pairs, &gathered));
    MM_TRY(mmi_host_array(ctx, nh, sizeof *holes, (void **)&holes));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *ids, (void **)&ids));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *sharp, (void **)&sharp));
    MM_TRY(mmi_copy(ctx, holes, MM_MEMORY_HOST, mesh->hole_faces, mesh->M->where,
                    nh * (int64_t)sizeof *holes));
    corner_tags(t, ids, sharp);
    d.num_vertices = t->num_pairs;
    d.dim = X->d;
    d.vertex_type = X->type;
    d.vertices = gathered;
    d.num_faces = hf->num_faces;
    d.face_offsets = hf->ptr;
    d.face_vertices = t->corner_pair;
    d.num_creases = t->num_creases;
    d.crease_vertices = t->crease_ends;
    d.crease_sharpness = t->crease_sharp;
    d.num_corners = nk;
    d.corner_vertices = ids;
    d.corner_sharpness = sharp;
    d.num_holes = nh;
    d.hole_faces = holes;
    d.boundary = MM_BOUNDARY_EDGE_ONLY;
    d.source = name;
    MM_TRY(mmi_mesh_build(ctx, vm, &d));
done:
    mmi_host_array_free(ctx, sharp, nk, sizeof *sharp);
    mmi_host_array_free(ctx, ids, nk, sizeof *ids);
    mmi_host_array_free(ctx, holes, nh, sizeof *holes);
    mmi_host_array_free(ctx, gathered, t->num_pairs, row);
    return st;
}

/* The value mesh of channel `values` of mesh (named name; alias: its values
 * that copy others, NULL: none) under o into *vm; *pair_value (NULL: not
 * wanted) the channel's value at each of its vertices, *copies (NULL: not
 * wanted) its vertices that copy others. */
static mm_status build_value_mesh(mm_context ctx, mm_mesh mesh, mm_mesh values, const char *name,
                                  const mmi_fvar_copies *alias, const mm_subdiv_options *o,
                                  mm_mesh *vm, uint32_t **pair_value, mmi_fvar_copies *copies)
{
    mm_status st = MM_OK;
    mmi_fvar_topology t = {0};
    mmi_host_faces hf = {0};
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    MM_TRY(mmi_fvar_topology_build(ctx, mesh, &hf, values, alias, o, &t));
    MM_TRY(value_mesh(ctx, mesh, &hf, name, values->X, &t, vm));
    if (pair_value) *pair_value = t.pair_value, t.pair_value = NULL;
    if (copies) *copies = t.copies, t.copies = (mmi_fvar_copies){0};
done:
    mmi_host_faces_release(ctx, &hf);
    mmi_fvar_topology_free(ctx, &t);
    return st;
}

/* Value mesh vm refined under o into *refined, without its tags: with the
 * edge-only rule, as its corners are its tags. */
static mm_status refine_value_mesh(mm_context ctx, mm_mesh vm, const mm_subdiv_options *o,
                                   mm_mesh *refined)
{
    mm_subdiv_options ov = *o;
    ov.boundary = MM_BOUNDARY_EDGE_ONLY;
    ov.progress = NULL;
    mm_status st = mmi_subdivide(ctx, vm, &ov, refined, 0);
    if (st == MM_OK) mmi_mesh_drop_tags(*refined);
    return st;
}

/* The channel `values` of mesh (named name; alias as build_value_mesh's)
 * refined o->levels levels at once into *refined (tags dropped); *copies
 * (NULL: not wanted) its values that copy others. */
static mm_status refine_at_once(mm_context ctx, mm_mesh mesh, mm_mesh values, const char *name,
                                const mmi_fvar_copies *alias, const mm_subdiv_options *o,
                                mm_mesh *refined, mmi_fvar_copies *copies)
{
    mm_status st = MM_OK;
    mm_mesh vm = NULL;
    MM_TRY(build_value_mesh(ctx, mesh, values, name, alias, o, &vm, NULL, copies));
    MM_TRY(refine_value_mesh(ctx, vm, o, refined));
done:
    mm_mesh_free(&vm);
    return st;
}

/* What a value mesh depends on besides the mesh and the channel's corners:
 * the key it is kept under. */
static int64_t value_mesh_key(const mm_subdiv_options *o)
{
    return (int64_t)o->fvar_interp << 8 | (int64_t)o->boundary;
}

/* Channel c of mesh refined at once under o through its kept value mesh
 * (mmi_fvar_channel), built when none is kept under o's key; else only the
 * channel's values are gathered onto it again. Building it is host work on
 * the cage (its edges, the walks around its vertices, the split), 19–26 ms
 * a call on armadillo's 52k faces on the H200's host, where the value mesh's
 * refinement to 53.2M triangles takes 1.3 ms (bench/results/fvar-kept). */
static mm_status refine_kept(mm_context ctx, mm_mesh mesh, mmi_fvar_channel *c,
                             const mm_subdiv_options *o, mm_mesh *refined)
{
    mm_status st = MM_OK;
    mm_dense X = c->values->X, gathered = NULL;
    char *rows = NULL;
    int64_t key = value_mesh_key(o), n = 0;
    if (c->kept == NULL || c->kept_key != key) {
        mmi_fvar_channel_forget(ctx, c);
        MM_TRY(build_value_mesh(ctx, mesh, c->values, c->name, NULL, o, &c->kept,
                                &c->kept_value, NULL));
        c->kept_key = key;
    } else {
        n = c->kept->M->nrows;
        MM_TRY(gather_values(ctx, X, c->kept_value, n, &rows));
        MM_TRY(mmi_dense_import(ctx, &gathered, n, X->d, X->type, rows));
        mm_dense_free(&c->kept->X);
        c->kept->X = gathered, gathered = NULL;
    }
    MM_TRY(refine_value_mesh(ctx, c->kept, o, refined));
done:
    mm_dense_free(&gathered);
    mmi_host_array_free(ctx, rows, n, (size_t)X->d * mm_type_size(X->type));
    return st;
}

/* Channel c of mesh refined under o into *refined. Level 0's tags give every
 * level's rules (Far propagates its value tags) but where they cannot: a
 * channel linear everywhere (the faces made inside a face need sharp edges
 * too), and Chaikin's creasing, whose sharpness a value mesh would decay
 * over the edges around a value instead of around its vertex. Those refine a
 * level at a time beside the mesh itself, each level's tags made anew from
 * the mesh's level (its sharpness as mm_subdivide carries it). */
static mm_status refine_channel(mm_context ctx, mm_mesh mesh, mmi_fvar_channel *c,
                                const mm_subdiv_options *o, mm_mesh *refined)
{
    mm_status st = MM_OK;
    mm_mesh level = NULL, next = NULL, values = NULL;
    mmi_fvar_copies copies = {0}, next_copies = {0};
    mm_subdiv_options one = *o;
    int stepwise = o->fvar_interp == MM_FVAR_LINEAR_ALL ||
                   (o->creasing == MM_CREASING_CHAIKIN && mesh->num_creases > 0);
    if (!stepwise) return refine_kept(ctx, mesh, c, o, refined);
    one.levels = 1;
    one.progress = NULL;
    for (int l = 0; l < o->levels; ++l) {
        /* A level's copied values are one value each to the next (Far's). */
        MM_TRY(refine_at_once(ctx, level ? level : mesh, values ? values : c->values, c->name,
                              &copies, &one, &next, &next_copies));
        mmi_fvar_copies_free(ctx, &copies);
        copies = next_copies;
        next_copies = (mmi_fvar_copies){0};
        mm_mesh_free(&values);
        values = next;
        next = NULL;
        if (l + 1 == o->levels) break;
        MM_TRY(mmi_subdivide(ctx, level ? level : mesh, &one, &next, 0));
        mm_mesh_free(&level);
        level = next;
        next = NULL;
    }
    *refined = values;
    values = NULL;
done:
    mmi_fvar_copies_free(ctx, &copies);
    mmi_fvar_copies_free(ctx, &next_copies);
    mm_mesh_free(&values);
    mm_mesh_free(&level);
    mm_mesh_free(&next);
    return st;
}

mm_status mmi_subdiv_fvar(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o, mm_mesh out)
{
    mm_status st = MM_OK;
    mm_mesh refined = NULL;
    for (int k = 0; k < mesh->num_fvar; ++k) {
        mmi_fvar_channel *c = &mesh->fvar[k];
        if (o->scheme == MM_SCHEME_SQRT3)
            MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "channel '%s': sqrt(3) has no face-varying "
                    "rules (its faces are made across edges, which a seam would change); "
                    "remove the mesh's channels, or use Catmull-Clark or Loop", c->name);
        if (o->boundary == MM_BOUNDARY_NONE)
            MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "channel '%s': face-varying channels are not "
                    "refined with MM_BOUNDARY_NONE", c->name);
        st = refine_channel(ctx, mesh, c, o, &refined);
        if (st != MM_OK) {
            /* The message already names mm_subdivide: name the channel after it. */
            char why[512];
            const char *text = mm_last_error(ctx), *where = "mm_subdivide: ";
            if (strncmp(text, where, strlen(where)) == 0) text += strlen(where);
            snprintf(why, sizeof why, "%s", text);
            MM_FAIL(ctx, st, "channel '%s': %s", c->name, why);
        }
        if (refined->M->ncols != out->M->ncols || refined->M->nnz != out->M->nnz)
            MM_FAIL(ctx, MM_ERR_INVALID_MESH, "channel '%s' refined into %lld faces, the mesh "
                    "into %lld (a bug: please report it)", c->name,
                    (long long)refined->M->ncols, (long long)out->M->ncols);
        MM_TRY(mmi_mesh_attach_fvar(ctx, out, c->name, refined));
        refined = NULL;
    }
done:
    mm_mesh_free(&refined);
    return st;
}
