/*
 * report/replay_page.h - the replay pages of a results directory
 * (docs/replay.md), made by the replay component (replay/league.h,
 * replay/replay.h) from the game records the store keeps.
 */
#ifndef ARENA_REPORT_REPLAY_PAGE_H
#define ARENA_REPORT_REPLAY_PAGE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Writes a replay page of results directory dir (docs/replay.md): with a
 * record (game id's whole record, borrowed: arena_store_record) its page,
 * dir/games/<id>.html; with record NULL the index, dir/index.html (from the
 * exports games.jsonl, standings.json, league.json). Without the replay
 * component (built without LOA_HAVE_REPLAY) does nothing and returns 0.
 * Callers treat a failure as a warning: results are safe in the database
 * and `loa-arena --html DIR` writes the pages again. Returns 0 or a
 * REPLAY_E_* code with err naming the file. Thread-safe for distinct
 * games. */
int arena_replay_page_write(const char *dir, int id, const cJSON *record, char *err,
                            size_t errsz);

#endif
