/*
 * app/league_pages.h - a league's pages (docs/replay.md, "Leagues") from
 * its store: the index, a page per bot, the shared viewer, and live.js,
 * their data: the standings and the dashboard's figures of one walk over
 * the games (report/dashboard.h), the listed games, and while the league
 * runs its progress. A running league writes live.js again every
 * ARENA_LIVE_MS at least, and never sooner than ARENA_LIVE_COST_FACTOR
 * times the last write took: the pages cost about 1/ARENA_LIVE_COST_FACTOR
 * of one core, whatever the league's size (a growing league's next write
 * costs a little more than the last; docs/arena.md has the measured cost). Main thread only (the store is one thread's).
 */
#ifndef ARENA_APP_LEAGUE_PAGES_H
#define ARENA_APP_LEAGUE_PAGES_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "store/store.h"

/* Shortest interval between two writes of live.js (ms). */
#define ARENA_LIVE_MS 2000
/* The interval is at least this many times the last write's cost. */
#define ARENA_LIVE_COST_FACTOR 50

/* A running league's progress, for its pages. */
typedef struct arena_site_progress {
    int done, total;  /* games stored, games in the schedule (this shard) */
    int played_now;   /* games played by this run */
    double elapsed_s; /* this run's time so far */
    int sprt;         /* 1: an SPRT, which may stop before total */
} arena_site_progress;

/* Writes the pages of st's league into dir (replay component; nothing
 * without it): with p NULL a stopped league's (every page but the games',
 * the ARENA_INDEX_GAMES newest and newest faulted games listed), else a
 * running one's (ARENA_LIVE_GAMES of each, its progress p); live_only:
 * live.js alone. Returns 0 or an error with err (callers warn). */
int arena_league_site(const arena_store *st, const char *dir, const arena_site_progress *p,
                      int live_only, char *err, size_t errsz);

/* The text of dir/live.js for st's league as loa-arena serve sends it:
 * every game linked to its page (rendered on request), "running" so that
 * the pages poll it, the ARENA_INDEX_GAMES newest and newest faulted games
 * listed, the standings' "metrics" metrics (borrowed, copied; NULL: none:
 * a server sums them up at its own pace, arena_league_metrics); nothing
 * written. *js is malloc'd (the caller frees), *len its length. Returns 0
 * or an error with err. */
int arena_league_live_js(const arena_store *st, const char *dir, const cJSON *metrics, char **js,
                         size_t *len, char *err, size_t errsz);

/* The metrics st's bots reported, summed up (app/metrics_task.h) as the
 * standings' "metrics" holds them, into *metrics (caller frees; NULL when
 * the league has none). Walks every game and keeps every value: 3-4 s
 * and 0.5 GB over 100,000 games with metrics. Returns 0 or an error with
 * err. */
int arena_league_metrics(const arena_store *st, cJSON **metrics, char *err, size_t errsz);

/* As arena_league_live_js on the games filter keeps (cgarena's language,
 * results/filter.h; docs/arena.md, "Filters"): the standings, figures,
 * metrics and listed games of that subset, and the standings' "filter":
 * {"text", "kept", "seen"}. Returns 0, ARENA_E_CONFIG (filter refused:
 * err is the parser's one line, e.g. "filter: column 12: expected ..."),
 * or another error with err. */
int arena_league_live_js_filtered(const arena_store *st, const char *dir, const char *filter,
                                  char **js, size_t *len, char *err, size_t errsz);

/* When a running league's live.js is written, and what it cost. */
typedef struct arena_live {
    int enabled;
    int writes;
    int64_t last_us, last_cost_us, total_cost_us; /* monotonic clock */
} arena_live;

/* Starts *lv (enabled: 0 writes nothing; so does an arena without the
 * replay component). */
void arena_live_init(arena_live *lv, int enabled);

/* 1 when a write is due (never written, or the interval has passed). */
int arena_live_due(const arena_live *lv);

/* Writes the pages (the first time every page, then live.js alone) and
 * times the write. Returns as arena_league_site. */
int arena_live_write(arena_live *lv, const arena_store *st, const char *dir,
                     const arena_site_progress *p, char *err, size_t errsz);

#endif
