/* bench_subdiv.c: the uniform subdivision suite (issue 5 item 4, issue 6 item
 * 5; DESIGN §5; paper Fig. 7–8, Fig. 10, Table 2). For each control mesh of
 * CASES and each level up to the first with ≥ 30M refined faces (or max_faces),
 * side by side on the GPU: specialized-dynamic and generic-dynamic
 * (mm_subdivide: build + eval), static-composite and
 * static-levels (mm_subdiv_eval after one build), cusparse-spmv-R
 * (cuSPARSE on the same composite R), and on the host CPU OpenSubdiv Far
 * (Catmull-Clark, Loop) or OpenMesh Sqrt3T (√3). The creased cases (issue
 * 17: a cage's own crease tags, or random ones on more than 10% of the
 * edges) run specialized-dynamic, generic-dynamic and the eval-only methods
 * with their tags and specialized-dynamic-untagged on the same mesh without
 * them. The UV cases
 * (issue 20) carry one face-varying channel of 2 float32 values with seams
 * (charts of faces by a hash of their centroid's cell): specialized-dynamic
 * with it, specialized-dynamic-no-uv without it, and uv-channel, their
 * difference, with the channel's own bytes for its roofline. The eval-only
 * methods (issue 19) time mm_subdiv_eval after one dynamic build on the
 * specialized path, on a context without stage timers as an application
 * runs it: specialized-eval-d3 and -d12 (d float32 columns; roofline by issue
 * 19's byte model, eval_model_bytes) and specialized-eval-loop (host wall
 * time per call in a loop). The reordered cases (the triangle meshes whose
 * faces come in no local order, renumbered by mm_mesh_reorder) run
 * specialized-dynamic and the eval-only methods: what a caller who reorders
 * its cage gains. A method that
 * fails is recorded unavailable with its message, and the suite goes on.
 *   usage: bench_subdiv OUT_DIR [max_faces = 64000000] [runs = 20]
 *          → OUT_DIR/subdiv.{json,md} (records.h; bench/README.md)
 * Meshes come from MESHMAT_SHARED_MODELS (else $MESHMAT_SOURCE_DIR/../shared/
 * models) and $MESHMAT_SOURCE_DIR/models (else ./models); missing ones are
 * skipped. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#ifndef MESHMAT_HAVE_CUDA
int main(void)
{
    printf("bench_subdiv: skipped: no CUDA device (meshmat was built without CUDA)\n");
    return 0;
}
#else
#include "cusparse_r.h"
#include "measure.h"
#include "peers.h"
#include "records.h"

/* A GPU measurement may take GPU_BUDGET_MS in all (warm-up excluded) before
 * its runs are cut below `runs` (never below 3). A host peer level is skipped
 * when its predicted time (the previous level's × the face growth) passes
 * host_cap_ms (MESHMAT_BENCH_HOST_CAP_S seconds, 12 by default: on the H100
 * machine's host OpenSubdiv takes about 6 s for 3M quads, mostly its stencil
 * table), and runs once instead of 3 times past HOST_ONCE_MS. */
enum { GPU_BUDGET_MS = 4000, HOST_ONCE_MS = 2000 };
static double host_cap_ms = 12000.0;
/* The environment variable that selects methods (bench/README.md). */
#define METHODS "MESHMAT_BENCH_METHODS"


/* A case's crease tags: none, the file's, or random ones (random_tags). */
enum { TAGS_NONE = 0, TAGS_FILE, TAGS_RANDOM };

/* The control meshes: quad-dominant and mixed-polygon cages for
 * Catmull-Clark, triangle meshes (one with holes) for Loop, closed ones for √3
 * (whose counts below assume no boundary), and creased cages. The last level
 * is the first with ≥ 30M faces; torus_quads (shipped, always there) stops at
 * 4.7M. torus_quads_32k (shipped) is a cage of 2^15 quads, where Catmull-Clark's
 * step over the cage runs the staged kernel (bench/results/catmark-cage-step-dropped). */
static const struct mesh_case {
    const char *file; /* under the shared models; "models/…": shipped */
    mm_scheme scheme;
    int levels;
    int tags;
    int uv;      /* with a face-varying UV channel */
    int reorder; /* renumbered by mm_mesh_reorder after reading (meshmat/reorder.h) */
} CASES[] = {
    {"control/spot_control_mesh.obj", MM_SCHEME_CATMULL_CLARK, 9, TAGS_NONE, 0, 0},  /* 180 → 48.0M */
    {"control/cgal_corner_poly.obj", MM_SCHEME_CATMULL_CLARK, 11, TAGS_NONE, 0, 0},  /* 8 (4- and 6-gons) → 37.7M */
    {"models/torus_quads.obj", MM_SCHEME_CATMULL_CLARK, 6, TAGS_NONE, 0, 0},         /* 1152 → 4.7M */
    {"models/torus_quads_32k.obj", MM_SCHEME_CATMULL_CLARK, 5, TAGS_NONE, 0, 0},     /* 32768 → 33.5M */
    {"tri/cgal_holes_8k.obj", MM_SCHEME_LOOP, 6, TAGS_NONE, 0, 0},                   /* 8288 (7 holes) → 33.9M */
    {"tri/cgal_armadillo_52k.obj", MM_SCHEME_LOOP, 5, TAGS_NONE, 0, 0},              /* 52000 → 53.2M */
    {"tri/cgal_armadillo_52k.obj", MM_SCHEME_SQRT3, 6, TAGS_NONE, 0, 0},           /* 52000 → 37.9M */
    {"tri/spot_triangulated.obj", MM_SCHEME_SQRT3, 8, TAGS_NONE, 0, 0},            /* 5856 → 38.4M */
    {"tri/stanford_bunny_69k.obj", MM_SCHEME_LOOP, 4, TAGS_NONE, 0, 0},          /* 69451 → 17.8M */
    {"opensubdiv/catmark_car.obj", MM_SCHEME_CATMULL_CLARK, 8, TAGS_FILE, 0, 0}, /* 1.6k → 102M */
    {"control/spot_control_mesh.obj", MM_SCHEME_CATMULL_CLARK, 9, TAGS_RANDOM, 0, 0}, /* → 48.0M */
    {"tri/cgal_armadillo_52k.obj", MM_SCHEME_LOOP, 5, TAGS_RANDOM, 0, 0},          /* → 53.2M */
    {"control/spot_control_mesh.obj", MM_SCHEME_CATMULL_CLARK, 9, TAGS_NONE, 1, 0}, /* → 48.0M */
    {"tri/cgal_armadillo_52k.obj", MM_SCHEME_LOOP, 5, TAGS_NONE, 1, 0},          /* → 53.2M */
    {"tri/cgal_holes_8k.obj", MM_SCHEME_LOOP, 6, TAGS_NONE, 0, 1},            /* → 33.9M */
    {"tri/cgal_armadillo_52k.obj", MM_SCHEME_LOOP, 5, TAGS_NONE, 0, 1},       /* → 53.2M */
    {"tri/cgal_armadillo_52k.obj", MM_SCHEME_SQRT3, 6, TAGS_NONE, 0, 1},      /* → 37.9M */
    {"tri/spot_triangulated.obj", MM_SCHEME_SQRT3, 8, TAGS_NONE, 0, 1},       /* → 38.4M */
};

static const char *const SCHEME_NAMES[] = {"catmull-clark", "loop", "sqrt3"};

/* The counts of a level by the schemes' rules (closed meshes for √3):
 * Catmull-Clark V' = V + F + E, E' = 2E + nnz, F' = nnz (quads after);
 * Loop V' = V + E, E' = 2E + 3F, F' = 4F; √3 V' = V + F, E' = E + 3F, F' = 3F. */
typedef struct counts {
    int64_t v, f, e, nnz;
} counts;

static counts next_level(counts c, mm_scheme scheme)
{
    counts n;
    if (scheme == MM_SCHEME_CATMULL_CLARK) {
        n = (counts){c.v + c.f + c.e, c.nnz, 2 * c.e + c.nnz, 4 * c.nnz};
    } else if (scheme == MM_SCHEME_LOOP) {
        n = (counts){c.v + c.e, 4 * c.f, 2 * c.e + 3 * c.f, 12 * c.f};
    } else {
        n = (counts){c.v + c.f, 3 * c.f, c.e + 3 * c.f, 9 * c.f};
    }
    return n;
}

/* One control mesh on the device and on the host (plain: the same mesh
 * without its tags, for a creased case). */
typedef struct control {
    const char *name, *scheme;
    mm_scheme kind;
    mm_mesh mesh, plain;
    mm_boundary boundary; /* the rule the file gave the mesh */
    int64_t creases, corners;
    int64_t uv_values; /* the UV channel's values (0: none) */
    counts c0;
    int64_t control_bytes; /* M (indices, and the pointer unless uniform) + vertex data */
    peer_mesh host;
    float *xyz;
    int64_t *offsets;
    uint32_t *fv;
} control;

/* What the calls of one GPU method need (measure.h's sd_method.arg). */
typedef struct call {
    mm_context ctx;
    mm_mesh mesh, out;
    mm_subdiv_options opts;
    mm_subdiv s;
    mm_dense XL;
    int64_t got_v, got_f;
    mm_dense X0; /* the eval input when not the mesh's vertex data */
} call;

static mm_status run_subdivide(void *p)
{
    call *c = p;
    return mm_subdivide(c->ctx, c->mesh, &c->opts, &c->out);
}

static void release_mesh(void *p)
{
    call *c = p;
    mm_mesh_info info;
    if (mm_mesh_info_get(c->out, &info) == MM_OK) {
        c->got_v = info.num_vertices;
        c->got_f = info.num_faces;
    }
    mm_mesh_free(&c->out);
}

static mm_status run_eval(void *p)
{
    call *c = p;
    return mm_subdiv_eval(c->s, c->X0 ? c->X0 : mm_mesh_vertices(c->mesh), &c->XL);
}

static void release_dense(void *p)
{
    call *c = p;
    mm_dense_free(&c->XL);
}

/* A record for (control, level, method) with its byte counts and status. */
static sd_record new_record(const control *m, int level, const char *method, counts cl,
                            int eval_only)
{
    sd_record r;
    memset(&r, 0, sizeof r);
    r.mesh = m->name, r.scheme = m->scheme, r.method = method, r.level = level;
    r.control_faces = m->c0.f, r.refined_faces = cl.f;
    r.total_ms = r.setup_ms = r.peak_bytes = NAN;
    r.final_bytes = 4.0 * (double)cl.nnz + 12.0 * (double)cl.v;
    r.min_bytes = eval_only ? 12.0 * (double)(m->c0.v + cl.v)
                            : (double)m->control_bytes + r.final_bytes;
    r.status = "unavailable";
    return r;
}

/* The counts a method produced, when they differ from the rule's. */
static void check_counts(sd_record *r, counts cl, int64_t v, int64_t f)
{
    if (strcmp(r->status, "ok") == 0 && (v != cl.v || f != cl.f))
        snprintf(r->message, sizeof r->message,
                 "refined counts %lld vertices, %lld faces; expected %lld, %lld", (long long)v,
                 (long long)f, (long long)cl.v, (long long)cl.f);
}

static void dynamic_method(sd_records *all, mm_context ctx, const control *m, mm_mesh mesh,
                           int level, counts cl, mm_subdiv_path path, const char *method,
                           int runs)
{
    sd_record r = new_record(m, level, method, cl, 0);
    call c = {ctx, mesh, NULL, mm_subdiv_options_default(), NULL, NULL, 0, 0, NULL};
    c.opts.scheme = m->kind;
    c.opts.levels = level, c.opts.path = path;
    sd_method meth = {ctx, run_subdivide, release_mesh, &c, NULL};
    sd_measure(&meth, runs, GPU_BUDGET_MS, &r);
    check_counts(&r, cl, c.got_v, c.got_f);
    sd_add(all, &r);
}

/* uv-channel: the UV channel's share of mm_subdivide, the difference of the
 * last two records (with, then without it); its minimal bytes are the
 * channel's own: the control corners and values read, the refined corner
 * ids (4 per corner) and values (2 float32 each) written. The refined
 * values number at least the refined vertices (seams add more): counted as
 * those, a lower bound that does not flatter the fraction. */
static void uv_difference(sd_records *all, const control *m, int level, counts cl)
{
    sd_record r = new_record(m, level, "uv-channel", cl, 0);
    const sd_record *with = NULL, *without = NULL;
    for (int i = all->count - 1; i >= 0 && (!with || !without); --i) {
        const sd_record *x = &all->r[i];
        if (x->level != level || strcmp(x->mesh, m->name) != 0) continue;
        if (!without && strcmp(x->method, "specialized-dynamic-no-uv") == 0) without = x;
        if (!with && strcmp(x->method, "specialized-dynamic") == 0) with = x;
    }
    r.final_bytes = 4.0 * (double)cl.nnz + 8.0 * (double)cl.v;
    r.min_bytes = (4.0 + 8.0) * (double)m->c0.nnz + r.final_bytes;
    if (with && without && strcmp(with->status, "ok") == 0 && strcmp(without->status, "ok") == 0) {
        r.status = "ok";
        r.runs = with->runs;
        r.total_ms = with->total_ms - without->total_ms;
        snprintf(r.message, sizeof r.message, "specialized-dynamic %.3f ms − no-uv %.3f ms",
                 with->total_ms, without->total_ms);
    } else {
        snprintf(r.message, sizeof r.message, "needs specialized-dynamic and -no-uv");
    }
    sd_add(all, &r);
}

/* Builds s for static evaluation; 0, or −1 with r's message set. */
static int build_static(mm_context ctx, const control *m, int level, mm_subdiv_path path,
                        mm_static_eval how, mm_subdiv *s, sd_record *r)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = m->kind;
    o.levels = level, o.path = path, o.mode = MM_MODE_STATIC, o.static_eval = how;
    double t0 = bu_now_ms();
    if (mm_subdiv_build(ctx, m->mesh, &o, s) != MM_OK) {
        snprintf(r->message, sizeof r->message, "%s", mm_last_error(ctx));
        return -1;
    }
    mm_context_synchronize(ctx);
    r->setup_ms = bu_now_ms() - t0;
    return 0;
}

/* static-composite, static-levels and cusparse-spmv-R (on the composite
 * build's R, checked against its evaluation). The build takes MM_PATH_AUTO:
 * the specialized path where the scheme has one; R is the same either way. */
static void static_methods(sd_records *all, mm_context ctx, const control *m, int level,
                           counts cl, int runs)
{
    static const char *const names[2] = {"static-composite",
                                         "static-levels"};
    static const mm_static_eval how[2] = {MM_STATIC_COMPOSITE, MM_STATIC_LEVELS};
    mm_subdiv composite = NULL;
    mm_dense reference = NULL;
    for (int k = 0; k < 2; ++k) {
        sd_record r = new_record(m, level, names[k], cl, 1);
        call c = {ctx, m->mesh, NULL, mm_subdiv_options_default(), NULL, NULL, 0, 0, NULL};
        if (build_static(ctx, m, level, MM_PATH_AUTO, how[k], &c.s, &r) == 0) {
            sd_method meth = {ctx, run_eval, release_dense, &c, NULL};
            sd_measure(&meth, runs, GPU_BUDGET_MS, &r);
            mm_subdiv_counts got;
            if (mm_subdiv_level_counts(c.s, level, &got) == MM_OK)
                check_counts(&r, cl, got.vertices, got.faces);
        }
        sd_add(all, &r);
        /* Keep the composite build and one evaluation for cuSPARSE's check. */
        if (k == 0 && c.s != NULL && run_eval(&c) == MM_OK) {
            composite = c.s;
            reference = c.XL;
        } else {
            mm_subdiv_free(&c.s);
        }
    }
    sd_record r = new_record(m, level, "cusparse-spmv-R", cl, 1);
    if (composite == NULL)
        build_static(ctx, m, level, MM_PATH_GENERIC, MM_STATIC_COMPOSITE, &composite, &r);
    if (composite != NULL)
        sd_cusparse_r(ctx, composite, mm_mesh_vertices(m->mesh), reference, runs, GPU_BUDGET_MS,
                      &r);
    sd_add(all, &r);
    mm_dense_free(&reference);
    mm_subdiv_free(&composite);
}

static int selected(const char *var, const char *name);

/* The bytes of issue 19's model of points-only evaluation: per level l → l +
 * 1, X_l read, level l's face-vertex ids (uint32; level 0's offsets too when
 * its faces are not uniform) read once, X_{l+1} written once, d float32
 * columns. */
static double eval_model_bytes(const control *m, int level, int d)
{
    counts c = m->c0;
    double bytes = (double)(m->control_bytes - 12 * c.v);
    for (int l = 0; l < level; ++l) {
        counts n = next_level(c, m->kind);
        bytes += (l > 0 ? 4.0 * (double)c.nnz : 0.0) + 4.0 * d * (double)(c.v + n.v);
        c = n;
    }
    return bytes;
}

/* The eval-only methods run as an application calls them: on a context of
 * their own without stage timers (the suite's context records them, and an
 * evaluation with timers on neither replays its captured graph nor runs
 * without the timers' events), m's cage made anew there and built to `level`
 * on the specialized path in dynamic mode. *ctx is NULL when the context
 * could not be made; else the caller frees *s, *mesh and *ctx. */
static mm_status untimed_build(const control *m, int level, mm_context *ctx, mm_mesh *mesh,
                               mm_subdiv *s)
{
    mm_context_options co = mm_context_options_default();
    co.backend = MM_BACKEND_CUDA;
    mm_mesh_desc d = {0};
    d.num_vertices = m->c0.v, d.dim = 3, d.vertex_type = MM_TYPE_FLOAT32;
    d.vertices = m->xyz, d.num_faces = m->c0.f, d.face_offsets = m->offsets;
    d.face_vertices = m->fv;
    d.boundary = m->boundary;
    /* a creased case's tags, from its mesh in the suite's context */
    uint32_t *cv = malloc((size_t)(2 * m->creases + m->corners + 1) * sizeof *cv);
    float *cs = malloc((size_t)(m->creases + m->corners + 1) * sizeof *cs);
    if (!cv || !cs) exit(1);
    mm_mesh_arrays h = {NULL, NULL, NULL, cv, cs, cv + 2 * m->creases, cs + m->creases, NULL};
    d.num_creases = m->creases, d.crease_vertices = cv, d.crease_sharpness = cs;
    d.num_corners = m->corners, d.corner_vertices = h.corner_vertices;
    d.corner_sharpness = h.corner_sharpness;
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = m->kind, o.levels = level, o.path = MM_PATH_SPECIALIZED;
    *mesh = NULL, *s = NULL;
    mm_status st = mm_context_new(ctx, &co);
    if (st == MM_OK && m->creases + m->corners > 0) st = mm_mesh_export(m->mesh, &h);
    if (st == MM_OK) st = mm_mesh_new(*ctx, mesh, &d);
    if (st == MM_OK) st = mm_subdiv_build(*ctx, *mesh, &o, s);
    if (st == MM_OK) st = mm_context_synchronize(*ctx);
    free(cv), free(cs);
    return st;
}

static void free_untimed(mm_context *ctx, mm_mesh *mesh, mm_subdiv *s)
{
    mm_subdiv_free(s);
    mm_mesh_free(mesh);
    mm_context_free(ctx);
}

/* specialized-eval-loop: the host wall time of one mm_subdiv_eval_into call
 * (into one output array made once, as an application re-evaluating a cage
 * every frame does) in a loop of LOOP_CALLS calls and one final
 * synchronization (issue 19: ≤ 25 µs for a small cage; on a large one, a
 * frame's re-evaluation without the output's allocation), on eval_methods'
 * context and build (built: that build's status). Levels up to
 * LOOP_MAX_FACES refined faces. */
enum { LOOP_CALLS = 2000, LOOP_MAX_FACES = 64000000 };

static void eval_loop(sd_records *all, const control *m, int level, counts cl, mm_context ctx,
                      mm_status built, mm_subdiv s)
{
    sd_record r = new_record(m, level, "specialized-eval-loop", cl, 1);
    r.min_bytes = eval_model_bytes(m, level, 3);
    mm_dense X0 = NULL, XL = NULL;
    if (built != MM_OK ||
        mm_dense_import(ctx, &X0, m->c0.v, 3, MM_TYPE_FLOAT32, m->xyz) != MM_OK ||
        mm_dense_new(ctx, &XL, cl.v, 3, MM_TYPE_FLOAT32) != MM_OK ||
        mm_subdiv_eval_into(s, X0, XL) != MM_OK) { /* the last: a warm-up */
        snprintf(r.message, sizeof r.message, "%s", ctx ? mm_last_error(ctx) : "no context");
    } else {
        mm_context_synchronize(ctx);
        double t0 = bu_now_ms();
        for (int i = 0; i < LOOP_CALLS; ++i) BU_MM_OK(ctx, mm_subdiv_eval_into(s, X0, XL));
        mm_context_synchronize(ctx);
        r.total_ms = (bu_now_ms() - t0) / LOOP_CALLS;
        r.runs = LOOP_CALLS;
        r.status = "ok";
        snprintf(r.message, sizeof r.message, "%.1f us per call (host wall, %d calls, one sync)",
                 1e3 * r.total_ms, LOOP_CALLS);
    }
    sd_add(all, &r);
    mm_dense_free(&X0), mm_dense_free(&XL);
}

/* specialized-eval-d3 and -d12: mm_subdiv_eval of d float32 columns after
 * one dynamic build on the specialized path (the topology the build kept),
 * each call between CUDA events (measure.h), on an untimed context as above
 * (setup_ms: that build). */
static void eval_methods(sd_records *all, const control *m, int level, counts cl, int runs)
{
    static const int widths[2] = {3, 12};
    static const char *const names[2] = {"specialized-eval-d3", "specialized-eval-d12"};
    mm_context ctx = NULL;
    mm_mesh mesh = NULL;
    mm_subdiv s = NULL;
    double t0 = bu_now_ms();
    mm_status built = untimed_build(m, level, &ctx, &mesh, &s);
    double setup = bu_now_ms() - t0;
    for (int k = 0; k < 2; ++k) {
        if (k == 0 && cl.f <= LOOP_MAX_FACES && selected(METHODS, "specialized-eval-loop"))
            eval_loop(all, m, level, cl, ctx, built, s);
        if (!selected(METHODS, names[k])) continue;
        sd_record r = new_record(m, level, names[k], cl, 1);
        r.min_bytes = eval_model_bytes(m, level, widths[k]);
        r.final_bytes = 4.0 * widths[k] * (double)cl.v;
        r.setup_ms = setup;
        mm_dense X0 = NULL;
        float *h = NULL;
        if (built != MM_OK) {
            snprintf(r.message, sizeof r.message, "%s", ctx ? mm_last_error(ctx) : "no context");
        } else {
            /* d columns: the positions repeated (any values do; these are finite) */
            h = malloc((size_t)(m->c0.v * widths[k]) * sizeof *h);
            if (!h) exit(1);
            for (int64_t v = 0; v < m->c0.v; ++v)
                for (int j = 0; j < widths[k]; ++j) h[v * widths[k] + j] = m->xyz[3 * v + j % 3];
            BU_MM_OK(ctx, mm_dense_import(ctx, &X0, m->c0.v, widths[k], MM_TYPE_FLOAT32, h));
            call c = {ctx, mesh, NULL, mm_subdiv_options_default(), s, NULL, 0, 0, X0};
            sd_method meth = {ctx, run_eval, release_dense, &c, "eval"};
            sd_measure(&meth, runs, GPU_BUDGET_MS, &r);
        }
        sd_add(all, &r);
        mm_dense_free(&X0);
        free(h);
    }
    free_untimed(&ctx, &mesh, &s);
}

/* The host peer of m's scheme at this level, unless its predicted time
 * passes host_cap_ms (*last_ms: the previous level's time, 0 at first). */
static void host_method(sd_records *all, const control *m, int level, counts cl,
                        double *last_ms)
{
    int sqrt3 = m->kind == MM_SCHEME_SQRT3;
    sd_record r = new_record(m, level, sqrt3 ? "openmesh-sqrt3" : "opensubdiv-far", cl, 0);
    r.host = 1;
    double predicted = *last_ms * (sqrt3 ? 3.0 : 4.0);
    if (*last_ms < 0 || predicted > host_cap_ms) {
        r.status = "skipped";
        if (*last_ms < 0)
            snprintf(r.message, sizeof r.message, "a lower level was skipped or failed");
        else
            snprintf(r.message, sizeof r.message,
                     "predicted %.0f s, over the host budget of %.0f s per level "
                     "(MESHMAT_BENCH_HOST_CAP_S)",
                     predicted / 1e3, host_cap_ms / 1e3);
        *last_ms = -1.0;
        sd_add(all, &r);
        return;
    }
    peer_result p = {0};
    int runs = predicted > HOST_ONCE_MS ? 1 : 3, st = -1;
#ifdef MESHMAT_BENCH_OPENMESH
    if (sqrt3) st = peer_openmesh_sqrt3(&m->host, level, runs, &p);
#endif
#ifdef MESHMAT_BENCH_OPENSUBDIV
    if (!sqrt3) st = peer_opensubdiv(&m->host, m->kind == MM_SCHEME_LOOP, level, runs, &p);
#endif
    if (st == -1 && p.message[0] == '\0')
        snprintf(p.message, sizeof p.message, "the peer's library was not found at build time");
    if (st == 0) {
        r.status = "ok";
        r.runs = p.runs, r.total_ms = p.total_ms, r.num_stages = p.num_stages;
        for (int s = 0; s < p.num_stages; ++s)
            r.stage_names[s] = p.stage_names[s], r.stage_ms[s] = p.stage_ms[s];
        check_counts(&r, cl, p.refined_vertices, p.refined_faces);
        *last_ms = p.total_ms;
    } else {
        snprintf(r.message, sizeof r.message, "%s", p.message);
        *last_ms = -1.0;
    }
    sd_add(all, &r);
}

/* A hash of up to two ids, for tags that every run draws alike. */
static uint32_t tag_hash(uint32_t a, uint32_t b)
{
    uint64_t x = ((uint64_t)a << 32 | b) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(x >> 32 ^ x);
}

/* m's mesh without tags (plain), or with random ones: a crease on each edge
 * whose hash falls in the lowest 12% (taken from the side a → b with a < b, so
 * once per edge of a consistently oriented mesh), sharpness 0.5, 1, 1.5, 3 or
 * 10 by the hash, and a corner of sharpness 2 on 2% of the vertices. */
static void make_meshes(mm_context ctx, control *m, mm_mesh_info info, int random)
{
    mm_mesh_desc d = {0};
    d.num_vertices = info.num_vertices, d.dim = 3, d.vertex_type = MM_TYPE_FLOAT32;
    d.vertices = m->xyz, d.num_faces = info.num_faces, d.face_offsets = m->offsets;
    d.face_vertices = m->fv, d.boundary = info.boundary;
    BU_MM_OK(ctx, mm_mesh_new(ctx, &m->plain, &d));
    if (!random) return;
    static const float levels[5] = {0.5f, 1.0f, 1.5f, 3.0f, 10.0f};
    uint32_t *cv = malloc((size_t)(2 * info.nnz + info.num_vertices) * sizeof *cv);
    float *cs = malloc((size_t)(info.nnz + info.num_vertices) * sizeof *cs);
    if (!cv || !cs) exit(1);
    int64_t nc = 0, nk = 0;
    for (int64_t f = 0; f < info.num_faces; ++f)
        for (int64_t k = m->offsets[f]; k < m->offsets[f + 1]; ++k) {
            uint32_t a = m->fv[k], b = m->fv[k + 1 < m->offsets[f + 1] ? k + 1 : m->offsets[f]];
            uint32_t h = tag_hash(a, b);
            if (a >= b || h % 100 >= 12) continue;
            cv[2 * nc] = a, cv[2 * nc + 1] = b, cs[nc++] = levels[h / 100 % 5];
        }
    uint32_t *kv = cv + 2 * nc;
    float *ks = cs + nc;
    for (int64_t v = 0; v < info.num_vertices; ++v)
        if (tag_hash((uint32_t)v, 7u) % 100 < 2) kv[nk] = (uint32_t)v, ks[nk++] = 2.0f;
    d.num_creases = nc, d.crease_vertices = cv, d.crease_sharpness = cs;
    d.num_corners = nk, d.corner_vertices = kv, d.corner_sharpness = ks;
    mm_mesh_free(&m->mesh);
    BU_MM_OK(ctx, mm_mesh_new(ctx, &m->mesh, &d));
    free(cv), free(cs);
}

/* A UV channel on m->mesh (m->plain: the same mesh without it): charts of
 * faces by a hash of their centroid's cell (a cell a tenth of the bounding
 * box's diagonal), one value per (vertex, chart), seams between charts. */
static void add_uv(mm_context ctx, control *m, mm_mesh_info info)
{
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (int64_t v = 0; v < info.num_vertices; ++v)
        for (int k = 0; k < 3; ++k) {
            float x = m->xyz[3 * v + k];
            lo[k] = x < lo[k] ? x : lo[k], hi[k] = x > hi[k] ? x : hi[k];
        }
    double cell = 0.1 * sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                             (hi[2] - lo[2]) * (hi[2] - lo[2]));
    uint64_t *keys = malloc((size_t)info.nnz * sizeof *keys);
    uint32_t *corners = malloc((size_t)info.nnz * sizeof *corners);
    float *uv = malloc((size_t)info.nnz * 2 * sizeof *uv);
    if (!keys || !corners || !uv) exit(1);
    for (int64_t f = 0; f < info.num_faces; ++f) {
        double c[3] = {0, 0, 0};
        int64_t n = m->offsets[f + 1] - m->offsets[f];
        for (int64_t k = m->offsets[f]; k < m->offsets[f + 1]; ++k)
            for (int q = 0; q < 3; ++q) c[q] += m->xyz[3 * m->fv[k] + q] / (double)n;
        uint32_t chart = 0;
        for (int q = 0; q < 3; ++q) chart = chart * 31u + (uint32_t)(int)floor((c[q] - lo[q]) / cell);
        for (int64_t k = m->offsets[f]; k < m->offsets[f + 1]; ++k)
            keys[k] = (uint64_t)m->fv[k] << 32 | tag_hash(chart, 3u) % 8u;
    }
    /* Values numbered by first appearance (a linear probe table over the keys). */
    int64_t cap = 1;
    while (cap < 2 * info.nnz) cap *= 2;
    uint64_t *slot_key = malloc((size_t)cap * sizeof *slot_key);
    uint32_t *slot_id = malloc((size_t)cap * sizeof *slot_id);
    if (!slot_key || !slot_id) exit(1);
    for (int64_t i = 0; i < cap; ++i) slot_key[i] = UINT64_MAX;
    int64_t nvals = 0;
    for (int64_t k = 0; k < info.nnz; ++k) {
        uint64_t h = (keys[k] * 0x9E3779B97F4A7C15ull) & (uint64_t)(cap - 1);
        while (slot_key[h] != UINT64_MAX && slot_key[h] != keys[k]) h = (h + 1) & (uint64_t)(cap - 1);
        if (slot_key[h] == UINT64_MAX) {
            slot_key[h] = keys[k], slot_id[h] = (uint32_t)nvals;
            uv[2 * nvals] = (float)(tag_hash((uint32_t)nvals, 1u) % 1000u) / 1000.0f;
            uv[2 * nvals + 1] = (float)(tag_hash((uint32_t)nvals, 2u) % 1000u) / 1000.0f;
            ++nvals;
        }
        corners[k] = slot_id[h];
    }
    mm_fvar_desc d = {"uv", nvals, 2, MM_TYPE_FLOAT32, uv, corners};
    BU_MM_OK(ctx, mm_mesh_add_fvar(ctx, m->mesh, &d));
    m->uv_values = nvals;
    free(keys), free(corners), free(uv), free(slot_key), free(slot_id);
}

/* Reads the control mesh (float32 vertex data) and its host copy; 0, or −1
 * when the file is missing (the case is skipped). */
static int load(mm_context ctx, const char *path, const struct mesh_case *mc, control *m)
{
    memset(m, 0, sizeof *m);
    mm_read_options o = mm_read_options_default();
    o.precision = MM_TYPE_FLOAT32;
    if (mm_mesh_read(ctx, &m->mesh, path, &o) != MM_OK) {
        printf("bench_subdiv: %s skipped: %s\n", path, mm_last_error(ctx));
        return -1;
    }
    if (mc->reorder) {
        mm_mesh local = NULL;
        BU_MM_OK(ctx, mm_mesh_reorder(ctx, m->mesh, &local, NULL, NULL));
        mm_mesh_free(&m->mesh);
        m->mesh = local;
    }
    mm_mesh_info info;
    mm_mesh_stats stats;
    BU_MM_OK(ctx, mm_mesh_info_get(m->mesh, &info));
    BU_MM_OK(ctx, mm_mesh_stats_get(ctx, m->mesh, &stats));
    const char *slash = strrchr(mc->file, '/');
    m->name = slash ? slash + 1 : mc->file;
    m->scheme = SCHEME_NAMES[mc->scheme];
    m->kind = mc->scheme;
    m->boundary = info.boundary;
    m->c0 = (counts){info.num_vertices, info.num_faces, stats.edges, info.nnz};
    m->control_bytes = 4 * info.nnz + (info.uniform_order ? 0 : 8 * (info.num_faces + 1)) +
                       12 * info.num_vertices;
    m->xyz = malloc((size_t)(3 * info.num_vertices) * sizeof *m->xyz);
    m->offsets = malloc((size_t)(info.num_faces + 1) * sizeof *m->offsets);
    m->fv = malloc((size_t)info.nnz * sizeof *m->fv);
    if (!m->xyz || !m->offsets || !m->fv) exit(1);
    mm_mesh_arrays h = {m->xyz, m->offsets, m->fv, NULL, NULL, NULL, NULL, NULL};
    BU_MM_OK(ctx, mm_mesh_export(m->mesh, &h));
    m->host = (peer_mesh){info.num_vertices, info.num_faces, m->xyz, m->offsets, m->fv};
    if (mc->reorder) {
        static char labels[sizeof CASES / sizeof CASES[0]][256];
        snprintf(labels[mc - CASES], sizeof labels[0], "%s (reordered)", m->name);
        m->name = labels[mc - CASES];
    }
    if (mc->uv) {
        static char labels[sizeof CASES / sizeof CASES[0]][256];
        make_meshes(ctx, m, info, 0);
        add_uv(ctx, m, info);
        snprintf(labels[mc - CASES], sizeof labels[0], "%s (UV channel, %lld values)", m->name,
                 (long long)m->uv_values);
        m->name = labels[mc - CASES];
    }
    if (mc->tags != TAGS_NONE) {
        /* The records keep the name: one per case, for the whole run. */
        static char labels[sizeof CASES / sizeof CASES[0]][256];
        char *label = labels[mc - CASES];
        make_meshes(ctx, m, info, mc->tags == TAGS_RANDOM);
        BU_MM_OK(ctx, mm_mesh_info_get(m->mesh, &info));
        m->creases = info.num_creases, m->corners = info.num_corners;
        snprintf(label, sizeof labels[0], "%s (%s %lld creases on %.1f%% of %lld edges, %lld corners)",
                 m->name, mc->tags == TAGS_RANDOM ? "random:" : "its", (long long)m->creases,
                 100.0 * (double)m->creases / (double)stats.edges, (long long)stats.edges,
                 (long long)m->corners);
        m->name = label;
    }
    return 0;
}

static void unload(control *m)
{
    mm_mesh_free(&m->mesh);
    mm_mesh_free(&m->plain);
    free(m->xyz), free(m->offsets), free(m->fv);
}

static void model_path(const char *file, char *buf, size_t len)
{
    const char *source = getenv("MESHMAT_SOURCE_DIR"), *shared = getenv("MESHMAT_SHARED_MODELS");
    if (source == NULL) source = ".";
    if (strncmp(file, "models/", 7) == 0)
        snprintf(buf, len, "%s/%s", source, file);
    else if (shared != NULL)
        snprintf(buf, len, "%s/%s", shared, file);
    else
        snprintf(buf, len, "%s/../shared/models/%s", source, file);
}

/* Whether name is selected by the comma-separated substrings in environment
 * variable var (everything when it is unset): a quick run of a few cases or
 * methods. */
static int selected(const char *var, const char *name)
{
    const char *list = getenv(var);
    if (list == NULL || *list == '\0') return 1;
    while (*list) {
        size_t n = strcspn(list, ",");
        for (const char *p = name; n > 0 && *p; ++p)
            if (strncmp(p, list, n) == 0) return 1;
        list += n + (list[n] == ',');
    }
    return 0;
}

/* A case's variant, as MESHMAT_BENCH_VARIANTS names it (bench/README.md):
 * "random" tags, a "uv" channel, "reordered", else "plain" (the file as it
 * is, its own tags included). */
static const char *case_variant(const struct mesh_case *mc)
{
    return mc->tags == TAGS_RANDOM ? "random" : mc->uv ? "uv" : mc->reorder ? "reordered" : "plain";
}

static void bench_case(sd_records *all, mm_context ctx, const struct mesh_case *mc,
                       int64_t max_faces, int runs)
{
    char path[4096];
    control m;
    if (!selected("MESHMAT_BENCH_CASES", mc->file)) return;
    if (!selected("MESHMAT_BENCH_VARIANTS", case_variant(mc))) return;
    model_path(mc->file, path, sizeof path);
    if (load(ctx, path, mc, &m) != 0) return;
    counts cl = m.c0;
    double host_last = 0.0;
    const char *extra = getenv("MESHMAT_BENCH_EXTRA_LEVELS");
    int last = mc->levels + (extra != NULL ? atoi(extra) : 0);
    for (int level = 1; level <= last; ++level) {
        cl = next_level(cl, mc->scheme);
        if (cl.f > max_faces) break;
        int first = all->count, tagged = mc->tags != TAGS_NONE;
        if (selected(METHODS, "specialized-dynamic"))
            dynamic_method(all, ctx, &m, m.mesh, level, cl, MM_PATH_SPECIALIZED,
                           "specialized-dynamic", runs);
        if (tagged && selected(METHODS, "specialized-dynamic-untagged"))
            dynamic_method(all, ctx, &m, m.plain, level, cl, MM_PATH_SPECIALIZED,
                           "specialized-dynamic-untagged", runs);
        if (mc->uv && selected(METHODS, "specialized-dynamic-no-uv")) {
            dynamic_method(all, ctx, &m, m.plain, level, cl, MM_PATH_SPECIALIZED,
                           "specialized-dynamic-no-uv", runs);
            uv_difference(all, &m, level, cl);
        }
        if (!mc->uv &&
            selected(METHODS, "specialized-eval-d3 specialized-eval-d12 specialized-eval-loop"))
            eval_methods(all, &m, level, cl, runs);
        if (mc->uv) {
            /* the vertex data's methods are the cases without the channel */
        } else if (!tagged && !mc->reorder &&
                   selected(METHODS, "static-composite static-levels cusparse-spmv-R"))
            static_methods(all, ctx, &m, level, cl, runs);
        if (!mc->reorder && selected(METHODS, "generic-dynamic"))
            dynamic_method(all, ctx, &m, m.mesh, level, cl, MM_PATH_GENERIC, "generic-dynamic",
                           runs);
        if (!tagged && !mc->uv && !mc->reorder &&
            selected(METHODS, "opensubdiv-far openmesh-sqrt3"))
            host_method(all, &m, level, cl, &host_last);
        for (int i = first; i < all->count; ++i) {
            const sd_record *r = &all->r[i];
            printf("%-24s %-13s L%-2d %10lld faces  %-28s ", r->mesh, r->scheme, r->level,
                   (long long)r->refined_faces, r->method);
            if (strcmp(r->status, "ok") == 0)
                printf("%10.3f ms  (%d runs)  roofline %5.1f%%  %s\n", r->total_ms, r->runs,
                       100.0 * sd_roofline(all, r), r->message);
            else
                printf("%s: %s\n", r->status, r->message);
        }
        fflush(stdout);
    }
    unload(&m);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_subdiv OUT_DIR [max_faces = 64000000] [runs = 20]\n");
        return 2;
    }
    int64_t max_faces = argc > 2 ? atoll(argv[2]) : 64000000;
    int runs = argc > 3 ? atoi(argv[3]) : 20;
    if (runs < 3) runs = 3;
    const char *cap = getenv("MESHMAT_BENCH_HOST_CAP_S");
    if (cap != NULL) host_cap_ms = 1e3 * atof(cap);
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    o.timing = 1;
    mm_context ctx = NULL;
    if (!mm_cuda_available() || mm_context_new(&ctx, &o) != MM_OK) {
        printf("bench_subdiv: skipped: no CUDA device\n");
        return 0;
    }
    char cpu[256];
    bu_cpu_model(cpu, sizeof cpu);
    sd_records all = {NULL, 0, 0, mm_context_device_name(ctx), cpu, "", 0.0};
    bu_date(all.date, sizeof all.date);
    all.copy_GBps = bu_copy_bandwidth_GBps();
    printf("device %s, copy bandwidth %.0f GB/s; host %s\n", all.device, all.copy_GBps, cpu);
    /* Written after every mesh, so that a run cut short leaves what it measured. */
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; ++k) {
        bench_case(&all, ctx, &CASES[k], max_faces, runs);
        sd_write(&all, argv[1]);
    }
    free(all.r);
    mm_context_free(&ctx);
    return 0;
}
#endif
