/*
 * league/schedule.h - which games a league plays: pairings, colours, seeds.
 *
 * A pairing is an unordered pair of bots that meet (round-robin: every
 * pair; gauntlet: the gauntlet bot with each other bot). Games per pairing
 * are played in colour-swapped pairs on the same seed: round r (0-based) of
 * a pairing is the game pair 2r (first bot black) and 2r+1 (second bot
 * black). Games are numbered round by round, pairing by pairing:
 *   id = (round * pairings + pairing) * 2 + swap
 * so raising the games per pairing only appends ids (an existing league
 * extends without renumbering) and a league stopped early has played every
 * pairing about equally.
 *
 * Game seeds: seed(round) = arena_seed_derive(master, round) (core/seed.h),
 * shared by all pairings of a round, so every bot meets the same `random`
 * draws in the same round.
 *
 * Pure functions of their arguments: thread-safe.
 */
#ifndef ARENA_LEAGUE_SCHEDULE_H
#define ARENA_LEAGUE_SCHEDULE_H

#include <stdint.h>

#include "core/seed.h"
#include "league/settings.h"

/* One scheduled game. Bot fields are indices into the league's bots. */
typedef struct arena_game_spec {
    int id;       /* 0-based, see above */
    int round;    /* 0 .. games/2 - 1 */
    int pairing;  /* 0 .. pairings - 1 */
    int black;    /* bot playing black (p1, moves first) */
    int white;    /* bot playing white (p2) */
    int64_t seed; /* the game's seed for `random` */
    int opening;  /* the round's opening: an index into the league's table
                      (arena_openings_get), -1 for none. Both games of a
                      colour-swapped pair (ids 2k, 2k+1) share it. */
} arena_game_spec;

/* Number of pairings: n(n-1)/2 for round-robin, n-1 for a gauntlet; 0 when
 * bot_count < 2. */
int arena_pairing_count(arena_format format, int bot_count);

/* The two bots of pairing p (*a < *b for round-robin; *a = the gauntlet
 * bot for a gauntlet). Returns 0 or ARENA_E_INVAL for p out of range. */
int arena_pairing_bots(arena_format format, int bot_count, int gauntlet, int p, int *a, int *b);

/* Total number of games: pairings * games_per_pairing. */
int64_t arena_schedule_size(arena_format format, int bot_count, int games_per_pairing);

/* The game with the given id (opening -1: the table is the league's, see
 * arena_schedule_build). Returns 0 or ARENA_E_INVAL (id out of range,
 * bot_count < 2, games_per_pairing odd or < 2, gauntlet out of range). */
int arena_schedule_game(arena_format format, int bot_count, int gauntlet, int games_per_pairing,
                        int64_t master_seed, int id, arena_game_spec *out);

/* A league that gained bots (arena_settings.steps) keeps every id it had:
 * its schedule is blocks appended in order, each numbered like a league of
 * its own (the formula above, from the block's first id): the first
 * shape's games; then for each change, the new rounds of the pairings that
 * existed (games raised), then every round of the new pairings (a bot
 * added). A round's seed and opening are the same in every block, so an
 * added bot meets the same starts as the others did. Without steps this is
 * exactly the formula above. Pairings are numbered in the league's order:
 * the first shape's (formula above), then each added bot x's pairings
 * (round-robin: (0,x), (1,x), ..., (x-1,x); gauntlet: the gauntlet bot
 * against x, as the formula gives). */

/* The two bots of pairing p of league s (its order, above). Returns 0 or
 * ARENA_E_INVAL (p out of range). */
int arena_league_pairing(const arena_settings *s, int p, int *a, int *b);

/* Total number of games of league s (every block). */
int64_t arena_schedule_total(const arena_settings *s);

/* Game id of league s (opening -1: see arena_schedule_build). Returns 0
 * or ARENA_E_INVAL (id out of range, games odd). */
int arena_schedule_spec(const arena_settings *s, int id, arena_game_spec *out);

/* 1 if game id belongs to the shard of s (settings shard K/N: the pair
 * k = id / 2 with k % N == K, so both games of a colour-swapped pair are
 * in one shard), always 1 without shards. */
int arena_shard_has(const arena_settings *s, int id);

/* Games of the league's schedule in the shard of s (all without shards). */
int64_t arena_shard_size(const arena_settings *s);

/* A run of ids of league s (its blocks, above): rounds [r_lo, r_hi) of the
 * pairings [p_lo, p_hi) of the league's pairing order, numbered as a league
 * of its own from base: id = base + ((round - r_lo) * (p_hi - p_lo) +
 * (pairing - p_lo)) * 2 + swap. A pairing's games in id order are its
 * blocks in order, each round by round: so a planner walks a league's
 * games lazily, memory by blocks and pairings, not by games. */
typedef struct arena_schedule_block {
    int64_t base;
    int p_lo, p_hi, r_lo, r_hi;
} arena_schedule_block;

/* Most blocks of a league: the first shape's, then two per change. */
#define ARENA_SCHEDULE_MAX_BLOCKS (2 * ARENA_MAX_STEPS + 1)

/* The blocks of league s in id order (none empty) into
 * out[0 .. ARENA_SCHEDULE_MAX_BLOCKS - 1]; returns how many (0 for a league
 * of fewer than two bots). Pure: thread-safe. */
int arena_schedule_blocks(const arena_settings *s, arena_schedule_block *out);

/* The games of pairing (in [b->p_lo, b->p_hi)) in block b of league s
 * that are in its shard (arena_shard_has), of rounds below round_cap
 * (-1: all): arithmetic without shards, a walk over the block's rounds
 * with them. Pure: thread-safe. */
int arena_block_games(const arena_settings *s, const arena_schedule_block *b, int pairing,
                      int round_cap);

/* The games of league s in its shard whose two bots are neither retired
 * nor excluded (exclude[bot] nonzero; NULL: none): counted by blocks and
 * pairings, not over the ids (a league may schedule 10^8 games). Pure:
 * thread-safe. */
int64_t arena_schedule_active_games(const arena_settings *s, const unsigned char *exclude);

/* The whole schedule of a league in id order, each game with its round's
 * opening (arena_openings_for_round of s->openings, -1 without a table):
 * *out (malloc'd, caller frees) gets *count games. Returns 0, ARENA_E_INVAL (as above, or more than
 * INT32_MAX games) or ARENA_E_NOMEM. */
int arena_schedule_build(const arena_settings *s, arena_game_spec **out, int *count);

#endif
