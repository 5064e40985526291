/*
 * tables_runtime.c - the SDK's tables computed at start-up: the unit
 * loa-bundle puts in a single-file bot instead of the generated const
 * arrays (about 110,000 characters: more than CodinGame's 100,000), not part of the
 * library. A constructor fills them before main(), so the SDK needs no
 * init call here either; it takes about 0.2 ms of the first turn's 1000.
 * The bundle defines LOA_TABLES_CONST empty, so tables.h declares these
 * arrays writable.
 */
#include "tables.h"
#include "tables_fill.h"

uint16_t loa_tern[256];
uint16_t loa_line_offset[9];
uint16_t loa_line_moves[LOA_LINE_MOVES_SIZE];
uint8_t loa_line_counts[LOA_LINE_MOVES_SIZE];
uint64_t loa_anti_mask[15];
uint64_t loa_diag_mask[15];
uint64_t loa_zobrist_piece[2][64];
uint64_t loa_zobrist_side;
uint16_t loa_line_squares[LOA_LINE_SQUARES_ROWS][16];

__attribute__((constructor)) static void loa_tables_init(void)
{
    const loa_tables_out t = {loa_tern,          loa_line_offset,   loa_line_moves,
                              loa_line_counts,   loa_anti_mask,     loa_diag_mask,
                              loa_zobrist_piece, &loa_zobrist_side, loa_line_squares};
    loa_tables_fill(&t);
}
