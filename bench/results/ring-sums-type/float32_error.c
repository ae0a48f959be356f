/* float32_error.c: how far a float32 evaluation lies from the float64 one of
 * the same (float32-rounded) cage: the largest distance per component and the
 * rms, relative to the refined mesh's bounding-box diagonal.
 *   cc -O2 float32_error.c -I include -L build -lmeshmat -lm -Wl,-rpath,build
 *   ./a.out MESH SCHEME(0 Catmull-Clark, 1 Loop, 2 √3) LEVELS   (CPU backend) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <meshmat/context.h>
#include <meshmat/dense.h>
#include <meshmat/io.h>
#include <meshmat/mesh.h>
#include <meshmat/subdiv.h>

#define OK(x)                                                                 \
    do {                                                                      \
        if ((x) != MM_OK) {                                                   \
            fprintf(stderr, "%s: %s\n", #x, mm_last_error(ctx));              \
            return 1;                                                         \
        }                                                                     \
    } while (0)

int main(int argc, char **argv)
{
    if (argc != 4) return fprintf(stderr, "usage: %s MESH SCHEME LEVELS\n", argv[0]), 2;
    mm_context ctx;
    mm_context_options co = mm_context_options_default();
    if (mm_context_new(&ctx, &co) != MM_OK) return 1;
    mm_mesh mesh;
    mm_read_options ro = mm_read_options_default();
    OK(mm_mesh_read(ctx, &mesh, argv[1], &ro));
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = (mm_scheme)atoi(argv[2]);
    o.levels = atoi(argv[3]);
    mm_subdiv s;
    OK(mm_subdiv_build(ctx, mesh, &o, &s));
    int64_t n, d, m;
    mm_type t;
    OK(mm_dense_shape(mm_mesh_vertices(mesh), &n, &d, &t));
    double *x64 = malloc((size_t)(n * d) * sizeof *x64);
    float *x32 = malloc((size_t)(n * d) * sizeof *x32);
    if (t == MM_TYPE_FLOAT64) {
        OK(mm_dense_export(mm_mesh_vertices(mesh), x64));
    } else {
        OK(mm_dense_export(mm_mesh_vertices(mesh), x32));
        for (int64_t i = 0; i < n * d; ++i) x64[i] = x32[i];
    }
    for (int64_t i = 0; i < n * d; ++i) x32[i] = (float)x64[i], x64[i] = x32[i];
    mm_dense A, B, YA, YB;
    OK(mm_dense_import(ctx, &A, n, d, MM_TYPE_FLOAT64, x64));
    OK(mm_dense_import(ctx, &B, n, d, MM_TYPE_FLOAT32, x32));
    OK(mm_subdiv_eval(s, A, &YA));
    OK(mm_subdiv_eval(s, B, &YB));
    OK(mm_dense_shape(YA, &m, &d, &t));
    double *ya = malloc((size_t)(m * d) * sizeof *ya);
    float *yb = malloc((size_t)(m * d) * sizeof *yb);
    OK(mm_dense_export(YA, ya));
    OK(mm_dense_export(YB, yb));
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    double worst = 0.0, sq = 0.0;
    for (int64_t i = 0; i < m; ++i)
        for (int k = 0; k < 3; ++k) {
            double a = ya[i * d + k], e = fabs(a - yb[i * d + k]);
            lo[k] = fmin(lo[k], a), hi[k] = fmax(hi[k], a);
            worst = fmax(worst, e), sq += e * e;
        }
    double diag = sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                       (hi[2] - lo[2]) * (hi[2] - lo[2]));
    printf("%s scheme %s L%s: max %.3e rms %.3e of the diagonal\n", argv[1], argv[2], argv[3],
           worst / diag, sqrt(sq / (3.0 * (double)m)) / diag);
    free(x64), free(x32), free(ya), free(yb);
    mm_dense_free(&A), mm_dense_free(&B), mm_dense_free(&YA), mm_dense_free(&YB);
    mm_subdiv_free(&s), mm_mesh_free(&mesh), mm_context_free(&ctx);
    return 0;
}
