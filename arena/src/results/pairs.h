/*
 * results/pairs.h - finished games as colour-swapped pairs: the pentanomial
 * counts of every pairing (stats/sprt.h), from a set of records or as
 * games arrive.
 *
 * The schedule (league/schedule.h) numbers the two games of round r of a
 * pairing 2k and 2k+1 (k = round * pairings + pairing), same opening and
 * seed, colours swapped. A pair counts once both games are finished; a
 * lone game (its partner not played yet, or stopped) counts in no bin.
 * Bins are [LL, LD, WL+DD, WD, WW] from one bot's side: its total score
 * over the two games, 0 to 2 in half-point steps.
 */
#ifndef ARENA_RESULTS_PAIRS_H
#define ARENA_RESULTS_PAIRS_H

#include <stdint.h>

#include "league/record.h"
#include "stats/sprt.h"

/* What the pentanomial counts need of a game: 8 bytes, so that a
 * million-game league is counted in 8 MB (arena_standings_acc). */
typedef struct arena_pair_game {
    int32_t id;
    signed char black, white; /* bot indices */
    signed char winner;       /* 0 black, 1 white, -1 a draw */
} arena_pair_game;

/* r's arena_pair_game into *g (bot indices unchecked). */
void arena_pair_game_of(const arena_game_record *r, arena_pair_game *g);

/* Pentanomial counts as arena_pairs_pentanomial's, of count games (sorted
 * by id here, in place). Same results and errors. */
int arena_pairs_pentanomial_games(arena_pair_game *games, int count, int n, int *penta);

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
    int bot;                     /* counted from this bot's side */
    int opponent;                /* the other bot of the pairing */
    int max_pairs;               /* pairs the schedule can hold (ids < 2 * max_pairs) */
    signed char *half;           /* per pair: -1 no game yet; 3 both counted;
                                      else the first finished game: its half
                                      points for `bot` (0..2) | (id % 2) << 2 */
    int penta[ARENA_PENTA_BINS]; /* complete pairs by bin */
    int pairs;                   /* complete pairs */
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

/* Half points (0 loss, 1 draw, 2 win) of bot `bot` in game r, -1 when it
 * did not play it. */
int arena_pairs_half_points(const arena_game_record *r, int bot);

#endif
