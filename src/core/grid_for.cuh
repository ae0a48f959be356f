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

/* Programmatic dependent launch (sm_90 on: ctx->early_launch): a kernel
 * launched by mmi_launch may be scheduled while the kernel before it on the
 * stream still runs, and waits at its top (mmi_grid_begin) for that kernel's
 * results; it lets the kernel after it launch at once. A chain of small
 * kernels (a small cage's levels replayed from a graph, issue 19) then does
 * not pay each launch's latency after the kernel before it has ended. Every
 * kernel launched by mmi_launch calls mmi_grid_begin before it touches
 * memory. */
__device__ __forceinline__ void mmi_grid_begin()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;");
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

template <typename... Params, typename... Args>
static void mmi_launch(mm_context ctx, void (*kernel)(Params...), unsigned grid, unsigned block,
                       size_t shared, Args... args)
{
    cudaLaunchAttribute early;
    early.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    early.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t c = {};
    c.gridDim = dim3(grid);
    c.blockDim = dim3(block);
    c.dynamicSmemBytes = shared;
    c.stream = (cudaStream_t)ctx->stream;
    c.attrs = &early;
    c.numAttrs = ctx->early_launch ? 1 : 0;
    cudaLaunchKernelEx(&c, kernel, args...);
}

/* __grid_constant__: the rules take their arguments by pointer, and a
 * parameter whose address is taken would otherwise be copied to each
 * thread's local memory. */
template <class Args, void (*Rule)(const Args *, int64_t)>
__global__ void __launch_bounds__(kMmiGridThreads)
    mmi_grid_for_kernel(const __grid_constant__ Args g, int64_t count)
{
    mmi_grid_begin();
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (int64_t)gridDim.x * blockDim.x)
        Rule(&g, i);
}

/* what names the launch in an error ("a static-mode rule kernel launch"). */
template <class Args, void (*Rule)(const Args *, int64_t)>
static mm_status mmi_grid_for(mm_context ctx, const Args *g, int64_t count, const char *what)
{
    if (count == 0) return MM_OK;
    mmi_launch(ctx, mmi_grid_for_kernel<Args, Rule>, mmi_cuda_grid(count, kMmiGridThreads),
               kMmiGridThreads, 0, *g, count);
    return mmi_cuda_check(ctx, cudaGetLastError(), what);
}

/* Defines x_cuda(ctx, g, count), the CUDA launcher of element rule rule
 * over Args: the twin of cpu_for.h's MMI_CPU_LAUNCHER. */
#define MMI_CUDA_LAUNCHER(x, Args, rule, what)                          \
    mm_status x##_cuda(mm_context ctx, const Args *g, int64_t count)    \
    {                                                                   \
        return mmi_grid_for<Args, rule>(ctx, g, count, what);           \
    }

#endif
