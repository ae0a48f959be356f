// nonmanifold_shapes.hpp: generated meshes that are not 2-manifolds, one of
// each class OpenSubdiv refines by its non-manifold rules (issue 18): an
// edge of three faces (a fin), a vertex where two fans meet (a bow-tie, and
// two closed surfaces sharing a corner), inconsistent orientation (a Möbius
// strip, where it cannot be avoided, and a cube with one face turned over).
#ifndef MESHMAT_TESTS_NONMANIFOLD_SHAPES_HPP
#define MESHMAT_TESTS_NONMANIFOLD_SHAPES_HPP

#include <algorithm>
#include <cmath>
#include <vector>

#include "oracle_tags.hpp"

namespace oracle {

// Three quads on the edge (0, 1): one flat, one up, one down, and a fourth
// quad beside the first, so the fin's ends also touch manifold faces.
inline Shape fin_shape()
{
    Shape s;
    s.name = "generated fin: three quads on one edge";
    const double p[][3] = {{0, 0, 0},    {1, 0, 0},  {1, 1, 0.1}, {0, 1, 0},  {1, 0.1, 1},
                           {0, -0.1, 1}, {1, 0, -1}, {0, 0.2, -1}, {2, 0, 0.2}, {2, 1, 0}};
    for (auto &v : p) add_vertex(s, v[0], v[1], v[2]);
    add_face(s, {0, 1, 2, 3});
    add_face(s, {1, 0, 5, 4});
    add_face(s, {0, 1, 6, 7});
    add_face(s, {1, 8, 9, 2});
    return s;
}

// Two quad fans (open) that share only vertex 0.
inline Shape bowtie_shape()
{
    Shape s;
    s.name = "generated bow-tie: two quads sharing one vertex";
    const double p[][3] = {{0, 0, 0},      {1, 0, 0},     {1, 1, 0.2},  {0, 1, 0},
                           {-1, 0, 0.5},   {-1, -1, 0.3}, {0, -1, 0.4}, {2, 0.5, 0.1}};
    for (auto &v : p) add_vertex(s, v[0], v[1], v[2]);
    add_face(s, {0, 1, 2, 3});
    add_face(s, {0, 4, 5, 6});
    add_face(s, {1, 7, 2});
    return s;
}

// Two jittered closed cubes touching at one corner: a vertex whose faces
// form two closed fans.
inline Shape kissing_cubes_shape()
{
    Shape a = cube_grid(1, 5), b = cube_grid(1, 6);
    Shape s = a;
    s.name = "generated closed cubes sharing one corner";
    // b's vertex nearest (0, 0, 0) becomes a's vertex nearest (1, 1, 1).
    auto nearest = [](const Shape &m, double x, double y, double z) {
        int best = 0;
        double bd = 1e300;
        for (int v = 0; v < m.nv; ++v) {
            double dx = m.xyz[3 * v] - x, dy = m.xyz[3 * v + 1] - y, dz = m.xyz[3 * v + 2] - z;
            double d = dx * dx + dy * dy + dz * dz;
            if (d < bd) bd = d, best = v;
        }
        return best;
    };
    int shared = nearest(a, 1, 1, 1), join = nearest(b, 0, 0, 0);
    std::vector<int> id((size_t)b.nv);
    for (int v = 0; v < b.nv; ++v)
        id[(size_t)v] = v == join ? shared
                                  : add_vertex(s, b.xyz[3 * v] + a.xyz[3 * shared] - b.xyz[3 * join],
                                               b.xyz[3 * v + 1] + a.xyz[3 * shared + 1] - b.xyz[3 * join + 1],
                                               b.xyz[3 * v + 2] + a.xyz[3 * shared + 2] - b.xyz[3 * join + 2]);
    size_t k = 0;
    for (int c : b.counts) {
        s.counts.push_back(c);
        for (int i = 0; i < c; ++i) s.ids.push_back(id[(size_t)b.ids[k + (size_t)i]]);
        k += (size_t)c;
    }
    return s;
}

// A Möbius strip of n quads: the last quad joins the first column turned
// over, so its seam edge is passed the same way by both its faces.
inline Shape mobius_shape(int n)
{
    Shape s;
    s.name = "generated Moebius strip of " + std::to_string(n) + " quads";
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < n; ++i) {
        double t = 2 * pi * i / n;
        for (int w = -1; w <= 1; w += 2) {
            double r = 2 + 0.5 * w * std::cos(t / 2);
            add_vertex(s, r * std::cos(t), r * std::sin(t), 0.5 * w * std::sin(t / 2));
        }
    }
    auto b = [](int i) { return 2 * i; };
    auto t = [](int i) { return 2 * i + 1; };
    for (int i = 0; i + 1 < n; ++i) add_face(s, {b(i), b(i + 1), t(i + 1), t(i)});
    add_face(s, {b(n - 1), t(0), b(0), t(n - 1)});
    return s;
}

// A closed cube of 2 × 2 quads a side with one quad turned over.
inline Shape flipped_face_shape()
{
    Shape s = cube_grid(2, 7);
    s.name = "generated cube of 2x2 quads a side, one quad turned over";
    std::reverse(s.ids.begin() + 4, s.ids.begin() + 8);
    return s;
}

inline std::vector<Shape> nonmanifold_shapes()
{
    return {fin_shape(), bowtie_shape(), kissing_cubes_shape(), mobius_shape(8),
            flipped_face_shape()};
}

}  // namespace oracle

#endif
