/*
 * turn_clock.h - how a turn's time is judged (internal): the referee owns
 * the clock. Wall-clock mode is CodinGame's (the time from the end of
 * writing the input to the answer's newline); CPU mode judges the bot's
 * CPU time over the same interval (cpu.h) and caps the wall-clock time.
 * Both accept an answer late by at most the time margin as "late".
 * docs/referee.md, "Time modes", is the user's description.
 *
 * Used by the one-game referee (game.c) on the game's thread; it reads
 * bots only through bot.h.
 */
#ifndef REF_TURN_CLOCK_H
#define REF_TURN_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "bot.h"
#include "ref/referee.h"

/* The verdict on a turn's time once its answer line arrived. */
typedef enum ref_clock_verdict {
    REF_CLOCK_ON_TIME, /* within the turn's limit */
    REF_CLOCK_LATE,    /* over the limit, within the margin: accepted, counted */
    REF_CLOCK_OVER     /* beyond limit + margin: a timeout */
} ref_clock_verdict;

/* What ran out when no line came in time. */
typedef enum ref_clock_why {
    REF_CLOCK_WALL, /* wall mode: the wall-clock limit (+ margin) */
    REF_CLOCK_CPU,  /* CPU mode: the CPU time used passed limit + margin */
    REF_CLOCK_CAP   /* CPU mode: the wall-clock cap */
} ref_clock_why;

typedef struct ref_turn_clock {
    ref_time_mode mode;
    int limit_ms, margin_ms, cap_ms; /* cap_ms: CPU mode's wall-clock cap */
    int64_t t0_ns;                   /* the input was written (monotonic ns) */
    int64_t cpu0_us;                 /* the bot's CPU time then (CPU mode) */
    int64_t elapsed_ns;              /* wall-clock time of the turn (ns) */
    int64_t time_us;                 /* the same in us, >= 0 */
    int64_t cpu_us;                  /* CPU time of the turn (CPU mode), else -1 */
    ref_clock_why why;               /* after a REF_CHAN_TIMEOUT */
    int cores;                       /* CPU mode: online cores (the slices) */
} ref_turn_clock;

/* A turn with limit_ms (first or later turn) under cfg's mode, margin and
 * cap. */
void ref_clock_init(ref_turn_clock *c, const ref_config *cfg, int limit_ms);

/* The deadline for writing the input, which starts at t_ns: limit + margin
 * (wall), the cap (CPU). */
int64_t ref_clock_write_deadline(const ref_turn_clock *c, int64_t t_ns);

/* The input is written (at t_ns): the turn's time starts. */
void ref_clock_start(ref_turn_clock *c, ref_bot *bot, int64_t t_ns);

/* Reads the bot's answer line as ref_bot_read() does, with the deadline the
 * mode gives: wall, a single read to limit + margin; CPU, reads in slices
 * between which the bot's CPU time is measured, until limit + margin of
 * CPU or the wall-clock cap. Fills c->time_us and c->cpu_us whatever the
 * result, c->why on REF_CHAN_TIMEOUT. */
ref_chan_rc ref_clock_read(ref_turn_clock *c, ref_bot *bot, ref_bot *other, int stop_fd,
                           const char **line, size_t *len, int64_t *at_ns);

/* The verdict on an answer that arrived (after REF_CHAN_LINE). */
ref_clock_verdict ref_clock_judge(const ref_turn_clock *c);

/* The timeout's detail after the colour ("timed out: no answer within 150
 * ms"): for a read timeout (by c->why), for an answer judged
 * REF_CLOCK_OVER (answered = 1), or for an input the bot did not read
 * (input = 1). */
void ref_clock_timeout_text(const ref_turn_clock *c, int answered, int input, char *buf,
                            size_t size);

/* 1 when a timeout (a read timeout, or an input the bot did not read:
 * input = 1) came from CPU mode's wall-clock cap, the bot having used less
 * CPU time than its limit: a busy machine, or a bot that waits
 * (ref_result.capped). 0 otherwise. */
int ref_clock_capped(const ref_turn_clock *c, int input);

#endif
