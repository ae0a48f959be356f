/* jit.h: user maps compiled at run time (DESIGN §2, ops.h): the CUDA C++
 * program NVRTC compiles around a map's C body, the disk cache of compiled
 * programs, and the CUDA entry point that finds (memory, disk) or compiles
 * the program and runs it. */
#ifndef MESHMAT_SPLA_JIT_H
#define MESHMAT_SPLA_JIT_H

#include <stddef.h>
#include <stdint.h>

#include "meshmat/context.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The kernel every map program defines: mm_user_map_rows(double *v, const
 * int64_t *ptr, int64_t uniform, int64_t nrows) sets v[k] = map(v[k], 0, the
 * length of k's row) for every entry k of rows 0 … nrows - 1 (row i holds
 * ptr[i] … ptr[i+1] - 1, or uniform · i … when uniform > 0). */
#define MMI_JIT_MAP_KERNEL "mm_user_map_rows"

/* The program around `source`, the body of double user_map(double a, double
 * b, int64_t c), numbered from line 1 of the body in compiler messages.
 * `target` (architecture and compiler version) is written into the text, so
 * the text is the complete cache key. malloc'd; NULL when out of memory. */
char *mmi_jit_map_program(const char *source, const char *target);

/* The disk cache folder: MESHMAT_JIT_CACHE (empty: none), else
 * $XDG_CACHE_HOME/meshmat, else $HOME/.cache/meshmat. Returns 0 when there is
 * none or it does not fit in n bytes. */
int mmi_jit_cache_dir(char *dir, size_t n);

/* The compiled image stored for exactly this program text (file name: a
 * 64-bit FNV-1a hash of the text; the file holds the text too, so a hash
 * collision is a miss), malloc'd, or NULL on a miss or any read error. */
void *mmi_jit_disk_load(const char *program, size_t *bytes);

/* Stores the image for program (folders made as needed, written to a
 * temporary file then renamed, so readers never see a partial file). Errors
 * are ignored: the disk cache is only an optimisation. */
void mmi_jit_disk_store(const char *program, const void *image, size_t bytes);

/* Runs the user map `source` in place on v (MMI_JIT_MAP_KERNEL's contract, v,
 * ptr in device memory) on ctx's stream, compiling it on first use in ctx.
 * Errors: MM_ERR_JIT with the compiler's log, MM_ERR_CUDA, MM_ERR_OUT_OF_MEMORY;
 * MM_ERR_NO_DEVICE without CUDA. */
mm_status mmi_jit_map_rows_cuda(mm_context ctx, const char *source, const int64_t *ptr,
                                int64_t uniform, int64_t nrows, double *v);

#ifdef __cplusplus
}
#endif
#endif
