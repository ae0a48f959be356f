/* test_mesh_write.c: the writers. The exact text each format gives for a
 * small mesh (written out by hand); round trips of hard values through every
 * writer in float32 and float64, bit-identical, creases included for OBJ;
 * the empty mesh and a point cloud through every writer and back; wide faces,
 * padded and extra columns; I/O failures, after which the old file is there
 * byte for byte and no temporary is left (test_mesh_write_enospc: a full
 * disk); modes and symlinks kept; and every OBJ in ../shared/models through
 * every writer and back. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mmt_mesh_io.h"
#include "mmt_meshes.h"

static const mm_file_format formats[] = {MM_FILE_OBJ, MM_FILE_OFF, MM_FILE_PLY_ASCII,
                                         MM_FILE_PLY_BINARY};
static const char *const extensions[] = {"obj", "off", "ply", "ply"};

/* The whole of a file (NUL-terminated; *size without the NUL). */
static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *buf = malloc(1 << 20);
    ck_assert_ptr_nonnull(buf);
    *size = fread(buf, 1, (1 << 20) - 1, f);
    buf[*size] = '\0';
    fclose(f);
    return buf;
}

static mm_mesh new_mesh(mm_context ctx, const mm_mesh_desc *d)
{
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, d));
    return mesh;
}

/* Writes mesh as `format` into dir/name, reads it back (precision as the
 * mesh's) and returns the copy. */
static mm_mesh write_and_read(mm_context ctx, mm_mesh mesh, const char *dir, const char *name,
                              mm_file_format format)
{
    char path[512];
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    mmt_temp_path(path, sizeof path, dir, name);
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, format));
    mm_read_options o = mm_read_options_default();
    o.precision = info.precision;
    o.keep_repeated = 1;
    mm_mesh back = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &back, path, &o));
    return back;
}

/* A quad with one crease and one corner:
 *   3 (0,1,-2.5) --- 2 (0.1,1,0)
 *   |                |
 *   0 (0,0,0) ------ 1 (1,0,0)        crease 0-1 sharpness 2.5, corner 3 sharpness 1 */
static const double small_xyz[] = {0, 0, 0, 1, 0, 0, 0.1, 1, 0, 0, 1, -2.5};
static const uint32_t small_ids[] = {0, 1, 2, 3};
static const uint32_t small_crease[] = {0, 1};
static const float small_crease_s[] = {2.5f};
static const uint32_t small_corner[] = {3};
static const float small_corner_s[] = {1};

static mm_mesh_desc small_desc(void)
{
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 4;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = small_xyz;
    d.num_faces = 1;
    d.face_order = 4;
    d.face_vertices = small_ids;
    d.num_creases = 1;
    d.crease_vertices = small_crease;
    d.crease_sharpness = small_crease_s;
    d.num_corners = 1;
    d.corner_vertices = small_corner;
    d.corner_sharpness = small_corner_s;
    return d;
}

START_TEST(writers_produce_the_expected_text)
{
    static const char *const expected[] = {
        "# meshmat: 4 vertices, 1 faces, 1 creases, 1 corners, 0 holes\n"
        "v 0 0 0\nv 1 0 0\nv 0.1 1 0\nv 0 1 -2.5\nf 1 2 3 4\n"
        "t crease 2/1/0 0 1 2.5\nt corner 1/1/0 3 1\n",
        "OFF\n4 1 0\n0 0 0\n1 0 0\n0.1 1 0\n0 1 -2.5\n4 0 1 2 3\n",
        "ply\nformat ascii 1.0\ncomment written by meshmat\nelement vertex 4\n"
        "property double x\nproperty double y\nproperty double z\nelement face 1\n"
        "property list uchar int vertex_indices\nend_header\n"
        "0 0 0\n1 0 0\n0.1 1 0\n0 1 -2.5\n4 0 1 2 3\n"};
    static const char binary_header[] =
        "ply\nformat binary_little_endian 1.0\ncomment written by meshmat\nelement vertex 4\n"
        "property double x\nproperty double y\nproperty double z\nelement face 1\n"
        "property list uchar int vertex_indices\nend_header\n";
    mm_context ctx = mmt_context();
    mm_mesh_desc d = small_desc();
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char path[512];
    size_t size;
    for (int i = 0; i < 3; ++i) {
        mmt_temp_path(path, sizeof path, dir, i == 0 ? "small.obj" : i == 1 ? "small.off" : "s.ply");
        MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, formats[i]));
        char *text = slurp(path, &size);
        ck_assert_str_eq(text, expected[i]);
        free(text);
    }
    mmt_temp_path(path, sizeof path, dir, "small.ply"); /* AUTO: .ply is binary */
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
    char *bin = slurp(path, &size);
    size_t h = sizeof binary_header - 1;
    ck_assert_uint_eq(size, h + 4 * 3 * 8 + 1 + 4 * 4);
    ck_assert_mem_eq(bin, binary_header, h);
    static const unsigned char x2[8] = {0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0x3f}; /* 0.1 */
    ck_assert_mem_eq(bin + h + 2 * 24, x2, 8);
    static const unsigned char face[] = {4, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0};
    ck_assert_mem_eq(bin + h + 4 * 24, face, sizeof face);
    free(bin);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Holes: OBJ writes them as `t hole` tags (read back as the same holes);
 * OFF and PLY have no tag for them and leave those faces out, the others in
 * their order. Three triangles over a fan, the middle one (1) and the last
 * (2) holes, given out of order and repeated. */
START_TEST(writers_keep_holes_as_tags_or_leave_them_out)
{
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, -1, 1, 0};
    static const uint32_t ids[] = {0, 1, 2, 0, 2, 3, 0, 3, 4};
    static const uint32_t holes[] = {2, 1, 2};
    static const char *const expected[] = {
        "# meshmat: 5 vertices, 3 faces, 0 creases, 0 corners, 2 holes\n"
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv -1 1 0\nf 1 2 3\nf 1 3 4\nf 1 4 5\n"
        "t hole 1/0/0 1\nt hole 1/0/0 2\nt interpolateboundary 1/0/0 0\n",
        "OFF\n5 1 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n-1 1 0\n3 0 1 2\n",
        "ply\nformat ascii 1.0\ncomment written by meshmat\nelement vertex 5\n"
        "property double x\nproperty double y\nproperty double z\nelement face 1\n"
        "property list uchar int vertex_indices\nend_header\n"
        "0 0 0\n1 0 0\n1 1 0\n0 1 0\n-1 1 0\n3 0 1 2\n"};
    mm_context ctx = mmt_context();
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 5;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = 3;
    d.face_order = 3;
    d.face_vertices = ids;
    d.num_holes = 3;
    d.hole_faces = holes;
    d.boundary = MM_BOUNDARY_NONE; /* OBJ only: t interpolateboundary 0 */
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char path[512];
    size_t size;
    for (int i = 0; i < 3; ++i) {
        mmt_temp_path(path, sizeof path, dir, i == 0 ? "h.obj" : i == 1 ? "h.off" : "h.ply");
        MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, formats[i]));
        char *text = slurp(path, &size);
        ck_assert_str_eq(text, expected[i]);
        free(text);
    }
    mm_mesh back = write_and_read(ctx, mesh, dir, "b.ply", MM_FILE_PLY_BINARY);
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(back, &info));
    ck_assert_int_eq(info.num_faces, 1);
    ck_assert_int_eq(info.num_holes, 0);
    mm_mesh_free(&back);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Values that need all 17 (or 9) digits, subnormals, signed zero, extremes;
 * a quad, a triangle and a pentagon; creases and corners. */
static const double hard_xyz[] = {
    0.1, 1.0 / 3.0, -0.0,                                    /* 0 */
    3.141592653589793, 2.718281828459045, 1e-300,            /* 1 */
    -123456.789e-5, 5e-324, 1.7976931348623157e308,          /* 2 */
    6.02214076e23, -9007199254740993.0, 0.30000000000000004, /* 3 */
    1e-45, 3.0e38, -1.1754943508222875e-38,                  /* 4 */
    0.7071067811865476, 0.5, 2.0 / 3.0,                      /* 5 */
    100, -100, 1e15,                                         /* 6 */
    4.9406564584124654e-324, 2.2250738585072014e-308, 1e22,  /* 7 */
};
static const int64_t hard_offsets[] = {0, 4, 7, 12};
static const uint32_t hard_ids[] = {0, 1, 2, 3, 3, 2, 4, 4, 2, 5, 6, 7};
static const uint32_t hard_creases[] = {0, 1, 2, 3, 4, 7};
static const float hard_crease_s[] = {0.1f, 3.4028235e38f, 1e-45f};
static const uint32_t hard_corners[] = {5, 6};
static const float hard_corner_s[] = {1.0f / 3.0f, 0};

START_TEST(writers_round_trip_bit_exactly)
{
    int f = _i % 4;
    mm_type precision = _i < 4 ? MM_TYPE_FLOAT64 : MM_TYPE_FLOAT32;
    double xyz[24];
    memcpy(xyz, hard_xyz, sizeof xyz);
    if (precision == MM_TYPE_FLOAT32) xyz[8] = 3.4028234663852886e38; /* FLT_MAX */
    mm_context ctx = mmt_context();
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 8;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = 3;
    d.face_offsets = hard_offsets;
    d.face_vertices = hard_ids;
    d.num_creases = 3;
    d.crease_vertices = hard_creases;
    d.crease_sharpness = hard_crease_s;
    d.num_corners = 2;
    d.corner_vertices = hard_corners;
    d.corner_sharpness = hard_corner_s;
    d.precision = precision;
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char name[32];
    snprintf(name, sizeof name, "hard.%s", extensions[f]);
    mm_mesh back = write_and_read(ctx, mesh, dir, name, formats[f]);
    mmt_host_mesh a, b;
    mmt_host_mesh_get(ctx, mesh, &a);
    mmt_host_mesh_get(ctx, back, &b);
    mmt_assert_same_mesh(&a, &b, formats[f] == MM_FILE_OBJ);
    ck_assert_int_eq(b.info.precision, precision);
    mmt_host_mesh_free(&a);
    mmt_host_mesh_free(&b);
    mm_mesh_free(&back);
    mm_mesh_free(&mesh);
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* A 300-gon needs a uint list count in PLY; float32 data is written as float. */
START_TEST(ply_writer_widens_counts_and_narrows_floats)
{
    enum { N = 300 };
    static double xyz[3 * N];
    static uint32_t ids[N];
    for (int i = 0; i < N; ++i) {
        xyz[3 * i] = i;
        xyz[3 * i + 1] = (double)(i * i % 7);
        xyz[3 * i + 2] = -0.5 * i;
        ids[i] = (uint32_t)i;
    }
    mm_context ctx = mmt_context();
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = N;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = 1;
    d.face_order = N;
    d.face_vertices = ids;
    d.precision = MM_TYPE_FLOAT32;
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char path[512];
    size_t size;
    for (int binary = 0; binary < 2; ++binary) {
        mm_mesh back = write_and_read(ctx, mesh, dir, binary ? "wide_b.ply" : "wide_a.ply",
                                      binary ? MM_FILE_PLY_BINARY : MM_FILE_PLY_ASCII);
        char *text = slurp(mmt_temp_path(path, sizeof path, dir, binary ? "wide_b.ply" : "wide_a.ply"),
                           &size);
        ck_assert_ptr_nonnull(strstr(text, "property float x\n"));
        ck_assert_ptr_nonnull(strstr(text, "property list uint int vertex_indices\n"));
        free(text);
        mmt_host_mesh a, b;
        mmt_host_mesh_get(ctx, mesh, &a);
        mmt_host_mesh_get(ctx, back, &b);
        mmt_assert_same_mesh(&a, &b, 0);
        mmt_host_mesh_free(&a);
        mmt_host_mesh_free(&b);
        mm_mesh_free(&back);
    }
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* dim 2 is padded with z = 0; dim 5 writes its first three columns. */
START_TEST(writers_pad_or_cut_columns_to_three)
{
    static const double xy[] = {0, 0, 1, 0, 0.25, 1};
    static const double xyzuv[] = {0, 0, 7, 0.5, 0.5, 1, 0, 8, 0.5, 0.5, 0, 1, 9, 0.5, 0.5};
    static const double expect2[] = {0, 0, 0, 1, 0, 0, 0.25, 1, 0};
    static const double expect5[] = {0, 0, 7, 1, 0, 8, 0, 1, 9};
    static const int64_t offsets[] = {0, 3};
    static const uint32_t ids[] = {0, 1, 2};
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    for (int dim = 2; dim <= 5; dim += 3) {
        mm_mesh_desc d;
        memset(&d, 0, sizeof d);
        d.num_vertices = 3;
        d.dim = dim;
        d.vertex_type = MM_TYPE_FLOAT64;
        d.vertices = dim == 2 ? xy : xyzuv;
        d.num_faces = 1;
        d.face_order = 3;
        d.face_vertices = ids;
        mm_mesh mesh = new_mesh(ctx, &d);
        for (int f = 0; f < 4; ++f) {
            char name[32];
            snprintf(name, sizeof name, "cols%d_%d.%s", dim, f, extensions[f]);
            mm_mesh back = write_and_read(ctx, mesh, dir, name, formats[f]);
            mmt_host_mesh b;
            mmt_host_mesh_get(ctx, back, &b);
            ck_assert_int_eq(b.info.dim, 3);
            mmt_assert_mesh(&b, 3, dim == 2 ? expect2 : expect5, 1, offsets, ids);
            mmt_host_mesh_free(&b);
            mm_mesh_free(&back);
        }
        mm_mesh_free(&mesh);
    }
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(writers_report_io_errors)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = small_desc();
    mm_mesh mesh = new_mesh(ctx, &d);
    struct stat sb;
    for (int f = 0; f < 4 && stat("/dev/full", &sb) == 0; ++f) {
        MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, "/dev/full", formats[f]), MM_ERR_IO,
                  "mm_mesh_write: /dev/full: write failed: No space left on device");
        /* a device is written in place, never replaced by a file (as root too) */
        ck_assert_int_eq(stat("/dev/full", &sb), 0);
        ck_assert(S_ISCHR(sb.st_mode));
    }
    MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, "/nonexistent/meshmat/out.obj", MM_FILE_AUTO),
              MM_ERR_IO,
              "/nonexistent/meshmat/out.obj: cannot open for writing: No such file or directory");
    MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, "/tmp/out.stl", MM_FILE_AUTO), MM_ERR_FORMAT,
              "/tmp/out.stl: unknown extension");
    MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, "/tmp/out.obj", MM_FILE_STL), MM_ERR_FORMAT,
              "STL is read only");
    MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, "/tmp/out.obj", (mm_file_format)42),
              MM_ERR_INVALID_ARGUMENT, "format is 42");
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The names in dir (but . and ..) into buf, one per line; returns how many. */
static int list_folder(const char *dir, char *buf, size_t len)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    ck_assert_ptr_nonnull(d);
    buf[0] = '\0';
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s\n", e->d_name);
        ++n;
    }
    closedir(d);
    return n;
}

/* An n × n grid of quads in the plane z = 0.5 (far more than 4 KiB in every
 * format for n = 64). */
static mm_mesh grid_mesh(mm_context ctx, int n, double **xyz, uint32_t **ids)
{
    int64_t nv = (int64_t)(n + 1) * (n + 1);
    *xyz = malloc((size_t)nv * 3 * sizeof **xyz);
    *ids = malloc((size_t)n * n * 4 * sizeof **ids);
    ck_assert(*xyz != NULL && *ids != NULL);
    for (int64_t v = 0; v < nv; ++v) {
        (*xyz)[3 * v] = (double)(v % (n + 1)) / 3.0;
        (*xyz)[3 * v + 1] = (double)(v / (n + 1)) / 7.0;
        (*xyz)[3 * v + 2] = 0.5;
    }
    for (int i = 0, k = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            uint32_t a = (uint32_t)(i * (n + 1) + j);
            uint32_t quad[4] = {a, a + 1, a + 1 + (uint32_t)(n + 1), a + (uint32_t)(n + 1)};
            memcpy(*ids + 4 * k++, quad, sizeof quad);
        }
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = nv;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = *xyz;
    d.num_faces = (int64_t)n * n;
    d.face_order = 4;
    d.face_vertices = *ids;
    return new_mesh(ctx, &d);
}

/* A write that fails part way leaves the old file byte for byte and no
 * temporary beside it; the next write that succeeds replaces it whole. */
START_TEST(failed_writes_leave_the_target_untouched)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = small_desc();
    mm_mesh small = new_mesh(ctx, &d);
    double *xyz;
    uint32_t *ids;
    mm_mesh big = grid_mesh(ctx, 64, &xyz, &ids);
    const char *dir = mmt_temp_dir();
    char path[512], name[32], listing[4096], expected[64];
    size_t old_size, new_size;
    snprintf(name, sizeof name, "keep.%s", extensions[_i]);
    snprintf(expected, sizeof expected, "%s\n", name);
    mmt_temp_path(path, sizeof path, dir, name);
    MMT_OK(ctx, mm_mesh_write(ctx, small, path, formats[_i]));
    char *old = slurp(path, &old_size);
    ck_assert_uint_lt(old_size, 4096);
    MMT_FAILS(ctx, mmt_write_limited(ctx, big, path, formats[_i], 4096), MM_ERR_IO,
              "File too large");
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), path));
    char *now = slurp(path, &new_size);
    ck_assert_uint_eq(new_size, old_size);
    ck_assert_mem_eq(now, old, old_size);
    free(now);
    ck_assert_int_eq(list_folder(dir, listing, sizeof listing), 1);
    ck_assert_str_eq(listing, expected);
    /* unlimited, the same write replaces the file: it reads back as the grid */
    MMT_OK(ctx, mm_mesh_write(ctx, big, path, formats[_i]));
    mm_mesh back = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &back, path, NULL));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(back, &info));
    ck_assert_int_eq(info.num_vertices, 65 * 65);
    ck_assert_int_eq(info.num_faces, 64 * 64);
    ck_assert_int_eq(list_folder(dir, listing, sizeof listing), 1);
    mm_mesh_free(&back);
    free(old);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&big);
    mm_mesh_free(&small);
    free(xyz);
    free(ids);
    mm_context_free(&ctx);
}
END_TEST

/* Targets that cannot be files: a folder (also as "folder/"), the empty
 * path, a folder that does not exist. The message names the path and the
 * reason; nothing is left behind. */
START_TEST(writes_to_impossible_targets_leave_nothing)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = small_desc();
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char sub[512], path[512], listing[4096];
    mmt_temp_path(sub, sizeof sub, dir, "sub.obj");
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, sub, MM_FILE_OBJ), MM_ERR_IO, "Is a directory");
    ck_assert_int_eq(list_folder(dir, listing, sizeof listing), 1);
    ck_assert_int_eq(list_folder(sub, listing, sizeof listing), 0);
    snprintf(path, sizeof path, "%s/", dir);
    MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_OBJ), MM_ERR_IO, "Is a directory");
    MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, "", MM_FILE_OBJ), MM_ERR_IO,
              "cannot open for writing: No such file or directory");
    ck_assert_int_eq(list_folder(dir, listing, sizeof listing), 1);
    mmt_temp_path(path, sizeof path, dir, "missing/out.obj");
    MMT_FAILS(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_OBJ), MM_ERR_IO,
              "cannot open for writing: No such file or directory");
    ck_assert_int_eq(list_folder(dir, listing, sizeof listing), 1);
    ck_assert_int_eq(rmdir(sub), 0);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A new file gets 0666 less the umask, as fopen gives; a replaced file keeps
 * its mode; a symlink stays a link and the file it names is replaced. */
START_TEST(writes_keep_modes_and_links)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = small_desc();
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char path[512], link[512], listing[4096];
    struct stat sb;
    mmt_temp_path(path, sizeof path, dir, "mode.off");
    mode_t old_mask = umask(027);
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
    umask(old_mask);
    ck_assert_int_eq(stat(path, &sb), 0);
    ck_assert_uint_eq(sb.st_mode & 07777, 0640);
    ck_assert_int_eq(chmod(path, 0604), 0);
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
    ck_assert_int_eq(stat(path, &sb), 0);
    ck_assert_uint_eq(sb.st_mode & 07777, 0604);
    mmt_temp_path(link, sizeof link, dir, "link.off");
    ck_assert_int_eq(symlink("mode.off", link), 0);
    ck_assert_int_eq(truncate(path, 0), 0);
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, link, MM_FILE_AUTO));
    ck_assert_int_eq(lstat(link, &sb), 0);
    ck_assert(S_ISLNK(sb.st_mode));
    size_t size;
    char *text = slurp(path, &size);
    ck_assert_str_eq(text, "OFF\n4 1 0\n0 0 0\n1 0 0\n0.1 1 0\n0 1 -2.5\n4 0 1 2 3\n");
    free(text);
    ck_assert_int_eq(stat(path, &sb), 0);
    ck_assert_uint_eq(sb.st_mode & 07777, 0604);
    ck_assert_int_eq(list_folder(dir, listing, sizeof listing), 2);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* What every writer writes, every reader reads: the empty mesh and a point
 * cloud (vertices, no faces; with a crease and a corner, which OBJ keeps)
 * come back the same through each format. */
START_TEST(empty_and_point_meshes_round_trip)
{
    static const double xyz[] = {1, 2, 3, -0.5, 0.25, 1e-3};
    static const uint32_t crease[] = {0, 1}, corner[] = {1};
    static const float sharp[] = {1.5f};
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    for (int points = 0; points < 2; ++points) {
        mm_mesh_desc d;
        memset(&d, 0, sizeof d);
        d.dim = 3;
        d.vertex_type = MM_TYPE_FLOAT64;
        if (points) {
            d.num_vertices = 2;
            d.vertices = xyz;
            d.num_creases = 1;
            d.crease_vertices = crease;
            d.crease_sharpness = sharp;
            d.num_corners = 1;
            d.corner_vertices = corner;
            d.corner_sharpness = sharp;
        }
        mm_mesh mesh = new_mesh(ctx, &d);
        mmt_host_mesh a;
        mmt_host_mesh_get(ctx, mesh, &a);
        for (int f = 0; f < 4; ++f) {
            char name[32];
            snprintf(name, sizeof name, "%s%d.%s", points ? "points" : "empty", f, extensions[f]);
            mm_mesh back = write_and_read(ctx, mesh, dir, name, formats[f]);
            mmt_host_mesh b;
            mmt_host_mesh_get(ctx, back, &b);
            ck_assert_int_eq(b.info.num_vertices, points ? 2 : 0);
            ck_assert_int_eq(b.info.num_faces, 0);
            mmt_assert_same_mesh(&a, &b, formats[f] == MM_FILE_OBJ);
            mmt_host_mesh_free(&b);
            mm_mesh_free(&back);
        }
        mmt_host_mesh_free(&a);
        mm_mesh_free(&mesh);
    }
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* The case: OFF "0 0 0" read, written as OBJ, read back. */
START_TEST(empty_off_converts_to_an_obj_that_reads_back)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "empty.off", "OFF\n0 0 0\n", NULL));
    const char *dir = mmt_temp_dir();
    mm_mesh back = write_and_read(ctx, mesh, dir, "empty.obj", MM_FILE_AUTO);
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(back, &info));
    ck_assert_int_eq(info.num_vertices, 0);
    ck_assert_int_eq(info.num_faces, 0);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&back);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Every allocation of a write can fail: a clean MM_ERR_OUT_OF_MEMORY and
 * nothing left in use, until the write succeeds. */
START_TEST(writer_fails_cleanly_when_memory_runs_out)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = small_desc();
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char path[512];
    mmt_temp_path(path, sizeof path, dir, "sweep.obj");
    mmt_write_args a = {mesh, path, MM_FILE_AUTO};
    ck_assert_int_gt(mmt_sweep_allocations(ctx, mmt_write_attempt, &a), 0);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Every OBJ among the shared models, found when the suite is made. */
#define MAX_MODELS 512
static char *models[MAX_MODELS];
static int num_models;

static void find_models(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL && num_models < MAX_MODELS) {
        char path[4096];
        size_t n = strlen(e->d_name);
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (stat(path, &sb) != 0) continue;
        if (S_ISDIR(sb.st_mode) && depth < 3) find_models(path, depth + 1);
        else if (n > 4 && strcmp(e->d_name + n - 4, ".obj") == 0)
            models[num_models++] = strdup(path);
    }
    if (d != NULL) closedir(d);
}

/* Read (float64, repeated vertices kept), write in each format, read back:
 * the same mesh, bit for bit (creases through OBJ only). */
/* Progress: done never decreases and the last call is done == total, for
 * every format, on a mesh of several blocks of rows (32768 each), so that on
 * two or more threads a block other than thread 0's can be the last. */
typedef struct progress_log {
    int64_t calls, last_done, last_total, decreases;
} progress_log;

static void log_progress(void *user, int64_t done, int64_t total)
{
    progress_log *p = user;
    if (done < p->last_done) p->decreases++;
    p->calls++;
    p->last_done = done;
    p->last_total = total;
}

START_TEST(progress_ends_at_the_total)
{
    mm_context ctx = mmt_context();
    enum { N = 200, NV = (N + 1) * (N + 1), NF = N * N };
    double *xyz = malloc(3 * sizeof(double) * NV);
    uint32_t *quads = malloc(4 * sizeof(uint32_t) * NF);
    ck_assert(xyz != NULL && quads != NULL);
    for (int v = 0; v < NV; ++v)
        xyz[3 * v] = v % (N + 1), xyz[3 * v + 1] = v / (N + 1), xyz[3 * v + 2] = 0.5;
    for (int f = 0; f < NF; ++f) {
        uint32_t a = (uint32_t)(f / N * (N + 1) + f % N);
        uint32_t q[4] = {a, a + 1, a + N + 2, a + N + 1};
        memcpy(quads + 4 * f, q, sizeof q);
    }
    mm_mesh mesh = mmt_mesh_from_faces(ctx, NV, xyz, NF, NULL, 4, quads, MM_TYPE_FLOAT64);
    free(xyz), free(quads);
    static const char *const paths[] = {"/tmp/mmt_progress.obj", "/tmp/mmt_progress.off",
                                        "/tmp/mmt_progress.ply", "/tmp/mmt_progress.glb"};
    for (int k = 0; k < 4; ++k) {
        progress_log p = {0};
        mm_write_options o = mm_write_options_default();
        o.progress = log_progress;
        o.progress_user = &p;
        MMT_OK(ctx, mm_mesh_write_opts(ctx, mesh, paths[k], &o));
        ck_assert_msg(p.calls > 0, "%s: no progress", paths[k]);
        ck_assert_int_eq(p.decreases, 0);
        ck_assert_int_eq(p.last_total, NV + NF);
        ck_assert_msg(p.last_done == p.last_total, "%s: last call %lld of %lld", paths[k],
                      (long long)p.last_done, (long long)p.last_total);
        remove(paths[k]);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(shared_models_round_trip_through_every_writer)
{
    mm_context ctx = mmt_context();
    mm_read_options o = mm_read_options_default();
    o.keep_repeated = 1;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, models[_i], &o));
    mmt_host_mesh a;
    mmt_host_mesh_get(ctx, mesh, &a);
    const char *dir = mmt_temp_dir();
    for (int f = 0; f < 4; ++f) {
        char name[32];
        snprintf(name, sizeof name, "model%d.%s", f, extensions[f]);
        mm_mesh back = write_and_read(ctx, mesh, dir, name, formats[f]);
        mmt_host_mesh b;
        mmt_host_mesh_get(ctx, back, &b);
        mmt_assert_same_mesh(&a, &b, formats[f] == MM_FILE_OBJ);
        mmt_host_mesh_free(&b);
        mm_mesh_free(&back);
    }
    mmt_temp_dir_remove(dir);
    mmt_host_mesh_free(&a);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_write");
    TCase *tc = tcase_create("write");
    tcase_add_test(tc, writers_produce_the_expected_text);
    tcase_add_test(tc, writers_keep_holes_as_tags_or_leave_them_out);
    tcase_add_loop_test(tc, writers_round_trip_bit_exactly, 0, 8);
    tcase_add_test(tc, ply_writer_widens_counts_and_narrows_floats);
    tcase_add_test(tc, writers_pad_or_cut_columns_to_three);
    tcase_add_test(tc, writers_report_io_errors);
    tcase_add_loop_test(tc, failed_writes_leave_the_target_untouched, 0, 4);
    tcase_add_test(tc, writes_to_impossible_targets_leave_nothing);
    tcase_add_test(tc, writes_keep_modes_and_links);
    tcase_add_test(tc, empty_and_point_meshes_round_trip);
    tcase_add_test(tc, empty_off_converts_to_an_obj_that_reads_back);
    tcase_add_test(tc, writer_fails_cleanly_when_memory_runs_out);
    tcase_add_test(tc, progress_ends_at_the_total);
    suite_add_tcase(s, tc);
    find_models(mmt_shared_models_dir(), 0);
    if (num_models > 0) {
        TCase *models_tc = mmt_models_tcase();
        /* Up to 871k faces read and written four times: about 30 s for the
         * largest on a 2-core machine, far past Check's default 4 s. */
        tcase_set_timeout(models_tc, 600);
        tcase_add_loop_test(models_tc, shared_models_round_trip_through_every_writer, 0,
                            num_models);
        suite_add_tcase(s, models_tc);
    } else {
        mmt_skip_models("the round trips of the shared OBJ models through every writer");
    }
    int rc = mmt_run(s);
    for (int i = 0; i < num_models; ++i) free(models[i]);
    return rc;
}
