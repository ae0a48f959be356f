/* limit.c: mm_subdiv_limit (meshmat/subdiv.h; docs/limit.md): the limit
 * position and tangents of every vertex of a mesh taken as the last level of
 * a refinement. The masks become three sparse matrices on the host
 * (limit_stencils.c), which the static-mode SpMV applies on the context's
 * backend (limit_ops.c), so CUDA needs no kernel of its own. */
#include "../core/error.h"
#include "../core/handle.h"
#include "../mesh/mesh_impl.h"
#include "limit_ops.h"

static mm_status check(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts, mm_dense *X,
                       mm_boundary *boundary)
{
    mm_status st = MM_OK;
    if (mesh == NULL || opts == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh and opts must not be NULL");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    if (opts->scheme == MM_SCHEME_SQRT3)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT,
                "sqrt(3) has no limit masks here (OpenSubdiv, whose limit rules meshmat follows, "
                "has no sqrt(3)); use Catmull-Clark or Loop");
    if (opts->scheme != MM_SCHEME_CATMULL_CLARK && opts->scheme != MM_SCHEME_LOOP)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "scheme %d is unknown", (int)opts->scheme);
    *boundary = opts->boundary == MM_BOUNDARY_OF_MESH ? mesh->boundary : opts->boundary;
    if (*boundary != MM_BOUNDARY_EDGE_ONLY && *boundary != MM_BOUNDARY_EDGE_AND_CORNER &&
        *boundary != MM_BOUNDARY_NONE)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "boundary rule %d is unknown", (int)opts->boundary);
    if (*X == NULL) {
        *X = mesh->X;
        if (*X == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "X is NULL and the mesh has no vertex data");
    } else {
        MM_TRY(MMI_CHECK(ctx, *X, MMI_MAGIC_DENSE, "X"));
    }
    if ((*X)->type != MM_TYPE_FLOAT32 && (*X)->type != MM_TYPE_FLOAT64)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "X is of type %d; the limit takes float32 or float64 data",
                (int)(*X)->type);
    if ((*X)->n != mesh->M->nrows)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "X has %lld rows, but the mesh has %lld vertices",
                (long long)(*X)->n, (long long)mesh->M->nrows);
    if (mesh->degenerate_faces > 0)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH, "%lld faces repeat a vertex; the limit refuses them",
                (long long)mesh->degenerate_faces);
done:
    return st;
}

mm_status mm_subdiv_limit(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts, mm_dense X,
                          mm_dense *P, mm_dense *T1, mm_dense *T2)
{
    mm_status st = MM_OK;
    mmi_limit_ops ops = {0};
    mm_boundary boundary = MM_BOUNDARY_EDGE_ONLY;
    mm_dense *out[MMI_LIMIT_MASKS] = {P, T1, T2};
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    for (int m = 0; m < MMI_LIMIT_MASKS; ++m)
        if (out[m] != NULL) *out[m] = NULL;
    if (P == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "P is NULL");
    MM_TRY(check(ctx, mesh, opts, &X, &boundary));
    MM_TRY(mmi_limit_ops_build(ctx, mesh, opts->scheme, boundary, T1 != NULL || T2 != NULL, NULL,
                               &ops));
    for (int m = 0; m < MMI_LIMIT_MASKS; ++m)
        if (out[m] != NULL) MM_TRY(mmi_limit_ops_apply(ctx, &ops, m, X, out[m]));
done:
    mmi_limit_ops_free(ctx, &ops);
    if (st != MM_OK)
        for (int m = 0; m < MMI_LIMIT_MASKS; ++m)
            if (out[m] != NULL) mm_dense_free(out[m]);
    return st;
}
