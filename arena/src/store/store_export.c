/* store_export.c - games.jsonl, the league's games as text beside the
 * database: a line appended a game, written anew on request, brought level
 * with the database when a league is opened after a kill. */
#include "store/store_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "util/text.h"

char *arena_store_jsonl_line(const arena_game_record *r, const arena_settings *s, size_t *len)
{
    cJSON *j = arena_record_to_json(r, s);
    char *text = j ? cJSON_PrintUnformatted(j) : NULL;
    cJSON_Delete(j);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    char *line = malloc(n + 2);
    if (line) {
        memcpy(line, text, n);
        line[n] = '\n';
        line[n + 1] = '\0';
        *len = n + 1;
    }
    cJSON_free(text);
    return line;
}

int arena_store_write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

typedef struct export_walk {
    const arena_store *st;
    int skip;       /* lines the file has already */
    int fd;
    int failed;
} export_walk;

static int export_one(const arena_game_record *r, void *user)
{
    export_walk *w = user;
    if (w->skip > 0) {
        w->skip--;
        return 0;
    }
    size_t n;
    char *line = arena_store_jsonl_line(r, &w->st->settings, &n);
    if (!line || arena_store_write_all(w->fd, line, n)) {
        free(line);
        w->failed = line ? ARENA_E_IO : ARENA_E_NOMEM;
        return 1;
    }
    free(line);
    return 0;
}

/* Complete lines of path and the bytes they take; -1 lines when there is
 * no file. */
static int count_lines(const char *path, long *lines, off_t *good)
{
    *lines = -1;
    *good = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    char buf[65536];
    long n = 0;
    off_t at = 0, last = 0;
    ssize_t got;
    while ((got = read(fd, buf, sizeof buf)) > 0) {
        for (ssize_t i = 0; i < got; i++)
            if (buf[i] == '\n') {
                n++;
                last = at + i + 1;
            }
        at += got;
    }
    close(fd);
    if (got < 0)
        return -1;
    *lines = n;
    *good = last;
    return 0;
}

int arena_store_export_games(arena_store *st, char *err, size_t errsz)
{
    if (!st->writable)
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    char *tmp = malloc(strlen(st->games_path) + 8);
    if (!tmp)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    sprintf(tmp, "%s.tmp.x", st->games_path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        int rc = util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", tmp, strerror(errno));
        free(tmp);
        return rc;
    }
    export_walk w = {st, 0, fd, 0};
    int rc = arena_store_foreach(st, export_one, &w, err, errsz);
    if (w.failed)
        rc = util_fail(w.failed, err, errsz, "cannot write %s: %s", tmp,
                       w.failed == ARENA_E_NOMEM ? "out of memory" : strerror(errno));
    if (close(fd) != 0 && !rc)
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", tmp, strerror(errno));
    if (!rc && rename(tmp, st->games_path) != 0)
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", st->games_path,
                       strerror(errno));
    if (rc)
        unlink(tmp);
    free(tmp);
    return rc;
}

int arena_store_sync_games_export(arena_store *st, char *err, size_t errsz)
{
    long lines;
    off_t good;
    if (count_lines(st->games_path, &lines, &good))
        return util_fail(ARENA_E_IO, err, errsz, "cannot read %s: %s", st->games_path,
                         strerror(errno));
    if (lines > st->count)
        return arena_store_export_games(st, err, errsz);
    st->games_fd = open(st->games_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (st->games_fd < 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", st->games_path,
                         strerror(errno));
    struct stat sb;
    if (fstat(st->games_fd, &sb) == 0 && sb.st_size > good && ftruncate(st->games_fd, good) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot cut the torn line off %s: %s",
                         st->games_path, strerror(errno));
    if (lines < 0)
        lines = 0;
    if (lines == st->count)
        return 0;
    export_walk w = {st, (int)lines, st->games_fd, 0};
    int rc = arena_store_foreach(st, export_one, &w, err, errsz);
    if (w.failed)
        return util_fail(w.failed, err, errsz, "cannot write %s", st->games_path);
    return rc;
}
