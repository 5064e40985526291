/* db_lock.c - the run lock of the league database: the row of the
 * arena playing the league (leaguedb/leaguedb.h). */
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

/* The run row: its pid, start time and token; pid -1 when there is none.
 * Returns 0 or an SQLite failure's code. */
static int run_row(leaguedb *db, long *pid, long long *ticks, int64_t *token)
{
    sqlite3_stmt *s = NULL;
    *pid = -1;
    *ticks = -1;
    *token = 0;
    int rc = sqlite3_prepare_v2(db->h, "SELECT pid, start_ticks, token FROM run WHERE id = 1", -1,
                                &s, NULL);
    if (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        *pid = (long)sqlite3_column_int64(s, 0);
        *ticks = sqlite3_column_int64(s, 1);
        *token = sqlite3_column_int64(s, 2);
    }
    sqlite3_finalize(s);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : rc;
}

long leaguedb_lock_holder(leaguedb *db)
{
    long pid;
    long long ticks;
    int64_t token;
    int rc = run_row(db, &pid, &ticks, &token);
    if (rc)
        return leaguedb_code(rc, LEAGUEDB_E_IO);
    return pid > 0 && start_ticks(pid) == ticks ? pid : 0;
}

int leaguedb_lock(leaguedb *db, char *err, size_t errsz)
{
    int rc = leaguedb_begin(db, err, errsz);
    if (rc)
        return rc;
    long pid;
    long long ticks;
    int64_t token;
    run_row(db, &pid, &ticks, &token);
    if (pid > 0 && !(db->locked && token == db->token) && start_ticks(pid) == ticks) {
        leaguedb_rollback(db);
        return util_fail(LEAGUEDB_E_BUSY, err, errsz,
                         "is in use by another loa-arena (pid %ld: wait for it to end, or use "
                         "another directory)",
                         pid);
    }
    if (!db->token) {
        /* unique enough among the opens of one process: the connection's
         * address and the clock */
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        db->token = (int64_t)(((uint64_t)(uintptr_t)db << 20) ^ (uint64_t)ts.tv_nsec ^
                              ((uint64_t)ts.tv_sec << 32)) |
                    1;
    }
    char sql[200];
    snprintf(sql, sizeof sql,
             "INSERT OR REPLACE INTO run (id, pid, start_ticks, token, started_unix) VALUES "
             "(1, %ld, %lld, %lld, %lld)",
             (long)getpid(), start_ticks((long)getpid()), (long long)db->token,
             (long long)time(NULL));
    if ((rc = leaguedb_exec(db, sql, err, errsz)) == 0 &&
        (rc = leaguedb_commit(db, err, errsz)) == 0)
        db->locked = 1;
    else
        leaguedb_rollback(db);
    return rc;
}

void leaguedb_unlock(leaguedb *db)
{
    char sql[80];
    snprintf(sql, sizeof sql, "DELETE FROM run WHERE token = %lld", (long long)db->token);
    sqlite3_exec(db->h, sql, NULL, NULL, NULL);
    db->locked = 0;
}

int leaguedb_unlock_if_idle(leaguedb *db, char *err, size_t errsz)
{
    int rc = leaguedb_begin(db, err, errsz);
    if (rc)
        return rc;
    int pending = leaguedb_changes_pending(db);
    if (pending < 0) {
        leaguedb_rollback(db);
        return util_fail(pending, err, errsz, "%s: cannot read its changes", db->path);
    }
    if (!pending) {
        char sql[80];
        snprintf(sql, sizeof sql, "DELETE FROM run WHERE token = %lld", (long long)db->token);
        rc = leaguedb_exec(db, sql, err, errsz);
    }
    if (rc == 0)
        rc = leaguedb_commit(db, err, errsz);
    else
        leaguedb_rollback(db);
    if (rc)
        return rc;
    if (!pending)
        db->locked = 0;
    return !pending;
}
