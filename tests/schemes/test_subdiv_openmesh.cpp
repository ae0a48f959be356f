// test_subdiv_openmesh.cpp: OpenMesh 9's Sqrt3T (Debian libopenmesh-dev) as
// the oracle for sqrt(3) under MM_PATH_AUTO (the specialized path, itself
// equal to the generic one; DESIGN §4), boundaries included:
// for levels 1-3 and both precisions, meshmat's refined triangles must equal
// OpenMesh's as cyclic sequences and the positions must agree within 1e-12
// (float64) or 1e-6 (float32) of the mesh's size. OpenMesh renumbers the
// new vertices (boundary points before face points on odd levels) and faces
// (its splits), so its vertices are matched to meshmat's by position in the
// float64 run (a bijection is required: nearest point within 1e-9 of the
// size, then the 1e-12 check), and faces are compared as sets of cycles.
// Shapes: the generated triangle meshes, every loop_* regression shape
// without tags, the tri/ meshes up to 15k triangles; those meshmat refuses
// must be exactly the mm_mesh_stats flags. MESHMAT_TEST_BACKEND=cuda runs it
// on the GPU.
#include <OpenMesh/Core/Mesh/TriMesh_ArrayKernelT.hh>
#include <OpenMesh/Tools/Subdivider/Uniform/Sqrt3T.hh>

#include <set>

#include "oracle_shapes.hpp"

using namespace oracle;

namespace {

struct Traits : OpenMesh::DefaultTraits {
    typedef OpenMesh::Vec3d Point;
};
typedef OpenMesh::TriMesh_ArrayKernelT<Traits> OmMesh;

int compared = 0, refused = 0;

// A face as a cycle starting at its smallest vertex.
std::vector<uint32_t> canonical(std::vector<uint32_t> f)
{
    std::rotate(f.begin(), std::min_element(f.begin(), f.end()), f.end());
    return f;
}

// meshmat's refinement: the last level's faces and positions (as doubles).
bool refine(mm_context ctx, const Shape &s, mm_type prec, int levels, const std::string &label,
            std::vector<std::vector<uint32_t>> &faces, std::vector<double> &xyz, bool &was_refused)
{
    mm_mesh mesh = make_mesh(ctx, s, prec);
    if (!mesh) return false;
    bool refuse = must_refuse(ctx, mesh);
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_SQRT3;
    o.levels = levels;
    mm_subdiv sd = NULL;
    mm_dense X = NULL;
    mm_status st = mm_subdiv_build(ctx, mesh, &o, &sd);
    was_refused = refuse;
    bool ok = false;
    if (refuse || st != MM_OK) {
        if (!refuse) fail(label + ": refused: " + mm_last_error(ctx));
        else if (st != MM_ERR_INVALID_MESH) fail(label + ": not refused");
    } else if (mm_subdiv_eval(sd, mm_mesh_vertices(mesh), &X) != MM_OK) {
        fail(label + ": eval: " + mm_last_error(ctx));
    } else {
        mm_subdiv_counts n;
        mm_subdiv_level_counts(sd, levels, &n);
        std::vector<int64_t> ptr((size_t)n.faces + 1);
        std::vector<uint32_t> rows((size_t)n.nnz);
        mm_matrix_arrays a = {ptr.data(), rows.data(), NULL, NULL};
        mm_matrix_export(mm_subdiv_level_matrix(sd, levels), &a);
        faces.clear();
        for (int64_t f = 0; f < n.faces; ++f)
            faces.emplace_back(rows.begin() + ptr[(size_t)f], rows.begin() + ptr[(size_t)f + 1]);
        xyz.resize((size_t)(3 * n.vertices));
        if (prec == MM_TYPE_FLOAT64) {
            mm_dense_export(X, xyz.data());
        } else {
            std::vector<float> f(xyz.size());
            mm_dense_export(X, f.data());
            std::copy(f.begin(), f.end(), xyz.begin());
        }
        ok = true;
    }
    mm_dense_free(&X);
    mm_subdiv_free(&sd);
    mm_mesh_free(&mesh);
    return ok;
}

// OpenMesh's refinement of s (levels applied at once: Sqrt3T keeps the
// generation count, odd or even, across them).
bool openmesh(const Shape &s, int levels, OmMesh &m)
{
    std::vector<OmMesh::VertexHandle> vh;
    for (int v = 0; v < s.nv; ++v)
        vh.push_back(m.add_vertex(OmMesh::Point(s.xyz[(size_t)(3 * v)], s.xyz[(size_t)(3 * v + 1)],
                                                s.xyz[(size_t)(3 * v + 2)])));
    size_t k = 0;
    for (int c : s.counts) {
        if (!m.add_face(vh[(size_t)s.ids[k]], vh[(size_t)s.ids[k + 1]], vh[(size_t)s.ids[k + 2]])
                 .is_valid())
            return false;
        k += (size_t)c;
    }
    size_t valence = 0;
    for (auto v : m.vertices()) valence = std::max(valence, (size_t)m.valence(v));
    OpenMesh::Subdivider::Uniform::Sqrt3T<OmMesh> sqrt3;
    sqrt3.init_weights(std::max<size_t>(50, valence + 1));
    sqrt3.attach(m);
    sqrt3(levels);
    sqrt3.detach();
    return true;
}

void compare(mm_context ctx, const Shape &s, int levels)
{
    std::string label = s.name + " L" + std::to_string(levels);
    std::vector<std::vector<uint32_t>> faces;
    std::vector<double> ours;
    bool was_refused = false;
    mm_mesh probe = make_mesh(ctx, s, MM_TYPE_FLOAT64);
    bool split = probe && is_nonmanifold(ctx, probe);
    mm_mesh_free(&probe);
    if (split) { // meshmat splits it into a 2-manifold first; OpenMesh cannot hold it
        if (levels == 1)
            std::printf("skipped: %s (not a 2-manifold: OpenMesh cannot hold it; meshmat's split "
                        "is tested in test_subdiv_sqrt3_split)\n", s.name.c_str());
        return;
    }
    if (!refine(ctx, s, MM_TYPE_FLOAT64, levels, label + " f64", faces, ours, was_refused)) {
        if (was_refused && levels == 1) {
            std::printf("refused as the rules say: %s\n", s.name.c_str());
            ++refused;
        }
        return;
    }
    OmMesh m;
    if (!openmesh(s, levels, m)) return fail(label + ": OpenMesh refuses the shape");
    size_t nv = ours.size() / 3;
    if (m.n_vertices() != nv || m.n_faces() != faces.size())
        return fail(label + ": counts differ: OpenMesh " + std::to_string(m.n_vertices()) +
                    " vertices, " + std::to_string(m.n_faces()) + " faces; meshmat " +
                    std::to_string(nv) + ", " + std::to_string(faces.size()));
    double scale = 1e-30;
    for (double x : s.xyz) scale = std::max(scale, std::fabs(x));
    // vm: OpenMesh vertex → meshmat vertex, the nearest within 1e-9 of the size.
    std::vector<uint32_t> by_x(nv);
    for (size_t v = 0; v < nv; ++v) by_x[v] = (uint32_t)v;
    std::sort(by_x.begin(), by_x.end(),
              [&](uint32_t a, uint32_t b) { return ours[3 * a] < ours[3 * b]; });
    std::vector<int64_t> vm(nv, -1);
    std::vector<char> taken(nv, 0);
    double worst = 0.0, near = 1e-9 * scale;
    for (auto v : m.vertices()) {
        OmMesh::Point p = m.point(v);
        auto lo = std::lower_bound(by_x.begin(), by_x.end(), p[0] - near,
                                   [&](uint32_t a, double x) { return ours[3 * a] < x; });
        double best = near;
        for (auto it = lo; it != by_x.end() && ours[3 * *it] <= p[0] + near; ++it) {
            double d = 0.0;
            for (int k = 0; k < 3; ++k) d = std::max(d, std::fabs(ours[3 * *it + k] - p[k]));
            if (d <= best) best = d, vm[(size_t)v.idx()] = *it;
        }
        if (vm[(size_t)v.idx()] < 0 || taken[(size_t)vm[(size_t)v.idx()]]++)
            return fail(label + ": OpenMesh vertex " + std::to_string(v.idx()) +
                        " has no meshmat vertex of its own at its position");
        worst = std::max(worst, best / scale);
    }
    if (worst > 1e-12) return fail(label + ": positions differ by " + std::to_string(worst));
    std::multiset<std::vector<uint32_t>> want, got;
    for (auto f : m.faces()) {
        std::vector<uint32_t> c;
        for (auto v : m.fv_range(f)) c.push_back((uint32_t)vm[(size_t)v.idx()]);
        want.insert(canonical(c));
    }
    for (const auto &f : faces) got.insert(canonical(f));
    if (want != got) return fail(label + ": the refined triangles differ");
    std::vector<double> ours32;
    if (!refine(ctx, s, MM_TYPE_FLOAT32, levels, label + " f32", faces, ours32, was_refused)) return;
    worst = 0.0;
    for (auto v : m.vertices())
        for (int k = 0; k < 3; ++k)
            worst = std::max(worst, std::fabs(ours32[(size_t)(3 * vm[(size_t)v.idx()] + k)] -
                                              m.point(v)[k]) / scale);
    if (worst > 1e-6) return fail(label + ": f32 positions differ by " + std::to_string(worst));
    compared += 2;
}

}  // namespace

int main()
{
    mm_context_options o = mm_context_options_default();
    o.backend = backend();
    mm_context ctx = NULL;
    if (mm_context_new(&ctx, &o) != MM_OK) return o.backend == MM_BACKEND_CUDA ? 77 : 1;
    std::vector<Shape> shapes = generated_triangles();
    size_t made = shapes.size();
    add_osd_shapes(ctx, "loop_", shapes);
    add_folder(ctx, "tri", shapes, 15000);
    if (shapes.size() == made)
        mmt_skip_models("sqrt(3) against OpenMesh Sqrt3T on the shared loop_* shapes and tri/");
    for (const Shape &s : shapes)
        for (int levels = 1; levels <= 3; ++levels) compare(ctx, s, levels);
    mm_context_free(&ctx);
    std::printf("sqrt(3): %zu shapes, %d comparisons with OpenMesh Sqrt3T agree, %d shapes "
                "refused as non-manifold / degenerate / inconsistently oriented; %d failures\n",
                shapes.size(), compared, refused, failures);
    return failures == 0 ? 0 : 1;
}
