/*
 * db.h - the league database, DIR/league.db (SQLite, WAL): its
 * schema, version and migrations, and its rows. The store (store/store.h)
 * keeps a league's results here; loa-replay reads a game's record from it.
 * It knows SQL and the row shapes, not leagues: what a row means is the
 * store's (games' reasons as their names, bots as indices into the league).
 *
 * Schema (version ARENA_DB_VERSION in PRAGMA user_version; docs/record.md
 * has it with example queries):
 *   meta(key, value)       the league: "league" (its identity JSON, as
 *                          league.json), "fingerprints", "openings_sha256",
 *                          "dir", ...
 *   bots(idx, name)        the league's bots, for queries by name
 *   games(seq, id, ...)    one row a finished game: seq the order stored,
 *                          id the schedule's id, the summary columns of a
 *                          games.jsonl line (times in microseconds)
 *   records(id, record, stderr)  a game's record and stderr blobs
 *                          (store/game_blob.h), apart: walks of the games
 *                          do not read them
 *   run(pid, start_ticks)  the arena running the league: the lock
 *   changes(seq, op, name, bot, made_unix)  (version 2) what other
 *                          processes asked of the league ("add", "replace",
 *                          "retire" a bot; bot: its league.json entry),
 *                          applied in seq order by the arena holding the
 *                          run lock, each deleted as it is applied
 *   view game_results      games with bot names, winner and fault
 * Migrations: version 1 (issue 36) -> 2 (the changes table) when a writer
 * opens it; a reader reads an older schema as it is.
 * Durability: WAL with synchronous=NORMAL: a game is one transaction; kill
 * -9 of any process loses no committed game (the WAL is written before the
 * commit returns); a power loss can lose the last games committed since the
 * last checkpoint, never corrupt the database (sqlite.org/wal.html).
 *
 * An arena_db is an opaque handle owning an SQLite connection: one thread
 * at a time. Several processes may open one league: a busy database is
 * waited for (ARENA_DB_BUSY_MS) before ARENA_E_BUSY.
 */
#ifndef ARENA_DB_H
#define ARENA_DB_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

/* The database's file in a results directory. */
#define ARENA_DB_FILE "league.db"
/* The schema version this code writes (PRAGMA user_version). */
#define ARENA_DB_VERSION 2
/* How long a statement waits for another process's transaction, ms. */
#define ARENA_DB_BUSY_MS 10000

typedef struct arena_db arena_db;

/* A side's times in a game row, microseconds; -1 for NULL (no first turn,
 * no CPU time in wall mode). */
typedef struct arena_db_side {
    int64_t first_us;
    int64_t turns;
    int64_t total_us, max_us;
    int64_t late;
    int64_t cpu_total_us, cpu_max_us;
} arena_db_side;

/* One row of games: the summary, and the blobs (borrowed when inserting;
 * owned by the db and valid until the next call when read). */
typedef struct arena_db_game {
    int64_t id, round, pairing, black, white, seed;
    const char *opening;      /* the opening's moves; NULL: none */
    int64_t winner;           /* -1: NULL (a draw) */
    const char *reason;       /* the end reason's name */
    int64_t fault;            /* -1: NULL */
    int64_t score[2], plies;
    int64_t start_unix, duration_us;
    arena_db_side side[2];
    int64_t under_load;       /* -1: NULL */
    double pressure;
    const char *pressure_source; /* NULL: NULL */
    uint64_t moves_hash;      /* 0: NULL */
    const char *detail;
    const void *record, *stderr_blob; /* NULL: no blob */
    size_t record_size, stderr_size;
} arena_db_game;

enum arena_db_mode {
    ARENA_DB_READ = 0,  /* an existing database, read-only */
    ARENA_DB_WRITE = 1, /* an existing database, or a new one created */
};

/* Opens DIR/league.db (dir the results directory). WRITE creates it with
 * the schema when missing and migrates an older schema; READ needs it to
 * exist. Returns 0 and *out, or ARENA_E_IO (cannot open: err names the file
 * and SQLite's words), ARENA_E_PARSE (not a league database, or a newer
 * schema than this code's), ARENA_E_BUSY or ARENA_E_NOMEM. */
int arena_db_open(const char *dir, int mode, arena_db **out, char *err, size_t errsz);

/* Closes the connection (the WAL is checkpointed by the last one out).
 * NULL is a no-op. */
void arena_db_close(arena_db *db);

/* 1 when DIR/league.db exists. */
int arena_db_exists(const char *dir);

/* Transactions. begin takes the write lock at once (BEGIN IMMEDIATE), so
 * that a transaction never fails half-way for another writer. Each returns
 * 0, ARENA_E_BUSY or ARENA_E_IO (err). */
int arena_db_begin(arena_db *db, char *err, size_t errsz);
int arena_db_commit(arena_db *db, char *err, size_t errsz);
void arena_db_rollback(arena_db *db);

/* meta: *value (malloc'd, caller frees) or NULL when key is absent.
 * Returns 0, ARENA_E_IO or ARENA_E_NOMEM. */
int arena_db_meta_get(arena_db *db, const char *key, char **value, char *err, size_t errsz);
/* Sets (or replaces) key. Returns 0 or ARENA_E_IO. */
int arena_db_meta_set(arena_db *db, const char *key, const char *value, char *err,
                      size_t errsz);

/* Replaces the bots table by names[0..n-1]. Returns 0 or ARENA_E_IO. */
int arena_db_set_bots(arena_db *db, const char *const *names, int n, char *err, size_t errsz);

/* Inserts a game row. Returns 0, ARENA_E_INVAL (its id is stored
 * already) or ARENA_E_IO. */
int arena_db_insert_game(arena_db *db, const arena_db_game *g, char *err, size_t errsz);

/* The number of games. Returns it, or a negative ARENA_E_* code. */
int64_t arena_db_count(arena_db *db);

/* Calls fn for every game in stored order (seq), without the blobs
 * (record and stderr NULL): memory does not grow with them. fn returns 0
 * to go on; its non-zero value ends the walk and is returned. Returns 0,
 * fn's value, or ARENA_E_IO. */
typedef int (*arena_db_game_fn)(const arena_db_game *g, void *user);
int arena_db_foreach(arena_db *db, arena_db_game_fn fn, void *user, char *err, size_t errsz);

/* As arena_db_foreach, with the blobs (record, stderr_blob: valid during
 * the call only). */
int arena_db_foreach_full(arena_db *db, arena_db_game_fn fn, void *user, char *err,
                          size_t errsz);

/* Calls fn with every stored game's id (any order). fn returns 0 to go
 * on. Returns 0, fn's non-zero value, or ARENA_E_IO. */
typedef int (*arena_db_id_fn)(int64_t id, void *user);
int arena_db_foreach_id(arena_db *db, arena_db_id_fn fn, void *user, char *err, size_t errsz);

/* The games counted by the database: count games between black and white
 * (bot indices) that ended with winner (0 black, 1 white, -1 a draw),
 * faulted 1 when a side was at fault. */
typedef struct arena_db_tally_row {
    int64_t black, white, winner, faulted, count;
} arena_db_tally_row;

/* Calls fn for every distinct (black, white, winner, faulted) of the
 * games (SQL GROUP BY: no row walked in C). Returns 0, fn's non-zero
 * value, or ARENA_E_IO. */
typedef int (*arena_db_tally_fn)(const arena_db_tally_row *t, void *user);
int arena_db_tally(arena_db *db, arena_db_tally_fn fn, void *user, char *err, size_t errsz);

/* Calls fn (as arena_db_foreach: no blobs) for the games an index lists,
 * in stored order: the max newest games and the max newest games lost by
 * a fault (at most 2 * max). Returns 0, fn's value, ARENA_E_INVAL (max <
 * 0) or ARENA_E_IO. */
int arena_db_foreach_index(arena_db *db, int64_t max, arena_db_game_fn fn, void *user,
                           char *err, size_t errsz);

/* As arena_db_foreach, from the game after the first skip in stored
 * order (the lines an export lacks). Returns 0, fn's value, ARENA_E_INVAL
 * (skip < 0) or ARENA_E_IO. */
int arena_db_foreach_from(arena_db *db, int64_t skip, arena_db_game_fn fn, void *user,
                          char *err, size_t errsz);

/* The number of games stored up to game id, that one included (its
 * place in the stored order, counting from 1); 0 when there is no game
 * id; a negative ARENA_E_* code on failure. */
int64_t arena_db_games_up_to(arena_db *db, int64_t id);

/* Whether the game of g's id is stored as g: 1 when its row equals g in
 * every column (blobs included), 0 when it differs, -1 when there is no
 * such game; another negative ARENA_E_* code on failure. */
int arena_db_compare_game(arena_db *db, const arena_db_game *g, char *err, size_t errsz);

/* Game id's full JSON record, decoded from its blobs (*out, caller owns).
 * Returns 0, ARENA_E_INVAL (no game id), ARENA_E_PARSE (corrupt blobs),
 * ARENA_E_IO or ARENA_E_NOMEM. */
int arena_db_record(arena_db *db, int64_t id, cJSON **out, char *err, size_t errsz);

/* The run lock: the row of the arena playing the league. Taken when no
 * live process holds it (a row left by a killed arena is stale: its pid
 * is gone, or is another process since the pid's start time differs).
 * Returns 0, ARENA_E_BUSY (err: "in use by another loa-arena (pid N)") or
 * ARENA_E_IO. Released by arena_db_unlock or arena_db_close. */
int arena_db_lock(arena_db *db, char *err, size_t errsz);
void arena_db_unlock(arena_db *db);

/* The run lock's holder: the pid of the live process holding it, 0 when
 * none does (no row, or a row left by a process that died), a negative
 * ARENA_E_* code on failure. */
long arena_db_lock_holder(arena_db *db);

/* Releases the run lock held by this connection unless a change is
 * pending, in one transaction (so a change asked at that moment is either
 * seen here or finds the lock free: never lost between the two). Returns
 * 1 released, 0 kept (changes wait), or a negative ARENA_E_* code. */
int arena_db_unlock_if_idle(arena_db *db, char *err, size_t errsz);

/* A pending change (a row of changes; texts valid during the call). */
typedef struct arena_db_change {
    int64_t seq;
    const char *op, *name, *bot; /* bot NULL for "retire" */
    int64_t made_unix;
} arena_db_change;

/* Appends a change (in the caller's transaction, or its own) under a seq
 * never used before in this database, even after the changes were all
 * applied (the last one is kept in meta "changes_last_seq"). Returns 0,
 * ARENA_E_BUSY or ARENA_E_IO. */
int arena_db_change_add(arena_db *db, const char *op, const char *name, const char *bot,
                        char *err, size_t errsz);

/* Calls fn for every pending change in seq order; fn returns 0 to go on,
 * its non-zero value ends the walk and is returned. A version-1 database
 * (read-only) has none. Returns 0, fn's value or ARENA_E_IO. */
typedef int (*arena_db_change_fn)(const arena_db_change *c, void *user);
int arena_db_changes(arena_db *db, arena_db_change_fn fn, void *user, char *err, size_t errsz);

/* Deletes change seq (in the caller's transaction). 0 or ARENA_E_IO. */
int arena_db_change_remove(arena_db *db, int64_t seq, char *err, size_t errsz);

/* 1 when a change is pending, 0 when not, a negative ARENA_E_* code on
 * failure. Cheap: the arena asks about once a second while it plays. */
int arena_db_changes_pending(arena_db *db);

/* 1 when change seq still waits, 0 when not (applied or dropped), a
 * negative ARENA_E_* code on failure. */
int arena_db_change_waits(arena_db *db, int64_t seq);

/* Copies the games of bot idx (and their records), with the league's meta
 * and bots, into a new database at dir (its schema made), in one
 * transaction of that database: a replaced bot's games archived. Returns
 * the number of games copied, or a negative ARENA_E_* code (err). */
int64_t arena_db_archive_bot(arena_db *db, int idx, const char *dir, char *err, size_t errsz);

/* Deletes the games of bot idx and their records (in the caller's
 * transaction). Returns 0 or ARENA_E_IO. */
int arena_db_delete_bot_games(arena_db *db, int idx, char *err, size_t errsz);

/* 1 when bot idx has a game (black or white), 0 when not, -1 on failure. */
int arena_db_bot_has_games(arena_db *db, int idx);

/* 1 when the league's bots (the bots table) hold one named name, 0 when
 * not, -1 on failure. */
int arena_db_bot_named(arena_db *db, const char *name);

/* 1 when the database holds a game, 0 when none, -1 on failure. */
int arena_db_has_games(arena_db *db);

/* 1 when the database holds a league (meta "league"), 0 when not. */
int arena_db_has_league(arena_db *db);

/* A consistent copy of the whole database into the new file path (VACUUM
 * INTO). Returns 0 or ARENA_E_IO. */
int arena_db_copy_to(arena_db *db, const char *path, char *err, size_t errsz);

/* Empties the database (games, meta, bots; the run lock stays), in one
 * transaction. Returns 0, ARENA_E_BUSY or ARENA_E_IO. */
int arena_db_clear(arena_db *db, char *err, size_t errsz);

/* DIR/league.db, for messages. Owned by db. */
const char *arena_db_path(const arena_db *db);

/* The SQLite connection, for the store's own queries (merge: ATTACH). */
struct sqlite3 *arena_db_sqlite(arena_db *db);

#endif
