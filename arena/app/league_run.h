/*
 * app/league_run.h - one run of a league (loa-arena without a task): the
 * bots fingerprinted and the results store opened, the schedule's games
 * still to play handed to the runner, each result stored as it comes, then
 * the summary, the standings and the replay pages. Call from main() only
 * (signal handlers, stdout).
 */
#ifndef ARENA_APP_LEAGUE_RUN_H
#define ARENA_APP_LEAGUE_RUN_H

#include "app/cli.h"

/* Plays the league of req->settings (validated, its openings loaded) and
 * returns the process exit status: 0 complete, 1 an I/O failure while
 * running, 2 bad input (a bot changed, the machine lacks what the league
 * needs), 3 a bot failed to start, 130 interrupted. */
int arena_league_run(arena_request *req);

#endif
