/* mesh_write_glb.c: the glTF 2.0 binary writer. One mesh, one primitive of
 * mode TRIANGLES: POSITION (float32 VEC3 with its min and max, as the spec
 * requires), NORMAL (float32 unit VEC3: area-weighted vertex normals, (0, 0, 1)
 * where that sum is zero) and indices (UNSIGNED_SHORT up to 65535 vertices,
 * else UNSIGNED_INT), each polygon fanned from its first corner; hole faces
 * are left out, as OFF and PLY do. The file is the 12-byte header, the JSON
 * chunk (padded with spaces to 4 bytes) and the BIN chunk (positions, normals,
 * indices, padded with zeros to 4 bytes), all little-endian. Every size is
 * known before the file is opened, so each refusal leaves nothing behind. */
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

/* What the file holds, sized before anything is written. */
typedef struct glb_layout {
    int64_t triangles;
    int index_size;      /* 2 or 4 bytes */
    int64_t bin_bytes;   /* positions, normals, indices, padded to 4 */
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
static mm_status position_bounds(mm_context ctx, const mmi_host_mesh *m, const char *path,
                                 glb_layout *g)
{
    mm_status st = MM_OK;
    for (int k = 0; k < 3; ++k) {
        g->min[k] = INFINITY;
        g->max[k] = -INFINITY;
    }
    for (int64_t v = 0; v < m->info.num_vertices; ++v)
        for (int k = 0; k < 3; ++k) {
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

/* The JSON chunk: asset, scene, node, mesh, one buffer, three views and
 * three accessors (POSITION, NORMAL, indices); padded with spaces. */
static void build_json(const mmi_host_mesh *m, glb_layout *g)
{
    long long nv = (long long)m->info.num_vertices, vec3 = 12 * nv;
    long long indices = 3 * (long long)g->triangles;
    char lo[3][MMI_SHORTEST_MAX + 1], hi[3][MMI_SHORTEST_MAX + 1];
    for (int k = 0; k < 3; ++k) {
        json_real(lo[k], g->min[k]);
        json_real(hi[k], g->max[k]);
    }
    int n = snprintf(
        g->json, sizeof g->json,
        "{\"asset\":{\"version\":\"2.0\",\"generator\":\"meshmat\"},"
        "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0}],"
        "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1},"
        "\"indices\":2,\"mode\":4}]}],"
        "\"buffers\":[{\"byteLength\":%lld}],"
        "\"bufferViews\":["
        "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":%lld,\"target\":34962},"
        "{\"buffer\":0,\"byteOffset\":%lld,\"byteLength\":%lld,\"target\":34962},"
        "{\"buffer\":0,\"byteOffset\":%lld,\"byteLength\":%lld,\"target\":34963}],"
        "\"accessors\":["
        "{\"bufferView\":0,\"componentType\":5126,\"count\":%lld,\"type\":\"VEC3\","
        "\"min\":[%s,%s,%s],\"max\":[%s,%s,%s]},"
        "{\"bufferView\":1,\"componentType\":5126,\"count\":%lld,\"type\":\"VEC3\"},"
        "{\"bufferView\":2,\"componentType\":%d,\"count\":%lld,\"type\":\"SCALAR\"}]}",
        (long long)g->bin_bytes, vec3, vec3, vec3, 2 * vec3, indices * g->index_size, nv, lo[0],
        lo[1], lo[2], hi[0], hi[1], hi[2], nv, g->index_size == 2 ? 5123 : 5125, indices);
    /* Fits: the longest counts and numbers take a few hundred bytes of 2048. */
    g->json_bytes = (size_t)round_up_4(n);
    memset(g->json + n, ' ', g->json_bytes - (size_t)n);
}

/* Sizes everything, refusing what a .glb cannot hold. */
static mm_status plan(mm_context ctx, const mmi_host_mesh *m, const char *path, glb_layout *g)
{
    mm_status st = MM_OK;
    int64_t nv = m->info.num_vertices;
    g->triangles = count_triangles(m);
    if (g->triangles == 0)
        MM_FAIL(ctx, MM_ERR_FORMAT,
                "%s: the mesh has no faces to write (%lld vertices, %lld faces, %lld of them "
                "holes); a glTF primitive needs at least one triangle",
                path, (long long)nv, (long long)m->info.num_faces,
                (long long)m->info.num_holes);
    g->index_size = nv <= GLB_SHORT_VERTICES ? 2 : 4;
    /* nv < 2^32 and triangles < nnz < 2^63 / 12: no product here overflows. */
    g->bin_bytes = round_up_4(24 * nv + 3 * g->triangles * g->index_size);
    MM_TRY(position_bounds(ctx, m, path, g));
    build_json(m, g);
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

static void write_glb(mmi_writer *w, const mmi_host_mesh *m, const glb_layout *g,
                      const double *acc, glb_stage *s)
{
    int64_t nv = m->info.num_vertices, hole = 0, written;
    stage_uint(s, GLB_MAGIC, 4);
    stage_uint(s, GLB_VERSION, 4);
    stage_uint(s, (uint32_t)g->file_bytes, 4);
    stage_uint(s, (uint32_t)g->json_bytes, 4);
    stage_uint(s, GLB_CHUNK_JSON, 4);
    stage_flush(s);
    mmi_write_bytes(w, g->json, g->json_bytes);
    stage_uint(s, (uint32_t)g->bin_bytes, 4);
    stage_uint(s, GLB_CHUNK_BIN, 4);
    for (int64_t v = 0; v < nv; ++v)
        for (int k = 0; k < 3; ++k) stage_float(s, (float)mmi_host_mesh_coord(m, v, k));
    for (int64_t v = 0; v < nv && w->err == 0; ++v) {
        float n[3];
        unit_normal(acc + 3 * v, n);
        for (int k = 0; k < 3; ++k) stage_float(s, n[k]);
    }
    advance(w, nv);
    for (int64_t f = 0; f < m->info.num_faces && w->err == 0; ++f) {
        if (f % PROGRESS_FACES == PROGRESS_FACES - 1) advance(w, PROGRESS_FACES);
        if (mmi_host_mesh_is_hole(m, f, &hole)) continue;
        const uint32_t *ids = m->a.face_vertices;
        int64_t a = m->a.face_offsets[f], b = m->a.face_offsets[f + 1];
        for (int64_t i = a + 1; i + 1 < b; ++i) {
            stage_uint(s, ids[a], g->index_size);
            stage_uint(s, ids[i], g->index_size);
            stage_uint(s, ids[i + 1], g->index_size);
        }
    }
    written = 24 * nv + 3 * g->triangles * g->index_size;
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
    double *acc = NULL;
    int64_t nacc = 3 * m->info.num_vertices;
    mmi_out_file out = {NULL, NULL, NULL};
    const char *step = "write failed";
    int err;
    MM_TRY(mmi_host_array(ctx, 1, sizeof *g, (void **)&g));
    MM_TRY(mmi_host_array(ctx, 1, sizeof *s, (void **)&s));
    MM_TRY(plan(ctx, m, path, g));
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
    write_glb(&w, m, g, acc, s);
    if (w.err != 0) MM_FAIL(ctx, MM_ERR_IO, "%s: write failed: %s", path, strerror(w.err));
    if ((err = mmi_out_commit(&out, &step)) != 0)
        MM_FAIL(ctx, MM_ERR_IO, "%s: %s: %s", path, step, strerror(err));
done:
    mmi_out_abort(&out); /* after a failure: the target untouched, no temporary left */
    mmi_host_array_free(ctx, acc, nacc, sizeof *acc);
    mmi_host_array_free(ctx, s, 1, sizeof *s);
    mmi_host_array_free(ctx, g, 1, sizeof *g);
    return st;
}
