/* fuzz_mesh.h: what the libFuzzer harnesses share: a property check that
 * aborts (so libFuzzer reports the input), a CPU context whose accounting is
 * checked back to zero when it is freed, the statuses a read may end with,
 * the sanity of a mesh's counts, and one read of arbitrary bytes. */
#ifndef MESHMAT_FUZZ_MESH_H
#define MESHMAT_FUZZ_MESH_H

#include <stddef.h>
#include <stdint.h>

#include <meshmat.h>

/* libFuzzer's entry point, defined once per harness. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with the failed condition and where it is when cond is false. */
#define FUZZ_CHECK(cond)                                                     \
    do {                                                                     \
        if (!(cond)) fuzz_fail(#cond, __FILE__, __LINE__);                   \
    } while (0)

/* Aborts unless expr, a call on ctx, returns MM_OK; prints the library's message. */
#define FUZZ_CHECK_OK(ctx, expr)                                             \
    do {                                                                     \
        if ((expr) != MM_OK) fuzz_fail_on(ctx, #expr, __FILE__, __LINE__);  \
    } while (0)

_Noreturn void fuzz_fail(const char *what, const char *file, int line);
_Noreturn void fuzz_fail_on(mm_context ctx, const char *what, const char *file, int line);

/* A new context on the CPU backend (aborts when none can be made). */
mm_context fuzz_context(void);

/* Frees the context after checking that nothing made on it is still held. */
void fuzz_context_free(mm_context *ctx);

/* A read ended in MM_OK with a mesh, or in a refusal io.h documents for a
 * file's content, with a message and no mesh. */
void fuzz_check_read_status(mm_context ctx, mm_status st, mm_mesh mesh);

/* The mesh's counts agree with each other and with the options it was read
 * with (dimension 3, the requested precision). */
void fuzz_check_info(mm_mesh mesh, const mm_read_options *opts);

/* Reads data as the file name (its extension picks the reader) with the
 * default options and checks the outcome as above. */
void fuzz_read(const uint8_t *data, size_t size, const char *name);

#endif
