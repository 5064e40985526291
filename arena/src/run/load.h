/*
 * run/load.h - the machine's load while a league runs: the 1-minute load
 * average against the CPUs the process may use, and a warning (once per bot) when a bot's
 * turns come close to its limit on an oversubscribed machine, where time
 * losses may be the load's, not the bot's.
 *
 * And the CPU pressure (run/pressure.h), sampled on every progress tick,
 * that marks a wall-clock timeout "under load" when the machine was
 * overloaded as it happened.
 *
 * A plain value used on the thread that stores results; not thread-safe.
 */
#ifndef ARENA_RUN_LOAD_H
#define ARENA_RUN_LOAD_H

#include <stdint.h>

#include "core/error.h"
#include "league/record.h"
#include "league/settings.h"
#include "run/pressure.h"

typedef struct arena_load_watch {
    const arena_settings *s;    /* borrowed: limits and names */
    arena_warn_fn warn;         /* where warnings go (the progress display) */
    void *warn_user;            /* warn's user */
    int cores;                  /* the CPUs the process may use (its affinity
                                   mask, util_cpu_count), not all online */
    int concurrency;            /* games at once */
    double load;                /* last 1-minute load average, -1 unknown */
    int64_t sampled_us;         /* when it was read (loa_now_us), 0 never */
    int warned[ARENA_MAX_BOTS]; /* a bot already warned about */
    int close_calls;            /* turns near the limit while oversubscribed */
    arena_pressure pressure;    /* CPU pressure samples */
} arena_load_watch;

/* The window before a result that decides "under load": the timed-out
 * turn (at most a limit plus the bots' ending, 300 ms) lies in it. */
#define ARENA_LOAD_WINDOW_US 1000000

/* Fills *w (s borrowed; it must outlive it; warn gets warn_user; cores
 * the CPUs the process may use, < 1 read from its affinity mask) and
 * samples the load once. */
void arena_load_watch_init(arena_load_watch *w, const arena_settings *s, arena_warn_fn warn,
                           void *warn_user, int cores, int concurrency);

/* Reads the load average again if the last sample is 5 s old or more, and
 * samples the CPU pressure (call it on every progress tick). */
void arena_load_sample(arena_load_watch *w);

/* A finished game whose result is a timeout the wall clock decided (wall
 * mode's, or CPU mode's wall-clock cap reached while the bot had used less
 * CPU than its limit: r->capped; CPU mode's other timeouts the load cannot
 * cause): sets r->under_load, r->pressure and r->pressure_source from the
 * pressure of the last ARENA_LOAD_WINDOW_US. Other results keep under_load
 * -1. */
void arena_load_mark(arena_load_watch *w, arena_game_record *r);

/* Looks at a finished game: on an oversubscribed machine (more games than
 * cores, or a load above cores + 0.5), a side whose turn took 80% of its
 * limit or more, or that timed out, counts as a close call (in cpu mode,
 * only a timeout at the wall-clock cap, r->capped: the load cannot cause
 * another), and its bot is warned about once (w->warn). */
void arena_load_check_game(arena_load_watch *w, const arena_game_record *r);

#endif
