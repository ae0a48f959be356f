// test_subdiv_limit.cpp: limit positions and tangents (issue 20, point 2,
// mm_subdiv_limit) against OpenSubdiv 3.5 Far (Debian libosd-dev):
// PrimvarRefinerReal<double>::Limit(src, pos, tan1, tan2), with the same Sdc
// options (both boundary rules, both creasing methods).
//
// Each cage (with random crease / corner tags from oracle_tags.hpp, fixed
// seeds) is refined by mm_subdivide to level L (1-3) and its result handed to
// mm_subdiv_limit. Two oracles:
//   level    Far's refiner of meshmat's level-L mesh itself (its faces and
//            the tags mm_subdivide carried, refined 0 levels): positions,
//            T1 and T2 of every vertex within 1e-12 of the shape's size.
//   refined  Far's refiner of the cage refined L levels (the brief's oracle),
//            its vertices matched to meshmat's by position: positions of
//            every vertex; T1 and T2 of every boundary vertex (whose edge
//            order starts at its boundary edge in both); T1 × T2 of every
//            inner smooth or dart vertex (Far orders an inner vertex from a
//            face its refinement history picks, which turns T1 and T2 in the
//            tangent plane but keeps T1 × T2: docs/limit.md). Inner crease and
//            corner vertices' tangents depend on that start and are left to
//            the level oracle (counted, reported).
// Also: float32 data against float64; normals against a finite-difference
// estimate on a dense refinement (independent of Far: the fan of a vertex
// three levels further down); the limit of level L against the limit of
// level L + 3 at the same vertex; positions alone on meshes that are not
// 2-manifolds against Far (their tangents refused); bad input; and (models
// test case) the OpenSubdiv regression shapes of ../shared/models/opensubdiv.
// MESHMAT_TEST_BACKEND=cuda runs it on the GPU (the stencils apply there).
#include <opensubdiv/far/primvarRefiner.h>

#include <unordered_map>

#include "nonmanifold_shapes.hpp"
#include "oracle_tags.hpp"
extern "C" {
#include "test_util.h"
}
#undef fail

using namespace OpenSubdiv;
using namespace oracle;

namespace {

struct Case {
    Shape shape;
    Tags tags;
    mm_scheme scheme;
};

std::vector<Case> cases;

Shape icosahedron()
{
    Shape s;
    s.name = "generated icosahedron";
    double p = (1 + std::sqrt(5.0)) / 2;
    double v[12][3] = {{-1, p, 0}, {1, p, 0}, {-1, -p, 0}, {1, -p, 0}, {0, -1, p}, {0, 1, p},
                       {0, -1, -p}, {0, 1, -p}, {p, 0, -1}, {p, 0, 1}, {-p, 0, -1}, {-p, 0, 1}};
    for (auto &x : v) add_vertex(s, x[0] * 1.1, x[1] * 0.9, x[2]);
    int f[20][3] = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
                    {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
                    {3, 8, 9},  {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
    for (auto &x : f) add_face(s, {x[0], x[1], x[2]});
    return s;
}

void make_cases()
{
    std::vector<Shape> quads = {cube_grid(1), cube_grid(2), grid("generated open grid 5x4", 5, 4),
                                mixed_grid(5, 4), torus(6, 5)};
    Shape prisms;
    prisms.name = "generated prisms of 3, 5 and 7 sides";
    for (int n : {3, 5, 7}) add_prism(prisms, n, 3.0 * n);
    quads.push_back(prisms);
    unsigned seed = 5;
    for (const Shape &s : quads) {
        cases.push_back({s, Tags(), MM_SCHEME_CATMULL_CLARK});
        Case c = {s, random_tags(s, seed++, 0), MM_SCHEME_CATMULL_CLARK};
        c.shape.name += " with tags";
        cases.push_back(c);
    }
    std::vector<Shape> tris = {icosahedron(), triangulate(cube_grid(2), "generated triangulated cube"),
                               triangulate(grid("", 5, 4), "generated open triangle grid 5x4"), fan(5)};
    for (const Shape &s : generated_triangles())
        if (s.name.find("unreferenced") != std::string::npos) tris.push_back(s);
    for (const Shape &s : tris) {
        cases.push_back({s, Tags(), MM_SCHEME_LOOP});
        Case c = {s, random_tags(s, seed++, 0), MM_SCHEME_LOOP};
        c.shape.name += " with tags";
        cases.push_back(c);
    }
    // Catmull-Clark on the unreferenced vertex too (a vertex in no face).
    for (const Shape &s : generated_triangles())
        if (s.name.find("unreferenced") != std::string::npos) cases.push_back({s, Tags(), MM_SCHEME_CATMULL_CLARK});
}

// --- meshmat's side ---------------------------------------------------------------

struct Limit {
    std::vector<double> x, p, t1, t2;  // level-L points, limit, tangents (3 per vertex)
    Shape level;                       // the level-L mesh
    Tags tags;                         // and its tags
    int64_t nv = 0;
};

std::vector<double> export_dense(mm_dense X)
{
    int64_t n = 0, d = 0;
    mm_type t;
    mm_dense_shape(X, &n, &d, &t);
    std::vector<double> out((size_t)(n * d));
    if (t == MM_TYPE_FLOAT64) mm_dense_export(X, out.data());
    else {
        std::vector<float> f(out.size());
        mm_dense_export(X, f.data());
        for (size_t i = 0; i < f.size(); ++i) out[i] = f[i];
    }
    return out;
}

// mm_subdivide to `levels`, then mm_subdiv_limit of the result (X: NULL,
// or the result's points as float32 when f32; positions alone unless
// tangents).
std::string meshmat_limit(mm_context ctx, const Case &c, mm_boundary b, mm_creasing cr, int levels,
                          Limit &out, bool f32 = false, bool tangents = true)
{
    std::string err;
    mm_mesh cage = make_tagged_mesh(ctx, c.shape, c.tags, &err);
    if (!cage) return err;
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = c.scheme;
    o.levels = levels;
    o.boundary = b;
    o.creasing = cr;
    mm_mesh m = NULL;
    mm_dense P = NULL, T1 = NULL, T2 = NULL, X = NULL;
    mm_status st = mm_subdivide(ctx, cage, &o, &m);
    mm_mesh_free(&cage);
    if (st != MM_OK) return std::string("mm_subdivide: ") + mm_last_error(ctx);
    mm_mesh_info info;
    mm_mesh_info_get(m, &info);
    std::vector<int64_t> off((size_t)info.num_faces + 1);
    std::vector<uint32_t> ids((size_t)info.nnz), cv((size_t)(2 * info.num_creases)), kv((size_t)info.num_corners),
        hv((size_t)info.num_holes);
    std::vector<float> cs((size_t)info.num_creases), ks((size_t)info.num_corners);
    out.x.assign((size_t)(3 * info.num_vertices), 0.0);
    mm_mesh_arrays a = {out.x.data(), off.data(), ids.data(), cv.data(), cs.data(), kv.data(), ks.data(), hv.data()};
    mm_mesh_export(m, &a);
    out.nv = info.num_vertices;
    out.level = Shape();
    out.level.nv = (int)info.num_vertices;
    out.level.xyz = out.x;
    for (int64_t f = 0; f < info.num_faces; ++f) out.level.counts.push_back((int)(off[(size_t)f + 1] - off[(size_t)f]));
    out.level.ids.assign(ids.begin(), ids.end());
    out.tags = Tags();
    out.tags.crease_pairs.assign(cv.begin(), cv.end());
    out.tags.crease_sharpness = cs;
    out.tags.corners.assign(kv.begin(), kv.end());
    out.tags.corner_sharpness = ks;
    out.tags.holes.assign(hv.begin(), hv.end());
    if (f32) {
        std::vector<float> xf(out.x.begin(), out.x.end());
        if (mm_dense_import(ctx, &X, info.num_vertices, 3, MM_TYPE_FLOAT32, xf.data()) != MM_OK)
            err = std::string("mm_dense_import: ") + mm_last_error(ctx);
    }
    if (err.empty() && mm_subdiv_limit(ctx, m, &o, X, &P, tangents ? &T1 : NULL,
                                       tangents ? &T2 : NULL) != MM_OK)
        err = std::string("mm_subdiv_limit: ") + mm_last_error(ctx);
    if (err.empty()) {
        out.p = export_dense(P);
        if (tangents) out.t1 = export_dense(T1), out.t2 = export_dense(T2);
    }
    mm_dense_free(&P);
    mm_dense_free(&T1);
    mm_dense_free(&T2);
    mm_dense_free(&X);
    mm_mesh_free(&m);
    return err;
}

// --- Far's side --------------------------------------------------------------------

struct FarLimit {
    std::vector<FarVtx> x, p, t1, t2;
};

// Far's limit at the last level of r, from that level's points.
void far_limit(const Far::TopologyRefiner &r, const std::vector<FarVtx> &x, FarLimit &out)
{
    size_t n = x.size();
    out.x = x;
    out.p.resize(n);
    out.t1.resize(n);
    out.t2.resize(n);
    Far::PrimvarRefinerReal<double> pr(r);
    pr.Limit(out.x.data(), out.p, out.t1, out.t2);
}

double dist(const double *a, const double *b)
{
    return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

void cross(const double *a, const double *b, double *c)
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

struct Counts {
    long positions = 0, tangents = 0, crosses = 0, left_to_level = 0;
};
Counts total;

std::string fmt_vertex(const char *what, int64_t v, double err, double tol)
{
    char b[200];
    std::snprintf(b, sizeof b, "%s of vertex %lld off by %.3g (tolerance %.3g)", what, (long long)v, err, tol);
    return b;
}

// The level oracle: Far's refiner of meshmat's level-L mesh, 0 levels.
std::string against_level(const Case &c, mm_boundary b, mm_creasing cr, const Limit &m, double tol)
{
    Far::TopologyRefiner *r = far_refiner(m.level, &m.tags, c.scheme, b, cr, 0);
    if (!r) return "Far refuses the level-L mesh";
    std::vector<FarVtx> x((size_t)m.nv);
    for (int64_t v = 0; v < m.nv; ++v)
        for (int k = 0; k < 3; ++k) x[(size_t)v].p[k] = m.x[(size_t)(3 * v + k)];
    FarLimit f;
    far_limit(*r, x, f);
    delete r;
    for (int64_t v = 0; v < m.nv; ++v) {
        const double *mp = &m.p[(size_t)(3 * v)], *m1 = &m.t1[(size_t)(3 * v)], *m2 = &m.t2[(size_t)(3 * v)];
        double e0 = dist(mp, f.p[(size_t)v].p), e1 = dist(m1, f.t1[(size_t)v].p), e2 = dist(m2, f.t2[(size_t)v].p);
        if (!(e0 <= tol)) return fmt_vertex("level oracle: position", v, e0, tol);
        if (!(e1 <= tol)) return fmt_vertex("level oracle: T1", v, e1, tol);
        if (!(e2 <= tol)) return fmt_vertex("level oracle: T2", v, e2, tol);
        total.positions += 1;
        total.tangents += 2;
    }
    return "";
}

// Far's level-L vertices → meshmat's, by position (a hash of cells of size h).
std::string match_by_position(const std::vector<FarVtx> &far, const std::vector<double> &mm, double h,
                              std::vector<int64_t> &map)
{
    auto key = [h](const double *p, int dx, int dy, int dz) {
        long long a = (long long)std::floor(p[0] / h) + dx, b = (long long)std::floor(p[1] / h) + dy,
                  c = (long long)std::floor(p[2] / h) + dz;
        return (a * 73856093LL) ^ (b * 19349663LL) ^ (c * 83492791LL);
    };
    std::unordered_multimap<long long, int64_t> cells;
    size_t n = mm.size() / 3;
    if (far.size() != n) return "Far has " + std::to_string(far.size()) + " vertices, meshmat " + std::to_string(n);
    for (size_t v = 0; v < n; ++v) cells.insert({key(&mm[3 * v], 0, 0, 0), (int64_t)v});
    map.assign(n, -1);
    std::vector<char> used(n, 0);
    for (size_t v = 0; v < n; ++v) {
        int64_t best = -1;
        double bd = 1e300;
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dz = -1; dz <= 1; ++dz) {
                    auto range = cells.equal_range(key(far[v].p, dx, dy, dz));
                    for (auto it = range.first; it != range.second; ++it) {
                        double d = dist(far[v].p, &mm[(size_t)(3 * it->second)]);
                        if (d < bd) bd = d, best = it->second;
                    }
                }
        if (best >= 0 && used[(size_t)best]) return "coincident";  // two vertices at one point
        if (best < 0 || bd > h * 1e-3)
            return "Far's vertex " + std::to_string(v) + " has no meshmat vertex at its position";
        used[(size_t)best] = 1;
        map[v] = best;
    }
    return "";
}

// The refined oracle: Far's refiner of the cage, L levels.
std::string against_refined(const Case &c, mm_boundary b, mm_creasing cr, int levels, const Limit &m, double tol)
{
    Far::TopologyRefiner *r = far_refiner(c.shape, c.tags.empty() ? nullptr : &c.tags, c.scheme, b, cr, levels);
    if (!r) return "Far refuses the cage";
    std::vector<std::vector<FarVtx>> pos = far_positions(*r, c.shape);
    FarLimit f;
    far_limit(*r, pos.back(), f);
    std::vector<int64_t> map;
    std::string err = match_by_position(pos.back(), m.x, shape_size(c.shape) * 1e-4, map);
    if (err == "coincident") {  // e.g. quads back to back: the level oracle alone
        mmt_skip((c.shape.name + " L" + std::to_string(levels)).c_str(),
                 "refined oracle: vertices at one point cannot be matched by position");
        delete r;
        return "";
    }
    const Far::TopologyLevel &L = r->GetLevel(levels);
    for (size_t v = 0; err.empty() && v < map.size(); ++v) {
        int64_t w = map[v];
        const double *mp = &m.p[(size_t)(3 * w)], *m1 = &m.t1[(size_t)(3 * w)], *m2 = &m.t2[(size_t)(3 * w)];
        double e0 = dist(mp, f.p[v].p);
        if (!(e0 <= tol)) err = fmt_vertex("refined oracle: position", w, e0, tol);
        total.positions += 1;
        Sdc::Crease::Rule rule = L.GetVertexRule((int)v);
        bool smooth = rule == Sdc::Crease::RULE_SMOOTH || rule == Sdc::Crease::RULE_DART;
        bool valence2 = c.scheme == MM_SCHEME_CATMULL_CLARK && L.GetVertexFaces((int)v).size() == 2;
        if (L.GetVertexFaces((int)v).size() == 0) continue;
        if (L.IsVertexBoundary((int)v)) {
            double e1 = dist(m1, f.t1[v].p), e2 = dist(m2, f.t2[v].p);
            if (err.empty() && !(e1 <= tol)) err = fmt_vertex("refined oracle: boundary T1", w, e1, tol);
            if (err.empty() && !(e2 <= tol)) err = fmt_vertex("refined oracle: boundary T2", w, e2, tol);
            total.tangents += 2;
        } else if (smooth && !valence2) {
            double a[3], z[3];
            cross(m1, m2, a);
            cross(f.t1[v].p, f.t2[v].p, z);
            double scale = std::max(1e-30, std::sqrt(z[0] * z[0] + z[1] * z[1] + z[2] * z[2]));
            double e = dist(a, z) / scale;
            if (err.empty() && !(e <= 1e-10)) err = fmt_vertex("refined oracle: T1 x T2 (relative)", w, e, 1e-10);
            total.crosses += 1;
        } else {
            total.left_to_level += 1;
        }
    }
    delete r;
    return err;
}

struct Config {
    mm_boundary b;
    mm_creasing cr;
    int levels;
};

std::vector<Config> configs()
{
    std::vector<Config> out;
    for (int l = 1; l <= 3; ++l)
        for (mm_boundary b : {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_EDGE_AND_CORNER})
            for (mm_creasing cr : {MM_CREASING_UNIFORM, MM_CREASING_CHAIKIN}) out.push_back({b, cr, l});
    out.push_back({MM_BOUNDARY_NONE, MM_CREASING_UNIFORM, 2});
    return out;
}

std::string label(const Case &c, const Config &k)
{
    char b[300];
    std::snprintf(b, sizeof b, "%s [%s %s %s L%d]", c.shape.name.c_str(),
                  c.scheme == MM_SCHEME_LOOP ? "loop" : "catmark",
                  k.b == MM_BOUNDARY_EDGE_ONLY ? "edge-only" : k.b == MM_BOUNDARY_NONE ? "none" : "edge-and-corner",
                  k.cr == MM_CREASING_CHAIKIN ? "chaikin" : "uniform", k.levels);
    return b;
}

std::vector<std::string> run_case(mm_context ctx, const Case &c)
{
    std::vector<std::string> failed;
    double size = shape_size(c.shape), tol = 1e-12 * size;
    for (const Config &k : configs()) {
        if (c.tags.empty() && k.cr == MM_CREASING_CHAIKIN) continue;
        Limit m;
        std::string err = meshmat_limit(ctx, c, k.b, k.cr, k.levels, m);
        if (err.empty()) err = against_level(c, k.b, k.cr, m, tol);
        if (err.empty()) err = against_refined(c, k.b, k.cr, k.levels, m, tol);
        if (!err.empty()) {
            failed.push_back(label(c, k) + ": " + err);
            std::fprintf(stderr, "FAIL: %s\n", failed.back().c_str());
        }
    }
    return failed;
}

START_TEST(generated_against_far)
{
    mm_context ctx = mmt_context();
    std::vector<std::string> failed = run_case(ctx, cases[(size_t)_i]);
    std::printf("%s: %ld positions, %ld tangents, %ld T1 x T2 compared; %ld inner crease/corner "
                "tangents left to the level oracle\n",
                cases[(size_t)_i].shape.name.c_str(), total.positions, total.tangents, total.crosses,
                total.left_to_level);
    mm_context_free(&ctx);
    ck_assert_msg(failed.empty(), "%zu configurations failed; first: %s", failed.size(),
                  failed.empty() ? "" : failed[0].c_str());
}
END_TEST

// Three strips of two quads sharing a bent chain of two edges (0-1-2): vertex
// 1 lies inside the fin (two edges of three faces, no boundary), so Far
// leaves it unsharpened and it takes the crease rule along the chain.
Shape bent_fin()
{
    Shape s;
    s.name = "generated fin along a bent chain of two edges";
    const double chain[3][3] = {{0, 0, 0}, {1, 0, 0.3}, {2, 0.1, 0}};
    const double side[3][3] = {{0, 1, 0.1}, {0.1, -0.5, 0.87}, {-0.1, -0.5, -0.87}};
    for (auto &p : chain) add_vertex(s, p[0], p[1], p[2]);
    for (int k = 0; k < 3; ++k) {
        int b = s.nv;
        for (auto &p : chain)
            add_vertex(s, p[0] + side[k][0], p[1] + side[k][1], p[2] + side[k][2]);
        add_face(s, {0, 1, b + 1, b});
        add_face(s, {1, 2, b + 2, b + 1});
    }
    return s;
}

// Meshes that are not 2-manifolds (nonmanifold_shapes.hpp: a fin, a bow-tie,
// closed cubes sharing a corner, a Moebius strip, a face turned over; a fin
// along a bent chain; and the same as triangles for Loop): limit positions
// alone, at levels 1-3, against Far's Limit(src, dst) on the level (its
// vertices there are corners, or inside a fin creases along its edges of
// three faces); asking for the tangents too is refused, naming a vertex.
START_TEST(nonmanifold_positions_against_far)
{
    std::vector<Case> nm;
    std::vector<Shape> shapes = nonmanifold_shapes();
    shapes.push_back(bent_fin());
    for (const Shape &s : shapes) {
        nm.push_back({s, Tags(), MM_SCHEME_CATMULL_CLARK});
        nm.push_back({triangulate(s, s.name + " (triangles)"), Tags(), MM_SCHEME_LOOP});
    }
    mm_context ctx = mmt_context();
    int bad = 0, runs = 0;
    for (const Case &c : nm)
        for (int levels = 1; levels <= 3; ++levels)
            for (mm_boundary b : {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_EDGE_AND_CORNER}) {
                Limit m;
                double tol = 1e-12 * shape_size(c.shape);
                std::string err =
                    meshmat_limit(ctx, c, b, MM_CREASING_UNIFORM, levels, m, false, false);
                Far::TopologyRefiner *r = err.empty() ? far_refiner(m.level, &m.tags, c.scheme, b,
                                                                     MM_CREASING_UNIFORM, 0)
                                                      : nullptr;
                if (err.empty() && !r) err = "Far refuses the level";
                if (err.empty()) {
                    std::vector<FarVtx> x((size_t)m.nv), p((size_t)m.nv);
                    for (int64_t v = 0; v < m.nv; ++v)
                        for (int k = 0; k < 3; ++k) x[(size_t)v].p[k] = m.x[(size_t)(3 * v + k)];
                    Far::PrimvarRefinerReal<double>(*r).Limit(x.data(), p);
                    for (int64_t v = 0; v < m.nv && err.empty(); ++v) {
                        double e = dist(&m.p[(size_t)(3 * v)], p[(size_t)v].p);
                        if (!(e <= tol)) err = fmt_vertex("position", v, e, tol);
                    }
                }
                delete r;
                Limit t;
                std::string refused = err.empty() ? meshmat_limit(ctx, c, b, MM_CREASING_UNIFORM,
                                                                  levels, t)
                                                  : "";
                if (err.empty() && refused.find("vertex ") == std::string::npos)
                    err = "the tangents were not refused, naming a vertex";
                ++runs;
                if (!err.empty()) {
                    std::fprintf(stderr, "FAIL: %s [%s L%d]: %s\n", c.shape.name.c_str(),
                                 b == MM_BOUNDARY_EDGE_ONLY ? "edge-only" : "edge-and-corner",
                                 levels, err.c_str());
                    ++bad;
                }
            }
    std::printf("non-manifold limit positions: %d of %d runs agree with Far\n", runs - bad, runs);
    mm_context_free(&ctx);
    ck_assert_msg(bad == 0, "%d of %d runs differ from Far", bad, runs);
}
END_TEST

// float32 data gives the float64 limit to float rounding.
START_TEST(float32_data)
{
    mm_context ctx = mmt_context();
    const Case &c = cases[2];  // a tagged cube
    Limit a, b;
    std::string err = meshmat_limit(ctx, c, MM_BOUNDARY_EDGE_ONLY, MM_CREASING_UNIFORM, 2, a);
    if (err.empty()) err = meshmat_limit(ctx, c, MM_BOUNDARY_EDGE_ONLY, MM_CREASING_UNIFORM, 2, b, true);
    ck_assert_msg(err.empty(), "%s", err.c_str());
    double size = shape_size(c.shape), worst = 0;
    for (size_t i = 0; i < a.p.size(); ++i) {
        worst = std::max(worst, std::fabs(a.p[i] - b.p[i]));
        worst = std::max(worst, std::fabs(a.t1[i] - b.t1[i]) / 8);
        worst = std::max(worst, std::fabs(a.t2[i] - b.t2[i]) / 8);
    }
    mm_context_free(&ctx);
    ck_assert_msg(worst <= 1e-5 * size, "float32 differs from float64 by %g (size %g)", worst, size);
}
END_TEST

// mm_subdiv_eval_limit on a built handle (dynamic, static by levels and
// composite: the masks multiplied into R) equals mm_subdivide then
// mm_subdiv_limit (Far-checked above): positions and tangents to 1e-12 of
// the size in float64, 1e-5 in float32; a second call reuses the operators.
START_TEST(eval_limit_equals_limit_of_subdivide)
{
    const Case &c = cases[(size_t)_i];
    mm_context ctx = mmt_context();
    std::string err;
    mm_mesh cage = make_tagged_mesh(ctx, c.shape, c.tags, &err);
    ck_assert_msg(cage != NULL, "%s", err.c_str());
    double size = shape_size(c.shape);
    for (int levels = 1; levels <= 2; ++levels)
        for (mm_boundary b : {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_EDGE_AND_CORNER}) {
            Limit want;
            err = meshmat_limit(ctx, c, b, MM_CREASING_UNIFORM, levels, want);
            ck_assert_msg(err.empty(), "%s: %s", c.shape.name.c_str(), err.c_str());
            for (int how = 0; how < 3; ++how)
                for (mm_type ty : {MM_TYPE_FLOAT64, MM_TYPE_FLOAT32}) {
                    mm_subdiv_options o = mm_subdiv_options_default();
                    o.scheme = c.scheme;
                    o.levels = levels;
                    o.boundary = b;
                    o.mode = how == 0 ? MM_MODE_DYNAMIC : MM_MODE_STATIC;
                    o.static_eval = how == 1 ? MM_STATIC_LEVELS : MM_STATIC_COMPOSITE;
                    mm_subdiv sd = NULL;
                    MMT_OK(ctx, mm_subdiv_build(ctx, cage, &o, &sd));
                    std::vector<float> xf(c.shape.xyz.begin(), c.shape.xyz.end());
                    mm_dense X = NULL;
                    MMT_OK(ctx, mm_dense_import(ctx, &X, c.shape.nv, 3, ty,
                                                ty == MM_TYPE_FLOAT64 ? (const void *)c.shape.xyz.data()
                                                                      : (const void *)xf.data()));
                    for (int call = 0; call < 2; ++call) {
                        mm_dense P = NULL, T1 = NULL, T2 = NULL;
                        MMT_OK(ctx, mm_subdiv_eval_limit(sd, X, &P, call ? NULL : &T1, call ? NULL : &T2));
                        double tol = (ty == MM_TYPE_FLOAT64 ? 1e-12 : 1e-5) * size, worst = 0;
                        std::vector<double> p = export_dense(P);
                        ck_assert_int_eq((int64_t)p.size(), (int64_t)want.p.size());
                        for (size_t i = 0; i < p.size(); ++i) worst = std::max(worst, std::fabs(p[i] - want.p[i]));
                        if (!call) {
                            std::vector<double> t1 = export_dense(T1), t2 = export_dense(T2);
                            for (size_t i = 0; i < p.size(); ++i)
                                worst = std::max({worst, std::fabs(t1[i] - want.t1[i]) / 8,
                                                  std::fabs(t2[i] - want.t2[i]) / 8});
                        } else {
                            ck_assert_ptr_null(T1);
                        }
                        ck_assert_msg(worst <= tol, "%s L%d mode %d type %d: differs by %g", c.shape.name.c_str(),
                                      levels, how, (int)ty, worst);
                        mm_dense_free(&P);
                        mm_dense_free(&T1);
                        mm_dense_free(&T2);
                    }
                    mm_dense_free(&X);
                    mm_subdiv_free(&sd);
                }
        }
    // √3 and NULL are refused.
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = c.scheme;
    mm_subdiv sd = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, cage, &o, &sd));
    mm_dense P = NULL;
    ck_assert_int_eq(mm_subdiv_eval_limit(sd, NULL, &P, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_eval_limit(sd, mm_mesh_vertices(cage), NULL, NULL, NULL),
                     MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_eval_limit(NULL, mm_mesh_vertices(cage), &P, NULL, NULL),
                     MM_ERR_INVALID_ARGUMENT);
    mm_subdiv_free(&sd);
    if (c.scheme == MM_SCHEME_LOOP && c.tags.empty()) {
        o.scheme = MM_SCHEME_SQRT3;
        MMT_OK(ctx, mm_subdiv_build(ctx, cage, &o, &sd));
        ck_assert_int_eq(mm_subdiv_eval_limit(sd, mm_mesh_vertices(cage), &P, NULL, NULL),
                         MM_ERR_INVALID_ARGUMENT);
        ck_assert_ptr_null(P);
        mm_subdiv_free(&sd);
    }
    mm_mesh_free(&cage);
    mm_context_free(&ctx);
}
END_TEST

// --- normals against finite differences (no Far) -----------------------------------

// The unit normal estimated at vertex v of mesh h from its fan: the sum of
// the cross products of consecutive edges around it, face by face.
bool fan_normal(const Shape &h, int64_t v, double *n)
{
    n[0] = n[1] = n[2] = 0;
    size_t k = 0;
    bool found = false;
    for (int c : h.counts) {
        for (int i = 0; i < c; ++i)
            if (h.ids[k + (size_t)i] == v) {
                const double *p = &h.xyz[(size_t)(3 * v)];
                const double *a = &h.xyz[(size_t)(3 * h.ids[k + (size_t)((i + 1) % c)])];
                const double *b = &h.xyz[(size_t)(3 * h.ids[k + (size_t)((i + c - 1) % c)])];
                double u[3] = {a[0] - p[0], a[1] - p[1], a[2] - p[2]}, w[3] = {b[0] - p[0], b[1] - p[1], b[2] - p[2]}, x[3];
                cross(u, w, x);
                for (int j = 0; j < 3; ++j) n[j] += x[j];
                found = true;
            }
        k += (size_t)c;
    }
    double l = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (!found || l == 0) return false;
    for (int j = 0; j < 3; ++j) n[j] /= l;
    return true;
}

// Level L's limit normals against the fans three levels further down (a
// vertex keeps its id, its fan shrinks 8-fold about its limit point), and
// level L's limit positions against level L + 3's at the same vertices.
std::string normals_by_differences(mm_context ctx, const Case &c, int levels, double *worst_angle)
{
    Limit a, b;
    std::string err = meshmat_limit(ctx, c, MM_BOUNDARY_EDGE_ONLY, MM_CREASING_UNIFORM, levels, a);
    if (err.empty()) err = meshmat_limit(ctx, c, MM_BOUNDARY_EDGE_ONLY, MM_CREASING_UNIFORM, levels + 3, b);
    if (!err.empty()) return err;
    double tol = 1e-12 * shape_size(c.shape) * 4;
    *worst_angle = 0;
    for (int64_t v = 0; v < a.nv; ++v) {
        double e = dist(&a.p[(size_t)(3 * v)], &b.p[(size_t)(3 * v)]);
        if (!(e <= tol)) return fmt_vertex("limit at level L vs L + 3", v, e, tol);
        double n[3], fd[3];
        cross(&a.t1[(size_t)(3 * v)], &a.t2[(size_t)(3 * v)], n);
        double l = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (l == 0 || !fan_normal(b.level, v, fd)) continue;
        double dot = (n[0] * fd[0] + n[1] * fd[1] + n[2] * fd[2]) / l;
        double angle = std::acos(std::min(1.0, std::max(-1.0, dot)));
        *worst_angle = std::max(*worst_angle, angle);
        if (angle > 0.05) return fmt_vertex("normal vs finite differences (angle)", v, angle, 0.05);
    }
    return "";
}

START_TEST(normals_finite_differences)
{
    mm_context ctx = mmt_context();
    std::vector<Case> fd = {{cube_grid(2), Tags(), MM_SCHEME_CATMULL_CLARK},
                            {torus(6, 5), Tags(), MM_SCHEME_CATMULL_CLARK},
                            {grid("open grid", 4, 3), Tags(), MM_SCHEME_CATMULL_CLARK},
                            {icosahedron(), Tags(), MM_SCHEME_LOOP},
                            {triangulate(grid("", 4, 3), "open triangle grid"), Tags(), MM_SCHEME_LOOP}};
    for (const Case &c : fd) {
        double worst = 0;
        std::string err = normals_by_differences(ctx, c, 2, &worst);
        std::printf("%s: normals within %.4f rad of the finite differences\n", c.shape.name.c_str(), worst);
        ck_assert_msg(err.empty(), "%s: %s", c.shape.name.c_str(), err.c_str());
    }
    mm_context_free(&ctx);
}
END_TEST

// --- bad input ---------------------------------------------------------------------

START_TEST(bad_input)
{
    mm_context ctx = mmt_context();
    std::string err;
    mm_mesh quad = make_tagged_mesh(ctx, grid("", 2, 2), Tags(), &err);
    ck_assert_msg(quad != NULL, "%s", err.c_str());
    mm_subdiv_options o = mm_subdiv_options_default();
    mm_dense P = NULL, T1 = NULL, X = NULL;
    ck_assert_int_eq(mm_subdiv_limit(ctx, quad, &o, NULL, NULL, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_limit(ctx, NULL, &o, NULL, &P, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_limit(ctx, quad, NULL, NULL, &P, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_limit(NULL, quad, &o, NULL, &P, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    o.scheme = MM_SCHEME_SQRT3;
    ck_assert_int_eq(mm_subdiv_limit(ctx, quad, &o, NULL, &P, &T1, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(std::strstr(mm_last_error(ctx), "sqrt(3)") != NULL, "%s", mm_last_error(ctx));
    ck_assert_ptr_null(P);
    o.scheme = MM_SCHEME_LOOP;  // quads
    ck_assert_int_eq(mm_subdiv_limit(ctx, quad, &o, NULL, &P, NULL, NULL), MM_ERR_INVALID_MESH);
    ck_assert_msg(std::strstr(mm_last_error(ctx), "triangles") != NULL, "%s", mm_last_error(ctx));
    o.scheme = MM_SCHEME_CATMULL_CLARK;
    o.boundary = (mm_boundary)17;
    ck_assert_int_eq(mm_subdiv_limit(ctx, quad, &o, NULL, &P, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    o.boundary = MM_BOUNDARY_OF_MESH;
    std::vector<double> wrong(8 * 3, 0.0);
    MMT_OK(ctx, mm_dense_import(ctx, &X, 8, 3, MM_TYPE_FLOAT64, wrong.data()));
    ck_assert_int_eq(mm_subdiv_limit(ctx, quad, &o, X, &P, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(std::strstr(mm_last_error(ctx), "rows") != NULL, "%s", mm_last_error(ctx));
    mm_dense_free(&X);
    // Positions only: T1, T2 NULL.
    MMT_OK(ctx, mm_subdiv_limit(ctx, quad, &o, NULL, &P, NULL, NULL));
    mm_dense_free(&P);
    mm_mesh_free(&quad);

    // A bow-tie (two triangles sharing only a vertex): refused, naming it.
    Shape bow;
    bow.name = "bow-tie";
    for (double xy : {0.0, 1.0, 2.0, 3.0, 4.0}) add_vertex(bow, xy == 0 ? 0 : xy < 3 ? 1 : -1, xy == 2 ? 1 : xy == 4 ? -1 : 0, 0);
    add_face(bow, {0, 1, 2});
    add_face(bow, {0, 3, 4});
    mm_mesh m = make_tagged_mesh(ctx, bow, Tags(), &err);
    ck_assert_msg(m != NULL, "%s", err.c_str());
    ck_assert_int_eq(mm_subdiv_limit(ctx, m, &o, NULL, &P, &T1, NULL), MM_ERR_INVALID_MESH);
    ck_assert_msg(std::strstr(mm_last_error(ctx), "vertex 0") != NULL, "%s", mm_last_error(ctx));
    ck_assert_ptr_null(P);
    ck_assert_ptr_null(T1);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

// --- the shared regression shapes ----------------------------------------------------

struct Model {
    std::string name;
    Case c;
    mm_boundary b;
    mm_creasing cr;
};
std::vector<Model> models;

void find_models()
{
    std::string dir = models_root() + "/opensubdiv";
    mm_context ctx = mmt_context_on(MM_BACKEND_CPU);  // never CUDA before Check forks
    for (const char *prefix : {"catmark_", "loop_"})
        for (const std::string &n : list_dir(dir, prefix)) {
            std::string path = dir + "/" + n;
            OsdTags t;
            if (!parse_osd_tags(path, t, nullptr) || !t.others.empty()) continue;  // edits and the like
            Shape s;
            if (!ctx || !read_shape(ctx, path, n, s)) continue;
            mm_mesh mesh = make_mesh(ctx, s, MM_TYPE_FLOAT64);
            bool skip = !mesh || must_refuse(ctx, mesh) || is_nonmanifold(ctx, mesh) || s.counts.size() > 3000;
            mm_mesh_free(&mesh);
            if (n.compare(0, 5, "loop_") == 0 && back_to_back_triangles(s)) skip = true;
            if (skip) {
                mmt_skip(n.c_str(), "repeated vertices, not a 2-manifold (the limit refuses it) or large");
                continue;
            }
            Model m;
            m.name = n;
            m.c = {s, t.tags, n.compare(0, 5, "loop_") == 0 ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK};
            m.b = t.interpolateboundary == 1 ? MM_BOUNDARY_EDGE_AND_CORNER
                  : t.interpolateboundary == 0 ? MM_BOUNDARY_NONE
                                               : MM_BOUNDARY_EDGE_ONLY;
            m.cr = t.creasemethod == "chaikin" ? MM_CREASING_CHAIKIN : MM_CREASING_UNIFORM;
            models.push_back(m);
        }
    mm_context_free(&ctx);
}

START_TEST(model_against_far)
{
    mm_context ctx = mmt_context();
    const Model &m = models[(size_t)_i];
    double tol = 1e-12 * shape_size(m.c.shape);
    std::vector<std::string> failed;
    for (int levels = 1; levels <= 2; ++levels) {
        Limit lim;
        std::string err = meshmat_limit(ctx, m.c, m.b, m.cr, levels, lim);
        if (err.empty()) err = against_level(m.c, m.b, m.cr, lim, tol);
        if (err.empty()) err = against_refined(m.c, m.b, m.cr, levels, lim, tol);
        if (!err.empty()) failed.push_back(m.name + " L" + std::to_string(levels) + ": " + err);
    }
    std::printf("%s: %ld positions, %ld tangents, %ld T1 x T2 compared\n", m.name.c_str(), total.positions,
                total.tangents, total.crosses);
    mm_context_free(&ctx);
    ck_assert_msg(failed.empty(), "%s", failed.empty() ? "" : failed[0].c_str());
}
END_TEST

}  // namespace

int main(void)
{
    if (mmt_backend() == MM_BACKEND_CUDA && !mmt_cuda_available()) {
        mmt_skip("limit evaluation against Far on CUDA", "no usable CUDA device");
        return MMT_SKIP_EXIT;
    }
    make_cases();
    Suite *s = suite_create("subdiv_limit");
    TCase *gen = tcase_create("generated");
    tcase_set_timeout(gen, 600);
    tcase_add_loop_test(gen, generated_against_far, 0, (int)cases.size());
    tcase_add_test(gen, float32_data);
    tcase_add_test(gen, nonmanifold_positions_against_far);
    tcase_add_test(gen, normals_finite_differences);
    tcase_add_loop_test(gen, eval_limit_equals_limit_of_subdivide, 0, (int)cases.size());
    suite_add_tcase(s, gen);
    TCase *bad = tcase_create("bad_input");
    tcase_add_test(bad, bad_input);
    suite_add_tcase(s, bad);
    find_models();
    if (!models.empty()) {
        TCase *tm = mmt_models_tcase();
        tcase_set_timeout(tm, 600);
        tcase_add_loop_test(tm, model_against_far, 0, (int)models.size());
        suite_add_tcase(s, tm);
    } else {
        mmt_skip_models("OpenSubdiv regression shapes (catmark_*, loop_*): limit against Far");
    }
    return mmt_run(s);
}
