/* db_metrics.c - the metrics of the league database: a game's metrics
 * written with it, read back one game or all (leaguedb/metrics.h). */
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "db_impl.h"
#include "leaguedb/metrics.h"
#include "util/text.h"

static const char insert_sql[] =
    "INSERT INTO metrics (game, side, name, value, turns) VALUES (?1, ?2, ?3, ?4, ?5)";

/* The id of metric name in metric_names, added when new; the
 * connection's cache first (a league has a few names, a game repeats
 * them). Returns the id (> 0) or a negative LEAGUEDB_E_* code. */
static int64_t name_id(leaguedb *db, const char *name, char *err, size_t errsz)
{
    for (int k = 0; k < db->names_n; k++)
        if (strcmp(db->names[k].name, name) == 0)
            return db->names[k].id;
    sqlite3_stmt *s = NULL;
    int64_t id = 0;
    int rc = sqlite3_prepare_v2(db->h, "SELECT id FROM metric_names WHERE name = ?1", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
        rc = sqlite3_step(s);
        if (rc == SQLITE_ROW)
            id = sqlite3_column_int64(s, 0);
    }
    sqlite3_finalize(s);
    if (rc == SQLITE_DONE) {
        rc = sqlite3_prepare_v2(db->h, "INSERT INTO metric_names (name) VALUES (?1)", -1, &s, NULL);
        if (rc == SQLITE_OK) {
            sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
            rc = sqlite3_step(s);
        }
        sqlite3_finalize(s);
        if (rc == SQLITE_DONE)
            id = sqlite3_last_insert_rowid(db->h);
    }
    if (id <= 0)
        return leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz,
                             "cannot store a metric name");
    if (db->names_n < LEAGUEDB_NAME_CACHE) {
        char *copy = strdup(name);
        if (copy) {
            db->names[db->names_n].name = copy;
            db->names[db->names_n++].id = id;
        }
    }
    return id;
}

static void bind_value(sqlite3_stmt *s, int col, const util_metric_value *v)
{
    if (v->type == UTIL_METRIC_INT)
        sqlite3_bind_int64(s, col, v->i);
    else if (v->type == UTIL_METRIC_REAL)
        sqlite3_bind_double(s, col, v->d);
    else if (v->type == UTIL_METRIC_TEXT && v->text)
        sqlite3_bind_text(s, col, v->text, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(s, col);
}

/* Stores one series (the game's id given). */
static int put_series(leaguedb *db, int64_t game, const leaguedb_metric_series *ms, char *err,
                      size_t errsz)
{
    if (ms->side < 0 || ms->side >= LEAGUEDB_METRIC_SIDES || !ms->name ||
        !util_metric_name_ok(ms->name, strlen(ms->name)) || ms->n < 0 ||
        (ms->game.type == UTIL_METRIC_TEXT && !ms->game.text))
        return util_fail(LEAGUEDB_E_INVAL, err, errsz, "%s: game %lld: a bad metric", db->path,
                         (long long)game);
    unsigned char *turns = NULL;
    size_t size = 0;
    int rc = ms->n ? leaguedb_metric_pack(ms, &turns, &size) : 0;
    if (rc)
        return util_fail(rc, err, errsz, "%s: game %lld: metric %s: %s", db->path, (long long)game,
                         ms->name,
                         rc == LEAGUEDB_E_NOMEM ? "out of memory" : "plies not increasing");
    int64_t id = name_id(db, ms->name, err, errsz);
    if (id < 0) {
        free(turns);
        return (int)id;
    }
    sqlite3_stmt *s = db->insert_metric;
    sqlite3_bind_int64(s, 1, game);
    sqlite3_bind_int(s, 2, ms->side);
    sqlite3_bind_int64(s, 3, id);
    bind_value(s, 4, &ms->game);
    if (turns)
        sqlite3_bind_blob(s, 5, turns, (int)size, free);
    else
        sqlite3_bind_null(s, 5);
    rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    if (rc == SQLITE_CONSTRAINT)
        return util_fail(LEAGUEDB_E_INVAL, err, errsz, "%s: game %lld: metric %s stored twice",
                         db->path, (long long)game, ms->name);
    return rc == SQLITE_DONE ? 0
                             : leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz,
                                             "cannot store a metric");
}

static int put_drops(leaguedb *db, const leaguedb_game_metrics *m, char *err, size_t errsz)
{
    for (int side = 0; side < LEAGUEDB_METRIC_SIDES; side++) {
        if (m->dropped[side] <= 0)
            continue;
        sqlite3_stmt *s = NULL;
        int rc =
            sqlite3_prepare_v2(db->h, "INSERT INTO metric_drops VALUES (?1, ?2, ?3)", -1, &s, NULL);
        if (rc == SQLITE_OK) {
            sqlite3_bind_int64(s, 1, m->game);
            sqlite3_bind_int(s, 2, side);
            sqlite3_bind_int(s, 3, m->dropped[side]);
            rc = sqlite3_step(s);
        }
        sqlite3_finalize(s);
        if (rc != SQLITE_DONE)
            return leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz,
                                 rc == SQLITE_CONSTRAINT ? "metrics stored twice"
                                                         : "cannot store the metrics");
    }
    return 0;
}

int leaguedb_metrics_put(leaguedb *db, const leaguedb_game_metrics *m, char *err, size_t errsz)
{
    if (!db->writable || db->version < 3)
        return util_fail(LEAGUEDB_E_INVAL, err, errsz, "%s: opened read-only", db->path);
    if (!db->insert_metric &&
        sqlite3_prepare_v2(db->h, insert_sql, -1, &db->insert_metric, NULL) != SQLITE_OK)
        return leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot prepare");
    int rc = 0;
    for (int k = 0; k < m->n && !rc; k++)
        rc = put_series(db, m->game, &m->series[k], err, errsz);
    return rc ? rc : put_drops(db, m, err, errsz);
}
