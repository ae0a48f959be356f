/* test_mesh_write_enospc.c: mm_mesh_write on a full disk (issue 22). A 64 KiB
 * tmpfs, mounted by main in a mount namespace of the test's own where it can
 * make one, holds the target: a mesh too large for the space left, and the
 * same small mesh written over its own file once a filler has taken the rest,
 * both fail with "No space left on device", leaving the old file byte for
 * byte and no temporary. Mounting needs root (CI runs as root); without it the
 * test is skipped with a message (exit 77). */
#define _GNU_SOURCE /* unshare */
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "mmt_mesh_io.h"

static const mm_file_format formats[] = {MM_FILE_OBJ, MM_FILE_OFF, MM_FILE_PLY_ASCII,
                                         MM_FILE_PLY_BINARY};
static const char *const extensions[] = {"obj", "off", "ply", "ply"};

/* The mount point (made by main). */
static char disk[64];

/* The whole of a file into a new buffer; *size its length. */
static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *buf = malloc(1 << 16);
    ck_assert_ptr_nonnull(buf);
    *size = fread(buf, 1, 1 << 16, f);
    fclose(f);
    return buf;
}

/* The entries of the disk but . and .. */
static int entries(void)
{
    DIR *d = opendir(disk);
    struct dirent *e;
    int n = 0;
    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d)) != NULL) n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* An n × n grid of quads (far more than 64 KiB in every format for n = 64). */
static mm_mesh grid(mm_context ctx, int n, double *xyz, uint32_t *ids)
{
    int64_t nv = (int64_t)(n + 1) * (n + 1);
    for (int64_t v = 0; v < nv; ++v) {
        xyz[3 * v] = (double)(v % (n + 1)) / 3.0;
        xyz[3 * v + 1] = (double)(v / (n + 1)) / 7.0;
        xyz[3 * v + 2] = 0.125;
    }
    for (int i = 0, k = 0; i < n; ++i)
        for (int j = 0; j < n; ++j, ++k) {
            uint32_t a = (uint32_t)(i * (n + 1) + j), w = (uint32_t)(n + 1);
            uint32_t quad[4] = {a, a + 1, a + 1 + w, a + w};
            memcpy(ids + 4 * k, quad, sizeof quad);
        }
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = nv;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = (int64_t)n * n;
    d.face_order = 4;
    d.face_vertices = ids;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    return mesh;
}

/* Fills what is left of the disk with one file; returns its path. */
static const char *fill_disk(char *path, size_t len)
{
    static char block[4096];
    mmt_temp_path(path, len, disk, "filler");
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    setvbuf(f, NULL, _IONBF, 0);
    while (fwrite(block, 1, sizeof block, f) == sizeof block) continue;
    ck_assert_int_eq(errno, ENOSPC);
    fclose(f);
    return path;
}

START_TEST(full_disk_leaves_the_target_untouched)
{
    enum { N = 64 };
    static double xyz[3 * (N + 1) * (N + 1)];
    static uint32_t ids[4 * N * N];
    static const double tri_xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0.5};
    static const uint32_t tri_ids[] = {0, 1, 2};
    mm_context ctx = mmt_context();
    mm_mesh big = grid(ctx, N, xyz, ids), small = NULL;
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 3;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = tri_xyz;
    d.num_faces = 1;
    d.face_order = 3;
    d.face_vertices = tri_ids;
    MMT_OK(ctx, mm_mesh_new(ctx, &small, &d));
    char path[256], filler[256], name[32];
    size_t old_size, size;
    snprintf(name, sizeof name, "keep.%s", extensions[_i]);
    mmt_temp_path(path, sizeof path, disk, name);
    MMT_OK(ctx, mm_mesh_write(ctx, small, path, formats[_i]));
    char *old = slurp(path, &old_size);

    /* far more than the disk holds */
    MMT_FAILS(ctx, mm_mesh_write(ctx, big, path, formats[_i]), MM_ERR_IO,
              "No space left on device");
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), path));
    char *now = slurp(path, &size);
    ck_assert_uint_eq(size, old_size);
    ck_assert_mem_eq(now, old, old_size);
    free(now);
    ck_assert_int_eq(entries(), 1);

    /* the file written over itself once the disk is full: the input survives */
    fill_disk(filler, sizeof filler);
    MMT_FAILS(ctx, mm_mesh_write(ctx, small, path, formats[_i]), MM_ERR_IO,
              "No space left on device");
    now = slurp(path, &size);
    ck_assert_uint_eq(size, old_size);
    ck_assert_mem_eq(now, old, old_size);
    free(now);
    ck_assert_int_eq(entries(), 2);
    ck_assert_int_eq(unlink(filler), 0);
    mm_mesh back = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &back, path, NULL));
    mm_mesh_free(&back);
    ck_assert_int_eq(unlink(path), 0);
    free(old);
    mm_mesh_free(&small);
    mm_mesh_free(&big);
    mm_context_free(&ctx);
}
END_TEST

/* A 64 KiB tmpfs at disk, in a private mount namespace where one can be made
 * (so that it vanishes with the process); 0, or the errno of the mount. */
static int mount_disk(void)
{
    snprintf(disk, sizeof disk, "/tmp/meshmat_enospc_XXXXXX");
    if (mkdtemp(disk) == NULL) return errno;
    if (unshare(CLONE_NEWNS) == 0) mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
    if (mount("tmpfs", disk, "tmpfs", 0, "size=64k,mode=0700") != 0) {
        int err = errno;
        rmdir(disk);
        return err;
    }
    return 0;
}

int main(void)
{
    Suite *s = suite_create("mesh_write_enospc");
    int err = mount_disk();
    if (err == 0) {
        TCase *tc = tcase_create("enospc");
        tcase_add_loop_test(tc, full_disk_leaves_the_target_untouched, 0, 4);
        suite_add_tcase(s, tc);
    } else {
        char why[160];
        snprintf(why, sizeof why, "cannot mount a tmpfs: %s; run as root", strerror(err));
        mmt_skip("mm_mesh_write on a full disk", why);
    }
    int rc = mmt_run(s);
    if (err == 0) {
        umount(disk);
        rmdir(disk);
    }
    return rc;
}
