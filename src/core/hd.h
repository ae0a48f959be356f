/* hd.h: MM_HD marks element functions shared by the CPU loops and the CUDA
 * kernels (DESIGN §2): __host__ __device__ under nvcc, plain static inline in C. */
#ifndef MESHMAT_CORE_HD_H
#define MESHMAT_CORE_HD_H

#ifdef __CUDACC__
#define MM_HD static inline __host__ __device__
#else
#define MM_HD static inline
#endif

/* restrict for the parameters of element functions whose arrays never
 * overlap: the compiler may then move loads above earlier stores (LLVM-based
 * compilers honour it on parameters, not on local pointers). */
#ifdef __CUDACC__
#define MM_RESTRICT __restrict__
#else
#define MM_RESTRICT restrict
#endif

/* Before a loop of an element function: keep it rolled on the GPU. nvcc
 * unrolls short loops whose bodies are a load and a store, and every rule of
 * a switch kernel (generic_rules.h) then runs with the registers of its
 * widest case: unrolled, crease_edge_order's first loop took the generic
 * rule kernel from 40 to 48 registers (ptxas, sm_90). */
#ifdef __CUDACC__
#define MM_ROLLED _Pragma("unroll 1")
#else
#define MM_ROLLED
#endif

/* a · b in float, rounded on its own: nvcc fuses a product and a sum into one
 * FMA (one rounding) unless the product is __fmul_rn; the host's x86-64 code
 * rounds each. Rules whose float results must be bit-identical on both
 * backends (crease sharpness, which OpenSubdiv computes in float) use it. */
MM_HD float mmi_mul_rn(float a, float b)
{
#ifdef __CUDA_ARCH__
    return __fmul_rn(a, b);
#else
    return a * b;
#endif
}

/* In a kernel launched early (grid_for.cuh, mmi_grid_for_early): wait until
 * the kernel before it on the stream has ended and its writes are visible.
 * What a thread loads before the wait must not be what that kernel writes;
 * elsewhere, and on the CPU, it returns at once. */
MM_HD void mmi_wait_prior_grid(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

/* π for the element rules' weights (C11 has no M_PI). */
#define MMI_PI 3.14159265358979323846

#endif
