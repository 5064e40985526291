/*
 * app/serve_live.h - live.js as loa-arena serve sends it (app/serve.h):
 * built from league.db (app/league_pages.h) and kept, the league's and one
 * filter's (?filter=EXPR), each built again when older than
 * ARENA_SERVE_LIVE_MS and ARENA_LIVE_COST_FACTOR times its last build
 * (as a running arena writes it: at most 1/ARENA_LIVE_COST_FACTOR of a
 * core); the bots' metrics summed up at their own, slower pace
 * (ARENA_SERVE_METRICS_MS). Thread-safe: one lock, held while building.
 */
#ifndef ARENA_APP_SERVE_LIVE_H
#define ARENA_APP_SERVE_LIVE_H

#include <stddef.h>

/* live.js is built again at most this often (ms), and never sooner than
 * ARENA_LIVE_COST_FACTOR times its last build took (app/league_pages.h):
 * the dashboard polls it every 3 s, and a build walks every game. */
#define ARENA_SERVE_LIVE_MS 2000
/* The bots' metrics summed up for the bot pages (a walk keeping every
 * value) again at most this often (ms), and never sooner than
 * ARENA_LIVE_COST_FACTOR times the last sum took. */
#define ARENA_SERVE_METRICS_MS 30000

typedef struct arena_live_cache arena_live_cache;

/* A cache for the league in dir (borrowed: outlives the cache); NULL on
 * out of memory. Free with arena_live_cache_free. */
arena_live_cache *arena_live_cache_new(const char *dir);
void arena_live_cache_free(arena_live_cache *c);

/* live.js's text for filter (NULL or "": the whole league's) into *js
 * (malloc'd, the caller frees; *len its length). A filter that is refused
 * (its syntax, a bot the league does not have) gives, with 0, the script
 * loaLeagueFilterError("<the parser's line>"); that the page shows.
 * Returns 0, or an error with err (an unreadable league.db). */
int arena_live_cache_get(arena_live_cache *c, const char *filter, char **js, size_t *len, char *err,
                         size_t errsz);

#endif
