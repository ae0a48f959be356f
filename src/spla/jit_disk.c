/* jit_disk.c: the disk cache of compiled user programs (jit.h). A file holds
 * a magic line, the program text with its terminating NUL, the image's 64-bit
 * FNV-1a (little-endian), then the image, so a load checks the whole key, not
 * only the hash in the file name, and a damaged or cut image is a miss found
 * here rather than an error of the driver's loader (which compute-sanitizer
 * reports as a failed API call). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jit.h"

static const char magic[] = "meshmat-jit 2\n";

int mmi_jit_cache_dir(char *dir, size_t n)
{
    const char *env = getenv("MESHMAT_JIT_CACHE"), *base;
    int len;
    if (env != NULL) len = env[0] ? snprintf(dir, n, "%s", env) : -1;
    else if ((base = getenv("XDG_CACHE_HOME")) != NULL && base[0])
        len = snprintf(dir, n, "%s/meshmat", base);
    else if ((base = getenv("HOME")) != NULL && base[0])
        len = snprintf(dir, n, "%s/.cache/meshmat", base);
    else len = -1;
    return len > 0 && (size_t)len < n;
}

uint64_t mmi_jit_hash(uint64_t h, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; ++p)
        h = (h ^ *p) * 0x100000001b3ull;
    return h;
}

static uint64_t image_hash(const void *image, size_t bytes)
{
    uint64_t h = MMI_JIT_HASH_START;
    for (const unsigned char *p = image, *end = p + bytes; p < end; ++p)
        h = (h ^ *p) * 0x100000001b3ull;
    return h;
}

static int path_of(const char *program, char *path, size_t n)
{
    char dir[4096];
    if (!mmi_jit_cache_dir(dir, sizeof dir)) return 0;
    int len = snprintf(path, n, "%s/%016llx.jit", dir,
                       (unsigned long long)mmi_jit_hash(MMI_JIT_HASH_START, program));
    return len > 0 && (size_t)len < n;
}

/* The whole file, malloc'd, or NULL. */
static char *read_all(const char *path, size_t *bytes)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    long size;
    if (f == NULL) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (data = malloc((size_t)size)) != NULL && fread(data, 1, (size_t)size, f) != (size_t)size) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *bytes = data ? (size_t)size : 0;
    return data;
}

void *mmi_jit_disk_load(const char *program, size_t *bytes)
{
    char path[4200];
    size_t size, head = strlen(magic) + strlen(program) + 1 + 8;
    char *data, *image = NULL;
    unsigned char sum[8];
    *bytes = 0;
    if (!path_of(program, path, sizeof path) || (data = read_all(path, &size)) == NULL)
        return NULL;
    if (size > head && memcmp(data, magic, strlen(magic)) == 0 &&
        memcmp(data + strlen(magic), program, strlen(program) + 1) == 0) {
        uint64_t h = image_hash(data + head, size - head);
        for (int k = 0; k < 8; ++k) sum[k] = (unsigned char)(h >> 8 * k);
        if (memcmp(data + head - 8, sum, 8) == 0 && (image = malloc(size - head)) != NULL) {
            memcpy(image, data + head, size - head);
            *bytes = size - head;
        }
    }
    free(data);
    return image;
}

/* mkdir -p: every folder on the way to dir (existing ones are fine). */
static int make_folders(char *dir)
{
    for (char *p = dir + 1;; ++p) {
        if (*p != '/' && *p != '\0') continue;
        char c = *p;
        *p = '\0';
        int ok = mkdir(dir, 0755) == 0 || errno == EEXIST;
        *p = c;
        if (!ok) return 0;
        if (c == '\0') return 1;
    }
}

void mmi_jit_disk_store(const char *program, const void *image, size_t bytes)
{
    char dir[4096], path[4200], temp[4300];
    if (!mmi_jit_cache_dir(dir, sizeof dir) || !make_folders(dir) ||
        !path_of(program, path, sizeof path))
        return;
    snprintf(temp, sizeof temp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(temp, "wb");
    if (f == NULL) return;
    unsigned char sum[8];
    uint64_t h = image_hash(image, bytes);
    for (int k = 0; k < 8; ++k) sum[k] = (unsigned char)(h >> 8 * k);
    int ok = fwrite(magic, 1, strlen(magic), f) == strlen(magic) &&
             fwrite(program, 1, strlen(program) + 1, f) == strlen(program) + 1 &&
             fwrite(sum, 1, 8, f) == 8 && fwrite(image, 1, bytes, f) == bytes;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(temp, path) != 0) remove(temp);
}
