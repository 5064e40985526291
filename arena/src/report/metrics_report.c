/* metrics_report.c - the metrics summed up, printed and as JSON
 * (report/metrics_report.h). */
#include "report/metrics_report.h"

#include <math.h>
#include <string.h>

#include "core/error.h"

/* A figure: integers without decimals, others with two. */
static const char *fig(double v, char *buf, size_t size)
{
    if (fabs(v) < 1e15 && v == floor(v))
        snprintf(buf, size, "%.0f", v);
    else
        snprintf(buf, size, "%.2f", v);
    return buf;
}

static const char *bot_name(const arena_settings *s, int bot)
{
    return bot >= 0 && bot < s->bot_count ? s->bots[bot].name : "?";
}

static void print_row(FILE *out, const char *metric, const arena_metric_summary *m, int g)
{
    const arena_metric_stats *st = &m->g[g];
    char a[32], b[32], c[32], d[32];
    fprintf(out, "  %-14s %-12s %10lld %12s %12s %12s %12s\n", metric,
            arena_metric_group_name((arena_metric_group)g), (long long)st->n,
            fig(st->mean, a, sizeof a), fig(st->median, b, sizeof b), fig(st->p10, c, sizeof c),
            fig(st->p90, d, sizeof d));
}

/* 1 when name is one of only's comma-separated names (only NULL: all). */
static int wanted(const char *only, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = only; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, name, len) == 0 && (p[len] == ',' || p[len] == '\0'))
            return 1;
    return !only;
}

int arena_metrics_print(const arena_metrics *a, const arena_metric_summary *sum, int n,
                        const arena_settings *s, const char *only, FILE *out)
{
    if (n == 0) {
        fprintf(out, "Metrics: no metrics reported\n");
        return ferror(out) ? ARENA_E_IO : 0;
    }
    fprintf(out, "Metrics (numeric values; median, p10, p90 exact; a game's phase by the ply "
                 "answered):\n");
    int bot = -1;
    for (int k = 0; k < n; k++) {
        const arena_metric_summary *m = &sum[k];
        if (!wanted(only, m->name))
            continue;
        if (m->bot != bot) {
            bot = m->bot;
            fprintf(out, "\n%s: %lld games with metrics, %lld metric lines dropped\n",
                    bot_name(s, bot), (long long)arena_metrics_games(a, bot),
                    (long long)arena_metrics_dropped(a, bot));
            fprintf(out, "  %-14s %-12s %10s %12s %12s %12s %12s\n", "metric", "group", "n", "mean",
                    "median", "p10", "p90");
        }
        char label[96];
        snprintf(label, sizeof label, "%s%s", m->name, m->game ? " (game)" : "");
        int first = 1;
        for (int g = 0; g < ARENA_METRIC_GROUPS; g++) {
            if (!m->g[g].n)
                continue; /* no value there (a game value has no phase) */
            print_row(out, first ? label : "", m, g);
            first = 0;
        }
        if (m->texts)
            fprintf(out, "  %-14s %-12s %10lld (text values: not summed up)\n", first ? label : "",
                    "texts", (long long)m->texts);
    }
    return ferror(out) ? ARENA_E_IO : 0;
}

static cJSON *stats_json(const arena_metric_stats *st)
{
    cJSON *o = cJSON_CreateObject();
    if (o && (!cJSON_AddNumberToObject(o, "n", (double)st->n) ||
              !cJSON_AddNumberToObject(o, "mean", st->mean) ||
              !cJSON_AddNumberToObject(o, "median", st->median) ||
              !cJSON_AddNumberToObject(o, "p10", st->p10) ||
              !cJSON_AddNumberToObject(o, "p90", st->p90))) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* The curve against ply into o's "by_ply": the buckets that have values,
 * each its plies (from, to: the last bucket's to is null, every ply past)
 * and statistics. 0 on out of memory. */
static int curve_json(const arena_metric_summary *m, cJSON *o)
{
    cJSON *list = cJSON_AddArrayToObject(o, "by_ply");
    for (int b = 0; list && b < ARENA_METRIC_BUCKETS; b++) {
        if (!m->curve[b].n)
            continue;
        cJSON *st = stats_json(&m->curve[b]);
        if (!st)
            return 0;
        cJSON_AddItemToArray(list, st);
        int from = b * ARENA_METRIC_BUCKET_PLIES + 1, to = from + ARENA_METRIC_BUCKET_PLIES - 1;
        if (!cJSON_AddNumberToObject(st, "from", from) ||
            !(b + 1 < ARENA_METRIC_BUCKETS ? cJSON_AddNumberToObject(st, "to", to)
                                           : cJSON_AddNullToObject(st, "to")))
            return 0;
    }
    return list != NULL;
}

static cJSON *metric_json(const arena_metric_summary *m)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddStringToObject(o, "name", m->name) ||
        !cJSON_AddStringToObject(o, "scope", m->game ? "game" : "turn") ||
        !cJSON_AddNumberToObject(o, "texts", (double)m->texts)) {
        cJSON_Delete(o);
        return NULL;
    }
    for (int g = 0; g < ARENA_METRIC_GROUPS; g++) {
        if (!m->g[g].n)
            continue;
        cJSON *st = stats_json(&m->g[g]);
        if (!st) {
            cJSON_Delete(o);
            return NULL;
        }
        cJSON_AddItemToObject(o, arena_metric_group_key((arena_metric_group)g), st);
    }
    if (!m->game && !curve_json(m, o)) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *arena_metrics_to_json(const arena_metrics *a, const arena_metric_summary *sum, int n,
                             const arena_settings *s)
{
    cJSON *root = cJSON_CreateObject(), *bots = root ? cJSON_AddArrayToObject(root, "bots") : NULL;
    cJSON *list = NULL;
    int bot = -1;
    for (int k = 0; bots && k < n; k++) {
        const arena_metric_summary *m = &sum[k];
        if (m->bot != bot) {
            bot = m->bot;
            cJSON *b = cJSON_CreateObject();
            if (!b)
                break;
            cJSON_AddItemToArray(bots, b);
            if (!cJSON_AddStringToObject(b, "name", bot_name(s, bot)) ||
                !cJSON_AddNumberToObject(b, "games", (double)arena_metrics_games(a, bot)) ||
                !cJSON_AddNumberToObject(b, "dropped", (double)arena_metrics_dropped(a, bot)) ||
                !(list = cJSON_AddArrayToObject(b, "metrics")))
                break;
        }
        cJSON *j = metric_json(m);
        if (!j)
            break;
        cJSON_AddItemToArray(list, j);
        if (k == n - 1)
            return root;
    }
    if (bots && n == 0)
        return root;
    cJSON_Delete(root);
    return NULL;
}
