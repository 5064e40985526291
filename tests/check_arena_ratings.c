/*
 * check_arena_ratings.c - the Elo fit on synthetic results with known answers: two bots, a
 * consistent three-bot league, the fit as the likelihood maximum, perfect
 * scores (prior draws) and the head-to-head LOS.
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
#include "stats/ratings.h"
#include "stats/sprt.h"

static void set_pair(int n, double *games, double *points, int i, int j, double g, double si)
{
    games[i * n + j] = games[j * n + i] = g;
    points[i * n + j] = si;
    points[j * n + i] = g - si;
}

START_TEST(test_two_bots_known_answer)
{
    /* 100 games, 75%: MLE p = 0.75, so the gap is 400 log10(3) Elo; the
     * information of the gap is n p (1-p), so its sd is 1/sqrt(18.75) nats. */
    double games[4] = {0}, points[4] = {0};
    set_pair(2, games, points, 0, 1, 100, 75);
    arena_ratings r;
    ck_assert_int_eq(arena_ratings_fit(2, games, points, -1, -1, NULL, &r), 0);
    ck_assert(r.converged);
    double gap = 400 * log10(3.0);
    ck_assert_double_eq_tol(r.elo[0] - r.elo[1], gap, 1e-6);
    ck_assert_double_eq_tol(r.elo[0], gap / 2, 1e-6);
    double sd_gap = 1 / sqrt(100 * 0.75 * 0.25) * 400 / log(10.0);
    ck_assert_double_eq_tol(r.ci95[0], 1.959964 * sd_gap / 2, 1e-3);
    ck_assert_double_eq_tol(r.ci95[1], r.ci95[0], 1e-9);
    /* anchored on bot 1 */
    ck_assert_int_eq(arena_ratings_fit(2, games, points, 1, -1, NULL, &r), 0);
    ck_assert_double_eq_tol(r.elo[1], 0, 1e-9);
    ck_assert_double_eq_tol(r.elo[0], gap, 1e-6);
    ck_assert_double_eq_tol(r.ci95[0], 1.959964 * sd_gap, 1e-3);
    ck_assert_double_eq_tol(r.ci95[1], 0, 1e-12);
    /* LOS from the fit: Phi(gap / sd) */
    ck_assert_double_eq_tol(r.los[0][1], arena_phi(log(3.0) * sqrt(18.75)), 1e-9);
    ck_assert_double_eq_tol(r.los[0][1] + r.los[1][0], 1, 1e-12);
}
END_TEST

START_TEST(test_three_bots_consistent_data)
{
    /* Scores exactly as a Bradley-Terry model with Elo 0, 100, 300 predicts:
     * the likelihood's gradient is zero there, so the fit must return them. */
    double elo[3] = {0, 100, 300}, games[9] = {0}, points[9] = {0};
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) {
            double p = 1 / (1 + pow(10, (elo[j] - elo[i]) / 400));
            set_pair(3, games, points, i, j, 1000, 1000 * p);
        }
    arena_ratings r;
    ck_assert_int_eq(arena_ratings_fit(3, games, points, 0, -1, NULL, &r), 0);
    ck_assert(r.converged);
    for (int i = 0; i < 3; i++)
        ck_assert_double_eq_tol(r.elo[i], elo[i], 1e-6);
    ck_assert_int_eq(arena_ratings_fit(3, games, points, -1, -1, NULL, &r), 0);
    ck_assert_double_eq_tol(r.elo[0], -400.0 / 3, 1e-6);
    ck_assert_double_eq_tol(r.elo[2], 500.0 / 3, 1e-6);
    ck_assert_double_eq_tol(r.elo[0] + r.elo[1] + r.elo[2], 0, 1e-9);
    /* more games, narrower intervals */
    double g2[9], p2[9];
    for (int k = 0; k < 9; k++) {
        g2[k] = games[k] * 4;
        p2[k] = points[k] * 4;
    }
    arena_ratings r4;
    ck_assert_int_eq(arena_ratings_fit(3, g2, p2, -1, -1, NULL, &r4), 0);
    for (int i = 0; i < 3; i++)
        ck_assert_double_eq_tol(r4.ci95[i], r.ci95[i] / 2, 1e-6);
    ck_assert(r.los[2][1] > 0.99 && r.los[1][0] > 0.99);
}
END_TEST

START_TEST(test_fit_is_the_maximum)
{
    /* Irregular data: any small move away from the fit lowers the
     * likelihood (checked by brute force, independent of Newton's method). */
    int n = 4;
    double games[16] = {0}, points[16] = {0};
    set_pair(n, games, points, 0, 1, 20, 13.5);
    set_pair(n, games, points, 0, 2, 10, 3);
    set_pair(n, games, points, 1, 2, 14, 6.5);
    set_pair(n, games, points, 1, 3, 8, 7);
    set_pair(n, games, points, 2, 3, 12, 10);
    arena_ratings r;
    ck_assert_int_eq(arena_ratings_fit(n, games, points, -1, -1, NULL, &r), 0);
    ck_assert(r.converged);
    double t[4];
    for (int i = 0; i < n; i++)
        t[i] = r.elo[i] / ARENA_ELO_PER_NAT;
    double best = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double g = games[i * n + j], s = points[i * n + j];
            if (g == 0)
                continue;
            double p = 1 / (1 + exp(t[j] - t[i]));
            best += s * log(p) + (g - s) * log(1 - p);
        }
    for (int k = 0; k < n; k++)
        for (int sign = -1; sign <= 1; sign += 2) {
            double u[4];
            memcpy(u, t, sizeof u);
            u[k] += sign * 0.01;
            double l = 0;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++) {
                    double g = games[i * n + j], s = points[i * n + j];
                    if (g == 0)
                        continue;
                    double p = 1 / (1 + exp(u[j] - u[i]));
                    l += s * log(p) + (g - s) * log(1 - p);
                }
            ck_assert(l < best);
        }
}
END_TEST

/* Issue 24, defect 12: a 2000-game pairing of 98% draws (loa-first against
 * loa-random) had LOS 33.7% from its pairs and 48% from the ratings: the
 * ratings' variance was the model's p (1 - p) a game, blind to draws. With
 * the pairs' counts the fit's LOS is the pairs' LOS, and its interval the
 * pairs' interval (to the logistic's curvature). */
START_TEST(los_and_interval_from_the_pairs_agree_with_the_pairs_section)
{
    int penta2[2 * 2 * ARENA_PENTA_BINS] = {0};
    static const int ab[ARENA_PENTA_BINS] = {0, 26, 952, 21, 1};
    double pts = 0;
    for (int k = 0; k < ARENA_PENTA_BINS; k++) {
        penta2[1 * ARENA_PENTA_BINS + k] = ab[k];                          /* a against b */
        penta2[2 * ARENA_PENTA_BINS + (ARENA_PENTA_BINS - 1 - k)] = ab[k]; /* b against a */
        pts += ab[k] * k / 2.0;
    }
    double games[4] = {0, 2000, 2000, 0}, points[4] = {0, pts, 2000 - pts, 0};
    arena_ratings r, model;
    ck_assert_int_eq(arena_ratings_fit(2, games, points, 1, -1, penta2, &r), 0);
    ck_assert_int_eq(arena_ratings_fit(2, games, points, 1, -1, NULL, &model), 0);
    arena_penta_stats ps;
    ck_assert_int_eq(arena_penta_stats_compute(ab, &ps), 0);
    ck_assert_msg(fabs(r.los[0][1] - ps.los) < 0.005, "ratings %.4f, pairs %.4f", r.los[0][1],
                  ps.los);
    /* the gap's interval is the pairs' (anchored on b, a's +/- is the gap's) */
    double pairs_half = (ps.elo_hi - ps.elo_lo) / 2;
    ck_assert_msg(fabs(r.ci95[0] - pairs_half) < 0.02 * pairs_half, "ratings +/-%.3f, pairs %.3f",
                  r.ci95[0], pairs_half);
    /* the model's variance is the one that was off: 4 times wider here */
    ck_assert(model.ci95[0] > 3 * r.ci95[0]);
    ck_assert(fabs(model.los[0][1] - ps.los) > 0.1);
    ck_assert_double_eq_tol(r.elo[0], model.elo[0], 1e-9); /* the ratings themselves are one */
}
END_TEST

START_TEST(test_perfect_scores_and_los_wl)
{
    /* bot 0 wins everything: no finite maximum, so one virtual draw per
     * pairing: 10.5 of 11 against bot 1 and bot 2 */
    int n = 3;
    double games[9] = {0}, points[9] = {0};
    set_pair(n, games, points, 0, 1, 10, 10);
    set_pair(n, games, points, 0, 2, 10, 10);
    set_pair(n, games, points, 1, 2, 10, 7.5);
    arena_ratings r;
    ck_assert_int_eq(arena_ratings_fit(n, games, points, -1, -1, NULL, &r), 0);
    ck_assert(r.converged);
    ck_assert_double_eq(r.prior_draws, ARENA_PRIOR_DRAWS);
    ck_assert(isfinite(r.elo[0]) && r.elo[0] > r.elo[1] && r.elo[1] > r.elo[2]);
    ck_assert(isfinite(r.ci95[0]) && r.ci95[0] > 0);
    ck_assert(r.los[0][1] > 0.95);
    /* two bots, 10-0: with the virtual draw, 10.5/11, so 400 log10(21) */
    double g2[4] = {0}, p2[4] = {0};
    set_pair(2, g2, p2, 0, 1, 10, 10);
    ck_assert_int_eq(arena_ratings_fit(2, g2, p2, 1, -1, NULL, &r), 0);
    ck_assert_double_eq_tol(r.elo[0], 400 * log10(21.0), 1e-6);
    /* no prior when the maximum exists */
    set_pair(2, g2, p2, 0, 1, 10, 9.5);
    ck_assert_int_eq(arena_ratings_fit(2, g2, p2, 1, -1, NULL, &r), 0);
    ck_assert_double_eq(r.prior_draws, 0);
    ck_assert_double_eq_tol(r.elo[0], 400 * log10(19.0), 1e-6);
    /* a bot without games */
    double g0[9] = {0}, p0[9] = {0};
    set_pair(n, g0, p0, 0, 1, 4, 2);
    ck_assert_int_eq(arena_ratings_fit(n, g0, p0, -1, -1, NULL, &r), 0);
    ck_assert(isnan(r.elo[2]));
    ck_assert_double_eq_tol(r.elo[0], 0, 1e-9);
    /* inconsistent input */
    p0[0 * 3 + 1] = 3;
    ck_assert_int_eq(arena_ratings_fit(n, g0, p0, -1, -1, NULL, &r), ARENA_E_INVAL);
    /* head-to-head LOS, cutechess formula */
    ck_assert_double_eq_tol(arena_los_wl(10, 0), 0.5 + 0.5 * erf(10 / sqrt(20.0)), 1e-12);
    ck_assert_double_eq_tol(arena_los_wl(10, 0), 0.99922, 1e-5);
    ck_assert_double_eq_tol(arena_los_wl(7, 7), 0.5, 1e-12);
    ck_assert(isnan(arena_los_wl(0, 0)));
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"matches_two_bot_closed_form", test_two_bots_known_answer, 30},
        {"recovers_consistent_ratings", test_three_bots_consistent_data, 30},
        {"finds_the_likelihood_maximum", test_fit_is_the_maximum, 30},
        {"bounds_perfect_scores_and_los", test_perfect_scores_and_los_wl, 30},
        {"los_and_interval_from_the_pairs_agree_with_the_pairs_section",
         los_and_interval_from_the_pairs_agree_with_the_pairs_section, 30},
    };
    return loa_run_suite("arena_ratings", cases, LOA_COUNT(cases));
}
