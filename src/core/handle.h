/* handle.h: handles that detect misuse (as GraphBLAS's GB_MAGIC / GB_FREED).
 * Every public handle struct (mm_context, mm_matrix, mm_dense, mm_mesh,
 * mm_subdiv) has `uint32_t magic` as its first field: the type's live value
 * from creation, its freed value just before the memory is released. Every
 * public function checks the handles it is given here before touching
 * anything else in them, so a freed handle, another type's handle or another
 * context's object is refused with MM_ERR_INVALID_ARGUMENT.
 *
 * Object handles (all but the context) also have `mm_context ctx` as their
 * second field. A context counts the handles made on it; mm_context_free
 * while some are alive only closes it (MMI_MAGIC_CONTEXT_CLOSED: every
 * function on those handles but their free is refused), and the last free
 * releases it. A freed handle struct stays allocated, marked freed, in its
 * context's quarantine of the last MMI_QUARANTINE frees (context.c), so a
 * second free or a use through a copy of a recently freed handle reads
 * allocated memory that says "freed". Past that, the check is a best-effort
 * guard: it reads only the magic, and catches a use after free as long as
 * the allocator has not reused the block. */
#ifndef MESHMAT_CORE_HANDLE_H
#define MESHMAT_CORE_HANDLE_H

#include <stddef.h>
#include <stdint.h>

#include "meshmat/context.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The magics: "MM", the type's letter, then '1' live, '0' freed. */
#define MMI_MAGIC_CONTEXT 0x4d4d4331u        /* "MMC1" */
#define MMI_MAGIC_CONTEXT_CLOSED 0x4d4d4332u /* "MMC2": freed with handles alive */
#define MMI_MAGIC_CONTEXT_FREED 0x4d4d4330u  /* "MMC0" */
#define MMI_MAGIC_MATRIX 0x4d4d4131u         /* "MMA1" */
#define MMI_MAGIC_MATRIX_FREED 0x4d4d4130u
#define MMI_MAGIC_DENSE 0x4d4d4431u          /* "MMD1" */
#define MMI_MAGIC_DENSE_FREED 0x4d4d4430u
#define MMI_MAGIC_MESH 0x4d4d4d31u           /* "MMM1" */
#define MMI_MAGIC_MESH_FREED 0x4d4d4d30u
#define MMI_MAGIC_SUBDIV 0x4d4d5331u         /* "MMS1" */
#define MMI_MAGIC_SUBDIV_FREED 0x4d4d5330u

/* How many freed handle structs a context keeps before freeing the oldest. */
#define MMI_QUARANTINE 64

/* Whether h (not NULL) carries magic. Reads only the magic: the first field of
 * every handle struct, so h converted to a pointer to uint32_t points at it
 * (C11 6.7.2.1p15). */
static inline int mmi_handle_is(const void *h, uint32_t magic)
{
    return *(const uint32_t *)h == magic;
}

/* Whether ctx is a live context: not NULL, closed, freed or another handle. */
static inline int mmi_context_live(mm_context ctx)
{
    return ctx != NULL && mmi_handle_is(ctx, MMI_MAGIC_CONTEXT);
}

/* A new zeroed handle struct of `bytes` with magic `live`, counted on ctx (a
 * live context); the caller sets its ctx field. NULL when out of memory
 * (nothing recorded). */
void *mmi_handle_new(mm_context ctx, size_t bytes, uint32_t live);

/* Marks h (made by mmi_handle_new on ctx) `freed` and releases it: into ctx's
 * quarantine, whose oldest entry is freed. When ctx is closed and h was its
 * last handle, ctx is released too. */
void mmi_handle_free(mm_context ctx, void *h, uint32_t freed);

/* The refusal of mmi_handle_check, its cold path: records why on ctx when
 * ctx is a live context. */
void mmi_handle_refuse(mm_context ctx, const void *h, const mm_context *owner, uint32_t live,
                       const char *what) __attribute__((cold));

/* The check of an object handle h (not NULL: each function keeps its own
 * answer to NULL) of the type whose live magic is `live`, given to a public
 * function: MM_OK when h is live and, with ctx (a live context) given, made
 * on ctx, or without ctx (NULL: a function taking no context), made on a
 * context that is not closed. Else MM_ERR_INVALID_ARGUMENT, recorded on ctx:
 * "<what> is not a live mesh (freed, or not a mesh)", "<what> was made on
 * another context". owner is &h->ctx, read only when h's magic is right. */
static inline mm_status mmi_handle_check(mm_context ctx, const void *h, const mm_context *owner,
                                         uint32_t live, const char *what)
{
    /* a live handle's context is never NULL */
    if (mmi_handle_is(h, live) && (ctx != NULL ? *owner == ctx
                                               : mmi_handle_is(*owner, MMI_MAGIC_CONTEXT)))
        return MM_OK;
    mmi_handle_refuse(ctx, h, owner, live, what);
    return MM_ERR_INVALID_ARGUMENT; /* here, not from the call: the caller's fast path
                                       then needs no frame */
}

/* mmi_handle_check of h, an mm_matrix, mm_dense, mm_mesh or mm_subdiv. */
#define MMI_CHECK(context, h, live, what) \
    mmi_handle_check((context), (h), &(h)->ctx, (live), (what))

#ifdef __cplusplus
}
#endif
#endif
