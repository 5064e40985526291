/*
 * Internal: the generated constant tables (see sdk/tools/gen_tables.c for
 * their layout and why they are generated).
 */
#ifndef LOA_TABLES_H
#define LOA_TABLES_H

#include <stdint.h>

extern const uint16_t loa_tern[256];        /* base-3 value of an 8-bit pattern */
extern const uint16_t loa_line_offset[9];   /* first entry of each line length */
extern const uint16_t loa_line_moves[];     /* [offset[len] + tern(own) + 2 tern(opp)] */
extern const uint64_t loa_anti_mask[15];    /* file + rank == s */
extern const uint64_t loa_diag_mask[15];    /* file - rank == index - 7 */
extern const uint64_t loa_zobrist_piece[2][64];
extern const uint64_t loa_zobrist_side;

#endif
