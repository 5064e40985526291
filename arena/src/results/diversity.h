/*
 * results/diversity.h - how many of a pairing's games are different games.
 *
 * Two deterministic bots replay the same game from the same start, so a
 * pairing of 40 games may hold 2 distinct ones; the Elo intervals and
 * likelihoods of superiority assume independent games and are then far too
 * optimistic. Games are told apart by their full move list
 * (arena_game_record.moves_hash: openings included). A pairing is
 * repetitive when fewer than ARENA_DISTINCT_MIN_PERCENT percent of its games
 * (those whose moves are known) are distinct; the standings then mark the
 * intervals unreliable and suggest openings (docs/arena.md).
 *
 * Pure functions on caller-owned arrays: thread-safe.
 */
#ifndef ARENA_RESULTS_DIVERSITY_H
#define ARENA_RESULTS_DIVERSITY_H

#include <stdint.h>

#include "league/record.h"

/* Below this share of distinct games (percent) a pairing is repetitive. */
#define ARENA_DISTINCT_MIN_PERCENT 90

/* A game as its pairing (a < b, bot indices) and its move list's hash:
 * what counting distinct games needs of it, 16 bytes
 * (arena_standings_acc keeps one a game). */
typedef struct arena_game_key {
    uint64_t hash;
    int32_t a, b;
} arena_game_key;

/* r's key into *k: 1, or 0 when r does not count (moves unknown, a bot
 * outside 0..n-1, a game of a bot against itself). */
int arena_game_key_of(const arena_game_record *r, int n, arena_game_key *k);

/* As arena_distinct_games, over count keys (sorted here, in place). */
int arena_distinct_keys(int n, arena_game_key *keys, int count, int *known, int *distinct);

/* Counts, for every pair of the n bots, the games whose moves are known
 * (moves_hash != 0) and the distinct move lists among them, into the n x n
 * row-major arrays known and distinct (symmetric; the diagonal is 0).
 * Records naming a bot outside 0..n-1 are ignored (the standings refuse
 * them first). Returns 0, ARENA_E_INVAL (n outside 1..ARENA_MAX_BOTS, NULL
 * arrays with count > 0) or ARENA_E_NOMEM. */
int arena_distinct_games(int n, const arena_game_record *records, int count, int *known,
                         int *distinct);

/* 1 when a pairing with `known` games of which `distinct` are distinct is
 * repetitive: at least 2 games and distinct < 90% of them. */
int arena_distinct_is_low(int known, int distinct);

#endif
