/* serve_live.c - live.js built from league.db and kept for loa-arena serve
 * (app/serve_live.h). */
#include "app/serve_live.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "app/league_pages.h"
#include "core/error.h"
#include "loa/loa.h"
#include "store/store.h"
#include "util/text.h"

/* One kept text and when it was built (loa_wall_us; 0: never). */
typedef struct kept {
    char *js;
    size_t len;
    int64_t built_us, cost_us;
} kept;

struct arena_live_cache {
    const char *dir;
    pthread_mutex_t lock;
    kept league;   /* the whole league's */
    kept filtered; /* filter's */
    char *filter;
    cJSON *metrics; /* the league's metrics summed up, NULL: none */
    int64_t metrics_us, metrics_cost_us;
};

arena_live_cache *arena_live_cache_new(const char *dir)
{
    arena_live_cache *c = calloc(1, sizeof *c);
    if (c) {
        c->dir = dir;
        pthread_mutex_init(&c->lock, NULL);
    }
    return c;
}

void arena_live_cache_free(arena_live_cache *c)
{
    if (!c)
        return;
    pthread_mutex_destroy(&c->lock);
    free(c->league.js);
    free(c->filtered.js);
    free(c->filter);
    cJSON_Delete(c->metrics);
    free(c);
}

/* 1 when something built at built_us, at a cost, is due again: older than
 * min_ms and ARENA_LIVE_COST_FACTOR times its cost, or never built. */
static int due(int64_t now, int64_t built_us, int64_t cost_us, int min_ms)
{
    int64_t wait = (int64_t)min_ms * 1000;
    if (wait < cost_us * ARENA_LIVE_COST_FACTOR)
        wait = cost_us * ARENA_LIVE_COST_FACTOR;
    return built_us == 0 || now - built_us >= wait;
}

/* The league's metrics summed up again when due (3-4 s over 100,000
 * games: the bot pages' figures lag, live.js does not); on a failure the
 * last ones stay. */
static void metrics_refresh(arena_live_cache *c, const arena_store *st)
{
    int64_t now = loa_wall_us();
    if (!due(now, c->metrics_us, c->metrics_cost_us, ARENA_SERVE_METRICS_MS))
        return;
    cJSON *m = NULL;
    char err[256];
    if (arena_league_metrics(st, &m, err, sizeof err) == 0) {
        cJSON_Delete(c->metrics);
        c->metrics = m;
    }
    c->metrics_us = now;
    c->metrics_cost_us = loa_wall_us() - now;
}

/* k's text built again when due; filter NULL: the league's. Returns 0, or
 * an error with err (k unchanged). */
static int build(arena_live_cache *c, kept *k, const char *filter, char *err, size_t errsz)
{
    int64_t now = loa_wall_us();
    if (k->js && !due(now, k->built_us, k->cost_us, ARENA_SERVE_LIVE_MS))
        return 0;
    arena_store *st = NULL;
    char *js = NULL;
    size_t len = 0;
    int rc =
        arena_store_open(c->dir, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err, errsz);
    if (rc == 0 && !filter)
        metrics_refresh(c, st);
    if (rc == 0)
        rc = filter ? arena_league_live_js_filtered(st, c->dir, filter, &js, &len, err, errsz)
                    : arena_league_live_js(st, c->dir, c->metrics, &js, &len, err, errsz);
    arena_store_close(st);
    if (rc == 0) {
        free(k->js);
        k->js = js;
        k->len = len;
        k->built_us = now;
        k->cost_us = loa_wall_us() - now;
    }
    return rc;
}

/* A refused filter as live.js: loaLeagueFilterError(message). */
static int refused(const char *message, char **js, size_t *len)
{
    cJSON *m = cJSON_CreateString(message);
    char *q = m ? cJSON_PrintUnformatted(m) : NULL;
    cJSON_Delete(m);
    size_t n = q ? strlen(q) + 32 : 0;
    if (q && (*js = malloc(n)))
        *len = (size_t)snprintf(*js, n, "loaLeagueFilterError(%s);\n", q);
    cJSON_free(q);
    return *js ? 0 : ARENA_E_NOMEM;
}

int arena_live_cache_get(arena_live_cache *c, const char *filter, char **js, size_t *len, char *err,
                         size_t errsz)
{
    *js = NULL;
    *len = 0;
    if (filter && !*filter)
        filter = NULL;
    pthread_mutex_lock(&c->lock);
    int rc = 0;
    if (filter && (!c->filter || strcmp(c->filter, filter))) { /* another filter */
        free(c->filtered.js);
        free(c->filter);
        c->filtered = (kept){0};
        if (!(c->filter = strdup(filter)))
            rc = ARENA_E_NOMEM;
    }
    kept *k = filter ? &c->filtered : &c->league;
    if (rc == 0)
        rc = build(c, k, filter, err, errsz);
    if (rc == 0 && (*js = malloc(k->len + 1))) {
        memcpy(*js, k->js, k->len + 1);
        *len = k->len;
    } else if (rc == 0) {
        rc = ARENA_E_NOMEM;
    }
    pthread_mutex_unlock(&c->lock);
    if (arena_error_kind(rc) == ARENA_E_CONFIG) /* the filter's own line */
        rc = refused(err, js, len);
    if (rc == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    return rc;
}
