/*
 * stats/ratings.h - Elo ratings by maximum likelihood (Bradley-Terry), 95%
 * confidence intervals, likelihood of superiority. Method and sources in
 * docs/arena.md ("How the ratings are computed"); in short:
 *
 *   P(i beats j) = 1 / (1 + exp(-(t_i - t_j))),   Elo_i = t_i * 400 / ln 10
 *   (Bradley & Terry 1952; Elo 1978), a draw counted as half a win and half a
 *   loss. The log-likelihood
 *     L(t) = sum_{i<j} s_ij ln p_ij + (n_ij - s_ij) ln(1 - p_ij)
 *   (n_ij games, s_ij points of i against j) is concave; it is maximised by
 *   Newton's method (Hunter 2004 discusses this model and its MM
 *   alternative). Standard errors come from the inverse of the observed
 *   Fisher information -H (the negated Hessian at the optimum), with one
 *   rating fixed to remove the translation freedom, then carried to the
 *   chosen anchor; the interval is +-1.959964 standard errors. Given the
 *   pairings' pentanomial counts the covariance is the sandwich H^-1 J H^-1
 *   (Huber 1967; White 1980), J the variance the pair scores showed instead
 *   of the model's p (1 - p) per game: draws and the two games of a pair
 *   sharing an opening make the model's variance wrong (issue 24: a 98%
 *   drawn pairing got LOS 68% here and 99.9% from its pairs). With two bots
 *   it is the variance of arena_penta_stats, so the two LOS agree.
 *   LOS(i > j) = Phi((t_i - t_j) / sd(t_i - t_j)) from the same covariance.
 *   arena_los_wl() is the head-to-head LOS of cutechess-cli and fastchess,
 *   Phi((W - L) / sqrt(W + L)).
 *
 * The maximum exists (finite ratings) iff the directed graph "i scored
 * against j" is strongly connected (Zermelo 1929; Ford 1957). When it is
 * not (some group scored 100% against the rest, common in short leagues),
 * every pair that met gets ARENA_PRIOR_DRAWS virtual draws, like the prior
 * of BayesElo (Coulom), and the fit says so (prior_draws). A bot without
 * games gets NAN.
 *
 * Plain values, pure functions: thread-safe.
 */
#ifndef ARENA_STATS_RATINGS_H
#define ARENA_STATS_RATINGS_H

#include "core/limits.h"
#include "stats/sprt.h"

/* Virtual draws added per pairing when the plain maximum does not exist. */
#define ARENA_PRIOR_DRAWS 1.0

/* Elo points per natural-log unit of odds: 400 / ln 10. */
#define ARENA_ELO_PER_NAT 173.71779276130073

typedef struct arena_ratings {
    int n;                                      /* bots */
    double elo[ARENA_MAX_BOTS];                 /* Elo; NAN for a bot without games */
    double ci95[ARENA_MAX_BOTS];                /* half-width of the 95% interval, Elo;
                                                NAN when unknown (no games);
                                                0 for the anchor bot */
    double los[ARENA_MAX_BOTS][ARENA_MAX_BOTS]; /* P(row stronger than column), 0..1;
                                                NAN when undefined (diagonal, no data) */
    int anchor;                                 /* bot rated 0, -1 = mean of finite ratings */
    int iterations;                             /* Newton steps taken */
    int converged;                              /* 1 if the fit converged */
    double prior_draws;                         /* virtual draws added per pairing (0: none) */
} arena_ratings;

/* Fits ratings. games and points are n x n row-major: games[i*n+j] =
 * games between i and j (symmetric), points[i*n+j] = points i scored against
 * j (win 1, draw 0.5), so points[i*n+j] + points[j*n+i] = games[i*n+j].
 * anchor is the bot to rate 0, or -1 for a mean of 0 over the finitely
 * rated bots (an anchor without games falls back to -1). prior_draws:
 * virtual draws per pairing that met, or a negative value for automatic
 * (ARENA_PRIOR_DRAWS only when the plain maximum does not exist). penta:
 * NULL (the model's variance), or n * n * ARENA_PENTA_BINS counts,
 * penta[(i * n + j) * 5 + b] the complete pairs of i against j in bin b
 * from i's side (arena_pairs_pentanomial): the intervals and LOS then come
 * from the pairs' variance (games outside complete pairs, and virtual
 * draws, keep the model's). Returns 0, ARENA_E_INVAL (n outside 1..ARENA_MAX_BOTS, NULL, negative or
 * inconsistent counts) or ARENA_E_NOMEM. out is caller-owned. */
int arena_ratings_fit(int n, const double *games, const double *points, int anchor,
                      double prior_draws, const int *penta, arena_ratings *out);

/* Head-to-head likelihood of superiority from wins and losses (draws do not
 * count): Phi((W - L) / sqrt(W + L)) = 0.5 + 0.5 erf((W - L) / sqrt(2 (W + L))),
 * as printed by cutechess-cli and fastchess. NAN when W + L = 0. */
double arena_los_wl(double wins, double losses);

/* Standard normal distribution function Phi(x). */
double arena_phi(double x);

#endif
