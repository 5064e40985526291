/*
 * Internal: the lines of the board as move generation reads them, shared
 * by the generators (movegen.c) and the random move (playout.c).
 *
 * Every checker sits on exactly four lines (row, column, two diagonals),
 * and the legal moves along one line depend only on which cells of that
 * line hold own and opponent checkers. So each of the 42 lines that can
 * hold a move is read as a pattern (bit i = cell i) and its whole move set
 * is one lookup in loa_line_moves (tables.h, tables_fill.h): low byte, the
 * own checkers that can move toward the line's start; high byte, toward
 * its end; the distance is the number of checkers on the line.
 *
 * loa_lines_scan() is the first of two passes: it looks every line up, as
 * loa_count_moves() does, and keeps only the lines that hold a move, in
 * order, each as one word. The second pass (the caller) turns those words
 * into moves with loa_line_squares, which gives a move's squares from its
 * line, distance and entry bit without arithmetic. Why two passes: about
 * half the lines hold no move, and which ones is data no branch predictor
 * learns; the scan skips them without a branch (it always stores, and
 * advances only past a line with a move), so the second pass loops over
 * the lines with moves only.
 */
#ifndef LOA_LINES_H
#define LOA_LINES_H

#include "loa/movegen.h"
#include "tables.h"
#include "tables_fill.h"

/* Table entry for a line of length len with own/opponent patterns. */
static inline unsigned loa_line_entry(unsigned own, unsigned opp, int len)
{
    return loa_line_moves[loa_line_offset[len] + loa_tern[own] + 2u * loa_tern[opp]];
}

/* Pattern of row r (bit i = file i). */
static inline unsigned loa_row_bits(loa_bitboard bb, int r)
{
    return (unsigned)(bb >> (8 * r)) & 0xFFu;
}

/* Pattern of column f (bit i = rank i): gathers the column into the top byte
 * with the classic multiply; every partial product lands on its own bit, so
 * there are no carries. */
static inline unsigned loa_col_bits(loa_bitboard bb, int f)
{
    return (unsigned)((((bb >> f) & LOA_FILE_A_BB) * 0x0102040810204080ULL) >> 56);
}

/* Pattern of a diagonal by file: squares of one diagonal have distinct
 * files, so multiplying by the a-file mask stacks them into the top byte
 * without carries; shifting by the first file makes the first cell bit 0. */
static inline unsigned loa_diag_bits(loa_bitboard bb, loa_bitboard mask, int first_file)
{
    return (unsigned)(((bb & mask) * LOA_FILE_A_BB) >> 56) >> first_file;
}

/* Geometry of the anti-diagonal file + rank == s (cells by increasing file)
 * and of the diagonal file - rank == d (cells by increasing file). */
static inline int loa_anti_len(int s)
{
    return s < 8 ? s + 1 : 15 - s;
}
static inline int loa_anti_f0(int s)
{
    return s < 8 ? 0 : s - 7;
}
static inline int loa_diag_len(int d)
{
    return 8 - (d < 0 ? -d : d);
}
static inline int loa_diag_f0(int d)
{
    return d > 0 ? d : 0;
}

/* A line with moves, as loa_lines_scan() keeps it: the loa_line_moves entry in
 * bits 0..15, the loa_line_squares row (8 line + distance - 1) above. */
#define LOA_LINE_WORD(e, line, occupied) \
    ((e) | (uint32_t)(8 * (line) + __builtin_popcount(occupied) - 1) << 16)

/* Stores the word of one line at w[j]; returns j + 1 if the line holds a
 * move, else j (the next line overwrites the word). */
static inline int loa_line_keep(unsigned own, unsigned opp, int len, int line, uint32_t *w, int j)
{
    unsigned e = loa_line_entry(own, opp, len);
    w[j] = LOA_LINE_WORD(e, line, own | opp);
    return j + (e != 0);
}

/* The first pass over the rows (by rank) and the columns (by file), the
 * lines both generation orders start with; returns how many words it kept
 * in w[0..]. */
static inline int loa_lines_scan_rows_columns(loa_bitboard us, loa_bitboard them, uint32_t *w)
{
    int j = 0;
#pragma GCC unroll 8
    for (int r = 0; r < 8; r++)
        j = loa_line_keep(loa_row_bits(us, r), loa_row_bits(them, r), 8, r, w, j);
#pragma GCC unroll 8
    for (int f = 0; f < 8; f++)
        j = loa_line_keep(loa_col_bits(us, f), loa_col_bits(them, f), 8, 8 + f, w, j);
    return j;
}

/* The first pass: the words of the lines where the side with checkers us
 * (opponent them) has a move, in the fast order (rows by rank, columns by
 * file, anti-diagonals by file + rank, diagonals by file - rank); returns
 * how many. w holds 42 words (every line, and one overwritten). The loops
 * are unrolled so that every line's geometry is a constant, as in
 * loa_count_moves(). */
static inline int loa_lines_scan(loa_bitboard us, loa_bitboard them, uint32_t *w)
{
    int j = loa_lines_scan_rows_columns(us, them, w);
#pragma GCC unroll 13
    for (int s = 1; s < 14; s++)
        j = loa_line_keep(loa_diag_bits(us, loa_anti_mask[s], loa_anti_f0(s)),
                          loa_diag_bits(them, loa_anti_mask[s], loa_anti_f0(s)), loa_anti_len(s),
                          15 + s, w, j);
#pragma GCC unroll 13
    for (int d = -6; d < 7; d++)
        j = loa_line_keep(loa_diag_bits(us, loa_diag_mask[d + 7], loa_diag_f0(d)),
                          loa_diag_bits(them, loa_diag_mask[d + 7], loa_diag_f0(d)),
                          loa_diag_len(d), 35 + d, w, j);
    return j;
}

/* The move of bit k of a line word's entry (row: its loa_line_squares row),
 * with LOA_MOVE_CAPTURE when the target holds one of them. */
static inline loa_move loa_line_move(const uint16_t *row, int k, loa_bitboard them)
{
    unsigned sq = row[k];
    return (loa_move)(sq | (unsigned)((them >> (sq >> 6)) & 1u) << 12);
}

#endif
