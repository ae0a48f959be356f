/* jit_program.c: the CUDA C++ programs NVRTC compiles around user C bodies
 * (jit.h): for SpMV, the map as a __device__ function and one row-per-thread
 * kernel, the same loop as mmi_spmv_map_user_cpu; for SpGEMM, the map and the
 * lambda as the functions of spgemm_kernels.cuh's kernels, from the headers
 * embedded at build time (jit_headers.h); and the checks of user functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "jit.h"
#include "jit_headers.h"

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

/* The SpGEMM program's parts: the target and the headers' hash, the user's
 * map body (or a stand-in the kernels never call for a built-in map), the
 * lambda's likewise, and the kernels. */
static const char spgemm_head[] =
    "// meshmat user SpGEMM for %s, headers %016llx\n"
    "#include \"spgemm_kernels.cuh\"\n"
    "static __device__ double user_map(double a, double b, int64_t c)\n"
    "{\n";

static const char spgemm_middle[] =
    "\n}\n"
    "static __device__ double user_lambda(double m, uint32_t i, uint32_t j, uint32_t k,\n"
    "    double a, double b)\n"
    "{\n";

static const char spgemm_tail[] =
    "\n}\n"
    "struct user_fns {\n"
    "    static __device__ double map(double a, double b, int64_t c)\n"
    "    { return user_map(a, b, c); }\n"
    "    static __device__ double lambda(double m, uint32_t i, uint32_t j, uint32_t k,\n"
    "        double a, double b) { return user_lambda(m, i, j, k, a, b); }\n"
    "};\n"
    "extern \"C\" __global__ void " MMI_JIT_SPGEMM_COUNT "(mmi_spgemm_kernel_args x)\n"
    "{ spgemm_count<user_fns>(&x); }\n"
    "extern \"C\" __global__ void " MMI_JIT_SPGEMM_SPILL "(mmi_spgemm_kernel_args x)\n"
    "{ spgemm_spill<user_fns>(&x); }\n"
    "extern \"C\" __global__ void " MMI_JIT_SPGEMM_FILL "(mmi_spgemm_kernel_args x)\n"
    "{ spgemm_fill<user_fns>(&x); }\n";

static const char map_line[] = "#line 1 \"user_map\"\n";
static const char lambda_line[] = "#line 1 \"user_lambda\"\n";
static const char not_user[] = "return 0.0; /* built in: not called */";

char *mmi_jit_spgemm_program(const char *map_source, const char *lambda_source,
                             const char *target)
{
    const char *const *texts, *const *names;
    uint64_t hash = MMI_JIT_HASH_START;
    for (int h = 0, n = mmi_jit_headers(&texts, &names); h < n; ++h)
        hash = mmi_jit_hash(mmi_jit_hash(hash, names[h]), texts[h]);
    const char *map = map_source ? map_source : not_user;
    const char *lambda = lambda_source ? lambda_source : not_user;
    size_t n = sizeof spgemm_head + strlen(target) + 16 + sizeof map_line + strlen(map) +
               sizeof spgemm_middle + sizeof lambda_line + strlen(lambda) + sizeof spgemm_tail;
    char *text = malloc(n);
    if (text == NULL) return NULL;
    int h = snprintf(text, n, spgemm_head, target, (unsigned long long)hash);
    snprintf(text + h, n - (size_t)h, "%s%s%s%s%s%s", map_source ? map_line : "", map,
             spgemm_middle, lambda_source ? lambda_line : "", lambda, spgemm_tail);
    return text;
}

int mmi_jit_headers(const char *const **texts, const char *const **names)
{
    *texts = mmi_jit_header_texts;
    *names = mmi_jit_header_names;
    return (int)(sizeof mmi_jit_header_names / sizeof mmi_jit_header_names[0]);
}

static int blank(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') ++s;
    return *s == '\0';
}

mm_status mmi_jit_check_user(mm_context ctx, const char *what, int has_host_fn,
                             const char *source)
{
    if (!has_host_fn && source == NULL)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "%s USER has neither a host function nor source", what);
    if (source != NULL && blank(source))
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "%s USER has blank source", what);
    if (mm_context_backend(ctx) == MM_BACKEND_CUDA && source == NULL)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "%s USER on the CUDA backend needs source (a C body NVRTC compiles); "
                        "the host function cannot run on the device", what);
    if (mm_context_backend(ctx) == MM_BACKEND_CPU && !has_host_fn)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "%s USER on the CPU backend needs a host function; its source is "
                        "compiled for the CUDA backend only", what);
    return MM_OK;
}
