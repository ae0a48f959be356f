/* mesh_write.h: what the OBJ, OFF and PLY writers share: the mesh copied to
 * host arrays (through the public two-phase export, so any backend works), the
 * output file replaced atomically, and a buffered FILE* writer that keeps the
 * first error (errno) of any write. */
#ifndef MESHMAT_MESH_MESH_WRITE_H
#define MESHMAT_MESH_MESH_WRITE_H

#include <stdio.h>

#include "meshmat/io.h"
#include "mesh_write_file.h"

/* The mesh as host arrays (sizes in info). a.face_offsets is NULL when the
 * writer asked for none and every face has info.uniform_order vertices (no
 * column pointer to build): mmi_face_start gives the offsets either way.
 * uv, normal: the face-varying channels an OBJ file holds as vt and vn
 * (mmi_obj_channel), each as its own host mesh (values as vertices, their
 * ids per corner as a.face_vertices), or NULL. vprops: the names and PLY
 * types of the vertex data's columns past x, y, z (a PLY file's other vertex
 * properties, written back by the PLY writer). */
typedef struct mmi_host_mesh {
    mm_mesh_info info;
    mm_mesh_arrays a;
    const struct mmi_host_mesh *uv, *normal;
    const struct mmi_vertex_property *vprops; /* the mesh's (mesh_impl.h), borrowed:   */
    int64_t num_vprops;                       /* its columns 3 … past x, y, z, or none */
} mmi_host_mesh;

/* The channel of mesh an OBJ file holds as vt (which 0: the first named "uv",
 * of dim 2 or 3) or vn (1: the first named "normal", of dim 3), or -1. */
int mmi_obj_channel(mm_mesh mesh, int which);

/* Where face f's ids start in a.face_vertices (f = num_faces: nnz). */
static inline int64_t mmi_face_start(const mmi_host_mesh *m, int64_t f)
{
    return m->a.face_offsets != NULL ? m->a.face_offsets[f] : f * m->info.uniform_order;
}

/* What the format writers write through: a FILE* (large writes: rows are
 * formatted into blocks first, mmi_write_rows) that keeps the first error,
 * and the caller's progress callback. */
typedef struct mmi_writer {
    FILE *f;
    int err;            /* errno of the first failure (ENOMEM: no block), 0 while all succeed */
    mm_io_progress_fn progress; /* may be NULL */
    void *progress_user;
    int64_t done, total; /* rows written, rows in all (vertices and faces) */
} mmi_writer;

void mmi_write_bytes(mmi_writer *w, const void *p, size_t n);
void mmi_write_printf(mmi_writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A run of rows (the vertices, the faces): bound gives at least the bytes
 * rows [begin, end) take, format writes them at out and returns the end;
 * parallel when formatting costs more than writing (text, not binary). */
typedef struct mmi_rows {
    int64_t count;
    int parallel;
    size_t (*bound)(const mmi_host_mesh *m, int64_t begin, int64_t end, const void *arg);
    char *(*format)(const mmi_host_mesh *m, int64_t begin, int64_t end, char *out,
                    const void *arg);
    const void *arg;
} mmi_rows;

/* Writes the rows in blocks, formatted on every OpenMP thread and written in
 * order (the bytes do not depend on the thread count), reporting progress. */
void mmi_write_rows(mmi_writer *w, const mmi_host_mesh *m, const mmi_rows *r);

/* How vertex rows are written: a prefix and the number of columns (the
 * mesh's first ones, zeros past its dim): "v " and 3, "vt " and 2, … */
typedef struct mmi_text_columns {
    const char *prefix;
    int columns;
} mmi_text_columns;

/* Text rows: the vertices "<prefix>x y z\n" (each coordinate the shortest
 * decimal that reads back to the same float32 / float64, '.' always; c must
 * outlive the rows), the faces "f i0 …\n" (obj: ids from 1, hole faces kept)
 * or "n i0 …\n" (the vertex count first, ids from 0, hole faces left out:
 * OFF, ASCII PLY). */
mmi_rows mmi_text_vertex_rows(const mmi_host_mesh *m, const mmi_text_columns *c);
mmi_rows mmi_text_face_rows(const mmi_host_mesh *m, int obj);
/* OBJ faces whose corners name m->uv's and m->normal's values (either may be
 * NULL): "f v/vt v/vt …", "f v/vt/vn …" or "f v//vn …", ids from 1. */
mmi_rows mmi_obj_corner_face_rows(const mmi_host_mesh *m);

/* x (float32 when single) as the writers print numbers (shortest_decimal.h)
 * into out; returns the end. */
char *mmi_put_real(char *out, double x, int single);
/* v in decimal into out; returns the end. */
char *mmi_put_uint(char *out, uint64_t v);

/* Where in the sorted hole list the first hole face ≥ f is (num_holes: none). */
int64_t mmi_host_mesh_next_hole(const mmi_host_mesh *m, int64_t f);

/* Is face f one of the mesh's holes? Asked for f in increasing order, with
 * *next (0 at the start) walking the sorted hole list. */
int mmi_host_mesh_is_hole(const mmi_host_mesh *m, int64_t f, int64_t *next);

/* Coordinate k of vertex v as a double (0 beyond the mesh's dim). */
double mmi_host_mesh_coord(const mmi_host_mesh *m, int64_t v, int k);

void mmi_mesh_write_obj(mmi_writer *w, const mmi_host_mesh *m);
void mmi_mesh_write_off(mmi_writer *w, const mmi_host_mesh *m);
void mmi_mesh_write_ply(mmi_writer *w, const mmi_host_mesh *m, int binary);

#endif
