/*
 * check_referee: the referee's pure parts and its records.
 *   - answer judging (answer.h): prefix matching in generation order,
 *     `random` on the game generator, `pass` rules, case, leading space,
 *     empty line, every invalid reason;
 *   - reason names, fault classes, the reason and error tables, config
 *     defaults;
 *   - the bot layer's "gone, and why".
 * The records are check_referee_record's, a turn's input bytes
 * check_referee_turn_input's.
 */
#include <check.h>
#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "answer.h"
#include "bot.h"
#include "check_main.h"
#include "ref/referee.h"

#define BIN LOA_BIN_DIR

/* ---------------------------------------------------------------- answers */

typedef struct pos {
    loa_board b;
    loa_move gen[LOA_MAX_MOVES];
    int n;
} pos;

static void start_pos(pos *p)
{
    loa_board_init(&p->b);
    p->n = loa_generate_moves_cg(&p->b, p->gen);
}

static ref_answer judge(pos *p, const char *line, size_t len, loa_jrandom *rng)
{
    ref_answer a;
    ref_answer_judge(line, len, p->gen, p->n, rng, &a);
    return a;
}

static ref_answer judge_str(pos *p, const char *line)
{
    loa_jrandom rng;
    loa_jrandom_seed(&rng, 1);
    return judge(p, line, strlen(line), &rng);
}

static const char *fmt(loa_move m)
{
    static char buf[LOA_MOVE_STRING_MAX];
    return loa_move_format(m, buf);
}

START_TEST(answer_accepts_a_legal_move_and_its_prefix_extensions)
{
    pos p;
    start_pos(&p);
    ref_answer a = judge_str(&p, "e1e3");
    ck_assert_int_eq(a.invalid, REF_REASON_NONE);
    ck_assert_str_eq(fmt(a.move), "e1e3");
    ck_assert_ptr_null(a.comment);
    /* the action only has to START with a legal move */
    a = judge_str(&p, "e1e3xyz");
    ck_assert_int_eq(a.invalid, REF_REASON_NONE);
    ck_assert_str_eq(fmt(a.move), "e1e3");
    /* a Windows line end is just more text after the move */
    a = judge_str(&p, "b8d6\r");
    ck_assert_int_eq(a.invalid, REF_REASON_NONE);
    ck_assert_str_eq(fmt(a.move), "b8d6");
    /* bytes after the move do not matter, even NUL */
    a = judge(&p, "c1c3\0zz", 7, NULL);
    ck_assert_str_eq(fmt(a.move), "c1c3");
    ck_assert_int_eq(a.random, 0);
}
END_TEST

START_TEST(answer_keeps_the_whole_comment_after_the_first_space)
{
    pos p;
    start_pos(&p);
    ref_answer a = judge_str(&p, "e1e3 hello  world, this is long ");
    ck_assert_int_eq(a.invalid, REF_REASON_NONE);
    ck_assert_uint_eq(a.action_len, 4);
    ck_assert_uint_eq(a.comment_len, strlen("hello  world, this is long "));
    ck_assert(memcmp(a.comment, "hello  world, this is long ", a.comment_len) == 0);
    a = judge_str(&p, "e1e3 ");
    ck_assert_ptr_nonnull(a.comment);
    ck_assert_uint_eq(a.comment_len, 0);
    /* the comment never changes the action */
    a = judge_str(&p, "e1e3 random pass");
    ck_assert_str_eq(fmt(a.move), "e1e3");
    ck_assert_int_eq(a.random, 0);
}
END_TEST

START_TEST(answer_prefix_match_takes_the_first_legal_move_in_generation_order)
{
    /* Every legal move's 4 chars differ, so the first generated move that is
     * a prefix is the only one; check it for every move of a real position
     * and that the returned move is the generated one (capture flag kept). */
    loa_board b;
    ck_assert_int_eq(loa_board_parse(".b.wb..w/w......./.wwbbw../.......w/.......w/...wb.b./"
                                     "b...w..w/...b.b.. b 34",
                                     &b),
                     0);
    pos p = {.b = b};
    p.n = loa_generate_moves_cg(&p.b, p.gen);
    ck_assert_int_gt(p.n, 10);
    for (int i = 0; i < p.n; i++) {
        char line[16];
        snprintf(line, sizeof line, "%s!x", fmt(p.gen[i]));
        ref_answer a = judge_str(&p, line);
        ck_assert_int_eq(a.invalid, REF_REASON_NONE);
        ck_assert_uint_eq(a.move, p.gen[i]);
    }
}
END_TEST

START_TEST(answer_random_draws_once_in_generation_order)
{
    pos p;
    start_pos(&p);
    loa_jrandom rng, ref;
    loa_jrandom_seed(&rng, 42);
    loa_jrandom_seed(&ref, 42);
    ref_answer a = judge(&p, "random", 6, &rng);
    ck_assert_int_eq(a.invalid, REF_REASON_NONE);
    ck_assert_int_eq(a.random, 1);
    /* reference: seed 42, nextInt(36) = 26, index into generation order,
     * which is g8e6 (the reference's seed-42 game opens with it) */
    ck_assert_int_eq(loa_jrandom_next_int(&ref, 36), 26);
    ck_assert_uint_eq(a.move, p.gen[26]);
    ck_assert_str_eq(fmt(a.move), "g8e6");
    /* exactly one draw: both generators are in step */
    ck_assert_int_eq(loa_jrandom_next_int(&rng, 1000000007),
                     loa_jrandom_next_int(&ref, 1000000007));
    /* with a comment */
    a = judge(&p, "random because", 14, &rng);
    ck_assert_int_eq(a.random, 1);
    ck_assert_uint_eq(a.comment_len, 7);
}
END_TEST

START_TEST(answer_pass_rules)
{
    pos p;
    start_pos(&p);
    /* pass while moves exist */
    ck_assert_int_eq(judge_str(&p, "pass").invalid, REF_REASON_INVALID_PASS);
    ck_assert_int_eq(judge_str(&p, "pass because").invalid, REF_REASON_INVALID_PASS);
    /* no legal move: pass accepted, random is a pass and draws nothing */
    pos none = {.n = 0};
    loa_board_init(&none.b);
    loa_jrandom rng, ref;
    loa_jrandom_seed(&rng, 7);
    loa_jrandom_seed(&ref, 7);
    ref_answer a = judge(&none, "pass", 4, &rng);
    ck_assert_int_eq(a.invalid, REF_REASON_NONE);
    ck_assert_uint_eq(a.move, LOA_MOVE_PASS);
    a = judge(&none, "random", 6, &rng);
    ck_assert_int_eq(a.invalid, REF_REASON_NONE);
    ck_assert_uint_eq(a.move, LOA_MOVE_PASS);
    ck_assert_int_eq(a.random, 1);
    ck_assert_int_eq(loa_jrandom_next(&rng, 31), loa_jrandom_next(&ref, 31));
    /* a move when none is legal */
    ck_assert_int_eq(judge(&none, "e1e3", 4, &rng).invalid, REF_REASON_INVALID_UNKNOWN_MOVE);
    /* `pass` is a whole action, not a prefix */
    ck_assert_int_eq(judge(&none, "passe", 5, &rng).invalid, REF_REASON_INVALID_NOT_A_MOVE);
}
END_TEST

START_TEST(answer_invalid_reasons)
{
    pos p;
    start_pos(&p);
    ck_assert_int_eq(judge_str(&p, "").invalid, REF_REASON_INVALID_EMPTY);
    ck_assert_int_eq(judge_str(&p, " e1e3").invalid, REF_REASON_INVALID_EMPTY);
    ck_assert_int_eq(judge_str(&p, " ").invalid, REF_REASON_INVALID_EMPTY);
    /* shaped like a move, not legal: wrong distance, own piece, off board */
    ck_assert_int_eq(judge_str(&p, "e1e4").invalid, REF_REASON_INVALID_UNKNOWN_MOVE);
    ck_assert_int_eq(judge_str(&p, "a2a3").invalid, REF_REASON_INVALID_UNKNOWN_MOVE);
    ck_assert_int_eq(judge_str(&p, "z9e1").invalid, REF_REASON_INVALID_UNKNOWN_MOVE);
    /* case-sensitive */
    ck_assert_int_eq(judge_str(&p, "E1E3").invalid, REF_REASON_INVALID_UNKNOWN_MOVE);
    ck_assert_int_eq(judge_str(&p, "RANDOM").invalid, REF_REASON_INVALID_NOT_A_MOVE);
    ck_assert_int_eq(judge_str(&p, "Pass").invalid, REF_REASON_INVALID_NOT_A_MOVE);
    /* words and fragments */
    ck_assert_int_eq(judge_str(&p, "hello").invalid, REF_REASON_INVALID_NOT_A_MOVE);
    ck_assert_int_eq(judge_str(&p, "e1e").invalid, REF_REASON_INVALID_NOT_A_MOVE);
    ck_assert_int_eq(judge_str(&p, "randomly").invalid, REF_REASON_INVALID_NOT_A_MOVE);
    ck_assert_int_eq(judge_str(&p, "random\r").invalid, REF_REASON_INVALID_NOT_A_MOVE);
    ck_assert_int_eq(judge_str(&p, "E1-E3").invalid, REF_REASON_INVALID_NOT_A_MOVE);
    ck_assert_int_eq(judge_str(&p, "\te1e3").invalid, REF_REASON_INVALID_NOT_A_MOVE);
}
END_TEST

/* ---------------------------------------------------------------- input */

/* ---------------------------------------------------------------- names */

START_TEST(reason_names_round_trip)
{
    static const char *names[] = {"none",
                                  "connected",
                                  "opponent_connected",
                                  "ply_limit",
                                  "timeout",
                                  "invalid_unknown_move",
                                  "invalid_pass",
                                  "invalid_empty",
                                  "invalid_not_a_move",
                                  "invalid_line_too_long",
                                  "crashed",
                                  "closed_output",
                                  "failed_to_start",
                                  "referee_error",
                                  "aborted"};
    for (int r = REF_REASON_NONE; r <= REF_REASON_ABORTED; r++) {
        ck_assert_str_eq(ref_reason_name((ref_reason)r), names[r]);
        ck_assert_int_eq(ref_reason_from_name(names[r]), r);
    }
    ck_assert_int_eq(ref_reason_from_name("Timeout"), REF_REASON_NONE);
    ck_assert_int_eq(ref_reason_from_name(NULL), REF_REASON_NONE);
    ck_assert_str_eq(ref_reason_name((ref_reason)999), "none");
    for (int r = REF_REASON_NONE; r <= REF_REASON_ABORTED; r++) {
        int fault = r >= REF_REASON_TIMEOUT && r <= REF_REASON_FAILED_TO_START;
        ck_assert_int_eq(ref_reason_is_fault((ref_reason)r), fault);
    }
}
END_TEST

START_TEST(reason_table_gives_distinct_names_and_descriptions)
{
    /* The table (REF_REASON_MAP) has exactly the 15 reasons of the records'
     * schema, with distinct names and a description each. */
    ck_assert_int_eq(REF_REASON_COUNT, 15);
    for (int a = 0; a < REF_REASON_COUNT; a++) {
        ck_assert_str_ne(ref_reason_describe((ref_reason)a), "");
        for (int b = a + 1; b < REF_REASON_COUNT; b++)
            ck_assert_str_ne(ref_reason_name((ref_reason)a), ref_reason_name((ref_reason)b));
    }
    ck_assert_str_eq(ref_reason_describe(REF_REASON_INVALID_PASS), "pass while legal moves exist");
    ck_assert_str_eq(ref_reason_describe(REF_REASON_COUNT), "");
    ck_assert_int_eq(ref_reason_is_fault(REF_REASON_COUNT), 0);
}
END_TEST

START_TEST(error_table_codes_lie_in_the_referees_range)
{
    int n = 0;
#define XX(name, code, text)                                       \
    ck_assert_int_ge(code, -199);                                  \
    ck_assert_int_le(code, -101);                                  \
    ck_assert_str_eq(ref_strerror(code), text);                    \
    ck_assert_str_ne(ref_strerror(code), "unknown referee error"); \
    n++;
    REF_ERROR_MAP(XX)
#undef XX
    ck_assert_int_eq(n, 14); /* 9, and the process layer's 5 (ref/process.h) */
    ck_assert_str_eq(ref_strerror(REF_OK), "success");
}
END_TEST

/* Starts a bot and reads until it is gone; returns how the bot layer says
 * it went. */
static ref_bot_gone gone_of(const char *command)
{
    ref_bot bot;
    ref_bot_init(&bot);
    ref_player p = {NULL, command, NULL, REF_SANDBOX_OFF};
    int err = 0;
    char detail[200];
    ck_assert_int_eq(ref_bot_start(&bot, &p, NULL, &err, detail, sizeof detail), REF_BOT_STARTED);
    const char *line;
    size_t len;
    int64_t at;
    ref_chan_rc rc =
        ref_bot_read(&bot, NULL, ref_chan_now_ns() + 5000000000LL, -1, &line, &len, &at);
    ck_assert_msg(rc == REF_CHAN_EOF || rc == REF_CHAN_EXITED || rc == REF_CHAN_INPUT_CLOSED,
                  "%s: read gave %d", command, (int)rc);
    ref_bot_gone g;
    ref_bot_gone_why(&bot, rc, &g);
    ref_bot_end_pair(&bot, NULL);
    return g;
}

START_TEST(bot_layer_says_how_a_bot_went_away)
{
    ref_bot_gone g = gone_of(BIN "/hostile-crash-start");
    ck_assert_int_eq(g.kind, REF_BOT_GONE_CRASHED);
    ck_assert_int_eq(g.term_signal, SIGABRT);
    ck_assert_int_eq(g.exit_status, -1);
    ck_assert_ptr_nonnull(strstr(g.text, "crashed (killed by signal"));

    g = gone_of("exit 4");
    ck_assert_int_eq(g.kind, REF_BOT_GONE_CRASHED);
    ck_assert_int_eq(g.exit_status, 4);
    ck_assert_int_eq(g.term_signal, 0);

    /* the shell's 127 before any output: the command was not found */
    g = gone_of("/nonexistent/bot");
    ck_assert_int_eq(g.kind, REF_BOT_GONE_FAILED_TO_START);
    ck_assert_int_eq(g.exit_status, 127);
    ck_assert_ptr_nonnull(strstr(g.text, "command not found"));

    /* after writing something, 127 is the bot's own exit status */
    g = gone_of("echo -n x; exit 127");
    ck_assert_int_eq(g.kind, REF_BOT_GONE_CRASHED);
    ck_assert_int_eq(g.exit_status, 127);

    g = gone_of("exec >&-; sleep 30");
    ck_assert_int_eq(g.kind, REF_BOT_GONE_CLOSED_OUTPUT);
    ck_assert_str_eq(g.text, "closed its standard output and kept running");

    g = gone_of("exec <&-; sleep 30");
    ck_assert_int_eq(g.kind, REF_BOT_GONE_CLOSED_INPUT);
    ck_assert_str_eq(g.text, "closed its standard input and kept running");
}
END_TEST

START_TEST(bot_layer_reports_a_bad_working_directory_as_the_bots_fault)
{
    ref_bot bot;
    ref_bot_init(&bot);
    ref_player p = {NULL, "true", "/nonexistent/dir", REF_SANDBOX_OFF};
    int err = 0;
    char detail[200] = "";
    ck_assert_int_eq(ref_bot_start(&bot, &p, NULL, &err, detail, sizeof detail),
                     REF_BOT_CANNOT_START);
    ck_assert_str_eq(detail, "failed to start (working directory: No such file or directory)");
    ref_bot_end_pair(&bot, NULL);
}
END_TEST

START_TEST(opening_parse_reads_spaces_and_commas)
{
    loa_move m[REF_OPENING_MAX];
    int n = -1;
    char err[160] = "";
    ck_assert_int_eq(ref_opening_parse(" b1d3, a2c2 ,e1e3  ", m, REF_OPENING_MAX, &n, err,
                                       sizeof err),
                     REF_OK);
    ck_assert_int_eq(n, 3);
    char text[REF_OPENING_TEXT_MAX];
    ck_assert_str_eq(ref_opening_format(m, n, text, sizeof text), "b1d3 a2c2 e1e3");
    ck_assert_int_eq(ref_opening_parse("", m, REF_OPENING_MAX, &n, err, sizeof err), REF_OK);
    ck_assert_int_eq(n, 0);
    ck_assert_str_eq(ref_opening_format(m, 0, text, sizeof text), "");
}
END_TEST

START_TEST(opening_parse_names_the_bad_ply)
{
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"b1d3 a2c9", "ply 2 'a2c9': not a move (e2e3 or pass)"},
        {"b1d3 B1D3", "ply 2 'B1D3': not a move (e2e3 or pass)"},
        {"b1d3 b1b3", "ply 2 'b1b3': not a legal move for white here"},
        {"b1b2", "ply 1 'b1b2': not a legal move for black here"},
        {"pass", "ply 1 'pass': not a legal move for black here"},
        {"b1d3 a2c2 b1d3x", "ply 3 'b1d3x': not a move (e2e3 or pass)"},
    };
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        loa_move m[REF_OPENING_MAX];
        int n;
        char err[160] = "";
        ck_assert_int_eq(ref_opening_parse(bad[i].text, m, REF_OPENING_MAX, &n, err, sizeof err),
                         REF_E_OPENING);
        ck_assert_str_eq(err, bad[i].why);
    }
    loa_move m[2];
    int n;
    char err[160] = "";
    ck_assert_int_eq(ref_opening_parse("b1d3 a2c2 e1e3", m, 2, &n, err, sizeof err), REF_E_OPENING);
    ck_assert_str_eq(err, "more than 2 plies");
}
END_TEST

START_TEST(opening_check_refuses_a_won_position)
{
    /* Random play from the start (the SDK's own rules) until a side wins;
     * that line, as an opening, must be refused at its last ply, and one
     * ply shorter accepted. */
    loa_jrandom rng;
    for (int64_t seed = 1; seed < 2000; seed++) {
        loa_jrandom_seed(&rng, seed);
        loa_board b;
        loa_board_init(&b);
        loa_move line[REF_OPENING_MAX];
        int n = 0;
        while (n < REF_OPENING_MAX) {
            loa_move gen[LOA_MAX_MOVES];
            int k = loa_generate_moves(&b, gen);
            line[n] = k ? gen[loa_jrandom_next_int(&rng, k)] : LOA_MOVE_PASS;
            loa_make_move(&b, line[n++], NULL);
            if (loa_board_status(&b, 1000) != LOA_ONGOING)
                break;
        }
        if (loa_board_status(&b, 1000) == LOA_ONGOING)
            continue;
        char err[160] = "", want[64], m[LOA_MOVE_STRING_MAX];
        ck_assert_int_eq(ref_opening_check(line, n, err, sizeof err), REF_E_OPENING);
        snprintf(want, sizeof want, "ply %d '%s': the game is won after it", n,
                 loa_move_format(line[n - 1], m));
        ck_assert_str_eq(err, want);
        ck_assert_int_eq(ref_opening_check(line, n - 1, err, sizeof err), REF_OK);
        return;
    }
    ck_abort_msg("no random game was won within %d plies", REF_OPENING_MAX);
}
END_TEST

START_TEST(error_strings_and_defaults)
{
    int codes[] = {REF_E_INVAL, REF_E_NOMEM, REF_E_SYSTEM, REF_E_IO, REF_E_JSON};
    for (size_t i = 0; i < LOA_COUNT(codes); i++)
        for (size_t j = i + 1; j < LOA_COUNT(codes); j++)
            ck_assert_str_ne(ref_strerror(codes[i]), ref_strerror(codes[j]));
    ck_assert_str_eq(ref_strerror(-9999), "unknown referee error");
    ref_config c;
    memset(&c, 0x55, sizeof c);
    ref_config_init(&c);
    ck_assert_int_eq(c.limits.first_turn_ms, 1000);
    ck_assert_int_eq(c.limits.turn_ms, 150);
    ck_assert_int_eq(c.limits.max_plies, 150);
    ck_assert_int_eq(c.seed, 0);
    ck_assert(c.on_ply == NULL);
    ck_assert_int_eq(c.stop_fd, -1);
    ck_assert_ptr_null(c.players[0].command);
    /* bad configs are refused before anything starts */
    ref_game *g = (ref_game *)&c;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_E_INVAL);
    ck_assert_ptr_null(g);
    c.players[0].command = "true";
    c.players[1].command = "";
    ck_assert_int_eq(ref_game_run(&c, &g), REF_E_INVAL);
    c.players[1].command = "true";
    c.limits.turn_ms = 0;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_E_INVAL);
    ck_assert_int_eq(ref_game_run(NULL, &g), REF_E_INVAL);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"answer_accepts_a_legal_move_and_its_prefix_extensions",
         answer_accepts_a_legal_move_and_its_prefix_extensions, 10},
        {"answer_keeps_the_whole_comment_after_the_first_space",
         answer_keeps_the_whole_comment_after_the_first_space, 10},
        {"answer_prefix_match_takes_the_first_legal_move_in_generation_order",
         answer_prefix_match_takes_the_first_legal_move_in_generation_order, 10},
        {"answer_random_draws_once_in_generation_order",
         answer_random_draws_once_in_generation_order, 10},
        {"answer_pass_rules", answer_pass_rules, 10},
        {"answer_invalid_reasons", answer_invalid_reasons, 10},
        {"reason_names_round_trip", reason_names_round_trip, 10},
        {"error_strings_and_defaults", error_strings_and_defaults, 10},
        {"opening_parse_reads_spaces_and_commas", opening_parse_reads_spaces_and_commas, 10},
        {"opening_parse_names_the_bad_ply", opening_parse_names_the_bad_ply, 10},
        {"opening_check_refuses_a_won_position", opening_check_refuses_a_won_position, 30},
        {"reason_table_gives_distinct_names_and_descriptions",
         reason_table_gives_distinct_names_and_descriptions, 10},
        {"error_table_codes_lie_in_the_referees_range", error_table_codes_lie_in_the_referees_range,
         10},
        {"bot_layer_says_how_a_bot_went_away", bot_layer_says_how_a_bot_went_away, 30},
        {"bot_layer_reports_a_bad_working_directory_as_the_bots_fault",
         bot_layer_reports_a_bad_working_directory_as_the_bots_fault, 10},
    };
    if (ref_global_init() != REF_OK)
        return EXIT_FAILURE;
    return loa_run_suite("referee", cases, LOA_COUNT(cases));
}
