/* mesh_write.h: what the OBJ, OFF and PLY writers share: the mesh copied to
 * host arrays (through the public two-phase export, so any backend works), the
 * output file replaced atomically, and a buffered FILE* writer that keeps the
 * first error (errno) of any write. */
#ifndef MESHMAT_MESH_MESH_WRITE_H
#define MESHMAT_MESH_MESH_WRITE_H

#include <stdio.h>

#include "meshmat/io.h"

/* The output file (mesh_write_file.c): a temporary beside the target, renamed
 * over it once everything is written, flushed and synced; targets that exist
 * and are not regular files (devices, FIFOs) are written in place. */
typedef struct mmi_out_file {
    FILE *f;
    char *target; /* the file replaced: the path, or the file its symlink names */
    char *temp;   /* the temporary beside it; NULL when writing in place        */
} mmi_out_file;

/* Opens the output for path; 0, or the errno of the failed open. */
int mmi_out_open(mmi_out_file *o, const char *path);
/* Flushes, syncs, closes and renames the temporary over the target; 0, or the
 * errno of the failed step (*step says which, for the message), after which
 * the target is untouched and the temporary removed. */
int mmi_out_commit(mmi_out_file *o, const char **step);
/* Closes and removes the temporary, leaving the target as it was. */
void mmi_out_abort(mmi_out_file *o);

/* The mesh as host arrays (sizes in info). */
typedef struct mmi_host_mesh {
    mm_mesh_info info;
    mm_mesh_arrays a;
} mmi_host_mesh;

typedef struct mmi_writer {
    FILE *f;
    int err;            /* errno of the first failed write, 0 while all succeed */
    char decimal_point; /* the C library's current one, replaced by '.'        */
} mmi_writer;

void mmi_write_bytes(mmi_writer *w, const void *p, size_t n);
void mmi_write_printf(mmi_writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* " <v>" in decimal (a face's ids: faster than printf per id). */
void mmi_write_spaced_uint(mmi_writer *w, uint64_t v);
/* Vertex v's coordinate k (k < 3; 0 beyond the mesh's dim), as the shortest
 * decimal that reads back to the same float32 / float64 (at most 9 / 17 digits). */
void mmi_write_coord(mmi_writer *w, const mmi_host_mesh *m, int64_t v, int k);
/* The same for a float32 value (crease sharpness). */
void mmi_write_float(mmi_writer *w, float x);

/* Is face f one of the mesh's holes? Asked for f in increasing order, with
 * *next (0 at the start) walking the sorted hole list: the OFF and PLY
 * writers leave holes out, having no tag for them. */
int mmi_host_mesh_is_hole(const mmi_host_mesh *m, int64_t f, int64_t *next);

/* Coordinate k of vertex v as a double (0 beyond the mesh's dim). */
double mmi_host_mesh_coord(const mmi_host_mesh *m, int64_t v, int k);

void mmi_mesh_write_obj(mmi_writer *w, const mmi_host_mesh *m);
void mmi_mesh_write_off(mmi_writer *w, const mmi_host_mesh *m);
void mmi_mesh_write_ply(mmi_writer *w, const mmi_host_mesh *m, int binary);

#endif
