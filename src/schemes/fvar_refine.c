/* fvar_refine.c: mm_subdivide's refinement of a mesh's face-varying channels
 * (fvar.h): each channel's value mesh, built with Far's rules as its tags,
 * refined as the mesh was, and handed to the result without those tags. */
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

/* The value mesh of channel c: one vertex per pair, taking its value, over
 * mesh's faces (hf) and holes. */
static mm_status value_mesh(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                            const mmi_fvar_channel *c, const mmi_fvar_topology *t, mm_mesh *vm)
{
    mm_status st = MM_OK;
    mm_dense X = c->values->X;
    size_t row = (size_t)X->d * mm_type_size(X->type);
    char *values = NULL, *gathered = NULL;
    uint32_t *holes = NULL, *ids = NULL;
    float *sharp = NULL;
    int64_t nh = mesh->num_holes, nk = corner_tags(t, NULL, NULL);
    mm_mesh_desc d = {0};
    MM_TRY(mmi_host_array(ctx, X->n, row, (void **)&values));
    MM_TRY(mmi_host_array(ctx, t->num_pairs, row, (void **)&gathered));
    MM_TRY(mmi_host_array(ctx, nh, sizeof *holes, (void **)&holes));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *ids, (void **)&ids));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *sharp, (void **)&sharp));
    MM_TRY(mmi_dense_export(X, values));
    for (int64_t p = 0; p < t->num_pairs; ++p)
        memcpy(gathered + (size_t)p * row, values + (size_t)t->pair_value[p] * row, row);
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
    d.source = c->name;
    MM_TRY(mmi_mesh_build(ctx, vm, &d));
done:
    mmi_host_array_free(ctx, sharp, nk, sizeof *sharp);
    mmi_host_array_free(ctx, ids, nk, sizeof *ids);
    mmi_host_array_free(ctx, holes, nh, sizeof *holes);
    mmi_host_array_free(ctx, gathered, t->num_pairs, row);
    mmi_host_array_free(ctx, values, X->n, row);
    return st;
}

/* The channel `values` of mesh (named name; alias: its values that copy
 * others, NULL: none) refined o->levels levels at once into *refined (tags
 * dropped); *copies (NULL: not wanted) its values that copy others. */
static mm_status refine_at_once(mm_context ctx, mm_mesh mesh, mm_mesh values, const char *name,
                                const mmi_fvar_copies *alias, const mm_subdiv_options *o,
                                mm_mesh *refined, mmi_fvar_copies *copies)
{
    mm_status st = MM_OK;
    mmi_fvar_topology t = {0};
    mm_mesh vm = NULL;
    mmi_host_faces hf = {0};
    mmi_fvar_channel c = {{0}, values};
    mm_subdiv_options ov = *o;
    snprintf(c.name, sizeof c.name, "%s", name);
    ov.boundary = MM_BOUNDARY_EDGE_ONLY; /* the value mesh's corners are its tags */
    ov.progress = NULL;
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    MM_TRY(mmi_fvar_topology_build(ctx, mesh, &hf, values, alias, o, &t));
    MM_TRY(value_mesh(ctx, mesh, &hf, &c, &t, &vm));
    MM_TRY(mmi_subdivide(ctx, vm, &ov, refined, 0));
    mmi_mesh_drop_tags(*refined);
    if (copies) *copies = t.copies, t.copies = (mmi_fvar_copies){0};
done:
    mm_mesh_free(&vm);
    mmi_host_faces_release(ctx, &hf);
    mmi_fvar_topology_free(ctx, &t);
    return st;
}

/* Channel c of mesh refined under o into *refined. Level 0's tags give every
 * level's rules (Far propagates its value tags) but where they cannot: a
 * channel linear everywhere (the faces made inside a face need sharp edges
 * too), and Chaikin's creasing, whose sharpness a value mesh would decay
 * over the edges around a value instead of around its vertex. Those refine a
 * level at a time beside the mesh itself, each level's tags made anew from
 * the mesh's level (its sharpness as mm_subdivide carries it). */
static mm_status refine_channel(mm_context ctx, mm_mesh mesh, const mmi_fvar_channel *c,
                                const mm_subdiv_options *o, mm_mesh *refined)
{
    mm_status st = MM_OK;
    mm_mesh level = NULL, next = NULL, values = NULL;
    mmi_fvar_copies copies = {0}, next_copies = {0};
    mm_subdiv_options one = *o;
    int stepwise = o->fvar_interp == MM_FVAR_LINEAR_ALL ||
                   (o->creasing == MM_CREASING_CHAIKIN && mesh->num_creases > 0);
    if (!stepwise) return refine_at_once(ctx, mesh, c->values, c->name, NULL, o, refined, NULL);
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
        const mmi_fvar_channel *c = &mesh->fvar[k];
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
