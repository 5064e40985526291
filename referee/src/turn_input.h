/*
 * turn_input.h - the bytes of one turn's input to a bot (internal; pure).
 *
 * CodinGame's protocol (docs/referee.md, "The protocol and judging"),
 * one line each: the bot's colour `b`/`w` on its own first turn only; the 8
 * rows, rank 8 first, `.bw` from file a to h; lastMove (`null` before any
 * move, `pass`, or `e2e3`); moveCount and the moves in byte order, or `1`
 * and `pass` when there is no legal move.
 */
#ifndef REF_TURN_INPUT_H
#define REF_TURN_INPUT_H

#include <stddef.h>

#include "loa/loa.h"

/* Bytes enough for any turn: colour, 8 rows, lastMove, count, 96 moves. */
#define REF_TURN_INPUT_MAX (2 + 8 * 9 + 5 + 4 + LOA_MAX_MOVES * 5 + 16)

/* Writes the input of the side to move in b into buf (REF_TURN_INPUT_MAX
 * bytes; no NUL added) and returns its length. last is the previous ply's
 * move (LOA_MOVE_NONE before any, LOA_MOVE_PASS); sorted[0..n) the legal
 * moves in byte order (loa_sort_moves), n = 0 for none. */
size_t ref_turn_input(char *buf, const loa_board *b, int first_turn, loa_move last,
                      const loa_move *sorted, int n);

#endif
