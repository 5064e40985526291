/*
 * report/replay_page.h - the replay pages of a results directory
 * (docs/replay.md), made by the replay component (replay/league.h) from
 * the game records the store wrote.
 */
#ifndef ARENA_REPORT_REPLAY_PAGE_H
#define ARENA_REPORT_REPLAY_PAGE_H

#include <stddef.h>

/* Writes a replay page of results directory dir (docs/replay.md): for
 * id >= 0 the page of game id beside its record (dir/games/<id>.html), for
 * id < 0 the index, dir/index.html. Without the replay component (built
 * without LOA_HAVE_REPLAY) does nothing and returns 0. Callers treat a
 * failure as a warning: results are safe in games.jsonl and `loa-arena
 * --html DIR` writes the pages again. Returns 0 or a REPLAY_E_* code with
 * err naming the file. Thread-safe for distinct games. */
int arena_replay_page_write(const char *dir, int id, char *err, size_t errsz);

#endif
