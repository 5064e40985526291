/* db_sql.c - the bottom of the league database: a connection's statements
 * run, its transactions, an SQLite failure told as a LEAGUEDB_E_* code and
 * a message (db_impl.h, leaguedb/leaguedb.h). Every other file of the
 * database calls these; they call none of them. */
#include "leaguedb/leaguedb.h"

#include <sqlite3.h>

#include "db_impl.h"
#include "leaguedb/error.h"
#include "util/text.h"

int leaguedb_fail(leaguedb *db, int code, char *err, size_t errsz, const char *what)
{
    return util_fail(code, err, errsz, "%s: %s: %s", db->path, what, sqlite3_errmsg(db->h));
}

int leaguedb_code(int rc, int other)
{
    return rc == SQLITE_BUSY || rc == SQLITE_LOCKED ? LEAGUEDB_E_BUSY
           : rc == SQLITE_NOTADB                    ? LEAGUEDB_E_PARSE
                                                    : other;
}

int leaguedb_exec(leaguedb *db, const char *sql, char *err, size_t errsz)
{
    int rc = sqlite3_exec(db->h, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK
               ? 0
               : leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot write");
}

int leaguedb_begin(leaguedb *db, char *err, size_t errsz)
{
    return leaguedb_exec(db, "BEGIN IMMEDIATE", err, errsz);
}

int leaguedb_commit(leaguedb *db, char *err, size_t errsz)
{
    int rc = leaguedb_exec(db, "COMMIT", err, errsz);
    if (rc)
        leaguedb_rollback(db);
    return rc;
}

void leaguedb_rollback(leaguedb *db)
{
    if (!sqlite3_get_autocommit(db->h))
        sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
}
