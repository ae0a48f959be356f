/* catmark.h: Catmull-Clark's generic path (paper §3.2, §5.3; DESIGN §3): the
 * functions that build one level's data (mmi_generic_level) and refine vertex
 * data through it, one per formula (catmark_build.c, catmark_eval.c). */
#ifndef MESHMAT_SCHEMES_CATMARK_H
#define MESHMAT_SCHEMES_CATMARK_H

#include "generic_level.h"

/* Level l + 1's counts from level l's (DESIGN §3), or MM_ERR_OVERFLOW past
 * the id types: vertex and edge ids are uint32, face ids int32 (F's values). */
mm_status mmi_cc_next_counts(mm_context ctx, int level, const mm_subdiv_counts *n,
                             mm_subdiv_counts *next);

/* Builds level l's data from its M and edge list, and makes level l + 1's M
 * and edge list (next->M, next->ends; next->n must hold its counts). */
mm_status mmi_cc_build_level(mm_context ctx, mmi_generic_level *lv, mmi_generic_level *next,
                             const mm_subdiv_options *opts);

/* The vertex data of level l + 1 into Y (|V'| × d of X's type) from X (|V| × d). */
mm_status mmi_cc_eval_level(mm_context ctx, const mmi_generic_level *lv, mm_dense X, mm_dense Y);

#endif
