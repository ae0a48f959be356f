/* ply_type.h: the PLY scalar types, shared by the PLY reader, the PLY writer
 * and the mesh's named vertex properties (a column remembers the type its
 * file gave it, so that a write gives it back). */
#ifndef MESHMAT_MESH_PLY_TYPE_H
#define MESHMAT_MESH_PLY_TYPE_H

#include <stddef.h>
#include <stdint.h>

typedef enum ply_type {
    PLY_NONE = 0,
    PLY_I8, PLY_U8, PLY_I16, PLY_U16, PLY_I32, PLY_U32, PLY_F32, PLY_F64
} ply_type;

/* Bytes of one value of t (0 for PLY_NONE); inline: the binary loops ask
 * per record. */
static inline size_t mmi_ply_type_size(ply_type t)
{
    switch (t) {
    case PLY_I8: case PLY_U8: return 1;
    case PLY_I16: case PLY_U16: return 2;
    case PLY_I32: case PLY_U32: case PLY_F32: return 4;
    case PLY_F64: return 8;
    case PLY_NONE: break;
    }
    return 0;
}

static inline int mmi_ply_type_is_integral(ply_type t)
{
    return t != PLY_NONE && t != PLY_F32 && t != PLY_F64;
}

/* Whether byte c may stand in a PLY header name (an element's, a
 * property's): neither a blank nor a control character (a NUL would cut the
 * name short when it is written back). */
static inline int mmi_ply_name_byte(char c)
{
    return (unsigned char)c > ' ' && c != 0x7f;
}

/* The type named name[0, len) ("char" … "double" or "int8" … "float64"), or
 * PLY_NONE. */
ply_type mmi_ply_type_parse(const char *name, size_t len);

/* The type's name as the writer prints it ("uchar", "float", …; NULL for
 * PLY_NONE). */
const char *mmi_ply_type_name(ply_type t);

/* x as an integer of type t: rounded to nearest (halves away from zero) and
 * clamped to t's range (NaN: 0), so that interpolated data of an integer
 * property (a colour) stays in its type. */
int64_t mmi_ply_integer_of(double x, ply_type t);

#endif
