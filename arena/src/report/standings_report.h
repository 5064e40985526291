/*
 * report/standings_report.h - the standings of a set of finished games,
 * computed (results/standings.h) and printed (report/standings_text.h): at
 * the end of a run, every --rating-interval games, for --standings DIR and
 * after a merge. The caller reads the games from the store and writes the
 * standings.json it is given (app/tasks.c).
 *
 * Thread-safe on distinct values and streams.
 */
#ifndef ARENA_REPORT_STANDINGS_REPORT_H
#define ARENA_REPORT_STANDINGS_REPORT_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "league/record.h"
#include "league/settings.h"

/* Computes the standings of league s over the finished games walk gives
 * from source (one pass, results/standings.h's arena_standings_acc: memory
 * does not grow with the records; anchor: the bot index rated 0, -1 for
 * the mean) and prints them on out ("no game finished yet" when none
 * did). exclude (NULL: none) marks bots
 * (exclude[i] != 0) left out with their games, as if they had never
 * played: `--standings DIR --exclude NAME`. With json not NULL, *json gets
 * standings.json's tree (caller owns; cJSON_Delete; NULL on failure).
 * Returns 0, ARENA_E_NOMEM, ARENA_E_INVAL (a game naming a bot out of
 * range), ARENA_E_IO (printing failed) or the walk's own error. */
int arena_standings_report(const arena_settings *s, arena_games_walk_fn walk, void *source,
                           int anchor, const unsigned char *exclude, FILE *out, cJSON **json);

/* The same printout into *text (malloc'd, NUL-terminated; caller frees):
 * the interim standings of a running league. Returns 0 or an error as
 * above (*text NULL). */
int arena_standings_report_text(const arena_settings *s, arena_games_walk_fn walk, void *source,
                                int anchor, char **text);

#endif
