/* fuzz_turn - the SDK's turn reader on hostile referee input (any bytes):
 * never a crash, a hang or an out-of-bounds access; a turn it accepts is a
 * position the rules allow (at most 12 checkers a side, a legal move list). */
#include <stdint.h>

#include "fuzz.h"
#include <stdio.h>
#include <stdlib.h>

#include "loa/loa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f)
        return 0;
    loa_turn t;
    loa_turn_init(&t);
    for (int turns = 0; turns < 64 && loa_turn_read(f, &t) == LOA_OK; turns++) {
        if (loa_popcount(t.board.pieces[0]) > 12 || loa_popcount(t.board.pieces[1]) > 12)
            abort();
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(&t.board, mv);
        if (n < 0 || n > LOA_MAX_MOVES)
            abort();
    }
    fclose(f);
    return 0;
}
