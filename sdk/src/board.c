/* board.c - a position (loa/board.h): the start, the status after a ply
 * (the mover's connection first, then the opponent's when a capture changed
 * it, then the ply limit: CodinGame's referee's order, which decides the
 * simultaneous connections), and the one-line board string that records,
 * tests and tools read and write. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/board.h"
#include "loa/error.h"

void loa_board_init(loa_board *b)
{
    /* b1..g1 and b8..g8; a2..a7 and h2..h7 */
    b->pieces[LOA_BLACK] = 0x7E0000000000007EULL;
    b->pieces[LOA_WHITE] = 0x0081818181818100ULL;
    b->side = LOA_BLACK;
    b->ply = 0;
}

loa_status loa_board_status_after(const loa_board *b, int opponent_changed, int max_plies)
{
    loa_color mover = (loa_color)(b->side ^ 1);
    if (loa_connected(b->pieces[mover]))
        return mover == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS;
    if (opponent_changed && loa_connected(b->pieces[b->side]))
        return b->side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS;
    if (max_plies > 0 && b->ply >= max_plies)
        return LOA_DRAW;
    return LOA_ONGOING;
}

loa_status loa_board_status(const loa_board *b, int max_plies)
{
    return loa_board_status_after(b, 1, max_plies);
}

char loa_board_square_char(const loa_board *b, int sq)
{
    if (b->pieces[LOA_BLACK] >> sq & 1)
        return 'b';
    if (b->pieces[LOA_WHITE] >> sq & 1)
        return 'w';
    return '.';
}

int loa_board_parse(const char *text, loa_board *out)
{
    if (!text || !out)
        return LOA_E_INVAL;
    loa_board b = {{0, 0}, LOA_BLACK, 0};
    const char *p = text;
    for (int row = 0; row < 8; row++) {
        int rank = 7 - row;
        for (int file = 0; file < 8; file++, p++) {
            char c = *p;
            if (c == '\0' || c == '/' || c == ' ')
                return row == 0 && file == 0 ? LOA_E_BOARD_ROWS : LOA_E_BOARD_ROW_LENGTH;
            if (c == 'b')
                b.pieces[LOA_BLACK] |= LOA_BIT(LOA_SQUARE(file, rank));
            else if (c == 'w')
                b.pieces[LOA_WHITE] |= LOA_BIT(LOA_SQUARE(file, rank));
            else if (c != '.')
                return LOA_E_BOARD_CHAR;
        }
        char want = row < 7 ? '/' : ' ';
        if (*p != want) {
            if (*p == '/' || *p == ' ' || *p == '\0')
                return LOA_E_BOARD_ROWS;
            return LOA_E_BOARD_ROW_LENGTH;
        }
        p++;
    }
    if ((p[0] != 'b' && p[0] != 'w') || (p[1] != '\0' && p[1] != ' '))
        return LOA_E_BOARD_SIDE;
    b.side = p[0] == 'b' ? LOA_BLACK : LOA_WHITE;
    p++;
    if (*p == ' ') {
        p++;
        if (*p < '0' || *p > '9')
            return LOA_E_BOARD_PLY;
        char *end;
        long ply = strtol(p, &end, 10);
        if (ply > 10000 || end - p > 5)
            return LOA_E_BOARD_PLY;
        b.ply = (int)ply;
        p = end;
    }
    if (*p != '\0')
        return LOA_E_BOARD_TRAILING;
    if (!b.pieces[LOA_BLACK] || !b.pieces[LOA_WHITE])
        return LOA_E_BOARD_NO_CHECKERS;
    if (loa_popcount(b.pieces[LOA_BLACK]) > LOA_MAX_CHECKERS ||
        loa_popcount(b.pieces[LOA_WHITE]) > LOA_MAX_CHECKERS)
        return LOA_E_BOARD_TOO_MANY;
    *out = b;
    return LOA_OK;
}

int loa_board_format(const loa_board *b, char *buf, size_t size)
{
    if (!b || !buf || size < LOA_BOARD_STRING_MAX)
        return LOA_E_INVAL;
    char *p = buf;
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++)
            *p++ = loa_board_square_char(b, LOA_SQUARE(file, rank));
        *p++ = rank ? '/' : ' ';
    }
    *p++ = b->side == LOA_BLACK ? 'b' : 'w';
    *p = '\0';
    if (b->ply)
        snprintf(p, size - (size_t)(p - buf), " %d", b->ply);
    return LOA_OK;
}
