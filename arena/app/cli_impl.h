/*
 * app/cli_impl.h - the inside of the command line, shared by cli.c (argv,
 * the league) and cli_tasks.c (what each task takes: --merge, --standings,
 * --html, the changes of a league, the run's options). Not part of the
 * app's API. Not thread-safe, as the command line.
 */
#ifndef ARENA_APP_CLI_IMPL_H
#define ARENA_APP_CLI_IMPL_H

#include <stddef.h>

#include "app/cli.h"
#include "league/setting.h"

#define ROW(id) (&arena_setting_table[ARENA_SETTING_##id])

/* An option that sets the league, kept until the league file is read. */
typedef struct flag {
    const arena_setting *row; /* NULL: --bot */
    const char *name;         /* the option as given ("sandbox-rw") */
    const char *arg;          /* its value, NULL for a flag */
} flag;

/* The options given, in order. */
typedef struct flags {
    flag *v;
    int n;
} flags;

/* Appends a copy of w to the list *v of *n words. 0 or ARENA_E_NOMEM. */
int arena_cli_push_word(char ***v, int *n, const char *w);

/* A change asked of DIR's league: --add-bot NAME=COMMAND, --replace-bot
 * NAME=COMMAND (the words of --bot), --retire NAME, appended to
 * req->changes. 0, ARENA_E_CONFIG or ARENA_E_NOMEM. */
int arena_cli_push_change(arena_request *req, arena_change_op op, const char *arg, char *err,
                          size_t errsz);

/* 1 when an option of row was given (NULL: --bot). */
int arena_cli_has_flag(const flags *f, const arena_setting *row);

/* Option f (a setting, or --bot) into req's league. 0 or an error (err). */
int arena_cli_apply(arena_request *req, const flag *f, char *err, size_t errsz);

/* Every option of f, in order. */
int arena_cli_apply_all(arena_request *req, const flags *f, char *err, size_t errsz);

/* --merge OUT DIR...: the operands from argv[optind], and the options it
 * takes. 0 or ARENA_E_CONFIG, ARENA_E_NOMEM (err). */
int arena_cli_merge_request(arena_request *req, const flags *f, int argc, char **argv, char *err,
                            size_t errsz);

/* What the tasks that read a directory take (--html, --standings, the
 * changes of DIR's league, whose league file becomes DIR/league.json).
 * 0 or ARENA_E_CONFIG, ARENA_E_NOMEM (err). */
int arena_cli_task_options(arena_request *req, const flags *f, char *err, size_t errsz);

/* What the run's options make of the league read (--no-snapshot, continuous
 * mode's interim standings, --retire alone playing nothing). 0 or an error
 * (err). */
int arena_cli_run_options(arena_request *req, char *err, size_t errsz);

#endif
