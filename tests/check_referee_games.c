/*
 * check_referee_games: whole games against real bot processes.
 *
 * Every misbehaving bot of bots/hostile/ gets a game that checks the exact
 * end reason (and who is at fault, the scores, exit status or signal), that
 * the game ends within its deadline plus a margin, and that none of the
 * bot's processes (it writes their pids to $HOSTILE_PIDFILE) outlives the
 * game. Also: the seed-42 game of the reference, the exact bytes of a turn's
 * input, failure to start, a referee error (no file descriptors left), the
 * stop flag, games in parallel threads, and the loa-referee command line.
 *
 * Margins: this runs on a loaded 2-core machine, so "ends in time" allows
 * MARGIN_MS on top of the deadline (process start, grace, scheduling), and
 * the faults that must be seen at once run with 5 s limits so that waiting
 * for the deadline would fail the bound by far.
 */
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

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

typedef struct game {
    ref_game *g;
    const ref_result *r;
    int64_t ms;              /* wall time of ref_game_run */
    char dir[64];
    char pidfile[128];
} game;

/* "HOSTILE_PIDFILE=... exec <bin>/<bot args>" */
static char *bot_cmd(game *t, const char *bot)
{
    static char buf[4][1024];
    static int next;
    char *b = buf[next++ % 4];
    snprintf(b, sizeof buf[0], "HOSTILE_PIDFILE='%s' exec " BIN "/%s", t->pidfile, bot);
    return b;
}

static void game_init(game *t)
{
    memset(t, 0, sizeof *t);
    strcpy(t->dir, "/tmp/check_referee_games_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(t->dir));
    snprintf(t->pidfile, sizeof t->pidfile, "%s/pids", t->dir);
}

static void game_play(game *t, const char *black, const char *white, int first_ms, int turn_ms,
                      int max_plies)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = black;
    c.players[1].command = white;
    c.first_turn_ms = first_ms;
    c.turn_ms = turn_ms;
    c.max_plies = max_plies;
    c.seed = 42;
    int64_t t0 = now_ms();
    ck_assert_int_eq(ref_game_run(&c, &t->g), REF_OK);
    t->ms = now_ms() - t0;
    t->r = ref_game_result(t->g);
}

/* 1 while pid is a live process (a zombie is dead: it only waits for its
 * parent, init here, to collect it). */
static int alive(pid_t pid)
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

/* Every pid in the pid file is gone (SIGKILL completes asynchronously in the
 * kernel: allow it a moment). Returns how many pids were listed. */
static int check_all_gone(game *t)
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
    }
    fclose(f);
    return n;
}

static void game_done(game *t)
{
    unlink(t->pidfile);
    rmdir(t->dir);
    ref_game_free(t->g);
}

static void assert_fault(game *t, ref_reason reason, int who)
{
    ck_assert_msg(t->r->reason == reason, "reason %s, expected %s (%s)",
                  ref_reason_name(t->r->reason), ref_reason_name(reason), t->r->detail);
    ck_assert_int_eq(t->r->fault, who);
    ck_assert_int_eq(t->r->winner, 1 - who);
    ck_assert_int_eq(t->r->scores[who], -1);
    ck_assert_int_eq(t->r->scores[1 - who], 0);
}

static void assert_within(game *t, int64_t ms)
{
    ck_assert_msg(t->ms <= ms, "game took %lld ms, bound %lld ms", (long long)t->ms,
                  (long long)ms);
}

static const ref_ply *last_ply(game *t)
{
    int n = ref_game_ply_count(t->g);
    ck_assert_int_gt(n, 0);
    return ref_game_ply(t->g, n - 1);
}

/* ---------------------------------------------------------------- timeouts */

/* ---------------------------------------------------------------- crashes */

/* ---------------------------------------------------------------- hostile bots */

/* A command of the table: "@name args" runs build/bin/name with `exec` and
 * HOSTILE_PIDFILE (the bot writes its pids there); otherwise as written,
 * with {bin} and {pidfile} replaced. */
static const char *row_cmd(game *t, const char *spec, char *buf, size_t size)
{
    if (spec[0] == '@')
        return bot_cmd(t, spec + 1);
    size_t o = 0;
    for (const char *p = spec; *p && o + 1 < size; p++) {
        const char *sub = NULL;
        if (strncmp(p, "{bin}", 5) == 0)
            sub = BIN, p += 4;
        else if (strncmp(p, "{pidfile}", 9) == 0)
            sub = t->pidfile, p += 8;
        if (sub)
            o += (size_t)snprintf(buf + o, size - o, "%s", sub);
        else
            buf[o++] = *p;
    }
    buf[o < size ? o : size - 1] = '\0';
    return buf;
}

#define ANY -2          /* a number not checked */
/* The last ply must have no output line (compared by address). */
static const char no_output_mark[] = "(no output)";
#define NO_OUTPUT no_output_mark
#define LOA_FIRST "{bin}/loa-first"

/* One misbehaviour and exactly how the referee must judge it. */
typedef struct hostile_row {
    const char *black, *white; /* commands (see row_cmd) */
    int first_ms, turn_ms, max_plies;
    ref_reason reason;
    int fault;                 /* side at fault, -1 none (then no winner: a draw) */
    int term_signal, exit_status, plies; /* or ANY */
    int gone;                  /* pids the bots listed, all of them gone after the game */
    int min_ms, bound_ms;      /* the game lasts at least / at most this (margin included) */
    const char *output;        /* the last ply's output line exactly, NO_OUTPUT, or NULL */
    const char *detail;        /* a part of the result's detail, or NULL */
} hostile_row;

static const hostile_row hostile_rows[] = {
    /* timeouts: the silent bot, as black and as white (after black's ply) */
    {"@hostile-silent", LOA_FIRST, 300, 150, 150, REF_REASON_TIMEOUT, 0, ANY, ANY, 0, 1, 300,
     300 + MARGIN_MS, NO_OUTPUT, "no answer within 300 ms"},
    {LOA_FIRST, "@hostile-silent", 300, 150, 150, REF_REASON_TIMEOUT, 1, ANY, ANY, 1, 1, 300,
     300 + MARGIN_MS, NO_OUTPUT, NULL},
    /* two prompt turns, then 1500 ms late with a 200 ms limit: judged at the deadline */
    {LOA_FIRST, "@hostile-slow 1500 2", 1000, 200, 150, REF_REASON_TIMEOUT, 1, ANY, ANY, 5, 1, 200,
     200 + MARGIN_MS + 200, NO_OUTPUT, NULL},
    /* crashes: with their signal or status, judged at once (5 s limits) */
    {"@hostile-crash-start", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CRASHED, 0, SIGABRT, -1,
     ANY, 1, 0, MARGIN_MS, NO_OUTPUT, "SIGABRT"},
    {LOA_FIRST, "@hostile-crash 2", LONG_MS, LONG_MS, 150, REF_REASON_CRASHED, 1, SIGSEGV, -1, 5, 1,
     0, MARGIN_MS, NULL, NULL},
    {"@hostile-exit 3 0", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CRASHED, 0, 0, 0, 6, 1, 0,
     MARGIN_MS, NULL, "exit status 0"},
    /* 127 after having answered is a crash, not a failure to start */
    {"@hostile-exit 1 127", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CRASHED, 0, 0, 127, 2,
     ANY, 0, MARGIN_MS, NULL, NULL},
    /* no `exec` written: the referee still sees the bot itself (its signal,
     * its closed stdin), not the shell around it */
    {"HOSTILE_PIDFILE='{pidfile}' {bin}/hostile-crash-start", LOA_FIRST, LONG_MS, LONG_MS, 150,
     REF_REASON_CRASHED, 0, SIGABRT, ANY, ANY, 1, 0, LONG_MS, NULL, NULL},
    {"HOSTILE_PIDFILE='{pidfile}' {bin}/hostile-close-stdin", LOA_FIRST, LONG_MS, LONG_MS, 150,
     REF_REASON_CLOSED_OUTPUT, 0, ANY, ANY, ANY, 1, 0, MARGIN_MS, NULL, NULL},
    /* a compound command keeps its shell: still judged, still all ended */
    {"cd / && HOSTILE_PIDFILE='{pidfile}' {bin}/hostile-crash 1", LOA_FIRST, LONG_MS, LONG_MS, 150,
     REF_REASON_CRASHED, 0, ANY, 128 + SIGSEGV, ANY, 1, 0, MARGIN_MS, NULL, NULL},
    /* the leader exits with 3 while its children hold the pipes open: bot,
     * 2 children, 1 grandchild, all ended */
    {"@hostile-fork 2 3", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CRASHED, 0, ANY, 3, ANY, 4,
     0, MARGIN_MS, NULL, NULL},
    /* a whole normal game: the children that ignore SIGTERM die at its end */
    {LOA_FIRST, "@hostile-fork -1", 1000, 1000, 10, REF_REASON_PLY_LIMIT, -1, ANY, ANY, 10, 4, 0,
     LONG_MS, NULL, NULL},
    {"@hostile-ignore-term", LOA_FIRST, 1000, 1000, 10, REF_REASON_PLY_LIMIT, -1, ANY, ANY, 10, 1,
     0, MARGIN_MS + 300, NULL, NULL},
    /* pipes */
    {LOA_FIRST, "@hostile-endless", LONG_MS, LONG_MS, 150, REF_REASON_INVALID_LINE_TOO_LONG, 1,
     ANY, ANY, ANY, 1, 0, MARGIN_MS, NULL, "without a newline"},
    {"@hostile-close-stdin", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CLOSED_OUTPUT, 0, ANY,
     ANY, ANY, 1, 0, MARGIN_MS, NULL, "standard input"},
    {LOA_FIRST, "@hostile-close-stdin", LONG_MS, LONG_MS, 150, REF_REASON_CLOSED_OUTPUT, 1, ANY,
     ANY, ANY, 1, 0, MARGIN_MS, NULL, "standard input"},
    {"exec >&-; sleep 30", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CLOSED_OUTPUT, 0, ANY, ANY,
     ANY, 0, 0, MARGIN_MS, NULL, "standard output"},
    /* invalid answers end the game with their reason */
    {"@hostile-say pass", LOA_FIRST, 1000, 1000, 150, REF_REASON_INVALID_PASS, 0, ANY, ANY, ANY, 1,
     0, LONG_MS, "pass", "invalid action 'pass': pass while legal moves exist"},
    {"@hostile-say ''", LOA_FIRST, 1000, 1000, 150, REF_REASON_INVALID_EMPTY, 0, ANY, ANY, ANY, 1, 0,
     LONG_MS, "", "invalid action '': empty action"},
    {"@hostile-say ' e1e3'", LOA_FIRST, 1000, 1000, 150, REF_REASON_INVALID_EMPTY, 0, ANY, ANY, ANY,
     1, 0, LONG_MS, " e1e3", "invalid action"},
    {"@hostile-say 'hello world'", LOA_FIRST, 1000, 1000, 150, REF_REASON_INVALID_NOT_A_MOVE, 0,
     ANY, ANY, ANY, 1, 0, LONG_MS, "hello world", "not a move"},
    {"@hostile-say e1e4", LOA_FIRST, 1000, 1000, 150, REF_REASON_INVALID_UNKNOWN_MOVE, 0, ANY, ANY,
     ANY, 1, 0, LONG_MS, "e1e4", "no legal move is a prefix of it"},
    {"@hostile-say E1E3", LOA_FIRST, 1000, 1000, 150, REF_REASON_INVALID_UNKNOWN_MOVE, 0, ANY, ANY,
     ANY, 1, 0, LONG_MS, "E1E3", "invalid action"},
    {"@hostile-say 'e1e3 ok' 'b1b2 no'", LOA_FIRST, 1000, 1000, 150,
     REF_REASON_INVALID_UNKNOWN_MOVE, 0, ANY, ANY, ANY, 1, 0, LONG_MS, "b1b2 no", "invalid action"},
    /* commands that cannot run: the shell's 127, as black and as white */
    {"/nonexistent/bot --x", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_FAILED_TO_START, 0, ANY,
     127, 0, 0, 0, MARGIN_MS, NULL, "command not found"},
    {LOA_FIRST, "no-such-command-anywhere", LONG_MS, LONG_MS, 150, REF_REASON_FAILED_TO_START, 1,
     ANY, 127, 1, 0, 0, LONG_MS, NULL, NULL},
};

START_TEST(hostile_bots_are_judged_exactly)
{
    const hostile_row *row = &hostile_rows[_i];
    game t;
    char b[1024], w[1024];
    game_init(&t);
    game_play(&t, row_cmd(&t, row->black, b, sizeof b), row_cmd(&t, row->white, w, sizeof w),
              row->first_ms, row->turn_ms, row->max_plies);
    ck_assert_msg(t.r->reason == row->reason, "row %d: reason %s, expected %s (%s)", _i,
                  ref_reason_name(t.r->reason), ref_reason_name(row->reason), t.r->detail);
    if (row->fault >= 0) {
        assert_fault(&t, row->reason, row->fault);
    } else {
        ck_assert_int_eq(t.r->fault, -1);
        ck_assert_int_eq(t.r->winner, -1);
        ck_assert_int_eq(t.r->scores[0], 0);
        ck_assert_int_eq(t.r->scores[1], 0);
    }
    if (row->term_signal != ANY)
        ck_assert_int_eq(t.r->term_signal, row->term_signal);
    if (row->exit_status != ANY)
        ck_assert_int_eq(t.r->exit_status, row->exit_status);
    if (row->plies != ANY)
        ck_assert_int_eq(t.r->plies, row->plies);
    ck_assert_int_ge(t.ms, row->min_ms);
    assert_within(&t, row->bound_ms);
    if (row->output == NO_OUTPUT) {
        ck_assert_ptr_null(last_ply(&t)->output);
        ck_assert_uint_eq(last_ply(&t)->move, LOA_MOVE_NONE);
    } else if (row->output) {
        ck_assert_str_eq(last_ply(&t)->output, row->output);
        ck_assert_uint_eq(last_ply(&t)->move, LOA_MOVE_NONE);
    }
    if (row->detail)
        ck_assert_msg(strstr(t.r->detail, row->detail), "row %d: detail '%s' lacks '%s'", _i,
                      t.r->detail, row->detail);
    int gone = check_all_gone(&t);
    if (row->gone != ANY)
        ck_assert_int_eq(gone, row->gone);
    game_done(&t);
}
END_TEST

START_TEST(an_endless_line_keeps_its_start_in_the_record)
{
    game t;
    game_init(&t);
    game_play(&t, BIN "/loa-first", bot_cmd(&t, "hostile-endless"), LONG_MS, LONG_MS, 150);
    assert_fault(&t, REF_REASON_INVALID_LINE_TOO_LONG, 1);
    const ref_ply *p = last_ply(&t);
    ck_assert_ptr_nonnull(p->output);
    ck_assert_uint_eq(strspn(p->output, "x"), strlen(p->output));
    ck_assert_uint_eq(strlen(p->output), 1024);
    game_done(&t);
}
END_TEST

/* ---------------------------------------------------------------- pipes */

START_TEST(stderr_flood_is_drained_and_only_a_tail_kept)
{
    game t;
    game_init(&t);
    game_play(&t, bot_cmd(&t, "hostile-flood 8 256"), BIN "/loa-first", 1000, 1000, 20);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s: %s", ref_reason_name(t.r->reason),
                  t.r->detail);
    assert_within(&t, 2000); /* 8 MB + 19 x 256 KB of stderr, drained as it comes */
    for (int i = 0; i < ref_game_ply_count(t.g); i++) {
        const ref_ply *p = ref_game_ply(t.g, i);
        if (p->player != 0)
            continue;
        char end[32];
        snprintf(end, sizeof end, "end of turn %d\n", i / 2 + 1);
        size_t n = strlen(p->stderr_tail), e = strlen(end);
        ck_assert_uint_le(n, REF_STDERR_CAP);
        ck_assert_uint_ge(n, REF_STDERR_CAP - 64);
        ck_assert_msg(n >= e && strcmp(p->stderr_tail + n - e, end) == 0,
                      "ply %d: stderr tail does not end with '%s'", i + 1, end);
    }
    ck_assert_int_eq(check_all_gone(&t), 1);
    game_done(&t);
}
END_TEST

START_TEST(stderr_of_the_waiting_bot_is_drained_too)
{
    /* black floods 4 MB after each answer while white thinks 300 ms: the
     * flood only completes at once if the referee reads the stderr of the
     * bot that is not to move */
    game t;
    game_init(&t);
    game_play(&t, bot_cmd(&t, "hostile-flood 0 4096 after"), bot_cmd(&t, "hostile-slow 300"),
              1000, 1000, 6);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s: %s", ref_reason_name(t.r->reason),
                  t.r->detail);
    for (int i = 2; i < 6; i += 2) {
        const ref_ply *p = ref_game_ply(t.g, i);
        int ms = -1;
        ck_assert_int_eq(sscanf(p->comment, "flood-ms=%d", &ms), 1);
        ck_assert_msg(ms >= 0 && ms < 250, "ply %d: the flood was blocked %d ms", i + 1, ms);
        /* what it printed between its plies is kept with its next ply
         * (which exact bytes end the tail depends on when the answer was
         * read: the next flood starts right after it) */
        ck_assert_uint_gt(strlen(p->stderr_tail), 0);
        ck_assert_uint_le(strlen(p->stderr_tail), REF_STDERR_CAP);
    }
    ck_assert_int_eq(check_all_gone(&t), 2);
    game_done(&t);
}
END_TEST

START_TEST(extra_lines_answer_the_next_turns)
{
    game t;
    game_init(&t);
    game_play(&t, bot_cmd(&t, "hostile-multi"), BIN "/loa-first", 1000, 1000, 12);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s: %s", ref_reason_name(t.r->reason),
                  t.r->detail);
    assert_within(&t, MARGIN_MS);
    const ref_ply *p = ref_game_ply(t.g, 0);
    ck_assert_str_eq(p->comment, "one");
    ck_assert_int_eq(p->random, 0);
    p = ref_game_ply(t.g, 2);
    ck_assert_str_eq(p->output, "random two");
    ck_assert_int_eq(p->random, 1);
    p = ref_game_ply(t.g, 4);
    ck_assert_str_eq(p->output, "random three");
    ck_assert_int_eq(p->random, 1);
    ck_assert_str_eq(p->comment, "three");
    ck_assert_int_eq(ref_game_ply(t.g, 6)->random, 0);
    ck_assert_int_eq(check_all_gone(&t), 1);
    game_done(&t);
}
END_TEST

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

/* ---------------------------------------------------------------- CLI */

/* Runs a shell command; returns its exit status, stdout in out, stderr in
 * err (each cut to its size). */
static int run_cli(const char *args, char *out, size_t osz, char *err, size_t esz)
{
    char dir[] = "/tmp/check_referee_cli_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char cmd[4096];
    snprintf(cmd, sizeof cmd, BIN "/loa-referee %s >%s/out 2>%s/err </dev/null", args, dir,
             dir);
    int st = system(cmd);
    ck_assert(WIFEXITED(st));
    char path[PATH_MAX];
    char *bufs[2] = {out, err};
    size_t sizes[2] = {osz, esz};
    const char *names[2] = {"out", "err"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(bufs[i], 1, sizes[i] - 1, f) : 0;
        bufs[i][n] = '\0';
        if (f)
            fclose(f);
        unlink(path);
    }
    rmdir(dir);
    return WEXITSTATUS(st);
}

START_TEST(cli_prints_scores_and_seed)
{
    char out[4096], err[4096];
    /* cg-brutaltester form, seed 42, JSON record */
    char dir[] = "/tmp/check_referee_rec_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char args[1024], rec[128], txt[128];
    snprintf(rec, sizeof rec, "%s/r.json", dir);
    snprintf(txt, sizeof txt, "%s/r.txt", dir);
    snprintf(args, sizeof args,
             "-p1 " BIN "/hostile-random -p2 '" BIN "/hostile-random x' -d seed=42 -l %s "
             "--text-record %s --olympiad",
             rec, txt);
    ck_assert_int_eq(run_cli(args, out, sizeof out, err, sizeof err), 0);
    ck_assert_str_eq(out, "0\n0\nseed=42\n");
    ck_assert_ptr_nonnull(strstr(err, "draw"));
    FILE *f = fopen(rec, "r");
    ck_assert_ptr_nonnull(f);
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    cJSON *j = cJSON_Parse(text);
    ck_assert_ptr_nonnull(j);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "seed")->valueint, 42);
    cJSON *moves = cJSON_GetObjectItem(j, "moves");
    ck_assert_int_eq(cJSON_GetArraySize(moves), 150);
    ck_assert_str_eq(cJSON_GetArrayItem(moves, 0)->valuestring, "g8e6");
    cJSON_Delete(j);
    f = fopen(txt, "r");
    ck_assert_ptr_nonnull(f);
    n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "1. G8-E6 H2-H8 {x} 2. C8-C6"));
    unlink(rec);
    unlink(txt);
    rmdir(dir);

    /* friendly options; a bot at fault still exits 0 */
    ck_assert_int_eq(run_cli("--black " BIN "/loa-first --white 'exec sleep 5' --seed -7 "
                             "--first-turn-ms 200 --turn-ms 100 --max-plies 20 -q",
                             out, sizeof out, err, sizeof err),
                     0);
    ck_assert_str_eq(out, "0\n-1\nseed=-7\n");
    ck_assert_str_eq(err, "");

    /* a missing seed is drawn and printed; verbose draws boards */
    ck_assert_int_eq(run_cli("-p1 " BIN "/loa-first -p2 " BIN "/loa-first --max-plies 2 -v",
                             out, sizeof out, err, sizeof err),
                     0);
    long long seed;
    int s1, s2;
    ck_assert_int_eq(sscanf(out, "%d\n%d\nseed=%lld\n", &s1, &s2, &seed), 3);
    ck_assert_ptr_nonnull(strstr(err, "ply 1 black"));
    ck_assert_ptr_nonnull(strstr(err, "     a b c d e f g h\n"));
}
END_TEST

START_TEST(cli_bad_options_exit_2_with_one_line)
{
    static const char *bad[] = {
        "-p1 a",                           /* missing -p2 */
        "-p2 a",                           /* missing -p1 */
        "-p1 a -p2 b -d seed=x",           /* bad seed */
        "-p1 a -p2 b -d level=3",          /* unknown parameter */
        "-p1 a -p2 b --seed 99999999999999999999", /* out of range */
        "-p1 a -p2 b --turn-ms 0",
        "-p1 a -p2 b --max-plies -1",
        "-p1 a -p2 b --bogus",
        "-p1 a -p2 b -p3 c",
        "-p1 a -p2 b stray",
        "-p1 a -p2 b --turn-ms",           /* missing argument */
    };
    char out[4096], err[4096];
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        ck_assert_msg(run_cli(bad[i], out, sizeof out, err, sizeof err) == 2, "%s", bad[i]);
        ck_assert_str_eq(out, "");
        char *nl = strchr(err, '\n');
        ck_assert_msg(nl && nl[1] == '\0', "not one line for '%s': %s", bad[i], err);
        ck_assert(strncmp(err, "loa-referee: ", 13) == 0);
    }
    ck_assert_int_eq(run_cli("--help", out, sizeof out, err, sizeof err), 0);
    static const char *documented[] = {"-p1", "-p2", "--black", "--white", "-d", "--seed",
                                       "--record", "--text-record", "--olympiad",
                                       "--turn-ms", "--first-turn-ms", "--max-plies",
                                       "--verbose", "--quiet", "--help", "Exit status",
                                       "130"};
    for (size_t i = 0; i < LOA_COUNT(documented); i++)
        ck_assert_msg(strstr(out, documented[i]), "--help lacks %s", documented[i]);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"stderr_flood_is_drained_and_only_a_tail_kept",
         stderr_flood_is_drained_and_only_a_tail_kept, 60},
        {"stderr_of_the_waiting_bot_is_drained_too", stderr_of_the_waiting_bot_is_drained_too,
         30},
        {"extra_lines_answer_the_next_turns", extra_lines_answer_the_next_turns, 30},
        {"failed_to_start_for_a_file_not_executable_or_a_bad_cwd",
         failed_to_start_for_a_file_not_executable_or_a_bad_cwd, 30},
        {"an_endless_line_keeps_its_start_in_the_record",
         an_endless_line_keeps_its_start_in_the_record, 30},
        {"out_of_file_descriptors_is_a_referee_error",
         out_of_file_descriptors_is_a_referee_error, 30},
        {"stop_fd_aborts_promptly", stop_fd_aborts_promptly, 30},
        {"seed_42_random_game_is_codingames", seed_42_random_game_is_codingames, 60},
        {"first_turn_input_is_byte_exact", first_turn_input_is_byte_exact, 30},
        {"no_file_descriptor_is_left_open", no_file_descriptor_is_left_open, 30},
        {"parallel_games_in_threads_are_independent",
         parallel_games_in_threads_are_independent, 60},
        {"cli_prints_scores_and_seed", cli_prints_scores_and_seed, 60},
        {"cli_bad_options_exit_2_with_one_line", cli_bad_options_exit_2_with_one_line, 60},
    };
    if (ref_global_init() != REF_OK)
        return EXIT_FAILURE;
    const loa_loop_tcase loops[] = {
        {"hostile_bots_are_judged_exactly", hostile_bots_are_judged_exactly, 30,
         (int)LOA_COUNT(hostile_rows)},
    };
    return loa_run_suite_loops("referee_games", cases, LOA_COUNT(cases), loops,
                               LOA_COUNT(loops));
}
