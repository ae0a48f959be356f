/* sharp_kernels_cuda.cu: the CUDA launchers of the crease rules of the
 * specialized paths (sharp_rules.h): one grid-stride kernel per rule, a
 * level's corrections launched early (they wait for the smooth points where
 * they first read them: sharp_point). */
#include <cuda_runtime.h>

#include "../core/grid_for.cuh"
#include "sharp_rules.h"

static const char kWhat[] = "a specialized crease kernel launch";

mm_status mmi_sharp_run_cuda(mm_context ctx, const mmi_sharp_args *g)
{
    int64_t n = g->count;
    switch (g->rule) {
    case MMI_SHARP_TAG_EDGES: return mmi_grid_for<mmi_sharp_args, sharp_tag_edge>(ctx, g, n, kWhat);
    case MMI_SHARP_CANDIDATES: return mmi_grid_for<mmi_sharp_args, sharp_candidate>(ctx, g, n, kWhat);
    case MMI_SHARP_HEADS: return mmi_grid_for<mmi_sharp_args, sharp_head>(ctx, g, n, kWhat);
    case MMI_SHARP_EMIT: return mmi_grid_for<mmi_sharp_args, sharp_emit>(ctx, g, n, kWhat);
    case MMI_SHARP_CHILD: return mmi_grid_for<mmi_sharp_args, sharp_child>(ctx, g, n, kWhat);
    case MMI_SHARP_POINTS: return mmi_grid_for_early<mmi_sharp_args, sharp_point>(ctx, g, n, kWhat);
    case MMI_SHARP_TAG_COUNT: return mmi_grid_for<mmi_sharp_args, sharp_tag_count>(ctx, g, n, kWhat);
    case MMI_SHARP_LEVELS: return mmi_grid_for<mmi_sharp_args, sharp_levels>(ctx, g, n, kWhat);
    default: return mmi_grid_for<mmi_sharp_args, sharp_tag>(ctx, g, n, kWhat);
    }
}
