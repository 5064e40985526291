/*
 * bots/ab/nnstack.c - the network's accumulators along the search's path
 * (nnstack.h).
 */
#include "nnstack.h"

/* The accumulator of board[ply], made from its parent's when missing. */
static const loa_nn_acc *acc_at(nn_stack *s, const loa_nn *nn, int ply)
{
    if (s->ok[ply])
        return &s->acc[ply];
    if (ply == 0) {
        loa_nn_acc_init(nn, s->board[0], &s->acc[0]);
    } else {
        const loa_nn_acc *parent = acc_at(s, nn, ply - 1);
        const loa_board *pb = s->board[ply - 1];
        loa_move m = s->move[ply - 1];
        if (m == LOA_MOVE_PASS) {
            s->acc[ply] = *parent;
        } else {
            int to = LOA_MOVE_TO(m); /* a capture when the opponent stood there */
            loa_nn_acc_move(nn, parent, &s->acc[ply], pb->side, LOA_MOVE_FROM(m), to,
                            (int)(pb->pieces[pb->side ^ 1] >> to & 1));
        }
    }
    s->ok[ply] = 1;
    return &s->acc[ply];
}

int nn_stack_eval(nn_stack *s, const loa_nn *nn, int ply)
{
    return loa_nn_score(nn, loa_nn_acc_zq(nn, acc_at(s, nn, ply), s->board[ply]->side));
}
