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

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/schedule.h"
#include "league/settings.h"
#include "league/settings_identity.h"

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

/* Every game of s once: each pairing of the final league has every round
 * 0 .. games/2 - 1 in both colours, and ids are 0 .. total - 1. */
static void check_complete(const arena_settings *s)
{
    arena_game_spec *all = NULL;
    int total = 0;
    ck_assert_int_eq(arena_schedule_build(s, &all, &total), 0);
    int n = s->bot_count, rounds = s->games / 2;
    ck_assert_int_eq(total, arena_pairing_count(s->format, n) * s->games);
    int *seen = calloc((size_t)(n * n * rounds), sizeof *seen);
    for (int i = 0; i < total; i++) {
        const arena_game_spec *g = &all[i];
        ck_assert_int_eq(g->id, i);
        ck_assert_int_lt(g->round, rounds);
        int a, b;
        ck_assert_int_eq(arena_league_pairing(s, g->pairing, &a, &b), 0);
        ck_assert((g->black == a && g->white == b) == (i % 2 == 0));
        ck_assert(g->seed == arena_seed_derive(s->seed, g->round));
        seen[(g->black * n + g->white) * rounds + g->round]++;
    }
    int pairs = 0;
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++)
            for (int r = 0; r < rounds; r++)
                if (seen[(x * n + y) * rounds + r]) {
                    ck_assert_int_eq(seen[(x * n + y) * rounds + r], 1);
                    ck_assert_int_eq(seen[(y * n + x) * rounds + r], 1);
                    pairs++;
                }
    ck_assert_int_eq(pairs, total);
    free(seen);
    free(all);
}

START_TEST(test_added_bots_keep_every_id)
{
    for (int fmt = 0; fmt < 2; fmt++) {
        /* 3 bots x 4 games, then a 4th bot, then games 6, then a 5th bot */
        arena_settings s;
        league(&s, 3, 4);
        s.format = fmt;
        arena_game_spec *first = NULL, *now = NULL;
        int n1 = 0, n2 = 0;
        ck_assert_int_eq(arena_schedule_build(&s, &first, &n1), 0);
        char err[256];
        arena_settings old;
        ck_assert_int_eq(arena_settings_copy(&old, &s), 0);
        int shapes[3][2] = {{4, 4}, {4, 6}, {5, 6}};
        for (int k = 0; k < 3; k++) {
            arena_settings now_s;
            ck_assert_int_eq(arena_settings_copy(&now_s, &old), 0);
            while (now_s.bot_count < shapes[k][0]) {
                char arg[32];
                snprintf(arg, sizeof arg, "bot%d=./x", now_s.bot_count);
                ck_assert_int_eq(arena_settings_add_bot_arg(&now_s, arg, err, sizeof err), 0);
            }
            now_s.games = shapes[k][1];
            now_s.extend = 1;
            ck_assert_int_eq(arena_settings_adopt(&old, &now_s, err, sizeof err), 0);
            ck_assert_int_eq(arena_settings_compare(&old, &now_s, err, sizeof err), 0);
            check_complete(&now_s);
            /* the games of the earlier shape keep their ids, bots, seeds */
            ck_assert_int_eq(arena_schedule_build(&now_s, &now, &n2), 0);
            for (int i = 0; i < n1; i++)
                ck_assert_msg(first[i].black == now[i].black && first[i].white == now[i].white &&
                                  first[i].round == now[i].round && first[i].seed == now[i].seed,
                              "format %d shape %d: game %d moved", fmt, k, i);
            free(first);
            first = now;
            n1 = n2;
            arena_settings_clear(&old);
            old = now_s;
        }
        /* 4 -> 4 bots, 4 -> 6 games after an addition is a step; 5 bots */
        ck_assert_int_eq(old.step_count, 3);
        /* raising games again after a raise extends the last block */
        arena_settings more;
        ck_assert_int_eq(arena_settings_copy(&more, &old), 0);
        more.games = 8;
        ck_assert_int_eq(arena_settings_adopt(&old, &more, err, sizeof err), 0);
        ck_assert_int_eq(more.step_count, 4); /* the last change added a bot */
        check_complete(&more);
        /* without --extend a new bot is another league */
        arena_settings six;
        ck_assert_int_eq(arena_settings_copy(&six, &old), 0);
        six.extend = 0;
        ck_assert_int_eq(arena_settings_add_bot_arg(&six, "x=./x", err, sizeof err), 0);
        ck_assert_int_eq(arena_settings_adopt(&old, &six, err, sizeof err), 0);
        ck_assert_int_eq(arena_settings_compare(&old, &six, err, sizeof err), ARENA_E_MISMATCH);
        ck_assert_msg(strstr(err, "--extend"), "%s", err);
        free(first);
        arena_settings_clear(&six);
        arena_settings_clear(&more);
        arena_settings_clear(&old);
        arena_settings_clear(&s);
    }
}
END_TEST

START_TEST(test_shards_split_pairs)
{
    arena_settings s;
    league(&s, 4, 6); /* 6 pairings x 6 games = 36 games, 18 pairs */
    int count[3] = {0};
    for (s.shard_count = 3, s.shard_index = 0; s.shard_index < 3; s.shard_index++) {
        for (int id = 0; id < 36; id++) {
            int in = arena_shard_has(&s, id);
            ck_assert_int_eq(in, (id / 2) % 3 == s.shard_index);
            ck_assert_int_eq(in, arena_shard_has(&s, id ^ 1)); /* pairs stay together */
            count[s.shard_index] += in;
        }
        ck_assert_int_eq(count[s.shard_index], arena_shard_size(&s));
    }
    ck_assert_int_eq(count[0] + count[1] + count[2], 36);
    s.shard_count = 7; /* 18 pairs: shards of 3, 3, 3, 3, 2, 2, 2 pairs */
    s.shard_index = 6;
    ck_assert_int_eq(arena_shard_size(&s), 4);
    s.shard_count = 40; /* more shards than pairs */
    s.shard_index = 30;
    ck_assert_int_eq(arena_shard_size(&s), 0);
    int k, n;
    ck_assert_int_eq(arena_shard_parse("2/3", &k, &n), 0);
    ck_assert(k == 2 && n == 3);
    ck_assert_int_eq(arena_shard_parse("3/3", &k, &n), ARENA_E_CONFIG);
    ck_assert_int_eq(arena_shard_parse("-1/3", &k, &n), ARENA_E_CONFIG);
    ck_assert_int_eq(arena_shard_parse("1", &k, &n), ARENA_E_CONFIG);
    ck_assert_int_eq(arena_shard_parse("1/0", &k, &n), ARENA_E_CONFIG);
    arena_settings_clear(&s);
}
END_TEST

/* The games of bots neither retired nor excluded in the shard, counted by
 * blocks: as many as a walk over every id finds, for leagues grown by
 * steps, sharded, with a retired bot and an excluded one. */
START_TEST(test_active_games_counted_by_blocks)
{
    for (int fmt = 0; fmt < 2; fmt++)
        for (int v = 0; v < 4; v++) {
            arena_settings s;
            league(&s, 6, 10);
            s.format = fmt;
            s.steps[0] = (arena_league_step){3, 4};
            s.steps[1] = (arena_league_step){4, 4};
            s.steps[2] = (arena_league_step){4, 6};
            s.step_count = 3;
            if (v & 1) {
                s.shard_index = 2;
                s.shard_count = 3;
            }
            if (v & 2)
                s.bots[4].retired = 1;
            unsigned char exclude[ARENA_MAX_BOTS] = {0};
            exclude[2] = 1;
            for (int e = 0; e < 2; e++) {
                int64_t want = 0;
                arena_game_spec g;
                for (int id = 0; id < (int)arena_schedule_total(&s); id++) {
                    ck_assert_int_eq(arena_schedule_spec(&s, id, &g), 0);
                    want += arena_shard_has(&s, id) && !s.bots[g.black].retired &&
                            !s.bots[g.white].retired &&
                            (!e || (!exclude[g.black] && !exclude[g.white]));
                }
                ck_assert_int_gt(want, 0);
                ck_assert(arena_schedule_active_games(&s, e ? exclude : NULL) == want);
            }
            arena_settings_clear(&s);
        }
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"keeps_every_id_when_bots_are_added", test_added_bots_keep_every_id, 30},
        {"splits_shards_by_pair", test_shards_split_pairs, 30},
        {"counts_active_games_by_blocks", test_active_games_counted_by_blocks, 30},
        {"counts_pairings_and_games", test_pair_counts, 30},
        {"swaps_colours_on_one_seed", test_colour_swapped_pairs_and_seeds, 30},
        {"extends_without_renumbering", test_schedule_extends, 30},
    };
    return loa_run_suite("arena_schedule", cases, LOA_COUNT(cases));
}
