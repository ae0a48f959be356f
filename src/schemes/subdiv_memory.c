/* subdiv_memory.c: a subdivision's peak memory predicted from the counts
 * before anything is allocated (subdiv_impl.h), so that a run that cannot fit
 * is refused at once instead of growing until an allocation fails. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../mesh/mesh_impl.h"
#include "subdiv_impl.h"

/* Bytes per face corner of the last level that each route holds at its peak
 * besides two arrays of the last level's vertex data, measured with
 * mm_context_peak_bytes on Catmull-Clark, Loop and √3 meshes (docs/schemes.md)
 * and rounded up: the specialized path keeps the last level's corners (4 B)
 * and little more; the generic path E, F, R and the weights of the level
 * being built; static mode every R_l and, but under MM_STATIC_LEVELS
 * (made on request there), the composite R. */
static double bytes_per_corner(const mm_subdiv_options *o, int tags)
{
    if (o->mode == MM_MODE_STATIC) return o->static_eval == MM_STATIC_LEVELS ? 65.0 : 135.0;
    if (o->path == MM_PATH_GENERIC) return tags ? 52.0 : 36.0;
    return 6.0;
}

/* Level l + 1's counts from level l's (DESIGN §3; the level-0 edges taken at
 * their most, one per corner, so the vertex counts err high). */
static void next_counts(mm_scheme scheme, int odd, double *v, double *f, double *e, double *nnz)
{
    double V = *v, F = *f, E = *e, N = *nnz;
    if (scheme == MM_SCHEME_CATMULL_CLARK) {
        *v = V + F + E, *f = N, *e = 2 * E + N, *nnz = 4 * N;
    } else if (scheme == MM_SCHEME_LOOP) {
        *v = V + E, *f = 4 * F, *e = 2 * E + 3 * F, *nnz = 12 * F;
    } else {
        double B = odd ? 2 * E - N : 0.0;
        if (B < 0) B = 0;
        *v = V + F + B, *f = 3 * F, *e = E + 3 * F + B, *nnz = 9 * F;
    }
}

/* Whether some level's counts pass the ids (mmi_level_check_counts; the
 * specialized paths' tighter bounds on edges and corners), so that the
 * build's MM_ERR_OVERFLOW, which names that level, comes first. */
static int passes_ids(const mm_subdiv_options *o, double v, double f, double e, double nnz)
{
    int specialized = o->path != MM_PATH_GENERIC;
    for (int l = 1; l <= o->levels; ++l) {
        next_counts(o->scheme, (l - 1) % 2, &v, &f, &e, &nnz);
        if (v > 4294967295.0 || f > 2147483647.0 || e >= 4294967295.0 ||
            (specialized && (e >= 1073741824.0 || nnz >= 4294967295.0)))
            return 1;
    }
    return 0;
}

mm_status mmi_subdiv_check_memory(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o)
{
    mm_status st = MM_OK;
    mm_memory where = mmi_backend_memory(ctx);
    const char *limit;
    int64_t room;
    int tags = mesh->num_creases + mesh->num_corners + mesh->num_holes > 0;
    double v = (double)mesh->M->nrows, f = (double)mesh->M->ncols, nnz = (double)mesh->M->nnz;
    double e = nnz, data = (double)mesh->X->d * (o->mode == MM_MODE_STATIC ? 8.0 : mm_type_size(mesh->X->type));
    double per = bytes_per_corner(o, tags);
    if (passes_ids(o, v, f, e, nnz)) return MM_OK; /* the build refuses: MM_ERR_OVERFLOW */
    double lv = v, lf = f, le = e, ln = nnz; /* the last level's need: the largest */
    for (int l = 1; l <= o->levels; ++l) next_counts(o->scheme, (l - 1) % 2, &lv, &lf, &le, &ln);
    if (mmi_memory_surely_fits(ctx, where, per * ln + 2.0 * lv * data)) return MM_OK;
    MM_TRY(mmi_memory_room(ctx, where, &room, &limit));
    for (int l = 1; l <= o->levels; ++l) {
        next_counts(o->scheme, (l - 1) % 2, &v, &f, &e, &nnz);
        double need = per * nnz + 2.0 * v * data;
        if (need > (double)room)
            MM_FAIL(ctx, MM_ERR_OUT_OF_MEMORY,
                    "level %d would need about %.0f MB (%.0f faces; predicted for this scheme, "
                    "path and mode) but %.0f MB are %s; ask for fewer levels (%d fit)",
                    l, need / 1e6, f, (double)room / 1e6, limit, l - 1);
    }
done:
    return st;
}
