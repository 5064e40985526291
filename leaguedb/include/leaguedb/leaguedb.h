/*
 * leaguedb/leaguedb.h - the league database, DIR/league.db (SQLite, WAL):
 * its schema, version and migrations, and its rows. The arena's store
 * (arena/src/store/store.h) keeps a league's results here; loa-replay and
 * loa-analyse read a league's games from it. Errors: leaguedb/error.h.
 * It knows SQL and the row shapes, not leagues: what a row means is the
 * store's (games' reasons as their names, bots as indices into the league).
 *
 * Schema (version LEAGUEDB_VERSION in PRAGMA user_version; docs/record.md
 * has it with example queries):
 *   meta(key, value)       the league: "league" (its identity JSON, as
 *                          league.json), "fingerprints", "openings_sha256",
 *                          "dir", ...
 *   bots(idx, name)        the league's bots, for queries by name
 *   games(seq, id, ...)    one row a finished game: seq the order stored,
 *                          id the schedule's id, the summary columns of a
 *                          games.jsonl line (times in microseconds)
 *   records(id, record, stderr)  a game's record and stderr blobs
 *                          (leaguedb/game_blob.h), apart: walks of the games
 *                          do not read them
 *   run(pid, start_ticks)  the arena running the league: the lock
 *   changes(seq, op, name, bot, made_unix)  (version 2) what other
 *                          processes asked of the league ("add", "replace",
 *                          "retire" a bot; bot: its league.json entry),
 *                          applied in seq order by the arena holding the
 *                          run lock, each deleted as it is applied
 *   metric_names, metrics, metric_drops, view metric_game_values
 *                          (version 3) the metrics bots report
 *                          (leaguedb/metrics.h)
 *   view game_results      games with bot names, winner and fault
 * Migrations: version 1 (issue 36) -> 2 (the changes table) -> 3 (the
 * metrics tables) when a writer
 * opens it; a reader reads an older schema as it is.
 * Durability: WAL with synchronous=NORMAL: a game is one transaction; kill
 * -9 of any process loses no committed game (the WAL is written before the
 * commit returns); a power loss can lose the last games committed since the
 * last checkpoint, never corrupt the database (sqlite.org/wal.html).
 *
 * An leaguedb is an opaque handle owning an SQLite connection: one thread
 * at a time. Several processes may open one league: a busy database is
 * waited for (LEAGUEDB_BUSY_MS) before LEAGUEDB_E_BUSY.
 */
#ifndef LEAGUEDB_LEAGUEDB_H
#define LEAGUEDB_LEAGUEDB_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "leaguedb/error.h"

/* The database's file in a results directory. */
#define LEAGUEDB_FILE "league.db"
/* The schema version this code writes (PRAGMA user_version). */
#define LEAGUEDB_VERSION 3
/* How long a statement waits for another process's transaction, ms. */
#define LEAGUEDB_BUSY_MS 10000

typedef struct leaguedb leaguedb;

/* A side's times in a game row, microseconds; -1 for NULL (no first turn,
 * no CPU time in wall mode). */
typedef struct leaguedb_side {
    int64_t first_us;
    int64_t turns;
    int64_t total_us, max_us;
    int64_t late;
    int64_t cpu_total_us, cpu_max_us;
} leaguedb_side;

/* One row of games: the summary, and the blobs (borrowed when inserting;
 * owned by the db and valid until the next call when read). */
typedef struct leaguedb_game {
    int64_t id, round, pairing, black, white, seed;
    const char *opening; /* the opening's moves; NULL: none */
    int64_t winner;      /* -1: NULL (a draw) */
    const char *reason;  /* the end reason's name */
    int64_t fault;       /* -1: NULL */
    int64_t score[2], plies;
    int64_t start_unix, duration_us;
    leaguedb_side side[2];
    int64_t under_load; /* -1: NULL */
    double pressure;
    const char *pressure_source; /* NULL: NULL */
    uint64_t moves_hash;         /* 0: NULL */
    const char *detail;
    const void *record, *stderr_blob; /* NULL: no blob */
    size_t record_size, stderr_size;
} leaguedb_game;

enum leaguedb_mode {
    LEAGUEDB_READ = 0,  /* an existing database, read-only */
    LEAGUEDB_WRITE = 1, /* an existing database, or a new one created */
};

/* Opens DIR/league.db (dir the results directory). WRITE creates it with
 * the schema when missing and migrates an older schema; READ needs it to
 * exist. Returns 0 and *out, or LEAGUEDB_E_IO (cannot open: err names the file
 * and SQLite's words), LEAGUEDB_E_PARSE (not a league database, or a newer
 * schema than this code's), LEAGUEDB_E_BUSY or LEAGUEDB_E_NOMEM. */
int leaguedb_open(const char *dir, int mode, leaguedb **out, char *err, size_t errsz);

/* Closes the connection (the WAL is checkpointed by the last one out).
 * NULL is a no-op. */
void leaguedb_close(leaguedb *db);

/* 1 when DIR/league.db exists. */
int leaguedb_exists(const char *dir);

/* Transactions. begin takes the write lock at once (BEGIN IMMEDIATE), so
 * that a transaction never fails half-way for another writer. Each returns
 * 0, LEAGUEDB_E_BUSY or LEAGUEDB_E_IO (err). */
int leaguedb_begin(leaguedb *db, char *err, size_t errsz);
int leaguedb_commit(leaguedb *db, char *err, size_t errsz);
void leaguedb_rollback(leaguedb *db);

/* meta: *value (malloc'd, caller frees) or NULL when key is absent.
 * Returns 0, LEAGUEDB_E_IO or LEAGUEDB_E_NOMEM. */
int leaguedb_meta_get(leaguedb *db, const char *key, char **value, char *err, size_t errsz);
/* Sets (or replaces) key. Returns 0 or LEAGUEDB_E_IO. */
int leaguedb_meta_set(leaguedb *db, const char *key, const char *value, char *err, size_t errsz);

/* Replaces the bots table by names[0..n-1]. Returns 0 or LEAGUEDB_E_IO. */
int leaguedb_set_bots(leaguedb *db, const char *const *names, int n, char *err, size_t errsz);

/* Inserts a game row. Returns 0, LEAGUEDB_E_INVAL (its id is stored
 * already) or LEAGUEDB_E_IO. */
int leaguedb_insert_game(leaguedb *db, const leaguedb_game *g, char *err, size_t errsz);

/* The number of games. Returns it, or a negative LEAGUEDB_E_* code. */
int64_t leaguedb_count(leaguedb *db);

/* Calls fn for every game in stored order (seq), without the blobs
 * (record and stderr NULL): memory does not grow with them. fn returns 0
 * to go on; its non-zero value ends the walk and is returned. Returns 0,
 * fn's value, or LEAGUEDB_E_IO. */
typedef int (*leaguedb_game_fn)(const leaguedb_game *g, void *user);
int leaguedb_foreach(leaguedb *db, leaguedb_game_fn fn, void *user, char *err, size_t errsz);

/* As leaguedb_foreach, with the blobs (record, stderr_blob: valid during
 * the call only). */
int leaguedb_foreach_full(leaguedb *db, leaguedb_game_fn fn, void *user, char *err, size_t errsz);

/* Calls fn with every stored game's id (any order). fn returns 0 to go
 * on. Returns 0, fn's non-zero value, or LEAGUEDB_E_IO. */
typedef int (*leaguedb_id_fn)(int64_t id, void *user);
int leaguedb_foreach_id(leaguedb *db, leaguedb_id_fn fn, void *user, char *err, size_t errsz);

/* The games counted by the database: count games between black and white
 * (bot indices) that ended with winner (0 black, 1 white, -1 a draw),
 * faulted 1 when a side was at fault. */
typedef struct leaguedb_tally_row {
    int64_t black, white, winner, faulted, count;
} leaguedb_tally_row;

/* Calls fn for every distinct (black, white, winner, faulted) of the
 * games (SQL GROUP BY: no row walked in C). Returns 0, fn's non-zero
 * value, or LEAGUEDB_E_IO. */
typedef int (*leaguedb_tally_fn)(const leaguedb_tally_row *t, void *user);
int leaguedb_tally(leaguedb *db, leaguedb_tally_fn fn, void *user, char *err, size_t errsz);

/* Calls fn (as leaguedb_foreach: no blobs) for the games an index lists,
 * in stored order: the max newest games and the max newest games lost by
 * a fault (at most 2 * max). Returns 0, fn's value, LEAGUEDB_E_INVAL (max <
 * 0) or LEAGUEDB_E_IO. */
int leaguedb_foreach_index(leaguedb *db, int64_t max, leaguedb_game_fn fn, void *user, char *err,
                           size_t errsz);

/* As leaguedb_foreach, from the game after the first skip in stored
 * order (the lines an export lacks). Returns 0, fn's value, LEAGUEDB_E_INVAL
 * (skip < 0) or LEAGUEDB_E_IO. */
int leaguedb_foreach_from(leaguedb *db, int64_t skip, leaguedb_game_fn fn, void *user, char *err,
                          size_t errsz);

/* The number of games stored up to game id, that one included (its
 * place in the stored order, counting from 1); 0 when there is no game
 * id; a negative LEAGUEDB_E_* code on failure. */
int64_t leaguedb_games_up_to(leaguedb *db, int64_t id);

/* Whether the game of g's id is stored as g: 1 when its row equals g in
 * every column (blobs included), 0 when it differs, -1 when there is no
 * such game; another negative LEAGUEDB_E_* code on failure. */
int leaguedb_compare_game(leaguedb *db, const leaguedb_game *g, char *err, size_t errsz);

/* Game id's full JSON record, decoded from its blobs, its metrics put back
 * from the metrics tables (leaguedb/metrics.h; a ply's "metrics_dropped"
 * is not kept: the tables count the drops a game) (*out, caller owns).
 * Returns 0, LEAGUEDB_E_INVAL (no game id), LEAGUEDB_E_PARSE (corrupt blobs),
 * LEAGUEDB_E_IO or LEAGUEDB_E_NOMEM. */
int leaguedb_record(leaguedb *db, int64_t id, cJSON **out, char *err, size_t errsz);

/* The run lock: the row of the arena playing the league. Taken when no
 * live process holds it (a row left by a killed arena is stale: its pid
 * is gone, or is another process since the pid's start time differs).
 * Returns 0, LEAGUEDB_E_BUSY (err: "in use by another loa-arena (pid N)") or
 * LEAGUEDB_E_IO. Released by leaguedb_unlock or leaguedb_close. */
int leaguedb_lock(leaguedb *db, char *err, size_t errsz);
void leaguedb_unlock(leaguedb *db);

/* The run lock's holder: the pid of the live process holding it, 0 when
 * none does (no row, or a row left by a process that died), a negative
 * LEAGUEDB_E_* code on failure. */
long leaguedb_lock_holder(leaguedb *db);

/* Releases the run lock held by this connection unless a change is
 * pending, in one transaction (so a change asked at that moment is either
 * seen here or finds the lock free: never lost between the two). Returns
 * 1 released, 0 kept (changes wait), or a negative LEAGUEDB_E_* code. */
int leaguedb_unlock_if_idle(leaguedb *db, char *err, size_t errsz);

/* A pending change (a row of changes; texts valid during the call). */
typedef struct leaguedb_change {
    int64_t seq;
    const char *op, *name, *bot; /* bot NULL for "retire" */
    int64_t made_unix;
} leaguedb_change;

/* Appends a change (in the caller's transaction, or its own) under a seq
 * never used before in this database, even after the changes were all
 * applied (the last one is kept in meta "changes_last_seq"). Returns 0,
 * LEAGUEDB_E_BUSY or LEAGUEDB_E_IO. */
int leaguedb_change_add(leaguedb *db, const char *op, const char *name, const char *bot, char *err,
                        size_t errsz);

/* Calls fn for every pending change in seq order; fn returns 0 to go on,
 * its non-zero value ends the walk and is returned. A version-1 database
 * (read-only) has none. Returns 0, fn's value or LEAGUEDB_E_IO. */
typedef int (*leaguedb_change_fn)(const leaguedb_change *c, void *user);
int leaguedb_changes(leaguedb *db, leaguedb_change_fn fn, void *user, char *err, size_t errsz);

/* Deletes change seq (in the caller's transaction). 0 or LEAGUEDB_E_IO. */
int leaguedb_change_remove(leaguedb *db, int64_t seq, char *err, size_t errsz);

/* 1 when a change is pending, 0 when not, a negative LEAGUEDB_E_* code on
 * failure. Cheap: the arena asks about once a second while it plays. */
int leaguedb_changes_pending(leaguedb *db);

/* 1 when change seq still waits, 0 when not (applied or dropped), a
 * negative LEAGUEDB_E_* code on failure. */
int leaguedb_change_waits(leaguedb *db, int64_t seq);

/* Copies the games of bot idx (and their records), with the league's meta
 * and bots, into a new database at dir (its schema made), in one
 * transaction of that database: a replaced bot's games archived. Returns
 * the number of games copied, or a negative LEAGUEDB_E_* code (err). */
int64_t leaguedb_archive_bot(leaguedb *db, int idx, const char *dir, char *err, size_t errsz);

/* Deletes the games of bot idx and their records (in the caller's
 * transaction). Returns 0 or LEAGUEDB_E_IO. */
int leaguedb_delete_bot_games(leaguedb *db, int idx, char *err, size_t errsz);

/* 1 when bot idx has a game (black or white), 0 when not, -1 on failure. */
int leaguedb_bot_has_games(leaguedb *db, int idx);

/* 1 when the league's bots (the bots table) hold one named name, 0 when
 * not, -1 on failure. */
int leaguedb_bot_named(leaguedb *db, const char *name);

/* 1 when the database holds a game, 0 when none, -1 on failure. */
int leaguedb_has_games(leaguedb *db);

/* 1 when the database holds a league (meta "league"), 0 when not. */
int leaguedb_has_league(leaguedb *db);

/* A consistent copy of the whole database into the new file path (VACUUM
 * INTO). Returns 0 or LEAGUEDB_E_IO. */
int leaguedb_copy_to(leaguedb *db, const char *path, char *err, size_t errsz);

/* Empties the database (games, meta, bots; the run lock stays), in one
 * transaction. Returns 0, LEAGUEDB_E_BUSY or LEAGUEDB_E_IO. */
int leaguedb_clear(leaguedb *db, char *err, size_t errsz);

/* DIR/league.db, for messages. Owned by db. */
const char *leaguedb_path(const leaguedb *db);

/* The SQLite connection, for the store's own queries (merge: ATTACH). */
struct sqlite3 *leaguedb_sqlite(leaguedb *db);

#endif
