/* See naive_loa.h. */
#include <string.h>

#include "naive_loa.h"

static const int dirs[8][2] = {{1, 0}, {-1, 0},  {0, 1},  {0, -1},
                               {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

static int on_board(int f, int r)
{
    return f >= 0 && f < 8 && r >= 0 && r < 8;
}

/* Checkers on the whole line through (f, r) in direction (df, dr). */
static int line_count(const naive_board *b, int f, int r, int df, int dr)
{
    int n = 0;
    for (int k = -7; k <= 7; k++) {
        int x = f + k * df, y = r + k * dr;
        if (on_board(x, y) && b->sq[y][x] != '.')
            n++;
    }
    return n;
}

int naive_moves(const naive_board *b, naive_move *out)
{
    char me = b->side, you = me == 'b' ? 'w' : 'b';
    int n = 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            if (b->sq[r][f] != me)
                continue;
            for (int d = 0; d < 8; d++) {
                int df = dirs[d][0], dr = dirs[d][1];
                int dist = line_count(b, f, r, df, dr);
                int tf = f + dist * df, tr = r + dist * dr;
                if (!on_board(tf, tr) || b->sq[tr][tf] == me)
                    continue;
                int blocked = 0;
                for (int k = 1; k < dist; k++)
                    if (b->sq[r + k * dr][f + k * df] == you)
                        blocked = 1;
                if (!blocked)
                    out[n++] = (naive_move){f, r, tf, tr};
            }
        }
    return n;
}

static void fill(char seen[8][8], const naive_board *b, char c, int f, int r)
{
    if (!on_board(f, r) || seen[r][f] || b->sq[r][f] != c)
        return;
    seen[r][f] = 1;
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
            fill(seen, b, c, f + df, r + dr);
}

int naive_connected(const naive_board *b, char c)
{
    char seen[8][8];
    memset(seen, 0, sizeof seen);
    int started = 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            if (b->sq[r][f] == c && !started) {
                fill(seen, b, c, f, r);
                started = 1;
            }
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            if (b->sq[r][f] == c && !seen[r][f])
                return 0;
    return 1;
}

char naive_winner(const naive_board *b)
{
    char mover = b->side == 'b' ? 'w' : 'b';
    if (naive_connected(b, mover))
        return mover;
    if (naive_connected(b, b->side))
        return b->side;
    return 0;
}

void naive_play(naive_board *b, const naive_move *m)
{
    if (m) {
        b->sq[m->tr][m->tf] = b->sq[m->fr][m->ff];
        b->sq[m->fr][m->ff] = '.';
    }
    b->side = b->side == 'b' ? 'w' : 'b';
}

unsigned long long naive_perft(const naive_board *b, int depth)
{
    if (depth == 0)
        return 1;
    naive_move mv[128];
    int n = naive_moves(b, mv);
    if (n == 0) {
        naive_board c = *b;
        naive_play(&c, NULL);
        return naive_perft(&c, depth - 1);
    }
    unsigned long long total = 0;
    for (int i = 0; i < n; i++) {
        naive_board c = *b;
        naive_play(&c, &mv[i]);
        if (depth > 1 && naive_winner(&c))
            continue;
        total += naive_perft(&c, depth - 1);
    }
    return total;
}

/* The cells of one line in walk order: (f0, r0) then steps (df, dr), len
 * cells. */
typedef struct naive_line {
    int f0, r0, df, dr, len;
} naive_line;

/* The lines in the SDK's fast order (cg 0: rows, columns, the file+rank
 * diagonals from the a-file side, the file-rank diagonals from a8's side
 * to h1's, each by increasing file or rank) or CodinGame's (cg 1: rows,
 * columns, file+rank diagonals from a2..a8 then from h2..h7 walked
 * toward the a-file, file-rank diagonals from a1..a7 then b1..g1);
 * returns how many. */
static int naive_lines(int cg, naive_line *l)
{
    int n = 0;
    for (int r = 0; r < 8; r++)
        l[n++] = (naive_line){0, r, 1, 0, 8};
    for (int f = 0; f < 8; f++)
        l[n++] = (naive_line){f, 0, 0, 1, 8};
    for (int s = 1; s <= 13; s++) { /* file + rank = s */
        int len = s < 8 ? s + 1 : 15 - s, f0 = s < 8 ? 0 : s - 7;
        if (cg && s >= 8) /* from the h-file */
            l[n++] = (naive_line){f0 + len - 1, s - (f0 + len - 1), -1, 1, len};
        else
            l[n++] = (naive_line){f0, s - f0, 1, -1, len};
    }
    static const int fast_d[13] = {-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6};
    static const int cg_d[13] = {0, -1, -2, -3, -4, -5, -6, 1, 2, 3, 4, 5, 6};
    for (int i = 0; i < 13; i++) { /* file - rank = d */
        int d = cg ? cg_d[i] : fast_d[i], f0 = d > 0 ? d : 0;
        l[n++] = (naive_line){f0, f0 - d, 1, 1, 8 - (d < 0 ? -d : d)};
    }
    return n;
}

int naive_moves_ordered(const naive_board *b, int cg, naive_move *out)
{
    char me = b->side, you = me == 'b' ? 'w' : 'b';
    naive_line lines[42];
    int nl = naive_lines(cg, lines), n = 0;
    for (int k = 0; k < nl; k++) {
        const naive_line *l = &lines[k];
        char cell[8];
        int dist = 0;
        for (int i = 0; i < l->len; i++) {
            cell[i] = b->sq[l->r0 + i * l->dr][l->f0 + i * l->df];
            dist += cell[i] != '.';
        }
        /* the move of cell i toward the walk's start (way -1) or end (+1) */
        naive_move found[2][8];
        int nf[2] = {0, 0};
        for (int i = 0; i < l->len; i++) {
            if (cell[i] != me)
                continue;
            for (int w = 0; w < 2; w++) {
                int way = w ? 1 : -1, t = i + way * dist, ok = t >= 0 && t < l->len;
                for (int j = i + way; ok && j != t; j += way)
                    ok = cell[j] != you;
                if (!ok || cell[t] == me)
                    continue;
                naive_move m = {l->f0 + i * l->df, l->r0 + i * l->dr, l->f0 + t * l->df,
                                l->r0 + t * l->dr};
                if (cg)
                    out[n++] = m; /* each checker: toward the start, then the end */
                else
                    found[w][nf[w]++] = m;
            }
        }
        for (int w = 0; w < 2 && !cg; w++) /* the line's moves toward the start, then the end */
            for (int i = 0; i < nf[w]; i++)
                out[n++] = found[w][i];
    }
    return n;
}
