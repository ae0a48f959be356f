/* mesh_lists.h: growable host arrays (amortized doubling, no per-element
 * allocation, large blocks with populated pages: host_block.h) and the face
 * lists every reader fills while it parses, handed to mmi_mesh_build at the
 * end with the line of each vertex and face. */
#ifndef MESHMAT_MESH_MESH_LISTS_H
#define MESHMAT_MESH_MESH_LISTS_H

#include <stddef.h>
#include <stdint.h>

#include "meshmat/io.h"

typedef struct mmi_growable {
    char *data;
    int64_t len, cap; /* in elements                    */
    size_t elem;      /* bytes per element              */
    int mapped;       /* how mmi_block_alloc gave data  */
} mmi_growable;

#define MMI_GROWABLE(type) ((mmi_growable){NULL, 0, 0, sizeof(type), 0})

/* Makes room for n more elements (at least doubling the capacity); 0, or 1
 * when out of memory or too large. */
int mmi_growable_reserve(mmi_growable *g, int64_t n);

/* n new elements at the end (uninitialized), or NULL when out of memory. */
static inline void *mmi_growable_append(mmi_growable *g, int64_t n)
{
    if (g->cap - g->len < n && mmi_growable_reserve(g, n)) return NULL;
    void *p = g->data + (size_t)g->len * g->elem;
    g->len += n;
    return p;
}

void mmi_growable_free(mmi_growable *g);

/* Data a file gives per face corner with indices of its own (OBJ vt, vn),
 * for a face-varying channel of `dim` values: the values, the line of each,
 * the value id at each corner (kept only while every corner so far named
 * one: a channel needs them all) and how many corners named one. */
typedef struct mmi_corner_list {
    const char *name;           /* the channel's name ("uv", "normal")  */
    int64_t dim;
    mmi_growable values;        /* double, dim per value                */
    mmi_growable value_lines;   /* int64, line of each value            */
    mmi_growable corner_ids;    /* uint32, 0-based value ids            */
    int64_t named;              /* corners that named a value           */
} mmi_corner_list;

static inline int64_t mmi_corner_list_values(const mmi_corner_list *c)
{
    return c->values.len / c->dim;
}

/* What a reader collects. A face starts with its offset into face_vertices;
 * vertex_lines / face_lines are left empty by formats without lines. */
typedef struct mmi_mesh_lists {
    int64_t dim;                /* values per vertex: 3 (PLY: 3 or more) */
    mmi_growable coords;        /* double, dim per vertex (x y z first) */
    mmi_growable vertex_lines;  /* int64, line of each vertex           */
    mmi_growable face_starts;   /* int64, offset of each face's first id */
    mmi_growable face_vertices; /* uint32, 0-based ids                  */
    mmi_growable face_lines;    /* int64, line of each face             */
    mmi_growable crease_vertices, crease_sharpness; /* uint32 pairs, float */
    mmi_growable corner_vertices, corner_sharpness; /* uint32, float       */
    mmi_growable hole_faces;    /* uint32, 0-based face ids             */
    mm_boundary boundary;       /* a file's declared rule (EDGE_ONLY)   */
    mmi_corner_list uv, normal; /* OBJ vt (dim 2) and vn (dim 3)        */
} mmi_mesh_lists;

void mmi_mesh_lists_init(mmi_mesh_lists *l);
void mmi_mesh_lists_free(mmi_mesh_lists *l);

static inline int64_t mmi_mesh_lists_vertices(const mmi_mesh_lists *l)
{
    return l->coords.len / l->dim;
}

/* Records MM_ERR_OUT_OF_MEMORY for reading source; returns it. */
mm_status mmi_mesh_lists_no_memory(mm_context ctx, const char *source);

/* Builds *mesh from the lists (mmi_mesh_build validates and names source:line),
 * with a face-varying channel for each corner list that names a value at
 * every corner (of a mesh with corners); the corners of the others count as
 * the mesh's fvar_dropped. The corner lists' ids must be below their value
 * counts (the reader checks them, naming the line). */
mm_status mmi_mesh_lists_build(mm_context ctx, mmi_mesh_lists *l, const char *source,
                               const mm_read_options *opts, mm_mesh *mesh);

#endif
