/* test_mesh_read_ply_large.c: binary PLY files large enough for the reader's
 * parallel loops (the layout of uniform faces, the vertex and face copies, the
 * validation scans), read on 1, 2 and 3 threads: a grid of triangles, little-
 * and big-endian, gives bitwise the mesh of its ASCII twin (read record by
 * record into lists), in both precisions; a long run of triangles with a few
 * quads in it gets face offsets; the first bad id, missing byte, non-finite
 * coordinate or short face is the one named, whatever the thread count and
 * whatever bad data follows; and the context holds the mesh's arrays only,
 * nothing once it is freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_mesh_io.h"

#define SIDE 300                              /* grid vertices per side      */
#define VERTICES (SIDE * SIDE)                /* 90000                       */
#define TRIANGLES (2 * (SIDE - 1) * (SIDE - 1)) /* 178802: several chunks    */

/* A file under construction. */
typedef struct file {
    char *b;
    size_t n, cap;
    int big; /* binary values high byte first */
} file;

static void put_bytes(file *o, const void *p, size_t n)
{
    if (o->n + n > o->cap) {
        o->cap = 2 * (o->n + n);
        o->b = realloc(o->b, o->cap);
        ck_assert_ptr_nonnull(o->b);
    }
    memcpy(o->b + o->n, p, n);
    o->n += n;
}

static void put_text(file *o, const char *s)
{
    put_bytes(o, s, strlen(s));
}

/* size bytes of u in the file's byte order. */
static void put_uint(file *o, uint64_t u, int size)
{
    unsigned char b[8];
    for (int i = 0; i < size; ++i, u >>= 8) b[o->big ? size - 1 - i : i] = (unsigned char)u;
    put_bytes(o, b, (size_t)size);
}

static void put_f64(file *o, double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    put_uint(o, u, 8);
}

/* The grid: vertex (i, j) at irregular float64 values; cell (i, j) split into
 * two triangles, or kept whole as a quad when quads_every > 0 divides its
 * number (mixed orders). */
typedef struct grid {
    int64_t faces, nnz;
    int32_t ids[2 * (SIDE - 1) * (SIDE - 1) * 3];
    int order[2 * (SIDE - 1) * (SIDE - 1)];
} grid;

static void make_grid(grid *g, int quads_every)
{
    g->faces = g->nnz = 0;
    for (int j = 0; j + 1 < SIDE; ++j)
        for (int i = 0; i + 1 < SIDE; ++i) {
            int32_t a = j * SIDE + i, b = a + 1, c = a + SIDE + 1, d = a + SIDE;
            int32_t tri[6] = {a, b, c, a, c, d}, quad[4] = {a, b, c, d};
            int cell = j * (SIDE - 1) + i;
            if (quads_every > 0 && cell % quads_every == quads_every - 1) {
                memcpy(g->ids + g->nnz, quad, sizeof quad);
                g->order[g->faces++] = 4;
                g->nnz += 4;
            } else {
                memcpy(g->ids + g->nnz, tri, sizeof tri);
                g->order[g->faces++] = 3;
                g->order[g->faces++] = 3;
                g->nnz += 6;
            }
        }
}

static double coordinate(int64_t v, int k)
{
    return k == 2 ? 1.0 / (double)(v + 3) : (double)(k ? v / SIDE : v % SIDE) * 0.1 + 1e-9 * v;
}

/* g as PLY: binary (big: high byte first) with float64 positions and a
 * `list uchar int` face list, or ASCII with 17 digits. */
static void write_ply(file *o, const grid *g, int binary, int big)
{
    char line[256];
    *o = (file){NULL, 0, 0, big};
    snprintf(line, sizeof line,
             "ply\nformat %s 1.0\nelement vertex %d\nproperty double x\nproperty double y\n"
             "property double z\nelement face %lld\nproperty list uchar int vertex_indices\n"
             "end_header\n",
             !binary ? "ascii" : big ? "binary_big_endian" : "binary_little_endian", VERTICES,
             (long long)g->faces);
    put_text(o, line);
    for (int64_t v = 0; v < VERTICES; ++v)
        for (int k = 0; k < 3; ++k) {
            if (binary) {
                put_f64(o, coordinate(v, k));
            } else {
                snprintf(line, sizeof line, k < 2 ? "%.17g " : "%.17g\n", coordinate(v, k));
                put_text(o, line);
            }
        }
    const int32_t *id = g->ids;
    for (int64_t f = 0; f < g->faces; id += g->order[f++]) {
        if (binary) {
            put_uint(o, (uint64_t)g->order[f], 1);
            for (int k = 0; k < g->order[f]; ++k) put_uint(o, (uint32_t)id[k], 4);
            continue;
        }
        snprintf(line, sizeof line, "%d", g->order[f]);
        put_text(o, line);
        for (int k = 0; k < g->order[f]; ++k) {
            snprintf(line, sizeof line, " %d", id[k]);
            put_text(o, line);
        }
        put_text(o, "\n");
    }
}

/* Byte offset of face f's record in a binary file of g. */
static size_t face_record(const file *o, const grid *g, int64_t f)
{
    size_t at = o->n;
    for (int64_t k = g->faces - 1; k >= f; --k) at -= 1 + 4 * (size_t)g->order[k];
    return at;
}

/* Overwrites id k of face f (binary file of g) with u. */
static void set_id(file *o, const grid *g, int64_t f, int k, uint32_t u)
{
    size_t end = o->n;
    o->n = face_record(o, g, f) + 1 + 4 * (size_t)k;
    put_uint(o, u, 4);
    o->n = end;
}

static void read_mesh(mm_context ctx, const file *o, const char *name, mm_type precision,
                      mmt_host_mesh *h)
{
    mm_read_options opts = mm_read_options_default();
    opts.precision = precision;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, o->b, o->n, name, &opts));
    mmt_host_mesh_get(ctx, mesh, h);
    mm_mesh_free(&mesh);
}

/* a and b hold the same mesh, byte for byte (one assertion each: the
 * comparison of a large mesh element by element is slow under Check). */
static void assert_identical(const mmt_host_mesh *a, const mmt_host_mesh *b)
{
    const mm_mesh_info *i = &a->info;
    ck_assert(i->num_vertices == b->info.num_vertices && i->num_faces == b->info.num_faces &&
              i->nnz == b->info.nnz && i->dim == b->info.dim &&
              i->uniform_order == b->info.uniform_order && i->precision == b->info.precision);
    ck_assert(memcmp(a->vertices, b->vertices,
                     (size_t)(i->num_vertices * i->dim) * mm_type_size(i->precision)) == 0);
    ck_assert(memcmp(a->offsets, b->offsets, (size_t)(i->num_faces + 1) * sizeof(int64_t)) == 0);
    ck_assert(memcmp(a->ids, b->ids, (size_t)i->nnz * sizeof(uint32_t)) == 0);
}

static grid g; /* large: static */

/* Triangles, or triangles with a quad in every 1000 cells: the binary file on
 * each thread count, either byte order and either precision, reads to the
 * ASCII file's mesh bit for bit. */
START_TEST(binary_reads_as_its_ascii_twin_on_any_thread_count)
{
    int mixed = _i;
    make_grid(&g, mixed ? 1000 : 0);
    mm_context ctx = mmt_context();
    file text;
    write_ply(&text, &g, 0, 0);
    for (int p = 0; p < 2; ++p) {
        mm_type precision = p ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
        mmt_host_mesh a;
        read_mesh(ctx, &text, "grid.ply", precision, &a);
        ck_assert_int_eq(a.info.num_faces, g.faces);
        ck_assert_int_eq(a.info.uniform_order, mixed ? 0 : 3);
        ck_assert_int_eq(a.info.precision, precision);
        for (int big = 0; big < 2; ++big) {
            file bin;
            write_ply(&bin, &g, 1, big);
            for (int threads = 1; threads <= 3; ++threads) {
                mmt_set_threads(threads);
                mmt_host_mesh b;
                read_mesh(ctx, &bin, "grid.ply", precision, &b);
                assert_identical(&a, &b);
                mmt_host_mesh_free(&b);
            }
            free(bin.b);
        }
        mmt_host_mesh_free(&a);
    }
    free(text.b);
    mm_context_free(&ctx);
}
END_TEST

/* What a read leaves in the context: the mesh's own arrays (on the CPU those
 * the reader filled, taken over; on CUDA their copies), no host scratch, and
 * nothing once the mesh is freed. */
START_TEST(the_mesh_holds_the_arrays_the_reader_filled)
{
    int mixed = _i;
    make_grid(&g, mixed ? 1000 : 0);
    mm_context ctx = mmt_context();
    mm_memory where = mm_context_backend(ctx) == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE
                                                                  : MM_MEMORY_HOST;
    file bin;
    write_ply(&bin, &g, 1, 0);
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, bin.b, bin.n, "grid.ply", NULL));
    int64_t bytes = VERTICES * 3 * 8 + g.nnz * 4 + (mixed ? (g.faces + 1) * 8 : 0);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), bytes);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST),
                     where == MM_MEMORY_HOST ? bytes : 0);
    mm_mesh_free(&mesh);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), 0);
    free(bin.b);
    mm_context_free(&ctx);
}
END_TEST

/* Bad data in the binary triangle file, one kind per case: its first
 * occurrence (in the first thread's share of the loops) is named whatever the
 * thread count, not the later one (in the last thread's share). */
START_TEST(the_first_bad_datum_is_named_on_any_thread_count)
{
    make_grid(&g, 0);
    file bin;
    write_ply(&bin, &g, 1, 0);
    const int64_t first = 50001, later = 170002;
    double nan = strtod("nan", NULL);
    size_t cut = 0;
    const char *says = NULL;
    mm_status status = MM_ERR_INVALID_MESH;
    switch (_i) {
    case 0: /* negative ids */
        set_id(&bin, &g, first, 1, (uint32_t)-5);
        set_id(&bin, &g, later, 0, (uint32_t)-7);
        says = "grid.ply: face 50001 uses vertex -5; ids are 0-based, below 2^32";
        break;
    case 1: /* a negative id, then the data ends */
        set_id(&bin, &g, first, 2, (uint32_t)-5);
        cut = bin.n - face_record(&bin, &g, later) - 3;
        says = "grid.ply: face 50001 uses vertex -5";
        break;
    case 2: /* the data ends */
        cut = bin.n - face_record(&bin, &g, later) - 3;
        status = MM_ERR_PARSE;
        says = "grid.ply: the data ends in element 'face' 170003 of 178802, property "
               "'vertex_indices'";
        break;
    case 3: /* ids past the vertices */
        set_id(&bin, &g, first, 0, VERTICES);
        set_id(&bin, &g, later, 0, VERTICES + 7);
        says = "grid.ply: face 50001 uses vertex 90000 (0-based), but there are 90000 vertices";
        break;
    case 4: /* a repeated vertex */
        set_id(&bin, &g, first, 2, (uint32_t)g.ids[3 * first]);
        set_id(&bin, &g, later, 2, (uint32_t)g.ids[3 * later]);
        says = "grid.ply: face 50001 repeats vertex";
        break;
    case 5: /* non-finite coordinates */
        for (int64_t v = 30000; v <= 80000; v += 50000) {
            size_t end = bin.n;
            bin.n = face_record(&bin, &g, 0) - (size_t)(VERTICES - v) * 24 + 8;
            put_f64(&bin, nan);
            bin.n = end;
        }
        says = "grid.ply: vertex 30000 has a non-finite coordinate 1";
        break;
    }
    bin.n -= cut;
    mm_context ctx = mmt_context();
    for (int threads = 1; threads <= 3; ++threads) {
        mmt_set_threads(threads);
        mm_mesh mesh = NULL;
        MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, bin.b, bin.n, "grid.ply", NULL), status,
                  says);
        ck_assert_ptr_null(mesh);
        ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    }
    free(bin.b);
    mm_context_free(&ctx);
}
END_TEST

/* Triangles, then a face of two vertices late in the file (orders differ:
 * offsets): named as the first short face, with no line in binary. */
START_TEST(a_short_face_after_many_triangles_is_named)
{
    make_grid(&g, 0);
    g.order[TRIANGLES - 1] = 2;
    g.nnz -= 1;
    file bin;
    write_ply(&bin, &g, 1, 0);
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, bin.b, bin.n, "grid.ply", NULL),
              MM_ERR_INVALID_MESH, "grid.ply: face 178801 has 2 vertices; a face needs at least 3");
    free(bin.b);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_read_ply_large");
    TCase *tc = tcase_create("large");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, binary_reads_as_its_ascii_twin_on_any_thread_count, 0, 2);
    tcase_add_loop_test(tc, the_mesh_holds_the_arrays_the_reader_filled, 0, 2);
    tcase_add_loop_test(tc, the_first_bad_datum_is_named_on_any_thread_count, 0, 6);
    tcase_add_test(tc, a_short_face_after_many_triangles_is_named);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
