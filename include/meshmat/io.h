/* meshmat/io.h: reading and writing meshes as OBJ, OFF and PLY (ASCII and
 * binary little-endian); reading STL (binary and ASCII) as a triangle soup;
 * writing glTF 2.0 binary (.glb) for viewers.
 * Readers report the file and line of anything wrong;
 * what the writers produce reads back exactly, the empty mesh included; a
 * failed write leaves the file it would replace untouched. */
#ifndef MESHMAT_IO_H
#define MESHMAT_IO_H

#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mm_file_format {
    MM_FILE_AUTO = 0,       /* from the file name's extension (.obj .off .ply .glb) */
    MM_FILE_OBJ = 1,
    MM_FILE_OFF = 2,
    MM_FILE_PLY_ASCII = 3,
    MM_FILE_PLY_BINARY = 4, /* little-endian; on reading, either PLY form is accepted */
    MM_FILE_GLB = 5,        /* glTF 2.0 binary (.glb): written only (mm_mesh_write)   */
    MM_FILE_STL = 6         /* STL, binary or ASCII (.stl): read only (mm_mesh_read)  */
} mm_file_format;

typedef struct mm_read_options {
    mm_file_format format; /* MM_FILE_AUTO by default                                */
    mm_type precision;     /* vertex data type: MM_TYPE_FLOAT64 (default) or FLOAT32 */
    int keep_repeated;     /* keep faces that repeat a vertex (see mm_mesh_desc)     */
} mm_read_options;

MM_API mm_read_options mm_read_options_default(void);

/* mm_mesh_read: read a mesh file into a new mesh on ctx (then validated as by
 * mm_mesh_new). The file is read whole into host memory, then parsed with no
 * allocation per line.
 *   param  memory  in/out  meaning
 *   mesh   -       out     the new mesh (NULL on error)
 *   path   host    in      file name; its extension (.obj .off .ply .stl, any case)
 *                          gives the format unless opts->format says it
 *   opts   host    in      NULL for mm_read_options_default()
 * OBJ: `v x y z` (further columns such as w or colours ignored); `f` with v,
 *   v/vt, v//vn, v/vt/vn, 1-based, negative = relative to the vertices read so
 *   far; OpenSubdiv tags `t crease N/M/0 v0 … v(N-1) s…` (the chain's N-1 edges,
 *   M = 1 sharpness for all or N-1, one each) and `t corner N/M/0 v… s…`
 *   (M = 1 or N), ids 0-based, also written as `# osd-tag: t ...` comments;
 *   `vt u [v [w]]` (u and v kept, a missing v is 0) and `vn x y z`, named by
 *   the corners' vt / vn indices (1-based, negative = relative to the vt / vn
 *   read so far): when every corner of every face names a vt the mesh gets
 *   the face-varying channel "uv" (dim 2), when every corner names a vn the
 *   channel "normal" (dim 3), in opts->precision (mm_mesh_num_fvar; channel
 *   "uv" first); when only some corners name one, that channel is left out
 *   and mm_mesh_info.fvar_dropped counts the corners that did;
 *   other tags and statements (l, o, g, s, usemtl, mtllib, …) ignored;
 *   a trailing backslash continues a statement. A file of comments only is the
 *   empty mesh; an empty file, or one of other statements without v or f, is
 *   MM_ERR_PARSE.
 * Line ends (OBJ, OFF, ASCII PLY, PLY headers): "\n", "\r\n" or a lone "\r",
 *   lines counted that way in messages.
 * OFF: header OFF (or COFF, NOFF, CNOFF, STOFF…: extra vertex columns ignored;
 *   missing: the counts come first), `|V| |F| [|E|]`, one vertex per line, one
 *   face per line `n i0 … i(n-1)` (0-based; trailing colour values ignored),
 *   `#` comments.
 * PLY: ascii 1.0, binary_little_endian 1.0 or binary_big_endian 1.0; vertex
 *   x, y, z of any PLY type, and every other scalar property of the vertex
 *   element (nx, red, u, quality, …) as a further column of the vertex data
 *   (d = 3 + k: x, y, z, then the k others in file order), named after the
 *   property with its type (mm_mesh_vertex_property_name, meshmat/mesh.h;
 *   always kept: a caller wanting positions only takes columns 0 to 2; an
 *   ASCII `float` value is rounded to float32, as binary stores it);
 *   face list `vertex_indices` (or `vertex_index`) of integers, one per face
 *   element; every other element and property (lists included) is skipped.
 * STL (.stl, MM_FILE_STL; read only): binary when the size is 84 + 50 n (n
 *   the header's u32 count), whatever the first bytes; ASCII when it starts
 *   with `solid` and holds no NUL byte: `facet normal …` `outer loop` three
 *   `vertex x y z` `endloop` `endfacet`, `endsolid`, keywords in any case,
 *   any blanks and line ends between tokens, several solids in a row. The
 *   mesh is the soup: triangle t is vertices 3t, 3t+1, 3t+2, no vertex merged
 *   (mm_mesh_weld, meshmat/weld.h, merges them); normals and attributes are
 *   ignored. Binary errors name the triangle and its record's byte
 *   ("triangle 7 (record at byte 434) is truncated …").
 * Properties: the mesh lives where ctx computes; deterministic; float64 values
 *   are correctly rounded from the decimal text (float32: the nearest float).
 * Errors: the message names file:line (binary PLY: the element, record and
 *   property) and what was expected and found.
 *   MM_ERR_IO        the file cannot be opened or read
 *   MM_ERR_FORMAT    unknown extension; a PLY version other than 1.0; 4-D/n-D or
 *                    binary OFF; a PLY header without vertex x, y, z or face list,
 *                    or with two vertex elements of different other properties
 *   MM_ERR_PARSE     malformed text; truncated data; data beyond what a header
 *                    declares; OBJ index 0 or one that does not fit 64 bits
 *                    (vertex, vt and vn indices alike)
 *   MM_ERR_INVALID_MESH  every refusal of mm_mesh_new (index out of range, face
 *                    with < 3 vertices, repeated vertex, NaN or infinite
 *                    coordinate, bad crease), with the face's or vertex's line;
 *                    an OBJ crease or corner tag naming a vertex out of range,
 *                    a crease from a vertex to itself, a negative or
 *                    non-finite sharpness, with the tag's line; also an OBJ
 *                    relative index before the first vertex (vt, vn) and any
 *                    index below 0 or at least 2^32; a vt or vn index past
 *                    the file's vt / vn (checked once the file is read: the
 *                    line of the largest); a non-finite vt or vn value;
 *                    a non-finite value of a PLY vertex property (the message
 *                    names it, the element's record and, ASCII, the line)
 *   MM_ERR_OUT_OF_MEMORY, MM_ERR_INVALID_ARGUMENT (NULL mesh or path, bad options)
 * Example: "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n" gives |V| = 3, one face (0 1 2);
 *   "f 1 0 2" on line 4 fails with "…: name.obj:4: expected a vertex index (OBJ
 *   indices start at 1 or -1), found '0'". */
MM_API mm_status mm_mesh_read(mm_context ctx, mm_mesh *mesh, const char *path,
                              const mm_read_options *opts);

/* mm_mesh_read_memory: the same, from data[0, size) (no NUL needed); name is
 * used in messages and, with MM_FILE_AUTO, for the extension. */
MM_API mm_status mm_mesh_read_memory(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                                     const char *name, const mm_read_options *opts);

/* mm_mesh_write: write the mesh's first three vertex columns (zeros where the
 * mesh has fewer) and its faces; PLY also writes every named column past them
 * (a PLY file's other vertex properties, mm_mesh_vertex_property_name) after
 * z as `property <type> <name>`, in its type: float and double as below,
 * integer types rounded to nearest (halves away from zero) and clamped to the
 * type's range (interpolated uchar colours stay uchar), so that the file reads
 * back with the same names, types and values to that rounding; unnamed
 * columns, and every column past z in OBJ, OFF and GLB, are not written
 * (mm_file_keeps_vertex_property); OBJ also writes the creases and corners as
 * OpenSubdiv tags (`t crease 2/1/0 a b s`, `t corner 1/1/0 v s`, 0-based), which
 * OFF and PLY cannot hold, and two face-varying channels (mm_file_keeps_fvar):
 * the first named "uv" (dim 2 or 3) as `vt u v [w]` rows after the `v` rows,
 * the first named "normal" (dim 3) as `vn x y z` rows after them, and the
 * faces' corners as `v/vt`, `v/vt/vn` or `v//vn`; a file with "uv" of dim 2
 * and "normal" reads back as the same channels, values bit for bit; GLB the
 * same two as TEXCOORD_0 and NORMAL (below). Other channels, and every
 * channel in OFF and PLY, are not written (no
 * error: mm_file_keeps_fvar tells a caller which are). Each value is printed
 * as the shortest decimal (at most 17 digits for float64, 9 for float32) that
 * reads back to the same bits,
 * with '.' whatever the locale, in printf's "%.*g" notation with P = max(digits,
 * 15) (float32: 6): "0.1", "-0", "1e+15", "1.5e-07" (formatted on every OpenMP
 * thread in blocks of rows, the bytes the same for any thread count). PLY:
 * `float` x, y, z for float32 meshes, else
 * `double`; the face list `list uchar int vertex_indices` (uint count when a
 * face has 256 vertices or more, uint ids past 2^31 vertices).
 * GLB (glTF 2.0 binary, for viewers; docs/formats.md): one mesh of one
 *   TRIANGLES primitive, each polygon fanned from its first corner (v0 vi
 *   vi+1), hole faces left out; POSITION float32 with its min and max, NORMAL
 *   float32 of unit length (the area vectors of the faces around a vertex
 *   summed, each the sum of its fan's cross products; (0, 0, 1) where that sum
 *   is zero, e.g. a vertex in no face), indices UNSIGNED_SHORT up to 65535
 *   vertices, else UNSIGNED_INT; no tags. With the "uv" or "normal" channel
 *   the mesh is written per corner value: a glTF vertex per distinct (vertex,
 *   uv value, normal value) of the written corners, TEXCOORD_0 = (u, 1 - v)
 *   (glTF's texture origin is its top left), NORMAL the normal channel's
 *   value normalized (else the area-weighted normal above). Refused, nothing written: a mesh with no face to write
 *   (empty, points only, or only holes: a glTF accessor needs one element)
 *   with MM_ERR_FORMAT; a coordinate outside float32's range, or a file of
 *   4 GiB or more (its length is a 32-bit field), with MM_ERR_OVERFLOW.
 *   mm_mesh_read refuses .glb (MM_ERR_FORMAT).
 *   format  MM_FILE_AUTO: from the extension (.obj, .off, .glb; .ply is binary).
 * Properties: works on any backend (the mesh is exported to host memory
 *   through the context's accounting); the file is written through a 1 MiB
 *   buffer, every write and the close checked. Atomic: the data goes to a new
 *   temporary file beside path, which is flushed, synced and renamed over path
 *   only when everything was written; on any failure path is untouched and the
 *   temporary removed (writing over the file the mesh was read from is safe).
 *   A new file gets mode 0666 less the umask; a replaced one keeps its mode; a
 *   symlink stays a link (the file it names is replaced). A path that exists
 *   and is not a regular file (a device, a FIFO) is written in place.
 * Errors: MM_ERR_IO (open, write, sync, close or rename failed: the message
 *   names the path and the system's reason), MM_ERR_FORMAT (unknown
 *   extension; MM_FILE_STL, which is read only; GLB: no faces),
 *   MM_ERR_OVERFLOW (GLB: above),
 *   MM_ERR_INVALID_ARGUMENT, MM_ERR_OUT_OF_MEMORY. */
MM_API mm_status mm_mesh_write(mm_context ctx, mm_mesh mesh, const char *path,
                               mm_file_format format);

/* Progress of a write: called on the calling thread after each block of rows
 * (a few MB of output) with the rows written so far and the rows in all
 * (vertices + faces, and an OBJ's vt and vn; done = total at the end). For progress displays: a
 * function that takes long slows the write down. */
typedef void (*mm_io_progress_fn)(void *user, int64_t done, int64_t total);

typedef struct mm_write_options {
    mm_file_format format;      /* MM_FILE_AUTO by default                 */
    mm_io_progress_fn progress; /* NULL by default: no progress reported   */
    void *progress_user;        /* passed to progress                      */
} mm_write_options;

MM_API mm_write_options mm_write_options_default(void);

/* mm_mesh_write_opts: mm_mesh_write with options (opts NULL: the defaults);
 * the same file, the same errors. */
MM_API mm_status mm_mesh_write_opts(mm_context ctx, mm_mesh mesh, const char *path,
                                    const mm_write_options *opts);

/* mm_file_keeps_fvar: 1 when mm_mesh_write of mesh to path in format
 * (MM_FILE_AUTO: from path's extension) writes face-varying channel
 * `channel` of it, else 0 (also for a NULL mesh or a channel out of range).
 * OBJ keeps the first channel named "uv" when its dim is 2 or 3 and the first
 * named "normal" when its dim is 3; OFF, PLY and GLB keep none. For callers
 * that warn about what a file leaves out. */
MM_API int mm_file_keeps_fvar(mm_mesh mesh, int channel, const char *path, mm_file_format format);

/* mm_file_keeps_vertex_property: 1 when mm_mesh_write of mesh to path in
 * format (MM_FILE_AUTO: from path's extension) writes column `column` of its
 * vertex data, else 0 (also for a NULL mesh or a column out of range). Every
 * format keeps x, y, z (columns 0 to 2); PLY (ASCII and binary) also every
 * named column past them (mm_mesh_vertex_property_name), as a vertex
 * property of its name and type; OBJ, OFF and GLB none of those, and no
 * format an unnamed one. For callers that warn about what a file leaves out. */
MM_API int mm_file_keeps_vertex_property(mm_mesh mesh, int column, const char *path,
                                         mm_file_format format);

#ifdef __cplusplus
}
#endif
#endif
