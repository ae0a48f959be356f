/* test_spgemm_cuda.c: mapped SpGEMM (paper §3.1) on the CUDA backend equals
 * the CPU backend: identical structure and values on seeded random matrices
 * (long columns included, which take the spill path) and on E and F (eq. 4–7)
 * of generated quad, triangle and high-valence fan meshes. Skips without a GPU. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spla_testing.h"

static sp_host export(mm_matrix C)
{
    mm_matrix_info info;
    ck_assert_int_eq(mm_matrix_info_get(C, &info), MM_OK);
    sp_host h = {MM_FORMAT_CSC, info.type, info.nrows, info.ncols, info.nnz, 0,
                 malloc((size_t)(info.ncols + 1) * sizeof(int64_t)),
                 malloc((size_t)info.nnz * sizeof(uint32_t) + 1), NULL,
                 malloc((size_t)info.nnz * 8 + 8)};
    mm_matrix_arrays out = {h.ptr, h.rows, NULL, info.type == MM_TYPE_PATTERN ? NULL : h.vals};
    ck_assert_int_eq(mm_matrix_export(C, &out), MM_OK);
    return h;
}

/* C on both backends: the same structure, bitwise; the same values, bitwise
 * for integers, within 1e-12 (float64) or 1e-6 (float32) relative otherwise
 * (nvcc may fuse a map's product into the sum). */
static void expect_same_product(mm_context cpu, mm_context gpu, const mm_spgemm_op *op,
                                const sp_host *hA, const sp_host *hB, const char *what)
{
    mm_matrix A[2] = {sp_import(cpu, hA), sp_import(gpu, hA)};
    mm_matrix B[2] = {sp_import(cpu, hB), sp_import(gpu, hB)};
    mm_matrix C[2] = {NULL, NULL};
    MMT_OK(cpu, mm_spgemm(cpu, op, A[0], B[0], &C[0]));
    MMT_OK(gpu, mm_spgemm(gpu, op, A[1], B[1], &C[1]));
    sp_host h[2] = {export(C[0]), export(C[1])};
    ck_assert_msg(h[0].nnz == h[1].nnz, "%s: nnz %lld on CPU, %lld on CUDA", what,
                  (long long)h[0].nnz, (long long)h[1].nnz);
    ck_assert_msg(memcmp(h[0].ptr, h[1].ptr, (size_t)(h[0].nc + 1) * sizeof(int64_t)) == 0,
                  "%s: column pointers differ", what);
    ck_assert_msg(memcmp(h[0].rows, h[1].rows, (size_t)h[0].nnz * sizeof(uint32_t)) == 0,
                  "%s: rows differ", what);
    for (int64_t e = 0; e < h[0].nnz && op->out_type != MM_TYPE_PATTERN; ++e) {
        double x, y, tol = 0.0;
        if (op->out_type == MM_TYPE_INT32) {
            x = ((int32_t *)h[0].vals)[e];
            y = ((int32_t *)h[1].vals)[e];
        } else if (op->out_type == MM_TYPE_FLOAT32) {
            x = ((float *)h[0].vals)[e];
            y = ((float *)h[1].vals)[e];
            tol = 1e-6;
        } else {
            x = ((double *)h[0].vals)[e];
            y = ((double *)h[1].vals)[e];
            tol = 1e-12;
        }
        ck_assert_msg(x == y || fabs(x - y) <= tol * fmax(fabs(x), 1.0),
                      "%s: entry %lld is %.17g on CPU, %.17g on CUDA", what, (long long)e, x, y);
    }
    for (int s = 0; s < 2; ++s) {
        sp_free(&h[s]);
        mm_matrix_free(&A[s]);
        mm_matrix_free(&B[s]);
        mm_matrix_free(&C[s]);
    }
}

/* m × n times n × p, at most `most` entries per column, `uniform` entries in
 * every column of A when > 0 (the mesh-matrix layout). */
static const struct shape {
    int64_t m, n, p;
    int most;
    int64_t uniform;
} shapes[] = {
    {6, 5, 7, 3, 0}, {0, 3, 4, 2, 0}, {4, 0, 5, 2, 0}, {3, 5, 0, 2, 0}, {1, 1, 1, 1, 0},
    {40, 30, 50, 8, 0}, {30, 40, 30, 6, 4},
    {300, 40, 30, 120, 0}, /* long columns: the spill path */
};

START_TEST(random_products_cuda_equals_cpu)
{
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    ck_assert_ptr_nonnull(gpu);
    const struct shape *s = &shapes[_i];
    sp_seed(1000 + (uint64_t)_i);
    /* Circulant maps read positions: A a pattern (a mesh matrix), B small integers. */
    sp_host num_a = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, s->m, s->n, s->most, s->uniform);
    sp_host num_b = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, s->n, s->p, s->most, 0);
    sp_host pat_a = sp_random(MM_FORMAT_CSC, MM_TYPE_PATTERN, s->m, s->n, s->most, s->uniform);
    sp_host pos_b = sp_random(MM_FORMAT_CSC, MM_TYPE_INT32, s->n, s->p, s->most, 0);
    const mm_map maps[] = {
        {MM_MAP_VALUE, NULL, 0, {0}, 0, NULL, NULL, NULL},
        {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL},
        {MM_MAP_PRODUCT, NULL, 0, {0}, 0, NULL, NULL, NULL},
        {MM_MAP_CIRCULANT, NULL, 0, {1, -1}, 2, NULL, NULL, NULL},
    };
    char what[128];
    for (int mi = 0; mi < 4; ++mi)
        for (int l = MM_LAMBDA_MAP; l <= MM_LAMBDA_COUNT; ++l)
            for (int r = MM_REDUCE_SUM; r <= MM_REDUCE_FIRST; ++r)
                for (int mask = MM_MASK_NONE; mask <= MM_MASK_UPPER; ++mask) {
                    mm_type t = (mm_type)((mi + l + r + mask) % 4); /* every type, fewer runs */
                    mm_spgemm_op op = {maps[mi], {(mm_lambda_kind)l, NULL, NULL, NULL},
                                       (mm_reduce)r, (mm_mask)mask, t};
                    int circ = maps[mi].kind == MM_MAP_CIRCULANT;
                    snprintf(what, sizeof what,
                             "shape %d map %d lambda %d reduce %d mask %d type %d", _i, mi, l, r,
                             mask, (int)t);
                    expect_same_product(cpu, gpu, &op, circ ? &pat_a : &num_a,
                                        circ ? &pos_b : &num_b, what);
                }
    sp_free(&num_a);
    sp_free(&num_b);
    sp_free(&pat_a);
    sp_free(&pos_b);
    mm_context_free(&cpu);
    mm_context_free(&gpu);
}
END_TEST

/* ---- meshes: M and Mᵀ as host matrices ---- */

/* M (nv × nf pattern CSC; the meshes have one face order, so its pointer is
 * implicit, as mm_mesh_new stores it) and Mᵀ (nf × nv, INT32 values = the
 * vertex's 1-based position in the face), built on the host. */
static void mesh_matrices(int64_t nv, int64_t nf, const int64_t *off, const uint32_t *fv,
                          sp_host *M, sp_host *Mt)
{
    int64_t nnz = off[nf];
    *M = (sp_host){MM_FORMAT_CSC, MM_TYPE_PATTERN, nv, nf, nnz, off[1],
                   malloc((size_t)(nf + 1) * sizeof(int64_t)), malloc((size_t)nnz * sizeof(uint32_t)),
                   NULL, NULL};
    memcpy(M->ptr, off, (size_t)(nf + 1) * sizeof(int64_t));
    memcpy(M->rows, fv, (size_t)nnz * sizeof(uint32_t));
    *Mt = (sp_host){MM_FORMAT_CSC, MM_TYPE_INT32, nf, nv, nnz, 0,
                    calloc((size_t)nv + 1, sizeof(int64_t)), malloc((size_t)nnz * sizeof(uint32_t)),
                    NULL, malloc((size_t)nnz * sizeof(int32_t))};
    for (int64_t e = 0; e < nnz; ++e) Mt->ptr[fv[e] + 1]++;
    for (int64_t v = 0; v < nv; ++v) Mt->ptr[v + 1] += Mt->ptr[v];
    int64_t *next = malloc((size_t)(nv + 1) * sizeof(int64_t));
    memcpy(next, Mt->ptr, (size_t)(nv + 1) * sizeof(int64_t));
    for (int64_t f = 0; f < nf; ++f)
        for (int64_t e = off[f]; e < off[f + 1]; ++e) {
            int64_t q = next[fv[e]]++;
            Mt->rows[q] = (uint32_t)f;
            ((int32_t *)Mt->vals)[q] = (int32_t)(e - off[f] + 1);
        }
    free(next);
}

enum { QUAD_GRID, TRI_GRID, FAN_64, FAN_360, NUM_MESHES };

/* Face lists of the test meshes: an open 13 × 9 grid of quads, the same grid
 * split into triangles, and closed fans around a vertex of valence 64 / 360. */
static int64_t make_mesh(int which, int64_t **off, uint32_t **fv, int64_t *nv)
{
    const int64_t nx = 13, ny = 9;
    int64_t nf = which == QUAD_GRID ? nx * ny : which == TRI_GRID ? 2 * nx * ny
                 : which == FAN_64 ? 64 : 360;
    *off = malloc((size_t)(nf + 1) * sizeof(int64_t));
    *fv = malloc((size_t)nf * 4 * sizeof(uint32_t));
    int64_t f = 0, e = 0;
    (*off)[0] = 0;
    if (which == FAN_64 || which == FAN_360) {
        *nv = nf + 1;
        for (; f < nf; ++f) {
            (*fv)[e++] = 0;
            (*fv)[e++] = (uint32_t)(1 + f);
            (*fv)[e++] = (uint32_t)(1 + (f + 1) % nf);
            (*off)[f + 1] = e;
        }
        return nf;
    }
    *nv = (nx + 1) * (ny + 1);
    for (int64_t y = 0; y < ny; ++y)
        for (int64_t x = 0; x < nx; ++x) {
            uint32_t a = (uint32_t)(y * (nx + 1) + x), b = a + 1, c = b + (uint32_t)(nx + 1),
                     d = a + (uint32_t)(nx + 1);
            if (which == QUAD_GRID) {
                uint32_t q[4] = {a, b, c, d};
                for (int t = 0; t < 4; ++t) (*fv)[e++] = q[t];
                (*off)[++f] = e;
            } else {
                uint32_t t0[3] = {a, b, c}, t1[3] = {a, c, d};
                for (int t = 0; t < 3; ++t) (*fv)[e++] = t0[t];
                (*off)[++f] = e;
                for (int t = 0; t < 3; ++t) (*fv)[e++] = t1[t];
                (*off)[++f] = e;
            }
        }
    return nf;
}

START_TEST(mesh_edge_matrices_cuda_equal_cpu)
{
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    ck_assert_ptr_nonnull(gpu);
    int64_t *off, nv;
    uint32_t *fv;
    int64_t nf = make_mesh(_i, &off, &fv, &nv);
    sp_host M, Mt;
    mesh_matrices(nv, nf, off, fv, &M, &Mt);
    /* E (eq. 4) lower and full, F (eq. 6–7), and a pattern of E. */
    const mm_spgemm_op ops[] = {
        {{MM_MAP_CIRCULANT, NULL, 0, {1, -1}, 2, NULL, NULL, NULL},
         {MM_LAMBDA_COUNT, NULL, NULL, NULL}, MM_REDUCE_SUM, MM_MASK_LOWER, MM_TYPE_INT32},
        {{MM_MAP_CIRCULANT, NULL, 0, {1, -1}, 2, NULL, NULL, NULL},
         {MM_LAMBDA_COUNT, NULL, NULL, NULL}, MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_FLOAT64},
        {{MM_MAP_CIRCULANT, NULL, 0, {1}, 1, NULL, NULL, NULL}, {MM_LAMBDA_K, NULL, NULL, NULL},
         MM_REDUCE_FIRST, MM_MASK_NONE, MM_TYPE_INT32},
        {{MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL}, {MM_LAMBDA_MAP, NULL, NULL, NULL},
         MM_REDUCE_ANY, MM_MASK_UPPER, MM_TYPE_PATTERN},
    };
    char what[64];
    for (int o = 0; o < 4; ++o) {
        snprintf(what, sizeof what, "mesh %d op %d", _i, o);
        expect_same_product(cpu, gpu, &ops[o], &M, &Mt, what);
    }
    sp_free(&M);
    sp_free(&Mt);
    free(off);
    free(fv);
    mm_context_free(&cpu);
    mm_context_free(&gpu);
}
END_TEST

int main(void)
{
    if (!mmt_cuda_available()) {
        printf("skipped: no CUDA device\n");
        return MMT_SKIP_EXIT;
    }
    Suite *s = suite_create("spgemm_cuda");
    TCase *tc = tcase_create("spgemm_cuda");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, random_products_cuda_equals_cpu, 0,
                        (int)(sizeof shapes / sizeof *shapes));
    tcase_add_loop_test(tc, mesh_edge_matrices_cuda_equal_cpu, 0, NUM_MESHES);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
