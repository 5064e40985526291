/* db_queries.c - what the league database computes for the store, so
 * that opening a million-game league does not walk every row in C: the
 * ids, the results tallied, the games the index lists, a game's place in
 * the stored order (leaguedb/leaguedb.h). */
#include "leaguedb/leaguedb.h"

#include <sqlite3.h>

#include "db_impl.h"
#include "leaguedb/error.h"
#include "util/text.h"

int leaguedb_foreach_id(leaguedb *db, leaguedb_id_fn fn, void *user, char *err, size_t errsz)
{
    sqlite3_stmt *s = NULL;
    /* the UNIQUE index on id covers the query: the rows are not read */
    if (sqlite3_prepare_v2(db->h, "SELECT id FROM games", -1, &s, NULL) != SQLITE_OK)
        return leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot read");
    int rc, out = 0;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW)
        if ((out = fn(sqlite3_column_int64(s, 0), user)) != 0)
            break;
    if (!out && rc != SQLITE_DONE)
        out = leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    sqlite3_finalize(s);
    return out;
}

int leaguedb_tally(leaguedb *db, leaguedb_tally_fn fn, void *user, char *err, size_t errsz)
{
    static const char sql[] = "SELECT black, white, coalesce(winner, -1), fault IS NOT NULL,"
                              " count(*) FROM games GROUP BY 1, 2, 3, 4";
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
        return leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot read");
    int rc, out = 0;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        leaguedb_tally_row t = {sqlite3_column_int64(s, 0), sqlite3_column_int64(s, 1),
                                sqlite3_column_int64(s, 2), sqlite3_column_int64(s, 3),
                                sqlite3_column_int64(s, 4)};
        if ((out = fn(&t, user)) != 0)
            break;
    }
    if (!out && rc != SQLITE_DONE)
        out = leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    sqlite3_finalize(s);
    return out;
}

int leaguedb_foreach_from(leaguedb *db, int64_t skip, leaguedb_game_fn fn, void *user, char *err,
                          size_t errsz)
{
    static const char sql[] = "SELECT " GAME_COLUMNS " FROM games g ORDER BY g.seq"
                              " LIMIT -1 OFFSET ?1";
    if (skip < 0)
        return util_fail(LEAGUEDB_E_INVAL, err, errsz, "invalid argument");
    return leaguedb_walk_sql(db, sql, skip, 0, fn, user, err, errsz);
}

int leaguedb_foreach_index(leaguedb *db, int64_t max, leaguedb_game_fn fn, void *user, char *err,
                           size_t errsz)
{
    /* the newest games, and the newest games lost by a fault (the partial
     * index games_faults finds them without a scan) */
    static const char sql[] =
        "WITH chosen AS (SELECT seq FROM (SELECT seq FROM games ORDER BY seq DESC LIMIT ?1)"
        " UNION SELECT seq FROM (SELECT seq FROM games WHERE fault IS NOT NULL"
        " ORDER BY seq DESC LIMIT ?1))"
        " SELECT " GAME_COLUMNS " FROM chosen c JOIN games g ON g.seq = c.seq ORDER BY g.seq";
    if (max < 0)
        return util_fail(LEAGUEDB_E_INVAL, err, errsz, "invalid argument");
    return leaguedb_walk_sql(db, sql, max, 0, fn, user, err, errsz);
}

int64_t leaguedb_games_up_to(leaguedb *db, int64_t id)
{
    static const char sql[] =
        "SELECT count(*) FROM games WHERE seq <= (SELECT seq FROM games WHERE id = ?1)"
        " AND EXISTS (SELECT 1 FROM games WHERE id = ?1)";
    sqlite3_stmt *s = NULL;
    int64_t out = LEAGUEDB_E_IO;
    if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(s, 1, id);
        if (sqlite3_step(s) == SQLITE_ROW)
            out = sqlite3_column_int64(s, 0);
    }
    sqlite3_finalize(s);
    return out;
}
