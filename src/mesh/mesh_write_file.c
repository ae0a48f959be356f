/* mesh_write_file.c: the file mm_mesh_write writes, replaced atomically. The
 * data goes to a new temporary file beside the target (same folder, so the
 * rename stays on one file system); only when every byte was written, flushed
 * and synced is it renamed over the target. A failed write (full disk, a file
 * size limit) leaves the target as it was and removes the temporary; a killed
 * process may leave the temporary (".NAME.meshmat-….tmp"), never a truncated
 * target. Targets that exist and are not regular files (/dev/full, a FIFO)
 * cannot be replaced and are written in place, as before. */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mesh_write_file.h"

/* Longest part of the target's name kept in the temporary's (NAME_MAX is 255). */
#define BASE_KEPT 64
#define TEMP_TRIES 100

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c != NULL) memcpy(c, s, n);
    return c;
}

/* The file a write to path replaces: path, or the file a symlink names (so
 * the link stays a link); NULL (errno set) when out of memory, and *in_place
 * when path cannot be replaced by a rename: a dangling link, or an existing
 * file that is not a regular one. */
static char *replace_target(const char *path, int *in_place)
{
    struct stat sb;
    char *target = NULL;
    *in_place = 0;
    if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode)) {
        target = realpath(path, NULL);
        if (target == NULL) *in_place = 1;
    }
    if (target == NULL && (target = copy_string(path)) == NULL) return NULL;
    if (stat(target, &sb) == 0 && !S_ISREG(sb.st_mode)) *in_place = 1;
    return target;
}

/* Length of target's folder part, its last '/' included (0: the current folder). */
static size_t folder_length(const char *target)
{
    const char *slash = strrchr(target, '/');
    return slash ? (size_t)(slash - target) + 1 : 0;
}

/* A fresh name for the temporary: the pid, the clock and the attempt make it
 * unlikely to exist; O_EXCL makes sure. */
static void temp_name(char *buf, size_t len, const char *target, unsigned attempt)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    size_t dir = folder_length(target);
    const char *base = target + dir;
    size_t kept = strlen(base) > BASE_KEPT ? BASE_KEPT : strlen(base);
    snprintf(buf, len, "%.*s.%.*s.meshmat-%ld-%lx%x.tmp", (int)dir, target, (int)kept, base,
             (long)getpid(), (unsigned long)ts.tv_nsec ^ (unsigned long)ts.tv_sec, attempt);
}

/* An existing target's owner (only root may give it to another user: else
 * the file is ours) and mode (after the owner, which clears set-id bits). */
static void carry_over_mode(int fd, const char *target)
{
    struct stat old;
    if (stat(target, &old) != 0) return; /* a new file: the umask's mode */
    int owner_kept = fchown(fd, old.st_uid, old.st_gid) == 0;
    (void)owner_kept;
    fchmod(fd, old.st_mode & 07777);
}

/* A failed open: the names freed, nothing made on disk to remove (the last
 * temporary name tried may be another process's file), err returned. */
static int give_up(mmi_out_file *o, int err)
{
    free(o->temp);
    free(o->target);
    memset(o, 0, sizeof *o);
    return err;
}

/* Creates the temporary with mode 0666, which the umask trims as for fopen;
 * an existing target's mode (and, where allowed, owner) is carried over. */
static int create_temp(mmi_out_file *o)
{
    size_t len = strlen(o->target) + BASE_KEPT + 64;
    int fd = -1;
    if ((o->temp = malloc(len)) == NULL) return give_up(o, ENOMEM);
    for (unsigned attempt = 0; fd < 0 && attempt < TEMP_TRIES; ++attempt) {
        temp_name(o->temp, len, o->target, attempt);
        fd = open(o->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) return give_up(o, errno);
    carry_over_mode(fd, o->target);
    if ((o->f = fdopen(fd, "wb")) == NULL) {
        int err = errno;
        close(fd);
        mmi_out_abort(o);
        return err;
    }
    return 0;
}

int mmi_out_open(mmi_out_file *o, const char *path)
{
    int in_place;
    size_t n = strlen(path);
    memset(o, 0, sizeof *o);
    if (n == 0) return ENOENT; /* "" and "dir/" name no file: what fopen says */
    if (path[n - 1] == '/') return EISDIR;
    if ((o->target = replace_target(path, &in_place)) == NULL) return ENOMEM;
    if (!in_place) return create_temp(o);
    if ((o->f = fopen(path, "wb")) == NULL) return give_up(o, errno);
    return 0;
}

/* Syncs the folder holding the target, so that the rename itself survives a
 * crash; file systems that cannot (EINVAL) are left as they are. */
static void sync_folder(const char *target)
{
    size_t n = folder_length(target);
    char *dir = malloc(n + 2);
    if (dir == NULL) return;
    if (n == 0) {
        strcpy(dir, ".");
    } else {
        memcpy(dir, target, n);
        dir[n] = '\0';
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

static int failed(void)
{
    return errno ? errno : EIO;
}

int mmi_out_commit(mmi_out_file *o, const char **step)
{
    int err = 0;
    *step = "write failed";
    if (fflush(o->f) != 0) err = failed();
    if (err == 0 && o->temp != NULL && fsync(fileno(o->f)) != 0) err = failed();
    int closed = fclose(o->f);
    o->f = NULL;
    if (err == 0 && closed != 0) err = failed();
    if (err == 0 && o->temp != NULL && rename(o->temp, o->target) != 0) {
        err = failed();
        *step = "cannot move the written file into place";
    }
    if (err != 0) {
        mmi_out_abort(o);
        return err;
    }
    if (o->temp != NULL) sync_folder(o->target);
    free(o->temp);
    free(o->target);
    memset(o, 0, sizeof *o);
    return 0;
}

void mmi_out_abort(mmi_out_file *o)
{
    if (o->f != NULL) fclose(o->f);
    if (o->temp != NULL) unlink(o->temp);
    free(o->temp);
    free(o->target);
    memset(o, 0, sizeof *o);
}
