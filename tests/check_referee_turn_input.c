/*
 * check_referee_turn_input: the bytes of a turn's input (turn_input.h), as
 * CodinGame's protocol has them: the colour line on a bot's first turn
 * only, the rows, lastMove, moveCount and the moves in byte order, `1`
 * and `pass` without a legal move; byte for byte the plain formatting in
 * every position of random games; a recorded game walked turn by turn
 * (ref_input_walk: the opening applied unsent, the first-turn colours).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_main.h"
#include "loa/loa.h"
#include "ref/turn_input.h"

static const char *fmt(loa_move m)
{
    static char buf[LOA_MOVE_STRING_MAX];
    return loa_move_format(m, buf);
}

START_TEST(turn_input_without_legal_moves_lists_pass)
{
    /* black's only checker, a1, is walled in by white on a2, b1 and b2 */
    loa_board b;
    ck_assert_int_eq(loa_board_parse("......../......../......../......../......../"
                                     "......../ww....../bw...... b 7",
                                     &b),
                     0);
    loa_move gen[LOA_MAX_MOVES];
    ck_assert_int_eq(loa_generate_moves_cg(&b, gen), 0);
    char buf[REF_TURN_INPUT_MAX + 1];
    size_t n = ref_turn_input(buf, &b, 0, LOA_MOVE_PASS, gen, 0);
    buf[n] = '\0';
    ck_assert_str_eq(buf, "........\n........\n........\n........\n........\n........\n"
                          "ww......\nbw......\npass\n1\npass\n");
}
END_TEST

START_TEST(turn_input_first_turn_colour_last_move_and_sorted_moves)
{
    loa_board b;
    loa_board_init(&b);
    loa_make_move(&b, LOA_MOVE_MAKE(LOA_SQUARE(6, 7), LOA_SQUARE(4, 5)), NULL); /* g8e6 */
    loa_move mv[LOA_MAX_MOVES];
    int k = loa_generate_moves_cg(&b, mv);
    loa_sort_moves(mv, k);
    char buf[REF_TURN_INPUT_MAX + 1];
    size_t n = ref_turn_input(buf, &b, 1, LOA_MOVE_MAKE(LOA_SQUARE(6, 7), LOA_SQUARE(4, 5)), mv, k);
    buf[n] = '\0';
    char expect[REF_TURN_INPUT_MAX + 1];
    int o = sprintf(expect, "w\n.bbbbb..\nw......w\nw...b..w\n");
    for (int i = 0; i < 4; i++)
        o += sprintf(expect + o, "w......w\n");
    o += sprintf(expect + o, ".bbbbbb.\ng8e6\n%d\n", k);
    for (int i = 0; i < k; i++)
        o += sprintf(expect + o, "%s\n", fmt(mv[i]));
    ck_assert_str_eq(buf, expect);
    /* byte order: each move line sorts after the previous one */
    for (int i = 1; i < k; i++) {
        char a[LOA_MOVE_STRING_MAX], c[LOA_MOVE_STRING_MAX];
        ck_assert_int_lt(strcmp(loa_move_format(mv[i - 1], a), loa_move_format(mv[i], c)), 0);
    }
    /* later turns: no colour line */
    n = ref_turn_input(buf, &b, 0, LOA_MOVE_NONE, mv, k);
    buf[n] = '\0';
    ck_assert(strncmp(buf, ".bbbbb..\n", 9) == 0);
    ck_assert_ptr_nonnull(strstr(buf, "\nnull\n"));
}
END_TEST

/* Every position of 200 random games (a java.util.Random per game, moves
 * by generation order, so the lists run from one move to dozens and both
 * colours and passes come up): the bytes are those the SDK's formatters
 * and printf write, line by line. */
START_TEST(turn_input_matches_the_plain_formatting_in_random_games)
{
    for (int game = 0; game < 200; game++) {
        loa_jrandom r;
        loa_jrandom_seed(&r, 1000 + game);
        loa_board b;
        loa_board_init(&b);
        loa_move last = LOA_MOVE_NONE;
        while (loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING) {
            loa_move mv[LOA_MAX_MOVES];
            int k = loa_generate_moves_cg(&b, mv);
            loa_move pick = k ? mv[loa_jrandom_next_int(&r, k)] : LOA_MOVE_PASS;
            loa_sort_moves(mv, k);
            int first = b.ply < 2;
            char buf[REF_TURN_INPUT_MAX + 1], expect[REF_TURN_INPUT_MAX + 1];
            size_t n = ref_turn_input(buf, &b, first, last, mv, k);
            buf[n] = '\0';
            int o = first ? sprintf(expect, "%c\n", b.side == LOA_BLACK ? 'b' : 'w') : 0;
            for (int rank = 7; rank >= 0; rank--) {
                for (int file = 0; file < 8; file++)
                    expect[o++] = loa_board_square_char(&b, LOA_SQUARE(file, rank));
                expect[o++] = '\n';
            }
            o += sprintf(expect + o, "%s\n%d\n", fmt(last), k ? k : 1);
            for (int i = 0; i < k; i++)
                o += sprintf(expect + o, "%s\n", fmt(mv[i]));
            if (k == 0)
                o += sprintf(expect + o, "pass\n");
            ck_assert_msg(strcmp(buf, expect) == 0, "game %d ply %d:\n%s\nnot\n%s", game, b.ply,
                          buf, expect);
            loa_make_move(&b, pick, NULL);
            last = pick;
        }
    }
}
END_TEST

START_TEST(input_walk_follows_a_record_and_refuses_illegal_plies)
{
    /* an opening of two plies, then b8d6 (black's first bot turn) */
    loa_move moves[4];
    ck_assert_int_eq(loa_move_parse("b1d3", &moves[0]), 0);
    ck_assert_int_eq(loa_move_parse("a2c2", &moves[1]), 0);
    ck_assert_int_eq(loa_move_parse("b8d6", &moves[2]), 0);
    ck_assert_int_eq(loa_move_parse("a1a2", &moves[3]), 0); /* not a legal move */
    ref_input_walk w;
    char err[200], buf[REF_TURN_INPUT_MAX + 1];
    ck_assert_int_eq(ref_input_walk_init(&w, moves, 4, 2, err, sizeof err), 0);
    ck_assert_int_eq(w.next, 2); /* the opening applied: no turn */
    size_t n = ref_input_walk_turn(&w, buf);
    buf[n] = '\0';
    ck_assert_msg(strncmp(buf, "b\n", 2) == 0 && strstr(buf, "\na2c2\n"), "%s", buf);
    ck_assert_int_eq(ref_input_walk_turn(&w, buf), n); /* the walk is unchanged */
    ck_assert_int_eq(ref_input_walk_apply(&w, err, sizeof err), 0);
    n = ref_input_walk_turn(&w, buf); /* white's first turn */
    buf[n] = '\0';
    ck_assert_msg(strncmp(buf, "w\n", 2) == 0 && strstr(buf, "\nb8d6\n"), "%s", buf);
    ck_assert_int_eq(ref_input_walk_apply(&w, err, sizeof err), REF_E_INVAL);
    ck_assert_msg(strstr(err, "ply 4 'a1a2'"), "%s", err);
    /* an illegal opening ply is named too */
    ck_assert_int_eq(ref_input_walk_init(&w, moves + 3, 1, 1, err, sizeof err), REF_E_OPENING);
    ck_assert_msg(strstr(err, "opening ply 1 'a1a2'"), "%s", err);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"turn_input_without_legal_moves_lists_pass", turn_input_without_legal_moves_lists_pass,
         10},
        {"turn_input_first_turn_colour_last_move_and_sorted_moves",
         turn_input_first_turn_colour_last_move_and_sorted_moves, 10},
        {"turn_input_matches_the_plain_formatting_in_random_games",
         turn_input_matches_the_plain_formatting_in_random_games, 60},
        {"input_walk_follows_a_record_and_refuses_illegal_plies",
         input_walk_follows_a_record_and_refuses_illegal_plies, 10},
    };
    return loa_run_suite("referee_turn_input", cases, LOA_COUNT(cases));
}
