/*
 * check_arena_planner.c - which game a league plays next (results/planner):
 * in order, every id once, stored and failed games skipped, a game back
 * unplayed given again; a retired bot's games never; continuous mode: a
 * new pairing first, then the pairing whose score is least certain (an
 * evenly matched one before a lopsided one), the newest bot on ties, and
 * the signal to grow when the chosen pairing has played every round.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "core/error.h"
#include "results/planner.h"
#include "arena_test_util.h"
#include "check_main.h"

START_TEST(in_order_every_game_once_stored_ones_skipped)
{
    arena_settings s;
    league(&s, 3, 4); /* 3 pairings x 4 games: ids 0..11 */
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(&s, 0, &p), 0);
    arena_planner_stored(p, 0);
    arena_planner_stored(p, 5);
    ck_assert_int_eq(arena_planner_total(p), 12);
    ck_assert_int_eq(arena_planner_done(p), 2);
    arena_game_spec g;
    int seen[12] = {0}, n = 0, prev = -1;
    while (arena_planner_next(p, &g) == ARENA_PLAN_GAME) {
        ck_assert_int_eq(seen[g.id]++, 0);
        ck_assert_int_gt(g.id, prev); /* in order */
        prev = g.id;
        n++;
    }
    ck_assert_int_eq(n, 10);
    ck_assert_int_eq(seen[0] + seen[5], 0);
    /* all in flight: wait; one back unplayed: given again; the rest
     * stored (or failed, not again in this run): done */
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_WAIT);
    ck_assert_int_eq(arena_planner_in_flight(p), 10);
    arena_planner_back(p, 7, NULL, 0);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert_int_eq(g.id, 7);
    for (int id = 1; id < 12; id++)
        if (id != 5)
            arena_planner_back(p, id, NULL, id == 3 ? -1 : 1);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_DONE);
    ck_assert_int_eq(arena_planner_done(p), 11);
    ck_assert_int_eq(arena_planner_total(p), 12); /* the failed one still counts */
    ck_assert_int_eq(arena_planner_left(p), 0);
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(a_retired_bot_is_never_scheduled_and_its_games_count_as_played)
{
    arena_settings s;
    league(&s, 3, 4);
    s.bots[0].retired = 1;
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(&s, 0, &p), 0);
    /* bot0's pairings (0,1) and (0,2): two of its games stored */
    arena_planner_stored(p, 0);
    arena_planner_stored(p, 1);
    ck_assert_int_eq(arena_planner_total(p), 2 + 4);
    arena_game_spec g;
    int n = 0;
    while (arena_planner_next(p, &g) == ARENA_PLAN_GAME) {
        ck_assert(g.black != 0 && g.white != 0);
        n++;
    }
    ck_assert_int_eq(n, 4);
    arena_planner_free(p);
    /* continuous mode never picks its pairings either */
    ck_assert_int_eq(arena_planner_new(&s, 1, &p), 0);
    for (int k = 0; k < 4; k++) {
        ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
        ck_assert(g.black != 0 && g.white != 0);
    }
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

/* The pairing of bots a and b in league s (round-robin of 3). */
static int pairing_of(int a, int b)
{
    return a + b - 1; /* (0,1) 0, (0,2) 1, (1,2) 2 */
}

START_TEST(continuous_plays_where_a_game_tells_most)
{
    arena_settings s;
    league(&s, 3, 200);
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(&s, 1, &p), 0);
    /* bot0 beat bot1 10-0 (lopsided), bot0 and bot2 10-10 (even); the pairing
     * (1,2) has no game yet: it comes first, then the even one */
    arena_planner_count(p, 0, 1, 0, 10);
    arena_planner_count(p, 0, 2, 0, 5);
    arena_planner_count(p, 2, 0, 0, 5);
    arena_game_spec g;
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert_int_eq(g.pairing, pairing_of(1, 2));
    ck_assert_int_eq(g.id % 2, 0); /* a pair's first game first */
    arena_planner_back(p, g.id, NULL, 0);
    /* games as they come back: bot0 goes on beating bot1, the others share
     * their points; the even pairings get more games than the lopsided one,
     * which is not starved */
    int counts[3] = {0};
    for (int k = 0; k < 100; k++) {
        ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
        int lo = g.black < g.white ? g.black : g.white;
        int lo_wins = g.pairing == pairing_of(0, 1) || counts[g.pairing] % 2;
        arena_game_record r = record_for(&s, g.id, (g.black == lo) == lo_wins ? 0 : 1);
        counts[g.pairing]++;
        arena_planner_back(p, g.id, &r, 1);
    }
    ck_assert_int_gt(counts[pairing_of(0, 2)], counts[pairing_of(0, 1)]);
    ck_assert_int_gt(counts[pairing_of(1, 2)], counts[pairing_of(0, 1)]);
    ck_assert_int_gt(counts[pairing_of(0, 1)], 0);
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(continuous_asks_to_grow_when_the_pairing_has_played_every_round)
{
    arena_settings s;
    league(&s, 2, 2);
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(&s, 1, &p), 0);
    arena_game_spec g;
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GROW);
    ck_assert_int_eq(arena_planner_left(p), 1);
    arena_planner_free(p);
    /* ties go to the newest bot's pairing */
    arena_settings_clear(&s);
    league(&s, 3, 2);
    ck_assert_int_eq(arena_planner_new(&s, 1, &p), 0);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert(g.black == 2 || g.white == 2);
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"in_order_every_game_once_stored_ones_skipped",
         in_order_every_game_once_stored_ones_skipped, 10},
        {"a_retired_bot_is_never_scheduled_and_its_games_count_as_played",
         a_retired_bot_is_never_scheduled_and_its_games_count_as_played, 10},
        {"continuous_plays_where_a_game_tells_most", continuous_plays_where_a_game_tells_most,
         10},
        {"continuous_asks_to_grow_when_the_pairing_has_played_every_round",
         continuous_asks_to_grow_when_the_pairing_has_played_every_round, 10},
    };
    return loa_run_suite("arena_planner", cases, LOA_COUNT(cases));
}
