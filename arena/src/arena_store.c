/* arena_store.c - the results directory on the league database: opening
 * (resume), games in and out, the exports games.jsonl and standings.json.
 * The league's identity is arena_store_league.c's, an older directory's
 * conversion arena_store_legacy.c's (arena_store_impl.h). */
#include "arena_store_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_error.h"
#include "arena_openings.h"
#include "arena_pressure.h"
#include "arena_schedule.h"
#include "loa/loa.h"
#include "util/file.h"
#include "util/text.h"

/* zlib's level for the records: 6, its default. Level 1 made the records
 * 5% larger and saved 8 us of a game's 30; 9 saved nothing. */
#define RECORD_ZLIB_LEVEL 6

static void warnf(arena_warn_fn warn, void *user, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void warnf(arena_warn_fn warn, void *user, const char *fmt, ...)
{
    if (!warn)
        return;
    char buf[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    warn(buf, user);
}

/* ---- rows and records ---- */

/* Milliseconds (3 decimals, a games.jsonl line's) as microseconds. */
static int64_t us_of(double ms)
{
    return (int64_t)llround(ms * 1000.0);
}

static void side_row(const arena_side_time *t, arena_db_side *d)
{
    d->first_us = t->first_ms >= 0 ? us_of(t->first_ms) : -1;
    d->turns = t->turns;
    d->total_us = us_of(t->total_ms);
    d->max_us = us_of(t->max_ms);
    d->late = t->late;
    d->cpu_total_us = t->cpu_total_ms >= 0 ? us_of(t->cpu_total_ms) : -1;
    d->cpu_max_us = t->cpu_max_ms >= 0 ? us_of(t->cpu_max_ms) : -1;
}

static void side_record(const arena_db_side *d, arena_side_time *t)
{
    t->first_ms = d->first_us >= 0 ? d->first_us / 1000.0 : -1;
    t->turns = (int)d->turns;
    t->total_ms = d->total_us / 1000.0;
    t->max_ms = d->max_us / 1000.0;
    t->late = (int)d->late;
    t->cpu_total_ms = d->cpu_total_us >= 0 ? d->cpu_total_us / 1000.0 : -1;
    t->cpu_max_ms = d->cpu_max_us >= 0 ? d->cpu_max_us / 1000.0 : -1;
}

void arena_store_row_of(const arena_game_record *r, const arena_settings *s,
                        const arena_blob *rec, const arena_blob *stderr_blob,
                        arena_db_game *row, char *opening, size_t opening_size)
{
    memset(row, 0, sizeof *row);
    opening[0] = '\0';
    if (r->opening >= 0 && s->openings)
        arena_openings_text(s->openings, r->opening, opening, opening_size);
    row->id = r->id;
    row->round = r->round;
    row->pairing = r->pairing;
    row->black = r->black;
    row->white = r->white;
    row->seed = r->seed;
    row->opening = opening[0] ? opening : NULL;
    row->winner = r->winner >= 0 ? r->winner : -1;
    row->reason = ref_reason_name(r->reason);
    row->fault = r->fault >= 0 ? r->fault : -1;
    row->score[0] = r->scores[0];
    row->score[1] = r->scores[1];
    row->plies = r->plies;
    row->start_unix = r->start_time;
    row->duration_us = us_of(r->duration_ms);
    side_row(&r->time[0], &row->side[0]);
    side_row(&r->time[1], &row->side[1]);
    row->under_load = r->under_load >= 0 ? r->under_load : -1;
    row->pressure = r->pressure;
    row->pressure_source = r->under_load >= 0 ? arena_pressure_source_name(
                                                    (arena_pressure_source)r->pressure_source)
                                              : NULL;
    row->moves_hash = r->moves_hash;
    row->detail = r->detail;
    if (rec && rec->data) {
        row->record = rec->data;
        row->record_size = rec->size;
    }
    if (stderr_blob && stderr_blob->data) {
        row->stderr_blob = stderr_blob->data;
        row->stderr_size = stderr_blob->size;
    }
}

/* The record of a row, checked against the league (bots, schedule): 0, or
 * -1 with why. */
static int record_of_row(const arena_store *st, const arena_db_game *g, arena_game_record *r,
                         char *why, size_t whysz)
{
    const arena_settings *s = &st->settings;
    memset(r, 0, sizeof *r);
    ref_reason reason = ref_reason_from_name(g->reason);
    if (g->id < 0 || g->id >= st->schedule_size || g->black < 0 || g->black >= s->bot_count ||
        g->white < 0 || g->white >= s->bot_count || reason == REF_REASON_NONE)
        return util_fail(-1, why, whysz, "game %lld is no game of this league",
                         (long long)g->id);
    r->id = (int)g->id;
    r->round = (int)g->round;
    r->pairing = (int)g->pairing;
    r->black = (int)g->black;
    r->white = (int)g->white;
    r->seed = g->seed;
    /* the index of the round's opening, when the table is loaded (a run,
     * a merge): the text is the round's, as the schedule made it */
    r->opening = g->opening && s->openings ? arena_openings_for_round(s->openings, r->round) : -1;
    r->winner = g->winner >= 0 ? (int)g->winner : -1;
    r->reason = reason;
    r->fault = g->fault >= 0 ? (int)g->fault : -1;
    r->scores[0] = (int)g->score[0];
    r->scores[1] = (int)g->score[1];
    r->plies = (int)g->plies;
    r->start_time = g->start_unix;
    r->duration_ms = g->duration_us / 1000.0;
    side_record(&g->side[0], &r->time[0]);
    side_record(&g->side[1], &r->time[1]);
    r->under_load = g->under_load >= 0 ? (int)g->under_load : -1;
    r->pressure = g->pressure;
    r->pressure_source = !g->pressure_source                       ? ARENA_PRESSURE_NONE
                         : strcmp(g->pressure_source, "psi") == 0      ? ARENA_PRESSURE_PSI
                         : strcmp(g->pressure_source, "runnable") == 0 ? ARENA_PRESSURE_RUNNABLE
                                                                       : ARENA_PRESSURE_NONE;
    r->moves_hash = g->moves_hash;
    snprintf(r->detail, sizeof r->detail, "%s", g->detail ? g->detail : "");
    return 0;
}

/* ---- games.jsonl, the export ---- */

/* The games.jsonl line of r, with its newline: malloc'd, NULL on out of
 * memory. */
static char *jsonl_line(const arena_game_record *r, const arena_settings *s, size_t *len)
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

static int write_all(int fd, const char *p, size_t n)
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
    char *line = jsonl_line(r, &w->st->settings, &n);
    if (!line || write_all(w->fd, line, n)) {
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

/* games.jsonl level with the database: a line a game, in stored order.
 * Lines written before a kill are kept and the missing ones appended (the
 * common case: the arena died between a commit and its line); a torn last
 * line is cut; a file with more lines than games (a power loss took
 * commits the file kept) is written anew. */
static int sync_games_export(arena_store *st, char *err, size_t errsz)
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

/* ---- opening ---- */

static int build_paths(arena_store *st, const char *dir)
{
    st->dir = strdup(dir);
    st->league_path = util_path_join(dir, "league.json");
    st->games_path = util_path_join(dir, "games.jsonl");
    st->standings_path = util_path_join(dir, "standings.json");
    return st->dir && st->league_path && st->games_path && st->standings_path ? 0
                                                                             : ARENA_E_NOMEM;
}

/* A READ_ONLY store read against s: the same league (any shard of it),
 * whose opening table then names each game's opening. */
static int read_against(arena_store *st, const char *dir, const arena_settings *s, char *err,
                        size_t errsz)
{
    arena_settings now;
    char why[512];
    int rc = arena_settings_copy(&now, s);
    if (rc)
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

/* RESUME and FRESH: the league asked for (s) against the one stored, if
 * any: the same league, or the stored one grown (bots added, more games). */
static int resume_league(arena_store *st, const char *dir, const arena_settings *s,
                         char *err, size_t errsz)
{
    arena_settings old;
    char why[512];
    int found = 0;
    int rc = arena_store_read_league(st, &old, &st->fingerprints, &found, err, errsz);
    if (rc)
        return rc;
    if ((rc = arena_settings_copy(&st->settings, s))) {
        arena_settings_clear(&old);
        return util_fail(rc, err, errsz, "out of memory");
    }
    if (found) {
        rc = arena_settings_adopt(&old, &st->settings, why, sizeof why);
        if (rc == 0 && (rc = arena_settings_compare(&old, &st->settings, why, sizeof why)) == 0)
            rc = arena_store_check_openings(st, s, why, sizeof why);
        if (rc == 0 && st->settings.bot_count > old.bot_count)
            warnf(st->warn, st->user, "%s: adding %d bot%s to the league (%d bots now): only the "
                  "new pairings are played", dir, st->settings.bot_count - old.bot_count,
                  st->settings.bot_count - old.bot_count == 1 ? "" : "s",
                  st->settings.bot_count);
        if (rc == 0 && old.games != s->games)
            warnf(st->warn, st->user, "%s: extending the league from %d to %d games per pairing",
                  dir, old.games, s->games);
    }
    arena_settings_clear(&old);
    if (rc)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "%s holds a different league (%s): use another --out, or "
                         "--force-new to archive it and start over", dir, why);
    return 0;
}

typedef struct id_walk {
    arena_store *st;
    int bad;
    char why[256];
} id_walk;

static int mark_one(const arena_db_game *g, void *user)
{
    id_walk *w = user;
    if (g->id < 0 || g->id >= w->st->schedule_size) {
        if (!w->bad++)
            snprintf(w->why, sizeof w->why, "game %lld is outside the schedule (%lld games)",
                     (long long)g->id, (long long)w->st->schedule_size);
        return 0;
    }
    if (!w->st->has[g->id]) {
        w->st->has[g->id] = 1;
        w->st->count++;
    }
    return 0;
}

/* The games' ids into st->has and st->count. */
static int read_ids(arena_store *st, char *err, size_t errsz)
{
    st->schedule_size = arena_schedule_total(&st->settings);
    st->has = calloc((size_t)(st->schedule_size > 0 ? st->schedule_size : 1), 1);
    if (!st->has)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    id_walk w = {st, 0, ""};
    int rc = arena_db_foreach(st->db, mark_one, &w, err, errsz);
    if (rc == 0 && w.bad)
        warnf(st->warn, st->user, "%s: %d game%s of another schedule ignored (%s)",
              arena_store_db_path(st), w.bad, w.bad == 1 ? "" : "s", w.why);
    return rc;
}

static int open_store(arena_store *st, const char *dir, const arena_settings *s,
                      const cJSON *fingerprints, int mode, char *err, size_t errsz)
{
    int rc;
    if (st->writable && util_mkdirs(dir) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot create the output directory %s: %s",
                         dir, strerror(errno));
    if (arena_store_is_legacy(dir) &&
        (rc = arena_store_convert_legacy(dir, st->warn, st->user, err, errsz)))
        return rc;
    if (!st->writable && !arena_db_exists(dir)) {
        struct stat sb;
        return util_fail(ARENA_E_IO, err, errsz,
                         stat(dir, &sb) == 0 ? "%s: not a league directory (no league.db)"
                                             : "%s: no such league directory", dir);
    }
    if ((rc = arena_db_open(dir, st->writable ? ARENA_DB_WRITE : ARENA_DB_READ, &st->db, err,
                            errsz)))
        return rc;
    if (st->writable) {
        char why[256];
        if ((rc = arena_db_lock(st->db, why, sizeof why)))
            return util_fail(rc, err, errsz, "%s %s", dir, why);
        if (mode == ARENA_STORE_FRESH && (rc = arena_store_archive_locked(st, err, errsz)))
            return rc;
        if ((rc = resume_league(st, dir, s, err, errsz)))
            return rc;
    } else {
        int found = 0;
        if ((rc = arena_store_read_league(st, &st->settings, &st->fingerprints, &found, err,
                                          errsz)))
            return rc;
        if (!found)
            return util_fail(ARENA_E_PARSE, err, errsz, "%s: its database holds no league",
                             dir);
        if (s && (rc = read_against(st, dir, s, err, errsz)))
            return rc;
    }
    if ((rc = read_ids(st, err, errsz)))
        return rc;
    if (!st->writable)
        return 0;
    if (st->count > 0 && fingerprints && !st->fingerprints)
        warnf(st->warn, st->user, "%s: the league has no bot fingerprints (an older "
              "loa-arena's): a bot changed since its games were played cannot be detected; "
              "recording them now", dir);
    if ((rc = arena_store_check_fingerprints(st, fingerprints, err, errsz)) ||
        (rc = arena_store_write_league(st, fingerprints, err, errsz)) ||
        (rc = sync_games_export(st, err, errsz)))
        return rc;
    /* the leftovers of atomic writes cut short by a kill (standings.json,
     * index.html, pages): under the run lock, no other arena writes here */
    util_remove_temp_files(dir);
    char *games = util_path_join(dir, "games");
    if (games)
        util_remove_temp_files(games);
    free(games);
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
    st->games_fd = -1;
    st->writable = writable;
    st->warn = warn;
    st->user = user;
    arena_settings_init(&st->settings);
    int rc = build_paths(st, dir);
    if (rc)
        util_fail(rc, err, errsz, "out of memory");
    else
        rc = open_store(st, dir, s, fingerprints, mode, err, errsz);
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
    if (st->games_fd >= 0)
        close(st->games_fd);
    arena_db_close(st->db); /* releases the run lock */
    arena_settings_clear(&st->settings);
    cJSON_Delete(st->fingerprints);
    free(st->has);
    free(st->dir);
    free(st->league_path);
    free(st->games_path);
    free(st->standings_path);
    free(st);
}

/* ---- games ---- */

const arena_settings *arena_store_settings(const arena_store *st)
{
    return &st->settings;
}

int arena_store_count(const arena_store *st)
{
    return st->count;
}

int arena_store_has(const arena_store *st, int id)
{
    return id >= 0 && id < st->schedule_size && st->has[id];
}

/* Stores r with its blobs in one transaction, then its games.jsonl line. */
static int put_blobs(arena_store *st, const arena_game_record *r, const arena_blob *rec,
                     const arena_blob *ste, char *err, size_t errsz)
{
    arena_db_game row;
    char opening[REF_OPENING_TEXT_MAX];
    arena_store_row_of(r, &st->settings, rec, ste, &row, opening, sizeof opening);
    /* one transaction a game: all of it or nothing, whenever the process dies */
    int rc = arena_db_begin(st->db, err, errsz);
    if (rc == 0 && (rc = arena_db_insert_game(st->db, &row, err, errsz)) == 0)
        rc = arena_db_commit(st->db, err, errsz);
    else if (rc)
        arena_db_rollback(st->db);
    if (rc)
        return rc;
    st->has[r->id] = 1;
    st->count++;
    /* the export: not synced (the database is the truth; a line lost to a
     * kill is written again by the next opening) */
    size_t n;
    char *line = jsonl_line(r, &st->settings, &n);
    if (line && st->games_fd >= 0 && write_all(st->games_fd, line, n) != 0)
        warnf(st->warn, st->user, "cannot append to %s: %s (the game is stored; the file is "
              "rewritten on the next run)", st->games_path, strerror(errno));
    free(line);
    return 0;
}

static int storable(const arena_store *st, const arena_game_record *r, char *err, size_t errsz)
{
    if (!st->writable || r->id < 0 || r->id >= st->schedule_size || st->has[r->id])
        return util_fail(ARENA_E_INVAL, err, errsz, "game %d cannot be stored", r->id);
    return 0;
}

int arena_store_put(arena_store *st, const arena_game_record *r, const cJSON *record,
                    char *err, size_t errsz)
{
    int rc = storable(st, r, err, errsz);
    if (rc)
        return rc;
    arena_blob rec = {0}, ste = {0};
    if (record && (rc = arena_game_blob_encode(record, RECORD_ZLIB_LEVEL, &rec, &ste)))
        return util_fail(rc, err, errsz, rc == ARENA_E_NOMEM ? "out of memory"
                                                             : "game %d: not a game record",
                         r->id);
    rc = put_blobs(st, r, &rec, &ste, err, errsz);
    arena_game_blob_free(&rec);
    arena_game_blob_free(&ste);
    return rc;
}

static int valid_text(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return !s || util_utf8_check(s, n) == n;
}

/* g's plies as the blob keeps them, when every text is valid UTF-8 (the
 * record keeps such texts as they are). 1, or 0 when one is not (the
 * record cleans it: only ref_game_to_json says how). */
static int plies_of(const ref_game *g, arena_blob_ply *out, char (*moves)[LOA_MOVE_STRING_MAX])
{
    int n = ref_game_ply_count(g);
    for (int i = 0; i < n; i++) {
        const ref_ply *p = ref_game_ply(g, i);
        if (!valid_text(p->output) || !valid_text(p->comment) || !valid_text(p->stderr_tail))
            return 0;
        out[i].player = p->player;
        out[i].output = p->output;
        out[i].move = p->move == LOA_MOVE_NONE ? NULL : loa_move_format(p->move, moves[i]);
        out[i].comment = p->comment ? p->comment : "";
        out[i].random = p->random;
        out[i].late = p->late;
        out[i].time_us = p->time_us;
        out[i].cpu_us = p->cpu_us;
        out[i].stderr_text = p->stderr_tail ? p->stderr_tail : "";
    }
    return 1;
}

int arena_store_put_game(arena_store *st, const arena_game_record *r, const ref_game *g,
                         char *err, size_t errsz)
{
    int rc = storable(st, r, err, errsz);
    if (rc || !g)
        return rc ? rc : arena_store_put(st, r, NULL, err, errsz);
    int n = ref_game_ply_count(g);
    arena_blob_ply *plies = malloc(sizeof *plies * (size_t)(n ? n : 1));
    char(*moves)[LOA_MOVE_STRING_MAX] = malloc(sizeof *moves * (size_t)(n ? n : 1));
    cJSON *head = NULL;
    char *text = NULL;
    arena_blob rec = {0}, ste = {0};
    if (!plies || !moves) {
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    } else if (!plies_of(g, plies, moves)) {
        cJSON *record = ref_game_to_json(g); /* texts to clean: the slow way */
        rc = record ? arena_store_put(st, r, record, err, errsz)
                    : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        cJSON_Delete(record);
        goto done;
    } else if (!(head = ref_game_to_json_head(g)) || !(text = cJSON_PrintUnformatted(head))) {
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    } else if ((rc = arena_game_blob_encode_parts(text, plies, n, RECORD_ZLIB_LEVEL, &rec,
                                                  &ste))) {
        util_fail(rc, err, errsz, rc == ARENA_E_NOMEM ? "out of memory"
                                                      : "game %d: a move that is no move", r->id);
    }
    if (rc == 0)
        rc = put_blobs(st, r, &rec, &ste, err, errsz);
done:
    arena_game_blob_free(&rec);
    arena_game_blob_free(&ste);
    cJSON_free(text);
    cJSON_Delete(head);
    free(plies);
    free(moves);
    return rc;
}

typedef struct game_walk {
    const arena_store *st;
    arena_store_game_fn fn;
    void *user;
    int bad;
    char why[256];
} game_walk;

static int walk_one(const arena_db_game *g, void *user)
{
    game_walk *w = user;
    arena_game_record r;
    if (record_of_row(w->st, g, &r, w->why, sizeof w->why)) {
        w->bad = 1;
        return ARENA_E_PARSE;
    }
    return w->fn(&r, w->user);
}

int arena_store_foreach(const arena_store *st, arena_store_game_fn fn, void *user, char *err,
                        size_t errsz)
{
    game_walk w = {st, fn, user, 0, ""};
    int rc = arena_db_foreach(st->db, walk_one, &w, err, errsz);
    if (w.bad)
        util_fail(ARENA_E_PARSE, err, errsz, "%s: %s", arena_store_db_path(st), w.why);
    return rc;
}

int arena_store_record(const arena_store *st, int id, cJSON **out, char *err, size_t errsz)
{
    return arena_db_record(st->db, id, out, err, errsz);
}

const cJSON *arena_store_fingerprints(const arena_store *st)
{
    return st->fingerprints;
}

const char *arena_store_db_path(const arena_store *st)
{
    return arena_db_path(st->db);
}

struct arena_db *arena_store_db(const arena_store *st)
{
    return st->db;
}

const char *arena_store_standings_path(const arena_store *st)
{
    return st->standings_path;
}

int arena_store_write_standings(arena_store *st, const cJSON *standings, char *err,
                                size_t errsz)
{
    if (!st || !standings || !st->writable)
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    int rc = arena_store_write_json(st->standings_path, standings, 0);
    if (rc == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (rc)
        return util_fail(rc, err, errsz, "cannot write %s: %s", st->standings_path,
                         strerror(errno));
    return 0;
}
