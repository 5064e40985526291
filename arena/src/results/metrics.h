/*
 * results/metrics.h - the metrics bots reported across a league's games
 * (util/metric.h; docs/metrics.md), summed up for each bot and metric:
 * count, mean, median, p10 and p90 of its numeric turn values over all
 * turns, by game phase (plies 1-20, 21-60, 61+) and in the games it won
 * and lost; its game values ([PDATA] name = value) the same way over
 * games. Text values are counted, not summed up.
 *
 * Exact: every value is kept (8 bytes each) until the summary; a quantile
 * is numpy's default (linear between the two closest ranks: h = (n - 1)
 * p, x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]) of the sorted
 * values), the median the 0.5 one.
 *
 * One accumulator per thread.
 */
#ifndef ARENA_RESULTS_METRICS_H
#define ARENA_RESULTS_METRICS_H

#include <stdint.h>

#include "util/metric.h"

/* The groups a metric is summed up in. */
typedef enum arena_metric_group {
    ARENA_METRIC_ALL = 0,
    ARENA_METRIC_OPENING, /* plies 1..ARENA_METRIC_OPENING_LAST */
    ARENA_METRIC_MIDDLE,  /* plies ..ARENA_METRIC_MIDDLE_LAST */
    ARENA_METRIC_LATE,    /* the plies after */
    ARENA_METRIC_WINS,    /* in the games the bot won */
    ARENA_METRIC_LOSSES,  /* in the games it lost */
    ARENA_METRIC_GROUPS
} arena_metric_group;

/* The game phases by ply (the 1-20, 21-60, 61+). */
#define ARENA_METRIC_OPENING_LAST 20
#define ARENA_METRIC_MIDDLE_LAST 60

/* The curve against ply: turn values by the ply their turn answered, in
 * buckets of ARENA_METRIC_BUCKET_PLIES plies (1-10, 11-20, ...; a bot
 * answers every other ply, so a bucket holds about 5 of its turns a game),
 * the last one taking every ply past it. The phases above are unions of
 * buckets, so the values are kept once, by bucket. 15 buckets cover
 * CodinGame's 150 plies (LOA_MAX_PLIES). */
#define ARENA_METRIC_BUCKET_PLIES 10
#define ARENA_METRIC_BUCKETS 15

/* A game's outcome for the bot reporting. */
enum { ARENA_METRIC_DRAW = 0, ARENA_METRIC_WIN = 1, ARENA_METRIC_LOSS = 2 };

/* One group's summary; n 0: no value (the rest 0). */
typedef struct arena_metric_stats {
    int64_t n;
    double mean, median, p10, p90;
} arena_metric_stats;

/* One bot's metric summed up. */
typedef struct arena_metric_summary {
    int bot;          /* the league's index */
    const char *name; /* owned by the accumulator */
    int game;         /* 1: its game values ([PDATA] name = v); 0: its turns */
    int64_t texts;    /* text values seen (not summed up) */
    arena_metric_stats g[ARENA_METRIC_GROUPS]; /* the phases empty for game values */
    /* Turn values only: bucket b holds plies b * ARENA_METRIC_BUCKET_PLIES
     * + 1 .. (b + 1) * ARENA_METRIC_BUCKET_PLIES (the last: and after),
     * every outcome; n 0: none. */
    arena_metric_stats curve[ARENA_METRIC_BUCKETS];
} arena_metric_summary;

typedef struct arena_metrics arena_metrics;

/* A new accumulator for bots 0..bots-1; NULL on out of memory. */
arena_metrics *arena_metrics_new(int bots);
void arena_metrics_free(arena_metrics *a);

/* Adds bot's turn values v[0..n) of metric name at plies ply[0..n) in a
 * game of outcome (ARENA_METRIC_WIN/LOSS/DRAW). Returns 0, ARENA_E_INVAL
 * (a bot out of range) or ARENA_E_NOMEM. */
int arena_metrics_add_turns(arena_metrics *a, int bot, const char *name, int outcome, int n,
                            const int *ply, const util_metric_value *v);

/* Adds bot's game value v of metric name (NONE: nothing). Same returns. */
int arena_metrics_add_game(arena_metrics *a, int bot, const char *name, int outcome,
                           const util_metric_value *v);

/* Adds lines of bot's metrics dropped (the flood bound, refused lines). */
void arena_metrics_add_dropped(arena_metrics *a, int bot, int64_t lines);

/* Counts a game of bot that reported metrics. */
void arena_metrics_add_game_seen(arena_metrics *a, int bot);

/* The summaries, ordered by bot, then turn metrics before game ones, then
 * the names' first appearance: *out (malloc'd, caller frees; names valid
 * while a lives) and their number. The values are sorted in place (a can
 * still be summed up again, not added to meaningfully after). Returns 0 or
 * ARENA_E_NOMEM. */
int arena_metrics_summarize(arena_metrics *a, arena_metric_summary **out, int *n);

/* Bot's games with metrics and lines dropped. */
int64_t arena_metrics_games(const arena_metrics *a, int bot);
int64_t arena_metrics_dropped(const arena_metrics *a, int bot);

/* The group's name in the printouts and JSON: "all", "plies 1-20",
 * "plies 21-60", "plies 61+", "wins", "losses"; and its JSON key: "all",
 * "plies_1_20", "plies_21_60", "plies_61_up", "wins", "losses". */
const char *arena_metric_group_name(arena_metric_group g);
const char *arena_metric_group_key(arena_metric_group g);

#endif
