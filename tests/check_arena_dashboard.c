/*
 * check_arena_dashboard - report/dashboard: the league pages' figures from
 * games fed in stored order: a point of Elo history a game up to 202, then
 * thinned to between 101 and 202 evenly spaced points ending at the last
 * game; results by opponent and colour; faults by reason and the newest
 * faults, newest first; the time histogram's bins around the turn limit;
 * each bot's slowest games; an SPRT's LLR history a point a pair.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "report/dashboard.h"
#include "util/file.h"

static cJSON *figures(const arena_settings *s, const arena_game_record *r, int n)
{
    arena_dashboard *d;
    ck_assert_int_eq(arena_dashboard_new(s, -1, n, &d), 0);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(arena_dashboard_add(d, &r[i]), 0);
    cJSON *j = arena_dashboard_to_json(d);
    ck_assert_ptr_nonnull(j);
    arena_dashboard_free(d);
    return j;
}

static const cJSON *at(const cJSON *o, const char *a, const char *b, const char *c)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b)
        x = cJSON_GetObjectItemCaseSensitive(x, b);
    if (c)
        x = cJSON_GetObjectItemCaseSensitive(x, c);
    ck_assert_ptr_nonnull(x);
    return x;
}

START_TEST(elo_history_has_a_point_a_game_then_thins)
{
    arena_settings s;
    league(&s, 2, 2000);
    static arena_game_record r[2000];
    for (int i = 0; i < 2000; i++)
        r[i] = record_for(&s, i, i % 3 == 0 ? -1 : i % 5 == 0); /* some draws, both win */
    for (int n = 0; n < 2; n++) {
        int count = n ? 2000 : 50;
        cJSON *j = figures(&s, r, count);
        const cJSON *games = at(j, "elo_history", "games", NULL);
        int k = cJSON_GetArraySize(games);
        if (count == 50) {
            ck_assert_int_eq(k, 50);
        } else {
            ck_assert_msg(k >= ARENA_DASH_POINTS && k <= 2 * ARENA_DASH_POINTS + 3, "%d points", k);
        }
        /* evenly spaced after thinning, the last point the last game */
        double step =
            cJSON_GetArrayItem(games, 1)->valuedouble - cJSON_GetArrayItem(games, 0)->valuedouble;
        for (int i = 1; i + 1 < k; i++)
            ck_assert_double_eq(cJSON_GetArrayItem(games, i)->valuedouble -
                                    cJSON_GetArrayItem(games, i - 1)->valuedouble,
                                step);
        ck_assert_double_eq(cJSON_GetArrayItem(games, k - 1)->valuedouble, count);
        for (int b = 0; b < 2; b++) {
            const cJSON *e = at(j, "elo_history", "bots", s.bots[b].name);
            ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(e, "elo")), k);
            ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(e, "ci")), k);
        }
        /* two bots, mean 0: the ratings are opposite */
        const cJSON *e0 = at(j, "elo_history", "bots", "bot0"),
                    *e1 = at(j, "elo_history", "bots", "bot1");
        double a = cJSON_GetArrayItem(cJSON_GetObjectItem(e0, "elo"), k - 1)->valuedouble;
        double b = cJSON_GetArrayItem(cJSON_GetObjectItem(e1, "elo"), k - 1)->valuedouble;
        ck_assert_double_eq_tol(a, -b, 0.11);
        cJSON_Delete(j);
    }
    arena_settings_clear(&s);
}
END_TEST

/* A walk that announces its games (arena_dashboard_expect) fits only the
 * points it keeps: its figures are the same, for every count from one
 * point to several thinnings, and when more games come than announced. */
START_TEST(an_announced_walk_keeps_the_same_elo_history)
{
    arena_settings s;
    league(&s, 4, 1000);
    static arena_game_record r[6000];
    for (int i = 0; i < 6000; i++)
        r[i] = record_for(&s, i, i % 3 == 0 ? -1 : (i * 7) % 5 < 2); /* draws, both win */
    static const int counts[] = {1, 150, 202, 203, 404, 405, 1000, 2999, 6000};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        int n = counts[c];
        for (int more = 0; more <= (n < 5000 ? 1 : 0); more++) {
            cJSON *plain = figures(&s, r, n + more * 1000);
            arena_dashboard *d;
            ck_assert_int_eq(arena_dashboard_new(&s, -1, n, &d), 0);
            arena_dashboard_expect(d, n);
            for (int i = 0; i < n + more * 1000; i++)
                ck_assert_int_eq(arena_dashboard_add(d, &r[i]), 0);
            cJSON *told = arena_dashboard_to_json(d);
            arena_dashboard_free(d);
            char *a = cJSON_PrintUnformatted(at(plain, "elo_history", NULL, NULL));
            char *b = cJSON_PrintUnformatted(at(told, "elo_history", NULL, NULL));
            ck_assert_msg(strcmp(a, b) == 0, "%d games (+%d): %.300s\n%.300s", n, more * 1000, a,
                          b);
            free(a);
            free(b);
            cJSON_Delete(plain);
            cJSON_Delete(told);
        }
    }
    arena_settings_clear(&s);
}
END_TEST

START_TEST(results_faults_and_times_by_bot)
{
    arena_settings s;
    league(&s, 2, 20);
    s.limits.turn_ms = 150;
    arena_game_record r[9];
    for (int i = 0; i < 9; i++) {
        r[i] = record_for(&s, i, 0); /* black wins */
        r[i].time[0].max_ms = 0.05;  /* bin 0 */
        r[i].time[1].max_ms = 120;   /* [100, 150) */
    }
    r[8].time[1].max_ms = 151;    /* over the limit: [150, 300) */
    for (int i = 2; i < 9; i++) { /* white, whoever it is, times out */
        r[i].fault = 1;
        r[i].reason = REF_REASON_TIMEOUT;
    }
    cJSON *j = figures(&s, r, 9);
    const cJSON *edges = at(j, "time_bins_ms", NULL, NULL);
    int n = cJSON_GetArraySize(edges), k150 = -1;
    for (int i = 0; i < n; i++)
        if (cJSON_GetArrayItem(edges, i)->valuedouble == 150)
            k150 = i;
    ck_assert_int_ge(k150, 1);
    /* results by opponent and colour, faults by reason */
    int wins_black = 0, losses_white = 0, timeouts = 0, over = 0, below = 0;
    for (int b = 0; b < 2; b++) {
        const cJSON *vs = at(j, "bots", s.bots[b].name, "vs");
        const cJSON *o = cJSON_GetObjectItem(vs, s.bots[1 - b].name);
        wins_black += cJSON_GetArrayItem(cJSON_GetObjectItem(o, "black"), 0)->valueint;
        losses_white += cJSON_GetArrayItem(cJSON_GetObjectItem(o, "white"), 2)->valueint;
        const cJSON *t = cJSON_GetObjectItem(at(j, "bots", s.bots[b].name, "faults"), "timeout");
        timeouts += t ? t->valueint : 0;
        const cJSON *h = at(j, "bots", s.bots[b].name, "max_hist");
        over += cJSON_GetArrayItem(h, k150)->valueint;
        below += cJSON_GetArrayItem(h, k150 - 1)->valueint;
        ck_assert_int_eq(cJSON_GetArraySize(h), n);
        ck_assert_int_le(cJSON_GetArraySize(at(j, "bots", s.bots[b].name, "slowest")),
                         ARENA_DASH_KEEP);
    }
    ck_assert_int_eq(wins_black, 9);
    ck_assert_int_eq(losses_white, 9);
    ck_assert_int_eq(timeouts, 7);
    ck_assert_int_eq(over, 1);
    ck_assert_int_eq(below, 8);
    /* the slowest game of game 8's white is game 8 */
    int w8 = r[8].white;
    const cJSON *slow = cJSON_GetArrayItem(at(j, "bots", s.bots[w8].name, "slowest"), 0);
    ck_assert_int_eq(cJSON_GetObjectItem(slow, "id")->valueint, 8);
    ck_assert_double_eq_tol(cJSON_GetObjectItem(slow, "max_ms")->valuedouble, 151, 1e-9);
    cJSON_Delete(j);
    /* the newest faults, newest first, ARENA_DASH_KEEP at most */
    arena_dashboard *d;
    ck_assert_int_eq(arena_dashboard_new(&s, -1, 20, &d), 0);
    for (int i = 0; i < 9; i++)
        ck_assert_int_eq(arena_dashboard_add(d, &r[i]), 0);
    int ids[ARENA_DASH_KEEP + 2], got = 0, want = 8;
    for (int b = 0; b < 2; b++) {
        int k = arena_dashboard_faults(d, b, ids, ARENA_DASH_KEEP + 2);
        ck_assert_int_le(k, ARENA_DASH_KEEP);
        for (int i = 1; i < k; i++)
            ck_assert_int_gt(ids[i - 1], ids[i]);
        got += k;
        if (k && ids[0] == want)
            want = -1;
    }
    ck_assert_int_eq(want, -1); /* game 8 is someone's newest fault */
    ck_assert_int_ge(got, ARENA_DASH_KEEP);
    /* a game naming a bot outside the league */
    arena_game_record bad = r[0];
    bad.white = 5;
    ck_assert_int_eq(arena_dashboard_add(d, &bad), ARENA_E_INVAL);
    arena_dashboard_free(d);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(sprt_llr_has_a_point_a_pair)
{
    arena_settings s;
    league(&s, 2, 40);
    s.sprt = 1;
    s.sprt_params.elo0 = 0;
    s.sprt_params.elo1 = 50;
    s.sprt_params.alpha = 0.05;
    s.sprt_params.beta = 0.05;
    arena_game_record r[12];
    for (int i = 0; i < 12; i++) /* bot0 wins every game, of either colour */
        r[i] = record_for(&s, i, -1);
    for (int i = 0; i < 12; i++)
        r[i].winner = r[i].black == 0 ? 0 : 1;
    cJSON *j = figures(&s, r, 12);
    const cJSON *pairs = at(j, "sprt_history", "pairs", NULL),
                *llr = at(j, "sprt_history", "llr", NULL);
    ck_assert_int_eq(cJSON_GetArraySize(pairs), 6);
    ck_assert_int_eq(cJSON_GetArraySize(llr), 6);
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(cJSON_GetArrayItem(pairs, i)->valueint, i + 1);
    /* every pair won by the same bot: the LLR moves one way */
    for (int i = 1; i < 6; i++)
        ck_assert(fabs(cJSON_GetArrayItem(llr, i)->valuedouble) >=
                  fabs(cJSON_GetArrayItem(llr, i - 1)->valuedouble));
    cJSON_Delete(j);
    arena_settings_clear(&s);
}
END_TEST

/* A bot's slowest games are those whose slowest turn came nearest its limit,
 * the first turn judged against its own (it was ranked by time alone: the
 * first turns, with their larger limit, came first). */
START_TEST(slowest_games_rank_turns_against_their_limits)
{
    arena_settings s;
    league(&s, 2, 20);
    s.limits.turn_ms = 150;
    s.limits.first_turn_ms = 1000;
    /* first turn ms, slowest later turn ms, of games 0..2 (both sides) */
    static const double times[3][2] = {{900, 10}, {100, 145}, {500, 50}};
    arena_game_record r[3];
    for (int i = 0; i < 3; i++) {
        r[i] = record_for(&s, i, 0);
        for (int side = 0; side < 2; side++)
            r[i].time[side].first_ms = times[i][0], r[i].time[side].max_ms = times[i][1];
    }
    cJSON *j = figures(&s, r, 3);
    static const int want[] = {1, 0, 2}; /* 145/150, 900/1000, 500/1000 */
    for (int b = 0; b < 2; b++) {
        const cJSON *slow = at(j, "bots", s.bots[b].name, "slowest");
        ck_assert_int_eq(cJSON_GetArraySize(slow), 3);
        for (int k = 0; k < 3; k++) {
            const cJSON *g = cJSON_GetArrayItem(slow, k);
            int id = cJSON_GetObjectItem(g, "id")->valueint;
            ck_assert_int_eq(id, want[k]);
            double share =
                fmax(times[id][1] / s.limits.turn_ms, times[id][0] / s.limits.first_turn_ms);
            ck_assert_double_eq_tol(cJSON_GetObjectItem(g, "share")->valuedouble, share, 1e-3);
        }
    }
    cJSON_Delete(j);
    arena_settings_clear(&s);
}
END_TEST

/* Sets a member of o (replacing it). */
static void set(cJSON *o, const char *key, cJSON *v)
{
    if (cJSON_GetObjectItemCaseSensitive(o, key))
        cJSON_ReplaceItemInObjectCaseSensitive(o, key, v);
    else
        cJSON_AddItemToObject(o, key, v);
}

/* The turn of a slowest game shown is the bot's nearest its limit, as the
 * referee judged it (CPU time when recorded), with its stderr; when the bot
 * timed out, its timeout, whatever its time. */
START_TEST(slow_turn_is_the_nearest_its_limit_with_its_stderr)
{
    char *text;
    size_t len;
    ck_assert_int_eq(util_read_file(LOA_SOURCE_DIR "/tests/fixtures/replay/normal.json", 1 << 20,
                                    &text, &len),
                     0);
    cJSON *rec = cJSON_Parse(text);
    free(text);
    ck_assert_ptr_nonnull(rec);
    const cJSON *lim = cJSON_GetObjectItem(rec, "limits");
    double first_limit = cJSON_GetObjectItem(lim, "first_turn_ms")->valuedouble;
    double limit = cJSON_GetObjectItem(lim, "turn_ms")->valuedouble;
    const char *black =
        cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "players"), 0), "name")
            ->valuestring;
    cJSON *plies = cJSON_GetObjectItem(rec, "plies"), *p;
    cJSON_ArrayForEach(p, plies) set(p, "time_us", cJSON_CreateNumber(1000));
    /* black's plies 1 (its first turn), 3 and 5: 0.9, 0.93 and, in CPU time, 0.99 */
    set(cJSON_GetArrayItem(plies, 0), "time_us", cJSON_CreateNumber(first_limit * 900));
    set(cJSON_GetArrayItem(plies, 2), "time_us", cJSON_CreateNumber(limit * 930));
    set(cJSON_GetArrayItem(plies, 2), "stderr", cJSON_CreateString("ply 3\n"));
    set(cJSON_GetArrayItem(plies, 4), "cpu_us", cJSON_CreateNumber(limit * 990));
    set(cJSON_GetArrayItem(plies, 4), "stderr", cJSON_CreateString("ply 5\n"));
    cJSON *g = cJSON_CreateObject();
    ck_assert_int_eq(arena_dashboard_slow_turn(rec, black, g), 0);
    ck_assert_int_eq(cJSON_GetObjectItem(g, "ply")->valueint, 5);
    ck_assert_double_eq_tol(cJSON_GetObjectItem(g, "turn_ms")->valuedouble, limit * 0.99, 1e-6);
    ck_assert_double_eq(cJSON_GetObjectItem(g, "limit_ms")->valuedouble, limit);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(g, "timeout")));
    ck_assert_str_eq(cJSON_GetObjectItem(g, "stderr")->valuestring, "ply 5\n");
    cJSON_Delete(g);
    /* black's first turn alone slow: it, against its own limit */
    set(cJSON_GetArrayItem(plies, 2), "time_us", cJSON_CreateNumber(1000));
    cJSON_DeleteItemFromObject(cJSON_GetArrayItem(plies, 4), "cpu_us");
    g = cJSON_CreateObject();
    ck_assert_int_eq(arena_dashboard_slow_turn(rec, black, g), 0);
    ck_assert_int_eq(cJSON_GetObjectItem(g, "ply")->valueint, 1);
    ck_assert_double_eq(cJSON_GetObjectItem(g, "limit_ms")->valuedouble, first_limit);
    cJSON_Delete(g);
    /* black times out at the end: that answer (no time), its stderr */
    cJSON *last = cJSON_GetArrayItem(plies, cJSON_GetArraySize(plies) - 1);
    ck_assert_str_eq(cJSON_GetObjectItem(last, "color")->valuestring, "black");
    set(last, "move", cJSON_CreateNull());
    set(last, "time_us", cJSON_CreateNull());
    set(last, "stderr", cJSON_CreateString("still searching\n"));
    cJSON *res = cJSON_GetObjectItem(rec, "result");
    set(res, "reason", cJSON_CreateString("timeout"));
    set(res, "fault", cJSON_CreateString("black"));
    g = cJSON_CreateObject();
    ck_assert_int_eq(arena_dashboard_slow_turn(rec, black, g), 0);
    ck_assert_int_eq(cJSON_GetObjectItem(g, "ply")->valueint,
                     cJSON_GetObjectItem(last, "ply")->valueint);
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(g, "turn_ms")));
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(g, "timeout")));
    ck_assert_str_eq(cJSON_GetObjectItem(g, "stderr")->valuestring, "still searching\n");
    cJSON_Delete(g);
    /* a bot not in the game: nothing */
    g = cJSON_CreateObject();
    ck_assert_int_eq(arena_dashboard_slow_turn(rec, "nobody", g), 0);
    ck_assert_ptr_null(g->child);
    cJSON_Delete(g);
    cJSON_Delete(rec);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"elo_history_has_a_point_a_game_then_thins", elo_history_has_a_point_a_game_then_thins,
         60},
        {"an_announced_walk_keeps_the_same_elo_history",
         an_announced_walk_keeps_the_same_elo_history, 60},
        {"results_faults_and_times_by_bot", results_faults_and_times_by_bot, 30},
        {"sprt_llr_has_a_point_a_pair", sprt_llr_has_a_point_a_pair, 30},
        {"slowest_games_rank_turns_against_their_limits",
         slowest_games_rank_turns_against_their_limits, 30},
        {"slow_turn_is_the_nearest_its_limit_with_its_stderr",
         slow_turn_is_the_nearest_its_limit_with_its_stderr, 30},
    };
    return loa_run_suite("arena_dashboard", cases, LOA_COUNT(cases));
}
