/* peers.h: the host CPU peers bench_subdiv compares with (DESIGN §5, paper
 * Fig. 7–8, Fig. 10 and Table 2), behind a C interface; each is compiled in
 * when its library was found (MESHMAT_BENCH_OPENSUBDIV, MESHMAT_BENCH_OPENMESH). */
#ifndef MESHMAT_BENCH_SUBDIV_PEERS_H
#define MESHMAT_BENCH_SUBDIV_PEERS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A control mesh in host memory: positions (x, y, z float32 per vertex) and
 * faces as offsets (num_faces + 1) into 0-based vertex ids. */
typedef struct peer_mesh {
    int64_t num_vertices, num_faces;
    const float *xyz;
    const int64_t *offsets;
    const uint32_t *face_vertices;
} peer_mesh;

enum { PEER_MAX_STAGES = 4 };

/* One peer measurement: the median of `runs` runs per stage (a stage that
 * failed or was not run leaves ok = 0 and message saying why). */
typedef struct peer_result {
    int ok, runs;
    int num_stages;
    const char *stage_names[PEER_MAX_STAGES];
    double stage_ms[PEER_MAX_STAGES];
    double total_ms; /* the median of the runs' sums of stages */
    int64_t refined_vertices, refined_faces;
    char message[256];
} peer_result;

/* OpenSubdiv Far on one host thread: "refine" (TopologyRefinerFactory::Create
 * and RefineUniform to `level`) and "stencils" (StencilTableFactory::Create
 * for the last level only, factorized to the control vertices) are the
 * preprocessing; "eval" is StencilTable::UpdateValues of the positions.
 *   loop     0: Catmull-Clark (SCHEME_CATMARK), 1: Loop (SCHEME_LOOP); both
 *            with VTX_BOUNDARY_EDGE_ONLY
 *   runs     the number of timed runs (after no warm-up: each run builds anew)
 * Returns 0 and fills r, or −1 with r->message set. */
int peer_opensubdiv(const peer_mesh *m, int loop, int level, int runs, peer_result *r);

/* OpenMesh's Sqrt3T on one host thread: "subdivide" (topology and positions
 * together, `level` steps) on a TriMesh built from m before each run (the
 * build is not timed). Returns 0, or −1 with r->message set. */
int peer_openmesh_sqrt3(const peer_mesh *m, int level, int runs, peer_result *r);

#ifdef __cplusplus
}
#endif
#endif
