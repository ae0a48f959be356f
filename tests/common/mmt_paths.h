/* mmt_paths.h: one scheme's paths compared level by level: every level's
 * counts, M and edge list exported to the host, the refined vertex data as
 * float64, and the comparison the specialized-path tests assert (identical
 * arrays, positions within 1e-12 (float64) or 1e-6 (float32) of the mesh's
 * size). */
#ifndef MESHMAT_TEST_PATHS_H
#define MESHMAT_TEST_PATHS_H

#include "test_util.h"

/* A level exported to the host. */
typedef struct mmt_level {
    mm_subdiv_counts n;
    int64_t *ptr;
    uint32_t *rows, *ends;
} mmt_level;

/* Levels 0 … L and the refined data of one path, in host memory. */
typedef struct mmt_refined {
    int levels;
    mmt_level lv[5];
    double *x;
    int64_t nx;
} mmt_refined;

/* Builds and evaluates levels (≤ 4) of scheme on one path into *r. */
void mmt_refine(mm_context ctx, mm_mesh mesh, mm_scheme scheme, mm_subdiv_path path,
                mm_boundary rule, int levels, mmt_refined *r);
void mmt_release(mmt_refined *r);

/* The largest difference of a and b relative to the size of a. */
double mmt_relative_gap(const double *a, const double *b, int64_t n);

/* mm_subdivide(mesh, o) gives r's last level bitwise: its M (r's face
 * order) and its vertex data. */
void mmt_check_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o,
                         const mmt_refined *r);

/* The generic and the specialized path of scheme agree: identical counts, M
 * and edges per level, positions within the precision's tolerance. */
void mmt_compare_paths(mm_context ctx, mm_mesh mesh, const char *name, mm_scheme scheme,
                       mm_boundary rule, mm_type prec, int levels);

/* Levels of mesh's data widened to d columns (1, x, y − z, x y, z repeating
 * from the fifth; the mesh's crease and corner tags kept), float64 or
 * float32 as prec, refined by mm_subdiv_build
 * and mm_subdiv_eval with o (scheme, path, levels, boundary), to the host
 * as float64; *n = rows · d. Column 0 is constant: every rule keeps it 1.
 * mm_subdivide of a mesh holding the widened data must give the same rows
 * bitwise (mmt_refine and mmt_check_subdivide on that mesh: on the
 * specialized path its last step runs other kernels than the evaluation's
 * where d = 3, the same ones elsewhere). */
double *mmt_refine_wide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o, int d,
                        mm_type prec, int64_t *n);

/* The generic and the specialized path of scheme (boundary rule) agree on
 * mesh's data widened to d columns (mmt_refine_wide, which also checks
 * mm_subdivide) at levels 1 … max_levels: within 1e-12 (float64) or 1e-6
 * (float32) of the data's size, and the constant column stays 1 (every
 * rule's weights sum to 1). */
void mmt_compare_wide_paths(mm_context ctx, mm_mesh mesh, mm_scheme scheme, mm_boundary rule,
                            int d, mm_type prec, int max_levels);

/* Both routes of scheme at 3 levels under mmt_sweep_allocations, each failing
 * cleanly more than 10 times: mm_subdiv_build + mm_subdiv_eval with the
 * boundary rule build_rule, and mm_subdivide with the default rule. */
void mmt_sweep_both_routes(mm_context ctx, mm_mesh mesh, mm_scheme scheme,
                           mm_boundary build_rule);

#endif
