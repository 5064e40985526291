/* tune_dir.c - a tune's results directory (tune/tune_dir.h): the lock,
 * the identity, the journal of games, the state snapshot. */
#include "tune/tune_dir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "core/error.h"
#include "core/json.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

struct arena_tune_dir {
    char *dir;
    char *journal; /* DIR/tune-games.jsonl */
    int lock_fd;   /* DIR/tune.lock, flock'd */
    int fd;        /* the journal, O_APPEND */
};

const char *arena_tune_dir_path(const arena_tune_dir *d)
{
    return d->dir;
}

void arena_tune_dir_close(arena_tune_dir *d)
{
    if (!d)
        return;
    if (d->fd >= 0)
        close(d->fd);
    if (d->lock_fd >= 0)
        close(d->lock_fd); /* releases the flock */
    free(d->journal);
    free(d->dir);
    free(d);
}

static int io_fail(const char *what, const char *path, char *err, size_t errsz)
{
    return util_fail(ARENA_E_IO, err, errsz, "cannot %s %s: %s", what, path, strerror(errno));
}

/* j written to path, pretty (arena_json_write_file); err says why not. */
static int write_json(const char *path, const cJSON *j, char *err, size_t errsz)
{
    int rc = arena_json_write_file(path, j, 0);
    return rc == ARENA_E_NOMEM ? util_fail(rc, err, errsz, "out of memory")
           : rc                ? io_fail("write", path, err, errsz)
                               : 0;
}

static int take_lock(arena_tune_dir *d, char *err, size_t errsz)
{
    char *path = util_path_join(d->dir, "tune.lock");
    if (!path)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int rc = 0;
    d->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (d->lock_fd < 0)
        rc = io_fail("open", path, err, errsz);
    else if (flock(d->lock_fd, LOCK_EX | LOCK_NB) != 0)
        rc = errno == EWOULDBLOCK
                 ? util_fail(ARENA_E_BUSY, err, errsz,
                             "%s is in use by another loa-tune (it holds %s)", d->dir, path)
                 : io_fail("lock", path, err, errsz);
    free(path);
    return rc;
}

/* The first key of want whose value differs in have, for the message. */
static int name_difference(const cJSON *have, const cJSON *want, const char *dir, char *err,
                           size_t errsz)
{
    const char *sections[] = {"tune", "league"};
    for (int s = 0; s < 2; s++) {
        const cJSON *h = cJSON_GetObjectItemCaseSensitive(have, sections[s]);
        const cJSON *w = cJSON_GetObjectItemCaseSensitive(want, sections[s]);
        for (const cJSON *it = w ? w->child : NULL; it; it = it->next) {
            const cJSON *o = cJSON_GetObjectItemCaseSensitive(h, it->string);
            if (o && cJSON_Compare(o, it, 1))
                continue;
            char *a = o ? cJSON_PrintUnformatted(o) : NULL, *b = cJSON_PrintUnformatted(it);
            util_fail(ARENA_E_MISMATCH, err, errsz,
                      "%s holds a different tune: \"%s\" is %.120s there, %.120s here (use "
                      "another output directory, or the tune file it was started with)",
                      dir, it->string, a ? a : "absent", b ? b : "?");
            cJSON_free(a);
            cJSON_free(b);
            return ARENA_E_MISMATCH;
        }
    }
    return util_fail(ARENA_E_MISMATCH, err, errsz, "%s holds a different tune (tune.json)", dir);
}

/* tune.json: written when absent, else compared with identity. */
static int check_identity(arena_tune_dir *d, const cJSON *identity, char *err, size_t errsz)
{
    char *path = util_path_join(d->dir, "tune.json"), *text = NULL;
    if (!path)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    size_t len = 0;
    int rc = util_read_file(path, 1u << 20, &text, &len);
    if (rc == UTIL_E_IO && errno == ENOENT) {
        rc = write_json(path, identity, err, errsz);
    } else if (rc) {
        rc = io_fail("read", path, err, errsz);
    } else {
        cJSON *have = cJSON_ParseWithLength(text, len);
        rc = !have ? util_fail(ARENA_E_MISMATCH, err, errsz,
                               "%s is not JSON: not a loa-tune results directory", path)
             : cJSON_Compare(have, identity, 1)
                 ? 0
                 : name_difference(have, identity, d->dir, err, errsz);
        cJSON_Delete(have);
    }
    free(text);
    free(path);
    return rc;
}

/* The journal's lines into an array; a torn last line (no newline) cut
 * from the file. */
static int read_journal(arena_tune_dir *d, cJSON **lines, int *torn, char *err, size_t errsz)
{
    char *text = NULL;
    size_t len = 0;
    int rc = util_read_file(d->journal, ARENA_TUNE_JOURNAL_MAX, &text, &len);
    if (rc)
        return rc == UTIL_E_NOMEM ? util_fail(ARENA_E_NOMEM, err, errsz, "out of memory")
                                  : io_fail("read", d->journal, err, errsz);
    size_t keep = len;
    while (keep > 0 && text[keep - 1] != '\n')
        keep--;
    if (keep < len) {
        *torn = 1;
        if (ftruncate(d->fd, (off_t)keep) != 0 || fdatasync(d->fd) != 0)
            rc = io_fail("cut the torn last line of", d->journal, err, errsz);
    }
    cJSON *arr = cJSON_CreateArray();
    int line = 1;
    for (size_t at = 0; !rc && arr && at < keep; line++) {
        size_t n = (size_t)((char *)memchr(text + at, '\n', keep - at) - (text + at));
        cJSON *o = cJSON_ParseWithLength(text + at, n);
        if (!cJSON_IsObject(o)) {
            cJSON_Delete(o);
            rc = util_fail(ARENA_E_PARSE, err, errsz, "%s:%d: not a game (a JSON object)",
                           d->journal, line);
        } else if (!cJSON_AddItemToArray(arr, o)) {
            rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        }
        at += n + 1;
    }
    free(text);
    if (!arr && !rc)
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rc)
        cJSON_Delete(arr);
    else
        *lines = arr;
    return rc;
}

int arena_tune_dir_open(const char *dir, const cJSON *identity, arena_tune_dir **out, cJSON **lines,
                        int *torn, char *err, size_t errsz)
{
    int cut = 0;
    *out = NULL;
    *lines = NULL;
    arena_tune_dir *d = calloc(1, sizeof *d);
    if (!d || !(d->dir = strdup(dir)) || !(d->journal = util_path_join(dir, "tune-games.jsonl"))) {
        if (d)
            free(d->dir);
        free(d);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    d->lock_fd = d->fd = -1;
    int rc = util_mkdirs(dir) ? io_fail("create", dir, err, errsz) : 0;
    if (!rc)
        rc = take_lock(d, err, errsz);
    if (!rc)
        util_remove_temp_files(dir); /* of a writer killed mid-write, under the lock */
    if (!rc)
        rc = check_identity(d, identity, err, errsz);
    if (!rc && (d->fd = open(d->journal, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666)) < 0)
        rc = io_fail("open", d->journal, err, errsz);
    if (!rc)
        rc = read_journal(d, lines, &cut, err, errsz);
    if (torn)
        *torn = cut;
    if (rc)
        arena_tune_dir_close(d);
    else
        *out = d;
    return rc;
}

int arena_tune_dir_append(arena_tune_dir *d, const cJSON *line, char *err, size_t errsz)
{
    char *text = cJSON_PrintUnformatted(line);
    size_t n = text ? strlen(text) : 0;
    char *buf = text ? malloc(n + 1) : NULL;
    if (!buf) {
        cJSON_free(text);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    memcpy(buf, text, n);
    buf[n] = '\n';
    cJSON_free(text);
    /* one write() of the whole line on an O_APPEND descriptor: a crash
     * leaves at most a torn last line, which the next open cuts */
    ssize_t w = write(d->fd, buf, n + 1);
    free(buf);
    if (w != (ssize_t)(n + 1) || fdatasync(d->fd) != 0) {
        if (w >= 0 && w != (ssize_t)(n + 1))
            errno = EIO;
        return io_fail("append to", d->journal, err, errsz);
    }
    return 0;
}

int arena_tune_dir_write_state(const arena_tune_dir *d, const cJSON *state, char *err, size_t errsz)
{
    char *path = util_path_join(d->dir, "tune-state.json");
    int rc = path ? write_json(path, state, err, errsz)
                  : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    free(path);
    return rc;
}
