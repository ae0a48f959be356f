/* test_mesh_write_glb.c: the glTF 2.0 binary writer, read back by a parser of
 * this test's own (the GLB header and chunks after the glTF 2.0 spec, the
 * JSON by a small path lookup): lengths and 4-byte padding, the accessors'
 * counts, types and bounds, positions equal to the mesh's rounded to float32,
 * normals of unit length equal to Newell's area vectors summed per vertex
 * (and, by hand, the cube's corner diagonals and a flat mesh's +z), indices
 * equal to each polygon's fan from its first corner, holes left out, 16- and
 * 32-bit indices. Then the refusals (no faces, a coordinate past float32, a
 * failed open or write), after which the target is as it was and nothing is
 * left beside it, reading a .glb, and allocation failures; a mesh with uv
 * and normal channels written per corner value (TEXCOORD_0, its NORMAL). The Khronos
 * validator runs on the tool's .glb files in validate_glb.js. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mmt_mesh_io.h"

/* ---- the file ---- */

static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    ck_assert_int_ge(n, 0);
    rewind(f);
    unsigned char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *size = (size_t)n;
    return buf;
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float lef32(const unsigned char *p)
{
    uint32_t u = le32(p);
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* ---- a JSON path lookup: enough to walk glTF's objects and arrays ---- */

static const char *ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') ++p;
    return p;
}

/* Past the value at p (after white space), or NULL when p holds none. */
static const char *skip_value(const char *p)
{
    p = ws(p);
    if (*p == '"') {
        for (++p; *p != '"'; ++p) {
            if (*p == '\0') return NULL;
            if (*p == '\\' && *++p == '\0') return NULL;
        }
        return p + 1;
    }
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        p = ws(p + 1);
        if (*p == close) return p + 1;
        for (;;) {
            if (close == '}') {
                if ((p = skip_value(p)) == NULL) return NULL; /* the key */
                p = ws(p);
                if (*p++ != ':') return NULL;
            }
            if ((p = skip_value(p)) == NULL) return NULL;
            p = ws(p);
            if (*p == close) return p + 1;
            if (*p++ != ',') return NULL;
        }
    }
    const char *start = p;
    while (*p != '\0' && strchr(",]} \n\r\t", *p) == NULL) ++p;
    return p > start ? p : NULL;
}

/* The value of member key of the object at p, or NULL. */
static const char *member(const char *p, const char *key)
{
    if (p == NULL || *(p = ws(p)) != '{') return NULL;
    p = ws(p + 1);
    size_t n = strlen(key);
    while (*p == '"') {
        int match = strncmp(p + 1, key, n) == 0 && p[n + 1] == '"';
        if ((p = skip_value(p)) == NULL) return NULL;
        p = ws(p);
        if (*p++ != ':') return NULL;
        if (match) return ws(p);
        if ((p = skip_value(p)) == NULL) return NULL;
        p = ws(p);
        if (*p == ',') p = ws(p + 1);
    }
    return NULL;
}

/* Element i of the array at p, or NULL. */
static const char *element(const char *p, int i)
{
    if (p == NULL || *(p = ws(p)) != '[') return NULL;
    p = ws(p + 1);
    for (int k = 0; k < i; ++k) {
        if ((p = skip_value(p)) == NULL) return NULL;
        p = ws(p);
        if (*p++ != ',') return NULL;
    }
    p = ws(p);
    return *p == ']' ? NULL : p;
}

static double number(const char *p)
{
    ck_assert_ptr_nonnull(p);
    char *end;
    double x = strtod(p, &end);
    ck_assert_msg(end > p, "not a number: %.20s", p);
    return x;
}

static long long integer(const char *p)
{
    double x = number(p);
    ck_assert(x == floor(x));
    return (long long)x;
}

static int is_string(const char *p, const char *s)
{
    size_t n = strlen(s);
    return p != NULL && *p == '"' && strncmp(p + 1, s, n) == 0 && p[n + 1] == '"';
}

/* ---- the mesh as the test sees it ---- */

static double coord(const mmt_host_mesh *h, int64_t v, int k)
{
    return k < h->info.dim ? mmt_coord(h, v, k) : 0.0;
}

static int is_hole(const mmt_host_mesh *h, int64_t f)
{
    for (int64_t i = 0; i < h->info.num_holes; ++i)
        if (h->hole_faces[i] == f) return 1;
    return 0;
}

/* The area-weighted vertex normals by Newell's formula, Σ p_i × p_(i+1)
 * around each face (3 per vertex, unnormalized). */
static double *newell_sums(const mmt_host_mesh *h)
{
    int64_t nv = h->info.num_vertices;
    double *acc = calloc((size_t)(3 * nv), sizeof *acc);
    ck_assert_ptr_nonnull(acc);
    for (int64_t f = 0; f < h->info.num_faces; ++f) {
        if (is_hole(h, f)) continue;
        int64_t a = h->offsets[f], n = h->offsets[f + 1] - a;
        double area[3] = {0, 0, 0};
        for (int64_t i = 0; i < n; ++i) {
            uint32_t u = h->ids[a + i], w = h->ids[a + (i + 1) % n];
            double p[3], q[3];
            for (int k = 0; k < 3; ++k) {
                p[k] = coord(h, u, k);
                q[k] = coord(h, w, k);
            }
            area[0] += p[1] * q[2] - p[2] * q[1];
            area[1] += p[2] * q[0] - p[0] * q[2];
            area[2] += p[0] * q[1] - p[1] * q[0];
        }
        for (int64_t i = 0; i < n; ++i)
            for (int k = 0; k < 3; ++k) acc[3 * h->ids[a + i] + k] += area[k];
    }
    return acc;
}

/* What a check of a .glb found, for the callers' own assertions. */
typedef struct glb_read {
    unsigned char *file;
    size_t size;
    const unsigned char *bin;
    char *json;
    int64_t num_indices;
    int index_size;
} glb_read;

/* Every property of the file that the spec and the writer's contract fix. */
static void check_glb(const char *path, const mmt_host_mesh *h, glb_read *r)
{
    int64_t nv = h->info.num_vertices, indices = 0;
    for (int64_t f = 0; f < h->info.num_faces; ++f)
        if (!is_hole(h, f)) indices += 3 * (h->offsets[f + 1] - h->offsets[f] - 2);
    unsigned char *b = r->file = slurp(path, &r->size);
    /* header: magic, version 2, the file's length */
    ck_assert_uint_ge(r->size, 28);
    ck_assert_mem_eq(b, "glTF", 4);
    ck_assert_uint_eq(le32(b + 4), 2);
    ck_assert_uint_eq(le32(b + 8), r->size);
    /* the JSON chunk, padded with spaces to 4 bytes */
    uint32_t jlen = le32(b + 12);
    ck_assert_uint_eq(jlen % 4, 0);
    ck_assert_mem_eq(b + 16, "JSON", 4);
    ck_assert_uint_le(20 + (size_t)jlen + 8, r->size);
    r->json = malloc(jlen + 1);
    ck_assert_ptr_nonnull(r->json);
    memcpy(r->json, b + 20, jlen);
    r->json[jlen] = '\0';
    const char *end = skip_value(r->json);
    ck_assert_ptr_nonnull(end);
    for (const char *p = end; *p != '\0'; ++p) ck_assert_int_eq(*p, ' ');
    /* the BIN chunk: the rest of the file, padded to 4 bytes */
    const unsigned char *c = b + 20 + jlen;
    uint32_t blen = le32(c);
    ck_assert_uint_eq(blen % 4, 0);
    ck_assert_mem_eq(c + 4, "BIN\0", 4);
    ck_assert_uint_eq(20 + (size_t)jlen + 8 + blen, r->size);
    r->bin = c + 8;

    const char *j = r->json;
    ck_assert(is_string(member(member(j, "asset"), "version"), "2.0"));
    ck_assert(is_string(member(member(j, "asset"), "generator"), "meshmat"));
    ck_assert_int_eq(integer(member(j, "scene")), 0);
    ck_assert_int_eq(integer(element(member(element(member(j, "scenes"), 0), "nodes"), 0)), 0);
    ck_assert_int_eq(integer(member(element(member(j, "nodes"), 0), "mesh")), 0);
    ck_assert_ptr_null(element(member(j, "meshes"), 1));
    const char *prims = member(element(member(j, "meshes"), 0), "primitives");
    ck_assert_ptr_null(element(prims, 1));
    const char *prim = element(prims, 0);
    ck_assert_int_eq(integer(member(prim, "mode")), 4); /* TRIANGLES */
    const char *attr = member(prim, "attributes");
    const char *acc_of[3] = {member(attr, "POSITION"), member(attr, "NORMAL"),
                             member(prim, "indices")};
    ck_assert_ptr_null(member(attr, "TEXCOORD_0")); /* these meshes have no channels */
    ck_assert_ptr_null(element(member(j, "buffers"), 1));
    ck_assert_int_eq(integer(member(element(member(j, "buffers"), 0), "byteLength")), blen);

    r->num_indices = indices;
    r->index_size = nv <= 65535 ? 2 : 4;
    const long long types[3] = {5126, 5126, r->index_size == 2 ? 5123 : 5125};
    const long long counts[3] = {nv, nv, indices};
    const char *const shapes[3] = {"VEC3", "VEC3", "SCALAR"};
    const unsigned char *data[3];
    for (int a = 0; a < 3; ++a) {
        const char *acc = element(member(j, "accessors"), (int)integer(acc_of[a]));
        ck_assert_int_eq(integer(member(acc, "componentType")), types[a]);
        ck_assert_int_eq(integer(member(acc, "count")), counts[a]);
        ck_assert(is_string(member(acc, "type"), shapes[a]));
        long long acc_offset = member(acc, "byteOffset") ? integer(member(acc, "byteOffset")) : 0;
        const char *view = element(member(j, "bufferViews"), (int)integer(member(acc, "bufferView")));
        ck_assert_int_eq(integer(member(view, "buffer")), 0);
        ck_assert_ptr_null(member(view, "byteStride")); /* tightly packed */
        long long off = integer(member(view, "byteOffset")) + acc_offset;
        long long len = integer(member(view, "byteLength"));
        long long need = counts[a] * (a < 2 ? 12 : r->index_size);
        ck_assert_int_ge(len, need);
        ck_assert_int_le(off + len, blen);
        ck_assert_int_eq(off % (a < 2 ? 4 : r->index_size), 0);
        data[a] = r->bin + off;
    }
    /* positions: the mesh's coordinates rounded to float32, min and max exact */
    const char *pos = element(member(j, "accessors"), (int)integer(acc_of[0]));
    for (int k = 0; k < 3; ++k) {
        float lo = INFINITY, hi = -INFINITY;
        for (int64_t v = 0; v < nv; ++v) {
            float x = lef32(data[0] + 12 * v + 4 * k);
            ck_assert_msg(x == (float)coord(h, v, k), "vertex %lld coordinate %d", (long long)v, k);
            lo = fminf(lo, x);
            hi = fmaxf(hi, x);
        }
        ck_assert(number(element(member(pos, "min"), k)) == lo);
        ck_assert(number(element(member(pos, "max"), k)) == hi);
    }
    /* normals: unit length, along Newell's sums ((0, 0, 1) where they vanish) */
    double *sums = newell_sums(h);
    for (int64_t v = 0; v < nv; ++v) {
        double n[3], len = 0, slen = 0;
        for (int k = 0; k < 3; ++k) {
            n[k] = lef32(data[1] + 12 * v + 4 * k);
            len += n[k] * n[k];
            slen += sums[3 * v + k] * sums[3 * v + k];
        }
        ck_assert_msg(fabs(sqrt(len) - 1) < 1e-6, "vertex %lld: |n| = %.9g", (long long)v,
                      sqrt(len));
        for (int k = 0; k < 3; ++k) {
            double want = slen > 0 ? sums[3 * v + k] / sqrt(slen) : (k == 2);
            ck_assert_msg(fabs(n[k] - want) < 1e-5, "vertex %lld normal[%d] = %.9g, want %.9g",
                          (long long)v, k, n[k], want);
        }
    }
    free(sums);
    /* indices: every face but the holes, fanned from its first corner */
    int64_t i = 0;
    for (int64_t f = 0; f < h->info.num_faces; ++f) {
        if (is_hole(h, f)) continue;
        int64_t a = h->offsets[f], e = h->offsets[f + 1];
        for (int64_t k = a + 1; k + 1 < e; ++k) {
            uint32_t want[3] = {h->ids[a], h->ids[k], h->ids[k + 1]};
            for (int t = 0; t < 3; ++t, ++i) {
                const unsigned char *p = data[2] + i * r->index_size;
                uint32_t got = r->index_size == 2 ? (uint32_t)(p[0] | p[1] << 8) : le32(p);
                ck_assert_uint_lt(got, nv);
                ck_assert_uint_eq(got, want[t]);
            }
        }
    }
    ck_assert_int_eq(i, indices);
    /* BIN padding is zeros */
    for (const unsigned char *p = data[2] + indices * r->index_size; p < r->bin + blen; ++p)
        ck_assert_uint_eq(*p, 0);
}

static void release(glb_read *r)
{
    free(r->file);
    free(r->json);
    memset(r, 0, sizeof *r);
}

/* Writes mesh to dir/name.glb and checks it against its own export. */
static void write_and_check(mm_context ctx, mm_mesh mesh, const char *dir, const char *name,
                            glb_read *r)
{
    char path[512];
    mmt_host_mesh h;
    mmt_temp_path(path, sizeof path, dir, name);
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
    mmt_host_mesh_get(ctx, mesh, &h);
    check_glb(path, &h, r);
    mmt_host_mesh_free(&h);
}

static mm_mesh new_mesh(mm_context ctx, const mm_mesh_desc *d)
{
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, d));
    return mesh;
}

/* ---- the meshes ---- */

/* A triangle, a quad, a pentagon and a hexagon, all non-planar but the
 * triangle, at odd coordinates, and vertex 7 in no face: 1 + 2 + 3 + 4 = 10
 * triangles, 30 16-bit indices (60 bytes: no BIN padding). */
static const double mixed_xyz[] = {
    0,    0,   0,    /* 0 */
    1,    0.1, 0.2,  /* 1 */
    1.3,  1,   -0.4, /* 2 */
    0.2,  1.1, 0.1,  /* 3 */
    2.5,  0.3, 0.7,  /* 4 */
    2,    1.9, 0.2,  /* 5 */
    -1,   -0.6, 0.35, /* 6 */
    9.75, 9,   9,    /* 7: in no face */
    3.1,  2.2, -1.3, /* 8 */
    0.1,  2.9, 0.6}; /* 9 */
static const int64_t mixed_offsets[] = {0, 3, 7, 12, 18};
static const uint32_t mixed_ids[] = {0, 1, 3, 1, 4, 5, 2, 0, 3, 2, 9, 6, 2, 5, 8, 9, 3, 6};

static mm_mesh_desc mixed_desc(mm_type prec)
{
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 10;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = mixed_xyz;
    d.num_faces = 4;
    d.face_offsets = mixed_offsets;
    d.face_vertices = mixed_ids;
    d.precision = prec;
    return d;
}

START_TEST(mixed_polygons_in_both_precisions)
{
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    for (int p = 0; p < 2; ++p) {
        mm_mesh_desc d = mixed_desc(p ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
        mm_mesh mesh = new_mesh(ctx, &d);
        glb_read r;
        write_and_check(ctx, mesh, dir, p ? "mixed32.glb" : "mixed.GLB", &r);
        ck_assert_int_eq(r.num_indices, 3 * (1 + 2 + 3 + 4));
        ck_assert_int_eq(r.index_size, 2);
        /* vertex 7 is in no face: the documented fallback (0, 0, 1) */
        const char *j = r.json;
        int nview = (int)integer(member(element(member(j, "accessors"), 1), "bufferView"));
        long long off = integer(member(element(member(j, "bufferViews"), nview), "byteOffset"));
        ck_assert(lef32(r.bin + off + 12 * 7) == 0.0f && lef32(r.bin + off + 12 * 7 + 4) == 0.0f &&
                  lef32(r.bin + off + 12 * 7 + 8) == 1.0f);
        release(&r);
        mm_mesh_free(&mesh);
    }
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* The shipped cube (±1): each corner meets three faces of equal area, so
 * its normal is its own diagonal, (±1, ±1, ±1) / √3, worked out by hand. */
START_TEST(cube_corners_point_along_their_diagonals)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, mmt_project_path("models/cube.obj"), NULL));
    const char *dir = mmt_temp_dir();
    glb_read r;
    write_and_check(ctx, mesh, dir, "cube.glb", &r);
    ck_assert_int_eq(r.num_indices, 6 * 2 * 3);
    /* the cube's 12 triangles in 16-bit indices: 72 bytes; 96 + 96 + 72 = 264 */
    ck_assert_uint_eq(le32(r.file + 20 + le32(r.file + 12)), 264);
    const unsigned char *pos = r.bin, *nrm = r.bin + 96; /* checked by check_glb */
    for (int v = 0; v < 8; ++v)
        for (int k = 0; k < 3; ++k) {
            float p = lef32(pos + 12 * v + 4 * k), n = lef32(nrm + 12 * v + 4 * k);
            ck_assert(fabsf(p) == 1.0f);
            ck_assert_msg(fabs(n - p / sqrt(3.0)) < 1e-7, "vertex %d: %g", v, n);
        }
    release(&r);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* An n × n sheared grid of counter-clockwise quads given in two columns
 * (dim 2: z = 0 written): every normal is (0, 0, 1); (n+1)² > 65535 vertices
 * take 32-bit indices. */
static mm_mesh flat_grid(mm_context ctx, int n, double **xy, uint32_t **ids)
{
    int64_t nv = (int64_t)(n + 1) * (n + 1);
    *xy = malloc((size_t)nv * 2 * sizeof **xy);
    *ids = malloc((size_t)n * n * 4 * sizeof **ids);
    ck_assert(*xy != NULL && *ids != NULL);
    for (int64_t v = 0; v < nv; ++v) {
        (*xy)[2 * v] = (double)(v % (n + 1)) * 0.25;
        (*xy)[2 * v + 1] = (double)(v / (n + 1)) * 0.5 + (*xy)[2 * v] / 3;
    }
    for (int i = 0, k = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            uint32_t a = (uint32_t)(i * (n + 1) + j), up = (uint32_t)(n + 1);
            uint32_t quad[4] = {a, a + 1, a + 1 + up, a + up};
            memcpy(*ids + 4 * k++, quad, sizeof quad);
        }
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = nv;
    d.dim = 2;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = *xy;
    d.num_faces = (int64_t)n * n;
    d.face_order = 4;
    d.face_vertices = *ids;
    return new_mesh(ctx, &d);
}

START_TEST(flat_grids_take_16_or_32_bit_indices)
{
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    const int sizes[] = {3, 255, 256}; /* 16, 65536 (one past 16-bit), 66049 vertices */
    for (int s = 0; s < 3; ++s) {
        double *xy;
        uint32_t *ids;
        mm_mesh mesh = flat_grid(ctx, sizes[s], &xy, &ids);
        glb_read r;
        write_and_check(ctx, mesh, dir, "grid.glb", &r);
        int64_t nv = (int64_t)(sizes[s] + 1) * (sizes[s] + 1);
        ck_assert_int_eq(r.index_size, nv <= 65535 ? 2 : 4);
        const unsigned char *nrm = r.bin + 12 * nv;
        for (int64_t v = 0; v < nv; ++v)
            ck_assert(lef32(nrm + 12 * v) == 0.0f && lef32(nrm + 12 * v + 4) == 0.0f &&
                      lef32(nrm + 12 * v + 8) == 1.0f);
        release(&r);
        mm_mesh_free(&mesh);
        free(xy);
        free(ids);
    }
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* A hole is left out of the indices and of the normals; one triangle's 6
 * bytes of 16-bit indices are padded to 8 with zeros. */
START_TEST(holes_are_left_out_and_bin_is_padded)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &mesh, "hole.obj",
                              "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 1\n"
                              "f 1 2 3\nf 2 4 3\nt hole 1/0/0 0\n",
                              NULL));
    const char *dir = mmt_temp_dir();
    glb_read r;
    write_and_check(ctx, mesh, dir, "hole.glb", &r);
    ck_assert_int_eq(r.num_indices, 3);
    ck_assert_uint_eq(le32(r.file + 20 + le32(r.file + 12)), 4 * 24 + 8);
    /* vertex 0 is only in the hole: (0, 0, 1) */
    ck_assert(lef32(r.bin + 48) == 0.0f && lef32(r.bin + 52) == 0.0f &&
              lef32(r.bin + 56) == 1.0f);
    release(&r);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The names in dir (but . and ..); returns how many, the last in name. */
static int folder_entries(const char *dir, char *name, size_t len)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        snprintf(name, len, "%s", e->d_name);
        ++n;
    }
    closedir(d);
    return n;
}

/* Refusals and failures leave the target byte for byte and nothing beside
 * it: no faces (the empty mesh, a point cloud, only holes), a coordinate
 * float32 cannot hold, a write cut short, a folder that does not exist, a
 * full device. */
START_TEST(refusals_and_failures_leave_the_target_untouched)
{
    mm_context ctx = mmt_context();
    const char *dir = mmt_temp_dir();
    char path[512], name[256];
    mmt_temp_path(path, sizeof path, dir, "keep.glb");
    mm_mesh_desc d = mixed_desc(MM_TYPE_FLOAT64);
    mm_mesh good = new_mesh(ctx, &d);
    MMT_OK(ctx, mm_mesh_write(ctx, good, path, MM_FILE_AUTO));
    size_t old_size, now_size;
    unsigned char *old = slurp(path, &old_size);

    mm_mesh empty = NULL, points = NULL, holes = NULL, huge = NULL;
    MMT_OK(ctx, mmt_read_text(ctx, &empty, "e.off", "OFF\n0 0 0\n", NULL));
    MMT_OK(ctx, mmt_read_text(ctx, &points, "p.off", "OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n", NULL));
    MMT_OK(ctx, mmt_read_text(ctx, &holes, "h.obj",
                              "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nt hole 1/0/0 0\n", NULL));
    MMT_OK(ctx, mmt_read_text(ctx, &huge, "x.obj", "v 0 0 0\nv 1e300 0 0\nv 0 1 0\nf 1 2 3\n",
                              NULL));
    MMT_FAILS(ctx, mm_mesh_write(ctx, empty, path, MM_FILE_AUTO), MM_ERR_FORMAT,
              "keep.glb: the mesh has no faces to write (0 vertices, 0 faces");
    MMT_FAILS(ctx, mm_mesh_write(ctx, points, path, MM_FILE_GLB), MM_ERR_FORMAT,
              "(3 vertices, 0 faces, 0 of them holes); a glTF primitive needs at least one");
    MMT_FAILS(ctx, mm_mesh_write(ctx, holes, path, MM_FILE_GLB), MM_ERR_FORMAT,
              "(3 vertices, 1 faces, 1 of them holes)");
    MMT_FAILS(ctx, mm_mesh_write(ctx, huge, path, MM_FILE_GLB), MM_ERR_OVERFLOW,
              "keep.glb: vertex 1 coordinate 0 is 1e+300, outside float32's range");
    /* a write cut short by 64 bytes */
    MMT_FAILS(ctx, mmt_write_limited(ctx, good, path, MM_FILE_GLB, old_size - 64), MM_ERR_IO,
              "keep.glb: write failed: File too large");
    unsigned char *now = slurp(path, &now_size);
    ck_assert_uint_eq(now_size, old_size);
    ck_assert_mem_eq(now, old, old_size);
    ck_assert_int_eq(folder_entries(dir, name, sizeof name), 1);
    ck_assert_str_eq(name, "keep.glb");

    mmt_temp_path(path, sizeof path, dir, "missing/out.glb");
    MMT_FAILS(ctx, mm_mesh_write(ctx, good, path, MM_FILE_AUTO), MM_ERR_IO,
              "missing/out.glb: cannot open for writing: No such file or directory");
    ck_assert_int_eq(folder_entries(dir, name, sizeof name), 1);
    struct stat sb;
    if (stat("/dev/full", &sb) == 0)
        MMT_FAILS(ctx, mm_mesh_write(ctx, good, "/dev/full", MM_FILE_GLB), MM_ERR_IO,
                  "/dev/full: write failed: No space left on device");
    free(now);
    free(old);
    mm_mesh_free(&huge);
    mm_mesh_free(&holes);
    mm_mesh_free(&points);
    mm_mesh_free(&empty);
    mm_mesh_free(&good);
    mmt_temp_dir_remove(dir);
    mm_context_free(&ctx);
}
END_TEST

/* .glb is written, not read: mm_mesh_read refuses it by extension or format. */
START_TEST(reading_a_glb_is_refused)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    const char *dir = mmt_temp_dir();
    char path[512];
    mmt_temp_path(path, sizeof path, dir, "cube.glb");
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, mmt_project_path("models/cube.obj"), NULL));
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
    mm_mesh back = NULL;
    MMT_FAILS(ctx, mm_mesh_read(ctx, &back, path, NULL), MM_ERR_FORMAT,
              "cube.glb: .glb is written, not read");
    ck_assert_ptr_null(back);
    mm_read_options o = mm_read_options_default();
    o.format = MM_FILE_GLB;
    MMT_FAILS(ctx, mm_mesh_read(ctx, &back, mmt_project_path("models/cube.obj"), &o),
              MM_ERR_FORMAT, ".glb is written, not read");
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static void last_progress(void *user, int64_t done, int64_t total)
{
    int64_t *last = user;
    ck_assert_int_gt(done, last[0]);
    ck_assert_int_le(done, total);
    last[0] = done;
    last[1] = total;
}

/* Progress, as for the text formats: rows (vertices and faces) up to all of them. */
START_TEST(progress_reaches_every_row)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = mixed_desc(MM_TYPE_FLOAT64);
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char path[512];
    mmt_temp_path(path, sizeof path, dir, "progress.glb");
    int64_t last[2] = {0, 0};
    mm_write_options o = mm_write_options_default();
    o.progress = last_progress;
    o.progress_user = last;
    MMT_OK(ctx, mm_mesh_write_opts(ctx, mesh, path, &o));
    ck_assert_int_eq(last[0], 10 + 4);
    ck_assert_int_eq(last[1], 10 + 4);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Every allocation of a .glb write can fail: a clean MM_ERR_OUT_OF_MEMORY,
 * nothing left in use, and no file, until the write succeeds. */
START_TEST(writer_fails_cleanly_when_memory_runs_out)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = mixed_desc(MM_TYPE_FLOAT64);
    mm_mesh mesh = new_mesh(ctx, &d);
    const char *dir = mmt_temp_dir();
    char path[512], name[256];
    mmt_temp_path(path, sizeof path, dir, "sweep.glb");
    mmt_write_args a = {mesh, path, MM_FILE_GLB};
    /* at least the writer's own three: its layout, its staging block, the normals */
    ck_assert_int_ge(mmt_sweep_allocations(ctx, mmt_write_attempt, &a), 3);
    ck_assert_int_eq(folder_entries(dir, name, sizeof name), 1);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A cube with a cross-shaped UV layout (14 vt) and a normal per face
 * (6 vn): written per corner value, a glTF vertex for each distinct (v, vt,
 * vn) of its corners (24: every corner's face normal differs from its
 * neighbours'), TEXCOORD_0 = (u, 1 - v), NORMAL = the face's vn, and each
 * index's position, texture coordinate and normal those of its corner. */
static const char textured_cube[] =
    "v -1 -1 1\nv 1 -1 1\nv -1 1 1\nv 1 1 1\nv -1 1 -1\nv 1 1 -1\nv -1 -1 -1\nv 1 -1 -1\n"
    "vt 0.375 0\nvt 0.625 0\nvt 0.375 0.25\nvt 0.625 0.25\nvt 0.375 0.5\nvt 0.625 0.5\n"
    "vt 0.375 0.75\nvt 0.625 0.75\nvt 0.375 1\nvt 0.625 1\nvt 0.875 0\nvt 0.875 0.25\n"
    "vt 0.125 0\nvt 0.125 0.25\n"
    "vn 0 0 1\nvn 0 1 0\nvn 0 0 -1\nvn 0 -1 0\nvn 1 0 0\nvn -1 0 0\n"
    "f 1/1/1 2/2/1 4/4/1 3/3/1\nf 3/3/2 4/4/2 6/6/2 5/5/2\nf 5/5/3 6/6/3 8/8/3 7/7/3\n"
    "f 7/7/4 8/8/4 2/10/4 1/9/4\nf 2/2/5 8/11/5 6/12/5 4/4/5\nf 7/13/6 1/1/6 3/3/6 5/14/6\n";

START_TEST(channels_are_written_per_corner_value)
{
    char path[512];
    const char *dir = mmt_temp_dir();
    mmt_temp_path(path, sizeof path, dir, "textured.glb");
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, textured_cube, sizeof textured_cube - 1,
                                    "textured.obj", NULL));
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 2);
    ck_assert(mm_file_keeps_fvar(mesh, 0, path, MM_FILE_AUTO));
    MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
    size_t size;
    unsigned char *b = slurp(path, &size);
    uint32_t jlen = le32(b + 12);
    char *json = malloc(jlen + 1);
    memcpy(json, b + 20, jlen);
    json[jlen] = '\0';
    const unsigned char *bin = b + 20 + jlen + 8;
    const char *prim = element(member(element(member(json, "meshes"), 0), "primitives"), 0);
    const char *attr = member(prim, "attributes");
    const char *names[4] = {"POSITION", "NORMAL", "TEXCOORD_0", NULL};
    const unsigned char *data[4];
    long long counts[4];
    for (int a = 0; a < 4; ++a) {
        const char *ref = a < 3 ? member(attr, names[a]) : member(prim, "indices");
        ck_assert_ptr_nonnull(ref);
        const char *acc = element(member(json, "accessors"), (int)integer(ref));
        const char *view = element(member(json, "bufferViews"), (int)integer(member(acc, "bufferView")));
        counts[a] = integer(member(acc, "count"));
        data[a] = bin + integer(member(view, "byteOffset"));
        if (a == 2) ck_assert(is_string(member(acc, "type"), "VEC2"));
    }
    ck_assert_int_eq(counts[0], 24);
    ck_assert_int_eq(counts[2], 24);
    ck_assert_int_eq(counts[3], 36);
    static const double xyz[8][3] = {{-1, -1, 1}, {1, -1, 1}, {-1, 1, 1}, {1, 1, 1},
                                     {-1, 1, -1}, {1, 1, -1}, {-1, -1, -1}, {1, -1, -1}};
    static const double vt[14][2] = {{0.375, 0}, {0.625, 0}, {0.375, 0.25}, {0.625, 0.25},
                                     {0.375, 0.5}, {0.625, 0.5}, {0.375, 0.75}, {0.625, 0.75},
                                     {0.375, 1}, {0.625, 1}, {0.875, 0}, {0.875, 0.25},
                                     {0.125, 0}, {0.125, 0.25}};
    static const double vn[6][3] = {{0, 0, 1}, {0, 1, 0}, {0, 0, -1}, {0, -1, 0}, {1, 0, 0},
                                    {-1, 0, 0}};
    static const int corners[6][4][2] = {{{0, 0}, {1, 1}, {3, 3}, {2, 2}},
                                         {{2, 2}, {3, 3}, {5, 5}, {4, 4}},
                                         {{4, 4}, {5, 5}, {7, 7}, {6, 6}},
                                         {{6, 6}, {7, 7}, {1, 9}, {0, 8}},
                                         {{1, 1}, {7, 10}, {5, 11}, {3, 3}},
                                         {{6, 12}, {0, 0}, {2, 2}, {4, 13}}};
    int64_t i = 0;
    for (int f = 0; f < 6; ++f)
        for (int t = 1; t + 1 < 4; ++t) {
            int fan[3] = {0, t, t + 1};
            for (int q = 0; q < 3; ++q, ++i) {
                const int *c = corners[f][fan[q]];
                uint32_t g = (uint32_t)(data[3][2 * i] | data[3][2 * i + 1] << 8); /* 16-bit */
                ck_assert_uint_lt(g, 24);
                for (int k = 0; k < 3; ++k) {
                    ck_assert(lef32(data[0] + 12 * g + 4 * k) == (float)xyz[c[0]][k]);
                    ck_assert(lef32(data[1] + 12 * g + 4 * k) == (float)vn[f][k]);
                }
                ck_assert(lef32(data[2] + 8 * g) == (float)vt[c[1]][0]);
                ck_assert(lef32(data[2] + 8 * g + 4) == (float)(1.0 - vt[c[1]][1]));
            }
        }
    free(json);
    free(b);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    mmt_temp_dir_remove(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_write_glb");
    TCase *tc = tcase_create("glb");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, mixed_polygons_in_both_precisions);
    tcase_add_test(tc, cube_corners_point_along_their_diagonals);
    tcase_add_test(tc, flat_grids_take_16_or_32_bit_indices);
    tcase_add_test(tc, holes_are_left_out_and_bin_is_padded);
    tcase_add_test(tc, refusals_and_failures_leave_the_target_untouched);
    tcase_add_test(tc, reading_a_glb_is_refused);
    tcase_add_test(tc, progress_reaches_every_row);
    tcase_add_test(tc, writer_fails_cleanly_when_memory_runs_out);
    tcase_add_test(tc, channels_are_written_per_corner_value);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
