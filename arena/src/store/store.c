/* store.c - the results directory: opening (resume), games.jsonl
 * (append, sync, torn lines), games/<id>.json, standings.json. Every path
 * is built here; league.json, the lock and archiving are in
 * store/store_league.c. Whole files go through util_write_file_atomic(). */
#include "store/store_impl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/error.h"
#include "core/text.h"
#include "league/league_file.h"
#include "league/openings.h"
#include "league/schedule.h"
#include "league/settings_identity.h"
#include "util/file.h"
#include "util/text.h"


static void warnf(arena_warn_fn warn, void *user, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void warnf(arena_warn_fn warn, void *user, const char *fmt, ...)
{
    if (!warn)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    warn(buf, user);
}

/* DIR/games/<id>.json of st: malloc'd, NULL on out of memory. */
static char *record_path(const arena_store *st, int id)
{
    char name[32];
    snprintf(name, sizeof name, "%06d.json", id);
    return util_path_join(st->records_dir, name);
}

static int keep_record(arena_store *st, const arena_game_record *r)
{
    if (st->count == st->cap) {
        int cap = st->cap ? st->cap * 2 : 256;
        arena_game_record *p = realloc(st->records, (size_t)cap * sizeof *p);
        if (!p)
            return ARENA_E_NOMEM;
        st->records = p;
        st->cap = cap;
    }
    st->records[st->count++] = *r;
    st->has[r->id] = 1;
    return 0;
}

/* 0 if r is game r->id of the schedule, else writes why into why. */
static int check_against_schedule(const arena_store *st, const arena_game_record *r, char *why,
                                  size_t whysz)
{
    const arena_settings *s = &st->settings;
    if (r->id >= st->schedule_size)
        return util_fail(-1, why, whysz, "game %d is outside the schedule (%lld games)", r->id,
                         (long long)st->schedule_size);
    arena_game_spec g;
    arena_schedule_spec(s, r->id, &g);
    if (g.black != r->black || g.white != r->white || g.seed != r->seed ||
        g.round != r->round || g.pairing != r->pairing)
        return util_fail(-1, why, whysz,
                         "game %d does not match the schedule (bots or seed differ)", r->id);
    if (!arena_shard_has(s, r->id))
        return util_fail(-1, why, whysz, "game %d is not in shard %d/%d", r->id, s->shard_index,
                         s->shard_count);
    if (r->winner > 1 || r->fault > 1)
        return util_fail(-1, why, whysz, "game %d has an impossible result", r->id);
    return 0;
}

static int read_games(arena_store *st, const char *path, int readonly, arena_warn_fn warn,
                      void *user, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        return util_fail(ARENA_E_IO, err, errsz, "cannot read %s: %s", path, strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    off_t good_end = 0; /* byte just after the last complete line */
    int rc = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[n - 1] != '\n') {
            warnf(warn, user,
                  "%s: line %ld is torn (%zd bytes without a newline, an interrupted write): "
                  "ignored%s", path, lineno, n, readonly ? "" : " and cut off");
            break;
        }
        good_end += n;
        if (n == 1)
            continue; /* blank line */
        cJSON *j = cJSON_ParseWithLength(line, (size_t)n);
        arena_game_record r;
        char why[256];
        if (!j) {
            warnf(warn, user, "%s: line %ld is not valid JSON: ignored", path, lineno);
            continue;
        }
        int bad = arena_record_from_json(j, &st->settings, &r, why, sizeof why);
        cJSON_Delete(j);
        if (bad || check_against_schedule(st, &r, why, sizeof why)) {
            warnf(warn, user, "%s: line %ld: %s: ignored", path, lineno, why);
            continue;
        }
        if (st->has[r.id]) {
            warnf(warn, user, "%s: line %ld repeats game %d: ignored", path, lineno, r.id);
            continue;
        }
        if ((rc = keep_record(st, &r))) {
            util_fail(rc, err, errsz, "out of memory");
            break;
        }
    }
    free(line);
    int read_error = ferror(f);
    fclose(f);
    if (rc)
        return rc;
    if (read_error)
        return util_fail(ARENA_E_IO, err, errsz, "cannot read %s", path);
    if (!readonly) {
        struct stat sb;
        if (stat(path, &sb) == 0 && sb.st_size > good_end && truncate(path, good_end) != 0)
            return util_fail(ARENA_E_IO, err, errsz, "cannot cut the torn line off %s: %s", path,
                             strerror(errno));
    }
    return 0;
}

/* Builds every path of the directory into st (NULL members on out of
 * memory: the caller checks). */
static int build_paths(arena_store *st, const char *dir)
{
    st->dir = strdup(dir);
    st->league_path = util_path_join(dir, "league.json");
    st->games_path = util_path_join(dir, "games.jsonl");
    st->records_dir = util_path_join(dir, "games");
    st->standings_path = util_path_join(dir, "standings.json");
    return st->dir && st->league_path && st->games_path && st->records_dir &&
                   st->standings_path
               ? 0
               : ARENA_E_NOMEM;
}

static int open_read_only(arena_store *st, const char *dir, const arena_settings *s, char *err,
                          size_t errsz)
{
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return util_fail(ARENA_E_IO, err, errsz, "%s: no such league directory", dir);
    if (access(st->league_path, R_OK) != 0)
        return util_fail(ARENA_E_IO, err, errsz,
                         "%s: not a league directory (no league.json: %s)", dir, strerror(errno));
    int rc = arena_store_read_league(st, &st->settings, &st->fingerprints, err, errsz);
    if (rc || !s)
        return rc;
    /* Read against s: the same league (any shard of it), whose opening
     * table then names each game's opening. */
    arena_settings now;
    char why[512];
    if ((rc = arena_settings_copy(&now, s)))
        return util_fail(rc, err, errsz, "out of memory");
    now.shard_index = st->settings.shard_index;
    now.shard_count = st->settings.shard_count;
    if (arena_set_string(&now.out_dir, st->dir)) {
        arena_settings_clear(&now);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    rc = arena_settings_compare(&st->settings, &now, why, sizeof why);
    if (rc == 0 && st->settings.games != now.games)
        rc = util_fail(ARENA_E_MISMATCH, why, sizeof why, "it plays %d games per pairing, not %d",
                       st->settings.games, now.games);
    if (rc == 0)
        rc = arena_store_check_openings(st, &now, why, sizeof why);
    if (rc) {
        arena_settings_clear(&now);
        return util_fail(ARENA_E_MISMATCH, err, errsz, "%s holds a different league (%s)", dir,
                         why);
    }
    arena_settings_clear(&st->settings);
    st->settings = now; /* owned now */
    return 0;
}

/* RESUME and FRESH: the lock on DIR comes first, so that a second arena
 * changes nothing, not even with --force-new (FRESH archives only under
 * the lock); then the directory must be empty of leagues or hold this one;
 * then games.jsonl and games/. league.json is written by arena_store_open
 * once the games are read and the fingerprints checked. */
static int open_resume(arena_store *st, const char *dir, const arena_settings *s, int mode,
                       arena_warn_fn warn, void *user, char *err, size_t errsz)
{
    int rc;
    if (util_mkdirs(dir) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot create the output directory %s: %s",
                         dir, strerror(errno));
    if ((rc = arena_store_lock_dir(st, err, errsz)))
        return rc;
    if (mode == ARENA_STORE_FRESH && (rc = arena_store_archive(dir, err, errsz)))
        return rc;
    if (access(st->league_path, F_OK) == 0) {
        arena_settings old;
        char why[512];
        rc = arena_store_read_league(st, &old, &st->fingerprints, why, sizeof why);
        /* the league as it will be: s with the stored shape history */
        if (rc == 0 && (rc = arena_settings_copy(&st->settings, s)) == ARENA_E_NOMEM)
            util_fail(rc, why, sizeof why, "out of memory");
        if (rc == 0)
            rc = arena_settings_adopt(&old, &st->settings, why, sizeof why);
        if (rc == 0 && (rc = arena_settings_compare(&old, &st->settings, why, sizeof why)) == 0)
            rc = arena_store_check_openings(st, s, why, sizeof why);
        if (rc == 0 && st->settings.bot_count > old.bot_count)
            warnf(warn, user, "%s: adding %d bot%s to the league (%d bots now): only the new "
                  "pairings are played", dir, st->settings.bot_count - old.bot_count,
                  st->settings.bot_count - old.bot_count == 1 ? "" : "s",
                  st->settings.bot_count);
        if (rc == 0 && old.games != s->games)
            warnf(warn, user, "%s: extending the league from %d to %d games per pairing", dir,
                  old.games, s->games);
        arena_settings_clear(&old);
        if (rc)
            return util_fail(ARENA_E_MISMATCH, err, errsz,
                             "%s holds a different league (%s): use another --out, or "
                             "--force-new to archive it and start over", dir, why);
    } else if (access(st->games_path, F_OK) == 0) {
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "%s holds games.jsonl but no league.json: use another --out, or "
                         "--force-new to archive it and start over", dir);
    }
    if (!st->settings.bot_count && (rc = arena_settings_copy(&st->settings, s)))
        return util_fail(rc, err, errsz, "out of memory");
    st->fd = open(st->games_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (st->fd < 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", st->games_path,
                         strerror(errno));
    /* Also the lock of older arenas, which lock games.jsonl, not DIR. */
    if (flock(st->fd, LOCK_EX | LOCK_NB) != 0)
        return util_fail(errno == EWOULDBLOCK ? ARENA_E_BUSY : ARENA_E_IO, err, errsz,
                         errno == EWOULDBLOCK ? "%s is in use by another loa-arena"
                                              : "cannot lock %s", st->games_path);
    if (util_mkdirs(st->records_dir) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", st->records_dir,
                         strerror(errno));
    /* the leftovers of atomic writes cut short by a kill (league.json,
     * standings.json, index.html, records, pages): under the lock, no
     * other arena writes here */
    util_remove_temp_files(dir);
    util_remove_temp_files(st->records_dir);
    return 0;
}

int arena_store_open(const char *dir, const arena_settings *s, const cJSON *fingerprints,
                     int mode, arena_warn_fn warn, void *user, arena_store **out, char *err,
                     size_t errsz)
{
    *out = NULL;
    int writable = mode == ARENA_STORE_RESUME || mode == ARENA_STORE_FRESH;
    if (!dir || (writable && !s) || (!writable && mode != ARENA_STORE_READ_ONLY))
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    arena_store *st = calloc(1, sizeof *st);
    if (!st)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    st->fd = st->dir_fd = -1;
    arena_settings_init(&st->settings);
    int rc = build_paths(st, dir);
    if (rc)
        util_fail(rc, err, errsz, "out of memory");
    else if (mode == ARENA_STORE_READ_ONLY)
        rc = open_read_only(st, dir, s, err, errsz);
    else
        rc = open_resume(st, dir, s, mode, warn, user, err, errsz);
    if (rc == 0) {
        st->schedule_size = arena_schedule_total(&st->settings);
        st->has = calloc((size_t)(st->schedule_size > 0 ? st->schedule_size : 1), 1);
        if (!st->has)
            rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    if (rc == 0)
        rc = read_games(st, st->games_path, !writable, warn, user, err, errsz);
    if (rc == 0 && writable && st->count > 0 && fingerprints && !st->fingerprints)
        warnf(warn, user, "%s/league.json has no bot fingerprints (an older loa-arena's): "
              "a bot changed since its games were played cannot be detected; recording them now",
              dir);
    if (rc == 0 && writable)
        rc = arena_store_check_fingerprints(st, fingerprints, err, errsz);
    if (rc == 0 && writable)
        rc = arena_store_write_league(st, fingerprints, err, errsz);
    if (rc)
        arena_store_close(st);
    else
        *out = st;
    return rc;
}

void arena_store_close(arena_store *st)
{
    if (!st)
        return;
    if (st->fd >= 0)
        close(st->fd);
    if (st->dir_fd >= 0)
        close(st->dir_fd); /* drops the lock */
    arena_settings_clear(&st->settings);
    cJSON_Delete(st->fingerprints);
    free(st->has);
    free(st->records);
    free(st->dir);
    free(st->league_path);
    free(st->games_path);
    free(st->records_dir);
    free(st->standings_path);
    free(st);
}

const arena_settings *arena_store_settings(const arena_store *st)
{
    return &st->settings;
}

int arena_store_count(const arena_store *st)
{
    return st->count;
}

const arena_game_record *arena_store_get(const arena_store *st, int i)
{
    return i >= 0 && i < st->count ? &st->records[i] : NULL;
}

int arena_store_has(const arena_store *st, int id)
{
    return id >= 0 && id < st->schedule_size && st->has[id];
}

int arena_store_append(arena_store *st, const arena_game_record *r, char *err, size_t errsz)
{
    if (st->fd < 0 || r->id < 0 || r->id >= st->schedule_size || st->has[r->id])
        return util_fail(ARENA_E_INVAL, err, errsz, "game %d cannot be appended", r->id);
    cJSON *j = arena_record_to_json(r, &st->settings);
    char *text = j ? cJSON_PrintUnformatted(j) : NULL;
    cJSON_Delete(j);
    if (!text)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    size_t len = strlen(text);
    char *line = malloc(len + 1);
    if (!line) {
        cJSON_free(text);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    memcpy(line, text, len);
    line[len] = '\n';
    cJSON_free(text);
    /* One write() of the whole line on an O_APPEND descriptor: a crash
     * leaves either nothing or a prefix, which the next open cuts off. */
    size_t done = 0;
    while (done < len + 1) {
        ssize_t w = write(st->fd, line + done, len + 1 - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    free(line);
    if (done != len + 1)
        return util_fail(ARENA_E_IO, err, errsz, "cannot append to %s: %s", st->games_path,
                         strerror(errno));
    if (fdatasync(st->fd) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot flush %s to disk: %s", st->games_path,
                         strerror(errno));
    if (keep_record(st, r))
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    return 0;
}

int arena_store_write_game(arena_store *st, int id, const ref_game *g, char *err,
                           size_t errsz)
{
    if (!st || !g || st->fd < 0 || id < 0 || id >= st->schedule_size)
        return util_fail(ARENA_E_INVAL, err, errsz, "game %d cannot be recorded", id);
    char *path = record_path(st, id);
    if (!path)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    cJSON *j = ref_game_to_json(g);
    int rc = arena_store_write_json(path, j, 1);
    cJSON_Delete(j);
    if (rc == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    else if (rc)
        util_fail(rc, err, errsz, "cannot write %s: %s", path, strerror(errno));
    free(path);
    return rc;
}

const char *arena_store_standings_path(const arena_store *st)
{
    return st->standings_path;
}

int arena_store_write_standings(arena_store *st, const cJSON *standings, char *err,
                                size_t errsz)
{
    if (!st || !standings || st->fd < 0)
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    int rc = arena_store_write_json(st->standings_path, standings, 0);
    if (rc == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (rc)
        return util_fail(rc, err, errsz, "cannot write %s: %s", st->standings_path,
                         strerror(errno));
    return 0;
}

const cJSON *arena_store_fingerprints(const arena_store *st)
{
    return st->fingerprints;
}

const char *arena_store_games_path(const arena_store *st)
{
    return st->games_path;
}

int arena_store_has_record(const arena_store *st, int id)
{
    char *p = record_path(st, id);
    int has = p && access(p, F_OK) == 0;
    free(p);
    return has;
}

int arena_store_copy_record(arena_store *dst, const arena_store *src, int id, char *err,
                            size_t errsz)
{
    char *from = record_path(src, id);
    char *to = record_path(dst, id);
    char *text = NULL;
    size_t n = 0;
    int rc = 0;
    if (!from || !to) {
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    } else if (dst->fd < 0) {
        rc = util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    } else if (util_read_file(from, ARENA_RECORD_MAX, &text, &n) != 0) {
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot read %s: %s", from, strerror(errno));
    } else if (util_write_file_atomic(to, text, n) != 0) {
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", to, strerror(errno));
    }
    free(text);
    free(from);
    free(to);
    return rc;
}
