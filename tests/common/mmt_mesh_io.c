/* mmt_mesh_io.c: the shared pieces of the mesh I/O tests (mmt_mesh_io.h). */
#include "mmt_mesh_io.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *alloc_or_null(int64_t n, size_t size)
{
    if (n <= 0) return NULL;
    void *p = malloc((size_t)n * size);
    ck_assert_ptr_nonnull(p);
    return p;
}

void mmt_host_mesh_get(mm_context ctx, mm_mesh mesh, mmt_host_mesh *h)
{
    memset(h, 0, sizeof *h);
    MMT_OK(ctx, mm_mesh_info_get(mesh, &h->info));
    const mm_mesh_info *in = &h->info;
    h->vertices = alloc_or_null(in->num_vertices * in->dim, mm_type_size(in->precision));
    h->offsets = alloc_or_null(in->num_faces > 0 ? in->num_faces + 1 : 0, sizeof(int64_t));
    h->ids = alloc_or_null(in->num_faces > 0 ? in->nnz : 0, sizeof(uint32_t));
    h->crease_vertices = alloc_or_null(2 * in->num_creases, sizeof(uint32_t));
    h->crease_sharpness = alloc_or_null(in->num_creases, sizeof(float));
    h->corner_vertices = alloc_or_null(in->num_corners, sizeof(uint32_t));
    h->corner_sharpness = alloc_or_null(in->num_corners, sizeof(float));
    h->hole_faces = alloc_or_null(in->num_holes, sizeof(uint32_t));
    mm_mesh_arrays a = {h->vertices,         h->offsets,         h->ids,
                        h->crease_vertices,  h->crease_sharpness, h->corner_vertices,
                        h->corner_sharpness, h->hole_faces};
    MMT_OK(ctx, mm_mesh_export(mesh, &a));
}

void mmt_drop_tags(mm_context ctx, mm_mesh *mesh)
{
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, *mesh, &h);
    mm_mesh_desc d = {0};
    d.num_vertices = h.info.num_vertices;
    d.dim = h.info.dim;
    d.vertex_type = h.info.precision;
    d.vertices = h.vertices;
    d.num_faces = h.info.num_faces;
    d.face_offsets = h.offsets;
    d.face_vertices = h.ids;
    mm_mesh_free(mesh);
    MMT_OK(ctx, mm_mesh_new(ctx, mesh, &d));
    mmt_host_mesh_free(&h);
}

void mmt_add_tags(mm_context ctx, mm_mesh *mesh)
{
    static const float sharpness[4] = {0.5f, 1.5f, 3.0f, 10.0f};
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, *mesh, &h);
    ck_assert_int_eq(h.info.num_creases + h.info.num_corners + h.info.num_holes, 0);
    int64_t nf = h.info.num_faces, nc = 0;
    uint32_t *ends = malloc((size_t)(2 * (nf / 3 + 1)) * sizeof *ends), corner = 0;
    float *s = malloc((size_t)(nf / 3 + 1) * sizeof *s), corner_s = 2.0f;
    ck_assert(ends != NULL && s != NULL);
    for (int64_t f = 0; f < nf; f += 3) {
        uint32_t a = h.ids[h.offsets[f]], b = h.ids[h.offsets[f] + 1];
        if (a >= b) continue;
        ends[2 * nc] = a, ends[2 * nc + 1] = b, s[nc] = sharpness[(f / 3) % 4], ++nc;
    }
    ck_assert_int_gt(nc, 0);
    mm_mesh_desc d = {0};
    d.num_vertices = h.info.num_vertices;
    d.dim = h.info.dim;
    d.vertex_type = h.info.precision;
    d.vertices = h.vertices;
    d.num_faces = nf;
    d.face_offsets = h.offsets;
    d.face_vertices = h.ids;
    d.num_creases = nc, d.crease_vertices = ends, d.crease_sharpness = s;
    d.num_corners = 1, d.corner_vertices = &corner, d.corner_sharpness = &corner_s;
    d.boundary = h.info.boundary;
    mm_mesh_free(mesh);
    MMT_OK(ctx, mm_mesh_new(ctx, mesh, &d));
    free(ends), free(s);
    mmt_host_mesh_free(&h);
}

void mmt_host_mesh_free(mmt_host_mesh *h)
{
    free(h->vertices);
    free(h->offsets);
    free(h->ids);
    free(h->crease_vertices);
    free(h->crease_sharpness);
    free(h->corner_vertices);
    free(h->corner_sharpness);
    free(h->hole_faces);
    memset(h, 0, sizeof *h);
}

double mmt_coord(const mmt_host_mesh *h, int64_t v, int k)
{
    int64_t i = v * h->info.dim + k;
    if (h->info.precision == MM_TYPE_FLOAT32) return ((const float *)h->vertices)[i];
    return ((const double *)h->vertices)[i];
}

void mmt_assert_mesh(const mmt_host_mesh *h, int64_t nv, const double *xyz, int64_t nf,
                     const int64_t *offsets, const uint32_t *ids)
{
    ck_assert_int_eq(h->info.num_vertices, nv);
    ck_assert_int_eq(h->info.num_faces, nf);
    ck_assert_int_eq(h->info.nnz, offsets[nf]);
    for (int64_t v = 0; v < nv; ++v)
        for (int k = 0; k < 3; ++k)
            ck_assert_msg(mmt_coord(h, v, k) == xyz[3 * v + k], "vertex %lld[%d]: %.17g != %.17g",
                          (long long)v, k, mmt_coord(h, v, k), xyz[3 * v + k]);
    if (nf == 0) return;
    ck_assert_mem_eq(h->offsets, offsets, (size_t)(nf + 1) * sizeof *offsets);
    ck_assert_mem_eq(h->ids, ids, (size_t)offsets[nf] * sizeof *ids);
}

/* Face f of a against face g of b: the same ids in the same order. */
static void assert_same_face(const mmt_host_mesh *a, int64_t f, const mmt_host_mesh *b, int64_t g)
{
    int64_t n = a->offsets[f + 1] - a->offsets[f];
    ck_assert_msg(b->offsets[g + 1] - b->offsets[g] == n, "face %lld has %lld vertices, read back %lld",
                  (long long)f, (long long)n, (long long)(b->offsets[g + 1] - b->offsets[g]));
    ck_assert_mem_eq(a->ids + a->offsets[f], b->ids + b->offsets[g], (size_t)n * sizeof(uint32_t));
}

/* b is a less its holes (a format without tags leaves them out), in order. */
static void assert_same_solid_faces(const mmt_host_mesh *a, const mmt_host_mesh *b)
{
    ck_assert_int_eq(b->info.num_holes, 0);
    ck_assert_int_eq(b->info.num_faces, a->info.num_faces - a->info.num_holes);
    int64_t g = 0, h = 0;
    for (int64_t f = 0; f < a->info.num_faces; ++f) {
        if (h < a->info.num_holes && a->hole_faces[h] == f) {
            ++h;
            continue;
        }
        assert_same_face(a, f, b, g++);
    }
}

void mmt_assert_same_mesh(const mmt_host_mesh *a, const mmt_host_mesh *b, int creases)
{
    const mm_mesh_info *x = &a->info, *y = &b->info;
    ck_assert_int_eq(x->num_vertices, y->num_vertices);
    ck_assert_int_eq(x->precision, y->precision);
    if (!creases && x->num_holes > 0) {
        assert_same_solid_faces(a, b);
    } else {
        ck_assert_int_eq(x->num_faces, y->num_faces);
        ck_assert_int_eq(x->nnz, y->nnz);
    }
    size_t size = mm_type_size(x->precision);
    for (int64_t v = 0; v < x->num_vertices; ++v)
        for (int k = 0; k < 3 && k < x->dim; ++k) {
            const char *p = (const char *)a->vertices + (size_t)(v * x->dim + k) * size;
            const char *q = (const char *)b->vertices + (size_t)(v * y->dim + k) * size;
            ck_assert_msg(memcmp(p, q, size) == 0, "vertex %lld coordinate %d: %.17g != %.17g",
                          (long long)v, k, mmt_coord(a, v, k), mmt_coord(b, v, k));
        }
    if (x->num_faces > 0 && x->num_faces == y->num_faces) {
        ck_assert_mem_eq(a->offsets, b->offsets, (size_t)(x->num_faces + 1) * sizeof(int64_t));
        ck_assert_mem_eq(a->ids, b->ids, (size_t)x->nnz * sizeof(uint32_t));
    }
    if (!creases) return;
    ck_assert_int_eq(x->num_creases, y->num_creases);
    ck_assert_int_eq(x->num_corners, y->num_corners);
    if (x->num_creases > 0) {
        ck_assert_mem_eq(a->crease_vertices, b->crease_vertices,
                         (size_t)(2 * x->num_creases) * sizeof(uint32_t));
        ck_assert_mem_eq(a->crease_sharpness, b->crease_sharpness,
                         (size_t)x->num_creases * sizeof(float));
    }
    if (x->num_corners > 0) {
        ck_assert_mem_eq(a->corner_vertices, b->corner_vertices,
                         (size_t)x->num_corners * sizeof(uint32_t));
        ck_assert_mem_eq(a->corner_sharpness, b->corner_sharpness,
                         (size_t)x->num_corners * sizeof(float));
    }
    ck_assert_int_eq(x->boundary, y->boundary);
    ck_assert_int_eq(x->num_holes, y->num_holes);
    if (x->num_holes > 0)
        ck_assert_mem_eq(a->hole_faces, b->hole_faces, (size_t)x->num_holes * sizeof(uint32_t));
}

mm_status mmt_read_text(mm_context ctx, mm_mesh *mesh, const char *name, const char *text,
                        const mm_read_options *opts)
{
    return mm_mesh_read_memory(ctx, mesh, text, strlen(text), name, opts);
}

mm_status mmt_read_text_attempt(mm_context ctx, void *text)
{
    mm_mesh mesh = NULL;
    mm_status st = mmt_read_text(ctx, &mesh, "sweep.obj", text, NULL);
    ck_assert(st == MM_OK ? mesh != NULL : mesh == NULL);
    mm_mesh_free(&mesh);
    return st;
}

mm_status mmt_write_attempt(mm_context ctx, void *arg)
{
    const mmt_write_args *a = arg;
    return mm_mesh_write(ctx, a->mesh, a->path, a->format);
}

const char *mmt_temp_dir(void)
{
    static char dir[64];
    snprintf(dir, sizeof dir, "/tmp/meshmat_test_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    return dir;
}

const char *mmt_temp_path(char *buf, size_t len, const char *dir, const char *name)
{
    snprintf(buf, len, "%s/%s", dir, name);
    return buf;
}

void mmt_temp_dir_remove(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    while (d != NULL && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(mmt_temp_path(path, sizeof path, dir, e->d_name));
    if (d != NULL) closedir(d);
    rmdir(dir);
}

mm_status mmt_write_limited(mm_context ctx, mm_mesh mesh, const char *path,
                            mm_file_format format, rlim_t limit)
{
    struct rlimit old, low;
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    low = old;
    low.rlim_cur = limit;
    signal(SIGXFSZ, SIG_IGN);
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &low), 0);
    mm_status st = mm_mesh_write(ctx, mesh, path, format);
    int restored = setrlimit(RLIMIT_FSIZE, &old);
    ck_assert_int_eq(restored, 0);
    return st;
}
