/* test_mesh_read_ply.c: the PLY reader on hand-made ASCII and binary
 * little-endian files with the whole answer written out: every PLY type for
 * positions, counts and indices, other properties and elements skipped (lists
 * included); LF, CRLF and CR-only line ends in the header and the ASCII data;
 * then one test per refusal, checking the status and the line (ASCII) or the
 * element and record (binary) the message names. */
#include <stdio.h>
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

/* A binary file under construction. */
typedef struct bytes {
    char b[4096];
    size_t n;
} bytes;

static void put_text(bytes *o, const char *s)
{
    size_t n = strlen(s);
    ck_assert_uint_le(o->n + n, sizeof o->b);
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

/* size bytes of u, little-endian. */
static void put_le(bytes *o, uint64_t u, int size)
{
    ck_assert_uint_le(o->n + (size_t)size, sizeof o->b);
    for (int i = 0; i < size; ++i, u >>= 8) o->b[o->n++] = (char)(u & 0xff);
}

static void put_f32(bytes *o, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    put_le(o, u, 4);
}

static void put_f64(bytes *o, double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    put_le(o, u, 8);
}

static void read_host(mm_context ctx, const char *name, const char *data, size_t size,
                      mmt_host_mesh *h)
{
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, data, size, name, NULL));
    mmt_host_mesh_get(ctx, mesh, h);
    mm_mesh_free(&mesh);
}

START_TEST(ply_reads_ascii_quad_and_triangle)
{
    static const char text[] = "ply\r\nformat ascii 1.0\r\ncomment made by hand\r\n"
                               "obj_info a quad and a triangle\r\n"
                               "element vertex 5\r\nproperty float32 x\r\nproperty float32 y\r\n"
                               "property float32 z\r\nproperty float nx\r\nproperty uchar red\r\n"
                               "element face 2\r\nproperty list uchar int vertex_index\r\n"
                               "property list uchar float texcoord\r\n"
                               "element edge 1\r\nproperty int vertex1\r\nproperty int vertex2\r\n"
                               "end_header\r\n"
                               "0 0 0 0.5 255\r\n1 0 0 0.5 255\r\n1 1 0 0.5 255\r\n"
                               "0 1 0 0.5 255\r\n2 0.5 -1.25 0.5 255\r\n"
                               "4 0 1 2 3 2 0.5 0.5\r\n3 1 4 2 0\r\n0 1\r\n";
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "quad_tri.ply", text, strlen(text), &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

/* Binary: mixed position types, a list on the vertices, a fixed-size element
 * (skipped in one jump), face lists with ushort counts and uint ids next to
 * other scalars and lists, and a trailing element of lists. */
START_TEST(ply_reads_binary_with_skipped_properties)
{
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0.5, -3};
    static const float x[] = {0, 1, 1, 0, 2};
    static const double y[] = {0, 0, 1, 1, 0.5};
    static const int16_t z[] = {0, 0, 0, 0, -3};
    bytes o = {{0}, 0};
    put_text(&o, "ply\nformat binary_little_endian 1.0\ncomment every kind of property\n"
                 "element vertex 5\nproperty float x\nproperty double y\nproperty short z\n"
                 "property uchar red\nproperty list uchar float texcoord\n"
                 "element material 2\nproperty int8 a\nproperty uint16 b\nproperty float32 c\n"
                 "element face 2\nproperty list ushort uint vertex_indices\nproperty int flags\n"
                 "property list uint8 int32 extra\n"
                 "element edge 1\nproperty list char short pair\nend_header\n");
    for (int v = 0; v < 5; ++v) {
        put_f32(&o, x[v]);
        put_f64(&o, y[v]);
        put_le(&o, (uint16_t)z[v], 2);
        put_le(&o, 200, 1);
        put_le(&o, 2, 1);
        put_f32(&o, 0.25f);
        put_f32(&o, 0.75f);
    }
    for (int m = 0; m < 2; ++m) {
        put_le(&o, 0xff, 1);
        put_le(&o, 0xbeef, 2);
        put_f32(&o, 1.5f);
    }
    for (int f = 0; f < 2; ++f) {
        int64_t a = quad_tri_offsets[f], b = quad_tri_offsets[f + 1];
        put_le(&o, (uint64_t)(b - a), 2);
        for (int64_t i = a; i < b; ++i) put_le(&o, quad_tri_ids[i], 4);
        put_le(&o, 7, 4);
        put_le(&o, 1, 1);
        put_le(&o, (uint32_t)-9, 4);
    }
    put_le(&o, 2, 1);
    put_le(&o, 3, 2);
    put_le(&o, 4, 2);
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "mixed.ply", o.b, o.n, &h);
    mmt_assert_mesh(&h, 5, xyz, 2, quad_tri_offsets, quad_tri_ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

static const char *const type_names[] = {"char",  "uchar", "short",  "ushort",  "int",   "uint",
                                         "int8",  "uint8", "int16",  "uint16",  "int32", "uint32",
                                         "float", "double", "float32", "float64"};
static const int type_sizes[] = {1, 1, 2, 2, 4, 4, 1, 1, 2, 2, 4, 4, 4, 8, 4, 8};

/* One value (small and non-negative, or -1 for signed types) in type t. */
static void put_typed(bytes *o, int t, double v)
{
    if (t >= 12) {
        if (type_sizes[t] == 4) put_f32(o, (float)v);
        else put_f64(o, v);
        return;
    }
    put_le(o, (uint64_t)(int64_t)v, type_sizes[t]);
}

/* Positions in every type, counts and ids in every integer type, binary and
 * ASCII: a triangle (0,0,0) (1,0,0) (0,1,-1) for signed types, (0,1,2) else. */
START_TEST(ply_reads_every_type)
{
    int t = _i % 16, binary = _i >= 16, is_signed = t < 12 ? t % 2 == 0 : 1;
    int list_t = t < 12 ? t : 1; /* counts and ids need an integer type */
    double zc = is_signed ? -1 : 2;
    const double xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, zc};
    static const int64_t offsets[] = {0, 3};
    static const uint32_t ids[] = {0, 1, 2};
    char header[512];
    snprintf(header, sizeof header,
             "ply\nformat %s 1.0\nelement vertex 3\nproperty %s x\nproperty %s y\n"
             "property %s z\nelement face 1\nproperty list %s %s vertex_indices\nend_header\n",
             binary ? "binary_little_endian" : "ascii", type_names[t], type_names[t],
             type_names[t], type_names[list_t], type_names[list_t]);
    bytes o = {{0}, 0};
    put_text(&o, header);
    for (int k = 0; k < 9; ++k) {
        if (binary) put_typed(&o, t, xyz[k]);
        else put_text(&o, xyz[k] == -1 ? "-1 " : xyz[k] == 2 ? "2 " : xyz[k] == 1 ? "1 " : "0 ");
    }
    if (binary) {
        for (int k = 0; k < 4; ++k) put_typed(&o, list_t, k == 0 ? 3 : ids[k - 1]);
    } else {
        put_text(&o, "\n3 0 1 2\n");
    }
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "types.ply", o.b, o.n, &h);
    mmt_assert_mesh(&h, 3, xyz, 1, offsets, ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

typedef struct bad_case {
    const char *name, *text;
    mm_status status;
    const char *says;
} bad_case;

#define TRI_HEADER(format)                                                                  \
    "ply\nformat " format " 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"   \
    "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n"
#define ASCII_TRI TRI_HEADER("ascii")

static const bad_case bad_cases[] = {
    {"empty.ply", "", MM_ERR_PARSE, "empty.ply:1: expected the PLY magic line 'ply', found end"},
    {"garbage.ply", "\x89PNG\r\n\x1a\n", MM_ERR_PARSE,
     "garbage.ply:1: expected the PLY magic line 'ply', found '?PNG'"},
    {"big.ply", "ply\nformat binary_big_endian 2.0\nelement vertex 0\nend_header\n",
     MM_ERR_FORMAT, "big.ply:2: PLY version '2.0' is not supported"},
    {"version.ply", "ply\nformat ascii 2.0\n", MM_ERR_FORMAT,
     "version.ply:2: PLY version '2.0' is not supported"},
    {"format.ply", "ply\nformat text 1.0\n", MM_ERR_PARSE,
     "format.ply:2: expected ascii, binary_little_endian or binary_big_endian, found 'text'"},
    {"noformat.ply", "ply\nelement vertex 0\nend_header\n", MM_ERR_PARSE,
     "noformat.ply:3: expected a 'format' line before end_header"},
    {"noend.ply", "ply\nformat ascii 1.0\nelement vertex 3\n", MM_ERR_PARSE,
     "noend.ply:3: expected 'end_header', found end of file"},
    {"noend2.ply", "ply\nformat ascii 1.0", MM_ERR_PARSE,
     "noend2.ply:2: expected 'end_header', found end of file"},
    {"keyword.ply", "ply\nformat ascii 1.0\nelemnt vertex 3\n", MM_ERR_PARSE,
     "keyword.ply:3: expected format, element, property, comment, obj_info or end_header, "
     "found 'elemnt'"},
    {"orphan.ply", "ply\nformat ascii 1.0\nproperty float x\n", MM_ERR_PARSE,
     "orphan.ply:3: expected an 'element' line before 'property'"},
    {"type.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float128 x\n", MM_ERR_PARSE,
     "type.ply:4: expected a PLY type (char, uchar, short, …, float, double, int8, …), found "
     "'float128'"},
    {"count.ply", "ply\nformat ascii 1.0\nelement vertex many\n", MM_ERR_PARSE,
     "count.ply:3: expected the element's count (an integer ≥ 0), found 'many'"},
    {"listcount.ply", "ply\nformat ascii 1.0\nelement face 1\nproperty list float int v\n",
     MM_ERR_PARSE, "listcount.ply:4: expected the list's count type (an integer PLY type)"},
    {"trailing.ply", "ply\nformat ascii 1.0 extra\n", MM_ERR_PARSE,
     "trailing.ply:2: expected the end of the header line, found 'extra'"},
    {"noz.ply", "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\n"
                "end_header\n0 0\n",
     MM_ERR_FORMAT, "noz.ply: the vertex element lacks x, y or z"},
    {"listx.ply", "ply\nformat ascii 1.0\nelement vertex 1\nproperty list uchar float x\n",
     MM_ERR_FORMAT, "listx.ply:4: vertex property x is a list; expected a scalar"},
    {"floatids.ply", "ply\nformat ascii 1.0\nelement face 1\n"
                     "property list uchar float vertex_indices\n",
     MM_ERR_FORMAT, "floatids.ply:4: face property vertex_indices must be a list of integers"},
    {"novertex.ply", "ply\nformat ascii 1.0\nelement face 0\n"
                     "property list uchar int vertex_indices\nend_header\n",
     MM_ERR_FORMAT, "novertex.ply: the header declares no vertex element"},
    {"nolist.ply", "ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\n"
                   "property float y\nproperty float z\nelement face 0\nproperty int flags\n"
                   "end_header\n",
     MM_ERR_FORMAT, "nolist.ply: the face element has no vertex_indices (or vertex_index) list"},
    {"twolists.ply", "ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\n"
                     "property float y\nproperty float z\nelement face 0\n"
                     "property list uchar int vertex_indices\n"
                     "property list uchar int vertex_index\nend_header\n",
     MM_ERR_FORMAT, "twolists.ply: the face element has more than one vertex_indices (or "
                    "vertex_index) list"},
    {"short.ply", ASCII_TRI "0 0 0\n1 0 0\n", MM_ERR_PARSE,
     "short.ply:11: expected a number for property 'x' of element 'vertex' 3 of 3, found end "
     "of file"},
    {"shortface.ply", ASCII_TRI "0 0 0\n1 0 0\n0 1 0\n3 0 1\n", MM_ERR_PARSE,
     "shortface.ply:13: expected an integer for property 'vertex_indices' of element 'face' 1 "
     "of 1, found end of file"},
    {"more.ply", ASCII_TRI "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n3 2 1 0\n", MM_ERR_PARSE,
     "more.ply:14: expected the end of the file after the last element (the header declares "
     "less data than the file holds), found '3'"},
    {"token.ply", ASCII_TRI "0 0 0\n1 zero 0\n0 1 0\n3 0 1 2\n", MM_ERR_PARSE,
     "token.ply:11: expected a number for property 'y' of element 'vertex' 2 of 3, found 'zero'"},
    {"nan.ply", ASCII_TRI "0 0 0\n1 nan 0\n0 1 0\n3 0 1 2\n", MM_ERR_INVALID_MESH,
     "nan.ply:11: vertex 1 has a non-finite coordinate 1"},
    {"range.ply", ASCII_TRI "0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n", MM_ERR_INVALID_MESH,
     "range.ply:13: face 0 uses vertex 3 (0-based), but there are 3 vertices"},
    {"negative.ply", ASCII_TRI "0 0 0\n1 0 0\n0 1 0\n3 0 -1 2\n", MM_ERR_INVALID_MESH,
     "negative.ply:13: face 0 uses vertex -1; ids are 0-based, below 2^32"},
    {"negcount.ply", ASCII_TRI "0 0 0\n1 0 0\n0 1 0\n-3 0 1 2\n", MM_ERR_PARSE,
     "negcount.ply:13: list property 'vertex_indices' has count -3"},
    {"twoverts.ply", ASCII_TRI "0 0 0\n1 0 0\n0 1 0\n2 0 1\n", MM_ERR_INVALID_MESH,
     "twoverts.ply:13: face 0 has 2 vertices; a face needs at least 3"},
    {"mesh.plyx", ASCII_TRI, MM_ERR_FORMAT, "mesh.plyx: unknown extension"},
};

START_TEST(ply_reports_bad_text_with_its_line)
{
    const bad_case *c = &bad_cases[_i];
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, c->name, c->text, NULL), c->status, c->says);
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The binary triangle (0,0,0) (1,0,0) (0,1,0), face (0 1 2); `ids` overrides
 * the face's ids, `cut` drops that many bytes from the end, `extra` appends. */
static void binary_tri(bytes *o, const char *header, const int32_t ids[3], size_t cut,
                       size_t extra)
{
    static const float xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    put_text(o, header);
    for (int k = 0; k < 9; ++k) put_f32(o, xyz[k]);
    put_le(o, 3, 1);
    for (int k = 0; k < 3; ++k) put_le(o, (uint32_t)ids[k], 4);
    o->n -= cut;
    for (size_t k = 0; k < extra; ++k) put_le(o, 0xAB, 1);
}

/* ASCII PLY with LF, CRLF or CR-only line ends: the same mesh, and an error
 * in the data (line 14) or the header (line 5) named at its line. */
START_TEST(ply_reads_ascii_with_every_line_end)
{
    static const char text[] = "ply\nformat ascii 1.0\ncomment any line ends\n"  /* 1-3 */
                               "element vertex 5\nproperty float x\nproperty float y\n" /* 4-6 */
                               "property float z\nelement face 2\n"                   /* 7-8 */
                               "property list uchar int vertex_indices\nend_header\n" /* 9-10 */
                               "0 0 0\n1 0 0\n\n1 1 0\n0 1 0\n2 0.5 -1.25\n"         /* 11-16 */
                               "4 0 1 2 3\n3 1 4 2\n";                               /* 17-18 */
    static const char bad_data[] = "ply\nformat ascii 1.0\ncomment any line ends\n"
                                   "element vertex 5\nproperty float x\nproperty float y\n"
                                   "property float z\nelement face 2\n"
                                   "property list uchar int vertex_indices\nend_header\n"
                                   "0 0 0\n1 0 0\n\n1 one 0\n";
    static const char bad_header[] = "ply\nformat ascii 1.0\ncomment any line ends\n"
                                     "element vertex 5\nproperty float\n";
    const char *eol = mmt_line_ends[_i];
    char *file = mmt_with_line_ends(text, eol);
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "ends.ply", file, strlen(file), &h);
    mmt_assert_mesh(&h, 5, quad_tri_xyz, 2, quad_tri_offsets, quad_tri_ids);
    mmt_host_mesh_free(&h);
    free(file);
    mm_mesh mesh = NULL;
    file = mmt_with_line_ends(bad_data, eol);
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "ends.ply", file, NULL), MM_ERR_PARSE,
              "ends.ply:14: expected a number for property 'y' of element 'vertex' 3 of 5, "
              "found 'one'");
    free(file);
    file = mmt_with_line_ends(bad_header, eol);
    MMT_FAILS(ctx, mmt_read_text(ctx, &mesh, "ends.ply", file, NULL), MM_ERR_PARSE,
              "ends.ply:5: expected");
    free(file);
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Binary data after a LF, CRLF or CR-only header, starting with the byte
 * 0x0A or 0x0D (the first x, little-endian): the header's own line ends say
 * where it stops, so that byte is data, never part of end_header's line end. */
START_TEST(ply_binary_data_may_start_with_a_line_end_byte)
{
    const char *eol = mmt_line_ends[_i / 2];
    uint32_t first = _i % 2 ? 0x3f80000du : 0x3f80000au; /* just above 1.0f */
    char *header = mmt_with_line_ends(TRI_HEADER("binary_little_endian"), eol);
    bytes o = {{0}, 0};
    put_text(&o, header);
    free(header);
    put_le(&o, first, 4);
    static const float rest[] = {0, 0, 1, 0, 0, 0, 1, 0};
    for (int k = 0; k < 8; ++k) put_f32(&o, rest[k]);
    put_le(&o, 3, 1);
    for (uint32_t k = 0; k < 3; ++k) put_le(&o, k, 4);
    float x;
    memcpy(&x, &first, sizeof x);
    const double xyz[] = {x, 0, 0, 1, 0, 0, 0, 1, 0};
    static const int64_t offsets[] = {0, 3};
    static const uint32_t ids[] = {0, 1, 2};
    mm_context ctx = mmt_context();
    mmt_host_mesh h;
    read_host(ctx, "ends.ply", o.b, o.n, &h);
    mmt_assert_mesh(&h, 3, xyz, 1, offsets, ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

/* A name is written back as it was read: one holding a
 * control byte, NUL above all (which would cut it short in the file
 * written), is refused where the header names it. */
START_TEST(ply_refuses_control_bytes_in_names)
{
    static const char nul_name[] = "ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\n"
                                   "property float y\nproperty float z\nproperty uchar \0\0red\n"
                                   "end_header\n";
    static const char ctl_element[] = "ply\nformat ascii 1.0\nelement ve\x01rtex 0\n";
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, nul_name, sizeof nul_name - 1, "nul.ply", NULL),
              MM_ERR_PARSE,
              "nul.ply:7: expected the property's name (without control characters), found "
              "'??red'");
    ck_assert_ptr_null(mesh);
    MMT_FAILS(ctx,
              mm_mesh_read_memory(ctx, &mesh, ctl_element, sizeof ctl_element - 1, "ctl.ply", NULL),
              MM_ERR_PARSE,
              "ctl.ply:3: expected an element name (without control characters), found 've?rtex'");
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(ply_reports_bad_binary_data_by_element)
{
    static const int32_t good[3] = {0, 1, 2}, negative[3] = {0, -5, 2}, range[3] = {0, 1, 9};
    static const struct {
        const char *header;
        const int32_t *ids;
        size_t cut, extra;
        mm_status status;
        const char *says;
    } cases[] = {
        {TRI_HEADER("binary_little_endian"), good, 2, 0, MM_ERR_PARSE,
         "bin.ply: the data ends in element 'face' 1 of 1, property 'vertex_indices'; the "
         "header declares more data than the file holds"},
        {TRI_HEADER("binary_little_endian"), good, 20, 0, MM_ERR_PARSE,
         "bin.ply: the data ends in element 'vertex' 3 of 3, property 'y'"},
        {"ply\nformat binary_little_endian 1.0\nelement vertex 1000000000000\n"
         "property float x\nproperty float y\nproperty float z\nelement face 1\n"
         "property list uchar int vertex_indices\nend_header\n",
         good, 0, 0, MM_ERR_PARSE, "bin.ply: the data ends in element 'vertex' 5 of 1000000000000"},
        {TRI_HEADER("binary_little_endian"), good, 0, 5, MM_ERR_PARSE,
         "bin.ply: 5 bytes after the last element; the header declares less data"},
        {TRI_HEADER("binary_little_endian"), negative, 0, 0, MM_ERR_INVALID_MESH,
         "bin.ply: face 0 uses vertex -5; ids are 0-based, below 2^32"},
        {TRI_HEADER("binary_little_endian"), range, 0, 0, MM_ERR_INVALID_MESH,
         "bin.ply: face 0 uses vertex 9 (0-based), but there are 3 vertices"},
    };
    mm_context ctx = mmt_context();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        bytes o = {{0}, 0};
        binary_tri(&o, cases[i].header, cases[i].ids, cases[i].cut, cases[i].extra);
        mm_mesh mesh = NULL;
        MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, o.b, o.n, "bin.ply", NULL),
                  cases[i].status, cases[i].says);
        ck_assert_ptr_null(mesh);
    }
    bytes o = {{0}, 0};
    binary_tri(&o, TRI_HEADER("binary_little_endian"), good, 0, 0);
    mmt_host_mesh h;
    read_host(ctx, "bin.ply", o.b, o.n, &h); /* the same bytes uncut read fine */
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    static const int64_t offsets[] = {0, 3};
    static const uint32_t ids[] = {0, 1, 2};
    mmt_assert_mesh(&h, 3, xyz, 1, offsets, ids);
    mmt_host_mesh_free(&h);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_read_ply");
    TCase *tc = tcase_create("ply");
    tcase_add_test(tc, ply_reads_ascii_quad_and_triangle);
    tcase_add_test(tc, ply_reads_binary_with_skipped_properties);
    tcase_add_loop_test(tc, ply_reads_every_type, 0, 32);
    tcase_add_loop_test(tc, ply_reports_bad_text_with_its_line, 0,
                        (int)(sizeof bad_cases / sizeof bad_cases[0]));
    tcase_add_test(tc, ply_refuses_control_bytes_in_names);
    tcase_add_test(tc, ply_reports_bad_binary_data_by_element);
    tcase_add_loop_test(tc, ply_reads_ascii_with_every_line_end, 0, MMT_NUM_LINE_ENDS);
    tcase_add_loop_test(tc, ply_binary_data_may_start_with_a_line_end_byte, 0,
                        2 * MMT_NUM_LINE_ENDS);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
