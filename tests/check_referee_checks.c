/*
 * check_referee_checks.c - a finished game's checker (ref_game_check,
 * util/check.h) fails on a game without its one reason, or whose winner,
 * fault or scores are not its reason's; every way a game ends passes it.
 * Built only where the checks are compiled in (LOA_CHECKS: the sanitizer
 * and Debug builds, tests/referee.cmake).
 */
#include <check.h>

#include "check_main.h"
#include "game_impl.h"

/* A game (no bot run) ended with reason, winner, fault and scores. */
static ref_game *ended(ref_reason reason, int winner, int fault, int s0, int s1)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = "black";
    c.players[1].command = "white";
    ref_game *g = ref_game_new(&c);
    ck_assert_ptr_nonnull(g);
    g->result.reason = reason;
    g->result.winner = winner;
    g->result.fault = fault;
    g->result.scores[0] = s0;
    g->result.scores[1] = s1;
    return g;
}

/* Every way a game ends, as the referee's setters end it. */
static const struct {
    ref_reason reason;
    int winner, fault, s0, s1;
} good[] = {
    {REF_REASON_CONNECTED, 1, -1, 0, 1},      {REF_REASON_OPPONENT_CONNECTED, 0, -1, 1, 0},
    {REF_REASON_PLY_LIMIT, -1, -1, 0, 0},     {REF_REASON_TIMEOUT, 1, 0, -1, 0},
    {REF_REASON_CRASHED, 0, 1, 0, -1},        {REF_REASON_FAILED_TO_START, 1, 0, -1, 0},
    {REF_REASON_REFEREE_ERROR, -1, -1, 0, 0}, {REF_REASON_ABORTED, -1, -1, 0, 0},
};

/* Ended games the checker refuses, each for one reason. */
static const struct {
    ref_reason reason;
    int winner, fault, s0, s1;
} bad[] = {
    {REF_REASON_NONE, -1, -1, 0, 0},      /* no reason */
    {REF_REASON_COUNT, -1, -1, 0, 0},     /* no reason of the table */
    {REF_REASON_TIMEOUT, 0, 0, -1, 0},    /* the bot at fault wins */
    {REF_REASON_CRASHED, -1, -1, 0, 0},   /* a fault without a bot */
    {REF_REASON_CONNECTED, -1, -1, 0, 0}, /* a connection without a winner */
    {REF_REASON_CONNECTED, 0, -1, 0, 1},  /* the loser scores */
    {REF_REASON_PLY_LIMIT, 1, -1, 0, 1},  /* a draw won */
    {REF_REASON_ABORTED, -1, 1, 0, -1},   /* an abort blaming a bot */
};

START_TEST(every_way_a_game_ends_passes_the_check)
{
    ref_game *g = ended(good[_i].reason, good[_i].winner, good[_i].fault, good[_i].s0, good[_i].s1);
    ref_game_check(g);
    ref_game_free(g);
}
END_TEST

START_TEST(a_game_ended_without_its_reasons_result_fails_the_check)
{
    ref_game *g = ended(bad[_i].reason, bad[_i].winner, bad[_i].fault, bad[_i].s0, bad[_i].s1);
    ref_game_check(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("referee_checks");
    TCase *tc = tcase_create("every_way_a_game_ends_passes_the_check");
    tcase_add_loop_test(tc, every_way_a_game_ends_passes_the_check, 0, (int)LOA_COUNT(good));
    suite_add_tcase(s, tc);
    tc = tcase_create("a_game_ended_without_its_reasons_result_fails_the_check");
    tcase_add_loop_test_raise_signal(tc, a_game_ended_without_its_reasons_result_fails_the_check,
                                     SIGABRT, 0, (int)LOA_COUNT(bad));
    suite_add_tcase(s, tc);
    return loa_run(s);
}
