/*
 * check_arena_schedule.c - the schedule: pair counts per format, colour-swapped game pairs sharing
 * a seed, distinct round seeds, ids that only append when a league grows.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_error.h"
#include "arena_schedule.h"
#include "arena_settings.h"
#include "arena_test_util.h"
#include "check_main.h"

START_TEST(test_pair_counts)
{
    ck_assert_int_eq(arena_pairing_count(ARENA_FORMAT_ROUND_ROBIN, 5), 10);
    ck_assert_int_eq(arena_pairing_count(ARENA_FORMAT_ROUND_ROBIN, 2), 1);
    ck_assert_int_eq(arena_pairing_count(ARENA_FORMAT_GAUNTLET, 5), 4);
    ck_assert_int_eq(arena_pairing_count(ARENA_FORMAT_ROUND_ROBIN, 1), 0);
    ck_assert_int_eq(arena_schedule_size(ARENA_FORMAT_ROUND_ROBIN, 6, 8), 15 * 8);

    for (int fmt = 0; fmt < 2; fmt++) {
        arena_settings s;
        league(&s, 6, 8);
        s.format = (arena_format)fmt;
        if (fmt == ARENA_FORMAT_GAUNTLET)
            arena_set_string(&s.gauntlet_bot, "bot2");
        arena_game_spec *g;
        int n;
        ck_assert_int_eq(arena_schedule_build(&s, &g, &n), 0);
        ck_assert_int_eq(n, (fmt ? 5 : 15) * 8);
        int meet[6][6] = {{0}}, black[6][6] = {{0}};
        for (int i = 0; i < n; i++) {
            ck_assert_int_eq(g[i].id, i);
            ck_assert_int_ne(g[i].black, g[i].white);
            int a = g[i].black < g[i].white ? g[i].black : g[i].white;
            int b = g[i].black + g[i].white - a;
            meet[a][b]++;
            black[g[i].black][g[i].white]++;
            if (fmt == ARENA_FORMAT_GAUNTLET)
                ck_assert(g[i].black == 2 || g[i].white == 2);
        }
        for (int a = 0; a < 6; a++)
            for (int b = a + 1; b < 6; b++) {
                int expect = fmt == 0 || a == 2 || b == 2 ? 8 : 0;
                ck_assert_int_eq(meet[a][b], expect);
                /* colour balance: each side black in exactly half */
                ck_assert_int_eq(black[a][b], expect / 2);
                ck_assert_int_eq(black[b][a], expect / 2);
            }
        free(g);
        arena_settings_clear(&s);
    }
}
END_TEST

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

START_TEST(test_colour_swapped_pairs_and_seeds)
{
    arena_settings s;
    league(&s, 4, 6);
    s.seed = 12345;
    arena_game_spec *g;
    int n;
    ck_assert_int_eq(arena_schedule_build(&s, &g, &n), 0);
    ck_assert_int_eq(n, 36);
    int pairings = 6;
    for (int i = 0; i < n; i += 2) {
        /* game 2k and 2k+1: same pairing, same seed, colours swapped */
        ck_assert_int_eq(g[i].black, g[i + 1].white);
        ck_assert_int_eq(g[i].white, g[i + 1].black);
        ck_assert(g[i].seed == g[i + 1].seed);
        ck_assert_int_eq(g[i].pairing, (i / 2) % pairings);
        ck_assert_int_eq(g[i].round, (i / 2) / pairings);
        ck_assert(g[i].seed == arena_seed_derive(12345, g[i].round));
    }
    /* rounds differ in seed, pairings of one round share it */
    ck_assert(g[0].seed == g[2].seed);
    ck_assert(g[0].seed != g[12].seed);
    ck_assert(g[12].seed != g[24].seed);
    /* deterministic in the master seed, sensitive to it */
    ck_assert(arena_seed_derive(12345, 0) == arena_seed_derive(12345, 0));
    ck_assert(arena_seed_derive(12345, 0) != arena_seed_derive(12346, 0));
    ck_assert(arena_seed_derive(0, 0) != arena_seed_derive(0, 1));
    /* no collisions over many rounds */
    static int64_t seen[100000];
    for (int r = 0; r < 100000; r++)
        seen[r] = arena_seed_derive(-7, r);
    qsort(seen, 100000, sizeof seen[0], cmp_i64);
    for (int r = 1; r < 100000; r++)
        ck_assert(seen[r - 1] != seen[r]);
    free(g);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_schedule_extends)
{
    /* raising the games per pairing only appends ids */
    arena_settings a, b;
    league(&a, 5, 4);
    league(&b, 5, 10);
    arena_game_spec *ga, *gb;
    int na, nb;
    ck_assert_int_eq(arena_schedule_build(&a, &ga, &na), 0);
    ck_assert_int_eq(arena_schedule_build(&b, &gb, &nb), 0);
    ck_assert_int_eq(na, 40);
    ck_assert_int_eq(nb, 100);
    for (int i = 0; i < na; i++) {
        ck_assert_int_eq(ga[i].id, gb[i].id);
        ck_assert_int_eq(ga[i].round, gb[i].round);
        ck_assert_int_eq(ga[i].pairing, gb[i].pairing);
        ck_assert_int_eq(ga[i].black, gb[i].black);
        ck_assert_int_eq(ga[i].white, gb[i].white);
        ck_assert(ga[i].seed == gb[i].seed);
    }
    free(ga);
    free(gb);
    arena_settings_clear(&a);
    arena_settings_clear(&b);
    arena_game_spec one;
    ck_assert_int_eq(arena_schedule_game(ARENA_FORMAT_ROUND_ROBIN, 3, 0, 3, 1, 0, &one),
                     ARENA_E_INVAL);
    ck_assert_int_eq(arena_schedule_game(ARENA_FORMAT_ROUND_ROBIN, 3, 0, 2, 1, 6, &one),
                     ARENA_E_INVAL);
    ck_assert_int_eq(arena_schedule_game(ARENA_FORMAT_ROUND_ROBIN, 3, 0, 2, 1, 5, &one), 0);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"counts_pairings_and_games", test_pair_counts, 30},
        {"swaps_colours_on_one_seed", test_colour_swapped_pairs_and_seeds, 30},
        {"extends_without_renumbering", test_schedule_extends, 30},
    };
    return loa_run_suite("arena_schedule", cases, LOA_COUNT(cases));
}
