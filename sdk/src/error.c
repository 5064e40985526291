/* Error code descriptions. */
#include <stdio.h>
#include <string.h>

#include "loa/error.h"

const char *loa_strerror(int code)
{
    switch (code) {
    case LOA_OK: return "success";
    case LOA_E_INVAL: return "invalid argument";
    case LOA_E_MOVE_SYNTAX: return "not a move (expected e2e3, E2-E3 or pass)";
    case LOA_E_MOVE_SAME_SQUARE: return "move starts and ends on the same square";
    case LOA_E_BOARD_ROWS: return "board string does not have 8 rows separated by '/'";
    case LOA_E_BOARD_ROW_LENGTH: return "board row is not 8 squares long";
    case LOA_E_BOARD_CHAR: return "board square is not '.', 'b' or 'w'";
    case LOA_E_BOARD_SIDE: return "side to move is not 'b' or 'w'";
    case LOA_E_BOARD_PLY: return "ply count is not a number from 0 to 10000";
    case LOA_E_BOARD_NO_CHECKERS: return "a side has no checker";
    case LOA_E_BOARD_TRAILING: return "unexpected text after the board string";
    case LOA_E_EOF: return "end of input";
    case LOA_E_TRUNCATED: return "input ended in the middle of a turn";
    case LOA_E_IO: return "read or write error";
    case LOA_E_LINE_TOO_LONG: return "input line too long";
    case LOA_E_COLOR: return "colour line is not 'b' or 'w'";
    case LOA_E_ROW_LENGTH: return "board row is not 8 characters long";
    case LOA_E_ROW_CHAR: return "board row has a character other than '.', 'b', 'w'";
    case LOA_E_LAST_MOVE: return "lastMove is not null, pass or a move";
    case LOA_E_MOVE_COUNT: return "moveCount is not a number from 1 to 96";
    case LOA_E_MOVE_LINE: return "listed move is not a move like e2e3";
    case LOA_E_PASS_LINE: return "pass listed together with other moves";
    case LOA_E_COMMENT: return "comment holds a line break or is too long";
    case LOA_E_ILLEGAL: return "move is not legal in this position";
    default: return "unknown error";
    }
}

char *loa_describe_error(int code, const char *text, char *buf, size_t size)
{
    if (!buf || size == 0)
        return buf;
    int n = snprintf(buf, size, "%s: '", loa_strerror(code));
    if (n < 0 || (size_t)n + 5 > size)
        return buf; /* too small for any of the text: the message alone */
    size_t len = (size_t)n;
    const unsigned char *p = (const unsigned char *)(text ? text : "");
    for (; *p; p++) {
        char tmp[8];
        int k = (*p >= 0x20 && *p < 0x7F) ? (tmp[0] = (char)*p, 1)
                                          : snprintf(tmp, sizeof tmp, "\\x%02X", *p);
        if (len + (size_t)k + 5 > size) /* keep room for "...'" and the NUL */
            break;
        memcpy(buf + len, tmp, (size_t)k);
        len += (size_t)k;
    }
    if (*p) {
        memcpy(buf + len, "...", 3);
        len += 3;
    }
    buf[len++] = '\'';
    buf[len] = '\0';
    return buf;
}
