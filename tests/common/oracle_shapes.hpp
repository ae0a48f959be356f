// oracle_shapes.hpp: what the C++ oracle tests of the schemes share (DESIGN
// §4): a mesh as plain arrays (Shape), its meshmat mesh, the refusal rules of
// docs/schemes.md, the shared models (OpenSubdiv shapes without tags, whole
// folders) and generated meshes, and the failure count. Header-only: each
// oracle test is one translation unit.
#ifndef MESHMAT_TESTS_ORACLE_SHAPES_HPP
#define MESHMAT_TESTS_ORACLE_SHAPES_HPP

#include <dirent.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "meshmat.h"
#include "mmt_models.h"

namespace oracle {

inline int failures = 0;

inline void fail(const std::string &what)
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

// The faces of a Shape as mm_mesh_new takes them (kept here: they must
// outlive the desc shape_desc returns).
struct ShapeFaces {
    std::vector<int64_t> offsets;
    std::vector<uint32_t> ids;
};

// s as an mm_mesh_desc (float64 positions, repeated vertices kept), its face
// arrays in f; the caller adds tags and precision.
inline mm_mesh_desc shape_desc(const Shape &s, ShapeFaces &f)
{
    f.offsets.assign(1, 0);
    for (int c : s.counts) f.offsets.push_back(f.offsets.back() + c);
    f.ids.assign(s.ids.begin(), s.ids.end());
    mm_mesh_desc d = {};
    d.num_vertices = s.nv;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = s.xyz.data();
    d.num_faces = (int64_t)s.counts.size();
    d.face_offsets = f.offsets.data();
    d.face_vertices = f.ids.data();
    d.keep_repeated = 1;
    return d;
}

inline mm_mesh make_mesh(mm_context ctx, const Shape &s, mm_type precision)
{
    ShapeFaces f;
    mm_mesh_desc d = shape_desc(s, f);
    d.precision = precision;
    mm_mesh mesh = NULL;
    if (mm_mesh_new(ctx, &mesh, &d) != MM_OK) fail(s.name + ": " + mm_last_error(ctx));
    return mesh;
}

// Whether sqrt(3) and the limit must refuse the mesh (docs/schemes.md,
// docs/limit.md): faces that repeat a vertex. Catmull-Clark and Loop refine
// them (edges by face side, docs/creases.md), and what is not a 2-manifold:
// by OpenSubdiv's non-manifold rules; sqrt(3) splits the latter into a
// 2-manifold (docs/creases.md).
inline bool must_refuse(mm_context ctx, mm_mesh mesh)
{
    mm_mesh_stats st;
    if (mm_mesh_stats_get(ctx, mesh, &st) != MM_OK) return false;
    return st.degenerate_faces != 0;
}

// Whether the mesh is not a 2-manifold.
inline bool is_nonmanifold(mm_context ctx, mm_mesh mesh)
{
    mm_mesh_stats st;
    if (mm_mesh_stats_get(ctx, mesh, &st) != MM_OK) return false;
    return st.nonmanifold_edges || st.nonmanifold_vertices || st.flipped_edges;
}

// Whether Loop meets triangles back to back in s: two triangles with the
// same two neighbours at one corner (a vertex of valence 2 between them).
// Far joins their inner edges' ends twice one level down, and so does
// meshmat (edges by face side, docs/creases.md).
inline bool back_to_back_triangles(const Shape &s)
{
    std::map<std::tuple<int, int, int>, int> seen;
    size_t k = 0;
    for (int c : s.counts) {
        if (c == 3)
            for (int i = 0; i < 3; ++i) {
                int v = s.ids[k + (size_t)i], a = s.ids[k + (size_t)(i + 1) % 3],
                    b = s.ids[k + (size_t)(i + 2) % 3];
                if (++seen[std::make_tuple(v, std::min(a, b), std::max(a, b))] > 1) return true;
            }
        k += (size_t)c;
    }
    return false;
}

inline bool read_shape(mm_context ctx, const std::string &path, const std::string &name, Shape &s)
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
    mm_mesh_arrays a = {all.data(), off.data(), ids.data(), NULL, NULL, NULL, NULL, NULL};
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
inline bool tagged(const std::string &path)
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

inline std::vector<std::string> list_dir(const std::string &dir, const std::string &prefix)
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

inline int add_vertex(Shape &s, double x, double y, double z)
{
    s.xyz.insert(s.xyz.end(), {x, y, z});
    return s.nv++;
}

inline void add_face(Shape &s, std::initializer_list<int> v)
{
    s.counts.push_back((int)v.size());
    s.ids.insert(s.ids.end(), v);
}

// An nx × ny grid of quads on [0, nx] × [0, ny] with a little height; the
// faces in `holes` (y · nx + x) left out.
inline Shape grid(const std::string &name, int nx, int ny, std::vector<int> holes = {})
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

inline Shape torus(int nu, int nv)
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
inline void add_prism(Shape &s, int n, double dx)
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
inline Shape fan(int n)
{
    Shape s;
    s.name = "generated open fan of " + std::to_string(n) + " triangles";
    int c = add_vertex(s, 0, 0, 0.5);
    for (int i = 0; i < n; ++i) add_vertex(s, std::cos(2 * M_PI * i / n), std::sin(2 * M_PI * i / n), 0);
    for (int i = 0; i < n; ++i) add_face(s, {c, 1 + i, 1 + (i + 1) % n});
    return s;
}

// The faces of s split into fans of triangles (v_0, v_i, v_{i+1}).
inline Shape triangulate(const Shape &s, const std::string &name)
{
    Shape t = s;
    t.name = name;
    t.counts.clear();
    t.ids.clear();
    size_t k = 0;
    for (int c : s.counts) {
        for (int i = 1; i + 1 < c; ++i)
            add_face(t, {s.ids[k], s.ids[k + (size_t)i], s.ids[k + (size_t)i + 1]});
        k += (size_t)c;
    }
    return t;
}

// Generated triangle meshes for Loop and sqrt(3): closed, open, with holes,
// several components, an unreferenced vertex.
inline std::vector<Shape> generated_triangles()
{
    std::vector<Shape> out;
    Shape oct;
    oct.name = "generated octahedron";
    for (int a = 0; a < 3; ++a)
        for (int sgn = -1; sgn <= 1; sgn += 2)
            add_vertex(oct, a == 0 ? sgn : 0, a == 1 ? sgn : 0, a == 2 ? 1.5 * sgn : 0);
    for (int x : {0, 1})
        for (int y : {2, 3})
            for (int z : {4, 5}) {
                bool flip = (x + y + z) % 2 == 0;
                if (flip) add_face(oct, {x, z, y});
                else add_face(oct, {x, y, z});
            }
    out.push_back(oct);
    Shape lonely = oct;
    lonely.name = "generated octahedron with an unreferenced vertex";
    add_vertex(lonely, 3, 3, 3);
    out.push_back(lonely);
    out.push_back(triangulate(torus(8, 6), "generated triangulated torus 8x6"));
    out.push_back(triangulate(grid("", 5, 4), "generated open triangle grid 5x4"));
    out.push_back(triangulate(grid("", 6, 6, {7, 15, 29}), "generated triangle grid with holes"));
    out.push_back(triangulate(grid("", 1, 1), "generated two triangles"));
    out.push_back(fan(5));
    Shape prisms;
    for (int n = 3; n <= 6; ++n) add_prism(prisms, n, 3.0 * n);
    out.push_back(triangulate(prisms, "generated triangulated prisms (4 closed components)"));
    Shape mixed = grid("", 3, 2);
    add_prism(mixed, 5, 10.0);
    int c = add_vertex(mixed, -5, 0, 1), r0 = mixed.nv;
    for (int i = 0; i < 7; ++i) add_vertex(mixed, -5 + std::cos(i), std::sin(i), 0);
    for (int i = 0; i < 6; ++i) add_face(mixed, {c, r0 + i, r0 + i + 1});
    out.push_back(triangulate(mixed, "generated grid, prism and fan (3 components)"));
    return out;
}

// The shared models folder (mmt_models.h: MESHMAT_SHARED_MODELS overrides it).
inline std::string models_root()
{
    return mmt_shared_models_dir();
}

// The OpenSubdiv regression shapes named prefix* without crease, corner or
// hole tags.
inline void add_osd_shapes(mm_context ctx, const std::string &prefix, std::vector<Shape> &out)
{
    std::string root = models_root();
    for (const std::string &n : list_dir(root + "/opensubdiv", prefix)) {
        std::string path = root + "/opensubdiv/" + n;
        Shape s;
        if (!tagged(path) && read_shape(ctx, path, n, s)) out.push_back(s);
    }
}

// Every .obj of a shared models folder with at most max_faces faces.
inline void add_folder(mm_context ctx, const std::string &folder, std::vector<Shape> &out,
                       size_t max_faces = (size_t)-1)
{
    std::string root = models_root();
    for (const std::string &n : list_dir(root + "/" + folder, "")) {
        Shape s;
        if (read_shape(ctx, root + "/" + folder + "/" + n, folder + "/" + n, s) &&
            s.counts.size() <= max_faces)
            out.push_back(s);
    }
}

// The backend under test (MESHMAT_TEST_BACKEND=cuda: the GPU).
inline mm_backend backend()
{
    const char *b = std::getenv("MESHMAT_TEST_BACKEND");
    return b && std::strcmp(b, "cuda") == 0 ? MM_BACKEND_CUDA : MM_BACKEND_CPU;
}

}  // namespace oracle

#endif
