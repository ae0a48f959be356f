/* meshmat/context.h: status codes, the context (backend, device, stream), error
 * messages, memory accounting and stage timers. Every other handle is made on a
 * context and computes where its backend computes (DESIGN §2–3).
 *
 * Handles detect misuse: every function given a freed handle (a mesh after
 * mm_mesh_free, say), a handle of another type, or an object made on another
 * context than its ctx argument, returns MM_ERR_INVALID_ARGUMENT without
 * touching the object (with a message in mm_last_error(ctx) when ctx is
 * live); accessors return NULL or 0, and mm_*_free does nothing (so freeing a
 * copy of a freed handle is harmless). The check reads only the handle's
 * first 4 bytes (and, when they are right, its context's). It is exact for
 * live handles of a context freed before them (see mm_context_free) and for
 * the last 64 handles freed on a live context, whose memory the context keeps
 * until it goes; past that it is a best-effort guard, as GraphBLAS's: it
 * catches a use after free as long as the allocator has not reused the block. */
#ifndef MESHMAT_CONTEXT_H
#define MESHMAT_CONTEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(MESHMAT_BUILDING) && defined(__GNUC__)
#define MM_API __attribute__((visibility("default")))
#else
#define MM_API
#endif

/* Every public function returns one of these. 0 is success, errors are negative. */
typedef enum mm_status {
    MM_OK = 0,
    MM_ERR_INVALID_ARGUMENT = -1, /* a NULL handle, a bad enum, sizes that do not fit together */
    MM_ERR_OUT_OF_MEMORY = -2,    /* host or device allocation failed                         */
    MM_ERR_OVERFLOW = -3,         /* a count or offset would pass its type's range            */
    MM_ERR_IO = -4,               /* a file could not be opened, read or written              */
    MM_ERR_PARSE = -5,            /* a file is malformed (the message names the line)         */
    MM_ERR_INVALID_MESH = -6,     /* face or vertex data break a rule (message names which)   */
    MM_ERR_INVALID_MATRIX = -7,   /* index out of range, pointer not monotone                 */
    MM_ERR_NO_DEVICE = -8,        /* CUDA asked for, but not compiled in or no device found   */
    MM_ERR_CUDA = -9,             /* the CUDA runtime reported an error                       */
    MM_ERR_FORMAT = -10,          /* a file format or variant meshmat does not read           */
    MM_ERR_JIT = -11              /* user source failed to compile (the log is in mm_last_error) */
} mm_status;

/* Static English text for any status ("MM_ERR_PARSE: malformed file"). */
MM_API const char *mm_status_string(mm_status st);

typedef enum mm_backend {
    MM_BACKEND_AUTO = 0, /* CUDA when compiled in and a device is present, else CPU */
    MM_BACKEND_CPU = 1,
    MM_BACKEND_CUDA = 2
} mm_backend;

/* Where a block of memory lives. */
typedef enum mm_memory {
    MM_MEMORY_HOST = 0,
    MM_MEMORY_DEVICE = 1
} mm_memory;

typedef struct mm_context_s *mm_context;

typedef struct mm_context_options {
    mm_backend backend; /* MM_BACKEND_AUTO by default                        */
    int device;         /* CUDA device ordinal, 0 by default                 */
    void *stream;       /* a cudaStream_t to order work on; NULL: the default */
    int timing;         /* non-zero: record stage timers (mm_context_stage)   */
    int64_t max_memory; /* > 0: the bytes a subdivision may predict to hold in
                           the backend's memory; 0: what the machine has free
                           (mm_subdiv_build refuses a run predicted past it) */
} mm_context_options;

/* The defaults: AUTO backend, device 0, default stream, timing off, no
 * memory ceiling but the machine's. */
MM_API mm_context_options mm_context_options_default(void);

/* mm_context_new: make a context. opts may be NULL for the defaults.
 *   Errors: MM_ERR_NO_DEVICE when CUDA is asked for and cannot be had (the
 *   message says why); MM_ERR_OUT_OF_MEMORY. On error *ctx is NULL, so the
 *   message can only be read through mm_status_string. */
MM_API mm_status mm_context_new(mm_context *ctx, const mm_context_options *opts);

/* Frees the context and sets *ctx to NULL; NULL, and a context freed already
 * (through a copy of its handle), are ignored. With handles made on it still
 * alive, the release is deferred: the context is closed, every call with it
 * or on those handles returns MM_ERR_INVALID_ARGUMENT (mm_last_error on it
 * says it is closed) except their mm_*_free, which still free them, and the
 * last of these frees releases the context (its CUDA stream and memory pool
 * included). */
MM_API void mm_context_free(mm_context *ctx);

/* The backend the context computes on (never AUTO). */
MM_API mm_backend mm_context_backend(mm_context ctx);

/* Name of the device ("CPU", or the CUDA device's name). */
MM_API const char *mm_context_device_name(mm_context ctx);

/* 1 if meshmat was built with the CUDA backend and a device can be used, else 0. */
MM_API int mm_cuda_available(void);

/* The message of the last failed call on this context: one line naming the
 * function and what in the input is at fault. "" when nothing failed. Owned by
 * the context; the next failure replaces it. */
MM_API const char *mm_last_error(mm_context ctx);

/* Memory accounting: bytes allocated through the context and not yet freed,
 * and the most there were at once since creation or the last reset, per
 * memory space. Counted: the arrays of matrices, dense data, meshes and
 * subdivisions, and the temporaries of the operations, host or device. Not
 * counted: the handles themselves, the stage records, the scratch of a file
 * read (the file's bytes and the growing lists, freed before mm_mesh_read
 * returns), the writers' output buffer, the JIT's program texts, disk cache
 * reads and loaded modules, and on CUDA what the memory pool keeps for reuse
 * after a free. */
MM_API int64_t mm_context_bytes_in_use(mm_context ctx, mm_memory where);
MM_API int64_t mm_context_peak_bytes(mm_context ctx, mm_memory where);
MM_API void mm_context_reset_peak(mm_context ctx);

/* Stage timers. With opts.timing set, every operation records named stages
 * (CUDA events on the GPU, a monotonic clock on the CPU). mm_context_stage
 * returns stage i of those recorded since the last clear: its name (static
 * string) and its time in milliseconds; on CUDA it waits for the stage's end.
 *   Errors: MM_ERR_INVALID_ARGUMENT when i is out of range. */
MM_API int mm_context_stage_count(mm_context ctx);
MM_API mm_status mm_context_stage(mm_context ctx, int i, const char **name, double *ms);
MM_API void mm_context_clear_stages(mm_context ctx);

/* Waits for all work queued on the context's stream. */
MM_API mm_status mm_context_synchronize(mm_context ctx);

/* mm_context_set_stream: orders all later work of the context on stream, a
 * cudaStream_t passed as void * (NULL: the default stream), as
 * mm_context_options.stream does at creation.
 *   ctx     a live context           stream  a stream of ctx's device, or NULL
 * First it waits for the work queued on the previous stream: the memory that
 * work freed is then back in the context's pool and every array it made is
 * complete, so arrays and pool serve the new stream with no further
 * ordering. The caller keeps the stream alive while the context uses it
 * (until the next mm_context_set_stream or mm_context_free). Work the caller
 * queues on stream before a call (filling an array wrapped with
 * mm_dense_wrap, say) is ordered before that call's work; results are ready
 * for the caller's next work on stream, or after mm_context_synchronize.
 * (An evaluation queues part of its work on a stream of its own, which
 * waits for stream's earlier work and which stream's later work waits for,
 * through events the call queues: the ordering holds for it too.)
 *   Properties: one cudaStreamSynchronize of the previous stream; the
 *   results are the same on any stream (bitwise).
 *   Errors: MM_ERR_INVALID_ARGUMENT (a dead ctx; on the CPU backend, any
 *   stream but NULL; a stream of another device, checked with CUDA ≥ 12.8),
 *   MM_ERR_CUDA (waiting failed, or stream is not a stream: the context
 *   keeps its previous stream).
 *   Example: cudaStream_t st; cudaStreamCreate(&st);
 *   mm_context_set_stream(ctx, st); mm_subdiv_eval_into(s, X0, XL);
 *   (the caller's next kernel on st reads XL); then
 *   mm_context_set_stream(ctx, NULL) before cudaStreamDestroy(st). */
MM_API mm_status mm_context_set_stream(mm_context ctx, void *stream);

#ifdef __cplusplus
}
#endif
#endif
