/*
 * league/openings.h - the openings of a league: where each colour-swapped
 * pair of games starts, so that deterministic bots play different games
 * (docs/arena.md, "Openings").
 *
 * An opening is a sequence of legal plies from the initial position that
 * leaves no side connected (ref_opening_check, the referee's rule); the
 * referee applies it before the bots play (ref_config.opening). A table
 * comes from either
 *   - a file (arena_openings_load): one opening per line, moves separated by
 *     spaces (or commas), '#' starts a comment, blank lines are skipped;
 *     used in file order or shuffled from the master seed
 *     (arena_openings_shuffle); or
 *   - random plies (arena_openings_random): round r's opening is N plies
 *     drawn uniformly among the legal moves that do not win, from round r's
 *     game seed (arena_seed_derive), redrawn (up to 64 times, from seeds
 *     derived from it) while it repeats an earlier round's.
 * Round r of every pairing plays opening arena_openings_for_round(o, r):
 * both games of the round's colour-swapped pair share it, and the table
 * wraps around when the league has more rounds than openings.
 *
 * arena_openings is an opaque handle owning its table; reading it is
 * thread-safe (the runner's workers share one), changing it is not.
 */
#ifndef ARENA_LEAGUE_OPENINGS_H
#define ARENA_LEAGUE_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "loa/loa.h"
#include "ref/referee.h"

/* An opening table (opaque; see above). */
typedef struct arena_openings arena_openings;

/* Longest openings file read, in bytes. */
#define ARENA_OPENINGS_FILE_MAX (16 * 1024 * 1024)
/* Attempts at a random opening not yet in the league before a repeat is
 * accepted (fewer distinct openings exist than rounds). */
#define ARENA_OPENING_ATTEMPTS 64

/* Reads an openings file. Returns 0 and *out (free with
 * arena_openings_free), ARENA_E_PARSE (unreadable, too large, NUL bytes,
 * or no opening at all: err names the file), ARENA_E_CONFIG (a bad line:
 * err is "FILE:LINE: ply N 'MOVE': why", from ref_opening_parse) or
 * ARENA_E_NOMEM. */
int arena_openings_load(const char *path, arena_openings **out, char *err, size_t errsz);

/* Generates rounds openings of plies random plies each (see above) from
 * the league's master seed. plies in 1..REF_OPENING_MAX, rounds >= 1.
 * Deterministic, and the first k openings do not depend on rounds (a
 * league that grows keeps its openings). Returns 0 and *out, ARENA_E_INVAL
 * (bad plies or rounds), ARENA_E_CONFIG (no position plies plies deep is
 * unwon on any attempt: err says so) or ARENA_E_NOMEM. */
int arena_openings_random(int64_t master_seed, int rounds, int plies, arena_openings **out,
                          char *err, size_t errsz);

/* Puts the openings in an order shuffled from master_seed (Fisher-Yates
 * driven by SplitMix64; the same seed gives the same order everywhere).
 * Returns 0 or ARENA_E_INVAL (NULL). */
int arena_openings_shuffle(arena_openings *o, int64_t master_seed);

/* Number of openings. */
int arena_openings_count(const arena_openings *o);

/* Opening i (0 <= i < count; in the table's own order, before shuffling):
 * sets *moves to its plies (owned by o) and returns their number, or -1
 * for i out of range. */
int arena_openings_get(const arena_openings *o, int i, const loa_move **moves);

/* Opening i as text, moves separated by single spaces (ref_opening_format);
 * "" for i out of range. Returns buf. */
char *arena_openings_text(const arena_openings *o, int i, char *buf, size_t size);

/* The opening (index for arena_openings_get) of round `round` (>= 0):
 * the round's slot in the (possibly shuffled) order, wrapping around. -1
 * for a NULL o or a negative round. */
int arena_openings_for_round(const arena_openings *o, int round);

/* SHA-256 of the table (every opening's text, in table order, each ended by
 * a newline) as 64 hex digits: league.json keeps it so that an edited
 * openings file is a different league. Returns 0 or ARENA_E_NOMEM. */
int arena_openings_digest(const arena_openings *o, char hex[65]);

/* A deep copy (NULL for NULL or out of memory). */
arena_openings *arena_openings_copy(const arena_openings *o);

/* Frees the table. NULL is a no-op. */
void arena_openings_free(arena_openings *o);

#endif
