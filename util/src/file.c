/* file.c - whole writes, atomic writes, mkdir -p, bounded whole-file reads
 * (util/file.h). */
#include "util/file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"

int util_write_all(int fd, const void *data, size_t len)
{
    if (!data && len > 0)
        return UTIL_E_INVAL;
    const char *s = data;
    while (len > 0) {
        ssize_t w = write(fd, s, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return UTIL_E_IO;
        }
        s += w;
        len -= (size_t)w;
    }
    return UTIL_OK;
}

/* fsync of the directory holding path: makes the rename durable. Best
 * effort (some file systems refuse it); the data itself is already synced. */
static void sync_dir_of(const char *path)
{
    char *d = strdup(path);
    if (!d)
        return;
    char *slash = strrchr(d, '/');
    if (slash)
        *(slash == d ? slash + 1 : slash) = '\0';
    int fd = open(slash ? d : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(d);
}

int util_write_file_atomic(const char *path, const void *data, size_t len)
{
    if (!path || !path[0] || (!data && len > 0))
        return UTIL_E_INVAL;
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 12);
    if (!tmp) {
        errno = ENOMEM;
        return UTIL_E_IO;
    }
    /* Same directory as the target: rename() is atomic only within one
     * file system. The ".tmp." infix lets a store sweep leftovers of a
     * write cut short by kill -9. */
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp.XXXXXX", 12);
    int fd = mkostemp(tmp, O_CLOEXEC);
    if (fd < 0) {
        free(tmp);
        return UTIL_E_IO;
    }
    /* A fixed 0644, not 0644 & ~umask: reading the umask means setting it
     * (umask() has no getter), which is process-wide and would race with
     * other threads creating files (the arena writes from several). */
    int ok = fchmod(fd, 0644) == 0 && util_write_all(fd, data, len) == 0 && fsync(fd) == 0;
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        e = errno;
    }
    if (!ok) {
        unlink(tmp);
        free(tmp);
        errno = e;
        return UTIL_E_IO;
    }
    free(tmp);
    sync_dir_of(path);
    return UTIL_OK;
}

int util_mkdirs(const char *path)
{
    if (!path || !path[0])
        return UTIL_E_INVAL;
    char *p = strdup(path);
    if (!p)
        return UTIL_E_NOMEM;
    /* Each prefix ending before a '/', then the whole path. */
    for (char *s = p + 1;; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            int e = errno;
            free(p);
            errno = e;
            return UTIL_E_IO;
        }
        *s = c;
        if (c == '\0')
            break;
    }
    struct stat st;
    int ok = stat(p, &st) == 0 && S_ISDIR(st.st_mode);
    int e = ok ? 0 : (errno ? errno : ENOTDIR);
    free(p);
    if (!ok) {
        errno = e;
        return UTIL_E_IO;
    }
    return UTIL_OK;
}

int util_read_file(const char *path, size_t max_bytes, char **out, size_t *len)
{
    if (!path || !out)
        return UTIL_E_INVAL;
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return UTIL_E_IO;
    /* Read one byte past the cap rather than trusting st_size: /proc files
     * and pipes report 0. */
    size_t cap = 0, n = 0;
    char *buf = NULL;
    int rc = UTIL_OK;
    for (;;) {
        if (n + 1 >= cap) { /* keep a byte for the NUL */
            size_t ncap = cap ? cap * 2 : 4096;
            if (ncap > max_bytes + 2)
                ncap = max_bytes + 2; /* the cap plus one byte to detect "over" */
            char *nb = realloc(buf, ncap);
            if (!nb) {
                rc = UTIL_E_NOMEM;
                break;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (n > max_bytes) {
            rc = UTIL_E_RANGE;
            break;
        }
        if (got == 0) {
            if (ferror(f))
                rc = UTIL_E_IO;
            break;
        }
    }
    int e = errno;
    fclose(f);
    if (rc != UTIL_OK) {
        free(buf);
        errno = e;
        return rc;
    }
    buf[n] = '\0';
    *out = buf;
    if (len)
        *len = n;
    return UTIL_OK;
}

int util_remove_temp_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        /* util_write_file_atomic's names only: ".tmp." then 6 characters */
        if (n < 12 || memcmp(e->d_name + n - 11, ".tmp.", 5) != 0)
            continue;
        if (unlinkat(dirfd(d), e->d_name, 0) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}
