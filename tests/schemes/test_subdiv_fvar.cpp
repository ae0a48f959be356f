// test_subdiv_fvar.cpp: face-varying channels (issue 20, point 1) against
// OpenSubdiv 3.5 Far (Debian libosd-dev) as the oracle: a channel given to Far
// as TopologyDescriptor::FVarChannel, Sdc::Options' FVarLinearInterpolation,
// uniform refinement, PrimvarRefiner::InterpolateFaceVarying in double.
//
// Meshmat numbers refined vertices its own way, so the refined meshes are
// matched by geometry: each of meshmat's vertices is Far's vertex at the same
// position (positions agree to 1e-12, test_subdiv_creases), each face Far's
// face with the same cycle of vertices, and the channel's value at every
// corner of it must equal Far's at that corner within 1e-12 (values are of
// order 1).
//
// Test cases (Check):
//   harness     what holds without the feature, so that a broken harness cannot
//               pass: a channel whose values are the vertex positions, with one
//               value per vertex, equals the refined positions under
//               FVAR_LINEAR_NONE (a channel without seams follows the
//               vertices' rules); Far's options differ on the seamed cases.
//   generated   seamed channels on generated cages: a cube with a cross-shaped
//               layout, an open cylinder with one seam, four charts meeting at a
//               vertex, a seam ending inside a grid (a dart), a torus cut along
//               two crossing loops, random charts on a cube of quads with random
//               creases and corners, and the same on triangles for Loop; and on
//               each mesh of nonmanifold_shapes.hpp that is not a 2-manifold (a
//               fin, a bow-tie, closed cubes sharing a corner, a Moebius strip, a
//               face turned over), quads and triangles: one value per vertex, a
//               chart per face, charts by place, a fin whose three faces
//               share values two against one, random charts, creases and
//               corners on three of them, and a cube and a grid glued at
//               random vertices or edges: every interpolation option,
//               levels 1-3, both boundary rules, both creasing methods where
//               tagged, paths GENERIC and AUTO, static mode; and the same
//               configurations of levels 1-2 on one mesh in turn, each twice,
//               the channel's values changed in place between (the value
//               mesh mm_subdivide keeps for the next call).
//   api         mm_mesh_add_fvar's refusals (a value out of range names the face
//               and corner; dim, type, NULL), names, √3 refused, a channel
//               carried through mm_subdivide with its name; faces that repeat
//               a vertex on a mesh that is not a 2-manifold refused; values
//               written in place refused when not finite, on every call.
//   models      the shared robust/ meshes (bow-ties, fins, flipped faces as
//               downloaded) up to 5000 faces, but those with faces repeating
//               a vertex: charts by place against Far, Catmull-Clark and Loop,
//               levels 1-2; coincident vertices moved apart first.
// MESHMAT_TEST_BACKEND=cuda runs it on the GPU.
#include <array>
#include <cmath>
#include <functional>
#include <map>

#include "nonmanifold_shapes.hpp"
#include "oracle_tags.hpp"
// Check last: check.h defines a macro `fail` that would rewrite oracle::fail.
extern "C" {
#include "test_util.h"
}
#undef fail

using namespace OpenSubdiv;
using namespace oracle;

namespace {

// A channel: values (dim 2) and one value id per face corner.
struct Channel {
    std::vector<double> values;
    std::vector<int> corners;
    int num_values() const { return (int)(values.size() / 2); }
};

struct FvCase {
    std::string name;
    Shape shape;
    Tags tags;
    Channel channel;
    mm_scheme scheme;
};

std::vector<FvCase> cases;

// A channel from a key per corner: corners with equal (vertex, key) share a
// value; values are pseudo-random in [0, 1)² (the rules do not look at them).
Channel channel_by_key(const Shape &s, const std::function<int(int face, int corner)> &key)
{
    Channel c;
    std::map<std::pair<int, int>, int> id;
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    size_t k = 0;
    for (size_t f = 0; f < s.counts.size(); ++f)
        for (int i = 0; i < s.counts[f]; ++i, ++k) {
            auto at = std::make_pair(s.ids[k], key((int)f, i));
            auto it = id.find(at);
            if (it == id.end()) {
                it = id.emplace(at, c.num_values()).first;
                c.values.push_back(u(rng));
                c.values.push_back(u(rng));
            }
            c.corners.push_back(it->second);
        }
    return c;
}

// The centroid of face f of s.
std::array<double, 3> centroid(const Shape &s, int f)
{
    size_t k = 0;
    for (int g = 0; g < f; ++g) k += (size_t)s.counts[(size_t)g];
    std::array<double, 3> c = {0, 0, 0};
    for (int i = 0; i < s.counts[(size_t)f]; ++i)
        for (int d = 0; d < 3; ++d) c[(size_t)d] += s.xyz[(size_t)(3 * s.ids[k + (size_t)i] + d)];
    for (double &x : c) x /= s.counts[(size_t)f];
    return c;
}

// Cube of n × n quads per side, charts by side: the four sides around z in one
// strip, top and bottom each their own (a cross-shaped layout).
FvCase cube_cross(int n)
{
    FvCase c;
    c.shape = cube_grid(n);
    c.name = "cube with a cross layout";
    c.scheme = MM_SCHEME_CATMULL_CLARK;
    const Shape &s = c.shape;
    c.channel = channel_by_key(s, [&](int f, int) {
        std::array<double, 3> m = centroid(s, f);
        double ax = std::fabs(m[0]), ay = std::fabs(m[1]), az = std::fabs(m[2]);
        if (az >= ax && az >= ay) return m[2] > 0 ? 1 : 2;  // top, bottom
        return 0;                                            // the strip
    });
    return c;
}

// An open cylinder (a grid wrapped around z) cut along one line of edges.
FvCase cylinder(int around, int up)
{
    FvCase c;
    c.name = "open cylinder with one seam";
    c.scheme = MM_SCHEME_CATMULL_CLARK;
    Shape &s = c.shape;
    s.name = c.name;
    for (int j = 0; j <= up; ++j)
        for (int i = 0; i < around; ++i)
            add_vertex(s, std::cos(2 * M_PI * i / around), std::sin(2 * M_PI * i / around), 0.5 * j);
    for (int j = 0; j < up; ++j)
        for (int i = 0; i < around; ++i) {
            int i1 = (i + 1) % around;
            add_face(s, {j * around + i, j * around + i1, (j + 1) * around + i1, (j + 1) * around + i});
        }
    // The last column of faces names other values at the seam vertices (i = 0).
    c.channel = channel_by_key(s, [&](int f, int k) {
        int col = f % around;
        int v = s.ids[(size_t)(4 * f + k)];
        return col == around - 1 && v % around == 0 ? 1 : 0;
    });
    return c;
}

// A grid whose four quadrants are charts meeting at the centre vertex.
FvCase quadrants(int n)
{
    FvCase c;
    c.shape = grid("grid of four charts", 2 * n, 2 * n);
    c.name = c.shape.name;
    c.scheme = MM_SCHEME_CATMULL_CLARK;
    c.channel = channel_by_key(c.shape, [n](int f, int) {
        int x = f % (2 * n), y = f / (2 * n);
        return (x < n ? 0 : 1) + (y < n ? 0 : 2);
    });
    return c;
}

// A grid cut from its boundary to its centre: the seam ends inside (a dart).
FvCase dart(int n)
{
    FvCase c;
    c.shape = grid("grid with a seam ending inside", 2 * n, 2 * n);
    c.name = c.shape.name;
    c.scheme = MM_SCHEME_CATMULL_CLARK;
    const Shape &s = c.shape;
    int w = 2 * n + 1, centre = n * w + n;
    // Faces above the cut line (y = n, x < n) name other values on it, but
    // at its inner end (the centre).
    c.channel = channel_by_key(s, [&](int f, int k) {
        int x = f % (2 * n), y = f / (2 * n);
        int v = s.ids[(size_t)(4 * f + k)];
        bool on_cut = v / w == n && v % w < n && v != centre;
        return y >= n && x < n && on_cut ? 1 : 0;
    });
    return c;
}

// A torus cut along one loop around each direction: four values where they cross.
FvCase torus_cut(int nu, int nv)
{
    FvCase c;
    c.shape = torus(nu, nv);
    c.name = "torus cut along two loops";
    c.scheme = MM_SCHEME_CATMULL_CLARK;
    const Shape &s = c.shape;
    c.channel = channel_by_key(s, [&](int f, int k) {
        int i = f / nv, j = f % nv;
        int v = s.ids[(size_t)(4 * f + k)];
        int vi = v / nv, vj = v % nv;
        return (i == nu - 1 && vi == 0 ? 1 : 0) + (j == nv - 1 && vj == 0 ? 2 : 0);
    });
    return c;
}

// Charts by place: faces grouped by a coarse cell of their centroid.
int chart_of_place(const Shape &s, int f)
{
    std::array<double, 3> m = centroid(s, f);
    unsigned h = 0;
    for (double x : m) h = h * 31u + (unsigned)(int)std::floor(1.7 * x + 3.0);
    return (int)(h % 5u);
}

// Random charts (faces grouped by a coarse cell of their centroid) and
// random tags on a shape.
FvCase random_charts(const Shape &s, const std::string &name, mm_scheme scheme, unsigned seed,
                     int holes = 0)
{
    FvCase c;
    c.shape = s;
    c.name = name;
    c.scheme = scheme;
    c.tags = random_tags(s, seed, holes);
    c.channel = channel_by_key(c.shape, [&](int f, int) { return chart_of_place(c.shape, f); });
    return c;
}

// Case q on triangles for Loop: each face fanned from its first corner, each
// triangle's corners keeping the values of q's corners they were.
FvCase triangulated(const FvCase &q)
{
    FvCase t;
    t.shape = triangulate(q.shape, q.name + " (triangles)");
    t.name = t.shape.name;
    t.scheme = MM_SCHEME_LOOP;
    t.channel.values = q.channel.values;
    size_t k = 0;
    for (size_t f = 0; f < q.shape.counts.size(); ++f) {
        int c = q.shape.counts[f];
        for (int i = 1; i + 1 < c; ++i)
            for (int j : {0, i, i + 1})
                t.channel.corners.push_back(q.channel.corners[k + (size_t)j]);
        k += (size_t)c;
    }
    return t;
}

// A bow-tie of two fans of two quads at vertex 0, the faces taking turns
// between the fans (fan 0: faces 0 and 2, fan 1: faces 1 and 3, each pair
// sharing an edge at vertex 0): a channel with a value per fan there names
// them in face order 0, 1, 0, 1, which Far's shortcut for a vertex's second
// value would number as three siblings, cutting the edge between faces 1
// and 3 that the channel does not cut.
FvCase bowtie_taking_turns()
{
    FvCase c;
    Shape &s = c.shape;
    s.name = "generated bow-tie of two fans taking turns at its vertex";
    const double p[][3] = {{0, 0, 0},       {1, 0, 0},     {1, 1, 0.2},  {0, 1, 0},
                           {-0.5, -1, 0.3}, {0, -1.5, 0.2}, {0.5, -1, 0.1}, {-1, 1, 0.1},
                           {-1, 0.2, 0},    {1, -0.6, 0.2}, {0.9, -0.15, 0}};
    for (auto &v : p) add_vertex(s, v[0], v[1], v[2]);
    add_face(s, {0, 1, 2, 3});
    add_face(s, {0, 4, 5, 6});
    add_face(s, {0, 3, 7, 8});
    add_face(s, {0, 6, 9, 10});
    c.name = s.name + ", a value per fan";
    c.scheme = MM_SCHEME_CATMULL_CLARK;
    c.channel = channel_by_key(s, [](int f, int) { return f % 2; });
    return c;
}

// A cube of 2 × 2 quads a side and an open grid beside it, glued by seed:
// a vertex of one onto a vertex of the other (a bow-tie), or an edge of one
// onto an edge of the other, either way round (an edge of three or four
// faces, or one two faces pass the same way), twice. A merge that would make
// a face repeat a vertex is skipped. The glued vertices' own rows stay,
// unreferenced (refined as Far refines them: kept).
Shape glued(unsigned seed)
{
    Shape s = cube_grid(2, seed), g = grid("g", 3, 2);
    int base = s.nv;
    for (int v = 0; v < g.nv; ++v)
        add_vertex(s, g.xyz[(size_t)(3 * v)] + 4.0, g.xyz[(size_t)(3 * v + 1)],
                   g.xyz[(size_t)(3 * v + 2)]);
    size_t k = 0;
    for (int c : g.counts) {
        s.counts.push_back(c);
        for (int i = 0; i < c; ++i) s.ids.push_back(base + g.ids[k + (size_t)i]);
        k += (size_t)c;
    }
    std::mt19937 rng(seed);
    auto pick_edge = [&](size_t first_face, size_t faces, int *a, int *b) {
        size_t f = first_face + rng() % faces, at = 0;
        for (size_t i = 0; i < f; ++i) at += (size_t)s.counts[i];
        int c = s.counts[f], i = (int)(rng() % (unsigned)c);
        *a = s.ids[at + (size_t)i];
        *b = s.ids[at + (size_t)((i + 1) % c)];
    };
    size_t cube_faces = s.counts.size() - g.counts.size();
    for (int step = 0; step < 2; ++step) {
        int a0, a1, b0, b1;
        pick_edge(0, cube_faces, &a0, &a1);
        pick_edge(cube_faces, g.counts.size(), &b0, &b1);
        if (rng() % 2) std::swap(b0, b1);
        std::map<int, int> to = {{b0, a0}};
        if (rng() % 2) to[b1] = a1;  // the edge too, else the vertex alone
        std::vector<int> ids = s.ids;
        for (int &v : ids)
            if (to.count(v)) v = to[v];
        bool repeats = false;
        size_t at = 0;
        for (int c : s.counts) {
            for (int i = 0; i < c; ++i)
                for (int j = i + 1; j < c; ++j)
                    repeats |= ids[at + (size_t)i] == ids[at + (size_t)j];
            at += (size_t)c;
        }
        if (!repeats) s.ids = ids;
    }
    s.name = "generated cube and grid glued (seed " + std::to_string(seed) + ")";
    return s;
}

// Channels on a mesh that is not a 2-manifold (Far sharpens every value of a
// vertex there that is mismatched; a matched one follows the vertex).
std::vector<FvCase> nonmanifold_cases()
{
    std::vector<FvCase> out;
    for (const Shape &s : nonmanifold_shapes()) {
        std::vector<std::pair<std::string, std::function<int(int, int)>>> layouts = {
            {"one value per vertex", [](int, int) { return 0; }},
            {"a chart per face", [](int f, int) { return f; }},
            {"charts by place", [&s](int f, int) { return chart_of_place(s, f); }}};
        for (const auto &layout : layouts) {
            FvCase c;
            c.shape = s;
            c.name = s.name + ", " + layout.first;
            c.scheme = MM_SCHEME_CATMULL_CLARK;
            c.channel = channel_by_key(s, layout.second);
            out.push_back(c);
            if (layout.first != "charts by place") out.push_back(triangulated(c));
        }
    }
    // Two of the fin's three faces on its edge (0 and 1) share their values
    // there, the third (2) has its own: the edge is discontinuous, and two of
    // its faces still share one edge of values.
    FvCase c;
    c.shape = fin_shape();
    c.name = c.shape.name + ", two faces against one";
    c.scheme = MM_SCHEME_CATMULL_CLARK;
    c.channel = channel_by_key(c.shape, [](int f, int) { return f == 2 ? 1 : 0; });
    out.push_back(c);
    out.push_back(triangulated(c));
    out.push_back(bowtie_taking_turns());
    out.push_back(triangulated(bowtie_taking_turns()));
    for (unsigned seed = 1; seed <= 12; ++seed) {
        FvCase g;
        g.shape = glued(seed);
        g.scheme = MM_SCHEME_CATMULL_CLARK;
        g.name = g.shape.name + ", charts by place";
        const Shape &gs = g.shape;
        g.channel = channel_by_key(gs, [&gs](int f, int) { return chart_of_place(gs, f); });
        out.push_back(g);
        if (seed % 3 == 0) out.push_back(triangulated(g));
    }
    // With random creases and corners: Chaikin's creasing refines a level
    // at a time, each level's tags made from the refined mesh, which stays
    // non-manifold where the cage was.
    out.push_back(random_charts(kissing_cubes_shape(), "closed cubes sharing one corner, random "
                                "charts and tags", MM_SCHEME_CATMULL_CLARK, 13));
    out.push_back(random_charts(fin_shape(), "fin, random charts and tags",
                                MM_SCHEME_CATMULL_CLARK, 17));
    out.push_back(random_charts(triangulate(flipped_face_shape(), "t"), "cube of triangles, one "
                                "face turned over, random charts and tags", MM_SCHEME_LOOP, 19));
    return out;
}

void make_cases()
{
    cases.push_back(cube_cross(2));
    cases.push_back(cylinder(6, 2));
    cases.push_back(quadrants(2));
    cases.push_back(dart(2));
    cases.push_back(torus_cut(5, 4));
    cases.push_back(random_charts(cube_grid(3), "cube of quads, random charts and tags",
                                  MM_SCHEME_CATMULL_CLARK, 3));
    cases.push_back(random_charts(mixed_grid(4, 3), "mixed faces, random charts and tags",
                                  MM_SCHEME_CATMULL_CLARK, 5));
    cases.push_back(random_charts(cube_grid(3), "cube of quads, random charts, tags and holes",
                                  MM_SCHEME_CATMULL_CLARK, 9, 2));
    for (const FvCase &q : std::vector<FvCase>{cube_cross(2), quadrants(2), dart(2)})
        cases.push_back(triangulated(q));
    cases.push_back(random_charts(triangulate(cube_grid(2), "t"),
                                  "cube of triangles, random charts and tags", MM_SCHEME_LOOP, 11));
    for (const FvCase &c : nonmanifold_cases()) cases.push_back(c);
}

struct Config {
    mm_subdiv_path path;
    mm_subdiv_mode mode;
    mm_boundary boundary;
    mm_creasing creasing;
    mm_fvar_interp interp;
    int levels;
};

const char *interp_name(mm_fvar_interp f)
{
    static const char *names[] = {"none", "corners-only", "corners-plus1", "corners-plus2",
                                  "boundaries", "all"};
    return names[f];
}

std::string label(const FvCase &c, const Config &g)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, "%s [%s %s%s %s %s %s L%d]", c.name.c_str(),
                  c.scheme == MM_SCHEME_LOOP ? "loop" : "catmark",
                  g.path == MM_PATH_GENERIC ? "generic" : "auto",
                  g.mode == MM_MODE_STATIC ? " static" : "",
                  g.boundary == MM_BOUNDARY_EDGE_ONLY ? "edge-only" : "edge-and-corner",
                  g.creasing == MM_CREASING_CHAIKIN ? "chaikin" : "uniform", interp_name(g.interp),
                  g.levels);
    return buf;
}

// The meshmat mesh of a case with its channel.
mm_mesh make_fvar_mesh(mm_context ctx, const FvCase &c, std::string *err)
{
    mm_mesh mesh = make_tagged_mesh(ctx, c.shape, c.tags, err);
    if (!mesh) return NULL;
    std::vector<uint32_t> corners(c.channel.corners.begin(), c.channel.corners.end());
    mm_fvar_desc d = {};
    d.name = "uv";
    d.num_values = c.channel.num_values();
    d.dim = 2;
    d.value_type = MM_TYPE_FLOAT64;
    d.values = c.channel.values.data();
    d.corner_values = corners.data();
    if (mm_mesh_add_fvar(ctx, mesh, &d) != MM_OK) {
        *err = std::string("mm_mesh_add_fvar: ") + mm_last_error(ctx);
        mm_mesh_free(&mesh);
    }
    return mesh;
}

// A mesh's positions and faces, and its channel 0's values and corner ids.
struct Exported {
    std::vector<double> xyz, values;
    std::vector<int64_t> offsets;
    std::vector<uint32_t> ids, corners;
};

std::string export_mesh(mm_mesh m, std::vector<double> &xyz, std::vector<int64_t> &offsets,
                        std::vector<uint32_t> &ids)
{
    mm_mesh_info in;
    mm_mesh_info_get(m, &in);
    xyz.resize((size_t)(in.num_vertices * in.dim));
    offsets.resize((size_t)in.num_faces + 1);
    ids.resize((size_t)in.nnz);
    mm_mesh_arrays a = {};
    a.vertices = xyz.data();
    a.face_offsets = offsets.data();
    a.face_vertices = ids.data();
    if (in.precision != MM_TYPE_FLOAT64) return "not float64";
    return mm_mesh_export(m, &a) == MM_OK ? "" : "mm_mesh_export failed";
}

// Quantized position → Far vertex, for matching by geometry.
struct PositionIndex {
    std::map<std::array<long long, 3>, int> at;
    double q;
    std::array<long long, 3> key(const double *p) const
    {
        return {std::llround(p[0] / q), std::llround(p[1] / q), std::llround(p[2] / q)};
    }
    // The point's own cell first, where nearly every point lies, then the
    // cells around it (a point near a cell's edge).
    int find(const double *p) const
    {
        std::array<long long, 3> k = key(p);
        auto it = at.find(k);
        if (it != at.end()) return it->second;
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dz = -1; dz <= 1; ++dz) {
                    it = at.find({k[0] + dx, k[1] + dy, k[2] + dz});
                    if (it != at.end()) return it->second;
                }
        return -1;
    }
};

// Far's value of a 2-d channel (double).
struct FarUV {
    double p[2];
    void Clear(void * = 0) { p[0] = p[1] = 0.0; }
    void AddWithWeight(FarUV const &s, double w)
    {
        p[0] += w * s.p[0];
        p[1] += w * s.p[1];
    }
};

// The face key of a cycle of vertex ids: rotated to start at its smallest.
std::vector<int> cycle_key(const std::vector<int> &c, int *rotation)
{
    int r = (int)(std::min_element(c.begin(), c.end()) - c.begin());
    std::vector<int> k;
    for (size_t i = 0; i < c.size(); ++i) k.push_back(c[(r + i) % c.size()]);
    *rotation = r;
    return k;
}

// Compares mm_subdivide's refined channel of mesh, case c's, under g with
// Far's.
std::string compare_on(mm_context ctx, mm_mesh mesh, const FvCase &c, const Config &g)
{
    std::string err;
    mm_mesh out = NULL;
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = c.scheme;
    o.levels = g.levels;
    o.boundary = g.boundary;
    o.path = g.path;
    o.mode = g.mode;
    o.creasing = g.creasing;
    o.fvar_interp = g.interp;
    if (mm_subdivide(ctx, mesh, &o, &out) != MM_OK)
        return std::string("mm_subdivide: ") + mm_last_error(ctx);
    Exported ours;
    std::vector<int64_t> value_offsets;
    if (mm_mesh_num_fvar(out) != 1 || std::string(mm_mesh_fvar_name(out, 0)) != "uv")
        err = "the result has " + std::to_string(mm_mesh_num_fvar(out)) + " channels, not 'uv'";
    if (err.empty()) err = export_mesh(out, ours.xyz, ours.offsets, ours.ids);
    if (err.empty()) err = export_mesh(mm_mesh_fvar(out, 0), ours.values, value_offsets, ours.corners);
    if (err.empty() && value_offsets != ours.offsets) err = "the channel's faces are not the mesh's";
    mm_mesh_free(&out);
    if (!err.empty()) return err;

    FarFVar fv;
    fv.num_values = c.channel.num_values();
    fv.corner_values = c.channel.corners;
    fv.interp = g.interp;
    Far::TopologyRefiner *r = far_refiner(c.shape, &c.tags, c.scheme, g.boundary, g.creasing,
                                          g.levels, &fv);
    if (!r) return "Far refuses the shape";
    std::vector<std::vector<FarVtx>> pos = far_positions(*r, c.shape);
    std::vector<std::vector<FarUV>> uv((size_t)g.levels + 1);
    uv[0].resize((size_t)fv.num_values);
    for (int v = 0; v < fv.num_values; ++v)
        for (int d = 0; d < 2; ++d) uv[0][(size_t)v].p[d] = c.channel.values[(size_t)(2 * v + d)];
    Far::PrimvarRefinerReal<double> pr(*r);
    for (int l = 1; l <= g.levels; ++l) {
        uv[(size_t)l].resize((size_t)r->GetLevel(l).GetNumFVarValues(0));
        FarUV *src = uv[(size_t)l - 1].data(), *dst = uv[(size_t)l].data();
        pr.InterpolateFaceVarying(l, src, dst, 0);
    }
    const Far::TopologyLevel &L = r->GetLevel(g.levels);
    const std::vector<FarVtx> &P = pos[(size_t)g.levels];
    PositionIndex index;
    index.q = 1e-7 * shape_size(c.shape);
    for (size_t v = 0; v < P.size(); ++v) index.at[index.key(P[v].p)] = (int)v;
    std::map<std::vector<int>, std::pair<int, int>> far_faces;  // key → (face, rotation)
    for (int f = 0; f < L.GetNumFaces(); ++f) {
        Far::ConstIndexArray fvx = L.GetFaceVertices(f);
        std::vector<int> cyc(fvx.begin(), fvx.end());
        int rot;
        std::vector<int> key = cycle_key(cyc, &rot);
        far_faces[key] = {f, rot};
    }
    // Faces of holes are kept by both (Far flags them, mm_subdivide tags them).
    size_t nf = ours.offsets.size() - 1;
    if ((int)nf != L.GetNumFaces())
        err = "meshmat has " + std::to_string(nf) + " faces, Far " + std::to_string(L.GetNumFaces());
    double worst = 0.0;
    std::vector<int> far_of(ours.xyz.size() / 3, -2);  // each vertex looked up once
    for (size_t f = 0; f < nf && err.empty(); ++f) {
        std::vector<int> cyc;
        for (int64_t k = ours.offsets[f]; k < ours.offsets[f + 1]; ++k) {
            size_t id = (size_t)ours.ids[(size_t)k];
            int &v = far_of[id];
            if (v == -2) v = index.find(&ours.xyz[3 * id]);
            if (v < 0) err = "meshmat's face " + std::to_string(f) + " has a vertex Far has not";
            cyc.push_back(v);
        }
        if (!err.empty()) break;
        int rot;
        auto it = far_faces.find(cycle_key(cyc, &rot));
        if (it == far_faces.end()) {
            err = "meshmat's face " + std::to_string(f) + " is no face of Far's";
            break;
        }
        Far::ConstIndexArray fvals = L.GetFaceFVarValues(it->second.first, 0);
        int n = (int)cyc.size();
        for (int i = 0; i < n; ++i) {
            // corner i of ours is corner (i - rot + far_rot) of Far's
            int j = ((i - rot + it->second.second) % n + n) % n;
            const FarUV &want = uv[(size_t)g.levels][(size_t)fvals[j]];
            uint32_t id = ours.corners[(size_t)(ours.offsets[f] + i)];
            for (int d = 0; d < 2; ++d)
                worst = std::max(worst, std::fabs(ours.values[(size_t)(2 * id + d)] - want.p[d]));
        }
    }
    delete r;
    if (err.empty() && !(worst <= 1e-12)) err = "values differ by " + std::to_string(worst);
    return err;
}

// The same on a mesh made for the call.
std::string compare(mm_context ctx, const FvCase &c, const Config &g)
{
    std::string err;
    mm_mesh mesh = make_fvar_mesh(ctx, c, &err);
    if (!mesh) return err;
    err = compare_on(ctx, mesh, c, g);
    mm_mesh_free(&mesh);
    return err;
}

std::vector<Config> configs(const FvCase &c)
{
    std::vector<Config> out;
    for (int levels = 1; levels <= 3; ++levels)
        for (int fi = MM_FVAR_LINEAR_NONE; fi <= MM_FVAR_LINEAR_ALL; ++fi)
            for (mm_boundary b : {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_EDGE_AND_CORNER})
                for (mm_creasing cr : {MM_CREASING_UNIFORM, MM_CREASING_CHAIKIN}) {
                    if (c.tags.empty() && cr == MM_CREASING_CHAIKIN) continue;
                    mm_fvar_interp f = (mm_fvar_interp)fi;
                    // docs/face-varying.md: a value Far sharpens for another's
                    // semi-sharp edges follows them approximately under Chaikin.
                    if (cr == MM_CREASING_CHAIKIN && (f == MM_FVAR_LINEAR_CORNERS_PLUS1 ||
                                                      f == MM_FVAR_LINEAR_CORNERS_PLUS2))
                        continue;
                    out.push_back({MM_PATH_GENERIC, MM_MODE_DYNAMIC, b, cr, f, levels});
                    out.push_back({MM_PATH_AUTO, MM_MODE_DYNAMIC, b, cr, f, levels});
                    if (levels == 2) out.push_back({MM_PATH_AUTO, MM_MODE_STATIC, b, cr, f, levels});
                }
    return out;
}

START_TEST(generated_against_far)
{
    const FvCase &c = cases[(size_t)_i];
    mm_context ctx = mmt_context();
    int bad = 0, runs = 0;
    for (const Config &g : configs(c)) {
        std::string err = compare(ctx, c, g);
        ++runs;
        if (!err.empty()) {
            if (bad < 12) std::fprintf(stderr, "FAIL: %s: %s\n", label(c, g).c_str(), err.c_str());
            ++bad;
        }
    }
    std::printf("%s: %d of %d configurations agree with Far\n", c.name.c_str(), runs - bad, runs);
    mm_context_free(&ctx);
    ck_assert_msg(bad == 0, "%d of %d configurations differ from Far", bad, runs);
}
END_TEST

// Row i of the channel's values X scaled in place by w[i] (the caller writing
// new values into the mesh's channel).
void scale_in_place(mm_context ctx, mm_dense X, const std::vector<double> &w)
{
    mm_dense W = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &W, (int64_t)w.size(), 1, MM_TYPE_FLOAT64, w.data()));
    MMT_OK(ctx, mm_dense_scale_add(ctx, W, X, 0.0, X));
    mm_dense_free(&W);
}

// mm_subdivide keeps a channel's value mesh on the mesh for the next call
// (fvar_refine.c) and gathers only its values again: one mesh refined under
// every configuration of levels 1–2 in turn (the options the value mesh is
// kept under change between most of them), each twice, the channel's values
// scaled in place between the two, row by row by 2 or 1/2 (exact, so Far
// gets the same values): every result is Far's for that call's options and
// values.
START_TEST(kept_value_mesh_against_far)
{
    FvCase c = cases[(size_t)_i];
    mm_context ctx = mmt_context();
    std::string err;
    mm_mesh mesh = make_fvar_mesh(ctx, c, &err);
    ck_assert_msg(mesh != NULL, "%s", err.c_str());
    mm_dense X = mm_mesh_vertices(mm_mesh_fvar(mesh, 0));
    int64_t n = c.channel.num_values();
    std::vector<double> w((size_t)n);
    for (int64_t i = 0; i < n; ++i) w[(size_t)i] = i % 2 ? 2.0 : 0.5;
    int bad = 0, runs = 0;
    for (const Config &g : configs(c)) {
        if (g.levels > 2) continue;
        for (int rep = 0; rep < 2; ++rep) {
            std::string e = compare_on(ctx, mesh, c, g);
            ++runs;
            if (!e.empty()) {
                if (bad < 12)
                    std::fprintf(stderr, "FAIL: %s, call %d: %s\n", label(c, g).c_str(), rep + 1,
                                 e.c_str());
                ++bad;
            }
            scale_in_place(ctx, X, w);
            for (int64_t i = 0; i < n; ++i) {
                for (int d = 0; d < 2; ++d) c.channel.values[(size_t)(2 * i + d)] *= w[(size_t)i];
                w[(size_t)i] = 1.0 / w[(size_t)i];
            }
        }
    }
    std::printf("%s: %d of %d calls on one mesh agree with Far\n", c.name.c_str(), runs - bad, runs);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    ck_assert_msg(bad == 0, "%d of %d calls differ from Far", bad, runs);
}
END_TEST

// A channel holding the positions, one value per vertex (no seam), refines
// as the positions do under FVAR_LINEAR_NONE, on every case's shape: an
// oracle-free property of the value mesh.
START_TEST(seamless_channel_is_the_vertices)
{
    const FvCase &c = cases[(size_t)_i];
    mm_context ctx = mmt_context();
    std::string err;
    mm_mesh mesh = make_tagged_mesh(ctx, c.shape, c.tags, &err), out = NULL;
    ck_assert_msg(mesh != NULL, "%s", err.c_str());
    std::vector<uint32_t> corners(c.shape.ids.begin(), c.shape.ids.end());
    mm_fvar_desc d = {};
    d.num_values = c.shape.nv;
    d.dim = 3;
    d.value_type = MM_TYPE_FLOAT64;
    d.values = c.shape.xyz.data();
    d.corner_values = corners.data();
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &d));
    for (mm_boundary b : {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_EDGE_AND_CORNER}) {
        mm_subdiv_options o = mm_subdiv_options_default();
        o.scheme = c.scheme;
        o.levels = 2;
        o.boundary = b;
        o.fvar_interp = MM_FVAR_LINEAR_NONE;
        MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
        Exported e;
        std::vector<int64_t> vo;
        std::string err1 = export_mesh(out, e.xyz, e.offsets, e.ids);
        std::string err2 = export_mesh(mm_mesh_fvar(out, 0), e.values, vo, e.corners);
        ck_assert_msg(err1.empty() && err2.empty(), "%s%s", err1.c_str(), err2.c_str());
        double worst = 0.0;
        for (size_t k = 0; k < e.ids.size(); ++k)
            for (int q = 0; q < 3; ++q)
                worst = std::max(worst, std::fabs(e.values[(size_t)(3 * e.corners[k] + q)] -
                                                  e.xyz[(size_t)(3 * e.ids[k] + q)]));
        ck_assert_msg(worst <= 1e-12 * shape_size(c.shape), "%s: %g", c.name.c_str(), worst);
        mm_mesh_free(&out);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

// Far itself tells the options apart on the seamed cases (else the
// comparison would not test them): at level 2, NONE, CORNERS_ONLY,
// BOUNDARIES and ALL give four different sets of values on the cube.
START_TEST(far_sees_the_options)
{
    FvCase c = cube_cross(2);
    std::vector<std::vector<double>> got;
    for (mm_fvar_interp f : {MM_FVAR_LINEAR_NONE, MM_FVAR_LINEAR_CORNERS_ONLY,
                             MM_FVAR_LINEAR_BOUNDARIES, MM_FVAR_LINEAR_ALL}) {
        FarFVar fv;
        fv.num_values = c.channel.num_values();
        fv.corner_values = c.channel.corners;
        fv.interp = f;
        Far::TopologyRefiner *r = far_refiner(c.shape, nullptr, c.scheme, MM_BOUNDARY_EDGE_ONLY,
                                              MM_CREASING_UNIFORM, 2, &fv);
        ck_assert(r != nullptr);
        std::vector<std::vector<FarUV>> uv(3);
        uv[0].resize((size_t)fv.num_values);
        for (int v = 0; v < fv.num_values; ++v)
            for (int d = 0; d < 2; ++d) uv[0][(size_t)v].p[d] = c.channel.values[(size_t)(2 * v + d)];
        Far::PrimvarRefinerReal<double> pr(*r);
        for (int l = 1; l <= 2; ++l) {
            uv[(size_t)l].resize((size_t)r->GetLevel(l).GetNumFVarValues(0));
            FarUV *src = uv[(size_t)l - 1].data(), *dst = uv[(size_t)l].data();
        pr.InterpolateFaceVarying(l, src, dst, 0);
        }
        std::vector<double> flat;
        for (const FarUV &x : uv[2]) flat.insert(flat.end(), {x.p[0], x.p[1]});
        got.push_back(flat);
        delete r;
    }
    for (size_t i = 0; i < got.size(); ++i)
        for (size_t j = i + 1; j < got.size(); ++j) ck_assert_msg(got[i] != got[j], "options %zu and %zu agree", i, j);
}
END_TEST

// A mesh that is not a 2-manifold refines its channels (generated, against
// Far), but not when it also has faces that repeat a vertex (docs/
// face-varying.md, "Refused"): a bow-tie at vertex 0 beside a quad listing
// vertex 5 twice. The refusal names the channel and the vertex; the mesh
// refines without its channel, and a channel on the bow-tie alone refines.
START_TEST(repeats_on_a_non_manifold_mesh_refused)
{
    mm_context ctx = mmt_context();
    FvCase c;
    c.scheme = MM_SCHEME_CATMULL_CLARK;
    c.name = "bow-tie beside a quad repeating a vertex";
    const double p[][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0},  {-1, 0, 0},
                           {0, -1, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0.5}};
    for (auto &v : p) add_vertex(c.shape, v[0], v[1], v[2]);
    add_face(c.shape, {0, 1, 2});
    add_face(c.shape, {0, 3, 4});
    add_face(c.shape, {5, 5, 6, 7});
    c.channel = channel_by_key(c.shape, [](int, int) { return 0; });
    mm_subdiv_options o = mm_subdiv_options_default();
    mm_mesh out = NULL;
    std::string err;
    mm_mesh mesh = make_fvar_mesh(ctx, c, &err);
    ck_assert_msg(mesh != NULL, "%s", err.c_str());
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), "channel 'uv': vertex 0 joins 2 fans") &&
                      strstr(mm_last_error(ctx), "repeat a vertex"),
                  "%s", mm_last_error(ctx));
    ck_assert_ptr_null(out);
    MMT_OK(ctx, mm_mesh_remove_fvar(ctx, mesh, 0));
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    mm_mesh_free(&out);
    mm_mesh_free(&mesh);
    // The bow-tie alone refines its channel.
    c.shape.counts.pop_back();
    c.shape.ids.resize(6);
    c.channel.corners.resize(6);
    mesh = make_fvar_mesh(ctx, c, &err);
    ck_assert_msg(mesh != NULL, "%s", err.c_str());
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    ck_assert_int_eq(mm_mesh_num_fvar(out), 1);
    mm_mesh_free(&out);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

// The shared robust/ meshes (downloaded meshes as they come: bow-ties, fins,
// flipped faces), up to 5000 faces: charts by place against Far,
// Catmull-Clark and, on triangles, Loop; levels 1-2, four options. Case i is
// file i / 2 with Catmull-Clark (i even) or Loop. The files are only listed
// before Check forks (reading a large one runs the library's parallel code,
// whose threads a forked test would wait for); each test reads its own.
std::vector<std::string> robust_files;

bool repeats_a_vertex(const Shape &s)
{
    size_t k = 0;
    for (int n : s.counts) {
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if (s.ids[k + (size_t)i] == s.ids[k + (size_t)j]) return true;
        k += (size_t)n;
    }
    return false;
}

// Whether two of s's vertices in faces lie where compare() cannot tell them
// apart (it matches refined vertices by position).
bool coincident_vertices(const Shape &s)
{
    PositionIndex index;
    index.q = 1e-7 * shape_size(s);
    std::vector<bool> used((size_t)s.nv, false);
    for (int v : s.ids) used[(size_t)v] = true;
    for (int v = 0; v < s.nv; ++v) {
        if (!used[(size_t)v]) continue;
        const double *p = &s.xyz[(size_t)(3 * v)];
        if (index.find(p) >= 0) return true;
        index.at[index.key(p)] = v;
    }
    return false;
}

// s with every vertex moved by up to 1e-4 of its size, a fixed pseudo-random
// step per vertex: coincident vertices apart, which compare() could not tell
// from each other. The channel's values and the topology are s's own.
Shape moved_apart(const Shape &s)
{
    Shape t = s;
    double step = 1e-4 * shape_size(s);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (double &p : t.xyz) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift64
        p += step * ((double)(x >> 11) / 9007199254740992.0 - 0.5);
    }
    return t;
}

START_TEST(robust_against_far)
{
    const std::string &file = robust_files[(size_t)_i / 2];
    mm_scheme scheme = _i % 2 ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK;
    mm_context ctx = mmt_context();
    FvCase c;
    c.scheme = scheme;
    c.name = "robust/" + file;
    ck_assert_msg(read_shape(ctx, models_root() + "/robust/" + file, c.name, c.shape), "%s",
                  c.name.c_str());
    const Shape &r = c.shape;
    const char *why = NULL;
    if (r.counts.size() > 5000) why = "more than 5000 faces";
    else if (scheme == MM_SCHEME_LOOP &&
             !std::all_of(r.counts.begin(), r.counts.end(), [](int n) { return n == 3; }))
        why = "not all triangles (Loop)";
    else if (repeats_a_vertex(r))
        why = "faces that repeat a vertex (channels refused where the mesh is not a 2-manifold)";
    else if (coincident_vertices(r) && coincident_vertices(c.shape = moved_apart(r)))
        why = "coincident vertices, still after moving them apart (refined meshes are matched "
              "by position)";
    if (why) {
        mmt_skip((c.name + (scheme == MM_SCHEME_LOOP ? " (loop)" : " (catmark)")).c_str(), why);
        mm_context_free(&ctx);
        return;
    }
    c.channel = channel_by_key(r, [&r](int f, int) { return chart_of_place(r, f); });
    int bad = 0, runs = 0;
    for (int levels = 1; levels <= 2; ++levels)
        for (mm_fvar_interp f : {MM_FVAR_LINEAR_NONE, MM_FVAR_LINEAR_CORNERS_PLUS1,
                                 MM_FVAR_LINEAR_BOUNDARIES, MM_FVAR_LINEAR_ALL}) {
            Config g = {MM_PATH_AUTO, MM_MODE_DYNAMIC, MM_BOUNDARY_EDGE_ONLY,
                        MM_CREASING_UNIFORM, f, levels};
            std::string err = compare(ctx, c, g);
            ++runs;
            if (!err.empty()) {
                std::fprintf(stderr, "FAIL: %s: %s\n", label(c, g).c_str(), err.c_str());
                ++bad;
            }
        }
    std::string err;
    mm_mesh mesh = make_tagged_mesh(ctx, r, Tags(), &err);
    bool nm = mesh && is_nonmanifold(ctx, mesh);
    mm_mesh_free(&mesh);
    std::printf("%s, charts by place (%s, %s): %d of %d configurations agree with Far\n",
                c.name.c_str(), scheme == MM_SCHEME_LOOP ? "loop" : "catmark",
                nm ? "not a 2-manifold" : "a 2-manifold", runs - bad, runs);
    mm_context_free(&ctx);
    ck_assert_msg(bad == 0, "%d of %d configurations differ from Far", bad, runs);
}
END_TEST

START_TEST(add_fvar_refusals)
{
    mm_context ctx = mmt_context();
    FvCase c = quadrants(1);
    std::string err;
    mm_mesh mesh = make_tagged_mesh(ctx, c.shape, Tags(), &err);
    ck_assert_msg(mesh != NULL, "%s", err.c_str());
    std::vector<uint32_t> corners(c.channel.corners.begin(), c.channel.corners.end());
    mm_fvar_desc d = {};
    d.name = "uv";
    d.num_values = c.channel.num_values();
    d.dim = 2;
    d.value_type = MM_TYPE_FLOAT64;
    d.values = c.channel.values.data();
    d.corner_values = corners.data();
    // A value out of range, at corner 2 of face 3.
    uint32_t keep = corners[3 * 4 + 2];
    corners[3 * 4 + 2] = (uint32_t)d.num_values;
    ck_assert_int_eq(mm_mesh_add_fvar(ctx, mesh, &d), MM_ERR_INVALID_MESH);
    ck_assert_msg(strstr(mm_last_error(ctx), "corner 2 of face 3") && strstr(mm_last_error(ctx), "'uv'"),
                  "%s", mm_last_error(ctx));
    corners[3 * 4 + 2] = keep;
    mm_fvar_desc bad = d;
    bad.dim = 0;
    ck_assert_int_eq(mm_mesh_add_fvar(ctx, mesh, &bad), MM_ERR_INVALID_ARGUMENT);
    bad = d;
    bad.value_type = MM_TYPE_INT32;
    ck_assert_int_eq(mm_mesh_add_fvar(ctx, mesh, &bad), MM_ERR_INVALID_ARGUMENT);
    bad = d;
    bad.corner_values = NULL;
    ck_assert_int_eq(mm_mesh_add_fvar(ctx, mesh, &bad), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_mesh_add_fvar(ctx, NULL, &d), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_mesh_add_fvar(ctx, mesh, NULL), MM_ERR_INVALID_ARGUMENT);
    std::vector<double> nan_values = c.channel.values;
    nan_values[1] = NAN;
    bad = d;
    bad.values = nan_values.data();
    ck_assert_int_eq(mm_mesh_add_fvar(ctx, mesh, &bad), MM_ERR_INVALID_MESH);
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 0);
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &d));
    d.name = NULL;
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &d));
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 2);
    ck_assert_str_eq(mm_mesh_fvar_name(mesh, 0), "uv");
    ck_assert_str_eq(mm_mesh_fvar_name(mesh, 1), "fvar1");
    ck_assert_ptr_null(mm_mesh_fvar(mesh, 2));
    ck_assert_ptr_null(mm_mesh_fvar_name(mesh, -1));
    // Both channels come out of a subdivision, named as they went in.
    mm_subdiv_options o = mm_subdiv_options_default();
    mm_mesh out = NULL;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    ck_assert_int_eq(mm_mesh_num_fvar(out), 2);
    ck_assert_str_eq(mm_mesh_fvar_name(out, 1), "fvar1");
    mm_mesh_free(&out);
    // A bad option, and √3, are refused, naming them.
    o.fvar_interp = (mm_fvar_interp)9;
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(out);
    mm_mesh_free(&mesh);
    Shape t = triangulate(c.shape, "tri");
    mesh = make_tagged_mesh(ctx, t, Tags(), &err);
    std::vector<uint32_t> tc(t.ids.begin(), t.ids.end());
    mm_fvar_desc td = {};
    td.name = "uv";
    td.num_values = t.nv;
    td.dim = 3;
    td.value_type = MM_TYPE_FLOAT64;
    td.values = t.xyz.data();
    td.corner_values = tc.data();
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &td));
    o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_SQRT3;
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), "'uv'") && strstr(mm_last_error(ctx), "sqrt(3)"), "%s",
                  mm_last_error(ctx));
    ck_assert_ptr_null(out);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

// A channel's values written in place are checked on every call, the kept
// value mesh's (fvar_refine.c) as the first: value 3 made NaN (scaled by NaN
// in place) after a call, and on a mesh not refined yet, is refused naming
// the channel and the value. Removing the channel frees its kept value mesh:
// the mesh then refines without it.
START_TEST(changed_values_checked)
{
    mm_context ctx = mmt_context();
    FvCase c = cube_cross(2);
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = c.scheme;
    o.levels = 2;
    std::vector<double> w((size_t)c.channel.num_values(), 1.0);
    w[3] = std::nan("");
    for (int refined_first = 1; refined_first >= 0; --refined_first) {
        std::string err;
        mm_mesh mesh = make_fvar_mesh(ctx, c, &err), out = NULL;
        ck_assert_msg(mesh != NULL, "%s", err.c_str());
        if (refined_first) {
            MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
            mm_mesh_free(&out);
        }
        scale_in_place(ctx, mm_mesh_vertices(mm_mesh_fvar(mesh, 0)), w);
        ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_INVALID_MESH);
        const char *why = mm_last_error(ctx);
        ck_assert_msg(strstr(why, "'uv'") && strstr(why, "value 3 ") && strstr(why, "non-finite"),
                      "%s", why);
        ck_assert_ptr_null(out);
        MMT_OK(ctx, mm_mesh_remove_fvar(ctx, mesh, 0));
        MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
        ck_assert_int_eq(mm_mesh_num_fvar(out), 0);
        mm_mesh_free(&out);
        mm_mesh_free(&mesh);
    }
    mm_context_free(&ctx);
}
END_TEST

}  // namespace

int main(void)
{
    if (mmt_backend() == MM_BACKEND_CUDA && !mmt_cuda_available()) {
        mmt_skip("face-varying channels against Far on CUDA", "no usable CUDA device");
        return MMT_SKIP_EXIT;
    }
    make_cases();
    Suite *s = suite_create("subdiv_fvar");
    TCase *h = tcase_create("harness");
    tcase_set_timeout(h, 600);
    tcase_add_loop_test(h, seamless_channel_is_the_vertices, 0, (int)cases.size());
    tcase_add_test(h, far_sees_the_options);
    suite_add_tcase(s, h);
    TCase *g = tcase_create("generated");
    tcase_set_timeout(g, 600);
    tcase_add_loop_test(g, generated_against_far, 0, (int)cases.size());
    tcase_add_loop_test(g, kept_value_mesh_against_far, 0, (int)cases.size());
    suite_add_tcase(s, g);
    robust_files = list_dir(models_root() + "/robust", "");
    if (!robust_files.empty()) {
        TCase *m = mmt_models_tcase();
        tcase_set_timeout(m, 600);
        tcase_add_loop_test(m, robust_against_far, 0, 2 * (int)robust_files.size());
        suite_add_tcase(s, m);
    } else {
        mmt_skip_models("channels on the shared robust/ meshes against Far");
    }
    TCase *a = tcase_create("api");
    tcase_add_test(a, add_fvar_refusals);
    tcase_add_test(a, repeats_on_a_non_manifold_mesh_refused);
    tcase_add_test(a, changed_values_checked);
    suite_add_tcase(s, a);
    return mmt_run(s);
}
