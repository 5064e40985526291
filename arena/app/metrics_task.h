/*
 * app/metrics_task.h - the metrics bots reported across a league's stored
 * games (leaguedb/metrics.h), summed up per bot (results/metrics.h) for
 * `loa-arena --standings DIR --metrics` and standings.json.
 */
#ifndef ARENA_APP_METRICS_TASK_H
#define ARENA_APP_METRICS_TASK_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "league/settings.h"
#include "results/filter_game.h"
#include "store/store.h"

/* Sums up store's metrics: each game's series are its black's and white's
 * (the match's data is not a bot's: left out), in a win, a loss or a draw
 * of theirs; exclude (NULL: none) leaves bots out with their games; only
 * (NULL: all) prints only the metrics it names (comma-separated). Prints
 * them on out when out is not NULL; sets *json (when not NULL) to their
 * JSON (report/metrics_report.h; NULL when the league has no metrics).
 * Returns 0, or an ARENA_E_* code with err. */
int arena_task_metrics(const arena_settings *s, const arena_store *store,
                       const unsigned char *exclude, const char *only, FILE *out, cJSON **json,
                       char *err, size_t errsz);

/* As arena_task_metrics over the games walk gives from source (the games
 * a filter keeps: results/filter_game.h) instead of all the store's. */
int arena_task_metrics_of(const arena_settings *s, const arena_store *store,
                          arena_games_walk_fn walk, void *source, const unsigned char *exclude,
                          const char *only, FILE *out, cJSON **json, char *err, size_t errsz);

/* The filter's metrics lookup (results/filter_game.h, the hook
 * arena_filter_metric_fn) over a store's league database: bot(NAME).x is
 * the bot's game value ([PDATA] x = v), bot(NAME)[N].x its value for the
 * turn that answered ply N; a number (integer or real) or a text, missing
 * when the bot reported none. A game's metrics are read once, when the
 * filter first asks for one of them, and kept until the next game's.
 * Set store, zero the rest; free with arena_filter_metrics_end. A read
 * that fails leaves the value missing and keeps the first error in
 * rc/err (the caller reports it after the walk). One thread. */
typedef struct arena_filter_metrics {
    const arena_store *store;
    struct leaguedb_game_metrics *game; /* the cached game's, or NULL */
    int64_t id;                         /* its id; -1 none */
    int rc;                             /* the first read's failure, 0 none */
    char err[320];
} arena_filter_metrics;

/* An arena_filter_metric_fn; user is an arena_filter_metrics. */
void arena_filter_metrics_lookup(void *user, const arena_game_record *r, int side, int ply,
                                 const char *name, arena_filter_value *out);

/* Frees the cached game. */
void arena_filter_metrics_end(arena_filter_metrics *fm);

#endif
