/* subdivide.c: read a mesh file, subdivide it, and use the result's arrays on
 * the host: the counts of the refined mesh and its bounding box.
 *
 *   subdivide MESH [LEVELS [catmark|loop|sqrt3 [cpu|cuda]]]
 *   subdivide models/cube.obj 2      → 98 vertices, 96 faces, bounding box ±0.878472
 *
 * Built against an installed meshmat: examples/README.md (CMake or pkg-config). */
#include <meshmat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the library's message for a failed call and jumps to cleanup. */
#define CHECK(call)                                                                    \
    do {                                                                               \
        mm_status st_ = (call);                                                        \
        if (st_ != MM_OK) {                                                            \
            fprintf(stderr, "subdivide: %s\n",                                         \
                    ctx && *mm_last_error(ctx) ? mm_last_error(ctx)                    \
                                               : mm_status_string(st_));               \
            goto done;                                                                 \
        }                                                                              \
    } while (0)

int main(int argc, char **argv)
{
    int rc = 1;
    mm_context ctx = NULL;
    mm_mesh mesh = NULL, fine = NULL;
    double *xyz = NULL;
    int64_t *offsets = NULL;
    uint32_t *corners = NULL;

    if (argc < 2) {
        fprintf(stderr, "usage: subdivide MESH [LEVELS [catmark|loop|sqrt3 [cpu|cuda]]]\n");
        return 2;
    }
    mm_subdiv_options opts = mm_subdiv_options_default();
    opts.levels = argc > 2 ? atoi(argv[2]) : 2;
    if (argc > 3 && strcmp(argv[3], "loop") == 0) opts.scheme = MM_SCHEME_LOOP;
    else if (argc > 3 && strcmp(argv[3], "sqrt3") == 0) opts.scheme = MM_SCHEME_SQRT3;
    mm_context_options copts = mm_context_options_default(); /* AUTO: CUDA when a GPU is there */
    if (argc > 4) copts.backend = strcmp(argv[4], "cuda") == 0 ? MM_BACKEND_CUDA : MM_BACKEND_CPU;

    CHECK(mm_context_new(&ctx, &copts));
    printf("backend: %s (%s)\n", mm_context_backend(ctx) == MM_BACKEND_CUDA ? "CUDA" : "CPU",
           mm_context_device_name(ctx));

    /* Read (float64 vertex data by default), then refine topology and positions. */
    CHECK(mm_mesh_read(ctx, &mesh, argv[1], NULL));
    CHECK(mm_subdivide(ctx, mesh, &opts, &fine));

    /* Two-phase export: sizes first, then caller-owned host arrays. */
    mm_mesh_info in, out;
    CHECK(mm_mesh_info_get(mesh, &in));
    CHECK(mm_mesh_info_get(fine, &out));
    if (out.precision != MM_TYPE_FLOAT64) { /* mm_read_options.precision chooses FLOAT32 */
        fprintf(stderr, "subdivide: expected float64 vertex data\n");
        goto done;
    }
    xyz = malloc((size_t)(out.num_vertices * out.dim) * sizeof *xyz + 1);
    offsets = malloc((size_t)(out.num_faces + 1) * sizeof *offsets);
    corners = malloc((size_t)out.nnz * sizeof *corners + 1);
    if (!xyz || !offsets || !corners) {
        fprintf(stderr, "subdivide: out of memory\n");
        goto done;
    }
    mm_mesh_arrays arrays = {0};
    arrays.vertices = xyz; /* written in the mesh's precision: float64 here */
    arrays.face_offsets = offsets;
    arrays.face_vertices = corners;
    CHECK(mm_mesh_export(fine, &arrays));

    /* Use the arrays: face orders from the offsets, the box from the points. */
    int64_t quads = 0, triangles = 0;
    for (int64_t f = 0; f < out.num_faces; ++f) {
        int64_t order = offsets[f + 1] - offsets[f];
        quads += order == 4;
        triangles += order == 3;
    }
    double lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (int64_t v = 0; v < out.num_vertices; ++v)
        for (int c = 0; c < 3 && c < out.dim; ++c) {
            double x = xyz[v * out.dim + c];
            if (v == 0 || x < lo[c]) lo[c] = x;
            if (v == 0 || x > hi[c]) hi[c] = x;
        }
    printf("%s: %lld vertices, %lld faces -> %d levels: %lld vertices, %lld faces "
           "(%lld quads, %lld triangles), %lld face corners\n",
           argv[1], (long long)in.num_vertices, (long long)in.num_faces, opts.levels,
           (long long)out.num_vertices, (long long)out.num_faces, (long long)quads,
           (long long)triangles, (long long)out.nnz);
    printf("bounding box: (%.6g, %.6g, %.6g) - (%.6g, %.6g, %.6g)\n", lo[0], lo[1], lo[2], hi[0],
           hi[1], hi[2]);
    rc = 0;
done:
    free(xyz);
    free(offsets);
    free(corners);
    mm_mesh_free(&fine);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    return rc;
}
