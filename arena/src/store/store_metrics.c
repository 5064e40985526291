/* store_metrics.c - a played game's metrics (ref_ply.metrics) as the
 * league database keeps them (leaguedb/metrics.h): one series a side a
 * name, its turns keyed by the ply they answered. */
#include <stdlib.h>
#include <string.h>

#include "store_impl.h"
#include "util/text.h"

/* One series being built: its plies and values grow as turns come. */
typedef struct building {
    int side;
    const char *name; /* the game's (ref_metric.name) */
    util_metric_value game;
    int n, cap;
    int *ply;
    util_metric_value *turn;
} building;

void arena_store_metrics_free(arena_store_metrics *h)
{
    for (int k = 0; k < h->n; k++) {
        free(h->b[k].ply);
        free(h->b[k].turn);
    }
    free(h->b);
    free(h->series);
    memset(h, 0, sizeof *h);
}

/* The series (side, name), made when new; NULL when the game has
 * UTIL_METRIC_GAME_SERIES_MAX already, or on out of memory (*nomem set). */
static building *series_of(arena_store_metrics *h, int side, const char *name, int *nomem)
{
    for (int k = 0; k < h->n; k++)
        if (h->b[k].side == side && strcmp(h->b[k].name, name) == 0)
            return &h->b[k];
    if (h->n == UTIL_METRIC_GAME_SERIES_MAX)
        return NULL;
    if (h->n == h->cap) {
        int cap = h->cap ? h->cap * 2 : 16;
        building *nb = realloc(h->b, sizeof *nb * (size_t)cap);
        if (!nb) {
            *nomem = 1;
            return NULL;
        }
        h->b = nb;
        h->cap = cap;
    }
    building *b = &h->b[h->n++];
    memset(b, 0, sizeof *b);
    b->side = side;
    b->name = name;
    return b;
}

static int append(building *b, int ply, const util_metric_value *v)
{
    if (b->n == b->cap) {
        int cap = b->cap ? b->cap * 2 : 64;
        int *np = realloc(b->ply, sizeof *np * (size_t)cap);
        if (np)
            b->ply = np;
        util_metric_value *nt = np ? realloc(b->turn, sizeof *nt * (size_t)cap) : NULL;
        if (!nt)
            return -1;
        b->turn = nt;
        b->cap = cap;
    }
    b->ply[b->n] = ply;
    b->turn[b->n++] = *v;
    return 0;
}

/* Adds ply i's metrics (its game's ply number ply) to h. -1 on out of
 * memory. */
static int add_ply(arena_store_metrics *h, const ref_ply *p, int ply)
{
    int nomem = 0;
    h->m.dropped[p->player] += p->metrics_dropped;
    for (int k = 0; k < p->n_metrics; k++) {
        const ref_metric *m = &p->metrics[k];
        int match = m->scope == UTIL_METRIC_MATCH || m->scope == UTIL_METRIC_MATCH_TURN;
        int side = match ? LEAGUEDB_METRIC_MATCH : p->player;
        building *b = series_of(h, side, m->name, &nomem);
        if (!b) {
            if (nomem)
                return -1;
            h->m.dropped[side]++; /* past the names a game may have */
        } else if (m->scope == UTIL_METRIC_GAME || m->scope == UTIL_METRIC_MATCH) {
            b->game = m->value;
        } else if (b->n && b->ply[b->n - 1] == ply) {
            b->turn[b->n - 1] = m->value; /* both bots' [TDATA] of one ply: never */
        } else if (append(b, ply, &m->value)) {
            return -1;
        }
    }
    return 0;
}

int arena_store_metrics_of(const ref_game *g, int64_t id, arena_store_metrics *h)
{
    memset(h, 0, sizeof *h);
    h->m.game = id;
    int opening = ref_game_opening(g, NULL), n = ref_game_ply_count(g);
    for (int i = 0; i < n; i++) {
        const ref_ply *p = ref_game_ply(g, i);
        if ((p->n_metrics || p->metrics_dropped) && add_ply(h, p, opening + i + 1)) {
            arena_store_metrics_free(h);
            return ARENA_E_NOMEM;
        }
    }
    if (h->n && !(h->series = malloc(sizeof *h->series * (size_t)h->n))) {
        arena_store_metrics_free(h);
        return ARENA_E_NOMEM;
    }
    for (int k = 0; k < h->n; k++) {
        const building *b = &h->b[k];
        h->series[k] = (leaguedb_metric_series){b->side, b->name, b->game, b->n, b->ply, b->turn};
    }
    h->m.n = h->n;
    h->m.series = h->series;
    return 0;
}

char *arena_store_strip_stderr(const ref_game *g, const char **texts)
{
    int n = ref_game_ply_count(g);
    size_t total = 1;
    for (int i = 0; i < n; i++) {
        const char *t = ref_game_ply(g, i)->stderr_tail;
        total += t ? strlen(t) + 1 : 1;
    }
    char *buf = malloc(total), *o = buf;
    for (int i = 0; buf && i < n; i++) {
        const char *t = ref_game_ply(g, i)->stderr_tail;
        if (!t || !strchr(t, '[')) { /* no metric line: the text as it is */
            texts[i] = t ? t : "";
            continue;
        }
        texts[i] = o;
        o += util_metric_strip(t, strlen(t), o) + 1;
    }
    return buf;
}

/* The stderr string s without its metric lines: replaced in place. */
static void strip_text(cJSON *s)
{
    if (!cJSON_IsString(s) || !strchr(s->valuestring, '['))
        return;
    size_t n = strlen(s->valuestring);
    char *t = malloc(n + 1);
    if (t) {
        util_metric_strip(s->valuestring, n, t);
        strcpy(s->valuestring, t); /* never longer */
        free(t);
    }
}

void arena_store_strip_metrics(cJSON *record)
{
    cJSON_DeleteItemFromObjectCaseSensitive(record, "metrics");
    cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(record, "plies"))
    {
        cJSON_DeleteItemFromObjectCaseSensitive(p, "metrics");
        cJSON_DeleteItemFromObjectCaseSensitive(p, "match_metrics");
        cJSON_DeleteItemFromObjectCaseSensitive(p, "metrics_dropped");
        strip_text(cJSON_GetObjectItemCaseSensitive(p, "stderr"));
    }
    cJSON *side, *frame;
    cJSON_ArrayForEach(side, cJSON_GetObjectItemCaseSensitive(record, "errors"))
    {
        cJSON_ArrayForEach(frame, side)
        {
            strip_text(frame);
            if (cJSON_IsString(frame) && !frame->valuestring[0]) {
                /* an empty frame is null, as in the SDK: swap in place */
                cJSON *null = cJSON_CreateNull();
                if (null)
                    cJSON_ReplaceItemViaPointer(side, frame, null), frame = null;
            }
        }
    }
}
