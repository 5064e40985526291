/*
 * loa/timer.h - a monotonic clock for bots' time management.
 *
 * CLOCK_MONOTONIC: never jumps with wall-clock changes, which is what a
 * per-turn deadline needs. Thread-safe.
 */
#ifndef LOA_TIMER_H
#define LOA_TIMER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Milliseconds since an arbitrary fixed point (boot). */
int64_t loa_now_ms(void);

/* Microseconds since the same point. */
int64_t loa_now_us(void);

#ifdef __cplusplus
}
#endif
#endif
