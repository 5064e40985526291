/*
 * check_playout: loa_random_move() is a legal move, LOA_MOVE_PASS exactly
 * when there is none, and uniform over the legal moves (a chi-square test
 * over a set of positions, fixed seeds; the same test rejects a sampler
 * that favours one move); loa_playout() plays exactly the moves
 * loa_random_move() draws and stops as the referee judges.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"
#include "loa/playout.h"

#include "check_main.h"

/* Positions of random games (fixed seed) with at least two legal moves,
 * and a few sparse random placements; fills pos, returns how many. */
static int position_set(loa_board *pos, int max)
{
    loa_jrandom r;
    loa_jrandom_seed(&r, 2033);
    int n = 0;
    while (n < max) {
        loa_board b;
        loa_board_init(&b);
        while (n < max && loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING) {
            loa_move mv[LOA_MAX_MOVES];
            int k = loa_generate_moves_cg(&b, mv);
            if (k >= 2 && loa_jrandom_next_int(&r, 3) == 0)
                pos[n++] = b;
            loa_make_move(&b, k ? mv[loa_jrandom_next_int(&r, k)] : LOA_MOVE_PASS, NULL);
        }
    }
    return n;
}

/* Draws `per_move` times the number of legal moves of b with sample(),
 * checks every draw is in the list, and returns the chi-square statistic
 * of the counts against the uniform distribution; *df gets its degrees of
 * freedom. */
typedef loa_move (*sampler)(const loa_board *b, loa_rng *rng);

static double chi_square(const loa_board *b, sampler sample, loa_rng *rng, int per_move, int *df)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv), count[LOA_MAX_MOVES] = {0};
    for (int i = 0; i < per_move * n; i++) {
        loa_move m = sample(b, rng);
        int k = 0;
        while (k < n && mv[k] != m) /* the flags too: a capture is marked */
            k++;
        if (k == n)
            ck_abort_msg("drew %u, not a legal move", (unsigned)m);
        count[k]++;
    }
    double x = 0;
    for (int k = 0; k < n; k++)
        x += (double)(count[k] - per_move) * (count[k] - per_move) / per_move;
    *df = n - 1;
    return x;
}

/* A deliberately biased sampler for the control: the first listed move
 * comes twice as often as each other one. */
static loa_move biased(const loa_board *b, loa_rng *rng)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv), k = (int)loa_rng_below(rng, (uint32_t)n + 1);
    return mv[k == n ? 0 : k];
}

/* Wilson-Hilferty: chi-square x with df degrees of freedom as a standard
 * normal deviate. */
static double normal_deviate(double x, int df)
{
    double k = df;
    return (cbrt(x / k) - (1 - 2 / (9 * k))) / sqrt(2 / (9 * k));
}

START_TEST(random_move_is_uniform_over_the_legal_moves)
{
    static loa_board pos[300];
    int n = position_set(pos, 300);
    loa_rng rng;
    loa_rng_seed(&rng, 12345);
    double total = 0, worst = -1e9;
    int total_df = 0;
    for (int i = 0; i < n; i++) {
        int df;
        double x = chi_square(&pos[i], loa_random_move, &rng, 100, &df);
        total += x;
        total_df += df;
        double z = normal_deviate(x, df);
        worst = z > worst ? z : worst;
    }
    /* Under uniformity the sum is chi-square with total_df degrees of
     * freedom (mean total_df, deviation sqrt(2 total_df)); the seeds are
     * fixed, so the figures are the same every run. */
    double z = (total - total_df) / sqrt(2.0 * total_df);
    ck_assert_msg(fabs(z) < 4, "chi-square %.0f on %d degrees of freedom: z = %.2f", total,
                  total_df, z);
    ck_assert_msg(worst < 5.5, "one position's chi-square is %.2f deviations out", worst);
    ck_assert_int_gt(total_df, 5000);

    /* The control: the same test rejects a sampler whose bias is one move
     * drawn twice as often. */
    total = 0, total_df = 0;
    for (int i = 0; i < n; i++) {
        int df;
        total += chi_square(&pos[i], biased, &rng, 100, &df);
        total_df += df;
    }
    z = (total - total_df) / sqrt(2.0 * total_df);
    ck_assert_msg(z > 20, "the biased sampler passed: z = %.2f", z);
}
END_TEST

START_TEST(random_move_draws_every_move_and_passes_without_one)
{
    static loa_board pos[300];
    int n = position_set(pos, 300);
    loa_rng rng;
    loa_rng_seed(&rng, 7);
    for (int i = 0; i < n; i++) {
        loa_move mv[LOA_MAX_MOVES];
        int k = loa_generate_moves(&pos[i], mv), seen[LOA_MAX_MOVES] = {0}, distinct = 0;
        for (int d = 0; d < 40 * k && distinct < k; d++) {
            loa_move m = loa_random_move(&pos[i], &rng);
            for (int j = 0; j < k; j++)
                if (mv[j] == m && !seen[j])
                    seen[j] = 1, distinct++;
        }
        ck_assert_int_eq(distinct, k);
    }
    /* no legal move (black's a8 is shut in by b8, a7, b7): a pass, and the
     * generator is left alone */
    loa_board b;
    ck_assert_int_eq(loa_board_parse("bw....../ww....../......../......../......../......../"
                                     "......../......w. b",
                                     &b),
                     LOA_OK);
    ck_assert_int_eq(loa_count_moves(&b), 0);
    loa_rng before = rng;
    ck_assert_uint_eq(loa_random_move(&b, &rng), LOA_MOVE_PASS);
    ck_assert_int_eq(memcmp(&before, &rng, sizeof rng), 0);
    /* more checkers than LOA allows: no move, as loa_generate_moves says */
    b.pieces[LOA_BLACK] = 0x0000FFFFFFFF0000ULL;
    b.pieces[LOA_WHITE] = 0x1ULL;
    ck_assert_uint_eq(loa_random_move(&b, &rng), LOA_MOVE_PASS);
}
END_TEST

START_TEST(playout_plays_the_random_moves_until_the_referee_stops_it)
{
    int decided = 0, drawn = 0, passes = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        loa_board b, replay;
        loa_board_init(&b);
        replay = b;
        loa_rng rng, twin;
        loa_rng_seed(&rng, seed);
        twin = rng;
        /* a cut-off first: exactly 10 plies, still going */
        ck_assert_int_eq(loa_playout(&b, &rng, 10), LOA_ONGOING);
        ck_assert_int_eq(b.ply, 10);
        ck_assert_int_eq(loa_playout(&b, &rng, 0), LOA_ONGOING);
        ck_assert_int_eq(b.ply, 10);
        loa_status st = loa_playout(&b, &rng, 1000);
        /* the same game by hand, judged by loa_board_status */
        loa_status want = LOA_ONGOING;
        while (want == LOA_ONGOING) {
            loa_move m = loa_random_move(&replay, &twin);
            passes += m == LOA_MOVE_PASS;
            loa_make_move(&replay, m, NULL);
            want = loa_board_status(&replay, LOA_MAX_PLIES);
        }
        ck_assert_int_eq(st, want);
        ck_assert(b.pieces[0] == replay.pieces[0] && b.pieces[1] == replay.pieces[1]);
        ck_assert_int_eq(b.ply, replay.ply);
        ck_assert_int_eq(b.side, replay.side);
        ck_assert_int_le(b.ply, LOA_MAX_PLIES);
        decided += st == LOA_BLACK_WINS || st == LOA_WHITE_WINS;
        drawn += st == LOA_DRAW;
    }
    /* random play connects rarely: most games reach the 150-ply draw */
    ck_assert_int_gt(decided, 20);
    ck_assert_int_gt(drawn, 100);
    ck_assert_int_eq(decided + drawn, 300);
    (void)passes;
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"random_move_is_uniform_over_the_legal_moves", random_move_is_uniform_over_the_legal_moves,
         120},
        {"random_move_draws_every_move_and_passes_without_one",
         random_move_draws_every_move_and_passes_without_one, 60},
        {"playout_plays_the_random_moves_until_the_referee_stops_it",
         playout_plays_the_random_moves_until_the_referee_stops_it, 60},
    };
    return loa_run_suite("playout", cases, LOA_COUNT(cases));
}
