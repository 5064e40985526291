/* db_changes.c - the changes other processes ask of a league (the changes
 * table of schema version 2), and a bot's games archived and deleted
 * (leaguedb/leaguedb.h). */
#include "leaguedb/leaguedb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "leaguedb/error.h"
#include "db_impl.h"
#include "util/file.h"
#include "util/text.h"

/* The meta key of the last change's seq ever queued. A seq is never used
 * twice: an archive in the making is named after its change's seq, and
 * the next opening removes it while a change of that seq waits
 * (store_changes.c); with SQLite's own rowids, a change queued after the
 * table emptied took seq 1 again, and a committed replace's archive, its
 * rename cut short by a kill, was removed as if its change still waited
 * (arena_crash's a_replace_killed_at_any_moment_archives_once, now and then). */
#define LAST_SEQ_KEY "changes_last_seq"

int leaguedb_change_add(leaguedb *db, const char *op, const char *name, const char *bot,
                        char *err, size_t errsz)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h,
                                "INSERT INTO changes (seq, op, name, bot, made_unix) VALUES "
                                "(max(coalesce((SELECT max(seq) FROM changes), 0), "
                                "coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = '"
                                LAST_SEQ_KEY "'), 0)) + 1, ?1, ?2, ?3, ?4)", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, op, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 2, name, -1, SQLITE_STATIC);
        if (bot)
            sqlite3_bind_text(s, 3, bot, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 4, (sqlite3_int64)time(NULL));
        rc = sqlite3_step(s);
    }
    sqlite3_finalize(s);
    if (rc != SQLITE_DONE)
        return leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot write");
    /* (in the caller's transaction, with the change) */
    return leaguedb_exec(db, "INSERT OR REPLACE INTO meta (key, value) SELECT '" LAST_SEQ_KEY
                         "', CAST(max(seq) AS TEXT) FROM changes", err, errsz);
}

int leaguedb_changes(leaguedb *db, leaguedb_change_fn fn, void *user, char *err, size_t errsz)
{
    if (db->version < 2)
        return 0;
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h,
                                "SELECT seq, op, name, bot, made_unix FROM changes ORDER BY seq",
                                -1, &s, NULL);
    if (rc != SQLITE_OK)
        return leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    int out = 0;
    while (out == 0 && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        leaguedb_change c = {sqlite3_column_int64(s, 0),
                             (const char *)sqlite3_column_text(s, 1),
                             (const char *)sqlite3_column_text(s, 2),
                             (const char *)sqlite3_column_text(s, 3),
                             sqlite3_column_int64(s, 4)};
        out = fn(&c, user);
    }
    if (out == 0 && rc != SQLITE_DONE)
        out = leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    sqlite3_finalize(s);
    return out;
}

int leaguedb_change_remove(leaguedb *db, int64_t seq, char *err, size_t errsz)
{
    char sql[64];
    snprintf(sql, sizeof sql, "DELETE FROM changes WHERE seq = %lld", (long long)seq);
    return leaguedb_exec(db, sql, err, errsz);
}

int leaguedb_changes_pending(leaguedb *db)
{
    if (db->version < 2)
        return 0;
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h, "SELECT 1 FROM changes LIMIT 1", -1, &s, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(s);
    sqlite3_finalize(s);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : leaguedb_code(rc, LEAGUEDB_E_IO);
}

int leaguedb_change_waits(leaguedb *db, int64_t seq)
{
    if (db->version < 2)
        return 0;
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h, "SELECT 1 FROM changes WHERE seq = ?1", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(s, 1, seq);
        rc = sqlite3_step(s);
    }
    sqlite3_finalize(s);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : leaguedb_code(rc, LEAGUEDB_E_IO);
}

/* Runs sql with ?1 bound to idx. 0 or the failure's code (err). */
static int exec_idx(leaguedb *db, const char *sql, int idx, char *err, size_t errsz)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h, sql, -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int(s, 1, idx);
        rc = sqlite3_step(s);
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz,
                                                 "cannot copy or delete games");
}

int64_t leaguedb_archive_bot(leaguedb *db, int idx, const char *dir, char *err, size_t errsz)
{
    leaguedb *arc = NULL;
    if (util_mkdirs(dir) != 0)
        return util_fail(LEAGUEDB_E_IO, err, errsz, "cannot create %s", dir);
    int rc = leaguedb_open(dir, LEAGUEDB_WRITE, &arc, err, errsz); /* its schema */
    leaguedb_close(arc);
    if (rc)
        return rc;
    char *path = util_path_join(dir, LEAGUEDB_FILE);
    if (!path)
        return util_fail(LEAGUEDB_E_NOMEM, err, errsz, "out of memory");
    sqlite3_stmt *s = NULL;
    rc = sqlite3_prepare_v2(db->h, "ATTACH ?1 AS arc", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, path, -1, SQLITE_STATIC);
        rc = sqlite3_step(s);
    }
    sqlite3_finalize(s);
    free(path);
    if (rc != SQLITE_DONE)
        return leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot attach");
    int64_t n = -1;
    if ((rc = leaguedb_exec(db, "BEGIN IMMEDIATE; INSERT INTO arc.meta SELECT * FROM main.meta;"
                            " INSERT INTO arc.bots SELECT * FROM main.bots;", err, errsz)) == 0 &&
        (rc = exec_idx(db, "INSERT INTO arc.games SELECT * FROM main.games WHERE black = ?1 "
                       "OR white = ?1", idx, err, errsz)) == 0) {
        n = sqlite3_changes(db->h);
        if ((rc = exec_idx(db, "INSERT INTO arc.records SELECT r.* FROM main.records r JOIN "
                           "main.games g ON g.id = r.id WHERE g.black = ?1 OR g.white = ?1",
                           idx, err, errsz)) == 0)
            rc = leaguedb_exec(db, "COMMIT", err, errsz);
    }
    if (rc)
        sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_exec(db->h, "DETACH arc", NULL, NULL, NULL);
    return rc ? rc : n;
}

int leaguedb_delete_bot_games(leaguedb *db, int idx, char *err, size_t errsz)
{
    int rc = exec_idx(db, "DELETE FROM records WHERE id IN (SELECT id FROM games WHERE black = "
                      "?1 OR white = ?1)", idx, err, errsz);
    return rc ? rc : exec_idx(db, "DELETE FROM games WHERE black = ?1 OR white = ?1", idx, err,
                              errsz);
}
