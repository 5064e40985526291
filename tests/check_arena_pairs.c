/*
 * check_arena_pairs.c - colour-swapped pairs (results/pairs.c,
 * results/sprt_match.c): pentanomial counts per pairing from records in
 * any order (bins by hand), the mirrored row, lone games and inconsistent
 * pairs; the tally as games arrive; an SPRT match whose first crossing is
 * kept.
 */
#include <string.h>

#include "check_main.h"
#include "core/error.h"
#include "results/pairs.h"
#include "results/sprt_match.h"

/* Game id of a 2-bot league: pair k is ids 2k (a black) and 2k+1 (b black);
 * winner_bot: the bot that won (-1 draw). */
static arena_game_record game(int id, int a, int b, int winner_bot)
{
    arena_game_record r;
    memset(&r, 0, sizeof r);
    r.id = id;
    r.round = id / 2;
    r.black = id % 2 ? b : a;
    r.white = id % 2 ? a : b;
    r.winner = winner_bot < 0 ? -1 : winner_bot == r.black ? 0 : 1;
    r.fault = -1;
    return r;
}

START_TEST(bins_every_complete_pair_from_both_sides)
{
    /* pairs of bots 0 and 1, from 0's side: WW (2 points), WL and DD (1),
     * LD (0.5), LL (0); then a lone game (id 10). */
    arena_game_record r[] = {
        game(0, 0, 1, 0),  game(1, 0, 1, 0),  /* WW: bin 4 */
        game(3, 0, 1, 1),  game(2, 0, 1, 0),  /* W then L, out of order: bin 2 */
        game(4, 0, 1, -1), game(5, 0, 1, -1), /* DD: bin 2 */
        game(6, 0, 1, 1),  game(7, 0, 1, -1), /* L D: bin 1 */
        game(8, 0, 1, 1),  game(9, 0, 1, 1),  /* LL: bin 0 */
        game(10, 0, 1, 0),                    /* its partner is not played */
    };
    int penta[2 * 2 * ARENA_PENTA_BINS];
    ck_assert_int_eq(arena_pairs_pentanomial(r, LOA_COUNT(r), 2, penta), 0);
    const int want01[5] = {1, 1, 2, 0, 1}, want10[5] = {1, 0, 2, 1, 1};
    for (int b = 0; b < 5; b++) {
        ck_assert_int_eq(penta[(0 * 2 + 1) * 5 + b], want01[b]);
        ck_assert_int_eq(penta[(1 * 2 + 0) * 5 + b], want10[b]);
        ck_assert_int_eq(penta[(0 * 2 + 0) * 5 + b], 0);
    }
    /* a pair whose second game is not the colour swap of the first */
    arena_game_record bad[] = {game(0, 0, 1, 0), game(1, 0, 1, 0)};
    bad[1].black = 0, bad[1].white = 1;
    ck_assert_int_eq(arena_pairs_pentanomial(bad, 2, 2, penta), ARENA_E_INVAL);
    /* a bot outside the league */
    arena_game_record out[] = {game(0, 0, 2, 0), game(1, 0, 2, 0)};
    ck_assert_int_eq(arena_pairs_pentanomial(out, 2, 2, penta), ARENA_E_INVAL);
}
END_TEST

START_TEST(tally_counts_pairs_as_games_arrive)
{
    arena_pair_tally t;
    ck_assert_int_eq(arena_pair_tally_init(&t, 1, 0, 0), ARENA_E_INVAL);
    ck_assert_int_eq(arena_pair_tally_init(&t, 1, 0, 4), 0);
    arena_game_record g1 = game(1, 0, 1, 1), g0 = game(0, 0, 1, 1);
    ck_assert_int_eq(arena_pair_tally_add(&t, &g1), 0);
    ck_assert_int_eq(arena_pair_tally_add(&t, &g1), 0); /* the same game again */
    ck_assert_int_eq(t.pairs, 0);
    ck_assert_int_eq(arena_pair_tally_add(&t, &g0), 1); /* bot 1 won both: WW */
    ck_assert_int_eq(t.penta[4], 1);
    ck_assert_int_eq(arena_pair_tally_add(&t, &g0), 0); /* counted once */
    arena_game_record other = game(2, 0, 2, 0), far = game(8, 0, 1, 0);
    ck_assert_int_eq(arena_pair_tally_add(&t, &other), 0); /* not this pairing */
    ck_assert_int_eq(arena_pair_tally_add(&t, &far), 0);   /* beyond the schedule */
    arena_game_record d2 = game(2, 0, 1, -1), l3 = game(3, 0, 1, 0);
    ck_assert_int_eq(arena_pair_tally_add(&t, &d2), 0);
    ck_assert_int_eq(arena_pair_tally_add(&t, &l3), 1); /* D + L: bin 1 */
    ck_assert_int_eq(t.penta[1], 1);
    ck_assert_int_eq(t.pairs, 2);
    arena_pair_tally_free(&t);
}
END_TEST

START_TEST(sprt_match_keeps_its_first_crossing)
{
    /* H0 0 vs H1 50 logistic Elo: a run of won pairs crosses the upper
     * bound; lost pairs after it (games that were running) pull the LLR
     * back, and the decision stays. */
    arena_sprt_params p = {ARENA_SPRT_LOGISTIC, 0, 50, 0.05, 0.05};
    arena_sprt_match m;
    ck_assert_int_eq(arena_sprt_match_init(&m, &p, 0, 1, 1000), 0);
    int id = 0, crossed = 0;
    while (!m.status.decision && id < 400) {
        arena_game_record a = game(id, 0, 1, 0), b = game(id + 1, 0, 1, 0);
        ck_assert_int_eq(arena_sprt_match_add(&m, &a), 0);
        ck_assert_int_eq(arena_sprt_match_add(&m, &b), 1);
        id += 2;
    }
    crossed = m.status.pairs;
    ck_assert_int_eq(m.status.decision, 1);
    ck_assert_int_eq(m.status.decided_pairs, crossed);
    ck_assert(m.status.llr >= m.status.upper);
    for (int k = 0; k < 3 * crossed; k++, id += 2) {
        arena_game_record a = game(id, 0, 1, 1), b = game(id + 1, 0, 1, 1);
        arena_sprt_match_add(&m, &a);
        arena_sprt_match_add(&m, &b);
    }
    ck_assert(m.status.llr < m.status.upper); /* the figures count everything */
    ck_assert_int_eq(m.status.pairs, 4 * crossed);
    ck_assert_int_eq(m.status.decision, 1); /* the test stopped where it crossed */
    ck_assert_int_eq(m.status.decided_pairs, crossed);
    arena_sprt_match_free(&m);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"bins_every_complete_pair_from_both_sides", bins_every_complete_pair_from_both_sides, 30},
        {"tally_counts_pairs_as_games_arrive", tally_counts_pairs_as_games_arrive, 30},
        {"sprt_match_keeps_its_first_crossing", sprt_match_keeps_its_first_crossing, 30},
    };
    return loa_run_suite("arena_pairs", cases, LOA_COUNT(cases));
}
