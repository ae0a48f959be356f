/* mmt_mesh_io.h: what the mesh reader and writer tests share: reading a
 * string as a file, the whole mesh as host arrays, bitwise comparison of two
 * meshes, failure checks on status and message, temporary folders, and a
 * write under a file size limit. */
#ifndef MESHMAT_TEST_MESH_IO_H
#define MESHMAT_TEST_MESH_IO_H

#include <sys/resource.h>

#include "test_util.h"

/* A mesh as host arrays (mm_mesh_export), vertices in the mesh's precision. */
typedef struct mmt_host_mesh {
    mm_mesh_info info;
    void *vertices;
    int64_t *offsets;
    uint32_t *ids;
    uint32_t *crease_vertices;
    float *crease_sharpness;
    uint32_t *corner_vertices;
    float *corner_sharpness;
    uint32_t *hole_faces;
} mmt_host_mesh;

void mmt_host_mesh_get(mm_context ctx, mm_mesh mesh, mmt_host_mesh *h);
void mmt_host_mesh_free(mmt_host_mesh *h);

/* Replaces *mesh by the same mesh without its crease, corner and hole tags:
 * for checks of the smooth rules (a shared model's tags would bring in the
 * crease rules, and its holes the generic path whatever path is asked). */
void mmt_drop_tags(mm_context ctx, mm_mesh *mesh);

/* Replaces *mesh (with no tags) by the same mesh with crease tags on the
 * first side of every third face, where it runs from a lower to a higher
 * vertex id (so that no edge is tagged twice on an oriented mesh), their
 * sharpness cycling through 0.5, 1.5, 3 and 10 (semi-sharp ones that end
 * within three levels, and one that outlasts them), and a corner of
 * sharpness 2 at vertex 0. */
void mmt_add_tags(mm_context ctx, mm_mesh *mesh);

/* Coordinate k of vertex v as a double. */
double mmt_coord(const mmt_host_mesh *h, int64_t v, int k);

/* Asserts that h has exactly nv vertices at xyz (3 per vertex, compared
 * exactly), and nf faces with these offsets (nf + 1) and ids. */
void mmt_assert_mesh(const mmt_host_mesh *h, int64_t nv, const double *xyz, int64_t nf,
                     const int64_t *offsets, const uint32_t *ids);

/* Asserts that a and b hold the same faces and bit-identical first three
 * vertex columns, and with creases != 0 (a format with tags) the same creases,
 * corners, holes and boundary rule; with creases == 0, b holds a's faces less
 * its holes. */
void mmt_assert_same_mesh(const mmt_host_mesh *a, const mmt_host_mesh *b, int creases);

/* mm_mesh_read_memory of a NUL-terminated text; name's extension picks the
 * format; opts NULL for the defaults. */
mm_status mmt_read_text(mm_context ctx, mm_mesh *mesh, const char *name, const char *text,
                        const mm_read_options *opts);

/* Attempts for mmt_sweep_allocations (test_util.h): reading arg, a
 * NUL-terminated OBJ text, as "sweep.obj" (asserting a mesh exactly when the
 * read succeeds), and writing a->mesh to a->path in a->format. */
mm_status mmt_read_text_attempt(mm_context ctx, void *text);
typedef struct mmt_write_args {
    mm_mesh mesh;
    const char *path;
    mm_file_format format;
} mmt_write_args;
mm_status mmt_write_attempt(mm_context ctx, void *arg);

/* Asserts that expr returned status and that mm_last_error(ctx) contains says. */
#define MMT_FAILS(ctx, expr, status, says)                                                    \
    do {                                                                                      \
        mm_status mmt_fst_ = (expr);                                                          \
        ck_assert_msg(mmt_fst_ == (status), "%s -> %s, expected %s (%s)", #expr,              \
                      mm_status_string(mmt_fst_), mm_status_string(status),                   \
                      mm_last_error(ctx));                                                    \
        ck_assert_msg(strstr(mm_last_error(ctx), (says)) != NULL, "message '%s' lacks '%s'", \
                      mm_last_error(ctx), (says));                                            \
    } while (0)

/* A new empty folder under /tmp (static buffer), and "folder/name" in buf. */
const char *mmt_temp_dir(void);
const char *mmt_temp_path(char *buf, size_t len, const char *dir, const char *name);
/* Removes dir and the files in it (one level). */
void mmt_temp_dir_remove(const char *dir);

/* mm_mesh_write under a file size limit of `limit` bytes: writes past it fail
 * with EFBIG (SIGXFSZ ignored), a failure any user can cause, root included.
 * Nothing else runs under the limit (Check's own files grow too). */
mm_status mmt_write_limited(mm_context ctx, mm_mesh mesh, const char *path,
                            mm_file_format format, rlim_t limit);

#endif
