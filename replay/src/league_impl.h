/*
 * league_impl.h - shared by league.c (a league's data from its files and
 * games) and league_site.c (the league's pages and live.js written).
 */
#ifndef REPLAY_LEAGUE_IMPL_H
#define REPLAY_LEAGUE_IMPL_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "replay/league.h"

/* The data of DIR's index and bot pages (index.js's loaLeague argument):
 * {dir, running, updated (Unix seconds), games (the rows of d->lines, a
 * link only to a page that exists), standings (d's, else
 * DIR/standings.json, else null), league (DIR/league.json or null), total,
 * dashboard (d's or null)}. *out: the caller owns it. Returns 0,
 * REPLAY_E_LEAGUE, REPLAY_E_TOO_BIG, REPLAY_E_NOMEM or REPLAY_E_IO. */
int league_data_build(const char *dir, const replay_league_data *d, cJSON **out, char *err,
                      size_t errsz);

#endif
