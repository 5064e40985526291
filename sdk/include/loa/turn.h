/*
 * loa/turn.h - the bot side of CodinGame's LOA protocol.
 *
 * What the referee sends each turn (reference, "Input sent to a bot"):
 *   only on the bot's first turn: its colour, `b` or `w`
 *   8 rows, rank 8 first, each 8 chars of `.bw` from file a to h
 *   lastMove: `null` (black's very first turn), `pass`, or a move `e2e3`
 *   moveCount, then that many moves, one per line, in byte order
 *   (no legal move: moveCount `1` and the single line `pass`).
 * What the bot answers: one line, the action (`e2e3`, `random` or `pass`),
 * optionally followed by a space and a comment.
 *
 * All reads are bounded (LOA_LINE_MAX per line) and strictly checked; bad
 * input is an error code plus a message naming the offending line, never a
 * crash. A loa_turn is a plain value owned by the caller; use one per game
 * and one thread at a time.
 */
#ifndef LOA_TURN_H
#define LOA_TURN_H

#include "loa/movegen.h"
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Longest input line accepted, newline excluded. Real lines are <= 8 chars. */
#define LOA_LINE_MAX 64

/* CodinGame's time limits (docs/rules.md, "Time limits"), in ms of wall
 * clock from the end of a turn's input to the answer's newline: a bot's own
 * first turn, and every later turn. */
#define LOA_FIRST_TURN_MS 1000
#define LOA_TURN_MS 150

typedef struct loa_turn {
    /* Set by loa_turn_read(). */
    loa_board board;               /* position; board.side = own colour (to move);
                              board.ply = plies played so far, counted from
                              the turns read (passes included) */
    loa_color color;               /* own colour, from the first turn's colour line */
    loa_move last_move;            /* LOA_MOVE_NONE for `null`, LOA_MOVE_PASS, or a move */
    int move_count;                /* number of entries in moves[] (>= 1) */
    loa_move moves[LOA_MAX_MOVES]; /* the referee's list, as sent (byte
                              order); the single LOA_MOVE_PASS when the bot
                              must pass. Capture flags are set from board. */
    int turns_read;                /* turns read so far (0 before the first) */
    char error[192];               /* after an error: which line, what was wrong (a 31-char
                              label, ": ", a 127-char description: never cut) */
} loa_turn;

/* Prepares t for a new game (turns_read = 0). */
void loa_turn_init(loa_turn *t);

/* Reads one whole turn from in (the colour line too on the first call).
 * Returns 0 and fills t, or:
 *   LOA_E_EOF          input ended before the turn (the game is over);
 *   LOA_E_TRUNCATED    input ended inside the turn;
 *   LOA_E_IO           read error;
 *   LOA_E_LINE_TOO_LONG a line over LOA_LINE_MAX bytes (the rest of that
 *                      line is consumed, so the stream stays in sync);
 *   LOA_E_COLOR, LOA_E_ROW_LENGTH, LOA_E_ROW_CHAR, LOA_E_LAST_MOVE,
 *   LOA_E_MOVE_COUNT, LOA_E_MOVE_LINE, LOA_E_PASS_LINE for a malformed line;
 *   LOA_E_BOARD_NO_CHECKERS when the rows leave a side without checkers;
 *   LOA_E_INVAL for NULL arguments.
 * On error t->error names the line and the offending text. A `\r` before
 * the newline is tolerated (Windows-made input files). */
int loa_turn_read(FILE *in, loa_turn *t);

/* Writes the answer line "<move>[ <comment>]\n" and flushes. m is a move or
 * LOA_MOVE_PASS; comment may be NULL. Returns 0, LOA_E_COMMENT (comment holds
 * a newline, a carriage return or is over LOA_LINE_MAX bytes: nothing is
 * written), LOA_E_INVAL (m is LOA_MOVE_NONE or out is NULL), or LOA_E_IO. */
int loa_turn_write(FILE *out, loa_move m, const char *comment);

/* Writes "random[ <comment>]\n" and flushes: the referee then plays a move
 * drawn from the game seed. Errors as loa_turn_write. */
int loa_turn_write_random(FILE *out, const char *comment);

#ifdef __cplusplus
}
#endif
#endif
