/* store_export.c - games.jsonl, the league's games as text beside the
 * database (a line appended a game by store_games.c), written anew on request, brought level
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
#include "util/file.h"
#include "util/text.h"

typedef struct export_walk {
    const arena_store *st;
    int fd;
    int failed;
} export_walk;

static int export_one(const arena_game_record *r, void *user)
{
    export_walk *w = user;
    size_t n;
    char *line = arena_store_jsonl_line(r, &w->st->settings, &n);
    if (!line || util_write_all(w->fd, line, n)) {
        free(line);
        w->failed = line ? ARENA_E_IO : ARENA_E_NOMEM;
        return 1;
    }
    free(line);
    return 0;
}

/* The longest games.jsonl line looked for at the file's end: a line is
 * about 540 bytes, its detail at most 255. */
#define EXPORT_TAIL_MAX 65536

/* last_line_id's reading of the tail buf[n] (the file from offset from). */
static int tail_id(char *buf, ssize_t n, off_t from, int64_t *id, off_t *good)
{
    char *end = memrchr(buf, '\n', (size_t)n);
    if (!end)
        return from == 0 ? 1 : -1;
    *end = '\0';
    char *start = memrchr(buf, '\n', (size_t)(end - buf));
    if (!start && from > 0)
        return -1; /* a line longer than the tail: not ours */
    start = start ? start + 1 : buf;
    *good = from + (end - buf) + 1;
    cJSON *line = cJSON_ParseWithLength(start, (size_t)(end - start));
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(line, "id");
    int ok = cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 1e15;
    if (ok)
        *id = (int64_t)v->valuedouble;
    cJSON_Delete(line);
    return ok ? 0 : -1;
}

/* The id of the game on the last complete line of fd's tail (size bytes in
 * the file), and the bytes up to that line's end: 0; 1 when the file
 * holds no complete line; -1 when its last line is no game line; -2 on a
 * read error (errno). */
static int last_line_id(int fd, off_t size, int64_t *id, off_t *good)
{
    off_t from = size > EXPORT_TAIL_MAX ? size - EXPORT_TAIL_MAX : 0;
    char *buf = malloc(EXPORT_TAIL_MAX + 1);
    if (!buf)
        return -1; /* written anew, which needs no tail */
    ssize_t n = pread(fd, buf, (size_t)(size - from), from);
    int rc = n != size - from ? -2 : tail_id(buf, n, from, id, good);
    free(buf);
    return rc;
}

/* The games games.jsonl holds, read from its end (a million-game league's
 * export is not read whole): the place in the stored order of the game
 * on its last complete line, and the bytes up to that line's end (a torn
 * line after it is cut). lines: -1 when there is no file, -2 when the
 * file does not end with a line of a stored game (a power loss took
 * commits the file kept, or the file is foreign): then it is written anew.
 * Returns 0, or -1 with errno on a read error. */
static int export_state(const arena_store *st, long *lines, off_t *good)
{
    *lines = -1;
    *good = 0;
    int fd = open(st->games_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    struct stat sb;
    int64_t id = -1;
    int rc = fstat(fd, &sb) != 0 ? -2 : last_line_id(fd, sb.st_size, &id, good);
    int saved = errno;
    close(fd);
    errno = saved;
    if (rc == -2)
        return -1;
    int64_t place = rc == 0 ? leaguedb_games_up_to(st->db, id) : 0;
    if (place < 0)
        return -1;
    *lines = rc == 1 ? 0 : rc < 0 || place == 0 ? -2 : (long)place;
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
    export_walk w = {st, fd, 0};
    int rc = arena_store_foreach(st, export_one, &w, err, errsz);
    if (w.failed)
        rc = util_fail(w.failed, err, errsz, "cannot write %s: %s", tmp,
                       arena_error_kind(w.failed) == ARENA_E_NOMEM ? "out of memory"
                                                                   : strerror(errno));
    if (close(fd) != 0 && !rc)
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", tmp, strerror(errno));
    if (!rc && rename(tmp, st->games_path) != 0)
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", st->games_path,
                       strerror(errno));
    if (rc)
        unlink(tmp);
    free(tmp);
    if (!rc && st->games_fd >= 0) { /* appends go to the new file */
        close(st->games_fd);
        st->games_fd = open(st->games_path, O_WRONLY | O_APPEND | O_CLOEXEC);
        if (st->games_fd < 0)
            rc = util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", st->games_path,
                           strerror(errno));
    }
    if (!rc)
        rc = leaguedb_meta_set(st->db, ARENA_META_EXPORT_STALE, "0", err, errsz);
    return rc;
}

/* 1 when games were deleted and the export not yet written anew (a kill
 * in between): meta ARENA_META_EXPORT_STALE. */
static int export_stale(arena_store *st)
{
    char *v = NULL, err[256];
    int stale = leaguedb_meta_get(st->db, ARENA_META_EXPORT_STALE, &v, err, sizeof err) == 0 && v &&
                strcmp(v, "1") == 0;
    free(v);
    return stale;
}

int arena_store_sync_games_export(arena_store *st, char *err, size_t errsz)
{
    long lines;
    off_t good;
    if (export_state(st, &lines, &good))
        return util_fail(ARENA_E_IO, err, errsz, "cannot read %s: %s", st->games_path,
                         strerror(errno));
    int stale = export_stale(st);
    if (lines == -2 && st->count == 0 && !stale)
        /* a database that lost every game (made anew where one was, its
         * file emptied): the export is what is left of them, never emptied */
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "%s holds games, %s none: not "
                         "emptied. If the database was lost, move it aside: the next run "
                         "rebuilds it from league.json and games.jsonl; --force-new archives "
                         "both and starts anew",
                         st->games_path, leaguedb_path(st->db));
    if (lines == -2 || lines > st->count || stale) {
        int rc = arena_store_export_games(st, err, errsz);
        if (rc)
            return rc;
        lines = st->count; /* level: open it for appending */
        good = -1;
    }
    st->games_fd = open(st->games_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (st->games_fd < 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", st->games_path,
                         strerror(errno));
    struct stat sb;
    if (good >= 0 && fstat(st->games_fd, &sb) == 0 && sb.st_size > good &&
        ftruncate(st->games_fd, good) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot cut the torn line off %s: %s",
                         st->games_path, strerror(errno));
    if (lines < 0)
        lines = 0;
    if (lines == st->count)
        return 0;
    export_walk w = {st, st->games_fd, 0};
    int rc = arena_store_walk(st, leaguedb_foreach_from, lines, export_one, &w, err, errsz);
    if (w.failed)
        return util_fail(w.failed, err, errsz, "cannot write %s", st->games_path);
    return rc;
}
