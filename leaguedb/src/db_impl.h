/*
 * leaguedb/src/db_impl.h - the inside of the league database, shared by
 * its translation units, each calling only those listed after it:
 * db_archive.c (a bot's games archived), db.c (opening, schema, meta),
 * db_metrics.c and db_metrics_read.c (the metrics; packed by
 * metric_pack.c),
 * db_lock.c (the run lock), db_changes.c (the changes asked), db_queries.c
 * (what the database computes), db_games.c (the games' rows; the records
 * by game_blob*.c), db_sql.c (statements, transactions, failures: the
 * bottom). Not an API: include
 * leaguedb/leaguedb.h.
 */
#ifndef LEAGUEDB_DB_IMPL_H
#define LEAGUEDB_DB_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "leaguedb/leaguedb.h"

/* Metric names a connection remembers with their ids (db_metrics.c). */
#define LEAGUEDB_NAME_CACHE 64

struct leaguedb {
    sqlite3 *h;
    char *path;
    sqlite3_stmt *insert;        /* prepared at the first insert, kept: a game a
                              transaction */
    sqlite3_stmt *insert_record; /* its record's row, the same way */
    sqlite3_stmt *insert_metric; /* a metrics row, the same way */
    struct {
        char *name;
        int64_t id;
    } names[LEAGUEDB_NAME_CACHE]; /* metric_names rows written or read here */
    int names_n;
    int writable;  /* opened LEAGUEDB_WRITE */
    int version;   /* its schema's (a reader may hold an older one) */
    int locked;    /* this connection holds the run row */
    int64_t token; /* the run row's token of this connection: one store of
                              a process is not another's (two opens in one process
                              are two arenas) */
};

/* The columns a walk reads, in the order of leaguedb_game (games g);
 * the blobs after them when asked for (records r joined). */
#define GAME_COLUMNS                                                                     \
    "g.id, g.round, g.pairing, g.black, g.white, g.seed, g.opening, g.winner, g.reason," \
    " g.fault, g.score_black, g.score_white, g.plies, g.start_unix, g.duration_us,"      \
    " g.black_first_us, g.black_turns, g.black_total_us, g.black_max_us, g.black_late,"  \
    " g.black_cpu_total_us, g.black_cpu_max_us,"                                         \
    " g.white_first_us, g.white_turns, g.white_total_us, g.white_max_us, g.white_late,"  \
    " g.white_cpu_total_us, g.white_cpu_max_us,"                                         \
    " g.under_load, g.pressure, g.pressure_source, g.moves_hash, g.detail"

/* Walks the rows of sql (GAME_COLUMNS first, then with blobs the record
 * and stderr; ?1, when sql has it, bound to param) as leaguedb_foreach
 * does. Returns 0, fn's value, or LEAGUEDB_E_IO. */
int leaguedb_walk_sql(leaguedb *db, const char *sql, int64_t param, int blobs, leaguedb_game_fn fn,
                      void *user, char *err, size_t errsz);

/* Puts game id's metrics (the metrics tables) back into its decoded
 * record: a ply's "metrics" and "match_metrics", the record's "metrics"
 * (docs/record.md); nothing without any. Returns 0, LEAGUEDB_E_PARSE,
 * LEAGUEDB_E_NOMEM or LEAGUEDB_E_IO (err). */
int leaguedb_metrics_attach(leaguedb *db, int64_t id, cJSON *record, char *err, size_t errsz);

/* Fills err with "PATH: what: SQLite's words" and returns code. */
int leaguedb_fail(leaguedb *db, int code, char *err, size_t errsz, const char *what);

/* The LEAGUEDB_E_* code of an SQLite failure: busy, not a database (a file
 * of another kind named league.db), or other for the rest. */
int leaguedb_code(int rc, int other);

/* Runs sql (no rows); 0 or the code of its failure (err). */
int leaguedb_exec(leaguedb *db, const char *sql, char *err, size_t errsz);

#endif
