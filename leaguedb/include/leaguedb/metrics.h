/*
 * leaguedb/metrics.h - the metrics bots report (util/metric.h, the
 * convention; docs/metrics.md) as the league database keeps them: schema
 * version 3's tables, a game's metrics written with the game and read
 * back, one game or all of them.
 *
 * Tables (version 3; docs/record.md has them with queries):
 *   metric_names(id, name)   every metric name the league has seen, once
 *   metrics(game, side, name, value, turns)  WITHOUT ROWID, key (game,
 *            side, name): one row a metric a side a game;
 *            game   games.id
 *            side   0 black, 1 white, 2 the match ([TDATA])
 *            name   metric_names.id
 *            value  the game's value ([PDATA] / [TDATA] name = value):
 *                   INTEGER, REAL or TEXT; NULL: none
 *            turns  the per-turn values, packed (below); NULL: none
 *   metric_drops(game, side, lines)  metric lines dropped (the flood bound
 *            UTIL_METRIC_TURN_MAX, refused lines), only when some were
 *   view metric_game_values  (game, bot, side, name, value): the game
 *            values with the bot's name (NULL for the match), for SQL
 * The packed turns (compact: a 150-ply game with 4 numeric metrics a turn
 * takes about 1 KB on disk; docs/metrics.md has the measure):
 *   a format byte (1); varint n (values); the plies: varint first ply,
 *   varint step, and when step is 0, n-1 varint deltas (else ply k is
 *   first + k * step); then a kind byte: 1 all integers (zigzag varints
 *   of each value's difference from the one before, the first's from 0),
 *   2 all reals (8-byte little-endian IEEE doubles), 3 mixed: each value a
 *   type byte (util_metric_type) and its integer, double or text (varint
 *   length, bytes), 4 all reals that are m / 10^d for integers m (|m| <
 *   2^53) and one d in 0..9 (a byte after the kind): the m as kind 1's
 *   integers (0.227 is 227 with d 3; the double is m / 10^d, correctly
 *   rounded as the text's was).
 *
 * Older schemas: a version 1 or 2 database opened read-only has no
 * metrics (the reads below find none); opened to write, it is migrated.
 * Same threading as leaguedb.h (one thread at a time on a handle).
 */
#ifndef LEAGUEDB_METRICS_H
#define LEAGUEDB_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "leaguedb/error.h"
#include "leaguedb/leaguedb.h"
#include "util/metric.h"

/* The sides of a metric. */
#define LEAGUEDB_METRIC_BLACK 0
#define LEAGUEDB_METRIC_WHITE 1
#define LEAGUEDB_METRIC_MATCH 2 /* [TDATA]: the match's, no bot's */
#define LEAGUEDB_METRIC_SIDES 3

/* One metric of one side in one game. Texts (name, values' text) NUL-
 * terminated; everything borrowed: from the caller when writing, from the
 * database when read (valid during the callback, or until
 * leaguedb_game_metrics_free). */
typedef struct leaguedb_metric_series {
    int side;                      /* LEAGUEDB_METRIC_BLACK/WHITE/MATCH */
    const char *name;              /* util_metric_name_ok */
    util_metric_value game;        /* the game's value; type NONE: none */
    int n;                         /* per-turn values, 0..plies */
    const int *ply;                /* ply[k]: the ply its turn answered (the
                                      record's "ply": 1-based, the opening's
                                      counted), increasing */
    const util_metric_value *turn; /* turn[k]: its value (never NONE) */
} leaguedb_metric_series;

/* A game's metrics. Read, its series come by side, then by the name's
 * id (the order the league first saw the names). */
typedef struct leaguedb_game_metrics {
    int64_t game; /* games.id */
    int n;
    const leaguedb_metric_series *series;
    int dropped[LEAGUEDB_METRIC_SIDES]; /* metric lines dropped, by side */
} leaguedb_game_metrics;

/* Stores m (game m->game, whose games row is inserted in the same
 * transaction: leaguedb_insert_game) in the caller's transaction; names
 * new to the league are added to metric_names. A game with no series and
 * no drop writes nothing. Returns 0, LEAGUEDB_E_INVAL (read-only, a bad
 * name or side, plies not increasing, a NONE value, the game's metrics
 * stored already), LEAGUEDB_E_NOMEM or LEAGUEDB_E_IO. */
int leaguedb_metrics_put(leaguedb *db, const leaguedb_game_metrics *m, char *err, size_t errsz);

/* Game id's metrics into *out (caller frees with
 * leaguedb_game_metrics_free; n 0 when the game has none or the schema
 * predates metrics). Returns 0, LEAGUEDB_E_PARSE (a corrupt row),
 * LEAGUEDB_E_NOMEM or LEAGUEDB_E_IO. */
int leaguedb_metrics_get(leaguedb *db, int64_t id, leaguedb_game_metrics **out, char *err,
                         size_t errsz);

/* Frees what leaguedb_metrics_get returned. NULL is a no-op. */
void leaguedb_game_metrics_free(leaguedb_game_metrics *m);

/* Calls fn for each game that has metrics, in stored order (games.seq),
 * m valid during the call only. fn returns 0 to go on; its non-zero value
 * ends the walk and is returned. Memory does not grow with the games.
 * Returns 0, fn's value, LEAGUEDB_E_PARSE (a corrupt row), LEAGUEDB_E_NOMEM
 * or LEAGUEDB_E_IO. */
typedef int (*leaguedb_metrics_fn)(const leaguedb_game_metrics *m, void *user);
int leaguedb_metrics_foreach(leaguedb *db, leaguedb_metrics_fn fn, void *user, char *err,
                             size_t errsz);

/* 1 when the database has metric tables (schema >= 3) and a game with
 * metrics, 0 when not, a negative LEAGUEDB_E_* code on failure. */
int leaguedb_has_metrics(leaguedb *db);

/* Packs series s's per-turn values (the turns column) into *out (malloc'd,
 * caller frees). Returns 0, LEAGUEDB_E_INVAL or LEAGUEDB_E_NOMEM. Pure. */
int leaguedb_metric_pack(const leaguedb_metric_series *s, unsigned char **out, size_t *size);

/* Unpacks a turns column into n, ply[] and turn[] (malloc'd in one block
 * with the texts, NUL-terminated: free(*ply) frees it all; blob need not
 * outlive them).
 * Returns 0, LEAGUEDB_E_PARSE or LEAGUEDB_E_NOMEM. Pure. */
int leaguedb_metric_unpack(const void *blob, size_t size, int *n, int **ply,
                           util_metric_value **turn);

#endif
