/*
 * loa-arena - runs a league of LOA bots through the referee library, in
 * worker threads, with resumable results and Elo standings.
 * Usage: app/cli.c (--help); user documentation: docs/arena.md.
 *
 * Exit status: 0 the league is complete (or --standings printed), 1 an I/O
 * failure while running (results so far are kept), 2 bad input or a bot
 * changed since its games were played (nothing played), 3 a bot failed to
 * start (without --keep-going; results so far are kept), 130 interrupted
 * by Ctrl-C (results so far are kept).
 */
#include <stdio.h>

#include "app/cli.h"
#include "app/league_run.h"
#include "app/tasks.h"
#include "loa/loa.h"
#include "ref/referee.h"

int main(int argc, char **argv)
{
    arena_cli cli;
    char err[1024];
    int rc = arena_cli_parse(argc, argv, &cli, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-arena: %s\n", err);
        arena_cli_clear(&cli);
        return 2;
    }
    if (cli.help) {
        arena_cli_usage(stdout);
        arena_cli_clear(&cli);
        return 0;
    }
    if (cli.version) {
        printf("loa-arena %d.%d.%d\n", LOA_VERSION_MAJOR, LOA_VERSION_MINOR, LOA_VERSION_PATCH);
        arena_cli_clear(&cli);
        return 0;
    }
    if (ref_global_init()) {
        fprintf(stderr, "loa-arena: cannot initialise the referee: %s\n",
                ref_strerror(REF_E_SYSTEM));
        arena_cli_clear(&cli);
        return 1;
    }
    int code = cli.add_bot_count ? arena_task_add_bots(&cli) : 0;
    if (code) {
        arena_cli_clear(&cli);
        return code;
    }
    code = cli.merge_out           ? arena_task_merge(&cli)
               : cli.html_dir      ? arena_task_html(&cli)
               : cli.standings_dir ? arena_task_standings(&cli)
                                   : arena_league_run(&cli);
    arena_cli_clear(&cli);
    return code;
}
