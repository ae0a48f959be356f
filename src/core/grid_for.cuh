/* grid_for.cuh: the CUDA half of cpu_for.h. mmi_grid_for<Args, Rule> runs
 * Rule(&args, i) for every i < count on the context's stream, one thread per
 * element with a grid stride, so a launcher of an element rule is one call
 * (MMI_CUDA_LAUNCHER: one line). The specialized kernels launch their
 * topology rules through it too; their vertex-data rules add the data's
 * width and type as constants (kernels/fold_data.cuh), and the hot ones keep
 * kernels of their own (shared-memory staging). */
#ifndef MESHMAT_CORE_GRID_FOR_CUH
#define MESHMAT_CORE_GRID_FOR_CUH

#include <stdint.h>

#include "cuda_check.cuh"

/* The threads of a block of every grid-stride element kernel. */
static const int kMmiGridThreads = 256;

/* __grid_constant__: the rules take their arguments by pointer, and a
 * parameter whose address is taken would otherwise be copied to each
 * thread's local memory. */
template <class Args, void (*Rule)(const Args *, int64_t)>
__global__ void __launch_bounds__(kMmiGridThreads)
    mmi_grid_for_kernel(const __grid_constant__ Args g, int64_t count)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (int64_t)gridDim.x * blockDim.x)
        Rule(&g, i);
}

/* Early launch (programmatic dependent launch, sm_90 on): a kernel that
 * calls this lets the kernel after it on the stream, where that one is
 * launched by mmi_grid_for_early, be scheduled now, beside its own blocks;
 * elsewhere it does nothing. The specialized paths' points kernels call it
 * at their top where a tagged mesh's corrections follow (mmi_sk_data's
 * corrected), which then walk their sharp edges while the smooth points are
 * made (sharp_rules.h). */
__device__ __forceinline__ void mmi_let_next_grid_launch()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;");
#endif
}

/* kernel<<<grid, block, bytes, stream>>>(args...) launched early
 * (programmatic dependent launch): it may start once the kernel before it
 * on the stream lets it (mmi_let_next_grid_launch), so it calls
 * mmi_wait_prior_grid before it loads what the kernels before it write or
 * stores anything. Only where the context's early_launch holds. Returns
 * the launch's error, the runtime's last error cleared (a failed
 * cudaLaunchKernelEx leaves it set, to be reported again by the next check
 * under another launch's name). */
template <typename... P, typename... A>
static cudaError_t mmi_launch_early(void (*kernel)(P...), unsigned grid, unsigned block,
                                    size_t bytes, cudaStream_t stream, const A &...args)
{
    cudaLaunchAttribute early;
    early.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    early.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t c = {};
    c.gridDim = dim3(grid);
    c.blockDim = dim3(block);
    c.dynamicSmemBytes = bytes;
    c.stream = stream;
    c.attrs = &early;
    c.numAttrs = 1;
    cudaError_t e = cudaLaunchKernelEx(&c, kernel, args...);
    cudaError_t last = cudaGetLastError();
    return e != cudaSuccess ? e : last;
}

/* kernel<<<grid, block, bytes, stream>>>(args...), launched early
 * (mmi_launch_early) where early holds; returns the launch's error, the
 * runtime's last error read once either way. */
template <typename... P, typename... A>
static cudaError_t mmi_launch(void (*kernel)(P...), unsigned grid, unsigned block, size_t bytes,
                              cudaStream_t stream, int early, const A &...args)
{
    if (early) return mmi_launch_early(kernel, grid, block, bytes, stream, args...);
    kernel<<<grid, block, bytes, stream>>>(args...);
    return cudaGetLastError();
}

/* what names the launch in an error ("a static-mode rule kernel launch");
 * early: launched early (mmi_grid_for_early). */
template <class Args, void (*Rule)(const Args *, int64_t)>
static mm_status mmi_grid_for(mm_context ctx, const Args *g, int64_t count, const char *what,
                              int early = 0)
{
    if (count == 0) return MM_OK;
    cudaError_t e = mmi_launch(mmi_grid_for_kernel<Args, Rule>,
                               mmi_cuda_grid(count, kMmiGridThreads), kMmiGridThreads, 0,
                               (cudaStream_t)ctx->stream, early, *g, count);
    return mmi_cuda_check(ctx, e, what);
}

/* mmi_grid_for, launched early where the device allows (ctx->early_launch):
 * the kernel may start while the one before it on the stream still runs, if
 * that one calls mmi_let_next_grid_launch, so every thread of Rule calls
 * mmi_wait_prior_grid (hd.h) before it loads what that kernel writes or
 * stores what that kernel reads or writes; what it loads before may only be
 * what was there when that kernel began. (The early launch of every kernel
 * of an evaluation, each waiting at its top, gained nothing:
 * bench/results/early-launch.) */
template <class Args, void (*Rule)(const Args *, int64_t)>
static mm_status mmi_grid_for_early(mm_context ctx, const Args *g, int64_t count,
                                    const char *what)
{
    return mmi_grid_for<Args, Rule>(ctx, g, count, what, ctx->early_launch);
}

/* Defines x_cuda(ctx, g, count), the CUDA launcher of element rule rule
 * over Args: the twin of cpu_for.h's MMI_CPU_LAUNCHER. */
#define MMI_CUDA_LAUNCHER(x, Args, rule, what)                          \
    mm_status x##_cuda(mm_context ctx, const Args *g, int64_t count)    \
    {                                                                   \
        return mmi_grid_for<Args, rule>(ctx, g, count, what);           \
    }

#endif
