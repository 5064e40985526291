/*
 * check_board: start position, board string parse/format (every error kind
 * distinct), the status after a ply in the referee's order, groups.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"

#include "check_main.h"

#define START ".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b"

START_TEST(start_position)
{
    loa_board b, p;
    loa_board_init(&b);
    ck_assert_int_eq(loa_popcount(b.pieces[LOA_BLACK]), 12);
    ck_assert_int_eq(loa_popcount(b.pieces[LOA_WHITE]), 12);
    ck_assert_int_eq(loa_board_square_char(&b, LOA_SQUARE(1, 0)), 'b'); /* b1 */
    ck_assert_int_eq(loa_board_square_char(&b, LOA_SQUARE(0, 1)), 'w'); /* a2 */
    ck_assert_int_eq(loa_board_square_char(&b, LOA_SQUARE(0, 0)), '.'); /* a1 */
    ck_assert_int_eq(loa_board_square_char(&b, LOA_SQUARE(6, 7)), 'b'); /* g8 */
    ck_assert_int_eq(loa_board_parse(START, &p), LOA_OK);
    ck_assert(memcmp(&b, &p, sizeof b) == 0);
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_ONGOING);
    ck_assert_int_eq(loa_group_count(b.pieces[LOA_BLACK]), 2);
    ck_assert_int_eq(loa_group_count(b.pieces[LOA_WHITE]), 2);
}
END_TEST

START_TEST(board_string_round_trip)
{
    const char *cases[] = {
        START,
        ".b...b.b/...w.b../..w....w/w......w/....b.../w.....b./.....wb./wwbbb.bw w 22",
        "b......./......../......../......../......../......../......../.......w b 149",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        loa_board b;
        char buf[LOA_BOARD_STRING_MAX];
        ck_assert_int_eq(loa_board_parse(cases[i], &b), LOA_OK);
        ck_assert_int_eq(loa_board_format(&b, buf, sizeof buf), LOA_OK);
        ck_assert_str_eq(buf, cases[i]);
    }
    loa_board b;
    ck_assert_int_eq(loa_board_parse(cases[1], &b), LOA_OK);
    ck_assert_int_eq(b.side, LOA_WHITE);
    ck_assert_int_eq(b.ply, 22);
    char small[10];
    ck_assert_int_eq(loa_board_format(&b, small, sizeof small), LOA_E_INVAL);
}
END_TEST

START_TEST(board_string_errors)
{
    struct {
        const char *text;
        int err;
    } cases[] = {
        {"", LOA_E_BOARD_ROWS},
        {".bbbbbb./w......w b", LOA_E_BOARD_ROWS},
        {".bbbbbb/w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b",
         LOA_E_BOARD_ROW_LENGTH},
        {".bbbbbb.x/w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b",
         LOA_E_BOARD_ROW_LENGTH},
        {".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb./ b",
         LOA_E_BOARD_ROWS},
        {".bbbbbb./w..x...w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b",
         LOA_E_BOARD_CHAR},
        {".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. B",
         LOA_E_BOARD_SIDE},
        {".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb.",
         LOA_E_BOARD_ROWS},
        {".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. bw",
         LOA_E_BOARD_SIDE},
        {".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b x",
         LOA_E_BOARD_PLY},
        {".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b 99999",
         LOA_E_BOARD_PLY},
        {".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b 12 x",
         LOA_E_BOARD_TRAILING},
        {".bbbbbb./......../......../......../......../......../......../.bbbbbb. b",
         LOA_E_BOARD_NO_CHECKERS},
        /* 13 black checkers: no LOA game reaches it (move lists hold 12's) */
        {".bbbbbb./w......w/w......w/w......w/w......w/w.....bw/w......w/.bbbbbb. b",
         LOA_E_BOARD_TOO_MANY},
        {"wwwwwwww/wwwwwwww/......../......../......../......../......../b....... w",
         LOA_E_BOARD_TOO_MANY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        loa_board b;
        loa_board_init(&b);
        b.ply = 77;
        ck_assert_msg(loa_board_parse(cases[i].text, &b) == cases[i].err, "case %zu: '%s' gives %d",
                      i, cases[i].text, loa_board_parse(cases[i].text, &b));
        ck_assert_int_eq(b.ply, 77); /* untouched on error */
    }
    ck_assert_int_eq(loa_board_parse(NULL, NULL), LOA_E_INVAL);
}
END_TEST

/* Status after a ply: mover first, then the side to move, then the limit. */
START_TEST(status_order)
{
    loa_board b;
    /* Both sides connected after black's move: black (the mover) wins. */
    ck_assert_int_eq(
        loa_board_parse("bb....ww/......../......../......../......../......../......../"
                        "........ w 9",
                        &b),
        LOA_OK);
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_BLACK_WINS);
    b.side = LOA_BLACK; /* the same board after white's move: white wins */
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_WHITE_WINS);
    /* Only the side to move is connected (the mover's capture left it one
     * checker): the side to move wins. */
    ck_assert_int_eq(
        loa_board_parse("b......b/......../......../......../......../......../......../"
                        "...w.... w 40",
                        &b),
        LOA_OK);
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_WHITE_WINS);
    /* ...which the fast variant skips on a non-capture, by contract. */
    ck_assert_int_eq(loa_board_status_after(&b, 0, LOA_MAX_PLIES), LOA_ONGOING);
    /* Nobody connected at ply 150: draw; at 149: ongoing; no limit: ongoing. */
    ck_assert_int_eq(
        loa_board_parse("b......b/......../......../......../......../......../......../"
                        "w......w w 150",
                        &b),
        LOA_OK);
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_DRAW);
    ck_assert_int_eq(loa_board_status(&b, 0), LOA_ONGOING);
    b.ply = 149;
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_ONGOING);
    /* A win on the last ply is a win, not a draw. */
    ck_assert_int_eq(
        loa_board_parse("bb....../......../......../......../......../......../......../"
                        "w......w w 150",
                        &b),
        LOA_OK);
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_BLACK_WINS);
}
END_TEST

START_TEST(connection_and_groups)
{
    /* Diagonal contact connects; a gap of one square does not. */
    ck_assert(loa_connected(LOA_BIT(0) | LOA_BIT(9) | LOA_BIT(18)));
    ck_assert(!loa_connected(LOA_BIT(0) | LOA_BIT(2)));
    ck_assert(loa_connected(LOA_BIT(63)));
    ck_assert(loa_connected(0));
    /* No wrap-around between the h-file and the a-file. */
    ck_assert(!loa_connected(LOA_BIT(7) | LOA_BIT(8)));
    ck_assert(!loa_connected(LOA_BIT(15) | LOA_BIT(16)));
    ck_assert_int_eq(loa_group_count(LOA_BIT(7) | LOA_BIT(8) | LOA_BIT(63)), 3);
    ck_assert_int_eq(loa_group_count(0), 0);
    /* A long snake (ranks 1, 3, 5, 7 joined at alternate ends) is one
     * group, which takes the flood fill many steps; cutting a joint splits
     * it. */
    loa_bitboard snake = LOA_RANK_1_BB | LOA_RANK_1_BB << 16 | LOA_RANK_1_BB << 32 |
                         LOA_RANK_1_BB << 48 | LOA_BIT(LOA_SQUARE(7, 1)) |
                         LOA_BIT(LOA_SQUARE(0, 3)) | LOA_BIT(LOA_SQUARE(7, 5));
    ck_assert(loa_connected(snake));
    ck_assert_int_eq(loa_group_count(snake), 1);
    ck_assert(!loa_connected(snake & ~LOA_BIT(LOA_SQUARE(0, 3))));
    ck_assert_int_eq(loa_group_count(snake & ~LOA_BIT(LOA_SQUARE(0, 3))), 2);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"start_position_is_the_reference", start_position, 10},
        {"board_string_round_trips", board_string_round_trip, 10},
        {"board_string_errors_are_distinct", board_string_errors, 10},
        {"status_checks_mover_then_opponent_then_limit", status_order, 10},
        {"connection_is_8_neighbour_without_wrap", connection_and_groups, 10},
    };
    return loa_run_suite("board", cases, LOA_COUNT(cases));
}
