/*
 * league_impl.h - league.c's data of a league (from its files and games),
 * used by league_site.c (the league's pages and live.js written) and
 * league_write.c (the entry points that write them): league.c calls
 * neither.
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

/* Reads DIR/name as JSON text: 0 and *text (the caller frees; *len its
 * length), 1 when the file does not exist, or REPLAY_E_NOMEM,
 * REPLAY_E_TOO_BIG (over REPLAY_LEAGUE_FILE_MAX), REPLAY_E_IO (errno set)
 * with err naming the file. */
int league_read_optional(const char *dir, const char *name, char **text, size_t *len, char *err,
                         size_t errsz);

/* games.jsonl's text[0..len) as a new array of its lines (the caller
 * frees); lines that are not JSON are skipped (the arena itself warns about
 * them). NULL on out of memory. */
cJSON *league_games_lines(const char *text, size_t len);

/* The index's rows of games.jsonl lines (a new array; NULL lines: none);
 * lines that are not games are skipped. NULL on out of memory. */
cJSON *league_games_rows(const cJSON *lines);

#endif
