/*
 * check_analysis_process - the analysing engine's processes: an engine
 * started as `cd DIR && ./engine.sh` whose script leaves a child behind
 * (in the background, deaf to SIGTERM) leaves nothing running after
 *  - analysis_engine_stop() (the library),
 *  - a kill -9 of loa-analyse in the middle of a search,
 *  - an interrupt (SIGINT, SIGTERM) to loa-analyse, which stops at once
 *    with exit status 130.
 * The engines write their pids into the test's directory.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "analysis_cli_test_util.h"
#include "check_main.h"
#include "loa/loa.h"
#include "loa/timer.h"

#define GAME LOA_SOURCE_DIR "/tests/fixtures/replay/normal.json"

/* An engine script in tmpdir: its pid into engine.pid, a child deaf to
 * SIGTERM (and detached from the pipes) into child.pid, then `answer` run
 * for each request line. */
static void write_engine(const char *answer)
{
    FILE *f = fopen(tmp("engine.sh"), "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f,
            "#!/bin/sh\n"
            "echo $$ > engine.pid.tmp && mv engine.pid.tmp engine.pid\n"
            "(trap '' TERM; exec sleep 300) </dev/null >/dev/null 2>&1 &\n"
            "echo $! > child.pid.tmp && mv child.pid.tmp child.pid\n"
            "while read -r l; do %s; done\n",
            answer);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_int_eq(chmod(tmp("engine.sh"), 0755), 0);
}

/* The engine's command: a shell that forks the script (it does not exec it). */
static const char *engine_command(void)
{
    static char cmd[256];
    snprintf(cmd, sizeof cmd, "cd %s && ./engine.sh", tmpdir);
    return cmd;
}

/* The pid written into tmpdir/name, waited for up to 10 s. */
static pid_t pid_in(const char *name)
{
    for (int i = 0; i < 1000; i++) {
        FILE *f = fopen(tmp(name), "r");
        long pid = 0;
        if (f) {
            int ok = fscanf(f, "%ld", &pid) == 1;
            fclose(f);
            if (ok && pid > 1)
                return (pid_t)pid;
        }
        nap_ms(10);
    }
    ck_abort_msg("no %s written", name);
    return -1;
}

/* Asserts that the engine and its child end within 5 s; kills them
 * otherwise (no process of the test is left behind). */
static void assert_engine_ended(pid_t engine, pid_t child, const char *after)
{
    int ok = 0;
    for (int i = 0; i < 500 && !(ok = ended(engine) && ended(child)); i++)
        nap_ms(10);
    int engine_left = !ended(engine), child_left = !ended(child);
    if (!ok) {
        kill(engine, SIGKILL);
        kill(child, SIGKILL);
    }
    ck_assert_msg(ok, "after %s: %s%s still running", after, engine_left ? "the engine " : "",
                  child_left ? "its child" : "");
}

START_TEST(stop_ends_the_engines_whole_group)
{
    setup();
    signal(SIGPIPE, SIG_IGN);
    write_engine("echo 'bestmove b1d3 score cp 7'");
    analysis_engine *e;
    char err[512];
    ck_assert_msg(analysis_engine_start(engine_command(), -1, &e, err, sizeof err) == 0, "%s", err);
    loa_board b;
    loa_board_init(&b);
    analysis_reply r;
    ck_assert_msg(analysis_engine_analyse(e, &b, (analysis_limit){ANALYSIS_LIMIT_NODES, 5}, &r, err,
                                          sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(r.score, 7);
    pid_t engine = pid_in("engine.pid"), child = pid_in("child.pid");
    long long t0 = (loa_wall_us() / 1000);
    analysis_engine_stop(e);
    long long took = (loa_wall_us() / 1000) - t0;
    assert_engine_ended(engine, child, "analysis_engine_stop()");
    /* the shell ends at SIGTERM: its group is killed then, not after the grace */
    ck_assert_msg(took < ANALYSIS_ENGINE_GRACE_MS, "the stop took %lld ms", took);
    teardown();
}
END_TEST

/* loa-analyse on a copy of a game with the engine that never answers,
 * output into tmpdir/out.txt; returns its pid once the engine and its
 * child have written theirs. */
static pid_t start_hung_analysis(pid_t *engine, pid_t *child)
{
    write_engine(":");
    char game[200], engine_opt[300], out[200];
    snprintf(game, sizeof game, "%s", tmp("game.json"));
    snprintf(engine_opt, sizeof engine_opt, "--engine=%s", engine_command());
    snprintf(out, sizeof out, "%s", tmp("out.txt"));
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp %s %s", GAME, game);
    ck_assert_int_eq(system(cmd), 0);
    char *argv[] = {BIN "loa-analyse", engine_opt, "--jobs=1", "--nodes=5",
                    "--no-pages",      game,       NULL};
    pid_t pid = spawn_to(argv, out);
    *engine = pid_in("engine.pid");
    *child = pid_in("child.pid");
    nap_ms(100); /* the first request sent: loa-analyse waits in its search */
    return pid;
}

START_TEST(kill_9_of_loa_analyse_leaves_no_engine)
{
    setup();
    pid_t engine, child, pid = start_hung_analysis(&engine, &child);
    long long took;
    ck_assert_int_eq(exit_after(pid, SIGKILL, 5000, &took), 1000 + SIGKILL);
    assert_engine_ended(engine, child, "kill -9 of loa-analyse");
    teardown();
}
END_TEST

/* _i: SIGINT, SIGTERM */
START_TEST(an_interrupt_stops_loa_analyse_at_once)
{
    static const int sigs[] = {SIGINT, SIGTERM};
    setup();
    pid_t engine, child, pid = start_hung_analysis(&engine, &child);
    long long took = 0;
    int status = exit_after(pid, sigs[_i], 5000, &took);
    char *out = slurp(tmp("out.txt"), NULL);
    ck_assert_msg(status == 130, "exit status %d: %s", status, out);
    ck_assert_msg(took < 3000, "stopped after %lld ms", took);
    ck_assert_msg(strstr(out, "loa-analyse: interrupted"), "%s", out);
    free(out);
    assert_engine_ended(engine, child, "an interrupt to loa-analyse");
    teardown();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"stop_ends_the_engines_whole_group", stop_ends_the_engines_whole_group, 30},
        {"kill_9_of_loa_analyse_leaves_no_engine", kill_9_of_loa_analyse_leaves_no_engine, 30},
    };
    const loa_loop_tcase loops[] = {
        {"an_interrupt_stops_loa_analyse_at_once", an_interrupt_stops_loa_analyse_at_once, 30, 2},
    };
    return loa_run_suite_loops("analysis_process", cases, LOA_COUNT(cases), loops,
                               LOA_COUNT(loops));
}
