/*
 * Internal: computing the SDK's constant tables (tables.h). One algorithm,
 * two users: the build-time generator sdk/tools/gen_tables.c writes its
 * results as const C arrays for the library, and a bundled bot
 * (loa-bundle) computes them at start-up (tables_runtime.c) instead of
 * carrying about 110,000 characters of numbers.
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

/* The lines a move runs along, as move generation numbers them (lines.h):
 * rows 0..7 (rank), columns 8..15 (file), the anti-diagonals file + rank
 * = s for s = 1..13 as 15 + s (16..28), the diagonals file - rank = d for
 * d = -6..6 as 35 + d (29..41), all with cells by increasing file (rows)
 * or rank (columns); then the anti-diagonals s = 8..13 again as 34 + s
 * (42..47) with their cells reversed (from the h-file end), the walk of
 * CodinGame's generation order. The four corner diagonals hold one cell
 * and never a move. */
#define LOA_MOVE_LINES 48

/* Rows of loa_line_squares: a line and a distance 1..8 (the checkers on
 * the line), row = 8 * line + distance - 1. */
#define LOA_LINE_SQUARES_ROWS (LOA_MOVE_LINES * 8)

/* Where the tables go (caller-owned arrays of the sizes of tables.h). */
typedef struct loa_tables_out {
    uint16_t *tern;                /* [256] */
    uint16_t *line_offset;         /* [9] */
    uint16_t *line_moves;          /* [LOA_LINE_MOVES_SIZE] */
    uint8_t *line_counts;          /* [LOA_LINE_MOVES_SIZE]: set bits of each line_moves entry,
                                 a line's move count without a popcount */
    uint64_t *anti_mask;           /* [15] */
    uint64_t *diag_mask;           /* [15] */
    uint64_t (*zobrist_piece)[64]; /* [2][64] */
    uint64_t *zobrist_side;
    uint16_t (*line_squares)[16]; /* [LOA_LINE_SQUARES_ROWS][16]: bit k of a
                                     loa_line_moves entry as a move's squares,
                                     from | to << 6 (tables.h) */
} loa_tables_out;

/* The packed quad counts of loa_quad_deltas and loa_feature_state: q1, q2,
 * qd, q3, q4 in fields of LOA_QUAD_FIELD_BITS bits from bit 0. A table
 * entry holds each change plus LOA_QUAD_DELTA_BIAS, so that adding one to
 * packed counts never carries between fields (a change is -4..4, a count
 * 0..81). */
#define LOA_QUAD_FIELD_BITS 12
#define LOA_QUAD_DELTA_BIAS 16
#define LOA_QUAD_BIASES \
    ((uint64_t)LOA_QUAD_DELTA_BIAS * (1 | 1ULL << 12 | 1ULL << 24 | 1ULL << 36 | 1ULL << 48))

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

/* The loa_quad_deltas table (tables.h), [256]. Filled on its own too: only
 * the incremental features (features.c) read it, so a bundled bot without
 * them neither carries nor computes it. */
void loa_quad_deltas_fill(uint64_t *deltas);

#endif
