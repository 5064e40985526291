/*
 * check_movegen_codingame: the generator's order is CodinGame's (the lists
 * of the start position for both sides, from the reference), so that a
 * bot answering `random` plays CodinGame's game: the seed-42 game's
 * opening and its draw after 150 plies. The rest of the generator:
 * check_movegen.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"
#include "loa/playout.h"

#include "check_main.h"

static void split_moves(const char *list, char out[][8], int *n)
{
    *n = 0;
    const char *p = list;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        int k = 0;
        while (*p && *p != ' ' && k < 7)
            out[*n][k++] = *p++;
        out[*n][k] = '\0';
        (*n)++;
    }
}

static void check_order(loa_color side, const char *want_list)
{
    loa_board b;
    loa_board_init(&b);
    b.side = side;
    char want[LOA_MAX_MOVES][8];
    int nw;
    split_moves(want_list, want, &nw);
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves_cg(&b, mv);
    ck_assert_int_eq(n, nw);
    for (int i = 0; i < n; i++) {
        char buf[LOA_MOVE_STRING_MAX];
        ck_assert_str_eq(loa_move_format(mv[i], buf), want[i]);
    }
}

START_TEST(generation_order_start)
{
    /* Both lists from the reference, "`random` is reproducible". */
    check_order(LOA_BLACK,
                "b1h1 g1a1 b8h8 g8a8 b1b3 b8b6 c1c3 c8c6 d1d3 d8d6 e1e3 e8e6 f1f3 f8f6 g1g3 g8g6 "
                "c1a3 d1b3 e1c3 f1d3 g1e3 b8d6 c8e6 d8f6 e8g6 f8h6 g8e6 f8d6 e8c6 d8b6 c8a6 b1d3 "
                "c1e3 d1f3 e1g3 f1h3");
    check_order(LOA_WHITE,
                "a2c2 h2f2 a3c3 h3f3 a4c4 h4f4 a5c5 h5f5 a6c6 h6f6 a7c7 h7f7 a2a8 a7a1 h2h8 h7h1 "
                "a3c1 a4c2 a5c3 a6c4 a7c5 h2f4 h3f5 h4f6 h5f7 h6f8 a2c4 a3c5 a4c6 a5c7 a6c8 h7f5 "
                "h6f4 h5f3 h4f2 h3f1");
}
END_TEST

START_TEST(seed_42_random_game)
{
    /* Both bots answer `random`: one shared java.util.Random(42), nextInt
     * over the generation order; the reference gives the opening and says
     * the game is a draw after 150 plies. */
    const char *opening = "g8e6 h2h8 c8c6 a5c5 e1e4 h8g7 b8c7 a2c4 g1h2 h7d7 e6h3 a4c2 c6a8 c2a2 "
                          "d1d4 g7e5";
    char want[32][8];
    int nw;
    split_moves(opening, want, &nw);
    loa_jrandom r;
    loa_jrandom_seed(&r, 42);
    loa_board b;
    loa_board_init(&b);
    loa_status st = LOA_ONGOING;
    while (st == LOA_ONGOING) {
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves_cg(&b, mv);
        loa_move m = n ? mv[loa_jrandom_next_int(&r, n)] : LOA_MOVE_PASS;
        if (b.ply < nw) {
            char buf[LOA_MOVE_STRING_MAX];
            ck_assert_str_eq(loa_move_format(m, buf), want[b.ply]);
        }
        loa_make_move(&b, m, NULL);
        st = loa_board_status(&b, LOA_MAX_PLIES);
    }
    ck_assert_int_eq(st, LOA_DRAW);
    ck_assert_int_eq(b.ply, 150);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"generation_order_is_codingames", generation_order_start, 10},
        {"seed_42_random_game_is_codingames", seed_42_random_game, 10},
    };
    return loa_run_suite("movegen_codingame", cases, LOA_COUNT(cases));
}
