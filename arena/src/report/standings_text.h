/*
 * report/standings_text.h - the standings (results/standings.h) as aligned
 * tables.
 *
 * Thread-safe on distinct values and streams.
 */
#ifndef ARENA_REPORT_STANDINGS_TEXT_H
#define ARENA_REPORT_STANDINGS_TEXT_H

#include <stdio.h>

#include "league/settings.h"
#include "results/standings.h"

/* Prints the standings table, the distinct-games line (or the warning
 * naming the repetitive pairings, whose bots' intervals and likelihoods
 * are marked '?'), the game pairs of each pairing (pentanomial counts and
 * the Elo from them; arena_standings_print_pairs), the SPRT's block for an
 * SPRT match, the score matrix, the distinct-games matrix (when some
 * game's moves are known; '!' marks a repetitive pairing) and the LOS
 * matrix, with column widths fitted to the names. Returns 0 or
 * ARENA_E_IO. */
int arena_standings_print(const arena_standings *st, const arena_settings *s, FILE *out);

/* The game-pairs section: for every pairing with a complete pair, its
 * pairs, pentanomial counts, Elo with its 95% interval (from the variance
 * of pair scores), nElo and LOS, from the pairing's first bot's side;
 * pairings listed in schedule order, at most ARENA_PAIRS_PRINT_MAX of
 * them (then a pointer to standings.json). Prints nothing without a
 * complete pair. Returns 0 or ARENA_E_IO. */
int arena_standings_print_pairs(const arena_standings *st, const arena_settings *s, FILE *out);
#define ARENA_PAIRS_PRINT_MAX 45

#endif
