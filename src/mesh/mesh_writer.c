/* mesh_writer.c: the output primitives of the mesh writers: writes through a
 * buffered FILE* that remember the first error, and numbers printed as the
 * shortest decimal that reads back bit-exactly, with '.' in every locale. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "mesh_write.h"
#include "text_scan.h"

void mmi_write_bytes(mmi_writer *w, const void *p, size_t n)
{
    if (n > 0 && fwrite(p, 1, n, w->f) != n && w->err == 0) w->err = errno ? errno : EIO;
}

void mmi_write_printf(mmi_writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(w->f, fmt, ap);
    va_end(ap);
    if (n < 0 && w->err == 0) w->err = errno ? errno : EIO;
}

void mmi_write_spaced_uint(mmi_writer *w, uint64_t v)
{
    char buf[24];
    char *p = buf + sizeof buf;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    *--p = ' ';
    mmi_write_bytes(w, p, (size_t)(buf + sizeof buf - p));
}

/* x with `digits` significant digits ("%.*g") and '.' as the decimal point. */
static void format_digits(const mmi_writer *w, char *buf, size_t len, double x, int digits)
{
    snprintf(buf, len, "%.*g", digits, x);
    if (w->decimal_point != '.') {
        char *c = strchr(buf, w->decimal_point);
        if (c != NULL) *c = '.';
    }
}

/* Does buf read back (with the readers' own scanner) to exactly x, or to
 * exactly the float x when single? */
static int reads_back(const char *buf, double x, int single)
{
    const char *p = buf;
    double y;
    if (mmi_scan_f64(&p, p + strlen(buf), &y) != MMI_SCAN_OK) return 0;
    if (single) {
        float a = (float)x, b = (float)y;
        return memcmp(&a, &b, sizeof a) == 0;
    }
    return memcmp(&x, &y, sizeof x) == 0;
}

/* The shortest of 6..9 (float32) or 15..17 (float64) significant digits that
 * reads back exactly; the last always does. */
static void write_real(mmi_writer *w, double x, int single)
{
    char buf[40];
    int lo = single ? 6 : 15, hi = single ? 9 : 17;
    for (int d = lo; d <= hi; ++d) {
        format_digits(w, buf, sizeof buf, x, d);
        if (d == hi || reads_back(buf, x, single)) break;
    }
    mmi_write_bytes(w, buf, strlen(buf));
}

double mmi_host_mesh_coord(const mmi_host_mesh *m, int64_t v, int k)
{
    if (k >= m->info.dim) return 0.0;
    int64_t i = v * m->info.dim + k;
    if (m->info.precision == MM_TYPE_FLOAT32) return ((const float *)m->a.vertices)[i];
    return ((const double *)m->a.vertices)[i];
}

void mmi_write_coord(mmi_writer *w, const mmi_host_mesh *m, int64_t v, int k)
{
    write_real(w, mmi_host_mesh_coord(m, v, k), m->info.precision == MM_TYPE_FLOAT32);
}

void mmi_write_float(mmi_writer *w, float x)
{
    write_real(w, x, 1);
}

int mmi_host_mesh_is_hole(const mmi_host_mesh *m, int64_t f, int64_t *next)
{
    while (*next < m->info.num_holes && (int64_t)m->a.hole_faces[*next] < f) ++*next;
    return *next < m->info.num_holes && (int64_t)m->a.hole_faces[*next] == f;
}
