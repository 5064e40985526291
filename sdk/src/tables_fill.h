/*
 * Internal: computing the SDK's constant tables (tables.h). One algorithm,
 * two users: the build-time generator sdk/tools/gen_tables.c writes its
 * results as const C arrays for the library, and a bundled bot
 * (loa-bundle) computes them at start-up (tables_runtime.c) instead of
 * carrying 40,000 characters of numbers.
 *
 * Line model: every row, column and diagonal is read as an "index order"
 * pattern, bit i = i-th cell of the line (rows by file, columns by rank,
 * diagonals by file, shifted so the first cell is bit 0). For a line of
 * length len and the own/opponent patterns on it, the move table entry says
 * which own checkers can move toward a lower index (low byte) and toward a
 * higher index (high byte); the distance is N = checkers on the line. Own and
 * opponent patterns are disjoint, so a pattern pair is one base-3 number
 * (own digit 1, opponent digit 2): 3^len entries per length instead of 4^len.
 */
#ifndef LOA_TABLES_FILL_H
#define LOA_TABLES_FILL_H

#include <stdint.h>

/* Entries of loa_line_moves: sum of 3^len for len = 1..8. */
#define LOA_LINE_MOVES_SIZE 9840

/* Where the tables go (caller-owned arrays of the sizes of tables.h). */
typedef struct loa_tables_out {
    uint16_t *tern;           /* [256] */
    uint16_t *line_offset;    /* [9] */
    uint16_t *line_moves;     /* [LOA_LINE_MOVES_SIZE] */
    uint8_t *line_counts;     /* [LOA_LINE_MOVES_SIZE]: set bits of each line_moves entry,
                                 a line's move count without a popcount */
    uint64_t *anti_mask;      /* [15] */
    uint64_t *diag_mask;      /* [15] */
    uint64_t (*zobrist_piece)[64]; /* [2][64] */
    uint64_t *zobrist_side;
} loa_tables_out;

/* Fills every table. Deterministic (the Zobrist keys come from splitmix64
 * on a fixed seed, so every build and every bundle agree); about 0.2 ms. */
void loa_tables_fill(const loa_tables_out *t);

/* The loa_line_deltas table (tables.h), [LOA_LINE_MOVES_SIZE][8]: for each
 * loa_line_moves entry and each cell i of its line, how its move count
 * changes when cell i changes hands: an opponent checker arrives (on an
 * empty cell, or capturing an own checker) or an opponent checker leaves;
 * 0 past the line's end. Filled on its own, apart from loa_tables_fill():
 * only perft reads it, so a bundled bot without perft neither carries nor
 * computes it (about 0.7 ms). */
void loa_line_deltas_fill(int8_t (*deltas)[8]);

#endif
