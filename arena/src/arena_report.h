/*
 * arena_report.h - the standings of a results directory, computed from its
 * stored games and printed (at the end of a run, every --rating-interval
 * games, or for --standings DIR), with standings.json written by the store.
 *
 * Not thread-safe on one store (the store is not); call from the thread
 * that stores results.
 */
#ifndef ARENA_REPORT_H
#define ARENA_REPORT_H

#include <stdio.h>

#include "arena_settings.h"
#include "arena_store.h"

/* Computes the standings of league s over every game in store (anchor: the
 * bot index rated 0, -1 for the mean) and prints them on out; with write
 * set, the store also writes standings.json and its path is printed.
 * exclude (NULL: none) marks bots (exclude[i] != 0) left out with their
 * games, as if they had never played: `--standings DIR --exclude NAME`.
 * Returns 0, ARENA_E_NOMEM, ARENA_E_INVAL (a stored game naming a bot out
 * of range) or ARENA_E_IO (printing or standings.json failed; the latter
 * is also reported on stderr). */
int arena_report_standings(const arena_settings *s, arena_store *store, int anchor,
                           const unsigned char *exclude, int write, FILE *out);

/* The same printout into *text (malloc'd, NUL-terminated; caller frees),
 * writing no file: the interim standings of a running league. Returns 0 or
 * an error as above (*text NULL). */
int arena_report_standings_text(const arena_settings *s, arena_store *store, int anchor,
                                char **text);

#endif
