/* check_arena_sprt.c - pentanomial SPRT and Elo against values computed
 * independently: the published formulas (Wald 1945; fishtest's LLRcalc
 * notes) evaluated in Python with mpmath at 50 digits and mpmath's own root
 * finder, not the C code's bisection. */
#include <math.h>
#include <string.h>

#include "check_main.h"
#include "core/error.h"
#include "stats/sprt.h"

typedef struct llr_case {
    int penta[ARENA_PENTA_BINS];
    double elo0, elo1;
    double logistic, normalized; /* reference LLRs */
} llr_case;

static const llr_case llr_cases[] = {
    {{10, 40, 100, 40, 10}, 0, 10, -0.413023446444, -0.165692804552},
    {{5, 30, 90, 50, 25}, 0, 10, 3.243243643436, 2.313318028724},
    {{0, 3, 10, 12, 20}, 0, 5, 0.642896852134, 0.667388384260},
    {{20, 50, 80, 30, 5}, -5, 5, -2.994071347920, -2.076572989099},
    {{1, 0, 2, 0, 7}, 0, 10, 0.211297633759, 0.264966198567},
    {{100, 300, 900, 350, 120}, 0, 2, 1.062374922997, 0.728959880521},
};

START_TEST(llr_matches_the_published_formulas_in_both_models)
{
    const llr_case *c = &llr_cases[_i];
    arena_sprt_params p = {ARENA_SPRT_LOGISTIC, c->elo0, c->elo1, 0.05, 0.05};
    double llr = NAN;
    ck_assert_int_eq(arena_sprt_llr(&p, c->penta, &llr), 0);
    ck_assert_msg(fabs(llr - c->logistic) < 1e-8, "logistic row %d: %.12f, want %.12f", _i, llr,
                  c->logistic);
    p.model = ARENA_SPRT_NORMALIZED;
    ck_assert_int_eq(arena_sprt_llr(&p, c->penta, &llr), 0);
    ck_assert_msg(fabs(llr - c->normalized) < 1e-8, "normalized row %d: %.12f, want %.12f", _i, llr,
                  c->normalized);
}
END_TEST

START_TEST(llr_is_zero_without_pairs_and_refuses_bad_input)
{
    arena_sprt_params p = {ARENA_SPRT_NORMALIZED, 0, 10, 0.05, 0.05};
    int none[5] = {0, 0, 0, 0, 0}, neg[5] = {1, -1, 0, 0, 0};
    double llr = 7;
    ck_assert_int_eq(arena_sprt_llr(&p, none, &llr), 0);
    ck_assert(llr == 0.0);
    ck_assert_int_eq(arena_sprt_llr(&p, neg, &llr), ARENA_E_INVAL);
    p.elo1 = -1;
    ck_assert_int_eq(arena_sprt_llr(&p, none, &llr), ARENA_E_INVAL);
}
END_TEST

START_TEST(bounds_are_walds)
{
    arena_sprt_params p = {ARENA_SPRT_NORMALIZED, 0, 10, 0.05, 0.05};
    double lo, hi;
    arena_sprt_bounds(&p, &lo, &hi);
    /* ln(0.05 / 0.95) = -2.944438979166440, by hand. */
    ck_assert(fabs(lo + 2.944438979166440) < 1e-12);
    ck_assert(fabs(hi - 2.944438979166440) < 1e-12);
    p.alpha = 0.1;
    p.beta = 0.02;
    arena_sprt_bounds(&p, &lo, &hi);
    ck_assert(fabs(lo - log(0.02 / 0.9)) < 1e-15);
    ck_assert(fabs(hi - log(0.98 / 0.1)) < 1e-15);
    ck_assert_int_eq(arena_sprt_decide(hi, lo, hi), 1);
    ck_assert_int_eq(arena_sprt_decide(lo, lo, hi), -1);
    ck_assert_int_eq(arena_sprt_decide(0, lo, hi), 0);
}
END_TEST

START_TEST(check_names_the_bad_parameter)
{
    char err[160];
    arena_sprt_params p = {ARENA_SPRT_NORMALIZED, 0, 10, 0.05, 0.05};
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), 0);
    p.alpha = 1.0;
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "alpha=1"));
    p.alpha = 0.05;
    p.beta = 0;
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "beta=0"));
    p.beta = 0.05;
    p.elo0 = 10;
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "elo0 must be below elo1"));
    p.elo0 = NAN;
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "elo0="));
    p.elo0 = 0;
    p.alpha = 0.6;
    p.beta = 0.5;
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "alpha + beta"));
    /* absurd bounds: refused with the range (issue 24) */
    p.alpha = p.beta = 0.05;
    p.elo1 = 1e300;
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, "elo1=1e+300 is out of range") && strstr(err, "-1000..1000"), "%s",
                  err);
    p.elo1 = ARENA_SPRT_ELO_MAX;
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), 0);
    p.elo0 = -ARENA_SPRT_ELO_MAX - 1;
    ck_assert_int_eq(arena_sprt_check(&p, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "elo0=-1001"));
}
END_TEST

/* Issue 24, defect 3: with the normalized model and a large elo1 (>= 250)
 * fishtest's rounds from the uniform distribution find no root when the
 * pairs all fall on one side, and the LLR was 0 for ever. Reference values
 * from tests/sprt_reference.py (the same rounds along a path of t-values,
 * in mpmath at 50 digits, checked to meet the constraint). */
static const llr_case far_cases[] = {
    {{0, 0, 0, 0, 50}, 0, 300, NAN, 28.652089547308},
    {{0, 0, 1, 10, 40}, 0, 250, NAN, 25.430901042182},
    {{50, 0, 0, 0, 0}, -1000, 1000, NAN, -211.170558511153},
};

START_TEST(llr_of_far_bounds_matches_the_reference)
{
    const llr_case *c = &far_cases[_i];
    arena_sprt_params p = {ARENA_SPRT_NORMALIZED, c->elo0, c->elo1, 0.05, 0.05};
    double llr = NAN;
    ck_assert_int_eq(arena_sprt_llr(&p, c->penta, &llr), 0);
    ck_assert_msg(fabs(llr - c->normalized) < 1e-8, "row %d: %.12f, want %.12f", _i, llr,
                  c->normalized);
}
END_TEST

/* Every bound arena_sprt_check() accepts has an LLR, in both models, for
 * counts on one side, in the middle, tiny and huge; and the LLR grows with
 * the evidence, so a test decides. */
START_TEST(llr_exists_for_every_accepted_bound)
{
    static const int pats[][ARENA_PENTA_BINS] = {{0, 0, 0, 0, 50},     {50, 0, 0, 0, 0},
                                                 {0, 0, 50, 0, 0},     {0, 0, 0, 50, 0},
                                                 {0, 50, 0, 0, 0},     {0, 0, 0, 1, 0},
                                                 {0, 0, 0, 0, 1},      {1, 0, 0, 0, 10000},
                                                 {0, 0, 3, 40, 7},     {10, 40, 100, 40, 10},
                                                 {0, 0, 0, 0, 100000}, {3, 0, 0, 0, 0}};
    static const double elo[] = {-ARENA_SPRT_ELO_MAX,
                                 -700,
                                 -500,
                                 -300,
                                 -250,
                                 -100,
                                 -10,
                                 0,
                                 5,
                                 10,
                                 100,
                                 249,
                                 250,
                                 300,
                                 500,
                                 700,
                                 ARENA_SPRT_ELO_MAX};
    for (int m = 0; m < 2; m++)
        for (size_t k = 0; k < LOA_COUNT(pats); k++)
            for (size_t a = 0; a < LOA_COUNT(elo); a++)
                for (size_t b = a + 1; b < LOA_COUNT(elo); b++) {
                    arena_sprt_params p = {(arena_sprt_model)m, elo[a], elo[b], 0.05, 0.05};
                    double llr = NAN;
                    ck_assert_int_eq(arena_sprt_check(&p, NULL, 0), 0);
                    int rc = arena_sprt_llr(&p, pats[k], &llr);
                    ck_assert_msg(rc == 0 && isfinite(llr), "model %d counts %zu elo %g..%g: rc %d",
                                  m, k, elo[a], elo[b], rc);
                }
    int wins[5] = {0, 0, 0, 0, 5}, more[5] = {0, 0, 0, 0, 10};
    arena_sprt_params p = {ARENA_SPRT_NORMALIZED, 0, 300, 0.05, 0.05};
    double l5, l10, lo, hi;
    ck_assert_int_eq(arena_sprt_llr(&p, wins, &l5), 0);
    ck_assert_int_eq(arena_sprt_llr(&p, more, &l10), 0);
    arena_sprt_bounds(&p, &lo, &hi);
    ck_assert(l5 > 0 && l10 > 1.9 * l5 && arena_sprt_decide(l10, lo, hi) == 1);
}
END_TEST

typedef struct stats_case {
    int penta[ARENA_PENTA_BINS];
    double score, se, elo, lo, hi, nelo, nlo, nhi, los;
} stats_case;

static const stats_case stats_cases[] = {
    {{10, 40, 100, 40, 10},
     0.5,
     0.015811388301,
     0,
     -21.561522568608,
     21.561522568608,
     0,
     -34.048061728594,
     34.048061728594,
     0.5},
    {{5, 30, 90, 50, 25},
     0.575,
     0.016863421954,
     52.511565855728,
     29.217343823359,
     76.284688531526,
     77.260917105713,
     43.212855377119,
     111.308978834308,
     0.999995656144},
    {{0, 3, 10, 12, 20},
     0.772222222222,
     0.035851392712,
     212.092377413744,
     148.810792944104,
     291.302205139690,
     278.080533017140,
     206.300916366228,
     349.860149668052,
     1.0},
    {{20, 50, 80, 30, 5},
     0.432432432432,
     0.017436438178,
     -47.239724831198,
     -71.698586495492,
     -23.238269016459,
     -69.992893333429,
     -105.394382193159,
     -34.591404473699,
     0.000053295155},
};

START_TEST(elo_interval_comes_from_pair_variance)
{
    const stats_case *c = &stats_cases[_i];
    arena_penta_stats st;
    ck_assert_int_eq(arena_penta_stats_compute(c->penta, &st), 0);
    const double got[] = {st.score, st.score_se, st.elo,     st.elo_lo, st.elo_hi,
                          st.nelo,  st.nelo_lo,  st.nelo_hi, st.los};
    const double want[] = {c->score, c->se, c->elo, c->lo, c->hi, c->nelo, c->nlo, c->nhi, c->los};
    for (int k = 0; k < 9; k++)
        ck_assert_msg(fabs(got[k] - want[k]) < 1e-9, "row %d field %d: %.12f, want %.12f", _i, k,
                      got[k], want[k]);
}
END_TEST

START_TEST(stats_handle_one_bin_and_no_pairs)
{
    arena_penta_stats st;
    int all_wins[5] = {0, 0, 0, 0, 6}, none[5] = {0};
    ck_assert_int_eq(arena_penta_stats_compute(all_wins, &st), 0);
    ck_assert_int_eq(st.pairs, 6);
    ck_assert(st.score == 1.0 && isinf(st.elo) && st.elo > 0 && st.los == 1.0);
    ck_assert_int_eq(arena_penta_stats_compute(none, &st), ARENA_E_INVAL);
    ck_assert_int_eq(st.pairs, 0);
}
END_TEST

START_TEST(pair_bins_add_half_points)
{
    ck_assert_int_eq(arena_penta_bin(0, 0), 0); /* LL */
    ck_assert_int_eq(arena_penta_bin(1, 0), 1); /* DL */
    ck_assert_int_eq(arena_penta_bin(2, 0), 2); /* WL */
    ck_assert_int_eq(arena_penta_bin(1, 1), 2); /* DD */
    ck_assert_int_eq(arena_penta_bin(1, 2), 3); /* DW */
    ck_assert_int_eq(arena_penta_bin(2, 2), 4); /* WW */
    ck_assert_int_eq(arena_penta_bin(3, 0), -1);
    ck_assert_int_eq(arena_penta_bin(0, -1), -1);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"llr_is_zero_without_pairs_and_refuses_bad_input",
         llr_is_zero_without_pairs_and_refuses_bad_input, 10},
        {"bounds_are_walds", bounds_are_walds, 10},
        {"check_names_the_bad_parameter", check_names_the_bad_parameter, 10},
        {"stats_handle_one_bin_and_no_pairs", stats_handle_one_bin_and_no_pairs, 10},
        {"pair_bins_add_half_points", pair_bins_add_half_points, 10},
        {"llr_exists_for_every_accepted_bound", llr_exists_for_every_accepted_bound, 60},
    };
    const loa_loop_tcase loops[] = {
        {"llr_matches_the_published_formulas_in_both_models",
         llr_matches_the_published_formulas_in_both_models, 10, (int)LOA_COUNT(llr_cases)},
        {"elo_interval_comes_from_pair_variance", elo_interval_comes_from_pair_variance, 10,
         (int)LOA_COUNT(stats_cases)},
        {"llr_of_far_bounds_matches_the_reference", llr_of_far_bounds_matches_the_reference, 10,
         (int)LOA_COUNT(far_cases)},
    };
    return loa_run_suite_loops("arena_sprt", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
