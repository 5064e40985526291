/*
 * bots/ab/nnstack.h - the network's accumulators along the search's path
 * (nnstack.c; loa-ab --eval nn): one loa_nn_acc per ply, each written from
 * its parent's by the move between them (loa_nn_acc_move: three or four
 * rows a side instead of the up to 24 of a from-scratch sum), and only
 * when a node below asks for an evaluation, so that a subtree cut by the
 * table costs nothing. The scores are loa_nn_eval's exactly (the search is
 * the same tree); measured faster: docs/bots.md, "loa-ab --eval nn".
 */
#ifndef BOTS_AB_NNSTACK_H
#define BOTS_AB_NNSTACK_H

#include <stdint.h>

#include "loa/loa.h"
#include "loa/nn.h"
#include "score.h"

typedef struct nn_stack {
    loa_nn_acc acc[SEARCH_MAX_PLY];
    const loa_board *board[SEARCH_MAX_PLY]; /* the node at each ply of the path */
    loa_move move[SEARCH_MAX_PLY];          /* move[p]: from board[p] to board[p + 1] */
    uint8_t ok[SEARCH_MAX_PLY];             /* acc[p] is board[p]'s */
} nn_stack;

/* The node b at ply enters the path (its accumulator not yet known). */
static inline void nn_stack_enter(nn_stack *s, const loa_board *b, int ply)
{
    s->board[ply] = b;
    s->ok[ply] = 0;
}

/* loa_nn_eval(nn, s->board[ply]), through the accumulators of the path
 * (those of the plies above computed on the way when missing). */
int nn_stack_eval(nn_stack *s, const loa_nn *nn, int ply);

#endif
