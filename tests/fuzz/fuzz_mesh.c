/* fuzz_mesh.c: the harnesses' shared checks (fuzz_mesh.h). */
#include "fuzz_mesh.h"

#include <stdio.h>
#include <stdlib.h>

void fuzz_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "fuzz: property violated: %s (%s:%d)\n", what, file, line);
    abort();
}

void fuzz_fail_on(mm_context ctx, const char *what, const char *file, int line)
{
    fprintf(stderr, "fuzz: %s\n", mm_last_error(ctx));
    fuzz_fail(what, file, line);
}

mm_context fuzz_context(void)
{
    mm_context ctx = NULL;
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CPU;
    FUZZ_CHECK(mm_context_new(&ctx, &o) == MM_OK);
    return ctx;
}

void fuzz_context_free(mm_context *ctx)
{
    FUZZ_CHECK(mm_context_bytes_in_use(*ctx, MM_MEMORY_HOST) == 0);
    FUZZ_CHECK(mm_context_bytes_in_use(*ctx, MM_MEMORY_DEVICE) == 0);
    mm_context_free(ctx);
}

void fuzz_check_read_status(mm_context ctx, mm_status st, mm_mesh mesh)
{
    if (st == MM_OK) {
        FUZZ_CHECK(mesh != NULL);
        return;
    }
    FUZZ_CHECK(st == MM_ERR_PARSE || st == MM_ERR_FORMAT || st == MM_ERR_INVALID_MESH ||
               st == MM_ERR_OVERFLOW);
    FUZZ_CHECK(mesh == NULL);
    FUZZ_CHECK(mm_last_error(ctx)[0] != '\0');
}

void fuzz_check_info(mm_mesh mesh, const mm_read_options *opts)
{
    mm_mesh_info in;
    FUZZ_CHECK(mm_mesh_info_get(mesh, &in) == MM_OK);
    /* x, y, z, then a PLY file's further vertex properties, each named */
    FUZZ_CHECK(in.dim >= 3);
    for (int64_t c = 3; c < in.dim; ++c) FUZZ_CHECK(mm_mesh_vertex_property_name(mesh, (int)c));
    FUZZ_CHECK(in.precision == opts->precision);
    FUZZ_CHECK(in.num_vertices >= 0 && in.num_vertices < ((int64_t)1 << 32));
    FUZZ_CHECK(in.num_faces >= 0 && in.num_faces < ((int64_t)1 << 32));
    FUZZ_CHECK(in.nnz >= 3 * in.num_faces);
    /* three distinct vertices per face, unless faces may repeat one: (a, a, b)
     * on two vertices, even (a, a, a) on one, is then a mesh */
    FUZZ_CHECK(in.num_faces == 0 || in.num_vertices >= (opts->keep_repeated ? 1 : 3));
    FUZZ_CHECK(in.uniform_order == 0 || in.nnz == in.uniform_order * in.num_faces);
    FUZZ_CHECK(in.num_creases >= 0 && in.num_corners >= 0 && in.num_corners <= in.num_vertices);
    FUZZ_CHECK(in.num_holes >= 0 && in.num_holes <= in.num_faces);
}

void fuzz_read(const uint8_t *data, size_t size, const char *name)
{
    mm_context ctx = fuzz_context();
    mm_mesh mesh = NULL;
    mm_read_options o = mm_read_options_default();
    mm_status st = mm_mesh_read_memory(ctx, &mesh, (const char *)data, size, name, &o);
    fuzz_check_read_status(ctx, st, mesh);
    if (st == MM_OK) fuzz_check_info(mesh, &o);
    mm_mesh_free(&mesh);
    fuzz_context_free(&ctx);
}
