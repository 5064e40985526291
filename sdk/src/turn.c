/* turn.c - the bot side of the protocol (loa/turn.h): one turn read from
 * stdin, every line bounded and checked, a malformed one named by its code
 * (a bot is also fed by hand, by tests and by other referees), and the
 * answer written and flushed at once (an answer left in a buffer never
 * reaches the referee: a timeout). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "loa/error.h"
#include "loa/notation.h"
#include "loa/turn.h"

void loa_turn_init(loa_turn *t)
{
    memset(t, 0, sizeof *t);
}

/* Reads one line of at most LOA_LINE_MAX bytes into buf (LOA_LINE_MAX + 1
 * bytes), without its "\n" or "\r\n". A last line without a newline counts.
 * Returns its length, LOA_E_EOF when the stream ended before any byte,
 * LOA_E_IO, or LOA_E_LINE_TOO_LONG after consuming the rest of the line (so
 * the next read starts on the next line); buf then holds the first bytes. */
static int read_line(FILE *in, char *buf)
{
    size_t len = 0;
    int c, too_long = 0;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (len < LOA_LINE_MAX)
            buf[len++] = (char)c;
        else
            too_long = 1;
    }
    buf[len] = '\0';
    if (c == EOF && ferror(in))
        return LOA_E_IO;
    if (c == EOF && len == 0 && !too_long)
        return LOA_E_EOF;
    if (too_long)
        return LOA_E_LINE_TOO_LONG;
    if (len > 0 && buf[len - 1] == '\r')
        buf[--len] = '\0';
    return (int)len;
}

/* Records "<what>: <description of code with the text>" and returns code. */
static int fail(loa_turn *t, int code, const char *what, const char *text)
{
    char desc[128];
    snprintf(t->error, sizeof t->error, "%s: %s", what,
             loa_describe_error(code, text, desc, sizeof desc));
    return code;
}

/* Reads the next line of a turn; end of input here means a cut-off turn. */
static int next_line(FILE *in, loa_turn *t, char *buf, const char *what, int first)
{
    int n = read_line(in, buf);
    if (n == LOA_E_EOF && !first)
        n = LOA_E_TRUNCATED;
    if (n < 0)
        return fail(t, n, what, n == LOA_E_IO ? strerror(errno) : buf);
    return n;
}

/* The 8 board rows (rank 8 first) into b's checkers, then their counts
 * checked. first: the stream may end before the first row (no colour line
 * came before it). Returns LOA_OK or the error. */
static int read_board(FILE *in, loa_turn *t, char *line, loa_board *b, int first)
{
    char what[32];
    int n;
    for (int row = 0; row < 8; row++) {
        snprintf(what, sizeof what, "board row %d (rank %d)", row + 1, 8 - row);
        if ((n = next_line(in, t, line, what, first && row == 0)) < 0)
            return n;
        if (n != 8)
            return fail(t, LOA_E_ROW_LENGTH, what, line);
        for (int file = 0; file < 8; file++) {
            int sq = LOA_SQUARE(file, 7 - row);
            if (line[file] == 'b')
                b->pieces[LOA_BLACK] |= LOA_BIT(sq);
            else if (line[file] == 'w')
                b->pieces[LOA_WHITE] |= LOA_BIT(sq);
            else if (line[file] != '.')
                return fail(t, LOA_E_ROW_CHAR, what, line);
        }
    }
    if (!b->pieces[LOA_BLACK] || !b->pieces[LOA_WHITE])
        return fail(t, LOA_E_BOARD_NO_CHECKERS, "board", "");
    if (loa_popcount(b->pieces[LOA_BLACK]) > LOA_MAX_CHECKERS ||
        loa_popcount(b->pieces[LOA_WHITE]) > LOA_MAX_CHECKERS)
        return fail(t, LOA_E_BOARD_TOO_MANY, "board", "");
    return LOA_OK;
}

/* The lines in their order: the colour (first turn only), the board
 * (read_board), lastMove, moveCount, the moves. */
int loa_turn_read(FILE *in, loa_turn *t)
{
    if (!in || !t)
        return LOA_E_INVAL;
    char line[LOA_LINE_MAX + 1], what[32];
    int n, first = 1;
    t->error[0] = '\0';

    loa_color color = t->color;
    if (t->turns_read == 0) {
        if ((n = next_line(in, t, line, "colour line", 1)) < 0)
            return n;
        first = 0;
        if (strcmp(line, "b") != 0 && strcmp(line, "w") != 0)
            return fail(t, LOA_E_COLOR, "colour line", line);
        color = line[0] == 'b' ? LOA_BLACK : LOA_WHITE;
    }

    loa_board b = {{0, 0}, color, 0};
    if ((n = read_board(in, t, line, &b, first)) < 0)
        return n;

    loa_move last;
    if ((n = next_line(in, t, line, "lastMove", 0)) < 0)
        return n;
    if (strcmp(line, "null") == 0 && t->turns_read == 0)
        last = LOA_MOVE_NONE;
    else if (loa_move_parse(line, &last) != LOA_OK)
        return fail(t, LOA_E_LAST_MOVE, "lastMove", line);

    if ((n = next_line(in, t, line, "moveCount", 0)) < 0)
        return n;
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (line[i] < '0' || line[i] > '9' || i >= 3) {
            count = -1;
            break;
        }
        count = count * 10 + (line[i] - '0');
    }
    if (n == 0 || count < 1 || count > LOA_MAX_MOVES)
        return fail(t, LOA_E_MOVE_COUNT, "moveCount", line);

    for (int i = 0; i < count; i++) {
        snprintf(what, sizeof what, "move %d of %d", i + 1, count);
        if ((n = next_line(in, t, line, what, 0)) < 0)
            return n;
        loa_move m;
        if (loa_move_parse(line, &m) != LOA_OK)
            return fail(t, LOA_E_MOVE_LINE, what, line);
        if (m == LOA_MOVE_PASS && count != 1)
            return fail(t, LOA_E_PASS_LINE, what, line);
        if (m != LOA_MOVE_PASS && (b.pieces[color ^ 1] >> LOA_MOVE_TO(m) & 1))
            m |= LOA_MOVE_CAPTURE;
        t->moves[i] = m;
    }

    /* Plies so far: two per earlier turn of ours, plus black's first ply
     * when we are white. */
    b.ply = 2 * t->turns_read + (color == LOA_WHITE);
    t->board = b;
    t->color = color;
    t->last_move = last;
    t->move_count = count;
    t->turns_read++;
    return LOA_OK;
}

static int write_line(FILE *out, const char *action, const char *comment)
{
    if (comment && (strpbrk(comment, "\r\n") || strlen(comment) > LOA_LINE_MAX))
        return LOA_E_COMMENT;
    int rc = comment && comment[0] ? fprintf(out, "%s %s\n", action, comment)
                                   : fprintf(out, "%s\n", action);
    if (rc < 0 || fflush(out) != 0)
        return LOA_E_IO;
    return LOA_OK;
}

int loa_turn_write(FILE *out, loa_move m, const char *comment)
{
    char buf[LOA_MOVE_STRING_MAX];
    if (!out || m == LOA_MOVE_NONE)
        return LOA_E_INVAL;
    return write_line(out, loa_move_format(m, buf), comment);
}

int loa_turn_write_random(FILE *out, const char *comment)
{
    if (!out)
        return LOA_E_INVAL;
    return write_line(out, "random", comment);
}
