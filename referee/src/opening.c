/*
 * opening.c - openings: plies the referee applies before the bots play
 * (referee.h: ref_opening_check, ref_opening_parse, ref_opening_format).
 * Pure: the SDK's rules, no process.
 */
#include <stdio.h>
#include <string.h>

#include "ref/referee.h"

int ref_opening_check(const loa_move *moves, int n, char *err, size_t errsz)
{
    char dummy[1];
    if (!err || !errsz) {
        err = dummy;
        errsz = sizeof dummy;
    }
    if (n < 0 || (n > 0 && !moves))
        return REF_E_INVAL;
    if (n > REF_OPENING_MAX) {
        snprintf(err, errsz, "an opening of %d plies: at most %d", n, REF_OPENING_MAX);
        return REF_E_OPENING;
    }
    loa_board b;
    loa_board_init(&b);
    for (int i = 0; i < n; i++) {
        char m[LOA_MOVE_STRING_MAX];
        loa_move_format(moves[i], m);
        if (moves[i] == LOA_MOVE_NONE || !loa_is_legal(&b, moves[i])) {
            snprintf(err, errsz, "ply %d '%s': not a legal move for %s here", i + 1, m,
                     b.side == 0 ? "black" : "white");
            return REF_E_OPENING;
        }
        /* loa_make_move sees a capture on the board, whatever the flags of
         * a move parsed from text. */
        loa_make_move(&b, moves[i], NULL);
        /* The ply limit is the game's business; a won position is not an
         * opening. */
        if (loa_board_status(&b, LOA_MAX_PLIES + REF_OPENING_MAX) != LOA_ONGOING) {
            snprintf(err, errsz, "ply %d '%s': the game is won after it", i + 1, m);
            return REF_E_OPENING;
        }
    }
    return REF_OK;
}

int ref_opening_parse(const char *text, loa_move *moves, int cap, int *n, char *err, size_t errsz)
{
    char dummy[1];
    if (!err || !errsz) {
        err = dummy;
        errsz = sizeof dummy;
    }
    if (!text || !moves || !n || cap < 0)
        return REF_E_INVAL;
    *n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " ,\t");
        char word[8];
        if (*n >= cap) {
            snprintf(err, errsz, "more than %d plies", cap);
            return REF_E_OPENING;
        }
        if (len >= sizeof word ||
            (memcpy(word, p, len), word[len] = '\0', loa_move_parse(word, &moves[*n]) != 0)) {
            snprintf(err, errsz, "ply %d '%.*s': not a move (e2e3 or pass)", *n + 1,
                     len > 40 ? 40 : (int)len, p);
            return REF_E_OPENING;
        }
        (*n)++;
        p += len;
    }
    return ref_opening_check(moves, *n, err, errsz);
}

char *ref_opening_format(const loa_move *moves, int n, char *buf, size_t size)
{
    if (!size)
        return buf;
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char m[LOA_MOVE_STRING_MAX];
        loa_move_format(moves[i], m);
        size_t need = strlen(m) + (i ? 1 : 0);
        if (o + need + 1 > size)
            break;
        o += (size_t)snprintf(buf + o, size - o, "%s%s", i ? " " : "", m);
    }
    return buf;
}
