/* metrics.c - the metrics of a league's games summed up per bot and
 * metric (results/metrics.h). */
#include "results/metrics.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

typedef struct vec {
    double *v;
    int64_t n, cap;
} vec;

/* One bot's metric: its values by [ply bucket][outcome] (game values:
 * bucket 0). */
typedef struct series {
    int bot, name, game;
    int64_t texts;
    vec cell[ARENA_METRIC_BUCKETS][3];
} series;

struct arena_metrics {
    int bots;
    char **names;
    int nnames, capnames;
    series *s;
    int ns, caps;
    int last; /* the series found last: most adds are the same one again */
    int64_t *games, *dropped;
};

arena_metrics *arena_metrics_new(int bots)
{
    arena_metrics *a = calloc(1, sizeof *a);
    if (!a || bots < 0 || !(a->games = calloc((size_t)bots + 1, sizeof *a->games)) ||
        !(a->dropped = calloc((size_t)bots + 1, sizeof *a->dropped))) {
        arena_metrics_free(a);
        return NULL;
    }
    a->bots = bots;
    return a;
}

void arena_metrics_free(arena_metrics *a)
{
    if (!a)
        return;
    for (int k = 0; k < a->ns; k++)
        for (int p = 0; p < ARENA_METRIC_BUCKETS; p++)
            for (int o = 0; o < 3; o++)
                free(a->s[k].cell[p][o].v);
    for (int k = 0; k < a->nnames; k++)
        free(a->names[k]);
    free(a->names);
    free(a->s);
    free(a->games);
    free(a->dropped);
    free(a);
}

static int name_index(arena_metrics *a, const char *name)
{
    for (int k = a->nnames - 1; k >= 0; k--)
        if (strcmp(a->names[k], name) == 0)
            return k;
    if (a->nnames == a->capnames) {
        int cap = a->capnames ? a->capnames * 2 : 16;
        char **nn = realloc(a->names, sizeof *nn * (size_t)cap);
        if (!nn)
            return -1;
        a->names = nn;
        a->capnames = cap;
    }
    if (!(a->names[a->nnames] = strdup(name)))
        return -1;
    return a->nnames++;
}

/* The series (bot, name, game), made when new; NULL on out of memory. */
static series *find(arena_metrics *a, int bot, const char *name, int game)
{
    if (a->last < a->ns) {
        series *s = &a->s[a->last];
        if (s->bot == bot && s->game == game && strcmp(a->names[s->name], name) == 0)
            return s;
    }
    for (int k = 0; k < a->ns; k++) {
        series *s = &a->s[k];
        if (s->bot == bot && s->game == game && strcmp(a->names[s->name], name) == 0) {
            a->last = k;
            return s;
        }
    }
    int idx = name_index(a, name);
    if (idx < 0)
        return NULL;
    if (a->ns == a->caps) {
        int cap = a->caps ? a->caps * 2 : 16;
        series *ns = realloc(a->s, sizeof *ns * (size_t)cap);
        if (!ns)
            return NULL;
        a->s = ns;
        a->caps = cap;
    }
    series *s = &a->s[a->ns];
    memset(s, 0, sizeof *s);
    s->bot = bot;
    s->name = idx;
    s->game = game;
    a->last = a->ns++;
    return s;
}

static int push(vec *v, double d)
{
    if (v->n == v->cap) {
        int64_t cap = v->cap ? v->cap * 2 : 256;
        double *nv = realloc(v->v, sizeof *nv * (size_t)cap);
        if (!nv)
            return -1;
        v->v = nv;
        v->cap = cap;
    }
    v->v[v->n++] = d;
    return 0;
}

static int bucket_of(int ply)
{
    int b = ply < 1 ? 0 : (ply - 1) / ARENA_METRIC_BUCKET_PLIES;
    return b < ARENA_METRIC_BUCKETS ? b : ARENA_METRIC_BUCKETS - 1;
}

/* The phase of bucket b's plies: 0, 1, 2 (the buckets' bounds are the
 * phases' bounds). */
static int phase_of_bucket(int b)
{
    int last = (b + 1) * ARENA_METRIC_BUCKET_PLIES;
    return last <= ARENA_METRIC_OPENING_LAST ? 0 : last <= ARENA_METRIC_MIDDLE_LAST ? 1 : 2;
}

int arena_metrics_add_turns(arena_metrics *a, int bot, const char *name, int outcome, int n,
                            const int *ply, const util_metric_value *v)
{
    if (bot < 0 || bot >= a->bots || outcome < 0 || outcome > 2)
        return ARENA_E_INVAL;
    if (n <= 0)
        return 0;
    series *s = find(a, bot, name, 0);
    if (!s)
        return ARENA_E_NOMEM;
    for (int k = 0; k < n; k++) {
        if (v[k].type == UTIL_METRIC_TEXT)
            s->texts++;
        else if ((v[k].type == UTIL_METRIC_INT || v[k].type == UTIL_METRIC_REAL) &&
                 push(&s->cell[bucket_of(ply[k])][outcome], v[k].d))
            return ARENA_E_NOMEM;
    }
    return 0;
}

int arena_metrics_add_game(arena_metrics *a, int bot, const char *name, int outcome,
                           const util_metric_value *v)
{
    if (bot < 0 || bot >= a->bots || outcome < 0 || outcome > 2)
        return ARENA_E_INVAL;
    if (v->type == UTIL_METRIC_NONE)
        return 0;
    series *s = find(a, bot, name, 1);
    if (!s)
        return ARENA_E_NOMEM;
    if (v->type == UTIL_METRIC_TEXT)
        s->texts++;
    else if (push(&s->cell[0][outcome], v->d))
        return ARENA_E_NOMEM;
    return 0;
}

void arena_metrics_add_dropped(arena_metrics *a, int bot, int64_t lines)
{
    if (bot >= 0 && bot < a->bots)
        a->dropped[bot] += lines;
}

void arena_metrics_add_game_seen(arena_metrics *a, int bot)
{
    if (bot >= 0 && bot < a->bots)
        a->games[bot]++;
}

int64_t arena_metrics_games(const arena_metrics *a, int bot)
{
    return bot >= 0 && bot < a->bots ? a->games[bot] : 0;
}

int64_t arena_metrics_dropped(const arena_metrics *a, int bot)
{
    return bot >= 0 && bot < a->bots ? a->dropped[bot] : 0;
}

/* Hoare's selection: x[0..n) rearranged so that x[k] is the k-th smallest
 * (0-based), everything before it <= and after it >=. */
static void select_kth(double *x, int64_t n, int64_t k)
{
    int64_t lo = 0, hi = n - 1;
    while (lo < hi) {
        double a = x[lo], b = x[(lo + hi) / 2], c = x[hi];
        double pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        int64_t i = lo, j = hi;
        while (i <= j) {
            while (x[i] < pivot)
                i++;
            while (x[j] > pivot)
                j--;
            if (i <= j) {
                double t = x[i];
                x[i++] = x[j];
                x[j--] = t;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return;
    }
}

/* numpy's quantile p of x[0..n): x[floor h] + (h - floor h)(x[floor h + 1]
 * - x[floor h]), h = (n - 1) p. bound: n, or the index a larger quantile
 * selected (x[bound] is the bound-th smallest, none before it larger, none
 * after it smaller): the selection stays left of it, and so does the next
 * value's search (x[bound] is at most what follows it). */
static double quantile(double *x, int64_t n, double p, int64_t bound)
{
    double h = (double)(n - 1) * p;
    int64_t lo = (int64_t)h, end = n;
    if (lo < bound) {
        select_kth(x, bound, lo);
        end = bound < n ? bound + 1 : n;
    }
    double q = x[lo];
    if (h > (double)lo && lo + 1 < n) {
        double next = x[lo + 1];
        for (int64_t k = lo + 2; k < end; k++)
            if (x[k] < next)
                next = x[k];
        q += (h - (double)lo) * (next - q);
    }
    return q;
}

static void stats_of(double *x, int64_t n, arena_metric_stats *st)
{
    memset(st, 0, sizeof *st);
    if (n == 0)
        return;
    long double sum = 0;
    for (int64_t k = 0; k < n; k++)
        sum += x[k];
    st->n = n;
    st->mean = (double)(sum / (long double)n);
    /* the largest first: each smaller one selects left of it */
    st->p90 = quantile(x, n, 0.9, n);
    st->median = quantile(x, n, 0.5, (int64_t)((double)(n - 1) * 0.9));
    st->p10 = quantile(x, n, 0.1, (int64_t)((double)(n - 1) * 0.5));
}

/* 1 when cell [bucket][outcome] belongs to group g. */
static int in_group(int g, int bucket, int outcome)
{
    int phase = phase_of_bucket(bucket);
    switch (g) {
    case ARENA_METRIC_OPENING: return phase == 0;
    case ARENA_METRIC_MIDDLE: return phase == 1;
    case ARENA_METRIC_LATE: return phase == 2;
    case ARENA_METRIC_WINS: return outcome == ARENA_METRIC_WIN;
    case ARENA_METRIC_LOSSES: return outcome == ARENA_METRIC_LOSS;
    default: return 1;
    }
}

/* The statistics of the cells of s that keep(group, bucket, outcome)
 * says, into *st, with scratch (room for all of s's values). */
static void stats_of_cells(const series *s, int group, int bucket, double *scratch,
                           arena_metric_stats *st)
{
    int64_t n = 0;
    for (int p = 0; p < ARENA_METRIC_BUCKETS; p++)
        for (int o = 0; o < 3; o++)
            if ((bucket < 0 ? in_group(group, p, o) : p == bucket) && s->cell[p][o].n) {
                memcpy(scratch + n, s->cell[p][o].v, sizeof *scratch * (size_t)s->cell[p][o].n);
                n += s->cell[p][o].n;
            }
    stats_of(scratch, n, st);
}

/* Sums up series s into *out with scratch (room for all its values). */
static void summarize_one(const arena_metrics *a, const series *s, double *scratch,
                          arena_metric_summary *out)
{
    memset(out, 0, sizeof *out);
    out->bot = s->bot;
    out->name = a->names[s->name];
    out->game = s->game;
    out->texts = s->texts;
    for (int g = 0; g < ARENA_METRIC_GROUPS; g++)
        if (!s->game || g < ARENA_METRIC_OPENING || g > ARENA_METRIC_LATE)
            stats_of_cells(s, g, -1, scratch, &out->g[g]);
    for (int b = 0; !s->game && b < ARENA_METRIC_BUCKETS; b++)
        stats_of_cells(s, 0, b, scratch, &out->curve[b]);
}

static int order(const void *x, const void *y)
{
    const series *a = x, *b = y;
    if (a->bot != b->bot)
        return a->bot < b->bot ? -1 : 1;
    if (a->game != b->game)
        return a->game < b->game ? -1 : 1;
    return a->name < b->name ? -1 : a->name > b->name;
}

int arena_metrics_summarize(arena_metrics *a, arena_metric_summary **out, int *n)
{
    *out = NULL;
    *n = 0;
    qsort(a->s, (size_t)a->ns, sizeof *a->s, order);
    a->last = 0;
    int64_t most = 1;
    for (int k = 0; k < a->ns; k++) {
        int64_t t = 0;
        for (int p = 0; p < ARENA_METRIC_BUCKETS; p++)
            for (int o = 0; o < 3; o++)
                t += a->s[k].cell[p][o].n;
        most = t > most ? t : most;
    }
    double *scratch = malloc(sizeof *scratch * (size_t)most);
    arena_metric_summary *sum = malloc(sizeof *sum * (size_t)(a->ns ? a->ns : 1));
    if (!scratch || !sum) {
        free(scratch);
        free(sum);
        return ARENA_E_NOMEM;
    }
    for (int k = 0; k < a->ns; k++)
        summarize_one(a, &a->s[k], scratch, &sum[k]);
    free(scratch);
    *out = sum;
    *n = a->ns;
    return 0;
}

const char *arena_metric_group_name(arena_metric_group g)
{
    static const char *const names[] = {"all",       "plies 1-20", "plies 21-60",
                                        "plies 61+", "wins",       "losses"};
    return g >= 0 && g < ARENA_METRIC_GROUPS ? names[g] : "";
}

const char *arena_metric_group_key(arena_metric_group g)
{
    static const char *const keys[] = {"all",         "plies_1_20", "plies_21_60",
                                       "plies_61_up", "wins",       "losses"};
    return g >= 0 && g < ARENA_METRIC_GROUPS ? keys[g] : "";
}
