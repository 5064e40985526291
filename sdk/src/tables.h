/*
 * Internal: the SDK's constant tables. The library links them as const
 * arrays generated at build time (sdk/tools/gen_tables.c); a bundled bot
 * computes them at start-up (tables_runtime.c; loa_line_deltas, which
 * perft alone reads, tables_perft_runtime.c; loa_quad_deltas, which the
 * incremental features alone read, tables_features_runtime.c), and its
 * bundle defines LOA_TABLES_CONST empty first. Layout: tables_fill.h.
 */
#ifndef LOA_TABLES_H
#define LOA_TABLES_H

#include <stdint.h>

#ifndef LOA_TABLES_CONST
#define LOA_TABLES_CONST const
#endif

extern LOA_TABLES_CONST uint16_t loa_tern[256];      /* base-3 value of an 8-bit pattern */
extern LOA_TABLES_CONST uint16_t loa_line_offset[9]; /* first entry of each line length */
extern LOA_TABLES_CONST uint16_t loa_line_moves[];   /* [offset[len] + tern(own) + 2 tern(opp)] */
extern LOA_TABLES_CONST uint8_t loa_line_counts[];   /* moves of each loa_line_moves entry */
extern LOA_TABLES_CONST int8_t loa_line_deltas[][8]; /* count changes per cell (perft) */
extern LOA_TABLES_CONST uint64_t loa_anti_mask[15];  /* file + rank == s */
extern LOA_TABLES_CONST uint64_t loa_diag_mask[15];  /* file - rank == index - 7 */
/* [8 line + distance - 1][k]: from | to << 6 of the move that bit k of a
 * loa_line_moves entry stands for (k < 8: cell k toward the line's start,
 * k >= 8: cell k - 8 toward its end), on line `line` (tables_fill.h's
 * numbering) holding `distance` checkers; a square of the line (never
 * used) where there is no such move. */
extern LOA_TABLES_CONST uint16_t loa_line_squares[][16];
/* [pattern of the 8 neighbours of a square: bit 0 south-west, 1 south, 2
 * south-east, 3 west, 4 east, 5 north-west, 6 north, 7 north-east]: how
 * the quad counts of a set change when a checker is added on the square,
 * packed as tables_fill.h says (LOA_QUAD_FIELD_BITS, LOA_QUAD_DELTA_BIAS). */
extern LOA_TABLES_CONST uint64_t loa_quad_deltas[256];
extern LOA_TABLES_CONST uint64_t loa_zobrist_piece[2][64];
extern LOA_TABLES_CONST uint64_t loa_zobrist_side;

#endif
