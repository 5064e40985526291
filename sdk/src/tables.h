/*
 * Internal: the SDK's constant tables. The library links them as const
 * arrays generated at build time (sdk/tools/gen_tables.c); a bundled bot
 * computes them at start-up (tables_runtime.c; loa_line_deltas, which
 * perft alone reads, tables_perft_runtime.c), and its bundle defines
 * LOA_TABLES_CONST empty first. Layout: tables_fill.h.
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
extern LOA_TABLES_CONST uint64_t loa_zobrist_piece[2][64];
extern LOA_TABLES_CONST uint64_t loa_zobrist_side;

#endif
