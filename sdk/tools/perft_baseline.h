/*
 * perft_baseline.h - the straightforward bitboard perft, the yardstick that
 * `loa-perft --bench` measures the SDK's loa_perft() against in the same
 * run. Tool code, not part of the SDK library.
 *
 * "Straightforward" as issue 16 defines it: for every checker and each of
 * its four lines, the distance is a popcount of the line's mask, the target
 * comes from a ray table, and a between-mask test against the opponent
 * checkers rejects a jump; the last ply is counted without being played
 * (bulk counting). The connection test is the plain bitboard flood fill.
 * Counts are exactly loa_perft()'s (a won position is a leaf, a side with
 * no move passes once, the ply limit is ignored).
 */
#ifndef LOA_PERFT_BASELINE_H
#define LOA_PERFT_BASELINE_H

#include <stdint.h>

#include "loa/board.h"

/* Fills the baseline's tables; call once before any other function here
 * (not thread-safe itself; the functions below are, once it returned). */
void perft_baseline_init(void);

/* Number of positions exactly `depth` plies from b, as loa_perft(b, depth)
 * counts them. Thread-safe after perft_baseline_init(). */
uint64_t perft_baseline(const loa_board *b, int depth);

#endif
