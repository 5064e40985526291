/*
 * arena_runner.h - plays a list of scheduled games on a pool of worker
 * threads, each game one call of ref_game_run() (the referee library; no
 * referee process). Results come back to the calling thread, one callback
 * per finished game, in completion order.
 *
 * Stopping: the caller passes a counter of interrupts (bumped by its SIGINT
 * handler). At 1 no new game starts and the running ones end normally; at
 * 2 the running games are stopped through ref_config.stop (bots killed,
 * the game reported with status ARENA_OUTCOME_ABORTED, nothing written).
 * Workers block SIGINT/SIGTERM/SIGHUP so signals reach the calling thread;
 * the referee resets the mask in the bots it spawns.
 */
#ifndef ARENA_RUNNER_H
#define ARENA_RUNNER_H

#include <signal.h>

#include "arena_config.h"
#include "arena_schedule.h"
#include "arena_store.h"

enum arena_outcome_status {
    ARENA_OUTCOME_OK = 0,           /* a real result: record it */
    ARENA_OUTCOME_ABORTED = 1,      /* stopped by a second interrupt: not a result */
    ARENA_OUTCOME_REFEREE_ERROR = 2 /* the referee could not run it: not a result */
};

/* A finished game, handed to arena_runner_config.on_result. */
typedef struct arena_outcome {
    int status;                 /* ARENA_OUTCOME_* */
    arena_game_record record;   /* filled for every status */
    int record_written;         /* 1 if games/<id>.json was written */
    char error[256];            /* what went wrong (referee error, record file) */
} arena_outcome;

/* Called on the arena_runner_run() thread for each finished game. */
typedef void (*arena_result_fn)(const arena_outcome *o, void *user);
/* Called on the same thread about every 200 ms and after each result
 * batch: progress display, load sampling. */
typedef void (*arena_tick_fn)(void *user);

typedef struct arena_runner_config {
    const arena_settings *settings;  /* bots, limits (borrowed) */
    const arena_game_spec *games;    /* games to play, in order (borrowed) */
    int game_count;
    int concurrency;                 /* worker threads, >= 1 */
    const char *bin_dir;             /* `{bin}` in commands */
    const char *records_dir;         /* DIR/games for <id>.json; NULL: none */
    const volatile sig_atomic_t *interrupts; /* see above; NULL: never */
    arena_result_fn on_result;
    arena_tick_fn on_tick;           /* optional */
    void *user;
} arena_runner_config;

/* Runs the games; returns when every started game has ended and been
 * passed to on_result (all of them unless interrupted). Returns 0,
 * ARENA_E_INVAL (bad config), ARENA_E_NOMEM or ARENA_E_SYSTEM (threads
 * could not be created: then no game ran). Call from one thread at a time
 * per config; on_result and on_tick run on the caller's thread only. */
int arena_runner_run(const arena_runner_config *cfg);

/* Fills the record's game fields from a spec (no result yet). */
void arena_record_from_spec(arena_game_record *r, const arena_game_spec *g);

#endif
