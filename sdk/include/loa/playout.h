/*
 * loa/playout.h - a uniformly random legal move without the move list, and
 * random playouts: the inner loop of Monte Carlo tree search (MCTS), where
 * a bot plays thousands of random games a turn from the positions of its
 * tree (docs/sdk.md, "Writing an MCTS bot"; bots/mcts.c).
 *
 * Both draw from a loa_rng (loa/rng.h), never from the
 * java.util.Random-compatible loa_jrandom that CodinGame's `random`
 * answer uses. Pure apart from the board and generator they are given:
 * thread-safe when every thread has its own.
 */
#ifndef LOA_PLAYOUT_H
#define LOA_PLAYOUT_H

#include "loa/board.h"
#include "loa/movegen.h"
#include "loa/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A legal move of the side to move in b, each of the n legal moves with
 * probability exactly 1/n (one loa_rng_below(rng, n) draw, and the move is
 * found from the per-line move counts without listing the moves; about
 * the cost of loa_count_moves()); LOA_MOVE_CAPTURE is set as in
 * loa_generate_moves(). LOA_MOVE_PASS when the side has no legal move
 * (rng untouched). A side with more than LOA_MAX_CHECKERS checkers (no
 * LOA position) has no move, as in loa_generate_moves(). */
loa_move loa_random_move(const loa_board *b, loa_rng *rng);

/* Plays random moves (loa_random_move) on *b, in place, until the game is
 * decided or `plies` plies have been played, and returns the status after
 * the last ply, judged as the referee does (loa_board_status_after: the
 * mover connected wins, then the side to move connected, then the draw at
 * b->ply >= LOA_MAX_PLIES): LOA_BLACK_WINS, LOA_WHITE_WINS or LOA_DRAW, or
 * LOA_ONGOING when it stopped after `plies` plies (an early cut-off: the
 * caller then evaluates *b, e.g. with loa/features.h). A side without a
 * move passes. b must be ongoing (its status after the last ply
 * LOA_ONGOING); plies <= 0 plays nothing and returns LOA_ONGOING. Random
 * play rarely connects: from the start position most random games reach
 * the draw at ply 150 (about 5 in 6 in tests/check_playout.c), which is
 * why MCTS programs for LOA cut playouts short and evaluate. */
loa_status loa_playout(loa_board *b, loa_rng *rng, int plies);

#ifdef __cplusplus
}
#endif
#endif
