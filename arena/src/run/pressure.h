/*
 * run/pressure.h - how overloaded the machine was a moment ago, so that a
 * wall-clock timeout that happened while it was can be marked "under load"
 * (docs/arena.md, "Time losses and the machine's load").
 *
 * Source, best first:
 * - Linux PSI, /proc/pressure/cpu (Linux 4.20, when the kernel enables it):
 *   "some total=" is the time, in us, during which a runnable task waited
 *   for a CPU, each CPU's share averaged over the online CPUs weighted by
 *   their busy time (kernel/sched/psi.c, collect_percpu_times). Its growth
 *   over a window divided by the window is that share of the window.
 * - Otherwise the runnable tasks of /proc/loadavg's fourth field ("3/412":
 *   3 running or waiting for a CPU, this sampler included), averaged over
 *   the samples in the window. Coarser: it sees the moments of the samples
 *   only.
 * Both are the machine's, and the arena's games run on the CPUs the process
 * may use (its affinity mask: `taskset -c 0 loa-arena`), maybe a few of
 * many: the verdict (arena_pressure_judge) takes the worst case, all of the
 * machine's waiting on those CPUs. Judged on the online CPUs, one CPU of 16
 * fully contended would be a PSI share of 6%, never "under load".
 * The caller samples on its progress tick (about every 200 ms) and asks
 * about the last second when a timeout comes in.
 *
 * A plain value used on one thread (the arena's results thread).
 */
#ifndef ARENA_RUN_PRESSURE_H
#define ARENA_RUN_PRESSURE_H

#include <stdint.h>

#include "league/pressure_source.h"

/* PSI "some" share of a window from which the machine counts as overloaded. */
#define ARENA_PRESSURE_PSI_LOADED 0.20
/* The shortest span a PSI measure may cover (a league younger than the
 * window is judged on what it has, from this much on). */
#define ARENA_PRESSURE_MIN_SPAN_US 100000
/* Samples kept (at one per tick of 200 ms: 12 s). */
#define ARENA_PRESSURE_SAMPLES 64

typedef struct arena_pressure {
    arena_pressure_source source;
    char psi_path[256], loadavg_path[256];
    int cores;  /* the CPUs the process may use (the games') */
    int online; /* the machine's online CPUs (PSI's average), >= cores */
    struct {
        int64_t t_us; /* when (monotonic, us) */
        double v;     /* PSI: "some total" us; runnable: tasks running or waiting */
    } ring[ARENA_PRESSURE_SAMPLES];
    int head, n; /* next slot; samples held */
} arena_pressure;

/* Fills *p: psi_path and loadavg_path (NULL: /proc/pressure/cpu and
 * /proc/loadavg; tests give their own files), cores the CPUs the process
 * may use (< 1: read from its affinity mask, util_cpu_count), online the
 * machine's (sysconf, at least cores). Picks the source: PSI when its file
 * reads and parses, else the runnable count when loadavg does, else none. */
void arena_pressure_init(arena_pressure *p, const char *psi_path, const char *loadavg_path,
                         int cores);

/* The verdict on a measure of source over a window (arena_pressure_loaded's
 * *value), for games on `cores` of the machine's `online` CPUs: 1
 * overloaded, 0 not (-1 for ARENA_PRESSURE_NONE). At worst the machine's
 * waiting was all on those CPUs: a PSI share counts online / cores times
 * (capped at 1), loaded from ARENA_PRESSURE_PSI_LOADED; runnable tasks are
 * loaded when more than cores. cores and online below 1 count as 1, online
 * below cores as cores. Pure. */
int arena_pressure_judge(arena_pressure_source source, double value, int online, int cores);

/* Takes a sample at now_us (monotonic us, e.g. loa_wall_us()). Samples
 * closer than 50 ms to the previous one are skipped. */
void arena_pressure_sample(arena_pressure *p, int64_t now_us);

/* How loaded the last window_us before now_us were (a fresh sample is taken
 * first): *value is the PSI share (0..1, the machine's) or the mean
 * runnable tasks, and the result arena_pressure_judge's 1 (overloaded) or
 * 0 (not), or -1 (unknown: no source; PSI samples
 * spanning less than ARENA_PRESSURE_MIN_SPAN_US, or none between the
 * window's start and twice the window back; no runnable sample in the
 * window). */
int arena_pressure_loaded(arena_pressure *p, int64_t now_us, int64_t window_us, double *value);

#endif
