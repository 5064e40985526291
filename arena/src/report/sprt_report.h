/*
 * report/sprt_report.h - what a sequential test and a pairing's game pairs
 * say, in words and in JSON: an SPRT's state (arena_sprt_status,
 * stats/sprt.h) as its one-line progress form, its final block and its
 * JSON, and the pentanomial figures of a pairing (standings.json,
 * docs/arena.md).
 *
 * Plain values and pure functions: thread-safe on distinct values.
 */
#ifndef ARENA_REPORT_SPRT_REPORT_H
#define ARENA_REPORT_SPRT_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "stats/sprt.h"

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

#endif
