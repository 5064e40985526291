/* notation.c - squares and moves as text (loa/notation.h): CodinGame's
 * `e2e3`/`pass`, which the protocol speaks, and the Olympiad's `E2-E3`, in
 * which published games are written; parsing checks the syntax, not the
 * rules (a move's legality is the board's business). */
#include <string.h>

#include "loa/error.h"
#include "loa/notation.h"

int loa_square_parse(const char *t)
{
    if (!t || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
        return LOA_E_MOVE_SYNTAX;
    return LOA_SQUARE(t[0] - 'a', t[1] - '1');
}

void loa_square_format(int sq, char buf[3])
{
    buf[0] = (char)('a' + LOA_FILE(sq));
    buf[1] = (char)('1' + LOA_RANK(sq));
    buf[2] = '\0';
}

static int make_checked(int from, int to, loa_move *m)
{
    if (from < 0 || to < 0)
        return LOA_E_MOVE_SYNTAX;
    if (from == to)
        return LOA_E_MOVE_SAME_SQUARE;
    *m = LOA_MOVE_MAKE(from, to);
    return LOA_OK;
}

int loa_move_parse(const char *text, loa_move *m)
{
    if (!text || !m)
        return LOA_E_INVAL;
    if (strcmp(text, "pass") == 0) {
        *m = LOA_MOVE_PASS;
        return LOA_OK;
    }
    if (strlen(text) != 4)
        return LOA_E_MOVE_SYNTAX;
    return make_checked(loa_square_parse(text), loa_square_parse(text + 2), m);
}

int loa_move_parse_olympiad(const char *text, loa_move *m)
{
    if (!text || !m)
        return LOA_E_INVAL;
    if (strcmp(text, "pass") == 0) {
        *m = LOA_MOVE_PASS;
        return LOA_OK;
    }
    if (strlen(text) != 5 || text[2] != '-')
        return LOA_E_MOVE_SYNTAX;
    char a[3] = {text[0], text[1], 0}, b[3] = {text[3], text[4], 0};
    if (a[0] >= 'A' && a[0] <= 'H')
        a[0] = (char)(a[0] - 'A' + 'a');
    if (b[0] >= 'A' && b[0] <= 'H')
        b[0] = (char)(b[0] - 'A' + 'a');
    return make_checked(loa_square_parse(a), loa_square_parse(b), m);
}

char *loa_move_format(loa_move m, char *buf)
{
    if (m == LOA_MOVE_PASS)
        strcpy(buf, "pass");
    else if (m == LOA_MOVE_NONE)
        strcpy(buf, "null");
    else {
        loa_square_format(LOA_MOVE_FROM(m), buf);
        loa_square_format(LOA_MOVE_TO(m), buf + 2);
    }
    return buf;
}

char *loa_move_format_olympiad(loa_move m, char *buf)
{
    if (m == LOA_MOVE_PASS || m == LOA_MOVE_NONE)
        return loa_move_format(m, buf);
    loa_square_format(LOA_MOVE_FROM(m), buf);
    buf[2] = '-';
    loa_square_format(LOA_MOVE_TO(m), buf + 3);
    buf[0] = (char)(buf[0] - 'a' + 'A');
    buf[3] = (char)(buf[3] - 'a' + 'A');
    return buf;
}
