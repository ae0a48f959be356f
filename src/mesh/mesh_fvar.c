/* mesh_fvar.c: a mesh's face-varying channels (meshmat/mesh.h,
 * docs/face-varying.md). Each channel is kept as a mesh of its own over the
 * same faces: its vertices are the channel's values and its mesh matrix names
 * the value at each face corner (the "second incidence matrix sharing M's
 * columns"), so that subdivision refines it with the same code and numbering
 * as the mesh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "host_array.h"
#include "mesh_build.h"
#include "mesh_impl.h"

mm_status mmi_mesh_attach_fvar(mm_context ctx, mm_mesh mesh, const char *name, mm_mesh values)
{
    if (mesh->num_fvar >= MMI_MAX_FVAR)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "the mesh has %d face-varying channels, "
                        "the most it can hold", mesh->num_fvar);
    mmi_fvar_channel *grown = realloc(mesh->fvar, (size_t)(mesh->num_fvar + 1) * sizeof *grown);
    if (grown == NULL) return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a channel");
    mesh->fvar = grown;
    mmi_fvar_channel *c = &grown[mesh->num_fvar++];
    *c = (mmi_fvar_channel){.values = values};
    if (name != NULL)
        snprintf(c->name, sizeof c->name, "%s", name);
    else
        snprintf(c->name, sizeof c->name, "fvar%d", mesh->num_fvar - 1);
    return MM_OK;
}

void mmi_fvar_channel_forget(mm_context ctx, mmi_fvar_channel *c)
{
    if (c->kept != NULL)
        mmi_host_array_free(ctx, c->kept_value, c->kept->M->nrows, sizeof *c->kept_value);
    mm_mesh_free(&c->kept);
    c->kept_value = NULL;
}

void mmi_mesh_free_fvar(mm_mesh mesh)
{
    for (int k = 0; k < mesh->num_fvar; ++k) {
        mmi_fvar_channel_forget(mesh->ctx, &mesh->fvar[k]);
        mm_mesh_free(&mesh->fvar[k].values);
    }
    free(mesh->fvar);
    mesh->fvar = NULL;
    mesh->num_fvar = 0;
}

/* The channel's mesh from desc over mesh's faces (host face offsets hf);
 * messages name origin's file and lines when given, else the channel. */
static mm_status build_channel(mm_context ctx, const mmi_host_faces *hf, const mm_fvar_desc *d,
                               const mmi_fvar_origin *origin, mm_mesh *values)
{
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t c = hf->ptr[f]; c < hf->ptr[f + 1]; ++c)
            if ((int64_t)d->corner_values[c] >= d->num_values)
                return mmi_fail(ctx, MM_ERR_INVALID_MESH,
                                "channel '%s': corner %lld of face %lld names value %u, but "
                                "there are %lld",
                                d->name, (long long)(c - hf->ptr[f]), (long long)f,
                                d->corner_values[c], (long long)d->num_values);
    mm_mesh_desc m = {0};
    m.num_vertices = d->num_values;
    m.dim = d->dim;
    m.vertex_type = d->value_type;
    m.vertices = d->values;
    m.num_faces = hf->num_faces;
    m.face_offsets = hf->ptr;
    m.face_vertices = d->corner_values;
    m.keep_repeated = 1; /* a value may be named twice in a face */
    m.source = origin != NULL && origin->source != NULL ? origin->source : d->name;
    m.vertex_lines = origin != NULL ? origin->value_lines : NULL;
    m.precision = origin != NULL ? origin->precision : MM_TYPE_PATTERN;
    return mmi_mesh_build(ctx, values, &m);
}

mm_status mmi_mesh_add_fvar(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                            const mm_fvar_desc *desc, const mmi_fvar_origin *origin)
{
    mm_mesh values = NULL;
    mm_status st = build_channel(ctx, hf, desc, origin, &values);
    if (st == MM_OK) st = mmi_mesh_attach_fvar(ctx, mesh, desc->name, values);
    if (st != MM_OK) mm_mesh_free(&values);
    return st;
}

mm_status mmi_mesh_carry_fvar(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                              const mmi_fvar_channel *c, const uint32_t *corners)
{
    mm_status st = MM_OK;
    mm_dense X = c->values->X;
    size_t row = (size_t)X->d * mm_type_size(X->type);
    void *values = NULL;
    MM_TRY(mmi_host_array(ctx, X->n, row, &values));
    MM_TRY(mmi_dense_export(X, values));
    mm_fvar_desc d = {0};
    d.name = c->name;
    d.num_values = X->n;
    d.dim = X->d;
    d.value_type = X->type;
    d.values = values;
    d.corner_values = corners;
    MM_TRY(mmi_mesh_add_fvar(ctx, mesh, hf, &d, NULL));
done:
    mmi_host_array_free(ctx, values, X->n, row);
    return st;
}

mm_status mm_mesh_add_fvar(mm_context ctx, mm_mesh mesh, const mm_fvar_desc *desc)
{
    mm_status st = MM_OK;
    mmi_host_faces hf = {0};
    char name[64];
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (mesh == NULL || desc == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh and desc must not be NULL");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    if (mesh->ctx != ctx) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "the mesh belongs to another context");
    if (desc->name != NULL)
        snprintf(name, sizeof name, "%s", desc->name);
    else
        snprintf(name, sizeof name, "fvar%d", mesh->num_fvar);
    if (desc->dim < 1 || desc->num_values < 0)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "channel '%s': %lld values of dimension %lld",
                name, (long long)desc->num_values, (long long)desc->dim);
    if (desc->value_type != MM_TYPE_FLOAT32 && desc->value_type != MM_TYPE_FLOAT64)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "channel '%s': values of type %d; channels take "
                "float32 or float64", name, (int)desc->value_type);
    if ((desc->num_values > 0 && desc->values == NULL) ||
        (mesh->M->nnz > 0 && desc->corner_values == NULL))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "channel '%s': values or corner_values is NULL",
                name);
    if (mesh->num_fvar >= MMI_MAX_FVAR)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "the mesh has %d face-varying channels, the most "
                "it can hold", mesh->num_fvar);
    mm_fvar_desc named = *desc;
    named.name = name;
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    MM_TRY(mmi_mesh_add_fvar(ctx, mesh, &hf, &named, NULL));
done:
    mmi_host_faces_release(ctx, &hf);
    return st;
}

mm_status mm_mesh_remove_fvar(mm_context ctx, mm_mesh mesh, int channel)
{
    mm_status st = MM_OK;
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (mesh == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh must not be NULL");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    if (mesh->ctx != ctx)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "the mesh belongs to another context");
    if (channel < 0 || channel >= mesh->num_fvar)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "channel %d is out of range: the mesh has %d",
                channel, mesh->num_fvar);
    mmi_fvar_channel_forget(ctx, &mesh->fvar[channel]);
    mm_mesh_free(&mesh->fvar[channel].values);
    memmove(&mesh->fvar[channel], &mesh->fvar[channel + 1],
            (size_t)(mesh->num_fvar - channel - 1) * sizeof *mesh->fvar);
    if (--mesh->num_fvar == 0) {
        free(mesh->fvar); /* mmi_mesh_attach_fvar grows it again from NULL */
        mesh->fvar = NULL;
    }
done:
    return st;
}

int mm_mesh_num_fvar(mm_mesh mesh)
{
    return mesh && MMI_CHECK(NULL, mesh, MMI_MAGIC_MESH, "mesh") == MM_OK ? mesh->num_fvar : 0;
}

const char *mm_mesh_fvar_name(mm_mesh mesh, int channel)
{
    return channel >= 0 && channel < mm_mesh_num_fvar(mesh) ? mesh->fvar[channel].name : NULL;
}

mm_mesh mm_mesh_fvar(mm_mesh mesh, int channel)
{
    return channel >= 0 && channel < mm_mesh_num_fvar(mesh) ? mesh->fvar[channel].values : NULL;
}
