/* test_mesh_ply_properties.c: a PLY file's vertex properties besides x, y, z
 * as named columns of the vertex data (issue 20, point 3). A cube whose
 * vertex element carries float normals (one of them before x), uchar
 * colours, a double quality and an int, built here as ASCII, binary
 * little- and big-endian, with and without a list property in the vertex
 * records (the parallel loop and the record-by-record reader): the columns,
 * their names and types and their values; bad data in those columns named
 * by element, record and line; a file without them read as before; written
 * back (ASCII and binary) and read again with the same names, types and
 * values, integers rounded and clamped; carried by mm_subdivide (the face
 * points' colours are their faces' mean colours) and mm_mesh_weld. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_bytes.h"
#include "mmt_mesh_io.h"

enum { NV = 8, NF = 6, DIM = 11 };

static const double corner[NV][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                     {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
static const uint32_t quads[NF][4] = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4},
                                      {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
static const unsigned char rgb[NV][3] = {{255, 0, 0},   {0, 255, 0},   {0, 0, 255}, {255, 255, 0},
                                         {255, 0, 255}, {0, 255, 255}, {255, 255, 255}, {0, 0, 0}};

/* The columns past x, y, z, in file order (nx comes before x in the file). */
static const char *const names[DIM - 3] = {"nx", "ny", "nz", "red", "green", "blue",
                                           "quality", "temp"};
static const char *const types[DIM - 3] = {"float", "float", "float", "uchar", "uchar", "uchar",
                                           "double", "int"};

/* Vertex v's value in column c (3 ≤ c < DIM), as the file stores it. */
static double value(int v, int c)
{
    switch (c) {
    case 3: return v * 0.25 - 1;
    case 4: return (float)(0.1 * v); /* not a short decimal as a double */
    case 5: return -0.5;
    case 6: case 7: case 8: return rgb[v][c - 6];
    case 9: return v / 3.0;
    default: return v * 1000 - 3000;
    }
}

enum { ASCII = 0, LITTLE = 1, BIG = 2 };

/* The cube as a PLY file of `form`; with_list: a list property `tags` in
 * each vertex record (the record-by-record reader). Vertex records:
 * nx x y z ny nz red green blue quality temp [tags]: 39 bytes in binary
 * without the list. */
static void build(mmt_bytes *o, int form, int with_list)
{
    static const char *const forms[3] = {"ascii", "binary_little_endian", "binary_big_endian"};
    char line[256];
    int big = form == BIG;
    o->n = 0;
    snprintf(line, sizeof line, "ply\nformat %s 1.0\nelement vertex %d\n", forms[form], NV);
    mmt_put_text(o, line);
    mmt_put_text(o, "property float nx\nproperty float x\nproperty float y\nproperty float z\n"
                "property float ny\nproperty float nz\nproperty uchar red\n"
                "property uchar green\nproperty uchar blue\nproperty double quality\n"
                "property int temp\n");
    if (with_list) mmt_put_text(o, "property list uchar short tags\n");
    mmt_put_text(o, "element face 6\nproperty list uchar int vertex_indices\nend_header\n");
    for (int v = 0; v < NV; ++v) {
        if (form == ASCII) {
            snprintf(line, sizeof line, "%.17g %g %g %g %.17g %.17g %d %d %d %.17g %d%s\n",
                     value(v, 3), corner[v][0], corner[v][1], corner[v][2], value(v, 4),
                     value(v, 5), rgb[v][0], rgb[v][1], rgb[v][2], value(v, 9),
                     (int)value(v, 10), with_list ? " 2 -7 7" : "");
            mmt_put_text(o, line);
            continue;
        }
        mmt_put(o, mmt_f32_bits((float)value(v, 3)), 4, big);
        for (int k = 0; k < 3; ++k) mmt_put(o, mmt_f32_bits((float)corner[v][k]), 4, big);
        mmt_put(o, mmt_f32_bits((float)value(v, 4)), 4, big);
        mmt_put(o, mmt_f32_bits((float)value(v, 5)), 4, big);
        for (int k = 0; k < 3; ++k) mmt_put(o, rgb[v][k], 1, big);
        mmt_put(o, mmt_f64_bits(value(v, 9)), 8, big);
        mmt_put(o, (uint32_t)(int32_t)value(v, 10), 4, big);
        if (with_list) {
            mmt_put(o, 2, 1, big);
            mmt_put(o, (uint16_t)-7, 2, big);
            mmt_put(o, 7, 2, big);
        }
    }
    for (int f = 0; f < NF; ++f) {
        if (form == ASCII) {
            snprintf(line, sizeof line, "4 %u %u %u %u\n", quads[f][0], quads[f][1], quads[f][2],
                     quads[f][3]);
            mmt_put_text(o, line);
            continue;
        }
        mmt_put(o, 4, 1, big);
        for (int k = 0; k < 4; ++k) mmt_put(o, quads[f][k], 4, big);
    }
}

static mm_mesh read_bytes(mm_context ctx, const mmt_bytes *o)
{
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, o->b, o->n, "props.ply", NULL));
    return mesh;
}

/* mesh is the cube with every column, names and types (values as double,
 * exactly). */
static void assert_cube(mm_context ctx, mm_mesh mesh)
{
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    ck_assert_int_eq(h.info.dim, DIM);
    ck_assert_int_eq(h.info.num_vertices, NV);
    ck_assert_int_eq(h.info.num_faces, NF);
    for (int c = 0; c < 3; ++c) ck_assert_ptr_null(mm_mesh_vertex_property_name(mesh, c));
    for (int c = 3; c < DIM; ++c) {
        ck_assert_str_eq(mm_mesh_vertex_property_name(mesh, c), names[c - 3]);
        ck_assert_str_eq(mm_mesh_vertex_property_type(mesh, c), types[c - 3]);
    }
    ck_assert_ptr_null(mm_mesh_vertex_property_name(mesh, DIM));
    ck_assert_ptr_null(mm_mesh_vertex_property_name(mesh, -1));
    for (int v = 0; v < NV; ++v) {
        for (int k = 0; k < 3; ++k) ck_assert(mmt_coord(&h, v, k) == corner[v][k]);
        for (int c = 3; c < DIM; ++c)
            ck_assert_msg(mmt_coord(&h, v, c) == value(v, c), "vertex %d column %d: %.17g != %.17g",
                          v, c, mmt_coord(&h, v, c), value(v, c));
    }
    for (int f = 0; f < NF; ++f)
        ck_assert_mem_eq(h.ids + h.offsets[f], quads[f], sizeof quads[f]);
    mmt_host_mesh_free(&h);
}

START_TEST(every_vertex_scalar_is_a_named_column)
{
    mm_context ctx = mmt_context();
    mmt_bytes o;
    for (int form = ASCII; form <= BIG; ++form)
        for (int with_list = 0; with_list < 2; ++with_list) {
            build(&o, form, with_list);
            mm_mesh mesh = read_bytes(ctx, &o);
            assert_cube(ctx, mesh);
            mm_mesh_free(&mesh);
        }
    /* float32 meshes too: the columns rounded as the positions are */
    build(&o, LITTLE, 0);
    mm_read_options ro = mm_read_options_default();
    ro.precision = MM_TYPE_FLOAT32;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, o.b, o.n, "props.ply", &ro));
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    ck_assert_int_eq(h.info.dim, DIM);
    ck_assert(mmt_coord(&h, 5, 9) == (double)(float)value(5, 9));
    ck_assert(mmt_coord(&h, 5, 6) == 0);
    ck_assert_str_eq(mm_mesh_vertex_property_name(mesh, 6), "red");
    mmt_host_mesh_free(&h);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(a_file_of_positions_reads_as_before)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "plain.ply",
                              "ply\nformat ascii 1.0\nelement vertex 3\nproperty double x\n"
                              "property double y\nproperty double z\nproperty list uchar int l\n"
                              "element face 1\nproperty list uchar int vertex_indices\n"
                              "property uchar flags\nend_header\n"
                              "0 0 0 0\n1 0 0 1 5\n0 1 0 0\n3 0 1 2 9\n",
                              NULL));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    ck_assert_int_eq(info.dim, 3); /* lists and other elements' scalars are skipped */
    for (int c = 0; c < 4; ++c) {
        ck_assert_ptr_null(mm_mesh_vertex_property_name(mesh, c));
        ck_assert_ptr_null(mm_mesh_vertex_property_type(mesh, c));
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Data offsets in the binary shape without the list: records of 39 bytes
 * (nx 0-3, x 4-7, y 8-11, z 12-15, ny 16-19, nz 20-23, red 24, green 25,
 * blue 26, quality 27-34, temp 35-38). */
enum { RECORD = 39, FACES = NF * 17 };

START_TEST(bad_column_data_is_named)
{
    mm_context ctx = mmt_context();
    mmt_bytes o;
    mm_mesh mesh = NULL;
    for (int form = LITTLE; form <= BIG; ++form) {
        /* cut inside vertex 3's quality: the loop stops, the record reader reports */
        build(&o, form, 0);
        size_t data = o.n - (NV * RECORD + FACES);
        mmt_bytes t = o;
        t.n = data + 2 * RECORD + 30;
        MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, t.b, t.n, "props.ply", NULL),
                  MM_ERR_PARSE, "the data ends in element 'vertex' 3 of 8, property 'quality'");
        ck_assert_ptr_null(mesh);
        t.n = data + 7 * RECORD + 36; /* in the last record's temp */
        MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, t.b, t.n, "props.ply", NULL),
                  MM_ERR_PARSE, "the data ends in element 'vertex' 8 of 8, property 'temp'");
        /* a NaN normal in vertex 5 (the loop finds it, the record reader names it) */
        size_t ny = data + 4 * RECORD + 16;
        uint32_t nan_bits = 0x7fc00000u;
        for (int i = 0; i < 4; ++i)
            o.b[ny + (size_t)i] = (char)((nan_bits >> (8 * (form == BIG ? 3 - i : i))) & 0xff);
        MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, o.b, o.n, "props.ply", NULL),
                  MM_ERR_INVALID_MESH, "property 'ny' of element 'vertex' 5 of 8 is nan");
        ck_assert_ptr_null(mesh);
        /* the record-by-record reader (a list in each record): an infinite quality */
        build(&o, form, 1);
        size_t record = RECORD + 5;
        data = o.n - (NV * record + FACES);
        uint64_t inf = mmt_f64_bits(INFINITY);
        for (int i = 0; i < 8; ++i)
            o.b[data + record + 27 + (size_t)i] =
                (char)((inf >> (8 * (form == BIG ? 7 - i : i))) & 0xff);
        MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, o.b, o.n, "props.ply", NULL),
                  MM_ERR_INVALID_MESH, "property 'quality' of element 'vertex' 2 of 8 is inf");
    }
    /* ASCII: the line (17 header lines; vertex 4 on line 21) */
    build(&o, ASCII, 0);
    char *text = strndup(o.b, o.n), *at = text;
    for (int line = 1; line < 21; ++line) at = strchr(at, '\n') + 1;
    char *q = at; /* the quality: the 10th field */
    for (int field = 0; field < 9; ++field) q = strchr(q, ' ') + 1;
    char edited[8192];
    snprintf(edited, sizeof edited, "%.*snan%s", (int)(q - text), text, strchr(q, ' '));
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "props.ply", edited, NULL), MM_ERR_INVALID_MESH,
              "props.ply:21: property 'quality' of element 'vertex' 4 of 8 is nan");
    snprintf(edited, sizeof edited, "%.*s1e999%s", (int)(q - text), text, strchr(q, ' '));
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "props.ply", edited, NULL), MM_ERR_INVALID_MESH,
              "props.ply:21: property 'quality' of element 'vertex' 4 of 8 is inf");
    /* the file cut before vertex 4's quality */
    snprintf(edited, sizeof edited, "%.*s", (int)(q - text), text);
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "props.ply", edited, NULL), MM_ERR_PARSE,
              "props.ply:21: expected a number for property 'quality' of element 'vertex' 4 of 8");
    free(text);
    /* two vertex elements must bring the same columns */
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "two.ply",
                                 "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\n"
                                 "property float y\nproperty float z\nproperty uchar red\n"
                                 "element vertex 1\nproperty float x\nproperty float y\n"
                                 "property float z\nend_header\n0 0 0 1\n0 0 0\n",
                                 NULL),
              MM_ERR_FORMAT, "two vertex elements with different properties");
    mm_context_free(&ctx);
}
END_TEST

/* mesh written as format into dir and read back. */
static mm_mesh round_trip(mm_context ctx, mm_mesh mesh, const char *dir, mm_file_format format,
                          mm_type precision)
{
    char path[512];
    mmt_temp_path(path, sizeof path, dir, format == MM_FILE_PLY_ASCII ? "a.ply" : "b.ply");
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, format));
    mm_read_options ro = mm_read_options_default();
    ro.precision = precision;
    mm_mesh back = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &back, path, &ro));
    return back;
}

START_TEST(written_columns_read_back_with_names_types_and_values)
{
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    mmt_bytes o;
    build(&o, BIG, 1);
    mm_mesh mesh = read_bytes(ctx, &o);
    for (int ascii = 0; ascii < 2; ++ascii) {
        mm_mesh back = round_trip(ctx, mesh, dir, ascii ? MM_FILE_PLY_ASCII : MM_FILE_PLY_BINARY,
                                  MM_TYPE_FLOAT64);
        assert_cube(ctx, back);
        mm_mesh_free(&back);
    }
    char path[512];
    mmt_temp_path(path, sizeof path, dir, "a.ply"); /* the ASCII file's vertex 1 */
    FILE *f = fopen(path, "r");
    char line[512], *row = NULL;
    while (fgets(line, sizeof line, f) && strcmp(line, "end_header\n") != 0) {
    }
    row = fgets(line, sizeof line, f);
    row = fgets(line, sizeof line, f);
    fclose(f);
    ck_assert_str_eq(row, "1 0 0 -0.75 0.1 -0.5 0 255 0 0.3333333333333333 -2000\n");
    mm_mesh_free(&mesh);
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* A mesh from mm_mesh_new with columns named by the caller: integer types
 * rounded to nearest (halves away from zero) and clamped, floats narrowed,
 * an unnamed column not written. */
START_TEST(integer_columns_are_rounded_and_clamped)
{
    static const double x[4][8] = {{0, 0, 0, 127.5, -128.6, 0.1, 7, 65535.5},
                                   {1, 0, 0, -3, 200, 1e-30, 7, -0.5},
                                   {0, 1, 0, 300, -0.5, -2, 7, 4294967296.0},
                                   {1, 1, 0, 254.49, 0.5, 3.5, 7, 2.5}};
    static const double expect[4][7] = {{0, 0, 0, 128, -128, 0.1f, 65536},
                                        {1, 0, 0, 0, 127, (float)1e-30, 0},
                                        {0, 1, 0, 255, -1, -2, 4294967295.0},
                                        {1, 1, 0, 254, 1, 3.5, 3}};
    static const uint32_t ids[4] = {0, 1, 3, 2};
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    mm_mesh_desc d = {0};
    d.num_vertices = 4;
    d.dim = 8;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = x;
    d.num_faces = 1;
    d.face_order = 4;
    d.face_vertices = ids;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    for (int c = 0; c < 8; ++c) ck_assert_ptr_null(mm_mesh_vertex_property_name(mesh, c));
    MMT_OK(ctx, mm_mesh_set_vertex_property(ctx, mesh, 3, "red", "uint8"));
    MMT_OK(ctx, mm_mesh_set_vertex_property(ctx, mesh, 4, "c", "char"));
    MMT_OK(ctx, mm_mesh_set_vertex_property(ctx, mesh, 5, "f", "float"));
    MMT_OK(ctx, mm_mesh_set_vertex_property(ctx, mesh, 6, "gone", NULL));
    ck_assert_str_eq(mm_mesh_vertex_property_type(mesh, 6), "double");
    MMT_OK(ctx, mm_mesh_set_vertex_property(ctx, mesh, 6, NULL, NULL)); /* unnamed again */
    ck_assert_ptr_null(mm_mesh_vertex_property_name(mesh, 6));
    MMT_OK(ctx, mm_mesh_set_vertex_property(ctx, mesh, 7, "u", "uint"));
    ck_assert_str_eq(mm_mesh_vertex_property_type(mesh, 3), "uchar");
    ck_assert_int_eq(mm_file_keeps_vertex_property(mesh, 3, "m.ply", MM_FILE_AUTO), 1);
    ck_assert_int_eq(mm_file_keeps_vertex_property(mesh, 3, "m.obj", MM_FILE_AUTO), 0);
    ck_assert_int_eq(mm_file_keeps_vertex_property(mesh, 3, "m", MM_FILE_PLY_ASCII), 1);
    ck_assert_int_eq(mm_file_keeps_vertex_property(mesh, 3, "m.ply", MM_FILE_OFF), 0);
    ck_assert_int_eq(mm_file_keeps_vertex_property(mesh, 3, "m.glb", MM_FILE_AUTO), 0);
    ck_assert_int_eq(mm_file_keeps_vertex_property(mesh, 6, "m.ply", MM_FILE_AUTO), 0);
    ck_assert_int_eq(mm_file_keeps_vertex_property(mesh, 2, "m.obj", MM_FILE_AUTO), 1);
    ck_assert_int_eq(mm_file_keeps_vertex_property(mesh, 8, "m.ply", MM_FILE_AUTO), 0);
    ck_assert_int_eq(mm_file_keeps_vertex_property(NULL, 0, "m.ply", MM_FILE_AUTO), 0);
    for (int ascii = 0; ascii < 2; ++ascii) {
        mm_mesh back = round_trip(ctx, mesh, dir, ascii ? MM_FILE_PLY_ASCII : MM_FILE_PLY_BINARY,
                                  MM_TYPE_FLOAT64);
        mmt_host_mesh h;
        mmt_host_mesh_get(ctx, back, &h);
        ck_assert_int_eq(h.info.dim, 7);
        static const char *const kept[4] = {"red", "c", "f", "u"};
        static const char *const kept_types[4] = {"uchar", "char", "float", "uint"};
        for (int c = 3; c < 7; ++c) {
            ck_assert_str_eq(mm_mesh_vertex_property_name(back, c), kept[c - 3]);
            ck_assert_str_eq(mm_mesh_vertex_property_type(back, c), kept_types[c - 3]);
        }
        for (int v = 0; v < 4; ++v)
            for (int c = 0; c < 7; ++c)
                ck_assert_msg(mmt_coord(&h, v, c) == expect[v][c], "%s: vertex %d column %d: "
                              "%.17g != %.17g", ascii ? "ascii" : "binary", v, c,
                              mmt_coord(&h, v, c), expect[v][c]);
        mmt_host_mesh_free(&h);
        mm_mesh_free(&back);
    }
    /* refusals */
    MMT_FAILS(ctx, mm_mesh_set_vertex_property(ctx, mesh, 2, "z2", NULL), MM_ERR_INVALID_ARGUMENT,
              "column 2");
    MMT_FAILS(ctx, mm_mesh_set_vertex_property(ctx, mesh, 8, "w", NULL), MM_ERR_INVALID_ARGUMENT,
              "column 8");
    MMT_FAILS(ctx, mm_mesh_set_vertex_property(ctx, mesh, 3, "x", NULL), MM_ERR_INVALID_ARGUMENT,
              "cannot name");
    MMT_FAILS(ctx, mm_mesh_set_vertex_property(ctx, mesh, 3, "a b", NULL),
              MM_ERR_INVALID_ARGUMENT, "cannot name");
    MMT_FAILS(ctx, mm_mesh_set_vertex_property(ctx, mesh, 3, "", NULL), MM_ERR_INVALID_ARGUMENT,
              "cannot name");
    MMT_FAILS(ctx, mm_mesh_set_vertex_property(ctx, mesh, 3, "a", "long"),
              MM_ERR_INVALID_ARGUMENT, "'long' is not a PLY type");
    ck_assert_str_eq(mm_mesh_vertex_property_name(mesh, 3), "red"); /* unchanged */
    mm_mesh_free(&mesh);
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* The cube with x y z red green blue (uchar). */
static mm_mesh coloured_cube(mm_context ctx)
{
    mmt_bytes o = {{0}, 0};
    char line[128];
    mmt_put_text(&o, "ply\nformat ascii 1.0\nelement vertex 8\nproperty float x\nproperty float y\n"
                 "property float z\nproperty uchar red\nproperty uchar green\n"
                 "property uchar blue\nelement face 6\n"
                 "property list uchar int vertex_indices\nend_header\n");
    for (int v = 0; v < NV; ++v) {
        snprintf(line, sizeof line, "%g %g %g %d %d %d\n", corner[v][0], corner[v][1],
                 corner[v][2], rgb[v][0], rgb[v][1], rgb[v][2]);
        mmt_put_text(&o, line);
    }
    for (int f = 0; f < NF; ++f) {
        snprintf(line, sizeof line, "4 %u %u %u %u\n", quads[f][0], quads[f][1], quads[f][2],
                 quads[f][3]);
        mmt_put_text(&o, line);
    }
    return read_bytes(ctx, &o);
}

/* Face f's mean colour (channel k): Catmull-Clark's face point. */
static double face_mean(int f, int k)
{
    double s = 0;
    for (int i = 0; i < 4; ++i) s += rgb[quads[f][i]][k];
    return s / 4;
}

START_TEST(subdivision_and_weld_carry_the_named_columns)
{
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    mm_mesh cube = coloured_cube(ctx), fine = NULL, welded = NULL;
    mm_subdiv_options so = mm_subdiv_options_default();
    so.levels = 1;
    MMT_OK(ctx, mm_subdivide(ctx, cube, &so, &fine));
    static const char *const rgb_names[3] = {"red", "green", "blue"};
    for (int k = 0; k < 3; ++k) {
        ck_assert_str_eq(mm_mesh_vertex_property_name(fine, 3 + k), rgb_names[k]);
        ck_assert_str_eq(mm_mesh_vertex_property_type(fine, 3 + k), "uchar");
    }
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, fine, &h);
    ck_assert_int_eq(h.info.dim, 6);
    for (int f = 0; f < NF; ++f) /* face point of face f: vertex 8 + f */
        for (int k = 0; k < 3; ++k) ck_assert(mmt_coord(&h, NV + f, 3 + k) == face_mean(f, k));
    mmt_host_mesh_free(&h);
    /* written as uchar: the means rounded, halves away from zero (127.5 -> 128) */
    mm_mesh back = round_trip(ctx, fine, dir, MM_FILE_PLY_BINARY, MM_TYPE_FLOAT64);
    mmt_host_mesh_get(ctx, back, &h);
    ck_assert_str_eq(mm_mesh_vertex_property_name(back, 5), "blue");
    ck_assert(mmt_coord(&h, NV + 0, 3) == 128); /* face 0: red 255, 255, 0, 0 */
    for (int f = 0; f < NF; ++f)
        for (int k = 0; k < 3; ++k)
            ck_assert(mmt_coord(&h, NV + f, 3 + k) == floor(face_mean(f, k) + 0.5));
    mmt_host_mesh_free(&h);
    mm_mesh_free(&back);
    /* a weld (of the refined mesh: nothing to merge) keeps them too */
    mm_weld_options wo = mm_weld_options_default();
    MMT_OK(ctx, mm_mesh_weld(ctx, fine, &wo, &welded, NULL));
    ck_assert_str_eq(mm_mesh_vertex_property_name(welded, 4), "green");
    mm_mesh_free(&welded);
    mm_mesh_free(&fine);
    mm_mesh_free(&cube);
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_ply_properties");
    TCase *tc = tcase_create("ply_properties");
    tcase_add_test(tc, every_vertex_scalar_is_a_named_column);
    tcase_add_test(tc, a_file_of_positions_reads_as_before);
    tcase_add_test(tc, bad_column_data_is_named);
    tcase_add_test(tc, written_columns_read_back_with_names_types_and_values);
    tcase_add_test(tc, integer_columns_are_rounded_and_clamped);
    tcase_add_test(tc, subdivision_and_weld_carry_the_named_columns);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
