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
 * unique, commands non-empty; every setting within its row's bounds (the
 * settings table, league/setting.h; the time and ply limits by
 * ref_limits_check); games even, at most ARENA_MAX_GAMES in all, the
 * league's past shapes earlier shapes of it; a wall cap or CPU method in
 * cpu mode only; gauntlet_bot and anchor naming listed bots; openings from
 * a file or random plies, not both, random plies fewer than the ply limit,
 * a random order only with a file; with an SPRT, exactly two bots,
 * parameters that pass arena_sprt_check(), and in shards a game count (a
 * shard cannot stop on the whole match's evidence); an output directory.
 * Returns 0 or ARENA_E_CONFIG with err naming the first problem. */
int arena_settings_validate(const arena_settings *s, char *err, size_t errsz);

#endif
