/* mesh_host_faces.c: a host view of the mesh matrix's structure (column
 * pointer and rows) for analyses that run on the host: borrowed when M is on
 * the host with an explicit pointer, otherwise built or copied. */
#include "../core/error.h"
#include "../core/memory.h"
#include "mesh_impl.h"

mm_status mmi_host_faces_get(mm_context ctx, mm_mesh mesh, mmi_host_faces *hf)
{
    mm_status st = MM_OK;
    const struct mm_matrix_s *M = mesh->M;
    hf->num_vertices = M->nrows;
    hf->num_faces = M->ncols;
    hf->nnz = M->nnz;
    hf->owned_ptr = NULL;
    hf->owned_rows = NULL;
    hf->ptr = M->ptr;
    hf->rows = M->rows;
    if (M->where == MM_MEMORY_HOST && M->ptr != NULL) return MM_OK;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, (M->ncols + 1) * (int64_t)sizeof(int64_t),
                     (void **)&hf->owned_ptr));
    hf->ptr = hf->owned_ptr;
    if (M->where != MM_MEMORY_HOST) {
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, M->nnz * (int64_t)sizeof(uint32_t),
                         (void **)&hf->owned_rows));
        hf->rows = hf->owned_rows;
    }
    mm_matrix_arrays a = {hf->owned_ptr, hf->owned_rows, NULL, NULL};
    if (hf->owned_rows != NULL || M->uniform == 0) {
        MM_TRY(mmi_matrix_export(mesh->M, &a));
    } else {
        for (int64_t j = 0; j <= M->ncols; ++j) hf->owned_ptr[j] = M->uniform * j;
    }
done:
    if (st != MM_OK) mmi_host_faces_release(ctx, hf);
    return st;
}

void mmi_host_faces_release(mm_context ctx, mmi_host_faces *hf)
{
    mmi_free(ctx, MM_MEMORY_HOST, hf->owned_ptr, (hf->num_faces + 1) * (int64_t)sizeof(int64_t));
    mmi_free(ctx, MM_MEMORY_HOST, hf->owned_rows, hf->nnz * (int64_t)sizeof(uint32_t));
    hf->owned_ptr = NULL;
    hf->owned_rows = NULL;
}
