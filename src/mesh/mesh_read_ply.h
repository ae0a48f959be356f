/* mesh_read_ply.h: the PLY header as the data reader needs it: the elements
 * in file order, each with its properties (scalar or list, of any PLY type),
 * and which of them are the vertex positions, the vertex data's other
 * columns and the face list. */
#ifndef MESHMAT_MESH_MESH_READ_PLY_H
#define MESHMAT_MESH_MESH_READ_PLY_H

#include <stddef.h>
#include <stdint.h>

#include "meshmat/context.h"
#include "mesh_lists.h"
#include "ply_type.h"

typedef enum ply_role {
    PLY_ROLE_NONE = 0, /* skipped                                  */
    PLY_ROLE_X, PLY_ROLE_Y, PLY_ROLE_Z, /* vertex position          */
    PLY_ROLE_INDICES,  /* the face's vertex list (one per face element) */
    PLY_ROLE_COLUMN    /* another vertex scalar: a column of X past x, y, z */
} ply_role;

typedef struct ply_property {
    ply_type type;       /* the scalar's type, or the list items' type */
    ply_type count_type; /* PLY_NONE for a scalar                      */
    ply_role role;
    int64_t column;      /* its column of X: 0, 1, 2 for x, y, z, then
                            3, 4, … for PLY_ROLE_COLUMN in file order    */
    const char *name;    /* in the header text (not NUL-terminated)   */
    int name_len;
} ply_property;

typedef struct ply_element {
    const char *name;    /* in the header text (not NUL-terminated)   */
    int name_len;
    int64_t count;
    int64_t first, num;  /* its properties: props[first, first + num) */
    int is_vertex, is_face;
    /* Binary, from the data reader's layout pass: its first `whole` records
     * lie whole in data [start, stop) (whole < count: the data ends in the
     * next one, or its list count is negative). */
    const char *start, *stop;
    int64_t whole;
} ply_element;

typedef struct ply_header {
    int binary;          /* 0 ascii, 1 binary                          */
    int big_endian;      /* binary_big_endian: values stored high byte first */
    mmi_growable elements; /* ply_element                             */
    mmi_growable props;    /* ply_property                            */
    int64_t columns;     /* of X: 3 + the vertex element's other scalars */
    size_t data_offset;  /* first byte after "end_header\n"            */
    int64_t data_line;   /* line of that byte                          */
} ply_header;

/* Parses the header at the start of data into h (free with
 * mmi_ply_header_free, also on error). MM_ERR_PARSE for malformed lines,
 * MM_ERR_FORMAT for a version other than 1.0, a header without vertex
 * positions, a face element with two vertex lists or two vertex elements
 * with different other scalars. */
mm_status mmi_ply_header_parse(mm_context ctx, const char *data, size_t size, const char *name,
                               ply_header *h);
void mmi_ply_header_free(ply_header *h);

#endif
