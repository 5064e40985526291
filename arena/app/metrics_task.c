/* metrics_task.c - a league's metrics summed up (app/metrics_task.h). */
#include "app/metrics_task.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "leaguedb/metrics.h"
#include "report/metrics_report.h"
#include "results/metrics.h"
#include "util/text.h"

/* The games' sides and outcomes by id, then the accumulator. */
typedef struct task {
    int *black, *white, *winner; /* by game id; black -1: no such game */
    int ids;
    const unsigned char *exclude;
    arena_metrics *acc;
} task;

static int game_seen(const arena_game_record *r, void *user)
{
    task *t = user;
    if (r->id < 0)
        return 0;
    if (r->id >= t->ids) {
        int ids = r->id * 2 + 64;
        int *b = realloc(t->black, sizeof *b * (size_t)ids);
        if (b)
            t->black = b;
        int *w = b ? realloc(t->white, sizeof *w * (size_t)ids) : NULL;
        if (w)
            t->white = w;
        int *x = w ? realloc(t->winner, sizeof *x * (size_t)ids) : NULL;
        if (!x)
            return ARENA_E_NOMEM;
        t->winner = x;
        for (int k = t->ids; k < ids; k++)
            t->black[k] = -1;
        t->ids = ids;
    }
    t->black[r->id] = r->black;
    t->white[r->id] = r->white;
    t->winner[r->id] = r->winner;
    return 0;
}

static int game_metrics(const leaguedb_game_metrics *m, void *user)
{
    task *t = user;
    if (m->game < 0 || m->game >= t->ids || t->black[m->game] < 0)
        return 0; /* metrics of a game the walk did not see */
    int bot[2] = {t->black[m->game], t->white[m->game]}, seen[2] = {0, 0};
    int winner = t->winner[m->game];
    for (int side = 0; side < 2; side++)
        if (!t->exclude || !t->exclude[bot[side]])
            arena_metrics_add_dropped(t->acc, bot[side], m->dropped[side]);
    for (int k = 0; k < m->n; k++) {
        const leaguedb_metric_series *s = &m->series[k];
        if (s->side > 1 || (t->exclude && t->exclude[bot[s->side]]))
            continue;
        int outcome = winner < 0          ? ARENA_METRIC_DRAW
                      : winner == s->side ? ARENA_METRIC_WIN
                                          : ARENA_METRIC_LOSS;
        int rc =
            arena_metrics_add_turns(t->acc, bot[s->side], s->name, outcome, s->n, s->ply, s->turn);
        if (!rc)
            rc = arena_metrics_add_game(t->acc, bot[s->side], s->name, outcome, &s->game);
        if (rc)
            return rc;
        seen[s->side] = 1;
    }
    for (int side = 0; side < 2; side++)
        if (seen[side])
            arena_metrics_add_game_seen(t->acc, bot[side]);
    return 0;
}

int arena_task_metrics(const arena_settings *s, const arena_store *store,
                       const unsigned char *exclude, const char *only, FILE *out, cJSON **json,
                       char *err, size_t errsz)
{
    return arena_task_metrics_of(s, store, arena_store_games_walk, (void *)store, exclude, only,
                                 out, json, err, errsz);
}

int arena_task_metrics_of(const arena_settings *s, const arena_store *store,
                          arena_games_walk_fn walk, void *source, const unsigned char *exclude,
                          const char *only, FILE *out, cJSON **json, char *err, size_t errsz)
{
    if (json)
        *json = NULL;
    task t = {.exclude = exclude, .acc = arena_metrics_new(s->bot_count)};
    arena_metric_summary *sum = NULL;
    int n = 0;
    int rc = t.acc ? walk(source, game_seen, &t) : ARENA_E_NOMEM;
    if (rc && rc != ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "cannot read the games of %s", arena_store_db_path(store));
    if (rc == 0)
        rc = leaguedb_metrics_foreach(arena_store_db(store), game_metrics, &t, err, errsz);
    if (rc == 0)
        rc = arena_metrics_summarize(t.acc, &sum, &n);
    if (rc == 0 && out)
        rc = arena_metrics_print(t.acc, sum, n, s, only, out);
    if (rc == 0 && json && n && !(*json = arena_metrics_to_json(t.acc, sum, n, s)))
        rc = ARENA_E_NOMEM;
    if (rc == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    else if (rc == ARENA_E_IO && out)
        util_fail(rc, err, errsz, "cannot print the metrics");
    free(sum);
    free(t.black);
    free(t.white);
    free(t.winner);
    arena_metrics_free(t.acc);
    return rc;
}

/* The value v as the filter compares it. */
static void filter_value(const util_metric_value *v, arena_filter_value *out)
{
    if (v->type == UTIL_METRIC_INT || v->type == UTIL_METRIC_REAL) {
        out->type = ARENA_FILTER_NUM;
        out->number = v->d;
    } else if (v->type == UTIL_METRIC_TEXT) {
        out->type = ARENA_FILTER_TEXT;
        out->text = v->text;
    }
}

/* Index of ply in the increasing s->ply[0..n), or -1. */
static int turn_at(const leaguedb_metric_series *s, int ply)
{
    int lo = 0, hi = s->n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (s->ply[mid] == ply)
            return mid;
        if (s->ply[mid] < ply)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

void arena_filter_metrics_lookup(void *user, const arena_game_record *r, int side, int ply,
                                 const char *name, arena_filter_value *out)
{
    arena_filter_metrics *fm = user;
    if (!fm->game || fm->id != r->id) {
        leaguedb_game_metrics_free(fm->game);
        fm->game = NULL;
        fm->id = r->id;
        char err[256];
        int rc = leaguedb_metrics_get(arena_store_db(fm->store), r->id, &fm->game, err, sizeof err);
        if (rc) {
            if (!fm->rc) {
                fm->rc = rc;
                snprintf(fm->err, sizeof fm->err, "game %d's metrics: %s", r->id, err);
            }
            return;
        }
    }
    for (int k = 0; k < fm->game->n; k++) {
        const leaguedb_metric_series *s = &fm->game->series[k];
        if (s->side != side || strcmp(s->name, name))
            continue;
        int t = ply ? turn_at(s, ply) : -1;
        if (!ply)
            filter_value(&s->game, out);
        else if (t >= 0)
            filter_value(&s->turn[t], out);
        return;
    }
}

void arena_filter_metrics_end(arena_filter_metrics *fm)
{
    leaguedb_game_metrics_free(fm->game);
    fm->game = NULL;
}
