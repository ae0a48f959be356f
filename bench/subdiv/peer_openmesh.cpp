// peer_openmesh.cpp: OpenMesh's Sqrt3T as bench_subdiv's host peer for √3
// subdivision (paper Table 2; peers.h).
#include <cstdio>
#include <new>
#include <vector>

#include <OpenMesh/Core/Mesh/TriMesh_ArrayKernelT.hh>
#include <OpenMesh/Tools/Subdivider/Uniform/Sqrt3T.hh>

#include "bench_util.h"
#include "peers.h"

namespace {

typedef OpenMesh::TriMesh_ArrayKernelT<> TriMesh;

// The control mesh as an OpenMesh TriMesh; false (message set) when OpenMesh
// refuses a face or a face is not a triangle.
bool build(const peer_mesh *m, TriMesh &mesh, peer_result *r)
{
    std::vector<TriMesh::VertexHandle> v(static_cast<size_t>(m->num_vertices));
    for (int64_t i = 0; i < m->num_vertices; ++i)
        v[static_cast<size_t>(i)] = mesh.add_vertex(
            TriMesh::Point(m->xyz[3 * i], m->xyz[3 * i + 1], m->xyz[3 * i + 2]));
    for (int64_t f = 0; f < m->num_faces; ++f) {
        const uint32_t *c = m->face_vertices + m->offsets[f];
        if (m->offsets[f + 1] - m->offsets[f] != 3 ||
            !mesh.add_face(v[c[0]], v[c[1]], v[c[2]]).is_valid()) {
            std::snprintf(r->message, sizeof r->message,
                          "face %lld is not a triangle OpenMesh accepts", (long long)f);
            return false;
        }
    }
    return true;
}

} // namespace

extern "C" int peer_openmesh_sqrt3(const peer_mesh *m, int level, int runs, peer_result *r)
{
    *r = peer_result();
    r->num_stages = 1;
    r->stage_names[0] = "subdivide";
    try {
        std::vector<double> t;
        for (int k = 0; k < runs; ++k) {
            TriMesh mesh;
            if (!build(m, mesh, r)) return -1;
            OpenMesh::Subdivider::Uniform::Sqrt3T<TriMesh> sqrt3;
            double t0 = bu_now_ms();
            bool done = sqrt3.attach(mesh) && sqrt3(static_cast<size_t>(level));
            sqrt3.detach();
            t.push_back(bu_now_ms() - t0);
            if (!done) {
                std::snprintf(r->message, sizeof r->message, "Sqrt3T refused the mesh");
                return -1;
            }
            r->refined_vertices = static_cast<int64_t>(mesh.n_vertices());
            r->refined_faces = static_cast<int64_t>(mesh.n_faces());
        }
        r->stage_ms[0] = r->total_ms = bu_median(t.data(), runs);
    } catch (const std::bad_alloc &) {
        std::snprintf(r->message, sizeof r->message, "out of host memory at level %d", level);
        return -1;
    }
    r->ok = 1;
    r->runs = runs;
    return 0;
}
