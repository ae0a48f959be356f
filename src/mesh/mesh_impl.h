/* mesh_impl.h: the layout behind mm_mesh. M is the |V| × |F| pattern CSC mesh
 * matrix (uniform > 0 for meshes of one face order: no column pointer); the
 * vertex data and the crease arrays live where M lives. */
#ifndef MESHMAT_MESH_MESH_IMPL_H
#define MESHMAT_MESH_MESH_IMPL_H

#include "meshmat/mesh.h"
#include "../spla/matrix_impl.h"
#include "ply_type.h"

struct mm_mesh_s {
    uint32_t magic;            /* MMI_MAGIC_MESH (core/handle.h)                    */
    mm_context ctx;
    mm_matrix M;               /* |V| × |F|, pattern CSC, rows = face vertices CCW */
    mm_dense X;                /* |V| × d vertex data                               */
    int64_t num_creases;
    uint32_t *crease_vertices; /* 2 per crease, in M's memory                       */
    float *crease_sharpness;
    int64_t num_corners;
    uint32_t *corner_vertices;
    float *corner_sharpness;
    int64_t num_holes;
    uint32_t *hole_faces;      /* faces left out of a subdivision's output          */
    mm_boundary boundary;      /* the rule it is meant to be refined with           */
    int64_t degenerate_faces;  /* faces repeating a vertex (kept with keep_repeated) */
    int num_fvar;              /* face-varying channels (mesh_fvar.c)               */
    struct mmi_fvar_channel *fvar;
    int64_t fvar_dropped;      /* corners of a file's channels left out (mm_mesh_info) */
    int64_t num_vprops;        /* entries of vprops: 0 while no column is named     */
    struct mmi_vertex_property *vprops; /* columns 3 … 3 + num_vprops - 1 of X    */
};

/* A named column of the vertex data past x, y, z (a PLY file's other vertex
 * properties: mm_mesh_vertex_property_name), with the type a PLY file
 * stores it as. A NULL name: the column is unnamed (not written). */
typedef struct mmi_vertex_property {
    char *name;
    ply_type type;
} mmi_vertex_property;

/* Names column `column` (≥ 3, below X's d) of mesh: name[0, len) of PLY type
 * `type` (name NULL: unnamed again). MM_ERR_OUT_OF_MEMORY is the only failure
 * (the caller checked the rest). */
mm_status mmi_mesh_name_column(mm_context ctx, mm_mesh mesh, int64_t column, const char *name,
                               size_t len, ply_type type);
/* The names and types of from's columns onto to (a mesh refined or welded
 * from it, with the same columns of vertex data), replacing to's. */
mm_status mmi_mesh_copy_vertex_properties(mm_context ctx, mm_mesh from, mm_mesh to);
/* Frees mesh's names. */
void mmi_mesh_free_vertex_properties(mm_mesh mesh);

/* A face-varying channel: its values as the vertices of a mesh over the same
 * faces as the mesh that holds it, whose M names the value at each corner.
 * mm_subdivide keeps the mesh it refines the channel as (its "value mesh",
 * schemes/fvar_refine.c) for the next call: kept (NULL: none), whose vertex i
 * takes the channel's value kept_value[i] (host), built under the options
 * kept_key stands for. Nothing else it depends on can change: a mesh's
 * topology and tags and a channel's corners are fixed once made. */
typedef struct mmi_fvar_channel {
    char name[64];
    mm_mesh values;
    mm_mesh kept;
    uint32_t *kept_value;
    int64_t kept_key;
} mmi_fvar_channel;

enum { MMI_MAX_FVAR = 64 };

/* Appends a channel to mesh, taking values over (it must have mesh's faces). */
mm_status mmi_mesh_attach_fvar(mm_context ctx, mm_mesh mesh, const char *name, mm_mesh values);
/* Frees mesh's channels. */
void mmi_mesh_free_fvar(mm_mesh mesh);
/* Frees channel c's kept value mesh (c of a mesh on ctx). */
void mmi_fvar_channel_forget(mm_context ctx, mmi_fvar_channel *c);

/* A host copy of M's structure for host-side analysis (statistics): ptr has
 * |F| + 1 entries (built when M's pointer is implicit), rows nnz. When M is on
 * the host and explicit, the arrays are borrowed, not copied. */
typedef struct mmi_host_faces {
    int64_t num_vertices, num_faces, nnz;
    const int64_t *ptr;
    const uint32_t *rows;
    int64_t *owned_ptr;
    uint32_t *owned_rows;
} mmi_host_faces;

mm_status mmi_host_faces_get(mm_context ctx, mm_mesh mesh, mmi_host_faces *hf);
void mmi_host_faces_release(mm_context ctx, mmi_host_faces *hf);

/* Where a channel's values come from, for messages: a file and the line of
 * each value (a reader), and the type to store them in (0: the desc's). */
typedef struct mmi_fvar_origin {
    const char *source;
    const int64_t *value_lines;
    mm_type precision;
} mmi_fvar_origin;

/* mm_mesh_add_fvar's body without MM_WHERE, for callers that checked desc
 * (name set, dim ≥ 1, a float type, the arrays present): the channel over
 * mesh's faces as hf gives them (host offsets), appended to mesh; origin may
 * be NULL (messages name the channel). */
mm_status mmi_mesh_add_fvar(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                            const mm_fvar_desc *desc, const mmi_fvar_origin *origin);

/* Channel c of another mesh onto mesh (its faces hf, host offsets): c's
 * name and values as they are, corners[k] the value at mesh's corner k
 * (nnz of hf; a mesh made from c's by a weld or a reorder). */
mm_status mmi_mesh_carry_fvar(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                              const mmi_fvar_channel *c, const uint32_t *corners);

/* The bodies of mm_mesh_stats_get and mm_mesh_export, without MM_WHERE: errors
 * name the public caller. */
mm_status mmi_mesh_stats_get(mm_context ctx, mm_mesh mesh, mm_mesh_stats *stats);
mm_status mmi_mesh_export(mm_mesh mesh, const mm_mesh_arrays *h);

#endif
