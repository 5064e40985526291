/*
 * arena_pairs.h - finished games as colour-swapped pairs: the pentanomial
 * counts of every pairing (arena_sprt.h), from a set of records or as
 * games arrive.
 *
 * The schedule (arena_schedule.h) numbers the two games of round r of a
 * pairing 2k and 2k+1 (k = round * pairings + pairing), same opening and
 * seed, colours swapped. A pair counts once both games are finished; a
 * lone game (its partner not played yet, or stopped) counts in no bin.
 * Bins are [LL, LD, WL+DD, WD, WW] from one bot's side: its total score
 * over the two games, 0 to 2 in half-point steps.
 */
#ifndef ARENA_PAIRS_H
#define ARENA_PAIRS_H

#include "arena_record.h"
#include "arena_sprt.h"
#include "arena_sprt_report.h"

/* Pentanomial counts of every ordered pair of bots over count records
 * (distinct ids; the store guarantees it): penta[(i * n + j) * 5 + b]
 * counts the complete pairs between bots i and j that fell in bin b from
 * i's side (so row j, column i holds the mirrored bins). penta has n * n *
 * ARENA_PENTA_BINS ints, zeroed here; n is the league's bot count. Returns
 * 0, ARENA_E_INVAL (a record naming a bot outside 0..n-1, or the two games
 * of a pair not between the same bots with colours swapped) or
 * ARENA_E_NOMEM. Thread-safe; allocates a sorted copy of the ids. */
int arena_pairs_pentanomial(const arena_game_record *records, int count, int n, int *penta);

/* Pentanomial counts of one pairing as games arrive (an SPRT during a
 * match): a plain value owning one byte per pair of the schedule. Not
 * thread-safe; the arena feeds it on the thread that stores results. */
typedef struct arena_pair_tally {
    int bot;                       /* counted from this bot's side */
    int opponent;                  /* the other bot of the pairing */
    int max_pairs;                 /* pairs the schedule can hold (ids < 2 * max_pairs) */
    signed char *half;             /* per pair: -1 no game yet; 3 both counted;
                                      else the first finished game: its half
                                      points for `bot` (0..2) | (id % 2) << 2 */
    int penta[ARENA_PENTA_BINS];   /* complete pairs by bin */
    int pairs;                     /* complete pairs */
} arena_pair_tally;

/* Prepares *t to count the games between bot and opponent with ids below
 * 2 * max_pairs. Returns 0, ARENA_E_INVAL (max_pairs < 1, bot ==
 * opponent) or ARENA_E_NOMEM. Free with arena_pair_tally_free. */
int arena_pair_tally_init(arena_pair_tally *t, int bot, int opponent, int max_pairs);

/* Counts one finished game (games of other pairings, ids out of range and
 * a game counted twice are ignored). Returns 1 when it completed a pair
 * (penta and pairs grew), 0 otherwise. */
int arena_pair_tally_add(arena_pair_tally *t, const arena_game_record *r);

/* Frees what *t owns; t may be NULL. */
void arena_pair_tally_free(arena_pair_tally *t);

/* An SPRT as its games arrive, in the order they were stored (the order of
 * games.jsonl, so that a resumed match replays the same sequence). Wald's
 * test stops at the first crossing of a bound: that decision is kept even
 * if pairs finished afterwards (games that were running) move the LLR back
 * between the bounds; the LLR and estimates are over every complete pair.
 * A plain value; not thread-safe. */
typedef struct arena_sprt_match {
    arena_pair_tally tally;  /* the tested bot's pairs */
    arena_sprt_status status;/* over every complete pair; status.decision is
                                the first crossing's, status.decided_pairs
                                the pairs counted then */
} arena_sprt_match;

/* Prepares *m for parameters p (checked), the tested bot against
 * opponent, ids below 2 * max_pairs. Returns 0, ARENA_E_INVAL or
 * ARENA_E_NOMEM. Free with arena_sprt_match_free. */
int arena_sprt_match_init(arena_sprt_match *m, const arena_sprt_params *p, int tested,
                          int opponent, int max_pairs);

/* Counts a stored game (arena_pair_tally_add); when it completes a pair
 * the status is recomputed. Returns 1 when a pair completed, else 0. */
int arena_sprt_match_add(arena_sprt_match *m, const arena_game_record *r);

/* Frees what *m owns; m may be NULL. */
void arena_sprt_match_free(arena_sprt_match *m);

/* Half points (0 loss, 1 draw, 2 win) of bot `bot` in game r, -1 when it
 * did not play it. */
int arena_pairs_half_points(const arena_game_record *r, int bot);

#endif
