/* meshmat/weld.h: welding a mesh: merging its vertices that lie at the same
 * position (exactly, or within a tolerance), as a triangle soup read from STL
 * needs before anything can follow its connections. Runs on the context's
 * backend (a sort of 64-bit keys, then element rules), with the same result
 * on the CPU and on CUDA. */
#ifndef MESHMAT_WELD_H
#define MESHMAT_WELD_H

#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mm_weld_options {
    double tolerance; /* 0 (the default): exact; > 0: the distance rule below, in the
                         units of the vertex data                                   */
} mm_weld_options;

MM_API mm_weld_options mm_weld_options_default(void);

/* What a weld did. vertices_in − vertices_out vertices were merged into others. */
typedef struct mm_weld_report {
    int64_t vertices_in, vertices_out;
    int64_t faces_in, faces_out;
    int64_t faces_reduced;   /* kept, with repeated consecutive vertices removed      */
    int64_t faces_dropped;   /* fewer than 3 vertices left, or one still repeated     */
    int64_t creases_dropped; /* ends merged, or now the same edge as a later crease   */
    int64_t corners_dropped; /* now the same vertex as a later corner                 */
    int64_t holes_dropped;   /* the hole's face was dropped                           */
    int passes;              /* tolerance mode: passes of the link rule; exact: 1     */
} mm_weld_report;

/* mm_mesh_weld: a new mesh whose vertices at the same position are one.
 *   param   memory  in/out  meaning
 *   mesh    any     in      the mesh (any dim d ≥ 1, float32 or float64, tags)
 *   opts    host    in      NULL for mm_weld_options_default() (exact)
 *   out     -       out     the welded mesh, on ctx's backend (NULL on error)
 *   report  host    out     the counts above; may be NULL
 * Which vertices are one (a class):
 *   exact (tolerance 0): vertices whose d values are all equal (IEEE ==, so
 *     -0 == +0; meshes hold no NaN). Equality is transitive: a class is the
 *     set of copies of one point.
 *   tolerance t > 0: vertices p, q are linked when Σ_k (p_k − q_k)² ≤ t²
 *     (over all d columns, evaluated in double); the classes are the
 *     connected components of the links. Chains merge further than t: points
 *     at 0, 0.8 t and 1.6 t are one class, though the ends are 1.6 t apart.
 *     Found through a grid of cell size 2 t over the first min(d, 3) columns
 *     (linked vertices are in the same or neighbouring cells, rounding
 *     included), then passes of a min-label rule until none changes.
 * Ids: each class is represented by its smallest original vertex index and
 *   keeps its position (all d values of that vertex); the classes are
 *   numbered in the order of their representatives. So welding an already
 *   welded mesh gives the same mesh, and the result does not depend on the
 *   backend or the number of threads.
 * Faces: vertex ids replaced by their class's; then vertices equal to the one
 *   before them (cyclically) removed; a face left with fewer than 3 vertices,
 *   or still naming a vertex twice (a pinched face, e.g. a, b, a, c), is
 *   dropped. Faces keep their order; the mesh matrix is uniform when every
 *   face left has one order.
 * Unreferenced vertices are kept (as mm_mesh_new keeps them), welded like any
 *   other; vertices whose faces were all dropped stay too
 *   (mm_mesh_stats_get counts them).
 * Tags: crease ends and corners take their class's id; a crease whose ends
 *   merged is dropped; creases now on one edge, or corners on one vertex, keep
 *   the last one (as mm_mesh_new does); a hole on a dropped face is dropped;
 *   the others follow their face. The boundary rule is kept.
 * Face-varying channels (mm_mesh_add_fvar) follow the corners: each kept
 *   face keeps the values of its kept corners, in order, so a channel's
 *   seams stay where they were; the values themselves are unchanged (one
 *   that only removed corners named stays, unreferenced). Names are kept.
 * Properties: deterministic; the sort keys are 64-bit hashes of the values
 *   (exact) or of the cells (tolerance), and every candidate is compared on
 *   its values, so a hash collision never merges different points. Cost:
 *   O(|V|) elements and one radix sort (tolerance: up to 27 binary searches
 *   per vertex and pass); a class or cell holding k vertices adds O(k²)
 *   comparisons when hashes collide (exact) or in every pass (tolerance);
 *   faces O(c²) for order c. Workspace in backend memory: 40 bytes per
 *   vertex (and the sort's own: 32 per vertex on the CPU, CUB's on CUDA)
 *   and 16 per face; the tags are re-mapped on the host (then |V| + |F| ids
 *   are copied there), and so are the channels (the faces, the new ids and
 *   each channel's corners and values are copied there).
 * Errors: MM_ERR_INVALID_ARGUMENT (NULL mesh or out, another context's mesh,
 *   a negative or non-finite tolerance), MM_ERR_OUT_OF_MEMORY, MM_ERR_CUDA.
 * Example: the unit cube as 12 triangles of 36 vertex copies: exact weld →
 *   vertices_in 36, vertices_out 8, faces 12, none dropped; the result's
 *   vertex 0 is the soup's vertex 0. */
MM_API mm_status mm_mesh_weld(mm_context ctx, mm_mesh mesh, const mm_weld_options *opts,
                              mm_mesh *out, mm_weld_report *report);

#ifdef __cplusplus
}
#endif
#endif
