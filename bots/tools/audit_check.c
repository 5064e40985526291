/*
 * bots/tools/audit_check.c - loa-ab's reports parsed and judged against
 * the rules (audit_check.h).
 */
#include "audit_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What starts loa-ab's report line (bots/ab.c, report()). */
#define AUDIT_REPORT_PREFIX "loa-ab: "

/* Longest word of a report line worth reading (a move, a number). */
#define AUDIT_WORD_MAX 32

/* Copies the word at *p (up to a space or the end of the line) into
 * word[AUDIT_WORD_MAX] and moves *p past it and one space. 0, or -1 when
 * there is no word or it is too long. */
static int next_word(const char **p, const char *end, char *word)
{
    const char *s = *p;
    size_t n = 0;
    while (s + n < end && s[n] != ' ')
        n++;
    if (n == 0 || n >= AUDIT_WORD_MAX)
        return -1;
    memcpy(word, s, n);
    word[n] = '\0';
    s += n;
    if (s < end)
        s++; /* the space */
    *p = s;
    return 0;
}

/* The word at *p must be `label`, then a number within lo..hi into *out. */
static int labelled_number(const char **p, const char *end, const char *label, long long lo,
                           long long hi, long long *out)
{
    char word[AUDIT_WORD_MAX], *tail;
    if (next_word(p, end, word) != 0 || strcmp(word, label) != 0 || next_word(p, end, word) != 0)
        return -1;
    long long v = strtoll(word, &tail, 10);
    if (*tail || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Parses one report line [p, end) after its prefix. */
static int parse_line(const char *p, const char *end, audit_report *r)
{
    char word[AUDIT_WORD_MAX];
    long long v;
    memset(r, 0, sizeof *r);
    if (next_word(&p, end, word) != 0 || loa_move_parse(word, &r->move) != LOA_OK)
        return -1;
    if (labelled_number(&p, end, "depth", 0, SEARCH_MAX_DEPTH, &v) != 0)
        return -1;
    r->depth = (int)v;
    if (labelled_number(&p, end, "score", -SEARCH_INF, SEARCH_INF, &v) != 0)
        return -1;
    r->score = (int)v;
    const char *after = p;
    if (next_word(&p, end, word) == 0 && strcmp(word, "lowerbound") == 0)
        r->lower_bound = 1;
    else
        p = after;
    if (labelled_number(&p, end, "nodes", 0, INT64_MAX, &r->nodes) != 0)
        return -1;
    /* time T ms nps X: not checked */
    for (int i = 0; i < 5; i++)
        if (next_word(&p, end, word) != 0)
            return -1;
    if (next_word(&p, end, word) != 0 || strcmp(word, "pv") != 0)
        return -1;
    while (p < end && *p != '(') {
        if (r->pv_len == SEARCH_MAX_PLY || next_word(&p, end, word) != 0 ||
            loa_move_parse(word, &r->pv[r->pv_len]) != LOA_OK)
            return -1;
        r->pv_len++;
    }
    return 0;
}

int audit_report_parse(const char *text, audit_report *r)
{
    const char *last = NULL, *last_end = NULL;
    for (const char *line = text; line && *line;) {
        const char *end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        size_t n = strlen(AUDIT_REPORT_PREFIX);
        const char *rest = line + n, *space;
        /* "loa-ab: <word> depth ": other loa-ab lines (warnings) are not reports */
        if ((size_t)(end - line) > n && strncmp(line, AUDIT_REPORT_PREFIX, n) == 0 &&
            (space = memchr(rest, ' ', (size_t)(end - rest))) != NULL &&
            (size_t)(end - space) > 7 && strncmp(space, " depth ", 7) == 0)
            last = rest, last_end = end;
        line = *end ? end + 1 : end;
    }
    if (!last)
        return 0;
    return parse_line(last, last_end, r) == 0 ? 1 : -1;
}

/* m (squares or a pass) with its capture flag set from b. */
static loa_move with_flags(const loa_board *b, loa_move m)
{
    if (m != LOA_MOVE_PASS && (b->pieces[b->side ^ 1] >> LOA_MOVE_TO(m) & 1))
        m |= LOA_MOVE_CAPTURE;
    return m;
}

/* The legal moves of b, or the single pass when there is none. */
static int moves_of(const loa_board *b, loa_move *mv)
{
    int n = loa_generate_moves(b, mv);
    if (n == 0)
        mv[n++] = LOA_MOVE_PASS;
    return n;
}

int audit_allows_connection(const loa_board *b, loa_move m, int max_plies)
{
    loa_status opponent_wins = b->side == LOA_BLACK ? LOA_WHITE_WINS : LOA_BLACK_WINS;
    loa_board c = *b;
    loa_make_move(&c, with_flags(b, m), NULL);
    loa_status st = loa_board_status(&c, max_plies);
    if (st != LOA_ONGOING)
        return st == opponent_wins;
    loa_move mv[LOA_MAX_MOVES];
    int n = moves_of(&c, mv);
    for (int i = 0; i < n; i++) {
        loa_board d = c;
        loa_make_move(&d, mv[i], NULL);
        if (loa_board_status(&d, max_plies) == opponent_wins)
            return 1;
    }
    return 0;
}

int audit_count_allowing(const loa_board *b, int max_plies, int *moves)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = moves_of(b, mv), allowing = 0;
    for (int i = 0; i < n; i++)
        allowing += audit_allows_connection(b, mv[i], max_plies);
    *moves = n;
    return allowing;
}

/* Writes a sentence into why and returns -1. */
static int fail(char *why, size_t size, const char *fmt, ...)
{
    if (size > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, size, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* 1 if m (squares or pass) is legal in b (a pass: when b has no move). */
static int legal(const loa_board *b, loa_move m)
{
    if (m == LOA_MOVE_PASS)
        return loa_count_moves(b) == 0;
    return loa_is_legal(b, with_flags(b, m));
}

int audit_report_check(const loa_board *b, loa_move played, const audit_report *r, int max_plies,
                       char *why, size_t size)
{
    char m1[LOA_MOVE_STRING_MAX], m2[LOA_MOVE_STRING_MAX];
    if (LOA_MOVE_SQUARES(r->move) != LOA_MOVE_SQUARES(played))
        return fail(why, size, "reports %s but played %s", loa_move_format(r->move, m1),
                    loa_move_format(played, m2));
    if (r->pv_len == 0 || LOA_MOVE_SQUARES(r->pv[0]) != LOA_MOVE_SQUARES(played))
        return fail(why, size, "the PV does not start with the move played %s",
                    loa_move_format(played, m1));
    loa_board c = *b;
    if (r->lower_bound) { /* the move alone, which does not end the game */
        if (r->pv_len != 1)
            return fail(why, size, "a lower bound with a PV of %d plies, not the move alone",
                        r->pv_len);
        loa_make_move(&c, with_flags(b, played), NULL);
        if (loa_board_status(&c, max_plies) != LOA_ONGOING)
            return fail(why, size, "a lower bound for a move that ends the game");
        return 0;
    }
    for (int i = 0; i < r->pv_len; i++) {
        if (!legal(&c, r->pv[i]))
            return fail(why, size, "PV move %d (%s) is illegal", i + 1,
                        loa_move_format(r->pv[i], m1));
        loa_make_move(&c, with_flags(&c, r->pv[i]), NULL);
        loa_status st = loa_board_status(&c, max_plies);
        if (st == LOA_ONGOING)
            continue;
        if (i + 1 < r->pv_len)
            return fail(why, size, "the PV goes on after the game ends at its move %d (%s)", i + 1,
                        loa_move_format(r->pv[i], m1));
        int plies = i + 1;
        int end = st == LOA_DRAW                                     ? 0
                  : (st == LOA_BLACK_WINS) == (b->side == LOA_BLACK) ? SEARCH_WIN - plies
                                                                     : -(SEARCH_WIN - plies);
        if (r->score != end)
            return fail(why, size,
                        "the PV ends the game after %d plies (%s) but the score is %d, not %d",
                        plies,
                        st == LOA_DRAW ? "a draw"
                        : end > 0      ? "a win"
                                       : "a loss",
                        r->score, end);
        return 0;
    }
    if (r->score >= SEARCH_WIN_BOUND || r->score <= -SEARCH_WIN_BOUND)
        return fail(why, size, "score %d is a win or a loss but the PV (%d plies) ends no game",
                    r->score, r->pv_len);
    int expected = r->depth > 0 ? r->depth : 1;
    if (r->pv_len != expected)
        return fail(why, size, "the PV has %d plies, not the %d of depth %d", r->pv_len, expected,
                    r->depth);
    return 0;
}
