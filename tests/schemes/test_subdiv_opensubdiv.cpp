// test_subdiv_opensubdiv.cpp: OpenSubdiv 3.5 Far (Debian libosd-dev) as the
// oracle for the generic and specialized paths of Catmull-Clark and Loop
// (argument "loop") (DESIGN §4): for
// both paths, levels 1-3, both boundary rules and both precisions, meshmat's refined faces must equal Far's
// under the vertex matching by parent element (Far's GetVertexChildVertex,
// GetFaceChildVertex, GetEdgeChildVertex: a vertex's child is the same vertex,
// a face's child is |V| + the face, an edge's child is |V| + |F| + meshmat's id
// of the edge on the same two vertices), faces as cyclic sequences, and
// positions must agree within 1e-12 (float64) or 1e-6 (float32) of the
// mesh's size. Edges are matched as Far numbers them (by their ends at level
// 0, a pair's edges in order; below by parent), since faces that repeat a
// vertex and Loop's triangles back to back join some pairs by several edges.
// Shapes: every catmark_* (loop_*) regression shape without crease, corner or
// hole tags, every control/ (tri/) mesh, the robust/ meshes up to 5000 faces
// and generated meshes, faces repeating a vertex and triangles back to back
// among them: none is refused. MESHMAT_TEST_BACKEND=cuda runs it on the GPU.
#include <opensubdiv/far/primvarRefiner.h>
#include <opensubdiv/far/topologyDescriptor.h>

#include <algorithm>
#include <map>

#include "oracle_shapes.hpp"
#include "repeated_shapes.hpp"
#include "same_cycle.hpp"

using namespace OpenSubdiv;
using namespace oracle;

namespace {

int compared = 0;

// Far's vertex data: 3 doubles, interpolated with double weights.
struct Vtx {
    double p[3];
    void Clear(void * = 0) { p[0] = p[1] = p[2] = 0.0; }
    void AddWithWeight(Vtx const &s, double w)
    {
        for (int k = 0; k < 3; ++k) p[k] += w * s.p[k];
    }
};

// The scheme under test: Catmull-Clark (no argument) or Loop (argument "loop").
mm_scheme scheme = MM_SCHEME_CATMULL_CLARK;

Far::TopologyRefiner *osd_refiner(const Shape &s, mm_boundary rule, int levels)
{
    Far::TopologyDescriptor desc;
    desc.numVertices = s.nv;
    desc.numFaces = (int)s.counts.size();
    desc.numVertsPerFace = s.counts.data();
    desc.vertIndicesPerFace = s.ids.data();
    Sdc::Options o;
    o.SetVtxBoundaryInterpolation(rule == MM_BOUNDARY_EDGE_ONLY
                                      ? Sdc::Options::VTX_BOUNDARY_EDGE_ONLY
                                      : Sdc::Options::VTX_BOUNDARY_EDGE_AND_CORNER);
    typedef Far::TopologyRefinerFactory<Far::TopologyDescriptor> Factory;
    Far::TopologyRefiner *r =
        Factory::Create(desc, Factory::Options(scheme == MM_SCHEME_LOOP ? Sdc::SCHEME_LOOP
                                                                        : Sdc::SCHEME_CATMARK, o));
    Far::TopologyRefiner::UniformOptions u(levels);
    u.fullTopologyInLastLevel = true; /* the last level's edges, matched to meshmat's */
    if (r) r->RefineUniform(u);
    return r;
}

// meshmat's level l: M's pointer and rows, and the edge list.
struct Level {
    mm_subdiv_counts n;
    std::vector<int64_t> ptr;
    std::vector<uint32_t> rows, ends;
};

std::pair<uint32_t, uint32_t> pair_of(uint32_t x, uint32_t y) { return {std::min(x, y), std::max(x, y)}; }

// Far's level-0 edges as meshmat's (em): the edges of one pair of vertices
// in Far's order are meshmat's of that pair in id order (faces repeating a
// vertex give a pair several, docs/creases.md). False when they differ.
bool level0_edges(const Far::TopologyLevel &pl, const Level &a, std::vector<int64_t> &em)
{
    std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> ours;
    for (int64_t e = 0; e < a.n.edges; ++e)
        ours[pair_of(a.ends[(size_t)(2 * e)], a.ends[(size_t)(2 * e + 1)])].push_back((uint32_t)e);
    std::map<std::pair<uint32_t, uint32_t>, size_t> used;
    em.assign((size_t)pl.GetNumEdges(), -1);
    for (int e = 0; e < pl.GetNumEdges(); ++e) {
        Far::ConstIndexArray ev = pl.GetEdgeVertices(e);
        auto key = pair_of((uint32_t)ev[0], (uint32_t)ev[1]);
        auto it = ours.find(key);
        size_t &k = used[key];
        if (it == ours.end() || k >= it->second.size()) return false;
        em[(size_t)e] = it->second[k++];
    }
    return true;
}

// Far's level-(l+1) edges as meshmat's, from level l's (em) by parent: edge e's
// halves (Far's first at its first vertex; meshmat's 2e at a_e, and of a
// degenerate edge 2e first), and each face's inner edges matched by their
// ends (vc: Far's vertices of level l + 1 as meshmat's). False when one has
// no match.
bool child_edges(const Far::TopologyLevel &pl, const Far::TopologyLevel &cl, const Level &a,
                 const Level &b, const std::vector<int64_t> &vm, const std::vector<int64_t> &fm,
                 const std::vector<int64_t> &vc, bool loop, const std::vector<int64_t> &em,
                 std::vector<int64_t> &cm)
{
    cm.assign((size_t)cl.GetNumEdges(), -1);
    for (int e = 0; e < pl.GetNumEdges(); ++e) {
        Far::ConstIndexArray ev = pl.GetEdgeVertices(e), kids = pl.GetEdgeChildEdges(e);
        int64_t m = em[(size_t)e];
        uint32_t x = a.ends[(size_t)(2 * m)], y = a.ends[(size_t)(2 * m + 1)];
        int first = x == y || (uint32_t)vm[(size_t)ev[0]] == x ? 0 : 1;
        cm[(size_t)kids[0]] = 2 * m + first;
        cm[(size_t)kids[1]] = 2 * m + 1 - first;
    }
    for (int f = 0; f < pl.GetNumFaces(); ++f) {
        Far::ConstIndexArray kids = pl.GetFaceChildEdges(f);
        int64_t g = fm[(size_t)f];
        int64_t first = loop ? 3 * g : a.ptr[(size_t)g], last = loop ? 3 * g + 3 : a.ptr[(size_t)g + 1];
        for (int i = 0; i < kids.size(); ++i) {
            Far::ConstIndexArray ev = cl.GetEdgeVertices(kids[i]);
            auto want = pair_of((uint32_t)vc[(size_t)ev[0]], (uint32_t)vc[(size_t)ev[1]]);
            for (int64_t k = first; k < last; ++k) {
                int64_t id = 2 * a.n.edges + k;
                if (pair_of(b.ends[(size_t)(2 * id)], b.ends[(size_t)(2 * id + 1)]) == want)
                    cm[(size_t)kids[i]] = id;
            }
            if (cm[(size_t)kids[i]] < 0) return false;
        }
    }
    return true;
}

bool export_level(mm_subdiv s, int l, Level &lv)
{
    if (mm_subdiv_level_counts(s, l, &lv.n) != MM_OK) return false;
    lv.ptr.resize((size_t)lv.n.faces + 1);
    lv.rows.resize((size_t)lv.n.nnz);
    mm_matrix_arrays a = {lv.ptr.data(), lv.rows.data(), NULL, NULL};
    if (mm_matrix_export(mm_subdiv_level_matrix(s, l), &a) != MM_OK) return false;
    lv.ends.resize((size_t)(2 * lv.n.edges));
    return mm_subdiv_level_edges(s, l, lv.ends.data()) == MM_OK;
}

// Refines s to `levels` with meshmat and Far and compares them.
void compare(mm_context ctx, const Shape &s, mm_subdiv_path path, mm_boundary rule, mm_type prec,
             int levels)
{
    char label[256];
    std::snprintf(label, sizeof label, "%s %s %s %s L%d", s.name.c_str(),
                  path == MM_PATH_GENERIC ? "generic" : "specialized",
                  rule == MM_BOUNDARY_EDGE_ONLY ? "edge-only" : "edge-and-corner",
                  prec == MM_TYPE_FLOAT64 ? "f64" : "f32", levels);
    mm_mesh mesh = make_mesh(ctx, s, prec);
    if (!mesh) return;
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme;
    o.levels = levels;
    o.boundary = rule;
    o.path = path;
    mm_subdiv sd = NULL;
    mm_dense X = NULL;
    mm_status st = mm_subdiv_build(ctx, mesh, &o, &sd);
    if (st != MM_OK) {
        fail(std::string(label) + ": refused: " + mm_last_error(ctx));
        mm_subdiv_free(&sd);
        mm_mesh_free(&mesh);
        return;
    }
    std::vector<double> ours;
    if (mm_subdiv_eval(sd, mm_mesh_vertices(mesh), &X) != MM_OK) {
        fail(std::string(label) + ": eval: " + mm_last_error(ctx));
    } else {
        int64_t n, d;
        mm_type t;
        mm_dense_shape(X, &n, &d, &t);
        ours.resize((size_t)(n * d));
        if (t == MM_TYPE_FLOAT64) {
            mm_dense_export(X, ours.data());
        } else {
            std::vector<float> f((size_t)(n * d));
            mm_dense_export(X, f.data());
            std::copy(f.begin(), f.end(), ours.begin());
        }
    }
    std::vector<Level> lv((size_t)levels + 1);
    for (int l = 0; l <= levels; ++l)
        if (!export_level(sd, l, lv[(size_t)l])) fail(std::string(label) + ": level export");
    mm_dense_free(&X);
    mm_subdiv_free(&sd);
    mm_mesh_free(&mesh);
    if (ours.empty()) return;

    Far::TopologyRefiner *r = osd_refiner(s, rule, levels);
    if (!r) return fail(std::string(label) + ": Far refuses the shape");
    std::vector<std::vector<Vtx>> pos((size_t)levels + 1);
    pos[0].resize((size_t)s.nv);
    for (int v = 0; v < s.nv; ++v)
        for (int k = 0; k < 3; ++k) pos[0][(size_t)v].p[k] = s.xyz[(size_t)(3 * v + k)];
    Far::PrimvarRefinerReal<double> pr(*r);
    for (int l = 1; l <= levels; ++l) {
        pos[(size_t)l].resize((size_t)r->GetLevel(l).GetNumVertices());
        Vtx *src = pos[(size_t)l - 1].data(), *dst = pos[(size_t)l].data();
        pr.Interpolate(l, src, dst);
    }

    // vm: Far vertex → meshmat vertex, fm: Far face → meshmat face, per level.
    std::vector<int64_t> vm((size_t)s.nv), fm(s.counts.size()), em;
    for (size_t i = 0; i < vm.size(); ++i) vm[i] = (int64_t)i;
    for (size_t i = 0; i < fm.size(); ++i) fm[i] = (int64_t)i;
    bool ok = r->GetLevel(0).GetNumEdges() == lv[0].n.edges && level0_edges(r->GetLevel(0), lv[0], em);
    if (!ok) fail(std::string(label) + ": level 0's edges differ from Far's");
    for (int l = 0; l < levels && ok; ++l) {
        const Far::TopologyLevel &pl = r->GetLevel(l), &cl = r->GetLevel(l + 1);
        const Level &a = lv[(size_t)l], &b = lv[(size_t)l + 1];
        if (pl.GetNumEdges() != a.n.edges || cl.GetNumVertices() != b.n.vertices ||
            cl.GetNumFaces() != b.n.faces) {
            fail(std::string(label) + ": counts differ at level " + std::to_string(l + 1));
            ok = false;
            break;
        }
        std::vector<int64_t> vc((size_t)cl.GetNumVertices(), -1), fc((size_t)cl.GetNumFaces(), -1);
        for (int v = 0; v < pl.GetNumVertices(); ++v) vc[(size_t)pl.GetVertexChildVertex(v)] = vm[(size_t)v];
        bool loop = scheme == MM_SCHEME_LOOP;
        if (!loop)
            for (int f = 0; f < pl.GetNumFaces(); ++f)
                vc[(size_t)pl.GetFaceChildVertex(f)] = a.n.vertices + fm[(size_t)f];
        int64_t edge_points = loop ? a.n.vertices : a.n.vertices + a.n.faces;
        for (int e = 0; e < pl.GetNumEdges(); ++e)
            vc[(size_t)pl.GetEdgeChildVertex(e)] = edge_points + em[(size_t)e];
        // The children of meshmat face g: its corners' faces (Catmull-Clark,
        // DESIGN §3) or 4g … 4g + 3 (Loop); each of Far's must be one of them.
        std::vector<uint32_t> want;  // one buffer for every child face
        for (int f = 0; f < pl.GetNumFaces() && ok; ++f) {
            Far::ConstIndexArray kids = pl.GetFaceChildFaces(f);
            int64_t g = fm[(size_t)f];
            int64_t first = loop ? 4 * g : a.ptr[(size_t)g];
            int64_t last = loop ? 4 * g + 4 : a.ptr[(size_t)g + 1];
            for (int i = 0; i < kids.size() && ok; ++i) {
                Far::ConstIndexArray cv = cl.GetFaceVertices(kids[i]);
                want.clear();
                for (int k = 0; k < cv.size(); ++k) want.push_back((uint32_t)vc[(size_t)cv[k]]);
                int64_t match = -1;
                for (int64_t t = first; t < last && match < 0; ++t) {
                    if (same_cycle(want, b.ptr, b.rows, t)) match = t;
                }
                if (match < 0) {
                    fail(std::string(label) + ": a child of face " + std::to_string(g) +
                         " differs at level " + std::to_string(l + 1));
                    ok = false;
                }
                fc[(size_t)kids[i]] = match;
            }
        }
        std::vector<int64_t> cm;
        if (ok && (cl.GetNumEdges() != b.n.edges ||
                   !child_edges(pl, cl, a, b, vm, fm, vc, loop, em, cm))) {
            fail(std::string(label) + ": edges differ at level " + std::to_string(l + 1));
            ok = false;
        }
        vm.swap(vc);
        fm.swap(fc);
        em.swap(cm);
    }
    double scale = 1e-30, tol = prec == MM_TYPE_FLOAT64 ? 1e-12 : 1e-6, worst = 0.0;
    for (double x : s.xyz) scale = std::max(scale, std::fabs(x));
    const std::vector<Vtx> &ref = pos[(size_t)levels];
    for (size_t c = 0; c < ref.size() && ok; ++c)
        for (int k = 0; k < 3; ++k)
            worst = std::max(worst, std::fabs(ours[(size_t)(3 * vm[c] + k)] - ref[c].p[k]) / scale);
    if (ok && worst > tol) {
        fail(std::string(label) + ": positions differ by " + std::to_string(worst) +
             " of the mesh's size");
        ok = false;
    }
    if (ok) ++compared;
    delete r;
}

std::vector<Shape> generated()
{
    std::vector<Shape> out;
    Shape cube;
    cube.name = "generated cube";
    for (int i = 0; i < 8; ++i) add_vertex(cube, i & 1, (i >> 1) & 1, (i >> 2) & 1);
    add_face(cube, {0, 2, 3, 1});
    add_face(cube, {4, 5, 7, 6});
    add_face(cube, {0, 1, 5, 4});
    add_face(cube, {2, 6, 7, 3});
    add_face(cube, {0, 4, 6, 2});
    add_face(cube, {1, 3, 7, 5});
    out.push_back(cube);
    Shape lonely = cube;
    lonely.name = "generated cube with an unreferenced vertex";
    add_vertex(lonely, 3, 3, 3);
    out.push_back(lonely);
    out.push_back(torus(8, 6));
    out.push_back(grid("generated open grid 5x4", 5, 4));
    out.push_back(grid("generated grid with holes", 6, 6, {7, 15, 29}));
    out.push_back(grid("generated single quad", 1, 1));
    Shape prisms;
    prisms.name = "generated prisms of 3- to 8-gons (6 components)";
    for (int n = 3; n <= 8; ++n) add_prism(prisms, n, 3.0 * n);
    out.push_back(prisms);
    out.push_back(fan(5));
    Shape mixed = grid("generated grid, prism and fan (3 components)", 3, 2);
    add_prism(mixed, 5, 10.0);
    int c = add_vertex(mixed, -5, 0, 1);
    int r0 = mixed.nv;
    for (int i = 0; i < 7; ++i) add_vertex(mixed, -5 + std::cos(i), std::sin(i), 0);
    for (int i = 0; i < 6; ++i) add_face(mixed, {c, r0 + i, r0 + i + 1});
    out.push_back(mixed);
    for (const Shape &r : repeating_quads()) out.push_back(r);
    return out;
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc > 1 && std::strcmp(argv[1], "loop") == 0) scheme = MM_SCHEME_LOOP;
    mm_context_options o = mm_context_options_default();
    o.backend = backend();
    mm_context ctx = NULL;
    if (mm_context_new(&ctx, &o) != MM_OK) return o.backend == MM_BACKEND_CUDA ? 77 : 1;
    bool loop = scheme == MM_SCHEME_LOOP;
    std::vector<Shape> shapes = loop ? generated_triangles() : generated();
    if (loop)
        for (const Shape &r : repeating_triangles()) shapes.push_back(r);
    size_t made = shapes.size();
    add_osd_shapes(ctx, loop ? "loop_" : "catmark_", shapes);
    // tri/: the meshes up to 25k triangles (three levels of the 52k and 871k
    // ones would dominate the suite's time on two cores).
    if (loop) add_folder(ctx, "tri", shapes, 25000);
    else add_folder(ctx, "control", shapes);
    // robust/: downloaded meshes as they come (non-manifold edges and
    // vertices, flipped faces, unreferenced vertices, a face repeating a
    // vertex), up to 5000 faces; Loop takes those of triangles only.
    std::vector<Shape> robust;
    add_folder(ctx, "robust", robust, 5000);
    for (const Shape &r : robust)
        if (!loop || std::all_of(r.counts.begin(), r.counts.end(), [](int c) { return c == 3; }))
            shapes.push_back(r);
    if (shapes.size() == made)
        mmt_skip_models(loop ? "Loop against Far on the shared loop_* shapes and tri/"
                             : "Catmull-Clark against Far on the shared catmark_* shapes and "
                               "control/");
    for (const Shape &s : shapes) {
        for (mm_subdiv_path path : {MM_PATH_GENERIC, MM_PATH_SPECIALIZED})
            for (int levels = 1; levels <= 3; ++levels)
                for (mm_boundary rule : {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_EDGE_AND_CORNER})
                    for (mm_type prec : {MM_TYPE_FLOAT64, MM_TYPE_FLOAT32})
                        compare(ctx, s, path, rule, prec, levels);
    }
    mm_context_free(&ctx);
    std::printf("%s: %zu shapes, %d comparisons with Far agree; %d failures\n",
                loop ? "Loop" : "Catmull-Clark", shapes.size(), compared, failures);
    return failures == 0 ? 0 : 1;
}
