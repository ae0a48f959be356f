// repeated_shapes.hpp: generated meshes where Far joins one pair of vertices
// by several edges (issue 18; docs/creases.md, "edges by face side"): faces
// that repeat a vertex, next to each other or not, alone and joined to
// neighbours, and Loop's triangles back to back at a vertex of valence 2.
#ifndef MESHMAT_TESTS_REPEATED_SHAPES_HPP
#define MESHMAT_TESTS_REPEATED_SHAPES_HPP

#include <vector>

#include "oracle_shapes.hpp"

namespace oracle {

// A hexagon pinched at vertex 0 (it passes 0 twice, a figure eight) with a
// quad on each lobe's outer edge and a triangle on its first side.
inline Shape pinched_hexagon()
{
    Shape s;
    s.name = "generated hexagon passing a vertex twice, with neighbours";
    const double p[][3] = {{0, 0, 0},     {1, -1, 0},  {1, 1, 0},     {-1, 1, 0},
                           {-1, -1, 0},   {2, -1, 0.2}, {2, 1, 0.2},  {-2, 1, 0.2},
                           {-2, -1, 0.2}, {0, -2, 0.3}};
    for (auto &v : p) add_vertex(s, v[0], v[1], v[2]);
    add_face(s, {0, 1, 2, 0, 3, 4});
    add_face(s, {2, 1, 5, 6});
    add_face(s, {4, 3, 7, 8});
    add_face(s, {1, 0, 9});
    return s;
}

inline std::vector<Shape> repeating_quads()
{
    std::vector<Shape> out;
    Shape q;
    q.name = "generated quad (a, b, a, c)";
    add_vertex(q, 0, 0, 0), add_vertex(q, 1, 0, 0.2), add_vertex(q, 0, 1, -0.1);
    add_face(q, {0, 1, 0, 2});
    out.push_back(q);
    Shape d;
    d.name = "generated quad (a, a, b, c)";
    add_vertex(d, 0, 0, 0), add_vertex(d, 1, 0, 0.2), add_vertex(d, 0.5, 1, -0.1);
    add_face(d, {0, 0, 1, 2});
    out.push_back(d);
    Shape g = grid("generated grid with a pentagon (a, a, b, c, d) on its edge", 2, 2);
    int top = add_vertex(g, 1, -1, 0.3);
    add_face(g, {1, 1, 0, top, 2});
    out.push_back(g);
    Shape w;
    w.name = "generated quad (a, b, a, b) beside a quad";
    add_vertex(w, 0, 0, 0), add_vertex(w, 1, 0, 0.2), add_vertex(w, 1, 1, 0), add_vertex(w, 0, 1, 0.1);
    add_face(w, {0, 1, 0, 1});
    add_face(w, {1, 0, 3, 2});
    out.push_back(w);
    out.push_back(pinched_hexagon());
    return out;
}

inline std::vector<Shape> repeating_triangles()
{
    std::vector<Shape> out;
    Shape p;
    p.name = "generated pillow: two triangles back to back";
    add_vertex(p, 0, 0, 0), add_vertex(p, 1, 0, 0), add_vertex(p, 0, 1, 0.5);
    add_face(p, {0, 1, 2});
    add_face(p, {1, 0, 2});
    out.push_back(p);
    Shape g = triangulate(grid("", 3, 3), "generated triangulated grid with a pillow on an edge");
    int v = add_vertex(g, 0.5, -0.6, 0.4);
    add_face(g, {v, 0, 1});
    add_face(g, {v, 1, 0});
    out.push_back(g);
    Shape t = triangulate(grid("", 2, 2), "generated triangulated grid with a triangle (a, a, b)");
    add_face(t, {1, 1, 0});
    out.push_back(t);
    Shape h = triangulate(pinched_hexagon(), "generated pinched hexagon, triangulated as a fan");
    out.push_back(h);
    return out;
}

}  // namespace oracle

#endif
