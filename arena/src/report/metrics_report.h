/*
 * report/metrics_report.h - the metrics bots reported across a league
 * (results/metrics.h) as `loa-arena --standings DIR --metrics` prints them
 * and as standings.json's "metrics" (docs/metrics.md shows both).
 *
 * Thread-safe on distinct values and streams.
 */
#ifndef ARENA_REPORT_METRICS_REPORT_H
#define ARENA_REPORT_METRICS_REPORT_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "league/settings.h"
#include "results/metrics.h"

/* Prints sum[0..n) (arena_metrics_summarize's, of a) on out: for each bot
 * with metrics, its games, lines dropped, and a row a metric a group
 * that has values (n, mean, median, p10, p90; texts counted); "no metrics reported" when n is
 * 0. Bot names (and metric names) are the league's: printed as they are
 * (names are checked at their entry: no control characters). only (NULL:
 * all) names the metrics to print, comma-separated. Returns 0 or
 * ARENA_E_IO. */
int arena_metrics_print(const arena_metrics *a, const arena_metric_summary *sum, int n,
                        const arena_settings *s, const char *only, FILE *out);

/* The same as JSON: {"bots": [{"name", "games", "dropped", "metrics":
 * [{"name", "scope": "turn"|"game", "texts", "all": {"n", "mean",
 * "median", "p10", "p90"}, "plies_1_20": ..., "wins": ..., "losses":
 * ...}]}]}; groups without values are left out. NULL on out of memory. */
cJSON *arena_metrics_to_json(const arena_metrics *a, const arena_metric_summary *sum, int n,
                             const arena_settings *s);

#endif
