/*
 * league/settings_check.h - a league's settings judged as a whole: what no
 * single setting can say alone (two bots at least, unique names, games
 * even, openings from one source, an SPRT between two bots...). Pure: the
 * machine is not asked (whether bubblewrap is installed, whether a cgroup
 * can be made: app/league_run.c's open phase asks, before anything runs).
 *
 * Thread-safe on distinct values.
 */
#ifndef ARENA_LEAGUE_SETTINGS_CHECK_H
#define ARENA_LEAGUE_SETTINGS_CHECK_H

#include <stddef.h>

#include "league/settings.h"

/* Checks the league as a whole: 2..ARENA_MAX_BOTS bots, names valid and
 * unique, commands non-empty, games even and in 2..1000000, at most
 * ARENA_MAX_GAMES games in all, concurrency in
 * 0..256, limits in 1..3600000 ms, plies in 1..100000, gauntlet_bot and
 * anchor naming listed bots, an output directory; openings from a file or
 * random plies, not both; random plies in 1..REF_OPENING_MAX (100) and
 * fewer than the ply limit; a random order only with a file; with an SPRT,
 * exactly two bots and parameters that pass arena_sprt_check(); a rating
 * interval in 0..ARENA_MAX_GAMES; a shard K/N with 0 <= K < N, and an SPRT
 * in shards only with a game count (a shard cannot stop on the whole
 * match's evidence). Returns 0 or
 * ARENA_E_CONFIG with err naming the first problem. */
int arena_settings_validate(const arena_settings *s, char *err, size_t errsz);

#endif
