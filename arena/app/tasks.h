/*
 * app/tasks.h - loa-arena's commands that play nothing themselves:
 * --standings DIR, --html DIR, --merge OUT DIR..., and the changes of a
 * league (--add-bot, --replace-bot, --retire). Each returns the
 * process exit status (docs/arena.md, "Bad input and exit status") and
 * prints its messages; each takes the request (app/cli.h). And the
 * standings of a store's games, which the league run prints too. Call
 * from main() only.
 */
#ifndef ARENA_APP_TASKS_H
#define ARENA_APP_TASKS_H

#include <stdio.h>

#include "app/cli.h"
#include "store/store.h"

/* Prints "loa-arena: warning: <msg>" on stderr (an arena_warn_fn). */
void arena_warn_stderr(const char *msg, void *user);

/* Prints "<msg>" on stdout, a line (an arena_warn_fn): what the store says
 * as it goes (a bot copied, a change done already). */
void arena_note_stdout(const char *msg, void *user);

/* The standings of league s over every game in store (anchor: the bot
 * index rated 0, -1 for the mean; exclude: NULL, or bots left out with
 * their games) printed on out; with write set, standings.json written by
 * the store and its path printed. Returns 0, ARENA_E_NOMEM, ARENA_E_INVAL
 * (a stored game naming a bot out of range) or ARENA_E_IO (printing or
 * standings.json failed; the latter also said on stderr). */
int arena_task_report(const arena_settings *s, arena_store *store, int anchor,
                      const unsigned char *exclude, int write, FILE *out);

/* The same printout into *text (malloc'd; caller frees), writing no file:
 * a running league's interim standings. Returns 0 or an error as above. */
int arena_task_report_text(const arena_settings *s, const arena_store *store, int anchor,
                           char **text);

/* --standings DIR [--anchor NAME] [--exclude NAME...]: 0, 1 or 2. */
int arena_task_standings(const arena_request *req);

/* --html DIR: every replay page and the index: 0, 1 or 2. */
int arena_task_html(const arena_request *req);

/* Writes dir's pages of a stopped league (app/league_pages.h): the index,
 * a page per bot, the shared viewer and live.js, from st's games (one walk
 * for the standings and the charts; the ARENA_INDEX_GAMES newest and as
 * many newest lost by a fault listed). Returns 0 or an error (err);
 * callers warn. */
int arena_task_index(const arena_store *st, const char *dir, char *err, size_t errsz);

/* --merge OUT DIR...: 0 complete, 1 games missing or I/O failure, 2
 * different leagues or conflicting games (nothing merged). */
int arena_task_merge(const arena_request *req);

/* --add-bot, --replace-bot, --retire NAME --out DIR (app/changes.c): the
 * changes asked of DIR's league (arena_store_request); handed to the arena
 * running it, or applied and played here (arena_league_run). 0, or an exit
 * status. */
int arena_task_changes(arena_request *req);

#endif
