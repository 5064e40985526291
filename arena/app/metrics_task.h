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

#endif
