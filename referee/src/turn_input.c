/*
 * turn_input.c - one turn's input bytes. See turn_input.h.
 *
 * Written every ply of every game: squares and moves are put byte by byte
 * from the bitboards and the move's squares, not through the SDK's
 * formatters (function calls, strlen) or snprintf (a format parse), which
 * cost a third of the referee's own work a ply (callgrind, 2026-11).
 */
#include "ref/turn_input.h"

#include <stdint.h>
#include <string.h>

/* Bit i of x's low byte (a row's files a..h) as byte i of the word (0 or
 * 1): two multiplications whose partial products never overlap. */
static inline uint64_t row_bytes(unsigned x)
{
    const uint64_t m = 0x0002040810204081ULL;
    return ((x & 0x55u) * m | (x & 0xAAu) * m) & 0x0101010101010101ULL;
}

/* "a1".."h8" of square sq at p. */
static inline char *put_square(char *p, int sq)
{
    p[0] = (char)('a' + LOA_FILE(sq));
    p[1] = (char)('1' + LOA_RANK(sq));
    return p + 2;
}

/* m as the protocol writes it ("null", "pass", "e2e3") at p. */
static inline char *put_move(char *p, loa_move m)
{
    if (m == LOA_MOVE_NONE || m == LOA_MOVE_PASS) {
        memcpy(p, m == LOA_MOVE_NONE ? "null" : "pass", 4);
        return p + 4;
    }
    return put_square(put_square(p, LOA_MOVE_FROM(m)), LOA_MOVE_TO(m));
}

size_t ref_turn_input(char *buf, const loa_board *b, int first_turn, loa_move last,
                      const loa_move *sorted, int n)
{
    char *p = buf;
    if (first_turn) {
        *p++ = b->side == LOA_BLACK ? 'b' : 'w';
        *p++ = '\n';
    }
    const loa_bitboard black = b->pieces[LOA_BLACK], white = b->pieces[LOA_WHITE];
    for (int rank = 7; rank >= 0; rank--) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        /* a row's 8 squares at once: '.' plus ('b' - '.') on black's
         * squares plus ('w' - '.') on white's, no byte carrying */
        uint64_t row = 0x2E2E2E2E2E2E2E2EULL + 0x34 * row_bytes((unsigned)(black >> 8 * rank)) +
                       0x49 * row_bytes((unsigned)(white >> 8 * rank));
        memcpy(p, &row, 8);
        p += 8;
#else
        for (int file = 0; file < 8; file++) {
            int sq = LOA_SQUARE(file, rank);
            *p++ = black >> sq & 1 ? 'b' : white >> sq & 1 ? 'w' : '.';
        }
#endif
        *p++ = '\n';
    }
    p = put_move(p, last);
    *p++ = '\n';
    if (n == 0) {
        memcpy(p, "1\npass\n", 7);
        return (size_t)(p + 7 - buf);
    }
    /* moveCount: 1..LOA_MAX_MOVES, at most three digits */
    if (n >= 100)
        *p++ = (char)('0' + n / 100);
    if (n >= 10)
        *p++ = (char)('0' + n / 10 % 10);
    *p++ = (char)('0' + n % 10);
    *p++ = '\n';
    for (int i = 0; i < n; i++) {
        p = put_move(p, sorted[i]);
        *p++ = '\n';
    }
    return (size_t)(p - buf);
}
