/*
 * check_arena_standings.c - the standings: per-bot totals and fault columns from records, the
 * pairwise matrices, standings.json and the printed tables.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "report/standings_json.h"
#include "report/standings_text.h"
#include "results/standings.h"

START_TEST(test_standings_totals)
{
    arena_settings s;
    league(&s, 3, 2);
    arena_game_record recs[6];
    for (int id = 0; id < 6; id++)
        recs[id] = record_for(&s, id, -1);
    recs[0].winner = 0; /* bot0 (black) beats bot1 */
    recs[1].winner = 1; /* bot0 (white) beats bot1 */
    recs[2].winner = 1; /* bot2 (white) wins on a timeout of bot0 */
    recs[2].fault = 0;
    recs[2].reason = REF_REASON_TIMEOUT;
    recs[5].winner = 0;
    recs[5].fault = 1;
    recs[5].reason = REF_REASON_FAILED_TO_START;
    arena_standings *st = malloc(sizeof *st);
    ck_assert_int_eq(arena_standings_compute(&s, recs, 6, -1, st), 0);
    ck_assert_int_eq(st->games, 6);
    ck_assert_int_eq(st->expected, 6);
    const arena_bot_stats *b0 = &st->bots[0];
    ck_assert_int_eq(b0->games, 4);
    ck_assert_int_eq(b0->wins, 2);
    ck_assert_int_eq(b0->losses, 1);
    ck_assert_int_eq(b0->draws, 1);
    ck_assert_double_eq(b0->points, 2.5);
    ck_assert_int_eq(b0->timeouts, 1);
    ck_assert_int_eq(st->bots[recs[5].white].failed_to_start, 1);
    ck_assert_double_eq(st->pair_points[0 * 3 + 1], 2);
    ck_assert_double_eq(st->pair_games[0 * 3 + 1], 2);
    ck_assert_double_eq_tol(b0->max_ms, 9.25, 1e-9);
    cJSON *j = arena_standings_to_json(st, &s);
    ck_assert_ptr_nonnull(j);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "bots")), 3);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "pairs")), 3);
    cJSON_Delete(j);
    FILE *out = tmpfile();
    ck_assert_int_eq(arena_standings_print(st, &s, out), 0);
    fclose(out);
    free(st);
    arena_settings_clear(&s);
}
END_TEST

/* Prints the standings into a string (static buffer). */
static const char *printed(const arena_standings *st, const arena_settings *s)
{
    static char buf[1 << 15];
    FILE *out = fmemopen(buf, sizeof buf, "w");
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(arena_standings_print(st, s, out), 0);
    fclose(out);
    return buf;
}

/* Issue 24: the score matrix's columns line up whatever the cells hold:
 * half points over thousands of games ("10000.5/20002" is wider than a
 * name), and no %g exponent. */
START_TEST(score_matrix_columns_line_up_with_half_points)
{
    arena_settings s;
    league(&s, 3, 20002);
    int n = 3 * 20002;
    arena_game_record *recs = malloc(sizeof *recs * (size_t)n);
    for (int id = 0; id < n; id++)
        recs[id] = record_for(&s, id, id % 3 == 0 ? -1 : id % 3 == 1 ? 0 : 1);
    arena_standings *st = malloc(sizeof *st);
    ck_assert_int_eq(arena_standings_compute(&s, recs, n, -1, st), 0);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    ck_assert_int_eq(arena_standings_print(st, &s, out), 0);
    fclose(out);
    char *m = strstr(text, "Score matrix");
    ck_assert_ptr_nonnull(m);
    m = strchr(m, '\n') + 1;
    /* the header and the three rows: each column ends at the same offset */
    int ends[4][3], rows = 0;
    for (char *line = m; rows < 4; rows++) {
        char *nl = strchr(line, '\n');
        /* the end of the last three tokens of the line */
        char *e = nl;
        for (int k = 2; k >= 0; k--) {
            while (e > line && e[-1] == ' ')
                e--;
            ends[rows][k] = (int)(e - line);
            while (e > line && e[-1] != ' ')
                e--;
        }
        line = nl + 1;
    }
    for (int r = 1; r < 4; r++)
        for (int k = 0; k < 3; k++)
            ck_assert_msg(ends[r][k] == ends[0][k],
                          "row %d column %d ends at %d, header at %d:\n%s", r, k, ends[r][k],
                          ends[0][k], m);
    ck_assert_ptr_null(strstr(text, "e+0"));
    ck_assert_ptr_nonnull(strstr(m, ".5/20002"));
    free(text);
    free(st);
    free(recs);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_distinct_games)
{
    /* 3 bots, 10 games per pairing. bot0-bot1 (pairing 0) replays 2 games
     * (20%); bot0-bot2 has 10 distinct games; bot1-bot2 has 9 distinct of
     * 10, exactly 90%: not repetitive. */
    arena_settings s;
    league(&s, 3, 10);
    arena_game_record recs[30];
    for (int id = 0; id < 30; id++) {
        recs[id] = record_for(&s, id, id % 2);
        int a = recs[id].black < recs[id].white ? recs[id].black : recs[id].white;
        int b = recs[id].black ^ recs[id].white ^ a;
        if (a == 0 && b == 1)
            recs[id].moves_hash = 100 + (uint64_t)(id % 2);
        else if (a == 0)
            recs[id].moves_hash = 200 + (uint64_t)id;
        else
            recs[id].moves_hash = 300 + (uint64_t)(recs[id].round == 0 ? 0 : id);
    }
    arena_standings *st = malloc(sizeof *st);
    ck_assert_int_eq(arena_standings_compute(&s, recs, 30, -1, st), 0);
    ck_assert_int_eq(st->pair_known[0 * 3 + 1], 10);
    ck_assert_int_eq(st->pair_distinct[0 * 3 + 1], 2);
    ck_assert_int_eq(st->pair_distinct[1 * 3 + 0], 2);
    ck_assert_int_eq(st->pair_distinct[0 * 3 + 2], 10);
    ck_assert_int_eq(st->pair_distinct[1 * 3 + 2], 9);
    ck_assert_int_eq(st->distinct_games, 21);
    ck_assert_int_eq(st->repetitive_pairings, 1);
    ck_assert(st->unreliable[0] && st->unreliable[1] && !st->unreliable[2]);
    const char *text = printed(st, &s);
    ck_assert_msg(strstr(text, "warning: 1 pairing replayed the same games") &&
                      strstr(text, "bot0 - bot1 2 of 10") && strstr(text, "--openings FILE") &&
                      strstr(text, "--random-plies N"),
                  "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "?")); /* intervals marked */
    /* the matrix of distinct games, the repetitive pairing marked */
    ck_assert_msg(strstr(text, "Distinct games (different move lists") && strstr(text, "2/10!") &&
                      strstr(text, "9/10 ") && strstr(text, "10/10"),
                  "%s", text);
    cJSON *j = arena_standings_to_json(st, &s);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "distinct_games")->valueint, 21);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(j, "intervals_reliable")));
    cJSON *pair = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "pairs"), 0);
    ck_assert_str_eq(cJSON_GetObjectItem(pair, "b")->valuestring, "bot1");
    ck_assert_int_eq(cJSON_GetObjectItem(pair, "distinct_games")->valueint, 2);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(pair, "repetitive")));
    cJSON *bot;
    cJSON_ArrayForEach(bot, cJSON_GetObjectItem(j, "bots"))
    {
        int bot2 = strcmp(cJSON_GetObjectItem(bot, "name")->valuestring, "bot2") == 0;
        ck_assert(cJSON_IsBool(cJSON_GetObjectItem(bot, "elo_ci95_reliable")));
        ck_assert_int_eq(cJSON_IsTrue(cJSON_GetObjectItem(bot, "elo_ci95_reliable")), bot2);
    }
    cJSON_Delete(j);

    /* every game different: no warning, a plain count */
    for (int id = 0; id < 30; id++)
        recs[id].moves_hash = 1000 + (uint64_t)id;
    ck_assert_int_eq(arena_standings_compute(&s, recs, 30, -1, st), 0);
    ck_assert_int_eq(st->repetitive_pairings, 0);
    text = printed(st, &s);
    ck_assert_msg(strstr(text, "Distinct games: 30 of 30") && !strstr(text, "warning") &&
                      !strstr(text, "?"),
                  "%s", text);
    /* lines of an older arena (no hash): unknown, never counted as repeats */
    for (int id = 0; id < 30; id++)
        recs[id].moves_hash = 0;
    ck_assert_int_eq(arena_standings_compute(&s, recs, 30, -1, st), 0);
    ck_assert_int_eq(st->repetitive_pairings, 0);
    j = arena_standings_to_json(st, &s);
    pair = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "pairs"), 0);
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(pair, "distinct_games")));
    cJSON_Delete(j);
    free(st);
    arena_settings_clear(&s);
}
END_TEST

/* Issue 36: the standings of a million-game league are counted as the
 * store walks its games, in one pass; the result does not depend on the
 * order the games come in, and equals the standings of the whole set. */
START_TEST(one_pass_in_any_order_equals_the_whole_set)
{
    arena_settings s;
    league(&s, 4, 20);
    int n = 6 * 20;
    arena_game_record *recs = malloc(sizeof *recs * (size_t)n);
    uint64_t x = 88172645463325252ull;
    for (int id = 0; id < n; id++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        recs[id] = record_for(&s, id, (int)(x % 3) - 1);
        recs[id].moves_hash = 1 + x % 7; /* repeats: some pairings repetitive */
    }
    arena_standings *whole = malloc(sizeof *whole), *pass = malloc(sizeof *pass);
    ck_assert_int_eq(arena_standings_compute(&s, recs, n, 1, whole), 0);
    arena_standings_acc *a = NULL;
    ck_assert_int_eq(arena_standings_acc_new(&s, 1, &a), 0);
    for (int k = 0; k < n; k++) /* odd ids first, then even ones backwards */
        ck_assert_int_eq(
            arena_standings_acc_add(a, &recs[k < n / 2 ? 2 * k + 1 : n - 2 - 2 * (k - n / 2)]), 0);
    ck_assert_int_eq(arena_standings_acc_finish(a, pass), 0);
    arena_standings_acc_free(a);
    ck_assert_int_eq(pass->games, n);
    ck_assert_int_eq(memcmp(whole->pair_penta, pass->pair_penta, sizeof whole->pair_penta), 0);
    ck_assert_int_eq(memcmp(whole->pair_distinct, pass->pair_distinct, sizeof whole->pair_distinct),
                     0);
    int pairs = 0;
    for (int i = 0; i < 4 * 4 * ARENA_PENTA_BINS; i++)
        pairs += pass->pair_penta[i];
    ck_assert_int_eq(pairs, n); /* every pair counted from both sides */
    ck_assert(pass->repetitive_pairings > 0);
    /* the points, counted here from the records: a win 1, a draw 1/2 */
    double points[4] = {0};
    for (int id = 0; id < n; id++) {
        if (recs[id].winner < 0) {
            points[recs[id].black] += 0.5;
            points[recs[id].white] += 0.5;
        } else {
            points[recs[id].winner == 0 ? recs[id].black : recs[id].white] += 1;
        }
    }
    for (int i = 0; i < 4; i++)
        ck_assert_double_eq(pass->bots[i].points, points[i]);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(whole->order[i], pass->order[i]);
        ck_assert_double_eq(whole->ratings.elo[i], pass->ratings.elo[i]);
        ck_assert_double_eq(whole->bots[i].points, pass->bots[i].points);
    }
    ck_assert_double_eq(pass->ratings.elo[1], 0); /* the anchor */

    /* a game naming no bot of the league: refused, and the standings
     * cannot be finished */
    ck_assert_int_eq(arena_standings_acc_new(&s, -1, &a), 0);
    arena_game_record bad = recs[0];
    bad.white = 4;
    ck_assert_int_eq(arena_standings_acc_add(a, &recs[1]), 0);
    ck_assert_int_eq(arena_standings_acc_add(a, &bad), ARENA_E_INVAL);
    ck_assert_int_eq(arena_standings_acc_finish(a, pass), ARENA_E_INVAL);
    arena_standings_acc_free(a);
    /* the two games of a pair between other bots: refused at the end */
    ck_assert_int_eq(arena_standings_acc_new(&s, -1, &a), 0);
    bad = recs[1];
    bad.black = recs[0].black;
    bad.white = recs[0].white;
    ck_assert_int_eq(arena_standings_acc_add(a, &recs[0]), 0);
    ck_assert_int_eq(arena_standings_acc_add(a, &bad), 0);
    ck_assert_int_eq(arena_standings_acc_finish(a, pass), ARENA_E_INVAL);
    arena_standings_acc_free(a);
    ck_assert_int_eq(arena_standings_acc_new(&s, 4, &a), ARENA_E_INVAL); /* no bot 4 */
    free(whole);
    free(pass);
    free(recs);
    arena_settings_clear(&s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"totals_results_and_faults", test_standings_totals, 30},
        {"counts_distinct_games_and_warns_below_90_percent", test_distinct_games, 30},
        {"one_pass_in_any_order_equals_the_whole_set", one_pass_in_any_order_equals_the_whole_set,
         30},
        {"score_matrix_columns_line_up_with_half_points",
         score_matrix_columns_line_up_with_half_points, 60},
    };
    return loa_run_suite("arena_standings", cases, LOA_COUNT(cases));
}
