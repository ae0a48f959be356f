/* ply_type.c: PLY type names both ways, and integers of a type from data. */
#include <math.h>
#include <string.h>

#include "ply_type.h"

/* The writer's names first (one per type, in ply_type's order), then the
 * sized aliases the reader also accepts. */
static const struct {
    const char *name;
    ply_type type;
} type_names[] = {{"char", PLY_I8},     {"uchar", PLY_U8},    {"short", PLY_I16},
                  {"ushort", PLY_U16},  {"int", PLY_I32},     {"uint", PLY_U32},
                  {"float", PLY_F32},   {"double", PLY_F64},  {"int8", PLY_I8},
                  {"uint8", PLY_U8},    {"int16", PLY_I16},   {"uint16", PLY_U16},
                  {"int32", PLY_I32},   {"uint32", PLY_U32},  {"float32", PLY_F32},
                  {"float64", PLY_F64}};

ply_type mmi_ply_type_parse(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; ++i)
        if (strlen(type_names[i].name) == len && memcmp(type_names[i].name, name, len) == 0)
            return type_names[i].type;
    return PLY_NONE;
}

const char *mmi_ply_type_name(ply_type t)
{
    return t > PLY_NONE && t <= PLY_F64 ? type_names[t - 1].name : NULL;
}

int64_t mmi_ply_integer_of(double x, ply_type t)
{
    static const int64_t lo[] = {0, INT8_MIN, 0, INT16_MIN, 0, INT32_MIN, 0};
    static const int64_t hi[] = {0, INT8_MAX, UINT8_MAX, INT16_MAX, UINT16_MAX, INT32_MAX,
                                 UINT32_MAX};
    if (!mmi_ply_type_is_integral(t) || isnan(x)) return 0;
    double r = round(x);
    if (r <= (double)lo[t]) return lo[t];
    if (r >= (double)hi[t]) return hi[t];
    return (int64_t)r;
}
