/* fuzz_answer - the referee's judging of one answer line (any bytes) in the
 * start position: never a crash; an accepted move is one of the legal ones. */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>

#include "answer.h"
#include "loa/loa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    loa_board b;
    loa_board_init(&b);
    loa_move gen[LOA_MAX_MOVES];
    int n = loa_generate_moves_cg(&b, gen);
    loa_jrandom rng;
    loa_jrandom_seed(&rng, 7);
    ref_answer a;
    ref_answer_judge((const char *)data, size, gen, n, &rng, &a);
    if (a.invalid == REF_REASON_NONE && a.move != LOA_MOVE_PASS) {
        int found = 0;
        for (int i = 0; i < n; i++)
            found |= LOA_MOVE_SQUARES(gen[i]) == LOA_MOVE_SQUARES(a.move);
        if (!found)
            abort();
    }
    return 0;
}
