/* jit_program.c: the CUDA C++ program NVRTC compiles around a user map's C
 * body (jit.h): the body as a __device__ function and one row-per-thread
 * kernel, the same loop as mmi_spmv_map_user_cpu. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jit.h"

static const char head[] =
    "// meshmat user map for %s\n"
    "typedef long long int64_t;\n"
    "static __device__ double user_map(double a, double b, int64_t c)\n"
    "{\n"
    "#line 1 \"user_map\"\n";

static const char tail[] =
    "\n}\n"
    "extern \"C\" __global__ void " MMI_JIT_MAP_KERNEL "(double *v, const int64_t *ptr,\n"
    "    int64_t uniform, int64_t nrows)\n"
    "{\n"
    "    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nrows;\n"
    "         i += (int64_t)gridDim.x * blockDim.x) {\n"
    "        int64_t begin = uniform > 0 ? uniform * i : ptr[i];\n"
    "        int64_t end = uniform > 0 ? begin + uniform : ptr[i + 1];\n"
    "        for (int64_t k = begin; k < end; ++k) v[k] = user_map(v[k], 0.0, end - begin);\n"
    "    }\n"
    "}\n";

char *mmi_jit_map_program(const char *source, const char *target)
{
    size_t n = sizeof head + strlen(target) + strlen(source) + sizeof tail;
    char *text = malloc(n);
    if (text == NULL) return NULL;
    int h = snprintf(text, n, head, target);
    snprintf(text + h, n - (size_t)h, "%s%s", source, tail);
    return text;
}
