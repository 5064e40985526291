/*
 * check_arena_pressure.c - the machine's CPU pressure over a window
 * (run/pressure.h), on files written by the test in place of
 * /proc/pressure/cpu and /proc/loadavg: the PSI share and the runnable mean,
 * the threshold, unknown windows, a kernel without PSI.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "run/pressure.h"
#include "check_main.h"

static char dir[64], psi[128], avg[128];

static void files(void)
{
    snprintf(dir, sizeof dir, "/tmp/check_arena_pressure_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(psi, sizeof psi, "%s/cpu", dir);
    snprintf(avg, sizeof avg, "%s/loadavg", dir);
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void put_psi(long long total_us)
{
    char t[200];
    snprintf(t, sizeof t,
             "some avg10=0.00 avg60=0.00 avg300=0.00 total=%lld\n"
             "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
             total_us);
    put(psi, t);
}

static void done(void)
{
    unlink(psi);
    unlink(avg);
    rmdir(dir);
}

START_TEST(psi_share_of_the_window_decides)
{
    files();
    put_psi(1000000);
    put(avg, "0.50 0.40 0.30 1/100 42\n");
    arena_pressure p;
    arena_pressure_init(&p, psi, avg, 2);
    ck_assert_int_eq(p.source, ARENA_PRESSURE_PSI);
    /* samples every 200 ms; stalls grow 100 ms per 200 ms: 50% */
    for (int k = 0; k <= 10; k++) {
        put_psi(1000000 + k * 100000LL);
        arena_pressure_sample(&p, k * 200000LL);
    }
    double v;
    ck_assert_int_eq(arena_pressure_loaded(&p, 2000000, 1000000, &v), 1);
    ck_assert_double_eq_tol(v, 0.5, 1e-9);
    /* then a calm second: 10 ms of stall in 1 s is 1%, not loaded */
    for (int k = 11; k <= 15; k++) {
        put_psi(2000000 + (k - 10) * 2000LL);
        arena_pressure_sample(&p, k * 200000LL);
    }
    ck_assert_int_eq(arena_pressure_loaded(&p, 3000000, 1000000, &v), 0);
    ck_assert_double_eq_tol(v, 0.01, 1e-9);
    /* exactly at the threshold counts as loaded */
    put_psi(2010000 + 200000);
    ck_assert_int_eq(arena_pressure_loaded(&p, 4000000, 1000000, &v), 1);
    ck_assert_double_eq_tol(v, ARENA_PRESSURE_PSI_LOADED, 1e-9);
    done();
}
END_TEST

START_TEST(unknown_without_a_span_to_measure)
{
    files();
    put_psi(0);
    arena_pressure p;
    arena_pressure_init(&p, psi, NULL, 2);
    double v;
    /* one sample only: no span */
    arena_pressure_sample(&p, 0);
    ck_assert_int_eq(arena_pressure_loaded(&p, 20000, 1000000, &v), -1);
    /* a young league: 300 ms of samples serve for a 1 s window */
    put_psi(150000);
    ck_assert_int_eq(arena_pressure_loaded(&p, 300000, 1000000, &v), 1);
    ck_assert_double_eq_tol(v, 0.5, 1e-9);
    /* nothing for 10 s: the last sample is too old to speak for the window */
    put_psi(160000);
    ck_assert_int_eq(arena_pressure_loaded(&p, 10300000, 1000000, &v), -1);
    done();
}
END_TEST

START_TEST(runnable_tasks_when_psi_is_off)
{
    files();
    /* a kernel with PSI disabled: the file is there but does not read */
    put(psi, "");
    put(avg, "5.10 3.00 1.00 6/300 4242\n");
    arena_pressure p;
    arena_pressure_init(&p, psi, avg, 2);
    ck_assert_int_eq(p.source, ARENA_PRESSURE_RUNNABLE);
    ck_assert_str_eq(arena_pressure_source_name(p.source), "runnable");
    for (int k = 0; k < 5; k++)
        arena_pressure_sample(&p, k * 200000LL);
    double v;
    /* 6 running, the sampler itself not counted: 5 > 2 cores */
    ck_assert_int_eq(arena_pressure_loaded(&p, 1000000, 1000000, &v), 1);
    ck_assert_double_eq_tol(v, 5, 1e-9);
    put(avg, "0.10 0.10 0.10 2/300 4242\n");
    for (int k = 6; k < 12; k++)
        arena_pressure_sample(&p, k * 200000LL);
    ck_assert_int_eq(arena_pressure_loaded(&p, 2400000, 1000000, &v), 0);
    ck_assert_double_eq_tol(v, 1, 1e-9);
    done();
}
END_TEST

START_TEST(no_source_no_verdict)
{
    arena_pressure p;
    arena_pressure_init(&p, "/nonexistent/psi", "/nonexistent/loadavg", 2);
    ck_assert_int_eq(p.source, ARENA_PRESSURE_NONE);
    arena_pressure_sample(&p, 0);
    double v;
    ck_assert_int_eq(arena_pressure_loaded(&p, 2000000, 1000000, &v), -1);
    ck_assert_str_eq(arena_pressure_source_name(p.source), "none");
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"psi_share_of_the_window_decides", psi_share_of_the_window_decides, 30},
        {"unknown_without_a_span_to_measure", unknown_without_a_span_to_measure, 30},
        {"runnable_tasks_when_psi_is_off", runnable_tasks_when_psi_is_off, 30},
        {"no_source_no_verdict", no_source_no_verdict, 30},
    };
    return loa_run_suite("arena_pressure", cases, LOA_COUNT(cases));
}
