/* check_notation: CodinGame and Olympiad move text, errors, round trips. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"

#include "check_main.h"

START_TEST(round_trip_every_square_pair)
{
    for (int from = 0; from < 64; from++)
        for (int to = 0; to < 64; to++) {
            if (from == to)
                continue;
            loa_move m = LOA_MOVE_MAKE(from, to), back;
            char cg[LOA_MOVE_STRING_MAX], ol[LOA_MOVE_STRING_MAX];
            loa_move_format(m, cg);
            loa_move_format_olympiad(m, ol);
            ck_assert_int_eq(strlen(cg), 4);
            ck_assert_int_eq(strlen(ol), 5);
            ck_assert_int_eq(loa_move_parse(cg, &back), LOA_OK);
            ck_assert_uint_eq(back, m);
            ck_assert_int_eq(loa_move_parse_olympiad(ol, &back), LOA_OK);
            ck_assert_uint_eq(back, m);
        }
}
END_TEST

START_TEST(known_strings)
{
    loa_move m;
    char buf[LOA_MOVE_STRING_MAX];
    ck_assert_int_eq(loa_move_parse("e2e3", &m), LOA_OK);
    ck_assert_int_eq(LOA_MOVE_FROM(m), 12); /* e2 = file 4 + 8 * rank 1 */
    ck_assert_int_eq(LOA_MOVE_TO(m), 20);
    ck_assert_str_eq(loa_move_format_olympiad(m, buf), "E2-E3");
    ck_assert_int_eq(loa_move_parse_olympiad("e2-e3", &m), LOA_OK); /* lower case too */
    ck_assert_str_eq(loa_move_format(m, buf), "e2e3");
    ck_assert_int_eq(loa_move_parse("pass", &m), LOA_OK);
    ck_assert_uint_eq(m, LOA_MOVE_PASS);
    ck_assert_str_eq(loa_move_format(LOA_MOVE_PASS, buf), "pass");
    ck_assert_str_eq(loa_move_format_olympiad(LOA_MOVE_PASS, buf), "pass");
    ck_assert_str_eq(loa_move_format(LOA_MOVE_NONE, buf), "null");
    ck_assert_int_eq(loa_square_parse("a1"), 0);
    ck_assert_int_eq(loa_square_parse("h8"), 63);
    loa_square_format(63, buf);
    ck_assert_str_eq(buf, "h8");
}
END_TEST

START_TEST(errors)
{
    struct {
        const char *text;
        int err;
    } cg[] = {
        {"", LOA_E_MOVE_SYNTAX},          {"e2e", LOA_E_MOVE_SYNTAX},
        {"e2e3 ", LOA_E_MOVE_SYNTAX},     {" e2e3", LOA_E_MOVE_SYNTAX},
        {"E2E3", LOA_E_MOVE_SYNTAX},      {"i2e3", LOA_E_MOVE_SYNTAX},
        {"e9e3", LOA_E_MOVE_SYNTAX},      {"e0e3", LOA_E_MOVE_SYNTAX},
        {"e2e2", LOA_E_MOVE_SAME_SQUARE}, {"Pass", LOA_E_MOVE_SYNTAX},
        {"e2-e3", LOA_E_MOVE_SYNTAX},     {"random", LOA_E_MOVE_SYNTAX},
    };
    for (size_t i = 0; i < sizeof cg / sizeof cg[0]; i++) {
        loa_move m = 123;
        ck_assert_msg(loa_move_parse(cg[i].text, &m) == cg[i].err, "'%s'", cg[i].text);
        ck_assert_uint_eq(m, 123); /* untouched on error */
    }
    struct {
        const char *text;
        int err;
    } ol[] = {
        {"E2E3", LOA_E_MOVE_SYNTAX},       {"E2-E", LOA_E_MOVE_SYNTAX},
        {"E2_E3", LOA_E_MOVE_SYNTAX},      {"I2-E3", LOA_E_MOVE_SYNTAX},
        {"E2-E2", LOA_E_MOVE_SAME_SQUARE}, {"E2-E3x", LOA_E_MOVE_SYNTAX},
    };
    for (size_t i = 0; i < sizeof ol / sizeof ol[0]; i++) {
        loa_move m;
        ck_assert_msg(loa_move_parse_olympiad(ol[i].text, &m) == ol[i].err, "'%s'", ol[i].text);
    }
    loa_move m;
    ck_assert_int_eq(loa_move_parse(NULL, &m), LOA_E_INVAL);
    ck_assert_int_eq(loa_square_parse("z1"), LOA_E_MOVE_SYNTAX);
}
END_TEST

START_TEST(error_messages_name_the_input)
{
    char buf[96];
    ck_assert_str_eq(loa_describe_error(LOA_E_MOVE_SYNTAX, "x\ny", buf, sizeof buf),
                     "not a move (expected e2e3, E2-E3 or pass): 'x\\x0Ay'");
    /* Long hostile text is cut, marked, and the buffer never overflows. */
    char big[300];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    loa_describe_error(LOA_E_MOVE_SYNTAX, big, buf, sizeof buf);
    ck_assert_uint_lt(strlen(buf), sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "...'"));
    /* (Every code having its own description is check_turn's error-map
     * test: it walks LOA_ERROR_MAP rather than assuming contiguous codes.) */
    ck_assert_str_eq(loa_strerror(-999), "unknown error");
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"both_notations_round_trip_every_square_pair", round_trip_every_square_pair, 10},
        {"known_strings_parse_and_format", known_strings, 10},
        {"bad_text_gives_distinct_errors", errors, 10},
        {"error_messages_name_the_input", error_messages_name_the_input, 10},
    };
    return loa_run_suite("notation", cases, LOA_COUNT(cases));
}
