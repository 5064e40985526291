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

#include "arena_error.h"
#include "arena_standings.h"
#include "arena_test_util.h"
#include "check_main.h"

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

int main(void)
{
    const loa_tcase cases[] = {
        {"totals_results_and_faults", test_standings_totals, 30},
    };
    return loa_run_suite("arena_standings", cases, LOA_COUNT(cases));
}
