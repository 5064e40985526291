/* arena_db.c - the league database on SQLite (arena_db.h). */
#include "arena_db.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <stdint.h>
#include <unistd.h>

#include <sqlite3.h>

#include "arena_error.h"
#include "arena_game_blob.h"
#include "util/text.h"

struct arena_db {
    sqlite3 *h;
    char *path;
    sqlite3_stmt *insert;  /* prepared once: a game a transaction */
    int locked;            /* this connection holds the run row */
    int64_t token;         /* the run row's token of this connection: one store of
                              a process is not another's (two opens in one process
                              are two arenas) */
};

/* Version 1. Times are integer microseconds (a games.jsonl line's
 * milliseconds have 3 decimals: exact). Text reasons and a view with bot
 * names, so that `sqlite3 DIR/league.db` answers questions in plain SQL. */
static const char schema_v1[] =
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE bots (idx INTEGER PRIMARY KEY, name TEXT NOT NULL);"
    "CREATE TABLE games ("
    " seq INTEGER PRIMARY KEY, id INTEGER NOT NULL UNIQUE,"
    " round INTEGER NOT NULL, pairing INTEGER NOT NULL,"
    " black INTEGER NOT NULL, white INTEGER NOT NULL, seed INTEGER NOT NULL, opening TEXT,"
    " winner INTEGER, reason TEXT NOT NULL, fault INTEGER,"
    " score_black INTEGER NOT NULL, score_white INTEGER NOT NULL, plies INTEGER NOT NULL,"
    " start_unix INTEGER NOT NULL, duration_us INTEGER NOT NULL,"
    " black_first_us INTEGER, black_turns INTEGER NOT NULL, black_total_us INTEGER NOT NULL,"
    " black_max_us INTEGER NOT NULL, black_late INTEGER NOT NULL,"
    " black_cpu_total_us INTEGER, black_cpu_max_us INTEGER,"
    " white_first_us INTEGER, white_turns INTEGER NOT NULL, white_total_us INTEGER NOT NULL,"
    " white_max_us INTEGER NOT NULL, white_late INTEGER NOT NULL,"
    " white_cpu_total_us INTEGER, white_cpu_max_us INTEGER,"
    " under_load INTEGER, pressure REAL, pressure_source TEXT, moves_hash INTEGER,"
    " detail TEXT NOT NULL, record BLOB, stderr BLOB);"
    "CREATE TABLE run (id INTEGER PRIMARY KEY CHECK (id = 1), pid INTEGER NOT NULL,"
    " start_ticks INTEGER NOT NULL, token INTEGER NOT NULL, started_unix INTEGER NOT NULL);"
    "CREATE VIEW game_results AS SELECT g.id AS id, g.round AS round, b.name AS black,"
    " w.name AS white, CASE g.winner WHEN 0 THEN b.name WHEN 1 THEN w.name END AS winner,"
    " g.reason AS reason, CASE g.fault WHEN 0 THEN b.name WHEN 1 THEN w.name END AS fault,"
    " g.plies AS plies, g.opening AS opening, g.seed AS seed, g.start_unix AS start_unix,"
    " g.duration_us AS duration_us, g.black_max_us AS black_max_us,"
    " g.white_max_us AS white_max_us, g.detail AS detail"
    " FROM games g JOIN bots b ON b.idx = g.black JOIN bots w ON w.idx = g.white;";

static const char insert_sql[] =
    "INSERT INTO games (id, round, pairing, black, white, seed, opening, winner, reason, fault,"
    " score_black, score_white, plies, start_unix, duration_us,"
    " black_first_us, black_turns, black_total_us, black_max_us, black_late,"
    " black_cpu_total_us, black_cpu_max_us,"
    " white_first_us, white_turns, white_total_us, white_max_us, white_late,"
    " white_cpu_total_us, white_cpu_max_us,"
    " under_load, pressure, pressure_source, moves_hash, detail, record, stderr)"
    " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,"
    "?23,?24,?25,?26,?27,?28,?29,?30,?31,?32,?33,?34,?35,?36)";

/* The columns a walk reads, in the order of arena_db_game (no blobs). */
static const char select_sql[] =
    "SELECT id, round, pairing, black, white, seed, opening, winner, reason, fault,"
    " score_black, score_white, plies, start_unix, duration_us,"
    " black_first_us, black_turns, black_total_us, black_max_us, black_late,"
    " black_cpu_total_us, black_cpu_max_us,"
    " white_first_us, white_turns, white_total_us, white_max_us, white_late,"
    " white_cpu_total_us, white_cpu_max_us,"
    " under_load, pressure, pressure_source, moves_hash, detail, record, stderr FROM games"
    " ORDER BY seq";

static int fail_sql(arena_db *db, int code, char *err, size_t errsz, const char *what)
{
    return util_fail(code, err, errsz, "%s: %s: %s", db->path, what, sqlite3_errmsg(db->h));
}

/* The ARENA_E_* code of an SQLite failure: busy, not a database (a file
 * of another kind named league.db), or other for the rest. */
static int busy_or(int rc, int other)
{
    return rc == SQLITE_BUSY || rc == SQLITE_LOCKED ? ARENA_E_BUSY
           : rc == SQLITE_NOTADB                     ? ARENA_E_PARSE
                                                     : other;
}

int arena_db_exists(const char *dir)
{
    char *p = util_path_join(dir, ARENA_DB_FILE);
    int yes = p && access(p, F_OK) == 0;
    free(p);
    return yes;
}

static int exec(arena_db *db, const char *sql, char *err, size_t errsz)
{
    int rc = sqlite3_exec(db->h, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? 0 : fail_sql(db, busy_or(rc, ARENA_E_IO), err, errsz, "cannot write");
}

/* Creates the schema of an empty database, or migrates an older one.
 * Migrations go here, one version at a time: `if (v == 1) { ALTER ...;
 * v = 2; }` (a version is never skipped, never re-numbered). */
static int schema(arena_db *db, int writable, char *err, size_t errsz)
{
    sqlite3_stmt *s = NULL;
    int v = -1;
    if (sqlite3_prepare_v2(db->h, "PRAGMA user_version", -1, &s, NULL) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW)
        v = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    if (v < 0)
        return fail_sql(db, ARENA_E_PARSE, err, errsz, "not a league database");
    if (v > ARENA_DB_VERSION)
        return util_fail(ARENA_E_PARSE, err, errsz,
                         "%s: schema version %d, newer than this loa-arena's (%d): use a newer "
                         "loa-arena", db->path, v, ARENA_DB_VERSION);
    if (v == ARENA_DB_VERSION)
        return 0;
    if (!writable)
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: not a league database (no schema)",
                         db->path);
    int rc = arena_db_begin(db, err, errsz);
    if (rc)
        return rc;
    /* re-read under the lock: another process may have created it */
    if (sqlite3_prepare_v2(db->h, "PRAGMA user_version", -1, &s, NULL) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW)
        v = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    if (v == 0 && (rc = exec(db, schema_v1, err, errsz)) == 0)
        rc = exec(db, "PRAGMA user_version = 1", err, errsz);
    if (rc) {
        arena_db_rollback(db);
        return rc;
    }
    return arena_db_commit(db, err, errsz);
}

int arena_db_open(const char *dir, int mode, arena_db **out, char *err, size_t errsz)
{
    *out = NULL;
    arena_db *db = calloc(1, sizeof *db);
    if (!db || !(db->path = util_path_join(dir, ARENA_DB_FILE))) {
        free(db);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    int writable = mode == ARENA_DB_WRITE;
    int flags = (writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY) |
                SQLITE_OPEN_NOMUTEX;
    int rc = 0;
    if (!writable && access(db->path, F_OK) != 0)
        rc = util_fail(ARENA_E_IO, err, errsz, "%s: %s", db->path, strerror(errno));
    else if (sqlite3_open_v2(db->path, &db->h, flags, NULL) != SQLITE_OK)
        rc = fail_sql(db, ARENA_E_IO, err, errsz, "cannot open");
    if (rc == 0) {
        sqlite3_busy_timeout(db->h, ARENA_DB_BUSY_MS);
        sqlite3_extended_result_codes(db->h, 0);
        /* WAL: readers never wait for the arena's writes, and a commit is
         * one append to the WAL (synchronous=NORMAL: no fsync a game; the
         * checkpoint syncs). 4 KB pages: a game row with its blobs (about
         * 1 KB) fits one. */
        if (writable)
            rc = exec(db, "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL;"
                          "PRAGMA synchronous = NORMAL;", err, errsz);
    }
    if (rc == 0)
        rc = schema(db, writable, err, errsz);
    if (rc == 0 && writable &&
        sqlite3_prepare_v2(db->h, insert_sql, -1, &db->insert, NULL) != SQLITE_OK)
        rc = fail_sql(db, ARENA_E_IO, err, errsz, "cannot prepare");
    if (rc) {
        arena_db_close(db);
        return rc;
    }
    *out = db;
    return 0;
}

void arena_db_close(arena_db *db)
{
    if (!db)
        return;
    if (db->locked)
        arena_db_unlock(db);
    sqlite3_finalize(db->insert);
    sqlite3_close(db->h);
    free(db->path);
    free(db);
}

int arena_db_begin(arena_db *db, char *err, size_t errsz)
{
    return exec(db, "BEGIN IMMEDIATE", err, errsz);
}

int arena_db_commit(arena_db *db, char *err, size_t errsz)
{
    int rc = exec(db, "COMMIT", err, errsz);
    if (rc)
        arena_db_rollback(db);
    return rc;
}

void arena_db_rollback(arena_db *db)
{
    if (!sqlite3_get_autocommit(db->h))
        sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
}

int arena_db_meta_get(arena_db *db, const char *key, char **value, char *err, size_t errsz)
{
    *value = NULL;
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h, "SELECT value FROM meta WHERE key = ?1", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
        rc = sqlite3_step(s);
    }
    int out = 0;
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(s, 0);
        if (t && !(*value = strdup((const char *)t)))
            out = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    } else if (rc != SQLITE_DONE) {
        out = fail_sql(db, busy_or(rc, ARENA_E_IO), err, errsz, "cannot read");
    }
    sqlite3_finalize(s);
    return out;
}

int arena_db_meta_set(arena_db *db, const char *key, const char *value, char *err,
                      size_t errsz)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h, "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
                                -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 2, value, -1, SQLITE_STATIC);
        rc = sqlite3_step(s);
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : fail_sql(db, busy_or(rc, ARENA_E_IO), err, errsz, "cannot write");
}

int arena_db_set_bots(arena_db *db, const char *const *names, int n, char *err, size_t errsz)
{
    int rc = exec(db, "DELETE FROM bots", err, errsz);
    if (rc)
        return rc;
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(db->h, "INSERT INTO bots VALUES (?1, ?2)", -1, &s, NULL) != SQLITE_OK)
        return fail_sql(db, ARENA_E_IO, err, errsz, "cannot prepare");
    for (int i = 0; i < n && !rc; i++) {
        sqlite3_bind_int(s, 1, i);
        sqlite3_bind_text(s, 2, names[i], -1, SQLITE_STATIC);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_sql(db, ARENA_E_IO, err, errsz, "cannot write");
        sqlite3_reset(s);
    }
    sqlite3_finalize(s);
    return rc;
}

static void bind_opt(sqlite3_stmt *s, int col, int64_t v)
{
    if (v < 0)
        sqlite3_bind_null(s, col);
    else
        sqlite3_bind_int64(s, col, v);
}

static void bind_side(sqlite3_stmt *s, int col, const arena_db_side *t)
{
    bind_opt(s, col, t->first_us);
    sqlite3_bind_int64(s, col + 1, t->turns);
    sqlite3_bind_int64(s, col + 2, t->total_us);
    sqlite3_bind_int64(s, col + 3, t->max_us);
    sqlite3_bind_int64(s, col + 4, t->late);
    bind_opt(s, col + 5, t->cpu_total_us);
    bind_opt(s, col + 6, t->cpu_max_us);
}

/* Binds g to ?1..?36 of s (the insert's columns, in order). */
static void bind_game(sqlite3_stmt *s, const arena_db_game *g)
{
    int64_t head[] = {g->id, g->round, g->pairing, g->black, g->white, g->seed};
    for (int i = 0; i < 6; i++)
        sqlite3_bind_int64(s, i + 1, head[i]);
    if (g->opening && g->opening[0])
        sqlite3_bind_text(s, 7, g->opening, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(s, 7);
    bind_opt(s, 8, g->winner);
    sqlite3_bind_text(s, 9, g->reason, -1, SQLITE_STATIC);
    bind_opt(s, 10, g->fault);
    sqlite3_bind_int64(s, 11, g->score[0]);
    sqlite3_bind_int64(s, 12, g->score[1]);
    sqlite3_bind_int64(s, 13, g->plies);
    sqlite3_bind_int64(s, 14, g->start_unix);
    sqlite3_bind_int64(s, 15, g->duration_us);
    bind_side(s, 16, &g->side[0]);
    bind_side(s, 23, &g->side[1]);
    bind_opt(s, 30, g->under_load);
    if (g->under_load < 0)
        sqlite3_bind_null(s, 31);
    else
        sqlite3_bind_double(s, 31, g->pressure);
    if (g->pressure_source)
        sqlite3_bind_text(s, 32, g->pressure_source, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(s, 32);
    if (g->moves_hash)
        sqlite3_bind_int64(s, 33, (int64_t)g->moves_hash);
    else
        sqlite3_bind_null(s, 33);
    sqlite3_bind_text(s, 34, g->detail ? g->detail : "", -1, SQLITE_STATIC);
    if (g->record)
        sqlite3_bind_blob(s, 35, g->record, (int)g->record_size, SQLITE_STATIC);
    else
        sqlite3_bind_null(s, 35);
    if (g->stderr_blob)
        sqlite3_bind_blob(s, 36, g->stderr_blob, (int)g->stderr_size, SQLITE_STATIC);
    else
        sqlite3_bind_null(s, 36);
}

int arena_db_insert_game(arena_db *db, const arena_db_game *g, char *err, size_t errsz)
{
    sqlite3_stmt *s = db->insert;
    if (!s)
        return util_fail(ARENA_E_INVAL, err, errsz, "%s: opened read-only", db->path);
    bind_game(s, g);
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    if (rc == SQLITE_CONSTRAINT)
        return util_fail(ARENA_E_INVAL, err, errsz, "%s: game %lld is stored already", db->path,
                         (long long)g->id);
    return rc == SQLITE_DONE ? 0 : fail_sql(db, busy_or(rc, ARENA_E_IO), err, errsz,
                                            "cannot store a game");
}

int64_t arena_db_count(arena_db *db)
{
    sqlite3_stmt *s = NULL;
    int64_t n = ARENA_E_IO;
    if (sqlite3_prepare_v2(db->h, "SELECT count(*) FROM games", -1, &s, NULL) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW)
        n = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    return n;
}

static int64_t col_opt(sqlite3_stmt *s, int col)
{
    return sqlite3_column_type(s, col) == SQLITE_NULL ? -1 : sqlite3_column_int64(s, col);
}

static void read_side(sqlite3_stmt *s, int col, arena_db_side *t)
{
    t->first_us = col_opt(s, col);
    t->turns = sqlite3_column_int64(s, col + 1);
    t->total_us = sqlite3_column_int64(s, col + 2);
    t->max_us = sqlite3_column_int64(s, col + 3);
    t->late = sqlite3_column_int64(s, col + 4);
    t->cpu_total_us = col_opt(s, col + 5);
    t->cpu_max_us = col_opt(s, col + 6);
}

static int walk(arena_db *db, int blobs, arena_db_game_fn fn, void *user, char *err,
                size_t errsz)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(db->h, select_sql, -1, &s, NULL) != SQLITE_OK)
        return fail_sql(db, ARENA_E_IO, err, errsz, "cannot read");
    int rc, out = 0;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        arena_db_game g;
        memset(&g, 0, sizeof g);
        int64_t *head[] = {&g.id, &g.round, &g.pairing, &g.black, &g.white, &g.seed};
        for (int i = 0; i < 6; i++)
            *head[i] = sqlite3_column_int64(s, i);
        g.opening = (const char *)sqlite3_column_text(s, 6);
        g.winner = col_opt(s, 7);
        g.reason = (const char *)sqlite3_column_text(s, 8);
        g.fault = col_opt(s, 9);
        g.score[0] = sqlite3_column_int64(s, 10);
        g.score[1] = sqlite3_column_int64(s, 11);
        g.plies = sqlite3_column_int64(s, 12);
        g.start_unix = sqlite3_column_int64(s, 13);
        g.duration_us = sqlite3_column_int64(s, 14);
        read_side(s, 15, &g.side[0]);
        read_side(s, 22, &g.side[1]);
        g.under_load = col_opt(s, 29);
        g.pressure = sqlite3_column_double(s, 30);
        g.pressure_source = (const char *)sqlite3_column_text(s, 31);
        g.moves_hash = (uint64_t)sqlite3_column_int64(s, 32);
        g.detail = (const char *)sqlite3_column_text(s, 33);
        if (!g.reason)
            g.reason = "";
        if (blobs) {
            g.record = sqlite3_column_blob(s, 34);
            g.record_size = (size_t)sqlite3_column_bytes(s, 34);
            g.stderr_blob = sqlite3_column_blob(s, 35);
            g.stderr_size = (size_t)sqlite3_column_bytes(s, 35);
        }
        if ((out = fn(&g, user)) != 0)
            break;
    }
    if (!out && rc != SQLITE_DONE)
        out = fail_sql(db, busy_or(rc, ARENA_E_IO), err, errsz, "cannot read");
    sqlite3_finalize(s);
    return out;
}

int arena_db_foreach(arena_db *db, arena_db_game_fn fn, void *user, char *err, size_t errsz)
{
    return walk(db, 0, fn, user, err, errsz);
}

int arena_db_foreach_full(arena_db *db, arena_db_game_fn fn, void *user, char *err,
                          size_t errsz)
{
    return walk(db, 1, fn, user, err, errsz);
}

int arena_db_compare_game(arena_db *db, const arena_db_game *g, char *err, size_t errsz)
{
    /* every column but seq, NULL-safe (IS): the insert's own binding */
    static const char sql[] =
        "SELECT (id, round, pairing, black, white, seed, opening, winner, reason, fault,"
        " score_black, score_white, plies, start_unix, duration_us,"
        " black_first_us, black_turns, black_total_us, black_max_us, black_late,"
        " black_cpu_total_us, black_cpu_max_us,"
        " white_first_us, white_turns, white_total_us, white_max_us, white_late,"
        " white_cpu_total_us, white_cpu_max_us,"
        " under_load, pressure, pressure_source, moves_hash, detail, record, stderr) IS"
        " (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,"
        "?23,?24,?25,?26,?27,?28,?29,?30,?31,?32,?33,?34,?35,?36) FROM games WHERE id = ?1";
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
        return fail_sql(db, ARENA_E_IO, err, errsz, "cannot read");
    bind_game(s, g);
    int rc = sqlite3_step(s), out;
    if (rc == SQLITE_ROW)
        out = sqlite3_column_int(s, 0) ? 1 : 0;
    else if (rc == SQLITE_DONE)
        out = -1;
    else
        out = fail_sql(db, busy_or(rc, ARENA_E_IO), err, errsz, "cannot read");
    sqlite3_finalize(s);
    return out;
}

int arena_db_record(arena_db *db, int64_t id, cJSON **out, char *err, size_t errsz)
{
    *out = NULL;
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h, "SELECT record, stderr FROM games WHERE id = ?1", -1, &s,
                                NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(s, 1, id);
        rc = sqlite3_step(s);
    }
    int res;
    if (rc == SQLITE_ROW) {
        const void *r = sqlite3_column_blob(s, 0);
        size_t rn = (size_t)sqlite3_column_bytes(s, 0);
        const void *e = sqlite3_column_blob(s, 1);
        size_t en = (size_t)sqlite3_column_bytes(s, 1);
        res = !r ? util_fail(ARENA_E_PARSE, err, errsz, "%s: game %lld has no record", db->path,
                             (long long)id)
                 : arena_game_blob_decode(r, rn, e, en, out);
        if (res == ARENA_E_PARSE && r)
            util_fail(res, err, errsz, "%s: game %lld: its record is corrupt", db->path,
                      (long long)id);
        else if (res == ARENA_E_NOMEM)
            util_fail(res, err, errsz, "out of memory");
    } else if (rc == SQLITE_DONE) {
        res = util_fail(ARENA_E_INVAL, err, errsz, "%s: no game %lld", db->path, (long long)id);
    } else {
        res = fail_sql(db, busy_or(rc, ARENA_E_IO), err, errsz, "cannot read");
    }
    sqlite3_finalize(s);
    return res;
}

/* The start time of process pid in clock ticks after boot (field 22 of
 * /proc/PID/stat), -1 when there is no such process. A pid and this time
 * name one process: pids are reused, start times are not. */
static long long start_ticks(long pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')'); /* the name may hold spaces and ')' */
    long long ticks = -1;
    for (int field = 2; p && *p && field < 22; field++)
        p = strchr(p + 1, ' ');
    if (p)
        ticks = strtoll(p + 1, NULL, 10);
    return ticks;
}

int arena_db_lock(arena_db *db, char *err, size_t errsz)
{
    int rc = arena_db_begin(db, err, errsz);
    if (rc)
        return rc;
    sqlite3_stmt *s = NULL;
    long pid = -1;
    long long ticks = -1;
    int64_t token = 0;
    if (sqlite3_prepare_v2(db->h, "SELECT pid, start_ticks, token FROM run WHERE id = 1", -1,
                           &s, NULL) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW) {
        pid = (long)sqlite3_column_int64(s, 0);
        ticks = sqlite3_column_int64(s, 1);
        token = sqlite3_column_int64(s, 2);
    }
    sqlite3_finalize(s);
    if (pid > 0 && !(db->locked && token == db->token) && start_ticks(pid) == ticks) {
        arena_db_rollback(db);
        return util_fail(ARENA_E_BUSY, err, errsz,
                         "is in use by another loa-arena (pid %ld: wait for it to end, or use "
                         "another --out)", pid);
    }
    if (!db->token) {
        /* unique enough among the opens of one process: the connection's
         * address and the clock */
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        db->token = (int64_t)(((uint64_t)(uintptr_t)db << 20) ^ (uint64_t)ts.tv_nsec ^
                              ((uint64_t)ts.tv_sec << 32)) | 1;
    }
    char sql[200];
    snprintf(sql, sizeof sql,
             "INSERT OR REPLACE INTO run (id, pid, start_ticks, token, started_unix) VALUES "
             "(1, %ld, %lld, %lld, %lld)", (long)getpid(), start_ticks((long)getpid()),
             (long long)db->token, (long long)time(NULL));
    if ((rc = exec(db, sql, err, errsz)) == 0 && (rc = arena_db_commit(db, err, errsz)) == 0)
        db->locked = 1;
    else
        arena_db_rollback(db);
    return rc;
}

void arena_db_unlock(arena_db *db)
{
    char sql[80];
    snprintf(sql, sizeof sql, "DELETE FROM run WHERE token = %lld", (long long)db->token);
    sqlite3_exec(db->h, sql, NULL, NULL, NULL);
    db->locked = 0;
}

/* The first column of the first row of sql (one ?1 bound to v), as an
 * integer; -1 when there is no row or on failure. */
static int64_t scalar(arena_db *db, const char *sql, int64_t v)
{
    sqlite3_stmt *s = NULL;
    int64_t out = -1;
    if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(s, 1, v);
        if (sqlite3_step(s) == SQLITE_ROW)
            out = sqlite3_column_int64(s, 0);
    }
    sqlite3_finalize(s);
    return out;
}

int arena_db_bot_has_games(arena_db *db, int idx)
{
    int64_t n = scalar(db, "SELECT count(*) FROM (SELECT 1 FROM games WHERE black = ?1 OR "
                           "white = ?1 LIMIT 1)", idx);
    return n < 0 ? -1 : n > 0;
}

int arena_db_has_league(arena_db *db)
{
    return scalar(db, "SELECT count(*) FROM meta WHERE key = 'league' AND ?1 = ?1", 0) > 0;
}

int arena_db_copy_to(arena_db *db, const char *path, char *err, size_t errsz)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h, "VACUUM INTO ?1", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, path, -1, SQLITE_STATIC);
        rc = sqlite3_step(s);
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : fail_sql(db, busy_or(rc, ARENA_E_IO), err, errsz,
                                            "cannot copy the league");
}

int arena_db_clear(arena_db *db, char *err, size_t errsz)
{
    int rc = arena_db_begin(db, err, errsz);
    if (rc)
        return rc;
    if ((rc = exec(db, "DELETE FROM games; DELETE FROM meta; DELETE FROM bots;", err, errsz))) {
        arena_db_rollback(db);
        return rc;
    }
    return arena_db_commit(db, err, errsz);
}

const char *arena_db_path(const arena_db *db)
{
    return db->path;
}

struct sqlite3 *arena_db_sqlite(arena_db *db)
{
    return db->h;
}
