/*
 * app/league_run_impl.h - the inside of a league's run, shared by its
 * phases: league_run.c (open, plan, finish), league_play.c (play: the
 * runner and the result callback) and league_live.c (the league changing
 * while it runs). Not part of the app's API.
 */
#ifndef ARENA_APP_LEAGUE_RUN_IMPL_H
#define ARENA_APP_LEAGUE_RUN_IMPL_H

#include <limits.h>

#include "app/cli.h"
#include "app/league_pages.h"
#include "league/schedule.h"
#include "report/progress.h"
#include "results/planner.h"
#include "results/sprt_match.h"
#include "run/load.h"
#include "store/store.h"

typedef struct arena_run arena_run;

/* A run's state, phase to phase. */
struct arena_run {
    const arena_request *req;
    arena_settings *s;         /* the league as it stands: the last of versions */
    arena_settings **versions; /* the league as it changed during the run (a bot
                                  added, replaced, retired; games raised), oldest
                                  first: the runner's games borrow them */
    int nversions;
    int replaced_at[ARENA_MAX_BOTS]; /* the version from which bot b is its
                                  latest build: games of older ones are dropped */
    int replacing[ARENA_MAX_BOTS];   /* replaced by the changes being applied */
    arena_planner *plan;             /* which game next */
    int64_t polled_us;               /* when the changes were last looked for */
    char bin[PATH_MAX];              /* `{bin}`, and the loa-referee of replay lines */
    char out_abs[PATH_MAX];          /* `{out}`: the league's directory, absolute */
    int cores, concurrency;          /* the CPUs we may use; games at once */
    arena_store *store;
    int todo_count, total, done; /* of the league as it stands, in this shard */
    int stop_feeding;            /* no game any more (an SPRT decided, nothing to do) */
    arena_progress *progress;
    arena_load_watch load;                /* oversubscription and turns close to the limit */
    int sprt_live;                        /* an SPRT decides here (not in a shard) */
    arena_sprt_match sprt;                /* its pairs and state */
    int since_report;                     /* games since the last interim standings */
    unsigned char joined[ARENA_MAX_BOTS]; /* added or replaced while the league
                                  ran: failing to start retires it, the league
                                  plays on */
    int start_failed;                     /* a bot failed to start: the league stops (exit 3) */
    int referee_errors, aborted;
    int fatal; /* a game could not be stored: stop */
    char fatal_msg[512];
    arena_live live;  /* the pages' live.js, rewritten as games end */
    int live_warned;  /* a failed write was said once */
    int pages_failed; /* a game's page could not be written: said once,
                                  no game page more this run */
    int interrupts;   /* read by the runner */
    int exit_code;
};

/* Plays run's games still to play on the runner's workers, each result
 * stored as it comes (the play phase), the changes asked of the league
 * applied as they come; sets run->exit_code on a failure. */
void arena_league_play(arena_run *run);

/* ---- league_live.c: a league that changes while it runs (the lowest of
 * the three: league_run.c calls league_play.c and league_live.c,
 * league_play.c calls league_live.c, league_live.c neither) ---- */

/* A warning through the progress display (an arena_warn_fn; progress:
 * the run's arena_progress): the load watch's, a fingerprint's. */
void arena_run_warn(const char *msg, void *progress);

/* The stored games' tally into the progress display (an arena_store_tally
 * callback; user: the run's arena_progress): at open and after a change
 * of the league. Returns 0. */
int arena_run_count_progress(int black, int white, int winner, int faulted, int count, void *user);

/* The league as the store holds it now becomes the run's (a new version;
 * the older stay for the games that borrow them). 0, or 1 after the
 * message (out of memory). */
int arena_run_version(arena_run *run);

/* The planner made (again) for the league as it stands: the stored games,
 * the games in flight, the score of each pairing; run->total, done and
 * todo_count follow. 0, or 1 after the message. */
int arena_run_plan(arena_run *run);

/* What a change applied to the league in dir says, into msg[size]:
 * "Added bot 'v4' to DIR: its pairings are scheduled" (played first when
 * continuous), "Retired bot ...", "Replaced bot ...", or, d->dropped, why
 * it cannot be made any more (a warning's text). */
void arena_run_change_text(const arena_change_done *d, const char *dir, int continuous, char *msg,
                           size_t size);

/* Applies the changes other processes asked for, when some wait (looked
 * for once a second unless force): the league's new version, its bots'
 * fingerprints, the planner and the progress display made again. Returns
 * the number applied (0: none), or -1 after the message. The play phase's
 * (arena_league_play, the runner's tick and feed): run->progress is made. */
int arena_run_poll(arena_run *run, int force);

/* The runner's feed (run/runner.h): the planner's next game, continuous
 * mode's league raised when it must grow. */
int arena_run_feed(arena_game_spec *spec, const arena_settings **league, void *user);

/* 1 when a game of league version s is of a bot replaced since (its
 * result is dropped: the old build's). */
int arena_run_stale(const arena_run *run, const arena_settings *s, int black, int white);

/* Frees the versions and the planner. */
void arena_run_free(arena_run *run);

#endif
