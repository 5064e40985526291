/*
 * loa/error.h - error codes shared by every SDK function that can fail.
 *
 * Convention (as in libuv): a function that can fail returns an int, 0 on
 * success and one of the negative LOA_E* codes below on failure; it never
 * exits and never prints. loa_strerror() turns a code into a fixed English
 * sentence. Parsers that read text also say *which* text was bad: see the
 * `error` buffer of loa_turn (turn.h) and loa_describe_error().
 */
#ifndef LOA_ERROR_H
#define LOA_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes. Every code is distinct so that tests and callers can tell
 * each kind of bad input apart. Values are stable (part of the ABI). */
enum loa_error {
    LOA_OK = 0,
    LOA_E_INVAL = -1,            /* a NULL pointer or out-of-range argument */
    LOA_E_MOVE_SYNTAX = -2,      /* move text is not `e2e3` / `E2-E3` / `pass` */
    LOA_E_MOVE_SAME_SQUARE = -3, /* move text names the same square twice */
    LOA_E_BOARD_ROWS = -4,       /* board string does not have 8 rows split by '/' */
    LOA_E_BOARD_ROW_LENGTH = -5, /* a board row is not 8 characters long */
    LOA_E_BOARD_CHAR = -6,       /* a board square is not one of `.`, `b`, `w` */
    LOA_E_BOARD_SIDE = -7,       /* side to move is not `b` or `w` */
    LOA_E_BOARD_PLY = -8,        /* optional ply field is not a number in 0..10000 */
    LOA_E_BOARD_NO_CHECKERS = -9,/* a side has no checker (never happens in LOA) */
    LOA_E_BOARD_TRAILING = -10,  /* extra text after the board string */
    LOA_E_EOF = -11,             /* end of input before a turn started (game over) */
    LOA_E_TRUNCATED = -12,       /* end of input in the middle of a turn */
    LOA_E_IO = -13,              /* read or write error on the stream (see errno) */
    LOA_E_LINE_TOO_LONG = -14,   /* an input line exceeds LOA_LINE_MAX bytes */
    LOA_E_COLOR = -15,           /* first-turn colour line is not `b` or `w` */
    LOA_E_ROW_LENGTH = -16,      /* a protocol board row is not 8 characters */
    LOA_E_ROW_CHAR = -17,        /* a protocol board row has a char not in `.bw` */
    LOA_E_LAST_MOVE = -18,       /* lastMove is not `null`, `pass` or a move */
    LOA_E_MOVE_COUNT = -19,      /* moveCount is not an integer in 1..LOA_MAX_MOVES */
    LOA_E_MOVE_LINE = -20,       /* a listed legal move is not a valid `e2e3` move */
    LOA_E_PASS_LINE = -21,       /* `pass` listed where it is not the single move */
    LOA_E_COMMENT = -22,         /* answer comment contains a newline or NUL */
    LOA_E_ILLEGAL = -23          /* move is not legal in the position */
};

/* Fixed English description of an error code ("unknown error" for a value
 * that is not a LOA_E* code). Returns a static string: never free it.
 * Thread-safe. */
const char *loa_strerror(int code);

/* Formats "<loa_strerror(code)>: '<text>'" into buf (always NUL-terminated
 * when size > 0; text is cut to fit and non-printable bytes are shown as
 * \xNN so that hostile input cannot garble a terminal). Returns buf.
 * Thread-safe; buf is owned by the caller. */
char *loa_describe_error(int code, const char *text, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
