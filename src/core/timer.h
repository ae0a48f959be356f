/* timer.h: named stage timers any operation can record when the context was
 * made with timing on: CUDA events on the GPU, a monotonic clock on the CPU. */
#ifndef MESHMAT_CORE_TIMER_H
#define MESHMAT_CORE_TIMER_H

#include "meshmat/context.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Starts stage `name` (a static string); returns its index, or -1 when timing
 * is off or the stage could not be recorded (timing never fails an operation). */
int mmi_stage_begin(mm_context ctx, const char *name);
/* Ends the stage begun with index i (-1 is ignored). */
void mmi_stage_end(mm_context ctx, int i);
/* Renames stage i (-1 is ignored): for a stage whose kind is known only
 * once it ran, such as a cache lookup that hit or had to compile. */
void mmi_stage_rename(mm_context ctx, int i, const char *name);
/* Destroys the stage slots and their events (the context's end). */
void mmi_stages_free(mm_context ctx);

#ifdef __cplusplus
}
#endif
#endif
