/*
 * loa-example - the smallest complete bot on the SDK: reads each turn,
 * generates the legal moves itself, checks they are the referee's list, and
 * plays the first capture (else the first move). Copy it to start a bot.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"

/* 1 if our generator and the referee agree on the set of legal moves. (The
 * bundled bots share bots/common/movecheck.h; this copy keeps the example
 * buildable from this one file against an installed SDK.) */
static int same_moves(const loa_turn *t, loa_move *mine, int n)
{
    loa_sort_moves(mine, n); /* the referee lists moves in byte order */
    if (n == 0)
        return t->move_count == 1 && t->moves[0] == LOA_MOVE_PASS;
    if (n != t->move_count)
        return 0;
    for (int i = 0; i < n; i++)
        if (LOA_MOVE_SQUARES(mine[i]) != LOA_MOVE_SQUARES(t->moves[i]))
            return 0;
    return 1;
}

int main(void)
{
    loa_turn turn;
    loa_turn_init(&turn);
    for (;;) {
        int rc = loa_turn_read(stdin, &turn);
        if (rc == LOA_E_EOF)
            return 0; /* the referee closed our input: game over */
        if (rc != LOA_OK) {
            fprintf(stderr, "bad input: %s\n", turn.error);
            return 1;
        }
        loa_move moves[LOA_MAX_MOVES];
        int n = loa_generate_moves(&turn.board, moves);
        if (!same_moves(&turn, moves, n))
            fprintf(stderr, "warning: my move list differs from the referee's\n");
        loa_move best = n ? moves[0] : LOA_MOVE_PASS;
        for (int i = 0; i < n; i++)
            if (moves[i] & LOA_MOVE_CAPTURE) {
                best = moves[i];
                break;
            }
        if (loa_turn_write(stdout, best, "example") != LOA_OK)
            return 1;
    }
}
