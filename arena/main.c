/*
 * loa-arena - runs a league of LOA bots through the referee library, in
 * worker threads, with resumable results and Elo standings: the command
 * line read (app/cli.h), then a task (app/tasks.h) or the league's run
 * (app/league_run.h). Usage: --help; user documentation: docs/arena.md.
 *
 * Exit status: 0 the league is complete (or --standings printed), 1 an I/O
 * failure while running (results so far are kept), 2 bad input or a bot
 * changed since its games were played (nothing played), 3 a bot failed to
 * start (without --keep-going; results so far are kept), 130 interrupted
 * by Ctrl-C (results so far are kept). `loa-arena import` has its own
 * (app/import.h).
 */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "app/import.h"
#include "app/league_run.h"
#include "app/serve.h"
#include "app/tasks.h"
#include "loa/loa.h"
#include "ref/referee.h"

/* The task of req, or the run. Returns the exit status. */
static int dispatch(arena_request *req)
{
    switch (req->task) {
    case ARENA_TASK_HELP: arena_cli_usage(stdout); return 0;
    case ARENA_TASK_VERSION:
        printf("loa-arena %d.%d.%d\n", LOA_VERSION_MAJOR, LOA_VERSION_MINOR, LOA_VERSION_PATCH);
        return 0;
    /* serving starts no process: no referee (and no watchdog) */
    case ARENA_TASK_SERVE: return arena_task_serve(req);
    default: break;
    }
    if (ref_global_init()) {
        fprintf(stderr, "loa-arena: cannot initialise the referee: %s\n",
                ref_strerror(REF_E_SYSTEM));
        return 1;
    }
    switch (req->task) {
    case ARENA_TASK_STANDINGS: return arena_task_standings(req);
    case ARENA_TASK_HTML: return arena_task_html(req);
    case ARENA_TASK_MERGE: return arena_task_merge(req);
    case ARENA_TASK_CHANGE: return arena_task_changes(req);
    default: return arena_league_run(req);
    }
}

int main(int argc, char **argv)
{
    arena_request req;
    char err[1024];
    int code = 2;
    if (argc > 1 && strcmp(argv[1], "import") == 0)
        return arena_import_main(argc - 1, argv + 1);
    if (arena_cli_parse(argc, argv, &req, err, sizeof err))
        fprintf(stderr, "loa-arena: %s\n", err);
    else
        code = dispatch(&req);
    arena_cli_clear(&req);
    return code;
}
