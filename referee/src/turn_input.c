/*
 * turn_input.c - one turn's input bytes. See turn_input.h.
 */
#include "turn_input.h"

#include <stdio.h>
#include <string.h>

size_t ref_turn_input(char *buf, const loa_board *b, int first_turn, loa_move last,
                      const loa_move *sorted, int n)
{
    size_t o = 0;
    if (first_turn) {
        buf[o++] = b->side == LOA_BLACK ? 'b' : 'w';
        buf[o++] = '\n';
    }
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++)
            buf[o++] = loa_board_square_char(b, LOA_SQUARE(file, rank));
        buf[o++] = '\n';
    }
    char m[LOA_MOVE_STRING_MAX];
    loa_move_format(last, m); /* "null" for LOA_MOVE_NONE */
    size_t ml = strlen(m);
    memcpy(buf + o, m, ml);
    o += ml;
    buf[o++] = '\n';
    if (n == 0) {
        memcpy(buf + o, "1\npass\n", 7);
        return o + 7;
    }
    o += (size_t)snprintf(buf + o, 8, "%d\n", n);
    for (int i = 0; i < n; i++) {
        loa_move_format(sorted[i], buf + o); /* 4 chars and a NUL, overwritten next */
        o += 4;
        buf[o++] = '\n';
    }
    return o;
}
