/* test_mesh_read_obj.c: the OBJ reader on hand-written files with the whole
 * answer written out (every face-index form, relative indices, ignored
 * statements, LF, CRLF and CR-only line ends and continuations, OpenSubdiv
 * tags, the empty mesh), and one test per refusal, each checking the status
 * and the file:line the message names (tag errors included). */
#include <stdio.h>
#include <string.h>

#include "line_ends.h"
#include "mmt_mesh_io.h"

/* Reads text (named name) and exports it; fails the test on error. */
static void read_host(mm_context ctx, const char *name, const char *text,
                      const mm_read_options *opts, mmt_host_mesh *h)
{
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, name, text, opts));
    mmt_host_mesh_get(ctx, mesh, h);
    mm_mesh_free(&mesh);
}

/* A quad and a triangle sharing the edge 1-2:
 *   3---2
 *   |   | \
 *   0---1--4      faces (0 1 2 3) and (1 4 2) */
static const double quad_tri_xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0.5, -1.25};
static const int64_t quad_tri_offsets[] = {0, 4, 7};
static const uint32_t quad_tri_ids[] = {0, 1, 2, 3, 1, 4, 2};

START_TEST(obj_reads_quad_and_triangle)
{
    static const char text[] = "# a quad and a triangle\n"
                               "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 2 0.5 -1.25\n"
                               "f 1 2 3 4\nf 2 5 3\n";
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "quad_tri.obj", text, NULL, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    ck_assert_int_eq(h.info.precision, MM_TYPE_FLOAT64);
    ck_assert_int_eq(h.info.num_creases, 0);
    ck_assert_int_eq(h.info.num_corners, 0);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(obj_reads_every_index_form)
{
    static const char text[] = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 2 0.5 -1.25\n"
                               "vt 0 0\nvt 1 0\nvt 1 1\nvn 0 0 1\n"
                               "f 1/1 2/2/1 3//1 4/3/\n"     /* v/vt, v/vt/vn, v//vn, v/vt/ */
                               "f -4/-3/-1 5//1 -3\n";       /* relative: 2, 5, 3 */
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "forms.obj", text, NULL, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

/* Relative indices count back from the vertices defined so far, so the same
 * "-1" names different vertices before and after more `v` lines. */
START_TEST(obj_relative_indices_follow_the_vertices_so_far)
{
    static const char text[] = "v 0 0 0\nv 1 0 0\nv 1 1 0\nf -3 -2 -1\n"
                               "v 0 1 0\nv 2 0.5 -1.25\nf -1 1 -4\n";
    static const int64_t offsets[] = {0, 3, 6};
    static const uint32_t ids[] = {0, 1, 2, 4, 0, 1};
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "relative.obj", text, NULL, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, offsets, ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(obj_ignores_other_statements_and_columns)
{
    static const char text[] = "\xEF\xBB\xBF# byte-order mark, then a comment\n"
                               "mtllib scene.mtl\no thing\ng group one\n\n"
                               "   v 0 0 0 1.0\n"                  /* w */
                               "v\t1 0 0 0.5 0.25 0.125\n"         /* colours */
                               "v 1 1 0\nv 0 1 0\nv 2 0.5 -1.25\n"
                               "vp 0.5 0.5\nusemtl red\ns 1\nl 1 2 3\ncurv2 1 2\n"
                               "f 1 2 3 4 # a trailing comment\n"
                               "s off\nf 2 5 3\n";
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "ignored.obj", text, NULL, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

/* CRLF line ends and statements continued with a trailing backslash; the
 * error after them still names the right physical line (9). */
START_TEST(obj_reads_crlf_and_continuations)
{
    static const char text[] = "v 0 0 0\r\nv 1 \\\r\n 0 0\r\nv 1 1 0\r\nv 0 1 0\r\n"
                               "v 2 0.5 -1.25\r\nf 1 2 \\\n3 4\r\nf 2 5 3\r\n";
    static const char bad[] = "v 0 0 0\r\nv 1 \\\r\n 0 0\r\nv 1 1 0\r\nv 0 1 0\r\n"
                              "v 2 0.5 -1.25\r\nf 1 2 \\\n3 4\r\nf 2 x 3\r\n";
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "crlf.obj", text, NULL, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    mmt_host_mesh_free(&h);
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "crlf.obj", bad, NULL), MM_ERR_PARSE,
              "crlf.obj:9: expected a vertex index");
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The same file with LF, CRLF and CR-only line ends (a continuation and a
 * blank line included) is the same mesh and tags, and errors on lines 10 and
 * 11 are named as lines 10 and 11 whatever the line ends. */
START_TEST(obj_reads_every_line_end)
{
    static const char text[] = "# a quad and a triangle\n"                 /* 1 */
                               "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n\n" /* 2-6 */
                               "v 2 0.5 -1.25\nf 1 2 \\\n3 4\n"          /* 7-9 */
                               "f 2 5 3\nt crease 2/1/0 0 1 2.5\n";        /* 10-11 */
    static const char bad_face[] = "# a quad and a triangle\n"
                                   "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n\n"
                                   "v 2 0.5 -1.25\nf 1 2 \\\n3 4\nf 2 x 3\n";
    static const char bad_tag[] = "# a quad and a triangle\n"
                                  "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n\n"
                                  "v 2 0.5 -1.25\nf 1 2 \\\n3 4\n"
                                  "f 2 5 3\nt crease 2/1/0 0 9 2.5\n";
    static const uint32_t crease[] = {0, 1};
    const char *eol = mmt_line_ends[_i];
    char *file = mmt_with_line_ends(text, eol);
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "ends.obj", file, NULL, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    ck_assert_int_eq(h.info.num_creases, 1);
    ck_assert_mem_eq(h.crease_vertices, crease, sizeof crease);
    ck_assert(h.crease_sharpness[0] == 2.5f);
    mmt_host_mesh_free(&h);
    free(file);
    mm_mesh mesh = NULL;
    file = mmt_with_line_ends(bad_face, eol);
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "ends.obj", file, NULL), MM_ERR_PARSE,
              "ends.obj:10: expected a vertex index");
    free(file);
    file = mmt_with_line_ends(bad_tag, eol);
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "ends.obj", file, NULL), MM_ERR_INVALID_MESH,
              "ends.obj:11: crease tag names vertex 9");
    free(file);
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A file of comments only is the empty mesh: what the writer writes for it
 * (test_mesh_write checks the round trip). */
START_TEST(obj_reads_comments_only_as_the_empty_mesh)
{
    static const char *const texts[] = {"# nothing\n# here\n", "# nothing\n# here",
                                        "# meshmat: 0 vertices, 0 faces, 0 creases, 0 corners\n"};
    mm_context ctx = mmt_context();
    for (int i = 0; i < 3; ++i) {
        mmt_host_mesh h;
        read_host(ctx, "empty.obj", texts[i], NULL, &h);
        ck_assert_int_eq(h.info.num_vertices, 0);
        ck_assert_int_eq(h.info.num_faces, 0);
        ck_assert_int_eq(h.info.nnz, 0);
        mmt_host_mesh_free(&h);
    }
    mm_context_free(&ctx);
}
END_TEST

/* A tag may name vertices defined after it: ids are checked once the whole
 * file is read. */
START_TEST(obj_tags_may_precede_their_vertices)
{
    static const char text[] = "t corner 1/1/0 2 3\nt crease 2/1/0 0 1 1\n"
                               "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "early.obj", text, NULL, &h);
    ck_assert_int_eq(h.info.num_creases, 1);
    ck_assert_int_eq(h.info.num_corners, 1);
    ck_assert_uint_eq(h.corner_vertices[0], 2);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

/* OpenSubdiv tags, as `t` lines and as `# osd-tag:` comments; ids 0-based.
 * A chain of N ids is N-1 edges; one sharpness for all, or one each. */
START_TEST(obj_reads_opensubdiv_tags)
{
    static const char text[] = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 2 0.5 -1.25\n"
                               "f 1 2 3 4\nf 2 5 3\n"
                               "t crease 2/1/0 0 1 2.5\n"
                               "# osd-tag: t crease 3/1/0 1 2 3 4\n"
                               "t crease 3/2/0 0 3 2 1.5 0.5\n"
                               "#osd-tag: t corner 2/1/0 0 1 7\n"
                               "t corner 2/2/0 2 4 1 2\n"
                               "t interpolateboundary 1/0/0 1\n"
                               "# osd-tag: t hole 1/0/0 1\n"
                               "t hole 2/0/0 1 0\n"
                               "# osd-tag: t creasemethod 0/0/1 chaikin\n"
                               "# a comment that only mentions t crease 2/1/0 0 1 9\n";
    /* {2, 3} is tagged twice: the mesh keeps it once, with the sharpness
     * given last (0.5), where that tag stands (mesh.h). */
    static const uint32_t crease_ids[] = {0, 1, 1, 2, 0, 3, 3, 2};
    static const float crease_s[] = {2.5f, 4, 1.5f, 0.5f};
    static const uint32_t corner_ids[] = {0, 1, 2, 4};
    static const float corner_s[] = {7, 7, 1, 2};
    /* Holes are face ids in file order; face 1, named twice, is one hole. */
    static const uint32_t holes[] = {0, 1};
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "tags.obj", text, NULL, &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    ck_assert_int_eq(h.info.num_creases, 4);
    ck_assert_int_eq(h.info.num_corners, 4);
    ck_assert_mem_eq(h.crease_vertices, crease_ids, sizeof crease_ids);
    ck_assert_mem_eq(h.crease_sharpness, crease_s, sizeof crease_s);
    ck_assert_mem_eq(h.corner_vertices, corner_ids, sizeof corner_ids);
    ck_assert_mem_eq(h.corner_sharpness, corner_s, sizeof corner_s);
    ck_assert_int_eq(h.info.num_holes, 2);
    ck_assert_mem_eq(h.hole_faces, holes, sizeof holes);
    /* t interpolateboundary 1: OpenSubdiv's edge-and-corner. */
    ck_assert_int_eq(h.info.boundary, MM_BOUNDARY_EDGE_AND_CORNER);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

/* float32 precision stores the nearest float of each decimal. */
START_TEST(obj_reads_in_float32)
{
    static const char text[] = "v 0.1 -2.5e-3 16777217\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    mm_context ctx = mmt_context();
    mm_read_options o = mm_read_options_default();
    o.precision = MM_TYPE_FLOAT32;
    mmt_host_mesh h;
    read_host(ctx, "single.obj", text, &o, &h);
    ck_assert_int_eq(h.info.precision, MM_TYPE_FLOAT32);
    const float *x = h.vertices;
    ck_assert(x[0] == 0.1f);
    ck_assert(x[1] == -2.5e-3f);
    ck_assert(x[2] == 16777216.0f); /* 2^24 + 1 rounds to even */
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(obj_reads_a_file_with_upper_case_extension)
{
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    char path[512];
    mmt_temp_path(path, sizeof path, dir, "TRI.OBJ");
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", f);
    ck_assert_int_eq(fclose(f), 0);
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, path, NULL));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    ck_assert_int_eq(info.num_vertices, 3);
    ck_assert_int_eq(info.num_faces, 1);
    mm_mesh_free(&mesh);
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* One refused input: the text, the status and what the message must say. */
typedef struct bad_case {
    const char *name, *text;
    mm_status status;
    const char *says;
} bad_case;

#define TRI "v 0 0 0\nv 1 0 0\nv 0 1 0\n"

static const bad_case bad_cases[] = {
    {"zero.obj", TRI "f 1 0 2\n", MM_ERR_PARSE, "zero.obj:4: expected a vertex index (OBJ "
                                                "indices start at 1 or -1), found '0'"},
    {"huge.obj", TRI "\nf 1 2 99999999999999999999\n", MM_ERR_PARSE,
     "huge.obj:5: vertex index 99999999999999999999 does not fit a 64-bit integer"},
    {"wide.obj", TRI "f 1 2 4294967298\n", MM_ERR_INVALID_MESH,
     "wide.obj:4: vertex index 4294967298 is beyond meshmat's 32-bit vertex ids"},
    {"before.obj", "v 0 0 0\nf -1 -2 -3\n", MM_ERR_INVALID_MESH,
     "before.obj:2: relative index -2 refers before the first vertex (1 defined so far)"},
    {"first.obj", "# no vertex yet\nf -1 -2 -3\n", MM_ERR_INVALID_MESH,
     "first.obj:2: relative index -1 refers before the first vertex (0 defined so far)"},
    {"range.obj", TRI "f 1 2 3\nf 1 2 9\n", MM_ERR_INVALID_MESH,
     "range.obj:5: face 1 uses vertex 8 (0-based), but there are 3 vertices"},
    {"nan.obj", "v 0 0 0\nv 1 0 0\nv 0 nan 0\nf 1 2 3\n", MM_ERR_INVALID_MESH,
     "nan.obj:3: vertex 2 has a non-finite coordinate 1"},
    {"inf.obj", "v 0 0 0\nv -inf 0 0\nv 0 1 0\nf 1 2 3\n", MM_ERR_INVALID_MESH,
     "inf.obj:2: vertex 1 has a non-finite coordinate 0"},
    {"overflow.obj", "v 0 0 0\nv 1 0 0\nv 0 1 1e999\nf 1 2 3\n", MM_ERR_INVALID_MESH,
     "overflow.obj:3: vertex 2 has a non-finite coordinate 2"},
    {"two.obj", TRI "f 1 2 3\n\nf 1 2\n", MM_ERR_INVALID_MESH,
     "two.obj:6: face 1 has 2 vertices; a face needs at least 3"},
    {"repeat.obj", TRI "f 1 2 2\n", MM_ERR_INVALID_MESH, "repeat.obj:4: face 0 repeats vertex 1"},
    {"coord.obj", "v 0 0 0\nv 1 1.5x 0\n", MM_ERR_PARSE,
     "coord.obj:2: expected the y coordinate, found '1.5x'"},
    {"short.obj", "v 0 0 0\nv 1 0\nv 0 1 0\n", MM_ERR_PARSE,
     "short.obj:2: expected the z coordinate, found end of line"},
    {"truncated.obj", "v 0 0 0\nv 1 0 0\nv 0 1", MM_ERR_PARSE,
     "truncated.obj:3: expected the z coordinate, found end of file"},
    {"truncated2.obj", "v 0 0 0\nv 1 0 0\nv 0 1\n", MM_ERR_PARSE,
     "truncated2.obj:3: expected the z coordinate, found end of line"},
    {"empty.obj", "", MM_ERR_PARSE, "empty.obj:1: found end of file before any 'v' or 'f'"},
    {"blank.obj", "\n \t\n", MM_ERR_PARSE, "blank.obj:2: found end of file before any 'v' or 'f'"},
    {"words.obj", "# a note\nnot a mesh\n", MM_ERR_PARSE,
     "words.obj:2: found end of file before any 'v' or 'f'"},
    {"cr_words.obj", "# a note\rnot a mesh\r", MM_ERR_PARSE,
     "cr_words.obj:2: found end of file before any 'v' or 'f'"},
    {"garbage.obj", "\x7f" "ELF\x02\x01\x01\n\x03\x3e", MM_ERR_PARSE,
     "garbage.obj:1: expected an OBJ statement (v, f, vt, vn, g, o, s, usemtl, …), found '?ELF"},
    {"late_garbage.obj", TRI "f 1 2 3\n\xff\xfe\x00\x01", MM_ERR_PARSE,
     "late_garbage.obj:5: expected an OBJ statement"},
    {"face_token.obj", TRI "f 1 2 3x\n", MM_ERR_PARSE,
     "face_token.obj:4: expected a vertex index (v, v/vt, v//vn or v/vt/vn), found '3x'"},
    {"tag_counts.obj", TRI "f 1 2 3\nt crease 2-1-0 0 1 2\n", MM_ERR_PARSE,
     "tag_counts.obj:5: expected argument counts"},
    {"tag_short.obj", TRI "f 1 2 3\nt crease 1/1/0 0 2\n", MM_ERR_PARSE,
     "tag_short.obj:5: 't crease 1/1/…' needs N ≥ 2 vertex ids and 1 or N-1 sharpness"},
    {"tag_values.obj", TRI "f 1 2 3\nt crease 3/3/0 0 1 2 1 1 1\n", MM_ERR_PARSE,
     "tag_values.obj:5: 't crease 3/3/…' needs"},
    {"tag_id.obj", TRI "f 1 2 3\n# osd-tag: t corner 1/1/0 -1 2\n", MM_ERR_PARSE,
     "tag_id.obj:5: expected a vertex id (0-based, below 2^32) in the tag, found '-1'"},
    {"tag_missing.obj", TRI "f 1 2 3\nt corner 2/1/0 0 1\n", MM_ERR_PARSE,
     "tag_missing.obj:5: expected a sharpness value in the tag, found end of line"},
    {"tag_range.obj", TRI "f 1 2 3\nt crease 2/1/0 0 5 1\n", MM_ERR_INVALID_MESH,
     "tag_range.obj:5: crease tag names vertex 5 (0-based), but there are 3 vertices"},
    {"corner_range.obj", TRI "f 1 2 3\n\n# osd-tag: t corner 2/1/0 0 3 1\n", MM_ERR_INVALID_MESH,
     "corner_range.obj:6: corner tag names vertex 3 (0-based), but there are 3 vertices"},
    {"crease_self.obj", TRI "f 1 2 3\nt crease 3/1/0 0 1 1 2\n", MM_ERR_INVALID_MESH,
     "crease_self.obj:5: crease tag joins vertex 1 to itself"},
    {"crease_sharpness.obj", TRI "f 1 2 3\nt crease 3/2/0 0 1 2 1 -0.5\n", MM_ERR_INVALID_MESH,
     "crease_sharpness.obj:5: crease tag has sharpness -0.5; expected a finite value ≥ 0"},
    {"corner_inf.obj", TRI "f 1 2 3\nt corner 1/1/0 2 1e39\n", MM_ERR_INVALID_MESH,
     "corner_inf.obj:5: corner tag has sharpness inf"},
    {"corner_nan.obj", TRI "f 1 2 3\nt corner 1/1/0 2 nan\n", MM_ERR_INVALID_MESH,
     "corner_nan.obj:5: corner tag has sharpness"},
    {"tag_continued.obj", TRI "f 1 2 3\nt corner 1/1/0 \\\n 7 1\n", MM_ERR_INVALID_MESH,
     "tag_continued.obj:5: corner tag names vertex 7"},
    {"tag_cr.obj", "v 0 0 0\rv 1 0 0\rv 0 1 0\rf 1 2 3\r\rt corner 1/1/0 4 1\r", MM_ERR_INVALID_MESH,
     "tag_cr.obj:6: corner tag names vertex 4"},
    {"hole_range.obj", TRI "f 1 2 3\nt hole 1/0/0 0\n# osd-tag: t hole 2/0/0 0 1\n",
     MM_ERR_INVALID_MESH, "hole_range.obj:6: hole tag names face 1 (0-based), but there are 1 faces"},
    {"hole_floats.obj", TRI "f 1 2 3\nt hole 1/1/0 0 2\n", MM_ERR_PARSE,
     "hole_floats.obj:5: 't hole 1/1/…' needs N ≥ 1 face ids and no float values"},
    {"hole_none.obj", TRI "f 1 2 3\nt hole 0/0/0\n", MM_ERR_PARSE,
     "hole_none.obj:5: 't hole 0/0/…' needs N ≥ 1 face ids"},
    {"hole_id.obj", TRI "f 1 2 3\nt hole 1/0/0 -2\n", MM_ERR_PARSE,
     "hole_id.obj:5: expected a face id (0-based, below 2^32) in the tag, found '-2'"},
    {"boundary_rule.obj", TRI "f 1 2 3\nt interpolateboundary 1/0/0 3\n", MM_ERR_PARSE,
     "boundary_rule.obj:5: 't interpolateboundary' is 3; expected 0 (none), 1 (edge-and-corner) "
     "or 2 (edge-only)"},
    {"boundary_args.obj", TRI "f 1 2 3\n# osd-tag: t interpolateboundary 2/0/0 1 1\n", MM_ERR_PARSE,
     "boundary_args.obj:5: 't interpolateboundary 2/0/…' needs one integer (1/0/0)"},
    {"boundary_neg.obj", TRI "f 1 2 3\nt interpolateboundary 1/0/0 -1\n", MM_ERR_PARSE,
     "boundary_neg.obj:5: expected a boundary rule (0, 1 or 2) in the tag, found '-1'"},
    {"mesh.3ds", TRI "f 1 2 3\n", MM_ERR_FORMAT, "mesh.3ds: unknown extension"},
};

START_TEST(obj_reports_bad_input_with_its_line)
{
    const bad_case *c = &bad_cases[_i];
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    size_t size = strlen(c->text);
    if (strcmp(c->name, "late_garbage.obj") == 0) size += 2; /* the NUL and \x01 */
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, c->text, size, c->name, NULL), c->status,
              c->says);
    ck_assert_ptr_null(mesh);
    ck_assert_msg(strncmp(mm_last_error(ctx), "mm_mesh_read_memory: ", 21) == 0, "%s",
                  mm_last_error(ctx));
    mm_context_free(&ctx);
}
END_TEST

START_TEST(obj_keep_repeated_accepts_degenerate_faces)
{
    mm_context ctx = mmt_context();
    mm_read_options o = mm_read_options_default();
    o.keep_repeated = 1;
    mmt_host_mesh h;
    read_host(ctx, "repeat.obj", TRI "f 1 2 2\n", &o, &h);
    static const uint32_t ids[] = {0, 1, 1};
    ck_assert_mem_eq(h.ids, ids, sizeof ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(obj_reports_a_missing_file)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mm_mesh_read(ctx, &mesh, "/nonexistent/meshmat/cube.obj", NULL), MM_ERR_IO,
              "mm_mesh_read: /nonexistent/meshmat/cube.obj: cannot open: No such file");
    ck_assert_ptr_null(mesh);
    MMT_FAILS(ctx, mm_mesh_read(ctx, &mesh, "/tmp", NULL), MM_ERR_IO, "/tmp: read failed");
    mm_context_free(&ctx);
}
END_TEST

/* A shared OpenSubdiv shape: sizes and tags from its header and its lines. */
#define SHARED_SHAPE "opensubdiv/catmark_cube_corner3.obj"
START_TEST(obj_reads_a_shared_shape_with_tags)
{
    const char *path = mmt_shared_model(SHARED_SHAPE);
    ck_assert_ptr_nonnull(path);
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, path, NULL));
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    ck_assert_int_eq(h.info.num_vertices, 8);
    ck_assert_int_eq(h.info.num_faces, 6);
    ck_assert_int_eq(h.info.uniform_order, 4);
    ck_assert_int_eq(h.info.num_corners, 1); /* "# osd-tag: t corner 1/1/0 0 3.0" */
    ck_assert_uint_eq(h.corner_vertices[0], 0);
    ck_assert(h.corner_sharpness[0] == 3.0f);
    ck_assert(mmt_coord(&h, 0, 1) == -1.414214); /* "v 0.000000 -1.414214 1.000000" */
    static const uint32_t last_face[] = {6, 0, 2, 4}; /* "f 7 1 3 5" */
    ck_assert_mem_eq(h.ids + 20, last_face, sizeof last_face);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Every allocation behind a read can fail: a clean MM_ERR_OUT_OF_MEMORY, no
 * mesh, and nothing left in use, until the read succeeds. */
START_TEST(obj_read_fails_cleanly_when_memory_runs_out)
{
    static const char text[] = TRI "v 2 2 2\nf 1 2 3 4\nf 1 2 3\nt crease 2/1/0 0 1 1\n"
                               "t corner 1/1/0 2 3\n";
    mm_context ctx = mmt_context();
    ck_assert_int_gt(mmt_sweep_allocations(ctx, mmt_read_text_attempt, (void *)text), 0);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_read_obj");
    TCase *tc = tcase_create("obj");
    tcase_add_test(tc, obj_reads_quad_and_triangle);
    tcase_add_test(tc, obj_reads_every_index_form);
    tcase_add_test(tc, obj_relative_indices_follow_the_vertices_so_far);
    tcase_add_test(tc, obj_ignores_other_statements_and_columns);
    tcase_add_test(tc, obj_reads_crlf_and_continuations);
    tcase_add_loop_test(tc, obj_reads_every_line_end, 0, MMT_NUM_LINE_ENDS);
    tcase_add_test(tc, obj_reads_comments_only_as_the_empty_mesh);
    tcase_add_test(tc, obj_tags_may_precede_their_vertices);
    tcase_add_test(tc, obj_reads_opensubdiv_tags);
    tcase_add_test(tc, obj_reads_in_float32);
    tcase_add_test(tc, obj_reads_a_file_with_upper_case_extension);
    tcase_add_loop_test(tc, obj_reports_bad_input_with_its_line, 0,
                        (int)(sizeof bad_cases / sizeof bad_cases[0]));
    tcase_add_test(tc, obj_keep_repeated_accepts_degenerate_faces);
    tcase_add_test(tc, obj_reports_a_missing_file);
    tcase_add_test(tc, obj_read_fails_cleanly_when_memory_runs_out);
    suite_add_tcase(s, tc);
    if (mmt_need_shared_model(SHARED_SHAPE, "reading a shared OpenSubdiv shape's tags") != NULL) {
        TCase *models = mmt_models_tcase();
        tcase_add_test(models, obj_reads_a_shared_shape_with_tags);
        suite_add_tcase(s, models);
    }
    return mmt_run(s);
}
