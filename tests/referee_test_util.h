/*
 * referee_test_util.h - shared by the referee's game suites
 * (check_referee_games.c, check_referee_process.c, check_referee_hostile.c,
 * ...): play one game against real bot processes, check how it ended, and
 * that none of the bot's processes (the hostile bots write their pids to
 * $HOSTILE_PIDFILE) outlives it.
 *
 * Margins: the suites run on a loaded 2-core machine, so "ends in time"
 * allows MARGIN_MS on top of the deadline (process start, grace,
 * scheduling), and the faults that must be seen at once run with LONG_MS
 * limits so that waiting for the deadline would fail the bound by far.
 */
#ifndef REFEREE_TEST_UTIL_H
#define REFEREE_TEST_UTIL_H
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"
#include "ref/referee.h"

#define BIN LOA_BIN_DIR
#define MARGIN_MS 700
#define LONG_MS 5000 /* limits for faults that must be judged at once */

static inline int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

typedef struct game {
    ref_game *g;
    const ref_result *r;
    int64_t ms; /* wall time of ref_game_run */
    char dir[64];
    char pidfile[128];
} game;

/* "HOSTILE_PIDFILE=... exec <bin>/<bot args>" */
static inline char *bot_cmd(game *t, const char *bot)
{
    static char buf[4][1024];
    static int next;
    char *b = buf[next++ % 4];
    snprintf(b, sizeof buf[0], "HOSTILE_PIDFILE='%s' exec " BIN "/%s", t->pidfile, bot);
    return b;
}

static inline void game_init(game *t)
{
    /* in the test's own process (Check forks one per test, and the
     * subreaper is not inherited): bots' orphans come back here and are
     * reaped, so check_all_gone can demand that nothing is left at all */
    ck_assert_int_eq(ref_global_init(), REF_OK);
    memset(t, 0, sizeof *t);
    strcpy(t->dir, "/tmp/check_referee_games_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(t->dir));
    snprintf(t->pidfile, sizeof t->pidfile, "%s/pids", t->dir);
}

static inline void game_play(game *t, const char *black, const char *white, int first_ms,
                             int turn_ms, int max_plies)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = black;
    c.players[1].command = white;
    c.limits.first_turn_ms = first_ms;
    c.limits.turn_ms = turn_ms;
    c.limits.max_plies = max_plies;
    c.seed = 42;
    int64_t t0 = now_ms();
    ck_assert_int_eq(ref_game_run(&c, &t->g), REF_OK);
    t->ms = now_ms() - t0;
    t->r = ref_game_result(t->g);
}

/* 1 while pid is a live process (a zombie is dead: it only waits for its
 * parent, init here, to collect it). */
static inline int alive(pid_t pid)
{
    if (kill(pid, 0) != 0)
        return errno != ESRCH;
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *rp = strrchr(buf, ')');
    return !(rp && (rp[2] == 'Z' || rp[2] == 'X'));
}

/* Every pid in the pid file is gone, not even a zombie left (SIGKILL
 * completes asynchronously in the kernel: allow it a moment). Returns how
 * many pids were listed. */
static inline int check_all_gone(game *t)
{
    FILE *f = fopen(t->pidfile, "r");
    int n = 0, pid;
    if (!f)
        return 0;
    while (fscanf(f, "%d", &pid) == 1) {
        n++;
        int64_t until = now_ms() + 1000;
        while (alive(pid) && now_ms() < until)
            usleep(2000);
        ck_assert_msg(!alive(pid), "bot process %d outlived its game", pid);
        while (kill(pid, 0) == 0 && now_ms() < until)
            usleep(2000);
        ck_assert_msg(kill(pid, 0) != 0 && errno == ESRCH,
                      "bot process %d is left as a zombie after its game", pid);
    }
    fclose(f);
    return n;
}

static inline void game_done(game *t)
{
    unlink(t->pidfile);
    rmdir(t->dir);
    ref_game_free(t->g);
}

static inline void assert_fault(game *t, ref_reason reason, int who)
{
    ck_assert_msg(t->r->reason == reason, "reason %s, expected %s (%s)",
                  ref_reason_name(t->r->reason), ref_reason_name(reason), t->r->detail);
    ck_assert_int_eq(t->r->fault, who);
    ck_assert_int_eq(t->r->winner, 1 - who);
    ck_assert_int_eq(t->r->scores[who], -1);
    ck_assert_int_eq(t->r->scores[1 - who], 0);
}

static inline void assert_within(game *t, int64_t ms)
{
    ck_assert_msg(t->ms <= ms, "game took %lld ms, bound %lld ms", (long long)t->ms, (long long)ms);
}

static inline const ref_ply *last_ply(game *t)
{
    int n = ref_game_ply_count(t->g);
    ck_assert_int_gt(n, 0);
    return ref_game_ply(t->g, n - 1);
}

#endif
