/*
 * arena_sprt_report.h - what a sequential test and a pairing's game pairs
 * say, in words and in JSON: the SPRT state after some pairs (LLR, Wald's
 * bounds, decision, Elo estimate), its one-line progress form, its final
 * block, and the pentanomial figures of a pairing (standings.json,
 * docs/arena.md).
 *
 * Plain values and pure functions: thread-safe on distinct values.
 */
#ifndef ARENA_SPRT_REPORT_H
#define ARENA_SPRT_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "arena_sprt.h"

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

/* The progress line, without newline, e.g.
 * "SPRT 12 pairs (24 games): LLR 1.23 (-2.94, 2.94) [0, 10] | Elo +35.2 (-4.9, +75.3)
 *  nElo +50.1 | LOS 95.3% | Ptnml [1, 2, 3, 4, 2]"
 * written into buf (always NUL-terminated when size > 0). */
void arena_sprt_format_line(const arena_sprt_status *st, char *buf, size_t size);

/* The final block: the hypotheses, the result ("H1 accepted", "H0
 * accepted", or "no decision" and why: games_left 0 means the maximum was
 * reached, else the match was stopped early), the line's figures spelled
 * out, on out. tested and opponent are the bots' names. Returns 0 or
 * ARENA_E_IO. */
int arena_sprt_print(const arena_sprt_status *st, const char *tested, const char *opponent,
                     int games_left, FILE *out);

/* "sprt" of standings.json: {"tested", "opponent", "model", "elo0", "elo1",
 * "alpha", "beta", "llr", "lower", "upper", "result": "H0"|"H1"|null,
 * "pairs", "decided_after_pairs" (null when undecided), "pentanomial": [5], "elo", "elo_ci95": [lo, hi], "nelo",
 * "nelo_ci95": [lo, hi], "los"} (the estimates null without a pair).
 * Caller owns the tree; NULL on out of memory. */
cJSON *arena_sprt_to_json(const arena_sprt_status *st, const char *tested, const char *opponent);

/* A pairing's pair figures for standings.json, from its first bot's side:
 * {"pairs", "pentanomial": [5], "score", "elo", "elo_ci95": [lo, hi],
 * "nelo", "nelo_ci95": [lo, hi], "los"} (estimates null without a pair).
 * Caller owns the tree; NULL on out of memory. */
cJSON *arena_penta_to_json(const int penta[ARENA_PENTA_BINS]);

/* "+35.2 (-4.9, +75.3)": an Elo estimate and its 95% interval ("+inf"
 * and "-inf" where the score is 0 or 1), into buf. */
void arena_format_elo_interval(double elo, double lo, double hi, char *buf, size_t size);

#endif
