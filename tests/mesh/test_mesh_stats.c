/* test_mesh_stats.c: mm_mesh_stats_get and mm_mesh_order_histogram. Hand-derived
 * statistics of small meshes (cube, open grid, bow-tie, three faces on one
 * edge, a flipped face, an unreferenced vertex, two components, a repeated
 * vertex, no faces); every mesh listed in ../shared/models/README.md against
 * the counts its tables give (parsed at test time); the failure paths. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

/* ---- hand-derived meshes ---- */

static mm_mesh make(mm_context ctx, int64_t nv, int64_t nf, const int64_t *offsets,
                    int64_t order, const uint32_t *faces)
{
    double *xyz = calloc((size_t)(3 * nv + 1), sizeof *xyz);
    mm_mesh_desc d = {0};
    d.num_vertices = nv;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = nf;
    d.face_offsets = offsets;
    d.face_order = order;
    d.face_vertices = faces;
    d.keep_repeated = 1;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    free(xyz);
    return mesh;
}

static mm_mesh_stats stats_of(mm_context ctx, mm_mesh mesh)
{
    mm_mesh_stats s;
    memset(&s, 0xff, sizeof s);
    MMT_OK(ctx, mm_mesh_stats_get(ctx, mesh, &s));
    return s;
}

/* The whole expected record, field by field. */
static void check_stats(const mm_mesh_stats *s, const mm_mesh_stats *x)
{
    ck_assert_int_eq(s->vertices, x->vertices);
    ck_assert_int_eq(s->faces, x->faces);
    ck_assert_int_eq(s->nnz, x->nnz);
    ck_assert_int_eq(s->edges, x->edges);
    ck_assert_int_eq(s->min_order, x->min_order);
    ck_assert_int_eq(s->max_order, x->max_order);
    ck_assert_int_eq(s->boundary_edges, x->boundary_edges);
    ck_assert_int_eq(s->boundary_loops, x->boundary_loops);
    ck_assert_int_eq(s->nonmanifold_edges, x->nonmanifold_edges);
    ck_assert_int_eq(s->nonmanifold_vertices, x->nonmanifold_vertices);
    ck_assert_int_eq(s->components, x->components);
    ck_assert_int_eq(s->flipped_edges, x->flipped_edges);
    ck_assert_int_eq(s->unreferenced_vertices, x->unreferenced_vertices);
    ck_assert_int_eq(s->degenerate_faces, x->degenerate_faces);
}

/* The unit cube, six quads facing out: V 8, F 6, E 12, closed, one piece. */
START_TEST(cube_is_closed_and_manifold)
{
    static const uint32_t q[] = {0, 3, 2, 1, 4, 5, 6, 7, 0, 1, 5, 4,
                                 1, 2, 6, 5, 2, 3, 7, 6, 3, 0, 4, 7};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 8, 6, NULL, 4, q);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 8, .faces = 6, .nnz = 24, .edges = 12, .min_order = 4,
                       .max_order = 4, .components = 1};
    check_stats(&s, &x);
    int64_t h[5];
    MMT_OK(ctx, mm_mesh_order_histogram(ctx, mesh, 4, h));
    ck_assert_int_eq(h[0] + h[1] + h[2] + h[3], 0);
    ck_assert_int_eq(h[4], 6);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A 3 × 2 grid of quads on 4 × 3 vertices: 9 horizontal + 8 vertical edges,
 * the 10 on the rim form one boundary loop. */
START_TEST(open_grid_has_one_boundary_loop)
{
    uint32_t q[24];
    for (uint32_t j = 0, n = 0; j < 2; ++j)
        for (uint32_t i = 0; i < 3; ++i, n += 4) {
            q[n] = 4 * j + i;
            q[n + 1] = 4 * j + i + 1;
            q[n + 2] = 4 * (j + 1) + i + 1;
            q[n + 3] = 4 * (j + 1) + i;
        }
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 12, 6, NULL, 4, q);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 12, .faces = 6, .nnz = 24, .edges = 17, .min_order = 4,
                       .max_order = 4, .boundary_edges = 10, .boundary_loops = 1,
                       .components = 1};
    check_stats(&s, &x);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Two triangles touching only at vertex 0: two fans there (a non-manifold
 * vertex), two edge-connected components, and one boundary loop, because
 * the two boundary chains meet at vertex 0. */
START_TEST(bow_tie_vertex_is_nonmanifold)
{
    static const uint32_t t[] = {0, 1, 2, 0, 3, 4};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 5, 2, NULL, 3, t);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 5, .faces = 2, .nnz = 6, .edges = 6, .min_order = 3,
                       .max_order = 3, .boundary_edges = 6, .boundary_loops = 1,
                       .nonmanifold_vertices = 1, .components = 2};
    check_stats(&s, &x);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Three triangles on the edge {0,1} (0 → 1, 1 → 0, 0 → 1): one non-manifold
 * edge with three sides, not flipped (only two-sided edges can be); the fans
 * of 0 and 1 are joined through it, so no vertex counts as non-manifold; the
 * six other edges are boundary and connected: one loop, one component. */
START_TEST(three_faces_on_one_edge)
{
    static const uint32_t t[] = {0, 1, 2, 1, 0, 3, 0, 1, 4};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 5, 3, NULL, 3, t);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 5, .faces = 3, .nnz = 9, .edges = 7, .min_order = 3,
                       .max_order = 3, .boundary_edges = 6, .boundary_loops = 1,
                       .nonmanifold_edges = 1, .components = 1};
    check_stats(&s, &x);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Two triangles on the diagonal {0,2} of a square, the second one reversed:
 * (0,1,2) passes 2 → 0 and (0,3,2) passes 2 → 0 too: one flipped edge. */
START_TEST(flipped_face_flips_its_shared_edge)
{
    static const uint32_t t[] = {0, 1, 2, 0, 3, 2};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 4, 2, NULL, 3, t);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 4, .faces = 2, .nnz = 6, .edges = 5, .min_order = 3,
                       .max_order = 3, .boundary_edges = 4, .boundary_loops = 1,
                       .components = 1, .flipped_edges = 1};
    check_stats(&s, &x);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* One quad on vertices 0–3 of five: vertex 4 is unreferenced. */
START_TEST(unreferenced_vertex_is_counted)
{
    static const uint32_t q[] = {0, 1, 2, 3};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 5, 1, NULL, 4, q);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 5, .faces = 1, .nnz = 4, .edges = 4, .min_order = 4,
                       .max_order = 4, .boundary_edges = 4, .boundary_loops = 1,
                       .components = 1, .unreferenced_vertices = 1};
    check_stats(&s, &x);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A triangle and a quad with no vertex in common: two components, two loops;
 * the histogram counts one face of order 3 and one of order 4. */
START_TEST(two_components_two_loops)
{
    static const int64_t off[] = {0, 3, 7};
    static const uint32_t f[] = {0, 1, 2, 3, 4, 5, 6};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 7, 2, off, 0, f);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 7, .faces = 2, .nnz = 7, .edges = 7, .min_order = 3,
                       .max_order = 4, .boundary_edges = 7, .boundary_loops = 2,
                       .components = 2};
    check_stats(&s, &x);
    int64_t h[5];
    MMT_OK(ctx, mm_mesh_order_histogram(ctx, mesh, 4, h));
    const int64_t hx[5] = {0, 0, 0, 1, 1};
    ck_assert_mem_eq(h, hx, sizeof h);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The quad (0,1,2,2) repeats vertex 2: one degenerate face; the side 2 → 2 is
 * no edge, so 3 edges, all boundary; at vertex 2 the side 2 → 2 separates the
 * corner entered from 1 from the corner leaving to 0: two fans, non-manifold. */
START_TEST(repeated_vertex_makes_a_degenerate_face)
{
    static const uint32_t q[] = {0, 1, 2, 2};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 3, 1, NULL, 4, q);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 3, .faces = 1, .nnz = 4, .edges = 3, .min_order = 4,
                       .max_order = 4, .boundary_edges = 3, .boundary_loops = 1,
                       .nonmanifold_vertices = 1, .components = 1, .degenerate_faces = 1};
    check_stats(&s, &x);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A face that passes an edge both ways (a bridge into a hole: a square with a
 * square hole, one 10-gon (0,1,2,3,0,4,7,6,5,4)) has two sides on the bridge
 * {0,4}: it is neither boundary nor flipped; 8 boundary edges in 2 loops. */
START_TEST(bridge_edge_of_one_face_is_interior)
{
    static const uint32_t p[] = {0, 1, 2, 3, 0, 4, 7, 6, 5, 4};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 8, 1, NULL, 10, p);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 8, .faces = 1, .nnz = 10, .edges = 9, .min_order = 10,
                       .max_order = 10, .boundary_edges = 8, .boundary_loops = 2,
                       .components = 1, .degenerate_faces = 1};
    check_stats(&s, &x);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* No faces: every vertex is unreferenced, there is nothing else. */
START_TEST(mesh_without_faces_has_only_unreferenced_vertices)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 3, 0, NULL, 3, NULL);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 3, .unreferenced_vertices = 3};
    check_stats(&s, &x);
    int64_t h[1] = {-1};
    MMT_OK(ctx, mm_mesh_order_histogram(ctx, mesh, 0, h));
    ck_assert_int_eq(h[0], 0);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The empty mesh (OFF "0 0 0"): nothing at all, and no undefined pointer
 * arithmetic on its NULL arrays (clang's UBSan, scripts/test.sh
 * --sanitize-clang, checks that; the case above too). */
START_TEST(empty_mesh_has_nothing)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 0, 0, NULL, 3, NULL);
    mm_mesh_stats s = stats_of(ctx, mesh);
    mm_mesh_stats x = {.vertices = 0};
    check_stats(&s, &x);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* ---- failure paths ---- */

START_TEST(bad_arguments_are_refused)
{
    static const int64_t off[] = {0, 3, 7};
    static const uint32_t f[] = {0, 1, 2, 3, 4, 5, 6};
    mm_context ctx = mmt_context();
    mm_mesh mesh = make(ctx, 7, 2, off, 0, f);
    mm_mesh_stats s;
    int64_t h[4];
    ck_assert_int_eq(mm_mesh_stats_get(NULL, mesh, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_mesh_stats_get(ctx, NULL, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_mesh_stats_get(ctx, mesh, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_mesh_order_histogram(ctx, mesh, 4, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_mesh_order_histogram(ctx, mesh, 3, h), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "face 1 has order 4"));
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The k-th allocation fails for k = 0, 1, …: MM_ERR_OUT_OF_MEMORY and the
 * host bytes back at their baseline, until the call succeeds. A mixed mesh
 * (explicit pointer) and a one-order mesh (pointer built on the host). */
static mm_status stats_attempt(mm_context ctx, void *mesh)
{
    mm_mesh_stats s;
    return mm_mesh_stats_get(ctx, mesh, &s);
}

static void sweep(mm_context ctx, mm_mesh mesh)
{
    ck_assert_int_gt(mmt_sweep_allocations(ctx, stats_attempt, mesh), 4);
}

START_TEST(allocation_failures_leak_nothing)
{
    static const int64_t off[] = {0, 4, 8, 11, 14, 17};
    static const uint32_t f[] = {0, 1, 4, 3, 1, 2, 5, 4, 3, 4, 6, 4, 5, 6, 0, 7, 8};
    static const uint32_t q[] = {0, 3, 2, 1, 4, 5, 6, 7, 0, 1, 5, 4,
                                 1, 2, 6, 5, 2, 3, 7, 6, 3, 0, 4, 7};
    mm_context ctx = mmt_context();
    mm_mesh mixed = make(ctx, 10, 5, off, 0, f);
    mm_mesh cube = make(ctx, 8, 6, NULL, 4, q);
    sweep(ctx, mixed);
    sweep(ctx, cube);
    mm_mesh_free(&mixed);
    mm_mesh_free(&cube);
    mm_context_free(&ctx);
}
END_TEST

/* ---- the shared models against ../shared/models/README.md ---- */

/* One table row of the README: what its columns say. */
typedef struct readme_row {
    char path[256];
    int64_t faces, verts;
    int64_t orders[2][16]; /* order, count pairs */
    int num_orders;
    int64_t boundary_edges, boundary_loops, nm_edges, nm_verts;
    int64_t comps, unref, flipped, degen;
    char error[512];       /* non-empty: the row could not be parsed */
} readme_row;

static readme_row *rows;
static int num_rows;
/* Indices of the rows checked: those whose model is present, and those that
 * could not be parsed (the check reports them). Found before the suite runs. */
static int *present, num_present;

/* Copies the i-th '|'-separated cell of line (0 = before the first '|') trimmed. */
static int cell(const char *line, int i, char *out, size_t cap)
{
    const char *p = line;
    for (int k = 0; k < i; ++k) {
        p = strchr(p, '|');
        if (p == NULL) return 0;
        ++p;
    }
    const char *end = strchr(p, '|');
    if (end == NULL) return 0;
    while (p < end && *p == ' ') ++p;
    while (end > p && end[-1] == ' ') --end;
    size_t n = (size_t)(end - p) < cap - 1 ? (size_t)(end - p) : cap - 1;
    memcpy(out, p, n);
    out[n] = '\0';
    return 1;
}

/* "quad only", "tri only", "66-gon only" or "3:44, 4:733". */
static int parse_orders(const char *s, readme_row *r)
{
    long long c, n;
    int end = 0;
    r->num_orders = 0;
    if (strcmp(s, "quad only") == 0 || strcmp(s, "tri only") == 0) {
        r->orders[0][0] = s[0] == 'q' ? 4 : 3;
        r->orders[1][0] = r->faces;
        r->num_orders = 1;
        return 1;
    }
    if (sscanf(s, "%lld-gon only%n", &c, &end) == 1 && s[end] == '\0' && end > 0) {
        r->orders[0][0] = c;
        r->orders[1][0] = r->faces;
        r->num_orders = 1;
        return 1;
    }
    for (const char *p = s; p != NULL && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
        if (sscanf(p, " %lld:%lld", &c, &n) != 2 || r->num_orders == 16) return 0;
        r->orders[0][r->num_orders] = c;
        r->orders[1][r->num_orders++] = n;
    }
    return r->num_orders > 0;
}

/* "closed" or "4270 e / 407 loops". */
static int parse_boundary(const char *s, readme_row *r)
{
    long long e, l;
    r->boundary_edges = r->boundary_loops = 0;
    if (strcmp(s, "closed") == 0) return 1;
    if (sscanf(s, "%lld e / %lld loops", &e, &l) != 2) return 0;
    r->boundary_edges = e;
    r->boundary_loops = l;
    return 1;
}

/* "yes" or "no (NM-edges 2534, NM-verts 16)" (either part may be missing). */
static int parse_manifold(const char *s, readme_row *r)
{
    long long n;
    const char *p;
    r->nm_edges = r->nm_verts = 0;
    if (strcmp(s, "yes") == 0) return 1;
    if (strncmp(s, "no (", 4) != 0) return 0;
    if ((p = strstr(s, "NM-edges ")) != NULL && sscanf(p, "NM-edges %lld", &n) == 1)
        r->nm_edges = n;
    if ((p = strstr(s, "NM-verts ")) != NULL && sscanf(p, "NM-verts %lld", &n) == 1)
        r->nm_verts = n;
    return r->nm_edges + r->nm_verts > 0;
}

/* "-" or "12 comps, 43 unref v, 6 flipped e, 14 degen f, 2 dup-pos v";
 * components default to 1 when there are faces. */
static int parse_other(const char *s, readme_row *r)
{
    r->comps = r->faces > 0 ? 1 : 0;
    r->unref = r->flipped = r->degen = 0;
    if (strcmp(s, "-") == 0) return 1;
    for (const char *p = s; p != NULL; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
        long long n;
        char what[32];
        if (sscanf(p, " %lld %31[a-z -]", &n, what) != 2) return 0;
        size_t len = strlen(what);
        while (len > 0 && what[len - 1] == ' ') what[--len] = '\0';
        if (strcmp(what, "comps") == 0)
            r->comps = n;
        else if (strcmp(what, "unref v") == 0)
            r->unref = n;
        else if (strcmp(what, "flipped e") == 0)
            r->flipped = n;
        else if (strcmp(what, "degen f") == 0)
            r->degen = n;
        else if (strcmp(what, "dup-pos v") != 0)
            return 0;
    }
    return 1;
}

/* A table row of a model section: "| `name` | faces | verts | orders |
 * boundary | manifold | other | …". Names without a folder are OpenSubdiv
 * shapes in opensubdiv/. */
static void parse_row(const char *line, readme_row *r)
{
    char c[7][256];
    long long faces, verts;
    memset(r, 0, sizeof *r);
    for (int i = 0; i < 7; ++i)
        if (!cell(line, i + 1, c[i], sizeof c[i])) {
            snprintf(r->error, sizeof r->error, "fewer than 7 cells: %.200s", line);
            return;
        }
    size_t n = strlen(c[0]);
    c[0][n - 1] = '\0';
    if (strchr(c[0] + 1, '/') != NULL)
        snprintf(r->path, sizeof r->path, "%.200s", c[0] + 1);
    else
        snprintf(r->path, sizeof r->path, "opensubdiv/%.200s.obj", c[0] + 1);
    if (sscanf(c[1], "%lld", &faces) != 1 || sscanf(c[2], "%lld", &verts) != 1) {
        snprintf(r->error, sizeof r->error, "%.200s: faces/verts '%.40s' '%.40s'", r->path, c[1],
                 c[2]);
        return;
    }
    r->faces = faces;
    r->verts = verts;
    if (!parse_orders(c[3], r) || !parse_boundary(c[4], r) || !parse_manifold(c[5], r) ||
        !parse_other(c[6], r))
        snprintf(r->error, sizeof r->error,
                 "%.200s: cannot read '%.60s' | '%.40s' | '%.60s' | '%.80s'", r->path, c[3], c[4],
                 c[5], c[6]);
}

/* Reads the rows of the sections "## control/", "## tri/", "## robust/",
 * "## opensubdiv/"; 0 rows when the README is absent. */
static void parse_readme(void)
{
    static const char *sections[] = {"## control/", "## tri/", "## robust/", "## opensubdiv/"};
    const char *path = mmt_shared_model("README.md");
    char line[4096];
    int in_models = 0, cap = 0;
    FILE *fp = path ? fopen(path, "r") : NULL;
    if (fp == NULL) return;
    while (fgets(line, sizeof line, fp) != NULL) {
        if (strncmp(line, "## ", 3) == 0) {
            in_models = 0;
            for (size_t i = 0; i < sizeof sections / sizeof *sections; ++i)
                in_models |= strncmp(line, sections[i], strlen(sections[i])) == 0;
        }
        if (!in_models || strncmp(line, "| `", 3) != 0) continue;
        if (num_rows == cap) {
            cap = cap ? 2 * cap : 64;
            rows = realloc(rows, (size_t)cap * sizeof *rows);
            if (rows == NULL) abort();
        }
        parse_row(line, &rows[num_rows++]);
    }
    fclose(fp);
}

START_TEST(readme_lists_the_shared_models)
{
    ck_assert_int_ge(num_rows, 150);
}
END_TEST

START_TEST(shared_model_matches_readme)
{
    const readme_row *r = &rows[present[_i]];
    ck_assert_msg(r->error[0] == '\0', "README row %d: %s", present[_i], r->error);
    const char *path = mmt_shared_model(r->path);
    ck_assert_ptr_nonnull(path);
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    mm_read_options o = mm_read_options_default();
    o.keep_repeated = 1;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, path, &o));
    mm_mesh_stats s = stats_of(ctx, mesh);
    const char *p = r->path;
    ck_assert_msg(s.faces == r->faces, "%s: faces %lld, README %lld", p, (long long)s.faces,
                  (long long)r->faces);
    ck_assert_msg(s.vertices == r->verts, "%s: verts %lld, README %lld", p,
                  (long long)s.vertices, (long long)r->verts);
    int64_t *h = calloc((size_t)s.max_order + 1, sizeof *h);
    MMT_OK(ctx, mm_mesh_order_histogram(ctx, mesh, s.max_order, h));
    int64_t listed = 0;
    for (int i = 0; i < r->num_orders; ++i) {
        int64_t c = r->orders[0][i], n = r->orders[1][i];
        ck_assert_msg(c <= s.max_order && h[c] == n, "%s: %lld faces of order %lld, README %lld",
                      p, (long long)(c <= s.max_order ? h[c] : 0), (long long)c, (long long)n);
        listed += n;
    }
    ck_assert_msg(listed == s.faces, "%s: the README lists %lld of %lld faces", p,
                  (long long)listed, (long long)s.faces);
    free(h);
#define SAME(field, expect, what)                                                          \
    ck_assert_msg(s.field == (expect), "%s: %s %lld, README %lld", p, what,                \
                  (long long)s.field, (long long)(expect))
    SAME(boundary_edges, r->boundary_edges, "boundary edges");
    SAME(boundary_loops, r->boundary_loops, "boundary loops");
    SAME(nonmanifold_edges, r->nm_edges, "NM-edges");
    SAME(nonmanifold_vertices, r->nm_verts, "NM-verts");
    SAME(components, r->comps, "comps");
    SAME(unreferenced_vertices, r->unref, "unref v");
    SAME(flipped_edges, r->flipped, "flipped e");
    SAME(degenerate_faces, r->degen, "degen f");
#undef SAME
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mesh_stats");
    TCase *tc = tcase_create("by_hand");
    tcase_add_test(tc, cube_is_closed_and_manifold);
    tcase_add_test(tc, open_grid_has_one_boundary_loop);
    tcase_add_test(tc, bow_tie_vertex_is_nonmanifold);
    tcase_add_test(tc, three_faces_on_one_edge);
    tcase_add_test(tc, flipped_face_flips_its_shared_edge);
    tcase_add_test(tc, unreferenced_vertex_is_counted);
    tcase_add_test(tc, two_components_two_loops);
    tcase_add_test(tc, repeated_vertex_makes_a_degenerate_face);
    tcase_add_test(tc, bridge_edge_of_one_face_is_interior);
    tcase_add_test(tc, mesh_without_faces_has_only_unreferenced_vertices);
    tcase_add_test(tc, empty_mesh_has_nothing);
    suite_add_tcase(s, tc);
    TCase *fail = tcase_create("failures");
    tcase_add_test(fail, bad_arguments_are_refused);
    tcase_add_test(fail, allocation_failures_leak_nothing);
    suite_add_tcase(s, fail);
    static const char what[] = "the shared models' statistics against their README";
    if (mmt_need_shared_model("README.md", what) != NULL) {
        parse_readme();
        present = malloc((size_t)(num_rows > 0 ? num_rows : 1) * sizeof *present);
        if (present == NULL) abort();
        for (int i = 0; i < num_rows; ++i)
            if (rows[i].error[0] != '\0' || mmt_need_shared_model(rows[i].path, what) != NULL)
                present[num_present++] = i;
        TCase *readme = mmt_models_tcase();
        /* Each case reads a shared model and takes its statistics: about 2 s
         * for the largest (871k faces), near Check's default 4 s. */
        tcase_set_timeout(readme, 300);
        tcase_add_test(readme, readme_lists_the_shared_models);
        if (num_present > 0)
            tcase_add_loop_test(readme, shared_model_matches_readme, 0, num_present);
        suite_add_tcase(s, readme);
    }
    return s;
}

int main(void)
{
    int rc = mmt_run(suite());
    free(present);
    free(rows);
    return rc;
}
