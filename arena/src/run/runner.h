/*
 * run/runner.h - the scheduler: plays a list of scheduled games on a pool
 * of worker threads, each game one call of ref_game_run() (the referee
 * library; no referee process). Finished games come back to the calling
 * thread, one callback per game, in completion order; the runner itself
 * writes nothing (the caller hands results to the store).
 *
 * Feeding: the games come from a list, or from a feed called on the
 * calling thread as workers need them (at most one waiting game per
 * worker), each with the league it is played in: a league that changes
 * while it runs (a bot added) hands newer leagues to newer games.
 *
 * Waiting (fastchess's interrupt signaler): the calling thread sleeps in
 * poll() on an eventfd the workers write when a game is finished or a
 * worker ends, and on the caller's interrupt fd; its only timeout is the
 * progress tick, on the monotonic clock. No flag is polled.
 *
 * Stopping: every byte read from interrupt_fd is one interrupt (the
 * caller's SIGINT handler writes one, a self-pipe). After the first, no new
 * game starts and the running ones end normally; after the second, the
 * running games are stopped at once through ref_config.stop_fd (bots
 * killed, each game handed back with status ARENA_OUTCOME_ABORTED). A
 * result callback returning non-zero stops scheduling like a first
 * interrupt (without counting as one).
 * Workers block SIGINT/SIGTERM/SIGHUP so signals reach the calling thread;
 * the referee resets the mask in the bots it spawns.
 *
 * Affinity (settings->affinity, fastchess's -use-affinity): worker k pins
 * itself to the k-th CPU of the process's allowed set (k modulo its size)
 * before its first game, and the bots it spawns inherit the mask, so a
 * game's referee thread and both bots share one CPU. Why: a turn is a
 * ping-pong between the referee and one bot; on one CPU each hand-over is a
 * context switch, across CPUs a wake-up of another core (an interrupt, and
 * a VM exit in a virtual machine), and with fast bots that dominates
 * (docs/arena.md, "Throughput"). A pin that fails leaves the worker
 * unpinned: affinity changes speed, never results.
 */
#ifndef ARENA_RUN_RUNNER_H
#define ARENA_RUN_RUNNER_H

#include "league/record.h"
#include "league/schedule.h"
#include "league/settings.h"
#include "ref/referee.h"

enum arena_outcome_status {
    ARENA_OUTCOME_OK = 0,           /* a real result: record it */
    ARENA_OUTCOME_ABORTED = 1,      /* stopped by a second interrupt: not a result */
    ARENA_OUTCOME_REFEREE_ERROR = 2 /* the referee could not run it: not a result */
};

/* A finished game, handed to arena_runner_config.on_result. */
typedef struct arena_outcome {
    int status;                   /* ARENA_OUTCOME_* */
    arena_game_record record;     /* spec fields always; result fields whenever
                                   game is non-NULL (arena_record_set_result) */
    ref_game *game;               /* the played game (for its full record), NULL
                                   when the referee could not allocate one.
                                   Made by a worker, whose ownership passes to
                                   the runner with the outcome; on_result
                                   borrows it and the runner frees it
                                   (ref_game_free) when on_result returns. */
    char error[256];              /* what went wrong (REFEREE_ERROR), else "" */
    const arena_settings *league; /* the league it was played in (the feed's,
                                   or the config's settings) */
} arena_outcome;

/* Called on the arena_runner_run() thread for each finished game. Returns 0
 * to go on, non-zero to start no new game (e.g. the results can no longer
 * be stored); running games still end and are handed over. */
typedef int (*arena_result_fn)(const arena_outcome *o, void *user);
/* Called on the same thread about every 200 ms and after each result
 * batch: progress display, load sampling. */
typedef void (*arena_tick_fn)(void *user);

/* Hands the runner its next game (feeding: the games are chosen as they
 * are played, and the league may change between two): *spec, and the
 * league it is played in (*league, borrowed until the game's outcome has
 * been handed to on_result). Called on the arena_runner_run() thread
 * whenever fewer games wait to start than there are workers. Returns 1 (a
 * game), 0 (none now: asked again after the next result or tick) or -1
 * (none any more: the runner ends when the running games are done). */
typedef int (*arena_feed_fn)(arena_game_spec *spec, const arena_settings **league, void *user);

typedef struct arena_runner_config {
    const arena_settings *settings; /* bots, limits (borrowed); with feed, the
                                        first league (its affinity is the run's) */
    const arena_game_spec *games;   /* games to play, in order (borrowed), when
                                        there is no feed */
    int game_count;
    arena_feed_fn feed;  /* NULL: the games above */
    const char *out_dir; /* `{out}` in commands: the league's
                                        directory, absolute (NULL: left as is) */
    int concurrency;     /* worker threads, >= 1 */
    const char *bin_dir; /* `{bin}` in commands */
    int interrupt_fd;    /* readable end of the caller's interrupt pipe
                                        (borrowed, never closed; O_NONBLOCK
                                        advised); -1: no interrupts */
    arena_result_fn on_result;
    arena_tick_fn on_tick; /* optional */
    void *user;
} arena_runner_config;

/* Runs the games; returns when every started game has ended and been
 * passed to on_result (all of them unless stopped). *interrupts (may be
 * NULL) gets the number of interrupts read from interrupt_fd. Returns 0,
 * ARENA_E_INVAL (bad config), ARENA_E_NOMEM or ARENA_E_SYSTEM (a pipe,
 * eventfd or the threads could not be created, or poll failed: then no
 * game ran, or the running ones were stopped and handed over). Call from
 * one thread at a time per config; on_result and on_tick run on the
 * caller's thread only. */
int arena_runner_run(const arena_runner_config *cfg, int *interrupts);

/* The runner's counts as its checker (util/check.h) sees them, under its
 * lock. */
typedef struct arena_runner_counts {
    int threads; /* workers started at most */
    int alive;   /* workers not ended */
    int pending; /* games fed, not started */
    int done;    /* games played, their outcome waiting for on_result */
    int held;    /* games fed, not yet handed back: pending, playing, done */
} arena_runner_counts;

/* The runner's checker: asserts its bounds. At most one game waits to
 * start per worker (pending <= threads); a game plays on a live worker
 * (held - pending - done <= alive <= threads); and the games held, so the
 * outcomes waiting for the calling thread, stay under 3 x threads (a
 * delivery drains the outcomes; until the next one the workers finish at
 * most the games then fed, <= 2 x threads, and the threads fed after it).
 * Called under the runner's lock at each of its transitions (a game fed,
 * played, handed back) in the builds with LOA_CHECKS; aborts on a failure.
 * Pure: also the tests' way to feed it counts a runner cannot reach. */
void arena_runner_check_counts(const arena_runner_counts *c);

/* The CPUs this process may run on (sched_getaffinity), ascending, into
 * cpus[0..max-1]; returns how many (at most max), 0 when they cannot be
 * read. Thread-safe. */
int arena_runner_cpus(int *cpus, int max);

#endif
