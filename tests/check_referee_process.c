/*
 * check_referee_process: the bot processes around a game, with real
 * bots: failure to start, a referee error (no file descriptors left), a
 * SIGINT to the referee's group while a bot starts, the stop fd, no fd
 * left open, none of the referee's inherited by a bot. Whole games are
 * check_referee_games's, the misbehaving bots check_referee_hostile's.
 */
#include <errno.h>
#include <stdatomic.h>

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
    static const char *const blacks[] = {
        BIN "/loa-first", BIN "/hostile-crash-start", "/nonexistent/bot",
        BIN "/hostile-endless", BIN "/hostile-close-stdin", BIN "/hostile-say pass"};
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

int main(void)
{
    const loa_tcase cases[] = {
        {"failed_to_start_for_a_file_not_executable_or_a_bad_cwd",
         failed_to_start_for_a_file_not_executable_or_a_bad_cwd, 30},
        {"out_of_file_descriptors_is_a_referee_error",
         out_of_file_descriptors_is_a_referee_error, 30},
        {"stop_fd_aborts_promptly", stop_fd_aborts_promptly, 30},
        {"no_file_descriptor_is_left_open", no_file_descriptor_is_left_open, 30},
        {"a_bot_inherits_no_descriptor_of_the_referee",
         a_bot_inherits_no_descriptor_of_the_referee, 30},
        {"a_group_sigint_at_a_bot_start_does_not_reach_the_bot",
         a_group_sigint_at_a_bot_start_does_not_reach_the_bot, 120},
    };
    if (ref_global_init() != REF_OK)
        return EXIT_FAILURE;
    return loa_run_suite("referee_process", cases, LOA_COUNT(cases));
}
