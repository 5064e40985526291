/* timer.c - the monotonic clock (loa/timer.h): CLOCK_MONOTONIC, because a
 * bot's per-turn deadline must not jump with the wall clock. */
#include <time.h>

#include "loa/timer.h"

int64_t loa_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t loa_now_ms(void)
{
    return loa_now_us() / 1000;
}
