/* test_mesh_obj_fvar.c: OBJ texture coordinates and normals as face-varying
 * channels: the reader's vt / vn and the corners' v/vt/vn indices (relative
 * ones included) into channels "uv" and "normal" with the whole answer
 * written out, channels dropped and counted when only some corners name a
 * value, every refusal with its file:line; the writer's vt / vn rows and
 * v/vt/vn corners, read back to the same channels bit for bit (float64 and
 * float32), the text of a mesh without channels unchanged, the formats that
 * hold none (mm_file_keeps_fvar), and mm_mesh_remove_fvar. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_mesh_io.h"

/* Reads text (named name); fails the test on error. */
static mm_mesh read_text(mm_context ctx, const char *name, const char *text,
                         const mm_read_options *opts)
{
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, name, text, opts));
    return mesh;
}

/* Asserts that channel k of mesh is called name and holds n values of dim
 * (float64, compared exactly) named at the corners by ids (nnz of them). */
static void assert_channel(mm_context ctx, mm_mesh mesh, int k, const char *name, int64_t n,
                           int64_t dim, const double *values, const uint32_t *ids)
{
    ck_assert_int_gt(mm_mesh_num_fvar(mesh), k);
    ck_assert_str_eq(mm_mesh_fvar_name(mesh, k), name);
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mm_mesh_fvar(mesh, k), &h);
    mm_mesh_info mi;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &mi));
    ck_assert_int_eq(h.info.num_vertices, n);
    ck_assert_int_eq(h.info.dim, dim);
    ck_assert_int_eq(h.info.precision, MM_TYPE_FLOAT64);
    ck_assert_int_eq(h.info.num_faces, mi.num_faces);
    ck_assert_mem_eq(h.vertices, values, (size_t)(n * dim) * sizeof(double));
    ck_assert_mem_eq(h.ids, ids, (size_t)mi.nnz * sizeof(uint32_t));
    mmt_host_mesh_free(&h);
}

static int64_t dropped(mm_context ctx, mm_mesh mesh)
{
    mm_mesh_info mi;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &mi));
    return mi.fvar_dropped;
}

/* A quad and a triangle sharing the edge 1-2 (faces 0 1 2 3 and 1 4 2). */
#define QUAD_TRI "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 2 0.5 -1.25\n"

START_TEST(obj_reads_vt_and_vn_into_channels)
{
    static const char text[] = QUAD_TRI
        "vt 0 0\nvt 0.5 0 0.75\nvt 0.5 0.5\nvt 0.25\n" /* w ignored; a missing v is 0 */
        "vn 0 0 1\nvn 0.6 0 0.8\n"
        "f 1/1/1 2/2/1 3/3/1 4/4/1\n"
        "vt 1 0.25\n"
        "f 2/-4/-1 5/-1/2 3/3/-1\n";                  /* relative: vt 2 5 3, vn 2 2 2 */
    static const double uv[] = {0, 0, 0.5, 0, 0.5, 0.5, 0.25, 0, 1, 0.25};
    static const uint32_t uv_ids[] = {0, 1, 2, 3, 1, 4, 2};
    static const double normal[] = {0, 0, 1, 0.6, 0, 0.8};
    static const uint32_t normal_ids[] = {0, 0, 0, 0, 1, 1, 1};
    mm_context ctx = mmt_context();
    mm_mesh mesh = read_text(ctx, "channels.obj", text, NULL);
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 2);
    assert_channel(ctx, mesh, 0, "uv", 5, 2, uv, uv_ids);
    assert_channel(ctx, mesh, 1, "normal", 2, 3, normal, normal_ids);
    ck_assert_int_eq(dropped(ctx, mesh), 0);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* v//vn corners give only "normal"; vt lines no corner names give nothing. */
START_TEST(obj_reads_normals_without_texture_coordinates)
{
    static const char text[] = QUAD_TRI "vt 0 0\nvn 0 0 1\n"
                               "f 1//1 2//1 3//1 4//1\nf 2//1 5//1 3//1\n";
    static const double normal[] = {0, 0, 1};
    static const uint32_t ids[] = {0, 0, 0, 0, 0, 0, 0};
    mm_context ctx = mmt_context();
    mm_mesh mesh = read_text(ctx, "normals.obj", text, NULL);
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 1);
    assert_channel(ctx, mesh, 0, "normal", 1, 3, normal, ids);
    ck_assert_int_eq(dropped(ctx, mesh), 0);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A channel needs a value at every corner: when some corners name none (at
 * the start, in the middle or at the end of the file), the channel is left
 * out and the corners that named one are counted, whatever the other
 * channel does. */
START_TEST(obj_drops_and_counts_partial_channels)
{
    static const struct {
        const char *faces;
        int uv, normal;
        int64_t dropped;
    } cases[] = {
        {"f 1 2 3 4\nf 2/1/1 5/1/1 3/1/1\n", 0, 0, 6},      /* the first face has none */
        {"f 1/1/1 2/1/1 3/1/1 4/1/1\nf 2/1 5/1 3/1\n", 1, 0, 4}, /* vn stops */
        {"f 1/1 2/1 3 4/1\nf 2//1 5//1 3//1\n", 0, 0, 3 + 3},  /* both partial */
        {"f 1/1/1 2/1/1 3/1/1 4/1/1\nf 2/1/1 5/1/1 3\n", 0, 0, 6 + 6},
        {"f 1 2 3 4\nf 2 5 3\n", 0, 0, 0}};
    mm_context ctx = mmt_context();
    for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
        char text[512];
        snprintf(text, sizeof text, QUAD_TRI "vt 0.5 0.5\nvn 0 0 1\n%s", cases[i].faces);
        mm_mesh mesh = read_text(ctx, "partial.obj", text, NULL);
        ck_assert_int_eq(mm_mesh_num_fvar(mesh), cases[i].uv + cases[i].normal);
        if (cases[i].uv) ck_assert_str_eq(mm_mesh_fvar_name(mesh, 0), "uv");
        ck_assert_msg(dropped(ctx, mesh) == cases[i].dropped, "case %zu: %lld dropped", i,
                      (long long)dropped(ctx, mesh));
        mm_mesh_info mi;
        MMT_OK(ctx, mm_mesh_info_get(mesh, &mi));
        ck_assert_int_eq(mi.nnz, 7); /* the mesh itself is whole */
        mm_mesh_free(&mesh);
    }
    mm_context_free(&ctx);
}
END_TEST

/* Files without vt and vn read as before: no channel, nothing dropped. */
START_TEST(obj_without_vt_has_no_channels)
{
    static const char text[] = QUAD_TRI "f 1 2 3 4\nf -4 -1 -3\n";
    mm_context ctx = mmt_context();
    mm_mesh mesh = read_text(ctx, "plain.obj", text, NULL);
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 0);
    ck_assert_int_eq(dropped(ctx, mesh), 0);
    mm_mesh_free(&mesh);
    mm_mesh plain = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &plain, mmt_project_path("models/cube.obj"), NULL));
    ck_assert_int_eq(mm_mesh_num_fvar(plain), 0);
    ck_assert_int_eq(dropped(ctx, plain), 0);
    mm_mesh_free(&plain);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(obj_reads_channels_in_float32)
{
    static const char text[] = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0.1 0.2\nvt 0.3 1e-3\nvt 0.7 0.9\n"
                               "f 1/1 2/2 3/3\n";
    mm_context ctx = mmt_context();
    mm_read_options o = mm_read_options_default();
    o.precision = MM_TYPE_FLOAT32;
    mm_mesh mesh = read_text(ctx, "single.obj", text, &o);
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mm_mesh_fvar(mesh, 0), &h);
    ck_assert_int_eq(h.info.precision, MM_TYPE_FLOAT32);
    const float *uv = h.vertices;
    ck_assert(uv[0] == 0.1f && uv[1] == 0.2f && uv[3] == 1e-3f && uv[5] == 0.9f);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* One refused input: the text, the status and what the message must say. */
typedef struct bad_case {
    const char *name, *text;
    mm_status status;
    const char *says;
} bad_case;

#define TRI "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvn 0 0 1\n"

static const bad_case bad_cases[] = {
    {"vt0.obj", TRI "f 1/1 2/0 3/1\n", MM_ERR_PARSE,
     "vt0.obj:7: expected a vt index (OBJ indices start at 1 or -1), found '2/0'"},
    {"vn0.obj", TRI "\nf 1//1 2//1 3//0\n", MM_ERR_PARSE,
     "vn0.obj:8: expected a vn index (OBJ indices start at 1 or -1), found '3//0'"},
    {"vt_range.obj", TRI "f 1/1 2/2 3/1\nf 1/1 3/5 2/2\nf 1/2 2/3 3/1\n", MM_ERR_INVALID_MESH,
     "vt_range.obj:8: vt index 5 is out of range: the file has 2 vt"},
    {"vn_range.obj", TRI "f 1//1 2//1 3//2\n", MM_ERR_INVALID_MESH,
     "vn_range.obj:7: vn index 2 is out of range: the file has 1 vn"},
    {"vt_partial_range.obj", TRI "f 1 2 3/9\n", MM_ERR_INVALID_MESH,
     "vt_partial_range.obj:7: vt index 9 is out of range: the file has 2 vt"},
    {"vt_before.obj", TRI "f 1/1 2/-3 3/1\n", MM_ERR_INVALID_MESH,
     "vt_before.obj:7: relative index -3 refers before the first vt (2 defined so far)"},
    {"vn_before.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1//-1 2//-1 3//-1\nvn 0 0 1\n",
     MM_ERR_INVALID_MESH, "vn_before.obj:4: relative index -1 refers before the first vn (0 "
                          "defined so far)"},
    {"vt_wide.obj", TRI "f 1/1 2/4294967298 3/1\n", MM_ERR_INVALID_MESH,
     "vt_wide.obj:7: vt index 4294967298 is beyond meshmat's 32-bit vt ids"},
    {"vt_huge.obj", TRI "f 1/1 2/99999999999999999999 3/1\n", MM_ERR_PARSE,
     "vt_huge.obj:7: vt index in 2/99999999999999999999 does not fit a 64-bit integer"},
    {"vn_huge.obj", TRI "f 1/1/1 2/1/99999999999999999999 3/1/1\n", MM_ERR_PARSE,
     "vn_huge.obj:7: vn index in 2/1/99999999999999999999 does not fit a 64-bit integer"},
    {"vt_letters.obj", TRI "f 1/1 2/x 3/1\n", MM_ERR_PARSE,
     "vt_letters.obj:7: expected a vertex index (v, v/vt, v//vn or v/vt/vn), found '2/x'"},
    {"vt_three.obj", TRI "f 1/1/1/1 2/1/1 3/1/1\n", MM_ERR_PARSE,
     "vt_three.obj:7: expected a vertex index (v, v/vt, v//vn or v/vt/vn), found '1/1/1/1'"},
    {"vt_empty.obj", "v 0 0 0\nvt\n", MM_ERR_PARSE,
     "vt_empty.obj:2: expected the u coordinate after 'vt', found end of line"},
    {"vt_word.obj", "v 0 0 0\nvt 0.5 up\n", MM_ERR_PARSE,
     "vt_word.obj:2: expected the v coordinate, found 'up'"},
    {"vn_short.obj", "v 0 0 0\nvn 0 1\n", MM_ERR_PARSE,
     "vn_short.obj:2: expected the z component, found end of line"},
    {"vt_nan.obj", TRI "vt nan 0\nf 1/1 2/2 3/3\n", MM_ERR_INVALID_MESH, "vt_nan.obj:7: "},
    {"vn_inf.obj", TRI "f 1//1 2//1 3//1\nvn 0 inf 1\n", MM_ERR_INVALID_MESH, "vn_inf.obj:8: "},
};

START_TEST(obj_reports_bad_corner_data_with_its_line)
{
    const bad_case *c = &bad_cases[_i];
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, c->name, c->text, NULL), c->status, c->says);
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Every allocation behind a read with channels can fail cleanly. */
START_TEST(obj_read_with_channels_fails_cleanly_when_memory_runs_out)
{
    static const char text[] = TRI "f 1/1/1 2/2/1 3/1/1\n";
    mm_context ctx = mmt_context();
    ck_assert_int_gt(mmt_sweep_allocations(ctx, mmt_read_text_attempt, (void *)text), 0);
    mm_context_free(&ctx);
}
END_TEST

/* --- the writer ----------------------------------------------------------- */

/* The whole of a file, NUL-terminated. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *buf = malloc(1 << 20);
    ck_assert_ptr_nonnull(buf);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Two quads sharing the edge 1-4 with a seam on it: uv values hard to
 * print (0.1, 1/3, subnormal, -0, 1e300), normals per vertex. */
static const double pair_xyz[] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0.5};
static const uint32_t pair_ids[] = {0, 1, 4, 3, 1, 2, 5, 4};
static const double pair_uv[] = {0.1,  1.0 / 3, 0.5, 4.9406564584124654e-324, 0.5, 1,
                                 -0.0, 1,       0.6, 0,  1e300, 0.25, 1, 1,  0.6, 1};
static const uint32_t pair_uv_ids[] = {0, 1, 2, 3, 4, 5, 6, 7};
static const double pair_normal[] = {0, 0, 1, 0.6, 0, 0.8};
static const uint32_t pair_normal_ids[] = {0, 0, 0, 0, 0, 0, 1, 0};

/* The pair in precision type with the channels asked for. */
static mm_mesh pair_mesh(mm_context ctx, mm_type type, int uv, int normal)
{
    float xyz32[18], uv32[16], n32[6];
    for (int i = 0; i < 18; ++i) xyz32[i] = (float)pair_xyz[i];
    for (int i = 0; i < 16; ++i) uv32[i] = (float)(pair_uv[i] > 1e30 ? 7.5 : pair_uv[i]);
    for (int i = 0; i < 6; ++i) n32[i] = (float)pair_normal[i];
    int single = type == MM_TYPE_FLOAT32;
    mm_mesh_desc d = {0};
    d.num_vertices = 6;
    d.dim = 3;
    d.vertex_type = type;
    d.vertices = single ? (const void *)xyz32 : (const void *)pair_xyz;
    d.num_faces = 2;
    d.face_order = 4;
    d.face_vertices = pair_ids;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    mm_fvar_desc u = {"uv", 8, 2, type, single ? (const void *)uv32 : (const void *)pair_uv,
                      pair_uv_ids};
    mm_fvar_desc n = {"normal", 2, 3, type, single ? (const void *)n32 : (const void *)pair_normal,
                      pair_normal_ids};
    if (uv) MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &u));
    if (normal) MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &n));
    return mesh;
}

/* Asserts that b holds a's mesh and channels, values bit for bit. */
static void assert_same_channels(mm_context ctx, mm_mesh a, mm_mesh b)
{
    mmt_host_mesh x, y;
    mmt_host_mesh_get(ctx, a, &x);
    mmt_host_mesh_get(ctx, b, &y);
    mmt_assert_same_mesh(&x, &y, 1);
    mmt_host_mesh_free(&x);
    mmt_host_mesh_free(&y);
    ck_assert_int_eq(mm_mesh_num_fvar(a), mm_mesh_num_fvar(b));
    for (int k = 0; k < mm_mesh_num_fvar(a); ++k) {
        ck_assert_str_eq(mm_mesh_fvar_name(a, k), mm_mesh_fvar_name(b, k));
        mmt_host_mesh_get(ctx, mm_mesh_fvar(a, k), &x);
        mmt_host_mesh_get(ctx, mm_mesh_fvar(b, k), &y);
        ck_assert_int_eq(x.info.dim, y.info.dim);
        mmt_assert_same_mesh(&x, &y, 0);
        mmt_host_mesh_free(&x);
        mmt_host_mesh_free(&y);
    }
}

START_TEST(obj_writer_round_trips_channels_exactly)
{
    static const mm_type types[2] = {MM_TYPE_FLOAT64, MM_TYPE_FLOAT32};
    static const int which[3][2] = {{1, 1}, {1, 0}, {0, 1}};
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    char path[512];
    mmt_temp_path(path, sizeof path, dir, "pair.obj");
    for (int t = 0; t < 2; ++t)
        for (int w = 0; w < 3; ++w) {
            mm_mesh mesh = pair_mesh(ctx, types[t], which[w][0], which[w][1]), back = NULL;
            MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
            mm_read_options o = mm_read_options_default();
            o.precision = types[t];
            MMT_OK(ctx, mm_mesh_read(ctx, &back, path, &o));
            assert_same_channels(ctx, mesh, back);
            ck_assert_int_eq(dropped(ctx, back), 0);
            mm_mesh_free(&back);
            mm_mesh_free(&mesh);
        }
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* The text: vt rows after the v rows, vn rows after them, then the faces in
 * each corner form; without channels the file is the one written before
 * channels existed. */
START_TEST(obj_writer_writes_vt_vn_rows_and_corner_forms)
{
    static const char head[] = "# meshmat: 6 vertices, 2 faces, 0 creases, 0 corners, 0 holes\n"
                               "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 1 0\nv 1 1 0\nv 2 1 0.5\n";
    static const char vt[] = "vt 0.1 0.3333333333333333\nvt 0.5 5e-324\nvt 0.5 1\nvt -0 1\n"
                             "vt 0.6 0\nvt 1e+300 0.25\nvt 1 1\nvt 0.6 1\n";
    static const char vn[] = "vn 0 0 1\nvn 0.6 0 0.8\n";
    static const char *const faces[4] = {
        "f 1/1/1 2/2/1 5/3/1 4/4/1\nf 2/5/1 3/6/1 6/7/2 5/8/1\n",
        "f 1/1 2/2 5/3 4/4\nf 2/5 3/6 6/7 5/8\n",
        "f 1//1 2//1 5//1 4//1\nf 2//1 3//1 6//2 5//1\n",
        "f 1 2 5 4\nf 2 3 6 5\n"};
    static const int which[4][2] = {{1, 1}, {1, 0}, {0, 1}, {0, 0}};
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    char path[512], expected[2048];
    mmt_temp_path(path, sizeof path, dir, "pair.obj");
    for (int w = 0; w < 4; ++w) {
        mm_mesh mesh = pair_mesh(ctx, MM_TYPE_FLOAT64, which[w][0], which[w][1]);
        MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_OBJ));
        snprintf(expected, sizeof expected, "%s%s%s%s", head, which[w][0] ? vt : "",
                 which[w][1] ? vn : "", faces[w]);
        char *text = slurp(path);
        ck_assert_str_eq(text, expected);
        free(text);
        /* channels removed: the plain text again */
        while (mm_mesh_num_fvar(mesh) > 0) MMT_OK(ctx, mm_mesh_remove_fvar(ctx, mesh, 0));
        MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_OBJ));
        snprintf(expected, sizeof expected, "%s%s", head, faces[3]);
        text = slurp(path);
        ck_assert_str_eq(text, expected);
        free(text);
        mm_mesh_free(&mesh);
    }
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* OFF and PLY hold no channels: the write succeeds, the file is the mesh's,
 * and mm_file_keeps_fvar says so; OBJ and GLB keep the first "uv" of dim 2
 * or 3 and the first "normal" of dim 3, nothing else. */
START_TEST(formats_without_channels_write_and_say_so)
{
    static const char *const names[] = {"pair.off", "pair.ply", "pair.glb"};
    mm_context ctx = mmt_context();
    mm_mesh mesh = pair_mesh(ctx, MM_TYPE_FLOAT64, 1, 1);
    const char *dir = mmt_temp_dir();
    char path[512];
    for (int i = 0; i < 3; ++i) {
        mmt_temp_path(path, sizeof path, dir, names[i]);
        MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
        for (int k = 0; k < 2; ++k)
            ck_assert_int_eq(mm_file_keeps_fvar(mesh, k, path, MM_FILE_AUTO), i == 2);
        if (i < 2) {
            mm_mesh back = NULL;
            MMT_OK(ctx, mm_mesh_read(ctx, &back, path, NULL));
            ck_assert_int_eq(mm_mesh_num_fvar(back), 0);
            mm_mesh_free(&back);
        }
    }
    ck_assert_int_eq(mm_file_keeps_fvar(mesh, 0, "a.OBJ", MM_FILE_AUTO), 1);
    ck_assert_int_eq(mm_file_keeps_fvar(mesh, 1, "a.ply", MM_FILE_OBJ), 1);
    ck_assert_int_eq(mm_file_keeps_fvar(mesh, 1, "a.obj", MM_FILE_PLY_ASCII), 0);
    ck_assert_int_eq(mm_file_keeps_fvar(mesh, 2, "a.obj", MM_FILE_AUTO), 0);
    ck_assert_int_eq(mm_file_keeps_fvar(NULL, 0, "a.obj", MM_FILE_AUTO), 0);
    /* a second "uv", a "uv" of dim 1, another name: not written */
    static const double one[] = {0.5};
    static const uint32_t zeros[8] = {0};
    mm_fvar_desc extra[3] = {{"uv", 1, 2, MM_TYPE_FLOAT64, pair_normal, zeros},
                             {"colour", 1, 3, MM_TYPE_FLOAT64, pair_normal, zeros},
                             {"weight", 1, 1, MM_TYPE_FLOAT64, one, zeros}};
    for (int i = 0; i < 3; ++i) MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &extra[i]));
    for (int k = 2; k < 5; ++k) ck_assert_int_eq(mm_file_keeps_fvar(mesh, k, "a.obj", 0), 0);
    mmt_temp_path(path, sizeof path, dir, "more.obj");
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
    mm_mesh back = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &back, path, NULL));
    ck_assert_int_eq(mm_mesh_num_fvar(back), 2);
    mm_mesh_free(&back);
    mm_mesh single = NULL;
    mm_fvar_desc flat = {"uv", 1, 1, MM_TYPE_FLOAT64, one, zeros};
    mm_mesh_desc d = {0};
    d.num_vertices = 6;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = pair_xyz;
    d.num_faces = 2;
    d.face_order = 4;
    d.face_vertices = pair_ids;
    MMT_OK(ctx, mm_mesh_new(ctx, &single, &d));
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, single, &flat));
    ck_assert_int_eq(mm_file_keeps_fvar(single, 0, "a.obj", MM_FILE_AUTO), 0);
    mm_mesh_free(&single);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Every allocation of a write with channels can fail cleanly (on the CPU
 * backend the host arrays are borrowed: there may be none). */
START_TEST(obj_write_with_channels_fails_cleanly_when_memory_runs_out)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = pair_mesh(ctx, MM_TYPE_FLOAT32, 1, 1);
    const char *dir = mmt_temp_dir();
    char path[512];
    mmt_temp_path(path, sizeof path, dir, "sweep.obj");
    mmt_write_args a = {mesh, path, MM_FILE_AUTO};
    ck_assert_int_ge(mmt_sweep_allocations(ctx, mmt_write_attempt, &a), 0);
    mm_mesh back = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &back, path, NULL));
    ck_assert_int_eq(mm_mesh_num_fvar(back), 2);
    mm_mesh_free(&back);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(remove_fvar_keeps_the_others_in_order)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = pair_mesh(ctx, MM_TYPE_FLOAT64, 1, 1);
    static const uint32_t zeros[8] = {0};
    mm_fvar_desc extra = {"third", 1, 3, MM_TYPE_FLOAT64, pair_normal, zeros};
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &extra));
    MMT_OK(ctx, mm_mesh_remove_fvar(ctx, mesh, 1));
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 2);
    ck_assert_str_eq(mm_mesh_fvar_name(mesh, 0), "uv");
    ck_assert_str_eq(mm_mesh_fvar_name(mesh, 1), "third");
    MMT_FAILS(ctx, mm_mesh_remove_fvar(ctx, mesh, 2), MM_ERR_INVALID_ARGUMENT,
              "mm_mesh_remove_fvar: channel 2 is out of range: the mesh has 2");
    MMT_FAILS(ctx, mm_mesh_remove_fvar(ctx, mesh, -1), MM_ERR_INVALID_ARGUMENT, "out of range");
    MMT_FAILS(ctx, mm_mesh_remove_fvar(ctx, NULL, 0), MM_ERR_INVALID_ARGUMENT, "NULL");
    MMT_OK(ctx, mm_mesh_remove_fvar(ctx, mesh, 0));
    MMT_OK(ctx, mm_mesh_remove_fvar(ctx, mesh, 0));
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 0);
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &extra)); /* and channels can come again */
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 1);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_obj_fvar");
    TCase *tc = tcase_create("obj_fvar");
    tcase_add_test(tc, obj_reads_vt_and_vn_into_channels);
    tcase_add_test(tc, obj_reads_normals_without_texture_coordinates);
    tcase_add_test(tc, obj_drops_and_counts_partial_channels);
    tcase_add_test(tc, obj_without_vt_has_no_channels);
    tcase_add_test(tc, obj_reads_channels_in_float32);
    tcase_add_loop_test(tc, obj_reports_bad_corner_data_with_its_line, 0,
                        (int)(sizeof bad_cases / sizeof *bad_cases));
    tcase_add_test(tc, obj_read_with_channels_fails_cleanly_when_memory_runs_out);
    tcase_add_test(tc, obj_writer_round_trips_channels_exactly);
    tcase_add_test(tc, obj_writer_writes_vt_vn_rows_and_corner_forms);
    tcase_add_test(tc, formats_without_channels_write_and_say_so);
    tcase_add_test(tc, obj_write_with_channels_fails_cleanly_when_memory_runs_out);
    tcase_add_test(tc, remove_fvar_keeps_the_others_in_order);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
