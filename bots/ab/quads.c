/*
 * bots/ab/quads.c - the quad table behind quads_euler4() (quads.h).
 *
 * The 2x2 windows between two adjacent rows depend only on those two row
 * bytes, so quad_table[lo * 256 + hi] holds Q1 - Q3 - 2*Qd for the 9
 * windows between row bytes lo (below) and hi (above); a board's 4E is the
 * sum over its 9 row pairs (ranks 0..7 plus an empty rank on either side).
 */
#include "quads.h"

#include <stdint.h>

/* Entries of quad_table: every pair of row bytes (8 files, 256 values each). */
#define QUADS_TABLE_SIZE (256 * 256)

/* 4E of the 9 windows between two row bytes; built by quads_init(). Each
 * window adds +1, -1, -2 or 0, so values lie in -18..9: int8_t keeps the
 * table at 64 KiB, small enough to stay in cache. */
static int8_t quad_table[QUADS_TABLE_SIZE];
static int quad_table_ready;

/* Counts of the 9 windows between row bytes lo (rank r-1) and hi (rank r);
 * file -1 and file 8 are outside the board (empty). Adds into *q. */
static void quads_rows(unsigned lo, unsigned hi, quad_counts *q)
{
    unsigned l = lo << 1, h = hi << 1; /* bit x+1 = file x; bits 0 and 9 empty */
    for (int x = 0; x < 9; x++) { /* 9 windows: files -1|0 .. 7|8 */
        unsigned a = l >> x & 1, b = l >> (x + 1) & 1, c = h >> x & 1, d = h >> (x + 1) & 1;
        unsigned n = a + b + c + d;
        if (n == 1)
            q->q1++;
        else if (n == 3)
            q->q3++;
        else if (n == 2 && a == d)
            q->qd++;
    }
}

/* Row byte of rank r (0..7) of bb; 0 for the ranks just outside the board. */
static unsigned quads_row(loa_bitboard bb, int r)
{
    return r < 0 || r > 7 ? 0u : (unsigned)(bb >> (8 * r)) & 0xFFu;
}

void quads_init(void)
{
    if (quad_table_ready)
        return;
    for (unsigned lo = 0; lo < 256; lo++)
        for (unsigned hi = 0; hi < 256; hi++) {
            quad_counts q = {0, 0, 0};
            quads_rows(lo, hi, &q);
            quad_table[lo * 256 + hi] = (int8_t)(q.q1 - q.q3 - 2 * q.qd);
        }
    quad_table_ready = 1;
}

quad_counts quads_count(loa_bitboard bb)
{
    quad_counts q = {0, 0, 0};
    for (int r = 0; r <= 8; r++)
        quads_rows(quads_row(bb, r - 1), quads_row(bb, r), &q);
    return q;
}

int quads_euler4(loa_bitboard bb)
{
    int sum = quad_table[(unsigned)bb & 0xFFu]; /* empty rank below, rank 0 above */
    for (int r = 1; r < 8; r++)
        sum += quad_table[(((unsigned)(bb >> (8 * (r - 1))) & 0xFFu) << 8) |
                          ((unsigned)(bb >> (8 * r)) & 0xFFu)];
    return sum + quad_table[((unsigned)(bb >> 56) & 0xFFu) << 8]; /* rank 7 below, empty above */
}
