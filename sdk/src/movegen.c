/*
 * Legal move generation from line-occupancy tables (lines.h: one lookup per
 * line, two passes).
 *
 * A line is (first square, step between cells, length); cell i is
 * first + i * step, and patterns are read so that bit i is cell i.
 */
#include "loa/movegen.h"
#include "lines.h"

int loa_count_moves(const loa_board *b)
{
    const loa_bitboard us = b->pieces[b->side], them = b->pieces[b->side ^ 1];
    int n = 0;
    for (int r = 0; r < 8; r++)
        n += __builtin_popcount(loa_line_entry(loa_row_bits(us, r), loa_row_bits(them, r), 8));
    for (int f = 0; f < 8; f++)
        n += __builtin_popcount(loa_line_entry(loa_col_bits(us, f), loa_col_bits(them, f), 8));
    /* Lines of length 1 (the corners) never hold a move. */
    for (int s = 1; s < 14; s++)
        n += __builtin_popcount(
            loa_line_entry(loa_diag_bits(us, loa_anti_mask[s], loa_anti_f0(s)),
                           loa_diag_bits(them, loa_anti_mask[s], loa_anti_f0(s)), loa_anti_len(s)));
    for (int d = -6; d < 7; d++)
        n += __builtin_popcount(
            loa_line_entry(loa_diag_bits(us, loa_diag_mask[d + 7], loa_diag_f0(d)),
                           loa_diag_bits(them, loa_diag_mask[d + 7], loa_diag_f0(d)),
                           loa_diag_len(d)));
    return n;
}

/* The moves of the lines words w[0..j-1], in the order of their entries'
 * bits; returns how many. `cg` entries are interleaved (bit 2i toward the
 * start, 2i + 1 toward the end: loa_generate_moves_cg) and each bit is
 * mapped back to loa_line_squares' layout. Most lines hold one or two
 * moves: both are written whatever the count (the second may be a dummy
 * that the next line overwrites), so only the rare line with more takes a
 * branch; near the end of the caller's LOA_MAX_MOVES the writes are
 * exact instead. */
static inline int emit_words(const uint32_t *w, int j, loa_bitboard them, int cg, loa_move *mv)
{
    int n = 0;
    for (int x = 0; x < j; x++) {
        const uint16_t *row = loa_line_squares[w[x] >> 16];
        unsigned m = w[x] & 0xFFFFu;
        int c = __builtin_popcount(m);
#define LINE_BIT(m) (cg ? (__builtin_ctz(m) >> 1 | (__builtin_ctz(m) & 1) << 3) : __builtin_ctz(m))
        if (__builtin_expect(n > LOA_MAX_MOVES - 2, 0)) {
            for (int i = 0; m; i++, m &= m - 1)
                mv[n + i] = loa_line_move(row, LINE_BIT(m), them);
        } else {
            /* bit 16 stands in for a missing second move: row[0] */
            mv[n] = loa_line_move(row, LINE_BIT(m | 0x10000u) & 15, them);
            m &= m - 1;
            mv[n + 1] = loa_line_move(row, LINE_BIT(m | 0x10000u) & 15, them);
            m &= m - 1;
            if (__builtin_expect(c > 2, 0))
                for (int i = 2; m; i++, m &= m - 1)
                    mv[n + i] = loa_line_move(row, LINE_BIT(m), them);
        }
#undef LINE_BIT
        n += c;
    }
    return n;
}

int loa_generate_moves(const loa_board *b, loa_move *mv)
{
    const loa_bitboard us = b->pieces[b->side], them = b->pieces[b->side ^ 1];
    if (loa_popcount(us) > LOA_MAX_CHECKERS)
        return 0; /* no LOA position: keep within the caller's LOA_MAX_MOVES */
    uint32_t w[42];
    int j = loa_lines_scan(us, them, w);
    return emit_words(w, j, them, 0, mv);
}

/* The pattern of a line of length len read from its other end. */
static inline unsigned reverse_bits(unsigned x, int len)
{
    x = (x & 0xF0u) >> 4 | (x & 0x0Fu) << 4;
    x = (x & 0xCCu) >> 2 | (x & 0x33u) << 2;
    x = (x & 0xAAu) >> 1 | (x & 0x55u) << 1;
    return x >> (8 - len);
}

/* The first pass in CodinGame's order (loa/movegen.h): rows rank 1..8,
 * columns a..h, the file+rank diagonals from a2..a8 (by increasing file),
 * then from h2..h7 (by decreasing file: read reversed, lines 42..47), the
 * file-rank diagonals from a1..a7, then b1..g1. */
static inline int lines_scan_cg(loa_bitboard us, loa_bitboard them, uint32_t *w)
{
    int j = loa_lines_scan_rows_columns(us, them, w);
#pragma GCC unroll 7
    for (int s = 1; s <= 7; s++)
        j = loa_line_keep(loa_diag_bits(us, loa_anti_mask[s], 0),
                          loa_diag_bits(them, loa_anti_mask[s], 0), loa_anti_len(s), 15 + s, w, j);
#pragma GCC unroll 6
    for (int s = 8; s <= 13; s++)
        j = loa_line_keep(reverse_bits(loa_diag_bits(us, loa_anti_mask[s], loa_anti_f0(s)),
                                       loa_anti_len(s)),
                          reverse_bits(loa_diag_bits(them, loa_anti_mask[s], loa_anti_f0(s)),
                                       loa_anti_len(s)),
                          loa_anti_len(s), 34 + s, w, j);
#pragma GCC unroll 7
    for (int d = 0; d >= -6; d--)
        j = loa_line_keep(loa_diag_bits(us, loa_diag_mask[d + 7], 0),
                          loa_diag_bits(them, loa_diag_mask[d + 7], 0), loa_diag_len(d), 35 + d, w,
                          j);
#pragma GCC unroll 6
    for (int d = 1; d <= 6; d++)
        j = loa_line_keep(loa_diag_bits(us, loa_diag_mask[d + 7], loa_diag_f0(d)),
                          loa_diag_bits(them, loa_diag_mask[d + 7], loa_diag_f0(d)),
                          loa_diag_len(d), 35 + d, w, j);
    return j;
}

/* On each line CodinGame takes the cells in its walk's order, each own
 * checker first toward the walk's start, then toward its end: the entry's
 * two bytes interleaved, bit i of each to bits 2i and 2i + 1. */
int loa_generate_moves_cg(const loa_board *b, loa_move *mv)
{
    const loa_bitboard us = b->pieces[b->side], them = b->pieces[b->side ^ 1];
    if (loa_popcount(us) > LOA_MAX_CHECKERS)
        return 0; /* no LOA position: keep within the caller's LOA_MAX_MOVES */
    uint32_t w[42];
    int j = lines_scan_cg(us, them, w);
    for (int x = 0; x < j; x++) {
        uint32_t v = (w[x] & 0xFFu) | (w[x] & 0xFF00u) << 8;
        v = (v | v << 4) & 0x0F0F0F0Fu;
        v = (v | v << 2) & 0x33333333u;
        v = (v | v << 1) & 0x55555555u;
        w[x] = (w[x] & 0xFFFF0000u) | (v & 0xFFFFu) | (v >> 16) << 1;
    }
    return emit_words(w, j, them, 1, mv);
}

int loa_is_legal(const loa_board *b, loa_move m)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    if (m == LOA_MOVE_PASS)
        return n == 0;
    for (int i = 0; i < n; i++)
        if (LOA_MOVE_SQUARES(mv[i]) == LOA_MOVE_SQUARES(m))
            return 1;
    return 0;
}

/* Byte order of "e2e3" strings: from file, from rank, to file, to rank. */
static inline unsigned sort_key(loa_move m)
{
    int f = LOA_MOVE_FROM(m), t = LOA_MOVE_TO(m);
    return (unsigned)(LOA_FILE(f) << 9 | LOA_RANK(f) << 6 | LOA_FILE(t) << 3 | LOA_RANK(t));
}

/* Sorts in place by insertion (n small): any list, moves sharing a key
 * kept in their order. */
static void sort_by_insertion(loa_move *mv, int n)
{
    for (int i = 1; i < n; i++) {
        loa_move x = mv[i];
        unsigned k = sort_key(x);
        int j = i - 1;
        for (; j >= 0 && sort_key(mv[j]) > k; j--)
            mv[j + 1] = mv[j];
        mv[j + 1] = x;
    }
}

void loa_sort_moves(loa_move *mv, int n)
{
    /* The referee sorts every turn's list: a bucket sort on the key's
     * halves, a bitboard of the from squares (in key order) and one of
     * each from square's to squares, read back lowest bit first, costs a
     * few operations a move where an insertion sort of ~40 moves cost
     * ~400 shifts. A list of one position never holds a key twice (one
     * move per from-to pair); a caller's list that does, or that is no
     * LOA list (over LOA_MAX_MOVES), is sorted by insertion. */
    if (n > LOA_MAX_MOVES) {
        sort_by_insertion(mv, n);
        return;
    }
    uint64_t froms = 0, tos[64];
    loa_move at[64 * 64]; /* only the n slots written are read */
    for (int i = 0; i < n; i++) {
        unsigned k = sort_key(mv[i]), f = k >> 6;
        uint64_t bit = 1ULL << (k & 63);
        if (!(froms >> f & 1)) {
            froms |= 1ULL << f;
            tos[f] = 0;
        } else if (tos[f] & bit) {
            sort_by_insertion(mv, n); /* a key twice: nothing written yet */
            return;
        }
        tos[f] |= bit;
        at[k] = mv[i];
    }
    int o = 0;
    for (uint64_t fs = froms; fs; fs &= fs - 1) {
        unsigned f = (unsigned)loa_lsb(fs);
        for (uint64_t ts = tos[f]; ts; ts &= ts - 1)
            mv[o++] = at[f << 6 | (unsigned)loa_lsb(ts)];
    }
}

void loa_make_move(loa_board *b, loa_move m, loa_undo *u)
{
    int captured = 0;
    if (m != LOA_MOVE_PASS) {
        loa_bitboard to = LOA_BIT(LOA_MOVE_TO(m));
        b->pieces[b->side] ^= LOA_BIT(LOA_MOVE_FROM(m)) | to;
        captured = (b->pieces[b->side ^ 1] & to) != 0;
        b->pieces[b->side ^ 1] &= ~to;
    }
    b->side = (loa_color)(b->side ^ 1);
    b->ply++;
    if (u) {
        u->move = m;
        u->captured = captured;
    }
}

void loa_unmake_move(loa_board *b, const loa_undo *u)
{
    b->side = (loa_color)(b->side ^ 1);
    b->ply--;
    if (u->move != LOA_MOVE_PASS) {
        loa_bitboard to = LOA_BIT(LOA_MOVE_TO(u->move));
        b->pieces[b->side] ^= LOA_BIT(LOA_MOVE_FROM(u->move)) | to;
        if (u->captured)
            b->pieces[b->side ^ 1] |= to;
    }
}
