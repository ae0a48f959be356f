/* test_mesh_read_stl.c: the STL reader on files this test writes byte by
 * byte (binary records assembled here in little-endian order; ASCII text with
 * mixed-case keywords, odd blanks and every line end), the same triangles in
 * both forms, the expected soup written out (vertex 3t + k is corner k of
 * triangle t); a binary file whose header starts with "solid"; several
 * solids; empty files; the soup welded back to the cube; and one test per
 * refusal, checking the status and the line, triangle or byte named. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "line_ends.h"
#include "mmt_mesh_io.h"

/* Two triangles of values exact in float32 (so ASCII and binary agree). */
enum { NT = 2 };
static const float tri_xyz[NT * 9] = {0, 0, 0, 1, 0, 0, 0, 1, 0,
                                      1, 0, 0, 1.5f, 1, -0.25f, 0, 1, 0};

static void put_u32(unsigned char *b, uint32_t v)
{
    for (int k = 0; k < 4; ++k) b[k] = (unsigned char)(v >> (8 * k));
}

static void put_f32(unsigned char *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    put_u32(b, u);
}

/* A binary STL of n triangles (xyz: 9 floats each) into buf (84 + 50 n
 * bytes); the header says `header` (up to 80 bytes, zero padded). */
static size_t binary_stl(unsigned char *buf, const char *header, const float *xyz, int n)
{
    memset(buf, 0, 84);
    memcpy(buf, header, strlen(header));
    put_u32(buf + 80, (uint32_t)n);
    for (int t = 0; t < n; ++t) {
        unsigned char *r = buf + 84 + 50 * t;
        put_f32(r, 0.0f);
        put_f32(r + 4, 0.0f);
        put_f32(r + 8, 1.0f);
        for (int k = 0; k < 9; ++k) put_f32(r + 12 + 4 * k, xyz[9 * t + k]);
        r[48] = (unsigned char)t; /* an attribute, ignored */
        r[49] = 0;
    }
    return 84 + 50 * (size_t)n;
}

static const char ascii_two[] =
    "solid two triangles\n"
    "  facet normal 0 0 1\n"
    "    outer loop\n"
    "      vertex 0 0 0\n"
    "      vertex 1 0 0\n"
    "      vertex 0 1 0\n"
    "    endloop\n"
    "  endfacet\n"
    "\tFACET Normal 0.0e0 -0 1.0\n"
    "OUTER   LOOP\n"
    "Vertex 1.0 0 0\n"
    "vertex\t1.5  1 -0.25\n"
    "VERTEX 0 1.0e+0 0\n"
    "EndLoop\n"
    "endfacet\n"
    "endsolid two triangles\n";

static void assert_two(mm_context ctx, mm_mesh mesh)
{
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    double xyz[NT * 9];
    for (int k = 0; k < NT * 9; ++k) xyz[k] = tri_xyz[k];
    static const int64_t offsets[] = {0, 3, 6};
    static const uint32_t ids[] = {0, 1, 2, 3, 4, 5};
    mmt_assert_mesh(&h, 3 * NT, xyz, NT, offsets, ids);
    mmt_host_mesh_free(&h);
}

START_TEST(binary_reads_the_soup)
{
    mm_context ctx = mmt_context();
    unsigned char buf[84 + 50 * NT];
    /* a header starting with "solid", as many exporters write */
    const char *headers[] = {"binary header", "solid but binary"};
    for (int i = 0; i < 2; ++i) {
        size_t n = binary_stl(buf, headers[i], tri_xyz, NT);
        mm_mesh mesh = NULL;
        MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, (const char *)buf, n, "two.stl", NULL));
        assert_two(ctx, mesh);
        mm_mesh_free(&mesh);
    }
    mm_context_free(&ctx);
}
END_TEST

START_TEST(ascii_reads_the_soup_with_every_line_end)
{
    mm_context ctx = mmt_context();
    char *text = mmt_with_line_ends(ascii_two, mmt_line_ends[_i]);
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "two.stl", text, NULL));
    assert_two(ctx, mesh);
    mm_mesh_free(&mesh);
    free(text);
    mm_context_free(&ctx);
}
END_TEST

/* Tokens may be split over lines; several solids follow one another; the
 * float32 precision option applies. */
START_TEST(ascii_any_whitespace_and_several_solids)
{
    mm_context ctx = mmt_context();
    const char *text = "solid\nfacet normal 0 0 1 outer loop vertex 0 0 0 vertex 1 0 0\n"
                       "vertex 0 1 0 endloop endfacet endsolid\n"
                       "  solid second\n facet\nnormal\n0\n0\n1\nouter\nloop\nvertex 1 0 0\n"
                       "vertex\n1.5\n1\n-0.25\nvertex 0 1 0 endloop endfacet\nendsolid second";
    mm_mesh mesh = NULL;
    mm_read_options o = mm_read_options_default();
    o.precision = MM_TYPE_FLOAT32;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "two.STL", text, &o));
    mm_mesh_info info;
    mm_mesh_info_get(mesh, &info);
    ck_assert_int_eq(info.precision, MM_TYPE_FLOAT32);
    assert_two(ctx, mesh);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(empty_files_are_empty_meshes)
{
    mm_context ctx = mmt_context();
    unsigned char buf[84];
    size_t n = binary_stl(buf, "", NULL, 0);
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, (const char *)buf, n, "e.stl", NULL));
    mm_mesh_info info;
    mm_mesh_info_get(mesh, &info);
    ck_assert_int_eq(info.num_vertices, 0);
    ck_assert_int_eq(info.num_faces, 0);
    mm_mesh_free(&mesh);
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "e.stl", "solid empty\nendsolid empty\n", NULL));
    mm_mesh_info_get(mesh, &info);
    ck_assert_int_eq(info.num_vertices, 0);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The unit cube as 12 triangles, from a file on disk: 36 vertices, 8 after
 * an exact weld, every face kept, the first corner's vertex first. */
START_TEST(cube_file_welds_to_eight_vertices)
{
    /* vertex v at (v & 1, v >> 1 & 1, v >> 2), quads outward, each cut into
     * (a b c) and (a c d) */
    static const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                    {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    static const int cut[2][3] = {{0, 1, 2}, {0, 2, 3}};
    float xyz[12 * 9];
    for (int t = 0; t < 12; ++t)
        for (int k = 0; k < 3; ++k) {
            int v = quads[t / 2][cut[t % 2][k]];
            xyz[9 * t + 3 * k] = (float)(v & 1);
            xyz[9 * t + 3 * k + 1] = (float)(v >> 1 & 1);
            xyz[9 * t + 3 * k + 2] = (float)(v >> 2);
        }
    unsigned char buf[84 + 50 * 12];
    size_t n = binary_stl(buf, "cube", xyz, 12);
    const char *dir = mmt_temp_dir();
    char path[256];
    mmt_temp_path(path, sizeof path, dir, "cube.Stl");
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(buf, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
    mm_context ctx = mmt_context();
    mm_mesh soup = NULL, welded = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &soup, path, NULL));
    mm_weld_report r;
    MMT_OK(ctx, mm_mesh_weld(ctx, soup, NULL, &welded, &r));
    ck_assert_int_eq(r.vertices_in, 36);
    ck_assert_int_eq(r.vertices_out, 8);
    ck_assert_int_eq(r.faces_out, 12);
    ck_assert_int_eq(r.faces_dropped, 0);
    mm_mesh_stats s;
    MMT_OK(ctx, mm_mesh_stats_get(ctx, welded, &s));
    ck_assert_int_eq(s.edges, 18);
    ck_assert_int_eq(s.boundary_edges, 0);
    ck_assert_int_eq(s.components, 1);
    ck_assert_int_eq(s.flipped_edges, 0);
    mm_mesh_free(&welded);
    mm_mesh_free(&soup);
    mm_context_free(&ctx);
    mmt_temp_dir_remove(dir);
}
END_TEST

typedef struct bad_text {
    const char *text, *status_says;
    mm_status status;
} bad_text;

#define FACET "facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\n" \
              "endloop\nendfacet\n"

static const bad_text bad_ascii[] = {
    {"solid x\nfacet normal 0 0 1\nouter lop\n", "bad.stl:3: expected 'loop' in facet 0, "
     "found 'lop'", MM_ERR_PARSE},
    {"solid x\n" FACET "facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\n",
     "bad.stl:13: expected 'vertex' (vertex 3 of 3) in facet 1, found 'endloop'", MM_ERR_PARSE},
    {"solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\n"
     "vertex 1 1 1\nendloop\n",
     "bad.stl:7: expected 'endloop' after the 3 vertices of facet 0, found 'vertex'",
     MM_ERR_PARSE},
    {"solid x\n" FACET "facot normal 0 0 1\n", "bad.stl:9: expected 'facet' or 'endsolid', "
     "found 'facot'", MM_ERR_PARSE},
    {"solid x\n" FACET, "bad.stl:8: expected 'facet' or 'endsolid', found end of file",
     MM_ERR_PARSE},
    {"solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0x 0\n",
     "bad.stl:5: expected the vertex's component 2 (a number) in facet 0, found '0x'",
     MM_ERR_PARSE},
    {"solid x\nfacet normal 0 0\nouter loop\n",
     "bad.stl:3: expected the normal's component 3 (a number) in facet 0, found 'outer'",
     MM_ERR_PARSE},
    {"solid x\n" FACET "facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex inf 0 0\n"
     "vertex 0 1 0\nendloop\nendfacet\nendsolid\n",
     "bad.stl:12: vertex 4 has a non-finite coordinate", MM_ERR_INVALID_MESH},
    {"solid x\nendsolid x\nsolid y\n", "bad.stl:3: expected 'facet' or 'endsolid', found end "
     "of file", MM_ERR_PARSE},
    {"solid x\nendsolid x\nrubbish\n", "bad.stl:3: expected 'solid' or the end of the file, "
     "found 'rubbish'", MM_ERR_PARSE},
    {"hello", "bad.stl: not an STL file: 5 bytes", MM_ERR_PARSE},
    {"", "bad.stl: not an STL file: 0 bytes", MM_ERR_PARSE},
};

START_TEST(ascii_refusals_name_the_line)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    const bad_text *b = &bad_ascii[_i];
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "bad.stl", b->text, NULL), b->status, b->status_says);
    ck_assert_ptr_null(mesh);
    ck_assert(strncmp(mm_last_error(ctx), "mm_mesh_read_memory: ", 21) == 0);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(binary_refusals_name_the_record)
{
    mm_context ctx = mmt_context();
    unsigned char buf[84 + 50 * 3 + 10];
    mm_mesh mesh = NULL;
    size_t n = binary_stl(buf, "solid lies", tri_xyz, NT);
    /* truncated inside triangle 1 (its record starts at byte 134) */
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, (const char *)buf, n - 7, "t.stl", NULL),
              MM_ERR_PARSE,
              "t.stl: binary STL: triangle 1 (record at byte 134) is truncated: the header "
              "declares 2 triangles (184 bytes), the file has 177 bytes");
    /* a header declaring 3 triangles */
    put_u32(buf + 80, 3);
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, (const char *)buf, n, "t.stl", NULL),
              MM_ERR_PARSE, "triangle 2 (record at byte 184) is truncated");
    /* bytes past the declared triangles */
    put_u32(buf + 80, NT);
    memset(buf + n, 0, 10);
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, (const char *)buf, n + 10, "t.stl", NULL),
              MM_ERR_PARSE, "t.stl: binary STL: 10 bytes after the 2 triangles the header "
              "declares (184 bytes)");
    /* too short for a header */
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, (const char *)buf, 50, "t.stl", NULL),
              MM_ERR_PARSE, "t.stl: not an STL file: 50 bytes");
    /* a NaN and an infinity: triangle 1, vertex 1, coordinate 2 */
    const float bad[] = {NAN, INFINITY};
    for (int i = 0; i < 2; ++i) {
        n = binary_stl(buf, "x", tri_xyz, NT);
        put_f32(buf + 84 + 50 + 12 + 4 * 5, bad[i]);
        MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, (const char *)buf, n, "t.stl", NULL),
                  MM_ERR_INVALID_MESH,
                  "t.stl: binary STL: triangle 1 (record at byte 134): vertex 1 has a "
                  "non-finite coordinate 2");
    }
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_read_stl");
    TCase *tc = tcase_create("stl");
    tcase_add_test(tc, binary_reads_the_soup);
    tcase_add_loop_test(tc, ascii_reads_the_soup_with_every_line_end, 0, MMT_NUM_LINE_ENDS);
    tcase_add_test(tc, ascii_any_whitespace_and_several_solids);
    tcase_add_test(tc, empty_files_are_empty_meshes);
    tcase_add_test(tc, cube_file_welds_to_eight_vertices);
    tcase_add_loop_test(tc, ascii_refusals_name_the_line, 0,
                        (int)(sizeof bad_ascii / sizeof bad_ascii[0]));
    tcase_add_test(tc, binary_refusals_name_the_record);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
