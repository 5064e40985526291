/*
 * check_arena_spsa.c - fishtest's SPSA (stats/spsa.c) against values
 * computed by hand from its formulas (server/fishtest/views.py and
 * spsa_handler.py of official-stockfish/fishtest):
 *   A = int(A_ratio * N), c = c_end * N^gamma,
 *   a = r_end * c_end^2 * (A + N)^alpha,
 *   c_k = c / k^gamma, R_k = a / (A + k)^alpha / c_k^2 (k = iter + 1),
 *   theta <- clip(theta + R_k * c_k * (wins - losses) * flip).
 * The figures below were worked out with a calculator (and checked with
 * Python's float arithmetic) for N = 100 pairs, A_ratio 0.1 (A = 10),
 * alpha 0.602, gamma 0.101, c_end 2, r_end 0.002:
 *   c   = 2 * 100^0.101          = 3.1844174541023405
 *   a   = 0.008 * 110^0.602      = 0.1355215572669805
 *   k=1:   c_1 = c              = 3.1844174541023405
 *          R_1 = a / 11^0.602 / c_1^2 = 0.0031552225393986968
 *   k=10:  c_10 = c / 10^0.101   = 2.5236550691813413
 *          R_10                  = 0.0035053253590706626
 *   k=100: c_100 = c_end = 2, R_100 = r_end = 0.002 (the end gains)
 */
#include <math.h>

#include "check_main.h"
#include "stats/spsa.h"

static const arena_spsa_param P = {.min = 0, .max = 20, .c_end = 2, .r_end = 0.002};

static arena_spsa_schedule schedule(void)
{
    return arena_spsa_schedule_make(100, ARENA_SPSA_A_RATIO, ARENA_SPSA_ALPHA, ARENA_SPSA_GAMMA);
}

#define ck_close(a, b) \
    ck_assert_msg(fabs((a) - (b)) <= 1e-12 * fabs(b), "%.17g != %.17g", (double)(a), (double)(b))

START_TEST(defaults_are_fishtests)
{
    /* fishtest truncates: int(0.1 * 15) = 1, int(0.1 * 7) = 0 */
    ck_assert(arena_spsa_schedule_make(15, 0.1, 0.602, 0.101).A == 1);
    ck_assert(arena_spsa_schedule_make(7, 0.1, 0.602, 0.101).A == 0);
    ck_assert(schedule().A == 10);
}
END_TEST

START_TEST(gains_follow_the_formulas)
{
    arena_spsa_schedule s = schedule();
    arena_spsa_gain g = arena_spsa_gain_at(&s, &P, 0);
    ck_close(g.c, 3.1844174541023405);
    ck_close(g.R, 0.0031552225393986968);
    g = arena_spsa_gain_at(&s, &P, 9);
    ck_close(g.c, 2.5236550691813413);
    ck_close(g.R, 0.0035053253590706626);
}
END_TEST

START_TEST(the_last_pair_has_the_end_gains)
{
    arena_spsa_schedule s = schedule();
    arena_spsa_gain g = arena_spsa_gain_at(&s, &P, 99);
    ck_close(g.c, 2.0);
    ck_close(g.R, 0.002);
}
END_TEST

START_TEST(probes_are_theta_plus_and_minus_c_clipped)
{
    arena_spsa_schedule s = schedule();
    arena_spsa_gain g = arena_spsa_gain_at(&s, &P, 0);
    /* flip -1: plus = 10 - c_1, minus = 10 + c_1 */
    ck_close(arena_spsa_probe(&P, 10, g, -1, 1), 6.8155825458976595);
    ck_close(arena_spsa_probe(&P, 10, g, -1, -1), 13.184417454102341);
    /* near a bound the probe stops at it */
    ck_assert(arena_spsa_probe(&P, 19, g, 1, 1) == 20);
    ck_assert(arena_spsa_probe(&P, 1, g, 1, -1) == 0);
}
END_TEST

START_TEST(update_moves_theta_by_r_c_result_flip)
{
    arena_spsa_schedule s = schedule();
    arena_spsa_gain g = arena_spsa_gain_at(&s, &P, 0);
    /* R_1 * c_1 = 0.01004754572603832; result 3, flip -1:
     * 10 - 3 * 0.01004754572603832 = 9.969857362821886 */
    ck_close(arena_spsa_update(&P, 10, g, -1, 3), 9.969857362821886);
    ck_close(arena_spsa_update(&P, 10, g, 1, 3), 10.030142637178114);
    ck_assert(arena_spsa_update(&P, 10, g, 1, 0) == 10);     /* draws move nothing */
    ck_assert(arena_spsa_update(&P, 19.999, g, 1, 2) == 20); /* clipped */
    ck_assert(arena_spsa_update(&P, 0.001, g, 1, -2) == 0);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"defaults_are_fishtests", defaults_are_fishtests, 10},
        {"gains_follow_the_formulas", gains_follow_the_formulas, 10},
        {"the_last_pair_has_the_end_gains", the_last_pair_has_the_end_gains, 10},
        {"probes_are_theta_plus_and_minus_c_clipped", probes_are_theta_plus_and_minus_c_clipped,
         10},
        {"update_moves_theta_by_r_c_result_flip", update_moves_theta_by_r_c_result_flip, 10},
    };
    return loa_run_suite("arena_spsa", cases, LOA_COUNT(cases));
}
