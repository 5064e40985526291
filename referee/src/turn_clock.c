/*
 * turn_clock.c - judging a turn's time, wall-clock or CPU. See turn_clock.h.
 *
 * CPU mode cannot wait for "the bot used 150 ms of CPU": the kernel has no
 * such event for another process. The read waits in slices instead, and
 * measures between them. A slice is the least wall time in which the bot
 * could use up what is left of its budget with every core busy (left /
 * cores), at least 1 ms: a single-threaded bot with all its budget left
 * is looked at after 75 ms on two cores, and the slices shrink as it
 * nears the limit, so a timeout is seen at most about a millisecond per
 * core late, with a dozen measures in a full turn.
 */
#include "turn_clock.h"

#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#define NS_PER_MS 1000000

void ref_clock_init(ref_turn_clock *c, const ref_config *cfg, int limit_ms)
{
    c->mode = cfg->time_mode;
    c->limit_ms = limit_ms;
    c->margin_ms = cfg->limits.time_margin_ms;
    c->cap_ms = ref_limits_wall_cap(&cfg->limits, limit_ms);
    c->t0_ns = 0;
    c->cpu0_us = 0;
    c->elapsed_ns = 0;
    c->time_us = 0;
    c->cpu_us = -1;
    c->why = REF_CLOCK_WALL;
    c->cores = 1;
    if (c->mode == REF_TIME_CPU) {
        /* per turn, not cached in a static: games run on many threads */
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        c->cores = n > 0 ? (int)n : 1;
    }
}

int64_t ref_clock_write_deadline(const ref_turn_clock *c, int64_t t_ns)
{
    int ms = c->mode == REF_TIME_CPU ? c->cap_ms : c->limit_ms + c->margin_ms;
    return t_ns + (int64_t)ms * NS_PER_MS;
}

void ref_clock_start(ref_turn_clock *c, ref_bot *bot, int64_t t_ns)
{
    c->t0_ns = t_ns;
    if (c->mode == REF_TIME_CPU) {
        c->cpu_us = 0;
        if (ref_bot_cpu_us(bot, &c->cpu0_us) != 0)
            c->cpu0_us = 0;
    }
}

/* The bot's CPU time since the turn started; the last value when it cannot
 * be read now (its processes are going away). */
static int64_t cpu_since_start(ref_turn_clock *c, ref_bot *bot)
{
    int64_t now;
    if (ref_bot_cpu_us(bot, &now) == 0 && now - c->cpu0_us > c->cpu_us)
        c->cpu_us = now - c->cpu0_us;
    return c->cpu_us;
}

static ref_chan_rc read_cpu(ref_turn_clock *c, ref_bot *bot, ref_bot *other, int stop_fd,
                            const char **line, size_t *len, int64_t *at_ns)
{
    int64_t cap = c->t0_ns + (int64_t)c->cap_ms * NS_PER_MS;
    int64_t budget_us = (int64_t)(c->limit_ms + c->margin_ms) * 1000;
    /* the first slice starts from ref_clock_start's measure (0 used): no
     * second read of the meter before the bot has run */
    for (int first = 1;; first = 0) {
        int64_t used = first ? c->cpu_us : cpu_since_start(c, bot);
        int64_t now = ref_chan_now_ns();
        if (used > budget_us) {
            c->why = REF_CLOCK_CPU;
            return REF_CHAN_TIMEOUT;
        }
        if (now >= cap) {
            c->why = REF_CLOCK_CAP;
            return REF_CHAN_TIMEOUT;
        }
        int64_t slice = (budget_us - used) * 1000 / c->cores;
        if (slice < NS_PER_MS)
            slice = NS_PER_MS;
        int64_t next = now + slice < cap ? now + slice : cap;
        ref_chan_rc rc = ref_bot_read(bot, other, next, stop_fd, line, len, at_ns);
        if (rc != REF_CHAN_TIMEOUT) {
            cpu_since_start(c, bot);
            return rc;
        }
    }
}

ref_chan_rc ref_clock_read(ref_turn_clock *c, ref_bot *bot, ref_bot *other, int stop_fd,
                           const char **line, size_t *len, int64_t *at_ns)
{
    ref_chan_rc rc;
    if (c->mode == REF_TIME_CPU) {
        rc = read_cpu(c, bot, other, stop_fd, line, len, at_ns);
    } else {
        int64_t deadline = c->t0_ns + (int64_t)(c->limit_ms + c->margin_ms) * NS_PER_MS;
        rc = ref_bot_read(bot, other, deadline, stop_fd, line, len, at_ns);
        c->why = REF_CLOCK_WALL;
    }
    int64_t end = rc == REF_CHAN_LINE ? *at_ns : ref_chan_now_ns();
    c->elapsed_ns = end - c->t0_ns;
    c->time_us = c->elapsed_ns / 1000;
    if (c->time_us < 0)
        c->time_us = 0; /* a line buffered from an earlier turn */
    return rc;
}

ref_clock_verdict ref_clock_judge(const ref_turn_clock *c)
{
    /* in ns, as CodinGame's deadline: late by a microsecond is late */
    int64_t spent = c->mode == REF_TIME_CPU ? c->cpu_us * 1000 : c->elapsed_ns;
    if (spent <= (int64_t)c->limit_ms * NS_PER_MS)
        return REF_CLOCK_ON_TIME;
    if (spent <= (int64_t)(c->limit_ms + c->margin_ms) * NS_PER_MS)
        return REF_CLOCK_LATE;
    return REF_CLOCK_OVER;
}

void ref_clock_timeout_text(const ref_turn_clock *c, int answered, int input, char *buf,
                            size_t size)
{
    char margin[48] = "";
    if (c->margin_ms > 0)
        snprintf(margin, sizeof margin, " + %d ms margin", c->margin_ms);
    int cpu = c->mode == REF_TIME_CPU;
    if (input && cpu)
        snprintf(buf, size,
                 "timed out: did not read its input within the wall-clock cap of %d ms "
                 "(CPU time mode)",
                 c->cap_ms);
    else if (input)
        snprintf(buf, size, "timed out: did not read its input within %d ms%s", c->limit_ms,
                 margin);
    else if (answered && cpu)
        snprintf(buf, size,
                 "timed out: answered after using %" PRId64 " ms of CPU time (limit %d ms%s)",
                 c->cpu_us / 1000, c->limit_ms, margin);
    else if (answered)
        snprintf(buf, size, "timed out: answered after %" PRId64 " ms (limit %d ms%s)",
                 c->time_us / 1000, c->limit_ms, margin);
    else if (c->why == REF_CLOCK_CPU)
        snprintf(buf, size,
                 "timed out: used %" PRId64 " ms of CPU time without answering (limit %d ms%s)",
                 c->cpu_us / 1000, c->limit_ms, margin);
    else if (c->why == REF_CLOCK_CAP)
        snprintf(buf, size,
                 "timed out: no answer within the wall-clock cap of %d ms (CPU time mode; %" PRId64
                 " ms of CPU time used)",
                 c->cap_ms, c->cpu_us / 1000);
    else
        snprintf(buf, size, "timed out: no answer within %d ms%s", c->limit_ms, margin);
}

int ref_clock_capped(const ref_turn_clock *c, int input)
{
    /* read_cpu tests the CPU budget before the cap: a cap is under it */
    return c->mode == REF_TIME_CPU && (input || c->why == REF_CLOCK_CAP);
}
