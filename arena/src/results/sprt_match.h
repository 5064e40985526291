/*
 * results/sprt_match.h - an SPRT match as its games arrive: the tested
 * bot's pairs tallied (results/pairs.h) and the test's state
 * (arena_sprt_status, stats/sprt.h) recomputed at each complete pair.
 */
#ifndef ARENA_RESULTS_SPRT_MATCH_H
#define ARENA_RESULTS_SPRT_MATCH_H

#include "league/record.h"
#include "results/pairs.h"
#include "stats/sprt.h"

/* An SPRT as its games arrive, in the order they were stored (the order of
 * games.jsonl, so that a resumed match replays the same sequence). Wald's
 * test stops at the first crossing of a bound: that decision is kept even
 * if pairs finished afterwards (games that were running) move the LLR back
 * between the bounds; the LLR and estimates are over every complete pair.
 * A plain value; not thread-safe. */
typedef struct arena_sprt_match {
    arena_pair_tally tally;   /* the tested bot's pairs */
    arena_sprt_status status; /* over every complete pair; status.decision is
                                the first crossing's, status.decided_pairs
                                the pairs counted then */
} arena_sprt_match;

/* Prepares *m for parameters p (checked), the tested bot against
 * opponent, ids below 2 * max_pairs. Returns 0, ARENA_E_INVAL or
 * ARENA_E_NOMEM. Free with arena_sprt_match_free. */
int arena_sprt_match_init(arena_sprt_match *m, const arena_sprt_params *p, int tested, int opponent,
                          int max_pairs);

/* Counts a stored game (arena_pair_tally_add); when it completes a pair
 * the status is recomputed. Returns 1 when a pair completed, else 0. */
int arena_sprt_match_add(arena_sprt_match *m, const arena_game_record *r);

/* Frees what *m owns; m may be NULL. */
void arena_sprt_match_free(arena_sprt_match *m);

#endif
