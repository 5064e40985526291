/*
 * loa/timer.h - the clock a bot budgets its turns with.
 *
 * A bot is judged by one of two clocks (docs/referee.md, "Time modes"):
 * CodinGame's wall clock, or, in loa-referee's and loa-arena's
 * `--time-mode cpu`, the CPU time it used. The referee says which in the
 * bot's environment, LOA_TIME_MODE=wall or LOA_TIME_MODE=cpu; loa_now_ms()
 * and loa_now_us() follow it, so that a bot budgeting with them searches as
 * deep on a busy machine as on an idle one when CPU time judges it, and
 * exactly as before when the wall clock does (CodinGame sets no such
 * variable: wall). Thread-safe.
 */
#ifndef LOA_TIMER_H
#define LOA_TIMER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How the bot is judged, read once from the environment's LOA_TIME_MODE:
 * LOA_TIME_CPU for "cpu", LOA_TIME_WALL for anything else or nothing. */
typedef enum loa_time_mode { LOA_TIME_WALL = 0, LOA_TIME_CPU = 1 } loa_time_mode;

/* The environment variable the referee sets (docs/referee.md). */
#define LOA_TIME_MODE_ENV "LOA_TIME_MODE"

/* The mode, from LOA_TIME_MODE at the first call (later changes to the
 * environment are not seen). */
loa_time_mode loa_time_mode_get(void);

/* The judged clock in microseconds since an arbitrary fixed point:
 * LOA_TIME_WALL, CLOCK_MONOTONIC (never jumps with wall-clock changes);
 * LOA_TIME_CPU, CLOCK_PROCESS_CPUTIME_ID (user + system time of every
 * thread of the process, which is what the referee counts; a bot's child
 * processes are counted by the referee but not here). */
int64_t loa_now_us(void);

/* The same in milliseconds. */
int64_t loa_now_ms(void);

/* CLOCK_MONOTONIC in microseconds whatever the mode: for what is not a
 * budget (a seed, the wall time a search took). */
int64_t loa_wall_us(void);

#ifdef __cplusplus
}
#endif
#endif
