/* fuzz_round_trip.c: read → validate → subdivide → write → read on arbitrary
 * bytes. Two option bytes come first, then the file:
 *   byte 0  bits 0-1: the reader (0 OBJ, 1 OFF, 2 and 3 PLY); bit 2: float32
 *           vertices (else float64); bit 3: keep_repeated
 *   byte 1  bit 0: Loop (else Catmull-Clark); bit 1: the generic path (else
 *           the specialized one); bit 2: Chaikin creasing; bits 3-4: the
 *           boundary rule (mm_boundary; 3 is MM_BOUNDARY_OF_MESH, the mesh's)
 * A mesh that reads has sane counts and statistics, and is written in every
 * format and read back as written: the same vertices bit for bit, faces, and
 * through OBJ the same tags and boundary rule (OFF and PLY leave hole faces
 * out). A small mesh is subdivided one level: the scheme gives quads
 * (triangles for Loop) or refuses the mesh with MM_ERR_INVALID_MESH (or its
 * face-varying channels with MM_ERR_INVALID_ARGUMENT, where documented), and
 * the result goes through the same writes and reads. Every mesh that reads is
 * reordered (mm_mesh_reorder): the same counts, tags and channels, maps that
 * are permutations, and a second reorder that changes nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fuzz_host_mesh.h"
#include "fuzz_mesh.h"

/* Meshes below these sizes are subdivided (and their statistics computed). */
#define SMALL_FACES 2000
#define SMALL_NNZ 8000

static const mm_file_format formats[] = {MM_FILE_OBJ, MM_FILE_OFF, MM_FILE_PLY_ASCII,
                                         MM_FILE_PLY_BINARY};
static const char *const file_names[] = {"rt.obj", "rt.off", "rt_ascii.ply", "rt_binary.ply"};
#define NUM_FORMATS 4

/* The folder the written files go to, made in $TMPDIR, else in /dev/shm (a
 * tmpfs, where the writer's syncs cost nothing), else in /tmp, and their
 * paths in it. */
static char folder[256];
static char paths[NUM_FORMATS][288];

static void remove_files(void)
{
    for (int i = 0; i < NUM_FORMATS; ++i) unlink(paths[i]);
    rmdir(folder);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *base = getenv("TMPDIR");
    if (base == NULL || base[0] == '\0') base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(folder, sizeof folder, "%s/meshmat-fuzz-XXXXXX", base);
    FUZZ_CHECK(mkdtemp(folder) != NULL);
    for (int i = 0; i < NUM_FORMATS; ++i)
        snprintf(paths[i], sizeof paths[i], "%s/%s", folder, file_names[i]);
    atexit(remove_files);
    return 0;
}

/* mesh written in every format and read back with the options it was read with. */
static void check_writes(mm_context ctx, mm_mesh mesh, const mm_read_options *ro)
{
    fuzz_host_mesh written, back;
    fuzz_host_mesh_get(mesh, &written);
    for (int i = 0; i < NUM_FORMATS; ++i) {
        mm_mesh again = NULL;
        FUZZ_CHECK_OK(ctx, mm_mesh_write(ctx, mesh, paths[i], formats[i]));
        FUZZ_CHECK_OK(ctx, mm_mesh_read(ctx, &again, paths[i], ro));
        fuzz_check_info(again, ro);
        fuzz_host_mesh_get(again, &back);
        fuzz_check_read_back(&written, &back, formats[i]);
        fuzz_host_mesh_free(&back);
        mm_mesh_free(&again);
    }
    fuzz_host_mesh_free(&written);
}

/* The statistics agree with the counts and with each other. */
static void check_stats(mm_context ctx, mm_mesh mesh)
{
    mm_mesh_info in;
    mm_mesh_stats s;
    FUZZ_CHECK(mm_mesh_info_get(mesh, &in) == MM_OK);
    FUZZ_CHECK_OK(ctx, mm_mesh_stats_get(ctx, mesh, &s));
    FUZZ_CHECK(s.vertices == in.num_vertices && s.faces == in.num_faces && s.nnz == in.nnz);
    FUZZ_CHECK(s.edges <= s.nnz && s.boundary_edges <= s.edges && s.nonmanifold_edges <= s.edges);
    FUZZ_CHECK(s.boundary_loops <= s.boundary_edges && s.flipped_edges <= s.edges);
    FUZZ_CHECK(s.components <= s.faces && s.degenerate_faces <= s.faces);
    FUZZ_CHECK(s.unreferenced_vertices <= s.vertices && s.nonmanifold_vertices <= s.vertices);
    FUZZ_CHECK(s.faces == 0 ? s.max_order == 0 : 3 <= s.min_order && s.min_order <= s.max_order);
    FUZZ_CHECK(s.min_order * s.faces <= s.nnz && s.nnz <= s.max_order * s.faces);
}

/* Whether p[0, n) holds every value below n once. */
static int is_permutation(const uint32_t *p, int64_t n)
{
    uint8_t *seen = calloc((size_t)n + 1, 1);
    int ok = seen != NULL;
    for (int64_t i = 0; ok && i < n; ++i) {
        ok = p[i] < n && !seen[p[i]];
        if (ok) seen[p[i]] = 1;
    }
    free(seen);
    return ok;
}

/* mesh reordered: the same sizes, tags and channels, maps that are
 * permutations; reordered again, the identity. */
static void check_reorder(mm_context ctx, mm_mesh mesh)
{
    mm_mesh_info a, b;
    FUZZ_CHECK(mm_mesh_info_get(mesh, &a) == MM_OK);
    uint32_t *ff = malloc((size_t)a.num_faces * 4 + 4);
    uint32_t *vf = malloc((size_t)a.num_vertices * 4 + 4);
    FUZZ_CHECK(ff != NULL && vf != NULL);
    mm_mesh once = NULL, twice = NULL;
    FUZZ_CHECK_OK(ctx, mm_mesh_reorder(ctx, mesh, &once, ff, vf));
    FUZZ_CHECK(mm_mesh_info_get(once, &b) == MM_OK);
    FUZZ_CHECK(b.num_vertices == a.num_vertices && b.num_faces == a.num_faces && b.nnz == a.nnz);
    FUZZ_CHECK(b.dim == a.dim && b.precision == a.precision && b.uniform_order == a.uniform_order);
    FUZZ_CHECK(b.num_creases == a.num_creases && b.num_corners == a.num_corners);
    FUZZ_CHECK(b.num_holes == a.num_holes && b.boundary == a.boundary);
    FUZZ_CHECK(mm_mesh_num_fvar(once) == mm_mesh_num_fvar(mesh));
    FUZZ_CHECK(is_permutation(ff, a.num_faces) && is_permutation(vf, a.num_vertices));
    FUZZ_CHECK_OK(ctx, mm_mesh_reorder(ctx, once, &twice, ff, vf));
    for (int64_t i = 0; i < a.num_faces; ++i) FUZZ_CHECK(ff[i] == (uint32_t)i);
    for (int64_t j = 0; j < a.num_vertices; ++j) FUZZ_CHECK(vf[j] == (uint32_t)j);
    mm_mesh_free(&twice);
    mm_mesh_free(&once);
    free(vf);
    free(ff);
}

static mm_subdiv_options subdiv_options(uint8_t byte)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = 1;
    o.scheme = byte & 1 ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK;
    o.path = byte & 2 ? MM_PATH_GENERIC : MM_PATH_SPECIALIZED;
    o.creasing = byte & 4 ? MM_CREASING_CHAIKIN : MM_CREASING_UNIFORM;
    o.boundary = (mm_boundary)(byte >> 3 & 3);
    return o;
}

/* One level of the scheme: a refusal of the mesh, or a mesh of its face
 * order that writes and reads back. */
static void check_subdivide(mm_context ctx, mm_mesh mesh, const mm_read_options *ro,
                            uint8_t byte)
{
    mm_subdiv_options so = subdiv_options(byte);
    mm_mesh fine = NULL;
    mm_status st = mm_subdivide(ctx, mesh, &so, &fine);
    if (st != MM_OK) {
        /* face-varying channels are refused (MM_ERR_INVALID_ARGUMENT) with
         * MM_BOUNDARY_NONE and where faces that repeat a vertex stand on a
         * mesh that is not a 2-manifold (docs/face-varying.md, "Refused") */
        int channel_refused = st == MM_ERR_INVALID_ARGUMENT && mm_mesh_num_fvar(mesh) > 0;
        if (st != MM_ERR_INVALID_MESH && !channel_refused)
            fuzz_fail_on(ctx, "mm_subdivide: MM_OK, MM_ERR_INVALID_MESH or a channel's refusal",
                         __FILE__, __LINE__);
        FUZZ_CHECK(fine == NULL);
        return;
    }
    mm_mesh_info in;
    FUZZ_CHECK(mm_mesh_info_get(fine, &in) == MM_OK);
    FUZZ_CHECK(in.num_faces == 0 || in.uniform_order == (so.scheme == MM_SCHEME_LOOP ? 3 : 4));
    fuzz_check_info(fine, ro);
    check_writes(ctx, fine, ro);
    mm_mesh_free(&fine);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = {"fuzz.obj", "fuzz.off", "fuzz.ply", "fuzz.ply"};
    if (size < 2) return 0;
    mm_read_options ro = mm_read_options_default();
    ro.precision = data[0] & 4 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    ro.keep_repeated = (data[0] & 8) != 0;
    mm_context ctx = fuzz_context();
    mm_mesh mesh = NULL;
    mm_status st = mm_mesh_read_memory(ctx, &mesh, (const char *)data + 2, size - 2,
                                       names[data[0] & 3], &ro);
    fuzz_check_read_status(ctx, st, mesh);
    if (st == MM_OK) {
        mm_mesh_info in;
        fuzz_check_info(mesh, &ro);
        check_writes(ctx, mesh, &ro);
        check_reorder(ctx, mesh);
        FUZZ_CHECK(mm_mesh_info_get(mesh, &in) == MM_OK);
        if (in.num_faces < SMALL_FACES && in.nnz < SMALL_NNZ) {
            check_stats(ctx, mesh);
            check_subdivide(ctx, mesh, &ro, data[1]);
        }
    }
    mm_mesh_free(&mesh);
    fuzz_context_free(&ctx);
    return 0;
}
