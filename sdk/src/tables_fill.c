/* tables_fill.c - computes the SDK's tables (tables_fill.h). */
#include "tables_fill.h"

static int pow3(int n)
{
    int r = 1;
    while (n-- > 0)
        r *= 3;
    return r;
}

/* Can the checker at index i move to index t on a line of length len? */
static int can_move(int len, int own, int opp, int i, int t)
{
    if (t < 0 || t >= len)
        return 0;
    if (own >> t & 1)
        return 0; /* never onto an own checker */
    int lo = i < t ? i : t, hi = i < t ? t : i;
    for (int k = lo + 1; k < hi; k++)
        if (opp >> k & 1)
            return 0; /* never over an opponent checker */
    return 1;
}

/* The loa_line_moves entry of base-3 pattern idx (own digit 1, opponent
 * digit 2) on a line of length len. */
static unsigned line_entry(int len, int idx)
{
    int own = 0, opp = 0, x = idx;
    for (int i = 0; i < len; i++, x /= 3) {
        if (x % 3 == 1)
            own |= 1 << i;
        else if (x % 3 == 2)
            opp |= 1 << i;
    }
    int cnt = __builtin_popcount((unsigned)(own | opp));
    unsigned lo = 0, hi = 0;
    for (int i = 0; i < len; i++) {
        if (!(own >> i & 1))
            continue;
        if (can_move(len, own, opp, i, i - cnt))
            lo |= 1u << i;
        if (can_move(len, own, opp, i, i + cnt))
            hi |= 1u << i;
    }
    return lo | hi << 8;
}

/* First square, step between cells and length of line l (tables_fill.h's
 * numbering). */
static void line_geometry(int l, int *first, int *step, int *len)
{
    if (l < 8) { /* row l */
        *first = 8 * l, *step = 1, *len = 8;
    } else if (l < 16) { /* column l - 8 */
        *first = l - 8, *step = 8, *len = 8;
    } else if (l < 29 || l >= 42) { /* anti-diagonal file + rank = s */
        int s = l < 29 ? l - 15 : l - 34, f0 = s < 8 ? 0 : s - 7;
        *len = s < 8 ? s + 1 : 15 - s;
        *first = f0 + 8 * (s - f0), *step = -7;
        if (l >= 42) /* walked from its h-file end */
            *first += (*len - 1) * -7, *step = 7;
    } else { /* diagonal file - rank = d */
        int d = l - 35, f0 = d > 0 ? d : 0;
        *first = f0 + 8 * (f0 - d), *step = 9, *len = 8 - (d < 0 ? -d : d);
    }
}

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void loa_tables_fill(const loa_tables_out *t)
{
    /* Base-3 value of an 8-bit pattern. */
    for (int p = 0; p < 256; p++) {
        int v = 0;
        for (int i = 7; i >= 0; i--)
            v = v * 3 + (p >> i & 1);
        t->tern[p] = (uint16_t)v;
    }
    /* Offsets of each length's block; length 0 unused. */
    t->line_offset[0] = 0;
    t->line_offset[1] = 0;
    for (int len = 1; len < 8; len++)
        t->line_offset[len + 1] = (uint16_t)(t->line_offset[len] + pow3(len));
    int n = 0;
    for (int len = 1; len <= 8; len++)
        for (int idx = 0; idx < pow3(len); idx++) {
            unsigned e = line_entry(len, idx);
            t->line_counts[n] = (uint8_t)__builtin_popcount(e);
            t->line_moves[n++] = (uint16_t)e;
        }
    /* Diagonal masks. anti[s]: squares with file + rank == s (s = 0..14).
     * diag[d + 7]: squares with file - rank == d (d = -7..7). */
    for (int s = 0; s < 15; s++) {
        uint64_t a = 0, d = 0;
        for (int sq = 0; sq < 64; sq++) {
            if ((sq & 7) + (sq >> 3) == s)
                a |= 1ULL << sq;
            if ((sq & 7) - (sq >> 3) == s - 7)
                d |= 1ULL << sq;
        }
        t->anti_mask[s] = a;
        t->diag_mask[s] = d;
    }
    /* The squares of each line entry's moves, per line and distance. */
    for (int l = 0; l < LOA_MOVE_LINES; l++) {
        int first, step, len;
        line_geometry(l, &first, &step, &len);
        for (int dist = 1; dist <= 8; dist++)
            for (int k = 0; k < 16; k++) {
                int i = k & 7, to = k < 8 ? i - dist : i + dist;
                int ok = i < len && to >= 0 && to < len;
                int from_sq = first + (ok ? i : 0) * step, to_sq = first + (ok ? to : 0) * step;
                t->line_squares[8 * l + dist - 1][k] = (uint16_t)(from_sq | to_sq << 6);
            }
    }
    /* Zobrist keys: splitmix64 from a fixed seed, so every build agrees. */
    uint64_t seed = 0x4C4F415F5A4F4252ULL; /* "LOA_ZOBR" */
    for (int c = 0; c < 2; c++)
        for (int sq = 0; sq < 64; sq++)
            t->zobrist_piece[c][sq] = splitmix64(&seed);
    *t->zobrist_side = splitmix64(&seed);
}

void loa_line_deltas_fill(int8_t (*deltas)[8])
{
    int n = 0;
    for (int len = 1; len <= 8; len++) {
        /* the move counts of this length's block first: each entry's
         * deltas read up to len others */
        uint8_t count[6561];
        int size = pow3(len);
        for (int idx = 0; idx < size; idx++)
            count[idx] = (uint8_t)__builtin_popcount(line_entry(len, idx));
        for (int idx = 0; idx < size; idx++, n++)
            for (int i = 0, p = 1, x = idx; i < 8; i++, p *= 3, x /= 3) {
                int digit = x % 3;
                int to = digit == 2 ? idx - 2 * p : idx + (2 - digit) * p;
                deltas[n][i] = (int8_t)(i < len ? count[to] - count[idx] : 0);
            }
    }
}

void loa_quad_deltas_fill(uint64_t *deltas)
{
    /* Quad count changes of adding a checker, by its 8 neighbours: the four
     * windows holding the square, each by its other three squares (two
     * orthogonal neighbours a, b, diagonal to each other, and the diagonal
     * one c). Bits of p: SW S SE W E NW N NE. */
    for (int p = 0; p < 256; p++) {
        static const int win[4][3] = {{3, 1, 0}, {4, 1, 2}, {3, 6, 5}, {4, 6, 7}};
        int d[5] = {0, 0, 0, 0, 0}; /* q1 q2 qd q3 q4 */
        for (int w = 0; w < 4; w++) {
            int a = p >> win[w][0] & 1, b = p >> win[w][1] & 1, c = p >> win[w][2] & 1;
            switch (a + b + c) {
            case 0: d[0]++; break;                      /* one */
            case 1: d[0]--, d[c ? 2 : 1]++; break;      /* a pair, diagonal with c */
            case 2: d[a && b ? 2 : 1]--, d[3]++; break; /* three; a, b were diagonal */
            default: d[3]--, d[4]++; break;             /* four */
            }
        }
        uint64_t e = 0;
        for (int k = 0; k < 5; k++)
            e |= (uint64_t)(d[k] + LOA_QUAD_DELTA_BIAS) << (LOA_QUAD_FIELD_BITS * k);
        deltas[p] = e;
    }
}
