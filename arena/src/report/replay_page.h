/*
 * report/replay_page.h - the replay pages of a results directory
 * (docs/replay.md), made by the replay component (replay/league.h,
 * replay/replay.h) from the game records the store keeps.
 */
#ifndef ARENA_REPORT_REPLAY_PAGE_H
#define ARENA_REPORT_REPLAY_PAGE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Writes the replay page of game id of results directory dir
 * (docs/replay.md) from its record (game id's whole record, borrowed:
 * arena_store_record): dir/games/<id>.html. Without the replay
 * component (built without LOA_HAVE_REPLAY) does nothing and returns 0.
 * Callers treat a failure as a warning: results are safe in the database
 * and `loa-arena --html DIR` writes the pages again. Returns 0 or a
 * REPLAY_E_* code with err naming the file. Thread-safe for distinct
 * games. */
int arena_replay_page_write(const char *dir, int id, const cJSON *record, char *err,
                            size_t errsz);

/* Writes dir/index.html: the standings (dir/standings.json), the league
 * and the games of lines (games.jsonl objects, borrowed:
 * arena_store_index_lines), of total games in the league. Without the
 * replay component does nothing and returns 0. Returns 0 or a REPLAY_E_*
 * code with err naming the file; callers treat a failure as a warning. */
int arena_replay_index_write(const char *dir, const cJSON *lines, long total, char *err,
                             size_t errsz);

#endif
