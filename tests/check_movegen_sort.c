/*
 * check_movegen_sort: loa_sort_moves, the order in which the referee lists
 * a turn's moves to bots: the plain byte order of their `e2e3` strings,
 * for a position's list and for any list (keys repeated, flags set, more
 * than LOA_MAX_MOVES), as a stable sort by string would give it.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "loa/loa.h"

START_TEST(sorted_order_is_byte_order)
{
    loa_board b;
    loa_board_init(&b);
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves_cg(&b, mv);
    loa_sort_moves(mv, n);
    for (int i = 1; i < n; i++) {
        char a[LOA_MOVE_STRING_MAX], c[LOA_MOVE_STRING_MAX];
        ck_assert_int_lt(strcmp(loa_move_format(mv[i - 1], a), loa_move_format(mv[i], c)), 0);
    }
    char first[LOA_MOVE_STRING_MAX];
    ck_assert_str_eq(loa_move_format(mv[0], first), "b1b3"); /* as in the reference example */
}
END_TEST

/* The order of the moves' strings (flags ignored), then of their places
 * in the list: what a stable sort by string gives. */
static int by_string_then_place(const void *a, const void *b)
{
    const unsigned *x = a, *y = b;
    char s[LOA_MOVE_STRING_MAX], t[LOA_MOVE_STRING_MAX];
    int c = strcmp(loa_move_format((loa_move)(x[0] & 0x0FFF), s),
                   loa_move_format((loa_move)(y[0] & 0x0FFF), t));
    return c ? c : (int)x[1] - (int)y[1];
}

/* Any list, not only a position's: random moves with flags, keys unique
 * or repeated (the insertion path, stable), up to 96 moves and beyond
 * LOA_MAX_MOVES, each sorted as a stable sort by string would. */
START_TEST(any_list_sorts_as_its_strings)
{
    srand(1234);
    for (int round = 0; round < 3000; round++) {
        int n = rand() % (round % 10 == 0 ? 2 * LOA_MAX_MOVES : LOA_MAX_MOVES + 1);
        int repeats = round % 3 == 0;
        loa_move mv[2 * LOA_MAX_MOVES];
        unsigned want[2 * LOA_MAX_MOVES][2];
        for (int i = 0; i < n; i++) {
            int from = rand() % 64, to = (from + 1 + rand() % 63) % 64; /* a1a1 is "null" */
            if (repeats && i > 0 && rand() % 4 == 0)
                mv[i] = (loa_move)((mv[rand() % i] & 0x0FFF) | (rand() % 2) * LOA_MOVE_CAPTURE);
            else
                mv[i] = (loa_move)(LOA_MOVE_MAKE(from, to) | (rand() % 2) * LOA_MOVE_CAPTURE);
            want[i][0] = mv[i];
            want[i][1] = (unsigned)i;
        }
        /* one move a from-to pair, as in a position's list: cut at the
         * first repeat */
        for (int i = 1; !repeats && i < n; i++)
            for (int j = 0; j < i; j++)
                if (LOA_MOVE_SQUARES(mv[j]) == LOA_MOVE_SQUARES(mv[i])) {
                    n = i;
                    break;
                }
        qsort(want, (size_t)n, sizeof want[0], by_string_then_place);
        loa_sort_moves(mv, n);
        for (int i = 0; i < n; i++)
            ck_assert_msg(mv[i] == (loa_move)want[i][0], "round %d, n %d, move %d: %04x, not %04x",
                          round, n, i, mv[i], want[i][0]);
    }
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"sorted_order_is_byte_order", sorted_order_is_byte_order, 10},
        {"any_list_sorts_as_its_strings", any_list_sorts_as_its_strings, 30},
    };
    return loa_run_suite("movegen_sort", cases, LOA_COUNT(cases));
}
