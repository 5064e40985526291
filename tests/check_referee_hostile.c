/*
 * check_referee_hostile: every misbehaving bot of bots/hostile/ gets a game
 * (one row of hostile_rows) that checks the exact end reason, who is at
 * fault, the scores, exit status or signal, the plies, that the game ends
 * within its deadline plus a margin, and that none of the bot's processes
 * outlives it; then the pipes: endless lines, stderr floods (drained, only
 * a tail kept, also while the bot waits), extra lines answering later turns.
 */
#include "referee_test_util.h"

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

#define ANY -2 /* a number not checked */
/* The last ply must have no output line (compared by address). */
static const char no_output_mark[] = "(no output)";
#define NO_OUTPUT no_output_mark
#define LOA_FIRST "{bin}/loa-first"

/* One misbehaviour and exactly how the referee must judge it. */
typedef struct hostile_row {
    const char *black, *white; /* commands (see row_cmd) */
    int first_ms, turn_ms, max_plies;
    ref_reason reason;
    int fault;                           /* side at fault, -1 none (then no winner: a draw) */
    int term_signal, exit_status, plies; /* or ANY */
    int gone;                            /* pids the bots listed, all of them gone after the game */
    int min_ms, bound_ms; /* the game lasts at least / at most this (margin included) */
    const char *output;   /* the last ply's output line exactly, NO_OUTPUT, or NULL */
    const char *detail;   /* a part of the result's detail, or NULL */
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
    {"@hostile-exit 1 127", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CRASHED, 0, 0, 127, 2, ANY,
     0, MARGIN_MS, NULL, NULL},
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
    /* children that escaped the bot's process group (setsid, setpgid) and
     * their own child: ended and reaped all the same */
    {"@hostile-fork 2 3 1", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CRASHED, 0, ANY, 3, ANY, 4,
     0, MARGIN_MS, NULL, NULL},
    {LOA_FIRST, "@hostile-fork -1 0 2", 1000, 1000, 10, REF_REASON_PLY_LIMIT, -1, ANY, ANY, 10, 4,
     0, LONG_MS, NULL, NULL},
    /* a whole normal game: the children that ignore SIGTERM die at its end */
    {LOA_FIRST, "@hostile-fork -1", 1000, 1000, 10, REF_REASON_PLY_LIMIT, -1, ANY, ANY, 10, 4, 0,
     LONG_MS, NULL, NULL},
    {"@hostile-ignore-term", LOA_FIRST, 1000, 1000, 10, REF_REASON_PLY_LIMIT, -1, ANY, ANY, 10, 1,
     0, MARGIN_MS + 300, NULL, NULL},
    /* pipes */
    {LOA_FIRST, "@hostile-endless", LONG_MS, LONG_MS, 150, REF_REASON_INVALID_LINE_TOO_LONG, 1, ANY,
     ANY, ANY, 1, 0, MARGIN_MS, NULL, "without a newline"},
    {"@hostile-close-stdin", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CLOSED_OUTPUT, 0, ANY,
     ANY, ANY, 1, 0, MARGIN_MS, NULL, "standard input"},
    {LOA_FIRST, "@hostile-close-stdin", LONG_MS, LONG_MS, 150, REF_REASON_CLOSED_OUTPUT, 1, ANY,
     ANY, ANY, 1, 0, MARGIN_MS, NULL, "standard input"},
    {"exec >&-; sleep 30", LOA_FIRST, LONG_MS, LONG_MS, 150, REF_REASON_CLOSED_OUTPUT, 0, ANY, ANY,
     ANY, 0, 0, MARGIN_MS, NULL, "standard output"},
    /* invalid answers end the game with their reason */
    {"@hostile-say pass", LOA_FIRST, 1000, 1000, 150, REF_REASON_INVALID_PASS, 0, ANY, ANY, ANY, 1,
     0, LONG_MS, "pass", "invalid action 'pass': pass while legal moves exist"},
    {"@hostile-say ''", LOA_FIRST, 1000, 1000, 150, REF_REASON_INVALID_EMPTY, 0, ANY, ANY, ANY, 1,
     0, LONG_MS, "", "invalid action '': empty action"},
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
    game_play(&t, bot_cmd(&t, "hostile-flood 0 4096 after"), bot_cmd(&t, "hostile-slow 300"), 1000,
              1000, 6);
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

int main(void)
{
    const loa_tcase cases[] = {
        {"an_endless_line_keeps_its_start_in_the_record",
         an_endless_line_keeps_its_start_in_the_record, 30},
        {"stderr_flood_is_drained_and_only_a_tail_kept",
         stderr_flood_is_drained_and_only_a_tail_kept, 60},
        {"stderr_of_the_waiting_bot_is_drained_too", stderr_of_the_waiting_bot_is_drained_too, 30},
        {"extra_lines_answer_the_next_turns", extra_lines_answer_the_next_turns, 30},
    };
    const loa_loop_tcase loops[] = {
        {"hostile_bots_are_judged_exactly", hostile_bots_are_judged_exactly, 30,
         (int)LOA_COUNT(hostile_rows)},
    };
    if (ref_global_init() != REF_OK)
        return EXIT_FAILURE;
    return loa_run_suite_loops("referee_hostile", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
