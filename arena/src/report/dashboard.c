/* dashboard.c - the figures of a league's pages beyond the standings
 * (report/dashboard.h). */
#include "report/dashboard.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/json.h"
#include "core/limits.h"
#include "results/sprt_match.h"
#include "stats/ratings.h"

/* Histogram edges (ms) of a game's slowest later turn; the turn limit is
 * added among them, so that the last bins are "over the limit". */
static const double base_edges[] = {0, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000};
#define EDGES_MAX 12
/* Room of a history: when full, every other point goes and the step doubles. */
#define HIST_CAP (2 * ARENA_DASH_POINTS + 2)

typedef struct slow_game {
    int id, opponent;
    double max_ms, first_ms;
    double share; /* slow_share(): what the games are ranked by */
} slow_game;

typedef struct bot_figs {
    int max_hist[EDGES_MAX];
    int faults[REF_REASON_COUNT];
    int vs[ARENA_MAX_BOTS][2][3]; /* [opponent][0 black, 1 white][win, draw, loss] */
    slow_game slowest[ARENA_DASH_KEEP];
    int slow_count;
    int fault_ids[ARENA_DASH_KEEP]; /* a ring, newest at fault_next - 1 */
    int fault_count, fault_next;
    double cpu_total_ms;
    int cpu_turns;
} bot_figs;

/* A history: points every `step` counts, thinned when full. */
typedef struct history {
    int step, count;
    double x[HIST_CAP];
} history;

struct arena_dashboard {
    const arena_settings *s;
    int n, anchor, games;
    double *pair_games, *pair_points; /* n x n */
    arena_ratings *fit;
    history elo;  /* x: games played */
    int elo_keep; /* the step the history ends with when the
                                          games announced are added: a point off
                                          it will be thinned away, so it gets no
                                          fit (0: every point gets one) */
    double (*elo_v)[ARENA_MAX_BOTS], (*elo_ci)[ARENA_MAX_BOTS]; /* [HIST_CAP] */
    int sprt_live;
    arena_sprt_match sprt;
    history llr; /* x: pairs */
    double llr_v[HIST_CAP];
    double edges[EDGES_MAX];
    int edge_count;
    bot_figs *bots; /* [n] */
};

static void set_edges(arena_dashboard *d, double limit)
{
    int k = 0, put = 0;
    for (size_t i = 0; i < sizeof base_edges / sizeof base_edges[0]; i++) {
        if (!put && limit > 0 && limit <= base_edges[i]) {
            if (limit < base_edges[i])
                d->edges[k++] = limit;
            put = 1;
        }
        d->edges[k++] = base_edges[i];
    }
    if (!put && limit > 0)
        d->edges[k++] = limit;
    d->edge_count = k;
}

int arena_dashboard_new(const arena_settings *s, int anchor, int expected, arena_dashboard **out)
{
    *out = NULL;
    int n = s ? s->bot_count : 0;
    if (n < 1 || n > ARENA_MAX_BOTS || anchor >= n)
        return ARENA_E_INVAL;
    arena_dashboard *d = calloc(1, sizeof *d);
    if (!d)
        return ARENA_E_NOMEM;
    d->s = s;
    d->n = n;
    d->anchor = anchor;
    d->pair_games = calloc((size_t)n * n, sizeof *d->pair_games);
    d->pair_points = calloc((size_t)n * n, sizeof *d->pair_points);
    d->fit = malloc(sizeof *d->fit);
    d->elo_v = calloc(HIST_CAP, sizeof *d->elo_v);
    d->elo_ci = calloc(HIST_CAP, sizeof *d->elo_ci);
    d->bots = calloc((size_t)n, sizeof *d->bots);
    d->elo.step = 1; /* doubled whenever the history is full: 101 to 202 points */
    set_edges(d, s->limits.turn_ms);
    int rc = d->pair_games && d->pair_points && d->fit && d->elo_v && d->elo_ci && d->bots
                 ? 0
                 : ARENA_E_NOMEM;
    d->sprt_live = s->sprt && s->shard_count <= 1 && n == 2;
    if (rc == 0 && d->sprt_live) {
        int t = arena_sprt_tested_bot(s), pairs = expected / 2 > 0 ? expected / 2 : 1;
        d->llr.step = 1;
        rc = arena_sprt_match_init(&d->sprt, &s->sprt_params, t, 1 - t, pairs);
        if (rc)
            d->sprt_live = 0;
    }
    if (rc) {
        arena_dashboard_free(d);
        return rc;
    }
    *out = d;
    return 0;
}

/* Halves a full history: keeps every other point, ending at a multiple
 * of the doubled step. v, w: its values, stride a point (w may be NULL). */
static void thin(history *h, double *v, double *w, int stride)
{
    int k = 0;
    for (int i = 1; i < h->count; i += 2, k++) {
        h->x[k] = h->x[i];
        memmove(v + (size_t)k * stride, v + (size_t)i * stride, sizeof *v * (size_t)stride);
        if (w)
            memmove(w + (size_t)k * stride, w + (size_t)i * stride, sizeof *w * (size_t)stride);
    }
    h->count = k;
    h->step *= 2;
}

/* The step of the Elo history after `games` games were added, as
 * arena_dashboard_add thins it: a point at each multiple of the step;
 * when the history is full, the next point first halves it (thin(): the
 * points at odd places stay, multiples of the doubled step). So the
 * points left at the end are the multiples of this step. One turn a
 * point, not a game: HIST_CAP points a doubling. */
static long final_elo_step(long games)
{
    long step = 1, g = 0;
    int count = 0;
    for (;;) {
        long next = (g / step + 1) * step;
        if (next > games)
            return step;
        g = next;
        if (count == HIST_CAP) {
            count = HIST_CAP / 2;
            step *= 2;
        }
        if (g % step == 0)
            count++;
    }
}

void arena_dashboard_expect(arena_dashboard *d, long games)
{
    d->elo_keep = games > 0 ? (int)final_elo_step(games) : 0;
}

/* The ratings of the games so far into the Elo history's point k; kept:
 * the point stays whatever the announced games say (the last point, made
 * when the history is written). */
static void elo_point(arena_dashboard *d, int k, int kept)
{
    int n = d->n;
    if (!kept && d->elo_keep > 1 && d->games % d->elo_keep != 0) {
        /* thinned away before the end (arena_dashboard_expect): a fit of
         * 64 bots costs milliseconds, and a league of a million games made
         * four times more of them than it kept */
        for (int i = 0; i < n; i++)
            d->elo_v[k][i] = d->elo_ci[k][i] = NAN;
        return;
    }
    if (arena_ratings_fit(n, d->pair_games, d->pair_points, d->anchor, -1, NULL, d->fit) != 0) {
        for (int i = 0; i < n; i++)
            d->elo_v[k][i] = d->elo_ci[k][i] = NAN;
        return;
    }
    for (int i = 0; i < n; i++) {
        d->elo_v[k][i] = d->fit->elo[i];
        d->elo_ci[k][i] = d->fit->ci95[i];
    }
}

/* How near a game's slowest turn of one bot came to its limit: the larger
 * of its later turns' longest over turn_ms and its first turn over
 * first_turn_ms (the referee's two limits). Ranked by time alone, the first
 * turn, with its limit some 7 times larger, outranked every later one: the
 * slowest games were those of the slowest set-up. */
static double slow_share(const arena_settings *s, double max_ms, double first_ms)
{
    double later = s->limits.turn_ms > 0 ? max_ms / s->limits.turn_ms : 0;
    double first =
        first_ms >= 0 && s->limits.first_turn_ms > 0 ? first_ms / s->limits.first_turn_ms : 0;
    return later > first ? later : first;
}

static void add_time(arena_dashboard *d, const arena_game_record *r, int side)
{
    int b = side ? r->white : r->black, o = side ? r->black : r->white;
    const arena_side_time *t = &r->time[side];
    bot_figs *f = &d->bots[b];
    if (t->cpu_total_ms >= 0) {
        f->cpu_total_ms += t->cpu_total_ms;
        f->cpu_turns += t->turns;
    }
    if (t->turns <= 0 && t->first_ms < 0)
        return;
    if (t->turns > 0) {
        int k = d->edge_count - 1;
        while (k > 0 && t->max_ms < d->edges[k])
            k--;
        f->max_hist[k]++;
    }
    /* the slowest games against their limits, slowest first (insertion into
     * ARENA_DASH_KEEP) */
    double share = slow_share(d->s, t->max_ms, t->first_ms);
    int at = f->slow_count;
    while (at > 0 && share > f->slowest[at - 1].share)
        at--;
    if (at >= ARENA_DASH_KEEP)
        return;
    int last = f->slow_count < ARENA_DASH_KEEP ? f->slow_count : ARENA_DASH_KEEP - 1;
    memmove(&f->slowest[at + 1], &f->slowest[at], sizeof f->slowest[0] * (size_t)(last - at));
    f->slowest[at] = (slow_game){r->id, o, t->max_ms, t->first_ms, share};
    if (f->slow_count < ARENA_DASH_KEEP)
        f->slow_count++;
}

static void add_llr(arena_dashboard *d, const arena_game_record *r)
{
    if (!d->sprt_live || !arena_sprt_match_add(&d->sprt, r))
        return;
    const arena_sprt_status *v = &d->sprt.status;
    int decided_now = v->decision && v->decided_pairs == v->pairs;
    if (v->pairs % d->llr.step != 0 && !decided_now)
        return;
    if (d->llr.count == HIST_CAP)
        thin(&d->llr, d->llr_v, NULL, 1);
    if (v->pairs % d->llr.step != 0 && !decided_now)
        return; /* the step just doubled: the points stay evenly spaced */
    d->llr.x[d->llr.count] = v->pairs;
    d->llr_v[d->llr.count++] = v->llr;
}

int arena_dashboard_add(arena_dashboard *d, const arena_game_record *r)
{
    int n = d->n, b = r->black, w = r->white;
    if (b < 0 || b >= n || w < 0 || w >= n || b == w)
        return ARENA_E_INVAL;
    d->games++;
    double pb = r->winner == 0 ? 1 : r->winner == 1 ? 0 : 0.5;
    d->pair_games[b * n + w] += 1;
    d->pair_games[w * n + b] += 1;
    d->pair_points[b * n + w] += pb;
    d->pair_points[w * n + b] += 1 - pb;
    int res_b = r->winner == 0 ? 0 : r->winner == 1 ? 2 : 1;
    d->bots[b].vs[w][0][res_b]++;
    d->bots[w].vs[b][1][2 - res_b]++;
    if (r->fault >= 0 && (int)r->reason >= 0 && (int)r->reason < REF_REASON_COUNT) {
        bot_figs *f = &d->bots[r->fault ? w : b];
        f->faults[r->reason]++;
        f->fault_ids[f->fault_next] = r->id;
        f->fault_next = (f->fault_next + 1) % ARENA_DASH_KEEP;
        if (f->fault_count < ARENA_DASH_KEEP)
            f->fault_count++;
    }
    add_time(d, r, 0);
    add_time(d, r, 1);
    add_llr(d, r);
    if (d->games % d->elo.step == 0 && d->elo.count == HIST_CAP)
        thin(&d->elo, &d->elo_v[0][0], &d->elo_ci[0][0], ARENA_MAX_BOTS);
    if (d->games % d->elo.step == 0) { /* (the step may just have doubled) */
        d->elo.x[d->elo.count] = d->games;
        elo_point(d, d->elo.count++, 0);
    }
    return 0;
}

int arena_dashboard_faults(const arena_dashboard *d, int bot, int *ids, int max)
{
    if (bot < 0 || bot >= d->n)
        return 0;
    const bot_figs *f = &d->bots[bot];
    int k = 0;
    for (; k < f->fault_count && k < max; k++)
        ids[k] = f->fault_ids[(f->fault_next - 1 - k + 2 * ARENA_DASH_KEEP) % ARENA_DASH_KEEP];
    return k;
}

/* A number for the pages: null when unknown or infinite. */
static cJSON *num(double v)
{
    return isfinite(v) ? cJSON_CreateNumber(round(v * 10) / 10) : cJSON_CreateNull();
}

static cJSON *int_array(const int *v, int n)
{
    return cJSON_CreateIntArray(v, n);
}

/* The Elo history, with a last point for the games since the last step. */
static cJSON *elo_json(arena_dashboard *d)
{
    int k = d->elo.count, extra = d->games > 0 && (k == 0 || d->elo.x[k - 1] != d->games);
    double(*v)[ARENA_MAX_BOTS] = d->elo_v, (*c)[ARENA_MAX_BOTS] = d->elo_ci;
    double last_v[ARENA_MAX_BOTS], last_c[ARENA_MAX_BOTS];
    if (extra) {
        if (k == HIST_CAP) /* the last slot is reused for a moment: keep it */
            extra = 0;
        else {
            memcpy(last_v, v[k], sizeof last_v);
            memcpy(last_c, c[k], sizeof last_c);
            elo_point(d, k, 1);
        }
    }
    cJSON *o = cJSON_CreateObject(), *games = cJSON_AddArrayToObject(o, "games");
    cJSON *bots = cJSON_AddObjectToObject(o, "bots");
    int ok = games && bots;
    for (int i = 0; ok && i < k + extra; i++)
        ok = cJSON_AddItemToArray(games, cJSON_CreateNumber(i < k ? d->elo.x[i] : d->games));
    for (int b = 0; ok && b < d->n; b++) {
        cJSON *e = cJSON_AddObjectToObject(bots, d->s->bots[b].name);
        cJSON *ev = e ? cJSON_AddArrayToObject(e, "elo") : NULL,
              *cv = ev ? cJSON_AddArrayToObject(e, "ci") : NULL;
        ok = cv != NULL;
        for (int i = 0; ok && i < k + extra; i++)
            ok = cJSON_AddItemToArray(ev, num(v[i][b])) && cJSON_AddItemToArray(cv, num(c[i][b]));
    }
    if (extra) {
        memcpy(v[k], last_v, sizeof last_v);
        memcpy(c[k], last_c, sizeof last_c);
    }
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static cJSON *llr_json(const arena_dashboard *d)
{
    cJSON *o = cJSON_CreateObject(), *p = cJSON_AddArrayToObject(o, "pairs");
    cJSON *l = p ? cJSON_AddArrayToObject(o, "llr") : NULL;
    int ok = l != NULL;
    for (int i = 0; ok && i < d->llr.count; i++)
        ok = cJSON_AddItemToArray(p, cJSON_CreateNumber(d->llr.x[i])) &&
             cJSON_AddItemToArray(l, cJSON_CreateNumber(round(d->llr_v[i] * 1000) / 1000));
    /* the pairs since the last point */
    const arena_sprt_status *v = &d->sprt.status;
    if (ok && v->pairs > 0 && (d->llr.count == 0 || d->llr.x[d->llr.count - 1] != v->pairs))
        ok = cJSON_AddItemToArray(p, cJSON_CreateNumber(v->pairs)) &&
             cJSON_AddItemToArray(l, cJSON_CreateNumber(round(v->llr * 1000) / 1000));
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static cJSON *bot_json(const arena_dashboard *d, int b)
{
    const bot_figs *f = &d->bots[b];
    cJSON *o = cJSON_CreateObject();
    int ok = o && arena_json_add(o, "max_hist", int_array(f->max_hist, d->edge_count));
    cJSON *faults = ok ? cJSON_AddObjectToObject(o, "faults") : NULL;
    ok = faults != NULL;
    for (int r = 0; ok && r < REF_REASON_COUNT; r++)
        if (f->faults[r])
            ok = cJSON_AddNumberToObject(faults, ref_reason_name((ref_reason)r), f->faults[r]) !=
                 NULL;
    cJSON *vs = ok ? cJSON_AddObjectToObject(o, "vs") : NULL;
    ok = vs != NULL;
    for (int j = 0; ok && j < d->n; j++) {
        const int *bl = f->vs[j][0], *wh = f->vs[j][1];
        if (j == b || bl[0] + bl[1] + bl[2] + wh[0] + wh[1] + wh[2] == 0)
            continue;
        cJSON *p = cJSON_AddObjectToObject(vs, d->s->bots[j].name);
        ok = p && arena_json_add(p, "black", int_array(bl, 3)) &&
             arena_json_add(p, "white", int_array(wh, 3));
    }
    cJSON *slow = ok ? cJSON_AddArrayToObject(o, "slowest") : NULL;
    ok = slow != NULL;
    for (int i = 0; ok && i < f->slow_count; i++) {
        cJSON *g = cJSON_CreateObject();
        ok = g && cJSON_AddItemToArray(slow, g) &&
             cJSON_AddNumberToObject(g, "id", f->slowest[i].id) &&
             arena_json_add_number(g, "max_ms", f->slowest[i].max_ms, 0.001) &&
             arena_json_add_number(g, "first_ms",
                                   f->slowest[i].first_ms >= 0 ? f->slowest[i].first_ms : NAN,
                                   0.001) &&
             arena_json_add_number(g, "share", f->slowest[i].share, 0.001) &&
             cJSON_AddStringToObject(g, "opponent", d->s->bots[f->slowest[i].opponent].name);
    }
    if (ok && f->cpu_turns > 0)
        ok = arena_json_add_number(o, "cpu_total_ms", f->cpu_total_ms, 0.001);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *arena_dashboard_to_json(arena_dashboard *d)
{
    cJSON *o = cJSON_CreateObject();
    int ok = o && arena_json_add(o, "elo_history", elo_json(d)) &&
             (!d->sprt_live || arena_json_add(o, "sprt_history", llr_json(d)));
    cJSON *edges = ok ? cJSON_AddArrayToObject(o, "time_bins_ms") : NULL;
    ok = edges != NULL;
    for (int i = 0; ok && i < d->edge_count; i++)
        ok = cJSON_AddItemToArray(edges, cJSON_CreateNumber(d->edges[i]));
    cJSON *bots = ok ? cJSON_AddObjectToObject(o, "bots") : NULL;
    ok = bots != NULL;
    for (int b = 0; ok && b < d->n; b++)
        ok = arena_json_add(bots, d->s->bots[b].name, bot_json(d, b));
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

void arena_dashboard_free(arena_dashboard *d)
{
    if (!d)
        return;
    if (d->sprt_live)
        arena_sprt_match_free(&d->sprt);
    free(d->pair_games);
    free(d->pair_points);
    free(d->fit);
    free(d->elo_v);
    free(d->elo_ci);
    free(d->bots);
    free(d);
}

int arena_dashboard_slow_turn(const cJSON *record, const char *name, cJSON *g)
{
    const cJSON *res = cJSON_GetObjectItemCaseSensitive(record, "result");
    const cJSON *lim = cJSON_GetObjectItemCaseSensitive(record, "limits"), *pl, *p, *best = NULL;
    const char *color = NULL;
    cJSON_ArrayForEach(pl, cJSON_GetObjectItemCaseSensitive(record, "players"))
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(pl, "name");
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(pl, "color");
        if (cJSON_IsString(n) && cJSON_IsString(c) && strcmp(n->valuestring, name) == 0)
            color = c->valuestring;
    }
    const cJSON *fault = cJSON_GetObjectItemCaseSensitive(res, "fault");
    const cJSON *reason = cJSON_GetObjectItemCaseSensitive(res, "reason");
    int timed_out = color && cJSON_IsString(fault) && strcmp(fault->valuestring, color) == 0 &&
                    cJSON_IsString(reason) && strcmp(reason->valuestring, "timeout") == 0;
    double first_limit =
        cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(lim, "first_turn_ms"));
    double limit = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(lim, "turn_ms"));
    double best_share = -1, best_ms = 0, best_limit = 0;
    int turns = 0;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(record, "plies"))
    {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(p, "color");
        if (!color || !cJSON_IsString(c) || strcmp(c->valuestring, color) != 0)
            continue;
        const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(p, "cpu_us");
        const cJSON *wall = cJSON_GetObjectItemCaseSensitive(p, "time_us");
        double ms = (cJSON_IsNumber(cpu) ? cpu->valuedouble : cJSON_GetNumberValue(wall)) / 1000;
        double lim_ms = turns++ ? limit : first_limit;
        if (timed_out && !p->next) { /* the timeout (its time may be unknown: null) */
            best = p, best_ms = ms, best_limit = lim_ms;
            break;
        }
        if (ms >= 0 && lim_ms > 0 && ms / lim_ms > best_share)
            best = p, best_share = ms / lim_ms, best_ms = ms, best_limit = lim_ms;
    }
    if (!best)
        return 0;
    const cJSON *ply = cJSON_GetObjectItemCaseSensitive(best, "ply");
    const cJSON *err = cJSON_GetObjectItemCaseSensitive(best, "stderr");
    return cJSON_AddNumberToObject(g, "ply", cJSON_GetNumberValue(ply)) &&
                   arena_json_add_number(g, "turn_ms", best_ms, 0.001) &&
                   cJSON_AddNumberToObject(g, "limit_ms", best_limit) &&
                   cJSON_AddBoolToObject(g, "timeout", timed_out && !best->next) &&
                   cJSON_AddStringToObject(g, "stderr", cJSON_IsString(err) ? err->valuestring : "")
               ? 0
               : -1;
}
