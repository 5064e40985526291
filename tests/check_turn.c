/* check_turn: the bot-side protocol reader and writer on good and bad input. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"

#include "check_main.h"

#define ROWS_START \
    ".bbbbbb.\nw......w\nw......w\nw......w\nw......w\nw......w\nw......w\n.bbbbbb.\n"

static const char *black_first =
    "b\n" ROWS_START "null\n36\n"
    "b1b3\nb1d3\nb1h1\nb8b6\nb8d6\nb8h8\nc1a3\nc1c3\nc1e3\nc8a6\nc8c6\nc8e6\nd1b3\nd1d3\nd1f3\n"
    "d8b6\nd8d6\nd8f6\ne1c3\ne1e3\ne1g3\ne8c6\ne8e6\ne8g6\nf1d3\nf1f3\nf1h3\nf8d6\nf8f6\nf8h6\n"
    "g1a1\ng1e3\ng1g3\ng8a8\ng8e6\ng8g6\n";

/* Reads turns from text with a fresh loa_turn; returns the last code. */
static int read_text(const char *text, loa_turn *t, int turns)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    ck_assert_ptr_nonnull(f);
    loa_turn_init(t);
    int rc = LOA_OK;
    for (int i = 0; i < turns && rc == LOA_OK; i++)
        rc = loa_turn_read(f, t);
    fclose(f);
    return rc;
}

START_TEST(black_first_turn)
{
    loa_turn t;
    ck_assert_int_eq(read_text(black_first, &t, 1), LOA_OK);
    loa_board start;
    loa_board_init(&start);
    ck_assert(memcmp(&t.board, &start, sizeof start) == 0);
    ck_assert_int_eq(t.color, LOA_BLACK);
    ck_assert_uint_eq(t.last_move, LOA_MOVE_NONE);
    ck_assert_int_eq(t.move_count, 36);
    ck_assert_int_eq(t.turns_read, 1);
    char buf[LOA_MOVE_STRING_MAX];
    ck_assert_str_eq(loa_move_format(t.moves[0], buf), "b1b3");
    ck_assert_str_eq(loa_move_format(t.moves[35], buf), "g8g6");
    /* The list is exactly the generator's, sorted. */
    loa_move mine[LOA_MAX_MOVES];
    int n = loa_generate_moves(&t.board, mine);
    loa_sort_moves(mine, n);
    ck_assert_int_eq(n, t.move_count);
    for (int i = 0; i < n; i++)
        ck_assert_uint_eq(mine[i], t.moves[i]);
}
END_TEST

START_TEST(later_turns_and_white)
{
    /* White's first turn sees black's move; then a second turn without the
     * colour line, with a pass as lastMove and the forced pass. */
    const char *text = "w\n"
                       ".bbbbbb.\nw......w\nw......w\nw......w\nw......w\nw......w\nw......w\n"
                       "..bbbbb.\nb1h1\n2\na2c2\nh2f2\n"
                       "......wb\n......ww\n........\n........\n........\n........\nww......\n"
                       "bw......\npass\n1\npass\n";
    loa_turn t;
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    loa_turn_init(&t);
    ck_assert_int_eq(loa_turn_read(f, &t), LOA_OK);
    ck_assert_int_eq(t.color, LOA_WHITE);
    ck_assert_int_eq(t.board.side, LOA_WHITE);
    ck_assert_int_eq(t.board.ply, 1);
    char buf[LOA_MOVE_STRING_MAX];
    ck_assert_str_eq(loa_move_format(t.last_move, buf), "b1h1");
    ck_assert_int_eq(t.move_count, 2);
    ck_assert_int_eq(loa_turn_read(f, &t), LOA_OK);
    ck_assert_int_eq(t.color, LOA_WHITE);
    ck_assert_int_eq(t.board.ply, 3);
    ck_assert_uint_eq(t.last_move, LOA_MOVE_PASS);
    ck_assert_int_eq(t.move_count, 1);
    ck_assert_uint_eq(t.moves[0], LOA_MOVE_PASS);
    ck_assert_int_eq(loa_turn_read(f, &t), LOA_E_EOF); /* game over: clean end */
    fclose(f);
}
END_TEST

START_TEST(crlf_and_capture_flags)
{
    const char *text = "b\r\n"
                       ".......b\r\n........\r\n........\r\n........\r\n........\r\n........\r\n"
                       "w.......\r\nb.w.....\r\nnull\r\n1\r\na1c1\r\n";
    loa_turn t;
    ck_assert_int_eq(read_text(text, &t, 1), LOA_OK);
    ck_assert_uint_eq(t.moves[0], LOA_MOVE_MAKE(0, 2) | LOA_MOVE_CAPTURE);
    ck_assert(loa_is_legal(&t.board, t.moves[0]));
}
END_TEST

static void expect_error(const char *text, int turns, int err, const char *needle)
{
    loa_turn t;
    int rc = read_text(text, &t, turns);
    ck_assert_msg(rc == err, "expected %d (%s), got %d (%s) for input:\n%s", err, loa_strerror(err),
                  rc, loa_strerror(rc), text);
    ck_assert_msg(strstr(t.error, needle) != NULL, "error '%s' does not name '%s'", t.error,
                  needle);
}

START_TEST(every_bad_input_has_its_error)
{
    char long_line[400];
    memset(long_line, 'b', sizeof long_line - 2);
    long_line[sizeof long_line - 2] = '\n';
    long_line[sizeof long_line - 1] = '\0';

    expect_error("", 1, LOA_E_EOF, "colour");
    expect_error("b\n.bbbbbb.\n", 1, LOA_E_TRUNCATED, "row 2");
    expect_error("x\n", 1, LOA_E_COLOR, "'x'");
    expect_error("black\n", 1, LOA_E_COLOR, "'black'");
    expect_error(long_line, 1, LOA_E_LINE_TOO_LONG, "colour");
    expect_error("b\n.bbbbb.\n", 1, LOA_E_ROW_LENGTH, "'.bbbbb.'");
    expect_error("b\n.bbbbbb..\n", 1, LOA_E_ROW_LENGTH, "row 1");
    expect_error("b\n.bbbxbb.\n", 1, LOA_E_ROW_CHAR, "'.bbbxbb.'");
    expect_error("b\n.bbbbbb.\n........\n........\n........\n........\n........\n........\n"
                 ".bbbbbb.\nnull\n1\nb1b3\n",
                 1, LOA_E_BOARD_NO_CHECKERS, "board");
    /* a full board of black: more than 12 checkers, refused before any
     * move list is built */
    expect_error("b\nbbbbbbbb\nbbbbbbbb\nbbbbbbbb\nbbbbbbbb\nbbbbbbbb\nbbbbbbbb\nbbbbbbbb\n"
                 "bbbbbbbw\nnull\n1\nb1b3\n",
                 1, LOA_E_BOARD_TOO_MANY, "board");
    expect_error("b\n" ROWS_START "e2e\n", 1, LOA_E_LAST_MOVE, "'e2e'");
    expect_error("b\n" ROWS_START, 1, LOA_E_TRUNCATED, "lastMove");
    expect_error("b\n" ROWS_START "null\nabc\n", 1, LOA_E_MOVE_COUNT, "'abc'");
    expect_error("b\n" ROWS_START "null\n0\n", 1, LOA_E_MOVE_COUNT, "moveCount");
    expect_error("b\n" ROWS_START "null\n97\n", 1, LOA_E_MOVE_COUNT, "'97'");
    expect_error("b\n" ROWS_START "null\n-1\n", 1, LOA_E_MOVE_COUNT, "'-1'");
    expect_error("b\n" ROWS_START "null\n\n", 1, LOA_E_MOVE_COUNT, "moveCount");
    expect_error("b\n" ROWS_START "null\n2\nb1b3\nE2E3\n", 1, LOA_E_MOVE_LINE, "move 2 of 2");
    expect_error("b\n" ROWS_START "null\n2\nb1b3\npass\n", 1, LOA_E_PASS_LINE, "'pass'");
    expect_error("b\n" ROWS_START "null\n3\nb1b3\n", 1, LOA_E_TRUNCATED, "move 2 of 3");
    /* `null` is only black's very first lastMove. */
    expect_error("b\n" ROWS_START "null\n1\nb1b3\n" ROWS_START "null\n", 2, LOA_E_LAST_MOVE,
                 "'null'");
    /* Hostile bytes are shown escaped, not raw. */
    expect_error("\x1b[2J\n", 1, LOA_E_COLOR, "\\x1B[2J");
}
END_TEST

START_TEST(too_long_line_keeps_stream_in_sync)
{
    /* After a line over the cap the reader has consumed it whole. */
    char text[600];
    memset(text, 'z', 500);
    strcpy(text + 500, "\nb\n");
    FILE *f = fmemopen(text, strlen(text), "r");
    loa_turn t;
    loa_turn_init(&t);
    ck_assert_int_eq(loa_turn_read(f, &t), LOA_E_LINE_TOO_LONG);
    char rest[8] = {0};
    ck_assert_ptr_nonnull(fgets(rest, sizeof rest, f));
    ck_assert_str_eq(rest, "b\n");
    fclose(f);
}
END_TEST

static char *write_with(int (*fn)(FILE *), int *rc)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    *rc = fn(f);
    fclose(f);
    return buf;
}

static int w_move(FILE *f)
{
    return loa_turn_write(f, LOA_MOVE_MAKE(12, 20) | LOA_MOVE_CAPTURE, "hi there");
}
static int w_pass(FILE *f)
{
    return loa_turn_write(f, LOA_MOVE_PASS, NULL);
}
static int w_random(FILE *f)
{
    return loa_turn_write_random(f, "");
}
static int w_bad_comment(FILE *f)
{
    return loa_turn_write(f, LOA_MOVE_MAKE(1, 2), "two\nlines");
}
static int w_none(FILE *f)
{
    return loa_turn_write(f, LOA_MOVE_NONE, NULL);
}

START_TEST(writer)
{
    int rc;
    char *s;
    s = write_with(w_move, &rc);
    ck_assert_int_eq(rc, LOA_OK);
    ck_assert_str_eq(s, "e2e3 hi there\n");
    free(s);
    s = write_with(w_pass, &rc);
    ck_assert_str_eq(s, "pass\n");
    free(s);
    s = write_with(w_random, &rc);
    ck_assert_str_eq(s, "random\n");
    free(s);
    s = write_with(w_bad_comment, &rc);
    ck_assert_int_eq(rc, LOA_E_COMMENT);
    ck_assert_str_eq(s, ""); /* nothing half-written */
    free(s);
    s = write_with(w_none, &rc);
    ck_assert_int_eq(rc, LOA_E_INVAL);
    free(s);
}
END_TEST

static const struct {
    int code;
    const char *name;
} loa_codes[] = {
#define LOA_XX(name, code, text) {code, #name},
    LOA_ERROR_MAP(LOA_XX)
#undef LOA_XX
};

/* Every code of LOA_ERROR_MAP lies in the SDK's range -1..-99 and has a
 * message of its own (not another code's, not the fallback), so that a bot
 * author told "colour line is not 'b' or 'w'" knows which check failed. */
START_TEST(error_codes_have_own_messages_in_range)
{
    const char *unknown = loa_strerror(-100);
    ck_assert_str_eq(unknown, "unknown error");
    ck_assert_str_eq(loa_strerror(LOA_OK), "success");
    ck_assert_str_eq(loa_strerror(1), unknown);
    ck_assert_uint_ge(LOA_COUNT(loa_codes), 23);
    for (size_t i = 0; i < LOA_COUNT(loa_codes); i++) {
        int c = loa_codes[i].code;
        ck_assert_msg(c <= -1 && c >= -99, "LOA_E_%s = %d is outside -1..-99", loa_codes[i].name,
                      c);
        const char *m = loa_strerror(c);
        ck_assert_msg(m[0] && strcmp(m, unknown) != 0 && strcmp(m, "success") != 0,
                      "LOA_E_%s has no message of its own", loa_codes[i].name);
        for (size_t j = 0; j < i; j++) {
            ck_assert_int_ne(loa_codes[j].code, c);
            ck_assert_msg(strcmp(loa_strerror(loa_codes[j].code), m) != 0,
                          "LOA_E_%s and LOA_E_%s share a message", loa_codes[j].name,
                          loa_codes[i].name);
        }
    }
    ck_assert_str_eq(loa_strerror(LOA_E_EOF), "end of input");
    ck_assert_str_eq(loa_strerror(LOA_E_COLOR), "colour line is not 'b' or 'w'");
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"reads_blacks_first_turn", black_first_turn, 10},
        {"reads_white_and_later_turns_and_pass", later_turns_and_white, 10},
        {"tolerates_crlf_and_flags_captures", crlf_and_capture_flags, 10},
        {"every_bad_input_has_its_own_error", every_bad_input_has_its_error, 10},
        {"too_long_line_keeps_stream_in_sync", too_long_line_keeps_stream_in_sync, 10},
        {"writes_answers_and_refuses_bad_comments", writer, 10},
        {"error_codes_have_own_messages_in_range", error_codes_have_own_messages_in_range, 10},
    };
    return loa_run_suite("turn", cases, LOA_COUNT(cases));
}
