/*
 * playout_turns.h - a file of turns as the referee writes them, from a
 * seeded random playout: for tests that feed a bot several turns.
 */
#ifndef PLAYOUT_TURNS_H
#define PLAYOUT_TURNS_H

#include <check.h>
#include <stdio.h>

#include "loa/loa.h"

/* Turns for a bot: black's turns of a seeded random
 * playout (positions where black is to move), as the referee writes them;
 * each follows the playout, not the bot's answer (check_bundle_bots,
 * check_bots_programs). */
static inline void write_playout_turns(const char *path, int turns)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    loa_board b;
    loa_board_init(&b);
    loa_jrandom r;
    loa_jrandom_seed(&r, 12345);
    loa_move last = LOA_MOVE_NONE;
    fputs("b\n", f);
    for (int t = 0; t < turns; t++) {
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(&b, mv);
        for (int row = 7; row >= 0; row--) {
            for (int file = 0; file < 8; file++)
                fputc(loa_board_square_char(&b, LOA_SQUARE(file, row)), f);
            fputc('\n', f);
        }
        char buf[LOA_MOVE_STRING_MAX];
        fprintf(f, "%s\n", loa_move_format(last, buf));
        loa_sort_moves(mv, n);
        if (n == 0)
            fputs("1\npass\n", f);
        else
            fprintf(f, "%d\n", n);
        for (int i = 0; i < n; i++)
            fprintf(f, "%s\n", loa_move_format(mv[i], buf));
        /* advance two plies (black, then white) along the playout */
        for (int ply = 0; ply < 2; ply++) {
            n = loa_generate_moves_cg(&b, mv);
            loa_move m = n ? mv[loa_jrandom_next_int(&r, n)] : LOA_MOVE_PASS;
            loa_make_move(&b, m, NULL);
            last = m;
            if (loa_board_status(&b, LOA_MAX_PLIES) != LOA_ONGOING)
                t = turns; /* stop at a decided game */
        }
    }
    fclose(f);
}

#endif
