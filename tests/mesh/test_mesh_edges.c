/* test_mesh_edges.c: the edge matrix E = M Mᵀ {Q_c + Q_c^{c-1}} [τ] (eq. 4),
 * its directed side counts (M Mᵀ {Q_c}, eq. 6), the level-0 edge numbering and
 * the corner edges, written out by hand for small meshes; E's algebraic
 * properties over shared meshes; the allocation-failure sweep. */
#include "mesh/mesh_edges.h"
#include "test_util.h"

#define NO MMI_NO_EDGE

/* The whole expected answer for one mesh. */
typedef struct expected {
    int64_t nv, nnz, num_edges;
    const int64_t *ptr;
    const uint32_t *rows, *sides;
    const int64_t *edge_ptr;
    const uint32_t *a, *b, *forward, *backward;
    const uint32_t *corner_edge;
} expected;

static void build(mm_context ctx, int64_t nv, int64_t nf, const int64_t *ptr,
                  const uint32_t *rows, mmi_edges *E)
{
    mmi_host_faces hf = {nv, nf, ptr[nf], ptr, rows, NULL, NULL};
    MMT_OK(ctx, mmi_mesh_edges_build(ctx, &hf, E));
}

static void check(const mmi_edges *E, const expected *x, int64_t corners)
{
    ck_assert_int_eq(E->num_vertices, x->nv);
    ck_assert_int_eq(E->nnz, x->nnz);
    ck_assert_int_eq(E->num_edges, x->num_edges);
    ck_assert_int_eq(E->num_corners, corners);
    ck_assert_mem_eq(E->ptr, x->ptr, (size_t)(x->nv + 1) * sizeof *x->ptr);
    ck_assert_mem_eq(E->rows, x->rows, (size_t)x->nnz * sizeof *x->rows);
    ck_assert_mem_eq(E->sides, x->sides, (size_t)x->nnz * sizeof *x->sides);
    ck_assert_mem_eq(E->edge_ptr, x->edge_ptr, (size_t)(x->nv + 1) * sizeof *x->edge_ptr);
    ck_assert_mem_eq(E->a, x->a, (size_t)x->num_edges * sizeof *x->a);
    ck_assert_mem_eq(E->b, x->b, (size_t)x->num_edges * sizeof *x->b);
    ck_assert_mem_eq(E->forward, x->forward, (size_t)x->num_edges * sizeof *x->forward);
    ck_assert_mem_eq(E->backward, x->backward, (size_t)x->num_edges * sizeof *x->backward);
    ck_assert_mem_eq(E->corner_edge, x->corner_edge, (size_t)corners * sizeof *x->corner_edge);
}

/* One quad (0,1,2,3): each vertex is next to its two neighbours on the cycle.
 *   E columns: 0:{1,3} 1:{0,2} 2:{1,3} 3:{0,2}, every value 1.
 *   edges (a,b): e0 (0,1) e1 (0,3) e2 (1,2) e3 (2,3); only (0,3) is passed
 *   backwards (3 → 0). Corners leave along e0, e2, e3, e1. */
START_TEST(quad_edge_matrix_by_hand)
{
    static const int64_t fptr[] = {0, 4};
    static const uint32_t frows[] = {0, 1, 2, 3};
    static const int64_t ptr[] = {0, 2, 4, 6, 8};
    static const uint32_t rows[] = {1, 3, 0, 2, 1, 3, 0, 2};
    static const uint32_t sides[] = {1, 1, 1, 1, 1, 1, 1, 1};
    static const int64_t edge_ptr[] = {0, 2, 3, 4, 4};
    static const uint32_t a[] = {0, 0, 1, 2}, b[] = {1, 3, 2, 3};
    static const uint32_t fw[] = {1, 0, 1, 1}, bw[] = {0, 1, 0, 0};
    static const uint32_t corner[] = {0, 2, 3, 1};
    expected x = {4, 8, 4, ptr, rows, sides, edge_ptr, a, b, fw, bw, corner};
    mm_context ctx = mmt_context();
    int64_t base = mm_context_bytes_in_use(ctx, MM_MEMORY_HOST);
    mmi_edges E;
    build(ctx, 4, 1, fptr, frows, &E);
    check(&E, &x, 4);
    mmi_mesh_edges_release(ctx, &E);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), base);
    mm_context_free(&ctx);
}
END_TEST

/* Two triangles (0,1,2) and (0,2,3) sharing the diagonal {0,2}:
 *   E columns: 0:{1:1, 2:2, 3:1} 1:{0:1, 2:1} 2:{0:2, 1:1, 3:1} 3:{0:1, 2:1}.
 *   edges: e0 (0,1) e1 (0,2) e2 (0,3) e3 (1,2) e4 (2,3); the diagonal is passed
 *   2 → 0 by the first face and 0 → 2 by the second; 3 → 0 is backward. */
START_TEST(two_triangles_share_one_edge)
{
    static const int64_t fptr[] = {0, 3, 6};
    static const uint32_t frows[] = {0, 1, 2, 0, 2, 3};
    static const int64_t ptr[] = {0, 3, 5, 8, 10};
    static const uint32_t rows[] = {1, 2, 3, 0, 2, 0, 1, 3, 0, 2};
    static const uint32_t sides[] = {1, 2, 1, 1, 1, 2, 1, 1, 1, 1};
    static const int64_t edge_ptr[] = {0, 3, 4, 5, 5};
    static const uint32_t a[] = {0, 0, 0, 1, 2}, b[] = {1, 2, 3, 2, 3};
    static const uint32_t fw[] = {1, 1, 0, 1, 1}, bw[] = {0, 1, 1, 0, 0};
    static const uint32_t corner[] = {0, 3, 1, 1, 4, 2};
    expected x = {4, 10, 5, ptr, rows, sides, edge_ptr, a, b, fw, bw, corner};
    mm_context ctx = mmt_context();
    mmi_edges E;
    build(ctx, 4, 2, fptr, frows, &E);
    check(&E, &x, 6);
    mmi_mesh_edges_release(ctx, &E);
    mm_context_free(&ctx);
}
END_TEST

/* A mixed mesh with a boundary (after the paper's Figure 3):
 *     6
 *    / \          f0 quad (0,1,4,3)   f1 quad (1,2,5,4)
 *   3---4---5     f2 tri  (3,4,6)     f3 tri  (4,5,6), 6 joined to 5
 *   | f0| f1|     Vertex 4 is interior (valence 4), the other six lie on one
 *   0---1---2     boundary loop 0-1-2-5-6-3-0.
 *   E columns (row:value): 0:{1:1 3:1} 1:{0:1 2:1 4:2} 2:{1:1 5:1}
 *   3:{0:1 4:2 6:1} 4:{1:2 3:2 5:2 6:2} 5:{2:1 4:2 6:1} 6:{3:1 4:2 5:1}.
 *   edges: e0 (0,1) e1 (0,3) e2 (1,2) e3 (1,4) e4 (2,5) e5 (3,4) e6 (3,6)
 *   e7 (4,5) e8 (4,6) e9 (5,6); boundary sides 3 → 0 and 6 → 3 run backward. */
START_TEST(mixed_mesh_with_boundary_by_hand)
{
    static const int64_t fptr[] = {0, 4, 8, 11, 14};
    static const uint32_t frows[] = {0, 1, 4, 3, 1, 2, 5, 4, 3, 4, 6, 4, 5, 6};
    static const int64_t ptr[] = {0, 2, 5, 7, 10, 14, 17, 20};
    static const uint32_t rows[] = {1, 3, 0, 2, 4, 1, 5, 0, 4, 6,
                                    1, 3, 5, 6, 2, 4, 6, 3, 4, 5};
    static const uint32_t sides[] = {1, 1, 1, 1, 2, 1, 1, 1, 2, 1,
                                     2, 2, 2, 2, 1, 2, 1, 1, 2, 1};
    static const int64_t edge_ptr[] = {0, 2, 4, 5, 7, 9, 10, 10};
    static const uint32_t a[] = {0, 0, 1, 1, 2, 3, 3, 4, 4, 5};
    static const uint32_t b[] = {1, 3, 2, 4, 5, 4, 6, 5, 6, 6};
    static const uint32_t fw[] = {1, 0, 1, 1, 1, 1, 0, 1, 1, 1};
    static const uint32_t bw[] = {0, 1, 0, 1, 0, 1, 1, 1, 1, 0};
    static const uint32_t corner[] = {0, 3, 5, 1, 2, 4, 7, 3, 5, 8, 6, 7, 9, 8};
    expected x = {7, 20, 10, ptr, rows, sides, edge_ptr, a, b, fw, bw, corner};
    mm_context ctx = mmt_context();
    mmi_edges E;
    build(ctx, 7, 4, fptr, frows, &E);
    check(&E, &x, 14);
    mmi_mesh_edges_release(ctx, &E);
    mm_context_free(&ctx);
}
END_TEST

/* A quad repeating a vertex, (0,1,2,2): the side 2 → 2 lies on E's diagonal
 * with value 2 (Q_c and Q_c^{c-1} each collide once there) and is no edge.
 *   E columns: 0:{1:1 2:1} 1:{0:1 2:1} 2:{0:1 1:1 2:2}.
 *   edges: e0 (0,1) e1 (0,2) e2 (1,2); corners leave along e0, e2, none, e1. */
START_TEST(repeated_vertex_lies_on_the_diagonal)
{
    static const int64_t fptr[] = {0, 4};
    static const uint32_t frows[] = {0, 1, 2, 2};
    static const int64_t ptr[] = {0, 2, 4, 7};
    static const uint32_t rows[] = {1, 2, 0, 2, 0, 1, 2};
    static const uint32_t sides[] = {1, 1, 1, 1, 1, 1, 2};
    static const int64_t edge_ptr[] = {0, 2, 3, 3};
    static const uint32_t a[] = {0, 0, 1}, b[] = {1, 2, 2};
    static const uint32_t fw[] = {1, 0, 1}, bw[] = {0, 1, 0};
    static const uint32_t corner[] = {0, 2, NO, 1};
    expected x = {3, 7, 3, ptr, rows, sides, edge_ptr, a, b, fw, bw, corner};
    mm_context ctx = mmt_context();
    mmi_edges E;
    build(ctx, 3, 1, fptr, frows, &E);
    check(&E, &x, 4);
    mmi_mesh_edges_release(ctx, &E);
    mm_context_free(&ctx);
}
END_TEST

/* A closed fan of 40 triangles (0, i, i+1) around vertex 0 (its column holds
 * 80 keys, past the insertion-sort length): column 0 is {1, …, 40}, each with
 * value 2 and one side each way; edge (0, i) is edge i - 1. */
START_TEST(long_column_of_a_pole_is_sorted)
{
    enum { N = 40 };
    int64_t fptr[N + 1];
    uint32_t frows[3 * N];
    for (int i = 0; i < N; ++i) {
        fptr[i] = 3 * i;
        frows[3 * i] = 0;
        frows[3 * i + 1] = (uint32_t)(i + 1);
        frows[3 * i + 2] = (uint32_t)(i + 1 < N ? i + 2 : 1);
    }
    fptr[N] = 3 * N;
    mm_context ctx = mmt_context();
    mmi_edges E;
    build(ctx, N + 1, N, fptr, frows, &E);
    ck_assert_int_eq(E.ptr[1], N);
    ck_assert_int_eq(E.edge_ptr[1], N);
    ck_assert_int_eq(E.num_edges, 2 * N);
    for (int i = 0; i < N; ++i) {
        ck_assert_uint_eq(E.rows[i], (uint32_t)(i + 1));
        ck_assert_uint_eq(E.sides[i], 2);
        ck_assert_uint_eq(E.b[i], (uint32_t)(i + 1));
        ck_assert_uint_eq(E.forward[i], 1);
        ck_assert_uint_eq(E.backward[i], 1);
        ck_assert_uint_eq(E.corner_edge[3 * i], (uint32_t)i);
    }
    mmi_mesh_edges_release(ctx, &E);
    mm_context_free(&ctx);
}
END_TEST

/* Properties of E on real meshes (non-manifold, repeated vertices, n-gons):
 * columns strictly sorted; E symmetric; Σ E = 2 nnz(M); forward + backward =
 * E(b, a); edges sorted by (a, b) with a < b; corner_edge names the side's ends. */
static const char *property_meshes[] = {
    "opensubdiv/catmark_nonman_edges.obj", "opensubdiv/loop_nonman_edges.obj",
    "opensubdiv/catmark_nonman_quadpole8.obj", "robust/assimp_concave_polygon.obj",
    "opensubdiv/catmark_pole360.obj", "control/cgal_double_torus.obj",
};

#define NUM_PROPERTY_MESHES ((int)(sizeof property_meshes / sizeof *property_meshes))
/* Indices into property_meshes of those present (found in main). */
static int present[NUM_PROPERTY_MESHES], num_present;

static int64_t find(const mmi_edges *E, uint32_t col, uint32_t row)
{
    for (int64_t p = E->ptr[col]; p < E->ptr[col + 1]; ++p)
        if (E->rows[p] == row) return p;
    return -1;
}

START_TEST(edge_matrix_properties_on_shared_meshes)
{
    const char *path = mmt_shared_model(property_meshes[present[_i]]);
    ck_assert_ptr_nonnull(path);
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    mm_read_options o = mm_read_options_default();
    o.keep_repeated = 1;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, path, &o));
    mmi_host_faces hf;
    mmi_edges E;
    MMT_OK(ctx, mmi_host_faces_get(ctx, mesh, &hf));
    MMT_OK(ctx, mmi_mesh_edges_build(ctx, &hf, &E));
    int64_t total = 0;
    for (uint32_t i = 0; i < (uint32_t)E.num_vertices; ++i)
        for (int64_t p = E.ptr[i]; p < E.ptr[i + 1]; ++p) {
            if (p > E.ptr[i]) ck_assert_uint_lt(E.rows[p - 1], E.rows[p]);
            int64_t q = find(&E, E.rows[p], i);
            ck_assert_int_ge(q, 0);
            ck_assert_uint_eq(E.sides[q], E.sides[p]);
            total += E.sides[p];
        }
    ck_assert_int_eq(total, 2 * hf.nnz);
    for (int64_t e = 0; e < E.num_edges; ++e) {
        ck_assert_uint_lt(E.a[e], E.b[e]);
        if (e > 0)
            ck_assert(E.a[e - 1] < E.a[e] || (E.a[e - 1] == E.a[e] && E.b[e - 1] < E.b[e]));
        ck_assert_int_ge(e, E.edge_ptr[E.a[e]]);
        ck_assert_int_lt(e, E.edge_ptr[E.a[e] + 1]);
        ck_assert_uint_eq(E.forward[e] + E.backward[e], E.sides[find(&E, E.a[e], E.b[e])]);
    }
    for (int64_t f = 0; f < hf.num_faces; ++f)
        for (int64_t k = hf.ptr[f]; k < hf.ptr[f + 1]; ++k) {
            uint32_t i = hf.rows[k], j = hf.rows[k + 1 < hf.ptr[f + 1] ? k + 1 : hf.ptr[f]];
            uint32_t e = E.corner_edge[k];
            if (i == j) {
                ck_assert_uint_eq(e, NO);
                continue;
            }
            ck_assert_uint_eq(E.a[e], i < j ? i : j);
            ck_assert_uint_eq(E.b[e], i < j ? j : i);
        }
    mmi_mesh_edges_release(ctx, &E);
    mmi_host_faces_release(ctx, &hf);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static mm_status build_edges(mm_context ctx, void *hf)
{
    mmi_edges E;
    mm_status st = mmi_mesh_edges_build(ctx, hf, &E);
    if (st == MM_OK) {
        mmi_mesh_edges_release(ctx, &E);
    } else {
        ck_assert_ptr_null(E.ptr);
        ck_assert_ptr_null(E.corner_edge);
    }
    return st;
}

/* Every allocation of the build fails in turn: MM_ERR_OUT_OF_MEMORY, nothing
 * left allocated, E left empty. */
START_TEST(allocation_failures_leak_nothing)
{
    static const int64_t fptr[] = {0, 4, 8, 11, 14};
    static const uint32_t frows[] = {0, 1, 4, 3, 1, 2, 5, 4, 3, 4, 6, 4, 5, 6};
    mmi_host_faces hf = {7, 4, 14, fptr, frows, NULL, NULL};
    mm_context ctx = mmt_context();
    ck_assert_int_gt(mmt_sweep_allocations(ctx, build_edges, &hf), 0);
    mm_context_free(&ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mesh_edges");
    TCase *tc = tcase_create("by_hand");
    tcase_add_test(tc, quad_edge_matrix_by_hand);
    tcase_add_test(tc, two_triangles_share_one_edge);
    tcase_add_test(tc, mixed_mesh_with_boundary_by_hand);
    tcase_add_test(tc, repeated_vertex_lies_on_the_diagonal);
    tcase_add_test(tc, long_column_of_a_pole_is_sorted);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    num_present = mmt_need_shared_models(property_meshes, NUM_PROPERTY_MESHES,
                                         "the edge matrix properties on shared meshes", present);
    if (num_present > 0) {
        TCase *props = mmt_models_tcase();
        tcase_set_timeout(props, 60);
        tcase_add_loop_test(props, edge_matrix_properties_on_shared_meshes, 0, num_present);
        suite_add_tcase(s, props);
    }
    return s;
}

int main(void)
{
    return mmt_run(suite());
}
