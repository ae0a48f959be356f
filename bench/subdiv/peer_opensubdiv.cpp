// peer_opensubdiv.cpp: OpenSubdiv Far as bench_subdiv's host peer for
// Catmull-Clark and Loop (paper Fig. 7–8 and 10): topology refinement and the
// stencil table as preprocessing, stencil evaluation as eval (peers.h).
#include <cstdio>
#include <memory>
#include <new>
#include <vector>

#include <opensubdiv/far/stencilTable.h>
#include <opensubdiv/far/stencilTableFactory.h>
#include <opensubdiv/far/topologyDescriptor.h>
#include <opensubdiv/far/topologyRefinerFactory.h>

#include "bench_util.h"
#include "peers.h"

using namespace OpenSubdiv;

namespace {

struct Point {
    float p[3];
    void Clear() { p[0] = p[1] = p[2] = 0.0f; }
    void AddWithWeight(const Point &s, float w)
    {
        p[0] += w * s.p[0];
        p[1] += w * s.p[1];
        p[2] += w * s.p[2];
    }
};

typedef Far::TopologyRefinerFactory<Far::TopologyDescriptor> Factory;

// One run: its three stage times into ms[0 … 2]; false when OpenSubdiv refused.
bool run_once(const peer_mesh *m, const std::vector<int> &orders, const std::vector<int> &ids,
              bool loop, int level, double *ms, peer_result *r)
{
    double t0 = bu_now_ms();
    Far::TopologyDescriptor desc;
    desc.numVertices = static_cast<int>(m->num_vertices);
    desc.numFaces = static_cast<int>(m->num_faces);
    desc.numVertsPerFace = orders.data();
    desc.vertIndicesPerFace = ids.data();
    Sdc::Options o;
    o.SetVtxBoundaryInterpolation(Sdc::Options::VTX_BOUNDARY_EDGE_ONLY);
    std::unique_ptr<Far::TopologyRefiner> refiner(
        Factory::Create(desc, Factory::Options(loop ? Sdc::SCHEME_LOOP : Sdc::SCHEME_CATMARK, o)));
    if (!refiner) {
        std::snprintf(r->message, sizeof r->message, "TopologyRefinerFactory::Create failed");
        return false;
    }
    refiner->RefineUniform(Far::TopologyRefiner::UniformOptions(level));
    double t1 = bu_now_ms();
    Far::StencilTableFactory::Options so;
    so.generateIntermediateLevels = false;
    so.generateOffsets = true;
    so.maxLevel = static_cast<unsigned>(level);
    std::unique_ptr<const Far::StencilTable> stencils(
        Far::StencilTableFactory::Create(*refiner, so));
    double t2 = bu_now_ms();
    const Far::TopologyLevel &last = refiner->GetLevel(level);
    std::vector<Point> out(static_cast<size_t>(last.GetNumVertices()));
    stencils->UpdateValues(reinterpret_cast<const Point *>(m->xyz), out.data());
    double t3 = bu_now_ms();
    ms[0] = t1 - t0, ms[1] = t2 - t1, ms[2] = t3 - t2;
    r->refined_vertices = last.GetNumVertices();
    r->refined_faces = last.GetNumFaces();
    return true;
}

} // namespace

extern "C" int peer_opensubdiv(const peer_mesh *m, int loop, int level, int runs,
                               peer_result *r)
{
    *r = peer_result();
    r->num_stages = 3;
    r->stage_names[0] = "refine";
    r->stage_names[1] = "stencils";
    r->stage_names[2] = "eval";
    if (level < 1 || level > 15) {
        std::snprintf(r->message, sizeof r->message, "level %d outside OpenSubdiv's 1 … 15",
                      level);
        return -1;
    }
    try {
        std::vector<int> orders(static_cast<size_t>(m->num_faces));
        std::vector<int> ids(m->face_vertices, m->face_vertices + m->offsets[m->num_faces]);
        for (int64_t f = 0; f < m->num_faces; ++f)
            orders[static_cast<size_t>(f)] = static_cast<int>(m->offsets[f + 1] - m->offsets[f]);
        std::vector<double> t[PEER_MAX_STAGES + 1];
        for (int k = 0; k < runs; ++k) {
            double ms[3];
            if (!run_once(m, orders, ids, loop != 0, level, ms, r)) return -1;
            for (int s = 0; s < 3; ++s) t[s].push_back(ms[s]);
            t[3].push_back(ms[0] + ms[1] + ms[2]);
        }
        for (int s = 0; s < 3; ++s) r->stage_ms[s] = bu_median(t[s].data(), runs);
        r->total_ms = bu_median(t[3].data(), runs);
    } catch (const std::bad_alloc &) {
        std::snprintf(r->message, sizeof r->message, "out of host memory at level %d", level);
        return -1;
    }
    r->ok = 1;
    r->runs = runs;
    return 0;
}
