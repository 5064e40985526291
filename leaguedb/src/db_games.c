/* db_games.c - the games of the league database: rows in, walks, one
 * record, comparison (leaguedb/leaguedb.h). */
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

static const char insert_sql[] =
    "INSERT INTO games (id, round, pairing, black, white, seed, opening, winner, reason, fault,"
    " score_black, score_white, plies, start_unix, duration_us,"
    " black_first_us, black_turns, black_total_us, black_max_us, black_late,"
    " black_cpu_total_us, black_cpu_max_us,"
    " white_first_us, white_turns, white_total_us, white_max_us, white_late,"
    " white_cpu_total_us, white_cpu_max_us,"
    " under_load, pressure, pressure_source, moves_hash, detail)"
    " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,"
    "?23,?24,?25,?26,?27,?28,?29,?30,?31,?32,?33,?34)";

static const char insert_record_sql[] =
    "INSERT INTO records (id, record, stderr) VALUES (?1, ?2, ?3)";

static const char select_sql[] = "SELECT " GAME_COLUMNS " FROM games g ORDER BY g.seq";
static const char select_full_sql[] =
    "SELECT " GAME_COLUMNS ", r.record, r.stderr FROM games g LEFT JOIN records r ON r.id = g.id"
    " ORDER BY g.seq";

static void bind_opt(sqlite3_stmt *s, int col, int64_t v)
{
    if (v < 0)
        sqlite3_bind_null(s, col);
    else
        sqlite3_bind_int64(s, col, v);
}

static void bind_side(sqlite3_stmt *s, int col, const leaguedb_side *t)
{
    bind_opt(s, col, t->first_us);
    sqlite3_bind_int64(s, col + 1, t->turns);
    sqlite3_bind_int64(s, col + 2, t->total_us);
    sqlite3_bind_int64(s, col + 3, t->max_us);
    sqlite3_bind_int64(s, col + 4, t->late);
    bind_opt(s, col + 5, t->cpu_total_us);
    bind_opt(s, col + 6, t->cpu_max_us);
}

/* Binds g's summary to ?1..?34 of s (the games insert's columns, in
 * order). */
static void bind_game(sqlite3_stmt *s, const leaguedb_game *g)
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
}

/* Binds g's record and stderr blobs (or NULLs) to ?col and ?col+1. */
static void bind_blobs(sqlite3_stmt *s, int col, const leaguedb_game *g)
{
    if (g->record)
        sqlite3_bind_blob(s, col, g->record, (int)g->record_size, SQLITE_STATIC);
    else
        sqlite3_bind_null(s, col);
    if (g->stderr_blob)
        sqlite3_bind_blob(s, col + 1, g->stderr_blob, (int)g->stderr_size, SQLITE_STATIC);
    else
        sqlite3_bind_null(s, col + 1);
}

/* Binds g's id and blobs to insert_record_sql's ?1..?3. */
static void bind_record(sqlite3_stmt *s, const leaguedb_game *g)
{
    sqlite3_bind_int64(s, 1, g->id);
    bind_blobs(s, 2, g);
}

/* Runs s (an insert) with g bound by bind: SQLite's result code. */
static int step_bound(sqlite3_stmt *s, void (*bind)(sqlite3_stmt *, const leaguedb_game *),
                      const leaguedb_game *g)
{
    bind(s, g);
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return rc;
}

int leaguedb_insert_game(leaguedb *db, const leaguedb_game *g, char *err, size_t errsz)
{
    if (!db->writable)
        return util_fail(LEAGUEDB_E_INVAL, err, errsz, "%s: opened read-only", db->path);
    if (!db->insert && sqlite3_prepare_v2(db->h, insert_sql, -1, &db->insert, NULL) != SQLITE_OK)
        return leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot prepare");
    if (!db->insert_record &&
        sqlite3_prepare_v2(db->h, insert_record_sql, -1, &db->insert_record, NULL) != SQLITE_OK)
        return leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot prepare");
    int rc = step_bound(db->insert, bind_game, g);
    if (rc == SQLITE_DONE && (g->record || g->stderr_blob))
        rc = step_bound(db->insert_record, bind_record, g);
    if (rc == SQLITE_CONSTRAINT)
        return util_fail(LEAGUEDB_E_INVAL, err, errsz, "%s: game %lld is stored already", db->path,
                         (long long)g->id);
    return rc == SQLITE_DONE ? 0
                             : leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz,
                                             "cannot store a game");
}

int64_t leaguedb_count(leaguedb *db)
{
    sqlite3_stmt *s = NULL;
    int64_t n = LEAGUEDB_E_IO;
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

static void read_side(sqlite3_stmt *s, int col, leaguedb_side *t)
{
    t->first_us = col_opt(s, col);
    t->turns = sqlite3_column_int64(s, col + 1);
    t->total_us = sqlite3_column_int64(s, col + 2);
    t->max_us = sqlite3_column_int64(s, col + 3);
    t->late = sqlite3_column_int64(s, col + 4);
    t->cpu_total_us = col_opt(s, col + 5);
    t->cpu_max_us = col_opt(s, col + 6);
}

int leaguedb_walk_sql(leaguedb *db, const char *sql, int64_t param, int blobs, leaguedb_game_fn fn,
                      void *user, char *err, size_t errsz)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
        return leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot read");
    if (sqlite3_bind_parameter_count(s) > 0)
        sqlite3_bind_int64(s, 1, param);
    int rc, out = 0;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        leaguedb_game g;
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
        out = leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    sqlite3_finalize(s);
    return out;
}

int leaguedb_foreach(leaguedb *db, leaguedb_game_fn fn, void *user, char *err, size_t errsz)
{
    return leaguedb_walk_sql(db, select_sql, 0, 0, fn, user, err, errsz);
}

int leaguedb_foreach_full(leaguedb *db, leaguedb_game_fn fn, void *user, char *err, size_t errsz)
{
    return leaguedb_walk_sql(db, select_full_sql, 0, 1, fn, user, err, errsz);
}

int leaguedb_compare_game(leaguedb *db, const leaguedb_game *g, char *err, size_t errsz)
{
    /* every column but seq, NULL-safe (IS): the insert's own binding */
    static const char sql[] =
        "SELECT (" GAME_COLUMNS ", r.record, r.stderr) IS"
        " (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,"
        "?23,?24,?25,?26,?27,?28,?29,?30,?31,?32,?33,?34,?35,?36)"
        " FROM games g LEFT JOIN records r ON r.id = g.id WHERE g.id = ?1";
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
        return leaguedb_fail(db, LEAGUEDB_E_IO, err, errsz, "cannot read");
    bind_game(s, g);
    bind_blobs(s, 35, g);
    int rc = sqlite3_step(s), out;
    if (rc == SQLITE_ROW)
        out = sqlite3_column_int(s, 0) ? 1 : 0;
    else if (rc == SQLITE_DONE)
        out = -1;
    else
        out = leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    sqlite3_finalize(s);
    return out;
}

int leaguedb_record(leaguedb *db, int64_t id, cJSON **out, char *err, size_t errsz)
{
    *out = NULL;
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db->h,
                                "SELECT r.record, r.stderr FROM games g LEFT JOIN records r"
                                " ON r.id = g.id WHERE g.id = ?1",
                                -1, &s, NULL);
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
        res = !r ? util_fail(LEAGUEDB_E_PARSE, err, errsz, "%s: game %lld has no record", db->path,
                             (long long)id)
                 : leaguedb_game_blob_decode(r, rn, e, en, out);
        if (res == LEAGUEDB_E_PARSE && r)
            util_fail(res, err, errsz, "%s: game %lld: its record is corrupt", db->path,
                      (long long)id);
        else if (res == LEAGUEDB_E_NOMEM)
            util_fail(res, err, errsz, "out of memory");
    } else if (rc == SQLITE_DONE) {
        res = util_fail(LEAGUEDB_E_INVAL, err, errsz, "%s: no game %lld", db->path, (long long)id);
    } else {
        res = leaguedb_fail(db, leaguedb_code(rc, LEAGUEDB_E_IO), err, errsz, "cannot read");
    }
    sqlite3_finalize(s);
    if (res == 0 && (res = leaguedb_metrics_attach(db, id, *out, err, errsz))) {
        cJSON_Delete(*out);
        *out = NULL;
    }
    return res;
}

/* The first column of the first row of sql (one ?1 bound to v), as an
 * integer; -1 when there is no row or on failure. */
static int64_t scalar(leaguedb *db, const char *sql, int64_t v)
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

int leaguedb_bot_has_games(leaguedb *db, int idx)
{
    int64_t n = scalar(db,
                       "SELECT count(*) FROM (SELECT 1 FROM games WHERE black = ?1 OR "
                       "white = ?1 LIMIT 1)",
                       idx);
    return n < 0 ? -1 : n > 0;
}

int leaguedb_bot_named(leaguedb *db, const char *name)
{
    sqlite3_stmt *s = NULL;
    int out = -1;
    if (sqlite3_prepare_v2(db->h, "SELECT count(*) FROM bots WHERE name = ?1", -1, &s, NULL) ==
        SQLITE_OK) {
        sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
        if (sqlite3_step(s) == SQLITE_ROW)
            out = sqlite3_column_int64(s, 0) > 0;
    }
    sqlite3_finalize(s);
    return out;
}

int leaguedb_has_games(leaguedb *db)
{
    int64_t n = scalar(db, "SELECT count(*) FROM (SELECT 1 FROM games WHERE ?1 = ?1 LIMIT 1)", 0);
    return n < 0 ? -1 : n > 0;
}

int leaguedb_has_league(leaguedb *db)
{
    return scalar(db, "SELECT count(*) FROM meta WHERE key = 'league' AND ?1 = ?1", 0) > 0;
}
