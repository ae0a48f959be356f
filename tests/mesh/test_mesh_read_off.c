/* test_mesh_read_off.c: the OFF reader on hand-written files with the whole
 * answer written out (comments, blank lines, trailing colours, the COFF/NOFF
 * variants, counts on the header line or without a header, LF, CRLF and
 * CR-only line ends), and one test per refusal, each checking the status and
 * the file:line the message names. */
#include <string.h>

#include "line_ends.h"
#include "mmt_mesh_io.h"

/* The quad and triangle of test_mesh_read_obj.c, 0-based:
 *   3---2
 *   |   | \
 *   0---1--4      faces (0 1 2 3) and (1 4 2) */
static const double quad_tri_xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0.5, -1.25};
static const int64_t quad_tri_offsets[] = {0, 4, 7};
static const uint32_t quad_tri_ids[] = {0, 1, 2, 3, 1, 4, 2};

static const char *const good_files[] = {
    "OFF\n5 2 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n2 0.5 -1.25\n4 0 1 2 3\n3 1 4 2\n",
    /* comments, blank lines, CRLF, a face colour, no edge count */
    "# made by hand\r\nOFF\r\n\r\n# counts\r\n5 2\r\n0 0 0\r\n1 0 0 # right\r\n1 1 0\r\n"
    "\r\n0 1 0\r\n2 0.5 -1.25\r\n4 0 1 2 3 255 0 0\r\n3 1 4 2 0.5 0.5 0.5 1\r\n# end\r\n",
    /* COFF: a colour per vertex */
    "COFF\n5 2 0\n0 0 0 255 0 0 255\n1 0 0 0 255 0 255\n1 1 0 0 0 255 255\n0 1 0 1 1 1 1\n"
    "2 0.5 -1.25 0 0 0 0\n4 0 1 2 3\n3 1 4 2\n",
    /* NOFF with the counts on the header line */
    "NOFF 5 2 0\n0 0 0 0 0 1\n1 0 0 0 0 1\n1 1 0 0 0 1\n0 1 0 0 0 1\n2 0.5 -1.25 0 0 1\n"
    "4 0 1 2 3\n3 1 4 2\n",
    /* STCNOFF: texture, colour, normal columns, all ignored */
    "STCNOFF\n5 2 0\n0 0 0 0 0 1 0 0 0 0 1\n1 0 0 0 0 1 0 0 0 0 1\n1 1 0 0 0 1 0 0 0 0 1\n"
    "0 1 0 0 0 1 0 0 0 0 1\n2 0.5 -1.25 0 0 1 0 0 0 0 1\n4 0 1 2 3\n3 1 4 2\n",
    /* no header at all: the counts come first */
    "5 2 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n2 0.5 -1.25\n4 0 1 2 3\n3 1 4 2",
};

START_TEST(off_reads_quad_and_triangle)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "quad_tri.off", good_files[_i], NULL));
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(off_reads_a_point_cloud_and_unused_vertices)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "points.off", "OFF\n2 0 0\n1 2 3\n4 5 6\n", NULL));
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    static const double xyz[] = {1, 2, 3, 4, 5, 6};
    static const int64_t none[] = {0};
    mmt_assert_mesh(&h, 2, xyz, 0, none, NULL);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The same file with LF, CRLF or CR-only line ends (comments and blank lines
 * included) is the same mesh; errors on lines 9 and 13 are named there. */
START_TEST(off_reads_every_line_end)
{
    static const char text[] = "# made by hand\nOFF\n\n# counts\n5 2 0\n"   /* 1-5 */
                               "0 0 0\n1 0 0 # right\n1 1 0\n0 1 0\n"      /* 6-9 */
                               "2 0.5 -1.25\n\n4 0 1 2 3\n3 1 4 2\n# end\n"; /* 10-14 */
    static const char bad_vertex[] = "# made by hand\nOFF\n\n# counts\n5 2 0\n"
                                     "0 0 0\n1 0 0 # right\n1 1 0\n0 1\n";
    static const char bad_face[] = "# made by hand\nOFF\n\n# counts\n5 2 0\n"
                                   "0 0 0\n1 0 0 # right\n1 1 0\n0 1 0\n"
                                   "2 0.5 -1.25\n\n4 0 1 2 3\n3 1 9 2\n";
    const char *eol = mmt_line_ends[_i];
    char *file = mmt_with_line_ends(text, eol);
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "ends.off", file, NULL));
    free(file);
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&mesh);
    file = mmt_with_line_ends(bad_vertex, eol);
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "ends.off", file, NULL), MM_ERR_PARSE,
              "ends.off:9: expected coordinate 3 of vertex 4 (x y z), found end of line");
    free(file);
    file = mmt_with_line_ends(bad_face, eol);
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "ends.off", file, NULL), MM_ERR_INVALID_MESH,
              "ends.off:13: face 1 uses vertex 9 (0-based), but there are 5 vertices");
    free(file);
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

typedef struct bad_case {
    const char *name, *text;
    mm_status status;
    const char *says;
} bad_case;

#define HEAD "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n"

static const bad_case bad_cases[] = {
    {"empty.off", "", MM_ERR_PARSE, "empty.off:1: expected an OFF header, found end of file"},
    {"blank.off", "# only\n\n# comments\n", MM_ERR_PARSE,
     "blank.off:3: expected an OFF header, found end of file"},
    {"header.off", "PLY\n3 1 0\n", MM_ERR_PARSE,
     "header.off:1: expected an OFF header (OFF, COFF, NOFF, CNOFF, STOFF, …), found 'PLY'"},
    {"garbage.off", "\x89PNG\r\n\x1a\n", MM_ERR_PARSE, "garbage.off:1: expected an OFF header"},
    {"four.off", "4OFF\n3 1 0\n", MM_ERR_FORMAT, "four.off:1: header '4OFF' is not supported"},
    {"ndim.off", "nOFF\n4\n3 1 0\n", MM_ERR_FORMAT, "ndim.off:1: header 'nOFF' is not supported"},
    {"binary.off", "OFF BINARY\n", MM_ERR_FORMAT, "binary.off:1: binary OFF is not supported"},
    {"nocounts.off", "OFF\n", MM_ERR_PARSE,
     "nocounts.off:1: expected the counts line (|V| |F| [|E|]), found end of file"},
    {"counts.off", "OFF\n3 x 0\n", MM_ERR_PARSE,
     "counts.off:2: expected the face count |F| ≥ 0, found 'x'"},
    {"negative.off", "OFF\n-3 1 0\n", MM_ERR_PARSE,
     "negative.off:2: expected the vertex count |V| ≥ 0, found '-3'"},
    {"morecounts.off", "OFF\n3 1 0 7\n", MM_ERR_PARSE,
     "morecounts.off:2: expected the end of the counts line, found '7'"},
    {"vertices.off", "OFF\n4 1 0\n0 0 0\n1 0 0\n\n0 1 0\n", MM_ERR_PARSE,
     "vertices.off:6: expected vertex 4 of 4 (x y z), found end of file"},
    {"coord.off", "OFF\n3 1 0\n0 0 0\n1 0\n0 1 0\n", MM_ERR_PARSE,
     "coord.off:4: expected coordinate 3 of vertex 2 (x y z), found end of line"},
    {"faces.off", "OFF\n3 2 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", MM_ERR_PARSE,
     "faces.off:6: expected face 2 of 2 (n i0 … i(n-1)), found end of file"},
    {"facecount.off", HEAD "x 0 1 2\n", MM_ERR_PARSE,
     "facecount.off:6: expected the face's vertex count n ≥ 0, found 'x'"},
    {"shortface.off", HEAD "4 0 1 2\n", MM_ERR_PARSE,
     "shortface.off:6: expected vertex 4 of 4 of the face (0-based index), found end of line"},
    {"negindex.off", HEAD "3 0 -1 2\n", MM_ERR_INVALID_MESH,
     "negindex.off:6: face 0 uses vertex -1; ids are 0-based, below 2^32"},
    {"range.off", HEAD "3 0 1 3\n", MM_ERR_INVALID_MESH,
     "range.off:6: face 0 uses vertex 3 (0-based), but there are 3 vertices"},
    {"twoverts.off", HEAD "2 0 1\n", MM_ERR_INVALID_MESH,
     "twoverts.off:6: face 0 has 2 vertices; a face needs at least 3"},
    {"nan.off", "OFF\n3 1 0\n0 0 0\n1 NaN 0\n0 1 0\n3 0 1 2\n", MM_ERR_INVALID_MESH,
     "nan.off:4: vertex 1 has a non-finite coordinate 1"},
    {"extra.off", HEAD "3 0 1 2\n3 2 1 0\n", MM_ERR_PARSE,
     "extra.off:7: expected the end of the file after 1 faces, found '3'"},
};

START_TEST(off_reports_bad_input_with_its_line)
{
    const bad_case *c = &bad_cases[_i];
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, c->name, c->text, NULL), c->status, c->says);
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_read_off");
    TCase *tc = tcase_create("off");
    tcase_add_loop_test(tc, off_reads_quad_and_triangle, 0,
                        (int)(sizeof good_files / sizeof good_files[0]));
    tcase_add_test(tc, off_reads_a_point_cloud_and_unused_vertices);
    tcase_add_loop_test(tc, off_reads_every_line_end, 0, MMT_NUM_LINE_ENDS);
    tcase_add_loop_test(tc, off_reports_bad_input_with_its_line, 0,
                        (int)(sizeof bad_cases / sizeof bad_cases[0]));
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
