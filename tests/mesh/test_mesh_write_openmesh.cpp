// test_mesh_write_openmesh.cpp: OpenMesh (Debian libopenmesh-dev) as an
// oracle for the writers: what meshmat writes as OBJ, OFF, ASCII PLY and
// binary PLY, OpenMesh's own readers must read as the same vertices and faces.
// Tolerance: OpenMesh parses some formats into float, so positions agree to
// 1e-6 relative (float rounding); counts and faces (as cyclic sequences) agree
// exactly. Only manifold meshes are used: OpenMesh drops non-manifold faces.
#include <OpenMesh/Core/IO/MeshIO.hh>
#include <OpenMesh/Core/Mesh/PolyMesh_ArrayKernelT.hh>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "meshmat.h"
#include "mmt_models.h"
#include "same_cycle.hpp"

namespace {

struct Traits : OpenMesh::DefaultTraits {
    typedef OpenMesh::Vec3d Point;
};
typedef OpenMesh::PolyMesh_ArrayKernelT<Traits> OmMesh;

int failures = 0;

void fail(const std::string &what)
{
    std::fprintf(stderr, "FAIL: %s\n", what.c_str());
    ++failures;
}

// meshmat's mesh as host arrays (float64).
struct Host {
    int64_t nv = 0, nf = 0;
    std::vector<double> xyz;
    std::vector<int64_t> offsets;
    std::vector<uint32_t> ids;
};

bool export_host(mm_mesh mesh, Host &h)
{
    mm_mesh_info info;
    if (mm_mesh_info_get(mesh, &info) != MM_OK || info.precision != MM_TYPE_FLOAT64) return false;
    h.nv = info.num_vertices;
    h.nf = info.num_faces;
    std::vector<double> all((size_t)(info.num_vertices * info.dim));
    h.offsets.resize((size_t)info.num_faces + 1);
    h.ids.resize((size_t)info.nnz);
    mm_mesh_arrays a = {all.data(), h.offsets.data(), h.ids.data(), NULL, NULL, NULL, NULL, NULL};
    if (mm_mesh_export(mesh, &a) != MM_OK) return false;
    for (int64_t v = 0; v < h.nv; ++v)
        for (int k = 0; k < 3; ++k) h.xyz.push_back(all[(size_t)(v * info.dim + k)]);
    return true;
}

void compare(const Host &h, const std::string &file)
{
    OmMesh om;
    OpenMesh::IO::Options opt;
    if (!OpenMesh::IO::read_mesh(om, file, opt)) return fail(file + ": OpenMesh cannot read it");
    if ((int64_t)om.n_vertices() != h.nv || (int64_t)om.n_faces() != h.nf)
        return fail(file + ": OpenMesh reads " + std::to_string(om.n_vertices()) + " vertices, " +
                    std::to_string(om.n_faces()) + " faces; meshmat wrote " +
                    std::to_string(h.nv) + ", " + std::to_string(h.nf));
    for (int64_t v = 0; v < h.nv; ++v) {
        OmMesh::Point p = om.point(OmMesh::VertexHandle((int)v));
        for (int k = 0; k < 3; ++k) {
            double want = h.xyz[(size_t)(3 * v + k)];
            if (std::fabs(p[k] - want) > 1e-6 * std::fmax(1.0, std::fabs(want)))
                return fail(file + ": vertex " + std::to_string(v) + " differs");
        }
    }
    for (int64_t f = 0; f < h.nf; ++f) {
        std::vector<uint32_t> want(h.ids.begin() + h.offsets[(size_t)f],
                                   h.ids.begin() + h.offsets[(size_t)f + 1]), got;
        for (auto fv = om.cfv_iter(OmMesh::FaceHandle((int)f)); fv.is_valid(); ++fv)
            got.push_back((uint32_t)fv->idx());
        if (!same_cycle(want, got)) return fail(file + ": face " + std::to_string(f) + " differs");
    }
}

// Writes mesh in every format into dir and has OpenMesh read each file.
void check_mesh(mm_context ctx, mm_mesh mesh, const std::string &dir, const std::string &label)
{
    static const mm_file_format formats[] = {MM_FILE_OBJ, MM_FILE_OFF, MM_FILE_PLY_ASCII,
                                             MM_FILE_PLY_BINARY};
    static const char *const names[] = {"m.obj", "m.off", "ascii.ply", "binary.ply"};
    Host h;
    if (!export_host(mesh, h)) return fail(label + ": export failed");
    for (int i = 0; i < 4; ++i) {
        std::string path = dir + "/" + names[i];
        if (mm_mesh_write(ctx, mesh, path.c_str(), formats[i]) != MM_OK)
            return fail(label + ": " + mm_last_error(ctx));
        compare(h, path);
        unlink(path.c_str());
    }
    std::printf("%s: OpenMesh agrees on %lld vertices, %lld faces in all four formats\n",
                label.c_str(), (long long)h.nv, (long long)h.nf);
}

// A cube missing its top (one boundary loop), its front side split into the
// triangle (0 1 8) and the pentagon (1 5 4 0 8); values that need 17 digits.
mm_mesh hand_mesh(mm_context ctx)
{
    static const double xyz[] = {0, 0, 0,   1, 0, 0,   1, 1, 0,   0, 1, 0,
                                 0.1, 0, 1, 1, 0, 1.0 / 3.0,  1, 1, 1,   0, 1, 1,
                                 0.5, -0.7071067811865476, 0.5};
    static const int64_t offsets[] = {0, 4, 8, 12, 16, 19, 24};
    static const uint32_t ids[] = {0, 3, 2, 1,  1, 2, 6, 5,  2, 3, 7, 6,  3, 0, 4, 7,
                                   0, 1, 8,     1, 5, 4, 0, 8};
    mm_mesh_desc d = {};
    d.num_vertices = 9;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = 6;
    d.face_offsets = offsets;
    d.face_vertices = ids;
    mm_mesh mesh = NULL;
    if (mm_mesh_new(ctx, &mesh, &d) != MM_OK) fail(std::string("hand mesh: ") + mm_last_error(ctx));
    return mesh;
}

}  // namespace

int main()
{
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CPU;
    mm_context ctx = NULL;
    if (mm_context_new(&ctx, &o) != MM_OK) return 1;
    char dir[] = "/tmp/meshmat_openmesh_XXXXXX";
    if (mkdtemp(dir) == NULL) return 1;
    mm_mesh mesh = hand_mesh(ctx);
    if (mesh != NULL) check_mesh(ctx, mesh, dir, "hand-made open cube with a pentagon");
    mm_mesh_free(&mesh);
    static const char *const shared[] = {"tri/bunny_small_closed.obj",
                                         "control/spot_control_mesh.obj",
                                         "control/cgal_double_torus.obj",
                                         "opensubdiv/catmark_car.obj"};
    for (const char *name : shared) {
        const char *path = mmt_need_shared_model(name, "OpenMesh reading shared models we wrote");
        if (path == NULL) continue;
        if (mm_mesh_read(ctx, &mesh, path, NULL) != MM_OK) {
            fail(std::string(name) + ": " + mm_last_error(ctx));
            continue;
        }
        check_mesh(ctx, mesh, dir, name);
        mm_mesh_free(&mesh);
    }
    rmdir(dir);
    mm_context_free(&ctx);
    std::printf("%s\n", failures == 0 ? "OpenMesh oracle: all agree" : "OpenMesh oracle: FAILED");
    return failures == 0 ? 0 : 1;
}
