/* mesh_writer.c: the output primitives of the mesh writers: rows formatted
 * straight into per-thread blocks (numbers by shortest_decimal.c, no printf
 * per value) on every OpenMP thread, the blocks written in order with one
 * write(2) each (headers and tags through the FILE*), the first error kept,
 * and the progress callback between blocks. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "mesh_write.h"
#include "shortest_decimal.h"

/* Rows per block: about 2 MB of text, enough that a thread's work
 * outweighs starting it, small enough that progress comes often. */
#define BLOCK_ROWS 32768

void mmi_write_bytes(mmi_writer *w, const void *p, size_t n)
{
    if (n > 0 && w->err == 0 && fwrite(p, 1, n, w->f) != n) w->err = errno ? errno : EIO;
}

void mmi_write_printf(mmi_writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(w->f, fmt, ap);
    va_end(ap);
    if (n < 0 && w->err == 0) w->err = errno ? errno : EIO;
}

/* *block holds at least n bytes; 0, or ENOMEM. */
static int block_room(char **block, size_t *cap, size_t n)
{
    if (*cap >= n) return 0;
    char *b = realloc(*block, n);
    if (b == NULL) return ENOMEM;
    *block = b;
    *cap = n;
    return 0;
}

/* All of p[0, n) to the file, past stdio (whose buffer is empty); 0 or errno. */
static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return k < 0 ? errno : EIO;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

#define MAX_THREADS 256

static int thread_count(int64_t blocks)
{
    int n = 1;
#ifdef _OPENMP
    n = omp_get_max_threads();
#endif
    if (n > MAX_THREADS) n = MAX_THREADS;
    return blocks < n ? (int)(blocks > 0 ? blocks : 1) : n;
}

static int thread_id(void)
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

/* Block b (BLOCK_ROWS rows) goes to thread b mod T, which formats it into its
 * own buffer while the thread before it writes its block: the writes take
 * turns in block order (ordered), so the bytes do not depend on T. Progress
 * is reported from the calling thread (thread 0), which writes every T-th block,
 * and once more after the loop when another thread wrote the last block. */
void mmi_write_rows(mmi_writer *w, const mmi_host_mesh *m, const mmi_rows *r)
{
    int64_t blocks = (r->count + BLOCK_ROWS - 1) / BLOCK_ROWS;
    int threads = r->parallel ? thread_count(blocks) : 1;
    char *block[MAX_THREADS] = {NULL};
    size_t cap[MAX_THREADS] = {0};
    int64_t reported = w->done;
    if (w->err == 0 && fflush(w->f) != 0) w->err = errno ? errno : EIO;
    int fd = fileno(w->f);
#ifdef _OPENMP
#pragma omp parallel num_threads(threads) if (threads > 1)
#endif
    {
        int t = thread_id();
#ifdef _OPENMP
#pragma omp for ordered schedule(static, 1)
#endif
        for (int64_t b = 0; b < blocks; ++b) {
            int64_t begin = b * BLOCK_ROWS;
            int64_t end = r->count - begin < BLOCK_ROWS ? r->count : begin + BLOCK_ROWS;
            int err = block_room(&block[t], &cap[t], r->bound(m, begin, end, r->arg));
            size_t len = 0;
            if (err == 0) len = (size_t)(r->format(m, begin, end, block[t], r->arg) - block[t]);
#ifdef _OPENMP
#pragma omp ordered
#endif
            {
                if (w->err == 0) w->err = err != 0 ? err : write_all(fd, block[t], len);
                w->done += end - begin;
                if (t == 0 && w->progress != NULL && w->err == 0) {
                    w->progress(w->progress_user, w->done, w->total);
                    reported = w->done;
                }
            }
        }
    }
    if (w->progress != NULL && w->err == 0 && reported != w->done)
        w->progress(w->progress_user, w->done, w->total);
    for (int t = 0; t < threads; ++t) free(block[t]);
}

char *mmi_put_uint(char *out, uint64_t v)
{
    char buf[20], *p = buf + sizeof buf;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    size_t n = (size_t)(buf + sizeof buf - p);
    memcpy(out, p, n);
    return out + n;
}

char *mmi_put_real(char *out, double x, int single)
{
    return out + (single ? mmi_format_f32(out, (float)x) : mmi_format_f64(out, x));
}

/* Longest text of a coordinate, a face id with its space, a count. */
#define REAL_TEXT MMI_SHORTEST_MAX
#define UINT_TEXT 21

static size_t vertex_bound(const mmi_host_mesh *m, int64_t begin, int64_t end, const void *arg)
{
    const mmi_text_columns *c = arg;
    (void)m;
    return (size_t)(end - begin) * (strlen(c->prefix) + (size_t)c->columns * (REAL_TEXT + 1));
}

static char *vertex_format(const mmi_host_mesh *m, int64_t begin, int64_t end, char *out,
                           const void *arg)
{
    const mmi_text_columns *c = arg;
    size_t plen = strlen(c->prefix);
    int single = m->info.precision == MM_TYPE_FLOAT32, columns = c->columns;
    int64_t dim = m->info.dim;
    for (int64_t v = begin; v < end; ++v) {
        memcpy(out, c->prefix, plen);
        out += plen;
        for (int k = 0; k < columns; ++k) {
            if (k > 0) *out++ = ' ';
            if (k >= dim) *out++ = '0';
            else if (single) out += mmi_format_f32(out, ((const float *)m->a.vertices)[v * dim + k]);
            else out += mmi_format_f64(out, ((const double *)m->a.vertices)[v * dim + k]);
        }
        *out++ = '\n';
    }
    return out;
}

mmi_rows mmi_text_vertex_rows(const mmi_host_mesh *m, const mmi_text_columns *c)
{
    mmi_rows r = {m->info.num_vertices, 1, vertex_bound, vertex_format, c};
    return r;
}

/* Bytes of faces [begin, end) with `refs` value ids per corner besides the
 * vertex (each with its '/'). */
static size_t faces_bound(const mmi_host_mesh *m, int64_t begin, int64_t end, int refs)
{
    int64_t ids = mmi_face_start(m, end) - mmi_face_start(m, begin);
    return (size_t)(end - begin) * (UINT_TEXT + 2) +
           (size_t)ids * (size_t)(refs + 1) * (UINT_TEXT + 1);
}

static size_t face_bound(const mmi_host_mesh *m, int64_t begin, int64_t end, const void *arg)
{
    (void)arg;
    return faces_bound(m, begin, end, 0);
}

static const int obj_faces = 1, counted_faces = 0;

/* "/vt", "/vt/vn" or "//vn" of corner i (ids from 1). */
static char *put_corner_refs(char *out, const mmi_host_mesh *m, int64_t i)
{
    *out++ = '/';
    if (m->uv != NULL) out = mmi_put_uint(out, (uint64_t)m->uv->a.face_vertices[i] + 1);
    if (m->normal != NULL) {
        *out++ = '/';
        out = mmi_put_uint(out, (uint64_t)m->normal->a.face_vertices[i] + 1);
    }
    return out;
}

/* The faces [begin, end) as text, obj or counted; refs: with each corner's
 * vt / vn (OBJ). Inlined into its two callers, so that the rows without
 * corner references pay nothing for them. */
static inline __attribute__((always_inline)) char *
put_faces(const mmi_host_mesh *m, int64_t begin, int64_t end, char *out, int obj, int refs)
{
    int64_t hole = obj ? m->info.num_holes : mmi_host_mesh_next_hole(m, begin);
    const uint32_t *ids = m->a.face_vertices;
    uint64_t base = obj ? 1 : 0;
    for (int64_t f = begin, a = mmi_face_start(m, begin), b; f < end; ++f, a = b) {
        b = mmi_face_start(m, f + 1);
        if (hole < m->info.num_holes && (int64_t)m->a.hole_faces[hole] == f) {
            ++hole;
            continue;
        }
        if (obj) *out++ = 'f';
        else out = mmi_put_uint(out, (uint64_t)(b - a));
        for (int64_t i = a; i < b; ++i) {
            *out++ = ' ';
            out = mmi_put_uint(out, ids[i] + base);
            if (refs) out = put_corner_refs(out, m, i);
        }
        *out++ = '\n';
    }
    return out;
}

static char *face_format(const mmi_host_mesh *m, int64_t begin, int64_t end, char *out,
                         const void *arg)
{
    return put_faces(m, begin, end, out, *(const int *)arg, 0);
}

static size_t corner_face_bound(const mmi_host_mesh *m, int64_t begin, int64_t end,
                                const void *arg)
{
    (void)arg;
    return faces_bound(m, begin, end, 2);
}

static char *corner_face_format(const mmi_host_mesh *m, int64_t begin, int64_t end, char *out,
                                const void *arg)
{
    (void)arg;
    return put_faces(m, begin, end, out, 1, 1);
}

mmi_rows mmi_obj_corner_face_rows(const mmi_host_mesh *m)
{
    mmi_rows r = {m->info.num_faces, 1, corner_face_bound, corner_face_format, NULL};
    return r;
}

mmi_rows mmi_text_face_rows(const mmi_host_mesh *m, int obj)
{
    mmi_rows r = {m->info.num_faces, 1, face_bound, face_format,
                  obj ? &obj_faces : &counted_faces};
    return r;
}

double mmi_host_mesh_coord(const mmi_host_mesh *m, int64_t v, int k)
{
    if (k >= m->info.dim) return 0.0;
    int64_t i = v * m->info.dim + k;
    if (m->info.precision == MM_TYPE_FLOAT32) return ((const float *)m->a.vertices)[i];
    return ((const double *)m->a.vertices)[i];
}

int64_t mmi_host_mesh_next_hole(const mmi_host_mesh *m, int64_t f)
{
    int64_t lo = 0, hi = m->info.num_holes; /* the first hole_faces[i] ≥ f in [lo, hi] */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if ((int64_t)m->a.hole_faces[mid] < f) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

int mmi_host_mesh_is_hole(const mmi_host_mesh *m, int64_t f, int64_t *next)
{
    while (*next < m->info.num_holes && (int64_t)m->a.hole_faces[*next] < f) ++*next;
    return *next < m->info.num_holes && (int64_t)m->a.hole_faces[*next] == f;
}
