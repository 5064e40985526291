/*
 * bots/ab/pvs.h - the principal variation search below loa-ab's root
 * (pvs.c), for the iterations of search.c (search_run()): a node's search
 * and a game's end after a move. Not loa-ab's search API (search.h): only
 * search.c calls it.
 */
#ifndef BOTS_AB_PVS_H
#define BOTS_AB_PVS_H

#include <stdint.h>

#include "loa/loa.h"
#include "search.h"

/* Score of the position after moving (child already made, capture flag in m):
 * 1 if decided, with *score from the mover's view, else 0. */
int search_decided(const loa_board *child, loa_move m, int ply, int *score);

/* Negamax PVS on an ongoing position b with Zobrist key `zobrist`, to
 * `depth` plies, window (alpha, beta), `ply` plies below the root;
 * null_ok: a null move may be tried here (not right after one).
 *
 * Returns the score for b's side to move (score.h), or 0 once c->stop is
 * set (the limits stopped the search: the value means nothing). Counts its
 * nodes in c->nodes, leaves the node's line in c->pv[ply] (an exact score's),
 * and at the root (ply 0) gives each root move's score to the candidate of
 * an interrupted iteration (c->root_*: search.h, pvs.c's search_root_scored()). */
int search_node(search_ctx *c, const loa_board *b, uint64_t zobrist, int depth, int alpha, int beta,
                int ply, int null_ok);

#endif
