/* timer.c - the judged clock (loa/timer.h). CLOCK_MONOTONIC in wall mode,
 * because a per-turn deadline must not jump with the wall clock;
 * CLOCK_PROCESS_CPUTIME_ID in CPU mode, the time the referee judges. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "loa/timer.h"

static int64_t clock_us(clockid_t id)
{
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0)
        return 0;
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

loa_time_mode loa_time_mode_get(void)
{
    /* -1: not read yet; two threads reading at once store the same value */
    static atomic_int mode = -1;
    int m = atomic_load_explicit(&mode, memory_order_relaxed);
    if (m < 0) {
        const char *v = getenv(LOA_TIME_MODE_ENV);
        m = v && strcmp(v, "cpu") == 0 ? LOA_TIME_CPU : LOA_TIME_WALL;
        atomic_store_explicit(&mode, m, memory_order_relaxed);
    }
    return (loa_time_mode)m;
}

int64_t loa_wall_us(void)
{
    return clock_us(CLOCK_MONOTONIC);
}

int64_t loa_now_us(void)
{
    return clock_us(loa_time_mode_get() == LOA_TIME_CPU ? CLOCK_PROCESS_CPUTIME_ID
                                                        : CLOCK_MONOTONIC);
}

int64_t loa_now_ms(void)
{
    return loa_now_us() / 1000;
}
