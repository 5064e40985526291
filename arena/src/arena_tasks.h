/*
 * arena_tasks.h - loa-arena's commands that play nothing themselves:
 * --standings DIR, --html DIR, --merge OUT DIR..., and the league that
 * --add-bot makes (then played by the league run). Each returns the
 * process exit status (docs/arena.md, "Bad input and exit status") and
 * prints its messages. Call from main() only.
 */
#ifndef ARENA_TASKS_H
#define ARENA_TASKS_H

#include "arena_cli.h"

/* Prints "loa-arena: warning: <msg>" on stderr (an arena_warn_fn). */
void arena_warn_stderr(const char *msg, void *user);

/* --standings DIR [--anchor NAME] [--exclude NAME...]: 0, 1 or 2. */
int arena_task_standings(const arena_cli *cli);

/* --html DIR: every replay page and the index: 0, 1 or 2. */
int arena_task_html(const arena_cli *cli);

/* --merge OUT DIR...: 0 complete, 1 games missing or I/O failure, 2
 * different leagues or conflicting games (nothing merged). */
int arena_task_merge(const arena_cli *cli);

/* --add-bot NAME=COMMAND --out DIR: replaces cli->settings by DIR's
 * league with the bots added (extend set). 0, or an exit status. */
int arena_task_add_bots(arena_cli *cli);

#endif
