/*
 * check_referee_games: whole games against real bot processes: failure to
 * start, a referee error (no file descriptors left), the stop fd, the
 * seed-42 game of CodinGame's referee, the exact bytes of a turn's input,
 * no fd left open, games in parallel threads. The misbehaving bots are
 * check_referee_hostile's, the loa-referee command line check_referee_cli's.
 */
#include <errno.h>
#include <stdatomic.h>

#include "referee_test_util.h"

/* ---------------------------------------------------------------- invalid */

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
    c.max_plies = 4;
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
            c.max_plies = 2;
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
    c.first_turn_ms = LONG_MS;
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

/* ---------------------------------------------------------------- protocol */

START_TEST(seed_42_random_game_is_codingames)
{
    /* reference: both bots answer `random`, seed 42: a draw after 150 plies
     * opening g8e6 h2h8 c8c6 a5c5 e1e4 h8g7 b8c7 a2c4 g1h2 h7d7 e6h3 a4c2
     * c6a8 c2a2 d1d4 g7e5 */
    static const char *opening[] = {"g8e6", "h2h8", "c8c6", "a5c5", "e1e4", "h8g7",
                                    "b8c7", "a2c4", "g1h2", "h7d7", "e6h3", "a4c2",
                                    "c6a8", "c2a2", "d1d4", "g7e5"};
    game t;
    game_init(&t);
    game_play(&t, bot_cmd(&t, "hostile-random"), bot_cmd(&t, "hostile-random"), 1000, 1000,
              150);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s: %s", ref_reason_name(t.r->reason),
                  t.r->detail);
    ck_assert_int_eq(t.r->plies, 150);
    ck_assert_int_eq(t.r->winner, -1);
    ck_assert_int_eq(t.r->scores[0], 0);
    ck_assert_int_eq(t.r->scores[1], 0);
    ck_assert_int_eq(ref_game_ply_count(t.g), 150);
    for (size_t i = 0; i < LOA_COUNT(opening); i++) {
        char m[LOA_MOVE_STRING_MAX];
        ck_assert_str_eq(loa_move_format(ref_game_ply(t.g, (int)i)->move, m), opening[i]);
        ck_assert_int_eq(ref_game_ply(t.g, (int)i)->random, 1);
    }
    ck_assert_int_eq(check_all_gone(&t), 2);
    game_done(&t);
}
END_TEST

/* The reference's start position in generation order (black), sorted. */
static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(first_turn_input_is_byte_exact)
{
    static const char *gen[] = {
        "b1h1", "g1a1", "b8h8", "g8a8", "b1b3", "b8b6", "c1c3", "c8c6", "d1d3",
        "d8d6", "e1e3", "e8e6", "f1f3", "f8f6", "g1g3", "g8g6", "c1a3", "d1b3",
        "e1c3", "f1d3", "g1e3", "b8d6", "c8e6", "d8f6", "e8g6", "f8h6", "g8e6",
        "f8d6", "e8c6", "d8b6", "c8a6", "b1d3", "c1e3", "d1f3", "e1g3", "f1h3"};
    const char *sorted[36];
    memcpy(sorted, gen, sizeof sorted);
    qsort(sorted, 36, sizeof sorted[0], cmp_str);
    char expect[1024];
    size_t o = (size_t)sprintf(expect, "b\n.bbbbbb.\n");
    for (int i = 0; i < 6; i++)
        o += (size_t)sprintf(expect + o, "w......w\n");
    o += (size_t)sprintf(expect + o, ".bbbbbb.\nnull\n36\n");
    for (int i = 0; i < 36; i++)
        o += (size_t)sprintf(expect + o, "%s\n", sorted[i]);

    game t;
    game_init(&t);
    char cmd[PATH_MAX + 32], path[PATH_MAX];
    snprintf(path, sizeof path, "%s/input", t.dir);
    snprintf(cmd, sizeof cmd, "exec 3>&1 cat > '%s'", path); /* stdout kept open */
    game_play(&t, cmd, BIN "/loa-first", 300, 150, 150);
    assert_fault(&t, REF_REASON_TIMEOUT, 0);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char got[2048];
    size_t n = fread(got, 1, sizeof got - 1, f);
    got[n] = '\0';
    fclose(f);
    ck_assert_str_eq(got, expect);
    unlink(path);
    game_done(&t);

    /* white's first turn: colour, the board after black's ply, lastMove */
    game_init(&t);
    snprintf(path, sizeof path, "%s/input", t.dir);
    snprintf(cmd, sizeof cmd, "exec 3>&1 cat > '%s'", path); /* stdout kept open */
    game_play(&t, BIN "/loa-first", cmd, 300, 150, 150);
    assert_fault(&t, REF_REASON_TIMEOUT, 1);
    f = fopen(path, "r");
    n = fread(got, 1, sizeof got - 1, f);
    got[n] = '\0';
    fclose(f);
    char m[LOA_MOVE_STRING_MAX], last[16];
    snprintf(last, sizeof last, "\n%s\n", loa_move_format(ref_game_ply(t.g, 0)->move, m));
    ck_assert(strncmp(got, "w\n", 2) == 0);
    ck_assert_msg(strstr(got, last) == got + 2 + 8 * 9 - 1, "lastMove line not after rows");
    unlink(path);
    game_done(&t);
}
END_TEST

/* ---------------------------------------------------------------- openings */

START_TEST(an_opening_is_applied_by_the_referee_and_counts_in_the_plies)
{
    /* b1d3 a2c2 e1e3: three plies, so white is the first bot to move; it
     * sees the position after them and lastMove e1e3. */
    loa_move opening[REF_OPENING_MAX];
    int n = 0;
    char err[160];
    ck_assert_int_eq(ref_opening_parse("b1d3 a2c2 e1e3", opening, REF_OPENING_MAX, &n, err,
                                       sizeof err),
                     REF_OK);
    game t;
    game_init(&t);
    char cmd[PATH_MAX + 32], path[PATH_MAX];
    snprintf(path, sizeof path, "%s/input", t.dir);
    snprintf(cmd, sizeof cmd, "exec 3>&1 cat > '%s'", path); /* reads, never answers */
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/loa-first";
    c.players[1].command = cmd;
    c.first_turn_ms = 300;
    c.opening = opening;
    c.opening_plies = n;
    ck_assert_int_eq(ref_game_run(&c, &t.g), REF_OK);
    t.r = ref_game_result(t.g);
    assert_fault(&t, REF_REASON_TIMEOUT, 1);
    ck_assert_int_eq(ref_game_ply_count(t.g), 1); /* white's failed turn only */
    ck_assert_int_eq(t.r->plies, 3);
    char got[2048];
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t len = fread(got, 1, sizeof got - 1, f);
    got[len] = '\0';
    fclose(f);
    loa_board b;
    loa_board_init(&b);
    for (int i = 0; i < n; i++)
        loa_make_move(&b, opening[i], NULL);
    char rows[8 * 9 + 1];
    size_t o = 0;
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++)
            rows[o++] = loa_board_square_char(&b, LOA_SQUARE(file, rank));
        rows[o++] = '\n';
    }
    rows[o] = '\0';
    ck_assert(strncmp(got, "w\n", 2) == 0);
    ck_assert_msg(strncmp(got + 2, rows, o) == 0, "board after the opening differs:\n%s", got);
    ck_assert(strncmp(got + 2 + o, "e1e3\n", 5) == 0);
    const loa_move *om;
    ck_assert_int_eq(ref_game_opening(t.g, &om), 3);
    ck_assert_uint_eq(om[2], opening[2]);
    cJSON *j = ref_game_to_json(t.g);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(j, "opening")->valuestring,
                     "b1d3 a2c2 e1e3");
    const cJSON *p0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "plies"), 0);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(p0, "ply")->valuestring, "4"); /* raw */
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(j, "moves")), 0);
    cJSON_Delete(j);
    unlink(path);
    game_done(&t);

    /* The ply limit counts the opening: 3 + 7 bot plies = 10. */
    ref_config_init(&c);
    c.players[0].command = BIN "/loa-first";
    c.players[1].command = BIN "/loa-first";
    c.opening = opening;
    c.opening_plies = n;
    c.max_plies = 10;
    ref_game *g;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_PLY_LIMIT);
    ck_assert_int_eq(ref_game_result(g)->plies, 10);
    ck_assert_int_eq(ref_game_ply_count(g), 7);
    ck_assert_int_eq(ref_game_ply(g, 0)->player, 1);
    ref_game_free(g);

    /* An opening as long as the game, or an illegal one, is refused. */
    c.max_plies = 3;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_E_OPENING);
    ck_assert_ptr_null(g);
    c.max_plies = 150;
    loa_move bad[2] = {opening[0], opening[0]};
    c.opening = bad;
    c.opening_plies = 2;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_E_OPENING);
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
        c.max_plies = 6;
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

/* ---------------------------------------------------------------- threads */

typedef struct par {
    ref_game *g;
    int rc;
} par;

static void *run_par(void *arg)
{
    par *p = arg;
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/hostile-random";
    c.players[1].command = BIN "/hostile-random";
    c.seed = 7;
    c.first_turn_ms = c.turn_ms = 2000;
    p->rc = ref_game_run(&c, &p->g);
    return NULL;
}

START_TEST(parallel_games_in_threads_are_independent)
{
    enum { N = 4 };
    pthread_t th[N];
    par ps[N];
    memset(ps, 0, sizeof ps);
    for (int i = 0; i < N; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, run_par, &ps[i]), 0);
    for (int i = 0; i < N; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < N; i++) {
        ck_assert_int_eq(ps[i].rc, REF_OK);
        const ref_result *r = ref_game_result(ps[i].g);
        ck_assert_msg(!ref_reason_is_fault(r->reason), "game %d: %s", i, r->detail);
        /* same seed, same game: the generators are per game */
        ck_assert_int_eq(ref_game_ply_count(ps[i].g), ref_game_ply_count(ps[0].g));
        for (int k = 0; k < ref_game_ply_count(ps[0].g); k++)
            ck_assert_uint_eq(ref_game_ply(ps[i].g, k)->move, ref_game_ply(ps[0].g, k)->move);
    }
    for (int i = 0; i < N; i++)
        ref_game_free(ps[i].g);
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
        {"seed_42_random_game_is_codingames", seed_42_random_game_is_codingames, 60},
        {"first_turn_input_is_byte_exact", first_turn_input_is_byte_exact, 30},
        {"an_opening_is_applied_by_the_referee_and_counts_in_the_plies",
         an_opening_is_applied_by_the_referee_and_counts_in_the_plies, 30},
        {"no_file_descriptor_is_left_open", no_file_descriptor_is_left_open, 30},
        {"a_bot_inherits_no_descriptor_of_the_referee",
         a_bot_inherits_no_descriptor_of_the_referee, 30},
        {"parallel_games_in_threads_are_independent",
         parallel_games_in_threads_are_independent, 60},
        {"a_group_sigint_at_a_bot_start_does_not_reach_the_bot",
         a_group_sigint_at_a_bot_start_does_not_reach_the_bot, 120},
    };
    if (ref_global_init() != REF_OK)
        return EXIT_FAILURE;
    return loa_run_suite("referee_games", cases, LOA_COUNT(cases));
}
