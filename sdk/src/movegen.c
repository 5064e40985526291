/*
 * Legal move generation from line-occupancy tables.
 *
 * Every checker sits on exactly four lines (row, column, two diagonals), and
 * the legal moves along one line depend only on which cells of that line hold
 * own and opponent checkers. So instead of looping over checkers we read each
 * of the 46 lines as a pattern and look its whole move set up in
 * loa_line_moves (see sdk/tools/gen_tables.c): one lookup per line, and
 * counting moves (perft's last ply) is a popcount of the entries.
 *
 * A line is (first square, step between cells, length); cell i is
 * first + i * step, and patterns are read so that bit i is cell i.
 */
#include "loa/movegen.h"
#include "tables.h"

/* Table entry for a line of length len with own/opponent patterns. */
static inline unsigned line_entry(unsigned own, unsigned opp, int len)
{
    return loa_line_moves[loa_line_offset[len] + loa_tern[own] + 2u * loa_tern[opp]];
}

/* Pattern of row r (bit i = file i). */
static inline unsigned row_bits(loa_bitboard bb, int r) { return (unsigned)(bb >> (8 * r)) & 0xFFu; }

/* Pattern of column f (bit i = rank i): gathers the column into the top byte
 * with the classic multiply; every partial product lands on its own bit, so
 * there are no carries. */
static inline unsigned col_bits(loa_bitboard bb, int f)
{
    return (unsigned)((((bb >> f) & LOA_FILE_A_BB) * 0x0102040810204080ULL) >> 56);
}

/* Pattern of a diagonal by file: squares of one diagonal have distinct
 * files, so multiplying by the a-file mask stacks them into the top byte
 * without carries; shifting by the first file makes the first cell bit 0. */
static inline unsigned diag_bits(loa_bitboard bb, loa_bitboard mask, int first_file)
{
    return (unsigned)(((bb & mask) * LOA_FILE_A_BB) >> 56) >> first_file;
}

/* Geometry of the anti-diagonal file + rank == s (cells by increasing file)
 * and of the diagonal file - rank == d (cells by increasing file). */
static inline int anti_len(int s) { return s < 8 ? s + 1 : 15 - s; }
static inline int anti_f0(int s) { return s < 8 ? 0 : s - 7; }
static inline int anti_first(int s) { return LOA_SQUARE(anti_f0(s), s - anti_f0(s)); }
static inline int diag_len(int d) { return 8 - (d < 0 ? -d : d); }
static inline int diag_f0(int d) { return d > 0 ? d : 0; }
static inline int diag_first(int d) { return LOA_SQUARE(diag_f0(d), diag_f0(d) - d); }

int loa_count_moves(const loa_board *b)
{
    const loa_bitboard us = b->pieces[b->side], them = b->pieces[b->side ^ 1];
    int n = 0;
    for (int r = 0; r < 8; r++)
        n += __builtin_popcount(line_entry(row_bits(us, r), row_bits(them, r), 8));
    for (int f = 0; f < 8; f++)
        n += __builtin_popcount(line_entry(col_bits(us, f), col_bits(them, f), 8));
    /* Lines of length 1 (the corners) never hold a move. */
    for (int s = 1; s < 14; s++)
        n += __builtin_popcount(line_entry(diag_bits(us, loa_anti_mask[s], anti_f0(s)),
                                           diag_bits(them, loa_anti_mask[s], anti_f0(s)),
                                           anti_len(s)));
    for (int d = -6; d < 7; d++)
        n += __builtin_popcount(line_entry(diag_bits(us, loa_diag_mask[d + 7], diag_f0(d)),
                                           diag_bits(them, loa_diag_mask[d + 7], diag_f0(d)),
                                           diag_len(d)));
    return n;
}

/* Appends the moves of one line in the SDK's fast order. */
static inline int emit_line(unsigned own, unsigned opp, int len, int first, int step,
                            loa_move *mv, int n)
{
    if (!own)
        return n;
    unsigned e = line_entry(own, opp, len);
    if (!e)
        return n;
    int dist = __builtin_popcount(own | opp);
    for (unsigned lo = e & 0xFFu; lo; lo &= lo - 1) {
        int i = __builtin_ctz(lo), t = i - dist;
        mv[n++] = (loa_move)(LOA_MOVE_MAKE(first + i * step, first + t * step) |
                             ((opp >> t & 1u) ? LOA_MOVE_CAPTURE : 0));
    }
    for (unsigned hi = e >> 8; hi; hi &= hi - 1) {
        int i = __builtin_ctz(hi), t = i + dist;
        mv[n++] = (loa_move)(LOA_MOVE_MAKE(first + i * step, first + t * step) |
                             ((opp >> t & 1u) ? LOA_MOVE_CAPTURE : 0));
    }
    return n;
}

int loa_generate_moves(const loa_board *b, loa_move *mv)
{
    const loa_bitboard us = b->pieces[b->side], them = b->pieces[b->side ^ 1];
    int n = 0;
    if (loa_popcount(us) > LOA_MAX_CHECKERS)
        return 0; /* no LOA position: keep within the caller's LOA_MAX_MOVES */
    for (int r = 0; r < 8; r++)
        n = emit_line(row_bits(us, r), row_bits(them, r), 8, 8 * r, 1, mv, n);
    for (int f = 0; f < 8; f++)
        n = emit_line(col_bits(us, f), col_bits(them, f), 8, f, 8, mv, n);
    for (int s = 1; s < 14; s++)
        n = emit_line(diag_bits(us, loa_anti_mask[s], anti_f0(s)),
                      diag_bits(them, loa_anti_mask[s], anti_f0(s)), anti_len(s),
                      anti_first(s), -7, mv, n);
    for (int d = -6; d < 7; d++)
        n = emit_line(diag_bits(us, loa_diag_mask[d + 7], diag_f0(d)),
                      diag_bits(them, loa_diag_mask[d + 7], diag_f0(d)), diag_len(d),
                      diag_first(d), 9, mv, n);
    return n;
}

/* Appends the moves of one line in CodinGame's order: cells in line order,
 * each own checker first toward the line's start, then toward its end.
 * `reversed` lines are walked from their last cell (highest file) to their
 * first, so their "start" is the higher index. */
static int emit_line_cg(unsigned own, unsigned opp, int len, int first, int step,
                        int reversed, loa_move *mv, int n)
{
    if (!own)
        return n;
    unsigned e = line_entry(own, opp, len);
    int dist = __builtin_popcount(own | opp);
    for (int k = 0; k < len; k++) {
        int i = reversed ? len - 1 - k : k;
        if (!(own >> i & 1u))
            continue;
        int dir_first = reversed ? +1 : -1; /* toward the start, in index terms */
        for (int pass = 0; pass < 2; pass++) {
            int dir = pass ? -dir_first : dir_first;
            unsigned ok = dir < 0 ? (e & 0xFFu) : (e >> 8);
            if (!(ok >> i & 1u))
                continue;
            int t = i + dir * dist;
            mv[n++] = (loa_move)(LOA_MOVE_MAKE(first + i * step, first + t * step) |
                                 ((opp >> t & 1u) ? LOA_MOVE_CAPTURE : 0));
        }
    }
    return n;
}

int loa_generate_moves_cg(const loa_board *b, loa_move *mv)
{
    const loa_bitboard us = b->pieces[b->side], them = b->pieces[b->side ^ 1];
    int n = 0;
    if (loa_popcount(us) > LOA_MAX_CHECKERS)
        return 0; /* no LOA position: keep within the caller's LOA_MAX_MOVES */
    /* 1. rows, rank 1 to 8, from file a */
    for (int r = 0; r < 8; r++)
        n = emit_line_cg(row_bits(us, r), row_bits(them, r), 8, 8 * r, 1, 0, mv, n);
    /* 2. columns a to h, from rank 1 */
    for (int f = 0; f < 8; f++)
        n = emit_line_cg(col_bits(us, f), col_bits(them, f), 8, f, 8, 0, mv, n);
    /* 3. file+rank diagonals from a2..a8 running down-right (increasing file) */
    for (int s = 1; s <= 7; s++)
        n = emit_line_cg(diag_bits(us, loa_anti_mask[s], 0), diag_bits(them, loa_anti_mask[s], 0),
                         anti_len(s), anti_first(s), -7, 0, mv, n);
    /* 4. file+rank diagonals from h2..h7 running up-left (decreasing file) */
    for (int s = 8; s <= 13; s++)
        n = emit_line_cg(diag_bits(us, loa_anti_mask[s], anti_f0(s)),
                         diag_bits(them, loa_anti_mask[s], anti_f0(s)), anti_len(s),
                         anti_first(s), -7, 1, mv, n);
    /* 5. file-rank diagonals from a1..a7 running up-right */
    for (int d = 0; d >= -6; d--)
        n = emit_line_cg(diag_bits(us, loa_diag_mask[d + 7], 0),
                         diag_bits(them, loa_diag_mask[d + 7], 0), diag_len(d), diag_first(d), 9, 0,
                         mv, n);
    /* 6. file-rank diagonals from b1..g1 running up-right */
    for (int d = 1; d <= 6; d++)
        n = emit_line_cg(diag_bits(us, loa_diag_mask[d + 7], diag_f0(d)),
                         diag_bits(them, loa_diag_mask[d + 7], diag_f0(d)), diag_len(d),
                         diag_first(d), 9, 0, mv, n);
    return n;
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

void loa_sort_moves(loa_move *mv, int n)
{
    /* Insertion sort (n <= 96) of the key and the move packed in one word:
     * the key is computed once a move, not at every comparison (the
     * referee sorts every turn's list). Two moves of a list never share a
     * key (one move per from-to pair), so the order is the keys'. */
    uint32_t w[LOA_MAX_MOVES];
    if (n > LOA_MAX_MOVES) { /* no LOA list; sorted all the same, in place */
        for (int i = 1; i < n; i++) {
            loa_move x = mv[i];
            int j = i - 1;
            for (; j >= 0 && sort_key(mv[j]) > sort_key(x); j--)
                mv[j + 1] = mv[j];
            mv[j + 1] = x;
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        uint32_t x = sort_key(mv[i]) << 16 | mv[i];
        int j = i - 1;
        while (j >= 0 && w[j] > x) {
            w[j + 1] = w[j];
            j--;
        }
        w[j + 1] = x;
    }
    for (int i = 0; i < n; i++)
        mv[i] = (loa_move)(w[i] & 0xFFFF);
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
    b->side ^= 1;
    b->ply++;
    if (u) {
        u->move = m;
        u->captured = captured;
    }
}

void loa_unmake_move(loa_board *b, const loa_undo *u)
{
    b->side ^= 1;
    b->ply--;
    if (u->move != LOA_MOVE_PASS) {
        loa_bitboard to = LOA_BIT(LOA_MOVE_TO(u->move));
        b->pieces[b->side] ^= LOA_BIT(LOA_MOVE_FROM(u->move)) | to;
        if (u->captured)
            b->pieces[b->side ^ 1] |= to;
    }
}
