/*
 * stats/spsa.h - simultaneous perturbation stochastic approximation
 * (J. C. Spall, "Multivariate stochastic approximation using a
 * simultaneous perturbation gradient approximation", IEEE Trans. Automatic
 * Control 37(3), 1992; the gains of "Implementation of the simultaneous
 * perturbation algorithm for stochastic optimization", IEEE Trans.
 * Aerospace and Electronic Systems 34(3), 1998), in the form fishtest
 * tunes Stockfish with (server/fishtest/spsa_handler.py and views.py of
 * official-stockfish/fishtest):
 *
 *   N      the tune's length in game pairs (num_iter = num_games / 2)
 *   A      = floor(A_ratio * N), A_ratio 0.1 by default
 *   alpha  0.602 and gamma 0.101 by default (Spall's)
 *   c      = c_end * N^gamma                (per parameter)
 *   a      = r_end * c_end^2 * (A + N)^alpha (per parameter: a_end = r_end c_end^2)
 * and for the game pairs that start after `iter` pairs were played
 * (k = iter + 1, counted from 1):
 *   c_k    = c / k^gamma                    (the perturbation)
 *   R_k    = a / (A + k)^alpha / c_k^2      (the learning rate)
 * so that c_N = c_end and R_N = r_end: the two figures a user gives are
 * the perturbation and the learning rate at the end of the tune. Each
 * parameter gets a flip of +1 or -1; the version theta + c_k * flip
 * (clipped to min..max) plays the version theta - c_k * flip, and after
 * those pairs, with result = the first's wins minus its losses,
 *   theta <- clip(theta + R_k * c_k * result * flip)
 * and iter grows by the number of pairs. Values are kept real; the bots
 * get integers where a parameter is one (rounded when played, as
 * fishtest's workers round every value).
 *
 * Pure functions of their arguments: thread-safe.
 */
#ifndef ARENA_STATS_SPSA_H
#define ARENA_STATS_SPSA_H

/* fishtest's defaults (its new-run form). */
#define ARENA_SPSA_A_RATIO 0.1
#define ARENA_SPSA_ALPHA 0.602
#define ARENA_SPSA_GAMMA 0.101

/* The tune's gain sequence: its length and exponents (a plain value). */
typedef struct arena_spsa_schedule {
    int pairs;    /* N, game pairs in the whole tune, >= 1 */
    double A;     /* stability constant, in pairs (fishtest: floor(A_ratio * N)) */
    double alpha; /* learning rate's decay exponent, > 0 */
    double gamma; /* perturbation's decay exponent, >= 0 */
} arena_spsa_schedule;

/* One parameter's range and end gains (a plain value). */
typedef struct arena_spsa_param {
    double min, max; /* theta and the versions played stay in min..max */
    double c_end;    /* perturbation at the end of the tune, > 0, in the parameter's unit */
    double r_end;    /* learning rate at the end, >= 0 (theta moves r_end * c_end per
                        game won, at the end) */
} arena_spsa_param;

/* The perturbation and learning rate of one parameter for the pairs that
 * start after iter pairs (a plain value). */
typedef struct arena_spsa_gain {
    double c; /* c_k */
    double R; /* R_k */
} arena_spsa_gain;

/* The schedule of a tune of `pairs` game pairs with fishtest's A_ratio,
 * alpha and gamma (A = floor(A_ratio * pairs), as fishtest's int()). */
arena_spsa_schedule arena_spsa_schedule_make(int pairs, double a_ratio, double alpha, double gamma);

/* c_k and R_k of parameter p after iter (>= 0) pairs (formulas above). */
arena_spsa_gain arena_spsa_gain_at(const arena_spsa_schedule *s, const arena_spsa_param *p,
                                   int iter);

/* x clipped to p's min..max. */
double arena_spsa_clip(const arena_spsa_param *p, double x);

/* The value the version with the given sign (+1: theta + c_k * flip; -1:
 * theta - c_k * flip) plays, clipped. */
double arena_spsa_probe(const arena_spsa_param *p, double theta, arena_spsa_gain g, int flip,
                        int sign);

/* theta after pairs whose result (wins minus losses of the + version,
 * draws count nothing) came back: clip(theta + R_k * c_k * result * flip). */
double arena_spsa_update(const arena_spsa_param *p, double theta, arena_spsa_gain g, int flip,
                         int result);

#endif
