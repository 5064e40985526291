/*
 * stats/sprt.h - statistics of colour-swapped game pairs: the pentanomial
 * distribution, the sequential probability ratio test (SPRT) on it, an
 * Elo estimate with its interval, and an SPRT's state after some pairs.
 *
 * Sources: Wald, "Sequential Tests of Statistical Hypotheses" (1945) for the
 * SPRT and its bounds; the generalized (maximum-likelihood) log-likelihood
 * ratio on the pentanomial distribution as published by fishtest (Michel
 * Van den Bergh, "support_MLE_multinomial" and "normalized_elo_practical";
 * fishtest's LLRcalc) and used by fastchess and OpenBench, so that a result
 * here reads the same as there.
 *
 * A pair is two games on one opening with colours swapped. Scored from the
 * tested bot's side its total is 0, 0.5, 1, 1.5 or 2: the five bins
 * [LL, LD, WL+DD, WD, WW], with per-pair scores a = 0, 1/4, 1/2, 3/4, 1.
 *
 * Pure functions on plain values: thread-safe, no allocation.
 */
#ifndef ARENA_STATS_SPRT_H
#define ARENA_STATS_SPRT_H

#include <stddef.h>

/* Number of pentanomial bins. */
#define ARENA_PENTA_BINS 5

/* Which Elo the hypotheses are stated in. */
typedef enum arena_sprt_model {
    ARENA_SPRT_NORMALIZED = 0, /* normalized Elo (t-value): fishtest's and fastchess's default */
    ARENA_SPRT_LOGISTIC = 1    /* logistic Elo: expected score 1 / (1 + 10^(-elo/400)) */
} arena_sprt_model;

/* An SPRT: H0 "the tested bot is stronger by elo0", H1 "by elo1". */
typedef struct arena_sprt_params {
    arena_sprt_model model;
    double elo0, elo1; /* elo0 < elo1, in the model's Elo */
    double alpha;      /* false positive rate (accepting H1 when H0 holds), in (0, 1) */
    double beta;       /* false negative rate (accepting H0 when H1 holds), in (0, 1) */
} arena_sprt_params;

/* "normalized" or "logistic". Static string. */
const char *arena_sprt_model_name(arena_sprt_model m);

/* Parses "normalized" or "logistic". Returns 0 or ARENA_E_CONFIG. */
int arena_sprt_model_parse(const char *text, arena_sprt_model *out);

/* The largest |elo0| and |elo1| accepted, in either model: a logistic 1000
 * is an expected score of 99.7%; bots that far apart need no sequential
 * test. Within it arena_sprt_llr() always finds its distributions. */
#define ARENA_SPRT_ELO_MAX 1000

/* Checks p: alpha and beta in the open interval (0, 1), alpha + beta < 1,
 * elo0 < elo1, both within +-ARENA_SPRT_ELO_MAX. Returns 0, or ARENA_E_CONFIG with err naming
 * the bad parameter and its value (err may be NULL). */
int arena_sprt_check(const arena_sprt_params *p, char *err, size_t errsz);

/* Wald's bounds: *lower = ln(beta / (1 - alpha)), *upper = ln((1 - beta) /
 * alpha). p must have passed arena_sprt_check(). */
void arena_sprt_bounds(const arena_sprt_params *p, double *lower, double *upper);

/* The generalized log-likelihood ratio of H1 against H0 for the pentanomial
 * counts penta[5] (pairs, each >= 0): N * sum_i p_i ln(p1_i / p0_i), N the
 * number of pairs, p the observed frequencies (an empty bin counts 1e-3
 * pairs before normalising, fishtest's regularisation), p0 and p1 the
 * maximum-likelihood distributions whose expected score (logistic) or
 * t-value (normalized) is that of elo0 and elo1 (found as fishtest finds
 * them; where fishtest's iteration has no root, by continuation from the
 * observed distribution). Returns 0 with *llr set (0 when there is no pair
 * yet), ARENA_E_INVAL for a negative count or parameters that fail
 * arena_sprt_check(), or ARENA_E_NUMERIC when no distribution was found
 * (not seen within the accepted bounds; callers must not show an LLR). */
int arena_sprt_llr(const arena_sprt_params *p, const int penta[ARENA_PENTA_BINS], double *llr);

/* SPRT state after some pairs: -1 H0 accepted (llr <= lower), 1 H1
 * accepted (llr >= upper), 0 continue. */
int arena_sprt_decide(double llr, double lower, double upper);

/* Strength estimate from pentanomial counts. */
typedef struct arena_penta_stats {
    int pairs;                     /* N */
    double score;                  /* mean score per game of the tested bot, 0..1 */
    double score_se;               /* standard error of the mean score, from the
                            variance of pair scores (game-level variance is
                            wrong for paired games: the two games share an
                            opening) */
    double elo, elo_lo, elo_hi;    /* logistic Elo and its 95% interval; +-inf
                                   when the score or a bound is 0 or 1 */
    double nelo, nelo_lo, nelo_hi; /* normalized Elo: (score - 1/2) / (sqrt(2)
                                      * sigma_pair) * 800 / ln 10, with its 95%
                                      interval */
    double los;                    /* likelihood of superiority: P(true score > 1/2),
                            normal approximation, 0..1 */
} arena_penta_stats;

/* Fills *out from penta[5] (raw counts, no regularisation). When every pair
 * fell in one bin the variance is 0: the interval collapses to the estimate
 * and los is 0, 1/2 or 1. Returns 0, or ARENA_E_INVAL for a negative count
 * or no pair at all (*out is then zeroed). */
int arena_penta_stats_compute(const int penta[ARENA_PENTA_BINS], arena_penta_stats *out);

/* The pentanomial bin (0..4) of a pair from the tested bot's two scores,
 * each 0 (loss), 1 (draw) or 2 (win) in half points. Returns -1 for a value
 * outside 0..2. */
int arena_penta_bin(int half_points_first, int half_points_second);

/* An SPRT after some complete pairs. */
typedef struct arena_sprt_status {
    arena_sprt_params params;
    int penta[ARENA_PENTA_BINS]; /* [LL, LD, WL+DD, WD, WW] from the tested bot's side */
    int pairs;                   /* complete pairs (sum of penta) */
    double llr;                  /* arena_sprt_llr(), 0 with no pair */
    double lower, upper;         /* Wald's bounds (arena_sprt_bounds) */
    int decision;                /* -1 H0 accepted, 1 H1 accepted, 0 not yet */
    int decided_pairs;           /* pairs when the decision was taken (a match
                                    counts the pairs that were running too,
                                    arena_sprt_match); 0 undecided */
    int have_stats;              /* stats is filled (pairs > 0) */
    arena_penta_stats stats;     /* Elo estimate from the pairs */
} arena_sprt_status;

/* Fills *out for parameters p (checked: arena_sprt_check) and counts
 * penta. Returns 0 or ARENA_E_INVAL (bad parameters, a negative count). */
int arena_sprt_status_compute(const arena_sprt_params *p, const int penta[ARENA_PENTA_BINS],
                              arena_sprt_status *out);

#endif
