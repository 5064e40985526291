/* check_timer: the judged clock (loa/timer.h) follows LOA_TIME_MODE. Each
 * test runs in a process of its own (Check forks), so each reads the
 * variable afresh. The clocks are compared by bracketing: the SDK's reading
 * lies between two readings of the clock it must be, which no load can
 * upset. */
#include <check.h>
#include <stdlib.h>
#include <time.h>

#include "loa/loa.h"

#include "check_main.h"

static int64_t us_of(clockid_t id)
{
    struct timespec ts;
    ck_assert_int_eq(clock_gettime(id, &ts), 0);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Spins until the process has used ms of CPU, so that the two clocks part. */
static void burn_ms(int ms)
{
    int64_t end = us_of(CLOCK_PROCESS_CPUTIME_ID) + (int64_t)ms * 1000;
    volatile unsigned x = 0;
    while (us_of(CLOCK_PROCESS_CPUTIME_ID) < end)
        x++;
}

static void assert_bracketed(clockid_t id)
{
    for (int i = 0; i < 3; i++) {
        struct timespec nap = {0, 20 * 1000000};
        nanosleep(&nap, NULL); /* wall time passes, not CPU time */
        burn_ms(5);
        int64_t a = us_of(id), now = loa_now_us(), b = us_of(id);
        ck_assert_int_le(a, now);
        ck_assert_int_le(now, b);
    }
}

START_TEST(without_the_variable_the_clock_is_the_wall_clock)
{
    unsetenv(LOA_TIME_MODE_ENV);
    ck_assert_int_eq(loa_time_mode_get(), LOA_TIME_WALL);
    assert_bracketed(CLOCK_MONOTONIC);
}
END_TEST

START_TEST(cpu_mode_makes_it_the_process_cpu_clock)
{
    setenv(LOA_TIME_MODE_ENV, "cpu", 1);
    ck_assert_int_eq(loa_time_mode_get(), LOA_TIME_CPU);
    assert_bracketed(CLOCK_PROCESS_CPUTIME_ID);
    /* loa_wall_us stays the wall clock */
    int64_t a = us_of(CLOCK_MONOTONIC), w = loa_wall_us(), b = us_of(CLOCK_MONOTONIC);
    ck_assert(a <= w && w <= b);
}
END_TEST

START_TEST(other_values_and_later_changes_are_wall)
{
    setenv(LOA_TIME_MODE_ENV, "CPU", 1); /* the referee writes lower case */
    ck_assert_int_eq(loa_time_mode_get(), LOA_TIME_WALL);
    setenv(LOA_TIME_MODE_ENV, "cpu", 1); /* read once: not seen */
    ck_assert_int_eq(loa_time_mode_get(), LOA_TIME_WALL);
    assert_bracketed(CLOCK_MONOTONIC);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"without_the_variable_the_clock_is_the_wall_clock",
         without_the_variable_the_clock_is_the_wall_clock, 20},
        {"cpu_mode_makes_it_the_process_cpu_clock", cpu_mode_makes_it_the_process_cpu_clock, 20},
        {"other_values_and_later_changes_are_wall", other_values_and_later_changes_are_wall, 20},
    };
    return loa_run_suite("timer", cases, LOA_COUNT(cases));
}
