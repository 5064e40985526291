/*
 * check_arena_metrics: a league of test-metric-bot (a known fixed
 * sequence: at its t-th turn mK = 10 t + K; random moves, wins taken)
 * against loa-random and loa-greedy, played by
 * loa-arena: every stored value is the sequence's, keyed by the ply its
 * turn answered; every aggregate `--standings DIR --metrics` and
 * standings.json give (n, mean, median, p10, p90 over all turns, by phase,
 * in wins and losses) equals the one computed here from those values by
 * sorting (numpy's quantile); the text printout and the bot pages' data
 * show them, served as well; a game's record read back holds them again; a
 * merge keeps them.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "app/metrics_task.h"
#include "app/serve.h"
#include "check_main.h"
#include "http_test_util.h"
#include "leaguedb/metrics.h"
#include "results/metrics.h"
#include "store/store.h"

#define BIN LOA_BIN_DIR

static char g_dir[128];

/* The values of bot a's metric mK by group: [K][group]. */
typedef struct vals {
    double *v[2][6 + ARENA_METRIC_BUCKETS]; /* the groups, then the curve's buckets */
    int n[2][6 + ARENA_METRIC_BUCKETS];
    int winner[64], black[64], white[64], plies[64];
    int checked;
} vals;

static void push(vals *x, int k, int g, double d)
{
    x->v[k][g] = realloc(x->v[k][g], sizeof(double) * (size_t)(x->n[k][g] + 1));
    x->v[k][g][x->n[k][g]++] = d;
}

static int game_row(const arena_game_record *r, void *user)
{
    vals *x = user;
    ck_assert_int_lt(r->id, 64);
    x->winner[r->id] = r->winner;
    x->black[r->id] = r->black;
    x->white[r->id] = r->white;
    x->plies[r->id] = r->plies;
    return 0;
}

static int game_metrics(const leaguedb_game_metrics *m, void *user)
{
    vals *x = user;
    ck_assert_int_eq(m->dropped[0] + m->dropped[1] + m->dropped[2], 0);
    ck_assert(x->black[m->game] == 0 || x->white[m->game] == 0); /* only a reports */
    int a_side = x->black[m->game] == 0 ? 0 : 1;
    int turns[2] = {0, 0};
    for (int s = 0; s < m->n; s++) {
        const leaguedb_metric_series *ms = &m->series[s];
        if (ms->side != a_side) /* loa-random reports nothing; the match data */
            continue;
        if (strcmp(ms->name, "game_m") == 0) {
            ck_assert(ms->game.type == UTIL_METRIC_INT && ms->game.i == 7 && ms->n == 0);
            continue;
        }
        int k = ms->name[1] - '0';
        ck_assert(ms->name[0] == 'm' && (k == 0 || k == 1) && !ms->name[2]);
        turns[k] = ms->n;
        for (int i = 0; i < ms->n; i++) {
            int ply = ms->ply[i], t = (ply + (a_side == 0)) / 2;
            ck_assert_int_eq(ply % 2, a_side == 0 ? 1 : 0); /* the plies it answered */
            ck_assert_int_eq(ms->turn[i].i, 10 * t + k);
            double d = ms->turn[i].d;
            push(x, k, 0, d);
            push(x, k, ply <= 20 ? 1 : ply <= 60 ? 2 : 3, d);
            int b = (ply - 1) / ARENA_METRIC_BUCKET_PLIES;
            push(x, k, 6 + (b < ARENA_METRIC_BUCKETS ? b : ARENA_METRIC_BUCKETS - 1), d);
            int w = x->winner[m->game];
            if (w >= 0)
                push(x, k, w == a_side ? 4 : 5, d);
        }
    }
    int plies = x->plies[m->game];
    int expect = a_side == 0 ? (plies + 1) / 2 : plies / 2;
    ck_assert_int_eq(turns[0], expect);
    ck_assert_int_eq(turns[1], expect);
    x->checked++;
    return 0;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double q(const double *s, int n, double p)
{
    double h = (n - 1) * p;
    int lo = (int)floor(h);
    return lo + 1 < n ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

static void same(const cJSON *o, const char *key, double want)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    ck_assert_msg(v && cJSON_IsNumber(v), "no %s", key);
    ck_assert_msg(fabs(v->valuedouble - want) <= 1e-9 * fabs(want), "%s: %.17g, not %.17g", key,
                  v->valuedouble, want);
}

/* A game's record read back from the league holds the metrics again: a
 * ply's "metrics", the record's game values. */
static void check_record(arena_store *st, const vals *x)
{
    char err[512];
    cJSON *rec;
    ck_assert_int_eq(arena_store_record(st, 0, &rec, err, sizeof err), 0);
    int a_side = x->black[0] == 0 ? 0 : 1, seen = 0;
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(rec, "plies"))
    {
        int ply = cJSON_GetObjectItemCaseSensitive(p, "ply")->valueint;
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(p, "metrics");
        if (ply % 2 != (a_side == 0 ? 1 : 0)) {
            ck_assert_ptr_null(m); /* loa-random reports nothing */
            continue;
        }
        int t = (ply + (a_side == 0)) / 2;
        ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(m, "m1")->valueint, 10 * t + 1);
        seen++;
    }
    ck_assert_int_eq(seen, a_side == 0 ? (x->plies[0] + 1) / 2 : x->plies[0] / 2);
    const cJSON *g =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(rec, "metrics"),
                                         a_side ? "white" : "black");
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(g, "game_m")->valueint, 7);
    cJSON_Delete(rec);
}

/* `--standings DIR --filter` on metrics keeps the games the stored values
 * say: bot(a)[N].mK is a's value at the turn that answered ply N (10 t + K
 * at its t-th turn), bot(a).game_m its game value. */
static void check_filters(const vals *x)
{
    int black = 0, black3 = 0, white4 = 0, all = 0;
    for (int id = 0; id < 64; id++) { /* an id with no game has 0 plies */
        if (!x->plies[id] || (x->black[id] != 0 && x->white[id] != 0))
            continue;
        all++;
        black += x->black[id] == 0;
        black3 += x->black[id] == 0 && x->plies[id] >= 3;
        white4 += x->white[id] == 0 && x->plies[id] >= 4;
    }
    static const char *const filters[] = {"bot(a)[1].m0 == 10", "bot(a)[3].m1 == 21",
                                          "bot(a)[4].m0 == 20 AND bot(a).index == 1",
                                          "bot(a).game_m == 7", "bot(a)[1].m0 == 11"};
    const int want[] = {black, black3, white4, all, 0};
    ck_assert_int_gt(black3, 0);
    ck_assert_int_gt(white4, 0);
    for (int k = 0; k < (int)(sizeof want / sizeof *want); k++) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd,
                 BIN "/loa-arena --standings %s/res --filter '%s' 2>&1 | grep -q "
                     "'^Filtered: %d of 30 games$'",
                 g_dir, filters[k], want[k]);
        ck_assert_msg(system(cmd) == 0, "%s", cmd);
    }
    char cmd[1024]; /* a filter that keeps nothing says so */
    snprintf(cmd, sizeof cmd,
             BIN "/loa-arena --standings %s/res --filter 'bot(a)[1].m0 == 11' | grep -q "
                 "\"^Standings: the filter keeps none of the league's 30 games$\"",
             g_dir);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
}

/* The curve against ply of a's metric mK: each bucket that has values,
 * its plies and statistics, equal to a sort of the values. */
static void check_curve(const cJSON *list, vals *x, int k)
{
    int at = 0;
    for (int b = 0; b < ARENA_METRIC_BUCKETS; b++) {
        int n = x->n[k][6 + b];
        if (!n)
            continue;
        const cJSON *o = cJSON_GetArrayItem(list, at++);
        ck_assert_ptr_nonnull(o);
        same(o, "from", b * ARENA_METRIC_BUCKET_PLIES + 1);
        double *v = x->v[k][6 + b], sum = 0;
        qsort(v, (size_t)n, sizeof *v, cmp);
        for (int i = 0; i < n; i++)
            sum += v[i];
        same(o, "n", n);
        same(o, "mean", sum / n);
        same(o, "median", q(v, n, 0.5));
        same(o, "p10", q(v, n, 0.1));
        same(o, "p90", q(v, n, 0.9));
        free(v);
    }
    ck_assert_int_ge(at, 3); /* games past ply 21: the test means it */
    ck_assert_int_eq(cJSON_GetArraySize(list), at);
}

/* The printouts of the league in g_dir/res: `--standings --metrics` shows
 * the figures (m0's all turns: n), the bot pages' data holds them,
 * `--metrics=NAMES` only those. */
static void check_printouts(int n)
{
    char cmd[2048];
    /* the printout: the same figures */
    snprintf(cmd, sizeof cmd, BIN "/loa-arena --standings %s/res --metrics > %s/std 2>&1", g_dir,
             g_dir);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd,
             "grep -q '^a: 20 games with metrics, 0 metric lines dropped$' %s/std && grep -Eq "
             "'^  m0 +all +%d ' %s/std && grep -q 'game_m (game)' %s/std",
             g_dir, n, g_dir, g_dir);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
    /* the bot pages' data: the metrics in live.js's standings (index.js draws
     * them as the bot page's table) */
    snprintf(cmd, sizeof cmd,
             BIN "/loa-arena --html %s/res > /dev/null 2>&1 && grep -q '\"metrics\":{\"bots\":"
                 "\\[{\"name\":\"a\",\"games\":20' %s/res/live.js",
             g_dir, g_dir);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
    /* served (loa-arena serve): live.js carries them too */
    snprintf(cmd, sizeof cmd, "%s/res", g_dir);
    arena_server *sv = NULL;
    char err[512], *body = NULL;
    ck_assert_msg(arena_server_start(cmd, "127.0.0.1:0", &sv, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(http_get(arena_server_port(sv), "/live.js", &body), 200);
    ck_assert_msg(strstr(body, "\"metrics\":{\"bots\":[{\"name\":\"a\",\"games\":20"), "%.300s",
                  body);
    free(body);
    arena_server_stop(sv);
    /* a merge keeps them: the same metrics from the merged league */
    snprintf(cmd, sizeof cmd,
             BIN "/loa-arena --merge %s/m %s/res > /dev/null 2>&1 && " BIN
                 "/loa-arena --standings %s/m --metrics | sed -n '/^Metrics/,$p' > %s/mm && sed "
                 "-n '/^Metrics/,$p' %s/std > %s/sm && cmp -s %s/mm %s/sm",
             g_dir, g_dir, g_dir, g_dir, g_dir, g_dir, g_dir, g_dir);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
    /* --metrics=NAMES: only those */
    snprintf(cmd, sizeof cmd,
             BIN
             "/loa-arena --standings %s/res --metrics=m1,game_m > %s/std 2>&1 && grep -Eq "
             "'^  m1 +all ' %s/std && grep -q 'game_m (game)' %s/std && ! grep -Eq '^  m0 ' %s/std",
             g_dir, g_dir, g_dir, g_dir, g_dir);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
}

START_TEST(every_aggregate_is_exact)
{
    snprintf(g_dir, sizeof g_dir, "/tmp/check_arena_metrics_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_dir));
    char cmd[1024], err[512];
    snprintf(cmd, sizeof cmd,
             BIN "/loa-arena --bot a='" BIN "/test-metric-bot 2 random {seed}' --bot b='" BIN
                 "/loa-random -q -s 3' --bot c=" BIN
                 "/loa-greedy --games 10 --out %s/res -q > %s/out 2>&1",
             g_dir, g_dir);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s/res", g_dir);
    arena_store *st;
    ck_assert_int_eq(arena_store_open(cmd, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    static vals x;
    ck_assert_int_eq(arena_store_foreach(st, game_row, &x, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_metrics_foreach(arena_store_db(st), game_metrics, &x, err,
                                              sizeof err),
                     0);
    ck_assert_int_eq(x.checked, 20);
    /* some games won, some lost: the test means it (a's moves are seeded by
     * the game's seed: pid-seeded, it once drew 9 and lost 1 against b and
     * won none) */
    ck_assert_int_gt(x.n[0][4], 0);
    ck_assert_int_gt(x.n[0][5], 0);
    check_record(st, &x);
    cJSON *json;
    const arena_settings *s = arena_store_settings(st);
    ck_assert_int_eq(arena_task_metrics(s, st, NULL, NULL, NULL, &json, err, sizeof err), 0);
    const cJSON *bot = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(json, "bots"), 0);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(bot, "name")->valuestring, "a");
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(json, "bots")), 1);
    same(bot, "games", 20);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(bot, "metrics");
    static const char *const keys[6] = {"all",         "plies_1_20", "plies_21_60",
                                        "plies_61_up", "wins",       "losses"};
    for (int k = 0; k < 2; k++) {
        const cJSON *m = cJSON_GetArrayItem(list, k);
        ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(m, "name")->valuestring, k ? "m1" : "m0");
        for (int g = 0; g < 6; g++) {
            int n = x.n[k][g];
            const cJSON *o = cJSON_GetObjectItemCaseSensitive(m, keys[g]);
            if (!n) {
                ck_assert_ptr_null(o);
                continue;
            }
            double *v = x.v[k][g], sum = 0;
            qsort(v, (size_t)n, sizeof *v, cmp);
            for (int i = 0; i < n; i++)
                sum += v[i];
            same(o, "n", n);
            same(o, "mean", sum / n);
            same(o, "median", q(v, n, 0.5));
            same(o, "p10", q(v, n, 0.1));
            same(o, "p90", q(v, n, 0.9));
            free(v);
        }
        check_curve(cJSON_GetObjectItemCaseSensitive(m, "by_ply"), &x, k);
    }
    const cJSON *gm = cJSON_GetArrayItem(list, 2); /* the game value comes last */
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(gm, "scope")->valuestring, "game");
    same(cJSON_GetObjectItemCaseSensitive(gm, "all"), "n", 20);
    same(cJSON_GetObjectItemCaseSensitive(gm, "all"), "median", 7);
    cJSON_Delete(json);
    arena_store_close(st);
    check_printouts(x.n[0][0]);
    check_filters(&x);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* The summaries of small and tied sets: every n from 1 to 60, values with
 * many ties, against a sort. */
START_TEST(quantiles_of_small_and_tied_sets_are_exact)
{
    srand(44);
    for (int n = 1; n <= 60; n++) {
        arena_metrics *a = arena_metrics_new(1);
        int ply[60];
        util_metric_value v[60];
        double sorted[60];
        for (int k = 0; k < n; k++) {
            ply[k] = 1 + k % 20; /* all in plies 1-20 */
            double d = (double)(rand() % (n < 10 ? 3 : 17)) - 5;
            v[k] = (util_metric_value){UTIL_METRIC_REAL, 0, d, NULL};
            sorted[k] = d;
        }
        ck_assert_int_eq(arena_metrics_add_turns(a, 0, "x", ARENA_METRIC_WIN, n, ply, v), 0);
        arena_metric_summary *sum;
        int count;
        ck_assert_int_eq(arena_metrics_summarize(a, &sum, &count), 0);
        ck_assert_int_eq(count, 1);
        qsort(sorted, (size_t)n, sizeof *sorted, cmp);
        for (int g = 0; g < ARENA_METRIC_GROUPS; g++) {
            const arena_metric_stats *st = &sum[0].g[g];
            if (g == ARENA_METRIC_MIDDLE || g == ARENA_METRIC_LATE || g == ARENA_METRIC_LOSSES) {
                ck_assert_int_eq(st->n, 0);
                continue;
            }
            ck_assert_int_eq(st->n, n);
            ck_assert_msg(st->median == q(sorted, n, 0.5) && st->p10 == q(sorted, n, 0.1) &&
                              st->p90 == q(sorted, n, 0.9),
                          "n %d group %d: %g %g %g", n, g, st->p10, st->median, st->p90);
        }
        free(sum);
        arena_metrics_free(a);
    }
}
END_TEST

START_TEST(metrics_go_only_with_standings)
{
    ck_assert_int_ne(system(BIN "/loa-arena --metrics --bot a=x --bot b=y > /dev/null 2>&1"), 0);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"every_aggregate_is_exact", every_aggregate_is_exact, 120},
        {"metrics_go_only_with_standings", metrics_go_only_with_standings, 30},
        {"quantiles_of_small_and_tied_sets_are_exact", quantiles_of_small_and_tied_sets_are_exact,
         30},
    };
    return loa_run_suite("arena_metrics", cases, LOA_COUNT(cases));
}
