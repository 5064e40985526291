/* db.c - the league database on SQLite: opening, schema and migrations,
 * meta (leaguedb/leaguedb.h); its statements and transactions are
 * db_sql.c's. */
#include "leaguedb/leaguedb.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db_impl.h"
#include "leaguedb/error.h"
#include "leaguedb/game_blob.h"
#include "util/text.h"

/* Version 1. Times are integer microseconds (a games.jsonl line's
 * milliseconds have 3 decimals: exact). Text reasons and a view with bot
 * names, so that `sqlite3 DIR/league.db` answers questions in plain SQL.
 * The records (about 1 KB a game) live in a table of their own: the
 * standings, a resume and every query on results walk the games table
 * alone, a quarter of the bytes (a 10^5-game league: 25 MB, not 100). */
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
    " detail TEXT NOT NULL);"
    "CREATE TABLE records (id INTEGER PRIMARY KEY REFERENCES games (id), record BLOB,"
    " stderr BLOB);"
    /* the index page's faulted games, found without a scan */
    "CREATE INDEX games_faults ON games (seq) WHERE fault IS NOT NULL;"
    "CREATE TABLE run (id INTEGER PRIMARY KEY CHECK (id = 1), pid INTEGER NOT NULL,"
    " start_ticks INTEGER NOT NULL, token INTEGER NOT NULL, started_unix INTEGER NOT NULL);"
    "CREATE VIEW game_results AS SELECT g.id AS id, g.round AS round, b.name AS black,"
    " w.name AS white, CASE g.winner WHEN 0 THEN b.name WHEN 1 THEN w.name END AS winner,"
    " g.reason AS reason, CASE g.fault WHEN 0 THEN b.name WHEN 1 THEN w.name END AS fault,"
    " g.plies AS plies, g.opening AS opening, g.seed AS seed, g.start_unix AS start_unix,"
    " g.duration_us AS duration_us, g.black_max_us AS black_max_us,"
    " g.white_max_us AS white_max_us, g.detail AS detail"
    " FROM games g JOIN bots b ON b.idx = g.black JOIN bots w ON w.idx = g.white;";

/* Version 2: the changes other processes ask of the league (bots added,
 * replaced, retired: store/store.h, arena_store_request), each applied by
 * the arena holding the run lock and then deleted, in one transaction. */
static const char schema_v2[] =
    "CREATE TABLE changes (seq INTEGER PRIMARY KEY, op TEXT NOT NULL"
    " CHECK (op IN ('add', 'replace', 'retire')), name TEXT NOT NULL, bot TEXT,"
    " made_unix INTEGER NOT NULL);";

/* Version 3: the metrics bots report (leaguedb/metrics.h): one row a
 * metric a side a game, its per-turn values packed in a blob (a row a
 * value would take ten times the bytes: 600 values a game), names once in
 * their own table. */
static const char schema_v3[] =
    "CREATE TABLE metric_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"
    "CREATE TABLE metrics (game INTEGER NOT NULL, side INTEGER NOT NULL"
    " CHECK (side BETWEEN 0 AND 2), name INTEGER NOT NULL REFERENCES metric_names (id),"
    " value, turns BLOB, PRIMARY KEY (game, side, name)) WITHOUT ROWID;"
    "CREATE TABLE metric_drops (game INTEGER NOT NULL, side INTEGER NOT NULL,"
    " lines INTEGER NOT NULL, PRIMARY KEY (game, side)) WITHOUT ROWID;"
    "CREATE VIEW metric_game_values AS SELECT m.game AS game,"
    " CASE m.side WHEN 0 THEN b.name WHEN 1 THEN w.name END AS bot, m.side AS side,"
    " n.name AS name, m.value AS value FROM metrics m JOIN metric_names n ON n.id = m.name"
    " JOIN games g ON g.id = m.game JOIN bots b ON b.idx = g.black"
    " JOIN bots w ON w.idx = g.white WHERE m.value IS NOT NULL;";

int leaguedb_exists(const char *dir)
{
    char *p = util_path_join(dir, LEAGUEDB_FILE);
    int yes = p && access(p, F_OK) == 0;
    free(p);
    return yes;
}

/* The schema's version (PRAGMA user_version), -1 when it cannot be read. */
static int user_version(leaguedb *db)
{
    sqlite3_stmt *s = NULL;
    int v = -1;
    if (sqlite3_prepare_v2(db->h, "PRAGMA user_version", -1, &s, NULL) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW)
        v = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    return v;
}

/* Brings the schema from version v to LEAGUEDB_VERSION, one version at a
 * time (a version is never skipped, never re-numbered), in the caller's
 * transaction. */
static int migrate(leaguedb *db, int v, char *err, size_t errsz)
{
    int rc = 0;
    if (v == 0 && (rc = leaguedb_exec(db, schema_v1, err, errsz)) == 0)
        v = 1;
    if (v == 1 && rc == 0 && (rc = leaguedb_exec(db, schema_v2, err, errsz)) == 0)
        v = 2;
    if (v == 2 && rc == 0 && (rc = leaguedb_exec(db, schema_v3, err, errsz)) == 0)
        v = 3;
    if (rc == 0) {
        char sql[48];
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d", v);
        rc = leaguedb_exec(db, sql, err, errsz);
    }
    return rc;
}

/* Creates the schema of an empty database, or migrates an older one. A
 * reader takes an older schema as it is (it reads no table it lacks). */
static int schema(leaguedb *db, int writable, char *err, size_t errsz)
{
    int v = user_version(db);
    if (v < 0 && leaguedb_code(sqlite3_errcode(db->h), 0) == LEAGUEDB_E_BUSY)
        return util_fail(LEAGUEDB_E_BUSY, err, errsz,
                         "%s: locked by another process (waited %d ms): %s", db->path,
                         LEAGUEDB_BUSY_MS, sqlite3_errmsg(db->h));
    if (v < 0)
        return leaguedb_fail(db, LEAGUEDB_E_PARSE, err, errsz, "not a league database");
    if (v > LEAGUEDB_VERSION)
        return util_fail(LEAGUEDB_E_PARSE, err, errsz,
                         "%s: schema version %d, newer than this loa-arena's (%d): use a newer "
                         "loa-arena",
                         db->path, v, LEAGUEDB_VERSION);
    db->version = v;
    if (v == LEAGUEDB_VERSION || (!writable && v >= 1))
        return 0;
    if (!writable)
        return util_fail(LEAGUEDB_E_PARSE, err, errsz, "%s: not a league database (no schema)",
                         db->path);
    int rc = leaguedb_begin(db, err, errsz);
    if (rc)
        return rc;
    /* re-read under the lock: another process may have made it */
    v = user_version(db);
    if (v < LEAGUEDB_VERSION && (rc = migrate(db, v, err, errsz))) {
        leaguedb_rollback(db);
        return rc;
    }
    db->version = LEAGUEDB_VERSION;
    return leaguedb_commit(db, err, errsz);
}

int leaguedb_open(const char *dir, int mode, leaguedb **out, char *err, size_t errsz)
{
    *out = NULL;
    leaguedb *db = calloc(1, sizeof *db);
    if (!db || !(db->path = util_path_join(dir, LEAGUEDB_FILE))) {
        free(db);
        return util_fail(LEAGUEDB_E_NOMEM, err, errsz, "out of memory");
    }
    int writable = mode == LEAGUEDB_WRITE;
    int flags = (writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY) |
                SQLITE_OPEN_NOMUTEX;
    int rc = 0;
    if (!writable && access(db->path, F_OK) != 0)
        rc = util_fail(LEAGUEDB_E_IO, err, errsz, "%s: %s", db->path, strerror(errno));
    else if (sqlite3_open_v2(db->path, &db->h, flags, NULL) != SQLITE_OK)
        rc = leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot open");
    if (rc == 0) {
        sqlite3_busy_timeout(db->h, LEAGUEDB_BUSY_MS);
        sqlite3_extended_result_codes(db->h, 0);
        /* WAL: readers never wait for the arena's writes, and a commit is
         * one append to the WAL. synchronous=NORMAL: no fsync a game (the
         * checkpoint syncs); FULL would sync every commit, 1.75 ms on the
         * development machine's disk against a 4 ms game of fast bots.
         * 4 KB pages, SQLite's default and the OS page: a game's records
         * row (about 1 KB) fits one, and its summary row is ~200 bytes. */
        if (writable)
            rc = leaguedb_exec(db,
                               "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL;"
                               "PRAGMA synchronous = NORMAL;",
                               err, errsz);
    }
    if (rc == 0)
        rc = schema(db, writable, err, errsz);
    db->writable = writable;
    if (rc) {
        leaguedb_close(db);
        return rc;
    }
    *out = db;
    return 0;
}

void leaguedb_close(leaguedb *db)
{
    if (!db)
        return;
    if (db->locked)
        leaguedb_unlock(db);
    sqlite3_finalize(db->insert);
    sqlite3_finalize(db->insert_record);
    sqlite3_finalize(db->insert_metric);
    for (int k = 0; k < db->names_n; k++)
        free(db->names[k].name);
    sqlite3_close(db->h);
    free(db->path);
    free(db);
}

int leaguedb_meta_get(leaguedb *db, const char *key, char **value, char *err, size_t errsz)
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
            out = util_fail(LEAGUEDB_E_NOMEM, err, errsz, "out of memory");
    } else if (rc != SQLITE_DONE) {
        out = leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    }
    sqlite3_finalize(s);
    return out;
}

int leaguedb_meta_set(leaguedb *db, const char *key, const char *value, char *err, size_t errsz)
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
    return rc == SQLITE_DONE
               ? 0
               : leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot write");
}

int leaguedb_set_bots(leaguedb *db, const char *const *names, int n, char *err, size_t errsz)
{
    int rc = leaguedb_exec(db, "DELETE FROM bots", err, errsz);
    if (rc)
        return rc;
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(db->h, "INSERT INTO bots VALUES (?1, ?2)", -1, &s, NULL) != SQLITE_OK)
        return leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot prepare");
    for (int i = 0; i < n && !rc; i++) {
        sqlite3_bind_int(s, 1, i);
        sqlite3_bind_text(s, 2, names[i], -1, SQLITE_STATIC);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot write");
        sqlite3_reset(s);
    }
    sqlite3_finalize(s);
    return rc;
}

int leaguedb_copy_to(leaguedb *db, const char *path, char *err, size_t errsz)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h, "VACUUM INTO ?1", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, path, -1, SQLITE_STATIC);
        rc = sqlite3_step(s);
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0
                             : leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz,
                                             "cannot copy the league");
}

int leaguedb_clear(leaguedb *db, char *err, size_t errsz)
{
    int rc = leaguedb_begin(db, err, errsz);
    if (rc)
        return rc;
    if ((rc = leaguedb_exec(db,
                            "DELETE FROM records; DELETE FROM games; DELETE FROM meta; "
                            "DELETE FROM bots; DELETE FROM changes; DELETE FROM metrics;"
                            " DELETE FROM metric_drops; DELETE FROM metric_names;",
                            err, errsz))) {
        leaguedb_rollback(db);
        return rc;
    }
    for (int k = 0; k < db->names_n; k++)
        free(db->names[k].name);
    db->names_n = 0; /* the ids are gone with the names */
    return leaguedb_commit(db, err, errsz);
}

const char *leaguedb_path(const leaguedb *db)
{
    return db->path;
}

struct sqlite3 *leaguedb_sqlite(leaguedb *db)
{
    return db->h;
}
