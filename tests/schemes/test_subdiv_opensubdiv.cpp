// test_subdiv_opensubdiv.cpp: OpenSubdiv 3.5 Far (Debian libosd-dev) as the
// oracle for Catmull-Clark's generic and specialized paths (DESIGN §4): for
// both paths, levels 1-3, both boundary rules and both precisions, meshmat's refined faces must equal Far's
// under the vertex matching by parent element (Far's GetVertexChildVertex,
// GetFaceChildVertex, GetEdgeChildVertex: a vertex's child is the same vertex,
// a face's child is |V| + the face, an edge's child is |V| + |F| + meshmat's id
// of the edge on the same two vertices), faces as cyclic sequences, and
// positions must agree within 1e-12 (float64) or 1e-6 (float32) of the
// mesh's size. Shapes: every catmark_* regression shape without crease, corner
// or hole tags, every control/ mesh, and generated meshes; those meshmat
// refuses (non-manifold, repeated vertices, inconsistent orientation) must be
// exactly those mm_mesh_stats flags. MESHMAT_TEST_BACKEND=cuda runs it on the GPU.
#include <opensubdiv/far/primvarRefiner.h>
#include <opensubdiv/far/topologyDescriptor.h>

#include <dirent.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "meshmat.h"
#include "same_cycle.hpp"

using namespace OpenSubdiv;

namespace {

int failures = 0, compared = 0, refused = 0;

void fail(const std::string &what)
{
    std::fprintf(stderr, "FAIL: %s\n", what.c_str());
    ++failures;
}

struct Shape {
    std::string name;
    int nv = 0;
    std::vector<double> xyz;  // nv × 3
    std::vector<int> counts;  // per face
    std::vector<int> ids;     // face vertices
};

// Far's vertex data: 3 doubles, interpolated with double weights.
struct Vtx {
    double p[3];
    void Clear(void * = 0) { p[0] = p[1] = p[2] = 0.0; }
    void AddWithWeight(Vtx const &s, double w)
    {
        for (int k = 0; k < 3; ++k) p[k] += w * s.p[k];
    }
};

mm_mesh make_mesh(mm_context ctx, const Shape &s, mm_type precision)
{
    std::vector<int64_t> offsets(1, 0);
    for (int c : s.counts) offsets.push_back(offsets.back() + c);
    std::vector<uint32_t> ids(s.ids.begin(), s.ids.end());
    mm_mesh_desc d = {};
    d.num_vertices = s.nv;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = s.xyz.data();
    d.num_faces = (int64_t)s.counts.size();
    d.face_offsets = offsets.data();
    d.face_vertices = ids.data();
    d.precision = precision;
    d.keep_repeated = 1;
    mm_mesh mesh = NULL;
    if (mm_mesh_new(ctx, &mesh, &d) != MM_OK) fail(s.name + ": " + mm_last_error(ctx));
    return mesh;
}

// Whether meshmat must refuse the mesh (docs/schemes.md).
bool must_refuse(mm_context ctx, mm_mesh mesh)
{
    mm_mesh_stats st;
    if (mm_mesh_stats_get(ctx, mesh, &st) != MM_OK) return false;
    return st.nonmanifold_edges || st.nonmanifold_vertices || st.degenerate_faces ||
           st.flipped_edges;
}

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
        Factory::Create(desc, Factory::Options(Sdc::SCHEME_CATMARK, o));
    if (r) r->RefineUniform(Far::TopologyRefiner::UniformOptions(levels));
    return r;
}

// meshmat's level l: M's pointer and rows, and the edge list.
struct Level {
    mm_subdiv_counts n;
    std::vector<int64_t> ptr;
    std::vector<uint32_t> rows, ends;
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> edge;  // {min, max} → id
};

bool export_level(mm_subdiv s, int l, Level &lv)
{
    if (mm_subdiv_level_counts(s, l, &lv.n) != MM_OK) return false;
    lv.ptr.resize((size_t)lv.n.faces + 1);
    lv.rows.resize((size_t)lv.n.nnz);
    mm_matrix_arrays a = {lv.ptr.data(), lv.rows.data(), NULL, NULL};
    if (mm_matrix_export(mm_subdiv_level_matrix(s, l), &a) != MM_OK) return false;
    lv.ends.resize((size_t)(2 * lv.n.edges));
    if (mm_subdiv_level_edges(s, l, lv.ends.data()) != MM_OK) return false;
    for (int64_t e = 0; e < lv.n.edges; ++e) {
        uint32_t a0 = lv.ends[2 * e], b0 = lv.ends[2 * e + 1];
        lv.edge[{std::min(a0, b0), std::max(a0, b0)}] = (uint32_t)e;
    }
    return (int64_t)lv.edge.size() == lv.n.edges;
}

// Refines s to `levels` with meshmat and Far and compares them (or checks
// that meshmat refuses a mesh the rules refuse).
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
    bool refuse = must_refuse(ctx, mesh);
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = levels;
    o.boundary = rule;
    o.path = path;
    mm_subdiv sd = NULL;
    mm_dense X = NULL;
    mm_status st = mm_subdiv_build(ctx, mesh, &o, &sd);
    if (refuse || st != MM_OK) {
        if (!refuse) fail(std::string(label) + ": refused: " + mm_last_error(ctx));
        else if (st != MM_ERR_INVALID_MESH) fail(std::string(label) + ": not refused");
        else if (levels == 1 && rule == MM_BOUNDARY_EDGE_ONLY && prec == MM_TYPE_FLOAT64 &&
                 path == MM_PATH_GENERIC) {
            std::printf("refused as the rules say: %s\n", s.name.c_str());
            ++refused;
        }
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
    std::vector<int64_t> vm((size_t)s.nv), fm(s.counts.size());
    for (size_t i = 0; i < vm.size(); ++i) vm[i] = (int64_t)i;
    for (size_t i = 0; i < fm.size(); ++i) fm[i] = (int64_t)i;
    bool ok = true;
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
        for (int f = 0; f < pl.GetNumFaces(); ++f)
            vc[(size_t)pl.GetFaceChildVertex(f)] = a.n.vertices + fm[(size_t)f];
        for (int e = 0; e < pl.GetNumEdges() && ok; ++e) {
            Far::ConstIndexArray ev = pl.GetEdgeVertices(e);
            uint32_t x = (uint32_t)vm[(size_t)ev[0]], y = (uint32_t)vm[(size_t)ev[1]];
            auto it = a.edge.find({std::min(x, y), std::max(x, y)});
            if (it == a.edge.end()) {
                fail(std::string(label) + ": no meshmat edge for a Far edge");
                ok = false;
            } else {
                vc[(size_t)pl.GetEdgeChildVertex(e)] = a.n.vertices + a.n.faces + it->second;
            }
        }
        for (int f = 0; f < pl.GetNumFaces() && ok; ++f) {
            Far::ConstIndexArray kids = pl.GetFaceChildFaces(f);
            int64_t g = fm[(size_t)f];
            for (int i = 0; i < kids.size() && ok; ++i) {
                Far::ConstIndexArray cv = cl.GetFaceVertices(kids[i]);
                std::vector<uint32_t> want;
                int64_t corner = -1;
                for (int k = 0; k < cv.size(); ++k) {
                    uint32_t v = (uint32_t)vc[(size_t)cv[k]];
                    want.push_back(v);
                    if (v < a.n.vertices)
                        for (int64_t t = a.ptr[(size_t)g]; t < a.ptr[(size_t)g + 1]; ++t)
                            if (a.rows[(size_t)t] == v) corner = t;
                }
                if (corner < 0) {
                    fail(std::string(label) + ": a child face without its parent's corner");
                    ok = false;
                    break;
                }
                fc[(size_t)kids[i]] = corner;
                std::vector<uint32_t> got(b.rows.begin() + b.ptr[(size_t)corner],
                                          b.rows.begin() + b.ptr[(size_t)corner + 1]);
                if (!same_cycle(want, got)) {
                    fail(std::string(label) + ": refined face " + std::to_string(corner) +
                         " differs at level " + std::to_string(l + 1));
                    ok = false;
                }
            }
        }
        vm.swap(vc);
        fm.swap(fc);
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

bool read_shape(mm_context ctx, const std::string &path, const std::string &name, Shape &s)
{
    mm_read_options ro = mm_read_options_default();
    ro.keep_repeated = 1;
    mm_mesh mesh = NULL;
    if (mm_mesh_read(ctx, &mesh, path.c_str(), &ro) != MM_OK) {
        fail(name + ": " + mm_last_error(ctx));
        return false;
    }
    mm_mesh_info info;
    mm_mesh_info_get(mesh, &info);
    std::vector<double> all((size_t)(info.num_vertices * info.dim));
    std::vector<int64_t> off((size_t)info.num_faces + 1);
    std::vector<uint32_t> ids((size_t)info.nnz);
    mm_mesh_arrays a = {all.data(), off.data(), ids.data(), NULL, NULL, NULL, NULL};
    mm_status st = mm_mesh_export(mesh, &a);
    mm_mesh_free(&mesh);
    if (st != MM_OK || info.dim < 3) return false;
    s.name = name;
    s.nv = (int)info.num_vertices;
    for (int64_t v = 0; v < info.num_vertices; ++v)
        for (int k = 0; k < 3; ++k) s.xyz.push_back(all[(size_t)(v * info.dim + k)]);
    for (int64_t f = 0; f < info.num_faces; ++f) s.counts.push_back((int)(off[(size_t)f + 1] - off[(size_t)f]));
    s.ids.assign(ids.begin(), ids.end());
    return true;
}

// Whether an OpenSubdiv shape carries crease, corner or hole tags.
bool tagged(const std::string &path)
{
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        size_t t = line.find("t ");
        if (t != 0 && line.find("# osd-tag: t ") != 0) continue;
        for (const char *tag : {"crease", "corner", "hole"})
            if (line.find(std::string("t ") + tag) != std::string::npos) return true;
    }
    return false;
}

std::vector<std::string> list_dir(const std::string &dir, const std::string &prefix)
{
    std::vector<std::string> out;
    DIR *d = opendir(dir.c_str());
    if (!d) return out;
    while (dirent *e = readdir(d)) {
        std::string n = e->d_name;
        if (n.compare(0, prefix.size(), prefix) == 0 && n.size() > 4 &&
            n.compare(n.size() - 4, 4, ".obj") == 0)
            out.push_back(n);
    }
    closedir(d);
    std::sort(out.begin(), out.end());
    return out;
}

// --- generated meshes -------------------------------------------------------

int add_vertex(Shape &s, double x, double y, double z)
{
    s.xyz.insert(s.xyz.end(), {x, y, z});
    return s.nv++;
}

void add_face(Shape &s, std::initializer_list<int> v)
{
    s.counts.push_back((int)v.size());
    s.ids.insert(s.ids.end(), v);
}

// An nx × ny grid of quads on [0, nx] × [0, ny] with a little height; the
// faces in `holes` (y · nx + x) left out.
Shape grid(const std::string &name, int nx, int ny, std::vector<int> holes = {})
{
    Shape s;
    s.name = name;
    for (int y = 0; y <= ny; ++y)
        for (int x = 0; x <= nx; ++x) add_vertex(s, x, y, 0.1 * std::sin(x + 2.0 * y));
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            if (std::find(holes.begin(), holes.end(), y * nx + x) != holes.end()) continue;
            int a = y * (nx + 1) + x;
            add_face(s, {a, a + 1, a + nx + 2, a + nx + 1});
        }
    return s;
}

Shape torus(int nu, int nv)
{
    Shape s;
    s.name = "generated torus " + std::to_string(nu) + "x" + std::to_string(nv);
    for (int i = 0; i < nu; ++i)
        for (int j = 0; j < nv; ++j) {
            double u = 2 * M_PI * i / nu, v = 2 * M_PI * j / nv;
            add_vertex(s, (2 + std::cos(v)) * std::cos(u), (2 + std::cos(v)) * std::sin(u),
                       std::sin(v));
        }
    for (int i = 0; i < nu; ++i)
        for (int j = 0; j < nv; ++j) {
            int i1 = (i + 1) % nu, j1 = (j + 1) % nv;
            add_face(s, {i * nv + j, i1 * nv + j, i1 * nv + j1, i * nv + j1});
        }
    return s;
}

// A closed prism over an n-gon (two n-gon caps, n quads), shifted by dx.
void add_prism(Shape &s, int n, double dx)
{
    int base = s.nv;
    for (int z = 0; z < 2; ++z)
        for (int i = 0; i < n; ++i)
            add_vertex(s, dx + std::cos(2 * M_PI * i / n), std::sin(2 * M_PI * i / n),
                       z * (1.0 + 0.1 * n));
    s.counts.push_back(n);
    for (int i = n - 1; i >= 0; --i) s.ids.push_back(base + i);
    s.counts.push_back(n);
    for (int i = 0; i < n; ++i) s.ids.push_back(base + n + i);
    for (int i = 0; i < n; ++i) {
        int j = (i + 1) % n;
        add_face(s, {base + i, base + j, base + n + j, base + n + i});
    }
}

// An open fan of n triangles around a centre; their outer edges are the boundary.
Shape fan(int n)
{
    Shape s;
    s.name = "generated open fan of " + std::to_string(n) + " triangles";
    int c = add_vertex(s, 0, 0, 0.5);
    for (int i = 0; i < n; ++i) add_vertex(s, std::cos(2 * M_PI * i / n), std::sin(2 * M_PI * i / n), 0);
    for (int i = 0; i < n; ++i) add_face(s, {c, 1 + i, 1 + (i + 1) % n});
    return s;
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
    return out;
}

}  // namespace

int main()
{
    const char *b = std::getenv("MESHMAT_TEST_BACKEND");
    mm_context_options o = mm_context_options_default();
    o.backend = b && std::strcmp(b, "cuda") == 0 ? MM_BACKEND_CUDA : MM_BACKEND_CPU;
    mm_context ctx = NULL;
    if (mm_context_new(&ctx, &o) != MM_OK) return o.backend == MM_BACKEND_CUDA ? 77 : 1;
    std::vector<Shape> shapes = generated();
    const char *sm = std::getenv("MESHMAT_SHARED_MODELS");
    std::string root = sm ? sm : std::string(MESHMAT_SOURCE_DIR) + "/../shared/models";
    for (const std::string &n : list_dir(root + "/opensubdiv", "catmark_")) {
        std::string path = root + "/opensubdiv/" + n;
        Shape s;
        if (!tagged(path) && read_shape(ctx, path, n, s)) shapes.push_back(s);
    }
    for (const std::string &n : list_dir(root + "/control", "")) {
        Shape s;
        if (read_shape(ctx, root + "/control/" + n, "control/" + n, s)) shapes.push_back(s);
    }
    if (shapes.size() < 20) std::printf("shared models absent: generated meshes only\n");
    for (const Shape &s : shapes)
        for (mm_subdiv_path path : {MM_PATH_GENERIC, MM_PATH_SPECIALIZED})
            for (int levels = 1; levels <= 3; ++levels)
                for (mm_boundary rule : {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_EDGE_AND_CORNER})
                    for (mm_type prec : {MM_TYPE_FLOAT64, MM_TYPE_FLOAT32})
                        compare(ctx, s, path, rule, prec, levels);
    mm_context_free(&ctx);
    std::printf("%zu shapes, %d comparisons with Far agree, %d shapes refused as "
                "non-manifold / degenerate / inconsistently oriented; %d failures\n",
                shapes.size(), compared, refused, failures);
    return failures == 0 ? 0 : 1;
}
