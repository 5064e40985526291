/* fuzz_notation - the board-string and move-notation parsers (any bytes):
 * never a crash; an accepted board formats back to a string that parses to
 * the same board, an accepted move to a move that parses again. */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    loa_board b, again;
    if (loa_board_parse(text, &b) == LOA_OK) {
        char s[LOA_BOARD_STRING_MAX];
        loa_board_format(&b, s, sizeof s);
        if (loa_board_parse(s, &again) != LOA_OK ||
            memcmp(b.pieces, again.pieces, sizeof b.pieces) != 0 || b.side != again.side)
            abort();
    }
    loa_move m, m2;
    if (loa_move_parse(text, &m) == LOA_OK) {
        char s[LOA_MOVE_STRING_MAX];
        if (loa_move_parse(loa_move_format(m, s), &m2) != LOA_OK ||
            LOA_MOVE_SQUARES(m) != LOA_MOVE_SQUARES(m2))
            abort();
    }
    loa_move_parse_olympiad(text, &m);
    free(text);
    return 0;
}
