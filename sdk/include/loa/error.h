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

/* Error codes, the SDK's range -1..-99 (every component of loa-arena owns
 * one range so that a code in a log is never ambiguous). Every code is
 * distinct so that tests and callers can tell each kind of bad input apart.
 * Values are stable (part of the ABI).
 *
 * LOA_ERROR_MAP is the one table, XX(NAME, code, message) (libuv's
 * UV_ERRNO_MAP pattern): the enum (LOA_E_NAME = code) and loa_strerror() are
 * generated from it, so that a code cannot lack its message. A caller may
 * expand it too, e.g. to list every code. */
#define LOA_ERROR_MAP(XX)                                                                          \
    /* a NULL pointer or out-of-range argument */                                                  \
    XX(INVAL, -1, "invalid argument")                                                              \
    /* move text is not `e2e3` / `E2-E3` / `pass` */                                               \
    XX(MOVE_SYNTAX, -2, "not a move (expected e2e3, E2-E3 or pass)")                               \
    /* move text names the same square twice */                                                    \
    XX(MOVE_SAME_SQUARE, -3, "move starts and ends on the same square")                            \
    /* board string does not have 8 rows split by '/' */                                           \
    XX(BOARD_ROWS, -4, "board string does not have 8 rows separated by '/'")                       \
    /* a board row is not 8 characters long */                                                     \
    XX(BOARD_ROW_LENGTH, -5, "board row is not 8 squares long")                                    \
    /* a board square is not one of `.`, `b`, `w` */                                               \
    XX(BOARD_CHAR, -6, "board square is not '.', 'b' or 'w'")                                      \
    /* side to move is not `b` or `w` */                                                           \
    XX(BOARD_SIDE, -7, "side to move is not 'b' or 'w'")                                           \
    /* optional ply field is not a number in 0..10000 */                                           \
    XX(BOARD_PLY, -8, "ply count is not a number from 0 to 10000")                                 \
    /* a side has no checker (never happens in LOA) */                                             \
    XX(BOARD_NO_CHECKERS, -9, "a side has no checker")                                             \
    /* extra text after the board string */                                                        \
    XX(BOARD_TRAILING, -10, "unexpected text after the board string")                              \
    /* end of input before a turn started (game over) */                                           \
    XX(EOF, -11, "end of input")                                                                   \
    /* end of input in the middle of a turn */                                                     \
    XX(TRUNCATED, -12, "input ended in the middle of a turn")                                      \
    /* read or write error on the stream (see errno) */                                            \
    XX(IO, -13, "read or write error")                                                             \
    /* an input line exceeds LOA_LINE_MAX bytes */                                                 \
    XX(LINE_TOO_LONG, -14, "input line too long")                                                  \
    /* first-turn colour line is not `b` or `w` */                                                 \
    XX(COLOR, -15, "colour line is not 'b' or 'w'")                                                \
    /* a protocol board row is not 8 characters */                                                 \
    XX(ROW_LENGTH, -16, "board row is not 8 characters long")                                      \
    /* a protocol board row has a char not in `.bw` */                                             \
    XX(ROW_CHAR, -17, "board row has a character other than '.', 'b', 'w'")                        \
    /* lastMove is not `null`, `pass` or a move */                                                 \
    XX(LAST_MOVE, -18, "lastMove is not null, pass or a move")                                     \
    /* moveCount is not an integer in 1..LOA_MAX_MOVES */                                          \
    XX(MOVE_COUNT, -19, "moveCount is not a number from 1 to 96")                                  \
    /* a listed legal move is not a valid `e2e3` move */                                           \
    XX(MOVE_LINE, -20, "listed move is not a move like e2e3")                                      \
    /* `pass` listed where it is not the single move */                                            \
    XX(PASS_LINE, -21, "pass listed together with other moves")                                    \
    /* answer comment contains a newline or NUL */                                                 \
    XX(COMMENT, -22, "comment holds a line break or is too long")                                  \
    /* move is not legal in the position */                                                        \
    XX(ILLEGAL, -23, "move is not legal in this position")                                         \
    /* a side has more than LOA_MAX_CHECKERS checkers: no LOA game reaches it, and move lists    \
     * are sized for 12 */ \
    XX(BOARD_TOO_MANY, -24, "a side has more than 12 checkers (never happens in LOA)")             \
    /* a network's weights file refused (loa/nn.h: the field and why in loa_nn.error) */           \
    XX(NN_FILE, -25, "bad network file")

enum loa_error {
    LOA_OK = 0,
#define LOA_XX(name, code, text) LOA_E_##name = code,
    LOA_ERROR_MAP(LOA_XX)
#undef LOA_XX
};

/* Fixed English description of an error code: the map's message, "success"
 * for LOA_OK, "unknown error" for a value that is not a LOA_E* code.
 * Returns a static string: never free it. Thread-safe. */
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
