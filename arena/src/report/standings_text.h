/*
 * report/standings_text.h - the standings (results/standings.h) as aligned
 * tables, and the standings of a set of finished games computed and
 * printed: at the end of a run, every --rating-interval games, for
 * --standings DIR and after a merge (the caller reads the games from the
 * store and writes the JSON it is given: app/tasks.c).
 *
 * Thread-safe on distinct values and streams.
 */
#ifndef ARENA_REPORT_STANDINGS_TEXT_H
#define ARENA_REPORT_STANDINGS_TEXT_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "league/record.h"
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

/* Computes the standings of league s over count finished games (anchor:
 * the bot index rated 0, -1 for the mean) and prints them on out ("no game
 * finished yet" when none did). exclude (NULL: none) marks bots
 * (exclude[i] != 0) left out with their games, as if they had never
 * played: `--standings DIR --exclude NAME`. With json not NULL, *json gets
 * standings.json's tree (caller owns; cJSON_Delete; NULL on failure).
 * Returns 0, ARENA_E_NOMEM, ARENA_E_INVAL (a game naming a bot out of
 * range) or ARENA_E_IO (printing failed). */
int arena_standings_report(const arena_settings *s, const arena_game_record *records, int count,
                           int anchor, const unsigned char *exclude, FILE *out, cJSON **json);

/* The same printout into *text (malloc'd, NUL-terminated; caller frees):
 * the interim standings of a running league. Returns 0 or an error as
 * above (*text NULL). */
int arena_standings_report_text(const arena_settings *s, const arena_game_record *records,
                                int count, int anchor, char **text);

#endif
