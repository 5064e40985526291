/* See naive_loa.h. */
#include <string.h>

#include "naive_loa.h"

static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

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
