/* test_mesh_read_ply_big_endian.c: binary_big_endian PLY. Each file is built
 * here byte by byte, high byte first (independent of the reader), with every
 * PLY scalar type among the positions, the skipped properties, the list counts
 * and the ids; the mesh read must be the one written out by hand, and the same
 * data written little-endian must read to the same mesh. Then truncated files
 * (cut inside every vertex and face record, in the tight loops and in the
 * record-by-record path) and bad ids, each refused naming the element, the
 * record and the property. */
#include <stdio.h>
#include <string.h>

#include "mmt_bytes.h"
#include "mmt_mesh_io.h"

/*   3---2
 *   |   | \
 *   0---1--4      faces (0 1 2 3) and (1 4 2) */
static const double xyz[] = {0, 0, 0, 1.5, 0, 0, 1.5, -2.25, 0, 0, -2.25, 100, 3, -1, -7};
static const int64_t offsets[] = {0, 4, 7};
static const uint32_t ids[] = {0, 1, 2, 3, 1, 4, 2};

/* Shape 0 (the tight loops): x double, y float, z int, skipped char, uchar,
 * short, ushort, uint; faces: list uchar int, then a skipped ushort. Shape 1
 * (record by record): x float, a skipped short, y double, a skipped list
 * uchar char, z int; an element between (int8, float64); faces: list ushort
 * uint, then a skipped list char short. */
static const char *const headers[2] = {
    "element vertex 5\nproperty double x\nproperty float y\nproperty int z\n"
    "property char a\nproperty uchar b\nproperty short c\nproperty ushort d\nproperty uint e\n"
    "element face 2\nproperty list uchar int vertex_indices\nproperty ushort flags\n"
    "end_header\n",
    "element vertex 5\nproperty float x\nproperty short y100\nproperty double y\n"
    "property list uchar char tags\nproperty int z\n"
    "element edge 1\nproperty int8 v1\nproperty float64 w\n"
    "element face 2\nproperty list ushort uint vertex_indices\nproperty list char short more\n"
    "end_header\n"};

static void build(mmt_bytes *o, int shape, int big)
{
    o->n = 0;
    mmt_put_text(o, big ? "ply\nformat binary_big_endian 1.0\n" : "ply\nformat binary_little_endian 1.0\n");
    mmt_put_text(o, headers[shape]);
    for (int v = 0; v < 5; ++v) {
        double x = xyz[3 * v], y = xyz[3 * v + 1], z = xyz[3 * v + 2];
        if (shape == 0) {
            mmt_put(o, mmt_f64_bits(x), 8, big);
            mmt_put(o, mmt_f32_bits((float)y), 4, big);
            mmt_put(o, (uint32_t)(int32_t)z, 4, big);
            mmt_put(o, (uint8_t)(int8_t)-3, 1, big);
            mmt_put(o, 200, 1, big);
            mmt_put(o, (uint16_t)(int16_t)-300, 2, big);
            mmt_put(o, 60000, 2, big);
            mmt_put(o, 4000000000u, 4, big);
        } else {
            mmt_put(o, mmt_f32_bits((float)x), 4, big);
            mmt_put(o, (uint16_t)(int16_t)-1, 2, big);
            mmt_put(o, mmt_f64_bits(y), 8, big);
            mmt_put(o, 2, 1, big); /* a list of two chars */
            mmt_put(o, 7, 1, big);
            mmt_put(o, 0x80, 1, big);
            mmt_put(o, (uint32_t)(int32_t)z, 4, big);
        }
    }
    if (shape == 1) { /* the edge */
        mmt_put(o, 1, 1, big);
        mmt_put(o, mmt_f64_bits(0.5), 8, big);
    }
    for (int f = 0; f < 2; ++f) {
        int64_t n = offsets[f + 1] - offsets[f];
        mmt_put(o, (uint64_t)n, shape == 0 ? 1 : 2, big);
        for (int64_t i = offsets[f]; i < offsets[f + 1]; ++i) mmt_put(o, ids[i], 4, big);
        if (shape == 0) {
            mmt_put(o, 0xBEEF, 2, big);
        } else {
            mmt_put(o, 1, 1, big);
            mmt_put(o, (uint16_t)(int16_t)-5, 2, big);
        }
    }
}

static mm_mesh read_bytes(mm_context ctx, const mmt_bytes *o, mm_status expect)
{
    mm_mesh mesh = NULL;
    mm_status st = mm_mesh_read_memory(ctx, &mesh, o->b, o->n, "be.ply", NULL);
    ck_assert_msg(st == expect, "%s: %s", mm_status_string(st), mm_last_error(ctx));
    return mesh;
}

START_TEST(big_endian_reads_the_mesh_written_by_hand)
{
    mm_context ctx = mmt_context();
    mmt_bytes o;
    for (int shape = 0; shape < 2; ++shape) {
        build(&o, shape, 1);
        mm_mesh mesh = read_bytes(ctx, &o, MM_OK);
        mmt_host_mesh h;
        mmt_host_mesh_get(ctx, mesh, &h);
        mmt_assert_mesh(&h, 5, xyz, 2, offsets, ids);
        /* the same values little-endian: the same mesh */
        build(&o, shape, 0);
        mm_mesh le = read_bytes(ctx, &o, MM_OK);
        mmt_host_mesh hl;
        mmt_host_mesh_get(ctx, le, &hl);
        mmt_assert_same_mesh(&h, &hl, 1);
        mmt_host_mesh_free(&hl);
        mmt_host_mesh_free(&h);
        mm_mesh_free(&le);
        mm_mesh_free(&mesh);
    }
    mm_context_free(&ctx);
}
END_TEST

/* Where a cut lands: the record (1-based) and property the message names. */
typedef struct cut_place {
    const char *element, *property;
    int record, of;
} cut_place;

/* Byte offsets of the data after the header, in shape 0: vertex records of
 * 26 bytes (x 0-7, y 8-11, z 12-15, a 16, b 17, c 18-19, d 20-21, e 22-25),
 * then faces (count 1, ids 4 each, flags 2). */
static cut_place place_of(size_t at)
{
    static const struct {
        size_t end;
        const char *name;
    } vertex_props[] = {{8, "x"},  {12, "y"}, {16, "z"}, {17, "a"},
                        {18, "b"}, {20, "c"}, {22, "d"}, {26, "e"}};
    cut_place c = {"vertex", NULL, 0, 5};
    if (at < 5 * 26) {
        c.record = (int)(at / 26) + 1;
        for (int i = 0; c.property == NULL; ++i)
            if (at % 26 < vertex_props[i].end) c.property = vertex_props[i].name;
        return c;
    }
    at -= 5 * 26;
    c.element = "face";
    c.of = 2;
    size_t first = 1 + 4 * 4 + 2; /* the quad's record */
    c.record = at < first ? 1 : 2;
    size_t in = at < first ? at : at - first;
    size_t n = c.record == 1 ? 4 : 3;
    c.property = in < 1 + 4 * n ? "vertex_indices" : "flags";
    return c;
}

START_TEST(truncated_big_endian_names_element_record_and_property)
{
    mm_context ctx = mmt_context();
    mmt_bytes o;
    build(&o, 0, 1);
    size_t data = o.n - (5 * 26 + (1 + 16 + 2) + (1 + 12 + 2));
    for (size_t cut = data; cut < o.n; ++cut) {
        mmt_bytes t = o;
        t.n = cut;
        cut_place c = place_of(cut - data);
        char says[160];
        snprintf(says, sizeof says, "the data ends in element '%s' %d of %d, property '%s'",
                 c.element, c.record, c.of, c.property);
        mm_mesh mesh = NULL;
        MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, t.b, t.n, "be.ply", NULL), MM_ERR_PARSE,
                  says);
        ck_assert_ptr_null(mesh);
    }
    /* shape 1: the vertex element goes record by record (it has a list) */
    build(&o, 1, 1);
    size_t v1 = o.n - (5 * 21 + 9 + (2 + 16 + 3) + (2 + 12 + 3)); /* records of 21 mmt_bytes */
    mmt_bytes t = o;
    t.n = v1 + 21 + 8; /* inside vertex 2's y (bytes 6 to 13) */
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, t.b, t.n, "be.ply", NULL), MM_ERR_PARSE,
              "the data ends in element 'vertex' 2 of 5, property 'y'");
    /* one byte too many: the header declares less than the file holds */
    build(&o, 0, 1);
    o.b[o.n++] = 'x';
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, o.b, o.n, "be.ply", NULL), MM_ERR_PARSE,
              "1 bytes after the last element");
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_big_endian_ids_are_refused)
{
    mm_context ctx = mmt_context();
    mmt_bytes o;
    build(&o, 0, 1);
    /* the second face's first id (data end - flags 2 - ids 12) becomes -1 */
    size_t at = o.n - 2 - 12;
    memset(o.b + at, 0xff, 4);
    mm_mesh mesh = NULL;
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, o.b, o.n, "be.ply", NULL),
              MM_ERR_INVALID_MESH, "face 1 uses vertex -1");
    /* an id past the vertices: mm_mesh_new's refusal */
    build(&o, 0, 1);
    o.b[at + 3] = 9;
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, o.b, o.n, "be.ply", NULL),
              MM_ERR_INVALID_MESH, "9");
    /* a count that runs past the data */
    build(&o, 0, 1);
    o.b[o.n - (1 + 12 + 2)] = 100;
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, o.b, o.n, "be.ply", NULL), MM_ERR_PARSE,
              "the data ends in element 'face' 2 of 2, property 'vertex_indices'");
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_read_ply_big_endian");
    TCase *tc = tcase_create("big_endian");
    tcase_add_test(tc, big_endian_reads_the_mesh_written_by_hand);
    tcase_add_test(tc, truncated_big_endian_names_element_record_and_property);
    tcase_add_test(tc, bad_big_endian_ids_are_refused);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
