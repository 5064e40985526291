/*
 * sprt.c - pentanomial SPRT, Elo and an SPRT's state (stats/sprt.h).
 *
 * The maximum-likelihood distributions follow the published derivations
 * (fishtest's LLRcalc and the notes it cites): for an observed distribution
 * p over the pair scores a_i, the distribution of expected score s closest
 * to p in Kullback-Leibler divergence is q_i = p_i / (1 + x (a_i - s)),
 * where x solves the "secular equation" sum_i p_i (a_i - s) / (1 + x (a_i -
 * s)) = 0. The t-value constraint (normalized Elo) is solved by the same
 * equation on shifted values, iterated to a fixed point.
 */
#include "stats/sprt.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"

/* Fishtest's regularisation: an empty bin counts this many pairs, so that
 * no log(0) appears and an early run is not overconfident. */
#define PENTA_EMPTY_BIN 1e-3
/* Normalized Elo per unit of t-value: 800 / ln 10 (fishtest, fastchess). */
#define NELO_PER_T (800.0 / M_LN10)
/* Two-sided 95% normal quantile. */
#define Z_95 1.959963984540054
/* The t-value fixed point converges in a few rounds; cap it anyway. */
#define T_VALUE_MAX_ROUNDS 100
#define T_VALUE_TOLERANCE 1e-12
/* After the cap: still moving by more than this is no solution (the
 * bisection's precision leaves 2-cycles of 1e-9 with 1e5 pairs in one bin). */
#define T_VALUE_SETTLED 1e-6

static const double pair_score[ARENA_PENTA_BINS] = {0.0, 0.25, 0.5, 0.75, 1.0};

const char *arena_sprt_model_name(arena_sprt_model m)
{
    return m == ARENA_SPRT_LOGISTIC ? "logistic" : "normalized";
}

int arena_sprt_model_parse(const char *text, arena_sprt_model *out)
{
    if (strcmp(text, "normalized") == 0)
        *out = ARENA_SPRT_NORMALIZED;
    else if (strcmp(text, "logistic") == 0)
        *out = ARENA_SPRT_LOGISTIC;
    else
        return ARENA_E_CONFIG;
    return 0;
}

int arena_sprt_check(const arena_sprt_params *p, char *err, size_t errsz)
{
    const char *bad = NULL;
    double v = 0;
    if (!p)
        return ARENA_E_INVAL;
    if (!(p->alpha > 0 && p->alpha < 1))
        bad = "alpha", v = p->alpha;
    else if (!(p->beta > 0 && p->beta < 1))
        bad = "beta", v = p->beta;
    else if (!(p->alpha + p->beta < 1))
        bad = "alpha + beta", v = p->alpha + p->beta;
    else if (!(fabs(p->elo0) <= ARENA_SPRT_ELO_MAX))
        bad = "elo0", v = p->elo0;
    else if (!(fabs(p->elo1) <= ARENA_SPRT_ELO_MAX))
        bad = "elo1", v = p->elo1;
    else if (!(p->elo0 < p->elo1))
        bad = "elo0", v = p->elo0;
    else if (p->model != ARENA_SPRT_NORMALIZED && p->model != ARENA_SPRT_LOGISTIC)
        bad = "model", v = (double)p->model;
    if (!bad)
        return 0;
    if (err && errsz) {
        if (bad[0] == 'e' && !(fabs(v) <= ARENA_SPRT_ELO_MAX))
            snprintf(err, errsz,
                     "%s=%g is out of range: Elo bounds lie within -%d..%d (bots "
                     "that far apart need no test: a league shows it in a few games)",
                     bad, v, ARENA_SPRT_ELO_MAX, ARENA_SPRT_ELO_MAX);
        else if (bad[0] == 'e')
            snprintf(err, errsz, "elo0 must be below elo1 (elo0=%g, elo1=%g)", p->elo0, p->elo1);
        else if (bad[0] == 'a' && bad[5] == ' ')
            snprintf(err, errsz, "alpha + beta must be below 1 (it is %g)", v);
        else
            snprintf(err, errsz,
                     "%s=%g is out of range (alpha and beta in (0,1), "
                     "elo0 < elo1, model normalized or logistic)",
                     bad, v);
    }
    return ARENA_E_CONFIG;
}

void arena_sprt_bounds(const arena_sprt_params *p, double *lower, double *upper)
{
    *lower = log(p->beta / (1.0 - p->alpha));
    *upper = log((1.0 - p->beta) / p->alpha);
}

int arena_sprt_decide(double llr, double lower, double upper)
{
    return llr >= upper ? 1 : llr <= lower ? -1 : 0;
}

/* Mean and variance of the distribution q over pair scores. */
static void moments(const double q[ARENA_PENTA_BINS], double *mean, double *var)
{
    double m = 0, v = 0;
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        m += q[i] * pair_score[i];
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        v += q[i] * (pair_score[i] - m) * (pair_score[i] - m);
    *mean = m;
    *var = v;
}

/* Solves sum_i p_i d_i / (1 + x d_i) = 0 for x in (-1/max d, -1/min d),
 * where the d_i take both signs. The left side falls strictly with x, so
 * bisection always converges; 200 halvings reach the double's precision.
 * Returns 0, or -1 when the d_i do not take both signs (no root). */
static int secular(const double p[ARENA_PENTA_BINS], const double d[ARENA_PENTA_BINS], double *x)
{
    double lo_d = d[0], hi_d = d[0];
    for (int i = 1; i < ARENA_PENTA_BINS; i++) {
        lo_d = fmin(lo_d, d[i]);
        hi_d = fmax(hi_d, d[i]);
    }
    if (!(lo_d < 0 && hi_d > 0))
        return -1;
    double lo = -1.0 / hi_d, hi = -1.0 / lo_d;
    for (int it = 0; it < 200; it++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break;
        double f = 0;
        for (int i = 0; i < ARENA_PENTA_BINS; i++)
            f += p[i] * d[i] / (1.0 + mid * d[i]);
        if (f > 0)
            lo = mid;
        else
            hi = mid;
    }
    *x = 0.5 * (lo + hi);
    return 0;
}

/* The distribution closest to p with expected pair score s. */
static int mle_expected(const double p[ARENA_PENTA_BINS], double s, double q[ARENA_PENTA_BINS])
{
    double d[ARENA_PENTA_BINS], x;
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        d[i] = pair_score[i] - s;
    if (secular(p, d, &x))
        return -1;
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        q[i] = p[i] / (1.0 + x * d[i]);
    return 0;
}

/* Rounds of the t-value fixed point from the distribution in q towards the
 * one closest to p whose t-value (mean - 1/2) / sigma is t: each round
 * linearises the constraint around q's mean and sigma and solves the
 * secular equation for it, until the distribution stops moving. Returns 0
 * with the solution in q, or -1 (q changed) when a round's linearisation
 * has no root (its d_i all of one sign: q is too far from the solution) or
 * the rounds do not settle. */
static int t_value_rounds(const double p[ARENA_PENTA_BINS], double t, double q[ARENA_PENTA_BINS])
{
    double moved = 1;
    for (int round = 0; round < T_VALUE_MAX_ROUNDS; round++) {
        double mu, var, d[ARENA_PENTA_BINS], x;
        moved = 0;
        moments(q, &mu, &var);
        double sigma = sqrt(var);
        if (!(sigma > 0))
            return -1;
        for (int i = 0; i < ARENA_PENTA_BINS; i++) {
            double z = (mu - pair_score[i]) / sigma;
            d[i] = pair_score[i] - 0.5 - t * sigma * (1.0 + z * z) / 2.0;
        }
        if (secular(p, d, &x))
            return -1;
        for (int i = 0; i < ARENA_PENTA_BINS; i++) {
            double nq = p[i] / (1.0 + x * d[i]);
            moved = fmax(moved, fabs(nq - q[i]));
            q[i] = nq;
        }
        if (moved < T_VALUE_TOLERANCE)
            return 0;
    }
    /* the bisection's precision can keep the last rounds moving by a few
     * 1e-12 forever: settled all the same */
    return moved < T_VALUE_SETTLED ? 0 : -1;
}

/* The distribution closest to p (Kullback-Leibler) whose t-value is t.
 * First fishtest's way: the rounds from the uniform distribution, so that
 * an LLR here equals fishtest's wherever fishtest's converges. Far from p's
 * own t-value (a large elo1 with the pairs all on one side: issue 24) the
 * first linearisation has no root; then by continuation from p itself (the
 * solution at p's own t-value, x = 0) towards t, each step started from
 * the last solution, the step doubled after a success and halved after a
 * failure. Returns 0, or -1 when even a tiny step fails (not seen for
 * |elo| <= ARENA_SPRT_ELO_MAX over the tests' grid). */
static int mle_t_value(const double p[ARENA_PENTA_BINS], double t, double q[ARENA_PENTA_BINS])
{
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        q[i] = 1.0 / ARENA_PENTA_BINS;
    if (t_value_rounds(p, t, q) == 0)
        return 0;
    double mu, var, at[ARENA_PENTA_BINS], trial[ARENA_PENTA_BINS];
    moments(p, &mu, &var);
    double cur = (mu - 0.5) / sqrt(var); /* p's own t-value: regularised, var > 0 */
    double step = t - cur;
    memcpy(at, p, sizeof at);
    while (cur != t) {
        double next = fabs(t - cur) <= fabs(step) ? t : cur + step;
        memcpy(trial, at, sizeof trial);
        if (t_value_rounds(p, next, trial) == 0) {
            memcpy(at, trial, sizeof at);
            cur = next;
            step *= 2;
        } else if (fabs(step /= 2) < 1e-9) {
            return -1;
        }
    }
    memcpy(q, at, sizeof at);
    return 0;
}

/* The number of pairs in penta[5], or -1 when a count is negative. */
static int64_t count_pairs(const int penta[ARENA_PENTA_BINS])
{
    int64_t pairs = 0;
    for (int i = 0; i < ARENA_PENTA_BINS; i++) {
        if (penta[i] < 0)
            return -1;
        pairs += penta[i];
    }
    return pairs;
}

int arena_sprt_llr(const arena_sprt_params *p, const int penta[ARENA_PENTA_BINS], double *llr)
{
    if (!p || !penta || !llr || arena_sprt_check(p, NULL, 0))
        return ARENA_E_INVAL;
    int64_t pairs = count_pairs(penta);
    if (pairs < 0)
        return ARENA_E_INVAL;
    *llr = 0;
    if (pairs == 0)
        return 0;
    /* N counts the regularised bins too, exactly as fishtest does, so that
     * an LLR here equals fishtest's and fastchess's for the same counts
     * (the difference from the raw pair count is at most 0.005). */
    double reg[ARENA_PENTA_BINS], n = 0, pf[ARENA_PENTA_BINS];
    for (int i = 0; i < ARENA_PENTA_BINS; i++) {
        reg[i] = penta[i] ? (double)penta[i] : PENTA_EMPTY_BIN;
        n += reg[i];
    }
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        pf[i] = reg[i] / n;
    double q0[ARENA_PENTA_BINS], q1[ARENA_PENTA_BINS];
    int bad;
    if (p->model == ARENA_SPRT_LOGISTIC) {
        double s0 = 1.0 / (1.0 + pow(10.0, -p->elo0 / 400.0));
        double s1 = 1.0 / (1.0 + pow(10.0, -p->elo1 / 400.0));
        bad = mle_expected(pf, s0, q0) || mle_expected(pf, s1, q1);
    } else {
        /* A pair's t-value is sqrt(2) times a game's: the pair's sigma is
         * that of the mean of two games. */
        double t0 = p->elo0 / NELO_PER_T * M_SQRT2, t1 = p->elo1 / NELO_PER_T * M_SQRT2;
        bad = mle_t_value(pf, t0, q0) || mle_t_value(pf, t1, q1);
    }
    if (bad)
        return ARENA_E_NUMERIC; /* no distribution found: not seen in the accepted range */
    double sum = 0;
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        sum += pf[i] * (log(q1[i]) - log(q0[i]));
    *llr = n * sum;
    return 0;
}

static double elo_of(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

int arena_penta_stats_compute(const int penta[ARENA_PENTA_BINS], arena_penta_stats *out)
{
    if (!penta || !out)
        return ARENA_E_INVAL;
    *out = (arena_penta_stats){0};
    int64_t pairs = count_pairs(penta);
    if (pairs <= 0)
        return ARENA_E_INVAL;
    double q[ARENA_PENTA_BINS], mu, var;
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        q[i] = (double)penta[i] / (double)pairs;
    moments(q, &mu, &var);
    out->pairs = (int)pairs;
    out->score = mu;
    /* The variance of pair scores (the pair, not the game, is the
     * independent unit), as a population variance like fishtest's and
     * fastchess's, so that intervals compare. */
    double se = sqrt(var / (double)pairs);
    out->score_se = se;
    out->elo = elo_of(mu);
    out->elo_lo = elo_of(mu - Z_95 * se);
    out->elo_hi = elo_of(mu + Z_95 * se);
    /* Normalized Elo: the t-value of one game, whose sigma is sqrt(2) times
     * the pair's sigma of per-game scores. */
    double sigma_game = sqrt(2.0 * var);
    if (sigma_game > 0) {
        double k = NELO_PER_T / sigma_game;
        out->nelo = (mu - 0.5) * k;
        out->nelo_lo = (mu - Z_95 * se - 0.5) * k;
        out->nelo_hi = (mu + Z_95 * se - 0.5) * k;
        out->los = 0.5 * (1.0 + erf((mu - 0.5) / (se * M_SQRT2)));
    } else {
        out->nelo = out->nelo_lo = out->nelo_hi = mu > 0.5 ? INFINITY : mu < 0.5 ? -INFINITY : 0;
        out->los = mu > 0.5 ? 1.0 : mu < 0.5 ? 0.0 : 0.5;
    }
    return 0;
}

int arena_penta_bin(int half_points_first, int half_points_second)
{
    if (half_points_first < 0 || half_points_first > 2 || half_points_second < 0 ||
        half_points_second > 2)
        return -1;
    return half_points_first + half_points_second;
}

int arena_sprt_status_compute(const arena_sprt_params *p, const int penta[ARENA_PENTA_BINS],
                              arena_sprt_status *out)
{
    memset(out, 0, sizeof *out);
    if (arena_sprt_check(p, NULL, 0))
        return ARENA_E_INVAL;
    out->params = *p;
    for (int i = 0; i < ARENA_PENTA_BINS; i++) {
        if (penta[i] < 0)
            return ARENA_E_INVAL;
        out->penta[i] = penta[i];
        out->pairs += penta[i];
    }
    arena_sprt_bounds(p, &out->lower, &out->upper);
    int rc = arena_sprt_llr(p, penta, &out->llr);
    if (rc)
        return rc;
    out->decision = out->pairs ? arena_sprt_decide(out->llr, out->lower, out->upper) : 0;
    out->decided_pairs = out->decision ? out->pairs : 0;
    out->have_stats = out->pairs > 0 && arena_penta_stats_compute(penta, &out->stats) == 0;
    return 0;
}
