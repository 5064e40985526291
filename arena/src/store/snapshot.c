/* snapshot.c - a bot's copy in its league's directory (store/snapshot.h). */
#include "store/snapshot.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "league/command.h"
#include "league/command_words.h"
#include "store/fingerprint.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/text.h"

/* One file to copy: the word naming it, where it is, its name in the copy. */
typedef struct file {
    int word;
    char path[PATH_MAX];
    char name[256];
} file;

/* The files of a command, found as the fingerprint finds them. */
typedef struct plan {
    file f[ARENA_WORDS_MAX];
    int n;
    char dir[PATH_MAX]; /* where the words run: the bot's cwd, then each cd */
    int lost;           /* a cd could not be followed */
    char skipped[256];
} plan;

/* The text of word w with `{bin}` and `{dir}` expanded (as the shell gets
 * them: unquoted), NULL when it holds `{seed}` or `{out}` (never a file to
 * copy) or on out of memory. */
static char *expanded(const char *text, const char *bin_dir, const char *base_dir)
{
    if (strstr(text, "{seed}") || strstr(text, ARENA_OUT_PLACEHOLDER))
        return NULL;
    util_buf b = {0};
    util_buf_put(&b, "", 0);
    for (const char *c = text; *c;) {
        if (strncmp(c, "{bin}", 5) == 0 || strncmp(c, "{dir}", 5) == 0) {
            const char *v = c[1] == 'b' ? bin_dir : base_dir;
            util_buf_str(&b, v ? v : ".");
            c += 5;
        } else {
            util_buf_put(&b, c++, 1);
        }
    }
    return util_buf_take(&b);
}

/* A `cd` word (expanded): the directory the words after it run in. */
static void follow(plan *p, const arena_word *w)
{
    char path[2 * PATH_MAX + 2];
    struct stat sb;
    if (w->text[0] == '/' || !p->dir[0])
        snprintf(path, sizeof path, "%s", w->text);
    else
        snprintf(path, sizeof path, "%s/%s", p->dir, w->text);
    if (w->expands || stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode) || strlen(path) >= sizeof p->dir)
        p->lost = 1;
    else
        memcpy(p->dir, path, strlen(path) + 1);
}

/* The copy's name of path: its base name (at most 240 bytes of it, room
 * for a number), made unique among the plan's. */
static void name_for(plan *p, const char *path, char *name, size_t size)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    for (int k = 1;; k++) {
        if (k == 1)
            snprintf(name, size, "%.240s", base);
        else
            snprintf(name, size, "%.240s-%d", base, k);
        int taken = 0;
        for (int i = 0; i < p->n && !taken; i++)
            taken = strcmp(p->f[i].name, name) == 0;
        if (!taken)
            return;
    }
}

/* One word: a file to copy when it names one (a program by its path, an
 * argument). */
static void consider(plan *p, const arena_word *w, int index, const char *bin_dir,
                     const char *base_dir)
{
    char *t = expanded(w->text, bin_dir, base_dir);
    if (!t)
        return;
    arena_word e = *w;
    e.text = t;
    if (w->role == ARENA_WORD_CD)
        follow(p, &e);
    char path[2 * PATH_MAX + 2];
    int program = w->role == ARENA_WORD_PROGRAM;
    if ((w->role == ARENA_WORD_PROGRAM || w->role == ARENA_WORD_ARGUMENT) && w->expands &&
        !p->skipped[0])
        snprintf(p->skipped, sizeof p->skipped, "%s", w->text);
    if ((!program || strchr(t, '/')) &&
        arena_fingerprint_file_of(&e, p->dir[0] ? p->dir : NULL, p->lost, NULL, path,
                                  sizeof path) &&
        strlen(path) < PATH_MAX) {
        file *f = &p->f[p->n];
        f->word = index;
        memcpy(f->path, path, strlen(path) + 1);
        name_for(p, path, f->name, sizeof f->name);
        for (int i = 0; i < p->n; i++) /* one file named twice: one copy */
            if (strcmp(p->f[i].path, path) == 0)
                memcpy(f->name, p->f[i].name, sizeof f->name);
        p->n++;
    }
    free(t);
}

/* Copies src into directory dst_dir as name, its mode's permission bits
 * kept, synced. Returns 0 or ARENA_E_IO (err); adds its size to *bytes. */
static int copy_file(const char *src, const char *dst_dir, const char *name, long long *bytes,
                     char *err, size_t errsz)
{
    char dst[2 * PATH_MAX + 2];
    snprintf(dst, sizeof dst, "%s/%s", dst_dir, name);
    int in = open(src, O_RDONLY | O_CLOEXEC), out = -1;
    struct stat sb;
    if (in < 0 || fstat(in, &sb) != 0)
        goto fail_src;
    out = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, sb.st_mode & 0777);
    if (out < 0)
        goto fail_dst;
    char buf[65536];
    for (;;) {
        ssize_t r = read(in, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            goto fail_src;
        if (r == 0)
            break;
        if (util_write_all(out, buf, (size_t)r) != 0)
            goto fail_dst;
        *bytes += r;
    }
    if (fsync(out) != 0 || close(out) != 0) {
        out = -1;
        goto fail_dst;
    }
    close(in);
    return 0;
fail_src:
    util_fail(ARENA_E_IO, err, errsz, "cannot copy %s: %s", src, strerror(errno));
    goto done;
fail_dst:
    util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", dst, strerror(errno));
done:
    if (in >= 0)
        close(in);
    if (out >= 0)
        close(out);
    return ARENA_E_IO;
}

/* Removes directory path and the files in it (one level: a snapshot). */
static void remove_dir(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char p[2 * PATH_MAX + 2];
        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
        unlink(p);
    }
    if (d)
        closedir(d);
    rmdir(path);
}

/* The bot's name as a directory name. */
static void dir_name(const char *name, char *out, size_t size)
{
    size_t n = 0;
    for (const char *c = name; *c && n + 1 < size; c++)
        out[n++] = (strchr("._+-", *c) || (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') ||
                    (*c >= 'A' && *c <= 'Z'))
                       ? *c
                       : '_';
    out[n] = '\0';
    if (out[0] == '.')
        out[0] = '_'; /* never hidden, never . or .. */
}

/* The files copied into a temporary directory, renamed to the first free
 * name of the bot's under bots (info->dir). Returns 0, ARENA_E_IO (err). */
static int make_copy(const char *bots, const plan *p, const char *name, arena_snapshot_info *info,
                     char *err, size_t errsz)
{
    char tmp[PATH_MAX], base[128], final[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/.tmp-%ld-XXXXXX", bots, (long)getpid());
    if (!mkdtemp(tmp))
        return util_fail(ARENA_E_IO, err, errsz, "cannot create a directory in %s: %s", bots,
                         strerror(errno));
    chmod(tmp, 0755); /* mkdtemp's 0700 would hide the copy from other users */
    int rc = 0;
    for (int i = 0; i < p->n && !rc; i++) {
        int again = 0;
        for (int j = 0; j < i; j++)
            again |= strcmp(p->f[j].name, p->f[i].name) == 0;
        if (!again &&
            (rc = copy_file(p->f[i].path, tmp, p->f[i].name, &info->bytes, err, errsz)) == 0)
            info->files++;
    }
    dir_name(name, base, sizeof base);
    for (int k = 1; rc == 0; k++) {
        snprintf(final, sizeof final, k == 1 ? "%s/%s" : "%s/%s-%d", bots, base, k);
        if (rename(tmp, final) == 0)
            break;
        if (errno != EEXIST && errno != ENOTEMPTY)
            rc = util_fail(ARENA_E_IO, err, errsz, "cannot rename %s to %s: %s", tmp, final,
                           strerror(errno));
    }
    if (rc) {
        remove_dir(tmp);
        return rc;
    }
    int fd = open(bots, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) { /* the rename, durable */
        fsync(fd);
        close(fd);
    }
    snprintf(info->dir, sizeof info->dir, "%s/%s", ARENA_SNAPSHOT_DIR, strrchr(final, '/') + 1);
    return 0;
}

/* The command with the copied words naming the copies. NULL on out of
 * memory. */
static char *rewrite(const char *command, const arena_words *w, const plan *p, const char *copy_dir)
{
    util_buf b = {0};
    util_buf_put(&b, "", 0);
    size_t at = 0;
    for (int k = 0; k < p->n; k++) {
        const arena_word *word = &w->w[p->f[k].word];
        char *q = util_shell_quote(p->f[k].name);
        if (!q)
            b.failed = 1;
        util_buf_put(&b, command + at, word->start - at);
        util_buf_printf(&b, "%s/%s/%s", ARENA_OUT_PLACEHOLDER, copy_dir, q ? q : "");
        free(q);
        at = word->end;
    }
    util_buf_str(&b, command + at);
    return util_buf_take(&b);
}

int arena_snapshot_take(const char *dir, const arena_bot *b, const char *bin_dir,
                        const char *base_dir, char **command, arena_snapshot_info *info, char *err,
                        size_t errsz)
{
    *command = NULL;
    memset(info, 0, sizeof *info);
    arena_words w;
    plan *p = calloc(1, sizeof *p);
    if (!p || arena_words_split(b->command, &w)) {
        free(p);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    if (b->cwd)
        snprintf(p->dir, sizeof p->dir, "%s", b->cwd);
    for (int i = 0; i < w.n; i++)
        consider(p, &w.w[i], i, bin_dir, base_dir);
    snprintf(info->skipped, sizeof info->skipped, "%s", p->skipped);
    int rc = 0;
    char *bots = p->n ? util_path_join(dir, ARENA_SNAPSHOT_DIR) : NULL;
    if (p->n && !bots)
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    else if (bots && util_mkdirs(bots) != 0)
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", bots, strerror(errno));
    else if (bots)
        rc = make_copy(bots, p, b->name, info, err, errsz);
    if (rc == 0 && p->n && !(*command = rewrite(b->command, &w, p, info->dir)))
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    free(bots);
    arena_words_free(&w);
    free(p);
    return rc;
}

/* 1 when the files at a and b both read and differ. */
static int files_differ(const char *a, const char *b)
{
    char ha[65], hb[65], err[8];
    return arena_fingerprint_sha256(a, ha, err, sizeof err) == 0 &&
           arena_fingerprint_sha256(b, hb, err, sizeof err) == 0 && strcmp(ha, hb) != 0;
}

int arena_snapshot_differs(const char *dir, const arena_bot *b, const char *bin_dir,
                           const char *base_dir, char *found_file, size_t filesz, char *copy,
                           size_t copysz)
{
    if (!b->snapshot || b->no_snapshot)
        return 0;
    arena_words w, sw;
    plan *p = calloc(1, sizeof *p);
    if (!p || arena_words_split(b->command, &w)) {
        free(p);
        return ARENA_E_NOMEM;
    }
    if (arena_words_split(b->snapshot, &sw)) {
        arena_words_free(&w);
        free(p);
        return ARENA_E_NOMEM;
    }
    if (b->cwd)
        snprintf(p->dir, sizeof p->dir, "%s", b->cwd);
    for (int i = 0; i < w.n; i++)
        consider(p, &w.w[i], i, bin_dir, base_dir);
    int found = 0;
    size_t out = strlen(ARENA_OUT_PLACEHOLDER);
    for (int k = 0; k < p->n && !found; k++) {
        /* the snapshot command is the command with these words rewritten
         * in place (rewrite()): word k of one is word k of the other */
        const file *f = &p->f[k];
        if (f->word >= sw.n || strncmp(sw.w[f->word].text, ARENA_OUT_PLACEHOLDER, out) != 0)
            continue;
        char path[2 * PATH_MAX];
        snprintf(path, sizeof path, "%s%s", dir, sw.w[f->word].text + out);
        if (files_differ(f->path, path)) {
            snprintf(found_file, filesz, "%s", f->path);
            snprintf(copy, copysz, "%s", path);
            found = 1;
        }
    }
    arena_words_free(&w);
    arena_words_free(&sw);
    free(p);
    return found;
}

void arena_snapshot_remove(const char *dir, const arena_snapshot_info *info)
{
    if (!info->dir[0] || strncmp(info->dir, ARENA_SNAPSHOT_DIR "/", strlen(ARENA_SNAPSHOT_DIR) + 1))
        return;
    char path[2 * PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, info->dir);
    remove_dir(path);
}

void arena_snapshot_sweep(const char *dir)
{
    char *bots = util_path_join(dir, ARENA_SNAPSHOT_DIR);
    DIR *d = bots ? opendir(bots) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        long pid = 0;
        if (sscanf(e->d_name, ".tmp-%ld-", &pid) != 1 || pid <= 0 ||
            (kill((pid_t)pid, 0) == 0 || errno == EPERM))
            continue; /* not a leftover, or its process still copies */
        char p[2 * PATH_MAX + 2];
        snprintf(p, sizeof p, "%s/%s", bots, e->d_name);
        remove_dir(p);
    }
    if (d)
        closedir(d);
    free(bots);
}

/* Copies the snapshot directory from into into/name, file by file,
 * through a temporary directory (arena_snapshot_sweep's). */
static int copy_snapshot(const char *from, const char *into, const char *name, char *err,
                         size_t errsz)
{
    char tmp[PATH_MAX], to[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/.tmp-%ld-%s", into, (long)getpid(), name);
    snprintf(to, sizeof to, "%s/%s", into, name);
    if (mkdir(tmp, 0777) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", tmp, strerror(errno));
    DIR *d = opendir(from);
    struct dirent *e;
    long long bytes = 0;
    int rc = d ? 0 : util_fail(ARENA_E_IO, err, errsz, "cannot read %s: %s", from, strerror(errno));
    while (rc == 0 && (e = readdir(d))) {
        char src[2 * PATH_MAX + NAME_MAX + 4]; /* from is a path of copy_all's */
        struct stat sb;
        snprintf(src, sizeof src, "%s/%s", from, e->d_name);
        if (stat(src, &sb) == 0 && S_ISREG(sb.st_mode))
            rc = copy_file(src, tmp, e->d_name, &bytes, err, errsz);
    }
    if (d)
        closedir(d);
    if (rc == 0 && rename(tmp, to) != 0)
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot rename %s: %s", tmp, strerror(errno));
    if (rc)
        remove_dir(tmp);
    return rc;
}

int arena_snapshot_copy_all(const char *dir, const char *to, char *err, size_t errsz)
{
    char *from = util_path_join(dir, ARENA_SNAPSHOT_DIR);
    char *into = util_path_join(to, ARENA_SNAPSHOT_DIR);
    if (!from || !into) {
        free(from);
        free(into);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    DIR *d = opendir(from);
    struct dirent *e;
    int rc = 0;
    while (d && rc == 0 && (e = readdir(d))) {
        char src[2 * PATH_MAX + 2], dst[2 * PATH_MAX + 2];
        struct stat sb;
        snprintf(src, sizeof src, "%s/%s", from, e->d_name);
        snprintf(dst, sizeof dst, "%s/%s", into, e->d_name);
        if (e->d_name[0] == '.' || stat(src, &sb) != 0 || !S_ISDIR(sb.st_mode) ||
            access(dst, F_OK) == 0)
            continue;
        if (util_mkdirs(into) != 0)
            rc = util_fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", into, strerror(errno));
        else
            rc = copy_snapshot(src, into, e->d_name, err, errsz);
    }
    if (d)
        closedir(d);
    free(from);
    free(into);
    return rc;
}
