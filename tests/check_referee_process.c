/*
 * check_referee_process: the bot processes around a game, with real
 * bots: failure to start, a referee error (no file descriptors left), a
 * SIGINT to the referee's group while a bot starts, the stop fd, no fd
 * left open, none of the referee's inherited by a bot; the process layer
 * alone (ref/process.h: lines, the whole group ended, each failure's
 * code). Whole games are check_referee_games's, the misbehaving bots
 * check_referee_hostile's.
 */
#include <errno.h>
#include <stdatomic.h>

#include "ref/process.h"
#include "referee_test_util.h"

/* ---------------------------------------------------------------- start */

START_TEST(failed_to_start_for_a_file_not_executable_or_a_bad_cwd)
{
    game t;
    /* a file that is not executable: 126 */
    game_init(&t);
    char path[PATH_MAX], cmd[PATH_MAX + 8];
    snprintf(path, sizeof path, "%s/bot.txt", t.dir);
    FILE *f = fopen(path, "w");
    fputs("not a program\n", f);
    fclose(f);
    chmod(path, 0644);
    snprintf(cmd, sizeof cmd, "%s", path);
    game_play(&t, cmd, BIN "/loa-first", LONG_MS, LONG_MS, 150);
    /* execve() needs an execute bit, even for root */
    assert_fault(&t, REF_REASON_FAILED_TO_START, 0);
    ck_assert_int_eq(t.r->exit_status, 126);
    unlink(path);
    game_done(&t);

    /* a working directory that does not exist */
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/loa-first";
    c.players[1].command = BIN "/loa-first";
    c.players[1].cwd = "/nonexistent/dir";
    ref_game *g;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_FAILED_TO_START);
    ck_assert_int_eq(ref_game_result(g)->fault, 1);
    ck_assert_ptr_nonnull(strstr(ref_game_result(g)->detail, "working directory"));
    ref_game_free(g);

    /* and an existing one is used */
    c.players[1].cwd = "/";
    c.players[1].command = "test \"$(pwd)\" = / && exec " BIN "/loa-first";
    c.limits.max_plies = 4;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_PLY_LIMIT);
    ref_game_free(g);
}
END_TEST

START_TEST(out_of_file_descriptors_is_a_referee_error)
{
    /* in a child process: lowering RLIMIT_NOFILE must not touch the suite */
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        struct rlimit rl = {64, 64};
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
            _exit(10);
        while (dup(0) >= 0) /* take every free descriptor */
            ;
        ref_config c;
        ref_config_init(&c);
        c.players[0].command = BIN "/loa-first";
        c.players[1].command = BIN "/loa-first";
        ref_game *g;
        if (ref_game_run(&c, &g) != REF_OK)
            _exit(11);
        const ref_result *r = ref_game_result(g);
        int ok = r->reason == REF_REASON_REFEREE_ERROR && r->winner == -1 && r->fault == -1 &&
                 r->scores[0] == 0 && r->scores[1] == 0 && strstr(r->detail, "Too many open files");
        _exit(ok ? 0 : 12);
    }
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 0);
}
END_TEST

/* ---------------------------------------------------------------- stop */

typedef struct stopper {
    int fd; /* write end of the stop pipe */
    int after_ms;
} stopper;

static void *stop_later(void *arg)
{
    stopper *s = arg;
    usleep((useconds_t)s->after_ms * 1000);
    ck_assert_int_eq(write(s->fd, "x", 1), 1);
    return NULL;
}

/* A signal sent to the referee's process group (a terminal's Ctrl-C) while
 * a bot is being started reached the bot's child before it had a group of
 * its own, waited there blocked, and killed the bot after its exec: the
 * game was recorded as the bot's crash "killed by signal 2 (SIGINT)". Here
 * a child of the test is its own group, catches SIGINT as loa-arena does,
 * and plays games while another thread sends SIGINT to the group as fast
 * as it can; no bot may die of it. */
/* Atomic, not sig_atomic_t: the storm thread and the main thread both
 * run the handler (ThreadSanitizer reads a plain counter as a race). */
static atomic_int g_sigints;
static void count_sigint(int sig)
{
    (void)sig;
    int saved = errno;
    atomic_fetch_add(&g_sigints, 1);
    errno = saved;
}

static atomic_int g_stop_storm;
static void *sigint_storm(void *arg)
{
    (void)arg;
    while (!atomic_load(&g_stop_storm))
        kill(0, SIGINT);
    return NULL;
}

START_TEST(a_group_sigint_at_a_bot_start_does_not_reach_the_bot)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        setpgid(0, 0);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = count_sigint;
        sigaction(SIGINT, &sa, NULL);
        pthread_t storm;
        if (pthread_create(&storm, NULL, sigint_storm, NULL) != 0)
            _exit(3);
        int killed = 0;
        for (int i = 0; i < 60 && !killed; i++) {
            ref_config c;
            ref_config_init(&c);
            c.players[0].command = BIN "/loa-first";
            c.players[1].command = BIN "/loa-first";
            c.limits.max_plies = 2;
            ref_game *g;
            if (ref_game_run(&c, &g) != REF_OK)
                _exit(4);
            killed = ref_game_result(g)->reason == REF_REASON_CRASHED &&
                     ref_game_result(g)->term_signal == SIGINT;
            ref_game_free(g);
        }
        atomic_store(&g_stop_storm, 1);
        pthread_join(storm, NULL);
        _exit(killed ? 1 : atomic_load(&g_sigints) > 0 ? 0 : 5);
    }
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0,
                  "a bot died of its referee's SIGINT (or the test failed: status %d)", st);
}
END_TEST

START_TEST(stop_fd_aborts_promptly)
{
    int sp[2];
    ck_assert_int_eq(pipe(sp), 0);
    game t;
    game_init(&t);
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = bot_cmd(&t, "hostile-silent");
    c.players[1].command = bot_cmd(&t, "hostile-silent");
    c.limits.first_turn_ms = LONG_MS;
    c.stop_fd = sp[0];
    stopper s = {sp[1], 150};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, stop_later, &s), 0);
    int64_t t0 = now_ms();
    ck_assert_int_eq(ref_game_run(&c, &t.g), REF_OK);
    t.ms = now_ms() - t0;
    pthread_join(th, NULL);
    t.r = ref_game_result(t.g);
    ck_assert_int_eq(t.r->reason, REF_REASON_ABORTED);
    ck_assert_int_eq(t.r->winner, -1);
    ck_assert_int_eq(t.r->fault, -1);
    ck_assert_int_eq(t.r->scores[0] + t.r->scores[1], 0);
    assert_within(&t, 150 + MARGIN_MS);
    ck_assert_int_eq(check_all_gone(&t), 2);
    game_done(&t);

    /* already set: nothing starts */
    ref_game *g;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_ABORTED);
    ck_assert_int_eq(ref_game_ply_count(g), 0);
    ref_game_free(g);
    close(sp[0]);
    close(sp[1]);
}
END_TEST

/* ---------------------------------------------------------------- fds */

static int open_fds(void)
{
    int n = 0;
    for (int fd = 0; fd < 1024; fd++)
        n += fcntl(fd, F_GETFD) != -1;
    return n;
}

START_TEST(no_file_descriptor_is_left_open)
{
    static const char *const blacks[] = {BIN "/loa-first",           BIN "/hostile-crash-start",
                                         "/nonexistent/bot",         BIN "/hostile-endless",
                                         BIN "/hostile-close-stdin", BIN "/hostile-say pass"};
    int before = open_fds();
    for (size_t i = 0; i < LOA_COUNT(blacks); i++) {
        ref_config c;
        ref_config_init(&c);
        c.players[0].command = blacks[i];
        c.players[1].command = BIN "/loa-first";
        c.limits.max_plies = 6;
        ref_game *g;
        ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
        ref_game_free(g);
        ck_assert_msg(open_fds() == before, "fds leaked by a game with %s", blacks[i]);
    }
    /* a working directory that cannot be entered, and a record write */
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/loa-first";
    c.players[1].command = BIN "/loa-first";
    c.players[1].cwd = "/nonexistent";
    ref_game *g;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    char path[] = "/tmp/check_referee_fds_XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    ck_assert_int_eq(ref_game_write_json(g, path), REF_OK);
    unlink(path);
    ref_game_free(g);
    ck_assert_int_eq(open_fds(), before);
}
END_TEST

/* A descriptor the referee's launcher left open (a shell's `exec 57<dir`,
 * make's jobserver) is not the bot's: a bot run directly (plain words) or
 * through the shell finds none but its three pipes. */
START_TEST(a_bot_inherits_no_descriptor_of_the_referee)
{
    game t;
    game_init(&t);
    int dfd = open(t.dir, O_RDONLY | O_DIRECTORY); /* not close-on-exec, as a launcher's */
    ck_assert_int_ge(dfd, 0);
    ck_assert_int_eq(dup2(dfd, 57), 57);
    close(dfd);
    /* /usr/bin/test exits 0 if the descriptor is there, 1 if not */
    game_play(&t, "/usr/bin/test -e /proc/self/fd/57", BIN "/loa-first", LONG_MS, LONG_MS, 4);
    assert_fault(&t, REF_REASON_CRASHED, 0);
    ck_assert_msg(t.r->exit_status == 1, "the bot had descriptor 57: %s", t.r->detail);
    ref_game_free(t.g);
    /* through the shell (its own descriptors: `[` is a built-in) */
    game_play(&t, "[ -e /proc/self/fd/57 ] && exit 9; exec " BIN "/loa-first", BIN "/loa-first",
              LONG_MS, LONG_MS, 4);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s", t.r->detail);
    close(57);
    game_done(&t);
}
END_TEST

/* ------------------------------------------------- ref/process.h, alone */

/* A line read from p by 5 s, as a string in buf. */
static const char *line_of(ref_process *p, char *buf, size_t size)
{
    const char *line;
    size_t len;
    int rc = ref_process_read_line(p, ref_process_now_ns() + 5000000000LL, -1, &line, &len);
    ck_assert_msg(rc == 0, "%s", ref_strerror(rc));
    snprintf(buf, size, "%.*s", (int)len, line);
    return buf;
}

/* 1 once pid ended, waited for up to 5 s. */
static int gone_within_5s(pid_t pid)
{
    for (int i = 0; i < 500 && alive(pid); i++)
        usleep(10000);
    return !alive(pid);
}

/* A shell command in a directory talks by lines; ending it ends its whole
 * group: the shell, and a child of its deaf to SIGTERM and detached from
 * its pipes. */
START_TEST(a_process_talks_by_lines_and_ends_with_its_whole_group)
{
    char dir[] = "/tmp/loa_process_XXXXXX", buf[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ref_process_spec spec = {"(trap '' TERM; exec sleep 300) </dev/null >/dev/null 2>&1 & echo $!; "
                             "pwd; echo oops >&2; while read -r l; do echo \"got $l\"; done",
                             dir, REF_SANDBOX_OFF, -1, -1};
    ref_process *p = NULL;
    int os = -1;
    ck_assert_int_eq(ref_process_start(&spec, &p, &os), 0);
    ck_assert_int_eq(os, 0);
    pid_t leader = ref_process_pid(p), child = (pid_t)atol(line_of(p, buf, sizeof buf));
    ck_assert_int_gt(child, 1);
    ck_assert_int_eq(getpgid(child), leader); /* the leader's group, its own */
    ck_assert_int_ne(getpgid(0), leader);
    ck_assert_str_eq(line_of(p, buf, sizeof buf), dir);
    ck_assert_int_ge(ref_process_stdin_fd(p), 0);
    ck_assert_int_ge(ref_process_stdout_fd(p), 0);
    ck_assert_int_ge(ref_process_stderr_fd(p), 0);
    ck_assert_int_eq(ref_process_write(p, "x y\n", 4, ref_process_now_ns() + 5000000000LL, -1), 0);
    ck_assert_str_eq(line_of(p, buf, sizeof buf), "got x y");
    char tail[REF_STDERR_CAP + 1];
    ck_assert_uint_eq(ref_process_take_stderr(p, tail), 5);
    ck_assert_str_eq(tail, "oops\n");
    ck_assert_int_eq(ref_process_exited(p, NULL), 0);
    int status = ref_process_end(p, REF_PROCESS_GRACE_MS);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM, "status %d", status);
    ck_assert_msg(gone_within_5s(child), "the shell's child outlived ref_process_end()");
    ck_assert_int_eq(ref_process_end(NULL, 0), -1);
    rmdir(dir);
}
END_TEST

/* Each way a start or a conversation fails has its code. */
START_TEST(a_process_says_why_it_failed)
{
    ref_process *p = (ref_process *)&p;
    int os = 0;
    ref_process_spec spec = {"", NULL, REF_SANDBOX_OFF, -1, -1};
    ck_assert_int_eq(ref_process_start(&spec, &p, &os), REF_E_INVAL);
    ck_assert_ptr_null(p);
    spec = (ref_process_spec){"true", "/nonexistent/dir", REF_SANDBOX_OFF, -1, -1};
    ck_assert_int_eq(ref_process_start(&spec, &p, &os), REF_E_START);
    ck_assert_int_eq(os, ENOENT);
    ck_assert_str_eq(ref_strerror(REF_E_START), "the command could not be started");

    /* silent: the deadline, then the stop fd */
    spec = (ref_process_spec){"exec sleep 300", NULL, REF_SANDBOX_OFF, -1, STDERR_FILENO};
    ck_assert_int_eq(ref_process_start(&spec, &p, &os), 0);
    ck_assert_int_eq(ref_process_stderr_fd(p), -1);
    const char *line;
    size_t len;
    int64_t t0 = ref_process_now_ns();
    ck_assert_int_eq(ref_process_read_line(p, t0 + 50000000, -1, &line, &len), REF_E_TIMEOUT);
    ck_assert_int_ge(ref_process_now_ns() - t0, 50000000);
    int sp[2];
    ck_assert_int_eq(pipe(sp), 0);
    ck_assert_int_eq(write(sp[1], "x", 1), 1);
    ck_assert_int_eq(ref_process_read_line(p, t0 + 5000000000LL, sp[0], &line, &len),
                     REF_E_STOPPED);
    ck_assert_int_eq(ref_process_wait(p, INT64_MAX, sp[0], NULL), REF_E_STOPPED);
    close(sp[0]);
    close(sp[1]);
    ck_assert_int_eq(ref_process_signal(p, SIGUSR1), 0);
    int status = -1;
    ck_assert_int_eq(ref_process_wait(p, INT64_MAX, -1, &status), 0);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGUSR1, "status %d", status);
    ck_assert_int_eq(ref_process_end(p, 0), status);

    /* its output where this process's is: no line to read */
    spec = (ref_process_spec){"exit 0", NULL, REF_SANDBOX_OFF, STDERR_FILENO, -1};
    ck_assert_int_eq(ref_process_start(&spec, &p, &os), 0);
    ck_assert_int_eq(ref_process_stdout_fd(p), -1);
    ck_assert_int_eq(ref_process_read_line(p, ref_process_now_ns(), -1, &line, &len), REF_E_INVAL);
    ck_assert_int_eq(ref_process_wait(p, ref_process_now_ns() + 5000000000LL, -1, &status), 0);
    ck_assert_int_eq(status, 0);
    ref_process_end(p, 0);

    /* gone: its exit status told, not reaped before the end */
    spec = (ref_process_spec){"printf 'no newline'; exit 3", NULL, REF_SANDBOX_OFF, -1, -1};
    ck_assert_int_eq(ref_process_start(&spec, &p, &os), 0);
    ck_assert_int_eq(ref_process_read_line(p, ref_process_now_ns() + 5000000000LL, -1, &line, &len),
                     REF_E_GONE);
    ck_assert_int_eq(ref_process_wait(p, ref_process_now_ns() + 5000000000LL, -1, &status), 0);
    ck_assert_int_eq(ref_process_exited(p, NULL), 1);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 3, "status %d", status);
    ck_assert_int_eq(kill(ref_process_pid(p), 0), 0); /* a zombie still: its pid ours */
    ck_assert_int_eq(ref_process_end(p, REF_PROCESS_GRACE_MS), status);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"failed_to_start_for_a_file_not_executable_or_a_bad_cwd",
         failed_to_start_for_a_file_not_executable_or_a_bad_cwd, 30},
        {"out_of_file_descriptors_is_a_referee_error", out_of_file_descriptors_is_a_referee_error,
         30},
        {"stop_fd_aborts_promptly", stop_fd_aborts_promptly, 30},
        {"no_file_descriptor_is_left_open", no_file_descriptor_is_left_open, 30},
        {"a_bot_inherits_no_descriptor_of_the_referee", a_bot_inherits_no_descriptor_of_the_referee,
         30},
        {"a_group_sigint_at_a_bot_start_does_not_reach_the_bot",
         a_group_sigint_at_a_bot_start_does_not_reach_the_bot, 120},
        {"a_process_talks_by_lines_and_ends_with_its_whole_group",
         a_process_talks_by_lines_and_ends_with_its_whole_group, 30},
        {"a_process_says_why_it_failed", a_process_says_why_it_failed, 30},
    };
    if (ref_global_init() != REF_OK)
        return EXIT_FAILURE;
    return loa_run_suite("referee_process", cases, LOA_COUNT(cases));
}
