/* mesh_write_glb.c: the glTF 2.0 binary writer. One mesh, one primitive of
 * mode TRIANGLES: POSITION (float32 VEC3 with its min and max, as the spec
 * requires), NORMAL (float32 unit VEC3: area-weighted vertex normals, (0, 0, 1)
 * where that sum is zero) and indices (UNSIGNED_SHORT up to 65535 vertices,
 * else UNSIGNED_INT), each polygon fanned from its first corner; hole faces
 * are left out, as OFF and PLY do. A mesh with a "uv" or "normal" channel
 * (mmi_obj_channel) is written per corner value instead: a glTF vertex for
 * each distinct (vertex, uv value, normal value) of the written corners, in
 * order of first appearance, with TEXCOORD_0 (u, 1 - v: glTF's origin is the
 * top left, OBJ's the bottom left) and the channel's normals (normalized). The
 * file is the 12-byte header, the JSON chunk (padded with spaces to 4 bytes)
 * and the BIN chunk (positions, normals, texture coordinates, indices, padded
 * with zeros to 4 bytes), all little-endian. Every size is known before the
 * file is opened, so each refusal leaves nothing behind. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "host_array.h"
#include "mesh_write_glb.h"
#include "shortest_decimal.h"

#define GLB_MAGIC 0x46546C67u      /* "glTF" */
#define GLB_VERSION 2u
#define GLB_CHUNK_JSON 0x4E4F534Au /* "JSON" */
#define GLB_CHUNK_BIN 0x004E4942u  /* "BIN\0" */
#define GLB_HEADER_BYTES 12
#define GLB_CHUNK_HEADER_BYTES 8
/* The file's length is a uint32: the header, both chunks and their data. */
#define GLB_MAX_BYTES ((int64_t)UINT32_MAX)
/* Indices of UNSIGNED_SHORT stop below 65535, the primitive-restart value. */
#define GLB_SHORT_VERTICES 65535
#define GLB_JSON_MAX 2048

/* The glTF vertices of a mesh written per corner value: count of them,
 * each one's first corner (first[g]) and each written corner's vertex
 * (of_corner[c], c a non-zero of M); all NULL when the mesh has no channel. */
typedef struct glb_corners {
    int64_t count;
    uint32_t *first, *of_corner;
} glb_corners;

/* What the file holds, sized before anything is written. */
typedef struct glb_layout {
    int64_t triangles;
    int64_t vertices;    /* glTF vertices: the mesh's, or its corner values' */
    int uv;              /* with TEXCOORD_0                                  */
    int index_size;      /* 2 or 4 bytes */
    int64_t bin_bytes;   /* positions, normals, texture coordinates, indices, padded to 4 */
    int64_t file_bytes;
    float min[3], max[3];
    char json[GLB_JSON_MAX];
    size_t json_bytes;   /* padded with spaces to 4 */
} glb_layout;

static int64_t round_up_4(int64_t n)
{
    return (n + 3) & ~(int64_t)3;
}

/* Triangles of the fan triangulation, hole faces left out. */
static int64_t count_triangles(const mmi_host_mesh *m)
{
    int64_t t = 0, hole = 0;
    for (int64_t f = 0; f < m->info.num_faces; ++f)
        if (!mmi_host_mesh_is_hole(m, f, &hole))
            t += m->a.face_offsets[f + 1] - m->a.face_offsets[f] - 2;
    return t;
}

/* The bounds of the float32 positions, refusing a coordinate that float32
 * cannot hold (glTF forbids infinities). */
static mm_status position_bounds(mm_context ctx, const mmi_host_mesh *m, const glb_corners *c,
                                 const char *path, glb_layout *g)
{
    mm_status st = MM_OK;
    for (int k = 0; k < 3; ++k) {
        g->min[k] = INFINITY;
        g->max[k] = -INFINITY;
    }
    for (int64_t i = 0; i < g->vertices; ++i)
        for (int k = 0; k < 3; ++k) {
            int64_t v = c->first ? m->a.face_vertices[c->first[i]] : i;
            double x = mmi_host_mesh_coord(m, v, k);
            float f = (float)x;
            if (!isfinite(f))
                MM_FAIL(ctx, MM_ERR_OVERFLOW,
                        "%s: vertex %lld coordinate %d is %g, outside float32's range, "
                        "which glTF stores positions in",
                        path, (long long)v, k, x);
            if (f < g->min[k]) g->min[k] = f;
            if (f > g->max[k]) g->max[k] = f;
        }
done:
    return st;
}

/* x as JSON: the shortest decimal that reads back to the float32's exact
 * value as a float64, so that a reader comparing in either precision finds
 * the bound equal to the data ('.' in every locale). */
static void json_real(char *buf, float x)
{
    *mmi_put_real(buf, (double)x, 0) = '\0';
}

/* The JSON chunk: asset, scene, node, mesh, one buffer, a view and an
 * accessor each for POSITION, NORMAL, TEXCOORD_0 (with a uv channel) and the
 * indices, their data in that order in the buffer; padded with spaces. */
static void build_json(glb_layout *g)
{
    long long nv = (long long)g->vertices, indices = 3 * (long long)g->triangles;
    long long bytes[4] = {12 * nv, 12 * nv, g->uv ? 8 * nv : 0, indices * g->index_size};
    char lo[3][MMI_SHORTEST_MAX + 1], hi[3][MMI_SHORTEST_MAX + 1];
    for (int k = 0; k < 3; ++k) {
        json_real(lo[k], g->min[k]);
        json_real(hi[k], g->max[k]);
    }
    int idx = g->uv ? 3 : 2; /* the indices' accessor and view */
    char *p = g->json, *end = g->json + sizeof g->json;
    p += snprintf(p, (size_t)(end - p),
                  "{\"asset\":{\"version\":\"2.0\",\"generator\":\"meshmat\"},"
                  "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0}],"
                  "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1%s},"
                  "\"indices\":%d,\"mode\":4}]}],"
                  "\"buffers\":[{\"byteLength\":%lld}],\"bufferViews\":[",
                  g->uv ? ",\"TEXCOORD_0\":2" : "", idx, (long long)g->bin_bytes);
    long long offset = 0;
    for (int v = 0; v < 4; ++v) {
        if (bytes[v] == 0 && v == 2) continue;
        p += snprintf(p, (size_t)(end - p),
                      "%s{\"buffer\":0,\"byteOffset\":%lld,\"byteLength\":%lld,\"target\":%d}",
                      v ? "," : "", offset, bytes[v], v == 3 ? 34963 : 34962);
        offset += bytes[v];
    }
    p += snprintf(p, (size_t)(end - p),
                  "],\"accessors\":["
                  "{\"bufferView\":0,\"componentType\":5126,\"count\":%lld,\"type\":\"VEC3\","
                  "\"min\":[%s,%s,%s],\"max\":[%s,%s,%s]},"
                  "{\"bufferView\":1,\"componentType\":5126,\"count\":%lld,\"type\":\"VEC3\"},",
                  nv, lo[0], lo[1], lo[2], hi[0], hi[1], hi[2], nv);
    if (g->uv)
        p += snprintf(p, (size_t)(end - p),
                      "{\"bufferView\":2,\"componentType\":5126,\"count\":%lld,\"type\":\"VEC2\"},",
                      nv);
    p += snprintf(p, (size_t)(end - p),
                  "{\"bufferView\":%d,\"componentType\":%d,\"count\":%lld,\"type\":\"SCALAR\"}]}",
                  idx, g->index_size == 2 ? 5123 : 5125, indices);
    /* Fits: the longest counts and numbers take a few hundred bytes of 2048. */
    int n = (int)(p - g->json);
    g->json_bytes = (size_t)round_up_4(n);
    memset(g->json + n, ' ', g->json_bytes - (size_t)n);
}

/* The corner value of corner c in channel ch (NULL: 0). */
static uint32_t channel_value(const mmi_host_mesh *ch, int64_t c)
{
    return ch ? ch->a.face_vertices[c] : 0;
}

/* Same glTF vertex: the same vertex and values at both corners. */
static int same_corner(const mmi_host_mesh *m, int64_t a, int64_t b)
{
    return m->a.face_vertices[a] == m->a.face_vertices[b] &&
           channel_value(m->uv, a) == channel_value(m->uv, b) &&
           channel_value(m->normal, a) == channel_value(m->normal, b);
}

/* c's glTF vertices: the written corners' distinct (vertex, uv, normal)
 * triples through an open-addressing table of corner ids (a corner stands
 * for its triple), numbered in order of first appearance. */
static mm_status number_corners(mm_context ctx, const mmi_host_mesh *m, glb_corners *c)
{
    mm_status st = MM_OK;
    int64_t nnz = m->info.nnz, cap = 16, hole = 0;
    uint32_t *slot = NULL;
    while (cap < 2 * nnz) cap *= 2;
    MM_TRY(mmi_host_array(ctx, cap, sizeof *slot, (void **)&slot));
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *c->of_corner, (void **)&c->of_corner));
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *c->first, (void **)&c->first));
    for (int64_t i = 0; i < cap; ++i) slot[i] = UINT32_MAX;
    c->count = 0;
    for (int64_t f = 0; f < m->info.num_faces; ++f) {
        if (mmi_host_mesh_is_hole(m, f, &hole)) continue;
        for (int64_t k = m->a.face_offsets[f]; k < m->a.face_offsets[f + 1]; ++k) {
            uint64_t h = (uint64_t)m->a.face_vertices[k] * 0x9E3779B97F4A7C15ull ^
                         (uint64_t)channel_value(m->uv, k) * 0xC2B2AE3D27D4EB4Full ^
                         (uint64_t)channel_value(m->normal, k) * 0x165667B19E3779F9ull;
            int64_t i = (int64_t)(h >> 20) & (cap - 1);
            while (slot[i] != UINT32_MAX && !same_corner(m, slot[i], k)) i = (i + 1) & (cap - 1);
            if (slot[i] == UINT32_MAX) {
                slot[i] = (uint32_t)k;
                c->first[c->count] = (uint32_t)k;
                c->of_corner[k] = (uint32_t)c->count++;
            } else {
                c->of_corner[k] = c->of_corner[slot[i]];
            }
        }
    }
done:
    mmi_host_array_free(ctx, slot, cap, sizeof *slot);
    return st;
}

static void free_corners(mm_context ctx, const mmi_host_mesh *m, glb_corners *c)
{
    mmi_host_array_free(ctx, c->first, m->info.nnz, sizeof *c->first);
    mmi_host_array_free(ctx, c->of_corner, m->info.nnz, sizeof *c->of_corner);
    c->first = c->of_corner = NULL;
}

/* Sizes everything, refusing what a .glb cannot hold. */
static mm_status plan(mm_context ctx, const mmi_host_mesh *m, const glb_corners *c,
                      const char *path, glb_layout *g)
{
    mm_status st = MM_OK;
    int64_t nv = g->vertices = c->first ? c->count : m->info.num_vertices;
    g->uv = m->uv != NULL;
    g->triangles = count_triangles(m);
    if (g->triangles == 0)
        MM_FAIL(ctx, MM_ERR_FORMAT,
                "%s: the mesh has no faces to write (%lld vertices, %lld faces, %lld of them "
                "holes); a glTF primitive needs at least one triangle",
                path, (long long)nv, (long long)m->info.num_faces,
                (long long)m->info.num_holes);
    g->index_size = nv <= GLB_SHORT_VERTICES ? 2 : 4;
    /* nv < 2^32 and triangles < nnz < 2^63 / 12: no product here overflows. */
    g->bin_bytes = round_up_4((24 + (g->uv ? 8 : 0)) * nv + 3 * g->triangles * g->index_size);
    MM_TRY(position_bounds(ctx, m, c, path, g));
    build_json(g);
    g->file_bytes = GLB_HEADER_BYTES + 2 * GLB_CHUNK_HEADER_BYTES + (int64_t)g->json_bytes +
                    g->bin_bytes;
    if (g->file_bytes > GLB_MAX_BYTES)
        MM_FAIL(ctx, MM_ERR_OVERFLOW,
                "%s: the .glb would be %lld bytes (%lld vertices, %lld triangles); its length "
                "is a 32-bit field, so a .glb holds less than 4 GiB",
                path, (long long)g->file_bytes, (long long)nv, (long long)g->triangles);
done:
    return st;
}

/* The sum of the area vectors of the faces around each vertex, 3 per vertex:
 * a face's area vector is the sum of its fan's cross products, twice its
 * area along its normal (Newell's normal for a non-planar polygon). */
static void accumulate_normals(const mmi_host_mesh *m, double *acc)
{
    int64_t hole = 0;
    for (int64_t f = 0; f < m->info.num_faces; ++f) {
        if (mmi_host_mesh_is_hole(m, f, &hole)) continue;
        int64_t a = m->a.face_offsets[f], b = m->a.face_offsets[f + 1];
        const uint32_t *ids = m->a.face_vertices;
        double p0[3], e1[3], area[3] = {0, 0, 0};
        for (int k = 0; k < 3; ++k) {
            p0[k] = mmi_host_mesh_coord(m, ids[a], k);
            e1[k] = mmi_host_mesh_coord(m, ids[a + 1], k) - p0[k];
        }
        for (int64_t i = a + 2; i < b; ++i) {
            double e2[3];
            for (int k = 0; k < 3; ++k) e2[k] = mmi_host_mesh_coord(m, ids[i], k) - p0[k];
            area[0] += e1[1] * e2[2] - e1[2] * e2[1];
            area[1] += e1[2] * e2[0] - e1[0] * e2[2];
            area[2] += e1[0] * e2[1] - e1[1] * e2[0];
            memcpy(e1, e2, sizeof e1);
        }
        for (int64_t i = a; i < b; ++i)
            for (int k = 0; k < 3; ++k) acc[3 * (int64_t)ids[i] + k] += area[k];
    }
}

/* acc as a unit vector in float32; (0, 0, 1) when it is zero (a vertex in no
 * face, or whose faces' area vectors cancel). Scaled by its largest component
 * first, so that no square underflows or overflows. */
static void unit_normal(const double *acc, float n[3])
{
    double big = fmax(fabs(acc[0]), fmax(fabs(acc[1]), fabs(acc[2])));
    if (!(big > 0) || !isfinite(big)) {
        n[0] = 0.0f;
        n[1] = 0.0f;
        n[2] = 1.0f;
        return;
    }
    double x = acc[0] / big, y = acc[1] / big, z = acc[2] / big;
    double len = sqrt(x * x + y * y + z * z);
    n[0] = (float)(x / len);
    n[1] = (float)(y / len);
    n[2] = (float)(z / len);
}

/* Little-endian bytes staged in blocks before they go to the writer. */
typedef struct glb_stage {
    mmi_writer *w;
    size_t n;
    unsigned char b[1 << 14];
} glb_stage;

static void stage_flush(glb_stage *s)
{
    mmi_write_bytes(s->w, s->b, s->n);
    s->n = 0;
}

static void stage_uint(glb_stage *s, uint32_t u, int bytes)
{
    if (s->n + 4 > sizeof s->b) stage_flush(s);
    for (int i = 0; i < bytes; ++i, u >>= 8) s->b[s->n++] = (unsigned char)(u & 0xffu);
}

static void stage_float(glb_stage *s, float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    stage_uint(s, u, 4);
}

/* Rows (vertices, faces) done, reported as the text writers do. */
static void advance(mmi_writer *w, int64_t rows)
{
    w->done += rows;
    if (w->progress != NULL && w->err == 0) w->progress(w->progress_user, w->done, w->total);
}

#define PROGRESS_FACES (1 << 20)

/* The channel's value of corner k as doubles (dim columns of ch). */
static double channel_coord(const mmi_host_mesh *ch, int64_t k, int j)
{
    return mmi_host_mesh_coord(ch, ch->a.face_vertices[k], j);
}

/* glTF vertex i's normal: the normal channel's value at its first corner,
 * or the vertex's area-weighted normal; unit length either way. */
static void vertex_normal(const mmi_host_mesh *m, const glb_corners *c, const double *acc,
                          int64_t i, float n[3])
{
    if (c->first == NULL) {
        unit_normal(acc + 3 * i, n);
    } else if (m->normal == NULL) {
        unit_normal(acc + 3 * (int64_t)m->a.face_vertices[c->first[i]], n);
    } else {
        double x[3];
        for (int k = 0; k < 3; ++k) x[k] = channel_coord(m->normal, c->first[i], k);
        unit_normal(x, n);
    }
}

static void write_glb(mmi_writer *w, const mmi_host_mesh *m, const glb_corners *c,
                      const glb_layout *g, const double *acc, glb_stage *s)
{
    int64_t nv = g->vertices, hole = 0, written;
    stage_uint(s, GLB_MAGIC, 4);
    stage_uint(s, GLB_VERSION, 4);
    stage_uint(s, (uint32_t)g->file_bytes, 4);
    stage_uint(s, (uint32_t)g->json_bytes, 4);
    stage_uint(s, GLB_CHUNK_JSON, 4);
    stage_flush(s);
    mmi_write_bytes(w, g->json, g->json_bytes);
    stage_uint(s, (uint32_t)g->bin_bytes, 4);
    stage_uint(s, GLB_CHUNK_BIN, 4);
    for (int64_t i = 0; i < nv; ++i) {
        int64_t v = c->first ? m->a.face_vertices[c->first[i]] : i;
        for (int k = 0; k < 3; ++k) stage_float(s, (float)mmi_host_mesh_coord(m, v, k));
    }
    for (int64_t i = 0; i < nv && w->err == 0; ++i) {
        float n[3];
        vertex_normal(m, c, acc, i, n);
        for (int k = 0; k < 3; ++k) stage_float(s, n[k]);
    }
    for (int64_t i = 0; g->uv && i < nv && w->err == 0; ++i) {
        stage_float(s, (float)channel_coord(m->uv, c->first[i], 0));
        stage_float(s, (float)(1.0 - channel_coord(m->uv, c->first[i], 1)));
    }
    advance(w, m->info.num_vertices);
    for (int64_t f = 0; f < m->info.num_faces && w->err == 0; ++f) {
        if (f % PROGRESS_FACES == PROGRESS_FACES - 1) advance(w, PROGRESS_FACES);
        if (mmi_host_mesh_is_hole(m, f, &hole)) continue;
        const uint32_t *ids = m->a.face_vertices;
        int64_t a = m->a.face_offsets[f], b = m->a.face_offsets[f + 1];
        const uint32_t *at = c->of_corner ? c->of_corner : ids; /* corner → glTF vertex */
        for (int64_t i = a + 1; i + 1 < b; ++i) {
            stage_uint(s, at[a], g->index_size);
            stage_uint(s, at[i], g->index_size);
            stage_uint(s, at[i + 1], g->index_size);
        }
    }
    written = (24 + (g->uv ? 8 : 0)) * nv + 3 * g->triangles * g->index_size;
    for (; written < g->bin_bytes; ++written) stage_uint(s, 0, 1);
    stage_flush(s);
    advance(w, m->info.num_faces % PROGRESS_FACES);
}

mm_status mmi_mesh_write_glb(mm_context ctx, const mmi_host_mesh *m, const char *path,
                             const mm_write_options *opts)
{
    mm_status st = MM_OK;
    glb_layout *g = NULL;
    glb_stage *s = NULL;
    glb_corners c = {0, NULL, NULL};
    double *acc = NULL;
    int64_t nacc = 3 * m->info.num_vertices;
    mmi_out_file out = {NULL, NULL, NULL};
    const char *step = "write failed";
    int err;
    MM_TRY(mmi_host_array(ctx, 1, sizeof *g, (void **)&g));
    MM_TRY(mmi_host_array(ctx, 1, sizeof *s, (void **)&s));
    if (m->uv != NULL || m->normal != NULL) MM_TRY(number_corners(ctx, m, &c));
    MM_TRY(plan(ctx, m, &c, path, g));
    MM_TRY(mmi_host_array(ctx, nacc, sizeof *acc, (void **)&acc));
    memset(acc, 0, (size_t)nacc * sizeof *acc);
    accumulate_normals(m, acc);
    if ((err = mmi_out_open(&out, path)) != 0)
        MM_FAIL(ctx, MM_ERR_IO, "%s: cannot open for writing: %s", path, strerror(err));
    mmi_writer w;
    memset(&w, 0, sizeof w);
    w.f = out.f;
    w.progress = opts->progress;
    w.progress_user = opts->progress_user;
    w.total = m->info.num_vertices + m->info.num_faces;
    s->w = &w;
    s->n = 0;
    write_glb(&w, m, &c, g, acc, s);
    if (w.err != 0) MM_FAIL(ctx, MM_ERR_IO, "%s: write failed: %s", path, strerror(w.err));
    if ((err = mmi_out_commit(&out, &step)) != 0)
        MM_FAIL(ctx, MM_ERR_IO, "%s: %s: %s", path, step, strerror(err));
done:
    mmi_out_abort(&out); /* after a failure: the target untouched, no temporary left */
    mmi_host_array_free(ctx, acc, nacc, sizeof *acc);
    free_corners(ctx, m, &c);
    mmi_host_array_free(ctx, s, 1, sizeof *s);
    mmi_host_array_free(ctx, g, 1, sizeof *g);
    return st;
}
