/* jit_std.h: what meshmat's headers take from <stdint.h> and <stddef.h>, for
 * NVRTC, which ships neither: embedded under both names (jit.h,
 * mmi_jit_headers) for the SpGEMM programs. The host compilers never see it.
 * Sizes are those of the 64-bit platforms CUDA supports (LP64). */
#ifndef MESHMAT_SPLA_JIT_STD_H
#define MESHMAT_SPLA_JIT_STD_H

typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
typedef unsigned long size_t;

#define INT32_MAX 2147483647
#define INT32_MIN (-INT32_MAX - 1)
#define NULL 0

#endif
