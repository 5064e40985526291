/*
 * check_arena_pressure.c - the machine's CPU pressure over a window
 * (run/pressure.h), on files written by the test in place of
 * /proc/pressure/cpu and /proc/loadavg: the PSI share and the runnable mean,
 * the threshold, unknown windows, a kernel without PSI; the verdict on the
 * CPUs the process may use (its affinity mask), not all online.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check_main.h"
#include "run/pressure.h"

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
    p.online = 2; /* the share as measured: this machine's CPUs aside */
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
    p.online = 2;
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

/* Games on one CPU of a machine whose PSI share is 15%: below the
 * threshold as the machine's, but all of it may be that CPU's waiting (one
 * CPU of many fully contended, the others busy), so under load. */
START_TEST(psi_is_judged_on_the_cpus_the_process_may_use)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online < 2) {
        printf("arena_pressure: one online CPU: nothing to tell apart, skipped\n");
        return;
    }
    files();
    put_psi(0);
    arena_pressure p;
    arena_pressure_init(&p, psi, NULL, 1);
    arena_pressure_sample(&p, 0);
    put_psi(150000);
    double v;
    ck_assert_int_eq(arena_pressure_loaded(&p, 1000000, 1000000, &v), 1);
    ck_assert_double_eq_tol(v, 0.15, 1e-9); /* what was measured, kept */
    /* on every online CPU the same share is the games' own: not loaded */
    arena_pressure_init(&p, psi, NULL, (int)online);
    put_psi(0);
    arena_pressure_sample(&p, 0);
    put_psi(150000);
    ck_assert_int_eq(arena_pressure_loaded(&p, 1000000, 1000000, &v), 0);
    done();
}
END_TEST

START_TEST(the_verdict_scales_psi_by_online_over_usable_cpus)
{
    static const struct {
        arena_pressure_source source;
        double value;
        int online, cores, want;
    } rows[] = {
        {ARENA_PRESSURE_PSI, 0.10, 2, 2, 0},  /* the whole machine: 10% */
        {ARENA_PRESSURE_PSI, 0.10, 2, 1, 1},  /* all of it on our CPU: 20% */
        {ARENA_PRESSURE_PSI, 0.07, 16, 1, 1}, /* one CPU of 16: 100% at worst */
        {ARENA_PRESSURE_PSI, 0.01, 16, 1, 0}, /* 16%: under the threshold */
        {ARENA_PRESSURE_PSI, 0.30, 1, 4, 1},  /* online below cores: as cores */
        {ARENA_PRESSURE_RUNNABLE, 1.5, 2, 1, 1}, {ARENA_PRESSURE_RUNNABLE, 1.5, 2, 2, 0},
        {ARENA_PRESSURE_RUNNABLE, 2.0, 2, 2, 0}, /* as many as the CPUs */
        {ARENA_PRESSURE_RUNNABLE, 0.5, 4, 0, 0}, /* cores < 1 counts as 1 */
        {ARENA_PRESSURE_NONE, 9, 2, 1, -1},
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++)
        ck_assert_msg(arena_pressure_judge(rows[i].source, rows[i].value, rows[i].online,
                                           rows[i].cores) == rows[i].want,
                      "row %zu", i);
}
END_TEST

/* cores < 1: the count is the affinity mask's (`taskset`), not the online
 * CPUs': the test pins itself to two of them, then one (Check runs it in a
 * process of its own). */
START_TEST(the_cpu_count_comes_from_the_affinity_mask)
{
    cpu_set_t set, two;
    ck_assert_int_eq(sched_getaffinity(0, sizeof set, &set), 0);
    CPU_ZERO(&two);
    int first = -1;
    for (int c = 0; c < CPU_SETSIZE && CPU_COUNT(&two) < 2; c++)
        if (CPU_ISSET(c, &set)) {
            CPU_SET(c, &two);
            first = first < 0 ? c : first;
        }
    if (CPU_COUNT(&two) < 2) {
        printf("arena_pressure: fewer than 2 usable CPUs: the mask test skipped\n");
        return;
    }
    ck_assert_int_eq(sched_setaffinity(0, sizeof two, &two), 0);
    arena_pressure p;
    arena_pressure_init(&p, "/nonexistent/psi", "/nonexistent/loadavg", 0);
    ck_assert_int_eq(p.cores, 2);
    ck_assert_int_ge(p.online, 2);
    CPU_CLR(first, &two);
    ck_assert_int_eq(sched_setaffinity(0, sizeof two, &two), 0);
    arena_pressure_init(&p, "/nonexistent/psi", "/nonexistent/loadavg", 0);
    ck_assert_int_eq(p.cores, 1);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"psi_share_of_the_window_decides", psi_share_of_the_window_decides, 30},
        {"unknown_without_a_span_to_measure", unknown_without_a_span_to_measure, 30},
        {"runnable_tasks_when_psi_is_off", runnable_tasks_when_psi_is_off, 30},
        {"no_source_no_verdict", no_source_no_verdict, 30},
        {"psi_is_judged_on_the_cpus_the_process_may_use",
         psi_is_judged_on_the_cpus_the_process_may_use, 30},
        {"the_verdict_scales_psi_by_online_over_usable_cpus",
         the_verdict_scales_psi_by_online_over_usable_cpus, 30},
        {"the_cpu_count_comes_from_the_affinity_mask", the_cpu_count_comes_from_the_affinity_mask,
         30},
    };
    return loa_run_suite("arena_pressure", cases, LOA_COUNT(cases));
}
