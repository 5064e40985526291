/*
 * app/league_run_impl.h - the inside of a league's run, shared by its
 * phases: league_run.c (open, plan, finish) and league_play.c (play: the
 * runner and the result callback). Not part of the app's API.
 */
#ifndef ARENA_APP_LEAGUE_RUN_IMPL_H
#define ARENA_APP_LEAGUE_RUN_IMPL_H

#include <limits.h>

#include "app/cli.h"
#include "app/league_pages.h"
#include "league/schedule.h"
#include "report/progress.h"
#include "results/sprt_match.h"
#include "run/load.h"
#include "store/store.h"

typedef struct arena_run arena_run;

/* A run's state, phase to phase. */
struct arena_run {
    const arena_request *req;
    arena_settings *s;         /* req's league (its steps become the store's) */
    char bin[PATH_MAX];        /* `{bin}`, and the loa-referee of replay lines */
    int cores, concurrency;    /* the CPUs we may use; games at once */
    arena_store *store;
    arena_game_spec *todo;     /* the games still to play, in schedule order */
    int todo_count, total, done; /* in this shard */
    arena_progress *progress;
    arena_load_watch load;     /* oversubscription and turns close to the limit */
    int sprt_live;             /* an SPRT decides here (not in a shard) */
    arena_sprt_match sprt;     /* its pairs and state */
    int since_report;          /* games since the last interim standings */
    int start_failed;          /* a bot failed to start: the league stops (exit 3) */
    int referee_errors, aborted;
    int fatal;                 /* a game could not be stored: stop */
    char fatal_msg[512];
    arena_live live;           /* the pages' live.js, rewritten as games end */
    int live_warned;           /* a failed write was said once */
    int interrupts;            /* read by the runner */
    int exit_code;
};

/* Plays run's games still to play on the runner's workers, each result
 * stored as it comes (the play phase); sets run->exit_code on a failure. */
void arena_league_play(arena_run *run);

#endif
