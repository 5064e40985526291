/*
 * check_referee_watch.c - nothing a game started outlives the process that
 * runs it, however it dies (referee/src/watch.h): loa-referee and
 * loa-arena killed with SIGKILL in the middle of a game, with bots that
 * ignore the end of their input and SIGTERM and fork children that leave
 * their process group (hostile-fork ESCAPE 1: setsid), with and without
 * the sandbox, and a sandboxed bot's referee killed while bubblewrap is
 * still setting up.
 *
 * Every bot process carries a marker unique to the test in its command
 * line (an argument the hostile bots ignore); the test looks for it in
 * /proc/PID/cmdline, and kills what it finds after checking, so that a
 * failure leaves nothing behind. This suite never calls ref_global_init():
 * the test process is no subreaper, so what a killed referee leaves goes
 * where it would in real life (PID 1).
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"

#define BIN LOA_BIN_DIR
#define REFEREE BIN "/loa-referee"
#define ARENA BIN "/loa-arena"
#define HOSTILE BIN "/hostile-"

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A marker no other process has: pid and time. */
static void make_mark(char *buf, size_t size)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    snprintf(buf, size, "watchmark-%d-%ld%09ld", (int)getpid(), (long)ts.tv_sec, ts.tv_nsec);
}

/* Processes whose command line holds mark, but not `except` (the killed
 * referee or arena, whose arguments name the bots; its watchdog has a
 * command line of its own: check_watchdog_argv): how many in all, and how many of them run a program
 * whose argv[0] starts with prog (the hostile bots, bwrap), into *progs.
 * kill_them: SIGKILL each one found. Zombies have no command line. */
static int marked(const char *mark, pid_t except, const char *prog, int *progs, int kill_them)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    int n = 0, b = 0;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        pid_t pid = (pid_t)atoi(e->d_name);
        if (pid == except || pid == getpid())
            continue;
        char path[300], buf[4096];
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        ssize_t len = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (len <= 0)
            continue;
        buf[len] = '\0';
        /* a sandboxed bot runs as ./hostile-NAME in its working directory,
         * an arena's as its snapshot DIR/bots/NAME/hostile-NAME: the
         * program's base name then (the mark says the process is ours) */
        const char *base = strrchr(buf, '/');
        base = base ? base + 1 : buf;
        int hostile = prog && (strncmp(buf, prog, strlen(prog)) == 0 ||
                               (strcmp(prog, HOSTILE) == 0 && strncmp(base, "hostile-", 8) == 0));
        for (ssize_t i = 0; i < len; i++)
            if (!buf[i])
                buf[i] = ' ';
        if (!strstr(buf, mark))
            continue;
        n++;
        b += hostile;
        if (kill_them)
            kill(pid, SIGKILL);
    }
    if (d)
        closedir(d);
    if (progs)
        *progs = b;
    return n;
}

/* Starts argv with stdout and stderr on /dev/null; returns its pid. */
static pid_t start(char *const argv[])
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, 1);
        dup2(null, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

/* Waits until `bots` hostile bots with mark run (or the runner ended). */
static void wait_for_bots(const char *mark, pid_t runner, int bots)
{
    int64_t until = now_ms() + 20000;
    int b = 0;
    while (now_ms() < until) {
        marked(mark, runner, HOSTILE, &b, 0);
        if (b >= bots)
            return;
        ck_assert_msg(waitpid(runner, NULL, WNOHANG) == 0, "the game ended before the kill");
        usleep(5000);
    }
    ck_abort_msg("only %d of %d bots started", b, bots);
}

/* SIGKILL to runner, reaped; then no process with mark may be left after
 * a moment (the sweep stops, walks, kills). Kills what is left before
 * failing. */
static void kill_and_check(const char *mark, pid_t runner)
{
    ck_assert_int_eq(kill(runner, SIGKILL), 0);
    ck_assert_int_eq(waitpid(runner, NULL, 0), runner);
    int64_t until = now_ms() + 3000;
    int left;
    while ((left = marked(mark, 0, NULL, NULL, 0)) > 0 && now_ms() < until)
        usleep(10000);
    left = marked(mark, 0, NULL, NULL, 1);
    ck_assert_msg(left == 0, "%d processes of the game outlived its killed parent", left);
}

/* The watchdog of runner (its child named loa-watchdog) has a command
 * line of its own, "loa-watchdog (NAME pid RUNNER)", nothing of runner's
 * (a `pgrep -f` of the arena's command line finding it, a Ctrl-C meant for
 * the arena sent to it). */
static void check_watchdog_argv(pid_t runner, const char *name, const char *mark)
{
    char path[320], buf[4096], want[128];
    pid_t dog = 0;
    snprintf(path, sizeof path, "/proc/%d/task", (int)runner);
    DIR *d = opendir(path);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    while (!dog && (e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%s/children", (int)runner, e->d_name);
        FILE *f = fopen(path, "r");
        int child;
        while (f && !dog && fscanf(f, "%d", &child) == 1) {
            snprintf(path, sizeof path, "/proc/%d/comm", child);
            FILE *c = fopen(path, "r");
            if (c && fgets(buf, sizeof buf, c) && strcmp(buf, "loa-watchdog\n") == 0)
                dog = (pid_t)child;
            if (c)
                fclose(c);
        }
        if (f)
            fclose(f);
    }
    closedir(d);
    ck_assert_msg(dog > 0, "no child of %d is named loa-watchdog", (int)runner);
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)dog);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ck_assert_int_ge(fd, 0);
    ssize_t len = read(fd, buf, sizeof buf - 1);
    close(fd);
    ck_assert_int_gt(len, 0);
    buf[len] = '\0';
    for (ssize_t i = 0; i + 1 < len; i++)
        if (!buf[i])
            buf[i] = ' ';
    snprintf(want, sizeof want, "loa-watchdog (%s pid %d)", name, (int)runner);
    ck_assert_str_eq(buf, want);
    ck_assert_ptr_null(strstr(buf, mark));
}

static int have_bwrap(void)
{
    if (system("bwrap --ro-bind / / --unshare-all true >/dev/null 2>&1") == 0)
        return 1;
    ck_assert_msg(!getenv("CI"), "bwrap is missing on a CI machine");
    printf("watch: sandbox case skipped (bwrap missing or not usable here)\n");
    return 0;
}

/* Black forks three sleepers that ignore SIGTERM (two in sessions of their
 * own) and plays; white never reads nor answers, with 100 s to do so: the
 * game waits on white when the referee is killed. */
static pid_t referee_mid_game(const char *mark, const char *sandbox)
{
    char black[512], white[512];
    /* sandboxed, the bots run from their directory, which the sandbox
     * shows (a build directory under /tmp would be hidden by its /tmp) */
    const char *prog = sandbox ? "./hostile-" : HOSTILE;
    snprintf(black, sizeof black, "%sfork -1 0 1 %s", prog, mark);
    snprintf(white, sizeof white, "%ssilent %s", prog, mark);
    char *argv[] = {REFEREE,  "-p1",         black, "-p2",         white, "--first-turn-ms",
                    "100000", "--black-cwd", BIN,   "--white-cwd", BIN,   (char *)sandbox,
                    NULL};
    pid_t ref = start(argv);
    wait_for_bots(mark, ref, 5);
    usleep(100000); /* black has played, white is being waited for */
    return ref;
}

START_TEST(referee_killed_mid_game_leaves_no_bot)
{
    char mark[96];
    make_mark(mark, sizeof mark);
    pid_t ref = referee_mid_game(mark, NULL);
    check_watchdog_argv(ref, "referee", mark);
    kill_and_check(mark, ref);
}
END_TEST

START_TEST(sandboxed_referee_killed_mid_game_leaves_no_bot)
{
    if (!have_bwrap())
        return;
    char mark[96];
    make_mark(mark, sizeof mark);
    pid_t ref = referee_mid_game(mark, "--sandbox");
    kill_and_check(mark, ref);
}
END_TEST

/* Killed as soon as a bot's process exists (the bot's child before its
 * exec, or bubblewrap setting up): bubblewrap's --die-with-parent, which
 * the referee used before the watchdog, holds only once its setup is done,
 * and the whole sandbox ran on. Five times: the moment varies. */
START_TEST(sandboxed_referee_killed_at_the_spawn_leaves_no_bot)
{
    if (!have_bwrap())
        return;
    for (int round = 0; round < 5; round++) {
        char mark[96], black[512];
        make_mark(mark, sizeof mark);
        snprintf(black, sizeof black, "./hostile-silent %s", mark);
        char *argv[] = {REFEREE, "-p1",         black, "-p2",       black, "--black-cwd",
                        BIN,     "--white-cwd", BIN,   "--sandbox", NULL};
        pid_t ref = start(argv);
        int64_t until = now_ms() + 10000;
        int boxes = 0;
        while (boxes == 0 && now_ms() < until)
            marked(mark, ref, "bwrap", &boxes, 0);
        ck_assert_msg(boxes > 0, "no bubblewrap started");
        kill_and_check(mark, ref);
    }
}
END_TEST

/* Two games at once (-c 2), colour-swapped: each has a forking bot and a
 * silent one; the arena dies with both games running. */
START_TEST(arena_killed_mid_league_leaves_no_bot)
{
#ifdef LOA_HAVE_ARENA
    char mark[96], a[512], b[512], dir[] = "/tmp/check_referee_watch_XXXXXX", out[128];
    make_mark(mark, sizeof mark);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(out, sizeof out, "%s/league", dir);
    snprintf(a, sizeof a, "fork=" HOSTILE "fork -1 0 1 %s", mark);
    snprintf(b, sizeof b, "silent=" HOSTILE "silent %s", mark);
    char *argv[] = {ARENA,    "-b", a,   "-b", b,   "-c", "2", "-g", "2", "--first-turn-ms",
                    "100000", "-o", out, "-q", NULL};
    pid_t arena = start(argv);
    wait_for_bots(mark, arena, 10);
    usleep(100000);
    kill_and_check(mark, arena);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
#else
    printf("watch: loa-arena not built: its case skipped\n");
#endif
}
END_TEST

/* The arena's watchdog is "loa-watchdog (arena pid N)": `pgrep -f` of the
 * arena's command line finds the arena alone; and it still ends the bots
 * of the arena it watches. */
START_TEST(arena_watchdog_has_its_own_command_line)
{
#ifdef LOA_HAVE_ARENA
    char mark[96], a[512], b[512], dir[] = "/tmp/check_referee_watch_XXXXXX", out[128];
    make_mark(mark, sizeof mark);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(out, sizeof out, "%s/league", dir);
    snprintf(a, sizeof a, "one=" HOSTILE "silent %s", mark);
    snprintf(b, sizeof b, "two=" HOSTILE "silent %s", mark);
    char *argv[] = {ARENA,    "-b", a,   "-b", b,   "-g", "2", "--first-turn-ms",
                    "100000", "-o", out, "-q", NULL};
    pid_t arena = start(argv);
    wait_for_bots(mark, arena, 2);
    check_watchdog_argv(arena, "arena", mark);
    kill_and_check(mark, arena);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
#else
    printf("watch: loa-arena not built: its case skipped\n");
#endif
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"referee_killed_mid_game_leaves_no_bot", referee_killed_mid_game_leaves_no_bot, 60},
        {"sandboxed_referee_killed_mid_game_leaves_no_bot",
         sandboxed_referee_killed_mid_game_leaves_no_bot, 60},
        {"sandboxed_referee_killed_at_the_spawn_leaves_no_bot",
         sandboxed_referee_killed_at_the_spawn_leaves_no_bot, 120},
        {"arena_killed_mid_league_leaves_no_bot", arena_killed_mid_league_leaves_no_bot, 60},
        {"arena_watchdog_has_its_own_command_line", arena_watchdog_has_its_own_command_line, 60},
    };
    return loa_run_suite("referee_watch", cases, LOA_COUNT(cases));
}
