/*
 * report/standings_json.h - the standings (results/standings.h) as
 * standings.json (schema in docs/arena.md), for tools.
 *
 * A pure function of its arguments: thread-safe on distinct values.
 */
#ifndef ARENA_REPORT_STANDINGS_JSON_H
#define ARENA_REPORT_STANDINGS_JSON_H

#include <cjson/cJSON.h>

#include "league/settings.h"
#include "results/standings.h"

/* The standings as JSON (docs/arena.md, "standings.json"). Caller owns the
 * tree; NULL on out of memory. Infinite ratings are written as the strings
 * "+inf"/"-inf", unknown numbers as null. */
cJSON *arena_standings_to_json(const arena_standings *st, const arena_settings *s);

#endif
