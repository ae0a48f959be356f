// oracle_tags.hpp: crease, corner and hole tags for the C++ oracle tests
// against OpenSubdiv Far (issue 17): the tags as plain arrays (Tags), the
// OpenSubdiv `t` tag lines of the shared shapes read independently of
// mm_mesh_read (so that Far is not fed by the reader under test), random tags
// from a fixed seed on any Shape, more generated meshes (a cube of n × n
// quads per side, a mesh of triangles, quads and a pentagon), the meshmat
// mesh of a Shape with its tags, and Far's refiner of a Shape with its tags
// and options. Header-only, like oracle_shapes.hpp; needs the OpenSubdiv
// headers on the include path.
#ifndef MESHMAT_TESTS_ORACLE_TAGS_HPP
#define MESHMAT_TESTS_ORACLE_TAGS_HPP

#include <opensubdiv/far/primvarRefiner.h>
#include <opensubdiv/far/topologyDescriptor.h>
#include <opensubdiv/far/topologyRefinerFactory.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

#include "oracle_shapes.hpp"

namespace oracle {

// Tags as OpenSubdiv's Far::TopologyDescriptor takes them: creases as vertex
// pairs with a sharpness each, corners as vertices with a sharpness each,
// holes as face ids. Lists are kept as given (repeats included): Far applies
// them in order, so a repeated edge or vertex keeps the last sharpness.
struct Tags {
    std::vector<int> crease_pairs;  // 2 per crease
    std::vector<float> crease_sharpness;
    std::vector<int> corners;
    std::vector<float> corner_sharpness;
    std::vector<int> holes;
    bool empty() const { return crease_sharpness.empty() && corners.empty() && holes.empty(); }
};

// What a shared shape's `t` lines say (written `# osd-tag: t …` in the
// converted OBJ files; plain `t …` read too).
struct OsdTags {
    Tags tags;
    int interpolateboundary = -1;     // -1: absent (OpenSubdiv's default: edge-only)
    std::string creasemethod;         // "" when absent
    std::vector<std::string> others;  // the names of every other tag
};

// Parses `t name nint/nfloat/nstring ints… floats… strings…` lines. crease:
// the N ints are a chain of N − 1 edges, 1 float for all of them or N − 1
// (every shared shape has N = 2); corner: N vertices, 1 float or N; hole: N
// faces; interpolateboundary: 1 int (0 none, 1 edge-and-corner, 2 edge-only,
// as in OpenSubdiv's regression/common/shape_utils). false when the file
// cannot be read or a tag line is malformed (*error says which).
inline bool parse_osd_tags(const std::string &path, OsdTags &out, std::string *error)
{
    std::ifstream in(path);
    if (!in) {
        if (error) *error = path + ": cannot be opened";
        return false;
    }
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        std::string body;
        if (line.compare(0, 2, "t ") == 0) body = line.substr(2);
        else if (line.compare(0, 13, "# osd-tag: t ") == 0) body = line.substr(13);
        else continue;
        std::istringstream ss(body);
        std::string name, counts;
        int ni = -1, nf = -1, ns = -1;
        ss >> name >> counts;
        if (std::sscanf(counts.c_str(), "%d/%d/%d", &ni, &nf, &ns) != 3 || ni < 0 || nf < 0 ||
            ns < 0) {
            if (error) *error = path + ":" + std::to_string(number) + ": bad tag counts";
            return false;
        }
        std::vector<long> ints((size_t)ni);
        std::vector<float> floats((size_t)nf);
        std::vector<std::string> strings((size_t)ns);
        for (long &v : ints) ss >> v;
        for (float &v : floats) ss >> v;
        for (std::string &v : strings) ss >> v;
        if (!ss) {
            if (error) *error = path + ":" + std::to_string(number) + ": truncated tag";
            return false;
        }
        if (name == "crease") {
            if (ni < 2 || (nf != 1 && nf != ni - 1)) {
                if (error) *error = path + ":" + std::to_string(number) + ": bad crease tag";
                return false;
            }
            for (int i = 0; i + 1 < ni; ++i) {
                out.tags.crease_pairs.push_back((int)ints[(size_t)i]);
                out.tags.crease_pairs.push_back((int)ints[(size_t)i + 1]);
                out.tags.crease_sharpness.push_back(floats[nf == 1 ? 0 : (size_t)i]);
            }
        } else if (name == "corner") {
            if (nf != 1 && nf != ni) {
                if (error) *error = path + ":" + std::to_string(number) + ": bad corner tag";
                return false;
            }
            for (int i = 0; i < ni; ++i) {
                out.tags.corners.push_back((int)ints[(size_t)i]);
                out.tags.corner_sharpness.push_back(floats[nf == 1 ? 0 : (size_t)i]);
            }
        } else if (name == "hole") {
            for (long v : ints) out.tags.holes.push_back((int)v);
        } else if (name == "interpolateboundary") {
            if (ni != 1) {
                if (error) *error = path + ":" + std::to_string(number) + ": bad interpolateboundary";
                return false;
            }
            out.interpolateboundary = (int)ints[0];
        } else if (name == "creasemethod") {
            out.creasemethod = ns > 0 ? strings[0] : "";
        } else {
            out.others.push_back(name);
        }
    }
    return true;
}

// --- edges of a Shape -------------------------------------------------------

// The edges of s: {min, max} → the number of face sides on it (1: boundary).
inline std::map<std::pair<int, int>, int> shape_edges(const Shape &s)
{
    std::map<std::pair<int, int>, int> e;
    size_t k = 0;
    for (int c : s.counts) {
        for (int i = 0; i < c; ++i) {
            int a = s.ids[k + (size_t)i], b = s.ids[k + (size_t)((i + 1) % c)];
            ++e[{std::min(a, b), std::max(a, b)}];
        }
        k += (size_t)c;
    }
    return e;
}

// The size of s: the largest extent of its bounding box (1e-30 at least).
inline double shape_size(const Shape &s)
{
    double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300}, size = 1e-30;
    for (size_t i = 0; i < s.xyz.size(); ++i) {
        lo[i % 3] = std::min(lo[i % 3], s.xyz[i]);
        hi[i % 3] = std::max(hi[i % 3], s.xyz[i]);
    }
    for (int k = 0; k < 3 && !s.xyz.empty(); ++k) size = std::max(size, hi[k] - lo[k]);
    return size;
}

// --- more generated meshes ---------------------------------------------------

// The surface of a cube cut into n × n quads per side (closed, valence-3
// vertices at the cube's corners, valence 4 elsewhere), outward-oriented,
// with every vertex moved a little (fixed seed) so that nothing is symmetric.
inline Shape cube_grid(int n, unsigned seed = 17)
{
    Shape s;
    s.name = "generated cube of " + std::to_string(n) + "x" + std::to_string(n) + " quads a side";
    std::map<std::tuple<int, int, int>, int> id;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> jitter(-0.15, 0.15);
    auto vertex = [&](int x, int y, int z) {
        auto key = std::make_tuple(x, y, z);
        auto it = id.find(key);
        if (it != id.end()) return it->second;
        double j[3] = {jitter(rng), jitter(rng), jitter(rng)};
        int v = add_vertex(s, x + j[0], y + j[1], z + j[2]);
        id[key] = v;
        return v;
    };
    // Each side: a fixed axis at 0 or n, two running axes (u, w) such that
    // u × w points outward.
    for (int axis = 0; axis < 3; ++axis)
        for (int side = 0; side < 2; ++side) {
            int u = (axis + 1) % 3, w = (axis + 2) % 3;
            if (side == 0) std::swap(u, w);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    int c[4][3];
                    int du[4] = {0, 1, 1, 0}, dw[4] = {0, 0, 1, 1};
                    for (int k = 0; k < 4; ++k) {
                        c[k][axis] = side * n;
                        c[k][u] = i + du[k];
                        c[k][w] = j + dw[k];
                    }
                    add_face(s, {vertex(c[0][0], c[0][1], c[0][2]), vertex(c[1][0], c[1][1], c[1][2]),
                                 vertex(c[2][0], c[2][1], c[2][2]), vertex(c[3][0], c[3][1], c[3][2])});
                }
        }
    return s;
}

// An open nx × ny grid (nx ≥ 4, ny ≥ 3) of quads, some cut into two
// triangles, one quad merged with the triangle beside it into a pentagon:
// faces of order 3, 4 and 5 with a boundary, all in one component.
inline Shape mixed_grid(int nx, int ny)
{
    Shape g = grid("", nx, ny);
    Shape s;
    s.name = "generated mixed grid (triangles, quads, a pentagon) " + std::to_string(nx) + "x" +
             std::to_string(ny);
    s.nv = g.nv;
    s.xyz = g.xyz;
    auto at = [&](int x, int y) { return y * (nx + 1) + x; };
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            int a = at(x, y), b = at(x + 1, y), c = at(x + 1, y + 1), d = at(x, y + 1);
            if (y == 1 && x == 1) {
                // The pentagon: this quad and the left triangle of its right
                // neighbour (cut along b → top-right of the neighbour).
                add_face(s, {a, b, at(x + 2, y + 1), c, d});
            } else if (y == 1 && x == 2) {
                add_face(s, {a, b, c});  // the neighbour's other triangle
            } else if ((x + 2 * y) % 3 == 0) {
                add_face(s, {a, b, c});
                add_face(s, {a, c, d});
            } else {
                add_face(s, {a, b, c, d});
            }
        }
    return s;
}

// --- random tags ---------------------------------------------------------------

// The sharpness values the tests draw from: semi-sharp, integer, ≥ 10
// (infinitely sharp; 12 becomes 10 after a level).
inline float pick_sharpness(std::mt19937 &rng)
{
    static const float listed[] = {0.3f, 0.5f, 1.0f, 1.7f, 2.3f, 3.0f, 10.0f, 12.0f};
    if (std::uniform_int_distribution<int>(0, 1)(rng) == 0)
        return listed[std::uniform_int_distribution<int>(0, 7)(rng)];
    float v = 0.0f;
    while (v <= 0.0f) v = std::uniform_real_distribution<float>(0.0f, 4.0f)(rng);
    return v;
}

// A semi-sharp value (0 < σ < 10, mostly fractional) for chains, where
// Chaikin and uniform creasing differ.
inline float pick_semisharp(std::mt19937 &rng)
{
    float v = 0.0f;
    while (v <= 0.05f) v = std::uniform_real_distribution<float>(0.0f, 3.5f)(rng);
    return v;
}

// What random_tags made, for the harness to check that the features asked
// for are there.
struct TagPlan {
    int random_creases = 0, boundary_creases = 0, chains = 0, star_vertex = -1, darts = 0;
    int corners = 0, holes = 0, repeats = 0;
};

// Random tags on s from `seed`: creases on about 15% of the edges (sharpness
// from pick_sharpness), a few on boundary edges, chains of semi-sharp creases
// through interior vertices, a lone interior crease (a dart at each end), a
// vertex with 3 or 4 creases, corners of sharpness 0.5, 2 and 10 (one on a
// boundary corner where there is one), `holes` hole faces, an edge and a
// vertex tagged twice (the last value counts), and one crease of sharpness 0.
inline Tags random_tags(const Shape &s, unsigned seed, int holes, TagPlan *plan = nullptr)
{
    TagPlan p;
    Tags t;
    std::mt19937 rng(seed);
    auto edges = shape_edges(s);
    std::vector<std::pair<int, int>> interior, boundary;
    std::vector<std::vector<int>> adjacent((size_t)s.nv);
    std::vector<int> boundary_vertex((size_t)s.nv, 0), faces_at((size_t)s.nv, 0);
    for (auto &e : edges) {
        (e.second == 1 ? boundary : interior).push_back(e.first);
        adjacent[(size_t)e.first.first].push_back(e.first.second);
        adjacent[(size_t)e.first.second].push_back(e.first.first);
        if (e.second == 1) boundary_vertex[(size_t)e.first.first] = boundary_vertex[(size_t)e.first.second] = 1;
    }
    for (int v : s.ids) ++faces_at[(size_t)v];
    std::set<std::pair<int, int>> used;
    std::vector<int> creases_at((size_t)s.nv, 0);
    auto add = [&](int a, int b, float sharpness) {
        // Either orientation: Far finds the edge both ways.
        if (std::uniform_int_distribution<int>(0, 1)(rng)) std::swap(a, b);
        t.crease_pairs.push_back(a);
        t.crease_pairs.push_back(b);
        t.crease_sharpness.push_back(sharpness);
        if (used.insert({std::min(a, b), std::max(a, b)}).second) {
            ++creases_at[(size_t)a];
            ++creases_at[(size_t)b];
        }
    };
    auto free_edge = [&](int a, int b) { return !used.count({std::min(a, b), std::max(a, b)}); };
    auto is_interior = [&](int a, int b) { return edges[{std::min(a, b), std::max(a, b)}] == 2; };

    // A vertex with 3 or 4 semi-sharp creases (Chaikin averages them; the
    // vertex is a corner by rule): the interior vertex of highest valence
    // with no boundary neighbour, first found.
    int star = -1;
    for (int v = 0; v < s.nv; ++v) {
        if (boundary_vertex[(size_t)v] || adjacent[(size_t)v].size() < 3) continue;
        bool inner = true;
        for (int w : adjacent[(size_t)v]) inner = inner && !boundary_vertex[(size_t)w];
        if (inner && (star < 0 || adjacent[(size_t)v].size() > adjacent[(size_t)star].size())) star = v;
    }
    if (star >= 0) {
        p.star_vertex = star;
        size_t k = std::min<size_t>(4, adjacent[(size_t)star].size());
        if (k == adjacent[(size_t)star].size() && k > 3) k = 3;  // leave one smooth edge
        for (size_t i = 0; i < k; ++i) add(star, adjacent[(size_t)star][i], pick_semisharp(rng));
    }

    // Chains: walks of 3 to 5 interior edges of semi-sharp sharpness, each
    // starting at an untagged interior vertex; their ends are darts or meet
    // other creases.
    for (int chain = 0; chain < 3 && !interior.empty(); ++chain) {
        int v = interior[std::uniform_int_distribution<size_t>(0, interior.size() - 1)(rng)].first;
        int length = std::uniform_int_distribution<int>(3, 5)(rng), made = 0;
        for (int step = 0; step < length; ++step) {
            std::vector<int> next;
            for (int w : adjacent[(size_t)v])
                if (free_edge(v, w) && is_interior(v, w)) next.push_back(w);
            if (next.empty()) break;
            int w = next[std::uniform_int_distribution<size_t>(0, next.size() - 1)(rng)];
            add(v, w, pick_semisharp(rng));
            ++made;
            v = w;
        }
        if (made > 0) ++p.chains;
    }

    // A lone crease: an interior edge whose ends have no crease and no
    // boundary: a dart at each end.
    for (auto &e : interior) {
        int a = e.first, b = e.second;
        if (creases_at[(size_t)a] || creases_at[(size_t)b] || boundary_vertex[(size_t)a] ||
            boundary_vertex[(size_t)b])
            continue;
        bool lone = true;
        for (int w : adjacent[(size_t)a]) lone = lone && !creases_at[(size_t)w];
        for (int w : adjacent[(size_t)b]) lone = lone && !creases_at[(size_t)w];
        if (!lone) continue;
        add(a, b, 2.0f);
        p.darts += 2;
        break;
    }

    // About 15% of all edges, sharpness from the listed values or (0, 4),
    // none touching the lone crease (its ends stay darts).
    std::vector<int> keep((size_t)s.nv, 0);
    if (p.darts) {
        int a = t.crease_pairs[t.crease_pairs.size() - 2], b = t.crease_pairs.back();
        keep[(size_t)a] = keep[(size_t)b] = 1;
    }
    size_t want = (edges.size() * 15 + 99) / 100;
    std::vector<std::pair<int, int>> all(interior);
    all.insert(all.end(), boundary.begin(), boundary.end());
    std::shuffle(all.begin(), all.end(), rng);
    for (size_t i = 0; i < all.size() && p.random_creases < (int)want; ++i)
        if (free_edge(all[i].first, all[i].second) && !keep[(size_t)all[i].first] &&
            !keep[(size_t)all[i].second]) {
            add(all[i].first, all[i].second, pick_sharpness(rng));
            ++p.random_creases;
        }

    // Boundary edges: ignored by Far (it makes every boundary edge
    // infinitely sharp), tagged all the same.
    for (size_t i = 0, n = 0; i < boundary.size() && n < 2; ++i)
        if (free_edge(boundary[i].first, boundary[i].second)) {
            add(boundary[i].first, boundary[i].second, i % 2 ? 0.7f : 2.5f);
            ++n;
            ++p.boundary_creases;
        }

    // Repeats: an edge tagged again reversed and a sharpness 0 tag.
    if (!t.crease_sharpness.empty()) {
        t.crease_pairs.push_back(t.crease_pairs[1]);
        t.crease_pairs.push_back(t.crease_pairs[0]);
        t.crease_sharpness.push_back(1.25f);
        ++p.repeats;
    }
    for (auto &e : interior)
        if (free_edge(e.first, e.second)) {
            t.crease_pairs.push_back(e.first);
            t.crease_pairs.push_back(e.second);
            t.crease_sharpness.push_back(0.0f);
            used.insert(e);
            break;
        }

    // Corners: 0.5 on a vertex on a crease, 2 on a smooth interior vertex,
    // 10 on a boundary corner (a vertex in one face) or else any vertex.
    int on_crease = -1, smooth = -1, corner = -1;
    for (int v = 0; v < s.nv; ++v) {
        if (on_crease < 0 && creases_at[(size_t)v] && v != star && !keep[(size_t)v]) on_crease = v;
        if (smooth < 0 && !creases_at[(size_t)v] && !boundary_vertex[(size_t)v] && faces_at[(size_t)v]) smooth = v;
        if (corner < 0 && boundary_vertex[(size_t)v] && faces_at[(size_t)v] == 1) corner = v;
    }
    if (corner < 0)
        for (int v = s.nv - 1; v >= 0 && corner < 0; --v)
            if (faces_at[(size_t)v] && v != on_crease && v != smooth) corner = v;
    for (auto vs : {std::make_pair(on_crease, 0.5f), std::make_pair(smooth, 2.0f),
                    std::make_pair(corner, 10.0f)})
        if (vs.first >= 0) {
            t.corners.push_back(vs.first);
            t.corner_sharpness.push_back(vs.second);
            ++p.corners;
        }
    if (!t.corners.empty()) {  // tagged again: 3 counts, not 0.5
        t.corners.push_back(t.corners[0]);
        t.corner_sharpness.push_back(3.0f);
        ++p.repeats;
    }

    // Holes: faces away from each other (fixed picks through the seed).
    int nf = (int)s.counts.size();
    for (int h = 0; h < holes && nf > 2; ++h) {
        int f = (int)((h * 2 + 1) * (long)nf / (2 * holes)) + (int)(rng() % 2);
        if (f >= nf) f = nf - 1;
        if (std::find(t.holes.begin(), t.holes.end(), f) == t.holes.end()) t.holes.push_back(f);
    }
    p.holes = (int)t.holes.size();
    if (plan) *plan = p;
    return t;
}

// --- meshmat and Far from a Shape and its Tags -------------------------------------

// mm_mesh_new of s with tags t (vertex data float64); NULL when refused,
// with *error the message and *status mm_mesh_new's status.
inline mm_mesh make_tagged_mesh(mm_context ctx, const Shape &s, const Tags &t, std::string *error,
                                mm_status *status = nullptr)
{
    std::vector<uint32_t> cv(t.crease_pairs.begin(), t.crease_pairs.end());
    std::vector<uint32_t> kv(t.corners.begin(), t.corners.end());
    std::vector<uint32_t> hv(t.holes.begin(), t.holes.end());
    ShapeFaces f;
    mm_mesh_desc d = shape_desc(s, f);
    d.num_creases = (int64_t)t.crease_sharpness.size();
    d.crease_vertices = cv.data();
    d.crease_sharpness = t.crease_sharpness.data();
    d.num_corners = (int64_t)t.corners.size();
    d.corner_vertices = kv.data();
    d.corner_sharpness = t.corner_sharpness.data();
    d.num_holes = (int64_t)t.holes.size();
    d.hole_faces = hv.data();
    d.precision = MM_TYPE_FLOAT64;
    mm_mesh mesh = NULL;
    mm_status st = mm_mesh_new(ctx, &mesh, &d);
    if (status) *status = st;
    if (st != MM_OK) {
        if (error) *error = s.name + ": mm_mesh_new: " + mm_last_error(ctx);
        return NULL;
    }
    return mesh;
}

// A face-varying channel as Far's TopologyDescriptor takes it: a value id
// per face corner, and the linear-interpolation option it is refined with.
struct FarFVar {
    int num_values = 0;
    std::vector<int> corner_values;
    mm_fvar_interp interp = MM_FVAR_LINEAR_BOUNDARIES;
};

inline OpenSubdiv::Sdc::Options::FVarLinearInterpolation far_fvar_interp(mm_fvar_interp f)
{
    using O = OpenSubdiv::Sdc::Options;
    switch (f) {
    case MM_FVAR_LINEAR_NONE: return O::FVAR_LINEAR_NONE;
    case MM_FVAR_LINEAR_CORNERS_ONLY: return O::FVAR_LINEAR_CORNERS_ONLY;
    case MM_FVAR_LINEAR_CORNERS_PLUS1: return O::FVAR_LINEAR_CORNERS_PLUS1;
    case MM_FVAR_LINEAR_CORNERS_PLUS2: return O::FVAR_LINEAR_CORNERS_PLUS2;
    case MM_FVAR_LINEAR_BOUNDARIES: return O::FVAR_LINEAR_BOUNDARIES;
    default: return O::FVAR_LINEAR_ALL;
    }
}

// Far's refiner of s with tags t (none when t is NULL) and face-varying
// channel fv (none when NULL), refined uniformly `levels` levels; NULL when
// Far refuses the shape.
inline OpenSubdiv::Far::TopologyRefiner *far_refiner(const Shape &s, const Tags *t, mm_scheme scheme,
                                                     mm_boundary boundary, mm_creasing creasing,
                                                     int levels, const FarFVar *fv = nullptr)
{
    using namespace OpenSubdiv;
    Far::TopologyDescriptor desc;
    desc.numVertices = s.nv;
    desc.numFaces = (int)s.counts.size();
    desc.numVertsPerFace = s.counts.data();
    desc.vertIndicesPerFace = s.ids.data();
    if (t) {
        desc.numCreases = (int)t->crease_sharpness.size();
        desc.creaseVertexIndexPairs = t->crease_pairs.data();
        desc.creaseWeights = t->crease_sharpness.data();
        desc.numCorners = (int)t->corners.size();
        desc.cornerVertexIndices = t->corners.data();
        desc.cornerWeights = t->corner_sharpness.data();
        desc.numHoles = (int)t->holes.size();
        desc.holeIndices = t->holes.data();
    }
    Far::TopologyDescriptor::FVarChannel channel;
    if (fv) {
        channel.numValues = fv->num_values;
        channel.valueIndices = fv->corner_values.data();
        desc.numFVarChannels = 1;
        desc.fvarChannels = &channel;
    }
    Sdc::Options o;
    if (fv) o.SetFVarLinearInterpolation(far_fvar_interp(fv->interp));
    o.SetVtxBoundaryInterpolation(boundary == MM_BOUNDARY_EDGE_ONLY ? Sdc::Options::VTX_BOUNDARY_EDGE_ONLY
                                  : boundary == MM_BOUNDARY_NONE    ? Sdc::Options::VTX_BOUNDARY_NONE
                                                                    : Sdc::Options::VTX_BOUNDARY_EDGE_AND_CORNER);
    o.SetCreasingMethod(creasing == MM_CREASING_CHAIKIN ? Sdc::Options::CREASE_CHAIKIN
                                                        : Sdc::Options::CREASE_UNIFORM);
    typedef Far::TopologyRefinerFactory<Far::TopologyDescriptor> Factory;
    Far::TopologyRefiner *r = Factory::Create(
        desc, Factory::Options(scheme == MM_SCHEME_LOOP ? Sdc::SCHEME_LOOP : Sdc::SCHEME_CATMARK, o));
    // Full topology in the last level: its edges, their sharpness and the
    // vertices' faces are compared too (Far leaves them out by default).
    Far::TopologyRefiner::UniformOptions u(levels);
    u.fullTopologyInLastLevel = true;
    if (r && levels > 0) r->RefineUniform(u);
    return r;
}

// Far's vertex data: 3 doubles, interpolated with double weights.
struct FarVtx {
    double p[3];
    void Clear(void * = 0) { p[0] = p[1] = p[2] = 0.0; }
    void AddWithWeight(FarVtx const &s, double w)
    {
        for (int k = 0; k < 3; ++k) p[k] += w * s.p[k];
    }
};

// The positions of every level of r (PrimvarRefiner in double) from s's.
inline std::vector<std::vector<FarVtx>> far_positions(const OpenSubdiv::Far::TopologyRefiner &r,
                                                      const Shape &s)
{
    using namespace OpenSubdiv;
    int levels = r.GetMaxLevel();
    std::vector<std::vector<FarVtx>> pos((size_t)levels + 1);
    pos[0].resize((size_t)s.nv);
    for (int v = 0; v < s.nv; ++v)
        for (int k = 0; k < 3; ++k) pos[0][(size_t)v].p[k] = s.xyz[(size_t)(3 * v + k)];
    Far::PrimvarRefinerReal<double> pr(r);
    for (int l = 1; l <= levels; ++l) {
        pos[(size_t)l].resize((size_t)r.GetLevel(l).GetNumVertices());
        FarVtx *src = pos[(size_t)l - 1].data(), *dst = pos[(size_t)l].data();
        pr.Interpolate(l, src, dst);
    }
    return pos;
}

// The tags a refined Far level carries into the next refinement, by the rule
// of issue 17 for mm_subdivide's output: creases = edges with sharpness > 0
// that are not boundary edges, corners = vertices with sharpness > 0 except
// the boundary corners that EDGE_AND_CORNER sharpens by itself, holes = the
// faces Far marks as holes. Also the topology and positions, as a Shape.
inline void far_level_as_shape(const OpenSubdiv::Far::TopologyRefiner &r, int level,
                               const std::vector<FarVtx> &pos, mm_boundary boundary, Shape &s,
                               Tags &t)
{
    using namespace OpenSubdiv;
    const Far::TopologyLevel &L = r.GetLevel(level);
    s = Shape();
    s.nv = L.GetNumVertices();
    for (const FarVtx &v : pos) s.xyz.insert(s.xyz.end(), {v.p[0], v.p[1], v.p[2]});
    for (int f = 0; f < L.GetNumFaces(); ++f) {
        Far::ConstIndexArray fv = L.GetFaceVertices(f);
        s.counts.push_back(fv.size());
        for (int k = 0; k < fv.size(); ++k) s.ids.push_back(fv[k]);
        if (L.IsFaceHole(f)) t.holes.push_back(f);
    }
    for (int e = 0; e < L.GetNumEdges(); ++e)
        if (L.GetEdgeSharpness(e) > 0.0f && !L.IsEdgeBoundary(e)) {
            Far::ConstIndexArray ev = L.GetEdgeVertices(e);
            t.crease_pairs.push_back(ev[0]);
            t.crease_pairs.push_back(ev[1]);
            t.crease_sharpness.push_back(L.GetEdgeSharpness(e));
        }
    for (int v = 0; v < L.GetNumVertices(); ++v) {
        bool own_corner = boundary == MM_BOUNDARY_EDGE_AND_CORNER && L.GetVertexFaces(v).size() == 1 &&
                          L.GetVertexEdges(v).size() == 2;
        if (L.GetVertexSharpness(v) > 0.0f && !own_corner) {
            t.corners.push_back(v);
            t.corner_sharpness.push_back(L.GetVertexSharpness(v));
        }
    }
}

}  // namespace oracle

#endif
