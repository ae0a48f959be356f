/* mesh_write_file.h: an output file replaced atomically (mesh_write_file.c):
 * the data goes to a temporary beside the target, renamed over it once
 * everything is written, flushed and synced; targets that exist and are not
 * regular files (devices, FIFOs) are written in place. Used by mm_mesh_write
 * and by the tool's other outputs (`meshmat render`'s PNG). */
#ifndef MESHMAT_MESH_MESH_WRITE_FILE_H
#define MESHMAT_MESH_MESH_WRITE_FILE_H

#include <stdio.h>

typedef struct mmi_out_file {
    FILE *f;
    char *target; /* the file replaced: the path, or the file its symlink names */
    char *temp;   /* the temporary beside it; NULL when writing in place        */
} mmi_out_file;

/* Opens the output for path; 0, or the errno of the failed open (then o
 * holds nothing to free: mmi_out_abort is not needed, and does nothing). */
int mmi_out_open(mmi_out_file *o, const char *path);
/* Flushes, syncs, closes and renames the temporary over the target; 0, or the
 * errno of the failed step (*step says which, for the message), after which
 * the target is untouched and the temporary removed. */
int mmi_out_commit(mmi_out_file *o, const char **step);
/* Closes and removes the temporary, leaving the target as it was. */
void mmi_out_abort(mmi_out_file *o);

#endif
