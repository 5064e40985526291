/* db_archive.c - a bot's games archived into another league database and
 * deleted (leaguedb/leaguedb.h): what a replace or a retire does to the
 * games of the bot it changes. */
#include "leaguedb/leaguedb.h"

#include <stdint.h>
#include <stdlib.h>

#include <sqlite3.h>

#include "db_impl.h"
#include "leaguedb/error.h"
#include "util/file.h"
#include "util/text.h"

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
    return rc == SQLITE_DONE ? 0
                             : leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz,
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
    if ((rc = leaguedb_exec(db,
                            "BEGIN IMMEDIATE; INSERT INTO arc.meta SELECT * FROM main.meta;"
                            " INSERT INTO arc.bots SELECT * FROM main.bots;",
                            err, errsz)) == 0 &&
        (rc = exec_idx(db,
                       "INSERT INTO arc.games SELECT * FROM main.games WHERE black = ?1 "
                       "OR white = ?1",
                       idx, err, errsz)) == 0) {
        n = sqlite3_changes(db->h);
        if ((rc = exec_idx(db,
                           "INSERT INTO arc.records SELECT r.* FROM main.records r JOIN "
                           "main.games g ON g.id = r.id WHERE g.black = ?1 OR g.white = ?1",
                           idx, err, errsz)) == 0 &&
            (rc = leaguedb_exec(db, "INSERT INTO arc.metric_names SELECT * FROM main.metric_names",
                                err, errsz)) == 0 &&
            (rc = exec_idx(db,
                           "INSERT INTO arc.metrics SELECT m.* FROM main.metrics m JOIN "
                           "main.games g ON g.id = m.game WHERE g.black = ?1 OR g.white = ?1",
                           idx, err, errsz)) == 0 &&
            (rc = exec_idx(db,
                           "INSERT INTO arc.metric_drops SELECT d.* FROM main.metric_drops d JOIN"
                           " main.games g ON g.id = d.game WHERE g.black = ?1 OR g.white = ?1",
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
    int rc = exec_idx(db,
                      "DELETE FROM records WHERE id IN (SELECT id FROM games WHERE black = "
                      "?1 OR white = ?1)",
                      idx, err, errsz);
    if (!rc)
        rc = exec_idx(db,
                      "DELETE FROM metrics WHERE game IN (SELECT id FROM games WHERE black = "
                      "?1 OR white = ?1)",
                      idx, err, errsz);
    if (!rc)
        rc = exec_idx(db,
                      "DELETE FROM metric_drops WHERE game IN (SELECT id FROM games WHERE "
                      "black = ?1 OR white = ?1)",
                      idx, err, errsz);
    return rc ? rc
              : exec_idx(db, "DELETE FROM games WHERE black = ?1 OR white = ?1", idx, err, errsz);
}
