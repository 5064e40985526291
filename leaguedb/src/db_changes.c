/* db_changes.c - the changes other processes ask of a league (the changes
 * table of schema version 2; leaguedb/leaguedb.h). A bot's games archived
 * and deleted are db_archive.c's. */
#include "leaguedb/leaguedb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "db_impl.h"
#include "leaguedb/error.h"

/* The meta key of the last change's seq ever queued. A seq is never used
 * twice: an archive in the making is named after its change's seq, and
 * the next opening removes it while a change of that seq waits
 * (store_changes.c); with SQLite's own rowids, a change queued after the
 * table emptied took seq 1 again, and a committed replace's archive, its
 * rename cut short by a kill, was removed as if its change still waited
 * (arena_crash's a_replace_killed_at_any_moment_archives_once, now and then). */
#define LAST_SEQ_KEY "changes_last_seq"

int leaguedb_change_add(leaguedb *db, const char *op, const char *name, const char *bot, char *err,
                        size_t errsz)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(
        db->h,
        "INSERT INTO changes (seq, op, name, bot, made_unix) VALUES "
        "(max(coalesce((SELECT max(seq) FROM changes), 0), "
        "coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = '" LAST_SEQ_KEY
        "'), 0)) + 1, ?1, ?2, ?3, ?4)",
        -1, &s, NULL);
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
    return leaguedb_exec(db,
                         "INSERT OR REPLACE INTO meta (key, value) SELECT '" LAST_SEQ_KEY
                         "', CAST(max(seq) AS TEXT) FROM changes",
                         err, errsz);
}

int leaguedb_changes(leaguedb *db, leaguedb_change_fn fn, void *user, char *err, size_t errsz)
{
    if (db->version < 2)
        return 0;
    sqlite3_stmt *s = NULL;
    int rc =
        sqlite3_prepare_v2(db->h, "SELECT seq, op, name, bot, made_unix FROM changes ORDER BY seq",
                           -1, &s, NULL);
    if (rc != SQLITE_OK)
        return leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    int out = 0;
    while (out == 0 && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        leaguedb_change c = {sqlite3_column_int64(s, 0), (const char *)sqlite3_column_text(s, 1),
                             (const char *)sqlite3_column_text(s, 2),
                             (const char *)sqlite3_column_text(s, 3), sqlite3_column_int64(s, 4)};
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
