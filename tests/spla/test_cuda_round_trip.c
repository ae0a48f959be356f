/* test_cuda_round_trip.c: matrices, dense arrays and meshes sent through the
 * CUDA backend come back identical to the CPU backend's (DESIGN §3
 * determinism), and device memory is accounted. Without a GPU the whole
 * executable reports itself skipped (exit 77), never passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/timer.h"
#include "test_util.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t next_u32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

/* Imports the matrix on ctx and exports it back into out. */
static void round_trip(mm_context ctx, mm_format f, mm_type t, int64_t nr, int64_t nc, int64_t nnz,
                       const mm_matrix_arrays *in, const mm_matrix_arrays *out)
{
    mm_matrix A = NULL;
    MMT_OK(ctx, mm_matrix_import(ctx, &A, f, t, nr, nc, nnz, in));
    MMT_OK(ctx, mm_matrix_export(A, out));
    mm_matrix_free(&A);
}

START_TEST(random_matrices_match_the_cpu)
{
    mm_context gpu = mmt_context_on(MM_BACKEND_CUDA), cpu = mmt_context_on(MM_BACKEND_CPU);
    const int64_t nr = 1000, nc = 700;
    for (int fmt = MM_FORMAT_CSC; fmt <= MM_FORMAT_COO; ++fmt) {
        int64_t lines = fmt == MM_FORMAT_CSR ? nr : nc;
        int64_t *ptr = malloc((size_t)(lines + 1) * sizeof *ptr);
        ptr[0] = 0;
        for (int64_t j = 0; j < lines; ++j) ptr[j + 1] = ptr[j] + (j % 5 == 0 ? 0 : next_u32() % 9);
        int64_t nnz = ptr[lines];
        uint32_t *rows = malloc((size_t)nnz * 4), *cols = malloc((size_t)nnz * 4);
        double *vals = malloc((size_t)nnz * 8);
        for (int64_t k = 0; k < nnz; ++k) {
            rows[k] = next_u32() % (uint32_t)nr;
            cols[k] = next_u32() % (uint32_t)nc;
            vals[k] = (double)next_u32() / 7.0;
        }
        mm_matrix_arrays in = {ptr, rows, cols, vals};
        int64_t *p[2] = {malloc((size_t)(lines + 1) * 8), malloc((size_t)(lines + 1) * 8)};
        uint32_t *r[2] = {malloc((size_t)nnz * 4), malloc((size_t)nnz * 4)};
        uint32_t *c[2] = {malloc((size_t)nnz * 4), malloc((size_t)nnz * 4)};
        double *v[2] = {malloc((size_t)nnz * 8), malloc((size_t)nnz * 8)};
        for (int b = 0; b < 2; ++b) {
            mm_matrix_arrays out = {p[b], r[b], c[b], v[b]};
            round_trip(b ? gpu : cpu, (mm_format)fmt, MM_TYPE_FLOAT64, nr, nc, nnz, &in, &out);
        }
        if (fmt != MM_FORMAT_COO) ck_assert_mem_eq(p[0], p[1], (size_t)(lines + 1) * 8);
        if (fmt != MM_FORMAT_CSR) ck_assert_mem_eq(r[0], r[1], (size_t)nnz * 4);
        if (fmt != MM_FORMAT_CSC) ck_assert_mem_eq(c[0], c[1], (size_t)nnz * 4);
        ck_assert_mem_eq(v[0], v[1], (size_t)nnz * 8);
        ck_assert_mem_eq(v[1], vals, (size_t)nnz * 8);
        for (int b = 0; b < 2; ++b) free(p[b]), free(r[b]), free(c[b]), free(v[b]);
        free(ptr), free(rows), free(cols), free(vals);
    }
    ck_assert_int_eq(mm_context_bytes_in_use(gpu, MM_MEMORY_DEVICE), 0);
    ck_assert_int_gt(mm_context_peak_bytes(gpu, MM_MEMORY_DEVICE), 0);
    mm_context_free(&gpu);
    mm_context_free(&cpu);
}
END_TEST

START_TEST(dense_arrays_live_on_the_device)
{
    mm_context gpu = mmt_context_on(MM_BACKEND_CUDA);
    float h[64 * 3], back[64 * 3];
    for (int k = 0; k < 64 * 3; ++k) h[k] = (float)next_u32() * 1e-3f;
    mm_dense X = NULL;
    MMT_OK(gpu, mm_dense_import(gpu, &X, 64, 3, MM_TYPE_FLOAT32, h));
    ck_assert_int_eq(mm_context_bytes_in_use(gpu, MM_MEMORY_DEVICE), 64 * 3 * 4);
    ck_assert_int_eq(mm_context_bytes_in_use(gpu, MM_MEMORY_HOST), 0);
    MMT_OK(gpu, mm_dense_export(X, back));
    ck_assert_mem_eq(back, h, sizeof h);
    mm_dense_free(&X);
    MMT_OK(gpu, mm_dense_new(gpu, &X, 5, 2, MM_TYPE_FLOAT64));
    double z[10];
    memset(z, 0xff, sizeof z);
    MMT_OK(gpu, mm_dense_export(X, z));
    for (int k = 0; k < 10; ++k) ck_assert(z[k] == 0.0);
    mm_dense_free(&X);
    mm_context_free(&gpu);
}
END_TEST

START_TEST(meshes_match_the_cpu)
{
    mm_context ctx[2] = {mmt_context_on(MM_BACKEND_CPU), mmt_context_on(MM_BACKEND_CUDA)};
    /* A fan of 3 … 9-gons around vertex 0, with creases: mixed orders, explicit pointer. */
    enum { NF = 7 };
    int64_t off[NF + 1] = {0};
    uint32_t fv[64];
    double pos[64 * 3];
    uint32_t next = 1;
    for (int f = 0; f < NF; ++f) {
        int c = 3 + f;
        off[f + 1] = off[f] + c;
        fv[off[f]] = 0;
        for (int i = 1; i < c; ++i) fv[off[f] + i] = next++;
    }
    for (uint32_t v = 0; v < next; ++v)
        for (int k = 0; k < 3; ++k) pos[3 * v + k] = (double)next_u32() / 3.0;
    uint32_t cv[] = {0, 1, 0, 2};
    float cs[] = {1.5f, 3.0f};
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = next;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = pos;
    d.num_faces = NF;
    d.face_offsets = off;
    d.face_vertices = fv;
    d.num_creases = 2;
    d.crease_vertices = cv;
    d.crease_sharpness = cs;
    int64_t o[2][NF + 1];
    uint32_t f[2][64], c[2][4];
    double p[2][64 * 3];
    float s[2][2];
    for (int b = 0; b < 2; ++b) {
        mm_mesh mesh = NULL;
        MMT_OK(ctx[b], mm_mesh_new(ctx[b], &mesh, &d));
        mm_mesh_arrays out = {p[b], o[b], f[b], c[b], s[b], NULL, NULL, NULL};
        MMT_OK(ctx[b], mm_mesh_export(mesh, &out));
        mm_mesh_free(&mesh);
    }
    ck_assert_mem_eq(o[0], o[1], sizeof o[0]);
    ck_assert_mem_eq(f[0], f[1], (size_t)off[NF] * 4);
    ck_assert_mem_eq(p[0], p[1], (size_t)next * 3 * 8);
    ck_assert_mem_eq(c[0], c[1], sizeof c[0]);
    ck_assert_mem_eq(s[0], s[1], sizeof s[0]);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx[1], MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx[0]);
    mm_context_free(&ctx[1]);
}
END_TEST

START_TEST(stage_timers_use_device_events)
{
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    o.timing = 1;
    mm_context gpu = NULL;
    MMT_OK(gpu, mm_context_new(&gpu, &o));
    double h[4096] = {0};
    mm_dense X = NULL;
    int i = mmi_stage_begin(gpu, "upload");
    MMT_OK(gpu, mm_dense_import(gpu, &X, 1024, 4, MM_TYPE_FLOAT64, h));
    mmi_stage_end(gpu, i);
    ck_assert_int_eq(i, 0);
    ck_assert_int_eq(mm_context_stage_count(gpu), 1);
    const char *name;
    double ms = -1.0;
    MMT_OK(gpu, mm_context_stage(gpu, 0, &name, &ms));
    ck_assert_str_eq(name, "upload");
    ck_assert(ms >= 0.0);
    mm_dense_free(&X);
    mm_context_free(&gpu);
}
END_TEST

int main(void)
{
    if (!mmt_cuda_available()) {
        printf("test_cuda_round_trip: no CUDA device: skipped\n");
        return MMT_SKIP_EXIT;
    }
    Suite *s = suite_create("cuda_round_trip");
    TCase *tc = tcase_create("cuda_equals_cpu");
    tcase_add_test(tc, random_matrices_match_the_cpu);
    tcase_add_test(tc, dense_arrays_live_on_the_device);
    tcase_add_test(tc, meshes_match_the_cpu);
    tcase_add_test(tc, stage_timers_use_device_events);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
